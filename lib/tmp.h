/*
 * tmp: temporary files and directories that are removed on every exit
 * path: exit(), return from main, and SIGINT, SIGTERM, SIGHUP (after
 * removal the signal is re-raised with its default action, so the exit
 * status still tells the signal).
 */
#ifndef HB_TMP_H
#define HB_TMP_H

#include <stddef.h>

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

/* Remove every registered path (called at exit and from the handlers). */
void tmp_cleanup(void);

#endif
