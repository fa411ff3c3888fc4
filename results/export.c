/*
 * export: the report as CSV, JSON or Markdown, for other tools and for
 * pages (see export.h).  Text from the files is escaped for each
 * (escape.h); every number goes through report_num or report_num_sig.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "changes.h"
#include "core/metric.h"
#include "core/stats.h"
#include "escape.h"
#include "export.h"
#include "fleet.h"
#include "model/ab.h"
#include "model/num.h"
#include "model/report.h"
#include "render/format.h"

/* ---------------------------------------------------------------- csv */

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

void
export_csv(const struct report *rep, FILE *f)
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
				csv_field(f, row == NULL ? "" : report_verdict_word(row->verdict), 0);
				csv_field(f, row == NULL ? "" : row->why, 1);
			}
		}
	}
	for (si = 0; si < rep->nladders && rep->want_summary; si++)
		csv_ladder(rep, &rep->ladders[si], f);
	fleet_csv(rep, f);
}

/* ---------------------------------------------------------------- json */

void
export_json_str(FILE *f, const char *s)
{
	escape_json(f, s != NULL ? s : "", s != NULL ? strlen(s) : 0);
}

void
export_json_num(FILE *f, double v)
{
	char buf[48];

	if (!isfinite(v))
		fputs("null", f);
	else
		fputs(report_num_sig(buf, sizeof(buf), v, 6), f);
}

static void
json_runs(const struct report *rep, FILE *f)
{
	size_t i, k;

	fputs("  \"runs\": [\n", f);
	for (i = 0; i < rep->nruns; i++) {
		const struct report_run *r = &rep->runs[i];

		fprintf(f, "    {\"id\": %d, \"file\": ", r->id);
		export_json_str(f, r->file);
		fputs(", \"format\": ", f);
		export_json_str(f, r->rf.format == RESFILE_LMBENCH3 ? "lmbench3" : "hostbench");
		fputs(", \"host\": ", f);
		export_json_str(f, r->host);
		fputs(", \"os\": ", f);
		export_json_str(f, r->os);
		fputs(", \"note\": ", f);
		export_json_str(f, format_run_note(r));
		fputs(",\n     \"config\": {", f);
		for (k = 0; k < r->rf.nconfig; k++) {
			fputs(k ? ", " : "", f);
			export_json_str(f, r->rf.config[k].key);
			fputs(": ", f);
			export_json_str(f, r->rf.config[k].value);
		}
		fputs("},\n     \"unreliable\": [", f);
		for (k = 0; k < r->rf.nflags; k++) {
			fputs(k ? ", " : "", f);
			export_json_str(f, r->rf.flags[k]);
		}
		fprintf(f, "]}%s\n", i + 1 < rep->nruns ? "," : "");
	}
	fputs("  ],\n", f);
}

static void
json_sections(const struct report *rep, FILE *f)
{
	size_t si, c, r;

	fputs("  \"sections\": [\n", f);
	for (si = 0; si < rep->nsecs && rep->want_summary; si++) {
		const struct report_section *sec = &rep->secs[si];

		fputs("    {\"id\": ", f);
		export_json_str(f, sec->s->id);
		fputs(", \"title\": ", f);
		export_json_str(f, sec->s->title);
		fputs(", \"columns\": [\n", f);
		for (c = 0; c < sec->ncols; c++) {
			const struct report_column *col = &sec->cols[c];

			fputs("      {\"column\": ", f);
			export_json_str(f, col->m->column);
			fputs(", \"unit\": ", f);
			export_json_str(f, col->m->display_unit);
			fputs(", \"better\": ", f);
			export_json_str(f, metric_better_name(col->m->better));
			fputs(", \"values\": [", f);
			for (r = 0; r < rep->nruns; r++) {
				const struct resfile_value *cell = &col->cells[r];

				fputs(r ? ", " : "", f);
				if (!cell->present)
					fputs("null", f);
				else if (col->m->select == METRIC_CONFIG)
					export_json_str(f, cell->text);
				else
					export_json_num(f, cell->value);
			}
			fprintf(f, "]}%s\n", c + 1 < sec->ncols ? "," : "");
		}
		fprintf(f, "    ]}%s\n", si + 1 < rep->nsecs ? "," : "");
	}
	fputs("  ],\n", f);
}

