/*
 * hist-t: the histogram's buckets and quantiles, against sorted copies of
 * the same values, and against the layouts it replaced: sock's and
 * lmdd's (exact below 64, then 32 buckets per power of two) and
 * lat_usleep's (exact below 128, then 128 per power of two, to 2^40).
 */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/compat.h"
#include "core/hist.h"
#include "tap/basic.h"

#define NV 10001

static uint64_t seed = 0x9e3779b97f4a7c15ull;

static uint64_t
rnd(void)
{
	seed ^= seed << 13;
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return seed;
}

static int
cmp_u64(const void *pa, const void *pb)
{
	uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;

	return (a > b) - (a < b);
}

/* The bucket of v in sock's and lmdd's layout, which had no end below 2^44. */
static size_t
old32_bucket(uint64_t v)
{
	unsigned e = 6;

	if (v < 64)
		return (size_t)v;
	while (v >> (e + 1) != 0)
		e++;
	return 64 + (size_t)(e - 6) * 32 + (size_t)((v >> (e - 5)) - 32);
}

/* The bucket of v in lat_usleep's layout. */
static size_t
usleep_bucket(uint64_t v)
{
	unsigned e = 7;

	if (v >= 1ull << 40)
		v = (1ull << 40) - 1;
	if (v < 128)
		return (size_t)v;
	while (v >> (e + 1) != 0)
		e++;
	return ((size_t)(e - 7 + 1) << 7) + (size_t)(v >> (e - 7)) - 128;
}

/* The nearest-rank p-quantile of sorted[0 .. n-1]: its ceil(p n)-th value, at least the first. */
static uint64_t
exact_quantile(const uint64_t *sorted, size_t n, double p)
{
	double x = p * (double)n;
	size_t rank = (size_t)x;

	if ((double)rank < x)
		rank++;
	if (rank < 1)
		rank = 1;
	return sorted[(rank < n ? rank : n) - 1];
}

static const double ps[] = { 0.0001, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999, 0.9999 };

/* The buckets: the tests that were sock-t's, then the layouts replaced. */
static void
test_buckets(void)
{
	uint64_t v, worst = 0;
	size_t b;
	int bad = 0, notusleep = 0, split = 0, backwards = 0;

	is_int(63, (long long)hist_bucket(63), "values below 64 are their own bucket");
	is_int(64, (long long)hist_bucket(64), "64 is its own bucket too (exact below 128)");
	is_int(64, (long long)hist_lower(64), "and is its lower bound");
	is_int(128, (long long)hist_bucket(128), "128 opens the log-linear part");
	ok(hist_bucket(255) == 255 && hist_bucket(256) == 256 && hist_bucket(257) == 256,
	   "buckets are 1 wide up to 255, 2 wide from 256");
	for (v = 1; v < (1ull << 44); v = v * 3 / 2 + 1) {
		uint64_t lo, hi;

		b = hist_bucket(v);
		lo = hist_lower(b);
		hi = hist_lower(b + 1);
		if (lo > v || hi <= v)
			bad++;
		if ((hi - lo) * 128 > lo && lo >= 128)
			worst = v;
	}
	ok(bad == 0, "every value lies in its bucket");
	ok(worst == 0, "buckets are at most 1/128 of their value wide (sock's were 1/32)");
	is_int(HIST_BUCKETS - 1, (long long)hist_bucket(UINT64_MAX), "huge values land in the last bucket");
	ok(hist_bucket((1ull << 44) - 1) == HIST_BUCKETS - 1 && hist_bucket(1ull << 44) == HIST_BUCKETS - 1
	   && hist_lower(HIST_BUCKETS) == 1ull << 44, "the last bucket ends at 2^44");

	for (v = 0; v < 65536; v++)
		notusleep += hist_bucket(v) != usleep_bucket(v);
	for (v = 65536; v < (1ull << 40); v += v / 97 + 1) {
		notusleep += hist_bucket(v) != usleep_bucket(v);
		backwards += hist_bucket(v) < hist_bucket(v - 1);
	}
	ok(notusleep == 0, "below 2^40 the buckets are lat_usleep's");
	ok(backwards == 0, "a larger value never has a smaller bucket");
	for (b = 0; b < hist_bucket(1ull << 43); b++)
		split += old32_bucket(hist_lower(b)) != old32_bucket(hist_lower(b + 1) - 1);
	ok(split == 0, "every bucket lies within one bucket of sock's and lmdd's layout");
}

