/*
 * metric_what: what each entry of the metric table measures, one line of
 * prose, for the results tool's tables, pages and the man pages'
 * RESULTS.  Only the results tool carries it: metric_what[i] is
 * metric_table[i]'s (read/metric_table.h), and metric_what_count equals
 * metric_count (tests/lib/metric-t checks it).
 */
#ifndef HB_METRIC_WHAT_H
#define HB_METRIC_WHAT_H

#include <stddef.h>

#include "read/metric_table.h"

extern const char *const metric_what[];
extern const size_t metric_what_count;

/* m's prose: m is an entry of metric_table; NULL for anything else. */
const char *metric_what_of(const struct metric *m);

#endif
