/*
 * lat_sem: System V semaphore ping-pong between two processes, in ns per
 * round trip.
 *
 * One iteration is one round trip: the parent's semop takes semaphore 1
 * and gives 0 in one call, the child's takes 0 and gives 1, so each waits
 * for the other once (lmbench's lat_sem reported half of this).  The set
 * and the child are made, pinned (both on one CPU, or on two) and removed
 * outside the timing, once per placement.
 *
 * usage: lat_sem [options] [-p one|spread|both|unpinned]
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/sem.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "bench.h"
#include "msg.h"
#include "parse.h"
#include "sysinfo.h"

struct state {
	int semid;
	struct sembuf ops[2];	/* the parent's: take 1, give 0 */
};

static volatile sig_atomic_t semid = -1, died;
static pid_t owner, kid;

static void
stop(void)
{
	if (getpid() != owner)
		return;
	if (semid >= 0)
		semctl(semid, 0, IPC_RMID);
	semid = -1;
	if (kid > 0)
		kill(kid, SIGKILL), waitpid(kid, NULL, 0);
	kid = 0;
}

static void
on_signal(int sig)
{
	int saved = errno;

	if (sig == SIGCHLD) {	/* the partner died: EIDRM ends the parent's wait */
		if (getpid() == owner && semid >= 0 && kid > 0)
			died = 1, semctl(semid, 0, IPC_RMID);
	} else if (sig == SIGALRM) {	/* a child without a death signal */
		if (getppid() != owner)
			_exit(1);
		alarm(1);
	} else {
		stop();
		signal(sig, SIG_DFL);
		raise(sig);
	}
	errno = saved;
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

/* POSIX does not fix the order of struct sembuf's fields. */
static void
sem_op(struct sembuf *op, unsigned short num, short delta)
{
	memset(op, 0, sizeof(*op));
	op->sem_num = num;
	op->sem_op = delta;
}

static int
do_pingpong(void *arg, uint64_t n)
{
	struct state *s = arg;

	while (n-- > 0)
		while (semop(s->semid, s->ops, 2) != 0)
			if (errno != EINTR || died) {
				if (died)
					msg_warn("the partner process died"), errno = ECHILD;
				return -1;
			}
	return 0;
}

static void
start(struct state *s, const int *cpu)
{
	struct sembuf give1, child_ops[2];

	s->semid = semget(IPC_PRIVATE, 2, IPC_CREAT | IPC_EXCL | 0600);
	if (s->semid < 0 && errno == ENOSYS)
		msg_exit(MSG_EXIT_UNSUPPORTED, "System V semaphores are not available: %s",
			 strerror(errno));
	if (s->semid < 0)
		msg_sysdie("semget");
	semid = s->semid;
	sem_op(&give1, 1, 1);
	sem_op(&child_ops[0], 0, -1), sem_op(&child_ops[1], 1, 1);
	sem_op(&s->ops[0], 1, -1), sem_op(&s->ops[1], 0, 1);
	/* Semaphore 1 starts at 1: the parent's first call goes through. */
	if (semop(s->semid, &give1, 1) != 0) {
		if (errno == ENOSYS)
			msg_exit(MSG_EXIT_UNSUPPORTED, "semop is not available: %s", strerror(errno));
		msg_sysdie("semop");
	}
	fflush(NULL);
	died = 0;
	if ((kid = fork()) < 0)
		msg_sysdie("fork");
	if (kid == 0) {
		child_guard();
		if (cpu != NULL && bench_pin(cpu, 1) != 0)
			msg_syswarn("cannot pin the child to CPU %d", *cpu), _exit(1);
		for (;;)
			if (semop(s->semid, child_ops, 2) != 0 && errno != EINTR)
				_exit(errno == EIDRM || errno == EINVAL ? 0 : 1);
	}
	/* One round trip: the child has started and pinned itself. */
	if (do_pingpong(s, 2) != 0)
		msg_sysdie("semop");
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
	.name = "lat_sem",
	.args = "",
	.summary = "lat_sem: System V semaphore round trip between two processes, in ns",
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
	char buf[OUTPUT_MAX_VALUE], name[64], err[PARSE_ERRLEN];
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
		snprintf(name, sizeof(name), "LatSem/placement=%s", p->name);
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
