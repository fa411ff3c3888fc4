/*
 * Fuzz target: the command line of every benchmark (every program of the
 * multicall list, bench/multicall-list.h: HB_BENCH but hello), parsed by
 * the program's own main, bench_init (lib/driver/bench.c) and its option
 * callback, and nothing after that: no benchmark runs.
 *
 * How: the Makefile compiles each bench/NAME.c once more with main
 * renamed hb_argv_main_NAME and its calls of bench_init (hostinfo, which
 * parses its own options: of fingerprint_print, _case, _mem, _llc and
 * _print_keys (-t), of output_run_note_keys and output_print_units (-k,
 * -u), and of
 * sock_main and box_open, its agent's server and client) renamed
 * to the functions below, which end the run as soon as the command line
 * is parsed; and
 * those programs and the two files of lib/ that exit (bench.c: -h, -V;
 * msg.c: msg_quit, so every usage error) with exit renamed hb_argv_exit.
 *
 * Input: NUL-terminated fields (the last one may lack its NUL).  The
 * first names the program ("lat_tcp"); one that names none picks one by
 * its first byte.  The others are argv[1..] (at most MAX_ARGS of them,
 * each cut to MAX_ARG bytes); argv[0] is the program's name.  So
 * "stream\0-M\0001m\0" is `stream -M 1m`, and seeds and crash inputs stay
 * readable, and mean the same when a benchmark is added.
 *
 * Outcomes: parsed (bench_init returned), or an exit: 0 after -h or -V,
 * 2 on a usage error, 77 where -c cannot pin.  Checked, besides crashes
 * and the sanitizers' reports: parsed leaves the shared options in their
 * documented ranges, as many positional arguments as the program allows,
 * argv reordered as bench_init says (the same arguments, none lost or
 * doubled: the options before the index it returns, the operands after,
 * each in the order given; before it only options, their values and a
 * last "--"; an operand that begins with '-' only after "--", or after
 * the first operand of a program whose options stop there) and nothing
 * on stderr; exit 0 printed the usage or the version on
 * stdout; exit 2 printed "NAME: message" and the usage line on stderr;
 * exit 77 printed "NAME: message".  Any other exit status, or a signal,
 * is a finding too: abort().
 *
 * Not covered: what a program checks after bench_init returns, on the
 * way to its benchmark (its operands: bw_mem's SIZE and operation,
 * lat_syscall's, lat_usleep's, lmdd's if=/of=/bs=..., and checks that
 * join options, as tlb's -P and -I); that code sets up as it goes
 * (memory, temporary files, servers), so there is no point before the
 * benchmark at which a run could stop cleanly.
 *
 * Two ways to run a program, one per build:
 *
 *  - make fuzz (HB_ARGV_INPROCESS, clang): in the fuzzer's process.
 *    hb_argv_exit is a longjmp back here; the programs' static variables are
 *    compiled into two sections of their own (argv-state.h) and put
 *    back as they were before every run; getopt is reset (optind = 0:
 *    glibc's and musl's full reset); the CPU affinity that -c sets is
 *    put back.  Programs' stdout and stderr are files read after each
 *    run (libFuzzer's -close_fd_mask=3, added below, keeps its own output
 *    and the sanitizers' reports on the real stderr).
 *
 *  - the check program tests/fuzz/argv-t (with replay.c, any cc): each
 *    input in a child process (fork), so no state carries over;
 *    hb_argv_exit is _exit (not to run the TAP library's exit hook), and
 *    a parsed command line exits the child with PARSED_STATUS.  The
 *    child is under valgrind in make check-valgrind.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef HB_ARGV_INPROCESS
# include <sched.h>
#endif

#include "driver/bench.h"
#include "net/box.h"
#include "net/sock_main.h"

#define MAX_ARGS 32	/* besides argv[0] */
#define MAX_ARG 256	/* bytes of one argument */
#define CAPTURE 4096	/* of a program's stdout and stderr, kept to check */
#define PARSED (-1)	/* outcome: the command line was parsed */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* What the programs call instead of bench_init, the fingerprint_ printers and exit. */
HB_NORETURN void hb_argv_exit(int status);
int hb_argv_bench_init(struct bench_opts *o, const struct bench_prog *p,
		       int argc, char **argv);
