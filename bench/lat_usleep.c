/*
 * lat_usleep: how late a sleeping process wakes up, in ns per wake-up.
 *
 * One wake-up: read the clock, sleep USEC by one method, read the clock;
 * the lateness is the elapsed time minus USEC (it includes entering and
 * leaving the call).  A sample is -n wake-ups, or as many as fit in -t;
 * its p50, p90, p99 and max come from a fixed-size histogram (buckets at
 * most 0.8% wide), as does the distribution over the whole run.  -l starts
 * busy processes that load the CPUs; they are killed on every exit path.
 */
#include "config.h"

#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
# include <sys/prctl.h>
#endif

#include "core/hist.h"
#include "core/msg.h"
#include "core/parse.h"
#include "driver/bench.h"

#define MAX_LOAD 1024

struct state {
	uint64_t usec;
	struct timespec ts;
	sigset_t alrm;
#if defined(_POSIX_TIMERS) && _POSIX_TIMERS > 0
	timer_t timer;
	int have_timer;
#endif
	char suffix[64];	/* "/load=2/slack=1/sched=rr": what differs from a plain run */
};

static int
do_nanosleep(struct state *s)
{
	struct timespec req = s->ts, rem;

	while (nanosleep(&req, &rem) != 0) {
		if (errno != EINTR)
			return -1;
		req = rem;
	}
	return 0;
}

static int
do_usleep(struct state *s)
{
	return usleep((useconds_t)s->usec); /* cppcheck-suppress usleepCalled ; usleep is what it measures */
}

static int
do_select(struct state *s)
{
	struct timeval tv;

	tv.tv_sec = 0;
	tv.tv_usec = (suseconds_t)s->usec;
	return select(0, NULL, NULL, NULL, &tv) < 0 ? -1 : 0;
}

static int
do_pselect(struct state *s)
{
	return pselect(0, NULL, NULL, NULL, &s->ts, NULL) < 0 ? -1 : 0;
}

/* Timer signals stay blocked and are taken with sigwait: no handler runs. */
static int
wait_alarm(struct state *s)
{
	int sig, rc = sigwait(&s->alrm, &sig);

	if (rc != 0)
		errno = rc;
	return rc != 0 ? -1 : 0;
}

static int
do_itimer(struct state *s)
{
	struct itimerval it;

	memset(&it, 0, sizeof(it));
	it.it_value.tv_usec = (suseconds_t)s->usec;
	return setitimer(ITIMER_REAL, &it, NULL) != 0 ? -1 : wait_alarm(s);
}

static int
do_timer(struct state *s)
{
#if defined(_POSIX_TIMERS) && _POSIX_TIMERS > 0
	struct itimerspec its;

	if (!s->have_timer) {
		struct sigevent ev;

		memset(&ev, 0, sizeof(ev));
		ev.sigev_notify = SIGEV_SIGNAL;
		ev.sigev_signo = SIGALRM;
		if (timer_create(CLOCK_MONOTONIC, &ev, &s->timer) != 0)
			return -1;
		s->have_timer = 1;
	}
	memset(&its, 0, sizeof(its));
	its.it_value = s->ts;
	return timer_settime(s->timer, 0, &its, NULL) != 0 ? -1 : wait_alarm(s);
#else
	(void)s;
	errno = ENOSYS;
	return -1;
#endif
}

static const struct method {
	const char *name;
	int (*sleep)(struct state *s);
	int dflt;		/* in the default set: one of each kernel path */
} methods[] = {
	{ "nanosleep", do_nanosleep, 1 },
	{ "usleep", do_usleep, 0 },
	{ "select", do_select, 1 },
	{ "pselect", do_pselect, 0 },
	{ "itimer", do_itimer, 1 },
	{ "timer", do_timer, 1 },
};
#define NM HB_ARRAY_SIZE(methods)
static const struct { const char *name; double p; } stats[] = {
	{ "p50", 0.5 }, { "p90", 0.9 }, { "p99", 0.99 }, { "max", 1.0 },
};

/* Options and the load processes (read by the exit and signal handlers). */
static struct opts {
	uint64_t usec, count, budget_ns;
	long long n, load, slack;	/* -n (0: not given), -l, -s */
	int rt, want[NM];
} opt = { 100, 100, 0, 0, 0, 0, 0, { 0 } };
static pid_t load_pid[MAX_LOAD];
static volatile sig_atomic_t nload;

