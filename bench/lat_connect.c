/*
 * lat_connect: the cost of a TCP connection, in ns per connect, accept
 * and close.
 *
 * One iteration: socket, connect and shutdown of the sending side; later,
 * a read that returns when the server has accepted, seen the end of the
 * stream and closed, then close.  At most 16 connections are in flight:
 * the client waits for the oldest to end before opening another, so the
 * server's listen queue (64) never overflows and no 1 s SYN retransmit is
 * averaged in (lmbench reports ~4 ms here for ~50 us of real work).  The
 * client holds a session with the key for the run; the server answers
 * bare connections at once, and counts only those of a peer with a
 * session as activity.  A connection that the server accepts and never
 * ends fails the run after 30 s.  With no host, a server is started on
 * loopback for each placement.
 */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "core/msg.h"
#include "driver/bench.h"
#include "net/sock.h"
#include "net/sock_main.h"
#include "net/sock_proto.h"
#include "net/sock_serve.h"

#define PORT 31337		/* lmbench's 31237 + 100: another protocol */
#define WINDOW 16		/* connections in flight: well below the listen queue (64) */
#define TICK_S 10		/* the watchdog's period */
#define STALL_TICKS 3		/* ticks without a connection ended: the server hangs */

struct state {
	const struct bench_opts *o;
	const struct bench_prog *prog;
	const struct sock_addr *addr;
	size_t window;
};

static struct sock_opts so;
static struct state st;

/*
 * A watchdog outside the timed work: a signal every TICK_S interrupts a
 * blocking connect or read, which goes on unless no connection ended
 * for STALL_TICKS ticks.
 */
static volatile sig_atomic_t progress, stalled;

static void
tick(int sig)
{
	static sig_atomic_t seen = -1, still;

	(void)sig;
	if (progress != seen)
		seen = progress, still = 0;
	else if (++still >= STALL_TICKS)
		stalled = 1;
}

static int
watchdog(void)
{
	static pid_t armed;	/* per process: a copy of -P is a child, without the timer */
	struct sigaction sa;
	struct itimerval it;

	if (armed == getpid())
		return 0;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = tick;	/* no SA_RESTART: a blocking call returns EINTR */
	sigemptyset(&sa.sa_mask);
	memset(&it, 0, sizeof(it));
	it.it_interval.tv_sec = it.it_value.tv_sec = TICK_S;
	if (sigaction(SIGALRM, &sa, NULL) != 0 || setitimer(ITIMER_REAL, &it, NULL) != 0)
		return -1;
	armed = getpid();
	return 0;
}

static void
watchdog_off(void)
{
	struct itimerval it;

	memset(&it, 0, sizeof(it));
	(void)setitimer(ITIMER_REAL, &it, NULL);
}

/*
 * The server side, for a connection with bytes (bare ones the server
 * loop ends itself): a HELLO with the key is a client's session, held
 * until it closes it; a STOP with the key stops the server; anything
 * else just ends the connection.
 */
static int
serve_conn(int fd, const struct sock_server *srv)
{
	uint64_t w[1];
	size_t n;
	char c;
	int rc = sock_hello(fd, srv, SOCK_LAT_CONNECT, w, 0, &n);

	if (rc != 0)
		return rc;
	if (sock_send_msg(fd, SOCK_LAT_CONNECT, SOCK_ACK, NULL, 0) != 0
	    || sock_set_timeout(fd, 0) != 0)
		return -1;
	/* The server loop ends the session when its peer stops connecting. */
	while (read(fd, &c, 1) > 0)
		;
	return 0;
}

/* Connect fd to a; a connect the watchdog interrupted goes on. */
static int
connect_to(int fd, const struct sock_addr *a)
{
	struct pollfd pf;
	socklen_t len = sizeof(int);
	int e;

	if (connect(fd, (const struct sockaddr *)&a->ss, a->len) == 0)
		return 0;
	if (errno != EINTR)
		return -1;
	for (;;) {
		pf.fd = fd, pf.events = POLLOUT, pf.revents = 0;
		if (stalled) {
			errno = ETIMEDOUT;
			return -1;
		}
		if (poll(&pf, 1, -1) > 0)
			break;
		if (errno != EINTR)
			return -1;
	}
	if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &e, &len) != 0)
		return -1;
	errno = e;
	return e == 0 ? 0 : -1;
}

