/*
 * mem: large page-aligned buffers and size names (see mem.h).
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#ifdef HAVE_SYS_RESOURCE_H
#include <sys/resource.h>
#endif

#include "core/compat.h"
#include "core/output.h"
#include "core/parse.h"
#include "host/memory.h"
#include "host/procfs.h"
#include "host/sysinfo.h"

size_t
mem_page_size(void)
{
#ifdef _SC_PAGESIZE
	long n = sysconf(_SC_PAGESIZE);

	if (n > 0)
		return (size_t)n;
#endif
	return 4096;
}

void *
mem_alloc(size_t len)
{
	size_t page = mem_page_size();
	void *p;

	if (len == 0) {
		errno = EINVAL;
		return NULL;
	}
#ifdef HAVE_POSIX_MEMALIGN
	{
		int rc = posix_memalign(&p, page, len);

		if (rc != 0) {
			errno = rc;
			return NULL;
		}
	}
#else
	{
		/* Over-allocate and keep the real start just below the buffer. */
		char *raw;

		if (len > SIZE_MAX - page - sizeof(void *)) {
			errno = ENOMEM;
			return NULL;
		}
		raw = malloc(len + page + sizeof(void *));
		if (raw == NULL)
			return NULL;
		p = raw + sizeof(void *);
		p = (char *)p + (page - (uintptr_t)p % page) % page;
		((void **)p)[-1] = raw;
	}
#endif
	/*
	 * Writing every byte maps every page now (a fresh allocation is
	 * only reserved address space, or the shared zero page) and gives
	 * the buffer defined contents.
	 */
	memset(p, 0, len);
	return p;
}

/* The smaller of a and b, where 0 means "no limit". */
static uint64_t
lesser(uint64_t a, uint64_t b)
{
	if (a == 0)
		return b;
	if (b == 0)
		return a;
	return a < b ? a : b;
}

/* The first number in a file (cgroup files), or 0 ("max", absent). */
static uint64_t
file_number(const char *path)
{
	FILE *f = fopen(path, "r");
	unsigned long long v = 0;
	char line[64];
	const char *p = line;

	if (f == NULL)
		return 0;
	if (procfs_read_line(f, line, sizeof(line)) != 0 || procfs_ull(&p, 10, &v) != 0)
		v = 0;
	fclose(f);
	return v;
}

/* The first "KEY: N kB" of a file, in bytes; 0 when absent. */
static uint64_t
file_kb(const char *path, const char *key)
{
	FILE *f = fopen(path, "r");
	char line[128];
	size_t klen = strlen(key);
	unsigned long long kb = 0;

	if (f == NULL)
		return 0;
	while (fgets(line, sizeof(line), f) != NULL) {
		const char *p = line + klen + 1;

		if (strncmp(line, key, klen) == 0 && line[klen] == ':' && procfs_ull(&p, 10, &kb) == 0)
			break;
		kb = 0;
	}
	fclose(f);
	return (uint64_t)kb * 1024;
}

/*
 * Room left under RLIMIT_DATA (data) or RLIMIT_AS, 0 for none; 1 when it
 * is used up.
 * used_key names what the kernel counts against it: RLIMIT_AS counts
 * every mapping (VmSize), RLIMIT_DATA the private writable ones (VmData,
 * since Linux 4.7; before, the heap alone, which VmData exceeds: the
 * estimate errs small).  For another program (run), what it will use
 * itself is not known: 8 MB of its own mappings, half of a limit of
 * 16 MB or less.
 */
#ifdef HAVE_SYS_RESOURCE_H
static uint64_t
rlimit_room(int data, const char *used_key, int run)
{
	struct rlimit rl;
	uint64_t used, kb;
	/*
	 * The resource is named at each call, not passed on: glibc types
	 * getrlimit's first parameter as its own enum.
	 */
#ifdef RLIMIT_DATA
	int rc = data ? getrlimit(RLIMIT_DATA, &rl) : getrlimit(RLIMIT_AS, &rl);
#else
	int rc = data ? -1 : getrlimit(RLIMIT_AS, &rl);
#endif

	if (rc != 0 || rl.rlim_cur == RLIM_INFINITY)
		return 0;
	if (run) {
		/* In whole kB, as ulimit shows it. */
		kb = (uint64_t)rl.rlim_cur / 1024;
		return (kb > 16384 ? kb - 8192 : kb / 2 + 1) * 1024;
	}
	used = file_kb("/proc/self/status", used_key);
	return (uint64_t)rl.rlim_cur > used ? (uint64_t)rl.rlim_cur - used : 1;
}
#endif

