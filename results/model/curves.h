/*
 * curves: memory load latency against working-set size: a curve per
 * run and walk (order and stride) of the results the metric table plots
 * by size (METRIC_CURVE, lib/core/metric: lat_mem_rd's), and the cache
 * sizes of the runs with curves, for the memory latency chart.
 */
#ifndef HB_CURVES_H
#define HB_CURVES_H

#include <stddef.h>

#include "report.h"

/* One curve: a run's results of one order and stride, by size. */
struct curve {
	size_t run;
	char walk[64];		/* "stride 128", "random 16" */
	double *x, *y;		/* (bytes, ns) pairs by size: x[2 k] bytes,
				 * y[2 k] ns (y is x + 1) */
	size_t n;
};

/* A cache size of a run: its fingerprint's, else the one the cache
 * program measured. */
struct cache_mark {
	size_t run;
	char level[8];		/* "L1", "L2" */
	double bytes;
	int shared;		/* every run with curves says the same */
};

/* The curves, the cache sizes and the runs without curves. */
struct curves {
	struct curve *cv;
	size_t nc;
	struct cache_mark *cm;
	size_t ncm;
	size_t *runs;		/* runs with curves, in the order of the runs */
	size_t nruns;
	size_t *empty;		/* runs without any */
	size_t nempty;
};

/* rep->curves, from every run's results (whatever the sections chosen).
 * Returns 0, or -1 when out of memory. */
int curves_build(struct report *rep);
void curves_free(struct report *rep);

#endif
