/*
 * sides: the sides of the comparisons the command line asks for, set in
 * the report before report_build: --a and --b, --group-by (per host
 * with runs of several hosts), and each host's runs against its
 * baseline.  A side without a run, or a key with one value, is said on
 * stderr; out of memory ends the program.
 */
#ifndef HB_SIDES_H
#define HB_SIDES_H

#include <stddef.h>

#include "model/report.h"

/* Two sides: runs [0, na) and the rest (--a, --b). */
void sides_make(struct report *rep, size_t na);

/* A side per value of fingerprint key (or tag) key, per host with
 * per_host. */
void sides_group_by(struct report *rep, const char *key, int per_host);

/* Each host's baseline run (baseline[h], or its first run) against each
 * other run of the host, or their sides with --group-by.  Returns the
 * comparisons made. */
size_t sides_host_pairs(struct report *rep, const size_t *baseline);

#endif
