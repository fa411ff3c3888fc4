/*
 * usage: hostbench-compare's options, and the usage line, -h text and man
 * page sections printed from them (see usage.h).  To add an option, add
 * its row here (the parser's switch in hostbench-compare.c then wants
 * its case) and run make man-synopsis.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/compat.h"
#include "core/msg.h"
#include "core/roff.h"
#include "usage.h"

/* The operands of the usage's first form. */
static const char main_operands[] = "FILE|DIR...";

/* What -h says before the options, and after them. */
static const char help_head[] =
	"Summary tables (lmbench's sections, one row per run) and A/B comparisons\n"
	"of hostbench and lmbench3 result files.  A directory stands for the files\n"
	"under it.\n";
static const char help_tail[] =
	"Exit status: 0 done; 1 a file could not be read (the others are still\n"
	"compared) or a regression beyond --threshold; 2 bad usage; 3 with\n"
	"--threshold, no regression beyond it shown, but the comparison cannot tell.\n";

/* The SYNOPSIS's other ways to run the tool, after the usage's forms. */
static const char synopsis_tail[] =
	".br\n"
	".B hostbench compare\n"
	".IR ARGS ...\n"
	".br\n"
	".B make compare\n"
	"[\\fBLIST=\\fR\\fIPATTERN\\fR]\n"
	".br\n"
	".B make \\-C results\n"
	"[\\fBLIST=\\fR\\fIPATTERN\\fR]\n";

