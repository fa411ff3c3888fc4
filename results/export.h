/*
 * export: the report for other tools and pages: CSV (one row per run and
 * column, with its comparison), JSON (runs, sections, comparisons) and
 * Markdown (the text tables as pipe tables).  Text from the result files
 * is escaped for each format (escape.h).  Nothing fails: a short write
 * shows in the stream's error flag.
 */
#ifndef HB_EXPORT_H
#define HB_EXPORT_H

#include <stdio.h>

#include "model/report.h"

void export_csv(const struct report *rep, FILE *f);
void export_json(const struct report *rep, FILE *f);
void export_markdown(const struct report *rep, FILE *f);

/* s as a JSON string, NULL as ""; v as a JSON number of 6 significant
 * digits, null when it is not finite. */
void export_json_str(FILE *f, const char *s);
void export_json_num(FILE *f, double v);

#endif
