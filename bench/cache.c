/*
 * cache: the line size, and the size and load latency of each level of
 * data cache, found from the latency of a random pointer chase (bytes,
 * ns per load).
 *
 * One iteration is one dependent load of a chase that visits one slot
 * per STRIDE bytes of a buffer in a random order.  First the line size:
 * chases at strides from the pointer size to 512 bytes through 128 KB
 * (beyond a first-level cache, within a second), 1 KB blocks in a random
 * order and the slots of a block in a random order before the next: while
 * the stride is below the line, the loads of a line come together and
 * only the first misses, so a load costs more as the stride grows, and
 * the same from the line size on.  The line is the stride with the
 * steepest rise over the stride before (at least 15%), not the last
 * rise: prefetchers fetch the lines next to a miss, which helps most
 * where a block's slots are dense, so past the line the curve still
 * creeps up as they thin out (here 2.5, 2.5, 3.0, 3.5 ns at 64 .. 512),
 * and "the last rise of 15%" read that creep as a 256-byte line one run
 * and found none the next.  Then the curve: a chase at the line size
 * through each size from 512 bytes to MAXSIZE, four sizes per doubling;
 * a level ends in the rise from its plateau to the next (levels_of says
 * how plateaus and rises are told apart), and every rise is measured
 * again before it is believed.  Every point is the lower quartile of its samples,
 * each the lower quartile of its bursts (chase_bursts): a preempted
 * burst or sample drops out, and the luck of the single fastest burst,
 * which moved a knee from run to run, does not count.
 * Checked (memcheck.h): the line is a power of two, and where sysfs
 * names the line (coherency_line_size), or else the auxiliary vector
 * (AT_DCACHEBSIZE), it is that; the levels grow; each level is, within
 * one size of the walk, the size sysfs names for its cache.  A
 * line or curve that fails is measured again (twice at most, each point
 * keeping its lower time); a line still not a power of two, or levels
 * that do not grow, are withheld (exit 3), and so is a line that still
 * disagrees with sysfs (the walk goes on at sysfs's line), and a level
 * of a cache of this CPU alone still another size than sysfs's after
 * its sizes are measured again; what sysfs says is recorded beside
 * (config line sysfs-cache).  The last cache is shared with other CPUs
 * and, in a VM, other guests, and the share of it a walk keeps is what
 * the curve shows (3 to 12M of a 32M L3): reported, with a note naming
 * both sizes.
 * Laying a chase, calibrating (which warms the caches with it) and a
 * pass after timing that checks every link are outside timing.  The buffer asks for transparent huge pages, so that
 * TLB misses do not add steps of their own; tlb(1) measures those.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef HAVE_SYS_AUXV_H
# include <sys/auxv.h>
#endif

#include "core/msg.h"
#include "core/stats.h"
#include "driver/bench.h"
#include "host/memory.h"
#include "mem/chase.h"
#include "mem/knee.h"
#include "mem/memcheck.h"

#define LINE_BUF (128u << 10)	/* the line test's buffer */
#define MAX_STRIDE 512
#define LINE_BLOCK (2 * MAX_STRIDE)
#define DEFAULT_LINE 64		/* the walk's stride when no line size is found */
#define DEFAULT_MAX (32u << 20)	/* lmbench's */
#define HINT_MAX (128u << 20)	/* the most a default reaches for a large cache */
#define MIN_SIZE 512
#define JUMP 0.25		/* a step: 25% up within one doubling */
#define LEVEL_RISE 0.5		/* a cache behind another costs half as much again, at least */
#define GROW 0.15		/* the line: a rise of 15% at least */
#define RETRIES 2		/* measurements again of a line or curve that fails a check */
#define MAX_LEVELS 8
#define MAX_POINTS 128
/* Spread this much sampling over the whole run, above a floor per sample. */
#define RUN_BUDGET_NS 4000000000.0
#define SAMPLE_FLOOR_NS 1000000u

