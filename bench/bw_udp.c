/*
 * bw_udp: UDP throughput at a target rate, in MB/s received, with packet
 * rate, loss, jitter and the CPU it costs, as iperf -u reports them.
 *
 * The client sends -l byte datagrams (default 1470) at -b bits/s (token
 * bucket on the monotonic clock; 0, the default: as fast as it can) for
 * -t (default 2s), cut by send time into -N samples.  The server counts
 * what arrives per sample, with the RFC 3550 jitter, and sends it back
 * over the TCP control connection; a sample reports the received MB/s
 * and packets/s, the loss and the sent MB/s.  Both ends read /proc/stat
 * and their own processes' CPU time, and compare kernel boot ids.  A
 * sender short of -b by more than 2% over the run says so.
 * A ladder (-b with a comma list of rates, or -b ladder) is a session
 * per rate, each of -t, lowest first, then the knee: the highest rate
 * the sender achieved and that arrived with less than -L percent loss;
 * -b ladder then closes in on the knee to 10%.
 * -I (netperf's, lib/driver) runs more sessions of -N samples each, as
 * netperf's iterations, until the interval of the mean received rate
 * (MB/s) of all their samples is narrow enough, at each rate of a
 * ladder alike: at most -I's seconds from the first session's start, or
 * SOCK_MAX_SAMPLES samples.  A target not reached is warned of; the
 * result is still reported.
 * With -s, -b is the listening address, as every other server's (-B too).
 * The session starts over TCP with the key; the datagrams go to a socket
 * of the session's own, connected to the client's, and the server sends
 * none.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "core/msg.h"
#include "core/output.h"
#include "core/parse.h"
#include "driver/bench.h"
#include "host/cpustat.h"
#include "net/box.h"
#include "net/sock.h"
#include "net/sock_main.h"
#include "net/sock_proto.h"
#include "net/sock_report.h"
#include "net/sock_serve.h"

#define PORT 31339		/* lmbench's 31239 + 100: another protocol */
#define MIN_SIZE (SOCK_HDR_LEN + 24)
#define MAX_SIZE 65507
#define MAX_TIME 3600000000000ull
#define MAX_CLIENTS 8		/* sessions at once, a child each */
#define MAX_STEPS 32		/* rates in a ladder */
/* -b ladder: the rates iperf users step through, 1-2-5 per decade. */
#define LADDER "1m,2m,5m,10m,20m,50m,100m,200m,500m,1g,2g,5g,10g"

enum { H_SIZE, H_SAMPLES, H_STEP, H_WARM, H_PORT, H_WORDS };	/* the hello */
enum { A_COOKIE, A_PORT, A_WORDS };				/* its ACK */
enum { D_COOKIE, D_SEQ, D_OFFSET, D_WORDS };		/* a datagram */
enum { R_OOO, R_CPU, R_SAMPLE = R_CPU + SOCK_CPU_WORDS };	/* the result; then 3 per sample */

/* What one run at one rate (a ladder's step) achieved, over its timed part. */
struct step {
	double target;		/* bits/s asked (-b) */
	double sent, got;	/* MB/s sent and received */
	double loss;		/* percent of the datagrams sent */
	double jitter;		/* us: the running RFC 3550 estimate at the end */
	double pps;		/* datagrams received per second */
	int short_;		/* the sender fell short of target (report_short's rule) */
	int refined;		/* -b ladder's refinement between two steps */
};

struct state {
	const struct bench_opts *o;
	uint64_t size, dur_ns, fails;
	double rate;				/* bits/s; 0: as fast as possible */
	const char *b_arg;			/* -b as given: decided in setup */
	double rates[MAX_STEPS];		/* the ladder, ascending */
	size_t nrates;				/* 0 or 1: no ladder, rate alone */
	int builtin;				/* -b ladder: may stop climbing early */
	double loss_limit;			/* -L: percent; < 0: not given */
	struct step last;			/* measure()'s totals */
	uint64_t pkts[SOCK_MAX_SAMPLES], bytes[SOCK_MAX_SAMPLES];	/* sent per sample */
	uint64_t got[SOCK_MAX_SAMPLES];		/* received per sample */
	unsigned char buf[MAX_SIZE];
};

static struct sock_opts so;
/*
 * The state is zero (bss: nothing in the file); the size option lands in
 * a variable of its own, copied in by setup.
 */
static struct state st;
static uint64_t opt_size = 1470;	/* -l, -m */
static const char *opt_box;		/* -A */
static struct box *box;
static struct box_summary box_sum;
static uint64_t res[R_SAMPLE + 3 * SOCK_MAX_SAMPLES];

