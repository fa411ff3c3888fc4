/*
 * resfile-t: reading hostbench and lmbench3 result files, bad files, and
 * the rules that take a summary column's value from a run.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/output.h"
#include "core/utf8.h"
#include "read/metric_table.h"
#include "read/resfile.h"
#include "read/resfile_col.h"
#include "tap/basic.h"

static const char hb[] =
	"hostbench: 0.1.0\n"
	"host: nas\n"
	"os: Linux 2.6.18\n"
	"arch: armv5tel\n"
	"governor: ondemand\n"
	"note: without CSR\n"
	"load: 0.20\n"
	"bench: lat_syscall\n"
	"args: null\n"
	"load: 0.70\n"
	"status: ok\n"
	"bench: lat_syscall\n"
	"args: -N 3 -o raw null\n"
	"parallel: 1\n"
	"precision: not-reached ±3.10% (target ±1%) after 3 samples\n"
	"BenchmarkLatSyscall/op=null\t1000\t120 ns/op\n"
	"BenchmarkLatSyscall/op=null\t1000\t100 ns/op\n"
	"BenchmarkLatSyscall/op=null\t1000\t110 ns/op\n"
	"BenchmarkLatSyscall/op=read\t1000\t200 ns/op\n"
	"BenchmarkLatSyscall/op=read\t1000\t220 ns/op\n"
	"BenchmarkLatSyscall/op=write\t1000\t300 ns/op\n"
	"BenchmarkLatSyscall/op=write\t1000\t320 ns/op\n"
	"BenchmarkLatSyscall/op=write\t1000\t340 ns/op\n"
	"BenchmarkLatFs/op=create/size=0K\t10\t10000 ns/op\t100000 files/s\n"
	"BenchmarkBwMem/op=frd/size=256K\t10\t9000 MB/s\n"
	"BenchmarkBwMem/op=frd/size=64M\t10\t2000 MB/s\n"
	"BenchmarkBwMem/op=frd/size=8M\t10\t3000 MB/s\n"
	"BenchmarkBwMem/op=frd/size=128M-2\t10\t1000 MB/s\n"
	"BenchmarkLatMemRd/order=stride/stride=128/size=1024\t10\t1.5 ns/op\n"
	"BenchmarkLatMemRd/order=stride/stride=128/size=128K\t10\t4.5 ns/op\n"
	"BenchmarkLatCtx/size=0K/procs=2/placement=spread\t10\t20000 ns/op\n"
	"BenchmarkLatCtx/size=0K/procs=2/placement=one\t10\t2000 ns/op\n"
	"bench: lat_ctx\n"
	"args: 2\n"
	"status: failed: lat_ctx: fork: Resource temporarily unavailable\n"
	"bench: lat_ctx\n"
	"args: -s 0 2\n"
	"status: implausible: LatCtx/size=0K/procs=2/placement=one: 0 ns/op is not above 0\n"
	"# noisy: other processes used 0.93 CPUs (threshold 0.25)\n"
	"bench: lmdd\n"
	"args: if= move=8m flush=1\n"
	"status: ok\n"
	"BenchmarkLmdd/op=read/size=8M/bs=1M/flush=1/pass=first\t8\t900 MB/s\n"
	"BenchmarkLmdd/op=read/size=8M/bs=1M/flush=1/pass=later\t8\t2500 MB/s\n"
	"# cache-below: the later passes ran at 2500 MB/s (median), 2.78x the first pass's 900 MB/s\n";

static const char lm[] =
	"[lmbench3.0 results for Linux nas 2.6.18 armv5tel]\n"
	"[HOSTNAME: nas]\n"
	"[SYSNAME: Linux]\n"
	"[RELEASE: 2.6.18]\n"
	"[MACHINE: armv5tel]\n"
	"[OS: armv5tel-linux-gnu]\n"
	"[MHZ: 266 MHz, 3.7594 nanosec clock]\n"
	"[LINE_SIZE: 32]\n"
	"[SYNC_MAX: 1]\n"
	"[USER: ]\n"
	"[Mon Nov 30 02:18:22 UTC 2026]\n"
	"[ 02:18:22 up 32 min, 0 user, load average: 0.10, 1.21, 1.50]\n"
	"[mount: proc on /proc type proc (rw,relatime)]\n"
	"Simple syscall: 1.5000 microseconds\n"
	"Select on 100 tcp fd's: 50.1 microseconds\n"
	"unable to register (XACT_PROG, XACT_VERS, udp).\n"
	"integer add: 0.00 nanoseconds\n"
	"integer mul: 7.50 nanoseconds\n"
	"float mul parallelism: 2.50\n"
	"TCP latency using 192.168.1.2: 300.5 microseconds\n"
	"Segmentation fault (core dumped)\n"
	"\n"
	"\"size=16k ovr=1.2\n"
	"2 40.5\n"
	"8 45.0\n"
	"\n"
	"\"File system latency\n"
	"0k\t1000\t20000\t50000\n"
	"\n"
	"Memory load latency\n"
	"\"stride=128\n"
	"0.00049 3.1\n"
	"0.00098 3.2\n"
	"0.12500 20.0\n"
	"32.00000 200.5\n"
	"\n"
	"Socket bandwidth using localhost\n"
	"0.000064 11.5 MB/sec\n"
	"10.485760 40.0 MB/sec\n"
	"\n"
	"\"read bandwidth\n"
	"0.524288 100.0\n"
	"1.05 90.0\n";

/* Two rounds of a run: the suite's header, the program's, its records,
 * the noise line; round 2 again, the second case reduced. */
static const char rounds[] =
	"hostbench: 0.1.0\n"
	"host: nas\n"
	"rounds: 2\n"
	"round: 1\n"
	"bench: lat_syscall\n"
	"args: null\n"
	"status: ok\n"
	"bench: lat_syscall\n"
	"args: -N 2 -o raw null\n"
	"BenchmarkLatSyscall/op=null\t1000\t100 ns/op\n"
	"BenchmarkLatSyscall/op=null\t1000\t102 ns/op\n"
	"# noise: cpu-others=0.05 steal=0.01 ticks=12\n"
	"bench: bw_mem\n"
	"args: 8m rd\n"
	"status: ok\n"
	"BenchmarkBwMem/op=rd/size=8M\t10\t5000 MB/s\n"
	"# noise: cpu-others=1.02 steal=0.00\n"
	"round: 2\n"
	"bench: lat_syscall\n"
	"args: null\n"
	"status: ok\n"
	"bench: lat_syscall\n"
	"args: -N 2 -o raw null\n"
	"BenchmarkLatSyscall/op=null\t1000\t110 ns/op\n"
	"BenchmarkLatSyscall/op=null\t1000\t112 ns/op\n"
	"# noise: cpu-others=0.00 steal=0.00\n"
	"bench: bw_mem\n"
	"args: 8m rd\n"
	"status: ok\n"
	"size-reduced: SIZE 8M to 4M (50% of 8M available)\n"
	"BenchmarkBwMem/op=rd/size=8M\t10\t6000 MB/s\n";

/*
 * One run in the result lines of older files (a run's own figures as
 * benchmarks of their own: /stat=, /cpu=, /sockbuf=, /level=, Line) and
 * in today's (the same figures as units on the lines of their result,
 * with "Unit" lines for benchstat): they must read as one run.
 */
