/*
 * knee: the steps in a latency curve (see knee.h).
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mem/knee.h"

static double
median3(double a, double b, double c)
{
	if (a > b) {
		double t = a;

		a = b;
		b = t;
	}
	/* now a <= b */
	if (c <= a)
		return a;
	return c < b ? c : b;
}

void
knee_smooth(const double *y, size_t n, double *out)
{
	size_t i;

	if (n < 3) {
		for (i = 0; i < n; i++)
			out[i] = y[i];
		return;
	}
	for (i = 1; i + 1 < n; i++)
		out[i] = median3(y[i - 1], y[i], y[i + 1]);
	out[0] = n > 3 ? median3(y[0], out[1], 3 * out[1] - 2 * out[2])
		       : median3(y[0], out[1], y[1]);
	out[n - 1] = n > 3 ? median3(y[n - 1], out[n - 2], 3 * out[n - 2] - 2 * out[n - 3])
			   : median3(y[n - 1], out[n - 2], y[n - 2]);
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The median of v[first..last]; sorts a copy in tmp. */
static double
median_of(const double *v, size_t first, size_t last, double *tmp)
{
	size_t n = last - first + 1;

	memcpy(tmp, v + first, n * sizeof(*tmp));
	qsort(tmp, n, sizeof(*tmp), cmp_double);
	return n % 2 ? tmp[n / 2] : (tmp[n / 2 - 1] + tmp[n / 2]) / 2;
}

static int
valid(const double *x, const double *y, size_t n, size_t min, double f)
{
	size_t i;

	if (n < min || n > KNEE_MAX_POINTS || !(f > 0 && f <= 10))
		return 0;
	for (i = 0; i < n; i++) {
		if (!isfinite(x[i]) || !isfinite(y[i]) || !(x[i] > 0) || !(y[i] > 0))
			return 0;
		if (i > 0 && !(x[i] > x[i - 1]))
			return 0;
	}
	return 1;
}

/*
 * The end of the doubling window of point k: the first point with
 * x >= 2 x[k]; the last point when the curve ends before, if it reaches
 * 1.5 x[k]; else n (no window).
 */
size_t
knee_doubling(const double *x, size_t n, size_t k)
{
	size_t j;

	for (j = k + 1; j < n; j++)
		if (x[j] >= 2 * x[k])
			return j;
	return n;
}

static size_t
window_end(const double *x, size_t n, size_t k)
{
	size_t j = knee_doubling(x, n, k);

	if (j < n)
		return j;
	return x[n - 1] >= 1.5 * x[k] ? n - 1 : n;
}

int
knee_find(const double *x, const double *y, size_t n, double jump,
	  struct knee_level *levels, size_t max, double *last)
{
	double s[KNEE_MAX_POINTS], tmp[KNEE_MAX_POINTS], base;
	size_t first = 0, k;
	int found = 0;

	if (!valid(x, y, n, KNEE_MIN_POINTS, jump)) {
		errno = EINVAL;
		return -1;
	}
	knee_smooth(y, n, s);
	base = s[0];
	for (k = 1; k < n; k++) {
		size_t j, m;

		if (s[k] <= base * (1 + jump / 2)) {
			if (s[k] < base)
				base = s[k];
			continue;
		}
		j = window_end(x, n, k - 1);
		if (j == n || s[j] < s[k - 1] * (1 + jump))
			continue;	/* a drift, or too near the end to tell */
		/* The next plateau starts where the rise levels off. */
		for (m = k; m < n - 1; m++) {
			size_t e = window_end(x, n, m);

			if (e == n || s[e] < s[m] * (1 + jump / 2))
				break;
		}
		if ((size_t)found < max) {
			size_t foot = k - 1, i;

			for (i = k; i < m; i++)
				if (s[i + 1] / s[i] > s[foot + 1] / s[foot])
					foot = i;
			levels[found].first = first;
			levels[found].last = k - 1;
			levels[found].foot = foot;
			levels[found].size = x[foot];
			levels[found].value = median_of(s, first, k - 1, tmp);
		}
		found++;
		first = m;
		base = s[m];
		k = m;
	}
	if (last != NULL)
		*last = median_of(s, first, n - 1, tmp);
	return found;
}

int
knee_line(const double *x, const double *y, size_t n, double grow)
{
	double s[KNEE_MAX_POINTS];
	size_t i;
	int line = -1;

	if (!valid(x, y, n, 3, grow)) {
		errno = EINVAL;
		return -1;
	}
	knee_smooth(y, n, s);
	for (i = 1; i < n; i++)
		if (s[i] > s[i - 1] * (1 + grow))
			line = (int)i;
	if (line < 0 || (size_t)line == n - 1) {
		errno = ENOENT;
		return -1;
	}
	return line;
}
