/*
 * parse: range-checked numbers from option values (see parse.h).
 *
 * Every parser checks the syntax itself before calling strto*, because
 * those skip leading white space, accept a sign on unsigned numbers (and
 * negate it, so "-1" becomes a huge size) and read "nan", "inf" and hex.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/compat.h"
#include "core/parse.h"

/* Duration units, largest first so a range prints in the largest exact one. */
static const struct {
	const char *name;
	uint64_t ns;
} units[] = {
	{ "s", 1000000000 },
	{ "ms", 1000000 },
	{ "us", 1000 },
	{ "ns", 1 },
};

static int fail(char *err, size_t errlen, const char *opt, const char *lo,
		const char *hi, const char *fmt, ...) HB_PRINTF(6, 7);

/* Write "opt: <fmt>; allowed: lo .. hi" into err; return -1. */
static int
fail(char *err, size_t errlen, const char *opt, const char *lo,
     const char *hi, const char *fmt, ...)
{
	char what[PARSE_ERRLEN];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	if (err != NULL && errlen > 0)
		snprintf(err, errlen, "%s: %s; allowed: %s .. %s", opt, what,
			 lo, hi);
	return -1;
}

static int
is_digit(char c)
{
	/* Not isdigit(): that depends on the locale and a char's sign. */
	return c >= '0' && c <= '9';
}

/* Length of [+-]digits[.digits][e[+-]digits] at s (a digit required), or 0. */
static size_t
decimal_len(const char *s)
{
	size_t i = 0, digits = 0, j;

	if (s[i] == '+' || s[i] == '-')
		i++;
	for (; is_digit(s[i]); i++)
		digits++;
	if (s[i] == '.')
		for (i++; is_digit(s[i]); i++)
			digits++;
	if (digits == 0)
		return 0;
	if (s[i] != 'e' && s[i] != 'E')
		return i;
	/* An exponent counts only with digits: "1e" is 1 and junk. */
	j = i + 1 + (s[i + 1] == '+' || s[i + 1] == '-');
	if (!is_digit(s[j]))
		return i;
	while (is_digit(s[j]))
		j++;
	return j;
}

int
parse_int(const char *opt, const char *s, long long lo, long long hi,
	  long long *out, char *err, size_t errlen)
{
	char los[24], his[24], *end;
	size_t sign = (s[0] == '+' || s[0] == '-');
	long long v;

	snprintf(los, sizeof(los), "%lld", lo);
	snprintf(his, sizeof(his), "%lld", hi);
	if (!is_digit(s[sign]))
		goto bad;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (*end != '\0')
		goto bad;
	if (errno == ERANGE || v < lo || v > hi)
		return fail(err, errlen, opt, los, his,
			    "value '%s' is out of range", s);
	*out = v;
	return 0;
bad:
	return fail(err, errlen, opt, los, his, "'%s' is not a whole number", s);
}

/* v in bytes with the largest of g, m, k that divides it exactly. */
static void
format_size(char *buf, size_t len, uint64_t v)
{
	static const char sfx[] = "gmk";
	int i;

	for (i = 0; i < 3 && v != 0; i++) {
		unsigned shift = (unsigned)(30 - 10 * i);

		if ((v & ((UINT64_C(1) << shift) - 1)) == 0) {
			snprintf(buf, len, "%" PRIu64 "%c", v >> shift, sfx[i]);
			return;
		}
	}
	snprintf(buf, len, "%" PRIu64, v);
}

int
parse_size(const char *opt, const char *s, uint64_t lo, uint64_t hi,
	   uint64_t *out, char *err, size_t errlen)
{
	char los[32], his[32], *end;
	int neg = s[0] == '-', overflow;
	unsigned shift = 0;
	unsigned long long v;

	format_size(los, sizeof(los), lo);
	format_size(his, sizeof(his), hi);
	/* The sign is stepped over by hand: strtoull would negate it. */
	if (!is_digit(s[neg]))
		goto bad;
	errno = 0;
	v = strtoull(s + neg, &end, 10);
	overflow = errno == ERANGE || v > UINT64_MAX;
	switch (*end) {
	case 'k': case 'K': shift = 10; end++; break;
	case 'm': case 'M': shift = 20; end++; break;
	case 'g': case 'G': shift = 30; end++; break;
	}
	if (*end == 'b' || *end == 'B')
		end++;
	if (*end != '\0')
		goto bad;
	/* Check before shifting: a shift that overflows silently wraps. */
	if (overflow || v > (UINT64_MAX >> shift) || (neg && v != 0))
		goto range;
	v <<= shift;
	if (v < lo || v > hi)
		goto range;
	*out = (uint64_t)v;
	return 0;
bad:
	return fail(err, errlen, opt, los, his, "'%s' is not a size (a whole"
		    " number with optional suffix k, m or g)", s);
range:
	return fail(err, errlen, opt, los, his, "value '%s' is out of range", s);
}

