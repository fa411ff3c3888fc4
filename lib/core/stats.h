/*
 * stats: summary statistics of a sample.  Pure functions: no I/O, no
 * global state; only stats_compute allocates (a sorted copy).
 */
#ifndef HB_STATS_H
#define HB_STATS_H

#include <stddef.h>

struct stats {
	size_t n;
	double min, max;
	double median;
	double q1, q3;		/* quartiles, linear interpolation (R type 7) */
	double mean;
	double stddev;		/* sample standard deviation (n - 1); 0 for n = 1 */
	double cv;		/* stddev / mean; 0 when mean is 0 */
	double ci_lo, ci_hi;	/* distribution-free CI for the median */
	double ci_level;	/* its exact coverage, e.g. 0.988 for n = 11 */
};

/* Sort x ascending, in place; NaNs, if any, go last. */
void stats_sort(double *x, size_t n);

/*
 * The p-quantile (0 <= p <= 1) of sorted[0..n-1] by linear interpolation
 * between order statistics (R's type 7): h = (n - 1) p.  n must be >= 1.
 */
double stats_quantile_sorted(const double *sorted, size_t n, double p);

/*
 * Ranks (1-based) of the order statistics that bound a distribution-free
 * confidence interval for the median with coverage at least level: the
 * narrowest symmetric pair lo, hi = n + 1 - lo with
 * 1 - 2 P(Binomial(n, 1/2) <= lo - 1) >= level.  When no pair reaches
 * level (n < 6 for 95%), lo = 1 and hi = n.  *coverage receives the exact
 * coverage of the returned pair.  n must be >= 1.
 */
void stats_median_ci_ranks(size_t n, double level, size_t *lo, size_t *hi,
			   double *coverage);

/*
 * Fill *s from x[0..n-1] (x is not modified) with a 95% CI for the
 * median.  Returns 0, or -1 with errno set (EINVAL for n = 0, ENOMEM).
 */
int stats_compute(const double *x, size_t n, struct stats *s);

/*
 * Half-width of the CI relative to the median, in percent:
 * 100 * max(median - ci_lo, ci_hi - median) / |median|; 0 if the median is 0
 * and the interval has zero width, HUGE_VAL if only the median is 0.
 */
double stats_ci_halfwidth_pct(const struct stats *s);

/*
 * Whether n later rates (x[0], x[stride] ...) are faster than a first one
 * beyond their own spread: every one above it, and their median above it
 * by more than 10% and by more than (fastest - slowest) / median.  lmdd's
 * test for a cache below the page cache (the first read after a flush
 * comes from the disk, the later ones from that cache).  Returns the
 * ratio median / first where so, else 0 (also for n = 0 or first <= 0).
 */
double stats_later_faster(double first, const double *x, size_t n, size_t stride);

#endif
