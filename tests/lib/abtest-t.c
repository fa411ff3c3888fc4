/*
 * abtest-t: the Mann-Whitney U test and the A/B helpers.  The expected
 * p-values were checked by enumerating every arrangement of the pooled
 * sample (exact cases) and by the rank-sum form of the normal
 * approximation with the tie correction (the others).  The t tail
 * probabilities were checked by numerical integration of the density
 * and against the closed forms for 1 and 2 degrees of freedom; the
 * Benjamini-Hochberg vector by hand.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#include "core/dist.h"
#include "model/abtest.h"
#include "tap/basic.h"

static struct abtest_mwu
mwu(const double *x, size_t nx, const double *y, size_t ny)
{
	struct abtest_mwu r = { -1, -1, -1 };

	if (abtest_mwu(x, nx, y, ny, &r) != 0)
		diag("abtest_mwu failed");
	return r;
}

static void
t_tests(void)
{
	static const double x3[] = { 0, 1, 2 }, y3[] = { 3, 4, 5 };
	static const double flat1[] = { 3, 3, 3 }, flat2[] = { 3.5, 3.5, 3.5 };
	static const double near1[] = { 100, 101, 99 }, near2[] = { 101, 102, 100 };
	double ex[3], ey[3];
	struct abtest_ratio t;
	int i;

	is_double(0.25, dist_t_sf(1, 1), 1e-12, "t with 1 df (Cauchy): P(T > 1) = 1/4");
	is_double(1 / (1 + 3.0), dist_f_sf(3, 2, 2), 1e-12, "F with 2, 2 df: P(F > 3) = 1 / (1 + 3)");
	is_double(2 * dist_t_sf(1.7, 9), dist_f_sf(1.7 * 1.7, 1, 9), 1e-12,
		  "F with 1, d df is t squared: P(F > t^2) = 2 P(T > t)");
	is_double(1, dist_f_sf(0, 3, 4), 0, "P(F > 0) = 1");
	ok(isnan(dist_f_sf(1, 0, 4)), "F with 0 df is NaN");
	is_double(0.5 - 1 / sqrt(6.0), dist_t_sf(2, 2), 1e-12, "t with 2 df: P(T > 2) = 1/2 - 1/sqrt(6)");
	is_double(0.08778154640154, dist_t_sf(1.5, 7.3), 1e-9, "fractional df: P(T > 1.5 | 7.3) = 0.087782");
	is_double(1 - 0.25, dist_t_sf(-1, 1), 1e-12, "the lower side is 1 - sf");
	is_double(2.776445105, dist_t_quantile(0.025, 4), 1e-6, "the 97.5%% point with 4 df is 2.7764");
	is_double(12.70620474, dist_t_quantile(0.025, 1), 1e-5, "and with 1 df 12.706");
	ok(isnan(dist_t_sf(1, 0)), "0 degrees of freedom is NaN");

	/* Welch on logs: feed exp() so that the logs are 0 1 2 and 3 4 5. */
	for (i = 0; i < 3; i++) {
		ex[i] = exp(x3[i]);
		ey[i] = exp(y3[i]);
	}
	ok(abtest_ratio_welch(ex, 3, ey, 3, 0, &t) == 0 && t.method == ABTEST_WELCH, "Welch on 3 and 3 units");
	is_double(4, t.df, 1e-12, "equal spreads, 3 and 3: 4 degrees of freedom");
	is_double(0.02131164112876, t.p, 1e-9, "logs 0 1 2 against 3 4 5, no margin: p = 0.021312");
	is_double(exp(3), t.ratio, 1e-9, "the ratio is exp of the difference of the log means");
	is_double(exp(3 - 2.776445105 * sqrt(2.0 / 3)), t.lo, 1e-5, "the interval is d -/+ t(0.975, 4) se");
	ok(t.lo < t.ratio && t.ratio < t.hi, "and holds the ratio");
	ok(abtest_ratio_welch(ex, 3, ey, 3, expm1(2.5), &t) == 0 && t.p > 0.2 && t.p < 0.5,
	   "with a margin of e^2.5 the same change (e^3) is no longer significant: 0.2 < p < 0.5");

	ok(abtest_ratio_welch(near1, 3, near2, 3, 0.05, &t) == 0 && t.p > 0.5,
	   "a 1%% change inside a 5%% margin: p > 0.5, never significant");
	ok(abtest_ratio_welch(flat1, 3, flat1, 3, 0.03, &t) == 0 && t.p == 1,
	   "identical units without spread (3.000 and 3.000): p = 1");
	ok(abtest_ratio_welch(flat1, 3, flat2, 3, 0.03, &t) == 0 && t.p == 0,
	   "3.000 against 3.500 without any spread: a real change, p = 0");
	ok(abtest_ratio_welch(near1, 1, near2, 1, 0.03, &t) == 0 && t.method == ABTEST_NONE
	   && isnan(t.p) && fabs(t.ratio - 1.01) < 1e-12,
	   "one unit each: not tested, the ratio still given");
	ok(abtest_ratio_welch(near1, 1, near2, 3, 0, &t) == 0 && t.method == ABTEST_WELCH
	   && t.df == 2, "one unit against three: the three's spread, 2 df");
	errno = 0;
	ok(abtest_ratio_welch(flat1, 3, ex, 0, 0, &t) == -1 && errno == EINVAL, "an empty side is EINVAL");
	errno = 0;
	ok(abtest_ratio_welch(x3, 3, y3, 3, 0, &t) == -1 && errno == EDOM, "a value of 0 is EDOM (no log)");

	/* Paired: ratios b/a of e^0.1, e^0.2, e^0.3: mean 0.2, sd 0.1. */
	for (i = 0; i < 3; i++) {
		ex[i] = 10;
		ey[i] = 10 * exp(0.1 * (i + 1));
	}
	ok(abtest_ratio_paired(ex, ey, 3, 0, &t) == 0 && t.method == ABTEST_PAIRED, "paired on 3 rounds");
	is_double(2, t.df, 0, "3 rounds: 2 degrees of freedom");
	is_double(2 * (0.5 - (0.2 / (0.1 / sqrt(3.0)))
		       / (2 * sqrt(pow(0.2 / (0.1 / sqrt(3.0)), 2) + 2))),
		  t.p, 1e-9, "log ratios 0.1 0.2 0.3: t = 3.464, two-sided p with 2 df");
	ok(abtest_ratio_paired(ex, ey, 1, 0, &t) == 0 && t.method == ABTEST_NONE, "one round: not tested");
}

