/*
 * lat_pagefault: the cost of a page fault on a file mapping, in ns per fault.
 *
 * One iteration is a read of one page of a fresh read-only shared mapping
 * of the file, in random order.  Each page is mapped on its own, so that
 * a fault maps that page only: in one large mapping the kernel maps up to
 * 16 cached neighbours per fault (fault-around), which lmbench counted as
 * faults; -a does that too, reporting per page read.  By default the pages
 * are in the page cache (minor faults); -C drops them first (fsync, then
 * POSIX_FADV_DONTNEED) so every fault reads the disk (major faults).
 * Mapping, dropping and unmapping are outside the timing.  Under -P every
 * copy maps the same file and reads it in an order of its own.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/msg.h"
#include "core/output.h"
#include "core/tmp.h"
#include "driver/bench.h"
#include "host/memory.h"

#ifndef MAP_ANONYMOUS
# define MAP_ANONYMOUS MAP_ANON
#endif
#define MAX_PAGES_PER_SAMPLE (1ull << 28)
#define PROBE_COLD 256		/* pages: a cold probe reads the disk */

struct state {
	int fd;
	int cold, around;
	uint64_t size;		/* bytes mapped: whole pages */
	size_t pg, npages;
	size_t step, maplen;	/* file page i at base + i * step */
	size_t *perm;		/* the order pages are read in */
};

/* Say what failed; the sample then fails with errno 0 (said already). */
static char *
failed(char *base, size_t len, int err, const char *what)
{
	if (base != MAP_FAILED)
		munmap(base, len);
	errno = err;
	msg_syswarn("%s", what);
	errno = 0;
	return NULL;
}

/*
 * A fresh mapping, or NULL.  Without -a, each page is a mapping of its own
 * with an unmapped (PROT_NONE) page after it, so no two file pages share a
 * mapping that the kernel could merge or fault around in.
 */
static char *
map(struct state *s)
{
	size_t i;
	char *base;

	/* posix_fadvise and posix_madvise return the error instead of -1. */
#ifdef HAVE_POSIX_FADVISE
	if (s->cold && (errno = posix_fadvise(s->fd, 0, (off_t)s->size, POSIX_FADV_DONTNEED)) != 0)
		return failed(MAP_FAILED, 0, errno, "-C: cannot drop the file's pages from the cache");
#endif
	if (s->around) {
		base = mmap(NULL, s->maplen, PROT_READ, MAP_SHARED, s->fd, 0);
		return base != MAP_FAILED ? base
			: failed(base, 0, errno, "cannot map the file");
	}
	base = mmap(NULL, s->maplen, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0); /* cppcheck-suppress invalidFunctionArg ; anonymous: fd -1 */
	if (base == MAP_FAILED)
		return failed(base, 0, errno, "cannot reserve address space for the file");
	for (i = 0; i < s->npages; i++)
		/* cppcheck-suppress leakReturnValNotUsed ; MAP_FIXED into base, unmapped with it */
		if (mmap(base + i * s->step, s->pg, PROT_READ, MAP_SHARED | MAP_FIXED,
			 s->fd, (off_t)(i * s->pg)) == MAP_FAILED)
			return failed(base, s->maplen, errno,
					  "cannot map the file page by page (vm.max_map_count?)");
#ifdef HAVE_POSIX_MADVISE
	/* No read-ahead on a cold fault: one fault, one page read. */
	if ((errno = posix_madvise(base, s->maplen, POSIX_MADV_RANDOM)) != 0)
		return failed(base, s->maplen, errno, "posix_madvise(POSIX_MADV_RANDOM)");
#endif
	return base;
}

/* Read iters pages, each from a fresh mapping; the reads alone are timed. */
static int
sample(void *arg, uint64_t iters, uint64_t *ns)
{
	struct state *s = arg;
	double total = 0, cost = timing_call_cost();

	while (iters > 0) {
		size_t i, m = iters < s->npages ? (size_t)iters : s->npages;
		char *base = map(s);
		unsigned sum = 0;
		uint64_t t0, t1;

		if (base == NULL)
			return -1;
		t0 = timing_now();
		for (i = 0; i < m; i++)
			sum += (unsigned char)base[s->perm[i] * s->step];
		t1 = timing_now();
		HB_USE(sum);
		if (munmap(base, s->maplen) != 0) {
			failed(MAP_FAILED, 0, errno, "cannot unmap the file");
			return -1;
		}
		/* The clock read that ends the region is not the fault's. */
		total += (double)(t1 - t0) - cost;
		iters -= m;
	}
	*ns = total > 1 ? (uint64_t)total : 1;
	return 0;
}

/* A random order of the pages: Fisher-Yates with xorshift64. */
static void
shuffle(struct state *s, unsigned long long rnd)
{
	size_t i, j, t;

	for (i = 0; i < s->npages; i++)
		s->perm[i] = i;
	for (i = s->npages - 1; i > 0; i--) {
		rnd ^= rnd << 13, rnd ^= rnd >> 7, rnd ^= rnd << 17;
		j = (size_t)(rnd % (i + 1));
		t = s->perm[i], s->perm[i] = s->perm[j], s->perm[j] = t;
	}
}

/* A -P copy reads in an order of its own, not in step with the others. */
static int
copy_init(void *arg)
{
	shuffle(arg, 88172645463325252ull ^ (unsigned long long)getpid());
	return 0;
}

