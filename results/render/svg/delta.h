/*
 * delta: an A/B comparison's chart: a bar per metric of the ratio b/a
 * on a log axis, its interval as a whisker, grouped by section, coloured
 * by verdict.  Elements a test looks for carry a class: "bar", "ci",
 * "clamp", "one", "grid", "tick", "sec".
 */
#ifndef HB_DELTA_H
#define HB_DELTA_H

#include <stddef.h>
#include <stdio.h>

#include "model/report.h"
#include "svg.h"

/* The chart as a document: 1 if it drew something, 0 if no metric has
 * values on both sides (a document saying so is still written). */
int delta_svg(const struct report *rep, const struct report_ab *ab, FILE *f, enum svg_kind kind);

/* The chart's rows (metrics), height and width. */
size_t delta_rows(const struct report_ab *ab);
int delta_height(const struct report_ab *ab);
int delta_width(const struct report_ab *ab);

/* Draw the chart at vertical offset y0 of a document; returns its height. */
int delta_draw(const struct report *rep, const struct report_ab *ab, FILE *f, int y0);

#endif
