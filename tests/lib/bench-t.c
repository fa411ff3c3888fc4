/*
 * bench-t: the driver with a fake clock: overhead subtraction, bandwidth
 * arithmetic, sample counts, the precision target, parallel copies and
 * failing loops; a descriptor's option table and capabilities.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/msg.h"
#include "core/output.h"
#include "core/timing.h"
#include "driver/bench.h"
#include "tap/basic.h"

static uint64_t fake_now;
static uint64_t noise;		/* added to every other run: a noisy machine */
static unsigned runs;

static uint64_t
fake_clock(void)
{
	return fake_now;
}

struct loop {
	uint64_t ns_per_iter;
	int fail;
};

static int
fake_loop(void *arg, uint64_t iters)
{
	struct loop *l = arg;

	if (l->fail) {
		errno = EPIPE;
		return -1;
	}
	fake_now += iters * l->ns_per_iter;
	if (noise != 0 && (runs++ % 2) == 1)
		fake_now += noise * iters;
	return 0;
}

/*
 * A clock whose every reading costs 1 ms of fake time while ticking (so
 * timing_call_cost measures 1 ms), and nothing once it stops: loops of
 * fake_loop then last what they say, less than one reading.
 */
static int ticking;

static uint64_t
tick_clock(void)
{
	if (ticking)
		fake_now += 1000000;
	return fake_now;
}

/* Overhead: 3 ns per iteration, whatever the arg. */
static int
fake_overhead(void *arg, uint64_t iters)
{
	(void)arg;
	fake_now += iters * 3;
	return 0;
}

/* Work that times itself: 1000 ns of untimed setup, then 5 ns per iteration. */
static int
fake_sample(void *arg, uint64_t iters, uint64_t *ns)
{
	(void)arg;
	fake_now += 1000;
	*ns = iters * 5;
	fake_now += *ns;
	return 0;
}

/* A real loop for parallel copies (the fake clock is per process). */
static int
real_loop(void *arg, uint64_t iters)
{
	volatile uint64_t x = 0;

	(void)arg;
	while (iters-- > 0)
		x++;
	return 0;
}

static const struct bench_prog prog = {
	.name = "bench-t", .args = "", .summary = "test", .max_args = -1,
};

/* A descriptor with a table of its own options. */
struct own {
	int flag;
	long long count;
	uint64_t size, time;
	const char *dir;
	int thens;
};

static void
count_then(const struct bench_prog *p, int letter, const char *arg, void *ctx)
{
	struct own *w = ctx;

	(void)p, (void)letter, (void)arg;
	w->thens++;
}

static struct own own;

static const struct bench_opt own_opts[] = {
	{ 'f', BENCH_OPT_FLAG, NULL, offsetof(struct own, flag), 0, 0, NULL, 0, "a flag", NULL, NULL },
	{ 'k', BENCH_OPT_INT, "n", offsetof(struct own, count), 1, 16, NULL, 2,
	  "an even count\nof things", count_then, NULL },
	{ 'm', BENCH_OPT_SIZE, "size", offsetof(struct own, size), 1024, 1 << 20, NULL, 0, "a size",
	  NULL, NULL },
	{ 't', BENCH_OPT_TIME, "time", offsetof(struct own, time), 1000, 1e10, "s", 0, "a time",
	  NULL, NULL },
	{ 'd', BENCH_OPT_TEXT, "DIR", offsetof(struct own, dir), 0, 0, NULL, 0, "a directory",
	  NULL, NULL },
};

static const struct bench_prog pre_prog = {
	.name = "pre-t", .args = "", .summary = "pre-t: -I's two forms", .max_args = 0,
};

static const struct bench_prog own_prog = {
	.name = "own-t", .args = "[x]", .summary = "own-t: options from a table",
	.opts = own_opts, .nopts = HB_ARRAY_SIZE(own_opts), .ctx = &own, .max_args = 1,
	.max_parallel = 1, .why_parallel = "one is enough", .why_precision = "never",
};

