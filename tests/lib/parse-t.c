/*
 * parse-t: option value parsers, every success and every error path.
 *
 * Each table row is a value and either the expected result or (when msg
 * is set) the part of the error message after "'value' ", which must
 * also carry the allowed range.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "core/parse.h"
#include "tap/basic.h"

#define KB 1024ULL
#define MB (KB * KB)
#define GB (MB * KB)

static const struct {
	const char *s;
	long long lo, hi, want;
	const char *msg;
} ints[] = {
	{ "42", 1, 100, 42, NULL },
	{ "+7", 1, 100, 7, NULL },
	{ "-5", -10, 10, -5, NULL },
	{ "007", 1, 100, 7, NULL },
	{ "1", 1, 100, 1, NULL },
	{ "100", 1, 100, 100, NULL },
	{ "9223372036854775807", LLONG_MIN, LLONG_MAX, LLONG_MAX, NULL },
	{ "-9223372036854775808", LLONG_MIN, LLONG_MAX, LLONG_MIN, NULL },
	{ "abc", 1, 100000, 0, "is not a whole number; allowed: 1 .. 100000" },
	{ "", 1, 100, 0, "is not a whole number; allowed: 1 .. 100" },
	{ "12abc", 1, 100, 0, "is not a whole number; allowed: 1 .. 100" },
	{ " 12", 1, 100, 0, "is not a whole number; allowed: 1 .. 100" },
	{ "12 ", 1, 100, 0, "is not a whole number; allowed: 1 .. 100" },
	{ "1.5", 1, 100, 0, "is not a whole number; allowed: 1 .. 100" },
	{ "0x10", 1, 100, 0, "is not a whole number; allowed: 1 .. 100" },
	{ "1e3", 1, 10000, 0, "is not a whole number; allowed: 1 .. 10000" },
	{ "-", 1, 100, 0, "is not a whole number; allowed: 1 .. 100" },
	{ "0", 1, 100000, 0, "is out of range; allowed: 1 .. 100000" },
	{ "101", 1, 100, 0, "is out of range; allowed: 1 .. 100" },
	{ "-11", -10, 10, 0, "is out of range; allowed: -10 .. 10" },
	{ "9223372036854775808", 0, LLONG_MAX, 0,
	  "is out of range; allowed: 0 .. 9223372036854775807" },
	{ "-99999999999999999999", LLONG_MIN, 0, 0,
	  "is out of range; allowed: -9223372036854775808 .. 0" },
};

static const struct {
	const char *s;
	uint64_t lo, hi, want;
	const char *msg;
} sizes[] = {
	{ "512", 1, GB, 512, NULL },
	{ "64k", 1, GB, 64 * KB, NULL },
	{ "16K", 1, GB, 16 * KB, NULL },
	{ "16m", 1, GB, 16 * MB, NULL },
	{ "3M", 1, GB, 3 * MB, NULL },
	{ "1g", 1, GB, GB, NULL },
	{ "1G", 1, GB, GB, NULL },
	{ "1gb", 1, GB, GB, NULL },
	{ "2MB", 1, GB, 2 * MB, NULL },
	{ "16kB", 1, GB, 16 * KB, NULL },
	{ "512b", 1, GB, 512, NULL },
	{ "0", 0, 1, 0, NULL },
	{ "18446744073709551615", 0, UINT64_MAX, UINT64_MAX, NULL },
	{ "17179869183g", 0, UINT64_MAX, 17179869183ULL * GB, NULL },
	{ "", KB, GB, 0, "is not a size" },
	{ "k", KB, GB, 0, "is not a size" },
	{ "12x", KB, GB, 0, "is not a size" },
	{ "12kk", KB, GB, 0, "is not a size" },
	{ "12bk", KB, GB, 0, "is not a size" },
	{ "12 k", KB, GB, 0, "is not a size" },
	{ " 12", KB, GB, 0, "is not a size" },
	{ "12k ", KB, GB, 0, "is not a size" },
	{ "1.5k", KB, GB, 0, "is not a size" },
	{ "+1k", KB, GB, 0, "is not a size" },
	{ "0x10", 0, GB, 0, "is not a size (a whole number with optional"
	  " suffix k, m or g); allowed: 0 .. 1g" },
	{ "-1", 0, GB, 0, "is out of range; allowed: 0 .. 1g" },
	{ "-1k", KB, GB, 0, "is out of range; allowed: 1k .. 1g" },
	{ "1023", KB, GB, 0, "is out of range; allowed: 1k .. 1g" },
	{ "2g", 3 * MB, GB, 0, "is out of range; allowed: 3m .. 1g" },
	{ "1g", 1, 1536, 0, "is out of range; allowed: 1 .. 1536" },
	{ "0", 1024 * GB, UINT64_MAX, 0,
	  "is out of range; allowed: 1024g .. 18446744073709551615" },
	{ "18446744073709551616", 0, UINT64_MAX, 0, "is out of range" },
	{ "17179869184g", 0, UINT64_MAX, 0, "is out of range" },
	{ "99999999999999999999999k", 0, UINT64_MAX, 0, "is out of range" },
};

/* dd's spellings (parse_dd_size): the same fields as sizes[]. */
static const struct {
	const char *s;
	uint64_t lo, hi, want;
	const char *msg;
} dd_sizes[] = {
	{ "512", 1, UINT64_MAX, 512, NULL },
	{ "1c", 1, UINT64_MAX, 1, NULL },
	{ "1w", 1, UINT64_MAX, 2, NULL },
	{ "1b", 1, UINT64_MAX, 512, NULL },
	{ "1kB", 1, UINT64_MAX, 1000, NULL },
	{ "1KB", 1, UINT64_MAX, 1000, NULL },
	{ "1K", 1, UINT64_MAX, 1024, NULL },
	{ "1k", 1, UINT64_MAX, 1024, NULL },
	{ "1KiB", 1, UINT64_MAX, 1024, NULL },
	{ "1MB", 1, UINT64_MAX, 1000000, NULL },
	{ "1M", 1, UINT64_MAX, MB, NULL },
	{ "1m", 1, UINT64_MAX, MB, NULL },
	{ "1MiB", 1, UINT64_MAX, MB, NULL },
	{ "3GB", 1, UINT64_MAX, 3000000000ULL, NULL },
	{ "3G", 1, UINT64_MAX, 3 * GB, NULL },
	{ "2TB", 1, UINT64_MAX, 2000000000000ULL, NULL },
	{ "2T", 1, UINT64_MAX, 2ULL << 40, NULL },
	{ "1EB", 1, UINT64_MAX, 1000000000000000000ULL, NULL },
	{ "2x512", 1, UINT64_MAX, 1024, NULL },
	{ "2x3x4", 1, UINT64_MAX, 24, NULL },
	{ "1xM", 1, UINT64_MAX, MB, NULL },
	{ "4x1kB", 1, UINT64_MAX, 4000, NULL },
	{ "0", 0, 1, 0, NULL },
	{ "", 1, GB, 0, "is not a size as dd writes it" },
	{ "M", 1, GB, 0, "is not a size as dd writes it" },
	{ "1x", 1, GB, 0, "is not a size as dd writes it" },
	{ "x2", 1, GB, 0, "is not a size as dd writes it" },
	{ "1Mb", 1, GB, 0, "is not a size as dd writes it" },
	{ "1kb", 1, GB, 0, "is not a size as dd writes it" },
	{ "1MiBx", 1, GB, 0, "is not a size as dd writes it" },
	{ "1.5M", 1, GB, 0, "is not a size as dd writes it" },
	{ "-1", 1, GB, 0, "is not a size as dd writes it" },
	{ "1 M", 1, GB, 0, "is not a size as dd writes it" },
	{ "17E", 1, UINT64_MAX, 0, "is out of range" },
	{ "16Ex2", 1, UINT64_MAX, 0, "is out of range" },
	{ "99999999999999999999", 1, UINT64_MAX, 0, "is out of range" },
	{ "2GB", 1, GB, 0, "is out of range; allowed: 1 .. 1g" },
};

