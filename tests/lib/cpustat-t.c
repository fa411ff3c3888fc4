/*
 * cpustat-t: parsing /proc/stat lines, utilization and service demand
 * against hand-computed values, and reading a made-up file.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "host/cpustat.h"
#include "tap/basic.h"

#define EPS 1e-9

/* Where the spin's sums go: the compiler must not drop the loop. */
static volatile unsigned long spin_sink;

/* Our own CPU time: getrusage, and its share of the CPUs over a span. */
static void
test_own(void)
{
	struct cpuown a, b;
	double user, sys;
	uint64_t t0;
	int ok_a = cpustat_self(&a) == 0;

	ok(ok_a, "cpustat_self reads our CPU time");
	/* Spin 50 ms of CPU time (or, on a loaded machine, until 5 s have passed). */
	t0 = (uint64_t)time(NULL);
	do {
		unsigned long i;

		for (i = 0; i < 100000; i++)
			spin_sink += i;
	} while (cpustat_self(&b) == 0 && b.user_us + b.sys_us < a.user_us + a.sys_us + 50000
		 && (uint64_t)time(NULL) < t0 + 5);
	ok(b.user_us + b.sys_us >= a.user_us + a.sys_us, "it never goes backwards");
	ok(b.user_us > a.user_us, "a spin counts as user time");

	a.user_us = 1000000, a.sys_us = 500000;
	b.user_us = 1500000, b.sys_us = 600000;
	cpustat_own_load(&a, &b, 1000000000, 2, &user, &sys);
	is_double(25, user, EPS, "0.5 s of user time in 1 s on 2 CPUs: 25%%");
	is_double(5, sys, EPS, "0.1 s of system time: 5%%");
	cpustat_own_load(&b, &a, 1000000000, 2, &user, &sys);
	ok(user == 0 && sys == 0, "backwards: 0");
	cpustat_own_load(&a, &b, 0, 2, &user, &sys);
	ok(user == 0 && sys == 0, "an empty span: 0");
	ok(cpustat_ncpus() >= 1, "at least one CPU online (%ld)", cpustat_ncpus());
}

static void
test_boot_id(void)
{
	uint64_t id[2] = { 7, 7 }, here[2];
	char path[] = "/tmp/cpustat-t.XXXXXX";
	FILE *f;
	int fd;

	ok(cpustat_parse_boot_id("1b4e28ba-2fa1-11d2-883f-0016d3cca427\n", id) == 0
	   && id[0] == 0x1b4e28ba2fa111d2ull && id[1] == 0x883f0016d3cca427ull,
	   "a boot id: the first 16 digits in the first word");
	ok(cpustat_parse_boot_id("1B4E28BA2FA111D2883F0016D3CCA427", id) == 0
	   && id[0] == 0x1b4e28ba2fa111d2ull, "without dashes, upper case");
	errno = 0;
	ok(cpustat_parse_boot_id("1b4e28ba-2fa1-11d2-883f-0016d3cca42", id) == -1 && errno == EINVAL,
	   "31 digits: refused");
	ok(cpustat_parse_boot_id("1b4e28ba-2fa1-11d2-883f-0016d3cca4270", id) == -1, "33 digits: refused");
	ok(cpustat_parse_boot_id("1b4e28ba-2fa1-11d2-883f-0016d3cca42g", id) == -1, "a non-hex digit: refused");
	ok(cpustat_parse_boot_id("00000000-0000-0000-0000-000000000000", id) == -1,
	   "all zeros (\"not known\" on the wire): refused");
	ok(cpustat_parse_boot_id("1b4e28ba-2fa1-11d2-883f-0016d3cca427\nx", id) == -1,
	   "anything after the newline: refused");

	fd = mkstemp(path);
	f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (f == NULL)
		bail("cannot make a temporary file");
	fputs("0123456789abcdef0123456789abcdef\n", f);
	fclose(f);
	ok(cpustat_boot_id(path, id) == 0 && id[1] == 0x0123456789abcdefull, "cpustat_boot_id reads a file");
	unlink(path);
	errno = 0;
	ok(cpustat_boot_id(path, id) == -1 && errno == ENOENT, "a missing file: ENOENT");
	if (cpustat_boot_id(NULL, id) == 0)
		ok(cpustat_boot_id(NULL, here) == 0 && here[0] == id[0] && here[1] == id[1],
		   "this kernel's boot id reads the same twice");
	else
		skip("no /proc/sys/kernel/random/boot_id here");
}

int
main(void)
{
	struct cpustat a, b;
	struct cpuload l;
	char path[] = "/tmp/cpustat-t.XXXXXX";
	FILE *f;
	int fd;

	plan(26 + 8 + 10);

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
	test_own();
	test_boot_id();
	return 0;
}