static void
bh_tests(void)
{
	static const double p[] = { 0.01, 0.04, 0.03, NAN, 0.005, 0.5 };
	double q[6];

	ok(abtest_bh(p, 6, q) == 0, "Benjamini-Hochberg over 5 p-values and a NaN");
	/* sorted: 0.005 0.01 0.03 0.04 0.5 (m = 5); m p / rank: 0.025 0.025
	 * 0.05 0.05 0.5; running minimum from the top: the same. */
	is_double(0.025, q[4], 1e-12, "the smallest p 0.005 becomes q 0.025");
	is_double(0.025, q[0], 1e-12, "0.01 (second) becomes 0.025");
	is_double(0.05, q[2], 1e-12, "0.03 (third) becomes 0.05");
	is_double(0.05, q[1], 1e-12, "0.04 (fourth) becomes 0.05");
	is_double(0.5, q[5], 1e-12, "0.5 stays 0.5");
	ok(isnan(q[3]), "a NaN stays NaN and does not count");
}

/*
 * Intervals at another level, the detectable change and the FCR level,
 * on known vectors: a Welch comparison with log ratio log(1.2), se 0.05
 * and 4 df gives exp(log 1.2 -+ 2.776445 x 0.05) at 95% (t_0.975,4 =
 * 2.776445), exp(-+ 4.604095 x 0.05) at 99% (t_0.995,4).
 */
