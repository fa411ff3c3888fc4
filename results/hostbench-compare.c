/*
 * hostbench-compare: lmbench-style summary tables and A/B comparisons of
 * hostbench (and lmbench3) result files.
 *
 * Each file is one run: a row in every summary table.  With two or more
 * runs, the first (or --base FILE) is compared with each other one, column
 * by column; --a/--b or --group-by make sides of several runs.  The unit
 * of a comparison is the process (a round of a run, or a run): see
 * report.h and abtest.h for the test, doc/hostbench-compare.1 for what it
 * prints.  What differs in the runs' fingerprints is printed first.  A
 * directory stands for the result files under it.  A file that cannot be
 * read is reported (file and line) and left out; the others are still
 * compared.
 *
 * usage: hostbench-compare [--base FILE] [--format text|csv|json|markdown]
 *        [--svg FILE] [--plot DIR] [--html FILE] [--threshold PCT] [--margin PCT]
 *        [--sections LIST] [--summary | --ab] [--list-columns]
 *        [--list-results]
 *        FILE|DIR...
 *        hostbench-compare --a 'FILE...' --b 'FILE...' [options]
 *        hostbench-compare --group-by KEY [options] FILE|DIR...
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <glob.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "html.h"
#include "metric.h"
#include "msg.h"
#include "parse.h"
#include "report.h"
#include "stats.h"

static const char usage_line[] =
	"usage: hostbench-compare [--base FILE] [--format text|csv|json|markdown]\n"
	"         [--svg FILE] [--plot DIR] [--html FILE] [--threshold PCT] [--margin PCT]\n"
	"         [--sections LIST] [--summary | --ab] [--list-columns]\n"
	"         [--list-results] FILE|DIR...\n"
	"       hostbench-compare --a 'FILE...' --b 'FILE...' [options]\n"
	"       hostbench-compare --group-by KEY [options] FILE|DIR...\n";

static const char help[] =
	"Summary tables (lmbench's sections, one row per run) and A/B comparisons\n"
	"of hostbench and lmbench3 result files.  A directory stands for the files\n"
	"under it.\n"
	"\n"
	"  --base FILE        compare every other run with this one (default: the first)\n"
	"  --a LIST, --b LIST the two sides, each one or more runs (files, directories\n"
	"                     or patterns, separated by blanks): side B against side A\n"
	"  --group-by KEY     sides by the runs' value of a fingerprint key (tag-kernel,\n"
	"                     governor, note...): the first group against each other\n"
	"  --margin PCT       changes within +-PCT are the same (default 3)\n"
	"  --format F         text (default), csv, json or markdown\n"
	"  --svg FILE         also draw memory latency by size, rate ladders, latency\n"
	"                     under load over time and the A/B deltas\n"
	"  --plot DIR         the same as separate files: DIR/memlat.svg, DIR/ladder.svg\n"
	"                     (with a ladder), DIR/load.svg (with a time series),\n"
	"                     DIR/delta-N.svg\n"
	"  --html FILE        also write the whole report as one self-contained page:\n"
	"                     the runs, their fingerprints side by side, the tables,\n"
	"                     the A/B coloured by verdict and the plots inline\n"
	"  --threshold PCT    exit 1 when a significant change is worse than PCT percent\n"
	"  --sections LIST    only these sections (comma-separated ids; see --list-columns)\n"
	"  --summary          only the summary tables\n"
	"  --ab               only the A/B comparisons\n"
	"  --list-columns     print the metric table (section, column, rule, metric,\n"
	"                     the program that prints it) and exit\n"
	"  --list-results     print each result of the files with its program and the\n"
	"                     metric table's entry for it (none: exit 1), and exit\n"
	"  -h, --help         this help\n"
	"  -V, --version      the version\n"
	"\n"
	"Exit status: 0 done; 1 a file could not be read (the others are still\n"
	"compared) or a regression beyond --threshold; 2 bad usage.\n";

struct opts {
	const char *base;
	const char *side[2];	/* --a, --b */
	const char *group_by;
	double margin;
	const char *svg;
	const char *plot;
	const char *html;	/* --html FILE */
	enum report_format format;
	double threshold;
	const char *sections[64];
	int summary_only, ab_only;
	int list_results;
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
	fprintf(stderr, "\n%s", usage_line);
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

