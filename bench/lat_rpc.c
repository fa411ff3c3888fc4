/*
 * lat_rpc: Sun RPC round-trip latency over TCP and UDP, in ns per call.
 *
 * What is measured: one iteration is one clnt_call of a procedure that
 * takes a char and returns one (lmbench's program 404040, version 1,
 * procedure 1), through libtirpc, over TCP and then over UDP.
 *
 * Outside the timing: creating the client handles and proving the key.
 * The server needs no rpcbind: it listens on a fixed port (both
 * protocols) and the client goes to it directly.  Every client first
 * proves the server's key (sock_key) over TCP: PROC_NONCE gives a fresh
 * 16-byte nonce bound to that connection, PROC_AUTH returns
 * sock_mac(key, SOCK_LAT_RPC, SOCK_HELLO, nonce, {UDP port}) and makes
 * the connection proven; PROC_EXIT (-S) carries the same kind of proof
 * with kind SOCK_STOP and no words.  XACT over TCP is answered only on a
 * proven connection; over UDP only from the (address, port) that a live
 * proven connection registered: a UDP client keeps its TCP connection
 * open while it measures, and every other datagram is read and dropped
 * unanswered, so nothing is ever sent to a forged source.  Bounds: 66
 * connections (64 copies, the client's own, a STOP); 8 unproven per
 * peer address (a ninth closes the oldest); 2 s to prove the key,
 * counted on the run clock (lib/core/runclock: time in which the client
 * could have run), and the idle timeout (60 s with -i 0) of wall time
 * at most; 60 s of silence on a proven one; only a client with the key
 * resets the idle timeout (-i).  Where configure found no libtirpc, the
 * program exits 77.  With no host, a server is started on loopback for
 * each placement (lib/place/place); -p also takes lmbench's tcp or udp.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <time.h>
#include <unistd.h>

#include "core/msg.h"
#include "core/runclock.h"
#include "core/timing.h"
#include "driver/bench.h"
#include "net/sha256.h"
#include "net/sock.h"
#include "net/sock_main.h"
#include "net/sock_proto.h"
#include "net/sock_serve.h"

#ifdef HAVE_TIRPC
# include <rpc/rpc.h>
# include <rpc/rpc_com.h>
#endif

#define PORT 31340		/* lmbench used rpcbind; hostbench a fixed port */
#define PROG 404040
#define VERS 1
#define PROC_XACT 1
#define PROC_EXIT 2		/* a proof (kind SOCK_STOP): stop the server */
#define PROC_NONCE 3		/* returns this connection's nonce */
#define PROC_AUTH 4		/* the UDP port and a proof (kind SOCK_HELLO) */
#define MAX_RECORD 8192		/* the largest TCP record a server reads */
#define MAX_CONNS SOCK_MAX_CHILDREN	/* TCP connections at once */
#define UNPROVEN_CALLS 4	/* calls an unproven connection may make */
#define CONNECT_TRIES 40	/* a client's tries while the server closes before the proof */

static struct sock_opts so;
static unsigned protos = 3;	/* bit 0: tcp, bit 1: udp */

#ifdef HAVE_TIRPC
struct state {
	const struct bench_opts *o;
	const struct bench_prog *prog;
	const struct sock_addr *addr;
	int udp, fd;		/* fd: the calls' socket */
	int ctl;		/* for UDP: the proven TCP connection, kept open; or -1 */
	CLIENT *cl, *ctlcl;
};

/*
 * PROC_AUTH's and PROC_EXIT's argument; the answer is the server's proof
 * (sock_mac_server of both nonces), which the client checks.
 */
struct proof {
	u_int port;		/* the client's UDP port; 0: none (and for EXIT) */
	unsigned char mac[SOCK_MAC_LEN];
	unsigned char cnonce[SOCK_NONCE_LEN];	/* the client's challenge */
};

/* The server's record of a TCP connection (libtirpc's transport on fd). */
struct conn {
	int fd;			/* -1: a free slot */
	int proven, closing, have_nonce;
	unsigned calls;		/* made while unproven */
	unsigned udp_port;	/* registered with the proof; 0: none */
	uint64_t since;		/* accepted; once proven, its last proven activity */
	struct runclock_deadline dl;	/* unproven: the key's */
	struct sockaddr_storage peer;
	unsigned char nonce[SOCK_NONCE_LEN];
};

