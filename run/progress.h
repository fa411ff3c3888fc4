/*
 * progress: the run's progress on stderr and its estimate of the time
 * left, in deciseconds.
 */
#ifndef HB_RUN_PROGRESS_H
#define HB_RUN_PROGRESS_H

#include <stddef.h>

struct progress {
	long long total_w;	/* the expected deciseconds of the whole run */
	long long done_w;	/* ... of the cases done */
	long long elapsed;	/* deciseconds since the start */
	int settle;		/* --settle given */
	long long settle_spent;	/* deciseconds waited for a quiet moment */
	long long settle_total;	/* the most the run may wait, deciseconds */
};

/*
 * The time left: the expected time of what is left (the table's
 * budgets, measured), scaled by how the run has gone against them so
 * far.  A prior of a twentieth of the whole at the expected pace keeps
 * the first, short benchmarks from swinging it; a larger one held the
 * estimate near the budgets for too long on a machine slower than they
 * say (a tenth: 12% off at a tenth of the run, where a twentieth is 8%
 * off, on a machine 1.35x slower throughout).  With --settle the waits
 * for a quiet moment are kept apart: the benchmarks' pace is taken
 * without them, and the waits still to come are expected at the rate so
 * far, but never more than what is left of the run's whole wait.  Pure.
 */
long long progress_left(const struct progress *p);

/* A time in deciseconds as people read it: 0.4s, 45s, 3m05s, 1h02m. */
char *progress_fmt(char *buf, size_t len, long long ds);

/* Deciseconds on a clock that does not jump (CLOCK_MONOTONIC). */
long long progress_now(void);

#endif