struct point {
	size_t stride, size;
	int blocked;		/* the line test's order: block by block */
	double *ns, *fastest;	/* samples, their bursts' lower quartiles (ns per load) */
	double best;		/* the figure of the point: their lower quartile; 0 before */
	uint64_t *rounds;
};

static struct opts {
	uint64_t line, max;	/* 0: find, default */
} opt;

static struct point points[MAX_POINTS];
static size_t npoints;

static void
add_point(size_t stride, size_t size, int blocked)
{
	struct point *p = &points[npoints++];

	p->blocked = blocked;
	p->stride = stride;
	p->size = size;
}

/*
 * Time point p; die (exit 1, nothing printed) when its chase is corrupted.
 * The levels are found from the lower quartile of the samples' lower
 * quartiles of bursts (chase_time): on a shared machine noise only ever
 * adds time, and a median of a few samples of which some were preempted
 * can land anywhere.
 */
static void
measure(struct point *p, void *buf, const struct bench_opts *o, uint64_t sample_ns)
{
	struct chase c;
	struct stats st;
	double *ns = malloc(o->reps * sizeof(*ns)), *low = malloc(o->reps * sizeof(*low));
	uint64_t *rounds = malloc(o->reps * sizeof(*rounds));

	if (ns == NULL || low == NULL || rounds == NULL)
		msg_sysdie("cannot allocate %u samples", o->reps);
	if ((p->blocked ? chase_blocks(&c, buf, p->size, p->stride, LINE_BLOCK)
			: chase_lines(&c, buf, p->size, p->stride, 1)) != 0)
		msg_sysdie("cannot lay a chase of %zu bytes at stride %zu", p->size, p->stride);
	if (chase_time(&c, sample_ns, o->warmup_ns, o->reps, ns, rounds, low) != 0)
		msg_die("the chase of %zu bytes at stride %zu was corrupted: a link points astray",
			p->size, p->stride);
	if (stats_compute(low, o->reps, &st) != 0)
		msg_sysdie("statistics");
	/* Measured again: interference only lengthens, the lower figure and its samples stand. */
	if (p->best <= 0 || st.q1 < p->best) {
		free(p->ns), free(p->fastest), free(p->rounds);
		p->ns = ns, p->fastest = low, p->rounds = rounds;
		p->best = st.q1;
	} else {
		free(ns), free(low), free(rounds);
	}
}

/* The walk's sizes: lmbench's 512, 640, 768, 896, 1K ... four per doubling. */
static size_t
next_size(size_t s)
{
	size_t pow2 = MIN_SIZE;

	while (pow2 * 2 <= s)
		pow2 *= 2;
	return s + pow2 / 4;
}

/* The line sysfs names for the first data cache: 0 when it does not. */
static unsigned
sysfs_line(const struct chase_cache *c, size_t n)
{
	return n > 0 && c[0].line >= sizeof(void *) ? c[0].line : 0;
}

/*
 * The line the system names where sysfs does not: the auxiliary vector's
 * AT_DCACHEBSIZE (PowerPC and a few others set it); 0 when nothing says.
 */
static unsigned
auxv_line(void)
{
#if defined(HAVE_GETAUXVAL) && defined(HAVE_SYS_AUXV_H) && defined(AT_DCACHEBSIZE)
	unsigned long v = getauxval(AT_DCACHEBSIZE);

	return v >= sizeof(void *) && v <= 4096 ? (unsigned)v : 0;
#else
	return 0;
#endif
}

/* "L1d 48K L2 1M L3 32M line 64": what sysfs says, beside what was found. */
static void
print_sysfs(const struct bench_opts *o, const struct chase_cache *c, size_t n)
{
	char line[OUTPUT_MAX_VALUE] = "", sz[32];
	size_t i, len = 0;

	for (i = 0; i < n && len < sizeof(line); i++)
		len += (size_t)snprintf(line + len, sizeof(line) - len, "%sL%u%s %s",
					i > 0 ? " " : "", c[i].level,
					strcmp(c[i].type, "Data") == 0 ? "d" : "",
					output_size_name(sz, sizeof(sz), c[i].size));
	if (sysfs_line(c, n) > 0 && len < sizeof(line))
		snprintf(line + len, sizeof(line) - len, " line %u", sysfs_line(c, n));
	if (o->output == OUTPUT_RAW)
		output_config(stdout, "sysfs-cache", "%s", n > 0 ? line : "unknown");
	else
		printf("sysfs says: %s\n", n > 0 ? line : "nothing");
}

