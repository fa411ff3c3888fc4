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
 *
 * usage: lat_unix_connect [options] [-p one|spread|both|unpinned]
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "bench.h"
#include "msg.h"
#include "parse.h"
#include "place.h"
#include "tmp.h"

#define BACKLOG 8		/* the paced client never has more than one pending */

struct state {
	struct sockaddr_un addr;
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

/* The server accepts and closes until it is killed. */
static HB_NORETURN void
serve(int lfd)
{
	for (;;) {
		int fd = accept(lfd, NULL, NULL);

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
start(struct state *s, const struct place *pl, enum place_kind k)
{
	int lfd = socket(AF_UNIX, SOCK_STREAM, 0);
	pid_t pid;

	if (lfd < 0)
		msg_sysdie("socket");
	unlink(s->addr.sun_path);
	if (bind(lfd, (const struct sockaddr *)&s->addr, sizeof(s->addr)) != 0)
		msg_sysdie("bind %s", s->addr.sun_path);
	if (listen(lfd, BACKLOG) != 0)
		msg_sysdie("listen");
	fflush(NULL);
	pid = place_fork(pl, k, 1);
	if (pid < 0)
		msg_sysdie("fork");
	if (pid == 0)
		serve(lfd);
	/* Only the server holds it: its death is ECONNREFUSED here. */
	close(lfd);
	/* One connection: the server runs and is pinned. */
	if (do_connect(s, 1) != 0)
		msg_sysdie("the first connection");
}

static unsigned mask;		/* -p; 0: the default */

static int
own_option(int opt, const char *arg, void *ctx)
{
	char err[PARSE_ERRLEN];

	if (opt != 'p')
		bench_usage_error(ctx, "-%c: lmbench's separate server is not needed: the benchmark starts its own",
				  opt);
	if (place_parse("-p", arg, &mask, err, sizeof(err)) != 0)
		bench_usage_error(ctx, "%s", err);
	return 0;
}

static struct bench_prog prog = {
	.name = "lat_unix_connect",
	.args = "",
	.summary = "lat_unix_connect: AF_UNIX stream connection cost, in ns per connection",
	.optstring = "p:sS",
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
	static struct state s;
	enum place_kind kinds[PLACE_COUNT];
	char name[OUTPUT_MAX_NAME], err[PARSE_ERRLEN], dir[PATH_MAX];
	size_t i, nk;

	bench_init(&o, &prog, argc, argv);
	if (o.parallel > 1)
		bench_usage_error(&prog, "-P: value '%u' is not supported: copies would share one server; allowed: 1",
				  o.parallel);
	if (place_init(&pl, mask, err, sizeof(err)) != 0)
		msg_exit(MSG_EXIT_UNSUPPORTED, "%s", err);
	if (tmp_mkdir(NULL, dir, sizeof(dir)) != 0)
		msg_sysdie("cannot create a temporary directory in %s", tmp_dir(NULL));
	s.addr.sun_family = AF_UNIX;
	if (snprintf(s.addr.sun_path, sizeof(s.addr.sun_path), "%s/sock", dir) >= (int)sizeof(s.addr.sun_path))
		msg_die("%s/sock: the path is too long for a socket (at most %zu bytes); set TMPDIR",
			dir, sizeof(s.addr.sun_path) - 1);
	/* Registered after the directory: removed before it. */
	if (tmp_register(s.addr.sun_path) != 0)
		msg_sysdie("%s", s.addr.sun_path);
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
		snprintf(name, sizeof(name), "LatUnixConnect/%s", place_name_part(kinds[i]));
		memset(&c, 0, sizeof(c));
		c.name = name;
		c.loop = do_connect;
		c.arg = &s;
		if (bench_run(&o, &prog, &c) != 0)
			return MSG_EXIT_FAIL;
		place_kill_children();
		if (place_restore(&pl) != 0)
			msg_sysdie("cannot restore the CPU affinity");
	}
	return MSG_EXIT_OK;
}
