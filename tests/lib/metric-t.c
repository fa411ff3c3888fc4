/*
 * metric-t: the metric table is consistent, the programs' facts
 * (lib/core/metric_facts.c) are the results tool's table's (results/read/
 * metric_table.c) row for row, and names of the forms the programs print
 * find their entries (with the right unit) and feed a summary column:
 * sizes, placements and parts a short run does not print too.  That
 * every name a program prints has its entry is
 * tests/scripts/catalogue-t.sh's check, over a real run.
 */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "read/metric_table.h"
#include "read/metric_what.h"
#include "tap/basic.h"

/* Names of the forms the programs print (snprintf of names in bench/). */
static const struct {
	const char *name, *unit, *column;	/* column NULL: any entry will do */
} printed[] = {
	{ "LatSyscall/op=null", "ns/op", "null call" },
	{ "LatSyscall/op=read", "ns/op", NULL },
	{ "LatSyscall/op=write", "ns/op", NULL },
	{ "LatSyscall/op=stat", "ns/op", "stat" },
	{ "LatSyscall/op=fstat", "ns/op", "fstat" },
	{ "LatSyscall/op=open", "ns/op", "open clos" },
	{ "BwMem/op=rd/size=8M", "MB/s", "rd" },
	{ "BwMem/op=wr/size=8M", "MB/s", "wr" },
	{ "BwMem/op=rdwr/size=8M", "MB/s", "rdwr" },
	{ "BwMem/op=cp/size=8M", "MB/s", "cp" },
	{ "BwMem/op=frd/size=64M", "MB/s", NULL },
	{ "BwMem/op=fwr/size=64M", "MB/s", NULL },
	{ "BwMem/op=fcp/size=64M", "MB/s", NULL },
	{ "BwMem/op=bzero/size=64M", "MB/s", "bzero" },
	{ "BwMem/op=bcopy/size=64M", "MB/s", NULL },
	{ "LatMemRd/order=stride/stride=128/size=1K", "ns/op", NULL },
	{ "LatMemRd/order=random/stride=16/size=32M", "ns/op", "Rand mem" },
	{ "LatMemRd/order=random/stride=16/pages=huge/size=32M", "ns/op", NULL },
	{ "Stream/op=copy/size=64M", "MB/s", "STREAM copy" },
	{ "Stream/op=triad/size=64M", "MB/s", "STREAM triad" },
	{ "Stream2/op=fill/size=64M", "MB/s", "STREAM2 fill" },
	{ "Stream2/op=sum/size=64M", "MB/s", "STREAM2 sum" },
	{ "BwFileRd/op=io_only/size=64M", "MB/s", "File reread" },
	{ "BwFileRd/op=open2close/size=64M", "MB/s", "file open2close" },
	{ "BwMmapRd/op=mmap_only/size=64M", "MB/s", "Mmap reread" },
	{ "BwMmapRd/op=open2close/size=64M", "MB/s", "mmap open2close" },
	{ "LatCtx/size=16K/procs=8/placement=one", "ns/op", NULL },
	{ "LatCtx/size=0K/procs=2/placement=spread", "ns/op", NULL },
	{ "LatCtx/size=64K/procs=16/placement=unpinned", "ns/op", NULL },
	{ "LatFcntl/placement=one", "ns/op", "fcntl lock" },
	{ "LatFs/op=create/size=0K", "ns/op", "0K File Create" },
	{ "LatFs/op=delete/size=10K", "ns/op", "10K File Delete" },
	{ "LatFs/op=create/size=4K", "files/s", NULL },
	{ "LatOps/type=int/op=bit", "ns/op", "intgr bit" },
	{ "LatOps/type=int64/op=mod", "ns/op", "int64 mod" },
	{ "LatOps/type=float/op=bogo", "ns/op", "float bogo" },
	{ "LatOps/type=double/op=div", "ns/op", "double div" },
	{ "ParOps/type=int/op=mul", "x", "int mul" },
	{ "ParOps/type=double/op=add", "x", "double add" },
	{ "LatProc/op=procedure", "ns/op", "proc call" },
	{ "LatProc/op=fork", "ns/op", "fork proc" },
	{ "LatProc/op=exec", "ns/op", "exec proc" },
	{ "LatProc/op=shell", "ns/op", "sh proc" },
	{ "LatSelect/type=file/n=100", "ns/op", "100fd selct" },
	{ "LatSelect/type=tcp/n=100", "ns/op", "slct TCP" },
	{ "LatSelect/type=file/n=250", "ns/op", NULL },
	{ "LatSem/placement=one", "ns/op", "sem" },
	{ "LatSem/placement=spread", "ns/op", NULL },
	{ "LatFifo/placement=one", "ns/op", "FIFO" },
	{ "LatFifo/placement=spread", "ns/op", "FIFO" },
	{ "LatUnixConnect/placement=one", "ns/op", "UNIX conn" },
	{ "LatUnixConnect/placement=spread", "ns/op", "UNIX conn" },
	{ "LatSig/op=install", "ns/op", "sig inst" },
	{ "LatSig/op=catch", "ns/op", "sig hndl" },
	{ "LatSig/op=prot", "ns/op", "Prot Fault" },
	{ "LatCmd", "ns/op", "cmd" },
	{ "LatUsleep/method=nanosleep/stat=p50/usec=100", "ns/op", "sleep late p50" },
	{ "LatUsleep/method=timer/stat=max/usec=100/load=2", "ns/op", NULL },
	{ "LatMmap/touch=dense/size=64M", "ns/op", "Mmap Latency" },
	{ "LatMmap/touch=sparse/size=64M", "ns/op", NULL },
	{ "LatPagefault/cache=hot", "ns/op", "Page Fault" },
	{ "LatPagefault/faultaround=on/cache=hot", "ns/op", NULL },
	{ "LatPagefault/cache=cold", "ns/op", "cold page fault" },
	{ "Mhz", "MHz", "Mhz" },
	{ "Cache/stride=64/size=512", "ns/op", NULL },
	{ "Cache/stride=8/size=128K", "best-ns/op", NULL },
	{ "Cache/level=1", "bytes", NULL },
	{ "Cache/level=2", "ns/op", NULL },
	{ "Line", "bytes", "cache line bytes" },
	{ "Tlb/pages=64/walk=page", "ns/op", NULL },
	{ "Tlb/pages=64/walk=packed", "best-ns/op", NULL },
	{ "Tlb/level=1", "pages", "tlb pages" },
	{ "Tlb/level=2", "bytes", NULL },
	{ "ParMem/chains=4/size=64M", "ns/op", NULL },
	{ "ParMem/chains=16/size=64M", "best-ns/op", NULL },
	{ "ParMem/size=64M", "x", "mem par" },
	{ "Lmdd/op=write/size=8M/bs=1M/fsync=1", "MB/s", "disk write" },
	{ "Lmdd/op=read/size=8M/bs=1M/flush=1/pass=first", "MB/s", "disk read" },
	{ "Lmdd/op=read/size=8M/bs=1M/flush=1/pass=later", "MB/s", NULL },
	{ "Lmdd/op=read/size=8M/bs=1M/flush=1", "MB/s", NULL },
	{ "Lmdd/op=write/size=256M/bs=1M/direct=1", "MB/s", "direct write" },
	{ "Lmdd/op=read/size=256M/bs=1M/direct=1", "MB/s", "direct read" },
	{ "Lmdd/op=copy/size=8M/bs=64K", "MB/s", NULL },
	{ "Lmdd/op=read/size=8M/bs=1M", "ns/io-p50", NULL },
	{ "Lmdd/op=write/size=8M/bs=1M/sync=1", "ns/io-p90", NULL },
	{ "Lmdd/op=write/size=8M/bs=1M/direct=1", "ns/io-p99", NULL },
	{ "Lmdd/op=read/size=8M/bs=1M/flush=2", "ns/io-max", NULL },
	{ "Lmdd/op=write/size=8M/bs=1M/fsync=1", "ns/fsync", NULL },
};

