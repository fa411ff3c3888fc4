/*
 * basic: a small TAP producer (see basic.h).
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap/basic.h"

static unsigned long planned;
static unsigned long run;
static unsigned long failed;
static int have_plan;
static pid_t plan_pid;		/* a forked child that exits reports nothing */

static void
finish(void)
{
	fflush(stdout);
	if (!have_plan || getpid() != plan_pid)
		return;
	if (run != planned) {
		printf("# planned %lu tests but ran %lu\n", planned, run);
		fflush(stdout);
		_exit(255);
	}
	if (failed > 0) {
		printf("# failed %lu of %lu tests\n", failed, run);
		fflush(stdout);
		_exit(1);
	}
}

void
plan(unsigned long n)
{
	planned = n;
	have_plan = 1;
	plan_pid = getpid();
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("1..%lu\n", n);
	fflush(stdout);
	atexit(finish);
}

static void vreport(int success, const char *fmt, va_list ap) HB_PRINTF(2, 0);

static void
vreport(int success, const char *fmt, va_list ap)
{
	run++;
	if (!success)
		failed++;
	printf("%sok %lu - ", success ? "" : "not ", run);
	vprintf(fmt, ap);
	putchar('\n');
	fflush(stdout);
}

void
skip_all(const char *fmt, ...)
{
	va_list ap;

	printf("1..0 # SKIP ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
	exit(0);
}

void
bail(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	printf("Bail out! ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
	_exit(255);
}

int
ok(int success, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(success, fmt, ap);
	va_end(ap);
	return success;
}

int
is_int(long long expected, long long seen, const char *fmt, ...)
{
	va_list ap;
	int success = expected == seen;

	va_start(ap, fmt);
	vreport(success, fmt, ap);
	va_end(ap);
	if (!success)
		diag("expected %lld, seen %lld", expected, seen);
	return success;
}

int
is_uint(unsigned long long expected, unsigned long long seen, const char *fmt, ...)
{
	va_list ap;
	int success = expected == seen;

	va_start(ap, fmt);
	vreport(success, fmt, ap);
	va_end(ap);
	if (!success)
		diag("expected %llu, seen %llu", expected, seen);
	return success;
}

int
is_double(double expected, double seen, double tolerance, const char *fmt, ...)
{
	va_list ap;
	int success;

	if (isnan(expected) || isnan(seen))
		success = isnan(expected) && isnan(seen);
	else if (isinf(expected) || isinf(seen))
		success = expected == seen;
	else
		success = fabs(expected - seen) <= tolerance;
	va_start(ap, fmt);
	vreport(success, fmt, ap);
	va_end(ap);
	if (!success)
		diag("expected %.12g (+-%g), seen %.12g", expected, tolerance, seen);
	return success;
}

int
is_string(const char *expected, const char *seen, const char *fmt, ...)
{
	va_list ap;
	int success;

	if (expected == NULL || seen == NULL)
		success = expected == seen;
	else
		success = strcmp(expected, seen) == 0;
	va_start(ap, fmt);
	vreport(success, fmt, ap);
	va_end(ap);
	if (!success)
		diag("expected '%s', seen '%s'", expected ? expected : "(null)",
		     seen ? seen : "(null)");
	return success;
}

void
skip(const char *fmt, ...)
{
	va_list ap;

	run++;
	printf("ok %lu # SKIP ", run);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

void
diag(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}
