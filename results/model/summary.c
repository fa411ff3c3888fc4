/*
 * summary: the runs' labels and the summary tables (see summary.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/utf8.h"
#include "read/metric_table.h"
#include "read/resfile.h"
#include "read/resfile_col.h"
#include "report.h"
#include "summary.h"

int
summary_wanted(const struct metric_section *s, const char *const *only)
{
	if (only == NULL)
		return 1;
	for (; *only != NULL; only++)
		if (strcmp(*only, s->id) == 0)
			return 1;
	return 0;
}

/* The last part of a path: "vm.0" of "results/x86_64-linux/vm.0". */
static const char *
file_base(const char *path)
{
	const char *slash = path != NULL ? strrchr(path, '/') : NULL;

	return slash != NULL ? slash + 1 : path != NULL ? path : "?";
}

/* The last two parts of a path: "b/vm.0" of "results/b/vm.0"; the
 * path itself when it has one part. */
static const char *
file_base2(const char *path)
{
	const char *base = file_base(path), *p;

	if (path == NULL || base == path)
		return base;
	for (p = base - 1; p > path && p[-1] != '/'; p--)
		;
	return p;
}

void
summary_label_runs(struct report *rep)
{
	size_t i, j;

	for (i = 0; i < rep->nruns; i++) {
		struct report_run *r = &rep->runs[i];
		const char *note;

		r->host = resfile_config(&r->rf, "host");
		r->os = resfile_config(&r->rf, "os");
		note = resfile_config(&r->rf, "note");
		r->note = note != NULL && *note != '\0' ? note : NULL;
		if (r->host == NULL)
			r->host = "?";
		if (r->os == NULL)
			r->os = "";
	}
	/*
	 * A row is named by its file's name (vm.0, vm.1), as results/
	 * <platform>/ names the runs, where that is short and no other run's
	 * file has it; else by its folder and name (b/vm.0), where that tells
	 * it apart; else by the host and the run's number (vm#3).  The
	 * legend under the tables gives each label's file, host and note.
	 */
	for (i = 0; i < rep->nruns; i++) {
		struct report_run *r = &rep->runs[i];
		const char *base = file_base(r->rf.path);
		int same = strlen(base) > 24;

		for (j = 0; j < rep->nruns && !same; j++)
			same = j != i && strcmp(file_base(rep->runs[j].rf.path), base) == 0;
		if (same && strlen(base) <= 24) {
			base = file_base2(r->rf.path);
			same = strlen(base) > 24 || base == file_base(r->rf.path);
			for (j = 0; j < rep->nruns && !same; j++)
				same = j != i && strcmp(file_base2(rep->runs[j].rf.path), base) == 0;
		}
		/* (A host's name cut between two characters; a file's
		 * name made text, as its contents are: see resfile.h.) */
		if (same) {
			snprintf(r->label, sizeof(r->label), "%.*s#%d",
				 (int)utf8_prefix(r->host, strlen(r->host), 20), r->host, r->id);
		} else {
			char clean[3 * 24 + 1];

			utf8_clean(clean, base, strlen(base));
			snprintf(r->label, sizeof(r->label), "%.*s",
				 (int)utf8_fit(clean, strlen(clean), sizeof(r->label) - 1), clean);
		}
	}
}

int
summary_build(struct report *rep, const char *const *only)
{
	size_t si, mi, ri;

	rep->secs = calloc(metric_section_count, sizeof(*rep->secs));
	if (rep->secs == NULL)
		return -1;
	for (si = 0; si < metric_section_count; si++) {
		const struct metric_section *s = &metric_sections[si];
		struct report_section *sec = &rep->secs[rep->nsecs];
		int any_value = 0;

		if (!summary_wanted(s, only))
			continue;
		sec->s = s;
		for (mi = 0; mi < metric_count; mi++) {
			const struct metric *m = &metric_table[mi];
			struct report_column *col;
			int present = 0;

			if (m->section == NULL || strcmp(m->section, s->id) != 0)
				continue;
			if ((sec->cols = realloc(sec->cols, (sec->ncols + 1) * sizeof(*sec->cols))) == NULL)
				return -1;
			col = &sec->cols[sec->ncols];
			col->m = m;
			if ((col->cells = calloc(rep->nruns ? rep->nruns : 1, sizeof(*col->cells))) == NULL)
				return -1;
			for (ri = 0; ri < rep->nruns; ri++) {
				if (resfile_column(&rep->runs[ri].rf, m, &col->cells[ri]) != 0)
					return -1;
				/* A blank left for an implausible value keeps its
				 * column, so that the reason is listed. */
				present |= col->cells[ri].present || col->cells[ri].implausible;
				if ((col->cells[ri].present || col->cells[ri].implausible)
				    && m->select != METRIC_CONFIG)
					any_value = 1;
			}
			/* lmbench's tables keep their columns; ours drop empty ones. */
			if (!present && !s->lmbench) {
				for (ri = 0; ri < rep->nruns; ri++)
					resfile_value_free(&col->cells[ri]);
				free(col->cells);
				continue;
			}
			sec->ncols++;
		}
		/* A section with no measured value at all is left out. */
		if (!any_value) {
			for (mi = 0; mi < sec->ncols; mi++) {
				for (ri = 0; ri < rep->nruns; ri++)
					resfile_value_free(&sec->cols[mi].cells[ri]);
				free(sec->cols[mi].cells);
			}
			free(sec->cols);
			memset(sec, 0, sizeof(*sec));
			continue;
		}
		rep->nsecs++;
	}
	return 0;
}

