/*
 * cpustat-t: parsing /proc/stat lines, utilization and service demand
 * against hand-computed values, and reading a made-up file.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap/basic.h"
#include "cpustat.h"

#define EPS 1e-9

int
main(void)
{
	struct cpustat a, b;
	struct cpuload l;
	char path[] = "/tmp/cpustat-t.XXXXXX";
	FILE *f;
	int fd;

	plan(26);

	ok(cpustat_parse("cpu  10 2 30 400 5 6 7 8 9 10\n", &a) == 0, "a full cpu line parses");
	is_int(10, (long long)a.tick[CPUSTAT_USER], "user is the first field");
	is_int(2, (long long)a.tick[CPUSTAT_NICE], "then nice");
	is_int(30, (long long)a.tick[CPUSTAT_SYSTEM], "then system");
	is_int(400, (long long)a.tick[CPUSTAT_IDLE], "then idle");
	is_int(6, (long long)a.tick[CPUSTAT_IRQ], "irq is the sixth");
	is_int(7, (long long)a.tick[CPUSTAT_SOFTIRQ], "softirq the seventh");
	is_int(8, (long long)a.tick[CPUSTAT_STEAL], "steal the eighth; guest fields are ignored");

	ok(cpustat_parse("cpu 1 2 3 4", &b) == 0, "an old kernel's four fields parse");
	is_int(0, (long long)b.tick[CPUSTAT_SOFTIRQ], "missing fields are 0");
	errno = 0;
	ok(cpustat_parse("cpu 1 2 3", &b) == -1 && errno == EINVAL, "three fields are too few");
	ok(cpustat_parse("cpu0 1 2 3 4", &b) == -1, "a per-CPU line is not the aggregate");
	ok(cpustat_parse("intr 1 2 3 4", &b) == -1, "another line is refused");
	ok(cpustat_parse("cpu  99999999999999999999999 1 2 3", &b) == -1, "an overflowing count is refused");

	/* 1000 ticks: user 100 + nice 100, system 300, irq 50, softirq 150, idle 300. */
	memset(&a, 0, sizeof(a));
	b = a;
	b.tick[CPUSTAT_USER] = 100;
	b.tick[CPUSTAT_NICE] = 100;
	b.tick[CPUSTAT_SYSTEM] = 300;
	b.tick[CPUSTAT_IRQ] = 50;
	b.tick[CPUSTAT_SOFTIRQ] = 150;
	b.tick[CPUSTAT_IDLE] = 300;
	cpustat_delta(&a, &b, 100, &l);
	is_double(20, l.user, EPS, "user includes nice: 20%%");
	is_double(30, l.system, EPS, "system 30%%");
	is_double(5, l.irq, EPS, "irq 5%%");
	is_double(15, l.softirq, EPS, "softirq 15%%");
	is_double(70, l.busy, EPS, "busy is their sum");
	is_double(7e6, l.busy_us, EPS, "700 busy ticks at 100 Hz are 7 s of CPU");
	/* 7e6 us for 7000 KB: 1000 us per KB. */
	is_double(1000, cpustat_demand(&l, 7000 * 1024), EPS, "service demand in us per KB");
	is_double(0, cpustat_demand(&l, 0), EPS, "no bytes: no demand");
	cpustat_delta(&b, &a, 100, &l);
	is_double(0, l.busy, EPS, "counters that went backwards count as nothing");

	fd = mkstemp(path);
	f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (f == NULL)
		bail("cannot make a temporary file");
	fputs("cpu  1 2 3 4 5 6 7 8 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\nintr 5\n", f);
	fclose(f);
	ok(cpustat_read(path, &a) == 0 && a.tick[CPUSTAT_STEAL] == 8, "cpustat_read finds the aggregate line");
	unlink(path);
	errno = 0;
	ok(cpustat_read(path, &a) == -1 && errno == ENOENT, "a missing file: ENOENT");
	ok(cpustat_hz() > 0, "the tick rate is positive (%ld)", cpustat_hz());
	return 0;
}
