/*
 * spawn: a child that execs, and the errno of an exec that failed,
 * through a close-on-exec pipe (spawn.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/spawn.h"

pid_t
spawn_start(struct spawn *sp, spawn_child_fn fn, void *arg)
{
	int fd[2], saved;

	sp->pid = 0;
	sp->fd = -1;
	if (pipe(fd) != 0)
		return -1;
	if (fcntl(fd[1], F_SETFD, FD_CLOEXEC) != 0 || (sp->pid = fork()) < 0) {
		saved = errno;
		close(fd[0]);
		close(fd[1]);
		sp->pid = 0;
		errno = saved;
		return -1;
	}
	if (sp->pid == 0) {
		close(fd[0]);
		fn(arg, fd[1]);
		/* fn neither exec'd nor said why: a failure without an errno. */
		errno = ENOEXEC;
		spawn_failed(fd[1]);
	}
	close(fd[1]);
	sp->fd = fd[0];
	return sp->pid;
}

int
spawn_wait_exec(struct spawn *sp)
{
	ssize_t r;
	int err = 0;

	if (sp->fd < 0)
		return 0;
	while ((r = read(sp->fd, &err, sizeof(err))) < 0 && errno == EINTR)
		;
	close(sp->fd);
	sp->fd = -1;
	if (r != (ssize_t)sizeof(err) || err == 0)
		return 0;
	while (waitpid(sp->pid, NULL, 0) < 0 && errno == EINTR)
		;
	sp->pid = 0;
	return err;
}

void
spawn_failed(int errfd)
{
	int err = errno;

	if (errfd >= 0 && write(errfd, &err, sizeof(err)) < 0)
		_exit(126);
	_exit(127);
}
