/*
 * report: the summary tables and A/B comparisons, built from the runs
 * (see report.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dist.h"
#include "core/utf8.h"
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

char *
report_value(char *buf, size_t len, const struct metric *m, double v)
{
	if ((m->flags & METRIC_COUNT) && isfinite(v) && fabs(v - floor(v + 0.5)) <= 1e-9 * fabs(v)) {
		snprintf(buf, len, "%.0f", floor(v + 0.5));
		return buf;
	}
	return report_num(buf, len, v);
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

/* The last part of a path: "vm.0" of "results/x86_64-linux/vm.0". */
static const char *
file_base(const char *path)
{
	const char *slash = path != NULL ? strrchr(path, '/') : NULL;

	return slash != NULL ? slash + 1 : path != NULL ? path : "?";
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
	/*
	 * A row is named by its file's name (vm.0, vm.1), as results/
	 * <platform>/ names the runs, where that is short and no other run's
	 * file has it; else by the host and the run's number (vm#3).  The
	 * legend under the tables gives each label's file, host and note.
	 */
	for (i = 0; i < rep->nruns; i++) {
		struct report_run *r = &rep->runs[i];
		const char *base = file_base(r->rf.path);
		int same = strlen(base) > 24;

		for (j = 0; j < rep->nruns && !same; j++)
			same = j != i && strcmp(file_base(rep->runs[j].rf.path), base) == 0;
		/* (A host's name cut between two characters; a file's
		 * name made text, as its contents are: see resfile.h.) */
		if (same) {
			snprintf(r->label, sizeof(r->label), "%.*s#%d",
				 (int)utf8_prefix(r->host, strlen(r->host), 20), r->host, r->id);
		} else {
			char clean[3 * 24 + 1];

			utf8_clean(clean, base, strlen(base));
			snprintf(r->label, sizeof(r->label), "%.*s",
				 (int)utf8_fit(clean, strlen(clean), sizeof(r->label) - 1), clean);
		}
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
				/* A blank left for an implausible value keeps its
				 * column, so that the reason is listed. */
				present |= col->cells[ri].present || col->cells[ri].implausible;
				if ((col->cells[ri].present || col->cells[ri].implausible)
				    && m->select != METRIC_CONFIG)
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

/* ---------------------------------------------------------------- ladders */

/*
 * name without its program part and its "/key=..." part, into buf
 * ("BwUdp/size=1470/rate=5Mbit/placement=one", "rate" ->
 * "size=1470/placement=one").
 */
static void
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
	one.name = name;
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
	if (row->got == NULL || row->loss == NULL)
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
	snprintf(lad.program, sizeof(lad.program), "%.*s", (int)strcspn(m->name, "/"), m->name);
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
			if (strcmp(val, "knee") == 0 && strcmp(x->unit, m->unit) == 0)
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

				shown[k] = s != NULL && wanted(s, only);
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
	}
	free(lad.rows);
	free(lad.targets);
	free(nsteps);
	free(shown);
	return -1;
}

static int
build_ladders(struct report *rep, const char *const *only)
{
	size_t mi, n = 0;

	for (mi = 0; mi < metric_count; mi++)
		n += (metric_table[mi].flags & METRIC_LADDER) != 0;
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
		if (!(m->flags & METRIC_LADDER) || metric_find(m->name, m->unit) != m)
			continue;
		if (build_ladder(rep, m, only) != 0)
			return -1;
	}
	return 0;
}

/* ---------------------------------------------------------------- series */

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
		if (e != NULL && e->program != NULL)
			snprintf(s->program, sizeof(s->program), "%s", e->program);
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
static int
build_series(struct report *rep, const char *const *only)
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

				if (s == NULL || !wanted(s, only))
					continue;
			}
			if (series_add(rep, ri, x, bin, &cap) != 0)
				return -1;
		}
	}
	return 0;
}

/* ---------------------------------------------------------------- A/B */

/* What changed between the first runs of the two sides (see changes.h). */
static int
ab_changes(const struct report *rep, struct report_ab *ab)
{
	/* Between the sides' first runs, named by their sides. */
	return changes_build(ab, &rep->runs[ab->base].rf, ab->ga->label, &rep->runs[ab->other].rf,
			     ab->gb->label);
}

int
report_shown_before(const struct report *rep, size_t si, size_t ci)
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

/* The part of name after the program: "op=rd/size=8M". */
static const char *
name_parts(const char *name)
{
	const char *s = strchr(name, '/');

	return s != NULL ? s + 1 : "";
}

/* In why[]: the parts of x that y lacks, and those of y that x lacks:
 * "size=64M vs size=8M". */
static void
parts_diff(char *why, size_t len, const char *x, const char *y)
{
	char dx[128] = "", dy[128] = "";
	const char *s[2] = { name_parts(x), name_parts(y) };
	char *d[2] = { dx, dy };
	int k;

	for (k = 0; k < 2; k++) {
		const char *p = s[k], *other = s[1 - k];

		while (*p != '\0') {
			size_t n = strcspn(p, "/");
			const char *o = other;
			int found = 0;

			while (*o != '\0') {
				size_t m = strcspn(o, "/");

				if (m == n && strncmp(o, p, n) == 0)
					found = 1;
				o += m + (o[m] == '/');
			}
			if (!found && strlen(d[k]) + n + 2 < sizeof(dx))
				snprintf(d[k] + strlen(d[k]), sizeof(dx) - strlen(d[k]), "%s%.*s",
					 d[k][0] ? "/" : "", (int)n, p);
			p += n + (p[n] == '/');
		}
	}
	snprintf(why, len, "%s vs %s", dx[0] ? dx : "(no such part)", dy[0] ? dy : "(no such part)");
}

static const char *
config_or(const struct resfile_run *r, const char *key, const char *dflt)
{
	const char *v = resfile_config(r, key);

	return v != NULL && *v != '\0' ? v : dflt;
}

/*
 * Whether result names x and y differ in their size= part at most (the
 * same program, every other part the same).
 */
