/*
 * case: running one case of the suite and recording it.  A program runs
 * in a session (so a process group) of its own: an interrupted run then
 * stops it with every process it started (lat_ctx's ring, a server), and
 * what it left running when it ends (a server it did not stop) is
 * stopped before the next case, which it would load.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/output.h"
#include "runner.h"

#define ERR_ROOM 16384

static void
nap_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	(void)nanosleep(&ts, NULL);
}

void
case_stop_child(void)
{
	pid_t pid = R.child;
	int i, status;

	if (pid <= 0)
		return;
	R.child = 0;
	if (kill(-pid, SIGTERM) != 0)
		(void)kill(pid, SIGTERM);
	/* One that ignores SIGTERM must not hang the cleanup: SIGKILL in 2 s. */
	for (i = 0; i < 200; i++) {
		pid_t w = waitpid(pid, &status, WNOHANG);

		if (w == pid || (w < 0 && errno == ECHILD))
			break;
		nap_ms(10);
	}
	if (i == 200) {
		(void)kill(-pid, SIGKILL);
		(void)kill(pid, SIGKILL);
		(void)waitpid(pid, &status, 0);
	}
	/* The rest of its group: a moment to end, then SIGKILL. */
	for (i = 0; i < 10 && kill(-pid, 0) == 0; i++)
		nap_ms(100);
	(void)kill(-pid, SIGKILL);
}

/* Run args (args[0] a path, or with search a command found in PATH)
 * with out and err files, in a session of its own; its exit status
 * (128+n: killed by signal n). */
static int
spawn_argv(char *const *args, const char *out, const char *err, int search)
{
	char tmpdir[4200];
	int rc, efd;
	pid_t pid;

	snprintf(tmpdir, sizeof(tmpdir), "%s/tmp", R.work);
	/*
	 * The room for the program's message is taken before it runs: 16 kB
	 * of zeros, which its stderr overwrites (no truncation), so that a
	 * program that fails because it filled TMPDIR (its files are there)
	 * can still say so.  The zeros left are not read as text.
	 */
	if ((efd = open(err, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666)) >= 0) {
		(void)run_zeros(efd, ERR_ROOM);
		close(efd);
	}
	fflush(NULL);
	run_check_signal();
	pid = fork();
	if (pid < 0)
		run_die("cannot start %s: %s", args[0], strerror(errno));
	if (pid == 0) {
		int fd;

		run_signals(SIG_DFL);
		(void)setsid();
		if ((fd = open("/dev/null", O_RDONLY)) >= 0 && fd != 0) {
			dup2(fd, 0);
			close(fd);
		}
		if ((fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0666)) < 0 || dup2(fd, 1) < 0)
			_exit(126);
		if (fd != 1)
			close(fd);
		if ((fd = open(err, O_RDWR | O_CREAT, 0666)) < 0 || dup2(fd, 2) < 0)
			_exit(126);
		if (fd != 2)
			close(fd);
		if (setenv("TMPDIR", tmpdir, 1) != 0)
			_exit(126);
		if (search)
			execvp(args[0], args);
		else
			execv(args[0], args);
		fprintf(stderr, "hostbench: cannot execute %s: %s\n", args[0], strerror(errno));
		_exit(127);
	}
	rc = run_wait(pid, 1);
	/* A process it started and left running would load the cases that
	 * follow. */
	(void)kill(-pid, SIGTERM);
	run_check_signal();
	return rc;
}

int
case_is_script(const char *path)
{
	char head[2] = { 0, 0 };
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return 0;
	if (read(fd, head, 2) != 2)
		head[0] = 0;
	close(fd);
	return head[0] == '#' && head[1] == '!';
}

int
case_spawn(char *const *argv, const char *out, const char *err, int use_wrapper)
{
	char prog[4200];
	char *args[300];
	size_t n = 0, i;

	snprintf(prog, sizeof(prog), "%s/%s", R.libexec, argv[0]);
	/* A script runs by its interpreter, which the wrapper (qemu-user)
	 * would not: a stand-in program of a test, a board's own script. */
	if (use_wrapper && case_is_script(prog))
		use_wrapper = 0;
	if (use_wrapper)
		for (i = 0; i < R.nwrapper && n < 200; i++)
			args[n++] = R.wrapper[i];
	args[n++] = prog;
	for (i = 1; argv[i] != NULL && n < 299; i++)
		args[n++] = argv[i];
	args[n] = NULL;
	return spawn_argv(args, out, err, use_wrapper && R.nwrapper > 0);
}

