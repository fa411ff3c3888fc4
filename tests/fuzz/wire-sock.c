/*
 * lib/net/sock_proto.c once more, for the wire fuzz target
 * (tests/fuzz/wire.c): its calls of open go to hb_wire_open, whose
 * /dev/urandom is a fixed pattern, so the harness knows each challenge
 * before the server makes it, and can write a client's whole
 * conversation, the proof of the key included, before the handler runs.
 * Linked instead of lib/net/sock_proto.o; the rest of the sock family
 * comes from lib/net/libnet.a as usual (sock_hello, in sock_serve.o,
 * takes its nonces from this file's sock_random).
 */
#include "config.h"

/* What lib/net/sock_proto.c includes, first: the macro below is for its code only. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "wire.h"

unsigned char
hb_wire_random_byte(size_t i)
{
	return (unsigned char)(i * 37u + 11u);
}

int
hb_wire_open(const char *path, int flags, ...)
{
	unsigned char b[HB_WIRE_RANDOM_LEN];
	mode_t mode = 0;
	size_t i;
	int p[2], e;

	if (strcmp(path, "/dev/urandom") != 0) {
		if (flags & O_CREAT) {
			va_list ap;

			va_start(ap, flags);
			mode = (mode_t)va_arg(ap, int);
			va_end(ap);
		}
		return open(path, flags, mode);
	}
	for (i = 0; i < sizeof(b); i++)
		b[i] = hb_wire_random_byte(i);
	if (pipe(p) != 0)
		return -1;
	if (write(p[1], b, sizeof(b)) != (ssize_t)sizeof(b)) {
		e = errno;
		close(p[0]);
		close(p[1]);
		errno = e;
		return -1;
	}
	close(p[1]);
	return p[0];
}

#define open hb_wire_open
#include "../../lib/net/sock_proto.c"
#undef open