static int
same_but_size(const char *x, const char *y)
{
	size_t nx = strcspn(x, "/"), ny = strcspn(y, "/");

	return nx == ny && strncmp(x, y, nx) == 0 && metric_extra_parts(x, y) == 0
	       && metric_extra_parts(y, x) == 0;
}

/*
 * A memory test's column whose every result, on both sides, is
 * memory-sized: in a run that records the last-level cache it sized its
 * buffers by (its llc line: the rule applied) and without the cache part
 * (lib/core/metric.h: METRIC_CACHE_PART), each buffer at least 4 x that
 * cache.  Past that the size does not change what is measured, the
 * memory's bandwidth: names and arguments that differ in the size alone,
 * and a size cut to fit the memory, measure the same thing.
 */
static int
memory_sized(const struct report *rep, const struct report_ab *ab, const struct report_column *col)
{
	const struct report_group *g[2] = { ab->ga, ab->gb };
	size_t k, i;

	if ((col->m->flags & METRIC_MEMTEST) == 0)
		return 0;
	for (k = 0; k < 2; k++)
		for (i = 0; i < g[k]->n; i++) {
			const struct resfile_value *v = &col->cells[g[k]->runs[i]];

			if (resfile_config(&rep->runs[g[k]->runs[i]].rf, "llc") == NULL
			    || v->source == NULL || metric_has_parts(v->source, METRIC_CACHE_PART))
				return 0;
		}
	return 1;
}

/* Not comparable: why[] says why, 1 returned.  The sides measured the
 * column differently (another result chosen: size, placement, a sweep
 * that ended early; other arguments; a memory reduction on one side;
 * emulation; parallel copies).  A memory test measured the memory on
 * both sides at whatever sizes (memory_sized) is comparable. */
static int
incomparable(const struct report *rep, const struct report_ab *ab, size_t si, size_t ci,
	     char *why, size_t len)
{
	const struct report_column *col = &rep->secs[si].cols[ci];
	const struct report_group *g[2] = { ab->ga, ab->gb };
	const struct resfile_value *first = &col->cells[ab->base];
	const struct resfile_run *r0 = &rep->runs[ab->base].rf;
	const char *args0 = first->nunits > 0 && first->unit_case[0] ? first->unit_case[0]->args : NULL;
	const char *red0 = first->nunits > 0 && first->unit_case[0] ? first->unit_case[0]->reduced : NULL;
	int memory = memory_sized(rep, ab, col);
	size_t k, i, u;

	for (k = 0; k < 2; k++)
		for (i = 0; i < g[k]->n; i++) {
			size_t run = g[k]->runs[i];
			const struct resfile_value *v = &col->cells[run];
			const struct resfile_run *r = &rep->runs[run].rf;
			const char *args = v->nunits > 0 && v->unit_case[0] ? v->unit_case[0]->args : NULL;

			if (strcmp(config_or(r, "emulation", "none"), config_or(r0, "emulation", "none")) != 0) {
				snprintf(why, len, "emulation %s vs %s", config_or(r0, "emulation", "none"),
					 config_or(r, "emulation", "none"));
				return 1;
			}
			if (strcmp(config_or(r, "parallel", "1"), config_or(r0, "parallel", "1")) != 0) {
				snprintf(why, len, "parallel copies %s vs %s", config_or(r0, "parallel", "1"),
					 config_or(r, "parallel", "1"));
				return 1;
			}
			if (memory && same_but_size(v->source, first->source))
				continue;
			if (strcmp(v->source, first->source) != 0) {
				parts_diff(why, len, first->source, v->source);
				return 1;
			}
			if (args != NULL && args0 != NULL && strcmp(args, args0) != 0) {
				snprintf(why, len, "args '%.50s' vs '%.50s'", args0, args);
				return 1;
			}
		}
	/* A share of what was offered (a UDP loss of what was sent) at
	 * another offered rate: an unpaced sender slowed by the change sends
	 * less and loses less, which is no improvement. */
	if (col->m->weight_unit != NULL) {
		double w[2];

		for (k = 0; k < 2; k++) {
			double s = 0;
			size_t m = 0;

			for (i = 0; i < g[k]->n; i++) {
				const struct resfile_value *v = &col->cells[g[k]->runs[i]];
				double x = resfile_weight_mean(&rep->runs[g[k]->runs[i]].rf, col->m, v->source);

				if (isfinite(x) && x > 0)
					s += log(x), m++;
			}
			w[k] = m > 0 ? exp(s / (double)m) : NAN;
		}
		if (isfinite(w[0]) && isfinite(w[1])
		    && fmax(w[0], w[1]) / fmin(w[0], w[1]) > 1 + REPORT_OFFERED_LIMIT) {
			char x[32], y[32];

			snprintf(why, len, "at another offered rate: %s %s vs %s", col->m->weight_unit,
				 report_num(x, sizeof(x), w[0]), report_num(y, sizeof(y), w[1]));
			return 1;
		}
	}
	/* A memory reduction that the other side did not have: the size in
	 * the name may be the same, the working set was not (but for the
	 * memory's bandwidth, once past the caches). */
	for (k = 0; k < 2 && !memory; k++)
		for (i = 0; i < g[k]->n; i++) {
			const struct resfile_value *v = &col->cells[g[k]->runs[i]];

			for (u = 0; u < v->nunits; u++) {
				const char *red = v->unit_case[u] != NULL ? v->unit_case[u]->reduced : NULL;

				if ((red == NULL) != (red0 == NULL) || (red != NULL && strcmp(red, red0) != 0)) {
					const struct report_run *on = red != NULL ? &rep->runs[g[k]->runs[i]]
										  : &rep->runs[ab->base];

					snprintf(why, len, "memory reduced on [%d] only: %.100s", on->id,
						 red != NULL ? red : red0);
					return 1;
				}
			}
		}
	return 0;
}

