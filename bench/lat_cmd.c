/*
 * lat_cmd: the time to run a command to completion, in ns per run.
 *
 * One iteration is fork(2), execvp(3) of the command with its arguments
 * and waitpid(2) until it exits; its standard input, output and error are
 * /dev/null (opened before timing).  The command runs once untimed first,
 * so that one that cannot be executed is reported with the reason; any run
 * that exits non-zero or is killed ends the run.  Each run is a process
 * group of its own, killed whole if lat_cmd is interrupted.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
# include <sys/prctl.h>
#endif

#include "core/msg.h"
#include "core/spawn.h"
#include "driver/bench.h"

struct state {
	char **argv;
	int devnull;
	pid_t parent;		/* lat_cmd: a child whose parent is gone does not run */
};

/* The running command, killed with its group if this process is. */
static volatile pid_t child;

static void
on_signal(int sig)
{
	pid_t c = child;

	if (c > 0) {
		kill(-c, SIGKILL);
		kill(c, SIGKILL);	/* in case it has no group of its own yet */
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

/* In the child (a spawn_child_fn): run the command; on failure report errno to errfd. */
static HB_NORETURN void
run_child(void *arg, int errfd)
{
	const struct state *s = arg;

	(void)setpgid(0, 0);
#ifdef __linux__
	/* Die with lat_cmd even when it is killed with SIGKILL. */
	(void)prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
	if (getppid() == s->parent && dup2(s->devnull, STDIN_FILENO) >= 0 &&
	    dup2(s->devnull, STDOUT_FILENO) >= 0 && dup2(s->devnull, STDERR_FILENO) >= 0)
		execvp(s->argv[0], s->argv);
	spawn_failed(errfd);
}

/* Wait for the command; a status other than 0 ends the run. */
static int
reap(const struct state *s, pid_t pid)
{
	pid_t r;
	int st;

	while ((r = waitpid(pid, &st, 0)) < 0 && errno == EINTR)
		;
	child = 0;
	if (r < 0)
		return -1;
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return 0;
	if (WIFEXITED(st))
		msg_die("'%s' exited with status %d", s->argv[0], WEXITSTATUS(st));
	msg_die("'%s' was killed by signal %d", s->argv[0],
		WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

static int
do_cmd(void *arg, uint64_t n)
{
	struct state *s = arg;

	while (n-- > 0) {
		pid_t pid = fork();

		if (pid < 0)
			return -1;
		if (pid == 0)
			run_child(s, -1);
		child = pid;
		if (reap(s, pid) != 0)
			return -1;
	}
	return 0;
}

/* The untimed first run: says why a command cannot be executed. */
static void
first_run(struct state *s)
{
	struct spawn sp;
	int err;

	if (spawn_start(&sp, run_child, s) < 0)
		msg_sysdie("cannot start '%s'", s->argv[0]);
	child = sp.pid;
	if ((err = spawn_wait_exec(&sp)) != 0) {
		child = 0;
		errno = err;
		msg_sysdie("cannot execute '%s'", s->argv[0]);
	}
	if (reap(s, sp.pid) != 0)
		msg_sysdie("waitpid");
}

static const struct bench_prog prog = {
	.name = "lat_cmd",
	.args = "command [argument...]",
	.summary = "lat_cmd: time to run a command to completion, in ns per run",
	.min_args = 1,
	.max_args = -1,
	/* lat_cmd -N 3 ls -l: -l is ls's. */
	.stop_at_operand = 1,
};

int
main(int argc, char **argv)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct bench_opts o;
	struct state s;
	struct bench_case c;
	struct sigaction sa;
	char cmd[OUTPUT_MAX_VALUE];
	size_t i, len = 0;
	int ai = bench_init(&o, &prog, argc, argv);

	s.argv = argv + ai;
	s.parent = getpid();
	s.devnull = open("/dev/null", O_RDWR);
	if (s.devnull < 0 || fcntl(s.devnull, F_SETFD, FD_CLOEXEC) != 0)
		msg_sysdie("/dev/null");
	/* An ignored SIGCHLD would make the kernel reap the command itself. */
	signal(SIGCHLD, SIG_DFL);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < HB_ARRAY_SIZE(sigs); i++) {
		struct sigaction old;

		/* Respect a signal the caller chose to ignore (nohup). */
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
	}
	first_run(&s);
	/* The command line as its own line, after the run's configuration. */
	cmd[0] = '\0';
	for (i = 0; s.argv[i] != NULL && len < sizeof(cmd); i++)
		len += (size_t)snprintf(cmd + len, sizeof(cmd) - len, "%s%s",
					i > 0 ? " " : "", s.argv[i]);
	bench_print_config(&o, &prog);
	if (o.output == OUTPUT_RAW)
		output_config(stdout, "cmd", "%s", cmd);
	memset(&c, 0, sizeof(c));
	c.name = "LatCmd";
	c.loop = do_cmd;
	c.arg = &s;
	return bench_exit_code(bench_run(&o, &prog, &c) == 0 ? MSG_EXIT_OK : MSG_EXIT_FAIL);
}
