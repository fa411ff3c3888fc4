/*
 * resfile_hb: reading hostbench's result files (see resfile.h), the Go
 * benchmark data format that lib/core/output writes: configuration lines make
 * the fingerprint until the first "bench:", then open and describe the
 * cases; result lines are samples, a run's own figures on them (p50-ns,
 * local-%sys) read under the names of the metric table (output_internal);
 * "Unit" lines, the format's unit metadata for benchstat, are skipped.
 * What a key tells beyond configuration ("bench:" opens a case, "round:"
 * closes one, "# noisy:" flags it ...) is its role in lib/core/output's table
 * of keys (output_keys), read here by a switch on the role: a key the
 * suite adds is a row there.  The run being built is resfile.c's
 * (resfile_int.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/output.h"
#include "read/resfile.h"
#include "read/resfile_int.h"

/* Any governor word other than "performance" (and not "unknown"). */
static int
check_governor(struct resfile_parser *p, const char *value)
{
	const char *s = value;

	while (*s != '\0') {
		size_t n = strcspn(s, " ,;/");

		if (n > 0 && !(n == 11 && strncmp(s, "performance", 11) == 0)
		    && !(n == 7 && strncmp(s, "unknown", 7) == 0))
			return resfile_add_flag(p, "governor %s (not performance)", value);
		s += n;
		s += strspn(s, " ,;/");
	}
	return 0;
}

/*
 * A benchmark run without arguments: "args:" alone (the key cleared), or
 * "args: none" in files of versions before that.
 */
static int
has_args(const char *args)
{
	return args[0] != '\0' && strcmp(args, "none") != 0;
}

/* A new case: what follows is its records. */
static int
open_case(struct resfile_parser *p, const char *bench)
{
	struct resfile_run *r = p->r;
	struct resfile_case *c;

	if (resfile_grow(&r->cases, &p->cases_cap, r->ncases, sizeof(*r->cases)) != 0)
		return resfile_oom(p);
	c = &r->cases[r->ncases];
	memset(c, 0, sizeof(*c));
	if ((c->bench = resfile_str_dup(bench)) == NULL || (c->args = resfile_str_dup("")) == NULL) {
		free(c->bench);
		return resfile_oom(p);
	}
	c->round = p->round;
	c->others = c->steal = c->ticks = NAN;
	c->run_ms = c->wait_ms = c->steal_ms = c->wall_ms = c->sample_ms = NAN;
	c->others_ms = c->cpus = NAN;
	r->ncases++;
	p->udp_short[0] = '\0';
	p->case_open = 1;
	p->case_results = p->case_args = p->case_failed = 0;
	p->from = r->ncases;
	return 0;
}

/* The value of "key=" in a "# noise:" line, or NaN. */
static double
noise_value(const char *line, const char *key)
{
	const char *s = strstr(line, key);
	char *end;
	double v;

	if (s == NULL)
		return NAN;
	v = strtod(s + strlen(key), &end);
	return end != s + strlen(key) && v >= 0 && isfinite(v) ? v : NAN;
}

/* The suite's "# noise: cpu-others=X steal=Y ticks=T" after a case ends it. */
static void
noise_line(struct resfile_parser *p, const char *line)
{
	struct resfile_case *c;

	if (!p->case_open)
		return;
	c = &p->r->cases[p->r->ncases - 1];
	c->others = noise_value(line, "cpu-others=");
	c->steal = noise_value(line, "steal=");
	c->ticks = noise_value(line, "ticks=");
	p->case_open = 0;
}

/* The program's "# noise-self: ... run-ms=R wait-ms=D ..." in a case. */
static void
noise_self_line(struct resfile_parser *p, const char *line)
{
	struct resfile_case *c;

	if (!p->case_open)
		return;
	c = &p->r->cases[p->r->ncases - 1];
	c->run_ms = noise_value(line, " run-ms=");
	c->wait_ms = noise_value(line, " wait-ms=");
	c->steal_ms = noise_value(line, " steal-ms=");
	c->wall_ms = noise_value(line, " wall-ms=");
	c->others_ms = noise_value(line, " others-ms=");
	c->cpus = noise_value(line, " cpus=");
}

/*
 * A "# hist:" line: kept for the percentiles of the run (resfile_col).
 * One that does not read costs its line, not the file: it is flagged.
 */
static int
hist_line(struct resfile_parser *p, const char *line)
{
	struct resfile_hist *x, *nh;
	char name[OUTPUT_MAX_NAME], unit[OUTPUT_MAX_UNIT];
	struct hist *h = malloc(sizeof(*h));

	if (h == NULL)
		return resfile_oom(p);
	if (hist_parse_line(line, name, sizeof(name), unit, sizeof(unit), h) != 0) {
		free(h);
		return resfile_add_flag(p, "line %lu: a histogram line that does not read, "
					"ignored", p->line);
	}
	if ((nh = realloc(p->r->hists, (p->r->nhists + 1) * sizeof(*nh))) == NULL) {
		free(h);
		return resfile_oom(p);
	}
	p->r->hists = nh;
	x = &nh[p->r->nhists];
	x->name = resfile_str_dup(name);
	x->unit = resfile_str_dup(unit);
	x->h = h;
	x->from = p->case_open ? p->from : 0;
	p->r->nhists++;
	if (x->name == NULL || x->unit == NULL)
		return resfile_oom(p);
	return 0;
}

