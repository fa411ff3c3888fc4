/*
 * hostfacts: the host's own facts, one reader each (see sysinfo.h): its
 * CPUs, memory and load, the CPUs a process may run on, the cpufreq
 * governor, THP, the caches, the kernel's command line and modules, the
 * emulator a program runs under, a disk's read-ahead.
 *
 * Linux's /proc where it exists, sysconf, uname and getloadavg otherwise.
 * A board may lack any file (no "cpu MHz" on most ARM kernels, no
 * /proc at all in a chroot): every reader then answers "unknown" or 0.
 */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#ifdef HAVE_SCHED_GETAFFINITY
# include <sched.h>
#endif
#ifdef HAVE_SYS_SYSINFO_H
# include <sys/sysinfo.h>
#endif
#ifdef __linux__
# include <sys/sysmacros.h>
#endif

#include "core/compat.h"
#include "core/output.h"
#include "host/procfs.h"
#include "host/sysinfo.h"

#define CPUINFO "/proc/cpuinfo"

/* A number of kB from /proc/meminfo's line key, or 0 when absent. */
static uint64_t
meminfo_kb(const char *key)
{
	const char *keys[1], *p;
	char buf[64];
	unsigned long long kb;

	keys[0] = key;
	if (procfs_find("/proc/meminfo", keys, 1, buf, sizeof(buf)) < 0)
		return 0;
	p = buf;
	if (procfs_ull(&p, 10, &kb) != 0)
		return 0;
	return (uint64_t)kb;
}

int
sysinfo_online_cpus(void)
{
#if defined(HAVE_SYSCONF) && defined(_SC_NPROCESSORS_ONLN)
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	if (n >= 1)
		return n > 1000000 ? 1000000 : (int)n;
#endif
	return 1;
}

double
sysinfo_loadavg(void)
{
	double load[1];
	char line[128];
	const char *p = line;
	FILE *f;

#ifdef HAVE_GETLOADAVG
	if (getloadavg(load, 1) == 1 && load[0] >= 0)
		return load[0];
#endif
	f = procfs_fopen("/proc/loadavg");
	if (f == NULL)
		return -1;
	if (procfs_read_line(f, line, sizeof(line)) != 0 || procfs_dbl(&p, &load[0]) != 0 || load[0] < 0)
		load[0] = -1;
	fclose(f);
	return load[0];
}

uint64_t
sysinfo_mem_bytes(void)
{
	uint64_t kb;

	/*
	 * /proc/meminfo first: a 32-bit glibc's sysconf(_SC_PHYS_PAGES)
	 * wraps on a host with more than 4 GB (seen under qemu-user).
	 */
	kb = meminfo_kb("MemTotal");
	if (kb > 0 && kb <= UINT64_MAX / 1024)
		return kb * 1024;
#if defined(HAVE_SYSCONF) && defined(_SC_PHYS_PAGES) && defined(_SC_PAGESIZE)
	{
		long pages = sysconf(_SC_PHYS_PAGES);
		long size = sysconf(_SC_PAGESIZE);

		if (pages > 0 && size > 0
		    && (uint64_t)pages <= UINT64_MAX / (uint64_t)size)
			return (uint64_t)pages * (uint64_t)size;
	}
#endif
#ifdef HAVE_SYS_SYSINFO_H
	{
		struct sysinfo si;

		if (sysinfo(&si) == 0 && si.totalram > 0)
			return (uint64_t)si.totalram * (si.mem_unit ? si.mem_unit : 1);
	}
#endif
	return 0;
}

