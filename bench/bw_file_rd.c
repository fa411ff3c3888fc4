/*
 * bw_file_rd, bw_mmap_rd: rereading a cached file, by read(2) in 64 KB
 * pieces (bw_file_rd) or through a mapping (bw_mmap_rd), in MB/s (10^6
 * bytes per second).
 *
 * One iteration reads the first SIZE bytes of the file and sums them as
 * machine words (lmbench's bread), so every byte counted is consumed;
 * each pass's sum must equal the sum taken before timing, or the run
 * fails.  io_only and mmap_only open (and map) the file once, outside the
 * timing; open2close opens, (maps,) reads, (unmaps,) and closes it in
 * every iteration.  With no FILE, or a directory for FILE (or -d DIR), a
 * temporary file of SIZE bytes is written there first and removed on
 * every exit path.  SIZE is reduced when the file's pages would take more
 * than half the memory available (mem_fit): a reread must come from the
 * page cache.
 *
 * Both programs are built from this file: bw_file_rd by default,
 * bw_mmap_rd with HB_BW_MMAP_RD defined (Makefile.am).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/msg.h"
#include "core/tmp.h"
#include "driver/bench.h"
#include "host/memory.h"

#ifdef HB_BW_MMAP_RD
# define PROG_NAME "bw_mmap_rd"
# define RESULT_NAME "BwMmapRd"
# define ONCE "mmap_only"
# define PROG_SUMMARY "bw_mmap_rd: rereading a cached file through mmap, in MB/s"
#else
# define PROG_NAME "bw_file_rd"
# define RESULT_NAME "BwFileRd"
# define ONCE "io_only"
# define PROG_SUMMARY "bw_file_rd: rereading a cached file with read(2), in MB/s"
#endif

#define XFER (64 << 10)		/* lmbench's read size */
#define MIN_SIZE (4 << 10)

struct state {
	const char *path;
	int fd;			/* once: open outside the timing */
	size_t size;
	/* cppcheck-suppress unusedStructMember ; used in the bw_mmap_rd build */
	const unsigned char *map; /* mmap_only: the mapping */
	size_t *buf;		/* read: XFER bytes */
	size_t sum;		/* every pass must find this */
};

/* Sum len bytes (a multiple of 8 words) as words, eight at a time. */
static size_t
words_sum(const void *p, size_t len)
{
	const size_t *w = p, *end = w + len / sizeof(size_t);
	size_t s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;

	for (; w < end; w += 8) {
		s0 += w[0]; s1 += w[1]; s2 += w[2]; s3 += w[3];
		s4 += w[4]; s5 += w[5]; s6 += w[6]; s7 += w[7];
	}
	return s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7;
}

/* One pass over the file: its sum, or -1 with errno set (0: message printed). */
static int
pass(struct state *s, int fd, size_t *sum)
{
#ifdef HB_BW_MMAP_RD
	const unsigned char *p = s->map;

	if (p == NULL) {
		p = mmap(NULL, s->size, PROT_READ, MAP_SHARED, fd, 0);
		if (p == MAP_FAILED)
			return -1;
	}
	*sum = words_sum(p, s->size);
	if (p != s->map && munmap((void *)p, s->size) != 0)
		return -1;
#else
	size_t off, total = 0;

	for (off = 0; off < s->size; off += XFER) {
		size_t want = s->size - off < XFER ? s->size - off : XFER;
		ssize_t got = pread(fd, s->buf, want, (off_t)off);

		if (got < 0)
			return -1;
		if ((size_t)got != want) {
			msg_warn("%s: read %zd bytes at %zu, wanted %zu: the file shrank",
				 s->path, got, off, want);
			errno = 0;
			return -1;
		}
		total += words_sum(s->buf, want);
	}
	*sum = total;
#endif
	return 0;
}

/* A pass whose sum differs read something else than the file held. */
static int
check(const struct state *s, size_t sum)
{
	if (sum == s->sum)
		return 0;
	msg_warn("%s: the data read changed (sum %zx, before %zx)", s->path, sum, s->sum);
	errno = 0;
	return -1;
}

static int
loop_once(void *arg, uint64_t n)
{
	struct state *s = arg;
	size_t sum;

	while (n-- > 0)
		if (pass(s, s->fd, &sum) != 0 || check(s, sum) != 0)
			return -1;
	return 0;
}

static int
loop_open2close(void *arg, uint64_t n)
{
	struct state *s = arg;
	size_t sum;

	while (n-- > 0) {
		int fd = open(s->path, O_RDONLY);

		if (fd < 0)
			return -1;
		if (pass(s, fd, &sum) != 0) {
			close(fd);
			return -1;
		}
		if (close(fd) != 0 || check(s, sum) != 0)
			return -1;
	}
	return 0;
}

static const struct variant {
	const char *op;
	timing_loop_fn loop;
	/* cppcheck-suppress unusedStructMember ; used in the bw_mmap_rd build */
	int once;		/* open (and map) outside the timing */
} variants[] = {
	{ ONCE, loop_once, 1 },
	{ "open2close", loop_open2close, 0 },
};

static const char *dir_opt;

static const struct bench_opt opts[] = {
	{ 'd', BENCH_OPT_TEXT, "DIR", 0, 0, 0, NULL, 0,
	  "write the temporary file in DIR (default: TMPDIR, /tmp)", NULL, &dir_opt },
};