static void
load_stop(void)
{
	sig_atomic_t i, n = nload;

	nload = 0;
	for (i = 0; i < n; i++)
		kill(load_pid[i], SIGKILL);
	for (i = 0; i < n; i++)
		while (waitpid(load_pid[i], NULL, 0) < 0 && errno == EINTR)
			;
}

static void
on_signal(int sig)
{
	load_stop();
	signal(sig, SIG_DFL);
	raise(sig);
}

static HB_NORETURN void
spin(pid_t parent)
{
	volatile unsigned long x = 0;
	unsigned long i;

	signal(SIGINT, SIG_DFL), signal(SIGTERM, SIG_DFL), signal(SIGHUP, SIG_DFL);
#ifdef __linux__
	prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
	/* Where the parent's death sends no signal, notice it by polling. */
	while (getppid() == parent)
		for (i = 0; i < 10000000; i++)
			x++;
	_exit(0);
}

static void
load_start(unsigned n)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa, old;
	pid_t self = getpid();
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < HB_ARRAY_SIZE(sigs); i++)
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
	atexit(load_stop);
	fflush(NULL);
	while ((unsigned)nload < n) {
		pid_t pid = fork();

		if (pid < 0)
			msg_sysdie("-l: cannot start load process %d of %u", (int)nload + 1, n);
		if (pid == 0)
			spin(self);
		load_pid[nload] = pid;
		nload = nload + 1;
	}
}

/* One sample of method m into h: -n wake-ups or -t time, whichever first. */
static int
sample(const struct method *m, struct state *s, struct hist *h, struct hist *all,
       uint64_t *early)
{
	uint64_t want = s->usec * 1000, start = timing_now(), t0, t;

	hist_init(h);
	while (h->n < opt.count
	       && (opt.budget_ns == 0 || h->n == 0 || timing_now() - start < opt.budget_ns)) {
		t0 = timing_now();
		if (m->sleep(s) != 0)
			return -1;
		t = timing_now() - t0;
		*early += t < want;
		hist_add(h, t > want ? t - want : 0);
		hist_add(all, t > want ? t - want : 0);
	}
	return 0;
}

/* The "# hist:" line of h under name (lib/core/hist.h), for the results tool to merge. */
static void
print_hist(const char *name, const struct hist *h)
{
	char full[OUTPUT_MAX_NAME + 16], *buf;
	int n;

	snprintf(full, sizeof(full), "Benchmark%s", name);
	n = hist_format_line(NULL, 0, full, "ns/op", h);
	if (n < 0 || (buf = malloc((size_t)n + 1)) == NULL) {
		msg_warn("%s: no room for its histogram line", name);
		return;
	}
	hist_format_line(buf, (size_t)n + 1, full, "ns/op", h);
	printf("%s\n", buf);
	free(buf);
}

/*
 * Raw: a line per sample, its sleeps the count and their percentiles the
 * values (p50-ns p90-ns p99-ns max-ns), as a Go benchmark reports more
 * than one figure of each run; the results tool reads each as the
 * LatUsleep/method=M/stat=S/usec=U of older files.
 */
static void
report_raw(const struct bench_opts *o, const struct method *m, const struct state *s,
	   double *val[], const uint64_t *iters)
{
	static const char *const units[] = { "p50-ns", "p90-ns", "p99-ns", "max-ns" };
	char name[OUTPUT_MAX_NAME];
	double *v = malloc(o->reps * HB_ARRAY_SIZE(units) * sizeof(*v));
	size_t i, r;

	if (v == NULL)
		msg_sysdie("cannot allocate %u samples", o->reps);
	for (r = 0; r < o->reps; r++)
		for (i = 0; i < HB_ARRAY_SIZE(units); i++)
			v[r * HB_ARRAY_SIZE(units) + i] = val[i][r];
	snprintf(name, sizeof(name), "LatUsleep/method=%s/usec=%llu%s", m->name,
		 (unsigned long long)s->usec, s->suffix);
	bench_report_k(o, name, iters, v, o->reps, units, HB_ARRAY_SIZE(units));
	free(v);
}

