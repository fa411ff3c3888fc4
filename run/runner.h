/*
 * runner: the state of one hostbench run or ab, shared by the runner's
 * files.  One per process.
 */
#ifndef HB_RUN_RUNNER_H
#define HB_RUN_RUNNER_H

#include <signal.h>
#include <stdio.h>
#include <sys/types.h>

#include "busy.h"
#include "core/compat.h"
#include "profile.h"
#include "progress.h"
#include "suite.h"

#define RUN_MAX_TAGS 64

/* What the command line said (opts.c). */
struct settings {
	int ab;				/* hostbench ab (else run) */
	const struct profile *prof;
	const char *only, *skip, *note, *fsdir, *remote;
	const char *tag[RUN_MAX_TAGS];	/* "tag-KEY: VALUE" lines, without newline */
	unsigned ntags;
	const char *net_time, *tcp_window, *streams, *udp_size, *udp_rate;
	const char *confidence;		/* --confidence LEVEL,WIDTH: -I of the cases that sample */
	const char *box;		/* --box as given */
	const char *box_host;		/* HOST[:PORT] of the agent */
	long long budget;		/* seconds, -1: none */
	unsigned rounds;
	int rounds_given;
	const char *results_dir;
	const char *outfile;		/* -o */
	int quiet;
	int settle;			/* seconds, 0: no --settle */
	const char *state[2];		/* ab: --a, --b */
	const char *restore;		/* ab: --restore, else --a */
	const char *until;		/* ab: --until PCT as given, NULL: none */
	/* As given, for opts_parse: --profile, --rounds, --budget, --settle. */
	const char *profile_arg, *rounds_arg, *budget_arg, *settle_arg;
};

/* One side's temporary result file. */
struct side {
	char name;			/* 'r' (run), 'a', 'b' */
	char tmp[4096];			/* its path, "" before it is made */
	FILE *f;
};

struct runner {
	struct settings s;
	const char *libexec;		/* the programs */
	char *const *wrapper;		/* HOSTBENCH_WRAPPER split at blanks, NULL-ended */
	size_t nwrapper;
	char emulation[128];		/* the wrapper's command name, or "" */
	char shared[64];		/* "-N 3 -T 2ms" */
	char work[4096];		/* the scratch directory, "" before it is made */
	char dir[4096];			/* where results go, as given (for messages) */
	char dir_real[4096];		/* ... its real path */
	char host[256], platform[256];
	char tmpname[300];		/* ".HOST" or ".hostbench" */
	struct side side[2];		/* run / a, b */
	char partial[4096];		/* a file being copied to its final name */
	char unpublish[4096];		/* a published file to remove on failure */
	pid_t child;			/* the running program's process group, 0: none */
	int restore_armed;		/* ab: a state command has run */
	int restore_failed;
	struct suite suite;
	struct suite_cases cases;
	struct progress pr;
	long long start;
	unsigned ntotal, i, nok, nfailed, nunsupported, nskipped, nbudget, nimplausible,
		nnoisy, nrerun;
	unsigned look;
	const char *proc;		/* "/proc" */
};

extern struct runner R;

/* A string as an element of an argument vector (execv's char *const[],
 * which it does not change). */
static inline char *
run_arg(const char *s)
{
	union {
		const char *c;
		char *m;
	} u;

	u.c = s;
	return u.m;
}
/* The signal that asks the run to stop, 0: none. */
extern volatile sig_atomic_t run_signal;
/* The process group of the program running now (0: none), which a
 * signal to the run stops (run_watch_child). */
extern volatile sig_atomic_t run_child_group;
/* Watch child (a process group of its own, or 0 when it ends): a signal
 * to the run from now on stops it; one that came already does now. */
void run_watch_child(pid_t child);

/* The process that runs (its cleanup is done by it alone). */
void run_init(void);
/* handler (SIG_DFL, SIG_IGN, a function) for SIGINT, SIGTERM, SIGHUP
 * and SIGPIPE, the signals that stop a run; without SA_RESTART. */
void run_signals(void (*handler)(int));
/* Take SIGINT, SIGTERM, SIGHUP and SIGPIPE as requests to stop. */
void run_catch_signals(void);
/* Remove a directory tree (no link followed); errors are ignored. */
void run_remove_tree(const char *path);
/* Wait for the child pid; its exit status (128+n: killed by signal n).
 * With watch, it is the running child (R.child): a signal to the run
 * stops it, and the run stops once it is reaped. */
