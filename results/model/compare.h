/*
 * compare: whether two runs measured a column alike, by the rules of an
 * A/B comparison.
 */
#ifndef HB_COMPARE_H
#define HB_COMPARE_H

#include <stddef.h>

#include "report.h"

/*
 * Whether runs x and y measured column ci of section si differently,
 * by the rules of an A/B comparison (another result chosen: size,
 * placement, a sweep that ended early; other arguments; a memory
 * reduction on one side; emulation; parallel copies; a memory test
 * measured the memory on both at whatever sizes is comparable): 1 with
 * why[] saying how ("size=1M vs size=128M"), else 0.  Both cells must be
 * present.
 */
int report_incomparable_runs(const struct report *rep, size_t si, size_t ci, size_t x, size_t y,
			     char *why, size_t len);

/* The same for the sides of comparison ab: 1 with why[] saying how. */
int compare_incomparable(const struct report *rep, const struct report_ab *ab, size_t si,
			 size_t ci, char *why, size_t len);

#endif
