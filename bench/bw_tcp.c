/*
 * bw_tcp: TCP bandwidth in MB/s (and Mbit/s), and the CPU it costs.
 *
 * The client writes -m byte messages (default 64K) on -P streams (default
 * 1) for a warm-up (-W; default 250ms: slow start, filling the buffers),
 * then for -t (default 2s) split into -N samples: the bytes written in a
 * sample over its length.  Connecting is outside the timing.  The server
 * (a child per stream) reads and discards, and sends back what it
 * received after the warm-up.  Both ends read
 * /proc/stat over the timed part: CPU use split into user, system, irq
 * and softirq, and the service demand in us of CPU per KB, as netperf;
 * that is the whole machine's, so each end also reports its own
 * processes' CPU time (getrusage: the client, the server's children),
 * and the two ends compare kernel boot ids to say when they are one
 * kernel (loopback, network namespaces) whose counters both read.
 * Each stream's granted socket buffers (send here, receive at the
 * server) are a result of their own: the kernel's answer to -w, or its
 * default.
 *
 * -I makes the transfer go on, sample after sample of -t/-N each, past
 * the -N samples until the confidence interval of the mean throughput is
 * narrow enough (netperf's -I): at most -I's seconds of timed transfer
 * (default 10) or SOCK_MAX_SAMPLES samples.  It reads hostbench's
 * -I pct[,s] (the half-width in percent of the mean at 95% confidence)
 * and netperf's -I level[,width] (-I 99,5: 99% confidence that the mean
 * is within +-2.5%); the first number tells them apart (lib/driver).
 * The samples are consecutive slices of one stream, not separate tests
 * as netperf's iterations are: slices much longer than the buffers take
 * to drain are nearly independent, which the t interval assumes.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "core/dist.h"
#include "core/msg.h"
#include "core/parse.h"
#include "core/stats.h"
#include "driver/bench.h"
#include "host/cpustat.h"
#include "host/memory.h"
#include "net/box.h"
#include "net/sock.h"
#include "net/sock_main.h"
#include "net/sock_proto.h"
#include "net/sock_report.h"
#include "net/sock_serve.h"

#define PORT 31336		/* lmbench's 31236 + 100: another protocol */
#define MAX_STREAMS 64
#define MAX_WINDOW (256u << 20)
#define MAX_TIME 3600000000000ull
#define SLACK_NS 30000000000ull	/* a client may overrun its time by this much */

/* The hello's words, and the result's. */
enum { H_WINDOW, H_WARM, H_DUR, H_WORDS };
enum { R_BYTES, R_SPAN, R_CPU, R_WORDS = R_CPU + SOCK_CPU_WORDS };

struct state {
	const struct bench_opts *o;
	uint64_t size, window, dur_ns;
	uint64_t most_ns;	/* the longest the timed part may go on (-I) */
	double level;		/* -I: the confidence level, in percent */
	size_t n;		/* samples taken */
	double pct;		/* -I: the half-width reached, in percent of the mean */
	int met;		/* -I: the target reached */
	int fd[MAX_STREAMS];
	char *buf;
	uint64_t bytes[SOCK_MAX_SAMPLES], writes[SOCK_MAX_SAMPLES], len[SOCK_MAX_SAMPLES];
	double v[2 * SOCK_MAX_SAMPLES];
	struct cpustat a, b;
	struct cpuown oa, ob;
	uint64_t own_t0, own_span;
	int cpu_ok, own_ok;
};

static struct sock_opts so;
/*
 * The state is large and zero (bss: nothing in the file); the options
 * land in small variables of their own, copied in by setup.
 */
static struct state st;
static uint64_t opt_size = 64 * 1024, opt_window;	/* -m, -w */
static const char *opt_box;				/* -A */
static struct box *box;
static struct box_summary box_sum;
static int opt_remote_cpu;	/* -C: netperf's, always so here */
static int opt_nodelay;					/* -D */

/*
 * The server side, one child per stream: read to the end of the stream;
 * send back the bytes and the CPU use after the warm-up.
 */