static void
test_empty(void)
{
	static struct hist z, h, e;

	is_double(0, hist_quantile(&z, 0.5), 0, "a histogram of zero bytes is empty: 0");
	hist_add(&h, 5);
	hist_init(&h);
	ok(memcmp(&h, &z, sizeof(h)) == 0, "hist_init empties it");
	is_double(0, hist_quantile(&h, 0.5), 0, "an empty histogram: 0");
	ok(hist_quantile(&h, 0) == 0 && hist_quantile(&h, 1) == 0 && h.n == 0 && h.max == 0,
	   "an empty histogram: 0 for every p, no values, max 0");
	hist_merge(&h, &e);
	ok(memcmp(&h, &z, sizeof(h)) == 0, "merging an empty one into an empty one leaves it empty");
	hist_add(&h, 12345);
	is_double(12345, hist_quantile(&h, 0.99), 0, "one value: itself (clamped to min and max)");
	ok(hist_quantile(&h, 0) == 12345 && hist_quantile(&h, 0.5) == 12345 && hist_quantile(&h, 1) == 12345,
	   "one value: itself for every p");
	z = h;
	hist_merge(&h, &e);
	ok(memcmp(&h, &z, sizeof(h)) == 0, "merging an empty one changes nothing");
}

static void
test_quantiles(void)
{
	static struct hist h, a, b, all;
	static uint64_t x[NV];
	double prev;
	size_t i, j;
	int exact = 0, far = 0, moved = 0, down = 0;

	/* 1 .. 1000 us, as sock-t had it. */
	for (i = 1; i <= 1000; i++)
		hist_add(&h, (uint64_t)i * 1000);
	is_double(500000, hist_quantile(&h, 0.5), 500000 / 32.0, "p50 of 1..1000 us: 500 us within 3.2%%");
	is_double(990000, hist_quantile(&h, 0.99), 990000 / 32.0, "p99: 990 us within 3.2%%");
	is_double(1000000, hist_quantile(&h, 1.0), 1000000 / 32.0, "p100: the maximum");
	is_double(500000, hist_quantile(&h, 0.5), 500000 / 256.0, "p50 of 1..1000 us: within 0.4%% now");
	is_double(990000, hist_quantile(&h, 0.99), 990000 / 256.0, "p99: within 0.4%% now");

	/* Exact below 256: every quantile is the value itself. */
	hist_init(&h);
	for (i = 0; i < NV; i++)
		hist_add(&h, x[i] = rnd() % 256);
	qsort(x, NV, sizeof(x[0]), cmp_u64);
	for (i = 0; i < HB_ARRAY_SIZE(ps); i++)
		exact += hist_quantile(&h, ps[i]) != (double)exact_quantile(x, NV, ps[i]);
	ok(exact == 0, "below 256 every quantile is exact");

	/* Log-uniform values up to 2^44, the first half into a, the rest into b. */
	hist_init(&h);
	for (i = 0; i < NV; i++) {
		x[i] = rnd() >> (20 + rnd() % 44);
		hist_add(&h, x[i]);
		hist_add(i < NV / 2 ? &a : &b, x[i]);
	}
	qsort(x, NV, sizeof(x[0]), cmp_u64);
	for (j = 0; j < 1000; j++) {
		double p = (double)(j + 1) / 1000.0, q = hist_quantile(&h, p);
		uint64_t t = exact_quantile(x, NV, p);

		far += fabs(q - (double)t) > (double)t / 256.0;
		moved += old32_bucket((uint64_t)q) != old32_bucket(t);
	}
	ok(far == 0, "above 256 every quantile is within 1/256 of the exact one");
	ok(moved == 0, "every quantile lies in the bucket of sock's and lmdd's layout that holds the exact one");
	for (prev = -1, j = 0; j <= 20000; j++) {
		double q = hist_quantile(&h, (double)j / 20000.0);

		down += q < prev;
		prev = q;
	}
	ok(down == 0, "quantiles never decrease as p grows");
	is_double((double)x[NV - 1], hist_quantile(&h, 1), 0, "the max is quantile(1), exactly");
	is_double((double)x[0], hist_quantile(&h, 0), 0, "the min is quantile(0), exactly");
	is_double((double)x[0], hist_quantile(&h, 1.0 / NV), 0, "and the first rank's");
	is_double((double)x[NV - 1], hist_quantile(&h, 2), 0, "p above 1: the max");
	is_double((double)x[0], hist_quantile(&h, NAN), 0, "p not a number: the min");

	hist_merge(&all, &a);
	hist_merge(&all, &b);
	ok(memcmp(&all, &h, sizeof(h)) == 0, "merging the two halves is adding all the values");
	hist_merge(&b, &a);
	ok(memcmp(&b, &h, sizeof(h)) == 0, "in either order");

	/* Two values: the first and the last ranks are exact, not bucket middles. */
	hist_init(&h);
	hist_add(&h, 1000);
	hist_add(&h, 5000);
	ok(hist_quantile(&h, 0.5) == 1000 && hist_quantile(&h, 0.51) == 5000, "two values: each exact");
	hist_init(&h);
	hist_add(&h, 1000);
	hist_add(&h, 1ull << 50);
	hist_add(&h, 1ull << 51);
	ok(hist_quantile(&h, 1) == (double)(1ull << 51) && hist_quantile(&h, 0.5) < (double)(1ull << 44)
	   && hist_quantile(&h, 0.5) >= (double)hist_lower(HIST_BUCKETS - 1),
	   "beyond 2^44: the max exact, a middle rank the middle of the last bucket");
}

