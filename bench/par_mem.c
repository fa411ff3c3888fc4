/*
 * par_mem: memory-level parallelism, the loads from memory a CPU keeps in
 * flight at once (x), from k independent pointer chases run together.
 *
 * One iteration is one round: one dependent load on each of k chains,
 * k = 1 .. 16, that together visit every line of a SIZE-byte buffer in a
 * random order (each chain its own random cycle through a k-th of the
 * lines, spread over the whole buffer).  A load of one chain must wait
 * for the one before; loads of different chains need not, so the time
 * per load falls as k grows until the CPU's miss handling is full.  The
 * parallelism at k is the time per load with one chain over the time per
 * load with k (lmbench's "Memory load parallelism"); the result is its
 * largest value.  Both times are those of the fastest bursts (chase.h):
 * on a busy machine preemption and other programs' memory traffic only
 * ever add time, and they would decide the ratio of two medians.  k
 * chains cannot overlap more than k loads: a parallelism above k (by
 * 10%) says the two times were taken in different conditions (another
 * program's traffic in the cache), and both are timed again (up to
 * RETRIES times, each keeping its faster pass); still above, the run
 * fails and prints no number.  SIZE should be far beyond
 * the last cache.  Laying the
 * chains, calibrating (which warms them) and a pass after timing that
 * checks every link are outside timing.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "chase.h"
#include "mem.h"
#include "msg.h"
#include "stats.h"

#define DEFAULT_SIZE (64u << 20)	/* lmbench's */
#define HINT_MAX (128u << 20)
#define MIN_SIZE (64u << 10)
#define LINE 64			/* one slot per line: the usual line, or a multiple of it */
#define RETRIES 4		/* passes again when the parallelism is impossible */
#define SLACK 1.1		/* what the parallelism at k may exceed k by, noise */

struct point {
	double *samples, *fastest;	/* ns per load: samples, their fastest bursts */
	uint64_t *rounds;
	double best;		/* the fastest burst of all */
};

/* Time k chains again; the point keeps the pass with the faster burst. */
static void
retime(const struct bench_opts *o, struct chase *c, const struct chase_buf *b, uint64_t size,
       unsigned k, struct point *p)
{
	double *s = malloc(o->reps * sizeof(*s)), *f = malloc(o->reps * sizeof(*f));
	uint64_t *r = malloc(o->reps * sizeof(*r));
	struct stats st;
	char sz[32];

	if (s == NULL || f == NULL || r == NULL)
		msg_sysdie("cannot allocate %u samples", o->reps);
	if (chase_lines(c, b->p, (size_t)size, LINE, k) != 0)
		msg_sysdie("cannot lay %u chains over %s", k, mem_size_name(sz, sizeof(sz), size));
	if (chase_time(c, (uint64_t)o->sample_ns, o->warmup_ns, o->reps, s, r, f) != 0)
		msg_die("a chase of %u chains was corrupted: a link points astray", k);
	if (stats_compute(f, o->reps, &st) != 0)
		msg_sysdie("statistics");
	if (st.min < p->best) {
		free(p->samples), free(p->fastest), free(p->rounds);
		p->samples = s, p->fastest = f, p->rounds = r;
		p->best = st.min;
	} else {
		free(s), free(f), free(r);
	}
}

