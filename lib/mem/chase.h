/*
 * chase: pointer chases for the cache, TLB and memory-parallelism
 * benchmarks (cache, tlb, par_mem).
 *
 * A chase is laid in a buffer as slots, each holding the address of the
 * next slot of its chain; the chains are cycles.  A load from a slot
 * yields the address of the next, so the loads of one chain depend on
 * each other and never overlap, while the loads of different chains are
 * independent and a CPU may overlap them.  The orders are random (a
 * fixed-seed xorshift, so every run walks the same way) so that no
 * prefetcher can guess the next address.
 */
#ifndef HB_CHASE_H
#define HB_CHASE_H

#include <stddef.h>
#include <stdint.h>

#define CHASE_MAX_CHAINS 16
#define CHASE_MAX_CACHES 8

struct chase {
	unsigned char *buf;	/* the buffer the slots are in (not owned) */
	size_t len;		/* bytes of it the slots lie in */
	size_t nslots;		/* slots of all chains together */
	unsigned nchains;	/* 1 .. CHASE_MAX_CHAINS */
	size_t chain_len[CHASE_MAX_CHAINS];	/* slots in each chain */
	void **cur[CHASE_MAX_CHAINS];	/* where each chain stands */
	/* chase_join: a slot of each chain, the link into it, where the one chain stands */
	void **head[CHASE_MAX_CHAINS], **head_in[CHASE_MAX_CHAINS], **joined_at;
};

/* Marsaglia's xorshift64: the next value of *state (never 0 if *state is not). */
uint64_t chase_xorshift(uint64_t *state);

/*
 * Lay k chains through the slots at offsets 0, stride, 2 stride ... below
 * len in buf: slot i belongs to chain i % k, so every chain spans the
 * whole buffer, and each chain is one cycle through its slots in a random
 * order (Sattolo's algorithm: every cyclic order equally likely).  stride
 * is a multiple of the pointer size, buf is pointer-aligned, and there
 * are at least k slots.  Returns 0, or -1 with errno EINVAL.
 */
int chase_lines(struct chase *c, void *buf, size_t len, size_t stride, unsigned k);

/*
 * Lay one chain through the slots at offsets 0, stride, 2 stride ... below
 * len in buf, block by block: the blocks (of block bytes, a multiple of
 * stride) in a random order, and within each block its first slot, then
 * the others in a random order, before the next block.  Loads that share
 * a cache line come close together, so a line is fetched once per visit
 * to it: for the line size test.  buf is pointer-aligned, stride a
 * multiple of the pointer size, len at least one block.  Returns 0, or
 * -1 with errno EINVAL.
 */
int chase_blocks(struct chase *c, void *buf, size_t len, size_t stride, size_t block);

/*
 * Lay one chain through one slot in each of npages pages of page bytes
 * (buf page-aligned, npages * page bytes long), the pages in a random
 * order.  The slot of page p is at offset (p * line) % page: successive
 * pages use successive lines, so the slots spread over every cache set
 * as evenly as npages lines packed together would.  page is a multiple
 * of line, line a multiple of the pointer size.  Returns 0, or -1 with
 * errno EINVAL.
 */
int chase_pages(struct chase *c, void *buf, size_t npages, size_t page, size_t line);

/*
 * Walk every chain once round from where it stands, the chains side by
 * side (their misses overlap), checking each link:
 * inside the buffer, pointer-aligned, and back at the start after exactly
 * the chain's length and not before: one load per slot.  Returns 0, or -1 with
 * errno EFAULT when a link is broken (the chase was corrupted).
 */
int chase_verify(struct chase *c);

/*
 * The timed loop (a timing_loop_fn; arg is the struct chase): rounds
 * rounds, each one dependent load on every chain.  Only loads: the loop
 * keeps each chain's pointer in a register and stores where the chains
 * stand back into c->cur at the end, which also keeps the result alive.
 * Returns 0.
 */
int chase_run(void *c, uint64_t rounds);

/*
 * Run fn(arg, n) in bursts of burst iterations (the last may be
 * shorter), each timed on its own; an iteration is loads loads.  Stores
 * the time per load of the whole run in *mean, and of the full bursts
 * (all of them when the run is one burst) the lower quartile in *q1 and
 * the fastest in *fastest (any of them may be NULL).  At most
 * CHASE_MAX_BURSTS bursts are kept: a larger burst is used when n calls
 * for more.  Returns 0, or -1 with errno EINVAL for n = 0, or fn's -1
 * (errno set).
 *
 * On a busy machine a burst is preempted, or slowed by another program's
 * memory traffic, now and then, but rarely three bursts in four: the
 * lower quartile is what a load costs when nothing interferes, and not
 * the luckiest burst of thousands (the fastest), which a ratio of two
 * such times would carry into its result.
 */
