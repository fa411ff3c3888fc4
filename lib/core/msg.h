/*
 * msg: diagnostics on stderr as "prog: message[: strerror]".
 *
 * Only benchmark programs and this module exit; library code reports
 * failure to its caller.
 */
#ifndef HB_MSG_H
#define HB_MSG_H

#include "core/compat.h"

/* Exit statuses every program uses. */
enum {
	MSG_EXIT_OK = 0,
	MSG_EXIT_FAIL = 1,		/* the run failed */
	MSG_EXIT_USAGE = 2,		/* bad option or argument */
	MSG_EXIT_IMPLAUSIBLE = 3,	/* a value stayed outside its physical
					 * bounds and was withheld; the
					 * plausible ones were printed */
	MSG_EXIT_UNSUPPORTED = 77	/* not possible on this system */
};

/*
 * Set the program name from argv[0] (its last path component).  The
 * first call also registers the exit check of standard output: when the
 * process that called it (not a forked child) exits with a status that
 * did not come from msg_die, msg_sysdie, msg_exit or msg_quit, and
 * writing, flushing or closing stdout failed, it prints "prog: standard
 * output: strerror" and exits 1.
 */
void msg_init(const char *argv0);

/*
 * fflush(stdout), remembering why it failed for the exit check (a stream
 * in error keeps no errno).  Returns 0, or -1 with errno set.
 */
int msg_flush(void);

/*
 * Note errnum (0: ignored) as why a write to stdout failed, for the exit
 * check, unless a reason is noted already.  For a printing function that
 * sees the stream fail: a write that spans the buffer leaves nothing to
 * flush at exit, so no later call can say why.
 */
void msg_stdout_failed(int errnum);

/* exit(status); a status other than 0 stands, whatever stdout's state. */
HB_NORETURN void msg_quit(int status);

/* The program name set by msg_init, or "hostbench". */
const char *msg_prog(void);

/* Print "prog: message" to stderr. */
void msg_warn(const char *fmt, ...) HB_PRINTF(1, 2);

/* Print "prog: message: strerror(errno)" to stderr; errno is preserved. */
void msg_syswarn(const char *fmt, ...) HB_PRINTF(1, 2);

/* msg_warn, then msg_quit(1). */
HB_NORETURN void msg_die(const char *fmt, ...) HB_PRINTF(1, 2);

/* msg_syswarn, then msg_quit(1). */
HB_NORETURN void msg_sysdie(const char *fmt, ...) HB_PRINTF(1, 2);

/* msg_warn, then msg_quit(status) (2 for usage, 77 for unsupported). */
HB_NORETURN void msg_exit(int status, const char *fmt, ...) HB_PRINTF(2, 3);

#endif
