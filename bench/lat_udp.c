/*
 * lat_udp: UDP round-trip latency, in ns per round trip.
 *
 * One iteration: the client sends a datagram of -m bytes (default 24: the
 * 16-byte protocol header and a word of session cookie and sequence
 * number) and waits for the server's copy with the same word.  The
 * session starts over TCP with the key; the server then echoes, from a
 * socket of the session's own, only this client's datagrams, never more
 * bytes than came.  Opening the session is outside the timing.  A
 * datagram unanswered for 1 s is sent again (at most 3 times in a run,
 * each reported, as the wait lands in a sample).  After the samples,
 * round trips timed one by one give the 50th, 90th and 99th
 * percentiles.  With no host, a server is started on loopback for each
 * placement (lib/place/place) and stopped afterwards.
 */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "core/msg.h"
#include "core/timing.h"
#include "driver/bench.h"
#include "host/memory.h"
#include "net/sock.h"
#include "net/sock_main.h"
#include "net/sock_proto.h"
#include "net/sock_report.h"
#include "net/sock_serve.h"

#define MIN_SIZE (SOCK_HDR_LEN + 8)
#define MAX_SIZE 65507u		/* the largest IPv4 UDP payload */
#define PORT 31338		/* lmbench's 31238 + 100: another protocol */
#define RESENDS 3
#define MAX_CLIENTS SOCK_MAX_CHILDREN	/* sessions at once, a child each (-P copies) */
#define CHECK_EVERY 1024	/* datagrams between looks at the TCP connection */

struct state {
	const struct bench_opts *o;
	const struct bench_prog *prog;
	const struct sock_addr *addr;
	uint64_t size, cookie;	/* cookie: the session's, in the word's top half */
	uint32_t seq;
	unsigned resent;
	int fd, tcp;
	unsigned char *buf;
};

static struct sock_opts so;
/*
 * The state is zero (bss: nothing in the file); -m lands in a variable of
 * its own, copied in by setup.
 */
static struct state st;
static uint64_t opt_size = MIN_SIZE;	/* -m */

/*
 * The server side, a child per session: a HELLO with the client's UDP
 * port, then the echo of datagrams that carry the session's cookie from
 * a socket connected to the client, until the client closes the TCP
 * connection or sends no valid datagram for SOCK_XFER_NS.
 */
static int
serve_conn(int fd, const struct sock_server *srv)
{
	static unsigned char buf[MAX_SIZE];
	uint64_t w[1], ack[2], nak = SOCK_NAK_PARAMS, last, count;
	unsigned char rnd[4];
	unsigned local = 0;
	size_t n;
	int u = -1, echoed = 0, rc = sock_hello(fd, srv, SOCK_LAT_UDP, w, 1, &n);

	if (rc != 0)
		return rc;
	if (n != 1 || w[0] > 65535 || sock_random(rnd, sizeof(rnd)) != 0
	    || (u = sock_udp_accept(fd, (unsigned)w[0], &local)) < 0) {
		(void)sock_send_msg(fd, SOCK_LAT_UDP, SOCK_NAK, &nak, 1);
		return -1;
	}
	ack[0] = local;
	ack[1] = (uint64_t)sock_get32(rnd) << 32;
	if (sock_send_msg(fd, SOCK_LAT_UDP, SOCK_ACK, ack, 2) != 0) {
		close(u);
		return -1;
	}
	/*
	 * Blocking receives, as a plain echo loop (the server's cost per round
	 * trip is part of what is measured): the TCP connection and the
	 * silence are looked at when the socket was quiet for 200 ms, and
	 * every CHECK_EVERY datagrams.
	 */
	if (sock_set_timeout(u, 200000000) != 0) {
		close(u);
		return -1;
	}
	last = timing_now();
	for (count = 1;; count++) {
		ssize_t r = recv(u, buf, sizeof(buf), 0);
		unsigned kind;

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
			break;	/* the client's port is gone (ICMP unreachable) */
		if (r >= MIN_SIZE && sock_decode_hdr(buf, SOCK_LAT_UDP, &kind, &n, 1) == 0
		    && kind == SOCK_DATA && n == 1
		    && (sock_get64(buf + SOCK_HDR_LEN) & ~0xffffffffull) == ack[1]
		    && send(u, buf, (size_t)r, 0) == r)	/* the same bytes back: never more than came */
			echoed = 1;
		if (r < 0 || count % CHECK_EVERY == 0) {
			struct pollfd pf = { fd, POLLIN, 0 };
			uint64_t now = timing_now();

			if (echoed)
				last = now, echoed = 0;
			if (now - last >= SOCK_XFER_NS || poll(&pf, 1, 0) != 0)
				break;	/* silent, or only garbage; or the TCP connection ended */
		}
	}
	close(u);
	return 0;
}

