/*
 * abtest: A/B statistics for the results tool.  Pure functions: no I/O,
 * no global state; only abtest_mwu allocates (and frees) scratch space.
 */
#ifndef HB_ABTEST_H
#define HB_ABTEST_H

#include <stddef.h>

/* p below this is a significant difference. */
#define ABTEST_ALPHA 0.05

/* Exact p-values (no ties) up to this many samples in all: the counts
 * stay below 2^53, so they are exact in a double. */
#define ABTEST_EXACT_MAX 50

struct abtest_mwu {
	double u;	/* U of x: pairs with x_i > y_j, a tie counting 1/2 */
	double p;	/* two-sided p-value, 0 .. 1 */
	int exact;	/* 1: from the exact distribution of U */
};

/*
 * Mann-Whitney U test (Wilcoxon rank-sum) of x[0..nx) against y[0..ny),
 * two-sided.  Exact when there are no ties and nx + ny <= ABTEST_EXACT_MAX:
 * p = 2 min(P(U <= u), P(U >= u)), capped at 1.  Otherwise the normal
 * approximation with the tie correction and a continuity correction of
 * 1/2 (as scipy.stats.mannwhitneyu by default); p = 1 when every value
 * is the same.  Returns 0, or -1 with errno set (EINVAL for an empty
 * sample, ENOMEM).
 */
int abtest_mwu(const double *x, size_t nx, const double *y, size_t ny,
	       struct abtest_mwu *out);

/* The number of arrangements with U = u, for u = 0 .. nx * ny, into
 * counts[0 .. nx * ny] (exact below 2^53).  Returns 0, or -1 (ENOMEM). */
int abtest_mwu_counts(size_t nx, size_t ny, double *counts);

/* 100 (b - a) / a; NaN when a is 0. */
double abtest_delta_pct(double a, double b);

/* The geometric mean of v[0..n) (all > 0); NaN when n is 0 or a value
 * is not positive. */
double abtest_geomean(const double *v, size_t n);

#endif
