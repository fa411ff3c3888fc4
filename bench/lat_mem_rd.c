/*
 * lat_mem_rd: memory load latency, in ns per load, over a range of sizes.
 *
 * One iteration is one dependent load (p = *p) of a pointer chase through
 * the first SIZE bytes of a buffer, one pointer every STRIDE bytes, in
 * address order or (-t) in a random order that prefetchers cannot follow.
 * Building the chase and one untimed pass over it (which brings the cache
 * to its steady state) happen before timing, for each size.
 *
 * usage: lat_mem_rd [options] [-t] SIZE_MB [STRIDE...]
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "mem.h"
#include "msg.h"
#include "sysinfo.h"

#define MIN_RANGE 512		/* lmbench's first size */
#define DEFAULT_STRIDE 64
#define MAX_STRIDES 32
/*
 * A walk to 64 MB has 107 sizes: samples are shortened so that one walk
 * samples for about this long in all, but never below SAMPLE_FLOOR_NS
 * (nor above -T).
 */
#define WALK_BUDGET_NS 4000000000.0
#define SAMPLE_FLOOR_NS 1000000u

struct state {
	unsigned char *buf;
	size_t range, stride;
	const struct order *order;
	size_t *lines;		/* random order: the visiting order of lines */
	void **cur;		/* where the chase stands between samples */
};

