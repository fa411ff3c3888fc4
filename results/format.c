/*
 * format: the report as text (aligned, sections wrapped to 80 columns),
 * CSV, JSON or Markdown.  Every number goes through report_num or
 * report_num_sig: fixed formats, no locale, the same bytes on every CPU.
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "report.h"

#define WIDTH 80
#define OS_WIDTH 13		/* lmbench's */
#define NOTE_WIDTH 24
#define TEXT_WIDTH 24		/* a text column (Description) at most */

/* ---------------------------------------------------------------- helpers */

static const char *
run_note(const struct report_run *r)
{
	return r->note != NULL ? r->note : "";
}

/* The cell as the tables show it: a number, the text, or "" (blank). */
static const char *
cell_str(char *buf, size_t len, const struct report_column *col, size_t run)
{
	const struct resfile_value *v = &col->cells[run];

	if (!v->present)
		return "";
	if (col->m->select == METRIC_CONFIG)
		return v->text;
	/* Counts (pages, bytes) as whole numbers. */
	if ((strcmp(col->m->display_unit, "pages") == 0 || strcmp(col->m->display_unit, "bytes") == 0)
	    && v->value == floor(v->value)) {
		snprintf(buf, len, "%.0f", v->value);
		return buf;
	}
	return report_num(buf, len, v->value);
}

/* The title before " - " (for "(continued)" lines). */
static void
short_title(char *buf, size_t len, const char *title)
{
	const char *dash = strstr(title, " - ");
	size_t n = dash ? (size_t)(dash - title) : strlen(title);

	snprintf(buf, len, "%.*s", (int)n, title);
}

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
dashes(FILE *f, size_t n)
{
	while (n-- > 0)
		fputc('-', f);
}

/* ---------------------------------------------------------------- text */

/* A line built piece by piece and printed without trailing blanks. */
struct line {
	char buf[2048];
	size_t n;
};

static void
lput(struct line *l, const char *fmt, ...) HB_PRINTF(2, 3);

static void
lput(struct line *l, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (l->n >= sizeof(l->buf) - 1)
		return;
	va_start(ap, fmt);
	k = vsnprintf(l->buf + l->n, sizeof(l->buf) - l->n, fmt, ap);
	va_end(ap);
	if (k > 0)
		l->n += (size_t)k < sizeof(l->buf) - l->n ? (size_t)k : sizeof(l->buf) - 1 - l->n;
}

static void
lend(struct line *l, FILE *f)
{
	while (l->n > 0 && l->buf[l->n - 1] == ' ')
		l->n--;
	fprintf(f, "%.*s\n", (int)l->n, l->buf);
	l->n = 0;
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
	size_t host_w, note_w;	/* note_w 0: no Note column */
	size_t prefix;		/* width of the label columns and their blanks */
};

static void
text_layout(const struct report *rep, struct text_layout *lay)
{
	size_t i;

	lay->host_w = 4;
	lay->note_w = 0;
	for (i = 0; i < rep->nruns; i++) {
		size_t n = strlen(rep->runs[i].label);

		if (n > lay->host_w)
			lay->host_w = n;
		if (rep->runs[i].note != NULL) {
			n = strlen(rep->runs[i].note);
			if (n < 4)
				n = 4;
			if (n > NOTE_WIDTH)
				n = NOTE_WIDTH;
			if (n > lay->note_w)
				lay->note_w = n;
		}
	}
	if (lay->host_w < 9)
		lay->host_w = 9;
	lay->prefix = lay->host_w + 1 + OS_WIDTH + (lay->note_w ? 1 + lay->note_w : 0);
}

static void
text_prefix(struct line *l, const struct text_layout *lay, const char *host, const char *os,
	    const char *note)
{
	lput(l, "%-*.*s %-*.*s", (int)lay->host_w, (int)lay->host_w, host,
	     OS_WIDTH, OS_WIDTH, os);
	if (lay->note_w)
		lput(l, " %-*.*s", (int)lay->note_w, (int)lay->note_w, note);
}

