/*
 * sock_serve: the server loop (see sock_serve.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#ifdef __linux__
# include <sys/prctl.h>
#endif
#include <unistd.h>

#include "core/runclock.h"
#include "core/timing.h"
#include "driver/noise.h"
#include "host/cpustat.h"
#include "host/fingerprint.h"
#include "net/sha256.h"
#include "net/sock.h"
#include "net/sock_internal.h"
#include "net/sock_proto.h"
#include "net/sock_serve.h"

#define MAX_CHILDREN SOCK_MAX_CHILDREN
/*
 * Accepted connections waiting for their first bytes (or, with bytes,
 * for a child): when they are all taken, a newcomer evicts one (fair_room).
 */
#define MAX_PENDING 128
#define CHILD_STOP 42		/* a forked connection's exit status: stop the server */
#define FROZEN_CHECK_MS 1000	/* with a clock running, poll at least this often (runclock_overslept) */

/*
 * In a child: set once the client proved the key.  The server makes room
 * by sending SIGUSR1, which ends only a child whose client has not: no
 * race with the report of a proof on its way.
 */
static volatile sig_atomic_t child_proven;
/* In a child: the NAK it sends when evicted (sock_serve_hello_in), and where; 0: none. */
static unsigned char crowded_nak[SOCK_HDR_LEN + 8];
static volatile sig_atomic_t crowded_len;
static int crowded_fd = -1;

static void
evicted(int sig)
{
	(void)sig;
	if (!child_proven) {
		if (crowded_len > 0)
			(void)!write(crowded_fd, crowded_nak, (size_t)crowded_len);
		_exit(0);
	}
}

static void
sock_serve_hello_in(int fd, unsigned proto)
{
	uint64_t why = SOCK_NAK_CROWDED;

	crowded_fd = fd;
	crowded_len = (sig_atomic_t)sock_encode(crowded_nak, sizeof(crowded_nak), proto, SOCK_NAK, &why, 1);
}

/* From sock_hello, in a child whose client has proved the key. */
static void
sock_serve_proven(const struct sock_server *s)
{
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
}

void
sock_die_with_parent(void)
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
	uint64_t net;		/* sock_peer_net of peer */
	struct sockaddr_storage peer;
};

/* An accepted connection that has not sent its first bytes yet. */
struct pending {
	int fd;
	int held;		/* it has bytes: waits for a child's slot */
	struct runclock_deadline dl;	/* for its first bytes; its wall bound, for the key too */
	uint64_t net;		/* sock_peer_net of peer */
	struct sockaddr_storage peer;
};

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
	unsigned nkids, npend, maxkids, v4bits;
	int auth[2];		/* children's reports of a key proved */
	uint64_t last;		/* the last activity of a client with the key */
};

/* Waiting connections (kids 0) or unproven children (kids 1) of network net. */
static unsigned
held_by(const struct loop *l, int kids, uint64_t net)
{
	unsigned i, n = 0;

	if (!kids)
		for (i = 0; i < l->npend; i++)
			n += l->pend[i].net == net ? 1u : 0u;
	else
		for (i = 0; i < l->nkids; i++)
			n += !l->kids[i].authed && !l->kids[i].dying && l->kids[i].net == net ? 1u : 0u;
	return n;
}

/* Connections from network net not yet proven: waiting for bytes, or in a child. */
static unsigned
unproven(const struct loop *l, uint64_t net)
{
	return held_by(l, 0, net) + held_by(l, 1, net);
}

/*
 * The network that holds the most waiting connections (kids 0) or
 * unproven children (kids 1), and how many, in *most (0: none).  The
 * slots are few (MAX_PENDING, SOCK_MAX_CHILDREN): counted each time.
 */
static uint64_t
greediest(const struct loop *l, int kids, unsigned *most)
{
	unsigned i, n, best = 0;
	uint64_t net = 0;

	for (i = 0; i < (kids ? l->nkids : l->npend); i++) {
		uint64_t x = kids ? l->kids[i].net : l->pend[i].net;

		if (kids && (l->kids[i].authed || l->kids[i].dying))
			continue;
		if ((n = held_by(l, kids, x)) > best)
			best = n, net = x;
	}
	*most = best;
	return net;
}

static void
drop_pending(struct loop *l, unsigned i)
{
	close(l->pend[i].fd);
	l->pend[i] = l->pend[--l->npend];
}

