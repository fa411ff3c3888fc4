/*
 * lat_mem_rd: memory load latency, in ns per load, over a range of sizes.
 *
 * One iteration is one dependent load (p = *p) of a pointer chase through
 * the first SIZE bytes of a buffer, one pointer every STRIDE bytes, in
 * address order or (-t) in a random order that prefetchers cannot follow.
 * Building the chase and one untimed pass over it (which brings the cache
 * to its steady state) happen before timing, for each size.  -H backs the
 * buffer with huge pages (transparent ones asked for with madvise, else
 * hugetlb pages), so that TLB misses drop out of the latency; it checks
 * /proc/self/smaps for how much of the buffer got them.  A SIZE_MB that
 * would take more than half the memory the process may get (mem_fit) is
 * reduced, and the names carry the sizes used.
 *
 * One process (no -P, no -I): every sample is run in bursts of about
 * 50 us (chase_bursts) and is the lower quartile of its bursts, so that a
 * preemption costs a burst, not the sample: a single timing of a 1 ms
 * sample was at the mercy of one time slice.  A stride's whole curve is
 * measured before any of it is printed, then checked (memcheck_curve,
 * with the cache sizes sysfs names): every latency above 0, and no cache
 * level faster than the one before it (L1 <= L2 <= memory, each level's
 * median, 10% tolerance); in random order also no jump of more than 3x
 * between adjacent sizes where no cache ends.  Sizes that fail are
 * measured again, twice at most and at other moments than the first
 * (another program's burst of memory traffic, which lasts longer than a
 * size's few milliseconds, made the random curve jump 6x at 6M and fall
 * back at 7M), each keeping the pass with the lower figure: interference
 * only lengthens a load.  A size still out of level order, or not above
 * 0, is withheld as implausible (exit 3); a jump that stays is reported:
 * a TLB's reach or a cache sysfs does not name can be one.  With -P or
 * -I, bench_run measures each size as it goes (its own checks apply).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/msg.h"
#include "driver/bench.h"
#include "host/memory.h"
#include "mem/chase.h"
#include "mem/memcheck.h"

#define MIN_RANGE 512		/* lmbench's first size */
#define DEFAULT_STRIDE 64
#define MAX_STRIDES 32
/*
 * A walk to 64 MB has 107 sizes: samples are shortened so that one walk
 * samples for about this long in all, but never below SAMPLE_FLOOR_NS
 * (nor above -T).
 */
#define WALK_BUDGET_NS 4000000000.0
#define SAMPLE_FLOOR_NS 1000000u
#define RETRIES 2		/* measurements again of a size that fails a check */

/* One size of a curve measured by the program itself. */
struct size_res {
	size_t range;
	double *ns;		/* per sample: the lower quartile of its bursts, ns per load */
	uint64_t *iters;
	double fig;		/* the samples' summary by their metric's estimator; 0 before */
	int bad;		/* memcheck_curve's verdict */
	char name[OUTPUT_MAX_NAME];
};

struct state {
	unsigned char *buf;
	size_t len;		/* bytes allocated */
	int huge;		/* -H: buf from mem_alloc_huge, of kind */
	enum mem_huge kind;
	size_t range, stride;
	const struct order *order;
	size_t *lines;		/* random order: the visiting order of lines */
	void **cur;		/* where the chase stands between samples */
};

/*
 * Fisher-Yates: a uniformly random order of the n lines; the fixed seed
 * makes every run walk the same way.
 */
static void
shuffle(size_t *line, size_t n)
{
	uint64_t x = 0x9e3779b97f4a7c15ull;
	size_t i;

	for (i = 0; i < n; i++)
		line[i] = i;
	for (i = n; i > 1; i--) {
		size_t j = (size_t)(chase_xorshift(&x) % i), t = line[i - 1];

		line[i - 1] = line[j];
		line[j] = t;
	}
}

/*
 * Sixteen loads per trip: the loop's own count and branch run alongside
 * the chain of loads and add nothing measurable to 16 dependent loads.
 */
#define LOAD1 p = (void **)*p;
#define LOAD4 LOAD1 LOAD1 LOAD1 LOAD1
#define UNROLL 16

static int
loop_chase(void *arg, uint64_t n)
{
	struct state *s = arg;
	void **p = s->cur;
	uint64_t trips = n / UNROLL;

	while (trips-- > 0) {
		LOAD4 LOAD4 LOAD4 LOAD4
	}
	n %= UNROLL;
	while (n-- > 0) {
		LOAD1
	}
	s->cur = p;
	HB_USE(p);
	return 0;
}

static const struct order {
	const char *name;
	int shuffled;		/* lines in random order, else in address order */
} orders[] = {
	{ "stride", 0 },	/* the default */
	{ "random", 1 },	/* -t */
};

