/*
 * sock_serve: the server loop (see sock_serve.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#ifdef __linux__
# include <sys/prctl.h>
#endif
#include <unistd.h>

#include "noise.h"
#include "runclock.h"
#include "sock_internal.h"
#include "sock_serve.h"
#include "timing.h"

#define MAX_CHILDREN SOCK_MAX_CHILDREN
#define MAX_PENDING 64		/* accepted connections waiting for their first bytes */
#define CHILD_STOP 42		/* a forked connection's exit status: stop the server */
#define FROZEN_CHECK_MS 1000	/* with a clock running, poll at least this often (runclock_overslept) */

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

/* From sock_hello, in a child whose client has proved the key. */
void
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
	struct sockaddr_storage peer;
};

/* An accepted connection that has not sent its first bytes yet. */
struct pending {
	int fd;
	int held;		/* it has bytes: waits for a child's slot */
	struct runclock_deadline dl;	/* for its first bytes; its wall bound, for the key too */
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
		n += sock_same_host(&l->pend[i].peer, host) ? 1u : 0u;
	for (i = 0; i < l->nkids; i++)
		n += !l->kids[i].authed && !l->kids[i].dying && sock_same_host(&l->kids[i].peer, host) ? 1u : 0u;
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
		int rc;

		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = evicted;
		sigemptyset(&sa.sa_mask);
		child_proven = 0;
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
		if (sock_same_host(&l->pend[i].peer, host)
		    && (best == UINT_MAX || l->pend[i].dl.wall < l->pend[best].dl.wall))
			best = i;
	if (best != UINT_MAX) {
		drop_pending(l, best);
		return;
	}
	for (i = 0; i < l->nkids; i++)
		if (!l->kids[i].authed && !l->kids[i].dying && sock_same_host(&l->kids[i].peer, host)
		    && (best == UINT_MAX || l->kids[i].touched < l->kids[best].touched))
			best = i;
	if (best != UINT_MAX) {
		/* Ends it unless it has proved the key meanwhile (its report is on the way). */
		kill(l->kids[best].pid, SIGUSR1);
		l->kids[best].dying = 1;
	}
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
		if (fcntl(fd, F_SETFD, FD_CLOEXEC) != 0 || sock_set_blocking(fd, 0) != 0) {
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
		runclock_deadline(&p->dl, SOCK_HELLO_NS, sock_unproven_ns(l->s));
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
		if (l.npend < MAX_PENDING)
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
