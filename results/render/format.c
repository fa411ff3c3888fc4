/*
 * format: how the text tables show a value, shared by the renderers
 * (see format.h).
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/compat.h"
#include "core/utf8.h"
#include "format.h"
#include "model/num.h"
#include "model/report.h"
#include "read/metric_table.h"
#include "read/metric_what.h"

#define WIDTH 100		/* a line of a run's flags at most: a table's width */

const char *
format_run_note(const struct report_run *r)
{
	return r->note != NULL ? r->note : "";
}

/* The cell as the tables show it: a number, the text, or "" (blank). */
const char *
format_cell(char *buf, size_t len, const struct report_column *col, size_t run)
{
	const struct resfile_value *v = &col->cells[run];
	size_t n;

	if (!v->present)
		return "";
	if (col->m->select == METRIC_CONFIG)
		return v->text;
	if ((col->m->fact.flags & METRIC_COUNT) && v->value == floor(v->value))
		snprintf(buf, len, "%.0f", v->value);
	else
		report_num(buf, len, v->value);
	/* Measured while the UDP sender fell short of the rate asked. */
	n = strlen(buf);
	if (v->short_note != NULL && n + strlen(FORMAT_SHORT_MARK) < len)
		snprintf(buf + n, len - n, "%s", FORMAT_SHORT_MARK);
	return buf;
}

/* A ratio as the tables show it: "×22.6", "×1.45", "×1.015" (three
 * decimals within a tenth of 1, where a margin of 3% must show),
 * "×0.66", "×0.067". */
static const char *
ratio_str(char *buf, size_t len, double r)
{
	if (!isfinite(r) || r < 0)
		snprintf(buf, len, "-");
	else if (r >= 99.5)
		snprintf(buf, len, FORMAT_TIMES "%.0f", r);
	else if (r >= 9.995)
		snprintf(buf, len, FORMAT_TIMES "%.1f", r);
	else if (r >= 0.1 && fabs(r - 1) < 0.1)
		snprintf(buf, len, FORMAT_TIMES "%.3f", r);
	else if (r >= 0.1)
		snprintf(buf, len, FORMAT_TIMES "%.2f", r);
	else
		snprintf(buf, len, FORMAT_TIMES "%.2g", r);
	return buf;
}

const char *
format_ratio(char *buf, size_t len, double r)
{
	return ratio_str(buf, len, r);
}

/* A change in percent as the ratio it is: "×1.015", "-" for none. */
const char *
format_delta(char *buf, size_t len, double d)
{
	return ratio_str(buf, len, isfinite(d) ? 1 + d / 100 : NAN);
}

/* The unit of a difference: "pt" (points) for a percentage. */
static const char *
diff_unit(const struct report_ab_row *row)
{
	return row->m->display_unit[0] == '%' ? "pt" : row->m->display_unit;
}

const char *
format_side_value(char *buf, size_t len, const struct report_ab_row *row, int b)
{
	size_t n;

	report_value(buf, len, row->m, b ? row->b : row->a);
	n = strlen(buf);
	if ((b ? row->short_b : row->short_a) && n + strlen(FORMAT_SHORT_MARK) < len)
		snprintf(buf + n, len - n, "%s", FORMAT_SHORT_MARK);
	return buf;
}

const char *
format_change(char *buf, size_t len, const struct report_ab_row *row)
{
	if (!isfinite(row->delta) && row->a == 0 && isfinite(row->b)) {
		/* From 0 no ratio: the difference, in the metric's unit. */
		if (row->b == 0)
			snprintf(buf, len, "+0 %s", diff_unit(row));
		else
			snprintf(buf, len, "%+.3g %s", row->b, diff_unit(row));
		return buf;
	}
	return format_delta(buf, len, row->delta);
}