static const char old_form[] =
	"hostbench: 0.1.0\n"
	"host: nas\n"
	"# bench: lat_tcp\n"
	"BenchmarkLatTcp/size=1/placement=one\t150\t14319 ns/op\n"
	"BenchmarkLatTcp/size=1/placement=one\t150\t14207 ns/op\n"
	"BenchmarkLatTcp/size=1/placement=one/stat=p50\t417\t13792 ns/op\n"
	"BenchmarkLatTcp/size=1/placement=one/stat=p90\t417\t14752 ns/op\n"
	"BenchmarkLatTcp/size=1/placement=one/stat=p99\t417\t15904 ns/op\n"
	"# bench: lat_usleep\n"
	"BenchmarkLatUsleep/method=nanosleep/stat=p50/usec=100/load=2\t100\t68352 ns/op\n"
	"BenchmarkLatUsleep/method=nanosleep/stat=p50/usec=100/load=2\t100\t67840 ns/op\n"
	"BenchmarkLatUsleep/method=nanosleep/stat=max/usec=100/load=2\t100\t145484 ns/op\n"
	"BenchmarkLatUsleep/method=nanosleep/stat=max/usec=100/load=2\t100\t86366 ns/op\n"
	"# bench: bw_tcp\n"
	"BenchmarkBwTcp/size=64K/placement=one-2\t1570\t3063.83 MB/s\t24510.6 Mbit/s\n"
	"BenchmarkBwTcp/size=64K/placement=one/cpu=local-2\t1\t0 %user\t31.6 %sys\t0 %irq\t15.8 %softirq\t0.3 us/KB\n"
	"BenchmarkBwTcp/size=64K/placement=one/cpu=local-own-2\t1\t0 %user\t9.77 %sys\t0.0667 us/KB\n"
	"BenchmarkBwTcp/size=64K/placement=one/cpu=remote-own-2\t1\t0.02 %user\t39.4 %sys\t0.265 us/KB\n"
	"BenchmarkBwTcp/size=64K/placement=one/sockbuf=granted-2\t1\t3939840 bytes-sndbuf\t131072 bytes-rcvbuf\n"
	"# bench: lat_load\n"
	"BenchmarkLatLoad/streams=1+1/placement=one/rtt=idle/stat=p50\t50\t30000 ns/op\n"
	"BenchmarkLatLoad/streams=1+1/placement=one/rtt=idle/stat=p99\t50\t90000 ns/op\n"
	"BenchmarkLatLoad/streams=1+1/placement=one/rtt=added\t1\t100 p50-ns\t200 p99-ns\n"
	"# bench: cache\n"
	"BenchmarkCache/stride=64/size=32K\t1000\t1.1 ns/op\t1.0 best-ns/op\n"
	"BenchmarkLine\t1\t64 bytes\n"
	"BenchmarkCache/level=1\t1\t32768 bytes\t1.08 ns/op\n"
	"BenchmarkCache/level=2\t1\t1048576 bytes\t3.9 ns/op\n"
	"# bench: tlb\n"
	"BenchmarkTlb/level=1\t1\t64 pages\t262144 bytes\n";

static const char new_form[] =
	"hostbench: 0.1.0\n"
	"host: nas\n"
	"Unit p50-ns better=lower\n"
	"Unit l1-bytes assume=exact\n"
	"# bench: lat_tcp\n"
	"BenchmarkLatTcp/size=1/placement=one\t150\t14319 ns/op\n"
	"BenchmarkLatTcp/size=1/placement=one\t150\t14207 ns/op\n"
	"BenchmarkLatTcp/size=1/placement=one\t417\t13792 p50-ns\t14752 p90-ns\t15904 p99-ns\n"
	"# bench: lat_usleep\n"
	"BenchmarkLatUsleep/method=nanosleep/usec=100/load=2\t100\t68352 p50-ns\t145484 max-ns\n"
	"BenchmarkLatUsleep/method=nanosleep/usec=100/load=2\t100\t67840 p50-ns\t86366 max-ns\n"
	"# bench: bw_tcp\n"
	"BenchmarkBwTcp/size=64K/placement=one-2\t1570\t3063.83 MB/s\t24510.6 Mbit/s\n"
	"BenchmarkBwTcp/size=64K/placement=one-2\t1570\t0 local-%user\t31.6 local-%sys\t0 local-%irq"
	"\t15.8 local-%softirq\t0.3 local-us/KB\n"
	"BenchmarkBwTcp/size=64K/placement=one-2\t1570\t0 local-own-%user\t9.77 local-own-%sys"
	"\t0.0667 local-own-us/KB\n"
	"BenchmarkBwTcp/size=64K/placement=one-2\t1570\t0.02 remote-own-%user\t39.4 remote-own-%sys"
	"\t0.265 remote-own-us/KB\n"
	"BenchmarkBwTcp/size=64K/placement=one-2\t1\t3939840 bytes-sndbuf\t131072 bytes-rcvbuf\n"
	"# bench: lat_load\n"
	"BenchmarkLatLoad/streams=1+1/placement=one/rtt=idle\t50\t30000 p50-ns\t90000 p99-ns\n"
	"BenchmarkLatLoad/streams=1+1/placement=one/rtt=added\t50\t100 p50-ns\t200 p99-ns\n"
	"# bench: cache\n"
	"BenchmarkCache/stride=64/size=32K\t1000\t1.1 ns/op\t1.0 best-ns/op\n"
	"BenchmarkCache\t1\t64 line-bytes\n"
	"BenchmarkCache\t1\t32768 l1-bytes\t1.08 l1-ns/op\n"
	"BenchmarkCache\t1\t1048576 l2-bytes\t3.9 l2-ns/op\n"
	"# bench: tlb\n"
	"BenchmarkTlb\t1\t64 l1-pages\t262144 l1-bytes\n";

/* "" when runs a and b hold the same results (names, units, samples, in order); else the first difference. */
static const char *
same_results(const struct resfile_run *a, const struct resfile_run *b)
{
	static char why[512];
	size_t i, j;

	if (a->nresults != b->nresults) {
		snprintf(why, sizeof(why), "%zu results, %zu", a->nresults, b->nresults);
		return why;
	}
	for (i = 0; i < a->nresults; i++) {
		const struct resfile_result *x = &a->results[i], *y = &b->results[i];
		int same = strcmp(x->name, y->name) == 0 && strcmp(x->unit, y->unit) == 0 && x->n == y->n;

		for (j = 0; same && j < x->n; j++)
			same = x->v[j] == y->v[j];
		if (!same) {
			snprintf(why, sizeof(why), "%s %s (%zu) against %s %s (%zu)", x->name, x->unit, x->n,
				 y->name, y->unit, y->n);
			return why;
		}
	}
	return "";
}

static int
parse(struct resfile_run *r, const char *path, const char *text, char *err, size_t len)
{
	resfile_init(r);
	err[0] = '\0';
	return resfile_parse(r, path, text, strlen(text), err, len);
}

static double
column(const struct resfile_run *r, const char *section, const char *label)
{
	struct resfile_value v;
	double x = NAN;
	size_t i;

	for (i = 0; i < metric_count; i++) {
		const struct metric *m = &metric_table[i];

		if (m->section != NULL && strcmp(m->section, section) == 0
		    && strcmp(m->column, label) == 0) {
			if (resfile_column(r, m, &v) == 0 && v.present)
				x = v.value;
			resfile_value_free(&v);
			return x;
		}
	}
	diag("no column %s/%s", section, label);
	return x;
}

