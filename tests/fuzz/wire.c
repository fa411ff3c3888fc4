/*
 * Fuzz target: the wire protocol as a hostile client drives it, through
 * the connection handler of every hostbench server that sock_serve runs
 * (the static serve_conn of lat_tcp, lat_udp, lat_connect, bw_tcp and
 * bw_udp: each compiled once more by tests/fuzz/wire-NAME.c; and the box
 * agent's, hostinfo -s, lib/net/boxagent.c's boxagent_conn), and
 * lib/net/sock_proto.c's parsers on their own (sock_decode_hdr, sock_recv_msg_by).
 *
 * Input: byte 0 picks the server (modulo 6, in the order above); bit 0
 * of byte 1 the mode, and byte 1 >> 1 the word bound of the direct
 * parser calls (127: SOCK_MAX_WORDS + 1).  The rest R goes to the server:
 *
 *   - raw (bit 0 clear): R as it is, what a client without the key can
 *     send (it cannot answer the challenge);
 *   - proved (bit 0 set): the harness plays a client that has the key.
 *     R's first byte is a count (bits 0-6, modulo 9: 0 .. 8 words; bit 7:
 *     a STOP, not a HELLO), then the words, 8 bytes each (missing bytes
 *     are 0); the harness sends that HELLO or STOP, the AUTH with the
 *     right proof, then what is left of R as it is.
 *
 * The client's bytes are written to one end of an AF_UNIX stream socket
 * pair and that end shut down for writing, all before the handler runs
 * in this process on the other end until it returns: so no input can
 * make it wait for a peer, the input ending in EOF.  Possible because
 * the challenge is known in advance: wire-sock.c is lib/net/sock_proto.c
 * with a /dev/urandom of a fixed pattern.  The handler's writes go to the
 * pair's buffer, read after it returns; they cannot fill it (lat_tcp
 * echoes what it reads, so the harness gives it at most ECHO_WRITES
 * messages of echo; bw_udp's RESULT is about 24 KB; the buffer is asked
 * for 1 MB and is at least the kernel's default, about 200 KB).
 * lat_udp and bw_udp ask sock_udp_accept for a UDP socket, which fails
 * on AF_UNIX: they answer with a NAK, so their datagram loops are not
 * covered here (tests/faults/server-attacks-t.sh sends them datagrams).
 *
 * Checked, besides crashes and the sanitizers' reports:
 *
 *   - the handler returns 0, -1 or SOCK_SERVE_STOP within SLOW_NS (half
 *     the shortest deadline, SOCK_HELLO_NS) of the time it could run
 *     (own_ns: wall time less its waits for a CPU): longer means it
 *     waited for a timeout although its peer had closed (libFuzzer's
 *     -timeout catches a handler that waits for ever; in the check
 *     program an alarm kills it);
 *   - until the key is proved (sock_hello writes its pid to authfd) the
 *     handler returns -1 and sends nothing but a CHALLENGE (the harness's
 *     nonce) and then a NAK (SOCK_NAK_KEY);
 *   - a proved client: a HELLO or STOP within the server's bound (a STOP
 *     has no words) is proved exactly once; a STOP gets CHALLENGE, ACK
 *     and SOCK_SERVE_STOP; a HELLO CHALLENGE and then an ACK, or a NAK
 *     (SOCK_NAK_PARAMS) and -1; beyond the bound: -1 and no answer;
 *   - sock_decode_hdr, for protos 0 .. 7 and several bounds, against a
 *     model of its contract in lib/net/sock_proto.h: success exactly for the
 *     right magic, version and proto and a payload of whole words within
 *     the bound and SOCK_MAX_WORDS; the kind and word count stored only
 *     on success; errno EPROTO on failure;
 *   - sock_recv_msg_by on R (each of the six protos; with and without a
 *     deadline): 1 for no byte; ECONNRESET for a short header or payload;
 *     EPROTO, nothing stored, for a bad header; else the kind and words
 *     of R, never more than the bound (w is exactly that big: ASan sees
 *     a word past it), and not a byte read past the message.
 *
 * A broken contract prints "wire contract broken: ..." and abort()s.
 * Nothing here or in the handlers calls exit, and abort runs no exit
 * hook, so the check program tests/fuzz/wire-t (this file, its parts and
 * replay.c, any cc) replays the corpus in one process, as parse-t does:
 * the TAP library's exit hook runs only at the end, and a finding kills
 * the test with the log naming the input.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

#include "core/compat.h"
#include "core/runclock.h"
#include "core/timing.h"
#include "net/sock_proto.h"
#include "net/sock_serve.h"
#include "wire.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define KEY "hb-wire-fuzz-key"
#define MAX_HELLO 8			/* words of a proved client's HELLO */
#define SLOW_NS (SOCK_HELLO_NS / 2)	/* a handler this slow waited for a timeout */
/* For tests: a budget of this many ms in place of SLOW_NS (the check
 * program only: libFuzzer's build keeps SLOW_NS). */
