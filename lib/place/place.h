/*
 * place: where the processes of a two-or-more-process benchmark run.
 *
 * A wake-up that crosses CPUs can cost 20x one that stays on a CPU, so
 * every benchmark whose processes hand work to each other (pipes,
 * sockets, semaphores, context switches, loopback TCP/UDP) runs under an
 * explicit placement and records it:
 *
 *   one       every process on the first CPU this process may use
 *   spread    process i on allowed CPU i mod n (process 0 is the parent)
 *   unpinned  wherever the scheduler puts them
 *
 * A program's -p option takes one|spread|both|unpinned ("both" = one
 * then spread).  The default is both where pinning works and 2+ CPUs are
 * allowed, one where pinning works on a single CPU, and unpinned where
 * the system cannot pin.  The allowed CPUs are those of the process when
 * place_init runs, so run it after bench_init (which applies -c).
 *
 * Typical use (what place_main in place_main.h does for a program):
 *
 *     struct place pl;
 *     enum place_kind k[PLACE_COUNT];
 *     size_t i, n;
 *
 *     (-p handler: place_parse("-p", arg, &mask, err, sizeof(err)))
 *     bench_init(...);
 *     if (place_init(&pl, mask, err, sizeof(err)) != 0)
 *             msg_exit(MSG_EXIT_UNSUPPORTED, "%s", err);
 *     n = place_list(&pl, k, PLACE_COUNT);
 *     for (i = 0; i < n; i++) {
 *             place_pin(&pl, k[i], 0);            the parent: process 0
 *             place_print_config(stdout, &pl, k[i]);   raw mode only
 *             pid = place_fork(&pl, k[i], 1);   the child is pinned as process 1
 *             if (pid == 0) { partner loop; _exit(0); }
 *             snprintf(name, ..., "LatPipe/%s", place_name_part(k[i]));
 *             ... bench_run ...;
 *             place_kill_children();
 *             place_restore(&pl);
 *     }
 *
 * Everything but place_init, place_pin, place_restore,
 * place_print_config, place_fork and place_kill_children is a pure
 * function of its arguments (no I/O), so it is tested in
 * tests/lib/place-t.c with made-up CPU lists.
 */
#ifndef HB_PLACE_H
#define HB_PLACE_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#include "driver/bench.h"

/* The placements, in the order they run. */
enum place_kind {
	PLACE_ONE,
	PLACE_SPREAD,
	PLACE_UNPINNED,
	PLACE_COUNT
};

/* A mask of placements to run: bit PLACE_x set means run x. */
#define PLACE_BIT(k) (1u << (k))
#define PLACE_BOTH (PLACE_BIT(PLACE_ONE) | PLACE_BIT(PLACE_SPREAD))

/* The allowed CPUs and the placements asked for. */
struct place {
	size_t ncpus;			/* allowed CPUs (0: unknown) */
	int cpus[BENCH_MAX_CPUS];	/* ascending */
	int can_pin;			/* 1: pinning works here */
	unsigned mask;			/* PLACE_BIT()s to run, never 0 after setup */
};

/*
 * After a pinned placement k's case (its children killed, so that their
 * figures are counted): when its processes waited for a CPU more than
 * NOISE_CONTENDED of the time they wanted one since *before (a
 * noise_read as the placement began) while others used more than
 * NOISE_BESIDE of the CPUs (where that is unknown, waited more than
 * NOISE_CONTENDED_ALONE), say so as a run note on f, in raw mode:
 *
 *   # placement-busy: one, cpu 0: its processes waited for a CPU 81% of
 *     the time they wanted one (above 25%): other work on its CPUs
 *
 * (one line), so that a pinned figure far below an unpinned one is
 * explained where it stands.  Nothing for an unpinned placement (the
 * scheduler could move them), nor where the wait is unknown.
 */
struct noise_self;
void place_note_busy(FILE *f, const struct place *p, enum place_kind k,
		     const struct noise_self *before);

/* What -p takes, for the help of a row of an option table. */
#define PLACE_HELP "one, spread, both (default with 2+ CPUs) or unpinned"