static struct state st;
/*
 * A call's bound: the clients' (SOCK_CLIENT_NS).  The proof's calls wait
 * on a server that may be starved for a CPU: a shorter bound failed
 * runs on a busy machine.
 */
static struct timeval call_timeout = { (time_t)(SOCK_CLIENT_NS / 1000000000u), 0 };

/* The server's state: one process, one thread (libtirpc's loop). */
static struct conn conns[MAX_CONNS];
static uint64_t unproven_ns;	/* sock_unproven_ns of the server */
static unsigned v4bits = SOCK_V4_PREFIX;	/* the server's -G: a peer's network (sock_peer_net) */
static int stopping, udp_fd = -1;
static uint64_t last_proven;	/* the last activity of a client with the key */
static struct conn *udp_owner;	/* the connection that registered the datagram at hand */

/* xdr_void's prototype takes nothing: casting it to xdrproc_t draws warnings. */
static bool_t
xdr_nothing(XDR *x, char *p)
{
	(void)x;
	(void)p;
	return TRUE;
}

static bool_t
xdr_nonce(XDR *x, char *p)
{
	return xdr_opaque(x, p, SOCK_NONCE_LEN);
}

static bool_t
xdr_mac(XDR *x, char *p)
{
	return xdr_opaque(x, p, SOCK_MAC_LEN);
}

static bool_t
xdr_proof(XDR *x, char *p)
{
	struct proof *q = (struct proof *)(void *)p;

	return xdr_u_int(x, &q->port) && xdr_opaque(x, (char *)q->mac, SOCK_MAC_LEN)
		&& xdr_opaque(x, (char *)q->cnonce, SOCK_NONCE_LEN);
}

/* ---------------------------------------------------------------- server */

/* 1 when a and b are the same host (and, with port nonzero, b is at a's host on that port). */
static int
same_peer(const struct sockaddr_storage *a, const struct sockaddr_storage *b, unsigned port)
{
	if (a->ss_family != b->ss_family)
		return 0;
	if (a->ss_family == AF_INET) {
		const struct sockaddr_in *x = (const struct sockaddr_in *)(const void *)a;
		const struct sockaddr_in *y = (const struct sockaddr_in *)(const void *)b;

		return x->sin_addr.s_addr == y->sin_addr.s_addr
			&& (port == 0 || ntohs(y->sin_port) == port);
	}
	if (a->ss_family == AF_INET6) {
		const struct sockaddr_in6 *x = (const struct sockaddr_in6 *)(const void *)a;
		const struct sockaddr_in6 *y = (const struct sockaddr_in6 *)(const void *)b;

		return memcmp(&x->sin6_addr, &y->sin6_addr, sizeof(x->sin6_addr)) == 0
			&& (port == 0 || ntohs(y->sin6_port) == port);
	}
	return 0;
}

static struct conn *
find_conn(int fd)
{
	size_t i;

	for (i = 0; i < MAX_CONNS; i++)
		if (conns[i].fd == fd)
			return &conns[i];
	return NULL;
}

/*
 * Close c: libtirpc's next read of it sees EOF and destroys the
 * transport (and its descriptor); until then it only holds its slot.
 */
static void
drop_conn(struct conn *c)
{
	(void)shutdown(c->fd, SHUT_RDWR);
	c->closing = 1;
	c->proven = c->have_nonce = 0;
	c->udp_port = 0;
	memset(c->nonce, 0, sizeof(c->nonce));
}

static unsigned
open_conns(void)
{
	unsigned i, n = 0;

	for (i = 0; i < MAX_CONNS; i++)
		n += conns[i].fd >= 0 ? 1u : 0u;
	return n;
}

/* 1 when a and b are of one network (sock_peer_net): they share SOCK_PEER_UNAUTH. */
static int
same_net(const struct sockaddr_storage *a, const struct sockaddr_storage *b)
{
	return a->ss_family != AF_UNSPEC && b->ss_family != AF_UNSPEC
		&& sock_peer_net(a, v4bits) == sock_peer_net(b, v4bits);
}

/*
 * The oldest unproven connection of peer's network but c, preferring
 * one that has not asked for a nonce (idle, or a client yet to start),
 * or NULL.
 */
