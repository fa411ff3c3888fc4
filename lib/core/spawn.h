/*
 * spawn: start a child that execs a program, and learn in the parent
 * whether the exec itself worked, apart from how the program then ends.
 * The child reports a failed exec's errno through a close-on-exec pipe:
 * the parent reads end of file once the exec succeeded (the pipe closed
 * with it), or the errno.  lat_proc's check that hello runs and lat_cmd's
 * untimed first run of its command are two uses: "cannot execute" then
 * names the cause (ENOENT, EACCES, ENOEXEC under an emulator) instead of
 * a bare exit status 127.
 */
#ifndef HB_SPAWN_H
#define HB_SPAWN_H

#include <sys/types.h>

#include "core/compat.h"

struct spawn {
	pid_t pid;		/* the child, 0 once it is reaped here */
	int fd;			/* the pipe's reading end, -1 when closed */
};

/*
 * In the child: exec or fail.  It gets errfd, the pipe's writing end
 * (close-on-exec), and must exec a program or end with spawn_failed.
 */
typedef void (*spawn_child_fn)(void *arg, int errfd);

/*
 * Fork a child that runs fn(arg, errfd).  Returns the child's pid (also
 * in sp->pid), or -1 with errno when the pipe or the fork failed.
 */
pid_t spawn_start(struct spawn *sp, spawn_child_fn fn, void *arg);

/*
 * In the parent, after spawn_start: wait until the child has exec'd or
 * failed to.  Returns 0 when the exec worked (the child runs: the caller
 * waits for it), or the errno of the failed exec, the child reaped
 * (sp->pid 0).  A read that fails otherwise counts as an exec that worked:
 * the caller's wait for the child tells how it ended.
 */
int spawn_wait_exec(struct spawn *sp);

/*
 * In the child after a failed exec (errno still its): write errno to
 * errfd (when errfd >= 0) and _exit(127), as a shell's "not found".
 */
HB_NORETURN void spawn_failed(int errfd);

#endif
