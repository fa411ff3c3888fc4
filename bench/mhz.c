/*
 * mhz: the CPU clock in MHz, from the time of dependent integer adds.
 *
 * A chain of dependent adds runs at one add per cycle on essentially every
 * CPU, so adds per microsecond is the clock in MHz.  One sample times the
 * same number of loop trips of 256 and of 128 chained adds (the best of
 * five runs each): the difference is 128 adds a trip, free of the loop's
 * own cost and of the clock's.  A chain of xors, timed the same way,
 * cross-checks the estimate; /proc/cpuinfo's figure is recorded beside it.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/msg.h"
#include "core/stats.h"
#include "driver/bench.h"
#include "host/sysinfo.h"

#define SHORT 128		/* operations per trip of the short loop */
#define TRIES 20		/* attempts at a sample before giving up */
#define BEST 5			/* runs per loop per sample */

/* No instruction: the compiler must assume x changed, so nothing folds. */
#if defined(__GNUC__)
# define BAR(x) __asm__ __volatile__("" : "+r"(x))
#else
# define BAR(x) ((void)0)	/* a compiler may fold the chain: main warns */
#endif
#define ADD x += c; BAR(x);
#define XOR x ^= c; BAR(x);
#define R4(s) s s s s
#define R16(s) R4(R4(s))
#define R128(s) R16(s) R16(s) R16(s) R16(s) R16(s) R16(s) R16(s) R16(s)
#define R256(s) R128(s) R128(s)

struct state {
	unsigned long x, c, sink;
};

#define CHAIN(fn, OP, REP)						\
static int								\
fn(void *arg, uint64_t n)						\
{									\
	struct state *s = arg;						\
	unsigned long x = s->x, c = s->c;				\
									\
	while (n-- > 0) {						\
		REP(OP)							\
	}								\
	s->sink += x;							\
	return 0;							\
}
CHAIN(add_short, ADD, R128)
CHAIN(add_long, ADD, R256)
CHAIN(xor_short, XOR, R128)
CHAIN(xor_long, XOR, R256)

static const struct chain {
	const char *name;
	timing_loop_fn shortloop, longloop;
} chains[] = {
	{ "add", add_short, add_long },
	{ "xor", xor_short, xor_long },
};

/*
 * The shortest of BEST runs of fn: runs are short (a twentieth of -T) and
 * a preempted one is dropped, which matters as the difference of two
 * times magnifies any disturbance.
 */
static int
best_of(timing_loop_fn fn, struct state *s, uint64_t n, uint64_t *ns)
{
	uint64_t t;
	int i;

	for (*ns = UINT64_MAX, i = 0; i < BEST; i++) {
		if (timing_run(fn, s, n, &t) != 0)
			return -1;
		if (t < *ns)
			*ns = t;
	}
	return 0;
}

/* One estimate in MHz from chain ch, n trips per run; 0 if noise won. */
static int
estimate(const struct chain *ch, struct state *s, uint64_t n, double *mhz)
{
	uint64_t ts, tl;

	if (best_of(ch->longloop, s, n, &tl) != 0
	    || best_of(ch->shortloop, s, n, &ts) != 0)
		return -1;
	*mhz = tl > ts ? (double)SHORT * (double)n / (double)(tl - ts) * 1000.0 : 0;
	return 0;
}

static const struct bench_prog prog = {
	.name = "mhz",
	.args = "",
	.summary = "mhz: CPU clock in MHz from a chain of dependent adds",
	.min_args = 0,
	.max_args = 0,
	.max_parallel = 1,
	.why_parallel = "it times its own chain on one CPU",
	.why_precision = "it times its own chains; use -N",
};

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct state s;
	volatile unsigned long seed = 0x9e3779b9ul;
	double *v[HB_ARRAY_SIZE(chains)], cpuinfo = sysinfo_cpu_mhz(), check;
	struct stats st[HB_ARRAY_SIZE(chains)];
	uint64_t *iters, n, start, ns;
	size_t c;
	unsigned r;

	bench_init(&o, &prog, argc, argv);
#if !defined(__GNUC__)
	msg_warn("built without GNU C asm: the compiler may have folded the chains");
#endif
	s.x = seed, s.c = seed >> 3, s.sink = 0;
	iters = malloc(o.reps * sizeof(*iters));
	for (c = 0; c < HB_ARRAY_SIZE(chains); c++)
		if ((v[c] = malloc(o.reps * sizeof(*v[c]))) == NULL)
			msg_sysdie("cannot allocate %u samples", o.reps);
	if (iters == NULL)
		msg_sysdie("cannot allocate %u samples", o.reps);
	/*
	 * A sample: 5 x (long + short) for each chain, about 0.75 x -T.  A
	 * preempted calibration run gives too small a count: take the largest
	 * of three.
	 */
	for (n = 0, r = 0; r < 3; r++) {
		if (timing_calibrate(add_long, &s, o.sample_ns / 20, 0, &ns) != 0)
			msg_sysdie("calibration failed");
		if (ns > n)
			n = ns;
	}
	for (start = timing_now(); timing_now() - start < o.warmup_ns;)
		if (timing_run(add_long, &s, n, &ns) != 0)
			msg_sysdie("warm-up failed");
	for (r = 0; r < o.reps; r++) {
		iters[r] = n * SHORT;
		for (c = 0; c < HB_ARRAY_SIZE(chains); c++) {
			int tries = 0;

			do {
				if (estimate(&chains[c], &s, n, &v[c][r]) != 0)
					msg_sysdie("the %s chain failed", chains[c].name);
			} while (v[c][r] <= 0 && ++tries < TRIES);
			if (v[c][r] <= 0)
				msg_die("too much noise: the longer %s chain never ran longer than the shorter",
					chains[c].name);
		}
	}
	for (c = 0; c < HB_ARRAY_SIZE(chains); c++)
		if (stats_compute(v[c], o.reps, &st[c]) != 0)
			msg_sysdie("statistics");
	check = st[1].median / st[0].median;
	if (check < 0.95 || check > 1.05)
		msg_warn("add and xor chains disagree (%.0f vs %.0f MHz): the estimate is doubtful",
			 st[0].median, st[1].median);
	bench_print_config(&o, &prog);
	if (o.output == OUTPUT_RAW) {
		output_config(stdout, "mhz-xor", "%.0f", st[1].median);
		output_config(stdout, "cycle", "%.4f ns", 1000.0 / st[0].median);
		if (cpuinfo > 0)
			output_config(stdout, "cpuinfo-mhz", "%.0f", cpuinfo);
		else
			output_config(stdout, "cpuinfo-mhz", "unknown");
	}
	bench_report(&o, "Mhz", iters, v[0], o.reps, "MHz");
	if (o.output == OUTPUT_TEXT) {
		printf("  %.4f ns clock; xor chain %.0f MHz; /proc/cpuinfo ", 1000.0 / st[0].median,
		       st[1].median);
		if (cpuinfo > 0)
			printf("%.0f MHz\n", cpuinfo);
		else
			printf("unknown\n");
	}
	for (c = 0; c < HB_ARRAY_SIZE(chains); c++)
		free(v[c]);
	free(iters);
	return bench_exit_code(MSG_EXIT_OK);
}