static const struct {
	const char *s;
	double lo, hi, want;
	const char *msg;
} doubles[] = {
	{ "1.5", 0, 10, 1.5, NULL },
	{ "-2", -5, 5, -2, NULL },
	{ "+3", 0, 10, 3, NULL },
	{ ".5", 0, 10, 0.5, NULL },
	{ "5.", 0, 10, 5, NULL },
	{ "1e3", 0, 1e6, 1000, NULL },
	{ "1E-3", 0, 1, 0.001, NULL },
	{ "1e-400", 0, 1, 0, NULL },		/* underflow is just small */
	{ "", 0, 1, 0, "is not a decimal number; allowed: 0 .. 1" },
	{ "abc", 0, 1, 0, "is not a decimal number; allowed: 0 .. 1" },
	{ "nan", -1e300, 1e300, 0, "is not a decimal number" },
	{ "NaN", -1e300, 1e300, 0, "is not a decimal number" },
	{ "inf", -1e300, 1e300, 0, "is not a decimal number" },
	{ "-infinity", -1e300, 1e300, 0, "is not a decimal number" },
	{ "0x1p3", 0, 10, 0, "is not a decimal number" },
	{ " 1", 0, 10, 0, "is not a decimal number" },
	{ "1 ", 0, 10, 0, "is not a decimal number" },
	{ "1.5x", 0, 10, 0, "is not a decimal number" },
	{ "1e", 0, 10, 0, "is not a decimal number" },
	{ ".", 0, 10, 0, "is not a decimal number" },
	{ "e5", 0, 10, 0, "is not a decimal number" },
	{ "0.25", 0.5, 2, 0, "is out of range; allowed: 0.5 .. 2" },
	{ "2.5", 0.5, 2, 0, "is out of range; allowed: 0.5 .. 2" },
	{ "1e400", 0, 1e300, 0, "is out of range; allowed: 0 .. 1e+300" },
	{ "-1e400", -1e300, 0, 0, "is out of range" },
};