/* The ladders (only when a run has one): a row per run and ladder, its
 * steps and its knee (null: none). */
static void
json_ladders(const struct report *rep, FILE *f)
{
	size_t i, r, k, n;

	if (rep->nladders == 0 || !rep->want_summary)
		return;
	fputs("  \"ladders\": [\n", f);
	for (i = 0; i < rep->nladders; i++) {
		const struct report_ladder *lad = &rep->ladders[i];

		fputs("    {\"program\": ", f);
		export_json_str(f, lad->m->program);
		fputs(", \"knee\": ", f);
		export_json_str(f, lad->m->name);
		fputs(", \"unit\": \"Mbit/s\", \"rows\": [\n", f);
		for (r = 0; r < lad->nrows; r++) {
			const struct report_ladder_row *row = &lad->rows[r];

			fprintf(f, "      {\"run\": %d, \"ladder\": ", rep->runs[row->run].id);
			export_json_str(f, row->group);
			fputs(", \"knee_mbit_s\": ", f);
			export_json_num(f, row->knee);
			fputs(", \"steps\": [", f);
			for (k = 0, n = 0; k < lad->ntargets; k++) {
				if (isnan(row->got[k]))
					continue;
				fputs(n++ ? ",\n        " : "\n        ", f);
				fputs("{\"target_mbit_s\": ", f);
				export_json_num(f, lad->targets[k]);
				fputs(", \"received_mbit_s\": ", f);
				export_json_num(f, row->got[k]);
				fputs(", \"loss_pct\": ", f);
				export_json_num(f, row->loss[k]);
				fputc('}', f);
			}
			fprintf(f, "]}%s\n", r + 1 < lad->nrows ? "," : "");
		}
		fprintf(f, "    ]}%s\n", i + 1 < rep->nladders ? "," : "");
	}
	fputs("  ],\n", f);
}

static void
json_ab(const struct report *rep, FILE *f)
{
	size_t i, k, si;

	fputs("  \"comparisons\": [\n", f);
	for (i = 0; i < rep->nabs; i++) {
		const struct report_ab *ab = &rep->abs[i];

		fprintf(f, "    {\"base\": %d, \"run\": %d, \"base_side\": ",
			rep->runs[ab->base].id, rep->runs[ab->other].id);
		export_json_str(f, ab->ga->label);
		fputs(", \"side\": ", f);
		export_json_str(f, ab->gb->label);
		fprintf(f, ", \"paired\": %s, \"tested\": %lu, \"margin_pct\": ",
			ab->paired ? "true" : "false", (unsigned long)ab->ntested);
		export_json_num(f, rep->margin);
		fputs(", \"fdr\": ", f);
		export_json_num(f, rep->fdr);
		fputs(",\n     \"changed\": [", f);
		changes_json(f, ab);
		fputs("],\n     \"sections\": [\n", f);
		for (si = 0; si < ab->nsecs; si++) {
			const struct report_ab_section *as = &ab->secs[si];

			fputs("      {\"id\": ", f);
			export_json_str(f, as->s->id);
			fputs(", \"geomean_delta_pct\": ", f);
			if (as->has_geomean)
				export_json_num(f, as->geo_delta);
			else
				fputs("null", f);
			fputs(", \"rows\": [\n", f);
			for (k = 0; k < as->nrows; k++) {
				const struct report_ab_row *row = &as->rows[k];

				fputs("        {\"column\": ", f);
				export_json_str(f, row->m->column);
				fputs(", \"unit\": ", f);
				export_json_str(f, row->m->display_unit);
				fputs(", \"better\": ", f);
				export_json_str(f, metric_better_name(row->m->better));
				fputs(", \"base\": ", f);
				export_json_num(f, row->a);
				fputs(", \"run\": ", f);
				export_json_num(f, row->b);
				fprintf(f, ", \"units\": [%lu, %lu]", (unsigned long)row->na,
					(unsigned long)row->nb);
				fputs(",\n         \"delta_pct\": ", f);
				export_json_num(f, row->delta);
				fputs(", \"change_lo_pct\": ", f);
				export_json_num(f, row->lo);
				fputs(", \"change_hi_pct\": ", f);
				export_json_num(f, row->hi);
				fputs(", \"change_level\": ", f);
				export_json_num(f, isnan(row->q) ? NAN : ab->level);
				fputs(", \"detectable_pct\": ", f);
				export_json_num(f, row->detectable);
				fprintf(f, ", \"interval_too_wide\": %s", row->wide ? "true" : "false");
				fputs(", \"p\": ", f);
				export_json_num(f, isnan(row->q) ? NAN : row->t.p);
				fputs(", \"q\": ", f);
				export_json_num(f, row->q);
				fputs(", \"test\": ", f);
				export_json_str(f, row->t.method == ABTEST_PAIRED ? "paired-t"
					 : row->t.method == ABTEST_WELCH ? "welch-t" : "none");
				fputs(",\n         \"verdict\": ", f);
				export_json_str(f, report_verdict_word(row->verdict));
				fputs(", \"why\": ", f);
				export_json_str(f, row->why);
				fprintf(f, ", \"significant\": %s, \"regression\": %s, \"cannot_tell\": %s}%s\n",
					row->significant ? "true" : "false",
					row->regression ? "true" : "false",
					row->cannot_tell ? "true" : "false",
					k + 1 < as->nrows ? "," : "");
			}
			fprintf(f, "      ]}%s\n", si + 1 < ab->nsecs ? "," : "");
		}
		fprintf(f, "     ]}%s\n", i + 1 < rep->nabs ? "," : "");
	}
	fputs("  ],\n", f);
}

