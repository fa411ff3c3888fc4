/*
 * abtest-t: the Mann-Whitney U test and the A/B helpers.  The expected
 * p-values were checked by enumerating every arrangement of the pooled
 * sample (exact cases) and by the rank-sum form of the normal
 * approximation with the tie correction (the others).
 */
#include "config.h"

#include <errno.h>
#include <math.h>

#include "abtest.h"
#include "tap/basic.h"

static struct abtest_mwu
mwu(const double *x, size_t nx, const double *y, size_t ny)
{
	struct abtest_mwu r = { -1, -1, -1 };

	if (abtest_mwu(x, nx, y, ny, &r) != 0)
		diag("abtest_mwu failed");
	return r;
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

	plan(27);

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
	return 0;
}