/* The interval of a change: "×0.970 .. ×1.002", "too wide", or "" untested. */
const char *
format_interval(char *buf, size_t len, const struct report_ab_row *row)
{
	char lo[32], hi[32];

	if (row->wide)
		snprintf(buf, len, "%s", "too wide");
	else if ((!isfinite(row->lo) || !isfinite(row->hi)) && isfinite(row->abs_lo) && isfinite(row->abs_hi))
		/* A difference from 0: in the metric's unit (points of a percentage). */
		snprintf(buf, len, "%+.3g .. %+.3g %s", row->abs_lo, row->abs_hi, diff_unit(row));
	else if (!isfinite(row->lo) || !isfinite(row->hi))
		snprintf(buf, len, "%s", "");
	else
		snprintf(buf, len, "%s .. %s", format_delta(lo, sizeof(lo), row->lo),
			 format_delta(hi, sizeof(hi), row->hi));
	return buf;
}

const char *
format_interval_head(char *buf, size_t len, const struct report_ab *ab)
{
	if (ab->level > 0)
		snprintf(buf, len, "%.3g%% interval", 100 * ab->level);
	else
		snprintf(buf, len, "%s", "interval");
	return buf;
}

/*
 * The words of a verdict, the only copy: every format says a verdict
 * with these (the CSV and JSON too, so that a script and a reader see
 * one vocabulary).
 */
static const char *const verdict_words[] = {
	[REPORT_NOCHANGE] = "no change",
	[REPORT_SAME] = "same",
	[REPORT_BETTER] = "better",
	[REPORT_WORSE] = "worse",
	[REPORT_CHANGED] = "changed",
	[REPORT_UNRELIABLE] = "unreliable",
	[REPORT_UNTESTED] = "not tested",
	[REPORT_INCOMPARABLE] = "not comparable",
};

const char *
format_verdict_word(enum report_verdict v)
{
	return (size_t)v < HB_ARRAY_SIZE(verdict_words) ? verdict_words[v] : "?";
}

const char *
format_note_head(const struct report_note *nt)
{
	return nt->caveat ? "note" : format_verdict_word(nt->verdict);
}

/* Time and rate units: "faster" and "slower" say it best. */
static int
speed_unit(const char *u)
{
	static const char *const speed[] = { "us", "ns", "ms", "s", "MB/s", "Mbit/s", "pkts/s", "files/s" };
	size_t i;

	for (i = 0; i < HB_ARRAY_SIZE(speed); i++)
		if (strcmp(u, speed[i]) == 0)
			return 1;
	return 0;
}

const char *
format_verdict_text(const struct report_ab_row *row)
{
	int speed = speed_unit(row->m->display_unit);

	if (row->verdict == REPORT_BETTER && speed)
		return FORMAT_FASTER;
	if (row->verdict == REPORT_WORSE && speed)
		return FORMAT_SLOWER;
	return format_verdict_word(row->verdict);
}

const char *
format_verdict_short(char *buf, size_t len, const struct report_ab_row *row)
{
	char see[48] = "";

	/* What a test that showed no change could have missed, where that
	 * is a figure worth reading (not beyond REPORT_WIDE_CI). */
	if (row->verdict == REPORT_NOCHANGE && isfinite(row->detectable) && !row->collapsed
	    && row->detectable < 100 * (REPORT_WIDE_CI - 1))
		snprintf(see, sizeof(see), " (none > %.0f%%)", row->detectable);
	else if (row->verdict == REPORT_NOCHANGE && !isfinite(row->detectable)
		 && isfinite(row->abs_detectable) && !row->collapsed)
		/* From 0: what it could have missed, in the metric's unit. */
		snprintf(see, sizeof(see), " (none > %.2g %s)", row->abs_detectable, diff_unit(row));
	snprintf(buf, len, "%s%s%s", format_verdict_text(row), see, row->regression ? " REGRESSION" : "");
	return buf;
}

const char *
format_verdict(char *buf, size_t len, const struct report_ab_row *row)
{
	char head[96];

	snprintf(buf, len, "%s%s%s", format_verdict_short(head, sizeof(head), row),
		 row->why[0] ? ": " : "", row->why);
	return buf;
}

