/*
 * box: the box agent's client (see box.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/msg.h"
#include "core/output.h"
#include "core/parse.h"
#include "driver/bench.h"
#include "host/cpustat.h"
#include "net/box.h"
#include "net/boxstat.h"
#include "net/sock.h"
#include "net/sock_proto.h"

struct box {
	struct sock_addr a;
	int fd;
	int begun;
	uint64_t boot[2], netns;
	char key[SOCK_KEY_MAX + 1];
	char where[80];
};

int
box_parse_spec(const char *spec, unsigned def, char *host, size_t len, unsigned *port,
	       char *err, size_t errlen)
{
	const char *colon = strrchr(spec, ':'), *end = spec + strlen(spec), *h = spec;
	long long p = def;

	if (spec[0] == '[') {
		const char *rb = strchr(spec, ']');

		if (rb == NULL || (rb[1] != '\0' && rb[1] != ':'))
			goto bad;
		h = spec + 1;
		end = rb;
		colon = rb[1] == ':' ? rb + 1 : NULL;
	} else if (colon != NULL && strchr(spec, ':') != colon) {
		colon = NULL;	/* a bare IPv6 address */
	} else if (colon != NULL) {
		end = colon;
	}
	if (colon != NULL) {
		char *e;

		errno = 0;
		p = strtoll(colon + 1, &e, 10);
		if (colon[1] == '\0' || *e != '\0' || errno != 0 || p < 1 || p > 65535)
			goto bad;
	}
	if (end == h || (size_t)(end - h) >= len)
		goto bad;
	memcpy(host, h, (size_t)(end - h));
	host[end - h] = '\0';
	*port = (unsigned)p;
	return 0;
bad:
	snprintf(err, errlen, "the box '%s' is not HOST, HOST:PORT or [IPV6]:PORT (port 1 .. 65535)",
		 spec);
	return -1;
}

/*
 * The key of file (its first line), or of $HOSTBENCH_KEY; "" when
 * neither.  0, or -1 (warned); exits 2 for a file that is not the user's
 * alone (sock_check_key_file).
 */
static int
box_key(const char *file, char *key, size_t len)
{
	char err[PARSE_ERRLEN];
	const char *env = getenv(SOCK_KEY_ENV);
	ssize_t r;
	int fd;

	key[0] = '\0';
	if (file == NULL) {
		if (env != NULL)
			snprintf(key, len, "%s", env);
		return 0;
	}
	if ((fd = open(file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)) < 0) {
		msg_syswarn("box: cannot read the key file %s", file);
		return -1;
	}
	if (sock_check_key_file(fd, file, err, sizeof(err)) != 0) {
		close(fd);
		msg_exit(MSG_EXIT_USAGE, "box: -K: %s", err);
	}
	r = read(fd, key, len - 1);
	close(fd);
	if (r < 0) {
		msg_syswarn("box: cannot read the key file %s", file);
		return -1;
	}
	key[r] = '\0';
	key[strcspn(key, "\r\n")] = '\0';
	if (sock_check_key(key, err, sizeof(err)) != 0) {
		msg_warn("box: the key in %s: %s", file, err);
		return -1;
	}
	return 0;
}

/* The inode of this process's network namespace, or 0. */
static uint64_t
netns_id(void)
{
	struct stat st;

	return stat("/proc/self/ns/net", &st) == 0 ? (uint64_t)st.st_ino : 0;
}

/* The box's figures are lost: the run fails, naming the box and why. */
static HB_NORETURN void
lost(const struct box *b, const char *what, int err)
{
	msg_exit(MSG_EXIT_FAIL, "box %s: %s: %s; tried twice: the case fails, it has no box figures",
		 b->where, what, sock_why(err));
}

