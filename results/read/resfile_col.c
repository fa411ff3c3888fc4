/*
 * resfile_col: a summary column's value from a run, by the column's rule
 * in the metric table (metric_table.h; see resfile_col.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/compat.h"
#include "core/stats.h"
#include "read/metric_table.h"
#include "read/resfile.h"
#include "read/resfile_col.h"

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

/*
 * The run's weights for result x under metric m (its same-named result
 * in m's weight unit, sample for sample), or NULL when m takes none or
 * the file lacks them.
 */
static const struct resfile_result *
weights_of(const struct resfile_run *r, const struct metric *m, const struct resfile_result *x)
{
	size_t i;

	if (m->fact.weight_unit == NULL)
		return NULL;
	for (i = 0; i < r->nresults; i++) {
		const struct resfile_result *w = &r->results[i];

		if (w->n == x->n && strcmp(w->unit, m->fact.weight_unit) == 0
		    && strcmp(w->name, x->name) == 0)
			return w;
	}
	return NULL;
}

double
resfile_weight_mean(const struct resfile_run *r, const struct metric *m, const char *name)
{
	size_t i, k;

	if (m->fact.weight_unit == NULL || name == NULL)
		return NAN;
	for (i = 0; i < r->nresults; i++) {
		const struct resfile_result *w = &r->results[i];
		double s = 0;

		if (w->n == 0 || strcmp(w->unit, m->fact.weight_unit) != 0
		    || strcmp(w->name, name) != 0)
			continue;
		for (k = 0; k < w->n; k++)
			s += w->v[k];
		return s / (double)w->n;
	}
	return NAN;
}

/*
 * The summary of v[0..n-1] by m's estimator for result name (weights w
 * or NULL: a weighted one without its weights falls back to the median).
 */
static double
estimate_of(const struct metric *m, const char *name, const double *v, const double *w, size_t n)
{
	enum metric_estimator e = metric_estimator_for(&m->fact, name);

	if (e == METRIC_WEIGHTED && w == NULL)
		e = METRIC_MEDIAN;
	return metric_estimate(e, v, w, n);
}

/*
 * The per-process summaries of result x (times scale) and their cases,
 * in the order the processes first appear.  0 or -1 (out of memory).
 */
static int
units_of(const struct resfile_run *r, const struct metric *m, const struct resfile_result *x,
	 double scale, struct resfile_value *out)
{
	const struct resfile_result *wr = weights_of(r, m, x);
	size_t i, j, k, c, n = 0;
	size_t *ids;
	double *buf, *wbuf;

	ids = malloc(x->n * sizeof(*ids));
	buf = malloc(x->n * sizeof(*buf));
	wbuf = malloc(x->n * sizeof(*wbuf));
	out->units = malloc(x->n * sizeof(*out->units));
	out->unit_case = malloc(x->n * sizeof(*out->unit_case));
	if (ids == NULL || buf == NULL || wbuf == NULL || out->units == NULL
	    || out->unit_case == NULL) {
		free(ids);
		free(buf);
		free(wbuf);
		return -1;
	}
	for (i = 0; i < x->n; i++) {
		for (j = 0; j < n && ids[j] != x->from[i]; j++)
			;
		if (j < n)
			continue;
		ids[n] = x->from[i];
		for (c = i, k = 0; c < x->n; c++)
			if (x->from[c] == ids[n]) {
				if (wr != NULL)
					wbuf[k] = wr->v[c];
				buf[k++] = x->v[c];
			}
		out->units[n] = estimate_of(m, x->name, buf, wr != NULL ? wbuf : NULL, k) * scale;
		out->unit_case[n] = r->format == RESFILE_HOSTBENCH && ids[n] >= 1
				    && ids[n] <= r->ncases ? &r->cases[ids[n] - 1] : NULL;
		n++;
	}
	out->nunits = n;
	if (out->short_note == NULL)
		out->short_note = x->short_note;
	free(ids);
	free(buf);
	free(wbuf);
	return 0;
}

/*
 * A value the machine cannot have produced (raw units, by m's bounds) is
 * no value: the column is blank and says why.
 */