static int
run(const struct bench_opts *o, const struct method *m, struct state *s,
    double *val[], uint64_t *iters)
{
	static struct hist h, all;
	char name[OUTPUT_MAX_NAME], line[OUTPUT_MAX_VALUE], text[64];
	uint64_t early = 0, start;
	unsigned r, i;

	hist_init(&all);
	/* The first calls fault in code and kernel paths: not counted. */
	for (i = 0, start = timing_now(); i < 3 || timing_now() - start < o->warmup_ns; i++)
		if (m->sleep(s) != 0)
			return -1;
	for (r = 0; r < o->reps; r++) {
		if (sample(m, s, &h, &all, &early) != 0)
			return -1;
		iters[r] = h.n;
		for (i = 0; i < HB_ARRAY_SIZE(stats); i++)
			val[i][r] = hist_quantile(&h, stats[i].p);
	}
	snprintf(line, sizeof(line), "method=%s wakeups=%llu p50=%.0f p90=%.0f p99=%.0f max=%.0f early=%llu ns",
		 m->name, (unsigned long long)all.n, hist_quantile(&all, 0.5),
		 hist_quantile(&all, 0.9), hist_quantile(&all, 0.99), hist_quantile(&all, 1),
		 (unsigned long long)early);
	if (o->output == OUTPUT_RAW) {
		output_config(stdout, "lateness", "%s", line);
		report_raw(o, m, s, val, iters);
	}
	for (i = 0; i < HB_ARRAY_SIZE(stats) && o->output != OUTPUT_RAW; i++) {
		snprintf(name, sizeof(name), "LatUsleep/method=%s/stat=%s/usec=%llu%s", m->name,
			 stats[i].name, (unsigned long long)s->usec, s->suffix);
		/*
		 * A percentile of the whole run is the merged histogram's, not the
		 * median of the samples' percentiles: a tail of rare late wake-ups
		 * spread over the samples falls below each sample's p99.
		 */
		printf("%-48s %12s %-6s (of all %llu wake-ups)\n", name,
		       output_format_value(text, sizeof(text), hist_quantile(&all, stats[i].p)), "ns/op",
		       (unsigned long long)all.n);
	}
	/* Raw: the samples' percentiles above, the whole run's histogram here, to merge. */
	if (o->output == OUTPUT_RAW) {
		snprintf(name, sizeof(name), "LatUsleep/method=%s/usec=%llu%s", m->name,
			 (unsigned long long)s->usec, s->suffix);
		print_hist(name, &all);
	} else if (early > 0) {
		printf("  %llu wake-ups came early (before the time asked)\n", (unsigned long long)early);
	}
	msg_flush();
	return 0;
}

/* A sleep time or a method name, from -u or a positional argument. */
static void
usec_or_method(const struct bench_prog *p, const char *what, const char *arg)
{
	size_t i;

	if (*arg >= '0' && *arg <= '9') {
		opt.usec = (uint64_t)bench_arg_int(p, what, arg, 1, 999999);
		return;
	}
	for (i = 0; i < NM; i++)
		if (strcmp(arg, methods[i].name) == 0) {
			opt.want[i] = 1;
			return;
		}
	bench_usage_error(p, "%s: unknown method '%s'; allowed: a time in us (1 .. 999999), "
			  "nanosleep, usleep, select, pselect, itimer, timer", what, arg);
}

static void
u_then(const struct bench_prog *p, int letter, const char *arg, void *ctx)
{
	(void)letter, (void)ctx;
	usec_or_method(p, "-u", arg);
}

static const struct bench_opt opts[] = {
	{ 'u', BENCH_OPT_CALL, "usec|method", 0, 0, 0, NULL, 0,
	  "sleep time in us (default 100), or a method (lmbench's -u)", u_then, NULL },
	{ 'n', BENCH_OPT_INT, "count", offsetof(struct opts, n), 1, 10000000, NULL, 0,
	  "wake-ups per sample (default 100; unlimited with -t alone)", NULL, NULL },
	{ 't', BENCH_OPT_TIME, "time", offsetof(struct opts, budget_ns), 1e6, 3600e9, "ms", 0,
	  "end a sample after this long (bare number: ms)", NULL, NULL },
	{ 'l', BENCH_OPT_INT, "procs", offsetof(struct opts, load), 0, MAX_LOAD, NULL, 0,
	  "start procs busy processes to load the CPUs", NULL, NULL },
	{ 's', BENCH_OPT_INT, "ns", offsetof(struct opts, slack), 1, 1000000000, NULL, 0,
	  "set the timer slack first (Linux; 1: the least)", NULL, NULL },
	{ 'r', BENCH_OPT_FLAG, NULL, offsetof(struct opts, rt), 0, 0, NULL, 0,
	  "sleep with real-time priority (SCHED_RR)", NULL, NULL },
};

