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
 * Mapping, dropping and unmapping are outside the timing.
 *
 * usage: lat_pagefault [options] [-C] [-a] [-s SIZE] [file]
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench.h"
#include "mem.h"
#include "msg.h"
#include "output.h"
#include "stats.h"
#include "tmp.h"

#ifndef MAP_ANONYMOUS
# define MAP_ANONYMOUS MAP_ANON
#endif
#define MAX_PAGES_PER_SAMPLE (1ull << 28)

struct state {
	int fd;
	int cold, around;
	uint64_t size;		/* bytes mapped: whole pages */
	size_t pg, npages;
	size_t step, maplen;	/* file page i at base + i * step */
	size_t *perm;		/* the order pages are read in */
	long flt[2];		/* minor, major faults in the timed regions */
	uint64_t pages;		/* pages read in them */
};

static void
faults(long f[2])
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) != 0)
		msg_sysdie("getrusage");
	f[0] = ru.ru_minflt;
	f[1] = ru.ru_majflt;
}

/*
 * A fresh mapping.  Without -a, each page is a mapping of its own with an
 * unmapped (PROT_NONE) page after it, so no two file pages share a mapping
 * that the kernel could merge or fault around in.
 */
static char *
map(struct state *s)
{
	size_t i;
	char *base;

#ifdef POSIX_FADV_DONTNEED
	if (s->cold && posix_fadvise(s->fd, 0, (off_t)s->size, POSIX_FADV_DONTNEED) != 0)
		msg_die("-C: cannot drop the file's pages from the cache");
#endif
	if (s->around) {
		base = mmap(NULL, s->maplen, PROT_READ, MAP_SHARED, s->fd, 0);
		if (base == MAP_FAILED)
			msg_sysdie("cannot map %zu bytes of the file", s->maplen);
		return base;
	}
	base = mmap(NULL, s->maplen, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (base == MAP_FAILED)
		msg_sysdie("cannot reserve %zu bytes of address space", s->maplen);
	for (i = 0; i < s->npages; i++)
		if (mmap(base + i * s->step, s->pg, PROT_READ, MAP_SHARED | MAP_FIXED,
			 s->fd, (off_t)(i * s->pg)) == MAP_FAILED)
			msg_sysdie("cannot map page %zu of the file (vm.max_map_count?)", i);
#ifdef POSIX_MADV_RANDOM
	/* No read-ahead on a cold fault: one fault, one page read. */
	if (posix_madvise(base, s->maplen, POSIX_MADV_RANDOM) != 0)
		msg_die("posix_madvise(POSIX_MADV_RANDOM) failed");
#endif
	return base;
}

/* Read k pages, each from a fresh mapping; the reads alone are timed. */
static double
sample(struct state *s, uint64_t k)
{
	double ns = 0, cost = timing_call_cost();

	while (k > 0) {
		size_t i, m = k < s->npages ? (size_t)k : s->npages;
		char *base = map(s);
		long f0[2], f1[2];
		unsigned sum = 0;
		uint64_t t0, t1;

		faults(f0);
		t0 = timing_now();
		for (i = 0; i < m; i++)
			sum += (unsigned char)base[s->perm[i] * s->step];
		t1 = timing_now();
		HB_USE(sum);
		faults(f1);
		s->flt[0] += f1[0] - f0[0];
		s->flt[1] += f1[1] - f0[1];
		s->pages += m;
		if (munmap(base, s->maplen) != 0)
			msg_sysdie("munmap");
		/* The clock read that ends the region is not the fault's. */
		ns += (double)(t1 - t0) - cost;
		k -= m;
	}
	return ns > 1 ? ns : 1;
}

/* Pages per sample so that a sample lasts about target ns. */
static uint64_t
calibrate(struct state *s, uint64_t target)
{
	uint64_t k = 1;

	for (;;) {
		double ns = sample(s, k);

		if (ns >= (double)target || k >= MAX_PAGES_PER_SAMPLE)
			return k;
		if (ns >= (double)target / 8 && ns >= (double)timing_min_sample()) {
			double want = (double)k * (double)target / ns * 1.05 + 1;

			return want < MAX_PAGES_PER_SAMPLE ? (uint64_t)want : MAX_PAGES_PER_SAMPLE;
		}
		k *= 4;
	}
}

static int
option(int opt, const char *arg, void *ctx);

static struct state state = { .fd = -1, .size = 8 << 20 };

static const struct bench_prog prog = {
	.name = "lat_pagefault",
	.args = "[file]",
	.summary = "lat_pagefault: page fault latency on a file mapping, in ns per fault",
	.optstring = "Cas:",
	.opthelp = "  -C           cold: drop the file's pages first, so faults read the disk\n"
		   "  -a           one mapping: let the kernel fault around (lmbench's way);\n"
		   "               reports per page read\n"
		   "  -s SIZE      bytes mapped (and of the temporary file), 64k .. 64m\n"
		   "               (default 8m; less when the file is shorter)\n",
	.option = option,
	.ctx = &state,
	.min_args = 0,
	.max_args = 1,
};

static int
option(int opt, const char *arg, void *ctx)
{
	struct state *s = ctx;

	if (opt == 'C')
		s->cold = 1;
	else if (opt == 'a')
		s->around = 1;
	else
		s->size = bench_arg_size(&prog, "-s", arg, 64 << 10, 64 << 20);
	return 0;
}

/* The file, ready to map: hot, its pages read; cold, its dirty ones written. */
static void
open_file(struct state *s, const char *file)
{
	static char block[65536], path[PATH_MAX];
	struct stat st;
	uint64_t off;
	ssize_t w;

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
	memset(block, 'p', sizeof(block));
	for (off = 0; file == NULL && off < s->size; off += (uint64_t)w)
		if ((w = write(s->fd, block, sizeof(block))) <= 0)
			msg_sysdie("cannot write %s", path);
	if ((file == NULL || s->cold) && fsync(s->fd) != 0)
		msg_sysdie("cannot write %s", file != NULL ? file : path);
	for (off = 0; !s->cold && off < s->size; off += sizeof(block))
		if (pread(s->fd, block, sizeof(block), (off_t)off) < 0)
			msg_sysdie("cannot read %s", file != NULL ? file : path);
}

/* A random order of the pages: Fisher-Yates with xorshift64, fixed seed. */
static void
shuffle(struct state *s)
{
	unsigned long long rnd = 88172645463325252ull;
	size_t i, j, t;

	s->perm = malloc(s->npages * sizeof(*s->perm));
	if (s->perm == NULL)
		msg_sysdie("cannot allocate the page order");
	for (i = 0; i < s->npages; i++)
		s->perm[i] = i;
	for (i = s->npages - 1; i > 0; i--) {
		rnd ^= rnd << 13, rnd ^= rnd >> 7, rnd ^= rnd << 17;
		j = (size_t)(rnd % (i + 1));
		t = s->perm[i], s->perm[i] = s->perm[j], s->perm[j] = t;
	}
}

int
main(int argc, char **argv)
{
	struct state *s = &state;
	struct bench_opts o;
	struct stats st;
	uint64_t k, start, *iters;
	double *v;
	size_t count, cap;
	char name[64];
	int ai = bench_init(&o, &prog, argc, argv);

	if (o.parallel > 1)
		bench_usage_error(&prog, "-P: value '%u' is out of range; allowed: 1 (lat_pagefault times itself)",
				  o.parallel);
#ifndef POSIX_FADV_DONTNEED
	if (s->cold)
		msg_exit(MSG_EXIT_UNSUPPORTED, "-C: this system has no POSIX_FADV_DONTNEED");
#endif
	s->pg = mem_page_size();
	open_file(s, ai < argc ? argv[ai] : NULL);
	shuffle(s);
	bench_print_config(&o, &prog);
	k = calibrate(s, o.sample_ns);
	if (s->cold && s->flt[1] == 0)
		msg_exit(MSG_EXIT_UNSUPPORTED, "-C: the file's pages stay cached after "
			 "POSIX_FADV_DONTNEED (tmpfs?); cold faults cannot be measured here");
	for (start = timing_now(); timing_now() - start < o.warmup_ns;)
		sample(s, k);
	s->flt[0] = s->flt[1] = 0;
	s->pages = 0;
	/* Under -I: up to 10000 samples, or -N if more. */
	cap = o.precision_pct > 0 && o.reps < 10000 ? 10000 : o.reps;
	iters = malloc(cap * sizeof(*iters));
	v = malloc(cap * sizeof(*v));
	if (iters == NULL || v == NULL)
		msg_sysdie("cannot allocate %zu samples", cap);
	for (count = 0, start = timing_now(); count < cap; count++) {
		if (count >= o.reps && (o.precision_pct <= 0
		    || timing_now() - start >= o.precision_cap_ns
		    || (stats_compute(v, count, &st) == 0 && st.ci_level >= 0.95
			&& stats_ci_halfwidth_pct(&st) <= o.precision_pct)))
			break;
		iters[count] = k;
		v[count] = sample(s, k) / (double)k;
	}
	if (o.output == OUTPUT_RAW)
		output_config(stdout, "page-faults", "%.3f minor, %.3f major per page read "
			      "(getrusage; %llu pages of %zu bytes)",
			      (double)s->flt[0] / (double)s->pages, (double)s->flt[1] / (double)s->pages,
			      (unsigned long long)s->pages, s->pg);
	snprintf(name, sizeof(name), "LatPagefault/%scache=%s",
		 s->around ? "faultaround=on/" : "", s->cold ? "cold" : "hot");
	if (o.precision_pct > 0 && (stats_compute(v, count, &st) != 0
	    || st.ci_level < 0.95 || stats_ci_halfwidth_pct(&st) > o.precision_pct))
		msg_warn("%s: precision target ±%g%% not reached after %zu samples",
			 name, o.precision_pct, count);
	bench_report(&o, name, iters, v, count, "ns/op");
	return MSG_EXIT_OK;
}
