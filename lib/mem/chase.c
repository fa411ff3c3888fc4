/*
 * chase: pointer chases for the cache benchmarks (see chase.h).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef HAVE_MADVISE
#include <sys/mman.h>
#endif

#include "core/compat.h"
#include "core/stats.h"
#include "core/timing.h"
#include "host/memory.h"
#include "host/sysinfo.h"
#include "mem/chase.h"

uint64_t
chase_xorshift(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* Where slot i lies: every stride bytes, or one per page on a rotating line. */
struct layout {
	unsigned char *buf;
	size_t stride;		/* lines: bytes between slots */
	size_t page, line;	/* pages: one slot per page; 0 for lines */
};

static void **
slot(const struct layout *l, size_t i)
{
	if (l->page == 0)
		return (void **)(void *)(l->buf + i * l->stride);
	return (void **)(void *)(l->buf + i * l->page + (i * l->line) % l->page);
}

/*
 * Link the count slots first, first + step, first + 2 step ... into one
 * cycle in a random order.  Sattolo's variant of the Fisher-Yates shuffle
 * (the partner is drawn from the slots before, never the slot itself)
 * yields a single cycle, each equally likely; it works in the slots
 * themselves, so no index array as large as the buffer is needed.
 */
static void
sattolo(const struct layout *l, size_t first, size_t step, size_t count, uint64_t *x)
{
	size_t t;

	for (t = 0; t < count; t++) {
		void **s = slot(l, first + t * step);

		*s = s;
	}
	for (t = count; t > 1; t--) {
		size_t r = (size_t)((chase_xorshift(x) >> 11) % (t - 1));
		void **a = slot(l, first + (t - 1) * step), **b = slot(l, first + r * step);
		void *tmp = *a;

		*a = *b;
		*b = tmp;
	}
}

/* A fixed seed: every run, and every program, lays the same chase. */
#define SEED 0x9e3779b97f4a7c15ull

int
chase_lines(struct chase *c, void *buf, size_t len, size_t stride, unsigned k)
{
	struct layout l;
	uint64_t x = SEED;
	size_t n;
	unsigned j;

	if (buf == NULL || stride == 0 || stride % sizeof(void *) != 0
	    || (uintptr_t)buf % sizeof(void *) != 0 || k == 0 || k > CHASE_MAX_CHAINS
	    || len / stride < k) {
		errno = EINVAL;
		return -1;
	}
	n = len / stride;
	memset(c, 0, sizeof(*c));
	c->buf = buf;
	c->len = n * stride;
	c->nslots = n;
	c->nchains = k;
	l.buf = buf;
	l.stride = stride;
	l.page = l.line = 0;
	for (j = 0; j < k; j++) {
		c->chain_len[j] = (n - j + k - 1) / k;
		sattolo(&l, j, k, c->chain_len[j], &x);
		c->cur[j] = slot(&l, j);
	}
	return 0;
}

int
chase_blocks(struct chase *c, void *buf, size_t len, size_t stride, size_t block)
{
	struct layout blocks, slots;
	uint64_t x = SEED;
	size_t nblocks, per, b, t;

	if (buf == NULL || stride == 0 || stride % sizeof(void *) != 0 || block < stride
	    || block % stride != 0 || (uintptr_t)buf % sizeof(void *) != 0 || len < block) {
		errno = EINVAL;
		return -1;
	}
	nblocks = len / block;
	per = block / stride;
	memset(c, 0, sizeof(*c));
	c->buf = buf;
	c->len = nblocks * block;
	c->nslots = nblocks * per;
	c->nchains = 1;
	c->chain_len[0] = c->nslots;
	blocks.buf = buf;
	blocks.stride = block;
	blocks.page = blocks.line = 0;
	/* The order of the blocks, held in each block's first slot for now. */
	sattolo(&blocks, 0, 1, nblocks, &x);
	slots.stride = stride;
	slots.page = slots.line = 0;
	for (b = 0; b < nblocks; b++) {
		void *next = *slot(&blocks, b);
		void **p;

		/* A random cycle through the block's slots, cut where it returns to the first. */
		slots.buf = (unsigned char *)buf + b * block;
		sattolo(&slots, 0, 1, per, &x);
		for (p = slot(&slots, 0), t = 1; t < per; t++)
			p = (void **)*p;
		*p = next;
	}
	c->cur[0] = buf;
	return 0;
}