HB_NORETURN void hb_argv_fingerprint_print(FILE *f, const char *emulation);
HB_NORETURN void hb_argv_fingerprint_case(FILE *f);
HB_NORETURN void hb_argv_fingerprint_mem(FILE *f);
HB_NORETURN void hb_argv_fingerprint_llc(FILE *f);
HB_NORETURN void hb_argv_fingerprint_print_keys(FILE *f);
HB_NORETURN void hb_argv_output_run_note_keys(FILE *f);
HB_NORETURN void hb_argv_output_print_units(FILE *f);
HB_NORETURN int hb_argv_sock_main(const struct sock_prog *sp, const struct sock_opts *so,
				  const struct bench_opts *o, const char *host);
HB_NORETURN struct box *hb_argv_box_open(const char *spec, const char *keyfile);
HB_NORETURN int hb_argv_sock_far(const struct sock_prog *sp, const struct sock_opts *so,
				 const char *host);

#define HB_MULTICALL(name) int hb_argv_main_##name(int argc, char **argv);
#define HB_MULTICALL_AS(id, name)	/* the suite runner: no benchmark */
#include "bench/multicall-list.h"
#undef HB_MULTICALL
#undef HB_MULTICALL_AS

static const struct program {
	const char *name;
	int (*main)(int argc, char **argv);
} programs[] = {
#define HB_MULTICALL(name) { #name, hb_argv_main_##name },
#define HB_MULTICALL_AS(id, name)
#include "bench/multicall-list.h"
#undef HB_MULTICALL
#undef HB_MULTICALL_AS
};
#define NPROGRAMS (sizeof(programs) / sizeof(programs[0]))

/* The run under way. */
static const struct program *prog;
static int run_argc;
static char **run_argv;
/* Its arguments as given: bench_init reorders run_argv. */
static char *given[MAX_ARGS + 2];

/* Where the programs' stdout and stderr go: files, read after each run. */
static FILE *out_file, *err_file;
static int out_fd = -1, err_fd = -1;
/* Where findings are told: the real stderr. */
static int report_fd = 2;

struct capture {
	char text[CAPTURE + 1];
	size_t len;	/* of text */
};

static void say(const char *fmt, ...) HB_PRINTF(1, 2);

static void
say(const char *fmt, ...)
{
	char buf[2048];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= sizeof(buf))
		n = (int)sizeof(buf) - 1;
	(void)!write(report_fd, buf, (size_t)n);
}

/* At most n bytes of s, unprintable bytes escaped. */
static void
say_escaped(const char *s, size_t n)
{
	char buf[4 * MAX_ARG + 8];
	size_t i, k = 0;

	for (i = 0; i < n && s[i] != '\0' && k + 5 < sizeof(buf); i++) {
		unsigned char c = (unsigned char)s[i];

		if (c >= 0x20 && c < 0x7f && c != '\\')
			buf[k++] = (char)c;
		else
			k += (size_t)snprintf(buf + k, sizeof(buf) - k, "\\x%02x", c);
	}
	buf[k] = '\0';
	say("%s", buf);
}

static HB_NORETURN void
finding(const char *what, int status, const struct capture *out,
	const struct capture *err)
{
	int i;

	say("argv contract broken: %s\n", what);
	say("  program %s, outcome %d (%s), argv:", prog->name, status,
	    status == PARSED ? "parsed" : "exit status");
	for (i = 0; i < run_argc; i++) {
		say(" '");
		say_escaped(given[i], MAX_ARG);
		say("'");
	}
	say("\n");
	if (out != NULL && out->len > 0) {
		say("  stdout: ");
		say_escaped(out->text, 200);
		say("\n");
	}
	if (err != NULL && err->len > 0) {
		say("  stderr: ");
		say_escaped(err->text, 400);
		say("\n");
	}
	abort();
}

static void
check(int cond, const char *what)
{
	if (!cond)
		finding(what, PARSED, NULL, NULL);
}

/* Does option letter c of p take a value: a shared one's, or a table's with a metavar? */
static int
takes_value(const struct bench_prog *p, char c)
{
	size_t i;

	if (strchr("NWPcTIo", c) != NULL)
		return 1;
	for (i = 0; i < p->nopts; i++)
		if (p->opts[i].letter == c)
			return p->opts[i].metavar != NULL;
	return 0;
}

/*
 * argv as bench_init reordered it (see the top): the arguments as given,
 * told apart by address (each has a block of its own), the options
 * first.
 */