/*
 * Link each line of the range to the next one in the order: one cycle
 * through every line.  Then walk it once, untimed.
 */
static void
chase_build(struct state *s)
{
	size_t n = s->range / s->stride, i;

	if (s->order->shuffled)
		shuffle(s->lines, n);
	for (i = 0; i < n; i++) {
		size_t from = s->order->shuffled ? s->lines[i] : i;
		size_t to = s->order->shuffled ? s->lines[(i + 1) % n] : (i + 1) % n;

		*(void **)(s->buf + from * s->stride) = s->buf + to * s->stride;
	}
	s->cur = (void **)(s->buf + (s->order->shuffled ? s->lines[0] : 0) * s->stride);
	loop_chase(s, n);
}

/*
 * A parallel copy is a forked process sharing the parent's pages: its
 * loads would hit lines another copy brought in.  Each copy builds its
 * own chase.
 */
/* Allocate s->len bytes as the first allocation did.  0, or -1 (errno). */
static int
buf_alloc(struct state *s)
{
	s->buf = s->huge ? mem_alloc_huge(s->len, s->kind, NULL, 0) : mem_alloc(s->len);
	return s->buf != NULL ? 0 : -1;
}

static void
buf_free(struct state *s)
{
	if (s->huge)
		mem_free_huge(s->buf, s->len, s->kind);
	else
		mem_free(s->buf);
	s->buf = NULL;
}

static int
copy_init(void *arg)
{
	struct state *s = arg;

	buf_free(s);
	if (buf_alloc(s) != 0)
		return -1;
	chase_build(s);
	return 0;
}

/*
 * -H: a buffer of huge pages, THP first (no reservation needed), then
 * hugetlb.  Where neither is had, exit 77 with the reasons.  Prints what
 * it got as a config line (raw output).
 */
static void
huge_alloc(struct state *s, int raw)
{
	static const struct {
		enum mem_huge kind;
		const char *name;
	} kinds[] = { { MEM_HUGE_THP, "thp" }, { MEM_HUGE_HUGETLB, "hugetlb" } };
	char why[2][160], g[32], l[32];
	int64_t got = -1;
	size_t k;

	s->huge = 1;
	for (k = 0; k < HB_ARRAY_SIZE(kinds); k++) {
		s->kind = kinds[k].kind;
		s->buf = mem_alloc_huge(s->len, s->kind, why[k], sizeof(why[k]));
		if (s->buf == NULL) {
			if (errno != ENOTSUP && errno != ENOMEM)
				msg_sysdie("cannot allocate %zu bytes", s->len);
			continue;
		}
		got = mem_huge_bytes(s->buf, s->len);
		if (got != 0)
			break;
		snprintf(why[k], sizeof(why[k]), "%s granted no huge pages (smaps: 0 kB)",
			 kinds[k].name);
		buf_free(s);
	}
	if (s->buf == NULL)
		msg_exit(MSG_EXIT_UNSUPPORTED, "-H: no huge pages here: %s; %s", why[0], why[1]);
	output_size_name(l, sizeof(l), s->len);
	if (got < 0) {
		msg_warn("-H: %s: cannot read /proc/self/smaps to check", kinds[k].name);
		if (raw)
			output_config(stdout, "huge-pages", "%s, unverified", kinds[k].name);
		return;
	}
	output_size_name(g, sizeof(g), (uint64_t)got);
	if (raw)
		output_config(stdout, "huge-pages", "%s, %s of %s in huge pages (smaps)",
			      kinds[k].name, g, l);
	if ((uint64_t)got < s->len)
		msg_warn("-H: only %s of %s in huge pages", g, l);
}

/* lmbench's sizes: 512, 1K, 2K, 3K, 4K, 2K steps to 32K, then 8 per doubling. */
static size_t
next_range(size_t k)
{
	size_t pow2 = 32768;

	if (k < 1024)
		return 2 * k;
	if (k < 4096)
		return k + 1024;
	while (pow2 <= k)
		pow2 *= 2;
	return k + pow2 / 16;
}

static struct flags {
	int random, huge;	/* -t, -H */
} flags;

static const struct bench_opt opts[] = {
	{ 't', BENCH_OPT_FLAG, NULL, offsetof(struct flags, random), 0, 0, NULL, 0,
	  "random order (defeats prefetchers); default: address order", NULL, NULL },
	{ 'H', BENCH_OPT_FLAG, NULL, offsetof(struct flags, huge), 0, 0, NULL, 0,
	  "huge pages (THP, else hugetlb); exit 77 where none are had", NULL, NULL },
};

/*
 * The largest size (a whole number of MB, else KB) whose buffer and
 * random order (one size_t per line) fit mem_fit's share, or 0.
 */
