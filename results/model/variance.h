/*
 * variance: where a metric's spread comes from, for sizing experiments
 * (Kalibera and Jones, "Rigorous benchmarking in reasonable time",
 * 2013).  From several runs of one unchanged machine, the variance of
 * each summary column's samples (on the log scale: relative spread)
 * splits into three components: the samples of one process, the
 * processes (rounds) of one run beyond their samples, and the runs
 * beyond their processes.  A sample is cheap, a process costs its
 * start, calibration and warm-up besides its samples; so the samples a
 * process should take are sqrt((process cost / sample cost) x (sample
 * variance / process variance)): more where a process's samples scatter
 * and starting one is dear, fewer where processes differ more than their
 * samples do.
 *
 * The components come from a nested analysis of variance: s0 the pooled
 * variance of the samples about their process's mean; s1 that of the
 * process means about their run's, less s0 / (samples a process); s2 that
 * of the run means about the whole, less s1's observed variance /
 * (processes a run); a component below 0 is 0.
 */
#ifndef HB_VARIANCE_H
#define HB_VARIANCE_H

#include <stddef.h>

#include "report.h"

struct variance_row {
	const struct metric *m;
	const char *section;	/* its section's id */
	size_t runs;		/* runs with the column */
	double procs;		/* processes a run, on average */
	double samples;		/* samples a process, on average */
	double sd[3];		/* the components' standard deviations, in
				 * percent (log scale x 100): samples,
				 * processes, runs */
	double sample_ms;	/* a sample's time (the program's
				 * sample-time), median; NaN unknown */
	double proc_ms;		/* a process's time beyond its samples,
				 * median; NaN unknown */
	double best;		/* the samples a process should take (1 ..
				 * 1000); NaN unknown; HUGE_VAL when the
				 * processes do not differ beyond their
				 * samples */
};

/*
 * The rows of every summary column whose samples are all above 0 in two
 * or more of the report's runs, each with two or more processes of two
 * or more samples: into *rows (malloc'd), their number into *n.
 * Returns 0, or -1 (out of memory).
 */
int variance_build(const struct report *rep, struct variance_row **rows, size_t *n);

/* The median of component k (0 .. 2) over the n rows; NaN with none. */
double variance_median(const struct variance_row *rows, size_t n, int k);

#endif
