/*
 * lat_fcntl: fcntl(2) record-lock ping-pong between two processes, in ns
 * per round trip.
 *
 * Three one-byte regions of a temporary file are the batons.  One
 * iteration is one round trip: the parent unlocks a region the child waits
 * for and waits (F_SETLKW) for one the child unlocks only once it has that
 * region.  The file (unlinked as soon as it is open) and the child are
 * made and pinned outside the timing, once per placement (both on one CPU,
 * or on two).
 *
 * usage: lat_fcntl [options] [-p one|spread|both|unpinned]
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "msg.h"
#include "parse.h"
#include "place.h"
#include "tmp.h"

/*
 * Why three regions (lmbench used two): an unlock only wakes the waiter,
 * it does not hand the lock over, so a process that unlocks a region and
 * locks it again before the waiter runs gets it back, and lmbench's two
 * processes did not alternate.  Here each step locks a region the other
 * process holds, and that one gives it up only after taking the region
 * just unlocked: step k unlocks k mod 3 and locks k + 2 mod 3, in both.
 */
#define REGIONS 3

struct state {
	int fd;
	int step;		/* the parent's next step, mod REGIONS */
};

static volatile sig_atomic_t armed, died;	/* a child runs; it died */

static int
setlk(int fd, int region, int type, int cmd)
{
	struct flock l;

	memset(&l, 0, sizeof(l));
	l.l_type = (short)type;
	l.l_whence = SEEK_SET;
	/*
	 * Bytes 0, 2, 4: adjacent locks of one process would be merged into
	 * one, and unlocking part of it wakes every waiter on the whole.
	 */
	l.l_start = 2 * region;
	l.l_len = 1;
	return fcntl(fd, cmd, &l);
}

/* The child's locks went with it: the parent must not go on alone. */
static void
on_child(int sig)
{
	(void)sig;
	if (armed)
		died = 1;
}

static int
do_pingpong(void *arg, uint64_t n)
{
	struct state *s = arg;

	while (n-- > 0) {
		if (setlk(s->fd, s->step, F_UNLCK, F_SETLK) != 0)
			goto fail;
		while (setlk(s->fd, (s->step + 2) % REGIONS, F_WRLCK, F_SETLKW) != 0)
			if (errno != EINTR || died)
				goto fail;
		if (died)
			goto fail;
		s->step = (s->step + 1) % REGIONS;
	}
	return 0;
fail:
	if (died)
		msg_warn("the partner process died"), errno = ECHILD;
	return -1;
}

/* The child: step k locks k and unlocks k + 2 (mod 3), the mirror image. */
static HB_NORETURN void
child(int fd, int ready)
{
	int k = 0;

	if (setlk(fd, 2, F_WRLCK, F_SETLKW) != 0 || write(ready, "", 1) != 1)
		msg_syswarn("child: lock"), _exit(1);
	close(ready);
	for (;; k = (k + 1) % REGIONS) {
		while (setlk(fd, k, F_WRLCK, F_SETLKW) != 0)
			if (errno != EINTR)
				msg_syswarn("child: lock"), _exit(1);
		if (setlk(fd, (k + 2) % REGIONS, F_UNLCK, F_SETLK) != 0)
			msg_syswarn("child: unlock"), _exit(1);
	}
}

static void
start(struct state *s, const struct place *pl, enum place_kind k)
{
	int ready[2];
	pid_t pid;
	char c;

	/* The parent holds regions 0 and 1, the child 2 before the first step. */
	if (setlk(s->fd, 2, F_UNLCK, F_SETLK) != 0 ||
	    setlk(s->fd, 0, F_WRLCK, F_SETLKW) != 0 || setlk(s->fd, 1, F_WRLCK, F_SETLKW) != 0)
		msg_sysdie("locking the temporary file");
	s->step = 0;
	if (pipe(ready) != 0)
		msg_sysdie("pipe");
	fflush(NULL);
	died = 0;
	armed = 1;
	if ((pid = place_fork(pl, k, 1)) < 0)
		msg_sysdie("fork");
	if (pid == 0) {
		close(ready[0]);
		child(s->fd, ready[1]);
	}
	close(ready[1]);
	if (read(ready[0], &c, 1) != 1)
		msg_die("the child process failed to start");
	close(ready[0]);
	/* One round trip each way round the regions: the batons are in play. */
	if (do_pingpong(s, REGIONS) != 0)
		msg_sysdie("fcntl");
}

static unsigned want;		/* PLACE_BIT()s; 0: the default */

static int
own_option(int opt, const char *arg, void *ctx)
{
	char err[PARSE_ERRLEN];

	(void)opt;
	if (place_parse("-p", arg, &want, err, sizeof(err)) != 0)
		bench_usage_error(ctx, "%s", err);
	return 0;
}

static struct bench_prog prog = {
	.name = "lat_fcntl",
	.args = "",
	.summary = "lat_fcntl: fcntl record-lock round trip between two processes, in ns",
	.optstring = "p:",
	.opthelp = PLACE_OPTHELP,
	.option = own_option,
	.ctx = &prog,
	.min_args = 0,
	.max_args = 0,
};

int
main(int argc, char **argv)
{
	static struct place pl;
	struct bench_opts o;
	struct state s;
	enum place_kind kinds[PLACE_COUNT];
	char name[64], err[PARSE_ERRLEN], path[PATH_MAX];
	size_t nk, ki;

	bench_init(&o, &prog, argc, argv);
	if (o.parallel > 1)
		bench_usage_error(&prog, "-P: value '%u' is not supported: copies would share one partner; allowed: 1",
				  o.parallel);
	if (place_init(&pl, want, err, sizeof(err)) != 0)
		msg_exit(MSG_EXIT_UNSUPPORTED, "%s", err);
	nk = place_list(&pl, kinds, PLACE_COUNT);
	/* Unlinked at once: nothing is left even if the program is killed. */
	s.fd = tmp_file(NULL, path, sizeof(path));
	if (s.fd < 0)
		msg_sysdie("cannot create a temporary file in %s", tmp_dir(NULL));
	if (tmp_remove(path) != 0)
		msg_sysdie("%s", path);
	signal(SIGCHLD, on_child);
	for (ki = 0; ki < nk; ki++) {
		struct bench_case c;

		if (place_pin(&pl, kinds[ki], 0) != 0)
			msg_sysdie("cannot pin to CPU %d", pl.cpus[0]);
		if (o.output == OUTPUT_RAW) {
			bench_print_config(&o, &prog);
			place_print_config(stdout, &pl, kinds[ki]);
		}
		start(&s, &pl, kinds[ki]);
		snprintf(name, sizeof(name), "LatFcntl/%s", place_name_part(kinds[ki]));
		memset(&c, 0, sizeof(c));
		c.name = name;
		c.loop = do_pingpong;
		c.arg = &s;
		if (bench_run(&o, &prog, &c) != 0)
			return MSG_EXIT_FAIL;
		armed = 0;
		place_kill_children();
		if (place_restore(&pl) != 0)
			msg_sysdie("cannot restore the CPU affinity");
	}
	return MSG_EXIT_OK;
}