void
export_json(const struct report *rep, FILE *f)
{
	size_t i;

	fputs("{\n  \"tool\": \"hostbench-compare\",\n  \"version\": ", f);
	export_json_str(f, PACKAGE_VERSION);
	fputs(",\n", f);
	json_runs(rep, f);
	json_sections(rep, f);
	json_ladders(rep, f);
	json_ab(rep, f);
	fleet_json(rep, f);
	fputs("  \"errors\": [", f);
	for (i = 0; i < rep->nerrors; i++) {
		fputs(i ? ", " : "", f);
		export_json_str(f, rep->errors[i]);
	}
	fputs("]\n}\n", f);
}

/* ---------------------------------------------------------------- markdown */

static int
any_note(const struct report *rep)
{
	size_t i;

	for (i = 0; i < rep->nruns; i++)
		if (rep->runs[i].note != NULL)
			return 1;
	return 0;
}

static void
md_cell(FILE *f, const char *s)
{
	fputs("| ", f);
	escape_markdown(f, s, 1);
	fputc(' ', f);
}

/* A ladder as a pipe table: a row per run and ladder, a column per target, the knee. */
static void
md_ladder(const struct report *rep, const struct report_ladder *lad, int notes, FILE *f)
{
	char buf[256];
	size_t r, k;

	format_ladder_title(buf, sizeof(buf), lad);
	for (k = 0; buf[k] != '\0'; k++)
		if (buf[k] == '\n')
			buf[k] = ' ';
	fputs("### ", f);
	escape_markdown(f, buf, 0);
	fputs("\n\n| Host ", f);
	if (notes)
		fputs("| Note ", f);
	fputs("| Ladder ", f);
	for (k = 0; k < lad->ntargets; k++)
		md_cell(f, format_ladder_target(buf, sizeof(buf), lad->targets[k]));
	fputs("| knee |\n|---", f);
	if (notes)
		fputs("|---", f);
	fputs("|---", f);
	for (k = 0; k <= lad->ntargets; k++)
		fputs("|---:", f);
	fputs("|\n", f);
	for (r = 0; r < lad->nrows; r++) {
		const struct report_ladder_row *row = &lad->rows[r];
		const struct report_run *run = &rep->runs[row->run];

		snprintf(buf, sizeof(buf), "[%d] %s", run->id, run->label);
		md_cell(f, buf);
		if (notes)
			md_cell(f, format_run_note(run));
		md_cell(f, row->group);
		for (k = 0; k < lad->ntargets; k++)
			md_cell(f, format_ladder_cell(buf, sizeof(buf), row, k));
		md_cell(f, format_ladder_knee(buf, sizeof(buf), row));
		fputs("|\n", f);
	}
	fputc('\n', f);
}