/*
 * The server side, a child per session: datagrams with this session's
 * cookie, counted by the sample they were sent in.  Silence (no valid
 * datagram and no END) for SOCK_XFER_NS ends it, whatever else comes.
 */
static int
serve_conn(int fd, const struct sock_server *srv)
{
	uint64_t h[H_WORDS], *r = res, ack[A_WORDS], seq = 0, nak = SOCK_NAK_PARAMS;
	uint64_t start = timing_now(), quiet = 0, ended = 0, valid;
	double jitter = 0, last_transit = -1;
	unsigned char rnd[8];
	unsigned local = 0;
	struct cpustat a, b;
	struct cpuown oa, ob;
	uint64_t more[SOCK_OWN_WORDS], t_first = 0, last_jitter = 0;
	size_t nh, j;
	int ok = 0, own = 0, u = -1, rc = sock_hello(fd, srv, SOCK_BW_UDP, h, H_WORDS, &nh);

	if (rc != 0)
		return rc;
	if (nh != H_WORDS || h[H_SIZE] < MIN_SIZE || h[H_SIZE] > MAX_SIZE || h[H_SAMPLES] < 1 || h[H_SAMPLES] > SOCK_MAX_SAMPLES
	    || h[H_STEP] < 1000000 || h[H_STEP] > MAX_TIME / h[H_SAMPLES] || h[H_WARM] > MAX_TIME
	    || h[H_PORT] > 65535 || sock_random(rnd, sizeof(rnd)) != 0
	    || (u = sock_udp_accept(fd, (unsigned)h[H_PORT], &local)) < 0) {
		(void)sock_send_msg(fd, SOCK_BW_UDP, SOCK_NAK, &nak, 1);
		return -1;
	}
	memset(res, 0, sizeof(res));
	ack[A_COOKIE] = sock_get64(rnd);
	ack[A_PORT] = local;
	if (sock_send_msg(fd, SOCK_BW_UDP, SOCK_ACK, ack, A_WORDS) != 0)
		goto fail;
	valid = timing_now();
	for (;;) {
		struct pollfd pf[2] = { { u, POLLIN, 0 }, { fd, POLLIN, 0 } };
		uint64_t now = timing_now(), w[D_WORDS], k;
		unsigned kind;
		size_t n;
		ssize_t got;

		if (now - start > h[H_WARM] + h[H_STEP] * h[H_SAMPLES] + SOCK_XFER_NS)
			goto fail;	/* a client that never ends */
		/* After END: the datagrams still on their way, until 100 ms of quiet. */
		if (ended && (now - quiet > 100000000 || now - ended > 1000000000))
			break;
		if (!ended && now - valid >= SOCK_XFER_NS)
			goto fail;	/* silent, or only garbage */
		if (poll(pf, ended ? 1 : 2, ended ? 20 : (int)((valid + SOCK_XFER_NS - now) / 1000000 + 1)) < 0)
			goto fail;
		if (!ended && pf[1].revents != 0) {
			if (sock_recv_msg(fd, SOCK_BW_UDP, &kind, w, 1, &n) != 0 || kind != SOCK_END)
				goto fail;
			ended = quiet = timing_now();
		}
		while ((got = recv(u, st.buf, sizeof(st.buf), MSG_DONTWAIT)) >= MIN_SIZE) {
			double transit;

			now = timing_now();
			if (sock_decode_hdr(st.buf, SOCK_BW_UDP, &kind, &n, D_WORDS) != 0 || kind != SOCK_DATA
			    || n != D_WORDS || sock_get64(st.buf + SOCK_HDR_LEN) != ack[A_COOKIE])
				continue;
			quiet = valid = now;
			w[D_SEQ] = sock_get64(st.buf + SOCK_HDR_LEN + 8);
			w[D_OFFSET] = sock_get64(st.buf + SOCK_HDR_LEN + 16);
			if ((int64_t)w[D_OFFSET] < 0 || (k = w[D_OFFSET] / h[H_STEP]) >= h[H_SAMPLES])
				continue;	/* warm-up, or not a sample's */
			if (!ok) {
				ok = 1 + (cpustat_read(NULL, &a) == 0);
				own = cpustat_self(&oa) == 0;
				t_first = now;
			}
			/*
			 * RFC 3550 (6.4.1): the mean deviation of the differences in
			 * transit time of datagrams in arrival order, gain 1/16; the two
			 * clocks' offset cancels in the differences.
			 */
			transit = (double)now - (double)w[D_OFFSET];
			if (last_transit >= 0)
				jitter += (fabs(transit - last_transit) - jitter) / 16;
			last_transit = transit;
			r[R_OOO] += w[D_SEQ] < seq;
			seq = w[D_SEQ] > seq ? w[D_SEQ] : seq;
			r[R_SAMPLE + 3 * k]++;
			r[R_SAMPLE + 3 * k + 1] += (uint64_t)got;
			r[R_SAMPLE + 3 * k + 2] = (uint64_t)jitter;
		}
	}
	close(u);
	sock_cpu_encode(r + R_CPU, ok == 2 && cpustat_read(NULL, &b) == 0, &a, &b);
	sock_own_encode(more, own && cpustat_self(&ob) == 0, &oa, &ob, ok ? timing_now() - t_first : 0);
	/* A sample with nothing received: the running jitter as it stood, not 0. */
	for (j = 0; j < h[H_SAMPLES]; j++) {
		if (r[R_SAMPLE + 3 * j] == 0)
			r[R_SAMPLE + 3 * j + 2] = last_jitter;
		last_jitter = r[R_SAMPLE + 3 * j + 2];
	}
	/* The RESULT as before; what older clients do not read after it. */
	return sock_send_msg(fd, SOCK_BW_UDP, SOCK_RESULT, r, R_SAMPLE + 3 * h[H_SAMPLES]) == 0
		&& sock_send_msg(fd, SOCK_BW_UDP, SOCK_MORE, more, SOCK_OWN_WORDS) == 0 ? 0 : -1;
fail:
	close(u);
	return -1;
}