/* Format h as a line of a size of its own; NULL when it cannot. */
static char *
line_of(const char *name, const char *unit, const struct hist *h)
{
	int n = hist_format_line(NULL, 0, name, unit, h);
	char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;

	if (buf != NULL && hist_format_line(buf, (size_t)n + 1, name, unit, h) != n) {
		free(buf);
		buf = NULL;
	}
	return buf;
}

static void
test_line(void)
{
	static struct hist h, back, a, b, all, m;
	static uint64_t x[NV];
	char name[160], unit[24], small[40], *line, *la, *lb;
	size_t i, j;
	int n, far = 0;

	/* Latencies around 10 us with a tail, as a round trip's. */
	for (i = 0; i < NV; i++)
		hist_add(&h, 9000 + rnd() % 2000 + (rnd() % 50 == 0 ? rnd() % 1000000 : 0));
	line = line_of("BenchmarkLatTcp/size=1/placement=one", "ns/op", &h);
	ok(line != NULL && strncmp(line, "# hist: BenchmarkLatTcp/size=1/placement=one ns/op " HIST_SCHEME " n=10001 min=", 69) == 0,
	   "a line: prefix, name, unit, scheme, then n and min");
	is_int(0, line != NULL ? hist_parse_line(line, name, sizeof(name), unit, sizeof(unit), &back) : -1,
	       "the line reads back");
	ok(memcmp(&h, &back, sizeof(h)) == 0, "into the same histogram (round trip)");
	is_string("LatTcp/size=1/placement=one", name, "the name without its Benchmark prefix");
	is_string("ns/op", unit, "the unit");
	n = hist_format_line(small, sizeof(small), "BenchmarkLatTcp/size=1/placement=one", "ns/op", &h);
	ok(line != NULL && n == (int)strlen(line) && strlen(small) == sizeof(small) - 1
	   && strncmp(small, line, sizeof(small) - 1) == 0,
	   "a short buffer: cut and terminated, the whole length returned, as snprintf");
	free(line);

	/* With a newline, with CR-LF, and empty. */
	hist_init(&h);
	hist_add(&h, 3);
	hist_add(&h, 3);
	hist_add(&h, 200);
	hist_add(&h, 5000);
	line = line_of("BenchmarkLatUsleep/method=select/usec=100", "ns/op", &h);
	is_string("# hist: BenchmarkLatUsleep/method=select/usec=100 ns/op " HIST_SCHEME
		  " n=4 min=3 max=5000 3:2 200:1 796:1", line, "a small histogram's line");
	free(line);
	ok(hist_parse_line("# hist: BenchmarkX ns/op " HIST_SCHEME " n=4 min=3 max=5000 3:2 200:1 796:1\n",
			   name, sizeof(name), unit, sizeof(unit), &back) == 0
	   && memcmp(&h, &back, sizeof(h)) == 0, "a newline may end the line");
	ok(hist_parse_line("# hist:\tBenchmarkX  ns/op\t" HIST_SCHEME " n=4 min=3 max=5000 3:2 200:1,0,0 796:1\r\n",
			   name, sizeof(name), unit, sizeof(unit), &back) == 0
	   && memcmp(&h, &back, sizeof(h)) == 0, "CR-LF, tabs, double blanks and zeros in a run: the same");
	hist_init(&h);
	line = line_of("BenchmarkX", "ns/op", &h);
	is_string("# hist: BenchmarkX ns/op " HIST_SCHEME " n=0 min=0 max=0", line, "an empty histogram's line");
	hist_add(&back, 7);
	ok(line != NULL && hist_parse_line(line, name, sizeof(name), unit, sizeof(unit), &back) == 0
	   && memcmp(&h, &back, sizeof(h)) == 0, "reads back empty");
	free(line);
	ok(hist_format_line(NULL, 0, "Benchmark X", "ns/op", &h) == -1
	   && hist_format_line(NULL, 0, "BenchmarkX", "", &h) == -1,
	   "a name or unit with a blank, or empty, is refused");

	/* Two processes' lines merged: the quantiles of all their values. */
	hist_init(&h);
	for (i = 0; i < NV; i++) {
		x[i] = i < NV / 3 ? 20000 + rnd() % 5000 : 1000 + rnd() % (1u << (rnd() % 20));
		hist_add(i < NV / 3 ? &a : &b, x[i]);
	}
	la = line_of("BenchmarkLatTcp/size=1/placement=one", "ns/op", &a);
	lb = line_of("BenchmarkLatTcp/size=1/placement=one", "ns/op", &b);
	hist_init(&all);
	ok(la != NULL && lb != NULL && hist_parse_line(la, name, sizeof(name), unit, sizeof(unit), &m) == 0
	   && (hist_merge(&all, &m), hist_parse_line(lb, name, sizeof(name), unit, sizeof(unit), &m)) == 0,
	   "two processes' lines read");
	hist_merge(&all, &m);
	free(la);
	free(lb);
	is_int(NV, (long long)all.n, "their merge holds every value");
	qsort(x, NV, sizeof(x[0]), cmp_u64);
	for (j = 1; j <= 1000; j++) {
		double p = (double)j / 1000.0, q = hist_quantile(&all, p);
		uint64_t t = exact_quantile(x, NV, p);
		size_t bk = hist_bucket(t);

		far += fabs(q - (double)t) > (double)(hist_lower(bk + 1) - hist_lower(bk));
	}
	ok(far == 0, "each quantile of the merge is the concatenated values' within a bucket's width");
	is_double((double)x[NV - 1], hist_quantile(&all, 1), 0, "the merge's max is exact");
}

