/*
 * parse: range-checked numbers from option values.  Pure functions: no I/O.
 *
 * Every function takes the option's name (for messages, e.g. "-N" or
 * "SIZE"), the string, the allowed range and an error buffer.  On success
 * it stores the value and returns 0; on failure it writes a one-line
 * message naming the option, the value and the allowed range into err
 * (truncated to errlen, always NUL-terminated when errlen > 0; err may be
 * NULL) and returns -1, leaving *out unchanged.  On success err is not
 * touched.  No function accepts white space, and a value too large for
 * the type is reported as out of range.  The messages read:
 *
 *   -N: 'abc' is not a whole number; allowed: 1 .. 100000
 *   -N: value '0' is out of range; allowed: 1 .. 100000
 */
#ifndef HB_PARSE_H
#define HB_PARSE_H

#include <stddef.h>
#include <stdint.h>

#define PARSE_ERRLEN 256

/* A decimal integer (optional sign; no suffix, no trailing junk). */
int parse_int(const char *opt, const char *s, long long lo, long long hi,
	      long long *out, char *err, size_t errlen);

/*
 * A size in bytes: a whole number with an optional suffix k, m or g
 * (either case; 2^10, 2^20, 2^30), optionally followed by b or B
 * ("64m", "512", "16K", "1gb").  Overflow is an error, not a wrap, and a
 * negative number is out of range.
 * The range in messages is printed with suffixes where exact ("1k .. 1g").
 */
int parse_size(const char *opt, const char *s, uint64_t lo, uint64_t hi,
	       uint64_t *out, char *err, size_t errlen);

/*
 * A size or count as dd(1) spells it: a whole number with an optional
 * suffix, or several such terms joined by x, multiplied ("2x512").  The
 * suffixes are dd's: c 1, w 2, b 512; K (or k, or KiB) 2^10, M (MiB)
 * 2^20, G, T, P, E the powers of 2^10 after; kB (or KB) 10^3, MB 10^6,
 * GB, TB, PB, EB the powers of 10^3 after.  A lower-case m, g, t, p or e
 * is the binary one too, as the other programs' sizes read it ("64m").
 * Overflow is an error, not a wrap.
 */
int parse_dd_size(const char *opt, const char *s, uint64_t lo, uint64_t hi,
		  uint64_t *out, char *err, size_t errlen);

/* A decimal floating-point number; NaN and infinities are errors. */
int parse_double(const char *opt, const char *s, double lo, double hi,
		 double *out, char *err, size_t errlen);

/*
 * A duration in nanoseconds: a decimal number (fractions allowed) with
 * an optional unit ns, us, ms or s; with no unit, default_unit (one of
 * those strings) applies.  "1.5ms" -> 1500000.  Units are lower case.
 * The result is rounded to the nearest nanosecond; it goes through a
 * double, so whole numbers are exact up to 2^53 ns (104 days).
 */
int parse_duration(const char *opt, const char *s, const char *default_unit,
		   uint64_t lo_ns, uint64_t hi_ns, uint64_t *out_ns,
		   char *err, size_t errlen);

/*
 * A CPU list "0", "0,2", "1-3,6": stores up to max distinct CPU numbers,
 * each in 0 .. max_cpu, in ascending order, into cpus and their count into
 * *n.  Empty lists, reversed ranges and junk are errors; repeats count
 * once.  On failure *n is unchanged but cpus may have been written.
 */
int parse_cpulist(const char *opt, const char *s, int max_cpu,
		  int *cpus, size_t max, size_t *n, char *err, size_t errlen);

#endif