/*
 * bench_init of own_prog on argv in a child: its exit status (or 0 when
 * bench_init returned), and what it wrote to stdout and stderr in out.
 */
static int
init_child(char **argv, char *out, size_t len)
{
	int fd[2], st, argc = 0;
	ssize_t n;
	size_t got = 0;
	pid_t pid;

	while (argv[argc] != NULL)
		argc++;
	if (pipe(fd) != 0 || (pid = fork()) < 0)
		return -1;
	if (pid == 0) {
		struct bench_opts o;

		dup2(fd[1], STDOUT_FILENO);
		dup2(fd[1], STDERR_FILENO);
		close(fd[0]);
		optind = 1;
		bench_init(&o, &own_prog, argc, argv);
		_exit(0);
	}
	close(fd[1]);
	while (got + 1 < len && (n = read(fd[0], out + got, len - got - 1)) > 0)
		got += (size_t)n;
	out[got] = '\0';
	close(fd[0]);
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

static void
test_table(void)
{
	char *good[] = { "own-t", "-f", "-k", "4", "-m", "64k", "-t", "2", "-d", "/x", "y", NULL };
	char *odd[] = { "own-t", "-k", "3", NULL };
	char *big[] = { "own-t", "-m", "2m", NULL };
	char *par[] = { "own-t", "-P", "2", NULL };
	char *pre[] = { "own-t", "-I", "5", NULL };
	char *help[] = { "own-t", "-h", NULL };
	char *syn[] = { "own-t", "--synopsis", NULL };
	char out[4096];
	struct bench_opts o;

	optind = 1;
	ok(bench_init(&o, &own_prog, 11, good) == 10, "a table's options are parsed, the operand follows");
	ok(own.flag == 1 && own.count == 4 && own.size == 65536 && own.time == 2000000000ull
	   && own.dir != NULL && strcmp(own.dir, "/x") == 0,
	   "each is stored as its kind says (flag, int, size, time in its bare unit, text)");
	is_int(1, own.thens, "an option's then() runs after its value is stored");
	is_int(2, init_child(odd, out, sizeof(out)), "a value that is not a multiple: exit 2");
	ok(strstr(out, "-k: value '3' is not a multiple of 2") != NULL, "... naming it");
	is_int(2, init_child(big, out, sizeof(out)), "a value out of range: exit 2");
	ok(strstr(out, "-m: value '2m' is out of range") != NULL, "... naming the range");
	is_int(2, init_child(par, out, sizeof(out)), "-P above the descriptor's most: exit 2");
	ok(strstr(out, "-P: value '2' is out of range for own-t; allowed: 1 (one is enough)") != NULL,
	   "... with the descriptor's reason");
	is_int(2, init_child(pre, out, sizeof(out)), "-I where the descriptor says why not: exit 2");
	ok(strstr(out, "-I: not supported by own-t (never)") != NULL, "... with the reason");
	is_int(0, init_child(help, out, sizeof(out)), "-h exits 0");
	ok(strstr(out, "usage: own-t [-N reps] [-W time] [-c cpulist] [-T time] [-o text|raw] [-f] "
		       "[-k n] [-m size] [-t time] [-d DIR] [x]\n") != NULL,
	   "the usage line lists the table's options, not the refused -P and -I");
	ok(strstr(out, "  -k n         an even count\n               of things\n") != NULL,
	   "-h gives each option its help, continued lines indented");
	is_int(0, init_child(syn, out, sizeof(out)), "--synopsis exits 0");
	ok(strncmp(out, ".SH SYNOPSIS\n.B own-t\n[\\fB\\-N\\fR \\fIreps\\fR]\n", 37) == 0
	   && strstr(out, "[\\fB\\-f\\fR]\n[\\fB\\-k\\fR \\fIn\\fR]\n") != NULL
	   && strstr(out, "\\-P") == NULL && strstr(out, "\n[x]\n") != NULL,
	   "--synopsis is the same usage in man(7) markup");
	{
		char *netperf[] = { "pre-t", "-I", "99,5", NULL }, *shared[] = { "pre-t", "-I", "2,3", NULL };
		char *level[] = { "pre-t", "-I", "90", NULL };

		optind = 1;
		bench_init(&o, &pre_prog, 3, netperf);
		ok(o.precision_level == 0.99 && o.precision_pct == 2.5 && o.precision_netperf,
		   "-I 99,5 is netperf's: 99%% confidence, the interval 5%% wide (+-2.5%%)");
		optind = 1;
		bench_init(&o, &pre_prog, 3, level);
		ok(o.precision_level == 0.9 && o.precision_pct == 2.5,
		   "-I 90: netperf's level alone, its width 5%% by default");
		optind = 1;
		bench_init(&o, &pre_prog, 3, shared);
		ok(o.precision_pct == 2 && o.precision_cap_ns == 3000000000ull && o.precision_level == 0.95
		   && !o.precision_netperf,
		   "-I 2,3 is hostbench's: +-2%% at 95%%, for 3 s at most");
	}
}

/*
 * bench_getopt over argv (NULL-terminated) with "+:ab:" (a flag, b with a
 * value), until -1 or an error: each letter returned (its value after
 * '='), then "|" and the reordered argv from the first operand's index,
 * the operands after another "|".  "p x -a" reads "a|-a|x".
 */
static const char *
scan(char **argv, int stop)
{
	static char got[256];
	struct bench_getopt g;
	size_t len = 0;
	int argc = 0, c, i;

	while (argv[argc] != NULL)
		argc++;
	optind = 0;	/* glibc, musl: a full reset, as the argv fuzz target does */
	opterr = 0;
	bench_getopt_start(&g, argc, argv, stop);
	got[0] = '\0';
	while ((c = bench_getopt(&g, "+:ab:")) != -1) {
		if (c == '?' || c == ':') {
			snprintf(got + len, sizeof(got) - len, "%c%c %s", c, optopt, g.word);
			return got;
		}
		len += (size_t)snprintf(got + len, sizeof(got) - len, "%c%s%s", c,
					c == 'b' ? "=" : "", c == 'b' ? optarg : "");
	}
	len += (size_t)snprintf(got + len, sizeof(got) - len, "|");
	for (i = 1; i < argc && len < sizeof(got); i++)
		len += (size_t)snprintf(got + len, sizeof(got) - len, "%s%s",
					i == g.first ? "|" : i > 1 ? " " : "", argv[i]);
	if (g.first == argc && len < sizeof(got))
		snprintf(got + len, sizeof(got) - len, "|");
	return got;
}

/* Options wherever they stand, the same on every libc. */
static void
test_getopt(void)
{
	char *after[] = { "p", "x", "-a", "y", "-b", "v", "z", NULL };
	char *cluster[] = { "p", "x", "-ab", "v", "y", NULL };
	char *dashdash[] = { "p", "-a", "--", "-b", "x", NULL };
	char *late[] = { "p", "x", "--", "-a", NULL };
	char *value[] = { "p", "x", "-b", "--", "y", NULL };
	char *dash[] = { "p", "-", "-a", NULL };
	char *none[] = { "p", NULL };
	char *stop[] = { "p", "-a", "cmd", "-b", "v", NULL };
	char *unknown[] = { "p", "x", "-q", NULL };
	char *missing[] = { "p", "x", "-b", NULL };
	char *longopt[] = { "p", "x", "--foo", NULL };
	char *own_args[] = { "own-t", "y", "-f", "-k", "4", NULL };
	struct bench_opts o;

	is_string("ab=v|-a -b v|x y z", scan(after, 0),
		  "options after and between operands are parsed; the operands follow, in order");
	is_string("ab=v|-ab v|x y", scan(cluster, 0), "a cluster after an operand, its value apart");
	is_string("a|-a --|-b x", scan(dashdash, 0), "-- ends the options: an operand may begin with -");
	is_string("|--|x -a", scan(late, 0), "-- after an operand: the rest are operands too");
	is_string("b=--|-b --|x y", scan(value, 0), "-- as an option's value is that value");
	is_string("a|-a|-", scan(dash, 0), "- alone is an operand");
	is_string("||", scan(none, 0), "no arguments: no operand");
	is_string("a|-a|cmd -b v", scan(stop, 1),
		  "with stop, options end at the first operand (a command line)");
	is_string("?q -q", scan(unknown, 0), "an unknown option after an operand is reported");
	is_string(":b -b", scan(missing, 0), "... and a value missing after one");
	is_string("?- --foo", scan(longopt, 0), "a long option: '?' with optopt '-', the word given");
	own.flag = 0;
	own.count = 0;
	optind = 0;
	is_int(4, bench_init(&o, &own_prog, 5, own_args), "bench_init returns the operand's index");
	ok(own.flag == 1 && own.count == 4 && strcmp(own_args[4], "y") == 0,
	   "a table's options after the operand are parsed, argv reordered");
}

struct result {
	size_t samples, configs;
	double first, last, alt;
	size_t npairs;
	char unit[OUTPUT_MAX_UNIT];
	char name[OUTPUT_MAX_NAME];
	char precision[OUTPUT_MAX_VALUE];
	char overhead[OUTPUT_MAX_VALUE];
};

/* Run bench_run with stdout in a file, then read the records back. */
static int
run(const struct bench_opts *o, const struct bench_case *c, struct result *r)
{
	char path[] = "/tmp/bench-t.XXXXXX", line[1024];
	int fd = mkstemp(path), saved = dup(STDOUT_FILENO), rc;
	FILE *f;
	struct output_line l;

	if (fd < 0 || saved < 0)
		bail("cannot capture stdout");
	fflush(stdout);
	dup2(fd, STDOUT_FILENO);
	rc = bench_run(o, &prog, c);
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	memset(r, 0, sizeof(*r));
	f = fdopen(fd, "r");
	rewind(f);
	while (fgets(line, sizeof(line), f) != NULL) {
		if (output_parse_line(line, &l) != 0)
			continue;
		if (l.kind == OUTPUT_LINE_CONFIG) {
			r->configs++;
			if (strcmp(l.key, "precision") == 0)
				snprintf(r->precision, sizeof(r->precision), "%s", l.value);
			if (strcmp(l.key, "overhead") == 0)
				snprintf(r->overhead, sizeof(r->overhead), "%s", l.value);
		} else if (l.kind == OUTPUT_LINE_RESULT) {
			if (r->samples == 0) {
				r->first = l.val[0];
				r->alt = l.val[1];
				r->npairs = l.npairs;
			}
			r->last = l.val[0];
			r->samples++;
			snprintf(r->unit, sizeof(r->unit), "%s", l.unit[0]);
			snprintf(r->name, sizeof(r->name), "%s", l.name);
		}
	}
	fclose(f);
	unlink(path);
	return rc;
}

/*
 * The clock bound: one operation timed on its own (between two readings
 * of the clock) takes at least a reading's cost, here 1 ms.
 */
static void
test_clock_bound(struct bench_opts *o, struct bench_case *c, struct loop *lp)
{
	char why[160];
	uint64_t sample_ns = o->sample_ns;
	struct result r;

	timing_set_clock(tick_clock);
	ticking = 1;
	ok(timing_call_cost() > 999999 && timing_resolution() > 0, "a reading costs 1 ms");
	ticking = 0;
	ok(!bench_check("LatUsleep/method=nanosleep/stat=p50/usec=100", "ns/op", 5000, why,
			sizeof(why))
	   && strstr(why, "5000 ns per operation timed singly is below the clock's cost (1000000 ns)")
		      != NULL,
	   "a wake-up timed singly below the clock's cost is implausible: %s", why);
	ok(!bench_check("LatTcp/size=1/placement=one/stat=p99", "ns/op", 5000, why, sizeof(why))
	   && !bench_check("Lmdd/op=read/size=8M/bs=1M/flush=1", "ns/io-p50", 5000, why, sizeof(why)),
	   "so are a round trip's percentile and lmdd's time of one read");
	ok(bench_check("LatTcp/size=1/placement=one", "ns/op", 5000, why, sizeof(why))
	   && bench_check("LatUsleep/method=nanosleep/stat=p50/usec=100", "ns/op", 2e6, why,
			  sizeof(why))
	   && bench_check("Lmdd/op=read/size=8M/bs=1M/flush=1", "MB/s", 5000, why, sizeof(why)),
	   "a time per operation of a burst, one above the cost and a bandwidth stand");

	/* A loop longer than the sample: one iteration, one operation, per sample. */
	c->name = "Fake/op=single";
	c->overhead = NULL;
	o->sample_ns = 1000;
	lp->ns_per_iter = 5000;
	ok(run(o, c, &r) == 0 && r.samples == 0,
	   "samples of one iteration each below the clock's cost are withheld");
	lp->ns_per_iter = 3;
	ok(run(o, c, &r) == 0 && r.samples == o->reps && r.first < 1000000,
	   "the same below the cost from bursts of iterations is reported");
	o->sample_ns = sample_ns;
	timing_set_clock(fake_clock);
}

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct bench_case c;
	struct loop lp = { 10, 0 };
	struct result r;
	char *args[] = { argv[0], "-o", "raw", "-N", "7", NULL };
	int rc;

	(void)argc;
	plan(28 + 19 + 9 + 6 + 13);
	bench_init(&o, &prog, 5, args);
	is_int(7, o.reps, "-N 7 parsed");
	is_int(OUTPUT_RAW, o.output, "-o raw parsed");

	timing_set_clock(fake_clock);
	memset(&c, 0, sizeof(c));
	c.name = "Fake/op=lat";
	c.loop = fake_loop;
	c.arg = &lp;
	ok(run(&o, &c, &r) == 0, "a latency case runs");
	is_int(7, (long long)r.samples, "one line per sample (-N 7)");
	is_double(10, r.first, 1e-9, "10 ns per iteration reads 10 ns/op");
	is_string("ns/op", r.unit, "latency is in ns/op");
	ok(r.configs >= 5, "configuration lines come first (%zu)", r.configs);

	c.overhead = fake_overhead;
	ok(run(&o, &c, &r) == 0 && r.samples == 7, "a case with an overhead loop runs");
	is_double(7, r.first, 1e-9, "the 3 ns overhead is subtracted: 7 ns/op");
	ok(strncmp(r.overhead, "3", 1) == 0, "an overhead: line says what was subtracted (%s)", r.overhead);

	lp.ns_per_iter = 2;
	ok(run(&o, &c, &r) == 0, "an overhead larger than the loop still runs");
	is_double(0, r.first, 0, "a cost below the overhead reads 0, never negative");
	is_int(MSG_EXIT_OK, bench_exit_code(MSG_EXIT_OK), "nothing withheld yet: success stays 0");

	/*
	 * A system call's time of 0 is impossible (lib/core/metric: above 0): it
	 * is measured three times in all, then withheld, and the program's
	 * success becomes exit 3.
	 */
	c.name = "LatSyscall/op=null";
	{
		uint64_t before = fake_now;

		ok(run(&o, &c, &r) == 0 && r.samples == 0,
		   "an implausible summary is withheld: no result line");
		/* Each attempt: the overhead's calibration and samples, the
		 * loop's calibration and 7 samples of 2 ns per iteration. */
		ok(fake_now - before > 3 * 7 * 2 * 1000, "it was measured three times");
	}
	is_int(MSG_EXIT_IMPLAUSIBLE, bench_exit_code(MSG_EXIT_OK), "then success exits 3");
	is_int(MSG_EXIT_FAIL, bench_exit_code(MSG_EXIT_FAIL), "a failure stays a failure");
	c.overhead = NULL;
	{
		char why[128];
		double loss[3] = { 0, 0, 30 }, sent[3] = { 100, 100, 100 };

		ok(bench_check("BwUdp/size=1470/placement=one", "%loss", 100, why, sizeof(why))
		   && !bench_check("BwUdp/size=1470/placement=one", "%loss", 100.5, why, sizeof(why))
		   && strstr(why, "above 100") != NULL,
		   "a loss above 100%% is implausible: %s", why);
		ok(!bench_check("Unknown/op=x", "widgets", -1, why, sizeof(why))
		   && bench_check("Unknown/op=x", "widgets", 0, why, sizeof(why)),
		   "a result without an entry: any finite value of at least 0");
		is_double(10, bench_summary("BwUdp/size=1470/placement=one", "%loss", loss, sent, 3), 1e-9,
			  "a loss's summary is lost / sent over the samples, not the median 0");
		is_double(0, bench_summary("BwUdp/size=1470/placement=one", "%loss", loss, NULL, 3), 1e-9,
			  "without its weights, the median");
	}
	test_clock_bound(&o, &c, &lp);

	/* cppcheck-suppress redundantAssignment ; run() reads lp through c.arg */
	lp.ns_per_iter = 4;
	c.bytes_per_op = 64;
	c.name = "Fake/op=bw";
	ok(run(&o, &c, &r) == 0, "a bandwidth case runs");
	is_double(16000, r.first, 1e-6, "64 bytes per 4 ns reads 16000 MB/s");
	is_string("MB/s", r.unit, "bandwidth is in MB/s");
	c.bytes_per_op = 0;

	o.precision_pct = 1;
	o.precision_cap_ns = 5000000000ull;
	rc = run(&o, &c, &r);
	ok(rc == 0 && r.samples == 7, "a steady loop meets a 1%% target in -N samples (%zu)", r.samples);
	ok(strncmp(r.precision, "reached", 7) == 0, "precision: reached (%s)", r.precision);
	noise = 10;
	rc = run(&o, &c, &r);
	ok(rc == 0 && r.samples > 7, "a noisy loop takes more samples (%zu)", r.samples);
	ok(strncmp(r.precision, "not-reached", 11) == 0, "precision: not-reached within the cap (%s)", r.precision);
	noise = 0;
	o.precision_pct = 0;

	memset(&c, 0, sizeof(c));
	c.name = "Fake/op=self";
	c.sample = fake_sample;
	c.alt_unit = "files/s";
	c.alt_scale = 1e9;
	c.alt_inverse = 1;
	rc = run(&o, &c, &r);
	ok(rc == 0 && r.samples == 7, "a self-timed case runs -N samples");
	is_double(5, r.first, 1e-9, "its untimed setup is left out: 5 ns/op");
	is_uint(2, r.npairs, "a second value-unit pair on every line");
	is_double(2e8, r.alt, 1, "files/s = 1e9 / 5 ns");
	c.alt_inverse = 0;
	c.alt_scale = 8;
	c.alt_unit = "Mbit/s";
	c.bytes_per_op = 1;
	rc = run(&o, &c, &r);
	ok(rc == 0, "a case with a scaled second unit runs");
	is_double(r.first * 8, r.alt, 1e-6, "Mbit/s = 8 x MB/s");
	c.sample = NULL;
	c.alt_unit = NULL;
	c.bytes_per_op = 0;
	c.loop = fake_loop;
	c.arg = &lp;
	c.name = "Fake/op=bw";

	lp.fail = 1;
	ok(run(&o, &c, &r) == -1 && r.samples == 0, "a failing loop prints no number and returns -1");
	/* cppcheck-suppress redundantAssignment ; run() reads lp through c.arg */
	lp.fail = 0;

	timing_set_clock(NULL);
	o.parallel = 2;
	o.reps = 3;
	o.sample_ns = 1000000;
	c.loop = real_loop;
	c.name = "Real/op=spin";
	ok(run(&o, &c, &r) == 0 && r.samples == 3 && r.first > 0, "two parallel copies give 3 samples");
	is_string("Real/op=spin-2", r.name, "the name carries the -2 parallelism suffix");
	test_table();
	test_getopt();
	return 0;
}
