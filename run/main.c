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
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/wait.h>
#include <unistd.h>

#include "core/msg.h"
#include "core/output.h"
#include "host/memory.h"
#include "runner.h"

/* What the runner prints on stdout (a result's path, the fingerprint),
 * printed and flushed at once: a write that fails is noted with its
 * reason for the exit check (lib/core/msg), which a stream in error, whose
 * buffer a C library may have dropped, no longer tells. */
static void
say(const char *fmt, ...) HB_PRINTF(1, 2);

static void
say(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	errno = 0;
	n = vprintf(fmt, ap);
	va_end(ap);
	if (n < 0 || ferror(stdout))
		msg_stdout_failed(errno != 0 ? errno : EIO);
	else
		(void)msg_flush();
}

/*
 * Started by the front end that keeps the box's agent for it (--box
 * USER@HOST: HOSTBENCH_STOP_WITH_PARENT is its pid), the run ends with
 * it: the agent does (Linux; elsewhere the run goes on to its end).
 */
static void
stop_with_parent(void)
{
	const char *p = getenv("HOSTBENCH_STOP_WITH_PARENT");

	if (p == NULL || p[0] == '\0')
		return;
#ifdef PR_SET_PDEATHSIG
	(void)prctl(PR_SET_PDEATHSIG, SIGTERM);
#endif
	if ((long)getppid() != strtol(p, NULL, 10))
		raise(SIGTERM);
	(void)unsetenv("HOSTBENCH_STOP_WITH_PARENT");
}

/* HOSTBENCH_WRAPPER split at blanks; the emulation is its command's
 * name, skipping "env" and its assignments ("qemu-arm" for 'qemu-arm -L
 * /usr/arm'). */