/* Lines that are not "# hist:" lines, each refused. */
static void
test_malformed(void)
{
	static const char *const bad[] = {
		"",
		"# hist:",
		"# hist: BenchmarkX ns/op",
		"# noise: BenchmarkX ns/op " HIST_SCHEME " n=1 min=5 max=5 5:1",
		"#hist: BenchmarkX ns/op " HIST_SCHEME " n=1 min=5 max=5 5:1",
		"# hist: LatTcp ns/op " HIST_SCHEME " n=1 min=5 max=5 5:1",
		"# hist: Benchmarklat ns/op " HIST_SCHEME " n=1 min=5 max=5 5:1",
		"# hist: BenchmarkX ns/op loglin-5-44 n=1 min=5 max=5 5:1",
		"# hist: BenchmarkX ns/op " HIST_SCHEME " min=5 max=5 5:1",
		"# hist: BenchmarkX ns/op " HIST_SCHEME " n=1 min=5 5:1",
		"# hist: BenchmarkX ns/op " HIST_SCHEME " n=2 min=5 max=5 5:1",
		"# hist: BenchmarkX ns/op " HIST_SCHEME " n=1 min=5 max=6 5:1",
		"# hist: BenchmarkX ns/op " HIST_SCHEME " n=1 min=4 max=5 5:1",
		"# hist: BenchmarkX ns/op " HIST_SCHEME " n=0 min=1 max=0",
		"# hist: BenchmarkX ns/op " HIST_SCHEME " n=2 min=5 max=9 9:1 5:1",
		"# hist: BenchmarkX ns/op " HIST_SCHEME " n=3 min=5 max=7 5:1,1,1 6:0",
		"# hist: BenchmarkX ns/op " HIST_SCHEME " n=1 min=5 max=5 4864:1",
		"# hist: BenchmarkX ns/op " HIST_SCHEME " n=1 min=5 max=5 4863:0,1",
		"# hist: BenchmarkX ns/op " HIST_SCHEME " n=1 min=5 max=5 -5:1",
		"# hist: BenchmarkX ns/op " HIST_SCHEME " n=1 min=5 max=5 +5:1",
		"# hist: BenchmarkX ns/op " HIST_SCHEME " n=1 min=5 max=5 5:+1",
		"# hist: BenchmarkX ns/op " HIST_SCHEME " n=1 min=5 max=5 5:1x",
		"# hist: BenchmarkX ns/op " HIST_SCHEME " n=1 min=5 max=5 5:",
		"# hist: BenchmarkX ns/op " HIST_SCHEME " n=1 min=5 max=5 5:1,,0",
		"# hist: BenchmarkX ns/op " HIST_SCHEME " n=1 min=5 max=5 5",
		"# hist: BenchmarkX ns/op " HIST_SCHEME " n=1 min=5 max=5 5:1 junk",
		"# hist: BenchmarkX ns/op " HIST_SCHEME " n=1x min=5 max=5 5:1",
		"# hist: BenchmarkX ns/op " HIST_SCHEME " n=1 min=5 max=5 5:1\r5:1",
		"# hist: BenchmarkX ns/op " HIST_SCHEME " n=1 min=5 max=5 5:1\n\n",
		"# hist: BenchmarkX ns/op " HIST_SCHEME " n=18446744073709551616 min=5 max=5 5:1",
		"# hist: BenchmarkX ns/op " HIST_SCHEME " n=0 min=0 max=0 5:18446744073709551615,1",
		"# hist: BenchmarkX ns/op " HIST_SCHEME " n=1 min=5 max=5 5:18446744073709551616",
	};
	static struct hist h;
	char name[16], unit[24];
	size_t i;
	int taken = 0;

	for (i = 0; i < HB_ARRAY_SIZE(bad); i++)
		if (hist_parse_line(bad[i], name, sizeof(name), unit, sizeof(unit), &h) != -1) {
			diag("taken: '%s'", bad[i]);
			taken++;
		}
	ok(taken == 0, "malformed lines are refused with -1 (%zu of them)", HB_ARRAY_SIZE(bad));
	is_int(0, hist_parse_line("# hist: BenchmarkX ns/op " HIST_SCHEME " n=1 min=5 max=5 5:1",
				  name, sizeof(name), unit, sizeof(unit), &h), "the well-formed one beside them reads");
	is_int(-1, hist_parse_line("# hist: BenchmarkLongerThanSixteen ns/op " HIST_SCHEME " n=1 min=5 max=5 5:1",
				   name, sizeof(name), unit, sizeof(unit), &h), "a name longer than the room for it is refused");
	is_int(-1, hist_parse_line("# hist: BenchmarkX ns/op " HIST_SCHEME " n=1 min=5 max=5 5:1",
				   name, sizeof(name), unit, 5, &h), "so is a unit");
}

int
main(void)
{
	plan(38 + 16 + 4);
	test_buckets();
	test_empty();
	test_quantiles();
	test_line();
	test_malformed();
	return 0;
}
