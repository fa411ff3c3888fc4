/*
 * report: the model of what hostbench-compare shows, its types: built
 * once from the runs (build.h, by summary, ladder, series, hosts and
 * ab), then walked by a renderer per format (results/render/), which
 * computes nothing.  Nothing in the model prints.
 *
 * The summary is one table per section of the metric table, one row per
 * run, one column per metric entry (read/metric_table.h); the A/B comparison is
 * the base run against each other run, column by column.
 */
#ifndef HB_REPORT_H
#define HB_REPORT_H

#include <stddef.h>

#include "abtest.h"
#include "read/metric_table.h"
#include "read/resfile.h"
#include "read/resfile_col.h"

struct report_run {
	struct resfile_run rf;
	int id;			/* 1-based, in the order given */
	const char *file;	/* as named on the command line */
	const char *host, *os, *note;
	char label[48];		/* the file name (vm.0), or host#id when files share it */
	size_t hostid;		/* index into report.hosts (report_find_hosts) */
};

/*
 * A machine: the runs whose fingerprints share the host name, the
 * architecture and the CPU model (what a run before and after tuning
 * keeps; a kernel, a governor or a command line is what it changes).
 * Two machines of one name are told apart by their label.
 */
struct report_host {
	const char *name;	/* the fingerprint's host, "?" without one */
	const char *arch, *cpu;	/* "" when the fingerprint has none */
	char label[48];		/* name, or where two machines share it "name/arch"
				 * or "name/3fa2" (a hash of arch and CPU) */
	size_t *runs;		/* indexes into report.runs, in the order given */
	size_t n;
};

/* A comparison to make: groups[a] (the base side) against groups[b]. */
struct report_pair {
	size_t a, b;
};

struct report_column {
	const struct metric *m;
	struct resfile_value *cells;	/* one per run */
};

struct report_section {
	const struct metric_section *s;
	struct report_column *cols;
	size_t ncols;
};

/*
 * What an A/B comparison says of one metric.  Comparability comes first:
 * values measured differently on the two sides are never called a
 * change.  Then the test (see abtest.h): a change beyond the margin with
 * a Benjamini-Hochberg q below REPORT_FDR is better or worse (changed
 * for a metric with no direction), unless the rest of the machine was
 * much busier on one side: unreliable.
 */
enum report_verdict {
	REPORT_NOCHANGE,	/* tested: no change beyond the margin shown ("~") */
	REPORT_SAME,		/* tested: the interval lies within the margin */
	REPORT_BETTER,
	REPORT_WORSE,
	REPORT_CHANGED,		/* significant, but the metric has no direction */
	REPORT_UNRELIABLE,	/* the sides' conditions differ, or too noisy to tell */
	REPORT_UNTESTED,	/* one process a side: nothing to test with */
	REPORT_INCOMPARABLE	/* measured differently on the two sides */
};

/* The false discovery rate over the metrics of one comparison. */
#define REPORT_FDR 0.05

/* The default margin of practical equivalence, in percent. */
#define REPORT_MARGIN 3.0

/* Other work on the machine (CPUs' worth, "# noise:" lines) that differs
 * between the sides by more than this makes a change unreliable, where
 * the programs did not measure their contention. */
#define REPORT_NOISE_LIMIT 0.25

/*
 * Contention (resfile_case_contention: the share of the time a case's
 * processes wanted a CPU that they waited for one) makes every verdict
 * of a metric unreliable when either side's, on average over the cases
 * behind it, is above RESFILE_CONTEND_LIMIT (0.25) while others used more
 * than RESFILE_OTHERS_LIMIT (0.25) of its CPUs (resfile_contended), or
 * the sides' differ by more than this while others used that much on
 * one side.  Waits of processes that share CPUs by design count only
 * where others worked beside them.  Measured on 2 CPUs: a program alone 0 .. 0.01,
 * partner processes pinned to one CPU 0.3 .. 0.45 (they wait for each
 * other by design, on both sides alike), unpinned ones 0.01 .. 0.2;
 * beside `stress-ng --cpu 4` 0.59 .. 0.78.
 */
#define REPORT_CONTEND_DIFF 0.2

/*
 * A metric moved by others' work without waiting for it (METRIC_IDLE: a
 * sleeper's lateness) is unreliable where the others' share of the CPUs
 * differs by more than this between the sides: beside `stress-ng --cpu
 * 4` (share 0.9 and more) sleep late p99 read 46% below a quiet run's
 * (share 0.01), the busy CPU never halted.
 */
#define REPORT_OTHERS_DIFF 0.25

/* A share of what was offered (a UDP loss of what was sent) compares
 * only where the sides offered the same within this fraction. */
