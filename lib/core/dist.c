/*
 * dist: the t and F distributions, for confidence intervals and tests
 * (a benchmark's precision target, the results tool's comparisons).
 */
#include "config.h"

#include <math.h>

#include "core/dist.h"

/* One step of the modified Lentz method with the term num: updates c and
 * d, returns the factor the value is multiplied by. */
static double
lentz_step(double num, double *c, double *d)
{
	const double tiny = 1e-300;

	*d = 1 + num * *d;
	if (fabs(*d) < tiny)
		*d = tiny;
	*c = 1 + num / *c;
	if (fabs(*c) < tiny)
		*c = tiny;
	*d = 1 / *d;
	return *d * *c;
}

/*
 * The continued fraction of the regularized incomplete beta function
 * I_x(a, b), evaluated by the modified Lentz method; converges fast for
 * x < (a + 1) / (a + b + 2) (the caller uses the symmetry otherwise).
 */
static double
beta_cf(double a, double b, double x)
{
	const double eps = 1e-15;
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;
	int m;

	if (fabs(d) < 1e-300)
		d = 1e-300;
	d = 1 / d;
	h = d;
	for (m = 1; m <= 1000; m++) {
		double m2 = 2.0 * m, del;

		/* the even term m (b - m) x / ((a + 2m - 1)(a + 2m)), then the
		 * odd one -(a + m)(a + b + m) x / ((a + 2m)(a + 2m + 1)) */
		h *= lentz_step(m * (b - m) * x / ((a + m2 - 1) * (a + m2)), &c, &d);
		del = lentz_step(-(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1)), &c, &d);
		h *= del;
		if (fabs(del - 1) < eps)
			break;
	}
	return h;
}

/*
 * ln Gamma(x) for x > 0, by Lanczos's approximation (g = 7, 9 terms:
 * about 15 digits), with the reflection formula below 1/2; in place of
 * the C library's lgamma, whose tables a static program need not carry.
 * Below 1/2, Gamma(x) = Gamma(x + 1) / x.
 */
static double
log_gamma(double x)
{
	static const double c[9] = {
		0.99999999999980993, 676.5203681218851, -1259.1392167224028,
		771.32342877765313, -176.61502916214059, 12.507343278686905,
		-0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
	};
	double a = c[0], t;
	int i;

	if (x < 0.5)
		return log_gamma(x + 1) - log(x);
	x -= 1;
	for (i = 1; i < 9; i++)
		a += c[i] / (x + i);
	t = x + 7.5;
	return 0.91893853320467274178 + (x + 0.5) * log(t) - t + log(a);	/* ln sqrt(2 pi) + ... */
}

/* I_x(a, b), 0 <= x <= 1. */
static double
beta_inc(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(log_gamma(a + b) - log_gamma(a) - log_gamma(b) + a * log(x) + b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_cf(a, b, x) / a;
	return 1 - front * beta_cf(b, a, 1 - x) / b;
}

double
dist_t_sf(double t, double df)
{
	double tail;

	if (!(df > 0) || isnan(t))
		return NAN;
	if (isinf(t))
		return t > 0 ? 0 : 1;
	/* P(|T| > |t|) = I_{df / (df + t^2)}(df / 2, 1 / 2) */
	tail = 0.5 * beta_inc(df / 2, 0.5, df / (df + t * t));
	return t >= 0 ? tail : 1 - tail;
}

double
dist_f_sf(double f, double d1, double d2)
{
	if (!(d1 > 0) || !(d2 > 0) || isnan(f))
		return NAN;
	if (f <= 0)
		return 1;
	if (isinf(f))
		return 0;
	/* P(F > f) = I_{d2 / (d2 + d1 f)}(d2 / 2, d1 / 2) */
	return beta_inc(d2 / 2, d1 / 2, d2 / (d2 + d1 * f));
}

double
dist_t_quantile(double p, double df)
{
	double lo = 0, hi = 1, mid;
	int i;

	if (!(df > 0) || !(p > 0) || !(p < 1))
		return NAN;
	if (p > 0.5)
		return -dist_t_quantile(1 - p, df);
	/* sf is decreasing: bracket, then bisect to the last bit. */
	while (dist_t_sf(hi, df) > p && hi < 1e300)
		hi *= 2;
	for (i = 0; i < 200; i++) {
		mid = (lo + hi) / 2;
		if (mid == lo || mid == hi)
			break;
		if (dist_t_sf(mid, df) > p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}
