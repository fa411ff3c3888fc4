/*
 * text: the report as text: lmbench's summary tables, the rate ladders,
 * the runs and what makes their numbers unreliable, the hosts of a
 * fleet, and each A/B comparison with what changed between its sides.
 * Nothing fails: a short write shows in the stream's error flag.
 */
#ifndef HB_TEXT_H
#define HB_TEXT_H

#include <stddef.h>
#include <stdio.h>

#include "model/report.h"
#include "model/variance.h"

void text_write(const struct report *rep, FILE *f);

/* The variance components (hostbench-compare --variance): the table of
 * the n rows (variance_build), and the medians of the components over
 * them. */
void text_variance(const struct report *rep, const struct variance_row *rows, size_t n, FILE *f);

#endif