static struct conn *
oldest_unproven(const struct conn *c, const struct sockaddr_storage *peer)
{
	struct conn *best = NULL;
	unsigned i;

	for (i = 0; i < MAX_CONNS; i++) {
		struct conn *o = &conns[i];

		if (o == c || o->fd < 0 || o->proven || o->closing || !same_net(&o->peer, peer))
			continue;
		if (best == NULL || (best->have_nonce && !o->have_nonce)
		    || (best->have_nonce == o->have_nonce && o->since < best->since))
			best = o;
	}
	return best;
}

/*
 * After svc_getreqset: forget the connections libtirpc destroyed, and
 * note the one it accepted (its peer, its time); when its peer's network
 * (an IPv4 /24 or -G, an IPv6 /64) already has SOCK_PEER_UNAUTH unproven
 * ones, the oldest of them is closed: a
 * client with the key proves it in two calls, so slow ones lose their
 * place to it, however long the run clock lets them wait.
 */
static void
track(int lfd, int ufd)
{
	struct conn *old;
	unsigned i, k;
	int fd;

	for (i = 0; i < MAX_CONNS; i++)
		if (conns[i].fd >= 0 && !FD_ISSET(conns[i].fd, &svc_fdset))
			conns[i].fd = -1;
	for (fd = 0; fd <= svc_maxfd && fd < FD_SETSIZE; fd++) {
		struct conn *c;
		socklen_t len;

		if (!FD_ISSET(fd, &svc_fdset) || fd == lfd || fd == ufd || find_conn(fd) != NULL)
			continue;
		if ((c = find_conn(-1)) == NULL) {
			(void)shutdown(fd, SHUT_RDWR);	/* no slot (cannot happen: see MAX_CONNS) */
			continue;
		}
		memset(c, 0, sizeof(*c));
		c->fd = fd;
		c->since = timing_now();
		runclock_deadline(&c->dl, SOCK_HELLO_NS, unproven_ns);
		len = sizeof(c->peer);
		if (getpeername(fd, (struct sockaddr *)&c->peer, &len) != 0) {
			drop_conn(c);
			continue;
		}
		for (i = k = 0; i < MAX_CONNS; i++)
			if (&conns[i] != c && conns[i].fd >= 0 && !conns[i].proven
			    && !conns[i].closing && same_net(&conns[i].peer, &c->peer))
				k++;
		if (k >= SOCK_PEER_UNAUTH && (old = oldest_unproven(c, &c->peer)) != NULL)
			drop_conn(old);
	}
}

/*
 * Close the unproven connections past their deadline and the proven
 * ones silent for SOCK_SILENCE_NS.  Returns the next time to look again
 * (the run clock never runs faster than wall time: never later than a
 * deadline).
 */
static uint64_t
expire(uint64_t now)
{
	uint64_t wake = UINT64_MAX, end;
	unsigned i;

	for (i = 0; i < MAX_CONNS; i++) {
		struct conn *c = &conns[i];
		uint64_t left;

		if (c->fd < 0 || c->closing)
			continue;
		if (c->proven) {
			end = c->since + SOCK_SILENCE_NS;
			if (end <= now)
				drop_conn(c);
			else if (end < wake)
				wake = end;
		} else if ((left = runclock_left(&c->dl)) == 0) {
			drop_conn(c);
		} else if (left < wake - now) {
			wake = now + left;
		}
	}
	return wake;
}

/* The proven connection that registered from (its peer's address at its UDP port), or NULL. */
static struct conn *
registered(const struct sockaddr_storage *from)
{
	unsigned i;

	for (i = 0; i < MAX_CONNS; i++)
		if (conns[i].fd >= 0 && conns[i].proven && !conns[i].closing && conns[i].udp_port != 0
		    && same_peer(&conns[i].peer, from, conns[i].udp_port))
			return &conns[i];
	return NULL;
}

/*
 * Before libtirpc reads the UDP socket: the next datagram's source,
 * peeked.  Datagrams from anyone not registered are read and dropped
 * unanswered; returns the connection that registered the first one
 * left (for libtirpc to read and answer), or NULL when none is left.
 */