int
chase_pages(struct chase *c, void *buf, size_t npages, size_t page, size_t line)
{
	struct layout l;
	uint64_t x = SEED;

	if (buf == NULL || npages == 0 || line == 0 || line % sizeof(void *) != 0
	    || page < line || page % line != 0 || (uintptr_t)buf % sizeof(void *) != 0
	    || npages > SIZE_MAX / page) {
		errno = EINVAL;
		return -1;
	}
	memset(c, 0, sizeof(*c));
	c->buf = buf;
	c->len = npages * page;
	c->nslots = npages;
	c->nchains = 1;
	c->chain_len[0] = npages;
	l.buf = buf;
	l.stride = 0;
	l.page = page;
	l.line = line;
	sattolo(&l, 0, 1, npages, &x);
	c->cur[0] = slot(&l, 0);
	return 0;
}

int
chase_verify(struct chase *c)
{
	uintptr_t lo = (uintptr_t)c->buf, hi = lo + c->len;
	void **p[CHASE_MAX_CHAINS];
	size_t t, longest = 0;
	unsigned j;

	/*
	 * The chains are walked side by side, one link of each in turn:
	 * their loads are independent, so the CPU overlaps their misses and
	 * a check of k chains over a buffer beyond the caches costs about a
	 * k-th of walking them one after the other (which was most of
	 * par_mem's run).
	 */
	for (j = 0; j < c->nchains; j++) {
		p[j] = c->cur[j];
		if (c->chain_len[j] > longest)
			longest = c->chain_len[j];
	}
	for (t = 1; t <= longest; t++)
		for (j = 0; j < c->nchains; j++) {
			uintptr_t q;

			if (t > c->chain_len[j])
				continue;
			q = (uintptr_t)*p[j];
			if (q < lo || q >= hi || q % sizeof(void *) != 0
			    || (t < c->chain_len[j] && (void **)q == c->cur[j])) {
				errno = EFAULT;
				return -1;
			}
			p[j] = (void **)q;
		}
	for (j = 0; j < c->nchains; j++)
		if (p[j] != c->cur[j]) {
			errno = EFAULT;
			return -1;
		}
	return 0;
}

/*
 * One function per chain count, so each chain's pointer lives in a
 * register of its own: with an array indexed in a loop the pointers
 * would go through memory, and a store-to-load forwarding would add to
 * every load's latency.  Sixteen rounds a trip: the loop's count and
 * branch run alongside the loads and add nothing measurable.
 */
#define DECL(j) void **p##j = c->cur[j];
#define LOAD(j) p##j = (void **)*p##j;
#define SAVE(j) c->cur[j] = p##j;
#define R1(M) M(0)
#define R2(M) R1(M) M(1)
#define R3(M) R2(M) M(2)
#define R4(M) R3(M) M(3)
#define R5(M) R4(M) M(4)
#define R6(M) R5(M) M(5)
#define R7(M) R6(M) M(6)
#define R8(M) R7(M) M(7)
#define R9(M) R8(M) M(8)
#define R10(M) R9(M) M(9)
#define R11(M) R10(M) M(10)
#define R12(M) R11(M) M(11)
#define R13(M) R12(M) M(12)
#define R14(M) R13(M) M(13)
#define R15(M) R14(M) M(14)
#define R16(M) R15(M) M(15)
#define UNROLL 16
#define RUN(K)								\
static void								\
run##K(struct chase *c, uint64_t n)					\
{									\
	uint64_t trips = n / UNROLL;					\
	R##K(DECL)							\
									\
	while (trips-- > 0) {						\
		R##K(LOAD) R##K(LOAD) R##K(LOAD) R##K(LOAD)		\
		R##K(LOAD) R##K(LOAD) R##K(LOAD) R##K(LOAD)		\
		R##K(LOAD) R##K(LOAD) R##K(LOAD) R##K(LOAD)		\
		R##K(LOAD) R##K(LOAD) R##K(LOAD) R##K(LOAD)		\
	}								\
	n %= UNROLL;							\
	while (n-- > 0) {						\
		R##K(LOAD)						\
	}								\
	R##K(SAVE)							\
}
RUN(1) RUN(2) RUN(3) RUN(4) RUN(5) RUN(6) RUN(7) RUN(8)
RUN(9) RUN(10) RUN(11) RUN(12) RUN(13) RUN(14) RUN(15) RUN(16)

static void (*const runs[CHASE_MAX_CHAINS])(struct chase *, uint64_t) = {
	run1, run2, run3, run4, run5, run6, run7, run8,
	run9, run10, run11, run12, run13, run14, run15, run16,
};

