/*
 * report: the summary tables and A/B comparisons, built from the runs
 * (see report.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

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

/* ---------------------------------------------------------------- summary */

static int
wanted(const struct metric_section *s, const char *const *only)
{
	if (only == NULL)
		return 1;
	for (; *only != NULL; only++)
		if (strcmp(*only, s->id) == 0)
			return 1;
	return 0;
}

static void
label_runs(struct report *rep)
{
	size_t i, j;

	for (i = 0; i < rep->nruns; i++) {
		struct report_run *r = &rep->runs[i];
		const char *note;

		r->host = resfile_config(&r->rf, "host");
		r->os = resfile_config(&r->rf, "os");
		note = resfile_config(&r->rf, "note");
		r->note = note != NULL && *note != '\0' ? note : NULL;
		if (r->host == NULL)
			r->host = "?";
		if (r->os == NULL)
			r->os = "";
	}
	for (i = 0; i < rep->nruns; i++) {
		struct report_run *r = &rep->runs[i];
		int twin = 0;

		for (j = 0; j < rep->nruns; j++)
			if (j != i && strcmp(rep->runs[j].host, r->host) == 0
			    && strncmp(rep->runs[j].os, r->os, 13) == 0
			    && (rep->runs[j].note == NULL) == (r->note == NULL)
			    && (r->note == NULL || strcmp(rep->runs[j].note, r->note) == 0))
				twin = 1;
		if (twin)
			snprintf(r->label, sizeof(r->label), "%.36s#%d", r->host, r->id);
		else
			snprintf(r->label, sizeof(r->label), "%.40s", r->host);
	}
}

static int
build_summary(struct report *rep, const char *const *only)
{
	size_t si, mi, ri;

	rep->secs = calloc(metric_section_count, sizeof(*rep->secs));
	if (rep->secs == NULL)
		return -1;
	for (si = 0; si < metric_section_count; si++) {
		const struct metric_section *s = &metric_sections[si];
		struct report_section *sec = &rep->secs[rep->nsecs];
		int any_value = 0;

		if (!wanted(s, only))
			continue;
		sec->s = s;
		for (mi = 0; mi < metric_count; mi++) {
			const struct metric *m = &metric_table[mi];
			struct report_column *col;
			int present = 0;

			if (m->section == NULL || strcmp(m->section, s->id) != 0)
				continue;
			if ((sec->cols = realloc(sec->cols, (sec->ncols + 1) * sizeof(*sec->cols))) == NULL)
				return -1;
			col = &sec->cols[sec->ncols];
			col->m = m;
			if ((col->cells = calloc(rep->nruns ? rep->nruns : 1, sizeof(*col->cells))) == NULL)
				return -1;
			for (ri = 0; ri < rep->nruns; ri++) {
				if (resfile_column(&rep->runs[ri].rf, m, &col->cells[ri]) != 0)
					return -1;
				present |= col->cells[ri].present;
				if (col->cells[ri].present && m->select != METRIC_CONFIG)
					any_value = 1;
			}
			/* lmbench's tables keep their columns; ours drop empty ones. */
			if (!present && !s->lmbench) {
				for (ri = 0; ri < rep->nruns; ri++)
					resfile_value_free(&col->cells[ri]);
				free(col->cells);
				continue;
			}
			sec->ncols++;
		}
		/* A section with no measured value at all is left out. */
		if (!any_value) {
			for (mi = 0; mi < sec->ncols; mi++) {
				for (ri = 0; ri < rep->nruns; ri++)
					resfile_value_free(&sec->cols[mi].cells[ri]);
				free(sec->cols[mi].cells);
			}
			free(sec->cols);
			memset(sec, 0, sizeof(*sec));
			continue;
		}
		rep->nsecs++;
	}
	return 0;
}

/* ---------------------------------------------------------------- A/B */

/* Fingerprint keys that differ on every run and say nothing about it. */
static int
noisy_key(const char *key)
{
	static const char *const noisy[] = { "date", "load", "clock-resolution" };
	size_t i;

	for (i = 0; i < HB_ARRAY_SIZE(noisy); i++)
		if (strcmp(key, noisy[i]) == 0)
			return 1;
	return 0;
}

static int
add_change(struct report_ab *ab, const char *key, const char *from, const char *to)
{
	struct report_change *c = realloc(ab->changes, (ab->nchanges + 1) * sizeof(*c));

	if (c == NULL)
		return -1;
	ab->changes = c;
	c[ab->nchanges].key = key;
	c[ab->nchanges].from = from;
	c[ab->nchanges].to = to;
	ab->nchanges++;
	return 0;
}

static int
build_changes(struct report_ab *ab, const struct resfile_run *a, const struct resfile_run *b)
{
	/* Keys one side lacks count only between files of one format. */
	int same = a->format == b->format;
	size_t i;

	for (i = 0; i < a->nconfig; i++) {
		const char *key = a->config[i].key, *to;

		if (noisy_key(key))
			continue;
		to = resfile_config(b, key);
		if (to == NULL && !same)
			continue;
		if (to == NULL || strcmp(to, a->config[i].value) != 0)
			if (add_change(ab, key, a->config[i].value, to) != 0)
				return -1;
	}
	for (i = 0; i < b->nconfig && same; i++) {
		const char *key = b->config[i].key;

		if (!noisy_key(key) && resfile_config(a, key) == NULL)
			if (add_change(ab, key, NULL, b->config[i].value) != 0)
				return -1;
	}
	return 0;
}

/* Was column ci of section si's metric and rule in an earlier section?
 * (Mhz heads three of lmbench's tables; it is compared once.) */
