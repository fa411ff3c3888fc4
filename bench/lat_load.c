/*
 * lat_load: latency under load, as flent's RRUL (realtime response under
 * load): UDP round trips in ns/op idle and while TCP streams fill the
 * path both ways, the latency the load adds, and the throughput per
 * direction in Mbit/s and MB/s.
 *
 * First the idle phase (1 s, or half of -t when shorter) with the probes
 * alone, then the load: -u streams to the server and -d from it for -W
 * (not counted) and -t, split into -N samples, while a probe goes every
 * -g.  The probes are a process of their own at each end, the streams
 * another at a lower priority (nice +10), so that a probe never waits
 * for the load's loop: the prober is what the path makes it wait.  The
 * client times a probe's return by the kernel's receive timestamp
 * (SO_TIMESTAMPNS) where it has one, so the prober's own wake-up is
 * subtracted, and so is the server's hold (its receive timestamp to its
 * echo, sent back in the probe); those delays, and how late probes
 * left, are reported, and probes the run could not send are counted and
 * warned of.
 * A probe is a datagram with a sequence number that the server echoes;
 * one unanswered within 2 s is lost (counted, never timed).  Up is what
 * the server received, down what the client did; every 200 ms of the
 * load also gives a bin of the time series (up, down, the probes'
 * median).  The session starts over TCP with the key; the streams
 * connect to a listener of the session's own and must present its
 * cookie, and the probes go to a UDP socket of its own connected to the
 * client's.
 * -I (netperf's, lib/driver) runs more sessions, as netperf's
 * iterations, until the interval of the mean of the samples' median
 * loaded round trips is narrow enough; their probes, samples and CPU
 * are one result.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
# include <sys/prctl.h>
#endif

#include "core/hist.h"
#include "core/msg.h"
#include "core/output.h"
#include "core/runclock.h"
#include "core/timing.h"
#include "driver/bench.h"
#include "host/cpustat.h"
#include "host/memory.h"
#include "net/box.h"
#include "net/sock.h"
#include "net/sock_main.h"
#include "net/sock_proto.h"
#include "net/sock_report.h"
#include "net/sock_serve.h"

#define PORT 31341		/* after lat_rpc's 31340: the next hostbench port */
#define MAX_STREAMS 64		/* each way */
#define MAX_TIME 600000000000ull	/* -t: 3000 bins of the series */
#define MAX_WARM 60000000000ull
#define BIN_NS 200000000ull	/* the series' bin */
#define IDLE_NS 1000000000ull	/* the idle phase, or half of -t when shorter */
#define LOSS_NS 2000000000ull	/* a probe unanswered this long is lost */
#define CONNECT_NS 10000000000ull	/* the streams connect and present the cookie */
#define MAX_PROBES (1u << 20)
#define MAX_CLIENTS 2		/* a session, and a STOP beside it */
#define MAX_BINS (MAX_TIME / BIN_NS)
#define RATE_BUF (256u * 1024)

/* What a child process hands back: the server's echo process, or the client's load process. */
struct loadshare {
	uint64_t echoed;	/* the server's echo process: probes echoed */
	struct cpuown own;	/* the load's process: its CPU time over the timed part */
	int own_ok;
	int err;		/* errno of a failure, 0 */
};

/* The client's load process counts here, in a mapping it shares with the prober. */
struct loadcounts {
	uint64_t down_s[SOCK_MAX_SAMPLES], writes[SOCK_MAX_SAMPLES], down_b[MAX_BINS];
};

/* The load's process: nice +10, so that the prober (nice 0) is never behind it. */
#define LOAD_NICE 10

/* The hello, its ACK, a stream's greeting, a probe, the result. */
enum { H_UP, H_DOWN, H_IDLE, H_WARM, H_DUR, H_SAMPLES, H_GAP, H_SIZE, H_PORT, H_WORDS };
enum { A_COOKIE, A_UDP, A_TCP, A_WORDS };
enum { G_COOKIE, G_DIR, G_WORDS };
enum { P_COOKIE, P_SEQ, P_HOLD, P_WORDS };	/* P_HOLD: the server's, ns */
enum { R_ECHOED, R_CPU, R_SAMPLE = R_CPU + SOCK_CPU_WORDS };	/* then samples, then bins */
#define PROBE_LEN (SOCK_HDR_LEN + 8 * P_WORDS)

struct state {
	const struct bench_opts *o;
	uint64_t up, down, dur_ns, gap_ns, size, idle_ns;
	int fd[2 * MAX_STREAMS];	/* up streams first */
	int ctl, ufd;
	uint64_t cookie;
	char *buf;
	/* Probes: send times (monotonic, and real time for the kernel's
	 * receive timestamps) and round trips by sequence number (0: none yet). */
	uint64_t *sent, *sent_rt;
	uint32_t *rtt;
	uint64_t cap, nsent, idle_last, load_first, load_last;
	/* The load phase: its start, and down bytes per sample and per bin. */
	uint64_t t_load, warm;
	uint64_t res[R_SAMPLE + SOCK_MAX_SAMPLES + MAX_BINS];
	struct cpustat ca, cb;
	struct cpuown oa, ob;
	int cpu_ok, own_ok;
	/* The prober's own delays: how late a probe left, how long an answer waited for it. */
	struct hist late, wake;
	uint64_t stamped;	/* answers timed by the kernel's receive timestamp */
	/* The server's: how long it held each probe (taken out of the round trip). */
	struct hist hold;
	/* Where the load's process counts (shared), and how it ended. */
	struct loadcounts *cnt;
	struct loadshare *share;
	uint64_t srown[SOCK_OWN_WORDS];	/* the session's server processes */
	/*
	 * Every session's (more than one with -I): the samples' up, down and
	 * writes, each sample's median loaded round trip (nrt of them: those
	 * with an answer), the phases' probes, both ends' CPU.
	 */
	size_t n, nrt, sessions;
	uint64_t up_s[SOCK_MAX_SAMPLES], dn_s[SOCK_MAX_SAMPLES], wr_s[SOCK_MAX_SAMPLES];
	double rt_s[SOCK_MAX_SAMPLES];
	uint32_t *scratch;		/* -I: a sample's round trips, to sort */
	uint64_t psent[2], plost[2];
	uint64_t lcpu[SOCK_CPU_WORDS], rcpu[SOCK_CPU_WORDS], lown[SOCK_OWN_WORDS], rown[SOCK_OWN_WORDS];
};

static struct sock_opts so;
/* The state is large and zero (bss); the options land in variables of their own. */
static struct state st;
static long long opt_up = 4, opt_down = 4;
static const char *opt_box;		/* -A */
static struct box *box;
static struct box_summary box_sum;
static uint64_t opt_dur = 5000000000ull, opt_gap = 10000000ull, opt_size = 64 * 1024;
static struct hist h_idle, h_load;	/* 39 KB each: not on a small board's stack */

/* ---------------------------------------------------------------- the server */

/* 1 when a and b are the same IP host (ports aside). */
static int
same_host(const struct sockaddr_storage *a, const struct sockaddr_storage *b)
{
	if (a->ss_family != b->ss_family)
		return 0;
	if (a->ss_family == AF_INET)
		return memcmp(&((const struct sockaddr_in *)a)->sin_addr,
			      &((const struct sockaddr_in *)b)->sin_addr, sizeof(struct in_addr)) == 0;
	if (a->ss_family == AF_INET6)
		return memcmp(&((const struct sockaddr_in6 *)a)->sin6_addr,
			      &((const struct sockaddr_in6 *)b)->sin6_addr, sizeof(struct in6_addr)) == 0;
	return 0;
}

