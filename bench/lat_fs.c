/*
 * lat_fs: file creation and deletion, in ns per file (and files per second).
 *
 * One iteration creates a file of SIZE bytes (open O_CREAT|O_EXCL, write,
 * close), or deletes one (unlink).  A sample creates a batch of files and
 * deletes it, and times only the phase measured: the deletes of a create
 * sample and the creates of a delete sample are outside the timing, as are
 * the subdirectories of -n files each (lmbench's layout) that hold the
 * batch.  Under -P each copy works in a directory of its own.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/msg.h"
#include "core/output.h"
#include "core/tmp.h"
#include "driver/bench.h"
#include "host/memory.h"

#ifndef MAP_ANONYMOUS
# define MAP_ANONYMOUS MAP_ANON
#endif
#define MAX_SIZES 16
#define MAX_BATCH 1000000	/* files: bounds the inodes and the cleanup */

/*
 * What one process has made, counted before it is made, in memory shared
 * with the -P copies: the cleanup in the main process, which may run in a
 * signal handler, removes exactly that without reading a directory.
 */
struct area {
	volatile pid_t pid;		/* the copy working in it */
	volatile sig_atomic_t files, dirs, taken;
};

struct state {
	char dir[PATH_MAX];	/* the temporary directory */
	size_t dirlen;
	uint64_t size, per_dir;
	uint64_t sizes[MAX_SIZES];
	size_t nsizes;
	int op;			/* 0: create, 1: delete */
	uint64_t budget_ns;	/* -t: a batch's creates take about this at most; 0: no bound */
	double create_ns;	/* ns per create in the last sample of this size (0: none yet) */
	struct area *area;	/* [0]: the main process, in dir; [k]: copy k, in dir/c<k> */
	size_t nareas, self;
	int slots[2];		/* a pipe of area numbers for the copies to take */
};

static struct state state = { .per_dir = 100, .slots = { -1, -1 } };
static char block[65536];

/*
 * Area a's directory (depth 0), its subdirectory i (1) or its file i (2):
 * "<dir>[/c<a>][/<i / per_dir>/<i % per_dir>]"; signal-safe.
 */
static char *
path_of(const struct state *s, size_t a, int depth, uint64_t i, char *buf)
{
	const uint64_t part[3] = { a, depth == 2 ? i / s->per_dir : i, i % s->per_dir };
	uint64_t v;
	char *p = buf + s->dirlen, digits[24];
	int k;

	memcpy(buf, s->dir, s->dirlen);
	for (k = a > 0 ? 0 : 1; k <= depth; k++) {
		size_t n = 0;

		*p++ = '/';
		if (k == 0)
			*p++ = 'c';
		for (v = part[k]; n == 0 || v > 0; v /= 10)
			digits[n++] = (char)('0' + v % 10);
		while (n > 0)
			*p++ = digits[--n];
	}
	*p = '\0';
	return buf;
}

/* Say what failed on which path; the sample fails with errno 0 (said). */
static int
failed(const char *what, const char *path)
{
	msg_syswarn("%s %s", what, path);
	errno = 0;
	return -1;
}

static int
create_files(const struct state *s, uint64_t n)
{
	char path[PATH_MAX + 64];
	uint64_t i, left;
	ssize_t w = 0;

	for (i = 0; i < n; i++) {
		int fd = open(path_of(s, s->self, 2, i, path), O_WRONLY | O_CREAT | O_EXCL, 0600);

		if (fd < 0)
			return failed("cannot create", path);
		for (left = s->size; left > 0; left -= (uint64_t)w)
			if ((w = write(fd, block, left < sizeof(block) ? (size_t)left : sizeof(block))) <= 0) {
				int e = w == 0 ? ENOSPC : errno;

				close(fd);
				errno = e;
				return failed("cannot write", path);
			}
		if (close(fd) != 0)
			return failed("cannot close", path);
	}
	return 0;
}

static int
delete_files(const struct state *s, uint64_t n)
{
	char path[PATH_MAX + 64];
	uint64_t i;

	for (i = 0; i < n; i++)
		if (unlink(path_of(s, s->self, 2, i, path)) != 0)
			return failed("cannot delete", path);
	return 0;
}

/*
 * One sample: n files created, then deleted; the phase s->op alone is
 * timed.  The subdirectories are made as a batch first needs them, and
 * kept until the end of the case.
 */
