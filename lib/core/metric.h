/*
 * metric: the facts of the metric table that the programs use.  The
 * table's rows (lib/core/metric-rows.h) each give a metric -- a result
 * name prefix and its raw unit, the program that prints it -- and how a
 * summary column shows it.  Two tables are built from them: the facts
 * here (lib/core/metric_facts.c), which every program carries: how a
 * run's value is estimated from its samples, what values are possible,
 * the bits below; and the results tool's table (results/read/
 * metric_table.h), each row's facts with its section, column, rule,
 * display unit and direction, from which the summaries and the docs are
 * made.  Nothing else hard-codes metric names.
 *
 * A result "under" a name has the name's parts, in order, then nothing or
 * further "/key=value" parts; but a cache-sized result (one with the part
 * METRIC_CACHE_PART) is under a name with that part only.  Results of
 * parallel copies carry a "-N" suffix (metric_parallel).
 */
#ifndef HB_METRIC_H
#define HB_METRIC_H

#include <stddef.h>

/*
 * The part of a memory bandwidth test's result name (bw_mem, stream)
 * whose buffers were under 4 times the last-level cache (lib/host/memory:
 * mem_cache_sized): the caches held part or all of them, so the figure is
 * not the memory's.  Such a result is a measurement of its own: it feeds
 * only the entries that name the part (the cache columns), never the
 * memory columns, and is never compared with a result without it.
 */
#define METRIC_CACHE_PART "in=cache"
/* A buffer under this many times the last-level cache is cache-sized. */
#define METRIC_LLC_FACTOR 4

/*
 * How a run's value of a metric is taken from its samples (the samples of
 * one process, or all of a run's).  A machine's other work can only
 * lengthen a time and lower a rate measured over a burst of work: those
 * take the quartile on the side interference cannot reach, which stays
 * put while up to three samples in four are hit (the median moves at
 * one in two).  Rates and losses over a run are totals; a percentile is
 * a percentile of all the run's observations.
 */
enum metric_estimator {
	METRIC_MEDIAN,		/* the median: counts, ratios, clocks */
	METRIC_Q1,		/* the lower quartile: the time of a burst of
				 * operations, which interference lengthens */
	METRIC_Q3,		/* the upper quartile: a rate of a burst of
				 * work, which interference lowers */
	METRIC_TOTAL,		/* the mean of samples of equal length: a rate
				 * over the whole run (bytes / time) */
	METRIC_WEIGHTED,	/* the mean weighted by each sample's weight
				 * (a loss weighted by what was sent: lost /
				 * sent over the run) */
	METRIC_MERGED		/* a percentile of every observation of the
				 * run: from the merged histogram where the
				 * file has one, else the median of the
				 * processes' own */
};

/*
 * A row's rule: how the results tool takes its summary column's value
 * from a run (each row is one column).  With arg, the row's argument:
 *
 *   METRIC_ONE      the result named exactly `name`; failing that, the
 *                   first (in file order) whose further parts include one
 *                   of the comma-separated parts in `arg`, tried in order
 *                   ("placement=one,placement=unpinned"); with no arg,
 *                   the first result under the name
 *   METRIC_AT       the result under `name` whose size equals arg's
 *                   ("size=1K"; sizes compare by value: 1K = 1024)
 *   METRIC_LARGEST  the result under `name` with the largest size= part
 *   METRIC_MEAN     the mean of `name` and `arg`, each taken as by
 *                   METRIC_ONE (lmbench's "null I/O" = (read + write) / 2)
 *   METRIC_CONFIG   text: the run's configuration value for the key
 *                   `name` (no result, no unit)
 *
 * Results of parallel copies (a "-N" suffix) feed no column.  A column's
 * value for a run is its estimator's value of the chosen result's samples
 * times the row's scale; a missing result leaves it blank.  The rule is
 * the results tool's (results/read/metric_table.h); to the programs it
 * says only that no result is found under a METRIC_MEAN or METRIC_CONFIG
 * row (struct metric_fact's found).
 */
enum metric_select {
	METRIC_ONE,
	METRIC_AT,
	METRIC_LARGEST,
	METRIC_MEAN,
	METRIC_CONFIG
};

/*
 * How the results tool shows a metric beyond its display unit, and the
 * bounds it checks across results: the bits of struct metric_fact's
 * flags (a byte: eight bits at most).  Every entry of one metric (name
 * and unit) carries the same bits: metric_fact_find may return any of
 * them.
 */