/*
 * Two processes' percentiles and their histograms: 10, 20, 30, 40 ns and
 * 50, 60, 70, 80 ns.  The run's p50 is the 4th of all 8 (40 ns), not the
 * median of the processes' sample p50s (25, 25, 65, 65: 45 ns).
 */
static const char hists[] =
	"host: x\n"
	"bench: lat_usleep\n"
	"args:\n"
	"status: ok\n"
	"BenchmarkLatUsleep/method=nanosleep/stat=p50/usec=100\t4\t25 ns/op\n"
	"BenchmarkLatUsleep/method=nanosleep/stat=p50/usec=100\t4\t25 ns/op\n"
	"# hist: BenchmarkLatUsleep/method=nanosleep/usec=100 ns/op loglin-7-44 n=4 min=10 max=40 "
	"10:1 20:1 30:1 40:1\n"
	"# noise: cpu-others=0.00 steal=0.00 ticks=10\n"
	"bench: lat_usleep\n"
	"args:\n"
	"status: ok\n"
	"BenchmarkLatUsleep/method=nanosleep/stat=p50/usec=100\t4\t65 ns/op\n"
	"BenchmarkLatUsleep/method=nanosleep/stat=p50/usec=100\t4\t65 ns/op\n"
	"# hist: BenchmarkLatUsleep/method=nanosleep/usec=100 ns/op loglin-7-44 n=4 min=50 max=80 "
	"50:1 60:1 70:1 80:1\n"
	"# hist: BenchmarkLatUsleep/method=nanosleep/usec=100 ns/op loglin-7-44 n=4 min=50 max=20\n"
	"# noise: cpu-others=0.00 steal=0.00 ticks=10\n";

static const char *
column_text(const struct resfile_run *r, const char *section, const char *label)
{
	struct resfile_value v;
	size_t i;

	for (i = 0; i < metric_count; i++) {
		const struct metric *m = &metric_table[i];

		if (m->section != NULL && strcmp(m->section, section) == 0
		    && strcmp(m->column, label) == 0 && resfile_column(r, m, &v) == 0)
			return v.present ? v.text : NULL;
	}
	return NULL;
}

static int
has_flag(const struct resfile_run *r, const char *text)
{
	size_t i;

	for (i = 0; i < r->nflags; i++)
		if (strstr(r->flags[i], text) != NULL)
			return 1;
	return 0;
}

/*
 * A suite's run: the fingerprint names the clock, each program's own
 * "clock:" line says what a reading costs (27 ns).  A nanosleep's
 * lateness of 12 ns, one wake-up timed singly, is below it; AF UNIX's
 * 90000 MB/s is above the run's fastest memory test (rd, 70000 MB/s) by
 * more than the margin, the pipe's 8000 MB/s is not.
 */
static const char bounds[] =
	"hostbench: 0.1.0\n"
	"host: x\n"
	"clock: clock_gettime(CLOCK_MONOTONIC)\n"
	"bench: lat_usleep\n"
	"args:\n"
	"clock: clock_gettime(CLOCK_MONOTONIC), resolution 20 ns, cost 27 ns\n"
	"status: ok\n"
	"BenchmarkLatUsleep/method=nanosleep/stat=p50/usec=100\t4\t12 ns/op\n"
	"BenchmarkLatUsleep/method=nanosleep/stat=p50/usec=100\t4\t12 ns/op\n"
	"BenchmarkLatUsleep/method=nanosleep/stat=p99/usec=100\t4\t30 ns/op\n"
	"BenchmarkLatUsleep/method=nanosleep/stat=p99/usec=100\t4\t30 ns/op\n"
	"bench: bw_unix\n"
	"args:\n"
	"clock: clock_gettime(CLOCK_MONOTONIC), resolution 20 ns, cost 28 ns\n"
	"status: ok\n"
	"BenchmarkBwUnix/msg=64K/placement=one\t2\t90000 MB/s\n"
	"BenchmarkBwUnix/msg=64K/placement=one\t2\t90000 MB/s\n"
	"BenchmarkBwPipe/msg=64K/placement=one\t2\t8000 MB/s\n"
	"BenchmarkBwPipe/msg=64K/placement=one\t2\t8000 MB/s\n"
	"bench: bw_mem\n"
	"args:\n"
	"status: ok\n"
	"BenchmarkBwMem/op=rd/size=64M\t2\t70000 MB/s\n"
	"BenchmarkBwMem/op=rd/size=64M\t2\t70000 MB/s\n"
	"BenchmarkBwMem/op=wr/size=64M\t2\t30000 MB/s\n"
	"BenchmarkBwMem/op=wr/size=64M\t2\t30000 MB/s\n";

/* Column section/label of r into *v (free it); 0, or -1 without one. */
static int
cell(const struct resfile_run *r, const char *section, const char *label,
     struct resfile_value *v)
{
	size_t i;

	memset(v, 0, sizeof(*v));
	for (i = 0; i < metric_count; i++) {
		const struct metric *m = &metric_table[i];

		if (m->section != NULL && strcmp(m->section, section) == 0
		    && strcmp(m->column, label) == 0)
			return resfile_column(r, m, v);
	}
	return -1;
}

/* The bounds across a run's results: its clock's cost, its memory tests. */
static void
test_run_bounds(void)
{
	struct resfile_run r;
	struct resfile_value v;
	char err[512], *text, *cut;

	ok(parse(&r, "bounds.0", bounds, err, sizeof(err)) == 0, "a run to bound parses: %s", err);
	is_string("clock_gettime(CLOCK_MONOTONIC)", resfile_config(&r, "clock"),
		  "the fingerprint's clock stands for the run");
	ok(cell(&r, "more", "sleep late p50", &v) == 0 && !v.present && v.implausible
	   && strcmp(v.why, "12 ns per operation timed singly is below the clock's cost (27 ns)") == 0,
	   "a wake-up timed singly below the first program's clock cost is blank: %s", v.why);
	resfile_value_free(&v);
	ok(cell(&r, "more", "sleep late p99", &v) == 0 && v.present && !v.implausible,
	   "one above it stands");
	resfile_value_free(&v);
	ok(cell(&r, "bw", "AF UNIX", &v) == 0 && !v.present && v.implausible
	   && strcmp(v.why, "AF UNIX 90000 MB/s is above the run's fastest memory bandwidth, "
			    "70000 MB/s") == 0,
	   "data through a socket faster than the run's memory is blank: %s", v.why);
	resfile_value_free(&v);
	ok(cell(&r, "bw", "Pipe", &v) == 0 && v.present && fabs(v.value - 8000) < 1e-9,
	   "a pipe below it stands");
	resfile_value_free(&v);
	ok(cell(&r, "membw", "rd", &v) == 0 && v.present, "the memory test itself stands");
	resfile_value_free(&v);
	resfile_free(&r);

	/* An older file: no cost on any clock line, no memory test. */
	text = malloc(sizeof(bounds));
	if (text == NULL)
		bail("no memory");
	memcpy(text, bounds, sizeof(bounds));
	while ((cut = strstr(text, ", cost")) != NULL)
		memcpy(cut, "; time", 6);
	cut = strstr(text, "bench: bw_mem");
	*cut = '\0';
	ok(parse(&r, "old.0", text, err, sizeof(err)) == 0, "without them it parses: %s", err);
	ok(cell(&r, "more", "sleep late p50", &v) == 0 && v.present && fabs(v.value - 0.012) < 1e-9,
	   "without the clock's cost the wake-up stands");
	resfile_value_free(&v);
	ok(cell(&r, "bw", "AF UNIX", &v) == 0 && v.present && fabs(v.value - 90000) < 1e-9,
	   "without a memory test the socket's rate stands");
	resfile_value_free(&v);
	resfile_free(&r);
	free(text);
}