static void
check_plausible(const struct metric *m, double raw, struct resfile_value *out)
{
	if (metric_plausible(&m->fact, raw))
		return;
	metric_implausible_why(&m->fact, raw, out->why, sizeof(out->why));
	out->implausible = 1;
	out->present = 0;
}

/*
 * The clock's cost of a reading in ns, from the run's "clock:" line
 * ("clock_gettime(CLOCK_MONOTONIC), resolution 20 ns, cost 27 ns", as
 * each program prints it; the suite's fingerprint has the clock's name
 * alone, so a program's later line is looked at too); NaN when no line
 * says it.
 */
static double
clock_cost(const struct resfile_run *r)
{
	const char *lines[2];
	size_t i;

	lines[0] = resfile_config(r, "clock");
	lines[1] = NULL;
	for (i = 0; i < r->nlater; i++)
		if (strcmp(r->later[i].key, "clock") == 0)
			lines[1] = r->later[i].value;
	for (i = 0; i < HB_ARRAY_SIZE(lines); i++) {
		const char *at = lines[i] != NULL ? strstr(lines[i], ", cost ") : NULL;
		char *end;
		double cost;

		if (at == NULL)
			continue;
		cost = strtod(at + 7, &end);
		if (end != at + 7 && strncmp(end, " ns", 3) == 0 && isfinite(cost) && cost > 0)
			return cost;
	}
	return NAN;
}

/*
 * The run's fastest memory bandwidth in MB/s: the largest value of the
 * columns whose metric is a memory test (METRIC_MEMTEST), each taken by
 * its own rule; NaN when the run has none.
 */
static double
fastest_memory(const struct resfile_run *r)
{
	double best = NAN;
	size_t i;

	for (i = 0; i < metric_count; i++) {
		const struct metric *t = &metric_table[i];
		struct resfile_value v;

		if ((t->fact.flags & METRIC_MEMTEST) == 0 || t->section == NULL
		    || t->select == METRIC_MEAN || t->select == METRIC_CONFIG)
			continue;
		/* A memory test is never METRIC_MEMMOVE: no deeper recursion. */
		if (resfile_column(r, t, &v) == 0 && v.present && !(v.value / t->scale <= best))
			best = v.value / t->scale;
		resfile_value_free(&v);
	}
	return best;
}

/*
 * The run's last-level cache in bytes, one of it, from its llc line
 * ("32M", "32M x 2", "512K (HOSTBENCH_LLC)", "unknown (4M assumed)":
 * what its memory tests were sized and named by); NaN without one.
 */
static double
run_llc(const struct resfile_run *r)
{
	const char *v = resfile_config(r, "llc");
	char word[32];
	double b;

	if (v == NULL)
		return NAN;
	if (strncmp(v, "unknown (", 9) == 0)
		v += 9;
	if (sscanf(v, "%31[0-9KMG]", word) != 1 || metric_parse_size(word, &b) != 0 || !(b > 0))
		return NAN;
	return b;
}

/*
 * Whether result name's size= part is under 4 x the run's last-level
 * cache: data that may stay in the caches, which outrun the memory (a
 * file of 8M reread from the page cache where the cache is 32M).  0 when
 * either is not known.
 */
static int
cache_resident(const struct resfile_run *r, const char *name)
{
	double llc = run_llc(r), size = result_size(name);

	return size >= 0 && size < METRIC_LLC_FACTOR * llc;
}

/*
 * The bounds across results, on a value that passed its own (raw units):
 * one operation timed singly is not below the run's clock cost, data
 * moved through memory not (much) faster than the run's fastest memory
 * test (lib/core/metric: metric_clock_plausible; metric_table.h:
 * metric_memory_plausible) -- unless its size says it may have stayed in
 * the caches, in a run whose memory tests were sized past them
 * (cache_resident).
 */
