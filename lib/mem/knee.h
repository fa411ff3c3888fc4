/*
 * knee: the steps in a latency curve.  Pure functions: no I/O.
 *
 * A memory benchmark times a load at a range of working-set sizes (or
 * strides, or page counts); the curve is flat while the working set fits
 * a level of cache (or TLB) and rises when it outgrows it.  These
 * functions find where it rises, robustly enough for measurements on a
 * noisy machine: single wild points are smoothed away by a running
 * median of three, and a rise only counts when it is both large (a
 * relative jump, not an absolute one, so the same threshold serves an
 * L1 hit of 1 ns and a memory load of 150 ns) and steep (within one
 * doubling of x), so that a slow drift is never taken for a step.
 */
#ifndef HB_KNEE_H
#define HB_KNEE_H

#include <stddef.h>

/* Fewer points than this cannot show a plateau, a rise and another plateau. */
#define KNEE_MIN_POINTS 5
/* Curves are a few dozen points; the functions smooth a copy on the stack. */
#define KNEE_MAX_POINTS 1024

/* One level: the plateau that ends where the curve steps up. */
struct knee_level {
	size_t first, last;	/* the plateau's points: indices into x and y */
	size_t foot;		/* the foot of the steepest part of the rise after it */
	double size;		/* x[foot]: the level's size */
	double value;		/* the plateau's height: median of its smoothed points */
};

/*
 * Smooth y[0..n) into out (n >= 3) with a running median of three; the
 * two ends use Tukey's end-point rule (the median of the end point, its
 * smoothed neighbour and the value extrapolated from the next two), so a
 * wild first or last point is tamed too.  For n < 3, out is a copy.
 */
void knee_smooth(const double *y, size_t n, double *out);

/*
 * The first point of x[0..n) (rising) at or beyond 2 x[k], k < n: the
 * end of the doubling that starts at point k; n when the curve ends
 * before it.
 */
size_t knee_doubling(const double *x, size_t n, size_t k);

/*
 * Find the steps of a curve: n points (x[i], y[i]), x strictly rising and
 * positive, y positive and finite.
 *
 * After smoothing (knee_smooth), a plateau runs from its first point
 * while the curve stays below (1 + jump / 2) times the plateau's lowest
 * point so far.  Where it first goes above, the plateau's last point k
 * is a step when, one doubling later (the first point with x >= 2 x[k];
 * the last point when the curve ends sooner, if it is at least 1.5 x[k]),
 * the curve is (1 + jump) times y[k] or more.  If it is not, the curve
 * drifted rather than stepped: the plateau goes on, and every later point
 * above its band is tested the same way.  After a step the next plateau
 * starts where the rise levels off: at the first point whose ratio over
 * a doubling (as above) is below 1 + jump / 2.
 *
 * A level's size is x at the foot of the steepest part of its rise (the
 * largest ratio of a point to the one before, from the plateau's last
 * point to the next plateau's first).  For a cache that keeps its whole
 * capacity until it is full that is the plateau's last point; one that
 * loses lines to conflicts before it is full starts to rise early and
 * gently, and the steepest part marks its capacity.
 *
 * Stores up to max levels (the plateaus that end in a step, in order)
 * into levels and the height of the last plateau, where the curve ends,
 * into *last (when last is not NULL; it may be the memory behind all
 * caches, or just the end of the range measured).  Returns the number of
 * steps found (0 for a curve without one; more than max may be found,
 * only max are stored), or -1 with errno EINVAL when n is not in
 * KNEE_MIN_POINTS .. KNEE_MAX_POINTS, jump is not in (0, 10], or a point
 * is out of order, not positive or not finite.
 */
int knee_find(const double *x, const double *y, size_t n, double jump,
	      struct knee_level *levels, size_t max, double *last);

/*
 * The cache line from a stride curve: y[i] is the time of a load when
 * one load is made every x[i] bytes (x rising), in a buffer that misses
 * the first cache level.  While the stride is below the line, loads
 * share lines and the time grows with the stride; from the line size on
 * every load misses and the time stays flat.  Returns the index of the
 * line size: the last point where the (smoothed) time rose by more than
 * the factor 1 + grow over the point before, provided it never rises by
 * that much again after it and at least one point follows it; -1 with
 * errno ENOENT when the curve shows no such point (flat throughout, or
 * still rising at the end), or EINVAL for bad input as for knee_find
 * (n < 3 is enough here) or grow not in (0, 10].
 */
int knee_line(const double *x, const double *y, size_t n, double grow);

#endif
