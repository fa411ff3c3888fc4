/*
 * dist: Student's t and Fisher's F distributions.  Pure functions.
 */
#ifndef HB_DIST_H
#define HB_DIST_H

/*
 * Student's t distribution with df > 0 degrees of freedom (need not be
 * whole): dist_t_sf the upper tail P(T > t), dist_t_quantile the t
 * with P(T > t) = p (0 < p < 1).  NaN for df <= 0.
 */
double dist_t_sf(double t, double df);
double dist_t_quantile(double p, double df);

/* Fisher's F distribution with d1, d2 > 0 degrees of freedom: the upper
 * tail P(F > f).  NaN for a df <= 0. */
double dist_f_sf(double f, double d1, double d2);

#endif
