/*
 * ladder: the rate ladders: for each table, the received rate against
 * the target (log-log where the targets span more than a decade, a line
 * per row, the y = x diagonal of a path that loses nothing) over the
 * loss at each target.
 */
#ifndef HB_LADDER_SVG_H
#define HB_LADDER_SVG_H

#include <stdio.h>

#include "model/report.h"
#include "svg.h"

/* Every ladder's chart as a document: 1 if it drew something, else 0
 * (a document saying so is still written). */
int ladder_svg(const struct report *rep, FILE *f, enum svg_kind kind);

/* One ladder's chart: its height, and drawn at vertical offset y0
 * (returns its height). */
int ladder_height(const struct report_ladder *lad);
int ladder_draw(const struct report *rep, const struct report_ladder *lad, FILE *f, int y0);

#endif