static void
sleep_ns(double ns)
{
	struct timespec ts;

	ts.tv_sec = (time_t)(ns / 1e9);
	ts.tv_nsec = (long)fmod(ns, 1e9);
	nanosleep(&ts, NULL);
}

/* The client side: paced datagrams, then the server's counts. */
static int
transfer(struct state *s, int ufd, uint64_t cookie, uint64_t warm, uint64_t step, size_t first)
{
	uint64_t t0 = timing_now(), last = t0, seq = 0, end = t0 + warm + step * s->o->reps;
	/*
	 * The bucket holds 50 ms of the rate up to 256 KiB, at least 2 ms of
	 * it and 4 datagrams: a sleep that overran makes its time up.  A
	 * bucket of 2 ms alone (at most 4 datagrams below 24 Mbit/s) left the
	 * sender 2-3% short at every rate on a virtual machine, whose sleeps
	 * overrun by 2-20 ms a few times a second, and so marked steps the
	 * path carried as not held.  iperf3's pacing makes up any shortfall
	 * since the start; 256 KiB is about a default receive buffer.
	 */
	double per_ns = s->rate / 8e9;
	double depth = fmax(fmax(4.0 * (double)s->size, s->rate / 4e3), fmin(262144.0, s->rate / 160.0));
	double tokens = (double)s->size;
	uint64_t w[D_WORDS] = { cookie, 0, 0 };

	sock_encode(s->buf, sizeof(s->buf), SOCK_BW_UDP, SOCK_DATA, w, D_WORDS);
	for (;;) {
		uint64_t now = timing_now();
		int64_t off = (int64_t)(now - t0) - (int64_t)warm;

		if (now >= end)
			return 0;
		if (per_ns > 0) {
			tokens = fmin(depth, tokens + (double)(now - last) * per_ns);
			last = now;
			if (tokens < (double)s->size) {
				sleep_ns(((double)s->size - tokens) / per_ns);
				continue;
			}
			tokens -= (double)s->size;
		}
		sock_put64(s->buf + SOCK_HDR_LEN + 8, ++seq);
		sock_put64(s->buf + SOCK_HDR_LEN + 16, (uint64_t)off);
		if (send(ufd, s->buf, (size_t)s->size, 0) != (ssize_t)s->size) {
			if (errno != ENOBUFS && errno != EAGAIN && errno != EINTR)
				return -1;
			s->fails++;	/* not sent: the interface queue was full */
		} else if (off >= 0) {
			s->pkts[first + (uint64_t)off / step]++;
			s->bytes[first + (uint64_t)off / step] += s->size;
		}
	}
}

/*
 * A sender short of -b by more than 2% over the run (and by more than a
 * datagram, which the pacing's phase can cost a short run): a
 * configuration line before the results it applies to (cleared when a
 * later run is not short), and in text output a warning.  Rates in MB/s
 * over dur_ns.
 */