uint64_t
sysinfo_mem_available(void)
{
	uint64_t kb;

	/* MemAvailable counts reclaimable cache; kernels before 3.14 lack it. */
	kb = meminfo_kb("MemAvailable");
	if (kb == 0)
		kb = meminfo_kb("MemFree");
	if (kb > 0 && kb <= UINT64_MAX / 1024)
		return kb * 1024;
#if defined(HAVE_SYSCONF) && defined(_SC_AVPHYS_PAGES) && defined(_SC_PAGESIZE)
	{
		long pages = sysconf(_SC_AVPHYS_PAGES);
		long size = sysconf(_SC_PAGESIZE);

		if (pages > 0 && size > 0
		    && (uint64_t)pages <= UINT64_MAX / (uint64_t)size)
			return (uint64_t)pages * (uint64_t)size;
	}
#endif
#ifdef HAVE_SYS_SYSINFO_H
	{
		struct sysinfo si;

		if (sysinfo(&si) == 0 && si.freeram > 0)
			return (uint64_t)si.freeram * (si.mem_unit ? si.mem_unit : 1);
	}
#endif
	return 0;
}

/* ARM Ltd. cores by "CPU part", for kernels that print no model name. */
static const struct {
	unsigned part;
	const char *name;
} arm_parts[] = {
	{ 0xb02, "ARM11 MPCore" },
	{ 0xb36, "ARM1136" },
	{ 0xb56, "ARM1156" },
	{ 0xb76, "ARM1176" },
	{ 0xc05, "Cortex-A5" },
	{ 0xc07, "Cortex-A7" },
	{ 0xc08, "Cortex-A8" },
	{ 0xc09, "Cortex-A9" },
	{ 0xc0d, "Cortex-A12" },
	{ 0xc0e, "Cortex-A17" },
	{ 0xc0f, "Cortex-A15" },
	{ 0xd01, "Cortex-A32" },
	{ 0xd03, "Cortex-A53" },
	{ 0xd04, "Cortex-A35" },
	{ 0xd05, "Cortex-A55" },
	{ 0xd07, "Cortex-A57" },
	{ 0xd08, "Cortex-A72" },
	{ 0xd09, "Cortex-A73" },
	{ 0xd0a, "Cortex-A75" },
	{ 0xd0b, "Cortex-A76" },
	{ 0xd0c, "Neoverse-N1" },
	{ 0xd0d, "Cortex-A77" },
	{ 0xd40, "Neoverse-V1" },
	{ 0xd41, "Cortex-A78" },
	{ 0xd44, "Cortex-X1" },
	{ 0xd46, "Cortex-A510" },
	{ 0xd47, "Cortex-A710" },
	{ 0xd48, "Cortex-X2" },
	{ 0xd49, "Neoverse-N2" },
	{ 0xd4b, "Cortex-A78C" },
	{ 0xd4d, "Cortex-A715" },
	{ 0xd4e, "Cortex-X3" },
	{ 0xd4f, "Neoverse-V2" },
	{ 0xd80, "Cortex-A520" },
	{ 0xd81, "Cortex-A720" },
	{ 0xd82, "Cortex-X4" },
};

/*
 * aarch64 kernels (and some 32-bit ARM ones) print only numbers:
 * "CPU implementer : 0x41", "CPU part : 0xd08".  Name the ARM Ltd. ones,
 * show the numbers for the rest.  Returns 0, or -1 with nothing found.
 */
static int
arm_part_name(char *buf, size_t len)
{
	static const char *const impl_key[] = { "CPU implementer" };
	static const char *const part_key[] = { "CPU part" };
	char impl[32], part[32];
	unsigned long i, p;
	size_t k;

	if (procfs_find(CPUINFO, part_key, 1, part, sizeof(part)) < 0)
		return -1;
	if (procfs_find(CPUINFO, impl_key, 1, impl, sizeof(impl)) < 0)
		procfs_copy_str(impl, sizeof(impl), "?");
	i = strtoul(impl, NULL, 0);
	p = strtoul(part, NULL, 0);
	if (i == 0x41)
		for (k = 0; k < HB_ARRAY_SIZE(arm_parts); k++)
			if (arm_parts[k].part == p) {
				snprintf(buf, len, "ARM %s", arm_parts[k].name);
				return 0;
			}
	snprintf(buf, len, "implementer %s part %s", impl, part);
	return 0;
}

