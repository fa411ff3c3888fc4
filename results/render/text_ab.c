/*
 * text_ab: an A/B comparison as text, to be read at a glance (see
 * text_ab.h): what changed, the verdicts counted, a table of the
 * metrics that changed (or, with nothing tested, of the largest
 * differences), each note once with the metrics it applies to, and the
 * sections' geometric means.  Every row is in the other formats.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "changes.h"
#include "format.h"
#include "model/num.h"
#include "model/report.h"
#include "read/metric_table.h"
#include "text_ab.h"

#define WIDTH 100		/* a line at most */
#define TOP_UNTESTED 8		/* rows shown when nothing was tested */

/* A row of the table and its section. */
struct shown {
	const struct report_ab_section *as;
	const struct report_ab_row *row;
	double size;		/* |log(b / a)|: the largest first, untested */
};

/* A table's cells of one row (or the head), and the columns' widths. */
enum { C_SEC, C_METRIC, C_UNIT, C_A, C_B, C_CHANGE, C_CI, C_VERDICT, NCOLS };

struct cells {
	char c[NCOLS][160];
};

static void
put_cell(struct format_line *l, const char *s, size_t w, int left, int first)
{
	size_t n = format_cols(s), pad = w > n ? w - n : 0;

	if (!first)
		format_lput(l, " ");
	if (left)
		format_lput(l, "%s%*s", s, (int)pad, "");
	else
		format_lput(l, "%*s%s", (int)pad, "", s);
}

static void
put_row(FILE *f, const struct cells *c, const size_t *w)
{
	struct format_line l = { "", 0 };
	size_t k;

	for (k = 0; k < NCOLS; k++)
		put_cell(&l, c->c[k], w[k], k <= C_UNIT || k == C_VERDICT, k == 0);
	fprintf(f, "%s\n", format_lend(&l));
}

static void
row_cells(const struct report_ab_section *as, const struct report_ab_row *row, struct cells *c)
{
	format_side_value(c->c[C_A], sizeof(c->c[C_A]), row, 0);
	format_side_value(c->c[C_B], sizeof(c->c[C_B]), row, 1);
	snprintf(c->c[C_SEC], sizeof(c->c[C_SEC]), "%s", as->s->id);
	snprintf(c->c[C_METRIC], sizeof(c->c[C_METRIC]), "%s", row->m->column);
	snprintf(c->c[C_UNIT], sizeof(c->c[C_UNIT]), "%s", row->m->display_unit);
	format_change(c->c[C_CHANGE], sizeof(c->c[C_CHANGE]), row);
	format_interval(c->c[C_CI], sizeof(c->c[C_CI]), row);
	format_verdict_short(c->c[C_VERDICT], sizeof(c->c[C_VERDICT]), row);
}

static int
by_size(const void *x, const void *y)
{
	const struct shown *a = x, *b = y;

	return a->size < b->size ? 1 : a->size > b->size ? -1 : 0;
}

/* The rows worth a glance: every significant one; with nothing tested,
 * the TOP_UNTESTED largest differences beyond the margin, in the tables'
 * order.  Their
 * number; *out malloc'd (NULL on failure, 0 rows). */
static size_t
shown_rows(const struct report *rep, const struct report_ab *ab, struct shown **out)
{
	size_t si, k, n = 0, total = 0;
	struct shown *v;

	for (si = 0; si < ab->nsecs; si++)
		total += ab->secs[si].nrows;
	if ((*out = v = malloc((total ? total : 1) * sizeof(*v))) == NULL)
		return 0;
	for (si = 0; si < ab->nsecs; si++)
		for (k = 0; k < ab->secs[si].nrows; k++) {
			const struct report_ab_row *row = &ab->secs[si].rows[k];
			int untested = ab->ntested == 0 && row->verdict == REPORT_UNTESTED
				       && row->a > 0 && row->b > 0 && fabs(row->delta) > rep->margin;

			if (!row->significant && !row->regression && !untested)
				continue;
			v[n].as = &ab->secs[si];
			v[n].row = row;
			v[n++].size = untested ? fabs(log(row->b / row->a)) : HUGE_VAL;
		}
	if (ab->ntested == 0 && n > TOP_UNTESTED) {
		double cut;

		qsort(v, n, sizeof(*v), by_size);
		cut = v[TOP_UNTESTED - 1].size;
		/* The largest, back in the tables' order. */
		for (n = 0, si = 0; si < ab->nsecs; si++)
			for (k = 0; k < ab->secs[si].nrows && n < TOP_UNTESTED; k++) {
				const struct report_ab_row *row = &ab->secs[si].rows[k];

				if (row->verdict != REPORT_UNTESTED || !(row->a > 0) || !(row->b > 0)
				    || !(fabs(row->delta) > rep->margin) || fabs(log(row->b / row->a)) < cut)
					continue;
				v[n].as = &ab->secs[si];
				v[n].row = row;
				v[n++].size = fabs(log(row->b / row->a));
			}
	}
	return n;
}