static void
text_chunk(const struct report *rep, const struct report_section *sec, const size_t *w,
	   size_t from, size_t to, const struct text_layout *lay, FILE *f)
{
	char buf[128];
	struct line l;
	size_t c, r, k, nlines = 1;

	l.n = 0;
	for (c = from; c < to; c++) {
		size_t n = label_lines(sec->cols[c].m->column, w[c]);

		if (n > nlines)
			nlines = n;
	}
	for (k = 0; k < nlines; k++) {
		text_prefix(&l, lay, k == 0 ? "Host" : "", k == 0 ? "OS" : "",
			    k == 0 ? "Note" : "");
		for (c = from; c < to; c++) {
			label_line(buf, sizeof(buf), sec->cols[c].m->column, w[c], k);
			if (sec->cols[c].m->select == METRIC_CONFIG)
				lput(&l, " %-*s", (int)w[c], buf);
			else
				lput(&l, " %*s", (int)w[c], buf);
		}
		lend(&l, f);
	}
	dashes(f, lay->host_w);
	fputc(' ', f);
	dashes(f, OS_WIDTH);
	if (lay->note_w) {
		fputc(' ', f);
		dashes(f, lay->note_w);
	}
	for (c = from; c < to; c++) {
		fputc(' ', f);
		dashes(f, w[c]);
	}
	fputc('\n', f);
	for (r = 0; r < rep->nruns; r++) {
		const struct report_run *run = &rep->runs[r];

		text_prefix(&l, lay, run->label, run->os, run_note(run));
		for (c = from; c < to; c++) {
			const char *s = cell_str(buf, sizeof(buf), &sec->cols[c], r);

			if (sec->cols[c].m->select == METRIC_CONFIG)
				lput(&l, " %-*.*s", (int)w[c], (int)w[c], s);
			else
				lput(&l, " %*s", (int)w[c], s);
		}
		lend(&l, f);
	}
}

static void
text_section(const struct report *rep, const struct report_section *sec,
	     const struct text_layout *lay, FILE *f)
{
	char buf[128];
	size_t *w = calloc(sec->ncols ? sec->ncols : 1, sizeof(*w));
	size_t c, r, from, used, nchunks;

	if (w == NULL)
		return;
	for (c = 0; c < sec->ncols; c++) {
		const struct report_column *col = &sec->cols[c];
		size_t lw = longest_word(col->m->column);

		w[c] = lw > 4 ? lw : 4;
		for (r = 0; r < rep->nruns; r++) {
			size_t n = strlen(cell_str(buf, sizeof(buf), col, r));

			if (col->m->select == METRIC_CONFIG && n > TEXT_WIDTH)
				n = TEXT_WIDTH;
			if (n > w[c])
				w[c] = n;
		}
	}
	fprintf(f, "%s\n", sec->s->title);
	dashes(f, WIDTH - 2);
	fputc('\n', f);
	/* How many tables the columns need at 80 characters, then as many
	 * columns in each as the count allows, so the last is not a stub. */
	for (from = 0, nchunks = 0; from < sec->ncols; from = c, nchunks++)
		for (c = from, used = lay->prefix; c < sec->ncols; c++) {
			if (c > from && used + 1 + w[c] > WIDTH)
				break;
			used += 1 + w[c];
		}
	for (from = 0; from < sec->ncols; from = c, nchunks--) {
		size_t even = (sec->ncols - from + nchunks - 1) / (nchunks ? nchunks : 1);

		used = lay->prefix;
		for (c = from; c < sec->ncols && c - from < even; c++) {
			if (c > from && used + 1 + w[c] > WIDTH)
				break;
			used += 1 + w[c];
		}
		if (from > 0) {
			short_title(buf, sizeof(buf), sec->s->title);
			fprintf(f, "\n%s (continued)\n", buf);
		}
		text_chunk(rep, sec, w, from, c, lay, f);
	}
	fputc('\n', f);
	free(w);
}

