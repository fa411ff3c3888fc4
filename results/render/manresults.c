/*
 * manresults: the RESULTS section of a benchmark's man page, from the
 * metric table (see manresults.h).  It lives with the results tool,
 * which carries the table's prose; the programs carry only what they
 * check their values against.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/output.h"
#include "core/roff.h"
#include "read/metric_table.h"
#include "render/manresults.h"
#include "read/metric_what.h"

/* The estimator as a man page explains it. */
static const char *
estimator_text(enum metric_estimator e)
{
	switch (e) {
	case METRIC_Q1:
		return "of the samples; other work on the machine can only lengthen a time, and "
		       "the lower quartile stands while up to three samples in four are hit "
		       "(the median moves at one in two)";
	case METRIC_Q3:
		return "of the samples; other work can only lower a rate of work on this "
		       "machine, and the upper quartile stands while up to three samples in "
		       "four are hit";
	case METRIC_TOTAL:
		return "over the run: the mean of samples of equal length (all bytes / all time)";
	case METRIC_WEIGHTED:
		return "over the run: each sample weighted by what it sent (all lost / all sent)";
	case METRIC_MERGED:
		return "a percentile of every observation of the run (the merged histogram)";
	case METRIC_MEDIAN:
		break;
	}
	return "of the samples: a count, a ratio or a figure interference moves either way";
}

/* Is m the first entry of its program with its name and unit? */
static int
first_of_its_name(const struct metric *m, const char *prog)
{
	const struct metric *x;

	for (x = metric_table; x < m; x++)
		if (x->fact.program != NULL && strcmp(x->fact.program, prog) == 0
		    && strcmp(x->fact.name, m->fact.name) == 0
		    && strcmp(x->fact.unit, m->fact.unit) == 0)
			return 0;
	return 1;
}

/*
 * Whether prog writes a run's own figures (percentiles, an end's CPU, the
 * buffers granted, the line and levels found) as units on its results'
 * lines (lib/core/output: output_internal), by the names of its entries.
 */
static int
has_run_figures(const char *prog)
{
	static const char *const parts[] = { "/stat=", "/cpu=", "/sockbuf=", "/level=", "/box=" };
	size_t i, k;

	for (i = 0; i < metric_count; i++) {
		const struct metric_fact *m = &metric_table[i].fact;

		if (m->program == NULL || strcmp(m->program, prog) != 0)
			continue;
		if (strcmp(m->name, "Line") == 0)
			return 1;
		for (k = 0; k < sizeof(parts) / sizeof(parts[0]); k++)
			if (strstr(m->name, parts[k]) != NULL)
				return 1;
	}
	return 0;
}

/*
 * The man page's RESULTS section: how a run's value is taken from the
 * samples, each estimator the program's results use explained once;
 * then each result it prints (from the metric table, once per name and
 * unit) with its estimator and the values it can physically have.  make
 * man-synopsis writes it into doc/NAME.1; tests/scripts/catalogue-t.sh
 * compares.  Nothing for a program without results.
 */
