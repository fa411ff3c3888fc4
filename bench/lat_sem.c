/*
 * lat_sem: System V semaphore ping-pong between two processes, in ns per
 * round trip.
 *
 * One iteration is one round trip: the parent's semop takes semaphore 1
 * and gives 0 in one call, the child's takes 0 and gives 1, so each waits
 * for the other once (lmbench's lat_sem reported half of this).  The set
 * and the child are made, pinned (both on one CPU, or on two) and removed
 * outside the timing, once per placement.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/sem.h>
#include <unistd.h>

#include "core/msg.h"
#include "driver/bench.h"
#include "place/place_main.h"

struct state {
	int semid;
	struct sembuf ops[2];	/* the parent's: take 1, give 0 */
	struct sembuf child_ops[2];	/* the child's: take 0, give 1 */
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

/* Once, before place_fork, whose handlers kill the child and then call these. */
static void
setup(void *arg, const struct bench_opts *o, struct place_case *c)
{
	size_t i;

	(void)arg, (void)o, (void)c;
	owner = getpid();
	for (i = 0; i < HB_ARRAY_SIZE(sigs); i++)
		if (signal(sigs[i], on_signal) == SIG_IGN)	/* nohup: leave it */
			signal(sigs[i], SIG_IGN);
	signal(SIGCHLD, on_signal);
	atexit(stop);
}

static void
open_set(void *arg)
{
	struct state *s = arg;
	struct sembuf give1;

	s->semid = semget(IPC_PRIVATE, 2, IPC_CREAT | IPC_EXCL | 0600);
	if (s->semid < 0 && errno == ENOSYS)
		msg_exit(MSG_EXIT_UNSUPPORTED, "System V semaphores are not available: %s",
			 strerror(errno));
	if (s->semid < 0)
		msg_sysdie("semget");
	semid = s->semid;
	sem_op(&give1, 1, 1);
	sem_op(&s->child_ops[0], 0, -1), sem_op(&s->child_ops[1], 1, 1);
	sem_op(&s->ops[0], 1, -1), sem_op(&s->ops[1], 0, 1);
	/* Semaphore 1 starts at 1: the parent's first call goes through. */
	if (semop(s->semid, &give1, 1) != 0) {
		if (errno == ENOSYS)
			msg_exit(MSG_EXIT_UNSUPPORTED, "semop is not available: %s", strerror(errno));
		msg_sysdie("semop");
	}
	died = 0;
}

static HB_NORETURN void
partner(void *arg, unsigned idx)
{
	struct state *s = arg;

	(void)idx;
	for (;;)
		if (semop(s->semid, s->child_ops, 2) != 0 && errno != EINTR)
			_exit(errno == EIDRM || errno == EINVAL ? 0 : 1);
}

static void
ready(void *arg)
{
	/* One round trip: the child has started and pinned itself. */
	if (do_pingpong(arg, 2) != 0)
		msg_sysdie("semop");
}

static void
close_set(void *arg)
{
	(void)arg;
	stop();
}

static const struct bench_opt opts[] = {
	PLACE_OPT,
};

static const struct bench_prog prog = {
	.name = "lat_sem",
	.summary = "lat_sem: System V semaphore round trip between two processes, in ns",
	PLACE_BENCH_FIELDS,
	.opts = opts,
	.nopts = HB_ARRAY_SIZE(opts),
};

static struct state state;

static const struct place_prog pp = {
	.bench = &prog,
	.name = "LatSem",
	.keep_sigpipe = 1,
	.config_pinned = 1,
	.arg = &state,
	.setup = setup,
	.open = open_set,
	.partner = partner,
	.ready = ready,
	.loop = do_pingpong,
	.close = close_set,
};

int
main(int argc, char **argv)
{
	return place_run(&pp, argc, argv);
}