/* Other work (cpu-others + steal) over case k, weighted by its ticks
 * (1 when it has none) into *sum and *w; nothing without a noise line. */
static void
add_noise(const struct resfile_case *k, double *sum, double *w, double *ticks)
{
	double t;

	if (k == NULL || isnan(k->others))
		return;
	t = isnan(k->ticks) ? 1 : k->ticks;
	*sum += t * (k->others + (isnan(k->steal) ? 0 : k->steal));
	*w += t;
	*ticks += isnan(k->ticks) ? REPORT_NOISE_MIN_TICKS : k->ticks;
}

/* A run's one value for a column: the summary's (resfile_col: the
 * geometric mean of its processes', their mean where one is 0), so that
 * the tables and the A/B show the same figure for a run. */
static double
run_value(const struct resfile_value *c)
{
	return c->value;
}

double
report_fdr_at_look(unsigned look)
{
	return look == 0 ? REPORT_FDR : REPORT_FDR / ((double)look * ((double)look + 1));
}

int
report_incomparable_runs(const struct report *rep, size_t si, size_t ci, size_t x, size_t y,
			 char *why, size_t len)
{
	struct report_group gx, gy;
	struct report_ab ab;

	memset(&gx, 0, sizeof(gx));
	memset(&gy, 0, sizeof(gy));
	memset(&ab, 0, sizeof(ab));
	gx.runs = &x;
	gx.n = 1;
	gy.runs = &y;
	gy.n = 1;
	ab.ga = &gx;
	ab.gb = &gy;
	ab.base = x;
	ab.other = y;
	return incomparable(rep, &ab, si, ci, why, len);
}

/*
 * The contention of case k (resfile_case_contention) weighted by the
 * time its processes wanted a CPU, into *sum and *w; nothing when
 * unknown.
 */
static void
add_contention(const struct resfile_case *k, double *sum, double *w, double *osum, double *ow)
{
	double c = k != NULL ? resfile_case_contention(k) : NAN;
	double o = k != NULL ? resfile_case_others(k) : NAN;

	if (!isnan(o)) {
		*osum += o * k->wall_ms;
		*ow += k->wall_ms;
	}
	if (isnan(c))
		return;
	*sum += c * (k->run_ms + k->wait_ms);
	*w += k->run_ms + k->wait_ms;
}

/* What a side's units were measured under. */
struct side_cond {
	double noise;		/* other work, CPUs; NaN unknown */
	double contend;		/* contention, 0 .. 1; NaN unknown */
	double others;		/* others' share of its CPUs, 0 .. 1; NaN unknown */
};

/*
 * The units of a side for one column, into *v (malloc'd): the processes
 * of its run, or, when either side of the comparison has several runs,
 * each run as one (the geometric mean of its processes: the rounds of one
 * run share its day, and only runs show how much runs differ).  The
 * conditions they ran under go into *cond: the other work on the
 * machine, the mean over their cases weighted by time, or, when those
 * were too short to read it (fewer than REPORT_NOISE_MIN_TICKS in all),
 * over every case of the side's runs; and their contention, weighted by
 * the time their processes wanted a CPU; NaN when nothing recorded it.
 */
static int
side_units(const struct report *rep, const struct report_ab *ab, const struct report_group *g,
	   const struct report_column *col, double **v, size_t *n, struct side_cond *cond)
{
	int per_run = ab->ga->n > 1 || ab->gb->n > 1;
	size_t i, u, m = 0, total = 0;
	double sum = 0, w = 0, ticks = 0, csum = 0, cw = 0, osum = 0, ow = 0;

	for (i = 0; i < g->n; i++)
		total += col->cells[g->runs[i]].nunits;
	if ((*v = malloc((total ? total : 1) * sizeof(**v))) == NULL)
		return -1;
	for (i = 0; i < g->n; i++) {
		const struct resfile_value *c = &col->cells[g->runs[i]];

		if (per_run && c->nunits > 0)
			(*v)[m++] = run_value(c);
		for (u = 0; u < c->nunits; u++) {
			if (!per_run)
				(*v)[m++] = c->units[u];
			add_noise(c->unit_case[u], &sum, &w, &ticks);
			add_contention(c->unit_case[u], &csum, &cw, &osum, &ow);
		}
	}
	if (w > 0 && ticks < REPORT_NOISE_MIN_TICKS) {
		sum = w = ticks = 0;
		for (i = 0; i < g->n; i++) {
			const struct resfile_run *r = &rep->runs[g->runs[i]].rf;

			for (u = 0; u < r->ncases; u++)
				add_noise(&r->cases[u], &sum, &w, &ticks);
		}
	}
	*n = m;
	cond->noise = w > 0 ? sum / w : NAN;
	cond->contend = cw > 0 ? csum / cw : NAN;
	cond->others = ow > 0 ? osum / ow : NAN;
	return 0;
}

/*
 * A unit of v[0..n) more than REPORT_COLLAPSE times off the median of
 * the others (n >= 3; values > 0): its index, the most distant one
 * when several are; else -1.  The median of the others is put in *med.
 */
static long
collapsed(const double *v, size_t n, double *med)
{
	double *o, worst = log(REPORT_COLLAPSE);
	size_t i, j, k;
	long at = -1;

	if (n < 3 || (o = malloc((n - 1) * sizeof(*o))) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		double mi, d;

		for (j = k = 0; j < n; j++)
			if (j != i)
				o[k++] = v[j];
		stats_sort(o, k);
		mi = stats_quantile_sorted(o, k, 0.5);
		if (!(v[i] > 0) || !(mi > 0))
			continue;
		d = fabs(log(v[i] / mi));
		if (d > worst) {
			worst = d;
			at = (long)i;
			*med = mi;
		}
	}
	free(o);
	return at;
}