int
chase_run(void *arg, uint64_t rounds)
{
	struct chase *c = arg;

	runs[c->nchains - 1](c, rounds);
	return 0;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

uint64_t
chase_burst_iters(uint64_t n, uint64_t sample_ns)
{
	uint64_t b = sample_ns > 2 * CHASE_BURST_NS ? n / (sample_ns / CHASE_BURST_NS) : n;

	return b > 0 ? b : 1;
}

int
chase_bursts(int (*fn)(void *, uint64_t), void *arg, uint64_t n, uint64_t burst,
	     double loads, double *mean, double *q1, double *fastest)
{
	double per[CHASE_MAX_BURSTS];
	uint64_t left = n, total = 0, t;
	size_t k = 0;

	if (n == 0) {
		errno = EINVAL;
		return -1;
	}
	if (burst == 0)
		burst = 1;
	if (n / burst > CHASE_MAX_BURSTS)
		burst = n / CHASE_MAX_BURSTS + 1;
	while (left > 0) {
		uint64_t b = left < burst ? left : burst;

		if (timing_run(fn, arg, b, &t) != 0)
			return -1;
		total += t;
		/* A short last burst is too short to time well, unless it is the only one. */
		if ((b == burst || n < burst) && k < CHASE_MAX_BURSTS)
			per[k++] = (double)t / ((double)b * loads);
		left -= b;
	}
	if (mean != NULL)
		*mean = (double)total / ((double)n * loads);
	if (k == 0)
		per[k++] = (double)total / ((double)n * loads);
	qsort(per, k, sizeof(per[0]), cmp_double);
	if (q1 != NULL)
		*q1 = stats_quantile_sorted(per, k, 0.25);
	if (fastest != NULL)
		*fastest = per[0];
	return 0;
}

int
chase_time(struct chase *c, uint64_t sample_ns, uint64_t warmup_ns,
	   unsigned reps, double *ns, uint64_t *rounds, double *low)
{
	uint64_t n, burst, start;
	unsigned i;

	/* Calibration runs the chase many times: it is the untimed warming pass. */
	if (timing_calibrate(chase_run, c, sample_ns, 0, &n) != 0)
		return -1;
	burst = chase_burst_iters(n, sample_ns);
	for (start = timing_now(); timing_now() - start < warmup_ns;)
		chase_run(c, n);
	for (i = 0; i < reps; i++) {
		if (chase_bursts(chase_run, c, n, burst, c->nchains, &ns[i], low != NULL ? &low[i] : NULL,
				 NULL) != 0)
			return -1;
		rounds[i] = n;
	}
	return chase_verify(c);
}

int
chase_join(struct chase *c, struct chase *one)
{
	unsigned j, k = c->nchains;

	if (k == 0 || k > CHASE_MAX_CHAINS) {
		errno = EINVAL;
		return -1;
	}
	if (c->joined_at == NULL) {
		if (chase_verify(c) != 0)
			return -1;
		for (j = 0; j < k; j++) {
			void **p = c->cur[j];

			c->head[j] = p;
			while (*p != (void *)c->head[j])
				p = (void **)*p;
			c->head_in[j] = p;
		}
		c->joined_at = c->head[0];
	}
	for (j = 0; j < k; j++)
		*c->head_in[j] = c->head[(j + 1) % k];
	*one = *c;
	one->nchains = 1;
	one->chain_len[0] = c->nslots;
	one->cur[0] = c->joined_at;
	return 0;
}

void
chase_split(struct chase *c, const struct chase *one)
{
	unsigned j;

	c->joined_at = one->cur[0];
	for (j = 0; j < c->nchains; j++)
		*c->head_in[j] = c->head[j];
}

/* Both of the pair, one after the other, each in bursts: one sample each. */
static int
pair_sample(struct chase *c, struct chase *one, uint64_t n1, uint64_t b1, uint64_t nk,
	    uint64_t bk, double *t1, double *tk)
{
	double p1[CHASE_MAX_BURSTS], pk[CHASE_MAX_BURSTS];
	uint64_t l1 = n1, lk = nk, t;
	size_t k1 = 0, kk = 0;

	while (l1 > 0 || lk > 0) {
		if (l1 > 0) {
			uint64_t b = l1 < b1 ? l1 : b1;

			if (chase_join(c, one) != 0)
				return -1;
			timing_run(chase_run, one, b, &t);
			chase_split(c, one);
			if ((b == b1 || n1 < b1) && k1 < CHASE_MAX_BURSTS)
				p1[k1++] = (double)t / (double)b;
			l1 -= b;
		}
		if (lk > 0) {
			uint64_t b = lk < bk ? lk : bk;

			timing_run(chase_run, c, b, &t);
			if ((b == bk || nk < bk) && kk < CHASE_MAX_BURSTS)
				pk[kk++] = (double)t / ((double)b * c->nchains);
			lk -= b;
		}
	}
	if (k1 == 0 || kk == 0) {
		errno = EINVAL;
		return -1;
	}
	qsort(p1, k1, sizeof(p1[0]), cmp_double);
	qsort(pk, kk, sizeof(pk[0]), cmp_double);
	*t1 = stats_quantile_sorted(p1, k1, 0.25);
	*tk = stats_quantile_sorted(pk, kk, 0.25);
	return 0;
}

/* timing_calibrate's loop for the joined chain: join, run, split. */
static int
run_joined(void *arg, uint64_t rounds)
{
	struct chase *c = arg, one;

	if (chase_join(c, &one) != 0)
		return -1;
	chase_run(&one, rounds);
	chase_split(c, &one);
	return 0;
}

int
chase_time_pair(struct chase *c, uint64_t sample_ns, uint64_t warmup_ns, unsigned reps,
		double *t1, uint64_t *r1, double *tk, uint64_t *rk)
{
	struct chase one;
	uint64_t n1, nk, b1, bk, start;
	unsigned i;

	if (chase_join(c, &one) != 0)
		return -1;
	chase_split(c, &one);
	if (timing_calibrate(run_joined, c, sample_ns, 0, &n1) != 0
	    || timing_calibrate(chase_run, c, sample_ns, 0, &nk) != 0)
		return -1;
	/* Bursts of either kind a burst's time long, and as many of each. */
	b1 = chase_burst_iters(n1, sample_ns);
	bk = chase_burst_iters(nk, sample_ns);
	for (start = timing_now(); timing_now() - start < warmup_ns;) {
		run_joined(c, b1);
		chase_run(c, bk);
	}
	for (i = 0; i < reps; i++) {
		if (pair_sample(c, &one, n1, b1, nk, bk, &t1[i], &tk[i]) != 0)
			return -1;
		r1[i] = n1;
		rk[i] = nk;
	}
	if (chase_join(c, &one) != 0 || chase_verify(&one) != 0)
		return -1;
	chase_split(c, &one);
	return chase_verify(c);
}

int
chase_buf_alloc(struct chase_buf *b, size_t len, int pages)
{
	memset(b, 0, sizeof(*b));
	b->len = len;
	b->pages = pages;
	if (pages > 0) {
		if ((b->p = mem_alloc_huge(len, MEM_HUGE_THP, b->why, sizeof(b->why))) != NULL) {
			b->advised = 1;
			return 0;
		}
		if (errno != ENOTSUP)
			return -1;
		b->pages = 0;
	}
#if defined(HAVE_POSIX_MEMALIGN) && defined(HAVE_MADVISE) && defined(MADV_NOHUGEPAGE)
	if (pages < 0) {
		int rc = posix_memalign(&b->p, mem_page_size(), len);

		if (rc != 0) {
			b->p = NULL;
			errno = rc;
			return -1;
		}
		/* Before the first touch: that is when the kernel picks the pages. */
		if (madvise(b->p, len, MADV_NOHUGEPAGE) == 0)
			b->advised = 1;
		else
			snprintf(b->why, sizeof(b->why), "madvise(MADV_NOHUGEPAGE): %s", strerror(errno));
		memset(b->p, 0, len);
		return 0;
	}
#else
	if (pages < 0)
		snprintf(b->why, sizeof(b->why), "this system has no madvise(MADV_NOHUGEPAGE)");
#endif
	return (b->p = mem_alloc(len)) != NULL ? 0 : -1;
}

void
chase_buf_free(struct chase_buf *b)
{
	if (b->pages > 0)
		mem_free_huge(b->p, b->len, MEM_HUGE_THP);
	else
		mem_free(b->p);	/* posix_memalign's too: mem_free is free() there */
	b->p = NULL;
}

size_t
chase_sysfs_caches(struct chase_cache *caches, size_t max)
{
	struct sysinfo_cache sys[16];
	size_t n = sysinfo_caches(sys, max < HB_ARRAY_SIZE(sys) ? max : HB_ARRAY_SIZE(sys)), i;

	for (i = 0; i < n; i++) {
		caches[i].level = sys[i].level;
		snprintf(caches[i].type, sizeof(caches[i].type), "%s", sys[i].type);
		caches[i].size = sys[i].size;
		caches[i].line = sys[i].line;
	}
	return n;
}
