/*
 * report: what hostbench-compare shows, built once from the runs and then
 * written in any format (text, csv, json, markdown) or drawn as SVG.
 *
 * The summary is one table per section of the metric table, one row per
 * run, one column per metric entry (lib/metric.c); the A/B comparison is
 * the base run against each other run, column by column.
 */
#ifndef HB_REPORT_H
#define HB_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "abtest.h"
#include "compat.h"
#include "metric.h"
#include "resfile.h"
#include "stats.h"

enum report_format { REPORT_TEXT, REPORT_CSV, REPORT_JSON, REPORT_MARKDOWN };

struct report_run {
	struct resfile_run rf;
	int id;			/* 1-based, in the order given */
	const char *file;	/* as named on the command line */
	const char *host, *os, *note;
	char label[48];		/* host, and "#id" when two rows would read alike */
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

/* One column of an A/B comparison. */
struct report_ab_row {
	const struct metric *m;
	double a, b;		/* the two values (display units) */
	struct stats sa, sb;	/* of the samples: CI, n */
	double delta;		/* percent, b against a */
	struct abtest_mwu mwu;
	int significant;	/* p < ABTEST_ALPHA */
	int regression;		/* significant, worse, and beyond --threshold */
};

struct report_ab_section {
	const struct metric_section *s;
	struct report_ab_row *rows;
	size_t nrows;
	int has_geomean;
	double geo_a, geo_b, geo_delta;
};

struct report_change {
	const char *key, *from, *to;	/* from/to NULL: absent */
};

struct report_ab {
	size_t base, other;	/* indexes into runs */
	struct report_change *changes;
	size_t nchanges;
	struct report_ab_section *secs;
	size_t nsecs;
};

struct report {
	struct report_run *runs;
	size_t nruns;
	struct report_section *secs;
	size_t nsecs;
	struct report_ab *abs;
	size_t nabs;
	char **errors;		/* bad files: "path:line: message" */
	size_t nerrors;
	int want_summary, want_ab;
	double threshold;	/* percent; < 0: none */
	size_t nregressions;
};

/*
 * Build the summary tables (sections filtered by the NULL-terminated id
 * list `only`, NULL for all) and, with want_ab and two or more runs, the
 * comparisons of runs[base] against each other run.  Returns 0 or -1
 * (out of memory).
 */
int report_build(struct report *rep, const char *const *only, size_t base);
void report_free(struct report *rep);

/* Write the report in a format. */
void report_write(const struct report *rep, enum report_format fmt, FILE *f);

/* Numbers as the tables print them: 4 significant digits ("0.1215",
 * "154.9", "2.000", "28137"); fixed formats only. */
char *report_num(char *buf, size_t len, double v);

/* sig significant digits, no exponent, no trailing zeros ("0.1215",
 * "603") for csv and json. */
char *report_num_sig(char *buf, size_t len, double v, int sig);

/*
 * SVG: memory latency against size for each run (when any run has
 * lat_mem_rd results) and, for each comparison, its deltas as bars.
 * report_svg writes everything into one document; report_svg_memlat and
 * report_svg_ab write one chart each.  Each returns 1 if it drew
 * something, 0 if there was nothing to draw (a document saying so is
 * still written).
 */
int report_svg(const struct report *rep, FILE *f);
int report_svg_memlat(const struct report *rep, FILE *f);
int report_svg_ab(const struct report *rep, const struct report_ab *ab, FILE *f);

#endif