static int
serve_conn(int fd, const struct sock_server *srv)
{
	static char buf[128 * 1024];
	uint64_t h[H_WORDS], r[R_WORDS], first = 0, start = 0, total = 0, mark = 0, now;
	uint64_t more[SOCK_OWN_WORDS];
	struct cpustat a, b;
	struct cpuown oa, ob;
	ssize_t got;
	size_t n;
	uint64_t nak = SOCK_NAK_PARAMS;
	int ok = 0, own = 0, rc = sock_hello(fd, srv, SOCK_BW_TCP, h, H_WORDS, &n);

	if (rc != 0)
		return rc;
	if (n != H_WORDS || h[H_WINDOW] > MAX_WINDOW || h[H_WARM] > MAX_TIME || h[H_DUR] > MAX_TIME
	    || sock_buffer(fd, SO_RCVBUF, h[H_WINDOW], &r[0]) != 0) {
		(void)sock_send_msg(fd, SOCK_BW_TCP, SOCK_NAK, &nak, 1);
		return -1;
	}
	if (sock_send_msg(fd, SOCK_BW_TCP, SOCK_ACK, r, 1) != 0 || sock_set_timeout(fd, SOCK_XFER_NS) != 0)
		return -1;
	while ((got = read(fd, buf, sizeof(buf))) != 0) {
		if (got < 0 && errno != EINTR)
			return -1;	/* silent for 10 s, or gone */
		total += got > 0 ? (uint64_t)got : 0;
		now = timing_now();
		if (first == 0)
			first = now;
		if (start == 0 && now - first >= h[H_WARM]) {
			start = now, mark = total;
			ok = cpustat_read(NULL, &a) == 0;
			own = cpustat_self(&oa) == 0;
		}
		if (now - first > h[H_WARM] + h[H_DUR] + SLACK_NS)
			return -1;	/* a client that never stops */
	}
	ok = ok && cpustat_read(NULL, &b) == 0;
	own = own && cpustat_self(&ob) == 0;
	r[R_BYTES] = start != 0 ? total - mark : 0;
	r[R_SPAN] = start != 0 ? timing_now() - start : 0;
	sock_cpu_encode(r + R_CPU, ok, &a, &b);
	sock_own_encode(more, own, &oa, &ob, r[R_SPAN]);
	/* The RESULT as before; what older clients do not read after it. */
	return sock_send_msg(fd, SOCK_BW_TCP, SOCK_RESULT, r, R_WORDS) == 0
		&& sock_send_msg(fd, SOCK_BW_TCP, SOCK_MORE, more, SOCK_OWN_WORDS) == 0 ? 0 : -1;
}

/*
 * With -I, whether samples 0 .. n-1 are precise enough: *pct the
 * half-width of the mean's confidence interval at -I's level (Student's
 * t, n - 1 degrees of freedom), in percent of the mean.  The mean is the
 * transfer's throughput, the samples being of equal length: netperf's
 * interval, where lib/driver/bench's -I takes the median's.
 */
static int
precise(struct state *s, size_t n, double *pct)
{
	size_t i;

	for (i = 0; i < n; i++)
		s->v[i] = s->len[i] > 0 ? (double)s->bytes[i] / (double)s->len[i] : 0;
	return bench_precision_mean(s->o, s->v, n, pct);
}

/*
 * After n samples (n >= -N), now: whether to stop.  Without -I, yes;
 * with it, at the target, at -I's time cap or at SOCK_MAX_SAMPLES.
 */
static int
enough(struct state *s, size_t n, uint64_t now)
{
	s->n = n;
	if (s->o->precision_pct <= 0)
		return 1;
	s->met = precise(s, n, &s->pct);
	return s->met || n >= SOCK_MAX_SAMPLES || now - s->own_t0 >= s->o->precision_cap_ns;
}

