/*
 * noise: our own processes' involuntary context switches and migrations
 * over a program's run (see noise.h).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <unistd.h>

#include "noise.h"
#include "timing.h"

static pid_t owner;		/* the process noise_start ran in; 0: not started */
static uint64_t t0;		/* timing_now() then */
static off_t out0 = -1;		/* standard output's offset then; -1: not a file */
static long long nivcsw0, nvcsw0, kids0, migrations0;

/* se.nr_migrations of this process's main thread, or -1. */
static long long
own_migrations(void)
{
	char buf[4096];
	FILE *f = fopen("/proc/self/sched", "r");
	size_t n;

	if (f == NULL)
		return -1;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	return noise_sched_migrations(buf);
}

/*
 * Involuntary and voluntary switches of this process and its reaped
 * children into *iv and *v, and the children's share of both into *k.
 * Returns 0, or -1 with errno set.
 */
static int
own_switches(long long *iv, long long *v, long long *k)
{
	struct rusage self, kids;

	if (getrusage(RUSAGE_SELF, &self) != 0 || getrusage(RUSAGE_CHILDREN, &kids) != 0)
		return -1;
	*iv = (long long)self.ru_nivcsw + (long long)kids.ru_nivcsw;
	*v = (long long)self.ru_nvcsw + (long long)kids.ru_nvcsw;
	*k = (long long)kids.ru_nivcsw + (long long)kids.ru_nvcsw;
	return 0;
}

long long
noise_sched_migrations(const char *text)
{
	static const char key[] = "se.nr_migrations";
	const char *s = text;

	while ((s = strstr(s, key)) != NULL) {
		const char *v = s + sizeof(key) - 1;
		char *end;
		long long m;

		/* The whole key at the start of a line: "se.nr_migrations   :  3". */
		if ((s == text || s[-1] == '\n') && (*v == ' ' || *v == '\t' || *v == ':')) {
			v += strspn(v, " \t");
			if (*v == ':') {
				errno = 0;
				m = strtoll(v + 1, &end, 10);
				if (end != v + 1 && errno == 0 && m >= 0
				    && (*end == '\n' || *end == '\0' || *end == ' '))
					return m;
			}
		}
		s = v;
	}
	return -1;
}

int
noise_read(struct noise_self *s)
{
	long long iv, v, k, m = own_migrations();

	memset(s, 0, sizeof(*s));
	s->migrations = -1;
	if (own_switches(&iv, &v, &k) != 0)
		return -1;
	s->nivcsw = iv - nivcsw0 >= 0 ? iv - nivcsw0 : 0;
	s->nvcsw = v - nvcsw0 >= 0 ? v - nvcsw0 : 0;
	s->children_csw = k - kids0 >= 0 ? k - kids0 : 0;
	if (m >= 0 && migrations0 >= 0)
		s->migrations = m - migrations0 >= 0 ? m - migrations0 : 0;
	if (owner != 0)
		s->wall_ms = (double)(timing_now() - t0) / 1e6;
	return 0;
}

int
noise_format(char *buf, size_t len, const struct noise_self *s)
{
	char mig[40] = "";
	int n;

	if (s->migrations >= 0)
		snprintf(mig, sizeof(mig), " migrations=%lld", s->migrations);
	n = snprintf(buf, len, "# noise-self: nivcsw=%lld nvcsw=%lld children-csw=%lld%s wall-ms=%.0f\n",
		     s->nivcsw, s->nvcsw, s->children_csw, mig, s->wall_ms);
	if (n < 0 || (size_t)n >= len) {
		if (len > 0)
			buf[0] = '\0';
		return -1;
	}
	return n;
}

/*
 * The exit hook: the line, from the process that started counting
 * alone.  A forked child (a parallel copy, a partner, a server) inherits
 * the hook and may leave by exit(): its counts are its parent's share.
 * The line goes with a record, so only after one: when standard output
 * is a file that has grown since noise_start.  A program that printed
 * nothing (a server's -s and -S modes, a run that failed early) adds
 * nothing, and neither does one writing into a pipe or a terminal,
 * where that cannot be told.
 */
static void
print_at_exit(void)
{
	struct noise_self s;
	char line[160];
	off_t at;

	if (getpid() != owner || out0 < 0 || fflush(stdout) != 0)
		return;
	at = lseek(STDOUT_FILENO, 0, SEEK_CUR);
	if (at <= out0 || noise_read(&s) != 0 || noise_format(line, sizeof(line), &s) < 0)
		return;
	/* A failed write is msg's check at exit to report, after this. */
	fputs(line, stdout);
}

void
noise_start(enum output_mode mode)
{
	if (owner != 0)
		return;
	if (own_switches(&nivcsw0, &nvcsw0, &kids0) != 0)
		nivcsw0 = nvcsw0 = kids0 = 0;
	migrations0 = own_migrations();
	t0 = timing_now();
	owner = getpid();
	out0 = lseek(STDOUT_FILENO, 0, SEEK_CUR);
	if (mode == OUTPUT_RAW && out0 >= 0)
		(void)atexit(print_at_exit);
}
