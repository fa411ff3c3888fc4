/*
 * lat_proc: process creation costs, in ns per operation.
 *
 * procedure: one call of a function the compiler may not inline.  fork:
 * fork(2), the child's _exit(0) and the parent's waitpid(2).  exec: fork,
 * execve(2) of the suite's hello program, its exit and waitpid.  shell:
 * fork and /bin/sh -c hello.  Every fork, exec and wait is checked and
 * every child must exit 0.  hello is the one installed next to this
 * program (never looked up in PATH); it writes one line to /dev/null,
 * opened before timing, and runs with an empty environment.  Before
 * timing, hello is run once: where the system cannot execute it (under
 * an emulator such as qemu-user, a program cannot start another program
 * of its CPU), exec and shell are unsupported, not failed.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/msg.h"
#include "core/spawn.h"
#include "driver/bench.h"

#define SHELL "/bin/sh"

struct state {
	char hello[PATH_MAX];
	char command[2 * PATH_MAX];	/* hello quoted for the shell */
	const char *path, *what;	/* what exec and shell run */
	char *argv[4];
	int devnull;
};

/* The running child, killed by the handler if this process is. */
static volatile pid_t child;
static char *const no_env[] = { NULL };

static void
on_signal(int sig)
{
	pid_t c = child;

	if (c > 0)
		kill(c, SIGKILL);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Wait for the child; a status other than 0 ends the run. */
static int
reap(pid_t pid, const char *what)
{
	pid_t r;
	int st;

	child = pid;
	while ((r = waitpid(pid, &st, 0)) < 0 && errno == EINTR)
		;
	child = 0;
	if (r < 0)
		return -1;
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return 0;
	if (WIFEXITED(st))
		msg_die("%s exited with status %d%s", what, WEXITSTATUS(st),
			WEXITSTATUS(st) == 127 ? " (could not be executed)" : "");
	msg_die("%s was killed by signal %d", what, WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

/* Out of line and with a visible effect: the call cannot be deleted. */
static HB_NOINLINE void
procedure(uint64_t x)
{
	HB_USE(x);
}

static int
do_procedure(void *arg, uint64_t n)
{
	(void)arg;
	while (n-- > 0)
		procedure(n);
	return 0;
}

static int
do_fork(void *arg, uint64_t n)
{
	(void)arg;
	while (n-- > 0) {
		pid_t pid = fork();

		if (pid < 0)
			return -1;
		if (pid == 0)
			_exit(0);
		if (reap(pid, "the child") != 0)
			return -1;
	}
	return 0;
}

/* exec and shell: run s->path with s->argv, its output to /dev/null. */
static int
do_spawn(void *arg, uint64_t n)
{
	struct state *s = arg;

	while (n-- > 0) {
		pid_t pid = fork();

		if (pid < 0)
			return -1;
		if (pid == 0) {
			if (dup2(s->devnull, STDOUT_FILENO) >= 0)
				execve(s->path, s->argv, no_env);
			_exit(127);
		}
		if (reap(pid, s->what) != 0)
			return -1;
	}
	return 0;
}

/* probe_hello's child: hello, its output to /dev/null. */
static HB_NORETURN void
hello_child(void *arg, int errfd)
{
	struct state *s = arg;
	char *const argv[] = { s->hello, NULL };

	if (dup2(s->devnull, STDOUT_FILENO) >= 0)
		execve(s->hello, argv, no_env);
	spawn_failed(errfd);
}

/*
 * Run hello once, directly: 0 when it ran and exited 0; else exit 77
 * where the system cannot execute it (ENOEXEC: a program for another
 * CPU, as under qemu-user, which runs only the program it was given),
 * or 1 naming why (spawn.h: the errno of the failed execve).
 */
static void
probe_hello(struct state *s)
{
	struct spawn sp;
	int e;

	if (spawn_start(&sp, hello_child, s) < 0)
		msg_sysdie("cannot start %s", s->hello);
	if ((e = spawn_wait_exec(&sp)) != 0) {
		if (e == ENOEXEC)
			msg_exit(MSG_EXIT_UNSUPPORTED,
				 "%s: %s: this system cannot start it (under an emulator such as "
				 "qemu-user a program cannot run another one of its CPU)",
				 s->hello, strerror(e));
		msg_die("%s: %s", s->hello, strerror(e));
	}
	if (reap(sp.pid, s->hello) != 0)
		msg_sysdie("waitpid");
}

/*
 * hello's path: next to this program, whose path is /proc/self/exe where
 * there is one, else argv[0] made absolute.  Returns 0 or -1.
 */
static int
find_hello(const char *argv0, char *out, size_t len)
{
	char self[PATH_MAX];
	ssize_t r = readlink("/proc/self/exe", self, sizeof(self) - 1);
	char *slash;

	if (r > 0 && (size_t)r < sizeof(self) - 1)
		self[r] = '\0';
	else if (strchr(argv0, '/') == NULL || realpath(argv0, self) == NULL)
		return -1;
	slash = strrchr(self, '/');
	if (slash == NULL)
		return -1;
	*slash = '\0';
	return (size_t)snprintf(out, len, "%s/hello", self) < len ? 0 : -1;
}

/* Single-quote s for sh: ' becomes '\''.  Returns 0, or -1 if too long. */
static int
sh_quote(const char *s, char *out, size_t len)
{
	size_t j = 0;

	out[j++] = '\'';
	for (; *s != '\0' && j + 6 < len; s++) {
		if (*s == '\'') {
			memcpy(out + j, "'\\''", 4);
			j += 4;
		} else {
			out[j++] = *s;
		}
	}
	out[j++] = '\'';
	out[j] = '\0';
	return *s == '\0' ? 0 : -1;
}

static const struct variant {
	const char *op;
	timing_loop_fn loop;
	int runs_hello;		/* 1: directly, 2: through the shell */
} variants[] = {
	{ "procedure", do_procedure, 0 },
	{ "fork", do_fork, 0 },
	{ "exec", do_spawn, 1 },
	{ "shell", do_spawn, 2 },
};

static const struct bench_prog prog = {
	.name = "lat_proc",
	.args = "procedure|fork|exec|shell",
	.summary = "lat_proc: procedure call and process creation cost in ns",
	.min_args = 1,
	.max_args = 1,
};

int
main(int argc, char **argv)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct bench_opts o;
	static struct state s;
	const struct variant *v = NULL;
	struct bench_case c;
	struct sigaction sa;
	char name[64];
	size_t i;
	int ai = bench_init(&o, &prog, argc, argv);

	for (i = 0; i < HB_ARRAY_SIZE(variants); i++)
		if (strcmp(argv[ai], variants[i].op) == 0)
			v = &variants[i];
	if (v == NULL)
		bench_usage_error(&prog, "unknown operation '%s'; allowed: procedure, fork, exec, shell",
				  argv[ai]);
	if (v->runs_hello) {
		if (find_hello(argv[0], s.hello, sizeof(s.hello)) != 0)
			msg_exit(MSG_EXIT_UNSUPPORTED, "cannot find the directory of %s to run hello from",
				 argv[0]);
		if (access(s.hello, X_OK) != 0)
			msg_exit(MSG_EXIT_UNSUPPORTED, "%s: %s (hello is installed with lat_proc)",
				 s.hello, strerror(errno));
		if (v->runs_hello == 2 && access(SHELL, X_OK) != 0)
			msg_exit(MSG_EXIT_UNSUPPORTED, "%s: %s", SHELL, strerror(errno));
		if (sh_quote(s.hello, s.command, sizeof(s.command)) != 0)
			msg_die("%s: path too long", s.hello);
		if (v->runs_hello == 1) {
			s.path = s.what = s.argv[0] = s.hello;
		} else {
			s.path = SHELL;
			s.what = SHELL " -c hello";
			s.argv[0] = "sh";
			s.argv[1] = "-c";
			s.argv[2] = s.command;
		}
		s.devnull = open("/dev/null", O_WRONLY);
		if (s.devnull < 0 || fcntl(s.devnull, F_SETFD, FD_CLOEXEC) != 0)
			msg_sysdie("/dev/null");
	}
	/* An ignored SIGCHLD would make the kernel reap the children itself. */
	signal(SIGCHLD, SIG_DFL);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < HB_ARRAY_SIZE(sigs); i++) {
		struct sigaction old;

		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
	}
	if (v->runs_hello)
		probe_hello(&s);
	snprintf(name, sizeof(name), "LatProc/op=%s", v->op);
	memset(&c, 0, sizeof(c));
	c.name = name;
	c.loop = v->loop;
	c.arg = &s;
	return bench_exit_code(bench_run(&o, &prog, &c) == 0 ? MSG_EXIT_OK : MSG_EXIT_FAIL);
}
