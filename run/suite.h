/*
 * suite: the table of cases (scripts/suite.tab, built into the runner)
 * and its expansion into the cases of one run.
 *
 * A row: program, profiles (all, standard: standard and full, full),
 * seconds (QUICK/STANDARD), feeds (the summary columns it fills) and
 * arguments with placeholders, tab-separated.  Expanding a row for a
 * run replaces the placeholders with the profile's sizes and times and
 * the run's settings, and makes a row whose arguments hold a list of
 * sizes (@BW@, @BW2@, @BW3@, @MAP@) one case per size.
 */
#ifndef HB_RUN_SUITE_H
#define HB_RUN_SUITE_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

#include "profile.h"

struct suite_row {
	char *prog;
	unsigned level;		/* the least profile level that runs it */
	double secs[2];		/* QUICK, STANDARD (0: "-") */
	char *feeds;
	char *args;		/* "" for none ("-" in the table) */
};

struct suite {
	struct suite_row *rows;
	size_t n;
};

/* The table as built in (scripts/suite.tab without its comments). */
const char *suite_table(void);

/*
 * Read a table's text (comment lines "#..." and blank lines skipped)
 * into *s.  Returns 0, or -1 with why (line and field) in err.
 */
int suite_parse(struct suite *s, const char *text, char *err, size_t errlen);
void suite_free(struct suite *s);

/* Whether name is a program of the table. */
int suite_has(const struct suite *s, const char *name);

/* The programs of the table, each once, in the order of a run, joined
 * by sep into buf (cut to fit); returns buf. */
char *suite_programs(const struct suite *s, char *buf, size_t len, const char *sep);

/*
 * Whether name is one of the comma-separated list (NULL or "": none).
 */
int suite_listed(const char *name, const char *list);

struct suite_settings {
	const struct profile *prof;
	const char *only, *skip;	/* comma-separated programs, or NULL */
	const char *fsdir;		/* NULL: the program's own */
	const char *remote;		/* NULL: no remote cases */
	const char *net_time, *tcp_window, *streams, *udp_size, *udp_rate;
	const char *box_host;		/* the agent's HOST[:PORT], or NULL */
	uint64_t avail_kb;		/* the memory a program may use, 0: unknown */
	uint64_t mem_kb;		/* the memory bandwidth size (mem_bw_size) */
};

struct suite_case {
	const char *prog;	/* the row's */
	unsigned ds;		/* expected deciseconds (>= 1; 0 when skipped) */
	char *args;		/* the arguments, blanks collapsed */
	char *skipped;		/* NULL, or "skipped: why" */
};

struct suite_cases {
	struct suite_case *v;
	size_t n;
};

/*
 * The cases of a run with settings st, in the table's order, into *out.
 * Returns 0, or -1 (out of memory: errno ENOMEM).
 */
int suite_expand(const struct suite *s, const struct suite_settings *st,
		 struct suite_cases *out);
void suite_cases_free(struct suite_cases *c);

/*
 * A row's arguments as hostbench list describes them: the words a run
 * replaces (sizes, times, DIR, HOST ...) as such, and the profiles that
 * run it, into buf.  Returns buf.
 */
char *suite_describe(const struct suite_row *r, char *buf, size_t len);

/* THE SUITE section of hostbench(1), man(7) markup, from the table. */
void suite_man(FILE *f, const struct suite *s);

/*
 * cap(want, limit): want, or the largest power of two <= limit when that
 * is smaller (at least 1); limit UINT64_MAX: no cap.
 */
uint64_t suite_cap(uint64_t want, uint64_t limit);

/* A size in kB as the programs read it: "8m", "256k", into buf. */
char *suite_kb_arg(char *buf, size_t len, uint64_t kb);

#endif
