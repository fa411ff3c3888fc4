/*
 * html: the report as one self-contained page (see html.h).  Everything
 * from a result file (names, notes, fingerprint values) goes through
 * escape_html; the plots are the charts the page is handed (render/svg),
 * inline without their XML declaration.  The page carries its own style sheet
 * and no script.  The page opens with what a reader came for: a fleet's
 * ranking, each comparison's verdict and its chart; what explains them
 * (runs, reliability notes, fingerprints, the comparisons in full) is
 * folded below in <details>, which needs no script.  Its parts are in
 * html_ab.c, html_runs.c and html_fleet.c.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "format.h"
#include "html.h"
#include "html_int.h"
#include "model/caveats.h"
#include "model/fleet.h"
#include "model/ladder.h"
#include "model/report.h"
#include "model/summary.h"
#include "read/metric_table.h"

/*
 * On screen the page is at most 1200 px wide and a chart no wider than
 * its block (max-width, and height:auto keeps its proportions: every
 * chart has a viewBox).  Printed, the margins suit A4 and Letter alike
 * (A4 is the narrower: 210 mm less 2 x 15 mm leaves 180 mm, 680 px at
 * 96 px an inch); the charts shrink to that width, long words in cells
 * wrap, no block scrolls (what scrolls is cut on paper), and a folded
 * <details> prints its contents (::details-content, where the browser
 * has it: Chromium 131, Firefox 143, Safari 18.4; elsewhere it prints
 * folded).
 */
static const char style[] =
	"body{font-family:sans-serif;font-size:14px;margin:1.5em;color:#111;max-width:1200px}\n"
	"h1{font-size:20px}h2{font-size:17px;margin-top:1.5em;border-bottom:1px solid #999}\n"
	"h3{font-size:14px;margin:1.4em 0 .3em}\n"
	"table{border-collapse:collapse;margin:.3em 0 1em}\n"
	"th,td{border:1px solid #ccc;padding:2px 6px;vertical-align:top}\n"
	"th{background:#eee;font-weight:normal;text-align:center}\n"
	"td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}\n"
	"td.k{white-space:nowrap}\n"
	"td.diff{background:#fff2b3}mark{background:#ffd54f}\n"
	"tr.better td{background:#d8f0d8}tr.worse td{background:#f8d4d4}\n"
	"tr.changed td{background:#fde7c4}tr.dim td{color:#777}\n"
	"span.better{color:#1b6e1b;font-weight:bold}span.worse{color:#b01c1c;font-weight:bold}\n"
	"section.verdict p.counts{font-size:15px}\n"
	"pre{background:#f6f6f6;padding:.5em;white-space:pre-wrap}\n"
	"div.plot{margin:1em 0;overflow-x:auto}\n"
	"svg{max-width:100%;height:auto}\n"
	"details{margin:.4em 0}details>summary{cursor:pointer;font-size:16px;padding:.2em 0}\n"
	"details details>summary,details.cases>summary{font-size:14px}\n"
	"details.cases{display:inline}\n"
	"p.small{color:#555;font-size:12px}\n"
	"@page{margin:15mm}\n"
	"@media print{\n"
	"body{margin:0;max-width:none;font-size:10pt}\n"
	"div.plot{overflow:visible;break-inside:avoid}\n"
	"h2,h3{break-after:avoid}tr{break-inside:avoid}\n"
	"table{max-width:100%;font-size:9pt}th,td{padding:1px 3px}\n"
	"td{overflow-wrap:anywhere}td.n{white-space:normal}th,td.n,td.k{overflow-wrap:normal}\n"
	"pre{overflow-wrap:anywhere}\n"
	"details::details-content{content-visibility:visible;display:block}\n"
	"details>summary{list-style:none;font-weight:bold}\n"
	"}\n";

void
html_cell(FILE *f, const char *cls, const char *s)
{
	if (cls != NULL)
		fprintf(f, "<td class=\"%s\">", cls);
	else
		fputs("<td>", f);
	escape_html(f, s);
	fputs("</td>", f);
}

void
html_head_cell(FILE *f, const char *s)
{
	fputs("<th>", f);
	escape_html(f, s);
	fputs("</th>", f);
}

/* A plot inline: one of the charts the page was handed, drawn into a
 * block of its own. */
static void
html_plot(FILE *f, const struct report *rep, void (*draw)(const struct report *, FILE *))
{
	fputs("<div class=\"plot\">\n", f);
	draw(rep, f);
	fputs("</div>\n", f);
}

