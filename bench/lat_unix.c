/*
 * lat_unix: round trip of a message between two processes over an
 * AF_UNIX stream socket pair, in ns per round trip.
 *
 * One iteration: the parent sends SIZE bytes (default 1) and reads SIZE
 * bytes back, which the child echoes once it has all of them.  The pair
 * and the child are made, pinned (both on one CPU, or spread over two)
 * and killed outside the timing, once per placement.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "core/msg.h"
#include "driver/bench.h"
#include "host/memory.h"
#include "place/place_main.h"

struct state {
	int sv[2];		/* the parent's end, the child's */
	char *buf;
	size_t size;
};

static int
do_roundtrip(void *arg, uint64_t n)
{
	const struct state *s = arg;

	while (n-- > 0)
		if (place_move(s->sv[0], s->buf, s->size, 1) != 0 ||
		    place_move(s->sv[0], s->buf, s->size, 0) != 0)
			return -1;
	HB_USE(s->buf[0]);
	return 0;
}

/* The child echoes whole messages until the parent closes its end. */
static HB_NORETURN void
echo(void *arg, unsigned idx)
{
	const struct state *s = arg;

	(void)idx;
	close(s->sv[0]);
	for (;;) {
		if (place_move(s->sv[1], s->buf, s->size, 0) != 0)
			_exit(errno == EPIPE ? 0 : 1);
		if (place_move(s->sv[1], s->buf, s->size, 1) != 0)
			_exit(errno == EPIPE ? 0 : 1);
	}
}

static void
open_pair(void *arg)
{
	struct state *s = arg;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, s->sv) != 0)
		msg_sysdie("socketpair");
}

static void
ready(void *arg)
{
	struct state *s = arg;

	/* Only the child holds this end: its death is EOF or EPIPE here. */
	close(s->sv[1]);
	/* Once around: the child runs and is pinned. */
	if (do_roundtrip(s, 1) != 0)
		msg_sysdie("the first round trip");
}

static void
close_pair(void *arg)
{
	struct state *s = arg;

	close(s->sv[0]);
}

static uint64_t size = 1;	/* -m */

static const struct bench_opt opts[] = {
	{ 'm', BENCH_OPT_SIZE, "SIZE", 0, 1, 64 << 20, NULL, 0, "message size (default 1)", NULL, &size },
	PLACE_OPT,
};

static const struct bench_prog prog = {
	.name = "lat_unix",
	.summary = "lat_unix: AF_UNIX stream socket round trip between two processes, in ns",
	PLACE_BENCH_FIELDS,
	.opts = opts,
	.nopts = HB_ARRAY_SIZE(opts),
};

/* Once: the message buffer, and its size in the name. */
static void
setup(void *arg, const struct bench_opts *o, struct place_case *c)
{
	struct state *s = arg;
	char sz[32];

	(void)o;
	s->size = (size_t)size;
	s->buf = malloc(s->size);
	if (s->buf == NULL)
		msg_sysdie("malloc");
	memset(s->buf, 'x', s->size);
	/* The default keeps lmbench's one byte and a name without a size. */
	if (size != 1)
		snprintf(c->name, sizeof(c->name), "LatUnix/msg=%s", output_size_name(sz, sizeof(sz), size));
}

static struct state state;

static const struct place_prog pp = {
	.bench = &prog,
	.name = "LatUnix",
	.arg = &state,
	.setup = setup,
	.open = open_pair,
	.partner = echo,
	.ready = ready,
	.loop = do_roundtrip,
	.close = close_pair,
};

int
main(int argc, char **argv)
{
	return place_run(&pp, argc, argv);
}
