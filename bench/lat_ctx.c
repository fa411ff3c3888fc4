/*
 * lat_ctx: context switch time, in ns per switch, of N processes passing a
 * token around a ring of pipes, each summing its own SIZE-byte array.
 *
 * One iteration is one hand-off: a process wakes on its pipe, sums its
 * array, writes the token to the next one and sleeps.  The same work
 * without a switch (one process writing and reading its own pipes, summing
 * its array) is timed apart and subtracted, as lmbench did.  The ring is
 * built, pinned (all on one CPU, or spread round-robin) and killed outside
 * the timing, once per N and placement.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/msg.h"
#include "core/parse.h"
#include "driver/bench.h"
#include "host/memory.h"
#include "place/place_main.h"

#define MAX_PROCS 256
#define DIED UINT64_MAX		/* on the done pipe: a ring process died */

struct ring {
	char **args;		/* the N arguments, one case each */
	size_t nargs;
	size_t nlongs;		/* each process's array, in longs */
	long *array;		/* the parent's, for the overhead loop */
	int nprocs;		/* the parent is process 0, the ring 1..N */
	int inject, done[2];	/* parent -> first; last holder -> parent */
	int ovh[MAX_PROCS][2];	/* the overhead loop's own pipes */
};

static volatile int died_fd = -1;

/*
 * Four sums, so that the loads, not a chain of additions, set the pace:
 * the array is there to be fetched, like lmbench's unrolled sum.
 */
static long
sum_array(const long *a, size_t n)
{
	long s0 = 0, s1 = 0, s2 = 0, s3 = 0;
	size_t i;

	for (i = 0; i + 4 <= n; i += 4)
		s0 += a[i], s1 += a[i + 1], s2 += a[i + 2], s3 += a[i + 3];
	for (; i < n; i++)
		s0 += a[i];
	return s0 + s1 + s2 + s3;
}

/* A ring process died: wake the parent's read of the done pipe. */
static void
on_child(int sig)
{
	int saved = errno;
	uint64_t m = DIED;

	(void)sig;
	if (died_fd >= 0)
		(void)!write(died_fd, &m, sizeof(m));
	errno = saved;
}

static HB_NORETURN void
ring_process(const struct ring *r, int idx, int in, int out)
{
	long *a = r->nlongs > 0 ? malloc(r->nlongs * sizeof(long)) : NULL, sum = 0;
	uint64_t k;
	size_t i;

	/* Written here, after fork: the pages are this process's own. */
	if (r->nlongs > 0 && a == NULL)
		msg_syswarn("ring process %d", idx), _exit(1);
	for (i = 0; i < r->nlongs; i++)
		a[i] = (long)i;
	for (;;) {
		ssize_t got = read(in, &k, sizeof(k));

		if (got != (ssize_t)sizeof(k)) {
			if (got < 0 && errno == EINTR)
				continue;
			_exit(got == 0 ? 0 : 1);
		}
		sum += sum_array(a, r->nlongs);
		HB_USE(sum);
		/* The token counts the hand-offs left; at 0 it goes home. */
		got = k > 0 ? (k--, write(out, &k, sizeof(k))) : write(r->done[1], &k, sizeof(k));
		if (got != (ssize_t)sizeof(k)) {
			if (errno != EPIPE)	/* EPIPE: a neighbour died; the parent tells */
				msg_syswarn("ring process %d: write", idx);
			_exit(1);
		}
	}
}

/* n hand-offs: the parent's write, n - 2 forwarded, the last one home. */
static int
do_ring(void *arg, uint64_t n)
{
	const struct ring *r = arg;
	uint64_t k = n >= 2 ? n - 2 : 0;

	if (write(r->inject, &k, sizeof(k)) != (ssize_t)sizeof(k))
		return -1;
	while (read(r->done[0], &k, sizeof(k)) != (ssize_t)sizeof(k))
		if (errno != EINTR)
			return -1;
	if (k == DIED) {
		msg_warn("a ring process died");
		errno = ECHILD;
		return -1;
	}
	HB_USE(sum_array(r->array, r->nlongs));
	return 0;
}

/* A hand-off's work without the switch, over as many pipes: lmbench's overhead. */
static int
do_overhead(void *arg, uint64_t n)
{
	const struct ring *r = arg;
	uint64_t k = 0;
	long sum = 0;
	int i = 0;

	while (n-- > 0) {
		if (write(r->ovh[i][1], &k, sizeof(k)) != (ssize_t)sizeof(k) ||
		    read(r->ovh[i][0], &k, sizeof(k)) != (ssize_t)sizeof(k))
			return -1;
		sum += sum_array(r->array, r->nlongs);
		i = i + 1 < r->nprocs ? i + 1 : 0;
	}
	HB_USE(sum);
	return 0;
}

