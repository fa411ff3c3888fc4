/*
 * load: latency under load: a chart per case (the series' group), each
 * run's throughput up and down against the time of the load over the
 * median round trip of its probes (log scale where it spans more than a
 * decade), on a shared time axis.
 */
#ifndef HB_LOAD_H
#define HB_LOAD_H

#include <stddef.h>
#include <stdio.h>

#include "model/report.h"
#include "svg.h"

/* Every case's chart as a document: 1 if it drew something, else 0 (a
 * document saying so is still written). */
int load_svg(const struct report *rep, FILE *f, enum svg_kind kind);

/* Whether series i is the first of its case: the one its chart is drawn at. */
int load_first(const struct report *rep, size_t i);

/* The chart of the case of series first: its height, and drawn at
 * vertical offset y0 (returns its height). */
int load_height(const struct report *rep, size_t first);
int load_draw(const struct report *rep, size_t first, FILE *f, int y0);

#endif
