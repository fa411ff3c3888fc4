/*
 * html_ab: a comparison on the page: its verdict first, with the metrics
 * that changed as ratios (see html_int.h); in full further down.
 */
#include "config.h"

#include <stdio.h>

#include "changes.h"
#include "escape.h"
#include "format.h"
#include "html_int.h"
#include "model/num.h"
#include "model/report.h"

static void
html_pre_sep(struct format_sink *out)
{
	if (!out->open && out->lines > 0)
		fputc('\n', out->f);
}

static void
html_pre_put(struct format_sink *out, const char *s)
{
	html_pre_sep(out);
	escape_html(out->f, s);
}

static void
html_pre_end(struct format_sink *out)
{
	html_pre_sep(out);
}

/* What changed (the text report's own words) as a preformatted block. */
static void
html_changes(FILE *f, const struct report_ab *ab)
{
	struct format_sink out = { html_pre_put, html_pre_end, NULL, 0, 0 };

	out.f = f;
	fputs("<pre>", f);
	changes_text(&out, ab);
	fputs("\n</pre>\n", f);
}

static const char *
verdict_class(enum report_verdict v)
{
	switch (v) {
	case REPORT_BETTER:
		return "better";
	case REPORT_WORSE:
		return "worse";
	case REPORT_CHANGED:
		return "changed";
	case REPORT_UNRELIABLE:
	case REPORT_UNTESTED:
	case REPORT_INCOMPARABLE:
		return "dim";
	default:
		return "same";
	}
}

/* A row of comparison n's table: metric, A, B, ratio, interval, q,
 * verdict; with the section first when sec is not NULL.  Its why, which
 * many rows share, is a note of the comparison it names (ab_notes). */
static void
ab_row(FILE *f, const struct report_ab *ab, size_t n, const struct report_ab_row *row,
       const char *sec)
{
	char x[32], y[32], r[32], ci[64], q[16], v[256];

	fprintf(f, "<tr class=\"%s\">", verdict_class(row->verdict));
	if (sec != NULL)
		html_cell(f, NULL, sec);
	html_cell(f, "k", row->m->column);
	html_cell(f, "n", format_side_value(x, sizeof(x), row, 0));
	html_cell(f, "n", format_side_value(y, sizeof(y), row, 1));
	html_cell(f, "n", format_change(r, sizeof(r), row));
	html_cell(f, "n", format_interval(ci, sizeof(ci), row));
	html_cell(f, "n", format_q(q, sizeof(q), row->q));
	if (row->note > 0 && row->note <= ab->nnotes) {
		fputs("<td>", f);
		escape_html(f, format_verdict_short(v, sizeof(v), row));
		fprintf(f, " <a href=\"#ab-%lu-note-%lu\">(note %lu)</a></td>", (unsigned long)n,
			(unsigned long)row->note, (unsigned long)row->note);
	} else
		html_cell(f, NULL, format_verdict(v, sizeof(v), row));
	fputs("</tr>\n", f);
}

static void
ab_head(FILE *f, const struct report_ab *ab, int with_section)
{
	char head[32];

	fputs("<tr>", f);
	if (with_section)
		html_head_cell(f, "section");
	html_head_cell(f, "metric");
	html_head_cell(f, "A");
	html_head_cell(f, "B");
	html_head_cell(f, "B/A");
	html_head_cell(f, format_interval_head(head, sizeof(head), ab));
	html_head_cell(f, "q");
	html_head_cell(f, "verdict");
	fputs("</tr>\n", f);
}

static void
ab_title(FILE *f, const struct report *rep, const struct report_ab *ab)
{
	char sa[512], sb[512];

	format_side(sa, sizeof(sa), rep, ab->ga);
	format_side(sb, sizeof(sb), rep, ab->gb);
	escape_html(f, sb);
	fputs(" against the base ", f);
	escape_html(f, sa);
}

