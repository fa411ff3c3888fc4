/*
 * build: the whole model (struct report: see report.h) from the runs,
 * and its end.
 */
#ifndef HB_BUILD_H
#define HB_BUILD_H

#include <stddef.h>

#include "report.h"

/*
 * Build the runs' labels and hosts, the summary tables, rate ladders and
 * time series (sections filtered by the NULL-terminated id list `only`,
 * NULL for all), the memory latency curves, the fleet (two or more
 * hosts) and, with want_ab and two or more runs, the comparisons: each
 * of rep->pairs when set (non-NULL; with no groups set, a group is made
 * per run, group i holding runs[i]), else groups[base_group] against
 * each other group (with no groups set: runs[base] against each other
 * run).  Returns 0 or -1 (out of memory).  report_free frees all of it,
 * the runs' files excepted.
 */
int report_build(struct report *rep, const char *const *only, size_t base);
void report_free(struct report *rep);

#endif