static struct state state = { .fd = -1, .size = 8 << 20 };

static const struct bench_opt opts[] = {
	{ 'C', BENCH_OPT_FLAG, NULL, offsetof(struct state, cold), 0, 0, NULL, 0,
	  "cold: drop the file's pages first, so faults read the disk", NULL, NULL },
	{ 'a', BENCH_OPT_FLAG, NULL, offsetof(struct state, around), 0, 0, NULL, 0,
	  "one mapping: let the kernel fault around (lmbench's way);\nreports per page read",
	  NULL, NULL },
	{ 's', BENCH_OPT_SIZE, "SIZE", offsetof(struct state, size), 64 << 10, 64 << 20, NULL, 0,
	  "bytes mapped (and of the temporary file), 64k .. 64m\n"
	  "(default 8m; less when the file is shorter)", NULL, NULL },
};

static const struct bench_prog prog = {
	.name = "lat_pagefault",
	.args = "[file]",
	.summary = "lat_pagefault: page fault latency on a file mapping, in ns per fault",
	.opts = opts,
	.nopts = HB_ARRAY_SIZE(opts),
	.ctx = &state,
	.min_args = 0,
	.max_args = 1,
};

/* The file, ready to map: hot, its pages read; cold, its dirty ones written. */
static void
open_file(struct state *s, const char *file)
{
	static char block[65536], path[PATH_MAX];
	struct stat st;
	uint64_t off;

	if (file != NULL) {
		s->fd = open(file, O_RDONLY);
		if (s->fd < 0 || fstat(s->fd, &st) != 0)
			msg_sysdie("%s", file);
		if (!S_ISREG(st.st_mode) || (uint64_t)st.st_size < s->pg)
			bench_usage_error(&prog, "file '%s' is not a regular file of a page or more", file);
		if ((uint64_t)st.st_size < s->size)
			s->size = (uint64_t)st.st_size;
	} else if ((s->fd = tmp_file(NULL, path, sizeof(path))) < 0) {
		msg_sysdie("cannot create a temporary file in %s", tmp_dir(NULL));
	}
	s->npages = (size_t)(s->size / s->pg);
	s->size = s->npages * s->pg;
	s->step = s->around ? s->pg : 2 * s->pg;
	s->maplen = s->npages * s->step;
	if (file == NULL && tmp_fill(s->fd, s->size) != 0)
		msg_sysdie("cannot write %s", path);
	if (file != NULL && s->cold && fsync(s->fd) != 0)
		msg_sysdie("cannot write %s", file);
	for (off = 0; !s->cold && off < s->size; off += sizeof(block))
		if (pread(s->fd, block, sizeof(block), (off_t)off) < 0)
			msg_sysdie("cannot read %s", file != NULL ? file : path);
	s->perm = malloc(s->npages * sizeof(*s->perm));
	if (s->perm == NULL)
		msg_sysdie("cannot allocate the page order");
}

/*
 * Count the faults of one sample over the file (256 pages when cold)
 * before timing: the configuration line shows that a page read is a fault,
 * and a cold run where no read is a major fault cannot go on.
 */
static void
probe(const struct bench_opts *o, struct state *s)
{
	uint64_t ns, n = s->cold && s->npages > PROBE_COLD ? PROBE_COLD : s->npages;
	struct rusage r[2];

	if (getrusage(RUSAGE_SELF, &r[0]) != 0 || sample(s, n, &ns) != 0
	    || getrusage(RUSAGE_SELF, &r[1]) != 0)
		exit(MSG_EXIT_FAIL);	/* sample said why; getrusage cannot fail */
	if (s->cold && r[1].ru_majflt == r[0].ru_majflt)
		msg_exit(MSG_EXIT_UNSUPPORTED, "-C: the file's pages stay cached after "
			 "POSIX_FADV_DONTNEED (tmpfs?); cold faults cannot be measured here");
	if (o->output == OUTPUT_RAW)
		output_config(stdout, "page-faults", "%.3f minor, %.3f major per page read "
			      "(getrusage; %llu pages of %zu bytes)",
			      (double)(r[1].ru_minflt - r[0].ru_minflt) / (double)n,
			      (double)(r[1].ru_majflt - r[0].ru_majflt) / (double)n,
			      (unsigned long long)n, s->pg);
}

int
main(int argc, char **argv)
{
	struct state *s = &state;
	struct bench_opts o;
	char name[64];
	struct bench_case c = { .name = name, .sample = sample, .arg = &state,
		.copy_init = copy_init, .max_iters = MAX_PAGES_PER_SAMPLE };
	int ai = bench_init(&o, &prog, argc, argv);

#ifndef HAVE_POSIX_FADVISE
	if (s->cold)
		msg_exit(MSG_EXIT_UNSUPPORTED, "-C: this system has no posix_fadvise");
#endif
	s->pg = mem_page_size();
	open_file(s, ai < argc ? argv[ai] : NULL);
	shuffle(s, 88172645463325252ull);
	bench_print_config(&o, &prog);
	probe(&o, s);
	snprintf(name, sizeof(name), "LatPagefault/%scache=%s",
		 s->around ? "faultaround=on/" : "", s->cold ? "cold" : "hot");
	return bench_exit_code(bench_run(&o, &prog, &c) == 0 ? MSG_EXIT_OK : MSG_EXIT_FAIL);
}
