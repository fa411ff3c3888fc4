/*
 * markdown: the report as Markdown (see markdown.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "changes.h"
#include "escape.h"
#include "format.h"
#include "markdown.h"
#include "model/fleet.h"
#include "model/num.h"
#include "model/report.h"
#include "model/summary.h"
#include "read/metric_table.h"

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

/* A cell of the hosts' tables, bold where it differs. */
static void
md_host_cell(FILE *f, const char *s, int bold)
{
	fputs("| ", f);
	if (bold && *s != '\0')
		fputs("**", f);
	escape_markdown(f, s, 1);
	if (bold && *s != '\0')
		fputs("**", f);
	fputc(' ', f);
}

/* Whether a value of the summary or a ladder's step was measured while
 * the UDP sender fell short of the rate asked (FORMAT_SHORT_MARK). */
static int
any_short(const struct report *rep)
{
	size_t i, c, r;

	for (i = 0; i < rep->nsecs; i++)
		for (c = 0; c < rep->secs[i].ncols; c++)
			for (r = 0; r < rep->nruns; r++)
				if (rep->secs[i].cols[c].cells[r].present
				    && rep->secs[i].cols[c].cells[r].short_note != NULL)
					return 1;
	for (i = 0; i < rep->nladders; i++)
		for (r = 0; r < rep->ladders[i].nrows; r++)
			for (c = 0; c < rep->ladders[i].ntargets; c++)
				if (rep->ladders[i].rows[r].short_note[c] != NULL)
					return 1;
	return 0;
}

/* The notes of a comparison, each once with its metrics: "note 1, unreliable:
 * contended: ... - null call, stat". */
static void
md_notes(const struct report_ab *ab, FILE *f)
{
	size_t i, k;

	if (ab->nnotes == 0)
		return;
	fputs("Notes:\n\n", f);
	for (i = 0; i < ab->nnotes; i++) {
		const struct report_note *nt = &ab->notes[i];

		fprintf(f, "- note %lu, %s: ", (unsigned long)(i + 1), format_note_head(nt));
		escape_markdown(f, nt->text, 0);
		fputs(" - ", f);
		for (k = 0; k < nt->nrows; k++) {
			fputs(k ? ", " : "", f);
			escape_markdown(f, nt->rows[k]->m->column, 0);
		}
		fputc('\n', f);
	}
	fputc('\n', f);
}

/* The hosts' table and "Across hosts" as pipe tables, differing cells
 * bold, with the summary and two or more hosts. */
static void
markdown_hosts(const struct report *rep, FILE *f)
{
	char x[32], y[32], r[32], n[32];
	const struct fleet_table *t;
	const struct fleet_across *a;
	size_t h, i;

	if (!fleet_has_hosts(rep) || !rep->want_summary)
		return;
	t = &rep->fleet->table;
	fputs("### Hosts\n\n| key ", f);
	for (h = 0; h < t->nhosts; h++)
		md_host_cell(f, rep->hosts[h].label, 0);
	fputs("|\n|---", f);
	for (h = 0; h < t->nhosts; h++)
		fputs("|---", f);
	fputs("|\n| runs ", f);
	for (h = 0; h < t->nhosts; h++) {
		snprintf(n, sizeof(n), "%lu", (unsigned long)rep->hosts[h].n);
		md_host_cell(f, n, 0);
	}
	fputs("|\n", f);
	for (i = 0; i < t->n; i++) {
		md_host_cell(f, t->rows[i].key, 0);
		for (h = 0; h < t->nhosts; h++)
			md_host_cell(f, fleet_cell(&t->rows[i], h), t->rows[i].diff[h]);
		fputs("|\n", f);
	}
	fputs("\nBold: differs from the value most hosts have.\n\n", f);
	a = &rep->fleet->across;
	if (a->n > 0) {
		fputs("### Across hosts\n\n| section | column | unit | best | value | worst | value "
		      "| worst speed |\n|---|---|---|---|---:|---|---:|---:|\n", f);
		for (i = 0; i < a->n; i++) {
			const struct fleet_rank *e = &a->v[i];

			md_host_cell(f, e->sec->s->id, 0);
			md_host_cell(f, e->col->m->column, 0);
			md_host_cell(f, e->col->m->display_unit, 0);
			md_host_cell(f, rep->hosts[e->best].label, 0);
			md_host_cell(f, report_value(x, sizeof(x), e->col->m, e->med[e->best]), 0);
			md_host_cell(f, rep->hosts[e->worst].label, 0);
			md_host_cell(f, report_value(y, sizeof(y), e->col->m, e->med[e->worst]), 0);
			md_host_cell(f, format_ratio(r, sizeof(r), e->speed), 0);
			fputs("|\n", f);
		}
		fputs("\nWorst speed: how fast the worst host is against the best (the best's time over "
		      "the worst's, the worst's rate over the best's): bigger is better on every row.\n\n", f);
	}
	if (a->nleft > 0) {
		fputs("Left out of the ranking, measured otherwise than the rest:\n\n", f);
		for (i = 0; i < a->nleft; i++) {
			fputs("- ", f);
			escape_markdown(f, a->left[i].sec->s->id, 0);
			fputc(' ', f);
			escape_markdown(f, a->left[i].col->m->column, 0);
			fputs(": ", f);
			escape_markdown(f, rep->hosts[a->left[i].host].label, 0);
			fputs(": ", f);
			escape_markdown(f, a->left[i].why, 0);
			fputc('\n', f);
		}
		fputc('\n', f);
	}
}

void
markdown_write(const struct report *rep, FILE *f)
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
	if (rep->want_summary && any_short(rep))
		fputs("Marked \\" FORMAT_SHORT_MARK ": measured while the UDP sender fell short of the rate "
		      "asked (-b), the sender's limit, not the path's (CSV and JSON: udp\\_short).\n\n", f);
	markdown_hosts(rep, f);
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
				size_t at;

				/* The why is a note, once under the tables. */
				format_verdict_short(verdict, sizeof(verdict), row);
				at = strlen(verdict);
				if (row->note > 0)
					snprintf(verdict + at, sizeof(verdict) - at, ", note %lu", (unsigned long)row->note);
				md_cell(f, row->m->column);
				md_cell(f, format_side_value(x, sizeof(x), row, 0));
				md_cell(f, format_side_value(y, sizeof(y), row, 1));
				md_cell(f, format_change(d, sizeof(d), row));
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
		md_notes(ab, f);
	}
}
