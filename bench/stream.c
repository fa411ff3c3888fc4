/*
 * stream: John McCalpin's STREAM kernels on arrays of doubles, in MB/s
 * (10^6 bytes per second), counted as STREAM counts them: the bytes each
 * kernel names, 8 per double read or written (no write-allocate traffic).
 *
 *   version 1: copy  c = a          2 arrays     scale b = q * c   2 arrays
 *              add   c = a + b      3 arrays     triad a = b + q*c 3 arrays
 *   version 2: fill  a = q          1 array      copy  c = a       2 arrays
 *              daxpy a = a + q * b  3 arrays     sum   s += a      1 array
 *
 * One iteration is one pass of a kernel over the arrays.  Each array is
 * -M bytes; by default four times the last-level cache, at least 8M, as
 * STREAM asks (lib/host/memory: mem_bw_size), within half the memory the process
 * may get (mem_fit: a size that does not fit is reduced and recorded).
 * Arrays under four times the last-level cache (recorded as "llc:") are
 * cache-sized: the caches hold part or all of them, and the result names
 * say so with "/in=cache" (Stream/op=copy/size=8M/in=cache).  Allocating and
 * filling the arrays is outside the timing.  Every element of an array
 * holds the same value, so the value each kernel leaves is known: a few
 * elements are checked after every sample, and after the runs every
 * element is checked as STREAM does; a wrong value fails the run (exit 1).
 */
#include "config.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/metric.h"
#include "core/msg.h"
#include "driver/bench.h"
#include "host/memory.h"

#define SCALAR 3.0
#define MIN_SIZE 1024

struct state {
	double *a, *b, *c;
	size_t n;		/* elements per array */
	double av, bv, cv;	/* the value every element of a, b, c holds */
	double sum;		/* sum: the last pass's result */
};

/*
 * The kernels, one pass each.  The arrays hold whole blocks of eight
 * doubles, so the body runs eight times per trip with no remainder:
 * straight-line code the compiler's SLP vectorizer turns into vector
 * loads and stores at -O2 (a plain loop of unknown length it leaves
 * scalar there), as STREAM's fixed-size arrays get.  restrict rules out
 * overlap; HB_USE (a memory barrier) keeps passes apart, so every pass
 * stores what it counts.
 */
#define BLOCK 8
#define KERNEL(fn, body)						\
static double								\
fn(double *restrict a, double *restrict b, double *restrict c, size_t n) \
{									\
	size_t i, j;							\
									\
	for (j = 0; j < n; j += BLOCK) {				\
		i = j; body; i++; body; i++; body; i++; body;		\
		i++; body; i++; body; i++; body; i++; body;		\
	}								\
	HB_USE(a);							\
	HB_USE(b);							\
	HB_USE(c);							\
	return 0;							\
}

KERNEL(k_copy, c[i] = a[i])
KERNEL(k_scale, b[i] = SCALAR * c[i])
KERNEL(k_add, c[i] = a[i] + b[i])
KERNEL(k_triad, a[i] = b[i] + SCALAR * c[i])
KERNEL(k_fill, a[i] = SCALAR)
KERNEL(k_daxpy, a[i] = a[i] + SCALAR * b[i])

/* Four partial sums, as a compiler would make of a vectorized sum. */
static double
k_sum(double *restrict a, double *restrict b, double *restrict c, size_t n)
{
	double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
	size_t i;

	(void)b;
	(void)c;
	for (i = 0; i < n; i += 4) {
		s0 += a[i];
		s1 += a[i + 1];
		s2 += a[i + 2];
		s3 += a[i + 3];
	}
	return (s0 + s1) + (s2 + s3);
}

/*
 * What a pass leaves, on the scalars: the same operations in the same
 * order as on every element.  daxpy accumulates, the others do not.
 */
static void
e_copy(struct state *s) { s->cv = s->av; }
static void
e_scale(struct state *s) { s->bv = SCALAR * s->cv; }
static void
e_add(struct state *s) { s->cv = s->av + s->bv; }
static void
e_triad(struct state *s) { s->av = s->bv + SCALAR * s->cv; }
static void
e_fill(struct state *s) { s->av = SCALAR; }
static void
e_daxpy(struct state *s) { s->av = s->av + SCALAR * s->bv; }
static void
e_sum(struct state *s) { (void)s; }

