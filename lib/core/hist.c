/*
 * hist: a log-linear histogram of durations in ns (see hist.h).
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/compat.h"
#include "core/hist.h"

void
hist_init(struct hist *h)
{
	memset(h, 0, sizeof(*h));
}

size_t
hist_bucket(uint64_t v)
{
	unsigned e = HIST_SUB;

	if (v < HIST_EXACT)
		return (size_t)v;
	if (v >= (uint64_t)1 << HIST_MAXLOG)
		return HIST_BUCKETS - 1;
	while (v >> (e + 1) != 0)
		e++;
	/* e is v's top bit; the HIST_SUB bits below it pick the bucket in its power of two. */
	return HIST_EXACT + (size_t)(e - HIST_SUB) * HIST_EXACT
		+ (size_t)((v >> (e - HIST_SUB)) - HIST_EXACT);
}

uint64_t
hist_lower(size_t b)
{
	if (b < HIST_EXACT)
		return b;
	b -= HIST_EXACT;
	return (uint64_t)(HIST_EXACT + b % HIST_EXACT) << (b / HIST_EXACT);
}

void
hist_add(struct hist *h, uint64_t v)
{
	h->count[hist_bucket(v)]++;
	if (h->n == 0 || v < h->min)
		h->min = v;
	if (v > h->max)
		h->max = v;
	h->n++;
}

void
hist_merge(struct hist *all, const struct hist *h)
{
	size_t i;

	if (h->n == 0)
		return;
	for (i = 0; i < HIST_BUCKETS; i++)
		all->count[i] += h->count[i];
	if (all->n == 0 || h->min < all->min)
		all->min = h->min;
	if (h->max > all->max)
		all->max = h->max;
	all->n += h->n;
}

double
hist_quantile(const struct hist *h, double p)
{
	double x = p * (double)h->n;
	uint64_t rank, seen = 0, lo, mid;
	size_t b;

	if (h->n == 0)
		return 0;
	/* The ends are known exactly: no bucket's middle for them (a NaN p: the first). */
	if (!(x > 1))
		return (double)h->min;
	if (x >= (double)h->n)
		return (double)h->max;
	rank = (uint64_t)x;
	if ((double)rank < x)
		rank++;
	if (rank >= h->n)
		return (double)h->max;
	for (b = 0; b < HIST_BUCKETS - 1; b++)
		if ((seen += h->count[b]) >= rank)
			break;
	lo = hist_lower(b);
	mid = lo + (hist_lower(b + 1) - lo) / 2;
	return (double)(mid < h->min ? h->min : mid > h->max ? h->max : mid);
}

/* ---------------------------------------------------------------- the "# hist:" line */

/* Append to buf as snprintf would, counting in *at what the whole line needs. */
static void put(char *buf, size_t len, size_t *at, const char *fmt, ...) HB_PRINTF(4, 5);

static void
put(char *buf, size_t len, size_t *at, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(*at < len ? buf + *at : NULL, *at < len ? len - *at : 0, fmt, ap);
	va_end(ap);
	if (n > 0)
		*at += (size_t)n;
}

static int
blank(char c)
{
	return c == ' ' || c == '\t';
}

/* A blank or a line end: what may not be inside a name or a unit. */
static int
has_blank(const char *s)
{
	for (; *s != '\0'; s++)
		if (blank(*s) || *s == '\n' || *s == '\r')
			return 1;
	return 0;
}

int
hist_format_line(char *buf, size_t len, const char *name, const char *unit,
		 const struct hist *h)
{
	size_t at = 0, b, e;

	if (*name == '\0' || *unit == '\0' || has_blank(name) || has_blank(unit))
		return -1;
	if (buf != NULL && len > 0)
		buf[0] = '\0';
	else
		len = 0;
	put(buf, len, &at, "# hist: %s %s %s n=%llu min=%llu max=%llu", name, unit, HIST_SCHEME,
	    (unsigned long long)h->n, (unsigned long long)(h->n > 0 ? h->min : 0),
	    (unsigned long long)(h->n > 0 ? h->max : 0));
	for (b = 0; h->n > 0 && b < HIST_BUCKETS; b = e) {
		if (h->count[b] == 0) {
			e = b + 1;
			continue;
		}
		/* A run goes on over up to 3 empty buckets: "0,0,0," is shorter than a new start. */
		put(buf, len, &at, " %zu:%llu", b, (unsigned long long)h->count[b]);
		for (e = b + 1; e < HIST_BUCKETS; e++) {
			size_t z = e;

			while (z < HIST_BUCKETS && z < e + 4 && h->count[z] == 0)
				z++;
			if (z == HIST_BUCKETS || h->count[z] == 0)
				break;
			for (; e <= z; e++)
				put(buf, len, &at, ",%llu", (unsigned long long)h->count[e]);
			e = z;
		}
	}
	return at > (size_t)0x7fffffff ? -1 : (int)at;
}

