/*
 * chase-t: chases are single random cycles through every slot, chains
 * are disjoint, the timed loop walks them, and a broken link is caught.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "host/memory.h"
#include "mem/chase.h"
#include "tap/basic.h"

#define LEN (64 * 1024)
#define STRIDE 64
#define NSLOTS (LEN / STRIDE)

static unsigned char visits[NSLOTS];

/* Walk chain j of c once round, counting visits per slot; returns the steps. */
static size_t
walk(const struct chase *c, unsigned j, size_t stride, int *wrong_chain)
{
	void **start = c->cur[j], **p = start;
	size_t steps = 0;

	do {
		size_t i = (size_t)((unsigned char *)p - c->buf) / stride;

		if (i % c->nchains != j)
			*wrong_chain = 1;
		if (i < NSLOTS)
			visits[i]++;
		p = (void **)*p;
		steps++;
	} while (p != start && steps <= c->nslots);
	return steps;
}

int
main(void)
{
	struct chase c, d;
	struct chase_buf b;
	struct chase_cache caches[CHASE_MAX_CACHES];
	unsigned char *buf = mem_alloc(LEN + 4096);
	size_t i, sum, ncaches, ascending = 0;
	int wrong = 0, all_once, rc;
	unsigned j;
	void **p;
	double ns[3], best[3];
	uint64_t rounds[3];

	plan(45);
	if (buf == NULL)
		bail("cannot allocate the test buffer");

	/* One chain: a single cycle through every slot. */
	ok(chase_lines(&c, buf, LEN, STRIDE, 1) == 0, "one chain over 64K at stride 64");
	is_int(NSLOTS, (long long)c.nslots, "1024 slots");
	memset(visits, 0, sizeof(visits));
	is_int(NSLOTS, (long long)walk(&c, 0, STRIDE, &wrong), "the chain returns after 1024 steps");
	for (i = 0, all_once = 1; i < NSLOTS; i++)
		all_once &= visits[i] == 1;
	ok(all_once, "visiting every slot exactly once");
	is_int(0, chase_verify(&c), "chase_verify accepts it");
	for (i = 0, p = c.cur[0]; i < 256; i++, p = (void **)*p)
		ascending += (unsigned char *)*p == (unsigned char *)p + STRIDE;
	ok(ascending < 8, "the order is random: %zu of 256 steps go to the next line", ascending);
	chase_lines(&d, buf + 0, LEN, STRIDE, 1);
	ok(c.cur[0] == d.cur[0] && *d.cur[0] == *c.cur[0]
	   && *(void **)*d.cur[0] == *(void **)*c.cur[0], "and the same every time (fixed seed)");

	/* Four chains: disjoint, each on its own residue, together every slot. */
	ok(chase_lines(&c, buf, LEN, STRIDE, 4) == 0, "four chains");
	memset(visits, 0, sizeof(visits));
	for (j = 0, sum = 0; j < 4; j++)
		sum += walk(&c, j, STRIDE, &wrong);
	for (i = 0, all_once = 1; i < NSLOTS; i++)
		all_once &= visits[i] == 1;
	is_int(NSLOTS, (long long)sum, "their lengths add up to the slots");
	ok(all_once && !wrong, "each slot on exactly one chain, chain i %% 4");
	is_int(0, chase_verify(&c), "chase_verify accepts four chains");

	/* The timed loop walks the chains. */
	{
		void **q[3];

		chase_lines(&c, buf, LEN, STRIDE, 3);
		for (j = 0; j < 3; j++) {
			q[j] = c.cur[j];
			for (i = 0; i < 37; i++)
				q[j] = (void **)*q[j];
		}
		chase_run(&c, 37);
		ok(c.cur[0] == q[0] && c.cur[1] == q[1] && c.cur[2] == q[2],
		   "37 rounds of three chains end where 37 steps of each do");
		chase_lines(&c, buf, LEN, STRIDE, 1);
		q[0] = c.cur[0];
		chase_run(&c, NSLOTS * 5);
		ok(c.cur[0] == q[0], "five times round one chain returns to its start");
	}

	/* Block by block: every slot once, a block's slots together, its first first. */
	ok(chase_blocks(&c, buf, LEN, STRIDE, 1024) == 0, "a chase in 1K blocks");
	memset(visits, 0, sizeof(visits));
	is_int(NSLOTS, (long long)walk(&c, 0, STRIDE, &wrong), "one cycle through all 1024 slots");
	for (i = 0, sum = 0, all_once = 1, p = c.cur[0]; i < NSLOTS; i++, p = (void **)*p) {
		size_t from = (size_t)((unsigned char *)p - buf), to = (size_t)((unsigned char *)*p - buf);

		all_once &= visits[from / STRIDE] == 1;
		if (from / 1024 == to / 1024)
			sum++;
		else
			all_once &= to % 1024 == 0;
	}
	ok(all_once && sum == NSLOTS - NSLOTS / 16,
	   "15 of 16 steps stay in the block; a new block is entered at its first slot (%zu)", sum);
	errno = 0;
	ok(chase_blocks(&c, buf, LEN, STRIDE, 96) == -1 && errno == EINVAL,
	   "blocks: a block that is no multiple of the stride: EINVAL");

	/* One slot per page, on a rotating line. */
	ok(chase_pages(&c, buf, 16, 4096, 64) == 0, "a chase over 16 pages");
	for (i = 0, p = c.cur[0], all_once = 1; i < 16; i++, p = (void **)*p) {
		size_t off = (size_t)((unsigned char *)p - buf);

		all_once &= off % 4096 == (off / 4096 * 64) % 4096;
	}
	ok(all_once && p == c.cur[0], "page p's slot at p * 64; back after 16 steps");
	is_int(0, chase_verify(&c), "chase_verify accepts it");

	/* Broken links. */
	chase_lines(&c, buf, LEN, STRIDE, 1);
	p = (void **)*c.cur[0];
	*p = buf + LEN + 64;
	errno = 0;
	ok(chase_verify(&c) == -1 && errno == EFAULT, "a link out of the buffer: EFAULT");
	chase_lines(&c, buf, LEN, STRIDE, 1);
	p = (void **)*c.cur[0];
	*p = (unsigned char *)*p + 1;
	errno = 0;
	ok(chase_verify(&c) == -1 && errno == EFAULT, "a misaligned link: EFAULT");
	chase_lines(&c, buf, LEN, STRIDE, 1);
	p = (void **)*(void **)*c.cur[0];
	*p = p;
	errno = 0;
	ok(chase_verify(&c) == -1 && errno == EFAULT, "a link to itself (a short cycle): EFAULT");
	chase_lines(&c, buf, LEN, STRIDE, 1);
	p = (void **)*c.cur[0];
	*p = c.cur[0];
	errno = 0;
	ok(chase_verify(&c) == -1 && errno == EFAULT, "back at the start too early: EFAULT");
	/* Walked side by side, a broken link on one of several chains still counts. */
	chase_lines(&c, buf, LEN, STRIDE, 4);
	p = (void **)*c.cur[2];
	*p = buf + LEN;
	errno = 0;
	ok(chase_verify(&c) == -1 && errno == EFAULT, "a link out of the buffer on chain 3 of 4: EFAULT");
	chase_lines(&c, buf, LEN, STRIDE, 4);
	p = (void **)*c.cur[3];
	*p = c.cur[3];
	errno = 0;
	ok(chase_verify(&c) == -1 && errno == EFAULT, "chain 4 of 4 back at its start too early: EFAULT");
	errno = 0;
	ok(chase_time(&c, 100000, 0, 3, ns, rounds, best) == -1 && errno == EFAULT,
	   "chase_time reports a corrupted chase");

	/* Timing. */
	chase_lines(&c, buf, LEN, STRIDE, 2);
	ok(chase_time(&c, 200000, 0, 3, ns, rounds, best) == 0, "chase_time times two chains");
	ok(ns[0] > 0 && ns[1] > 0 && ns[2] > 0 && best[0] > 0 && rounds[0] > 0,
	   "samples and their bursts' lower quartiles are positive (%g, %g ns)", ns[0], best[0]);

	/* One chain and four from the same lines, in turn. */
	chase_lines(&c, buf, LEN, STRIDE, 4);
	chase_run(&c, 5);
	ok(chase_join(&c, &d) == 0 && d.nchains == 1 && d.chain_len[0] == NSLOTS
	   && chase_verify(&d) == 0, "chase_join: four chains become one cycle through every slot");
	chase_run(&d, 77);
	chase_split(&c, &d);
	ok(chase_verify(&c) == 0, "chase_split: four cycles again");
	ok(chase_join(&c, &d) == 0 && chase_verify(&d) == 0, "joined again, where it stood");
	chase_split(&c, &d);
	{
		double t1[3], tk[3];
		uint64_t r1[3], rk[3];

		ok(chase_time_pair(&c, 200000, 0, 3, t1, r1, tk, rk) == 0 && chase_verify(&c) == 0,
		   "chase_time_pair times one chain and four, and leaves four");
		ok(t1[0] > 0 && tk[2] > 0 && r1[1] > 0 && rk[1] > 0,
		   "with positive times and counts (%g, %g ns)", t1[0], tk[0]);
	}
	{
		double mean, q1, fastest;

		ok(chase_bursts(chase_run, &c, 1000, 100, 4, &mean, &q1, &fastest) == 0
		   && fastest > 0 && fastest <= q1 && mean > 0,
		   "chase_bursts: the fastest burst is not above the lower quartile");
	}

	/* Bad arguments. */
	errno = 0;
	ok(chase_lines(&c, buf, LEN, 18, 1) == -1 && errno == EINVAL, "stride 18 (no pointer multiple): EINVAL");
	ok(chase_lines(&c, buf, LEN, STRIDE, 0) == -1, "no chains: EINVAL");
	ok(chase_lines(&c, buf, LEN, STRIDE, CHASE_MAX_CHAINS + 1) == -1, "17 chains: EINVAL");
	ok(chase_lines(&c, buf, 3 * STRIDE, STRIDE, 4) == -1, "fewer slots than chains: EINVAL");
	ok(chase_pages(&c, buf, 4, 4096, 96) == -1, "a line that does not divide the page: EINVAL");

	/* Buffers. */
	/* The call first: ok()'s arguments may be evaluated in any order. */
	rc = chase_buf_alloc(&b, 4 << 20, 1);
	ok(rc == 0 && (uintptr_t)b.p % mem_page_size() == 0
	   && ((unsigned char *)b.p)[(4 << 20) - 1] == 0, "a 4M buffer asking for huge pages%s%s",
	   b.advised ? "" : ": ", b.advised ? "" : b.why);
	chase_buf_free(&b);
	ok(b.p == NULL, "is released");
	rc = chase_buf_alloc(&b, 1 << 20, -1);
	ok(rc == 0 && (uintptr_t)b.p % mem_page_size() == 0,
	   "a 1M buffer of base pages%s%s", b.advised ? "" : ": ", b.advised ? "" : b.why);
	chase_buf_free(&b);

	/* What the system says about its caches. */
	ncaches = chase_sysfs_caches(caches, CHASE_MAX_CACHES);
	for (i = 0, all_once = 1; i < ncaches; i++)
		all_once &= caches[i].size > 0 && caches[i].level >= 1
			    && strcmp(caches[i].type, "Instruction") != 0
			    && (i == 0 || caches[i].level >= caches[i - 1].level);
	ok(all_once, "sysfs: %zu data caches, sizes known, levels in order", ncaches);
	ok(chase_sysfs_caches(caches, 1) <= 1, "at most max are stored");
	mem_free(buf);
	return 0;
}
