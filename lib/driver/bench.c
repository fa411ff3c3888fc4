/*
 * bench: shared options and the warm-up / calibrate / sample / parallel
 * driver (see bench.h).
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#ifdef __linux__
# include <sys/prctl.h>
#endif
#include <unistd.h>

#include "core/dist.h"
#include "core/metric.h"
#include "core/msg.h"
#include "core/output.h"
#include "core/parse.h"
#include "core/roff.h"
#include "core/stats.h"
#include "core/timing.h"
#include "driver/bench.h"
#include "driver/benchdoc.h"
#include "driver/noise.h"
#include "host/sysinfo.h"

#define SHARED_OPTS "N:W:P:c:T:I:o:hV"
#define MAX_SAMPLES 100000

/* The run's configuration lines are printed once, before the first result. */
static int config_done;

/*
 * The command line, for the "args:" configuration line: as bench_init
 * reorders it, the options before the operands, so that one command
 * written two ways reads the same.
 */
static int saved_argc;
static char **saved_argv;

static uint64_t arg_duration(const struct bench_prog *p, const char *opt, const char *s,
			     const char *unit, uint64_t lo, uint64_t hi);

/* Store or act on the table's option op with argument arg. */
static void
take_opt(const struct bench_prog *p, const struct bench_opt *op, const char *arg)
{
	void *ctx = op->ctx != NULL ? op->ctx : p->ctx;
	/* A CALL row may have nowhere to store: no pointer arithmetic on NULL. */
	char *at = ctx != NULL ? (char *)ctx + op->offset : NULL;
	char name[3] = { '-', op->letter, '\0' };

	if (at == NULL && op->kind != BENCH_OPT_CALL)
		msg_die("%s: option -%c has nowhere to store its value", p->name, op->letter);

	switch (op->kind) {
	case BENCH_OPT_FLAG:
		*(int *)(void *)at = 1;
		break;
	case BENCH_OPT_INT: {
		long long v = bench_arg_int(p, name, arg, (long long)op->lo, (long long)op->hi);

		if (op->multiple > 0 && v % (long long)op->multiple != 0)
			bench_usage_error(p, "%s: value '%s' is not a multiple of %.0f", name, arg,
					  op->multiple);
		*(long long *)(void *)at = v;
		break;
	}
	case BENCH_OPT_SIZE: {
		uint64_t v = bench_arg_size(p, name, arg, (uint64_t)op->lo, (uint64_t)op->hi);

		if (op->multiple > 0 && v % (uint64_t)op->multiple != 0)
			bench_usage_error(p, "%s: value '%s' is not a multiple of %.0f bytes", name, arg,
					  op->multiple);
		*(uint64_t *)(void *)at = v;
		break;
	}
	case BENCH_OPT_TIME:
		*(uint64_t *)(void *)at = arg_duration(p, name, arg, op->unit,
							(uint64_t)op->lo, (uint64_t)op->hi);
		break;
	case BENCH_OPT_TEXT:
		*(const char **)(void *)at = arg;
		break;
	case BENCH_OPT_CALL:
		break;
	}
	if (op->then != NULL)
		op->then(p, op->letter, arg, ctx);
}

void
bench_usage_error(const struct bench_prog *p, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	msg_warn("%s", buf);
	bench_print_usage(stderr, p);
	msg_quit(MSG_EXIT_USAGE);
}

long long
bench_arg_int(const struct bench_prog *p, const char *opt, const char *s,
	      long long lo, long long hi)
{
	char err[PARSE_ERRLEN];
	long long v;

	if (parse_int(opt, s, lo, hi, &v, err, sizeof(err)) != 0)
		bench_usage_error(p, "%s", err);
	return v;
}

uint64_t
bench_arg_size(const struct bench_prog *p, const char *opt, const char *s,
	       uint64_t lo, uint64_t hi)
{
	char err[PARSE_ERRLEN];
	uint64_t v;

	if (parse_size(opt, s, lo, hi, &v, err, sizeof(err)) != 0)
		bench_usage_error(p, "%s", err);
	return v;
}

static uint64_t
arg_duration(const struct bench_prog *p, const char *opt, const char *s,
	     const char *unit, uint64_t lo, uint64_t hi)
{
	char err[PARSE_ERRLEN];
	uint64_t v;

	if (parse_duration(opt, s, unit, lo, hi, &v, err, sizeof(err)) != 0)
		bench_usage_error(p, "%s", err);
	return v;
}

