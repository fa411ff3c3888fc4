/*
 * metric: names, bounds and estimators of the metrics (see metric.h);
 * the rows' facts are in metric_facts.c.
 */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/metric.h"
#include "core/stats.h"

int
metric_parse_size(const char *s, double *bytes)
{
	double v = 0;
	const char *p = s;

	if (!isdigit((unsigned char)*p))
		return -1;
	for (; isdigit((unsigned char)*p); p++)
		v = v * 10 + (*p - '0');
	switch (*p) {
	case 'K':
		v *= 1024.0, p++;
		break;
	case 'M':
		v *= 1048576.0, p++;
		break;
	case 'G':
		v *= 1073741824.0, p++;
		break;
	}
	if (*p != '\0')
		return -1;
	*bytes = v;
	return 0;
}

size_t
metric_parallel(const char *name, unsigned long *copies)
{
	size_t len = strlen(name), i = len;

	*copies = 1;
	while (i > 0 && isdigit((unsigned char)name[i - 1]))
		i--;
	if (i == len || i < 2 || name[i - 1] != '-' || name[i - 2] == '/')
		return len;
	*copies = strtoul(name + i, NULL, 10);
	return i - 1;
}

/* Is part [p, p + n) equal to part [q, q + m)?  Sizes by value. */
static int
part_equal(const char *p, size_t n, const char *q, size_t m)
{
	char a[40], b[40];
	double x, y;

	if (n == m && memcmp(p, q, n) == 0)
		return 1;
	if (n < 6 || m < 6 || n >= sizeof(a) || m >= sizeof(b)
	    || memcmp(p, "size=", 5) != 0 || memcmp(q, "size=", 5) != 0)
		return 0;
	memcpy(a, p + 5, n - 5);
	a[n - 5] = '\0';
	memcpy(b, q + 5, m - 5);
	b[m - 5] = '\0';
	return metric_parse_size(a, &x) == 0 && metric_parse_size(b, &y) == 0 && x == y;
}

/* Does name[0..len) have the part [q, q + m) after its program name? */
static int
has_part(const char *name, size_t len, const char *q, size_t m)
{
	const char *p = memchr(name, '/', len), *end = name + len;

	while (p != NULL && p < end) {
		const char *s = p + 1, *e = memchr(s, '/', (size_t)(end - s));

		if (e == NULL)
			e = end;
		if (part_equal(s, (size_t)(e - s), q, m))
			return 1;
		p = e < end ? e : NULL;
	}
	return 0;
}

/* Every "/"-separated part of parts[0..n) is a part of name[0..len). */
static int
has_parts(const char *name, size_t len, const char *parts, size_t n)
{
	const char *p = parts, *end = parts + n;

	while (p < end) {
		const char *e = memchr(p, '/', (size_t)(end - p));

		if (e == NULL)
			e = end;
		if (e > p && !has_part(name, len, p, (size_t)(e - p)))
			return 0;
		p = e + 1;
	}
	return 1;
}

static int
under_len(const char *name, size_t len, const char *pattern)
{
	size_t prog = strcspn(pattern, "/");
	size_t nprog = strcspn(name, "/");

	if (nprog > len)
		nprog = len;
	if (prog != nprog || memcmp(name, pattern, prog) != 0)
		return 0;
	/* A cache-sized result is under the names that say so only. */
	if (has_part(name, len, METRIC_CACHE_PART, strlen(METRIC_CACHE_PART))
	    && !has_part(pattern, strlen(pattern), METRIC_CACHE_PART, strlen(METRIC_CACHE_PART)))
		return 0;
	if (pattern[prog] == '\0')
		return 1;
	return has_parts(name, len, pattern + prog + 1, strlen(pattern + prog + 1));
}

int
metric_under(const char *name, const char *pattern)
{
	return under_len(name, strlen(name), pattern);
}

int
metric_has_parts(const char *name, const char *parts)
{
	return has_parts(name, strlen(name), parts, strlen(parts));
}

int
metric_extra_parts(const char *name, const char *pattern)
{
	const char *p = strchr(name, '/');
	size_t plen = strlen(pattern);
	int extra = 0;

	while (p != NULL) {
		const char *s = p + 1;
		size_t n = strcspn(s, "/");

		if (strncmp(s, "size=", 5) != 0 && !has_part(pattern, plen, s, n))
			extra++;
		p = strchr(s, '/');
	}
	return extra;
}