void
sysinfo_cpu_model(char *buf, size_t len)
{
	/*
	 * x86 and newer ARM kernels: "model name"; older ARM: "Processor"
	 * (capital P; lower-case "processor" is the CPU number); MIPS:
	 * "cpu model"; PowerPC: "cpu"; RISC-V: "uarch".  The board
	 * ("Hardware", MIPS "system type") only when nothing names the CPU.
	 */
	static const char *const model_keys[] = {
		"model name", "Processor", "cpu model", "cpu", "uarch"
	};
	static const char *const board_keys[] = { "Hardware", "system type" };

	if (len == 0)
		return;
	if (procfs_find(CPUINFO, model_keys, HB_ARRAY_SIZE(model_keys), buf, len) >= 0)
		return;
	if (arm_part_name(buf, len) == 0)
		return;
	if (procfs_find(CPUINFO, board_keys, HB_ARRAY_SIZE(board_keys), buf, len) >= 0)
		return;
	procfs_copy_str(buf, len, "unknown");
}

double
sysinfo_cpu_mhz(void)
{
	/* x86 (and s390): "cpu MHz"; PowerPC: "clock : 1500.000000MHz". */
	static const char *const keys[] = { "cpu MHz", "clock" };
	char buf[64];
	const char *p = buf;
	double mhz;

	if (procfs_find(CPUINFO, keys, HB_ARRAY_SIZE(keys), buf, sizeof(buf)) < 0)
		return 0;
	if (procfs_dbl(&p, &mhz) != 0 || !(mhz > 0 && mhz < 1e6))
		return 0;
	return mhz;
}

void
sysinfo_affinity(char *buf, size_t len)
{
#ifdef HAVE_SCHED_GETAFFINITY
	cpu_set_t set;
	size_t pos = 0;
	int cpu, first = -1;

	if (len == 0)
		return;
	CPU_ZERO(&set);
	if (sched_getaffinity(0, sizeof(set), &set) != 0)
		goto unknown;
	buf[0] = '\0';
	/* One past the end closes the last range. */
	for (cpu = 0; cpu <= CPU_SETSIZE; cpu++) {
		/* cpu counts up from 0: the conversion cannot change its sign. */
		int in = cpu < CPU_SETSIZE && CPU_ISSET((size_t)cpu, &set);

		if (in && first < 0)
			first = cpu;
		else if (!in && first >= 0) {
			if (procfs_append_range(buf, len, &pos, first, cpu - 1) != 0)
				goto unknown;
			first = -1;
		}
	}
	if (pos > 0)
		return;
unknown:
#endif
	procfs_copy_str(buf, len, "unknown");
}

static int
cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* A name of all digits after prefix ("cpu12" with "cpu"): its number, else -1. */
static int
numbered(const char *name, const char *prefix)
{
	size_t n = strlen(prefix);
	const char *p;
	long v;

	if (strncmp(name, prefix, n) != 0 || name[n] == '\0')
		return -1;
	for (p = name + n; *p != '\0'; p++)
		if (!isdigit((unsigned char)*p))
			return -1;
	v = strtol(name + n, NULL, 10);
	return v >= 0 && v < INT_MAX ? (int)v : -1;
}

#define MAX_GOVERNORS 8

