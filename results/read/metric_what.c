/*
 * metric_what: the prose of each row of the metric table, what its result
 * measures, in the table's order (see metric_what.h).  Built from the
 * same rows as metric_table.c's table; the programs do not carry it.
 */
#include "config.h"

#include <stddef.h>

#include "read/metric_table.h"
#include "read/metric_what.h"

#define ROW(...) ROW_(__VA_ARGS__)
#define ROW_(prog, name, unit, sec, col, sel, arg, dunit, scale, better, what, flags) what
#define ROWE(...) ROWE_(__VA_ARGS__)
#define ROWE_(prog, name, unit, sec, col, sel, arg, dunit, scale, better, what, flags, est, lo, \
	      hi, lo_open, wunit) what

const char *const metric_what[] = {
#include "core/metric-rows.h"
};

const size_t metric_what_count = sizeof(metric_what) / sizeof(metric_what[0]);

const char *
metric_what_of(const struct metric *m)
{
	size_t i = (size_t)(m - metric_table);

	return i < metric_what_count ? metric_what[i] : NULL;
}
