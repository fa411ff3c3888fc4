/*
 * memlat: memory load latency against working-set size (log-log), a
 * curve per run and walk of its lat_mem_rd results, with the cache
 * sizes its fingerprint reports.  Elements a test looks for carry a
 * class: "curve", "cache", "nodata".
 */
#ifndef HB_MEMLAT_H
#define HB_MEMLAT_H

#include <stdio.h>

#include "model/report.h"
#include "svg.h"

/* The chart as a document: 1 if it drew something, 0 if there was
 * nothing to draw (a document saying so is still written). */
int memlat_svg(const struct report *rep, FILE *f, enum svg_kind kind);

/* The chart's height; 0 when there is nothing to draw (or no memory). */
int memlat_height(const struct report *rep);

/* Draw the chart at vertical offset y0 of a document; returns its height. */
int memlat_draw(const struct report *rep, FILE *f, int y0);

#endif
