/*
 * lat_ops: latency of basic arithmetic in ns per operation, and how many
 * such operations the CPU overlaps (parallelism, a factor "x").
 *
 * One loop trip is 64 operations.  Latency: the 64 form one chain, each
 * needing the previous result; parallelism: the same 64 spread over K
 * independent chains (K = 2, 4, 8, 16), and the largest time(1 chain) /
 * time(K chains).  Operands are loaded at run time and every result
 * passes through an empty asm the compiler must assume rewrites it, so no
 * chain is folded, merged or vectorized; the final values are stored.
 * mod chains add a constant after each mod (keeping the dividend large):
 * the add latency is subtracted.  bogo is lmbench's bogomflops, x = (1 +
 * x) * (1.5 - x) / x over 1024 independent elements: ns per element.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/msg.h"
#include "core/stats.h"
#include "driver/bench.h"

#define NK 5			/* chain counts 1, 2, 4, 8, 16 */
#define OPS 64			/* operations per loop trip */
#define BOGO_N 1024

struct operands {
	uint64_t ix, ic, id, isink;	/* integers (cast to the kernel's type) */
	double fx, fc, fd, fsink;	/* float and double */
};

struct bogo {
	float f[BOGO_N];
	double d[BOGO_N];
	unsigned i;
};

/*
 * Barriers: no instruction, but the value must sit in a register of its
 * own class, so the compiler cannot fold the chain or pack chains into
 * SIMD lanes.  volatile keeps two chains with equal values from merging.
 */
#if !defined(__GNUC__)
/* No GNU C asm: nothing stops a compiler folding the chains (main warns). */
# define BI(v) ((void)0)
# define BLU(v) BI(v)
# define BLS(v) BI(v)
# define BF(v) BI(v)
# define BD(v) BI(v)
#else
# define BI(v) __asm__ __volatile__("" : "+r"(v))
# if UINTPTR_MAX >= UINT64_MAX
#  define BLU(v) BI(v)
#  define BLS(v) BI(v)
# else
/*
 * A 64-bit "+r" on a 32-bit CPU goes through the stack: pass the halves
 * (and no comma outside parentheses: this expands inside macro arguments).
 */
#  define BL(v, T) do {							\
	uint32_t lo_ = (uint32_t)(v);					\
	uint32_t hi_ = (uint32_t)((uint64_t)(v) >> 32);			\
	__asm__ __volatile__("" : "+r"(lo_), "+r"(hi_));		\
	(v) = (T)((uint64_t)hi_ << 32 | lo_);				\
} while (0)
#  define BLU(v) BL(v, uint64_t)
#  define BLS(v) BL(v, int64_t)
# endif
# if defined(__x86_64__) || (defined(__i386__) && defined(__SSE2_MATH__))
#  define BF(v) __asm__ __volatile__("" : "+x"(v))
#  define BD(v) BF(v)
# elif defined(__aarch64__)
#  define BF(v) __asm__ __volatile__("" : "+w"(v))
#  define BD(v) BF(v)
# elif defined(__arm__) && defined(__VFP_FP__) && !defined(__SOFTFP__)
#  define BF(v) __asm__ __volatile__("" : "+t"(v))
#  define BD(v) __asm__ __volatile__("" : "+w"(v))
# elif defined(__arm__) || (defined(__mips__) && defined(__mips_soft_float))
#  define BF(v) BI(v)
#  define BD(v) BI(v)
# elif defined(__mips__) || defined(__powerpc__)
#  define BF(v) __asm__ __volatile__("" : "+f"(v))
#  define BD(v) BF(v)
# else
#  define BF(v) ((void)0)	/* IEEE rules alone keep the chain intact */
#  define BD(v) BF(v)
# endif
#endif

/* Chain k's steps: two operations each. */
#define S_BIT(k, B) x##k ^= c; B(x##k); x##k ^= d; B(x##k);
#define S_ADD(k, B) x##k += c; B(x##k); x##k += d; B(x##k);
#define S_MUL(k, B) x##k *= c; B(x##k); x##k *= d; B(x##k);
#define S_DIV(k, B) x##k = c / x##k; B(x##k); x##k = d / x##k; B(x##k);
#define S_MOD(k, B) x##k = x##k % c + d; B(x##k); x##k = x##k % c + d; B(x##k);
#define S_FADD(k, B) x##k += c; B(x##k); x##k -= d; B(x##k);
#define DECL(k, T, P) T x##k = (T)(o->P##x + 2 * (k));
/* A sink only consumes its chains: a signed chain wraps into isink, on purpose. */
#define SINK_T_i uint64_t
#define SINK_T_f double
#define SINK(k, T, P) o->P##sink += (SINK_T_##P)x##k;