/* |x - want| within STREAM's tolerance (relative 1e-13), or exact at 0. */
static int
close_to(double x, double want)
{
	return want == 0 ? x == 0 : fabs(x - want) <= 1e-13 * fabs(want);
}

/* Elements first, middle and last of each array hold what they should. */
static int
spot_check(const struct state *s)
{
	size_t at[3], i;

	at[0] = 0;
	at[1] = s->n / 2;
	at[2] = s->n - 1;
	for (i = 0; i < 3; i++)
		if (!close_to(s->a[at[i]], s->av) || !close_to(s->b[at[i]], s->bv)
		    || !close_to(s->c[at[i]], s->cv))
			return -1;
	return 0;
}

/* sum's result: n equal values, to within n roundings. */
static int
sum_check(const struct state *s)
{
	double want = (double)s->n * s->av;

	return fabs(s->sum - want) <= (double)s->n * DBL_EPSILON * fabs(want) ? 0 : -1;
}

static const struct kernel {
	unsigned version;
	const char *op;
	double (*pass)(double *restrict, double *restrict, double *restrict, size_t);
	void (*expect)(struct state *);
	unsigned arrays;	/* arrays read or written: bytes = 8 * n * arrays */
	int accumulates;	/* each pass changes what the next one leaves */
} kernels[] = {
	{ 1, "copy", k_copy, e_copy, 2, 0 },
	{ 1, "scale", k_scale, e_scale, 2, 0 },
	{ 1, "add", k_add, e_add, 3, 0 },
	{ 1, "triad", k_triad, e_triad, 3, 0 },
	{ 2, "fill", k_fill, e_fill, 1, 0 },
	{ 2, "copy", k_copy, e_copy, 2, 0 },
	{ 2, "daxpy", k_daxpy, e_daxpy, 3, 1 },
	{ 2, "sum", k_sum, e_sum, 1, 0 },
};

static struct state state;
static const struct kernel *current;

static int
loop(void *arg, uint64_t n)
{
	struct state *s = arg;
	uint64_t k = current->accumulates ? n : n > 0;

	while (n-- > 0) {
		s->sum = current->pass(s->a, s->b, s->c, s->n);
		HB_USE(&s->sum);
	}
	while (k-- > 0)
		current->expect(s);
	if (spot_check(s) != 0 || (current->pass == k_sum && sum_check(s) != 0)) {
		msg_warn("%s: wrong values after the pass (a[0] %g b[0] %g c[0] %g sum %g,"
			 " want %g %g %g sum %g)", current->op, s->a[0], s->b[0], s->c[0], s->sum,
			 s->av, s->bv, s->cv, (double)s->n * s->av);
		errno = 0;
		return -1;
	}
	return 0;
}

/* Allocate the arrays (page-aligned, mapped) and set them to av, bv, cv. */
static int
arrays_alloc(struct state *s)
{
	double *p[3];
	const double v[3] = { s->av, s->bv, s->cv };
	size_t i, j;

	for (i = 0; i < 3; i++) {
		p[i] = mem_alloc(s->n * sizeof(double));
		if (p[i] == NULL) {
			while (i-- > 0)
				mem_free(p[i]);
			return -1;
		}
		for (j = 0; j < s->n; j++)
			p[i][j] = v[i];
	}
	s->a = p[0];
	s->b = p[1];
	s->c = p[2];
	return 0;
}

/*
 * A parallel copy would share the parent's pages until its first store
 * (a fault per page inside the timing): each copy gets arrays of its own
 * with the same values.
 */
static int
copy_init(void *arg)
{
	struct state *s = arg;

	mem_free(s->a);
	mem_free(s->b);
	mem_free(s->c);
	return arrays_alloc(s);
}

static long long version = 1;	/* -v */
static uint64_t array_size;	/* -M; 0: from the cache size */

static const struct bench_opt opts[] = {
	{ 'v', BENCH_OPT_INT, "1|2", 0, 1, 2, NULL, 0, "STREAM kernels (1, default) or STREAM2's (2)",
	  NULL, &version },
	{ 'M', BENCH_OPT_SIZE, "SIZE", 0, MIN_SIZE, sizeof(size_t) > 4 ? 1099511627776.0 : 536870912.0,
	  NULL, BLOCK * sizeof(double), "bytes per array, a multiple of 64 (3 arrays; default: 4 x\n"
	  "the last-level cache, at least 8M, within half the memory available)", NULL, &array_size },
};