/* dd's suffix at s: its factor, and its length in *n; 0 for none known. */
static uint64_t
dd_suffix(const char *s, size_t *n)
{
	static const char bin[] = "KMGTPE";
	const char *u;
	uint64_t f = 1;
	int i;

	*n = 0;
	switch (*s) {
	case '\0': case 'x': return 1;
	case 'c': *n = 1; return s[1] == '\0' || s[1] == 'x' ? 1 : 0;
	case 'w': *n = 1; return s[1] == '\0' || s[1] == 'x' ? 2 : 0;
	case 'b': *n = 1; return s[1] == '\0' || s[1] == 'x' ? 512 : 0;
	}
	if ((u = strchr(bin, *s == 'k' ? 'K' : *s)) == NULL) {
		if (strchr("mgtpe", *s) == NULL)
			return 0;
		u = strchr(bin, *s - 'a' + 'A');
	}
	*n = 1;
	if (s[1] == 'B') {		/* kB, MB ...: powers of 1000 */
		*n = 2;
		for (i = 0; i <= u - bin; i++)
			f *= 1000;
	} else {			/* K, KiB, M, MiB ...: powers of 1024 */
		if (s[1] == 'i' && s[2] == 'B')
			*n = 3;
		f = UINT64_C(1) << (10 * (u - bin + 1));
	}
	return s[*n] == '\0' || s[*n] == 'x' ? f : 0;
}

int
parse_dd_size(const char *opt, const char *s, uint64_t lo, uint64_t hi,
	      uint64_t *out, char *err, size_t errlen)
{
	char los[32], his[32];
	const char *p = s;
	uint64_t v = 1;
	int overflow = 0;

	format_size(los, sizeof(los), lo);
	format_size(his, sizeof(his), hi);
	for (;;) {
		unsigned long long t;
		const char *end;
		char *e;
		uint64_t f;
		size_t n;

		if (is_digit(*p)) {
			errno = 0;
			t = strtoull(p, &e, 10);
			end = e;
			if (errno == ERANGE || t > UINT64_MAX)
				overflow = 1;
		} else if (p != s && *p != '\0') {
			t = 1;		/* "1xM": x with a suffix alone is that factor */
			end = p;
		} else {
			goto bad;
		}
		if ((f = dd_suffix(end, &n)) == 0 || (n == 0 && end == p))
			goto bad;
		if (t != 0 && f > UINT64_MAX / t)
			overflow = 1;
		else
			t *= f;
		if (t != 0 && v > UINT64_MAX / t)
			overflow = 1;
		else
			v *= t;
		p = end + n;
		if (*p == '\0')
			break;
		p++;		/* the x */
	}
	if (overflow || v < lo || v > hi)
		return fail(err, errlen, opt, los, his, "value '%s' is out of range", s);
	*out = v;
	return 0;
bad:
	return fail(err, errlen, opt, los, his, "'%s' is not a size as dd writes it (a whole "
		    "number, a suffix c, w, b, K, M, G, kB, MB, GB ..., terms joined by x)", s);
}

int
parse_double(const char *opt, const char *s, double lo, double hi,
	     double *out, char *err, size_t errlen)
{
	char los[32], his[32];
	size_t len = decimal_len(s);
	double v;

	snprintf(los, sizeof(los), "%g", lo);
	snprintf(his, sizeof(his), "%g", hi);
	/* decimal_len rejects nan, inf and hex, which strtod would take. */
	if (len == 0 || s[len] != '\0')
		return fail(err, errlen, opt, los, his,
			    "'%s' is not a decimal number", s);
	errno = 0;
	v = strtod(s, NULL);
	/* ERANGE on underflow returns a tiny value that is still usable. */
	if ((errno == ERANGE && fabs(v) > 1.0) || !(v >= lo && v <= hi))
		return fail(err, errlen, opt, los, his,
			    "value '%s' is out of range", s);
	*out = v;
	return 0;
}

