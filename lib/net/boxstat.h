/*
 * boxstat: what the box agent (hostinfo -s) samples on a router while
 * traffic passes through it, and the summary it sends back.
 *
 *   - a snapshot: /proc/stat per CPU (user, nice, system, idle, iowait,
 *     irq, softirq, steal), the device interrupts of /proc/interrupts
 *     (its numbered lines, summed over CPUs: the per-CPU timer and IPI
 *     lines would drown a NIC's) and /proc/net/softnet_stat (packets
 *     processed, dropped, time squeezed, summed over CPUs);
 *   - the summary of an interval between two snapshots: each CPU's busy,
 *     softirq, sys and irq shares, the busiest CPU, the peak share of
 *     any CPU over one sampling interval, the all-CPU shares, and the
 *     softnet and interrupt rates;
 *   - the summary as 64-bit words for the wire (lib/net/sock_proto).
 *
 * The parsers, boxstat_peak, boxstat_summarize and the wire functions are
 * pure (tests/lib/boxstat-t.c); boxstat_read reads the system and fails
 * only when /proc/stat cannot be read.
 */
#ifndef HB_BOXSTAT_H
#define HB_BOXSTAT_H

#include <stddef.h>
#include <stdint.h>

#include "host/cpustat.h"

/* The CPUs a snapshot and a summary keep one by one (more: the rest are summed only). */
#define BOXSTAT_MAX_CPUS 256
/* How often the agent samples: the peak share is over this long. */
#define BOXSTAT_INTERVAL_NS 100000000ull

struct boxstat_snap {
	uint64_t t_ns;			/* timing_now() when it was read */
	struct cpustat all;		/* the "cpu " line */
	unsigned ncpus;			/* "cpuN" lines kept in cpu[] */
	int id[BOXSTAT_MAX_CPUS];	/* their N */
	struct cpustat cpu[BOXSTAT_MAX_CPUS];
	int have_softnet, have_irqs;	/* the files were there and parsed */
	uint64_t processed, dropped, squeezed;	/* softnet_stat, all CPUs */
	uint64_t irqs;			/* device interrupts, all CPUs */
};

/* A CPU's shares of its own time over an interval, in percent. */
struct boxstat_cpu {
	int id;
	double busy;		/* user + nice + system + irq + softirq */
	double softirq, sys, irq;
};

struct boxstat_summary {
	uint64_t span_ns;	/* the interval summarized */
	unsigned ncpus;		/* CPUs in cpu[] */
	struct boxstat_cpu cpu[BOXSTAT_MAX_CPUS];
	struct boxstat_cpu busiest;	/* the CPU with the largest busy share */
	double peak;		/* the largest busy share of any CPU over one interval */
	struct boxstat_cpu total;	/* all CPUs together (id -1) */
	int have_softnet, have_irqs;
	double pkts, drops, squeezes;	/* softnet, per second */
	double irqs;		/* device interrupts per second */
	/*
	 * The agent's own CPU over the interval outside the session that
	 * asked (its server: accepting, and its other children, connections
	 * without the key among them), in percent of one CPU; it is in the
	 * figures above.  Set by the agent, not by boxstat_summarize.
	 */
	double agent_pct;
};

/*
 * Parse the text of /proc/stat: the "cpu " line and the "cpuN" lines
 * (at most BOXSTAT_MAX_CPUS kept).  Sets s->all, s->ncpus, s->id, s->cpu;
 * nothing else.  Returns 0, or -1 with errno EINVAL when there is no
 * parsable "cpu " line.
 */
int boxstat_parse_stat(const char *text, struct boxstat_snap *s);

/*
 * Parse the text of /proc/net/softnet_stat: per CPU a line of hex words,
 * processed, dropped and time_squeeze first.  Stores the sums.  Returns
 * 0, or -1 with errno EINVAL when a line has fewer than three words or
 * there is none.
 */
int boxstat_parse_softnet(const char *text, uint64_t *processed, uint64_t *dropped,
			  uint64_t *squeezed);

/*
 * Parse the text of /proc/interrupts: the head's "CPUn" columns, then
 * the numbered lines' counts, summed.  Returns 0, or -1 with errno
 * EINVAL when the head names no CPU.
 */
int boxstat_parse_interrupts(const char *text, uint64_t *irqs);

/*
 * A snapshot of this system now (its t_ns from timing_now).  The
 * interrupts and softnet are optional (have_ flags).  Returns 0, or -1
 * with errno set when /proc/stat cannot be read or parsed.
 */
int boxstat_read(struct boxstat_snap *s);

/*
 * The largest busy share of any CPU between snapshots a (earlier) and b,
 * CPUs matched by id, in percent; 0 when none is in both.  Pure.
 */
double boxstat_peak(const struct boxstat_snap *a, const struct boxstat_snap *b);

/*
 * The summary of the interval from a to b (peak: the largest
 * boxstat_peak seen in it, or -1 to take a..b's busiest).  CPUs are
 * matched by id; a CPU missing from either side (hot-plugged) is left
 * out; counters that went backwards count as 0.  Pure.
 */
void boxstat_summarize(const struct boxstat_snap *a, const struct boxstat_snap *b,
		       double peak, struct boxstat_summary *s);

/*
 * The words of a summary: BOXSTAT_HEAD_WORDS, then 5 per CPU.  (An agent
 * of before sends 0 for agent_pct: the head had room.)
 */
#define BOXSTAT_HEAD_WORDS 20
#define BOXSTAT_MAX_WORDS (BOXSTAT_HEAD_WORDS + 5 * BOXSTAT_MAX_CPUS)

/* s as words into w (room for BOXSTAT_MAX_WORDS); returns their number.  Pure. */
size_t boxstat_encode(const struct boxstat_summary *s, uint64_t *w);

/*
 * n words into *s.  Returns 0, or -1 with errno EPROTO for words no
 * agent sends (a wrong count, a share above 100, more CPUs than fit).
 * Pure.
 */
int boxstat_decode(const uint64_t *w, size_t n, struct boxstat_summary *s);

#endif