static int
shown_before(const struct report *rep, size_t si, size_t ci)
{
	const struct metric *m = rep->secs[si].cols[ci].m;
	size_t i, j;

	for (i = 0; i <= si; i++)
		for (j = 0; (i < si || j < ci) && j < rep->secs[i].ncols; j++) {
			const struct metric *o = rep->secs[i].cols[j].m;

			if (strcmp(o->name, m->name) == 0 && o->select == m->select
			    && (o->unit == NULL) == (m->unit == NULL)
			    && (o->unit == NULL || strcmp(o->unit, m->unit) == 0)
			    && (o->arg == NULL) == (m->arg == NULL)
			    && (o->arg == NULL || strcmp(o->arg, m->arg) == 0))
				return 1;
		}
	return 0;
}

static int
build_ab(struct report *rep, struct report_ab *ab)
{
	size_t si, ci;

	if (build_changes(ab, &rep->runs[ab->base].rf, &rep->runs[ab->other].rf) != 0)
		return -1;
	if ((ab->secs = calloc(rep->nsecs ? rep->nsecs : 1, sizeof(*ab->secs))) == NULL)
		return -1;
	for (si = 0; si < rep->nsecs; si++) {
		const struct report_section *sec = &rep->secs[si];
		struct report_ab_section *as = &ab->secs[ab->nsecs];
		double *ga, *gb;
		size_t ng = 0;
		int dir = -1, mixed = 0;

		as->s = sec->s;
		if ((as->rows = calloc(sec->ncols ? sec->ncols : 1, sizeof(*as->rows))) == NULL)
			return -1;
		for (ci = 0; ci < sec->ncols; ci++) {
			const struct metric *m = sec->cols[ci].m;
			const struct resfile_value *x = &sec->cols[ci].cells[ab->base];
			const struct resfile_value *y = &sec->cols[ci].cells[ab->other];
			struct report_ab_row *row = &as->rows[as->nrows];

			if (m->select == METRIC_CONFIG || !x->present || !y->present
			    || x->n == 0 || y->n == 0 || shown_before(rep, si, ci))
				continue;
			row->m = m;
			row->a = x->value;
			row->b = y->value;
			if (stats_compute(x->samples, x->n, &row->sa) != 0
			    || stats_compute(y->samples, y->n, &row->sb) != 0
			    || abtest_mwu(x->samples, x->n, y->samples, y->n, &row->mwu) != 0)
				return -1;
			row->delta = abtest_delta_pct(row->a, row->b);
			row->significant = row->mwu.p < ABTEST_ALPHA;
			if (row->significant && rep->threshold >= 0 && isfinite(row->delta)
			    && ((m->better == METRIC_SMALLER && row->delta > rep->threshold)
				|| (m->better == METRIC_BIGGER && -row->delta > rep->threshold))) {
				row->regression = 1;
				rep->nregressions++;
			}
			as->nrows++;
		}
		if (as->nrows == 0) {
			free(as->rows);
			memset(as, 0, sizeof(*as));
			continue;
		}
		/* The geometric mean over the columns that have a direction,
		 * when they share it (a mean of "faster" and "bigger" says
		 * nothing). */
		ga = malloc(as->nrows * sizeof(double));
		gb = malloc(as->nrows * sizeof(double));
		if (ga == NULL || gb == NULL) {
			free(ga);
			free(gb);
			return -1;
		}
		for (ci = 0; ci < as->nrows; ci++) {
			const struct report_ab_row *row = &as->rows[ci];

			if (row->m->better == METRIC_NEITHER || !(row->a > 0) || !(row->b > 0))
				continue;
			if (dir >= 0 && dir != (int)row->m->better)
				mixed = 1;
			dir = (int)row->m->better;
			ga[ng] = row->a;
			gb[ng] = row->b;
			ng++;
		}
		if (ng >= 2 && !mixed) {
			as->has_geomean = 1;
			as->geo_a = abtest_geomean(ga, ng);
			as->geo_b = abtest_geomean(gb, ng);
			as->geo_delta = abtest_delta_pct(as->geo_a, as->geo_b);
		}
		free(ga);
		free(gb);
		ab->nsecs++;
	}
	return 0;
}

int
report_build(struct report *rep, const char *const *only, size_t base)
{
	size_t i;

	label_runs(rep);
	if (build_summary(rep, only) != 0)
		return -1;
	if (!rep->want_ab || rep->nruns < 2)
		return 0;
	if ((rep->abs = calloc(rep->nruns - 1, sizeof(*rep->abs))) == NULL)
		return -1;
	for (i = 0; i < rep->nruns; i++) {
		struct report_ab *ab = &rep->abs[rep->nabs];

		if (i == base)
			continue;
		ab->base = base;
		ab->other = i;
		rep->nabs++;
		if (build_ab(rep, ab) != 0)
			return -1;
	}
	return 0;
}

void
report_free(struct report *rep)
{
	size_t i, j, k;

	for (i = 0; i < rep->nsecs; i++) {
		for (j = 0; j < rep->secs[i].ncols; j++) {
			for (k = 0; k < rep->nruns; k++)
				resfile_value_free(&rep->secs[i].cols[j].cells[k]);
			free(rep->secs[i].cols[j].cells);
		}
		free(rep->secs[i].cols);
	}
	free(rep->secs);
	for (i = 0; i < rep->nabs; i++) {
		for (j = 0; j < rep->abs[i].nsecs; j++)
			free(rep->abs[i].secs[j].rows);
		free(rep->abs[i].secs);
		free(rep->abs[i].changes);
	}
	free(rep->abs);
	rep->secs = NULL;
	rep->abs = NULL;
	rep->nsecs = rep->nabs = 0;
}