int
case_exec(char *const *argv, const char *out, const char *err)
{
	return spawn_argv(argv, out, err, 1);
}

/* ---------------------------------------------------------------- what a program said */

/* A file's text (NULs dropped), malloc'd; "" when it cannot be read. */
static char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t n = 0, cap = 0;
	int c;

	if (f != NULL) {
		while ((c = getc(f)) != EOF) {
			if (c == '\0')
				continue;
			if (n + 2 > cap) {
				char *nb = realloc(buf, cap = cap ? cap * 2 : 4096);

				if (nb == NULL)
					break;
				buf = nb;
			}
			buf[n++] = (char)c;
		}
		fclose(f);
	}
	if (buf == NULL && (buf = malloc(1)) == NULL)
		run_die("out of memory");
	buf[n] = '\0';
	if (len != NULL)
		*len = n;
	return buf;
}

/* s without the control characters a terminal obeys (C0 but tab, DEL,
 * and C1 as UTF-8 writes it), in place. */
static void
strip_ctl(char *s)
{
	unsigned char *p = (unsigned char *)s, *q = p;

	for (; *p != '\0'; p++) {
		if ((*p < 0x20 && *p != '\t') || *p == 0x7f)
			continue;
		if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f) {
			p++;
			continue;
		}
		*q++ = *p;
	}
	*q = '\0';
}

void
case_last_line(const char *path, char *buf, size_t len)
{
	size_t n;
	char *text = slurp(path, &n), *start;

	while (n > 0 && text[n - 1] == '\n')
		text[--n] = '\0';
	start = strrchr(text, '\n');
	start = start != NULL ? start + 1 : text;
	strip_ctl(start);
	snprintf(buf, len, "%s", start);
	free(text);
}

/* Why a program that failed saying nothing may have said something all
 * the same: its stderr is a file in TMPDIR, which may be full. */
