/*
 * abtest: A/B statistics (see abtest.h).
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/dist.h"
#include "core/stats.h"
#include "model/abtest.h"

int
abtest_mwu_counts(size_t nx, size_t ny, double *counts)
{
	size_t i, k, deg = 0, top = nx * ny + nx;
	double *c;

	/*
	 * The counts are the coefficients of the Gaussian binomial
	 * [nx + ny choose nx](q) = prod_{i=1..nx} (1 - q^(ny+i)) / (1 - q^i).
	 * After step i the polynomial is [ny + i choose i](q): whole,
	 * non-negative coefficients, so each division is exact.
	 */
	if ((c = calloc(top + 1, sizeof(*c))) == NULL) {
		errno = ENOMEM;
		return -1;
	}
	c[0] = 1;
	for (i = 1; i <= nx; i++) {
		size_t m = ny + i;

		for (k = deg + m; k >= m; k--)
			c[k] -= c[k - m];
		for (k = i; k <= deg + m; k++)
			c[k] += c[k - i];
		deg += ny;
	}
	memcpy(counts, c, (nx * ny + 1) * sizeof(*c));
	free(c);
	return 0;
}

int
abtest_mwu(const double *x, size_t nx, const double *y, size_t ny,
	   struct abtest_mwu *out)
{
	size_t i, j, n = nx + ny;
	double u = 0, *all, ties = 0;
	int tied = 0;

	if (nx == 0 || ny == 0) {
		errno = EINVAL;
		return -1;
	}
	for (i = 0; i < nx; i++)
		for (j = 0; j < ny; j++)
			u += x[i] > y[j] ? 1.0 : x[i] == y[j] ? 0.5 : 0.0;
	out->u = u;

	if ((all = malloc(n * sizeof(*all))) == NULL) {
		errno = ENOMEM;
		return -1;
	}
	memcpy(all, x, nx * sizeof(*x));
	memcpy(all + nx, y, ny * sizeof(*y));
	stats_sort(all, n);
	for (i = 0; i < n; i = j) {
		double t;

		for (j = i + 1; j < n && all[j] == all[i]; j++)
			;
		t = (double)(j - i);
		if (t > 1) {
			tied = 1;
			ties += t * t * t - t;
		}
	}
	free(all);

	if (!tied && n <= ABTEST_EXACT_MAX) {
		size_t m = nx * ny, k, ui = (size_t)u;
		double *c = malloc((m + 1) * sizeof(*c)), total = 0, lo = 0, hi = 0;

		if (c == NULL || abtest_mwu_counts(nx, ny, c) != 0) {
			free(c);
			errno = ENOMEM;
			return -1;
		}
		for (k = 0; k <= m; k++) {
			total += c[k];
			if (k <= ui)
				lo += c[k];
			if (k >= ui)
				hi += c[k];
		}
		free(c);
		out->p = 2 * (lo < hi ? lo : hi) / total;
		out->exact = 1;
	} else {
		double nn = (double)n, mu = (double)nx * (double)ny / 2;
		double var = (double)nx * (double)ny / 12
			     * ((nn + 1) - ties / (nn * (nn - 1)));
		double z;

		out->exact = 0;
		if (!(var > 0)) {
			out->p = 1;
			return 0;
		}
		z = (fabs(u - mu) - 0.5) / sqrt(var);
		out->p = erfc(z / sqrt(2.0));
		/* The approximation can fall below what any arrangement of so
		 * few values can give (ties only make arrangements alike). */
		if (out->p < abtest_mwu_floor(nx, ny))
			out->p = abtest_mwu_floor(nx, ny);
	}
	if (out->p > 1)
		out->p = 1;
	if (out->p < 0)
		out->p = 0;
	return 0;
}

double
abtest_delta_pct(double a, double b)
{
	if (a == 0)
		return NAN;
	return 100.0 * (b - a) / a;
}

double
abtest_geomean(const double *v, size_t n)
{
	double s = 0;
	size_t i;

	if (n == 0)
		return NAN;
	for (i = 0; i < n; i++) {
		if (!(v[i] > 0))
			return NAN;
		s += log(v[i]);
	}
	return exp(s / (double)n);
}