/*
 * Each row's bounds, flags and estimator as the rows write them, in wide
 * types: the facts keep them in floats and bytes, which must lose
 * nothing.
 */
static const struct {
	double lo, hi;
	unsigned flags, est, lo_open;
} wide[] = {
#define ROW(...) ROW_(__VA_ARGS__)
#define ROW_(prog, name, unit, sec, col, sel, arg, dunit, scale, better, what, flags) \
	{ 0, 0, flags, METRIC_MEDIAN, 0 }
#define ROWE(...) ROWE_(__VA_ARGS__)
#define ROWE_(prog, name, unit, sec, col, sel, arg, dunit, scale, better, what, flags, est, lo, \
	      hi, lo_open, wunit) \
	{ lo, hi, flags, est, lo_open }
#include "core/metric-rows.h"
};

/* a and b are the same string, or both NULL. */
static int
same_str(const char *a, const char *b)
{
	return a == NULL ? b == NULL : b != NULL && strcmp(a, b) == 0;
}

/*
 * The programs' facts: the results tool's rows' facts, in the same order,
 * as the rows write them; and each finds what the results tool finds.
 */
static void
test_facts(void)
{
	size_t i, differ = 0, narrowed = 0, finds = 0;

	is_uint(metric_count, metric_fact_count, "a row of facts per row of the table");
	for (i = 0; i < metric_fact_count && i < metric_count; i++) {
		const struct metric_fact *f = &metric_facts[i], *t = &metric_table[i].fact;
		const struct metric *m;

		if (!same_str(f->name, t->name) || !same_str(f->unit, t->unit)
		    || !same_str(f->program, t->program)
		    || !same_str(f->weight_unit, t->weight_unit) || f->lo != t->lo || f->hi != t->hi
		    || f->lo_open != t->lo_open || f->estimator != t->estimator
		    || f->flags != t->flags || f->found != t->found) {
			diag("row %zu (%s): its facts differ", i, f->name);
			differ++;
		}
		if (f->lo != wide[i].lo || f->hi != wide[i].hi || f->flags != wide[i].flags
		    || f->estimator != wide[i].est || f->lo_open != wide[i].lo_open) {
			diag("row %zu (%s): a bound, flag or estimator does not fit its field", i,
			     f->name);
			narrowed++;
		}
		if (f->found != (metric_table[i].select != METRIC_MEAN
				 && metric_table[i].select != METRIC_CONFIG))
			differ++;
		if (!f->found)
			continue;
		m = metric_find(f->name, f->unit);
		if (m == NULL
		    || metric_fact_find(f->name, f->unit) != &metric_facts[m - metric_table]) {
			diag("%s (%s): the facts find another row than the table's", f->name,
			     f->unit);
			finds++;
		}
	}
	is_uint(0, differ, "every row's facts are the table's");
	is_uint(0, narrowed, "the bounds are floats, the flags and estimators bytes, exactly");
	is_uint(0, finds, "a row's name finds the same row in both");
}