static void
table(const struct report *rep, const struct report_ab *ab, const char *la, const char *lb, FILE *f)
{
	struct shown *v = NULL;
	size_t n = shown_rows(rep, ab, &v), i, k, w[NCOLS];
	struct cells head, c;
	char ih[32];

	if (n == 0) {
		fprintf(f, "No metric %s beyond the margin (+-%g%%).\n",
			ab->ntested > 0 ? "changed" : "differs", rep->margin);
		free(v);
		return;
	}
	if (ab->ntested == 0)
		fprintf(f, "The largest differences (not tested: nothing to test with):\n");
	snprintf(head.c[C_SEC], sizeof(head.c[C_SEC]), "%s", "Section");
	snprintf(head.c[C_METRIC], sizeof(head.c[C_METRIC]), "%s", "Metric");
	snprintf(head.c[C_UNIT], sizeof(head.c[C_UNIT]), "%s", "Unit");
	snprintf(head.c[C_A], sizeof(head.c[C_A]), "%s", la);
	snprintf(head.c[C_B], sizeof(head.c[C_B]), "%s", lb);
	snprintf(head.c[C_CHANGE], sizeof(head.c[C_CHANGE]), "%s", "change");
	snprintf(head.c[C_CI], sizeof(head.c[C_CI]), "%s",
		 ab->ntested > 0 ? format_interval_head(ih, sizeof(ih), ab) : "");
	snprintf(head.c[C_VERDICT], sizeof(head.c[C_VERDICT]), "%s", "verdict");
	for (k = 0; k < NCOLS; k++)
		w[k] = format_cols(head.c[k]);
	for (i = 0; i < n; i++) {
		row_cells(v[i].as, v[i].row, &c);
		for (k = 0; k < NCOLS; k++)
			if (format_cols(c.c[k]) > w[k])
				w[k] = format_cols(c.c[k]);
	}
	w[C_VERDICT] = 0;	/* the last: no padding */
	put_row(f, &head, w);
	for (i = 0; i < n; i++) {
		row_cells(v[i].as, v[i].row, &c);
		put_row(f, &c, w);
	}
	free(v);
}

/* Is a column of this name in another section of the comparison? */
static int
name_shared(const struct report_ab *ab, const struct report_ab_row *row)
{
	size_t si, k;

	for (si = 0; si < ab->nsecs; si++)
		for (k = 0; k < ab->secs[si].nrows; k++)
			if (&ab->secs[si].rows[k] != row
			    && strcmp(ab->secs[si].rows[k].m->column, row->m->column) == 0)
				return 1;
	return 0;
}

static const char *
section_of(const struct report_ab *ab, const struct report_ab_row *row)
{
	size_t si;

	for (si = 0; si < ab->nsecs; si++)
		if (row >= ab->secs[si].rows && row < ab->secs[si].rows + ab->secs[si].nrows)
			return ab->secs[si].s->id;
	return "?";
}

/* The part of a note before its first figure ("contended: waited for a
 * CPU "), its kind: its length. */
static size_t
kind_len(const char *text)
{
	return strcspn(text, "0123456789");
}

static int
same_kind(const struct report_note *x, const struct report_note *y)
{
	size_t n = kind_len(x->text);

	return x->verdict == y->verdict && x->caveat == y->caveat && n == kind_len(y->text) && n < strlen(x->text)
	       && strncmp(x->text, y->text, n) == 0;
}

/* The metrics of notes [from, to) of one kind, after the line's head,
 * cut at WIDTH with how many more. */
