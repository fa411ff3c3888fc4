/*
 * num: numbers as the tables print them (see num.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/compat.h"
#include "num.h"
#include "read/metric_table.h"

/* Decades as literals: exact the same on every machine (no log10). */
static const double decade[] = {
	1e-12, 1e-11, 1e-10, 1e-9, 1e-8, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1,
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
	1e13, 1e14, 1e15
};
#define DECADE0 12		/* decade[DECADE0] = 1 */

/* floor(log10(a)) for 1e-12 <= a < 1e15, by comparison. */
static int
magnitude(double a)
{
	int k;

	for (k = (int)HB_ARRAY_SIZE(decade) - 1; k > 0; k--)
		if (a >= decade[k])
			break;
	return k - DECADE0;
}

/*
 * v with sig significant digits and no exponent.  Tables keep trailing
 * zeros so that a column reads evenly ("2.000" beside "3.350"); data
 * (trim) drops them ("0.1215", "603").
 */
static char *
num(char *buf, size_t len, double v, int sig, int trim)
{
	double a = fabs(v);
	int d;

	if (!isfinite(v)) {
		snprintf(buf, len, "%s", isnan(v) ? "nan" : v > 0 ? "inf" : "-inf");
		return buf;
	}
	if (a < 1e-12) {
		snprintf(buf, len, "0");
		return buf;
	}
	d = sig - 1 - magnitude(a);
	if (d < 0)
		d = 0;
	snprintf(buf, len, "%.*f", d, v);
	/* Rounding up to the next decade adds a digit: 9.9996 -> "10.000". */
	if (d > 0 && fabs(strtod(buf, NULL)) >= decade[DECADE0 + sig - d])
		snprintf(buf, len, "%.*f", --d, v);
	if (trim && d > 0) {
		char *end = buf + strlen(buf) - 1;

		while (*end == '0')
			*end-- = '\0';
		if (*end == '.')
			*end = '\0';
	}
	return buf;
}

char *
report_num_sig(char *buf, size_t len, double v, int sig)
{
	return num(buf, len, v, sig, 1);
}

char *
report_num(char *buf, size_t len, double v)
{
	return num(buf, len, v, 4, 0);
}

char *
report_value(char *buf, size_t len, const struct metric *m, double v)
{
	if ((m->fact.flags & METRIC_COUNT) && isfinite(v)
	    && fabs(v - floor(v + 0.5)) <= 1e-9 * fabs(v)) {
		snprintf(buf, len, "%.0f", floor(v + 0.5));
		return buf;
	}
	return report_num(buf, len, v);
}
