/*
 * ladder: the rate ladders of the runs (struct report_ladder: see
 * report.h), one table per METRIC_LADDER entry that any run has.
 */
#ifndef HB_LADDER_H
#define HB_LADDER_H

#include <stddef.h>

#include "report.h"

/* The ladders of the sections in only (NULL: all) into rep->ladders.
 * Returns 0 or -1 (out of memory). */
int ladder_build(struct report *rep, const char *const *only);

/* The parts of a result's name but the program and key's part
 * ("size=1470/placement=one" of "BwUdp/size=1470/rate=10M/placement=one"
 * with key "rate"), into buf. */
void ladder_group(char *buf, size_t len, const char *name, const char *key);

/* Where a walk over the ladders' steps is: zero it to start. */
struct ladder_at {
	size_t ladder, row, target;
	int started;
};

/*
 * The next ladder step measured while bw_udp's sender fell short of the
 * rate asked (its short_note), after at: 1 with at on it, 0 at the end.
 */
int ladder_next_short(const struct report *rep, struct ladder_at *at);

#endif
