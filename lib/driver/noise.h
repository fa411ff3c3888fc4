/*
 * noise: how often our own processes were disturbed while a program ran.
 *
 * Another process on our CPU shows as preemption of ours (involuntary
 * context switches) and as the scheduler moving ours to another CPU
 * (migrations, which also cost the caches).  The suite's front end reads
 * the machine's side from /proc/stat; these are the program's side,
 * counted from noise_start to the exit of the process that called it:
 *
 *   nivcsw      involuntary context switches (preemptions), from
 *               getrusage: RUSAGE_SELF plus RUSAGE_CHILDREN, i.e. this
 *               process and every child (and its descendants) it has
 *               reaped: parallel copies, partner processes and servers
 *               that ended before it.  Children still running at exit
 *               are not counted.
 *   nvcsw       voluntary ones (waits), counted alike: a program whose
 *               processes hand work to each other (a pipe's two ends)
 *               has many of both, as a woken partner preempts the
 *               waker; one that computes alone has few of either
 *               unless something else wants its CPU.
 *   children-csw  the reaped children's share of the two: 0 for a
 *               program that ran as one process.
 *   migrations  /proc/self/sched's se.nr_migrations (Linux): this
 *               process's main thread only.  The kernel keeps no total
 *               for reaped children, so theirs are not counted; the
 *               field is left out where the file is absent.
 *   wall-ms     the wall time over which they were counted.
 *
 * And how long our processes could not run for want of a CPU, the
 * contention that moves a benchmark's figure on a busy machine (Linux;
 * each left out where the kernel does not say it):
 *
 *   run-ms      CPU time of this process and of the children counted
 *               with noise_child (partners, parallel copies, a
 *               loopback server) or that reported themselves with
 *               noise_report_self (the server's session children),
 *               from /proc/PID/schedstat;
 *   wait-ms     the time the same processes were runnable but waited
 *               for a CPU (schedstat's run delay).  wait / (run + wait)
 *               is the share of the time they wanted a CPU that they
 *               did not get: 0 on an idle machine, 2/3 for a loop
 *               beside two others on one CPU, whatever else sleeps or
 *               yields (a niced neighbour that yields costs little
 *               wait, one that competes costs much);
 *   stall-ms    CPU pressure: the time in which some task of the
 *               system (/proc/pressure/cpu, else this cgroup v2's
 *               cpu.pressure: the file lib/core/runclock reads) waited for
 *               a CPU, "some total"; context: it counts our processes'
 *               waits and others';
 *   steal-ms    the time the hypervisor ran something else, per CPU
 *               (/proc/stat's steal over the online CPUs): a guest's
 *               processes cannot see it as waiting;
 *   others-ms, cpus  the time other processes (and interrupts) ran on
 *               the cpus CPUs this process may use: their busy time in
 *               /proc/stat's cpuN lines less run-ms, in clock ticks.
 *               Processes that share CPUs by design (a pipe's two ends
 *               on one CPU) wait for each other; only others' work on
 *               their CPUs makes that contention.
 *
 * At exit, in raw output, the process that called noise_start (not a
 * forked child, which inherits the hook) prints one comment line, which
 * benchstat and the results tool skip, when its standard output is a
 * file it wrote to (a record to end; the suite's front end gives every
 * program a file): nothing after a run that printed nothing (a server's
 * -s and -S modes, an early failure), nor into a pipe or a terminal,
 * where that cannot be told:
 *
 *   # noise-self: nivcsw=N nvcsw=V children-csw=K migrations=M wall-ms=W
 *     run-ms=R wait-ms=D stall-ms=S steal-ms=T others-ms=O cpus=C
 *
 * (one line).  The results tool reads the contention from it: see
 * results/read/resfile.h.
 */
#ifndef HB_NOISE_H
#define HB_NOISE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "core/output.h"

