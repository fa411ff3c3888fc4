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
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "bench.h"
#include "mem.h"
#include "msg.h"
#include "parse.h"
#include "sysinfo.h"

#define MAX_PROCS 256
#define DIED UINT64_MAX		/* on the done pipe: a ring process died */

struct ring {
	size_t nlongs;		/* each process's array, in longs */
	long *array;		/* the parent's, for the overhead loop */
	int nprocs;
	const int *cpus;	/* process i's CPU is cpus[i % ncpus]; NULL: unpinned */
	size_t ncpus;
	int inject, done[2];	/* parent -> process 0; last holder -> parent */
	int ovh[MAX_PROCS][2];	/* the overhead loop's own pipes */
};

static pid_t kids[MAX_PROCS], owner;
static volatile int died_fd = -1;

static long
sum_array(const long *a, size_t n)
{
	long s = 0;

	while (n-- > 0)
		s += a[n];
	return s;
}

static void
kill_kids(void)
{
	size_t i;

	if (getpid() != owner)
		return;
	died_fd = -1;
	for (i = 0; i < MAX_PROCS; i++)
		if (kids[i] > 0)
			kill(kids[i], SIGKILL);
	for (i = 0; i < MAX_PROCS; i++)
		if (kids[i] > 0)
			waitpid(kids[i], NULL, 0), kids[i] = 0;
}

static void
on_signal(int sig)
{
	int saved = errno;
	uint64_t m = DIED;

	if (sig == SIGCHLD) {	/* wake the parent's read of the done pipe */
		if (died_fd >= 0)
			(void)!write(died_fd, &m, sizeof(m));
	} else if (sig == SIGALRM) {	/* a ring process without a death signal */
		if (getppid() != owner)
			_exit(1);
		alarm(1);
	} else {
		kill_kids();
		signal(sig, SIG_DFL);
		raise(sig);
	}
	errno = saved;
}

static HB_NORETURN void
ring_process(const struct ring *r, int idx, int in, int out)
{
	long *a = r->nlongs > 0 ? malloc(r->nlongs * sizeof(long)) : NULL, sum = 0;
	uint64_t k;
	size_t i;

	signal(SIGTERM, SIG_DFL), signal(SIGINT, SIG_DFL), signal(SIGHUP, SIG_DFL);
#ifdef __linux__
	prctl(PR_SET_PDEATHSIG, SIGKILL);
#else
	signal(SIGALRM, on_signal), alarm(1);
#endif
	if (getppid() != owner)
		_exit(1);
	if (r->cpus != NULL && bench_pin(&r->cpus[(size_t)idx % r->ncpus], 1) != 0)
		msg_syswarn("ring process %d: cannot pin", idx), _exit(1);
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
		if ((kids[i] = fork()) < 0)
			msg_sysdie("fork");
		if (kids[i] > 0)
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

	kill_kids();
	for (i = 0; i < r->nprocs; i++)
		close(r->ovh[i][0]), close(r->ovh[i][1]);
	close(r->inject), close(r->done[0]), close(r->done[1]);
}

static const struct placement {
	const char *name;
	int pinned, spread;
} placements[] = {
	{ "one", 1, 0 },	/* every switch stays on one CPU */
	{ "spread", 1, 1 },	/* process i on CPU i mod ncpus */
	{ "unpinned", 0, 0 },	/* where the scheduler puts them */
};

static unsigned want;		/* bit i: placements[i] */
static uint64_t size;

static int
own_option(int opt, const char *arg, void *ctx)
{
	char kb[PARSE_ERRLEN];
	size_t i, n = strlen(arg);

	if (opt == 's') {	/* lmbench: KB; a suffix k, m or g may say otherwise */
		snprintf(kb, sizeof(kb), "%s%s", arg, n > 0 && arg[n - 1] >= '0' && arg[n - 1] <= '9' ? "k" : "");
		size = bench_arg_size(ctx, "-s", kb, 0, 1u << 30);
		if (size % sizeof(long) != 0)
			bench_usage_error(ctx, "-s: value '%s' is not a whole number of words", arg);
		return 0;
	}
	want = strcmp(arg, "both") == 0 ? 3 : 0;
	for (i = 0; i < HB_ARRAY_SIZE(placements); i++)
		if (strcmp(arg, placements[i].name) == 0)
			want = 1u << i;
	if (want == 0)
		bench_usage_error(ctx, "-p: value '%s' is not a placement; allowed: one, spread, both, unpinned", arg);
	return 0;
}