/*
 * The line from the stride curve x, y (n points): the stride whose
 * figure rose the most over the stride before, by 1 + GROW at least,
 * with a stride after it (one that still rises at the end is not the
 * line).  Returns its index, or -1.
 */
static int
line_of(const double *x, const double *y, size_t n)
{
	size_t i;
	int li = -1;

	(void)x;
	for (i = 1; i + 1 < n; i++)
		if (y[i] > y[i - 1] * (1 + GROW) && (li < 0 || y[i] / y[i - 1] > y[li] / y[li - 1]))
			li = (int)i;
	return li;
}

/*
 * One level of the curve: a plateau, the rise after it, and where in
 * the rise the level ends.
 */
struct level {
	size_t first, last;	/* the plateau's points */
	size_t top;		/* the next plateau's first point: the rise is last .. top */
	size_t at;		/* the level's size: x[at] */
	double value;		/* the plateau's latency: median of its smoothed points */
};

/* The median of s[first..last]. */
static double
median_of(const double *s, size_t first, size_t last)
{
	double t[MAX_POINTS];
	size_t n = last - first + 1;

	memcpy(t, s + first, n * sizeof(*t));
	stats_sort(t, n);
	return stats_quantile_sorted(t, n, 0.5);
}

/*
 * The levels of the curve x, y (n points, x rising): stores up to max
 * into lv and returns how many, and the latency of the last plateau,
 * where the walk ends, into *beyond.
 *
 * After a running median of three (knee_smooth), a plateau runs while
 * the curve stays within JUMP / 2 of its lowest point; a point above
 * that leaves it when the curve one doubling on is 1 + JUMP times the
 * plateau's last point (a slower climb is a drift: the plateau goes on).
 * The next plateau starts at the first point from which the curve rises
 * less than JUMP over a doubling: the cache behind keeps its latency
 * over a doubling at least.  Not the point where the curve is as flat as
 * it was below: a shared last-level cache in a virtual machine drifts
 * up 20% a doubling as its share dwindles, never that flat, and a rule
 * that waited for it ran the rise from the second level on into memory,
 * which made the second level's size the memory step's (8M for a 1M
 * L2) and lost the third.  A rise the walk ends in is no level: the
 * plateau after it is not seen.
 *
 * A level's size is where its rise crosses the middle of its latency
 * and the next plateau's (where half the loads miss): the nearer of the
 * two sizes around it, unless that is on the next plateau already.  A
 * cache whose lines spread unevenly over its sets (random physical
 * pages, a hypervisor's) starts to miss at half its size and keeps some
 * lines well past it; the middle of the rise is its capacity, where the
 * steepest part of the rise was wherever noise made it.
 * Two plateaus whose latencies differ by less than LEVEL_RISE are one:
 * the step between them was a bump (a TLB's reach within memory, 125
 * to 160 ns, or a neighbour in a cache), not a cache behind another.
 */
