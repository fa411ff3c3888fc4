/*
 * runclock: the time a waiting party could have run (see runclock.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "core/runclock.h"
#include "core/timing.h"

#define PATH_LEN 512
#define TEXT_LEN 512		/* a pressure file is two lines of about 60 bytes */

/* ---------------------------------------------------------------- parsers */

/*
 * A decimal number at *p, at least one digit, ending where its token
 * does (a blank, a newline or the end).  0 and *v with *p past it, or -1.
 */
static int
number(const char **p, uint64_t *v)
{
	const char *s = *p;
	uint64_t x = 0;

	if (*s < '0' || *s > '9')
		return -1;
	for (; *s >= '0' && *s <= '9'; s++) {
		if (x > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
			return -1;
		x = x * 10 + (uint64_t)(*s - '0');
	}
	if (*s != '\0' && *s != ' ' && *s != '\t' && *s != '\n')
		return -1;
	*p = s;
	*v = x;
	return 0;
}

int
runclock_parse_pressure(const char *text, uint64_t *us)
{
	const char *line = text;

	while (line != NULL && *line != '\0') {
		const char *end = strchr(line, '\n'), *p;

		if (end == NULL)
			end = line + strlen(line);
		if (strncmp(line, "some ", 5) == 0) {
			/* The fields are NAME=VALUE words: total is the one named so. */
			for (p = line + 5; p < end; p++)
				if ((p[-1] == ' ' || p[-1] == '\t') && strncmp(p, "total=", 6) == 0) {
					p += 6;
					if (number(&p, us) == 0)
						return 0;
					break;
				}
			break;	/* one "some" line: a second one would be another file's */
		}
		line = *end == '\n' ? end + 1 : NULL;
	}
	errno = EINVAL;
	return -1;
}

int
runclock_parse_schedstat(const char *text, uint64_t *exec_ns, uint64_t *delay_ns)
{
	const char *p = text;
	uint64_t first, second;

	while (*p == ' ' || *p == '\t')
		p++;
	if (number(&p, &first) != 0)
		goto bad;
	if (*p != ' ' && *p != '\t')
		goto bad;
	while (*p == ' ' || *p == '\t')
		p++;
	if (number(&p, &second) != 0)
		goto bad;
	if (exec_ns != NULL)
		*exec_ns = first;
	*delay_ns = second;
	return 0;
bad:
	errno = EINVAL;
	return -1;
}

int
runclock_parse_cgroup(const char *text, char *path, size_t len)
{
	const char *line = text;

	while (line != NULL && *line != '\0') {
		const char *end = strchr(line, '\n'), *p, *q, *part;
		size_t n;

		if (end == NULL)
			end = line + strlen(line);
		if (strncmp(line, "0::", 3) != 0) {
			line = *end == '\n' ? end + 1 : NULL;
			continue;
		}
		p = line + 3;
		n = (size_t)(end - p);
		if (n == 0 || *p != '/' || n >= len)
			break;
		/* A path of the kernel's never climbs; one that does is not followed. */
		for (q = p; q < end; q = part) {
			part = memchr(q + 1, '/', (size_t)(end - q - 1));
			if (part == NULL)
				part = end;
			if (part - q == 3 && q[1] == '.' && q[2] == '.')
				goto bad;
		}
		memcpy(path, p, n);
		path[n] = '\0';
		return 0;
	}
bad:
	errno = EINVAL;
	return -1;
}

/* ---------------------------------------------------------------- the clock */

static struct {
	int init;
	const char *want_pressure, *want_schedstat;	/* runclock_set_sources; NULL: defaults */
	char pressure[PATH_LEN], schedstat[PATH_LEN];	/* "": none */
	char sources[2 * PATH_LEN + 32];
	pid_t pid;		/* whose run delay delay_ns is */
	int have_psi, have_delay;
	uint64_t psi_us, delay_ns;	/* at the last sample */
	uint64_t wall, run;	/* the last sample */
	uint64_t frozen;	/* overslept since the last sample */
	uint64_t carry;		/* stall read beyond its interval, for the next */
} rc;

/* path's text into buf (len bytes, NUL-terminated).  0, or -1. */
static int
read_text(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t r;

	if (fd < 0)
		return -1;
	do
		r = read(fd, buf, len - 1);
	while (r < 0 && errno == EINTR);
	close(fd);
	if (r < 0)
		return -1;
	buf[r] = '\0';
	return 0;
}

static int
read_pressure(const char *path, uint64_t *us)
{
	char text[TEXT_LEN];

	return read_text(path, text, sizeof(text)) == 0 && runclock_parse_pressure(text, us) == 0 ? 0 : -1;
}

static int
read_schedstat(const char *path, uint64_t *ns)
{
	char text[TEXT_LEN];

	return read_text(path, text, sizeof(text)) == 0 && runclock_parse_schedstat(text, NULL, ns) == 0 ? 0 : -1;
}

/* The pressure file to read: the test's, the system's, else the cgroup's; "" for none. */
static void
choose_pressure(void)
{
	char text[4096], cg[PATH_LEN];
	const char *env = getenv(RUNCLOCK_TEST_ENV);
	uint64_t v;

	rc.pressure[0] = '\0';
	if (rc.want_pressure != NULL) {
		snprintf(rc.pressure, sizeof(rc.pressure), "%s", rc.want_pressure);
		return;
	}
	/* The test's file is taken as it is: it may be written after the first reading. */
	if (env != NULL && *env != '\0' && strlen(env) < sizeof(rc.pressure)) {
		snprintf(rc.pressure, sizeof(rc.pressure), "%s", env);
		return;
	}
	if (read_pressure("/proc/pressure/cpu", &v) == 0) {
		snprintf(rc.pressure, sizeof(rc.pressure), "/proc/pressure/cpu");
		return;
	}
	if (read_text("/proc/self/cgroup", text, sizeof(text)) != 0
	    || runclock_parse_cgroup(text, cg, sizeof(cg)) != 0)
		return;
	if (snprintf(rc.pressure, sizeof(rc.pressure), "/sys/fs/cgroup%s/cpu.pressure",
		     strcmp(cg, "/") == 0 ? "" : cg) >= (int)sizeof(rc.pressure)
	    || read_pressure(rc.pressure, &v) != 0)
		rc.pressure[0] = '\0';
}

static void
start(uint64_t wall)
{
	uint64_t v;

	choose_pressure();
	rc.schedstat[0] = '\0';
	if (rc.want_schedstat != NULL)
		snprintf(rc.schedstat, sizeof(rc.schedstat), "%s", rc.want_schedstat);
	else if (read_schedstat("/proc/self/schedstat", &v) == 0)
		snprintf(rc.schedstat, sizeof(rc.schedstat), "/proc/self/schedstat");
	if (rc.pressure[0] == '\0' && rc.schedstat[0] == '\0')
		snprintf(rc.sources, sizeof(rc.sources), "wall time");
	else
		snprintf(rc.sources, sizeof(rc.sources), "%s%s%s%s%s",
			 rc.pressure[0] != '\0' ? "pressure " : "", rc.pressure,
			 rc.pressure[0] != '\0' && rc.schedstat[0] != '\0' ? ", " : "",
			 rc.schedstat[0] != '\0' ? "run delay " : "", rc.schedstat);
	rc.have_psi = rc.pressure[0] != '\0' && read_pressure(rc.pressure, &rc.psi_us) == 0;
	rc.have_delay = rc.schedstat[0] != '\0' && read_schedstat(rc.schedstat, &rc.delay_ns) == 0;
	rc.pid = getpid();
	rc.wall = rc.run = wall;
	rc.frozen = rc.carry = 0;
	rc.init = 1;
}

/* The interval since the last sample, up to wall, less its stall. */
static void
sample(uint64_t wall)
{
	uint64_t dwall = wall > rc.wall ? wall - rc.wall : 0, stall = rc.frozen, v;
	pid_t pid = getpid();

	rc.frozen = 0;
	/*
	 * A counter that went backwards (another file, a test's) starts
	 * afresh; so does the run delay of a forked child, which is its own.
	 */
	if (rc.pressure[0] != '\0' && read_pressure(rc.pressure, &v) == 0) {
		if (rc.have_psi && v >= rc.psi_us) {
			uint64_t d = v - rc.psi_us;

			d = d > UINT64_MAX / 1000 ? UINT64_MAX : d * 1000;
			stall = d > stall ? d : stall;
		}
		rc.psi_us = v;
		rc.have_psi = 1;
	}
	if (rc.schedstat[0] != '\0' && read_schedstat(rc.schedstat, &v) == 0) {
		if (rc.have_delay && rc.pid == pid && v >= rc.delay_ns && v - rc.delay_ns > stall)
			stall = v - rc.delay_ns;
		rc.delay_ns = v;
		rc.have_delay = 1;
		rc.pid = pid;
	}
	stall = stall > UINT64_MAX - rc.carry ? UINT64_MAX : stall + rc.carry;
	if (stall > dwall) {
		rc.carry = stall - dwall > RUNCLOCK_CARRY_NS ? RUNCLOCK_CARRY_NS : stall - dwall;
		stall = dwall;
	} else {
		rc.carry = 0;
	}
	rc.run += dwall - stall;
	if (wall > rc.wall)
		rc.wall = wall;
}

uint64_t
runclock_now(uint64_t *wall)
{
	uint64_t now = timing_now();

	if (!rc.init)
		start(now);
	else if (now < rc.wall || now - rc.wall >= RUNCLOCK_SAMPLE_NS)
		sample(now);
	if (wall != NULL)
		*wall = now;
	return rc.run;
}

uint64_t
runclock_overslept(uint64_t since, uint64_t asked)
{
	uint64_t after = timing_now(), gap;

	if (after <= since || after - since <= asked || (gap = after - since - asked) <= RUNCLOCK_FROZEN_NS)
		return 0;
	rc.frozen = rc.frozen > UINT64_MAX - gap ? UINT64_MAX : rc.frozen + gap;
	return gap;
}

const char *
runclock_pressure_path(void)
{
	if (!rc.init)
		start(timing_now());
	return rc.pressure;
}

const char *
runclock_sources(void)
{
	if (!rc.init)
		start(timing_now());
	return rc.sources;
}

void
runclock_set_sources(const char *pressure, const char *schedstat)
{
	rc.want_pressure = pressure;
	rc.want_schedstat = schedstat;
	rc.init = 0;
}

/* ---------------------------------------------------------------- deadlines */

static uint64_t
add_ns(uint64_t t, uint64_t ns)
{
	return ns == RUNCLOCK_NONE || ns >= RUNCLOCK_NONE - t ? RUNCLOCK_NONE : t + ns;
}

void
runclock_deadline(struct runclock_deadline *d, uint64_t run_ns, uint64_t wall_ns)
{
	uint64_t wall, run = runclock_now(&wall);

	d->run = add_ns(run, run_ns);
	d->wall = add_ns(wall, wall_ns);
}

uint64_t
runclock_left(const struct runclock_deadline *d)
{
	uint64_t wall, run = runclock_now(&wall), left = RUNCLOCK_NONE;

	if (d->wall != RUNCLOCK_NONE) {
		if (wall >= d->wall)
			return 0;
		left = d->wall - wall;
	}
	if (d->run != RUNCLOCK_NONE) {
		if (run >= d->run)
			return 0;
		if (d->run - run < left)
			left = d->run - run;
	}
	return left;
}

void
runclock_thaw(struct runclock_deadline *d, uint64_t gap)
{
	if (d->wall != RUNCLOCK_NONE)
		d->wall = add_ns(d->wall, gap);
}
