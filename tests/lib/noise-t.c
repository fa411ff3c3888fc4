/*
 * noise-t: reading se.nr_migrations out of /proc/PID/sched text, the
 * noise-self line's format, counts that only grow (a reaped child's
 * time counts), and the exit line: once, from the process that started
 * counting, in raw mode only, into a file it wrote to; a child's wait
 * for a CPU counted (the texts' parsers are runclock's: runclock-t).
 */
#include "config.h"

#include <fcntl.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/timing.h"
#include "driver/noise.h"
#include "tap/basic.h"

static const char sched[] =
	"cat (4409, #threads: 1)\n"
	"-------------------------------------------------------------------\n"
	"se.exec_start                                :      11881800.508778\n"
	"se.nr_migrations                             :                   42\n"
	"nr_switches                                  :                    0\n";

/*
 * Run "noise_start(mode); print first; fork a child that exits; exit" in
 * a child of its own with stdout into a file (into a pipe when pipe_out),
 * and read what it printed into buf.
 */
static void
exit_output(enum output_mode mode, const char *first, int pipe_out, char *buf, size_t len)
{
	char path[] = "/tmp/noise-t.XXXXXX";
	int fd[2], status;
	pid_t pid;
	size_t n = 0;
	ssize_t r;

	buf[0] = '\0';
	if (pipe_out) {
		if (pipe(fd) != 0)
			bail("pipe");
	} else {
		if ((fd[1] = mkstemp(path)) < 0 || (fd[0] = open(path, O_RDONLY)) < 0)
			bail("mkstemp");
		unlink(path);
	}
	fflush(stdout);
	if ((pid = fork()) < 0)
		bail("fork");
	if (pid == 0) {
		pid_t kid;

		close(fd[0]);
		if (dup2(fd[1], STDOUT_FILENO) < 0)
			_exit(1);
		noise_start(mode);
		fputs(first, stdout);
		/* A forked child's exit runs the hook it inherits: silent. */
		if ((kid = fork()) == 0)
			exit(0);
		if (kid > 0)
			waitpid(kid, NULL, 0);
		exit(0);
	}
	close(fd[1]);
	if (!pipe_out)
		waitpid(pid, &status, 0);
	while (n + 1 < len && (r = read(fd[0], buf + n, len - n - 1)) > 0)
		n += (size_t)r;
	buf[n] = '\0';
	close(fd[0]);
	if (pipe_out)
		waitpid(pid, &status, 0);
}

/* Spin for ms of wall time. */
static void
spin(unsigned ms)
{
	uint64_t end = timing_now() + (uint64_t)ms * 1000000u;

	while (timing_now() < end)
		;
}

/* Pin this process to its first allowed CPU; 0, or -1. */
static int
pin_first(void)
{
#ifdef __linux__
	cpu_set_t set, one;
	size_t i;

	if (sched_getaffinity(0, sizeof(set), &set) != 0)
		return -1;
	for (i = 0; i < (size_t)CPU_SETSIZE; i++)
		if (CPU_ISSET(i, &set)) {
			CPU_ZERO(&one);
			CPU_SET(i, &one);
			return sched_setaffinity(0, sizeof(one), &one);
		}
#endif
	return -1;
}

