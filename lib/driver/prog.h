/*
 * prog: what a benchmark program tells the driver about itself, its
 * struct bench_prog and the table of its own options: bench_init parses
 * the command line by it, benchdoc prints the usage, -h and the man
 * page's parts from it.
 */
#ifndef HB_PROG_H
#define HB_PROG_H

#include <stddef.h>

struct bench_opts;
struct bench_prog;

/*
 * A program's own option, in its descriptor's table: lib/driver/bench parses it,
 * checks its range and prints it in -h, the usage line and the man
 * page's synopsis (--synopsis).  The value is stored at offset in the
 * option's ctx (NULL: the program's), as the kind says:
 */
enum bench_opt_kind {
	BENCH_OPT_FLAG,		/* no value: the int there becomes 1 */
	BENCH_OPT_INT,		/* a whole number in lo .. hi: a long long */
	BENCH_OPT_SIZE,		/* bytes (k/m/g: 2^10 ...) in lo .. hi: a uint64_t */
	BENCH_OPT_TIME,		/* a duration in ns, lo .. hi, a bare number in
				 * unit: a uint64_t */
	BENCH_OPT_TEXT,		/* the argument as given: a const char * */
	BENCH_OPT_CALL		/* nothing stored: then() does it all */
};

struct bench_opt {
	char letter;
	enum bench_opt_kind kind;
	const char *metavar;	/* the value in -h and the usage: "size"; NULL: the
				 * option takes no value (a FLAG, or a CALL that acts alone) */
	size_t offset;		/* offsetof(the ctx's type, the field) */
	double lo, hi;		/* INT, SIZE, TIME: the range */
	const char *unit;	/* TIME: the unit of a bare number ("s") */
	double multiple;	/* INT, SIZE: a multiple of this (0: any) */
	const char *help;	/* -h text; "\n" starts an indented line */
	/*
	 * Optional: called after the value is stored (for CALL, instead),
	 * with the option's argument (NULL for a flag); it may check more
	 * and call bench_usage_error.
	 */
	void (*then)(const struct bench_prog *p, int letter, const char *arg, void *ctx);
	void *ctx;		/* where it is stored; NULL: the program's ctx */
};

/* What a program tells the option parser about itself. */
struct bench_prog {
	const char *name;	/* "lat_syscall" */
	const char *args;	/* synopsis after the options: "null|read|... [file]" */
	const char *summary;	/* one line: what it measures, in what unit */
	const struct bench_opt *opts;	/* its own options (NULL: none) */
	size_t nopts;
	/*
	 * Help lines after the options' (the operands, what a shared option
	 * means here), each ending in \n (may be NULL).
	 */
	const char *morehelp;
	/* Where the table's values go, unless a row names its own. */
	void *ctx;
	int min_args, max_args;	/* positional arguments allowed (max -1: any) */
	/*
	 * 1: options end at the first positional argument, which starts a
	 * command line whose options are the command's (lat_cmd); 0: they
	 * may stand anywhere (bench_getopt).
	 */
	int stop_at_operand;
	/*
	 * What the shared options can do here.  max_parallel: the most -P
	 * copies (0: as many as -P takes), and why_parallel, why not more
	 * (may be NULL); why_precision: why -I cannot apply (NULL: it does).
	 * bench_init refuses -P above max_parallel and -I where
	 * why_precision is set, exit 2 with the reason, so that an option
	 * means the same in every program or is refused, never ignored.
	 */
	unsigned max_parallel;
	const char *why_parallel;
	const char *why_precision;
	/* The samples without -N (0: the shared default, 11): lmdd's 1 pass, as dd's. */
	unsigned default_reps;
};

#endif