void
sysinfo_governor(char *buf, size_t len)
{
	char path[PROCFS_PATH_LEN], gov[32], list[256], item[OUTPUT_MAX_VALUE];
	char names[MAX_GOVERNORS][32];
	int *cpus, *govs, *mine;
	size_t ncpus = 0, nnames = 0, i, k, nmine, pos = 0;
	struct dirent *e;
	DIR *d;

	if (len == 0)
		return;
	procfs_copy_str(buf, len, "unknown");
	if (procfs_path(path, sizeof(path), "/sys/devices/system/cpu") != 0)
		return;
	d = opendir(path);
	if (d == NULL)
		return;
	cpus = malloc(3 * PROCFS_MAX_CPUS * sizeof(*cpus));
	if (cpus == NULL) {
		closedir(d);
		return;
	}
	govs = cpus + PROCFS_MAX_CPUS;
	mine = govs + PROCFS_MAX_CPUS;
	while ((e = readdir(d)) != NULL && ncpus < PROCFS_MAX_CPUS) {
		int c = numbered(e->d_name, "cpu");

		if (c >= 0)
			cpus[ncpus++] = c;
	}
	closedir(d);
	qsort(cpus, ncpus, sizeof(*cpus), cmp_int);

	/* Keep the CPUs that tell (offline ones and VMs often do not). */
	for (i = k = 0; i < ncpus; i++) {
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu%d/cpufreq/scaling_governor", cpus[i]);
		if (procfs_first_line(path, gov, sizeof(gov)) != 0 || gov[0] == '\0')
			continue;
		for (nmine = 0; nmine < nnames; nmine++)
			if (strcmp(names[nmine], gov) == 0)
				break;
		if (nmine == nnames) {
			/* More kinds than slots: the rest share the last one. */
			if (nnames == MAX_GOVERNORS)
				procfs_copy_str(names[--nmine], sizeof(names[0]), "other");
			else
				procfs_copy_str(names[nnames++], sizeof(names[0]), gov);
		}
		cpus[k] = cpus[i];
		govs[k++] = (int)nmine;
	}
	ncpus = k;
	if (ncpus == 0)
		goto out;
	if (nnames == 1) {
		procfs_copy_str(buf, len, names[0]);
		goto out;
	}
	buf[0] = '\0';
	for (k = 0; k < nnames; k++) {
		for (i = nmine = 0; i < ncpus; i++)
			if (govs[i] == (int)k)
				mine[nmine++] = cpus[i];
		if (procfs_format_cpus(list, sizeof(list), mine, nmine) != 0)
			procfs_copy_str(list, sizeof(list), "?");
		snprintf(item, sizeof(item), "%s=%s", names[k], list);
		if (procfs_append_item(buf, len, &pos, item) != 0)
			break;
	}
out:
	free(cpus);
}

void
sysinfo_thp(char *buf, size_t len)
{
	char line[PROCFS_LINE_LEN];
	char *lb, *rb;

	if (len == 0)
		return;
	if (procfs_first_line("/sys/kernel/mm/transparent_hugepage/enabled",
			    line, sizeof(line)) != 0 || line[0] == '\0') {
		procfs_copy_str(buf, len, "unknown");
		return;
	}
	/* "always [madvise] never": the bracketed word is the mode in force. */
	lb = strchr(line, '[');
	rb = lb != NULL ? strchr(lb, ']') : NULL;
	if (lb != NULL && rb != NULL && rb > lb + 1) {
		*rb = '\0';
		procfs_copy_str(buf, len, lb + 1);
	} else {
		procfs_copy_str(buf, len, line);
	}
}

/* CPUs in a list "0-3,8": 0 when it reads as none. */
static unsigned
cpus_in(const char *list)
{
	unsigned n = 0;
	unsigned long long lo, hi;

	while (procfs_ull(&list, 10, &lo) == 0) {
		hi = lo;
		if (*list == '-') {
			list++;
			if (procfs_ull(&list, 10, &hi) != 0)
				hi = lo;
		}
		n += hi >= lo && hi - lo < 1000000 ? (unsigned)(hi - lo + 1) : 0;
		if (*list != ',')
			break;
		list++;
	}
	return n;
}

/* A cache attribute of CPU 0's index idx: its first line; 0 or -1. */
static int
cache_attr(unsigned idx, const char *file, char *buf, size_t len)
{
	char path[96];

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu0/cache/index%u/%s", idx, file);
	return procfs_first_line(path, buf, len);
}

