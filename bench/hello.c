/*
 * hello: the program lat_proc's exec and shell variants start.
 *
 * It writes one fixed line to standard output and exits 0, or 1 when the
 * write fails, so that lat_proc can tell it really ran.  No stdio: the
 * smallest program a static link can make, like lmbench's hello.
 *
 * usage: hello
 */
#include "config.h"

#include <unistd.h>

int
main(void)
{
	static const char line[] = "Hello world\n";

	if (write(STDOUT_FILENO, line, sizeof(line) - 1) != (ssize_t)(sizeof(line) - 1))
		return 1;
	return 0;
}