/* Name a collapsed unit of side (A or B) in row->why; 1 when there is one. */
static int
name_collapse(struct report_ab_row *row, const double *v, size_t n, char side)
{
	double med = NAN;
	long i = collapsed(v, n, &med);
	char x[32], y[32];

	if (i < 0)
		return 0;
	snprintf(row->why, sizeof(row->why), "a collapsed sample: %s against %s %s of side %c's "
		 "others (%.0fx off)", report_num(x, sizeof(x), v[i]), report_num(y, sizeof(y), med),
		 row->m->display_unit, side, v[i] > med ? v[i] / med : med / v[i]);
	return 1;
}

/*
 * The processes of a side for one column, whatever its runs: into *v
 * (malloc'd) their values, into *run (malloc'd) the run each belongs to
 * (its index in the group), their number into *n.  0, or -1.
 */
static int
side_processes(const struct report_group *g, const struct report_column *col, double **v,
	       size_t **run, size_t *n)
{
	size_t i, u, m = 0, total = 0;

	for (i = 0; i < g->n; i++)
		total += col->cells[g->runs[i]].nunits;
	*v = malloc((total ? total : 1) * sizeof(**v));
	*run = malloc((total ? total : 1) * sizeof(**run));
	if (*v == NULL || *run == NULL) {
		free(*v);
		free(*run);
		return -1;
	}
	for (i = 0; i < g->n; i++) {
		const struct resfile_value *c = &col->cells[g->runs[i]];

		for (u = 0; u < c->nunits; u++) {
			(*v)[m] = c->units[u];
			(*run)[m++] = i;
		}
	}
	*n = m;
	return 0;
}

/*
 * Sums of squares of processes about their run's mean (within) and of
 * run means about their side's mean (between, each at the scale of one
 * process: times the run's processes), on the log scale when logs, over
 * one side of nruns runs: added to *ssw, *dfw, *ssb, *dfb.  Runs of one
 * process add nothing within.  0, or -1 (out of memory).
 */
static int
nested_sums(const double *v, const size_t *run, size_t n, size_t nruns, int logs, double *ssw,
	    double *dfw, double *ssb, double *dfb)
{
	double *sum = calloc(nruns ? nruns : 1, sizeof(*sum)), grand = 0;
	size_t *k = calloc(nruns ? nruns : 1, sizeof(*k)), i, j, used = 0;

	if (sum == NULL || k == NULL) {
		free(sum);
		free(k);
		return -1;
	}
	for (i = 0; i < n; i++) {
		sum[run[i]] += logs ? log(v[i]) : v[i];
		k[run[i]]++;
	}
	for (j = 0; j < nruns; j++)
		if (k[j] > 0) {
			sum[j] /= (double)k[j];		/* now the run's mean */
			*dfw += (double)(k[j] - 1);
			grand += sum[j];
			used++;
		}
	for (i = 0; i < n; i++) {
		double e = (logs ? log(v[i]) : v[i]) - sum[run[i]];

		*ssw += e * e;
	}
	if (used >= 2) {
		grand /= (double)used;
		for (j = 0; j < nruns; j++)
			if (k[j] > 0)
				*ssb += (double)k[j] * (sum[j] - grand) * (sum[j] - grand);
		*dfb += (double)(used - 1);
	}
	free(sum);
	free(k);
	return 0;
}

/*
 * With several runs on a side, may the processes stand as the units?
 * When the runs differ no more than their processes would make them
 * (a nested analysis of variance: the F test of the runs' component is
 * not significant at REPORT_POOL_ALPHA: Bancroft's "sometimes pool"),
 * each process is an independent draw, and a side of 2 runs of 3 rounds
 * has 6 units rather than 2.  Else the runs are the units.
 */
static int
pool_processes(const double *a, const size_t *ra, size_t na, size_t nra, const double *b,
	       const size_t *rb, size_t nb, size_t nrb, int logs)
{
	double ssw = 0, dfw = 0, ssb = 0, dfb = 0;

	if (nested_sums(a, ra, na, nra, logs, &ssw, &dfw, &ssb, &dfb) != 0
	    || nested_sums(b, rb, nb, nrb, logs, &ssw, &dfw, &ssb, &dfb) != 0
	    || !(dfw > 0) || !(dfb > 0))
		return 0;
	if (!(ssw > 0))
		return !(ssb > 0);
	return dist_f_sf((ssb / dfb) / (ssw / dfw), dfb, dfw) > REPORT_POOL_ALPHA;
}

/* Paired by round: one unit per round on each side, the same rounds. */
static int
pair_rounds(const struct resfile_value *x, const struct resfile_value *y, double *a, double *b,
	    size_t *n)
{
	size_t i, j, m = 0;

	if (x->nunits != y->nunits || x->nunits < 2)
		return 0;
	for (i = 0; i < x->nunits; i++) {
		const struct resfile_case *cx = x->unit_case[i];

		if (cx == NULL || cx->round == 0)
			return 0;
		for (j = 0; j < y->nunits; j++)
			if (y->unit_case[j] != NULL && y->unit_case[j]->round == cx->round)
				break;
		if (j == y->nunits)
			return 0;
		a[m] = x->units[i];
		b[m] = y->units[j];
		m++;
	}
	*n = m;
	return 1;
}

static int
all_positive(const double *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!(v[i] > 0))
			return 0;
	return 1;
}

static double
mean(const double *v, size_t n)
{
	double s = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += v[i];
	return n > 0 ? s / (double)n : NAN;
}

static int
test_row(const struct report *rep, const struct report_ab *ab, const struct report_column *col,
	 struct report_ab_row *row)
{
	double *a = NULL, *b = NULL, margin = rep->margin / 100;
	struct side_cond ca, cb;
	size_t na, nb, np;
	int rc = -1;

