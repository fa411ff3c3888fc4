/*
 * html: the report as one self-contained page (see html.h).  Everything
 * from a result file (names, notes, fingerprint values) goes through
 * escape_html; the plots are the charts the page is handed (render/svg),
 * inline without their XML declaration.  The page carries its own style sheet
 * and no script.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "changes.h"
#include "escape.h"
#include "format.h"
#include "html.h"
#include "model/fleet.h"
#include "model/num.h"
#include "model/report.h"
#include "model/summary.h"
#include "read/metric_table.h"
#include "read/resfile.h"

static const char style[] =
	"body{font-family:sans-serif;font-size:14px;margin:1.5em;color:#111;max-width:1200px}\n"
	"h1{font-size:20px}h2{font-size:17px;margin-top:2em;border-bottom:1px solid #999}\n"
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
	"pre{background:#f6f6f6;padding:.5em;white-space:pre-wrap}\n"
	"div.plot{margin:1em 0;overflow-x:auto}\n"
	"p.small{color:#555;font-size:12px}\n";

/* ---------------------------------------------------------------- pieces */

/*
 * Lines of the text renderer's words (format.h) on the page: escaped,
 * "<br>" between two lines in a cell, a line feed between two in a
 * preformatted block.
 */
static void
html_sep(struct format_sink *out, const char *sep)
{
	if (!out->open && out->lines > 0)
		fputs(sep, out->f);
}

static void
html_put(struct format_sink *out, const char *s)
{
	html_sep(out, "<br>");
	escape_html(out->f, s);
}

static void
html_end(struct format_sink *out)
{
	html_sep(out, "<br>");
}

static void
html_pre_put(struct format_sink *out, const char *s)
{
	html_sep(out, "\n");
	escape_html(out->f, s);
}

