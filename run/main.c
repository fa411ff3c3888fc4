/*
 * hostbench-run: the suite runner of hostbench run and hostbench ab.
 *
 *   hostbench-run run [options of run]
 *   hostbench-run ab --a CMD --b CMD [options of ab]
 *
 * The front end (scripts/hostbench.in) checks that the programs run here,
 * removes what a killed run left, runs --ssh runs and starts the agent of
 * --box USER@HOST, then starts this with the environment it found:
 * HOSTBENCH_LIBEXEC (the programs; default: this program's directory),
 * HOSTBENCH_WRAPPER (the command that runs each program) and
 * HOSTBENCH_COMPARE (the results tool).  A run's scratch directory
 * "$TMPDIR/hostbench.XXXXXX" holds "pid", "cmd" (run or ab) and "result"
 * (the temporary result files, one a line), so that the next run can
 * remove what this one leaves if it is killed; each program gets
 * TMPDIR=<it>/tmp.  Exit status: 0 done, 1 a run-time error (ab: a state
 * command failed, or putting the machine back did), 2 bad usage, 128+n
 * killed by signal n.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mem.h"
#include "msg.h"
#include "output.h"
#include "runner.h"

struct runner R;
volatile sig_atomic_t run_signal;
static pid_t main_pid;

void
run_warn(const char *fmt, ...)
{
	char buf[8192];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	msg_warn("%s", buf);
}

void
run_die(const char *fmt, ...)
{
	char buf[8192];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	msg_die("%s", buf);
}

void
run_usage_error(const char *fmt, ...)
{
	char buf[8192];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	msg_warn("%s", buf);
	fprintf(stderr, "Try '%s -h' for help.\n", msg_prog());
	msg_quit(2);
}

void
run_progress(const char *fmt, ...)
{
	va_list ap;

	if (R.s.quiet)
		return;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fflush(stderr);
}

static int
remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (type == FTW_DP)
		(void)rmdir(path);
	else
		(void)unlink(path);
	return 0;
}

void
run_cleanup(void)
{
	int k;

	if (getpid() != main_pid)
		return;
	case_stop_child();
	if (R.restore_armed)
		ab_restore();
	for (k = 0; k < 2; k++) {
		if (R.side[k].f != NULL) {
			fclose(R.side[k].f);
			R.side[k].f = NULL;
		}
		if (R.side[k].tmp[0] != '\0') {
			unlink(R.side[k].tmp);
			R.side[k].tmp[0] = '\0';
		}
	}
	if (R.partial[0] != '\0') {
		unlink(R.partial);
		R.partial[0] = '\0';
	}
	if (R.unpublish[0] != '\0') {
		unlink(R.unpublish);
		R.unpublish[0] = '\0';
	}
	if (R.work[0] != '\0') {
		(void)nftw(R.work, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
		R.work[0] = '\0';
	}
}

static void
on_signal(int sig)
{
	if (run_signal == 0)
		run_signal = sig;
}

void
run_check_signal(void)
{
	struct sigaction sa;
	int sig = run_signal;

	if (sig == 0)
		return;
	/* Further signals are ignored meanwhile: a second ^C must not cut
	 * the cleanup short. */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_IGN;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGPIPE, &sa, NULL);
	if (!R.s.quiet)
		fputc('\n', stderr);
	run_cleanup();
	sa.sa_handler = SIG_DFL;
	sigaction(sig, &sa, NULL);
	fflush(NULL);
	raise(sig);
	_exit(128 + sig);
}

static void
catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;	/* no SA_RESTART: a wait returns EINTR */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	/* Progress into a closed pipe (a broken ssh connection, | head) must
	 * not end the run without its cleanup. */
	sigaction(SIGPIPE, &sa, NULL);
}

/* HOSTBENCH_WRAPPER split at blanks; the emulation is its command's
 * name, skipping "env" and its assignments ("qemu-arm" for 'qemu-arm -L
 * /usr/arm'). */