static struct conn *
udp_admit(int ufd)
{
	unsigned k;

	for (k = 0; k < 256; k++) {
		struct sockaddr_storage from;
		socklen_t len = sizeof(from);
		struct conn *c;
		char b;

		memset(&from, 0, sizeof(from));
		if (recvfrom(ufd, &b, 1, MSG_PEEK | MSG_DONTWAIT, (struct sockaddr *)&from, &len) < 0)
			return NULL;
		if ((c = registered(&from)) != NULL)
			return c;
		(void)!recv(ufd, &b, 1, MSG_DONTWAIT);	/* the rest of the datagram goes with it */
	}
	return NULL;
}

/*
 * A proof p for c's nonce (used up, right or wrong): 1 when it checks,
 * and then the server's proof for p's challenge in smac.
 */
static int
proof_ok(struct conn *c, unsigned kind, const uint64_t *w, size_t n, const struct proof *p,
	 unsigned char *smac)
{
	const char *key = sock_key();
	unsigned char want[SOCK_MAC_LEN];
	const unsigned char *mac = p->mac;
	int ok;

	if (!c->have_nonce)
		return 0;
	sock_mac((const unsigned char *)key, strlen(key), SOCK_LAT_RPC, kind, c->nonce, w, n, want);
	sock_mac_server((const unsigned char *)key, strlen(key), SOCK_LAT_RPC, kind, c->nonce,
			p->cnonce, w, n, smac);
	c->have_nonce = 0;
	memset(c->nonce, 0, sizeof(c->nonce));
	ok = hb_memeq_ct(want, mac, SOCK_MAC_LEN);
	memset(want, 0, sizeof(want));
	return ok;
}

static void
xact(SVCXPRT *t)
{
	char arg = 0, res = 123;

	if (!svc_getargs(t, (xdrproc_t)xdr_char, &arg)) {
		svcerr_decode(t);
		return;
	}
	(void)svc_sendreply(t, (xdrproc_t)xdr_char, &res);
	(void)svc_freeargs(t, (xdrproc_t)xdr_char, &arg);
}

/* Over UDP, only a registered peer's datagrams get here (udp_admit). */
static void
dispatch_udp(struct svc_req *rq, SVCXPRT *t)
{
	if (udp_owner == NULL)
		return;
	udp_owner->since = last_proven = timing_now();
	if (rq->rq_proc == PROC_XACT)
		xact(t);
	else
		svcerr_noproc(t);
}

/* A refusal: an RPC error reply, then the connection closed. */
static void
refuse(SVCXPRT *t, struct conn *c, int weak)
{
	if (weak)
		svcerr_weakauth(t);
	else
		svcerr_auth(t, AUTH_BADCRED);
	drop_conn(c);
}

/* The server side: NONCE, AUTH and EXIT prove the key; XACT answers 123 once it is proven. */
static void
dispatch(struct svc_req *rq, SVCXPRT *t)
{
	struct conn *c;
	struct proof p;
	unsigned char smac[SOCK_MAC_LEN];
	uint64_t w[1];

	if (t->xp_fd == udp_fd) {
		dispatch_udp(rq, t);
		return;
	}
	if ((c = find_conn(t->xp_fd)) == NULL || c->closing) {
		(void)shutdown(t->xp_fd, SHUT_RDWR);	/* not one of ours (cannot happen) */
		return;
	}
	if (!c->proven && ++c->calls > UNPROVEN_CALLS) {
		refuse(t, c, 1);
		return;
	}
	memset(&p, 0, sizeof(p));
	switch (rq->rq_proc) {
	case PROC_NONCE:
		if (sock_random(c->nonce, sizeof(c->nonce)) != 0) {
			svcerr_systemerr(t);
			drop_conn(c);
			return;
		}
		c->have_nonce = 1;
		(void)svc_sendreply(t, (xdrproc_t)xdr_nonce, (char *)c->nonce);
		return;
	case PROC_AUTH:
		if (!svc_getargs(t, (xdrproc_t)xdr_proof, (char *)&p)) {
			svcerr_decode(t);
			drop_conn(c);
			return;
		}
		w[0] = p.port;
		if (!proof_ok(c, SOCK_HELLO, w, 1, &p, smac) || p.port > 65535
		    || (p.port != 0 && p.port < 1024)) {
			refuse(t, c, 0);
			return;
		}
		c->proven = 1;
		c->udp_port = p.port;
		c->since = last_proven = timing_now();
		/* The server's proof in turn: the client goes on only with it. */
		(void)svc_sendreply(t, (xdrproc_t)xdr_mac, (char *)smac);
		return;
	case PROC_EXIT:
		if (!svc_getargs(t, (xdrproc_t)xdr_proof, (char *)&p)) {
			svcerr_decode(t);
			drop_conn(c);
			return;
		}
		if (p.port != 0 || !proof_ok(c, SOCK_STOP, NULL, 0, &p, smac)) {
			refuse(t, c, 0);
			return;
		}
		(void)svc_sendreply(t, (xdrproc_t)xdr_mac, (char *)smac);
		stopping = 1;
		return;
	case PROC_XACT:
	case NULLPROC:
		if (!c->proven) {
			refuse(t, c, 1);
			return;
		}
		c->since = last_proven = timing_now();
		if (rq->rq_proc == PROC_XACT)
			xact(t);
		else
			(void)svc_sendreply(t, (xdrproc_t)xdr_nothing, NULL);
		return;
	default:
		svcerr_noproc(t);
	}
}

