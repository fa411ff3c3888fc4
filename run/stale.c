/*
 * stale: what a run, ab or info killed with SIGKILL (or by a power cut)
 * could not remove.  Its scratch directory "$TMPDIR/hostbench.XXXXXX"
 * holds "pid" (the run's), "cmd" (run, ab or info), "result" (its
 * temporary result files, one a line: an experiment has two) and the
 * programs it ran, whose environment names that directory; an ab's
 * "restore" and "side" (how to put the machine back, the state last
 * set); a run of the front end's "remote.box" or "remote.ssh" (what it
 * made on another host).  For each such directory whose process is gone
 * -- a real directory, not a symbolic link, with that name and a pid
 * file both this user's -- the processes still working in it are
 * stopped, the machine put back, what is left on other hosts removed
 * (by the front end's fleet.sh), the temporary results and the
 * directory removed, and what was removed said.  A live run's is left
 * alone.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "runner.h"

/* A regular file of this user's, not a link: 1. */
static int
own_file(const char *path, int dir)
{
	struct stat st;

	if (lstat(path, &st) != 0 || st.st_uid != getuid())
		return 0;
	return dir ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode);
}

/* The first line of a small file into buf, "" when none. */
static void
first_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");

	buf[0] = '\0';
	if (f == NULL)
		return;
	if (fgets(buf, (int)len, f) == NULL)
		buf[0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
}

/* The processes whose environment has TMPDIR=<dir>/tmp (what every
 * program of a run gets), into pids (at most max); how many. */
static size_t
procs_in(const char *proc, const char *dir, pid_t *pids, size_t max)
{
	char want[4200], path[512];
	static char env[131072];
	size_t n = 0, wl;
	struct dirent *e;
	DIR *d;

	snprintf(want, sizeof(want), "TMPDIR=%s/tmp", dir);
	wl = strlen(want);
	if ((d = opendir(proc)) == NULL)
		return 0;
	while ((e = readdir(d)) != NULL && n < max) {
		size_t got, i;
		FILE *f;

		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "%s/%s/environ", proc, e->d_name);
		if ((f = fopen(path, "r")) == NULL)
			continue;
		got = fread(env, 1, sizeof(env), f);
		fclose(f);
		for (i = 0; i + wl <= got; i++)
			if (memcmp(env + i, want, wl) == 0 && (i + wl == got || env[i + wl] == '\0'
							       || env[i + wl] == '/')) {
				pids[n++] = (pid_t)strtol(e->d_name, NULL, 10);
				break;
			}
	}
	closedir(d);
	return n;
}

/* An ab killed after it changed the machine: put it back, and say so;
 * when that fails, so does the warning, loudly. */
static void
stale_restore(const char *dir, const char *pid)
{
	char path[4400], cmd[4096], side[16], out[4400];
	int rc;

	snprintf(path, sizeof(path), "%s/restore", dir);
	if (!own_file(path, 0))
		return;
	first_line(path, cmd, sizeof(cmd));
	if (cmd[0] == '\0')
		return;
	snprintf(path, sizeof(path), "%s/side", dir);
	first_line(path, side, sizeof(side));
	if (side[0] == '\0' || !own_file(path, 0))
		snprintf(side, sizeof(side), "?");
	run_warn("ab %s was killed with the machine in state %s (the last it set); putting it back: %s",
		 pid, side, cmd);
	snprintf(out, sizeof(out), "%s/restore.out", dir);
	rc = ab_shell(cmd, out, 0);
	if (rc != 0) {
		run_warn("ab %s: PUTTING THE MACHINE BACK FAILED (exit %d): it may still be in state %s; "
			 "run by hand: %s", pid, rc, side, cmd);
		ab_show_indented(out);
	}
}

/* What the killed run left on another host: the front end's fleet.sh
 * reaches it over ssh (remote_leftovers). */