static const struct bench_prog prog = {
	.name = "lat_usleep",
	.args = "[usec] [nanosleep|usleep|select|pselect|itimer|timer ...]",
	.summary = "lat_usleep: wake-up lateness of sleeping calls, ns per wake-up (p50, p90, p99, max)",
	.opts = opts,
	.nopts = HB_ARRAY_SIZE(opts),
	.ctx = &opt,
	.min_args = 0,
	.max_args = -1,
	.max_parallel = 1,
	.why_parallel = "it runs one sleeper; -l loads the CPUs",
	.why_precision = "a sample is -n wake-ups; use -N",
};

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct state s;
	double *val[HB_ARRAY_SIZE(stats)];
	uint64_t *iters;
	size_t i;
	int ai = bench_init(&o, &prog, argc, argv), any = 0;
	long slack = -1;

	for (; ai < argc; ai++)
		usec_or_method(&prog, "argument", argv[ai]);
	if (opt.n > 0)
		opt.count = (uint64_t)opt.n;
	else if (opt.budget_ns > 0)
		opt.count = UINT64_MAX;
	for (i = 0; i < NM; i++)
		any |= opt.want[i];
	memset(&s, 0, sizeof(s));
	s.usec = opt.usec;
	/* "%.0u" prints nothing for 0: only what is not the default is named. */
	snprintf(s.suffix, sizeof(s.suffix), "%s%.0u%s%.0llu%s", opt.load ? "/load=" : "", (unsigned)opt.load,
		 opt.slack ? "/slack=" : "", (unsigned long long)opt.slack, opt.rt ? "/sched=rr" : "");
	s.ts.tv_nsec = (long)(opt.usec * 1000);
	sigemptyset(&s.alrm);
	sigaddset(&s.alrm, SIGALRM);
	if (sigprocmask(SIG_BLOCK, &s.alrm, NULL) != 0)
		msg_sysdie("cannot block SIGALRM");
#ifdef __linux__
	if (opt.slack > 0 && prctl(PR_SET_TIMERSLACK, (unsigned long)opt.slack, 0, 0, 0) != 0)
		msg_sysdie("-s: cannot set the timer slack to %llu ns", (unsigned long long)opt.slack);
	slack = prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0);
#else
	if (opt.slack > 0)
		msg_exit(MSG_EXIT_UNSUPPORTED, "-s: the timer slack can be set on Linux only");
#endif
	iters = malloc(o.reps * sizeof(*iters));
	for (i = 0; i < HB_ARRAY_SIZE(stats); i++)
		if ((val[i] = malloc(o.reps * sizeof(*val[i]))) == NULL)
			msg_sysdie("cannot allocate %u samples", o.reps);
	if (iters == NULL)
		msg_sysdie("cannot allocate %u samples", o.reps);
	/* Load first: the busy processes must not inherit SCHED_RR. */
	if (opt.load > 0)
		load_start((unsigned)opt.load);
	if (opt.rt) {
		struct sched_param sp;

		memset(&sp, 0, sizeof(sp));
		sp.sched_priority = sched_get_priority_max(SCHED_RR);
		if (sched_setscheduler(0, SCHED_RR, &sp) != 0)
			msg_exit(MSG_EXIT_UNSUPPORTED, "-r: cannot use SCHED_RR: %s", strerror(errno));
	}
	bench_print_config(&o, &prog);
	if (o.output == OUTPUT_RAW) {
		if (slack >= 0)
			output_config(stdout, "timer-slack", "%ld ns", slack);
		else
			output_config(stdout, "timer-slack", "unknown");
		output_config(stdout, "load-procs", "%u", (unsigned)opt.load);
		output_config(stdout, "sched", "%s", opt.rt ? "SCHED_RR" : "default");
	}
	for (i = 0; i < NM; i++)
		if (any ? opt.want[i] : methods[i].dflt)
			if (run(&o, &methods[i], &s, val, iters) != 0) {
				if (errno == ENOSYS)
					msg_exit(MSG_EXIT_UNSUPPORTED, "%s: not supported here", methods[i].name);
				msg_sysdie("%s of %llu us failed", methods[i].name,
					   (unsigned long long)s.usec);
			}
	for (i = 0; i < HB_ARRAY_SIZE(stats); i++)
		free(val[i]);
	free(iters);
	return bench_exit_code(MSG_EXIT_OK);
}