static void
check_order(const struct bench_prog *p, int argc, char **argv, int ai)
{
	unsigned char used[MAX_ARGS + 2] = { 0 };
	int k, j, last = 0, dashdash = 0;

	check(argv[0] == given[0], "argv[0] stays where it is");
	for (k = 1; k < argc; k++) {
		for (j = 1; j < argc && (argv[k] != given[j] || used[j]); j++)
			;
		check(j < argc, "argv reordered, no argument lost or doubled");
		used[j] = 1;
		if (k == ai)
			last = 0;
		check(j > last, "the options, then the operands, each in the order given");
		last = j;
	}
	for (k = 1; k < ai; k++) {
		const char *a = argv[k];

		check(a[0] == '-' && a[1] != '\0', "before the operands, only options and their values");
		if (strcmp(a, "--") == 0) {
			check(k == ai - 1, "-- is the last before the operands");
			dashdash = 1;
			break;
		}
		for (a++; *a != '\0'; a++)
			if (takes_value(p, *a)) {
				if (a[1] == '\0')
					check(++k < ai, "an option's value comes before the operands");
				break;
			}
	}
	for (k = ai; k < argc && !dashdash; k++)
		if (k == ai || !p->stop_at_operand)
			check(argv[k][0] != '-' || argv[k][1] == '\0',
			      "an operand that begins with - follows --");
}

/*
 * A parsed command line: the shared options within their ranges (those
 * bench_init documents), and the positional arguments as many as the
 * program allows, argv reordered as the top says.
 */
static void
check_parsed(const struct bench_opts *o, const struct bench_prog *p, int argc, char **argv, int ai)
{
	size_t i;

	check(strcmp(p->name, prog->name) == 0, "bench_prog names the program run");
	check(ai >= 1 && ai <= argc, "bench_init returns an index into argv");
	check(argc - ai >= p->min_args, "no fewer arguments than the program needs");
	check(p->max_args < 0 || argc - ai <= p->max_args, "no more arguments than it takes");
	check(o->reps >= 1 && o->reps <= 100000, "-N in 1 .. 100000");
	check(o->parallel >= 1 && o->parallel <= BENCH_MAX_CPUS, "-P in 1 .. 1024");
	check(o->warmup_ns <= 3600000000000ull, "-W at most 1 h");
	check(o->sample_ns >= 1000 && o->sample_ns <= 60000000000ull, "-T in 1 us .. 60 s");
	check(o->precision_pct == 0 || (o->precision_pct >= 0.01 && o->precision_pct <= 100),
	      "-I off or in 0.01 .. 100 %");
	check(o->precision_cap_ns >= 100000000ull && o->precision_cap_ns <= 3600000000000ull,
	      "-I's cap in 0.1 .. 3600 s");
	check(o->output == OUTPUT_TEXT || o->output == OUTPUT_RAW, "-o text or raw");
	check(o->ncpus <= BENCH_MAX_CPUS, "-c at most 1024 CPUs");
	for (i = 0; i < o->ncpus; i++) {
		check(o->cpus[i] >= 0 && o->cpus[i] < BENCH_MAX_CPUS, "-c's CPUs in 0 .. 1023");
		check(i == 0 || o->cpus[i - 1] < o->cpus[i], "-c's CPUs ascend, each once");
	}
	if (argv == run_argv && argc == run_argc)
		check_order(p, argc, argv, ai);
}

#ifdef HB_ARGV_INPROCESS
/* ---------------------------------------------------------------- in process */

static jmp_buf back;
static volatile int armed;	/* a program runs: exit comes back here */
static int outcome;

void
hb_argv_exit(int status)
{
	if (!armed)
		exit(status);
	armed = 0;
	outcome = status;
	longjmp(back, 1);
}

int
hb_argv_bench_init(struct bench_opts *o, const struct bench_prog *p, int argc, char **argv)
{
	int ai = bench_init(o, p, argc, argv);

	armed = 0;
	check_parsed(o, p, argc, argv, ai);
	outcome = PARSED;
	longjmp(back, 1);
}

/* hostinfo parsed its command line: what it prints is not looked at. */
static HB_NORETURN void
parsed(void)
{
	armed = 0;
	outcome = PARSED;
	longjmp(back, 1);
}

/*
 * The programs' static variables (argv-state.h puts them there), as they
 * were before the first run.  Copied byte by byte without ASan's checks:
 * the sections hold the redzones between the variables.
 */
