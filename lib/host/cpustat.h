/*
 * cpustat: CPU time of the whole system from /proc/stat, split the way
 * netperf reports it (user, system, irq, softirq), and the service demand
 * of a transfer: microseconds of CPU per KB moved.
 *
 * The counters are system-wide, in clock ticks (USER_HZ, sysconf
 * _SC_CLK_TCK): they count everything the machine did in the interval,
 * the benchmark and anything else running, as netperf's do.  Beside them,
 * cpustat_self gives the CPU time of the calling process alone
 * (getrusage), what the benchmark itself cost whatever else runs; and
 * cpustat_boot_id names the kernel whose counters they are, so that the
 * two ends of a transfer can tell that they share one (loopback, network
 * namespaces) and their "system-wide" figures are the same counters.
 * cpustat_read, cpustat_self and cpustat_boot_id read the system; the
 * rest are pure functions, tested in tests/lib/cpustat-t.c.
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
 * The tick counts of a /proc/stat cpu line after its label ("cpu",
 * "cpu3"), from p up to end (not past a NUL: none is a digit): at least
 * four; a count that does not fit in 64 bits refuses the line.  Returns
 * 0, or -1 with errno EINVAL.
 */
int cpustat_parse_ticks(const char *p, const char *end, struct cpustat *s);

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

/* The CPU time one process used so far. */
struct cpuown {
	uint64_t user_us;	/* in user mode, microseconds */
	uint64_t sys_us;	/* in the kernel on its behalf (interrupts that hit it included) */
};

/*
 * The calling process's CPU time, all its threads (getrusage
 * RUSAGE_SELF).  Returns 0, or -1 with errno set (ENOSYS where the
 * system has no getrusage).
 */
int cpustat_self(struct cpuown *c);

/*
 * The share of ncpus CPUs over span_ns that the CPU time b - a (a
 * earlier) is, in percent, split into user and system as for struct
 * cpuload; 0 for an empty span.  Pure.
 */
void cpustat_own_load(const struct cpuown *a, const struct cpuown *b, uint64_t span_ns,
		      long ncpus, double *user, double *system);

/* The CPUs online (sysconf _SC_NPROCESSORS_ONLN; 1 when unknown). */
long cpustat_ncpus(void);

/*
 * Parse a kernel boot id, 32 hex digits with or without dashes as in
 * /proc/sys/kernel/random/boot_id ("1b4e28ba-2fa1-11d2-883f-0016d3cca427",
 * a newline allowed), into two words, the first digits in id[0]'s high
 * bits.  Returns 0, or -1 with errno EINVAL (an id of all zeros too:
 * zero means "not known" on the wire).  Pure.
 */
int cpustat_parse_boot_id(const char *text, uint64_t id[2]);

/*
 * This kernel's boot id, from path (NULL:
 * /proc/sys/kernel/random/boot_id): one per boot of a kernel, the same
 * in every network namespace and container of it.  Returns 0, or -1
 * with errno set (ENOENT where the system has none: not Linux, or no
 * /proc).
 */
int cpustat_boot_id(const char *path, uint64_t id[2]);

#endif
