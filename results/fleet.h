/*
 * fleet: runs of several machines side by side -- what their
 * fingerprints say differently (the hosts' table), and which machine is
 * best and which worst at each metric (across hosts).  Machines are the
 * report's hosts (report_find_hosts: a host name, architecture and CPU
 * model); nothing here is written unless there are two or more.
 *
 * The hosts' table has a column per host and a row per fingerprint key
 * whose values differ among the hosts that have it ("-" for a host whose
 * files do not record it; not the keys that differ on every run: date,
 * load, clock resolution, the note; not the tags, which label runs),
 * first the number of runs of each.  A host's cell is its
 * runs' value, or their values joined by " / " where they differ.  A
 * cell that differs from the value most hosts have (the first host's on
 * a tie) is marked: "*" before it in text, bold in Markdown, class="diff"
 * in HTML.  Text shows a long value (more than 3 words, as a command line
 * or a module list) as the words that not every host has, "..." standing
 * for those left out, wrapped in its column.
 *
 * Across hosts: for each summary column with a direction (lib/core/metric.h),
 * each host's value is the median of its runs' values; the best host,
 * the worst, and the ratio worst/best of their values (above 1 for a
 * time, below 1 for a rate).  A column that fewer than two hosts measured
 * is left out.
 */
#ifndef HB_FLEET_H
#define HB_FLEET_H

#include <stdio.h>

#include "model/report.h"

/* Two or more hosts: there is a fleet to show. */
int fleet_has_hosts(const struct report *rep);

/* Text: the hosts' table and "Across hosts", each within 100 columns
 * (the hosts in as many tables as that takes), when there are two or
 * more hosts and the summary is wanted; else nothing.  Before them, when
 * comparisons per host were asked for (rep->pairs set) and none could be
 * made, a note saying why. */
void fleet_text(const struct report *rep, FILE *f);

/* Markdown: the same two tables as pipe tables, differing cells bold. */
void fleet_markdown(const struct report *rep, FILE *f);

/* The hosts' table as one HTML <table class="hosts"> (header row of host
 * labels, a <th> per key, a <td> per host, class="diff" on a differing
 * cell; values in full, escaped); nothing with fewer than two hosts. */
void fleet_host_table_html(const struct report *rep, FILE *f);

/* "Across hosts" as an HTML <table class="across">; nothing with fewer
 * than two hosts or no metric measured by two. */
void fleet_across_html(const struct report *rep, FILE *f);

/*
 * CSV: a row per metric and host of "Across hosts", in export_csv's
 * columns (export.h): section "hosts", column "<section>: <column>",
 * value the host's median, n its runs with a value, delta_pct against
 * the best host, verdict "best" or "worst" (else blank), why
 * "worst/best R" on the worst host's row.  Nothing with fewer than two
 * hosts.
 */
void fleet_csv(const struct report *rep, FILE *f);

/*
 * JSON members for export_json's object, each line ending in ",":
 * "hosts" (label, name, arch, cpu, runs' ids), "host_table" (key, the
 * hosts' values, which differ) and "across_hosts" (section, column,
 * unit, better, the hosts' medians, best, worst, worst_over_best).
 * Nothing with fewer than two hosts.
 */
void fleet_json(const struct report *rep, FILE *f);

#endif