enum {
	METRIC_COUNT = 1u << 0,	/* a count (pages, bytes): a whole value is
				 * shown without decimals */
	METRIC_CURVE = 1u << 1,	/* plotted against its results' size= part,
				 * a curve per run and the rest of the name
				 * (load latency by working-set size) */
	/*
	 * Bounds across results (metric_clock_plausible, and the results
	 * tool's metric_memory_plausible):
	 */
	METRIC_SINGLY = 1u << 2,	/* each value is one operation timed on
					 * its own, between two readings of the
					 * clock (a percentile of single reads,
					 * an fsync): never below the clock's
					 * cost */
	METRIC_MEMTEST = 1u << 3,	/* a memory bandwidth test (bw_mem,
					 * stream): the fastest of a run's is
					 * what its memory can move */
	METRIC_MEMMOVE = 1u << 4,	/* data moved through memory (a pipe, a
					 * socket on this machine, a cached
					 * file): never much faster than the
					 * run's fastest memory test, unless
					 * its size= is under 4 x the run's
					 * last-level cache (its llc line):
					 * then it may stay in the caches */
	/*
	 * The knee of a rate ladder (bw_udp -b LIST): the entry's name
	 * holds "<arg>=knee" and its steps are the results of the same
	 * name with "<arg>=<N>Mbit" instead (N Mbit/s asked), whose
	 * METRIC_LADDER_GOT and METRIC_LADDER_LOSS results are what
	 * arrived and what was lost.  hostbench-compare shows them as the
	 * ladder table and plot, by the x of the <arg>= part, not size=.
	 */
	METRIC_LADDER = 1u << 5,
	/*
	 * Moved by others' work even when it makes nothing wait: how late a
	 * sleeper wakes depends on whether its CPU was halted (a busy CPU
	 * takes its timer interrupt at once, an idle one wakes from a
	 * power state first).  Comparisons read the others' share of the
	 * CPUs beside its waits (hostbench-compare: REPORT_OTHERS_DIFF).
	 */
	METRIC_IDLE = 1u << 6
};

/* The units of a ladder step's received rate and loss (METRIC_LADDER). */
#define METRIC_LADDER_GOT "MB/s"
#define METRIC_LADDER_LOSS "%loss"

/*
 * A row's facts: what the programs need of it (and the results tool
 * too: results/read/metric_table.h's struct metric holds them beside the
 * column).  Small values are bytes, the bounds floats: every bound in
 * the rows is a float exactly (tests/lib/metric-t checks it).
 */
struct metric_fact {
	const char *name;	/* result name prefix: "LatSyscall/op=null" */
	const char *unit;	/* raw unit: "ns/op", "MB/s"; NULL for METRIC_CONFIG */
	/*
	 * The program that prints it: its descriptor's name ("lat_syscall");
	 * NULL for a METRIC_CONFIG row, which is the run's, not a
	 * program's.  bench -h lists a program's metrics from here, and
	 * tests/scripts/catalogue-t.sh checks both ways that the program
	 * prints them.
	 */
	const char *program;
	/* METRIC_WEIGHTED: the unit of the weights, on the same result line
	 * ("sent-MB/s"); else NULL. */
	const char *weight_unit;
	/*
	 * What is physically possible: lo <= value <= hi (hi 0: no upper
	 * bound); lo_open: lo < value (a time is never 0).  See
	 * metric_plausible.
	 */
	float lo, hi;
	unsigned char lo_open;
	unsigned char estimator;	/* enum metric_estimator */
	unsigned char flags;		/* METRIC_COUNT, METRIC_CURVE, ..., or 0 */
	/*
	 * 1 when results are found under the row (metric_fact_find); 0 for
	 * a METRIC_MEAN or METRIC_CONFIG row, a column made of others or of
	 * the run's configuration.
	 */
	unsigned char found;
};

/*
 * The initializer of a row's facts from its fields (lib/core/
 * metric-rows.h), for each table built from the rows.
 */
#define METRIC_FACT_ROW(prog, name, unit, sel, flags, est, lo, hi, lo_open, wunit) \
	{ name, unit, prog, wunit, lo, hi, lo_open, est, flags, \
	  (sel) != METRIC_MEAN && (sel) != METRIC_CONFIG }