static struct bench_prog prog = {
	.name = "lat_ctx",
	.args = "N...",
	.summary = "lat_ctx: context switch time of N processes in a ring, in ns per switch",
	.optstring = "s:p:",
	.opthelp = "  -s KB        each process's array (lmbench: KB; default 0)\n"
		   "  -p where     one, spread, both (default with 2+ CPUs) or unpinned\n",
	.option = own_option,
	.ctx = &prog,
	.min_args = 1,
	.max_args = -1,
};

int
main(int argc, char **argv)
{
	static struct ring r;
	static int cpus[BENCH_MAX_CPUS];
	struct bench_opts o;
	char aff[OUTPUT_MAX_VALUE], sz[32], name[OUTPUT_MAX_NAME], err[PARSE_ERRLEN];
	size_t ncpus = 0, pi;
	int ai = bench_init(&o, &prog, argc, argv), i, can_pin;

	if (o.parallel > 1)
		bench_usage_error(&prog, "-P: value '%u' is not supported: each copy would need its own ring; allowed: 1",
				  o.parallel);
	for (i = ai; i < argc; i++)
		bench_arg_int(&prog, "N", argv[i], 2, MAX_PROCS);
	sysinfo_affinity(aff, sizeof(aff));
	if (parse_cpulist("cpus", aff, BENCH_MAX_CPUS - 1, cpus, BENCH_MAX_CPUS,
			  &ncpus, err, sizeof(err)) != 0)
		ncpus = 0;
	can_pin = ncpus > 0 && bench_pin(cpus, ncpus) == 0;
	if (want == 0)
		want = !can_pin ? 4 : ncpus > 1 ? 3 : 1;
	for (pi = 0; pi < HB_ARRAY_SIZE(placements); pi++)
		if ((want & 1u << pi) && placements[pi].pinned && !can_pin)
			msg_exit(MSG_EXIT_UNSUPPORTED, "placement %s: cannot pin processes to CPUs here",
				 placements[pi].name);
		else if ((want & 1u << pi) && placements[pi].spread && ncpus < 2)
			msg_exit(MSG_EXIT_UNSUPPORTED, "placement spread needs two CPUs; only CPU %s is available", aff);

	owner = getpid();
	signal(SIGPIPE, SIG_IGN), signal(SIGCHLD, on_signal);
	signal(SIGTERM, on_signal), signal(SIGINT, on_signal), signal(SIGHUP, on_signal);
	atexit(kill_kids);
	r.nlongs = (size_t)size / sizeof(long);
	r.array = calloc(r.nlongs + 1, sizeof(long));
	if (r.array == NULL)
		msg_sysdie("malloc");
	mem_size_name(sz, sizeof(sz), size);
	for (; ai < argc; ai++)
		for (pi = 0; pi < HB_ARRAY_SIZE(placements); pi++) {
			const struct placement *p = &placements[pi];
			struct bench_case c;

			if (!(want & 1u << pi))
				continue;
			r.nprocs = atoi(argv[ai]);
			r.cpus = p->pinned ? cpus : NULL;
			r.ncpus = p->spread ? ncpus : 1;
			/* The parent sits with process 0: its two switches are like the rest. */
			if (r.cpus != NULL && bench_pin(cpus, 1) != 0)
				msg_sysdie("cannot pin to CPU %d", cpus[0]);
			if (o.output == OUTPUT_RAW && r.cpus == NULL)
				output_config(stdout, "placement", "unpinned");
			else if (o.output == OUTPUT_RAW && p->spread)
				output_config(stdout, "placement", "spread, cpus %s round-robin", aff);
			else if (o.output == OUTPUT_RAW)
				output_config(stdout, "placement", "one, cpu %d", cpus[0]);
			ring_start(&r);
			snprintf(name, sizeof(name), "LatCtx/size=%s/procs=%d/placement=%s",
				 size == 0 ? "0K" : sz, r.nprocs, p->name);
			memset(&c, 0, sizeof(c));
			c.name = name;
			c.loop = do_ring;
			c.overhead = do_overhead;
			c.arg = &r;
			if (bench_run(&o, &prog, &c) != 0)
				return MSG_EXIT_FAIL;
			ring_stop(&r);
			if (r.cpus != NULL && bench_pin(cpus, ncpus) != 0)
				msg_sysdie("cannot restore the CPU affinity");
		}
	return MSG_EXIT_OK;
}
