/*
 * ab: the A/B comparisons: a test per metric, its verdict (see ab.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ab.h"
#include "caveats.h"
#include "changes.h"
#include "compare.h"
#include "core/dist.h"
#include "core/stats.h"
#include "notes.h"
#include "num.h"
#include "read/metric_table.h"
#include "read/resfile.h"
#include "read/resfile_col.h"
#include "report.h"
#include "summary.h"

/* What changed between the first runs of the two sides (see changes.h). */
static int
ab_changes(const struct report *rep, struct report_ab *ab)
{
	/* Between the sides' first runs, named by their sides. */
	return changes_build(ab, &rep->runs[ab->base].rf, ab->ga->label, &rep->runs[ab->other].rf,
			     ab->gb->label);
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

/*
 * A metric whose values are 0 as a matter of course: a share (of CPU
 * time, of what was sent: its unit starts with '%') or a rate of events
 * that need not happen at all (a box's drops, squeezes, interrupts).
 * Its change is a difference in every comparison, not only in those
 * where a process read 0: a share of 0.1% against 0.3% is no tripling,
 * and a row's scale does not flip with one round's 0.
 */
static int
zero_valued(const struct metric *m)
{
	static const char *const events[] = { "drops/s", "squeezes/s", "irqs/s" };
	const char *u = m->fact.unit != NULL ? m->fact.unit : "";
	size_t i, n = strlen(u);

	if (u[0] == '%' || m->display_unit[0] == '%')
		return 1;
	for (i = 0; i < sizeof(events) / sizeof(events[0]); i++) {
		size_t k = strlen(events[i]);

		if (n >= k && strcmp(u + n - k, events[i]) == 0)
			return 1;
	}
	return 0;
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
	 * for such a metric, or with any value 0 or below, the difference of
	 * the means is tested, against the margin of the larger side's mean.
	 */
	if (zero_valued(col->m) || !all_positive(a, na) || !all_positive(b, nb)) {
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
 * units), each run the geometric mean of its processes; their mean
 * where one is 0 (or below), as a run's is of its processes. */
static double
side_value(const struct report_group *g, const struct report_column *col)
{
	double s = 0, sum = 0;
	size_t i;
	int pos = 1;

	for (i = 0; i < g->n; i++) {
		double x = run_value(&col->cells[g->runs[i]]);

		if (!isfinite(x))
			return x;
		if (!(x > 0))
			pos = 0;
		else
			s += log(x);
		sum += x;
	}
	if (g->n == 0)
		return NAN;
	return pos ? exp(s / (double)g->n) : sum / (double)g->n;
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
	if ((m->fact.flags & METRIC_IDLE) && !isnan(row->others_a) && !isnan(row->others_b)
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
		row->abs_lo = row->abs_hi = row->abs_detectable = NAN;
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
	row->abs_detectable = abtest_detectable(&row->t, ab->level, m);
	row->detectable = row->a > 0 ? 100 * row->abs_detectable / row->a : NAN;
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

int
ab_build(struct report *rep, struct report_ab *ab)
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
			row->col = col;
			row->q = row->lo = row->hi = row->detectable = row->abs_lo = row->abs_hi = NAN;
			row->abs_detectable = NAN;
			row->a = side_value(ab->ga, col);
			row->b = side_value(ab->gb, col);
			row->delta = abtest_delta_pct(row->a, row->b);
			as->nrows++;
			if (compare_incomparable(rep, ab, si, ci, row->why, sizeof(row->why))) {
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
				/* One process a side: a note, said once (notes.h). */
				snprintf(row->why, sizeof(row->why), "%s",
					 rc > 0 ? "a value that is not a number" : "one run each");
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
			/* A difference near 0 (a share of 0.1% against 0.3%) is
			 * wide in percent of A, not in its unit: shown so. */
			if (!row->significant && row->too_wide && row->t.scale == ABTEST_LINEAR) {
				row->lo = row->hi = row->detectable = NAN;
			} else if (!row->significant && row->too_wide) {
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
	caveats_build(rep, ab);
	return notes_build(ab);
}
