/*
 * metric: the one table of metrics (see metric.h).  Sections and column
 * labels follow lmbench's summary tables, in lmbench's order, so that old
 * and new runs line up; the sections lmbench lacks come after them.
 *
 * Each row names the program that prints it (ROW's first argument).  A
 * program's names and units must match its entries here, or the entries
 * change with it: tests/scripts/catalogue-t.sh runs the suite's test
 * profile and fails naming a result with no entry or another program's,
 * an entry of a program that is not built, a column no case fills.
 */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/metric.h"
#include "core/stats.h"

const struct metric_section metric_sections[] = {
	{ "params", "Basic system parameters", 1 },
	{ "proc", "Processor, Processes - times in microseconds - smaller is better", 1 },
	{ "int", "Basic integer operations - times in nanoseconds - smaller is better", 1 },
	{ "int64", "Basic int64 operations - times in nanoseconds - smaller is better", 0 },
	{ "float", "Basic float operations - times in nanoseconds - smaller is better", 1 },
	{ "double", "Basic double operations - times in nanoseconds - smaller is better", 1 },
	{ "ctx", "Context switching - times in microseconds - smaller is better", 1 },
	{ "local", "*Local* Communication latencies in microseconds - smaller is better", 1 },
	{ "filevm", "File & VM system latencies in microseconds - smaller is better", 1 },
	{ "bw", "*Local* Communication bandwidths in MB/s - bigger is better", 1 },
	{ "mem", "Memory latencies in nanoseconds - smaller is better", 1 },
	{ "spread", "Across CPUs: two or more processes on different CPUs - times in microseconds - smaller is better", 0 },
	{ "more", "More latencies in microseconds - smaller is better", 0 },
	{ "par", "Operation parallelism, integer - operations in flight - bigger is better", 0 },
	{ "parfp", "Operation parallelism, floating point - operations in flight - bigger is better", 0 },
	{ "membw", "Memory bandwidths in MB/s - bigger is better", 0 },
	{ "stream", "STREAM bandwidths in MB/s - bigger is better", 0 },
	/* The same tests on buffers the caches hold (in part): never the memory's columns */
	{ "cachebw", "Cache-sized memory bandwidths in MB/s: buffers under 4 x the last-level cache - bigger is better", 0 },
	{ "cachestream", "Cache-sized STREAM bandwidths in MB/s: arrays under 4 x the last-level cache - bigger is better", 0 },
	{ "disk", "Disk and file bandwidths in MB/s - bigger is better", 0 },
	{ "udp", "*Local* UDP rate and loss", 0 },
	{ "remote", "Network through a router: latencies in microseconds, bandwidths in MB/s", 0 },
	{ "box", "The box (router) between: its busiest CPU while the traffic passed, in percent (sirq: soft interrupts)", 0 },
	/* Network cost: bw_tcp's and bw_udp's CPU per KB and the TCP buffers granted */
	{ "netcost", "*Local* network cost - CPU us per KB moved, receiver softirq %, TCP buffers granted in KB", 0 },
	{ "remotecost", "Network cost through a router - CPU us per KB moved, receiver softirq %, TCP buffers granted in KB", 0 },
	{ "load", "Latency under load (RRUL): round trips in microseconds, throughput in Mbit/s", 0 },
};

const size_t metric_section_count = sizeof(metric_sections) / sizeof(metric_sections[0]);

/*
 * A row: the program that prints it (NULL: the run's configuration, not
 * a program's), then the fields of struct metric in order; ROW takes the
 * median and no bound but that a value is not negative, ROWE names its
 * estimator and bounds: lo, hi (0: none), lo_open (a value must be above
 * lo), the unit of its weights.  (ROW expands its arguments first: US
 * stands for a unit and a scale.)
 */
#define ROW(...) ROW_(__VA_ARGS__)
#define ROW_(prog, name, unit, sec, col, sel, arg, dunit, scale, better, what, flags) \
	{ name, unit, sec, col, sel, arg, dunit, scale, better, flags, prog, METRIC_MEDIAN, \
	  0, 0, 0, NULL }
#define ROWE(...) ROWE_(__VA_ARGS__)
#define ROWE_(prog, name, unit, sec, col, sel, arg, dunit, scale, better, what, flags, est, lo, \
	      hi, lo_open, wunit) \
	{ name, unit, sec, col, sel, arg, dunit, scale, better, flags, prog, est, lo, hi, \
	  lo_open, wunit }

/* (The prose of each row, its what, is left out: results/read/metric_what.c.) */
const struct metric metric_table[] = {
#include "core/metric-rows.h"
};

const size_t metric_count = sizeof(metric_table) / sizeof(metric_table[0]);

const struct metric_section *
metric_section_find(const char *id)
{
	size_t i;

	for (i = 0; i < metric_section_count; i++)
		if (strcmp(metric_sections[i].id, id) == 0)
			return &metric_sections[i];
	return NULL;
}

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

const struct metric *
metric_find(const char *name, const char *unit)
{
	unsigned long copies;
	size_t len = metric_parallel(name, &copies), i;

	for (i = 0; i < metric_count; i++) {
		const struct metric *m = &metric_table[i];

		if (m->select == METRIC_MEAN || m->select == METRIC_CONFIG)
			continue;
		if (under_len(name, len, m->name)
		    && (unit == NULL || strcmp(unit, m->unit) == 0))
			return m;
	}
	return NULL;
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
metric_plausible(const struct metric *m, double v)
{
	return isfinite(v) && (m->lo_open ? v > m->lo : v >= m->lo)
	       && (m->hi <= m->lo || v <= m->hi);
}

const char *
metric_implausible_why(const struct metric *m, double v, char *buf, size_t len)
{
	const char *unit = m->unit != NULL ? m->unit : "";

	if (!isfinite(v))
		snprintf(buf, len, "%g %s is not a finite number", v, unit);
	else if (m->lo_open && !(v > m->lo))
		snprintf(buf, len, "%.4g %s is not above %.4g", v, unit, m->lo);
	else if (v < m->lo)
		snprintf(buf, len, "%.4g %s is below %.4g", v, unit, m->lo);
	else if (m->hi > m->lo && v > m->hi)
		snprintf(buf, len, "%.4g %s is above %.4g", v, unit, m->hi);
	else
		snprintf(buf, len, "%.4g %s is possible", v, unit);
	return buf;
}

int
metric_timed_singly(const struct metric *m, const char *name)
{
	char buf[16];

	return (m->flags & METRIC_SINGLY) != 0 || metric_param(name, "stat", buf, sizeof(buf)) != NULL;
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

int
metric_memory_plausible(const struct metric *m, double v, double fastest, char *buf, size_t len)
{
	if ((m->flags & METRIC_MEMMOVE) == 0 || !(fastest > 0)
	    || !(v > fastest * METRIC_MEMORY_MARGIN))
		return 1;
	snprintf(buf, len, "%s %.0f %s is above the run's fastest memory bandwidth, %.0f %s",
		 m->column, v, m->unit, fastest, m->unit);
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
metric_estimator_for(const struct metric *m, const char *name)
{
	char buf[16];

	if (metric_param(name, "stat", buf, sizeof(buf)) != NULL)
		return METRIC_MERGED;
	return m->estimator;
}

const char *
metric_better_name(enum metric_better b)
{
	switch (b) {
	case METRIC_SMALLER:
		return "smaller";
	case METRIC_BIGGER:
		return "bigger";
	default:
		return "neither";
	}
}
