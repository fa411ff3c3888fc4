/*
 * metric_table: the results tool's table of the metrics (see
 * metric_table.h).  Sections and column labels follow lmbench's summary
 * tables, in lmbench's order, so that old and new runs line up; the
 * sections lmbench lacks come after them.  The rows are
 * lib/core/metric-rows.h's, as the programs' facts (lib/core/
 * metric_facts.c) are, in the same order.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/metric.h"
#include "read/metric_table.h"

const struct metric_section metric_sections[] = {
	{ "params", "Basic system parameters", 1 },
	{ "proc", "Processor, Processes - times in microseconds - smaller is better", 1 },
	{ "int", "Basic integer operations - times in nanoseconds - smaller is better", 1 },
	{ "int64", "Basic int64 operations - times in nanoseconds - smaller is better", 0 },
	{ "float", "Basic float operations - times in nanoseconds - smaller is better", 1 },
	{ "double", "Basic double operations - times in nanoseconds - smaller is better", 1 },
	{ "ctx", "Context switching - times in microseconds - smaller is better", 1 },
	{ "local", "*Local* Communication latencies in microseconds - smaller is better", 1 },
	{ "filevm", "File & VM system latencies in microseconds - smaller is better", 1 },
	{ "bw", "*Local* Communication bandwidths in MB/s - bigger is better", 1 },
	{ "mem", "Memory latencies in nanoseconds - smaller is better", 1 },
	{ "spread", "Across CPUs: two or more processes on different CPUs - times in microseconds - smaller is better", 0 },
	{ "more", "More latencies in microseconds - smaller is better", 0 },
	{ "par", "Operation parallelism, integer - operations in flight - bigger is better", 0 },
	{ "parfp", "Operation parallelism, floating point - operations in flight - bigger is better", 0 },
	{ "membw", "Memory bandwidths in MB/s - bigger is better", 0 },
	{ "stream", "STREAM bandwidths in MB/s - bigger is better", 0 },
	/* The same tests on buffers the caches hold (in part): never the memory's columns */
	{ "cachebw", "Cache-sized memory bandwidths in MB/s: buffers under 4 x the last-level cache - bigger is better", 0 },
	{ "cachestream", "Cache-sized STREAM bandwidths in MB/s: arrays under 4 x the last-level cache - bigger is better", 0 },
	{ "disk", "Disk and file bandwidths in MB/s - bigger is better", 0 },
	{ "udp", "*Local* UDP rate and loss", 0 },
	{ "remote", "Network through a router: latencies in microseconds, bandwidths in MB/s", 0 },
	{ "box", "The box (router) between: % of the busiest CPU and of each CPU N as traffic passed (sirq: softirq)", 0 },
	/* Network cost: bw_tcp's and bw_udp's CPU per KB and the TCP buffers granted */
	{ "netcost", "*Local* network cost - CPU us per KB moved, receiver softirq %, TCP buffers granted in KB", 0 },
	{ "remotecost", "Network cost through a router - CPU us per KB moved, receiver softirq %, TCP buffers granted in KB", 0 },
	{ "load", "Latency under load (RRUL): round trips in microseconds, throughput in Mbit/s", 0 },
};

const size_t metric_section_count = sizeof(metric_sections) / sizeof(metric_sections[0]);

/*
 * A row: the program that prints it (NULL: the run's configuration, not
 * a program's), then its name, unit, section, column, rule, argument,
 * display unit, scale, direction, prose and flags; ROW takes the median
 * and no bound but that a value is not negative, ROWE names its
 * estimator and bounds: lo, hi (0: none), lo_open (a value must be above
 * lo), the unit of its weights.  (ROW expands its arguments first: US
 * stands for a unit and a scale.)  The facts are built as
 * lib/core/metric_facts.c's.
 */
#define ROW(...) ROW_(__VA_ARGS__)
#define ROW_(prog, name, unit, sec, col, sel, arg, dunit, scale, better, what, flags) \
	{ METRIC_FACT_ROW(prog, name, unit, sel, flags, METRIC_MEDIAN, 0, 0, 0, NULL), sec, col, \
	  sel, arg, dunit, scale, better }
#define ROWE(...) ROWE_(__VA_ARGS__)
#define ROWE_(prog, name, unit, sec, col, sel, arg, dunit, scale, better, what, flags, est, lo, \
	      hi, lo_open, wunit) \
	{ METRIC_FACT_ROW(prog, name, unit, sel, flags, est, lo, hi, lo_open, wunit), sec, col, \
	  sel, arg, dunit, scale, better }

/* (The prose of each row, its what, is left out: metric_what.c.) */
const struct metric metric_table[] = {
#include "core/metric-rows.h"
};

const size_t metric_count = sizeof(metric_table) / sizeof(metric_table[0]);

const struct metric_section *
metric_section_find(const char *id)
{
	size_t i;

	for (i = 0; i < metric_section_count; i++)
		if (strcmp(metric_sections[i].id, id) == 0)
			return &metric_sections[i];
	return NULL;
}

/* The rows are the facts' rows, in their order: the same row's index. */
const struct metric *
metric_find(const char *name, const char *unit)
{
	const struct metric_fact *f = metric_fact_find(name, unit);

	return f != NULL ? &metric_table[f - metric_facts] : NULL;
}

int
metric_memory_plausible(const struct metric *m, double v, double fastest, char *buf, size_t len)
{
	if ((m->fact.flags & METRIC_MEMMOVE) == 0 || !(fastest > 0)
	    || !(v > fastest * METRIC_MEMORY_MARGIN))
		return 1;
	snprintf(buf, len, "%s %.0f %s is above the run's fastest memory bandwidth, %.0f %s",
		 m->column, v, m->fact.unit, fastest, m->fact.unit);
	return 0;
}

const char *
metric_better_name(enum metric_better b)
{
	switch (b) {
	case METRIC_SMALLER:
		return "smaller";
	case METRIC_BIGGER:
		return "bigger";
	default:
		return "neither";
	}
}
