/*
 * resfile: reading result files, for the results tool.
 *
 * Two formats are read, told apart by the first line that is not blank:
 *
 *   hostbench   the Go benchmark data format (see output.h): "key: value"
 *               configuration lines, "Benchmark..." result lines, one per
 *               sample.  The configuration before the first "bench:" line
 *               is the run's fingerprint; "bench:", "args:", "status:",
 *               "precision:" and "load:" lines describe each benchmark.
 *   lmbench3    what lmbench3's "make results" writes (the first line
 *               starts with "["): bracketed header lines, then prose
 *               lines and curve blocks, turned here into hostbench result
 *               names and units (ns/op, MB/s; see resfile_lm3.c for the map)
 *               so both compare alike.  Lines it does not know (noise a
 *               real run leaves) are skipped; a value of 0 or less, which
 *               lmbench prints when a loop was optimized away, is dropped.
 *
 * resfile_parse is pure (no I/O): it reads a buffer.  On failure the
 * message names the file and line: "vm.0:12: malformed result line".
 * A summary column's value is taken from a run by resfile_col.h.
 */
#ifndef HB_RESFILE_H
#define HB_RESFILE_H

#include <stddef.h>

#include "core/hist.h"

enum resfile_format { RESFILE_HOSTBENCH, RESFILE_LMBENCH3 };

/* The samples of one result name and unit, in file order. */
struct resfile_result {
	char *name;		/* without "Benchmark": "LatSyscall/op=null" */
	char *unit;		/* "ns/op" */
	double *v;
	size_t *from;		/* per sample: 1 + the index of its case in
				 * cases[], or, with no case (lmbench3), a
				 * number of its own; samples with the same
				 * number came from one process */
	size_t n, cap;
	unsigned long line;	/* where its first sample is */
	/* bw_udp's "udp-short:" in force (not empty) where samples of it
	 * were read: the first such value ("sent 80 MB/s of the 125 MB/s
	 * asked (-36%)"), NULL for none, and how many samples. */
	char *short_note;
	size_t nshort;
};

/*
 * One case the suite ran: a "bench:" block with the records the program
 * printed (the program's own "bench:" header continues it).  A case is
 * one fresh process at one moment of the run: the unit of a comparison.
 * A "round:" line (rounds of a run, or of hostbench ab) or the suite's
 * "# noise:" line after a case ends it.
 */
struct resfile_case {
	char *bench;		/* "lat_syscall" */
	char *args;		/* the suite's (first) "args:" line; "" for none */
	char *reduced;		/* its "size-reduced:" value, or NULL */
	unsigned round;		/* the "round:" it ran in; 0 when none */
	double others;		/* "# noise: cpu-others=": CPUs busy with other
				 * work while it ran; NaN when not recorded */
	double steal;		/* "steal=": CPUs taken by the hypervisor; NaN */
	double ticks;		/* "ticks=": its wall time in clock ticks, over
				 * which the two were read; NaN */
	/* The program's "# noise-self:" contention (lib/driver/noise.h), ms; NaN
	 * where it gave none. */
	double run_ms, wait_ms;	/* its processes' CPU time, and their wait for a CPU */
	double steal_ms;	/* the hypervisor's steal, per CPU */
	double wall_ms;
	double others_ms;	/* others' busy time on its CPUs; NaN */
	double cpus;		/* the CPUs others_ms is over; NaN */
	double sample_ms;	/* its program's "sample-time:", the time of
				 * one sample; NaN when it gave none */
};

/*
 * How much of a case the machine withheld: the share of the time its
 * processes wanted a CPU that they waited for one, wait / (run + wait),
 * plus the steal over its wall time, at most 1; NaN when the program did
 * not say (an older file, a system without schedstat).
 */
double resfile_case_contention(const struct resfile_case *c);

/*
 * The share of the capacity of a case's CPUs that other processes (and
 * interrupts) used while it ran: others_ms / (cpus x wall_ms), at most
 * 1; NaN where the program did not say.  Processes that share their
 * CPUs by design wait for each other: contention is a wait while others
 * used the CPUs.
 */
double resfile_case_others(const struct resfile_case *c);

