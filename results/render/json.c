/*
 * json: the report as JSON (see json.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "changes.h"
#include "escape.h"
#include "format.h"
#include "json.h"
#include "model/fleet.h"
#include "model/num.h"
#include "model/report.h"
#include "read/metric_table.h"

void
json_str(FILE *f, const char *s)
{
	escape_json(f, s != NULL ? s : "", s != NULL ? strlen(s) : 0);
}

void
json_num(FILE *f, double v)
{
	char buf[48];

	if (!isfinite(v))
		fputs("null", f);
	else
		fputs(report_num_sig(buf, sizeof(buf), v, 6), f);
}

/* An array of numbers (null for one that is not). */
static void
json_nums(FILE *f, const double *v, size_t n)
{
	size_t i;

	fputc('[', f);
	for (i = 0; i < n; i++) {
		fputs(i ? ", " : "", f);
		json_num(f, v[i]);
	}
	fputc(']', f);
}

/*
 * What a run measured for a column: {"run", "result" (the result line's
 * name the value came from), "value", "processes" (each process's value
 * by the metric's estimator, in the file's order), "samples" (every
 * sample), and where the UDP sender fell short of the rate asked
 * "udp_short" (its line's text)}, in display units.
 */
static void
json_cell(FILE *f, const struct report *rep, const struct report_column *col, size_t r)
{
	const struct resfile_value *cell = &col->cells[r];

	fprintf(f, "{\"run\": %d, \"result\": ", rep->runs[r].id);
	if (cell->source != NULL)
		json_str(f, cell->source);
	else
		fputs("null", f);
	fputs(", \"value\": ", f);
	json_num(f, cell->present ? cell->value : NAN);
	fputs(", \"processes\": ", f);
	json_nums(f, cell->units, cell->units != NULL ? cell->nunits : 0);
	fputs(", \"samples\": ", f);
	json_nums(f, cell->samples, cell->samples != NULL ? cell->n : 0);
	if (cell->short_note != NULL) {
		fputs(", \"udp_short\": ", f);
		json_str(f, cell->short_note);
	}
	fputc('}', f);
}

