/*
 * sock: sockets, the servers' protocol and loop, and the client/server
 * driver of the network benchmarks (see sock.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#ifdef __linux__
# include <sys/prctl.h>
#endif
#include <unistd.h>

#include "bench.h"
#include "hist.h"
#include "msg.h"
#include "output.h"
#include "parse.h"
#include "place.h"
#include "sha256.h"
#include "sock.h"
#include "stats.h"
#include "timing.h"

#define MAX_CHILDREN SOCK_MAX_CHILDREN
#define MAX_PENDING 64		/* accepted connections waiting for their first bytes */
#define CHILD_STOP 42		/* a forked connection's exit status: stop the server */

/* ---------------------------------------------------------------- protocol */

void
sock_put32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

uint32_t
sock_get32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

void
sock_put64(unsigned char *p, uint64_t v)
{
	sock_put32(p, (uint32_t)(v >> 32));
	sock_put32(p + 4, (uint32_t)v);
}

uint64_t
sock_get64(const unsigned char *p)
{
	return (uint64_t)sock_get32(p) << 32 | sock_get32(p + 4);
}

size_t
sock_encode(unsigned char *buf, size_t len, unsigned proto, unsigned kind,
	    const uint64_t *w, size_t n)
{
	size_t i, need = SOCK_HDR_LEN + 8 * n;

	if (n > SOCK_MAX_WORDS || need > len)
		return 0;
	sock_put32(buf, SOCK_MAGIC);
	buf[4] = 0;
	buf[5] = SOCK_VERSION;
	buf[6] = (unsigned char)(kind >> 8);
	buf[7] = (unsigned char)kind;
	sock_put32(buf + 8, proto);
	sock_put32(buf + 12, (uint32_t)(8 * n));
	for (i = 0; i < n; i++)
		sock_put64(buf + SOCK_HDR_LEN + 8 * i, w[i]);
	return need;
}

int
sock_decode_hdr(const unsigned char *hdr, unsigned proto, unsigned *kind,
		size_t *nwords, size_t max)
{
	uint32_t len = sock_get32(hdr + 12);

	if (sock_get32(hdr) != SOCK_MAGIC || hdr[4] != 0 || hdr[5] != SOCK_VERSION
	    || sock_get32(hdr + 8) != proto || len % 8 != 0 || len / 8 > max
	    || len / 8 > SOCK_MAX_WORDS) {
		errno = EPROTO;
		return -1;
	}
	*kind = (unsigned)hdr[6] << 8 | hdr[7];
	*nwords = len / 8;
	return 0;
}

int
sock_write_full(int fd, const void *buf, size_t n)
{
	const char *p = buf;

	while (n > 0) {
		ssize_t w = write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* sock_read_full, finished by deadline (0: none) whatever arrives meanwhile. */
static ssize_t
read_full_by(int fd, void *buf, size_t n, uint64_t deadline)
{
	char *p = buf;
	size_t got = 0;

	while (got < n) {
		ssize_t r;

		if (deadline != 0) {
			struct pollfd pf;
			uint64_t now = timing_now();
			int k;

			if (now >= deadline) {
				errno = ETIMEDOUT;
				return -1;
			}
			pf.fd = fd, pf.events = POLLIN, pf.revents = 0;
			k = poll(&pf, 1, (int)((deadline - now) / 1000000 + 1));
			if (k < 0 && errno == EINTR)
				continue;
			if (k < 0)
				return -1;
			if (k == 0)
				continue;	/* the deadline, checked above */
		}
		r = read(fd, p + got, n - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0) {
			if (got == 0)
				return 0;
			errno = ECONNRESET;
			return -1;
		}
		got += (size_t)r;
	}
	return (ssize_t)n;
}

ssize_t
sock_read_full(int fd, void *buf, size_t n)
{
	return read_full_by(fd, buf, n, 0);
}

int
sock_send_msg(int fd, unsigned proto, unsigned kind, const uint64_t *w, size_t n)
{
	unsigned char small[SOCK_HDR_LEN + 8 * 32], *buf;
	size_t len = SOCK_HDR_LEN + 8 * n;
	int rc;

	if (n > SOCK_MAX_WORDS) {
		errno = EMSGSIZE;
		return -1;
	}
	buf = len > sizeof(small) ? malloc(len) : small;
	if (buf == NULL)
		return -1;
	sock_encode(buf, len, proto, kind, w, n);
	rc = sock_write_full(fd, buf, len);
	if (buf != small)
		free(buf);
	return rc;
}

int
sock_recv_msg(int fd, unsigned proto, unsigned *kind, uint64_t *w, size_t max,
	      size_t *n)
{
	return sock_recv_msg_by(fd, proto, kind, w, max, n, 0);
}

int
sock_recv_msg_by(int fd, unsigned proto, unsigned *kind, uint64_t *w, size_t max,
		 size_t *n, uint64_t deadline)
{
	unsigned char hdr[SOCK_HDR_LEN], word[8];
	ssize_t r = read_full_by(fd, hdr, sizeof(hdr), deadline);
	size_t i;

	if (r == 0)
		return 1;
	if (r < 0 || sock_decode_hdr(hdr, proto, kind, n, max) != 0)
		return -1;
	/* Word by word: the length was bounded by max above, nothing is allocated. */
	for (i = 0; i < *n; i++) {
		r = read_full_by(fd, word, sizeof(word), deadline);
		if (r <= 0) {
			if (r == 0)
				errno = ECONNRESET;
			return -1;
		}
		w[i] = sock_get64(word);
	}
	return 0;
}

int
sock_set_timeout(int fd, uint64_t ns)
{
	struct timeval tv;

	tv.tv_sec = (time_t)(ns / 1000000000u);
	tv.tv_usec = (suseconds_t)(ns % 1000000000u / 1000u);
	if (ns > 0 && tv.tv_sec == 0 && tv.tv_usec == 0)
		tv.tv_usec = 1;
	if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)) != 0
	    || setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv)) != 0)
		return -1;
	return 0;
}

/* ---------------------------------------------------------------- keys */

static char the_key[SOCK_KEY_MAX + 1];

void
sock_mac(const unsigned char *key, size_t len, unsigned proto, unsigned kind,
	 const unsigned char *nonce, const uint64_t *w, size_t n, unsigned char *mac)
{
	static const char label[] = "hostbench key proof 1";
	struct hmac_sha256 h;
	unsigned char b[8];
	size_t i;

	hmac_sha256_init(&h, key, len);
	hmac_sha256_update(&h, label, sizeof(label) - 1);
	sock_put32(b, proto);
	sock_put32(b + 4, kind);
	hmac_sha256_update(&h, b, 8);
	hmac_sha256_update(&h, nonce, SOCK_NONCE_LEN);
	sock_put64(b, (uint64_t)n);
	hmac_sha256_update(&h, b, 8);
	for (i = 0; i < n; i++) {
		sock_put64(b, w[i]);
		hmac_sha256_update(&h, b, 8);
	}
	hmac_sha256_final(&h, mac);
}

int
sock_random(void *buf, size_t n)
{
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC), e;
	ssize_t r;

	if (fd < 0)
		return -1;
	r = sock_read_full(fd, buf, n);
	e = errno;
	close(fd);
	if (r != (ssize_t)n) {
		errno = r >= 0 ? EIO : e;
		return -1;
	}
	return 0;
}

int
sock_check_key(const char *key, char *err, size_t errlen)
{
	size_t i, len = strlen(key);

	if (len == 0 || len > SOCK_KEY_MAX) {
		snprintf(err, errlen, "a key is 1 .. %d characters, not %zu", SOCK_KEY_MAX, len);
		return -1;
	}
	for (i = 0; i < len; i++)
		if (key[i] <= ' ' || key[i] > '~') {
			snprintf(err, errlen, "a key is printable ASCII without spaces (character %zu is not)",
				 i + 1);
			return -1;
		}
	return 0;
}

