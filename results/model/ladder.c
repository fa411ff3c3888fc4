/*
 * ladder: the rate ladders of the runs (see ladder.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ladder.h"
#include "read/metric_table.h"
#include "read/resfile.h"
#include "read/resfile_col.h"
#include "report.h"
#include "summary.h"

/*
 * name without its program part and its "/key=..." part, into buf
 * ("BwUdp/size=1470/rate=5Mbit/placement=one", "rate" ->
 * "size=1470/placement=one").
 */
void
ladder_group(char *buf, size_t len, const char *name, const char *key)
{
	const char *p = strchr(name, '/');
	size_t n = 0, klen = strlen(key);

	buf[0] = '\0';
	while (p != NULL && *p == '/') {
		size_t plen = strcspn(p + 1, "/");

		if (!(plen > klen && strncmp(p + 1, key, klen) == 0 && p[1 + klen] == '='))
			n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "%s%.*s", n ? "/" : "",
					      (int)plen, p + 1);
		if (n >= len) {
			buf[len - 1] = '\0';
			return;
		}
		p += 1 + plen;
	}
}

/* A step's target: "<N>Mbit" as N, or -1. */
static double
ladder_target(const char *v)
{
	char *end;
	double t = strtod(v, &end);

	return end != v && strcmp(end, "Mbit") == 0 && t > 0 && isfinite(t) ? t : -1;
}

/* The value of result name (unit) by entry e's rule and estimator, or NaN. */
static double
ladder_value(const struct resfile_run *r, const struct metric *e, const char *name)
{
	struct metric one;
	struct resfile_value v;
	double x = NAN;

	if (e == NULL)
		return NAN;
	one = *e;
	one.fact.name = name;
	one.select = METRIC_ONE;
	one.arg = NULL;
	memset(&v, 0, sizeof(v));
	if (resfile_column(r, &one, &v) == 0 && v.present)
		x = v.value;
	resfile_value_free(&v);
	return x;
}

/* The row of run ri and group in lad, added when new; NULL: no memory. */
static struct report_ladder_row *
ladder_row(struct report_ladder *lad, size_t ri, const char *group, size_t *cap)
{
	struct report_ladder_row *row;
	size_t i;

	for (i = 0; i < lad->nrows; i++)
		if (lad->rows[i].run == ri && strcmp(lad->rows[i].group, group) == 0)
			return &lad->rows[i];
	if (lad->nrows == *cap) {
		row = realloc(lad->rows, (*cap * 2 + 4) * sizeof(*row));
		if (row == NULL)
			return NULL;
		lad->rows = row;
		*cap = *cap * 2 + 4;
	}
	row = &lad->rows[lad->nrows++];
	memset(row, 0, sizeof(*row));
	row->run = ri;
	row->knee = NAN;
	snprintf(row->group, sizeof(row->group), "%s", group);
	return row;
}

/* Add target t to the table's ascending targets (once).  0 or -1. */
static int
ladder_add_target(struct report_ladder *lad, double t)
{
	double *p;
	size_t i, j;

	for (i = 0; i < lad->ntargets && lad->targets[i] < t; i++)
		;
	if (i < lad->ntargets && lad->targets[i] == t)
		return 0;
	if ((p = realloc(lad->targets, (lad->ntargets + 1) * sizeof(*p))) == NULL)
		return -1;
	lad->targets = p;
	for (j = lad->ntargets; j > i; j--)
		p[j] = p[j - 1];
	p[i] = t;
	lad->ntargets++;
	return 0;
}

/*
 * The steps of one row in the table's targets: got and loss from the
 * run's results named as the knee's group with "<key>=<N>Mbit".
 * 0 or -1.
 */
static int
ladder_fill(const struct report *rep, const struct report_ladder *lad,
	    struct report_ladder_row *row)
{
	const struct resfile_run *rf = &rep->runs[row->run].rf;
	size_t i, k;

