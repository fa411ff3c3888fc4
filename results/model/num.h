/*
 * num: numbers as the tables print them, into a buffer: for the model's
 * words (why a comparison is unreliable) and every renderer.
 */
#ifndef HB_NUM_H
#define HB_NUM_H

#include <stddef.h>

#include "read/metric_table.h"

/* Numbers as the tables print them: 4 significant digits ("0.1215",
 * "154.9", "2.000", "28137"); fixed formats only. */
char *report_num(char *buf, size_t len, double v);

/* A metric's value as report_num, but a METRIC_COUNT one that is whole
 * (to within rounding: a geometric mean of whole values) without
 * decimals ("128", not "128.0"), as the summary tables show it. */
char *report_value(char *buf, size_t len, const struct metric *m, double v);

/* sig significant digits, no exponent, no trailing zeros ("0.1215",
 * "603") for csv and json. */
char *report_num_sig(char *buf, size_t len, double v, int sig);

#endif