void
bench_arg_precision(struct bench_opts *o, const struct bench_prog *p, const char *s)
{
	char err[PARSE_ERRLEN], first[64];
	const char *comma = strchr(s, ',');
	size_t n = comma != NULL ? (size_t)(comma - s) : strlen(s);
	double level, width = 5;

	if (n >= sizeof(first))
		bench_usage_error(p, "-I: value '%s' is too long; expected pct[,seconds] or level[,width]", s);
	memcpy(first, s, n);
	first[n] = '\0';
	if (strtod(first, NULL) < 50) {
		if (parse_double("-I", first, 0.01, 50, &o->precision_pct, err, sizeof(err)) != 0)
			bench_usage_error(p, "%s", err);
		o->precision_level = 0.95;
		o->precision_netperf = 0;
		if (comma != NULL)
			o->precision_cap_ns = arg_duration(p, "-I", comma + 1, "s",
							   100000000ull, 3600000000000ull);
		return;
	}
	if (parse_double("-I", first, 50, 99.9, &level, err, sizeof(err)) != 0
	    || (comma != NULL && parse_double("-I", comma + 1, 0.01, 100, &width, err, sizeof(err)) != 0))
		bench_usage_error(p, "%s (netperf's -I level[,width]: a level in percent, 50 .. 99.9, "
				  "and the interval's width in percent of the value, 0.01 .. 100, default 5; "
				  "or -I pct[,s]: a half-width below 50%%, s seconds at most)", err);
	o->precision_level = level / 100;
	o->precision_pct = width / 2;
	o->precision_netperf = 1;
}

int
bench_pin(const int *cpus, size_t n)
{
#ifdef HAVE_SCHED_SETAFFINITY
	cpu_set_t set;
	size_t i;

	CPU_ZERO(&set);
	for (i = 0; i < n; i++) {
		/* CPU_SET would drop a CPU outside the set without a word. */
		if (cpus[i] < 0 || cpus[i] >= CPU_SETSIZE) {
			errno = EINVAL;
			return -1;
		}
		CPU_SET((size_t)cpus[i], &set);
	}
	return sched_setaffinity(0, sizeof(set), &set);
#else
	(void)cpus;
	(void)n;
	errno = ENOSYS;
	return -1;
#endif
}

/*
 * -c naming a CPU the machine does not have is a mistake in the command
 * line (exit 2, with the range); one it has but this process may not use
 * (a cpuset, an offline CPU) is the system's answer, found when pinning
 * (exit 77).
 */
static void
check_cpus(const struct bench_opts *o, const struct bench_prog *p)
{
#if defined(HAVE_SYSCONF) && defined(_SC_NPROCESSORS_CONF)
	long n = o->ncpus > 0 ? sysconf(_SC_NPROCESSORS_CONF) : -1;
	size_t i;

	for (i = 0; n > 0 && i < o->ncpus; i++)
		if (o->cpus[i] >= n)
			bench_usage_error(p, "-c: CPU %d is out of range: this machine has %ld CPU%s; "
					  "allowed: 0 .. %ld", o->cpus[i], n, n == 1 ? "" : "s", n - 1);
#else
	(void)o;
	(void)p;
#endif
}

/*
 * Fewer arguments than the program needs: name the first one missing (the
 * word of p->args after those given, e.g. bw_mem's operation after its
 * SIZE), not the whole list, which would start with one that was given.
 */
static HB_NORETURN void
missing_argument(const struct bench_prog *p, int nargs, char **given)
{
	const char *w = p->args, *prev = p->args;
	int i;

	for (i = 0; i < nargs && w != NULL; i++) {
		prev = w;
		if ((w = strchr(w, ' ')) != NULL)
			w++;
	}
	if (nargs == 0 || w == NULL || *w == '[')
		bench_usage_error(p, "missing argument: %s", p->args);
	bench_usage_error(p, "missing argument after %.*s '%s': %.*s", (int)(w - 1 - prev), prev,
			  given[nargs - 1], (int)strcspn(w, " "), w);
}

/* Reverse v[from .. to). */
static void
reverse(char **v, int from, int to)
{
	while (from < --to) {
		char *t = v[from];

		v[from++] = v[to];
		v[to] = t;
	}
}

/*
 * The operands set aside, argv[ops .. ops + nops), moved behind the
 * options parsed since, up to end (a rotation: each group keeps its
 * order), so that they end right before end.
 */
static void
ops_to(struct bench_getopt *g, int end)
{
	if (g->nops > 0 && g->ops + g->nops < end) {
		reverse(g->argv, g->ops, g->ops + g->nops);
		reverse(g->argv, g->ops + g->nops, end);
		reverse(g->argv, g->ops, end);
	}
	if (g->nops > 0)
		g->ops = end - g->nops;
}

void
bench_getopt_start(struct bench_getopt *g, int argc, char **argv, int stop)
{
	memset(g, 0, sizeof(*g));
	g->argc = argc;
	g->argv = argv;
	g->stop = stop;
}

/*
 * getopt itself sees only options: at an operand it returns -1 without
 * moving (both libcs with '+'), and the operand is set aside here.  Only
 * argv[1 .. optind) is reordered, and only between arguments, never in
 * the middle of one ("-ab"), where getopt keeps its place.
 */