size_t
sysinfo_caches(struct sysinfo_cache *caches, size_t max)
{
	char buf[256];
	size_t n = 0;
	unsigned idx;

	/* The indexes are numbered from 0 without gaps. */
	for (idx = 0; idx < 16 && n < max; idx++) {
		struct sysinfo_cache *c = &caches[n];
		unsigned long long v;
		const char *p;
		char unit;

		if (cache_attr(idx, "type", c->type, sizeof(c->type)) != 0)
			break;
		if (strcmp(c->type, "Instruction") == 0)
			continue;
		if (cache_attr(idx, "level", buf, sizeof(buf)) != 0 || (p = buf, procfs_ull(&p, 10, &v)) != 0
		    || v == 0 || v > 16)
			continue;
		c->level = (unsigned)v;
		/* "32768K"; a kernel may write M or G, or plain bytes. */
		if (cache_attr(idx, "size", buf, sizeof(buf)) != 0 || (p = buf, procfs_ull(&p, 10, &v)) != 0
		    || v == 0 || v > 1ull << 40)
			continue;
		unit = *p;
		c->size = unit == 'K' ? v << 10 : unit == 'M' ? v << 20 : unit == 'G' ? v << 30 : v;
		if (cache_attr(idx, "coherency_line_size", buf, sizeof(buf)) != 0
		    || (p = buf, procfs_ull(&p, 10, &v)) != 0 || v > 1u << 20)
			c->line = 0;
		else
			c->line = (unsigned)v;
		c->shared = cache_attr(idx, "shared_cpu_list", buf, sizeof(buf)) == 0 ? cpus_in(buf) : 0;
		n++;
	}
	return n;
}

void
sysinfo_cmdline(char *buf, size_t len)
{
	size_t n, i;
	int cut = 0, c;
	FILE *f;

	if (len == 0)
		return;
	f = procfs_fopen("/proc/cmdline");
	if (f == NULL) {
		procfs_copy_str(buf, len, "unknown");
		return;
	}
	/* Read whole, not by line: no limit but buf's, and a cut that shows. */
	n = fread(buf, 1, len - 1, f);
	if (n > 0 && n == len - 1 && buf[n - 1] != '\n' && (c = getc(f)) != EOF)
		cut = c != '\n' || getc(f) != EOF;
	fclose(f);
	buf[n] = '\0';
	/* One line of the result file: a control character (none is expected) reads as a blank. */
	for (i = 0; i < n; i++)
		if (iscntrl((unsigned char)buf[i]))
			buf[i] = ' ';
	while (n > 0 && buf[n - 1] == ' ')
		buf[--n] = '\0';
	/* "key: value" has one blank after the colon. */
	for (i = 0; i < n && buf[i] == ' '; i++)
		;
	if (i > 0) {
		memmove(buf, buf + i, n - i + 1);
		n -= i;
	}
	if (cut && len > 4) {
		/* More than buf holds (s390 takes up to 1 MB): cut, and said so. */
		if (n > len - 4)
			n = len - 4;
		memcpy(buf + n, "...", 4);
	} else if (n == 0) {
		procfs_copy_str(buf, len, "none");
	}
}

#define MAX_MODULES 4096
#define MODULE_NAME_LEN 64	/* the kernel's MODULE_NAME_LEN */

void
sysinfo_modules(char *buf, size_t len)
{
	char line[PROCFS_LINE_LEN];
	char (*names)[MODULE_NAME_LEN] = NULL, (*grown)[MODULE_NAME_LEN];
	size_t n = 0, cap = 0, i, pos = 0;
	FILE *f;

	if (len == 0)
		return;
	procfs_copy_str(buf, len, "unknown");
	f = procfs_fopen("/proc/modules");
	if (f == NULL)
		return;
	/* "nf_conntrack 176128 3 nft_ct,nf_nat, Live 0x0": the first word. */
	while (procfs_read_line(f, line, sizeof(line)) == 0 && n < MAX_MODULES) {
		size_t w = strcspn(line, " \t");

		if (w == 0 || w >= MODULE_NAME_LEN)
			continue;
		if (n == cap) {
			cap = cap > 0 ? 2 * cap : 64;
			grown = realloc(names, cap * sizeof(*names));
			if (grown == NULL) {
				free(names);
				fclose(f);
				return;
			}
			names = grown;
		}
		memcpy(names[n], line, w);
		names[n++][w] = '\0';
	}
	fclose(f);
	/* Sorted, so two runs with the same modules read alike whatever the load order. */
	if (n > 0)
		qsort(names, n, sizeof(*names), procfs_cmp_str);
	procfs_copy_str(buf, len, n > 0 ? "" : "none");
	for (i = 0; i < n; i++)
		if (procfs_append_item(buf, len, &pos, names[i]) != 0)
			break;
	free(names);
}