static const struct {
	const char *s, *unit;
	uint64_t lo, hi, want;
	const char *msg;
} durations[] = {
	{ "1.5ms", "ms", 0, UINT64_MAX, 1500000, NULL },
	{ "1.5", "ms", 0, UINT64_MAX, 1500000, NULL },
	{ "250us", "ms", 0, UINT64_MAX, 250000, NULL },
	{ "2s", "ms", 0, UINT64_MAX, 2000000000, NULL },
	{ "10ns", "s", 0, UINT64_MAX, 10, NULL },
	{ "0.5", "s", 0, UINT64_MAX, 500000000, NULL },
	{ "0.1s", "us", 0, UINT64_MAX, 100000000, NULL },
	{ "7", "ns", 0, UINT64_MAX, 7, NULL },
	{ "3", "us", 0, UINT64_MAX, 3000, NULL },
	{ "1e3us", "s", 0, UINT64_MAX, 1000000, NULL },
	{ "1.4ns", "ns", 0, UINT64_MAX, 1, NULL },	/* to the nearest ns */
	{ "1.6ns", "ns", 0, UINT64_MAX, 2, NULL },
	{ "", "ms", 1000000, 10000000000ULL, 0,
	  "is not a duration (a number with unit ns, us, ms or s);"
	  " allowed: 1ms .. 10s" },
	{ "ms", "ms", 0, 1000, 0, "is not a duration" },
	{ "5min", "ms", 0, 1000, 0, "is not a duration" },
	{ "5 ms", "ms", 0, 1000, 0, "is not a duration" },
	{ "5msx", "ms", 0, 1000, 0, "is not a duration" },
	{ " 5", "ms", 0, 1000, 0, "is not a duration" },
	{ "nan", "ms", 0, 1000, 0, "is not a duration" },
	{ "infs", "ms", 0, 1000, 0, "is not a duration" },
	{ "-1ms", "ms", 0, 1500, 0, "is out of range; allowed: 0s .. 1500ns" },
	{ "20s", "ms", 1000000, 10000000000ULL, 0,
	  "is out of range; allowed: 1ms .. 10s" },
	{ "0.5", "ms", 1000000, 10000000000ULL, 0,
	  "is out of range; allowed: 1ms .. 10s" },
	{ "1e30s", "ms", 0, UINT64_MAX, 0, "is out of range" },
	{ "1e400", "s", 0, UINT64_MAX, 0, "is out of range" },
};

