/*
 * sock_report: what the network programs print besides their samples'
 * means: transfers whose samples carry several value-unit pairs, each
 * end's CPU use, and percentiles of single round trips (lib/hist).
 *
 * sock_percentiles reports failure (errno set); the rest print to stdout.
 */
#ifndef HB_SOCK_REPORT_H
#define HB_SOCK_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bench.h"
#include "cpustat.h"
#include "hist.h"

/*
 * Print a transfer: n samples of npairs values under base + suffix (the
 * "-N" of parallel streams, or ""), then each end's CPU use (CPU words
 * and the bytes it moved) under base + "/cpu=local" + suffix and base +
 * "/cpu=remote" + suffix.
 */
void sock_report_transfer(const struct bench_opts *o, const char *base,
			  const char *suffix, const uint64_t *iters,
			  const double *vals, size_t n,
			  const char *const *units, size_t npairs,
			  const uint64_t *local, uint64_t local_bytes,
			  const uint64_t *remote, uint64_t remote_bytes);

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
 * server's) as one result line under name (the caller's full name, e.g.
 * "BwTcp/size=64K/placement=one/cpu=local") with the pairs %user, %sys,
 * %irq, %softirq (percent of all that end's CPUs) and us/KB (its service
 * demand for bytes moved).  Prints a "cpu-<side>: unavailable"
 * configuration line instead when that end had no /proc/stat.
 */
void sock_cpu_report(const struct bench_opts *o, const char *name,
		     const char *side, const uint64_t *w, uint64_t bytes);

/*
 * After the samples (a bench_case's finish): time single operations
 * fn(arg, 1) one by one for about reps x sample time (at least 100 of
 * them; at most 5 s) into a histogram, the clock's cost subtracted.
 * Returns 0, or -1 with errno from fn.  sock_percentiles_print then
 * reports the 50th, 90th and 99th percentiles as name + "/stat=p50" ...
 * in ns/op, each from that one histogram of all the round trips (not
 * from per-sample percentiles), and in raw output the histogram itself
 * as a "# hist:" line (lib/hist.h) under name, for the results tool to
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
