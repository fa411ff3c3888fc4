/*
 * mem-t: mem_fit's arithmetic against a known amount of memory
 * (HOSTBENCH_MEM_AVAILABLE), ulimit -v and -d lowering mem_available and
 * mem_run_available (in forked children: the limits cannot be raised
 * again), the size-reduced
 * record, size names, and the allocators' contracts; the last-level
 * cache from a fake sysfs (sysinfo_set_root), HOSTBENCH_LLC and the
 * default, and the cache-sized rule built on it.
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/output.h"
#include "host/memory.h"
#include "host/sysinfo.h"
#include "tap/basic.h"

#define K ((uint64_t)1 << 10)
#define M ((uint64_t)1 << 20)

/*
 * What a child saw under a limit: the limit took, mem_available, a fit,
 * mem_run_available and what it should be (the limit in kB less 8M, or
 * half of it when it is 16M or less).
 */
struct limited {
	int took;
	uint64_t avail, fit, used_up, fit_used_up;
	uint64_t run, run_want, run_used_up, run_used_up_want;
};

/* What mem_run_available makes of a limit of lim bytes. */
static uint64_t
run_room(uint64_t lim)
{
	uint64_t kb = lim / 1024;

	return (kb > 16 * K ? kb - 8 * K : kb / 2 + 1) * K;
}

/* "VmSize:" or "VmData:" of this process in bytes, 0 when unknown. */
static uint64_t
status_bytes(const char *key)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[128];
	unsigned long long kb = 0;

	if (f == NULL)
		return 0;
	while (fgets(line, sizeof(line), f) != NULL)
		if (strncmp(line, key, strlen(key)) == 0
		    && sscanf(line + strlen(key), " %llu", &kb) == 1)
			break;
	fclose(f);
	return (uint64_t)kb * 1024;
}

/*
 * RLIMIT_DATA (data) or RLIMIT_AS, named at each call: glibc types the
 * resource parameter as its own enum.
 */
static int
set_limit(int data, const struct rlimit *rl)
{
#ifdef RLIMIT_DATA
	if (data)
		return setrlimit(RLIMIT_DATA, rl);
#endif
	return data ? -1 : setrlimit(RLIMIT_AS, rl);
}

static int
get_limit(int data, struct rlimit *rl)
{
#ifdef RLIMIT_DATA
	if (data)
		return getrlimit(RLIMIT_DATA, rl);
#endif
	return data ? -1 : getrlimit(RLIMIT_AS, rl);
}

/*
 * In a child: limit RLIMIT_DATA (data) or RLIMIT_AS to what key says is used now + 64 MB, read
 * mem_available and mem_fit; then limit it to what is used (nothing
 * left).  The result comes back through a pipe.
 */
static struct limited
under_limit(int data, const char *key)
{
	struct limited r;
	int fds[2], status;
	pid_t pid;

	memset(&r, 0, sizeof(r));
	if (pipe(fds) != 0 || (pid = fork()) < 0)
		bail("pipe or fork: %s", strerror(errno));
	if (pid == 0) {
		struct rlimit rl;
		uint64_t used = status_bytes(key);

		close(fds[0]);
		rl.rlim_cur = rl.rlim_max = (rlim_t)(used + 64 * M);
		/* qemu-user keeps these limits to itself: getrlimit tells. */
		r.took = used > 0 && set_limit(data, &rl) == 0 && get_limit(data, &rl) == 0
			 && rl.rlim_cur != RLIM_INFINITY;
		if (r.took) {
			r.avail = mem_available();
			r.fit = mem_fit(1024 * M, 1, 1 * M, 1 * M);
			r.run = mem_run_available();
			r.run_want = run_room((uint64_t)rl.rlim_cur);
			rl.rlim_cur = rl.rlim_max = (rlim_t)status_bytes(key);
			if (set_limit(data, &rl) == 0) {
				r.used_up = mem_available();
				r.fit_used_up = mem_fit(64 * K, 1, 4 * K, 4 * K);
				r.run_used_up = mem_run_available();
				r.run_used_up_want = run_room((uint64_t)rl.rlim_cur);
			}
		}
		(void)!write(fds[1], &r, sizeof(r));
		_exit(0);
	}
	close(fds[1]);
	if (read(fds[0], &r, sizeof(r)) != (ssize_t)sizeof(r))
		memset(&r, 0, sizeof(r));
	close(fds[0]);
	waitpid(pid, &status, 0);
	return r;
}