static void
html_pre_end(struct format_sink *out)
{
	html_sep(out, "\n");
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

static void
cell(FILE *f, const char *cls, const char *s)
{
	if (cls != NULL)
		fprintf(f, "<td class=\"%s\">", cls);
	else
		fputs("<td>", f);
	escape_html(f, s);
	fputs("</td>", f);
}

static void
head_cell(FILE *f, const char *s)
{
	fputs("<th>", f);
	escape_html(f, s);
	fputs("</th>", f);
}

/* ---------------------------------------------------------------- runs */

/* A run's flags as the text legend words them (the noisy cases as one
 * entry), a line each. */
static void
html_flags(FILE *f, const struct report_run *r)
{
	struct format_sink out = { html_put, html_end, NULL, 0, 0 };

	out.f = f;
	format_flags(&out, r, "", "");
}

static void
html_runs(FILE *f, const struct report *rep)
{
	size_t i, k;

	fputs("<h2 id=\"runs\">Runs</h2>\n<table class=\"runs\">\n<tr>", f);
	head_cell(f, "Run");
	head_cell(f, "#");
	head_cell(f, "File");
	head_cell(f, "Host");
	head_cell(f, "OS");
	head_cell(f, "Note");
	head_cell(f, "Tags");
	head_cell(f, "Unreliable");
	fputs("</tr>\n", f);
	for (i = 0; i < rep->nruns; i++) {
		const struct report_run *r = &rep->runs[i];
		char id[16];
		int ntags = 0;

		snprintf(id, sizeof(id), "[%d]", r->id);
		fputs("<tr>", f);
		cell(f, "k", r->label);
		cell(f, "k", id);
		cell(f, NULL, r->file);
		cell(f, NULL, r->host);
		cell(f, NULL, r->rf.format == RESFILE_LMBENCH3 ? "lmbench3" : r->os);
		cell(f, NULL, format_run_note(r));
		fputs("<td>", f);
		for (k = 0; k < r->rf.nconfig; k++)
			if (strncmp(r->rf.config[k].key, "tag-", 4) == 0) {
				if (ntags++)
					fputc(' ', f);
				escape_html(f, r->rf.config[k].key + 4);
				fputc('=', f);
				escape_html(f, r->rf.config[k].value);
			}
		fputs("</td><td>", f);
		html_flags(f, r);
		if (r->rf.nresults == 0)
			fputs(r->rf.nflags ? "<br>no results" : "no results", f);
		fputs("</td></tr>\n", f);
	}
	fputs("</table>\n", f);
}

/* Whether word w (n bytes) is one of the blank-separated words of s. */
static int
has_word(const char *s, const char *w, size_t n)
{
	while (s != NULL && *s != '\0') {
		size_t m = strcspn(s, " ");

		if (m == n && strncmp(s, w, n) == 0)
			return 1;
		s += m;
		s += strspn(s, " ");
	}
	return 0;
}

/*
 * A fingerprint value that differs from the first run's: a value of
 * several words (a command line, a module list) with the words the
 * first run's value lacks marked, so that the one changed parameter of
 * a long line stands out.
 */
static void
fp_cell(FILE *f, const char *v, const char *base)
{
	const char *p = v;

	fputs("<td class=\"diff\">", f);
	if (v == NULL) {
		fputs("(none)</td>", f);
		return;
	}
	if (base == NULL || strchr(v, ' ') == NULL) {
		escape_html(f, v);
		fputs("</td>", f);
		return;
	}
	while (*p != '\0') {
		size_t n = strcspn(p, " ");
		char *w = malloc(n + 1);

		if (w == NULL)
			break;
		memcpy(w, p, n);
		w[n] = '\0';
		if (!has_word(base, p, n)) {
			fputs("<mark>", f);
			escape_html(f, w);
			fputs("</mark>", f);
		} else {
			escape_html(f, w);
		}
		free(w);
		p += n;
		if (*p == ' ')
			fputc(' ', f);
		p += strspn(p, " ");
	}
	fputs("</td>", f);
}

/*
 * The runs' fingerprints side by side: a row per key any run has, a
 * column per run; the rows where the runs differ first, their cells
 * that differ from the first run's highlighted; the rest (the same in
 * every run) below them.
 */
static void
html_fingerprints(FILE *f, const struct report *rep)
{
	size_t i, k, j, pass, ndiff = 0;

	fputs("<h2 id=\"fingerprints\">Fingerprints</h2>\n", f);
	for (pass = 0; pass < 2; pass++) {
		if (pass == 0)
			fputs("<p>Where the runs differ (highlighted: not as in the first run):</p>\n", f);
		else
			fputs("<details><summary>The same in every run</summary>\n", f);
		fputs("<table class=\"fp\">\n<tr>", f);
		head_cell(f, "key");
		for (i = 0; i < rep->nruns; i++)
			head_cell(f, rep->runs[i].label);
		fputs("</tr>\n", f);
		for (i = 0; i < rep->nruns; i++)
			for (k = 0; k < rep->runs[i].rf.nconfig; k++) {
				const char *key = rep->runs[i].rf.config[k].key;
				const char *base = resfile_fingerprint(&rep->runs[0].rf, key);
				int seen = 0, differ = 0;

				for (j = 0; j < i && !seen; j++)
					seen = resfile_fingerprint(&rep->runs[j].rf, key) != NULL;
				if (seen)
					continue;
				for (j = 0; j < rep->nruns; j++) {
					const char *v = resfile_fingerprint(&rep->runs[j].rf, key);

					if ((v == NULL) != (base == NULL) || (v && strcmp(v, base) != 0))
						differ = 1;
				}
				if (differ != (pass == 0))
					continue;
				if (differ)
					ndiff++;
				fputs("<tr>", f);
				cell(f, "k", key);
				for (j = 0; j < rep->nruns; j++) {
					const char *v = resfile_fingerprint(&rep->runs[j].rf, key);

					if (j > 0 && ((v == NULL) != (base == NULL)
						      || (v && strcmp(v, base) != 0)))
						fp_cell(f, v, base);
					else
						cell(f, NULL, v != NULL ? v : "(none)");
				}
				fputs("</tr>\n", f);
			}
		fputs("</table>\n", f);
		if (pass == 0 && ndiff == 0)
			fputs("<p>(no key differs)</p>\n", f);
		if (pass == 1)
			fputs("</details>\n", f);
	}
}

/* ---------------------------------------------------------------- tables */

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
	if (guesses)
		fputs("<p class=\"small\">The guesses may not be correct: check the curves "
		      "below.</p>\n", f);
	fprintf(f, "<table class=\"sum\" data-section=\"%s\">\n<tr>", sec->s->id);
	head_cell(f, "Host");
	for (c = 0; c < sec->ncols; c++)
		head_cell(f, sec->cols[c].m->column);
	if (guesses)
		head_cell(f, "Guesses");
	fputs("</tr>\n", f);
	for (r = 0; r < rep->nruns; r++) {
		if (!summary_row_has_values(sec, r))
			continue;
		fputs("<tr>", f);
		cell(f, "k", rep->runs[r].label);
		for (c = 0; c < sec->ncols; c++) {
			const struct report_column *col = &sec->cols[c];
			const char *s = format_cell(buf, sizeof(buf), col, r);

			if (col->cells[r].implausible) {
				fputs("<td class=\"n\" title=\"", f);
				escape_html(f, col->cells[r].why);
				fputs("\">&#8212;</td>", f);
			} else {
				cell(f, col->m->select == METRIC_CONFIG ? NULL : "n", s);
			}
		}
		if (guesses) {
			const char *g = summary_cache_guess(rep, sec, r);

			cell(f, NULL, g != NULL ? g : "");
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
	head_cell(f, "Host");
	head_cell(f, "Ladder");
	for (c = 0; c < lad->ntargets; c++)
		head_cell(f, format_ladder_target(buf, sizeof(buf), lad->targets[c]));
	head_cell(f, "knee");
	fputs("</tr>\n", f);
	for (r = 0; r < lad->nrows; r++) {
		const struct report_ladder_row *row = &lad->rows[r];

		fputs("<tr>", f);
		cell(f, "k", rep->runs[row->run].label);
		cell(f, "k", row->group);
		for (c = 0; c < lad->ntargets; c++)
			cell(f, "n", format_ladder_cell(buf, sizeof(buf), row, c));
		cell(f, "n", format_ladder_knee(buf, sizeof(buf), row));
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

/* ---------------------------------------------------------------- A/B */

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

static void
html_ab(FILE *f, const struct report *rep, const struct report_ab *ab, size_t n)
{
	char sa[512], sb[512], x[32], y[32], d[32], ci[48], q[16], head[32], v[256];
	size_t si, i;

	format_side(sa, sizeof(sa), rep, ab->ga);
	format_side(sb, sizeof(sb), rep, ab->gb);
	fprintf(f, "<h2 id=\"ab-%lu\">A/B: ", (unsigned long)n);
	escape_html(f, sb);
	fputs(" against the base ", f);
	escape_html(f, sa);
	fputs("</h2>\n", f);
	fprintf(f, "<p><span class=\"better\">%lu faster or better</span>, "
		"<span class=\"worse\">%lu slower or worse</span>, %lu changed, %lu no change "
		"(%lu shown the same), %lu unreliable, %lu untested, %lu not comparable.</p>\n",
		(unsigned long)ab->ncounts[REPORT_BETTER], (unsigned long)ab->ncounts[REPORT_WORSE],
		(unsigned long)ab->ncounts[REPORT_CHANGED],
		(unsigned long)(ab->ncounts[REPORT_NOCHANGE] + ab->ncounts[REPORT_SAME]),
		(unsigned long)ab->ncounts[REPORT_SAME],
		(unsigned long)ab->ncounts[REPORT_UNRELIABLE],
		(unsigned long)ab->ncounts[REPORT_UNTESTED],
		(unsigned long)ab->ncounts[REPORT_INCOMPARABLE]);
	if (ab->ntested > 0)
		fprintf(f, "<p>Power: of %lu metrics tested, %lu could show a 5%% change, %lu a 10%% "
			"change.</p>\n", (unsigned long)ab->ntested, (unsigned long)ab->nsee5,
			(unsigned long)ab->nsee10);
	if (ab->nchanges > 0)
		html_changes(f, ab);
	for (si = 0; si < ab->nsecs; si++) {
		const struct report_ab_section *as = &ab->secs[si];

		fputs("<h3>", f);
		escape_html(f, as->s->title);
		fprintf(f, "</h3>\n<table class=\"ab\" data-section=\"%s\">\n<tr>", as->s->id);
		head_cell(f, "metric");
		head_cell(f, "A");
		head_cell(f, "B");
		head_cell(f, "change");
		head_cell(f, format_interval_head(head, sizeof(head), ab));
		head_cell(f, "q");
		head_cell(f, "verdict");
		fputs("</tr>\n", f);
		for (i = 0; i < as->nrows; i++) {
			const struct report_ab_row *row = &as->rows[i];

			fprintf(f, "<tr class=\"%s\">", verdict_class(row->verdict));
			cell(f, "k", row->m->column);
			cell(f, "n", report_value(x, sizeof(x), row->m, row->a));
			cell(f, "n", report_value(y, sizeof(y), row->m, row->b));
			cell(f, "n", format_delta(d, sizeof(d), row->delta));
			cell(f, "n", format_interval(ci, sizeof(ci), row));
			cell(f, "n", format_q(q, sizeof(q), row->q));
			fputs("<td>", f);
			escape_html(f, format_verdict(v, sizeof(v), row));
			fputs("</td></tr>\n", f);
		}
		if (as->has_geomean)
			fprintf(f, "<tr><td class=\"k\">geomean</td><td class=\"n\">%s</td>"
				"<td class=\"n\">%s</td><td class=\"n\">%s</td><td></td><td></td>"
				"<td></td></tr>\n",
				report_num(x, sizeof(x), as->geo_a), report_num(y, sizeof(y), as->geo_b),
				format_delta(d, sizeof(d), as->geo_delta));
		fputs("</table>\n", f);
	}
	if (ab->nsecs == 0)
		fputs("<p>No column has values on both sides.</p>\n", f);
}

/* ---------------------------------------------------------------- hosts */

/* The hosts' table: a <th> per key, a <td> per host, class="diff" on a
 * differing cell; values in full. */
static void
html_hosts(FILE *f, const struct report *rep)
{
	const struct fleet_table *t;
	size_t h, i;

	if (!fleet_has_hosts(rep))
		return;
	t = &rep->fleet->table;
	fputs("<table class=\"hosts\">\n<thead><tr><th>key</th>", f);
	for (h = 0; h < t->nhosts; h++) {
		fputs("<th>", f);
		escape_html(f, rep->hosts[h].label);
		fputs("</th>", f);
	}
	fputs("</tr></thead>\n<tbody>\n<tr><th>runs</th>", f);
	for (h = 0; h < t->nhosts; h++)
		fprintf(f, "<td>%lu</td>", (unsigned long)rep->hosts[h].n);
	fputs("</tr>\n", f);
	for (i = 0; i < t->n; i++) {
		fputs("<tr><th>", f);
		escape_html(f, t->rows[i].key);
		fputs("</th>", f);
		for (h = 0; h < t->nhosts; h++) {
			fputs(t->rows[i].diff[h] ? "<td class=\"diff\">" : "<td>", f);
			escape_html(f, fleet_cell(&t->rows[i], h));
			fputs("</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</tbody>\n</table>\n", f);
}

/* "Across hosts", and the hosts left out of a ranking. */
static void
html_across(FILE *f, const struct report *rep)
{
	char x[32], y[32], r[32];
	const struct fleet_across *a;
	size_t i;

	if (!fleet_has_hosts(rep))
		return;
	a = &rep->fleet->across;
	if (a->n > 0) {
		fputs("<table class=\"across\">\n<thead><tr><th>section</th><th>column</th><th>unit</th>"
		      "<th>best</th><th>value</th><th>worst</th><th>value</th><th>worst/best</th>"
		      "</tr></thead>\n<tbody>\n", f);
		for (i = 0; i < a->n; i++) {
			const struct fleet_rank *e = &a->v[i];

			fputs("<tr><td>", f);
			escape_html(f, e->sec->s->id);
			fputs("</td><td>", f);
			escape_html(f, e->col->m->column);
			fputs("</td><td>", f);
			escape_html(f, e->col->m->display_unit);
			fputs("</td><td>", f);
			escape_html(f, rep->hosts[e->best].label);
			fprintf(f, "</td><td>%s</td><td>", report_value(x, sizeof(x), e->col->m, e->med[e->best]));
			escape_html(f, rep->hosts[e->worst].label);
			fprintf(f, "</td><td>%s</td><td>%s</td></tr>\n",
				report_value(y, sizeof(y), e->col->m, e->med[e->worst]),
				isfinite(e->ratio) ? report_num(r, sizeof(r), e->ratio) : "-");
		}
		fputs("</tbody>\n</table>\n", f);
	}
	if (a->nleft > 0) {
		fputs("<p>Left out of the ranking, measured otherwise than the rest:</p>\n<ul class=\"left\">\n", f);
		for (i = 0; i < a->nleft; i++) {
			fputs("<li>", f);
			escape_html(f, a->left[i].sec->s->id);
			fputc(' ', f);
			escape_html(f, a->left[i].col->m->column);
			fputs(": ", f);
			escape_html(f, rep->hosts[a->left[i].host].label);
			fputs(": ", f);
			escape_html(f, a->left[i].why);
			fputs("</li>\n", f);
		}
		fputs("</ul>\n", f);
	}
}

/* ---------------------------------------------------------------- page */

void
report_html(const struct report *rep, const struct html_charts *charts, FILE *f)
{
	size_t i;

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta name=\"generator\" content=\"hostbench-compare " PACKAGE_VERSION "\">\n"
	      "<title>hostbench: ", f);
	for (i = 0; i < rep->nruns && i < 8; i++) {
		if (i > 0)
			fputs(", ", f);
		escape_html(f, rep->runs[i].label);
	}
	if (rep->nruns > 8)
		fputs(" ...", f);
	fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>hostbench: ", style);
	for (i = 0; i < rep->nruns; i++) {
		const struct report_run *r = &rep->runs[i];

		if (i > 0)
			fputs(", ", f);
		escape_html(f, r->label);
		if (r->note != NULL) {
			fputs(" (", f);
			escape_html(f, r->note);
			fputc(')', f);
		}
	}
	fputs("</h1>\n", f);
	html_runs(f, rep);
	html_fingerprints(f, rep);
	if (fleet_has_hosts(rep)) {
		fputs("<h2 id=\"hosts\">Hosts</h2>\n<p>The fingerprints' keys whose values differ "
		      "among the hosts (highlighted: not as most hosts have it):</p>\n", f);
		html_hosts(f, rep);
		fputs("<h3>Across hosts: the best and the worst host at each metric</h3>\n", f);
		html_across(f, rep);
	}
	for (i = 0; i < rep->nabs; i++) {
		html_ab(f, rep, &rep->abs[i], i + 1);
		html_delta(f, rep, charts, &rep->abs[i]);
	}
	if (rep->want_summary) {
		fputs("<h2 id=\"summary\">Summary</h2>\n", f);
		for (i = 0; i < rep->nsecs; i++)
			html_section(f, rep, &rep->secs[i]);
		for (i = 0; i < rep->nladders; i++)
			html_ladder(f, rep, &rep->ladders[i]);
		if (rep->nsecs == 0 && rep->nladders == 0)
			fputs("<p>No values in the chosen sections.</p>\n", f);
		fputs("<h2 id=\"plots\">Plots</h2>\n", f);
		html_plot(f, rep, charts->memlat);
		if (rep->nladders > 0)
			html_plot(f, rep, charts->ladder);
		if (rep->nseries > 0)
			html_plot(f, rep, charts->load);
	}
	if (rep->nabs > 0)
		fprintf(f, "<p class=\"small\">Each side's value is the geometric mean of its "
			"processes' values (each round of a run, or each run); change: B against A, "
			"with the %.0f%% interval from the spread between processes; q: the p of a "
			"change beyond the margin of %g%%, adjusted for the number of metrics "
			"(Benjamini-Hochberg).  Green: faster or better; red: slower or worse; "
			"amber: changed (no direction); grey: unreliable, untested or not "
			"comparable.</p>\n", 100 * ABTEST_CI_LEVEL, rep->margin);
	fputs("<p class=\"small\">Written by hostbench-compare " PACKAGE_VERSION ".</p>\n"
	      "</body>\n</html>\n", f);
}
