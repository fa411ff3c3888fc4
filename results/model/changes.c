/*
 * changes: what differs between the two runs of a comparison besides
 * their numbers (see changes.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "changes.h"
#include "core/metric.h"
#include "hosts.h"
#include "read/resfile.h"
#include "report.h"

/* Fingerprint keys that say something of one run, not of its setup. */
static int
noisy_key(const char *key)
{
	return report_key_per_run(key);
}

static struct report_change *
add_change(struct report_ab *ab, enum change_kind kind, const char *key, const char *from,
	   const char *to)
{
	struct report_change *c = realloc(ab->changes, (ab->nchanges + 1) * sizeof(*c));

	if (c == NULL)
		return NULL;
	ab->changes = c;
	c += ab->nchanges++;
	memset(c, 0, sizeof(*c));
	c->kind = kind;
	c->key = key;
	c->from = from;
	c->to = to;
	return c;
}

static struct report_change *
add_side(struct report_ab *ab, enum change_kind kind, const char *side, const char *key,
	 const char *from, const char *to)
{
	struct report_change *c = add_change(ab, kind, key, from, to);

	if (c != NULL)
		snprintf(c->side, sizeof(c->side), "%s", side);
	return c;
}

static int
build_config(struct report_ab *ab, const struct resfile_run *a, const struct resfile_run *b)
{
	/* Keys one side lacks count only between files of one format. */
	int same = a->format == b->format;
	size_t i;

	for (i = 0; i < a->nconfig; i++) {
		const char *key = a->config[i].key, *to;

		if (noisy_key(key))
			continue;
		to = resfile_config(b, key);
		if (to == NULL && !same)
			continue;
		if (to == NULL || strcmp(to, a->config[i].value) != 0)
			if (add_change(ab, CHANGE_CONFIG, key, a->config[i].value, to) == NULL)
				return -1;
	}
	for (i = 0; i < b->nconfig && same; i++) {
		const char *key = b->config[i].key;

		if (!noisy_key(key) && resfile_config(a, key) == NULL)
			if (add_change(ab, CHANGE_CONFIG, key, NULL, b->config[i].value) == NULL)
				return -1;
	}
	return 0;
}

static int
same_str(const char *x, const char *y)
{
	if (x == NULL || y == NULL)
		return x == y;
	return strcmp(x, y) == 0;
}

/* A distinct case of a run. */
struct ucase {
	const struct resfile_case *c;
	const char *reduced;
	int cache;		/* a repeat printed a cache-sized result (METRIC_CACHE_PART) */
	long partner;		/* the other side's case it is compared with; -1: none */
};

/* Did case k (1 + its index) of r print a result with the cache part? */
static int
case_cache_sized(const struct resfile_run *r, size_t k)
{
	size_t i, j;

	for (i = 0; i < r->nresults; i++) {
		const struct resfile_result *x = &r->results[i];

		if (!metric_has_parts(x->name, METRIC_CACHE_PART))
			continue;
		for (j = 0; j < x->n; j++)
			if (x->from[j] == k)
				return 1;
	}
	return 0;
}

/*
 * The distinct cases of a run (a bench with its args; rounds repeat
 * them), in order, into *out (malloc'd).  A case takes the first memory
 * reduction any of its repeats had.  Returns their number, or -1 when
 * out of memory.
 */
static long
distinct_cases(const struct resfile_run *r, struct ucase **out)
{
	struct ucase *u;
	size_t i, j, n = 0;

	*out = u = calloc(r->ncases ? r->ncases : 1, sizeof(*u));
	if (u == NULL)
		return -1;
	for (i = 0; i < r->ncases; i++) {
		const struct resfile_case *c = &r->cases[i];

		for (j = 0; j < n; j++)
			if (strcmp(u[j].c->bench, c->bench) == 0 && strcmp(u[j].c->args, c->args) == 0)
				break;
		if (j == n) {
			u[n].c = c;
			u[n++].partner = -1;
		}
		if (u[j].reduced == NULL)
			u[j].reduced = c->reduced;
		if (!u[j].cache)
			u[j].cache = case_cache_sized(r, i + 1);
	}
	return (long)n;
}