static void
test_limit(int data, const char *opt, const char *key)
{
	struct limited r;
	const char *vg = getenv("HB_VALGRIND"), *san = getenv("HB_SANITIZERS");

	if (!data && vg != NULL && *vg != '\0') {
		skip("%s: valgrind needs more address space than the limit leaves", opt);
		skip("%s: under valgrind", opt);
		skip("%s: under valgrind", opt);
		skip("%s: under valgrind", opt);
		skip("%s: under valgrind", opt);
		skip("%s: under valgrind", opt);
		return;
	}
	/* ASan's shadow memory is terabytes of address space: a small
	 * virtual limit leaves its runtime no room. */
	if (!data && san != NULL && *san != '\0') {
		skip("%s: the %s sanitizers reserve terabytes of address space", opt, san);
		skip("%s: under the sanitizers", opt);
		skip("%s: under the sanitizers", opt);
		skip("%s: under the sanitizers", opt);
		skip("%s: under the sanitizers", opt);
		skip("%s: under the sanitizers", opt);
		return;
	}
	r = under_limit(data, key);

	if (!r.took) {
		skip("%s: the limit does not take here (qemu-user, or no /proc)", opt);
		skip("%s: the limit does not take here", opt);
		skip("%s: the limit does not take here", opt);
		skip("%s: the limit does not take here", opt);
		skip("%s: the limit does not take here", opt);
		skip("%s: the limit does not take here", opt);
		return;
	}
	ok(r.avail <= 64 * M && r.avail > 48 * M,
	   "%s used + 64M: mem_available is at most 64M, and more than 48M (%llu)", opt,
	   (unsigned long long)r.avail);
	ok(r.fit >= 24 * M && r.fit <= 32 * M && r.fit % M == 0,
	   "%s used + 64M: a 1G buffer fits as whole MBs within 32M (%llu)", opt,
	   (unsigned long long)r.fit);
	is_int(1, (long long)r.used_up, "%s used up: mem_available is 1, not 0 (unknown)", opt);
	is_int(0, (long long)r.fit_used_up, "%s used up: nothing fits", opt);
	is_int((long long)r.run_want, (long long)r.run,
	       "%s used + 64M: mem_run_available is the limit less 8M", opt);
	is_int((long long)r.run_used_up_want, (long long)r.run_used_up,
	       "%s used up: mem_run_available is the limit less 8M, or half a limit of 16M or less",
	       opt);
}

/* mem_report_reduced's two lines: the config line and the note. */
static void
test_report(void)
{
	FILE *out = tmpfile(), *err = tmpfile();
	char line[256] = "", note[256] = "";
	int saved = dup(2);

	if (out == NULL || err == NULL || saved < 0)
		bail("tmpfile: %s", strerror(errno));
	fflush(stderr);
	dup2(fileno(err), 2);
	mem_report_reduced(out, "bw_mem", "SIZE", 64 * M, 8 * M);
	mem_report_reduced(NULL, "x", "SIZE", 2, 1);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	is_int((long long)strlen("size-reduced: SIZE 64M to 8M (50% of 20M available)\n"),
	       (long long)ftell(out), "one config line");
	rewind(out);
	rewind(err);
	if (fgets(line, sizeof(line), out) == NULL)
		line[0] = '\0';
	if (fgets(note, sizeof(note), err) == NULL)
		note[0] = '\0';
	is_string("size-reduced: SIZE 64M to 8M (50% of 20M available)\n", line,
		  "the config line names what, both sizes and the memory available");
	is_string("bw_mem: SIZE reduced from 64M to 8M, 50% of the 20M of memory available\n",
		  note, "the note on stderr says the same");
	if (fgets(note, sizeof(note), err) == NULL)
		note[0] = '\0';
	is_string("x: SIZE reduced from 2 to 1, 50% of the 20M of memory available\n", note,
		  "out NULL (text output): the note alone");
	fclose(out);
	fclose(err);
}