#define REPORT_OFFERED_LIMIT 0.10

/*
 * With several runs on a side, the processes are the units where the
 * runs' component of variance is not significant at this level (F test
 * of a nested analysis of variance; Bancroft's preliminary test, whose
 * level of 0.25 keeps the test that follows near its stated error rate
 * when the runs differ after all); else the runs are.
 */
#define REPORT_POOL_ALPHA 0.25

/* A unit (a process, or a run) more than this many times off the median
 * of the other units of its side, on a side of three or more, is a
 * collapsed sample: the metric is unreliable, and the sample named. */
#define REPORT_COLLAPSE 10.0

/* The cases behind a metric on one side that took fewer clock ticks than
 * this read the noise too coarsely: the side's runs as a whole stand for
 * them. */
#define REPORT_NOISE_MIN_TICKS 50

/* An interval wider than this factor either way (a ratio above it, or
 * below its inverse) says nothing the data can support: it is shown as
 * too wide, not as numbers. */
#define REPORT_WIDE_CI 10.0

/* One column of an A/B comparison. */
struct report_ab_row {
	const struct metric *m;
	const struct report_column *col;	/* its summary column: every run's
						 * value, samples and processes */
	double a, b;		/* geometric means of the sides' units (display units) */
	size_t na, nb;		/* units (processes) on each side */
	struct abtest_ratio t;
	double delta;		/* percent, b against a */
	double lo, hi;		/* the interval of delta at the comparison's
				 * level (report_ab.level), percent; NaN
				 * untested */
	double abs_lo, abs_hi;	/* a difference's interval (t.scale
				 * ABTEST_LINEAR), in the metric's display
				 * unit; NaN else */
	double margin;		/* the margin the test used: a fraction for a
				 * ratio, absolute for a difference */
	int beyond, within;	/* the interval lies wholly beyond, within
				 * the margin */
	int too_wide;		/* wider than REPORT_WIDE_CI either way */
	double detectable;	/* the smallest change, percent, that this
				 * comparison could have shown beyond the
				 * margin (abtest_detectable); NaN untested */
	double abs_detectable;	/* the same for a difference, in the
				 * metric's display unit; NaN else */
	double q;		/* Benjamini-Hochberg; NaN untested */
	double noise_a, noise_b;	/* mean other work, CPUs; NaN unknown */
	double contend_a, contend_b;	/* mean contention, 0 .. 1; NaN unknown */
	double others_a, others_b;	/* others' mean share of the CPUs; NaN unknown */
	enum report_verdict verdict;
	char why[160];		/* for unreliable, untested, not comparable;
				 * for another verdict, a caveat */
	int caveat;		/* why is a caveat (caveats.h): what a reader
				 * must know of a verdict that stands */
	int short_a, short_b;	/* a run of the side measured it while the UDP
				 * sender fell short of the rate asked
				 * (resfile_value.short_note) */
	int collapsed;		/* a unit REPORT_COLLAPSE off its side's others (why names it) */
	int pooled;		/* several runs a side, their processes the units */
	int wide;		/* not significant, and its interval wider
				 * than REPORT_WIDE_CI either way: lo and hi
				 * are NaN, the formats say "too wide" */
	int significant;	/* better, worse or changed */
	int regression;		/* worse and beyond --threshold */
	int cannot_tell;	/* with --threshold: could hide a regression
				 * beyond it (unreliable, untested, or an
				 * interval that reaches beyond it) */
	size_t note;		/* 1 + the index of its why in
				 * report_ab.notes; 0: no why */
};

/*
 * A message of a comparison once (notes.h): the why that rows of one
 * verdict share ("contended: waited for a CPU 28% vs 31% of the time"),
 * and those rows, in the order of the tables.  Every format shows it
 * once, naming its rows, rather than once a row.
 */
struct report_note {
	enum report_verdict verdict;	/* its rows', but for a caveat */
	int caveat;		/* a caveat (caveats.h): rows of any verdict */
	const char *text;	/* the first row's why */
	const struct report_ab_row **rows;
	size_t nrows;
};

struct report_ab_section {
	const struct metric_section *s;
	struct report_ab_row *rows;
	size_t nrows;
	int has_geomean;
	double geo_a, geo_b, geo_delta;
};

/* A side of a comparison: one run or several. */
struct report_group {
	size_t *runs;		/* indexes into report.runs */
	size_t n;
	char label[64];		/* "[1]", "[1 2 3]", "tag-kernel=6.1" */
};

struct report_change;		/* changes.h */
struct fleet;			/* fleet.h */
struct curves;			/* curves.h */

