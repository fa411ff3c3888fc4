/*
 * compare: whether two runs measured a column alike (see compare.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "caveats.h"
#include "compare.h"
#include "num.h"
#include "read/metric_table.h"
#include "read/resfile.h"
#include "read/resfile_col.h"
#include "report.h"

/* The part of name after the program: "op=rd/size=8M". */
static const char *
name_parts(const char *name)
{
	const char *s = strchr(name, '/');

	return s != NULL ? s + 1 : "";
}

/* In why[]: the parts of x that y lacks, and those of y that x lacks:
 * "size=64M vs size=8M". */
static void
parts_diff(char *why, size_t len, const char *x, const char *y)
{
	char dx[128] = "", dy[128] = "";
	const char *s[2] = { name_parts(x), name_parts(y) };
	char *d[2] = { dx, dy };
	int k;

	for (k = 0; k < 2; k++) {
		const char *p = s[k], *other = s[1 - k];

		while (*p != '\0') {
			size_t n = strcspn(p, "/");
			const char *o = other;
			int found = 0;

			while (*o != '\0') {
				size_t m = strcspn(o, "/");

				if (m == n && strncmp(o, p, n) == 0)
					found = 1;
				o += m + (o[m] == '/');
			}
			if (!found && strlen(d[k]) + n + 2 < sizeof(dx))
				snprintf(d[k] + strlen(d[k]), sizeof(dx) - strlen(d[k]), "%s%.*s",
					 d[k][0] ? "/" : "", (int)n, p);
			p += n + (p[n] == '/');
		}
	}
	snprintf(why, len, "%s vs %s", dx[0] ? dx : "(no such part)", dy[0] ? dy : "(no such part)");
}

static const char *
config_or(const struct resfile_run *r, const char *key, const char *dflt)
{
	const char *v = resfile_config(r, key);

	return v != NULL && *v != '\0' ? v : dflt;
}

/*
 * Whether result names x and y differ in their size= part at most (the
 * same program, every other part the same).
 */
static int
same_but_size(const char *x, const char *y)
{
	size_t nx = strcspn(x, "/"), ny = strcspn(y, "/");

	return nx == ny && strncmp(x, y, nx) == 0 && metric_extra_parts(x, y) == 0
	       && metric_extra_parts(y, x) == 0;
}

/*
 * A memory test's column whose every result, on both sides, is
 * memory-sized: in a run that records the last-level cache it sized its
 * buffers by (its llc line: the rule applied) and without the cache part
 * (lib/core/metric.h: METRIC_CACHE_PART), each buffer at least 4 x that
 * cache.  Past that the size does not change what is measured, the
 * memory's bandwidth: names and arguments that differ in the size alone,
 * and a size cut to fit the memory, measure the same thing.
 */
static int
memory_sized(const struct report *rep, const struct report_ab *ab, const struct report_column *col)
{
	const struct report_group *g[2] = { ab->ga, ab->gb };
	size_t k, i;

	if ((col->m->fact.flags & METRIC_MEMTEST) == 0)
		return 0;
	for (k = 0; k < 2; k++)
		for (i = 0; i < g[k]->n; i++) {
			const struct resfile_value *v = &col->cells[g[k]->runs[i]];

			if (resfile_config(&rep->runs[g[k]->runs[i]].rf, "llc") == NULL
			    || v->source == NULL || metric_has_parts(v->source, METRIC_CACHE_PART))
				return 0;
		}
	return 1;
}

/* Not comparable: why[] says why, 1 returned.  The sides measured the
 * column differently (another result chosen: size, placement, a sweep
 * that ended early; other arguments; a memory reduction on one side;
 * emulation; parallel copies).  A memory test measured the memory on
 * both sides at whatever sizes (memory_sized) is comparable. */
