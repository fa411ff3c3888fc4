/*
 * json: the one escaper of strings for the results tool's JSON (format.c
 * writes the report, changes.c the "changed" list).
 */
#ifndef HB_JSON_H
#define HB_JSON_H

#include <stddef.h>
#include <stdio.h>

/* The n bytes of s as a quoted JSON string: '"' and '\' escaped, control
 * characters as \n, \t or \u00XX; other bytes (UTF-8) as they are. */
void json_write_strn(FILE *f, const char *s, size_t n);

#endif
