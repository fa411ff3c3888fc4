/*
 * lat_fs: file creation and deletion, in ns per file (and files per second).
 *
 * One sample creates a batch of files of SIZE bytes (open O_CREAT|O_EXCL,
 * write, close), then deletes them (unlink).  Each phase is timed alone, so
 * neither contains the other.  The files are spread over subdirectories of
 * -n files each (lmbench's layout), made before the first sample.  The
 * batch is calibrated so that creating it lasts about -T.
 *
 * usage: lat_fs [options] [-s SIZE]... [-n files-per-dir] [dir]
 */
#include "config.h"

#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench.h"
#include "mem.h"
#include "msg.h"
#include "output.h"
#include "stats.h"
#include "tmp.h"

#define MAX_SIZES 16
#define MAX_BATCH 1000000	/* files: bounds the inodes and the signal cleanup */
#define MAX_SAMPLES_I 10000	/* under -I */

struct state {
	char dir[PATH_MAX];	/* the temporary directory */
	size_t dirlen;
	uint64_t size, per_dir;
	uint64_t sizes[MAX_SIZES];
	size_t nsizes;
};

/*
 * lib/tmp removes the directory on a signal with rmdir only, so a handler
 * of ours empties it first: files 0 .. live_files - 1, then the
 * subdirectories, both counted before they are made.
 */
static struct state state = { .per_dir = 100 };
static volatile sig_atomic_t live, live_files, live_dirs;
static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
static struct sigaction chained[HB_ARRAY_SIZE(sigs)];
static char block[65536];

/* "<dir>/<i>", or for a file "<dir>/<i / per_dir>/<i % per_dir>"; signal-safe. */
static void
path_of(const struct state *s, uint64_t i, int file, char *buf)
{
	uint64_t part[2] = { file ? i / s->per_dir : i, i % s->per_dir }, v;
	char *p = buf + s->dirlen, tmp[24];
	int k;

	memcpy(buf, s->dir, s->dirlen);
	for (k = 0; k <= file; k++) {
		size_t n = 0;

		*p++ = '/';
		for (v = part[k]; n == 0 || v > 0; v /= 10)
			tmp[n++] = (char)('0' + v % 10);
		while (n > 0)
			*p++ = tmp[--n];
	}
	*p = '\0';
}

static void
on_signal(int sig)
{
	char path[PATH_MAX + 64];
	sig_atomic_t i;
	size_t k;

	for (i = 0; live && i < live_files; i++) {
		path_of(&state, (uint64_t)i, 1, path);
		unlink(path);
	}
	for (i = live_dirs - 1; live && i >= 0; i--) {
		path_of(&state, (uint64_t)i, 0, path);
		rmdir(path);
	}
	for (k = 0; k < HB_ARRAY_SIZE(sigs); k++)
		if (sigs[k] == sig && chained[k].sa_handler != SIG_DFL)
			chained[k].sa_handler(sig);	/* lib/tmp's: rmdir, re-raise */
	signal(sig, SIG_DFL);
	raise(sig);
}

static void
create_files(const struct state *s, uint64_t n)
{
	char path[PATH_MAX + 64];
	uint64_t i, left;

	for (i = 0; i < n; i++) {
		ssize_t w;
		int fd;

		path_of(s, i, 1, path);
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
		if (fd < 0)
			msg_sysdie("cannot create %s", path);
		for (left = s->size; left > 0; left -= (uint64_t)w)
			if ((w = write(fd, block, left < sizeof(block) ? (size_t)left : sizeof(block))) <= 0)
				msg_sysdie("cannot write %s", path);
		if (close(fd) != 0)
			msg_sysdie("cannot close %s", path);
	}
}

static void
delete_files(const struct state *s, uint64_t n)
{
	char path[PATH_MAX + 64];
	uint64_t i;

	for (i = 0; i < n; i++) {
		path_of(s, i, 1, path);
		if (unlink(path) != 0)
			msg_sysdie("cannot delete %s", path);
	}
}