struct noise_self {
	long long nivcsw;	/* >= 0 */
	long long nvcsw;	/* >= 0 */
	long long children_csw;	/* >= 0 */
	long long migrations;	/* >= 0, or -1: unknown */
	double wall_ms;		/* >= 0 */
	double run_ms;		/* >= 0, or -1: unknown */
	double wait_ms;		/* >= 0, or -1: unknown */
	double stall_ms;	/* >= 0, or -1: unknown */
	double steal_ms;	/* >= 0, or -1: unknown */
	double others_ms;	/* >= 0, or -1: unknown */
	int cpus;		/* the CPUs others_ms is over; 0: unknown */
};

/*
 * Start counting now, in this process, and in raw mode, with standard
 * output a file, register the exit hook that prints the line above.  Called once (bench_init does, last);
 * later calls do nothing.  Never fails: without the hook nothing is
 * printed.
 */
void noise_start(enum output_mode mode);

/*
 * The counts since noise_start (since the process started, for those
 * never started: then wall_ms is 0) into *s.  Returns 0, or -1 with
 * errno set when getrusage fails (*s is then zero, migrations -1).
 */
int noise_read(struct noise_self *s);

/*
 * The se.nr_migrations value in the text of a /proc/PID/sched file
 * (NUL-terminated), or -1 when it has none.  Pure.
 */
long long noise_sched_migrations(const char *text);

/*
 * In a descendant of the process that called noise_start that this
 * process cannot read before another reaps it (a loopback server's
 * session children, which the server reaps): count its CPU time and run
 * delay with the program's, through a page shared since noise_start.
 * Call it as the descendant ends, once.  Does nothing in the process
 * that started counting, without that page (a system without shared
 * anonymous mappings), or without /proc/self/schedstat; past 255
 * reports the rest are not counted.
 */
void noise_report_self(void);

/*
 * The share of the time the processes counted wanted a CPU that they
 * waited for one between two reads (noise_read, from earlier than to),
 * wait / (run + wait), 0 .. 1; -1 when either read does not say, or
 * nothing wanted a CPU.  Pure.
 */
double noise_waited(const struct noise_self *from, const struct noise_self *to);

/* Above this share a case counts as contended (resfile.h says why),
 * where others used more than NOISE_BESIDE of its CPUs. */
#define NOISE_CONTENDED 0.25
#define NOISE_BESIDE 0.25
/* ... or, where others' share is unknown, above this. */
#define NOISE_CONTENDED_ALONE 0.5

/*
 * Where a program does not say how long it waited (no schedstat), the
 * suite's runner judges a case by the machine's side instead: noisy when
 * other processes used more than NOISE_OTHERS_CPUS CPUs, the hypervisor
 * took more than NOISE_STEAL_CPUS, or a program that computes alone was
 * preempted more than NOISE_IVCS_PER_S times a second.
 */
#define NOISE_OTHERS_CPUS 0.25
#define NOISE_STEAL_CPUS 0.10
#define NOISE_IVCS_PER_S 100

/* Others' share is known over windows of at least this many ticks of
 * /proc/stat; over shorter ones it is unknown (others-ms left out). */
#define NOISE_OTHERS_MIN_TICKS 10

/*
 * Whether other processes used more than NOISE_BESIDE of the CPUs
 * between two reads: 1, 0, or -1 where that is unknown.  Pure.
 */
int noise_others_beside(const struct noise_self *from, const struct noise_self *to);

/*
 * Count the CPU time and the run delay of child pid (a partner, a
 * parallel copy, a server this process started) with this process's:
 * call it once per child, just before killing or reaping it (a zombie's
 * figures still read), so that what it waited for a CPU shows in the
 * program's line.  Does nothing where /proc/PID/schedstat cannot be
 * read, or in a process other than the one that called noise_start.
 */
void noise_child(pid_t pid);

/*
 * The line "# noise-self: nivcsw=N nvcsw=V children-csw=K[ migrations=M]
 * wall-ms=W[ run-ms=R wait-ms=D][ stall-ms=S][ steal-ms=T][ others-ms=O cpus=C]\n" into buf
 * (a figure left out when unknown; run and wait go together).  Returns its length, or -1 when
 * buf is too small (buf then holds no partial line: "").  Pure.
 */
int noise_format(char *buf, size_t len, const struct noise_self *s);

#endif
