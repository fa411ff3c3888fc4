/*
 * mem: large page-aligned buffers and size names (see mem.h).
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef HAVE_SYS_RESOURCE_H
#include <sys/resource.h>
#endif

#include "mem.h"
#include "output.h"
#include "parse.h"
#include "sysinfo.h"

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

	if (f == NULL)
		return 0;
	if (fscanf(f, "%llu", &v) != 1)
		v = 0;
	fclose(f);
	return v;
}

/* "VmSize:  1234 kB" from /proc/self/status, in bytes; 0 when unknown. */
static uint64_t
vm_size(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[128];
	unsigned long long kb = 0;

	if (f == NULL)
		return 0;
	while (fgets(line, sizeof(line), f) != NULL)
		if (sscanf(line, "VmSize: %llu", &kb) == 1)
			break;
	fclose(f);
	return (uint64_t)kb * 1024;
}

/* Room left under a resource limit, 0 for none; 1 when it is used up. */
static uint64_t
rlimit_room(int resource)
{
#ifdef HAVE_SYS_RESOURCE_H
	struct rlimit rl;
	uint64_t used;

	if (getrlimit(resource, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
		return 0;
	used = vm_size();
	return (uint64_t)rl.rlim_cur > used ? (uint64_t)rl.rlim_cur - used : 1;
#else
	(void)resource;
	return 0;
#endif
}

/* Room left in this process's cgroup (v2), 0 when unlimited or unknown. */
static uint64_t
cgroup_room(void)
{
	FILE *f = fopen("/proc/self/cgroup", "r");
	char line[512], path[640];
	uint64_t max, cur;

	if (f == NULL)
		return 0;
	path[0] = '\0';
	while (fgets(line, sizeof(line), f) != NULL) {
		size_t n = strcspn(line, "\n");

		line[n] = '\0';
		if (strncmp(line, "0::", 3) == 0) {
			snprintf(path, sizeof(path), "/sys/fs/cgroup%s/memory.max",
				 strcmp(line + 3, "/") == 0 ? "" : line + 3);
			break;
		}
	}
	fclose(f);
	if (path[0] == '\0' || (max = file_number(path)) == 0)
		return 0;
	strcpy(strrchr(path, '/'), "/memory.current");
	cur = file_number(path);
	return max > cur ? max - cur : 1;
}

uint64_t
mem_available(void)
{
	const char *env = getenv("HOSTBENCH_MEM_AVAILABLE");
	uint64_t avail = sysinfo_mem_available();

#ifdef HAVE_SYS_RESOURCE_H
	avail = lesser(avail, rlimit_room(RLIMIT_AS));
#ifdef RLIMIT_DATA
	avail = lesser(avail, rlimit_room(RLIMIT_DATA));
#endif
#endif
	avail = lesser(avail, cgroup_room());
	if (env != NULL && *env != '\0') {
		uint64_t v;
		char err[128];

		if (parse_size("HOSTBENCH_MEM_AVAILABLE", env, 1, UINT64_MAX, &v,
			       err, sizeof(err)) == 0)
			avail = lesser(avail, v);
	}
	return avail;
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
		each &= ~(unit - 1);
	return each >= min && each > 0 ? each : 0;
}

void
mem_report_reduced(FILE *out, const char *prog, const char *what,
		   uint64_t want, uint64_t got)
{
	char w[32], g[32], a[32];
	uint64_t avail = mem_available();

	mem_size_name(w, sizeof(w), want);
	mem_size_name(g, sizeof(g), got);
	mem_size_name(a, sizeof(a), avail - avail % 1024);
	if (out != NULL)
		output_config(out, "size-reduced", "%s %s to %s (%d%% of %s available)",
			      what, w, g, MEM_SHARE_PCT, a);
	fprintf(stderr, "%s: %s reduced from %s to %s: %d%% of the %s bytes of memory available\n",
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

char *
mem_size_name(char *buf, size_t len, uint64_t bytes)
{
	static const struct {
		unsigned shift;
		char suffix;
	} units[] = { { 30, 'G' }, { 20, 'M' }, { 10, 'K' } };
	size_t i;

	if (len == 0)
		return buf;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		uint64_t unit = (uint64_t)1 << units[i].shift;

		if (bytes >= unit && bytes % unit == 0) {
			snprintf(buf, len, "%" PRIu64 "%c", bytes / unit,
				 units[i].suffix);
			return buf;
		}
	}
	snprintf(buf, len, "%" PRIu64, bytes);
	return buf;
}
