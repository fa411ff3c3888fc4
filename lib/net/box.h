/*
 * box: the client of the box agent, for network programs that push
 * traffic through a router ("the box") and want its own CPU and packet
 * counters while the traffic passes, and its fingerprint.
 *
 * The agent is `hostinfo -s` on the box (lib/net/boxagent.h); it speaks the
 * servers' protocol (lib/net/sock_proto, SOCK_BOX, default port BOX_PORT)
 * with their key check.  A program takes the box from its -A option
 * (BOX_OPT) or $HOSTBENCH_BOX, HOST[:PORT] either way, and the key as
 * every client does: from its -K file, else $HOSTBENCH_KEY.  Usage:
 *
 *     b = box_open(opt_box, so.keyfile);   NULL: no box
 *     box_begin(b);                        just before the timed part
 *     ... the measurement ...
 *     box_end(b, &sum);                    right after it
 *     box_report(o, base, &sum);           after the program's own results
 *
 * Every call takes a NULL box and then does nothing, so a program calls
 * them unconditionally.  A box that was asked for and whose figures are
 * lost fails the run loudly: box_open and box_begin try a second session
 * a second later, then they (and box_end, whose interval cannot be had
 * again) exit 1 with a message that names the box and why.  A run with
 * -A never goes on without the box's figures: whoever can reach the
 * agent's port must not be able to remove them silently.  Several
 * begin/end pairs on one box are several intervals (a rate ladder's
 * steps).
 *
 * box_parse_spec is pure; the rest talk to the agent or print.
 */
#ifndef HB_BOX_H
#define HB_BOX_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "driver/bench.h"
#include "net/boxstat.h"

#define BOX_PORT 31335		/* lmbench's servers' 31235 + 100, which lmbench left free */
#define BOX_ENV "HOSTBENCH_BOX"

/* The protocol: the HELLO's one word, then requests of one word (SOCK_DATA). */
#define BOX_VERSION 1
enum box_op {
	BOX_OP_BEGIN = 1,	/* start sampling; answered by an ACK once the first sample is read */
	BOX_OP_END,		/* stop; answered by a RESULT: boxstat_encode's words */
	BOX_OP_FINGERPRINT	/* answered by a RESULT: the length, then the text, 8 bytes a word */
};
/* The ACK of the HELLO: the agent's CPUs, kernel boot id, network namespace (inode of /proc/self/ns/net; 0 unknown). */
enum { BOX_ACK_NCPUS, BOX_ACK_BOOT, BOX_ACK_NETNS = BOX_ACK_BOOT + 2, BOX_ACK_WORDS };

/* The option row of a network program: -A host[:port], a const char * at var. */
#define BOX_OPT(var) \
	{ 'A', BENCH_OPT_TEXT, "host[:port]", 0, 0, 0, NULL, 0, \
	  "sample the CPU and packet counters of the box (router) the traffic\n" \
	  "passes, through the agent there (hostinfo -s; default port 31335);\n" \
	  "default $" BOX_ENV, NULL, &(var) }

struct box;

/*
 * box_end warns when the agent's own work besides the session (see
 * boxstat.h: agent_pct) took at least this share of one CPU, in percent.
 */
#define BOX_AGENT_NOTE_PCT 1.0

/* One interval's summary and what the client knows of the box. */
struct box_summary {
	int valid;		/* 0: no box, or it failed: nothing to report */
	struct boxstat_summary s;
	int same_kernel;	/* 1: the box's kernel boot id is this machine's; 0: not; -1: unknown */
	int same_netns;		/* 1: and its network namespace is this process's */
	char where[80];		/* "10.0.0.1 port 31335" */
};

/*
 * Split "HOST", "HOST:PORT", "[V6]:PORT" or a bare IPv6 address into
 * host (len bytes) and *port (def when none).  Returns 0, or -1 with a
 * message naming the value in err.  Pure.
 */
int box_parse_spec(const char *spec, unsigned def, char *host, size_t len, unsigned *port,
		   char *err, size_t errlen);

/*
 * The box of spec (NULL or "": $HOSTBENCH_BOX; neither: no box, NULL
 * without a word), its session opened with the key of keyfile (NULL:
 * $HOSTBENCH_KEY).  Exits 1 when it cannot be reached or refuses the key
 * (tried twice), 2 on a spec that is no address or a key file that is
 * not the user's alone.
 */
struct box *box_open(const char *spec, const char *keyfile);

/* Start an interval (a second session when the first fails).  0; exits 1 when it cannot; b NULL: 0. */
int box_begin(struct box *b);

/*
 * End the interval and fill *sum (valid 1).  0; exits 1 when the summary
 * is lost; b NULL or no interval begun: 0 with sum->valid 0.
 */
int box_end(struct box *b, struct box_summary *sum);

/* A box of at most this many CPUs has each CPU's shares reported too. */
#define BOX_CPUS_SHOWN 8

/*
 * Print a valid summary; nothing for an invalid one.  Raw: a "box:"
 * configuration line (where) and "box-same-kernel:" (yes: the box is
 * this machine's kernel, network namespaces of it, and its CPU figures
 * are the whole machine's, the ends' work included), then the result
 * lines base + "/box=cpu" (%busiest %busiest-softirq %busiest-sys
 * %busiest-irq %peak %total %total-softirq %total-sys) and base +
 * "/box=net" (softnet-pkts/s softnet-drops/s softnet-squeezes/s irqs/s,
 * those the box could read); with BOX_CPUS_SHOWN CPUs or fewer, a line
 * of base per CPU N (N < BOX_CPUS_SHOWN): %cpuN-softirq %cpuN-sys
 * %cpuN-irq.  Text: one line of the same, and a note when the box
 * shares this kernel.
 */
void box_report(const struct bench_opts *o, const char *base, const struct box_summary *sum);

/*
 * Ask the box for its fingerprint and print it on f as configuration
 * lines, each key prefixed "box-".  0, or -1 with errno set (see
 * sock_why).
 */
int box_fingerprint(struct box *b, FILE *f);

/* End the session and free b (NULL: nothing). */
void box_close(struct box *b);

#endif