static void
note_metrics(const struct report_ab *ab, size_t from, size_t to, struct format_line *l, FILE *f)
{
	size_t i, k, left = 0, all = 0, len;
	int cut = 0;

	for (i = from; i < to; i++)
		if (i == from || same_kind(&ab->notes[from], &ab->notes[i]))
			all += ab->notes[i].nrows;
	left = all;
	/* A long head and metrics that do not fit after it: the metrics on
	 * a line of their own. */
	for (i = from, len = 0; i < to; i++)
		if (i == from || same_kind(&ab->notes[from], &ab->notes[i]))
			for (k = 0; k < ab->notes[i].nrows; k++)
				len += 2 + strlen(ab->notes[i].rows[k]->m->column);
	if (format_cols(l->buf) > WIDTH / 2 && format_cols(l->buf) + len > WIDTH) {
		fprintf(f, "%s\n", format_lend(l));
		format_lput(l, " ");
	}
	for (i = from; i < to && !cut; i++) {
		const struct report_note *nt = &ab->notes[i];

		if (i != from && !same_kind(&ab->notes[from], nt))
			continue;
		for (k = 0; k < nt->nrows; k++, left--) {
			const struct report_ab_row *row = nt->rows[k];
			char item[96], more[32];

			if (name_shared(ab, row))
				snprintf(item, sizeof(item), " %s/%s,", section_of(ab, row), row->m->column);
			else
				snprintf(item, sizeof(item), " %s,", row->m->column);
			snprintf(more, sizeof(more), " +%lu more", (unsigned long)left);
			if (format_cols(l->buf) + strlen(item) + (left > 1 ? strlen(more) + 1 : 0) > WIDTH) {
				format_lput(l, "%s", more);
				cut = 1;
				break;
			}
			format_lput(l, "%s", item);
		}
	}
	if (l->n > 0 && l->buf[l->n - 1] == ',')
		l->n--;
	fprintf(f, "%s\n", format_lend(l));
}

/*
 * Each note once: its verdict, its message, the metrics it applies to
 * (a name several sections have with its section, "spread/Pipe"), cut at
 * WIDTH with how many more; "every metric" when it is all of them.
 * Notes of one kind that differ only in their figures (a contention's
 * percentages, one per metric), more than MANY of them, are one line:
 * the kind, how many metrics and figures, then the metrics.
 */
#define MANY 3
static void
notes(const struct report_ab *ab, FILE *f)
{
	size_t i, j, total = 0, si;

	for (si = 0; si < ab->nsecs; si++)
		total += ab->secs[si].nrows;
	for (i = 0; i < ab->nnotes; i++) {
		const struct report_note *nt = &ab->notes[i];
		struct format_line l = { "", 0 };
		size_t kin = 0, rows = 0, first = i, n;

		for (j = 0; j < ab->nnotes; j++)
			if (same_kind(nt, &ab->notes[j])) {
				kin++;
				rows += ab->notes[j].nrows;
				if (j < first)
					first = j;
			}
		if (kin > MANY) {
			if (first < i)
				continue;	/* the kind's line is printed */
			n = kind_len(nt->text);
			while (n > 0 && strchr(" :[", nt->text[n - 1]) != NULL)
				n--;
			format_lput(&l, "%s: %.*s (%lu metrics, %lu figures):",
				    format_note_head(nt), (int)n, nt->text,
				    (unsigned long)rows, (unsigned long)kin);
			note_metrics(ab, i, ab->nnotes, &l, f);
			continue;
		}
		format_lput(&l, "%s: %s (%lu):", format_note_head(nt), nt->text,
			    (unsigned long)nt->nrows);
		if (nt->nrows == total && total > MANY) {
			format_lput(&l, " every metric");
			fprintf(f, "%s\n", format_lend(&l));
			continue;
		}
		note_metrics(ab, i, i + 1, &l, f);
	}
}

/* The sections' geometric means, wrapped: "proc ×1.23, int ×0.964". */
static void
geomeans(const struct report_ab *ab, FILE *f)
{
	struct format_line l = { "", 0 };
	size_t si, n = 0;

	for (si = 0; si < ab->nsecs; si++) {
		const struct report_ab_section *as = &ab->secs[si];
		char d[32], item[64];

		if (!as->has_geomean)
			continue;
		snprintf(item, sizeof(item), " %s %s,", as->s->id, format_delta(d, sizeof(d), as->geo_delta));
		if (n++ == 0)
			format_lput(&l, "Geomean by section (B against A):");
		if (format_cols(l.buf) + format_cols(item) > WIDTH) {
			fprintf(f, "%s\n", format_lend(&l));
			format_lput(&l, " ");
		}
		format_lput(&l, "%s", item);
	}
	if (n == 0)
		return;
	if (l.n > 0 && l.buf[l.n - 1] == ',')
		l.n--;
	fprintf(f, "%s\n", format_lend(&l));
}