/* (The linker defines __start_ and __stop_ of a section so named.) */
extern char state_data_start[] __asm__("__start_hb_argv_data") __attribute__((weak));
extern char state_data_stop[] __asm__("__stop_hb_argv_data") __attribute__((weak));
extern char state_bss_start[] __asm__("__start_hb_argv_bss") __attribute__((weak));
extern char state_bss_stop[] __asm__("__stop_hb_argv_bss") __attribute__((weak));
static char *saved_data, *saved_bss;

/* Neither ASan's checks nor the fuzzer's coverage (it would trace every
 * comparison of the loop: most of the time of a run). */
#if defined(__clang__)
# define RAW __attribute__((no_sanitize("address", "undefined", "coverage")))
#endif
#ifndef RAW
# define RAW
#endif

static RAW void
copy_raw(char *to, const char *from, size_t n)
{
	volatile uintptr_t *tw = (volatile uintptr_t *)(void *)to;
	const volatile uintptr_t *fw = (const volatile uintptr_t *)(const void *)from;
	size_t i, words = ((uintptr_t)to | (uintptr_t)from) % sizeof(uintptr_t) == 0
		? n / sizeof(uintptr_t) : 0;

	for (i = 0; i < words; i++)
		tw[i] = fw[i];
	for (i = words * sizeof(uintptr_t); i < n; i++)
		((volatile char *)to)[i] = ((const volatile char *)from)[i];
}

static size_t
section_size(const char *start, const char *stop)
{
	return start != NULL && stop != NULL && stop > start ? (size_t)(stop - start) : 0;
}

static void
state_save(void)
{
	size_t nd = section_size(state_data_start, state_data_stop);
	size_t nb = section_size(state_bss_start, state_bss_stop);

	if ((saved_data = malloc(nd + 1)) == NULL || (saved_bss = malloc(nb + 1)) == NULL) {
		say("argv: out of memory\n");
		abort();
	}
	copy_raw(saved_data, state_data_start, nd);
	copy_raw(saved_bss, state_bss_start, nb);
}

static void
state_restore(void)
{
	copy_raw(state_data_start, saved_data,
		 section_size(state_data_start, state_data_stop));
	copy_raw(state_bss_start, saved_bss,
		 section_size(state_bss_start, state_bss_stop));
}

#ifdef HAVE_SCHED_SETAFFINITY
static cpu_set_t affinity;
static int have_affinity;
#endif

/* Once: libFuzzer keeps its own output and the sanitizers' reports. */
int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static char mask[] = "-close_fd_mask=3";
	char **v = malloc(((size_t)*argc + 2) * sizeof(*v));
	int i;

	/* Findings go to the real stderr, which libFuzzer is about to close. */
	if ((report_fd = dup(2)) < 0)
		report_fd = 2;
	if (v == NULL)
		return 0;
	for (i = 0; i < *argc; i++)
		v[i] = (*argv)[i];
	v[i++] = mask;
	v[i] = NULL;
	*argc = i;
	*argv = v;
	return 0;
}

static void
setup(void)
{
	if ((out_file = tmpfile()) == NULL || (err_file = tmpfile()) == NULL) {
		say("argv: cannot make the files for stdout and stderr: %s\n", strerror(errno));
		abort();
	}
	out_fd = fileno(out_file);
	err_fd = fileno(err_file);
	fflush(stdout);
	fflush(stderr);
	if (dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0) {
		say("argv: cannot redirect stdout and stderr: %s\n", strerror(errno));
		abort();
	}
	state_save();
#ifdef HAVE_SCHED_SETAFFINITY
	have_affinity = sched_getaffinity(0, sizeof(affinity), &affinity) == 0;
#endif
}

static int
run(void)
{
	fflush(stdout);
	fflush(stderr);
	if (ftruncate(out_fd, 0) != 0 || ftruncate(err_fd, 0) != 0 ||
	    lseek(out_fd, 0, SEEK_SET) < 0 || lseek(err_fd, 0, SEEK_SET) < 0) {
		say("argv: cannot empty the output files: %s\n", strerror(errno));
		abort();
	}
	clearerr(stdout);
	clearerr(stderr);
	state_restore();
	optind = 0;	/* glibc, musl: start again, forgetting the last scan */
	outcome = PARSED;
	if (setjmp(back) == 0) {
		int rc;

		armed = 1;
		rc = prog->main(run_argc, run_argv);
		armed = 0;
		outcome = rc;
	}
	armed = 0;
	fflush(stdout);
	fflush(stderr);
#ifdef HAVE_SCHED_SETAFFINITY
	if (have_affinity)
		(void)sched_setaffinity(0, sizeof(affinity), &affinity);
#endif
	return outcome;
}

