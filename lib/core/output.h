/*
 * output: the only code that knows the result format.
 *
 * Raw output is the Go benchmark data format: configuration lines
 * "key: value" (key lower case, hyphenated), then one line per sample:
 *
 *     BenchmarkLatSyscall/op=null	 12000000	        41.27 ns/op
 *
 * a name ("Benchmark" + upper-case letter ...), an iteration count and
 * value-unit pairs, separated by blanks.  Text output is one line per
 * metric for people: median, 95% CI of the median, spread and n.
 */
#ifndef HB_OUTPUT_H
#define HB_OUTPUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "core/compat.h"
#include "core/stats.h"

enum output_mode { OUTPUT_TEXT, OUTPUT_RAW };

#define OUTPUT_MAX_NAME 160
#define OUTPUT_MAX_KEY 64
/*
 * A configuration value: room for a 4 KB kernel command line (the
 * largest COMMAND_LINE_SIZE of any architecture) or the names of every
 * loaded module.  Longer values are cut, and end in "..." so the cut shows.
 */
#define OUTPUT_MAX_VALUE 8192
#define OUTPUT_MAX_UNIT 24
#define OUTPUT_MAX_PAIRS 8

/*
 * Format v with six significant digits, no trailing zeros and no exponent
 * for the magnitudes benchmarks produce (1e-12 .. 1e15): "41.2712",
 * "12345.7", "0.00123457", "41.3".
 * Returns buf.
 */
char *output_format_value(char *buf, size_t len, double v);

/*
 * Print a configuration line "key: value"; a value of OUTPUT_MAX_VALUE
 * bytes or more is cut to fit and ends in "...".  A key whose value
 * differs between runs of one setup (output_key_is_run_note) is written
 * as a run note, "# key: value": benchstat skips it, so it does not keep
 * two runs from being compared; the results tool reads it as a
 * configuration line.  A mark (output_key_kind) is written "# key:
 * value" too.  Returns 0, or -1 (errno EINVAL) on a bad key.
 */
int output_config(FILE *f, const char *key, const char *fmt, ...) HB_PRINTF(3, 4);

/*
 * The time t as a header's date line gives it: ISO 8601 in UTC
 * ("2026-12-07T09:42:57Z"), or "unknown" when t cannot be converted.
 * Written by hand: strftime would bring a static program the C
 * library's time zone code.  Returns buf.
 */
char *output_date(char *buf, size_t len, time_t t);

/*
 * Print the line "# key: value" ("# key:" alone for an empty value)
 * whatever the key: a line of the suite's own ("# bench: lat_syscall",
 * "# status: ok", "# noisy: why"), or a program's configuration line
 * noted in a case ("# placement: one").  The value is cut and kept on
 * one line as output_config does.  Returns 0, or -1 (errno EINVAL) on a
 * bad key.
 */
int output_note(FILE *f, const char *key, const char *fmt, ...) HB_PRINTF(3, 4);

/*
 * The keys of a run file that are more than plain configuration, one
 * table: how each is written (its kind) and what it tells the results
 * tool (its role, results/read/resfile_hb.c).  A key not in it is plain
 * configuration.  Adding a key the suite writes is one row.
 */
enum output_key_kind {
	OUTPUT_KEY_CONFIG,	/* "key: value", a condition of the results
				 * after it (bench:, args:, a program's
				 * sample-time: ...) */
	OUTPUT_KEY_RUN_NOTE,	/* "# key: value": differs between runs of
				 * one setup (date, load, status, round ...);
				 * benchstat skips it, the results tool reads
				 * it as a configuration line */
	OUTPUT_KEY_MARK		/* "# key: value": a mark of the moment
				 * (noise, noisy, settled, hist), never a
				 * configuration line */
};