int
bench_getopt(struct bench_getopt *g, const char *optstring)
{
	if (optstring[0] != '+')
		msg_die("bench_getopt: optstring '%s' does not begin with '+'", optstring);
	for (;;) {
		/* optind 0 (a reset) means 1: getopt starts there. */
		int at = optind > 0 ? optind : 1, c;

		g->word = at < g->argc ? g->argv[at] : NULL;
		c = getopt(g->argc, g->argv, optstring);
		if (c != -1)
			return c;
		/*
		 * getopt went past the argument: "--", the end of the options;
		 * stayed at the end; or stayed at an operand.
		 */
		if (optind > at || optind >= g->argc || g->stop) {
			ops_to(g, optind);
			g->first = optind - g->nops;
			return -1;
		}
		ops_to(g, optind);
		if (g->nops == 0)
			g->ops = optind;
		g->nops++;
		optind++;
	}
}

int
bench_init(struct bench_opts *o, const struct bench_prog *p, int argc, char **argv)
{
	char optstring[128], err[PARSE_ERRLEN];
	struct bench_getopt g;
	int c, nargs, first;
	size_t i;

	msg_init(argv[0]);
	saved_argc = argc;
	saved_argv = argv;
	memset(o, 0, sizeof(*o));
	o->reps = p->default_reps > 0 ? p->default_reps : 11;
	o->parallel = 1;
	o->sample_ns = 10000000;
	o->precision_cap_ns = 10000000000ull;
	o->precision_level = 0.95;
	o->output = isatty(STDOUT_FILENO) ? OUTPUT_TEXT : OUTPUT_RAW;

	if (argc == 2 && strcmp(argv[1], "--synopsis") == 0) {
		bench_print_synopsis(stdout, p);
		exit(MSG_EXIT_OK);
	}
	/*
	 * "+": getopt stops at an operand on every libc; bench_getopt sets
	 * it aside and goes on, so options may also follow the operands
	 * (lmbench stopped at the first).
	 */
	snprintf(optstring, sizeof(optstring), "+:%s", SHARED_OPTS);
	for (i = 0; i < p->nopts; i++) {
		size_t len = strlen(optstring);

		/* A letter the table shares with another option is the
		 * program's mistake: it would never be reached. */
		if (len + 3 > sizeof(optstring) || strchr(optstring + 2, p->opts[i].letter) != NULL
		    || p->opts[i].letter == ':' || p->opts[i].letter == '+'
		    || p->opts[i].letter == '-')
			msg_die("%s: option -%c of its table is taken or too many", p->name,
				p->opts[i].letter);
		/* An option with a value's name takes a value; a flag none. */
		optstring[len] = p->opts[i].letter;
		optstring[len + 1] = p->opts[i].metavar != NULL ? ':' : '\0';
		optstring[len + 2] = '\0';
	}
	opterr = 0;
	bench_getopt_start(&g, argc, argv, p->stop_at_operand);
	while ((c = bench_getopt(&g, optstring)) != -1) {
		switch (c) {
		case 'N':
			o->reps = (unsigned)bench_arg_int(p, "-N", optarg, 1, MAX_SAMPLES);
			break;
		case 'W':
			o->warmup_ns = arg_duration(p, "-W", optarg, "us", 0, 3600000000000ull);
			break;
		case 'P':
			o->parallel = (unsigned)bench_arg_int(p, "-P", optarg, 1, BENCH_MAX_CPUS);
			break;
		case 'c':
			if (parse_cpulist("-c", optarg, BENCH_MAX_CPUS - 1, o->cpus,
					  BENCH_MAX_CPUS, &o->ncpus, err, sizeof(err)) != 0)
				bench_usage_error(p, "%s", err);
			break;
		case 'T':
			o->sample_ns = arg_duration(p, "-T", optarg, "ms", 1000, 60000000000ull);
			break;
		case 'I':
			bench_arg_precision(o, p, optarg);
			break;
		case 'o':
			if (strcmp(optarg, "text") == 0)
				o->output = OUTPUT_TEXT;
			else if (strcmp(optarg, "raw") == 0)
				o->output = OUTPUT_RAW;
			else
				bench_usage_error(p, "-o: value '%s' is not an output format; allowed: text, raw", optarg);
			break;
		case 'h':
			bench_print_help(stdout, p);
			exit(MSG_EXIT_OK);
		case 'V':
			printf("%s (hostbench) %s\n", p->name, PACKAGE_VERSION);
			exit(MSG_EXIT_OK);
		case ':':
			bench_usage_error(p, "option -%c needs a value", optopt);
		case '?':
			if (optopt == '-' && strncmp(g.word, "--", 2) == 0) {
				if (strcmp(g.word, "--synopsis") == 0)
					bench_usage_error(p, "%s goes alone: %s %s", g.word, p->name,
							  g.word);
				bench_usage_error(p, "unknown option %s", g.word);
			}
			if (optopt == 'C')
				bench_usage_error(p, "unknown option -C (netperf's remote CPU: %s does not "
						  "measure the far end's CPU; bw_tcp and bw_udp always report it)",
						  p->name);
			if (optopt >= 0x21 && optopt < 0x7f)
				bench_usage_error(p, "unknown option -%c", optopt);
			bench_usage_error(p, "unknown option");
		default:
			for (i = 0; i < p->nopts; i++)
				if (p->opts[i].letter == c)
					break;
			if (i == p->nopts)
				bench_usage_error(p, "unknown option -%c", c);
			take_opt(p, &p->opts[i], optarg);
		}
	}
	if (p->max_parallel > 0 && o->parallel > p->max_parallel) {
		char range[32] = "1", why[256] = "";

		if (p->max_parallel > 1)
			snprintf(range, sizeof(range), "1 .. %u", p->max_parallel);
		if (p->why_parallel != NULL)
			snprintf(why, sizeof(why), " (%s)", p->why_parallel);
		bench_usage_error(p, "-P: value '%u' is out of range for %s; allowed: %s%s",
				  o->parallel, p->name, range, why);
	}
	if (o->precision_pct > 0 && p->why_precision != NULL)
		bench_usage_error(p, "-I: not supported by %s (%s)", p->name, p->why_precision);
	check_cpus(o, p);
	first = g.first;
	nargs = argc - first;
	if (nargs < p->min_args)
		missing_argument(p, nargs, argv + first);
	if (p->max_args >= 0 && nargs > p->max_args)
		bench_usage_error(p, "unexpected argument '%s'", argv[first + p->max_args]);
	if (o->ncpus > 0 && o->parallel == 1 && bench_pin(o->cpus, o->ncpus) != 0)
		msg_exit(MSG_EXIT_UNSUPPORTED, "cannot pin to the CPUs given with -c: %s",
			 strerror(errno));
	noise_start(o->output);
	return first;
}

