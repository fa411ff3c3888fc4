/*
 * bw_pipe, bw_unix: bandwidth through a pipe (bw_pipe) or an AF_UNIX
 * stream socket pair (bw_unix) from a writer process to a reader process,
 * in MB/s (10^6 bytes per second).
 *
 * One iteration moves exactly TOTAL bytes (default 10M), written in
 * messages of SIZE bytes (default 64K; the last one shorter when SIZE
 * does not divide TOTAL) and read until all have arrived -- but never
 * more than MAX_MSGS (160) messages: when TOTAL would take more, an
 * iteration moves 160 * SIZE bytes instead (the raw output's
 * bytes-per-op says which: the bytes of an iteration).  A raw line's
 * count is the messages its sample moved, the operations its rate is
 * of.  A sample is at least one iteration, and
 * 10M of 1-byte messages took 40 s and more, whatever -T said; 160
 * messages of any size up to 64K cost no more than the default
 * iteration, so every sample follows -T.  The rate is the payload's
 * either way.  The parent
 * asks the child for each sample's bytes over a control pipe, so nothing
 * is in flight between samples; at the end the child reports what it
 * wrote and the parent checks that it read exactly that.  The channel,
 * the control pipe and the child are made, pinned and killed outside the
 * timing, per placement.  bw_unix also takes TOTAL as lmbench's
 * positional argument.
 *
 * Both programs are built from this file: bw_pipe by default, bw_unix
 * with HB_BW_UNIX defined (Makefile.am); only the data channel and the
 * names differ.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

#include "core/msg.h"
#include "driver/bench.h"
#include "host/memory.h"
#include "place/place_main.h"

#ifdef HB_BW_UNIX
# define PROG_NAME "bw_unix"
# define RESULT_NAME "BwUnix"
# define CHANNEL "socketpair"
# define PROG_ARGS "[TOTAL]"
# define PROG_MAX_ARGS 1
# define PROG_SUMMARY "bw_unix: AF_UNIX stream socket bandwidth between two processes, in MB/s"
#else
# define PROG_NAME "bw_pipe"
# define RESULT_NAME "BwPipe"
# define CHANNEL "pipe"
# define PROG_ARGS ""
# define PROG_MAX_ARGS 0
# define PROG_SUMMARY "bw_pipe: pipe bandwidth between two processes, in MB/s"
#endif

/* The data channel: fd[0] is read by the parent, fd[1] written by the child. */
static int
open_channel(int fd[2])
{
#ifdef HB_BW_UNIX
	return socketpair(AF_UNIX, SOCK_STREAM, 0, fd);
#else
	return pipe(fd);
#endif
}

struct state {
	int data[2], ctl[2];	/* the parent reads data[0] and writes ctl[1] */
	char *buf;
	size_t size;		/* -m */
	uint64_t total;		/* -M: bytes per iteration */
	uint64_t moved;		/* bytes read so far */
};

/* One request for n iterations, then read them all, message by message. */
static int
do_read(void *arg, uint64_t n)
{
	struct state *s = arg;

	if (place_move(s->ctl[1], &n, sizeof(n), 1) != 0)
		return -1;
	while (n-- > 0) {
		uint64_t left = s->total;

		while (left > 0) {
			size_t want = left < s->size ? (size_t)left : s->size;

			if (place_move(s->data[0], s->buf, want, 0) != 0)
				return -1;
			left -= want;
		}
		s->moved += s->total;
	}
	HB_USE(s->buf[0]);
	return 0;
}

/* The child writes what it is asked for; at EOF it reports its total. */
static HB_NORETURN void
writer(void *arg, unsigned idx)
{
	const struct state *s = arg;
	int data = s->data[1], ctl = s->ctl[0];
	uint64_t n, written = 0;

	(void)idx;
	close(s->data[0]), close(s->ctl[1]);
	while (place_move(ctl, &n, sizeof(n), 0) == 0)
		while (n-- > 0) {
			uint64_t left = s->total;

			while (left > 0) {
				size_t want = left < s->size ? (size_t)left : s->size;

				if (place_move(data, s->buf, want, 1) != 0)
					_exit(1);
				left -= want;
			}
			written += s->total;
		}
	_exit(errno == EPIPE && place_move(data, &written, sizeof(written), 1) == 0 ? 0 : 1);
}

