/*
 * tlb: how many pages the TLB maps (pages, and the reach in bytes), found
 * from what a load costs when every load is on a page of its own.
 *
 * One iteration is one dependent load.  For page counts N from 8 to
 * MAXSIZE / page size, four counts per doubling, two chases of N slots
 * in a random order: one slot on each of N pages (walk=page), and the
 * same number of slots packed on adjacent lines (walk=packed).  Both
 * touch N cache lines spread over the cache sets alike, so the ratio of
 * the two is the TLB's own cost: flat while the TLB maps every page,
 * stepping up past each level's reach (lib/mem/knee.h).  The buffer asks for
 * base pages only: a huge page would map many slots at once.  Laying the
 * chases, calibrating (which warms them) and a pass after timing that
 * checks every link are outside timing.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/msg.h"
#include "core/stats.h"
#include "driver/bench.h"
#include "host/memory.h"
#include "mem/chase.h"
#include "mem/knee.h"

#define MIN_PAGES 8		/* no TLB has fewer entries */
#define DEFAULT_MAX (64u << 20)	/* 16K pages of 4K: beyond a second-level TLB */
#define DEFAULT_LINE 64
#define JUMP 0.25
#define MAX_LEVELS 4
#define MAX_POINTS 96
#define RUN_BUDGET_NS 4000000000.0
#define SAMPLE_FLOOR_NS 1000000u

static const struct walk {
	const char *name;
	int paged;		/* one slot per page, else packed lines */
} walks[] = {
	{ "page", 1 },
	{ "packed", 0 },
};

struct point {
	size_t pages;
	double *ns[2], *fastest[2], best[2];
	uint64_t *rounds[2];
};

static struct opts {
	uint64_t line, max;
} opt;

static struct point points[MAX_POINTS];

/* Time walk w of point p; die (exit 1, nothing printed) on a corrupted chase. */
static void
measure(struct point *p, size_t w, void *buf, size_t page, size_t line,
	const struct bench_opts *o, uint64_t sample_ns)
{
	struct chase c;
	struct stats st;
	int rc;

	p->ns[w] = malloc(o->reps * sizeof(double));
	p->fastest[w] = malloc(o->reps * sizeof(double));
	p->rounds[w] = malloc(o->reps * sizeof(uint64_t));
	if (p->ns[w] == NULL || p->fastest[w] == NULL || p->rounds[w] == NULL)
		msg_sysdie("cannot allocate %u samples", o->reps);
	rc = walks[w].paged ? chase_pages(&c, buf, p->pages, page, line)
			    : chase_lines(&c, buf, p->pages * line, line, 1);
	if (rc != 0)
		msg_sysdie("cannot lay a chase over %zu pages", p->pages);
	if (chase_time(&c, sample_ns, o->warmup_ns, o->reps, p->ns[w], p->rounds[w],
		       p->fastest[w]) != 0)
		msg_die("the %s chase over %zu pages was corrupted: a link points astray",
			walks[w].name, p->pages);
	if (stats_compute(p->fastest[w], o->reps, &st) != 0)
		msg_sysdie("statistics");
	/*
	 * The lower quartile of the samples' lower quartiles of bursts, on
	 * both sides of the ratio the levels are found from: the fastest
	 * burst of thousands is the luckiest, and a ratio of two such times
	 * carries the luck of one side.
	 */
	p->best[w] = st.q1;
}

/* -L: a line the walk can pack, a power of two pointers. */
static void
line_check(const struct bench_prog *p, int letter, const char *arg, void *ctx)
{
	const struct opts *op = ctx;

	(void)letter;
	if (op->line % sizeof(void *) != 0 || (op->line & (op->line - 1)) != 0)
		bench_usage_error(p, "-L: value '%s' is not a power of two and a multiple of the pointer size, %u",
				  arg, (unsigned)sizeof(void *));
}

static const struct bench_opt opts[] = {
	{ 'L', BENCH_OPT_SIZE, "LINE", offsetof(struct opts, line), sizeof(void *), 512, NULL, 0,
	  "cache line size, 8 .. 512, a pointer multiple (default: sysfs's, or 64)", line_check, NULL },
	{ 'M', BENCH_OPT_SIZE, "MAXSIZE", offsetof(struct opts, max), 64 << 10, 1 << 30, NULL, 0,
	  "most memory spanned, 64k .. 1g (default 64m: 16K pages of 4K)", NULL, NULL },
};