/*
 * Close pend[i], telling a client that sent bytes why (enum sock_nak
 * why, and for SOCK_NAK_BUSY the sessions served: it tries again a
 * while, then says so).  The NAK is two words when the client sent as
 * many bytes as it takes (a server sends no more than it got), else
 * one; nothing for a client that sent less than that (a silent one).
 */
static void
drop_nak(struct loop *l, unsigned i, uint64_t why)
{
#ifdef FIONREAD
	uint64_t w[2];
	unsigned char buf[SOCK_HDR_LEN + 16];
	int avail = 0;

	w[0] = why;
	w[1] = l->nkids;
	if (ioctl(l->pend[i].fd, FIONREAD, &avail) == 0 && avail > 0) {
		size_t len = sock_encode(buf, sizeof(buf), l->s->proto, SOCK_NAK, w,
					 why == SOCK_NAK_BUSY && avail >= SOCK_HDR_LEN + 16 ? 2 : 1);

		if ((size_t)avail >= len)
			(void)!send(l->pend[i].fd, buf, len, MSG_DONTWAIT | MSG_NOSIGNAL);
	}
#else
	(void)why;
#endif
	drop_pending(l, i);
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
		int rc;

		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = evicted;
		sigemptyset(&sa.sa_mask);
		child_proven = 0;
		crowded_len = 0;
		(void)sigaction(SIGUSR1, &sa, NULL);
		sock_die_with_parent();
		close(cs.lfd);
		if (cs.ufd >= 0)
			close(cs.ufd);
		close(l->auth[0]);
		for (j = 0; j < l->npend; j++)
			close(l->pend[j].fd);
		cs.authfd = l->auth[1];
		cs.hello_wall = p.dl.wall;
		rc = sock_set_blocking(p.fd, 1) == 0 && cs.conn(p.fd, &cs) == SOCK_SERVE_STOP
		     ? CHILD_STOP : 0;
		/* The server reaps this child: it counts itself with the benchmark's processes. */
		noise_report_self();
		_exit(rc);
	}
	close(p.fd);
	if (pid < 0)
		return -1;
	l->kids[l->nkids].pid = pid;
	l->kids[l->nkids].authed = 0;
	l->kids[l->nkids].dying = 0;
	l->kids[l->nkids].touched = timing_now();
	l->kids[l->nkids].net = p.net;
	l->kids[l->nkids].peer = p.peer;
	l->nkids++;
	return 0;
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
				/*
				 * A child writes its report of a proof before it
				 * exits: read, else a session that began and ended
				 * between two rounds would not count as activity.
				 */
				if (!l->kids[i].authed)
					read_auth(l);
				if (l->kids[i].authed)
					l->last = timing_now();
				l->kids[i] = l->kids[--l->nkids];
				stop |= WIFEXITED(status) && WEXITSTATUS(status) == CHILD_STOP;
				break;
			}
	return stop;
}

/* A child of host's has proved the key. */
static int
has_session(const struct loop *l, const struct sockaddr_storage *host)
{
	unsigned i;

	for (i = 0; i < l->nkids; i++)
		if (l->kids[i].authed && sock_same_host(&l->kids[i].peer, host))
			return 1;
	return 0;
}

/*
 * p's network may have another unproven child: it has fewer than its
 * share, counting those being ended (a child told to end holds its
 * process until it is reaped: on a slow machine, long enough for a flood
 * to outgrow the share).  A host with a session on a bare server is not
 * held to it.
 */
static int
kid_room(const struct loop *l, const struct pending *p)
{
	unsigned i, n = 0;

	if (l->s->bare && has_session(l, &p->peer))
		return 1;
	for (i = 0; i < l->nkids; i++)
		n += !l->kids[i].authed && l->kids[i].net == p->net ? 1u : 0u;
	return n < SOCK_PEER_UNAUTH;
}

/*
 * The oldest waiting connection of network net, a silent one first (one
 * with bytes is probably a client with the key, waiting for a child);
 * UINT_MAX when it has none.
 */
static unsigned
oldest_pending(const struct loop *l, uint64_t net)
{
	unsigned i, best = UINT_MAX;

	for (i = 0; i < l->npend; i++)
		if (l->pend[i].net == net
		    && (best == UINT_MAX || l->pend[i].held < l->pend[best].held
			|| (l->pend[i].held == l->pend[best].held
			    && l->pend[i].dl.wall < l->pend[best].dl.wall)))
			best = i;
	return best;
}

