/*
 * ab: the states of an A/B experiment.  Each side's state command puts
 * the machine in that state before every side of a round; the restore
 * command puts it back at the end, after a failed state command and on
 * a signal.  From the first state command on, the scratch directory
 * holds "restore" (the command) and "side" (the state last set), so
 * that the next run can put the machine back if this one is killed.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runner.h"

/* Write text and a newline into the scratch directory's file name. */
static int
note_file(const char *name, const char *text)
{
	char path[4200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", R.work, name);
	if ((f = fopen(path, "w")) == NULL)
		return -1;
	if (fprintf(f, "%s\n", text) < 0) {
		fclose(f);
		return -1;
	}
	return fclose(f);
}

/* Print a file's lines on stderr, each indented by two blanks. */
void
ab_show_indented(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[4096];

	if (f == NULL)
		return;
	while (fgets(line, sizeof(line), f) != NULL)
		fprintf(stderr, "  %s%s", line, strchr(line, '\n') != NULL ? "" : "\n");
	fclose(f);
}

/* sh -c cmd, its output into out; its exit status.  Not in a group of
 * its own: what a state command leaves running (a service it started)
 * is left alone. */
int
ab_shell(const char *cmd, const char *out, int group)
{
	char *argv[4];
	char sh[] = "/bin/sh";
	pid_t pid;

	argv[0] = sh;
	argv[1] = run_arg("-c");
	argv[2] = run_arg(cmd);
	argv[3] = NULL;
	fflush(NULL);
	if (group)
		run_check_signal();
	if ((pid = fork()) < 0)
		return 126;
	if (pid == 0) {
		run_signals(SIG_DFL);
		if (group)
			(void)setsid();
		if (freopen("/dev/null", "r", stdin) == NULL || freopen(out, "w", stdout) == NULL
		    || dup2(1, 2) < 0)
			_exit(126);
		execv(argv[0], argv);
		_exit(127);
	}
	return run_wait(pid, group);
}

int
ab_order(unsigned k, unsigned j)
{
	return (int)(k % 2 == 1 ? j : 1 - j);
}

void
ab_set_state(int side)
{
	const char *cmd = R.s.state[side];
	char out[4200];
	int rc;

	if (!R.restore_armed && note_file("restore", R.s.restore) != 0)
		run_die("ab: cannot note in '%s' how to put the machine back; not changing it", R.work);
	R.restore_armed = 1;
	if (note_file("side", side == 0 ? "A" : "B") != 0)
		run_die("ab: cannot note in '%s' which state the machine is put in; stopping", R.work);
	snprintf(out, sizeof(out), "%s/state", R.work);
	rc = ab_shell(cmd, out, 1);
	if (rc == 0)
		return;
	run_progress("\n");
	run_warn("ab: the command of state %c failed (exit %d): %s", side == 0 ? 'A' : 'B', rc, cmd);
	ab_show_indented(out);
	run_warn("ab: stopped, nothing is published; putting the machine back: %s", R.s.restore);
	exit(1);
}

void
ab_restore(void)
{
	char out[4200], path[4200];
	int rc;

	if (!R.restore_armed)
		return;
	R.restore_armed = 0;
	snprintf(out, sizeof(out), "%s/restore.out", R.work);
	rc = ab_shell(R.s.restore, out, 0);
	snprintf(path, sizeof(path), "%s/restore", R.work);
	unlink(path);
	if (rc != 0) {
		run_warn("ab: putting the machine back failed (exit %d): %s", rc, R.s.restore);
		ab_show_indented(out);
		R.restore_failed = 1;
	}
	unlink(out);
}

/* A verdict of hostbench-compare's CSV (its one vocabulary) that
 * decides a metric: a change either way, the same, or not comparable. */
static int
decided(const char *v)
{
	static const char *const words[] = { "faster", "slower", "better", "worse", "changed", "same",
					     "not comparable" };
	size_t i;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strcmp(v, words[i]) == 0)
			return 1;
	return 0;
}