static void
open_channels(void *arg)
{
	struct state *s = arg;

	if (open_channel(s->data) != 0)
		msg_sysdie(CHANNEL);
	if (pipe(s->ctl) != 0)
		msg_sysdie("pipe");
}

static void
ready(void *arg)
{
	struct state *s = arg;

	/* Only the child holds these: its death is EOF or EPIPE here. */
	close(s->data[1]), close(s->ctl[0]);
	s->moved = 0;
}

/* Close the request pipe; the writer's total must match what was read. */
static void
stop(void *arg)
{
	struct state *s = arg;
	uint64_t written;
	char c;

	close(s->ctl[1]);
	if (place_move(s->data[0], &written, sizeof(written), 0) != 0)
		msg_sysdie("the writer's byte count");
	if (written != s->moved)
		msg_die("the writer wrote %llu bytes, the reader read %llu",
			(unsigned long long)written, (unsigned long long)s->moved);
	if (read(s->data[0], &c, 1) != 0)
		msg_die("data after the writer's byte count");
	close(s->data[0]);
}

/* Messages per iteration at most: the default's 10M of 64K. */
#define MAX_MSGS 160

static uint64_t size = 64 << 10, total = 10 << 20;

static const struct bench_opt opts[] = {
	{ 'm', BENCH_OPT_SIZE, "SIZE", 0, 1, 64 << 20, NULL, 0, "message size (default 64K)", NULL,
	  &size },
	{ 'M', BENCH_OPT_SIZE, "TOTAL", 0, 1, 4294967296.0, NULL, 0,
	  "bytes moved per iteration (default 10M)", NULL, &total },
	PLACE_OPT,
};

static const struct bench_prog prog = {
	.name = PROG_NAME,
	.args = PROG_ARGS,
	.summary = PROG_SUMMARY,
	.min_args = 0,
	.max_args = PROG_MAX_ARGS,
	.opts = opts,
	.nopts = HB_ARRAY_SIZE(opts),
	.max_parallel = 1,
	.why_parallel = "copies would share one writer",
};

/* Once: the buffer, the bytes per iteration, and the message size in the name. */
static void
setup(void *arg, const struct bench_opts *o, struct place_case *c)
{
	struct state *s = arg;
	char sz[32];

	s->size = (size_t)size;
	s->total = (total - 1) / size >= MAX_MSGS ? size * MAX_MSGS : total;
	s->buf = mem_alloc(s->size);
	if (s->buf == NULL)
		msg_sysdie("cannot allocate %llu bytes", (unsigned long long)size);
	bench_print_config(o, &prog);
	if (o->output == OUTPUT_RAW)
		output_config(stdout, "bytes-per-op", "%llu", (unsigned long long)s->total);
	snprintf(c->name, sizeof(c->name), RESULT_NAME "/msg=%s", output_size_name(sz, sizeof(sz), size));
	c->bytes_per_op = (double)s->total;
	/* The messages of an iteration, the last one short when SIZE does not divide it. */
	c->ops_per_iter = (s->total + s->size - 1) / s->size;
}

static struct state state;

static const struct place_prog pp = {
	.bench = &prog,
	.name = RESULT_NAME,
	.arg = &state,
	.setup = setup,
	.open = open_channels,
	.partner = writer,
	.ready = ready,
	.loop = do_read,
	.close = stop,
};

int
main(int argc, char **argv)
{
	struct bench_opts o;
	int ai = bench_init(&o, &prog, argc, argv);

	if (ai < argc)
		total = bench_arg_size(&prog, "TOTAL", argv[ai], 1, 1ull << 32);
	return place_main(&pp, &o);
}