const struct usage_opt usage_opts[] = {
	{ USAGE_BASE, "--base", NULL, "FILE", USAGE_MAIN, NULL,
	  "compare every other run, of any host, with this one\n"
	  "(default with one host: the first run)",
	  ".\n"
	  "A file named again among the others is read once.\n" },
	{ USAGE_BASELINE, "--baseline", NULL, "first|FILE...", USAGE_OR, NULL,
	  "each host's runs against its own baseline: its\n"
	  "first run, or FILE (once per host); the default with\n"
	  "runs of several hosts",
	  " (see\n"
	  ".BR \"Several hosts\" ).\n"
	  "Two files of one host are a usage error; a file named\n"
	  ".B first\n"
	  "is\n"
	  ".BR ./first .\n"
	  "Not with\n"
	  ".BR \\-\\-base \", \" \\-\\-a \" or \" \\-\\-b .\n" },
	{ USAGE_A, "--a", NULL, "'FILE...'", USAGE_FORM, "[options]",
	  "side A: one or more runs separated by blanks: files,\n"
	  "directories or patterns, which the tool expands",
	  " (such as\n"
	  ".BR 'nas.[0\\-2]' ).\n"
	  "No other file,\n"
	  ".BR \\-\\-base ,\n"
	  ".B \\-\\-baseline\n"
	  "or\n"
	  ".B \\-\\-group\\-by\n"
	  "goes with\n"
	  ".B \\-\\-a\n"
	  "and\n"
	  ".BR \\-\\-b .\n" },
	{ USAGE_B, "--b", NULL, "'FILE...'", USAGE_AND, NULL,
	  "side B, compared with side A: runs as for --a",
	  NULL },
	{ USAGE_GROUP_BY, "--group-by", NULL, "KEY", USAGE_FORM, "[options] FILE|DIR...",
	  "sides by the runs' value of a fingerprint key\n"
	  "(tag-kernel, governor, note...), or by all their tags\n"
	  "(tag): the first group against each other, per host",
	  ".\n"
	  "A run without the key is in the group\n"
	  ".BR (none) ;\n"
	  "the groups are in the order first seen.\n"
	  "The key\n"
	  ".BI tag\\- KEY\n"
	  "is a tag\n"
	  ".RB ( tag\\-kernel \" from \" \"hostbench run \\-\\-tag kernel=6.1\" ),\n"
	  "and so is a\n"
	  ".I KEY\n"
	  "that no run has but as a tag:\n"
	  ".B \\-\\-group\\-by mitig\n"
	  "for runs of\n"
	  ".BR \"hostbench run \\-\\-tag mitig=off\" .\n"
	  "On the groups of several hosts, see\n"
	  ".BR \"Several hosts\" .\n" },
	{ USAGE_FORMAT, "--format", NULL, "text|csv|json|markdown", USAGE_MAIN, NULL,
	  "the report's format (default text)",
	  "; see\n"
	  ".BR Formats .\n" },
	{ USAGE_SVG, "--svg", NULL, "FILE", USAGE_MAIN, NULL,
	  "also draw memory latency by size, rate ladders, latency\n"
	  "under load over time and the A/B deltas",
	  ", in one SVG\n"
	  "document (see\n"
	  ".BR Plots ).\n" },
	{ USAGE_PLOT, "--plot", NULL, "DIR", USAGE_MAIN, NULL,
	  "the same as separate files: DIR/memlat.svg,\n"
	  "DIR/ladder.svg (with a ladder), DIR/load.svg (with a\n"
	  "time series) and DIR/delta-N.svg",
	  " (see\n"
	  ".BR Plots ).\n" },
	{ USAGE_HTML, "--html", NULL, "FILE", USAGE_MAIN, NULL,
	  "also write the whole report as one self-contained page:\n"
	  "the verdict and the A/B chart first (a fleet's ranking\n"
	  "first), then the details folded",
	  ".\n"
	  "It is the page to attach to a mail or post to a list.\n"
	  "It opens with each comparison's verdict: the counts, the power, and the\n"
	  "metrics that changed with their ratio b/a (\\(mu1.52: 52% larger in b,\n"
	  "\\(mu0.66: a third smaller) and its interval; then the comparison's chart.\n"
	  "With runs of several hosts it opens with the ranking across hosts: the\n"
	  "best and the worst host at each metric measured alike, their ratio, and\n"
	  "every host in order.\n"
	  "Then, folded (a click opens them; printed, they are open where the\n"
	  "browser prints a folded block's contents, as Chromium does): the runs\n"
	  "(label, number, file, host, OS, note, tags); the reliability notes of\n"
	  "all runs, each distinct message once with the runs and cases it applies\n"
	  "to (figures that differ shown as a range); the runs' fingerprints side\n"
	  "by side, the keys where they differ first, each cell that differs from\n"
	  "the first run's highlighted and, in a value of several words such as the\n"
	  "kernel command line, the words the first run lacks marked (keys that\n"
	  "differ on every run, such as the date, the load or the clock's\n"
	  "resolution, are listed apart and never highlighted); with runs of\n"
	  "several hosts, the hosts' table; and each A/B comparison in full, with\n"
	  "what changed and a table per section, its rows green (faster or\n"
	  "better), red (slower or worse), amber (changed, no direction) or grey\n"
	  "(unreliable, not tested, not comparable).\n"
	  "Then the summary tables (with the memory section's guesses) and rate\n"
	  "ladders, and the plots, inline as SVG.\n"
	  "The page has its own style sheet, with rules for print (margins that\n"
	  "suit A4 and Letter, charts scaled to the page's width, tables that\n"
	  "wrap), and no script, and fetches nothing (no link, font, image or\n"
	  "script from anywhere); text from the result files is escaped.\n"
	  "It is written as the plots are: never over an existing file but with\n"
	  ".BR \\-\\-force .\n" },
	{ USAGE_FORCE, "--force", NULL, NULL, USAGE_MAIN, NULL,
	  "let --html, --svg and --plot replace a file that\n"
	  "hostbench-compare wrote; any other file is kept (exit 2)",
	  ".\n"
	  "Every page and SVG file the tool writes has, as its first or second line\n"
	  "(after an SVG's XML declaration), the comment\n"
	  ".BR \"<!\\-\\- written by hostbench\\-compare\" ;\n"
	  "with\n"
	  ".BR \\-\\-force ,\n"
	  "a regular file with that line is replaced at once (the new file is\n"
	  "written beside it, then renamed over it), and a name to be written that\n"
	  "is anything else (a file without that line, a symbolic link, a\n"
	  "directory) is a usage error: the tool names it, writes no file and\n"
	  "exits 2.\n"
	  "Without\n"
	  ".BR \\-\\-force ,\n"
	  "an existing file is never replaced: the tool says so and exits 1.\n"
	  "Files are created with the mode 0666 less the umask.\n" },
	{ USAGE_THRESHOLD, "--threshold", NULL, "PCT", USAGE_MAIN, NULL,
	  "exit 1 when a significant change is worse than PCT\n"
	  "percent, 3 when none is but a metric could hide one\n"
	  "(unreliable, not tested, or its interval reaches\n"
	  "past PCT)",
	  "; see\n"
	  ".BR \"A/B comparison\" .\n" },
	{ USAGE_MARGIN, "--margin", NULL, "PCT", USAGE_MAIN, NULL,
	  "changes within +-PCT percent count as no change\n"
	  "(0 .. 100, default 3)",
	  NULL },
	{ USAGE_LOOK, "--look", NULL, "K", USAGE_MAIN, NULL,
	  "the K-th look (1 .. 1000) of a sequential experiment\n"
	  "(hostbench ab --until): the false discovery rate spent\n"
	  "at it is 5% / (K (K + 1)), and all looks spend 5% at most",
	  ".\n"
	  "That is the share that alpha spending (Lan and DeMets 1983) with the\n"
	  "open-ended spending function 5% \\fIK\\fR / (\\fIK\\fR + 1) gives that look;\n"
	  "by Bonferroni the looks together spend no more, however many there are\n"
	  "and wherever the experiment stops.\n"
	  "The method line says which look it is and what it spent.\n" },
	{ USAGE_SECTIONS, "--sections", NULL, "LIST", USAGE_MAIN, NULL,
	  "only these sections (comma-separated ids; see\n"
	  "--list-columns)",
	  ":\n"
	  ".BR params \", \" proc \", \" int \", \" int64 \", \" float \", \" double \", \"\n"
	  ".BR ctx \", \" local \", \" filevm \", \" bw \", \" mem \", \" spread \", \" more \", \"\n"
	  ".BR par \", \" parfp \", \" membw \", \" stream \", \" cachebw \", \" cachestream \", \"\n"
	  ".BR disk \", \" udp \", \" remote \", \"\n"
	  ".BR box \", \" netcost \", \" remotecost \", \" load .\n" },
	{ USAGE_SUMMARY, "--summary", NULL, NULL, USAGE_MAIN, NULL,
	  "only the summary tables",
	  " (what\n"
	  ".B make compare\n"
	  "prints of one run, and\n"
	  ".B make \\-C results\n"
	  "of any).\n" },
	{ USAGE_AB, "--ab", NULL, NULL, USAGE_OR, NULL,
	  "only the A/B comparisons",
	  NULL },
	{ USAGE_RESULTS_ONLY, "--results-only", NULL, NULL, USAGE_MAIN, NULL,
	  "skip, silently, a named file that is no result file, as\n"
	  "in a directory: for make compare LIST='*'",
	  ", whose pattern\n"
	  "also matches the tool, its objects and a Makefile.\n" },
	{ USAGE_VARIANCE, "--variance", NULL, NULL, USAGE_MAIN, NULL,
	  "of several runs of one unchanged machine: how each\n"
	  "metric's spread splits between the samples of a process,\n"
	  "the processes of a run and the runs, and the samples a\n"
	  "process should take; then exit",
	  ".\n"
	  "A part is the standard deviation (in percent, on the log scale) that\n"
	  "the samples of a process, the processes (rounds) of a run beyond their\n"
	  "samples, or the runs beyond their processes add (a nested analysis of\n"
	  "variance; Kalibera and Jones, \"Rigorous benchmarking in reasonable\n"
	  "time\", 2013); from them and the time of a sample and of a process\n"
	  "beyond its samples, the samples a process should take for its cost are\n"
	  "sqrt((process ms / sample ms) \\(mu (samples' variance / processes'\n"
	  "variance)).\n"
	  "See\n"
	  ".B SIZING\n"
	  "below for what it measured here.\n" },
	{ USAGE_LIST_COLUMNS, "--list-columns", NULL, NULL, USAGE_FORM, NULL,
	  "print the metric table (section, column, rule, its\n"
	  "argument, metric name, raw unit, display unit, direction,\n"
	  "what it measures, the program that prints it) and exit",
	  NULL },
	{ USAGE_LIST_RESULTS, "--list-results", NULL, NULL, USAGE_FORM, "FILE|DIR...",
	  "print each result of the files with its program and the\n"
	  "metric table's entry for it (none: exit 1), and exit",
	  ".\n"
	  "A line a result: the file, the program that printed it, the result's\n"
	  "name and unit; the section, column and program of its entry in the\n"
	  "metric table\n"
	  ".RB ( \\- :\n"
	  "an entry without a column of its own), or\n"
	  ".B none\n"
	  "when the table has no entry for it; then its number of samples, its\n"
	  "estimator (see RESULTS in the program's man page), the value by it, and\n"
	  "the spread: the half-width of the 95% confidence interval of the median\n"
	  "of its samples, in percent of the median\n"
	  ".RB ( \\-\n"
	  "with too few samples for 95%).\n"
	  "The build's tests use it to find a result that would reach no table.\n" },
	{ USAGE_CHECK_TEXT, "--check-text", NULL, "TEXT", USAGE_FORM, NULL,
	  "exit 0 when TEXT is what a result file may record as a\n"
	  "note or a tag's value (valid UTF-8, no control\n"
	  "character, tab included), else 2 naming the first bad\n"
	  "byte and its offset",
	  "\n"
	  ".RB ( \"byte 0xe9 at offset 3 is not valid UTF\\-8\" ,\n"
	  ".BR \"control character U+001B at offset 0\" ).\n"
	  ".B hostbench run\n"
	  "asks it about\n"
	  ".B \\-\\-note\n"
	  "and\n"
	  ".BR \\-\\-tag .\n" },
	{ USAGE_HELP, "--help", "-h", NULL, USAGE_HIDDEN, NULL,
	  "print the usage and what each option does, and exit",
	  NULL },
	{ USAGE_VERSION, "--version", "-V", NULL, USAGE_HIDDEN, NULL,
	  "print the version and exit",
	  NULL },
};
const size_t usage_nopts = HB_ARRAY_SIZE(usage_opts);