static int
sample(void *arg, uint64_t n, uint64_t *ns)
{
	struct state *s = arg;
	struct area *a = &s->area[s->self];
	char path[PATH_MAX + 64];
	uint64_t t[3];

	while ((uint64_t)a->dirs * s->per_dir < n) {
		path_of(s, s->self, 1, (uint64_t)a->dirs, path);
		a->dirs++;
		if (mkdir(path, 0700) != 0)
			return failed("cannot create", path);
	}
	a->files = (sig_atomic_t)n;
	t[0] = timing_now();
	if (create_files(s, n) != 0)
		return -1;
	t[1] = timing_now();
	if (delete_files(s, n) != 0)
		return -1;
	t[2] = timing_now();
	a->files = 0;
	if (n > 0)
		s->create_ns = (double)(t[1] - t[0]) / (double)n;
	*ns = t[s->op + 1] - t[s->op];
	return 0;
}

/*
 * The most files a sample may create: as many as -t allows at the cost
 * per create measured last (a sample of one file first, when this size
 * has none yet), at least one; MAX_BATCH without -t.  0 when that sample
 * failed (said).  The count is fixed for a benchmark's samples, so a cost
 * that grows during it (ext4, below) may take a batch somewhat past -t.
 */
static uint64_t
batch_limit(struct state *s)
{
	uint64_t ns;
	double most;

	if (s->budget_ns == 0)
		return MAX_BATCH;
	if (s->create_ns <= 0 && sample(s, 1, &ns) != 0)
		return 0;
	most = (double)s->budget_ns / (s->create_ns > 0 ? s->create_ns : 1);
	return most < 1 ? 1 : most >= MAX_BATCH ? MAX_BATCH : (uint64_t)most;
}

static const char *const ops[] = { "create", "delete" };	/* s->op */

/* A -P copy takes an area number, says its pid, then makes its directory. */
static int
copy_init(void *arg)
{
	struct state *s = arg;
	char path[PATH_MAX + 64];
	unsigned short k;

	if (read(s->slots[0], &k, sizeof(k)) != (ssize_t)sizeof(k) || k == 0 || k >= s->nareas)
		return -1;
	s->self = k;
	s->area[k].pid = getpid();
	return mkdir(path_of(s, k, 0, 0, path), 0700);
}

/*
 * Remove what the areas hold: after each case, and as lib/core/tmp's hook at
 * exit and in its signal handler (so only signal-safe calls).  Taking the
 * area numbers left in the pipe keeps a copy that has not started from
 * starting; one that has is killed and reaped before its area is emptied.
 */
static void
clean(void)
{
	struct state *s = &state;
	char path[PATH_MAX + 64];
	unsigned short k;
	size_t i;
	int st, t;

	while (s->slots[0] >= 0 && read(s->slots[0], &k, sizeof(k)) == (ssize_t)sizeof(k))
		if (k < s->nareas)
			s->area[k].taken = 0;
	for (i = s->nareas; s->area != NULL && i-- > 0;) {
		struct area *a = &s->area[i];

		/* A copy says its pid just after it takes its number. */
		for (t = 0; a->taken && a->pid == 0 && t < 1000; t++)
			poll(NULL, 0, 1);
		if (a->taken && a->pid > 0 && waitpid(a->pid, &st, WNOHANG) == 0) {
			kill(a->pid, SIGKILL);
			waitpid(a->pid, &st, 0);
		}
		for (; a->files > 0; a->files--)
			unlink(path_of(s, i, 2, (uint64_t)a->files - 1, path));
		for (; a->dirs > 0; a->dirs--)
			rmdir(path_of(s, i, 1, (uint64_t)a->dirs - 1, path));
		if (i > 0)
			rmdir(path_of(s, i, 0, 0, path));
		a->pid = 0;
		a->taken = 0;
	}
}

/* Before a case under -P: one area number for each copy. */
static void
hand_out(struct state *s)
{
	unsigned short k[BENCH_MAX_CPUS];
	size_t i, n = s->nareas - 1;

	for (i = 0; i < n; i++)
		k[i] = (unsigned short)(i + 1), s->area[i + 1].taken = 1;
	if (write(s->slots[1], k, n * sizeof(k[0])) != (ssize_t)(n * sizeof(k[0])))
		msg_sysdie("cannot hand out the copies' directories");
}

