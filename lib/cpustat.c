/*
 * cpustat: system CPU time from /proc/stat (see cpustat.h).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cpustat.h"

int
cpustat_parse(const char *line, struct cpustat *s)
{
	struct cpustat t;
	const char *p = line;
	int n = 0;

	memset(&t, 0, sizeof(t));
	if (strncmp(p, "cpu", 3) != 0 || (p[3] != ' ' && p[3] != '\t')) {
		errno = EINVAL;
		return -1;
	}
	p += 3;
	while (n < CPUSTAT_NFIELDS) {
		char *end;
		unsigned long long v;

		while (*p == ' ' || *p == '\t')
			p++;
		if (*p < '0' || *p > '9')
			break;
		errno = 0;
		v = strtoull(p, &end, 10);
		if (errno != 0 || end == p)
			break;
		t.tick[n++] = v;
		p = end;
	}
	if (n < 4) {
		errno = EINVAL;
		return -1;
	}
	*s = t;
	return 0;
}

int
cpustat_read(const char *path, struct cpustat *s)
{
	char line[512];
	FILE *f = fopen(path != NULL ? path : "/proc/stat", "r");
	int rc = -1;

	if (f == NULL)
		return -1;
	errno = EINVAL;
	while (fgets(line, sizeof(line), f) != NULL)
		if (strncmp(line, "cpu ", 4) == 0) {
			rc = cpustat_parse(line, s);
			break;
		}
	fclose(f);
	if (rc != 0)
		errno = EINVAL;
	return rc;
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