/* xorshift64 (Marsaglia): a fixed seed makes every run walk the same way. */
static uint64_t
xorshift64(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* Fisher-Yates: a uniformly random order of the n lines. */
static void
shuffle(size_t *line, size_t n)
{
	uint64_t x = 0x9e3779b97f4a7c15ull;
	size_t i;

	for (i = 0; i < n; i++)
		line[i] = i;
	for (i = n; i > 1; i--) {
		size_t j = (size_t)(xorshift64(&x) % i), t = line[i - 1];

		line[i - 1] = line[j];
		line[j] = t;
	}
}

/*
 * Sixteen loads per trip: the loop's own count and branch run alongside
 * the chain of loads and add nothing measurable to 16 dependent loads.
 */
#define LOAD1 p = (void **)*p;
#define LOAD4 LOAD1 LOAD1 LOAD1 LOAD1
#define UNROLL 16

static int
loop_chase(void *arg, uint64_t n)
{
	struct state *s = arg;
	void **p = s->cur;
	uint64_t trips = n / UNROLL;

	while (trips-- > 0) {
		LOAD4 LOAD4 LOAD4 LOAD4
	}
	n %= UNROLL;
	while (n-- > 0) {
		LOAD1
	}
	s->cur = p;
	HB_USE(p);
	return 0;
}

static const struct order {
	const char *name;
	int opt;		/* the option that selects it; 0: the default */
	int shuffled;		/* lines in random order, else in address order */
} orders[] = {
	{ "stride", 0, 0 },
	{ "random", 't', 1 },
};

/*
 * Link each line of the range to the next one in the order: one cycle
 * through every line.  Then walk it once, untimed.
 */
static void
chase_build(struct state *s)
{
	size_t n = s->range / s->stride, i;

	if (s->order->shuffled)
		shuffle(s->lines, n);
	for (i = 0; i < n; i++) {
		size_t from = s->order->shuffled ? s->lines[i] : i;
		size_t to = s->order->shuffled ? s->lines[(i + 1) % n] : (i + 1) % n;

		*(void **)(s->buf + from * s->stride) = s->buf + to * s->stride;
	}
	s->cur = (void **)(s->buf + (s->order->shuffled ? s->lines[0] : 0) * s->stride);
	loop_chase(s, n);
}

/*
 * A parallel copy is a forked process sharing the parent's pages: its
 * loads would hit lines another copy brought in.  Each copy builds its
 * own chase.
 */
static int
copy_init(void *arg)
{
	struct state *s = arg;

	mem_free(s->buf);
	if ((s->buf = mem_alloc(s->range)) == NULL)
		return -1;
	chase_build(s);
	return 0;
}

/* lmbench's sizes: 512, 1K, 2K, 3K, 4K, 2K steps to 32K, then 8 per doubling. */
static size_t
next_range(size_t k)
{
	size_t pow2 = 32768;

	if (k < 1024)
		return 2 * k;
	if (k < 4096)
		return k + 1024;
	while (pow2 <= k)
		pow2 *= 2;
	return k + pow2 / 16;
}

static int
opt_order(int opt, const char *arg, void *ctx)
{
	size_t i;

	(void)arg;
	for (i = 0; i < HB_ARRAY_SIZE(orders); i++)
		if (orders[i].opt == opt)
			*(const struct order **)ctx = &orders[i];
	return 0;
}

static const struct order *chosen = &orders[0];

static const struct bench_prog prog = {
	.name = "lat_mem_rd",
	.args = "SIZE_MB [STRIDE...]",
	.summary = "lat_mem_rd: memory load latency in ns per load, by size",
	.optstring = "t",
	.opthelp = "  -t           random order (defeats prefetchers); default: address order\n",
	.option = opt_order,
	.ctx = &chosen,
	.min_args = 1,
	.max_args = 1 + MAX_STRIDES,
};

int
main(int argc, char **argv)
{
	const uint64_t max_size = sizeof(size_t) > 4 ? (uint64_t)1 << 40 : (uint64_t)1 << 30;
	struct bench_opts o, run;
	struct state s;
	size_t strides[MAX_STRIDES], nstrides = 0, nsizes = 0, i, r;
	uint64_t size, avail;
	double sample;
	int ai = bench_init(&o, &prog, argc, argv);
	const char *sa = argv[ai];

	/* lmbench's SIZE_MB is a number of megabytes; a suffix gives bytes. */
	if (sa[0] != '\0' && strspn(sa, "0123456789") == strlen(sa))
		size = (uint64_t)bench_arg_int(&prog, "SIZE_MB", sa, 1,
					       (long long)(max_size >> 20)) << 20;
	else
		size = bench_arg_size(&prog, "SIZE_MB", sa, MIN_RANGE, max_size);
	for (i = ai + 1; i < (size_t)argc; i++) {
		uint64_t st = bench_arg_size(&prog, "STRIDE", argv[i], sizeof(void *), size);

		if (st % sizeof(void *) != 0)
			bench_usage_error(&prog, "STRIDE: value '%s' is not a multiple of the pointer size, %u",
					  argv[i], (unsigned)sizeof(void *));
		strides[nstrides++] = (size_t)st;
	}
	if (nstrides == 0)
		strides[nstrides++] = DEFAULT_STRIDE;
	for (i = 0; i < nstrides; i++)
		for (r = MIN_RANGE; r <= size; r = next_range(r))
			nsizes += r >= strides[i];

	memset(&s, 0, sizeof(s));
	s.order = chosen;
	avail = sysinfo_mem_available();
	if (avail > 0 && size > avail)
		msg_die("SIZE_MB %s: needs %llu bytes; %llu bytes of memory are available",
			sa, (unsigned long long)size, (unsigned long long)avail);
	if ((s.buf = mem_alloc((size_t)size)) == NULL)
		msg_sysdie("SIZE_MB %s: cannot allocate %llu bytes", sa, (unsigned long long)size);
	if (s.order->shuffled) {
		size_t most = (size_t)size / strides[0];

		for (i = 1; i < nstrides; i++)
			if (size / strides[i] > most)
				most = (size_t)size / strides[i];
		if ((s.lines = malloc(most * sizeof(*s.lines))) == NULL)
			msg_sysdie("cannot allocate the order of %zu lines", most);
	}

	run = o;
	sample = WALK_BUDGET_NS / ((double)nsizes * o.reps);
	if (sample < SAMPLE_FLOOR_NS)
		sample = SAMPLE_FLOOR_NS;
	if (sample < (double)run.sample_ns)
		run.sample_ns = (uint64_t)sample;

	for (i = 0; i < nstrides; i++) {
		for (r = MIN_RANGE; r <= size; r = next_range(r)) {
			char name[OUTPUT_MAX_NAME], sz[32];
			struct bench_case c;

			if (r < strides[i])
				continue;
			s.range = r;
			s.stride = strides[i];
			chase_build(&s);
			snprintf(name, sizeof(name), "LatMemRd/order=%s/stride=%zu/size=%s",
				 s.order->name, s.stride, mem_size_name(sz, sizeof(sz), r));
			memset(&c, 0, sizeof(c));
			c.name = name;
			c.loop = loop_chase;
			c.arg = &s;
			c.copy_init = copy_init;
			if (bench_run(&run, &prog, &c) != 0)
				return MSG_EXIT_FAIL;
		}
	}
	return MSG_EXIT_OK;
}
