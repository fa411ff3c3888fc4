/*
 * lat_unix_connect: AF_UNIX stream connection set-up and tear-down, in ns
 * per connection.
 *
 * One iteration: the client makes a socket, connects it to a server
 * process listening on a path in a temporary directory, and waits for
 * EOF: the server has accepted and closed its end; the client closes.
 * Waiting paces the client, so the listen backlog never fills (lmbench's
 * unpaced client did).  The server is started, pinned (one CPU, or
 * spread over two) and killed outside the timing, once per placement.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "core/msg.h"
#include "core/tmp.h"
#include "driver/bench.h"
#include "place/place_main.h"

#define BACKLOG 8		/* the paced client never has more than one pending */

struct state {
	struct sockaddr_un addr;
	int lfd;		/* the server's listening socket */
};

/* Connect, wait for the server's close (EOF), close. */
static int
do_connect(void *arg, uint64_t n)
{
	const struct state *s = arg;
	char c;

	while (n-- > 0) {
		int fd = socket(AF_UNIX, SOCK_STREAM, 0);
		ssize_t got;

		if (fd < 0)
			return -1;
		while (connect(fd, (const struct sockaddr *)&s->addr, sizeof(s->addr)) != 0)
			if (errno != EINTR) {
				close(fd);
				return -1;
			}
		while ((got = read(fd, &c, 1)) < 0 && errno == EINTR)
			continue;
		if (got != 0) {
			/* Data where EOF was due, or a read error. */
			if (got > 0)
				errno = EPROTO;
			close(fd);
			return -1;
		}
		if (close(fd) != 0)
			return -1;
	}
	return 0;
}

/* Once: the socket's path, in a temporary directory. */
static void
setup(void *arg, const struct bench_opts *o, struct place_case *c)
{
	struct state *s = arg;
	char dir[PATH_MAX];

	(void)o, (void)c;
	if (tmp_mkdir(NULL, dir, sizeof(dir)) != 0)
		msg_sysdie("cannot create a temporary directory in %s", tmp_dir(NULL));
	s->addr.sun_family = AF_UNIX;
	if (snprintf(s->addr.sun_path, sizeof(s->addr.sun_path), "%s/sock", dir) >= (int)sizeof(s->addr.sun_path))
		msg_die("%s/sock: the path is too long for a socket (at most %zu bytes); set TMPDIR",
			dir, sizeof(s->addr.sun_path) - 1);
	/* Registered after the directory: removed before it. */
	if (tmp_register(s->addr.sun_path) != 0)
		msg_sysdie("%s", s->addr.sun_path);
}

static void
listen_sock(void *arg)
{
	struct state *s = arg;

	s->lfd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (s->lfd < 0)
		msg_sysdie("socket");
	unlink(s->addr.sun_path);
	if (bind(s->lfd, (const struct sockaddr *)&s->addr, sizeof(s->addr)) != 0)
		msg_sysdie("bind %s", s->addr.sun_path);
	if (listen(s->lfd, BACKLOG) != 0)
		msg_sysdie("listen");
}

/* The server accepts and closes until it is killed. */
static HB_NORETURN void
serve(void *arg, unsigned idx)
{
	const struct state *s = arg;

	(void)idx;
	for (;;) {
		int fd = accept(s->lfd, NULL, NULL);

		if (fd < 0 && errno == EINTR)
			continue;
		if (fd < 0) {
			msg_syswarn("server: accept");
			_exit(1);
		}
		if (close(fd) != 0) {
			msg_syswarn("server: close");
			_exit(1);
		}
	}
}

static void
ready(void *arg)
{
	struct state *s = arg;

	/* Only the server holds it: its death is ECONNREFUSED here. */
	close(s->lfd);
	/* One connection: the server runs and is pinned. */
	if (do_connect(s, 1) != 0)
		msg_sysdie("the first connection");
}

/* lmbench's -s and -S (its own server, started or stopped): refused. */
HB_NORETURN static void no_server(const struct bench_prog *p, int letter, const char *arg,
				  void *ctx);

static void
no_server(const struct bench_prog *p, int letter, const char *arg, void *ctx)
{
	(void)arg, (void)ctx;
	bench_usage_error(p, "-%c: lmbench's separate server is not needed: the benchmark starts its own",
			  letter);
}

static const struct bench_opt opts[] = {
	PLACE_OPT,
	{ 's', BENCH_OPT_CALL, NULL, 0, 0, 0, NULL, 0, "(lmbench's server: refused, one is started)",
	  no_server, NULL },
	{ 'S', BENCH_OPT_CALL, NULL, 0, 0, 0, NULL, 0, "(lmbench's server stop: refused)", no_server,
	  NULL },
};

static const struct bench_prog prog = {
	.name = "lat_unix_connect",
	.args = "",
	.summary = "lat_unix_connect: AF_UNIX stream connection cost, in ns per connection",
	.min_args = 0,
	.max_args = 0,
	.opts = opts,
	.nopts = HB_ARRAY_SIZE(opts),
	.max_parallel = 1,
	.why_parallel = "copies would share one server",
};

static struct state state;

static const struct place_prog pp = {
	.bench = &prog,
	.name = "LatUnixConnect",
	.arg = &state,
	.setup = setup,
	.open = listen_sock,
	.partner = serve,
	.ready = ready,
	.loop = do_connect,
};

int
main(int argc, char **argv)
{
	return place_run(&pp, argc, argv);
}