static const struct bench_prog prog = {
	.name = "tlb",
	.args = "",
	.summary = "tlb: pages (and bytes) the TLB maps, from the cost of a load on a page of its own",
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
	struct knee_level lv[MAX_LEVELS];
	double x[MAX_POINTS], y[MAX_POINTS], sample, last;
	char name[OUTPUT_MAX_NAME], sz[32];
	size_t page = mem_page_size(), line, maxpages, n = 0, i, w, pow2;
	uint64_t want, max;
	struct chase_buf b;
	int nlv;

	bench_init(&o, &prog, argc, argv);
	line = (size_t)opt.line;
	if (line == 0)
		line = chase_sysfs_caches(sys, 1) == 1 && sys[0].line >= sizeof(void *)
		       && sys[0].line <= page && (sys[0].line & (sys[0].line - 1)) == 0
		       ? sys[0].line : DEFAULT_LINE;
	if (line > page)
		msg_exit(MSG_EXIT_USAGE, "-L: value %zu is larger than the page, %zu bytes", line, page);
	want = opt.max != 0 ? opt.max : DEFAULT_MAX;
	if ((max = mem_fit(want, 1, (uint64_t)page * MIN_PAGES * 4, page)) == 0)
		msg_die("-M %s: not even %zu pages fit in the memory available",
			output_size_name(sz, sizeof(sz), want), (size_t)MIN_PAGES * 4);
	maxpages = (size_t)(max / page);
	if (maxpages < MIN_PAGES * 4)
		msg_exit(MSG_EXIT_USAGE, "-M %s: spans %zu pages of %zu bytes; at least %d are needed",
			 output_size_name(sz, sizeof(sz), want), maxpages, page, MIN_PAGES * 4);
	bench_print_config(&o, &prog);
	if (max < want)
		mem_report_reduced(o.output == OUTPUT_RAW ? stdout : NULL, prog.name, "-M", want, max);
	if (chase_buf_alloc(&b, maxpages * page, -1) != 0)
		msg_sysdie("cannot allocate %zu pages", maxpages);

	for (i = MIN_PAGES, pow2 = MIN_PAGES; i <= maxpages && n < MAX_POINTS; i += pow2 / 4) {
		if (i >= 2 * pow2)
			pow2 *= 2;
		points[n++].pages = i;
	}
	sample = RUN_BUDGET_NS / ((double)n * HB_ARRAY_SIZE(walks) * o.reps);
	if (sample < SAMPLE_FLOOR_NS)
		sample = SAMPLE_FLOOR_NS;
	if (sample > (double)o.sample_ns)
		sample = (double)o.sample_ns;
	for (i = 0; i < n; i++) {
		for (w = 0; w < HB_ARRAY_SIZE(walks); w++)
			measure(&points[i], w, b.p, page, line, &o, (uint64_t)sample);
		x[i] = (double)points[i].pages;
		y[i] = points[i].best[0] / points[i].best[1];
	}
	nlv = knee_find(x, y, n, JUMP, lv, MAX_LEVELS, &last);
	if (nlv < 0)
		msg_die("too few page counts to find the TLB's reach (-M %s)",
			   output_size_name(sz, sizeof(sz), max));
	if (nlv > MAX_LEVELS)
		nlv = MAX_LEVELS;

	if (o.output == OUTPUT_RAW) {
		output_config(stdout, "page-size", "%zu", page);
		output_config(stdout, "line", "%zu", line);
		if (b.advised)
			output_config(stdout, "huge-pages", "refused (MADV_NOHUGEPAGE)");
		else
			output_config(stdout, "huge-pages", "not refused: %s", b.why);
	}
	for (i = 0; i < n; i++)
		for (w = 0; w < HB_ARRAY_SIZE(walks); w++) {
			snprintf(name, sizeof(name), "Tlb/pages=%zu/walk=%s", points[i].pages,
				 walks[w].name);
			bench_report_pairs(&o, name, points[i].rounds[w], points[i].ns[w], o.reps,
					   "ns/op", points[i].fastest[w], "best-ns/op");
		}
	/*
	 * Each level found, once per run (a count of 1), as units of Tlb that
	 * benchstat is told are exact (l1-pages, l1-bytes): a size read off
	 * the curve, not a sample of a timed benchmark of its own.
	 */
	for (i = 0; i < (size_t)nlv; i++) {
		const double v[2] = { lv[i].size, lv[i].size * (double)page };
		char ub[2][OUTPUT_MAX_UNIT];
		const char *const u[2] = { ub[0], ub[1] };

		snprintf(ub[0], sizeof(ub[0]), "l%zu-pages", i + 1);
		snprintf(ub[1], sizeof(ub[1]), "l%zu-bytes", i + 1);
		if (o.output == OUTPUT_RAW)
			output_sample_pairs(stdout, "Tlb", 1, v, u, 2);
		else
			printf("TLB level %zu: %.0f pages, %s (a load %.2fx the cost of one within reach)\n",
			       i + 1, v[0], output_size_name(sz, sizeof(sz), (uint64_t)v[1]),
			       i + 1 < (size_t)nlv ? lv[i + 1].value / lv[i].value : last / lv[i].value);
	}
	if (nlv == 0)
		msg_warn("no step in the cost of a load on its own page up to %zu pages", maxpages);
	msg_flush();
	chase_buf_free(&b);
	return bench_exit_code(MSG_EXIT_OK);
}