static void
interval_tests(void)
{
	struct abtest_ratio t;
	double lo, hi;

	memset(&t, 0, sizeof(t));
	t.method = ABTEST_WELCH;
	t.ratio = 1.2;
	t.se = 0.05;
	t.df = 4;
	abtest_interval(&t, 0.95, &lo, &hi);
	ok(fabs(lo - 1.2 * exp(-2.776445105 * 0.05)) < 1e-6 && fabs(hi - 1.2 * exp(2.776445105 * 0.05)) < 1e-6,
	   "a 95%% interval: ratio exp(-+ t_0.975,4 se)");
	abtest_interval(&t, 0.99, &lo, &hi);
	ok(fabs(lo - 1.2 * exp(-4.604094871 * 0.05)) < 1e-5 && fabs(hi - 1.2 * exp(4.604094871 * 0.05)) < 1e-5,
	   "a 99%% interval: exp(-+ t_0.995,4 se), wider");
	is_double(1.03 * exp(2.776445105 * 0.05), abtest_detectable(&t, 0.95, 0.03), 1e-6,
		  "detectable at 95%% with a 3%% margin: 1.03 exp(t se) = 1.1813");
	is_double(1.03, abtest_detectable(&t, 0.95, 0.03) / exp(2.776445105 * 0.05), 1e-9,
		  "... the margin times the interval's half-width, whatever the ratio");
	t.se = 0;
	abtest_interval(&t, 0.95, &lo, &hi);
	ok(lo == 1.2 && hi == 1.2, "no spread: the ratio is its own interval");
	is_double(1.03, abtest_detectable(&t, 0.95, 0.03), 0, "... and any change beyond the margin shows");
	t.method = ABTEST_NONE;
	abtest_interval(&t, 0.95, &lo, &hi);
	ok(isnan(lo) && isnan(hi) && isnan(abtest_detectable(&t, 0.95, 0.03)), "untested: none of them");
	is_double(0.9, abtest_fcr_level(0, 1, 0.05), 1e-12, "FCR level, one test: 1 - 2 x 0.05 = 90%%");
	is_double(1 - 2 * 0.05 / 40, abtest_fcr_level(0, 40, 0.05), 1e-12,
		  "none selected of 40: as one selected, 1 - 2 alpha / 40");
	is_double(1 - 2 * 4 * 0.05 / 40, abtest_fcr_level(4, 40, 0.05), 1e-12,
		  "four selected of 40: 1 - 2 x 4 alpha / 40 = 99%%");
	/*
	 * The agreement the report relies on: the interval at 1 - 2g lies
	 * wholly beyond the margin exactly when the one-sided
	 * minimum-effect tail (|d| - m) / se is below g.  (p adds the far
	 * tail to it: a quarter more here, with 5 df.)
	 */
	{
		static const double a[] = { 1.00, 1.04, 0.97, 1.02 }, b[] = { 1.31, 1.27, 1.33, 1.29 };
		struct abtest_ratio w;
		double tail;

		abtest_ratio_welch(a, 4, b, 4, 0.03, &w);
		tail = dist_t_sf((log(w.ratio) - log(1.03)) / w.se, w.df);
		ok(tail < w.p && tail > w.p / 2, "the near tail is most of p (%.3g of %.3g)", tail, w.p);
		abtest_interval(&w, 1 - 2 * tail * 1.001, &lo, &hi);
		ok(lo > 1.03, "an interval at 1 - 2 x 1.001 tail lies beyond the margin (lo %.6f)", lo);
		abtest_interval(&w, 1 - 2 * tail * 0.999, &lo, &hi);
		ok(lo < 1.03, "... one at 1 - 2 x 0.999 tail reaches into it (lo %.6f)", lo);
	}
}

/* Differences of means, for values that can be 0. */
static void
diff_tests(void)
{
	static const double zero[] = { 0, 0, 0 }, some[] = { 0.4, 0.5, 0.6 };
	static const double pa[] = { 1, 2, 3, 4 }, pb[] = { 1.5, 2.4, 3.6, 4.5 };
	struct abtest_ratio t;
	double lo, hi;

	ok(abtest_diff_welch(zero, 3, some, 3, 0.01, &t) == 0 && t.scale == ABTEST_LINEAR
	   && fabs(t.ratio - 0.5) < 1e-12, "a loss of 0 against 0.4 .. 0.6: a difference of 0.5, tested");
	/* se = sqrt(0.01 / 3), df 2 (one side without spread), t_0.975,2 = 4.302653 */
	ok(fabs(t.lo - (0.5 - 4.302652730 * sqrt(0.01 / 3))) < 1e-6
	   && fabs(t.hi - (0.5 + 4.302652730 * sqrt(0.01 / 3))) < 1e-6, "its 95%% interval: 0.5 -+ t se");
	ok(t.p < 0.05, "beyond a margin of 0.01: p %.4f", t.p);
	is_double(0.01 + 4.302652730 * sqrt(0.01 / 3), abtest_detectable(&t, 0.95, 0.01), 1e-6,
		  "detectable: the margin plus t se, in the values' unit");
	abtest_interval(&t, 0.99, &lo, &hi);
	ok(lo < t.lo && hi > t.hi && fabs((lo + hi) / 2 - 0.5) < 1e-12, "a 99%% interval: wider, about the same difference");
	ok(abtest_diff_welch(zero, 3, zero, 3, 0, &t) == 0 && t.ratio == 0 && t.p == 1 && t.lo == 0 && t.hi == 0,
	   "0 against 0: no change, its own interval");
	ok(abtest_diff_paired(pa, pb, 4, 0, &t) == 0 && t.method == ABTEST_PAIRED
	   && fabs(t.ratio - 0.5) < 1e-12 && t.df == 3, "paired differences: their mean, n - 1 df");
	ok(abtest_ratio_welch(zero, 3, some, 3, 0.03, &t) == -1, "the ratio test still refuses a 0");
}