const char *
format_verdict_counts(char *buf, size_t len, const struct report_ab *ab)
{
	size_t tested = 0, v;
	int n;

	for (v = REPORT_NOCHANGE; v <= REPORT_UNRELIABLE; v++)
		tested += ab->ncounts[v];
	n = snprintf(buf, len, "Verdict: %lu %s or %s, %lu %s or %s, %lu %s, %lu %s (%lu the %s),\n"
		     "  %lu %s, %lu %s, %lu %s.",
		     (unsigned long)ab->ncounts[REPORT_BETTER], FORMAT_FASTER, verdict_words[REPORT_BETTER],
		     (unsigned long)ab->ncounts[REPORT_WORSE], FORMAT_SLOWER, verdict_words[REPORT_WORSE],
		     (unsigned long)ab->ncounts[REPORT_CHANGED], verdict_words[REPORT_CHANGED],
		     (unsigned long)(ab->ncounts[REPORT_NOCHANGE] + ab->ncounts[REPORT_SAME]),
		     verdict_words[REPORT_NOCHANGE], (unsigned long)ab->ncounts[REPORT_SAME],
		     verdict_words[REPORT_SAME],
		     (unsigned long)ab->ncounts[REPORT_UNRELIABLE], verdict_words[REPORT_UNRELIABLE],
		     (unsigned long)ab->ncounts[REPORT_UNTESTED], verdict_words[REPORT_UNTESTED],
		     (unsigned long)ab->ncounts[REPORT_INCOMPARABLE], verdict_words[REPORT_INCOMPARABLE]);
	/* What the comparison could have seen, where it tested anything. */
	if (tested > 0 && n > 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, "\nPower: of %lu metrics tested, %lu could show a 5%% "
			 "change, %lu a 10%% change.", (unsigned long)tested, (unsigned long)ab->nsee5,
			 (unsigned long)ab->nsee10);
	return buf;
}

/* A q value: "0.012", "<0.001", "" untested. */
const char *
format_q(char *buf, size_t len, double q)
{
	if (isnan(q))
		snprintf(buf, len, "%s", "");
	else if (q < 0.001)
		snprintf(buf, len, "%s", "<0.001");
	else
		snprintf(buf, len, "%.3f", q);
	return buf;
}

const char *
format_ladder_title(char *buf, size_t len, const struct report_ladder *lad)
{
	snprintf(buf, len, "Rate ladder of %s - Mbit/s received and %% lost at each target rate\n"
		 "(Mbit/s); knee: %s",
		 lad->m->fact.program != NULL ? lad->m->fact.program : lad->program,
		 metric_what_of(lad->m));
	return buf;
}

const char *
format_ladder_cell(char *buf, size_t len, const struct report_ladder_row *row, size_t k)
{
	char got[32], loss[32];

	if (isnan(row->got[k]))
		snprintf(buf, len, "%s", "");
	else if (isnan(row->loss[k]))
		snprintf(buf, len, "%s%s", report_num(got, sizeof(got), row->got[k]),
			 row->short_note[k] != NULL ? FORMAT_SHORT_MARK : "");
	else
		snprintf(buf, len, "%s%s %s%%", report_num(got, sizeof(got), row->got[k]),
			 row->short_note[k] != NULL ? FORMAT_SHORT_MARK : "",
			 report_num_sig(loss, sizeof(loss), row->loss[k], 3));
	return buf;
}

const char *
format_ladder_knee(char *buf, size_t len, const struct report_ladder_row *row)
{
	if (isnan(row->knee))
		snprintf(buf, len, "%s", "none");
	else
		report_num_sig(buf, len, row->knee, 6);
	return buf;
}

const char *
format_ladder_target(char *buf, size_t len, double t)
{
	return report_num_sig(buf, len, t, 6);
}

/* A side as the A/B heading names it: "[2] nas.1", or its label and runs. */
void
format_side(char *buf, size_t len, const struct report *rep, const struct report_group *g)
{
	size_t i, n;

	if (g->n == 1) {
		snprintf(buf, len, "[%d] %s", rep->runs[g->runs[0]].id, rep->runs[g->runs[0]].label);
		return;
	}
	n = (size_t)snprintf(buf, len, "%s (%lu runs:", g->label, (unsigned long)g->n);
	for (i = 0; i < g->n && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, " %s", rep->runs[g->runs[i]].label);
	if (n < len)
		snprintf(buf + n, len - n, ")");
}

