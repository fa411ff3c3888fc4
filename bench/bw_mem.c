/*
 * bw_mem: memory bandwidth of reading, writing and copying a buffer, in
 * MB/s (10^6 bytes per second).
 *
 * One iteration is one pass over the SIZE-byte buffer, touching every
 * byte it counts; SIZE bytes are counted per pass for every operation
 * (for copies: the bytes copied, as lmbench did).  The buffers are
 * allocated page-aligned and written once before timing.  A SIZE whose
 * buffers would take more than half the memory the process may get
 * (mem_fit) is reduced, and the result name carries the size used.
 *
 * What it measures is the memory's bandwidth only when each buffer is at
 * least 4 times the last-level cache (STREAM's rule, per buffer: the two
 * of a copy each; lib/host/memory's mem_llc, recorded as "llc:"): below that the
 * caches hold part or all of it, and the result name says so with
 * "/in=cache" (BwMem/op=rd/size=8M/in=cache), a measurement of its own.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/metric.h"
#include "core/msg.h"
#include "driver/bench.h"
#include "host/memory.h"

/*
 * SIZE must fill whole blocks of the unrolled loops (8 words: 64 bytes
 * on 64-bit systems), so that a pass touches exactly the bytes counted.
 */
#define BLOCK 64
#define MIN_SIZE 512

struct state {
	unsigned char *src, *dst;	/* dst: copies only */
	size_t len;
	unsigned bufs;
};

/*
 * The loops move whole machine words (size_t) or, for lmbench's f*
 * variants, 4-byte ints, eight per trip.  The reads go to eight
 * independent accumulators so that memory, not a chain of additions,
 * sets the pace; the compiler may turn them into vector code.  HB_USE
 * after each pass keeps the result alive and, being a memory barrier,
 * stops the compiler from merging passes.  A write pass stores a value
 * that changes from pass to pass, so no pass repeats the previous one.
 */
#define READ_LOOP(fn, T)						\
static int								\
fn(void *arg, uint64_t n)						\
{									\
	const struct state *s = arg;					\
	const T *end = (const T *)(s->src + s->len);			\
									\
	while (n-- > 0) {						\
		const T *p = (const T *)s->src;				\
		T a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0, a6 = 0, a7 = 0; \
									\
		for (; p < end; p += 8) {				\
			a0 += p[0]; a1 += p[1]; a2 += p[2]; a3 += p[3];	\
			a4 += p[4]; a5 += p[5]; a6 += p[6]; a7 += p[7];	\
		}							\
		HB_USE(a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7);		\
	}								\
	return 0;							\
}

#define WRITE_LOOP(fn, T)						\
static int								\
fn(void *arg, uint64_t n)						\
{									\
	const struct state *s = arg;					\
	T *end = (T *)(s->src + s->len);				\
									\
	while (n-- > 0) {						\
		T *p = (T *)s->src, v = (T)n;				\
									\
		for (; p < end; p += 8) {				\
			p[0] = v; p[1] = v; p[2] = v; p[3] = v;		\
			p[4] = v; p[5] = v; p[6] = v; p[7] = v;		\
		}							\
		HB_USE(p);						\
	}								\
	return 0;							\
}

#define COPY_LOOP(fn, T)						\
static int								\
fn(void *arg, uint64_t n)						\
{									\
	const struct state *s = arg;					\
	const T *end = (const T *)(s->src + s->len);			\
									\
	while (n-- > 0) {						\
		const T *p = (const T *)s->src;				\
		T *d = (T *)s->dst;					\
									\
		for (; p < end; p += 8, d += 8) {			\
			d[0] = p[0]; d[1] = p[1]; d[2] = p[2]; d[3] = p[3]; \
			d[4] = p[4]; d[5] = p[5]; d[6] = p[6]; d[7] = p[7]; \
		}							\
		HB_USE(d);						\
	}								\
	return 0;							\
}

READ_LOOP(loop_rd, size_t)
READ_LOOP(loop_frd, uint32_t)
WRITE_LOOP(loop_wr, size_t)
WRITE_LOOP(loop_fwr, uint32_t)
COPY_LOOP(loop_cp, size_t)
COPY_LOOP(loop_fcp, uint32_t)

static int
loop_rdwr(void *arg, uint64_t n)
{
	const struct state *s = arg;
	size_t *end = (size_t *)(s->src + s->len);

	while (n-- > 0) {
		size_t *p = (size_t *)s->src;

		for (; p < end; p += 8) {
			p[0] += 1; p[1] += 1; p[2] += 1; p[3] += 1;
			p[4] += 1; p[5] += 1; p[6] += 1; p[7] += 1;
		}
		HB_USE(p);
	}
	return 0;
}

static int
loop_bzero(void *arg, uint64_t n)
{
	const struct state *s = arg;

	while (n-- > 0) {
		memset(s->src, 0, s->len);
		HB_USE(s->src);
	}
	return 0;
}

static int
loop_bcopy(void *arg, uint64_t n)
{
	const struct state *s = arg;

	while (n-- > 0) {
		memmove(s->dst, s->src, s->len);
		HB_USE(s->dst);
	}
	return 0;
}

/* Allocate (and so map and write) the buffers.  Returns 0 or -1 (errno). */
static int
buffers_alloc(struct state *s)
{
	s->src = mem_alloc(s->len);
	if (s->src == NULL)
		return -1;
	if (s->bufs > 1 && (s->dst = mem_alloc(s->len)) == NULL) {
		mem_free(s->src);
		s->src = NULL;
		return -1;
	}
	return 0;
}