double
abtest_mwu_floor(size_t nx, size_t ny)
{
	/* log C(n, k) by lgamma: exact enough for a floor, no overflow. */
	double lc = lgamma((double)(nx + ny) + 1) - lgamma((double)nx + 1) - lgamma((double)ny + 1);
	double f = 2 * exp(-lc);

	return f < 1 ? f : 1;
}

static void
untested(struct abtest_ratio *out, double ratio, enum abtest_scale scale)
{
	out->method = ABTEST_NONE;
	out->scale = scale;
	out->ratio = ratio;
	out->lo = out->hi = out->p = out->df = out->se = NAN;
}

/* Back from the scale tested on: exp for ratios, as it is for differences. */
static double
unscale(enum abtest_scale scale, double x)
{
	return scale == ABTEST_LOG ? exp(x) : x;
}

/*
 * Fill the p-value and interval from the change d (a log ratio or a
 * difference), its se and df, against the margin m on that scale.
 */
static void
finish_t(struct abtest_ratio *out, double d, double se, double df, double m, enum abtest_scale scale)
{
	double t;

	out->scale = scale;
	out->ratio = unscale(scale, d);
	out->df = df;
	out->se = se;
	if (!(se > 0)) {
		/* No spread at all: the change is what it is. */
		out->p = fabs(d) > m ? 0 : 1;
		out->lo = out->hi = out->ratio;
		return;
	}
	out->p = dist_t_sf((fabs(d) - m) / se, df) + dist_t_sf((fabs(d) + m) / se, df);
	if (out->p > 1)
		out->p = 1;
	t = dist_t_quantile((1 - ABTEST_CI_LEVEL) / 2, df);
	out->lo = unscale(scale, d - t * se);
	out->hi = unscale(scale, d + t * se);
}

/* Mean and sample variance of v[0..n) (their logs with scale ABTEST_LOG);
 * -1 on a value that is not finite, or not above 0 for a log. */
static int
moments(const double *v, size_t n, enum abtest_scale scale, double *mean, double *var)
{
	double s = 0, ss = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!isfinite(v[i]) || (scale == ABTEST_LOG && !(v[i] > 0)))
			return -1;
		s += scale == ABTEST_LOG ? log(v[i]) : v[i];
	}
	*mean = s / (double)n;
	for (i = 0; i < n; i++) {
		double e = (scale == ABTEST_LOG ? log(v[i]) : v[i]) - *mean;

		ss += e * e;
	}
	*var = n > 1 ? ss / (double)(n - 1) : 0;
	return 0;
}

/* Welch's t test on scale; m the margin on it (a log, or absolute). */
static int
welch(const double *a, size_t na, const double *b, size_t nb, double m, enum abtest_scale scale,
      struct abtest_ratio *out)
{
	double ma, va, mb, vb, se, df;

	if (na == 0 || nb == 0 || !(m >= 0)) {
		errno = EINVAL;
		return -1;
	}
	if (moments(a, na, scale, &ma, &va) != 0 || moments(b, nb, scale, &mb, &vb) != 0) {
		errno = EDOM;
		return -1;
	}
	if (na < 2 && nb < 2) {
		untested(out, unscale(scale, mb - ma), scale);
		return 0;
	}
	out->method = ABTEST_WELCH;
	if (na < 2 || nb < 2) {
		/* One side's spread stands for both. */
		double v = na < 2 ? vb : va;

		se = sqrt(v / (double)na + v / (double)nb);
		df = (double)(na < 2 ? nb : na) - 1;
	} else {
		double wa = va / (double)na, wb = vb / (double)nb;

		se = sqrt(wa + wb);
		/* Welch-Satterthwaite; both spreads 0 leave df unused. */
		df = wa + wb > 0 ? (wa + wb) * (wa + wb)
				   / (wa * wa / (double)(na - 1) + wb * wb / (double)(nb - 1))
				 : (double)(na + nb - 2);
	}
	finish_t(out, mb - ma, se, df, m, scale);
	return 0;
}

/* The paired form on scale. */
static int
paired(const double *a, const double *b, size_t n, double m, enum abtest_scale scale,
       struct abtest_ratio *out)
{
	double s = 0, ss = 0, d;
	size_t i;