/*
 * A run's flags as the text shows them, each line after `lead` and
 * `tag` ("unreliable: " or ""): the
 * cases that other work made noisy, which can be most of a run on a busy
 * machine, as one entry (how many, the range of the other work, the
 * cases, a case repeated by rounds once with its count), wrapped at
 * WIDTH; the other flags one a line.
 */
/*
 * The kinds of noisy marks the suite writes, "LABEL: noisy: <lead>X<tail>"
 * with X a figure: grouped by kind.
 */
static const struct noisy_kind {
	const char *lead, *unit;
} noisy_kinds[] = {
	{ ": noisy: other processes used ", "CPUs" },
	{ ": noisy: its processes waited for a CPU ", "%" },
};

/* A mark of kind's figure and threshold, from flag: 1, or 0 when it is not one. */
static int
noisy_figures(const char *flag, const struct noisy_kind *kind, double *used, double *th)
{
	const char *at = strstr(flag, kind->lead);

	if (at == NULL)
		return 0;
	at += strlen(kind->lead);
	if (kind == &noisy_kinds[0])
		return sscanf(at, "%lf CPUs (threshold %lf)", used, th) == 2;
	return sscanf(at, "%lf%% of the time (threshold %lf%%)", used, th) == 2;
}

/* One kind's entry: its count, range and cases (see format_flags). */
static void
noisy_entry(struct format_sink *out, const struct report_run *r, const char *lead, const char *tag,
	    const struct noisy_kind *kind)
{
	double lo = HUGE_VAL, hi = 0, threshold = NAN;
	size_t k, j, n = 0;
	struct format_line l = { "", 0 };
	int pct = strcmp(kind->unit, "%") == 0;
	const char *what;

	for (k = 0; k < r->rf.nflags; k++) {
		double used, th;

		if (!noisy_figures(r->rf.flags[k], kind, &used, &th))
			continue;
		n += r->rf.flag_counts[k];
		lo = used < lo ? used : lo;
		hi = used > hi ? used : hi;
		threshold = th;
	}
	if (n == 0)
		return;
	/* (Its processes: they are the cases'; the head within a line.) */
	what = kind->lead + strlen(": noisy: ");
	if (strncmp(what, "its processes ", 14) == 0)
		what += 14;
	format_lput(&l, "%s%snoisy: %lu case%s, %s%.*f", lead, tag, (unsigned long)n, n == 1 ? "" : "s",
	     what, pct ? 0 : 2, lo);
	if (hi > lo)
		format_lput(&l, " to %.*f", pct ? 0 : 2, hi);
	if (pct)
		format_lput(&l, "%% of the time (threshold %g%%):", threshold);
	else
		format_lput(&l, " CPUs (threshold %g):", threshold);
	for (k = 0; k < r->rf.nflags; k++) {
		const char *fl = r->rf.flags[k], *at = strstr(fl, kind->lead);
		size_t len = at != NULL ? (size_t)(at - fl) : 0, count = 0, seen = 0;
		char item[128];

		if (at == NULL)
			continue;
		for (j = 0; j < r->rf.nflags; j++) {
			const char *o = r->rf.flags[j], *oat = strstr(o, kind->lead);

			if (oat == NULL || (size_t)(oat - o) != len || strncmp(o, fl, len) != 0)
				continue;
			count += r->rf.flag_counts[j];
			seen |= j < k;
		}
		if (seen)
			continue;
		snprintf(item, sizeof(item), count > 1 ? " %.*s (%lu)," : " %.*s,", (int)len, fl,
			 (unsigned long)count);
		if (l.n + strlen(item) > WIDTH) {
			format_put(out, format_lend(&l));
			format_end(out);
			format_lput(&l, "%s      ", lead);
		}
		format_lput(&l, "%s", item);
	}
	if (l.n > 0 && l.buf[l.n - 1] == ',')
		l.n--;
	format_put(out, format_lend(&l));
	format_end(out);
}

