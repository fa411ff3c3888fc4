/*
 * fleet: the hosts' table and the ranking across hosts (see fleet.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "core/compat.h"
#include "fleet.h"
#include "hosts.h"
#include "read/metric_table.h"
#include "read/resfile.h"
#include "read/resfile_col.h"
#include "report.h"
#include "summary.h"

int
fleet_has_hosts(const struct report *rep)
{
	return rep->nhosts >= 2;
}

/* Keys that say nothing of a machine: they differ on every run (date,
 * load, clock resolution), name it (host: the columns' heads), or
 * describe a run (its note and tags, an A/B experiment's side). */
static int
skip_key(const char *key)
{
	static const char *const skip[] = {
		"host", "date", "load", "clock-resolution", "note", "ab-side", "ab-state", "round",
		"status"
	};
	size_t i;

	if (strncmp(key, "tag-", 4) == 0 || report_key_per_run(key))
		return 1;
	if (strncmp(key, "box-", 4) == 0 && strcmp(key + 4, "host") != 0)
		key += 4;
	for (i = 0; i < HB_ARRAY_SIZE(skip); i++)
		if (strcmp(key, skip[i]) == 0)
			return 1;
	return 0;
}

static void
ftable_free(struct fleet_table *t)
{
	size_t i, h;

	for (i = 0; i < t->n; i++) {
		for (h = 0; h < t->nhosts; h++)
			free(t->rows[i].cell[h]);
		free(t->rows[i].cell);
		free(t->rows[i].diff);
		free(t->rows[i].na);
	}
	free(t->rows);
	memset(t, 0, sizeof(*t));
}

/* The value of key on host h: its runs' distinct values joined by " / "
 * (malloc'd; "" when none has the key), or NULL when out of memory. */
static char *
host_value(const struct report *rep, const struct report_host *h, const char *key)
{
	size_t i, j, len = 1;
	char *s;

	for (i = 0; i < h->n; i++) {
		const char *v = resfile_fingerprint(&rep->runs[h->runs[i]].rf, key);

		if (v != NULL)
			len += strlen(v) + 3;
	}
	if ((s = malloc(len)) == NULL)
		return NULL;
	s[0] = '\0';
	for (i = 0; i < h->n; i++) {
		const char *v = resfile_fingerprint(&rep->runs[h->runs[i]].rf, key);

		if (v == NULL)
			continue;
		for (j = 0; j < i; j++) {
			const char *w = resfile_fingerprint(&rep->runs[h->runs[j]].rf, key);

			if (w != NULL && strcmp(v, w) == 0)
				break;
		}
		if (j < i)
			continue;
		if (s[0] != '\0')
			strcat(s, " / ");
		strcat(s, v);
	}
	return s;
}

/*
 * Mark the cells of a row that differ from its most common value (the
 * first of the most common, in the hosts' order), among the hosts that
 * have the key: a file that does not record something says nothing of
 * it.  Returns 1 when any does, 0 when those hosts' values are alike (or
 * fewer than two hosts have it to compare).
 */
static int
mark_diff(struct fleet_row *row, size_t nhosts)
{
	size_t h, k, best = 0, bestn = 0;
	int any = 0;

	for (h = 0; h < nhosts; h++) {
		size_t n = 0;

		if (row->na[h])
			continue;
		for (k = 0; k < nhosts; k++)
			n += !row->na[k] && strcmp(row->cell[h], row->cell[k]) == 0;
		if (n > bestn) {
			bestn = n;
			best = h;
		}
	}
	for (h = 0; h < nhosts; h++) {
		row->diff[h] = !row->na[h] && strcmp(row->cell[h], row->cell[best]) != 0;
		any |= row->diff[h];
	}
	return any;
}

/* The keys whose values differ among the hosts, in the order the runs
 * first have them.  0, or -1 when out of memory (t freed). */
