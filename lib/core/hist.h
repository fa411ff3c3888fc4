/*
 * hist: a log-linear histogram of durations in ns, of fixed size whatever
 * the number of values, for the percentiles of single operations
 * (round trips of the network benchmarks, lmdd's reads and writes,
 * lat_usleep's wake-ups).
 *
 * Values below HIST_EXACT (128) have a bucket each; above, every power of
 * two is cut into 128 buckets, each at most 1/128 of its lower bound
 * wide, up to 2^HIST_MAXLOG ns (about 4.9 hours); larger values land in
 * the last bucket.  So a quantile is within 1/256 (0.4%) of the exact
 * one, and exact below 256 ns.  39 KB, no allocation.
 *
 * Pure functions: no I/O, no global state; only hist_parse_line fails.
 * A histogram of all zero bytes (a static one, or after hist_init) is
 * empty.
 *
 * The line a histogram is written as, after a program's result lines, so
 * that the results tool can merge the histograms of several processes
 * (runs, copies) and take percentiles of the whole, not medians of each
 * process's percentiles:
 *
 *   # hist: BenchmarkLatUsleep/method=select/usec=100 ns/op loglin-7-44 n=5 min=3 max=5000 3:2 200:1,0,1 796:1
 *
 * - "# hist:" and blanks (spaces or tabs) between the fields;
 * - the result's name as on its result lines ("Benchmark" + upper case
 *   ...) without its "/stat=..." part (LatUsleep's stat sits mid-name:
 *   "LatUsleep/method=nanosleep/usec=100"), one line per name;
 * - the unit of the values (ns/op: the histogram counts nanoseconds);
 * - the bucket scheme, "loglin-7-44": values below 2^7 a bucket each,
 *   then 2^7 buckets per power of two, the last ending at 2^44 (hist_bucket
 *   and hist_lower give bucket b's range);
 * - n=, min= and max=: the count and the exact extremes, decimal;
 * - the non-empty buckets as runs "B:c,c,...": the count of bucket B, then
 *   of B+1 ..., decimal; runs in increasing bucket order, not overlapping,
 *   zeros allowed inside a run.  An empty histogram has n=0 min=0 max=0
 *   and no run.
 */
#ifndef HB_HIST_H
#define HB_HIST_H

#include <stddef.h>
#include <stdint.h>

#define HIST_SUB 7			/* 2^7 buckets per power of two */
#define HIST_EXACT (1u << HIST_SUB)	/* values below: a bucket each */
#define HIST_MAXLOG 44			/* the buckets end at 2^44 ns */
#define HIST_BUCKETS ((HIST_MAXLOG - HIST_SUB + 1) << HIST_SUB)

struct hist {
	uint64_t n;			/* values added */
	uint64_t min, max;		/* of the values added; 0 when n is 0 */
	uint64_t count[HIST_BUCKETS];
};

/* Empty h. */
void hist_init(struct hist *h);

/* Add the value v (any, larger ones in the last bucket; min and max exact). */
void hist_add(struct hist *h, uint64_t v);

/* Add every value of h to all, as if each had been given to hist_add. */
void hist_merge(struct hist *all, const struct hist *h);

/*
 * The p-quantile by nearest rank: the ceil(p n)-th smallest value (at
 * least the first).  The first and the n-th are the exact min and max;
 * any other is the middle of its bucket (an exact value below 256),
 * clamped to min .. max.  0 when h is empty.
 */
double hist_quantile(const struct hist *h, double p);

/*
 * The bucket of the value v (HIST_BUCKETS - 1 for 2^44 and above), and
 * the smallest value of bucket b, for b = 0 .. HIST_BUCKETS (which gives
 * 2^44, the end of the last bucket).
 */
size_t hist_bucket(uint64_t v);
uint64_t hist_lower(size_t b);

/* The bucket scheme's name in a "# hist:" line. */
#define HIST_SCHEME "loglin-7-44"

/*
 * Write h as the "# hist:" line of the result name (with its "Benchmark"
 * prefix) and unit, without a newline, into buf of len bytes, as
 * snprintf: returns the length of the whole line (write more than len - 1
 * bytes: cut, still terminated when len > 0), so hist_format_line(NULL,
 * 0, ...) + 1 is the size to allocate.  -1 when name or unit is empty or
 * holds a blank.
 */
int hist_format_line(char *buf, size_t len, const char *name, const char *unit,
		     const struct hist *h);

/*
 * Read a "# hist:" line (a trailing newline or CR-LF allowed) into h,
 * the name without its "Benchmark" prefix into name (namelen bytes) and
 * the unit into unit (unitlen bytes).  Returns 0, or -1 (h, name and unit
 * unspecified; errno not set) when the line is not one: another prefix,
 * a name not "Benchmark" + upper case or too long, another bucket
 * scheme, a number that is not plain decimal or overflows, a bucket out
 * of range, runs out of order or overlapping, counts that do not sum to
 * n, or min and max not in the first and last non-empty buckets.
 */
int hist_parse_line(const char *line, char *name, size_t namelen, char *unit,
		    size_t unitlen, struct hist *h);

#endif