/* A session with the agent in b->fd, the key proved both ways.  0, or -1 with errno set. */
static int
session(struct box *b)
{
	char saved[SOCK_KEY_MAX + 1];
	uint64_t hello = BOX_VERSION, ack[BOX_ACK_WORDS];
	size_t n;
	int e;

	if (b->fd >= 0)
		close(b->fd);
	b->begun = 0;
	/* sock_session proves sock_key(): the box's for this one call (the program's server may have another). */
	snprintf(saved, sizeof(saved), "%s", sock_key());
	sock_set_key(b->key);
	b->fd = sock_session(&b->a, SOCK_BOX, &hello, 1, ack, BOX_ACK_WORDS, &n);
	e = errno;
	sock_set_key(saved);
	if (b->fd >= 0 && n != BOX_ACK_WORDS) {
		close(b->fd);
		b->fd = -1;
		e = EPROTO;
	}
	if (b->fd < 0) {
		errno = e;
		return -1;
	}
	b->boot[0] = ack[BOX_ACK_BOOT];
	b->boot[1] = ack[BOX_ACK_BOOT + 1];
	b->netns = ack[BOX_ACK_NETNS];
	return 0;
}

/* A second session after a failure, a second later (an agent that was full may have room). */
static int
session_again(struct box *b)
{
	struct timespec ts = { 1, 0 };

	nanosleep(&ts, NULL);
	return session(b);
}

struct box *
box_open(const char *spec, const char *keyfile)
{
	char host[256], err[PARSE_ERRLEN];
	struct box *b;
	unsigned port;

	if (spec == NULL || spec[0] == '\0')
		spec = getenv(BOX_ENV);
	if (spec == NULL || spec[0] == '\0')
		return NULL;
	if (box_parse_spec(spec, BOX_PORT, host, sizeof(host), &port, err, sizeof(err)) != 0)
		msg_exit(MSG_EXIT_USAGE, "%s", err);
	if ((b = calloc(1, sizeof(*b))) == NULL)
		msg_sysdie("box %s", spec);
	b->fd = -1;
	if (sock_resolve(host, port, AF_UNSPEC, SOCK_STREAM, 0, &b->a, err, sizeof(err)) != 0)
		msg_exit(MSG_EXIT_FAIL, "box: %s: the case fails, it has no box figures", err);
	snprintf(b->where, sizeof(b->where), "%s port %u", b->a.text, port);
	if (box_key(keyfile, b->key, sizeof(b->key)) != 0)
		msg_exit(MSG_EXIT_FAIL, "box %s: no key: the case fails, it has no box figures", b->where);
	if (session(b) != 0 && session_again(b) != 0)
		lost(b, "no session", errno);
	return b;
}

/* A request of one word. */
static int
request(struct box *b, uint64_t op)
{
	return sock_send_msg(b->fd, SOCK_BOX, SOCK_DATA, &op, 1);
}

static uint64_t words[SOCK_MAX_WORDS + 1];	/* 32 KB: not on a small board's stack */

/* The RESULT of an END into *s.  0, or -1 with errno. */
static int
end_interval(struct box *b, struct boxstat_summary *s)
{
	unsigned kind;
	size_t n;
	int rc;

	b->begun = 0;
	errno = 0;
	if (request(b, BOX_OP_END) != 0)
		return -1;
	rc = sock_recv_msg(b->fd, SOCK_BOX, &kind, words, BOXSTAT_MAX_WORDS, &n);
	if (rc != 0 || kind != SOCK_RESULT) {
		if (rc == 1 || errno == 0)
			errno = rc == 1 ? ECONNRESET : EPROTO;
		return -1;
	}
	return boxstat_decode(words, n, s);
}

int
box_begin(struct box *b)
{
	static struct boxstat_summary discard;
	unsigned kind = 0;
	size_t n;
	int rc = -1;

	int tries, e = 0;

	if (b == NULL)
		return 0;
	/* Twice: a session that failed is opened again for the second. */
	for (tries = 0; tries < 2; tries++) {
		if (tries > 0 && session_again(b) != 0) {
			e = errno;
			continue;
		}
		/* An interval the program began and never ended (its measurement failed). */
		if (b->begun && end_interval(b, &discard) != 0) {
			e = errno != 0 ? errno : EPROTO;
			continue;
		}
		errno = 0;
		kind = 0;
		rc = request(b, BOX_OP_BEGIN) == 0 ? sock_recv_msg(b->fd, SOCK_BOX, &kind, words, 1, &n) : -1;
		if (rc == 0 && kind == SOCK_ACK) {
			b->begun = 1;
			return 0;
		}
		e = rc == 1 ? ECONNRESET : errno != 0 ? errno : EPROTO;
	}
	lost(b, "cannot begin sampling", e);
}

