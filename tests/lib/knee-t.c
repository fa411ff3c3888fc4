/*
 * knee-t: the step finder on synthetic latency curves: clean and noisy
 * steps, one level, gradual rises, a ramp without a step, too few or bad
 * points; and the line finder on stride curves.
 */
#include "config.h"

#include <errno.h>
#include <math.h>

#include "mem/knee.h"
#include "tap/basic.h"

#define MAXN 80
#define K 1024.0
#define M (1024.0 * 1024.0)

static double x[MAXN], y[MAXN];

/* The cache benchmark's sizes: 512 bytes, then four per doubling. */
static size_t
sizes(double upto)
{
	size_t n = 0;
	double pow2 = 512;

	for (x[0] = 512; x[n] <= upto && n + 1 < MAXN; n++) {
		if (x[n] >= 2 * pow2)
			pow2 *= 2;
		x[n + 1] = x[n] + pow2 / 4;
	}
	return n;
}

/* A cache hierarchy with sharp steps: h[i] up to and with size[i]. */
static void
steps(size_t n, const double *size, const double *h, size_t levels)
{
	size_t i, l;

	for (i = 0; i < n; i++) {
		for (l = 0; l < levels && x[i] > size[l]; l++)
			;
		y[i] = h[l];
	}
}

/* Deterministic noise in [-1, 1). */
static double
noise(unsigned *state)
{
	*state = *state * 1103515245u + 12345u;
	return ((*state >> 8) & 0xffff) / 32768.0 - 1.0;
}