static const struct {
	const char *s;
	size_t max;
	const char *want;		/* the CPUs, or the message part */
} cpulists[] = {
	{ "0", 8, "0" },
	{ "0,2", 8, "0 2" },
	{ "1-3,6", 8, "1 2 3 6" },
	{ "6,1-3", 8, "1 2 3 6" },
	{ "3,3,1-3,2", 8, "1 2 3" },
	{ "0-7", 8, "0 1 2 3 4 5 6 7" },
	{ "5-5", 8, "5" },
	{ "0,1,2,1,0", 3, "0 1 2" },
	{ "", 8, "!is not a CPU list like 0,2,4-7; allowed: 0 .. 7" },
	{ ",", 8, "!is not a CPU list" },
	{ "0,", 8, "!is not a CPU list" },
	{ ",0", 8, "!is not a CPU list" },
	{ "a", 8, "!is not a CPU list" },
	{ "1-", 8, "!is not a CPU list" },
	{ "-1", 8, "!is not a CPU list" },
	{ "1--2", 8, "!is not a CPU list" },
	{ "1-2-3", 8, "!is not a CPU list" },
	{ "1 ,2", 8, "!is not a CPU list" },
	{ " 1", 8, "!is not a CPU list" },
	{ "3-1", 8, "!range 3-1 in '3-1' is reversed; allowed: 0 .. 7" },
	{ "8", 8, "!is out of range; allowed: 0 .. 7" },
	{ "0-8", 8, "!is out of range; allowed: 0 .. 7" },
	{ "1,99999999999999999999", 8, "!is out of range; allowed: 0 .. 7" },
	{ "0-3", 3, "!names more than 3 CPUs; allowed: 0 .. 7" },
	{ "7-9", 8, "!CPU 9 in '7-9' is out of range" },
};

/*
 * The three checks of a failed parse: it returned -1, left the output
 * alone, and wrote "opt: ... 'value' ... msg" (msg carrying the range).
 */
static void
check_fail(const char *opt, const char *s, int rc, int unchanged,
	   const char *err, const char *msg)
{
	char quoted[128];

	snprintf(quoted, sizeof(quoted), "'%s'", s);
	is_int(-1, rc, "%s '%s' is rejected", opt, s);
	ok(unchanged, "%s '%s' leaves the output alone", opt, s);
	if (!ok(strncmp(err, opt, strlen(opt)) == 0
		&& strstr(err, quoted) != NULL && strstr(err, msg) != NULL,
		"%s '%s' message says '%s'", opt, s, msg))
		diag("message: %s", err);
}

/* Space-separated cpus[0..n-1], to compare with one string. */
static void
join(char *buf, size_t len, const int *cpus, size_t n)
{
	size_t i, used = 0;

	buf[0] = '\0';
	for (i = 0; i < n && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%d",
					 i ? " " : "", cpus[i]);
}

