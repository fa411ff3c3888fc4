/*
 * csv: the report for other tools: a row per run and column, with its
 * comparison (the A/B against the base run), then the rate ladders'
 * steps and the hosts' ranking in the same columns.  Text from the
 * result files is escaped (escape.h): no spreadsheet runs it as a
 * formula.  Nothing fails: a short write shows in the stream's error
 * flag.
 */
#ifndef HB_CSV_H
#define HB_CSV_H

#include <stdio.h>

#include "model/report.h"

void csv_write(const struct report *rep, FILE *f);

#endif
