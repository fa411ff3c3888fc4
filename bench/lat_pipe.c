/*
 * lat_pipe: round trip of a one-byte token between two processes through
 * two pipes, in ns per round trip.
 *
 * One iteration: the parent writes the byte into one pipe and reads it
 * back from the other, which the child echoes it into.  The pipes and the
 * child are made, pinned (both on one CPU, or spread over two) and killed
 * outside the timing, once per placement.
 *
 * usage: lat_pipe [options] [-p one|spread|both|unpinned]
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "msg.h"
#include "parse.h"
#include "place.h"

struct state {
	int wr, rd;		/* the parent's ends: to the child, from it */
};

/* Move exactly n bytes (a short transfer or EINTR continues); EOF is EPIPE. */
static int
move(int fd, char *buf, size_t n, int out)
{
	while (n > 0) {
		ssize_t got = out ? write(fd, buf, n) : read(fd, buf, n);

		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0) {
			if (got == 0)
				errno = EPIPE;
			return -1;
		}
		buf += got, n -= (size_t)got;
	}
	return 0;
}

static int
do_roundtrip(void *arg, uint64_t n)
{
	const struct state *s = arg;
	char c = 'x';

	while (n-- > 0)
		if (move(s->wr, &c, 1, 1) != 0 || move(s->rd, &c, 1, 0) != 0)
			return -1;
	HB_USE(c);
	return 0;
}

/* The child echoes until the parent closes its end. */
static HB_NORETURN void
echo(int rd, int wr)
{
	char c;

	for (;;) {
		ssize_t got = read(rd, &c, 1);

		if (got < 0 && errno == EINTR)
			continue;
		if (got != 1)
			_exit(got == 0 ? 0 : 1);
		if (move(wr, &c, 1, 1) != 0)
			_exit(errno == EPIPE ? 0 : 1);
	}
}

static void
start(struct state *s, const struct place *pl, enum place_kind k)
{
	int to[2], from[2];
	pid_t pid;

	if (pipe(to) != 0 || pipe(from) != 0)
		msg_sysdie("pipe");
	fflush(NULL);
	pid = place_fork(pl, k, 1);
	if (pid < 0)
		msg_sysdie("fork");
	if (pid == 0) {
		close(to[1]), close(from[0]);
		echo(to[0], from[1]);
	}
	/* Only the child holds these: its death is EOF or EPIPE here. */
	close(to[0]), close(from[1]);
	s->wr = to[1];
	s->rd = from[0];
	/* Once around: the child runs and is pinned. */
	if (do_roundtrip(s, 1) != 0)
		msg_sysdie("the first round trip");
}

static void
stop(struct state *s)
{
	close(s->wr), close(s->rd);
	place_kill_children();
}

static unsigned mask;		/* -p; 0: the default */

static int
own_option(int opt, const char *arg, void *ctx)
{
	char err[PARSE_ERRLEN];

	(void)opt;
	if (place_parse("-p", arg, &mask, err, sizeof(err)) != 0)
		bench_usage_error(ctx, "%s", err);
	return 0;
}

static struct bench_prog prog = {
	.name = "lat_pipe",
	.args = "",
	.summary = "lat_pipe: pipe round trip between two processes, in ns",
	.optstring = "p:",
	.opthelp = PLACE_OPTHELP,
	.option = own_option,
	.ctx = &prog,
	.min_args = 0,
	.max_args = 0,
};

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct place pl;
	struct state s;
	enum place_kind kinds[PLACE_COUNT];
	char name[OUTPUT_MAX_NAME], err[PARSE_ERRLEN];
	size_t i, nk;

	bench_init(&o, &prog, argc, argv);
	if (o.parallel > 1)
		bench_usage_error(&prog, "-P: value '%u' is not supported: copies would share one partner; allowed: 1",
				  o.parallel);
	if (place_init(&pl, mask, err, sizeof(err)) != 0)
		msg_exit(MSG_EXIT_UNSUPPORTED, "%s", err);
	/* A dead partner is EPIPE on write, not a signal that kills us. */
	signal(SIGPIPE, SIG_IGN);
	bench_print_config(&o, &prog);
	nk = place_list(&pl, kinds, PLACE_COUNT);
	for (i = 0; i < nk; i++) {
		struct bench_case c;

		if (place_pin(&pl, kinds[i], 0) != 0)
			msg_sysdie("cannot pin to CPU %d", pl.cpus[0]);
		if (o.output == OUTPUT_RAW) {
			bench_print_config(&o, &prog);
			place_print_config(stdout, &pl, kinds[i]);
		}
		start(&s, &pl, kinds[i]);
		snprintf(name, sizeof(name), "LatPipe/%s", place_name_part(kinds[i]));
		memset(&c, 0, sizeof(c));
		c.name = name;
		c.loop = do_roundtrip;
		c.arg = &s;
		if (bench_run(&o, &prog, &c) != 0)
			return MSG_EXIT_FAIL;
		stop(&s);
		if (place_restore(&pl) != 0)
			msg_sysdie("cannot restore the CPU affinity");
	}
	return MSG_EXIT_OK;
}
