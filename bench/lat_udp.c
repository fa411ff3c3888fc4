/*
 * lat_udp: UDP round-trip latency, in ns per round trip.
 *
 * One iteration: the client sends a datagram of -m bytes (default 24: the
 * 16-byte protocol header and a sequence number) and waits for the
 * server's copy with the same sequence number.  Opening the socket is
 * outside the timing.  A datagram unanswered for 1 s is sent again (at
 * most 3 times in a run, each reported, as the wait lands in a sample).
 * After the samples, round trips timed one by one give the 50th, 90th and
 * 99th percentiles.  With no host, a server is started on loopback for
 * each placement (lib/place) and stopped afterwards.
 *
 * usage: lat_udp [options] [-m size] -s [-b addr] | -S host | [host]
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bench.h"
#include "mem.h"
#include "msg.h"
#include "sock.h"

#define MIN_SIZE (SOCK_HDR_LEN + 8)
#define MAX_SIZE 65507u		/* the largest IPv4 UDP payload */
#define PORT 31338		/* lmbench's 31238 + 100: another protocol */
#define RESENDS 3

struct state {
	const struct bench_opts *o;
	const struct bench_prog *prog;
	const struct sock_addr *addr;
	uint64_t size, seq;
	unsigned resent;
	int fd;
	unsigned char *buf;
};

static struct sock_opts so;
static struct state st;

/*
 * The server side: echo valid datagrams to their sender.  It keeps
 * receiving while datagrams come (blocking, as a plain echo loop would)
 * and returns to the server loop after 200 ms without one.
 */
static int
serve_dgram(int fd, const struct sock_server *srv)
{
	static unsigned char buf[MAX_SIZE];
	unsigned kind;
	size_t n;

	(void)srv;
	if (sock_set_timeout(fd, 200000000) != 0)
		return -1;
	for (;;) {
		struct sockaddr_storage from;
		socklen_t flen = sizeof(from);
		ssize_t r = recvfrom(fd, buf, sizeof(buf), 0, (struct sockaddr *)&from, &flen);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return 0;
		if (r < SOCK_HDR_LEN || sock_decode_hdr(buf, SOCK_LAT_UDP, &kind, &n, 1) != 0)
			continue;
		if (kind == SOCK_STOP && n == 0) {
			sock_encode(buf, sizeof(buf), SOCK_LAT_UDP, SOCK_ACK, NULL, 0);
			(void)sendto(fd, buf, SOCK_HDR_LEN, 0, (struct sockaddr *)&from, flen);
			return SOCK_SERVE_STOP;
		}
		if (kind == SOCK_HELLO && n == 1 && r >= MIN_SIZE)
			(void)sendto(fd, buf, (size_t)r, 0, (struct sockaddr *)&from, flen);
	}
}

static int
do_rtt(void *arg, uint64_t n)
{
	struct state *s = arg;

	while (n-- > 0) {
		uint64_t seq = ++s->seq;

		sock_put64(s->buf + SOCK_HDR_LEN, seq);
		if (send(s->fd, s->buf, (size_t)s->size, 0) != (ssize_t)s->size)
			return -1;
		for (;;) {
			ssize_t r = recv(s->fd, s->buf, (size_t)s->size, 0);

			if (r == (ssize_t)s->size && sock_get64(s->buf + SOCK_HDR_LEN) == seq)
				break;
			if (r >= 0 || errno == EINTR)
				continue;	/* a late answer to an earlier datagram */
			if ((errno != EAGAIN && errno != EWOULDBLOCK) || ++s->resent > RESENDS)
				return -1;
			msg_warn("no answer in 1 s to datagram %llu: sending it again",
				 (unsigned long long)seq);
			sock_put64(s->buf + SOCK_HDR_LEN, seq);
			if (send(s->fd, s->buf, (size_t)s->size, 0) != (ssize_t)s->size)
				return -1;
		}
	}
	return 0;
}

/* A socket of its own: the client's, or a parallel copy's. */
static int
open_socket(void *arg)
{
	struct state *s = arg;

	s->fd = sock_connect(s->addr, SOCK_DGRAM, 0, 0, 1000000000);
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
	if (open_socket(s) != 0) {
		msg_syswarn("cannot open a UDP socket to %s port %u", a->text, sock_addr_port(a));
		return -1;
	}
	snprintf(name, sizeof(name), "LatUdp/size=%s/%s",
		 mem_size_name(sz, sizeof(sz), s->size), part);
	memset(&c, 0, sizeof(c));
	c.name = name;
	c.loop = do_rtt;
	c.arg = s;
	c.copy_init = open_socket;
	rc = bench_run(s->o, s->prog, &c);
	if (rc == 0 && s->o->parallel == 1 && sock_percentiles(s->o, name, do_rtt, s) != 0) {
		msg_syswarn("%s: round trip failed", name);
		rc = -1;
	}
	close(s->fd);
	return rc;
}

static int
option(int opt, const char *arg, void *ctx)
{
	const struct bench_prog *p = ctx;

	if (opt == 'm')
		st.size = bench_arg_size(p, "-m", arg, MIN_SIZE, MAX_SIZE);
	else if (sock_option(p, &so, opt, arg) != 0)
		bench_usage_error(p, "unknown option -%c", opt);
	return 0;
}

static struct bench_prog prog = {
	.name = "lat_udp",
	.args = "-s | -S host | [host]",
	.summary = "lat_udp: UDP round-trip latency in ns per round trip",
	.optstring = SOCK_OPTSTRING "m:",
	.opthelp = "  -m size      datagram size (default and least 24; at most 65507)\n" SOCK_OPTHELP,
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
		.bench = &prog, .proto = SOCK_LAT_UDP, .port = PORT, .udp = 1,
		.dgram = serve_dgram, .stop = sock_stop_udp, .measure = measure, .arg = &st,
	};
	int ai;

	sock_opts_init(&so);
	st.size = MIN_SIZE;
	ai = bench_init(&o, &prog, argc, argv);
	st.o = &o;
	st.prog = &prog;
	if ((st.buf = calloc(1, (size_t)st.size)) == NULL)
		msg_sysdie("cannot allocate a %llu-byte datagram", (unsigned long long)st.size);
	sock_encode(st.buf, (size_t)st.size, SOCK_LAT_UDP, SOCK_HELLO, &st.seq, 1);
	return sock_main(&sp, &so, &o, ai < argc ? argv[ai] : NULL);
}