enum output_key_role {
	OUTPUT_ROLE_NONE,	/* configuration, nothing more */
	OUTPUT_ROLE_CASE,	/* bench: opens a case, unless it is the
				 * program's own header of the case the
				 * suite just opened (same name, no results) */
	OUTPUT_ROLE_ARGS,	/* args: the open case's arguments (its first) */
	OUTPUT_ROLE_ROUND,	/* round: the round of the cases after it;
				 * closes the open case */
	OUTPUT_ROLE_STATUS,	/* status: the case's outcome; "failed" and
				 * "implausible" flag the run, a failed case's
				 * results are dropped */
	OUTPUT_ROLE_PRECISION,	/* precision: "not-reached ..." flags the run */
	OUTPUT_ROLE_SAMPLE_TIME,	/* sample-time: "T ms", the open case's
					 * time of one sample (and configuration) */
	OUTPUT_ROLE_REDUCED,	/* size-reduced: the open case's reduction
				 * (and configuration) */
	OUTPUT_ROLE_LOAD,	/* load: the run's highest (and configuration) */
	OUTPUT_ROLE_GOVERNOR,	/* governor: other than performance flags the
				 * run (and configuration) */
	OUTPUT_ROLE_NOISE,	/* "# noise: cpu-others=C steal=S ticks=T":
				 * the open case's noise; closes the case */
	OUTPUT_ROLE_NOISE_SELF,	/* "# noise-self: ... run-ms=R ...": the open
				 * case's own contention */
	OUTPUT_ROLE_FLAG,	/* "# key: why": flags the open case, in the
				 * words of the row's flag */
	OUTPUT_ROLE_HIST,	/* "# hist: ...": single observations (lib/core/hist) */
	OUTPUT_ROLE_COMMENT	/* "# key: text" for people; read as nothing */
};

struct output_key {
	const char *key;
	enum output_key_kind kind;
	enum output_key_role role;
	int suffix;		/* the row is also every key that ends in
				 * "-" + key (cpu0-governor) */
	const char *flag;	/* OUTPUT_ROLE_FLAG: what the run's flag says
				 * ("<case>: <flag>: <why>") */
};

/* Sorted by key (output_key_find bsearches it). */
extern const struct output_key output_keys[];
extern const size_t output_key_count;

/*
 * The row of key: its own, else that of a suffix row it ends in
 * ("-governor"); NULL for plain configuration.  The box's fingerprint
 * keys (box-date ...) have no row: output_key_kind gives their kind.
 */
const struct output_key *output_key_find(const char *key);

/* How key is written: its row's kind, the box's keys (box-load) as the
 * host's; OUTPUT_KEY_CONFIG without a row. */
enum output_key_kind output_key_kind(const char *key);

/* Whether key is written as a run note (date, load, status, round, ...):
 * its kind is OUTPUT_KEY_RUN_NOTE. */
int output_key_is_run_note(const char *key);

/* Print one sample line: "Benchmark<name>\t<iters>\t<value> <unit>". */
void output_sample(FILE *f, const char *name, uint64_t iters,
		   double value, const char *unit);

/* The same with n value-unit pairs (1 <= n <= OUTPUT_MAX_PAIRS). */
void output_sample_pairs(FILE *f, const char *name, uint64_t iters,
			 const double *values, const char *const *units, size_t n);

/*
 * The units hostbench writes that benchstat does not know (it knows
 * ns/op, MB/s, B/op and allocs/op): for each, whether a higher or a lower
 * value is better (0: neither) and whether it is exact (a size found or
 * granted, not a noisy measurement: benchstat's "assume=exact"), and what
 * it means.  A unit "lN-..." stands for l1-... to lN-... up to levels.
 */
struct output_unit {
	const char *unit;
	int better;		/* 1 higher, -1 lower, 0 neither */
	int exact;
	unsigned levels;	/* 0, or the N of an "lN-" unit (1 .. N) or a "%cpuN-" one (0 .. N - 1) */
	const char *meaning;
};

extern const struct output_unit output_units[];
extern const size_t output_unit_count;

/* The entry of unit (l3-bytes finds lN-bytes), or NULL. */
const struct output_unit *output_unit_find(const char *unit);

/*
 * Print the Go format's unit metadata lines for every unit of
 * output_units, "Unit p50-ns better=lower" ("assume=exact" for an exact
 * one, "assume=nothing" for one that is neither better higher nor
 * lower), once per result file: hostinfo writes them with the
 * fingerprint.
 */