/*
 * The least room (max - cur, 1 when used up) in the cgroup root + rel and
 * its ancestors up to root, 0 when none has a limit.  A limit of "max"
 * (v2) or near 2^63 (v1's "none") reads as no limit.
 */
static uint64_t
tree_room(const char *root, const char *rel, const char *maxf, const char *curf)
{
	char path[640], file[700];
	size_t base = strlen(root);
	uint64_t room = 0;

	if (snprintf(path, sizeof(path), "%s%s", root, rel) >= (int)sizeof(path))
		return 0;
	for (;;) {
		uint64_t max, cur;
		char *slash;

		snprintf(file, sizeof(file), "%s/%s", path, maxf);
		max = file_number(file);
		if (max != 0 && max < ((uint64_t)1 << 62)) {
			snprintf(file, sizeof(file), "%s/%s", path, curf);
			cur = file_number(file);
			room = lesser(room, max > cur ? max - cur : 1);
		}
		slash = strrchr(path, '/');
		if (slash == NULL || (size_t)(slash - path) < base)
			break;
		*slash = '\0';
	}
	return room;
}

/*
 * Room left in this process's memory cgroup, 0 when unlimited or
 * unknown: cgroup v2 (memory.max - memory.current) and v1 (the memory
 * controller's limit_in_bytes - usage_in_bytes), each over the cgroup and
 * its ancestors, since a limit anywhere above applies too.
 */
static uint64_t
cgroup_room(void)
{
	FILE *f = fopen("/proc/self/cgroup", "r");
	char line[512];
	uint64_t room = 0;

	if (f == NULL)
		return 0;
	while (fgets(line, sizeof(line), f) != NULL) {
		char *ctl = strchr(line, ':'), *rel;

		line[strcspn(line, "\n")] = '\0';
		if (ctl == NULL || (rel = strchr(ctl + 1, ':')) == NULL || rel[1] != '/')
			continue;
		*rel++ = '\0';
		ctl++;
		if (*ctl == '\0')
			room = lesser(room, tree_room("/sys/fs/cgroup", rel, "memory.max",
						      "memory.current"));
		else if (strcmp(ctl, "memory") == 0 || strstr(ctl, ",memory") != NULL
			 || strncmp(ctl, "memory,", 7) == 0)
			room = lesser(room, tree_room("/sys/fs/cgroup/memory", rel,
						      "memory.limit_in_bytes",
						      "memory.usage_in_bytes"));
	}
	fclose(f);
	return room;
}

/* mem_available (run 0) or mem_run_available (run 1). */
static uint64_t
available(int run)
{
	static int warned;
	const char *env = getenv("HOSTBENCH_MEM_AVAILABLE");
	uint64_t avail = sysinfo_mem_available();

#ifdef HAVE_SYS_RESOURCE_H
	avail = lesser(avail, rlimit_room(0, "VmSize", run));
#ifdef RLIMIT_DATA
	avail = lesser(avail, rlimit_room(1, "VmData", run));
#endif
#endif
	avail = lesser(avail, cgroup_room());
	avail = lesser(avail, MEM_ADDR_ROOM);
	if (env != NULL && *env != '\0') {
		uint64_t v;

		if (parse_size("HOSTBENCH_MEM_AVAILABLE", env, 1, UINT64_MAX, &v, NULL, 0) == 0)
			avail = lesser(avail, v);
		else if (!warned++)
			fprintf(stderr, "hostbench: HOSTBENCH_MEM_AVAILABLE: '%s' is not a size"
				" in bytes (k, m, g suffix allowed); ignored\n", env);
	}
	return avail;
}

uint64_t
mem_available(void)
{
	return available(0);
}

uint64_t
mem_run_available(void)
{
	return available(1);
}

uint64_t
mem_fit(uint64_t want, unsigned nbufs, uint64_t min, uint64_t unit)
{
	uint64_t avail = mem_available(), room, each;

	if (avail == 0 || nbufs == 0)
		return want;
	room = avail / 100 * MEM_SHARE_PCT + avail % 100 * MEM_SHARE_PCT / 100;
	each = room / nbufs;
	if (want <= each)
		return want;
	if (unit > 1)
		each -= each % unit;
	return each >= min && each > 0 ? each : 0;
}

