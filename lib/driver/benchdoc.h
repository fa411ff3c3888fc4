/*
 * benchdoc: what a benchmark says about itself, from its struct
 * bench_prog and the metric table's facts: the usage line, -h (with the
 * name and unit of each result it prints), and the SYNOPSIS of its man
 * page, which make man-synopsis writes (--synopsis; the page's RESULTS
 * come from hostbench-compare --man-results).  bench_init calls these.
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