static int
is_short(double asked, double achieved, uint64_t size, uint64_t dur_ns)
{
	double pct = asked > 0 ? 100 * (1 - achieved / asked) : 0;
	double one = (double)size * 1e3 / (double)dur_ns;	/* a datagram, in MB/s over the run */

	return pct > 2 && asked - achieved > one;
}

static void
report_short(const struct bench_opts *o, double asked, double achieved, uint64_t size,
	     uint64_t dur_ns)
{
	static int shown;
	double pct = asked > 0 ? 100 * (1 - achieved / asked) : 0;

	if (!is_short(asked, achieved, size, dur_ns)) {
		if (shown && o->output == OUTPUT_RAW)
			output_config(stdout, "udp-short", "%s", "");
		shown = 0;
		return;
	}
	if (o->output == OUTPUT_RAW) {
		output_config(stdout, "udp-short", "sent %.4g MB/s of the %.4g MB/s asked (-%.3g%%)",
			      achieved, asked, pct);
		shown = 1;
	} else {
		msg_warn("the sender fell short of -b: sent %.4g MB/s of the %.4g MB/s asked (-%.3g%%); the CPU or the interface's queue could not keep up",
			 achieved, asked, pct);
	}
}

/*
 * What the sessions of one rate add up to: the far end's CPU (tick
 * deltas add) and own processes (times and spans add), the datagrams
 * out of order; this end's CPU spans them all, from the first
 * transfer's start to the last one's end.
 */
struct sums {
	uint64_t rcpu[SOCK_CPU_WORDS], rown[SOCK_OWN_WORDS], ooo;
	struct cpustat ca, cb;
	struct cpuown oa, ob;
	uint64_t t0, t1;
	int ok, own_ok;
};

/* The samples' values: 5 each, every session's samples in turn. */
static double sv[5 * SOCK_MAX_SAMPLES];

/*
 * One session at s->rate: -N samples of step from sample first on (in
 * sv[], s->pkts[], s->bytes[]), its counts added into *u.
 */
static int
session(struct state *s, const struct sock_addr *a, uint64_t step, size_t first, struct sums *u)
{
	const struct bench_opts *o = s->o;
	uint64_t h[H_WORDS], ack[A_WORDS], rown[SOCK_OWN_WORDS], span;
	int fd = -1, ufd, rc = -1;
	unsigned kind, local;
	size_t i, n;

	h[H_SIZE] = s->size, h[H_SAMPLES] = o->reps, h[H_STEP] = step, h[H_WARM] = o->warmup_ns;
	if ((ufd = sock_udp_open(a, &local)) < 0)
		goto fail;
	h[H_PORT] = local;
	fd = sock_session(a, SOCK_BW_UDP, h, H_WORDS, ack, A_WORDS, &n);
	if (fd < 0)
		goto fail;
	if (n != A_WORDS || ack[A_PORT] == 0 || ack[A_PORT] > 65535) {
		errno = EPROTO;
		goto fail;
	}
	if (sock_udp_connect(ufd, a, (unsigned)ack[A_PORT], 0) != 0)
		goto fail;
	if (first == 0) {
		u->ok = cpustat_read(NULL, &u->ca) == 0;
		u->own_ok = cpustat_self(&u->oa) == 0;
		u->t0 = timing_now();
		box_begin(box);
	}
	if (transfer(s, ufd, ack[A_COOKIE], o->warmup_ns, step, first) != 0)
		goto fail;
	u->ok = u->ok && cpustat_read(NULL, &u->cb) == 0;
	u->own_ok = u->own_ok && cpustat_self(&u->ob) == 0;
	u->t1 = timing_now();
	errno = 0;
	if (sock_send_msg(fd, SOCK_BW_UDP, SOCK_END, NULL, 0) != 0
	    || sock_recv_msg(fd, SOCK_BW_UDP, &kind, res, HB_ARRAY_SIZE(res), &n) != 0
	    || kind != SOCK_RESULT || n != R_SAMPLE + 3 * o->reps
	    || sock_own_recv(fd, SOCK_BW_UDP, rown) != 0) {
		if (errno == 0)
			errno = EPROTO;
		goto fail;
	}
	for (i = 0; i < o->reps; i++) {
		const uint64_t *r = res + R_SAMPLE + 3 * i;
		double *w = sv + 5 * (first + i);
		uint64_t pk = s->pkts[first + i];

		w[0] = (double)r[1] * 1e3 / (double)step;
		w[1] = (double)r[0] * 1e9 / (double)step;
		w[2] = pk > r[0] ? 100.0 * (double)(pk - r[0]) / (double)pk : 0;
		w[3] = (double)s->bytes[first + i] * 1e3 / (double)step;
		w[4] = (double)r[2] / 1e3;
		s->got[first + i] = r[0];
	}
	u->ooo += res[R_OOO];
	/* Known when every session's was; the tick rate is one. */
	u->rcpu[0] = (first == 0 || u->rcpu[0] != 0) && res[R_CPU] != 0;
	u->rcpu[1] = res[R_CPU + 1];
	for (i = 2; i < SOCK_CPU_WORDS; i++)
		u->rcpu[i] += res[R_CPU + i];
	span = u->rown[SOCK_OWN_SPAN] + rown[SOCK_OWN_SPAN];
	sock_own_add(u->rown, rown);
	u->rown[SOCK_OWN_SPAN] = span;
	rc = 0;
fail:
	if (rc != 0)
		msg_warn("UDP transfer to %s port %u failed: %s", a->text, sock_addr_port(a), sock_why(errno));
	if (fd >= 0)
		close(fd);
	if (ufd >= 0)
		close(ufd);
	return rc;
}