#define SLOW_ENV "HB_WIRE_SLOW_MS"
#define ECHO_WRITES 128			/* lat_tcp's echoes at most, per input */
#define REPLY_MAX 65536			/* of a handler's answer, kept to check */
#define RECV_MAX 40000			/* of R, for the direct sock_recv_msg_by */
#define UNSET_KIND 0xdeadbeefu
#define UNSET_WORDS ((size_t)0x5eed)

static const struct server {
	const char *name;
	unsigned proto;
	size_t max;			/* the words its sock_hello takes */
	hb_wire_conn_fn *const *conn;
} servers[] = {
	{ "lat_tcp", SOCK_LAT_TCP, 1, &hb_wire_conn_lat_tcp },
	{ "lat_udp", SOCK_LAT_UDP, 1, &hb_wire_conn_lat_udp },
	{ "lat_connect", SOCK_LAT_CONNECT, 0, &hb_wire_conn_lat_connect },
	{ "bw_tcp", SOCK_BW_TCP, 3, &hb_wire_conn_bw_tcp },
	{ "bw_udp", SOCK_BW_UDP, 5, &hb_wire_conn_bw_udp },
	{ "hostinfo", SOCK_BOX, 1, &hb_wire_conn_hostinfo },
};
#define NSERVERS (sizeof(servers) / sizeof(servers[0]))

/* The run under way, for the report of a finding. */
static const struct server *cur;
static int cur_proved;
static const char *cur_part = "";

static HB_NORETURN void finding(const char *fmt, ...) HB_PRINTF(1, 2);

static void
finding(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	fflush(stdout);
	fprintf(stderr, "wire contract broken: %s\n  (%s, server %s, %s mode)\n",
		n >= 0 ? buf : fmt, cur_part, cur != NULL ? cur->name : "-",
		cur_proved ? "proved" : "raw");
	fflush(stderr);
	abort();
}

static void
need(int cond, const char *what)
{
	if (!cond)
		finding("%s", what);
}

static HB_NORETURN void
fatal(const char *what)
{
	fprintf(stderr, "wire: %s: %s\n", what, strerror(errno));
	abort();
}

/*
 * The time a handler took is the time it could run: wall time less the
 * time this thread waited, runnable, for a CPU (its run delay, the second
 * number of /proc/thread-self/schedstat).  Not wall time: beside a load
 * of 20 to 50, inputs that replay in 13 to 111 ms took over a second,
 * waiting for a CPU, and broke the contract.  Not CPU time either: a
 * handler that waits for a timeout sleeps, costing no CPU, and that is
 * what the contract catches; a sleep counts here.  Where no schedstat
 * can be read (not Linux, a kernel without it): wall time.
 */
struct span {
	uint64_t wall, delay;
	int have_delay;
};

static int
run_delay(uint64_t *ns)
{
	static const char *const paths[] = { "/proc/thread-self/schedstat", "/proc/self/schedstat" };
	char text[128];
	size_t i;

	for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		int fd = open(paths[i], O_RDONLY);
		ssize_t n;

		if (fd < 0)
			continue;
		n = read(fd, text, sizeof(text) - 1);
		close(fd);
		if (n <= 0)
			continue;
		text[n] = '\0';
		if (runclock_parse_schedstat(text, NULL, ns) == 0)
			return 0;
	}
	return -1;
}

/* (The delay read before the wall time, and after it at the end: a wait
 * between the two readings shortens the span, never lengthens it.) */
static void
span_start(struct span *sp)
{
	sp->have_delay = run_delay(&sp->delay) == 0;
	sp->wall = timing_now();
}

static uint64_t
own_ns(const struct span *sp)
{
	uint64_t wall = timing_now() - sp->wall, delay;

	if (!sp->have_delay || run_delay(&delay) != 0 || delay < sp->delay)
		return wall;
	delay -= sp->delay;
	return wall > delay ? wall - delay : 0;
}