/* End the oldest unproven child of network net.  0, or -1 when it has none. */
static int
end_oldest_kid(struct loop *l, uint64_t net)
{
	unsigned i, best = UINT_MAX;

	for (i = 0; i < l->nkids; i++)
		if (!l->kids[i].authed && !l->kids[i].dying && l->kids[i].net == net
		    && (best == UINT_MAX || l->kids[i].touched < l->kids[best].touched))
			best = i;
	if (best == UINT_MAX)
		return -1;
	/* Ends it unless it has proved the key meanwhile (its report is on the way). */
	kill(l->kids[best].pid, SIGUSR1);
	l->kids[best].dying = 1;
	return 0;
}

/*
 * Make room for a new connection from network net: close its oldest
 * waiting connection, or else end its oldest unproven child.  A client
 * with the key proves it within a round trip or two; one that holds
 * slots without it loses them first.
 */
static void
evict_oldest(struct loop *l, uint64_t net)
{
	unsigned best = oldest_pending(l, net);

	if (best != UINT_MAX)
		drop_nak(l, best, SOCK_NAK_CROWDED);
	else
		(void)end_oldest_kid(l, net);
}

/*
 * Every waiting slot is taken and a connection from network net came: a
 * slot of the network that holds the most goes (its oldest), or, when
 * net holds as many, net's own oldest.  Many networks that each hold a
 * few slots thus keep a few each, and a newcomer always gets one: the
 * flood churns through the slots, and a client with the key, whose
 * bytes come with its connection, is served before it is the oldest.
 */
static void
fair_room(struct loop *l, uint64_t net)
{
	unsigned most, mine = held_by(l, 0, net), best;
	uint64_t greedy = greediest(l, 0, &most);

	best = oldest_pending(l, most > mine ? greedy : net);
	if (best != UINT_MAX)
		drop_nak(l, best, SOCK_NAK_CROWDED);
}

/*
 * Every child is taken while a connection with bytes waits (held) from
 * network net: end the oldest unproven child of the network that holds
 * the most of them, when that is more than net holds.  One at a time
 * (none while one is being ended): its slot comes back when it is reaped.
 */
static void
fair_kids(struct loop *l, uint64_t net)
{
	unsigned i, most;
	uint64_t greedy;

	for (i = 0; i < l->nkids; i++)
		if (l->kids[i].dying)
			return;
	greedy = greediest(l, 1, &most);
	if (most > held_by(l, 1, net))
		(void)end_oldest_kid(l, greedy);
}

/* Every child serves a session with the key (none unproven, none ending). */
static int
all_sessions(const struct loop *l)
{
	unsigned i;

	for (i = 0; i < l->nkids; i++)
		if (!l->kids[i].authed || l->kids[i].dying)
			return 0;
	return l->nkids >= l->maxkids;
}

/*
 * The server could not run for gap ns (the machine was paused, the
 * process stopped).  No client could reach it meanwhile either, so that
 * time counts against none of its clocks: without this, a server whose
 * machine froze for longer than -i exits the moment it thaws, before the
 * client it was waiting for.
 */
static void
unfreeze(struct loop *l, uint64_t gap)
{
	unsigned i;

	l->last += gap;
	for (i = 0; i < l->nkids; i++)
		l->kids[i].touched += gap;
	for (i = 0; i < l->npend; i++)
		runclock_thaw(&l->pend[i].dl, gap);
}

static int ready(struct loop *l, unsigned i, short revents);

