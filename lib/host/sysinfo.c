/*
 * sysinfo: facts about the host, one reader each (see sysinfo.h).
 *
 * Linux's /proc where it exists, sysconf, uname and getloadavg otherwise.
 * A board may lack any file (no "cpu MHz" on most ARM kernels, no
 * /proc at all in a chroot): every reader then answers "unknown" or 0.
 */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#ifdef HAVE_SCHED_GETAFFINITY
# include <sched.h>
#endif
#ifdef HAVE_SYS_SYSINFO_H
# include <sys/sysinfo.h>
#endif
#ifdef __linux__
# include <net/if.h>
# include <sys/ioctl.h>
# include <sys/socket.h>
# include <sys/sysmacros.h>
# include <sys/time.h>
#endif

#include "core/compat.h"
#include "core/output.h"
#include "host/sysinfo.h"

#define CPUINFO "/proc/cpuinfo"
#define LINE_MAX_LEN 512
#define PATH_LEN 512

/* Where /proc and /sys are read from (sysinfo_set_root); "" is "/". */
static char sys_root[256];

int
sysinfo_set_root(const char *root)
{
	size_t n = root != NULL ? strlen(root) : 0;

	/* A trailing slash would double the one every path starts with. */
	while (n > 1 && root[n - 1] == '/')
		n--;
	if (n == 1 && root[0] == '/')
		n = 0;
	if (n >= sizeof(sys_root)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if (n > 0)
		memcpy(sys_root, root, n);
	sys_root[n] = '\0';
	return 0;
}

/*
 * The path of a /proc or /sys file under the root into buf.  Returns 0,
 * or -1 when it does not fit (the caller then treats the file as absent).
 */
static int
sys_path(char *buf, size_t len, const char *path)
{
	int n = snprintf(buf, len, "%s%s", sys_root, path);

	return n < 0 || (size_t)n >= len ? -1 : 0;
}

static FILE *
sys_fopen(const char *path)
{
	char full[PATH_LEN];

	if (sys_path(full, sizeof(full), path) != 0)
		return NULL;
	return fopen(full, "r");
}

/*
 * Read the next line of f into buf without its newline.  A line longer
 * than buf (x86's "flags") is cut and its rest skipped, so it is never
 * mistaken for the next line.  Returns 0, or -1 at end of file.
 */
static int
read_line(FILE *f, char *buf, size_t len)
{
	size_t n;
	int c;

	if (fgets(buf, (int)len, f) == NULL)
		return -1;
	n = strlen(buf);
	if (n > 0 && buf[n - 1] == '\n') {
		buf[n - 1] = '\0';
		return 0;
	}
	while ((c = getc(f)) != EOF && c != '\n')
		;
	return 0;
}

static char *
trim(char *s)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

/*
 * Split "key<blanks>: value" (the /proc/cpuinfo and /proc/meminfo form).
 * Returns 0 with *key and *value pointing into line, or -1 for a line
 * with no colon.
 */
static int
split_line(char *line, char **key, char **value)
{
	char *colon = strchr(line, ':');

	if (colon == NULL)
		return -1;
	*colon = '\0';
	*key = trim(line);
	*value = trim(colon + 1);
	return 0;
}

static void
copy_str(char *buf, size_t len, const char *s)
{
	if (len == 0)
		return;
	snprintf(buf, len, "%s", s);
}

/*
 * Value of the first line whose key is one of keys (in the order of the
 * file, first key first when several lines match) into buf.  Returns the
 * index of the key found, or -1 when none is there or the file is not.
 */
static int
file_find(const char *path, const char *const *keys, size_t nkeys,
	  char *buf, size_t len)
{
	char line[LINE_MAX_LEN];
	char *key, *value;
	int best = -1;
	size_t i;
	FILE *f;

	f = sys_fopen(path);
	if (f == NULL)
		return -1;
	while (read_line(f, line, sizeof(line)) == 0) {
		if (split_line(line, &key, &value) != 0 || *value == '\0')
			continue;
		for (i = 0; i < nkeys && (best < 0 || i < (size_t)best); i++)
			if (strcmp(key, keys[i]) == 0) {
				copy_str(buf, len, value);
				best = (int)i;
				break;
			}
		if (best == 0)
			break;
	}
	fclose(f);
	return best;
}

/* A number of kB from /proc/meminfo's line key, or 0 when absent. */
static uint64_t
meminfo_kb(const char *key)
{
	const char *keys[1];
	char buf[64];
	unsigned long long kb;

	keys[0] = key;
	if (file_find("/proc/meminfo", keys, 1, buf, sizeof(buf)) < 0)
		return 0;
	if (sscanf(buf, "%llu", &kb) != 1)
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
	FILE *f;

#ifdef HAVE_GETLOADAVG
	if (getloadavg(load, 1) == 1 && load[0] >= 0)
		return load[0];
#endif
	f = sys_fopen("/proc/loadavg");
	if (f == NULL)
		return -1;
	if (fscanf(f, "%lf", &load[0]) != 1 || load[0] < 0)
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

	if (file_find(CPUINFO, part_key, 1, part, sizeof(part)) < 0)
		return -1;
	if (file_find(CPUINFO, impl_key, 1, impl, sizeof(impl)) < 0)
		copy_str(impl, sizeof(impl), "?");
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
	if (file_find(CPUINFO, model_keys, HB_ARRAY_SIZE(model_keys), buf, len) >= 0)
		return;
	if (arm_part_name(buf, len) == 0)
		return;
	if (file_find(CPUINFO, board_keys, HB_ARRAY_SIZE(board_keys), buf, len) >= 0)
		return;
	copy_str(buf, len, "unknown");
}

double
sysinfo_cpu_mhz(void)
{
	/* x86 (and s390): "cpu MHz"; PowerPC: "clock : 1500.000000MHz". */
	static const char *const keys[] = { "cpu MHz", "clock" };
	char buf[64];
	double mhz;

	if (file_find(CPUINFO, keys, HB_ARRAY_SIZE(keys), buf, sizeof(buf)) < 0)
		return 0;
	if (sscanf(buf, "%lf", &mhz) != 1 || !(mhz > 0 && mhz < 1e6))
		return 0;
	return mhz;
}

/* Append "a" or "a-b" to buf at *pos; returns -1 when it does not fit. */
static int
append_range(char *buf, size_t len, size_t *pos, int first, int last)
{
	int n;

	if (first == last)
		n = snprintf(buf + *pos, len - *pos, "%s%d", *pos ? "," : "", first);
	else
		n = snprintf(buf + *pos, len - *pos, "%s%d-%d", *pos ? "," : "",
			     first, last);
	if (n < 0 || (size_t)n >= len - *pos)
		return -1;
	*pos += (size_t)n;
	return 0;
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
			if (append_range(buf, len, &pos, first, cpu - 1) != 0)
				goto unknown;
			first = -1;
		}
	}
	if (pos > 0)
		return;
