/*
 * tmp: temporary files and directories that are removed on every exit
 * path: exit(), return from main, and SIGINT, SIGTERM, SIGHUP (after
 * removal the signal is re-raised with its default action, so the exit
 * status still tells the signal).  Only the process that registered the
 * paths removes them: a forked child leaves them alone (unless it registers
 * one of its own: it then takes over the table it inherited).  The
 * handler blocks every other signal while it runs.
 */
#ifndef HB_TMP_H
#define HB_TMP_H

#include <stddef.h>
#include <stdint.h>

#define TMP_MAX_PATHS 64

/*
 * The directory for temporary files: dir if not NULL, else $TMPDIR if set
 * and non-empty, else /tmp.
 */
const char *tmp_dir(const char *dir);

/*
 * Create a file "<tmp_dir(dir)>/hostbench.<prog>.XXXXXX" with mkstemp,
 * register it for removal, store its path in path (len bytes) and return
 * an open read-write descriptor, or -1 with errno set.
 */
int tmp_file(const char *dir, char *path, size_t len);

/* Like tmp_file for a directory (mkdtemp); removed with its contents. */
int tmp_mkdir(const char *dir, char *path, size_t len);

/* Register an existing path for removal (e.g. a file made inside a tmp dir). */
int tmp_register(const char *path);

/* Remove a registered path now and forget it.  Returns 0 or -1 (errno). */
int tmp_remove(const char *path);

/*
 * Call the hook (see tmp_set_hook), then remove every registered path
 * (called at exit and from the handlers).  Does nothing in a process
 * other than the one that registered the paths.  SIGINT, SIGTERM and
 * SIGHUP wait until it is done (one arriving meanwhile then runs the
 * handler: the hook once more, and the re-raise).
 */
void tmp_cleanup(void);

/*
 * Run fn first whenever the paths are removed: from tmp_cleanup (so at
 * exit) and from the signal handler, in the registering process only.
 * For a program that fills a temporary directory with more entries than
 * the table holds: fn empties it, so that the rmdir that follows works
 * from the handler too (which, unlike exit, removes no directory tree).
 * fn runs in a signal handler, so it must be async-signal-safe (unlink,
 * rmdir, kill, waitpid, read ...; no malloc, stdio or opendir), and it
 * may run more than once: again after an interrupted exit, and by the
 * program itself.  NULL removes it.  Installs the handlers like tmp_file.
 */
void tmp_set_hook(void (*fn)(void));

/*
 * Write size bytes of non-zero data to fd at its offset, then fsync it:
 * a file of allocated blocks on the disk (not a hole), to map or read.
 * Retries a write that EINTR interrupted.  Returns 0, or -1 with errno
 * set: ENOSPC for a full file system (also where write returns 0), EFBIG
 * past a file size limit with SIGXFSZ ignored, or fsync's error.
 */
int tmp_fill(int fd, uint64_t size);

#endif