/* "Prog/key=value/...": an upper-case program name, then key=value parts. */
static int
well_formed(const char *name)
{
	const char *p = name;

	if (!isupper((unsigned char)*p))
		return 0;
	while (isalnum((unsigned char)*p))
		p++;
	while (*p == '/') {
		const char *eq = strchr(p, '=');
		const char *next = strchr(p + 1, '/');

		if (eq == NULL || (next != NULL && eq > next) || eq == p + 1 || eq[1] == '\0'
		    || eq[1] == '/')
			return 0;
		p = next != NULL ? next : p + strlen(p);
	}
	return *p == '\0';
}

/* Each entry names its program; bounds and the estimator have their defaults. */
static void
test_programs(void)
{
	size_t i, noprog = 0, config_prog = 0, bad_bounds = 0, bad_est = 0;
	const struct metric_fact *loss = metric_fact_find("BwUdp/size=1470/placement=one", "%loss");
	const struct metric_fact *lat = metric_fact_find("LatSyscall/op=null", "ns/op");

	for (i = 0; i < metric_count; i++) {
		const struct metric *m = &metric_table[i];

		if (m->select == METRIC_CONFIG)
			config_prog += m->fact.program != NULL;
		else
			noprog += m->fact.program == NULL || m->fact.program[0] == '\0';
		bad_bounds += m->fact.lo < 0 || (m->fact.hi != 0 && m->fact.hi < m->fact.lo);
		/* A time of a burst takes its lower quartile; a weighted
		 * estimator names its weights. */
		bad_est += m->fact.unit != NULL && strcmp(m->fact.unit, "ns/op") == 0
			   && m->fact.estimator != METRIC_Q1;
		bad_est += (m->fact.estimator == METRIC_WEIGHTED) != (m->fact.weight_unit != NULL);
	}
	is_int(0, (long long)bad_est, "every time per operation takes the lower quartile; "
	       "every weighted entry, and only those, names its weights");
	is_int(0, (long long)noprog, "every entry of a result names the program that prints it");
	is_int(0, (long long)config_prog, "a configuration column names none: it is the run's");
	is_int(0, (long long)bad_bounds, "every entry's bounds are ordered and not below 0");
	ok(lat != NULL && strcmp(lat->program, "lat_syscall") == 0 && metric_plausible(lat, 120)
	   && !metric_plausible(lat, -1) && !metric_plausible(lat, HUGE_VAL)
	   && !metric_plausible(lat, 0),
	   "a latency: lat_syscall's, plausible when finite and above 0");
	ok(loss != NULL && strcmp(loss->program, "bw_udp") == 0 && metric_plausible(loss, 100)
	   && !metric_plausible(loss, 100.5) && metric_plausible(loss, 0),
	   "a UDP loss: bw_udp's, 0 .. 100 percent");
	ok(metric_fact_find("BwTcp/size=64K/placement=one/cpu=remote", "%softirq") != NULL
	   && !metric_plausible(metric_fact_find("BwTcp/size=64K/placement=one/cpu=remote",
						 "%softirq"), 101),
	   "a CPU share of an end: at most 100 percent");
	{
		const struct metric_fact *udp = metric_fact_find("BwUdp/size=1470/rate=10000Mbit/placement=one",
								 "MB/s");
		const struct metric_fact *tcp = metric_fact_find("BwTcp/size=64K/placement=one", "MB/s");

		ok(udp != NULL && metric_plausible(udp, 0) && !metric_plausible(udp, -1)
		   && tcp != NULL && !metric_plausible(tcp, 0),
		   "UDP received: 0 (all of a step lost) is a value; TCP's 0 is not");
	}
}