void
bench_print_config(const struct bench_opts *o, const struct bench_prog *p)
{
	char buf[256];
	double load = sysinfo_loadavg();

	if (o->output != OUTPUT_RAW || config_done)
		return;
	config_done = 1;
	output_config(stdout, "bench", "%s", p->name);
	{
		char args[OUTPUT_MAX_VALUE] = "";
		size_t len = 0;
		int i;

		for (i = 1; i < saved_argc && len < sizeof(args); i++)
			len += (size_t)snprintf(args + len, sizeof(args) - len, "%s%s",
						i > 1 ? " " : "", saved_argv[i]);
		output_config(stdout, "args", "%s", args);
	}
	output_config(stdout, "samples", "%u", o->reps);
	output_config(stdout, "sample-time", "%s ms",
		      output_format_value(buf, sizeof(buf), (double)o->sample_ns / 1e6));
	output_config(stdout, "parallel", "%u", o->parallel);
	sysinfo_affinity(buf, sizeof(buf));
	output_config(stdout, "cpu-affinity", "%s", buf);
	if (load >= 0)
		output_config(stdout, "load", "%.2f", load);
	else
		output_config(stdout, "load", "unknown");
	output_config(stdout, "clock", "%s, resolution %llu ns, cost %.0f ns",
		      timing_clock_name(), (unsigned long long)timing_resolution(),
		      timing_call_cost());
}

/* Values withheld as implausible: success becomes MSG_EXIT_IMPLAUSIBLE. */
static unsigned withheld;

/* The metric row of a result (a parallel one, "-4", is its metric's), or NULL. */
static const struct metric_fact *
result_metric(const char *name, const char *unit)
{
	char base[OUTPUT_MAX_NAME];
	unsigned long copies;

	snprintf(base, sizeof(base), "%.*s", (int)metric_parallel(name, &copies), name);
	return metric_fact_find(base, unit);
}

/* Is unit a time in ns ("ns/op", "ns/io-p99"): what the clock bound applies to? */
static int
unit_is_ns(const char *unit)
{
	return strncmp(unit, "ns/", 3) == 0;
}

/*
 * bench_check, and the clock bound also where singly says that every
 * sample timed one operation.  Only bench_run knows that: the reporters'
 * callers give counts of other things (cache's derived levels say 1).
 */
static int
check_value(const char *name, const char *unit, double value, int singly, char *why, size_t len)
{
	const struct metric_fact *m = result_metric(name, unit);

	if (m != NULL) {
		if (!metric_plausible(m, value)) {
			metric_implausible_why(m, value, why, len);
			return 0;
		}
		singly = singly || metric_timed_singly(m, name);
	} else if (!isfinite(value) || value < 0) {
		snprintf(why, len, "%g %s is not a finite number of at least 0", value, unit);
		return 0;
	}
	/*
	 * One operation between two readings of the clock took at least one
	 * reading: a time below what a reading costs is not this machine's
	 * (a burst of n operations is bounded by cost / n only: not checked).
	 */
	if (singly && unit_is_ns(unit))
		return metric_clock_plausible(value, timing_call_cost(), why, len);
	return 1;
}

int
bench_check(const char *name, const char *unit, double value, char *why, size_t len)
{
	return check_value(name, unit, value, 0, why, len);
}

void
bench_withhold(const char *name, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	msg_warn("%s: implausible: %s; not reported", name, buf);
	withheld++;
}

int
bench_exit_code(int code)
{
	return code == MSG_EXIT_OK && withheld > 0 ? MSG_EXIT_IMPLAUSIBLE : code;
}

