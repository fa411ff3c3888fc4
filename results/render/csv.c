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

/* A CSV row of a ladder: the summary's columns, those after value blank. */
static void
csv_ladder_row(const struct report_run *run, const char *column, const char *unit, const char *v,
	       const char *better, FILE *f)
{
	char id[16];
	int k;

	snprintf(id, sizeof(id), "%d", run->id);
	csv_field(f, id, 0);
	csv_field(f, run->file, 0);
	csv_field(f, run->host, 0);
	csv_field(f, format_run_note(run), 0);
	csv_field(f, "ladder", 0);
	csv_field(f, column, 0);
	csv_field(f, unit, 0);
	csv_field(f, v, 0);
	for (k = 0; k < 4; k++)		/* n, ci_lo, ci_hi, ci_level */
		csv_field(f, "", 0);
	csv_field(f, better, 0);
	for (k = 0; k < 9; k++)		/* base .. verdict */
		csv_field(f, "", 0);
	csv_field(f, "", 1);
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
			csv_ladder_row(run, col, "Mbit/s", report_num_sig(v, sizeof(v), row->got[k], 6),
				       "bigger", f);
			snprintf(col, sizeof(col), "%s %s Mbit/s loss", row->group, t);
			csv_ladder_row(run, col, "%", isnan(row->loss[k]) ? ""
				       : report_num_sig(v, sizeof(v), row->loss[k], 6), "smaller", f);
		}
		snprintf(col, sizeof(col), "%s knee", row->group);
		csv_ladder_row(run, col, "Mbit/s", isnan(row->knee) ? ""
			       : report_num_sig(v, sizeof(v), row->knee, 6),
			       metric_better_name(lad->m->better), f);
	}
}

/*
 * A row per metric and host of "Across hosts", in the columns of the
 * runs' rows: section "hosts", column "<section>: <column>", value the
 * host's median, n its runs with a value, delta_pct against the best
 * host, verdict "best" or "worst" (else blank), why "worst/best R" on
 * the worst host's row.  Nothing with fewer than two hosts.
 */
static void
csv_hosts(const struct report *rep, FILE *f)
{
	char col[256], v[48], n[24], d[48], why[64];
	const struct fleet_across *a;
	size_t i, h, k;

	if (!fleet_has_hosts(rep) || !rep->want_summary)
		return;
	a = &rep->fleet->across;
	for (i = 0; i < a->n; i++) {
		const struct fleet_rank *e = &a->v[i];

		snprintf(col, sizeof(col), "%s: %s", e->sec->s->id, e->col->m->column);
		for (h = 0; h < a->nhosts; h++) {
			if (isnan(e->med[h]))
				continue;
			report_num_sig(v, sizeof(v), e->med[h], 6);
			snprintf(n, sizeof(n), "%lu", (unsigned long)e->n[h]);
			d[0] = why[0] = '\0';
			if (e->med[e->best] != 0)
				snprintf(d, sizeof(d), "%.2f", 100 * (e->med[h] / e->med[e->best] - 1));
			if (h == e->worst && isfinite(e->ratio)) {
				char r[32];

				snprintf(why, sizeof(why), "worst/best %s", report_num_sig(r, sizeof(r), e->ratio, 4));
			}
			csv_field(f, "", 0);				/* run */
			csv_field(f, "", 0);				/* file */
			csv_field(f, rep->hosts[h].label, 0);		/* host */
			csv_field(f, "", 0);				/* note */
			csv_field(f, "hosts", 0);
			csv_field(f, col, 0);
			csv_field(f, e->col->m->display_unit, 0);
			csv_field(f, v, 0);
			csv_field(f, n, 0);
			for (k = 0; k < 3; k++)				/* ci_lo, ci_hi, ci_level */
				csv_field(f, "", 0);
			csv_field(f, metric_better_name(e->col->m->better), 0);
			csv_field(f, "", 0);				/* base */
			csv_field(f, "", 0);				/* units */
			csv_field(f, d, 0);				/* delta_pct: against the best */
			for (k = 0; k < 7; k++)				/* change_lo .. significant */
				csv_field(f, "", 0);
			csv_field(f, h == e->best ? "best" : h == e->worst ? "worst" : "", 0);
			csv_field(f, why, 1);
		}
	}
	for (i = 0; i < a->nleft; i++) {
		snprintf(col, sizeof(col), "%s: %s", a->left[i].sec->s->id, a->left[i].col->m->column);
		for (k = 0; k < 2; k++)					/* run, file */
			csv_field(f, "", 0);
		csv_field(f, rep->hosts[a->left[i].host].label, 0);	/* host */
		csv_field(f, "", 0);					/* note */
		csv_field(f, "hosts", 0);
		csv_field(f, col, 0);
		csv_field(f, a->left[i].col->m->display_unit, 0);
		for (k = 0; k < 5; k++)					/* value .. ci_level */
			csv_field(f, "", 0);
		csv_field(f, metric_better_name(a->left[i].col->m->better), 0);
		for (k = 0; k < 10; k++)				/* base .. significant */
			csv_field(f, "", 0);
		csv_field(f, "incomparable", 0);
		csv_field(f, a->left[i].why, 1);
	}
}