/*
 * Whether a case's contention and others' share (NaN: unknown) make it
 * contended: waited more than RESFILE_CONTEND_LIMIT of the time it wanted
 * a CPU while others used more than RESFILE_OTHERS_LIMIT of its CPUs;
 * where the share is unknown, waited more than RESFILE_CONTEND_ALONE.
 */
int resfile_contended(double contention, double others);

struct resfile_kv {
	char *key;
	char *value;
};

/*
 * A "# hist:" line (lib/core/hist): every single observation of a result
 * (round trips, wake-ups) of one process, for the percentiles of a run
 * from all its observations.
 */
struct resfile_hist {
	char *name;		/* the result's name without its "/stat=" part */
	char *unit;
	size_t from;		/* the process, as resfile_result.from */
	struct hist *h;
};

struct resfile_run {
	char *path;
	enum resfile_format format;
	/* The fingerprint: hostbench's configuration before the first
	 * "bench:" line; lmbench's header, mapped to hostbench's keys (host,
	 * os, arch, platform, cpus, load, date, parallel, lmbench) and
	 * "lmbench-<key>" for the rest.  In file order, keys unique. */
	struct resfile_kv *config;
	size_t nconfig;
	/* Keys first seen after the fingerprint, and keys of it given
	 * another value after it, with their first value there. */
	struct resfile_kv *later;
	size_t nlater;
	struct resfile_result *results;
	size_t nresults;
	struct resfile_case *cases;
	size_t ncases;
	struct resfile_hist *hists;
	size_t nhists;
	/* Conditions that make the numbers unreliable, one line each:
	 * "governor ondemand", "load 1.45 (above 0.5)" (or "other work on
	 * the machine: 0.97 CPUs ..."), "lat_ctx 2: failed: ...",
	 * "lat_syscall null: precision not reached ...". */
	char **flags;
	size_t nflags;
	size_t *flag_counts;	/* per flag: how many times it was raised
				 * (a case marked noisy in two rounds alike) */
	double max_load;	/* the highest load: line; -1 when none */
	unsigned long lines;
};

/* Load above this is flagged, in a file without the suite's noise lines
 * (the load average counts the benchmark itself: a run that has them is
 * judged by them instead). */
#define RESFILE_LOAD_LIMIT 0.5

/* Other work on the machine above this many CPUs, on average over the
 * cases (weighted by their clock ticks), is flagged in a file without
 * the programs' contention figures. */
#define RESFILE_NOISE_LIMIT 0.25

/* A run whose cases waited for a CPU more than this share of the time,
 * on average (weighted by the time they wanted one), while others used
 * more than RESFILE_OTHERS_LIMIT of their CPUs, is flagged; the same
 * bounds make an A/B comparison unreliable (results/model/report.h). */
#define RESFILE_CONTEND_LIMIT 0.25
#define RESFILE_OTHERS_LIMIT 0.25
/* The limit of the wait alone, where others' share is not known:
 * processes that share CPUs by design wait up to a third of the time
 * (a pipe's two ends) or nearly half (a TCP transfer's) for each other. */
#define RESFILE_CONTEND_ALONE 0.5

/* An empty run (call before parse or load). */
void resfile_init(struct resfile_run *r);

/* Free what a run holds; it is empty again afterwards. */
void resfile_free(struct resfile_run *r);

/*
 * Parse text[0..len) as the result file named path (used in messages and
 * kept in r->path).  Returns 0, or -1 with "path:line: message" in err
 * (binary data, a malformed or truncated result line, no results and no
 * header at all, out of memory); on failure r keeps what was read.
 */
int resfile_parse(struct resfile_run *r, const char *path, const char *text,
		  size_t len, char *err, size_t errlen);

/*
 * Read the file at path and parse it.  Returns 0, or -1 with "path: ..."
 * or "path:line: ..." in err (the strerror when it cannot be read).
 */
int resfile_load(struct resfile_run *r, const char *path, char *err, size_t errlen);

/* The configuration value for key: the fingerprint's, else the first seen
 * later, else NULL. */
const char *resfile_config(const struct resfile_run *r, const char *key);

/* The fingerprint's value for key (not a value set later), or NULL. */
const char *resfile_fingerprint(const struct resfile_run *r, const char *key);

/* The result with exactly this name and unit, or NULL. */
const struct resfile_result *resfile_find(const struct resfile_run *r,
					  const char *name, const char *unit);

#endif