/*
 * The server could not run for gap ns (the machine was paused, the
 * process stopped): no client could reach it meanwhile either, so that
 * time counts against none of its clocks (runclock_overslept).  Without
 * this a server whose machine froze for longer than -i exits the moment
 * it thaws, before the client it was waiting for.
 */
static void
unfreeze(uint64_t gap)
{
	unsigned i;

	last_proven += gap;
	for (i = 0; i < MAX_CONNS; i++)
		if (conns[i].fd >= 0) {
			conns[i].since += gap;
			runclock_thaw(&conns[i].dl, gap);
		}
}

/*
 * libtirpc's loop, with the bounds above, an idle timeout that only
 * clients with the key reset (not by a time the server could not run:
 * it waits a second at most, and a wait that overslept is a freeze),
 * and the parent's pipe.
 */
static int
serve_rpc(struct sock_server *s)
{
	u_int maxrec = MAX_RECORD;
	SVCXPRT *t, *u;
	unsigned i;

	for (i = 0; i < MAX_CONNS; i++)
		conns[i].fd = -1;
	udp_fd = s->ufd;
	unproven_ns = sock_unproven_ns(s);
	if (s->v4_prefix > 0 && s->v4_prefix <= 32)
		v4bits = s->v4_prefix;
	/* Non-blocking records of bounded size: a half-sent record cannot wedge the server. */
	if (!rpc_control(RPC_SVC_CONNMAXREC_SET, &maxrec)
	    || (t = svc_vc_create(s->lfd, 0, 0)) == NULL || (u = svc_dg_create(s->ufd, 0, 0)) == NULL
	    || !svc_reg(t, PROG, VERS, dispatch, NULL) || !svc_reg(u, PROG, VERS, dispatch, NULL))
		return -1;
	last_proven = timing_now();
	while (!stopping) {
		fd_set r = svc_fdset;
		uint64_t now = timing_now(), wake = expire(now), asked, gap;
		struct timeval tv;
		int n, maxfd = svc_maxfd > s->pfd ? svc_maxfd : s->pfd;

		if (s->idle_ns > 0) {
			if (now - last_proven >= s->idle_ns)
				return 0;
			if (last_proven + s->idle_ns < wake)
				wake = last_proven + s->idle_ns;
		}
		/* No more connections while MAX_CONNS are open: they wait in the backlog. */
		if (open_conns() >= MAX_CONNS)
			FD_CLR(s->lfd, &r);
		if (s->pfd >= 0)
			FD_SET(s->pfd, &r);
		if (wake - now >= 1000000000ull) {
			tv.tv_sec = 1, tv.tv_usec = 0;
		} else {
			tv.tv_sec = 0;
			tv.tv_usec = (suseconds_t)((wake - now) / 1000 + 1);
		}
		asked = (uint64_t)tv.tv_sec * 1000000000ull + (uint64_t)tv.tv_usec * 1000u;
		n = select(maxfd + 1, &r, NULL, NULL, &tv);
		if ((gap = runclock_overslept(now, asked)) > 0)
			unfreeze(gap);
		if (n < 0 && errno != EINTR)
			return -1;
		if (n <= 0)
			continue;
		if (s->pfd >= 0 && FD_ISSET(s->pfd, &r))
			return 0;
		if (FD_ISSET(s->ufd, &r) && (udp_owner = udp_admit(s->ufd)) == NULL)
			FD_CLR(s->ufd, &r);
		svc_getreqset(&r);
		udp_owner = NULL;
		track(s->lfd, s->ufd);
	}
	return 0;
}

