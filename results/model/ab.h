/*
 * ab: an A/B comparison of two sides (struct report_ab: see report.h):
 * a test per metric, its verdict, the false discovery rate over them.
 */
#ifndef HB_AB_H
#define HB_AB_H

#include "report.h"

/*
 * A sequential experiment looks at its data after every pair of rounds
 * and stops once every metric is decided.  Each look K = 1, 2 ... spends
 * REPORT_FDR / (K (K + 1)) of the error rate (alpha spending, Lan and
 * DeMets 1983, with the open-ended spending function REPORT_FDR K / (K +
 * 1)), and the looks together by Bonferroni spend at most REPORT_FDR
 * however many there are and however they correlate: the rate holds at
 * whichever look the experiment stops.  0.025 at the first look, 0.0083
 * at the second, 0.00045 at the tenth.
 */
double report_fdr_at_look(unsigned look);

/* The comparison of ab's sides (ab->ga, ab->gb, base and other set):
 * its rows, verdicts and changes.  Returns 0 or -1 (out of memory). */
int ab_build(struct report *rep, struct report_ab *ab);

#endif