static const struct bench_prog prog = {
	.name = "stream",
	.args = "",
	.summary = "stream: STREAM copy, scale, add, triad (-v 2: fill, copy, daxpy, sum) in MB/s",
	.opts = opts,
	.nopts = HB_ARRAY_SIZE(opts),
	.min_args = 0,
	.max_args = 0,
};

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct state *s = &state;
	uint64_t want, got = 0;
	struct mem_llc llc;
	const uint64_t units[] = { 1 << 20, 1 << 10, BLOCK * sizeof(double) };
	unsigned copies;
	size_t i, j;
	char sz[32], why[256];
	int ai, cache;

	ai = bench_init(&o, &prog, argc, argv);
	(void)ai;
	if (mem_llc(&llc) != 0)
		bench_usage_error(&prog, "%s", mem_llc_env_error(why, sizeof(why)));
	want = array_size;
	if (want == 0)
		want = mem_bw_size(&llc, o.parallel > 1 ? o.parallel : 1);
	/* Whole blocks; parallel copies each have their own three arrays. */
	want -= want % (BLOCK * sizeof(double));
	copies = o.parallel > 1 ? o.parallel + 1 : 1;
	for (i = 0; got == 0 && i < HB_ARRAY_SIZE(units); i++)
		got = mem_fit(want, 3 * copies, MIN_SIZE, units[i]);
	if (got == 0)
		msg_die("not even 3 arrays of %d bytes fit in %d%% of the %llu bytes of memory available",
			MIN_SIZE, MEM_SHARE_PCT, (unsigned long long)mem_available());
	bench_print_config(&o, &prog);
	if (got < want)
		mem_report_reduced(o.output == OUTPUT_RAW ? stdout : NULL, prog.name,
				   "array size", want, got);
	s->n = (size_t)(got / sizeof(double));
	/* Each copy runs on arrays of its own: -P copies use up to P caches. */
	cache = mem_cache_sized(&llc, o.parallel > 1 ? o.parallel : 1, got);
	if (o.output == OUTPUT_RAW) {
		output_config(stdout, "llc", "%s", mem_llc_name(why, sizeof(why), &llc));
		output_config(stdout, "array-size", "%llu doubles (%s) per array, 3 arrays",
			      (unsigned long long)s->n, output_size_name(sz, sizeof(sz), got));
	}
	/* STREAM's starting values. */
	s->av = 1.0;
	s->bv = 2.0;
	s->cv = 0.0;
	if (arrays_alloc(s) != 0)
		msg_sysdie("cannot allocate 3 arrays of %llu bytes", (unsigned long long)got);

	output_size_name(sz, sizeof(sz), got);
	for (i = 0; i < HB_ARRAY_SIZE(kernels); i++) {
		char name[OUTPUT_MAX_NAME];
		struct bench_case c;

		if (kernels[i].version != (unsigned)version)
			continue;
		current = &kernels[i];
		snprintf(name, sizeof(name), "%s/op=%s/size=%s%s", version == 1 ? "Stream" : "Stream2",
			 current->op, sz, cache ? "/" METRIC_CACHE_PART : "");
		memset(&c, 0, sizeof(c));
		c.name = name;
		c.loop = loop;
		c.arg = s;
		c.bytes_per_op = (double)s->n * sizeof(double) * current->arrays;
		c.copy_init = copy_init;
		if (bench_run(&o, &prog, &c) != 0)
			return MSG_EXIT_FAIL;
	}

	/* STREAM's check: every element, after all the runs. */
	if (o.parallel == 1)
		for (j = 0; j < s->n; j++)
			if (!close_to(s->a[j], s->av) || !close_to(s->b[j], s->bv)
			    || !close_to(s->c[j], s->cv))
				msg_die("verification failed at element %zu: a %g b %g c %g, want %g %g %g",
					j, s->a[j], s->b[j], s->c[j], s->av, s->bv, s->cv);
	return bench_exit_code(MSG_EXIT_OK);
}
