/*
 * hostbench-compare: lmbench-style summary tables and A/B comparisons of
 * hostbench (and lmbench3) result files.
 *
 * Each file is one run: a row in every summary table.  With two or more
 * runs of one host, the first (or --base FILE) is compared with each other
 * one, column by column; with runs of several hosts, each host's runs with
 * that host's baseline (--baseline: its first run, or the file named for
 * it), and the hosts side by side (fleet.h); --a/--b or --group-by make
 * sides of several runs (--group-by per host).  The unit
 * of a comparison is the process (a round of a run, or a run): see
 * report.h and abtest.h for the test, doc/hostbench-compare.1 for what it
 * prints.  What differs in the runs' fingerprints is printed first.  A
 * directory stands for the result files under it (other files there are
 * skipped: sources, objects, programs).  A file that cannot be
 * read is reported (file and line) and left out; the others are still
 * compared.
 *
 * The options, the usage line, -h and the man page's SYNOPSIS and
 * OPTIONS come from one table, in usage.c.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "core/compat.h"
#include "core/metric.h"
#include "core/msg.h"
#include "core/output.h"
#include "core/parse.h"
#include "core/stats.h"
#include "core/utf8.h"
#include "model/build.h"
#include "model/hosts.h"
#include "model/report.h"
#include "model/variance.h"
#include "read/resfile.h"
#include "render/html.h"
#include "render/render.h"
#include "render/text.h"
#include "render/svg/delta.h"
#include "render/svg/ladder.h"
#include "render/svg/load.h"
#include "render/svg/memlat.h"
#include "render/svg/plots.h"
#include "usage.h"

/* With --threshold: no regression shown, but some metric could hide one. */
#define EXIT_CANNOT_TELL 3

/* At most this many --baseline files (one per host). */
#define MAX_BASELINES 256

struct opts {
	const char *base;
	const char *baselines[MAX_BASELINES];	/* --baseline FILE */
	size_t nbaselines;
	int baseline_first;	/* --baseline first */
	int results_only;
	const char *side[2];	/* --a, --b */
	const char *group_by;
	double margin;
	const char *svg;
	const char *plot;
	const char *html;	/* --html FILE */
	enum render_format format;
	double threshold;
	const char *sections[64];
	int summary_only, ab_only;
	int list_results;
	int variance;		/* --variance */
	unsigned look;		/* --look K */
	char **files;		/* the operands, options taken out */
	int nfiles;
};

HB_NORETURN static void usage_error(const char *fmt, ...) HB_PRINTF(1, 2);

static void
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

/* ---------------------------------------------------------------- files */

/* Names in natural order: "vm.2" before "vm.10". */
static int
natural_cmp(const char *a, const char *b)
{
	while (*a != '\0' && *b != '\0') {
		if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
			const char *x = a, *y = b;
			size_t nx, ny;
			int c;

			while (*x == '0')
				x++;
			while (*y == '0')
				y++;
			nx = strspn(x, "0123456789");
			ny = strspn(y, "0123456789");
			if (nx != ny)
				return nx < ny ? -1 : 1;
			if ((c = strncmp(x, y, nx)) != 0)
				return c;
			a = x + nx;
			b = y + ny;
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		a++, b++;
	}
	return (*a != '\0') - (*b != '\0');
}

static int
cmp_names(const void *x, const void *y)
{
	return natural_cmp(*(char *const *)x, *(char *const *)y);
}

struct files {
	char **v;
	size_t n;
};

static void
add_file(struct files *fl, const char *path)
{
	char **v = realloc(fl->v, (fl->n + 1) * sizeof(*v));
	size_t len = strlen(path) + 1;

	if (v == NULL || (v[fl->n] = malloc(len)) == NULL)
		msg_die("out of memory");
	memcpy(v[fl->n], path, len);
	fl->v = v;
	fl->n++;
}

/* How much of a file is read to tell whether it is a result file. */
#define SNIFF_BYTES 8192

/*
 * Does the file at path look like a result file?  Its start (SNIFF_BYTES)
 * must be text (no NUL byte) and its first line that is neither blank nor
 * a comment ("#...": hostbench's run notes, a script's first line) must
 * open one of the two formats resfile reads: lmbench3's bracketed header
 * ("[lmbench3.0 results for ...]", "[HOSTNAME: vm]"), or a hostbench
 * configuration line with a value ("hostbench: 0.1.0", "host: vm", a
 * program's "bench: lat_syscall"; a lower-case key) or result line
 * ("Benchmark...").  A C source starts with a comment block or #include
 * and then code (a goto label "out:" has no value), an object or a program
 * holds NUL bytes, a Makefile's first line after its comments sets a
 * variable in upper case: none of them does.
 */