/*
 * A parallel copy is a forked process that would share the parent's
 * pages (copy-on-write): reads would share cache lines and the first
 * writes would fault inside the timed loop.  Each copy gets its own.
 */
static int
copy_init(void *arg)
{
	struct state *s = arg;

	mem_free(s->src);
	mem_free(s->dst);
	s->src = s->dst = NULL;
	return buffers_alloc(s);
}

static const struct variant {
	const char *op;
	timing_loop_fn loop;
	unsigned bufs;		/* buffers of SIZE bytes: 2 for copies */
	unsigned counted;	/* bytes counted per pass, in units of SIZE */
} variants[] = {
	{ "rd", loop_rd, 1, 1 },
	{ "wr", loop_wr, 1, 1 },
	{ "rdwr", loop_rdwr, 1, 1 },
	{ "cp", loop_cp, 2, 1 },
	{ "frd", loop_frd, 1, 1 },
	{ "fwr", loop_fwr, 1, 1 },
	{ "fcp", loop_fcp, 2, 1 },
	{ "bzero", loop_bzero, 1, 1 },
	{ "bcopy", loop_bcopy, 2, 1 },
};

static const struct bench_prog prog = {
	.name = "bw_mem",
	.args = "SIZE rd|wr|rdwr|cp|frd|fwr|fcp|bzero|bcopy",
	.summary = "bw_mem: memory read, write and copy bandwidth in MB/s (10^6 bytes/s)",
	.min_args = 2,
	.max_args = 2,
};

int
main(int argc, char **argv)
{
	/* 32-bit systems cannot map two buffers of more than 1 GB anyway. */
	const uint64_t max_size = sizeof(size_t) > 4 ? (uint64_t)1 << 40 : (uint64_t)1 << 30;
	struct bench_opts o;
	/* static: its buffers stay reachable until exit, on every path. */
	static struct state s;
	const struct variant *v = NULL;
	char name[OUTPUT_MAX_NAME], sz[32], ops[128] = "", why[256];
	static const uint64_t units[] = { 1 << 20, 1 << 10, BLOCK };
	struct bench_case c;
	struct mem_llc llc;
	uint64_t size, got;
	unsigned nbufs;
	size_t i;
	int ai = bench_init(&o, &prog, argc, argv);

	size = bench_arg_size(&prog, "SIZE", argv[ai], MIN_SIZE, max_size);
	if (size % BLOCK != 0)
		bench_usage_error(&prog, "SIZE: value '%s' is not a multiple of %d bytes",
				  argv[ai], BLOCK);
	for (i = 0; i < HB_ARRAY_SIZE(variants); i++) {
		if (strcmp(argv[ai + 1], variants[i].op) == 0)
			v = &variants[i];
		snprintf(ops + strlen(ops), sizeof(ops) - strlen(ops), "%s%s",
			 i > 0 ? ", " : "", variants[i].op);
	}
	if (v == NULL)
		bench_usage_error(&prog, "unknown operation '%s'; allowed: %s",
				  argv[ai + 1], ops);

	if (mem_llc(&llc) != 0)
		bench_usage_error(&prog, "%s", mem_llc_env_error(why, sizeof(why)));

	memset(&s, 0, sizeof(s));
	s.bufs = v->bufs;
	/* Parallel copies each allocate their own, while the parent keeps its. */
	nbufs = s.bufs * (o.parallel > 1 ? o.parallel + 1 : 1);
	/* The size used is a whole number of MB, else of KB, else of blocks. */
	for (i = 0, got = 0; got == 0 && i < HB_ARRAY_SIZE(units); i++)
		got = mem_fit(size, nbufs, MIN_SIZE, units[i]);
	if (got == 0)
		msg_die("SIZE %s: not even %d bytes per buffer fit in %d%% of the %llu bytes of memory available",
			argv[ai], MIN_SIZE, MEM_SHARE_PCT, (unsigned long long)mem_available());
	bench_print_config(&o, &prog);
	if (got < size) {
		mem_report_reduced(o.output == OUTPUT_RAW ? stdout : NULL, prog.name, "SIZE",
				   size, got);
		size = got;
	}
	s.len = (size_t)size;
	if (buffers_alloc(&s) != 0)
		msg_sysdie("SIZE %s: cannot allocate %u buffer(s) of %llu bytes", argv[ai], s.bufs,
			   (unsigned long long)size);

	if (o.output == OUTPUT_RAW)
		output_config(stdout, "llc", "%s", mem_llc_name(why, sizeof(why), &llc));
	/* Each copy runs on buffers of its own: -P copies use up to P caches. */
	snprintf(name, sizeof(name), "BwMem/op=%s/size=%s%s", v->op,
		 output_size_name(sz, sizeof(sz), size),
		 mem_cache_sized(&llc, o.parallel > 1 ? o.parallel : 1, size)
		 ? "/" METRIC_CACHE_PART : "");
	memset(&c, 0, sizeof(c));
	c.name = name;
	c.loop = v->loop;
	c.arg = &s;
	c.bytes_per_op = (double)size * v->counted;
	c.copy_init = copy_init;
	return bench_exit_code(bench_run(&o, &prog, &c) == 0 ? MSG_EXIT_OK : MSG_EXIT_FAIL);
}