	row->got = malloc((lad->ntargets ? lad->ntargets : 1) * sizeof(double));
	row->loss = malloc((lad->ntargets ? lad->ntargets : 1) * sizeof(double));
	row->short_note = calloc(lad->ntargets ? lad->ntargets : 1, sizeof(*row->short_note));
	if (row->got == NULL || row->loss == NULL || row->short_note == NULL)
		return -1;
	for (k = 0; k < lad->ntargets; k++)
		row->got[k] = row->loss[k] = NAN;
	for (i = 0; i < rf->nresults; i++) {
		const struct resfile_result *x = &rf->results[i];
		char val[32], group[160];
		double t;

		if (strcmp(x->unit, METRIC_LADDER_GOT) != 0
		    || metric_param(x->name, lad->m->arg, val, sizeof(val)) == NULL
		    || (t = ladder_target(val)) < 0)
			continue;
		ladder_group(group, sizeof(group), x->name, lad->m->arg);
		if (strcmp(group, row->group) != 0)
			continue;
		for (k = 0; k < lad->ntargets && lad->targets[k] != t; k++)
			;
		if (k == lad->ntargets)
			continue;
		/* Mbit/s from MB/s (10^6 bytes). */
		row->got[k] = ladder_value(rf, metric_find(x->name, METRIC_LADDER_GOT), x->name) * 8;
		row->loss[k] = ladder_value(rf, metric_find(x->name, METRIC_LADDER_LOSS), x->name);
		row->short_note[k] = x->short_note;
	}
	return 0;
}

/*
 * The ladder table of entry m: a row per run and group that has a knee
 * or at least two steps, in a section chosen (the steps' received
 * rate's).  0 or -1 (out of memory).
 */
static int
build_ladder(struct report *rep, const struct metric *m, const char *const *only)
{
	struct report_ladder lad;
	size_t cap = 0, ri, i, keep;
	size_t *nsteps = NULL;
	int *shown = NULL;

	memset(&lad, 0, sizeof(lad));
	lad.m = m;
	snprintf(lad.program, sizeof(lad.program), "%.*s", (int)strcspn(m->fact.name, "/"),
		 m->fact.name);
	for (ri = 0; ri < rep->nruns; ri++) {
		const struct resfile_run *rf = &rep->runs[ri].rf;

		for (i = 0; i < rf->nresults; i++) {
			const struct resfile_result *x = &rf->results[i];
			const struct metric *e;
			struct report_ladder_row *row;
			char val[32], group[160];
			unsigned long copies;
			size_t plen = strcspn(x->name, "/"), k;
			double t;

			if (plen != strlen(lad.program) || strncmp(x->name, lad.program, plen) != 0
			    || metric_parallel(x->name, &copies) != strlen(x->name)
			    || metric_param(x->name, m->arg, val, sizeof(val)) == NULL)
				continue;
			t = ladder_target(val);
			if (strcmp(val, "knee") == 0 && strcmp(x->unit, m->fact.unit) == 0)
				t = 0;
			else if (t < 0 || strcmp(x->unit, METRIC_LADDER_GOT) != 0)
				continue;
			ladder_group(group, sizeof(group), x->name, m->arg);
			k = lad.nrows;
			if ((row = ladder_row(&lad, ri, group, &cap)) == NULL)
				goto oom;
			if (lad.nrows > k) {
				size_t *ns = realloc(nsteps, cap * sizeof(*ns));
				int *sh = realloc(shown, cap * sizeof(*sh));

				if (ns != NULL)
					nsteps = ns;
				if (sh != NULL)
					shown = sh;
				if (ns == NULL || sh == NULL)
					goto oom;
				nsteps[k] = 0;
				shown[k] = only == NULL;
			}
			k = (size_t)(row - lad.rows);
			if (t == 0) {
				row->knee = ladder_value(rf, m, x->name);
				continue;
			}
			nsteps[k]++;
			e = metric_find(x->name, x->unit);
			if (e != NULL && e->section != NULL && !shown[k]) {
				const struct metric_section *s = metric_section_find(e->section);

				shown[k] = s != NULL && summary_wanted(s, only);
			}
		}
	}
	/* Rows that are ladders, in the sections chosen; then their targets. */
	for (i = 0, keep = 0; i < lad.nrows; i++)
		if ((nsteps[i] >= 2 || (nsteps[i] >= 1 && !isnan(lad.rows[i].knee))) && shown[i])
			lad.rows[keep++] = lad.rows[i];
	lad.nrows = keep;
	free(nsteps);
	free(shown);
	nsteps = NULL;
	shown = NULL;
	for (i = 0; i < lad.nrows; i++) {
		const struct resfile_run *rf = &rep->runs[lad.rows[i].run].rf;
		size_t j;

		for (j = 0; j < rf->nresults; j++) {
			const struct resfile_result *x = &rf->results[j];
			char val[32], group[160];
			double t;

			if (strcmp(x->unit, METRIC_LADDER_GOT) != 0
			    || metric_param(x->name, m->arg, val, sizeof(val)) == NULL
			    || (t = ladder_target(val)) < 0)
				continue;
			ladder_group(group, sizeof(group), x->name, m->arg);
			if (strcmp(group, lad.rows[i].group) == 0 && ladder_add_target(&lad, t) != 0)
				goto oom;
		}
	}
	for (i = 0; i < lad.nrows; i++)
		if (ladder_fill(rep, &lad, &lad.rows[i]) != 0)
			goto oom;
	if (lad.nrows == 0) {
		free(lad.rows);
		free(lad.targets);
		return 0;
	}
	rep->ladders[rep->nladders++] = lad;
	return 0;
oom:
	for (i = 0; i < lad.nrows; i++) {
		free(lad.rows[i].got);
		free(lad.rows[i].loss);
		free(lad.rows[i].short_note);
	}
	free(lad.rows);
	free(lad.targets);
	free(nsteps);
	free(shown);
	return -1;
}