static void
test_names(void)
{
	static const struct {
		uint64_t bytes;
		const char *name;
	} names[] = {
		{ 64 * M, "64M" }, { 1152 * K, "1152K" }, { 512, "512" },
		{ 1000000, "1000000" }, { 0, "0" }, { 1024 * M, "1G" },
		{ 3 * 1024 * M, "3G" }, { 1536 * M, "1536M" }, { K, "1K" },
		{ (uint64_t)1 << 40, "1024G" },
	};
	char buf[32];
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		is_string(names[i].name, output_size_name(buf, sizeof(buf), names[i].bytes),
			  "%llu bytes are named %s", (unsigned long long)names[i].bytes,
			  names[i].name);
	memset(buf, 'x', sizeof(buf));
	is_string("64", output_size_name(buf, 3, 64 * M), "a short buffer is cut and terminated");
}

static void
test_alloc(void)
{
	unsigned char *p;
	size_t i, nonzero = 0;
	char why[128] = "";

	errno = 0;
	p = mem_alloc(0);
	ok(p == NULL && errno == EINVAL, "mem_alloc(0): NULL with EINVAL");
	p = mem_alloc(10000);
	ok(p != NULL && (uintptr_t)p % mem_page_size() == 0, "mem_alloc(10000) is page-aligned");
	for (i = 0; p != NULL && i < 10000; i++)
		nonzero += p[i] != 0;
	is_int(0, (long long)nonzero, "and zeroed");
	errno = ERANGE;
	mem_free(p);
	mem_free(NULL);
	is_int(ERANGE, errno, "mem_free keeps errno");

	errno = 0;
	ok(mem_alloc_huge(0, MEM_HUGE_THP, why, sizeof(why)) == NULL && errno == EINVAL,
	   "mem_alloc_huge(0): NULL with EINVAL");
	p = mem_alloc_huge(3 * M, MEM_HUGE_THP, why, sizeof(why));
	if (p == NULL) {
		ok(errno == ENOTSUP || errno == ENOMEM, "THP refused with a reason: %s", why);
		skip("no THP buffer to look at");
		return;
	}
	ok((uintptr_t)p % mem_huge_page_size(MEM_HUGE_THP) == 0,
	   "a THP buffer is aligned to the huge page size (%zu)", mem_huge_page_size(MEM_HUGE_THP));
	diag("THP buffer: %lld of %llu bytes in huge pages",
	     (long long)mem_huge_bytes(p, 3 * M), (unsigned long long)(3 * M));
	ok(mem_huge_bytes(p, 3 * M) <= (int64_t)(4 * M),
	   "smaps counts no more huge page bytes than the buffer's huge pages");
	mem_free_huge(p, 3 * M, MEM_HUGE_THP);
}

/* Write text into root/path (its directories made). */
static void
put_file(const char *root, const char *path, const char *text)
{
	char full[512], *s;
	FILE *f;

	snprintf(full, sizeof(full), "%s/%s", root, path);
	for (s = full + strlen(root) + 1; (s = strchr(s, '/')) != NULL; s++) {
		*s = '\0';
		if (mkdir(full, 0700) != 0 && errno != EEXIST)
			bail("mkdir %s: %s", full, strerror(errno));
		*s = '/';
	}
	if ((f = fopen(full, "w")) == NULL || fputs(text, f) == EOF || fclose(f) != 0)
		bail("cannot write %s: %s", full, strerror(errno));
}

/* A cache of CPU 0 in the fake sysfs under root: index idx. */
static void
put_cache(const char *root, unsigned idx, const char *type, const char *level, const char *size,
	  const char *shared)
{
	char path[128];
	static const char *const files[] = { "type", "level", "size", "shared_cpu_list" };
	const char *text[4];
	size_t i;

	text[0] = type;
	text[1] = level;
	text[2] = size;
	text[3] = shared;
	for (i = 0; i < 4; i++) {
		if (text[i] == NULL)
			continue;
		snprintf(path, sizeof(path), "sys/devices/system/cpu/cpu0/cache/index%u/%s", idx,
			 files[i]);
		put_file(root, path, text[i]);
	}
}