void
sock_set_key(const char *key)
{
	size_t n = strlen(key);

	if (n > SOCK_KEY_MAX)
		n = SOCK_KEY_MAX;
	memcpy(the_key, key, n);
	the_key[n] = '\0';
}

const char *
sock_key(void)
{
	return the_key;
}

const char *
sock_why(int err)
{
	switch (err) {
	case EACCES:
		return "the server refused the key (give it the key the server printed: -K FILE or $" SOCK_KEY_ENV ")";
	case EINVAL:
		return "the server refused the parameters";
	case EAGAIN:
#if EWOULDBLOCK != EAGAIN
	case EWOULDBLOCK:
#endif
	case ETIMEDOUT:
		return "the server sent nothing in time (it accepted the connection, then stayed silent)";
	case ECONNRESET:
		return "the server closed the connection";
	case EPROTO:
		return "the peer answered something that is not this program's protocol";
	case ECONNREFUSED:
		return "nothing listens there (connection refused)";
	}
	return strerror(err);
}

/* ---------------------------------------------------------------- addresses */

static void
addr_text(struct sock_addr *a)
{
	const void *p;

	if (a->ss.ss_family == AF_INET6)
		p = &((struct sockaddr_in6 *)&a->ss)->sin6_addr;
	else
		p = &((struct sockaddr_in *)&a->ss)->sin_addr;
	if (inet_ntop(a->ss.ss_family, p, a->text, sizeof(a->text)) == NULL)
		snprintf(a->text, sizeof(a->text), "?");
}

int
sock_resolve(const char *host, unsigned port, int family, int type, int passive,
	     struct sock_addr *a, char *err, size_t errlen)
{
	struct addrinfo hints, *res = NULL;
	char serv[16];
	int rc;

	memset(&hints, 0, sizeof(hints));
	hints.ai_family = family;
	hints.ai_socktype = type;
	hints.ai_flags = AI_NUMERICSERV | (passive ? AI_PASSIVE : 0);
	snprintf(serv, sizeof(serv), "%u", port);
	rc = getaddrinfo(host, serv, &hints, &res);
	if (rc != 0 || res == NULL || res->ai_addrlen > sizeof(a->ss)) {
		snprintf(err, errlen, "%s: %s", host != NULL ? host : "(any)",
			 rc != 0 ? gai_strerror(rc) : "no usable address");
		if (res != NULL)
			freeaddrinfo(res);
		return -1;
	}
	memset(a, 0, sizeof(*a));
	memcpy(&a->ss, res->ai_addr, res->ai_addrlen);
	a->len = (socklen_t)res->ai_addrlen;
	freeaddrinfo(res);
	addr_text(a);
	return 0;
}

unsigned
sock_addr_port(const struct sock_addr *a)
{
	if (a->ss.ss_family == AF_INET6)
		return ntohs(((const struct sockaddr_in6 *)&a->ss)->sin6_port);
	return ntohs(((const struct sockaddr_in *)&a->ss)->sin_port);
}

void
sock_addr_set_port(struct sock_addr *a, unsigned port)
{
	if (a->ss.ss_family == AF_INET6)
		((struct sockaddr_in6 *)&a->ss)->sin6_port = htons((uint16_t)port);
	else
		((struct sockaddr_in *)&a->ss)->sin_port = htons((uint16_t)port);
}

unsigned
sock_local_port(int fd)
{
	struct sock_addr a;

	a.len = sizeof(a.ss);
	if (getsockname(fd, (struct sockaddr *)&a.ss, &a.len) != 0)
		return 0;
	return sock_addr_port(&a);
}

int
sock_is_loopback(const struct sock_addr *a)
{
	if (a->ss.ss_family == AF_INET)
		return (ntohl(((const struct sockaddr_in *)&a->ss)->sin_addr.s_addr) >> 24) == 127;
	if (a->ss.ss_family == AF_INET6) {
		const struct in6_addr *x = &((const struct sockaddr_in6 *)&a->ss)->sin6_addr;

		return IN6_IS_ADDR_LOOPBACK(x) || (IN6_IS_ADDR_V4MAPPED(x) && x->s6_addr[12] == 127);
	}
	return 0;
}

int
sock_listen(const struct sock_addr *a, int type)
{
	int fd = socket(a->ss.ss_family, type, 0), one = 1;

	if (fd < 0)
		return -1;
	/* Never on UDP: a socket of another user's with it could share the port. */
	if (type == SOCK_STREAM && setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) != 0)
		goto fail;
#ifdef IPV6_V6ONLY
	if (a->ss.ss_family == AF_INET6
	    && IN6_IS_ADDR_UNSPECIFIED(&((const struct sockaddr_in6 *)&a->ss)->sin6_addr)) {
		int zero = 0;

		(void)setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof(zero));
	}
#endif
	if (bind(fd, (const struct sockaddr *)&a->ss, a->len) != 0)
		goto fail;
	/* Non-blocking: a client that resets between poll and accept must not block the server. */
	if (type == SOCK_STREAM
	    && (listen(fd, 64) != 0 || fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) != 0))
		goto fail;
	return fd;
fail:
	{
		int e = errno;

		close(fd);
		errno = e;
	}
	return -1;
}

/* Wait until fd is ready for events, at most ns.  1 ready, 0 timed out, -1 error. */
static int
wait_fd(int fd, short events, uint64_t ns)
{
	struct pollfd p;
	uint64_t end = timing_now() + ns;

	for (;;) {
		uint64_t now = timing_now();
		int r;

		p.fd = fd;
		p.events = events;
		p.revents = 0;
		r = poll(&p, 1, now >= end ? 0 : (int)((end - now) / 1000000 + 1));
		if (r >= 0 || errno != EINTR)
			return r;
	}
}

static int
set_blocking(int fd, int blocking)
{
	int fl = fcntl(fd, F_GETFL);

	if (fl < 0)
		return -1;
	return fcntl(fd, F_SETFL, blocking ? fl & ~O_NONBLOCK : fl | O_NONBLOCK);
}

int
sock_connect(const struct sock_addr *a, int type, int nodelay,
	     uint64_t timeout_ns, uint64_t io_ns)
{
	int fd = socket(a->ss.ss_family, type, 0), one = 1, e;
	socklen_t len = sizeof(e);

	if (fd < 0)
		return -1;
	if (type == SOCK_STREAM) {
		if (nodelay && setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)) != 0)
			goto fail;
		if (set_blocking(fd, 0) != 0)
			goto fail;
		if (connect(fd, (const struct sockaddr *)&a->ss, a->len) != 0) {
			if (errno != EINPROGRESS)
				goto fail;
			e = wait_fd(fd, POLLOUT, timeout_ns);
			if (e == 0)
				errno = ETIMEDOUT;
			if (e <= 0)
				goto fail;
			if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &e, &len) != 0)
				goto fail;
			if (e != 0) {
				errno = e;
				goto fail;
			}
		}
		if (set_blocking(fd, 1) != 0)
			goto fail;
	} else if (connect(fd, (const struct sockaddr *)&a->ss, a->len) != 0) {
		goto fail;
	}
	if (io_ns > 0 && sock_set_timeout(fd, io_ns) != 0)
		goto fail;
	return fd;
fail:
	e = errno;
	close(fd);
	errno = e;
	return -1;
}

