/*
 * benchdoc: what a benchmark says about itself, from its struct
 * bench_prog and the metric table: the usage line (and -h), and the
 * parts of its man page that make man-synopsis writes (--synopsis: the
 * SYNOPSIS; --results: RESULTS, what each result measures and the
 * bounds it is checked against).  bench_init calls these.
 */
#ifndef HB_BENCHDOC_H
#define HB_BENCHDOC_H

#include <stdio.h>

#include "driver/prog.h"

/* "usage: NAME [-N reps] ... ARGS", a line. */
void bench_print_usage(FILE *f, const struct bench_prog *p);
/* -h: the usage, the summary, the shared and own options, the results. */
void bench_print_help(FILE *f, const struct bench_prog *p);
/* The man page's SYNOPSIS in man(7). */
void bench_print_synopsis(FILE *f, const struct bench_prog *p);

#endif
