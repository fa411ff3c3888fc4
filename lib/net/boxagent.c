/*
 * boxagent: the box agent's session (see boxagent.h).
 */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/runclock.h"
#include "core/timing.h"
#include "host/cpustat.h"
#include "host/fingerprint.h"
#include "host/procfs.h"
#include "host/sysinfo.h"
#include "net/box.h"
#include "net/boxagent.h"
#include "net/boxstat.h"
#include "net/sock_proto.h"
#include "net/sock_serve.h"

/* The fingerprint's text at most: what one message carries. */
#define TEXT_MAX (8 * (SOCK_MAX_WORDS - 1))

static uint64_t words[SOCK_MAX_WORDS];	/* 32 KB: not on a small board's stack */
/* Snapshots: the interval's first, the last one read, the one being read. */
static struct boxstat_snap first, prev, cur;
static struct boxstat_summary sum;

/* The fingerprint as the RESULT's words: its length, then its bytes.  0, or -1. */
static int
send_fingerprint(int fd)
{
	/* The text goes where its words will be. */
	char *text = (char *)(words + 1);
	FILE *f;

	memset(words, 0, sizeof(words));
	if ((f = fmemopen(text, TEXT_MAX, "w")) == NULL)
		return -1;
	/* A fingerprint too long for the buffer is cut: fmemopen writes what fits. */
	fingerprint_box(f);
	fclose(f);
	text[TEXT_MAX - 1] = '\0';
	words[0] = strlen(text);
	return sock_send_msg(fd, SOCK_BOX, SOCK_RESULT, words, 1 + sock_text_words(words + 1, words[0]));
}

/*
 * The CPU time of process pid and of its children it has reaped, in
 * clock ticks (/proc/PID/stat: utime, stime, cutime, cstime); 0 when it
 * cannot be read.
 */
static uint64_t
tree_ticks(pid_t pid)
{
	char path[64], buf[1024], *p;
	unsigned long long v[4];
	FILE *f;
	size_t n;
	int i;

	snprintf(path, sizeof(path), "/proc/%ld/stat", (long)pid);
	if ((f = fopen(path, "r")) == NULL)
		return 0;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	/* After the command's closing parenthesis: state (3), fields 4 .. 13, then the four. */
	if ((p = strrchr(buf, ')')) == NULL)
		return 0;
	p++;
	for (i = 0; i < 11 && p != NULL; i++)
		p = strchr(p + 1, ' ');
	if (p == NULL || procfs_ulls(p, v, 4) != 0)
		return 0;
	return (uint64_t)(v[0] + v[1] + v[2] + v[3]);
}

/*
 * BEGIN: sample until END.  A failed read of /proc/stat mid-way keeps
 * the last good snapshot (the summary is of a shorter interval, never of
 * a made-up one).  0, or -1 to end the session.
 */