static void
check_run_bounds(const struct resfile_run *r, const struct metric *m, const char *name,
		 double raw, struct resfile_value *out)
{
	int good = 1;

	if (out->implausible)
		return;
	if (metric_timed_singly(&m->fact, name) && strncmp(m->fact.unit, "ns/", 3) == 0)
		good = metric_clock_plausible(raw, clock_cost(r), out->why, sizeof(out->why));
	if (good && (m->fact.flags & METRIC_MEMMOVE) != 0 && !cache_resident(r, name))
		good = metric_memory_plausible(m, raw, fastest_memory(r), out->why,
					       sizeof(out->why));
	if (!good) {
		out->implausible = 1;
		out->present = 0;
	}
}

/*
 * The quantile a "/stat=" part names: "p50" 0.5, "p99" 0.99, "p999"
 * 0.999, "max" 1, "min" 0; -1 for anything else.
 */
static double
stat_quantile(const char *name)
{
	char buf[16], *s;
	double q = 0, scale = 0.1;

	if (metric_param(name, "stat", buf, sizeof(buf)) == NULL)
		return -1;
	if (strcmp(buf, "max") == 0)
		return 1;
	if (strcmp(buf, "min") == 0)
		return 0;
	if (buf[0] != 'p' || buf[1] == '\0')
		return -1;
	for (s = buf + 1; *s != '\0'; s++, scale /= 10) {
		if (*s < '0' || *s > '9')
			return -1;
		q += (*s - '0') * scale;
	}
	return q;
}

/* Is hist x of result name (the name without its "/stat=" part) and unit? */
static int
hist_of(const struct resfile_hist *x, const char *name, const char *unit)
{
	char stat[16], part[24];
	const char *at;
	size_t n = strlen(x->name);

	if (strcmp(x->unit, unit) != 0 || metric_param(name, "stat", stat, sizeof(stat)) == NULL)
		return 0;
	snprintf(part, sizeof(part), "/stat=%s", stat);
	at = strstr(name, part);
	if (at == NULL || (at[strlen(part)] != '\0' && at[strlen(part)] != '/'))
		return 0;
	/* name = x->name with the part put in at one place. */
	return (size_t)(at - name) <= n && strncmp(name, x->name, (size_t)(at - name)) == 0
	       && strcmp(at + strlen(part), x->name + (at - name)) == 0;
}

/*
 * A percentile result from the run's histograms (every observation of
 * the run, and of each process), when the file has them for it: the
 * value and the units of out.  1 when it did, 0 when there is none (the
 * samples' estimator stands), -1 out of memory.
 */
static int
merged_percentile(const struct resfile_run *r, const struct metric *m,
		  const struct resfile_result *x, struct resfile_value *out)
{
	double q = stat_quantile(x->name);
	struct hist *all, *one;
	size_t i, j, k, n = 0;

	for (i = 0; i < r->nhists; i++)
		n += hist_of(&r->hists[i], x->name, x->unit) ? 1 : 0;
	if (q < 0 || n == 0)
		return 0;
	all = malloc(sizeof(*all));
	one = malloc(sizeof(*one));
	out->units = malloc(n * sizeof(*out->units));
	out->unit_case = malloc(n * sizeof(*out->unit_case));
	if (all == NULL || one == NULL || out->units == NULL || out->unit_case == NULL) {
		free(all);
		free(one);
		return -1;
	}
	hist_init(all);
	out->nunits = 0;
	for (i = 0; i < r->nhists; i++) {
		const struct resfile_hist *h = &r->hists[i];

		if (!hist_of(h, x->name, x->unit))
			continue;
		hist_merge(all, h->h);
		for (j = 0; j < i; j++)
			if (hist_of(&r->hists[j], x->name, x->unit) && r->hists[j].from == h->from)
				break;
		if (j < i)
			continue;
		/* A process's own observations: its lines merged. */
		hist_init(one);
		for (k = i; k < r->nhists; k++)
			if (hist_of(&r->hists[k], x->name, x->unit) && r->hists[k].from == h->from)
				hist_merge(one, r->hists[k].h);
		out->units[out->nunits] = hist_quantile(one, q) * m->scale;
		out->unit_case[out->nunits] = r->format == RESFILE_HOSTBENCH && h->from >= 1
					      && h->from <= r->ncases ? &r->cases[h->from - 1] : NULL;
		out->nunits++;
	}
	out->value = hist_quantile(all, q) * m->scale;
	check_plausible(m, hist_quantile(all, q), out);
	check_run_bounds(r, m, x->name, hist_quantile(all, q), out);
	free(all);
	free(one);
	return 1;
}