/* ---------------------------------------------------------------- client */

/* errno for a failed call, in sock_why's terms. */
static int
rpc_errno(enum clnt_stat stat)
{
	switch (stat) {
	case RPC_AUTHERROR:
		return EACCES;
	case RPC_TIMEDOUT:
		return ETIMEDOUT;
	case RPC_CANTSEND:
	case RPC_CANTRECV:
		return ECONNRESET;
	default:
		return EPROTO;
	}
}

/*
 * A call on s's client failed with stat: say what the server did -- it
 * went away (the connection closed, nothing listens on its port any
 * more, no answer in time) or answered wrongly -- naming it.  Returns
 * -1 with errno 0 (bench: the loop has said why).
 */
static int
call_failed(const struct state *s, enum clnt_stat stat)
{
	static const char *const names[] = { "tcp", "udp" };
	struct rpc_err re;
	char where[96];

	memset(&re, 0, sizeof(re));
	clnt_geterr(s->cl, &re);
	snprintf(where, sizeof(where), "the RPC server at %s port %u (%s)", s->addr->text,
		 sock_addr_port(s->addr), names[s->udp]);
	if ((stat == RPC_CANTRECV || stat == RPC_CANTSEND)
	    && (re.re_errno == ECONNREFUSED || re.re_errno == 0 || re.re_errno == ECONNRESET
		|| re.re_errno == EPIPE))
		msg_warn("%s went away: %s", where,
			 re.re_errno == ECONNREFUSED ? "nothing listens on its port any more (port unreachable)"
			 : "it closed the connection");
	else if (stat == RPC_CANTRECV || stat == RPC_CANTSEND)
		msg_warn("%s went away: %s", where, strerror(re.re_errno));
	else if (stat == RPC_TIMEDOUT)
		msg_warn("%s went away: no answer within %ld s", where, (long)call_timeout.tv_sec);
	else if (stat == RPC_SUCCESS)
		msg_warn("%s answered a call with a wrong result", where);
	else
		msg_warn("%s answered a call with an error: %s", where, clnt_sperrno(stat));
	errno = 0;
	return -1;
}

static int
call(const struct state *s, rpcproc_t proc)
{
	char arg = 1, res = 0;
	enum clnt_stat stat = clnt_call(s->cl, proc, (xdrproc_t)xdr_char, &arg, (xdrproc_t)xdr_char,
					&res, call_timeout);

	if (stat != RPC_SUCCESS || res != 123)
		return call_failed(s, stat);
	return 0;
}

static int
do_call(void *arg, uint64_t n)
{
	struct state *s = arg;

	while (n-- > 0)
		if (call(s, PROC_XACT) != 0)
			return -1;
	return 0;
}

/*
 * Prove the key on the TCP client cl, both ways: a nonce, then PROC_AUTH
 * (kind SOCK_HELLO, the UDP port) or PROC_EXIT (SOCK_STOP) with a
 * challenge of the client's, answered by the server's proof.  0, or -1
 * with errno (EACCES: the server refused the key; EBADMSG: it did not
 * prove it).
 */