/*
 * Cache-sized results (in=cache: buffers under 4 x the last-level cache)
 * fill the cache columns, never the memory's; a run of full's sizes has
 * both, each column taking the largest of its own.
 */
static const char cache_sized[] =
	"hostbench: 0.1.0\n"
	"host: board\n"
	"llc: 2M\n"
	"BenchmarkBwMem/op=frd/size=256K/in=cache\t2\t90000 MB/s\n"
	"BenchmarkBwMem/op=frd/size=4M/in=cache\t2\t40000 MB/s\n"
	"BenchmarkBwMem/op=frd/size=8M\t2\t9000 MB/s\n"
	"BenchmarkBwMem/op=rd/size=1M/in=cache\t2\t50000 MB/s\n"
	"BenchmarkStream/op=copy/size=1M/in=cache\t2\t30000 MB/s\n";

static void
test_cache_sized(void)
{
	struct resfile_run r;
	struct resfile_value v;
	char err[512];

	ok(parse(&r, "cache.0", cache_sized, err, sizeof(err)) == 0, "cache-sized results parse: %s", err);
	ok(cell(&r, "bw", "Mem read", &v) == 0 && v.present && fabs(v.value - 9000) < 1e-9
	   && strcmp(v.source, "BwMem/op=frd/size=8M") == 0,
	   "Mem read: the memory-sized 8M, never a larger value of the caches (%s)",
	   v.source != NULL ? v.source : "none");
	resfile_value_free(&v);
	ok(cell(&r, "cachebw", "frd", &v) == 0 && v.present && fabs(v.value - 40000) < 1e-9,
	   "the cache column: the largest cache-sized one, 4M");
	resfile_value_free(&v);
	ok(cell(&r, "membw", "rd", &v) == 0 && !v.present,
	   "rd, cache-sized only: no memory rd at all");
	resfile_value_free(&v);
	ok(cell(&r, "cachebw", "rd", &v) == 0 && v.present && fabs(v.value - 50000) < 1e-9,
	   "... but a cache rd");
	resfile_value_free(&v);
	ok(cell(&r, "stream", "STREAM copy", &v) == 0 && !v.present,
	   "STREAM copy on arrays the caches hold is no STREAM copy of the memory");
	resfile_value_free(&v);
	ok(cell(&r, "cachestream", "STREAM copy", &v) == 0 && v.present && fabs(v.value - 30000) < 1e-9,
	   "... it is the cache column's");
	resfile_value_free(&v);
	resfile_free(&r);

	/*
	 * Memory tests sized past the caches bound no data that may have
	 * stayed in them: a file of 4M, under 4 x the run's 2M cache, reread
	 * from the page cache faster than the memory moves, stands; one of
	 * 64M does not, nor one in a run that says no cache.
	 */
	ok(parse(&r, "reread.0", "hostbench: 0.1.0\nllc: 2M\n"
		 "BenchmarkBwMem/op=rd/size=8M\t2\t9000 MB/s\n"
		 "BenchmarkBwMmapRd/op=mmap_only/size=4M\t2\t30000 MB/s\n", err, sizeof(err)) == 0,
	   "a reread in the caches parses: %s", err);
	ok(cell(&r, "bw", "Mmap reread", &v) == 0 && v.present && !v.implausible,
	   "a 4M reread above the memory's bandwidth, where the cache is 2M, stands");
	resfile_value_free(&v);
	resfile_free(&r);
	ok(parse(&r, "reread.1", "hostbench: 0.1.0\nllc: unknown (4M assumed)\n"
		 "BenchmarkBwMem/op=rd/size=16M\t2\t9000 MB/s\n"
		 "BenchmarkBwMmapRd/op=mmap_only/size=64M\t2\t30000 MB/s\n", err, sizeof(err)) == 0,
	   "a reread past the caches parses: %s", err);
	ok(cell(&r, "bw", "Mmap reread", &v) == 0 && !v.present && v.implausible,
	   "a 64M one, past 4 x the 4M assumed, does not: %s", v.why);
	resfile_value_free(&v);
	resfile_free(&r);
	ok(parse(&r, "reread.2", "hostbench: 0.1.0\n"
		 "BenchmarkBwMem/op=rd/size=8M\t2\t9000 MB/s\n"
		 "BenchmarkBwMmapRd/op=mmap_only/size=4M\t2\t30000 MB/s\n", err, sizeof(err)) == 0,
	   "a run that records no cache parses: %s", err);
	ok(cell(&r, "bw", "Mmap reread", &v) == 0 && !v.present && v.implausible,
	   "... its memory tests bound its reread whatever the size: %s", v.why);
	resfile_value_free(&v);
	resfile_free(&r);
}

/*
 * A suite's run of today's form, a line of each role (lib/core/output's
 * output_keys): the suite's "# bench:" and the program's own "bench:"
 * after it, rounds, statuses, marks and flags.
 */
static const char roles[] =
	"hostbench: 0.1.0\n"
	"host: box\n"
	"# box-load: 9.00\n"
	"# sizes: before any case\n"
	"# round: 1\n"
	"# bench: lat_syscall\n"
	"# args: null\n"
	"# status: ok\n"
	"# noisy: other processes used 0.60 CPUs (threshold 0.25)\n"
	"# settled: rerun after noisy; kept the rerun\n"
	"bench: lat_syscall\n"
	"args: -N 2 -o raw null\n"
	"# placement: one\n"
	"# sample-time: 2.5 ms\n"
	"# noise-self: nivcsw=1 nvcsw=2 children-csw=0 wall-ms=40 run-ms=30.0 wait-ms=10.0\n"
	"BenchmarkLatSyscall/op=null\t1000\t100 ns/op\n"
	"BenchmarkLatSyscall/op=null\t1000\t102 ns/op\n"
	"# noise: cpu-others=0.60 steal=0.05 ticks=40\n"
	"# noisy: a line after the case's noise\n"
	"# bench: lmdd\n"
	"# args:\n"
	"# status: ok\n"
	"# size-reduced: SIZE 64M to 8M (50% of 16M available)\n"
	"BenchmarkLmdd/op=read/size=8M/bs=1M/flush=1/pass=first\t8\t900 MB/s\n"
	"# cache-below: the later passes ran at 2500 MB/s\n"
	"# round: 2\n"
	"# noise: cpu-others=0.90 steal=0.00 ticks=10\n"
	"# bench: lat_syscall\n"
	"# args: null\n"
	"# status: failed: killed by signal 9\n"
	"BenchmarkLatSyscall/op=null\t1000\t5 ns/op\n"
	"# bench: lat_ctx\n"
	"# args: 2\n"
	"# status: ok\n"
	"# precision: not-reached ±3.00% (target ±1%) after 3 samples\n"
	"# load: 1.50\n"
	"cpu0-governor: powersave\n"
	"BenchmarkLatCtx/size=0K/procs=2/placement=one\t10\t2000 ns/op\n"
	"bench: lat_ctx\n"
	"BenchmarkLatCtx/size=0K/procs=2/placement=one\t10\t2100 ns/op\n";