int
main(void)
{
	char err[PARSE_ERRLEN], buf[64];
	long long ll;
	uint64_t u;
	double d;
	int cpus[8], rc;
	size_t i, n;

	plan(3 * (HB_ARRAY_SIZE(ints) + HB_ARRAY_SIZE(sizes) + HB_ARRAY_SIZE(dd_sizes)
		  + HB_ARRAY_SIZE(doubles) + HB_ARRAY_SIZE(durations)
		  + HB_ARRAY_SIZE(cpulists)) + 2 + 4);

	for (i = 0; i < HB_ARRAY_SIZE(ints); i++) {
		ll = 12345;
		err[0] = '\0';
		rc = parse_int("-N", ints[i].s, ints[i].lo, ints[i].hi, &ll,
			       err, sizeof(err));
		if (ints[i].msg != NULL) {
			check_fail("-N", ints[i].s, rc, ll == 12345, err,
				   ints[i].msg);
			continue;
		}
		is_int(0, rc, "-N '%s' is accepted", ints[i].s);
		is_int(ints[i].want, ll, "-N '%s' is %lld", ints[i].s,
		       ints[i].want);
		is_string("", err, "-N '%s' leaves err alone", ints[i].s);
	}

	for (i = 0; i < HB_ARRAY_SIZE(sizes); i++) {
		u = 12345;
		err[0] = '\0';
		rc = parse_size("SIZE", sizes[i].s, sizes[i].lo, sizes[i].hi,
				&u, err, sizeof(err));
		if (sizes[i].msg != NULL) {
			check_fail("SIZE", sizes[i].s, rc, u == 12345, err,
				   sizes[i].msg);
			continue;
		}
		is_int(0, rc, "SIZE '%s' is accepted", sizes[i].s);
		ok(sizes[i].want == u, "SIZE '%s' is %llu", sizes[i].s,
		   (unsigned long long)sizes[i].want);
		is_string("", err, "SIZE '%s' leaves err alone", sizes[i].s);
	}

	for (i = 0; i < HB_ARRAY_SIZE(dd_sizes); i++) {
		u = 12345;
		err[0] = '\0';
		rc = parse_dd_size("bs", dd_sizes[i].s, dd_sizes[i].lo, dd_sizes[i].hi,
				   &u, err, sizeof(err));
		if (dd_sizes[i].msg != NULL) {
			check_fail("bs", dd_sizes[i].s, rc, u == 12345, err,
				   dd_sizes[i].msg);
			continue;
		}
		is_int(0, rc, "dd bs '%s' is accepted", dd_sizes[i].s);
		ok(dd_sizes[i].want == u, "dd bs '%s' is %llu (read %llu)", dd_sizes[i].s,
		   (unsigned long long)dd_sizes[i].want, (unsigned long long)u);
		is_string("", err, "dd bs '%s' leaves err alone", dd_sizes[i].s);
	}

	for (i = 0; i < HB_ARRAY_SIZE(doubles); i++) {
		d = 12345;
		err[0] = '\0';
		rc = parse_double("-x", doubles[i].s, doubles[i].lo,
				  doubles[i].hi, &d, err, sizeof(err));
		if (doubles[i].msg != NULL) {
			check_fail("-x", doubles[i].s, rc, d == 12345, err,
				   doubles[i].msg);
			continue;
		}
		is_int(0, rc, "-x '%s' is accepted", doubles[i].s);
		is_double(doubles[i].want, d, 1e-12, "-x '%s' is %g",
			  doubles[i].s, doubles[i].want);
		is_string("", err, "-x '%s' leaves err alone", doubles[i].s);
	}

	for (i = 0; i < HB_ARRAY_SIZE(durations); i++) {
		u = 12345;
		err[0] = '\0';
		rc = parse_duration("-t", durations[i].s, durations[i].unit,
				    durations[i].lo, durations[i].hi, &u,
				    err, sizeof(err));
		if (durations[i].msg != NULL) {
			check_fail("-t", durations[i].s, rc, u == 12345, err,
				   durations[i].msg);
			continue;
		}
		is_int(0, rc, "-t '%s' (default %s) is accepted",
		       durations[i].s, durations[i].unit);
		ok(durations[i].want == u, "-t '%s' (default %s) is %llu ns",
		   durations[i].s, durations[i].unit,
		   (unsigned long long)durations[i].want);
		is_string("", err, "-t '%s' leaves err alone", durations[i].s);
	}

	for (i = 0; i < HB_ARRAY_SIZE(cpulists); i++) {
		n = 99;
		err[0] = '\0';
		rc = parse_cpulist("-c", cpulists[i].s, 7, cpus, cpulists[i].max,
				   &n, err, sizeof(err));
		if (cpulists[i].want[0] == '!') {
			check_fail("-c", cpulists[i].s, rc, n == 99, err,
				   cpulists[i].want + 1);
			continue;
		}
		is_int(0, rc, "-c '%s' is accepted", cpulists[i].s);
		join(buf, sizeof(buf), cpus, rc == 0 ? n : 0);
		is_string(cpulists[i].want, buf, "-c '%s' gives CPUs %s",
			  cpulists[i].s, cpulists[i].want);
		is_string("", err, "-c '%s' leaves err alone", cpulists[i].s);
	}

	/* The exact forms parse.h shows. */
	parse_int("-N", "abc", 1, 100000, &ll, err, sizeof(err));
	is_string("-N: 'abc' is not a whole number; allowed: 1 .. 100000", err,
		  "not-a-number message as documented");
	parse_int("-N", "0", 1, 100000, &ll, err, sizeof(err));
	is_string("-N: value '0' is out of range; allowed: 1 .. 100000", err,
		  "out-of-range message as documented");

	/* A short buffer still gets a terminated prefix; none is fine too. */
	memset(err, 'x', sizeof(err));
	is_int(-1, parse_int("-N", "abc", 1, 9, &ll, err, 8),
	       "short err: still fails");
	is_string("-N: 'ab", err, "short err: truncated and terminated");
	is_int(-1, parse_size("SIZE", "x", 0, 1, &u, NULL, 0),
	       "no err buffer: still fails");
	is_int(-1, parse_cpulist("-c", "9", 7, cpus, 8, &n, err, 0),
	       "errlen 0: still fails");
	return 0;
}
