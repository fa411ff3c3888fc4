/*
 * msg: diagnostics on stderr as "prog: message[: strerror]".
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msg.h"

/* For HB_USE on compilers without GNU asm. */
volatile uintptr_t hb_sink;

static const char *prog = "hostbench";

void
msg_init(const char *argv0)
{
	const char *slash;

	if (argv0 == NULL || *argv0 == '\0')
		return;
	slash = strrchr(argv0, '/');
	prog = slash != NULL ? slash + 1 : argv0;
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
	fflush(stdout);
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
	exit(MSG_EXIT_FAIL);
}

void
msg_sysdie(const char *fmt, ...)
{
	va_list ap;
	int saved = errno;

	va_start(ap, fmt);
	vmsg(saved, fmt, ap);
	va_end(ap);
	exit(MSG_EXIT_FAIL);
}

void
msg_exit(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(0, fmt, ap);
	va_end(ap);
	exit(status);
}
