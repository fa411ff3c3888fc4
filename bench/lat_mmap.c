/*
 * lat_mmap: mapping a file, touching it and unmapping it, in ns per cycle.
 *
 * One iteration maps SIZE bytes of the file (shared, read-write), stores
 * one byte every 16K in the first tenth of the mapping (-r: every 160K over
 * all of it: lmbench's dense and sparse cases, the same number of stores)
 * and unmaps it.  Each store writes back the byte the file already holds
 * there, so a given file keeps its contents.  Opening (or, with no file,
 * writing a temporary file of SIZE) is outside the timing.
 */
#include "config.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/msg.h"
#include "core/tmp.h"
#include "driver/bench.h"
#include "host/memory.h"

#define STRIDE_DENSE (16 << 10)

struct state {
	int fd;
	size_t size;
	size_t stride, ntouch;	/* store at 0, stride, ... ntouch times */
	unsigned char *orig;	/* the file's byte at each of those offsets */
	int sparse;
};

static int
do_mmap(void *arg, uint64_t n)
{
	struct state *s = arg;

	while (n-- > 0) {
		unsigned char *p = mmap(NULL, s->size, PROT_READ | PROT_WRITE,
					MAP_SHARED, s->fd, 0);
		size_t i;

		if (p == MAP_FAILED)
			return -1;
		/* A store, not a read: one write fault per page, as lmbench. */
		for (i = 0; i < s->ntouch; i++)
			p[i * s->stride] = s->orig[i];
		if (munmap(p, s->size) != 0)
			return -1;
	}
	return 0;
}

static const struct variant {
	const char *touch;
	size_t stride;
	size_t span_div;	/* stores cover size / span_div bytes */
} variants[] = {
	{ "dense", STRIDE_DENSE, 10 },
	{ "sparse", 10 * STRIDE_DENSE, 1 },
};

static struct state state = { -1, 0, 0, 0, NULL, 0 };

static const struct bench_opt opts[] = {
	{ 'r', BENCH_OPT_FLAG, NULL, offsetof(struct state, sparse), 0, 0, NULL, 0,
	  "sparse: a store every 160K over the whole mapping\n"
	  "(default dense: every 16K in its first tenth)", NULL, NULL },
};

static const struct bench_prog prog = {
	.name = "lat_mmap",
	.args = "SIZE [file]",
	.summary = "lat_mmap: mmap, touch and munmap of a file, in ns per cycle",
	.opts = opts,
	.nopts = HB_ARRAY_SIZE(opts),
	.morehelp = "  SIZE         bytes mapped, 16k .. 1g\n",
	.ctx = &state,
	.min_args = 1,
	.max_args = 2,
};

int
main(int argc, char **argv)
{
	struct state *s = &state;
	struct bench_opts o;
	struct bench_case c;
	struct stat st;
	char path[PATH_MAX], name[64], sz[32];
	const struct variant *v;
	size_t i;
	int ai = bench_init(&o, &prog, argc, argv);

	v = &variants[s->sparse];
	s->size = (size_t)bench_arg_size(&prog, "SIZE", argv[ai], 16 << 10, 1 << 30);
	s->stride = v->stride;
	s->ntouch = (s->size / v->span_div + v->stride - 1) / v->stride;
	if (argc - ai == 2) {
		const char *file = argv[ai + 1];

		if (stat(file, &st) != 0)
			msg_sysdie("%s", file);
		if (!S_ISREG(st.st_mode))
			bench_usage_error(&prog, "file '%s' is not a regular file", file);
		if ((uint64_t)st.st_size < s->size)
			bench_usage_error(&prog, "file '%s' has %llu bytes, fewer than SIZE %s",
					  file, (unsigned long long)st.st_size, argv[ai]);
		s->fd = open(file, O_RDWR);
		if (s->fd < 0)
			msg_sysdie("%s", file);
	} else {
		s->fd = tmp_file(NULL, path, sizeof(path));
		if (s->fd < 0)
			msg_sysdie("cannot create a temporary file in %s", tmp_dir(NULL));
		/* Data, not a hole, and on the disk: a store faults a real page. */
		if (tmp_fill(s->fd, s->size) != 0)
			msg_sysdie("cannot write %s", path);
	}
	s->orig = malloc(s->ntouch);
	if (s->orig == NULL)
		msg_sysdie("cannot allocate %zu bytes", s->ntouch);
	for (i = 0; i < s->ntouch; i++)
		if (pread(s->fd, &s->orig[i], 1, (off_t)(i * s->stride)) != 1)
			msg_sysdie("cannot read the file");
	snprintf(name, sizeof(name), "LatMmap/touch=%s/size=%s", v->touch,
		 output_size_name(sz, sizeof(sz), s->size));
	memset(&c, 0, sizeof(c));
	c.name = name;
	c.loop = do_mmap;
	c.arg = s;
	return bench_exit_code(bench_run(&o, &prog, &c) == 0 ? MSG_EXIT_OK : MSG_EXIT_FAIL);
}