int
main(void)
{
	static const double a3[] = { 1, 2, 3 }, b3[] = { 4, 5, 6 };
	static const double a5[] = { 1, 2, 3, 4, 5 }, b5[] = { 6, 7, 8, 9, 10 };
	static const double a4[] = { 1.1, 2.2, 3.3, 4.4 }, b4[] = { 2.5, 3.5, 4.5, 5.5, 6.5 };
	static const double a6[] = { 10.2, 9.8, 10.5, 10.1, 9.9, 10.4 };
	static const double b6[] = { 10.9, 11.2, 10.3, 11.0, 10.8 };
	static const double t1[] = { 1, 2, 2, 3 }, t2[] = { 2, 3, 3, 4, 5 };
	static const double same1[] = { 5, 5, 5 }, same2[] = { 5, 5, 5, 5 };
	static const double one1[] = { 1.5 }, one2[] = { 2.5 };
	double big1[30], big2[30], counts[10], geo[] = { 1, 4 }, bad[] = { 1, 0 };
	static const double want[10] = { 1, 1, 2, 3, 3, 3, 3, 2, 1, 1 };
	struct abtest_mwu r;
	int i, same = 1;

	plan(87);

	ok(abtest_mwu_counts(3, 3, counts) == 0, "counts for 3 and 3 computed");
	for (i = 0; i < 10; i++)
		same &= counts[i] == want[i];
	ok(same, "the counts of U for 3 and 3 are 1 1 2 3 3 3 3 2 1 1 (20 arrangements)");

	r = mwu(a3, 3, b3, 3);
	is_double(0, r.u, 0, "U is 0 when every x is below every y");
	is_double(0.1, r.p, 1e-12, "3 against 3, fully separated: exact p = 2/20");
	ok(r.exact, "no ties and 6 values: the exact distribution is used");

	r = mwu(b3, 3, a3, 3);
	is_double(9, r.u, 0, "U is nx * ny the other way round");
	is_double(0.1, r.p, 1e-12, "and the two-sided p is the same");

	r = mwu(a5, 5, b5, 5);
	is_double(2.0 / 252, r.p, 1e-12, "5 against 5, fully separated: p = 2/252 (hostbench's quick profile)");

	r = mwu(a4, 4, b4, 5);
	is_double(3, r.u, 0, "U counts the pairs with x above y");
	is_double(1.0 / 9, r.p, 1e-12, "4 against 5 with U = 3: exact p = 0.1111");
	ok(r.p >= ABTEST_ALPHA, "and that is not significant");

	r = mwu(a6, 6, b6, 5);
	is_double(2, r.u, 0, "6 against 5 overlapping: U = 2");
	is_double(0.017316017316017316, r.p, 1e-12, "exact p = 0.017316");
	ok(r.p < ABTEST_ALPHA, "and that is significant");

	r = mwu(t1, 4, t2, 5);
	is_double(3, r.u, 0, "ties count one half in U");
	ok(!r.exact, "ties: the normal approximation");
	is_double(0.09934224785346527, r.p, 1e-9, "with the tie and continuity corrections: p = 0.09934");

	for (i = 0; i < 30; i++) {
		big1[i] = i;
		big2[i] = i + 3.5;
	}
	r = mwu(big1, 30, big2, 30);
	is_double(351, r.u, 0, "30 against 30 shifted by 3.5: U = 351");
	ok(!r.exact, "60 values: the normal approximation");
	is_double(0.1453191272408654, r.p, 1e-9, "p = 0.14532");

	r = mwu(same1, 3, same2, 4);
	is_double(1, r.p, 0, "every value the same: p = 1");
	r = mwu(one1, 1, one2, 1);
	is_double(1, r.p, 1e-12, "one sample each can never differ significantly: p = 1");

	errno = 0;
	ok(abtest_mwu(a3, 0, b3, 3, &r) == -1 && errno == EINVAL, "an empty sample is EINVAL");

	is_double(10, abtest_delta_pct(100, 110), 1e-12, "110 against 100 is +10 percent");
	ok(isnan(abtest_delta_pct(0, 1)), "a change from 0 is not a percentage");
	is_double(2, abtest_geomean(geo, 2), 1e-12, "the geometric mean of 1 and 4 is 2");
	ok(isnan(abtest_geomean(bad, 2)), "a geometric mean over a 0 is NaN");

	/* ---- the exact-p floor */
	is_double(2.0 / 252, abtest_mwu_floor(5, 5), 1e-12, "the floor of 5 against 5 is 2/252 = 0.0079");
	is_double(1, abtest_mwu_floor(1, 1), 0, "one against one: the floor is 1");
	{
		static const double tx[] = { 1, 1, 2, 3, 4 }, ty[] = { 5, 6, 7, 8, 8 };

		r = mwu(tx, 5, ty, 5);
		ok(!r.exact && r.p >= 2.0 / 252 - 1e-15,
		   "5 against 5 with ties, fully separated: p not below 2/252 (was 0.007)");
	}

	t_tests();
	bh_tests();
	interval_tests();
	diff_tests();
	return 0;
}