/* Every row's facts, in the rows' order (lib/core/metric_facts.c). */
extern const struct metric_fact metric_facts[];
extern const size_t metric_fact_count;

/*
 * The row of a result: the result's name is under the row's name (see
 * above; a "-N" parallelism suffix is allowed here) and the units agree
 * (unit NULL: any).  Rows that are not found (METRIC_MEAN and
 * METRIC_CONFIG) are never returned; the first match in the rows' order
 * is.  NULL when none.
 */
const struct metric_fact *metric_fact_find(const char *name, const char *unit);

/*
 * 1 when metric_fact_find may return f for the result name[0..len) in
 * unit (NULL: any): f is found, the name without its "-N" suffix (len:
 * metric_parallel's) is under f's and the units agree; else 0.  The
 * results tool searches its own table of the rows with it.
 */
int metric_fact_matches(const struct metric_fact *f, const char *name, size_t len,
			const char *unit);

/*
 * 1 when name is under pattern: the same program name (the part before
 * the first "/") and every "/key=value" part of the pattern among name's
 * parts, in any order; else 0.  Parts compare as strings except size=
 * parts, which compare by value ("0" = "0K", "1024" = "1K").  A "-N"
 * suffix on name is not accepted here: strip it first (metric_parallel).
 */
int metric_under(const char *name, const char *pattern);

/* 1 when every "/"-separated part of parts ("placement=one") is in name. */
int metric_has_parts(const char *name, const char *parts);

/*
 * How many of name's parts are not in pattern, not counting size= parts:
 * 0 for "BwMem/op=rd/size=8M" under "BwMem/op=rd".
 */
int metric_extra_parts(const char *name, const char *pattern);

/*
 * The length of name without its "-N" parallelism suffix, and N (1 when
 * there is none) in *copies.
 */
size_t metric_parallel(const char *name, unsigned long *copies);

/*
 * The value of the "/key=" part of name ("LatMemRd/order=random/size=1K",
 * "size" -> "1K") copied into buf, or NULL when name has no such part or
 * it does not fit.
 */
const char *metric_param(const char *name, const char *key, char *buf, size_t len);

/*
 * A size as written in names: digits with an optional K, M or G (2^10,
 * 2^20, 2^30): "512", "0K", "64M".  Returns 0 and stores bytes, or -1.
 */
int metric_parse_size(const char *s, double *bytes);

/*
 * 1 when v is a value f's metric can physically have (finite, within
 * lo .. hi); else 0.
 */
int metric_plausible(const struct metric_fact *f, double v);

/*
 * Why v is not plausible for f, in buf ("0 ns/op is not above 0",
 * "101 %loss is above 100"); returns buf.  Meant for a v that
 * metric_plausible refused.
 */
const char *metric_implausible_why(const struct metric_fact *f, double v, char *buf, size_t len);

/*
 * 1 when result name under f is one operation timed on its own: f has
 * METRIC_SINGLY, or name has a "/stat=" part (a percentile of single
 * operations, lat_tcp's "/stat=p99": a histogram's); else 0.  A time
 * averaged over a burst of n operations is bounded by cost / n only,
 * which says nothing: those are not.
 */
int metric_timed_singly(const struct metric_fact *f, const char *name);

/*
 * The clock bound: v ns for one operation timed on its own (between two
 * readings of a clock whose reading costs cost ns: the interval holds at
 * least one) is possible when v >= cost.  Returns 1 when it is, or when
 * cost is not known (NaN, 0 or less); else 0 with why in buf ("12 ns per
 * operation timed singly is below the clock's cost (27 ns)").
 */
int metric_clock_plausible(double v, double cost, char *buf, size_t len);

/*
 * The estimator e over v[0..n-1] (w[0..n-1] the weights for
 * METRIC_WEIGHTED, else unused and may be NULL).  METRIC_MERGED gives
 * the median here: a caller with histograms merges them instead.  NaN
 * for n = 0, for weights summing to 0, or when memory runs out.
 */
double metric_estimate(enum metric_estimator e, const double *v, const double *w, size_t n);

/*
 * The estimator of result name under f: f's, but a percentile of the
 * observations ("/stat=p99" in the name, whatever the row that found
 * it) is METRIC_MERGED.
 */
enum metric_estimator metric_estimator_for(const struct metric_fact *f, const char *name);

/* "median", "lower quartile", ...: the estimator as the docs name it. */
const char *metric_estimator_name(enum metric_estimator e);

#endif