/* "bench:" starts a case, unless it is the program's own header of the
 * case the suite just opened (same name, no results yet). */
static int
bench_line(struct resfile_parser *p, const char *bench)
{
	if (p->case_open && !p->case_results
	    && strcmp(p->r->cases[p->r->ncases - 1].bench, bench) == 0)
		return 0;
	return open_case(p, bench);
}

static int
case_text(struct resfile_parser *p, char **field, const char *value)
{
	char *d;

	if (!p->case_open)
		return 0;
	if ((d = resfile_str_dup(value)) == NULL)
		return resfile_oom(p);
	free(*field);
	*field = d;
	return 0;
}

/* "precision: not-reached ..." flags the run, under the case's name (the
 * program's own where it ran under another bench: than the suite's). */
static int
precision_line(struct resfile_parser *p, const char *value)
{
	const char *label = p->suite_label;
	char own[2 * OUTPUT_MAX_VALUE];
	const char *rest;

	if (strncmp(value, "not-reached", 11) != 0)
		return 0;
	rest = value + 11;
	if (strcmp(p->suite_bench, p->bench) != 0) {
		snprintf(own, sizeof(own), "%s%s%s", p->bench,
			 has_args(p->args) ? " " : "", has_args(p->args) ? p->args : "");
		label = own;
	}
	while (*rest == ' ')
		rest++;
	return resfile_add_flag(p, "%s: precision not reached%s%s", label, *rest ? ": " : "", rest);
}

/*
 * A mark of a case, "# key:..." of a key whose role is one of the marks'
 * (output_keys): read by its role.  Returns 1 when line was one, with
 * *ret what reading it returned (0, or -1 with the parser's message);
 * 0 when line is to be read as a note.
 */
static int
mark_line(struct resfile_parser *p, const char *line, int *ret)
{
	char key[OUTPUT_MAX_KEY];
	const struct output_key *row;
	const char *text;
	size_t n;

	if (line[1] != ' ')
		return 0;
	n = strspn(line + 2, "abcdefghijklmnopqrstuvwxyz0123456789-");
	if (n == 0 || n >= sizeof(key) || line[2 + n] != ':')
		return 0;
	memcpy(key, line + 2, n);
	key[n] = '\0';
	if ((row = output_key_find(key)) == NULL)
		return 0;
	text = line + 2 + n + 1;
	*ret = 0;
	switch (row->role) {
	case OUTPUT_ROLE_HIST:
		*ret = hist_line(p, line);
		return 1;
	case OUTPUT_ROLE_NOISE:
		noise_line(p, line);
		return 1;
	/*
	 * These are "# key: text": a line without the blank after the
	 * colon has always been read as a note instead (a flag's as
	 * configuration, "# noise-self:x" as nothing).
	 */
	case OUTPUT_ROLE_FLAG:
		if (*text != ' ')
			return 0;
		text++;
		n = strcspn(text, "\r\n");
		if (p->case_open)
			*ret = resfile_add_flag(p, "%s: %s: %.*s", p->suite_label, row->flag, (int)n, text);
		return 1;
	case OUTPUT_ROLE_NOISE_SELF:
		if (*text != ' ')
			return 0;
		noise_self_line(p, line);
		return 1;
	default:
		return 0;
	}
}