static const struct bench_prog prog = {
	.name = "par_mem",
	.args = "[SIZE]",
	.summary = "par_mem: memory loads in flight at once (x), from 1 to 16 independent chases",
	.min_args = 0,
	.max_args = 1,
	.max_parallel = 1,
	.why_parallel = "copies would share the memory system it measures",
	.why_precision = "it times its own chases; use -N",
};

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct chase_cache sys[CHASE_MAX_CACHES];
	struct point pt[CHASE_MAX_CHAINS];
	struct chase c;
	struct stats st;
	char name[OUTPUT_MAX_NAME], sz[32];
	double *par, sample;
	uint64_t want, size;
	size_t nsys, best = 0, i;
	unsigned k, r;
	struct chase_buf b;
	int ai = bench_init(&o, &prog, argc, argv);

	if (ai < argc) {
		want = bench_arg_size(&prog, "SIZE", argv[ai], MIN_SIZE, 1u << 30);
	} else {
		want = DEFAULT_SIZE;
		nsys = chase_sysfs_caches(sys, CHASE_MAX_CACHES);
		if (nsys > 0 && sys[nsys - 1].size * 4 > want)
			want = sys[nsys - 1].size * 4 < HINT_MAX ? sys[nsys - 1].size * 4 : HINT_MAX;
	}
	if ((size = mem_fit(want, 1, MIN_SIZE, MIN_SIZE)) == 0)
		msg_die("SIZE %s: not even %uK fits in the memory available",
			mem_size_name(sz, sizeof(sz), want), MIN_SIZE >> 10);
	bench_print_config(&o, &prog);
	if (size < want)
		mem_report_reduced(o.output == OUTPUT_RAW ? stdout : NULL, prog.name, "SIZE", want, size);
	/* Huge pages: a TLB miss on every load would be a second, serial cost. */
	if (chase_buf_alloc(&b, (size_t)size, 1) != 0)
		msg_sysdie("cannot allocate %s", mem_size_name(sz, sizeof(sz), size));
	par = malloc(o.reps * sizeof(*par));
	if (par == NULL)
		msg_sysdie("cannot allocate %u samples", o.reps);
	sample = (double)o.sample_ns;

	for (k = 1; k <= CHASE_MAX_CHAINS; k++) {
		struct point *p = &pt[k - 1];

		p->samples = malloc(o.reps * sizeof(*p->samples));
		p->fastest = malloc(o.reps * sizeof(*p->fastest));
		p->rounds = malloc(o.reps * sizeof(*p->rounds));
		if (p->samples == NULL || p->fastest == NULL || p->rounds == NULL)
			msg_sysdie("cannot allocate %u samples", o.reps);
		if (chase_lines(&c, b.p, (size_t)size, LINE, k) != 0)
			msg_sysdie("cannot lay %u chains over %s", k, mem_size_name(sz, sizeof(sz), size));
		if (chase_time(&c, (uint64_t)sample, o.warmup_ns, o.reps, p->samples, p->rounds,
			       p->fastest) != 0)
			msg_die("a chase of %u chains was corrupted: a link points astray", k);
		if (stats_compute(p->fastest, o.reps, &st) != 0)
			msg_sysdie("statistics");
		p->best = st.min;
		if (p->best < pt[best].best)
			best = k - 1;
	}
	/*
	 * Impossible overlap: the two times were taken in different moments
	 * (another program's traffic in the cache, most often).  Time both
	 * again, one after the other; each keeps its faster pass.
	 */
	for (r = 0; r < RETRIES && pt[0].best / pt[best].best > SLACK * (double)(best + 1); r++) {
		msg_warn("parallelism %.3g with %zu chains is more than they can overlap: timing 1 and %zu chains again",
			 pt[0].best / pt[best].best, best + 1, best + 1);
		retime(&o, &c, &b, size, 1, &pt[0]);
		retime(&o, &c, &b, size, (unsigned)best + 1, &pt[best]);
	}
	if (pt[0].best / pt[best].best > SLACK * (double)(best + 1))
		msg_die("parallelism %.3g with %zu chains is more than they can overlap, after timing both %d more times: the machine is too busy for this measurement",
			pt[0].best / pt[best].best, best + 1, RETRIES);

	if (o.output == OUTPUT_RAW) {
		if (b.advised)
			output_config(stdout, "huge-pages", "asked for");
		else
			output_config(stdout, "huge-pages", "none: %s", b.why);
		output_config(stdout, "best-chains", "%zu", best + 1);
	}
	mem_size_name(sz, sizeof(sz), size);
	for (k = 1; k <= CHASE_MAX_CHAINS; k++) {
		snprintf(name, sizeof(name), "ParMem/chains=%u/size=%s", k, sz);
		bench_report_pairs(&o, name, pt[k - 1].rounds, pt[k - 1].samples, o.reps, "ns/op",
				   pt[k - 1].fastest, "best-ns/op");
	}
	/* Each sample of the best chain count against one chain's fastest. */
	for (r = 0; r < o.reps; r++)
		par[r] = pt[0].best / pt[best].fastest[r];
	snprintf(name, sizeof(name), "ParMem/size=%s", sz);
	bench_report(&o, name, pt[best].rounds, par, o.reps, "x");
	if (o.output == OUTPUT_TEXT)
		printf("  %.3g ns per load with one chain, %.3g with %zu (fastest bursts)\n",
		       pt[0].best, pt[best].best, best + 1);
	for (i = 0; i < CHASE_MAX_CHAINS; i++) {
		free(pt[i].samples);
		free(pt[i].fastest);
		free(pt[i].rounds);
	}
	free(par);
	chase_buf_free(&b);
	return bench_exit_code(MSG_EXIT_OK);
}