double
bench_summary(const char *name, const char *unit, const double *v, const double *w, size_t n)
{
	const struct metric_fact *m = result_metric(name, unit);
	enum metric_estimator e = METRIC_MEDIAN;

	if (m != NULL)
		e = metric_estimator_for(m, name);
	if (e == METRIC_WEIGHTED && w == NULL)
		e = METRIC_MEDIAN;
	return metric_estimate(e, v, w, n);
}

/*
 * 0 when every unit's summary of the k-pair samples is plausible; else
 * -1 with the first reason in why ("UNIT: ...").
 */
static int
check_pairs(const char *name, const double *vals, size_t n, const char *const *units, size_t k,
	    char *why, size_t len)
{
	double *col, *wcol;
	size_t i, j, w;
	int rc = 0;

	if (n == 0)
		return 0;
	col = malloc(n * sizeof(*col));
	wcol = malloc(n * sizeof(*wcol));
	if (col == NULL || wcol == NULL)
		msg_sysdie("cannot allocate %zu samples", n);
	for (j = 0; j < k && rc == 0; j++) {
		/* A run's own figure (p50-ns, local-%sys) under the name the results tool reads. */
		char iname[OUTPUT_MAX_NAME], iunit[OUTPUT_MAX_UNIT];
		const struct metric_fact *m;
		const double *weights = NULL;

		output_internal(name, units[j], iname, sizeof(iname), iunit, sizeof(iunit));
		m = result_metric(iname, iunit);
		for (i = 0; i < n; i++)
			col[i] = vals[i * k + j];
		/* The weights of a share are its line's values in their unit. */
		if (m != NULL && m->weight_unit != NULL)
			for (w = 0; w < k; w++) {
				char wname[OUTPUT_MAX_NAME], wunit[OUTPUT_MAX_UNIT];

				output_internal(name, units[w], wname, sizeof(wname), wunit, sizeof(wunit));
				if (strcmp(wname, iname) == 0 && strcmp(wunit, m->weight_unit) == 0) {
					for (i = 0; i < n; i++)
						wcol[i] = vals[i * k + w];
					weights = wcol;
					break;
				}
			}
		if (!bench_check(iname, iunit, bench_summary(iname, iunit, col, weights, n), why, len))
			rc = -1;
	}
	free(col);
	free(wcol);
	return rc;
}

void
bench_report_k(const struct bench_opts *o, const char *name, const uint64_t *iters,
	       const double *vals, size_t n, const char *const *units, size_t k)
{
	char why[256];
	size_t i, j;

	if (check_pairs(name, vals, n, units, k, why, sizeof(why)) != 0) {
		bench_withhold(name, "%s", why);
		return;
	}
	if (o->output == OUTPUT_RAW) {
		for (i = 0; i < n; i++)
			output_sample_pairs(stdout, name, iters[i], vals + i * k, units, k);
	} else {
		double *col = malloc((n > 0 ? n : 1) * sizeof(*col));
		struct stats s;

		if (col == NULL)
			msg_sysdie("cannot allocate %zu samples", n);
		for (j = 0; j < k; j++) {
			char iname[OUTPUT_MAX_NAME], iunit[OUTPUT_MAX_UNIT];

			/* For people, a run's own figure as its own line: "LatTcp/stat=p50 ... ns/op". */
			output_internal(name, units[j], iname, sizeof(iname), iunit, sizeof(iunit));
			for (i = 0; i < n; i++)
				col[i] = vals[i * k + j];
			if (stats_compute(col, n, &s) == 0)
				output_text(stdout, iname, &s, iunit);
		}
		free(col);
	}
	msg_flush();
}

void
bench_report_pairs(const struct bench_opts *o, const char *name,
		   const uint64_t *iters, const double *values, size_t n,
		   const char *unit, const double *alt, const char *alt_unit)
{
	const char *const units[2] = { unit, alt_unit };
	size_t k = alt != NULL ? 2 : 1, i;
	double *v = malloc((n > 0 ? n : 1) * k * sizeof(*v));

	if (v == NULL)
		msg_sysdie("cannot allocate %zu samples", n);
	for (i = 0; i < n; i++) {
		v[i * k] = values[i];
		if (alt != NULL)
			v[i * k + 1] = alt[i];
	}
	bench_report_k(o, name, iters, v, n, units, k);
	free(v);
}

void
bench_report(const struct bench_opts *o, const char *name,
	     const uint64_t *iters, const double *values, size_t n,
	     const char *unit)
{
	bench_report_pairs(o, name, iters, values, n, unit, NULL, NULL);
}

/* One timed run of a case: its loop, or its self-timing sample. */
static int
run_once(const struct bench_case *c, uint64_t iters, uint64_t *ns)
{
	if (c->sample != NULL)
		return c->sample(c->arg, iters, ns);
	return timing_run(c->loop, c->arg, iters, ns);
}

/*
 * A loop that failed with errno set gets strerror; one that set errno to
 * 0 has said what went wrong itself.
 */
static void
loop_failed(const struct bench_case *c, const char *what)
{
	if (errno != 0)
		msg_syswarn("%s: %s", c->name, what);
	else
		msg_warn("%s: %s", c->name, what);
}