int
sock_accept(int lfd, uint64_t timeout_ns)
{
	for (;;) {
		int fd, r = wait_fd(lfd, POLLIN, timeout_ns);

		if (r == 0)
			errno = ETIMEDOUT;
		if (r <= 0)
			return -1;
		fd = accept(lfd, NULL, NULL);
		if (fd >= 0) {
			/* BSDs pass the listener's O_NONBLOCK on; timeouts come from SO_RCVTIMEO. */
			if (set_blocking(fd, 1) != 0) {
				close(fd);
				return -1;
			}
			return fd;
		}
		if (errno != EAGAIN && errno != EWOULDBLOCK && errno != ECONNABORTED
		    && errno != EINTR)
			return -1;
	}
}

int
sock_buffer(int fd, int opt, uint64_t want, uint64_t *granted)
{
	int v = want > INT_MAX ? INT_MAX : (int)want;
	socklen_t len = sizeof(v);

	if ((want > 0 && setsockopt(fd, SOL_SOCKET, opt, &v, sizeof(v)) != 0)
	    || getsockopt(fd, SOL_SOCKET, opt, &v, &len) != 0)
		return -1;
	*granted = v > 0 ? (uint64_t)v : 0;
	return 0;
}

int
sock_parse_rate(const char *opt, const char *s, double *bits, char *err, size_t errlen)
{
	char num[64];
	size_t len = strlen(s);
	double v, mult = 1;

	if (len > 0 && len < sizeof(num)) {
		memcpy(num, s, len + 1);
		switch (num[len - 1]) {
		case 'k': case 'K':
			mult = 1e3;
			break;
		case 'm': case 'M':
			mult = 1e6;
			break;
		case 'g': case 'G':
			mult = 1e9;
			break;
		}
		if (mult > 1)
			num[len - 1] = '\0';
		if (parse_double(opt, num, 0, 100e9 / mult, &v, NULL, 0) == 0
		    && (v == 0 || v * mult >= 1e3)) {
			*bits = v * mult;
			return 0;
		}
	}
	if (err != NULL && errlen > 0)
		snprintf(err, errlen, "%s: value '%s' is not a rate; allowed: 0 (as fast as possible) or 1k .. 100g bits/s",
			 opt, s);
	return -1;
}

/* ---------------------------------------------------------------- options */

void
sock_opts_init(struct sock_opts *so)
{
	memset(so, 0, sizeof(*so));
	so->family = AF_UNSPEC;
	so->port = -1;
	so->idle_ns = 60000000000ull;
	so->dur_ns = 2000000000ull;
}

int
sock_option(const struct bench_prog *p, struct sock_opts *so, int opt, const char *arg)
{
	char err[PARSE_ERRLEN];

	switch (opt) {
	case 's':
		so->server = 1;
		return 0;
	case 'S':
		so->stop = arg;
		return 0;
	case 'b':
	case 'B':
		so->bind = arg;
		return 0;
	case 'K':
		so->keyfile = arg;
		return 0;
	case '6':
		so->family = AF_INET6;
		return 0;
	case 'n':
		so->port = (long)bench_arg_int(p, "-n", arg, 0, 65535);
		return 0;
	case 'i':
		if (parse_duration("-i", arg, "s", 0, 86400000000000ull, &so->idle_ns,
				   err, sizeof(err)) != 0)
			bench_usage_error(p, "%s", err);
		return 0;
	case 'p':
		if (place_parse("-p", arg, &so->place_mask, err, sizeof(err)) != 0)
			bench_usage_error(p, "%s", err);
		return 0;
	case 't':
		if (parse_duration("-t", arg, "s", 1000000, 3600000000000ull, &so->dur_ns,
				   err, sizeof(err)) != 0)
			bench_usage_error(p, "%s", err);
		return 0;
	}
	return -1;
}

/* ---------------------------------------------------------------- server */

/*
 * In a child: set once the client proved the key.  The server makes room
 * by sending SIGUSR1, which ends only a child whose client has not: no
 * race with the report of a proof on its way.
 */
static volatile sig_atomic_t child_proven;

static void
evicted(int sig)
{
	(void)sig;
	if (!child_proven)
		_exit(0);
}

int
sock_hello(int fd, const struct sock_server *s, unsigned proto, uint64_t *w,
	   size_t max, size_t *n)
{
	uint64_t deadline = timing_now() + SOCK_HELLO_NS, nonce[2], proof[4], nak = SOCK_NAK_KEY;
	unsigned char nb[SOCK_NONCE_LEN], mac[SOCK_MAC_LEN], got[SOCK_MAC_LEN];
	const char *key = s->key != NULL ? s->key : "";
	unsigned kind, k2;
	size_t np, i;

	if (sock_set_timeout(fd, SOCK_HELLO_NS) != 0
	    || sock_recv_msg_by(fd, proto, &kind, w, max, n, deadline) != 0
	    || (kind != SOCK_HELLO && kind != SOCK_STOP) || (kind == SOCK_STOP && *n != 0)
	    || sock_random(nb, sizeof(nb)) != 0)
		return -1;
	nonce[0] = sock_get64(nb);
	nonce[1] = sock_get64(nb + 8);
	if (sock_send_msg(fd, proto, SOCK_CHALLENGE, nonce, 2) != 0
	    || sock_recv_msg_by(fd, proto, &k2, proof, 4, &np, deadline) != 0
	    || k2 != SOCK_AUTH || np != 4)
		return -1;
	for (i = 0; i < 4; i++)
		sock_put64(got + 8 * i, proof[i]);
	sock_mac((const unsigned char *)key, strlen(key), proto, kind, nb, w, *n, mac);
	if (!hb_memeq_ct(mac, got, sizeof(mac))) {
		(void)sock_send_msg(fd, proto, SOCK_NAK, &nak, 1);
		return -1;
	}
	child_proven = 1;
	{
		/* From here SIGUSR1 could only interrupt the session's calls: held off. */
		sigset_t set;

		sigemptyset(&set);
		sigaddset(&set, SIGUSR1);
		(void)sigprocmask(SIG_BLOCK, &set, NULL);
	}
	if (s->authfd >= 0) {
		pid_t me = getpid();

		/* Atomic (below PIPE_BUF); a full pipe only delays the parent's count. */
		(void)!write(s->authfd, &me, sizeof(me));
	}
	if (kind == SOCK_STOP) {
		(void)sock_send_msg(fd, proto, SOCK_ACK, NULL, 0);
		return SOCK_SERVE_STOP;
	}
	return 0;
}