void
manresults_print(FILE *f, const char *prog)
{
	unsigned used = 0;
	size_t i;
	int e;

	for (i = 0; i < metric_count; i++) {
		const struct metric_fact *m = &metric_table[i].fact;

		if (m->program != NULL && strcmp(m->program, prog) == 0)
			used |= 1u << m->estimator;
	}
	if (used == 0)
		return;
	fputs(".SH RESULTS\n"
	      "A run's value of a result, in the summary tables and comparisons of\n"
	      ".BR hostbench\\-compare (1),\n"
	      "is taken from its samples as its entry below says:\n", f);
	for (e = METRIC_MEDIAN; e <= METRIC_MERGED; e++)
		if (used & (1u << e)) {
			fputs(".IP \\(bu 2\n", f);
			roff_str(f, metric_estimator_name((enum metric_estimator)e));
			fputs(": ", f);
			roff_str(f, estimator_text((enum metric_estimator)e));
			fputs(".\n", f);
		}
	fputs(".PP\n"
	      "A percentile result (with a \\fIstat=\\fR part) is a percentile of every\n"
	      "observation of the run.\n"
	      "Such a result, and any time of one operation timed on its own, is never\n"
	      "below what a reading of the clock costs (the run's \\fIclock:\\fR line):\n"
	      "the interval timed holds one reading.\n"
	      "A summary outside the values a result can physically have is measured\n"
	      "again, twice at most; one still outside is left out, and the program\n"
	      "exits 3 saying why.\n", f);
	if (has_run_figures(prog))
		fputs(".PP\n"
		      "In raw output a run's own figures are not results of their own but\n"
		      "value-unit pairs on a line of the result they belong to, as Go\n"
		      "benchmarks report extra metrics, the line's count the operations they\n"
		      "are of: the percentiles as \\fIp50-ns\\fR, \\fIp90-ns\\fR, \\fIp99-ns\\fR\n"
		      "(\\fImax-ns\\fR), each end's CPU as \\fIlocal-%sys\\fR ...\n"
		      "\\fIremote-own-us/KB\\fR, the box's with \\fB\\-A\\fR as \\fI%busiest\\fR ...\n"
		      "\\fIirqs/s\\fR (the count: its 100 ms intervals), the buffers granted as\n"
		      "\\fIbytes-sndbuf\\fR and\n"
		      "\\fIbytes-rcvbuf\\fR (a count of 1), the line and the levels found as\n"
		      "\\fIline-bytes\\fR, \\fIl1-bytes\\fR, \\fIl1-pages\\fR (a count of 1), a level's\n"
		      "load time as \\fIl1-ns/op\\fR (the count: the loads of its plateau).\n"
		      "The entries below name them as\n"
		      ".BR hostbench\\-compare (1)\n"
		      "reads them, and as older versions wrote them: \\fI/stat=p50\\fR in ns/op,\n"
		      "\\fI/cpu=local\\fR in %sys, \\fI/box=cpu\\fR, \\fI/sockbuf=granted\\fR,\n"
		      "\\fICache/level=1\\fR, \\fILine\\fR.\n"
		      "See\n"
		      ".BR hostbench (1),\n"
		      "RESULT FORMAT, for the units.\n", f);
	for (i = 0; i < metric_count; i++) {
		const struct metric *m = &metric_table[i];

		if (m->fact.program == NULL || strcmp(m->fact.program, prog) != 0
		    || !first_of_its_name(m, prog))
			continue;
		fputs(".TP\n.B ", f);
		roff_str(f, m->fact.name);
		fputs("\n", f);
		roff_str(f, m->fact.unit);
		fputs(": ", f);
		roff_str(f, metric_what_of(m));
		fputs("; ", f);
		roff_str(f, metric_estimator_name((enum metric_estimator)m->fact.estimator));
		if (m->fact.hi > m->fact.lo)
			fprintf(f, "; %s %g to %g", m->fact.lo_open ? "above" : "from", m->fact.lo,
				m->fact.hi);
		else
			fprintf(f, "; %s %g", m->fact.lo_open ? "above" : "at least", m->fact.lo);
		if (m->fact.flags & METRIC_SINGLY)
			fputs(", and not below the clock's cost of a reading", f);
		if (m->fact.flags & METRIC_MEMMOVE)
			fprintf(f, ", and in the summary tables at most %g times the run's fastest "
				"memory bandwidth (\\fBbw_mem\\fR, \\fBstream\\fR) where its size is "
				"not under 4 x the run's last-level cache",
				METRIC_MEMORY_MARGIN);
		if (m->fact.flags & METRIC_MEMTEST)
			fputs("; a memory test: the run's fastest bounds its pipes, sockets and "
			      "cached files", f);
		fputs(".\n", f);
	}
}
