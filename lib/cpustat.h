/*
 * cpustat: CPU time of the whole system from /proc/stat, split the way
 * netperf reports it (user, system, irq, softirq), and the service demand
 * of a transfer: microseconds of CPU per KB moved.
 *
 * The counters are system-wide, in clock ticks (USER_HZ, sysconf
 * _SC_CLK_TCK): they count everything the machine did in the interval,
 * the benchmark and anything else running, as netperf's do.  Only
 * cpustat_read touches a file; the rest are pure functions, tested in
 * tests/lib/cpustat-t.c.
 */
#ifndef HB_CPUSTAT_H
#define HB_CPUSTAT_H

#include <stdint.h>

/* The fields of the "cpu " line of /proc/stat, in file order. */
enum cpustat_field {
	CPUSTAT_USER,
	CPUSTAT_NICE,
	CPUSTAT_SYSTEM,
	CPUSTAT_IDLE,
	CPUSTAT_IOWAIT,
	CPUSTAT_IRQ,
	CPUSTAT_SOFTIRQ,
	CPUSTAT_STEAL,
	CPUSTAT_NFIELDS
};

struct cpustat {
	uint64_t tick[CPUSTAT_NFIELDS];	/* missing trailing fields (old kernels) are 0 */
};

/* CPU use over an interval, from two snapshots. */
struct cpuload {
	double user;		/* percent of all CPUs' time: user + nice */
	double system;		/* kernel, outside interrupts */
	double irq;		/* hard interrupts */
	double softirq;		/* soft interrupts (network receive work lands here) */
	double busy;		/* the four above */
	double busy_us;		/* CPU time used, all CPUs summed, in microseconds */
};

/*
 * Parse the aggregate "cpu  u n s i ..." line of /proc/stat (with or
 * without its newline).  At least four numbers are needed.  Returns 0,
 * or -1 with errno EINVAL.
 */
int cpustat_parse(const char *line, struct cpustat *s);

/*
 * Read the aggregate line from path (NULL: /proc/stat).  Returns 0, or -1
 * with errno set (ENOENT where the system has no /proc/stat, EINVAL when
 * the file has no parsable cpu line).
 */
int cpustat_read(const char *path, struct cpustat *s);

/*
 * The load between snapshots a (earlier) and b with hz ticks per second
 * (0 means 100).  Counters that went backwards count as 0.  An interval
 * without ticks gives all zeros.
 */
void cpustat_delta(const struct cpustat *a, const struct cpustat *b, long hz,
		   struct cpuload *l);

/*
 * Service demand: microseconds of CPU per KB (1024 bytes) moved, as
 * netperf prints it; 0 when no bytes moved.
 */
double cpustat_demand(const struct cpuload *l, uint64_t bytes);

/* Ticks per second for the counters (sysconf _SC_CLK_TCK; 100 when unknown). */
long cpustat_hz(void);

#endif