/* How the verdicts were reached, two lines at most. */
static void
method(const struct report *rep, const struct report_ab *ab, FILE *f)
{
	if (ab->ntested == 0) {
		fprintf(f, "Nothing tested: %s.\n", ab->ncounts[REPORT_UNTESTED] > 0
			? "one process a side measured each value; repeat the runs (make rerun)\n"
			  "or run with --rounds 3, then compare the runs as sides"
			: "no column is comparable");
		return;
	}
	fprintf(f, "%s over %lu metrics, margin +-%g%%,\nfalse discovery rate %.3g%% "
		"(Benjamini-Hochberg), intervals at %.4g%% (Benjamini-Yekutieli).\n",
		ab->paired ? "Paired t test by round of the per-process values"
			   : "Welch's t test of the per-process values",
		(unsigned long)ab->ntested, rep->margin, 100 * rep->fdr, 100 * ab->level);
	if (rep->look > 0)
		fprintf(f, "Look %u of a sequential experiment: %.3g%% of the 5%% spent here (5%% / (K (K + 1)),\n"
			"Lan-DeMets alpha spending, Bonferroni over the looks).\n", rep->look,
			100 * rep->fdr / REPORT_FDR);
}

void
text_ab(const struct report *rep, const struct report_ab *ab, FILE *f)
{
	const struct report_group *g[2] = { ab->ga, ab->gb };
	struct format_sink out;
	char sa[512], sb[512], counts[512];
	const char *la, *lb;
	size_t i, k, nflagged = 0;

	format_sink_file(&out, f);
	format_side(sa, sizeof(sa), rep, ab->ga);
	format_side(sb, sizeof(sb), rep, ab->gb);
	fprintf(f, "A/B: %s against the base %s\n", sb, sa);
	changes_text(&out, ab);
	/* The runs' flags are in the legend of the runs, once. */
	for (k = 0; k < 2; k++)
		for (i = 0; i < g[k]->n; i++) {
			const struct report_run *r = &rep->runs[g[k]->runs[i]];

			if (r->rf.nflags == 0)
				continue;
			fprintf(f, "%s[%d]", nflagged++ ? " " : "Unreliable runs (see Runs): ", r->id);
		}
	if (nflagged > 0)
		fputc('\n', f);
	/* Long side names stand above the table, A and B in it. */
	la = strlen(ab->ga->label) <= 9 && strlen(ab->gb->label) <= 9 ? ab->ga->label : "A";
	lb = la[0] == 'A' && la[1] == '\0' ? "B" : ab->gb->label;
	if (la[0] == 'A' && la[1] == '\0') {
		fprintf(f, "Sides: A = %s (", ab->ga->label);
		for (i = 0; i < ab->ga->n; i++)
			fprintf(f, "%s[%d]", i ? " " : "", rep->runs[ab->ga->runs[i]].id);
		fprintf(f, "), B = %s (", ab->gb->label);
		for (i = 0; i < ab->gb->n; i++)
			fprintf(f, "%s[%d]", i ? " " : "", rep->runs[ab->gb->runs[i]].id);
		fprintf(f, ")\n");
	}
	fprintf(f, "%s\n", format_verdict_counts(counts, sizeof(counts), ab));
	method(rep, ab, f);
	fputc('\n', f);
	if (ab->nsecs == 0) {
		fprintf(f, "No column has values on both sides.\n\n");
		return;
	}
	table(rep, ab, la, lb, f);
	notes(ab, f);
	geomeans(ab, f);
	fputc('\n', f);
}

void
text_ab_legend(FILE *f)
{
	fprintf(f, "Each side's value is the geometric mean of its processes' values (each round of a\n"
		"run, or each run, is a fresh process at another moment; a process's value is its\n"
		"samples' lower quartile for a time, upper for a rate of local work, total for a network\n"
		"rate or loss: see RESULTS in the program's man page).  change: B against A as a ratio\n"
		"(" FORMAT_TIMES "2.00: twice the value), with its interval at the level that agrees with the false\n"
		"discovery rate over the metrics; a change is significant exactly when its interval lies\n"
		"wholly beyond the margin.  The table shows the significant changes (every metric, with\n"
		"its q: --format markdown, csv or json).  Verdicts: " FORMAT_FASTER "/" FORMAT_SLOWER
		" (a time or a rate),\nbetter/worse, changed (no direction); no change (none > N%%: no larger change could\n"
		"hide); same: the whole interval within the margin; unreliable: a side's processes\n"
		"waited for a CPU, or a sample collapsed; not tested: one process a side; not\n"
		"comparable: measured differently (size, arguments, placement, memory reduction,\n"
		"emulation, another offered rate).\n");
}
