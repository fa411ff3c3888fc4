/*
 * text: the report as text tables, lmbench's summary and the A/B
 * comparisons (see text.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/utf8.h"
#include "format.h"
#include "model/caveats.h"
#include "model/ladder.h"
#include "model/num.h"
#include "model/report.h"
#include "model/summary.h"
#include "model/variance.h"
#include "read/metric_table.h"
#include "text.h"
#include "text_ab.h"
#include "text_fleet.h"

#define WIDTH 100		/* a table at most */
#define WIDTH_RULE 78		/* the rule under a title: lmbench's */
#define TEXT_WIDTH 24		/* a text column (Description) at most */

/* The title before " - " (for "(continued)" lines). */
static void
short_title(char *buf, size_t len, const char *title)
{
	const char *dash = strstr(title, " - ");
	size_t n = dash ? (size_t)(dash - title) : strlen(title);

	snprintf(buf, len, "%.*s", (int)n, title);
}

/* The line l without its trailing blanks, and its end. */
static void
lend(struct format_line *l, FILE *f)
{
	fprintf(f, "%s\n", format_lend(l));
}

/*
 * The words of a label packed into lines of at most w characters (a
 * longer word gets a line of its own); line k of it into buf.
 */
static void
label_line(char *buf, size_t len, const char *label, size_t w, size_t k)
{
	const char *p = label;
	size_t line = 0, used = 0;

	buf[0] = '\0';
	while (*p != '\0') {
		size_t n = strcspn(p, " ");

		if (used > 0 && used + 1 + n > w) {
			line++;
			used = 0;
		}
		if (line == k) {
			size_t at = strlen(buf);

			snprintf(buf + at, len - at, "%s%.*s", used ? " " : "", (int)n, p);
		}
		used += (used ? 1 : 0) + n;
		p += n;
		p += strspn(p, " ");
	}
}

static size_t
label_lines(const char *label, size_t w)
{
	char buf[128];
	size_t k = 0;

	for (;;) {
		label_line(buf, sizeof(buf), label, w, k);
		if (buf[0] == '\0')
			return k;
		k++;
	}
}

static size_t
longest_word(const char *s)
{
	size_t best = 0;

	while (*s != '\0') {
		size_t n = strcspn(s, " ");

		if (n > best)
			best = n;
		s += n;
		s += strspn(s, " ");
	}
	return best;
}

struct text_layout {
	size_t host_w;		/* the row labels' column */
	size_t prefix;		/* its width and the blank after it */
};

static void
text_layout(const struct report *rep, struct text_layout *lay)
{
	size_t i;

	lay->host_w = 4;
	for (i = 0; i < rep->nruns; i++) {
		size_t n = format_cols(rep->runs[i].label);

		if (n > lay->host_w)
			lay->host_w = n;
	}
	lay->prefix = lay->host_w;
}

/* The header and rows of columns [from, to) of a section; guesses: the
 * memory section's "Guesses" column, as wide as guess_w (0: none). */
static void
text_chunk(const struct report *rep, const struct report_section *sec, const size_t *w,
	   size_t from, size_t to, const struct text_layout *lay, size_t guess_w, FILE *f)
{
	char buf[128];
	struct format_line l;
	size_t c, r, k, nlines = 1;
	int width, prec;

	l.n = 0;
	for (c = from; c < to; c++) {
		size_t n = label_lines(sec->cols[c].m->column, w[c]);

		if (n > nlines)
			nlines = n;
	}
	for (k = 0; k < nlines; k++) {
		format_lput(&l, "%-*s", (int)lay->host_w, k == 0 ? "Host" : "");
		for (c = from; c < to; c++) {
			label_line(buf, sizeof(buf), sec->cols[c].m->column, w[c], k);
			if (sec->cols[c].m->select == METRIC_CONFIG)
				format_lput(&l, " %-*s", (int)w[c], buf);
			else
				format_lput(&l, " %*s", (int)w[c], buf);
		}
		if (guess_w)
			format_lput(&l, "  %s", k == 0 ? "Guesses" : "");
		lend(&l, f);
	}
	format_dashes(f, lay->host_w);
	for (c = from; c < to; c++) {
		fputc(' ', f);
		format_dashes(f, w[c]);
	}
	if (guess_w) {
		fputs("  ", f);
		format_dashes(f, guess_w);
	}
	fputc('\n', f);
	for (r = 0; r < rep->nruns; r++) {
		const struct report_run *run = &rep->runs[r];
		const char *guess = guess_w ? summary_cache_guess(rep, sec, r) : NULL;

		if (!summary_row_has_values(sec, r))
			continue;
		width = utf8_field(run->label, lay->host_w, &prec);
		format_lput(&l, "%-*.*s", width, prec, run->label);
		for (c = from; c < to; c++) {
			const char *s = format_cell(buf, sizeof(buf), &sec->cols[c], r);

			/* (A value from the file, cut between two characters.) */
			if (sec->cols[c].m->select == METRIC_CONFIG) {
				width = utf8_field(s, w[c], &prec);
				format_lput(&l, " %-*.*s", width, prec, s);
			} else
				format_lput(&l, " %*s", (int)w[c], s);
		}
		if (guess != NULL)
			format_lput(&l, "  %s", guess);
		lend(&l, f);
	}
}