/* -s is repeatable: each size given is one more case. */
static void
add_size(const struct bench_prog *p, int letter, const char *arg, void *ctx)
{
	struct state *s = ctx;

	(void)letter, (void)arg;
	if (s->nsizes == MAX_SIZES)
		bench_usage_error(p, "-s: at most %d sizes", MAX_SIZES);
	s->sizes[s->nsizes++] = s->size;
}

static const struct bench_opt opts[] = {
	{ 's', BENCH_OPT_SIZE, "SIZE", offsetof(struct state, size), 0, 1 << 30, NULL, 0,
	  "file size, 0 .. 1g (repeatable; default 0, 1k, 4k, 10k)", add_size, NULL },
	{ 'n', BENCH_OPT_SIZE, "count", offsetof(struct state, per_dir), 1, 1 << 20, NULL, 0,
	  "files per subdirectory, 1 .. 1m (default 100)", NULL, NULL },
	{ 't', BENCH_OPT_TIME, "time", offsetof(struct state, budget_ns), 1e5, 3600e9, "s", 0,
	  "a sample creates files for about this long at most,\n"
	  "100us .. 3600s (bare number: s; default: no bound)", NULL, NULL },
};

static const struct bench_prog prog = {
	.name = "lat_fs",
	.args = "[dir]",
	.summary = "lat_fs: file create and delete latency in ns per file",
	.opts = opts,
	.nopts = HB_ARRAY_SIZE(opts),
	.ctx = &state,
	.min_args = 0,
	.max_args = 1,
};

int
main(int argc, char **argv)
{
	static const uint64_t defaults[] = { 0, 1024, 4096, 10240 };
	struct state *s = &state;
	struct bench_opts o;
	char name[OUTPUT_MAX_NAME], sz[32];
	struct bench_case c = { .name = name, .sample = sample, .arg = &state,
		.alt_unit = "files/s", .alt_scale = 1e9, .alt_inverse = 1,
		.copy_init = copy_init, .max_iters = MAX_BATCH };
	size_t i;
	int ai = bench_init(&o, &prog, argc, argv), rc;
	const char *dir = ai < argc ? argv[ai] : NULL;
	void *area;

	if (s->nsizes == 0) {
		memcpy(s->sizes, defaults, sizeof(defaults));
		s->nsizes = HB_ARRAY_SIZE(defaults);
	}
	memset(block, 'h', sizeof(block));
	if (tmp_mkdir(dir, s->dir, sizeof(s->dir)) != 0)
		msg_sysdie("cannot create a temporary directory in %s", tmp_dir(dir));
	s->dirlen = strlen(s->dir);
	s->nareas = o.parallel > 1 ? o.parallel + 1 : 1;
	area = mmap(NULL, s->nareas * sizeof(*s->area), PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0); /* cppcheck-suppress invalidFunctionArg ; anonymous: fd -1 */
	if (area == MAP_FAILED)
		msg_sysdie("cannot map %zu counters", s->nareas);
	if (o.parallel > 1 && (pipe(s->slots) != 0 || fcntl(s->slots[0], F_SETFL, O_NONBLOCK) != 0))
		msg_sysdie("cannot make a pipe");
	s->area = area;
	tmp_set_hook(clean);
	bench_print_config(&o, &prog);
	if (o.output == OUTPUT_RAW) {
		output_config(stdout, "dir", "%s", tmp_dir(dir));
		output_config(stdout, "files-per-dir", "%llu", (unsigned long long)s->per_dir);
	}
	for (i = 0; i < s->nsizes; i++) {
		s->size = s->sizes[i];
		/* lmbench labels the empty file "0K". */
		snprintf(sz, sizeof(sz), "0K");
		if (s->size > 0)
			output_size_name(sz, sizeof(sz), s->size);
		s->create_ns = 0;
		for (s->op = 0; s->op < (int)HB_ARRAY_SIZE(ops); s->op++) {
			snprintf(name, sizeof(name), "LatFs/op=%s/size=%s", ops[s->op], sz);
			if ((c.max_iters = batch_limit(s)) == 0) {
				clean();
				return MSG_EXIT_FAIL;
			}
			if (o.parallel > 1)
				hand_out(s);
			rc = bench_run(&o, &prog, &c);
			clean();
			if (rc != 0)
				return MSG_EXIT_FAIL;
		}
	}
	return bench_exit_code(MSG_EXIT_OK);
}