#define C1(M, a, b) M(0, a, b)
#define C2(M, a, b) C1(M, a, b) M(1, a, b)
#define C4(M, a, b) C2(M, a, b) M(2, a, b) M(3, a, b)
#define C8(M, a, b) C4(M, a, b) M(4, a, b) M(5, a, b) M(6, a, b) M(7, a, b)
#define C16(M, a, b) C8(M, a, b) M(8, a, b) M(9, a, b) M(10, a, b) \
	M(11, a, b) M(12, a, b) M(13, a, b) M(14, a, b) M(15, a, b)
#define STEP(k, S, B) S(k, B)
#define R2(x) x x
#define R4(x) R2(x) R2(x)
#define R8(x) R4(x) R4(x)
#define R16(x) R8(x) R8(x)
#define R32(x) R16(x) R16(x)

/* One loop trip: 32 two-operation steps, shared out over the chains. */
#define KERNEL(fn, T, P, C, R, S, B)					\
static int								\
fn(void *arg, uint64_t n)						\
{									\
	struct operands *o = arg;					\
	const T c = (T)o->P##c, d = (T)o->P##d;				\
	C(DECL, T, P)							\
	while (n-- > 0) {						\
		R(C(STEP, S, B))					\
	}								\
	C(SINK, T, P)							\
	return 0;							\
}
#define KERNELS(name, T, P, S, B)					\
	KERNEL(name##1, T, P, C1, R32, S, B)				\
	KERNEL(name##2, T, P, C2, R16, S, B)				\
	KERNEL(name##4, T, P, C4, R8, S, B)				\
	KERNEL(name##8, T, P, C8, R4, S, B)				\
	KERNEL(name##16, T, P, C16, R2, S, B)
#define K5(name) { name##1, name##2, name##4, name##8, name##16 }

/*
 * A 64-bit div or mod on a 32-bit CPU is a call into the compiler's
 * runtime (__aeabi_ldivmod, __divdi3), tens of cycles or more: there the
 * kernels run the same 64 operations a trip as inner trips of 16 (32
 * for 16 chains), whose counter and branch are lost in the calls' time,
 * and about 7 KB smaller (a static ARM build's size is watched).  j passes
 * through a barrier, so the compiler cannot unroll the inner loop back.
 * Where 64-bit division is an instruction, the kernels stay unrolled.
 */
#if UINTPTR_MAX >= UINT64_MAX
# define KERNELS_DIV64 KERNELS
#else
# define R1(x) x
# define KERNEL_L(fn, T, P, C, R, L, S, B)				\
static int								\
fn(void *arg, uint64_t n)						\
{									\
	struct operands *o = arg;					\
	const T c = (T)o->P##c, d = (T)o->P##d;				\
	unsigned j;							\
	C(DECL, T, P)							\
	while (n-- > 0) {						\
		for (j = L; j-- > 0;) {					\
			BI(j);						\
			R(C(STEP, S, B))				\
		}							\
	}								\
	C(SINK, T, P)							\
	return 0;							\
}
# define KERNELS_DIV64(name, T, P, S, B)				\
	KERNEL_L(name##1, T, P, C1, R8, 4, S, B)			\
	KERNEL_L(name##2, T, P, C2, R4, 4, S, B)			\
	KERNEL_L(name##4, T, P, C4, R2, 4, S, B)			\
	KERNEL_L(name##8, T, P, C8, R1, 4, S, B)			\
	KERNEL_L(name##16, T, P, C16, R1, 2, S, B)
#endif

KERNELS(int_bit, uint32_t, i, S_BIT, BI)
KERNELS(int_add, uint32_t, i, S_ADD, BI)
KERNELS(int_mul, uint32_t, i, S_MUL, BI)
KERNELS(int_div, int32_t, i, S_DIV, BI)
KERNELS(int_mod, int32_t, i, S_MOD, BI)
KERNELS(i64_bit, uint64_t, i, S_BIT, BLU)
KERNELS(i64_add, uint64_t, i, S_ADD, BLU)
KERNELS(i64_mul, uint64_t, i, S_MUL, BLU)
KERNELS_DIV64(i64_div, int64_t, i, S_DIV, BLS)
KERNELS_DIV64(i64_mod, int64_t, i, S_MOD, BLS)
KERNELS(flt_add, float, f, S_FADD, BF)
KERNELS(flt_mul, float, f, S_MUL, BF)
KERNELS(flt_div, float, f, S_DIV, BF)
KERNELS(dbl_add, double, f, S_FADD, BD)
KERNELS(dbl_mul, double, f, S_MUL, BD)
KERNELS(dbl_div, double, f, S_DIV, BD)

/* Independent elements: throughput, as lmbench meant; kept scalar. */
#define BOGO(fn, T, A, B)						\
static int								\
fn(void *arg, uint64_t n)						\
{									\
	struct bogo *g = arg;						\
	unsigned i = g->i;						\
									\
	while (n-- > 0) {						\
		T x = g->A[i];						\
									\
		x = ((T)1 + x) * ((T)1.5 - x) / x;			\
		B(x);							\
		g->A[i] = x;						\
		i = (i + 1) & (BOGO_N - 1);				\
	}								\
	g->i = i;							\
	return 0;							\
}
BOGO(flt_bogo, float, f, BF)
BOGO(dbl_bogo, double, d, BD)

/*
 * Operands: integer multipliers odd (the product never becomes 0, which
 * early-out multipliers would finish sooner); div: c / x with x near
 * sqrt(c), so x oscillates between two values and never reaches 0; mod:
 * x % c + d with d = c * q keeps the quotient near q; float values are
 * exact fixed points (x + 1.5 - 1.5, x * 2 * 0.5) so no chain drifts to
 * infinity or into slow denormals.
 */
static const struct variant {
	const char *type, *op;
	timing_loop_fn k[NK];	/* bogo: k[0] only, one element per trip */
	uint64_t ix, ic, id;
	double fx, fc, fd;
	const char *sub;	/* op whose latency is subtracted, or NULL */
} variants[] = {
	{ "int", "bit", K5(int_bit), 0x12345678, 0x9e3779b1, 0x85ebca77, 0, 0, 0, NULL },
	{ "int", "add", K5(int_add), 0x12345678, 0x9e3779b1, 0x85ebca77, 0, 0, 0, NULL },
	{ "int", "mul", K5(int_mul), 0x12345679, 0x9e3779b1, 0x85ebca77, 0, 0, 0, NULL },
	{ "int", "div", K5(int_div), 32768, 0x3fffffff, 0x3fffffff, 0, 0, 0, NULL },
	{ "int", "mod", K5(int_mod), 800632444, 40009, 800620099, 0, 0, 0, "add" },
	{ "int64", "bit", K5(i64_bit), 0x123456789abcdefull, 0x9e3779b97f4a7c15ull,
	  0xc2b2ae3d27d4eb4full, 0, 0, 0, NULL },
	{ "int64", "add", K5(i64_add), 0x123456789abcdefull, 0x9e3779b97f4a7c15ull,
	  0xc2b2ae3d27d4eb4full, 0, 0, 0, NULL },
	{ "int64", "mul", K5(i64_mul), 0x123456789abcdefull, 0x9e3779b97f4a7c15ull,
	  0xc2b2ae3d27d4eb4full, 0, 0, 0, NULL },
	{ "int64", "div", K5(i64_div), 0x80000000ull, 0x3fffffffffffffffull,
	  0x3fffffffffffffffull, 0, 0, 0, NULL },
	{ "int64", "mod", K5(i64_mod), 3000000040000012345ull, 3000000019ull,
	  3000000040000000133ull, 0, 0, 0, "add" },
	{ "float", "add", K5(flt_add), 0, 0, 0, 1.0, 1.5, 1.5, NULL },
	{ "float", "mul", K5(flt_mul), 0, 0, 0, 1.0, 2.0, 0.5, NULL },
	{ "float", "div", K5(flt_div), 0, 0, 0, 1.41421356, 2.0, 2.0, NULL },
	{ "float", "bogo", { flt_bogo }, 0, 0, 0, 0, 0, 0, NULL },
	{ "double", "add", K5(dbl_add), 0, 0, 0, 1.0, 1.5, 1.5, NULL },
	{ "double", "mul", K5(dbl_mul), 0, 0, 0, 1.0, 2.0, 0.5, NULL },
	{ "double", "div", K5(dbl_div), 0, 0, 0, 1.41421356, 2.0, 2.0, NULL },
	{ "double", "bogo", { dbl_bogo }, 0, 0, 0, 0, 0, 0, NULL },
};
#define NV HB_ARRAY_SIZE(variants)

static unsigned kmax = NK;	/* chain counts used: 1, 2, 4 ... (-k) */
static long long kchains;	/* -k as given */

/* -k: a power of two chains, kept as how many counts of 1, 2, 4 ... */
static void
k_check(const struct bench_prog *p, int letter, const char *arg, void *ctx)
{
	(void)letter, (void)ctx;
	if (kchains & (kchains - 1))
		bench_usage_error(p, "-k: value '%s' is not a power of two; allowed: 1, 2, 4, 8, 16", arg);
	for (kmax = 1; (1 << (kmax - 1)) < kchains; kmax++)
		;
}

static const struct bench_opt opts[] = {
	{ 'k', BENCH_OPT_INT, "chains", 0, 1, 16, NULL, 0,
	  "most chains for parallelism: 1 (none), 2, 4, 8, 16 (default 16)", k_check, &kchains },
};

static const struct bench_prog prog = {
	.name = "lat_ops",
	.args = "[TYPE | OP | TYPE/OP ...]",
	.summary = "lat_ops: latency (ns/op) and parallelism (x) of int, int64, float and double operations",
	.opts = opts,
	.nopts = HB_ARRAY_SIZE(opts),
	.morehelp = "  TYPE         int, int64, float, double; OP: bit, add, mul, div, mod, bogo\n",
	.min_args = 0,
	.max_args = -1,
	.max_parallel = 1,
	.why_parallel = "it times its own chains on one CPU",
	.why_precision = "it times its own chains; use -N",
};

/* Each variant's latency (lower quartile, as reported), for the mod subtraction. */
static double lat_median[NV];
static char measured[NV];

/* Measure variant i; print its results unless quiet.  Returns 0 or -1. */
static int
measure(const struct bench_opts *bo, size_t i, int quiet, double *lat, double *par,
	uint64_t *iters)
{
	const struct variant *v = &variants[i];
	static struct bogo g;
	struct operands o;
	void *arg = &o;
	unsigned nk = v->k[1] != NULL ? kmax : 1, ops = v->k[1] != NULL ? OPS : 1, r, k;
	double sub = 0, t1;
	uint64_t n, ns, start;
	char name[OUTPUT_MAX_NAME];
	struct stats st;

	memset(&o, 0, sizeof(o));
	o.ix = v->ix, o.ic = v->ic, o.id = v->id, o.fx = v->fx, o.fc = v->fc, o.fd = v->fd;
	if (v->k[1] == NULL) {
		for (k = 0; k < BOGO_N; k++)
			g.f[k] = (float)(g.d[k] = 3.14159265 + k / (double)BOGO_N);
		arg = &g;
	}
	if (v->sub != NULL) {
		size_t j;

		for (j = 0; j < NV; j++)
			if (strcmp(variants[j].type, v->type) == 0 && strcmp(variants[j].op, v->sub) == 0)
				break;
		if (j == NV)
			msg_die("%s %s: the table has no %s to subtract", v->type, v->op, v->sub);
		if (!measured[j] && measure(bo, j, 1, lat, par, iters) != 0)
			return -1;
		sub = lat_median[j];
	}
	/*
	 * The chain counts share one sample: each run lasts -T / their number
	 * (one chain's twice).  A preempted calibration run gives too small a
	 * count: take the largest of three.
	 */
	for (n = 0, r = 0; r < 3; r++) {
		if (timing_calibrate(v->k[0], arg, bo->sample_ns / (nk > 1 ? nk + 1 : 1), 0, &ns) != 0)
			return -1;
		if (ns > n)
			n = ns;
	}
	for (start = timing_now(); timing_now() - start < bo->warmup_ns;)
		if (timing_run(v->k[0], arg, n, &ns) != 0)
			return -1;
	/*
	 * lat[r] holds one chain's time, par[r] the shortest time of any
	 * chain count.  Parallelism uses the fastest one-chain run of all
	 * samples: a preempted run then only lowers a sample's value, never
	 * shows impossible parallelism (more than K from K chains).  A
	 * sample times one chain first and again last (its time the faster
	 * of the two): on a busy machine every sample's first run may be
	 * kept from its CPU, and parallelism would then read too high.
	 */
	for (t1 = 0, r = 0; r < bo->reps; r++) {
		for (k = 0; k <= nk; k++) {
			if (k == nk && nk == 1)
				break;	/* one chain count: no second run */
			if (timing_run(v->k[k < nk ? k : 0], arg, n, &ns) != 0)
				return -1;
			if (k == 0)
				lat[r] = par[r] = ns > 0 ? (double)ns : 1;
			else if (k == nk && (double)ns < lat[r])
				lat[r] = ns > 0 ? (double)ns : 1;
			if ((double)ns < par[r])
				par[r] = ns > 0 ? (double)ns : 1;
		}
		if (t1 == 0 || lat[r] < t1)
			t1 = lat[r];
		iters[r] = n * ops;
	}
	for (r = 0; r < bo->reps; r++) {
		par[r] = t1 / par[r];
		lat[r] = lat[r] / ((double)n * ops) - sub;
	}
	if (stats_compute(lat, bo->reps, &st) != 0)
		return -1;
	lat_median[i] = st.q1;
	measured[i] = 1;
	if (quiet)
		return 0;
	snprintf(name, sizeof(name), "LatOps/type=%s/op=%s", v->type, v->op);
	bench_report(bo, name, iters, lat, bo->reps, "ns/op");
	if (nk > 1) {
		snprintf(name, sizeof(name), "ParOps/type=%s/op=%s", v->type, v->op);
		bench_report(bo, name, iters, par, bo->reps, "x");
	}
	return 0;
}

/* Does argument a select variant v?  "int", "add" or "int/add". */
static int
selects(const char *a, const struct variant *v)
{
	size_t tl = strlen(v->type);

	return strcmp(a, v->type) == 0 || strcmp(a, v->op) == 0
		|| (strncmp(a, v->type, tl) == 0 && a[tl] == '/' && strcmp(a + tl + 1, v->op) == 0);
}

int
main(int argc, char **argv)
{
	struct bench_opts o;
	int ai = bench_init(&o, &prog, argc, argv), a;
	int want[NV] = { 0 };
	double *lat, *par;
	uint64_t *iters;
	size_t i;

#if !defined(__GNUC__)
	msg_warn("built without GNU C asm: the compiler may have folded the chains");
#endif
	for (a = ai; a < argc; a++) {
		int hit = 0;

		for (i = 0; i < NV; i++)
			if (selects(argv[a], &variants[i]))
				want[i] = hit = 1;
		if (!hit)
			bench_usage_error(&prog, "unknown operation '%s'; allowed: TYPE (int, int64, float, double), "
					  "OP (bit, add, mul, div, mod, bogo) or TYPE/OP", argv[a]);
	}
	lat = malloc(o.reps * sizeof(*lat));
	par = malloc(o.reps * sizeof(*par));
	iters = malloc(o.reps * sizeof(*iters));
	if (lat == NULL || par == NULL || iters == NULL)
		msg_sysdie("cannot allocate %u samples", o.reps);
	bench_print_config(&o, &prog);
	if (o.output == OUTPUT_RAW)
		output_config(stdout, "chains", "1 .. %u, %u operations per loop trip", 1u << (kmax - 1), OPS);
	for (i = 0; i < NV; i++)
		if ((ai == argc || want[i]) && measure(&o, i, 0, lat, par, iters) != 0)
			msg_sysdie("LatOps/type=%s/op=%s", variants[i].type, variants[i].op);
	free(lat), free(par), free(iters);
	return bench_exit_code(MSG_EXIT_OK);
}
