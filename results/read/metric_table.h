/*
 * metric_table: the metric table as the results tool reads it: each row
 * of lib/core/metric-rows.h is one summary column, its metric's facts
 * (lib/core/metric.h: struct metric_fact, the part the programs carry)
 * with the section, label, rule (enum metric_select), display unit and
 * direction of the column.  The summaries, the comparisons and the docs
 * (--list-columns, --man-results) are made from it; metric_table[i] is
 * metric_facts[i]'s row, and metric_what[i] (read/metric_what.h) its
 * prose.
 */
#ifndef HB_METRIC_TABLE_H
#define HB_METRIC_TABLE_H

#include <stddef.h>

#include "core/metric.h"

enum metric_better { METRIC_SMALLER, METRIC_BIGGER, METRIC_NEITHER };

struct metric_section {
	const char *id;		/* short name for --sections: "proc" */
	const char *title;	/* "Processor, Processes - times in microseconds ..." */
	int lmbench;		/* 1 when lmbench's summary has this table */
};

struct metric {
	struct metric_fact fact;	/* name, unit, program, estimator, bounds, flags */
	const char *section;	/* id of its summary section, or NULL: no column */
	const char *column;	/* column label: "null call" */
	enum metric_select select;
	const char *arg;	/* the rule's argument (lib/core/metric.h), or NULL */
	const char *display_unit; /* unit shown in tables: "us" */
	double scale;		/* display value = raw value * scale */
	enum metric_better better;
};

extern const struct metric_section metric_sections[];
extern const size_t metric_section_count;
extern const struct metric metric_table[];
extern const size_t metric_count;

/* The section with this id, or NULL. */
const struct metric_section *metric_section_find(const char *id);

/* The entry for a result: metric_fact_find's row (lib/core/metric.h), or NULL. */
const struct metric *metric_find(const char *name, const char *unit);

/*
 * How far a METRIC_MEMMOVE bandwidth may exceed the run's fastest
 * METRIC_MEMTEST one: 1.25, a quarter above it.  Data moved through
 * memory passes through it at least once, so only the noise between two
 * measurements and the tests' different loops separate the two; a copy
 * that stays in the caches (a 64 KB message) beats the memory only where
 * the caches are far faster than the memory and the memory tests did
 * not touch them (bzero's and rd's are usually the fastest anyway).
 */
#define METRIC_MEMORY_MARGIN 1.25

/*
 * The memory bound: a METRIC_MEMMOVE bandwidth v (MB/s) of column m is
 * possible when v <= fastest * METRIC_MEMORY_MARGIN, fastest being the
 * run's fastest METRIC_MEMTEST bandwidth.  Returns 1 when it is, when m
 * is not METRIC_MEMMOVE or when fastest is not known (NaN, 0 or less);
 * else 0 with why in buf ("AF UNIX 90000 MB/s is above the run's fastest
 * memory bandwidth, 76000 MB/s").
 */
int metric_memory_plausible(const struct metric *m, double v, double fastest, char *buf,
			    size_t len);

/* "smaller", "bigger" or "neither". */
const char *metric_better_name(enum metric_better b);

#endif