static size_t
levels_of(const double *x, const double *y, size_t n, struct level *lv, size_t max,
	  double *beyond)
{
	double s[MAX_POINTS], base;
	size_t first = 0, k, nl = 0, i;

	knee_smooth(y, n, s);
	base = s[0];
	for (k = 1; k < n && nl < max; k++) {
		size_t j = knee_doubling(x, n, k - 1), m;

		if (s[k] <= base * (1 + JUMP / 2)) {
			if (s[k] < base)
				base = s[k];
			continue;
		}
		if (j == n)
			break;		/* too near the end to tell */
		if (s[j] < s[k - 1] * (1 + JUMP))
			continue;	/* a drift */
		for (m = k; m < n; m++)
			if ((j = knee_doubling(x, n, m)) == n || s[j] < s[m] * (1 + JUMP))
				break;
		if (j == n)
			break;		/* the walk ends in the rise */
		lv[nl].first = first;
		lv[nl].last = k - 1;
		lv[nl].top = m;
		nl++;
		first = m;
		base = s[m];
		k = m;
	}
	for (i = 0; i < nl; i++)
		lv[i].value = median_of(s, lv[i].first, lv[i].last);
	*beyond = median_of(s, first, n - 1);
	/* Bumps: a plateau not LEVEL_RISE above the one before joins it. */
	for (i = 0; i < nl; i++) {
		double next = i + 1 < nl ? lv[i + 1].value : *beyond;

		if (next >= lv[i].value * (1 + LEVEL_RISE))
			continue;
		if (i + 1 < nl) {
			lv[i].last = lv[i + 1].last;
			lv[i].top = lv[i + 1].top;
			memmove(&lv[i + 1], &lv[i + 2], (nl - i - 2) * sizeof(*lv));
			lv[i].value = median_of(s, lv[i].first, lv[i].last);
		} else {
			*beyond = median_of(s, lv[i].first, n - 1);
		}
		nl--;
		i = i > 0 ? i - 2 : (size_t)-1;
	}
	for (i = 0; i < nl; i++) {
		double next = i + 1 < nl ? lv[i + 1].value : *beyond, mid = (lv[i].value + next) / 2;
		size_t a;

		lv[i].at = lv[i].last;
		for (a = lv[i].last; a < lv[i].top; a++)
			if (s[a] <= mid)
				lv[i].at = a;
		/*
		 * The middle falls between two sizes: the nearer one, but not
		 * one on the next plateau already (a sharp step ends at the
		 * last size that still hits).
		 */
		a = lv[i].at;
		if (s[a + 1] - mid < mid - s[a] && s[a + 1] * (1 + JUMP / 2) < next)
			lv[i].at = a + 1;
	}
	return nl;
}

/* Line 0 of /sys/devices/system/cpu/cpuCPU/cache/indexIDX/FILE into buf: 0, or -1. */
static int
cache_attr(long cpu, unsigned idx, const char *file, char *buf, size_t len)
{
	char path[112];
	FILE *f;
	int ok;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%ld/cache/index%u/%s", cpu, idx,
		 file);
	if ((f = fopen(path, "r")) == NULL)
		return -1;
	ok = fgets(buf, (int)len, f) != NULL;
	fclose(f);
	buf[ok ? strcspn(buf, "\n") : 0] = '\0';
	return ok ? 0 : -1;
}

/* The data or unified cache of level level of cpu: its index, or -1. */
static int
cache_index(long cpu, unsigned level)
{
	char buf[32];
	unsigned idx;

	for (idx = 0; idx < 16; idx++) {
		if (cache_attr(cpu, idx, "type", buf, sizeof(buf)) != 0)
			return -1;
		if (strcmp(buf, "Instruction") == 0
		    || cache_attr(cpu, idx, "level", buf, sizeof(buf)) != 0)
			continue;
		if (strtoul(buf, NULL, 10) == level)
			return (int)idx;
	}
	return -1;
}

/*
 * Whether CPU 0's data cache of level level is its own, the same size on
 * every CPU: CACHE_PRIVATE; CACHE_SHARED when shared_cpu_list names
 * other CPUs too; CACHE_UNSURE when sysfs does not say, or the CPUs'
 * caches of that level differ (big.LITTLE: this process may run on
 * either kind).
 */
enum { CACHE_PRIVATE, CACHE_SHARED, CACHE_UNSURE };
static int
cache_sharing(unsigned level)
{
	char list[256], size0[32], size[32];
	long cpu, ncpu = sysconf(_SC_NPROCESSORS_CONF);
	int idx = cache_index(0, level);

	if (idx < 0 || cache_attr(0, (unsigned)idx, "shared_cpu_list", list, sizeof(list)) != 0
	    || cache_attr(0, (unsigned)idx, "size", size0, sizeof(size0)) != 0 || list[0] == '\0')
		return CACHE_UNSURE;
	if (strpbrk(list, ",-") != NULL)
		return CACHE_SHARED;
	for (cpu = 1; cpu < ncpu; cpu++) {
		int i = cache_index(cpu, level);

		/* An offline CPU has no cache directory: it does not run this. */
		if (i < 0)
			continue;
		if (cache_attr(cpu, (unsigned)i, "size", size, sizeof(size)) != 0
		    || strcmp(size, size0) != 0)
			return CACHE_UNSURE;
	}
	return CACHE_PRIVATE;
}