/*
 * One value per run: a run's processes each give their own figure (its
 * units), and the run's value is their geometric mean, or their mean
 * where one is 0 or below, so that the summary tables and the A/B
 * (which compares the units) show the same figure.  Only for the
 * estimators of one process's samples (median, quartile, minimum ...):
 * a loss weighted by what was sent and a percentile of every
 * observation pool the whole run by definition.  lmbench3 files keep the
 * value lmbench's own summary gives.
 */
static void
one_value(const struct resfile_run *r, const struct metric *m, const char *name,
	  struct resfile_value *out)
{
	enum metric_estimator e = metric_estimator_for(&m->fact, name);
	double s = 0, l = 0;
	size_t i;
	int pos = 1;

	if (r->format != RESFILE_HOSTBENCH || out->nunits < 2 || e == METRIC_WEIGHTED
	    || e == METRIC_MERGED)
		return;
	for (i = 0; i < out->nunits; i++) {
		if (!isfinite(out->units[i]))
			return;
		pos &= out->units[i] > 0;
		s += out->units[i];
		l += pos ? log(out->units[i]) : 0;
	}
	out->value = pos ? exp(l / (double)out->nunits) : s / (double)out->nunits;
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
		out->text = resfile_config(r, m->fact.name);
		out->present = out->text != NULL;
		return 0;
	}
	if (m->select == METRIC_MEAN) {
		a = resfile_select(r, m->fact.name, m->fact.unit, METRIC_ONE, NULL);
		b = resfile_select(r, m->arg, m->fact.unit, METRIC_ONE, NULL);
		if (a == NULL || b == NULL)
			return 0;
		n = a->n < b->n ? a->n : b->n;
		if ((out->samples = malloc(n * sizeof(double))) == NULL)
			return -1;
		for (i = 0; i < n; i++)
			out->samples[i] = (a->v[i] + b->v[i]) / 2 * m->scale;
		out->n = n;
		{
			double ea = estimate_of(m, a->name, a->v, NULL, a->n);
			double eb = estimate_of(m, b->name, b->v, NULL, b->n);

			out->value = (ea + eb) / 2 * m->scale;
			out->source = a->name;
			out->present = 1;
			check_plausible(m, ea, out);
			check_plausible(m, eb, out);
		}
		{
			struct resfile_value ub;

			memset(&ub, 0, sizeof(ub));
			if (units_of(r, m, a, m->scale, out) != 0
			    || units_of(r, m, b, m->scale, &ub) != 0) {
				resfile_value_free(&ub);
				return -1;
			}
			if (ub.nunits < out->nunits)
				out->nunits = ub.nunits;
			for (i = 0; i < out->nunits; i++)
				out->units[i] = (out->units[i] + ub.units[i]) / 2;
			resfile_value_free(&ub);
		}
		one_value(r, m, a->name, out);
		return 0;
	}
	a = resfile_select(r, m->fact.name, m->fact.unit, m->select, m->arg);
	if (a == NULL)
		return 0;
	if ((out->samples = malloc(a->n * sizeof(double))) == NULL)
		return -1;
	for (i = 0; i < a->n; i++)
		out->samples[i] = a->v[i] * m->scale;
	out->n = a->n;
	out->source = a->name;
	out->present = 1;
	if (metric_estimator_for(&m->fact, a->name) == METRIC_MERGED) {
		int got = merged_percentile(r, m, a, out);

		if (got != 0)
			return got < 0 ? -1 : 0;
	}
	{
		const struct resfile_result *w = weights_of(r, m, a);
		double e = estimate_of(m, a->name, a->v, w != NULL ? w->v : NULL, a->n);

		out->value = e * m->scale;
		out->source = a->name;
		out->present = 1;
		check_plausible(m, e, out);
		check_run_bounds(r, m, a->name, e, out);
	}
	if (units_of(r, m, a, m->scale, out) != 0)
		return -1;
	one_value(r, m, a->name, out);
	return 0;
}

