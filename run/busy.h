/*
 * busy: how busy the rest of the machine was while a case ran, and
 * whether that makes the case noisy.
 *
 * A case's samples share its moment, so a neighbour that loads the
 * machine for that moment moves all of them together: the comparison of
 * runs needs to see it.  The runner reads the kernel's CPU time counters
 * (/proc/stat) and its reaped children's CPU time before and after a
 * case and writes
 *
 *   # noise: cpu-others=C steal=S ticks=T load=L
 *
 * C: CPUs' worth of busy time that was not the case's own (all busy time
 * less what the runner's reaped children -- the program, and the
 * partner processes it reaped -- used), S: CPUs' worth of time the
 * hypervisor gave to others; both per wall time, two decimals, at least
 * 0 and at most the CPUs; T: the wall time in clock ticks (a short case
 * reads C and S coarsely, and the results tool weighs cases by T); L: the
 * 1-minute load average at the end (left out where /proc/loadavg is
 * missing; it counts the case itself and lags by a minute: C is the
 * measure, L the context).  Busy is user, nice, system, irq, softirq and
 * steal; wall time is the sum of the first eight fields over the number
 * of CPUs (guest and guest_nice are already counted in user and nice).
 * A comment line: benchstat and the results tool skip it, and it is no
 * configuration of the results.
 *
 * The verdict (busy_judge) marks a case noisy when its program's
 * processes waited for a CPU more than NOISE_CONTENDED of the time they
 * wanted one (its "# noise-self:" line's wait-ms over run-ms + wait-ms,
 * plus steal-ms over wall-ms; over 0.1 s at least) while other processes
 * used more than NOISE_BESIDE of their CPUs (others-ms over cpus x
 * wall-ms; where that share is unknown, the wait alone above
 * NOISE_CONTENDED_ALONE), the measure the results tool judges by.  Where
 * the program did not say it (a system without schedstat): when other
 * processes used more than NOISE_OTHERS_CPUS, steal more than
 * NOISE_STEAL_CPUS, or a program that computes alone was preempted more
 * than NOISE_IVCS_PER_S times a second.  The CPU figures count whole
 * clock ticks, each reading +-1: a figure is taken as above its
 * threshold only when it is by more than 2 ticks.  Measured on 2 CPUs: a
 * program alone waits 0 to 1% of the time, partner processes pinned to
 * one CPU 30 to 35% (by design), beside stress-ng --cpu 4 59 to 78%.
 */
#ifndef HB_RUN_BUSY_H
#define HB_RUN_BUSY_H

#include <stddef.h>

struct busy_snap {
	int ok;				/* the counters were read */
	unsigned long long cpu[8];	/* /proc/stat's cpu line: user .. steal */
	int ncpu;			/* its cpuN lines */
	double kids_ticks;		/* the reaped children's CPU, in ticks */
};

/*
 * Read the counters now: root's "stat" (root: "/proc", or a test's fake
 * one) and this process's reaped children (getrusage).  ok is 0 where
 * the file does not say.
 */
void busy_read(struct busy_snap *s, const char *root);

/*
 * The noise line between two reads into buf, with the load average from
 * loadavg (the text of /proc/loadavg, or NULL), without its newline.
 * Returns its length, or 0 (buf "") when the reads do not say.  Pure.
 */
int busy_line(char *buf, size_t len, const struct busy_snap *from,
	      const struct busy_snap *to, const char *loadavg);

/* The load average's text from root's "loadavg" into buf (or ""). */
void busy_loadavg(char *buf, size_t len, const char *root);

struct busy_verdict {
	double score;		/* the largest figure over its threshold; 0 when none is known */
	char why[512];		/* why the case is noisy, reasons joined by "; "; "" when it is not */
};

/*
 * Judge a case by its noise line (may be "" or NULL) and its program's
 * "# noise-self:" line (may be NULL).  Pure.  Of two runs of a case the
 * quieter has the lower score.
 */
void busy_judge(const char *noise, const char *self, struct busy_verdict *v);

#endif