void
csv_write(const struct report *rep, FILE *f)
{
	char id[16], v[48], n[24], lo[48], hi[48], lvl[16], base[16], units[32], d[48];
	char clo[32], chi[32], clvl[16], det[24], p[24], q[24];
	size_t si, c, r;

	fprintf(f, "run,file,host,note,section,column,unit,value,n,ci_lo,ci_hi,ci_level,better,"
		"base,units,delta_pct,change_lo_pct,change_hi_pct,change_level,detectable_pct,p,q,"
		"significant,verdict,why\n");
	for (si = 0; si < rep->nsecs; si++) {
		const struct report_section *sec = &rep->secs[si];

		for (c = 0; c < sec->ncols; c++) {
			const struct report_column *col = &sec->cols[c];

			for (r = 0; r < rep->nruns; r++) {
				const struct report_run *run = &rep->runs[r];
				const struct resfile_value *cell = &col->cells[r];
				const struct report_ab *ab = NULL;
				const struct report_ab_row *row = ab_row_for(rep, r, col->m, &ab);
				struct stats st;
				int have_st = 0;

				v[0] = n[0] = lo[0] = hi[0] = lvl[0] = base[0] = units[0] = d[0] = '\0';
				clo[0] = chi[0] = clvl[0] = det[0] = p[0] = q[0] = '\0';
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
					if (isfinite(row->delta))
						snprintf(d, sizeof(d), "%.2f", row->delta);
					if (isfinite(row->lo) && isfinite(row->hi)) {
						snprintf(clo, sizeof(clo), "%.2f", row->lo);
						snprintf(chi, sizeof(chi), "%.2f", row->hi);
					}
					if (!isnan(row->q))
						snprintf(clvl, sizeof(clvl), "%.4f", ab->level);
					if (isfinite(row->detectable))
						snprintf(det, sizeof(det), "%.2f", row->detectable);
					if (!isnan(row->q)) {
						snprintf(p, sizeof(p), "%.4g", row->t.p);
						snprintf(q, sizeof(q), "%.4g", row->q);
					}
				}
				snprintf(id, sizeof(id), "%d", run->id);
				csv_field(f, id, 0);
				csv_field(f, run->file, 0);
				csv_field(f, run->host, 0);
				csv_field(f, format_run_note(run), 0);
				csv_field(f, sec->s->id, 0);
				csv_field(f, col->m->column, 0);
				csv_field(f, col->m->display_unit, 0);
				csv_field(f, col->m->select == METRIC_CONFIG
					  ? (cell->present ? cell->text : "") : v, 0);
				csv_field(f, n, 0);
				csv_field(f, lo, 0);
				csv_field(f, hi, 0);
				csv_field(f, lvl, 0);
				csv_field(f, metric_better_name(col->m->better), 0);
				csv_field(f, base, 0);
				csv_field(f, units, 0);
				csv_field(f, d, 0);
				csv_field(f, clo, 0);
				csv_field(f, chi, 0);
				csv_field(f, clvl, 0);
				csv_field(f, det, 0);
				csv_field(f, p, 0);
				csv_field(f, q, 0);
				csv_field(f, row == NULL ? "" : row->significant ? "yes" : "no", 0);
				csv_field(f, row == NULL ? "" : format_verdict_word(row->verdict), 0);
				csv_field(f, row == NULL ? "" : row->why, 1);
			}
		}
	}
	for (si = 0; si < rep->nladders && rep->want_summary; si++)
		csv_ladder(rep, &rep->ladders[si], f);
	csv_hosts(rep, f);
}
