/*
 * runner: the run's state (R), its messages, its cleanup and its
 * signals: a signal asks the run to stop (run_signal); the runner stops
 * at its next wait, removes what it made, puts the machine back and dies
 * of the signal (run_check_signal).
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

#include "core/msg.h"
#include "runner.h"

struct runner R;
volatile sig_atomic_t run_signal;
volatile sig_atomic_t run_child_group;
static pid_t main_pid;

int
run_zeros(int fd, size_t n)
{
	static char zeros[4096];	/* (bss: no room in the program file) */

	while (n > 0) {
		size_t k = n < sizeof(zeros) ? n : sizeof(zeros);
		ssize_t w = write(fd, zeros, k);

		if (w <= 0)
			return -1;
		n -= (size_t)w;
	}
	return 0;
}

void
run_init(void)
{
	main_pid = getpid();
}

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
run_no_room(const char *what)
{
	const char *tmp = getenv("TMPDIR");

	run_die("no room in TMPDIR ('%s') %s; set TMPDIR to a directory with room",
		tmp != NULL && tmp[0] != '\0' ? tmp : "/tmp", what);
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
run_remove_tree(const char *path)
{
	(void)nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

int
run_wait(pid_t pid, int watch)
{
	int status;

	if (watch) {
		R.child = pid;
		run_watch_child(pid);
	}
	for (;;) {
		pid_t w = waitpid(pid, &status, 0);

		if (w == pid)
			break;
		if (w < 0 && errno != EINTR) {
			status = 0;
			break;
		}
		if (watch)
			run_check_signal();
	}
	if (watch) {
		run_watch_child(0);
		R.child = 0;
	}
	return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
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
		run_remove_tree(R.work);
		R.work[0] = '\0';
	}
}

static void
on_signal(int sig)
{
	int saved = errno;

	if (run_signal == 0)
		run_signal = sig;
	/* The program running now is asked to stop at once, so that the
	 * wait for it ends and the run stops: a signal that came before
	 * that wait began does not interrupt it. */
	if (run_child_group > 0 && kill(-(pid_t)run_child_group, SIGTERM) != 0)
		(void)kill((pid_t)run_child_group, SIGTERM);	/* (before its setsid) */
	errno = saved;
}

void
run_watch_child(pid_t child)
{
	run_child_group = (sig_atomic_t)child;
	if (child > 0 && run_signal != 0 && kill(-child, SIGTERM) != 0)
		(void)kill(child, SIGTERM);
}

void
run_signals(void (*handler)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;	/* no SA_RESTART: a wait returns EINTR */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGPIPE, &sa, NULL);
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
	run_signals(SIG_IGN);
	memset(&sa, 0, sizeof(sa));
	if (!R.s.quiet)
		fputc('\n', stderr);
	run_cleanup();
	sa.sa_handler = SIG_DFL;
	sigaction(sig, &sa, NULL);
	fflush(NULL);
	(void)kill(getpid(), sig);
	_exit(128 + sig);
}

void
run_catch_signals(void)
{
	/* SIGPIPE too: progress into a closed pipe (a broken ssh
	 * connection, | head) must not end the run without its cleanup. */
	run_signals(on_signal);
}