/*
 * A section: one table of at most WIDTH characters, a row per run with a
 * value in it.  The
 * columns are as wide as their longest word and cell; a text column
 * (Description) is cut at TEXT_WIDTH.  Only a section too wide even so
 * is split, into tables of even widths ("(continued)").
 */
static void
text_section(const struct report *rep, const struct report_section *sec,
	     const struct text_layout *lay, FILE *f)
{
	char buf[128];
	size_t *w = calloc(sec->ncols ? sec->ncols : 1, sizeof(*w));
	size_t c, r, from, used, nchunks, guess_w = 0;
	char ids[128];

	if (w == NULL)
		return;
	for (c = 0; c < sec->ncols; c++) {
		const struct report_column *col = &sec->cols[c];
		size_t lw = longest_word(col->m->column);

		w[c] = lw > 4 ? lw : 4;
		for (r = 0; r < rep->nruns; r++) {
			size_t n = format_cols(format_cell(buf, sizeof(buf), col, r));

			if (col->m->select == METRIC_CONFIG && n > TEXT_WIDTH)
				n = TEXT_WIDTH;
			if (n > w[c])
				w[c] = n;
		}
	}
	for (r = 0; r < rep->nruns; r++) {
		const char *g = summary_cache_guess(rep, sec, r);

		if (g != NULL && strlen(g) > guess_w)
			guess_w = strlen(g);
	}
	fprintf(f, "%s\n", sec->s->title);
	if (caveat_box_shared_runs(rep, sec, ids, sizeof(ids)) > 0) {
		struct format_sink out;
		char first[160];

		format_sink_file(&out, f);
		snprintf(first, sizeof(first), "The box of %s ", ids);
		format_wrap(&out, first, CAVEAT_BOX_SHARED_TEXT, "");
	}
	if (guess_w)
		fprintf(f, "    (WARNING - the guesses may not be correct: check the curves, --svg)\n");
	format_dashes(f, WIDTH_RULE);
	fputc('\n', f);
	/* How many tables the columns need at WIDTH characters, then as
	 * many columns in each as the count allows, so the last is not a
	 * stub.  The guesses go with the last. */
	for (from = 0, nchunks = 0; from < sec->ncols; from = c, nchunks++)
		for (c = from, used = lay->prefix + (guess_w ? 2 + guess_w : 0); c < sec->ncols; c++) {
			if (c > from && used + 1 + w[c] > WIDTH)
				break;
			used += 1 + w[c];
		}
	for (from = 0; from < sec->ncols; from = c, nchunks--) {
		size_t even = (sec->ncols - from + nchunks - 1) / (nchunks ? nchunks : 1);

		used = lay->prefix + (guess_w ? 2 + guess_w : 0);
		for (c = from; c < sec->ncols && c - from < even; c++) {
			if (c > from && used + 1 + w[c] > WIDTH)
				break;
			used += 1 + w[c];
		}
		if (from > 0) {
			short_title(buf, sizeof(buf), sec->s->title);
			fprintf(f, "\n%s (continued)\n", buf);
		}
		text_chunk(rep, sec, w, from, c, lay, c == sec->ncols ? guess_w : 0, f);
	}
	fputc('\n', f);
	free(w);
}

/* A ladder row's host: the run's label, as in the sections (the legend
 * under the tables names its file, host and note). */
static const char *
ladder_host(char *buf, size_t len, const struct report_run *run)
{
	snprintf(buf, len, "%s", run->label);
	return buf;
}

