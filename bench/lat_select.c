/*
 * lat_select: select(2) on N descriptors, in ns per call.
 *
 * One iteration is one select() with a zero timeout watching N descriptors
 * for writing, as lmbench does: N opens of a temporary regular file, or
 * the client ends of N TCP connections over loopback.  Both are always
 * writable, so every call must report all N ready.  The descriptors are
 * opened before timing; the temporary file is unlinked as soon as it is
 * open, so nothing is left behind on any exit.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "core/msg.h"
#include "core/tmp.h"
#include "driver/bench.h"

#define SPARE_FDS 16	/* stdio, the listener, what the caller passed on */

struct state {
	fd_set set;
	int n, nfds;	/* descriptors watched; highest + 1 */
};

static int
do_select(void *arg, uint64_t n)
{
	const struct state *s = arg;

	while (n-- > 0) {
		fd_set w = s->set;
		struct timeval tv = { 0, 0 };
		int ready = select(s->nfds, NULL, &w, NULL, &tv);

		if (ready != s->n) {
			if (ready >= 0) {
				msg_warn("select reported %d of %d descriptors ready", ready, s->n);
				errno = EIO;
			}
			return -1;
		}
	}
	return 0;
}

static void
watch(struct state *s, int fd)
{
	if (fd >= FD_SETSIZE)
		msg_die("descriptor %d is beyond FD_SETSIZE (%d): too many descriptors open already",
			fd, FD_SETSIZE);
	FD_SET(fd, &s->set);
	s->n++;
	if (fd >= s->nfds)
		s->nfds = fd + 1;
}

/* N opens of one temporary file, each its own open file (lmbench: dups). */
static void
open_files(struct state *s, int n)
{
	char path[PATH_MAX];
	int fd = tmp_file(NULL, path, sizeof(path));

	if (fd < 0)
		msg_sysdie("cannot create a temporary file in %s", tmp_dir(NULL));
	while (s->n < n) {
		int o = open(path, O_RDONLY);

		if (o < 0)
			msg_sysdie("opening %s for the %dth time", path, s->n + 1);
		watch(s, o);
	}
	close(fd);
	if (tmp_remove(path) != 0)
		msg_sysdie("%s", path);
}

/*
 * N connections to a listener on 127.0.0.1, each accepted at once so
 * that no backlog limit is reached (lmbench: one connection, dup'ed).
 */
static void
open_sockets(struct state *s, int n)
{
	struct sockaddr_in sin;
	socklen_t len = sizeof(sin);
	int l = socket(AF_INET, SOCK_STREAM, 0);

	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (l < 0 || bind(l, (struct sockaddr *)&sin, sizeof(sin)) != 0 ||
	    listen(l, 8) != 0 || getsockname(l, (struct sockaddr *)&sin, &len) != 0)
		msg_sysdie("listening socket on 127.0.0.1");
	while (s->n < n) {
		int c = socket(AF_INET, SOCK_STREAM, 0);

		if (c < 0 || connect(c, (struct sockaddr *)&sin, sizeof(sin)) != 0)
			msg_sysdie("connection %d to 127.0.0.1:%d", s->n + 1, ntohs(sin.sin_port));
		if (accept(l, NULL, NULL) < 0)
			msg_sysdie("accepting connection %d", s->n + 1);
		watch(s, c);
	}
	close(l);
}

static const struct variant {
	const char *type;
	void (*open)(struct state *, int);
	int fds_per_n;		/* descriptors held per watched one */
} variants[] = {
	{ "file", open_files, 1 },
	{ "tcp", open_sockets, 2 },
};

static const char *nstr = "100";

/*
 * -n is checked in main: its range depends on the operand (a TCP
 * descriptor needs two).
 */
static const struct bench_opt opts[] = {
	{ 'n', BENCH_OPT_TEXT, "N", 0, 0, 0, NULL, 0, "descriptors to watch (default 100)", NULL,
	  &nstr },
};

static const struct bench_prog prog = {
	.name = "lat_select",
	.args = "file|tcp",
	.summary = "lat_select: select() on N descriptors, in ns per call",
	.opts = opts,
	.nopts = HB_ARRAY_SIZE(opts),
	.min_args = 1,
	.max_args = 1,
};

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct state s;
	const struct variant *v = NULL;
	struct rlimit rl;
	struct bench_case c;
	char name[64];
	size_t i;
	int ai = bench_init(&o, &prog, argc, argv), n, need;

	for (i = 0; i < HB_ARRAY_SIZE(variants); i++)
		if (strcmp(argv[ai], variants[i].type) == 0)
			v = &variants[i];
	if (v == NULL)
		bench_usage_error(&prog, "unknown descriptor type '%s'; allowed: file, tcp", argv[ai]);
	/* Every watched descriptor must be below FD_SETSIZE. */
	n = (int)bench_arg_int(&prog, "-n", nstr, 1, (FD_SETSIZE - SPARE_FDS) / v->fds_per_n);
	need = n * v->fds_per_n + SPARE_FDS;
	if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
		msg_sysdie("getrlimit");
	if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < (rlim_t)need) {
		rl.rlim_cur = rl.rlim_max != RLIM_INFINITY && rl.rlim_max < (rlim_t)need
			? rl.rlim_max : (rlim_t)need;
		if (setrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur < (rlim_t)need)
			msg_exit(MSG_EXIT_UNSUPPORTED, "-n %d needs %d descriptors; the limit is %llu",
				 n, need, (unsigned long long)rl.rlim_cur);
	}

	memset(&s, 0, sizeof(s));
	FD_ZERO(&s.set);
	v->open(&s, n);
	snprintf(name, sizeof(name), "LatSelect/type=%s/n=%d", v->type, n);
	memset(&c, 0, sizeof(c));
	c.name = name;
	c.loop = do_select;
	c.arg = &s;
	return bench_exit_code(bench_run(&o, &prog, &c) == 0 ? MSG_EXIT_OK : MSG_EXIT_FAIL);
}