void
html_verdict(FILE *f, const struct report *rep, const struct report_ab *ab, size_t n)
{
	size_t si, i, nchanged = 0, nwhy, ncav = 0;

	if (n == 1)
		fputs("<section class=\"verdict\" id=\"verdict\">\n", f);
	else
		fprintf(f, "<section class=\"verdict\" id=\"verdict-%lu\">\n", (unsigned long)n);
	fprintf(f, "<h2 id=\"ab-%lu\">A/B: ", (unsigned long)n);
	ab_title(f, rep, ab);
	fputs("</h2>\n", f);
	/* The counts in the words every format uses (format.h). */
	fprintf(f, "<p class=\"counts\"><span class=\"better\">%lu %s or %s</span>, "
		"<span class=\"worse\">%lu %s or %s</span>, %lu %s, %lu %s (%lu the %s), %lu %s, "
		"%lu %s, %lu %s.</p>\n",
		(unsigned long)ab->ncounts[REPORT_BETTER], FORMAT_FASTER, format_verdict_word(REPORT_BETTER),
		(unsigned long)ab->ncounts[REPORT_WORSE], FORMAT_SLOWER, format_verdict_word(REPORT_WORSE),
		(unsigned long)ab->ncounts[REPORT_CHANGED], format_verdict_word(REPORT_CHANGED),
		(unsigned long)(ab->ncounts[REPORT_NOCHANGE] + ab->ncounts[REPORT_SAME]),
		format_verdict_word(REPORT_NOCHANGE), (unsigned long)ab->ncounts[REPORT_SAME],
		format_verdict_word(REPORT_SAME),
		(unsigned long)ab->ncounts[REPORT_UNRELIABLE], format_verdict_word(REPORT_UNRELIABLE),
		(unsigned long)ab->ncounts[REPORT_UNTESTED], format_verdict_word(REPORT_UNTESTED),
		(unsigned long)ab->ncounts[REPORT_INCOMPARABLE], format_verdict_word(REPORT_INCOMPARABLE));
	if (ab->ntested > 0)
		fprintf(f, "<p>Power: of %lu metrics tested, %lu could show a 5%% change, %lu a 10%% "
			"change.</p>\n", (unsigned long)ab->ntested, (unsigned long)ab->nsee5,
			(unsigned long)ab->nsee10);
	for (si = 0; si < ab->nsecs; si++)
		for (i = 0; i < ab->secs[si].nrows; i++)
			if (ab->secs[si].rows[i].significant) {
				if (nchanged++ == 0) {
					fputs("<table class=\"changed\">\n", f);
					ab_head(f, ab, 1);
				}
				ab_row(f, ab, n, &ab->secs[si].rows[i], ab->secs[si].s->id);
			}
	if (nchanged > 0)
		fputs("</table>\n", f);
	else if (ab->nsecs > 0)
		fprintf(f, "<p>No metric changed significantly (beyond the margin of &#177;%g%%).</p>\n",
			rep->margin);
	else
		fputs("<p>No column has values on both sides.</p>\n", f);
	/* Why the rest cannot be read as changes, and what rows whose
	 * verdicts stand must be read with (caveats): the comparison's
	 * notes, in full below (a link into a folded block opens it). */
	for (i = 0; i < ab->nnotes; i++)
		ncav += ab->notes[i].caveat ? ab->notes[i].nrows : 0;
	nwhy = ab->ncounts[REPORT_UNRELIABLE] + ab->ncounts[REPORT_UNTESTED] + ab->ncounts[REPORT_INCOMPARABLE];
	if (ab->nnotes > 0) {
		fputs("<p>", f);
		if (nwhy > 0)
			fprintf(f, "Why %lu metric%s cannot be read as a change", (unsigned long)nwhy,
				nwhy == 1 ? "" : "s");
		if (ncav > 0)
			fprintf(f, "%s %lu metric%s must be read with", nwhy > 0 ? ", and what" : "What",
				(unsigned long)ncav, ncav == 1 ? "" : "s");
		fprintf(f, ": <a href=\"#ab-%lu-note-1\">the %lu note%s of this comparison</a>.</p>\n",
			(unsigned long)n, (unsigned long)ab->nnotes, ab->nnotes == 1 ? "" : "s");
	}
	fputs("</section>\n", f);
}

/* The comparison's notes: each why its rows share once, with the
 * metrics it applies to. */
static void
ab_notes(FILE *f, const struct report_ab *ab, size_t n)
{
	size_t i, k;

	if (ab->nnotes == 0)
		return;
	fputs("<h3>Notes</h3>\n<table class=\"abnotes\">\n<tr>", f);
	html_head_cell(f, "note");
	html_head_cell(f, "verdict");
	html_head_cell(f, "why");
	html_head_cell(f, "metrics");
	fputs("</tr>\n", f);
	for (i = 0; i < ab->nnotes; i++) {
		const struct report_note *no = &ab->notes[i];

		fprintf(f, "<tr id=\"ab-%lu-note-%lu\"><td class=\"n\">%lu</td>", (unsigned long)n,
			(unsigned long)(i + 1), (unsigned long)(i + 1));
		html_cell(f, NULL, format_note_head(no));
		html_cell(f, NULL, no->text);
		fprintf(f, "<td>%lu: ", (unsigned long)no->nrows);
		for (k = 0; k < no->nrows; k++) {
			if (k > 0)
				fputs(", ", f);
			escape_html(f, no->rows[k]->m->column);
		}
		fputs("</td></tr>\n", f);
	}
	fputs("</table>\n", f);
}

void
html_ab_full(FILE *f, const struct report *rep, const struct report_ab *ab, size_t n)
{
	char x[32], y[32], r[32];
	size_t si, i, k, nrows = 0;

	for (si = 0; si < ab->nsecs; si++)
		nrows += ab->secs[si].nrows;
	fprintf(f, "<details class=\"abfull\" id=\"ab-%lu-full\"><summary>A/B in full: ", (unsigned long)n);
	ab_title(f, rep, ab);
	fprintf(f, " (what changed, %lu metric%s)</summary>\n", (unsigned long)nrows, nrows == 1 ? "" : "s");
	if (ab->nchanges > 0)
		html_changes(f, ab);
	for (si = 0; si < ab->nsecs; si++) {
		const struct report_ab_section *as = &ab->secs[si];

		fputs("<h3>", f);
		escape_html(f, as->s->title);
		fputs("</h3>\n", f);
		for (k = 0; k < rep->nsecs; k++)
			if (rep->secs[k].s == as->s)
				html_box_kernel(f, rep, &rep->secs[k]);
		fprintf(f, "<table class=\"ab\" data-section=\"%s\">\n", as->s->id);
		ab_head(f, ab, 0);
		for (i = 0; i < as->nrows; i++)
			ab_row(f, ab, n, &as->rows[i], NULL);
		if (as->has_geomean)
			fprintf(f, "<tr><td class=\"k\">geomean</td><td class=\"n\">%s</td>"
				"<td class=\"n\">%s</td><td class=\"n\">%s</td><td></td><td></td>"
				"<td></td></tr>\n",
				report_num(x, sizeof(x), as->geo_a), report_num(y, sizeof(y), as->geo_b),
				format_delta(r, sizeof(r), as->geo_delta));
		fputs("</table>\n", f);
	}
	if (ab->nsecs == 0)
		fputs("<p>No column has values on both sides.</p>\n", f);
	ab_notes(f, ab, n);
	fputs("</details>\n", f);
}
