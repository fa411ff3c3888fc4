/*
 * boxagent: the box agent's end of a session, the connection handler of
 * `hostinfo -s` (run by lib/net/sock_serve like every hostbench server).
 *
 * After the key check (sock_hello) the client asks, one request at a
 * time (box.h: enum box_op), for the box's fingerprint
 * (fingerprint_box's lines) or for an interval of samples: BEGIN starts
 * reading /proc every BOXSTAT_INTERVAL_NS until END, which is answered
 * with the interval's summary (boxstat).  The agent sends only on the
 * connection of the client that proved the key, and only answers.  A
 * session ends when the client closes, sends anything else, is silent
 * between requests for the server's idle timeout (-i; 60 s when it has
 * none), sends a request part-way and stops (SOCK_HELLO_NS), or samples
 * for longer than BOXAGENT_MAX_NS.  An interval's summary carries the
 * agent's own CPU besides the session (its server's, with its reaped
 * children: connections without the key churning), which the figures
 * include: the client says so (box.h).
 */
#ifndef HB_BOXAGENT_H
#define HB_BOXAGENT_H

#include "net/sock_serve.h"

/* The longest interval: a transfer of an hour (bw_tcp's and bw_udp's -t) and a minute. */
#define BOXAGENT_MAX_NS 3660000000000ull

/* The connection handler (struct sock_server's conn).  0 or -1, as sock_serve expects. */
int boxagent_conn(int fd, const struct sock_server *s);

#endif
