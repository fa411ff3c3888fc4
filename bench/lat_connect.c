/*
 * lat_connect: the cost of a TCP connection, in ns per connect, accept
 * and close.
 *
 * One iteration: socket, connect and shutdown of the sending side; later,
 * a read that returns when the server has accepted, seen the end of the
 * stream and closed, then close.  At most 16 connections are in flight:
 * the client waits for the oldest to end before opening another, so the
 * server's listen queue (64) never overflows and no 1 s SYN retransmit is
 * averaged in (lmbench reports ~4 ms here for ~50 us of real work).  With
 * no host, a server is started on loopback for each placement.
 *
 * usage: lat_connect [options] -s [-b addr] | -S host | [host]
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bench.h"
#include "msg.h"
#include "sock.h"

#define PORT 31337		/* lmbench's 31237 + 100: another protocol */
#define WINDOW 16		/* connections in flight: well below the listen queue (64) */

struct state {
	const struct bench_opts *o;
	const struct bench_prog *prog;
	const struct sock_addr *addr;
	size_t window;
};

static struct sock_opts so;
static struct state st;

/*
 * The server side: a client that closes its sending side at once is the
 * benchmark; a STOP stops the server; anything else (garbage, silence for
 * 2 s) just ends the connection.
 */
static int
serve_conn(int fd, const struct sock_server *srv)
{
	uint64_t w[1];
	size_t n;

	(void)srv;
	return sock_hello(fd, SOCK_LAT_CONNECT, w, 0, &n) == SOCK_SERVE_STOP ? SOCK_SERVE_STOP : 0;
}

/* Wait for the server to close fd (it has accepted and read the end), then close it. */
static int
finish(int fd)
{
	char c;
	int rc = read(fd, &c, 1) == 0 ? 0 : -1, e = errno;

	if (close(fd) != 0)
		return -1;
	errno = e;
	return rc;
}

static int
do_connect(void *arg, uint64_t n)
{
	struct state *s = arg;
	const struct sock_addr *a = s->addr;
	int ring[WINDOW], rc = 0, e = 0;
	size_t head = 0, used = 0;

	while (n-- > 0) {
		int fd;

		if (used == s->window) {
			rc = finish(ring[head]);
			head = (head + 1) % WINDOW, used--;
			if (rc != 0)
				break;
		}
		if ((fd = socket(a->ss.ss_family, SOCK_STREAM, 0)) < 0) {
			rc = -1;
			break;
		}
		if (connect(fd, (const struct sockaddr *)&a->ss, a->len) != 0
		    || shutdown(fd, SHUT_WR) != 0) {
			e = errno;
			close(fd);
			errno = e;
			rc = -1;
			break;
		}
		ring[(head + used++) % WINDOW] = fd;
	}
	e = errno;
	for (; used > 0; head = (head + 1) % WINDOW, used--)
		if (finish(ring[head]) != 0 && rc == 0)
			rc = -1, e = errno;
	errno = e;
	return rc;
}

static int
measure(const struct sock_addr *a, const char *part, void *arg)
{
	struct state *s = arg;
	struct bench_case c;
	char name[OUTPUT_MAX_NAME];

	s->addr = a;
	snprintf(name, sizeof(name), "LatConnect/%s", part);
	memset(&c, 0, sizeof(c));
	c.name = name;
	c.loop = do_connect;
	c.arg = s;
	return bench_run(s->o, s->prog, &c);
}

static int
option(int opt, const char *arg, void *ctx)
{
	const struct bench_prog *p = ctx;

	if (sock_option(p, &so, opt, arg) != 0)
		bench_usage_error(p, "unknown option -%c", opt);
	return 0;
}

static struct bench_prog prog = {
	.name = "lat_connect",
	.args = "-s | -S host | [host]",
	.summary = "lat_connect: TCP connection cost in ns per connect, accept and close",
	.optstring = SOCK_OPTSTRING,
	.opthelp = SOCK_OPTHELP,
	.option = option,
	.ctx = &prog,
	.min_args = 0,
	.max_args = 1,
};

int
main(int argc, char **argv)
{
	struct bench_opts o;
	const struct sock_prog sp = {
		.bench = &prog, .proto = SOCK_LAT_CONNECT, .port = PORT, .tcp = 1,
		.conn = serve_conn, .measure = measure, .arg = &st,
	};
	int ai;

	sock_opts_init(&so);
	ai = bench_init(&o, &prog, argc, argv);
	st.o = &o;
	st.prog = &prog;
	/* Parallel copies share the server's queue of 64. */
	st.window = o.parallel >= 32 ? 1 : o.parallel > 2 ? 32 / o.parallel : WINDOW;
	return sock_main(&sp, &so, &o, ai < argc ? argv[ai] : NULL);
}
