/*
 * series: the time series of the runs' cases (struct report_series: see
 * report.h): lat_load's "/series=<bin>" results.
 */
#ifndef HB_SERIES_H
#define HB_SERIES_H

#include "report.h"

/* The series of the sections in only (NULL: all) into rep->series.
 * Returns 0 or -1 (out of memory). */
int series_build(struct report *rep, const char *const *only);

#endif
