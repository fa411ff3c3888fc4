/*
 * sock: sockets, addresses and a session's UDP sockets (see sock.h).
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
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/types.h>
#include <unistd.h>

#include "core/runclock.h"
#include "core/timing.h"
#include "net/sock.h"
#include "net/sock_internal.h"

/* ---------------------------------------------------------------- whole reads and writes */

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

int
sock_poll_until(struct pollfd *pf, nfds_t n, struct runclock_deadline *d)
{
	for (;;) {
		uint64_t left = runclock_left(d), since, gap;
		/*
		 * A second at most: a freeze shows only as a wait that
		 * overslept.  Past the deadline, one look without waiting:
		 * what had arrived by then is not late because this process
		 * was kept from its CPU.
		 */
		int ms = left == 0 ? 0 : left >= 1000000000u ? 1000 : (int)(left / 1000000 + 1), r;
		nfds_t i;

		for (i = 0; i < n; i++)
			pf[i].revents = 0;
		since = timing_now();
		r = poll(pf, n, ms);
		if (ms > 0 && (gap = runclock_overslept(since, (uint64_t)ms * 1000000u)) > 0)
			runclock_thaw(d, gap);
		if (r > 0 || (r < 0 && errno != EINTR))
			return r;
		if (left == 0)
			return 0;
	}
}

ssize_t
sock_read_full_until(int fd, void *buf, size_t n, struct runclock_deadline *d)
{
	char *p = buf;
	size_t got = 0;

	while (got < n) {
		ssize_t r;

		if (d != NULL) {
			struct pollfd pf;
			int k;

			pf.fd = fd, pf.events = POLLIN;
			if ((k = sock_poll_until(&pf, 1, d)) < 0)
				return -1;
			if (k == 0) {
				errno = ETIMEDOUT;
				return -1;
			}
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
sock_read_full_by(int fd, void *buf, size_t n, uint64_t deadline)
{
	struct runclock_deadline d;

	d.run = RUNCLOCK_NONE;
	d.wall = deadline;
	return sock_read_full_until(fd, buf, n, deadline != 0 ? &d : NULL);
}

ssize_t
sock_read_full(int fd, void *buf, size_t n)
{
	return sock_read_full_until(fd, buf, n, NULL);
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

/*
 * Connections the kernel completes before the server accepts them: a
 * flood of connections from many networks must not fill the queue before
 * the server can share its slots among them (it accepts, then evicts).
 */
#define SOCK_BACKLOG 512

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
	    && (listen(fd, SOCK_BACKLOG) != 0 || fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) != 0))
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

int
sock_set_blocking(int fd, int blocking)
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
	struct runclock_deadline d;
	struct pollfd pf;

	if (fd < 0)
		return -1;
	if (type == SOCK_STREAM) {
		if (nodelay && setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)) != 0)
			goto fail;
		if (sock_set_blocking(fd, 0) != 0)
			goto fail;
		if (connect(fd, (const struct sockaddr *)&a->ss, a->len) != 0) {
			if (errno != EINPROGRESS)
				goto fail;
			runclock_deadline(&d, timeout_ns, timeout_ns > SOCK_CLIENT_NS ? timeout_ns : SOCK_CLIENT_NS);
			pf.fd = fd, pf.events = POLLOUT;
			e = sock_poll_until(&pf, 1, &d);
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
		if (sock_set_blocking(fd, 1) != 0)
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
	struct runclock_deadline d;

	runclock_deadline(&d, RUNCLOCK_NONE, timeout_ns);
	return sock_accept_until(lfd, &d);
}

int
sock_accept_until(int lfd, struct runclock_deadline *d)
{
	for (;;) {
		struct pollfd pf;
		int fd, r;

		pf.fd = lfd, pf.events = POLLIN;
		r = sock_poll_until(&pf, 1, d);
		if (r == 0)
			errno = ETIMEDOUT;
		if (r <= 0)
			return -1;
		fd = accept(lfd, NULL, NULL);
		if (fd >= 0) {
			/* BSDs pass the listener's O_NONBLOCK on; timeouts come from SO_RCVTIMEO. */
			if (sock_set_blocking(fd, 1) != 0) {
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

/* ---------------------------------------------------------------- a session's UDP */

int
sock_same_host(const struct sockaddr_storage *a, const struct sockaddr_storage *b)
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

uint64_t
sock_peer_net(const struct sockaddr_storage *ss, unsigned v4bits)
{
	const unsigned char *b;
	uint32_t v4;
	uint64_t v = 0;
	unsigned i;

	if (ss->ss_family == AF_INET) {
		v4 = ntohl(((const struct sockaddr_in *)ss)->sin_addr.s_addr);
	} else if (ss->ss_family == AF_INET6) {
		const struct in6_addr *x = &((const struct sockaddr_in6 *)ss)->sin6_addr;

		b = x->s6_addr;
		if (!IN6_IS_ADDR_V4MAPPED(x)) {
			for (i = 0; i < 8; i++)
				v = v << 8 | b[i];
			return v;
		}
		v4 = (uint32_t)b[12] << 24 | (uint32_t)b[13] << 16 | (uint32_t)b[14] << 8 | b[15];
	} else {
		return 0;
	}
	if (v4bits < 32)
		v4 &= v4bits == 0 ? 0 : ~(uint32_t)0 << (32 - v4bits);
	/* ffff::/16 is no unicast network: the IPv4 ones never meet an IPv6 /64. */
	return 0xffff000000000000ull | v4;
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
	if (sock_same_host(&me.ss, &peer.ss) && *local == port) {
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
