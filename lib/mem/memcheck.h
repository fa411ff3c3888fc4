/*
 * memcheck: what the memory benchmarks (par_mem, cache, lat_mem_rd) may
 * physically report.  Pure functions: no I/O.  Each says whether a
 * figure is possible and, when it is not, why, in why (len bytes, always
 * terminated; nothing is written when len is 0).  None sets errno or
 * dies.
 */
#ifndef HB_MEMCHECK_H
#define HB_MEMCHECK_H

#include <stddef.h>
#include <stdint.h>

/* What the parallelism may exceed its chain count by: the clock's noise in a ratio. */
#define MEMCHECK_PAR_SLACK 0.05
/* Below this, k chains would be slower per load than one: not overlap but interference. */
#define MEMCHECK_PAR_MIN 0.5
/* How much a cache level's latency may fall below the level before it: noise. */
#define MEMCHECK_LEVEL_TOL 0.10
/* A jump between adjacent sizes of a random walk that asks for a second look. */
#define MEMCHECK_JUMP_RATIO 3.0

/*
 * A parallelism par measured with chains independent chains: 1 when
 * MEMCHECK_PAR_MIN <= par <= chains x (1 + MEMCHECK_PAR_SLACK) (k chains
 * cannot overlap more than k loads), else 0 with why.
 */
int memcheck_par(double par, unsigned chains, char *why, size_t len);

/* 1 when v is a power of two (1, 2, 4 ...), else 0. */
int memcheck_pow2(uint64_t v);

/*
 * A cache line of line bytes: 1 when it is a power of two from the
 * pointer size (8 is allowed everywhere) to 4096, else 0 with why.
 */
int memcheck_line(uint64_t line, char *why, size_t len);

/*
 * Cache levels found, size[0..n) in bytes from the first level on: 1
 * when every size is above 0 and above the one before, else 0 with why.
 */
int memcheck_levels(const double *size, size_t n, char *why, size_t len);

/*
 * A latency curve: y[i] ns per load at size x[i] bytes (x rising), n
 * points; bound[0..nb) the cache sizes the system names, rising (nb may
 * be 0).  Sets bad[i] to MEMCHECK_OK, MEMCHECK_BAD or MEMCHECK_JUMP for
 * each point and returns how many are not MEMCHECK_OK; why gets the
 * first reason.
 *   - y[i] not above 0 (or not finite): MEMCHECK_BAD.
 *   - Levels: a point belongs to level g when it is above 1.5 x bound[g-1]
 *     (g > 0) and at most 0.75 x bound[g] (g < nb; level nb is what lies
 *     behind the last cache); points between are in transition.  A
 *     level's latency is the median of its points.  A point of level g
 *     below (1 - MEMCHECK_LEVEL_TOL) x the latency of the nearest level
 *     before it that has points, and a point of that earlier level above
 *     the latency of level g / (1 - MEMCHECK_LEVEL_TOL), are MEMCHECK_BAD:
 *     a load that misses a cache costs at least what a hit in it costs.
 *   - random (not 0): y[i] > MEMCHECK_JUMP_RATIO x y[i-1] with no bound b such
 *     that x[i-1] / 2 <= b <= 2 x[i] (no cache ends near there) makes
 *     point i MEMCHECK_JUMP (unless it is MEMCHECK_BAD already).
 * A caller measures the points that are not MEMCHECK_OK again; those
 * still MEMCHECK_BAD after that are implausible, while a jump can be
 * real (a TLB's reach, a cache the system does not name) and is only
 * looked at again.  At most MEMCHECK_MAX_POINTS points (more: the rest
 * are left MEMCHECK_OK).
 */
#define MEMCHECK_OK 0
#define MEMCHECK_BAD 1
#define MEMCHECK_JUMP 2
#define MEMCHECK_MAX_POINTS 1024
size_t memcheck_curve(const double *x, const double *y, size_t n, const double *bound,
		      size_t nb, int random, int *bad, char *why, size_t len);

#endif
