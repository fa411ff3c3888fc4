/*
 * timing-t: the clock and calibration, tested on properties with the real
 * clock and exactly with a fake one.
 */
#include "config.h"

#include <errno.h>

#include "core/timing.h"
#include "tap/basic.h"

/* A fake clock that moves only when the fake loop says so. */
static uint64_t fake_now;
static uint64_t fake_step;	/* ns added per clock reading */

static uint64_t
fake_clock(void)
{
	fake_now += fake_step;
	return fake_now;
}

struct fake_loop {
	uint64_t ns_per_iter;
	uint64_t calls;
	uint64_t fail_after;	/* 0: never fail */
	uint64_t slow_calls;	/* the first calls wait slow_ns more (a busy machine) */
	uint64_t slow_ns;
};

static int
fake_loop(void *arg, uint64_t iters)
{
	struct fake_loop *f = arg;

	f->calls++;
	if (f->fail_after != 0 && f->calls > f->fail_after) {
		errno = EIO;
		return -1;
	}
	fake_now += iters * f->ns_per_iter;
	if (f->calls <= f->slow_calls)
		fake_now += f->slow_ns;
	return 0;
}

static int
spin_loop(void *arg, uint64_t iters)
{
	volatile uint64_t *x = arg;

	while (iters-- > 0)
		(*x)++;
	return 0;
}

int
main(void)
{
	struct fake_loop f = { 0, 0, 0, 0, 0 };
	uint64_t a, b, iters, ns, last;
	uint64_t counter = 0;	/* spin_loop counts through a volatile pointer */
	int i, rc, monotonic = 1;

	plan(19);

	/* Real clock: properties only. */
	last = timing_now();
	for (i = 0; i < 100000; i++) {
		uint64_t t = timing_now();

		if (t < last)
			monotonic = 0;
		last = t;
	}
	ok(monotonic, "the real clock never goes backwards over 100000 readings");
	ok(timing_resolution() >= 1 && timing_resolution() <= 10000000,
	   "resolution is between 1 ns and 10 ms (%llu ns)",
	   (unsigned long long)timing_resolution());
	ok(timing_call_cost() > 0 && timing_call_cost() < 100000,
	   "call cost is positive and below 100 us (%.1f ns)", timing_call_cost());
	ok(timing_min_sample() >= 1000 && timing_min_sample() >= timing_resolution() * 1000,
	   "minimum sample is >= 1 us and >= 1000 x resolution");
	ok(timing_calibrate(spin_loop, &counter, 2000000, 0, &iters) == 0,
	   "calibrating a real loop succeeds");
	/* Run first: ok()'s arguments may be evaluated in any order. */
	rc = timing_run(spin_loop, &counter, iters, &ns);
	ok(rc == 0 && ns > 0,
	   "a calibrated real loop takes measurable time (%llu iterations, %llu ns)",
	   (unsigned long long)iters, (unsigned long long)ns);

	/* Fake clock: exact behaviour. */
	timing_set_clock(fake_clock);
	fake_step = 0;
	a = timing_now();
	fake_now += 5;
	b = timing_now();
	is_int(5, (long long)(b - a), "timing_now reads the replaced clock");
	fake_step = 7;
	is_int(7, (long long)timing_resolution(), "resolution is the fake clock's step");
	fake_step = 0;
	timing_set_clock(fake_clock);	/* resets the cached resolution */

	f.ns_per_iter = 3;
	ok(timing_run(fake_loop, &f, 1000, &ns) == 0, "timing_run returns the loop's status");
	is_int(3000, (long long)ns, "timing_run measures 1000 x 3 ns as 3000 ns");

	f.ns_per_iter = 3;
	ok(timing_calibrate(fake_loop, &f, 10000000, 0, &iters) == 0, "calibration succeeds");
	ok(iters * 3 >= 10000000 && iters * 3 <= 15000000,
	   "calibration reaches the 10 ms target within 1.5x (%llu iterations = %llu ns)",
	   (unsigned long long)iters, (unsigned long long)(iters * 3));

	f.ns_per_iter = 50000000;	/* one iteration is longer than the target */
	ok(timing_calibrate(fake_loop, &f, 10000000, 0, &iters) == 0 && iters == 1,
	   "an iteration longer than the target gives a count of 1");

	/* 100 us an iteration, its first two runs delayed 2 ms by other work. */
	f.ns_per_iter = 100000;
	f.calls = 0;
	f.slow_calls = 2;
	f.slow_ns = 2000000;
	rc = timing_calibrate(fake_loop, &f, 1000000, 0, &iters);
	ok(rc == 0 && iters >= 5 && iters <= 15,
	   "two delayed first runs do not leave a count of 1: %llu iterations of 100 us for 1 ms",
	   (unsigned long long)iters);
	f.calls = 0;
	f.slow_calls = 1;
	rc = timing_calibrate(fake_loop, &f, 1000000, 0, &iters);
	ok(rc == 0 && iters >= 5 && iters <= 15, "nor does one: %llu iterations",
	   (unsigned long long)iters);
	f.slow_calls = 0;
	f.slow_ns = 0;

	f.ns_per_iter = 1;
	ok(timing_calibrate(fake_loop, &f, 1000000000, 5000, &iters) == 0 && iters == 5000,
	   "calibration stops at max_iters");

	f.ns_per_iter = 1;
	f.calls = 0;
	f.fail_after = 2;
	errno = 0;
	ok(timing_calibrate(fake_loop, &f, 10000000, 0, &iters) == -1 && errno == EIO,
	   "a failing loop makes calibration fail with its errno");

	timing_set_clock(NULL);
	a = timing_now();
	b = timing_now();
	ok(b >= a && a != fake_now, "timing_set_clock(NULL) restores the real clock");
	ok(timing_resolution() >= 1, "the real resolution is measured again");
	return 0;
}