	if (n == 0 || !(m >= 0)) {
		errno = EINVAL;
		return -1;
	}
	for (i = 0; i < n; i++)
		if (!isfinite(a[i]) || !isfinite(b[i])
		    || (scale == ABTEST_LOG && (!(a[i] > 0) || !(b[i] > 0)))) {
			errno = EDOM;
			return -1;
		}
	for (i = 0; i < n; i++)
		s += scale == ABTEST_LOG ? log(b[i] / a[i]) : b[i] - a[i];
	d = s / (double)n;
	if (n < 2) {
		untested(out, unscale(scale, d), scale);
		return 0;
	}
	for (i = 0; i < n; i++) {
		double e = (scale == ABTEST_LOG ? log(b[i] / a[i]) : b[i] - a[i]) - d;

		ss += e * e;
	}
	out->method = ABTEST_PAIRED;
	finish_t(out, d, sqrt(ss / (double)(n - 1) / (double)n), (double)(n - 1), m, scale);
	return 0;
}

int
abtest_ratio_welch(const double *a, size_t na, const double *b, size_t nb,
		   double margin, struct abtest_ratio *out)
{
	return welch(a, na, b, nb, margin >= 0 ? log1p(margin) : -1, ABTEST_LOG, out);
}

int
abtest_ratio_paired(const double *a, const double *b, size_t n, double margin,
		    struct abtest_ratio *out)
{
	return paired(a, b, n, margin >= 0 ? log1p(margin) : -1, ABTEST_LOG, out);
}

int
abtest_diff_welch(const double *a, size_t na, const double *b, size_t nb,
		  double margin, struct abtest_ratio *out)
{
	return welch(a, na, b, nb, margin, ABTEST_LINEAR, out);
}

int
abtest_diff_paired(const double *a, const double *b, size_t n, double margin,
		   struct abtest_ratio *out)
{
	return paired(a, b, n, margin, ABTEST_LINEAR, out);
}

void
abtest_interval(const struct abtest_ratio *t, double level, double *lo, double *hi)
{
	double q, d;

	*lo = *hi = NAN;
	if (t->method == ABTEST_NONE || !(level > 0 && level < 1)
	    || (t->scale == ABTEST_LOG && !(t->ratio > 0)))
		return;
	if (!(t->se > 0)) {
		*lo = *hi = t->ratio;
		return;
	}
	d = t->scale == ABTEST_LOG ? log(t->ratio) : t->ratio;
	q = dist_t_quantile((1 - level) / 2, t->df);
	*lo = unscale(t->scale, d - q * t->se);
	*hi = unscale(t->scale, d + q * t->se);
}

double
abtest_detectable(const struct abtest_ratio *t, double level, double margin)
{
	double q;

	if (t->method == ABTEST_NONE || !(level > 0 && level < 1) || !(margin >= 0))
		return NAN;
	q = t->se > 0 ? dist_t_quantile((1 - level) / 2, t->df) * t->se : 0;
	return t->scale == ABTEST_LOG ? (1 + margin) * exp(q) : margin + q;
}

double
abtest_fcr_level(size_t r, size_t m, double alpha)
{
	double g = m > 0 ? (double)(r > 0 ? r : 1) * alpha / (double)m : alpha;

	return 1 - 2 * (g < 0.5 ? g : 0.5);
}

/* ---------------------------------------------------------------- FDR */

struct pidx {
	double p;
	size_t i;
};

static int
cmp_pidx(const void *x, const void *y)
{
	const struct pidx *a = x, *b = y;

	if (a->p != b->p)
		return a->p < b->p ? -1 : 1;
	return a->i < b->i ? -1 : a->i > b->i;
}

int
abtest_bh(const double *p, size_t n, double *q)
{
	struct pidx *v;
	size_t i, m = 0;
	double run = 1;

	if (n == 0)
		return 0;
	if ((v = malloc(n * sizeof(*v))) == NULL) {
		errno = ENOMEM;
		return -1;
	}
	for (i = 0; i < n; i++)
		if (!isnan(p[i])) {
			v[m].p = p[i];
			v[m].i = i;
			m++;
		}
	qsort(v, m, sizeof(*v), cmp_pidx);
	/* From the largest p down: the running minimum of m p_(j) / j. */
	for (i = m; i > 0; i--) {
		double x = (double)m * v[i - 1].p / (double)i;

		if (x < run)
			run = x;
		v[i - 1].p = run;
	}
	for (i = 0; i < n; i++)
		if (isnan(p[i]))
			q[i] = NAN;
	for (i = 0; i < m; i++)
		q[v[i].i] = v[i].p;
	free(v);
	return 0;
}
