/*
 * noise-t: reading se.nr_migrations out of /proc/PID/sched text, the
 * noise-self line's format, counts that only grow (a reaped child's
 * time counts), and the exit line: once, from the process that started
 * counting, in raw mode only, into a file it wrote to.
 */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tap/basic.h"
#include "noise.h"
#include "timing.h"

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

int
main(void)
{
	struct noise_self s, t;
	char line[160], out[512];
	long long nmig, nlines;
	const char *p;
	uint64_t end;
	pid_t pid;

	plan(20);

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
	is_int((long long)strlen("# noise-self: nivcsw=40 nvcsw=7 children-csw=5 migrations=3 wall-ms=1234\n"), noise_format(line, sizeof(line), &s), "the line's length is returned");
	is_string("# noise-self: nivcsw=40 nvcsw=7 children-csw=5 migrations=3 wall-ms=1234\n", line, "the line reads");
	s.migrations = -1;
	noise_format(line, sizeof(line), &s);
	is_string("# noise-self: nivcsw=40 nvcsw=7 children-csw=5 wall-ms=1234\n", line, "unknown migrations are left out");
	ok(noise_format(line, 10, &s) == -1 && line[0] == '\0', "a short buffer holds no partial line");

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
	/* A child that spins for 0.2 s of wall time yields to no one. */
	fflush(stdout);
	if ((pid = fork()) == 0) {
		end = timing_now() + 200000000u;
		while (timing_now() < end)
			;
		_exit(0);
	}
	if (pid < 0)
		bail("fork");
	waitpid(pid, NULL, 0);
	ok(noise_read(&t) == 0 && t.nivcsw >= s.nivcsw && t.wall_ms >= 200 && t.wall_ms >= s.wall_ms,
	   "the counts and the wall time only grow; the reaped child's 0.2 s count");
	ok(nmig == -1 || t.migrations >= nmig, "so do the migrations");
	ok(t.children_csw >= s.children_csw && t.children_csw <= t.nivcsw + t.nvcsw,
	   "the children's switches grow and are part of the whole");

	return 0;
}