int
main(void)
{
	struct noise_self s, t;
	char line[256], out[512];
	long long nmig, nlines;
	const char *p;
	pid_t pid;
	int schedstat;

	plan(36);

	is_int(42, noise_sched_migrations(sched), "se.nr_migrations is read from its line");
	is_int(-1, noise_sched_migrations("se.nr_migrations_x : 3\n"), "a longer key is not it");
	is_int(-1, noise_sched_migrations("x se.nr_migrations : 3\n"), "nor a key inside a line");
	is_int(-1, noise_sched_migrations("se.nr_migrations : -3\n"), "a negative count is refused");
	is_int(-1, noise_sched_migrations(""), "no line: unknown");

	s.nivcsw = 40;
	s.nvcsw = 7;
	s.children_csw = 5;
	s.migrations = 3;
	s.wall_ms = 1234.4;
	s.run_ms = s.wait_ms = s.stall_ms = s.steal_ms = s.others_ms = -1;
	s.cpus = 0;
	is_int((long long)strlen("# noise-self: nivcsw=40 nvcsw=7 children-csw=5 migrations=3 wall-ms=1234\n"), noise_format(line, sizeof(line), &s), "the line's length is returned");
	is_string("# noise-self: nivcsw=40 nvcsw=7 children-csw=5 migrations=3 wall-ms=1234\n", line, "the line reads");
	s.migrations = -1;
	noise_format(line, sizeof(line), &s);
	is_string("# noise-self: nivcsw=40 nvcsw=7 children-csw=5 wall-ms=1234\n", line, "unknown migrations are left out");
	ok(noise_format(line, 10, &s) == -1 && line[0] == '\0', "a short buffer holds no partial line");
	s.run_ms = 812.25;
	s.wait_ms = 30.04;
	s.stall_ms = 41;
	s.steal_ms = 0;
	noise_format(line, sizeof(line), &s);
	is_string("# noise-self: nivcsw=40 nvcsw=7 children-csw=5 wall-ms=1234 run-ms=812.2 wait-ms=30.0"
		  " stall-ms=41.0 steal-ms=0.0\n", line, "the contention figures follow, in tenths of ms");
	s.others_ms = 310.4;
	s.cpus = 2;
	noise_format(line, sizeof(line), &s);
	is_string("# noise-self: nivcsw=40 nvcsw=7 children-csw=5 wall-ms=1234 run-ms=812.2 wait-ms=30.0"
		  " stall-ms=41.0 steal-ms=0.0 others-ms=310 cpus=2\n", line, "... and others' time on its CPUs");
	s.wall_ms = 7.2;
	noise_format(line, sizeof(line), &s);
	is_string("# noise-self: nivcsw=40 nvcsw=7 children-csw=5 wall-ms=7 run-ms=812.2 wait-ms=30.0"
		  " stall-ms=41.0 steal-ms=0.0\n", line,
		  "... but not over a window of fewer ticks than NOISE_OTHERS_MIN_TICKS: unknown there");
	s.wall_ms = 1234.4;
	s.wait_ms = -1;
	s.stall_ms = -1;
	s.others_ms = -1;
	noise_format(line, sizeof(line), &s);
	is_string("# noise-self: nivcsw=40 nvcsw=7 children-csw=5 wall-ms=1234 steal-ms=0.0\n", line,
		  "run and wait go together, and unknowns are left out");

	{
		struct noise_self a, b;

		memset(&a, 0, sizeof(a));
		b = a;
		a.run_ms = 100, a.wait_ms = 10;
		b.run_ms = 130, b.wait_ms = 100;
		is_double(0.75, noise_waited(&a, &b), 1e-12, "waited: 90 ms of the 120 wanting a CPU");
		b.wait_ms = -1;
		is_double(-1, noise_waited(&a, &b), 0, "... unknown when a read does not say");
		b.run_ms = 100, b.wait_ms = 10;
		is_double(-1, noise_waited(&a, &b), 0, "... or when nothing wanted a CPU");
		b.run_ms = 90, b.wait_ms = 20;
		is_double(-1, noise_waited(&a, &b), 0, "... or a figure went backwards");
		a.others_ms = 10, a.wall_ms = 1000, a.cpus = 2;
		b.others_ms = 510, b.wall_ms = 2000, b.cpus = 2;
		is_int(0, noise_others_beside(&a, &b), "others: 500 ms of 2 CPUs over 1 s is a quarter, not above it");
		b.others_ms = 530;
		is_int(1, noise_others_beside(&a, &b), "... 520 ms is");
		b.others_ms = -1;
		is_int(-1, noise_others_beside(&a, &b), "... unknown: the wait alone judges");
		b.others_ms = 1010, b.wall_ms = 1007;
		is_int(-1, noise_others_beside(&a, &b),
		       "... unknown over 7 ms, fewer ticks than NOISE_OTHERS_MIN_TICKS (whatever they read)");
	}

	/* (In children, before this process starts counting.) */
	exit_output(OUTPUT_RAW, "x\n", 0, out, sizeof(out));
	nlines = 0;
	for (p = out; (p = strstr(p, "# noise-self: nivcsw=")) != NULL; p++)
		nlines++;
	is_int(1, nlines, "raw, into a file: one noise-self line at exit, none from the forked child");
	ok(strncmp(out, "x\n# noise-self: nivcsw=", 23) == 0 && strstr(out, " wall-ms=") != NULL
	   && out[strlen(out) - 1] == '\n', "it is the whole line, after the output");
	exit_output(OUTPUT_RAW, "", 0, out, sizeof(out));
	is_string("", out, "raw, nothing printed: nothing at exit");
	exit_output(OUTPUT_RAW, "x\n", 1, out, sizeof(out));
	is_string("x\n", out, "raw, into a pipe: nothing at exit");
	exit_output(OUTPUT_TEXT, "x\n", 0, out, sizeof(out));
	is_string("x\n", out, "text: nothing at exit");
	ok(noise_read(&s) == 0 && s.nivcsw >= 0 && s.wall_ms == 0,
	   "before noise_start: counts >= 0, no wall time");
	noise_start(OUTPUT_TEXT);
	ok(noise_read(&s) == 0 && s.nivcsw >= 0 && s.wall_ms >= 0, "after it: counts >= 0");
	nmig = s.migrations;
	ok(nmig == -1 || nmig >= 0, "migrations are a count or unknown");
	schedstat = s.run_ms >= 0 && s.wait_ms >= 0;
	/*
	 * A child that spins for 0.2 s of wall time yields to no one; it
	 * and this process spin on one CPU, so that each must wait for the
	 * other while it could run.
	 */
	fflush(stdout);
	/* cppcheck-suppress knownConditionTrueFalse ; pin_first pins on Linux only */
	if (pin_first() != 0)
		diag("cannot pin: the child may not share this process's CPU");
	if ((pid = fork()) == 0) {
		spin(200);
		_exit(0);
	}
	if (pid < 0)
		bail("fork");
	spin(200);
	noise_child(pid);
	waitpid(pid, NULL, 0);
	ok(noise_read(&t) == 0 && t.nivcsw >= s.nivcsw && t.wall_ms >= 200 && t.wall_ms >= s.wall_ms,
	   "the counts and the wall time only grow; the reaped child's 0.2 s count");
	ok(nmig == -1 || t.migrations >= nmig, "so do the migrations");
	ok(t.children_csw >= s.children_csw && t.children_csw <= t.nivcsw + t.nvcsw,
	   "the children's switches grow and are part of the whole");
	if (!schedstat) {
		skip("no /proc/self/schedstat here");
		skip("no /proc/self/schedstat here");
	} else {
		diag("run %.1f ms, waited %.1f ms, stall %.1f ms, steal %.1f ms", t.run_ms, t.wait_ms,
		     t.stall_ms, t.steal_ms);
		/* The two spun 0.4 s of CPU-wanting time on one CPU: 0.2 s
		 * of wall time at least is the one or the other's wait, or
		 * ran elsewhere; both ran. */
		ok(t.run_ms > s.run_ms && t.run_ms + t.wait_ms >= s.run_ms + s.wait_ms + 200,
		   "run and wait: the child's counted with this process's (0.4 s of wanting a CPU at least)");
		ok(t.wait_ms > s.wait_ms, "two spinning on one CPU waited for it");
	}
	ok(t.stall_ms == -1 || (s.stall_ms >= 0 && t.stall_ms >= s.stall_ms),
	   "the pressure stall is unknown or grows");
	ok(t.steal_ms == -1 || (s.steal_ms >= 0 && t.steal_ms >= s.steal_ms), "so is steal");

	return 0;
}