/* The regular files under dir (not hidden ones), in natural order. */
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
		else if (stat(here.v[i], &st) == 0 && S_ISREG(st.st_mode))
			add_file(fl, here.v[i]);
		free(here.v[i]);
	}
	free(here.v);
	return 0;
}

/* A file or directory operand. */
static int
add_operand(struct files *fl, const char *path)
{
	struct stat st;

	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return add_dir(fl, path, 0);
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

static int
take(int argc, char **argv, int *i, const char *opt, const char **val)
{
	size_t n = strlen(opt);
	const char *a = argv[*i];

	if (strncmp(a, opt, n) != 0)
		return 0;
	if (a[n] == '=') {
		*val = a + n + 1;
		return 1;
	}
	if (a[n] != '\0')
		return 0;
	if (*i + 1 >= argc)
		usage_error("option %s needs a value", opt);
	*val = argv[++*i];
	return 1;
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
			fprintf(stderr, "%s: --sections: unknown section '%s'; allowed: %s\n%s",
				msg_prog(), s, allowed, usage_line);
			exit(MSG_EXIT_USAGE);
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
			printf("%s\t%s\t%s\t%s\t%s\t%s\t%s\t%zu\t%s\t%.6g\t%s\n", r->path, prog,
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
		if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			printf("%s\n%s", usage_line, help);
			exit(MSG_EXIT_OK);
		}
		if (strcmp(a, "-V") == 0 || strcmp(a, "--version") == 0) {
			printf("hostbench-compare (hostbench) %s\n", PACKAGE_VERSION);
			exit(MSG_EXIT_OK);
		}
		if (strcmp(a, "--list-columns") == 0) {
			list_columns();
			exit(MSG_EXIT_OK);
		}
		if (strcmp(a, "--list-results") == 0) {
			o->list_results = 1;
		} else if (strcmp(a, "--summary") == 0) {
			o->summary_only = 1;
		} else if (strcmp(a, "--ab") == 0) {
			o->ab_only = 1;
		} else if (take(argc, argv, &i, "--base", &val)) {
			o->base = val;
		} else if (take(argc, argv, &i, "--a", &val)) {
			o->side[0] = val;
		} else if (take(argc, argv, &i, "--b", &val)) {
			o->side[1] = val;
		} else if (take(argc, argv, &i, "--group-by", &val)) {
			if (*val == '\0' || strspn(val, "abcdefghijklmnopqrstuvwxyz0123456789-") != strlen(val))
				usage_error("--group-by: '%s' is not a fingerprint key (a-z, 0-9, -)", val);
			o->group_by = val;
		} else if (take(argc, argv, &i, "--margin", &val)) {
			if (parse_double("--margin", val, 0, 100, &o->margin, err, sizeof(err)) != 0)
				usage_error("%s", err);
		} else if (take(argc, argv, &i, "--html", &val)) {
			if (*val == '\0')
				usage_error("%s", "--html: an empty file name");
			o->html = val;
		} else if (take(argc, argv, &i, "--svg", &val)) {
			if (*val == '\0')
				usage_error("%s", "--svg: an empty file name");
			o->svg = val;
		} else if (take(argc, argv, &i, "--plot", &val)) {
			if (*val == '\0')
				usage_error("%s", "--plot: an empty directory name");
			o->plot = val;
		} else if (take(argc, argv, &i, "--format", &val)) {
			if (strcmp(val, "text") == 0)
				o->format = REPORT_TEXT;
			else if (strcmp(val, "csv") == 0)
				o->format = REPORT_CSV;
			else if (strcmp(val, "json") == 0)
				o->format = REPORT_JSON;
			else if (strcmp(val, "markdown") == 0 || strcmp(val, "md") == 0)
				o->format = REPORT_MARKDOWN;
			else
				usage_error("--format: value '%s' is not a format; allowed: text, csv, json, markdown",
					    val);
		} else if (take(argc, argv, &i, "--threshold", &val)) {
			if (parse_double("--threshold", val, 0, 1e6, &o->threshold, err, sizeof(err)) != 0)
				usage_error("%s", err);
		} else if (take(argc, argv, &i, "--sections", &val)) {
			parse_sections(o, val);
		} else {
			usage_error("unknown option %s", a);
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
}

/* ---------------------------------------------------------------- output */

/*
 * A plot is written to a temporary file beside its name (mkstemp: a new
 * file, never a link) and then linked to the name, which fails when the
 * name exists, as a file or a symbolic link: nothing is ever replaced,
 * no link another user planted is followed, and a failed write leaves
 * nothing half-written.  Returns 0, or -1 with the reason on stderr.
 */
typedef int (*plot_fn)(const struct report *, FILE *);

static int
write_new(const char *path, const struct report *rep, plot_fn draw, const struct report_ab *ab)
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
	if (ab != NULL)
		report_svg_ab(rep, ab, f);
	else
		draw(rep, f);
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
		rc |= write_new(o->html, rep, report_html, NULL);
	if (o->svg != NULL)
		rc |= write_new(o->svg, rep, report_svg, NULL);
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
	rc |= write_new(path, rep, report_svg_memlat, NULL);
	if (rep->nladders > 0) {
		snprintf(path, sizeof(path), "%s/ladder.svg", o->plot);
		rc |= write_new(path, rep, report_svg_ladder, NULL);
	}
	if (rep->nseries > 0) {
		snprintf(path, sizeof(path), "%s/load.svg", o->plot);
		rc |= write_new(path, rep, report_svg_load, NULL);
	}
	for (i = 0; i < rep->nabs; i++) {
		snprintf(path, sizeof(path), "%s/delta-%d.svg", o->plot,
			 rep->runs[rep->abs[i].other].id);
		rc |= write_new(path, rep, NULL, &rep->abs[i]);
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

/* --group-by KEY: a side per value of KEY, in the order first seen. */
static void
group_by(struct report *rep, const char *key)
{
	size_t i, k;

	for (i = 0; i < rep->nruns; i++) {
		const char *v = resfile_config(&rep->runs[i].rf, key);
		struct report_group *g = NULL;
		char label[64];

		snprintf(label, sizeof(label), "%s=%.40s", key, v != NULL && *v != '\0' ? v : "(none)");
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

int
main(int argc, char **argv)
{
	struct opts o;
	struct files names = { NULL, 0 };
	struct report rep;
	char err[1024];
	size_t i, base = 0, na = 0;
	int bad = 0, base_bad = 0, rc = MSG_EXIT_OK;

	msg_init(argv[0]);
	parse_args(argc, argv, &o);
	if (o.nfiles == 0 && o.base == NULL && o.side[0] == NULL)
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

	memset(&rep, 0, sizeof(rep));
	if ((rep.runs = calloc(names.n ? names.n : 1, sizeof(*rep.runs))) == NULL
	    || (rep.errors = calloc(names.n ? names.n : 1, sizeof(*rep.errors))) == NULL)
		msg_die("out of memory");
	for (i = 0; i < names.n; i++) {
		struct report_run *r = &rep.runs[rep.nruns];

		resfile_init(&r->rf);
		if (resfile_load(&r->rf, names.v[i], err, sizeof(err)) != 0) {
			msg_warn("%s", err);
			if ((rep.errors[rep.nerrors++] = strdup(err)) == NULL)
				msg_die("out of memory");
			resfile_free(&r->rf);
			bad = 1;
			if (o.base != NULL && i == 0)
				base_bad = 1;
			continue;
		}
		r->id = (int)i + 1;
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
	if (base_bad)
		msg_warn("the base run could not be read: no A/B comparison");
	rep.want_summary = !o.ab_only;
	rep.want_ab = !o.summary_only && !base_bad;
	rep.threshold = o.threshold;
	rep.margin = o.margin;
	if (o.side[0] != NULL)
		make_sides(&rep, na);
	else if (o.group_by != NULL)
		group_by(&rep, o.group_by);
	if (report_build(&rep, o.sections[0] != NULL ? o.sections : NULL, base) != 0)
		msg_die("out of memory");
	report_write(&rep, o.format, stdout);
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
	}
	if (bad)
		rc = MSG_EXIT_FAIL;
out:
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