/*
 * Parallel copies: forked once per case; each waits for an iteration
 * count on its command pipe, runs the loop and answers with its time.
 * Copies start together (the parent writes all commands back to back)
 * and the sample is the mean latency per copy or the summed bandwidth.
 */
struct copy {
	pid_t pid;
	int cmd, res;
};

struct answer {
	int rc, err;
	uint64_t ns;
};

static HB_NORETURN void
copy_main(const struct bench_opts *o, const struct bench_case *c, size_t idx,
	  int cmd, int res)
{
	struct answer a;
	uint64_t n;

#ifdef __linux__
	/* A copy never outlives the benchmark, even one killed by SIGKILL. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
	if (o->ncpus > 0 && bench_pin(&o->cpus[idx % o->ncpus], 1) != 0) {
		a.rc = -1;
		a.err = errno;
		a.ns = 0;
		(void)!write(res, &a, sizeof(a));
		_exit(MSG_EXIT_UNSUPPORTED);
	}
	if (c->copy_init != NULL && c->copy_init(c->arg) != 0) {
		a.rc = -1;
		a.err = errno;
		a.ns = 0;
		(void)!write(res, &a, sizeof(a));
		_exit(MSG_EXIT_FAIL);
	}
	while (read(cmd, &n, sizeof(n)) == (ssize_t)sizeof(n) && n > 0) {
		memset(&a, 0, sizeof(a));
		errno = 0;
		a.rc = run_once(c, n, &a.ns);
		a.err = errno;
		if (write(res, &a, sizeof(a)) != (ssize_t)sizeof(a) || a.rc != 0)
			break;
	}
	/* exit() would run the parent's atexit cleanups (temp files). */
	_exit(MSG_EXIT_OK);
}

static void
copies_stop(struct copy *cp, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (cp[i].cmd >= 0)
			close(cp[i].cmd);
		if (cp[i].res >= 0)
			close(cp[i].res);
	}
	for (i = 0; i < n; i++)
		if (cp[i].pid > 0) {
			int status;

			/* Closed pipes end a copy's loop; a stuck one is killed. */
			noise_child(cp[i].pid);
			if (waitpid(cp[i].pid, &status, WNOHANG) == 0) {
				struct timespec grace = { 0, 100000000 };

				nanosleep(&grace, NULL);
				if (waitpid(cp[i].pid, &status, WNOHANG) == 0) {
					kill(cp[i].pid, SIGKILL);
					waitpid(cp[i].pid, &status, 0);
				}
			}
		}
}

static int
copies_start(const struct bench_opts *o, const struct bench_case *c,
	     struct copy *cp, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		cp[i].pid = 0, cp[i].cmd = cp[i].res = -1;
	fflush(NULL);
	for (i = 0; i < n; i++) {
		int cmd[2], res[2];

		if (pipe(cmd) != 0)
			goto fail;
		if (pipe(res) != 0) {
			close(cmd[0]);
			close(cmd[1]);
			goto fail;
		}
		cp[i].pid = fork();
		if (cp[i].pid < 0) {
			close(cmd[0]), close(cmd[1]), close(res[0]), close(res[1]);
			goto fail;
		}
		if (cp[i].pid == 0) {
			size_t j;

			for (j = 0; j < i; j++)
				close(cp[j].cmd), close(cp[j].res);
			close(cmd[1]);
			close(res[0]);
			copy_main(o, c, i, cmd[0], res[1]);
		}
		close(cmd[0]);
		close(res[1]);
		cp[i].cmd = cmd[1];
		cp[i].res = res[0];
	}
	return 0;
fail:
	msg_syswarn("%s: cannot start %zu parallel copies", c->name, n);
	copies_stop(cp, n);
	return -1;
}

/* One sample of all copies: per-copy ns/op mean, or total bytes/ns. */
static int
copies_sample(const struct bench_case *c, struct copy *cp, size_t n,
	      uint64_t iters, double *ns_per_op, double *bytes_per_ns)
{
	double lat = 0, bw = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (write(cp[i].cmd, &iters, sizeof(iters)) != (ssize_t)sizeof(iters)) {
			msg_syswarn("%s: parallel copy %zu", c->name, i);
			return -1;
		}
	for (i = 0; i < n; i++) {
		struct answer a;

		if (read(cp[i].res, &a, sizeof(a)) != (ssize_t)sizeof(a)) {
			msg_warn("%s: parallel copy %zu died", c->name, i);
			return -1;
		}
		if (a.rc != 0) {
			char what[64];

			errno = a.err;
			snprintf(what, sizeof(what), "parallel copy %zu failed", i);
			loop_failed(c, what);
			return -1;
		}
		if (a.ns == 0)
			a.ns = 1;
		lat += (double)a.ns / (double)iters;
		bw += c->bytes_per_op * (double)iters / (double)a.ns;
	}
	*ns_per_op = lat / (double)n;
	*bytes_per_ns = bw;
	return 0;
}