const struct usage_opt *
usage_find(const char *arg, size_t len)
{
	size_t i;

	for (i = 0; i < usage_nopts; i++) {
		const struct usage_opt *u = &usage_opts[i];

		if ((strlen(u->name) == len && strncmp(u->name, arg, len) == 0)
		    || (u->alias != NULL && strlen(u->alias) == len && strncmp(u->alias, arg, len) == 0))
			return u;
	}
	return NULL;
}

/* ---------------------------------------------------------------- forms */

/* One thing the usage shows: an option in brackets (or several, of
 * which one may be given), an option of a form, or operands. */
struct item {
	int form;			/* it starts a form */
	int brackets;
	const struct usage_opt *opt[4];	/* opt[1..]: the alternatives after " | " */
	size_t nopt;
	const char *words;		/* operands, instead of options */
};

/*
 * The usage's items in order: the first form (the options in brackets,
 * then the files), then a form for each option that has one, in the
 * table's order, with the options that go with it and its operands.
 * Returns how many.
 */
static size_t
items(struct item *it)
{
	struct item *open = NULL;	/* the brackets the option before is in */
	size_t i, n = 0;

	for (i = 0; i < usage_nopts; i++) {
		const struct usage_opt *u = &usage_opts[i];

		if (u->place == USAGE_OR && open != NULL && open->nopt < HB_ARRAY_SIZE(open->opt)) {
			open->opt[open->nopt++] = u;
		} else if (u->place == USAGE_MAIN || u->place == USAGE_OR) {
			open = &it[n++];
			memset(open, 0, sizeof(*open));
			open->form = n == 1;
			open->brackets = 1;
			open->opt[0] = u;
			open->nopt = 1;
		} else {
			open = NULL;
		}
	}
	memset(&it[n], 0, sizeof(it[n]));
	it[n].form = n == 0;
	it[n++].words = main_operands;
	for (i = 0; i < usage_nopts; i++) {
		const struct usage_opt *u = &usage_opts[i];
		size_t k;

		if (u->place != USAGE_FORM)
			continue;
		for (k = i; k < usage_nopts && (k == i || usage_opts[k].place == USAGE_AND); k++) {
			memset(&it[n], 0, sizeof(it[n]));
			it[n].form = k == i;
			it[n].opt[0] = &usage_opts[k];
			it[n++].nopt = 1;
		}
		if (u->operands != NULL) {
			memset(&it[n], 0, sizeof(it[n]));
			it[n++].words = u->operands;
		}
	}
	return n;
}