int
box_end(struct box *b, struct box_summary *sum)
{
	uint64_t mine[2];

	memset(sum, 0, sizeof(*sum));
	if (b == NULL || !b->begun)
		return 0;
	/* The interval cannot be had again: its samples were the agent's. */
	if (end_interval(b, &sum->s) != 0)
		msg_exit(MSG_EXIT_FAIL, "box %s: the summary of the interval was lost: %s; the case fails, it has no box figures",
			 b->where, sock_why(errno != 0 ? errno : EPROTO));
	/*
	 * The agent's own work outside this session is in the box's figures:
	 * said, when it is enough to be seen (connections without the key,
	 * other clients).
	 */
	if (sum->s.agent_pct >= BOX_AGENT_NOTE_PCT)
		msg_warn("box %s: the agent's own work besides this session (its server, connections without the key among it) took %.1f%% of one CPU over the interval, and is in the box's CPU figures",
			 b->where, sum->s.agent_pct);
	if (b->boot[0] == 0 && b->boot[1] == 0)
		sum->same_kernel = -1;
	else if (cpustat_boot_id(NULL, mine) != 0)
		sum->same_kernel = -1;
	else
		sum->same_kernel = mine[0] == b->boot[0] && mine[1] == b->boot[1];
	sum->same_netns = sum->same_kernel == 1 && b->netns != 0 && b->netns == netns_id();
	snprintf(sum->where, sizeof(sum->where), "%s", b->where);
	sum->valid = 1;
	return 0;
}

/* v per second, short: "950", "12.3k", "1.2M". */
static const char *
per_s(char *buf, size_t len, double v)
{
	if (v >= 1e9)
		snprintf(buf, len, "%.3gG", v / 1e9);
	else if (v >= 1e6)
		snprintf(buf, len, "%.3gM", v / 1e6);
	else if (v >= 1e3)
		snprintf(buf, len, "%.3gk", v / 1e3);
	else
		snprintf(buf, len, "%.3g", v);
	return buf;
}