unknown:
#endif
	copy_str(buf, len, "unknown");
}

/* Format the n ascending CPU numbers as "0-3,6" into buf; -1 when it does not fit. */
static int
format_cpus(char *buf, size_t len, const int *cpus, size_t n)
{
	size_t pos = 0, i, j;

	if (len == 0)
		return -1;
	buf[0] = '\0';
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && cpus[j] == cpus[j - 1] + 1; j++)
			;
		if (append_range(buf, len, &pos, cpus[i], cpus[j - 1]) != 0)
			return -1;
	}
	return 0;
}

/*
 * Append item to the blank-separated list in buf (pos: its length).  An
 * item that does not fit ends the list with "..." instead; returns -1
 * then, so the caller can stop.
 */
static int
append_item(char *buf, size_t len, size_t *pos, const char *item)
{
	size_t n = strlen(item) + (*pos > 0);

	/* Keep room for " ..." after any item, so the cut is always marked. */
	if (*pos + n + 4 >= len) {
		if (*pos + 4 < len) {
			snprintf(buf + *pos, len - *pos, "%s...", *pos > 0 ? " " : "");
			*pos += *pos > 0 ? 4 : 3;
		}
		return -1;
	}
	snprintf(buf + *pos, len - *pos, "%s%s", *pos > 0 ? " " : "", item);
	*pos += n;
	return 0;
}