/*
 * One rate: a session of -N samples; with -I more sessions, as netperf's
 * iterations, until the mean received rate's interval meets the target,
 * the next session would pass SOCK_MAX_SAMPLES, or -I's time is up: the
 * samples of every session are the result's.
 */
static int
measure(const struct sock_addr *a, const char *part, void *arg)
{
	static const char *const units[] = { "MB/s", "pkts/s", "%loss", "sent-MB/s", "jitter-us" };
	static double rx[SOCK_MAX_SAMPLES];
	struct state *s = arg;
	const struct bench_opts *o = s->o;
	uint64_t sent = 0, got = 0, lost, w[SOCK_CPU_WORDS], step = s->dur_ns / o->reps, bytes = 0, dur;
	uint64_t own[SOCK_OWN_WORDS];
	static struct sums u;
	struct sock_end le, re;
	double asked, achieved, pct = 0;
	char base[96], rate[32];
	size_t i, n = 0;
	int met = 0;

	memset(s->pkts, 0, sizeof(s->pkts));
	memset(s->bytes, 0, sizeof(s->bytes));
	memset(&u, 0, sizeof(u));
	s->fails = 0;
	if (s->rate > 0)
		snprintf(rate, sizeof(rate), "%.6gMbit", s->rate / 1e6);
	snprintf(base, sizeof(base), "BwUdp/size=%llu/rate=%s/%s", (unsigned long long)s->size,
		 s->rate > 0 ? rate : "max", part);
	do {
		if (session(s, a, step, n, &u) != 0)
			return -1;
		n += o->reps;
		for (i = 0; i < n; i++)
			rx[i] = sv[5 * i];
		met = bench_precision_mean(o, rx, n, &pct);
	} while (o->precision_pct > 0 && !met && n + o->reps <= SOCK_MAX_SAMPLES
		 && timing_now() - u.t0 < o->precision_cap_ns);
	box_end(box, &box_sum);
	sock_own_encode(own, u.own_ok, &u.oa, &u.ob, u.t1 - u.t0);
	for (i = 0; i < n; i++)
		sent += s->pkts[i], got += s->got[i], bytes += s->bytes[i];
	lost = sent > got ? sent - got : 0;
	/* What the sender achieved over the whole timed part, against -b. */
	dur = step * n;
	asked = s->rate / 8e6;
	achieved = (double)bytes * 1e3 / (double)dur;
	report_short(o, asked, achieved, s->size, dur);
	bench_precision_target(o, "received", (double)step / 1e9);
	if (o->output == OUTPUT_RAW)
		output_config(stdout, "udp", "sent %llu, received %llu, lost %llu (%.3g%%), out of order %llu, not sent (queue full) %llu",
			      (unsigned long long)sent, (unsigned long long)got, (unsigned long long)lost,
			      sent > 0 ? 100.0 * (double)lost / (double)sent : 0.0,
			      (unsigned long long)u.ooo, (unsigned long long)s->fails);
	sock_cpu_encode(w, u.ok, &u.ca, &u.cb);
	le.cpu = w, le.own = own, le.bytes = sent * s->size;
	re.cpu = u.rcpu, re.own = u.rown, re.bytes = got * s->size;
	sock_report_transfer(o, base, "", s->pkts, sv, n, units, HB_ARRAY_SIZE(units), &le, &re);
	bench_precision_report(o, base, met, pct, n);
	/* The step's totals, for a ladder's table and knee. */
	s->last.target = s->rate;
	s->last.sent = achieved;
	s->last.got = (double)got * (double)s->size * 1e3 / (double)dur;
	s->last.loss = sent > 0 ? 100.0 * (double)lost / (double)sent : 0;
	s->last.jitter = sv[5 * (n - 1) + 4];
	s->last.pps = (double)got * 1e9 / (double)dur;
	s->last.short_ = is_short(asked, achieved, s->size, dur);
	s->last.refined = 0;
	box_report(o, base, &box_sum);
	return 0;
}

