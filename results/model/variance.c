/*
 * variance: the components of a metric's spread, and the samples a
 * process should take (see variance.h).
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/stats.h"
#include "read/metric_table.h"
#include "read/resfile.h"
#include "report.h"
#include "summary.h"
#include "variance.h"

/* The result a cell took its value from (name and unit), or NULL. */
static const struct resfile_result *
source_of(const struct resfile_run *r, const struct metric *m, const char *name)
{
	size_t i;

	for (i = 0; name != NULL && i < r->nresults; i++)
		if (strcmp(r->results[i].name, name) == 0
		    && strcmp(r->results[i].unit, m->fact.unit) == 0)
			return &r->results[i];
	return NULL;
}

/* Sums over one run's processes, on the log scale. */
struct run_sums {
	double ss0;		/* squares of samples about their process's mean */
	size_t df0;
	double ss1;		/* squares of process means about the run's */
	size_t df1;
	double mean;		/* the run's mean of process means */
	size_t procs, samples;	/* processes (of 2+ samples), their samples */
	double wall, sample_ms;	/* the processes' wall time and sample time, summed */
	size_t nwall;
};

/*
 * One run's sums for result x: 0, or -1 when it does not serve (a value
 * not above 0, fewer than two processes of two samples).
 */
static int
run_sums(const struct resfile_run *r, const struct resfile_result *x, struct run_sums *s)
{
	double pm[256];
	size_t ids[256], i, j, k = 0;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < x->n; i++)
		if (!(x->v[i] > 0) || !isfinite(x->v[i]))
			return -1;
	for (i = 0; i < x->n && k < sizeof(ids) / sizeof(ids[0]); i++) {
		double sum = 0, m, ss = 0;
		size_t n = 0;

		for (j = 0; j < k && ids[j] != x->from[i]; j++)
			;
		if (j < k)
			continue;
		for (j = i; j < x->n; j++)
			if (x->from[j] == x->from[i])
				sum += log(x->v[j]), n++;
		if (n < 2)
			continue;
		m = sum / (double)n;
		for (j = i; j < x->n; j++)
			if (x->from[j] == x->from[i])
				ss += (log(x->v[j]) - m) * (log(x->v[j]) - m);
		ids[k] = x->from[i];
		pm[k++] = m;
		s->ss0 += ss;
		s->df0 += n - 1;
		s->samples += n;
		if (r->format == RESFILE_HOSTBENCH && x->from[i] >= 1 && x->from[i] <= r->ncases) {
			const struct resfile_case *c = &r->cases[x->from[i] - 1];

			if (c->wall_ms > 0 && c->sample_ms > 0) {
				/* The process's cost beyond its samples. */
				s->wall += c->wall_ms - (double)n * c->sample_ms;
				s->sample_ms += c->sample_ms;
				s->nwall++;
			}
		}
	}
	if (k < 2)
		return -1;
	for (j = 0; j < k; j++)
		s->mean += pm[j];
	s->mean /= (double)k;
	for (j = 0; j < k; j++)
		s->ss1 += (pm[j] - s->mean) * (pm[j] - s->mean);
	s->df1 = k - 1;
	s->procs = k;
	return 0;
}

int
variance_build(const struct report *rep, struct variance_row **rows, size_t *n)
{
	size_t si, ci, i, cap = 0;
	struct run_sums *sums;

	*rows = NULL;
	*n = 0;
	if ((sums = malloc((rep->nruns ? rep->nruns : 1) * sizeof(*sums))) == NULL)
		return -1;
	for (si = 0; si < rep->nsecs; si++)
		for (ci = 0; ci < rep->secs[si].ncols; ci++) {
			const struct report_column *col = &rep->secs[si].cols[ci];
			struct variance_row v;
			double ss0 = 0, ss1 = 0, m = 0, ss2 = 0, procs = 0, samples = 0, s0, s1obs, s2obs;
			double wall = 0, sms = 0;
			size_t df0 = 0, df1 = 0, runs = 0, nwall = 0;

			if (col->m->select == METRIC_CONFIG || report_shown_before(rep, si, ci))
				continue;
			for (i = 0; i < rep->nruns; i++) {
				const struct resfile_run *r = &rep->runs[i].rf;
				const struct resfile_result *x;

				if (!col->cells[i].present
				    || (x = source_of(r, col->m, col->cells[i].source)) == NULL
				    || run_sums(r, x, &sums[runs]) != 0)
					continue;
				ss0 += sums[runs].ss0, df0 += sums[runs].df0;
				ss1 += sums[runs].ss1, df1 += sums[runs].df1;
				m += sums[runs].mean;
				procs += (double)sums[runs].procs;
				samples += (double)sums[runs].samples;
				wall += sums[runs].wall, sms += sums[runs].sample_ms, nwall += sums[runs].nwall;
				runs++;
			}
			if (runs < 2 || df0 == 0 || df1 == 0)
				continue;
			m /= (double)runs;
			for (i = 0; i < runs; i++)
				ss2 += (sums[i].mean - m) * (sums[i].mean - m);
			memset(&v, 0, sizeof(v));
			v.m = col->m;
			v.section = rep->secs[si].s->id;
			v.runs = runs;
			v.procs = procs / (double)runs;
			v.samples = samples / procs;
			s0 = ss0 / (double)df0;
			s1obs = ss1 / (double)df1;
			s2obs = ss2 / (double)(runs - 1);
			v.sd[0] = 100 * sqrt(s0);
			v.sd[1] = 100 * sqrt(fmax(0, s1obs - s0 / v.samples));
			v.sd[2] = 100 * sqrt(fmax(0, s2obs - s1obs / v.procs));
			v.sample_ms = nwall > 0 ? sms / (double)nwall : NAN;
			v.proc_ms = nwall > 0 ? fmax(wall / (double)nwall, v.sample_ms) : NAN;
			if (!(v.sample_ms > 0))
				v.best = NAN;
			else if (v.sd[1] == 0)
				v.best = HUGE_VAL;
			else
				v.best = fmin(1000, fmax(1, sqrt(v.proc_ms / v.sample_ms * (v.sd[0] * v.sd[0])
							       / (v.sd[1] * v.sd[1]))));
			if (*n == cap) {
				struct variance_row *p = realloc(*rows, (cap = cap ? 2 * cap : 32) * sizeof(*p));

				if (p == NULL) {
					free(sums);
					free(*rows);
					*rows = NULL;
					*n = 0;
					return -1;
				}
				*rows = p;
			}
			(*rows)[(*n)++] = v;
		}
	free(sums);
	return 0;
}

double
variance_median(const struct variance_row *rows, size_t n, int k)
{
	double *v = malloc((n ? n : 1) * sizeof(*v)), m;
	size_t i;

	if (v == NULL || n == 0) {
		free(v);
		return NAN;
	}
	for (i = 0; i < n; i++)
		v[i] = rows[i].sd[k];
	stats_sort(v, n);
	m = stats_quantile_sorted(v, n, 0.5);
	free(v);
	return m;
}