void
mem_report_reduced(FILE *out, const char *prog, const char *what,
		   uint64_t want, uint64_t got)
{
	char w[32], g[32], a[32];
	uint64_t avail = mem_available();

	output_size_name(w, sizeof(w), want);
	output_size_name(g, sizeof(g), got);
	/* Whole K: a name, not 20 digits of bytes. */
	output_size_name(a, sizeof(a), avail - avail % 1024);
	if (out != NULL)
		output_config(out, "size-reduced", "%s %s to %s (%d%% of %s available)",
			      what, w, g, MEM_SHARE_PCT, a);
	fprintf(stderr, "%s: %s reduced from %s to %s, %d%% of the %s of memory available\n",
		prog, what, w, g, MEM_SHARE_PCT, a);
}

void
mem_free(void *p)
{
	int saved = errno;

	if (p != NULL) {
#ifdef HAVE_POSIX_MEMALIGN
		free(p);
#else
		free(((void **)p)[-1]);
#endif
	}
	errno = saved;
}


size_t
mem_huge_page_size(enum mem_huge kind)
{
	uint64_t n = kind == MEM_HUGE_THP
		? file_number("/sys/kernel/mm/transparent_hugepage/hpage_pmd_size")
		: file_kb("/proc/meminfo", "Hugepagesize");

	/* A power of two a size_t holds, or the common 2 MB. */
	if (n == 0 || (n & (n - 1)) != 0 || n > SIZE_MAX / 2)
		return (size_t)2 << 20;
	return (size_t)n;
}

/* Set why (may be NULL) and errno; return NULL. */
static void *
huge_fail(char *why, size_t whylen, int err, const char *reason)
{
	if (why != NULL && whylen > 0)
		snprintf(why, whylen, "%s", reason);
	errno = err;
	return NULL;
}

#if defined(MAP_ANONYMOUS) && !defined(MAP_ANON)
#define MAP_ANON MAP_ANONYMOUS
#endif

void *
mem_alloc_huge(size_t len, enum mem_huge kind, char *why, size_t whylen)
{
	size_t huge = mem_huge_page_size(kind), span;
	char *p;

	if (len == 0)
		return huge_fail(why, whylen, EINVAL, "no size");
	/* Whole huge pages: the last one partly used would be a small page. */
	if (len > SIZE_MAX - 2 * huge)
		return huge_fail(why, whylen, ENOMEM, "too large");
	span = (len + huge - 1) / huge * huge;
	if (kind == MEM_HUGE_HUGETLB) {
#if defined(MAP_HUGETLB) && defined(MAP_ANON)
		p = mmap(NULL, span, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANON | MAP_HUGETLB, -1, 0);
		if (p == MAP_FAILED) {
			char reason[128];
			int err = errno;

			snprintf(reason, sizeof(reason),
				 "mmap(MAP_HUGETLB) of %zu bytes: %s (huge pages reserved: vm.nr_hugepages)",
				 span, strerror(err));
			return huge_fail(why, whylen, err == EINVAL || err == ENOSYS ? ENOTSUP : ENOMEM,
					 reason);
		}
#else
		return huge_fail(why, whylen, ENOTSUP, "this system has no MAP_HUGETLB");
#endif
	} else {
#if defined(HAVE_MADVISE) && defined(MADV_HUGEPAGE) && defined(MAP_ANON)
		char mode[32];
		size_t lead;
		char *raw;

		sysinfo_thp(mode, sizeof(mode));
		if (strcmp(mode, "never") == 0)
			return huge_fail(why, whylen, ENOTSUP,
					 "transparent huge pages are off (THP mode never)");
		/* One huge page more than needed, to cut an aligned span from. */
		raw = mmap(NULL, span + huge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANON, -1, 0);
		if (raw == MAP_FAILED)
			return huge_fail(why, whylen, ENOMEM, "cannot map the buffer");
		lead = (huge - (uintptr_t)raw % huge) % huge;
		if (lead > 0)
			munmap(raw, lead);
		munmap(raw + lead + span, huge - lead);
		p = raw + lead;
		if (madvise(p, span, MADV_HUGEPAGE) != 0) {
			char reason[128];

			snprintf(reason, sizeof(reason), "madvise(MADV_HUGEPAGE): %s (THP mode %s)",
				 strerror(errno), mode);
			munmap(p, span);
			return huge_fail(why, whylen, ENOTSUP, reason);
		}
#else
		return huge_fail(why, whylen, ENOTSUP, "this system has no madvise(MADV_HUGEPAGE)");
#endif
	}
	/* The faults happen here, each one (ideally) a whole huge page. */
	memset(p, 0, span);
	return p;
}

void
mem_free_huge(void *p, size_t len, enum mem_huge kind)
{
	int saved = errno;

	if (p != NULL) {
		size_t huge = mem_huge_page_size(kind);

		/* The whole huge pages mem_alloc_huge mapped. */
		munmap(p, (len + huge - 1) / huge * huge);
	}
	errno = saved;
}

