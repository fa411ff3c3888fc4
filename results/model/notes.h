/*
 * notes: what a comparison says about why its verdicts cannot be read as
 * changes (a row's why: "contended: waited for a CPU 28% vs 31% of the
 * time"), each distinct message once with the rows it applies to, so
 * that no format repeats one message per metric.
 */
#ifndef HB_NOTES_H
#define HB_NOTES_H

#include "report.h"

/*
 * Gather the whys of ab's rows into ab->notes, in the order of their
 * first row, and set each row's note (1 + the index, 0 for none).  Rows
 * share a note when their verdict and why are the same, or their why is
 * the same caveat (report_ab_row.caveat) whatever their verdicts.
 * Returns 0 or -1 (out of memory).
 */
int notes_build(struct report_ab *ab);

/* Free ab->notes. */
void notes_free(struct report_ab *ab);

#endif