static void
die_with_parent(void)
{
#ifdef __linux__
	/* A server a benchmark started dies with it, even under SIGKILL. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
}

/* A child of the server: the peer it serves, whether it proved the key, since when. */
struct kid {
	pid_t pid;
	int authed;
	int dying;		/* evicted: killed, not reaped yet */
	uint64_t touched;	/* auth, or (bare) the peer's last bare connection */
	struct sockaddr_storage peer;
};

/* An accepted connection that has not sent its first bytes yet. */
struct pending {
	int fd;
	int held;		/* it has bytes: waits for a child's slot */
	uint64_t deadline;
	struct sockaddr_storage peer;
};

/* The same host (addresses, ports aside). */
static int
same_host(const struct sockaddr_storage *a, const struct sockaddr_storage *b)
{
	if (a->ss_family != b->ss_family)
		return 0;
	if (a->ss_family == AF_INET6)
		return memcmp(&((const struct sockaddr_in6 *)a)->sin6_addr,
			      &((const struct sockaddr_in6 *)b)->sin6_addr, sizeof(struct in6_addr)) == 0;
	if (a->ss_family == AF_INET)
		return ((const struct sockaddr_in *)a)->sin_addr.s_addr
			== ((const struct sockaddr_in *)b)->sin_addr.s_addr;
	return 0;
}

static void
stop_children(struct kid *kids, unsigned n)
{
	unsigned i;

	for (i = 0; i < n; i++)
		kill(kids[i].pid, SIGTERM);
	for (i = 0; i < n; i++)
		waitpid(kids[i].pid, NULL, 0);
}

struct loop {
	const struct sock_server *s;
	struct kid kids[MAX_CHILDREN];
	struct pending pend[MAX_PENDING];
	unsigned nkids, npend, maxkids;
	int auth[2];		/* children's reports of a key proved */
	uint64_t last;		/* the last activity of a client with the key */
};

/* Connections from host not yet proven: waiting for bytes, or in a child. */
static unsigned
unproven(const struct loop *l, const struct sockaddr_storage *host)
{
	unsigned i, n = 0;

	for (i = 0; i < l->npend; i++)
		n += same_host(&l->pend[i].peer, host) ? 1u : 0u;
	for (i = 0; i < l->nkids; i++)
		n += !l->kids[i].authed && !l->kids[i].dying && same_host(&l->kids[i].peer, host) ? 1u : 0u;
	return n;
}

static void
drop_pending(struct loop *l, unsigned i)
{
	close(l->pend[i].fd);
	l->pend[i] = l->pend[--l->npend];
}

/* The connection pend[i] to a child.  0, or -1 when fork failed (the connection is dropped). */
static int
fork_child(struct loop *l, unsigned i)
{
	struct sock_server cs = *l->s;
	struct pending p = l->pend[i];
	unsigned j;
	pid_t pid;

	l->pend[i] = l->pend[--l->npend];
	pid = fork();
	if (pid == 0) {
		struct sigaction sa;

		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = evicted;
		sigemptyset(&sa.sa_mask);
		child_proven = 0;
		(void)sigaction(SIGUSR1, &sa, NULL);
		die_with_parent();
		close(cs.lfd);
		if (cs.ufd >= 0)
			close(cs.ufd);
		close(l->auth[0]);
		for (j = 0; j < l->npend; j++)
			close(l->pend[j].fd);
		cs.authfd = l->auth[1];
		_exit(set_blocking(p.fd, 1) == 0 && cs.conn(p.fd, &cs) == SOCK_SERVE_STOP
		      ? CHILD_STOP : 0);
	}
	close(p.fd);
	if (pid < 0)
		return -1;
	l->kids[l->nkids].pid = pid;
	l->kids[l->nkids].authed = 0;
	l->kids[l->nkids].dying = 0;
	l->kids[l->nkids].touched = timing_now();
	l->kids[l->nkids].peer = p.peer;
	l->nkids++;
	return 0;
}

/* Reap children; 1 when one asked to stop the server. */
static int
reap(struct loop *l)
{
	unsigned i;
	int status, stop = 0;
	pid_t pid;

	while (l->nkids > 0 && (pid = waitpid(-1, &status, WNOHANG)) > 0)
		for (i = 0; i < l->nkids; i++)
			if (l->kids[i].pid == pid) {
				if (l->kids[i].authed)
					l->last = timing_now();
				l->kids[i] = l->kids[--l->nkids];
				stop |= WIFEXITED(status) && WEXITSTATUS(status) == CHILD_STOP;
				break;
			}
	return stop;
}

/* Children's reports of a key proved. */
static void
read_auth(struct loop *l)
{
	pid_t pid;
	unsigned i;

	while (read(l->auth[0], &pid, sizeof(pid)) == (ssize_t)sizeof(pid))
		for (i = 0; i < l->nkids; i++)
			if (l->kids[i].pid == pid) {
				l->kids[i].authed = 1;
				l->kids[i].touched = l->last = timing_now();
			}
}

/* A child of host's has proved the key. */
static int
has_session(const struct loop *l, const struct sockaddr_storage *host)
{
	unsigned i;

	for (i = 0; i < l->nkids; i++)
		if (l->kids[i].authed && same_host(&l->kids[i].peer, host))
			return 1;
	return 0;
}

/*
 * Make room for a new connection from host: close its oldest waiting
 * connection, or else end its oldest unproven child.  A client with
 * the key proves it within a round trip or two; one that holds slots
 * without it loses them first.
 */
static void
evict_oldest(struct loop *l, const struct sockaddr_storage *host)
{
	unsigned i, best = UINT_MAX;

	for (i = 0; i < l->npend; i++)
		if (same_host(&l->pend[i].peer, host)
		    && (best == UINT_MAX || l->pend[i].deadline < l->pend[best].deadline))
			best = i;
	if (best != UINT_MAX) {
		drop_pending(l, best);
		return;
	}
	for (i = 0; i < l->nkids; i++)
		if (!l->kids[i].authed && !l->kids[i].dying && same_host(&l->kids[i].peer, host)
		    && (best == UINT_MAX || l->kids[i].touched < l->kids[best].touched))
			best = i;
	if (best != UINT_MAX) {
		/* Ends it unless it has proved the key meanwhile (its report is on the way). */
		kill(l->kids[best].pid, SIGUSR1);
		l->kids[best].dying = 1;
	}
}

static int ready(struct loop *l, unsigned i, short revents);

/* Accept what the listening socket has, within the slots. */
static void
accept_new(struct loop *l)
{
	while (l->npend < MAX_PENDING) {
		struct sockaddr_storage peer;
		socklen_t len = sizeof(peer);
		struct pending *p;
#if defined(SOCK_NONBLOCK) && defined(SOCK_CLOEXEC)
		/* One call where there is accept4: lat_connect times this path. */
		int fd = accept4(l->s->lfd, (struct sockaddr *)&peer, &len, SOCK_NONBLOCK | SOCK_CLOEXEC);

		if (fd < 0)
			return;	/* EAGAIN: no more; anything else: the next poll */
#else
		int fd = accept(l->s->lfd, (struct sockaddr *)&peer, &len);

		if (fd < 0)
			return;	/* EAGAIN: no more; anything else: the next poll */
		if (fcntl(fd, F_SETFD, FD_CLOEXEC) != 0 || set_blocking(fd, 0) != 0) {
			close(fd);
			continue;
		}
#endif
		/*
		 * A full share: the peer's oldest unproven connection makes room
		 * (the reports of proofs read first: they may free the share).
		 */
		if (!(l->s->bare && has_session(l, &peer)) && unproven(l, &peer) >= SOCK_PEER_UNAUTH) {
			read_auth(l);
			if (unproven(l, &peer) >= SOCK_PEER_UNAUTH)
				evict_oldest(l, &peer);
		}
		p = &l->pend[l->npend++];
		p->fd = fd;
		p->held = 0;
		p->deadline = timing_now() + SOCK_HELLO_NS;
		p->peer = peer;
		/* A bare connection has usually ended by now: no poll round for it. */
		if (l->s->bare)
			(void)ready(l, l->npend - 1, 0);
	}
}

/*
 * pend[i] is readable.  A bare connection ended without a byte is
 * closed here (activity only from a peer with a session); bytes go to
 * a child when there is room.  1 when pend[i] is gone from the list.
 */
static int
ready(struct loop *l, unsigned i, short revents)
{
	struct pending *p = &l->pend[i];
	unsigned j;
	char c;

	if (l->s->bare && !p->held) {
		ssize_t r = recv(p->fd, &c, 1, MSG_PEEK);

		if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
			return 0;
		if (r <= 0) {
			for (j = 0; j < l->nkids; j++)
				if (l->kids[j].authed && same_host(&l->kids[j].peer, &p->peer))
					l->kids[j].touched = l->last = timing_now();
			drop_pending(l, i);
			return 1;
		}
	}
	if (l->nkids >= l->maxkids) {
		if (revents & (POLLHUP | POLLERR)) {
			drop_pending(l, i);
			return 1;
		}
		p->held = 1;	/* waits for a slot, within its deadline */
		return 0;
	}
	(void)fork_child(l, i);
	return 1;
}

int
sock_serve(const struct sock_server *s)
{
	static struct loop l;	/* 64 children and 64 connections: not on a small board's stack */
	struct pollfd pf[3 + MAX_PENDING];
	unsigned i;
	int e;

	memset(&l, 0, sizeof(l));
	l.s = s;
	l.maxkids = s->max_children > 0 && s->max_children < MAX_CHILDREN ? s->max_children : MAX_CHILDREN;
	l.last = timing_now();
	if (pipe(l.auth) != 0)
		return -1;
	if (fcntl(l.auth[0], F_SETFL, O_NONBLOCK) != 0 || fcntl(l.auth[0], F_SETFD, FD_CLOEXEC) != 0)
		goto fail;
	for (;;) {
		uint64_t now, wake = UINT64_MAX;
		unsigned np = 0, authed = 0, pi;
		int timeout, r;

		if (reap(&l))
			goto stop;
		read_auth(&l);
		for (i = l.npend; i-- > 0 && l.nkids < l.maxkids;)
			if (l.pend[i].held)
				(void)fork_child(&l, i);
		now = timing_now();
		for (i = 0; i < l.npend;)
			if (l.pend[i].deadline <= now)
				drop_pending(&l, i);
			else
				i++;
		for (i = 0; i < l.nkids; i++) {
			struct kid *k = &l.kids[i];

			authed += k->authed ? 1u : 0u;
			/* A lat_connect session whose peer stopped connecting. */
			if (s->bare && k->authed && now - k->touched > SOCK_XFER_NS)
				kill(k->pid, SIGTERM);
		}
		/* Only a client that proved the key keeps the server; a child of one bounds itself. */
		if (authed == 0 && s->idle_ns > 0) {
			if (now - l.last >= s->idle_ns)
				goto stop;
			wake = l.last + s->idle_ns;
		}
		pf[np].fd = l.auth[0], pf[np++].events = POLLIN;
		if (s->pfd >= 0)
			pf[np].fd = s->pfd, pf[np++].events = POLLIN;
		pi = np;
		if (l.npend < MAX_PENDING)
			pf[np].fd = s->lfd, pf[np++].events = POLLIN;
		for (i = 0; i < l.npend; i++) {
			int full = l.pend[i].held || (!s->bare && l.nkids >= l.maxkids);

			pf[np + i].fd = l.pend[i].fd, pf[np + i].events = full ? 0 : POLLIN;
			if (l.pend[i].deadline < wake)
				wake = l.pend[i].deadline;
		}
		for (i = 0; i < np + l.npend; i++)
			pf[i].revents = 0;
		if (wake == UINT64_MAX)
			timeout = l.nkids > 0 ? 100 : -1;
		else
			timeout = wake <= now ? 0 : (int)((wake - now) / 1000000 + 1);
		if (l.nkids > 0 && (timeout < 0 || timeout > 100))
			timeout = 100;	/* to reap children */
		r = poll(pf, (nfds_t)(np + l.npend), timeout);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			goto fail;
		if (s->pfd >= 0 && pf[1].revents != 0)
			goto stop;
		/* Pending connections first: their indices are the poll's. */
		for (i = l.npend; i-- > 0;)
			if (pf[np + i].revents != 0)
				(void)ready(&l, i, pf[np + i].revents);
		if (pi < np && (pf[pi].revents & POLLIN))
			accept_new(&l);
	}
stop:
	stop_children(l.kids, l.nkids);
	while (l.npend > 0)
		drop_pending(&l, 0);
	close(l.auth[0]);
	close(l.auth[1]);
	return 0;
fail:
	e = errno;
	stop_children(l.kids, l.nkids);
	while (l.npend > 0)
		drop_pending(&l, 0);
	close(l.auth[0]);
	close(l.auth[1]);
	errno = e;
	return -1;
}

/* A v4-mapped IPv6 address (::ffff:a.b.c.d) as the IPv4 address it is. */
static void
unmap_v4(struct sock_addr *a)
{
	const struct sockaddr_in6 *s6 = (const struct sockaddr_in6 *)&a->ss;
	struct sockaddr_in s4;

	if (a->ss.ss_family != AF_INET6 || !IN6_IS_ADDR_V4MAPPED(&s6->sin6_addr))
		return;
	memset(&s4, 0, sizeof(s4));
	s4.sin_family = AF_INET;
	s4.sin_port = s6->sin6_port;
	memcpy(&s4.sin_addr, s6->sin6_addr.s6_addr + 12, 4);
	memset(&a->ss, 0, sizeof(a->ss));
	memcpy(&a->ss, &s4, sizeof(s4));
	a->len = sizeof(s4);
}

/* The hostbench servers' default ports: never a session's UDP peer. */
static int
server_port(unsigned port)
{
	return port >= 31334 && port <= 31340;
}

int
sock_udp_accept(int fd, unsigned port, unsigned *local)
{
	struct sock_addr me, peer;
	int u, e;

	memset(&me, 0, sizeof(me));
	memset(&peer, 0, sizeof(peer));
	me.len = peer.len = sizeof(me.ss);
	if (getsockname(fd, (struct sockaddr *)&me.ss, &me.len) != 0
	    || getpeername(fd, (struct sockaddr *)&peer.ss, &peer.len) != 0)
		return -1;
	if ((me.ss.ss_family != AF_INET && me.ss.ss_family != AF_INET6)
	    || peer.ss.ss_family != me.ss.ss_family) {
		errno = EAFNOSUPPORT;	/* a session's TCP connection is IP */
		return -1;
	}
	/* An IPv4 client of a server on [::]: an IPv4 socket (bindv6only may be on). */
	unmap_v4(&me);
	unmap_v4(&peer);
	if (port < 1024 || port > 65535 || server_port(port)) {
		errno = EACCES;
		return -1;
	}
	sock_addr_set_port(&me, 0);
	sock_addr_set_port(&peer, port);
	if ((u = socket(me.ss.ss_family, SOCK_DGRAM, 0)) < 0)
		return -1;
	if (bind(u, (struct sockaddr *)&me.ss, me.len) != 0
	    || (*local = sock_local_port(u)) == 0)
		goto fail;
	if (same_host(&me.ss, &peer.ss) && *local == port) {
		errno = EACCES;
		goto fail;
	}
	if (connect(u, (struct sockaddr *)&peer.ss, peer.len) != 0)
		goto fail;
	return u;
fail:
	e = errno;
	close(u);
	errno = e;
	return -1;
}

int
sock_udp_open(const struct sock_addr *a, unsigned *local)
{
	struct sock_addr me;
	int u, e;

	/* The wildcard of a's family: the route picks the source, as for the TCP connection. */
	memset(&me, 0, sizeof(me));
	me.ss.ss_family = a->ss.ss_family;
	me.len = a->len;
	if ((u = socket(me.ss.ss_family, SOCK_DGRAM, 0)) < 0)
		return -1;
	if (bind(u, (struct sockaddr *)&me.ss, me.len) == 0 && (*local = sock_local_port(u)) != 0)
		return u;
	e = errno;
	close(u);
	errno = e;
	return -1;
}

int
sock_udp_connect(int ufd, const struct sock_addr *a, unsigned port, uint64_t io_ns)
{
	struct sock_addr to = *a;

	sock_addr_set_port(&to, port);
	if (connect(ufd, (const struct sockaddr *)&to.ss, to.len) != 0)
		return -1;
	return io_ns > 0 ? sock_set_timeout(ufd, io_ns) : 0;
}

/* ---------------------------------------------------------------- driver */

/* The server's sockets on a (port 0: any free one; both kinds share it). */
static int
open_server(const struct sock_prog *sp, struct sock_addr *a, int *lfd, int *ufd)
{
	int tries;

	for (tries = 0; tries < 20; tries++) {
		unsigned want = sock_addr_port(a);

		*ufd = -1;
		if ((*lfd = sock_listen(a, SOCK_STREAM)) < 0)
			return -1;
		sock_addr_set_port(a, sock_local_port(*lfd));
		if (sp->udp && (*ufd = sock_listen(a, SOCK_DGRAM)) < 0) {
			int e = errno;

			close(*lfd);
			errno = e;
			/* The free TCP port may be a busy UDP one: try another. */
			if (e == EADDRINUSE && want == 0) {
				sock_addr_set_port(a, 0);
				continue;
			}
			return -1;
		}
		return 0;
	}
	return -1;
}

static int
serve(const struct sock_prog *sp, int lfd, int ufd, int pfd, uint64_t idle_ns)
{
	struct sock_server s;

	memset(&s, 0, sizeof(s));
	s.lfd = lfd;
	s.ufd = ufd;
	s.pfd = pfd;
	s.authfd = -1;
	s.idle_ns = idle_ns;
	s.max_children = sp->max_children;
	s.bare = sp->bare;
	s.key = sock_key();
	s.conn = sp->conn;
	s.arg = sp->arg;
	return sp->serve != NULL ? sp->serve(&s) : sock_serve(&s);
}

/* A new random key, as 32 hex digits.  0, or -1 with errno set. */
static int
new_key(char *key, size_t len)
{
	unsigned char b[16];
	size_t i;

	if (len < 2 * sizeof(b) + 1 || sock_random(b, sizeof(b)) != 0)
		return -1;
	for (i = 0; i < sizeof(b); i++)
		snprintf(key + 2 * i, 3, "%02x", b[i]);
	return 0;
}

/*
 * The key from file (its first line).  With make, a missing file is
 * made with a new key, mode 0600, never through a symlink.  Exits 1
 * with the reason on failure.
 */
static void
key_from_file(const struct bench_prog *p, const char *file, int make, char *key, size_t len)
{
	char err[PARSE_ERRLEN];
	int fd = open(file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	ssize_t r;

	if (fd < 0 && errno == ENOENT && make) {
		fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd < 0)
			msg_sysdie("-K: cannot make the key file %s", file);
		if (new_key(key, len) != 0)
			msg_sysdie("cannot make a key (/dev/urandom)");
		if (sock_write_full(fd, key, strlen(key)) != 0 || write(fd, "\n", 1) != 1
		    || close(fd) != 0) {
			int e = errno;

			(void)unlink(file);
			errno = e;
			msg_sysdie("-K: cannot write the key file %s", file);
		}
		return;
	}
	if (fd < 0)
		msg_sysdie("-K: cannot read the key file %s", file);
	r = read(fd, key, len - 1);
	close(fd);
	if (r < 0)
		msg_sysdie("-K: cannot read the key file %s", file);
	key[r] = '\0';
	key[strcspn(key, "\r\n")] = '\0';
	if (sock_check_key(key, err, sizeof(err)) != 0)
		bench_usage_error(p, "-K: the key in %s: %s", file, err);
}

/*
 * The key for this run: -K FILE, else $HOSTBENCH_KEY, else (server: a
 * new one; client: none).  Returns where it came from, for the server's
 * line.
 */
static const char *
choose_key(const struct bench_prog *p, const struct sock_opts *so, int server)
{
	static char key[SOCK_KEY_MAX + 2];
	char err[PARSE_ERRLEN];
	const char *env = getenv(SOCK_KEY_ENV);

	if (so->keyfile != NULL) {
		key_from_file(p, so->keyfile, server, key, sizeof(key));
		sock_set_key(key);
		return "from the key file";
	}
	if (env != NULL && *env != '\0') {
		if (sock_check_key(env, err, sizeof(err)) != 0)
			bench_usage_error(p, "$%s: %s", SOCK_KEY_ENV, err);
		sock_set_key(env);
		return "from $" SOCK_KEY_ENV;
	}
	if (server) {
		if (new_key(key, sizeof(key)) != 0)
			msg_sysdie("cannot make a key (/dev/urandom)");
		sock_set_key(key);
		return NULL;
	}
	sock_set_key("");
	return NULL;
}

/* -s: bind, then serve in a background process, as lmbench's servers do. */
static int
run_server(const struct sock_prog *sp, const struct sock_opts *so)
{
	struct sock_addr a;
	char err[PARSE_ERRLEN], idle[32], keytext[SOCK_KEY_MAX + 16];
	unsigned port = so->port >= 0 ? (unsigned)so->port : sp->port;
	int lfd, ufd, null, any = so->bind != NULL && strcmp(so->bind, "any") == 0;
	const char *from = choose_key(sp->bench, so, 1), *host;
	pid_t pid;

	if (any && so->family != AF_INET) {
		/* The v6 wildcard takes IPv4 too; fall back where there is no IPv6. */
		if (sock_resolve("::", port, AF_INET6, SOCK_STREAM, 1, &a, err, sizeof(err)) == 0
		    && open_server(sp, &a, &lfd, &ufd) == 0)
			goto bound;
		if (so->family == AF_INET6)
			msg_sysdie("cannot listen on [::] port %u", port);
	}
	if (any)
		host = "0.0.0.0";
	else if (so->bind != NULL)
		host = so->bind;
	else
		host = so->family == AF_INET6 ? "::1" : "127.0.0.1";
	if (sock_resolve(host, port, so->family, SOCK_STREAM, 1, &a, err, sizeof(err)) != 0)
		msg_die("%s", err);
	if (open_server(sp, &a, &lfd, &ufd) != 0)
		msg_sysdie("cannot listen on %s port %u", a.text, port);
bound:
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		msg_sysdie("fork");
	if (pid == 0) {
		setsid();
		if ((null = open("/dev/null", O_RDWR)) >= 0) {
			dup2(null, 0), dup2(null, 1), dup2(null, 2);
			if (null > 2)
				close(null);
		}
		(void)!chdir("/");
		_exit(serve(sp, lfd, ufd, -1, so->idle_ns) == 0 ? 0 : 1);
	}
	if (so->idle_ns > 0)
		snprintf(idle, sizeof(idle), "%.0f s", (double)so->idle_ns / 1e9);
	else
		snprintf(idle, sizeof(idle), "none");
	if (from != NULL)
		snprintf(keytext, sizeof(keytext), "%s", from);
	else
		snprintf(keytext, sizeof(keytext), "%s", sock_key());
	msg_warn("server pid %ld on %s port %u, idle timeout %s, key %s", (long)pid,
		 any ? "every address" : a.text, sock_addr_port(&a), idle, keytext);
	if (any)
		msg_warn("listening on every address: anyone who can reach port %u can reach the server; it serves only clients with its key",
			 sock_addr_port(&a));
	return MSG_EXIT_OK;
}

/* The server a benchmark started on loopback: killed on every exit path. */
static pid_t local_pid = -1;
static int local_pipe = -1;

static void
stop_local(void)
{
	if (local_pid > 0) {
		kill(local_pid, SIGTERM);
		waitpid(local_pid, NULL, 0);
		local_pid = -1;
	}
	if (local_pipe >= 0) {
		close(local_pipe);
		local_pipe = -1;
	}
}

static int
start_local(const struct sock_prog *sp, const struct sock_opts *so,
	    const struct place *pl, enum place_kind k, struct sock_addr *a)
{
	static int registered;
	char err[PARSE_ERRLEN];
	int lfd, ufd, p[2];

	if (!registered && atexit(stop_local) == 0)
		registered = 1;
	if (sock_resolve(so->family == AF_INET6 ? "::1" : "127.0.0.1", 0, so->family,
			 SOCK_STREAM, 0, a, err, sizeof(err)) != 0) {
		msg_warn("%s", err);
		return -1;
	}
	if (open_server(sp, a, &lfd, &ufd) != 0) {
		msg_syswarn("cannot listen on %s", a->text);
		return -1;
	}
	if (pipe(p) != 0) {
		msg_syswarn("pipe");
		return -1;
	}
	fflush(NULL);
	local_pid = fork();
	if (local_pid < 0) {
		msg_syswarn("fork");
		return -1;
	}
	if (local_pid == 0) {
		die_with_parent();
		close(p[1]);
		if (place_pin(pl, k, 1) != 0)
			_exit(MSG_EXIT_FAIL);
		_exit(serve(sp, lfd, ufd, p[0], so->idle_ns) == 0 ? 0 : 1);
	}
	close(p[0]);
	local_pipe = p[1];
	if (lfd >= 0)
		close(lfd);
	if (ufd >= 0)
		close(ufd);
	return 0;
}

/*
 * A request (HELLO or STOP with n words) on fd, the key proved, and the
 * answer: 0 with the ACK's words in reply, or -1 with errno (see
 * sock_session).
 */
static int
request(int fd, unsigned proto, unsigned kind, const uint64_t *w, size_t n,
	uint64_t *reply, size_t max, size_t *nreply)
{
	uint64_t nonce[2], proof[4], why[1];
	unsigned char nb[SOCK_NONCE_LEN], mac[SOCK_MAC_LEN];
	const char *key = sock_key();
	unsigned got = 0;	/* no kind: read only after a message came */
	size_t k;
	int rc;

	if (sock_send_msg(fd, proto, kind, w, n) != 0)
		return -1;
	rc = sock_recv_msg(fd, proto, &got, nonce, 2, &k);
	if (rc == 0 && got == SOCK_CHALLENGE && k == 2) {
		sock_put64(nb, nonce[0]);
		sock_put64(nb + 8, nonce[1]);
		sock_mac((const unsigned char *)key, strlen(key), proto, kind, nb, w, n, mac);
		for (k = 0; k < 4; k++)
			proof[k] = sock_get64(mac + 8 * k);
		if (sock_send_msg(fd, proto, SOCK_AUTH, proof, 4) != 0)
			return -1;
		got = 0;
		rc = max > 0 ? sock_recv_msg(fd, proto, &got, reply, max, nreply)
			: sock_recv_msg(fd, proto, &got, why, 1, nreply);
		if (rc == 0 && got == SOCK_NAK && max > 0)
			why[0] = *nreply > 0 ? reply[0] : SOCK_NAK_PARAMS;
		else if (rc == 0 && got == SOCK_NAK)
			why[0] = *nreply > 0 ? why[0] : SOCK_NAK_PARAMS;
	} else if (rc == 0 && got == SOCK_NAK) {
		why[0] = k > 0 ? nonce[0] : SOCK_NAK_PARAMS;
	}
	if (rc == 1)
		errno = ECONNRESET;
	else if (rc == 0 && got == SOCK_NAK)
		errno = why[0] == SOCK_NAK_KEY ? EACCES : EINVAL;
	else if (rc == 0 && got != SOCK_ACK)
		errno = EPROTO;
	else if (rc == 0)
		return 0;
	else if (errno == EAGAIN || errno == EWOULDBLOCK)
		errno = ETIMEDOUT;
	return -1;
}

/*
 * Connect to a and make a request.  A server at its share of unproven
 * connections from this address closes the oldest (-P copies connecting
 * at once): a connection closed before the answer is tried again after
 * a random pause, for up to SOCK_RETRY_NS.
 */
#define SOCK_RETRY_NS 5000000000ull

static int
connect_request(const struct sock_addr *a, unsigned proto, unsigned kind, const uint64_t *w,
		size_t n, uint64_t *reply, size_t max, size_t *nreply, uint64_t io_ns)
{
	uint64_t end = timing_now() + SOCK_RETRY_NS, seed = timing_now() ^ ((uint64_t)getpid() << 32);
	unsigned tries;

	for (tries = 1;; tries++) {
		int fd = sock_connect(a, SOCK_STREAM, 1, SOCK_HELLO_NS, io_ns), e;
		struct timespec ts;

		if (fd < 0)
			return -1;
		*nreply = 0;
		if (request(fd, proto, kind, w, n, reply, max, nreply) == 0)
			return fd;
		e = errno;
		close(fd);
		errno = e;
		if ((e != ECONNRESET && e != EPIPE) || timing_now() >= end)
			return -1;
		/* 10 .. 10 + 20 x tries ms, at random: the copies spread out. */
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		ts.tv_sec = 0;
		ts.tv_nsec = (long)(10000000 + (seed >> 33) % (20000000ull * (tries < 10 ? tries : 10)));
		nanosleep(&ts, NULL);
	}
}

int
sock_session(const struct sock_addr *a, unsigned proto, const uint64_t *w,
	     size_t n, uint64_t *reply, size_t max, size_t *nreply)
{
	return connect_request(a, proto, SOCK_HELLO, w, n, reply, max, nreply, SOCK_CLIENT_NS);
}

static struct hist pct_hist;	/* 39 KB: not on a small board's stack */

int
sock_percentiles(const struct bench_opts *o, timing_loop_fn fn, void *arg)
{
	struct hist *h = &pct_hist;
	uint64_t budget = (uint64_t)o->reps * o->sample_ns, start, t0, t1;
	double cost = timing_call_cost();

	if (budget > 5000000000ull)
		budget = 5000000000ull;
	hist_init(h);
	start = timing_now();
	do {
		t0 = timing_now();
		if (fn(arg, 1) != 0) {
			hist_init(h);
			return -1;
		}
		t1 = timing_now();
		hist_add(h, (double)(t1 - t0) > cost ? (uint64_t)((double)(t1 - t0) - cost) : 0);
	} while (t1 - start < budget || h->n < 100);
	return 0;
}

void
sock_percentiles_print(const struct bench_opts *o, const char *name)
{
	static const int pct[] = { 50, 90, 99 };
	const struct hist *h = &pct_hist;
	size_t i;

	if (h->n == 0)
		return;
	for (i = 0; i < HB_ARRAY_SIZE(pct); i++) {
		char pname[OUTPUT_MAX_NAME];
		double v = hist_quantile(h, pct[i] / 100.0);

		snprintf(pname, sizeof(pname), "%s/stat=p%d", name, pct[i]);
		if (o->output == OUTPUT_RAW) {
			output_sample(stdout, pname, h->n, v, "ns/op");
		} else {
			char val[64];

			/* One number from many round trips: no interval to show. */
			printf("%-36s %12s %-6s (of %llu single round trips)\n", pname,
			       output_format_value(val, sizeof(val), v), "ns/op",
			       (unsigned long long)h->n);
		}
	}
	msg_flush();
}

int
sock_stop_tcp(const struct sock_addr *a, unsigned proto)
{
	uint64_t w[1];
	size_t n;
	int fd = connect_request(a, proto, SOCK_STOP, NULL, 0, w, 1, &n, SOCK_HELLO_NS);

	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

int
sock_main(const struct sock_prog *sp, const struct sock_opts *so,
	  const struct bench_opts *o, const char *host)
{
	struct sock_addr a;
	struct place pl;
	enum place_kind kinds[PLACE_COUNT];
	char err[PARSE_ERRLEN];
	unsigned port = so->port >= 0 ? (unsigned)so->port : sp->port;
	int type = SOCK_STREAM, rc = 0;
	size_t i, n;

	/* A vanished peer is an error to report, not a silent death. */
	signal(SIGPIPE, SIG_IGN);
	if (so->server + (so->stop != NULL) + (host != NULL) > 1)
		bench_usage_error(sp->bench, "-s, -S host and a host exclude each other");
	/* A server serves at most MAX_CHILDREN connections at once. */
	if (o->parallel > SOCK_MAX_PARALLEL)
		bench_usage_error(sp->bench, "-P: value '%u' is out of range for %s; allowed: 1 .. %d",
				  o->parallel, sp->bench->name, SOCK_MAX_PARALLEL);
	if (so->bind != NULL && !so->server)
		bench_usage_error(sp->bench, "-b: a listening address applies only to -s");
	if (so->server)
		return run_server(sp, so);
	if (so->stop != NULL || host != NULL) {
		(void)choose_key(sp->bench, so, 0);
	} else {
		char key[SOCK_KEY_MAX + 1];

		/* The server this program starts: a key of its own, known to both ends. */
		if (new_key(key, sizeof(key)) != 0)
			msg_sysdie("cannot make a key (/dev/urandom)");
		sock_set_key(key);
	}
	if (so->stop != NULL) {
		if (so->port == 0)
			bench_usage_error(sp->bench, "-n: port 0 applies only to -s");
		if (sock_resolve(so->stop, port, so->family, type, 0, &a, err, sizeof(err)) != 0)
			msg_die("%s", err);
		if ((sp->stop != NULL ? sp->stop : sock_stop_tcp)(&a, sp->proto) != 0)
			msg_die("cannot stop the server at %s port %u: %s", a.text, port, sock_why(errno));
		return MSG_EXIT_OK;
	}
	if (host != NULL) {
		if (so->place_mask != 0)
			bench_usage_error(sp->bench, "-p: a placement applies only to the server the program starts itself (no host)");
		if (so->port == 0)
			bench_usage_error(sp->bench, "-n: port 0 applies only to -s");
		if (sock_resolve(host, port, so->family, type, 0, &a, err, sizeof(err)) != 0)
			msg_die("%s", err);
		bench_print_config(o, sp->bench);
		if (o->output == OUTPUT_RAW)
			output_config(stdout, "server", "%s port %u", a.text, port);
		return sp->measure(&a, sock_is_loopback(&a) ? place_name_part(PLACE_UNPINNED)
				   : "peer=remote", sp->arg) == 0 ? MSG_EXIT_OK : MSG_EXIT_FAIL;
	}
	/* With -P, bench_init leaves -c to the copies: the placements choose from it too. */
	if (o->ncpus > 0 && o->parallel > 1 && bench_pin(o->cpus, o->ncpus) != 0)
		msg_exit(MSG_EXIT_UNSUPPORTED, "cannot pin to the CPUs given with -c: %s", strerror(errno));
	if (place_init(&pl, so->place_mask, err, sizeof(err)) != 0)
		msg_exit(MSG_EXIT_UNSUPPORTED, "%s", err);
	bench_print_config(o, sp->bench);
	n = place_list(&pl, kinds, PLACE_COUNT);
	for (i = 0; i < n && rc == 0; i++) {
		if (place_pin(&pl, kinds[i], 0) != 0)
			msg_sysdie("cannot pin to a CPU for placement %s", place_name(kinds[i]));
		if (start_local(sp, so, &pl, kinds[i], &a) != 0)
			return MSG_EXIT_FAIL;
		if (o->output == OUTPUT_RAW) {
			place_print_config(stdout, &pl, kinds[i]);
			output_config(stdout, "server", "%s port %u, started by the benchmark",
				      a.text, sock_addr_port(&a));
		}
		rc = sp->measure(&a, place_name_part(kinds[i]), sp->arg);
		stop_local();
		if (place_restore(&pl) != 0)
			msg_sysdie("cannot unpin");
	}
	return rc == 0 ? MSG_EXIT_OK : MSG_EXIT_FAIL;
}

/* ---------------------------------------------------------------- reports */

void
sock_check_samples(const struct bench_prog *p, const struct bench_opts *o,
		   const struct sock_opts *so)
{
	if (o->reps > SOCK_MAX_SAMPLES)
		bench_usage_error(p, "-N: value '%u' is out of range for %s; allowed: 1 .. %d",
				  o->reps, p->name, SOCK_MAX_SAMPLES);
	if (so->dur_ns / o->reps < 1000000)
		bench_usage_error(p, "-t: each of the %u samples would be shorter than 1ms", o->reps);
}

void
sock_report_transfer(const struct bench_opts *o, const char *base, const char *suffix,
		     const uint64_t *iters, const double *vals, size_t n,
		     const char *const *units, size_t npairs,
		     const uint64_t *local, uint64_t local_bytes,
		     const uint64_t *remote, uint64_t remote_bytes)
{
	char name[OUTPUT_MAX_NAME];

	snprintf(name, sizeof(name), "%s%s", base, suffix);
	sock_report(o, name, iters, vals, n, units, npairs);
	snprintf(name, sizeof(name), "%s/cpu=local%s", base, suffix);
	sock_cpu_report(o, name, "local", local, local_bytes);
	snprintf(name, sizeof(name), "%s/cpu=remote%s", base, suffix);
	sock_cpu_report(o, name, "remote", remote, remote_bytes);
}

void
sock_cpu_encode(uint64_t *w, int ok, const struct cpustat *a, const struct cpustat *b)
{
	size_t i;

	w[0] = ok != 0;
	w[1] = (uint64_t)cpustat_hz();
	for (i = 0; i < CPUSTAT_NFIELDS; i++)
		w[2 + i] = ok && b->tick[i] >= a->tick[i] ? b->tick[i] - a->tick[i] : 0;
}

void
sock_cpu_report(const struct bench_opts *o, const char *name, const char *side,
		const uint64_t *w, uint64_t bytes)
{
	static const char *const units[] = { "%user", "%sys", "%irq", "%softirq", "us/KB" };
	char key[32];
	struct cpustat zero, d;
	struct cpuload l;
	double v[5];
	uint64_t one = 1;
	size_t i;

	if (!w[0]) {
		snprintf(key, sizeof(key), "cpu-%s", side);
		if (o->output == OUTPUT_RAW)
			output_config(stdout, key, "unavailable (no /proc/stat)");
		return;
	}
	memset(&zero, 0, sizeof(zero));
	for (i = 0; i < CPUSTAT_NFIELDS; i++)
		d.tick[i] = w[2 + i];
	cpustat_delta(&zero, &d, w[1] > 0 && w[1] < 100000 ? (long)w[1] : 100, &l);
	v[0] = l.user;
	v[1] = l.system;
	v[2] = l.irq;
	v[3] = l.softirq;
	v[4] = cpustat_demand(&l, bytes);
	if (o->output == OUTPUT_RAW) {
		sock_report(o, name, &one, v, 1, units, HB_ARRAY_SIZE(units));
		return;
	}
	printf("%-36s cpu %.1f%% user, %.1f%% sys, %.1f%% irq, %.1f%% softirq; %.3g us/KB\n",
	       name, v[0], v[1], v[2], v[3], v[4]);
	msg_flush();
}

void
sock_report(const struct bench_opts *o, const char *name, const uint64_t *iters,
	    const double *vals, size_t n, const char *const *units, size_t npairs)
{
	size_t i, j;

	if (o->output == OUTPUT_RAW) {
		errno = 0;
		for (i = 0; i < n; i++) {
			char v[64];

			printf("Benchmark%s\t%12llu", name, (unsigned long long)iters[i]);
			for (j = 0; j < npairs; j++)
				printf("\t%14s %s", output_format_value(v, sizeof(v),
						vals[i * npairs + j]), units[j]);
			putchar('\n');
		}
		/* The reason, while errno has it: nothing may be left to flush. */
		if (ferror(stdout))
			msg_stdout_failed(errno);
	} else {
		double *col = malloc((n > 0 ? n : 1) * sizeof(*col));
		struct stats s;

		for (j = 0; col != NULL && j < npairs; j++) {
			for (i = 0; i < n; i++)
				col[i] = vals[i * npairs + j];
			if (stats_compute(col, n, &s) == 0)
				output_text(stdout, name, &s, units[j]);
		}
		free(col);
	}
	msg_flush();
}