int64_t
mem_huge_bytes(const void *p, size_t len)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[256];
	uintptr_t lo = (uintptr_t)p, hi = lo + len;
	int inside = 0, seen = 0;
	int64_t total = 0;

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL) {
		unsigned long long a, b, kb;
		const char *q = line, *colon = strchr(line, ':');

		/* "7f0c...-7f0e... rw-p ...": no key of the entries is hex then '-'. */
		if (procfs_ull(&q, 16, &a) == 0 && *q == '-' && (q++, procfs_ull(&q, 16, &b)) == 0 && *q == ' ') {
			inside = a < hi && b > lo;
			seen = 1;
		} else if (colon != NULL && inside && (q = colon + 1, procfs_ull(&q, 10, &kb)) == 0
			   && (strncmp(line, "AnonHugePages:", 14) == 0
			       || strncmp(line, "Private_Hugetlb:", 16) == 0
			       || strncmp(line, "Shared_Hugetlb:", 15) == 0)) {
			total += (int64_t)kb * 1024;
		}
	}
	fclose(f);
	return seen ? total : -1;
}

/* Bounds of HOSTBENCH_LLC: one cache. */
#define LLC_ENV_MIN 1024
#define LLC_ENV_MAX ((uint64_t)16 << 30)

/* HOSTBENCH_LLC as parsed: 0 not set, 1 a size, -1 no size (the message in *err). */
static int
llc_env(uint64_t *bytes, char *err, size_t errlen)
{
	const char *env = getenv("HOSTBENCH_LLC");

	if (env == NULL || *env == '\0')
		return 0;
	if (parse_size("HOSTBENCH_LLC", env, LLC_ENV_MIN, LLC_ENV_MAX, bytes, err, errlen) != 0)
		return -1;
	return 1;
}

int
mem_llc(struct mem_llc *out)
{
	struct sysinfo_cache c[16];
	size_t n = sysinfo_caches(c, HB_ARRAY_SIZE(c)), i, best = n;
	unsigned cpus = (unsigned)sysinfo_online_cpus();
	uint64_t env;
	int e = llc_env(&env, NULL, 0);

	out->bytes = MEM_LLC_DEFAULT;
	out->instances = 1;
	out->from = MEM_LLC_ASSUMED;
	if (e == 1) {
		out->bytes = env;
		out->from = MEM_LLC_ENV;
		return 0;
	}
	for (i = 0; i < n; i++)
		if (best == n || c[i].level > c[best].level)
			best = i;
	if (best < n) {
		out->bytes = c[best].size;
		out->from = MEM_LLC_SYSFS;
		if (c[best].shared > 0 && cpus > c[best].shared)
			out->instances = (cpus + c[best].shared - 1) / c[best].shared;
	}
	if (e < 0) {
		errno = EINVAL;
		return -1;
	}
	return 0;
}

char *
mem_llc_env_error(char *buf, size_t len)
{
	uint64_t v;

	if (len > 0)
		buf[0] = '\0';
	if (llc_env(&v, buf, len) >= 0 && len > 0)
		snprintf(buf, len, "HOSTBENCH_LLC: no error");
	return buf;
}

uint64_t
mem_llc_used(const struct mem_llc *l, unsigned copies)
{
	unsigned k = copies < 1 ? 1 : copies < l->instances ? copies : l->instances;

	return l->bytes * k;
}

int
mem_cache_sized(const struct mem_llc *l, unsigned copies, uint64_t size)
{
	return size < MEM_LLC_FACTOR * mem_llc_used(l, copies);
}

uint64_t
mem_bw_size(const struct mem_llc *l, unsigned copies)
{
	uint64_t want = MEM_LLC_FACTOR * mem_llc_used(l, copies);

	return want > MEM_BW_LEAST ? want : MEM_BW_LEAST;
}

char *
mem_llc_name(char *buf, size_t len, const struct mem_llc *l)
{
	char sz[32];

	output_size_name(sz, sizeof(sz), l->bytes);
	if (l->from == MEM_LLC_ASSUMED)
		snprintf(buf, len, "unknown (%s assumed)", sz);
	else if (l->from == MEM_LLC_ENV)
		snprintf(buf, len, "%s (HOSTBENCH_LLC)", sz);
	else if (l->instances > 1)
		snprintf(buf, len, "%s x %u", sz, l->instances);
	else
		snprintf(buf, len, "%s", sz);
	return buf;
}