int
resfile_hb_line(struct resfile_parser *p, const char *line, int last_unterminated)
{
	struct output_line l;
	const struct output_key *row;
	size_t k;

	if (line[0] == '#') {
		int ret;

		if (mark_line(p, line, &ret))
			return ret;
		/*
		 * A note: the fingerprint's run notes ("# date: ...", "# load:
		 * ..."), and in a case any "# key: value" (the suite writes a
		 * case's lines as notes) but a mark the reader has no use for
		 * (noise-self not in its form, settled); else a comment.
		 */
		if (output_parse_line(line, &l) != 0 || l.kind != OUTPUT_LINE_CONFIG)
			return 0;
		row = output_key_find(l.key);
		if (!p->in_bench && !output_key_is_run_note(l.key)
		    && (row == NULL || row->role != OUTPUT_ROLE_CASE))
			return 0;
		if (row != NULL && (row->role == OUTPUT_ROLE_NOISE_SELF || row->role == OUTPUT_ROLE_COMMENT))
			return 0;
	} else if (output_parse_line(line, &l) != 0)
		return resfile_fail(p, "malformed result line%s", last_unterminated
				    ? " (truncated: no newline at the end of the file)" : "");
	if (l.kind == OUTPUT_LINE_RESULT) {
		if (last_unterminated)
			return resfile_fail(p, "truncated result line (no newline at the end of the file)");
		/* One value out of range costs its line, not the file. */
		if (l.bad_value > 0)
			return resfile_add_flag(p, "line %lu: %s: a value that is not a finite number, "
						"its line dropped", p->line, l.name);
		/*
		 * A case whose status says it failed printed these before it
		 * was cut short (killed, a full TMPDIR): a lat_mem_rd stopped
		 * part-way has its small sizes only, and its "largest size"
		 * would be tabled as main memory.  None is a result.
		 */
		if (p->case_open && p->case_failed) {
			p->case_results = 1;	/* (the next "bench:" opens a case) */
			if (p->case_failed++ > 1)
				return 0;
			return resfile_add_flag(p, "%s: partial results of the failed case not tabled",
						p->suite_label);
		}
		if (p->case_open)
			p->case_results = 1;
		else
			p->from = 0;
		/*
		 * A run's own figures (percentiles, each end's CPU, what cache
		 * and tlb found) under the names of the metric table, which
		 * are those of older files' lines (output_internal).
		 */
		for (k = 0; k < l.npairs; k++) {
			char name[OUTPUT_MAX_NAME + 32], unit[OUTPUT_MAX_UNIT];

			output_internal(l.name, l.unit[k], name, sizeof(name), unit, sizeof(unit));
			if (resfile_add_sample(p, name, unit, l.val[k]) != 0)
				return -1;
		}
		return 0;
	}
	if (l.kind != OUTPUT_LINE_CONFIG)
		return 0;
	/*
	 * bw_udp's sender short of -b: in force for the results after it in
	 * its case, until it is cleared ("udp-short:" alone) or the case
	 * ends; a note, as any "# key: value" of a case, besides.
	 */
	if (strcmp(l.key, "udp-short") == 0)
		snprintf(p->udp_short, sizeof(p->udp_short), "%s", p->case_open || !p->in_bench ? l.value : "");
	row = output_key_find(l.key);
	switch (row != NULL ? row->role : OUTPUT_ROLE_NONE) {
	case OUTPUT_ROLE_CASE:
		p->in_bench = 1;
		snprintf(p->bench, sizeof(p->bench), "%s", l.value);
		p->args[0] = '\0';
		return bench_line(p, l.value);
	case OUTPUT_ROLE_ARGS:
		snprintf(p->args, sizeof(p->args), "%s", l.value);
		if (p->case_args || !p->case_open)
			return 0;
		p->case_args = 1;
		return case_text(p, &p->r->cases[p->r->ncases - 1].args,
				 has_args(l.value) ? l.value : "");
	case OUTPUT_ROLE_ROUND: {
		char *end;
		unsigned long round = strtoul(l.value, &end, 10);

		p->round = end != l.value && round < 1000000 ? (unsigned)round : 0;
		p->case_open = 0;
		p->udp_short[0] = '\0';
		return 0;
	}
	case OUTPUT_ROLE_STATUS:
		snprintf(p->suite_bench, sizeof(p->suite_bench), "%s", p->bench);
		snprintf(p->suite_label, sizeof(p->suite_label), "%s%s%s", p->bench,
			 has_args(p->args) ? " " : "", has_args(p->args) ? p->args : "");
		/* A failure, or a value withheld as physically impossible. */
		p->case_failed = p->case_open && strncmp(l.value, "failed", 6) == 0;
		if (strncmp(l.value, "failed", 6) == 0 || strncmp(l.value, "implausible", 11) == 0)
			return resfile_add_flag(p, "%s: %s", p->suite_label, l.value);
		return 0;
	case OUTPUT_ROLE_PRECISION:
		return precision_line(p, l.value);
	/* The rest are configuration lines too. */
	case OUTPUT_ROLE_SAMPLE_TIME:
		if (p->case_open) {
			char *end;
			double ms = strtod(l.value, &end);

			if (end != l.value && ms > 0 && isfinite(ms) && strncmp(end, " ms", 3) == 0)
				p->r->cases[p->r->ncases - 1].sample_ms = ms;
		}
		break;
	case OUTPUT_ROLE_REDUCED:
		if (p->case_open && case_text(p, &p->r->cases[p->r->ncases - 1].reduced, l.value) != 0)
			return -1;
		break;
	case OUTPUT_ROLE_LOAD:
		resfile_note_load(p, l.value);
		break;
	case OUTPUT_ROLE_GOVERNOR:
		if (check_governor(p, l.value) != 0)
			return -1;
		break;
	/* A mark's key without its "# " ("noise: x") is configuration. */
	case OUTPUT_ROLE_NONE:
	case OUTPUT_ROLE_NOISE:
	case OUTPUT_ROLE_NOISE_SELF:
	case OUTPUT_ROLE_FLAG:
	case OUTPUT_ROLE_HIST:
	case OUTPUT_ROLE_COMMENT:
		break;
	}
	return resfile_set_config(p, l.key, l.value);
}