static void
remote_leftovers(const char *file, const char *what)
{
	const char *fleet = getenv("HOSTBENCH_FLEET");
	pid_t pid;
	int status;

	if (fleet == NULL || fleet[0] == '\0') {
		run_warn("%s was killed and left a record of what it made on another host (%s); "
			 "hostbench run removes it", what, file);
		return;
	}
	fflush(NULL);
	if ((pid = fork()) == 0) {
		execl("/bin/sh", "sh", fleet, "leftovers", file, what, (char *)NULL);
		_exit(127);
	}
	if (pid > 0)
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
}

void
stale_clean(const char *tmp)
{
	struct dirent *e;
	DIR *d;

	if ((d = opendir(tmp)) == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		char sd[4200], path[4300], pid[32], what[16], gone[8192] = "", line[4200];
		pid_t procs[256], left[256];
		size_t n, m, i, k, len = 0;
		struct stat st;
		FILE *f;
		long p;

		if (strncmp(e->d_name, "hostbench.", 10) != 0 || strlen(e->d_name) != 16)
			continue;
		snprintf(sd, sizeof(sd), "%s/%s", tmp, e->d_name);
		snprintf(path, sizeof(path), "%s/pid", sd);
		if (!own_file(sd, 1) || !own_file(path, 0))
			continue;
		first_line(path, pid, sizeof(pid));
		if (pid[0] == '\0' || strspn(pid, "0123456789") != strlen(pid) || strlen(pid) > 9)
			continue;
		p = strtol(pid, NULL, 10);
		snprintf(path, sizeof(path), "%s/cmd", sd);
		first_line(path, what, sizeof(what));
		if (!own_file(path, 0) || (strcmp(what, "run") != 0 && strcmp(what, "ab") != 0
					   && strcmp(what, "info") != 0))
			snprintf(what, sizeof(what), "run");
		/* (kill -0 fails for another user's process too: /proc tells.) */
		snprintf(path, sizeof(path), "%s/%ld", R.proc, p);
		if (p == (long)getpid() || kill((pid_t)p, 0) == 0 || errno == EPERM || stat(path, &st) == 0)
			continue;
		n = procs_in(R.proc, sd, procs, 256);
		if (n > 0) {
			for (i = 0; i < n; i++)
				(void)kill(procs[i], SIGTERM);
			for (k = 0; k < 20; k++) {
				if (procs_in(R.proc, sd, left, 256) == 0)
					break;
				nanosleep(&(struct timespec){ 0, 100000000L }, NULL);
			}
			m = procs_in(R.proc, sd, left, 256);
			for (i = 0; i < m; i++)
				(void)kill(left[i], SIGKILL);
			len += (size_t)snprintf(gone + len, sizeof(gone) - len, "processes ");
			for (i = 0; i < n && len < sizeof(gone); i++)
				len += (size_t)snprintf(gone + len, sizeof(gone) - len, "%ld ", (long)procs[i]);
			if (len < sizeof(gone))
				len += (size_t)snprintf(gone + len, sizeof(gone) - len, "stopped; ");
		}
		if (strcmp(what, "ab") == 0)
			stale_restore(sd, pid);
		for (k = 0; k < 2; k++) {
			char label[64];

			snprintf(path, sizeof(path), "%s/remote.%s", sd, k == 0 ? "box" : "ssh");
			snprintf(label, sizeof(label), "%s %s", what, pid);
			if (own_file(path, 0))
				remote_leftovers(path, label);
		}
		snprintf(path, sizeof(path), "%s/result", sd);
		if (own_file(path, 0) && (f = fopen(path, "r")) != NULL) {
			while (fgets(line, sizeof(line), f) != NULL) {
				line[strcspn(line, "\n")] = '\0';
				if (line[0] != '\0' && lstat(line, &st) == 0 && S_ISREG(st.st_mode)
				    && unlink(line) == 0 && len < sizeof(gone))
					len += (size_t)snprintf(gone + len, sizeof(gone) - len, "%s, ", line);
			}
			fclose(f);
		}
		run_remove_tree(sd);
		run_warn("%s %s was killed: removed what it left: %s%s", what, pid, gone, sd);
	}
	closedir(d);
}
