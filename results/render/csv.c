/*
 * csv: the report as CSV (see csv.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/stats.h"
#include "csv.h"
#include "escape.h"
#include "format.h"
#include "model/fleet.h"
#include "model/num.h"
#include "model/report.h"
#include "read/metric_table.h"

static void
csv_field(FILE *f, const char *s, int last)
{
	if (s != NULL)
		escape_csv(f, s);
	fputc(last ? '\n' : ',', f);
}

/*
 * The columns, in order: every row has them all, blank where they say
 * nothing.  Those after why came later, at the end so that a script
 * reading the others by position still reads them: metric, the metric
 * table's name of the row (the result name's stable part, as the result
 * files write it: "LatSyscall/op=null"); result, the run's result the
 * value was taken from ("LatSyscall/op=null" or with its size ...);
 * ratio, the change as a ratio (B over A, what the text shows as ×N);
 * speed, on a hosts row, the host's speed against the best (bigger is
 * better).
 */
enum csv_col {
	F_RUN, F_FILE, F_HOST, F_NOTE, F_SECTION, F_COLUMN, F_UNIT, F_VALUE, F_N, F_CI_LO, F_CI_HI,
	F_CI_LEVEL, F_BETTER, F_BASE, F_UNITS, F_DELTA, F_CHANGE_LO, F_CHANGE_HI, F_CHANGE_LEVEL,
	F_DETECTABLE, F_P, F_Q, F_SIGNIFICANT, F_VERDICT, F_WHY, F_METRIC, F_RESULT, F_RATIO, F_SPEED,
	F_DIFF_LO, F_DIFF_HI, F_DIFF_DETECTABLE, F_UDP_SHORT, NFIELDS
};

static const char *const csv_head[NFIELDS] = {
	"run", "file", "host", "note", "section", "column", "unit", "value", "n", "ci_lo", "ci_hi",
	"ci_level", "better", "base", "units", "delta_pct", "change_lo_pct", "change_hi_pct",
	"change_level", "detectable_pct", "p", "q", "significant", "verdict", "why", "metric",
	"result", "ratio", "speed", "diff_lo", "diff_hi", "diff_detectable",
	"udp_short"
};

/* A row: its fields (NULL: blank). */
static void
csv_row(FILE *f, const char *const *v)
{
	size_t k;

	for (k = 0; k < NFIELDS; k++)
		csv_field(f, v[k], k + 1 == NFIELDS);
}

static const struct report_ab_row *
ab_row_for(const struct report *rep, size_t run, const struct metric *m, const struct report_ab **abp)
{
	size_t i, si, k;

	for (i = 0; i < rep->nabs; i++) {
		const struct report_ab *ab = &rep->abs[i];

		if (ab->other != run)
			continue;
		*abp = ab;
		for (si = 0; si < ab->nsecs; si++)
			for (k = 0; k < ab->secs[si].nrows; k++)
				if (ab->secs[si].rows[k].m == m)
					return &ab->secs[si].rows[k];
	}
	return NULL;
}

/* A CSV row of a ladder: the summary's columns, those after better blank. */
static void
csv_ladder_row(const struct report_run *run, const struct report_ladder *lad, const char *column,
	       const char *unit, const char *v, const char *better, const char *udp_short, FILE *f)
{
	const char *x[NFIELDS] = { NULL };
	char id[16];

	snprintf(id, sizeof(id), "%d", run->id);
	x[F_RUN] = id;
	x[F_FILE] = run->file;
	x[F_HOST] = run->host;
	x[F_NOTE] = format_run_note(run);
	x[F_SECTION] = "ladder";
	x[F_COLUMN] = column;
	x[F_UNIT] = unit;
	x[F_VALUE] = v;
	x[F_BETTER] = better;
	x[F_METRIC] = lad->m->fact.name;
	x[F_UDP_SHORT] = udp_short;
	csv_row(f, x);
}

/*
 * A ladder as rows of section "ladder": per run and step, "<ladder>
 * <target> Mbit/s received" (Mbit/s) and "... loss" (%); then "<ladder>
 * knee" (Mbit/s, blank for none).
 */
