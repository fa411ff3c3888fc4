/*
 * abtest: A/B statistics for the results tool.  Pure functions: no I/O,
 * no global state; abtest_mwu and abtest_bh allocate (and free) scratch
 * space.
 *
 * A comparison's unit is the repetition (a fresh process at another
 * moment: a round of a run, or a run), not the sample: the samples of one
 * process share its page placement, its CPU and the load of its moment,
 * so their spread says nothing of how much the next process will differ.
 * abtest_ratio_welch and abtest_ratio_paired test the ratio of two sides'
 * geometric means of per-unit values, on the log scale, against a margin
 * of practical equivalence; abtest_bh controls the false discovery rate
 * over the many metrics of one comparison.
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
 * 1/2 (as scipy.stats.mannwhitneyu by default), never below
 * abtest_mwu_floor; p = 1 when every value is the same.  Returns 0, or -1 with errno set (EINVAL for an empty
 * sample, ENOMEM).
 */
int abtest_mwu(const double *x, size_t nx, const double *y, size_t ny,
	       struct abtest_mwu *out);

/* The smallest two-sided p an exact rank test of nx against ny can give:
 * 2 / C(nx + ny, nx), at most 1 (2/252 = 0.0079 for 5 against 5). */
double abtest_mwu_floor(size_t nx, size_t ny);

/* The number of arrangements with U = u, for u = 0 .. nx * ny, into
 * counts[0 .. nx * ny] (exact below 2^53).  Returns 0, or -1 (ENOMEM). */
int abtest_mwu_counts(size_t nx, size_t ny, double *counts);

/* 100 (b - a) / a; NaN when a is 0. */
double abtest_delta_pct(double a, double b);

/* The geometric mean of v[0..n) (all > 0); NaN when n is 0 or a value
 * is not positive. */
double abtest_geomean(const double *v, size_t n);

enum abtest_method { ABTEST_NONE, ABTEST_WELCH, ABTEST_PAIRED };

/*
 * The scale a change is tested on: the ratio of geometric means (times
 * and rates, every value above 0), or the difference of arithmetic means
 * (shares and counts that can be 0: a loss of 0% is a value, not a
 * missing ratio).
 */
enum abtest_scale { ABTEST_LOG, ABTEST_LINEAR };

/* The level of the confidence interval of a ratio. */
#define ABTEST_CI_LEVEL 0.95

struct abtest_ratio {
	enum abtest_method method;	/* ABTEST_NONE: too few units to test */
	enum abtest_scale scale;
	double ratio;		/* ABTEST_LOG: geometric mean of b over that of
				 * a; ABTEST_LINEAR: the mean of b less a's */
	double lo, hi;		/* its ABTEST_CI_LEVEL interval; NaN untested */
	double p;		/* of "the change is within the margin"; NaN untested */
	double df;		/* degrees of freedom of the t statistic */
	double se;		/* standard error of the log ratio (of the difference) */
};

/*
 * Welch's t test on the logs of a[0..na) and b[0..nb) (every value > 0),
 * against the interval null hypothesis |log(ratio)| <= log(1 + margin)
 * (a minimum-effect test: Murphy and Myors; with margin 0 the usual
 * two-sided test).  p = P(|D| >= |d|) for D = log(1 + margin) + se T, the
 * worst case of the null, so a change inside the margin has p >= 0.5.
 * With one unit on a side, the other side's variance stands for both
 * (df of that side); with one unit on each side, nothing is tested
 * (method ABTEST_NONE, p and the interval NaN, ratio still set).  Two
 * sides without any spread give p 0 or 1.  Returns 0, or -1 with errno
 * EINVAL (an empty side, or margin < 0) or EDOM (a value <= 0 or not
 * finite).
 */
int abtest_ratio_welch(const double *a, size_t na, const double *b, size_t nb,
		       double margin, struct abtest_ratio *out);

/*
 * The paired form: a[i] and b[i] were measured together (round i of an
 * interleaved A B B A experiment), so the test is a one-sample t test of
 * log(b[i] / a[i]) with n - 1 degrees of freedom; the same interval null
 * hypothesis.  n = 1: not tested.  Returns as abtest_ratio_welch.
 */
int abtest_ratio_paired(const double *a, const double *b, size_t n, double margin,
			struct abtest_ratio *out);

/*
 * The interval of t's ratio at another level (0 < level < 1), two-sided,
 * into *lo and *hi: exp(log ratio -+ t_((1 + level) / 2, df) se).  A
 * ratio without spread (se 0) is its own interval; an untested one
 * (method ABTEST_NONE) gives NaN.
 */
void abtest_interval(const struct abtest_ratio *t, double level, double *lo, double *hi);

/*
 * The smallest change t's comparison could have shown beyond the margin
 * with an interval at level: for ABTEST_LOG (margin a fraction >= 0) the
 * ratio r >= 1 for which an estimate of r (or 1/r) would put that
 * interval wholly beyond the margin, (1 + margin) exp(t_((1 + level) / 2,
 * df) se); for ABTEST_LINEAR (margin absolute) the difference, margin +
 * t se.  NaN untested.  A comparison's power in one figure: a change
 * smaller than this can hide in "no change shown".
 */
double abtest_detectable(const struct abtest_ratio *t, double level, double margin);

/*
 * The level of the intervals that agree with a false discovery rate
 * alpha over m tests of which r were selected (Benjamini and Yekutieli
 * 2005, false coverage-statement rate intervals): 1 - 2 max(r, 1) alpha /
 * m, the two-sided interval whose lying wholly beyond the margin is the
 * one-sided minimum-effect test at level max(r, 1) alpha / m, the bound
 * Benjamini-Hochberg selects by.  m = 0 gives 1 - 2 alpha.
 */
double abtest_fcr_level(size_t r, size_t m, double alpha);

/*
 * The same two tests on the difference b - a of arithmetic means, for
 * values that can be 0 or below (scale ABTEST_LINEAR): margin is
 * absolute, in the values' unit (>= 0).  Returns as abtest_ratio_welch,
 * EDOM for a value that is not finite.
 */
int abtest_diff_welch(const double *a, size_t na, const double *b, size_t nb,
		      double margin, struct abtest_ratio *out);
int abtest_diff_paired(const double *a, const double *b, size_t n, double margin,
		       struct abtest_ratio *out);

/*
 * Benjamini-Hochberg: the adjusted p-values (q) of p[0..n) into q[0..n)
 * (q may be p): q_(i) = min over j >= i of n p_(j) / j in ascending order
 * of p, at most 1.  Rejecting every q < alpha keeps the expected share of
 * false discoveries among the rejections at most alpha (for independent
 * or positively dependent tests).  NaN entries are left out of n and
 * stay NaN.  Returns 0, or -1 (ENOMEM).
 */
int abtest_bh(const double *p, size_t n, double *q);

#endif
