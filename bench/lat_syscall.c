/*
 * lat_syscall: the cost of simple system calls, in ns per call.
 *
 * One iteration is one call (open: one open plus one close); descriptors
 * are opened and the file is made before timing.  Every call's result is
 * checked: a failure voids the run.  With no file, stat, fstat and open
 * use a temporary file (removed on exit), not a device node, so they
 * measure a regular file on the temporary file system.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/msg.h"
#include "core/tmp.h"
#include "driver/bench.h"

struct state {
	const char *file;
	int fd;
};

static int
do_null(void *arg, uint64_t n)
{
	pid_t sum = 0;

	(void)arg;
	/* getppid: never cached by a libc, never fails, does no work. */
	while (n-- > 0)
		sum += getppid();
	HB_USE(sum);
	return 0;
}

static int
do_read(void *arg, uint64_t n)
{
	struct state *s = arg;
	char c;

	while (n-- > 0)
		if (read(s->fd, &c, 1) != 1)
			return -1;
	return 0;
}

static int
do_write(void *arg, uint64_t n)
{
	struct state *s = arg;
	char c = 0;

	while (n-- > 0)
		if (write(s->fd, &c, 1) != 1)
			return -1;
	return 0;
}

static int
do_stat(void *arg, uint64_t n)
{
	struct state *s = arg;
	struct stat st;

	while (n-- > 0)
		if (stat(s->file, &st) != 0)
			return -1;
	return 0;
}

static int
do_fstat(void *arg, uint64_t n)
{
	struct state *s = arg;
	struct stat st;

	while (n-- > 0)
		if (fstat(s->fd, &st) != 0)
			return -1;
	return 0;
}

static int
do_open(void *arg, uint64_t n)
{
	struct state *s = arg;

	while (n-- > 0) {
		int fd = open(s->file, O_RDONLY);

		if (fd < 0 || close(fd) != 0)
			return -1;
	}
	return 0;
}

static const struct variant {
	const char *op;
	timing_loop_fn loop;
	const char *open_path;	/* opened before timing: NULL = none, "" = the file */
	int flags;
} variants[] = {
	{ "null", do_null, NULL, 0 },
	{ "read", do_read, "/dev/zero", O_RDONLY },
	{ "write", do_write, "/dev/null", O_WRONLY },
	{ "stat", do_stat, NULL, 0 },
	{ "fstat", do_fstat, "", O_RDONLY },
	{ "open", do_open, NULL, 0 },
};

static const struct bench_prog prog = {
	.name = "lat_syscall",
	.args = "null|read|write|stat|fstat|open [file]",
	.summary = "lat_syscall: system call latency in ns per call",
	.min_args = 1,
	.max_args = 2,
};

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct state s = { NULL, -1 };
	const struct variant *v = NULL;
	char path[PATH_MAX], name[64];
	struct bench_case c;
	size_t i;
	int rc, ai = bench_init(&o, &prog, argc, argv);

	for (i = 0; i < HB_ARRAY_SIZE(variants); i++)
		if (strcmp(argv[ai], variants[i].op) == 0)
			v = &variants[i];
	if (v == NULL)
		bench_usage_error(&prog, "unknown operation '%s'; allowed: null, read, write, stat, fstat, open",
				  argv[ai]);
	if (argc - ai == 2) {
		s.file = argv[ai + 1];
		if (access(s.file, R_OK) != 0)
			msg_sysdie("%s", s.file);
	} else {
		int fd = tmp_file(NULL, path, sizeof(path));

		if (fd < 0)
			msg_sysdie("cannot create a temporary file in %s", tmp_dir(NULL));
		close(fd);
		s.file = path;
	}
	if (v->open_path != NULL) {
		const char *p = *v->open_path != '\0' ? v->open_path : s.file;

		s.fd = open(p, v->flags);
		if (s.fd < 0)
			msg_sysdie("%s", p);
	}
	snprintf(name, sizeof(name), "LatSyscall/op=%s", v->op);
	memset(&c, 0, sizeof(c));
	c.name = name;
	c.loop = v->loop;
	c.arg = &s;
	rc = bench_run(&o, &prog, &c) == 0 ? MSG_EXIT_OK : MSG_EXIT_FAIL;
	if (s.fd >= 0)
		close(s.fd);
	return bench_exit_code(rc);
}
