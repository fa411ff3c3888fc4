/*
 * msg: diagnostics on stderr as "prog: message[: strerror]", and the
 * check at exit that standard output was written.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "core/msg.h"

/* For HB_USE on compilers without GNU asm. */
volatile uintptr_t hb_sink;

static const char *prog = "hostbench";

static pid_t owner;	/* the process msg_init ran in */
static int quitting;	/* a status other than 0 is set: it stands */
static int out_errno;	/* why a flush of standard output failed */

/*
 * At exit: a result that could not be written (a full disk, a closed
 * pipe) must not pass for a run that succeeded.  Flushing and closing
 * stdout here, after every other exit hook (this one is registered
 * first), is the only place that sees the last write and a file
 * system's deferred error (NFS reports it at close).
 */
static void
check_stdout(void)
{
	int bad, err, cerr;

	/* A forked child shares the stream: the check is the parent's. */
	if (getpid() != owner || quitting)
		return;
	errno = 0;
	bad = fflush(stdout) != 0;
	err = errno;
	bad |= ferror(stdout) != 0;
	errno = 0;
	/* EBADF: stdout was closed from the start and nothing was written. */
	if (fclose(stdout) != 0 && (cerr = errno) != EBADF && !bad) {
		bad = 1;
		err = cerr;
	}
	if (!bad)
		return;
	/* A stream in error keeps no reason: the first failed flush's. */
	if (out_errno != 0)
		err = out_errno;
	if (err != 0)
		fprintf(stderr, "%s: standard output: %s\n", prog, strerror(err));
	else
		fprintf(stderr, "%s: standard output: a write failed\n", prog);
	fflush(NULL);
	/* exit() again from an exit hook is undefined; the hooks have run. */
	_exit(MSG_EXIT_FAIL);
}

void
msg_init(const char *argv0)
{
	const char *slash;

	if (owner == 0 && atexit(check_stdout) == 0)
		owner = getpid();
	if (argv0 == NULL || *argv0 == '\0')
		return;
	slash = strrchr(argv0, '/');
	prog = slash != NULL ? slash + 1 : argv0;
}

int
msg_flush(void)
{
	if (fflush(stdout) == 0)
		return 0;
	msg_stdout_failed(errno);
	return -1;
}

void
msg_stdout_failed(int errnum)
{
	if (out_errno == 0)
		out_errno = errnum;
}

void
msg_quit(int status)
{
	if (status != MSG_EXIT_OK)
		quitting = 1;
	exit(status);
}

const char *
msg_prog(void)
{
	return prog;
}

static void vmsg(int errnum, const char *fmt, va_list ap) HB_PRINTF(2, 0);

static void
vmsg(int errnum, const char *fmt, va_list ap)
{
	/* One buffered write, so lines from parallel copies do not interleave. */
	char buf[1024];
	int n;

	n = snprintf(buf, sizeof(buf), "%s: ", prog);
	if (n < 0 || (size_t)n >= sizeof(buf))
		n = 0;
	vsnprintf(buf + n, sizeof(buf) - (size_t)n, fmt, ap);
	if (errnum != 0) {
		size_t len = strlen(buf);
		snprintf(buf + len, sizeof(buf) - len, ": %s", strerror(errnum));
	}
	msg_flush();
	fprintf(stderr, "%s\n", buf);
	fflush(stderr);
}

void
msg_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(0, fmt, ap);
	va_end(ap);
}

void
msg_syswarn(const char *fmt, ...)
{
	va_list ap;
	int saved = errno;

	va_start(ap, fmt);
	vmsg(saved, fmt, ap);
	va_end(ap);
	errno = saved;
}

void
msg_die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(0, fmt, ap);
	va_end(ap);
	msg_quit(MSG_EXIT_FAIL);
}

void
msg_sysdie(const char *fmt, ...)
{
	va_list ap;
	int saved = errno;

	va_start(ap, fmt);
	vmsg(saved, fmt, ap);
	va_end(ap);
	msg_quit(MSG_EXIT_FAIL);
}

void
msg_exit(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(0, fmt, ap);
	va_end(ap);
	msg_quit(status);
}