static void
read_wrapper(void)
{
	static char *words[64], copy[4096];	/* (words point into copy) */
	const char *w = getenv("HOSTBENCH_WRAPPER");
	char *p, *save = NULL;
	size_t i;

	R.wrapper = words;
	R.nwrapper = 0;
	if (w == NULL)
		return;
	if (strlen(w) >= sizeof(copy))
		run_usage_error("HOSTBENCH_WRAPPER: longer than %zu bytes", sizeof(copy) - 1);
	memcpy(copy, w, strlen(w) + 1);
	for (p = strtok_r(copy, " \t\n", &save); p != NULL && R.nwrapper < 63; p = strtok_r(NULL, " \t\n", &save))
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
start_work(const char *cmd)
{
	const char *tmp = getenv("TMPDIR");
	char real[4096], room[4200], pid[32];
	int fd;

	if (tmp == NULL || tmp[0] == '\0')
		tmp = "/tmp";
	record_safe_dir(tmp, "TMPDIR", real, sizeof(real));
	stale_clean(tmp);
	snprintf(R.work, sizeof(R.work), "%s/hostbench.XXXXXX", tmp);
	if (mkdtemp(R.work) == NULL) {
		R.work[0] = '\0';
		run_die("cannot make a temporary directory in '%s'", tmp);
	}
	snprintf(room, sizeof(room), "%s/tmp", R.work);
	if (mkdir(room, 0700) != 0)
		run_die("cannot make '%s'", room);
	write_marker("cmd", cmd);
	write_marker("result", "");
	snprintf(pid, sizeof(pid), "%ld\n", (long)getpid());
	write_marker("pid", pid);
	/* Room for the run's own scratch files (a case's messages: about
	 * 32 KB): a TMPDIR without it stops the run here, saying so. */
	snprintf(room, sizeof(room), "%s/room", R.work);
	fd = open(room, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0 || run_zeros(fd, 32768) != 0 || close(fd) != 0) {
		unlink(room);
		run_no_room("for the run's scratch files (about 32 KB)");
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
	else
		run_warn("%u benchmark runs (%zu benchmarks, %u rounds%s) in %s: %s", R.ntotal, R.cases.n,
			 rounds, R.s.ab ? " of A and B" : "", t, sum);
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
			int side = nsides == 1 ? 0 : ab_order(k, j);

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
	argv[n++] = run_arg(tool);
	if (R.s.until != NULL) {
		snprintf(look, sizeof(look), "%u", R.look);
		argv[n++] = run_arg("--look");
		argv[n++] = look;
		argv[n++] = run_arg("--margin");
		argv[n++] = run_arg(R.s.until);
	}
	argv[n++] = run_arg(a);
	argv[n++] = run_arg(b);
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

/* hostbench run and ab. */
static int
cmd_run(int ab)
{
	char final[2][8400], path[4200];
	unsigned rounds, nsel = 0, found = 0;
	size_t i;

	for (i = 0; i < R.suite.n; i++) {
		struct stat st;

		if ((R.s.only != NULL && !suite_listed(R.suite.rows[i].prog, R.s.only))
		    || (R.s.skip != NULL && suite_listed(R.suite.rows[i].prog, R.s.skip)))
			continue;
		nsel++;
		snprintf(path, sizeof(path), "%s/%s", R.libexec, R.suite.rows[i].prog);
		found |= stat(path, &st) == 0;
	}
	if (nsel == 0)
		run_usage_error("%s: --only and --skip leave nothing to run", ab ? "ab" : "run");
	if (!found)
		run_die("no benchmark programs in '%s' (set HOSTBENCH_LIBEXEC)", R.libexec);
	R.side[0].name = ab ? 'a' : 'r';
	R.side[1].name = 'b';
	make_cases();
	start_work(ab ? "ab\n" : "run\n");
	rounds = experiment();
	if (!ab) {
		record_publish(0, final[0], sizeof(final[0]));
		summary(rounds);
		say("%s\n", final[0]);
		return MSG_EXIT_OK;
	}
	/* The machine as it was meant to be left: in A's state, or
	 * --restore's (A's state command ran last in an even number of
	 * rounds). */
	if (strcmp(R.s.restore, R.s.state[0]) != 0 || rounds % 2 == 1)
		ab_restore();
	R.restore_armed = 0;
	if (snprintf(path, sizeof(path), "%s/restore", R.work) < (int)sizeof(path))
		unlink(path);
	/* Both files or neither: the first is removed again if the second
	 * cannot be published. */
	record_publish(0, final[0], sizeof(final[0]));
	if (snprintf(R.unpublish, sizeof(R.unpublish), "%s/%s", R.dir_real,
		     strrchr(final[0], '/') + 1) >= (int)sizeof(R.unpublish))
		R.unpublish[0] = '\0';
	record_publish(1, final[1], sizeof(final[1]));
	R.unpublish[0] = '\0';
	summary(rounds);
	say("%s\n%s\n", final[0], final[1]);
	run_cleanup();
	if (R.restore_failed) {
		compare(final[0], final[1], 0);
		return MSG_EXIT_FAIL;
	}
	return compare(final[0], final[1], 1);
}

/* hostbench info: the fingerprint a result file starts with. */
static int
cmd_info(void)
{
	char *fp;

	R.s.quiet = 1;
	start_work("info\n");
	fp = record_fingerprint();
	say("%s", fp);
	free(fp);
	return MSG_EXIT_OK;
}

/* hostbench list: each program, what it measures (the second line of
 * its -h: one copy of that text, in its descriptor), and its cases. */
static int
cmd_list(void)
{
	char names[2048], *p, *save = NULL, out[4200], err[4200], what[1024];
	size_t i;

	R.s.quiet = 1;
	start_work("info\n");
	snprintf(out, sizeof(out), "%s/out", R.work);
	snprintf(err, sizeof(err), "%s/err", R.work);
	suite_programs(&R.suite, names, sizeof(names), " ");
	for (p = strtok_r(names, " ", &save); p != NULL; p = strtok_r(NULL, " ", &save)) {
		char prog[4200], *argv[3], line[1024] = "";
		struct stat st;
		int first = 1;

		snprintf(prog, sizeof(prog), "%s/%s", R.libexec, p);
		if (stat(prog, &st) == 0) {
			FILE *f;

			argv[0] = p;
			argv[1] = run_arg("-h");
			argv[2] = NULL;
			(void)case_spawn(argv, out, err, 1);
			what[0] = '\0';
			if ((f = fopen(out, "r")) != NULL) {
				if (fgets(line, sizeof(line), f) != NULL && fgets(line, sizeof(line), f) != NULL) {
					char *colon = strchr(line, ':');

					line[strcspn(line, "\n")] = '\0';
					if (colon != NULL && colon[1] == ' ')
						snprintf(what, sizeof(what), "%s", colon + 2);
				}
				fclose(f);
			}
			say("%-16s %s\n", p, what[0] ? what : "?");
		} else
			say("%-16s (not built)\n", p);
		say("%-16s   ", "");
		for (i = 0; i < R.suite.n; i++) {
			char d[1024];

			if (strcmp(R.suite.rows[i].prog, p) != 0)
				continue;
			suite_describe(&R.suite.rows[i], d, sizeof(d));
			say("%s%s", first ? "" : "; ", d);
			first = 0;
		}
		say("\n");
	}
	/* hostinfo is no benchmark of the suite (--only and --skip do not
	 * take it): every run starts with what it prints. */
	say("\nNot a benchmark: every run records it; hostbench info runs it:\n");
	say("%-16s %s\n", "hostinfo", "the host fingerprint as configuration lines");
	return MSG_EXIT_OK;
}

int
main(int argc, char **argv)
{
	char err[256];
	const char *lib = getenv("HOSTBENCH_LIBEXEC"), *cmd = argc > 1 ? argv[1] : "";
	static char here[4096];

	run_init();
	/* The user ran hostbench: its messages are the front end's. */
	msg_init("hostbench");
	R.proc = "/proc";
	if (suite_parse(&R.suite, suite_table(), err, sizeof(err)) != 0)
		run_die("the suite's table: %s", err);
	if (lib == NULL || lib[0] == '\0') {
		const char *slash = strrchr(argv[0], '/');

		snprintf(here, sizeof(here), "%.*s", slash != NULL ? (int)(slash - argv[0]) : 1,
			 slash != NULL ? argv[0] : ".");
		lib = here;
	}
	R.libexec = lib;
	if (strcmp(cmd, "-V") == 0 || strcmp(cmd, "--version") == 0) {
		say("hostbench-run (hostbench) %s\n", PACKAGE_VERSION);
		return MSG_EXIT_OK;
	}
	read_wrapper();
	cloexec_all();
	if (strcmp(cmd, "run") == 0 || strcmp(cmd, "ab") == 0) {
		int ab = cmd[0] == 'a';

		opts_parse(&R.s, ab, 0, argc - 2, argv + 2);
		stop_with_parent();
		run_catch_signals();
		atexit(run_cleanup);
		return cmd_run(ab);
	}
	if (strcmp(cmd, "check") == 0 && argc >= 4
	    && (strcmp(argv[2], "run") == 0 || strcmp(argv[2], "ab") == 0)
	    && (strcmp(argv[3], "here") == 0 || strcmp(argv[3], "there") == 0)) {
		/* The options of a run the front end starts (--box USER@HOST:
		 * here, after the agent) or sends to other hosts (--ssh:
		 * there, where --fsdir is checked), checked before it does. */
		opts_parse(&R.s, argv[2][0] == 'a', argv[3][0] == 't', argc - 4, argv + 4);
		return MSG_EXIT_OK;
	}
	if ((strcmp(cmd, "info") == 0 || strcmp(cmd, "list") == 0) && argc == 2) {
		run_catch_signals();
		atexit(run_cleanup);
		return cmd[0] == 'i' ? cmd_info() : cmd_list();
	}
	if (strcmp(cmd, "publish") == 0 && argc == 4) {
		/* A result from a host of run --ssh into the results
		 * directory argv[2], as a run's. */
		char final[8400];

		R.s.results_dir = argv[2];
		R.side[0].name = 'r';
		run_catch_signals();
		atexit(run_cleanup);
		record_publish_file(argv[3], final, sizeof(final));
		say("%s\n", final);
		return MSG_EXIT_OK;
	}
	if (strcmp(cmd, "no-precision") == 0 && argc == 2) {
		/* The suite's programs --confidence leaves alone (catalogue-t). */
		size_t i;

		for (i = 0; i < R.suite.n; i++)
			if (!case_takes_precision(R.suite.rows[i].prog) &&
			    (i == 0 || strcmp(R.suite.rows[i].prog, R.suite.rows[i - 1].prog) != 0))
				printf("%s\n", R.suite.rows[i].prog);
		return MSG_EXIT_OK;
	}
	if (strcmp(cmd, "man-suite") == 0 && argc == 2) {
		/* hostbench(1)'s THE SUITE (make man-synopsis). */
		suite_man(stdout, &R.suite);
		return MSG_EXIT_OK;
	}
	if (strcmp(cmd, "safe-dir") == 0 && argc == 4) {
		char real[4096];

		record_safe_dir(argv[3], argv[2], real, sizeof(real));
		printf("%s\n", real);
		return MSG_EXIT_OK;
	}
	fprintf(strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0 ? stdout : stderr,
		"usage: hostbench-run run|ab [options]\n"
		"       hostbench-run info | list | check run|ab here|there [options]\n"
		"       hostbench-run publish DIR FILE | safe-dir WHAT DIR | man-suite\n"
		"The suite runner of hostbench (the front end), which starts it.\n");
	return strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0 ? MSG_EXIT_OK : MSG_EXIT_USAGE;
}