static int
ftable_build(const struct report *rep, struct fleet_table *t)
{
	size_t r, k, i, h;

	memset(t, 0, sizeof(*t));
	t->nhosts = rep->nhosts;
	for (r = 0; r < rep->nruns; r++) {
		const struct resfile_run *rf = &rep->runs[r].rf;

		for (k = 0; k < rf->nconfig; k++) {
			const char *key = rf->config[k].key;
			struct fleet_row row, *p;

			if (skip_key(key))
				continue;
			for (i = 0; i < t->n && strcmp(t->rows[i].key, key) != 0; i++)
				;
			if (i < t->n)
				continue;
			/* (A key seen before but alike on every host is looked
			 * at again: cheap, and there are few.) */
			row.key = key;
			row.cell = calloc(t->nhosts, sizeof(*row.cell));
			row.diff = calloc(t->nhosts, sizeof(*row.diff));
			row.na = calloc(t->nhosts, sizeof(*row.na));
			if (row.cell == NULL || row.diff == NULL || row.na == NULL)
				goto oom_row;
			for (h = 0; h < t->nhosts; h++) {
				if ((row.cell[h] = host_value(rep, &rep->hosts[h], key)) == NULL)
					goto oom_row;
				row.na[h] = row.cell[h][0] == '\0';
			}
			if (!mark_diff(&row, t->nhosts)) {
				for (h = 0; h < t->nhosts; h++)
					free(row.cell[h]);
				free(row.cell);
				free(row.diff);
				free(row.na);
				continue;
			}
			if ((p = realloc(t->rows, (t->n + 1) * sizeof(*p))) == NULL)
				goto oom_row;
			t->rows = p;
			t->rows[t->n++] = row;
			continue;
oom_row:
			if (row.cell != NULL)
				for (h = 0; h < t->nhosts; h++)
					free(row.cell[h]);
			free(row.cell);
			free(row.diff);
			free(row.na);
			ftable_free(t);
			return -1;
		}
	}
	return 0;
}

const char *
fleet_cell(const struct fleet_row *row, size_t h)
{
	return row->na[h] ? "-" : row->cell[h];
}

static void
across_free(struct fleet_across *a)
{
	size_t i;

	for (i = 0; i < a->n; i++) {
		free(a->v[i].med);
		free(a->v[i].n);
	}
	free(a->left);
	free(a->v);
	memset(a, 0, sizeof(*a));
}

/* A cell with a value to rank. */
static int
valued(const struct resfile_value *c)
{
	return c->present && !c->implausible && isfinite(c->value);
}

static int
cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return a < b ? -1 : a > b;
}

/*
 * The reference run of a column: the valued run comparable (the A/B's
 * rules: report_incomparable_runs) with the runs of the most hosts, the
 * first such on a tie; (size_t)-1 when no run has a value.
 */
static size_t
reference_run(const struct report *rep, size_t si, size_t ci)
{
	const struct report_column *col = &rep->secs[si].cols[ci];
	size_t r, h, i, best = (size_t)-1, most = 0;
	char why[96];

	for (r = 0; r < rep->nruns; r++) {
		size_t hosts = 0;

		if (!valued(&col->cells[r]))
			continue;
		for (h = 0; h < rep->nhosts; h++)
			for (i = 0; i < rep->hosts[h].n; i++) {
				size_t o = rep->hosts[h].runs[i];

				if (valued(&col->cells[o])
				    && !report_incomparable_runs(rep, si, ci, r, o, why, sizeof(why))) {
					hosts++;
					break;
				}
			}
		if (best == (size_t)-1 || hosts > most) {
			best = r;
			most = hosts;
		}
	}
	return best;
}

/* The columns with a direction that two or more hosts measured alike,
 * each with its best and worst host and the hosts left out.  0, or -1
 * when out of memory. */
