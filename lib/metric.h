/*
 * metric: the one table of metrics.  Every result name maps to its
 * summary section, column label, display unit and direction here; the
 * results tool and the docs read this table and nothing else hard-codes
 * metric names.
 */
#ifndef HB_METRIC_H
#define HB_METRIC_H

#include <stddef.h>

enum metric_better { METRIC_SMALLER, METRIC_BIGGER };

struct metric {
	const char *name;	/* result name prefix: "LatSyscall/op=null" */
	const char *unit;	/* raw unit: "ns/op", "MB/s" */
	const char *section;	/* summary section: "Processor, Processes" */
	const char *column;	/* column label: "null call" */
	const char *display_unit; /* unit shown in tables: "us" */
	double scale;		/* display value = raw value * scale */
	enum metric_better better;
	const char *what;	/* one line on what it measures */
};

extern const struct metric metric_table[];
extern const size_t metric_count;

/*
 * The entry for a result: its name equals the entry's name, or extends it
 * with further "/key=value" parts (sizes, strides) or a "-N" parallelism
 * suffix, and the units agree.  NULL when none matches.
 */
const struct metric *metric_find(const char *name, const char *unit);

#endif