static int
prove(CLIENT *cl, unsigned kind, unsigned port)
{
	const char *key = sock_key();
	unsigned char nonce[SOCK_NONCE_LEN], smac[SOCK_MAC_LEN], want[SOCK_MAC_LEN];
	struct proof p;
	uint64_t w[1];
	size_t n = kind == SOCK_HELLO ? 1 : 0;
	enum clnt_stat stat;

	memset(&p, 0, sizeof(p));
	memset(smac, 0, sizeof(smac));
	if (sock_random(p.cnonce, sizeof(p.cnonce)) != 0)
		return -1;
	stat = clnt_call(cl, PROC_NONCE, (xdrproc_t)xdr_nothing, NULL, (xdrproc_t)xdr_nonce,
			 (char *)nonce, call_timeout);
	if (stat == RPC_SUCCESS) {
		w[0] = p.port = port;
		sock_mac((const unsigned char *)key, strlen(key), SOCK_LAT_RPC, kind, nonce, w, n, p.mac);
		stat = clnt_call(cl, kind == SOCK_HELLO ? PROC_AUTH : PROC_EXIT, (xdrproc_t)xdr_proof,
				 (char *)&p, (xdrproc_t)xdr_mac, (char *)smac, call_timeout);
	}
	if (stat != RPC_SUCCESS) {
		errno = rpc_errno(stat);
		return -1;
	}
	sock_mac_server((const unsigned char *)key, strlen(key), SOCK_LAT_RPC, kind, nonce, p.cnonce,
			w, n, want);
	if (!hb_memeq_ct(want, smac, SOCK_MAC_LEN)) {
		errno = EBADMSG;
		return -1;
	}
	return 0;
}

static struct netbuf *
server_buf(const struct sock_addr *a, struct netbuf *nb, struct sockaddr_storage *ss)
{
	/* netbuf wants a pointer it may write through: a copy of our own. */
	*ss = a->ss;
	nb->maxlen = nb->len = a->len;
	nb->buf = ss;
	return nb;
}

/* A TCP client handle on a connection of its own (in *fd), or NULL with errno. */
static CLIENT *
open_vc(const struct sock_addr *a, int *fd)
{
	struct sockaddr_storage ss;
	struct netbuf nb;
	CLIENT *cl;

	if ((*fd = sock_connect(a, SOCK_STREAM, 1, SOCK_HELLO_NS, 0)) < 0)
		return NULL;
	if ((cl = clnt_vc_create(*fd, server_buf(a, &nb, &ss), PROG, VERS, 0, 0)) == NULL) {
		close(*fd);
		errno = ECONNREFUSED;
	}
	return cl;
}

static void
close_client(struct state *s)
{
	if (s->cl != NULL) {
		clnt_destroy(s->cl);
		close(s->fd);
	}
	if (s->ctlcl != NULL) {
		clnt_destroy(s->ctlcl);
		close(s->ctl);
	}
	s->cl = s->ctlcl = NULL;
	s->fd = s->ctl = -1;
}

/*
 * A client handle of its own (the client's, or a parallel copy's), the
 * key proved.  Over UDP: the UDP socket bound first, its port
 * registered by a proven TCP connection that stays open meanwhile.
 */
static int
open_client(struct state *s)
{
	struct timeval retry = { 1, 0 };
	struct sockaddr_storage ss;
	struct netbuf nb;
	unsigned port = 0;
	int u = -1, e;

	s->cl = s->ctlcl = NULL;
	s->fd = s->ctl = -1;
	if (s->udp && (u = sock_udp_open(s->addr, &port)) < 0)
		return -1;
	if ((s->ctlcl = open_vc(s->addr, &s->ctl)) == NULL || prove(s->ctlcl, SOCK_HELLO, port) != 0)
		goto fail;
	if (!s->udp) {
		s->cl = s->ctlcl, s->fd = s->ctl;
		s->ctlcl = NULL, s->ctl = -1;
		return 0;
	}
	if ((s->cl = clnt_dg_create(u, server_buf(s->addr, &nb, &ss), PROG, VERS, 0, 0)) == NULL) {
		errno = ECONNREFUSED;
		goto fail;
	}
	s->fd = u;
	clnt_control(s->cl, CLSET_RETRY_TIMEOUT, (char *)(void *)&retry);
	return 0;
fail:
	e = errno;
	if (s->cl == NULL && u >= 0)
		close(u);
	close_client(s);
	errno = e;
	return -1;
}

/*
 * open_client, again while the server closes the connection before the
 * key is proved: it takes SOCK_PEER_UNAUTH unproven connections from a
 * host at once, and -P copies start together.  A short random wait
 * between tries, about 2.5 s in all at most.
 */
