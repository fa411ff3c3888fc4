/*
 * place_main: the driver of the benchmarks whose processes hand work to
 * each other on this host (lat_pipe, lat_fifo, lat_unix,
 * lat_unix_connect, lat_sem, lat_fcntl, bw_pipe, bw_unix, lat_ctx); the
 * client-server programs have sock_main instead.
 *
 * A program declares what differs (its channels, its partner's loop, its
 * timed loop, its names) in a const struct place_prog, puts PLACE_OPT (-p)
 * in its option table and max_parallel = 1 with why_parallel in its
 * bench_prog (copies would share a partner; PLACE_BENCH_FIELDS says that
 * for a program without operands), and ends main with
 *
 *     bench_init(&o, &prog, argc, argv);
 *     return place_main(&pp, &o);
 *
 * or, when it takes no positional argument to handle in between, with
 * `return place_run(&pp, argc, argv);`.
 *
 * place_main then does what every such program does:
 *
 *   - asks pp->next for every case (it may exit 2 for a bad argument);
 *   - place_init with the -p choice (exit 77 when it is impossible here);
 *   - pp->setup once; ignores SIGPIPE unless pp->keep_sigpipe; prints
 *     the run's configuration (raw mode) unless pp->config_pinned;
 *   - for each case, for each placement: pin itself as process 0, print
 *     the configuration (raw mode), pp->open, fork pp->partners partner
 *     processes (place_fork, pinned as processes 1..partners) that run
 *     pp->partner, pp->ready, bench_run the case named
 *     "<name>/placement=<kind>", pp->close, kill the partners, unpin.
 *
 * Hooks die (msg_die, msg_sysdie) on failure; a failed bench_run ends
 * the program with exit 1 (the partners are killed at exit).
 */
#ifndef HB_PLACE_MAIN_H
#define HB_PLACE_MAIN_H

#include <stddef.h>
#include <sys/types.h>

#include "core/output.h"
#include "core/timing.h"
#include "driver/bench.h"
#include "place/place.h"

/* What one case needs that may be known only at run time. */
struct place_case {
	/* The result name before "/placement=...": "LatUnix/msg=16K"; room for that part. */
	char name[OUTPUT_MAX_NAME - 24];
	unsigned partners;		/* processes forked per placement */
	double bytes_per_op;		/* 0: a latency in ns/op; > 0: a bandwidth in MB/s */
	uint64_t ops_per_iter;		/* as struct bench_case's (0: one) */
};

/* What a program tells the driver; every hook gets arg first. */
struct place_prog {
	const struct bench_prog *bench;
	const char *name;		/* the default case name: "LatPipe" */
	unsigned partners;		/* the default partners (0: 1) */
	int keep_sigpipe;		/* 0: ignore SIGPIPE, a dead partner is EPIPE */
	/*
	 * 1: the run's configuration lines wait for the first placement's
	 * pinning, so cpu-affinity shows that CPU (lat_sem, lat_fcntl and
	 * lat_ctx always printed it so; their result files keep it).
	 */
	int config_pinned;
	void *arg;
	/*
	 * Optional: once, after place_init and before any case: buffers,
	 * temporary files, signal handlers, extra configuration lines.  May
	 * change the cases' defaults in *c (a name with the message size).
	 */
	void (*setup)(void *arg, const struct bench_opts *o, struct place_case *c);
	/*
	 * Optional: fill case i (from the defaults in *c) and return 1, or
	 * return 0 when there is no case i.  Called for every case before
	 * place_init, to check the arguments (exit 2 before exit 77), and
	 * again before each case runs.  NULL: one case, the defaults.
	 */
	int (*next)(void *arg, size_t i, struct place_case *c);
	/* Optional: before the partners are forked (the channels). */
	void (*open)(void *arg);
	/* In partner idx (1..partners), pinned: never returns (_exit). */
	void (*partner)(void *arg, unsigned idx);
	/* Optional: after the forks (close the partners' ends, an untimed first exchange). */
	void (*ready)(void *arg);
	timing_loop_fn loop;		/* the timed loop */
	timing_loop_fn overhead;	/* optional: subtracted, as bench_case's */
	/* Optional: after the samples, before the partners are killed. */
	void (*close)(void *arg);
};

/*
 * For the channels between the processes: move exactly n bytes from buf
 * to fd (out) or from fd into buf (!out); a short transfer or EINTR
 * goes on.  Returns 0, or -1 with errno set (EPIPE for EOF).
 */
int place_move(int fd, void *buf, size_t n, int out);

/*
 * The then() of -p (one|spread|both|unpinned): stores the choice for
 * place_main, or exits 2 naming the value and the allowed ones.
 */
void place_opt_then(const struct bench_prog *p, int letter, const char *arg, void *ctx);

/*
 * The fields of struct bench_prog that the programs without operands
 * whose copies would share one partner have alike.
 */
#define PLACE_BENCH_FIELDS \
	.args = "", \
	.min_args = 0, \
	.max_args = 0, \
	.max_parallel = 1, \
	.why_parallel = "copies would share one partner"

/* -p as a row of a program's option table. */
#define PLACE_OPT \
	{ 'p', BENCH_OPT_CALL, "where", 0, 0, 0, NULL, 0, PLACE_HELP, place_opt_then, NULL }

/*
 * Run every case of pp in every placement (see above) and return the
 * exit status: 0, or 1 when a case failed (printed).  Exits 2 for bad
 * arguments (pp->next), 77 when a placement asked for is
 * impossible here, 1 when a hook or the pinning fails.
 */
int place_main(const struct place_prog *pp, const struct bench_opts *o);

/*
 * The whole main of a program with no positional argument of its own:
 * the command line parsed by bench_init into pp->bench's options (exits
 * 0 after -h or -V, 2 on a usage error), then place_main; returns its
 * status.  Inline so that its call of bench_init is compiled with the
 * program, as the argv fuzz target (tests/fuzz/argv.c) needs: it renames
 * each program's bench_init to stop once the command line is parsed.
 */
static inline int
place_run(const struct place_prog *pp, int argc, char **argv)
{
	struct bench_opts o;

	bench_init(&o, pp->bench, argc, argv);
	return place_main(pp, &o);
}

#endif
