/*
 * bench: the shared options and the measurement driver of every program.
 *
 * Shared options, parsed once here:
 *   -N reps      samples to take (default 11)
 *   -W time      warm-up before sampling (lmbench: microseconds; a unit
 *                ns/us/ms/s may follow; default 0: calibration warms up)
 *   -P n         run n copies in parallel (latency per copy, bandwidth summed)
 *   -c cpulist   pin to these CPUs (exit 77 where pinning is impossible)
 *   -T time      length of one sample (default 10ms; bare number: ms)
 *   -I pct[,s]   sample until the 95% CI of the median is within +-pct%
 *                (or netperf's -I level[,width]),
 *                or for s seconds at most (default 10)
 *   -o text|raw  output (default: text on a terminal, raw otherwise)
 *   -h, -V       help, version
 *
 * The driver: calibrate the iteration count so that one sample lasts -T,
 * warm up, take -N samples (more under -I), subtract a measured overhead
 * where the benchmark asks for it, and print every sample (raw) or a
 * summary (text).  Failures print a message and no number.
 */
#ifndef HB_BENCH_H
#define HB_BENCH_H

#include <stddef.h>
#include <stdint.h>

#include "core/compat.h"
#include "core/output.h"
#include "core/timing.h"
#include "driver/prog.h"

#define BENCH_MAX_CPUS 1024

struct bench_opts {
	unsigned reps;
	unsigned parallel;
	uint64_t warmup_ns;
	uint64_t sample_ns;
	double precision_pct;		/* 0: off */
	double precision_level;		/* its confidence, 0.5 .. 0.999 (default 0.95) */
	int precision_netperf;		/* given as netperf's -I level,width */
	uint64_t precision_cap_ns;
	enum output_mode output;
	size_t ncpus;			/* 0: not pinned */
	int cpus[BENCH_MAX_CPUS];
};

/*
 * Parse argv into *o and the program's own options.  Options may stand
 * before, between and after the positional arguments, as bench_getopt
 * says (unless p->stop_at_operand).  -h prints the help
 * and exits 0; -V prints the version and exits 0; --synopsis (alone)
 * prints the usage as a man page's SYNOPSIS (man(7) markup) and exits 0; a bad option or value
 * exits 2 with a message naming it and the usage line.  Applies -c
 * (pinning) before returning: exits 77 where it cannot.  Returns the index
 * of the first positional argument: argv is reordered, the options first,
 * then the positional arguments in the order given.  -P above the
 * program's max_parallel and -I where it gives why_precision exit 2 with
 * the reason.
 */
int bench_init(struct bench_opts *o, const struct bench_prog *p,
	       int argc, char **argv);

/*
 * getopt(3) that finds options wherever they stand, the same on every
 * libc: glibc's getopt moves the operands (positional arguments) behind
 * the options itself, unless POSIXLY_CORRECT is set, and musl's stops at
 * the first one.  For programs that parse their own options (hostinfo);
 * bench_init uses it.
 *
 * Call bench_getopt_start once, then bench_getopt as getopt until it
 * returns -1 (optind and optarg as getopt leaves them; optstring must
 * begin with '+', so that getopt itself never reorders).  An operand met
 * is set aside and the options after it are parsed; "--" ends the
 * options: every argument after it is an operand, one that begins with
 * '-' too; "-" alone is an operand.  With stop, options end at the first
 * operand instead (a command line: lat_cmd).  At -1, argv is reordered:
 * argv[1 .. g->first) are the options, their values and any "--", and
 * argv[g->first .. argc) the operands, each in the order given.
 *
 * '?' and ':' are getopt's (an unknown letter in optopt, a value
 * missing); the caller stops parsing there.  g->word is the argument the
 * last letter came from: after '?' with optopt '-', one that begins with
 * "--" is a long option ("--foo"), which no program has.
 */
struct bench_getopt {
	int argc;
	char **argv;
	int stop;
	int ops, nops;		/* the operands set aside: argv[ops .. ops + nops) */
	const char *word;
	int first;		/* at -1: the index of the first operand */
};

