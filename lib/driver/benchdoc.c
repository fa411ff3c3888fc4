/*
 * benchdoc: what a benchmark says about itself (see benchdoc.h): its
 * usage line, -h, and the generated parts of its man page.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/metric.h"
#include "core/output.h"
#include "core/roff.h"
#include "driver/benchdoc.h"
#include "driver/prog.h"

/* The shared options' help, a line (or two) each, by letter. */
static const struct {
	char letter;
	const char *text;
} shared_help[] = {
	{ 'N', "  -N reps      samples to take (default 11)\n" },
	{ 'W', "  -W time      warm-up before sampling (bare number: us; default 0)\n" },
	{ 'P', "  -P n         run n copies in parallel (latency per copy, bandwidth summed)\n" },
	{ 'c', "  -c cpulist   pin to these CPUs, e.g. 0 or 0,2-3 (copies round-robin)\n" },
	{ 'T', "  -T time      length of one sample (bare number: ms; default 10ms)\n" },
	{ 'I', "  -I pct[,s]   sample until the 95% CI of the median is within +-pct%,\n"
	       "               for s seconds at most (default 10)\n" },
	{ 'o', "  -o text|raw  output format (default: text on a terminal, else raw)\n" },
	{ 'h', "  -h           show this help\n" },
	{ 'V', "  -V           show the version\n" },
};

/* The shared options, as the usage line shows them. */
static const struct {
	char letter;
	const char *metavar;
} shared_usage[] = {
	{ 'N', "reps" }, { 'W', "time" }, { 'P', "n" }, { 'c', "cpulist" },
	{ 'T', "time" }, { 'I', "pct[,s]" }, { 'o', "text|raw" },
};

/* Shared options a program refuses are left out of its usage. */
static int
shared_applies(const struct bench_prog *p, char letter)
{
	if (letter == 'P')
		return p->max_parallel != 1;
	if (letter == 'I')
		return p->why_precision == NULL;
	return 1;
}

/*
 * Every option the usage shows, in order (the shared ones the program
 * takes, then its table's), given to emit with its value's name (NULL:
 * a flag): one list for the usage line and the man page's synopsis.
 */
static void
each_option(FILE *f, const struct bench_prog *p,
	    void (*emit)(FILE *f, char letter, const char *metavar))
{
	size_t i;

	for (i = 0; i < HB_ARRAY_SIZE(shared_usage); i++)
		if (shared_applies(p, shared_usage[i].letter))
			emit(f, shared_usage[i].letter, shared_usage[i].metavar);
	for (i = 0; i < p->nopts; i++)
		emit(f, p->opts[i].letter, p->opts[i].metavar);
}

static void
usage_option(FILE *f, char letter, const char *metavar)
{
	fprintf(f, " [-%c%s%s]", letter, metavar != NULL ? " " : "", metavar != NULL ? metavar : "");
}

void
bench_print_usage(FILE *f, const struct bench_prog *p)
{
	fprintf(f, "usage: %s", p->name);
	each_option(f, p, usage_option);
	fprintf(f, "%s%s\n", *p->args != '\0' ? " " : "", p->args);
}

/* One option of the synopsis: [\fB\-x\fR \fImetavar\fR]. */
static void
roff_option(FILE *f, char letter, const char *metavar)
{
	fprintf(f, "[\\fB\\-%c\\fR", letter);
	if (metavar != NULL) {
		fputs(" \\fI", f);
		roff_str(f, metavar);
		fputs("\\fR", f);
	}
	fputs("]\n", f);
}

/*
 * The usage line as a man page's SYNOPSIS section: the same options and
 * operands, one option a line.  tests/scripts/catalogue-t.sh compares it
 * with doc/NAME.1; make man-synopsis writes it there.
 */
void
bench_print_synopsis(FILE *f, const struct bench_prog *p)
{
	fprintf(f, ".SH SYNOPSIS\n.B %s\n", p->name);
	each_option(f, p, roff_option);
	if (*p->args != '\0') {
		roff_str(f, p->args);
		fputc('\n', f);
	}
}