int run_wait(pid_t pid, int watch);
/* Write n zero bytes to fd: 0, or -1 (errno) when a write failed. */
int run_zeros(int fd, size_t n);
/* Messages: "hostbench: ..." on stderr. */
void run_warn(const char *fmt, ...) HB_PRINTF(1, 2);
HB_NORETURN void run_die(const char *fmt, ...) HB_PRINTF(1, 2);
/* TMPDIR is full: "no room in TMPDIR ('DIR') WHAT; set TMPDIR to ...", exit 1. */
HB_NORETURN void run_no_room(const char *what);
HB_NORETURN void run_usage_error(const char *fmt, ...) HB_PRINTF(1, 2);
/* Progress on stderr unless -q. */
void run_progress(const char *fmt, ...) HB_PRINTF(1, 2);
/* A signal arrived: clean up and die of it.  Returns when none did. */
void run_check_signal(void);
/* Remove what the run made, stop what it runs, put the machine back. */
void run_cleanup(void);

/* stale.c: remove what killed runs left in tmp (TMPDIR). */
void stale_clean(const char *tmp);

/* opts.c: parse run's or ab's options into R.s (exit 2 on bad usage). */
void opts_parse(struct settings *s, int ab, int remote, int argc, char **argv);
/* Print run's or ab's options (the usage's "Options of" section). */
void opts_usage(FILE *f, int ab);
/* The settings given for the cases (--remote-host .. --udp-rate, --confidence) as configuration lines, keyed by the options' names. */
void opts_record(FILE *f, const struct settings *s);

/* record.c */
/* The real path of dir once it is found safe (see record.c); exits 2. */
void record_safe_dir(const char *dir, const char *what, char *real, size_t len);
/* Make dir (mkdir -p) where record_safe_dir allows it; its real path. */
void record_safe_mkdir(const char *dir, const char *what, char *real, size_t len);
/* Whether gid is this user's own group (a user private group). */
int record_private_group(gid_t gid, const char *group_file, const char *passwd_file);
/* The host fingerprint (hostinfo's, else uname's), malloc'd. */
char *record_fingerprint(void);
/* Where a run with fingerprint fp publishes (sets R.dir ...). */
void record_place(const char *fp);
/* Publish file, a result made elsewhere (run --ssh), as a run's. */
void record_publish_file(const char *file, char *final, size_t len);
/* Make side k's temporary result file and write its header. */
void record_open_side(int k);
/* A line into side k's file ("%s\n"); a failed write ends the run. */
void record_put(int k, const char *fmt, ...) HB_PRINTF(2, 3);
/* Flush side k, ending the run when the write failed. */
void record_flush(int k);
/* Publish side k as dir/HOST.<n> (the first n free) or -o's name; the
 * published path (as given) into final. */
void record_publish(int k, char *final, size_t len);
/* Publish src (a finished file in dirfd) as name, never replacing one:
 * 0, -1 with errno EEXIST when the name is taken, -1 on another error. */
int record_link(int dirfd, const char *src, const char *name, char *partial, size_t plen);

/* case.c */
/* Run the case c (its number in the run i), recording it in side k. */
void case_run(int k, const struct suite_case *c);

/* Whether PROG takes -I (--confidence reaches its cases); 0 for those that refuse it. */
int case_takes_precision(const char *prog);
/* Spawn argv with out and err files; its exit status (128+n: signal n).
 * With group, in a process group of its own, stopped with everything it
 * started when the run is stopped. */
int case_spawn(char *const *argv, const char *out, const char *err, int use_wrapper);
/* Whether path is a script ("#!"): it runs by its interpreter, never
 * through the wrapper. */
int case_is_script(const char *path);
/* The same for a command line as given (argv[0] found in PATH). */
int case_exec(char *const *argv, const char *out, const char *err);
/* The last line of a program's stderr file, without control characters. */
void case_last_line(const char *path, char *buf, size_t len);
/* Stop the running child's process group (TERM, then KILL). */
void case_stop_child(void);

/* ab.c */
/* The side (0 A, 1 B) of slot j (0, 1) of round k (1 ...): A B in odd
 * rounds, B A in even ones (A B B A A B ...). */
int ab_order(unsigned k, unsigned j);
/* sh -c cmd, its output (stdout and stderr) into out; its exit status.
 * With group, in a session of its own, stopped with the run. */
int ab_shell(const char *cmd, const char *out, int group);
/* A file's lines on stderr, each indented by two blanks. */
void ab_show_indented(const char *path);
void ab_set_state(int side);
void ab_restore(void);
/* After a pair of rounds with --until: 0 decided, 1 not, 2 the tool
 * cannot say. */
int ab_decided(unsigned rounds_done);

#endif