	if (side_units(rep, ab, ab->ga, col, &a, &na, &ca) != 0
	    || side_units(rep, ab, ab->gb, col, &b, &nb, &cb) != 0)
		goto out;
	row->na = na;
	row->nb = nb;
	row->noise_a = ca.noise;
	row->noise_b = cb.noise;
	row->contend_a = ca.contend;
	row->contend_b = cb.contend;
	row->others_a = ca.others;
	row->others_b = cb.others;
	row->collapsed = name_collapse(row, a, na, 'A') || name_collapse(row, b, nb, 'B');
	/* Several runs a side: their processes, where the runs differ no more than they would. */
	if (ab->ga->n > 1 || ab->gb->n > 1) {
		double *pa = NULL, *pb = NULL;
		size_t *ra = NULL, *rb = NULL, npa, npb;

		if (side_processes(ab->ga, col, &pa, &ra, &npa) != 0
		    || side_processes(ab->gb, col, &pb, &rb, &npb) != 0) {
			free(pa);
			free(ra);
			goto out;
		}
		if (pool_processes(pa, ra, npa, ab->ga->n, pb, rb, npb, ab->gb->n,
				   all_positive(pa, npa) && all_positive(pb, npb))) {
			free(a);
			free(b);
			a = pa, na = npa;
			b = pb, nb = npb;
			pa = pb = NULL;
			row->pooled = 1;
		}
		free(pa);
		free(pb);
		free(ra);
		free(rb);
		row->na = na;
		row->nb = nb;
	}
	/*
	 * Values that can be 0 (a loss, a share of CPU, a count) are values:
	 * with one of them 0 or below, the difference of the means is tested,
	 * against the margin of the larger side's mean.
	 */
	if (!all_positive(a, na) || !all_positive(b, nb)) {
		double ma = mean(a, na), mb = mean(b, nb);

		margin *= fmax(fabs(ma), fabs(mb));
		if (ab->paired && pair_rounds(&col->cells[ab->base], &col->cells[ab->other], a, b, &np))
			rc = abtest_diff_paired(a, b, np, margin, &row->t);
		else
			rc = abtest_diff_welch(a, na, b, nb, margin, &row->t);
	} else if (ab->paired && pair_rounds(&col->cells[ab->base], &col->cells[ab->other], a, b, &np)) {
		rc = abtest_ratio_paired(a, b, np, margin, &row->t);
	} else {
		rc = abtest_ratio_welch(a, na, b, nb, margin, &row->t);
	}
	row->margin = margin;
	if (rc == 0)
		goto out;
	/* A value that is not a number: say so, test nothing. */
	memset(&row->t, 0, sizeof(row->t));
	row->t.method = ABTEST_NONE;
	row->t.ratio = row->t.lo = row->t.hi = row->t.p = NAN;
	rc = 1;
out:
	free(a);
	free(b);
	return rc;
}

/* A side's value: the geometric mean of its runs' values (display
 * units), each run the geometric mean of its processes. */
static double
side_value(const struct report_group *g, const struct report_column *col)
{
	double s = 0;
	size_t i;

	for (i = 0; i < g->n; i++) {
		double x = run_value(&col->cells[g->runs[i]]);

		if (!(x > 0))
			return x;
		s += log(x);
	}
	return g->n > 0 ? exp(s / (double)g->n) : NAN;
}

/*
 * The verdict of a tested row whose interval (row->lo, row->hi: at the
 * comparison's FCR level, percent) and detectable change are set, and
 * q its Benjamini-Hochberg value.  A change is significant when that
 * interval lies wholly beyond the margin, which is, to within the
 * second tail of the interval null hypothesis, q < rep->fdr: the
 * interval shown and the verdict always agree.
 */
static void
judge(const struct report *rep, struct report_ab_row *row, double q)
{
	const struct metric *m = row->m;

	row->q = q;
	/* What the test cannot see: a sample that collapsed, a side the
	 * machine kept from its CPUs. */
	if (row->collapsed) {
		row->verdict = REPORT_UNRELIABLE;
		return;
	}
	/*
	 * A wait while others used the CPUs: waits for each other, by
	 * design, are none.  Rounds of an interleaved experiment (hostbench
	 * ab: A B B A ...) share the machine's load alike and are compared
	 * round by round, so there only a difference between the sides
	 * makes a metric unreliable; separate runs met their loads at
	 * separate times, so there either side's does.
	 */
	if (!isnan(row->contend_a) && !isnan(row->contend_b)
	    && ((row->t.method != ABTEST_PAIRED
		 && (resfile_contended(row->contend_a, row->others_a)
		     || resfile_contended(row->contend_b, row->others_b)))
		|| (fabs(row->contend_a - row->contend_b) > REPORT_CONTEND_DIFF
		    /* (fmax of a number and NaN is the number) */
		    && !(fmax(row->others_a, row->others_b) <= RESFILE_OTHERS_LIMIT)))) {
		row->verdict = REPORT_UNRELIABLE;
		snprintf(row->why, sizeof(row->why), "contended: waited for a CPU %.0f%% vs %.0f%% of the time",
			 100 * row->contend_a, 100 * row->contend_b);
		return;
	}
	/* A sleeper's lateness beside others' work, which makes it no wait. */
	if ((m->flags & METRIC_IDLE) && !isnan(row->others_a) && !isnan(row->others_b)
	    && fabs(row->others_a - row->others_b) > REPORT_OTHERS_DIFF) {
		row->verdict = REPORT_UNRELIABLE;
		snprintf(row->why, sizeof(row->why),
			 "others' work: they used %.0f%% vs %.0f%% of the CPUs, which wakes a sleeper sooner",
			 100 * row->others_a, 100 * row->others_b);
		return;
	}
	if (row->beyond) {
		if (isnan(row->contend_a) && isnan(row->contend_b)
		    && !isnan(row->noise_a) && !isnan(row->noise_b)
		    && fabs(row->noise_a - row->noise_b) > REPORT_NOISE_LIMIT) {
			row->verdict = REPORT_UNRELIABLE;
			snprintf(row->why, sizeof(row->why),
				 "other work on the machine: %.2f vs %.2f CPUs", row->noise_a, row->noise_b);
			return;
		}
		row->significant = 1;
		if (m->better == METRIC_NEITHER)
			row->verdict = REPORT_CHANGED;
		else if ((m->better == METRIC_SMALLER) == (row->delta < 0))
			row->verdict = REPORT_BETTER;
		else
			row->verdict = REPORT_WORSE;
		/* A worsening from 0 is beyond any percentage. */
		if (row->verdict == REPORT_WORSE && rep->threshold >= 0
		    && (isfinite(row->delta) ? fabs(row->delta) > rep->threshold : row->a == 0))
			row->regression = 1;
		return;
	}
	/* Shown the same when the whole interval is inside the margin. */
	row->verdict = row->within ? REPORT_SAME : REPORT_NOCHANGE;
}

