/*
 * sock: the sockets of the network benchmarks (lat_tcp, lat_udp,
 * lat_connect, bw_tcp, bw_udp, lat_rpc).
 *
 *   - addresses through getaddrinfo (IPv4 and IPv6), listening and
 *     connecting with timeouts, whole reads and writes;
 *   - UDP only inside a session: a socket of the session's own, connected
 *     to the address the client gave over its authenticated TCP
 *     connection, so that nothing is ever sent to a forged source.
 *
 * The rest of what those programs share, one concern a file:
 * sock_proto.h (the protocol every hostbench server speaks and its key
 * check), sock_serve.h (the server loop), sock_main.h (their options and
 * the client/server driver behind their main) and sock_report.h (their
 * reports).
 *
 * Functions report failure to the caller with errno set, unless they say
 * otherwise.
 */
#ifndef HB_SOCK_H
#define HB_SOCK_H

#include <poll.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>

#include "core/runclock.h"

/*
 * A client's bound, in wall time, on connecting and on every later read
 * and write.  Its shorter timeouts (the connect, a STOP's answer, the
 * retries while a server makes room) are counted on the run clock
 * (lib/core/runclock): on a saturated machine they stretch, up to this.
 */
#define SOCK_CLIENT_NS 30000000000ull

/* ---------------------------------------------------------------- whole reads and writes */

/* Write all n bytes (retrying short writes and EINTR).  0, or -1 with errno. */
int sock_write_full(int fd, const void *buf, size_t n);

/*
 * Read exactly n bytes.  Returns n; 0 when the peer closed before the
 * first byte; -1 with errno set (ECONNRESET when it closed part-way).
 */
ssize_t sock_read_full(int fd, void *buf, size_t n);

/*
 * Bound every blocking read and write on fd to ns nanoseconds
 * (SO_RCVTIMEO, SO_SNDTIMEO); 0 removes the bound.  0, or -1 with errno.
 */
int sock_set_timeout(int fd, uint64_t ns);

/*
 * Poll pf (n of them) until one is ready or d has passed (lib/core/runclock),
 * a second at a time at most: a wait that overslept (the process could
 * not run: stopped, the machine paused) moves d's wall bound by as much,
 * and the run clock does not count it.  Once d has passed it looks once
 * more without waiting: what is ready then is not late.  Returns poll's
 * count (> 0), 0 when d passed with nothing ready, or -1 with errno set
 * (never EINTR).
 */
int sock_poll_until(struct pollfd *pf, nfds_t n, struct runclock_deadline *d);

/* sock_read_full, finished by d whatever arrives meanwhile (ETIMEDOUT).  Same returns. */
ssize_t sock_read_full_until(int fd, void *buf, size_t n, struct runclock_deadline *d);

/* ---------------------------------------------------------------- addresses */

struct sock_addr {
	struct sockaddr_storage ss;
	socklen_t len;
	char text[64];		/* numeric address, no port */
};

/*
 * Resolve host (NULL with passive: the wildcard address) and port for a
 * socket of type (SOCK_STREAM or SOCK_DGRAM) and family (AF_UNSPEC,
 * AF_INET, AF_INET6) into *a: the first address getaddrinfo returns.
 * Returns 0, or -1 with a one-line reason in err.
 */
int sock_resolve(const char *host, unsigned port, int family, int type,
		 int passive, struct sock_addr *a, char *err, size_t errlen);

/* The port of a, or of the socket fd's local address (sock_local_port). */
unsigned sock_addr_port(const struct sock_addr *a);
void sock_addr_set_port(struct sock_addr *a, unsigned port);
unsigned sock_local_port(int fd);

/*
 * The network a peer address belongs to, as one number: an IPv4
 * address's first v4bits bits (a v4-mapped IPv6 address counts as the
 * IPv4 address it is), an IPv6 address's /64 (one host's, usually).  A
 * server shares its slots for connections that have not proved the key
 * among networks, not addresses: one host has many addresses.  Pure.
 */
#define SOCK_V4_PREFIX 24	/* the default v4bits */
uint64_t sock_peer_net(const struct sockaddr_storage *ss, unsigned v4bits);

/* 1 when a is a loopback address (127/8, ::1, ::ffff:127.x). */
int sock_is_loopback(const struct sock_addr *a);

/*
 * A socket of type bound to a (a v6 wildcard also takes IPv4),
 * listening when it is a stream socket.  SO_REUSEADDR only for a stream
 * socket: on a UDP socket it would let another user's socket share the
 * port and receive its datagrams.  Returns the descriptor, or -1 with
 * errno set.
 */
int sock_listen(const struct sock_addr *a, int type);

/*
 * A socket of type connected to a, for streams within timeout_ns on the
 * run clock and SOCK_CLIENT_NS of wall time (or timeout_ns, when longer):
 * a server whose host is starved accepts late (TCP_NODELAY set when
 * nodelay); every later blocking read and write on it is bounded by
 * io_ns (0: unbounded).  Returns the descriptor, or -1 with errno set
 * (ETIMEDOUT, ECONNREFUSED ...).
 */
int sock_connect(const struct sock_addr *a, int type, int nodelay,
		 uint64_t timeout_ns, uint64_t io_ns);

/*
 * Accept on a listening socket within timeout_ns (wall time), or by d
 * (sock_accept_until).  Descriptor, or -1 with errno (ETIMEDOUT).
 */
int sock_accept(int lfd, uint64_t timeout_ns);
int sock_accept_until(int lfd, struct runclock_deadline *d);

/*
 * Ask for a socket buffer of want bytes (opt SO_SNDBUF or SO_RCVBUF; 0:
 * leave it) and store the size the kernel granted (Linux doubles it), as
 * iperf reports it.  0, or -1 with errno set.
 */
int sock_buffer(int fd, int opt, uint64_t want, uint64_t *granted);

/* ---------------------------------------------------------------- a session's UDP */

/*
 * For a session's UDP (lat_udp, bw_udp), server side: a UDP socket on
 * the TCP connection fd's local address, any free port, connected to
 * the TCP peer's address at port (what the client said), so that it
 * hears only that peer and answers nothing else.  Refuses (EACCES) a
 * port below 1024, one of the hostbench servers' default ports and the
 * socket itself; EAFNOSUPPORT when fd is not an IP connection.  Returns
 * the descriptor and its port in *local, or -1 with errno set.
 */
int sock_udp_accept(int fd, unsigned port, unsigned *local);

/*
 * Client side: a UDP socket of the family of the server's address a, on
 * any free port (in *local, for the HELLO); sock_udp_connect then
 * connects it to a at port (the ACK's), bounding its reads and writes
 * by io_ns (0: none).  Descriptor or 0, or -1 with errno set.
 */
int sock_udp_open(const struct sock_addr *a, unsigned *local);
int sock_udp_connect(int ufd, const struct sock_addr *a, unsigned port, uint64_t io_ns);

#endif
