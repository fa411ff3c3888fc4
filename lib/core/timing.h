/*
 * timing: the clock, its resolution and cost, and iteration calibration.
 *
 * Time is in nanoseconds from an arbitrary origin, monotonic:
 * clock_gettime(CLOCK_MONOTONIC) where configure found it, gettimeofday
 * (1 us steps) otherwise.  Tests may replace the clock.
 */
#ifndef HB_TIMING_H
#define HB_TIMING_H

#include <stdint.h>

typedef uint64_t (*timing_clock_fn)(void);

/*
 * The timed unit of work: run the operation iters times.  Returns 0, or
 * -1 with errno set when an operation failed (the sample is then void).
 */
typedef int (*timing_loop_fn)(void *arg, uint64_t iters);

/*
 * A unit of work that times itself: run iters operations, store the ns
 * of the part that counts (setup and teardown it does are left out).
 * Returns 0, or -1 like timing_loop_fn.
 */
typedef int (*timing_sample_fn)(void *arg, uint64_t iters, uint64_t *ns);

/* Now, in ns, from the current clock. */
uint64_t timing_now(void);

/* Replace the clock (for tests); NULL restores the real one. */
void timing_set_clock(timing_clock_fn fn);

/* Name of the real clock: "clock_gettime(CLOCK_MONOTONIC)" or "gettimeofday". */
const char *timing_clock_name(void);

/*
 * The smallest positive step between two readings, in ns (>= 1), measured
 * on first use and cached (a new clock from timing_set_clock resets it).
 */
uint64_t timing_resolution(void);

/* Cost of one timing_now() call in ns, measured on first use and cached. */
double timing_call_cost(void);

/*
 * The shortest sample that the clock times to within 0.1%:
 * 1000 x max(resolution, call cost), at least 1 us.
 */
uint64_t timing_min_sample(void);

/* Time one call of fn(arg, iters); stores elapsed ns.  Returns fn's status. */
int timing_run(timing_loop_fn fn, void *arg, uint64_t iters, uint64_t *ns);

/*
 * Find an iteration count for which one call of fn lasts about target_ns
 * (at least target_ns, and at most about 1.5 x target_ns unless one
 * iteration alone is longer): grows the count geometrically from 1 until
 * a run lasts long enough to extrapolate, then scales it.  The count never
 * exceeds max_iters (0: no limit but UINT64_MAX / 2).  Returns 0 and
 * *iters, or -1 with errno set when fn failed.
 */
int timing_calibrate(timing_loop_fn fn, void *arg, uint64_t target_ns,
		     uint64_t max_iters, uint64_t *iters);

/* The same for work that times itself. */
int timing_calibrate_sample(timing_sample_fn fn, void *arg, uint64_t target_ns,
			    uint64_t max_iters, uint64_t *iters);

#endif