/*
 * One sample: create n files, then delete them; each phase timed alone.
 * Subdirectories are made as a batch first needs them and kept until the
 * size is done, so no sample pays for directories.
 */
static void
cycle(struct state *s, uint64_t n, uint64_t ns[2])
{
	char path[PATH_MAX + 64];
	uint64_t t0, t1, t2;

	while ((uint64_t)live_dirs * s->per_dir < n) {
		path_of(s, (uint64_t)live_dirs, 0, path);
		live_dirs++;	/* counted first: the handler never misses one */
		if (mkdir(path, 0700) != 0)
			msg_sysdie("cannot create %s", path);
	}
	live_files = (sig_atomic_t)n;
	t0 = timing_now();
	create_files(s, n);
	t1 = timing_now();
	delete_files(s, n);
	t2 = timing_now();
	live_files = 0;
	ns[0] = t1 > t0 ? t1 - t0 : 1;
	ns[1] = t2 > t1 ? t2 - t1 : 1;
}

static void
remove_dirs(const struct state *s)
{
	char path[PATH_MAX + 64];

	for (; live_dirs > 0; live_dirs--) {
		path_of(s, (uint64_t)live_dirs - 1, 0, path);
		if (rmdir(path) != 0)
			msg_sysdie("cannot remove %s", path);
	}
}

/* A batch whose creation lasts about target: grow it, then extrapolate. */
static uint64_t
calibrate(struct state *s, uint64_t target)
{
	uint64_t n = 1, ns[2];

	for (;; n = n * 4 < MAX_BATCH ? n * 4 : MAX_BATCH) {
		cycle(s, n, ns);
		if (ns[0] >= target || n >= MAX_BATCH)
			return n;
		if (ns[0] >= target / 8 && ns[0] >= timing_min_sample()) {
			double want = (double)n * (double)target / (double)ns[0] * 1.05 + 1;

			return want < MAX_BATCH ? (uint64_t)want : MAX_BATCH;
		}
	}
}

/* Enough samples: -N of them, and under -I both CIs narrow (or time up). */
static int
enough(const struct bench_opts *o, double *const v[2], size_t count, uint64_t start)
{
	struct stats st;
	int k;

	if (count < o->reps || o->precision_pct <= 0 || count >= MAX_SAMPLES_I
	    || timing_now() - start >= o->precision_cap_ns)
		return count >= o->reps;
	for (k = 0; k < 2; k++)
		if (stats_compute(v[k], count, &st) != 0 || st.ci_level < 0.95
		    || stats_ci_halfwidth_pct(&st) > o->precision_pct)
			return 0;
	return 1;
}

static void
measure(const struct bench_opts *o, struct state *s)
{
	static const char *const ops[2] = { "create", "delete" };
	size_t cap = o->precision_pct > 0 && o->reps < MAX_SAMPLES_I ? MAX_SAMPLES_I : o->reps;
	size_t count, i, k;
	uint64_t n, ns[2], start, *iters = malloc(cap * sizeof(*iters));
	double *v[2] = { malloc(cap * sizeof(double)), malloc(cap * sizeof(double)) };
	char name[OUTPUT_MAX_NAME], sz[32], a[64], b[64];
	struct stats st;

	if (iters == NULL || v[0] == NULL || v[1] == NULL)
		msg_sysdie("cannot allocate %zu samples", cap);
	n = calibrate(s, o->sample_ns);
	for (start = timing_now(); timing_now() - start < o->warmup_ns;)
		cycle(s, n, ns);
	for (count = 0, start = timing_now(); !enough(o, v, count, start); count++) {
		cycle(s, n, ns);
		iters[count] = n;
		for (k = 0; k < 2; k++)
			v[k][count] = (double)ns[k] / (double)n;
	}
	/* lmbench labels the empty file "0K". */
	strcpy(sz, "0K");
	if (s->size > 0)
		mem_size_name(sz, sizeof(sz), s->size);
	for (k = 0; k < 2; k++) {
		snprintf(name, sizeof(name), "LatFs/op=%s/size=%s", ops[k], sz);
		if (o->precision_pct > 0 && (stats_compute(v[k], count, &st) != 0
		    || st.ci_level < 0.95 || stats_ci_halfwidth_pct(&st) > o->precision_pct))
			msg_warn("%s: precision target ±%g%% not reached after %zu samples",
				 name, o->precision_pct, count);
		if (o->output != OUTPUT_RAW)
			bench_report(o, name, iters, v[k], count, "ns/op");
		/* Two value-unit pairs on a line: bench_report prints only one. */
		for (i = 0; o->output == OUTPUT_RAW && i < count; i++)
			printf("Benchmark%s\t%12llu\t%14s ns/op\t%14s files/s\n", name,
			       (unsigned long long)iters[i], output_format_value(a, sizeof(a), v[k][i]),
			       output_format_value(b, sizeof(b), 1e9 / v[k][i]));
	}
	fflush(stdout);
	remove_dirs(s);
	free(iters);
	free(v[0]);
	free(v[1]);
}

