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
#include <unistd.h>

#include "bench.h"
#include "msg.h"
#include "parse.h"
#include "place.h"

struct state {
	int semid;
	struct sembuf ops[2];	/* the parent's: take 1, give 0 */
};

/* The set, for the handlers: -1 when there is none (or it is going). */
static volatile sig_atomic_t semid = -1, died;
static pid_t owner;
static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };

/* Remove the set (which ends the child's wait), then kill the child. */
static void
stop(void)
{
	int id = semid;

	if (getpid() != owner)
		return;
	semid = -1;
	if (id >= 0)
		semctl(id, 0, IPC_RMID);
	place_kill_children();
}

static void
on_signal(int sig)
{
	int saved = errno;

	if (sig == SIGCHLD) {	/* the partner died: EIDRM ends the parent's wait */
		if (semid >= 0)
			died = 1, semctl(semid, 0, IPC_RMID);
	} else {		/* after place's handler has killed the child */
		stop();
		signal(sig, SIG_DFL);
		raise(sig);
	}
	errno = saved;
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
start(struct state *s, const struct place *pl, enum place_kind k)
{
	struct sembuf give1, child_ops[2];
	pid_t pid;

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
	if ((pid = place_fork(pl, k, 1)) < 0)
		msg_sysdie("fork");
	if (pid == 0)
		for (;;)
			if (semop(s->semid, child_ops, 2) != 0 && errno != EINTR)
				_exit(errno == EIDRM || errno == EINVAL ? 0 : 1);
	/* One round trip: the child has started and pinned itself. */
	if (do_pingpong(s, 2) != 0)
		msg_sysdie("semop");
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
	.name = "lat_sem",
	.args = "",
	.summary = "lat_sem: System V semaphore round trip between two processes, in ns",
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
	char name[64], err[PARSE_ERRLEN];
	size_t nk, ki;

	bench_init(&o, &prog, argc, argv);
	if (o.parallel > 1)
		bench_usage_error(&prog, "-P: value '%u' is not supported: copies would share one partner; allowed: 1",
				  o.parallel);
	if (place_init(&pl, want, err, sizeof(err)) != 0)
		msg_exit(MSG_EXIT_UNSUPPORTED, "%s", err);
	nk = place_list(&pl, kinds, PLACE_COUNT);
	/* Before place_fork, whose handlers kill the child and then call these. */
	owner = getpid();
	for (ki = 0; ki < HB_ARRAY_SIZE(sigs); ki++)
		if (signal(sigs[ki], on_signal) == SIG_IGN)	/* nohup: leave it */
			signal(sigs[ki], SIG_IGN);
	signal(SIGCHLD, on_signal);
	atexit(stop);
	for (ki = 0; ki < nk; ki++) {
		struct bench_case c;

		if (place_pin(&pl, kinds[ki], 0) != 0)
			msg_sysdie("cannot pin to CPU %d", pl.cpus[0]);
		if (o.output == OUTPUT_RAW) {
			bench_print_config(&o, &prog);
			place_print_config(stdout, &pl, kinds[ki]);
		}
		start(&s, &pl, kinds[ki]);
		snprintf(name, sizeof(name), "LatSem/%s", place_name_part(kinds[ki]));
		memset(&c, 0, sizeof(c));
		c.name = name;
		c.loop = do_pingpong;
		c.arg = &s;
		if (bench_run(&o, &prog, &c) != 0)
			return MSG_EXIT_FAIL;
		stop();
		if (place_restore(&pl) != 0)
			msg_sysdie("cannot restore the CPU affinity");
	}
	return MSG_EXIT_OK;
}
