/*
 * metric_facts: the facts of each row of the metric table (see metric.h),
 * which every program carries: built from lib/core/metric-rows.h, as the
 * results tool's table (results/read/metric_table.c) and its prose
 * (results/read/metric_what.c) are, in the same order.
 *
 * Each row names the program that prints it (ROW's first argument).  A
 * program's names and units must match its entries here, or the entries
 * change with it: tests/scripts/catalogue-t.sh runs the suite's test
 * profile and fails naming a result with no entry or another program's,
 * an entry of a program that is not built, a column no case fills.
 */
#include "config.h"

#include <stddef.h>

#include "core/metric.h"

/*
 * A row: the program that prints it (NULL: the run's configuration, not
 * a program's), then its name, unit, section, column, rule, argument,
 * display unit, scale, direction, prose and flags; ROW takes the median
 * and no bound but that a value is not negative, ROWE names its
 * estimator and bounds: lo, hi (0: none), lo_open (a value must be above
 * lo), the unit of its weights.  (ROW expands its arguments first: US
 * stands for a unit and a scale.)  Of the column, only whether results
 * are found under it (its rule) is kept here.
 */
#define ROW(...) ROW_(__VA_ARGS__)
#define ROW_(prog, name, unit, sec, col, sel, arg, dunit, scale, better, what, flags) \
	METRIC_FACT_ROW(prog, name, unit, sel, flags, METRIC_MEDIAN, 0, 0, 0, NULL)
#define ROWE(...) ROWE_(__VA_ARGS__)
#define ROWE_(prog, name, unit, sec, col, sel, arg, dunit, scale, better, what, flags, est, lo, \
	      hi, lo_open, wunit) \
	METRIC_FACT_ROW(prog, name, unit, sel, flags, est, lo, hi, lo_open, wunit)

const struct metric_fact metric_facts[] = {
#include "core/metric-rows.h"
};

const size_t metric_fact_count = sizeof(metric_facts) / sizeof(metric_facts[0]);

const struct metric_fact *
metric_fact_find(const char *name, const char *unit)
{
	unsigned long copies;
	size_t len = metric_parallel(name, &copies), i;

	for (i = 0; i < metric_fact_count; i++)
		if (metric_fact_matches(&metric_facts[i], name, len, unit))
			return &metric_facts[i];
	return NULL;
}