/* Wait for the server to close fd (it has accepted and read the end), then close it. */
static int
finish(int fd)
{
	char c;
	ssize_t r;
	int e;

	while ((r = read(fd, &c, 1)) < 0 && errno == EINTR && !stalled)
		;
	e = r < 0 && errno == EINTR ? ETIMEDOUT : r > 0 ? EPROTO : errno;
	if (close(fd) != 0)
		return -1;
	progress++;
	errno = e;
	return r == 0 ? 0 : -1;
}

static int
do_connect(void *arg, uint64_t n)
{
	struct state *s = arg;
	const struct sock_addr *a = s->addr;
	int ring[WINDOW], rc = 0, e = 0;
	size_t head = 0, used = 0;

	if (watchdog() != 0)
		return -1;
	while (n-- > 0) {
		int fd;

		if (used == s->window) {
			rc = finish(ring[head]);
			head = (head + 1) % WINDOW, used--;
			if (rc != 0)
				break;
		}
		if ((fd = socket(a->ss.ss_family, SOCK_STREAM, 0)) < 0) {
			rc = -1;
			break;
		}
		if (connect_to(fd, a) != 0 || shutdown(fd, SHUT_WR) != 0) {
			e = errno;
			close(fd);
			errno = e;
			rc = -1;
			break;
		}
		ring[(head + used++) % WINDOW] = fd;
	}
	e = errno;
	for (; used > 0; head = (head + 1) % WINDOW, used--)
		if (finish(ring[head]) != 0 && rc == 0)
			rc = -1, e = errno;
	errno = e;
	return rc;
}

static int
measure(const struct sock_addr *a, const char *part, void *arg)
{
	struct state *s = arg;
	struct bench_case c;
	char name[OUTPUT_MAX_NAME];
	size_t n;
	int fd = sock_session(a, SOCK_LAT_CONNECT, NULL, 0, NULL, 0, &n), rc;

	if (fd < 0) {
		msg_warn("cannot start a session with %s port %u: %s", a->text, sock_addr_port(a),
			 sock_why(errno));
		return -1;
	}
	s->addr = a;
	snprintf(name, sizeof(name), "LatConnect/%s", part);
	memset(&c, 0, sizeof(c));
	c.name = name;
	c.loop = do_connect;
	c.arg = s;
	rc = bench_run(s->o, s->prog, &c);
	watchdog_off();
	if (rc != 0 && stalled)
		msg_warn("%s: the server at %s port %u accepted a connection and did not end it in %d s",
			 name, a->text, sock_addr_port(a), TICK_S * STALL_TICKS);
	close(fd);
	return rc;
}

static const struct bench_opt opts[] = {
	SOCK_OPTS(so),
};

static const struct bench_prog prog = {
	.name = "lat_connect",
	.summary = "lat_connect: TCP connection cost in ns per connect, accept and close",
	SOCK_BENCH_FIELDS,
	.opts = opts,
	.nopts = HB_ARRAY_SIZE(opts),
};

static void
setup(void *arg, const struct bench_opts *o, const struct sock_opts *sop)
{
	struct state *s = arg;

	(void)sop;
	s->o = o;
	s->prog = &prog;
	/* Parallel copies share the server's queue of 64. */
	s->window = o->parallel >= 32 ? 1 : o->parallel > 2 ? 32 / o->parallel : WINDOW;
}

static const struct sock_prog sp = {
	.bench = &prog, .proto = SOCK_LAT_CONNECT, .port = PORT, .bare = 1,
	.conn = serve_conn, .measure = measure, .setup = setup, .arg = &st,
};

int
main(int argc, char **argv)
{
	return sock_run(&sp, &so, argc, argv);
}