static const struct bench_prog prog = {
	.name = PROG_NAME,
	.args = "SIZE " ONCE "|open2close [FILE]",
	.summary = PROG_SUMMARY " (10^6 bytes/s)",
	.opts = opts,
	.nopts = HB_ARRAY_SIZE(opts),
	.morehelp = "  SIZE         bytes read per iteration, a multiple of 4k\n"
		   "  FILE         read this file (at least SIZE bytes) instead; a directory:\n"
		   "               write the temporary file there\n",
	.min_args = 2,
	.max_args = 3,
};

int
main(int argc, char **argv)
{
	const uint64_t max_size = sizeof(size_t) > 4 ? (uint64_t)1 << 40 : (uint64_t)1 << 30;
	static char path[PATH_MAX];
	static struct state st;
	struct state *s = &st;
	struct bench_opts o;
	struct bench_case c;
	const struct variant *v = NULL;
	const char *file = NULL;
	char name[OUTPUT_MAX_NAME], sz[32];
	uint64_t size, got = 0;
	struct stat sb;
	size_t i;
	int ai = bench_init(&o, &prog, argc, argv);

	size = bench_arg_size(&prog, "SIZE", argv[ai], MIN_SIZE, max_size);
	if (size % MIN_SIZE != 0)
		bench_usage_error(&prog, "SIZE: value '%s' is not a multiple of 4k", argv[ai]);
	for (i = 0; i < HB_ARRAY_SIZE(variants); i++)
		if (strcmp(argv[ai + 1], variants[i].op) == 0)
			v = &variants[i];
	if (v == NULL)
		bench_usage_error(&prog, "unknown operation '%s'; allowed: %s, open2close",
				  argv[ai + 1], ONCE);
	if (argc - ai == 3) {
		if (stat(argv[ai + 2], &sb) != 0)
			msg_sysdie("%s", argv[ai + 2]);
		if (S_ISDIR(sb.st_mode)) {
			if (dir_opt != NULL)
				bench_usage_error(&prog, "-d and a directory for FILE: give one");
			dir_opt = argv[ai + 2];
		} else if (!S_ISREG(sb.st_mode)) {
			bench_usage_error(&prog, "FILE: '%s' is not a regular file", argv[ai + 2]);
		} else if (dir_opt != NULL) {
			bench_usage_error(&prog, "-d and FILE: give one");
		} else if ((uint64_t)sb.st_size < size) {
			bench_usage_error(&prog, "FILE: '%s' has %llu bytes, fewer than SIZE %s",
					  argv[ai + 2], (unsigned long long)sb.st_size, argv[ai]);
		} else {
			file = argv[ai + 2];
		}
	}

	/* The file's pages, and for mmap its mapping, must stay in memory. */
	for (i = 0; got == 0 && i < 3; i++)
		got = mem_fit(size, 1, MIN_SIZE, (uint64_t)1 << (20 - 4 * i));
	if (got == 0)
		msg_die("SIZE %s: not even %d bytes fit in %d%% of the %llu bytes of memory available",
			argv[ai], MIN_SIZE, MEM_SHARE_PCT, (unsigned long long)mem_available());
	bench_print_config(&o, &prog);
	if (got < size) {
		mem_report_reduced(o.output == OUTPUT_RAW ? stdout : NULL, prog.name, "SIZE",
				   size, got);
		size = got;
	}
	s->size = (size_t)size;
	if (file != NULL) {
		s->path = file;
		s->fd = open(file, O_RDONLY);
		if (s->fd < 0)
			msg_sysdie("%s", file);
	} else {
		s->fd = tmp_file(dir_opt, path, sizeof(path));
		if (s->fd < 0)
			msg_sysdie("cannot create a temporary file in %s", tmp_dir(dir_opt));
		if (tmp_fill(s->fd, size) != 0)
			msg_sysdie("cannot write %llu bytes to %s", (unsigned long long)size, path);
		s->path = path;
	}
	if (o.output == OUTPUT_RAW && file != NULL)
		output_config(stdout, "file", "%s", file);
	else if (o.output == OUTPUT_RAW)
		output_config(stdout, "file", "temporary, in %s", tmp_dir(dir_opt));
#ifdef HB_BW_MMAP_RD
	if (v->once) {
		void *p = mmap(NULL, s->size, PROT_READ, MAP_SHARED, s->fd, 0);

		if (p == MAP_FAILED)
			msg_sysdie("cannot map %zu bytes of %s", s->size, s->path);
		s->map = p;
	}
#else
	s->buf = mem_alloc(XFER);
	if (s->buf == NULL)
		msg_sysdie("cannot allocate %d bytes", XFER);
#endif
	/* The reference sum; this pass also brings the file into the cache. */
	s->sum = 0;
	if (pass(s, s->fd, &s->sum) != 0)
		msg_sysdie("cannot read %s", s->path);

	snprintf(name, sizeof(name), RESULT_NAME "/op=%s/size=%s", v->op,
		 output_size_name(sz, sizeof(sz), size));
	memset(&c, 0, sizeof(c));
	c.name = name;
	c.loop = v->loop;
	c.arg = s;
	c.bytes_per_op = (double)size;
	return bench_exit_code(bench_run(&o, &prog, &c) == 0 ? MSG_EXIT_OK : MSG_EXIT_FAIL);
}