/*
 * A tested row's interval at the comparison's level, in percent of side
 * A's value (and, for a difference, in the metric's unit), whether it
 * lies wholly beyond or within the margin, and what it could have seen.
 */
static void
interval(const struct report *rep, const struct report_ab *ab, struct report_ab_row *row)
{
	double lo, hi, m;

	abtest_interval(&row->t, ab->level, &lo, &hi);
	if (row->t.scale == ABTEST_LOG) {
		m = log1p(rep->margin / 100);
		row->lo = 100 * (lo - 1);
		row->hi = 100 * (hi - 1);
		row->abs_lo = row->abs_hi = NAN;
		row->beyond = log(lo) > m || log(hi) < -m;
		row->within = fabs(log(lo)) <= m && fabs(log(hi)) <= m;
		row->too_wide = hi > REPORT_WIDE_CI || lo < 1 / REPORT_WIDE_CI;
		row->detectable = 100 * (abtest_detectable(&row->t, ab->level, rep->margin / 100) - 1);
		return;
	}
	/* A difference: in percent of A's value where that is not 0. */
	m = row->margin;
	row->abs_lo = lo;
	row->abs_hi = hi;
	row->beyond = lo > m || hi < -m;
	row->within = lo >= -m && hi <= m;
	row->lo = row->a > 0 ? 100 * lo / row->a : NAN;
	row->hi = row->a > 0 ? 100 * hi / row->a : NAN;
	row->too_wide = row->a > 0 && (row->hi > 100 * (REPORT_WIDE_CI - 1) || row->lo < -100);
	row->detectable = row->a > 0 ? 100 * abtest_detectable(&row->t, ab->level, m) / row->a : NAN;
}

/*
 * With --threshold: could this row hide a regression beyond it?  An
 * unreliable or untested metric could; so could one without a
 * significant change whose interval reaches a worse change than the
 * threshold.  Metrics without a direction never regress.
 */
static int
cannot_tell(const struct report *rep, const struct report_ab_row *row)
{
	double worse;

	if (rep->threshold < 0 || row->m->better == METRIC_NEITHER || row->significant)
		return 0;
	if (row->verdict == REPORT_UNRELIABLE || row->verdict == REPORT_UNTESTED)
		return 1;
	if (row->verdict != REPORT_NOCHANGE && row->verdict != REPORT_SAME)
		return 0;
	/* The worse end: the higher for a time, the lower for a rate; from
	 * 0, any worsening the interval allows. */
	if (row->t.scale == ABTEST_LINEAR && row->a == 0)
		return (row->m->better == METRIC_SMALLER ? row->abs_hi : -row->abs_lo) > 0;
	worse = row->m->better == METRIC_SMALLER ? row->hi : -row->lo;
	return !(worse <= rep->threshold);
}