static void
csv_ladder(const struct report *rep, const struct report_ladder *lad, FILE *f)
{
	char col[256], t[32], v[48];
	size_t r, k;

	for (r = 0; r < lad->nrows; r++) {
		const struct report_ladder_row *row = &lad->rows[r];
		const struct report_run *run = &rep->runs[row->run];

		for (k = 0; k < lad->ntargets; k++) {
			if (isnan(row->got[k]))
				continue;
			format_ladder_target(t, sizeof(t), lad->targets[k]);
			snprintf(col, sizeof(col), "%s %s Mbit/s received", row->group, t);
			csv_ladder_row(run, lad, col, "Mbit/s", report_num_sig(v, sizeof(v), row->got[k], 6),
				       "bigger", row->short_note[k], f);
			snprintf(col, sizeof(col), "%s %s Mbit/s loss", row->group, t);
			csv_ladder_row(run, lad, col, "%", isnan(row->loss[k]) ? ""
				       : report_num_sig(v, sizeof(v), row->loss[k], 6), "smaller",
				       row->short_note[k], f);
		}
		snprintf(col, sizeof(col), "%s knee", row->group);
		csv_ladder_row(run, lad, col, "Mbit/s", isnan(row->knee) ? ""
			       : report_num_sig(v, sizeof(v), row->knee, 6),
			       metric_better_name(lad->m->better), NULL, f);
	}
}

/*
 * A row per metric and host of "Across hosts", in the columns of the
 * runs' rows: section "hosts", column "<section>: <column>", value the
 * host's median, n its runs with a value, delta_pct against the best
 * host, speed its speed against the best (fleet_speed: 1 for the best,
 * bigger is better), verdict "best" or "worst" (else blank).  Then a
 * row per host left out, verdict "not comparable" and why.  Nothing
 * with fewer than two hosts.
 */
static void
csv_hosts(const struct report *rep, FILE *f)
{
	char col[256], v[48], n[24], d[48], sp[48];
	const struct fleet_across *a;
	size_t i, h;

	if (!fleet_has_hosts(rep) || !rep->want_summary)
		return;
	a = &rep->fleet->across;
	for (i = 0; i < a->n; i++) {
		const struct fleet_rank *e = &a->v[i];

		snprintf(col, sizeof(col), "%s: %s", e->sec->s->id, e->col->m->column);
		for (h = 0; h < a->nhosts; h++) {
			const char *x[NFIELDS] = { NULL };
			double speed = fleet_speed(e, h);

			if (isnan(e->med[h]))
				continue;
			report_num_sig(v, sizeof(v), e->med[h], 6);
			snprintf(n, sizeof(n), "%lu", (unsigned long)e->n[h]);
			d[0] = sp[0] = '\0';
			if (e->med[e->best] != 0)
				snprintf(d, sizeof(d), "%.2f", 100 * (e->med[h] / e->med[e->best] - 1));
			if (isfinite(speed))
				report_num_sig(sp, sizeof(sp), speed, 4);
			x[F_HOST] = rep->hosts[h].label;
			x[F_SECTION] = "hosts";
			x[F_COLUMN] = col;
			x[F_UNIT] = e->col->m->display_unit;
			x[F_VALUE] = v;
			x[F_N] = n;
			x[F_BETTER] = metric_better_name(e->col->m->better);
			x[F_DELTA] = d;
			x[F_VERDICT] = h == e->best ? "best" : h == e->worst ? "worst" : NULL;
			x[F_METRIC] = e->col->m->fact.name;
			x[F_SPEED] = sp;
			csv_row(f, x);
		}
	}
	for (i = 0; i < a->nleft; i++) {
		const char *x[NFIELDS] = { NULL };

		snprintf(col, sizeof(col), "%s: %s", a->left[i].sec->s->id, a->left[i].col->m->column);
		x[F_HOST] = rep->hosts[a->left[i].host].label;
		x[F_SECTION] = "hosts";
		x[F_COLUMN] = col;
		x[F_UNIT] = a->left[i].col->m->display_unit;
		x[F_BETTER] = metric_better_name(a->left[i].col->m->better);
		x[F_VERDICT] = format_verdict_word(REPORT_INCOMPARABLE);
		x[F_WHY] = a->left[i].why;
		x[F_METRIC] = a->left[i].col->m->fact.name;
		csv_row(f, x);
	}
}