/* A reduction that differs between the sides, once for each side that had one. */
static int
add_reduced(struct report_ab *ab, const struct ucase *x, const char *xl, const struct ucase *y,
	    const char *yl)
{
	if (same_str(x->reduced, y->reduced))
		return 0;
	if (x->reduced != NULL
	    && add_side(ab, CHANGE_REDUCED, xl, x->c->bench, x->c->args, x->reduced) == NULL)
		return -1;
	if (y->reduced != NULL
	    && add_side(ab, CHANGE_REDUCED, yl, y->c->bench, y->c->args, y->reduced) == NULL)
		return -1;
	return 0;
}

/* A memory test cache-sized on one side only: on that side. */
static int
add_cache(struct report_ab *ab, const struct ucase *x, const char *xl, const struct ucase *y,
	  const char *yl)
{
	const struct ucase *on = x->cache ? x : y;

	if (x->cache == y->cache)
		return 0;
	return add_side(ab, CHANGE_CACHE, x->cache ? xl : yl, on->c->bench, on->c->args, NULL) == NULL
	       ? -1 : 0;
}

/* The cases of u (n) no case of the other side matched: CHANGES_MAX_ONLY, then how many more. */
static int
add_only(struct report_ab *ab, const struct ucase *u, size_t n, const char *side)
{
	size_t i, shown = 0, more = 0;
	struct report_change *c;

	for (i = 0; i < n; i++) {
		if (u[i].partner >= 0)
			continue;
		if (shown == CHANGES_MAX_ONLY) {
			more++;
			continue;
		}
		if (add_side(ab, CHANGE_ONLY, side, u[i].c->bench, u[i].c->args, NULL) == NULL)
			return -1;
		shown++;
	}
	if (more > 0) {
		if ((c = add_side(ab, CHANGE_MORE, side, NULL, NULL, NULL)) == NULL)
			return -1;
		c->count = more;
	}
	return 0;
}

/*
 * Cases: the same bench with the same args on both sides match; then a
 * side's remaining cases of a bench pair with the other's in order
 * (lat_ctx -s 16 ... against lat_ctx -s 64 ...: other arguments); the
 * rest ran on one side only.  Listed in that order: other arguments,
 * reductions that differ, memory tests cache-sized on one side, cases of
 * one side.
 */
static int
build_cases(struct report_ab *ab, const struct resfile_run *a, const char *al,
	    const struct resfile_run *b, const char *bl)
{
	struct ucase *ua = NULL, *ub = NULL;
	long na, nb, i, j;
	int rc = -1, pass;

	if (a->format != RESFILE_HOSTBENCH || b->format != RESFILE_HOSTBENCH
	    || a->ncases == 0 || b->ncases == 0)
		return 0;
	if ((na = distinct_cases(a, &ua)) < 0 || (nb = distinct_cases(b, &ub)) < 0)
		goto out;
	/* Pass 0 matches bench and args, pass 1 the bench alone. */
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < na; i++)
			for (j = 0; j < nb && ua[i].partner < 0; j++)
				if (ub[j].partner < 0 && strcmp(ua[i].c->bench, ub[j].c->bench) == 0
				    && (pass == 1 || strcmp(ua[i].c->args, ub[j].c->args) == 0)) {
					ua[i].partner = j;
					ub[j].partner = i;
					if (pass == 1 && add_change(ab, CHANGE_ARGS, ua[i].c->bench,
								    ua[i].c->args, ub[j].c->args) == NULL)
						goto out;
				}
	for (i = 0; i < na; i++)
		if (ua[i].partner >= 0 && add_reduced(ab, &ua[i], al, &ub[ua[i].partner], bl) != 0)
			goto out;
	for (i = 0; i < na; i++)
		if (ua[i].partner >= 0 && add_cache(ab, &ua[i], al, &ub[ua[i].partner], bl) != 0)
			goto out;
	if (add_only(ab, ua, (size_t)na, al) != 0 || add_only(ab, ub, (size_t)nb, bl) != 0)
		goto out;
	rc = 0;
out:
	free(ua);
	free(ub);
	return rc;
}

int
changes_build(struct report_ab *ab, const struct resfile_run *a, const char *alabel,
	      const struct resfile_run *b, const char *blabel)
{
	if (build_config(ab, a, b) != 0)
		return -1;
	return build_cases(ab, a, alabel, b, blabel);
}