void
box_report(const struct bench_opts *o, const char *base, const struct box_summary *sum)
{
	static const char *const cpu_units[] = {
		"%busiest", "%busiest-softirq", "%busiest-sys", "%busiest-irq", "%peak",
		"%total", "%total-softirq", "%total-sys"
	};
	static const char *const net_units[] = {
		"softnet-pkts/s", "softnet-drops/s", "softnet-squeezes/s", "irqs/s"
	};
	static const char *const parts[] = { "softirq", "sys", "irq" };
	static int noted;
	const struct boxstat_summary *s = &sum->s;
	const char *units[4];
	char name[OUTPUT_MAX_NAME], a[16], d[16], q[16], i[16];
	double v[8];
	/* The box's shares are of its 100 ms intervals over the traffic: the lines' count. */
	uint64_t n = (sum->s.span_ns + BOXSTAT_INTERVAL_NS / 2) / BOXSTAT_INTERVAL_NS;
	size_t k = 0;

	if (!sum->valid)
		return;
	if (o->output == OUTPUT_RAW) {
		output_config(stdout, "box", "%s", sum->where);
		output_config(stdout, "box-same-kernel", "%s",
			      sum->same_kernel < 0 ? "unknown"
			      : !sum->same_kernel ? "no"
			      : sum->same_netns ? "yes, and the same network namespace: the box is this host; its CPU figures are the whole machine's, the ends' work included"
			      : "yes (network namespaces of one kernel): the box's CPU figures are the whole machine's, the ends' work included");
		v[0] = s->busiest.busy, v[1] = s->busiest.softirq, v[2] = s->busiest.sys;
		v[3] = s->busiest.irq, v[4] = s->peak, v[5] = s->total.busy;
		v[6] = s->total.softirq, v[7] = s->total.sys;
		/*
		 * On lines of the result the traffic was (base), as units of
		 * its own: not a benchmark of its own (the results tool reads
		 * them as base + "/box=cpu" and "/box=net": output_internal).
		 */
		if (n == 0)
			n = 1;
		bench_report_k(o, base, &n, v, 1, cpu_units, HB_ARRAY_SIZE(cpu_units));
		if (s->have_softnet) {
			v[k] = s->pkts, units[k++] = net_units[0];
			v[k] = s->drops, units[k++] = net_units[1];
			v[k] = s->squeezes, units[k++] = net_units[2];
		}
		if (s->have_irqs)
			v[k] = s->irqs, units[k++] = net_units[3];
		if (k > 0)
			bench_report_k(o, base, &n, v, 1, units, k);
		/*
		 * Each CPU's parts, a line each, where there are few enough to
		 * read one by one; the units table has CPUs 0 .. BOX_CPUS_SHOWN - 1
		 * (a CPU numbered past them, some CPUs being offline, is in the
		 * text line only).
		 */
		for (k = 0; s->ncpus <= BOX_CPUS_SHOWN && k < s->ncpus; k++) {
			const struct boxstat_cpu *c = &s->cpu[k];
			char u[3][OUTPUT_MAX_UNIT];
			size_t j;

			if (c->id < 0 || c->id >= BOX_CPUS_SHOWN)
				continue;
			for (j = 0; j < 3; j++) {
				snprintf(u[j], sizeof(u[j]), "%%cpu%d-%s", c->id, parts[j]);
				units[j] = u[j];
			}
			v[0] = c->softirq, v[1] = c->sys, v[2] = c->irq;
			bench_report_k(o, base, &n, v, 1, units, 3);
		}
		return;
	}
	snprintf(name, sizeof(name), "%s/box", base);
	printf("%-36s busiest CPU %.0f%% (cpu%d: softirq %.0f%%, sys %.0f%%, irq %.0f%%; peak %.0f%%), all CPUs %.0f%%",
	       name, s->busiest.busy, s->busiest.id, s->busiest.softirq, s->busiest.sys,
	       s->busiest.irq, s->peak, s->total.busy);
	if (s->have_softnet)
		printf("; softnet %s pkts/s, %s dropped/s, %s squeezed/s", per_s(a, sizeof(a), s->pkts),
		       per_s(d, sizeof(d), s->drops), per_s(q, sizeof(q), s->squeezes));
	if (s->have_irqs)
		printf("; %s irqs/s", per_s(i, sizeof(i), s->irqs));
	for (k = 0; s->ncpus <= BOX_CPUS_SHOWN && k < s->ncpus; k++)
		printf("%s cpu%d %.0f/%.0f/%.0f%%", k == 0 ? "; softirq/sys/irq:" : ",", s->cpu[k].id,
		       s->cpu[k].softirq, s->cpu[k].sys, s->cpu[k].irq);
	printf("\n");
	msg_flush();
	if (sum->same_kernel == 1 && !noted) {
		noted = 1;
		msg_warn("the box runs on this machine's kernel (%s): its CPU figures are the whole machine's, the ends' work included",
			 sum->same_netns ? "and in this network namespace: it is this host" : "network namespaces");
	}
}

int
box_fingerprint(struct box *b, FILE *f)
{
	char *text = NULL;
	unsigned kind;
	size_t n;

	if (b == NULL || b->fd < 0) {
		errno = ENOTCONN;
		return -1;
	}
	errno = 0;
	if (request(b, BOX_OP_FINGERPRINT) != 0
	    || sock_recv_msg(b->fd, SOCK_BOX, &kind, words, SOCK_MAX_WORDS, &n) != 0
	    || kind != SOCK_RESULT || n < 1
	    /* The text's bytes in place of its words (words has a word to spare). */
	    || (text = sock_words_text(words + 1, n - 1, words[0])) == NULL) {
		if (errno == 0)
			errno = EPROTO;
		return -1;
	}
	sock_print_keyed(f, "box-", text);
	return 0;
}

void
box_close(struct box *b)
{
	if (b == NULL)
		return;
	if (b->fd >= 0)
		close(b->fd);
	free(b);
}