/* The cache sysfs names for level level (1, 2 ...), or NULL. */
static const struct chase_cache *
sysfs_level(const struct chase_cache *c, size_t n, size_t level)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (c[i].level == level)
			return &c[i];
	return NULL;
}

/*
 * Whether a level measured at size is the cache of sysfs's size want,
 * within one step of the walk x[0..n): from the size walked before want
 * to the one after it.
 */
static int
agrees(const double *x, size_t n, double size, double want)
{
	double lo = 0, hi = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (x[i] < want)
			lo = x[i];
		else if (x[i] > want && hi == 0)
			hi = x[i];
	}
	return size >= lo && (hi == 0 || size <= hi);
}

/* Mark the sizes of x[0..n) from lo to hi to be measured again; how many. */
static int
mark(int *again, const double *x, size_t n, double lo, double hi)
{
	size_t i;
	int k = 0;

	for (i = 0; i < n; i++)
		if (x[i] >= lo && x[i] <= hi) {
			again[i] = 1;
			k++;
		}
	return k;
}

/* -L: a stride the walk can take, a whole number of pointers. */
static void
line_check(const struct bench_prog *p, int letter, const char *arg, void *ctx)
{
	const struct opts *op = ctx;

	(void)letter;
	if (op->line % sizeof(void *) != 0)
		bench_usage_error(p, "-L: value '%s' is not a multiple of the pointer size, %u",
				  arg, (unsigned)sizeof(void *));
}

static const struct bench_opt opts[] = {
	{ 'L', BENCH_OPT_SIZE, "LINE", offsetof(struct opts, line), sizeof(void *), MAX_STRIDE,
	  NULL, 0, "walk at this stride (8 .. 512, a pointer multiple); default: find the line size",
	  line_check, NULL },
	{ 'M', BENCH_OPT_SIZE, "MAXSIZE", offsetof(struct opts, max), 64 << 10, 1 << 30, NULL, 0,
	  "largest size walked, 64k .. 1g (default 32m, or 4 x the largest\n"
	  "cache sysfs names, up to 128m)", NULL, NULL },
};