static void
text_runs(const struct report *rep, FILE *f)
{
	size_t i, k;

	fprintf(f, "Runs:\n");
	for (i = 0; i < rep->nruns; i++) {
		const struct report_run *r = &rep->runs[i];

		fprintf(f, "  [%d] %s: %s, %s%s%s%s%s\n", r->id, r->file, r->label,
			r->os[0] ? r->os : "unknown OS",
			r->note ? ", note: " : "", r->note ? r->note : "",
			r->rf.format == RESFILE_LMBENCH3 ? " (lmbench3)" : "",
			r->rf.nresults == 0 ? " (no results)" : "");
		for (k = 0; k < r->rf.nflags; k++)
			fprintf(f, "      unreliable: %s\n", r->rf.flags[k]);
	}
	fputc('\n', f);
}

/* A row of the A/B table: label, base, new, change, its interval, q,
 * verdict. */
#define AB_LABEL 16

static const char *
delta_str(char *buf, size_t len, double d)
{
	if (!isfinite(d))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%+.1f%%", d);
	return buf;
}

/* The interval of a change: "-3.0 .. +0.2%", or "" untested. */
static const char *
interval_str(char *buf, size_t len, const struct report_ab_row *row)
{
	if (!isfinite(row->lo) || !isfinite(row->hi))
		snprintf(buf, len, "%s", "");
	else if (fmax(fabs(row->lo), fabs(row->hi)) >= 999.5)
		snprintf(buf, len, "%+.0f .. %+.0f%%", row->lo, row->hi);
	else
		snprintf(buf, len, "%+.1f .. %+.1f%%", row->lo, row->hi);
	return buf;
}

static const char *
q_str(char *buf, size_t len, double q)
{
	if (isnan(q))
		snprintf(buf, len, "%s", "");
	else if (q < 0.001)
		snprintf(buf, len, "%s", "<0.001");
	else
		snprintf(buf, len, "%.3f", q);
	return buf;
}

/* How the verdicts were reached, for the line under a comparison. */
static void
method_line(const struct report *rep, const struct report_ab *ab, char *buf, size_t len)
{
	if (ab->ntested == 0)
		snprintf(buf, len, "Nothing tested: %s.",
			 ab->ncounts[REPORT_UNTESTED] > 0
			 ? "one process a side measured each value; repeat the runs\n"
			   "(make rerun) or run with --rounds 3, then compare the runs as sides"
			 : "no column is comparable");
	else
		snprintf(buf, len, "%s over %lu metrics,\nmargin +-%g%%, false discovery rate %g%% "
			 "(Benjamini-Hochberg).",
			 ab->paired ? "Paired t test by round of the per-process values"
				    : "Welch's t test of the per-process values",
			 (unsigned long)ab->ntested, rep->margin, 100 * REPORT_FDR);
}

/* A side as the A/B heading names it: "[2] nas.1", or its label and runs. */
static void
side_str(char *buf, size_t len, const struct report *rep, const struct report_group *g)
{
	size_t i, n;

	if (g->n == 1) {
		snprintf(buf, len, "[%d] %s", rep->runs[g->runs[0]].id, rep->runs[g->runs[0]].file);
		return;
	}
	n = (size_t)snprintf(buf, len, "%s (%lu runs:", g->label, (unsigned long)g->n);
	for (i = 0; i < g->n && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, " %s", rep->runs[g->runs[i]].file);
	if (n < len)
		snprintf(buf + n, len - n, ")");
}