#else
/* ---------------------------------------------------------------- forked */

/* A parsed command line ends the child with this. */
#define PARSED_STATUS 123

void
hb_argv_exit(int status)
{
	fflush(NULL);
	_exit(status);
}

int
hb_argv_bench_init(struct bench_opts *o, const struct bench_prog *p, int argc, char **argv)
{
	int ai = bench_init(o, p, argc, argv);

	check_parsed(o, p, argc, argv, ai);
	fflush(NULL);
	_exit(PARSED_STATUS);
}

/* hostinfo parsed its command line: what it prints is not looked at. */
static HB_NORETURN void
parsed(void)
{
	fflush(NULL);
	_exit(PARSED_STATUS);
}

static void
setup(void)
{
	if ((out_file = tmpfile()) == NULL || (err_file = tmpfile()) == NULL) {
		say("argv: cannot make the files for stdout and stderr: %s\n", strerror(errno));
		abort();
	}
	out_fd = fileno(out_file);
	err_fd = fileno(err_file);
}

static int
run(void)
{
	pid_t pid;
	int status;

	if (ftruncate(out_fd, 0) != 0 || ftruncate(err_fd, 0) != 0 ||
	    lseek(out_fd, 0, SEEK_SET) < 0 || lseek(err_fd, 0, SEEK_SET) < 0) {
		say("argv: cannot empty the output files: %s\n", strerror(errno));
		abort();
	}
	fflush(NULL);	/* or the child writes what is buffered here again */
	if ((pid = fork()) < 0) {
		say("argv: cannot fork: %s\n", strerror(errno));
		abort();
	}
	if (pid == 0) {
		if (dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0)
			_exit(126);
		close(out_fd);
		close(err_fd);
		hb_argv_exit(prog->main(run_argc, run_argv));
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			say("argv: waitpid: %s\n", strerror(errno));
			abort();
		}
	if (WIFSIGNALED(status)) {
		char what[64];

		snprintf(what, sizeof(what), "the program was killed by signal %d", WTERMSIG(status));
		finding(what, -2, NULL, NULL);
	}
	if (!WIFEXITED(status))
		finding("the program stopped", -2, NULL, NULL);
	return WEXITSTATUS(status) == PARSED_STATUS ? PARSED : WEXITSTATUS(status);
}
#endif

/*
 * What hostinfo calls once its command line is parsed: the end of the
 * run, by either way's parsed().
 */
void
hb_argv_fingerprint_print(FILE *f, const char *emulation)
{
	(void)f;
	(void)emulation;
	parsed();
}

void
hb_argv_fingerprint_case(FILE *f)
{
	(void)f;
	parsed();
}

void
hb_argv_fingerprint_mem(FILE *f)
{
	(void)f;
	parsed();
}

void
hb_argv_fingerprint_llc(FILE *f)
{
	(void)f;
	parsed();
}

/* hostinfo -t, -k and -u: the lists they print are not looked at either. */
void
hb_argv_fingerprint_print_keys(FILE *f)
{
	(void)f;
	parsed();
}

void
hb_argv_output_run_note_keys(FILE *f)
{
	(void)f;
	parsed();
}

void
hb_argv_output_print_units(FILE *f)
{
	(void)f;
	parsed();
}

/* hostinfo -s, -S and -F: parsed; nothing is served or reached (-f: below). */
int
hb_argv_sock_main(const struct sock_prog *sp, const struct sock_opts *so,
		  const struct bench_opts *o, const char *host)
{
	(void)sp;
	(void)so;
	(void)o;
	(void)host;
	parsed();
}

struct box *
hb_argv_box_open(const char *spec, const char *keyfile)
{
	(void)spec;
	(void)keyfile;
	parsed();
}

/* hostinfo -f: parsed; the far server is not asked. */
int
hb_argv_sock_far(const struct sock_prog *sp, const struct sock_opts *so, const char *host)
{
	(void)sp;
	(void)so;
	(void)host;
	parsed();
}

/* ---------------------------------------------------------------- checks */

static void
capture(int fd, struct capture *c)
{
	ssize_t n = pread(fd, c->text, CAPTURE, 0);

	c->len = n > 0 ? (size_t)n : 0;
	c->text[c->len] = '\0';
}