/* A line being read: p moves towards end (its newline or terminator). */
struct cursor {
	const char *p, *end;
};

static int
more(const struct cursor *c)
{
	return c->p < c->end;
}

static void
skip(struct cursor *c)
{
	while (more(c) && blank(*c->p))
		c->p++;
}

/* A plain decimal number (digits only), at least one digit.  0, or -1. */
static int
decimal(struct cursor *c, uint64_t *v)
{
	uint64_t x = 0;
	const char *s = c->p;

	for (; c->p < c->end && *c->p >= '0' && *c->p <= '9'; c->p++) {
		unsigned d = (unsigned)(*c->p - '0');

		if (x > (UINT64_MAX - d) / 10)
			return -1;
		x = x * 10 + d;
	}
	*v = x;
	return c->p > s ? 0 : -1;
}

/* The next blank-free word into out (len bytes).  0, or -1 (none, or too long). */
static int
word(struct cursor *c, char *out, size_t len)
{
	const char *s = c->p;
	size_t n;

	while (more(c) && !blank(*c->p))
		c->p++;
	n = (size_t)(c->p - s);
	if (n == 0 || n >= len)
		return -1;
	memcpy(out, s, n);
	out[n] = '\0';
	return 0;
}

/* "key=" then a decimal, then a blank or the end.  0, or -1. */
static int
keyed(struct cursor *c, const char *key, uint64_t *v)
{
	size_t k = strlen(key);

	skip(c);
	if ((size_t)(c->end - c->p) < k || memcmp(c->p, key, k) != 0)
		return -1;
	c->p += k;
	return decimal(c, v) == 0 && (!more(c) || blank(*c->p)) ? 0 : -1;
}

int
hist_parse_line(const char *line, char *name, size_t namelen, char *unit,
		size_t unitlen, struct hist *h)
{
	char full[512], scheme[32];
	struct cursor c;
	uint64_t n, min, max, sum = 0;
	size_t first = HIST_BUCKETS, last = 0, next = 0, len = strlen(line);

	/* A newline, or CR-LF, may end the line; no other control character is in one. */
	if (len > 0 && line[len - 1] == '\n')
		len -= len > 1 && line[len - 2] == '\r' ? 2 : 1;
	if (strncmp(line, "# hist:", 7) != 0 || memchr(line, '\n', len) != NULL
	    || memchr(line, '\r', len) != NULL)
		return -1;
	c.p = line + 7;
	c.end = line + len;
	skip(&c);
	if (word(&c, full, sizeof(full)) != 0 || strncmp(full, "Benchmark", 9) != 0
	    || full[9] < 'A' || full[9] > 'Z' || strlen(full + 9) >= namelen)
		return -1;
	skip(&c);
	if (word(&c, unit, unitlen) != 0)
		return -1;
	skip(&c);
	if (word(&c, scheme, sizeof(scheme)) != 0 || strcmp(scheme, HIST_SCHEME) != 0
	    || keyed(&c, "n=", &n) != 0 || keyed(&c, "min=", &min) != 0
	    || keyed(&c, "max=", &max) != 0)
		return -1;
	hist_init(h);
	for (skip(&c); more(&c); skip(&c)) {
		uint64_t b, k;

		if (decimal(&c, &b) != 0 || !more(&c) || *c.p++ != ':' || b < next)
			return -1;
		for (;; c.p++) {
			if (b >= HIST_BUCKETS || decimal(&c, &k) != 0 || k > UINT64_MAX - sum)
				return -1;
			h->count[b] = k;
			sum += k;
			if (k > 0) {
				first = first < HIST_BUCKETS ? first : (size_t)b;
				last = (size_t)b;
			}
			b++;
			if (!more(&c) || *c.p != ',')
				break;
		}
		if (more(&c) && !blank(*c.p))
			return -1;
		next = (size_t)b;
	}
	if (sum != n || (n == 0 && (min != 0 || max != 0))
	    || (n > 0 && (min > max || hist_bucket(min) != first || hist_bucket(max) != last)))
		return -1;
	h->n = n;
	h->min = min;
	h->max = max;
	memcpy(name, full + 9, strlen(full + 9) + 1);
	return 0;
}
