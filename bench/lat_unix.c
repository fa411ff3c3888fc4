/*
 * lat_unix: round trip of a message between two processes over an
 * AF_UNIX stream socket pair, in ns per round trip.
 *
 * One iteration: the parent sends SIZE bytes (default 1) and reads SIZE
 * bytes back, which the child echoes once it has all of them.  The pair
 * and the child are made, pinned (both on one CPU, or spread over two)
 * and killed outside the timing, once per placement.
 *
 * usage: lat_unix [options] [-m SIZE] [-p one|spread|both|unpinned]
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bench.h"
#include "mem.h"
#include "msg.h"
#include "parse.h"
#include "place.h"

struct state {
	int fd;			/* the parent's end of the pair */
	char *buf;
	size_t size;
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

	while (n-- > 0)
		if (move(s->fd, s->buf, s->size, 1) != 0 ||
		    move(s->fd, s->buf, s->size, 0) != 0)
			return -1;
	HB_USE(s->buf[0]);
	return 0;
}

/* The child echoes whole messages until the parent closes its end. */
static HB_NORETURN void
echo(const struct state *s, int fd)
{
	for (;;) {
		if (move(fd, s->buf, s->size, 0) != 0)
			_exit(errno == EPIPE ? 0 : 1);
		if (move(fd, s->buf, s->size, 1) != 0)
			_exit(errno == EPIPE ? 0 : 1);
	}
}

static void
start(struct state *s, const struct place *pl, enum place_kind k)
{
	int sv[2];
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
		msg_sysdie("socketpair");
	fflush(NULL);
	pid = place_fork(pl, k, 1);
	if (pid < 0)
		msg_sysdie("fork");
	if (pid == 0) {
		close(sv[0]);
		echo(s, sv[1]);
	}
	/* Only the child holds this end: its death is EOF or EPIPE here. */
	close(sv[1]);
	s->fd = sv[0];
	/* Once around: the child runs and is pinned. */
	if (do_roundtrip(s, 1) != 0)
		msg_sysdie("the first round trip");
}

static void
stop(struct state *s)
{
	close(s->fd);
	place_kill_children();
}

static unsigned mask;		/* -p; 0: the default */
static uint64_t size = 1;	/* -m */

static int
own_option(int opt, const char *arg, void *ctx)
{
	char err[PARSE_ERRLEN];

	if (opt == 'm')
		size = bench_arg_size(ctx, "-m", arg, 1, 64u << 20);
	else if (place_parse("-p", arg, &mask, err, sizeof(err)) != 0)
		bench_usage_error(ctx, "%s", err);
	return 0;
}

static struct bench_prog prog = {
	.name = "lat_unix",
	.args = "",
	.summary = "lat_unix: AF_UNIX stream socket round trip between two processes, in ns",
	.optstring = "m:p:",
	.opthelp = "  -m SIZE      message size (default 1)\n" PLACE_OPTHELP,
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
	char name[OUTPUT_MAX_NAME], err[PARSE_ERRLEN], msg[32] = "";
	size_t i, nk;

	bench_init(&o, &prog, argc, argv);
	if (o.parallel > 1)
		bench_usage_error(&prog, "-P: value '%u' is not supported: copies would share one partner; allowed: 1",
				  o.parallel);
	if (place_init(&pl, mask, err, sizeof(err)) != 0)
		msg_exit(MSG_EXIT_UNSUPPORTED, "%s", err);
	s.size = (size_t)size;
	s.buf = malloc(s.size);
	if (s.buf == NULL)
		msg_sysdie("malloc");
	memset(s.buf, 'x', s.size);
	/* The default keeps lmbench's one byte and a name without a size. */
	if (size != 1)
		snprintf(msg, sizeof(msg), "msg=%s/", mem_size_name(err, sizeof(err), size));
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
		snprintf(name, sizeof(name), "LatUnix/%s%s", msg, place_name_part(kinds[i]));
		memset(&c, 0, sizeof(c));
		c.name = name;
		c.loop = do_roundtrip;
		c.arg = &s;
		if (bench_run(&o, &prog, &c) != 0) {
			free(s.buf);
			return MSG_EXIT_FAIL;
		}
		stop(&s);
		if (place_restore(&pl) != 0)
			msg_sysdie("cannot restore the CPU affinity");
	}
	free(s.buf);
	return MSG_EXIT_OK;
}