/* The estimators, on samples with known answers. */
static void
test_estimators(void)
{
	const double v[8] = { 10, 11, 12, 13, 14, 15, 16, 100 };
	const double w[4] = { 100, 100, 100, 300 };
	const double loss[4] = { 0, 0, 10, 20 };
	const struct metric_fact *loss_m =
		metric_fact_find("BwUdp/size=1470/placement=one", "%loss");
	const struct metric_fact *m;
	char why[128];

	/* Type 7 quartiles of 10 .. 16, 100: h = 7/4 and 21/4. */
	ok(fabs(metric_estimate(METRIC_Q1, v, NULL, 8) - 11.75) < 1e-9, "lower quartile");
	ok(fabs(metric_estimate(METRIC_Q3, v, NULL, 8) - 15.25) < 1e-9, "upper quartile");
	ok(fabs(metric_estimate(METRIC_MEDIAN, v, NULL, 8) - 13.5) < 1e-9, "median");
	ok(fabs(metric_estimate(METRIC_TOTAL, v, NULL, 8) - 191.0 / 8) < 1e-9,
	   "total: the mean of equal-length samples");
	/* Lost 0 + 0 + 10 + 60 of 600 sent: 70 / 600 = 11.67%, not the median 5%. */
	ok(fabs(metric_estimate(METRIC_WEIGHTED, loss, w, 4) - 70.0 / 6) < 1e-9,
	   "weighted: a loss over the run is lost / sent");
	ok(isnan(metric_estimate(METRIC_WEIGHTED, loss, NULL, 4))
	   && isnan(metric_estimate(METRIC_Q1, v, NULL, 0)),
	   "no weights or no samples: no value");
	ok(loss_m != NULL && loss_m->estimator == METRIC_WEIGHTED
	   && strcmp(loss_m->weight_unit, "sent-MB/s") == 0,
	   "UDP loss is weighted by what each sample sent");
	m = metric_fact_find("LatUsleep/method=nanosleep/stat=p99/usec=1", "ns/op");
	ok(m != NULL && metric_estimator_for(m, "LatUsleep/method=nanosleep/stat=p99/usec=1")
			== METRIC_MERGED
	   && metric_estimator_for(m, "LatUsleep/method=nanosleep/usec=1") == m->estimator,
	   "a percentile result is merged, whatever row found it");
	m = metric_fact_find("LatCtx/size=0K/procs=2/placement=one", "ns/op");
	ok(m != NULL && strstr(metric_implausible_why(m, 0, why, sizeof(why)), "not above 0") != NULL,
	   "a context switch of 0 ns is refused, saying why: %s", why);
	ok(strcmp(metric_estimator_name(METRIC_Q1), "lower quartile") == 0
	   && strcmp(metric_estimator_name(METRIC_WEIGHTED), "weighted total") == 0,
	   "estimators have names for the docs");
}

