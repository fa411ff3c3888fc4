/*
 * usage: hostbench-compare's options, written once.  One table (usage.c)
 * holds each option's name, its value, where the usage shows it, its -h
 * text and what its man page entry adds; the usage line (atop -h and
 * after a usage error), the -h text and the man page's SYNOPSIS and
 * OPTIONS sections (--synopsis, --man-options: make man-synopsis writes
 * them into doc/hostbench-compare.1, and tests/scripts/catalogue-t.sh
 * fails where the page differs) are all printed from it, and the parser
 * finds the options the tool takes in it.
 */
#ifndef HB_USAGE_H
#define HB_USAGE_H

#include <stddef.h>
#include <stdio.h>

#include "core/compat.h"

/* What an option is, for the parser's switch. */
enum usage_id {
	USAGE_BASE,
	USAGE_BASELINE,
	USAGE_A,
	USAGE_B,
	USAGE_GROUP_BY,
	USAGE_FORMAT,
	USAGE_SVG,
	USAGE_PLOT,
	USAGE_HTML,
	USAGE_FORCE,
	USAGE_THRESHOLD,
	USAGE_MARGIN,
	USAGE_LOOK,
	USAGE_SECTIONS,
	USAGE_SUMMARY,
	USAGE_AB,
	USAGE_RESULTS_ONLY,
	USAGE_VARIANCE,
	USAGE_LIST_COLUMNS,
	USAGE_LIST_RESULTS,
	USAGE_CHECK_TEXT,
	USAGE_HELP,
	USAGE_VERSION
};

/* Where the usage line (and the SYNOPSIS) shows an option. */
enum usage_place {
	USAGE_MAIN,	/* in brackets in the first form: [--x VALUE] */
	USAGE_OR,	/* in the brackets of the option before it: [--x | --y] */
	USAGE_FORM,	/* a form of its own: hostbench-compare --x VALUE OPERANDS */
	USAGE_AND,	/* after the option before it, in that one's form */
	USAGE_HIDDEN	/* not in the usage (-h, -V) */
};

struct usage_opt {
	enum usage_id id;
	const char *name;	/* "--base" */
	const char *alias;	/* a short name ("-h"), or NULL */
	/*
	 * The value's name, NULL for a flag: words in upper case stand for
	 * what the user gives ("FILE"), in lower case for themselves
	 * ("first|FILE..."); "..." says it may be given again.
	 */
	const char *value;
	enum usage_place place;
	const char *operands;	/* USAGE_FORM: what follows in its form (or NULL) */
	/*
	 * The -h text, one line of at most USAGE_HELP_WIDTH columns per
	 * "\n"; it also opens the man page's entry, where a word of the
	 * value's upper-case ones is set in italics and an option of the
	 * table in bold.
	 */
	const char *help;
	/*
	 * man(7) markup that goes on from where the help's last line ends
	 * (so it starts with the punctuation that follows, or a blank), or
	 * NULL: the entry is the help and a full stop.
	 */
	const char *man;
};

/* The table, in the order of -h and OPTIONS. */
extern const struct usage_opt usage_opts[];
extern const size_t usage_nopts;

/* The width of the text -h and the usage line print, at most (a
 * terminal of 80 columns never wraps it). */
#define USAGE_WIDTH 78
/* Where the help of an option starts in -h (a longer name: 2 blanks after it). */
#define USAGE_HELP_COLUMN 21
#define USAGE_HELP_WIDTH (USAGE_WIDTH - USAGE_HELP_COLUMN)

/* The option named by the len bytes at arg (its name or alias), or NULL. */
const struct usage_opt *usage_find(const char *arg, size_t len);

/* The usage line, "usage: hostbench-compare ...", wrapped within USAGE_WIDTH. */
void usage_print(FILE *f);

/* The -h text: the usage line, what the tool does, each option and its
 * help, and the exit status. */
void usage_help(FILE *f);

/* The man page's SYNOPSIS section (from ".SH SYNOPSIS"): the forms of
 * the usage line in man(7) markup, and the other ways to run the tool. */
void usage_synopsis(FILE *f);

/* The man page's OPTIONS section (from ".SH OPTIONS"): an entry (.TP)
 * per option of the table, in its order. */
void usage_man_options(FILE *f);

/* "hostbench-compare: MESSAGE" and the usage line on stderr, then exit
 * with MSG_EXIT_USAGE. */
HB_NORETURN void usage_error(const char *fmt, ...) HB_PRINTF(1, 2);

#endif