/* A listener for the streams on the control connection's local address, any free port. */
static int
data_listener(int ctl, unsigned *port)
{
	struct sock_addr la;
	int lfd;

	memset(&la, 0, sizeof(la));
	la.len = sizeof(la.ss);
	if (getsockname(ctl, (struct sockaddr *)&la.ss, &la.len) != 0)
		return -1;
	sock_addr_set_port(&la, 0);
	if ((lfd = sock_listen(&la, SOCK_STREAM)) < 0)
		return -1;
	*port = sock_local_port(lfd);
	return lfd;
}

/*
 * The streams: connections from the client's host that present the
 * session's cookie and a direction with room left, all within
 * CONNECT_NS, each greeting within SOCK_HELLO_NS, both on the run clock
 * (lib/core/runclock: a client starved on a busy machine connects late) and
 * by the server's bound on unproven connections in wall time; any other
 * is closed unread or after its greeting.  fd[0 .. up-1] are up, then
 * down, all non-blocking.  0, or -1.
 */
static int
accept_streams(int lfd, int ctl, const struct sock_server *srv, const uint64_t *h,
	       uint64_t cookie, int *fd)
{
	struct sockaddr_storage peer, from;
	socklen_t len = sizeof(peer);
	uint64_t nup = 0, ndown = 0, most = sock_unproven_ns(srv);
	struct runclock_deadline all;

	runclock_deadline(&all, CONNECT_NS, most > CONNECT_NS ? most : CONNECT_NS);
	if (getpeername(ctl, (struct sockaddr *)&peer, &len) != 0)
		return -1;
	while (nup < h[H_UP] || ndown < h[H_DOWN]) {
		struct runclock_deadline one;
		uint64_t w[G_WORDS];
		unsigned kind = 0;
		size_t n = 0;
		int c, got;

		if ((c = sock_accept_until(lfd, &all)) < 0)
			return -1;
		len = sizeof(from);
		runclock_deadline(&one, SOCK_HELLO_NS, RUNCLOCK_NONE);
		if (all.run < one.run)
			one.run = all.run;
		one.wall = all.wall;
		got = getpeername(c, (struct sockaddr *)&from, &len) == 0 && same_host(&peer, &from)
			&& sock_recv_msg_until(c, SOCK_LAT_LOAD, &kind, w, G_WORDS, &n, &one) == 0;
		all.wall = one.wall;	/* moved by a freeze meanwhile, if any */
		if (!got || kind != SOCK_DATA || n != G_WORDS || w[G_COOKIE] != cookie
		    || (w[G_DIR] == 0 ? nup >= h[H_UP] : w[G_DIR] != 1 || ndown >= h[H_DOWN])
		    || fcntl(c, F_SETFL, fcntl(c, F_GETFL) | O_NONBLOCK) != 0) {
			close(c);
			continue;
		}
		if (w[G_DIR] == 0)
			fd[nup++] = c;
		else
			fd[h[H_UP] + ndown++] = c;
	}
	return 0;
}

/* The real-time clock in ns, as the kernel's receive timestamps are. */
static uint64_t
realtime_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_REALTIME, &ts) != 0)
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/*
 * The kernel's receive time of the datagram msg holds (SO_TIMESTAMPNS),
 * in real-time ns; 0 where it has none.
 */
static uint64_t
rx_stamp(struct msghdr *msg)
{
#ifdef SCM_TIMESTAMPNS
	struct cmsghdr *c;

	for (c = CMSG_FIRSTHDR(msg); c != NULL; c = CMSG_NXTHDR(msg, c))
		if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_TIMESTAMPNS
		    && c->cmsg_len >= CMSG_LEN(sizeof(struct timespec))) {
			struct timespec ts;

			memcpy(&ts, CMSG_DATA(c), sizeof(ts));
			return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
		}
#else
	(void)msg;
#endif
	return 0;
}

/* The kernel's receive timestamps on u, where it has them (else datagrams are timed when read). */
static void
stamp_rx(int u)
{
#ifdef SO_TIMESTAMPNS
	int on = 1;

	(void)setsockopt(u, SOL_SOCKET, SO_TIMESTAMPNS, &on, sizeof(on));
#else
	(void)u;
#endif
}

/*
 * Echo what the probe socket holds: only this session's probes, back
 * with how long this end held each (P_HOLD: from the kernel's receive
 * timestamp to the send, the echo process's own wake-up in it; 0 where
 * there is no timestamp), which the client takes out of the round trip.
 */
static int
echo(int u, uint64_t cookie, uint64_t *left)
{
	unsigned char b[PROBE_LEN + 1];
	union {
		struct cmsghdr c;
		unsigned char b[256];
	} ctl;
	ssize_t r;

	for (;;) {
		struct iovec iov = { b, sizeof(b) };
		struct msghdr msg;
		uint64_t kts, now;
		unsigned kind;
		size_t n;

		memset(&msg, 0, sizeof(msg));
		msg.msg_iov = &iov;
		msg.msg_iovlen = 1;
		msg.msg_control = ctl.b;
		msg.msg_controllen = sizeof(ctl.b);
		if ((r = recvmsg(u, &msg, MSG_DONTWAIT)) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (r != PROBE_LEN || *left == 0
		    || sock_decode_hdr(b, SOCK_LAT_LOAD, &kind, &n, P_WORDS) != 0
		    || kind != SOCK_DATA || n != P_WORDS || sock_get64(b + SOCK_HDR_LEN) != cookie)
			continue;
		kts = rx_stamp(&msg);
		now = realtime_ns();
		sock_put64(b + SOCK_HDR_LEN + 8 * P_HOLD, kts != 0 && kts < now ? now - kts : 0);
		if (send(u, b, (size_t)r, 0) != r && errno != EAGAIN && errno != ENOBUFS && errno != EINTR)
			return -1;
		--*left;
	}
	/* ECONNREFUSED: an ICMP error for an earlier echo; the control connection says when it is over. */
	return errno == EAGAIN || errno == EWOULDBLOCK || errno == ECONNREFUSED ? 0 : -1;
}

/* A child of this process (the echo or the load process) dies with it, even under SIGKILL. */
static void
die_with_parent(void)
{
#ifdef __linux__
	(void)prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
}

#if !defined(MAP_ANONYMOUS) && defined(MAP_ANON)
# define MAP_ANONYMOUS MAP_ANON
#endif

/* len bytes shared with the children this process forks, zero; NULL on failure. */
static void *
shared_new(size_t len)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
		       /* cppcheck-suppress invalidFunctionArg ; an anonymous mapping takes no file: fd -1 */
		       -1, 0);

	/* cppcheck-suppress memleak ; the mapping is the caller's, unmapped when its session ends */
	return p != MAP_FAILED ? p : NULL;
}

