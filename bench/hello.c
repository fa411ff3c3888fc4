/*
 * hello: the program lat_proc's exec and shell variants start.
 *
 * It writes one fixed line to standard output and exits 0, or 1 when the
 * write fails (saying why on stderr, as every program does), so that
 * lat_proc can tell it really ran.  No stdio: the smallest program a
 * static link can make, like lmbench's hello.
 *
 * usage: hello
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

static void
say(const char *s)
{
	(void)!write(STDERR_FILENO, s, strlen(s));
}

int
main(void)
{
	static const char line[] = "Hello world\n";
	ssize_t n = write(STDOUT_FILENO, line, sizeof(line) - 1);

	if (n != (ssize_t)(sizeof(line) - 1)) {
		/* A short write is a full disk that took part of the line. */
		const char *why = n < 0 ? strerror(errno) : strerror(ENOSPC);

		say("hello: standard output: ");
		say(why);
		say("\n");
		return 1;
	}
	return 0;
}
