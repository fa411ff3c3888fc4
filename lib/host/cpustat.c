/*
 * cpustat: system CPU time from /proc/stat (see cpustat.h).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef HAVE_SYS_RESOURCE_H
# include <sys/resource.h>
#endif

#include "host/cpustat.h"

int
cpustat_parse_ticks(const char *p, const char *end, struct cpustat *s)
{
	struct cpustat t;
	int n = 0;

	memset(&t, 0, sizeof(t));
	while (n < CPUSTAT_NFIELDS) {
		uint64_t v = 0;
		int digits = 0;

		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		for (; p < end && *p >= '0' && *p <= '9'; p++, digits++) {
			if (v > (UINT64_MAX - 9) / 10) {
				errno = EINVAL;
				return -1;
			}
			v = v * 10 + (uint64_t)(*p - '0');
		}
		if (digits == 0)
			break;
		t.tick[n++] = v;
	}
	if (n < 4) {
		errno = EINVAL;
		return -1;
	}
	*s = t;
	return 0;
}

int
cpustat_parse(const char *line, struct cpustat *s)
{
	if (strncmp(line, "cpu", 3) != 0 || (line[3] != ' ' && line[3] != '\t')) {
		errno = EINVAL;
		return -1;
	}
	return cpustat_parse_ticks(line + 3, line + strlen(line), s);
}

/*
 * The first line of file (def when it is NULL) that starts with prefix
 * ("": the first line), in line.  0, or -1 with errno set: fopen's, or
 * EINVAL when there is no such line.
 */
static int
first_line(const char *file, const char *def, const char *prefix, char *line, int size)
{
	FILE *f = fopen(file != NULL ? file : def, "r");
	size_t n = strlen(prefix);
	int rc = -1;

	if (f == NULL)
		return -1;
	while (fgets(line, size, f) != NULL)
		if (strncmp(line, prefix, n) == 0) {
			rc = 0;
			break;
		}
	fclose(f);
	if (rc != 0)
		errno = EINVAL;
	return rc;
}

int
cpustat_read(const char *path, struct cpustat *s)
{
	char line[512];

	if (first_line(path, "/proc/stat", "cpu ", line, (int)sizeof(line)) != 0)
		return -1;
	if (cpustat_parse(line, s) != 0) {
		errno = EINVAL;
		return -1;
	}
	return 0;
}

void
cpustat_delta(const struct cpustat *a, const struct cpustat *b, long hz,
	      struct cpuload *l)
{
	double d[CPUSTAT_NFIELDS], total = 0;
	int i;

	memset(l, 0, sizeof(*l));
	for (i = 0; i < CPUSTAT_NFIELDS; i++) {
		d[i] = b->tick[i] >= a->tick[i] ? (double)(b->tick[i] - a->tick[i]) : 0;
		total += d[i];
	}
	if (total <= 0)
		return;
	l->user = 100 * (d[CPUSTAT_USER] + d[CPUSTAT_NICE]) / total;
	l->system = 100 * d[CPUSTAT_SYSTEM] / total;
	l->irq = 100 * d[CPUSTAT_IRQ] / total;
	l->softirq = 100 * d[CPUSTAT_SOFTIRQ] / total;
	l->busy = l->user + l->system + l->irq + l->softirq;
	l->busy_us = (d[CPUSTAT_USER] + d[CPUSTAT_NICE] + d[CPUSTAT_SYSTEM]
		      + d[CPUSTAT_IRQ] + d[CPUSTAT_SOFTIRQ]) * 1e6 / (double)(hz > 0 ? hz : 100);
}

double
cpustat_demand(const struct cpuload *l, uint64_t bytes)
{
	return bytes > 0 ? l->busy_us / ((double)bytes / 1024.0) : 0;
}

long
cpustat_hz(void)
{
#ifdef _SC_CLK_TCK
	long hz = sysconf(_SC_CLK_TCK);

	if (hz > 0)
		return hz;
#endif
	return 100;
}

int
cpustat_self(struct cpuown *c)
{
#ifdef HAVE_SYS_RESOURCE_H
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) != 0)
		return -1;
	c->user_us = (uint64_t)ru.ru_utime.tv_sec * 1000000 + (uint64_t)ru.ru_utime.tv_usec;
	c->sys_us = (uint64_t)ru.ru_stime.tv_sec * 1000000 + (uint64_t)ru.ru_stime.tv_usec;
	return 0;
#else
	(void)c;
	errno = ENOSYS;
	return -1;
#endif
}

void
cpustat_own_load(const struct cpuown *a, const struct cpuown *b, uint64_t span_ns,
		 long ncpus, double *user, double *system)
{
	double all_us = (double)span_ns / 1e3 * (double)(ncpus > 0 ? ncpus : 1);

	*user = *system = 0;
	if (all_us <= 0)
		return;
	if (b->user_us > a->user_us)
		*user = 100 * (double)(b->user_us - a->user_us) / all_us;
	if (b->sys_us > a->sys_us)
		*system = 100 * (double)(b->sys_us - a->sys_us) / all_us;
}

long
cpustat_ncpus(void)
{
#ifdef _SC_NPROCESSORS_ONLN
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	if (n > 0)
		return n;
#endif
	return 1;
}

int
cpustat_parse_boot_id(const char *text, uint64_t id[2])
{
	uint64_t w[2] = { 0, 0 };
	const char *p = text;
	int n = 0;

	for (; *p != '\0' && *p != '\n'; p++) {
		int d;

		if (*p == '-')
			continue;
		if (*p >= '0' && *p <= '9')
			d = *p - '0';
		else if (*p >= 'a' && *p <= 'f')
			d = *p - 'a' + 10;
		else if (*p >= 'A' && *p <= 'F')
			d = *p - 'A' + 10;
		else
			break;
		if (n == 32)
			break;
		w[n / 16] = w[n / 16] << 4 | (uint64_t)d;
		n++;
	}
	if (n != 32 || (*p != '\0' && *p != '\n') || (*p == '\n' && p[1] != '\0')
	    || (w[0] == 0 && w[1] == 0)) {
		errno = EINVAL;
		return -1;
	}
	id[0] = w[0];
	id[1] = w[1];
	return 0;
}

int
cpustat_boot_id(const char *path, uint64_t id[2])
{
	char line[80];

	if (first_line(path, "/proc/sys/kernel/random/boot_id", "", line, (int)sizeof(line)) != 0)
		return -1;
	return cpustat_parse_boot_id(line, id);
}
