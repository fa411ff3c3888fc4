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
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "bench.h"
#include "msg.h"
#include "parse.h"
#include "sysinfo.h"
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

static volatile sig_atomic_t died;
static pid_t owner, kid;

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

static void
stop(void)
{
	if (getpid() != owner || kid <= 0)
		return;
	kill(kid, SIGKILL), waitpid(kid, NULL, 0);
	kid = 0;
}

static void
on_signal(int sig)
{
	if (sig == SIGCHLD) {	/* its locks went with it: do not go on alone */
		if (getpid() == owner && kid > 0)
			died = 1;
	} else if (sig == SIGALRM) {	/* a child without a death signal */
		if (getppid() != owner)
			_exit(1);
		alarm(1);
	} else {
		stop();
		signal(sig, SIG_DFL);
		raise(sig);
	}
}

/* A child never outlives the parent: a death signal, or a look each second. */
static void
child_guard(void)
{
	signal(SIGTERM, SIG_DFL), signal(SIGINT, SIG_DFL), signal(SIGHUP, SIG_DFL);
#ifdef __linux__
	prctl(PR_SET_PDEATHSIG, SIGKILL);
#else
	signal(SIGALRM, on_signal), alarm(1);
#endif
	if (getppid() != owner)
		_exit(1);
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
start(struct state *s, const int *cpu)
{
	int ready[2];
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
	if ((kid = fork()) < 0)
		msg_sysdie("fork");
	if (kid == 0) {
		child_guard();
		close(ready[0]);
		if (cpu != NULL && bench_pin(cpu, 1) != 0)
			msg_syswarn("cannot pin the child to CPU %d", *cpu), _exit(1);
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

static const struct placement {
	const char *name;
	int pinned, spread;
} placements[] = {
	{ "one", 1, 0 },	/* both processes on one CPU */
	{ "spread", 1, 1 },	/* the child on the next CPU */
	{ "unpinned", 0, 0 },	/* where the scheduler puts them */
};

static unsigned want;		/* bit i: placements[i] */

static int
own_option(int opt, const char *arg, void *ctx)
{
	size_t i;

	(void)opt;
	want = strcmp(arg, "both") == 0 ? 3 : 0;
	for (i = 0; i < HB_ARRAY_SIZE(placements); i++)
		if (strcmp(arg, placements[i].name) == 0)
			want = 1u << i;
	if (want == 0)
		bench_usage_error(ctx, "-p: value '%s' is not a placement; allowed: one, spread, both, unpinned", arg);
	return 0;
}

static struct bench_prog prog = {
	.name = "lat_fcntl",
	.args = "",
	.summary = "lat_fcntl: fcntl record-lock round trip between two processes, in ns",
	.optstring = "p:",
	.opthelp = "  -p where     one, spread, both (default with 2+ CPUs) or unpinned\n",
	.option = own_option,
	.ctx = &prog,
	.min_args = 0,
	.max_args = 0,
};

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct state s;
	char buf[OUTPUT_MAX_VALUE], name[64], err[PARSE_ERRLEN], path[PATH_MAX];
	static int cpus[BENCH_MAX_CPUS];
	size_t ncpus = 0, pi;
	int can_pin;

	bench_init(&o, &prog, argc, argv);
	if (o.parallel > 1)
		bench_usage_error(&prog, "-P: value '%u' is not supported: copies would share one partner; allowed: 1",
				  o.parallel);
	sysinfo_affinity(buf, sizeof(buf));
	if (parse_cpulist("cpus", buf, BENCH_MAX_CPUS - 1, cpus, BENCH_MAX_CPUS,
			  &ncpus, err, sizeof(err)) != 0)
		ncpus = 0;
	can_pin = ncpus > 0 && bench_pin(cpus, ncpus) == 0;
	if (want == 0)
		want = !can_pin ? 4 : ncpus > 1 ? 3 : 1;
	for (pi = 0; pi < HB_ARRAY_SIZE(placements); pi++)
		if ((want & 1u << pi) && placements[pi].pinned && !can_pin)
			msg_exit(MSG_EXIT_UNSUPPORTED, "placement %s: cannot pin processes to CPUs here",
				 placements[pi].name);
		else if ((want & 1u << pi) && placements[pi].spread && ncpus < 2)
			msg_exit(MSG_EXIT_UNSUPPORTED, "placement spread needs two CPUs; only CPU %s is available", buf);

	/* Unlinked at once: nothing is left even if the program is killed. */
	s.fd = tmp_file(NULL, path, sizeof(path));
	if (s.fd < 0)
		msg_sysdie("cannot create a temporary file in %s", tmp_dir(NULL));
	if (tmp_remove(path) != 0)
		msg_sysdie("%s", path);
	owner = getpid();
	signal(SIGTERM, on_signal), signal(SIGINT, on_signal), signal(SIGHUP, on_signal);
	signal(SIGCHLD, on_signal);
	atexit(stop);
	for (pi = 0; pi < HB_ARRAY_SIZE(placements); pi++) {
		const struct placement *p = &placements[pi];
		struct bench_case c;

		if (!(want & 1u << pi))
			continue;
		if (p->pinned && bench_pin(cpus, 1) != 0)
			msg_sysdie("cannot pin to CPU %d", cpus[0]);
		if (o.output == OUTPUT_RAW && !p->pinned)
			output_config(stdout, "placement", "unpinned");
		else if (o.output == OUTPUT_RAW)
			output_config(stdout, "placement", "%s, cpus %d,%d", p->name,
				      cpus[0], cpus[p->spread ? 1 : 0]);
		start(&s, p->pinned ? &cpus[p->spread ? 1 : 0] : NULL);
		snprintf(name, sizeof(name), "LatFcntl/placement=%s", p->name);
		memset(&c, 0, sizeof(c));
		c.name = name;
		c.loop = do_pingpong;
		c.arg = &s;
		if (bench_run(&o, &prog, &c) != 0)
			return MSG_EXIT_FAIL;
		stop();
		if (p->pinned && bench_pin(cpus, ncpus) != 0)
			msg_sysdie("cannot restore the CPU affinity");
	}
	return MSG_EXIT_OK;
}