void bench_getopt_start(struct bench_getopt *g, int argc, char **argv, int stop);
int bench_getopt(struct bench_getopt *g, const char *optstring);

/*
 * Restrict the calling process to the n CPUs listed.  Returns 0, or -1
 * with errno set (ENOSYS where the system cannot pin, EINVAL for a CPU
 * number below 0 or not below CPU_SETSIZE).
 */
int bench_pin(const int *cpus, size_t n);

/*
 * The shared -I: hostbench's pct[,s], o->precision_pct (0.01 .. 50, at
 * 95% confidence) and, after a comma, o->precision_cap_ns (0.1 s .. 1 h;
 * a bare number in s); or netperf's level[,width] when the first number
 * is 50 or more (a half-width of 50% of the value is no target: two
 * samples meet it): o->precision_level (50 .. 99.9%) and the whole
 * interval's width in percent of the value (0.01 .. 100, default 5),
 * whose half is o->precision_pct.  A bad value exits 2 naming -I.
 */
void bench_arg_precision(struct bench_opts *o, const struct bench_prog *p, const char *s);

/*
 * -I for a program that samples on its own, its samples slices of equal
 * length of one transfer (bw_udp, lat_load), as netperf's -I: whether
 * v[0 .. n-1] meet the target, *pct the half-width of the mean's t
 * interval at o->precision_level in percent of the mean (HUGE_VAL below
 * two samples or for a mean not above 0).  Pure.
 */
int bench_precision_mean(const struct bench_opts *o, const double *v, size_t n, double *pct);

/*
 * With -I (else nothing), raw: the "precision-target" configuration
 * line (the level, the target, the samples and time to start from, the
 * time cap), of the mean of what.
 */
void bench_precision_target(const struct bench_opts *o, const char *what, double sample_s);

/*
 * With -I (else nothing): the outcome for the result name.  Not met:
 * "NAME: precision target +-X% at L% confidence not reached: +-Y% after
 * N samples" on stderr, which the result still follows (netperf's
 * warning).  Raw: a line of name with the half-width reached
 * (%halfwidth) and the samples it is of (samples); text: a line saying
 * both.
 */
void bench_precision_report(const struct bench_opts *o, const char *name, int met, double pct,
			    size_t n);

/* Print "prog: message" and the usage line to stderr, and exit 2. */
HB_NORETURN void bench_usage_error(const struct bench_prog *p,
				   const char *fmt, ...) HB_PRINTF(2, 3);

/*
 * For option handlers: parse helpers that exit 2 with the parser's
 * message and the usage line on bad input.
 */
long long bench_arg_int(const struct bench_prog *p, const char *opt,
			const char *s, long long lo, long long hi);
uint64_t bench_arg_size(const struct bench_prog *p, const char *opt,
			const char *s, uint64_t lo, uint64_t hi);

/*
 * Raw mode only: print the run's configuration lines (bench, samples,
 * sample time, parallel, CPU affinity, load average, clock), once per
 * process: later calls do nothing.  bench_run calls it before its first
 * case; a program may call it first to add its own lines after it.
 */
void bench_print_config(const struct bench_opts *o, const struct bench_prog *p);

/* One measurement: a timed loop and how to turn its time into a value. */
struct bench_case {
	const char *name;	/* result name without "Benchmark": "LatSyscall/op=null" */
	/*
	 * The timed loop: iters operations.  On failure it returns -1 with
	 * errno set, or with errno 0 after printing its own message.
	 */
	timing_loop_fn loop;
	void *arg;
	/*
	 * Optional: a loop with everything but the operation measured,
	 * timed the same way; its median per-iteration cost is subtracted.
	 */
	timing_loop_fn overhead;
	/*
	 * Optional, instead of loop: work that times itself, for benchmarks
	 * whose every sample needs untimed setup or teardown (files to
	 * create before a delete is timed).  Calibration, warm-up, -N, -I
	 * and -P apply as to a loop.
	 */
	timing_sample_fn sample;
	/* 0: report latency in ns/op; > 0: report bandwidth in MB/s */
	double bytes_per_op;
	/*
	 * 0 or 1: an iteration is one operation.  Else the operations one
	 * iteration holds (bw_pipe's messages), the count a raw line gives:
	 * the Go format's count is the operations a value is of.
	 */
	uint64_t ops_per_iter;
	/*
	 * Optional second value on every line: alt_scale / value when
	 * alt_inverse (files/s from ns/op: 1e9, 1), else alt_scale * value
	 * (Mbit/s from MB/s: 8, 0), in alt_unit.
	 */
	const char *alt_unit;
	double alt_scale;
	int alt_inverse;
	/* Optional: called once in each parallel copy before its first sample. */
	int (*copy_init)(void *arg);
	/*
	 * Optional: more measuring after the samples, before anything is
	 * printed (lat_tcp's single round trips); on failure (-1, errno set)
	 * nothing of the case is printed.
	 */
	int (*finish)(void *arg);
	uint64_t max_iters;	/* 0: no limit */
};

