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
	       "               for s seconds at most (default 10); -I level[,width] as\n"
	       "               netperf's: the CI at level% (50 .. 99.9) no wider than\n"
	       "               width% (default 5; -I 99,5: 99%, +-2.5%)\n" },
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
 * The results the program prints, from the metric table (each row names
 * its program): name and unit, each once (a metric may fill several
 * summary columns: hostbench-compare --man-results PROG lists them).
 */
static void
print_metrics(FILE *f, const struct bench_prog *p)
{
	size_t i, j, n = 0;

	for (i = 0; i < metric_fact_count; i++) {
		const struct metric_fact *m = &metric_facts[i];

		if (m->program == NULL || strcmp(m->program, p->name) != 0)
			continue;
		for (j = 0; j < i; j++) {
			const struct metric_fact *o = &metric_facts[j];

			if (o->program != NULL && strcmp(o->program, p->name) == 0
			    && strcmp(o->name, m->name) == 0 && strcmp(o->unit, m->unit) == 0)
				break;
		}
		if (j < i)
			continue;
		if (n++ == 0)
			fprintf(f, "results (name, unit):\n");
		fprintf(f, "  %s %s\n", m->name, m->unit);
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