/* The first line of a /proc or /sys file into buf, trimmed; 0 or -1. */
static int
read_first_line(const char *path, char *buf, size_t len)
{
	FILE *f;
	char *s;
	int r;

	if (len == 0)
		return -1;
	f = sys_fopen(path);
	if (f == NULL)
		return -1;
	r = read_line(f, buf, len);
	fclose(f);
	if (r != 0) {
		buf[0] = '\0';	/* an empty file */
		return 0;
	}
	s = trim(buf);
	memmove(buf, s, strlen(s) + 1);
	return 0;
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

#define MAX_CPUS 4096
#define MAX_GOVERNORS 8

void
sysinfo_governor(char *buf, size_t len)
{
	char path[PATH_LEN], gov[32], list[256], item[OUTPUT_MAX_VALUE];
	char names[MAX_GOVERNORS][32];
	int *cpus, *govs, *mine;
	size_t ncpus = 0, nnames = 0, i, k, nmine, pos = 0;
	struct dirent *e;
	DIR *d;

	if (len == 0)
		return;
	copy_str(buf, len, "unknown");
	if (sys_path(path, sizeof(path), "/sys/devices/system/cpu") != 0)
		return;
	d = opendir(path);
	if (d == NULL)
		return;
	cpus = malloc(3 * MAX_CPUS * sizeof(*cpus));
	if (cpus == NULL) {
		closedir(d);
		return;
	}
	govs = cpus + MAX_CPUS;
	mine = govs + MAX_CPUS;
	while ((e = readdir(d)) != NULL && ncpus < MAX_CPUS) {
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
		if (read_first_line(path, gov, sizeof(gov)) != 0 || gov[0] == '\0')
			continue;
		for (nmine = 0; nmine < nnames; nmine++)
			if (strcmp(names[nmine], gov) == 0)
				break;
		if (nmine == nnames) {
			/* More kinds than slots: the rest share the last one. */
			if (nnames == MAX_GOVERNORS)
				copy_str(names[--nmine], sizeof(names[0]), "other");
			else
				copy_str(names[nnames++], sizeof(names[0]), gov);
		}
		cpus[k] = cpus[i];
		govs[k++] = (int)nmine;
	}
	ncpus = k;
	if (ncpus == 0)
		goto out;
	if (nnames == 1) {
		copy_str(buf, len, names[0]);
		goto out;
	}
	buf[0] = '\0';
	for (k = 0; k < nnames; k++) {
		for (i = nmine = 0; i < ncpus; i++)
			if (govs[i] == (int)k)
				mine[nmine++] = cpus[i];
		if (format_cpus(list, sizeof(list), mine, nmine) != 0)
			copy_str(list, sizeof(list), "?");
		snprintf(item, sizeof(item), "%s=%s", names[k], list);
		if (append_item(buf, len, &pos, item) != 0)
			break;
	}
out:
	free(cpus);
}

void
sysinfo_thp(char *buf, size_t len)
{
	char line[LINE_MAX_LEN];
	char *lb, *rb;

	if (len == 0)
		return;
	if (read_first_line("/sys/kernel/mm/transparent_hugepage/enabled",
			    line, sizeof(line)) != 0 || line[0] == '\0') {
		copy_str(buf, len, "unknown");
		return;
	}
	/* "always [madvise] never": the bracketed word is the mode in force. */
	lb = strchr(line, '[');
	rb = lb != NULL ? strchr(lb, ']') : NULL;
	if (lb != NULL && rb != NULL && rb > lb + 1) {
		*rb = '\0';
		copy_str(buf, len, lb + 1);
	} else {
		copy_str(buf, len, line);
	}
}

/* CPUs in a list "0-3,8": 0 when it reads as none. */
static unsigned
cpus_in(const char *list)
{
	unsigned n = 0, lo, hi;
	int used;

	while (sscanf(list, "%u%n", &lo, &used) == 1) {
		list += used;
		hi = lo;
		if (*list == '-' && sscanf(list + 1, "%u%n", &hi, &used) == 1)
			list += 1 + used;
		n += hi >= lo ? hi - lo + 1 : 0;
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
	return read_first_line(path, buf, len);
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
		char unit = '\0';

		if (cache_attr(idx, "type", c->type, sizeof(c->type)) != 0)
			break;
		if (strcmp(c->type, "Instruction") == 0)
			continue;
		if (cache_attr(idx, "level", buf, sizeof(buf)) != 0
		    || sscanf(buf, "%u", &c->level) != 1 || c->level == 0)
			continue;
		/* "32768K"; a kernel may write M or G, or plain bytes. */
		if (cache_attr(idx, "size", buf, sizeof(buf)) != 0
		    || sscanf(buf, "%llu%c", &v, &unit) < 1 || v == 0 || v > 1ull << 40)
			continue;
		c->size = unit == 'K' ? v << 10 : unit == 'M' ? v << 20 : unit == 'G' ? v << 30 : v;
		if (cache_attr(idx, "coherency_line_size", buf, sizeof(buf)) != 0
		    || sscanf(buf, "%u", &c->line) != 1)
			c->line = 0;
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
	f = sys_fopen("/proc/cmdline");
	if (f == NULL) {
		copy_str(buf, len, "unknown");
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
		copy_str(buf, len, "none");
	}
}

#define MAX_MODULES 4096
#define MODULE_NAME_LEN 64	/* the kernel's MODULE_NAME_LEN */

static int
cmp_str(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

void
sysinfo_modules(char *buf, size_t len)
{
	char line[LINE_MAX_LEN];
	char (*names)[MODULE_NAME_LEN] = NULL, (*grown)[MODULE_NAME_LEN];
	size_t n = 0, cap = 0, i, pos = 0;
	FILE *f;

	if (len == 0)
		return;
	copy_str(buf, len, "unknown");
	f = sys_fopen("/proc/modules");
	if (f == NULL)
		return;
	/* "nf_conntrack 176128 3 nft_ct,nf_nat, Live 0x0": the first word. */
	while (read_line(f, line, sizeof(line)) == 0 && n < MAX_MODULES) {
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
		qsort(names, n, sizeof(*names), cmp_str);
	copy_str(buf, len, n > 0 ? "" : "none");
	for (i = 0; i < n; i++)
		if (append_item(buf, len, &pos, names[i]) != 0)
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
	char line[LINE_MAX_LEN];
	int nmagic = -1, nmask = -1, enabled = 0, i;
	unsigned long off = 0;
	FILE *f;

	f = sys_fopen(path);
	if (f == NULL)
		return 0;
	while (read_line(f, line, sizeof(line)) == 0) {
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
	char path[PATH_LEN], status[32];
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
	f = sys_fopen("/proc/self/exe");
	if (f == NULL) {
		copy_str(buf, len, "unknown");
		return;
	}
	n = fread(head, 1, sizeof(head), f);
	fclose(f);
	copy_str(buf, len, "none");
	if (read_first_line(BINFMT_DIR "/status", status, sizeof(status)) != 0
	    || strcmp(status, "enabled") != 0
	    || sys_path(path, sizeof(path), BINFMT_DIR) != 0 || (d = opendir(path)) == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.' || strcmp(e->d_name, "status") == 0
		    || strcmp(e->d_name, "register") == 0
		    || snprintf(path, sizeof(path), BINFMT_DIR "/%s", e->d_name) >= (int)sizeof(path))
			continue;
		if (binfmt_matches(path, head, n)) {
			copy_str(buf, len, e->d_name);
			break;
		}
	}
	closedir(d);
}

#define MAX_IFACES 64

struct iface {
	char name[64];
	char dev[64];	/* the device's name ("virtio2", "0000:00:03.0"), or "" */
};

/*
 * The network interfaces of /sys/class/net into ifs (at most max).
 * Returns their number, or -1 when the directory is not there.
 */
static int
net_ifaces(struct iface *ifs, size_t max)
{
	char path[PATH_LEN], target[PATH_LEN];
	struct dirent *e;
	size_t n = 0;
	ssize_t t;
	DIR *d;

	if (sys_path(path, sizeof(path), "/sys/class/net") != 0)
		return -1;
	d = opendir(path);
	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL && n < max) {
		const char *base;

		if (e->d_name[0] == '.' || strlen(e->d_name) >= sizeof(ifs[n].name))
			continue;
		copy_str(ifs[n].name, sizeof(ifs[n].name), e->d_name);
		ifs[n].dev[0] = '\0';
		/*
		 * A device's interrupts are often named after the device, not
		 * the interface: virtio2-input.0 for eth0.
		 */
		if (sys_path(path, sizeof(path), "/sys/class/net/") == 0
		    && strlen(path) + strlen(e->d_name) + 8 < sizeof(path)) {
			strcat(path, e->d_name);
			strcat(path, "/device");
			t = readlink(path, target, sizeof(target) - 1);
			if (t > 0) {
				target[t] = '\0';
				base = strrchr(target, '/');
				base = base != NULL ? base + 1 : target;
				/* A short name ("0") would match too much. */
				if (strlen(base) >= 3)
					copy_str(ifs[n].dev, sizeof(ifs[n].dev), base);
			}
		}
		n++;
	}
	closedir(d);
	return (int)n;
}

/* token names name: equal, or name then a separator ("eth0-rx-1"). */
static int
is_named(const char *token, const char *name)
{
	size_t n = strlen(name);

	if (n == 0 || strncmp(token, name, n) != 0)
		return 0;
	return token[n] == '\0' || strchr("-_.:@", token[n]) != NULL;
}

/* The CPUs interrupt irq may go to, as a list, into buf ("?" when unreadable). */
static void
irq_cpus(int irq, char *buf, size_t len)
{
	char path[PATH_LEN], mask[LINE_MAX_LEN];
	int *cpus;
	size_t n = 0, i;
	int bit = 0;

	snprintf(path, sizeof(path), "/proc/irq/%d/smp_affinity_list", irq);
	if (read_first_line(path, buf, len) == 0 && buf[0] != '\0')
		return;
	copy_str(buf, len, "?");
	/* Kernels before 2.6.36 have only the mask: "00000000,00000003". */
	snprintf(path, sizeof(path), "/proc/irq/%d/smp_affinity", irq);
	if (read_first_line(path, mask, sizeof(mask)) != 0 || mask[0] == '\0')
		return;
	cpus = malloc(MAX_CPUS * sizeof(*cpus));
	if (cpus == NULL)
		return;
	for (i = strlen(mask); i-- > 0 && bit < MAX_CPUS;) {
		int v, b;

		if (mask[i] == ',')
			continue;
		if (!isxdigit((unsigned char)mask[i]))
			goto out;
		v = isdigit((unsigned char)mask[i]) ? mask[i] - '0'
			: tolower((unsigned char)mask[i]) - 'a' + 10;
		for (b = 0; b < 4; b++, bit++)
			if (v & (1 << b))
				cpus[n++] = bit;
	}
	if (n > 0 && format_cpus(buf, len, cpus, n) != 0)
		copy_str(buf, len, "?");
out:
	free(cpus);
}

#define IRQ_LINE_LEN 16384

void
sysinfo_irq_affinity(char *buf, size_t len)
{
	struct iface ifs[MAX_IFACES];
	char item[OUTPUT_MAX_VALUE], cpus[256];
	char *line, *tok, *save, *end;
	size_t pos = 0;
	int nifs, ncols = 0, i, found = 0;
	FILE *f;

	if (len == 0)
		return;
	copy_str(buf, len, "unknown");
	nifs = net_ifaces(ifs, MAX_IFACES);
	if (nifs < 0)
		return;
	f = sys_fopen("/proc/interrupts");
	if (f == NULL)
		return;
	/* A line holds a count per CPU: long on a big machine. */
	line = malloc(IRQ_LINE_LEN);
	if (line == NULL) {
		fclose(f);
		return;
	}
	/* The head names the CPU columns: "CPU0 CPU1 ...". */
	if (read_line(f, line, IRQ_LINE_LEN) == 0)
		for (tok = strtok_r(line, " \t", &save); tok != NULL;
		     tok = strtok_r(NULL, " \t", &save))
			if (strncmp(tok, "CPU", 3) == 0)
				ncols++;
	buf[0] = '\0';
	while (read_line(f, line, IRQ_LINE_LEN) == 0) {
		long irq;

		/* "  38:  0  3291  PCI-MSIX-0000:00:03.0  1-edge  virtio2-input.0" */
		tok = strtok_r(line, " \t", &save);
		if (tok == NULL || !isdigit((unsigned char)tok[0]))
			continue;	/* NMI:, LOC: ... are not device interrupts */
		irq = strtol(tok, &end, 10);
		if (*end != ':' || end[1] != '\0' || irq < 0 || irq > INT_MAX)
			continue;
		for (i = 0; i < ncols; i++) {
			tok = strtok_r(NULL, " \t", &save);
			if (tok == NULL || !isdigit((unsigned char)tok[0]))
				break;
		}
		if (i < ncols)
			continue;
		/* Then the chip, its pin and the handlers' names ("a, b" when shared). */
		while ((tok = strtok_r(NULL, " \t,", &save)) != NULL) {
			const char *via = NULL;
			int k;

			for (k = 0; k < nifs; k++) {
				if (is_named(tok, ifs[k].name))
					break;
				if (ifs[k].dev[0] != '\0' && is_named(tok, ifs[k].dev)) {
					via = ifs[k].name;
					break;
				}
			}
			if (k == nifs)
				continue;
			irq_cpus((int)irq, cpus, sizeof(cpus));
			/* An item too long for the line is left out, not cut. */
			if (snprintf(item, sizeof(item), "%s%s%s=%s", via != NULL ? via : "",
				     via != NULL ? ":" : "", tok, cpus) >= (int)sizeof(item))
				continue;
			found = 1;
			if (append_item(buf, len, &pos, item) != 0)
				goto done;
		}
	}
done:
	if (!found)
		copy_str(buf, len, "none");
	free(line);
	fclose(f);
}

/*
 * Run the command argv (argv[0] found in PATH) with stdin and stderr on
 * /dev/null, and hand each line of its output to each(line, ctx).
 * Returns 0, or -1 when the command is not there, cannot run or exits
 * other than 0.
 */
static int
command_each(char *const argv[], void (*each)(const char *line, void *ctx), void *ctx)
{
	char line[LINE_MAX_LEN];
	int fd[2], status;
	pid_t pid;
	FILE *f;

	if (pipe(fd) != 0)
		return -1;
	pid = fork();
	if (pid < 0) {
		close(fd[0]);
		close(fd[1]);
		return -1;
	}
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);

		if (null < 0 || dup2(null, 0) < 0 || dup2(null, 2) < 0 || dup2(fd[1], 1) < 0)
			_exit(127);
		close(fd[0]);
		close(fd[1]);
		close(null);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(fd[1]);
	f = fdopen(fd[0], "r");
	if (f == NULL)
		close(fd[0]);
	else {
		while (read_line(f, line, sizeof(line)) == 0)
			each(line, ctx);
		fclose(f);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return f != NULL && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

/* command_lines' counter: the lines counts() takes. */
struct line_count {
	int (*counts)(const char *line, int *state);
	int state;
	long n;
};

static void
count_line(const char *line, void *ctx)
{
	struct line_count *c = ctx;

	if (c->counts(line, &c->state))
		c->n++;
}

/*
 * Count the lines of the output of the command argv (see command_each)
 * that counts() takes (state: counts()' own, from 0).  Returns the
 * count, or -1 when the command is not there, cannot run or exits other
 * than 0.
 */
static long
command_lines(char *const argv[], int (*counts)(const char *line, int *state))
{
	struct line_count c;

	c.counts = counts;
	c.state = 0;
	c.n = 0;
	return command_each(argv, count_line, &c) == 0 ? c.n : -1;
}

/* s starts with word, then a blank. */
static int
word_blank(const char *s, const char *word)
{
	size_t n = strlen(word);

	return strncmp(s, word, n) == 0 && (s[n] == ' ' || s[n] == '\t');
}

/*
 * A rule of `nft list ruleset`: a line of a chain after its "type ...
 * hook", "policy", "comment" and "devices" lines (sets and maps are not
 * chains).  state: in a chain.
 */
static int
nft_rule(const char *line, int *state)
{
	const char *s = line + strspn(line, " \t");

	if (word_blank(s, "chain")) {
		*state = 1;
		return 0;
	}
	if (!*state)
		return 0;
	if (*s == '}') {
		*state = 0;
		return 0;
	}
	if (word_blank(s, "type") || word_blank(s, "policy") || word_blank(s, "comment")
	    || word_blank(s, "devices"))
		return 0;
	return *s != '\0';
}

/* A rule of iptables-save: "-A CHAIN ...". */
static int
iptables_rule(const char *line, int *state)
{
	(void)state;
	return strncmp(line, "-A ", 3) == 0;
}

void
sysinfo_netfilter_rules(char *buf, size_t len)
{
	/* execvp takes char *const []: arrays, not string literals. */
	static char nft[] = "nft", list[] = "list", ruleset[] = "ruleset";
	static char ipt[] = "iptables-save", ip6t[] = "ip6tables-save";
	char *const nft_argv[] = { nft, list, ruleset, NULL };
	char *const saves[] = { ipt, ip6t };
	char line[LINE_MAX_LEN], names[256], from[64] = "";
	size_t i, pos = 0;
	long n, total = -1;
	FILE *f;

	if (len == 0)
		return;
	/* nft lists every table, iptables' made through iptables-nft too. */
	n = command_lines(nft_argv, nft_rule);
	if (n >= 0) {
		snprintf(buf, len, "%ld (nft)", n);
		return;
	}
	for (i = 0; i < HB_ARRAY_SIZE(saves); i++) {
		char *const argv[] = { saves[i], NULL };

		n = command_lines(argv, iptables_rule);
		if (n < 0)
			continue;
		total = (total < 0 ? 0 : total) + n;
		snprintf(from + strlen(from), sizeof(from) - strlen(from), "%s%s",
			 from[0] != '\0' ? "+" : "", saves[i]);
	}
	if (total >= 0) {
		snprintf(buf, len, "%ld (%s)", total, from);
		return;
	}
	/* Nothing could list them (that needs root): at least which tables exist. */
	f = sys_fopen("/proc/net/ip_tables_names");
	if (f == NULL) {
		copy_str(buf, len, "unknown");
		return;
	}
	names[0] = '\0';
	while (read_line(f, line, sizeof(line)) == 0)
		if (line[0] != '\0' && append_item(names, sizeof(names), &pos, line) != 0)
			break;
	fclose(f);
	snprintf(buf, len, "unknown (iptables tables: %s)", names[0] != '\0' ? names : "none");
}

/* ---------------------------------------------------------------- the network's settings */

/* The interfaces of /sys/class/net but lo, sorted by name: their number, or -1. */
static int
net_ifaces_sorted(struct iface *ifs, size_t max)
{
	int n = net_ifaces(ifs, max), i, k = 0;

	for (i = 0; i < n; i++)
		if (strcmp(ifs[i].name, "lo") != 0)
			ifs[k++] = ifs[i];
	if (n < 0)
		return -1;
	/* Sorted, so that a box reads the same whatever order sysfs lists them in. */
	qsort(ifs, (size_t)k, sizeof(*ifs), cmp_str);
	return k;
}

/*
 * The root qdisc of each interface but lo, and its ingress one (ingress
 * or clsact) when it has one: at most MAX_IFACES of them.
 */
struct qdisc {
	char dev[64];
	char kind[32];		/* the root's; "" when only an ingress one was seen */
	char ingress[32];	/* "" when none */
};

struct qdisc_list {
	struct qdisc q[MAX_IFACES];
	int n;
};

/* Record kind for interface dev: the root's, or (ingress) the ingress one. */
static void
qdisc_add(struct qdisc_list *l, const char *dev, const char *kind, int ingress)
{
	int i;

	if (strcmp(dev, "lo") == 0 || dev[0] == '\0' || kind[0] == '\0')
		return;
	for (i = 0; i < l->n; i++)
		if (strcmp(l->q[i].dev, dev) == 0)
			break;
	if (i == l->n) {
		if (l->n == MAX_IFACES)
			return;
		l->n++;
		copy_str(l->q[i].dev, sizeof(l->q[i].dev), dev);
		l->q[i].kind[0] = l->q[i].ingress[0] = '\0';
	}
	if (ingress)
		copy_str(l->q[i].ingress, sizeof(l->q[i].ingress), kind);
	else
		copy_str(l->q[i].kind, sizeof(l->q[i].kind), kind);
}

/* `tc qdisc show`'s lines: "qdisc fq_codel 0: dev eth0 root refcnt 2 ...", "... parent ffff:fff1 ...". */
static void
qdisc_line(const char *line, void *ctx)
{
	char kind[32], dev[64];
	const char *d = strstr(line, " dev "), *r = strstr(line, " root");
	int root = r != NULL && d != NULL && r > d && (r[5] == ' ' || r[5] == '\0');
	int ingress = strstr(line, " parent ffff:fff1") != NULL;

	if ((!root && !ingress) || d == NULL || sscanf(line, "qdisc %31s", kind) != 1
	    || sscanf(d, " dev %63s", dev) != 1)
		return;
	qdisc_add(ctx, dev, kind, !root);
}

#ifdef __linux__
/*
 * The qdiscs by an RTM_GETQDISC dump over rtnetlink, as tc asks for them,
 * so that a board without iproute2 (a busybox build need not have tc)
 * tells them too.  The message layouts and
 * numbers are linux/netlink.h's, linux/rtnetlink.h's and
 * linux/pkt_sched.h's, an ABI, written out as the ethtool ones below.
 */
# define HB_AF_NETLINK 16
# define HB_NETLINK_ROUTE 0
# define HB_RTM_NEWQDISC 36
# define HB_RTM_GETQDISC 38
# define HB_NLM_F_REQUEST 0x1
# define HB_NLM_F_DUMP 0x300
# define HB_NLMSG_ERROR 2
# define HB_NLMSG_DONE 3
# define HB_TCA_KIND 1
# define HB_TCA_DUMP_INVISIBLE 10
# define HB_TC_H_ROOT 0xffffffffu
# define HB_TC_H_INGRESS 0xfffffff1u
# define HB_NL_ALIGN(n) (((n) + 3u) & ~3u)
# define HB_NL_BUF 32768	/* the most the kernel puts in one dump message */

struct hb_nlmsghdr {
	uint32_t len;
	uint16_t type, flags;
	uint32_t seq, pid;
};

struct hb_tcmsg {
	unsigned char family, pad1;
	uint16_t pad2;
	int32_t ifindex;
	uint32_t handle, parent, info;
};

struct hb_rtattr {
	uint16_t len, type;
};

struct hb_sockaddr_nl {
	uint16_t family, pad;
	uint32_t pid, groups;
};

/* One RTM_NEWQDISC message of len bytes at m into l. */
static void
qdisc_message(struct qdisc_list *l, const unsigned char *m, size_t len)
{
	struct hb_tcmsg tc;
	struct hb_rtattr a;
	char dev[IF_NAMESIZE > 64 ? IF_NAMESIZE : 64], kind[32];
	size_t off = HB_NL_ALIGN(sizeof(tc)), alen;

	if (len < sizeof(tc))
		return;
	memcpy(&tc, m, sizeof(tc));
	if (tc.parent != HB_TC_H_ROOT && tc.parent != HB_TC_H_INGRESS)
		return;
	kind[0] = '\0';
	while (off + sizeof(a) <= len) {
		memcpy(&a, m + off, sizeof(a));
		if (a.len < sizeof(a) || a.len > len - off)
			break;
		alen = a.len - sizeof(a);
		if (a.type == HB_TCA_KIND && alen > 0) {
			snprintf(kind, sizeof(kind), "%.*s", (int)(alen < sizeof(kind) ? alen : sizeof(kind) - 1),
				 (const char *)m + off + sizeof(a));
			break;
		}
		off += HB_NL_ALIGN(a.len);
	}
	if (tc.ifindex <= 0 || if_indextoname((unsigned)tc.ifindex, dev) == NULL)
		return;
	qdisc_add(l, dev, kind, tc.parent == HB_TC_H_INGRESS);
}

/* Fill l by the dump; 0, or -1 when rtnetlink did not answer it. */
static int
qdiscs_netlink(struct qdisc_list *l)
{
	struct {
		struct hb_nlmsghdr h;
		struct hb_tcmsg tc;
		struct hb_rtattr invisible;
	} req;
	struct hb_sockaddr_nl sa;
	struct hb_nlmsghdr h;
	struct timeval tv;
	unsigned char *buf;
	int fd, rc = -1, done = 0;

	fd = socket(HB_AF_NETLINK, SOCK_RAW, HB_NETLINK_ROUTE);
	if (fd < 0)
		return -1;
	/* The kernel answers at once; the timeout is against a filter that drops it. */
	tv.tv_sec = 2;
	tv.tv_usec = 0;
	(void)setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	memset(&sa, 0, sizeof(sa));
	sa.family = HB_AF_NETLINK;
	memset(&req, 0, sizeof(req));
	req.h.len = sizeof(req);
	req.h.type = HB_RTM_GETQDISC;
	req.h.flags = HB_NLM_F_REQUEST | HB_NLM_F_DUMP;
	req.h.seq = 1;
	/* As tc does: the built-in qdiscs too (noop on an interface that is down). */
	req.invisible.len = sizeof(req.invisible);
	req.invisible.type = HB_TCA_DUMP_INVISIBLE;
	buf = malloc(HB_NL_BUF);
	if (buf == NULL
	    || sendto(fd, &req, sizeof(req), 0, (const struct sockaddr *)&sa, sizeof(sa)) < 0)
		goto out;
	while (!done) {
		ssize_t got = recv(fd, buf, HB_NL_BUF, 0);
		size_t off = 0;

		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			goto out;
		while (off + sizeof(h) <= (size_t)got) {
			memcpy(&h, buf + off, sizeof(h));
			if (h.len < sizeof(h) || h.len > (size_t)got - off)
				goto out;
			if (h.seq == 1) {
				if (h.type == HB_NLMSG_DONE) {
					done = 1;
					break;
				}
				if (h.type == HB_NLMSG_ERROR)
					goto out;
				if (h.type == HB_RTM_NEWQDISC)
					qdisc_message(l, buf + off + sizeof(h), h.len - sizeof(h));
			}
			off += HB_NL_ALIGN(h.len);
		}
	}
	rc = 0;
out:
	free(buf);
	close(fd);
	return rc;
}
#endif

static int
cmp_qdisc(const void *a, const void *b)
{
	return strcmp(((const struct qdisc *)a)->dev, ((const struct qdisc *)b)->dev);
}

void
sysinfo_qdiscs(char *buf, size_t len)
{
	static char tc[] = "tc", qdisc[] = "qdisc", show[] = "show";
	char *const argv[] = { tc, qdisc, show, NULL };
	struct qdisc_list *l;
	char item[160];
	size_t pos = 0;
	int i, got = -1;

	if (len == 0)
		return;
	copy_str(buf, len, "unknown");
	l = malloc(sizeof(*l));
	if (l == NULL)
		return;
	l->n = 0;
#ifdef __linux__
	got = qdiscs_netlink(l);
#endif
	/* Where rtnetlink is not to be had (a sandbox that forbids it), tc may be. */
	if (got != 0) {
		l->n = 0;
		got = command_each(argv, qdisc_line, l);
	}
	if (got != 0 || l->n == 0) {
		free(l);
		return;
	}
	/* Sorted, so that a host reads the same whatever order its interfaces were made in. */
	qsort(l->q, (size_t)l->n, sizeof(l->q[0]), cmp_qdisc);
	buf[0] = '\0';
	for (i = 0; i < l->n; i++) {
		const struct qdisc *q = &l->q[i];

		snprintf(item, sizeof(item), "%s=%s%s%s", q->dev, q->kind[0] != '\0' ? q->kind : "?",
			 q->ingress[0] != '\0' ? "," : "", q->ingress);
		if (append_item(buf, len, &pos, item) != 0)
			break;
	}
	free(l);
}

/*
 * The offloads through the SIOCETHTOOL ioctl's old get commands, which
 * every kernel since 2.6.24 answers (values of linux/ethtool.h, an ABI,
 * written out here: a C library's headers need not carry the kernel's).
 */
#define HB_ETHTOOL_GRXCSUM 0x14
#define HB_ETHTOOL_GTXCSUM 0x16
#define HB_ETHTOOL_GTSO 0x1e
#define HB_ETHTOOL_GGSO 0x23
#define HB_ETHTOOL_GFLAGS 0x25
#define HB_ETHTOOL_GGRO 0x2b
#define HB_ETH_FLAG_LRO (1u << 15)

#ifdef __linux__
# define HB_SIOCETHTOOL 0x8946

struct hb_ethtool_value {
	uint32_t cmd;
	uint32_t data;
};

/* One get command on interface name: 0 and its value, or -1. */
static int
ethtool_get(int fd, const char *name, uint32_t cmd, uint32_t *v)
{
	struct hb_ethtool_value ev;
	struct ifreq ifr;

	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%.*s", (int)sizeof(ifr.ifr_name) - 1, name);
	ev.cmd = cmd;
	ev.data = 0;
	ifr.ifr_data = (void *)&ev;
	if (ioctl(fd, HB_SIOCETHTOOL, &ifr) != 0)
		return -1;
	*v = ev.data;
	return 0;
}
#else
static int
ethtool_get(int fd, const char *name, uint32_t cmd, uint32_t *v)
{
	(void)fd, (void)name, (void)cmd, (void)v;
	return -1;
}
#endif

/* The offloads of the record, in their order, with ethtool -k's names for them. */
static const struct {
	const char *name, *ethtool;
	uint32_t cmd, mask;
} offload_feats[] = {
	{ "tso", "tcp-segmentation-offload", HB_ETHTOOL_GTSO, 0 },
	{ "gso", "generic-segmentation-offload", HB_ETHTOOL_GGSO, 0 },
	{ "gro", "generic-receive-offload", HB_ETHTOOL_GGRO, 0 },
	{ "lro", "large-receive-offload", HB_ETHTOOL_GFLAGS, HB_ETH_FLAG_LRO },
	{ "rx", "rx-checksumming", HB_ETHTOOL_GRXCSUM, 0 },
	{ "tx", "tx-checksumming", HB_ETHTOOL_GTXCSUM, 0 },
};
#define NFEATS HB_ARRAY_SIZE(offload_feats)

/* `ethtool -k`'s lines, "tcp-segmentation-offload: on [fixed]", into the states. */
static void
ethtool_line(const char *line, void *ctx)
{
	const char **state = ctx;
	size_t k, n;

	for (k = 0; k < NFEATS; k++) {
		n = strlen(offload_feats[k].ethtool);
		if (strncmp(line, offload_feats[k].ethtool, n) != 0 || line[n] != ':')
			continue;
		if (strncmp(line + n + 1, " on", 3) == 0)
			state[k] = "on";
		else if (strncmp(line + n + 1, " off", 4) == 0)
			state[k] = "off";
	}
}

void
sysinfo_offloads(char *buf, size_t len)
{
	static char ethtool[] = "ethtool", dash_k[] = "-k";
	struct iface ifs[MAX_IFACES];
	const char *state[NFEATS];
	char item[256];
	size_t pos = 0, k;
	int n, i, fd;

	if (len == 0)
		return;
	copy_str(buf, len, "unknown");
	if ((n = net_ifaces_sorted(ifs, MAX_IFACES)) <= 0)
		return;
#ifdef __linux__
	fd = socket(AF_INET, SOCK_DGRAM, 0);
#else
	fd = -1;
#endif
	buf[0] = '\0';
	/* "eth0=tso:on,gso:on,gro:on,lro:off,rx:on,tx:on"; a feature the driver does not answer: "?". */
	for (i = 0; i < n; i++) {
		size_t ip;
		int any = 0;

		for (k = 0; k < NFEATS; k++) {
			uint32_t v;

			state[k] = "?";
			/* cppcheck-suppress knownConditionTrueFalse ; fd is -1 only without __linux__ */
			if (fd >= 0 && ethtool_get(fd, ifs[i].name, offload_feats[k].cmd, &v) == 0) {
				v = offload_feats[k].mask != 0 ? (v & offload_feats[k].mask) : v;
				state[k] = v != 0 ? "on" : "off";
				any = 1;
			}
		}
		/*
		 * No answer to the ioctl (qemu-user does not pass it on; a
		 * sandbox may forbid it): ethtool, where there is one, may know.
		 */
		if (!any) {
			char *const argv[] = { ethtool, dash_k, ifs[i].name, NULL };

			if (command_each(argv, ethtool_line, state) == 0)
				for (k = 0; k < NFEATS; k++)
					any |= state[k][0] != '?';
		}
		ip = (size_t)snprintf(item, sizeof(item), "%.63s=", ifs[i].name);
		for (k = 0; k < NFEATS && ip < sizeof(item); k++)
			ip += (size_t)snprintf(item + ip, sizeof(item) - ip, "%s%s:%s", k > 0 ? "," : "",
					       offload_feats[k].name, state[k]);
		if (!any)
			snprintf(item, sizeof(item), "%.63s=unknown", ifs[i].name);
		if (append_item(buf, len, &pos, item) != 0)
			break;
	}
	if (fd >= 0)
		close(fd);
	if (pos == 0)
		copy_str(buf, len, "unknown");
}

/*
 * The sysctls that router tuners change (net.* ones are per network
 * namespace: these are the reader's).
 */
static const char *const net_sysctls[] = {
	"net.core.rmem_max", "net.core.wmem_max", "net.core.rmem_default",
	"net.core.wmem_default", "net.core.netdev_max_backlog", "net.core.netdev_budget",
	"net.core.netdev_budget_usecs", "net.core.dev_weight", "net.core.default_qdisc",
	"net.core.busy_poll", "net.core.busy_read", "net.core.somaxconn",
	"net.core.rps_sock_flow_entries", "net.ipv4.ip_forward", "net.ipv4.ip_local_port_range",
	"net.ipv4.conf.all.rp_filter", "net.ipv4.tcp_congestion_control", "net.ipv4.tcp_rmem",
	"net.ipv4.tcp_wmem", "net.ipv4.tcp_mem", "net.ipv4.udp_mem", "net.ipv4.tcp_ecn",
	"net.ipv4.tcp_mtu_probing", "net.ipv4.tcp_timestamps", "net.ipv4.tcp_sack",
	"net.ipv4.tcp_window_scaling", "net.ipv4.tcp_adv_win_scale", "net.ipv4.tcp_notsent_lowat",
	"net.ipv4.tcp_slow_start_after_idle", "net.ipv4.tcp_fastopen", "net.ipv4.tcp_no_metrics_save",
	"net.ipv6.conf.all.forwarding", "net.netfilter.nf_conntrack_max",
	"net.netfilter.nf_conntrack_buckets",
};

void
sysinfo_net_sysctls(char *buf, size_t len)
{
	char path[PATH_LEN], value[256], item[320];
	size_t pos = 0, i, k;

	if (len == 0)
		return;
	buf[0] = '\0';
	for (i = 0; i < HB_ARRAY_SIZE(net_sysctls); i++) {
		int n = snprintf(path, sizeof(path), "/proc/sys/%s", net_sysctls[i]);

		if (n < 0 || (size_t)n >= sizeof(path))
			continue;
		for (k = 10; path[k] != '\0'; k++)
			if (path[k] == '.')
				path[k] = '/';
		/* Absent (a module not loaded, an older kernel): left out. */
		if (read_first_line(path, value, sizeof(value)) != 0 || value[0] == '\0')
			continue;
		/* "4096	131072	6291456" is one value: one word. */
		for (k = 0; value[k] != '\0'; k++)
			if (value[k] == ' ' || value[k] == '\t')
				value[k] = ',';
		for (k = 0; value[k] != '\0'; k++)
			while (value[k] == ',' && value[k + 1] == ',')
				memmove(value + k, value + k + 1, strlen(value + k));
		snprintf(item, sizeof(item), "%s=%s", net_sysctls[i], value);
		if (append_item(buf, len, &pos, item) != 0)
			break;
	}
	if (pos == 0)
		copy_str(buf, len, "unknown");
}

/* The number of entries of /sys/class/net/NAME/queues named prefix-N ("rx", "tx"), or -1. */
static int
count_queues(const char *name, const char *prefix)
{
	char rel[PATH_LEN], path[PATH_LEN];
	struct dirent *e;
	int n = 0;
	DIR *d;

	snprintf(rel, sizeof(rel), "/sys/class/net/%.63s/queues", name);
	if (sys_path(path, sizeof(path), rel) != 0 || (d = opendir(path)) == NULL)
		return -1;
	while ((e = readdir(d)) != NULL) {
		size_t k = strlen(prefix);

		if (strncmp(e->d_name, prefix, k) == 0 && e->d_name[k] == '-'
		    && isdigit((unsigned char)e->d_name[k + 1]))
			n++;
	}
	closedir(d);
	return n;
}

void
sysinfo_nics(char *buf, size_t len)
{
	struct iface ifs[MAX_IFACES];
	char path[PATH_LEN], target[PATH_LEN], mtu[32], speed[32], duplex[32], txqlen[32];
	char queues[48], item[320];
	const char *driver;
	size_t pos = 0;
	int n, i;

	if (len == 0)
		return;
	copy_str(buf, len, "unknown");
	if ((n = net_ifaces_sorted(ifs, MAX_IFACES)) < 0)
		return;
	copy_str(buf, len, "none");
	if (n == 0)
		return;
	buf[0] = '\0';
	/*
	 * "eth0=virtio_net,mtu=1500,speed=1000Mb,duplex=full,txqlen=1000,queues=2/2":
	 * what sysfs tells of each; a file that is not there is left out.
	 */
	for (i = 0; i < n; i++) {
		ssize_t t = -1;
		long sp = -1;
		int rxq, txq;

		snprintf(path, sizeof(path), "/sys/class/net/%.63s/device/driver", ifs[i].name);
		if (sys_path(target, sizeof(target), path) == 0)
			t = readlink(target, path, sizeof(path) - 1);
		if (t > 0) {
			path[t] = '\0';
			driver = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
		} else {
			driver = "none";	/* a virtual interface: veth, bridge, tun */
		}
		snprintf(target, sizeof(target), "/sys/class/net/%.63s/mtu", ifs[i].name);
		if (read_first_line(target, mtu, sizeof(mtu)) != 0 || mtu[0] == '\0')
			copy_str(mtu, sizeof(mtu), "?");
		snprintf(target, sizeof(target), "/sys/class/net/%.63s/speed", ifs[i].name);
		/* Unreadable when the link is down, -1 when the driver does not know. */
		if (read_first_line(target, speed, sizeof(speed)) == 0)
			sp = strtol(speed, NULL, 10);
		if (sp > 0)
			snprintf(speed, sizeof(speed), ",speed=%ldMb", sp);
		else
			speed[0] = '\0';
		/* "full", "half"; "unknown" (no link) is left out, as the speed then. */
		snprintf(target, sizeof(target), "/sys/class/net/%.63s/duplex", ifs[i].name);
		if (sp > 0 && read_first_line(target, item, sizeof(item)) == 0
		    && (strcmp(item, "full") == 0 || strcmp(item, "half") == 0))
			snprintf(duplex, sizeof(duplex), ",duplex=%.4s", item);
		else
			duplex[0] = '\0';
		snprintf(target, sizeof(target), "/sys/class/net/%.63s/tx_queue_len", ifs[i].name);
		if (read_first_line(target, item, sizeof(item)) == 0 && isdigit((unsigned char)item[0]))
			snprintf(txqlen, sizeof(txqlen), ",txqlen=%.20s", item);
		else
			txqlen[0] = '\0';
		/* The receive and transmit queues (ethtool -L changes them): RX/TX. */
		rxq = count_queues(ifs[i].name, "rx");
		txq = count_queues(ifs[i].name, "tx");
		if (rxq > 0 || txq > 0)
			snprintf(queues, sizeof(queues), ",queues=%d/%d", rxq > 0 ? rxq : 0, txq > 0 ? txq : 0);
		else
			queues[0] = '\0';
		snprintf(item, sizeof(item), "%.63s=%.63s,mtu=%.31s%s%s%s%s", ifs[i].name, driver, mtu,
			 speed, duplex, txqlen, queues);
		if (append_item(buf, len, &pos, item) != 0)
			break;
	}
}

#ifdef __linux__
/* sysinfo_read_ahead from /sys/dev/block/MAJ:MIN: the disk, or a partition inside its directory. */
static void
read_ahead_sysfs(dev_t dev, char *buf, size_t len)
{
	char path[PATH_LEN], link[PATH_LEN], kb[32];
	const char *name;
	ssize_t n;

	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/queue/read_ahead_kb",
		 (unsigned)major(dev), (unsigned)minor(dev));
	if (read_first_line(path, kb, sizeof(kb)) != 0) {
		snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/../queue/read_ahead_kb",
			 (unsigned)major(dev), (unsigned)minor(dev));
		if (read_first_line(path, kb, sizeof(kb)) != 0)
			return;
	}
	if (kb[0] == '\0' || strspn(kb, "0123456789") != strlen(kb))
		return;
	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u", (unsigned)major(dev),
		 (unsigned)minor(dev));
	if (sys_path(link, sizeof(link), path) != 0
	    || (n = readlink(link, path, sizeof(path) - 1)) <= 0) {
		snprintf(buf, len, "%s kB", kb);
		return;
	}
	path[n] = '\0';
	name = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
	snprintf(buf, len, "%s kB (%s)", kb, name);
}
#endif

void
sysinfo_read_ahead(dev_t dev, char *buf, size_t len)
{
	copy_str(buf, len, "unknown");
#ifdef __linux__
	read_ahead_sysfs(dev, buf, len);
#else
	(void)dev;
#endif
}
