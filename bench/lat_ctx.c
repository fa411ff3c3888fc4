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
 *
 * usage: lat_ctx [options] [-s KB] [-p one|spread|both|unpinned] N...
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "mem.h"
#include "msg.h"
#include "parse.h"
#include "place.h"

#define MAX_PROCS 256
#define DIED UINT64_MAX		/* on the done pipe: a ring process died */

struct ring {
	size_t nlongs;		/* each process's array, in longs */
	long *array;		/* the parent's, for the overhead loop */
	int nprocs;
	const struct place *pl;	/* the parent is process 0, the ring 1..N */
	enum place_kind kind;
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

static void
ring_start(struct ring *r)
{
	int (*p)[2] = r->ovh, i, j;	/* the ring's pipes, until fork */

	if (pipe(r->done) != 0)
		msg_sysdie("pipe");
	for (i = 0; i < r->nprocs; i++)
		if (pipe(p[i]) != 0)
			msg_sysdie("pipe");
	fflush(NULL);
	for (i = 0; i < r->nprocs; i++) {
		pid_t pid = place_fork(r->pl, r->kind, (unsigned)i + 1);

		if (pid < 0)
			msg_sysdie("fork");
		if (pid > 0)
			continue;
		for (j = 0; j < r->nprocs; j++) {
			if (j != i)
				close(p[j][0]);
			if (j != (i + 1) % r->nprocs)
				close(p[j][1]);
		}
		close(r->done[0]);
		ring_process(r, i, p[i][0], p[(i + 1) % r->nprocs][1]);
	}
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
ring_stop(struct ring *r)
{
	int i;

	died_fd = -1;
	place_kill_children();
	for (i = 0; i < r->nprocs; i++)
		close(r->ovh[i][0]), close(r->ovh[i][1]);
	close(r->inject), close(r->done[0]), close(r->done[1]);
}

static unsigned want;		/* PLACE_BIT()s; 0: the default */
static uint64_t size;

static int
own_option(int opt, const char *arg, void *ctx)
{
	char kb[PARSE_ERRLEN];
	size_t n = strlen(arg);

	if (opt == 's') {	/* lmbench: KB; a suffix k, m or g may say otherwise */
		/* A bare number is parsed as such, so that a message quotes
		 * the value as it was typed. */
		if (n > 0 && arg[n - 1] >= '0' && arg[n - 1] <= '9')
			size = (uint64_t)bench_arg_int(ctx, "-s (KB)", arg, 0, 1 << 20) << 10;
		else
			size = bench_arg_size(ctx, "-s", arg, 0, 1u << 30);
		if (size % sizeof(long) != 0)
			bench_usage_error(ctx, "-s: value '%s' is not a whole number of words", arg);
		return 0;
	}
	if (place_parse("-p", arg, &want, kb, sizeof(kb)) != 0)
		bench_usage_error(ctx, "%s", kb);
	return 0;
}

static struct bench_prog prog = {
	.name = "lat_ctx",
	.args = "N...",
	.summary = "lat_ctx: context switch time of N processes in a ring, in ns per switch",
	.optstring = "s:p:",
	.opthelp = "  -s KB        each process's array (lmbench: KB; default 0)\n"
		   PLACE_OPTHELP,
	.option = own_option,
	.ctx = &prog,
	.min_args = 1,
	.max_args = -1,
};

int
main(int argc, char **argv)
{
	static struct ring r;
	static struct place pl;
	struct bench_opts o;
	enum place_kind kinds[PLACE_COUNT];
	char sz[32], name[OUTPUT_MAX_NAME], err[PARSE_ERRLEN];
	size_t nk, ki;
	int ai = bench_init(&o, &prog, argc, argv), i;

	if (o.parallel > 1)
		bench_usage_error(&prog, "-P: value '%u' is not supported: each copy would need its own ring; allowed: 1",
				  o.parallel);
	for (i = ai; i < argc; i++)
		bench_arg_int(&prog, "N", argv[i], 2, MAX_PROCS);
	if (place_init(&pl, want, err, sizeof(err)) != 0)
		msg_exit(MSG_EXIT_UNSUPPORTED, "%s", err);
	nk = place_list(&pl, kinds, PLACE_COUNT);
	signal(SIGPIPE, SIG_IGN);
	signal(SIGCHLD, on_child);
	r.nlongs = (size_t)size / sizeof(long);
	r.array = calloc(r.nlongs + 1, sizeof(long));
	if (r.array == NULL)
		msg_sysdie("malloc");
	r.pl = &pl;
	mem_size_name(sz, sizeof(sz), size);
	for (; ai < argc; ai++)
		for (ki = 0; ki < nk; ki++) {
			struct bench_case c;

			r.nprocs = (int)bench_arg_int(&prog, "N", argv[ai], 2, MAX_PROCS);
			r.kind = kinds[ki];
			if (place_pin(&pl, r.kind, 0) != 0)
				msg_sysdie("cannot pin to CPU %d", pl.cpus[0]);
			if (o.output == OUTPUT_RAW) {
				bench_print_config(&o, &prog);
				place_print_config(stdout, &pl, r.kind);
			}
			ring_start(&r);
			snprintf(name, sizeof(name), "LatCtx/size=%s/procs=%d/%s",
				 size == 0 ? "0K" : sz, r.nprocs, place_name_part(r.kind));
			memset(&c, 0, sizeof(c));
			c.name = name;
			c.loop = do_ring;
			c.overhead = do_overhead;
			c.arg = &r;
			if (bench_run(&o, &prog, &c) != 0)
				return MSG_EXIT_FAIL;
			ring_stop(&r);
			if (place_restore(&pl) != 0)
				msg_sysdie("cannot restore the CPU affinity");
		}
	return MSG_EXIT_OK;
}