static int
looks_like_results(const char *path)
{
	char buf[SNIFF_BYTES + 1];
	struct output_line l;
	size_t n = 0;
	ssize_t got;
	char *line, *end;
	int fd, rc = 0;

	if ((fd = open(path, O_RDONLY | O_NONBLOCK)) < 0)
		return 0;
	while (n < SNIFF_BYTES && (got = read(fd, buf + n, SNIFF_BYTES - n)) > 0)
		n += (size_t)got;
	close(fd);
	if (memchr(buf, '\0', n) != NULL)
		return 0;
	buf[n] = '\0';
	for (line = buf; *line != '\0'; line = end + 1) {
		size_t k;

		if ((end = strchr(line, '\n')) == NULL) {
			/* A line cut by the end of what was read is judged
			 * only when it is the whole file. */
			if (n == SNIFF_BYTES)
				break;
			end = line + strlen(line);
		}
		*end = '\0';
		k = strlen(line);
		if (k > 0 && line[k - 1] == '\r')
			line[--k] = '\0';
		if (line[strspn(line, " \t")] == '\0' || line[0] == '#') {
			if (end == buf + n)
				break;
			continue;
		}
		if (line[0] == '[')
			rc = strncmp(line, "[lmbench", 8) == 0
			     || (line[1] >= 'A' && line[1] <= 'Z'
				 && line[1 + strspn(line + 1, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789")] == ':');
		else if (strncmp(line, "Benchmark", 9) == 0 && line[9] >= 'A' && line[9] <= 'Z')
			rc = 1;		/* a malformed one too: reported when read */
		else
			rc = output_parse_line(line, &l) == 0 && l.kind == OUTPUT_LINE_CONFIG
			     && l.value[0] != '\0';
		break;
	}
	return rc;
}

/* A name as runs are named, results/<platform>/<host>.<n>: "vm.0". */
static int
run_name(const char *path)
{
	const char *base = strrchr(path, '/'), *dot;

	base = base != NULL ? base + 1 : path;
	dot = strrchr(base, '.');
	return dot != NULL && dot > base && dot[1] != '\0' && strspn(dot + 1, "0123456789") == strlen(dot + 1);
}

/* The regular files under dir (not hidden ones) that look like result
 * files, or are named as runs are (a damaged one is reported), in
 * natural order. */
static int
add_dir(struct files *fl, const char *dir, int depth)
{
	struct files here = { NULL, 0 };
	struct dirent *e;
	DIR *d;
	size_t i;

	if (depth > 8)
		return 0;
	if ((d = opendir(dir)) == NULL) {
		msg_syswarn("%s", dir);
		return -1;
	}
	while ((e = readdir(d)) != NULL) {
		char *p;
		size_t n;

		if (e->d_name[0] == '.')
			continue;
		n = strlen(dir) + strlen(e->d_name) + 2;
		if ((p = malloc(n)) == NULL)
			msg_die("out of memory");
		snprintf(p, n, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", e->d_name);
		add_file(&here, p);
		free(p);
	}
	closedir(d);
	qsort(here.v, here.n, sizeof(*here.v), cmp_names);
	for (i = 0; i < here.n; i++) {
		struct stat st;

		if (stat(here.v[i], &st) == 0 && S_ISDIR(st.st_mode))
			add_dir(fl, here.v[i], depth + 1);
		else if (stat(here.v[i], &st) == 0 && S_ISREG(st.st_mode)
			 && (run_name(here.v[i]) || looks_like_results(here.v[i])))
			add_file(fl, here.v[i]);
		free(here.v[i]);
	}
	free(here.v);
	return 0;
}

/* --results-only: named files are sniffed as a directory's are. */
static int results_only;

/* A file or directory operand. */
static int
add_operand(struct files *fl, const char *path)
{
	struct stat st;

	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return add_dir(fl, path, 0);
	/* (One that cannot be read is still named, to be reported.) */
	if (results_only && stat(path, &st) == 0
	    && !(S_ISREG(st.st_mode) && (run_name(path) || looks_like_results(path))))
		return 0;
	add_file(fl, path);
	return 0;
}

/* The runs of --a or --b: words separated by blanks, each a file, a
 * directory or a pattern (a pattern that matches nothing stays as it is,
 * to be reported as a file that cannot be read). */
static int
add_side(struct files *fl, const char *list, const char *opt)
{
	char buf[8192], *w, *save;
	size_t before = fl->n, i;
	int rc = 0;

	if (strlen(list) >= sizeof(buf))
		usage_error("%s: list too long", opt);
	snprintf(buf, sizeof(buf), "%s", list);
	for (w = strtok_r(buf, " \t\n", &save); w != NULL; w = strtok_r(NULL, " \t\n", &save)) {
		glob_t g;

		if (glob(w, GLOB_NOCHECK, NULL, &g) != 0) {
			rc |= add_operand(fl, w);
			continue;
		}
		for (i = 0; i < g.gl_pathc; i++)
			rc |= add_operand(fl, g.gl_pathv[i]);
		globfree(&g);
	}
	if (fl->n == before)
		usage_error("%s: no run in '%s'", opt, list);
	return rc;
}

/* ---------------------------------------------------------------- options */

/*
 * The option at argv[*i] (usage.c's table) and its value (NULL for a
 * flag): "--opt VALUE" or "--opt=VALUE".  An option the table does not
 * have, a flag given a value or a missing value is a usage error.
 */
static const struct usage_opt *
take(int argc, char **argv, int *i, const char **val)
{
	const char *a = argv[*i], *eq = strchr(a, '=');
	const struct usage_opt *u = usage_find(a, eq != NULL ? (size_t)(eq - a) : strlen(a));

	if (u == NULL)
		usage_error("unknown option %s", a);
	if (u->value == NULL && eq != NULL)
		usage_error("option %s takes no value: %s", u->name, a);
	*val = NULL;
	if (u->value == NULL)
		return u;
	if (eq != NULL)
		*val = eq + 1;
	else if (*i + 1 >= argc)
		usage_error("option %s needs a value", u->name);
	else
		*val = argv[++*i];
	return u;
}

static void
parse_sections(struct opts *o, const char *list)
{
	static char buf[1024];
	char *s, *save;
	size_t n = 0, i;

	if (strlen(list) >= sizeof(buf))
		usage_error("--sections: list too long: '%s'", list);
	snprintf(buf, sizeof(buf), "%s", list);
	for (s = strtok_r(buf, ",", &save); s != NULL; s = strtok_r(NULL, ",", &save)) {
		if (metric_section_find(s) == NULL) {
			char allowed[512] = "";

			for (i = 0; i < metric_section_count; i++) {
				strcat(allowed, i ? ", " : "");
				strcat(allowed, metric_sections[i].id);
			}
			usage_error("--sections: unknown section '%s'; allowed: %s", s, allowed);
		}
		if (n + 1 < HB_ARRAY_SIZE(o->sections))
			o->sections[n++] = s;
	}
	if (n == 0)
		usage_error("--sections: no section in '%s'", list);
	o->sections[n] = NULL;
}

static void
list_columns(void)
{
	static const char *const rules[] = { "one", "at", "largest", "mean", "config" };
	size_t i;

	printf("section\tcolumn\trule\targ\tmetric\tunit\tdisplay\tbetter\twhat\tprogram\n");
	for (i = 0; i < metric_count; i++) {
		const struct metric *m = &metric_table[i];

		printf("%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", m->section ? m->section : "-",
		       m->column, rules[m->select], m->arg ? m->arg : "-", m->name,
		       m->unit ? m->unit : "-", m->display_unit[0] ? m->display_unit : "-",
		       metric_better_name(m->better), m->what, m->program ? m->program : "-");
	}
}

/*
 * --list-results: every result name and unit of the runs, with the
 * program that printed it and its entry in the metric table (section and
 * column; "-" for an entry without a column) and the program the entry
 * says prints it, or "none"; then its samples, its estimator and the
 * value by it (a weighted one: the median here), and the half-width of
 * the 95% interval of its samples' median in percent ("-": too few
 * samples for 95%).  Returns the
 * number of results without an entry.
 */
static size_t
list_results(const struct report *rep)
{
	size_t i, j, none = 0;

	printf("file\tprogram\tresult\tunit\tsection\tcolumn\tentry-program\tsamples\testimator\t"
	       "value\tci95-pct\n");
	for (i = 0; i < rep->nruns; i++) {
		const struct resfile_run *r = &rep->runs[i].rf;

		for (j = 0; j < r->nresults; j++) {
			const struct resfile_result *res = &r->results[j];
			const struct metric *m = metric_find(res->name, res->unit);
			size_t c = res->n > 0 ? res->from[0] : 0;
			const char *prog = c >= 1 && c <= r->ncases ? r->cases[c - 1].bench : "-";

			enum metric_estimator e = m != NULL ? metric_estimator_for(m, res->name)
							   : METRIC_MEDIAN;
			struct stats st;
			char ci[32] = "-";

			/* The spread: the 95% interval of the median of all
			 * the run's samples, +-percent of it. */
			if (stats_compute(res->v, res->n, &st) == 0 && st.ci_level >= 0.95)
				snprintf(ci, sizeof(ci), "%.2f", stats_ci_halfwidth_pct(&st));
			/* A weighted estimator without its weights here: the median. */
			if (e == METRIC_WEIGHTED)
				e = METRIC_MEDIAN;
			printf("%s\t%s\t%s\t%s\t%s\t%s\t%s\t%zu\t%s\t%.6g\t%s\n", rep->runs[i].file, prog,
			       res->name, res->unit,
			       m == NULL ? "none" : m->section != NULL ? m->section : "-",
			       m == NULL ? "none" : m->column,
			       m == NULL ? "none" : m->program != NULL ? m->program : "-", res->n,
			       metric_estimator_name(e), metric_estimate(e, res->v, NULL, res->n), ci);
			none += m == NULL;
		}
	}
	return none;
}

static void
parse_args(int argc, char **argv, struct opts *o)
{
	const char *val;
	char err[PARSE_ERRLEN];
	int i;

	memset(o, 0, sizeof(*o));
	o->threshold = -1;
	o->margin = REPORT_MARGIN;
	if ((o->files = calloc((size_t)argc + 1, sizeof(*o->files))) == NULL)
		msg_die("out of memory");
	/* Options and files in any order; "--" ends the options. */
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (strcmp(a, "--") == 0) {
			while (++i < argc)
				o->files[o->nfiles++] = argv[i];
			break;
		}
		if (a[0] != '-' || a[1] == '\0') {
			o->files[o->nfiles++] = argv[i];
			continue;
		}
		/* For make man-synopsis: the page's sections, from the table. */
		if (strcmp(a, "--synopsis") == 0 || strcmp(a, "--man-options") == 0) {
			if (argc != 2)
				usage_error("%s goes alone: hostbench-compare %s", a, a);
			if (strcmp(a, "--synopsis") == 0)
				usage_synopsis(stdout);
			else
				usage_man_options(stdout);
			exit(MSG_EXIT_OK);
		}
		switch (take(argc, argv, &i, &val)->id) {
		case USAGE_HELP:
			usage_help(stdout);
			exit(MSG_EXIT_OK);
		case USAGE_VERSION:
			printf("hostbench-compare (hostbench) %s\n", PACKAGE_VERSION);
			exit(MSG_EXIT_OK);
		case USAGE_LIST_COLUMNS:
			list_columns();
			exit(MSG_EXIT_OK);
		case USAGE_CHECK_TEXT:
			/* For the front end's --note and --tag: what a result
			 * file may record, checked where the run starts. */
			if (utf8_check_text(val, strlen(val), err, sizeof(err)) != 0) {
				fprintf(stderr, "%s: --check-text: %s\n", msg_prog(), err);
				exit(MSG_EXIT_USAGE);
			}
			exit(MSG_EXIT_OK);
		case USAGE_VARIANCE:
			o->variance = 1;
			break;
		case USAGE_LIST_RESULTS:
			o->list_results = 1;
			break;
		case USAGE_SUMMARY:
			o->summary_only = 1;
			break;
		case USAGE_AB:
			o->ab_only = 1;
			break;
		case USAGE_RESULTS_ONLY:
			o->results_only = 1;
			break;
		case USAGE_BASELINE:
			if (*val == '\0')
				usage_error("%s", "--baseline: an empty file name (first, or a run's file)");
			if (strcmp(val, "first") == 0)
				o->baseline_first = 1;
			else if (o->nbaselines == MAX_BASELINES)
				usage_error("--baseline: more than %d files", MAX_BASELINES);
			else
				o->baselines[o->nbaselines++] = val;
			break;
		case USAGE_BASE:
			o->base = val;
			break;
		case USAGE_A:
			o->side[0] = val;
			break;
		case USAGE_B:
			o->side[1] = val;
			break;
		case USAGE_GROUP_BY:
			if (*val == '\0' || strspn(val, "abcdefghijklmnopqrstuvwxyz0123456789-") != strlen(val))
				usage_error("--group-by: '%s' is not a fingerprint key (a-z, 0-9, -) or tag", val);
			if (strcmp(val, "tag-") == 0)
				usage_error("%s", "--group-by: 'tag-' names no tag (tag-KEY, or tag for all)");
			o->group_by = val;
			break;
		case USAGE_LOOK: {
			long long k;

			if (parse_int("--look", val, 1, 1000, &k, err, sizeof(err)) != 0)
				usage_error("%s", err);
			o->look = (unsigned)k;
			break;
		}
		case USAGE_MARGIN:
			if (parse_double("--margin", val, 0, 100, &o->margin, err, sizeof(err)) != 0)
				usage_error("%s", err);
			break;
		case USAGE_HTML:
			if (*val == '\0')
				usage_error("%s", "--html: an empty file name");
			o->html = val;
			break;
		case USAGE_SVG:
			if (*val == '\0')
				usage_error("%s", "--svg: an empty file name");
			o->svg = val;
			break;
		case USAGE_PLOT:
			if (*val == '\0')
				usage_error("%s", "--plot: an empty directory name");
			o->plot = val;
			break;
		case USAGE_FORMAT:
			if (strcmp(val, "text") == 0)
				o->format = RENDER_TEXT;
			else if (strcmp(val, "csv") == 0)
				o->format = RENDER_CSV;
			else if (strcmp(val, "json") == 0)
				o->format = RENDER_JSON;
			else if (strcmp(val, "markdown") == 0 || strcmp(val, "md") == 0)
				o->format = RENDER_MARKDOWN;
			else
				usage_error("--format: value '%s' is not a format; allowed: text, csv, json, markdown",
					    val);
			break;
		case USAGE_THRESHOLD:
			if (parse_double("--threshold", val, 0, 1e6, &o->threshold, err, sizeof(err)) != 0)
				usage_error("%s", err);
			break;
		case USAGE_SECTIONS:
			parse_sections(o, val);
			break;
		}
	}
	if (o->summary_only && o->ab_only)
		usage_error("%s", "--summary and --ab exclude each other");
	if ((o->side[0] != NULL) != (o->side[1] != NULL))
		usage_error("%s", o->side[0] != NULL ? "--a needs --b" : "--b needs --a");
	if (o->side[0] != NULL && (o->nfiles > 0 || o->base != NULL || o->group_by != NULL))
		usage_error("%s", "--a and --b name every run: no other file, --base or --group-by");
	if (o->group_by != NULL && o->base != NULL)
		usage_error("%s", "--group-by and --base exclude each other (the first group is the base)");
	if ((o->baseline_first || o->nbaselines > 0) && (o->base != NULL || o->side[0] != NULL))
		usage_error("%s", o->base != NULL
			    ? "--baseline and --base exclude each other (a baseline per host, or one for all)"
			    : "--a and --b name every run: no --baseline");
}

/* ---------------------------------------------------------------- output */

/*
 * A plot is written to a temporary file beside its name (mkstemp: a new
 * file, never a link) and then linked to the name, which fails when the
 * name exists, as a file or a symbolic link: nothing is ever replaced,
 * no link another user planted is followed, and a failed write leaves
 * nothing half-written.  Returns 0, or -1 with the reason on stderr.
 */
enum plot { PLOT_HTML, PLOT_ALL, PLOT_MEMLAT, PLOT_LADDER, PLOT_LOAD, PLOT_DELTA };

static void
draw(FILE *f, const struct report *rep, enum plot what, const struct report_ab *ab)
{
	switch (what) {
	case PLOT_HTML:
		report_html(rep, f);
		break;
	case PLOT_ALL:
		plots_svg(rep, f, SVG_FILE);
		break;
	case PLOT_MEMLAT:
		memlat_svg(rep, f, SVG_FILE);
		break;
	case PLOT_LADDER:
		ladder_svg(rep, f, SVG_FILE);
		break;
	case PLOT_LOAD:
		load_svg(rep, f, SVG_FILE);
		break;
	case PLOT_DELTA:
		delta_svg(rep, ab, f, SVG_FILE);
		break;
	}
}

static int
write_new(const char *path, const struct report *rep, enum plot what, const struct report_ab *ab)
{
	char tmp[4096];
	const char *slash = strrchr(path, '/');
	size_t dlen = slash != NULL ? (size_t)(slash - path) + 1 : 0;
	FILE *f;
	int fd, rc = 0;

	if (snprintf(tmp, sizeof(tmp), "%.*s.hostbench-compare.XXXXXX", (int)dlen, path)
	    >= (int)sizeof(tmp)) {
		msg_warn("%s: name too long", path);
		return -1;
	}
	if ((fd = mkstemp(tmp)) < 0) {
		msg_syswarn("%s", path);
		return -1;
	}
	if ((f = fdopen(fd, "w")) == NULL) {
		msg_syswarn("%s", path);
		close(fd);
		unlink(tmp);
		return -1;
	}
	draw(f, rep, what, ab);
	if ((ferror(f) | fclose(f)) != 0) {
		msg_syswarn("%s", path);
		rc = -1;
	} else if (link(tmp, path) != 0) {
		if (errno == EEXIST)
			msg_warn("%s: exists; not replacing it", path);
		else
			msg_syswarn("%s", path);
		rc = -1;
	}
	unlink(tmp);
	return rc;
}

static int
plots(const struct report *rep, const struct opts *o)
{
	char path[4096];
	struct stat st;
	size_t i;
	int rc = 0;

	if (o->html != NULL)
		rc |= write_new(o->html, rep, PLOT_HTML, NULL);
	if (o->svg != NULL)
		rc |= write_new(o->svg, rep, PLOT_ALL, NULL);
	if (o->plot == NULL)
		return rc;
	/* A directory of ours: made here, or one that is ours already;
	 * never a symbolic link or another user's directory. */
	if (mkdir(o->plot, 0777) != 0) {
		if (errno != EEXIST) {
			msg_syswarn("%s", o->plot);
			return -1;
		}
		if (lstat(o->plot, &st) != 0) {
			msg_syswarn("%s", o->plot);
			return -1;
		}
		if (S_ISLNK(st.st_mode)) {
			msg_warn("%s: a symbolic link; not writing through it", o->plot);
			return -1;
		}
		if (!S_ISDIR(st.st_mode)) {
			msg_warn("%s: exists and is not a directory", o->plot);
			return -1;
		}
		if (st.st_uid != geteuid()) {
			msg_warn("%s: belongs to another user (uid %lu); not writing in it", o->plot,
				 (unsigned long)st.st_uid);
			return -1;
		}
	}
	snprintf(path, sizeof(path), "%s/memlat.svg", o->plot);
	rc |= write_new(path, rep, PLOT_MEMLAT, NULL);
	if (rep->nladders > 0) {
		snprintf(path, sizeof(path), "%s/ladder.svg", o->plot);
		rc |= write_new(path, rep, PLOT_LADDER, NULL);
	}
	if (rep->nseries > 0) {
		snprintf(path, sizeof(path), "%s/load.svg", o->plot);
		rc |= write_new(path, rep, PLOT_LOAD, NULL);
	}
	for (i = 0; i < rep->nabs; i++) {
		snprintf(path, sizeof(path), "%s/delta-%d.svg", o->plot,
			 rep->runs[rep->abs[i].other].id);
		rc |= write_new(path, rep, PLOT_DELTA, &rep->abs[i]);
	}
	return rc;
}

static struct report_group *
new_group(struct report *rep)
{
	struct report_group *g = realloc(rep->groups, (rep->ngroups + 1) * sizeof(*g));

	if (g == NULL)
		msg_die("out of memory");
	rep->groups = g;
	g = &rep->groups[rep->ngroups++];
	memset(g, 0, sizeof(*g));
	if ((g->runs = calloc(rep->nruns ? rep->nruns : 1, sizeof(*g->runs))) == NULL)
		msg_die("out of memory");
	return g;
}

/* --a and --b: the runs named before index na (of the names) are side A. */
static void
make_sides(struct report *rep, size_t na)
{
	size_t i;

	new_group(rep);
	new_group(rep);
	for (i = 0; i < rep->nruns; i++) {
		struct report_group *g = &rep->groups[(size_t)rep->runs[i].id <= na ? 0 : 1];

		g->runs[g->n++] = i;
	}
	rep->base_group = 0;
	if (rep->groups[0].n == 0 || rep->groups[1].n == 0)
		msg_warn("a side has no run that could be read: no A/B comparison");
}

/*
 * A run's side by --group-by KEY, into buf: "KEY=value" ("(none)" for a
 * run without it); for "tag", every tag of the run, "kernel=6.1
 * mitig=off" ("(no tags)").  per_host: the host's label first ("vm2:
 * ..."), so that each host has sides of its own.
 */
static void
group_label_of(char *buf, size_t len, const struct report *rep, size_t run, const char *key,
	       int per_host)
{
	const struct resfile_run *rf = &rep->runs[run].rf;
	size_t n = 0, k;

	buf[0] = '\0';
	if (per_host)
		n = (size_t)snprintf(buf, len, "%s: ", rep->hosts[rep->runs[run].hostid].label);
	if (n >= len)
		return;
	if (strcmp(key, "tag") == 0) {
		size_t start = n;

		/* The tags in the order the run wrote them (hostbench run --tag). */
		for (k = 0; k < rf->nconfig && n < len; k++) {
			const struct resfile_kv *kv = &rf->config[k];

			if (strncmp(kv->key, "tag-", 4) == 0 && kv->key[4] != '\0' && kv->value[0] != '\0')
				n += (size_t)snprintf(buf + n, len - n, "%s%s=%s", n > start ? " " : "",
						      kv->key + 4, kv->value);
		}
		if (n == start)
			snprintf(buf + n, len - n, "%s", "(no tags)");
		return;
	}
	{
		const char *v = resfile_config(rf, key);

		snprintf(buf + n, len - n, "%.22s=%.40s", key, v != NULL && *v != '\0' ? v : "(none)");
	}
}

/* --group-by KEY: a side per value of KEY (per host: per host and
 * value), in the order first seen.  A KEY no run has but as a tag
 * ("--group-by mitig" for runs of "hostbench run --tag mitig=off") is
 * that tag. */
static void
group_by(struct report *rep, const char *key, int per_host)
{
	static char tag[80];
	size_t i, k;
	int has_key = 0, has_tag = 0;

	snprintf(tag, sizeof(tag), "tag-%.70s", key);
	for (i = 0; i < rep->nruns; i++) {
		has_key |= resfile_config(&rep->runs[i].rf, key) != NULL;
		has_tag |= resfile_config(&rep->runs[i].rf, tag) != NULL;
	}
	if (!has_key && has_tag && strcmp(key, "tag") != 0)
		key = tag;
	for (i = 0; i < rep->nruns; i++) {
		struct report_group *g = NULL;
		char label[64];

		group_label_of(label, sizeof(label), rep, i, key, per_host);
		for (k = 0; k < rep->ngroups; k++)
			if (strcmp(rep->groups[k].label, label) == 0)
				g = &rep->groups[k];
		if (g == NULL) {
			g = new_group(rep);
			snprintf(g->label, sizeof(g->label), "%s", label);
		}
		g->runs[g->n++] = i;
	}
	rep->base_group = 0;
	if (rep->ngroups < 2)
		msg_warn("--group-by %s: every run has the same value: no A/B comparison", key);
}

/* The side run i is on: its group, or (no groups: one a run) i. */
static size_t
group_of(const struct report *rep, size_t run)
{
	size_t k, j;

	for (k = 0; k < rep->ngroups; k++)
		for (j = 0; j < rep->groups[k].n; j++)
			if (rep->groups[k].runs[j] == run)
				return k;
	return run;
}

/*
 * A baseline per host: for each host, the side of its baseline run
 * (baseline[h], or its first run) against each other side holding runs
 * of the host, in the order first seen.  Returns the number of pairs.
 */
static size_t
host_pairs(struct report *rep, const size_t *baseline)
{
	size_t h, i, k, nsides = rep->ngroups > 0 ? rep->ngroups : rep->nruns;
	char *seen = malloc(nsides ? nsides : 1);

	if (seen == NULL || (rep->pairs = calloc(nsides ? nsides : 1, sizeof(*rep->pairs))) == NULL)
		msg_die("out of memory");
	for (h = 0; h < rep->nhosts; h++) {
		const struct report_host *host = &rep->hosts[h];
		size_t a = group_of(rep, baseline[h] < rep->nruns ? baseline[h] : host->runs[0]);

		memset(seen, 0, nsides);
		seen[a] = 1;
		for (i = 0; i < host->n; i++) {
			k = group_of(rep, host->runs[i]);
			if (seen[k])
				continue;
			seen[k] = 1;
			rep->pairs[rep->npairs].a = a;
			rep->pairs[rep->npairs++].b = k;
		}
	}
	free(seen);
	return rep->npairs;
}

/* The same file: one device and inode (a name given twice, or two names
 * of one file). */
/*
 * A file's name as the report shows it: a name from a directory may hold
 * any byte (a fetched run is named by its remote's host), and the report
 * goes to a terminal; so, as the files' text, valid UTF-8 without control
 * characters (utf8_clean).  Never opened: a run is read by its real
 * name first.  Malloc'd.
 */
static char *
shown_name(const char *path)
{
	size_t n = strlen(path);
	char *s = malloc(3 * n + 1);

	if (s == NULL)
		msg_die("out of memory");
	utf8_clean(s, path, n);
	return s;
}

/* msg_warn of a message that names a file, made text as shown_name does. */
static void
warn_clean(const char *msg)
{
	char *s = shown_name(msg);

	msg_warn("%s", s);
	free(s);
}

static int
same_file(const char *x, const char *y)
{
	struct stat a, b;

	if (strcmp(x, y) == 0)
		return 1;
	return stat(x, &a) == 0 && stat(y, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

int
main(int argc, char **argv)
{
	struct opts o;
	struct files names = { NULL, 0 };
	struct report rep;
	char err[1024];
	size_t i, base = 0, na = 0, *baseline = NULL;
	int bad = 0, base_bad = 0, per_host, rc = MSG_EXIT_OK;

	msg_init(argv[0]);
	parse_args(argc, argv, &o);
	results_only = o.results_only;
	if (o.nfiles == 0 && o.base == NULL && o.side[0] == NULL && o.nbaselines == 0)
		usage_error("%s", "no result file named");
	if (o.side[0] != NULL) {
		bad |= add_side(&names, o.side[0], "--a") != 0;
		na = names.n;
		bad |= add_side(&names, o.side[1], "--b") != 0;
	}
	if (o.base != NULL)
		add_file(&names, o.base);
	for (i = 0; i < (size_t)o.nfiles; i++)
		if (add_operand(&names, o.files[i]) != 0)
			bad = 1;
	free(o.files);
	/* The --base file named again among the operands is read once. */
	if (o.base != NULL) {
		size_t k = 1;

		for (i = 1; i < names.n; i++) {
			if (same_file(names.v[i], o.base))
				free(names.v[i]);
			else
				names.v[k++] = names.v[i];
		}
		names.n = k;
	}
	/* A --baseline file that is no operand is a run too, read first (as
	 * --base's); one that is (by its name or another) is read once. */
	for (i = o.nbaselines; i-- > 0;) {
		size_t k;

		for (k = 0; k < names.n && !same_file(names.v[k], o.baselines[i]); k++)
			;
		if (k < names.n)
			continue;
		add_file(&names, o.baselines[i]);
		{
			char *first = names.v[names.n - 1];

			memmove(names.v + 1, names.v, (names.n - 1) * sizeof(*names.v));
			names.v[0] = first;
		}
	}

	memset(&rep, 0, sizeof(rep));
	if ((rep.runs = calloc(names.n ? names.n : 1, sizeof(*rep.runs))) == NULL
	    || (rep.errors = calloc(names.n ? names.n : 1, sizeof(*rep.errors))) == NULL)
		msg_die("out of memory");
	for (i = 0; i < names.n; i++) {
		struct report_run *r = &rep.runs[rep.nruns];

		resfile_init(&r->rf);
		/* What the reader takes but does not open as a run does
		 * (a source whose goto label reads as "key:") is none. */
		if (resfile_load(&r->rf, names.v[i], err, sizeof(err)) != 0
		    || (!looks_like_results(names.v[i])
			&& snprintf(err, sizeof(err), "%s: not a result file: it starts with neither a "
				    "hostbench line nor an lmbench3 header", names.v[i]) > 0)) {
			warn_clean(err);
			if ((rep.errors[rep.nerrors++] = strdup(err)) == NULL)
				msg_die("out of memory");
			resfile_free(&r->rf);
			bad = 1;
			if (o.base != NULL && i == 0)
				base_bad = 1;
			continue;
		}
		r->id = (int)i + 1;
		/* (The run is read: from here on its name is only shown.) */
		{
			char *shown = shown_name(names.v[i]);

			free(names.v[i]);
			names.v[i] = shown;
		}
		r->file = names.v[i];
		rep.nruns++;
	}
	if (rep.nruns == 0) {
		msg_warn("no result file could be read");
		rc = MSG_EXIT_FAIL;
		goto out;
	}
	if (o.list_results) {
		size_t none = list_results(&rep);

		if (fflush(stdout) != 0 || ferror(stdout))
			msg_sysdie("standard output");
		if (none > 0) {
			msg_warn("%lu result%s with no entry in the metric table", (unsigned long)none,
				 none == 1 ? "" : "s");
			rc = MSG_EXIT_FAIL;
		}
		if (bad)
			rc = MSG_EXIT_FAIL;
		goto out;
	}
	if (report_find_hosts(&rep) != 0)
		msg_die("out of memory");
	/* Each --baseline file's run, as its host's baseline. */
	if ((baseline = malloc(rep.nhosts * sizeof(*baseline))) == NULL)
		msg_die("out of memory");
	for (i = 0; i < rep.nhosts; i++)
		baseline[i] = (size_t)-1;
	for (i = 0; i < o.nbaselines; i++) {
		size_t k;

		for (k = 0; k < rep.nruns && !same_file(rep.runs[k].rf.path, o.baselines[i]); k++)
			;
		if (k == rep.nruns) {
			msg_warn("the baseline %s could not be read: no A/B comparison", o.baselines[i]);
			base_bad = 1;
			continue;
		}
		if (baseline[rep.runs[k].hostid] < rep.nruns && baseline[rep.runs[k].hostid] != k)
			usage_error("--baseline: %s and %s are both runs of host %s: one baseline a host",
				    rep.runs[baseline[rep.runs[k].hostid]].file, rep.runs[k].file,
				    rep.hosts[rep.runs[k].hostid].label);
		baseline[rep.runs[k].hostid] = k;
	}
	/*
	 * A baseline per host when asked, and by default with runs of several
	 * hosts (--base, --a and --b ask for one base for all): a run of one
	 * machine against a run of another says how the machines differ, which
	 * the hosts' table and the ranking across hosts say better than a
	 * comparison of every run with whichever came first.
	 */
	per_host = o.side[0] == NULL && o.base == NULL
		   && (o.baseline_first || o.nbaselines > 0 || rep.nhosts > 1);
	if (base_bad)
		msg_warn("the base run could not be read: no A/B comparison");
	rep.want_summary = !o.ab_only;
	rep.want_ab = !o.summary_only && !base_bad && !o.variance;
	rep.threshold = o.threshold;
	rep.margin = o.margin;
	rep.look = o.look;
	if (o.side[0] != NULL)
		make_sides(&rep, na);
	else if (o.group_by != NULL)
		group_by(&rep, o.group_by, rep.nhosts > 1);
	if (per_host && rep.want_ab && host_pairs(&rep, baseline) == 0 && o.group_by != NULL && rep.ngroups >= 2)
		msg_warn("--group-by %s: no host has runs of two values: no A/B comparison", o.group_by);
	if (report_build(&rep, o.sections[0] != NULL ? o.sections : NULL, base) != 0)
		msg_die("out of memory");
	if (o.variance) {
		struct variance_row *rows;
		size_t n;

		if (variance_build(&rep, &rows, &n) != 0)
			printf("out of memory\n");
		else {
			text_variance(&rep, rows, n, stdout);
			free(rows);
		}
		if (fflush(stdout) != 0 || ferror(stdout))
			msg_sysdie("standard output");
		if (bad)
			rc = MSG_EXIT_FAIL;
		goto out;
	}
	render_write(&rep, o.format, stdout);
	if (fflush(stdout) != 0 || ferror(stdout))
		msg_sysdie("standard output");
	if ((o.svg != NULL || o.plot != NULL || o.html != NULL) && plots(&rep, &o) != 0)
		rc = MSG_EXIT_FAIL;
	if (rep.nregressions > 0) {
		size_t k, si, j;

		msg_warn("%lu significant regression%s beyond %g%%:", (unsigned long)rep.nregressions,
			 rep.nregressions == 1 ? "" : "s", o.threshold);
		for (k = 0; k < rep.nabs; k++)
			for (si = 0; si < rep.abs[k].nsecs; si++)
				for (j = 0; j < rep.abs[k].secs[si].nrows; j++) {
					const struct report_ab_row *row = &rep.abs[k].secs[si].rows[j];

					if (row->regression)
						fprintf(stderr, "  [%d] %s: %s %+.1f%% (q = %.3f)\n",
							rep.runs[rep.abs[k].other].id, rep.abs[k].secs[si].s->id,
							row->m->column, row->delta, row->q);
				}
		rc = MSG_EXIT_FAIL;
	} else if (rep.ncannot > 0 && rc == MSG_EXIT_OK && !bad) {
		msg_warn("no regression beyond %g%% shown, but %lu metric%s cannot tell (unreliable, "
			 "untested, or an interval reaching beyond it)", o.threshold,
			 (unsigned long)rep.ncannot, rep.ncannot == 1 ? "" : "s");
		rc = EXIT_CANNOT_TELL;
	}
	if (bad)
		rc = MSG_EXIT_FAIL;
out:
	free(baseline);
	report_free(&rep);
	for (i = 0; i < rep.nruns; i++)
		resfile_free(&rep.runs[i].rf);
	for (i = 0; i < rep.nerrors; i++)
		free(rep.errors[i]);
	free(rep.errors);
	free(rep.runs);
	for (i = 0; i < names.n; i++)
		free(names.v[i]);
	free(names.v);
	return rc;
}