/* Accept what the listening socket has, within the slots. */
static void
accept_new(struct loop *l)
{
	unsigned round;

	/* A pool's worth a round at most: the connections in it are served too. */
	for (round = 0; round < MAX_PENDING; round++) {
		struct sockaddr_storage peer;
		socklen_t len = sizeof(peer);
		struct pending *p;
		uint64_t net;
		char c;
#if defined(SOCK_NONBLOCK) && defined(SOCK_CLOEXEC)
		/* One call where there is accept4: lat_connect times this path. */
		int fd = accept4(l->s->lfd, (struct sockaddr *)&peer, &len, SOCK_NONBLOCK | SOCK_CLOEXEC);

		if (fd < 0)
			return;	/* EAGAIN: no more; anything else: the next poll */
#else
		int fd = accept(l->s->lfd, (struct sockaddr *)&peer, &len);

		if (fd < 0)
			return;	/* EAGAIN: no more; anything else: the next poll */
		if (fcntl(fd, F_SETFD, FD_CLOEXEC) != 0 || sock_set_blocking(fd, 0) != 0) {
			close(fd);
			continue;
		}
#endif
		net = sock_peer_net(&peer, l->v4bits);
		/*
		 * A full share: the network's oldest unproven connection makes
		 * room (the reports of proofs read first: they may free the
		 * share); all slots taken: the fair share's.
		 */
		if (!(l->s->bare && has_session(l, &peer)) && unproven(l, net) >= SOCK_PEER_UNAUTH) {
			read_auth(l);
			if (unproven(l, net) >= SOCK_PEER_UNAUTH)
				evict_oldest(l, net);
		}
		if (l->npend >= MAX_PENDING)
			fair_room(l, net);
		if (l->npend >= MAX_PENDING) {
			close(fd);	/* no room made (cannot happen: the greediest holds one) */
			continue;
		}
		p = &l->pend[l->npend++];
		p->fd = fd;
		p->held = 0;
		runclock_deadline(&p->dl, SOCK_HELLO_NS, sock_unproven_ns(l->s));
		p->net = net;
		p->peer = peer;
		/*
		 * A bare connection has usually ended by now, and a client's
		 * first bytes usually came with its connection: no poll round
		 * for them, in which a flood could evict them.
		 */
		if (l->s->bare || recv(fd, &c, 1, MSG_PEEK) > 0)
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
				if (l->kids[j].authed && sock_same_host(&l->kids[j].peer, &p->peer))
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
	if (!kid_room(l, p)) {
		p->held = 1;	/* waits for its network's child being ended */
		return 0;
	}
	(void)fork_child(l, i);
	return 1;
}

uint64_t
sock_unproven_ns(const struct sock_server *s)
{
	uint64_t ns = s->idle_ns > 0 ? s->idle_ns : SOCK_SILENCE_NS;

	return ns > SOCK_HELLO_NS ? ns : SOCK_HELLO_NS;
}

int
sock_serve(const struct sock_server *s)
{
	static struct loop l;	/* 64 children and 64 connections: not on a small board's stack */
	struct pollfd pf[3 + MAX_PENDING];
	unsigned i;
	int e = 0;

	memset(&l, 0, sizeof(l));
	l.s = s;
	l.maxkids = s->max_children > 0 && s->max_children < MAX_CHILDREN ? s->max_children : MAX_CHILDREN;
	l.v4bits = s->v4_prefix > 0 && s->v4_prefix <= 32 ? s->v4_prefix : SOCK_V4_PREFIX;
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
			if (l.pend[i].held && kid_room(&l, &l.pend[i]))
				(void)fork_child(&l, i);
		/* Connections with bytes still waiting: the children's fair share, or busy. */
		for (i = l.npend; i-- > 0 && l.nkids >= l.maxkids;)
			if (l.pend[i].held) {
				if (all_sessions(&l))
					drop_nak(&l, i, SOCK_NAK_BUSY);
				else
					fair_kids(&l, l.pend[i].net);
			}
		now = timing_now();
		for (i = 0; i < l.npend;)
			if (runclock_left(&l.pend[i].dl) == 0)
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
		pf[np].fd = s->lfd, pf[np++].events = POLLIN;
		for (i = 0; i < l.npend; i++) {
			int full = l.pend[i].held || (!s->bare && l.nkids >= l.maxkids);
			/* The run clock never runs faster than wall time: no later than its deadline. */
			uint64_t left = runclock_left(&l.pend[i].dl);

			pf[np + i].fd = l.pend[i].fd, pf[np + i].events = full ? 0 : POLLIN;
			if (left < wake - now)
				wake = now + left;
		}
		for (i = 0; i < np + l.npend; i++)
			pf[i].revents = 0;
		if (wake == UINT64_MAX)
			timeout = l.nkids > 0 ? 100 : -1;
		else
			timeout = wake <= now ? 0 : (int)((wake - now) / 1000000 + 1);
		if (l.nkids > 0 && (timeout < 0 || timeout > 100))
			timeout = 100;	/* to reap children */
		/* A freeze shows only as a poll that overslept: one second's at most. */
		if (timeout > FROZEN_CHECK_MS)
			timeout = FROZEN_CHECK_MS;
		r = poll(pf, (nfds_t)(np + l.npend), timeout);
		if (timeout >= 0) {
			uint64_t gap = runclock_overslept(now, (uint64_t)timeout * 1000000u);

			if (gap > 0)
				unfreeze(&l, gap);
		}
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
fail:
	e = errno;
stop:
	stop_children(l.kids, l.nkids);
	while (l.npend > 0)
		drop_pending(&l, 0);
	close(l.auth[0]);
	close(l.auth[1]);
	errno = e;
	return e != 0 ? -1 : 0;
}

/* ---------------------------------------------------------------- the key check */

/*
 * The answer to a SOCK_INFO: this host's boot id, network namespace and
 * fingerprint_box's text, as the ACK's words (sock_proto.h).  A text too
 * long for a message is cut (fmemopen writes what fits); nothing is sent
 * when the memory for it is lacking (the client says the server closed).
 */
static void
send_info(int fd, unsigned proto)
{
	/* 32 KB, only for this request: not on a small board's stack, nor in every server. */
	uint64_t *w = calloc(SOCK_MAX_WORDS + 1, 8);
	/* The text goes where its words will be, each word then made of its own bytes. */
	unsigned char *text = (unsigned char *)(w + SOCK_INFO_TEXT);
	size_t len = 8 * (SOCK_MAX_WORDS - SOCK_INFO_TEXT);
	struct stat st;
	FILE *f = w != NULL ? fmemopen(text, len, "w") : NULL;

	if (f != NULL) {
		fingerprint_box(f);
		fclose(f);
		text[len - 1] = '\0';
		w[SOCK_INFO_LEN] = len = strlen((char *)text);
		(void)cpustat_boot_id(NULL, w + SOCK_INFO_BOOT);
		if (stat("/proc/self/ns/net", &st) == 0)
			w[SOCK_INFO_NETNS] = (uint64_t)st.st_ino;
		(void)sock_send_msg(fd, proto, SOCK_ACK, w,
				    SOCK_INFO_TEXT + sock_text_words(w + SOCK_INFO_TEXT, len));
	}
	free(w);
}

int
sock_hello(int fd, const struct sock_server *s, unsigned proto, uint64_t *w,
	   size_t max, size_t *n)
{
	uint64_t nonce[2], proof[6], nak = SOCK_NAK_KEY;
	unsigned char nb[SOCK_NONCE_LEN], cb[SOCK_NONCE_LEN], mac[SOCK_MAC_LEN], got[SOCK_MAC_LEN];
	const char *key = s->key != NULL ? s->key : "";
	struct runclock_deadline d;
	unsigned kind, k2;
	size_t np, i;

	/*
	 * SOCK_HELLO_NS in which the client could have run: on a saturated
	 * machine a starved client with the key still gets its session, up
	 * to the wall bound that also ends a silent or slow client's.
	 */
	runclock_deadline(&d, SOCK_HELLO_NS, sock_unproven_ns(s));
	if (s->hello_wall != 0)
		d.wall = s->hello_wall;
	if (sock_set_timeout(fd, SOCK_HELLO_NS) != 0
	    || sock_recv_msg_until(fd, proto, &kind, w, max, n, &d) != 0
	    || (kind != SOCK_HELLO && kind != SOCK_STOP && kind != SOCK_INFO)
	    || (kind != SOCK_HELLO && *n != 0)
	    || sock_random(nb, sizeof(nb)) != 0)
		return -1;
	nonce[0] = sock_get64(nb);
	nonce[1] = sock_get64(nb + 8);
	if (*n > 0)
		sock_serve_hello_in(fd, proto);
	if (sock_send_msg(fd, proto, SOCK_CHALLENGE, nonce, 2) != 0
	    || sock_recv_msg_until(fd, proto, &k2, proof, 6, &np, &d) != 0
	    || k2 != SOCK_AUTH || (np != 4 && np != 6))
		return -1;
	for (i = 0; i < 4; i++)
		sock_put64(got + 8 * i, proof[i]);
	sock_mac((const unsigned char *)key, strlen(key), proto, kind, nb, w, *n, mac);
	if (!hb_memeq_ct(mac, got, sizeof(mac))) {
		(void)sock_send_msg(fd, proto, SOCK_NAK, &nak, 1);
		return -1;
	}
	sock_serve_proven(s);
	/* The client's challenge: the server proves the key in turn. */
	if (np == 6) {
		sock_put64(cb, proof[4]);
		sock_put64(cb + 8, proof[5]);
		sock_mac_server((const unsigned char *)key, strlen(key), proto, kind, nb, cb, w, *n, mac);
		for (i = 0; i < 4; i++)
			proof[i] = sock_get64(mac + 8 * i);
		if (sock_send_msg(fd, proto, SOCK_PROOF, proof, 4) != 0)
			return -1;
	}
	if (kind == SOCK_STOP) {
		(void)sock_send_msg(fd, proto, SOCK_ACK, NULL, 0);
		return SOCK_SERVE_STOP;
	}
	if (kind == SOCK_INFO) {
		send_info(fd, proto);
		return -1;	/* answered: nothing more to serve */
	}
	return 0;
}