/*
 * A rate ladder: a row per run and ladder (host, the ladder's name
 * parts), a column per target (Mbit/s received and the loss), then the
 * knee; split at WIDTH columns only when it must be.
 */
static void
text_ladder(const struct report *rep, const struct report_ladder *lad, FILE *f)
{
	char buf[256];
	size_t ncols = lad->ntargets + 1, host_w = 4, group_w = 6, c, r, from, to, prefix;
	size_t *w = calloc(ncols, sizeof(*w));
	struct format_line l;
	int width, prec;

	if (w == NULL)
		return;
	l.n = 0;
	for (r = 0; r < lad->nrows; r++) {
		const struct report_run *run = &rep->runs[lad->rows[r].run];
		size_t n = format_cols(ladder_host(buf, sizeof(buf), run));

		host_w = n > host_w ? n : host_w;
		n = format_cols(lad->rows[r].group);
		group_w = n > group_w ? n : group_w;
	}
	for (c = 0; c < ncols; c++) {
		w[c] = c < lad->ntargets ? strlen(format_ladder_target(buf, sizeof(buf), lad->targets[c]))
					 : strlen("knee");
		for (r = 0; r < lad->nrows; r++) {
			size_t n = strlen(c < lad->ntargets ? format_ladder_cell(buf, sizeof(buf), &lad->rows[r], c)
					  : format_ladder_knee(buf, sizeof(buf), &lad->rows[r]));

			w[c] = n > w[c] ? n : w[c];
		}
	}
	/* One ladder for every row: named once, above the table. */
	for (r = 1; r < lad->nrows && strcmp(lad->rows[r].group, lad->rows[0].group) == 0; r++)
		;
	if (r == lad->nrows)
		group_w = 0;
	prefix = host_w + (group_w ? 1 + group_w : 0);
	fprintf(f, "%s\n", format_ladder_title(buf, sizeof(buf), lad));
	if (group_w == 0)
		fprintf(f, "Every row: %s\n", lad->rows[0].group);
	format_dashes(f, WIDTH_RULE);
	fputc('\n', f);
	for (from = 0; from < ncols; from = to) {
		size_t used = prefix;

		for (to = from; to < ncols && (to == from || used + 1 + w[to] <= WIDTH); to++)
			used += 1 + w[to];
		if (from > 0)
			fprintf(f, "\nRate ladder of %s (continued)\n",
				lad->m->fact.program != NULL ? lad->m->fact.program : lad->program);
		format_lput(&l, "%-*s", (int)host_w, "Host");
		if (group_w)
			format_lput(&l, " %-*s", (int)group_w, "Ladder");
		for (c = from; c < to; c++)
			format_lput(&l, " %*s", (int)w[c], c < lad->ntargets
			     ? format_ladder_target(buf, sizeof(buf), lad->targets[c]) : "knee");
		lend(&l, f);
		format_dashes(f, host_w);
		if (group_w) {
			fputc(' ', f);
			format_dashes(f, group_w);
		}
		for (c = from; c < to; c++) {
			fputc(' ', f);
			format_dashes(f, w[c]);
		}
		fputc('\n', f);
		for (r = 0; r < lad->nrows; r++) {
			const struct report_ladder_row *row = &lad->rows[r];

			const struct report_run *run = &rep->runs[row->run];

			ladder_host(buf, sizeof(buf), run);
			width = utf8_field(buf, host_w, &prec);
			format_lput(&l, "%-*.*s", width, prec, buf);
			if (group_w) {
				width = utf8_field(row->group, group_w, &prec);
				format_lput(&l, " %-*.*s", width, prec, row->group);
			}
			for (c = from; c < to; c++)
				format_lput(&l, " %*s", (int)w[c], c < lad->ntargets
				     ? format_ladder_cell(buf, sizeof(buf), row, c)
				     : format_ladder_knee(buf, sizeof(buf), row));
			lend(&l, f);
		}
	}
	fputc('\n', f);
	free(w);
}

/*
 * The legend of the rows: each run's label (the tables' Host column),
 * its number in the A/B ([1]), the file, host, OS, note and tags, then
 * what makes its numbers unreliable.
 */