void
export_markdown(const struct report *rep, FILE *f)
{
	char buf[128], x[32], y[32], d[32];
	size_t i, si, c, r, k;
	int notes = any_note(rep);

	fputs("## Runs\n\n", f);
	for (i = 0; i < rep->nruns; i++) {
		const struct report_run *run = &rep->runs[i];

		/* Text from the files, escaped: no HTML reaches a renderer. */
		fprintf(f, "- [%d] ", run->id);
		escape_markdown(f, run->file, 0);
		fputs(": ", f);
		escape_markdown(f, run->host, 0);
		fputs(", ", f);
		escape_markdown(f, run->os[0] ? run->os : "unknown OS", 0);
		if (run->note != NULL) {
			fputs(", note: ", f);
			escape_markdown(f, run->note, 0);
		}
		fprintf(f, "%s\n", run->rf.format == RESFILE_LMBENCH3 ? " (lmbench3)" : "");
		for (k = 0; k < run->rf.nflags; k++) {
			fputs("  - unreliable: ", f);
			escape_markdown(f, run->rf.flags[k], 0);
			fputc('\n', f);
		}
	}
	fputc('\n', f);
	for (si = 0; si < rep->nsecs && rep->want_summary; si++) {
		const struct report_section *sec = &rep->secs[si];

		fprintf(f, "### %s\n\n| Host | OS ", sec->s->title);
		if (notes)
			fputs("| Note ", f);
		for (c = 0; c < sec->ncols; c++)
			md_cell(f, sec->cols[c].m->column);
		fputs("|\n|---|---", f);
		if (notes)
			fputs("|---", f);
		for (c = 0; c < sec->ncols; c++)
			fputs(sec->cols[c].m->select == METRIC_CONFIG ? "|---" : "|---:", f);
		fputs("|\n", f);
		for (r = 0; r < rep->nruns; r++) {
			md_cell(f, rep->runs[r].label);
			md_cell(f, rep->runs[r].os);
			if (notes)
				md_cell(f, format_run_note(&rep->runs[r]));
			for (c = 0; c < sec->ncols; c++)
				md_cell(f, format_cell(buf, sizeof(buf), &sec->cols[c], r));
			fputs("|\n", f);
		}
		fputc('\n', f);
	}
	for (i = 0; i < rep->nladders && rep->want_summary; i++)
		md_ladder(rep, &rep->ladders[i], notes, f);
	fleet_markdown(rep, f);
	for (i = 0; i < rep->nabs; i++) {
		const struct report_ab *ab = &rep->abs[i];
		char sa[512], sb[512], head[32];

		format_side(sa, sizeof(sa), rep, ab->ga);
		format_side(sb, sizeof(sb), rep, ab->gb);
		fputs("## A/B: ", f);
		escape_markdown(f, sb, 0);
		fputs(" against the base ", f);
		escape_markdown(f, sa, 0);
		fputs("\n\n", f);
		changes_markdown(f, ab);
		for (si = 0; si < ab->nsecs; si++) {
			const struct report_ab_section *as = &ab->secs[si];

			fprintf(f, "### %s\n\n| column ", as->s->title);
			md_cell(f, ab->ga->label);
			md_cell(f, ab->gb->label);
			fprintf(f, "| change | %s | q | verdict |\n|---|---:|---:|---:|---|---:|---|\n",
				format_interval_head(head, sizeof(head), ab));
			for (k = 0; k < as->nrows; k++) {
				const struct report_ab_row *row = &as->rows[k];
				char ci[48], q[16], verdict[256];

				format_verdict(verdict, sizeof(verdict), row);
				md_cell(f, row->m->column);
				md_cell(f, report_value(x, sizeof(x), row->m, row->a));
				md_cell(f, report_value(y, sizeof(y), row->m, row->b));
				md_cell(f, format_delta(d, sizeof(d), row->delta));
				md_cell(f, format_interval(ci, sizeof(ci), row));
				md_cell(f, format_q(q, sizeof(q), row->q));
				md_cell(f, verdict);
				fputs("|\n", f);
			}
			if (as->has_geomean) {
				md_cell(f, "geomean");
				md_cell(f, report_num(x, sizeof(x), as->geo_a));
				md_cell(f, report_num(y, sizeof(y), as->geo_b));
				md_cell(f, format_delta(d, sizeof(d), as->geo_delta));
				md_cell(f, "");
				md_cell(f, "");
				md_cell(f, "");
				fputs("|\n", f);
			}
			fputc('\n', f);
		}
	}
}