struct report_ab {
	size_t base, other;	/* the first run of each side */
	const struct report_group *ga, *gb;
	int paired;		/* rounds of hostbench ab: compared round by round */
	struct report_change *changes;
	size_t nchanges;
	struct report_ab_section *secs;
	size_t nsecs;
	size_t ntested;		/* metrics the FDR is taken over */
	double level;		/* of the rows' intervals: abtest_fcr_level
				 * over the tested metrics */
	size_t nsee5, nsee10;	/* tested metrics whose detectable change
				 * is at most 5%, 10% */
	size_t ncounts[REPORT_INCOMPARABLE + 1];	/* rows by verdict */
	/* The rows' whys, each distinct one once (notes.h). */
	struct report_note *notes;
	size_t nnotes;
};

/*
 * A rate ladder of one run (a METRIC_LADDER entry's steps and knee: see
 * metric.h), one row of its table: what arrived and what was lost at
 * each target rate of the table.
 */
struct report_ladder_row {
	size_t run;		/* index into runs */
	char group[160];	/* the name's parts but the program and the
				 * rate: "size=1470/placement=one" */
	double *got;		/* per target of the table: Mbit/s received
				 * (the steps' METRIC_LADDER_GOT, as the
				 * summary takes it); NaN: no such step */
	double *loss;		/* percent lost (METRIC_LADDER_LOSS); NaN */
	const char **short_note;	/* per target: the step's "udp-short:"
					 * (resfile_result.short_note), NULL
					 * where the sender kept up */
	double knee;		/* Mbit/s; NaN: no knee (no step held) */
};

struct report_ladder {
	const struct metric *m;	/* the knee's entry */
	char program[32];	/* the name's program part: "BwUdp" */
	double *targets;	/* Mbit/s, ascending: every row's steps */
	size_t ntargets;
	struct report_ladder_row *rows;
	size_t nrows;
};

/*
 * A time series of one case of a run: lat_load's "/series=<bin>" results,
 * a result line per bin of the load with its start (at-ms), the
 * throughput up and down (bin-up-Mbit/s, bin-down-Mbit/s) and the
 * median round trip of the probes sent in it (bin-rtt-ns).  A case run
 * more than once in a run (rounds) gives a series per process.
 */
struct report_series {
	size_t run;		/* index into runs */
	unsigned round;		/* its case's "round:"; 0 when none */
	size_t part;		/* 1, 2 ...: which process of the run gave
				 * the same case's series */
	char program[32];	/* the program that printed it: "lat_load" */
	char group[160];	/* the name's parts but the program and the
				 * series: "streams=4+4/peer=remote" */
	double bin_ms;		/* the length of a bin */
	double *at;		/* per bin: its start, ms from the load's */
	double *up, *down;	/* Mbit/s */
	double *rtt;		/* ns; NaN: no probe of the bin answered */
	size_t n;
	double idle_rtt;	/* the case's idle median round trip (its
				 * "/rtt=idle/stat=p50" ns/op from the same
				 * process), ns; NaN when it has none */
};

struct report {
	struct report_run *runs;
	size_t nruns;
	struct report_section *secs;
	size_t nsecs;
	/* The rate ladders of the runs, one table per METRIC_LADDER entry
	 * that any run has (with the summary, in the sections chosen). */
	struct report_ladder *ladders;
	size_t nladders;
	/* The memory latency curves of the runs (curves.h). */
	struct curves *curves;
	/* The time series of the runs' cases, in the order of the runs
	 * (in the sections chosen: that of the case's throughput). */
	struct report_series *series;
	size_t nseries;
	struct report_ab *abs;
	size_t nabs;
	char **errors;		/* bad files: "path:line: message" */
	size_t nerrors;
	int want_summary, want_ab;
	double threshold;	/* percent; < 0: none */
	/* The false discovery rate of this comparison: REPORT_FDR, or at
	 * look K of a sequential experiment (hostbench ab --until) its
	 * share report_fdr_at_look(K). */
	double fdr;
	unsigned look;		/* K; 0: not sequential */
	double margin;		/* percent: changes within it are the same */
	/* The sides: set before report_build (--a/--b, --group-by), or
	 * left empty for one run a side, the base against each other. */
	struct report_group *groups;
	size_t ngroups;
	size_t base_group;
	/* The comparisons, set before report_build (non-NULL, even with
	 * none), or left NULL for groups[base_group] against each other
	 * group. */
	struct report_pair *pairs;
	size_t npairs;
	/* The machines of the runs (report_find_hosts). */
	struct report_host *hosts;
	size_t nhosts;
	/* With two or more hosts, their table and the ranking across them
	 * (fleet.h); else NULL. */
	struct fleet *fleet;
	size_t nregressions;
	size_t ncannot;		/* rows with cannot_tell */
};

#endif
