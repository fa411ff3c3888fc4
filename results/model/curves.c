/*
 * curves: the memory latency curves of the runs (see curves.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/stats.h"
#include "curves.h"
#include "read/metric_table.h"
#include "read/resfile.h"
#include "report.h"

static int
cmp_pt(const void *a, const void *b)
{
	const double *p = a, *q = b;

	return (p[0] > q[0]) - (p[0] < q[0]);
}

static void
lat_free(struct curves *L)
{
	size_t i;

	for (i = 0; i < L->nc; i++)
		free(L->cv[i].x);
	free(L->cv);
	free(L->cm);
	free(L->runs);
	free(L->empty);
	memset(L, 0, sizeof(*L));
}

/* A size as "32K", "1.5M" (2^10 multiples, as result names write them);
 * -1 when s is not one. */
static double
parse_size(const char *s)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || !(v > 0))
		return -1;
	switch (*end) {
	case 'K': case 'k':
		v *= 1024.0, end++;
		break;
	case 'M': case 'm':
		v *= 1048576.0, end++;
		break;
	case 'G': case 'g':
		v *= 1073741824.0, end++;
		break;
	}
	return *end == '\0' || *end == 'B' ? v : -1;
}

static int
add_mark(struct curves *L, size_t run, const char *level, double bytes)
{
	struct cache_mark *q;
	size_t i;

	for (i = 0; i < L->ncm; i++)
		if (L->cm[i].run == run && strcmp(L->cm[i].level, level) == 0)
			return 0;
	if ((q = realloc(L->cm, (L->ncm + 1) * sizeof(*q))) == NULL)
		return -1;
	L->cm = q;
	q = &L->cm[L->ncm++];
	q->run = run;
	snprintf(q->level, sizeof(q->level), "%s", level);
	q->bytes = bytes;
	q->shared = 0;
	return 0;
}

/*
 * The cache sizes of run ri: the kernel's ("sysfs-cache: L1d 32K L2 1M
 * L3 32M line 64", the cache program's line; the instruction cache left
 * out), else those the cache program measured (Cache/level=N in bytes).
 */
static int
cache_marks(struct curves *L, const struct report *rep, size_t ri)
{
	const struct resfile_run *rf = &rep->runs[ri].rf;
	const char *v = resfile_config(rf, "sysfs-cache");
	size_t i, before = L->ncm;

	if (v != NULL) {
		char buf[256], *tok, *save = NULL, *name = NULL;

		snprintf(buf, sizeof(buf), "%s", v);
		for (tok = strtok_r(buf, " ", &save); tok != NULL; tok = strtok_r(NULL, " ", &save)) {
			if (tok[0] == 'L' && tok[1] >= '1' && tok[1] <= '9'
			    && (tok[2] == '\0' || strcmp(tok + 2, "d") == 0 || strcmp(tok + 2, "u") == 0)) {
				name = tok;
				continue;
			}
			if (name != NULL && parse_size(tok) > 0) {
				char level[8];

				snprintf(level, sizeof(level), "L%c", name[1]);
				if (add_mark(L, ri, level, parse_size(tok)) != 0)
					return -1;
			}
			name = NULL;
		}
	}
	if (L->ncm > before)
		return 0;
	for (i = 0; i < rf->nresults; i++) {
		const struct resfile_result *x = &rf->results[i];
		struct stats st;
		char level[8];
		unsigned n;

		if (strncmp(x->name, "BenchmarkCache/level=", 21) != 0 || strcmp(x->unit, "bytes") != 0
		    || sscanf(x->name + 21, "%u", &n) != 1 || n < 1 || n > 9
		    || stats_compute(x->v, x->n, &st) != 0 || !(st.median > 0))
			continue;
		snprintf(level, sizeof(level), "L%u", n);
		if (add_mark(L, ri, level, st.median) != 0)
			return -1;
	}
	return 0;
}

/* The curves of all runs, into L (see curves.h).  Returns 0, or -1 out
 * of memory. */
static int
collect(const struct report *rep, struct curves *L)
{
	size_t ri, i, j;

	memset(L, 0, sizeof(*L));
	for (ri = 0; ri < rep->nruns; ri++) {
		const struct resfile_run *rf = &rep->runs[ri].rf;
		size_t had = L->nc, *q;

		for (i = 0; i < rf->nresults; i++) {
			const struct resfile_result *x = &rf->results[i];
			const struct metric *m;
			char order[16], stride[16], sz[32], walk[64];
			unsigned long copies;
			double bytes, *pts;
			struct stats st;
			struct curve *c = NULL;

			if ((m = metric_find(x->name, x->unit)) == NULL
			    || !(m->fact.flags & METRIC_CURVE)
			    || metric_parallel(x->name, &copies) != strlen(x->name)
			    || metric_param(x->name, "order", order, sizeof(order)) == NULL
			    || metric_param(x->name, "size", sz, sizeof(sz)) == NULL
			    || metric_parse_size(sz, &bytes) != 0 || bytes <= 0
			    || stats_compute(x->v, x->n, &st) != 0 || !(st.median > 0))
				continue;
			if (metric_param(x->name, "stride", stride, sizeof(stride)) == NULL)
				snprintf(stride, sizeof(stride), "?");
			snprintf(walk, sizeof(walk), "%s %s", order, stride);
			for (j = had; j < L->nc; j++)
				if (strcmp(L->cv[j].walk, walk) == 0)
					c = &L->cv[j];
			if (c == NULL) {
				struct curve *cq = realloc(L->cv, (L->nc + 1) * sizeof(*cq));

				if (cq == NULL)
					return -1;
				L->cv = cq;
				c = &L->cv[L->nc++];
				memset(c, 0, sizeof(*c));
				c->run = ri;
				snprintf(c->walk, sizeof(c->walk), "%s", walk);
			}
			pts = realloc(c->x, (c->n + 1) * 2 * sizeof(double));
			if (pts == NULL)
				return -1;
			c->x = pts;
			c->x[2 * c->n] = bytes;
			c->x[2 * c->n + 1] = st.median;
			c->n++;
		}
		if (L->nc > had) {
			if ((q = realloc(L->runs, (L->nruns + 1) * sizeof(*q))) == NULL)
				return -1;
			L->runs = q;
			L->runs[L->nruns++] = ri;
			if (cache_marks(L, rep, ri) != 0)
				return -1;
		} else {
			if ((q = realloc(L->empty, (L->nempty + 1) * sizeof(*q))) == NULL)
				return -1;
			L->empty = q;
			L->empty[L->nempty++] = ri;
		}
	}
	/* x holds (size, ns) pairs; sort them by size. */
	for (j = 0; j < L->nc; j++) {
		qsort(L->cv[j].x, L->cv[j].n, 2 * sizeof(double), cmp_pt);
		L->cv[j].y = L->cv[j].x + 1;
	}
	/* A cache size every run with curves gives alike is shared. */
	for (i = 0; i < L->ncm; i++) {
		size_t n = 0;

		for (j = 0; j < L->ncm; j++)
			n += strcmp(L->cm[j].level, L->cm[i].level) == 0 && L->cm[j].bytes == L->cm[i].bytes;
		L->cm[i].shared = n == L->nruns;
	}
	return 0;
}

int
curves_build(struct report *rep)
{
	if ((rep->curves = calloc(1, sizeof(*rep->curves))) == NULL)
		return -1;
	return collect(rep, rep->curves);
}

void
curves_free(struct report *rep)
{
	if (rep->curves == NULL)
		return;
	lat_free(rep->curves);
	free(rep->curves);
	rep->curves = NULL;
}