/*
 * A step holds when the sender achieved its target and what it sent
 * arrived with less than -L percent loss; the knee is the highest
 * target that held.  A step far past the knee delivered under half its
 * target.
 */
static int
holds(const struct state *s, const struct step *t)
{
	return !t->short_ && t->loss < s->loss_limit;
}

static int
far_past(const struct step *t)
{
	return t->got < t->target / 8e6 / 2;
}

/*
 * After a ladder: the knee as a result line named base with "rate=knee"
 * (the target in Mbit/s, the MB/s and pkts/s received at it), or none,
 * saying so; in text output, the steps as a table first.
 */
static void
report_knee(const struct state *s, const struct step *steps, size_t n, const char *part)
{
	static const char *const units[] = { "Mbit/s", "MB/s", "pkts/s" };
	const struct bench_opts *o = s->o;
	const struct step *knee = NULL;
	char name[OUTPUT_MAX_NAME];
	size_t i;

	for (i = 0; i < n; i++)
		if (holds(s, &steps[i]) && (knee == NULL || steps[i].target > knee->target))
			knee = &steps[i];
	snprintf(name, sizeof(name), "BwUdp/size=%llu/rate=knee/%s", (unsigned long long)s->size, part);
	if (o->output == OUTPUT_TEXT) {
		printf("BwUdp/size=%llu/rate=ladder/%s: %zu steps of %.3g s, knee below %.3g%% loss\n",
		       (unsigned long long)s->size, part, n, (double)s->dur_ns / 1e9, s->loss_limit);
		printf("  %12s %12s %12s %9s %10s %11s\n", "target", "sent", "received", "loss",
		       "jitter", "received");
		printf("  %12s %12s %12s %9s %10s %11s\n", "Mbit/s", "Mbit/s", "Mbit/s", "%",
		       "us", "pkts/s");
		for (i = 0; i < n; i++) {
			const struct step *t = &steps[i];

			printf("  %12.6g %12.4g %12.4g %9.3g %10.4g %11.0f%s%s\n", t->target / 1e6,
			       t->sent * 8, t->got * 8, t->loss, t->jitter, t->pps,
			       t == knee ? "  <- knee" : t->short_ ? "  (sender short)" : "",
			       t->refined ? "  (refined)" : "");
		}
		if (knee != NULL)
			printf("knee: %.6g Mbit/s (received %.4g Mbit/s = %.4g MB/s, %.0f pkts/s, loss %.3g%%)\n",
			       knee->target / 1e6, knee->got * 8, knee->got, knee->pps, knee->loss);
		else
			printf("knee: none: no step was sent in full and received with less than %.3g%% loss\n",
			       s->loss_limit);
		msg_flush();
		return;
	}
	if (knee != NULL) {
		double v[3];
		uint64_t one = 1;

		v[0] = knee->target / 1e6, v[1] = knee->got, v[2] = knee->pps;
		output_sample_pairs(stdout, name, one, v, units, HB_ARRAY_SIZE(units));
		fflush(stdout);
	} else {
		msg_warn("no knee: no step was sent in full and received with less than %.3g%% loss",
			 s->loss_limit);
	}
}

/*
 * -b ladder's refinement: between the knee and the lowest step above it
 * that failed, rates taken half-way (geometrically, two significant
 * digits) until the two are within REFINE_RATIO, so that the knee is
 * known to 10% rather than to the 1-2-5 ladder's factor of 2 to 2.5, as
 * an iperf user closes in by hand.  Returns the steps now in steps[].
 */
#define REFINE_RATIO 1.1
#define REFINE_MAX 5

static int
cmp_step(const void *a, const void *b)
{
	const struct step *x = a, *y = b;

	return (x->target > y->target) - (x->target < y->target);
}