#define BINFMT_DIR "/proc/sys/fs/binfmt_misc"
#define BINFMT_HEAD 256		/* the kernel's BINPRM_BUF_SIZE: magic and offset fit in it */

/* Decode the hex digits of s into out (at most max bytes); their number, or -1. */
static int
unhex(const char *s, unsigned char *out, size_t max)
{
	size_t n = 0;

	for (; isxdigit((unsigned char)s[0]) && isxdigit((unsigned char)s[1]); s += 2) {
		char pair[3] = { s[0], s[1], '\0' };

		if (n == max)
			return -1;
		out[n++] = (unsigned char)strtoul(pair, NULL, 16);
	}
	return *s == '\0' ? (int)n : -1;
}

/*
 * Does the binfmt_misc entry at path (its /proc file: "enabled", then
 * "offset N", "magic HEX", "mask HEX") match the n bytes of head?
 */
static int
binfmt_matches(const char *path, const unsigned char *head, size_t n)
{
	unsigned char magic[BINFMT_HEAD], mask[BINFMT_HEAD];
	char line[PROCFS_LINE_LEN];
	int nmagic = -1, nmask = -1, enabled = 0, i;
	unsigned long off = 0;
	FILE *f;

	f = procfs_fopen(path);
	if (f == NULL)
		return 0;
	while (procfs_read_line(f, line, sizeof(line)) == 0) {
		if (strcmp(line, "enabled") == 0)
			enabled = 1;
		else if (strncmp(line, "offset ", 7) == 0)
			off = strtoul(line + 7, NULL, 10);
		else if (strncmp(line, "magic ", 6) == 0)
			nmagic = unhex(line + 6, magic, sizeof(magic));
		else if (strncmp(line, "mask ", 5) == 0)
			nmask = unhex(line + 5, mask, sizeof(mask));
	}
	fclose(f);
	/* Entries by file name extension have no magic: they never run an ELF file. */
	if (!enabled || nmagic <= 0 || off > n || (size_t)nmagic > n - off)
		return 0;
	for (i = 0; i < nmagic; i++) {
		unsigned char m = i < nmask ? mask[i] : 0xff;

		if ((head[off + (size_t)i] ^ magic[i]) & m)
			return 0;
	}
	return 1;
}

void
sysinfo_emulation(char *buf, size_t len)
{
	unsigned char head[BINFMT_HEAD];
	char path[PROCFS_PATH_LEN], status[32];
	struct dirent *e;
	size_t n;
	FILE *f;
	DIR *d;

	if (len == 0)
		return;
	/*
	 * qemu-user shows the emulated program as /proc/self/exe, so its
	 * head is the foreign binary's: the kernel ran it through the
	 * binfmt_misc entry its magic matches (the native format has none).
	 */
	f = procfs_fopen("/proc/self/exe");
	if (f == NULL) {
		procfs_copy_str(buf, len, "unknown");
		return;
	}
	n = fread(head, 1, sizeof(head), f);
	fclose(f);
	procfs_copy_str(buf, len, "none");
	if (procfs_first_line(BINFMT_DIR "/status", status, sizeof(status)) != 0
	    || strcmp(status, "enabled") != 0
	    || procfs_path(path, sizeof(path), BINFMT_DIR) != 0 || (d = opendir(path)) == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.' || strcmp(e->d_name, "status") == 0
		    || strcmp(e->d_name, "register") == 0
		    || snprintf(path, sizeof(path), BINFMT_DIR "/%s", e->d_name) >= (int)sizeof(path))
			continue;
		if (binfmt_matches(path, head, n)) {
			procfs_copy_str(buf, len, e->d_name);
			break;
		}
	}
	closedir(d);
}

