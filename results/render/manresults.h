/*
 * manresults: the RESULTS section of benchmark prog's man page in
 * man(7): how a run's value is taken from its samples (the estimators its
 * entries use), the bounds a value is checked against, and each entry of
 * the metric table that prog prints, with what it measures.
 * hostbench-compare --man-results PROG prints it; make man-synopsis
 * writes it into doc/PROG.1.
 */
#ifndef HB_MANRESULTS_H
#define HB_MANRESULTS_H

#include <stdio.h>

void manresults_print(FILE *f, const char *prog);

#endif