void
csv_write(const struct report *rep, FILE *f)
{
	char id[16], v[48], n[24], lo[48], hi[48], lvl[16], base[16], units[32], d[48];
	char clo[32], chi[32], clvl[16], det[24], p[24], q[24], ratio[48];
	char dlo[32], dhi[32], ddet[32];
	size_t si, c, r;

	csv_row(f, csv_head);
	for (si = 0; si < rep->nsecs; si++) {
		const struct report_section *sec = &rep->secs[si];

		for (c = 0; c < sec->ncols; c++) {
			const struct report_column *col = &sec->cols[c];

			for (r = 0; r < rep->nruns; r++) {
				const struct report_run *run = &rep->runs[r];
				const struct resfile_value *cell = &col->cells[r];
				const struct report_ab *ab = NULL;
				const struct report_ab_row *row = ab_row_for(rep, r, col->m, &ab);
				const char *x[NFIELDS] = { NULL };
				struct stats st;
				int have_st = 0;

				v[0] = n[0] = lo[0] = hi[0] = lvl[0] = base[0] = units[0] = d[0] = '\0';
				clo[0] = chi[0] = clvl[0] = det[0] = p[0] = q[0] = ratio[0] = '\0';
				dlo[0] = dhi[0] = ddet[0] = '\0';
				if (cell->present && col->m->select != METRIC_CONFIG) {
					report_num_sig(v, sizeof(v), cell->value, 6);
					snprintf(n, sizeof(n), "%lu", (unsigned long)cell->n);
					have_st = cell->n > 0 && stats_compute(cell->samples, cell->n, &st) == 0;
				}
				if (have_st) {
					/* cppcheck-suppress uninitStructMember ; stats_compute returned 0: all set */
					report_num_sig(lo, sizeof(lo), st.ci_lo, 6);
					/* cppcheck-suppress uninitStructMember ; the same */
					report_num_sig(hi, sizeof(hi), st.ci_hi, 6);
					/* The interval's real coverage: 0.9375 for 5 samples. */
					/* cppcheck-suppress uninitStructMember ; the same */
					snprintf(lvl, sizeof(lvl), "%.4f", st.ci_level);
				}
				if (row != NULL) {
					snprintf(base, sizeof(base), "%d", rep->runs[ab->base].id);
					snprintf(units, sizeof(units), "%lu+%lu", (unsigned long)row->na,
						 (unsigned long)row->nb);
					if (isfinite(row->delta)) {
						snprintf(d, sizeof(d), "%.2f", row->delta);
						report_num_sig(ratio, sizeof(ratio), 1 + row->delta / 100, 4);
					}
					if (isfinite(row->lo) && isfinite(row->hi)) {
						snprintf(clo, sizeof(clo), "%.2f", row->lo);
						snprintf(chi, sizeof(chi), "%.2f", row->hi);
					}
					if (!isnan(row->q))
						snprintf(clvl, sizeof(clvl), "%.4f", ab->level);
					if (isfinite(row->detectable))
						snprintf(det, sizeof(det), "%.2f", row->detectable);
					/* A difference (scale ABTEST_LINEAR): in the metric's unit too. */
					if (isfinite(row->abs_lo) && isfinite(row->abs_hi)) {
						report_num_sig(dlo, sizeof(dlo), row->abs_lo, 4);
						report_num_sig(dhi, sizeof(dhi), row->abs_hi, 4);
					}
					if (isfinite(row->abs_detectable))
						report_num_sig(ddet, sizeof(ddet), row->abs_detectable, 4);
					if (!isnan(row->q)) {
						snprintf(p, sizeof(p), "%.4g", row->t.p);
						snprintf(q, sizeof(q), "%.4g", row->q);
					}
				}
				snprintf(id, sizeof(id), "%d", run->id);
				x[F_RUN] = id;
				x[F_FILE] = run->file;
				x[F_HOST] = run->host;
				x[F_NOTE] = format_run_note(run);
				x[F_SECTION] = sec->s->id;
				x[F_COLUMN] = col->m->column;
				x[F_UNIT] = col->m->display_unit;
				x[F_VALUE] = col->m->select == METRIC_CONFIG ? (cell->present ? cell->text : "") : v;
				x[F_N] = n;
				x[F_CI_LO] = lo;
				x[F_CI_HI] = hi;
				x[F_CI_LEVEL] = lvl;
				x[F_BETTER] = metric_better_name(col->m->better);
				x[F_BASE] = base;
				x[F_UNITS] = units;
				x[F_DELTA] = d;
				x[F_CHANGE_LO] = clo;
				x[F_CHANGE_HI] = chi;
				x[F_CHANGE_LEVEL] = clvl;
				x[F_DETECTABLE] = det;
				x[F_P] = p;
				x[F_Q] = q;
				x[F_SIGNIFICANT] = row == NULL ? NULL : row->significant ? "yes" : "no";
				x[F_VERDICT] = row == NULL ? NULL : format_verdict_text(row);
				x[F_WHY] = row == NULL ? NULL : row->why;
				x[F_METRIC] = col->m->fact.name;
				x[F_RESULT] = cell->present ? cell->source : NULL;
				x[F_RATIO] = ratio;
				x[F_DIFF_LO] = dlo;
				x[F_DIFF_HI] = dhi;
				x[F_DIFF_DETECTABLE] = ddet;
				x[F_UDP_SHORT] = cell->present ? cell->short_note : NULL;
				csv_row(f, x);
			}
		}
	}
	for (si = 0; si < rep->nladders && rep->want_summary; si++)
		csv_ladder(rep, &rep->ladders[si], f);
	csv_hosts(rep, f);
}
