/*
 * resfile_col: a summary column's value from a run of result files
 * (resfile.h), by the column's rule in the metric table (metric.h:
 * METRIC_ONE, _AT, _LARGEST, _MEAN, _CONFIG).  Pure: no I/O.
 */
#ifndef HB_RESFILE_COL_H
#define HB_RESFILE_COL_H

#include <stddef.h>

#include "read/metric_table.h"

struct resfile_run;
struct resfile_result;
struct resfile_case;

/* A column's value for one run. */
struct resfile_value {
	int present;		/* 0: blank */
	double value;		/* in display units: the metric's estimator
				 * (lib/core/metric) over the samples, times scale */
	int implausible;	/* 1: blank because the value is outside the
				 * metric's physical bounds, or those across
				 * the run's results (below the clock's cost
				 * of a reading when timed singly, above the
				 * run's fastest memory bandwidth when moved
				 * through memory: read/metric_table.h); why
				 * says how */
	char why[128];
	double *samples;	/* display units, malloc'd (NULL for text) */
	size_t n;
	/* The samples by the process that measured them (see
	 * resfile_result.from), in file order: each one's summary by the
	 * metric's estimator (display units) and its case (NULL with none);
	 * malloc'd. */
	double *units;
	const struct resfile_case **unit_case;
	size_t nunits;
	const char *source;	/* the result name chosen (or the first of a mean) */
	const char *short_note;	/* its "udp-short:" (resfile_result.short_note):
				 * the UDP sender fell short of the rate asked;
				 * NULL for none */
	const char *text;	/* METRIC_CONFIG: the value */
};

/*
 * Take column m's value from run r by the column's rule (see metric.h).
 * For METRIC_MEAN the samples are the pairwise means of the two results'
 * first min(n1, n2) samples and the value the mean of their summaries; its
 * units the pairwise means of the two results' units, in order (the
 * cases of the first stand for them).
 * Returns 0 (present or blank), or -1 on allocation failure.  Free with
 * resfile_value_free.
 */
int resfile_column(const struct resfile_run *r, const struct metric *m,
		   struct resfile_value *out);
void resfile_value_free(struct resfile_value *v);

/*
 * For a metric weighted by another figure of its lines (a UDP loss by
 * what was sent: metric.h's weight_unit), the mean of that figure over
 * the samples of result name in run r: the offered rate a loss is a
 * share of.  NaN when m takes no weights or the run has none for name.
 */
double resfile_weight_mean(const struct resfile_run *r, const struct metric *m, const char *name);

/*
 * The result a column takes its value from by rule (METRIC_ONE, _AT,
 * _LARGEST with its name and arg), or NULL.  Parallel results ("-N") are
 * never chosen.
 */
const struct resfile_result *resfile_select(const struct resfile_run *r,
					    const char *name, const char *unit,
					    enum metric_select sel, const char *arg);

#endif
