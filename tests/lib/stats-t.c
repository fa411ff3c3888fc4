/*
 * stats-t: summary statistics against hand-computed values.
 *
 * CI ranks and coverages were worked out from the binomial distribution
 * with exact fractions: coverage = 1 - 2 * sum_{k < lo} C(n, k) / 2^n.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#include "core/stats.h"
#include "tap/basic.h"

#define EPS 1e-9

static const struct {
	size_t n;
	double level;
	size_t lo, hi;
	double coverage;
} ranks[] = {
	{ 1, 0.95, 1, 1, 0.0 },			/* one point covers nothing */
	{ 2, 0.95, 1, 2, 0.5 },
	{ 5, 0.95, 1, 5, 0.9375 },		/* 95% is out of reach */
	{ 5, 0.9375, 1, 5, 0.9375 },		/* a level met exactly */
	{ 6, 0.95, 1, 6, 0.96875 },
	{ 6, 1.0, 1, 6, 0.96875 },
	{ 9, 0.95, 2, 8, 0.9609375 },
	{ 11, 0.95, 2, 10, 0.98828125 },
	{ 11, 0.99, 1, 11, 0.9990234375 },
	{ 11, 0.5, 4, 8, 0.7734375 },
	{ 17, 0.95, 5, 13, 0.950958251953125 },
	{ 20, 0.95, 6, 15, 0.9586105346679688 },
	{ 20, 0.99, 4, 17, 0.9974231719970703 },
	{ 100, 0.95, 40, 61, 0.9647997997822952 },
	{ 1000, 0.95, 469, 532, 0.9537088026395019 },
	{ 2000, 0.95, 956, 1045, 0.9534471795082162 },	/* 2^-n underflows */
	{ 5000, 0.95, 2431, 2570, 0.9506841418958282 },
};

/* Every field of stats_compute(x, n) against the expected values. */
static void
check(const char *name, const double *x, size_t n, const struct stats *want)
{
	struct stats s;
	double copy[32];

	memcpy(copy, x, n * sizeof(*x));
	is_int(0, stats_compute(x, n, &s), "%s: stats_compute succeeds", name);
	ok(memcmp(copy, x, n * sizeof(*x)) == 0, "%s: input not modified", name);
	is_int((long long)want->n, (long long)s.n, "%s: n", name);
	is_double(want->min, s.min, EPS, "%s: min", name);
	is_double(want->max, s.max, EPS, "%s: max", name);
	is_double(want->median, s.median, EPS, "%s: median", name);
	is_double(want->q1, s.q1, EPS, "%s: q1", name);
	is_double(want->q3, s.q3, EPS, "%s: q3", name);
	is_double(want->mean, s.mean, EPS, "%s: mean", name);
	is_double(want->stddev, s.stddev, EPS, "%s: stddev", name);
	is_double(want->cv, s.cv, EPS, "%s: cv", name);
	is_double(want->ci_lo, s.ci_lo, EPS, "%s: ci_lo", name);
	is_double(want->ci_hi, s.ci_hi, EPS, "%s: ci_hi", name);
	is_double(want->ci_level, s.ci_level, EPS, "%s: ci_level", name);
}

