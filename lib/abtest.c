/*
 * abtest: A/B statistics (see abtest.h).
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "abtest.h"
#include "stats.h"

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
