/*
 * runclock: the time a waiting party could have run.
 *
 * A deadline that a party meets by doing something (a client proving
 * the key, a stream presenting its cookie) is unfair on a busy machine
 * when it is counted in wall time: a client that waits 3 s for a CPU
 * misses a 2 s deadline through no fault of its own.  The run clock is
 * wall time (timing_now) less the time in which the CPUs were
 * saturated, as far as the kernel says:
 *
 *   - the CPU pressure stall information: the microseconds in which at
 *     least one runnable task waited for a CPU ("some ... total=" of
 *     /proc/pressure/cpu, Linux 4.20 and later; where that cannot be
 *     read, the cpu.pressure of this process's cgroup v2, "0::PATH" in
 *     /proc/self/cgroup, under /sys/fs/cgroup).  The system-wide file
 *     first: a server cannot know which cgroup its client runs in, and
 *     a client starved in another one starves all the same;
 *   - the time this process waited for a CPU while runnable (run_delay,
 *     the second field of /proc/self/schedstat);
 *   - the time it could not run at all (stopped, or the machine
 *     paused), as its waits find it: one that overslept
 *     (runclock_overslept).
 *
 * The three overlap (a process that waits for a CPU is a stall of the
 * system's): each interval between samples loses the largest of them,
 * at most the interval; more (sources read a moment apart) is carried
 * into the next interval, RUNCLOCK_CARRY_NS at most.  Where none of the
 * files exists the clock is wall time less what waits overslept.
 *
 * The files are sampled at most every RUNCLOCK_SAMPLE_NS, and between
 * samples the clock stands at the last one: reading them costs
 * microseconds, which a server loop that a benchmark times (lat_connect
 * accepts in it) must not pay at every round.  So a deadline on this
 * clock is set up to that much early and seen up to that much late.
 *
 * A deadline on it is always bounded in wall time too (struct
 * runclock_deadline): on a machine saturated for good the run clock
 * stands still.
 *
 * One clock per process (a forked child starts from its parent's and
 * reads its own run delay); not for threads.  The parsers are pure.
 */
#ifndef HB_RUNCLOCK_H
#define HB_RUNCLOCK_H

#include <stddef.h>
#include <stdint.h>

#define RUNCLOCK_SAMPLE_NS 50000000ull
#define RUNCLOCK_CARRY_NS 10000000000ull
/* A wait that overslept by more than this could not run meanwhile. */
#define RUNCLOCK_FROZEN_NS 200000000ull
/* No deadline on that clock. */
#define RUNCLOCK_NONE UINT64_MAX
/*
 * For tests only: a file read in place of /proc/pressure/cpu (the
 * kernel's format), so that a test can make a machine look saturated or
 * quiet whatever the real one does.
 */
#define RUNCLOCK_TEST_ENV "HOSTBENCH_TEST_CPU_PRESSURE"

/* ---------------------------------------------------------------- parsers (pure) */

/*
 * The "total=" microseconds of the "some" line of a pressure file's
 * text ("some avg10=0.00 avg60=0.00 avg300=0.00 total=123").  0 and
 * *us, or -1 with errno EINVAL: no "some" line, no total on it, not a
 * decimal number, or one that does not fit in 64 bits.
 */
int runclock_parse_pressure(const char *text, uint64_t *us);

/*
 * The time on a CPU and the run delay in ns, the first two of the three
 * numbers of /proc/PID/schedstat ("time-on-cpu run-delay timeslices"),
 * into *exec_ns (unless NULL) and *delay_ns.  0, or -1 with errno EINVAL
 * (fewer than two numbers, a number too big for 64 bits, anything but
 * digits and blanks before the second); nothing is stored on failure.
 */
int runclock_parse_schedstat(const char *text, uint64_t *exec_ns, uint64_t *delay_ns);

/*
 * The cgroup v2 path of /proc/self/cgroup's text: the PATH of its
 * "0::PATH" line, which starts with a slash, into path (len bytes).
 * 0, or -1 with errno EINVAL (no such line: cgroup v1 only; a path that
 * is not absolute, has a ".." part or does not fit).
 */
int runclock_parse_cgroup(const char *text, char *path, size_t len);

/* ---------------------------------------------------------------- the clock */

/*
 * The run clock, ns from an arbitrary origin; never ahead of
 * timing_now(), never backwards.  With wall non-NULL, *wall is the
 * timing_now() it was read at.
 */
uint64_t runclock_now(uint64_t *wall);

/*
 * After a wait that began at since (timing_now) and asked for asked ns:
 * how long it overslept when by more than RUNCLOCK_FROZEN_NS (the
 * process could not run meanwhile: it was stopped, the machine paused),
 * which the run clock then does not count; else 0.  Callers move their
 * wall-time bounds by it (runclock_thaw): no client could reach them
 * meanwhile either.
 */
uint64_t runclock_overslept(uint64_t since, uint64_t asked);

/*
 * The CPU pressure file the clock reads (the test's, the system's, else
 * the cgroup's), or "" where there is none: for others that report the
 * stall (lib/driver/noise).
 */
const char *runclock_pressure_path(void);

/*
 * What the clock reads, for reports and tests: "pressure FILE, run
 * delay FILE", either part missing where it has no such file, or
 * "wall time".
 */
const char *runclock_sources(void);

/*
 * For tests: read pressure and schedstat from these files (NULL: the
 * defaults, $RUNCLOCK_TEST_ENV included; "": none) and start afresh.
 */
void runclock_set_sources(const char *pressure, const char *schedstat);

/* ---------------------------------------------------------------- deadlines */

struct runclock_deadline {
	uint64_t run;		/* on runclock_now(); RUNCLOCK_NONE: none */
	uint64_t wall;		/* on timing_now(); RUNCLOCK_NONE: none */
};

/* A deadline run_ns of run time from now, at most wall_ns of wall time (either RUNCLOCK_NONE). */
void runclock_deadline(struct runclock_deadline *d, uint64_t run_ns, uint64_t wall_ns);

/*
 * How long a caller may wait before it looks at d again: 0 when d has
 * passed on either clock, else at least 1 ns.  The run clock never runs
 * faster than wall time, so a wait this long never overshoots d.
 */
uint64_t runclock_left(const struct runclock_deadline *d);

/* The process could not run for gap ns (runclock_overslept): d's wall bound moves by as much. */
void runclock_thaw(struct runclock_deadline *d, uint64_t gap);

#endif