static void
test_roles(void)
{
	struct resfile_run r;
	const struct resfile_result *x;
	char err[512];

	ok(parse(&r, "roles.0", roles, err, sizeof(err)) == 0, "a run with a line of each role parses: %s", err);
	/* case */
	is_int(5, (long)r.ncases, "bench: the program's own after the suite's # bench: of the same name "
	       "continues its case; the same name after results opens one");
	/* args */
	ok(r.ncases == 5 && strcmp(r.cases[0].args, "null") == 0,
	   "args: a case's are the suite's, not the program's that follow");
	ok(r.ncases == 5 && strcmp(r.cases[1].args, "") == 0, "\"# args:\" alone: none");
	/* round */
	ok(r.ncases == 5 && r.cases[0].round == 1 && r.cases[1].round == 1 && r.cases[2].round == 2,
	   "round: the cases after it are of that round");
	ok(r.ncases == 5 && isnan(r.cases[1].others),
	   "round: it closes the case (the noise line after it is not lmdd's)");
	ok(resfile_config(&r, "round") == NULL, "round: not configuration");
	/* status */
	ok(has_flag(&r, "lat_syscall null: failed: killed by signal 9"), "status: a failure flags the run");
	x = resfile_find(&r, "LatSyscall/op=null", "ns/op");
	ok(x != NULL && x->n == 2 && x->v[0] == 100 && x->v[1] == 102,
	   "status: the failed case's records are no results");
	ok(resfile_config(&r, "status") == NULL, "status: not configuration");
	/* precision */
	ok(has_flag(&r, "lat_ctx 2: precision not reached: ±3.00% (target ±1%) after 3 samples"),
	   "precision: not-reached flags the case");
	ok(resfile_config(&r, "precision") == NULL, "precision: not configuration");
	/* sample-time, size-reduced */
	ok(r.ncases == 5 && r.cases[0].sample_ms == 2.5 && isnan(r.cases[1].sample_ms),
	   "sample-time: the case's time of one sample");
	is_string("2.5 ms", resfile_config(&r, "sample-time"), "sample-time: configuration too");
	ok(r.ncases == 5 && r.cases[1].reduced != NULL && strstr(r.cases[1].reduced, "to 8M") != NULL
	   && r.cases[0].reduced == NULL, "size-reduced: the case's own");
	/* load and governor */
	is_double(1.5, r.max_load, 1e-12, "load: the run's highest (the box's is not the host's)");
	is_string("9.00", resfile_config(&r, "box-load"), "the box's load is a run note of the fingerprint");
	ok(has_flag(&r, "governor powersave (not performance)"), "a CPU's governor (cpu0-governor) flags the run");
	/* noise and noise-self */
	ok(r.ncases == 5 && fabs(r.cases[0].others - 0.60) < 1e-12 && fabs(r.cases[0].steal - 0.05) < 1e-12
	   && r.cases[0].ticks == 40, "noise: the case's noise");
	ok(r.ncases == 5 && r.cases[0].run_ms == 30 && r.cases[0].wait_ms == 10 && r.cases[0].wall_ms == 40,
	   "noise-self: the case's own contention");
	ok(resfile_config(&r, "noise") == NULL && resfile_config(&r, "noise-self") == NULL,
	   "noise, noise-self: not configuration");
	/* flags */
	ok(has_flag(&r, "lat_syscall null: noisy: other processes used 0.60 CPUs (threshold 0.25)"),
	   "noisy: flags the case, under the suite's name for it");
	ok(!has_flag(&r, "a line after the case's noise"), "noisy: after the case's noise line, nothing");
	ok(has_flag(&r, "lmdd: cache below the page cache: the later passes ran at 2500 MB/s"),
	   "cache-below: flags the case in its own words");
	ok(resfile_config(&r, "noisy") == NULL && resfile_config(&r, "cache-below") == NULL,
	   "noisy, cache-below: not configuration");
	/* comment, notes */
	ok(resfile_config(&r, "settled") == NULL && !has_flag(&r, "rerun"), "settled: read as nothing");
	is_string("one", resfile_config(&r, "placement"), "a note in a case is configuration");
	ok(resfile_config(&r, "sizes") == NULL, "a note of plain configuration before any case is a comment");
	is_uint(6, r.nflags, "and nothing else is flagged");
	resfile_free(&r);
}