/* SLOW_NS, or in the check program $SLOW_ENV ms. */
static uint64_t
slow_ns(void)
{
#ifndef HB_WIRE_FUZZER
	const char *e = getenv(SLOW_ENV);
	char *end;
	unsigned long ms;

	if (e != NULL && *e != '\0') {
		ms = strtoul(e, &end, 10);
		if (*end == '\0' && ms > 0 && ms <= SLOW_NS / 1000000)
			return (uint64_t)ms * 1000000;
	}
#endif
	return SLOW_NS;
}

/* Big-endian loads of the harness's own, for the model. */
static uint32_t
be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint64_t
be64(const unsigned char *p)
{
	return (uint64_t)be32(p) << 32 | be32(p + 4);
}

static void
write_all(int fd, const unsigned char *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			fatal("write to the socket pair");
		p += w;
		n -= (size_t)w;
	}
}

/* Read fd to its end: the first cap bytes into buf; returns how many were kept. */
static size_t
read_all(int fd, unsigned char *buf, size_t cap)
{
	unsigned char sink[4096];
	size_t got = 0;

	for (;;) {
		ssize_t r = got < cap ? read(fd, buf + got, cap - got) : read(fd, sink, sizeof(sink));

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			fatal("read from the socket pair");
		if (r == 0)
			return got;
		if (got < cap)
			got += (size_t)r;
	}
}

static void
pair(int sp[2])
{
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sp) != 0)
		fatal("socketpair");
}

/* ---------------------------------------------------------------- the model */

/* What lib/net/sock_proto.h says sock_decode_hdr accepts. */
static int
hdr_ok(const unsigned char *h, unsigned proto, size_t max)
{
	uint32_t len = be32(h + 12);

	return be32(h) == SOCK_MAGIC && ((unsigned)h[4] << 8 | h[5]) == SOCK_VERSION
		&& be32(h + 8) == proto && len % 8 == 0 && len / 8 <= max
		&& len / 8 <= SOCK_MAX_WORDS;
}

static void
check_decode(const unsigned char *p, size_t n, size_t mx)
{
	const size_t maxes[] = { 0, 1, 5, SOCK_MAX_WORDS, SOCK_MAX_WORDS + 1, SIZE_MAX, mx };
	unsigned char *h;
	unsigned proto;
	size_t i;

	if (n < SOCK_HDR_LEN)
		return;
	cur_part = "sock_decode_hdr";
	/* A block of the header's size: ASan sees a read past it. */
	if ((h = malloc(SOCK_HDR_LEN)) == NULL)
		fatal("malloc");
	memcpy(h, p, SOCK_HDR_LEN);
	for (proto = 0; proto <= 7; proto++)
		for (i = 0; i < sizeof(maxes) / sizeof(maxes[0]); i++) {
			unsigned kind = UNSET_KIND;
			size_t nw = UNSET_WORDS;
			int rc, want = hdr_ok(h, proto, maxes[i]);

			errno = 0;
			rc = sock_decode_hdr(h, proto, &kind, &nw, maxes[i]);
			if (rc != (want ? 0 : -1))
				finding("sock_decode_hdr returned %d for proto %u, max %lu (want %d)",
					rc, proto, (unsigned long)maxes[i], want ? 0 : -1);
			if (want) {
				need(kind == ((unsigned)h[6] << 8 | h[7]), "sock_decode_hdr stores the kind");
				need(nw == be32(h + 12) / 8, "sock_decode_hdr stores the word count");
				need(nw <= maxes[i] && nw <= SOCK_MAX_WORDS,
				     "sock_decode_hdr: never more than max words");
			} else {
				need(errno == EPROTO, "sock_decode_hdr fails with EPROTO");
				need(kind == UNSET_KIND && nw == UNSET_WORDS,
				     "sock_decode_hdr stores nothing on failure");
			}
		}
	free(h);
}

