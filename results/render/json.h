/*
 * json: the report for other tools: the runs, the sections, the rate
 * ladders, the comparisons with what changed, and the hosts.  Text from
 * the result files is escaped (escape.h): it stays a string, and valid
 * UTF-8.  Nothing fails: a short write shows in the stream's error flag.
 */
#ifndef HB_JSON_H
#define HB_JSON_H

#include <stdio.h>

#include "model/report.h"

void json_write(const struct report *rep, FILE *f);

/* s as a JSON string, NULL as ""; v as a JSON number of 6 significant
 * digits, null when it is not finite. */
void json_str(FILE *f, const char *s);
void json_num(FILE *f, double v);

#endif