int
main(void)
{
	static const double size3[] = { 48 * K, 2 * M }, h3[] = { 1.8, 6.0, 110.0 };
	static const double size1[] = { 64 * K }, h1[] = { 2.0, 10.0 };
	struct knee_level lv[4];
	double last = 0, s[MAXN], sm[8];
	size_t n, i;
	unsigned st = 1;
	int r;

	plan(46);

	/* The end of a doubling: the first point at or beyond twice x[k]. */
	{
		static const double xs[] = { 512, 640, 768, 1024, 1280, 2048 };

		is_int(3, (long long)knee_doubling(xs, 6, 0), "512 doubles at 1024, point 3");
		is_int(4, (long long)knee_doubling(xs, 6, 1), "640 at 1280 exactly, point 4");
		is_int(6, (long long)knee_doubling(xs, 6, 4), "1280's doubling beyond the curve: n");
	}

	/* Clean steps: an L1 of 48K, an L2 of 2M, memory behind. */
	n = sizes(64 * M);
	steps(n, size3, h3, 2);
	r = knee_find(x, y, n, 0.25, lv, 4, &last);
	is_int(2, r, "clean steps: two levels");
	is_double(48 * K, lv[0].size, 0, "the first level is 48K");
	is_double(2 * M, lv[1].size, 0, "the second is 2M");
	is_double(1.8, lv[0].value, 1e-12, "the first plateau's height");
	is_double(6.0, lv[1].value, 1e-12, "the second plateau's height");
	is_double(110.0, last, 1e-12, "and where the curve ends");
	is_int(0, (long long)lv[0].first, "the first plateau starts at the first point");
	ok(x[lv[1].first] > 48 * K && x[lv[1].first] <= 96 * K,
	   "the second starts right after the first rise");

	/* The same with +-8% noise and wild points on the plateaus. */
	for (i = 0; i < n; i++)
		y[i] *= 1 + 0.08 * noise(&st);
	y[5] *= 6;
	y[30] *= 4;
	y[n - 3] *= 0.2;
	r = knee_find(x, y, n, 0.25, lv, 4, &last);
	is_int(2, r, "noisy steps with wild points: still two levels");
	is_double(48 * K, lv[0].size, 0, "the first still 48K");
	is_double(2 * M, lv[1].size, 0, "the second still 2M");
	is_double(1.8, lv[0].value, 0.15, "the first plateau's height within noise");
	is_double(6.0, lv[1].value, 0.5, "the second's within noise");
	is_double(110.0, last, 9, "the end's within noise");

	/* One level. */
	n = sizes(1 * M);
	steps(n, size1, h1, 1);
	r = knee_find(x, y, n, 0.25, lv, 4, &last);
	is_int(1, r, "a single level");
	is_double(64 * K, lv[0].size, 0, "at 64K");
	is_double(10.0, last, 1e-12, "then the curve ends at 10");

	/* A gradual rise: hit rate C/S beyond the cache (random replacement). */
	n = sizes(8 * M);
	for (i = 0; i < n; i++)
		y[i] = x[i] <= 256 * K ? 5.0 : 5.0 + 95.0 * (1 - 256 * K / x[i]);
	r = knee_find(x, y, n, 0.25, lv, 4, NULL);
	ok(r == 1 && lv[0].size == 256 * K, "a gradual C/S rise: one level at 256K (%g)",
	   r > 0 ? lv[0].size : 0);

	/* A cache that loses lines to conflicts: a gentle early rise, then the step. */
	for (i = 0; i < n; i++)
		y[i] = x[i] <= 256 * K ? 5.0 : x[i] <= 1 * M ? 5.0 * pow(x[i] / (256 * K), 0.25)
		       : 100.0;
	r = knee_find(x, y, n, 0.25, lv, 4, NULL);
	ok(r == 1 && lv[0].size == 1 * M, "an early gentle rise: the level is at the steep step, 1M (%g)",
	   r > 0 ? lv[0].size : 0);

	/* A ramp without a step: 11% per doubling, 2.7x over the range. */
	n = sizes(64 * M);
	for (i = 0; i < n; i++)
		y[i] = 3.0 * pow(x[i] / 512, 0.15);
	r = knee_find(x, y, n, 0.25, lv, 4, &last);
	is_int(0, r, "a monotone ramp has no step");
	ok(last > 3.0 && last < y[n - 1], "its one plateau's height is inside the range (%g)", last);

	/* A flat curve. */
	for (i = 0; i < n; i++)
		y[i] = 7.0;
	is_int(0, knee_find(x, y, n, 0.25, lv, 4, &last), "a flat curve has no step");
	is_double(7.0, last, 0, "and its height is the value");

	/* A step at the very end cannot be told from a wild point. */
	for (i = 0; i < n; i++)
		y[i] = i + 1 < n ? 7.0 : 50.0;
	is_int(0, knee_find(x, y, n, 0.25, lv, 4, NULL), "a rise in the last point only is no step");

	/* More levels than room: all counted, max stored. */
	n = sizes(64 * M);
	{
		static const double sz[] = { 4 * K, 64 * K, 1 * M, 8 * M }, hh[] = { 1, 3, 9, 27, 81 };

		steps(n, sz, hh, 4);
	}
	lv[2].size = -1;
	r = knee_find(x, y, n, 0.25, lv, 2, NULL);
	is_int(4, r, "four levels are counted");
	ok(lv[2].size == -1, "but only max = 2 are stored");

	/* Bad input. */
	errno = 0;
	is_int(-1, knee_find(x, y, KNEE_MIN_POINTS - 1, 0.25, lv, 4, NULL), "too few points: -1");
	is_int(EINVAL, errno, "with EINVAL");
	x[3] = x[2];
	errno = 0;
	ok(knee_find(x, y, n, 0.25, lv, 4, NULL) == -1 && errno == EINVAL, "x not rising: EINVAL");
	sizes(64 * M);
	y[4] = 0;
	errno = 0;
	ok(knee_find(x, y, n, 0.25, lv, 4, NULL) == -1 && errno == EINVAL, "a zero latency: EINVAL");
	y[4] = NAN;
	errno = 0;
	ok(knee_find(x, y, n, 0.25, lv, 4, NULL) == -1 && errno == EINVAL, "a NaN: EINVAL");
	y[4] = 1;
	errno = 0;
	ok(knee_find(x, y, n, 0, lv, 4, NULL) == -1 && errno == EINVAL, "jump 0: EINVAL");

	/* Smoothing. */
	{
		static const double in[] = { 9, 1, 1, 1, 7, 1, 1, 2, 2, 2 };

		knee_smooth(in, 10, s);
		is_double(1, s[4], 0, "smoothing removes a single spike");
		is_double(1, s[0], 0, "and a wild first point (Tukey's end rule)");
		is_double(2, s[9], 0, "and keeps the last plateau's value");
		is_double(2, s[7], 0, "and a step of two or more points");
	}

	/* The line: time grows with the stride up to 64 bytes, then stays. */
	for (i = 0; i < 7; i++) {
		sm[i] = 8 << i;
		y[i] = 5.0 + 9.0 * (sm[i] < 64 ? sm[i] : 64) / 64;
	}
	is_int(3, knee_line(sm, y, 7, 0.15), "line: the stride where the time stops growing (64)");
	for (i = 0; i < 7; i++)
		y[i] *= 1 + 0.03 * noise(&st);
	is_int(3, knee_line(sm, y, 7, 0.15), "line: the same with 3%% noise");
	for (i = 0; i < 7; i++)
		y[i] = 5.0 + 9.0 * (sm[i] < 32 ? sm[i] : 32) / 32;
	is_int(2, knee_line(sm, y, 7, 0.15), "line: 32 bytes");
	for (i = 0; i < 7; i++)
		y[i] = 4.0;
	errno = 0;
	r = knee_line(sm, y, 7, 0.15);
	ok(r == -1 && errno == ENOENT, "line: a flat curve has none (ENOENT)");
	for (i = 0; i < 7; i++)
		y[i] = 4.0 + sm[i];
	errno = 0;
	r = knee_line(sm, y, 7, 0.15);
	ok(r == -1 && errno == ENOENT, "line: a curve still rising at the end has none");
	errno = 0;
	r = knee_line(sm, y, 2, 0.15);
	ok(r == -1 && errno == EINVAL, "line: two points are too few (EINVAL)");
	errno = 0;
	r = knee_line(sm, y, 7, 0);
	ok(r == -1 && errno == EINVAL, "line: grow 0 is EINVAL");
	return 0;
}