int
compare_incomparable(const struct report *rep, const struct report_ab *ab, size_t si, size_t ci,
		     char *why, size_t len)
{
	const struct report_column *col = &rep->secs[si].cols[ci];
	const struct report_group *g[2] = { ab->ga, ab->gb };
	const struct resfile_value *first = &col->cells[ab->base];
	const struct resfile_run *r0 = &rep->runs[ab->base].rf;
	const char *args0 = first->nunits > 0 && first->unit_case[0] ? first->unit_case[0]->args : NULL;
	const char *red0 = first->nunits > 0 && first->unit_case[0] ? first->unit_case[0]->reduced : NULL;
	int memory = memory_sized(rep, ab, col);
	size_t k, i, u;

	for (k = 0; k < 2; k++)
		for (i = 0; i < g[k]->n; i++) {
			size_t run = g[k]->runs[i];
			const struct resfile_value *v = &col->cells[run];
			const struct resfile_run *r = &rep->runs[run].rf;
			const char *args = v->nunits > 0 && v->unit_case[0] ? v->unit_case[0]->args : NULL;

			if (strcmp(config_or(r, "emulation", "none"), config_or(r0, "emulation", "none")) != 0) {
				snprintf(why, len, "emulation %s vs %s", config_or(r0, "emulation", "none"),
					 config_or(r, "emulation", "none"));
				return 1;
			}
			if (strcmp(config_or(r, "parallel", "1"), config_or(r0, "parallel", "1")) != 0) {
				snprintf(why, len, "parallel copies %s vs %s", config_or(r0, "parallel", "1"),
					 config_or(r, "parallel", "1"));
				return 1;
			}
			if (memory && same_but_size(v->source, first->source))
				continue;
			if (strcmp(v->source, first->source) != 0) {
				parts_diff(why, len, first->source, v->source);
				return 1;
			}
			if (args != NULL && args0 != NULL && strcmp(args, args0) != 0) {
				snprintf(why, len, "args '%.50s' vs '%.50s'", args0, args);
				return 1;
			}
		}
	/*
	 * The box's figures of a box on the ends' kernel (network namespaces
	 * of one machine: they are the whole machine's, the ends' work
	 * included) against those of a box with a kernel of its own, a real
	 * router's: another thing measured.
	 */
	if (caveat_is_box(col->m)) {
		int shared[2] = { 0, 0 }, own[2] = { 0, 0 };

		for (k = 0; k < 2; k++)
			for (i = 0; i < g[k]->n; i++) {
				enum caveat_box b = caveat_box_kernel(&rep->runs[g[k]->runs[i]].rf);

				shared[k] |= b == CAVEAT_BOX_SHARED;
				own[k] |= b == CAVEAT_BOX_OWN;
			}
		if ((shared[0] || shared[1]) && (own[0] || own[1])) {
			static const char *const kind[] = { "a router with its own kernel",
							    "a box on the ends' kernel" };

			if (shared[0] != own[0] && shared[1] != own[1])
				snprintf(why, len, "%s vs %s", kind[shared[0]], kind[shared[1]]);
			else
				snprintf(why, len, "%s", "boxes on the ends' kernel and routers with their own");
			return 1;
		}
	}
	/* A share of what was offered (a UDP loss of what was sent) at
	 * another offered rate: an unpaced sender slowed by the change sends
	 * less and loses less, which is no improvement. */
	if (col->m->fact.weight_unit != NULL) {
		double w[2];

		for (k = 0; k < 2; k++) {
			double s = 0;
			size_t m = 0;

			for (i = 0; i < g[k]->n; i++) {
				const struct resfile_value *v = &col->cells[g[k]->runs[i]];
				double x = resfile_weight_mean(&rep->runs[g[k]->runs[i]].rf, col->m, v->source);

				if (isfinite(x) && x > 0)
					s += log(x), m++;
			}
			w[k] = m > 0 ? exp(s / (double)m) : NAN;
		}
		if (isfinite(w[0]) && isfinite(w[1])
		    && fmax(w[0], w[1]) / fmin(w[0], w[1]) > 1 + REPORT_OFFERED_LIMIT) {
			char x[32], y[32];

			snprintf(why, len, "at another offered rate: %s %s vs %s",
				 col->m->fact.weight_unit, report_num(x, sizeof(x), w[0]),
				 report_num(y, sizeof(y), w[1]));
			return 1;
		}
	}
	/* A memory reduction that the other side did not have: the size in
	 * the name may be the same, the working set was not (but for the
	 * memory's bandwidth, once past the caches). */
	for (k = 0; k < 2 && !memory; k++)
		for (i = 0; i < g[k]->n; i++) {
			const struct resfile_value *v = &col->cells[g[k]->runs[i]];

			for (u = 0; u < v->nunits; u++) {
				const char *red = v->unit_case[u] != NULL ? v->unit_case[u]->reduced : NULL;

				if ((red == NULL) != (red0 == NULL) || (red != NULL && strcmp(red, red0) != 0)) {
					const struct report_run *on = red != NULL ? &rep->runs[g[k]->runs[i]]
										  : &rep->runs[ab->base];

					snprintf(why, len, "memory reduced on [%d] only: %.100s", on->id,
						 red != NULL ? red : red0);
					return 1;
				}
			}
		}
	return 0;
}

int
report_incomparable_runs(const struct report *rep, size_t si, size_t ci, size_t x, size_t y,
			 char *why, size_t len)
{
	struct report_group gx, gy;
	struct report_ab ab;

	memset(&gx, 0, sizeof(gx));
	memset(&gy, 0, sizeof(gy));
	memset(&ab, 0, sizeof(ab));
	gx.runs = &x;
	gx.n = 1;
	gy.runs = &y;
	gy.n = 1;
	ab.ga = &gx;
	ab.gb = &gy;
	ab.base = x;
	ab.other = y;
	return compare_incomparable(rep, &ab, si, ci, why, len);
}
