/*
 * sock_report: what the network programs print besides their samples'
 * means: transfers whose samples carry several value-unit pairs, each
 * end's CPU use, and percentiles of single round trips (lib/core/hist).
 *
 * sock_percentiles reports failure (errno set); the rest print to stdout.
 */
#ifndef HB_SOCK_REPORT_H
#define HB_SOCK_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/hist.h"
#include "driver/bench.h"
#include "host/cpustat.h"

/*
 * One end of a transfer: its system-wide CPU use (SOCK_CPU_WORDS from
 * sock_cpu_encode), its own processes' (SOCK_OWN_WORDS from
 * sock_own_encode or sock_own_recv; all zero when not known) and the
 * bytes it moved.
 */
struct sock_end {
	const uint64_t *cpu;
	const uint64_t *own;
	uint64_t bytes;
};

/*
 * Print a transfer: first, from the ends' boot ids, whether they are one
 * kernel (raw: a "cpu-ends:" configuration line; text: a note on stderr
 * when they are); then n samples of npairs values under base + suffix
 * (the "-N" of parallel streams, or ""); then each end's CPU use over
 * the samples, a line under the same name each whose iteration count is
 * the samples' operations (the sum of iters): system-wide in units
 * local-%user ... and remote-%user ..., its own processes' in
 * local-own-%user ... and remote-own-%user ... (text output: under
 * base + "/cpu=local" + suffix ... as the results tool reads them).
 */
void sock_report_transfer(const struct bench_opts *o, const char *base,
			  const char *suffix, const uint64_t *iters,
			  const double *vals, size_t n,
			  const char *const *units, size_t npairs,
			  const struct sock_end *local, const struct sock_end *remote);

/*
 * CPU use of one end over a transfer, as words for the wire: whether
 * /proc/stat was there, its tick rate, and the eight tick deltas.
 */
#define SOCK_CPU_WORDS (2 + CPUSTAT_NFIELDS)

/* Snapshots a and b (ok: both were read) as words. */
void sock_cpu_encode(uint64_t *w, int ok, const struct cpustat *a,
		     const struct cpustat *b);

/*
 * Report one end's CPU use (words from sock_cpu_encode, its own or the
 * server's) on one result line of name (the result's own name, e.g.
 * "BwTcp/size=64K/placement=one") with count operations, in the units
 * side-%user, side-%sys, side-%irq, side-%softirq (percent of all that
 * end's CPUs) and side-us/KB (its service demand for bytes moved); text
 * output names it name + "/cpu=" + side.  Prints a "cpu-<side>:
 * unavailable" configuration line instead when that end had no
 * /proc/stat.
 */
void sock_cpu_report(const struct bench_opts *o, const char *name, const char *side,
		     const uint64_t *w, uint64_t bytes, uint64_t count);

/*
 * One end's own processes over a transfer, as words for the wire (a
 * server sends them in a SOCK_MORE message after its RESULT): whether
 * getrusage worked, the user and system microseconds, the span in ns,
 * the CPUs online, and the kernel's boot id in two words (0, 0: not
 * known).
 */
enum {
	SOCK_OWN_OK, SOCK_OWN_USER, SOCK_OWN_SYS, SOCK_OWN_SPAN, SOCK_OWN_NCPUS,
	SOCK_OWN_BOOT, SOCK_OWN_WORDS = SOCK_OWN_BOOT + 2
};

/* Snapshots a and b (ok: both were read) over span_ns, and this kernel's boot id. */
void sock_own_encode(uint64_t *w, int ok, const struct cpuown *a, const struct cpuown *b,
		     uint64_t span_ns);

/*
 * Add w, one more process of the same end (a server child per stream),
 * into sum (all zero at first): the times add up, the span is the
 * longest, known only when every part was.  Pure.
 */
void sock_own_add(uint64_t *sum, const uint64_t *w);

/*
 * After a RESULT on fd: the server's SOCK_MORE into w (SOCK_OWN_WORDS).
 * An older server closes the connection instead: w all zero (not known).
 * Returns 0, or -1 with errno set (EPROTO: something else came).
 */
int sock_own_recv(int fd, unsigned proto, uint64_t *w);

/* 1 when the words of two ends carry the same known boot id: one kernel.  Pure. */
int sock_own_same_kernel(const uint64_t *a, const uint64_t *b);

/*
 * After the samples (a bench_case's finish): time single operations
 * fn(arg, 1) one by one for about reps x sample time (at least 100 of
 * them; at most 5 s) into a histogram, the clock's cost subtracted.
 * Returns 0, or -1 with errno from fn.  sock_percentiles_print then
 * reports the 50th, 90th and 99th percentiles, each from that one
 * histogram of all the round trips (not from per-sample percentiles):
 * raw, one result line of name whose count is the round trips timed, in
 * units p50-ns, p90-ns and p99-ns; text, as name + "/stat=p50" ... in
 * ns/op.  In raw output the histogram itself follows
 * as a "# hist:" line (lib/core/hist.h) under name, for the results tool to
 * merge with other processes'.
 */
int sock_percentiles(const struct bench_opts *o, timing_loop_fn fn, void *arg);
void sock_percentiles_print(const struct bench_opts *o, const char *name);

/*
 * Print h as the "# hist:" line of the result name (without "Benchmark")
 * and unit on f; on no memory, a warning instead.
 */
void sock_hist_print(FILE *f, const char *name, const char *unit, const struct hist *h);

#endif