#ifdef __linux__
/* sysinfo_read_ahead from /sys/dev/block/MAJ:MIN: the disk, or a partition inside its directory. */
static void
read_ahead_sysfs(dev_t dev, char *buf, size_t len)
{
	char path[PROCFS_PATH_LEN], link[PROCFS_PATH_LEN], kb[32];
	const char *name;
	ssize_t n;

	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/queue/read_ahead_kb",
		 (unsigned)major(dev), (unsigned)minor(dev));
	if (procfs_first_line(path, kb, sizeof(kb)) != 0) {
		snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/../queue/read_ahead_kb",
			 (unsigned)major(dev), (unsigned)minor(dev));
		if (procfs_first_line(path, kb, sizeof(kb)) != 0)
			return;
	}
	if (kb[0] == '\0' || strspn(kb, "0123456789") != strlen(kb))
		return;
	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u", (unsigned)major(dev),
		 (unsigned)minor(dev));
	if (procfs_path(link, sizeof(link), path) != 0
	    || (n = readlink(link, path, sizeof(path) - 1)) <= 0) {
		snprintf(buf, len, "%s kB", kb);
		return;
	}
	path[n] = '\0';
	name = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
	snprintf(buf, len, "%s kB (%s)", kb, name);
}
#endif

int
sysinfo_dev_sectors_read(dev_t dev, uint64_t *sectors)
{
#ifdef __linux__
	char path[PROCFS_PATH_LEN], line[256];
	unsigned long long rd[3];	/* reads, reads merged, sectors read */

	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/stat", (unsigned)major(dev),
		 (unsigned)minor(dev));
	if (procfs_first_line(path, line, sizeof(line)) == 0 && procfs_ulls(line, rd, 3) == 0) {
		*sectors = rd[2];
		return 0;
	}
#else
	(void)dev;
	(void)sectors;
#endif
	return -1;
}

int
sysinfo_dev_under(dev_t dev, char *file, size_t len, dev_t *under)
{
#ifdef __linux__
	char path[PROCFS_PATH_LEN], real[PROCFS_PATH_LEN], d[32];
	unsigned long long ma, mi;
	const char *p;
	struct dirent *de;
	DIR *dir;

	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/loop/backing_file",
		 (unsigned)major(dev), (unsigned)minor(dev));
	if (procfs_first_line(path, file, len) == 0 && file[0] == '/')
		return 1;
	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/slaves", (unsigned)major(dev),
		 (unsigned)minor(dev));
	if (procfs_path(real, sizeof(real), path) != 0 || (dir = opendir(real)) == NULL)
		return 0;
	while ((de = readdir(dir)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/slaves/%s/dev",
			 (unsigned)major(dev), (unsigned)minor(dev), de->d_name);
		if (procfs_first_line(path, d, sizeof(d)) == 0 && (p = d, procfs_ull(&p, 10, &ma)) == 0
		    && *p++ == ':' && procfs_ull(&p, 10, &mi) == 0) {
			closedir(dir);
			*under = makedev((unsigned)ma, (unsigned)mi);
			return 2;
		}
	}
	closedir(dir);
#else
	(void)dev;
	(void)file;
	(void)len;
	(void)under;
#endif
	return 0;
}

void
sysinfo_read_ahead(dev_t dev, char *buf, size_t len)
{
	procfs_copy_str(buf, len, "unknown");
#ifdef __linux__
	read_ahead_sysfs(dev, buf, len);
#else
	(void)dev;
#endif
}
