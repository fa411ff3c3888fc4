/*
 * ratio: a ratio as "×N" (see ratio.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "format.h"
#include "model/report.h"
#include "ratio.h"

#define TIMES "\xc3\x97"	/* U+00D7 MULTIPLICATION SIGN */

const char *
ratio_text(char *buf, size_t len, double r)
{
	if (!isfinite(r) || r <= 0)
		snprintf(buf, len, "-");
	else if (r >= 99.5)
		snprintf(buf, len, TIMES "%.0f", r);
	else if (r >= 9.995)
		snprintf(buf, len, TIMES "%.1f", r);
	else if (r >= 0.0995)
		snprintf(buf, len, TIMES "%.2f", r);
	else
		snprintf(buf, len, TIMES "%.2g", r);
	return buf;
}

const char *
ratio_of_row(char *buf, size_t len, const struct report_ab_row *row)
{
	return ratio_text(buf, len, isfinite(row->delta) ? 1 + row->delta / 100 : NAN);
}

const char *
ratio_interval(char *buf, size_t len, const struct report_ab_row *row)
{
	char lo[24], hi[24];

	if (row->wide || !isfinite(row->lo) || !isfinite(row->hi))
		/* Too wide, untested, or a difference from 0 in the
		 * metric's unit: no ratio. */
		return format_interval(buf, len, row);
	else
		snprintf(buf, len, "%s .. %s", ratio_text(lo, sizeof(lo), 1 + row->lo / 100),
			 ratio_text(hi, sizeof(hi), 1 + row->hi / 100));
	return buf;
}