static int
build_ab(struct report *rep, struct report_ab *ab)
{
	size_t si, ci, k, nt = 0, nsel = 0;
	double *p = NULL;
	struct report_ab_row **tested = NULL;

	if (ab_changes(rep, ab) != 0)
		return -1;
	ab->paired = ab->ga->n == 1 && ab->gb->n == 1
		     && resfile_config(&rep->runs[ab->base].rf, "ab-side") != NULL
		     && resfile_config(&rep->runs[ab->other].rf, "ab-side") != NULL;
	if ((ab->secs = calloc(rep->nsecs ? rep->nsecs : 1, sizeof(*ab->secs))) == NULL)
		return -1;
	for (si = 0; si < rep->nsecs; si++) {
		const struct report_section *sec = &rep->secs[si];
		struct report_ab_section *as = &ab->secs[ab->nsecs];

		as->s = sec->s;
		if ((as->rows = calloc(sec->ncols ? sec->ncols : 1, sizeof(*as->rows))) == NULL)
			return -1;
		for (ci = 0; ci < sec->ncols; ci++) {
			const struct report_column *col = &sec->cols[ci];
			const struct metric *m = col->m;
			struct report_ab_row *row = &as->rows[as->nrows];
			int missing = 0, rc;

			if (m->select == METRIC_CONFIG || report_shown_before(rep, si, ci))
				continue;
			for (k = 0; k < ab->ga->n && !missing; k++)
				missing = !col->cells[ab->ga->runs[k]].present || col->cells[ab->ga->runs[k]].n == 0;
			for (k = 0; k < ab->gb->n && !missing; k++)
				missing = !col->cells[ab->gb->runs[k]].present || col->cells[ab->gb->runs[k]].n == 0;
			if (missing)
				continue;
			row->m = m;
			row->q = row->lo = row->hi = row->detectable = row->abs_lo = row->abs_hi = NAN;
			row->a = side_value(ab->ga, col);
			row->b = side_value(ab->gb, col);
			row->delta = abtest_delta_pct(row->a, row->b);
			as->nrows++;
			if (incomparable(rep, ab, si, ci, row->why, sizeof(row->why))) {
				row->verdict = REPORT_INCOMPARABLE;
				row->noise_a = row->noise_b = row->contend_a = row->contend_b = NAN;
				row->others_a = row->others_b = NAN;
				memset(&row->t, 0, sizeof(row->t));
				continue;
			}
			if ((rc = test_row(rep, ab, col, row)) < 0)
				return -1;
			if (rc > 0 || row->t.method == ABTEST_NONE) {
				row->verdict = REPORT_UNTESTED;
				/* (one process a side: the summary line says it once) */
				if (rc > 0)
					snprintf(row->why, sizeof(row->why), "%s", "a value that is not a number");
				continue;
			}
		}
		if (as->nrows == 0) {
			free(as->rows);
			memset(as, 0, sizeof(*as));
			continue;
		}
		ab->nsecs++;
	}

	/* The false discovery rate over every metric tested here. */
	for (si = 0; si < ab->nsecs; si++)
		for (k = 0; k < ab->secs[si].nrows; k++)
			nt += ab->secs[si].rows[k].verdict != REPORT_INCOMPARABLE
			      && ab->secs[si].rows[k].verdict != REPORT_UNTESTED;
	ab->ntested = nt;
	if (nt > 0) {
		size_t j = 0;

		if ((p = malloc(nt * sizeof(*p))) == NULL
		    || (tested = malloc(nt * sizeof(*tested))) == NULL) {
			free(p);
			return -1;
		}
		for (si = 0; si < ab->nsecs; si++)
			for (k = 0; k < ab->secs[si].nrows; k++) {
				struct report_ab_row *row = &ab->secs[si].rows[k];

				if (row->verdict == REPORT_INCOMPARABLE || row->verdict == REPORT_UNTESTED)
					continue;
				tested[j] = row;
				p[j++] = row->t.p;
			}
		if (abtest_bh(p, nt, p) != 0) {
			free(p);
			free(tested);
			return -1;
		}
		for (j = 0; j < nt; j++)
			nsel += p[j] < rep->fdr;
		ab->level = abtest_fcr_level(nsel, nt, rep->fdr);
		for (j = 0; j < nt; j++) {
			struct report_ab_row *row = tested[j];

			interval(rep, ab, row);
			judge(rep, row, p[j]);
			if (!row->significant && row->too_wide) {
				row->wide = 1;
				row->lo = row->hi = row->abs_lo = row->abs_hi = NAN;
			}
			rep->nregressions += (size_t)row->regression;
		}
		free(p);
		free(tested);
	}

	for (si = 0; si < ab->nsecs; si++) {
		struct report_ab_section *as = &ab->secs[si];
		double *ga, *gb;
		size_t ng = 0, ci2;
		int dir = -1, mixed = 0;

		for (k = 0; k < as->nrows; k++) {
			struct report_ab_row *row = &as->rows[k];

			ab->ncounts[row->verdict]++;
			row->cannot_tell = cannot_tell(rep, row);
			rep->ncannot += (size_t)row->cannot_tell;
			if (row->verdict != REPORT_INCOMPARABLE && row->verdict != REPORT_UNTESTED
			    && isfinite(row->detectable)) {
				ab->nsee5 += row->detectable <= 5;
				ab->nsee10 += row->detectable <= 10;
			}
		}
		/* The geometric mean over the comparable columns that have a
		 * direction, when they share it (a mean of "faster" and
		 * "bigger" says nothing). */
		ga = malloc(as->nrows * sizeof(double));
		gb = malloc(as->nrows * sizeof(double));
		if (ga == NULL || gb == NULL) {
			free(ga);
			free(gb);
			return -1;
		}
		for (ci2 = 0; ci2 < as->nrows; ci2++) {
			const struct report_ab_row *row = &as->rows[ci2];

			if (row->m->better == METRIC_NEITHER || row->verdict == REPORT_INCOMPARABLE
			    || !(row->a > 0) || !(row->b > 0))
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
	}
	return 0;
}

static void
group_label(const struct report *rep, struct report_group *g)
{
	size_t i, n = 0;

	n += (size_t)snprintf(g->label, sizeof(g->label), "[");
	for (i = 0; i < g->n && n < sizeof(g->label); i++)
		n += (size_t)snprintf(g->label + n, sizeof(g->label) - n, "%s%d", i ? " " : "",
				      rep->runs[g->runs[i]].id);
	if (n < sizeof(g->label))
		snprintf(g->label + n, sizeof(g->label) - n, "]");
}

static const char *
config_str(const struct resfile_run *r, const char *key)
{
	const char *v = resfile_config(r, key);

	return v != NULL ? v : "";
}

static int
same_or_unknown(const char *x, const char *y)
{
	return *x == '\0' || *y == '\0' || strcmp(x, y) == 0;
}

int
report_find_hosts(struct report *rep)
{
	size_t i, j;

	if (rep->nhosts > 0 || rep->nruns == 0)
		return 0;
	if ((rep->hosts = calloc(rep->nruns, sizeof(*rep->hosts))) == NULL)
		return -1;
	for (i = 0; i < rep->nruns; i++) {
		const struct resfile_run *rf = &rep->runs[i].rf;
		const char *name = resfile_config(rf, "host");
		struct report_host *h;

		if (name == NULL || *name == '\0')
			name = "?";
		for (j = 0; j < rep->nhosts; j++) {
			h = &rep->hosts[j];
			/* What a file does not record (lmbench's has no CPU
			 * model) tells no machine apart. */
			if (strcmp(h->name, name) == 0 && same_or_unknown(h->arch, config_str(rf, "arch"))
			    && same_or_unknown(h->cpu, config_str(rf, "cpu")))
				break;
		}
		h = &rep->hosts[j];
		if (j == rep->nhosts) {
			rep->nhosts++;
			h->name = name;
			if ((h->runs = malloc(rep->nruns * sizeof(*h->runs))) == NULL)
				return -1;
		}
		if (h->arch == NULL || *h->arch == '\0')
			h->arch = config_str(rf, "arch");
		if (h->cpu == NULL || *h->cpu == '\0')
			h->cpu = config_str(rf, "cpu");
		h->runs[h->n++] = i;
		rep->runs[i].hostid = j;
	}
	/* Machines of one name: vm, vm#2 ... in the order first seen. */
	for (i = 0; i < rep->nhosts; i++) {
		const char *name = rep->hosts[i].name;
		size_t k = 1, n = strlen(name), room, cut;

		for (j = 0; j < i; j++)
			k += strcmp(rep->hosts[j].name, name) == 0;
		/* (Cut between two characters, within the label's bytes.) */
		room = sizeof(rep->hosts[i].label) - (k == 1 ? 1 : 12);
		cut = utf8_prefix(name, n, k == 1 ? 40 : 36);

		if (utf8_fit(name, n, room) < cut)
			cut = utf8_fit(name, n, room);
		if (k == 1)
			snprintf(rep->hosts[i].label, sizeof(rep->hosts[i].label), "%.*s", (int)cut, name);
		else
			snprintf(rep->hosts[i].label, sizeof(rep->hosts[i].label), "%.*s#%lu", (int)cut,
				 name, (unsigned long)k);
	}
	return 0;
}

int
report_build(struct report *rep, const char *const *only, size_t base)
{
	size_t i;

	if (report_find_hosts(rep) != 0)
		return -1;
	rep->fdr = report_fdr_at_look(rep->look);
	label_runs(rep);
	if (build_summary(rep, only) != 0 || build_ladders(rep, only) != 0
	    || build_series(rep, only) != 0)
		return -1;
	if (!rep->want_ab || rep->nruns < 2)
		return 0;
	if (rep->ngroups == 0) {
		/* One run a side: the base against each other run. */
		if ((rep->groups = calloc(rep->nruns, sizeof(*rep->groups))) == NULL)
			return -1;
		for (i = 0; i < rep->nruns; i++) {
			if ((rep->groups[i].runs = malloc(sizeof(size_t))) == NULL)
				return -1;
			rep->groups[i].runs[0] = i;
			rep->groups[i].n = 1;
			group_label(rep, &rep->groups[i]);
		}
		rep->ngroups = rep->nruns;
		rep->base_group = base;
	}
	for (i = 0; i < rep->ngroups; i++)
		if (rep->groups[i].label[0] == '\0')
			group_label(rep, &rep->groups[i]);
	if (rep->pairs == NULL) {
		/* The base group against each other one. */
		if (rep->ngroups < 2)
			return 0;
		if ((rep->pairs = calloc(rep->ngroups - 1, sizeof(*rep->pairs))) == NULL)
			return -1;
		for (i = 0; i < rep->ngroups; i++)
			if (i != rep->base_group) {
				rep->pairs[rep->npairs].a = rep->base_group;
				rep->pairs[rep->npairs++].b = i;
			}
	}
	if ((rep->abs = calloc(rep->npairs ? rep->npairs : 1, sizeof(*rep->abs))) == NULL)
		return -1;
	for (i = 0; i < rep->npairs; i++) {
		struct report_ab *ab = &rep->abs[rep->nabs];
		size_t a = rep->pairs[i].a, b = rep->pairs[i].b;

		if (a >= rep->ngroups || b >= rep->ngroups || a == b || rep->groups[a].n == 0
		    || rep->groups[b].n == 0)
			continue;
		ab->ga = &rep->groups[a];
		ab->gb = &rep->groups[b];
		ab->base = ab->ga->runs[0];
		ab->other = ab->gb->runs[0];
		rep->nabs++;
		if (build_ab(rep, ab) != 0)
			return -1;
	}
	return 0;
}

const char *
report_verdict_word(enum report_verdict v)
{
	static const char *const w[] = {
		"no-change", "same", "better", "worse", "changed", "unreliable", "untested", "incomparable"
	};

	return (size_t)v < HB_ARRAY_SIZE(w) ? w[v] : "?";
}

/* Time and rate units: "faster" and "slower" say it best. */
static int
speed_unit(const char *u)
{
	static const char *const speed[] = { "us", "ns", "ms", "s", "MB/s", "Mbit/s", "pkts/s", "files/s" };
	size_t i;

	for (i = 0; i < HB_ARRAY_SIZE(speed); i++)
		if (strcmp(u, speed[i]) == 0)
			return 1;
	return 0;
}

const char *
report_verdict_text(const struct report_ab_row *row)
{
	int speed = speed_unit(row->m->display_unit);

	switch (row->verdict) {
	case REPORT_BETTER:
		return speed ? "faster" : "better";
	case REPORT_WORSE:
		return speed ? "slower" : "worse";
	case REPORT_CHANGED:
		return "changed";
	case REPORT_UNRELIABLE:
		return "unreliable";
	case REPORT_UNTESTED:
		return row->why[0] != '\0' ? "untested" : "one run each";
	case REPORT_INCOMPARABLE:
		return "not comparable";
	case REPORT_SAME:
		return "same";
	default:
		return "~";
	}
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
	for (i = 0; i < rep->nladders; i++) {
		for (j = 0; j < rep->ladders[i].nrows; j++) {
			free(rep->ladders[i].rows[j].got);
			free(rep->ladders[i].rows[j].loss);
		}
		free(rep->ladders[i].rows);
		free(rep->ladders[i].targets);
	}
	free(rep->ladders);
	rep->ladders = NULL;
	rep->nladders = 0;
	for (i = 0; i < rep->nseries; i++)
		free(rep->series[i].at);
	free(rep->series);
	rep->series = NULL;
	rep->nseries = 0;
	for (i = 0; i < rep->nabs; i++) {
		for (j = 0; j < rep->abs[i].nsecs; j++)
			free(rep->abs[i].secs[j].rows);
		free(rep->abs[i].secs);
		free(rep->abs[i].changes);
	}
	free(rep->abs);
	for (i = 0; i < rep->ngroups; i++)
		free(rep->groups[i].runs);
	free(rep->groups);
	rep->groups = NULL;
	rep->ngroups = 0;
	free(rep->pairs);
	rep->pairs = NULL;
	rep->npairs = 0;
	for (i = 0; i < rep->nhosts; i++)
		free(rep->hosts[i].runs);
	free(rep->hosts);
	rep->hosts = NULL;
	rep->nhosts = 0;
	rep->secs = NULL;
	rep->abs = NULL;
	rep->nsecs = rep->nabs = 0;
}