/* A comparison's chart, as html_plot. */
static void
html_delta(FILE *f, const struct report *rep, const struct html_charts *charts,
	   const struct report_ab *ab)
{
	fputs("<div class=\"plot\">\n", f);
	charts->delta(rep, ab, f);
	fputs("</div>\n", f);
}

/* ---------------------------------------------------------------- tables */

void
html_box_kernel(FILE *f, const struct report *rep, const struct report_section *sec)
{
	char ids[128];

	if (caveat_box_shared_runs(rep, sec, ids, sizeof(ids)) == 0)
		return;
	fputs("<p class=\"small boxkernel\">The box of ", f);
	escape_html(f, ids);
	fputs(" " CAVEAT_BOX_SHARED_TEXT "</p>\n", f);
}

/*
 * The summary's cells marked FORMAT_SHORT_MARK (measured while bw_udp's
 * sender fell short of the rate asked): what the mark says, once, and
 * each run's "udp-short:" texts.
 */
static void
html_short(FILE *f, const struct report *rep)
{
	size_t n = 0;
	struct ladder_at at = { 0, 0, 0, 0 };
	struct summary_at sa = { 0, 0, 0, 0 };

	/* Per run and "udp-short:" text, once. */
	while (summary_next_short(rep, &sa)) {
		if (n++ == 0)
			fputs("<p class=\"small udpshort\">Marked " FORMAT_SHORT_MARK ", the UDP "
			      "sender fell short of the rate asked (-b): the sender's limit, not "
			      "the path's:", f);
		fprintf(f, "%s [%d] ", n > 1 ? ";" : "", rep->runs[sa.run].id);
		escape_html(f, rep->secs[sa.sec].cols[sa.col].cells[sa.run].short_note);
	}
	/* A ladder's steps, each its own text (its figures). */
	while (ladder_next_short(rep, &at)) {
		const struct report_ladder *lad = &rep->ladders[at.ladder];
		const struct report_ladder_row *row = &lad->rows[at.row];
		char t[32];

		if (n++ == 0)
			fputs("<p class=\"small udpshort\">Marked " FORMAT_SHORT_MARK ", the UDP "
			      "sender fell short of the rate asked (-b): the sender's limit, not "
			      "the path's:", f);
		fprintf(f, "%s [%d] ", n > 1 ? ";" : "", rep->runs[row->run].id);
		escape_html(f, row->short_note[at.target]);
		fputs(": ladder ", f);
		escape_html(f, row->group);
		fprintf(f, " at %s Mbit/s", format_ladder_target(t, sizeof(t), lad->targets[at.target]));
	}
	if (n > 0)
		fputs(".</p>\n", f);
}