void output_unit_lines(FILE *f);

/* Print the run-note keys (output_key_is_run_note), sorted, one a line. */
void output_run_note_keys(FILE *f);

/*
 * Print the table of output_units (hostinfo -u), one a line: unit, better
 * (higher, lower or -), assume (exact or nothing), meaning, by tabs.
 */
void output_print_units(FILE *f);

/*
 * The name and unit under which the metric table (lib/core/metric) and the
 * results tool know a value a result line carries.  A run's own figures
 * are written as units on the line of the result they belong to (as Go
 * benchmarks report extra metrics), not as benchmarks of their own; they
 * are known inside by the names of the result lines of older files:
 *
 *   LatTcp/size=1  417  13792 p50-ns   LatTcp/size=1/stat=p50, ns/op
 *                        (p90, p99, max; LatUsleep's stat before /usec=)
 *   BwTcp/size=64K  N  31.6 local-%sys  BwTcp/size=64K/cpu=local, %sys
 *                        (local, local-own, remote, remote-own: %user,
 *                        %sys, %irq, %softirq, us/KB)
 *   BwTcp/size=64K  1  131072 bytes-rcvbuf  BwTcp/size=64K/sockbuf=granted
 *   BwUdp/size=64  N  71 %busiest      BwUdp/size=64/box=cpu (%busiest ...
 *                        %total-sys; softnet-pkts/s ... irqs/s: /box=net)
 *   Cache  1  64 line-bytes            Line, bytes
 *   Cache  1  32768 l1-bytes           Cache/level=1, bytes (l1-ns/op)
 *   Tlb  1  64 l1-pages                Tlb/level=1, pages (l1-bytes)
 *
 * A parallel result's "-N" stays at the end of the name.  A percentile
 * unit the metric table has for the name itself (LatLoad/rtt=added's
 * p50-ns) is its own.  Returns 1 and fills iname and iunit for a figure
 * so written; else 0 with them a copy of name and unit.
 */
int output_internal(const char *name, const char *unit, char *iname, size_t nlen,
		    char *iunit, size_t ulen);

/*
 * Print one human line for a metric:
 *   "LatSyscall/op=null   41.3 ns/op  95% CI 41.1 .. 41.6  (±0.6%, cv 0.8%, n=11)"
 */
void output_text(FILE *f, const char *name, const struct stats *s,
		 const char *unit);

/* One parsed line of raw output. */
struct output_line {
	enum { OUTPUT_LINE_OTHER, OUTPUT_LINE_CONFIG, OUTPUT_LINE_RESULT } kind;
	/* OUTPUT_LINE_CONFIG; run_note: written "# key: value" */
	int run_note;
	char key[OUTPUT_MAX_KEY];
	char value[OUTPUT_MAX_VALUE];
	/* OUTPUT_LINE_RESULT: name without the "Benchmark" prefix */
	char name[OUTPUT_MAX_NAME];
	uint64_t iters;
	size_t npairs;
	/* 1 + the index of the first value that is no finite number (1e400,
	 * inf, nan): the line is well formed, its values are not to be used */
	size_t bad_value;
	double val[OUTPUT_MAX_PAIRS];
	char unit[OUTPUT_MAX_PAIRS][OUTPUT_MAX_UNIT];
};

/*
 * Parse one line (with or without its newline).  Returns 0 and fills *l
 * (kind CONFIG for "key: value" and a run note "# key: value"; kind
 * OTHER for blank lines and anything not config or result; a
 * config value too long for l->value is cut and ends in "..."), or -1
 * when the line starts like a result ("Benchmark" + upper case) but is
 * malformed (no count, a value without a unit, too long ...).
 */
int output_parse_line(const char *line, struct output_line *l);

/*
 * Write bytes into buf (len bytes, always NUL-terminated when len > 0) as
 * result names spell sizes: with the largest of G, M, K (2^30, 2^20,
 * 2^10) that divides it exactly, plain bytes otherwise: "64M", "1152K",
 * "512", "1000000".  Returns buf.
 */
char *output_size_name(char *buf, size_t len, uint64_t bytes);

#endif
