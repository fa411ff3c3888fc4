/*
 * basic: a small TAP producer for hostbench's C tests.
 *
 * plan(n) first (or skip_all(reason) when the file cannot run here), then
 * one assertion per check.  Each assertion prints "ok N - description" or
 * "not ok N - description" with the expected and seen values as
 * diagnostics, and returns whether it passed.  At exit the count of tests
 * run is checked against the plan and the exit status is non-zero when a
 * test failed or the count is off.
 */
#ifndef HB_TAP_BASIC_H
#define HB_TAP_BASIC_H

#include <stddef.h>

#include "core/compat.h"

void plan(unsigned long n);
HB_NORETURN void skip_all(const char *fmt, ...) HB_PRINTF(1, 2);
HB_NORETURN void bail(const char *fmt, ...) HB_PRINTF(1, 2);

int ok(int success, const char *fmt, ...) HB_PRINTF(2, 3);
int is_int(long long expected, long long seen, const char *fmt, ...) HB_PRINTF(3, 4);
/* For sizes and counts: unsigned, so they compare without a conversion. */
int is_uint(unsigned long long expected, unsigned long long seen,
	    const char *fmt, ...) HB_PRINTF(3, 4);
/* Passes when |expected - seen| <= tolerance (absolute). */
int is_double(double expected, double seen, double tolerance,
	      const char *fmt, ...) HB_PRINTF(4, 5);
/* Strings compare equal; NULL equals only NULL. */
int is_string(const char *expected, const char *seen, const char *fmt, ...) HB_PRINTF(3, 4);
void skip(const char *fmt, ...) HB_PRINTF(1, 2);
void diag(const char *fmt, ...) HB_PRINTF(1, 2);

#endif