static void
text_runs(const struct report *rep, FILE *f)
{
	struct format_sink out;
	struct format_seen seen;
	char lead[80];
	size_t i, k, w = 4;

	format_sink_file(&out, f);
	seen.n = 0;
	for (i = 0; i < rep->nruns; i++)
		if (format_cols(rep->runs[i].label) > w)
			w = format_cols(rep->runs[i].label);
	fprintf(f, "Runs:\n");
	for (i = 0; i < rep->nruns; i++) {
		const struct report_run *r = &rep->runs[i];
		struct format_line l = { "", 0 };
		size_t ntags = 0;
		int prec, width = utf8_field(r->label, w, &prec);
		char first[160];

		snprintf(first, sizeof(first), "  %-*.*s [%d] ", width, prec, r->label, r->id);
		format_lput(&l, "%s: %s, %s", r->file,
		     r->host != NULL && r->host[0] ? r->host : "unknown host",
		     r->os[0] ? r->os : "unknown OS");
		if (r->note != NULL)
			format_lput(&l, ", note: %s", r->note);
		for (k = 0; k < r->rf.nconfig; k++)
			if (strncmp(r->rf.config[k].key, "tag-", 4) == 0)
				format_lput(&l, "%s%s=%s", ntags++ ? " " : ", tags: ", r->rf.config[k].key + 4,
				     r->rf.config[k].value);
		if (r->rf.format == RESFILE_LMBENCH3)
			format_lput(&l, " (lmbench3)");
		if (r->rf.nresults == 0)
			format_lput(&l, " (no results)");
		snprintf(lead, sizeof(lead), "  %-*s     ", (int)w, "");
		format_wrap(&out, first, format_lend(&l), lead);
		snprintf(lead, sizeof(lead), "  %-*s   ", (int)w, "");
		format_flags_once(&out, r, lead, "unreliable: ", &seen);
	}
	fputc('\n', f);
}

/*
 * The cells left blank because their value is physically impossible
 * (lib/core/metric's bounds): which run, which column, why.
 */
static void
text_implausible(const struct report *rep, FILE *f)
{
	size_t i, c, r, n = 0;

	for (i = 0; i < rep->nsecs; i++)
		for (c = 0; c < rep->secs[i].ncols; c++)
			for (r = 0; r < rep->nruns; r++) {
				const struct report_column *col = &rep->secs[i].cols[c];

				if (!col->cells[r].implausible)
					continue;
				if (n++ == 0)
					fprintf(f, "Left blank, outside what is physically possible:\n");
				fprintf(f, "  [%d] %s: %s: %s\n", rep->runs[r].id, rep->secs[i].s->id,
					col->m->column, col->cells[r].why);
			}
	if (n > 0)
		fputc('\n', f);
}

/*
 * The cells marked FORMAT_SHORT_MARK: measured while bw_udp's sender fell
 * short of the rate asked.  The explanation once, then per run and
 * "udp-short:" text its columns, cut at WIDTH.
 */
static void
text_short(const struct report *rep, FILE *f)
{
	size_t i2, c2, n = 0;
	struct ladder_at at = { 0, 0, 0, 0 };
	struct summary_at sa = { 0, 0, 0, 0 };

	/* Per run and "udp-short:" text, its columns. */
	while (summary_next_short(rep, &sa)) {
		const char *note = rep->secs[sa.sec].cols[sa.col].cells[sa.run].short_note;
		struct format_line l = { "", 0 };
		int more = 0;

		if (n++ == 0)
			fprintf(f, "Marked %s, the UDP sender fell short of the rate asked (-b): the "
				"sender's limit,\nnot the path's:\n", FORMAT_SHORT_MARK);
		format_lput(&l, "  [%d] %s:", rep->runs[sa.run].id, note);
		for (i2 = sa.sec; i2 < rep->nsecs; i2++)
			for (c2 = i2 == sa.sec ? sa.col : 0; c2 < rep->secs[i2].ncols; c2++) {
				const struct resfile_value *w = &rep->secs[i2].cols[c2].cells[sa.run];
				char item[96];

				if (!w->present || w->short_note == NULL || strcmp(w->short_note, note) != 0)
					continue;
				snprintf(item, sizeof(item), " %s/%s,", rep->secs[i2].s->id,
					 rep->secs[i2].cols[c2].m->column);
				if (format_cols(l.buf) + strlen(item) + 8 > WIDTH) {
					more++;
					continue;
				}
				format_lput(&l, "%s", item);
			}
		if (l.n > 0 && l.buf[l.n - 1] == ',')
			l.n--;
		if (more > 0)
			format_lput(&l, " +%d more", more);
		lend(&l, f);
	}
	/* A ladder's steps, each its own text (its figures). */
	while (ladder_next_short(rep, &at)) {
		const struct report_ladder *lad = &rep->ladders[at.ladder];
		const struct report_ladder_row *row = &lad->rows[at.row];
		char t[32];

		if (n++ == 0)
			fprintf(f, "Marked %s, the UDP sender fell short of the rate asked (-b): the "
				"sender's limit,\nnot the path's:\n", FORMAT_SHORT_MARK);
		fprintf(f, "  [%d] %s: ladder %.40s at %s Mbit/s\n", rep->runs[row->run].id,
			row->short_note[at.target], row->group,
			format_ladder_target(t, sizeof(t), lad->targets[at.target]));
	}
	if (n > 0)
		fputc('\n', f);
}