/* Room for every item: each row makes one at most, and each form's
 * operands and the first form's files one more. */
#define MAX_ITEMS (2 * HB_ARRAY_SIZE(usage_opts) + 1)

/* An item as text: "[--base FILE | --baseline first|FILE...]". */
static void
item_text(const struct item *it, char *buf, size_t size)
{
	size_t k, len;

	if (it->words != NULL) {
		snprintf(buf, size, "%s", it->words);
		return;
	}
	snprintf(buf, size, "%s", it->brackets ? "[" : "");
	for (k = 0; k < it->nopt; k++) {
		const struct usage_opt *u = it->opt[k];

		len = strlen(buf);
		snprintf(buf + len, size - len, "%s%s%s%s", k > 0 ? " | " : "", u->name,
			 u->value != NULL ? " " : "", u->value != NULL ? u->value : "");
	}
	len = strlen(buf);
	snprintf(buf + len, size - len, "%s", it->brackets ? "]" : "");
}

void
usage_print(FILE *f)
{
	static const char prog[] = "hostbench-compare";
	struct item it[MAX_ITEMS];
	size_t n = items(it), i, col = 0;
	char buf[256];

	for (i = 0; i < n; i++) {
		size_t len;

		item_text(&it[i], buf, sizeof(buf));
		len = strlen(buf);
		if (it[i].form) {
			/* The forms after the first aligned under it. */
			col = (size_t)fprintf(f, "%s%s%s", i > 0 ? "\n" : "", i > 0 ? "       " : "usage: ",
					      prog) - (i > 0);
		} else if (col + 1 + len > USAGE_WIDTH) {
			/* Further lines of a form two columns in. */
			col = (size_t)fprintf(f, "\n%8s", "") - 1;
		}
		col += (size_t)fprintf(f, " %s", buf);
	}
	fputc('\n', f);
}