/* The ns per iteration of the overhead loop, timed like the samples. */
static int
measure_overhead(const struct bench_opts *o, const struct bench_case *c,
		 double *per_op)
{
	double v[21];
	uint64_t n, ns;
	/* From 5 (a median says little with fewer) to as many as v holds. */
	size_t i, reps = o->reps < 5 ? 5 : o->reps < HB_ARRAY_SIZE(v) ? o->reps : HB_ARRAY_SIZE(v);
	struct stats s;

	if (timing_calibrate(c->overhead, c->arg, o->sample_ns, c->max_iters, &n) != 0)
		return -1;
	for (i = 0; i < reps; i++) {
		if (timing_run(c->overhead, c->arg, n, &ns) != 0)
			return -1;
		v[i] = (double)ns / (double)n;
	}
	if (stats_compute(v, reps, &s) != 0)
		return -1;
	/*
	 * The lower quartile, as the samples it is taken from are summarized
	 * (lib/core/metric: a time's estimator): an overhead inflated by a
	 * preempted sample would be subtracted from every sample, and make a
	 * cost look smaller than it is, or zero.
	 */
	*per_op = s.q1;
	return 0;
}

/*
 * Whether samples v[0 .. n-1] are precise enough: *pct the half-width of
 * the median's distribution-free interval at -I's level (the wider side,
 * in percent of the median), met when the interval's coverage reaches the
 * level and *pct the target.
 */
static int
precision_met(const struct bench_opts *o, const double *v, size_t n, double *pct)
{
	double *y, median, cover, below, above;
	size_t lo, hi;

	y = malloc(n * sizeof(*y));
	if (y == NULL)
		return 0;
	memcpy(y, v, n * sizeof(*y));
	stats_sort(y, n);
	median = stats_quantile_sorted(y, n, 0.5);
	stats_median_ci_ranks(n, o->precision_level, &lo, &hi, &cover);
	below = median - y[lo - 1];
	above = y[hi - 1] - median;
	free(y);
	below = below > above ? below : above;
	*pct = median != 0 ? 100 * below / fabs(median) : below == 0 ? 0 : HUGE_VAL;
	return cover >= o->precision_level && *pct <= o->precision_pct;
}

int
bench_precision_mean(const struct bench_opts *o, const double *v, size_t n, double *pct)
{
	struct stats s;

	*pct = HUGE_VAL;
	if (n < 2 || stats_compute(v, n, &s) != 0 || !(s.mean > 0))
		return 0;
	*pct = 100 * dist_t_quantile((1 - o->precision_level) / 2, (double)(n - 1))
		* s.stddev / sqrt((double)n) / s.mean;
	return *pct <= o->precision_pct;
}

void
bench_precision_target(const struct bench_opts *o, const char *what, double sample_s)
{
	if (o->precision_pct > 0 && o->output == OUTPUT_RAW)
		output_config(stdout, "precision-target",
			      "+-%g%% of the mean %s at %g%% confidence, from %u samples of %.3g s, for %.3g s at most",
			      o->precision_pct, what, 100 * o->precision_level, o->reps, sample_s,
			      (double)o->precision_cap_ns / 1e9);
}

void
bench_precision_report(const struct bench_opts *o, const char *name, int met, double pct, size_t n)
{
	static const char *const units[] = { "%halfwidth", "samples" };
	double v[2];
	uint64_t count = n > 0 ? n : 1;

	if (o->precision_pct <= 0)
		return;
	if (!met)
		msg_warn("%s: precision target ±%g%% at %g%% confidence not reached: ±%.2f%% after %zu samples",
			 name, o->precision_pct, 100 * o->precision_level, pct, n);
	v[0] = pct, v[1] = (double)n;
	/* Fewer than two samples have no interval: the warning says so, no line. */
	if (o->output == OUTPUT_RAW && isfinite(pct))
		output_sample_pairs(stdout, name, count, v, units, 2);
	else
		printf("%-36s %g%% confidence: ±%.2f%% after %zu samples%s\n", name,
		       100 * o->precision_level, pct, n, met ? "" : " (target not reached)");
}