static int
sample(int fd, uint64_t silence)
{
	uint64_t start, next, w[1];
	double peak = 0;
	unsigned kind;
	size_t n;
	/* The agent's server (this session's parent): its work meanwhile is in the figures. */
	uint64_t agent0 = tree_ticks(getppid());
	long hz = sysconf(_SC_CLK_TCK);

	if (boxstat_read(&first) != 0)
		return -1;
	prev = first;
	if (sock_send_msg(fd, SOCK_BOX, SOCK_ACK, NULL, 0) != 0)
		return -1;
	start = timing_now();
	next = prev.t_ns + BOXSTAT_INTERVAL_NS;
	for (;;) {
		struct pollfd pf;
		uint64_t now = timing_now();
		int r;

		if (now - start > BOXAGENT_MAX_NS)
			return -1;
		if (now >= next) {
			if (boxstat_read(&cur) == 0) {
				double p = boxstat_peak(&prev, &cur);

				peak = p > peak ? p : peak;
				prev = cur;
			}
			/* From now: a late wake-up makes one interval longer, not a burst of short ones. */
			next = timing_now() + BOXSTAT_INTERVAL_NS;
			continue;
		}
		pf.fd = fd, pf.events = POLLIN, pf.revents = 0;
		r = poll(&pf, 1, (int)((next - now) / 1000000 + 1));
		if (r < 0 && errno != EINTR)
			return -1;
		if (r <= 0)
			continue;
		/*
		 * A request: it must come whole within SOCK_HELLO_NS of the run
		 * clock (a client starved mid-message is not cut off on a busy
		 * machine), the session's silence at most, and be END.
		 */
		{
			struct runclock_deadline d;

			runclock_deadline(&d, SOCK_HELLO_NS, silence > SOCK_HELLO_NS ? silence : SOCK_HELLO_NS);
			if (sock_recv_msg_until(fd, SOCK_BOX, &kind, w, 1, &n, &d) != 0
			    || kind != SOCK_DATA || n != 1 || w[0] != BOX_OP_END)
				return -1;
		}
		break;
	}
	/* The end: a last snapshot, its part-interval in the peak when it is long enough to mean one. */
	if (boxstat_read(&cur) == 0) {
		if (cur.t_ns - prev.t_ns >= BOXSTAT_INTERVAL_NS / 2) {
			double p = boxstat_peak(&prev, &cur);

			peak = p > peak ? p : peak;
		}
		prev = cur;
	}
	/* An interval shorter than one sample has no peak of its own: the average is it. */
	boxstat_summarize(&first, &prev, prev.t_ns - first.t_ns >= BOXSTAT_INTERVAL_NS ? peak : -1,
			  &sum);
	sum.agent_pct = 0;
	{
		uint64_t agent1 = tree_ticks(getppid());

		if (agent0 > 0 && agent1 > agent0 && hz > 0 && sum.span_ns > 0)
			sum.agent_pct = (double)(agent1 - agent0) / (double)hz * 1e11 / (double)sum.span_ns;
	}
	return sock_send_msg(fd, SOCK_BOX, SOCK_RESULT, words, boxstat_encode(&sum, words));
}

int
boxagent_conn(int fd, const struct sock_server *s)
{
	uint64_t w[1], ack[BOX_ACK_WORDS], boot[2], nak = SOCK_NAK_PARAMS;
	uint64_t silence = s->idle_ns > 0 ? s->idle_ns : SOCK_SILENCE_NS;
	struct stat st;
	unsigned kind;
	size_t n;
	int rc = sock_hello(fd, s, SOCK_BOX, w, 1, &n);

	if (rc != 0)
		return rc;
	if (n != 1 || w[0] != BOX_VERSION) {
		(void)sock_send_msg(fd, SOCK_BOX, SOCK_NAK, &nak, 1);
		return -1;
	}
	memset(ack, 0, sizeof(ack));
	ack[BOX_ACK_NCPUS] = (uint64_t)sysinfo_online_cpus();
	if (cpustat_boot_id(NULL, boot) == 0)
		ack[BOX_ACK_BOOT] = boot[0], ack[BOX_ACK_BOOT + 1] = boot[1];
	if (stat("/proc/self/ns/net", &st) == 0)
		ack[BOX_ACK_NETNS] = (uint64_t)st.st_ino;
	if (sock_send_msg(fd, SOCK_BOX, SOCK_ACK, ack, BOX_ACK_WORDS) != 0)
		return -1;
	for (;;) {
		rc = sock_recv_msg_by(fd, SOCK_BOX, &kind, w, 1, &n, timing_now() + silence);
		if (rc == 1)
			return 0;	/* the client is done */
		if (rc != 0 || kind != SOCK_DATA || n != 1)
			return -1;
		if (w[0] == BOX_OP_FINGERPRINT)
			rc = send_fingerprint(fd);
		else if (w[0] == BOX_OP_BEGIN)
			rc = sample(fd, silence);
		else
			rc = -1;
		if (rc != 0)
			return -1;
	}
}