#define CHASE_BURST_NS 50000
#define CHASE_MAX_BURSTS 1024
int chase_bursts(int (*fn)(void *, uint64_t), void *arg, uint64_t n, uint64_t burst,
		 double loads, double *mean, double *q1, double *fastest);

/*
 * The iterations of a burst of about CHASE_BURST_NS, for n iterations
 * calibrated to last sample_ns: n itself when the sample is not longer
 * than two bursts.  At least 1.
 */
uint64_t chase_burst_iters(uint64_t n, uint64_t sample_ns);

/*
 * Time a chase: calibrate a round count so that one sample lasts about
 * sample_ns (which also warms the caches with the chase), run warmup_ns
 * of untimed rounds, then take reps samples: sample i in ns[i] as ns per
 * load (a round is nchains loads) and rounds[i] its round count.  Each
 * sample is run and timed in bursts of about CHASE_BURST_NS; low[i] (low
 * may be NULL) gets the lower quartile of its bursts' times per load
 * (chase_bursts says why).  Last, chase_verify, so that a chase that was
 * corrupted is caught.  Returns 0, or -1 with errno EFAULT for a
 * corrupted chase.
 */
int chase_time(struct chase *c, uint64_t sample_ns, uint64_t warmup_ns,
	       unsigned reps, double *ns, uint64_t *rounds, double *low);

/*
 * Link the k chains of c (laid by chase_lines) into one cycle through
 * every slot, described by one (nchains 1), and back again: each chain's
 * link into one of its slots (where it stood at the first join) is
 * pointed at that slot of the next chain; chase_split keeps where the
 * one chain stands for the next join.  The same
 * lines, laid once, then serve one chain and k chains in turn, so that
 * the two times of a parallelism are taken in the same moments and the
 * same cache.  chase_join first finds those links (a walk of every
 * chain); afterwards it and chase_split store k pointers each.  c must
 * not be run while joined, nor one while split.  chase_join returns 0,
 * or -1 with errno EINVAL (c not as chase_lines left it) or EFAULT (a
 * chain broken).
 */
int chase_join(struct chase *c, struct chase *one);
void chase_split(struct chase *c, const struct chase *one);

/*
 * The two times of a parallelism from one layout (chase_join): calibrate
 * the one chain and the k chains of c to sample_ns each, warm up for
 * warmup_ns, then take reps samples of each, alternating bursts of one
 * chain and of k chains of about CHASE_BURST_NS each, so that whatever
 * else the machine does falls on both alike.  t1[i] and tk[i] get the
 * lower quartiles of sample i's bursts (ns per load), r1[i] and rk[i]
 * the samples' round counts.  c is left split and verified.  Returns 0,
 * or -1 with errno set as chase_join or chase_time.
 */
int chase_time_pair(struct chase *c, uint64_t sample_ns, uint64_t warmup_ns, unsigned reps,
		    double *t1, uint64_t *r1, double *tk, uint64_t *rk);

/* A buffer for chases. */
struct chase_buf {
	void *p;		/* len bytes, page-aligned, every byte written */
	size_t len;
	int pages;		/* what was asked: > 0 huge, < 0 base only, 0 any */
	int advised;		/* 1: the system took the advice */
	char why[128];		/* when it did not: why ("" otherwise) */
};

/*
 * Allocate b->p, len bytes, every byte written so that no page fault
 * falls in a timed loop.  pages > 0 asks for transparent huge pages
 * (mem_alloc_huge), so that TLB misses do not add steps of their own to
 * a cache curve; where the system has none the buffer has base pages and
 * b->why says why.  pages < 0 asks for base pages only
 * (madvise(MADV_NOHUGEPAGE) before the first touch), for a TLB test;
 * 0 takes what the system gives.  Returns 0, or -1 with errno set.
 * Release it with chase_buf_free.
 */
int chase_buf_alloc(struct chase_buf *b, size_t len, int pages);

/* Release a buffer from chase_buf_alloc (b->p NULL: nothing); errno is kept. */
void chase_buf_free(struct chase_buf *b);

/* A cache the system describes (sysfs on Linux). */
struct chase_cache {
	unsigned level;		/* 1, 2, 3 ... */
	char type[16];		/* "Data", "Unified" ("Instruction" caches are skipped) */
	uint64_t size;		/* bytes */
	unsigned line;		/* coherency line size in bytes, 0 when not told */
};

/*
 * The data and unified caches of CPU 0 as the system describes them
 * (sysinfo_caches: /sys/devices/system/cpu/cpu0/cache/index*), up to max,
 * in the order listed (by level).  They are hints for default sizes and for checking
 * what the curves show, never a substitute.  Returns how many were
 * stored: 0 where the system does not say.
 */
size_t chase_sysfs_caches(struct chase_cache *caches, size_t max);

#endif