int
bench_run(const struct bench_opts *o, const struct bench_prog *p,
	  const struct bench_case *c)
{
	struct copy *cp = NULL;
	uint64_t *iters = NULL, n, ns, start;
	double *values = NULL, *alt = NULL, overhead = 0, pct = 0;
	size_t cap = o->reps, count = 0;
	int rc = -1, met = 0, attempt = 0;
	const char *unit = c->bytes_per_op > 0 ? "MB/s" : "ns/op";
	char name[OUTPUT_MAX_NAME];

	if (o->parallel > 1)
		snprintf(name, sizeof(name), "%s-%u", c->name, o->parallel);
	else
		snprintf(name, sizeof(name), "%s", c->name);
	bench_print_config(o, p);
again:
	errno = 0;
	if (c->overhead != NULL && measure_overhead(o, c, &overhead) != 0) {
		loop_failed(c, "overhead loop failed");
		goto out;
	}
	/* Calibration runs the loop many times: it is the first warm-up. */
	errno = 0;
	if ((c->sample != NULL
	     ? timing_calibrate_sample(c->sample, c->arg, o->sample_ns, c->max_iters, &n)
	     : timing_calibrate(c->loop, c->arg, o->sample_ns, c->max_iters, &n)) != 0) {
		loop_failed(c, "operation failed");
		goto out;
	}
	for (start = timing_now(); timing_now() - start < o->warmup_ns;)
		if (run_once(c, n, &ns) != 0) {
			loop_failed(c, "operation failed");
			goto out;
		}
	if (o->parallel > 1 && cp == NULL) {
		cp = calloc(o->parallel, sizeof(*cp));
		if (cp == NULL || copies_start(o, c, cp, o->parallel) != 0) {
			free(cp);
			cp = NULL;
			goto out;
		}
	}
	if (iters == NULL)
		iters = malloc(cap * sizeof(*iters));
	if (values == NULL)
		values = malloc(cap * sizeof(*values));
	if (iters == NULL || values == NULL) {
		msg_syswarn("%s", c->name);
		goto out;
	}
	count = 0;
	start = timing_now();
	for (;;) {
		double per_op, bw;

		if (count == cap) {
			void *ni, *nv;

			if (o->precision_pct <= 0 || cap >= MAX_SAMPLES)
				break;
			cap *= 2;
			ni = realloc(iters, cap * sizeof(*iters));
			if (ni != NULL)
				iters = ni;
			nv = realloc(values, cap * sizeof(*values));
			if (nv != NULL)
				values = nv;
			if (ni == NULL || nv == NULL) {
				msg_syswarn("%s", c->name);
				goto out;
			}
		}
		if (cp != NULL) {
			if (copies_sample(c, cp, o->parallel, n, &per_op, &bw) != 0)
				goto out;
		} else {
			errno = 0;
			if (run_once(c, n, &ns) != 0) {
				loop_failed(c, "operation failed");
				goto out;
			}
			if (ns == 0)
				ns = 1;
			per_op = (double)ns / (double)n;
			bw = c->bytes_per_op * (double)n / (double)ns;
		}
		/*
		 * A time below the measured overhead is noise, not a negative
		 * cost: report it as zero rather than an impossible value.
		 */
		per_op -= overhead;
		if (per_op < 0)
			per_op = 0;
		iters[count] = n;
		values[count] = c->bytes_per_op > 0 ? bw * 1000.0 : per_op;
		count++;
		if (count < o->reps)
			continue;
		if (o->precision_pct <= 0)
			break;
		if ((met = precision_met(o, values, count, &pct)) != 0)
			break;
		if (timing_now() - start >= o->precision_cap_ns)
			break;
	}
	{
		char why[256];

		/*
		 * A summary the machine cannot have produced (a time of 0: the
		 * overhead measured above the operation) is measured again,
		 * overhead and all, twice at most; bench_report_pairs then
		 * withholds what is still out of bounds.  Samples of one
		 * iteration each timed a single operation: the clock bound
		 * holds for them too, which only this driver knows, so it
		 * withholds those itself.
		 */
		int good = check_value(name, unit, bench_summary(name, unit, values, NULL, count),
				       n == 1, why, sizeof(why));

		if (!good && attempt < 2) {
			attempt++;
			msg_warn("%s: %s; measuring again (%d of 2)", name, why, attempt);
			goto again;
		}
		if (!good) {
			bench_withhold(name, "%s", why);
			rc = 0;
			goto out;
		}
	}
	if (o->precision_pct > 0) {
		if (!met)
			msg_warn("%s: precision target ±%g%% at %g%% confidence not reached: ±%.2f%% after %zu samples",
				 c->name, o->precision_pct, 100 * o->precision_level, pct, count);
		if (o->output == OUTPUT_RAW)
			output_config(stdout, "precision", "%s ±%.2f%% (target ±%g%% at %g%% confidence) after %zu samples",
				      met ? "reached" : "not-reached", pct, o->precision_pct,
				      100 * o->precision_level, count);
	}
	if (o->output == OUTPUT_RAW && c->overhead != NULL)
		output_config(stdout, "overhead", "%.2f ns/op subtracted", overhead);
	if (c->alt_unit != NULL) {
		size_t i;

		alt = malloc(count * sizeof(*alt));
		if (alt == NULL) {
			msg_syswarn("%s", c->name);
			goto out;
		}
		for (i = 0; i < count; i++)
			alt[i] = !c->alt_inverse ? c->alt_scale * values[i]
				: values[i] > 0 ? c->alt_scale / values[i] : 0;
	}
	if (c->finish != NULL && c->finish(c->arg) != 0) {
		loop_failed(c, "after the samples");
		goto out;
	}
	if (c->ops_per_iter > 1) {
		size_t i;

		for (i = 0; i < count; i++)
			iters[i] = iters[i] <= UINT64_MAX / c->ops_per_iter ? iters[i] * c->ops_per_iter
				: UINT64_MAX;
	}
	bench_report_pairs(o, name, iters, values, count, unit, alt, c->alt_unit);
	rc = 0;
out:
	if (cp != NULL) {
		copies_stop(cp, o->parallel);
		free(cp);
	}
	free(iters);
	free(values);
	free(alt);
	return rc;
}