static uint64_t
fit_size(uint64_t size, size_t stride, int shuffled, unsigned copies)
{
	uint64_t per = shuffled ? stride + sizeof(size_t) : stride;
	uint64_t want = size / stride * per, got;

	got = mem_fit(want, copies, MIN_RANGE, 1);
	if (got == want)
		return size;
	got = got / per * stride;
	if (got >= (1 << 20))
		return got - got % (1 << 20);
	return got >= MIN_RANGE ? got - got % (got >= 1024 ? 1024 : MIN_RANGE) : 0;
}

/*
 * Measure one size as bench_run would (calibrate, warm up, reps samples),
 * every sample the lower quartile of its bursts; keep the pass with the
 * lower figure.
 */
static void
measure_size(struct state *s, const struct bench_opts *o, struct size_res *r)
{
	double *ns = malloc(o->reps * sizeof(*ns)), fig;
	uint64_t *iters = malloc(o->reps * sizeof(*iters)), n, start, burst;
	unsigned i;

	if (ns == NULL || iters == NULL)
		msg_sysdie("cannot allocate %u samples", o->reps);
	s->range = r->range;
	chase_build(s);
	/* Calibration runs the chase many times: the first warm-up. */
	if (timing_calibrate(loop_chase, s, o->sample_ns, 0, &n) != 0)
		msg_sysdie("%s", r->name);
	burst = chase_burst_iters(n, o->sample_ns);
	for (start = timing_now(); timing_now() - start < o->warmup_ns;)
		loop_chase(s, burst);
	for (i = 0; i < o->reps; i++) {
		if (chase_bursts(loop_chase, s, n, burst, 1, NULL, &ns[i], NULL) != 0)
			msg_sysdie("%s", r->name);
		iters[i] = n;
	}
	fig = bench_summary(r->name, "ns/op", ns, NULL, o->reps);
	if (r->fig <= 0 || fig < r->fig) {
		free(r->ns), free(r->iters);
		r->ns = ns, r->iters = iters, r->fig = fig;
	} else {
		free(ns), free(iters);
	}
}

/*
 * The curve of one stride, by the program itself: every size, then the
 * checks, then sizes again, then the report.
 */
static void
curve(struct state *s, const struct bench_opts *o, size_t stride, uint64_t size,
      const double *bound, size_t nb)
{
	static struct size_res res[MEMCHECK_MAX_POINTS];
	double x[MEMCHECK_MAX_POINTS], y[MEMCHECK_MAX_POINTS];
	int bad[MEMCHECK_MAX_POINTS];
	char why[256], sz[32];
	size_t n = 0, i, r, nbad;
	unsigned pass;

	s->stride = stride;
	for (r = MIN_RANGE; r <= size && n < MEMCHECK_MAX_POINTS; r = next_range(r)) {
		if (r < stride)
			continue;
		memset(&res[n], 0, sizeof(res[n]));
		res[n].range = r;
		snprintf(res[n].name, sizeof(res[n].name), "LatMemRd/order=%s/stride=%zu%s/size=%s",
			 s->order->name, stride, s->huge ? "/pages=huge" : "",
			 output_size_name(sz, sizeof(sz), r));
		measure_size(s, o, &res[n]);
		n++;
	}
	for (pass = 0; pass <= RETRIES; pass++) {
		for (i = 0; i < n; i++) {
			x[i] = (double)res[i].range;
			y[i] = res[i].fig;
		}
		nbad = memcheck_curve(x, y, n, bound, nb, s->order->shuffled, bad, why, sizeof(why));
		for (i = 0; i < n; i++)
			res[i].bad = bad[i];
		if (nbad == 0 || pass == RETRIES)
			break;
		msg_warn("%s: measuring %zu size%s again", why, nbad, nbad > 1 ? "s" : "");
		for (i = 0; i < n; i++)
			if (bad[i] != MEMCHECK_OK)
				measure_size(s, o, &res[i]);
	}
	for (i = 0; i < n; i++) {
		if (res[i].bad == MEMCHECK_BAD)
			bench_withhold(res[i].name, "%.3g ns per load: %s, after measuring %d more times",
				       res[i].fig, why, RETRIES);
		else
			bench_report(o, res[i].name, res[i].iters, res[i].ns, o->reps, "ns/op");
		free(res[i].ns);
		free(res[i].iters);
	}
}

static const struct bench_prog prog = {
	.name = "lat_mem_rd",
	.args = "SIZE_MB [STRIDE...]",
	.summary = "lat_mem_rd: memory load latency in ns per load, by size",
	.opts = opts,
	.nopts = HB_ARRAY_SIZE(opts),
	.ctx = &flags,
	.min_args = 1,
	.max_args = 1 + MAX_STRIDES,
};

