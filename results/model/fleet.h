/*
 * fleet: runs of several machines side by side -- what their
 * fingerprints say differently (the hosts' table), and which machine is
 * best and which worst at each metric (across hosts).  Machines are the
 * report's hosts (report_find_hosts: a host name, architecture and CPU
 * model); there is a fleet only with two or more.
 *
 * The hosts' table has a column per host and a row per fingerprint key
 * whose values differ among the hosts that have it ("-" for a host whose
 * files do not record it; not the keys that differ on every run: date,
 * load, clock resolution, the note; not the tags, which label runs),
 * first the number of runs of each.  A host's cell is its
 * runs' value, or their values joined by " / " where they differ.  A
 * cell that differs from the value most hosts have (the first host's on
 * a tie) is marked (diff), for the renderers to show.
 *
 * Across hosts: for each summary column with a direction (read/metric_table.h),
 * each host's value is the median of its runs' values; the best host,
 * the worst, and how fast the worst is against the best (fleet_speed:
 * the best's time over the worst's, the worst's rate over the best's),
 * which reads alike for a time and a rate: bigger is better, 1 is as
 * good as the best.  A column that fewer than two hosts measured is
 * left out.
 */
#ifndef HB_FLEET_H
#define HB_FLEET_H

#include <stddef.h>

#include "report.h"

struct fleet_row {
	const char *key;
	char **cell;		/* per host: its runs' value(s), "" for none */
	int *diff;		/* per host: differs from the most common value */
	int *na;		/* per host: none of its runs has the key (an
				 * older version's file, lmbench3's header) */
};

struct fleet_table {
	struct fleet_row *rows;
	size_t n;
	size_t nhosts;
};

struct fleet_rank {
	const struct report_section *sec;
	const struct report_column *col;
	double *med;		/* per host: its runs' median; NaN: none */
	size_t *n;		/* per host: its runs with a value */
	size_t best, worst;
	double ratio;		/* worst / best: above 1 for a time, below for a rate */
	double speed;		/* fleet_speed of the worst: 0 .. 1, bigger is better */
};

/* A host left out of a column's ranking: its runs measured the column
 * otherwise than the reference run (another size, an emulated run). */
struct fleet_left {
	const struct report_section *sec;
	const struct report_column *col;
	size_t host;
	char why[96];
};

struct fleet_across {
	struct fleet_rank *v;
	size_t n, nhosts;
	struct fleet_left *left;
	size_t nleft;
};

/* What rep->fleet holds. */
struct fleet {
	struct fleet_table table;
	struct fleet_across across;
};

/* Two or more hosts: there is a fleet to show. */
int fleet_has_hosts(const struct report *rep);

/* With two or more hosts, rep->fleet: the hosts' table and the ranking
 * across them (the summary's columns: summary_build first); else
 * rep->fleet stays NULL.  Returns 0, or -1 when out of memory. */
int fleet_build(struct report *rep);
void fleet_free(struct report *rep);

/* Host h's speed against the best host's at a column: the best's value
 * over h's for a time (smaller is better), h's over the best's for a
 * rate; 1 for the best, below 1 for the others, bigger is better.  NaN
 * when either value is missing or not positive. */
double fleet_speed(const struct fleet_rank *e, size_t h);

/* Cell h of a row in full, "-" for a host without the key. */
const char *fleet_cell(const struct fleet_row *row, size_t h);

#endif