int
report_shown_before(const struct report *rep, size_t si, size_t ci)
{
	const struct metric *m = rep->secs[si].cols[ci].m;
	size_t i, j;

	for (i = 0; i <= si; i++)
		for (j = 0; (i < si || j < ci) && j < rep->secs[i].ncols; j++) {
			const struct metric *o = rep->secs[i].cols[j].m;

			if (strcmp(o->fact.name, m->fact.name) == 0 && o->select == m->select
			    && (o->fact.unit == NULL) == (m->fact.unit == NULL)
			    && (o->fact.unit == NULL || strcmp(o->fact.unit, m->fact.unit) == 0)
			    && (o->arg == NULL) == (m->arg == NULL)
			    && (o->arg == NULL || strcmp(o->arg, m->arg) == 0))
				return 1;
		}
	return 0;
}

static double
section_value(const struct report_section *sec, const char *column, size_t run)
{
	size_t c;

	for (c = 0; c < sec->ncols; c++)
		if (strcmp(sec->cols[c].m->column, column) == 0 && sec->cols[c].cells[run].present &&
		    sec->cols[c].m->select != METRIC_CONFIG)
			return sec->cols[c].cells[run].value;
	return NAN;
}

static int
within_20(double a, double b)
{
	double hi = a > b ? a : b, lo = a > b ? b : a;

	return hi > 0 && (hi - lo) / hi <= 0.20;
}

/* The size in bytes of cache level "L1d", "L2" ... in a run's
 * "sysfs-cache: L1d 32K L2 1M L3 32M line 64" (the cache program's note
 * of what the kernel says), or 0 when the run does not say. */
static double
sysfs_cache_size(const struct report_run *r, const char *level)
{
	const char *v = resfile_config(&r->rf, "sysfs-cache"), *p;
	size_t n = strlen(level);
	char *end;
	double size;

	for (p = v; p != NULL && (p = strstr(p, level)) != NULL; p += n)
		if ((p == v || p[-1] == ' ') && p[n] == ' ') {
			size = strtod(p + n + 1, &end);
			if (end == p + n + 1 || !(size > 0))
				return 0;
			return *end == 'K' ? size * 1024 : *end == 'M' ? size * 1048576
			     : *end == 'G' ? size * 1073741824.0 : size;
		}
	return 0;
}

const char *
summary_cache_guess(const struct report *rep, const struct report_section *sec, size_t run)
{
	double l1 = section_value(sec, "L1 $", run), l2 = section_value(sec, "L2 $", run);
	double mem = section_value(sec, "Main mem", run);
	double l1_size = sysfs_cache_size(&rep->runs[run], "L1d");

	if (strcmp(sec->s->id, "mem") != 0 || !isfinite(l1) || !isfinite(l2))
		return NULL;
	/* The L2 column is 128K at stride 128: in an L1 that large, or
	 * followed by a prefetcher where the kernel says the L1 is less. */
	if (within_20(l1, l2))
		return l1_size >= 128 * 1024 ? "L1 holds 128K" : l1_size > 0
		       ? "L2 as fast as L1: prefetched?" : "No L1 cache?";
	if (isfinite(mem) && within_20(l2, mem))
		return sysfs_cache_size(&rep->runs[run], "L2") > 0
		       ? "Main mem as fast as L2: prefetched?" : "No L2 cache?";
	return NULL;
}

/* The short-note cell of run r at section i, column c, or NULL. */
static const struct resfile_value *
short_cell(const struct report *rep, size_t r, size_t i, size_t c)
{
	const struct resfile_value *v = &rep->secs[i].cols[c].cells[r];

	return v->present && v->short_note != NULL ? v : NULL;
}

int
summary_next_short(const struct report *rep, struct summary_at *at)
{
	for (;;) {
		const struct resfile_value *v;
		size_t i, c;
		int seen = 0;

		if (at->started) {
			if (at->sec < rep->nsecs && ++at->col >= rep->secs[at->sec].ncols) {
				at->col = 0;
				at->sec++;
			}
			if (at->sec >= rep->nsecs) {
				at->sec = 0;
				at->run++;
			}
		}
		at->started = 1;
		while (at->run < rep->nruns && at->sec < rep->nsecs && rep->secs[at->sec].ncols == 0)
			if (++at->sec >= rep->nsecs) {
				at->sec = 0;
				at->run++;
			}
		if (at->run >= rep->nruns || rep->nsecs == 0)
			return 0;
		if ((v = short_cell(rep, at->run, at->sec, at->col)) == NULL)
			continue;
		/* The first of its run with this text. */
		for (i = 0; i <= at->sec && !seen; i++)
			for (c = 0; c < (i < at->sec ? rep->secs[i].ncols : at->col) && !seen; c++) {
				const struct resfile_value *w = short_cell(rep, at->run, i, c);

				seen = w != NULL && strcmp(w->short_note, v->short_note) == 0;
			}
		if (!seen)
			return 1;
	}
}

int
summary_row_has_values(const struct report_section *sec, size_t run)
{
	size_t c;

	for (c = 0; c < sec->ncols; c++)
		if (sec->cols[c].cells[run].present && sec->cols[c].m->select != METRIC_CONFIG
		    && (strcmp(sec->cols[c].m->column, "Mhz") != 0
			|| strcmp(sec->s->id, "params") == 0))
			return 1;
	return 0;
}
