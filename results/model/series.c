/*
 * series: the time series of the runs' cases (see series.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ladder.h"
#include "read/metric_table.h"
#include "report.h"
#include "series.h"
#include "summary.h"

/* The units of a series' result line, in the order of struct
 * report_series' arrays: the bin's start, up, down, the round trip. */
static const char *const series_units[] = {
	"at-ms", "bin-up-Mbit/s", "bin-down-Mbit/s", "bin-rtt-ns"
};

/* The series' throughput column, whose section the series belongs to. */
#define SERIES_SECTION_UNIT "up-Mbit/s"

/* A bin's length, "200ms" or "1s", in ms; -1 when it is neither. */
static double
series_bin(const char *v)
{
	char *end;
	double t = strtod(v, &end);

	if (end == v || !(t > 0) || !isfinite(t))
		return -1;
	if (strcmp(end, "ms") == 0)
		return t;
	if (strcmp(end, "s") == 0)
		return t * 1000;
	return -1;
}

/* The result of run rf named name in unit, or NULL. */
static const struct resfile_result *
series_result(const struct resfile_run *rf, const char *name, const char *unit)
{
	size_t i;

	for (i = 0; i < rf->nresults; i++)
		if (strcmp(rf->results[i].name, name) == 0 && strcmp(rf->results[i].unit, unit) == 0)
			return &rf->results[i];
	return NULL;
}

/*
 * Add the series of one name of run ri: its four results (x is the at-ms
 * one), a series per process that printed them.  Lines whose four values
 * do not pair up (a result missing or of another length: an edited
 * file) give no series.  0 or -1 (out of memory).
 */
static int
series_add(struct report *rep, size_t ri, const struct resfile_result *x, double bin_ms,
	   size_t *cap)
{
	const struct resfile_run *rf = &rep->runs[ri].rf;
	const struct resfile_result *r[4], *ir;
	const struct metric *e;
	char idle[256];
	size_t u, k, j, part = 0;

	r[0] = x;
	for (u = 1; u < 4; u++)
		if ((r[u] = series_result(rf, x->name, series_units[u])) == NULL || r[u]->n != x->n)
			return 0;
	for (k = 0; k < x->n; k++)
		for (u = 1; u < 4; u++)
			if (r[u]->from[k] != x->from[k])
				return 0;
	for (k = 0; k < x->n; k++) {
		struct report_series *s;
		size_t from = x->from[k], m = 0;

		/* A process's samples, once: at its first. */
		for (j = 0; j < k && x->from[j] != from; j++)
			;
		if (j < k)
			continue;
		if (rep->nseries == *cap) {
			s = realloc(rep->series, (*cap * 2 + 4) * sizeof(*s));
			if (s == NULL)
				return -1;
			rep->series = s;
			*cap = *cap * 2 + 4;
		}
		s = &rep->series[rep->nseries];
		memset(s, 0, sizeof(*s));
		s->run = ri;
		s->part = ++part;
		if (from >= 1 && from <= rf->ncases)
			s->round = rf->cases[from - 1].round;
		e = metric_find(x->name, series_units[0]);
		if (e != NULL && e->fact.program != NULL)
			snprintf(s->program, sizeof(s->program), "%s", e->fact.program);
		else
			snprintf(s->program, sizeof(s->program), "%.*s", (int)strcspn(x->name, "/"),
				 x->name);
		ladder_group(s->group, sizeof(s->group), x->name, "series");
		/* The idle round trip beside it: the same parts, rtt=idle/stat=p50. */
		s->idle_rtt = NAN;
		snprintf(idle, sizeof(idle), "%.*s/%s/rtt=idle/stat=p50", (int)strcspn(x->name, "/"),
			 x->name, s->group);
		if ((ir = series_result(rf, idle, "ns/op")) != NULL)
			for (j = 0; j < ir->n; j++)
				if (ir->from[j] == from && ir->v[j] > 0) {
					s->idle_rtt = ir->v[j];
					break;
				}
		s->bin_ms = bin_ms;
		s->at = malloc(4 * x->n * sizeof(double));
		if (s->at == NULL)
			return -1;
		rep->nseries++;
		s->up = s->at + x->n;
		s->down = s->up + x->n;
		s->rtt = s->down + x->n;
		for (j = k; j < x->n; j++) {
			if (x->from[j] != from)
				continue;
			s->at[m] = x->v[j];
			s->up[m] = r[1]->v[j];
			s->down[m] = r[2]->v[j];
			/* 0: none of the bin's probes came back. */
			s->rtt[m] = r[3]->v[j] > 0 ? r[3]->v[j] : NAN;
			m++;
		}
		s->n = m;
	}
	return 0;
}

/*
 * The time series of every run: the results named "<...>/series=<bin>"
 * with the four units, not of parallel copies, in a section chosen.
 * 0 or -1 (out of memory).
 */
int
series_build(struct report *rep, const char *const *only)
{
	size_t cap = 0, ri, i;

	for (ri = 0; ri < rep->nruns; ri++) {
		const struct resfile_run *rf = &rep->runs[ri].rf;

		for (i = 0; i < rf->nresults; i++) {
			const struct resfile_result *x = &rf->results[i];
			unsigned long copies;
			char val[32];
			double bin;

			if (strcmp(x->unit, series_units[0]) != 0
			    || metric_param(x->name, "series", val, sizeof(val)) == NULL
			    || (bin = series_bin(val)) < 0
			    || metric_parallel(x->name, &copies) != strlen(x->name))
				continue;
			if (only != NULL) {
				const struct metric *e = metric_find(x->name, SERIES_SECTION_UNIT);
				const struct metric_section *s =
					e != NULL && e->section != NULL ? metric_section_find(e->section) : NULL;

				if (s == NULL || !summary_wanted(s, only))
					continue;
			}
			if (series_add(rep, ri, x, bin, &cap) != 0)
				return -1;
		}
	}
	return 0;
}
