/*
 * format: how the tables show a value, which every renderer shares, and
 * the lines of text that the text renderer prints and the page
 * escapes.  Each function that takes buf writes into it (cut short at
 * len) and returns it, or returns a string of the report's; none fails.
 */
#ifndef HB_FORMAT_H
#define HB_FORMAT_H

#include <stddef.h>
#include <stdio.h>

#include "core/compat.h"
#include "model/report.h"

/*
 * Where lines of text go: a text stream as they are (format_sink_file),
 * or a page that escapes them.  put writes a piece of a line, end ends
 * it; lines counts the lines ended, open is set between a line's first
 * piece and its end.  The renderers call format_put and format_end.
 */
struct format_sink {
	void (*put)(struct format_sink *out, const char *s);
	void (*end)(struct format_sink *out);
	FILE *f;
	size_t lines;
	int open;
};

void format_sink_file(struct format_sink *out, FILE *f);
void format_put(struct format_sink *out, const char *s);
void format_end(struct format_sink *out);

/* A line built piece by piece (format_lput: cut at the buffer's end)
 * and taken whole by format_lend: without its trailing blanks, the
 * line emptied for the next. */
struct format_line {
	char buf[2048];
	size_t n;
};

void format_lput(struct format_line *l, const char *fmt, ...) HB_PRINTF(2, 3);
const char *format_lend(struct format_line *l);

/* The characters of s: the columns it takes in a table (a host's name,
 * a note may be UTF-8; a width in bytes would misalign it). */
size_t format_cols(const char *s);

/* n dashes: a rule under a title or a table's head. */
void format_dashes(FILE *f, size_t n);

/* The run's note, or "" without one. */
const char *format_run_note(const struct report_run *r);

/* The mark of a value measured while bw_udp's sender fell short of the
 * rate asked (its "udp-short:" line): the sender's limit, not the path's. */
#define FORMAT_SHORT_MARK "*"

/* Column col's cell of run as the tables show it: a number (a count as a
 * whole number, FORMAT_SHORT_MARK after one the UDP sender fell short
 * for), the text, or "" (blank). */
const char *format_cell(char *buf, size_t len, const struct report_column *col, size_t run);

/* The multiplication sign of a ratio (UTF-8): "×22.6". */
#define FORMAT_TIMES "\xc3\x97"

/* A ratio: "×22.6", "×1.45", "×1.015" (near 1), "×0.66", "×0.067"; "-"
 * when it is not a number.  Every format shows a change so, never as a
 * percentage ("+2155.9%" is "×22.6"). */
const char *format_ratio(char *buf, size_t len, double r);

/* A change in percent as its ratio (format_ratio of 1 + d/100):
 * "×1.015", or "-" when it is not a number. */
const char *format_delta(char *buf, size_t len, double d);

/* The interval of a row's change as ratios: "×0.970 .. ×1.002", "too
 * wide", a difference in the metric's unit, or "" untested. */
const char *format_interval(char *buf, size_t len, const struct report_ab_row *row);

/* Side A's (b 0) or B's (b 1) value of a row, FORMAT_SHORT_MARK after it
 * where a run of the side was measured while the UDP sender fell short
 * of the rate asked (the row's note says so). */
const char *format_side_value(char *buf, size_t len, const struct report_ab_row *row, int b);

/* A row's change: its ratio (format_delta), or from side A's 0, where
 * there is none, the difference in the metric's unit ("+5.6 pt", "pt"
 * the points of a percentage; "+0 pt" from 0 to 0). */
const char *format_change(char *buf, size_t len, const struct report_ab_row *row);

/* What a comparison's note is of: its rows' verdict, or "note" for a
 * caveat of rows whatever their verdicts (report_note.caveat). */
const char *format_note_head(const struct report_note *nt);

/* The heading of the interval column at the comparison's level:
 * "99.9% interval" (the level to three digits). */
const char *format_interval_head(char *buf, size_t len, const struct report_ab *ab);

/*
 * The vocabulary of a verdict, the same in every format (text, CSV,
 * JSON, Markdown, the page): "faster" and "slower" for a time or a rate
 * that changed, "better" and "worse" for another metric with a
 * direction, "changed" for one without, "no change", "same" (the whole
 * interval within the margin), "unreliable", "not tested" and "not
 * comparable"; why says the rest ("one run each", "contended: ...").
 */
#define FORMAT_FASTER "faster"
#define FORMAT_SLOWER "slower"

/* A row's verdict in those words: "faster", "not tested" ... */
const char *format_verdict_text(const struct report_ab_row *row);

/* A verdict's word without a row (no "faster"/"slower": "better" and
 * "worse"): "no change", "not tested" ... */
const char *format_verdict_word(enum report_verdict v);

/* A row's verdict, its REGRESSION and, for no change, what the test
 * could have missed: "slower REGRESSION", "no change (none > 8%)"; no
 * why. */
const char *format_verdict_short(char *buf, size_t len, const struct report_ab_row *row);

/* The same with the row's why: "unreliable: contended: ...",
 * "not tested: one run each". */
const char *format_verdict(char *buf, size_t len, const struct report_ab_row *row);

/*
 * The verdict counts of a comparison in one sentence, and on a second
 * its power: "Power: 12 of 40 tested metrics could show a 5% change, 30
 * a 10% change."  (No newline at the end.)
 */
const char *format_verdict_counts(char *buf, size_t len, const struct report_ab *ab);

/* A q value: "0.012", "<0.001", or "" untested. */
const char *format_q(char *buf, size_t len, double q);

/*
 * A rate ladder's title, two lines, from its knee's entry: "Rate ladder
 * of bw_udp - Mbit/s received and % lost at each target rate\n(Mbit/s);
 * knee: ...".
 */
const char *format_ladder_title(char *buf, size_t len, const struct report_ladder *lad);

/* A step's cell: Mbit/s received and the loss, "998.9 0.12%"; "" none. */
const char *format_ladder_cell(char *buf, size_t len, const struct report_ladder_row *row,
			       size_t k);

/* A row's knee: Mbit/s, or "none" (no step held). */
const char *format_ladder_knee(char *buf, size_t len, const struct report_ladder_row *row);

/* A target as a column heading: "10", "1000", "0.5" (Mbit/s). */
const char *format_ladder_target(char *buf, size_t len, double t);

/* A side as the A/B heading names it, by the runs' labels (the legend
 * gives their files): "[2] nas.1", or the side's label and runs:
 * "tag-kernel=6.1 (2 runs: a.0 b.0)". */
void format_side(char *buf, size_t len, const struct report *rep, const struct report_group *g);

/*
 * A line of text wrapped at 100 columns: first, then the words of text,
 * each further line after indent; a word wider than a line is cut.
 */
void format_wrap(struct format_sink *out, const char *first, const char *text, const char *indent);

/*
 * A run's flags (what makes its numbers unreliable), a line each after
 * lead and tag ("unreliable: " or ""); the cases that other work made
 * noisy, which can be most of a run on a busy machine, as one entry (how
 * many, the range of the other work, the cases, a repeated case once with
 * its count); every line wrapped at 100 columns.
 */
void format_flags(struct format_sink *out, const struct report_run *r, const char *lead,
		  const char *tag);

/* The long explanations that flags end with, said once (format_flags_once). */
struct format_seen {
	const char *tail[32];
	size_t n;
};

/* format_flags, but a flag whose long explanation (its last part after
 * ": ") seen holds already ends "(as above)"; seen keeps the new ones.
 * Zero seen before the first run. */
void format_flags_once(struct format_sink *out, const struct report_run *r, const char *lead,
		       const char *tag, struct format_seen *seen);

#endif