/* The index of column name in a CSV header line, or -1. */
static int
csv_fields(char *line, char **f, int max)
{
	int n = 0;
	char *p = line, *q;

	while (n < max) {
		f[n++] = q = p;
		if (*p == '"') {
			p++;
			for (;;) {
				if (*p == '\0')
					break;
				if (*p == '"' && p[1] == '"') {
					*q++ = '"';
					p += 2;
				} else if (*p == '"') {
					p++;
					break;
				} else
					*q++ = *p++;
			}
			while (*p != '\0' && *p != ',')
				p++;
		} else
			while (*p != '\0' && *p != ',' && *p != '\n' && *p != '\r')
				*q++ = *p++;
		if (*p != ',') {
			*q = '\0';
			break;
		}
		p++;
		*q = '\0';
	}
	return n;
}

int
ab_decided(unsigned rounds_done)
{
	const char *tool = getenv("HOSTBENCH_COMPARE");
	char look[16], *argv[32], out[4200], err[4200], line[65536], *f[256], why[1024];
	int n = 0, rc, base = -1, verdict = -1, k, nf;
	unsigned rows = 0, left = 0;
	size_t i;
	FILE *in;

	if (tool == NULL || tool[0] == '\0') {
		run_warn("--until: the results tool hostbench-compare is not found (set HOSTBENCH_COMPARE); "
			 "stopping after %u rounds undecided", rounds_done);
		return 2;
	}
	snprintf(look, sizeof(look), "%u", R.look);
	for (i = 0; !case_is_script(tool) && i < R.nwrapper && n < 20; i++)
		argv[n++] = R.wrapper[i];
	argv[n++] = run_arg(tool);
	argv[n++] = run_arg("--look");
	argv[n++] = look;
	argv[n++] = run_arg("--margin");
	argv[n++] = run_arg(R.s.until);
	argv[n++] = run_arg("--ab");
	argv[n++] = run_arg("--format");
	argv[n++] = run_arg("csv");
	argv[n++] = R.side[0].tmp;
	argv[n++] = R.side[1].tmp;
	argv[n] = NULL;
	snprintf(out, sizeof(out), "%s/look.csv", R.work);
	snprintf(err, sizeof(err), "%s/look.err", R.work);
	record_flush(0);
	record_flush(1);
	rc = case_exec(argv, out, err);
	if (rc != 0) {
		FILE *e = fopen(err, "r");

		why[0] = '\0';
		if (e != NULL) {
			if (fgets(why, sizeof(why), e) == NULL)
				why[0] = '\0';
			why[strcspn(why, "\n")] = '\0';
			fclose(e);
		}
		run_warn("--until: the results tool could not look at the rounds (exit %d: %s); stopping "
			 "after %u rounds undecided", rc, why, rounds_done);
		return 2;
	}
	if ((in = fopen(out, "r")) == NULL)
		return 2;
	for (k = 0; fgets(line, sizeof(line), in) != NULL; k++) {
		nf = csv_fields(line, f, 256);
		if (k == 0) {
			int j;

			for (j = 0; j < nf; j++) {
				if (strcmp(f[j], "base") == 0)
					base = j;
				if (strcmp(f[j], "verdict") == 0)
					verdict = j;
			}
			continue;
		}
		if (base < 0 || verdict < 0 || base >= nf || f[base][0] == '\0')
			continue;
		rows++;
		if (verdict >= nf || !decided(f[verdict]))
			left++;
	}
	fclose(in);
	if (rows == 0)
		run_progress("look %u after %u rounds: none metrics undecided\n", R.look, rounds_done);
	else if (left == 1)
		run_progress("look %u after %u rounds: 1 metric undecided\n", R.look, rounds_done);
	else
		run_progress("look %u after %u rounds: %u metrics undecided\n", R.look, rounds_done, left);
	return rows > 0 && left == 0 ? 0 : 1;
}