static int
starts(const struct capture *c, const char *a, const char *b)
{
	size_t na = strlen(a), nb = strlen(b);

	return c->len >= na + nb && memcmp(c->text, a, na) == 0 &&
		memcmp(c->text + na, b, nb) == 0;
}

/* "usage: NAME " in the text, at the start of a line. */
static int
has_usage(const struct capture *c)
{
	char want[128];
	const char *s;

	snprintf(want, sizeof(want), "usage: %s ", prog->name);
	for (s = c->text; s != NULL; s = memchr(s, '\n', c->len - (size_t)(s - c->text))) {
		if (*s == '\n')
			s++;
		if (strncmp(s, want, strlen(want)) == 0)
			return 1;
		if (*s == '\0')
			break;
	}
	return 0;
}

static void
check_outcome(int status)
{
	static int verbose = -1;
	struct capture out, err;
	char name[128];

	capture(out_fd, &out);
	capture(err_fd, &err);
	/* HB_ARGV_VERBOSE=1: say each outcome (to see what seeds do). */
	if (verbose < 0)
		verbose = getenv("HB_ARGV_VERBOSE") != NULL;
	if (verbose) {
		say("argv: %s: %s %d: ", prog->name, status == PARSED ? "parsed" : "exit", status);
		say_escaped(err.text, 120);
		say("\n");
	}
	snprintf(name, sizeof(name), "%s: ", prog->name);
	switch (status) {
	case PARSED:
		if (err.len != 0)
			finding("a command line that parses prints nothing on stderr", status, &out, &err);
		break;
	case 0:
		/* -h, -V, or --synopsis alone: the man page's SYNOPSIS of it. */
		if (!has_usage(&out) && !starts(&out, prog->name, " (hostbench) ")
		    && !starts(&out, ".SH SYNOPSIS\n.B ", prog->name))
			finding("exit 0 (-h, -V, --synopsis) prints the usage, the version or the "
				"synopsis", status, &out, &err);
		if (err.len != 0)
			finding("exit 0 (-h, -V) prints nothing on stderr", status, &out, &err);
		break;
	case 2:
		if (!starts(&err, name, ""))
			finding("a usage error says \"NAME: message\"", status, &out, &err);
		if (!has_usage(&err))
			finding("a usage error prints the usage line", status, &out, &err);
		break;
	case 77:
		if (!starts(&err, name, ""))
			finding("exit 77 says \"NAME: why\"", status, &out, &err);
		break;
	default:
		finding("exit status other than 0, 2 or 77 while parsing", status, &out, &err);
	}
}

/* ---------------------------------------------------------------- input */

/* The program a selector field names, or picks by its first byte. */
static const struct program *
select_program(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < NPROGRAMS; i++)
		if (strlen(programs[i].name) == n && memcmp(programs[i].name, s, n) == 0)
			return &programs[i];
	return &programs[n > 0 ? (unsigned char)s[0] % NPROGRAMS : 0];
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	const char *s = (const char *)data, *end = s + size, *nul;
	char *argv[MAX_ARGS + 2];
	int argc = 0, i;

	if (!ready) {
		setup();
		ready = 1;
	}
	nul = memchr(s, '\0', size);
	prog = select_program(s, nul != NULL ? (size_t)(nul - s) : size);
	s = nul != NULL ? nul + 1 : end;
	/* argv[0] is the name: messages begin with it (msg_init). */
	argv[argc++] = strdup(prog->name);
	while (s < end && argc < MAX_ARGS + 1) {
		size_t n = (size_t)(end - s), len;

		nul = memchr(s, '\0', n);
		len = nul != NULL ? (size_t)(nul - s) : n;
		/* Each in a block of its own size: ASan sees a read past it. */
		argv[argc] = malloc((len > MAX_ARG ? MAX_ARG : len) + 1);
		if (argv[argc] == NULL)
			break;
		memcpy(argv[argc], s, len > MAX_ARG ? MAX_ARG : len);
		argv[argc][len > MAX_ARG ? MAX_ARG : len] = '\0';
		argc++;
		s += len + (nul != NULL);
	}
	argv[argc] = NULL;
	if (argv[0] == NULL) {
		for (i = 1; i < argc; i++)
			free(argv[i]);
		return 0;
	}
	run_argc = argc;
	run_argv = argv;
	memcpy(given, argv, ((size_t)argc + 1) * sizeof(*given));
	check_outcome(run());
	for (i = 0; i < argc; i++)
		free(argv[i]);
	return 0;
}
