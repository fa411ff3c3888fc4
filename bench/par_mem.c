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
 * curve k = 1 .. 16 finds the best k (the lowest time per load).  The
 * parallelism is the time per load of one chain over that of the best k
 * (lmbench's "Memory load parallelism"), from a second measurement in
 * which the same lines serve as one chain and as k chains in turn
 * (chase_join), burst for burst, each sample's two times being the lower
 * quartiles of their bursts.  Measured one after the other, the two
 * times met different machines: a program that started in between, or
 * one that streams through the shared last cache and evicts the lines a
 * slow single chain revisits rarely but not those k chains revisit
 * often: ratios of 77 to 150 with 16 chains came from that.  Taken in
 * turn, both see the same cache and the same neighbours; the lower
 * quartile drops the bursts a preemption lengthened, on both sides.
 * k chains cannot overlap more than k loads: a parallelism above k (by
 * 5%, memcheck.h), or below 0.5, is measured again (up to RETRIES more
 * times), then withheld as implausible (exit 3).  SIZE should be far
 * beyond the last cache.  Laying the chains, calibrating (which warms
 * them) and a pass after timing that checks every link are outside
 * timing.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/msg.h"
#include "core/stats.h"
#include "driver/bench.h"
#include "host/memory.h"
#include "mem/chase.h"
#include "mem/memcheck.h"

#define DEFAULT_SIZE (64u << 20)	/* lmbench's */
#define HINT_MAX (128u << 20)
#define MIN_SIZE (64u << 10)
#define LINE 64			/* one slot per line: the usual line, or a multiple of it */
#define RETRIES 2		/* measurements again of an impossible parallelism */

struct point {
	double *samples, *low;	/* ns per load: samples, their bursts' lower quartiles */
	uint64_t *rounds;
};

/*
 * The parallelism of k chains laid in b: reps samples of one chain's
 * time per load over k chains', in par[].  Returns whether all are
 * possible (why says why not).
 */
static int
pair(const struct bench_opts *o, const struct chase_buf *b, uint64_t size, unsigned k,
     double *par, uint64_t *rounds, double *t1, double *tk, char *why, size_t len)
{
	struct chase c;
	uint64_t *r1 = malloc(o->reps * sizeof(*r1));
	double *a = malloc(o->reps * sizeof(*a)), *z = malloc(o->reps * sizeof(*z));
	struct stats st1, stk;
	char sz[32];
	unsigned r;
	int good = 1;

	if (r1 == NULL || a == NULL || z == NULL)
		msg_sysdie("cannot allocate %u samples", o->reps);
	if (chase_lines(&c, b->p, (size_t)size, LINE, k) != 0)
		msg_sysdie("cannot lay %u chains over %s", k, output_size_name(sz, sizeof(sz), size));
	if (chase_time_pair(&c, (uint64_t)o->sample_ns, o->warmup_ns, o->reps, a, r1, z, rounds) != 0)
		msg_die("a chase of %u chains was corrupted: a link points astray", k);
	for (r = 0; r < o->reps; r++) {
		par[r] = a[r] / z[r];
		if (good && !memcheck_par(par[r], k, why, len))
			good = 0;
	}
	if (stats_compute(a, o->reps, &st1) != 0 || stats_compute(z, o->reps, &stk) != 0)
		msg_sysdie("statistics");
	*t1 = st1.median;
	*tk = stk.median;
	free(r1), free(a), free(z);
	return good;
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
	char name[OUTPUT_MAX_NAME], sz[32], why[160];
	double *par, low[CHASE_MAX_CHAINS], t1, tk;
	uint64_t want, size, *prounds;
	size_t nsys = chase_sysfs_caches(sys, CHASE_MAX_CACHES), best = 0, i;
	unsigned k, r;
	struct chase_buf b;
	int ai = bench_init(&o, &prog, argc, argv), good;

	if (ai < argc) {
		/* As lat_mem_rd's: the suite walks 4 x a server's last-level cache. */
		want = bench_arg_size(&prog, "SIZE", argv[ai], MIN_SIZE,
				      sizeof(size_t) > 4 ? (uint64_t)1 << 40 : (uint64_t)1 << 30);
	} else {
		want = DEFAULT_SIZE;
		if (nsys > 0 && sys[nsys - 1].size * 4 > want)
			want = sys[nsys - 1].size * 4 < HINT_MAX ? sys[nsys - 1].size * 4 : HINT_MAX;
	}
	if ((size = mem_fit(want, 1, MIN_SIZE, MIN_SIZE)) == 0)
		msg_die("SIZE %s: not even %uK fits in the memory available",
			output_size_name(sz, sizeof(sz), want), MIN_SIZE >> 10);
	bench_print_config(&o, &prog);
	if (size < want)
		mem_report_reduced(o.output == OUTPUT_RAW ? stdout : NULL, prog.name, "SIZE", want, size);
	/* Huge pages: a TLB miss on every load would be a second, serial cost. */
	if (chase_buf_alloc(&b, (size_t)size, 1) != 0)
		msg_sysdie("cannot allocate %s", output_size_name(sz, sizeof(sz), size));
	par = malloc(o.reps * sizeof(*par));
	prounds = malloc(o.reps * sizeof(*prounds));
	if (par == NULL || prounds == NULL)
		msg_sysdie("cannot allocate %u samples", o.reps);

	for (k = 1; k <= CHASE_MAX_CHAINS; k++) {
		struct point *p = &pt[k - 1];

		p->samples = malloc(o.reps * sizeof(*p->samples));
		p->low = malloc(o.reps * sizeof(*p->low));
		p->rounds = malloc(o.reps * sizeof(*p->rounds));
		if (p->samples == NULL || p->low == NULL || p->rounds == NULL)
			msg_sysdie("cannot allocate %u samples", o.reps);
		if (chase_lines(&c, b.p, (size_t)size, LINE, k) != 0)
			msg_sysdie("cannot lay %u chains over %s", k, output_size_name(sz, sizeof(sz), size));
		if (chase_time(&c, (uint64_t)o.sample_ns, o.warmup_ns, o.reps, p->samples, p->rounds,
			       p->low) != 0)
			msg_die("a chase of %u chains was corrupted: a link points astray", k);
		/* The lower quartile of the samples' lower quartiles: no preempted burst in it. */
		if (stats_compute(p->low, o.reps, &st) != 0)
			msg_sysdie("statistics");
		low[k - 1] = st.q1;
		if (low[k - 1] < low[best])
			best = k - 1;
	}
	good = pair(&o, &b, size, (unsigned)best + 1, par, prounds, &t1, &tk, why, sizeof(why));
	for (r = 0; r < RETRIES && !good; r++) {
		msg_warn("%s: measuring 1 and %zu chains again", why, best + 1);
		good = pair(&o, &b, size, (unsigned)best + 1, par, prounds, &t1, &tk, why, sizeof(why));
	}

	if (o.output == OUTPUT_RAW) {
		if (b.advised)
			output_config(stdout, "huge-pages", "asked for");
		else
			output_config(stdout, "huge-pages", "none: %s", b.why);
		output_config(stdout, "best-chains", "%zu", best + 1);
	}
	output_size_name(sz, sizeof(sz), size);
	for (k = 1; k <= CHASE_MAX_CHAINS; k++) {
		snprintf(name, sizeof(name), "ParMem/chains=%u/size=%s", k, sz);
		bench_report_pairs(&o, name, pt[k - 1].rounds, pt[k - 1].samples, o.reps, "ns/op",
				   pt[k - 1].low, "best-ns/op");
	}
	snprintf(name, sizeof(name), "ParMem/size=%s", sz);
	if (!good) {
		bench_withhold(name, "%s, after measuring %d more times", why, RETRIES);
	} else {
		bench_report(&o, name, prounds, par, o.reps, "x");
		if (o.output == OUTPUT_TEXT)
			printf("  %.3g ns per load with one chain, %.3g with %zu (lower quartiles of bursts taken in turn)\n",
			       t1, tk, best + 1);
	}
	for (i = 0; i < CHASE_MAX_CHAINS; i++) {
		free(pt[i].samples);
		free(pt[i].low);
		free(pt[i].rounds);
	}
	free(par);
	free(prounds);
	chase_buf_free(&b);
	return bench_exit_code(MSG_EXIT_OK);
}