/* The ring's pipes (in ovh until the forks) and the done pipe. */
static void
ring_open(void *arg)
{
	struct ring *r = arg;
	int i;

	if (pipe(r->done) != 0)
		msg_sysdie("pipe");
	for (i = 0; i < r->nprocs; i++)
		if (pipe(r->ovh[i]) != 0)
			msg_sysdie("pipe");
}

/* Ring process idx - 1 reads its own pipe and writes the next one's. */
static HB_NORETURN void
ring_partner(void *arg, unsigned idx)
{
	struct ring *r = arg;
	int (*p)[2] = r->ovh, i = (int)idx - 1, j;

	for (j = 0; j < r->nprocs; j++) {
		if (j != i)
			close(p[j][0]);
		if (j != (i + 1) % r->nprocs)
			close(p[j][1]);
	}
	close(r->done[0]);
	ring_process(r, i, p[i][0], p[(i + 1) % r->nprocs][1]);
}

static void
ring_ready(void *arg)
{
	struct ring *r = arg;
	int (*p)[2] = r->ovh, i;

	r->inject = p[0][1];
	for (i = 0; i < r->nprocs; i++) {
		close(p[i][0]);
		if (i > 0)
			close(p[i][1]);
	}
	died_fd = r->done[1];
	/* Once around: every process has started, pinned and filled its array. */
	if (do_ring(r, (uint64_t)r->nprocs + 1) != 0)
		msg_sysdie("ring of %d processes", r->nprocs);
	for (i = 0; i < r->nprocs; i++)
		if (pipe(r->ovh[i]) != 0)
			msg_sysdie("pipe");
}

static void
ring_stop(void *arg)
{
	struct ring *r = arg;
	int i;

	died_fd = -1;
	place_kill_children();
	for (i = 0; i < r->nprocs; i++)
		close(r->ovh[i][0]), close(r->ovh[i][1]);
	close(r->inject), close(r->done[0]), close(r->done[1]);
}

static uint64_t size;

/*
 * -s: lmbench's KB, or a size with k, m or g.  A bare number is parsed
 * as such, so that a message quotes the value as it was typed.
 */
static void
size_then(const struct bench_prog *p, int letter, const char *arg, void *ctx)
{
	size_t n = strlen(arg);

	(void)letter, (void)ctx;
	if (n > 0 && arg[n - 1] >= '0' && arg[n - 1] <= '9')
		size = (uint64_t)bench_arg_int(p, "-s (KB)", arg, 0, 1 << 20) << 10;
	else
		size = bench_arg_size(p, "-s", arg, 0, 1u << 30);
	if (size % sizeof(long) != 0)
		bench_usage_error(p, "-s: value '%s' is not a whole number of words", arg);
}

static const struct bench_opt opts[] = {
	{ 's', BENCH_OPT_CALL, "KB", 0, 0, 0, NULL, 0, "each process's array (lmbench: KB; default 0)",
	  size_then, NULL },
	PLACE_OPT,
};

static const struct bench_prog prog = {
	.name = "lat_ctx",
	.args = "N...",
	.summary = "lat_ctx: context switch time of N processes in a ring, in ns per switch",
	.min_args = 1,
	.max_args = -1,
	.opts = opts,
	.nopts = HB_ARRAY_SIZE(opts),
	.max_parallel = 1,
	.why_parallel = "each copy would need its own ring",
};

/* Once: the parent's array; a ring process's death wakes the parent. */
static void
setup(void *arg, const struct bench_opts *o, struct place_case *c)
{
	struct ring *r = arg;

	(void)o, (void)c;
	signal(SIGCHLD, on_child);
	r->nlongs = (size_t)size / sizeof(long);
	r->array = calloc(r->nlongs + 1, sizeof(long));
	if (r->array == NULL)
		msg_sysdie("malloc");
}

/* Case i: a ring of the i-th N processes. */
static int
next(void *arg, size_t i, struct place_case *c)
{
	struct ring *r = arg;
	char sz[32];

	if (i >= r->nargs)
		return 0;
	r->nprocs = (int)bench_arg_int(&prog, "N", r->args[i], 2, MAX_PROCS);
	c->partners = (unsigned)r->nprocs;
	output_size_name(sz, sizeof(sz), size);
	snprintf(c->name, sizeof(c->name), "LatCtx/size=%s/procs=%d", size == 0 ? "0K" : sz, r->nprocs);
	return 1;
}

static struct ring ring;

static const struct place_prog pp = {
	.bench = &prog,
	.name = "LatCtx",
	.config_pinned = 1,
	.arg = &ring,
	.setup = setup,
	.next = next,
	.open = ring_open,
	.partner = ring_partner,
	.ready = ring_ready,
	.loop = do_ring,
	.overhead = do_overhead,
	.close = ring_stop,
};

int
main(int argc, char **argv)
{
	struct bench_opts o;
	int ai = bench_init(&o, &prog, argc, argv);

	ring.args = argv + ai;
	ring.nargs = (size_t)(argc - ai);
	return place_main(&pp, &o);
}
