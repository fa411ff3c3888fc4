/*
 * html: the whole report as one self-contained HTML page (hostbench-compare
 * --html FILE): the runs and their fingerprints side by side, the summary
 * tables, the rate ladders, every A/B comparison coloured by verdict, and
 * the plots inline as SVG.  No script, no style sheet, font or image is
 * fetched: the page is what a user attaches to a mail or posts to a list.
 */
#ifndef HB_HTML_H
#define HB_HTML_H

#include <stdio.h>

#include "model/report.h"

/* Write the page to f.  Returns 0, or -1 when a plot could not be drawn
 * (the page is still complete, the plot left out with a note). */
int report_html(const struct report *rep, FILE *f);

#endif