static const struct bench_prog prog = {
	.name = "cache",
	.args = "",
	.summary = "cache: cache line size, and each data cache level's size (bytes) and load latency (ns)",
	.opts = opts,
	.nopts = HB_ARRAY_SIZE(opts),
	.ctx = &opt,
	.min_args = 0,
	.max_args = 0,
	.max_parallel = 1,
	.why_parallel = "it measures one walk at a time",
	.why_precision = "it finds levels from a whole curve; use -N",
};

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct chase_cache sys[CHASE_MAX_CACHES];
	struct level lv[MAX_LEVELS];
	double x[MAX_POINTS], y[MAX_POINTS], sample, last = 0;
	int again[MAX_POINTS], shown[MAX_LEVELS], sharing[MAX_LEVELS];
	char name[OUTPUT_MAX_NAME], sz[32], why[160] = "", line_why[200] = "";
	size_t nsys = chase_sysfs_caches(sys, CHASE_MAX_CACHES), i, first_walk, s, stride, nw, l;
	unsigned sysline = sysfs_line(sys, nsys), pass;
	const char *says = "sysfs";
	uint64_t want, max;
	struct chase_buf b;
	int64_t huge;
	int nlv = 0, li = -1;
	double lvs[MAX_LEVELS];
	void *buf;

	bench_init(&o, &prog, argc, argv);
	/* cppcheck-suppress knownConditionTrueFalse ; 0 where the system has no AT_DCACHEBSIZE */
	if (sysline == 0 && (sysline = auxv_line()) > 0)
		says = "AT_DCACHEBSIZE";
	want = opt.max != 0 ? opt.max : DEFAULT_MAX;
	if (opt.max == 0 && nsys > 0 && sys[nsys - 1].size * 4 > want)
		want = sys[nsys - 1].size * 4 < HINT_MAX ? sys[nsys - 1].size * 4 : HINT_MAX;
	if ((max = mem_fit(want, 1, 64u << 10, 64u << 10)) == 0)
		msg_die("-M %s: not even 64K fits in the memory available",
			output_size_name(sz, sizeof(sz), want));
	bench_print_config(&o, &prog);
	if (max < want)
		mem_report_reduced(o.output == OUTPUT_RAW ? stdout : NULL, prog.name, "-M", want, max);
	if (chase_buf_alloc(&b, (size_t)max, 1) != 0)
		msg_sysdie("cannot allocate %s", output_size_name(sz, sizeof(sz), max));
	buf = b.p;
	/* Whole huge pages are mapped: the last may reach beyond the buffer. */
	if ((huge = mem_huge_bytes(buf, (size_t)max)) > (int64_t)max)
		huge = (int64_t)max;

	stride = (size_t)opt.line;
	if (stride == 0)
		for (s = sizeof(void *); s <= MAX_STRIDE; s *= 2)
			add_point(s, max < LINE_BUF ? (size_t)max : LINE_BUF, 1);
	first_walk = npoints;
	/*
	 * The walk's stride is not known yet: count its sizes as if it were
	 * the smallest, and half of them again for the rises and the sizes
	 * sysfs disputes, measured again.
	 */
	for (s = MIN_SIZE, i = 0; s <= max; s = next_size(s))
		i++;
	sample = RUN_BUDGET_NS / ((double)(first_walk + i + i / 2) * o.reps);
	if (sample < SAMPLE_FLOOR_NS)
		sample = SAMPLE_FLOOR_NS;
	if (sample > (double)o.sample_ns)
		sample = (double)o.sample_ns;

	for (pass = 0; first_walk > 0 && pass <= RETRIES; pass++) {
		for (i = 0; i < first_walk; i++) {
			measure(&points[i], buf, &o, (uint64_t)sample);
			x[i] = (double)points[i].stride;
			y[i] = points[i].best;
		}
		li = line_of(x, y, first_walk);
		if (li >= 0 && memcheck_line(points[li].stride, why, sizeof(why))
		    && (sysline == 0 || points[li].stride == sysline))
			break;
		if (li < 0)
			snprintf(why, sizeof(why), "no line size shows in the stride curve");
		else if (memcheck_line(points[li].stride, why, sizeof(why)))
			snprintf(why, sizeof(why), "a line of %zu bytes, %s says %u",
				 points[li].stride, says, sysline);
		if (pass < RETRIES)
			msg_warn("%s: measuring the line test again", why);
	}
	if (stride == 0) {
		stride = li >= 0 ? points[li].stride : sysline > 0 ? sysline : DEFAULT_LINE;
		if (li < 0) {
			msg_warn("no line size shows in the stride curve; walking at %zu bytes", stride);
			snprintf(line_why, sizeof(line_why), "none found: no line size shows in the stride curve");
		} else if (!memcheck_line(stride, why, sizeof(why))) {
			bench_withhold("Line", "%s", why);
			snprintf(line_why, sizeof(line_why), "withheld: %s", why);
			li = -1;
			stride = sysline > 0 ? sysline : DEFAULT_LINE;
		} else if (sysline > 0 && stride != sysline) {
			/*
			 * Still not the line the system names, after measuring
			 * again: a busy neighbour's doing, not a line size.
			 * Withheld; the walk goes on at the system's line.
			 */
			snprintf(why, sizeof(why), "a line of %zu bytes, %s says %u", stride, says,
				 sysline);
			bench_withhold("Line", "%s", why);
			snprintf(line_why, sizeof(line_why), "withheld: %s", why);
			li = -1;
			stride = sysline;
		}
	}
	for (s = MIN_SIZE; s <= max && npoints < MAX_POINTS; s = next_size(s)) {
		size_t size = s - s % stride;

		if (size < 2 * stride || (npoints > first_walk && size <= points[npoints - 1].size))
			continue;
		add_point(stride, size, 0);
	}
	for (l = 0; l < MAX_LEVELS; l++)
		sharing[l] = sysfs_level(sys, nsys, l + 1) != NULL ? cache_sharing((unsigned)l + 1)
			     : CACHE_UNSURE;
	nw = npoints - first_walk;
	if (nw < KNEE_MIN_POINTS)
		msg_die("too few sizes to find cache levels (-M %s)", output_size_name(sz, sizeof(sz), max));
	for (i = 0; i < nw; i++)
		again[i] = 1;
	for (pass = 0; pass <= RETRIES; pass++) {
		int more = 0;

		for (i = 0; i < nw; i++) {
			if (again[i])
				measure(&points[first_walk + i], buf, &o, (uint64_t)sample);
			x[i] = (double)points[first_walk + i].size;
			y[i] = points[first_walk + i].best;
			again[i] = 0;
		}
		nlv = (int)levels_of(x, y, nw, lv, MAX_LEVELS, &last);
		if (pass == RETRIES)
			break;
		/*
		 * A step is only believed when it shows again: every rise is
		 * measured again once (noise only adds time, so a bump made
		 * by a neighbour sinks back).  A level sysfs names another
		 * size for is measured again from half the smaller of the two
		 * sizes to twice the larger, twice at most; not a shared cache
		 * found smaller, which is what such a cache is for one of its
		 * CPUs (and the sizes to measure again are the largest).
		 */
		for (l = 0; l < (size_t)nlv; l++) {
			const struct chase_cache *c = sysfs_level(sys, nsys, l + 1);

			if (pass == 0)
				more += mark(again, x, nw, x[lv[l].last], x[lv[l].top]);
			if (c != NULL && !agrees(x, nw, x[lv[l].at], (double)c->size)
			    && !(x[lv[l].at] < (double)c->size && sharing[l] == CACHE_SHARED)) {
				double lo = x[lv[l].at] < (double)c->size ? x[lv[l].at] : (double)c->size;
				double hi = x[lv[l].at] + (double)c->size - lo;

				more += mark(again, x, nw, lo / 2, hi * 2);
			}
		}
		if (!more)
			break;
	}
	for (l = 0; l < (size_t)nlv; l++)
		lvs[l] = x[lv[l].at];
	if (!memcheck_levels(lvs, (size_t)nlv, why, sizeof(why))) {
		bench_withhold("Cache/level", "%s", why);
		nlv = 0;
	}
	/*
	 * What sysfs says, after measuring again.  A level another size than
	 * its cache is, for a cache of this CPU alone, no measure of it
	 * (a neighbour on the host's other hyperthread, or two levels the
	 * curve ran into one): withheld.  A shared cache keeps for one
	 * process only the share the others leave it: the curve's size is
	 * reported, with what sysfs says beside it.
	 */
	for (l = 0; l < (size_t)nlv; l++) {
		const struct chase_cache *c = sysfs_level(sys, nsys, l + 1);
		char meas[32];
		int how;

		shown[l] = 1;
		if (c == NULL || agrees(x, nw, x[lv[l].at], (double)c->size))
			continue;
		output_size_name(meas, sizeof(meas), (uint64_t)x[lv[l].at]);
		output_size_name(sz, sizeof(sz), c->size);
		how = sharing[l];
		snprintf(name, sizeof(name), "Cache/level=%zu", l + 1);
		if (how == CACHE_PRIVATE) {
			bench_withhold(name, "L%zu measured %s, sysfs says %s (this CPU's alone)", l + 1,
				       meas, sz);
			shown[l] = 0;
		} else {
			msg_warn("L%zu measured %s, sysfs says %s (%s)", l + 1, meas, sz,
				 how == CACHE_UNSURE ? "sysfs does not say that no other CPU shares it"
				 : x[lv[l].at] < (double)c->size
				 ? "shared with other CPUs; the share this process got"
				 : "shared with other CPUs");
		}
	}
	for (l = (size_t)nlv; l < nsys; l++) {
		const struct chase_cache *c = sysfs_level(sys, nsys, l + 1);

		if (c != NULL && (double)c->size * 4 <= x[nw - 1])
			msg_warn("L%zu not seen: no step in the curve where sysfs's %s ends", l + 1,
				 output_size_name(sz, sizeof(sz), c->size));
	}

	if (o.output == OUTPUT_RAW) {
		output_config(stdout, "stride", "%zu", stride);
		/*
		 * Why no Line result, a run note: a neighbour thrashing the
		 * caches can flatten the stride curve through every pass.
		 */
		if (line_why[0] != '\0')
			output_config(stdout, "line-test", "%s; the walk at %s's %zu bytes", line_why,
				      sysline > 0 ? says : "the default", stride);
		if (!b.advised)
			output_config(stdout, "huge-pages", "none: %s", b.why);
		else if (huge >= 0)
			output_config(stdout, "huge-pages", "%s of %s",
				      output_size_name(name, sizeof(name), (uint64_t)huge),
				      output_size_name(sz, sizeof(sz), max));
		else
			output_config(stdout, "huge-pages", "asked for");
	}
	print_sysfs(&o, sys, nsys);
	for (i = 0; i < npoints; i++) {
		/*
		 * The line test's points are walked block by block, the
		 * size curve's in one sweep: two measurements, two names,
		 * though one of each may be at 128K and the walk's stride.
		 */
		snprintf(name, sizeof(name), "Cache/%sstride=%zu/size=%s",
			 points[i].blocked ? "test=line/" : "", points[i].stride,
			 output_size_name(sz, sizeof(sz), points[i].size));
		bench_report_pairs(&o, name, points[i].rounds, points[i].ns, o.reps, "ns/op",
				   points[i].fastest, "best-ns/op");
	}
	/*
	 * What the curves show, as units of Cache, not as samples of a timed
	 * benchmark of their own: the line size and each level's size, found
	 * once per run (a count of 1, in units benchstat is told are exact:
	 * line-bytes, l1-bytes), and each level's load time, the median of
	 * its plateau's points (l1-ns/op, its count the loads those points
	 * timed).
	 */
	if (li >= 0) {
		double v = (double)stride;

		if (o.output == OUTPUT_RAW)
			output_sample(stdout, "Cache", 1, v, "line-bytes");
		else
			printf("line: %zu bytes\n", stride);
	}
	for (i = 0; i < (size_t)nlv; i++) {
		char ub[2][OUTPUT_MAX_UNIT];
		uint64_t loads = 0;
		size_t p, r;

		if (!shown[i])
			continue;
		snprintf(ub[0], sizeof(ub[0]), "l%u-bytes", (unsigned)(i + 1));
		snprintf(ub[1], sizeof(ub[1]), "l%u-ns/op", (unsigned)(i + 1));
		for (p = lv[i].first; p <= lv[i].last; p++)
			for (r = 0; r < o.reps; r++)
				loads += points[first_walk + p].rounds[r];
		if (o.output == OUTPUT_RAW) {
			output_sample(stdout, "Cache", 1, x[lv[i].at], ub[0]);
			output_sample(stdout, "Cache", loads > 0 ? loads : 1, lv[i].value, ub[1]);
		} else
			printf("L%zu: %s, %.3g ns per load\n", i + 1,
			       output_size_name(sz, sizeof(sz), (uint64_t)x[lv[i].at]), lv[i].value);
	}
	if (o.output == OUTPUT_TEXT)
		printf("beyond: %.3g ns per load at %s\n", last,
		       output_size_name(sz, sizeof(sz), points[npoints - 1].size));
	msg_flush();
	chase_buf_free(&b);
	return bench_exit_code(MSG_EXIT_OK);
}