static void
text_changes(const struct report *rep, const struct report_ab *ab, FILE *f)
{
	const struct report_group *g[2] = { ab->ga, ab->gb };
	char sa[512], sb[512];
	size_t i, k, nflags = 0;

	side_str(sa, sizeof(sa), rep, ab->ga);
	side_str(sb, sizeof(sb), rep, ab->gb);
	fprintf(f, "A/B: %s against the base %s\n", sb, sa);
	changes_text(f, ab);
	for (k = 0; k < 2; k++)
		for (i = 0; i < g[k]->n; i++)
			nflags += rep->runs[g[k]->runs[i]].rf.nflags;
	if (nflags > 0) {
		fprintf(f, "Unreliable:\n");
		for (k = 0; k < 2; k++)
			for (i = 0; i < g[k]->n; i++) {
				const struct report_run *r = &rep->runs[g[k]->runs[i]];
				size_t j;

				for (j = 0; j < r->rf.nflags; j++)
					fprintf(f, "  [%d] %s\n", r->id, r->rf.flags[j]);
			}
	}
	fputc('\n', f);
}

static void
text_ab(const struct report *rep, const struct report_ab *ab, FILE *f)
{
	char x[32], y[32], d[32], ci[48], q[16], method[256];
	const char *la, *lb;
	size_t si, i;

	text_changes(rep, ab, f);
	method_line(rep, ab, method, sizeof(method));
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
	fprintf(f, "Verdict: %lu faster or better, %lu slower or worse, %lu changed, %lu no change\n"
		"  (%lu shown the same), %lu unreliable, %lu untested, %lu not comparable.\n%s\n\n",
		(unsigned long)ab->ncounts[REPORT_BETTER], (unsigned long)ab->ncounts[REPORT_WORSE],
		(unsigned long)ab->ncounts[REPORT_CHANGED],
		(unsigned long)(ab->ncounts[REPORT_NOCHANGE] + ab->ncounts[REPORT_SAME]),
		(unsigned long)ab->ncounts[REPORT_SAME],
		(unsigned long)ab->ncounts[REPORT_UNRELIABLE], (unsigned long)ab->ncounts[REPORT_UNTESTED],
		(unsigned long)ab->ncounts[REPORT_INCOMPARABLE], method);
	for (si = 0; si < ab->nsecs; si++) {
		const struct report_ab_section *as = &ab->secs[si];

		fprintf(f, "%s\n", as->s->title);
		fprintf(f, "%-*s %9s %9s %8s %19s %6s  %s\n", AB_LABEL, "", la, lb, "change",
			"95% interval", "q", "verdict");
		for (i = 0; i < as->nrows; i++) {
			const struct report_ab_row *row = &as->rows[i];
			struct line l = { "", 0 };

			lput(&l, "%-*.*s %9s %9s %8s %19s %6s  %s", AB_LABEL, AB_LABEL, row->m->column,
			     report_num(x, sizeof(x), row->a), report_num(y, sizeof(y), row->b),
			     delta_str(d, sizeof(d), row->delta), interval_str(ci, sizeof(ci), row),
			     q_str(q, sizeof(q), row->q), report_verdict_text(row));
			if (row->regression)
				lput(&l, " REGRESSION");
			if (row->why[0] != '\0')
				lput(&l, ": %s", row->why);
			lend(&l, f);
		}
		if (as->has_geomean)
			fprintf(f, "%-*s %9s %9s %8s\n", AB_LABEL, "geomean",
				report_num(x, sizeof(x), as->geo_a), report_num(y, sizeof(y), as->geo_b),
				delta_str(d, sizeof(d), as->geo_delta));
		fputc('\n', f);
	}
	if (ab->nsecs == 0)
		fprintf(f, "No column has values on both sides.\n\n");
}

