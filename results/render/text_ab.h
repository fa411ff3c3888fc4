/*
 * text_ab: an A/B comparison as text, to be read at a glance: its
 * heading, what changed, the runs whose flags make it unreliable (named:
 * the legend of the runs gives the flags once), the verdicts counted and
 * how they were reached, a table of the significant changes (with
 * nothing tested, of the largest differences), each note of the rows
 * once with the metrics it applies to (report_ab.notes), and the
 * sections' geometric means.  No line is wider than 100 columns.  The
 * other formats have every row.
 */
#ifndef HB_TEXT_AB_H
#define HB_TEXT_AB_H

#include <stdio.h>

#include "model/report.h"

void text_ab(const struct report *rep, const struct report_ab *ab, FILE *f);

/* What the comparisons' columns and words mean, once after them all. */
void text_ab_legend(FILE *f);

#endif