int
metric_fact_matches(const struct metric_fact *f, const char *name, size_t len, const char *unit)
{
	return f->found && under_len(name, len, f->name)
	       && (unit == NULL || strcmp(unit, f->unit) == 0);
}

const char *
metric_param(const char *name, const char *key, char *buf, size_t len)
{
	size_t klen = strlen(key);
	const char *p = strchr(name, '/');

	while (p != NULL) {
		const char *s = p + 1;
		size_t n = strcspn(s, "/");

		if (n > klen && strncmp(s, key, klen) == 0 && s[klen] == '=') {
			if (n - klen - 1 >= len)
				return NULL;
			memcpy(buf, s + klen + 1, n - klen - 1);
			buf[n - klen - 1] = '\0';
			return buf;
		}
		p = strchr(s, '/');
	}
	return NULL;
}

int
metric_plausible(const struct metric_fact *f, double v)
{
	return isfinite(v) && (f->lo_open ? v > f->lo : v >= f->lo)
	       && (f->hi <= f->lo || v <= f->hi);
}

const char *
metric_implausible_why(const struct metric_fact *f, double v, char *buf, size_t len)
{
	const char *unit = f->unit != NULL ? f->unit : "";

	if (!isfinite(v))
		snprintf(buf, len, "%g %s is not a finite number", v, unit);
	else if (f->lo_open && !(v > f->lo))
		snprintf(buf, len, "%.4g %s is not above %.4g", v, unit, f->lo);
	else if (v < f->lo)
		snprintf(buf, len, "%.4g %s is below %.4g", v, unit, f->lo);
	else if (f->hi > f->lo && v > f->hi)
		snprintf(buf, len, "%.4g %s is above %.4g", v, unit, f->hi);
	else
		snprintf(buf, len, "%.4g %s is possible", v, unit);
	return buf;
}

int
metric_timed_singly(const struct metric_fact *f, const char *name)
{
	char buf[16];

	return (f->flags & METRIC_SINGLY) != 0
	       || metric_param(name, "stat", buf, sizeof(buf)) != NULL;
}

int
metric_clock_plausible(double v, double cost, char *buf, size_t len)
{
	/* NaN compares false: an unknown cost bounds nothing. */
	if (!(cost > 0) || v >= cost)
		return 1;
	snprintf(buf, len, "%.*f ns per operation timed singly is below the clock's cost (%.*f ns)",
		 v < 10 ? 2 : 0, v, cost < 10 ? 2 : 0, cost);
	return 0;
}

double
metric_estimate(enum metric_estimator e, const double *v, const double *w, size_t n)
{
	struct stats s;
	double sum = 0, wsum = 0;
	size_t i;

	if (n == 0)
		return NAN;
	switch (e) {
	case METRIC_TOTAL:
		for (i = 0; i < n; i++)
			sum += v[i];
		return sum / (double)n;
	case METRIC_WEIGHTED:
		if (w == NULL)
			return NAN;
		for (i = 0; i < n; i++) {
			sum += v[i] * w[i];
			wsum += w[i];
		}
		return wsum > 0 ? sum / wsum : NAN;
	case METRIC_Q1:
	case METRIC_Q3:
	case METRIC_MEDIAN:
	case METRIC_MERGED:
		break;
	}
	if (stats_compute(v, n, &s) != 0)
		return NAN;
	return e == METRIC_Q1 ? s.q1 : e == METRIC_Q3 ? s.q3 : s.median;
}

const char *
metric_estimator_name(enum metric_estimator e)
{
	switch (e) {
	case METRIC_Q1:
		return "lower quartile";
	case METRIC_Q3:
		return "upper quartile";
	case METRIC_TOTAL:
		return "total";
	case METRIC_WEIGHTED:
		return "weighted total";
	case METRIC_MERGED:
		return "merged percentile";
	case METRIC_MEDIAN:
		break;
	}
	return "median";
}

enum metric_estimator
metric_estimator_for(const struct metric_fact *f, const char *name)
{
	char buf[16];

	if (metric_param(name, "stat", buf, sizeof(buf)) != NULL)
		return METRIC_MERGED;
	return (enum metric_estimator)f->estimator;
}