/* The client side: warm up, then -N samples of writes on every stream (more with -I). */
static int
transfer(struct state *s, size_t nfd, uint64_t warm)
{
	struct pollfd pf[MAX_STREAMS];
	uint64_t mark = timing_now(), next = mark + warm, step = s->dur_ns / s->o->reps;
	long k = -1;
	size_t i;

	for (i = 0; i < nfd; i++)
		pf[i].fd = s->fd[i], pf[i].events = POLLOUT;
	for (;;) {
		uint64_t now = timing_now();
		int n;

		if (now >= next) {
			if (k >= 0) {
				s->len[k] = now - mark;
			} else {
				s->cpu_ok = cpustat_read(NULL, &s->a) == 0;
				s->own_ok = cpustat_self(&s->oa) == 0;
				s->own_t0 = timing_now();
			}
			if (++k >= (long)s->o->reps && enough(s, (size_t)k, now))
				break;
			/* From the sample's real start: a stall lengthens one sample, not the next. */
			mark = now;
			next = now + step;
		}
		if (nfd == 1) {
			/*
			 * One stream: a blocking write, as iperf3, netperf and
			 * lmbench write (SO_SNDTIMEO bounds it).  A poll before
			 * each non-blocking write cost 10-20% with the ends on
			 * two CPUs: woken as soon as there is room, it queues
			 * the message in pieces, a system call and a wake-up
			 * each.
			 */
			ssize_t w = write(s->fd[0], s->buf, (size_t)s->size);

			if (w > 0 && k >= 0)
				s->bytes[k] += (uint64_t)w, s->writes[k]++;
			else if (w < 0 && errno == EAGAIN)
				return errno = ETIMEDOUT, -1;
			else if (w < 0 && errno != EINTR)
				return -1;
			continue;
		}
		n = poll(pf, (nfds_t)nfd, (int)(SOCK_CLIENT_NS / 1000000));
		if (n == 0)
			errno = ETIMEDOUT;
		if (n <= 0 && !(n < 0 && errno == EINTR))
			return -1;
		for (i = 0; n > 0 && i < nfd; i++) {
			ssize_t w;

			if (pf[i].revents == 0)
				continue;
			w = write(pf[i].fd, s->buf, (size_t)s->size);
			if (w > 0 && k >= 0)
				s->bytes[k] += (uint64_t)w, s->writes[k]++;
			else if (w < 0 && errno != EAGAIN && errno != EINTR)
				return -1;
		}
	}
	s->cpu_ok = s->cpu_ok && cpustat_read(NULL, &s->b) == 0;
	s->own_ok = s->own_ok && cpustat_self(&s->ob) == 0;
	s->own_span = timing_now() - s->own_t0;
	return 0;
}

/* With -I, raw: the level, target and limits, conditions of the samples. */
static void
report_target(const struct state *s)
{
	const struct bench_opts *o = s->o;
	char lv[32];

	if (o->precision_pct > 0 && o->output == OUTPUT_RAW)
		output_config(stdout, "precision-target",
			      "+-%g%% of the mean at %s%% confidence, from %u samples of %.3g s, for %.3g s at most",
			      o->precision_pct, output_format_value(lv, sizeof(lv), s->level), o->reps,
			      (double)s->dur_ns / o->reps / 1e9, (double)o->precision_cap_ns / 1e9);
}

/*
 * What a transfer shows besides its samples and CPU: the socket buffers
 * the kernel granted (a result: what it made of -w or its defaults,
 * which its settings change between runs), and with -I the half-width
 * reached and the samples it took (the level and target, conditions of
 * the run, are on report_target's configuration line): units on lines
 * of the transfer's own name, not results of their own.
 */
static void
report_more(const struct state *s, const char *base, const char *suf, uint64_t sndbuf,
	    uint64_t rcvbuf)
{
	static const char *const bunits[] = { "bytes-sndbuf", "bytes-rcvbuf" };
	static const char *const cunits[] = { "%halfwidth", "samples" };
	char name[OUTPUT_MAX_NAME], lv[32];
	double v[2];

	/*
	 * Raw: on a line of the transfer's own name, in units benchstat is
	 * told are exact (what the kernel granted, once: a count of 1).
	 */
	v[0] = (double)sndbuf, v[1] = (double)rcvbuf;
	snprintf(name, sizeof(name), "%s%s", base, suf);
	if (s->o->output == OUTPUT_RAW)
		output_sample_pairs(stdout, name, 1, v, bunits, 2);
	snprintf(name, sizeof(name), "%s/sockbuf=granted%s", base, suf);
	if (s->o->output != OUTPUT_RAW)
		printf("%-36s socket buffers granted: %llu bytes to send here, %llu to receive at the server\n",
		       name, (unsigned long long)sndbuf, (unsigned long long)rcvbuf);
	if (s->o->precision_pct <= 0)
		return;
	output_format_value(lv, sizeof(lv), s->level);
	if (!s->met)
		msg_warn("%s: %s%% confidence: +-%.2f%% after %zu samples; target +-%g%% not reached",
			 base, lv, s->pct, s->n, s->o->precision_pct);
	/*
	 * Raw: on a line of the transfer's own name, its count the samples
	 * the half-width is of (the level is on the precision-target line).
	 */
	if (s->o->output == OUTPUT_RAW) {
		snprintf(name, sizeof(name), "%s%s", base, suf);
		v[0] = s->pct, v[1] = (double)s->n;
		output_sample_pairs(stdout, name, s->n > 0 ? s->n : 1, v, cunits, 2);
	} else {
		printf("%-36s %s%% confidence: +-%.2f%% after %zu samples%s\n", base, lv, s->pct, s->n,
		       s->met ? "" : " (target not reached)");
	}
}

