/*
 * summary: the runs' labels and the summary tables: one table per
 * section of the metric table (read/metric_table.h), a row per run, a
 * column per metric entry.
 */
#ifndef HB_SUMMARY_H
#define HB_SUMMARY_H

#include <stddef.h>

#include "report.h"

/* Whether section s is among the NULL-terminated ids of only (NULL: all). */
int summary_wanted(const struct metric_section *s, const char *const *only);

/* Each run's host, OS, note and label: its file's name (vm.0), or
 * host#id where another run's file has that name or it is long. */
void summary_label_runs(struct report *rep);

/* The tables of the sections in only (NULL: all) into rep->secs.
 * Returns 0 or -1 (out of memory). */
int summary_build(struct report *rep, const char *const *only);

/* Was column ci of section si's metric and rule in an earlier section?
 * (Mhz heads three of lmbench's tables; it is compared and ranked once.) */
int report_shown_before(const struct report *rep, size_t si, size_t ci);

/*
 * Whether a run has a value of its own in the section: lmbench leaves out
 * the rows of runs with none, and so do the tables.  A text column
 * (Description) or the clock (Mhz, repeated in sections but the basic
 * parameters) alone does not count.
 */
int summary_row_has_values(const struct report_section *sec, size_t run);

/* Where a walk over the summary's cells is: zero it to start. */
struct summary_at {
	size_t run, sec, col;
	int started;
};

/*
 * The next cell measured while bw_udp's sender fell short of the rate
 * asked, after at, that is the first of its run with its "udp-short:"
 * text (short_note): 1 with at on it, 0 at the end.  Runs in order, and
 * in each its sections and columns in the tables' order.
 */
int summary_next_short(const struct report *rep, struct summary_at *at);

/*
 * lmbench's guess at a run's caches from its memory latencies, for the
 * memory section's "Guesses" column: the L1 and L2 columns within 20% of
 * each other read as one level, the L2 column within 20% of main memory
 * likewise.  Where the run does not say what caches the kernel reports
 * (an lmbench file), lmbench's words: "No L1 cache?", "No L2 cache?".
 * Where it does, what the curve then means: "L1 holds 128K" (the L2
 * column's size), or the level below "as fast as" the one above it,
 * "prefetched?".  NULL: another section, no guess, or the values to make
 * one are missing.
 */
const char *summary_cache_guess(const struct report *rep, const struct report_section *sec,
				size_t run);

#endif
