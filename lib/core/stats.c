/*
 * stats: summary statistics of a sample (see stats.h).
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/stats.h"

/*
 * NaNs sort last and compare equal to each other, so the order is total
 * and qsort's behaviour stays defined even for a corrupted sample.
 */
static int
cmp_double(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	if (isnan(a) || isnan(b))
		return isnan(a) ? (isnan(b) ? 0 : 1) : -1;
	return (a > b) - (a < b);
}

void
stats_sort(double *x, size_t n)
{
	if (n > 1)
		qsort(x, n, sizeof(*x), cmp_double);
}

double
stats_quantile_sorted(const double *sorted, size_t n, double p)
{
	double h, frac;
	size_t i;

	if (isnan(p))
		return p;
	if (p <= 0.0 || n == 1)
		return sorted[0];
	if (p >= 1.0)
		return sorted[n - 1];
	h = (double)(n - 1) * p;
	i = (size_t)h;
	frac = h - (double)i;
	/* An exact order statistic is returned as is: no 0 * inf = NaN. */
	if (frac == 0.0 || i + 1 >= n)
		return sorted[i];
	return sorted[i] + frac * (sorted[i + 1] - sorted[i]);
}

void
stats_median_ci_ranks(size_t n, double level, size_t *lo, size_t *hi,
		      double *coverage)
{
	/*
	 * P(X <= k) for X ~ Binomial(n, 1/2), summed term by term in log
	 * space: 2^-n underflows a double for n > 1074, the log does not.
	 */
	double logpmf = -(double)n * log(2.0);
	double cdf = 0.0, cov = 1.0 - 2.0 * exp(logpmf);
	size_t k, best = 1;

	for (k = 0; k + 2 <= (n + 1) / 2; k++) {
		double c;

		cdf += exp(logpmf);
		logpmf += log((double)(n - k)) - log((double)(k + 1));
		c = 1.0 - 2.0 * (cdf + exp(logpmf));
		/* Slack for rounding, so an exactly met level still counts. */
		if (!(c >= level - 1e-12))
			break;
		best = k + 2;
		cov = c;
	}
	*lo = best;
	*hi = n + 1 - best;
	*coverage = cov;
}

int
stats_compute(const double *x, size_t n, struct stats *s)
{
	double *y, sum = 0.0, ss = 0.0;
	size_t i, lo, hi;

	if (n == 0) {
		errno = EINVAL;
		return -1;
	}
	/* C99 malloc need not set errno; the header promises ENOMEM. */
	if ((y = malloc(n * sizeof(*y))) == NULL) {
		errno = ENOMEM;
		return -1;
	}
	memcpy(y, x, n * sizeof(*y));
	stats_sort(y, n);

	s->n = n;
	s->min = y[0];
	s->max = y[n - 1];
	s->median = stats_quantile_sorted(y, n, 0.5);
	s->q1 = stats_quantile_sorted(y, n, 0.25);
	s->q3 = stats_quantile_sorted(y, n, 0.75);

	/* Two passes: the one-pass formula loses digits when cv is small. */
	for (i = 0; i < n; i++)
		sum += y[i];
	s->mean = sum / (double)n;
	for (i = 0; i < n; i++)
		ss += (y[i] - s->mean) * (y[i] - s->mean);
	s->stddev = n > 1 ? sqrt(ss / (double)(n - 1)) : 0.0;
	s->cv = s->mean != 0.0 ? s->stddev / s->mean : 0.0;

	stats_median_ci_ranks(n, 0.95, &lo, &hi, &s->ci_level);
	s->ci_lo = y[lo - 1];
	s->ci_hi = y[hi - 1];
	free(y);
	return 0;
}

double
stats_ci_halfwidth_pct(const struct stats *s)
{
	double below = s->median - s->ci_lo, above = s->ci_hi - s->median;
	double w = below > above ? below : above;

	if (s->median == 0.0)
		return w == 0.0 ? 0.0 : HUGE_VAL;
	return 100.0 * w / fabs(s->median);
}

double
stats_later_faster(double first, const double *x, size_t n, size_t stride)
{
	double lo, hi, *col, ratio = 0;
	struct stats s;
	size_t i;

	if (n == 0 || !(first > 0) || (col = malloc(n * sizeof(*col))) == NULL)
		return 0;
	lo = hi = x[0];
	for (i = 0; i < n; i++) {
		col[i] = x[i * stride];
		lo = col[i] < lo ? col[i] : lo;
		hi = col[i] > hi ? col[i] : hi;
	}
	if (lo > first && stats_compute(col, n, &s) == 0 && s.median > 0
	    && s.median / first - 1 > 0.1 && s.median / first - 1 > (hi - lo) / s.median)
		ratio = s.median / first;
	free(col);
	return ratio;
}