static void
write_text(const struct report *rep, FILE *f)
{
	struct text_layout lay;
	size_t i;

	text_runs(rep, f);
	if (rep->want_summary) {
		text_layout(rep, &lay);
		for (i = 0; i < rep->nsecs; i++)
			text_section(rep, &rep->secs[i], &lay, f);
		if (rep->nsecs == 0)
			fprintf(f, "No values in the chosen sections.\n\n");
	}
	for (i = 0; i < rep->nabs; i++)
		text_ab(rep, &rep->abs[i], f);
	if (rep->want_ab && rep->nabs > 0)
		fprintf(f, "Each side's value is the geometric mean of its processes' medians (each\n"
			"round of a run, or each run, is a fresh process at another moment);\n"
			"change: the second side against the first, with the %.0f%% interval of the\n"
			"change from the spread between processes; q: the p of a change beyond the\n"
			"margin, adjusted for the number of metrics (Benjamini-Hochberg).\n"
			"~: no change beyond the margin shown; same: the whole interval within\n"
			"the margin; unreliable: other work on the machine differed between the\n"
			"sides, or the data cannot tell; one run each: a process a side, nothing\n"
			"to test with; not comparable: measured differently (size, arguments,\n"
			"placement, memory reduction, emulation).\n", 100 * ABTEST_CI_LEVEL);
}

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

static void
write_csv(const struct report *rep, FILE *f)
{
	char id[16], v[48], n[24], lo[48], hi[48], lvl[16], base[16], units[32], d[48];
	char clo[32], chi[32], p[24], q[24];
	size_t si, c, r;

	fprintf(f, "run,file,host,note,section,column,unit,value,n,ci_lo,ci_hi,ci_level,better,"
		"base,units,delta_pct,change_lo_pct,change_hi_pct,p,q,significant,verdict,why\n");
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
				clo[0] = chi[0] = p[0] = q[0] = '\0';
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
					if (!isnan(row->q)) {
						snprintf(p, sizeof(p), "%.4g", row->t.p);
						snprintf(q, sizeof(q), "%.4g", row->q);
					}
				}
				snprintf(id, sizeof(id), "%d", run->id);
				csv_field(f, id, 0);
				csv_field(f, run->file, 0);
				csv_field(f, run->host, 0);
				csv_field(f, run_note(run), 0);
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
				csv_field(f, p, 0);
				csv_field(f, q, 0);
				csv_field(f, row == NULL ? "" : row->significant ? "yes" : "no", 0);
				csv_field(f, row == NULL ? "" : report_verdict_word(row->verdict), 0);
				csv_field(f, row == NULL ? "" : row->why, 1);
			}
		}
	}
}

/* ---------------------------------------------------------------- json */

/* s as a JSON string; NULL as "". */
static void
json_str(FILE *f, const char *s)
{
	escape_json(f, s != NULL ? s : "", s != NULL ? strlen(s) : 0);
}

static void
json_num(FILE *f, double v)
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
		json_str(f, r->file);
		fputs(", \"format\": ", f);
		json_str(f, r->rf.format == RESFILE_LMBENCH3 ? "lmbench3" : "hostbench");
		fputs(", \"host\": ", f);
		json_str(f, r->host);
		fputs(", \"os\": ", f);
		json_str(f, r->os);
		fputs(", \"note\": ", f);
		json_str(f, run_note(r));
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
			fprintf(f, "]}%s\n", c + 1 < sec->ncols ? "," : "");
		}
		fprintf(f, "    ]}%s\n", si + 1 < rep->nsecs ? "," : "");
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
		json_str(f, ab->ga->label);
		fputs(", \"side\": ", f);
		json_str(f, ab->gb->label);
		fprintf(f, ", \"paired\": %s, \"tested\": %lu, \"margin_pct\": ",
			ab->paired ? "true" : "false", (unsigned long)ab->ntested);
		json_num(f, rep->margin);
		fputs(", \"fdr\": ", f);
		json_num(f, REPORT_FDR);
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
				fputs(",\n         \"delta_pct\": ", f);
				json_num(f, row->delta);
				fputs(", \"change_lo_pct\": ", f);
				json_num(f, row->lo);
				fputs(", \"change_hi_pct\": ", f);
				json_num(f, row->hi);
				fputs(", \"p\": ", f);
				json_num(f, isnan(row->q) ? NAN : row->t.p);
				fputs(", \"q\": ", f);
				json_num(f, row->q);
				fputs(", \"test\": ", f);
				json_str(f, row->t.method == ABTEST_PAIRED ? "paired-t"
					 : row->t.method == ABTEST_WELCH ? "welch-t" : "none");
				fputs(",\n         \"verdict\": ", f);
				json_str(f, report_verdict_word(row->verdict));
				fputs(", \"why\": ", f);
				json_str(f, row->why);
				fprintf(f, ", \"significant\": %s, \"regression\": %s}%s\n",
					row->significant ? "true" : "false",
					row->regression ? "true" : "false",
					k + 1 < as->nrows ? "," : "");
			}
			fprintf(f, "      ]}%s\n", si + 1 < ab->nsecs ? "," : "");
		}
		fprintf(f, "     ]}%s\n", i + 1 < rep->nabs ? "," : "");
	}
	fputs("  ],\n", f);
}

