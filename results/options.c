/*
 * options: hostbench-compare's command line (see options.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/msg.h"
#include "core/parse.h"
#include "core/utf8.h"
#include "model/report.h"
#include "options.h"
#include "read/metric_table.h"
#include "render/manresults.h"
#include "render/render.h"
#include "usage.h"
#include "read/metric_what.h"

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
		       m->column, rules[m->select], m->arg ? m->arg : "-", m->fact.name,
		       m->fact.unit ? m->fact.unit : "-",
		       m->display_unit[0] ? m->display_unit : "-", metric_better_name(m->better),
		       metric_what_of(m), m->fact.program ? m->fact.program : "-");
	}
}

void
options_parse(int argc, char **argv, struct opts *o)
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
		/* For make man-synopsis: a benchmark's RESULTS, from the metric table. */
		if (strcmp(a, "--man-results") == 0) {
			if (argc != 3)
				usage_error("--man-results goes alone, with a program's name: "
					    "hostbench-compare --man-results PROG");
			manresults_print(stdout, argv[i + 1]);
			exit(MSG_EXIT_OK);
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
		case USAGE_FORCE:
			o->force = 1;
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
	if (o->force && o->html == NULL && o->svg == NULL && o->plot == NULL)
		usage_error("%s", "--force replaces files that --html, --svg or --plot write: none named");
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