static int
do_rtt(void *arg, uint64_t n)
{
	struct state *s = arg;

	while (n-- > 0) {
		uint64_t word = s->cookie | ++s->seq;

		sock_put64(s->buf + SOCK_HDR_LEN, word);
		if (send(s->fd, s->buf, (size_t)s->size, 0) != (ssize_t)s->size)
			return -1;
		for (;;) {
			ssize_t r = recv(s->fd, s->buf, (size_t)s->size, 0);

			if (r == (ssize_t)s->size && sock_get64(s->buf + SOCK_HDR_LEN) == word)
				break;
			if (r >= 0 || errno == EINTR)
				continue;	/* a late answer to an earlier datagram */
			if (errno == ECONNREFUSED) {
				msg_warn("datagram %lu: the server's session socket is gone (port unreachable)",
					 (unsigned long)s->seq);
				errno = 0;
				return -1;
			}
			if ((errno != EAGAIN && errno != EWOULDBLOCK) || ++s->resent > RESENDS) {
				if (errno == EAGAIN || errno == EWOULDBLOCK) {
					msg_warn("datagram %lu: no answer in 1 s, %d times: the server stopped echoing",
						 (unsigned long)s->seq, RESENDS + 1);
					errno = 0;
				}
				return -1;
			}
			msg_warn("no answer in 1 s to datagram %lu: sending it again",
				 (unsigned long)s->seq);
			sock_put64(s->buf + SOCK_HDR_LEN, word);
			if (send(s->fd, s->buf, (size_t)s->size, 0) != (ssize_t)s->size)
				return -1;
		}
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

/*
 * A session of its own (the client's, or a parallel copy's): a UDP
 * socket, its port told to the server over TCP with the key, then
 * connected to the session's port that the server gave.
 */
static int
open_session(void *arg)
{
	struct state *s = arg;
	uint64_t w[1], ack[2];
	unsigned local;
	size_t n;
	int e;

	s->tcp = -1;
	if ((s->fd = sock_udp_open(s->addr, &local)) < 0)
		return -1;
	w[0] = local;
	if ((s->tcp = sock_session(s->addr, SOCK_LAT_UDP, w, 1, ack, 2, &n)) < 0)
		goto fail;
	if (n != 2 || ack[0] == 0 || ack[0] > 65535) {
		errno = EPROTO;
		goto fail;
	}
	s->cookie = ack[1] & ~0xffffffffull;
	if (sock_udp_connect(s->fd, s->addr, (unsigned)ack[0], 1000000000) != 0)
		goto fail;
	sock_encode(s->buf, (size_t)s->size, SOCK_LAT_UDP, SOCK_DATA, &s->cookie, 1);
	return 0;
fail:
	e = errno;
	close(s->fd);
	if (s->tcp >= 0)
		close(s->tcp);
	errno = e;
	return -1;
}

static int
measure(const struct sock_addr *a, const char *part, void *arg)
{
	struct state *s = arg;
	struct bench_case c;
	char name[OUTPUT_MAX_NAME], sz[32];
	int rc;

	s->addr = a;
	if (open_session(s) != 0) {
		msg_warn("cannot start a session with %s port %u: %s", a->text, sock_addr_port(a),
			 sock_why(errno));
		return -1;
	}
	snprintf(name, sizeof(name), "LatUdp/size=%s/%s",
		 output_size_name(sz, sizeof(sz), s->size), part);
	memset(&c, 0, sizeof(c));
	c.name = name;
	c.loop = do_rtt;
	c.arg = s;
	c.copy_init = open_session;
	if (s->o->parallel == 1)
		c.finish = percentiles;
	rc = bench_run(s->o, s->prog, &c);
	if (rc == 0)
		sock_percentiles_print(s->o, name);
	close(s->fd);
	close(s->tcp);
	return rc;
}

static const struct bench_opt opts[] = {
	{ 'm', BENCH_OPT_SIZE, "size", 0, MIN_SIZE, MAX_SIZE, NULL, 0,
	  "datagram size (default and least 24; at most 65507)", NULL, &opt_size },
	SOCK_OPTS(so),
};

static const struct bench_prog prog = {
	.name = "lat_udp",
	.summary = "lat_udp: UDP round-trip latency in ns per round trip",
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
		msg_sysdie("cannot allocate a %llu-byte datagram", (unsigned long long)s->size);
}

static const struct sock_prog sp = {
	.bench = &prog, .proto = SOCK_LAT_UDP, .port = PORT, .max_children = MAX_CLIENTS,
	.conn = serve_conn, .measure = measure, .setup = setup, .arg = &st,
};

int
main(int argc, char **argv)
{
	return sock_run(&sp, &so, argc, argv);
}