static void
write_json(const struct report *rep, FILE *f)
{
	size_t i;

	fputs("{\n  \"tool\": \"hostbench-compare\",\n  \"version\": ", f);
	json_str(f, PACKAGE_VERSION);
	fputs(",\n", f);
	json_runs(rep, f);
	json_sections(rep, f);
	json_ab(rep, f);
	fputs("  \"errors\": [", f);
	for (i = 0; i < rep->nerrors; i++) {
		fputs(i ? ", " : "", f);
		json_str(f, rep->errors[i]);
	}
	fputs("]\n}\n", f);
}

/* ---------------------------------------------------------------- markdown */

static void
md_cell(FILE *f, const char *s)
{
	fputs("| ", f);
	escape_markdown(f, s, 1);
	fputc(' ', f);
}

static void
write_markdown(const struct report *rep, FILE *f)
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
		escape_markdown(f, run->label, 0);
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
				md_cell(f, run_note(&rep->runs[r]));
			for (c = 0; c < sec->ncols; c++)
				md_cell(f, cell_str(buf, sizeof(buf), &sec->cols[c], r));
			fputs("|\n", f);
		}
		fputc('\n', f);
	}
	for (i = 0; i < rep->nabs; i++) {
		const struct report_ab *ab = &rep->abs[i];
		char sa[512], sb[512];

		side_str(sa, sizeof(sa), rep, ab->ga);
		side_str(sb, sizeof(sb), rep, ab->gb);
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
			fputs("| change | 95% interval | q | verdict |\n|---|---:|---:|---:|---|---:|---|\n", f);
			for (k = 0; k < as->nrows; k++) {
				const struct report_ab_row *row = &as->rows[k];
				char ci[48], q[16], verdict[256];

				snprintf(verdict, sizeof(verdict), "%s%s%s%s", report_verdict_text(row),
					 row->regression ? " REGRESSION" : "", row->why[0] ? ": " : "", row->why);
				md_cell(f, row->m->column);
				md_cell(f, report_num(x, sizeof(x), row->a));
				md_cell(f, report_num(y, sizeof(y), row->b));
				md_cell(f, delta_str(d, sizeof(d), row->delta));
				md_cell(f, interval_str(ci, sizeof(ci), row));
				md_cell(f, q_str(q, sizeof(q), row->q));
				md_cell(f, verdict);
				fputs("|\n", f);
			}
			if (as->has_geomean) {
				md_cell(f, "geomean");
				md_cell(f, report_num(x, sizeof(x), as->geo_a));
				md_cell(f, report_num(y, sizeof(y), as->geo_b));
				md_cell(f, delta_str(d, sizeof(d), as->geo_delta));
				md_cell(f, "");
				md_cell(f, "");
				md_cell(f, "");
				fputs("|\n", f);
			}
			fputc('\n', f);
		}
	}
}

void
report_write(const struct report *rep, enum report_format fmt, FILE *f)
{
	switch (fmt) {
	case REPORT_CSV:
		write_csv(rep, f);
		break;
	case REPORT_JSON:
		write_json(rep, f);
		break;
	case REPORT_MARKDOWN:
		write_markdown(rep, f);
		break;
	default:
		write_text(rep, f);
		break;
	}
}
