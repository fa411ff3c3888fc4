/*
 * timing: the clock, its resolution and cost, and iteration calibration.
 */
#include "config.h"

#include <errno.h>
#include <stddef.h>
#include <sys/time.h>
#include <time.h>

#include "core/timing.h"

#if defined(HAVE_CLOCK_GETTIME) && defined(HAVE_DECL_CLOCK_MONOTONIC) && HAVE_DECL_CLOCK_MONOTONIC
# define USE_MONOTONIC 1
#endif

static uint64_t
real_clock(void)
{
#ifdef USE_MONOTONIC
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) == 0)
		return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#endif
	{
		struct timeval tv;

		gettimeofday(&tv, NULL);
		return (uint64_t)tv.tv_sec * 1000000000u + (uint64_t)tv.tv_usec * 1000u;
	}
}

static timing_clock_fn clock_fn = real_clock;
static uint64_t resolution;	/* 0: not measured yet */
static double call_cost = -1;	/* < 0: not measured yet */

uint64_t
timing_now(void)
{
	return clock_fn();
}

void
timing_set_clock(timing_clock_fn fn)
{
	clock_fn = fn != NULL ? fn : real_clock;
	resolution = 0;
	call_cost = -1;
}

const char *
timing_clock_name(void)
{
#ifdef USE_MONOTONIC
	return "clock_gettime(CLOCK_MONOTONIC)";
#else
	return "gettimeofday";
#endif
}

uint64_t
timing_resolution(void)
{
	/*
	 * The smallest step seen over many reading pairs: a coarse clock
	 * shows its tick, a fine one its call cost (which then bounds what
	 * it can resolve anyway).  A clock that does not move in a million
	 * readings is treated as 1 ms so that callers still make progress.
	 */
	if (resolution == 0) {
		uint64_t best = UINT64_MAX;
		int i;

		for (i = 0; i < 50; i++) {
			uint64_t t0 = clock_fn(), t1;
			long spins = 0;

			do {
				t1 = clock_fn();
			} while (t1 == t0 && ++spins < 1000000);
			if (t1 > t0 && t1 - t0 < best)
				best = t1 - t0;
		}
		resolution = best == UINT64_MAX ? 1000000 : best;
	}
	return resolution;
}

double
timing_call_cost(void)
{
	if (call_cost < 0) {
		/* 1000 back-to-back calls, best of 5, to stay clear of preemption. */
		double best = -1;
		int round, i;

		for (round = 0; round < 5; round++) {
			uint64_t t0 = clock_fn(), t1;

			for (i = 0; i < 1000; i++)
				(void)clock_fn();
			t1 = clock_fn();
			if (best < 0 || (double)(t1 - t0) / 1001.0 < best)
				best = (double)(t1 - t0) / 1001.0;
		}
		call_cost = best;
	}
	return call_cost;
}

uint64_t
timing_min_sample(void)
{
	double worst = (double)timing_resolution();
	uint64_t min;

	if (timing_call_cost() > worst)
		worst = timing_call_cost();
	min = (uint64_t)(1000.0 * worst);
	return min < 1000 ? 1000 : min;
}

int
timing_run(timing_loop_fn fn, void *arg, uint64_t iters, uint64_t *ns)
{
	uint64_t t0, t1;
	int rc;

	t0 = clock_fn();
	rc = fn(arg, iters);
	t1 = clock_fn();
	*ns = t1 > t0 ? t1 - t0 : 0;
	return rc;
}

/* timing_calibrate's loop, as work that times itself. */
struct timed_loop {
	timing_loop_fn fn;
	void *arg;
};

static int
run_timed_loop(void *arg, uint64_t iters, uint64_t *ns)
{
	struct timed_loop *t = arg;

	return timing_run(t->fn, t->arg, iters, ns);
}

int
timing_calibrate(timing_loop_fn fn, void *arg, uint64_t target_ns,
		 uint64_t max_iters, uint64_t *iters)
{
	struct timed_loop t;

	t.fn = fn;
	t.arg = arg;
	return timing_calibrate_sample(run_timed_loop, &t, target_ns, max_iters, iters);
}

int
timing_calibrate_sample(timing_sample_fn fn, void *arg, uint64_t target_ns,
			uint64_t max_iters, uint64_t *iters)
{
	uint64_t n = 1, ns;
	int confirm, long_runs;
	/* A run shorter than this says too little to extrapolate from. */
	uint64_t enough = target_ns / 8;

	if (max_iters == 0 || max_iters > UINT64_MAX / 2)
		max_iters = UINT64_MAX / 2;
	if (enough < timing_min_sample() && timing_min_sample() < target_ns)
		enough = timing_min_sample();
	for (;;) {
		if (fn(arg, n, &ns) != 0)
			return -1;
		if (ns >= target_ns || n >= max_iters)
			break;
		if (ns >= enough) {
			/* Scale to the target with 5% headroom, then confirm. */
			double scaled = (double)n * (double)target_ns / (double)ns * 1.05;
			uint64_t next = scaled >= (double)max_iters ? max_iters : (uint64_t)scaled;

			n = next > n ? next : n + 1;
			continue;
		}
		/* Too short to trust: grow by 10x, or by less when close. */
		if (ns == 0 || ns * 10 < enough)
			n = n > max_iters / 10 ? max_iters : n * 10;
		else
			n = n > max_iters / 2 ? max_iters : n * 2;
	}
	/*
	 * A run preempted by another process looks long and makes the count
	 * too small.  Confirm it: while a run falls well short of the
	 * target, scale up and run again (a few times at most).  A count of
	 * one or two rests on a single run of it (the first iteration, which
	 * may also have waited for a wake-up on a busy machine): it stands
	 * only when a second run is as long.
	 */
	for (confirm = 0, long_runs = 0; confirm < 3 && n < max_iters; confirm++) {
		double scaled;

		if (fn(arg, n, &ns) != 0)
			return -1;
		if (ns >= target_ns - target_ns / 5) {
			if (n > 2 || ++long_runs >= 2)
				break;
			continue;
		}
		scaled = (double)n * (double)target_ns / (double)(ns > 0 ? ns : 1) * 1.05;
		n = scaled >= (double)max_iters ? max_iters : (uint64_t)scaled;
	}
	*iters = n;
	return 0;
}