static int
measure(const struct sock_addr *a, const char *part, void *arg)
{
	static const char *const units[] = { "MB/s", "Mbit/s" };
	struct state *s = arg;
	const struct bench_opts *o = s->o;
	uint64_t h[H_WORDS], r[R_WORDS], ack = 0, sndbuf = 0, sent = 0, got = 0, w[SOCK_CPU_WORDS];
	uint64_t remote[SOCK_CPU_WORDS], own[SOCK_OWN_WORDS], rown[SOCK_OWN_WORDS], more[SOCK_OWN_WORDS];
	struct sock_end le, re;
	size_t i, n, ns = o->parallel;
	char base[112], sz[32], wsz[32] = "default", win[48] = "", streams[24] = "";
	const char *suf = "";
	unsigned kind;
	int rc = -1, nodelay = -1;
	socklen_t len = sizeof(nodelay);

	memset(s->bytes, 0, sizeof(s->bytes));
	memset(s->writes, 0, sizeof(s->writes));
	for (i = 0; i < ns; i++)
		s->fd[i] = -1;
	h[H_WINDOW] = s->window, h[H_DUR] = s->most_ns;
	h[H_WARM] = o->warmup_ns > 0 ? o->warmup_ns : 250000000;
	for (i = 0; i < ns; i++)
		if ((s->fd[i] = sock_session(a, SOCK_BW_TCP, h, H_WORDS, &ack, 1, &n)) < 0 || n != 1
		    || sock_buffer(s->fd[i], SO_SNDBUF, s->window, &sndbuf) != 0
		    || setsockopt(s->fd[i], IPPROTO_TCP, TCP_NODELAY, &opt_nodelay, sizeof(opt_nodelay)) != 0
		    || (ns > 1 ? fcntl(s->fd[i], F_SETFL, fcntl(s->fd[i], F_GETFL) | O_NONBLOCK)
			       : sock_set_timeout(s->fd[i], SOCK_CLIENT_NS)) != 0)
			goto fail;
	/* What the kernel has, read back, is what the configuration line says. */
	if (getsockopt(s->fd[0], IPPROTO_TCP, TCP_NODELAY, &nodelay, &len) != 0)
		goto fail;
	box_begin(box);
	if (transfer(s, ns, h[H_WARM]) != 0)
		goto fail;
	box_end(box, &box_sum);
	/*
	 * Each stream's end, then each server child's count; the system-wide
	 * CPU use is one stream's, the server's own the sum of its children's.
	 */
	memset(rown, 0, sizeof(rown));
	for (i = 0; i < ns; i++, got += r[R_BYTES]) {
		errno = EPROTO;
		if (shutdown(s->fd[i], SHUT_WR) != 0
		    || fcntl(s->fd[i], F_SETFL, fcntl(s->fd[i], F_GETFL) & ~O_NONBLOCK) != 0
		    || sock_recv_msg(s->fd[i], SOCK_BW_TCP, &kind, r, R_WORDS, &n) != 0
		    || kind != SOCK_RESULT || n != R_WORDS
		    || sock_own_recv(s->fd[i], SOCK_BW_TCP, more) != 0)
			goto fail;
		if (i == 0)
			memcpy(remote, r + R_CPU, sizeof(remote));
		sock_own_add(rown, more);
	}
	if (s->window > 0)
		snprintf(win, sizeof(win), "/window=%s", output_size_name(wsz, sizeof(wsz), s->window));
	/*
	 * -P streams are one transfer, what the link carried over all of
	 * them: a part of the name, not the "-N" of copies run side by side
	 * (whose results feed no summary column), so that a run with
	 * --streams still fills the TCP columns (and says "parallel: N",
	 * which keeps it apart from a run of one stream in a comparison).
	 */
	if (ns > 1)
		snprintf(streams, sizeof(streams), "/streams=%zu", ns);
	snprintf(base, sizeof(base), "BwTcp/size=%s%s%s/%s", output_size_name(sz, sizeof(sz), s->size),
		 win, streams, part);
	if (o->output == OUTPUT_RAW) {
		output_config(stdout, "socket-buffer", "requested %s, granted %llu to send here, %llu to receive at the server",
			      wsz, (unsigned long long)sndbuf, (unsigned long long)ack);
		output_config(stdout, "tcp-nodelay", "%s", nodelay ? "on (-D)" : "off (Nagle on, as a bulk sender has it)");
		output_config(stdout, "received", "%llu bytes at the server after the warm-up",
			      (unsigned long long)got);
	}
	report_target(s);
	for (i = 0; i < s->n; i++) {
		s->v[2 * i] = s->len[i] > 0 ? (double)s->bytes[i] * 1e3 / (double)s->len[i] : 0;
		s->v[2 * i + 1] = 8 * s->v[2 * i];
		sent += s->bytes[i];
	}
	sock_cpu_encode(w, s->cpu_ok, &s->a, &s->b);
	sock_own_encode(own, s->own_ok, &s->oa, &s->ob, s->own_span);
	le.cpu = w, le.own = own, le.bytes = sent;
	re.cpu = remote, re.own = rown, re.bytes = got;
	sock_report_transfer(o, base, suf, s->writes, s->v, s->n, units, 2, &le, &re);
	report_more(s, base, suf, sndbuf, ack);
	box_report(o, base, &box_sum);
	rc = 0;
fail:
	if (rc != 0)
		msg_warn("transfer to %s port %u failed: %s", a->text, sock_addr_port(a), sock_why(errno));
	for (i = 0; i < ns; i++)
		if (s->fd[i] >= 0)
			close(s->fd[i]);
	return rc;
}

