/*
 * sock_serve: the loop of every hostbench server but lat_rpc's: a
 * bounded number of forked children, at most SOCK_PEER_UNAUTH of them
 * (and of accepted connections waiting for their first bytes) per peer
 * network (sock_peer_net: an IPv4 /24 unless told otherwise, an IPv6
 * /64) until they prove the key, the slots shared fairly among networks
 * when they are all taken (a newcomer from a network that holds fewer
 * ends the oldest unproven connection of the network that holds the
 * most: many addresses cannot keep a client with the key out), a NAK
 * that says so to a client when every child serves a session with the
 * key (SOCK_NAK_BUSY), deadlines that nothing a client
 * sends extends, an idle timeout that only clients with the key reset
 * (time in which the server could not run, a paused machine or a stopped
 * process, counts against none of these clocks), and a parent pipe so
 * that a server a benchmark started never outlives it.
 *
 * A client has SOCK_HELLO_NS to send its first bytes and SOCK_HELLO_NS
 * more to prove the key, counted on the run clock (lib/core/runclock: wall
 * time less the time in which the CPUs were saturated), and
 * sock_unproven_ns of wall time in all at most: on a quiet machine a
 * connection that proves nothing goes after about 2 s, on a saturated
 * one a starved client still gets its session.
 */
#ifndef HB_SOCK_SERVE_H
#define HB_SOCK_SERVE_H

#include <stddef.h>
#include <stdint.h>

#include "net/sock_proto.h"

struct sock_server {
	int lfd;		/* listening TCP socket */
	unsigned proto;		/* enum sock_proto: the header of a NAK of the loop's own */
	int ufd;		/* a UDP socket of the server's own (lat_rpc), or -1 */
	int pfd;		/* parent's pipe (EOF: the parent is gone), or -1 */
	int authfd;		/* in a child: where sock_hello reports the key proved */
	uint64_t idle_ns;	/* exit after this long without a client; 0: never */
	/*
	 * In a child: the timing_now() by which its client must have proved
	 * the key, whatever the run clock says (set by sock_serve: the
	 * connection's accept + sock_unproven_ns); 0: sock_hello's own.
	 */
	uint64_t hello_wall;
	unsigned max_children;	/* at most SOCK_MAX_CHILDREN; 0: that many */
	unsigned v4_prefix;	/* sock_peer_net's IPv4 prefix length; 0: SOCK_V4_PREFIX */
	/*
	 * Bare connections (lat_connect): one that the client ends without
	 * a byte is served by the loop itself (accepted and closed), and it
	 * counts as activity only from a peer that holds a session with the
	 * key; a session ends when its peer made no bare connection for
	 * SOCK_XFER_NS.  Connections with bytes go to conn, as always.
	 */
	int bare;
	const char *key;	/* sock_key() */
	/*
	 * A TCP connection, in a forked child (which closes fd afterwards):
	 * return 0, SOCK_SERVE_STOP to stop the server, or -1 (a bad
	 * client; ignored).
	 */
	int (*conn)(int fd, const struct sock_server *s);
	void *arg;
};

#define SOCK_SERVE_STOP 1

/*
 * Serve until stopped, idle or orphaned.  Every connection is served in
 * a child that dies with the server.  Returns 0, or -1 with errno set
 * when the server itself failed.
 */
int sock_serve(const struct sock_server *s);

/*
 * The longest an unproven connection to the server s lives, in wall
 * time: its idle timeout (SOCK_SILENCE_NS with none), SOCK_HELLO_NS at
 * least.  A connection that has proved nothing meanwhile goes then,
 * however saturated the machine: slow clients cannot hold a server's
 * slots for longer than it would wait for a client anyway.
 */
uint64_t sock_unproven_ns(const struct sock_server *s);

/*
 * For conn handlers: read the first message (a HELLO with at most max
 * words, or a STOP), challenge the client and check its proof of the
 * key, all within SOCK_HELLO_NS of the run clock (lib/core/runclock: time in
 * which the client could have run) and by s->hello_wall (wall time; 0:
 * sock_unproven_ns from now).  A wrong proof is answered with a NAK
 * (SOCK_NAK_KEY); a STOP with the key is answered with an ACK, a SOCK_INFO
 * with the key by this host's fingerprint (sock_proto.h).  Every later
 * blocking read and write on fd is bounded by SOCK_HELLO_NS of wall time
 * (the rest of a message whose first bytes came: a client writes each
 * whole).  Returns 0 (a HELLO, its words in w), SOCK_SERVE_STOP, or -1
 * (closed, silent, garbage, wrong program, wrong key; or a SOCK_INFO,
 * answered: nothing more to serve).
 */
int sock_hello(int fd, const struct sock_server *s, unsigned proto, uint64_t *w,
	       size_t max, size_t *n);

#endif
