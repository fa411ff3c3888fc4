/*
 * lat_tcp: TCP round-trip latency, in ns per round trip.
 *
 * One iteration: the client writes a message of -m bytes (default 1, as
 * lmbench) and reads the server's copy back.  Connecting and the hello
 * that tells the server the size are outside the timing.  After the
 * samples, round trips timed one by one give the 50th, 90th and 99th
 * percentiles.  With no host, a server is started on loopback for each
 * placement (lib/place/place) and stopped afterwards.
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
#include "net/sock.h"
#include "net/sock_main.h"
#include "net/sock_proto.h"
#include "net/sock_report.h"
#include "net/sock_serve.h"

#define MAX_SIZE (1u << 20)	/* the largest message a server accepts */
#define PORT 31334		/* lmbench's 31234 + 100: another protocol */
#define MAX_CLIENTS SOCK_MAX_CHILDREN	/* served at once, a child each (-P copies) */

struct state {
	const struct bench_opts *o;
	const struct bench_prog *prog;
	const struct sock_addr *addr;
	uint64_t size;
	int fd;
	char *buf;
};

static struct sock_opts so;
/*
 * The state is zero (bss: nothing in the file); -m lands in a variable of
 * its own, copied in by setup.
 */
static struct state st;
static uint64_t opt_size = 1;	/* -m */

/* The server side: echo messages of the size the hello gave. */
static int
serve_conn(int fd, const struct sock_server *srv)
{
	uint64_t w[1];
	size_t n;
	char *buf;
	uint64_t nak = SOCK_NAK_PARAMS;
	int rc = sock_hello(fd, srv, SOCK_LAT_TCP, w, 1, &n);

	if (rc != 0)
		return rc;
	if (n != 1 || w[0] < 1 || w[0] > MAX_SIZE || (buf = malloc((size_t)w[0])) == NULL) {
		(void)sock_send_msg(fd, SOCK_LAT_TCP, SOCK_NAK, &nak, 1);
		return -1;
	}
	/* Bounded children, each silent for at most the idle timeout (or a minute with -i 0). */
	if (sock_set_timeout(fd, srv->idle_ns > 0 ? srv->idle_ns : SOCK_SILENCE_NS) == 0
	    && sock_send_msg(fd, SOCK_LAT_TCP, SOCK_ACK, NULL, 0) == 0)
		while (sock_read_full(fd, buf, (size_t)w[0]) == (ssize_t)w[0]
		       && sock_write_full(fd, buf, (size_t)w[0]) == 0)
			;
	free(buf);
	return 0;
}

static int
do_rtt(void *arg, uint64_t n)
{
	struct state *s = arg;

	while (n-- > 0) {
		ssize_t r = -1;

		if (sock_write_full(s->fd, s->buf, (size_t)s->size) == 0
		    && (r = sock_read_full(s->fd, s->buf, (size_t)s->size)) == (ssize_t)s->size)
			continue;
		/* What the server did, said here: the caller adds only the case's name. */
		msg_warn("round trip with %s port %u: %s", s->addr->text, sock_addr_port(s->addr),
			 sock_why(r == 0 ? ECONNRESET : errno == EWOULDBLOCK ? EAGAIN : errno));
		errno = 0;
		return -1;
	}
	return 0;
}

/* The single round trips, before anything is printed. */
static int
percentiles(void *arg)
{
	struct state *s = arg;

	return sock_percentiles(s->o, do_rtt, s);
}

/* A session of its own: the client's connection, or a parallel copy's. */
static int
session(void *arg)
{
	struct state *s = arg;
	size_t n;

	s->fd = sock_session(s->addr, SOCK_LAT_TCP, &s->size, 1, NULL, 0, &n);
	return s->fd < 0 ? -1 : 0;
}

static int
measure(const struct sock_addr *a, const char *part, void *arg)
{
	struct state *s = arg;
	struct bench_case c;
	char name[OUTPUT_MAX_NAME], sz[32];
	int rc;

	s->addr = a;
	if (session(s) != 0) {
		msg_warn("cannot start a session with %s port %u: %s", a->text, sock_addr_port(a),
			 sock_why(errno));
		return -1;
	}
	snprintf(name, sizeof(name), "LatTcp/size=%s/%s",
		 output_size_name(sz, sizeof(sz), s->size), part);
	memset(&c, 0, sizeof(c));
	c.name = name;
	c.loop = do_rtt;
	c.arg = s;
	c.copy_init = session;
	if (s->o->parallel == 1)
		c.finish = percentiles;
	rc = bench_run(s->o, s->prog, &c);
	if (rc == 0)
		sock_percentiles_print(s->o, name);
	close(s->fd);
	return rc;
}

static const struct bench_opt opts[] = {
	{ 'm', BENCH_OPT_SIZE, "size", 0, 1, MAX_SIZE, NULL, 0,
	  "message size (default 1; at most 1m)", NULL, &opt_size },
	SOCK_OPTS(so),
};

static const struct bench_prog prog = {
	.name = "lat_tcp",
	.summary = "lat_tcp: TCP round-trip latency in ns per round trip",
	SOCK_BENCH_FIELDS,
	.opts = opts,
	.nopts = HB_ARRAY_SIZE(opts),
};

static void
setup(void *arg, const struct bench_opts *o, const struct sock_opts *sop)
{
	struct state *s = arg;

	(void)sop;
	s->o = o;
	s->size = opt_size;
	s->prog = &prog;
	if ((s->buf = calloc(1, (size_t)s->size)) == NULL)
		msg_sysdie("cannot allocate a %llu-byte message", (unsigned long long)s->size);
}

static const struct sock_prog sp = {
	.bench = &prog, .proto = SOCK_LAT_TCP, .port = PORT, .max_children = MAX_CLIENTS,
	.conn = serve_conn, .measure = measure, .setup = setup, .arg = &st,
};

int
main(int argc, char **argv)
{
	return sock_run(&sp, &so, argc, argv);
}