static void
test_llc(void)
{
	char root[256], empty[512], cmd[600], buf[256];
	const char *tmp = getenv("TMPDIR");
	unsigned cpus = (unsigned)sysinfo_online_cpus();
	struct mem_llc l;
	int rc;

	snprintf(root, sizeof(root), "%s/mem-t.XXXXXX", tmp != NULL && *tmp != '\0' ? tmp : "/tmp");
	if (mkdtemp(root) == NULL)
		bail("mkdtemp %s: %s", root, strerror(errno));
	unsetenv("HOSTBENCH_LLC");
	/* This VM's: L1d and L1i 32K, L2 1M per CPU, L3 32M shared by 2. */
	put_cache(root, 0, "Data\n", "1\n", "32K\n", "0\n");
	put_cache(root, 1, "Instruction\n", "1\n", "32K\n", "0\n");
	put_cache(root, 2, "Unified\n", "2\n", "1024K\n", "0\n");
	put_cache(root, 3, "Unified\n", "3\n", "32768K\n", "0-1\n");
	ok(sysinfo_set_root(root) == 0, "a fake sysfs root");
	rc = mem_llc(&l);
	is_int(0, rc, "mem_llc reads it");
	is_int((long long)(32 * M), (long long)l.bytes, "the last level: L3, 32M");
	is_int(MEM_LLC_SYSFS, l.from, "... from sysfs");
	is_int(cpus > 2 ? (cpus + 1) / 2 : 1, l.instances, "one per 2 of the %u CPUs", cpus);
	is_int((long long)(32 * M), (long long)mem_llc_used(&l, 1), "one process uses one cache");
	is_int((long long)(128 * M), (long long)mem_bw_size(&l, 1),
	       "a buffer that measures memory: 4 x 32M, 128M");
	is_int(1, mem_cache_sized(&l, 1, 128 * M - 64), "128M less 64 bytes is cache-sized");
	is_int(0, mem_cache_sized(&l, 1, 128 * M), "128M is not");
	is_int(1, mem_cache_sized(&l, 1, 64 * M), "64M, 2 x the cache, is");
	if (cpus > 2)
		is_string("32M x 2", mem_llc_name(buf, sizeof(buf), &l), "named with its instances");
	else
		is_string("32M", mem_llc_name(buf, sizeof(buf), &l), "named by its size");

	/* A cache per CPU: parallel copies use one each. */
	put_cache(root, 3, NULL, NULL, "1M\n", "0\n");
	mem_llc(&l);
	is_int(cpus, l.instances, "a cache each of the %u CPUs", cpus);
	is_int((long long)(cpus > 1 ? 2 * M : 1 * M), (long long)mem_llc_used(&l, 2),
	       "two copies use two caches where there are two");
	is_int((long long)(8 * M), (long long)mem_bw_size(&l, 1),
	       "4 x 1M is under STREAM's least, 8M: 8M");
	is_int(0, mem_cache_sized(&l, 1, 4 * M), "but 4M is past a 1M cache");

	/* HOSTBENCH_LLC first; one that is no size is refused. */
	setenv("HOSTBENCH_LLC", "512k", 1);
	is_int(0, mem_llc(&l), "HOSTBENCH_LLC=512k");
	ok(l.bytes == 512 * K && l.from == MEM_LLC_ENV && l.instances == 1,
	   "... is the cache, one of it");
	is_string("512K (HOSTBENCH_LLC)", mem_llc_name(buf, sizeof(buf), &l), "... and says so");
	setenv("HOSTBENCH_LLC", "lots", 1);
	errno = 0;
	rc = mem_llc(&l);
	ok(rc == -1 && errno == EINVAL, "HOSTBENCH_LLC=lots: -1, EINVAL");
	ok(l.bytes == 1 * M && l.from == MEM_LLC_SYSFS, "... with what sysfs says");
	is_string("HOSTBENCH_LLC: 'lots' is not a size (a whole number with optional suffix k, m or g);"
		  " allowed: 1k .. 16g", mem_llc_env_error(buf, sizeof(buf)), "... and why");
	setenv("HOSTBENCH_LLC", "512", 1);
	ok(mem_llc(&l) == -1, "HOSTBENCH_LLC=512: under 1k, refused");
	unsetenv("HOSTBENCH_LLC");

	/* Nothing tells: 4M assumed, and said. */
	snprintf(empty, sizeof(empty), "%s/empty", root);
	if (mkdir(empty, 0700) != 0)
		bail("mkdir %s: %s", empty, strerror(errno));
	sysinfo_set_root(empty);
	is_int(0, mem_llc(&l), "no sysfs: not an error");
	ok(l.bytes == MEM_LLC_DEFAULT && l.from == MEM_LLC_ASSUMED && l.instances == 1,
	   "the default, 4M, assumed");
	is_string("unknown (4M assumed)", mem_llc_name(buf, sizeof(buf), &l), "... and said so");
	is_int((long long)(16 * M), (long long)mem_bw_size(&l, 1), "a buffer that outgrows it: 16M");
	sysinfo_set_root(NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd) != 0)
		diag("could not remove %s", root);
}