/* "one", "spread" or "unpinned"; "?" for anything else. */
const char *place_name(enum place_kind k);

/*
 * The result-name part "placement=one" (a static string); "placement=?"
 * for anything else.
 */
const char *place_name_part(enum place_kind k);

/*
 * Parse a -p value: "one", "spread", "unpinned" or "both".  Stores the
 * mask and returns 0, or writes a message naming opt, the value and the
 * allowed values into err (like parse.h) and returns -1, leaving *mask
 * unchanged.
 */
int place_parse(const char *opt, const char *s, unsigned *mask,
		char *err, size_t errlen);

/*
 * The default mask: PLACE_BOTH when can_pin and ncpus >= 2, one when
 * can_pin and ncpus < 2, unpinned when !can_pin.
 */
unsigned place_default(int can_pin, size_t ncpus);

/*
 * Fill *p from an allowed-CPU list (cpus ascending, n <= BENCH_MAX_CPUS)
 * and whether pinning works, and check mask (0: the default) against
 * them.  Returns 0, or -1 with a one-line reason in err when a
 * placement asked for is impossible here (the caller exits 77): one or
 * spread without pinning, spread with fewer than two CPUs.
 */
int place_setup(struct place *p, const int *cpus, size_t n, int can_pin,
		unsigned mask, char *err, size_t errlen);

/*
 * place_setup with this process's allowed CPUs (after -c) and a probe
 * that pinning works (pinning to the whole allowed set, a no-op).
 * Returns 0, or -1 with the reason in err (the caller exits 77).
 */
int place_init(struct place *p, unsigned mask, char *err, size_t errlen);

/* Store the placements to run, in order, into kinds (max entries); return how many. */
size_t place_list(const struct place *p, enum place_kind *kinds, size_t max);

/*
 * The CPU on which process idx runs under k: cpus[0] for one,
 * cpus[idx % n] for spread, -1 for unpinned (or when n is 0).
 */
int place_cpu(enum place_kind k, const int *cpus, size_t n, unsigned idx);

/*
 * Pin the calling process (thread, on Linux) as process idx under k; a
 * no-op for unpinned.  Returns 0, or -1 with errno set.
 */
int place_pin(const struct place *p, enum place_kind k, unsigned idx);

/*
 * Give the calling process all its allowed CPUs back (after a pinned
 * placement).  Returns 0, or -1 with errno set; a no-op without pinning.
 */
int place_restore(const struct place *p);

/*
 * Describe k into buf, for the placement configuration line:
 * "one, cpu 0", "spread, cpus 0-1 round-robin", "unpinned, cpus 0-3".
 * Returns buf.
 */
char *place_describe(const struct place *p, enum place_kind k,
		     char *buf, size_t len);

/* Print the configuration line "placement: <place_describe>". */
void place_print_config(FILE *f, const struct place *p, enum place_kind k);

/*
 * Partner processes.  place_fork starts process idx (>= 1; the caller is
 * process 0) of placement k and keeps its pid so that it never outlives
 * the caller: place_kill_children, exit() and SIGINT/SIGTERM/SIGHUP kill
 * and reap it.  The signal handler kills and reaps the children, then
 * re-raises the signal to the handler that was there before (tmp.h's,
 * which removes temporary files and dies), so call place_fork after
 * creating temporary files.
 *
 * In the child: SIGINT, SIGTERM and SIGHUP get their default action, the
 * child dies with its parent (PR_SET_PDEATHSIG on Linux, elsewhere a
 * check each second; a child should also end on EOF or EPIPE from its
 * parent), it is pinned per k (on failure it prints why and _exits 1),
 * and place_fork returns 0.  The child should end with _exit.
 *
 * In the parent: returns the child's pid, or -1 with errno set (fork
 * failed, or PLACE_MAX_CHILDREN are running).  Flush stdio first.
 */
#define PLACE_MAX_CHILDREN 1024
pid_t place_fork(const struct place *p, enum place_kind k, unsigned idx);

/*
 * Kill (SIGKILL) and reap every child this process made with place_fork.
 * Safe in a signal handler and at exit; a no-op in a child.
 */
void place_kill_children(void);

#endif