static int
option(int opt, const char *arg, void *ctx);

static const struct bench_prog prog = {
	.name = "lat_fs",
	.args = "[dir]",
	.summary = "lat_fs: file create and delete latency in ns per file",
	.optstring = "s:n:",
	.opthelp = "  -s SIZE      file size, 0 .. 1g (repeatable; default 0, 1k, 4k, 10k)\n"
		   "  -n count     files per subdirectory, 1 .. 1m (default 100)\n",
	.option = option,
	.ctx = &state,
	.min_args = 0,
	.max_args = 1,
};

static int
option(int opt, const char *arg, void *ctx)
{
	struct state *s = ctx;

	if (opt == 'n')
		s->per_dir = bench_arg_size(&prog, "-n", arg, 1, 1 << 20);
	else if (s->nsizes == MAX_SIZES)
		bench_usage_error(&prog, "-s: at most %d sizes", MAX_SIZES);
	else
		s->sizes[s->nsizes++] = bench_arg_size(&prog, "-s", arg, 0, 1 << 30);
	return 0;
}

int
main(int argc, char **argv)
{
	static const uint64_t defaults[] = { 0, 1024, 4096, 10240 };
	struct state *s = &state;
	struct bench_opts o;
	struct sigaction sa;
	size_t i;
	int ai = bench_init(&o, &prog, argc, argv);
	const char *dir = ai < argc ? argv[ai] : NULL;

	if (o.parallel > 1)
		bench_usage_error(&prog, "-P: value '%u' is out of range; allowed: 1 (lat_fs times itself)",
				  o.parallel);
	if (s->nsizes == 0) {
		memcpy(s->sizes, defaults, sizeof(defaults));
		s->nsizes = HB_ARRAY_SIZE(defaults);
	}
	memset(block, 'h', sizeof(block));
	if (tmp_mkdir(dir, s->dir, sizeof(s->dir)) != 0)
		msg_sysdie("cannot create a temporary directory in %s", tmp_dir(dir));
	s->dirlen = strlen(s->dir);
	live = 1;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigfillset(&sa.sa_mask);
	for (i = 0; i < HB_ARRAY_SIZE(sigs); i++)
		if (sigaction(sigs[i], NULL, &chained[i]) == 0 && chained[i].sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
	bench_print_config(&o, &prog);
	if (o.output == OUTPUT_RAW) {
		output_config(stdout, "dir", "%s", tmp_dir(dir));
		output_config(stdout, "files-per-dir", "%llu", (unsigned long long)s->per_dir);
	}
	for (i = 0; i < s->nsizes; i++) {
		s->size = s->sizes[i];
		measure(&o, s);
	}
	return MSG_EXIT_OK;
}