/*
 * Physical plausibility.  bench_check: 1 when value, a result's summary
 * by its metric's estimator, is inside the bounds of its metric in the
 * catalogue (lib/core/metric: metric_fact_find(name, unit); a result
 * without an entry: finite and not negative) and, for a time in ns of
 * one operation timed on its own (metric_timed_singly: a "/stat="
 * percentile, lmdd's per-I/O times), not below the clock's cost
 * (timing_call_cost: the interval holds one reading at least); else 0
 * with the reason in why.
 */
int bench_check(const char *name, const char *unit, double value, char *why, size_t len);

/*
 * Say on stderr "NAME: implausible: WHY; not reported" and remember it:
 * bench_exit_code then turns success into MSG_EXIT_IMPLAUSIBLE.
 */
void bench_withhold(const char *name, const char *fmt, ...) HB_PRINTF(2, 3);

/*
 * What main returns: code, or MSG_EXIT_IMPLAUSIBLE when code is
 * MSG_EXIT_OK and a value was withheld.
 */
int bench_exit_code(int code);

/*
 * The summary of a result's samples v[0..n-1] in unit by its metric's
 * estimator (lib/core/metric; weights w, the same line's values in the
 * metric's weight unit, or NULL; no entry: the median).  NaN for n = 0.
 */
double bench_summary(const char *name, const char *unit, const double *v, const double *w,
		     size_t n);

/*
 * Measure c and print it.  Returns 0, or -1 after printing why (an
 * operation failed, a copy died); nothing is printed for a failed case.
 * A summary outside its metric's bounds (bench_check; where the loop
 * ran one iteration per sample, also the clock bound: one operation
 * timed singly) is measured again, twice at most, and then withheld
 * (bench_withhold): 0 is returned and nothing printed for it.
 */
int bench_run(const struct bench_opts *o, const struct bench_prog *p,
	      const struct bench_case *c);

/*
 * The one reporter of samples: n samples of k value-unit pairs each
 * (vals[i * k + j] in units[j], 1 <= k <= OUTPUT_MAX_PAIRS; iters[i] the
 * sample's count): raw, one result line per sample through lib/core/output;
 * text, one summary line per unit.  The others below, sock_report's and
 * lmdd's come down to it.  A result whose summary in any unit is not
 * plausible (bench_check) is withheld (bench_withhold): nothing of it
 * is printed.
 */
void bench_report_k(const struct bench_opts *o, const char *name,
		    const uint64_t *iters, const double *vals, size_t n,
		    const char *const *units, size_t k);

/*
 * Print samples measured by the program itself: raw lines, or the text
 * summary.  values[i] is in unit; iters[i] is the sample's count.
 */
void bench_report(const struct bench_opts *o, const char *name,
		  const uint64_t *iters, const double *values, size_t n,
		  const char *unit);

/*
 * The same with a second value per sample (alt[i] in alt_unit) on every
 * raw line; text output summarizes both.  alt NULL: like bench_report.
 */
void bench_report_pairs(const struct bench_opts *o, const char *name,
			const uint64_t *iters, const double *values, size_t n,
			const char *unit, const double *alt, const char *alt_unit);

#endif
