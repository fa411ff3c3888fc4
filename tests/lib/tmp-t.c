/*
 * tmp-t: tmp_fill writes data (not a hole) and reports a full disk or a
 * size limit; the hook runs before the paths are removed, from exit and
 * from the signal handler, and only in the process that registered them.
 *
 * The children that test the signal handler end by signal or _exit, so
 * that neither the TAP plan check nor the cleanup runs twice.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/msg.h"
#include "core/tmp.h"
#include "tap/basic.h"

static char dir[PATH_MAX], inside[PATH_MAX + 8];
static volatile sig_atomic_t calls, dir_was_there;
static int report = -1;		/* a pipe the hook writes to, in a child */

/* Empty dir of the one file lib/core/tmp does not know about; signal-safe. */
static void
hook(void)
{
	calls++;
	dir_was_there = access(dir, F_OK) == 0;
	unlink(inside);
	if (report >= 0)
		(void)!write(report, "h", 1);
}

/* The next directory's path, chosen before a child makes it. */
static void
next_dir(void)
{
	static int n;

	snprintf(dir, sizeof(dir), "%s/hostbench.tmp-t.%ld.%d", tmp_dir(NULL),
		 (long)getpid(), n++);
	snprintf(inside, sizeof(inside), "%s/x", dir);
}

/* A registered directory with a file in it that lib/core/tmp does not know. */
static int
make_dir(void)
{
	int fd;

	if (mkdir(dir, 0700) != 0 || tmp_register(dir) != 0)
		return -1;
	fd = open(inside, O_WRONLY | O_CREAT | O_EXCL, 0600);
	return fd < 0 ? -1 : close(fd);
}

/* Fill a file of size bytes; 1 when it has them, all non-zero. */
static int
filled(uint64_t size)
{
	char path[PATH_MAX], buf[4096];
	uint64_t seen = 0;
	ssize_t n, i;
	int fd = tmp_file(NULL, path, sizeof(path)), good = 1;

	if (fd < 0 || tmp_fill(fd, size) != 0 || lseek(fd, 0, SEEK_SET) != 0)
		return 0;
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		for (i = 0; i < n; i++, seen++)
			good &= buf[i] != 0;
	close(fd);
	tmp_remove(path);
	return n == 0 && good && seen == size;
}

/* In a child: make the directory, set the hook or not, die of SIGTERM. */
static int
child_killed(int with_hook)
{
	int status;
	pid_t pid;

	next_dir();
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		if (make_dir() != 0)
			_exit(3);
		if (with_hook)
			tmp_set_hook(hook);
		raise(SIGTERM);
		/* cppcheck-suppress unreachableCode ; reached if SIGTERM did not end the child */
		_exit(4);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFSIGNALED(status) ? WTERMSIG(status) : 100 + WEXITSTATUS(status);
}

int
main(int argc, char **argv)
{
	struct rlimit rl;
	int fd, p[2], status;
	char c;
	pid_t pid;

	(void)argc;
	msg_init(argv[0]);
	plan(15);

	ok(filled(100000), "tmp_fill: 100000 bytes, none of them zero");
	ok(filled(0), "tmp_fill: 0 bytes leaves the file empty");
	ok(filled(3 * 16384 + 1), "tmp_fill: a size that is not a multiple of its block");
	errno = 0;
	is_int(-1, tmp_fill(-1, 10), "tmp_fill: a bad descriptor fails");
	is_int(EBADF, errno, "... with EBADF");
	fd = open("/dev/full", O_WRONLY);
	if (fd >= 0) {
		errno = 0;
		ok(tmp_fill(fd, 10) == -1 && errno == ENOSPC, "tmp_fill: a full device fails with ENOSPC");
		close(fd);
	} else {
		skip("no /dev/full here");
	}

	/* A file size limit, with SIGXFSZ ignored: EFBIG, in a child. */
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		char path[PATH_MAX];

		signal(SIGXFSZ, SIG_IGN);
		rl.rlim_cur = rl.rlim_max = 4096;
		fd = tmp_file(NULL, path, sizeof(path));
		if (fd < 0 || setrlimit(RLIMIT_FSIZE, &rl) != 0)
			_exit(3);
		errno = 0;
		status = tmp_fill(fd, 10000) == -1 && errno == EFBIG ? 0 : 1;
		unlink(path);
		_exit(status);
	}
	ok(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status)
	   && WEXITSTATUS(status) == 0, "tmp_fill: past a file size limit fails with EFBIG");

	/* The signal handler only rmdirs: a hook has to empty the directory. */
	is_int(SIGTERM, child_killed(0), "SIGTERM: the program dies of it");
	ok(access(dir, F_OK) == 0, "without a hook, a directory with a file in it stays");
	unlink(inside);
	rmdir(dir);
	is_int(SIGTERM, child_killed(1), "SIGTERM with a hook: the program dies of it");
	ok(access(dir, F_OK) != 0, "the hook empties the directory before the handler's rmdir");

	/* From tmp_cleanup: first, and only in the process that registered. */
	next_dir();
	if (make_dir() != 0 || pipe(p) != 0)
		bail("cannot make a temporary directory or a pipe");
	tmp_set_hook(hook);
	report = p[1];
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		tmp_cleanup();
		_exit(0);
	}
	waitpid(pid, &status, 0);
	close(p[1]);
	report = -1;
	ok(read(p[0], &c, 1) == 0 && access(inside, F_OK) == 0,
	   "a forked child's tmp_cleanup neither runs the hook nor removes anything");
	close(p[0]);
	calls = 0;
	tmp_cleanup();
	ok(calls == 1 && dir_was_there, "tmp_cleanup runs the hook once, before removing");
	ok(access(dir, F_OK) != 0, "tmp_cleanup removes the directory");
	tmp_set_hook(NULL);
	calls = 0;
	tmp_cleanup();
	is_int(0, calls, "tmp_set_hook(NULL) removes the hook");
	return 0;
}
