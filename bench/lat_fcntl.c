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
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "core/msg.h"
#include "core/tmp.h"
#include "driver/bench.h"
#include "place/place_main.h"

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
	int ready[2];		/* the child says it holds its region */
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
child(void *arg, unsigned idx)
{
	const struct state *s = arg;
	int fd = s->fd, k = 0;

	(void)idx;
	close(s->ready[0]);
	if (setlk(fd, 2, F_WRLCK, F_SETLKW) != 0 || write(s->ready[1], "", 1) != 1)
		msg_syswarn("child: lock"), _exit(1);
	close(s->ready[1]);
	for (;; k = (k + 1) % REGIONS) {
		while (setlk(fd, k, F_WRLCK, F_SETLKW) != 0)
			if (errno != EINTR)
				msg_syswarn("child: lock"), _exit(1);
		if (setlk(fd, (k + 2) % REGIONS, F_UNLCK, F_SETLK) != 0)
			msg_syswarn("child: unlock"), _exit(1);
	}
}

/* Once: the file, unlinked at once: nothing is left even if the program is killed. */
static void
setup(void *arg, const struct bench_opts *o, struct place_case *c)
{
	struct state *s = arg;
	char path[PATH_MAX];

	(void)o, (void)c;
	s->fd = tmp_file(NULL, path, sizeof(path));
	if (s->fd < 0)
		msg_sysdie("cannot create a temporary file in %s", tmp_dir(NULL));
	if (tmp_remove(path) != 0)
		msg_sysdie("%s", path);
	signal(SIGCHLD, on_child);
}

static void
open_locks(void *arg)
{
	struct state *s = arg;

	/* The parent holds regions 0 and 1, the child 2 before the first step. */
	if (setlk(s->fd, 2, F_UNLCK, F_SETLK) != 0 ||
	    setlk(s->fd, 0, F_WRLCK, F_SETLKW) != 0 || setlk(s->fd, 1, F_WRLCK, F_SETLKW) != 0)
		msg_sysdie("locking the temporary file");
	s->step = 0;
	if (pipe(s->ready) != 0)
		msg_sysdie("pipe");
	died = 0;
	armed = 1;
}

static void
ready(void *arg)
{
	struct state *s = arg;
	char c;

	close(s->ready[1]);
	if (read(s->ready[0], &c, 1) != 1)
		msg_die("the child process failed to start");
	close(s->ready[0]);
	/* One round trip each way round the regions: the batons are in play. */
	if (do_pingpong(s, REGIONS) != 0)
		msg_sysdie("fcntl");
}

static void
disarm(void *arg)
{
	(void)arg;
	armed = 0;
}

static const struct bench_opt opts[] = {
	PLACE_OPT,
};

static const struct bench_prog prog = {
	.name = "lat_fcntl",
	.summary = "lat_fcntl: fcntl record-lock round trip between two processes, in ns",
	PLACE_BENCH_FIELDS,
	.opts = opts,
	.nopts = HB_ARRAY_SIZE(opts),
};

static struct state state;

static const struct place_prog pp = {
	.bench = &prog,
	.name = "LatFcntl",
	.keep_sigpipe = 1,
	.config_pinned = 1,
	.arg = &state,
	.setup = setup,
	.open = open_locks,
	.partner = child,
	.ready = ready,
	.loop = do_pingpong,
	.close = disarm,
};

int
main(int argc, char **argv)
{
	return place_run(&pp, argc, argv);
}