int
main(void)
{
	struct resfile_run r;
	const struct resfile_result *x;
	struct resfile_value v;
	char err[512], path[4096];
	const char *srcdir = getenv("top_srcdir");
	size_t i;

	plan(107 + 10 + 6 + 2 + 5 + 13 + 10 + 29);

	/* ------------------------------------------------ a run's own figures, old and new */
	{
		struct resfile_run o;

		ok(parse(&o, "old.0", old_form, err, sizeof(err)) == 0, "old-form lines parse: %s", err);
		ok(parse(&r, "new.0", new_form, err, sizeof(err)) == 0,
		   "their new form (units on the result's lines, Unit lines) parses: %s", err);
		is_string("", same_results(&o, &r), "both read as the same results, in the same order");
		x = resfile_find(&r, "BwTcp/size=64K/placement=one/cpu=local-own-2", "%sys");
		ok(x != NULL && x->n == 1 && x->v[0] == 9.77,
		   "local-own-%%sys of a parallel result reads as /cpu=local-own before its -2");
		x = resfile_find(&r, "LatLoad/streams=1+1/placement=one/rtt=added", "p50-ns");
		ok(x != NULL && x->v[0] == 100, "a percentile unit of the metric table's own stays as it is");
		resfile_free(&o);
		resfile_free(&r);
	}

	/* ------------------------------------------------ hostbench format */
	ok(parse(&r, "a.0", hb, err, sizeof(err)) == 0, "a hostbench file parses: %s", err);
	is_int(RESFILE_HOSTBENCH, r.format, "it is read as hostbench's format");
	is_string("nas", resfile_config(&r, "host"), "the host is in the fingerprint");
	is_string("without CSR", resfile_config(&r, "note"), "so is the note");
	is_string("0.20", resfile_config(&r, "load"), "the fingerprint keeps its own load");
	is_string("1", resfile_config(&r, "parallel"), "keys after the fingerprint are found too");
	is_string("armv5tel-linux", resfile_config(&r, "platform"), "the platform is arch-os");
	x = resfile_find(&r, "LatSyscall/op=null", "ns/op");
	ok(x != NULL && x->n == 3 && x->v[1] == 100, "every sample line is kept, in order");
	ok(resfile_find(&r, "LatFs/op=create/size=0K", "files/s") != NULL,
	   "a second value-unit pair is a result of its own");
	is_double(0.70, r.max_load, 1e-12, "the highest load is kept");
	ok(has_flag(&r, "governor ondemand"), "a governor other than performance is flagged");
	ok(has_flag(&r, "load 0.70 (above 0.5)"), "load above 0.5 is flagged");
	ok(has_flag(&r, "lat_syscall null: precision not reached: ±3.10%"),
	   "a missed precision target is flagged with the suite's name for the run");
	ok(has_flag(&r, "lat_ctx 2: failed: lat_ctx: fork"), "a failed benchmark is flagged");
	ok(has_flag(&r, "lat_ctx -s 0 2: implausible: LatCtx/size=0K/procs=2/placement=one: 0 ns/op"),
	   "so is one that withheld a physically impossible value");
	ok(has_flag(&r, "lat_ctx -s 0 2: noisy: other processes used 0.93 CPUs (threshold 0.25)"),
	   "so is a case the suite marked noisy");
	ok(has_flag(&r, "lmdd if= move=8m flush=1: cache below the page cache: the later passes ran "
		    "at 2500 MB/s (median), 2.78x the first pass's 900 MB/s"),
	   "so is an lmdd read whose later passes a cache below the page cache served");
	is_double(900, column(&r, "disk", "disk read"), 1e-12, "disk read is the first pass's");
	is_uint(7, r.nflags, "and nothing else is");

	/* Column rules. */
	/* A time per operation: its lower quartile (type 7: 100, 110, 120 -> 105). */
	is_double(0.105, column(&r, "proc", "null call"), 1e-12,
		  "a column is the lower quartile of a time's samples, scaled (ns to us)");
	is_double((205.0 + 310.0) / 2 / 1000, column(&r, "proc", "null I/O"), 1e-12,
		  "null I/O is the mean of the read and write lower quartiles");
	is_double(2000, column(&r, "bw", "Mem read"), 0,
		  "largest size: 64M, not 256K or 8M, and never a parallel result");
	is_double(1.5, column(&r, "mem", "L1 $"), 0, "at size 1K matches size=1024");
	is_double(4.5, column(&r, "mem", "L2 $"), 0, "at size 128K");
	is_double(4.5, column(&r, "mem", "Main mem"), 0, "Main mem: the largest size");
	is_double(2.0, column(&r, "ctx", "2p/0K ctxsw"), 0,
		  "lmbench's context switch columns take the one-CPU placement");
	is_double(20.0, column(&r, "spread", "2p/0K ctxsw"), 0, "the spread one has its own column");
	is_double(10.0, column(&r, "filevm", "0K File Create"), 0, "0K file create in us");
	ok(isnan(column(&r, "proc", "fork proc")), "a missing result is blank");
	is_string("armv5tel-linux", column_text(&r, "params", "Description"),
		  "a text column takes a configuration value");
	for (i = 0; i < metric_count; i++)
		if (strcmp(metric_table[i].column, "null I/O") == 0)
			break;
	ok(resfile_column(&r, &metric_table[i], &v) == 0 && v.n == 2
	   && v.samples[0] == (200 + 300) / 2 / 1000.0 && v.samples[1] == (220 + 320) / 2 / 1000.0,
	   "a mean column's samples are pairwise means over the shorter run");
	resfile_value_free(&v);
	ok(resfile_select(&r, "BwMem/op=frd", "MB/s", METRIC_ONE, NULL) != NULL
	   && strcmp(resfile_select(&r, "BwMem/op=frd", "MB/s", METRIC_ONE, NULL)->name,
		     "BwMem/op=frd/size=256K") == 0,
	   "one: with no exact name, the first result under it");
	ok(resfile_select(&r, "LatCtx/size=0K/procs=2", "ns/op", METRIC_ONE, "placement=two") == NULL,
	   "one with an argument: only results that have the part");
	resfile_free(&r);

	/*
	 * The same file as lib/core/output writes it now: the keys that differ
	 * between runs as run notes ("# load: 0.70"), which benchstat skips
	 * and the reader takes as configuration lines.
	 */
	{
		static char notes[sizeof(hb) * 2];
		const char *line = hb;
		char *o = notes;
		size_t rewritten = 0;

		while (*line != '\0') {
			size_t n = strcspn(line, "\n"), k = strcspn(line, ": \n");
			char key[OUTPUT_MAX_KEY];

			snprintf(key, sizeof(key), "%.*s", (int)k, line);
			if (line[k] == ':' && output_key_is_run_note(key)) {
				memcpy(o, "# ", 2), o += 2;
				rewritten++;
			}
			memcpy(o, line, n + 1), o += n + 1;
			line += n + (line[n] == '\n');
		}
		*o = '\0';
		ok(rewritten == 8, "the fixture's note, two loads, four statuses and a precision become run notes (%zu)",
		   rewritten);
		ok(parse(&r, "notes.0", notes, err, sizeof(err)) == 0, "with run notes it parses: %s", err);
		is_string("without CSR", resfile_config(&r, "note"), "... the note is read");
		is_string("0.20", resfile_config(&r, "load"), "... the fingerprint's load too");
		is_double(0.70, r.max_load, 1e-12, "... and a case's load");
		ok(has_flag(&r, "lat_syscall null: precision not reached: ±3.10%"),
		   "... and the case's missed precision, under the name its status gave");
		resfile_free(&r);
	}

	/* ------------------------------------------------ bad files */
	ok(parse(&r, "bad.0", "host: x\nBenchmarkLatSyscall/op=null\t12\t1.5\n", err, sizeof(err)) == -1,
	   "a value without a unit is an error");
	is_string("bad.0:2: malformed result line", err, "naming the file and line");
	resfile_free(&r);
	ok(parse(&r, "big.0", "host: x\nBenchmarkLatSyscall/op=null\t12\t1e400 ns/op\n"
		 "BenchmarkLatSyscall/op=null\t12\t1.5 ns/op\n", err, sizeof(err)) == 0,
	   "one value out of range (1e400) does not reject the file: %s", err);
	ok(r.nresults == 1 && r.results[0].n == 1 && r.results[0].v[0] == 1.5,
	   "... its line is dropped, the others kept");
	ok(r.nflags == 1 && strcmp(r.flags[0], "line 2: LatSyscall/op=null: a value that is not a finite number, its line dropped") == 0,
	   "... and the run is flagged, naming the line: %s", r.nflags > 0 ? r.flags[0] : "(none)");
	resfile_free(&r);
	ok(parse(&r, "cut.0", "host: x\nBenchmarkLatSyscall/op=null\t12\t1.5 ns/op\nBenchmarkLatSy",
		 err, sizeof(err)) == -1, "a cut-off last line is an error");
	ok(strncmp(err, "cut.0:3: malformed result line (truncated", 41) == 0, "it says so: %s", err);
	resfile_free(&r);
	ok(parse(&r, "cut.1", "host: x\nBenchmarkLatSyscall/op=null\t12\t1.5 ns/op", err,
		 sizeof(err)) == -1, "a result line with no newline after it is truncated");
	ok(strncmp(err, "cut.1:2: truncated result line", 30) == 0, "and named so: %s", err);
	resfile_free(&r);
	{
		static const char bin[] = "host: x\n\177ELF\002\001\001\000\000";

		resfile_init(&r);
		ok(resfile_parse(&r, "bin", bin, sizeof(bin) - 1, err, sizeof(err)) == -1
		   && strcmp(err, "bin:2: binary data, not a result file") == 0,
		   "binary data is an error naming the line: %s", err);
		resfile_free(&r);
	}
	{
		static const char stray[] = "host: x\x02y\nBenchmarkLatSyscall/op=null\t10\t1.5 ns/op\n";
		static const char dense[] = "host: x\nab\x01\x02\x03\n";

		resfile_init(&r);
		ok(resfile_parse(&r, "stray", stray, sizeof(stray) - 1, err, sizeof(err)) == 0
		   && strcmp(resfile_config(&r, "host"), "x?y") == 0,
		   "a stray control byte reads as '?', no refusal: %s", err);
		resfile_free(&r);
		resfile_init(&r);
		ok(resfile_parse(&r, "dense", dense, sizeof(dense) - 1, err, sizeof(err)) == -1
		   && strcmp(err, "dense:2: binary data, not a result file") == 0,
		   "a line mostly of control bytes is binary data: %s", err);
		resfile_free(&r);
	}
	{
		/* A note in Latin-1, a host name with C1's CSI (U+009B, an
		 * escape on a terminal as ESC [ is) and a raw 0x9b, a message
		 * whose last character the run cut: every text read is
		 * valid UTF-8 without control characters. */
		static const char text[] =
			"hostbench: 0.1.0\n"
			"host: vm\xc2\x9b" "2J\x9b" "31m\n"
			"note: caf\xe9 au lait\n"
			"bench: lat_syscall\n"
			"args: null\n"
			"# status: failed: lat_syscall: na\xc3\n"
			"BenchmarkLatSyscall/op=null\t10\t1.5 ns/op\n";

		ok(parse(&r, "text.0", text, err, sizeof(err)) == 0, "text that is not UTF-8 is read: %s", err);
		is_string("caf" UTF8_REPLACEMENT " au lait", resfile_config(&r, "note"),
			  "a byte of Latin-1 in a note reads as U+FFFD");
		is_string("vm?2J" UTF8_REPLACEMENT "31m", resfile_config(&r, "host"),
			  "C1's CSI in a host name reads as '?', a raw 0x9b as U+FFFD");
		ok(has_flag(&r, "lat_syscall null: failed: lat_syscall: na" UTF8_REPLACEMENT),
		   "a status message cut mid-character ends in U+FFFD");
		for (i = 0; i < r.nflags; i++)
			if (utf8_invalid(r.flags[i], strlen(r.flags[i])) != strlen(r.flags[i]))
				break;
		ok(r.nflags > 0 && i == r.nflags, "every flag is valid UTF-8");
		resfile_free(&r);
	}
	{
		/* A case that failed after printing some of its records (a
		 * lat_mem_rd killed part-way) and one that ran. */
		static const char text[] =
			"hostbench: 0.1.0\n"
			"host: vm\n"
			"bench: lat_mem_rd\n"
			"args: 128 16\n"
			"# status: failed: killed by signal 9\n"
			"bench: lat_mem_rd\n"
			"args: -N 3 -o raw 128 16\n"
			"BenchmarkLatMemRd/order=stride/stride=128/size=64M\t10\t1.106 ns/op\n"
			"BenchmarkLatMemRd/order=stride/stride=128/size=64M\t10\t1.107 ns/op\n"
			"bench: lat_syscall\n"
			"args: null\n"
			"# status: ok\n"
			"bench: lat_syscall\n"
			"args: -N 3 -o raw null\n"
			"BenchmarkLatSyscall/op=null\t1000\t120 ns/op\n";

		ok(parse(&r, "failed.0", text, err, sizeof(err)) == 0, "a run with a failed case reads: %s", err);
		ok(resfile_find(&r, "LatMemRd/order=stride/stride=128/size=64M", "ns/op") == NULL,
		   "a failed case's partial records are no results");
		ok(isnan(column(&r, "mem", "Main mem")), "... so no Main mem is tabled from them");
		ok(has_flag(&r, "lat_mem_rd 128 16: failed: killed by signal 9")
		   && has_flag(&r, "lat_mem_rd 128 16: partial results of the failed case not tabled"),
		   "the failure is flagged, and that its records were left out");
		x = resfile_find(&r, "LatSyscall/op=null", "ns/op");
		ok(x != NULL && x->n == 1 && x->v[0] == 120, "the case that ran after it is read");
		resfile_free(&r);
	}
	ok(parse(&r, "empty", "", err, sizeof(err)) == -1 && strcmp(err, "empty: empty file") == 0,
	   "an empty file is an error");
	resfile_free(&r);
	ok(parse(&r, "prose", "Dear diary,\ntoday I ran no benchmark.\n", err, sizeof(err)) == -1
	   && strcmp(err, "prose: no results and no header: not a result file") == 0,
	   "text that is no result file is an error: %s", err);
	resfile_free(&r);
	resfile_init(&r);
	ok(resfile_load(&r, "/no/such/file", err, sizeof(err)) == -1
	   && strncmp(err, "/no/such/file: ", 15) == 0, "a missing file: %s", err);
	resfile_free(&r);
	ok(parse(&r, "crlf", "host: x\r\nBenchmarkMhz\t1\t266 MHz\r\n", err, sizeof(err)) == 0
	   && resfile_find(&r, "Mhz", "MHz") != NULL, "CRLF line ends are read");
	resfile_free(&r);

	/* ------------------------------------------------ lmbench3 format */
	ok(parse(&r, "lm.0", lm, err, sizeof(err)) == 0, "an lmbench3 file parses: %s", err);
	is_int(RESFILE_LMBENCH3, r.format, "it is read as lmbench3");
	is_string("nas", resfile_config(&r, "host"), "HOSTNAME is the host");
	is_string("Linux 2.6.18", resfile_config(&r, "os"), "SYSNAME and RELEASE are the os");
	is_string("armv5tel-linux-gnu", resfile_config(&r, "platform"), "OS is the platform");
	is_string("Mon Nov 30 02:18:22 UTC 2026", resfile_config(&r, "date"), "the first date line");
	is_string("0.10", resfile_config(&r, "load"), "the load average of the uptime line");
	is_string("1", resfile_config(&r, "parallel"), "SYNC_MAX is the parallelism");
	ok(resfile_config(&r, "lmbench-user") == NULL, "empty header values are skipped");
	is_double(266, column(&r, "params", "Mhz"), 0, "MHZ is the Mhz column");
	is_double(32, column(&r, "params", "cache line bytes"), 0, "LINE_SIZE the cache line");
	is_double(1.5, column(&r, "proc", "null call"), 1e-12, "microseconds stay microseconds");
	is_double(50.1, column(&r, "proc", "slct TCP"), 1e-12, "select on 100 tcp fds");
	ok(isnan(column(&r, "int", "intgr add")), "lmbench's 0.00 is blank, not 0");
	is_double(7.5, column(&r, "int", "intgr mul"), 1e-12, "nanoseconds");
	ok(resfile_find(&r, "ParOps/type=float/op=mul", "x") != NULL, "parallelism lines");
	ok(resfile_find(&r, "LatTcp/peer=remote", "ns/op") != NULL,
	   "a latency to another host is a remote one");
	ok(isnan(column(&r, "local", "TCP")), "and is not the local column");
	is_double(40.5, column(&r, "ctx", "2p/16K ctxsw"), 1e-12, "context switch blocks");
	is_double(45.0, column(&r, "ctx", "8p/16K ctxsw"), 1e-12, "by process count");
	is_double(1e6 / 20000, column(&r, "filevm", "0K File Create"), 1e-9,
		  "file creates per second become microseconds per file");
	is_double(1e6 / 50000, column(&r, "filevm", "0K File Delete"), 1e-9, "deletes too");
	is_double(3.2, column(&r, "mem", "L1 $"), 1e-12, "L1 at 0.00098 MB = 1K");
	is_double(20.0, column(&r, "mem", "L2 $"), 1e-12, "L2 at 0.125 MB = 128K");
	is_double(200.5, column(&r, "mem", "Main mem"), 1e-12, "Main mem at the last line");
	ok(resfile_find(&r, "LatMemRd/order=stride/stride=128/size=512", "ns/op") != NULL,
	   "0.00049 MB is 512 bytes");
	is_double(40.0, column(&r, "bw", "TCP"), 1e-12, "socket bandwidth at the largest size");
	ok(resfile_find(&r, "BwTcp/size=64", "MB/s") != NULL, "message sizes in bytes");
	is_double(90.0, column(&r, "bw", "File reread"), 1e-12, "file reread at the largest size");
	ok(resfile_find(&r, "BwFileRd/op=io_only/size=1M", "MB/s") != NULL,
	   "1.05 MB (rounded) is 1 MiB");
	ok(has_flag(&r, "load 0.10") == 0, "a load of 0.10 is not flagged");
	resfile_free(&r);

	/* ---------------------------------------- percentiles of a whole run */
	ok(parse(&r, "hists.0", hists, err, sizeof(err)) == 0, "a run with histogram lines parses: %s",
	   err);
	is_int(2, (long)r.nhists, "two histograms are kept");
	ok(has_flag(&r, "a histogram line that does not read, ignored"),
	   "one that does not read is flagged and ignored");
	is_double(0.040, column(&r, "more", "sleep late p50"), 1e-12,
		  "a percentile column is the percentile of every observation (40 ns), "
		  "not the median of the samples' (45 ns)");
	for (i = 0; i < metric_count; i++)
		if (metric_table[i].section != NULL && strcmp(metric_table[i].column, "sleep late p50") == 0)
			break;
	ok(i < metric_count && resfile_column(&r, &metric_table[i], &v) == 0 && v.nunits == 2
	   && fabs(v.units[0] - 0.020) < 1e-12 && fabs(v.units[1] - 0.060) < 1e-12
	   && v.unit_case[1] == &r.cases[1],
	   "each process's value is the percentile of its own observations, with its case");
	resfile_value_free(&v);
	resfile_free(&r);

	/* UDP loss over the run: lost / sent, each sample weighted by what it
	 * sent, not the median of the samples' losses (0%). */
	ok(parse(&r, "udp.0", "host: x\n"
		 "BenchmarkBwUdp/size=1470/placement=one\t1\t10 MB/s\t0 %loss\t10 sent-MB/s\n"
		 "BenchmarkBwUdp/size=1470/placement=one\t1\t10 MB/s\t0 %loss\t10 sent-MB/s\n"
		 "BenchmarkBwUdp/size=1470/placement=one\t1\t15 MB/s\t25 %loss\t20 sent-MB/s\n",
		 err, sizeof(err)) == 0, "a UDP run parses: %s", err);
	is_double(12.5, column(&r, "udp", "UDP loss"), 1e-9,
		  "UDP loss is lost / sent over the run: 5 of 40 MB, 12.5%%");
	resfile_free(&r);

	/* ------------------------------------------------ rounds and cases */
	ok(parse(&r, "rounds.0", rounds, err, sizeof(err)) == 0, "a run of two rounds parses: %s", err);
	is_int(4, (long)r.ncases, "four cases: the program's own header continues the suite's");
	ok(r.ncases == 4 && r.cases[0].round == 1 && r.cases[3].round == 2, "each case knows its round");
	ok(r.ncases == 4 && strcmp(r.cases[0].args, "null") == 0, "a case's args are the suite's, not the program's");
	ok(r.ncases == 4 && fabs(r.cases[1].others - 1.02) < 1e-9 && fabs(r.cases[0].steal - 0.01) < 1e-9,
	   "the noise line after a case is its noise");
	ok(r.ncases == 4 && r.cases[0].ticks == 12 && isnan(r.cases[1].ticks),
	   "and its clock ticks, where the line has them");
	ok(r.ncases == 4 && isnan(r.cases[3].others), "a case without a noise line has none (NaN)");
	ok(r.ncases == 4 && r.cases[3].reduced != NULL && strstr(r.cases[3].reduced, "4M") != NULL
	   && r.cases[1].reduced == NULL, "a memory reduction belongs to its case only");
	ok(resfile_config(&r, "round") == NULL, "round is not part of the fingerprint");
	ok(!has_flag(&r, "other work") && !has_flag(&r, "load"),
	   "0.12 CPUs of other work on average (weighted by ticks) is not flagged");
	for (i = 0; i < metric_count; i++)
		if (strcmp(metric_table[i].fact.name, "LatSyscall/op=null") == 0
		    && metric_table[i].section != NULL && strcmp(metric_table[i].section, "proc") == 0)
			break;
	ok(i < metric_count && resfile_column(&r, &metric_table[i], &v) == 0,
	   "the null call column");
	is_int(2, (long)v.nunits, "two units: one per round's process");
	is_double(0.1005, v.nunits == 2 ? v.units[0] : NAN, 1e-12,
		  "the first unit is the lower quartile of its samples, in us");
	is_double(0.1105, v.nunits == 2 ? v.units[1] : NAN, 1e-12, "the second that of round 2's");
	ok(v.nunits == 2 && v.unit_case[1] == &r.cases[2], "and each unit points at its case");
	is_int(4, (long)v.n, "the samples are still all there");
	resfile_value_free(&v);
	resfile_free(&r);
	{
		char busy[sizeof(rounds) + 64], *q;

		/* The same run with every case at 1.02 CPUs of other work (and
		 * the first's steal: 1.03 over 12 of its 14 ticks). */
		snprintf(busy, sizeof(busy), "%s", rounds);
		for (q = busy; (q = strstr(q, "cpu-others=")) != NULL; q += 11)
			memcpy(q + 11, "1.02", 4);
		ok(parse(&r, "busy.0", busy, err, sizeof(err)) == 0
		   && has_flag(&r, "other work on the machine: 1.03 CPUs on average"),
		   "a run with a CPU of other work throughout is flagged, with the figure");
		resfile_free(&r);
	}
	ok(parse(&r, "lm.0", lm, err, sizeof(err)) == 0 && column(&r, "proc", "null call") > 0,
	   "lmbench3 again");
	ok(r.ncases == 0, "lmbench3 files have no cases; each line is a process of its own");
	resfile_free(&r);

	/* ------------------------------------------------ the real file */
	snprintf(path, sizeof(path), "%s/tests/data/vm.0", srcdir ? srcdir : ".");
	resfile_init(&r);
	ok(resfile_load(&r, path, err, sizeof(err)) == 0, "lmbench3's vm.0 loads: %s", err);
	is_double(22.91, column(&r, "ctx", "2p/0K ctxsw"), 1e-9, "its 2p/0K context switch is 22.91 us");
	is_double(151.881, column(&r, "mem", "Rand mem"), 1e-9, "its random chase at 64 MB is 151.881 ns");
	resfile_free(&r);
	test_run_bounds();
	test_cache_sized();
	test_roles();
	return 0;
}