int
ladder_build(struct report *rep, const char *const *only)
{
	size_t mi, n = 0;

	for (mi = 0; mi < metric_count; mi++)
		n += (metric_table[mi].fact.flags & METRIC_LADDER) != 0;
	if (n == 0)
		return 0;
	if ((rep->ladders = calloc(n, sizeof(*rep->ladders))) == NULL)
		return -1;
	for (mi = 0; mi < metric_count; mi++) {
		const struct metric *m = &metric_table[mi];

		/*
		 * One table per ladder metric: an entry under one before it
		 * (the remote section's column of the knee) is a summary
		 * column of the same results, not another ladder.
		 */
		if (!(m->fact.flags & METRIC_LADDER)
		    || metric_find(m->fact.name, m->fact.unit) != m)
			continue;
		if (build_ladder(rep, m, only) != 0)
			return -1;
	}
	return 0;
}

int
ladder_next_short(const struct report *rep, struct ladder_at *at)
{
	for (;;) {
		const struct report_ladder *lad;
		const struct report_ladder_row *row;

		if (at->ladder >= rep->nladders)
			return 0;
		if (at->started && ++at->target >= rep->ladders[at->ladder].ntargets) {
			at->target = 0;
			if (++at->row >= rep->ladders[at->ladder].nrows) {
				at->row = 0;
				at->ladder++;
			}
		}
		at->started = 1;
		/* Past a ladder without rows or targets as well. */
		while (at->ladder < rep->nladders
		       && (rep->ladders[at->ladder].nrows == 0 || rep->ladders[at->ladder].ntargets == 0))
			at->ladder++;
		if (at->ladder >= rep->nladders)
			return 0;
		lad = &rep->ladders[at->ladder];
		row = &lad->rows[at->row];
		if (row->short_note[at->target] != NULL && !isnan(row->got[at->target]))
			return 1;
	}
}