static const struct bench_opt opts[] = {
	{ 'm', BENCH_OPT_SIZE, "size", 0, 1, 64 << 20, NULL, 0,
	  "message size, bytes per write (default 64k)", NULL, &opt_size },
	{ 'w', BENCH_OPT_SIZE, "size", 0, 1024, MAX_WINDOW, NULL, 0,
	  "socket buffer to ask for on both ends (default: the system's)", NULL, &opt_window },
	SOCK_OPT_TIME(so, "timed transfer, split into -N samples (bare number: s; default 2s);\n"
		      "with -I, each sample -t/-N long"),
	{ 'C', BENCH_OPT_FLAG, NULL, 0, 0, 0, NULL, 0,
	  "the far end's CPU (netperf's -C): always reported, with this end's", NULL,
	  &opt_remote_cpu },
	{ 'D', BENCH_OPT_FLAG, NULL, 0, 0, 0, NULL, 0,
	  "set TCP_NODELAY on the data stream (netperf's -D, iperf3's -N); default:\n"
	  "Nagle on, as bulk senders have it (with writes that are no multiple of\n"
	  "the segment size it can change the rate twofold)", NULL, &opt_nodelay },
	BOX_OPT(opt_box),
	SOCK_OPTS(so),
};

static const struct bench_prog prog = {
	.name = "bw_tcp",
	.summary = "bw_tcp: TCP bandwidth in MB/s and Mbit/s, with CPU use on both ends",
	SOCK_BENCH_FIELDS,
	.opts = opts,
	.nopts = HB_ARRAY_SIZE(opts),
	.morehelp = "  -P n         (shared option) n parallel streams\n"
		    "  -I pct[,s]   (shared option) here the t interval of the mean;\n"
		    "               -I level[,width] as netperf's (-I 99,5: 99%, +-2.5%),\n"
		    "               when level is 50 or more; the time counts the timed transfer\n",
};

static void
setup(void *arg, const struct bench_opts *o, const struct sock_opts *sop)
{
	struct state *s = arg;

	s->o = o;
	s->size = opt_size;
	s->window = opt_window;
	s->dur_ns = sop->dur_ns;
	s->most_ns = s->dur_ns;
	sock_check_samples(&prog, o, sop);
	s->level = 100 * o->precision_level;
	/* The server allows for the longest transfer -I may take, a sample past its cap. */
	if (o->precision_pct > 0 && o->precision_cap_ns + s->dur_ns / o->reps > s->most_ns)
		s->most_ns = o->precision_cap_ns + s->dur_ns / o->reps;
	if (!sop->server && sop->stop == NULL)
		box = box_open(opt_box, sop->keyfile);
	if ((s->buf = mem_alloc((size_t)s->size)) == NULL)
		msg_sysdie("cannot allocate a %llu-byte message", (unsigned long long)s->size);
}

static const struct sock_prog sp = {
	.bench = &prog, .proto = SOCK_BW_TCP, .port = PORT, .max_children = SOCK_MAX_CHILDREN,
	.conn = serve_conn, .measure = measure, .setup = setup, .arg = &st,
};

int
main(int argc, char **argv)
{
	return sock_run(&sp, &so, argc, argv);
}
