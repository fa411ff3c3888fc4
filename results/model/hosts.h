/*
 * hosts: the machines of the runs (struct report_host: see report.h),
 * and the labels of the sides of comparisons.
 */
#ifndef HB_HOSTS_H
#define HB_HOSTS_H

#include "report.h"

/*
 * Tell the runs' machines apart (struct report_host), once: sets
 * rep->hosts and each run's hostid.  The runs' fingerprints must be
 * read.  Returns 0 or -1 (out of memory).  report_build calls it when
 * it has not been called.
 */
int report_find_hosts(struct report *rep);

/*
 * Whether a fingerprint key says something of one run rather than of the
 * machine or its setup: what lib/host/fingerprint.c's table marks noisy
 * (date, load, clock resolution: they differ on every run) or a run
 * note (the clock's frequency when asked, the clock source), a box's
 * copy of one (box-date, box-load), and the suite's per-run records
 * (round, status).  Such a key is never shown as a difference: not in
 * "What changed", not marked in the hosts' table or the fingerprints
 * side by side.
 */
int report_key_per_run(const char *key);

/* A side's label from its runs' ids: "[1]", "[1 2 3]". */
void hosts_group_label(const struct report *rep, struct report_group *g);

#endif
