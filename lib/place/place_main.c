/*
 * place_main: the driver of the benchmarks whose processes hand work to
 * each other.  See place_main.h.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/msg.h"
#include "core/parse.h"
#include "driver/bench.h"
#include "driver/noise.h"
#include "place/place.h"
#include "place/place_main.h"

/* -p; 0: the default.  One program per process, as for bench_init. */
static unsigned mask;

void
place_opt_then(const struct bench_prog *p, int letter, const char *arg, void *ctx)
{
	char err[PARSE_ERRLEN];

	(void)letter, (void)ctx;
	if (place_parse("-p", arg, &mask, err, sizeof(err)) != 0)
		bench_usage_error(p, "%s", err);
}

int
place_move(int fd, void *p, size_t n, int out)
{
	char *buf = p;

	while (n > 0) {
		ssize_t got = out ? write(fd, buf, n) : read(fd, buf, n);

		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0) {
			if (got == 0)
				errno = EPIPE;
			return -1;
		}
		buf += got, n -= (size_t)got;
	}
	return 0;
}

/* Case c in placement k: 0, or -1 when bench_run failed (printed). */
static int
run(const struct place_prog *pp, const struct bench_opts *o, const struct place *pl,
    enum place_kind k, const struct place_case *pc)
{
	struct bench_case c;
	struct noise_self before;
	char name[OUTPUT_MAX_NAME];
	unsigned idx;

	if (noise_read(&before) != 0)
		before.run_ms = -1;
	if (place_pin(pl, k, 0) != 0)
		msg_sysdie("cannot pin to CPU %d", pl->cpus[0]);
	if (o->output == OUTPUT_RAW) {
		bench_print_config(o, pp->bench);
		place_print_config(stdout, pl, k);
	}
	if (pp->open != NULL)
		pp->open(pp->arg);
	/* Nothing buffered is written twice, by a partner too. */
	fflush(NULL);
	for (idx = 1; idx <= pc->partners; idx++) {
		pid_t pid = place_fork(pl, k, idx);

		if (pid < 0)
			msg_sysdie("fork");
		if (pid == 0) {
			pp->partner(pp->arg, idx);
			_exit(1);
		}
	}
	if (pp->ready != NULL)
		pp->ready(pp->arg);
	snprintf(name, sizeof(name), "%s/%s", pc->name, place_name_part(k));
	memset(&c, 0, sizeof(c));
	c.name = name;
	c.loop = pp->loop;
	c.overhead = pp->overhead;
	c.arg = pp->arg;
	c.bytes_per_op = pc->bytes_per_op;
	c.ops_per_iter = pc->ops_per_iter;
	if (bench_run(o, pp->bench, &c) != 0)
		return -1;
	if (pp->close != NULL)
		pp->close(pp->arg);
	place_kill_children();
	if (o->output == OUTPUT_RAW)
		place_note_busy(stdout, pl, k, &before);
	if (place_restore(pl) != 0)
		msg_sysdie("cannot restore the CPU affinity");
	return 0;
}

int
place_main(const struct place_prog *pp, const struct bench_opts *o)
{
	static struct place pl;
	struct place_case dflt, c;
	enum place_kind kinds[PLACE_COUNT];
	char err[PARSE_ERRLEN];
	size_t i, ci, nk;

	memset(&dflt, 0, sizeof(dflt));
	snprintf(dflt.name, sizeof(dflt.name), "%s", pp->name);
	dflt.partners = pp->partners > 0 ? pp->partners : 1;
	/* Every case's arguments are checked before anything runs. */
	for (ci = 0; pp->next != NULL; ci++) {
		c = dflt;
		if (!pp->next(pp->arg, ci, &c))
			break;
	}
	if (place_init(&pl, mask, err, sizeof(err)) != 0)
		msg_exit(MSG_EXIT_UNSUPPORTED, "%s", err);
	if (pp->setup != NULL)
		pp->setup(pp->arg, o, &dflt);
	/* A dead partner is EPIPE on write, not a signal that kills us. */
	if (!pp->keep_sigpipe)
		signal(SIGPIPE, SIG_IGN);
	if (!pp->config_pinned)
		bench_print_config(o, pp->bench);
	nk = place_list(&pl, kinds, PLACE_COUNT);
	for (ci = 0;; ci++) {
		c = dflt;
		if (pp->next != NULL ? !pp->next(pp->arg, ci, &c) : ci > 0)
			break;
		for (i = 0; i < nk; i++)
			if (run(pp, o, &pl, kinds[i], &c) != 0)
				return MSG_EXIT_FAIL;
	}
	return bench_exit_code(MSG_EXIT_OK);
}