static int
refine(const struct sock_addr *a, const char *part, struct state *s, struct step *steps, size_t *np)
{
	double lo = 0, hi = 0, mid, unit;
	size_t i, n = *np;
	int k;

	for (i = 0; i < n; i++)
		if (holds(s, &steps[i]) && steps[i].target > lo)
			lo = steps[i].target;
	for (i = 0; i < n; i++)
		if (!holds(s, &steps[i]) && steps[i].target > lo && (hi == 0 || steps[i].target < hi))
			hi = steps[i].target;
	for (k = 0; k < REFINE_MAX && lo > 0 && hi > lo * REFINE_RATIO && n < MAX_STEPS; k++) {
		mid = sqrt(lo * hi);
		/* a tenth of the power of ten at or below mid: two digits */
		for (unit = 1; unit * 10 <= mid; unit *= 10)
			;
		while (unit > mid)
			unit /= 10;
		unit /= 10;
		mid = round(mid / unit) * unit;
		if (mid <= lo || mid >= hi)
			break;
		s->rate = mid;
		if (measure(a, part, s) != 0)
			return -1;
		steps[n] = s->last;
		steps[n].refined = 1;
		if (holds(s, &steps[n]))
			lo = mid;
		else
			hi = mid;
		n++;
	}
	qsort(steps, n, sizeof(*steps), cmp_step);
	*np = n;
	return 0;
}

/*
 * The driver's measure: one rate, or a ladder of them, a measure() per
 * step; the built-in ladder stops climbing after two steps in a row far
 * past the knee, then refines the knee.
 */
static int
measure_all(const struct sock_addr *a, const char *part, void *arg)
{
	struct state *s = arg;
	static struct step steps[MAX_STEPS];
	size_t i, n = 0;

	if (s->nrates < 2)
		return measure(a, part, arg);
	for (i = 0; i < s->nrates; i++) {
		s->rate = s->rates[i];
		if (measure(a, part, arg) != 0)
			return -1;
		steps[n++] = s->last;
		if (s->builtin && n >= 2 && i + 1 < s->nrates && far_past(&steps[n - 1])
		    && far_past(&steps[n - 2])) {
			msg_warn("-b ladder: stopped climbing after %.6g Mbit/s: two steps in a row received under half their target",
				 s->rates[i] / 1e6);
			break;
		}
	}
	if (s->builtin && refine(a, part, s, steps, &n) != 0)
		return -1;
	report_knee(s, steps, n, part);
	return 0;
}

/* -b: kept as given; setup decides what it is once every option is known. */
static void
b_then(const struct bench_prog *p, int letter, const char *arg, void *ctx)
{
	struct state *s = ctx;

	(void)letter;
	if (s->b_arg != NULL)
		bench_usage_error(p, "-b: given twice ('%s', then '%s'); give one rate, a comma list or ladder",
				  s->b_arg, arg);
	s->b_arg = arg;
}

/* -L: the knee's loss limit, in percent. */
static void
loss_then(const struct bench_prog *p, int letter, const char *arg, void *ctx)
{
	struct state *s = ctx;
	char err[PARSE_ERRLEN];

	(void)letter;
	if (parse_double("-L", arg, 0, 100, &s->loss_limit, err, sizeof(err)) != 0)
		bench_usage_error(p, "%s", err);
	if (s->loss_limit <= 0)
		bench_usage_error(p, "-L: value '%s' is out of range; allowed: above 0 .. 100", arg);
}

static int opt_remote_cpu;	/* -C: netperf's, always so here */

static const struct bench_opt opts[] = {
	{ 'C', BENCH_OPT_FLAG, NULL, 0, 0, 0, NULL, 0,
	  "the far end's CPU (netperf's -C): always reported, with this end's", NULL,
	  &opt_remote_cpu },
	{ 'b', BENCH_OPT_CALL, "rate", 0, 0, 0, NULL, 0,
	  "target rate in bits/s, k/m/g = 10^3/10^6/10^9 (default 0: as fast as possible);\n"
	  "a comma list (10m,100m,1g) or ladder (1m, 2m, 5m ... 10g): a run per rate,\n"
	  "lowest first, -t each, then the knee; with -s: the listening address (as -B)",
	  b_then, &st },
	{ 'L', BENCH_OPT_CALL, "pct", 0, 0, 0, NULL, 0,
	  "a ladder's knee: the highest rate received with less than pct% loss (default 1)",
	  loss_then, &st },
	{ 'l', BENCH_OPT_SIZE, "size", 0, MIN_SIZE, MAX_SIZE, NULL, 0,
	  "datagram size (also -m; default 1470; 40 .. 65507)", NULL, &opt_size },
	{ 'm', BENCH_OPT_SIZE, "size", 0, MIN_SIZE, MAX_SIZE, NULL, 0,
	  "datagram size, as -l", NULL, &opt_size },
	SOCK_OPT_TIME(so, "transfer time, split into -N samples; a ladder's per step\n(bare number: s; default 2s)"),
	BOX_OPT(opt_box),
	SOCK_OPT_MODE(so),
	SOCK_OPT_BIND('B', so, "\n(-b with -s is the same)"),
	SOCK_OPT_REST(so),
	SOCK_OPT_PLACE(so),
};

