/*
 * html: the whole report as one self-contained HTML page (hostbench-compare
 * --html FILE), read at a glance: with runs of several hosts the ranking
 * across hosts first; each A/B comparison's verdict (the counts, the
 * power, the metrics that changed as ratios xN with their interval) and
 * its chart; then, folded in <details>, the runs, their reliability
 * notes (each distinct message once), their fingerprints side by side,
 * the hosts' table and each comparison in full, coloured by verdict;
 * then the summary tables, the rate ladders and the plots, inline as
 * SVG.  Print rules fit it to A4 and Letter.  No script, no style sheet,
 * font or image is fetched: the page is what a user attaches to a mail
 * or posts to a list.
 */
#ifndef HB_HTML_H
#define HB_HTML_H

#include <stdio.h>

#include "model/report.h"

/*
 * The start of a line of every file hostbench-compare writes: the page's
 * second line, an SVG file's second (after its XML declaration).  The
 * comment goes on: "<!-- written by hostbench-compare 0.1.0 (...) -->".
 * hostbench-compare --force replaces a file whose first or second line
 * starts so (results/write.c), and no other.
 */
#define HTML_WRITTEN_MARK "<!-- written by hostbench-compare"
/* The whole line (no "--" inside: XML forbids it in a comment). */
#define HTML_WRITTEN_LINE \
	HTML_WRITTEN_MARK " " PACKAGE_VERSION " (its option force may replace this file) -->\n"

/*
 * The charts the page shows, each drawn inline (no XML declaration):
 * the page draws none itself.  The charts are a floor above the
 * renderers (render/svg, which uses them); render/svg/plots.h has the
 * set of them for the page.
 */
struct html_charts {
	void (*memlat)(const struct report *rep, FILE *f);
	void (*ladder)(const struct report *rep, FILE *f);
	void (*load)(const struct report *rep, FILE *f);
	void (*delta)(const struct report *rep, const struct report_ab *ab, FILE *f);
};

/* Write the page to f, its plots drawn by charts (a failed write shows
 * in the stream's error flag). */
void report_html(const struct report *rep, const struct html_charts *charts, FILE *f);

#endif
