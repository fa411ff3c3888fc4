/*
 * hostbench-compare: lmbench-style summary tables and A/B comparisons of
 * hostbench (and lmbench3) result files.
 *
 * Each file is one run: a row in every summary table.  With two or more
 * runs of one host, the first (or --base FILE) is compared with each other
 * one, column by column; with runs of several hosts, each host's runs with
 * that host's baseline (--baseline: its first run, or the file named for
 * it), and the hosts side by side (model/fleet.h); --a/--b or --group-by
 * make sides of several runs (--group-by per host).  The unit of a
 * comparison is the process (a round of a run, or a run): see model/ab.h
 * and model/abtest.h for the test, doc/hostbench-compare.1 for what it
 * prints.  What differs in the runs' fingerprints is printed first.  A
 * directory stands for the result files under it (other files there are
 * skipped: sources, objects, programs).  A file that cannot be
 * read is reported (file and line) and left out; the others are still
 * compared.
 *
 * The options, the usage line, -h and the man page's SYNOPSIS and
 * OPTIONS come from one table, in usage.c; options.c reads them,
 * operands.c finds the files, sides.c sets the comparisons' sides, the
 * model (model/build.h) is built once, and a renderer (render/) writes
 * it: render.h in the format asked for, write.c the page and plots.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "core/msg.h"
#include "core/stats.h"
#include "core/utf8.h"
#include "model/build.h"
#include "model/hosts.h"
#include "model/report.h"
#include "model/variance.h"
#include "operands.h"
#include "options.h"
#include "read/metric_table.h"
#include "read/resfile.h"
#include "render/format.h"
#include "render/render.h"
#include "render/text.h"
#include "sides.h"
#include "usage.h"
#include "write.h"

/* With --threshold: no regression shown, but some metric could hide one. */
#define EXIT_CANNOT_TELL 3

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
			const struct metric_fact *mf = m != NULL ? &m->fact : NULL;
			size_t c = res->n > 0 ? res->from[0] : 0;
			const char *prog = c >= 1 && c <= r->ncases ? r->cases[c - 1].bench : "-";

			enum metric_estimator e = mf != NULL ? metric_estimator_for(mf, res->name)
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
			       mf == NULL ? "none" : mf->program != NULL ? mf->program : "-", res->n,
			       metric_estimator_name(e), metric_estimate(e, res->v, NULL, res->n), ci);
			none += m == NULL;
		}
	}
	return none;
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
	struct operands names = { NULL, 0, 0 };
	struct report rep;
	char err[1024];
	size_t i, base = 0, na = 0, *baseline = NULL;
	int bad = 0, base_bad = 0, per_host, rc = MSG_EXIT_OK;

	msg_init(argv[0]);
	options_parse(argc, argv, &o);
	names.results_only = o.results_only;
	if (o.nfiles == 0 && o.base == NULL && o.side[0] == NULL && o.nbaselines == 0)
		usage_error("%s", "no result file named");
	if (o.side[0] != NULL) {
		bad |= operands_add_side(&names, o.side[0], "--a") != 0;
		na = names.n;
		bad |= operands_add_side(&names, o.side[1], "--b") != 0;
	}
	if (o.base != NULL)
		operands_add_file(&names, o.base);
	for (i = 0; i < (size_t)o.nfiles; i++)
		if (operands_add(&names, o.files[i]) != 0)
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
		operands_add_file(&names, o.baselines[i]);
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
		    || (!operands_look_like_results(names.v[i])
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
		sides_make(&rep, na);
	else if (o.group_by != NULL)
		sides_group_by(&rep, o.group_by, rep.nhosts > 1);
	if (per_host && rep.want_ab && sides_host_pairs(&rep, baseline) == 0 && o.group_by != NULL && rep.ngroups >= 2)
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
	if ((o.svg != NULL || o.plot != NULL || o.html != NULL) && write_files(&rep, &o) != 0)
		rc = MSG_EXIT_FAIL;
	if (rep.nregressions > 0) {
		size_t k, si, j;

		msg_warn("%lu significant regression%s beyond %g%%:", (unsigned long)rep.nregressions,
			 rep.nregressions == 1 ? "" : "s", o.threshold);
		for (k = 0; k < rep.nabs; k++)
			for (si = 0; si < rep.abs[k].nsecs; si++)
				for (j = 0; j < rep.abs[k].secs[si].nrows; j++) {
					const struct report_ab_row *row = &rep.abs[k].secs[si].rows[j];

					char ratio[32];

					if (row->regression)
						fprintf(stderr, "  [%d] %s: %s (%s): %s %s (q = %.3f)\n",
							rep.runs[rep.abs[k].other].id, rep.abs[k].secs[si].s->id,
							row->m->column, row->m->fact.name, format_verdict_text(row),
							format_delta(ratio, sizeof(ratio), row->delta), row->q);
				}
		rc = MSG_EXIT_FAIL;
	} else if (rep.ncannot > 0 && rc == MSG_EXIT_OK && !bad) {
		msg_warn("no regression beyond %g%% shown, but %lu metric%s cannot tell (unreliable, "
			 "not tested, or an interval reaching beyond it)", o.threshold,
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