/* The flags of the row a result finds, or 0 when it finds none. */
static unsigned
flags_of(const char *name, const char *unit)
{
	const struct metric_fact *f = metric_fact_find(name, unit);

	return f != NULL ? f->flags : 0;
}

/* The column labelled col in section sec, or NULL. */
static const struct metric *
column(const char *sec, const char *col)
{
	size_t i;

	for (i = 0; i < metric_count; i++)
		if (metric_table[i].section != NULL && strcmp(metric_table[i].section, sec) == 0
		    && strcmp(metric_table[i].column, col) == 0)
			return &metric_table[i];
	return NULL;
}

/* The bounds across results: the clock's cost, the run's memory bandwidth. */
static void
test_run_bounds(void)
{
	static const char *const movers[] = { "Pipe", "AF UNIX", "TCP", "File reread",
					      "Mmap reread" };
	const struct metric_fact *tcp = metric_fact_find("LatTcp/size=1/placement=one/stat=p50",
							 "ns/op");
	const struct metric_fact *io = metric_fact_find("Lmdd/op=read/size=8M/bs=1M/flush=1",
							"ns/io-p99");
	const struct metric_fact *lmdd = metric_fact_find("Lmdd/op=read/size=8M/bs=1M/flush=1",
							  "MB/s");
	const struct metric_fact *sleep =
		metric_fact_find("LatUsleep/method=select/stat=max/usec=100", "ns/op");
	const struct metric *unix_bw = column("bw", "AF UNIX"), *rd = column("membw", "rd");
	const struct metric *remote = column("remote", "TCP MB/s");
	char why[128];
	size_t i;
	int bad = 0, moving = 0;

	ok(!metric_clock_plausible(12, 27, why, sizeof(why))
	   && strcmp(why, "12 ns per operation timed singly is below the clock's cost (27 ns)") == 0,
	   "one operation timed singly below the clock's cost is refused: %s", why);
	ok(metric_clock_plausible(27, 27, why, sizeof(why))
	   && metric_clock_plausible(13000, 27, why, sizeof(why)),
	   "at or above the cost it stands");
	ok(metric_clock_plausible(1, NAN, why, sizeof(why)) && metric_clock_plausible(0, 0, why, sizeof(why)),
	   "a clock of unknown cost bounds nothing");
	ok(tcp != NULL && metric_timed_singly(tcp, "LatTcp/size=1/placement=one/stat=p50")
	   && !metric_timed_singly(tcp, "LatTcp/size=1/placement=one"),
	   "a percentile of round trips is timed singly, the time of a burst of them is not");
	ok(io != NULL && metric_timed_singly(io, "Lmdd/op=read/size=8M/bs=1M/flush=1")
	   && lmdd != NULL && !metric_timed_singly(lmdd, "Lmdd/op=read/size=8M/bs=1M/flush=1")
	   && sleep != NULL && metric_timed_singly(sleep, "LatUsleep/method=select/usec=100"),
	   "lmdd's per-I/O times and lat_usleep's wake-ups are, lmdd's bandwidth is not");
	ok(!metric_timed_singly(metric_fact_find("LatSyscall/op=null", "ns/op"),
				"LatSyscall/op=null"),
	   "a system call's time per operation of a burst is not");

	ok(unix_bw != NULL && (unix_bw->fact.flags & METRIC_MEMMOVE)
	   && !metric_memory_plausible(unix_bw, 90000, 70000, why, sizeof(why))
	   && strcmp(why, "AF UNIX 90000 MB/s is above the run's fastest memory bandwidth, "
			  "70000 MB/s") == 0,
	   "data through a socket well above the run's fastest memory test is refused: %s", why);
	ok(metric_memory_plausible(unix_bw, 70000 * METRIC_MEMORY_MARGIN, 70000, why, sizeof(why))
	   && metric_memory_plausible(unix_bw, 90000, NAN, why, sizeof(why)),
	   "within the margin, or without a memory test in the run, it stands");
	ok(rd != NULL && (rd->fact.flags & METRIC_MEMTEST) && !(rd->fact.flags & METRIC_MEMMOVE)
	   && metric_memory_plausible(rd, 1e9, 1, why, sizeof(why))
	   && remote != NULL && !(remote->fact.flags & METRIC_MEMMOVE),
	   "a memory test or a network's rate is not bounded by the memory tests");
	for (i = 0; i < HB_ARRAY_SIZE(movers); i++)
		moving += column("bw", movers[i]) != NULL
			  && (column("bw", movers[i])->fact.flags & METRIC_MEMMOVE);
	is_int(HB_ARRAY_SIZE(movers), moving,
	       "the local bandwidths of pipes, sockets and cached files are moved through memory");
	for (i = 0; i < metric_count; i++) {
		const struct metric_fact *m = &metric_table[i].fact;
		int mem = (m->flags & (METRIC_MEMTEST | METRIC_MEMMOVE)) != 0;
		int is_test = m->program != NULL && m->unit != NULL && strcmp(m->unit, "MB/s") == 0
			      && (strcmp(m->program, "bw_mem") == 0 || strcmp(m->program, "stream") == 0);

		if ((mem && (m->unit == NULL || strcmp(m->unit, "MB/s") != 0))
		    || (m->flags & METRIC_MEMTEST && m->flags & METRIC_MEMMOVE)
		    || is_test != ((m->flags & METRIC_MEMTEST) != 0)
		    || ((m->flags & METRIC_SINGLY) && strncmp(m->unit, "ns/", 3) != 0)) {
			diag("%s (%s): wrong bound flags", m->name, m->unit != NULL ? m->unit : "");
			bad++;
		}
	}
	is_int(0, bad, "the memory tests are bw_mem's and stream's, in MB/s as the transfers are; "
	       "a time timed singly is in ns");
}

