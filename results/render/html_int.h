/*
 * html_int: what the page's parts (html.c, html_ab.c, html_runs.c,
 * html_fleet.c) share: cells, and the sections each part writes.
 */
#ifndef HB_HTML_INT_H
#define HB_HTML_INT_H

#include <stdio.h>

#include "html.h"
#include "model/report.h"

/* A <td> (class cls, or none for NULL) of s, escaped; a <th> of s. */
void html_cell(FILE *f, const char *cls, const char *s);
void html_head_cell(FILE *f, const char *s);

/* html.c: under a section's heading, a sentence naming the runs whose
 * box shared the ends' kernel (caveats.h); nothing else. */
void html_box_kernel(FILE *f, const struct report *rep, const struct report_section *sec);

/* html_ab.c: comparison n's verdict (id "verdict" for the first, else
 * "verdict-N"): its heading, counts, power and the metrics that changed,
 * with ratio and interval.  And the comparison in full, folded: what
 * changed and a table per section. */
void html_verdict(FILE *f, const struct report *rep, const struct report_ab *ab, size_t n);
void html_ab_full(FILE *f, const struct report *rep, const struct report_ab *ab, size_t n);

/* html_runs.c: the runs, their reliability notes (each distinct message
 * once) and their fingerprints, each folded. */
void html_runs(FILE *f, const struct report *rep);
void html_notes(FILE *f, const struct report *rep);
void html_fingerprints(FILE *f, const struct report *rep);

/* html_fleet.c: with two or more hosts, the ranking across hosts (open),
 * and the hosts' table (folded). */
void html_ranking(FILE *f, const struct report *rep);
void html_hosts(FILE *f, const struct report *rep);

#endif
