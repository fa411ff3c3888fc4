/*
 * hist: a log-linear histogram of durations in ns (see hist.h).
 */
#include "config.h"

#include <string.h>

#include "hist.h"

void
hist_init(struct hist *h)
{
	memset(h, 0, sizeof(*h));
}

size_t
hist_bucket(uint64_t v)
{
	unsigned e = HIST_SUB;

	if (v < HIST_EXACT)
		return (size_t)v;
	if (v >= (uint64_t)1 << HIST_MAXLOG)
		return HIST_BUCKETS - 1;
	while (v >> (e + 1) != 0)
		e++;
	/* e is v's top bit; the HIST_SUB bits below it pick the bucket in its power of two. */
	return HIST_EXACT + (size_t)(e - HIST_SUB) * HIST_EXACT
		+ (size_t)((v >> (e - HIST_SUB)) - HIST_EXACT);
}

uint64_t
hist_lower(size_t b)
{
	if (b < HIST_EXACT)
		return b;
	b -= HIST_EXACT;
	return (uint64_t)(HIST_EXACT + b % HIST_EXACT) << (b / HIST_EXACT);
}

void
hist_add(struct hist *h, uint64_t v)
{
	h->count[hist_bucket(v)]++;
	if (h->n == 0 || v < h->min)
		h->min = v;
	if (v > h->max)
		h->max = v;
	h->n++;
}

void
hist_merge(struct hist *all, const struct hist *h)
{
	size_t i;

	if (h->n == 0)
		return;
	for (i = 0; i < HIST_BUCKETS; i++)
		all->count[i] += h->count[i];
	if (all->n == 0 || h->min < all->min)
		all->min = h->min;
	if (h->max > all->max)
		all->max = h->max;
	all->n += h->n;
}

double
hist_quantile(const struct hist *h, double p)
{
	double x = p * (double)h->n;
	uint64_t rank, seen = 0, lo, mid;
	size_t b;

	if (h->n == 0)
		return 0;
	/* The ends are known exactly: no bucket's middle for them (a NaN p: the first). */
	if (!(x > 1))
		return (double)h->min;
	if (x >= (double)h->n)
		return (double)h->max;
	rank = (uint64_t)x;
	if ((double)rank < x)
		rank++;
	if (rank >= h->n)
		return (double)h->max;
	for (b = 0; b < HIST_BUCKETS - 1; b++)
		if ((seen += h->count[b]) >= rank)
			break;
	lo = hist_lower(b);
	mid = lo + (hist_lower(b + 1) - lo) / 2;
	return (double)(mid < h->min ? h->min : mid > h->max ? h->max : mid);
}