static void
check_recv(const unsigned char *p, size_t n, size_t mx)
{
	static unsigned char rest[RECV_MAX];
	uint64_t *w;
	unsigned proto;

	if (n > RECV_MAX)
		n = RECV_MAX;
	cur_part = "sock_recv_msg_by";
	/* Exactly max words: ASan sees one more. */
	if ((w = malloc(mx > 0 ? mx * sizeof(*w) : 1)) == NULL)
		fatal("malloc");
	for (proto = SOCK_LAT_TCP; proto <= SOCK_LAT_RPC; proto++) {
		unsigned kind = UNSET_KIND;
		size_t nw = UNSET_WORDS, words, left, i;
		uint64_t t0 = timing_now(), deadline = proto % 2 ? t0 + SOCK_HELLO_NS : 0, t;
		struct span span;
		int sp[2], rc;

		pair(sp);
		write_all(sp[0], p, n);
		if (shutdown(sp[0], SHUT_WR) != 0)
			fatal("shutdown");
		errno = 0;
		span_start(&span);
		rc = sock_recv_msg_by(sp[1], proto, &kind, w, mx, &nw, deadline);
		if ((t = own_ns(&span)) >= slow_ns())
			finding("sock_recv_msg_by waited %llu ms on a closed peer (%llu ms of wall time)",
				(unsigned long long)(t / 1000000),
				(unsigned long long)((timing_now() - span.wall) / 1000000));
		left = read_all(sp[1], rest, sizeof(rest));
		close(sp[0]);
		close(sp[1]);
		if (n == 0) {
			need(rc == 1, "sock_recv_msg_by returns 1 when the peer sent nothing");
			continue;
		}
		if (n < SOCK_HDR_LEN) {
			need(rc == -1 && errno == ECONNRESET,
			     "sock_recv_msg_by: a short header is ECONNRESET");
			continue;
		}
		if (!hdr_ok(p, proto, mx)) {
			need(rc == -1 && errno == EPROTO, "sock_recv_msg_by: a bad header is EPROTO");
			need(kind == UNSET_KIND && nw == UNSET_WORDS,
			     "sock_recv_msg_by stores nothing for a bad header");
			need(left == n - SOCK_HDR_LEN, "sock_recv_msg_by reads only the header of a bad one");
			continue;
		}
		words = be32(p + 12) / 8;
		if (n < SOCK_HDR_LEN + 8 * words) {
			need(rc == -1 && errno == ECONNRESET,
			     "sock_recv_msg_by: a short payload is ECONNRESET");
			continue;
		}
		need(rc == 0, "sock_recv_msg_by reads a whole message");
		need(kind == ((unsigned)p[6] << 8 | p[7]), "sock_recv_msg_by stores the kind");
		need(nw == words && nw <= mx, "sock_recv_msg_by stores the count, at most max");
		for (i = 0; i < words; i++)
			need(w[i] == be64(p + SOCK_HDR_LEN + 8 * i), "sock_recv_msg_by stores the words");
		need(left == n - SOCK_HDR_LEN - 8 * words
		     && memcmp(rest, p + SOCK_HDR_LEN + 8 * words, left) == 0,
		     "sock_recv_msg_by reads nothing past the message");
	}
	free(w);
}

/* ---------------------------------------------------------------- the servers */

/* The pipe where sock_hello reports a proved key (its pid). */
static int authfd[2] = { -1, -1 };

/* Proofs reported since the last call. */
static unsigned
proofs(void)
{
	pid_t pid;
	unsigned n = 0;

	while (read(authfd[0], &pid, sizeof(pid)) == (ssize_t)sizeof(pid)) {
		need(pid == getpid(), "sock_hello reports its own pid");
		n++;
	}
	return n;
}

/* The next message of a handler's answer: 1, 0 at its end, -1 if it is not one. */
static int
next_msg(const unsigned char *b, size_t len, size_t *off, unsigned *kind,
	 uint64_t *w, size_t max, size_t *n)
{
	size_t i;

	if (*off == len)
		return 0;
	if (len - *off < SOCK_HDR_LEN || !hdr_ok(b + *off, cur->proto, max))
		return -1;
	*kind = (unsigned)b[*off + 6] << 8 | b[*off + 7];
	*n = be32(b + *off + 12) / 8;
	if (len - *off - SOCK_HDR_LEN < 8 * *n)
		return -1;
	for (i = 0; i < *n; i++)
		w[i] = be64(b + *off + SOCK_HDR_LEN + 8 * i);
	*off += SOCK_HDR_LEN + 8 * *n;
	return 1;
}

static uint64_t
nonce_word(size_t i)
{
	uint64_t v = 0;
	size_t k;

	for (k = 0; k < 8; k++)
		v = v << 8 | hb_wire_random_byte(8 * i + k);
	return v;
}