static int
across_build(const struct report *rep, struct fleet_across *a)
{
	size_t si, ci, h, i;
	double *v;

	memset(a, 0, sizeof(*a));
	a->nhosts = rep->nhosts;
	if ((v = malloc((rep->nruns ? rep->nruns : 1) * sizeof(*v))) == NULL)
		return -1;
	for (si = 0; si < rep->nsecs; si++)
		for (ci = 0; ci < rep->secs[si].ncols; ci++) {
			const struct report_column *col = &rep->secs[si].cols[ci];
			struct fleet_rank x, *p;
			size_t nvalued = 0, ref;

			if (col->m->better == METRIC_NEITHER || col->m->select == METRIC_CONFIG
			    || report_shown_before(rep, si, ci)
			    || (ref = reference_run(rep, si, ci)) == (size_t)-1)
				continue;
			memset(&x, 0, sizeof(x));
			x.sec = &rep->secs[si];
			x.col = col;
			x.med = malloc(a->nhosts * sizeof(*x.med));
			x.n = calloc(a->nhosts, sizeof(*x.n));
			if (x.med == NULL || x.n == NULL) {
				free(x.med);
				free(x.n);
				goto oom;
			}
			for (h = 0; h < a->nhosts; h++) {
				const struct report_host *host = &rep->hosts[h];
				size_t m = 0;
				char why[96] = "";

				for (i = 0; i < host->n; i++) {
					const struct resfile_value *c = &col->cells[host->runs[i]];
					char w[96];

					if (!valued(c))
						continue;
					/* Measured otherwise than the reference: not ranked. */
					if (report_incomparable_runs(rep, si, ci, ref, host->runs[i], w, sizeof(w))) {
						if (why[0] == '\0')
							snprintf(why, sizeof(why), "%s", w);
						continue;
					}
					v[m++] = c->value;
				}
				x.n[h] = m;
				/* A host some of whose runs are comparable is ranked by those. */
				if (why[0] != '\0' && m == 0) {
					struct fleet_left *l = realloc(a->left, (a->nleft + 1) * sizeof(*l));

					if (l == NULL) {
						free(x.med);
						free(x.n);
						goto oom;
					}
					a->left = l;
					l[a->nleft].sec = x.sec;
					l[a->nleft].col = col;
					l[a->nleft].host = h;
					snprintf(l[a->nleft].why, sizeof(l[a->nleft].why), "%s", why);
					a->nleft++;
				}
				if (m == 0) {
					x.med[h] = NAN;
					continue;
				}
				qsort(v, m, sizeof(*v), cmp_double);
				x.med[h] = m % 2 ? v[m / 2] : (v[m / 2 - 1] + v[m / 2]) / 2;
				if (nvalued++ == 0) {
					x.best = x.worst = h;
					continue;
				}
				/* Ties go to the host first seen. */
				if (col->m->better == METRIC_SMALLER ? x.med[h] < x.med[x.best]
								     : x.med[h] > x.med[x.best])
					x.best = h;
				if (col->m->better == METRIC_SMALLER ? x.med[h] > x.med[x.worst]
								     : x.med[h] < x.med[x.worst])
					x.worst = h;
			}
			if (nvalued < 2) {
				free(x.med);
				free(x.n);
				continue;
			}
			x.ratio = x.med[x.best] != 0 ? x.med[x.worst] / x.med[x.best] : NAN;
			x.speed = fleet_speed(&x, x.worst);
			if ((p = realloc(a->v, (a->n + 1) * sizeof(*p))) == NULL) {
				free(x.med);
				free(x.n);
				goto oom;
			}
			a->v = p;
			a->v[a->n++] = x;
		}
	free(v);
	return 0;
oom:
	free(v);
	across_free(a);
	return -1;
}

double
fleet_speed(const struct fleet_rank *e, size_t h)
{
	double best = e->med[e->best], v = e->med[h];

	if (!isfinite(v) || !isfinite(best) || !(v > 0) || !(best > 0))
		return NAN;
	return e->col->m->better == METRIC_SMALLER ? best / v : v / best;
}

int
fleet_build(struct report *rep)
{
	if (!fleet_has_hosts(rep))
		return 0;
	if ((rep->fleet = calloc(1, sizeof(*rep->fleet))) == NULL)
		return -1;
	if (ftable_build(rep, &rep->fleet->table) != 0 || across_build(rep, &rep->fleet->across) != 0)
		return -1;
	return 0;
}

void
fleet_free(struct report *rep)
{
	if (rep->fleet == NULL)
		return;
	ftable_free(&rep->fleet->table);
	across_free(&rep->fleet->across);
	free(rep->fleet);
	rep->fleet = NULL;
}
