/*
 * plots: every chart of a report in one SVG document (hostbench-compare
 * --svg): the memory latency, the rate ladders, latency under load and
 * each comparison's deltas, one below the other.
 */
#ifndef HB_PLOTS_H
#define HB_PLOTS_H

#include <stdio.h>

#include "model/report.h"
#include "render/html.h"
#include "svg.h"

/* 1 if it drew something, 0 if there was nothing to draw (a document
 * saying so is still written). */
int plots_svg(const struct report *rep, FILE *f, enum svg_kind kind);

/* The charts as the page (render/html.h) shows them, inline. */
extern const struct html_charts plots_html;

#endif
