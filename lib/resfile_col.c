/*
 * resfile_col: a summary column's value from a run, by the column's rule
 * in lib/metric (see resfile_col.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat.h"
#include "metric.h"
#include "resfile.h"
#include "resfile_col.h"
#include "stats.h"

/* The size of a result, from its size= part; -1 when it has none. */
static double
result_size(const char *name)
{
	char buf[32];
	double b;

	if (metric_param(name, "size", buf, sizeof(buf)) == NULL
	    || metric_parse_size(buf, &b) != 0)
		return -1;
	return b;
}

/* Does result x belong to group g: 0 = no further parts but sizes, else
 * the further parts include the alternative alt. */
static int
in_group(const struct resfile_result *x, const char *name, const char *alt)
{
	if (alt == NULL)
		return metric_extra_parts(x->name, name) == 0;
	return metric_has_parts(x->name, alt);
}

const struct resfile_result *
resfile_select(const struct resfile_run *r, const char *name, const char *unit,
	       enum metric_select sel, const char *arg)
{
	char alts[256], *alt[9];
	const char *want_size = NULL;
	size_t nalt = 0, g, i;

	/* The groups tried in order: no further parts, then each alternative
	 * in arg, or with none, any further parts (the "" alternative). */
	alt[nalt++] = NULL;
	if (sel == METRIC_AT) {
		want_size = arg;
		alt[nalt++] = alts;
		alts[0] = '\0';
	} else if (arg != NULL) {
		char *s;

		snprintf(alts, sizeof(alts), "%s", arg);
		for (s = alts; s != NULL && nalt < HB_ARRAY_SIZE(alt);) {
			alt[nalt++] = s;
			s = strchr(s, ',');
			if (s != NULL)
				*s++ = '\0';
		}
	} else {
		alts[0] = '\0';
		alt[nalt++] = alts;
	}
	for (g = 0; g < nalt; g++) {
		const struct resfile_result *best = NULL;
		double best_size = -1;

		for (i = 0; i < r->nresults; i++) {
			const struct resfile_result *x = &r->results[i];
			unsigned long copies;

			if (strcmp(x->unit, unit) != 0 || x->n == 0)
				continue;
			if (metric_parallel(x->name, &copies) != strlen(x->name))
				continue;
			if (!metric_under(x->name, name) || !in_group(x, name, alt[g]))
				continue;
			if (want_size != NULL && !metric_has_parts(x->name, want_size))
				continue;
			if (sel == METRIC_LARGEST) {
				double sz = result_size(x->name);

				/* A result without a size (lmbench's STREAM
				 * lines) stands when there is no other. */
				if (best == NULL || sz > best_size)
					best = x, best_size = sz;
				continue;
			}
			return x;
		}
		if (best != NULL)
			return best;
	}
	return NULL;
}

static double
median_of(const double *v, size_t n)
{
	struct stats s;

	if (stats_compute(v, n, &s) != 0)
		return NAN;
	return s.median;
}

/*
 * The per-process medians of result x (times scale) and their cases, in
 * the order the processes first appear.  0 or -1 (out of memory).
 */
static int
units_of(const struct resfile_run *r, const struct resfile_result *x, double scale,
	 struct resfile_value *out)
{
	size_t i, j, k, m = 0;
	size_t *ids;
	double *buf;

	ids = malloc(x->n * sizeof(*ids));
	buf = malloc(x->n * sizeof(*buf));
	out->units = malloc(x->n * sizeof(*out->units));
	out->unit_case = malloc(x->n * sizeof(*out->unit_case));
	if (ids == NULL || buf == NULL || out->units == NULL || out->unit_case == NULL) {
		free(ids);
		free(buf);
		return -1;
	}
	for (i = 0; i < x->n; i++) {
		for (j = 0; j < m && ids[j] != x->from[i]; j++)
			;
		if (j < m)
			continue;
		ids[m] = x->from[i];
		for (j = i, k = 0; j < x->n; j++)
			if (x->from[j] == ids[m])
				buf[k++] = x->v[j];
		out->units[m] = median_of(buf, k) * scale;
		out->unit_case[m] = r->format == RESFILE_HOSTBENCH && ids[m] >= 1
				    && ids[m] <= r->ncases ? &r->cases[ids[m] - 1] : NULL;
		m++;
	}
	out->nunits = m;
	free(ids);
	free(buf);
	return 0;
}

void
resfile_value_free(struct resfile_value *v)
{
	free(v->units);
	free(v->unit_case);
	free(v->samples);
	memset(v, 0, sizeof(*v));
}

int
resfile_column(const struct resfile_run *r, const struct metric *m,
	       struct resfile_value *out)
{
	const struct resfile_result *a, *b;
	size_t i, n;

	memset(out, 0, sizeof(*out));
	if (m->select == METRIC_CONFIG) {
		out->text = resfile_config(r, m->name);
		out->present = out->text != NULL;
		return 0;
	}
	if (m->select == METRIC_MEAN) {
		a = resfile_select(r, m->name, m->unit, METRIC_ONE, NULL);
		b = resfile_select(r, m->arg, m->unit, METRIC_ONE, NULL);
		if (a == NULL || b == NULL)
			return 0;
		n = a->n < b->n ? a->n : b->n;
		if ((out->samples = malloc(n * sizeof(double))) == NULL)
			return -1;
		for (i = 0; i < n; i++)
			out->samples[i] = (a->v[i] + b->v[i]) / 2 * m->scale;
		out->n = n;
		out->value = (median_of(a->v, a->n) + median_of(b->v, b->n)) / 2 * m->scale;
		out->source = a->name;
		out->present = 1;
		{
			struct resfile_value ub;

			memset(&ub, 0, sizeof(ub));
			if (units_of(r, a, m->scale, out) != 0 || units_of(r, b, m->scale, &ub) != 0) {
				resfile_value_free(&ub);
				return -1;
			}
			if (ub.nunits < out->nunits)
				out->nunits = ub.nunits;
			for (i = 0; i < out->nunits; i++)
				out->units[i] = (out->units[i] + ub.units[i]) / 2;
			resfile_value_free(&ub);
		}
		return 0;
	}
	a = resfile_select(r, m->name, m->unit, m->select, m->arg);
	if (a == NULL)
		return 0;
	if ((out->samples = malloc(a->n * sizeof(double))) == NULL)
		return -1;
	for (i = 0; i < a->n; i++)
		out->samples[i] = a->v[i] * m->scale;
	out->n = a->n;
	out->value = median_of(a->v, a->n) * m->scale;
	out->source = a->name;
	out->present = 1;
	return units_of(r, a, m->scale, out);
}

