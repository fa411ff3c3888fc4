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
 * Pure functions: no I/O, no global state, nothing fails.  A histogram
 * of all zero bytes (a static one, or after hist_init) is empty.
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

#endif