/* A CHALLENGE, the harness's nonce. */
static void
check_challenge(const unsigned char *b, size_t len, size_t *off)
{
	uint64_t w[2];
	unsigned kind;
	size_t n;

	need(next_msg(b, len, off, &kind, w, 2, &n) == 1 && kind == SOCK_CHALLENGE && n == 2,
	     "the handler's first answer is a CHALLENGE of two words");
	need(w[0] == nonce_word(0) && w[1] == nonce_word(1),
	     "the challenge is the harness's /dev/urandom (wire-sock.c)");
}

static void
run_server(const struct server *sv, int proved, const unsigned char *p, size_t n)
{
	static unsigned char out[SOCK_HDR_LEN * 2 + 8 * (MAX_HELLO + 4) + 65536];
	static unsigned char reply[REPLY_MAX];
	unsigned char nonce[SOCK_NONCE_LEN], mac[SOCK_MAC_LEN];
	uint64_t hello[MAX_HELLO], proof[4], w[4], wall, t;
	struct span span;
	struct sock_server srv;
	unsigned kind = SOCK_HELLO, k;
	size_t count = 0, len = 0, off = 0, got, nw, i;
	int sp[2], rc, buf = 1 << 20, r;
	unsigned proved_now;

	cur = sv;
	cur_proved = proved;
	cur_part = "serve_conn";
	if (proved && n > 0) {
		kind = p[0] & 0x80 ? SOCK_STOP : SOCK_HELLO;
		count = (size_t)(p[0] & 0x7f) % (MAX_HELLO + 1);
		p++, n--;
		for (i = 0; i < count; i++) {
			unsigned char b[8] = { 0 };

			memcpy(b, p, n < 8 ? n : 8);
			hello[i] = be64(b);
			p += n < 8 ? n : 8;
			n -= n < 8 ? n : 8;
		}
		for (i = 0; i < SOCK_NONCE_LEN; i++)
			nonce[i] = hb_wire_random_byte(i);
		sock_mac((const unsigned char *)KEY, strlen(KEY), sv->proto, kind, nonce,
			 hello, count, mac);
		for (i = 0; i < 4; i++)
			proof[i] = be64(mac + 8 * i);
		len = sock_encode(out, sizeof(out), sv->proto, kind, hello, count);
		len += sock_encode(out + len, sizeof(out) - len, sv->proto, SOCK_AUTH, proof, 4);
		/* lat_tcp echoes each message of hello[0] bytes: not too many writes. */
		if (sv->proto == SOCK_LAT_TCP && kind == SOCK_HELLO && count >= 1
		    && hello[0] >= 1 && hello[0] < n / ECHO_WRITES)
			n = (size_t)hello[0] * ECHO_WRITES;
	} else
		proved = 0;
	if (n > sizeof(out) - len)
		n = sizeof(out) - len;
	memcpy(out + len, p, n);
	len += n;

	pair(sp);
	(void)setsockopt(sp[1], SOL_SOCKET, SO_SNDBUF, &buf, sizeof(buf));
	(void)setsockopt(sp[0], SOL_SOCKET, SO_RCVBUF, &buf, sizeof(buf));
	write_all(sp[0], out, len);
	if (shutdown(sp[0], SHUT_WR) != 0)
		fatal("shutdown");
	memset(&srv, 0, sizeof(srv));
	srv.lfd = srv.ufd = srv.pfd = -1;
	srv.authfd = authfd[1];
	srv.idle_ns = 60000000000ull;
	srv.bare = sv->proto == SOCK_LAT_CONNECT;
	srv.key = KEY;
	srv.conn = *sv->conn;
	span_start(&span);
	rc = (*sv->conn)(sp[1], &srv);
	t = own_ns(&span);
	wall = timing_now() - span.wall;
	/* (Not closed yet: with the client's bytes unread, that would be a reset.) */
	if (shutdown(sp[1], SHUT_WR) != 0)
		fatal("shutdown");
	got = read_all(sp[0], reply, sizeof(reply));
	close(sp[0]);
	close(sp[1]);
	proved_now = proofs();
	/* HB_WIRE_VERBOSE=1: say each outcome (to see what seeds do). */
	if (getenv("HB_WIRE_VERBOSE") != NULL) {
		size_t o = 0;

		fprintf(stderr, "wire: %s %s: rc %d, %u proof(s), %lu ms (wall %lu ms), answer %lu bytes:",
			sv->name, proved ? "proved" : "raw", rc, proved_now,
			(unsigned long)(t / 1000000), (unsigned long)(wall / 1000000),
			(unsigned long)got);
		while (next_msg(reply, got, &o, &k, w, 4, &nw) == 1)
			fprintf(stderr, " kind %u (%lu words)", k, (unsigned long)nw);
		if (o < got)
			fprintf(stderr, " + %lu bytes", (unsigned long)(got - o));
		fprintf(stderr, "\n");
	}

	if (t >= slow_ns())
		finding("the handler took %llu ms with its peer closed (%llu ms of wall time): it "
			"waited for a timeout", (unsigned long long)(t / 1000000),
			(unsigned long long)(wall / 1000000));
	need(rc == 0 || rc == -1 || rc == SOCK_SERVE_STOP,
	     "the handler returns 0, -1 or SOCK_SERVE_STOP");
	need(proved_now <= 1, "the key is proved at most once per connection");
	if (proved_now == 0) {
		need(rc == -1, "a client that did not prove the key is refused (-1)");
		if (got > 0) {
			check_challenge(reply, got, &off);
			r = next_msg(reply, got, &off, &k, w, 1, &nw);
			need(r == 0 || (r == 1 && k == SOCK_NAK && nw == 1 && w[0] == SOCK_NAK_KEY),
			     "after the challenge, a wrong proof gets a NAK (key) or nothing");
			need(r == 0 || next_msg(reply, got, &off, &k, w, 4, &nw) == 0,
			     "nothing after the NAK of a wrong proof");
		}
		if (proved) {
			need(kind == SOCK_STOP ? count != 0 : count > sv->max,
			     "a client with the key and a request within the bound proves it");
			need(got == 0, "a request beyond the bound is not challenged");
		}
		return;
	}
	/* The key proved: in raw mode only if the fuzzer found the proof. */
	check_challenge(reply, got, &off);
	if (!proved)
		return;
	need(kind == SOCK_STOP ? count == 0 : count <= sv->max,
	     "only a request within the server's bound is challenged");
	r = next_msg(reply, got, &off, &k, w, 4, &nw);
	if (kind == SOCK_STOP) {
		need(rc == SOCK_SERVE_STOP, "a proved STOP stops the server");
		need(r == 1 && k == SOCK_ACK && nw == 0, "a proved STOP is answered by an ACK");
		need(next_msg(reply, got, &off, &k, w, 4, &nw) == 0, "nothing after the STOP's ACK");
		return;
	}
	need(rc != SOCK_SERVE_STOP, "a HELLO never stops the server");
	if (r == 1 && k == SOCK_NAK) {
		need(nw == 1 && w[0] == SOCK_NAK_PARAMS, "a refused HELLO gets a NAK (parameters)");
		need(rc == -1, "a refused HELLO ends the connection (-1)");
		need(next_msg(reply, got, &off, &k, w, 4, &nw) == 0, "nothing after the NAK");
	} else
		need(r == 1 && k == SOCK_ACK, "a proved HELLO is answered by an ACK or a NAK");
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct server *sv = &servers[size > 0 ? data[0] % NSERVERS : 0];
	int proved = size > 1 && (data[1] & 1);
	size_t mx = size > 1 ? (size_t)(data[1] >> 1) : 0;
	const unsigned char *rest = size > 2 ? data + 2 : data;
	size_t n = size > 2 ? size - 2 : 0;

	if (authfd[0] < 0) {
		if (pipe(authfd) != 0 || fcntl(authfd[0], F_SETFL, O_NONBLOCK) != 0
		    || fcntl(authfd[1], F_SETFL, O_NONBLOCK) != 0)
			fatal("pipe");
	}
#ifndef HB_WIRE_FUZZER
	/* libFuzzer's -timeout, in the check program: a handler that waits for ever dies. */
	alarm(60);
#endif
	if (mx == 127)
		mx = SOCK_MAX_WORDS + 1;
	cur = NULL;
	cur_proved = 0;
	check_decode(rest, n, mx);
	check_recv(rest, n, mx);
	run_server(sv, proved, rest, n);
	(void)proofs();
#ifndef HB_WIRE_FUZZER
	alarm(0);
#endif
	return 0;
}