/* The table's options in -h: "  -x metavar   help", continued lines indented. */
static void
print_opts_help(FILE *f, const struct bench_prog *p)
{
	size_t i;

	for (i = 0; i < p->nopts; i++) {
		const struct bench_opt *op = &p->opts[i];
		const char *h = op->help;
		int len = fprintf(f, "  -%c %s", op->letter, op->metavar != NULL ? op->metavar : "");

		/* The help starts in column 15, or two blanks after a long name. */
		fprintf(f, "%*s", len < 13 ? 15 - len : 2, "");
		for (; *h != '\0'; h++)
			if (*h == '\n')
				fputs("\n               ", f);
			else
				fputc(*h, f);
		fputc('\n', f);
	}
}

/*
 * The results the program prints, from the metric table (each entry
 * names its program): name, unit and the summary column it fills.
 */
static void
print_metrics(FILE *f, const struct bench_prog *p)
{
	size_t i, n = 0;

	for (i = 0; i < metric_count; i++) {
		const struct metric *m = &metric_table[i];

		if (m->program == NULL || strcmp(m->program, p->name) != 0)
			continue;
		if (n++ == 0)
			fprintf(f, "results (name, unit, summary column):\n");
		if (m->section != NULL)
			fprintf(f, "  %s %s  %s: %s\n", m->name, m->unit, m->section, m->column);
		else
			fprintf(f, "  %s %s\n", m->name, m->unit);
	}
}

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
		if (x->program != NULL && strcmp(x->program, prog) == 0
		    && strcmp(x->name, m->name) == 0 && strcmp(x->unit, m->unit) == 0)
			return 0;
	return 1;
}

/*
 * Whether p writes a run's own figures (percentiles, an end's CPU, the
 * buffers granted, the line and levels found) as units on its results'
 * lines (lib/core/output: output_internal), by the names of its entries.
 */
static int
has_run_figures(const struct bench_prog *p)
{
	static const char *const parts[] = { "/stat=", "/cpu=", "/sockbuf=", "/level=", "/box=" };
	size_t i, k;

	for (i = 0; i < metric_count; i++) {
		const struct metric *m = &metric_table[i];

		if (m->program == NULL || strcmp(m->program, p->name) != 0)
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
bench_print_results_roff(FILE *f, const struct bench_prog *p)
{
	unsigned used = 0;
	size_t i;
	int e;

	for (i = 0; i < metric_count; i++)
		if (metric_table[i].program != NULL && strcmp(metric_table[i].program, p->name) == 0)
			used |= 1u << metric_table[i].estimator;
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
	if (has_run_figures(p))
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

		if (m->program == NULL || strcmp(m->program, p->name) != 0
		    || !first_of_its_name(m, p->name))
			continue;
		fputs(".TP\n.B ", f);
		roff_str(f, m->name);
		fputs("\n", f);
		roff_str(f, m->unit);
		fputs(": ", f);
		roff_str(f, m->what);
		fputs("; ", f);
		roff_str(f, metric_estimator_name(m->estimator));
		if (m->hi > m->lo)
			fprintf(f, "; %s %g to %g", m->lo_open ? "above" : "from", m->lo, m->hi);
		else
			fprintf(f, "; %s %g", m->lo_open ? "above" : "at least", m->lo);
		if (m->flags & METRIC_SINGLY)
			fputs(", and not below the clock's cost of a reading", f);
		if (m->flags & METRIC_MEMMOVE)
			fprintf(f, ", and in the summary tables at most %g times the run's fastest "
				"memory bandwidth (\\fBbw_mem\\fR, \\fBstream\\fR) where its size is "
				"not under 4 x the run's last-level cache",
				METRIC_MEMORY_MARGIN);
		if (m->flags & METRIC_MEMTEST)
			fputs("; a memory test: the run's fastest bounds its pipes, sockets and "
			      "cached files", f);
		fputs(".\n", f);
	}
}

void
bench_print_help(FILE *f, const struct bench_prog *p)
{
	size_t i;

	bench_print_usage(f, p);
	fprintf(f, "%s\n\nshared options:\n", p->summary);
	for (i = 0; i < HB_ARRAY_SIZE(shared_help); i++)
		if (shared_help[i].letter == 'N' && p->default_reps > 0)
			fprintf(f, "  -N reps      samples to take (default %u)\n", p->default_reps);
		else if (shared_applies(p, shared_help[i].letter))
			fputs(shared_help[i].text, f);
	if (p->nopts > 0 || p->morehelp != NULL)
		fprintf(f, "%s options:\n", p->name);
	print_opts_help(f, p);
	if (p->morehelp != NULL)
		fputs(p->morehelp, f);
	print_metrics(f, p);
}
