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
#include <unistd.h>

#include "bench.h"
#include "msg.h"
#include "place_main.h"

struct state {
	int to[2], from[2];	/* the parent writes to[1] and reads from[0] */
};

static int
do_roundtrip(void *arg, uint64_t n)
{
	const struct state *s = arg;
	char c = 'x';

	while (n-- > 0)
		if (place_move(s->to[1], &c, 1, 1) != 0 || place_move(s->from[0], &c, 1, 0) != 0)
			return -1;
	HB_USE(c);
	return 0;
}

/* Before the fork: both pipes. */
static void
open_pipes(void *arg)
{
	struct state *s = arg;

	if (pipe(s->to) != 0 || pipe(s->from) != 0)
		msg_sysdie("pipe");
}

/* The child echoes until the parent closes its end. */
static HB_NORETURN void
echo(void *arg, unsigned idx)
{
	struct state *s = arg;
	char c;

	(void)idx;
	close(s->to[1]), close(s->from[0]);
	for (;;) {
		ssize_t got = read(s->to[0], &c, 1);

		if (got < 0 && errno == EINTR)
			continue;
		if (got != 1)
			_exit(got == 0 ? 0 : 1);
		if (place_move(s->from[1], &c, 1, 1) != 0)
			_exit(errno == EPIPE ? 0 : 1);
	}
}

static void
ready(void *arg)
{
	struct state *s = arg;

	/* Only the child holds these: its death is EOF or EPIPE here. */
	close(s->to[0]), close(s->from[1]);
	/* Once around: the child runs and is pinned. */
	if (do_roundtrip(s, 1) != 0)
		msg_sysdie("the first round trip");
}

static void
close_pipes(void *arg)
{
	struct state *s = arg;

	close(s->to[1]), close(s->from[0]);
}

static const struct bench_opt opts[] = {
	PLACE_OPT,
};

static const struct bench_prog prog = {
	.name = "lat_pipe",
	.args = "",
	.summary = "lat_pipe: pipe round trip between two processes, in ns",
	.min_args = 0,
	.max_args = 0,
	.opts = opts,
	.nopts = HB_ARRAY_SIZE(opts),
	.max_parallel = 1,
	.why_parallel = "copies would share one partner",
};

static struct state state;

static const struct place_prog pp = {
	.bench = &prog,
	.name = "LatPipe",
	.arg = &state,
	.open = open_pipes,
	.partner = echo,
	.ready = ready,
	.loop = do_roundtrip,
	.close = close_pipes,
};

int
main(int argc, char **argv)
{
	struct bench_opts o;

	bench_init(&o, &prog, argc, argv);
	return place_main(&pp, &o);
}
