/*
 * spawn-t: the parent learns whether the child's exec worked, apart from
 * how the program then ends: 0 for a program that ran (whatever its exit
 * status, which the caller's wait tells), the errno of an exec that
 * failed (ENOENT, EACCES, ENOEXEC) with the child already reaped, and
 * ENOEXEC for a child function that returns without exec'ing.  The pipe
 * is closed on exec: the program does not hold it (/proc/self/fd).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/spawn.h"
#include "tap/basic.h"

static char *const no_env[] = { NULL };

/* Exec argv (a NULL-terminated array) or fail. */
static HB_NORETURN void
exec_child(void *arg, int errfd)
{
	char *const *argv = arg;

	execve(argv[0], argv, no_env);
	spawn_failed(errfd);
}

/* Return without exec'ing. */
static void
lazy_child(void *arg, int errfd)
{
	(void)arg;
	(void)errfd;
}

/* Exec a shell that tests whether its errfd (in the script) is closed. */
static char script[64];
static HB_NORETURN void
fd_child(void *arg, int errfd)
{
	char *argv[] = { (char *)arg, (char *)"-c", script, NULL };

	snprintf(script, sizeof(script), "test ! -e /proc/self/fd/%d", errfd);
	execve(argv[0], argv, no_env);
	spawn_failed(errfd);
}

/* The exit status of pid, or -1. */
static int
status_of(pid_t pid)
{
	int st;

	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

int
main(void)
{
	char dir[PATH_MAX], plain[PATH_MAX + 8], junk[PATH_MAX + 8];
	const char *tmp = getenv("TMPDIR");
	char *sh_exit3[] = { (char *)"/bin/sh", (char *)"-c", (char *)"exit 3", NULL };
	char *missing[] = { (char *)"/nonexistent/spawn-t/prog", NULL };
	char *noexec[] = { plain, NULL };
	char *garbage[] = { junk, NULL };
	struct spawn sp;
	pid_t pid;
	int fd;

	plan(12);
	snprintf(dir, sizeof(dir), "%s/spawn-t.XXXXXX", tmp != NULL && tmp[0] != '\0' ? tmp : "/tmp");
	if (mkdtemp(dir) == NULL)
		skip_all("mkdtemp: %s", strerror(errno));
	snprintf(plain, sizeof(plain), "%s/plain", dir);
	snprintf(junk, sizeof(junk), "%s/junk", dir);
	/* A file not executable; one executable but of no format (no #!). */
	if ((fd = open(plain, O_WRONLY | O_CREAT, 0644)) < 0 || close(fd) != 0
	    || (fd = open(junk, O_WRONLY | O_CREAT, 0755)) < 0
	    || write(fd, "\177\001\002\003junk", 8) != 8 || close(fd) != 0)
		skip_all("cannot write test files in %s: %s", dir, strerror(errno));

	pid = spawn_start(&sp, exec_child, sh_exit3);
	ok(pid > 0 && sp.pid == pid, "spawn_start returns the child (%ld)", (long)pid);
	is_int(0, spawn_wait_exec(&sp), "a program that runs: the exec worked");
	is_int(3, status_of(pid), "... and its own exit status is the caller's to wait for");

	pid = spawn_start(&sp, exec_child, missing);
	is_int(ENOENT, spawn_wait_exec(&sp), "a path that does not exist: ENOENT");
	ok(sp.pid == 0 && waitpid(pid, NULL, WNOHANG) < 0 && errno == ECHILD,
	   "... the child reaped already");

	spawn_start(&sp, exec_child, noexec);
	is_int(EACCES, spawn_wait_exec(&sp), "a file without execute permission: EACCES");

	spawn_start(&sp, exec_child, garbage);
	is_int(ENOEXEC, spawn_wait_exec(&sp), "an executable of no format: ENOEXEC");

	pid = spawn_start(&sp, lazy_child, NULL);
	is_int(ENOEXEC, spawn_wait_exec(&sp), "a child function that returns: ENOEXEC");
	ok(sp.pid == 0 && waitpid(pid, NULL, WNOHANG) < 0, "... reaped");

	if (access("/proc/self/fd", F_OK) == 0) {
		pid = spawn_start(&sp, fd_child, (void *)"/bin/sh");
		is_int(0, spawn_wait_exec(&sp), "the shell ran");
		is_int(0, status_of(pid), "the pipe is closed on exec: the program does not hold it");
	} else {
		skip("no /proc/self/fd here");
		skip("no /proc/self/fd here");
	}
	is_int(0, spawn_wait_exec(&sp), "spawn_wait_exec again: nothing more to read, 0");

	unlink(plain);
	unlink(junk);
	rmdir(dir);
	return 0;
}