int
main(int argc, char **argv)
{
	const uint64_t max_size = sizeof(size_t) > 4 ? (uint64_t)1 << 40 : (uint64_t)1 << 30;
	struct bench_opts o, run;
	/* static: its buffers stay reachable until exit, on every path. */
	static struct state s;
	size_t strides[MAX_STRIDES], nstrides = 0, nsizes = 0, i, r, minstride;
	uint64_t size, got;
	double sample;
	int ai = bench_init(&o, &prog, argc, argv);
	const char *sa = argv[ai];

	/* lmbench's SIZE_MB is a number of megabytes; a suffix gives bytes. */
	if (sa[0] != '\0' && strspn(sa, "0123456789") == strlen(sa))
		size = (uint64_t)bench_arg_int(&prog, "SIZE_MB", sa, 1,
					       (long long)(max_size >> 20)) << 20;
	else
		size = bench_arg_size(&prog, "SIZE_MB", sa, MIN_RANGE, max_size);
	for (i = (size_t)ai + 1; i < (size_t)argc; i++) {
		uint64_t st = bench_arg_size(&prog, "STRIDE", argv[i], sizeof(void *), size);

		if (st % sizeof(void *) != 0)
			bench_usage_error(&prog, "STRIDE: value '%s' is not a multiple of the pointer size, %u",
					  argv[i], (unsigned)sizeof(void *));
		strides[nstrides++] = (size_t)st;
	}
	if (nstrides == 0)
		strides[nstrides++] = DEFAULT_STRIDE;
	memset(&s, 0, sizeof(s));
	s.order = &orders[flags.random];
	for (i = 1, minstride = strides[0]; i < nstrides; i++)
		if (strides[i] < minstride)
			minstride = strides[i];
	/* Parallel copies each allocate their own, while the parent keeps its. */
	got = fit_size(size, minstride, s.order->shuffled, o.parallel > 1 ? o.parallel + 1 : 1);
	if (got == 0)
		msg_die("SIZE_MB %s: not even %d bytes fit in %d%% of the %llu bytes of memory available",
			sa, MIN_RANGE, MEM_SHARE_PCT, (unsigned long long)mem_available());
	bench_print_config(&o, &prog);
	if (got < size) {
		mem_report_reduced(o.output == OUTPUT_RAW ? stdout : NULL, prog.name, "SIZE_MB",
				   size, got);
		size = got;
	}
	s.len = (size_t)size;
	if (flags.huge)
		huge_alloc(&s, o.output == OUTPUT_RAW);
	else if (buf_alloc(&s) != 0)
		msg_sysdie("SIZE_MB %s: cannot allocate %llu bytes", sa, (unsigned long long)size);
	if (s.order->shuffled) {
		size_t most = (size_t)size / minstride;

		if ((s.lines = malloc(most * sizeof(*s.lines))) == NULL)
			msg_sysdie("cannot allocate the order of %zu lines", most);
	}

	for (i = 0; i < nstrides; i++)
		for (r = MIN_RANGE; r <= size; r = next_range(r))
			nsizes += r >= strides[i];
	run = o;
	sample = WALK_BUDGET_NS / ((double)nsizes * o.reps);
	if (sample < SAMPLE_FLOOR_NS)
		sample = SAMPLE_FLOOR_NS;
	if (sample < (double)run.sample_ns)
		run.sample_ns = (uint64_t)sample;

	if (run.parallel <= 1 && run.precision_pct <= 0) {
		struct chase_cache sys[CHASE_MAX_CACHES];
		double bound[CHASE_MAX_CACHES];
		size_t nb = chase_sysfs_caches(sys, CHASE_MAX_CACHES), k;

		for (k = 0; k < nb; k++)
			bound[k] = (double)sys[k].size;
		/* Not ordered by size (two caches at one level): no levels to compare. */
		for (k = 1; k < nb; k++)
			if (!(bound[k] > bound[k - 1]))
				nb = 0;
		for (i = 0; i < nstrides; i++)
			curve(&s, &run, strides[i], size, bound, nb);
		msg_flush();
		return bench_exit_code(MSG_EXIT_OK);
	}
	for (i = 0; i < nstrides; i++) {
		for (r = MIN_RANGE; r <= size; r = next_range(r)) {
			char name[OUTPUT_MAX_NAME], sz[32];
			struct bench_case c;

			if (r < strides[i])
				continue;
			s.range = r;
			s.stride = strides[i];
			chase_build(&s);
			snprintf(name, sizeof(name), "LatMemRd/order=%s/stride=%zu%s/size=%s",
				 s.order->name, s.stride, s.huge ? "/pages=huge" : "",
				 output_size_name(sz, sizeof(sz), r));
			memset(&c, 0, sizeof(c));
			c.name = name;
			c.loop = loop_chase;
			c.arg = &s;
			c.copy_init = copy_init;
			if (bench_run(&run, &prog, &c) != 0)
				return MSG_EXIT_FAIL;
		}
	}
	return bench_exit_code(MSG_EXIT_OK);
}