int
main(void)
{
	/* Field order: n, min, max, median, q1, q3, mean, sd, cv, ci, level. */
	static const double odd[] = { 3, 1, 2, 5, 4 };
	static const struct stats odd_s = { 5, 1, 5, 3, 2, 4, 3,
		1.5811388300841898, 0.5270462766947299, 1, 5, 0.9375 };
	static const double even[] = { 4, 1, 3, 2 };
	static const struct stats even_s = { 4, 1, 4, 2.5, 1.75, 3.25, 2.5,
		1.2909944487358056, 0.5163977794943222, 1, 4, 0.875 };
	static const double ties[] = { 2, 2, 9, 2, 7, 2 };
	static const struct stats ties_s = { 6, 2, 9, 2, 2, 5.75, 4,
		3.1622776601683795, 0.7905694150420949, 2, 9, 0.96875 };
	static const double one[] = { 42 };
	static const struct stats one_s = { 1, 42, 42, 42, 42, 42, 42,
		0, 0, 42, 42, 0 };
	static const double two[] = { 20, 10 };
	static const struct stats two_s = { 2, 10, 20, 15, 12.5, 17.5, 15,
		7.0710678118654755, 0.47140452079103173, 10, 20, 0.5 };
	static const double zero_mean[] = { 1, -1 };
	static const struct stats zero_mean_s = { 2, -1, 1, 0, -0.5, 0.5, 0,
		1.4142135623730951, 0, -1, 1, 0.5 };
	static const double eleven[] = { 11, 3, 7, 1, 9, 5, 2, 10, 4, 8, 6 };
	static const struct stats eleven_s = { 11, 1, 11, 6, 3.5, 8.5, 6,
		3.3166247903554, 0.55277079839256666, 2, 10, 0.98828125 };
	double twenty[20], sorted[] = { 3, -1, 2.5, 0, NAN, -7 };
	double q[] = { 1, 2, 3, 4 };
	struct stats s, h;
	size_t i, lo, hi;
	double cov;

	plan(14 * 7 + 3 * HB_ARRAY_SIZE(ranks) + 4 + 6 + 4 + 3 + 5 + 8);

	check("odd n", odd, HB_ARRAY_SIZE(odd), &odd_s);
	check("even n", even, HB_ARRAY_SIZE(even), &even_s);
	check("ties", ties, HB_ARRAY_SIZE(ties), &ties_s);
	check("n = 1", one, HB_ARRAY_SIZE(one), &one_s);
	check("n = 2", two, HB_ARRAY_SIZE(two), &two_s);
	check("zero mean", zero_mean, HB_ARRAY_SIZE(zero_mean), &zero_mean_s);
	check("n = 11", eleven, HB_ARRAY_SIZE(eleven), &eleven_s);

	for (i = 0; i < HB_ARRAY_SIZE(ranks); i++) {
		stats_median_ci_ranks(ranks[i].n, ranks[i].level, &lo, &hi, &cov);
		is_int((long long)ranks[i].lo, (long long)lo,
		       "n = %zu, level %g: lower rank", ranks[i].n, ranks[i].level);
		is_int((long long)ranks[i].hi, (long long)hi,
		       "n = %zu, level %g: upper rank", ranks[i].n, ranks[i].level);
		is_double(ranks[i].coverage, cov, 1e-9,
			  "n = %zu, level %g: coverage", ranks[i].n, ranks[i].level);
	}

	/* Squares 1..400 in descending order: the CI is ranks 6 and 15. */
	for (i = 0; i < 20; i++)
		twenty[i] = (double)((20 - i) * (20 - i));
	is_int(0, stats_compute(twenty, 20, &s), "n = 20: stats_compute succeeds");
	is_double(110.5, s.median, EPS, "n = 20: median between 100 and 121");
	is_double(36, s.ci_lo, EPS, "n = 20: ci_lo is the 6th value");
	is_double(225, s.ci_hi, EPS, "n = 20: ci_hi is the 15th value");

	stats_sort(sorted, HB_ARRAY_SIZE(sorted));
	is_double(-7, sorted[0], 0, "sort: smallest first");
	is_double(-1, sorted[1], 0, "sort: second");
	is_double(0, sorted[2], 0, "sort: third");
	is_double(2.5, sorted[3], 0, "sort: fourth");
	is_double(3, sorted[4], 0, "sort: largest number");
	ok(isnan(sorted[5]), "sort: NaN last");

	is_double(1, stats_quantile_sorted(q, 4, 0), 0, "quantile 0 is the min");
	is_double(4, stats_quantile_sorted(q, 4, 1), 0, "quantile 1 is the max");
	is_double(1.3, stats_quantile_sorted(q, 4, 0.1), EPS, "quantile 0.1");
	is_double(3.7, stats_quantile_sorted(q, 4, 0.9), EPS, "quantile 0.9");

	errno = 0;
	is_int(-1, stats_compute(q, 0, &s), "n = 0 fails");
	is_int(EINVAL, errno, "n = 0 sets EINVAL");
	is_int(0, stats_compute(eleven, 11, &s), "n = 11 again");

	h = s;
	is_double(100.0 * 4 / 6, stats_ci_halfwidth_pct(&h),
		  EPS, "half-width: n = 11 is 4 of 6");
	h.median = -10, h.ci_lo = -12, h.ci_hi = -9;
	is_double(20, stats_ci_halfwidth_pct(&h), EPS,
		  "half-width: the wider side, relative to |median|");
	h.median = 0, h.ci_lo = 0, h.ci_hi = 0;
	is_double(0, stats_ci_halfwidth_pct(&h), 0,
		  "half-width: zero median, zero-width interval");
	h.ci_hi = 1;
	is_double(HUGE_VAL, stats_ci_halfwidth_pct(&h), 0,
		  "half-width: zero median, wide interval");
	h.median = 5, h.ci_lo = 5, h.ci_hi = 5;
	is_double(0, stats_ci_halfwidth_pct(&h), 0,
		  "half-width: zero-width interval");

	/* lmdd's cache below: later passes against the first (MB/s). */
	{
		static const double steady[] = { 2000, 2100, 1900, 2050 };
		static const double ramp[] = { 2400, 3200, 4500, 6000 };
		static const double one_slow[] = { 2000, 500, 2100 };
		static const double strided[] = { 2000, 1, 2100, 1, 1900, 1 };

		is_double(2025.0 / 600, stats_later_faster(600, steady, 4, 1), EPS,
			  "later faster: steady later passes 3.4x the first: the ratio");
		is_double(3850.0 / 642, stats_later_faster(642, ramp, 4, 1), EPS,
			  "later faster: a ramp far above the first counts, its spread below the gap");
		is_double(0, stats_later_faster(1950, steady, 4, 1), 0,
			  "later faster: a first pass among the later ones: no");
		is_double(0, stats_later_faster(1880, steady, 4, 1), 0,
			  "later faster: every one faster, by less than 10%%: no");
		is_double(0, stats_later_faster(600, one_slow, 3, 1), 0,
			  "later faster: one later pass slower than the first: no");
		is_double(0, stats_later_faster(2000, ramp, 4, 1), 0,
			  "later faster: 92%% faster, less than their own spread of 94%%: no");
		is_double(2000.0 / 600, stats_later_faster(600, strided, 3, 2), EPS,
			  "later faster: every stride-th value, the others ignored");
		is_double(0, stats_later_faster(600, steady, 0, 1), 0, "later faster: none later: no");
	}
	return 0;
}