int
main(void)
{
	uint64_t v;

	plan(77);

	/* A board with 20 MB to spare: 10 MB is the share of one benchmark. */
	setenv("HOSTBENCH_MEM_AVAILABLE", "20m", 1);
	if (mem_available() != 20 * M)
		skip_all("less than 20 MB available here");
	is_int((long long)(20 * M), (long long)mem_available(), "HOSTBENCH_MEM_AVAILABLE=20m: 20M");
	is_int(8 * M, (long long)mem_fit(8 * M, 1, 512, 64), "8M in one buffer fits: as asked");
	is_int(10 * M, (long long)mem_fit(10 * M, 1, 512, 64), "exactly the share fits");
	is_int(10 * M, (long long)mem_fit(64 * M, 1, 512, 1 * M), "64M is reduced to the 10M share");
	is_int(5 * M, (long long)mem_fit(8 * M, 2, 512, 64), "two 8M buffers: 5M each");
	v = mem_fit(64 * M, 3, 4 * K, 4 * K);
	ok(v % (4 * K) == 0 && 3 * v <= 10 * M && 3 * (v + 4 * K) > 10 * M,
	   "three buffers: the largest multiple of 4K that fits (%llu)", (unsigned long long)v);
	v = mem_fit(64 * M, 1, 1, 3000);
	ok(v % 3000 == 0 && v <= 10 * M && v + 3000 > 10 * M,
	   "a unit that is no power of two: its largest multiple (%llu)", (unsigned long long)v);
	is_int(10 * M, (long long)mem_fit(64 * M, 1, 1, 0), "unit 0: any size");
	is_int(0, (long long)mem_fit(64 * M, 2, 8 * M, 1 * M), "below min: 0");
	is_int(0, (long long)mem_fit(64 * M, 1, 1, 16 * M), "no whole unit fits: 0");
	is_int(64 * M, (long long)mem_fit(64 * M, 0, 1, 1), "no buffers: want");
	is_int(10 * M / 11, (long long)mem_fit(1 * M, 11, 1, 1), "eleven 1M buffers: 10M / 11 each");
	setenv("HOSTBENCH_MEM_AVAILABLE", "1000001", 1);
	is_int(500000, (long long)mem_fit(1 * M, 1, 1, 1), "an odd amount: half, rounded down");
	setenv("HOSTBENCH_MEM_AVAILABLE", "20MB", 1);
	is_int((long long)(20 * M), (long long)mem_available(), "20MB reads as 20M");
	test_report();

	setenv("HOSTBENCH_MEM_AVAILABLE", "lots", 1);
	ok(mem_available() > 20 * M || mem_available() == 0,
	   "a value that is no size is ignored (with a warning)");
	unsetenv("HOSTBENCH_MEM_AVAILABLE");
	test_limit(0, "ulimit -v", "VmSize:");
#ifdef RLIMIT_DATA
	test_limit(1, "ulimit -d", "VmData:");
#else
	skip("no RLIMIT_DATA"); skip("no RLIMIT_DATA"); skip("no RLIMIT_DATA"); skip("no RLIMIT_DATA");
#endif
	test_names();
	test_alloc();
	{
		struct mem_llc l;
		int rc = mem_llc(&l);

		ok(rc == 0 && l.bytes >= 1024 && l.bytes % 1024 == 0 && l.instances >= 1,
		   "mem_llc here: whole KB (%llu), at least one", (unsigned long long)l.bytes);
		if (access("/sys/devices/system/cpu/cpu0/cache/index0/size", R_OK) == 0)
			is_int(MEM_LLC_SYSFS, l.from, "sysfs tells the cache sizes here: the LLC is known");
		else
			skip("no cache sizes in sysfs here");
	}
	test_llc();
	return 0;
}
