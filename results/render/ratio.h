/*
 * ratio: a ratio as the page and the charts show it, "×1.52" (52%
 * larger) or "×0.66" (a third smaller): one form for a change b/a, a
 * worst/best across hosts and a host against the best.
 */
#ifndef HB_RATIO_H
#define HB_RATIO_H

#include <stddef.h>

#include "model/report.h"

/* "×r" to about three significant digits ("×1.52", "×12.3", "×150",
 * "×0.066"), or "-" when r is not a finite positive number.  Returns buf. */
const char *ratio_text(char *buf, size_t len, double r);

/* A row's change b/a as ratio_text, from its delta; "-" where none. */
const char *ratio_of_row(char *buf, size_t len, const struct report_ab_row *row);

/* A row's interval as ratios, "×0.97 .. ×1.00"; else as format_interval
 * says it ("too wide", "" untested, a difference in the metric's unit). */
const char *ratio_interval(char *buf, size_t len, const struct report_ab_row *row);

#endif
