/*
 * memcheck-t: the physical checks of the memory benchmarks on crafted
 * figures: parallelism against the chain count, line sizes, level
 * sizes, and latency curves whose levels are out of order, whose points
 * are not above 0, or that jump where no cache ends.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "mem/memcheck.h"
#include "tap/basic.h"

#define K 1024.0
#define M (1024.0 * 1024.0)

static char why[160];

/* The number of points of kind in bad[0..n). */
static size_t
count(const int *bad, size_t n, int kind)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		c += bad[i] == kind;
	return c;
}

int
main(void)
{
	/* lat_mem_rd-like sizes: 1K .. 64M, two per doubling. */
	double x[40], y[40], bound[3] = { 48 * K, 1 * M, 32 * M };
	int bad[40];
	size_t n = 0, i;
	double s;

	plan(26);

	ok(memcheck_par(14.1, 16, why, sizeof(why)), "14.1 x with 16 chains is possible");
	ok(memcheck_par(16.5, 16, why, sizeof(why)), "16.5 x with 16 chains is within the clock's 5%%");
	ok(!memcheck_par(77, 16, why, sizeof(why)), "77 x with 16 chains is not");
	ok(strstr(why, "more than 16 chains can overlap") != NULL, "and says so: %s", why);
	ok(!memcheck_par(0.3, 4, why, sizeof(why)), "0.3 x is not overlap");
	ok(!memcheck_par(NAN, 4, why, sizeof(why)), "NaN is not a parallelism");
	ok(memcheck_par(1, 1, why, 0), "1 x with one chain; no room for a reason is fine");

	ok(memcheck_pow2(64) && memcheck_pow2(1) && !memcheck_pow2(0) && !memcheck_pow2(96),
	   "powers of two: 64 and 1 are, 0 and 96 are not");
	ok(memcheck_line(64, why, sizeof(why)) && memcheck_line(128, why, sizeof(why)),
	   "lines of 64 and 128 bytes");
	ok(!memcheck_line(96, why, sizeof(why)) && strstr(why, "not a power of two") != NULL,
	   "96 bytes is not a line: %s", why);
	ok(!memcheck_line(4, why, sizeof(why)) && !memcheck_line(8192, why, sizeof(why)),
	   "4 and 8192 bytes are outside 8 .. 4096");

	{
		double lv[3] = { 48 * K, 1 * M, 32 * M }, down[3] = { 48 * K, 4 * M, 1 * M };

		ok(memcheck_levels(lv, 3, why, sizeof(why)), "48K, 1M, 32M: levels that grow");
		ok(!memcheck_levels(down, 3, why, sizeof(why)) && strstr(why, "level 3") != NULL,
		   "48K, 4M, 1M: the third level is not larger: %s", why);
		ok(memcheck_levels(lv, 0, why, sizeof(why)) == 1, "no levels: nothing to contradict");
	}

	for (s = 1 * K; s <= 64 * M; s *= 2) {
		x[n] = s;
		y[n] = s <= 32 * K ? 1.2 : s <= 512 * K ? 3.5 : s <= 16 * M ? 12 : 90;
		n++;
		x[n] = s * 1.5;
		y[n] = y[n - 1];
		n++;
	}
	n--;	/* end at 64M */
	is_int(0, (long)memcheck_curve(x, y, n, bound, 3, 1, bad, why, sizeof(why)),
	       "a clean random curve: nothing to measure again");
	is_int(0, (long)memcheck_curve(x, y, n, NULL, 0, 0, bad, why, sizeof(why)),
	       "nor without the system's cache sizes, in address order");

	/* L1 slower than L2: the first sizes inflated (preempted). */
	for (i = 0; i < 6; i++)
		y[i] = 4.5;
	ok(memcheck_curve(x, y, n, bound, 3, 0, bad, why, sizeof(why)) > 0,
	   "L1 at 4.5 ns and L2 at 3.5 ns: out of order");
	ok(strstr(why, "less than") != NULL, "and says so: %s", why);
	ok(count(bad, n, MEMCHECK_BAD) > 0 && bad[0] == MEMCHECK_BAD,
	   "the L1 sizes are to be measured again");
	for (i = 0; i < 6; i++)
		y[i] = 1.2;

	/* Main memory below L3 (a curve that ends in a prefetched 7.8 ns). */
	y[n - 1] = y[n - 2] = 7.8;
	ok(memcheck_curve(x, y, n, bound, 3, 0, bad, why, sizeof(why)) > 0
	   && bad[n - 1] == MEMCHECK_BAD, "memory at 7.8 ns below the L3's 12 ns: bad");
	y[n - 1] = y[n - 2] = 90;

	y[3] = 0;
	ok(memcheck_curve(x, y, n, bound, 3, 0, bad, why, sizeof(why)) > 0
	   && bad[3] == MEMCHECK_BAD && strstr(why, "not above 0") != NULL,
	   "0 ns per load is impossible: %s", why);
	y[3] = 1.2;

	/* A 10x jump between adjacent sizes where no cache ends (4M .. 6M). */
	for (i = 0; i < n && x[i] < 4 * M; i++)
		;
	y[i + 1] = 120;
	ok(memcheck_curve(x, y, n, bound, 3, 1, bad, why, sizeof(why)) > 0
	   && bad[i + 1] == MEMCHECK_JUMP, "a 10x jump at 6M with no cache there: a second look");
	is_int(0, (long)count(bad, n, MEMCHECK_BAD), "and it is not impossible");
	ok(memcheck_curve(x, y, n, bound, 3, 0, bad, why, sizeof(why)) == 0
	   || bad[i + 1] != MEMCHECK_JUMP, "in address order jumps are not looked for");
	y[i + 1] = 12;

	/* A jump where the L2 ends (1M .. 1.5M) is a cache, not noise. */
	for (i = 0; i < n && x[i] < 1 * M; i++)
		;
	y[i + 1] = 12;
	y[i] = 3.5;
	memcheck_curve(x, y, n, bound, 3, 1, bad, why, sizeof(why));
	is_int(0, (long)count(bad, n, MEMCHECK_JUMP), "a 3.4x jump where the L2 ends is explained");
	is_int(0, (long)memcheck_curve(x, y, 1, bound, 3, 1, bad, why, sizeof(why)),
	       "a single point: nothing to compare");
	return 0;
}
