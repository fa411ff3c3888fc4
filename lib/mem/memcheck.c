/*
 * memcheck: what the memory benchmarks may physically report (see memcheck.h).
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/compat.h"
#include "mem/memcheck.h"

static void HB_PRINTF(3, 4)
say(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;

	if (len == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(why, len, fmt, ap);
	va_end(ap);
}

int
memcheck_par(double par, unsigned chains, char *why, size_t len)
{
	if (!isfinite(par) || par < MEMCHECK_PAR_MIN) {
		say(why, len, "parallelism %.3g is below %.2g: %u chains slower per load than one",
		    par, MEMCHECK_PAR_MIN, chains);
		return 0;
	}
	if (par > (double)chains * (1 + MEMCHECK_PAR_SLACK)) {
		say(why, len, "parallelism %.3g is more than %u chains can overlap", par, chains);
		return 0;
	}
	return 1;
}

int
memcheck_pow2(uint64_t v)
{
	return v != 0 && (v & (v - 1)) == 0;
}

int
memcheck_line(uint64_t line, char *why, size_t len)
{
	if (!memcheck_pow2(line)) {
		say(why, len, "a line of %llu bytes is not a power of two", (unsigned long long)line);
		return 0;
	}
	if (line < 8 || line > 4096) {
		say(why, len, "a line of %llu bytes is outside 8 .. 4096", (unsigned long long)line);
		return 0;
	}
	return 1;
}

int
memcheck_levels(const double *size, size_t n, char *why, size_t len)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!(size[i] > 0) || !isfinite(size[i])) {
			say(why, len, "level %zu has a size of %.6g bytes", i + 1, size[i]);
			return 0;
		}
		if (i > 0 && !(size[i] > size[i - 1])) {
			say(why, len, "level %zu (%.6g bytes) is not larger than level %zu (%.6g bytes)",
			    i + 1, size[i], i, size[i - 1]);
			return 0;
		}
	}
	return 1;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The level of a size: 0 .. nb, or -1 in a transition. */
static int
level_of(double x, const double *bound, size_t nb)
{
	size_t g;

	for (g = 0; g < nb; g++)
		if (x <= bound[g])
			break;
	if (g < nb && x > 0.75 * bound[g])
		return -1;
	if (g > 0 && x <= 1.5 * bound[g - 1])
		return -1;
	return (int)g;
}

size_t
memcheck_curve(const double *x, const double *y, size_t n, const double *bound,
	       size_t nb, int random, int *bad, char *why, size_t len)
{
	double tmp[MEMCHECK_MAX_POINTS], med[MEMCHECK_MAX_POINTS];
	int lv[MEMCHECK_MAX_POINTS];
	size_t i, count = 0, g;
	int prev = -1;

	if (len > 0)
		why[0] = '\0';
	if (n > MEMCHECK_MAX_POINTS)
		n = MEMCHECK_MAX_POINTS;
	for (i = 0; i < n; i++) {
		bad[i] = MEMCHECK_OK;
		lv[i] = level_of(x[i], bound, nb);
		if (!(y[i] > 0) || !isfinite(y[i])) {
			bad[i] = MEMCHECK_BAD;
			if (count++ == 0)
				say(why, len, "%.6g ns per load at %.6g bytes is not above 0", y[i], x[i]);
			lv[i] = -1;
		}
	}
	/* Each level's latency: the median of its points. */
	for (g = 0; g <= nb && g < MEMCHECK_MAX_POINTS; g++) {
		size_t k = 0;

		for (i = 0; i < n; i++)
			if (lv[i] == (int)g)
				tmp[k++] = y[i];
		med[g] = -1;
		if (k > 0) {
			qsort(tmp, k, sizeof(tmp[0]), cmp_double);
			med[g] = k % 2 ? tmp[k / 2] : (tmp[k / 2 - 1] + tmp[k / 2]) / 2;
		}
	}
	for (g = 0; g <= nb && g < MEMCHECK_MAX_POINTS; g++) {
		if (med[g] < 0)
			continue;
		if (prev >= 0 && med[g] < (1 - MEMCHECK_LEVEL_TOL) * med[prev]) {
			for (i = 0; i < n; i++) {
				int b = (lv[i] == (int)g && y[i] < (1 - MEMCHECK_LEVEL_TOL) * med[prev])
					|| (lv[i] == prev && y[i] > med[g] / (1 - MEMCHECK_LEVEL_TOL));

				if (b && bad[i] == MEMCHECK_OK) {
					bad[i] = MEMCHECK_BAD;
					count++;
				}
			}
			if (len > 0 && why[0] == '\0')
				say(why, len, "loads beyond cache level %d take %.3g ns, less than the %.3g ns within it",
				    prev + 1, med[g], med[prev]);
		}
		prev = (int)g;
	}
	if (random)
		for (i = 1; i < n; i++) {
			size_t b;
			int near = 0;

			if (bad[i] != MEMCHECK_OK || bad[i - 1] == MEMCHECK_BAD
			    || !(y[i] > MEMCHECK_JUMP_RATIO * y[i - 1]))
				continue;
			for (b = 0; b < nb; b++)
				near |= bound[b] >= x[i - 1] / 2 && bound[b] <= 2 * x[i];
			if (near)
				continue;
			bad[i] = MEMCHECK_JUMP;
			count++;
			if (len > 0 && why[0] == '\0')
				say(why, len, "%.3g ns per load at %.6g bytes is more than %.3g times the %.3g ns at %.6g bytes, and no cache ends there",
				    y[i], x[i], MEMCHECK_JUMP_RATIO, y[i - 1], x[i - 1]);
		}
	return count;
}