void
format_wrap(struct format_sink *out, const char *first, const char *text, const char *indent)
{
	struct format_line l = { "", 0 };
	const char *p = text;
	size_t col;

	format_lput(&l, "%s", first);
	col = format_cols(first);
	while (*p != '\0') {
		size_t n = strcspn(p, " "), room;
		int lead = col > format_cols(indent) && l.n > 0 && l.buf[l.n - 1] != ' ';

		if (col + (size_t)lead + utf8_chars(p, n) > WIDTH && col > format_cols(indent)) {
			format_put(out, format_lend(&l));
			format_end(out);
			format_lput(&l, "%s", indent);
			col = format_cols(indent);
			lead = 0;
		}
		/* A word wider than a line: cut between two characters. */
		room = WIDTH > col + (size_t)lead ? WIDTH - col - (size_t)lead : 1;
		if (utf8_chars(p, n) > room)
			n = utf8_prefix(p, n, room);
		format_lput(&l, "%s%.*s", lead ? " " : "", (int)n, p);
		col += (size_t)lead + utf8_chars(p, n);
		p += n;
		p += strspn(p, " ");
	}
	format_put(out, format_lend(&l));
	format_end(out);
}

/*
 * The explanation a flag ends with (its last part after ": "), when it
 * is long: "a cache below the page cache (a VM's disk image ...) served
 * the later passes, ...".  NULL when there is none.
 */
static const char *
flag_tail(const char *flag)
{
	const char *at = NULL, *p;

	for (p = strstr(flag, ": "); p != NULL; p = strstr(p + 2, ": "))
		at = p + 2;
	return at != NULL && strlen(at) > 60 ? at : NULL;
}

void
format_flags(struct format_sink *out, const struct report_run *r, const char *lead, const char *tag)
{
	format_flags_once(out, r, lead, tag, NULL);
}

void
format_flags_once(struct format_sink *out, const struct report_run *r, const char *lead,
		  const char *tag, struct format_seen *seen)
{
	size_t k, i;

	for (k = 0; k < r->rf.nflags; k++) {
		double used, th;
		int grouped = 0;

		for (i = 0; i < HB_ARRAY_SIZE(noisy_kinds) && !grouped; i++)
			grouped = noisy_figures(r->rf.flags[k], &noisy_kinds[i], &used, &th);
		if (!grouped) {
			char first[160], indent[160];

			const char *fl = r->rf.flags[k], *tail = flag_tail(fl);
			char text[1024];

			snprintf(first, sizeof(first), "%s%s", lead, tag);
			snprintf(indent, sizeof(indent), "%s  ", lead);
			/* A long explanation said before: once. */
			for (i = 0; seen != NULL && tail != NULL && i < seen->n; i++)
				if (strcmp(seen->tail[i], tail) == 0)
					break;
			if (seen != NULL && tail != NULL && i < seen->n) {
				snprintf(text, sizeof(text), "%.*s(as above)", (int)(tail - fl), fl);
				fl = text;
			} else if (seen != NULL && tail != NULL && seen->n < HB_ARRAY_SIZE(seen->tail))
				seen->tail[seen->n++] = tail;
			format_wrap(out, first, fl, indent);
		}
	}
	for (i = 0; i < HB_ARRAY_SIZE(noisy_kinds); i++)
		noisy_entry(out, r, lead, tag, &noisy_kinds[i]);
}

void
format_lput(struct format_line *l, const char *fmt, ...)
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

const char *
format_lend(struct format_line *l)
{
	while (l->n > 0 && l->buf[l->n - 1] == ' ')
		l->n--;
	l->buf[l->n] = '\0';
	l->n = 0;
	return l->buf;
}

/* A text stream's sink: a line as it is, ended by a line feed. */
static void
file_put(struct format_sink *out, const char *s)
{
	fputs(s, out->f);
}

static void
file_end(struct format_sink *out)
{
	fputc('\n', out->f);
}

void
format_sink_file(struct format_sink *out, FILE *f)
{
	out->put = file_put;
	out->end = file_end;
	out->f = f;
	out->lines = 0;
	out->open = 0;
}

void
format_put(struct format_sink *out, const char *s)
{
	out->put(out, s);
	out->open = 1;
}

void
format_end(struct format_sink *out)
{
	out->end(out);
	out->lines++;
	out->open = 0;
}

size_t
format_cols(const char *s)
{
	return utf8_chars(s, strlen(s));
}

void
format_dashes(FILE *f, size_t n)
{
	while (n-- > 0)
		fputc('-', f);
}