/* End child pid (SIGTERM unless it is done), reap it: its exit status, or -1. */
static int
child_end(pid_t pid, int term)
{
	int status;

	if (pid <= 0)
		return -1;
	if (term)
		(void)kill(pid, SIGTERM);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/*
 * The server's echo process: the probes of the session on u, echoed at
 * once, until its parent ends it (or the probes the run holds are done);
 * the count in sh->echoed.  It stays at the priority the server runs at
 * while its parent, the streams, goes to LOAD_NICE.
 */
static pid_t
echo_start(int u, uint64_t cookie, uint64_t left, struct loadshare *sh)
{
	pid_t pid = fork();

	if (pid != 0)
		return pid;
	die_with_parent();
	stamp_rx(u);
	for (;;) {
		struct pollfd pf = { u, POLLIN, 0 };
		uint64_t before = left;

		if (getppid() == 1 || left == 0)
			_exit(0);
		if (poll(&pf, 1, 200) < 0 && errno != EINTR)
			_exit(1);
		if (echo(u, cookie, &left) != 0)
			_exit(1);
		sh->echoed += before - left;
	}
}

/*
 * After the streams: echo the probes; on the client's START, read the up
 * streams (counting after the warm-up, by sample and by bin) and fill
 * the down ones, until its END.  Silence past the phases' time and
 * SOCK_XFER_NS ends it, whatever comes.  0 (END), 1 (END, but the own
 * CPU time was not read), or -1; *span is the timed part's length.
 */
static int
serve_load(int ctl, int u, const uint64_t *h, uint64_t cookie, const int *fd, uint64_t *r,
	   struct cpuown *oa, struct cpuown *ob, uint64_t *span, struct loadshare *sh)
{
	static char buf[RATE_BUF];
	struct pollfd pf[2 + 2 * MAX_STREAMS];
	uint64_t t0 = 0, now = timing_now(), step = h[H_DUR] / h[H_SAMPLES];
	uint64_t nbins = (h[H_DUR] + BIN_NS - 1) / BIN_NS, timed = 0, t_timed = 0;
	uint64_t deadline = now + h[H_IDLE] + SOCK_XFER_NS;
	uint64_t left = (h[H_IDLE] + h[H_WARM] + h[H_DUR] + LOSS_NS) / h[H_GAP] + 64;
	size_t ns = (size_t)(h[H_UP] + h[H_DOWN]), i;
	struct cpustat a, b;
	int ok = 0, own = 0, rc = -1;
	pid_t echoer;

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	sh->echoed = 0;
	if ((echoer = echo_start(u, cookie, left, sh)) < 0)
		return -1;
	/* The streams wait for the probes, never the other way round. */
	(void)setpriority(PRIO_PROCESS, 0, LOAD_NICE);
	for (;;) {
		int started = t0 != 0, timeout;

		now = timing_now();
		if (now >= deadline)
			goto out;
		pf[0].fd = ctl, pf[0].events = POLLIN;
		pf[1].fd = -1, pf[1].events = 0;
		for (i = 0; i < ns; i++) {
			pf[2 + i].fd = fd[i];
			pf[2 + i].events = !started ? 0 : i < h[H_UP] ? POLLIN : POLLOUT;
		}
		timeout = (int)((deadline - now) / 1000000 + 1);
		if (poll(pf, (nfds_t)(2 + ns), timeout > 1000 ? 1000 : timeout) < 0) {
			if (errno == EINTR)
				continue;
			goto out;
		}
		if (pf[0].revents != 0) {
			uint64_t w[1];
			unsigned kind;
			size_t n;

			if (sock_recv_msg(ctl, SOCK_LAT_LOAD, &kind, w, 1, &n) != 0 || n != 0
			    || kind != (started ? SOCK_END : SOCK_DATA))
				goto out;
			if (started)
				break;
			t0 = timing_now();
			deadline = t0 + h[H_WARM] + h[H_DUR] + SOCK_XFER_NS;
			continue;
		}
		if (!started)
			continue;
		now = timing_now();
		if (!timed && now - t0 >= h[H_WARM]) {
			timed = 1;
			t_timed = now;
			ok = cpustat_read(NULL, &a) == 0;
			own = cpustat_self(oa) == 0;
		}
		for (i = 0; i < ns; i++) {
			ssize_t got;

			if (pf[2 + i].revents == 0)
				continue;
			if (i >= h[H_UP]) {
				if (write(fd[i], buf, (size_t)h[H_SIZE]) < 0 && errno != EAGAIN
				    && errno != EWOULDBLOCK && errno != EINTR)
					goto out;
				continue;
			}
			/* One read a round: the probes' turn comes soon whatever the streams bring. */
			if ((got = read(fd[i], buf, sizeof(buf))) > 0) {
				uint64_t off = timing_now() - t0;

				if (off < h[H_WARM] || off - h[H_WARM] >= h[H_DUR])
					continue;	/* the warm-up, or after the timed part */
				off -= h[H_WARM];
				r[R_SAMPLE + (off / step < h[H_SAMPLES] ? off / step : h[H_SAMPLES] - 1)] += (uint64_t)got;
				r[R_SAMPLE + h[H_SAMPLES] + (off / BIN_NS < nbins ? off / BIN_NS : nbins - 1)] += (uint64_t)got;
			} else if (got == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
				goto out;	/* a stream ended before END */
			}
		}
	}
	ok = ok && cpustat_read(NULL, &b) == 0;
	own = own && cpustat_self(ob) == 0;
	*span = timed ? timing_now() - t_timed : 0;
	sock_cpu_encode(r + R_CPU, ok, &a, &b);
	rc = own ? 0 : 1;
out:
	(void)child_end(echoer, 1);
	r[R_ECHOED] = sh->echoed;
	return rc;
}

/*
 * A session, in a child of the server: the hello, the session's UDP
 * socket and stream listener (in the ACK), the streams, READY (an empty
 * ACK), the load, then the RESULT and the server's own CPU.
 */
static int
serve_conn(int fd, const struct sock_server *srv)
{
	uint64_t h[H_WORDS], ack[A_WORDS], nak = SOCK_NAK_PARAMS, more[SOCK_OWN_WORDS];
	static uint64_t r[R_SAMPLE + SOCK_MAX_SAMPLES + MAX_BINS];
	int streams[2 * MAX_STREAMS];
	unsigned char rnd[8];
	unsigned uport = 0, tport = 0;
	struct cpuown oa, ob;
	size_t n, i, ns = 0;
	int u = -1, lfd = -1, rc = sock_hello(fd, srv, SOCK_LAT_LOAD, h, H_WORDS, &n);
	uint64_t span = 0;
	struct loadshare *sh;

	if (rc != 0)
		return rc;
	if ((sh = shared_new(sizeof(*sh))) == NULL) {
		(void)sock_send_msg(fd, SOCK_LAT_LOAD, SOCK_NAK, &nak, 1);
		return -1;
	}
	if (n != H_WORDS || h[H_UP] < 1 || h[H_UP] > MAX_STREAMS || h[H_DOWN] < 1
	    || h[H_DOWN] > MAX_STREAMS || h[H_IDLE] > IDLE_NS || h[H_WARM] > MAX_WARM
	    || h[H_DUR] < 100000000 || h[H_DUR] > MAX_TIME || h[H_SAMPLES] < 1
	    || h[H_SAMPLES] > SOCK_MAX_SAMPLES || h[H_DUR] / h[H_SAMPLES] < 1000000
	    || h[H_GAP] < 1000000 || h[H_GAP] > 1000000000 || h[H_SIZE] < 1 || h[H_SIZE] > RATE_BUF
	    || h[H_PORT] > 65535 || sock_random(rnd, sizeof(rnd)) != 0
	    || (u = sock_udp_accept(fd, (unsigned)h[H_PORT], &uport)) < 0
	    || (lfd = data_listener(fd, &tport)) < 0) {
		(void)sock_send_msg(fd, SOCK_LAT_LOAD, SOCK_NAK, &nak, 1);
		goto fail;
	}
	memset(r, 0, sizeof(r));
	ack[A_COOKIE] = sock_get64(rnd);
	ack[A_UDP] = uport;
	ack[A_TCP] = tport;
	if (sock_send_msg(fd, SOCK_LAT_LOAD, SOCK_ACK, ack, A_WORDS) != 0
	    || accept_streams(lfd, fd, srv, h, ack[A_COOKIE], streams) != 0)
		goto fail;
	ns = (size_t)(h[H_UP] + h[H_DOWN]);
	close(lfd);
	lfd = -1;
	if (sock_send_msg(fd, SOCK_LAT_LOAD, SOCK_ACK, NULL, 0) != 0)
		goto fail;
	rc = serve_load(fd, u, h, ack[A_COOKIE], streams, r, &oa, &ob, &span, sh);
	if (rc < 0)
		goto fail;
	for (i = 0; i < ns; i++)
		close(streams[i]);
	close(u);
	sock_own_encode(more, rc == 0, &oa, &ob, span);
	(void)munmap(sh, sizeof(*sh));
	return sock_send_msg(fd, SOCK_LAT_LOAD, SOCK_RESULT, r, (size_t)(R_SAMPLE + h[H_SAMPLES]
			     + (h[H_DUR] + BIN_NS - 1) / BIN_NS)) == 0
		&& sock_send_msg(fd, SOCK_LAT_LOAD, SOCK_MORE, more, SOCK_OWN_WORDS) == 0 ? 0 : -1;
fail:
	for (i = 0; i < ns; i++)
		close(streams[i]);
	if (lfd >= 0)
		close(lfd);
	if (u >= 0)
		close(u);
	(void)munmap(sh, sizeof(*sh));
	return -1;
}

/* ---------------------------------------------------------------- the client */


/*
 * Send the next probe (sequence number s->nsent + 1) and note its time.
 * 0, or -1.
 */
static int
probe(struct state *s)
{
	unsigned char b[PROBE_LEN];
	uint64_t w[P_WORDS];

	if (s->nsent + 1 >= s->cap)
		return 0;	/* more than the run's time holds (a clock that jumped): no more */
	w[P_COOKIE] = s->cookie;
	w[P_SEQ] = ++s->nsent;
	w[P_HOLD] = 0;
	sock_encode(b, sizeof(b), SOCK_LAT_LOAD, SOCK_DATA, w, P_WORDS);
	s->sent_rt[s->nsent] = realtime_ns();
	s->sent[s->nsent] = timing_now();
	if (send(s->ufd, b, sizeof(b), 0) != (ssize_t)sizeof(b)
	    && errno != EAGAIN && errno != ENOBUFS && errno != EINTR)
		return -1;	/* a full queue is a lost probe, as on any link */
	return 0;
}


/*
 * The echoes waiting: each probe's round trip, once; a late one stays
 * lost.  Timed from the kernel's receive timestamp where there is one
 * (the wait for this process to wake and read it then left out, and
 * kept in s->wake), else from the read.
 */
static int
answers(struct state *s)
{
	unsigned char b[PROBE_LEN + 1];
	union {
		struct cmsghdr c;
		unsigned char b[256];
	} ctl;
	ssize_t r;

	for (;;) {
		struct iovec iov = { b, sizeof(b) };
		struct msghdr msg;
		uint64_t now, now_rt, kts, seq, rtt, hold;
		unsigned kind;
		size_t n;

		memset(&msg, 0, sizeof(msg));
		msg.msg_iov = &iov;
		msg.msg_iovlen = 1;
		msg.msg_control = ctl.b;
		msg.msg_controllen = sizeof(ctl.b);
		if ((r = recvmsg(s->ufd, &msg, 0)) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		now = timing_now();
		now_rt = realtime_ns();
		if (r != PROBE_LEN || sock_decode_hdr(b, SOCK_LAT_LOAD, &kind, &n, P_WORDS) != 0
		    || kind != SOCK_DATA || n != P_WORDS || sock_get64(b + SOCK_HDR_LEN) != s->cookie)
			continue;
		seq = sock_get64(b + SOCK_HDR_LEN + 8);
		if (seq < 1 || seq > s->nsent || s->rtt[seq] != 0)
			continue;
		rtt = now - s->sent[seq];
		kts = rx_stamp(&msg);
		/* The kernel's time, where the clock did not step between (then it is the read's). */
		if (kts != 0 && kts > s->sent_rt[seq] && kts <= now_rt && kts - s->sent_rt[seq] <= rtt) {
			hist_add(&s->wake, now_rt - kts > 0 ? now_rt - kts : 1);
			s->stamped++;
			rtt = kts - s->sent_rt[seq];
		}
		/* The far end's hold: its own wake-up and echo, not the path. */
		hold = sock_get64(b + SOCK_HDR_LEN + 8 * P_HOLD);
		if (hold > 0 && hold < rtt) {
			hist_add(&s->hold, hold);
			rtt -= hold;
		}
		/* Late: lost, and never timed (UINT32_MAX marks it answered). */
		s->rtt[seq] = rtt > LOSS_NS ? UINT32_MAX : rtt > 0 ? (uint32_t)rtt : 1;
	}
	if (errno == ECONNREFUSED)
		msg_warn("the server's probe socket is gone (port unreachable)");
	return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : -1;
}

/*
 * A probe when the next is due (next moves on), and the answers
 * waiting.  0, or -1.
 */
static int
tick(struct state *s, uint64_t *next)
{
	uint64_t now = timing_now();

	if (now >= *next) {
		hist_add(&s->late, now - *next > 0 ? now - *next : 1);
		if (probe(s) != 0)
			return -1;
		/* A loop that fell behind sends one probe, not a burst. */
		*next = now - *next > s->gap_ns ? now + s->gap_ns : *next + s->gap_ns;
	}
	return answers(s);
}

/* The prober: a probe every gap and the echoes, until end.  0, or -1. */
static int
run(struct state *s, uint64_t end)
{
	uint64_t next = timing_now();

	for (;;) {
		struct pollfd pf = { s->ufd, POLLIN, 0 };
		uint64_t now = timing_now(), wait;

		if (now >= end)
			return 0;
		if (tick(s, &next) != 0)
			return -1;
		now = timing_now();
		wait = next < end ? next : end;
		wait = wait > now ? wait - now : 0;
#ifdef HAVE_PPOLL
		{
			/* To the nanosecond: poll's milliseconds would send every probe late. */
			struct timespec ts = { (time_t)(wait / 1000000000u), (long)(wait % 1000000000u) };

			if (ppoll(&pf, 1, &ts, NULL) < 0 && errno != EINTR)
				return -1;
		}
#else
		if (poll(&pf, 1, (int)((wait + 999999) / 1000000)) < 0 && errno != EINTR)
			return -1;
#endif
	}
}

/*
 * The load's process: the streams until end (write up, read down:
 * counted after the warm-up, by sample and by bin).  0, or -1.
 */
static int
load_run(struct state *s, uint64_t end)
{
	struct pollfd pf[2 * MAX_STREAMS];
	size_t ns = (size_t)(s->up + s->down), i;
	uint64_t step = s->dur_ns / s->o->reps, nbins = (s->dur_ns + BIN_NS - 1) / BIN_NS;
	struct cpuown a, b;
	int timed = 0;

	s->share->own_ok = 0;
	for (;;) {
		uint64_t now = timing_now(), off;
		int n;

		if (!timed && now - s->t_load >= s->warm) {
			timed = 1;
			s->share->own_ok = cpustat_self(&a) == 0;
		}
		if (now >= end) {
			/* Its CPU time, for the client's own figures with the prober's. */
			if (s->share->own_ok && cpustat_self(&b) == 0) {
				s->share->own.user_us = b.user_us - a.user_us;
				s->share->own.sys_us = b.sys_us - a.sys_us;
			} else {
				s->share->own_ok = 0;
			}
			return 0;
		}
		for (i = 0; i < ns; i++)
			pf[i].fd = s->fd[i], pf[i].events = i < s->up ? POLLOUT : POLLIN;
		n = poll(pf, (nfds_t)ns, (int)((end - now + 999999) / 1000000));
		if (n < 0 && errno != EINTR)
			return -1;
		for (i = 0; n > 0 && i < ns; i++) {
			ssize_t got;

			if (pf[i].revents == 0)
				continue;
			if (i < s->up) {
				got = write(s->fd[i], s->buf, (size_t)s->size);
				off = timing_now() - s->t_load;
				if (got > 0 && off >= s->warm && off - s->warm < s->dur_ns) {
					off = (off - s->warm) / step;
					s->cnt->writes[off < s->o->reps ? off : s->o->reps - 1]++;
				}
				if (got < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
					return -1;
				continue;
			}
			got = read(s->fd[i], s->buf, RATE_BUF);
			off = timing_now() - s->t_load;
			if (got > 0 && off >= s->warm && off - s->warm < s->dur_ns) {
				off -= s->warm;
				s->cnt->down_s[off / step < s->o->reps ? off / step : s->o->reps - 1] += (uint64_t)got;
				s->cnt->down_b[off / BIN_NS < nbins ? off / BIN_NS : nbins - 1] += (uint64_t)got;
			}
			if (got == 0)
				errno = ECONNRESET;
			if (got == 0 || (got < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
				return -1;
		}
	}
}

/*
 * Start the load's process, at LOAD_NICE, until end; it counts in
 * s->cnt and says how it ended in s->share.  Its pid, or -1.
 */
static pid_t
load_start(struct state *s, uint64_t end)
{
	pid_t pid = fork();
	int rc;

	if (pid != 0)
		return pid;
	die_with_parent();
	(void)setpriority(PRIO_PROCESS, 0, LOAD_NICE);
	rc = load_run(s, end);
	s->share->err = rc != 0 ? (errno != 0 ? errno : EIO) : 0;
	_exit(rc != 0 ? 1 : 0);
}

/* The streams: connected to the session's listener, each with the cookie and its direction. */
static int
connect_streams(struct state *s, const struct sock_addr *a, unsigned port)
{
	struct sock_addr b = *a;
	size_t i;

	sock_addr_set_port(&b, port);
	for (i = 0; i < s->up + s->down; i++) {
		uint64_t g[G_WORDS] = { s->cookie, i < s->up ? 0 : 1 };

		if ((s->fd[i] = sock_connect(&b, SOCK_STREAM, 0, CONNECT_NS, SOCK_CLIENT_NS)) < 0
		    || sock_send_msg(s->fd[i], SOCK_LAT_LOAD, SOCK_DATA, g, G_WORDS) != 0
		    || fcntl(s->fd[i], F_SETFL, fcntl(s->fd[i], F_GETFL) | O_NONBLOCK) != 0)
			return -1;
	}
	return 0;
}

/* A time for the text table: ns, us or ms, three digits. */
static const char *
fmt_ns(char *buf, size_t len, double ns, int sign)
{
	const char *plus = sign && ns >= 0 ? "+" : "";

	if (ns > -1e3 && ns < 1e3)
		snprintf(buf, len, "%s%.3g ns", plus, ns);
	else if (ns > -1e6 && ns < 1e6)
		snprintf(buf, len, "%s%.3g us", plus, ns / 1e3);
	else
		snprintf(buf, len, "%s%.3g ms", plus, ns / 1e6);
	return buf;
}

/* The probes of seq first .. last added into h, *sent and *lost. */
static void
phase(const struct state *s, uint64_t first, uint64_t last, struct hist *h, uint64_t *sent,
      uint64_t *lost)
{
	uint64_t q;

	for (q = first; q <= last && q >= 1; q++) {
		++*sent;
		if (s->rtt[q] == 0 || s->rtt[q] == UINT32_MAX)
			++*lost;
		else
			hist_add(h, s->rtt[q]);
	}
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * Raw: the series, a line per bin of the load: its start, up and down
 * in Mbit/s, and the median round trip of the probes sent in it (0:
 * none answered).  One name, a sample per bin in time order.
 */
static void
report_series(struct state *s, const char *base)
{
	static const char *const units[] = { "at-ms", "bin-up-Mbit/s", "bin-down-Mbit/s", "bin-rtt-ns" };
	static uint32_t v[BIN_NS / 1000000 + 8];	/* a bin's probes, -g 1ms at least */
	uint64_t nbins = (s->dur_ns + BIN_NS - 1) / BIN_NS, b, q = s->load_first;
	const uint64_t *up = s->res + R_SAMPLE + s->o->reps;
	char name[OUTPUT_MAX_NAME];

	snprintf(name, sizeof(name), "%s/series=200ms", base);
	for (b = 0; b < nbins; b++) {
		uint64_t lo = b * BIN_NS, len = b + 1 < nbins ? BIN_NS : s->dur_ns - lo, k = 0, cnt = 0;
		double vals[4];

		/* The probes sent in the bin, by send time (in order of sequence). */
		for (; q >= 1 && q <= s->load_last
		       && s->sent[q] - s->t_load - s->warm < lo + len; q++, cnt++)
			if (s->rtt[q] != 0 && s->rtt[q] != UINT32_MAX && k < HB_ARRAY_SIZE(v))
				v[k++] = s->rtt[q];
		qsort(v, (size_t)k, sizeof(v[0]), cmp_u32);
		vals[0] = (double)lo / 1e6;
		vals[1] = (double)up[b] * 8e3 / (double)len;
		vals[2] = (double)s->cnt->down_b[b] * 8e3 / (double)len;
		vals[3] = k > 0 ? (double)v[(k - 1) / 2] : 0;
		if (cnt == 0)
			cnt = 1;
		bench_report_k(s->o, name, &cnt, vals, 1, units, 4);
	}
}

/* The percentiles of one phase, its loss and its histogram (raw). */
static void
report_phase(const struct state *s, const char *base, const char *which, const struct hist *h,
	     uint64_t sent, uint64_t lost)
{
	static const char *const punits[] = { "p50-ns", "p90-ns", "p99-ns" };
	static const char *const lunits[] = { "%loss", "lost" };
	char name[OUTPUT_MAX_NAME];
	double v[3];

	/* The run's percentiles, on one line whose count is the round trips they are of. */
	v[0] = hist_quantile(h, 0.5), v[1] = hist_quantile(h, 0.9), v[2] = hist_quantile(h, 0.99);
	snprintf(name, sizeof(name), "%s/rtt=%s", base, which);
	bench_report_k(s->o, name, &h->n, v, 1, punits, 3);
	sock_hist_print(stdout, name, "ns/op", h);
	v[0] = 100.0 * (double)lost / (double)sent;
	v[1] = (double)lost;
	bench_report_k(s->o, name, &sent, v, 1, lunits, 2);
}

/*
 * Text: a table of the idle and loaded round trips, the added latency
 * and the throughput; then each end's CPU.  A value its metric's bounds
 * refuse is withheld.
 */
static void
report_text(const struct state *s, const char *base, const struct hist *hi, const struct hist *hl,
	    const uint64_t *sent, const uint64_t *lost, const double *tput, const double *added)
{
	static const char *const rows[] = { "idle", "loaded" };
	const struct hist *hs[2] = { hi, hl };
	char name[OUTPUT_MAX_NAME], why[256], a[32], b[32], c[32];
	size_t i;

	printf("%s: %llu up and %llu down TCP streams for %.3g s, a probe every %.3g ms", base,
	       (unsigned long long)s->up, (unsigned long long)s->down, (double)s->dur_ns / 1e9,
	       (double)s->gap_ns / 1e6);
	if (s->sessions > 1)
		printf("; %zu sessions (-I)", s->sessions);
	printf("\n");
	printf("%-14s %12s %12s %12s %8s %6s\n", "round trip", "p50", "p90", "p99", "probes", "lost");
	for (i = 0; i < 2; i++) {
		double p50 = hist_quantile(hs[i], 0.5);

		snprintf(name, sizeof(name), "%s/rtt=%s/stat=p50", base, rows[i]);
		if (!bench_check(name, "ns/op", p50, why, sizeof(why))) {
			bench_withhold(name, "%s", why);
			continue;
		}
		printf("%-14s %12s %12s %12s %8llu %6llu\n", rows[i], fmt_ns(a, sizeof(a), p50, 0),
		       fmt_ns(b, sizeof(b), hist_quantile(hs[i], 0.9), 0),
		       fmt_ns(c, sizeof(c), hist_quantile(hs[i], 0.99), 0),
		       (unsigned long long)sent[i], (unsigned long long)lost[i]);
	}
	printf("%-14s %12s %12s %12s\n", "added", fmt_ns(a, sizeof(a), added[0], 1), "",
	       fmt_ns(b, sizeof(b), added[1], 1));
	if (!bench_check(base, "up-Mbit/s", tput[1], why, sizeof(why)))
		bench_withhold(base, "up: %s", why);
	else if (!bench_check(base, "down-Mbit/s", tput[3], why, sizeof(why)))
		bench_withhold(base, "down: %s", why);
	else
		printf("%-14s up %s Mbit/s (%s MB/s), down %s Mbit/s (%s MB/s)\n", "throughput",
		       output_format_value(a, sizeof(a), tput[1]), output_format_value(b, sizeof(b), tput[0]),
		       output_format_value(c, sizeof(c), tput[3]),
		       output_format_value(name, sizeof(name), tput[2]));
	msg_flush();
}

/*
 * The probers' own delays, one line: how late probes left (the client's
 * wake-ups for the next probe), how long answers waited for it to read
 * them, and how long the server held the probes; the kernel's receive
 * timestamps take the last two out of the round trips.
 */
static void
prober_line(const struct state *s, char *buf, size_t len)
{
	char q[2][32];
	size_t k = 0;
	int n;

	fmt_ns(q[0], sizeof(q[0]), hist_quantile(&s->late, 0.5), 0);
	fmt_ns(q[1], sizeof(q[1]), hist_quantile(&s->late, 0.99), 0);
	n = snprintf(buf, len, "sent late by p50 %s, p99 %s; ", q[0], q[1]);
	k = n > 0 && (size_t)n < len ? (size_t)n : 0;
	if (s->stamped == 0) {
		n = snprintf(buf + k, len - k, "answers timed when read (no kernel receive timestamps here)");
	} else {
		fmt_ns(q[0], sizeof(q[0]), hist_quantile(&s->wake, 0.5), 0);
		fmt_ns(q[1], sizeof(q[1]), hist_quantile(&s->wake, 0.99), 0);
		n = snprintf(buf + k, len - k, "answers waited to be read p50 %s, p99 %s (%llu left out)",
			     q[0], q[1], (unsigned long long)s->stamped);
	}
	k += n > 0 && (size_t)n < len - k ? (size_t)n : 0;
	if (s->hold.n > 0) {
		fmt_ns(q[0], sizeof(q[0]), hist_quantile(&s->hold, 0.5), 0);
		fmt_ns(q[1], sizeof(q[1]), hist_quantile(&s->hold, 0.99), 0);
		n = snprintf(buf + k, len - k, "; the server held them p50 %s, p99 %s (%llu left out)",
			     q[0], q[1], (unsigned long long)s->hold.n);
	} else {
		n = snprintf(buf + k, len - k, "; the server's hold not known (in the round trips)");
	}
	k += n > 0 && (size_t)n < len - k ? (size_t)n : 0;
	snprintf(buf + k, len - k, "; the load at nice +%d", LOAD_NICE);
}

static void
report(struct state *s, const char *base, int met, double pct)
{
	static const char *const tunits[] = { "up-MB/s", "up-Mbit/s", "down-MB/s", "down-Mbit/s" };
	static const char *const aunits[] = { "p50-ns", "p99-ns" };
	static double v[4 * SOCK_MAX_SAMPLES];
	uint64_t *sent = s->psent, *lost = s->plost, upb = 0, downb = 0;
	uint64_t step = s->dur_ns / s->o->reps, planned[2], dur = s->dur_ns * s->sessions;
	char pline[400];
	double added[2], tput[4];
	struct sock_end le, re;
	char name[OUTPUT_MAX_NAME];
	size_t i;

	/* What the load added; where the loaded round trips were faster (a CPU that sleeps less), none. */
	added[0] = fmax(0, hist_quantile(&h_load, 0.5) - hist_quantile(&h_idle, 0.5));
	added[1] = fmax(0, hist_quantile(&h_load, 0.99) - hist_quantile(&h_idle, 0.99));
	for (i = 0; i < s->n; i++) {
		uint64_t len = (i + 1) % s->o->reps != 0 ? step : s->dur_ns - step * (s->o->reps - 1);

		v[4 * i] = (double)s->up_s[i] * 1e3 / (double)len;
		v[4 * i + 1] = 8 * v[4 * i];
		v[4 * i + 2] = (double)s->dn_s[i] * 1e3 / (double)len;
		v[4 * i + 3] = 8 * v[4 * i + 2];
		upb += s->up_s[i];
		downb += s->dn_s[i];
		if (s->wr_s[i] == 0)
			s->wr_s[i] = 1;
	}
	tput[0] = (double)upb * 1e3 / (double)dur;
	tput[1] = 8 * tput[0];
	tput[2] = (double)downb * 1e3 / (double)dur;
	tput[3] = 8 * tput[2];
	/* Each phase starts with a probe, then one every gap: what the prober should have sent. */
	planned[0] = (s->idle_ns / s->gap_ns + 1) * s->sessions;
	planned[1] = s->dur_ns / s->gap_ns * s->sessions;
	if (sent[0] < planned[0] * 9 / 10 || sent[1] < planned[1] * 9 / 10)
		msg_warn("%s: the prober fell behind: %llu of %llu probes sent idle, %llu of %llu under load",
			 base, (unsigned long long)sent[0], (unsigned long long)planned[0],
			 (unsigned long long)sent[1], (unsigned long long)planned[1]);
	prober_line(s, pline, sizeof(pline));
	if (lost[0] + lost[1] > 0)
		msg_warn("%s: %llu of %llu probes lost idle, %llu of %llu under load", base,
			 (unsigned long long)lost[0], (unsigned long long)sent[0],
			 (unsigned long long)lost[1], (unsigned long long)sent[1]);
	le.cpu = s->lcpu, le.own = s->lown, le.bytes = upb + downb;
	re.cpu = s->rcpu, re.own = s->rown, re.bytes = upb + downb;
	snprintf(name, sizeof(name), "%s/rtt=loaded", base);
	if (s->o->output != OUTPUT_RAW) {
		report_text(s, base, &h_idle, &h_load, sent, lost, tput, added);
		printf("%-14s %s\n", "prober", pline);
		sock_cpu_report(s->o, base, "local", s->lcpu, le.bytes, 1);
		sock_cpu_report(s->o, base, "remote", re.cpu, re.bytes, 1);
		bench_precision_report(s->o, name, met, pct, s->nrt);
		return;
	}
	output_config(stdout, "probes", "every %.6g ms, %llu idle over %.6g s, %llu under load over %.6g s",
		      (double)s->gap_ns / 1e6, (unsigned long long)sent[0],
		      (double)s->idle_ns * (double)s->sessions / 1e9, (unsigned long long)sent[1],
		      (double)dur / 1e9);
	output_config(stdout, "prober", "%s", pline);
	bench_precision_target(s->o, "of each sample's median loaded round trip", (double)step / 1e9);
	report_phase(s, base, "idle", &h_idle, sent[0], lost[0]);
	report_phase(s, base, "loaded", &h_load, sent[1], lost[1]);
	bench_precision_report(s->o, name, met, pct, s->nrt);
	/* A difference of the two phases' percentiles: of the loaded round trips. */
	snprintf(name, sizeof(name), "%s/rtt=added", base);
	bench_report_k(s->o, name, &h_load.n, added, 1, aunits, 2);
	sock_report_transfer(s->o, base, "", s->wr_s, v, s->n, tunits, 4, &le, &re);
	report_series(s, base);
}

/* Add the words of one session's CPU (w) into sum: ticks add, known when every one was. */
static void
cpu_add(uint64_t *sum, const uint64_t *w, int first)
{
	size_t i;

	sum[0] = (first || sum[0] != 0) && w[0] != 0;
	sum[1] = w[1];
	for (i = 2; i < SOCK_CPU_WORDS; i++)
		sum[i] += w[i];
}

/* The same for own processes' words: times and spans add (the sessions follow each other). */
static void
own_add(uint64_t *sum, const uint64_t *w)
{
	uint64_t span = sum[SOCK_OWN_SPAN] + w[SOCK_OWN_SPAN];

	sock_own_add(sum, w);
	sum[SOCK_OWN_SPAN] = span;
}

/*
 * After a session: its samples, probes and CPU added to every
 * session's; with -I, each sample's median loaded round trip (of the
 * probes sent in its time).
 */
static void
gather(struct state *s)
{
	uint64_t w[SOCK_CPU_WORDS], own[SOCK_OWN_WORDS], step = s->dur_ns / s->o->reps, q = s->load_first;
	size_t i, first = s->n;

	phase(s, 1, s->idle_last, &h_idle, &s->psent[0], &s->plost[0]);
	phase(s, s->load_first, s->load_last, &h_load, &s->psent[1], &s->plost[1]);
	for (i = 0; i < s->o->reps; i++) {
		size_t k = 0;

		s->up_s[first + i] = s->res[R_SAMPLE + i];
		s->dn_s[first + i] = s->cnt->down_s[i];
		s->wr_s[first + i] = s->cnt->writes[i];
		for (; s->scratch != NULL && q >= 1 && q <= s->load_last
		       && (i + 1 == s->o->reps || s->sent[q] - s->t_load - s->warm < (i + 1) * step); q++)
			if (s->rtt[q] != 0 && s->rtt[q] != UINT32_MAX)
				s->scratch[k++] = s->rtt[q];
		if (k > 0) {
			qsort(s->scratch, k, sizeof(s->scratch[0]), cmp_u32);
			s->rt_s[s->nrt++] = (double)s->scratch[(k - 1) / 2];
		}
	}
	s->n += s->o->reps;
	sock_cpu_encode(w, s->cpu_ok, &s->ca, &s->cb);
	sock_own_encode(own, s->own_ok, &s->oa, &s->ob, s->dur_ns);
	cpu_add(s->lcpu, w, s->sessions == 0);
	cpu_add(s->rcpu, s->res + R_CPU, s->sessions == 0);
	own_add(s->lown, own);
	own_add(s->rown, s->srown);
	s->sessions++;
}

static void
close_all(struct state *s)
{
	size_t i;

	for (i = 0; i < 2 * MAX_STREAMS; i++)
		if (s->fd[i] >= 0) {
			close(s->fd[i]);
			s->fd[i] = -1;
		}
	if (s->ctl >= 0)
		close(s->ctl);
	if (s->ufd >= 0)
		close(s->ufd);
	s->ctl = s->ufd = -1;
}

/* One session: the idle phase, then the load's.  0, or -1 after saying why. */
static int
session(struct state *s, const struct sock_addr *a)
{
	const struct bench_opts *o = s->o;
	uint64_t h[H_WORDS], ack[A_WORDS], w[1], end;
	unsigned local, kind;
	size_t n, i, nres = R_SAMPLE + o->reps + (size_t)((s->dur_ns + BIN_NS - 1) / BIN_NS);
	uint64_t q;
	pid_t loader = -1;

	for (i = 0; i < 2 * MAX_STREAMS; i++)
		s->fd[i] = -1;
	s->ctl = -1;
	s->nsent = 0;
	memset(s->cnt, 0, sizeof(*s->cnt));
	memset(s->rtt, 0, (size_t)s->cap * sizeof(*s->rtt));
	s->warm = o->warmup_ns;
	h[H_UP] = s->up, h[H_DOWN] = s->down, h[H_IDLE] = s->idle_ns, h[H_WARM] = s->warm;
	h[H_DUR] = s->dur_ns, h[H_SAMPLES] = o->reps, h[H_GAP] = s->gap_ns, h[H_SIZE] = s->size;
	if ((s->ufd = sock_udp_open(a, &local)) < 0)
		goto fail;
	stamp_rx(s->ufd);
	h[H_PORT] = local;
	if ((s->ctl = sock_session(a, SOCK_LAT_LOAD, h, H_WORDS, ack, A_WORDS, &n)) < 0)
		goto fail;
	errno = EPROTO;
	if (n != A_WORDS || ack[A_UDP] == 0 || ack[A_UDP] > 65535 || ack[A_TCP] == 0 || ack[A_TCP] > 65535)
		goto fail;
	s->cookie = ack[A_COOKIE];
	if (sock_udp_connect(s->ufd, a, (unsigned)ack[A_UDP], 0) != 0
	    || fcntl(s->ufd, F_SETFL, fcntl(s->ufd, F_GETFL) | O_NONBLOCK) != 0
	    || connect_streams(s, a, (unsigned)ack[A_TCP]) != 0)
		goto fail;
	/* READY: the server holds every stream. */
	errno = EPROTO;
	if (sock_recv_msg(s->ctl, SOCK_LAT_LOAD, &kind, w, 1, &n) != 0 || kind != SOCK_ACK || n != 0)
		goto fail;
	/* The idle phase: the probes alone. */
	if (run(s, timing_now() + s->idle_ns) != 0)
		goto fail;
	s->idle_last = s->nsent;
	/*
	 * The load phase.  The box between (-A: a router's CPU) is sampled
	 * from just before START until the timed part ends: of the first
	 * session's load (with -I, others follow, each after an idle phase).
	 */
	if (s->sessions == 0)
		box_begin(box);
	if (sock_send_msg(s->ctl, SOCK_LAT_LOAD, SOCK_DATA, NULL, 0) != 0)
		goto fail;
	s->t_load = timing_now();
	memset(s->share, 0, sizeof(*s->share));
	if ((loader = load_start(s, s->t_load + s->warm + s->dur_ns)) < 0)
		goto fail;
	if (run(s, s->t_load + s->warm) != 0)
		goto fail;
	s->load_first = s->nsent + 1;
	s->cpu_ok = cpustat_read(NULL, &s->ca) == 0;
	s->own_ok = cpustat_self(&s->oa) == 0;
	if (run(s, s->t_load + s->warm + s->dur_ns) != 0)
		goto fail;
	s->load_last = s->nsent;
	if (s->sessions == 0)
		box_end(box, &box_sum);
	s->cpu_ok = s->cpu_ok && cpustat_read(NULL, &s->cb) == 0;
	s->own_ok = s->own_ok && cpustat_self(&s->ob) == 0;
	/* The load's process ends with the timed part; its counts, or why it failed. */
	if (child_end(loader, 0) != 0) {
		loader = -1;
		errno = s->share->err != 0 ? s->share->err : EIO;
		goto fail;
	}
	loader = -1;
	s->own_ok = s->own_ok && s->share->own_ok;
	s->ob.user_us += s->share->own.user_us;
	s->ob.sys_us += s->share->own.sys_us;
	/* The last probes' answers: the streams stand still meanwhile. */
	end = timing_now() + LOSS_NS;
	for (q = s->load_first; q <= s->load_last && timing_now() < end;) {
		struct pollfd pf = { s->ufd, POLLIN, 0 };

		if (s->rtt[q] != 0) {
			q++;
			continue;
		}
		if (poll(&pf, 1, (int)((end - timing_now()) / 1000000 + 1)) < 0 && errno != EINTR)
			goto fail;
		if (answers(s) != 0)
			goto fail;
	}
	errno = EPROTO;
	if (sock_send_msg(s->ctl, SOCK_LAT_LOAD, SOCK_END, NULL, 0) != 0
	    || sock_recv_msg(s->ctl, SOCK_LAT_LOAD, &kind, s->res, HB_ARRAY_SIZE(s->res), &n) != 0
	    || kind != SOCK_RESULT || n != nres
	    || sock_own_recv(s->ctl, SOCK_LAT_LOAD, s->srown) != 0)
		goto fail;
	close_all(s);
	return 0;
fail:
	msg_warn("latency under load with %s port %u failed: %s", a->text, sock_addr_port(a),
		 sock_why(errno));
	(void)child_end(loader, 1);
	close_all(s);
	return -1;
}

/*
 * A session; with -I more, as netperf's iterations, until the interval
 * of the mean of the samples' median loaded round trips meets the
 * target, the next session would pass SOCK_MAX_SAMPLES, or -I's time
 * is up.  Then every session's figures as one result.
 */
static int
measure(const struct sock_addr *a, const char *part, void *arg)
{
	struct state *s = arg;
	const struct bench_opts *o = s->o;
	uint64_t t0 = timing_now();
	char base[96];
	double pct = 0;
	int met = 0;

	s->n = s->nrt = s->sessions = 0;
	memset(s->psent, 0, sizeof(s->psent));
	memset(s->plost, 0, sizeof(s->plost));
	memset(s->lown, 0, sizeof(s->lown));
	memset(s->rown, 0, sizeof(s->rown));
	hist_init(&h_idle);
	hist_init(&h_load);
	hist_init(&s->late);
	hist_init(&s->wake);
	hist_init(&s->hold);
	s->stamped = 0;
	do {
		if (session(s, a) != 0)
			return -1;
		gather(s);
		met = bench_precision_mean(o, s->rt_s, s->nrt, &pct);
	} while (o->precision_pct > 0 && !met && s->n + o->reps <= SOCK_MAX_SAMPLES
		 && timing_now() - t0 < o->precision_cap_ns);
	snprintf(base, sizeof(base), "LatLoad/streams=%llu+%llu/%s", (unsigned long long)s->up,
		 (unsigned long long)s->down, part);
	report(s, base, met, pct);
	box_report(s->o, base, &box_sum);
	return 0;
}

static const struct bench_opt opts[] = {
	{ 'u', BENCH_OPT_INT, "n", 0, 1, MAX_STREAMS, NULL, 0,
	  "TCP streams to the server (up; default 4)", NULL, &opt_up },
	{ 'd', BENCH_OPT_INT, "n", 0, 1, MAX_STREAMS, NULL, 0,
	  "TCP streams from the server (down; default 4)", NULL, &opt_down },
	{ 't', BENCH_OPT_TIME, "time", 0, 1e8, MAX_TIME, "s", 0,
	  "the load's timed part, split into -N samples (bare number: s; default 5s;\n"
	  "the idle phase before it: 1 s, or half of it when shorter)", NULL, &opt_dur },
	{ 'g', BENCH_OPT_TIME, "time", 0, 1e6, 1e9, "ms", 0,
	  "the gap between two probes (bare number: ms; default 10ms)", NULL, &opt_gap },
	{ 'm', BENCH_OPT_SIZE, "size", 0, 1, RATE_BUF, NULL, 0,
	  "bytes per write on the streams (default 64k; at most 256k)", NULL, &opt_size },
	BOX_OPT(opt_box),
	SOCK_OPTS(so),
};

static const struct bench_prog prog = {
	.name = "lat_load",
	.summary = "lat_load: UDP round trips idle and under TCP load both ways (RRUL), the added latency and the throughput",
	.args = "-s | -S host | [host]",
	.min_args = 0,
	.max_args = 1,
	.max_parallel = 1,
	.why_parallel = "the streams are -u and -d",
	.opts = opts,
	.nopts = HB_ARRAY_SIZE(opts),
	.morehelp = "  -W time      (shared option) load before the timed part, not counted\n"
		    "  -I pct[,s]   (shared option) here the t interval of the mean of the samples'\n"
		    "               median loaded round trips: sessions until it is met;\n"
		    "               -I level[,width] as netperf's (-I 99,5: 99%, +-2.5%)\n",
};

static void
setup(void *arg, const struct bench_opts *o, const struct sock_opts *sop)
{
	struct state *s = arg;
	uint64_t probes;

	s->o = o;
	s->up = (uint64_t)opt_up;
	s->down = (uint64_t)opt_down;
	s->dur_ns = opt_dur;
	s->gap_ns = opt_gap;
	s->size = opt_size;
	s->idle_ns = opt_dur / 2 < IDLE_NS ? opt_dur / 2 : IDLE_NS;
	if (o->reps > SOCK_MAX_SAMPLES)
		bench_usage_error(&prog, "-N: value '%u' is out of range for %s; allowed: 1 .. %d",
				  o->reps, prog.name, SOCK_MAX_SAMPLES);
	if (s->dur_ns / o->reps < 1000000)
		bench_usage_error(&prog, "-t: each of the %u samples would be shorter than 1ms", o->reps);
	if (o->warmup_ns > MAX_WARM)
		bench_usage_error(&prog, "-W: value '%.6gs' is out of range for %s; allowed: 0 .. 60s",
				  (double)o->warmup_ns / 1e9, prog.name);
	/* Each phase starts with a probe: a few more than the time holds. */
	probes = (s->idle_ns + o->warmup_ns + s->dur_ns) / s->gap_ns + 8;
	if (probes >= MAX_PROBES)
		bench_usage_error(&prog, "-g: %llu probes over the run are too many; allowed: %u (a longer gap or a shorter -t)",
				  (unsigned long long)probes, MAX_PROBES - 1);
	if ((s->buf = mem_alloc((size_t)RATE_BUF)) == NULL
	    || (s->sent = calloc((size_t)probes, sizeof(*s->sent))) == NULL
	    || (s->sent_rt = calloc((size_t)probes, sizeof(*s->sent_rt))) == NULL
	    || (s->share = shared_new(sizeof(*s->share))) == NULL
	    || (s->cnt = shared_new(sizeof(*s->cnt))) == NULL
	    || (s->rtt = calloc((size_t)probes, sizeof(*s->rtt))) == NULL
	    || (o->precision_pct > 0 && (s->scratch = calloc((size_t)probes, sizeof(*s->scratch))) == NULL))
		msg_sysdie("cannot allocate the buffers");
	s->cap = probes;
	if (!sop->server && sop->stop == NULL)
		box = box_open(opt_box, sop->keyfile);
}

static const struct sock_prog sp = {
	.bench = &prog, .proto = SOCK_LAT_LOAD, .port = PORT, .max_children = MAX_CLIENTS,
	.conn = serve_conn, .measure = measure, .setup = setup, .arg = &st,
};

int
main(int argc, char **argv)
{
	return sock_run(&sp, &so, argc, argv);
}