static void
read_wrapper(void)
{
	static char *words[64];
	const char *w = getenv("HOSTBENCH_WRAPPER");
	char *copy, *p;
	size_t i;

	R.wrapper = words;
	R.nwrapper = 0;
	if (w == NULL || (copy = strdup(w)) == NULL)
		return;
	for (p = strtok(copy, " \t\n"); p != NULL && R.nwrapper < 63; p = strtok(NULL, " \t\n"))
		words[R.nwrapper++] = p;
	words[R.nwrapper] = NULL;
	for (i = 0; i < R.nwrapper; i++)
		if (strcmp(words[i], "env") != 0 && strchr(words[i], '=') == NULL) {
			const char *b = strrchr(words[i], '/');

			snprintf(R.emulation, sizeof(R.emulation), "%s", b != NULL ? b + 1 : words[i]);
			break;
		}
}

/* Every descriptor but the standard three is closed for the programs
 * (the front end's lease to the box, fd 5, stays open here). */
static void
cloexec_all(void)
{
	int fd;

	for (fd = 3; fd < 64; fd++) {
		int fl = fcntl(fd, F_GETFD);

		if (fl >= 0)
			(void)fcntl(fd, F_SETFD, fl | FD_CLOEXEC);
	}
}

static void
write_marker(const char *name, const char *text)
{
	char path[4200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", R.work, name);
	if ((f = fopen(path, "w")) == NULL || fputs(text, f) < 0 || fclose(f) != 0)
		run_die("cannot write in '%s'", R.work);
}

/* The scratch directory and the markers a later run needs if this one
 * is killed. */
static void
start_work(void)
{
	const char *tmp = getenv("TMPDIR");
	char real[4096], room[4200], pid[32];
	static const char zeros[32768];
	int fd;

	if (tmp == NULL || tmp[0] == '\0')
		tmp = "/tmp";
	record_safe_dir(tmp, "TMPDIR", real, sizeof(real));
	snprintf(R.work, sizeof(R.work), "%s/hostbench.XXXXXX", tmp);
	if (mkdtemp(R.work) == NULL) {
		R.work[0] = '\0';
		run_die("cannot make a temporary directory in '%s'", tmp);
	}
	snprintf(room, sizeof(room), "%s/tmp", R.work);
	if (mkdir(room, 0700) != 0)
		run_die("cannot make '%s'", room);
	write_marker("cmd", R.s.ab ? "ab\n" : "run\n");
	write_marker("result", "");
	snprintf(pid, sizeof(pid), "%ld\n", (long)getpid());
	write_marker("pid", pid);
	/* Room for the run's own scratch files (a case's messages: about
	 * 32 KB): a TMPDIR without it stops the run here, saying so. */
	snprintf(room, sizeof(room), "%s/room", R.work);
	fd = open(room, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0 || write(fd, zeros, sizeof(zeros)) != (ssize_t)sizeof(zeros) || close(fd) != 0) {
		unlink(room);
		run_die("no room in TMPDIR ('%s') for the run's scratch files (about 32 KB); set TMPDIR to a "
			"directory with room", tmp);
	}
	unlink(room);
}

/* The cases of the run, sized for this machine. */
static void
make_cases(void)
{
	struct suite_settings st;
	struct mem_llc llc;
	char err[256];
	uint64_t avail;

	if (mem_llc(&llc) != 0)
		run_usage_error("%s: %s", R.s.ab ? "ab" : "run", mem_llc_env_error(err, sizeof(err)));
	memset(&st, 0, sizeof(st));
	st.prof = R.s.prof;
	st.only = R.s.only;
	st.skip = R.s.skip;
	st.fsdir = R.s.fsdir;
	st.remote = R.s.remote;
	st.net_time = R.s.net_time;
	st.tcp_window = R.s.tcp_window;
	st.streams = R.s.streams;
	st.udp_size = R.s.udp_size;
	st.udp_rate = R.s.udp_rate;
	st.box_host = R.s.box_host;
	avail = mem_run_available();
	st.avail_kb = avail / 1024;
	st.mem_kb = (mem_bw_size(&llc, 1) + 1023) / 1024;
	if (suite_expand(&R.suite, &st, &R.cases) != 0)
		run_die("out of memory");
}

static void
summary(unsigned rounds)
{
	char t[32], sum[512];
	int n;

	if (R.s.quiet)
		return;
	n = snprintf(sum, sizeof(sum), "%u ok, %u failed, %u unsupported, %u skipped", R.nok, R.nfailed,
		     R.nunsupported, R.nskipped);
	if (R.nbudget)
		n += snprintf(sum + n, sizeof(sum) - (size_t)n, ", %u over budget", R.nbudget);
	if (R.nimplausible)
		n += snprintf(sum + n, sizeof(sum) - (size_t)n, ", %u implausible", R.nimplausible);
	if (R.nnoisy)
		n += snprintf(sum + n, sizeof(sum) - (size_t)n, ", %u noisy", R.nnoisy);
	if (R.nrerun)
		snprintf(sum + n, sizeof(sum) - (size_t)n, ", %u rerun", R.nrerun);
	progress_fmt(t, sizeof(t), R.pr.elapsed);
	if (R.ntotal == R.cases.n)
		run_warn("%u benchmarks in %s: %s", R.ntotal, t, sum);
	else if (R.s.ab)
		run_warn("%u benchmark runs (%zu benchmarks, %u rounds of A and B) in %s: %s", R.ntotal,
			 R.cases.n, rounds, t, sum);
	else
		run_warn("%u benchmark runs (%zu benchmarks, %u rounds) in %s: %s", R.ntotal, R.cases.n,
			 rounds, t, sum);
}

/*
 * The run's rounds: round k runs every case once for each side, after
 * putting the machine in that side's state; the sides take turns, A B in
 * odd rounds and B A in even ones (A B B A A B ...), so that a drift of
 * the machine during the experiment weighs on both alike.  A side's
 * result file is made when it first runs, after its state is set, so
 * that its fingerprint shows the state.  Returns the rounds run.
 */
static unsigned
experiment(void)
{
	unsigned nsides = R.s.ab ? 2 : 1, rounds = R.s.rounds, k, j;
	size_t c;
	long long total_w = 0;
	char prog[4200];
	struct stat st;

	for (c = 0; c < R.cases.n; c++) {
		snprintf(prog, sizeof(prog), "%s/%s", R.libexec, R.cases.v[c].prog);
		/* What is not built takes no time: it must not count as done. */
		if (stat(prog, &st) == 0)
			total_w += R.cases.v[c].ds;
	}
	R.ntotal = (unsigned)R.cases.n * rounds * nsides;
	R.pr.total_w = total_w * rounds * nsides;
	R.pr.settle = R.s.settle != 0;
	R.pr.settle_total = R.s.settle * 60LL;
	R.start = progress_now();
	for (k = 1; k <= rounds; k++) {
		for (j = 0; j < nsides; j++) {
			/* ab_order: A B in odd rounds, B A in even ones. */
			int side = nsides == 1 ? 0 : (int)(k % 2 == 1 ? j : 1 - j);

			if (R.s.ab) {
				run_progress("round %u/%u, state %c: %s\n", k, rounds, side == 0 ? 'A' : 'B',
					     R.s.state[side]);
				ab_set_state(side);
			}
			if (R.side[side].f == NULL)
				record_open_side(side);
			output_config(R.side[side].f, "round", "%u", k);
			record_flush(side);
			for (c = 0; c < R.cases.n; c++) {
				R.i++;
				case_run(side, &R.cases.v[c]);
			}
		}
		/* --until: after each pair of rounds, stop once every metric
		 * is decided, or when the budget is spent. */
		if (R.s.until != NULL && k % 2 == 0) {
			R.look = k / 2;
			if (ab_decided(k) != 1) {
				rounds = k;
				break;
			}
			if (R.s.budget >= 0 && progress_now() - R.start >= R.s.budget * 10) {
				run_progress("budget of %llds spent after %u rounds: stopping undecided\n",
					     R.s.budget, k);
				rounds = k;
				break;
			}
		}
	}
	R.ntotal = (unsigned)R.cases.n * rounds * nsides;
	R.pr.elapsed = progress_now() - R.start;
	return rounds;
}

/* The comparison of A against B: the results tool replaces this. */
static int
compare(const char *a, const char *b, int replace)
{
	const char *tool = getenv("HOSTBENCH_COMPARE");
	char *argv[40], look[16];
	int n = 0;
	size_t i;

	if (tool == NULL || tool[0] == '\0')
		run_die("compare: the results tool hostbench-compare is not built (set HOSTBENCH_COMPARE)");
	for (i = 0; !case_is_script(tool) && i < R.nwrapper && n < 30; i++)
		argv[n++] = R.wrapper[i];
	argv[n++] = (char *)tool;
	if (R.s.until != NULL) {
		snprintf(look, sizeof(look), "%u", R.look);
		argv[n++] = (char *)"--look";
		argv[n++] = look;
		argv[n++] = (char *)"--margin";
		argv[n++] = (char *)R.s.until;
	}
	argv[n++] = (char *)a;
	argv[n++] = (char *)b;
	argv[n] = NULL;
	fflush(NULL);
	if (!replace) {
		pid_t pid = fork();
		int status;

		if (pid == 0) {
			execvp(argv[0], argv);
			_exit(127);
		}
		if (pid > 0)
			while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
				;
		return 0;
	}
	execvp(argv[0], argv);
	run_die("compare: cannot run '%s': %s", tool, strerror(errno));
}

int
main(int argc, char **argv)
{
	char err[256], final[2][8400], names[2048];
	const char *lib = getenv("HOSTBENCH_LIBEXEC");
	static char here[4096];
	unsigned rounds, nsel = 0, found = 0;
	size_t i;
	int ab;

	main_pid = getpid();
	/* The user ran hostbench: its messages are the front end's. */
	msg_init("hostbench");
	R.proc = "/proc";
	if (argc < 2 || (strcmp(argv[1], "run") != 0 && strcmp(argv[1], "ab") != 0)) {
		fprintf(stderr, "usage: hostbench-run run|ab [options]\n");
		return 2;
	}
	ab = strcmp(argv[1], "ab") == 0;
	if (suite_parse(&R.suite, suite_table, err, sizeof(err)) != 0)
		run_die("the suite's table: %s", err);
	if (lib == NULL || lib[0] == '\0') {
		const char *slash = strrchr(argv[0], '/');

		snprintf(here, sizeof(here), "%.*s", slash != NULL ? (int)(slash - argv[0]) : 1,
			 slash != NULL ? argv[0] : ".");
		lib = here;
	}
	R.libexec = lib;
	read_wrapper();
	cloexec_all();
	opts_parse(&R.s, ab, argc - 2, argv + 2);
	for (i = 0; i < R.suite.n; i++) {
		char prog[4200];
		struct stat st;

		if ((R.s.only != NULL && !suite_listed(R.suite.rows[i].prog, R.s.only))
		    || (R.s.skip != NULL && suite_listed(R.suite.rows[i].prog, R.s.skip)))
			continue;
		nsel++;
		snprintf(prog, sizeof(prog), "%s/%s", R.libexec, R.suite.rows[i].prog);
		found |= stat(prog, &st) == 0;
	}
	if (nsel == 0)
		run_usage_error("%s: --only and --skip leave nothing to run", ab ? "ab" : "run");
	if (!found)
		run_die("no benchmark programs in '%s' (set HOSTBENCH_LIBEXEC)", R.libexec);
	(void)names;
	R.side[0].name = ab ? 'a' : 'r';
	R.side[1].name = 'b';
	catch_signals();
	atexit(run_cleanup);
	make_cases();
	start_work();
	rounds = experiment();
	if (ab) {
		/* The machine as it was meant to be left: in A's state, or
		 * --restore's (A's state command ran last in an even number of
		 * rounds). */
		if (strcmp(R.s.restore, R.s.state[0]) != 0 || rounds % 2 == 1)
			ab_restore();
		R.restore_armed = 0;
		if (snprintf(final[0], sizeof(final[0]), "%s/restore", R.work) < (int)sizeof(final[0]))
			unlink(final[0]);
		/* Both files or neither: the first is removed again if the
		 * second cannot be published. */
		record_publish(0, final[0], sizeof(final[0]));
		if (snprintf(R.unpublish, sizeof(R.unpublish), "%s/%s", R.dir_real,
			     strrchr(final[0], '/') + 1) >= (int)sizeof(R.unpublish))
			R.unpublish[0] = '\0';
		record_publish(1, final[1], sizeof(final[1]));
		R.unpublish[0] = '\0';
		summary(rounds);
		printf("%s\n%s\n", final[0], final[1]);
		fflush(stdout);
		run_cleanup();
		if (R.restore_failed) {
			compare(final[0], final[1], 0);
			return 1;
		}
		return compare(final[0], final[1], 1);
	}
	record_publish(0, final[0], sizeof(final[0]));
	summary(rounds);
	printf("%s\n", final[0]);
	return MSG_EXIT_OK;
}
