/*
 * tmp: temporary files and directories removed on every exit path.
 *
 * Paths live in a fixed table so that the signal handler can walk it
 * without allocating; removal from the handler uses only unlink and rmdir
 * (async-signal-safe), after emptying a directory with a bounded scan that
 * runs only at normal exit.  A program's hook runs first in both, so it
 * can empty a directory of its own before the handler's rmdir.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/msg.h"
#include "core/tmp.h"

#define TMP_PATH_MAX 4096

static char paths[TMP_MAX_PATHS][TMP_PATH_MAX];
static volatile sig_atomic_t used[TMP_MAX_PATHS];
static pid_t owner;		/* only the creating process removes */
static int installed;
static void (*volatile hook)(void);
static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };

static void
remove_tree(const char *path)
{
	DIR *d;
	struct dirent *e;
	char sub[TMP_PATH_MAX];

	if (unlink(path) == 0 || errno == ENOENT)
		return;
	d = opendir(path);
	if (d != NULL) {
		while ((e = readdir(d)) != NULL) {
			if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
				continue;
			if (snprintf(sub, sizeof(sub), "%s/%s", path, e->d_name) < (int)sizeof(sub))
				remove_tree(sub);
		}
		closedir(d);
	}
	rmdir(path);
}

void
tmp_cleanup(void)
{
	sigset_t block, old;
	size_t k;
	int i;

	if (getpid() != owner)
		return;
	/* The handler would run the hook again in the middle of this one. */
	sigemptyset(&block);
	for (k = 0; k < HB_ARRAY_SIZE(sigs); k++)
		sigaddset(&block, sigs[k]);
	sigprocmask(SIG_BLOCK, &block, &old);
	if (hook != NULL)
		hook();
	for (i = TMP_MAX_PATHS - 1; i >= 0; i--)
		if (used[i]) {
			remove_tree(paths[i]);
			used[i] = 0;
		}
	sigprocmask(SIG_SETMASK, &old, NULL);
}

static void
on_signal(int sig)
{
	int i;

	/*
	 * Only unlink and rmdir here: a directory with files in it made by
	 * the program is registered file by file, after the directory, so
	 * walking the table backwards empties it before its rmdir; the hook
	 * empties what the program did not register.
	 */
	if (getpid() == owner) {
		if (hook != NULL)
			hook();
		for (i = TMP_MAX_PATHS - 1; i >= 0; i--)
			if (used[i]) {
				if (unlink(paths[i]) != 0)
					rmdir(paths[i]);
				used[i] = 0;
			}
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

static void
install(void)
{
	struct sigaction sa;
	size_t i;

	if (installed && owner == getpid())
		return;
	owner = getpid();
	if (!installed)
		atexit(tmp_cleanup);
	installed = 1;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigfillset(&sa.sa_mask);	/* no second signal in the middle of it */
	for (i = 0; i < HB_ARRAY_SIZE(sigs); i++) {
		struct sigaction old;

		/* Respect a signal the caller chose to ignore (nohup). */
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
			continue;
		sigaction(sigs[i], &sa, NULL);
	}
}

void
tmp_set_hook(void (*fn)(void))
{
	install();
	hook = fn;
}

const char *
tmp_dir(const char *dir)
{
	const char *env;

	if (dir != NULL && *dir != '\0')
		return dir;
	env = getenv("TMPDIR");
	if (env != NULL && *env != '\0')
		return env;
	return "/tmp";
}

int
tmp_register(const char *path)
{
	int i;

	if (strlen(path) >= TMP_PATH_MAX) {
		errno = ENAMETOOLONG;
		return -1;
	}
	install();
	for (i = 0; i < TMP_MAX_PATHS; i++)
		if (!used[i]) {
			memcpy(paths[i], path, strlen(path) + 1);
			used[i] = 1;
			return 0;
		}
	errno = ENOSPC;
	return -1;
}

int
tmp_remove(const char *path)
{
	int i;

	for (i = 0; i < TMP_MAX_PATHS; i++)
		if (used[i] && strcmp(paths[i], path) == 0) {
			used[i] = 0;
			remove_tree(path);
			return 0;
		}
	errno = ENOENT;
	return -1;
}

static int
make_template(const char *dir, char *path, size_t len)
{
	int n = snprintf(path, len, "%s/hostbench.%s.XXXXXX", tmp_dir(dir), msg_prog());

	if (n < 0 || (size_t)n >= len) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return 0;
}

int
tmp_file(const char *dir, char *path, size_t len)
{
	int fd;
	sigset_t all, old;

	if (make_template(dir, path, len) != 0)
		return -1;
	install();
	/* No signal between creating the file and registering it. */
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	fd = mkstemp(path);
	if (fd >= 0 && tmp_register(path) != 0) {
		int saved = errno;

		close(fd);
		unlink(path);
		errno = saved;
		fd = -1;
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	return fd;
}

int
tmp_mkdir(const char *dir, char *path, size_t len)
{
	int rc = 0;
	sigset_t all, old;

	if (make_template(dir, path, len) != 0)
		return -1;
	install();
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	if (mkdtemp(path) == NULL)
		rc = -1;
	else if (tmp_register(path) != 0) {
		int saved = errno;

		rmdir(path);
		errno = saved;
		rc = -1;
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	return rc;
}

int
tmp_fill(int fd, uint64_t size)
{
	char block[16384];

	memset(block, 'h', sizeof(block));
	while (size > 0) {
		size_t chunk = size < sizeof(block) ? (size_t)size : sizeof(block);
		ssize_t w = write(fd, block, chunk);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (w == 0)
				errno = ENOSPC;
			return -1;
		}
		size -= (uint64_t)w;
	}
	return fsync(fd);
}