static int
open_client_retry(struct state *s)
{
	struct timespec ts;
	unsigned tries;
	unsigned char r = 0;

	for (tries = 0;; tries++) {
		if (open_client(s) == 0)
			return 0;
		if (errno != ECONNRESET || tries >= CONNECT_TRIES)
			return -1;
		(void)sock_random(&r, 1);
		ts.tv_sec = 0;
		ts.tv_nsec = 10000000L + 2000000L * (long)tries + 100000L * r;
		(void)nanosleep(&ts, NULL);
	}
}

static int
copy_init(void *arg)
{
	static const char *const names[] = { "tcp", "udp" };
	struct state *s = arg;
	int e;

	if (open_client_retry(s) == 0)
		return 0;
	e = errno;
	msg_warn("cannot reach the RPC server at %s port %u over %s: %s", s->addr->text,
		 sock_addr_port(s->addr), names[s->udp], sock_why(e));
	errno = e;
	return -1;
}

static int
stop_rpc(const struct sock_addr *a, unsigned proto)
{
	int fd, rc, e;
	CLIENT *cl = open_vc(a, &fd);

	(void)proto;
	if (cl == NULL)
		return -1;
	rc = prove(cl, SOCK_STOP, 0);
	e = errno;
	clnt_destroy(cl);
	close(fd);
	errno = e;
	return rc;
}

static int
measure(const struct sock_addr *a, const char *part, void *arg)
{
	static const char *const names[] = { "tcp", "udp" };
	struct state *s = arg;
	char name[OUTPUT_MAX_NAME];
	struct bench_case c;
	int rc = 0;

	s->addr = a;
	for (s->udp = 0; s->udp < 2 && rc == 0; s->udp++) {
		if (!(protos & (1u << s->udp)))
			continue;
		if (copy_init(s) != 0)
			return -1;
		snprintf(name, sizeof(name), "LatRpc/proto=%s/%s", names[s->udp], part);
		memset(&c, 0, sizeof(c));
		c.name = name;
		c.loop = do_call;
		c.arg = s;
		c.copy_init = copy_init;
		rc = bench_run(s->o, s->prog, &c);
		close_client(s);
	}
	return rc;
}
#endif

/* -p: a protocol here, or a placement as for every network program. */
static void
proto_then(const struct bench_prog *p, int letter, const char *arg, void *ctx)
{
	struct sock_opts *s = ctx;

	(void)letter;
	if (strcmp(arg, "tcp") == 0 || strcmp(arg, "udp") == 0)
		protos = arg[0] == 't' ? 1 : 2;
	else if (place_parse("-p", arg, &s->place_mask, NULL, 0) != 0)
		bench_usage_error(p, "-p: value '%s' is neither a protocol nor a placement; allowed: tcp, udp, one, spread, both, unpinned", arg);
}

static const struct bench_opt opts[] = {
	{ 'p', BENCH_OPT_CALL, "tcp|udp", 0, 0, 0, NULL, 0,
	  "one protocol only (default both); -p also takes a placement", proto_then, &so },
	SOCK_OPT_MODE(so),
	SOCK_OPT_BIND('b', so, ""),
	SOCK_OPT_REST(so),
};

static const struct bench_prog prog = {
	.name = "lat_rpc",
	.summary = "lat_rpc: Sun RPC round-trip latency in ns per call, over TCP and UDP",
	SOCK_BENCH_FIELDS,
	.opts = opts,
	.nopts = HB_ARRAY_SIZE(opts),
};

#ifdef HAVE_TIRPC
static void
setup(void *arg, const struct bench_opts *o, const struct sock_opts *sop)
{
	struct state *s = arg;

	(void)sop;
	s->o = o;
	s->prog = &prog;
}

static const struct sock_prog sp = {
	.bench = &prog, .proto = SOCK_LAT_RPC, .port = PORT, .udp = 1,
	.serve = serve_rpc, .stop = stop_rpc, .measure = measure, .setup = setup, .arg = &st,
};
#endif

int
main(int argc, char **argv)
{
#ifdef HAVE_TIRPC
	return sock_run(&sp, &so, argc, argv);
#else
	struct bench_opts o;

	sock_opts_init(&so);
	/* As sock_main would say: a usage error before "not supported here". */
	bench_init(&o, &prog, argc, argv);
	msg_exit(MSG_EXIT_UNSUPPORTED, "Sun RPC not available (libtirpc not found at build time)");
#endif
}
