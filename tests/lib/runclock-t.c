/*
 * runclock-t: the parsers of the pressure, schedstat and cgroup texts
 * against made-up ones (the kernel's, malformed ones, numbers too big,
 * fields missing); the clock exactly, with a fake wall clock and
 * pressure and schedstat files that the test writes; its deadlines; and
 * the real clock on properties only.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/runclock.h"
#include "core/timing.h"
#include "tap/basic.h"

#define S 1000000000ull
#define MS 1000000ull

static uint64_t fake_now;

static uint64_t
fake_clock(void)
{
	return fake_now;
}

static void
test_pressure(void)
{
	uint64_t us = 7;

	ok(runclock_parse_pressure("some avg10=1.00 avg60=2.00 avg300=3.00 total=123456\n"
				   "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n", &us) == 0
	   && us == 123456, "the kernel's text: the some line's total (%llu)", (unsigned long long)us);
	ok(runclock_parse_pressure("full avg10=0.00 avg60=0.00 avg300=0.00 total=99\n"
				   "some avg10=0.00 avg60=0.00 avg300=0.00 total=42", &us) == 0 && us == 42,
	   "some after full, no newline at the end: some's");
	ok(runclock_parse_pressure("some total=5 ntotal=6\n", &us) == 0 && us == 5,
	   "total is the field named so, wherever it stands");
	ok(runclock_parse_pressure("some ntotal=6 total=8\n", &us) == 0 && us == 8,
	   "... not one whose name ends in it");
	ok(runclock_parse_pressure("some avg10=0.00 total=18446744073709551615\n", &us) == 0
	   && us == UINT64_MAX, "the largest 64-bit total");
	us = 7;
	errno = 0;
	ok(runclock_parse_pressure("some avg10=0.00 total=18446744073709551616\n", &us) == -1
	   && errno == EINVAL && us == 7, "one more: EINVAL, nothing stored");
	ok(runclock_parse_pressure("some avg10=0.00 total=99999999999999999999999\n", &us) == -1,
	   "a huge total: EINVAL");
	ok(runclock_parse_pressure("some avg10=0.00 avg60=0.00 avg300=0.00\n", &us) == -1,
	   "no total: EINVAL");
	ok(runclock_parse_pressure("some avg10=0.00 total=\n", &us) == -1, "an empty total: EINVAL");
	ok(runclock_parse_pressure("some total=-5\n", &us) == -1, "a negative total: EINVAL");
	ok(runclock_parse_pressure("some total=12x\n", &us) == -1, "a total with a letter: EINVAL");
	ok(runclock_parse_pressure("some total=1.5\n", &us) == -1, "a fraction: EINVAL");
	ok(runclock_parse_pressure("full avg10=0.00 total=99\n", &us) == -1, "no some line: EINVAL");
	ok(runclock_parse_pressure("something total=5\n", &us) == -1,
	   "a line that only starts with some: EINVAL");
	ok(runclock_parse_pressure(" some total=5\n", &us) == -1, "some not at the line's start: EINVAL");
	ok(runclock_parse_pressure("", &us) == -1, "nothing: EINVAL");
	ok(runclock_parse_pressure("some\n", &us) == -1, "some and nothing else: EINVAL");
}

static void
test_schedstat(void)
{
	uint64_t ns = 7;

	{
		uint64_t exec = 0;

		ok(runclock_parse_schedstat("325328071 586002 59\n", &exec, &ns) == 0 && exec == 325328071u
		   && ns == 586002u, "the time on a CPU too, where asked for");
	}
	ok(runclock_parse_schedstat("1234567 89012 345\n", NULL, &ns) == 0 && ns == 89012,
	   "the kernel's text: the second number");
	ok(runclock_parse_schedstat("0 0 0", NULL, &ns) == 0 && ns == 0, "zeros, no newline");
	ok(runclock_parse_schedstat("5 6", NULL, &ns) == 0 && ns == 6, "two numbers are enough");
	ok(runclock_parse_schedstat("1 18446744073709551615 2\n", NULL, &ns) == 0 && ns == UINT64_MAX,
	   "the largest 64-bit delay");
	ns = 7;
	errno = 0;
	ok(runclock_parse_schedstat("1 18446744073709551616 2\n", NULL, &ns) == -1 && errno == EINVAL && ns == 7,
	   "one more: EINVAL, nothing stored");
	ok(runclock_parse_schedstat("99999999999999999999999 5 2\n", NULL, &ns) == -1,
	   "a first number too big: EINVAL");
	ok(runclock_parse_schedstat("1234567\n", NULL, &ns) == -1, "one number: EINVAL");
	ok(runclock_parse_schedstat("", NULL, &ns) == -1, "nothing: EINVAL");
	ok(runclock_parse_schedstat("a 1 2\n", NULL, &ns) == -1, "a word first: EINVAL");
	ok(runclock_parse_schedstat("1 -2 3\n", NULL, &ns) == -1, "a negative delay: EINVAL");
	ok(runclock_parse_schedstat("1 2x 3\n", NULL, &ns) == -1, "a delay with a letter: EINVAL");
	ok(runclock_parse_schedstat("1,2 3\n", NULL, &ns) == -1, "no blank between the numbers: EINVAL");
}

static void
test_cgroup(void)
{
	char p[64] = "unset";

	ok(runclock_parse_cgroup("12:pids:/user.slice\n1:name=systemd:/user.slice/a.scope\n"
				 "0::/user.slice/a.scope\n", p, sizeof(p)) == 0
	   && strcmp(p, "/user.slice/a.scope") == 0, "hybrid v1 and v2: the 0:: line's path (%s)", p);
	ok(runclock_parse_cgroup("0::/", p, sizeof(p)) == 0 && strcmp(p, "/") == 0,
	   "the root, no newline");
	ok(runclock_parse_cgroup("0::/a/..b/c..\n", p, sizeof(p)) == 0 && strcmp(p, "/a/..b/c..") == 0,
	   "dots in a name are a name");
	strcpy(p, "unset");
	errno = 0;
	ok(runclock_parse_cgroup("4:memory:/x\n1:cpu:/\n", p, sizeof(p)) == -1 && errno == EINVAL
	   && strcmp(p, "unset") == 0, "v1 only: EINVAL, nothing stored");
	ok(runclock_parse_cgroup("0::user.slice\n", p, sizeof(p)) == -1, "a relative path: EINVAL");
	ok(runclock_parse_cgroup("0::\n", p, sizeof(p)) == -1, "an empty path: EINVAL");
	ok(runclock_parse_cgroup("0::/a/../../etc\n", p, sizeof(p)) == -1, "a path that climbs: EINVAL");
	ok(runclock_parse_cgroup("0::/a/..\n", p, sizeof(p)) == -1, "... at its end too");
	ok(runclock_parse_cgroup("0::/0123456789012345678901234567890123456789012345678901234567890123\n",
				 p, sizeof(p)) == -1, "a path longer than the buffer: EINVAL");
	ok(runclock_parse_cgroup("", p, sizeof(p)) == -1, "nothing: EINVAL");
}

/* Write text to path, whole, replacing what was there. */
static void
put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f == NULL || fputs(text, f) < 0 || fclose(f) != 0)
		bail("cannot write %s", path);
}