static const struct bench_prog prog = {
	.name = "bw_udp",
	.summary = "bw_udp: UDP throughput, loss and jitter at a target rate, with CPU use on both ends",
	SOCK_BENCH_FIELDS,
	.opts = opts,
	.nopts = HB_ARRAY_SIZE(opts),
	.morehelp = "  -I pct[,s]   (shared option) here the t interval of the mean received rate:\n"
		    "               sessions of -N samples until it is met (at each rate);\n"
		    "               -I level[,width] as netperf's (-I 99,5: 99%, +-2.5%)\n",
};

static int
by_rate(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * -b's value as rates: one rate, or a comma list (ladder: the built-in
 * one) sorted ascending.  Exits 2 naming a bad or repeated item.
 */
static void
parse_rates(struct state *s, const char *arg)
{
	char item[64], err[PARSE_ERRLEN];
	const char *p = arg;
	size_t i, len;

	if (strcmp(arg, "ladder") == 0) {
		s->builtin = 1;
		p = LADDER;
	} else if (strchr(arg, ',') == NULL) {
		if (sock_parse_rate("-b", arg, &s->rate, err, sizeof(err)) != 0)
			bench_usage_error(&prog, "%s", err);
		s->nrates = 1;
		s->rates[0] = s->rate;
		return;
	}
	for (;;) {
		len = strcspn(p, ",");
		if (len >= sizeof(item))
			bench_usage_error(&prog, "-b: list item '%.*s...' is not a rate", 20, p);
		memcpy(item, p, len);
		item[len] = '\0';
		if (s->nrates == MAX_STEPS)
			bench_usage_error(&prog, "-b: more than %d rates in the list", MAX_STEPS);
		if (sock_parse_rate("-b", item, &s->rates[s->nrates], err, sizeof(err)) != 0)
			bench_usage_error(&prog, "-b: list item '%s' is not a rate; allowed: 1k .. 100g bits/s",
					  item);
		if (s->rates[s->nrates] == 0)
			bench_usage_error(&prog, "-b: list item '%s': 0 (as fast as possible) is no step of a ladder",
					  item);
		for (i = 0; i < s->nrates; i++)
			if (s->rates[i] == s->rates[s->nrates])
				bench_usage_error(&prog, "-b: list item '%s' is a rate given before", item);
		s->nrates++;
		if (p[len] == '\0')
			break;
		p += len + 1;
	}
	qsort(s->rates, s->nrates, sizeof(s->rates[0]), by_rate);
	s->rate = s->rates[0];
}

static void
setup(void *arg, const struct bench_opts *o, const struct sock_opts *sop)
{
	struct state *s = arg;

	s->o = o;
	s->size = opt_size;
	s->dur_ns = sop->dur_ns;
	sock_check_samples(&prog, o, sop);
	/* With -s there is no rate: -b is the listening address, as for every other server. */
	if (sop->server && s->b_arg != NULL) {
		if (so.bind != NULL)
			bench_usage_error(&prog, "-b and -B: with -s both are the listening address; give one");
		so.bind = s->b_arg;
	} else if (s->b_arg != NULL) {
		parse_rates(s, s->b_arg);
	}
	if (!sop->server && so.bind != NULL)
		bench_usage_error(&prog, "-B: a listening address applies only to -s");
	if (s->nrates < 2 && s->loss_limit >= 0)
		bench_usage_error(&prog, "-L: the knee's loss limit applies only to a ladder (-b with a list of rates, or ladder)");
	if (s->loss_limit < 0)
		s->loss_limit = 1;
	if (!sop->server && sop->stop == NULL)
		box = box_open(opt_box, sop->keyfile);
}

static const struct sock_prog sp = {
	.bench = &prog, .proto = SOCK_BW_UDP, .port = PORT, .max_children = MAX_CLIENTS,
	.conn = serve_conn, .measure = measure_all, .setup = setup, .arg = &st,
};

int
main(int argc, char **argv)
{
	st.loss_limit = -1;
	return sock_run(&sp, &so, argc, argv);
}
