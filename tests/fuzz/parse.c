/*
 * Fuzz target: the option value parsers of lib/core/parse (numbers, sizes
 * as the programs and as dd write them, durations, CPU lists), which
 * every program's options and arguments go through.  Input: byte 0 picks the parser, byte 1 the range (from a
 * table of ranges the programs use, plus the extremes) and the length of
 * the error buffer, the rest up to a NUL is the value, so seeds and
 * crash inputs stay readable ("s\x00064m" is "64m" as a size).  Besides
 * crashes, the contract in parse.h is checked: a value that parses lies
 * in the range and leaves err alone; one that does not leaves *out
 * alone and writes a NUL-terminated message, into exactly errlen bytes,
 * that begins with the option's name.
 *
 * Built with clang -fsanitize=fuzzer by `make fuzz`, and with replay.c
 * (plain cc) as the check program tests/fuzz/parse-t.
 */
#include "config.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define OPT "-x"
#define G (1ull << 30)

static void
check(int cond, const char *what)
{
	if (!cond) {
		fprintf(stderr, "parse contract broken: %s\n", what);
		abort();
	}
}

static const struct int_range { long long lo, hi; } int_ranges[] = {
	{ 1, 100000 }, { 0, 0 }, { LLONG_MIN, LLONG_MAX }, { -5, 5 }, { 0, 65535 },
};
static const struct size_range { uint64_t lo, hi; } size_ranges[] = {
	{ 1, G }, { 0, UINT64_MAX }, { 512, 64ull << 20 }, { 1024, 100 * G }, { 1, 1 },
};
static const struct double_range { double lo, hi; } double_ranges[] = {
	{ 0, 100 }, { -1e300, 1e300 }, { 0.1, 50 }, { 1e-9, 1e-9 },
};
static const struct duration_range { const char *unit; uint64_t lo, hi; } duration_ranges[] = {
	{ "us", 0, UINT64_MAX }, { "ms", 1000, 10000000000ull }, { "s", 1, 1000000000 },
	{ "ns", 0, 0 },
};
static const struct cpu_range { int max_cpu; size_t max; } cpu_ranges[] = {
	{ 1023, 1024 }, { 3, 4 }, { 0, 1 }, { 1023, 2 },
};

#define PICK(table, b) (&(table)[(b) % (sizeof(table) / sizeof((table)[0]))])

/* A parser's letter, or the byte's value. */
static unsigned
parser_of(unsigned b)
{
	static const char letters[] = "isdtcD";
	const char *l = b != 0 ? strchr(letters, (int)b) : NULL;

	return l != NULL ? (unsigned)(l - letters) : b % 6;
}

/* err is exactly errlen bytes (so ASan sees a write past it) and starts
 * filled with 'U', so a write on success shows. */
static void
check_err(int rc, const char *err, size_t errlen)
{
	size_t i;

	if (rc == 0) {
		for (i = 0; i < errlen; i++)
			check(err[i] == 'U', "success leaves err untouched");
		return;
	}
	check(rc == -1, "failure returns -1");
	if (errlen == 0)
		return;
	check(memchr(err, '\0', errlen) != NULL, "the message is NUL-terminated");
	check(strncmp(err, OPT ": ", errlen - 1 < 4 ? errlen - 1 : 4) == 0,
	      "the message begins with the option's name");
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s, *err;
	size_t n, errlen;
	int rc;
	unsigned which, range;

	if (size < 2)
		return 0;
	which = parser_of(data[0]);
	range = data[1] >= '0' && data[1] <= '9' ? (unsigned)(data[1] - '0') : data[1];
	n = strnlen((const char *)data + 2, size - 2);
	if ((s = malloc(n + 1)) == NULL)
		return 0;
	memcpy(s, data + 2, n);
	s[n] = '\0';
	/* Mostly a full buffer; sometimes a short one, to test truncation. */
	errlen = range & 0x80 ? (range >> 3) % 9 : PARSE_ERRLEN;
	if ((err = malloc(errlen ? errlen : 1)) == NULL) {
		free(s);
		return 0;
	}
	memset(err, 'U', errlen);

	switch (which) {
	case 0: {
		long long out = 42;
		const struct int_range *r = PICK(int_ranges, range);

		rc = parse_int(OPT, s, r->lo, r->hi, &out, errlen ? err : NULL, errlen);
		check(rc != 0 || (out >= r->lo && out <= r->hi), "an int is in range");
		check(rc == 0 || out == 42, "failure leaves the int alone");
		break;
	}
	case 1: {
		uint64_t out = 42;
		const struct size_range *r = PICK(size_ranges, range);

		rc = parse_size(OPT, s, r->lo, r->hi, &out, errlen ? err : NULL, errlen);
		check(rc != 0 || (out >= r->lo && out <= r->hi), "a size is in range");
		check(rc == 0 || out == 42, "failure leaves the size alone");
		break;
	}
	case 2: {
		double out = 42;
		const struct double_range *r = PICK(double_ranges, range);

		rc = parse_double(OPT, s, r->lo, r->hi, &out, errlen ? err : NULL, errlen);
		check(rc != 0 || (out >= r->lo && out <= r->hi), "a double is in range");
		check(rc == 0 || out == 42, "failure leaves the double alone");
		break;
	}
	case 3: {
		uint64_t out = 42;
		const struct duration_range *r = PICK(duration_ranges, range);

		rc = parse_duration(OPT, s, r->unit, r->lo, r->hi, &out,
				    errlen ? err : NULL, errlen);
		check(rc != 0 || (out >= r->lo && out <= r->hi), "a duration is in range");
		check(rc == 0 || out == 42, "failure leaves the duration alone");
		break;
	}
	case 5: {
		uint64_t out = 42;
		const struct size_range *r = PICK(size_ranges, range);

		rc = parse_dd_size(OPT, s, r->lo, r->hi, &out, errlen ? err : NULL, errlen);
		check(rc != 0 || (out >= r->lo && out <= r->hi), "a dd size is in range");
		check(rc == 0 || out == 42, "failure leaves the dd size alone");
		break;
	}
	default: {
		int cpus[1024];
		size_t ncpus = 4242, i;
		const struct cpu_range *r = PICK(cpu_ranges, range);

		rc = parse_cpulist(OPT, s, r->max_cpu, cpus, r->max, &ncpus,
				   errlen ? err : NULL, errlen);
		if (rc == 0) {
			check(ncpus >= 1 && ncpus <= r->max, "a CPU list has 1 .. max CPUs");
			for (i = 0; i < ncpus; i++) {
				check(cpus[i] >= 0 && cpus[i] <= r->max_cpu, "every CPU is in range");
				check(i == 0 || cpus[i - 1] < cpus[i], "CPUs ascend, each once");
			}
		} else {
			check(ncpus == 4242, "failure leaves the count alone");
		}
		break;
	}
	}
	check_err(rc, err, errlen);
	free(err);
	free(s);
	return 0;
}