static void
put_pressure(const char *path, uint64_t us)
{
	char t[128];

	snprintf(t, sizeof(t), "some avg10=0.00 avg60=0.00 avg300=0.00 total=%llu\n"
		 "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n", (unsigned long long)us);
	put(path, t);
}

static void
put_delay(const char *path, uint64_t ns)
{
	char t[128];

	snprintf(t, sizeof(t), "1000 %llu 3\n", (unsigned long long)ns);
	put(path, t);
}

/* The run clock's advance while the fake wall clock moves by ns. */
static uint64_t
advance(uint64_t ns)
{
	uint64_t r0 = runclock_now(NULL);

	fake_now += ns;
	return runclock_now(NULL) - r0;
}

static void
test_fake(const char *psi, const char *sched)
{
	struct runclock_deadline d;
	uint64_t psi_us = 5000000, delay = 0, w, r0;

	fake_now = 1000 * S;
	timing_set_clock(fake_clock);
	put_pressure(psi, psi_us);
	put_delay(sched, delay);
	runclock_set_sources(psi, sched);
	ok(strstr(runclock_sources(), psi) != NULL && strstr(runclock_sources(), sched) != NULL,
	   "the sources given are the ones read (%s)", runclock_sources());
	ok(runclock_now(&w) == fake_now && w == fake_now, "it starts at wall time");

	is_uint(S, advance(S), "no stall: a second of wall time is a second");
	put_pressure(psi, psi_us += 1000000);
	is_uint(0, advance(S), "saturated for the whole second: it stands still");
	put_pressure(psi, psi_us += 400000);
	is_uint(600 * MS, advance(S), "saturated for 0.4 s of a second: 0.6 s");
	put_pressure(psi, psi_us += 200000);
	put_delay(sched, delay += 700 * MS);
	is_uint(300 * MS, advance(S), "our own wait for a CPU (0.7 s) beside pressure (0.2 s): the larger counts");
	put_pressure(psi, psi_us += 1500000);
	is_uint(0, advance(S), "1.5 s of stall read in a second: none of it runs ...");
	is_uint(500 * MS, advance(S), "... and the half second over is the next second's");
	put_pressure(psi, psi_us += 100000000);
	is_uint(0, advance(S), "100 s of stall in a second (a bogus source) ...");
	is_uint(10 * S, advance(20 * S), "... carries 10 s at most");
	put_pressure(psi, psi_us = 1000);
	is_uint(S, advance(S), "a counter that went backwards: no stall, and a new start");
	put_pressure(psi, psi_us += 1000000);
	is_uint(0, advance(S), "... from which it counts again");

	/* Sampled at most every 50 ms: between samples it stands. */
	is_uint(0, advance(10 * MS), "10 ms after a sample: it stands at the sample");
	is_uint(50 * MS, advance(40 * MS), "50 ms after it: a new sample, the whole 50 ms");

	/* Waits that overslept. */
	r0 = runclock_now(NULL);
	w = fake_now;
	fake_now += 1500 * MS;
	is_uint(500 * MS, runclock_overslept(w, S), "a 1 s wait that took 1.5 s overslept 0.5 s");
	is_uint(S, runclock_now(NULL) - r0, "... which the run clock does not count: 1 s of the 1.5");
	r0 = runclock_now(NULL);
	w = fake_now;
	fake_now += 1500 * MS;
	put_pressure(psi, psi_us += 300000);
	(void)runclock_overslept(w, S);
	is_uint(S, runclock_now(NULL) - r0, "0.5 s frozen beside 0.3 s of pressure: the larger counts");
	w = fake_now;
	fake_now += 1100 * MS;
	is_uint(0, runclock_overslept(w, S), "0.1 s over: a late wake-up, not a freeze");

	/* Deadlines. */
	fake_now += S;
	runclock_deadline(&d, 2 * S, 60 * S);
	fake_now += S;
	ok(runclock_left(&d) == S, "a quiet second into 2 s of run time: 1 s left (%llu)",
	   (unsigned long long)runclock_left(&d));
	fake_now += S;
	is_uint(0, runclock_left(&d), "2 quiet seconds: passed on the run clock");
	runclock_deadline(&d, 2 * S, 10 * S);
	put_pressure(psi, psi_us += 9 * 1000000);
	fake_now += 9 * S;
	ok(runclock_left(&d) == S, "9 saturated seconds: not passed, 1 s to the wall bound");
	w = d.wall;
	runclock_thaw(&d, 3 * S);
	ok(d.wall == w + 3 * S && runclock_left(&d) == 2 * S,
	   "a freeze of 3 s moves the wall bound by 3 s: the 2 s of run time are nearer now");
	put_pressure(psi, psi_us += 4 * 1000000);
	fake_now += 4 * S;
	is_uint(0, runclock_left(&d), "saturated to the wall bound: passed");
	runclock_deadline(&d, RUNCLOCK_NONE, 5 * S);
	ok(d.run == RUNCLOCK_NONE && runclock_left(&d) == 5 * S, "no run deadline: the wall bound alone");
	runclock_deadline(&d, RUNCLOCK_NONE, RUNCLOCK_NONE);
	ok(runclock_left(&d) == RUNCLOCK_NONE, "none at all: never");

	/* Sources that go away, or none. */
	unlink(psi);
	is_uint(S, advance(S), "a pressure file that is gone: no stall from it");
	runclock_set_sources("", "");
	is_string("wall time", runclock_sources(), "no source: wall time");
	put_pressure(psi, psi_us);
	is_uint(S, advance(S), "... a second is a second");
	setenv(RUNCLOCK_TEST_ENV, psi, 1);
	runclock_set_sources(NULL, "");
	ok(strstr(runclock_sources(), psi) != NULL, "$%s names the pressure file (%s)", RUNCLOCK_TEST_ENV,
	   runclock_sources());
	put_pressure(psi, psi_us += 1000000);
	is_uint(0, advance(S), "... and it is read");
	unsetenv(RUNCLOCK_TEST_ENV);
	timing_set_clock(NULL);
	runclock_set_sources(NULL, NULL);
}