static void
json_runs(const struct report *rep, FILE *f)
{
	size_t i, k;

	fputs("  \"runs\": [\n", f);
	for (i = 0; i < rep->nruns; i++) {
		const struct report_run *r = &rep->runs[i];

		fprintf(f, "    {\"id\": %d, \"file\": ", r->id);
		json_str(f, r->file);
		fputs(", \"format\": ", f);
		json_str(f, r->rf.format == RESFILE_LMBENCH3 ? "lmbench3" : "hostbench");
		fputs(", \"host\": ", f);
		json_str(f, r->host);
		fputs(", \"os\": ", f);
		json_str(f, r->os);
		fputs(", \"note\": ", f);
		json_str(f, format_run_note(r));
		fputs(",\n     \"config\": {", f);
		for (k = 0; k < r->rf.nconfig; k++) {
			fputs(k ? ", " : "", f);
			json_str(f, r->rf.config[k].key);
			fputs(": ", f);
			json_str(f, r->rf.config[k].value);
		}
		fputs("},\n     \"unreliable\": [", f);
		for (k = 0; k < r->rf.nflags; k++) {
			fputs(k ? ", " : "", f);
			json_str(f, r->rf.flags[k]);
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
		json_str(f, sec->s->id);
		fputs(", \"title\": ", f);
		json_str(f, sec->s->title);
		fputs(", \"columns\": [\n", f);
		for (c = 0; c < sec->ncols; c++) {
			const struct report_column *col = &sec->cols[c];

			fputs("      {\"column\": ", f);
			json_str(f, col->m->column);
			fputs(", \"metric\": ", f);
			json_str(f, col->m->fact.name);
			fputs(", \"unit\": ", f);
			json_str(f, col->m->display_unit);
			fputs(", \"better\": ", f);
			json_str(f, metric_better_name(col->m->better));
			fputs(", \"values\": [", f);
			for (r = 0; r < rep->nruns; r++) {
				const struct resfile_value *cell = &col->cells[r];

				fputs(r ? ", " : "", f);
				if (!cell->present)
					fputs("null", f);
				else if (col->m->select == METRIC_CONFIG)
					json_str(f, cell->text);
				else
					json_num(f, cell->value);
			}
			fputs("]", f);
			if (col->m->select != METRIC_CONFIG) {
				fputs(",\n       \"runs\": [", f);
				for (r = 0; r < rep->nruns; r++) {
					fputs(r ? ",\n         " : "\n         ", f);
					json_cell(f, rep, col, r);
				}
				fputs("]", f);
			}
			fprintf(f, "}%s\n", c + 1 < sec->ncols ? "," : "");
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
		json_str(f, lad->m->fact.program);
		fputs(", \"knee\": ", f);
		json_str(f, lad->m->fact.name);
		fputs(", \"unit\": \"Mbit/s\", \"rows\": [\n", f);
		for (r = 0; r < lad->nrows; r++) {
			const struct report_ladder_row *row = &lad->rows[r];

			fprintf(f, "      {\"run\": %d, \"ladder\": ", rep->runs[row->run].id);
			json_str(f, row->group);
			fputs(", \"knee_mbit_s\": ", f);
			json_num(f, row->knee);
			fputs(", \"steps\": [", f);
			for (k = 0, n = 0; k < lad->ntargets; k++) {
				if (isnan(row->got[k]))
					continue;
				fputs(n++ ? ",\n        " : "\n        ", f);
				fputs("{\"target_mbit_s\": ", f);
				json_num(f, lad->targets[k]);
				fputs(", \"received_mbit_s\": ", f);
				json_num(f, row->got[k]);
				fputs(", \"loss_pct\": ", f);
				json_num(f, row->loss[k]);
				if (row->short_note[k] != NULL) {
					fputs(", \"udp_short\": ", f);
					json_str(f, row->short_note[k]);
				}
				fputc('}', f);
			}
			fprintf(f, "]}%s\n", r + 1 < lad->nrows ? "," : "");
		}
		fprintf(f, "    ]}%s\n", i + 1 < rep->nladders ? "," : "");
	}
	fputs("  ],\n", f);
}

/* A side of a row: its runs' ids and what each measured (json_cell). */
static void
json_side(FILE *f, const struct report *rep, const struct report_group *g,
	  const struct report_ab_row *row)
{
	size_t i;

	fputs("{\"runs\": [", f);
	for (i = 0; i < g->n; i++)
		fprintf(f, "%s%d", i ? ", " : "", rep->runs[g->runs[i]].id);
	fputs("], \"values\": [", f);
	for (i = 0; i < g->n && row->col != NULL; i++) {
		fputs(i ? ",\n             " : "", f);
		json_cell(f, rep, row->col, g->runs[i]);
	}
	fputs("]}", f);
}

/* The comparison's notes (report_ab.notes), each once with its rows'
 * section, column and metric; a row's "note" is 1 + its index. */
static void
json_notes(FILE *f, const struct report_ab *ab)
{
	size_t i, k, si;

	for (i = 0; i < ab->nnotes; i++) {
		const struct report_note *nt = &ab->notes[i];

		fputs(i ? ",\n       " : "\n       ", f);
		fputs("{\"verdict\": ", f);
		if (nt->caveat)
			fputs("null", f);
		else
			json_str(f, format_verdict_word(nt->verdict));
		fprintf(f, ", \"caveat\": %s", nt->caveat ? "true" : "false");
		fputs(", \"text\": ", f);
		json_str(f, nt->text);
		fputs(", \"rows\": [", f);
		for (k = 0; k < nt->nrows; k++) {
			const struct report_ab_row *row = nt->rows[k];
			const char *sec = "?";

			for (si = 0; si < ab->nsecs; si++)
				if (row >= ab->secs[si].rows && row < ab->secs[si].rows + ab->secs[si].nrows)
					sec = ab->secs[si].s->id;
			fputs(k ? ", " : "", f);
			fputs("{\"section\": ", f);
			json_str(f, sec);
			fputs(", \"column\": ", f);
			json_str(f, row->m->column);
			fputs(", \"metric\": ", f);
			json_str(f, row->m->fact.name);
			fputc('}', f);
		}
		fputs("]}", f);
	}
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
		json_str(f, ab->ga->label);
		fputs(", \"side\": ", f);
		json_str(f, ab->gb->label);
		fprintf(f, ", \"paired\": %s, \"tested\": %lu, \"margin_pct\": ",
			ab->paired ? "true" : "false", (unsigned long)ab->ntested);
		json_num(f, rep->margin);
		fputs(", \"fdr\": ", f);
		json_num(f, rep->fdr);
		fputs(",\n     \"changed\": [", f);
		changes_json(f, ab);
		fputs("],\n     \"sections\": [\n", f);
		for (si = 0; si < ab->nsecs; si++) {
			const struct report_ab_section *as = &ab->secs[si];

			fputs("      {\"id\": ", f);
			json_str(f, as->s->id);
			fputs(", \"geomean_delta_pct\": ", f);
			if (as->has_geomean)
				json_num(f, as->geo_delta);
			else
				fputs("null", f);
			fputs(", \"rows\": [\n", f);
			for (k = 0; k < as->nrows; k++) {
				const struct report_ab_row *row = &as->rows[k];

				fputs("        {\"column\": ", f);
				json_str(f, row->m->column);
				fputs(", \"metric\": ", f);
				json_str(f, row->m->fact.name);
				fputs(", \"unit\": ", f);
				json_str(f, row->m->display_unit);
				fputs(", \"better\": ", f);
				json_str(f, metric_better_name(row->m->better));
				fputs(", \"base\": ", f);
				json_num(f, row->a);
				fputs(", \"run\": ", f);
				json_num(f, row->b);
				fprintf(f, ", \"units\": [%lu, %lu]", (unsigned long)row->na,
					(unsigned long)row->nb);
				fputs(",\n         \"ratio\": ", f);
				json_num(f, isfinite(row->delta) ? 1 + row->delta / 100 : NAN);
				fputs(", \"delta_pct\": ", f);
				json_num(f, row->delta);
				fputs(", \"change_lo_pct\": ", f);
				json_num(f, row->lo);
				fputs(", \"change_hi_pct\": ", f);
				json_num(f, row->hi);
				fputs(", \"change_level\": ", f);
				json_num(f, isnan(row->q) ? NAN : ab->level);
				fputs(", \"detectable_pct\": ", f);
				json_num(f, row->detectable);
				fputs(", \"scale\": ", f);
				json_str(f, isnan(row->q) ? "none"
					 : row->t.scale == ABTEST_LINEAR ? "difference" : "ratio");
				fputs(",\n         \"diff_lo\": ", f);
				json_num(f, row->abs_lo);
				fputs(", \"diff_hi\": ", f);
				json_num(f, row->abs_hi);
				fputs(", \"diff_detectable\": ", f);
				json_num(f, row->abs_detectable);
				fprintf(f, ", \"interval_too_wide\": %s", row->wide ? "true" : "false");
				fputs(", \"p\": ", f);
				json_num(f, isnan(row->q) ? NAN : row->t.p);
				fputs(", \"q\": ", f);
				json_num(f, row->q);
				fputs(", \"test\": ", f);
				json_str(f, row->t.method == ABTEST_PAIRED ? "paired-t"
					 : row->t.method == ABTEST_WELCH ? "welch-t" : "none");
				fputs(",\n         \"verdict\": ", f);
				json_str(f, format_verdict_text(row));
				fputs(", \"why\": ", f);
				json_str(f, row->why);
				if (row->note > 0)
					fprintf(f, ", \"note\": %lu", (unsigned long)row->note);
				else
					fputs(", \"note\": null", f);
				fputs(",\n         \"sides\": [", f);
				json_side(f, rep, ab->ga, row);
				fputs(",\n           ", f);
				json_side(f, rep, ab->gb, row);
				fputs("]", f);
				fprintf(f, ", \"significant\": %s, \"regression\": %s, \"cannot_tell\": %s}%s\n",
					row->significant ? "true" : "false",
					row->regression ? "true" : "false",
					row->cannot_tell ? "true" : "false",
					k + 1 < as->nrows ? "," : "");
			}
			fprintf(f, "      ]}%s\n", si + 1 < ab->nsecs ? "," : "");
		}
		fputs("     ],\n     \"notes\": [", f);
		json_notes(f, ab);
		fprintf(f, "]}%s\n", i + 1 < rep->nabs ? "," : "");
	}
	fputs("  ],\n", f);
}

/*
 * The members for the hosts, each line ending in ",": "hosts" (label,
 * name, arch, cpu, runs' ids), "host_table" (key, the hosts' values,
 * which differ) and, with the summary, "across_hosts" (section, column,
 * metric, unit, better, the hosts' medians, best, worst, worst_speed and
 * every host's speed against the best: bigger is better) and
 * "left_out_of_ranking".  Nothing with fewer than two hosts.
 */
static void
json_hosts(const struct report *rep, FILE *f)
{
	const struct fleet_table *t;
	const struct fleet_across *a;
	size_t h, i;

	if (!fleet_has_hosts(rep))
		return;
	fputs("  \"hosts\": [\n", f);
	for (h = 0; h < rep->nhosts; h++) {
		const struct report_host *host = &rep->hosts[h];

		fputs("    {\"label\": ", f);
		json_str(f, host->label);
		fputs(", \"name\": ", f);
		json_str(f, host->name);
		fputs(", \"arch\": ", f);
		json_str(f, host->arch);
		fputs(", \"cpu\": ", f);
		json_str(f, host->cpu);
		fputs(", \"runs\": [", f);
		for (i = 0; i < host->n; i++)
			fprintf(f, "%s%d", i ? ", " : "", rep->runs[host->runs[i]].id);
		fprintf(f, "]}%s\n", h + 1 < rep->nhosts ? "," : "");
	}
	fputs("  ],\n", f);
	t = &rep->fleet->table;
	fputs("  \"host_table\": [\n", f);
	for (i = 0; i < t->n; i++) {
		fputs("    {\"key\": ", f);
		json_str(f, t->rows[i].key);
		fputs(", \"values\": [", f);
		for (h = 0; h < t->nhosts; h++) {
			fputs(h ? ", " : "", f);
			if (t->rows[i].na[h])
				fputs("null", f);
			else
				json_str(f, t->rows[i].cell[h]);
		}
		fputs("], \"differs\": [", f);
		for (h = 0; h < t->nhosts; h++)
			fprintf(f, "%s%s", h ? ", " : "", t->rows[i].diff[h] ? "true" : "false");
		fprintf(f, "]}%s\n", i + 1 < t->n ? "," : "");
	}
	fputs("  ],\n", f);
	if (!rep->want_summary)
		return;
	a = &rep->fleet->across;
	fputs("  \"across_hosts\": [\n", f);
	for (i = 0; i < a->n; i++) {
		const struct fleet_rank *e = &a->v[i];

		fputs("    {\"section\": ", f);
		json_str(f, e->sec->s->id);
		fputs(", \"column\": ", f);
		json_str(f, e->col->m->column);
		fputs(", \"metric\": ", f);
		json_str(f, e->col->m->fact.name);
		fputs(", \"unit\": ", f);
		json_str(f, e->col->m->display_unit);
		fputs(", \"better\": ", f);
		json_str(f, metric_better_name(e->col->m->better));
		fputs(",\n     \"medians\": [", f);
		for (h = 0; h < a->nhosts; h++) {
			fputs(h ? ", " : "", f);
			json_num(f, e->med[h]);
		}
		fputs("], \"best\": ", f);
		json_str(f, rep->hosts[e->best].label);
		fputs(", \"best_value\": ", f);
		json_num(f, e->med[e->best]);
		fputs(", \"worst\": ", f);
		json_str(f, rep->hosts[e->worst].label);
		fputs(", \"worst_value\": ", f);
		json_num(f, e->med[e->worst]);
		fputs(", \"worst_speed\": ", f);
		json_num(f, e->speed);
		fputs(",\n     \"speeds\": [", f);
		for (h = 0; h < a->nhosts; h++) {
			fputs(h ? ", " : "", f);
			json_num(f, fleet_speed(e, h));
		}
		fputs("]", f);
		fprintf(f, "}%s\n", i + 1 < a->n ? "," : "");
	}
	fputs("  ],\n  \"left_out_of_ranking\": [\n", f);
	for (i = 0; i < a->nleft; i++) {
		fputs("    {\"section\": ", f);
		json_str(f, a->left[i].sec->s->id);
		fputs(", \"column\": ", f);
		json_str(f, a->left[i].col->m->column);
		fputs(", \"host\": ", f);
		json_str(f, rep->hosts[a->left[i].host].label);
		fputs(", \"why\": ", f);
		json_str(f, a->left[i].why);
		fprintf(f, "}%s\n", i + 1 < a->nleft ? "," : "");
	}
	fputs("  ],\n", f);
}

void
json_write(const struct report *rep, FILE *f)
{
	size_t i;

	fputs("{\n  \"tool\": \"hostbench-compare\",\n  \"version\": ", f);
	json_str(f, PACKAGE_VERSION);
	fputs(",\n", f);
	json_runs(rep, f);
	json_sections(rep, f);
	json_ladders(rep, f);
	json_ab(rep, f);
	json_hosts(rep, f);
	fputs("  \"errors\": [", f);
	for (i = 0; i < rep->nerrors; i++) {
		fputs(i ? ", " : "", f);
		json_str(f, rep->errors[i]);
	}
	fputs("]\n}\n", f);
}