/* ---------------------------------------------------------------- -h */

void
usage_help(FILE *f)
{
	size_t i;

	usage_print(f);
	fprintf(f, "\n%s\n", help_head);
	for (i = 0; i < usage_nopts; i++) {
		const struct usage_opt *u = &usage_opts[i];
		const char *h;
		int len = fprintf(f, "  %s%s%s%s%s", u->alias != NULL ? u->alias : "",
				  u->alias != NULL ? ", " : "", u->name, u->value != NULL ? " " : "",
				  u->value != NULL ? u->value : "");

		fprintf(f, "%*s", len < USAGE_HELP_COLUMN - 2 ? USAGE_HELP_COLUMN - len : 2, "");
		for (h = u->help; *h != '\0'; h++)
			if (*h == '\n')
				fprintf(f, "\n%*s", USAGE_HELP_COLUMN, "");
			else
				fputc(*h, f);
		fputc('\n', f);
	}
	fprintf(f, "\n%s", help_tail);
}

/* ---------------------------------------------------------------- man(7) */

static int
is_upper(char c)
{
	return c >= 'A' && c <= 'Z';
}

static int
is_alnum(char c)
{
	return is_upper(c) || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

/* A character of a word of a value or a name: "tag-kernel", "FILE". */
static int
is_word(char c)
{
	return is_alnum(c) || c == '-';
}

/* The n bytes at s in font (B or I): \fBs\fR. */
static void
roff_font(FILE *f, char font, const char *s, size_t n)
{
	fprintf(f, "\\f%c", font);
	roff_text(f, s, n);
	fputs("\\fR", f);
}

/*
 * Words (letters, digits, "_" and "-") of s: in italics when in upper
 * case or not literal (operands: "[options]"), else in bold (an option's
 * value: "first|FILE"); what is between them as it is.
 */
static void
roff_words(FILE *f, const char *s, int literal)
{
	while (*s != '\0') {
		size_t n = 0;
		int upper = 0;

		for (; is_word(s[n]); n++)
			upper |= is_upper(s[n]);
		if (n > 0) {
			roff_font(f, upper || !literal ? 'I' : 'B', s, n);
			s += n;
		} else if (*s == ' ') {
			fputs(" \\%", f);
			s++;
		} else {
			roff_text(f, s++, 1);
		}
	}
}

/* An option and its value, the value after an unbreakable blank. */
static void
roff_option(FILE *f, const struct usage_opt *u)
{
	roff_font(f, 'B', u->name, strlen(u->name));
	if (u->value != NULL) {
		fputs("\\ ", f);
		roff_words(f, u->value, 1);
	}
}

/* Is the upper-case word of the n bytes at w one of the value's? */
static int
placeholder(const char *value, const char *w, size_t n)
{
	const char *s;

	for (s = value; s != NULL && *s != '\0'; s++)
		if (strncmp(s, w, n) == 0 && (s == value || !is_alnum(s[-1])) && !is_alnum(s[n]))
			return 1;
	return 0;
}

/*
 * The help of u as man(7) text, line for line: the value's words in
 * italics, the table's options in bold (and never hyphenated), "+-" as
 * the plus-minus sign, and a line that would start with a control
 * character ("." or "'") made text.
 */
static void
roff_help(FILE *f, const struct usage_opt *u)
{
	const char *s = u->help;
	int bol = 1;

	while (*s != '\0') {
		size_t n = 0;

		if (bol && (*s == '.' || *s == '\''))
			fputs("\\&", f);
		bol = *s == '\n';
		/* (Only a word's start opens a name or a value's word.) */
		if (s > u->help && is_alnum(s[-1])) {
			roff_text(f, s++, 1);
			continue;
		}
		if (s[0] == '-' && s[1] == '-') {
			while (is_word(s[n]))
				n++;
			if (usage_find(s, n) != NULL) {
				/* (Not hyphenated, where it starts a word.) */
				if (s == u->help || s[-1] == ' ' || s[-1] == '\n')
					fputs("\\%", f);
				roff_font(f, 'B', s, n);
				s += n;
				continue;
			}
		} else if (is_upper(*s)) {
			while (is_upper(s[n]))
				n++;
			if (!is_alnum(s[n]) && placeholder(u->value, s, n)) {
				roff_font(f, 'I', s, n);
				s += n;
				continue;
			}
		} else if (s[0] == '+' && s[1] == '-') {
			fputs("\\(+-", f);
			s += 2;
			continue;
		}
		roff_text(f, s++, 1);
	}
}

/*
 * An item as a line of man(7) markup.  Each word starts with "\%": no
 * word of a name or a value is hyphenated (a line starting so is never
 * read as a request, either); and a line that ends as a sentence does
 * ("FILE...]") ends in "\&", lest two blanks follow it.
 */
static void
roff_item(FILE *f, const struct item *it)
{
	char buf[256];
	size_t k, n;

	fputs("\\%", f);
	if (it->words != NULL) {
		roff_words(f, it->words, 0);
	} else {
		fputs(it->brackets ? "[" : "", f);
		for (k = 0; k < it->nopt; k++) {
			fputs(k > 0 ? " | \\%" : "", f);
			roff_option(f, it->opt[k]);
		}
		fputs(it->brackets ? "]" : "", f);
	}
	item_text(it, buf, sizeof(buf));
	for (n = strlen(buf); n > 0 && strchr("'\")]", buf[n - 1]) != NULL; n--)
		;
	fputs(n > 0 && strchr(".?!", buf[n - 1]) != NULL ? "\\&\n" : "\n", f);
}

void
usage_synopsis(FILE *f)
{
	struct item it[MAX_ITEMS];
	size_t n = items(it), i;

	/* Lines filled but not adjusted (.na to .ad): a name and its
	 * value, joined by an unbreakable blank, would stretch the blanks
	 * between the others. */
	fputs(".SH SYNOPSIS\n.na\n", f);
	for (i = 0; i < n; i++) {
		if (it[i].form)
			fprintf(f, "%s.B hostbench\\-compare\n", i > 0 ? ".br\n" : "");
		roff_item(f, &it[i]);
	}
	fputs(synopsis_tail, f);
	fputs(".ad\n", f);
}

void
usage_man_options(FILE *f)
{
	size_t i;

	fputs(".SH OPTIONS\n", f);
	for (i = 0; i < usage_nopts; i++) {
		const struct usage_opt *u = &usage_opts[i];

		fputs(".TP\n", f);
		if (u->alias != NULL) {
			roff_font(f, 'B', u->alias, strlen(u->alias));
			fputs(", ", f);
		}
		roff_option(f, u);
		fputc('\n', f);
		roff_help(f, u);
		if (u->man == NULL)
			fputs(".\n", f);
		else
			fprintf(f, "%s%s", u->man, u->man[strlen(u->man) - 1] == '\n' ? "" : "\n");
	}
}

void
usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", msg_prog());
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	usage_print(stderr);
	exit(MSG_EXIT_USAGE);
}