/* The real clock, on properties. */
static void
test_real(void)
{
	uint64_t last = 0, wall, r;
	int i, behind = 1, forward = 1;
	char text[512];
	FILE *f;

	for (i = 0; i < 20000; i++) {
		r = runclock_now(&wall);
		if (r > wall)
			behind = 0;
		if (r < last)
			forward = 0;
		last = r;
	}
	ok(behind, "the real run clock is never ahead of wall time");
	ok(forward, "... and never goes backwards");
	f = fopen("/proc/pressure/cpu", "r");
	if (f != NULL && fgets(text, sizeof(text), f) != NULL && strncmp(text, "some ", 5) == 0) {
		uint64_t us;

		ok(runclock_parse_pressure(text, &us) == 0
		   && strstr(runclock_sources(), "pressure /proc/pressure/cpu") != NULL,
		   "where the kernel has CPU pressure, it is read (%s)", runclock_sources());
	} else {
		skip("no CPU pressure information here (%s)", runclock_sources());
	}
	if (f != NULL)
		fclose(f);
}

/* A new empty file at path, a mkstemp template. */
static void
make_file(char *path)
{
	int fd = mkstemp(path);

	if (fd < 0 || close(fd) != 0)
		bail("cannot make %s", path);
}

int
main(void)
{
	char psi[] = "/tmp/runclock-t.psi.XXXXXX", sched[] = "/tmp/runclock-t.sched.XXXXXX";

	make_file(psi);
	make_file(sched);
	plan(17 + 13 + 10 + 30 + 3);
	test_pressure();
	test_schedstat();
	test_cgroup();
	test_fake(psi, sched);
	test_real();
	unlink(psi);
	unlink(sched);
	return 0;
}