static void
html_section(FILE *f, const struct report *rep, const struct report_section *sec)
{
	char buf[128];
	size_t c, r;
	int guesses = 0;

	for (r = 0; r < rep->nruns; r++)
		guesses |= summary_cache_guess(rep, sec, r) != NULL;
	fprintf(f, "<h3 id=\"sec-%s\">", sec->s->id);
	escape_html(f, sec->s->title);
	fputs("</h3>\n", f);
	html_box_kernel(f, rep, sec);
	if (guesses)
		fputs("<p class=\"small\">The guesses may not be correct: check the curves "
		      "below.</p>\n", f);
	fprintf(f, "<table class=\"sum\" data-section=\"%s\">\n<tr>", sec->s->id);
	html_head_cell(f, "Host");
	for (c = 0; c < sec->ncols; c++)
		html_head_cell(f, sec->cols[c].m->column);
	if (guesses)
		html_head_cell(f, "Guesses");
	fputs("</tr>\n", f);
	for (r = 0; r < rep->nruns; r++) {
		if (!summary_row_has_values(sec, r))
			continue;
		fputs("<tr>", f);
		html_cell(f, "k", rep->runs[r].label);
		for (c = 0; c < sec->ncols; c++) {
			const struct report_column *col = &sec->cols[c];
			const char *s = format_cell(buf, sizeof(buf), col, r);

			if (col->cells[r].implausible) {
				fputs("<td class=\"n\" title=\"", f);
				escape_html(f, col->cells[r].why);
				fputs("\">&#8212;</td>", f);
			} else {
				html_cell(f, col->m->select == METRIC_CONFIG ? NULL : "n", s);
			}
		}
		if (guesses) {
			const char *g = summary_cache_guess(rep, sec, r);

			html_cell(f, NULL, g != NULL ? g : "");
		}
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

static void
html_ladder(FILE *f, const struct report *rep, const struct report_ladder *lad)
{
	char buf[256];
	size_t c, r;

	fputs("<h3>", f);
	escape_html(f, format_ladder_title(buf, sizeof(buf), lad));
	fputs("</h3>\n<table class=\"ladder\">\n<tr>", f);
	html_head_cell(f, "Host");
	html_head_cell(f, "Ladder");
	for (c = 0; c < lad->ntargets; c++)
		html_head_cell(f, format_ladder_target(buf, sizeof(buf), lad->targets[c]));
	html_head_cell(f, "knee");
	fputs("</tr>\n", f);
	for (r = 0; r < lad->nrows; r++) {
		const struct report_ladder_row *row = &lad->rows[r];

		fputs("<tr>", f);
		html_cell(f, "k", rep->runs[row->run].label);
		html_cell(f, "k", row->group);
		for (c = 0; c < lad->ntargets; c++)
			html_cell(f, "n", format_ladder_cell(buf, sizeof(buf), row, c));
		html_cell(f, "n", format_ladder_knee(buf, sizeof(buf), row));
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

/* ---------------------------------------------------------------- page */

/* The runs' labels (and notes), at most max of them, for the title and
 * the heading. */
static void
html_labels(FILE *f, const struct report *rep, size_t max, int notes)
{
	size_t i;

	for (i = 0; i < rep->nruns && i < max; i++) {
		const struct report_run *r = &rep->runs[i];

		if (i > 0)
			fputs(", ", f);
		escape_html(f, r->label);
		if (notes && r->note != NULL) {
			fputs(" (", f);
			escape_html(f, r->note);
			fputc(')', f);
		}
	}
	if (rep->nruns > max)
		fprintf(f, " and %lu more", (unsigned long)(rep->nruns - max));
}

void
report_html(const struct report *rep, const struct html_charts *charts, FILE *f)
{
	size_t i;

	fputs("<!DOCTYPE html>\n" HTML_WRITTEN_LINE "<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta name=\"generator\" content=\"hostbench-compare " PACKAGE_VERSION "\">\n"
	      "<title>hostbench: ", f);
	html_labels(f, rep, 8, 0);
	fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>hostbench: ", style);
	html_labels(f, rep, 12, 1);
	fputs("</h1>\n", f);
	/* What the reader came for first: the ranking, the verdicts, their charts. */
	html_ranking(f, rep);
	for (i = 0; i < rep->nabs; i++) {
		html_verdict(f, rep, &rep->abs[i], i + 1);
		html_delta(f, rep, charts, &rep->abs[i]);
	}
	/* What explains them, folded. */
	fputs("<h2 id=\"details\">Details</h2>\n", f);
	html_runs(f, rep);
	html_notes(f, rep);
	html_fingerprints(f, rep);
	html_hosts(f, rep);
	for (i = 0; i < rep->nabs; i++)
		html_ab_full(f, rep, &rep->abs[i], i + 1);
	if (rep->nabs > 0)
		fprintf(f, "<p class=\"small\">Each side's value is the geometric mean of its "
			"processes' values (each round of a run, or each run); B/A: the ratio of B to A "
			"(&#215;1.52: 52%% larger in B; &#215;0.66: a third smaller), "
			"with the %.0f%% interval from the spread between processes; q: the p of a "
			"change beyond the margin of %g%%, adjusted for the number of metrics "
			"(Benjamini-Hochberg).  Green: faster or better; red: slower or worse; "
			"amber: changed (no direction); grey: unreliable, not tested or not "
			"comparable.</p>\n", 100 * ABTEST_CI_LEVEL, rep->margin);
	if (rep->want_summary) {
		fputs("<h2 id=\"summary\">Summary</h2>\n", f);
		for (i = 0; i < rep->nsecs; i++)
			html_section(f, rep, &rep->secs[i]);
		for (i = 0; i < rep->nladders; i++)
			html_ladder(f, rep, &rep->ladders[i]);
		html_short(f, rep);
		if (rep->nsecs == 0 && rep->nladders == 0)
			fputs("<p>No values in the chosen sections.</p>\n", f);
		fputs("<h2 id=\"plots\">Plots</h2>\n", f);
		html_plot(f, rep, charts->memlat);
		if (rep->nladders > 0)
			html_plot(f, rep, charts->ladder);
		if (rep->nseries > 0)
			html_plot(f, rep, charts->load);
	}
	fputs("<p class=\"small\">Written by hostbench-compare " PACKAGE_VERSION ".</p>\n"
	      "</body>\n</html>\n", f);
}