static void
lost_message(char *buf, size_t len)
{
	char probe[4200];
	int fd;

	snprintf(probe, sizeof(probe), "%s/probe", R.work);
	fd = open(probe, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (fd >= 0 && write(fd, "x\n", 2) == 2 && close(fd) == 0) {
		unlink(probe);
		return;
	}
	if (fd >= 0)
		close(fd);
	unlink(probe);
	snprintf(buf, len, "its message was lost: no room in TMPDIR (%s): %s",
		 getenv("TMPDIR") != NULL ? getenv("TMPDIR") : "/tmp", strerror(errno));
}

/* ---------------------------------------------------------------- one case */

struct attempt {
	int rc;
	char noise[256];
	struct busy_verdict v;
};

/* The program's "# noise-self:" line in out's text, or NULL. */
static char *
self_line(char *text)
{
	char *p = text, *line = NULL;

	for (; p != NULL && *p != '\0'; p = strchr(p, '\n'), p = p != NULL ? p + 1 : NULL)
		if (strncmp(p, "# noise-self: ", 14) == 0)
			line = p;
	if (line != NULL) {
		size_t n = strcspn(line, "\n");
		char *d = malloc(n + 1);

		if (d != NULL) {
			memcpy(d, line, n);
			d[n] = '\0';
		}
		return d;
	}
	return NULL;
}

/*
 * The programs that refuse -I (their why_precision: they time whole
 * curves, their own chains, or split one transfer into -N samples).
 * tests/scripts/catalogue-t.sh checks the list against each program's
 * usage line, which leaves a refused -I out.
 */
static const char *const no_precision[] = {
	"cache", "lat_ops", "lat_usleep", "lmdd", "mhz", "par_mem", "tlb",
};

int
case_takes_precision(const char *prog)
{
	size_t i;

	for (i = 0; i < sizeof(no_precision) / sizeof(no_precision[0]); i++)
		if (strcmp(prog, no_precision[i]) == 0)
			return 0;
	return 1;
}

static void
run_once(const struct suite_case *c, struct attempt *a)
{
	char out[4200], err[4200], *argv[300], *args, *p, *save = NULL, load[64], *text, *self;
	struct busy_snap b0, b1;
	size_t n = 0;

	snprintf(out, sizeof(out), "%s/out", R.work);
	snprintf(err, sizeof(err), "%s/err", R.work);
	argv[n++] = run_arg(c->prog);
	/* The shared options, -o raw, the case's arguments: split at blanks. */
	if ((args = malloc(strlen(R.shared) + strlen(c->args) + 96)) == NULL)
		run_die("out of memory");
	sprintf(args, "%s%s%s -o raw %s", R.shared,
		R.s.confidence != NULL && case_takes_precision(c->prog) ? " -I " : "",
		R.s.confidence != NULL && case_takes_precision(c->prog) ? R.s.confidence : "", c->args);
	for (p = strtok_r(args, " ", &save); p != NULL && n < 298; p = strtok_r(NULL, " ", &save))
		argv[n++] = p;
	argv[n] = NULL;
	busy_read(&b0, R.proc);
	a->rc = case_spawn(argv, out, err, 1);
	busy_read(&b1, R.proc);
	busy_loadavg(load, sizeof(load), R.proc);
	busy_line(a->noise, sizeof(a->noise), &b0, &b1, load);
	free(args);
	text = slurp(out, NULL);
	self = self_line(text);
	busy_judge(a->noise, self, &a->v);
	free(self);
	free(text);
}

/* With --settle, wait for a quiet moment: until other processes' CPU and
 * steal stay below the thresholds of noisy over half a second, for
 * --settle seconds at most, and not at all once the run has waited its
 * whole wait (a machine that is never quiet must not hold a run for
 * ever).  Without /proc/stat there is nothing to wait for. */
static void
settle_wait(void)
{
	long long t0, left;

	if (R.s.settle == 0)
		return;
	t0 = progress_now();
	left = R.s.settle * 10LL;
	if (R.pr.settle_total - R.pr.settle_spent < left)
		left = R.pr.settle_total - R.pr.settle_spent;
	while (progress_now() - t0 < left) {
		struct busy_snap b0, b1;
		struct busy_verdict v;
		char line[256], load[64];

		busy_read(&b0, R.proc);
		if (!b0.ok)
			break;
		nap_ms(500);
		run_check_signal();
		busy_read(&b1, R.proc);
		busy_loadavg(load, sizeof(load), R.proc);
		busy_line(line, sizeof(line), &b0, &b1, load);
		busy_judge(line, NULL, &v);
		if (v.why[0] == '\0')
			break;
	}
	R.pr.settle_spent += progress_now() - t0;
}

/* Copy the program's output into the result: its bench: and args: lines
 * dropped (the runner's record said them), its configuration lines as
 * notes ("# placement: one"), and a last line without its newline
 * dropped (the output was cut there: killed, a full TMPDIR). */
static void
program_output(int k, const char *path)
{
	size_t n;
	char *text = slurp(path, &n), *p = text;

	while (*p != '\0') {
		char *nl = strchr(p, '\n');
		size_t kl;

		if (nl == NULL)
			break;
		*nl = '\0';
		kl = strspn(p, "abcdefghijklmnopqrstuvwxyz0123456789-");
		if (p[0] >= 'a' && p[0] <= 'z' && p[kl] == ':') {
			static struct output_line l;

			if ((kl == 5 && strncmp(p, "bench", 5) == 0) || (kl == 4 && strncmp(p, "args", 4) == 0))
				;
			else if (output_parse_line(p, &l) == 0 && l.kind == OUTPUT_LINE_CONFIG && !l.run_note)
				output_note(R.side[k].f, l.key, "%s", l.value);
			else
				record_put(k, "# %s\n", p);
		} else
			record_put(k, "%s\n", p);
		p = nl + 1;
	}
	free(text);
}

/* The message of a value withheld as implausible: the last such line
 * of err, without the program's name and the repeated word. */
static void
implausible_why(const char *prog, const char *err, char *why, size_t len)
{
	char *text = slurp(err, NULL), *p, *line = NULL, *s;
	size_t pl = strlen(prog);

	for (p = text; p != NULL && *p != '\0'; p = strchr(p, '\n'), p = p != NULL ? p + 1 : NULL) {
		char *e = strchr(p, '\n');
		char save = 0;

		if (e != NULL) {
			save = *e;
			*e = '\0';
		}
		if (strstr(p, ": implausible: ") != NULL)
			line = p;
		if (e != NULL)
			*e = save;
	}
	if (line != NULL) {
		line[strcspn(line, "\n")] = '\0';
		for (s = p = line; *p != '\0'; p++)
			if (*p != '\r')
				*s++ = *p;
		*s = '\0';
		strip_ctl(line);
		snprintf(why, len, "%s", line);
	}
	free(text);
	if (strncmp(why, prog, pl) == 0 && strncmp(why + pl, ": ", 2) == 0)
		memmove(why, why + pl + 2, strlen(why + pl + 2) + 1);
	if (strncmp(why, "implausible: ", 13) == 0)
		memmove(why, why + 13, strlen(why + 13) + 1);
	else if ((s = strstr(why, ": implausible: ")) != NULL)
		memmove(s + 2, s + 15, strlen(s + 15) + 1);
}

/* The better of two runs: the one that succeeded (ok before implausible
 * before failed), else the quieter. */
static int
kind(int rc)
{
	return rc == 0 ? 0 : rc == 3 ? 1 : 2;
}

/* The case's lines before its program's output: the program and the
 * arguments the suite gave it (notes: its program's own header follows,
 * without them), and how it ended. */
static void
record_head(int k, const struct suite_case *c, const char *status)
{
	FILE *f = R.side[k].f;

	output_note(f, "bench", "%s", c->prog);
	output_note(f, "args", "%s", c->args);
	output_config(f, "status", "%s", status);
	record_flush(k);
}

/* The noise line, "# noise: cpu-others=...", written as its key and value. */
static void
record_noise(int k, const char *line)
{
	if (strncmp(line, "# noise: ", 9) != 0)
		return;
	output_config(R.side[k].f, "noise", "%s", line + 9);
	record_flush(k);
}

static void
skipped(int k, const struct suite_case *c, const char *status, struct busy_snap *b0)
{
	struct busy_snap b1;
	char line[256], load[64];

	record_head(k, c, status);
	busy_read(&b1, R.proc);
	busy_loadavg(load, sizeof(load), R.proc);
	if (busy_line(line, sizeof(line), b0, &b1, load) > 0)
		record_noise(k, line);
}

void
case_run(int k, const struct suite_case *c)
{
	char label[4200], t1[32], t2[32], t3[32], status[4400], why[4096] = "", settled[1600] = "";
	char prog[4200], out[4200], err[4200], out1[4200], err1[4200];
	struct attempt a, first;
	struct busy_snap b0;
	struct stat st;
	long long t0;
	int built;

	snprintf(label, sizeof(label), "%s%s%s", c->prog, c->args[0] ? " " : "", c->args);
	busy_read(&b0, R.proc);
	R.pr.elapsed = progress_now() - R.start;
	snprintf(prog, sizeof(prog), "%s/%s", R.libexec, c->prog);
	built = stat(prog, &st) == 0 && S_ISREG(st.st_mode);
	/* (With --until the budget is checked between pairs of rounds.) */
	if (R.s.budget >= 0 && R.s.until == NULL && R.pr.elapsed >= R.s.budget * 10) {
		if (R.nbudget == 0)
			run_progress("[%u/%u done, %s elapsed] budget of %llds spent: the other %u are skipped\n",
				     R.i - 1, R.ntotal, progress_fmt(t1, sizeof(t1), R.pr.elapsed), R.s.budget,
				     R.ntotal - R.i + 1);
		skipped(k, c, "skipped: budget", &b0);
		R.nbudget++;
		return;
	}
	run_progress("[%u/%u done, %s elapsed, ~%s left] %s ... ", R.i - 1, R.ntotal,
		     progress_fmt(t1, sizeof(t1), R.pr.elapsed),
		     progress_fmt(t2, sizeof(t2), progress_left(&R.pr)), label);
	if (!built) {
		snprintf(status, sizeof(status), "skipped: %s is not built", c->prog);
		skipped(k, c, status, &b0);
		R.nskipped++;
		run_progress("skipped (not built)\n");
		return;
	}
	if (c->skipped != NULL) {
		skipped(k, c, c->skipped, &b0);
		R.nskipped++;
		run_progress("%.*s\n", (int)strcspn(c->skipped, ","), c->skipped);
		return;
	}
	snprintf(out, sizeof(out), "%s/out", R.work);
	snprintf(err, sizeof(err), "%s/err", R.work);
	snprintf(out1, sizeof(out1), "%s/out.1", R.work);
	snprintf(err1, sizeof(err1), "%s/err.1", R.work);
	t0 = progress_now();
	settle_wait();
	run_once(c, &a);
	/* With --settle a noisy case runs once more after another wait, and
	 * the better run is kept: one record per case, saying so.  A machine
	 * that was never quiet in the run's whole wait reruns nothing more. */
	if (R.s.settle != 0 && a.v.why[0] != '\0' && (a.rc == 0 || a.rc == 3)
	    && R.pr.settle_spent < R.pr.settle_total) {
		if (rename(out, out1) != 0 || rename(err, err1) != 0)
			run_die("cannot keep the first run of %s in '%s'", label, R.work);
		first = a;
		run_progress("noisy, settling ... ");
		settle_wait();
		run_once(c, &a);
		R.nrerun++;
		if (kind(a.rc) < kind(first.rc) || (kind(a.rc) == kind(first.rc) && a.v.score <= first.v.score))
			snprintf(settled, sizeof(settled), "rerun after noisy: %s; kept the rerun", first.v.why);
		else {
			char was[700];

			if (a.rc == 0)
				snprintf(was, sizeof(was), "noisier%s%s", a.v.why[0] ? ": " : "", a.v.why);
			else if (a.rc == 3)
				snprintf(was, sizeof(was), "implausible");
			else
				snprintf(was, sizeof(was), "failed, exit %d", a.rc);
			snprintf(settled, sizeof(settled), "rerun after noisy: %s; kept the first run (the rerun was %s)",
				 first.v.why, was);
			if (rename(out1, out) != 0 || rename(err1, err) != 0)
				run_die("cannot keep the first run of %s in '%s'", label, R.work);
			a = first;
		}
	}
	case_last_line(err, why, sizeof(why));
	if (a.rc != 0 && why[0] == '\0')
		lost_message(why, sizeof(why));
	/*
	 * 3: a value outside its physical bounds was withheld (after the
	 * program measured it again); the rest of its results stand.
	 */
	if (a.rc == 3)
		implausible_why(c->prog, err, why, sizeof(why));
	if (why[0] == '\0')
		snprintf(why, sizeof(why), "%s", a.rc == 77 || a.rc == 3 ? "no reason given" : "no message");
	switch (a.rc) {
	case 0:
		snprintf(status, sizeof(status), "ok");
		R.nok++;
		break;
	case 77:
		snprintf(status, sizeof(status), "unsupported: %s", why);
		R.nunsupported++;
		break;
	case 3:
		snprintf(status, sizeof(status), "implausible: %s", why);
		R.nimplausible++;
		break;
	default:
		if (a.rc > 128)
			snprintf(status, sizeof(status), "failed: killed by signal %d", a.rc - 128);
		else if (a.rc == 1)
			snprintf(status, sizeof(status), "failed: %s", why);
		else
			snprintf(status, sizeof(status), "failed: exit %d: %s", a.rc, why);
		R.nfailed++;
		break;
	}
	record_head(k, c, status);
	/* Notes, as the noise line: a mark of the moment, not a condition of
	 * the measurement (benchstat would split its results by it). */
	if (a.v.why[0] != '\0') {
		output_config(R.side[k].f, "noisy", "%s", a.v.why);
		R.nnoisy++;
	}
	if (settled[0] != '\0')
		output_config(R.side[k].f, "settled", "%s", settled);
	program_output(k, out);
	if (a.noise[0] != '\0')
		record_noise(k, a.noise);
	R.pr.done_w += c->ds;
	run_progress("%s (%s%s%s)\n", status, progress_fmt(t3, sizeof(t3), progress_now() - t0),
		     a.v.why[0] ? ", noisy" : "", settled[0] ? ", rerun" : "");
}