static void
format_ns(char *buf, size_t len, uint64_t ns)
{
	size_t i;

	for (i = 0; i + 1 < HB_ARRAY_SIZE(units) && ns % units[i].ns != 0; i++)
		continue;
	snprintf(buf, len, "%" PRIu64 "%s", ns / units[i].ns, units[i].name);
}

/* Nanoseconds per unit name, or 0 for an unknown (or no) name. */
static uint64_t
unit_ns(const char *name)
{
	size_t i;

	for (i = 0; name != NULL && i < HB_ARRAY_SIZE(units); i++)
		if (strcmp(name, units[i].name) == 0)
			return units[i].ns;
	return 0;
}

int
parse_duration(const char *opt, const char *s, const char *default_unit,
	       uint64_t lo_ns, uint64_t hi_ns, uint64_t *out_ns,
	       char *err, size_t errlen)
{
	char los[32], his[32];
	size_t len = decimal_len(s);
	uint64_t mult, ns;
	double x;

	format_ns(los, sizeof(los), lo_ns);
	format_ns(his, sizeof(his), hi_ns);
	mult = unit_ns(s[len] != '\0' ? s + len : default_unit);
	if (len == 0 || mult == 0)
		return fail(err, errlen, opt, los, his, "'%s' is not a duration"
			    " (a number with unit ns, us, ms or s)", s);
	/*
	 * A double carries 15 digits, plenty for a benchmark's duration;
	 * 2^64 and beyond (or below 0) is out of range rather than wrapped.
	 */
	x = strtod(s, NULL) * (double)mult;
	if (!(x >= 0.0 && x < 18446744073709551616.0))
		goto range;
	ns = (uint64_t)x;
	if (x - (double)ns >= 0.5)
		ns++;
	if (ns < lo_ns || ns > hi_ns)
		goto range;
	*out_ns = ns;
	return 0;
range:
	return fail(err, errlen, opt, los, his, "value '%s' is out of range", s);
}

/*
 * Add c to the ascending set cpus[0..*n-1]; -1 if it is new and full.
 * A binary search: a list that repeats a long range ("0-1023,0-1023,...")
 * would otherwise cost a scan of the set per CPU named (the fuzzer found
 * 200 repeats taking seconds).
 */
static int
cpu_add(int *cpus, size_t *n, size_t max, int c)
{
	size_t lo = 0, hi = *n, i;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (cpus[mid] < c)
			lo = mid + 1;
		else
			hi = mid;
	}
	i = lo;
	if (i < *n && cpus[i] == c)
		return 0;
	if (*n == max)
		return -1;
	memmove(cpus + i + 1, cpus + i, (*n - i) * sizeof(*cpus));
	cpus[i] = c;
	(*n)++;
	return 0;
}

int
parse_cpulist(const char *opt, const char *s, int max_cpu,
	      int *cpus, size_t max, size_t *n, char *err, size_t errlen)
{
	char his[24];
	const char *p = s, *tok;
	char *end;
	size_t count = 0;
	long a = 0, b = 0;	/* set by the first pass of the loop below */
	int c, i;

	snprintf(his, sizeof(his), "%d", max_cpu);
	for (;;) {
		/* A number, or two joined by '-'; no signs, no spaces. */
		for (i = 0; i < 2; i++) {
			tok = p;
			if (!is_digit(*p))
				goto bad;
			errno = 0;
			b = strtol(p, &end, 10);
			p = end;
			if (errno == ERANGE || b > max_cpu)
				return fail(err, errlen, opt, "0", his,
					    "CPU %.*s in '%s' is out of range",
					    (int)(p - tok), tok, s);
			if (i == 0)
				a = b;
			if (*p != '-' || i == 1)
				break;
			p++;
		}
		if (b < a)
			return fail(err, errlen, opt, "0", his,
				    "range %ld-%ld in '%s' is reversed", a, b,
				    s);
		/* Counting up to b, not past it: b may be INT_MAX. */
		for (c = (int)a; ; c++) {
			if (cpu_add(cpus, &count, max, c) < 0)
				return fail(err, errlen, opt, "0", his,
					    "'%s' names more than %zu CPUs",
					    s, max);
			if (c == b)
				break;
		}
		if (*p == '\0')
			break;
		if (*p++ != ',')
			goto bad;
	}
	*n = count;
	return 0;
bad:
	return fail(err, errlen, opt, "0", his,
		    "'%s' is not a CPU list like 0,2,4-7", s);
}