/*
 * The summary tables, then the legend of the runs, the hosts and the
 * comparisons.  With comparisons to show as well, the text is read at a
 * glance: the tables (a row per run, lmbench's) are left to --summary,
 * a line says so, and each comparison shows each side's values.
 */
void
text_write(const struct report *rep, FILE *f)
{
	struct text_layout lay;
	size_t i;
	int glance = rep->want_summary && rep->want_ab && rep->nabs > 0;

	if (rep->want_summary && !glance) {
		text_layout(rep, &lay);
		for (i = 0; i < rep->nsecs; i++)
			text_section(rep, &rep->secs[i], &lay, f);
		for (i = 0; i < rep->nladders; i++)
			text_ladder(rep, &rep->ladders[i], f);
		if (rep->nsecs == 0 && rep->nladders == 0)
			fprintf(f, "No values in the chosen sections.\n\n");
	}
	if (rep->want_summary) {
		text_implausible(rep, f);
		text_short(rep, f);
	}
	text_runs(rep, f);
	if (glance)
		fprintf(f, "The summary tables (lmbench's, a row per run): --summary; every metric of the\n"
			"comparisons: --format markdown, csv or json.\n\n");
	text_fleet(rep, f);
	for (i = 0; i < rep->nabs; i++)
		text_ab(rep, &rep->abs[i], f);
	if (rep->want_ab && rep->nabs > 0)
		text_ab_legend(f);
}

void
text_variance(const struct report *rep, const struct variance_row *rows, size_t n, FILE *f)
{
	size_t i;

	fprintf(f, "Variance components: the standard deviation, in percent, that the samples\n"
		"of one process, the processes (rounds) of one run beyond their samples, and\n"
		"the runs beyond their processes add (Kalibera and Jones 2013), from %lu runs;\n"
		"best: the samples a process should take for its cost, sqrt(process ms /\n"
		"sample ms x samples' variance / processes' variance).\n\n", (unsigned long)rep->nruns);
	fprintf(f, "%-8s %-16s %4s %5s %5s %8s %8s %8s %9s %8s %6s\n", "section", "column", "runs",
		"procs", "n", "samples%", "procs%", "runs%", "sample-ms", "proc-ms", "best");
	for (i = 0; i < n; i++) {
		const struct variance_row *v = &rows[i];
		char best[16], sms[16] = "-", pms[16] = "-";

		if (v->sample_ms > 0)
			snprintf(sms, sizeof(sms), "%.1f", v->sample_ms);
		if (v->proc_ms > 0)
			snprintf(pms, sizeof(pms), "%.0f", v->proc_ms);
		if (isnan(v->best))
			snprintf(best, sizeof(best), "-");
		else if (isinf(v->best))
			snprintf(best, sizeof(best), "more");
		else
			snprintf(best, sizeof(best), "%.0f", v->best);
		fprintf(f, "%-8.8s %-16.16s %4lu %5.1f %5.1f %8.2f %8.2f %8.2f %9s %8s %6s\n", v->section,
			v->m->column, (unsigned long)v->runs, v->procs, v->samples, v->sd[0], v->sd[1],
			v->sd[2], sms, pms, best);
	}
	fprintf(f, "\nMedians over %lu metrics: samples %.2f%%, processes %.2f%%, runs %.2f%%.\n", (unsigned long)n,
		variance_median(rows, n, 0), variance_median(rows, n, 1), variance_median(rows, n, 2));
}