int
main(void)
{
	size_t i, j;
	int bad_section = 0, dup = 0, bad_name = 0, bad_unit = 0, bad_rule = 0, empty = 0;
	int bad_flags = 0;
	char buf[32];
	double b;
	unsigned long copies;

	plan(39 + 7 + 10 + 15 + 3 + 4 + HB_ARRAY_SIZE(printed));
	test_programs();
	test_facts();
	/* The prose is built from the same rows, apart: one line per row. */
	ok(metric_what_count == metric_count, "a line of prose per row (%zu, %zu)", metric_what_count,
	   metric_count);
	for (i = j = 0; i < metric_count; i++)
		j += metric_what_of(&metric_table[i]) == NULL || *metric_what_of(&metric_table[i]) == '\0';
	ok(j == 0, "every row says what it measures (%zu do not)", j);
	ok(metric_what_of(&metric_table[0]) == metric_what[0]
	   && metric_what_of(&metric_table[metric_count - 1]) == metric_what[metric_what_count - 1],
	   "the first and last rows' prose is theirs");
	test_estimators();
	test_run_bounds();

	for (i = 0; i < metric_section_count; i++) {
		size_t n = 0;

		for (j = 0; j < i; j++)
			dup += strcmp(metric_sections[i].id, metric_sections[j].id) == 0;
		for (j = 0; j < metric_count; j++)
			n += metric_table[j].section != NULL
			     && strcmp(metric_table[j].section, metric_sections[i].id) == 0;
		empty += n == 0;
	}
	ok(dup == 0, "section ids are unique");
	ok(empty == 0, "every section has columns");
	dup = 0;
	for (i = 0; i < metric_count; i++) {
		const struct metric *m = &metric_table[i];

		if (m->section != NULL && metric_section_find(m->section) == NULL) {
			diag("%s: no section %s", m->fact.name, m->section);
			bad_section++;
		}
		for (j = 0; j < i && m->section != NULL; j++)
			if (metric_table[j].section != NULL && strcmp(m->section, metric_table[j].section) == 0
			    && strcmp(m->column, metric_table[j].column) == 0) {
				diag("%s: column '%s' twice", m->section, m->column);
				dup++;
			}
		if (m->select == METRIC_CONFIG) {
			bad_name += !islower((unsigned char)m->fact.name[0]);
			bad_unit += m->fact.unit != NULL;
			continue;
		}
		if (!well_formed(m->fact.name)) {
			diag("badly formed name: %s", m->fact.name);
			bad_name++;
		}
		if (m->fact.unit == NULL || m->fact.unit[0] == '\0' || !(m->scale > 0)) {
			diag("%s: no unit or scale", m->fact.name);
			bad_unit++;
		}
		if ((m->select == METRIC_MEAN && (m->arg == NULL || !well_formed(m->arg)))
		    || (m->select == METRIC_AT && (m->arg == NULL || strncmp(m->arg, "size=", 5) != 0))) {
			diag("%s: the rule's argument is missing or wrong", m->fact.name);
			bad_rule++;
		}
		/* metric_find may return any entry of a metric: each has to
		 * carry the flags of the entries whose name it is under. */
		for (j = 0; j < metric_count; j++) {
			const struct metric *o = &metric_table[j];
			unsigned want = o->fact.flags
					& (METRIC_COUNT | METRIC_CURVE | METRIC_SINGLY);

			if (o->select == METRIC_MEAN || o->select == METRIC_CONFIG
			    || m->fact.unit == NULL || o->fact.unit == NULL
			    || strcmp(m->fact.unit, o->fact.unit) != 0
			    || !metric_under(m->fact.name, o->fact.name))
				continue;
			if ((m->fact.flags & want) != want) {
				diag("%s (%s): lacks the flags of %s", m->fact.name, m->fact.unit,
				     o->fact.name);
				bad_flags++;
			}
		}
	}
	ok(bad_section == 0, "every column's section exists");
	ok(dup == 0, "no column label appears twice in a section");
	ok(bad_name == 0, "every name is Program/key=value..., config keys lower case");
	ok(bad_unit == 0, "every metric has a unit and a positive scale; config columns none");
	ok(bad_rule == 0, "mean columns name a second metric, at-size columns a size");
	ok(bad_flags == 0,
	   "an entry under a count, curve or timed-singly entry, in its unit, is one too");

	ok((flags_of("LatMemRd/order=stride/stride=64/size=1K", "ns/op") & METRIC_CURVE)
	   && (flags_of("LatMemRd/order=stride/stride=128/size=1K", "ns/op") & METRIC_CURVE)
	   && (flags_of("LatMemRd/order=random/size=64M", "ns/op") & METRIC_CURVE),
	   "lat_mem_rd's latencies are plotted by size");
	ok(!(flags_of("LatCtx/size=16K/procs=2", "ns/op") & METRIC_CURVE)
	   && !(flags_of("BwMem/op=rd/size=64M", "MB/s") & METRIC_CURVE),
	   "other sized results are not");
	ok((flags_of("Tlb", "pages") & METRIC_COUNT) && (flags_of("Line", "bytes") & METRIC_COUNT),
	   "TLB pages and line bytes are counts");
	ok(!(flags_of("Cache/level=1", "bytes") & METRIC_COUNT),
	   "a cache size shown in KB is not");
	ok(!(flags_of("LatSyscall/op=null", "ns/op") & METRIC_COUNT)
	   && !(flags_of("Mhz", "MHz") & METRIC_COUNT), "nor are times and clocks");

	ok(metric_fact_find("LatSyscall/op=null", "ns/op") != NULL,
	   "the null syscall metric is in the table");
	is_string("BwMem/op=rd", metric_fact_find("BwMem/op=rd/size=64M", "MB/s")->name,
		  "a sized result finds its metric");
	is_string("BwMem/op=rdwr", metric_fact_find("BwMem/op=rdwr/size=8M", "MB/s")->name,
		  "rdwr does not match rd");
	ok(metric_fact_find("BwMem/op=rd/size=64M-4", "MB/s") != NULL,
	   "a parallel result finds its metric");
	ok(metric_fact_find("LatSyscall/op=null", "MB/s") == NULL, "a wrong unit finds nothing");
	ok(metric_fact_find("LatNothing", "ns/op") == NULL, "an unknown program finds nothing");
	ok(metric_find("LatSyscall/op=read", "ns/op") != NULL
	   && metric_find("LatSyscall/op=read", "ns/op")->select != METRIC_MEAN,
	   "a mean column is never what a result finds");

	ok(metric_under("LatCtx/size=16K/procs=8/placement=one", "LatCtx/size=16K/procs=8"),
	   "further parts are under a name");
	ok(metric_under("LatTcp/size=1/placement=spread", "LatTcp/placement=spread"),
	   "parts match in any order");
	ok(metric_under("LatFs/op=create/size=0", "LatFs/op=create/size=0K"),
	   "sizes compare by value: 0 = 0K");
	ok(metric_under("LatMemRd/order=stride/size=1024", "LatMemRd/size=1K"), "1024 = 1K");
	ok(!metric_under("LatSelect/type=file/n=1000", "LatSelect/type=file/n=100"),
	   "n=1000 is not n=100");
	ok(!metric_under("LatSyscallX/op=null", "LatSyscall"), "the program name must be whole");
	ok(!metric_under("BwMem/op=rd/size=8M/in=cache", "BwMem/op=rd")
	   && !metric_under("BwMem/op=rd/size=8M/in=cache", "BwMem"),
	   "a cache-sized result is under no name without in=cache");
	ok(metric_under("BwMem/op=rd/size=8M/in=cache", "BwMem/op=rd/in=cache")
	   && !metric_under("BwMem/op=rd/size=128M", "BwMem/op=rd/in=cache"),
	   "... only under those with it, which no memory-sized one is under");
	ok(metric_find("BwMem/op=frd/size=8M/in=cache", "MB/s") != NULL
	   && strcmp(metric_find("BwMem/op=frd/size=8M/in=cache", "MB/s")->section, "cachebw") == 0
	   && strcmp(metric_find("Stream/op=copy/size=1M/in=cache-2", "MB/s")->section,
		     "cachestream") == 0,
	   "... so it finds its cache column's entry (bw_mem's, stream's, a parallel one's)");
	ok((metric_find("BwMem/op=frd/size=8M/in=cache", "MB/s")->fact.flags & METRIC_MEMTEST)
	   && (metric_find("Stream2/op=sum/size=1M/in=cache", "MB/s")->fact.flags & METRIC_MEMTEST),
	   "... a memory test still: the fastest bounds what moves through memory");
	ok(metric_has_parts("LatSem/placement=one", "placement=one"), "has_parts finds a part");
	is_int(0, metric_extra_parts("BwMem/op=rd/size=8M", "BwMem/op=rd"),
	       "a size is not an extra part");
	is_int(1, metric_extra_parts("LatSem/placement=one", "LatSem"), "a placement is");

	is_uint(strlen("BwMem/op=rd/size=64M"), metric_parallel("BwMem/op=rd/size=64M-4", &copies),
		"the -N suffix is cut off");
	is_uint(4, copies, "and N is 4");
	metric_parallel("LatCtx/size=16K/procs=8", &copies);
	is_uint(1, copies, "procs=8 is not a parallelism suffix");

	is_string("1K", metric_param("LatMemRd/order=random/size=1K", "size", buf, sizeof(buf)),
		  "metric_param finds size=");
	ok(metric_param("LatMemRd/order=random", "size", buf, sizeof(buf)) == NULL,
	   "and NULL when there is none");
	ok(metric_parse_size("64M", &b) == 0 && b == 67108864.0, "64M is 2^26 bytes");
	ok(metric_parse_size("0K", &b) == 0 && b == 0, "0K is nothing");
	ok(metric_parse_size("1.5M", &b) == -1 && metric_parse_size("", &b) == -1,
	   "fractions and empty strings are not sizes");
	is_string("smaller", metric_better_name(METRIC_SMALLER), "directions have names");

	for (i = 0; i < HB_ARRAY_SIZE(printed); i++) {
		const struct metric *m = metric_find(printed[i].name, printed[i].unit);
		int found = m != NULL;

		/* The column, when named, is one the name feeds. */
		if (found && printed[i].column != NULL) {
			found = 0;
			for (j = 0; j < metric_count; j++) {
				const struct metric *c = &metric_table[j];

				if (c->section != NULL && strcmp(c->column, printed[i].column) == 0
				    && c->fact.unit != NULL
				    && strcmp(c->fact.unit, printed[i].unit) == 0
				    && metric_under(printed[i].name, c->fact.name))
					found = 1;
			}
		}
		ok(found, "%s (%s) has an entry%s%s", printed[i].name, printed[i].unit,
		   printed[i].column ? " and feeds the column " : "",
		   printed[i].column ? printed[i].column : "");
	}
	return 0;
}
