/*
 * lat_pipe, lat_fifo: round trip of a one-byte token between two
 * processes through two pipes (lat_pipe) or two named FIFOs (lat_fifo),
 * in ns per round trip.
 *
 * One iteration: the parent writes the byte into one channel and reads
 * it back from the other, which the child echoes it into.  The channels
 * (lat_fifo's in a temporary directory, removed on every exit) and the
 * child are made, opened, pinned (both on one CPU, or spread over two)
 * and killed outside the timing, once per placement.
 *
 * Both programs are built from this file: lat_pipe by default, lat_fifo
 * with HB_LAT_FIFO defined (Makefile.am); only how the channels are made
 * and the names differ.
 */
#include "config.h"

#include <errno.h>
#include <unistd.h>
#ifdef HB_LAT_FIFO
# include <fcntl.h>
# include <limits.h>
# include <stdio.h>
# include <sys/stat.h>
#endif

#include "core/msg.h"
#include "driver/bench.h"
#include "place/place_main.h"
#ifdef HB_LAT_FIFO
# include "core/tmp.h"
#endif

#ifdef HB_LAT_FIFO
# define PROG_NAME "lat_fifo"
# define RESULT_NAME "LatFifo"
# define PROG_SUMMARY "lat_fifo: named FIFO round trip between two processes, in ns"
#else
# define PROG_NAME "lat_pipe"
# define RESULT_NAME "LatPipe"
# define PROG_SUMMARY "lat_pipe: pipe round trip between two processes, in ns"
#endif

struct state {
#ifdef HB_LAT_FIFO
	char path[2][PATH_MAX];	/* to the child, from it */
#endif
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

#ifdef HB_LAT_FIFO
/* Open path with flags, then make the descriptor blocking. */
static int
open_fifo(const char *path, int flags)
{
	int fd = open(path, flags | O_NONBLOCK), fl;

	if (fd < 0)
		msg_sysdie("open %s", path);
	fl = fcntl(fd, F_GETFL);
	if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) != 0)
		msg_sysdie("fcntl %s", path);
	return fd;
}

/* Once: the FIFOs, in a temporary directory. */
static void
setup(void *arg, const struct bench_opts *o, struct place_case *c)
{
	struct state *s = arg;
	char dir[PATH_MAX];
	size_t i;

	(void)o, (void)c;
	if (tmp_mkdir(NULL, dir, sizeof(dir)) != 0)
		msg_sysdie("cannot create a temporary directory in %s", tmp_dir(NULL));
	for (i = 0; i < 2; i++) {
		if (snprintf(s->path[i], sizeof(s->path[i]), "%s/fifo%zu", dir, i + 1) >= (int)sizeof(s->path[i]))
			msg_die("%s: the path is too long", dir);
		if (mkfifo(s->path[i], 0600) != 0)
			msg_sysdie("mkfifo %s", s->path[i]);
		/* Registered after the directory: removed before it. */
		if (tmp_register(s->path[i]) != 0)
			msg_sysdie("%s", s->path[i]);
	}
}

/* Before the fork: every end of both FIFOs. */
static void
open_channels(void *arg)
{
	struct state *s = arg;

	/*
	 * Every end is opened here, readers first so that no open waits:
	 * a child that died before opening its ends would leave a blocking
	 * open hanging.  The FIFOs' data path does not care who opened them.
	 */
	s->to[0] = open_fifo(s->path[0], O_RDONLY);
	s->from[0] = open_fifo(s->path[1], O_RDONLY);
	s->to[1] = open_fifo(s->path[0], O_WRONLY);
	s->from[1] = open_fifo(s->path[1], O_WRONLY);
}
#else
/* Before the fork: both pipes. */
static void
open_channels(void *arg)
{
	struct state *s = arg;

	if (pipe(s->to) != 0 || pipe(s->from) != 0)
		msg_sysdie("pipe");
}
#endif

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
close_channels(void *arg)
{
	struct state *s = arg;

	close(s->to[1]), close(s->from[0]);
}

static const struct bench_opt opts[] = {
	PLACE_OPT,
};

static const struct bench_prog prog = {
	.name = PROG_NAME,
	.summary = PROG_SUMMARY,
	PLACE_BENCH_FIELDS,
	.opts = opts,
	.nopts = HB_ARRAY_SIZE(opts),
};

static struct state state;

static const struct place_prog pp = {
	.bench = &prog,
	.name = RESULT_NAME,
	.arg = &state,
#ifdef HB_LAT_FIFO
	.setup = setup,
#endif
	.open = open_channels,
	.partner = echo,
	.ready = ready,
	.loop = do_roundtrip,
	.close = close_channels,
};

int
main(int argc, char **argv)
{
	return place_run(&pp, argc, argv);
}
