/*
 * fleet: the hosts' table and the ranking across hosts (see fleet.h).
 * Both are built from the report when written; every number goes
 * through report_num or report_num_sig, text from the files through
 * escape.h.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/compat.h"
#include "core/metric.h"
#include "core/utf8.h"
#include "escape.h"
#include "export.h"
#include "fleet.h"
#include "model/compare.h"
#include "model/num.h"
#include "model/report.h"
#include "model/summary.h"
#include "read/resfile.h"

#define WIDTH 100		/* a text table at most */
#define KEY_W 24		/* the key column at most */
#define CELL_W 26		/* a host's column at most */
#define CELL_LINES 5		/* lines of a wrapped cell at most */
#define LONG_WORDS 4		/* a value of this many words is shown by its differences */
#define HOST_W 16		/* a host's label in "Across hosts" at most */
#define DASHES "--------------------------------------------------------------------------------"

int
fleet_has_hosts(const struct report *rep)
{
	return rep->nhosts >= 2;
}

/* ---------------------------------------------------------------- the hosts' table */

/* Keys that say nothing of a machine: they differ on every run (date,
 * load, clock resolution), name it (host: the columns' heads), or
 * describe a run (its note and tags, an A/B experiment's side). */
static int
skip_key(const char *key)
{
	static const char *const skip[] = {
		"host", "date", "load", "clock-resolution", "note", "ab-side", "ab-state", "round",
		"status"
	};
	size_t i;

	if (strncmp(key, "tag-", 4) == 0)
		return 1;
	if (strncmp(key, "box-", 4) == 0 && strcmp(key + 4, "host") != 0)
		key += 4;
	for (i = 0; i < HB_ARRAY_SIZE(skip); i++)
		if (strcmp(key, skip[i]) == 0)
			return 1;
	return 0;
}

struct frow {
	const char *key;
	char **cell;		/* per host: its runs' value(s), "" for none */
	int *diff;		/* per host: differs from the most common value */
	int *na;		/* per host: none of its runs has the key (an
				 * older version's file, lmbench3's header) */
};

struct ftable {
	struct frow *rows;
	size_t n;
	size_t nhosts;
};

static void
ftable_free(struct ftable *t)
{
	size_t i, h;

	for (i = 0; i < t->n; i++) {
		for (h = 0; h < t->nhosts; h++)
			free(t->rows[i].cell[h]);
		free(t->rows[i].cell);
		free(t->rows[i].diff);
		free(t->rows[i].na);
	}
	free(t->rows);
	memset(t, 0, sizeof(*t));
}

/* The value of key on host h: its runs' distinct values joined by " / "
 * (malloc'd; "" when none has the key), or NULL when out of memory. */
static char *
host_value(const struct report *rep, const struct report_host *h, const char *key)
{
	size_t i, j, len = 1;
	char *s;

	for (i = 0; i < h->n; i++) {
		const char *v = resfile_fingerprint(&rep->runs[h->runs[i]].rf, key);

		if (v != NULL)
			len += strlen(v) + 3;
	}
	if ((s = malloc(len)) == NULL)
		return NULL;
	s[0] = '\0';
	for (i = 0; i < h->n; i++) {
		const char *v = resfile_fingerprint(&rep->runs[h->runs[i]].rf, key);

		if (v == NULL)
			continue;
		for (j = 0; j < i; j++) {
			const char *w = resfile_fingerprint(&rep->runs[h->runs[j]].rf, key);

			if (w != NULL && strcmp(v, w) == 0)
				break;
		}
		if (j < i)
			continue;
		if (s[0] != '\0')
			strcat(s, " / ");
		strcat(s, v);
	}
	return s;
}

/*
 * Mark the cells of a row that differ from its most common value (the
 * first of the most common, in the hosts' order), among the hosts that
 * have the key: a file that does not record something says nothing of
 * it.  Returns 1 when any does, 0 when those hosts' values are alike (or
 * fewer than two hosts have it to compare).
 */
static int
mark_diff(struct frow *row, size_t nhosts)
{
	size_t h, k, best = 0, bestn = 0;
	int any = 0;

	for (h = 0; h < nhosts; h++) {
		size_t n = 0;

		if (row->na[h])
			continue;
		for (k = 0; k < nhosts; k++)
			n += !row->na[k] && strcmp(row->cell[h], row->cell[k]) == 0;
		if (n > bestn) {
			bestn = n;
			best = h;
		}
	}
	for (h = 0; h < nhosts; h++) {
		row->diff[h] = !row->na[h] && strcmp(row->cell[h], row->cell[best]) != 0;
		any |= row->diff[h];
	}
	return any;
}

/* The keys whose values differ among the hosts, in the order the runs
 * first have them.  0, or -1 when out of memory (t freed). */
static int
ftable_build(const struct report *rep, struct ftable *t)
{
	size_t r, k, i, h;

	memset(t, 0, sizeof(*t));
	t->nhosts = rep->nhosts;
	for (r = 0; r < rep->nruns; r++) {
		const struct resfile_run *rf = &rep->runs[r].rf;

		for (k = 0; k < rf->nconfig; k++) {
			const char *key = rf->config[k].key;
			struct frow row, *p;

			if (skip_key(key))
				continue;
			for (i = 0; i < t->n && strcmp(t->rows[i].key, key) != 0; i++)
				;
			if (i < t->n)
				continue;
			/* (A key seen before but alike on every host is looked
			 * at again: cheap, and there are few.) */
			row.key = key;
			row.cell = calloc(t->nhosts, sizeof(*row.cell));
			row.diff = calloc(t->nhosts, sizeof(*row.diff));
			row.na = calloc(t->nhosts, sizeof(*row.na));
			if (row.cell == NULL || row.diff == NULL || row.na == NULL)
				goto oom_row;
			for (h = 0; h < t->nhosts; h++) {
				if ((row.cell[h] = host_value(rep, &rep->hosts[h], key)) == NULL)
					goto oom_row;
				row.na[h] = row.cell[h][0] == '\0';
			}
			if (!mark_diff(&row, t->nhosts)) {
				for (h = 0; h < t->nhosts; h++)
					free(row.cell[h]);
				free(row.cell);
				free(row.diff);
				free(row.na);
				continue;
			}
			if ((p = realloc(t->rows, (t->n + 1) * sizeof(*p))) == NULL)
				goto oom_row;
			t->rows = p;
			t->rows[t->n++] = row;
			continue;
oom_row:
			if (row.cell != NULL)
				for (h = 0; h < t->nhosts; h++)
					free(row.cell[h]);
			free(row.cell);
			free(row.diff);
			free(row.na);
			ftable_free(t);
			return -1;
		}
	}
	return 0;
}

/* Cell h of a row as Markdown and HTML show it: the value in full, "-"
 * for a host without the key. */
static const char *
full_cell(const struct frow *row, size_t h)
{
	return row->na[h] ? "-" : row->cell[h];
}

/* The number of blank-separated words of s. */
static size_t
nwords(const char *s)
{
	size_t n = 0;

	while (*s != '\0') {
		s += strspn(s, " ");
		if (*s == '\0')
			break;
		n++;
		s += strcspn(s, " ");
	}
	return n;
}

/* Is the word w (n bytes) one of the words of s? */
static int
has_word(const char *s, const char *w, size_t n)
{
	while (*s != '\0') {
		size_t m;

		s += strspn(s, " ");
		m = strcspn(s, " ");
		if (m == n && m > 0 && strncmp(s, w, n) == 0)
			return 1;
		s += m;
	}
	return 0;
}

/*
 * Cell h of a row as text shows it, into buf: "*" first when it differs;
 * a row with a long value shows each cell's words that not every host
 * has, with "..." for those left out; "-" for none.
 */
static void
text_cell(char *buf, size_t len, const struct frow *row, size_t h, size_t nhosts)
{
	const char *s = row->cell[h];
	size_t k, n, longest = 0;

	snprintf(buf, len, "%s", row->diff[h] ? "*" : "");
	n = strlen(buf);
	for (k = 0; k < nhosts; k++)
		if (!row->na[k] && nwords(row->cell[k]) > longest)
			longest = nwords(row->cell[k]);
	if (*s == '\0') {
		snprintf(buf + n, len - n, "-");
		return;
	}
	if (longest < LONG_WORDS) {
		snprintf(buf + n, len - n, "%s", s);
		return;
	}
	{
		int cut = 0, any = 0;

		while (*s != '\0' && n + 1 < len) {
			size_t m;
			int everywhere = 1;

			s += strspn(s, " ");
			if ((m = strcspn(s, " ")) == 0)
				break;
			for (k = 0; k < nhosts && everywhere; k++)
				everywhere = row->na[k] || has_word(row->cell[k], s, m);
			if (everywhere) {
				cut = 1;
			} else {
				n += (size_t)snprintf(buf + n, len - n, "%s%s%.*s", any ? " " : "",
						      cut ? "... " : "", (int)m, s);
				n = n < len ? n : len - 1;
				cut = 0;
				any = 1;
			}
			s += m;
		}
		if (cut && n + 1 < len)
			snprintf(buf + n, len - n, "%s...", any ? " " : "");
	}
}

/*
 * Line k of s wrapped into lines of at most w characters (a longer
 * word is cut), into buf; the number of lines s takes is returned.
 */
static size_t
wrap_line(char *buf, size_t len, const char *s, size_t w, size_t k)
{
	size_t line = 0, used = 0;

	buf[0] = '\0';
	while (*s != '\0') {
		size_t n;

		s += strspn(s, " ");
		if ((n = strcspn(s, " ")) == 0)
			break;
		while (n > 0) {
			/* (w characters, cut between two.) */
			size_t take = utf8_prefix(s, n, w), c = utf8_chars(s, take);

			if (used > 0 && used + 1 + c > w) {
				line++;
				used = 0;
			}
			if (line == k) {
				size_t at = strlen(buf);

				snprintf(buf + at, len > at ? len - at : 0, "%s%.*s", used ? " " : "",
					 (int)take, s);
			}
			used += (used ? 1 : 0) + c;
			s += take;
			n -= take;
		}
	}
	return used > 0 || line > 0 ? line + 1 : 1;
}

static void
dashes(FILE *f, size_t n)
{
	while (n-- > 0)
		fputc('-', f);
}

/* A line without its trailing blanks. */
/* The characters of s: the columns it takes in a table. */
static size_t
cols(const char *s)
{
	return utf8_chars(s, strlen(s));
}

/* s in a column of w characters: cut to w on a character boundary (a
 * host's name may be UTF-8), then padded with blanks; in buf. */
static const char *
col_text(char *buf, size_t len, const char *s, size_t w)
{
	size_t n = utf8_prefix(s, strlen(s), w), c = utf8_chars(s, n);

	snprintf(buf, len, "%.*s%*s", (int)n, s, (int)(w - c), "");
	return buf;
}

static void
put_line(FILE *f, char *line)
{
	size_t n = strlen(line);

	while (n > 0 && line[n - 1] == ' ')
		line[--n] = '\0';
	fprintf(f, "%s\n", line);
}

static void
text_hosts(const struct report *rep, const struct ftable *t, FILE *f)
{
	char buf[4096], line[4096], piece[256], cb[1024];
	size_t *w, key_w = 4, h, i, from, to;

	if ((w = calloc(t->nhosts, sizeof(*w))) == NULL)
		return;
	for (i = 0; i < t->n; i++)
		if (strlen(t->rows[i].key) > key_w)
			key_w = strlen(t->rows[i].key);
	key_w = key_w > KEY_W ? KEY_W : key_w;	/* a longer key goes on */
	for (h = 0; h < t->nhosts; h++) {
		w[h] = cols(rep->hosts[h].label);
		for (i = 0; i < t->n; i++) {
			size_t n;

			text_cell(buf, sizeof(buf), &t->rows[i], h, t->nhosts);
			n = cols(buf);
			if (n > w[h])
				w[h] = n;
		}
		w[h] = w[h] < 4 ? 4 : w[h] > CELL_W ? CELL_W : w[h];
	}
	fprintf(f, "Hosts - the fingerprints' keys whose values differ among the hosts\n");
	dashes(f, WIDTH - 2);
	fputc('\n', f);
	for (from = 0; from < t->nhosts; from = to) {
		size_t used = key_w;

		for (to = from; to < t->nhosts && (to == from || used + 2 + w[to] <= WIDTH); to++)
			used += 2 + w[to];
		if (from > 0)
			fprintf(f, "\nHosts (continued)\n");
		snprintf(line, sizeof(line), "%-*s", (int)key_w, "Key");
		for (h = from; h < to; h++)
			snprintf(line + strlen(line), sizeof(line) - strlen(line), "  %s",
				 col_text(cb, sizeof(cb), rep->hosts[h].label, w[h]));
		put_line(f, line);
		dashes(f, key_w);
		for (h = from; h < to; h++) {
			fputs("  ", f);
			dashes(f, w[h]);
		}
		fputc('\n', f);
		snprintf(line, sizeof(line), "%-*s", (int)key_w, "runs");
		for (h = from; h < to; h++)
			snprintf(line + strlen(line), sizeof(line) - strlen(line), "  %-*lu", (int)w[h],
				 (unsigned long)rep->hosts[h].n);
		put_line(f, line);
		for (i = 0; i < t->n; i++) {
			size_t nl = (strlen(t->rows[i].key) + key_w - 1) / key_w, k;

			for (h = from; h < to; h++) {
				size_t n;

				text_cell(buf, sizeof(buf), &t->rows[i], h, t->nhosts);
				n = wrap_line(piece, sizeof(piece), buf, w[h], 0);
				if (n > nl)
					nl = n;
			}
			if (nl > CELL_LINES)
				nl = CELL_LINES;
			if (nl == 0)
				nl = 1;
			for (k = 0; k < nl; k++) {
				size_t klen = strlen(t->rows[i].key);

				snprintf(line, sizeof(line), "%-*.*s", (int)key_w, (int)key_w,
					 k * key_w < klen ? t->rows[i].key + k * key_w : "");
				for (h = from; h < to; h++) {
					size_t n;

					text_cell(buf, sizeof(buf), &t->rows[i], h, t->nhosts);
					n = wrap_line(piece, sizeof(piece), buf, w[h], k);
					/* The last line shown of a longer cell says so. */
					if (k + 1 == CELL_LINES && n > CELL_LINES) {
						size_t pl = strlen(piece);

						if (cols(piece) + 4 > w[h])
							pl = utf8_prefix(piece, pl, w[h] > 4 ? w[h] - 4 : 0);
						snprintf(piece + pl, sizeof(piece) - pl, " ...");
					}
					snprintf(line + strlen(line), sizeof(line) - strlen(line), "  %s",
						 col_text(cb, sizeof(cb), piece, w[h]));
				}
				put_line(f, line);
			}
		}
	}
	fprintf(f, "*: differs from the value most hosts have (the first host's, on a tie);\n"
		"...: words every host's value has, left out; a / b: the host's runs differ.\n\n");
	free(w);
}

/* ---------------------------------------------------------------- across hosts */

struct across {
	const struct report_section *sec;
	const struct report_column *col;
	double *med;		/* per host: its runs' median; NaN: none */
	size_t *n;		/* per host: its runs with a value */
	size_t best, worst;
	double ratio;		/* worst / best */
};

/* A host left out of a column's ranking: its runs measured the column
 * otherwise than the reference run (another size, an emulated run). */
struct across_left {
	const struct report_section *sec;
	const struct report_column *col;
	size_t host;
	char why[96];
};

struct across_set {
	struct across *v;
	size_t n, nhosts;
	struct across_left *left;
	size_t nleft;
};

static void
across_free(struct across_set *a)
{
	size_t i;

	for (i = 0; i < a->n; i++) {
		free(a->v[i].med);
		free(a->v[i].n);
	}
	free(a->left);
	free(a->v);
	memset(a, 0, sizeof(*a));
}

/* A cell with a value to rank. */
static int
valued(const struct resfile_value *c)
{
	return c->present && !c->implausible && isfinite(c->value);
}

static int
cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return a < b ? -1 : a > b;
}

/*
 * The reference run of a column: the valued run comparable (the A/B's
 * rules: report_incomparable_runs) with the runs of the most hosts, the
 * first such on a tie; (size_t)-1 when no run has a value.
 */
static size_t
reference_run(const struct report *rep, size_t si, size_t ci)
{
	const struct report_column *col = &rep->secs[si].cols[ci];
	size_t r, h, i, best = (size_t)-1, most = 0;
	char why[96];

	for (r = 0; r < rep->nruns; r++) {
		size_t hosts = 0;

		if (!valued(&col->cells[r]))
			continue;
		for (h = 0; h < rep->nhosts; h++)
			for (i = 0; i < rep->hosts[h].n; i++) {
				size_t o = rep->hosts[h].runs[i];

				if (valued(&col->cells[o])
				    && !report_incomparable_runs(rep, si, ci, r, o, why, sizeof(why))) {
					hosts++;
					break;
				}
			}
		if (best == (size_t)-1 || hosts > most) {
			best = r;
			most = hosts;
		}
	}
	return best;
}

/* The columns with a direction that two or more hosts measured alike,
 * each with its best and worst host and the hosts left out.  0, or -1
 * when out of memory. */
static int
across_build(const struct report *rep, struct across_set *a)
{
	size_t si, ci, h, i;
	double *v;

	memset(a, 0, sizeof(*a));
	a->nhosts = rep->nhosts;
	if ((v = malloc((rep->nruns ? rep->nruns : 1) * sizeof(*v))) == NULL)
		return -1;
	for (si = 0; si < rep->nsecs; si++)
		for (ci = 0; ci < rep->secs[si].ncols; ci++) {
			const struct report_column *col = &rep->secs[si].cols[ci];
			struct across x, *p;
			size_t nvalued = 0, ref;

			if (col->m->better == METRIC_NEITHER || col->m->select == METRIC_CONFIG
			    || report_shown_before(rep, si, ci)
			    || (ref = reference_run(rep, si, ci)) == (size_t)-1)
				continue;
			memset(&x, 0, sizeof(x));
			x.sec = &rep->secs[si];
			x.col = col;
			x.med = malloc(a->nhosts * sizeof(*x.med));
			x.n = calloc(a->nhosts, sizeof(*x.n));
			if (x.med == NULL || x.n == NULL) {
				free(x.med);
				free(x.n);
				goto oom;
			}
			for (h = 0; h < a->nhosts; h++) {
				const struct report_host *host = &rep->hosts[h];
				size_t m = 0;
				char why[96] = "";

				for (i = 0; i < host->n; i++) {
					const struct resfile_value *c = &col->cells[host->runs[i]];
					char w[96];

					if (!valued(c))
						continue;
					/* Measured otherwise than the reference: not ranked. */
					if (report_incomparable_runs(rep, si, ci, ref, host->runs[i], w, sizeof(w))) {
						if (why[0] == '\0')
							snprintf(why, sizeof(why), "%s", w);
						continue;
					}
					v[m++] = c->value;
				}
				x.n[h] = m;
				/* A host some of whose runs are comparable is ranked by those. */
				if (why[0] != '\0' && m == 0) {
					struct across_left *l = realloc(a->left, (a->nleft + 1) * sizeof(*l));

					if (l == NULL) {
						free(x.med);
						free(x.n);
						goto oom;
					}
					a->left = l;
					l[a->nleft].sec = x.sec;
					l[a->nleft].col = col;
					l[a->nleft].host = h;
					snprintf(l[a->nleft].why, sizeof(l[a->nleft].why), "%s", why);
					a->nleft++;
				}
				if (m == 0) {
					x.med[h] = NAN;
					continue;
				}
				qsort(v, m, sizeof(*v), cmp_double);
				x.med[h] = m % 2 ? v[m / 2] : (v[m / 2 - 1] + v[m / 2]) / 2;
				if (nvalued++ == 0) {
					x.best = x.worst = h;
					continue;
				}
				/* Ties go to the host first seen. */
				if (col->m->better == METRIC_SMALLER ? x.med[h] < x.med[x.best]
								     : x.med[h] > x.med[x.best])
					x.best = h;
				if (col->m->better == METRIC_SMALLER ? x.med[h] > x.med[x.worst]
								     : x.med[h] < x.med[x.worst])
					x.worst = h;
			}
			if (nvalued < 2) {
				free(x.med);
				free(x.n);
				continue;
			}
			x.ratio = x.med[x.best] != 0 ? x.med[x.worst] / x.med[x.best] : NAN;
			if ((p = realloc(a->v, (a->n + 1) * sizeof(*p))) == NULL) {
				free(x.med);
				free(x.n);
				goto oom;
			}
			a->v = p;
			a->v[a->n++] = x;
		}
	free(v);
	return 0;
oom:
	free(v);
	across_free(a);
	return -1;
}

/*
 * The hosts left out of a column's ranking, a line per host and reason:
 * the columns (three at most by name, else their count).
 */
static void
text_left(const struct report *rep, const struct across_set *a, FILE *f)
{
	size_t i, j;

	if (a->nleft == 0)
		return;
	fprintf(f, "Left out of the ranking, measured otherwise than the rest (an A/B would\n"
		"call them not comparable):\n");
	for (i = 0; i < a->nleft; i++) {
		const struct across_left *x = &a->left[i];
		size_t n = 0, shown = 0;
		char line[512];
		int k;

		for (j = 0; j < i; j++)
			if (a->left[j].host == x->host && strcmp(a->left[j].why, x->why) == 0)
				break;
		if (j < i)
			continue;
		for (j = i; j < a->nleft; j++)
			n += a->left[j].host == x->host && strcmp(a->left[j].why, x->why) == 0;
		k = snprintf(line, sizeof(line), "  %s: %s:", rep->hosts[x->host].label, x->why);
		if (n > 3)
			snprintf(line + k, sizeof(line) - (size_t)k, " %lu columns", (unsigned long)n);
		else
			for (j = i; j < a->nleft && k > 0 && (size_t)k < sizeof(line); j++)
				if (a->left[j].host == x->host && strcmp(a->left[j].why, x->why) == 0)
					k += snprintf(line + k, sizeof(line) - (size_t)k, "%s %s %s",
						      shown++ ? "," : "", a->left[j].sec->s->id,
						      a->left[j].col->m->column);
		put_line(f, line);
	}
}

static void
text_across(const struct report *rep, const struct across_set *a, FILE *f)
{
	char x[32], y[32], r[32], line[1024], hb[512], hwst[512];
	size_t i, sw = 7, cw = 6, uw = 4, hw = 4, bw = 5, ww = 5;

	for (i = 0; i < a->n; i++) {
		const struct across *e = &a->v[i];
		size_t n;

		sw = strlen(e->sec->s->id) > sw ? strlen(e->sec->s->id) : sw;
		cw = strlen(e->col->m->column) > cw ? strlen(e->col->m->column) : cw;
		uw = strlen(e->col->m->display_unit) > uw ? strlen(e->col->m->display_unit) : uw;
		n = cols(rep->hosts[e->best].label);
		hw = n > hw ? n : hw;
		n = cols(rep->hosts[e->worst].label);
		hw = n > hw ? n : hw;
		n = strlen(report_value(x, sizeof(x), e->col->m, e->med[e->best]));
		bw = n > bw ? n : bw;
		n = strlen(report_value(x, sizeof(x), e->col->m, e->med[e->worst]));
		ww = n > ww ? n : ww;
	}
	cw = cw > 16 ? 16 : cw;
	uw = uw > 8 ? 8 : uw;
	hw = hw > HOST_W ? HOST_W : hw;
	fprintf(f, "Across hosts - the best and the worst host for each metric (each host's\n"
		"value: the median of its runs)\n");
	dashes(f, WIDTH - 2);
	fputc('\n', f);
	snprintf(line, sizeof(line), "%-*s %-*s %-*s %-*s %*s %-*s %*s %10s", (int)sw, "Section",
		 (int)cw, "Column", (int)uw, "Unit", (int)hw, "Best", (int)bw, "value", (int)hw,
		 "Worst", (int)ww, "value", "worst/best");
	put_line(f, line);
	snprintf(line, sizeof(line), "%.*s %.*s %.*s %.*s %.*s %.*s %.*s %.10s", (int)sw, DASHES,
		 (int)cw, DASHES, (int)uw, DASHES, (int)hw, DASHES, (int)bw, DASHES, (int)hw,
		 DASHES, (int)ww, DASHES, DASHES);
	put_line(f, line);
	for (i = 0; i < a->n; i++) {
		const struct across *e = &a->v[i];

		snprintf(line, sizeof(line), "%-*s %-*.*s %-*.*s %s %*s %s %*s %10s", (int)sw,
			 e->sec->s->id, (int)cw, (int)cw, e->col->m->column, (int)uw, (int)uw,
			 e->col->m->display_unit, col_text(hb, sizeof(hb), rep->hosts[e->best].label, hw),
			 (int)bw, report_value(x, sizeof(x), e->col->m, e->med[e->best]),
			 col_text(hwst, sizeof(hwst), rep->hosts[e->worst].label, hw), (int)ww,
			 report_value(y, sizeof(y), e->col->m, e->med[e->worst]),
			 isfinite(e->ratio) ? report_num(r, sizeof(r), e->ratio) : "-");
		put_line(f, line);
	}
	fprintf(f, "worst/best: the worst host's value over the best's (above 1 for a time,\n"
		"below 1 for a rate); a column only where two or more hosts have a value\n"
		"measured alike.\n");
	text_left(rep, a, f);
	fputc('\n', f);
}

void
fleet_text(const struct report *rep, FILE *f)
{
	struct ftable t;
	struct across_set a;

	if (!fleet_has_hosts(rep))
		return;
	/* Pairs made per host, none made: say why there is no A/B. */
	if (rep->want_ab && rep->pairs != NULL && rep->npairs == 0)
		fprintf(f, "No A/B comparison: runs are compared within each host, with its baseline,\n"
			"and no host has two runs (two sides, with --group-by) to compare; --base\n"
			"FILE compares every run, of any host, with one.\n\n");
	if (!rep->want_summary)
		return;
	if (ftable_build(rep, &t) == 0) {
		text_hosts(rep, &t, f);
		ftable_free(&t);
	}
	if (across_build(rep, &a) == 0) {
		if (a.n > 0)
			text_across(rep, &a, f);
		else if (a.nleft > 0) {
			text_left(rep, &a, f);
			fputc('\n', f);
		}
		across_free(&a);
	}
}

/* ---------------------------------------------------------------- markdown */

static void
md_cell(FILE *f, const char *s, int bold)
{
	fputs("| ", f);
	if (bold && *s != '\0')
		fputs("**", f);
	escape_markdown(f, s, 1);
	if (bold && *s != '\0')
		fputs("**", f);
	fputc(' ', f);
}

void
fleet_markdown(const struct report *rep, FILE *f)
{
	char x[32], y[32], r[32], n[32];
	struct ftable t;
	struct across_set a;
	size_t h, i;

	if (!fleet_has_hosts(rep) || !rep->want_summary)
		return;
	if (ftable_build(rep, &t) == 0) {
		fputs("### Hosts\n\n| key ", f);
		for (h = 0; h < t.nhosts; h++)
			md_cell(f, rep->hosts[h].label, 0);
		fputs("|\n|---", f);
		for (h = 0; h < t.nhosts; h++)
			fputs("|---", f);
		fputs("|\n| runs ", f);
		for (h = 0; h < t.nhosts; h++) {
			snprintf(n, sizeof(n), "%lu", (unsigned long)rep->hosts[h].n);
			md_cell(f, n, 0);
		}
		fputs("|\n", f);
		for (i = 0; i < t.n; i++) {
			md_cell(f, t.rows[i].key, 0);
			for (h = 0; h < t.nhosts; h++)
				md_cell(f, full_cell(&t.rows[i], h), t.rows[i].diff[h]);
			fputs("|\n", f);
		}
		fputs("\nBold: differs from the value most hosts have.\n\n", f);
		ftable_free(&t);
	}
	if (across_build(rep, &a) == 0) {
		if (a.n > 0) {
			fputs("### Across hosts\n\n| section | column | unit | best | value | worst | value "
			      "| worst/best |\n|---|---|---|---|---:|---|---:|---:|\n", f);
			for (i = 0; i < a.n; i++) {
				const struct across *e = &a.v[i];

				md_cell(f, e->sec->s->id, 0);
				md_cell(f, e->col->m->column, 0);
				md_cell(f, e->col->m->display_unit, 0);
				md_cell(f, rep->hosts[e->best].label, 0);
				md_cell(f, report_value(x, sizeof(x), e->col->m, e->med[e->best]), 0);
				md_cell(f, rep->hosts[e->worst].label, 0);
				md_cell(f, report_value(y, sizeof(y), e->col->m, e->med[e->worst]), 0);
				md_cell(f, isfinite(e->ratio) ? report_num(r, sizeof(r), e->ratio) : "-", 0);
				fputs("|\n", f);
			}
			fputc('\n', f);
		}
		if (a.nleft > 0) {
			fputs("Left out of the ranking, measured otherwise than the rest:\n\n", f);
			for (i = 0; i < a.nleft; i++) {
				fputs("- ", f);
				escape_markdown(f, a.left[i].sec->s->id, 0);
				fputc(' ', f);
				escape_markdown(f, a.left[i].col->m->column, 0);
				fputs(": ", f);
				escape_markdown(f, rep->hosts[a.left[i].host].label, 0);
				fputs(": ", f);
				escape_markdown(f, a.left[i].why, 0);
				fputc('\n', f);
			}
			fputc('\n', f);
		}
		across_free(&a);
	}
}

/* ---------------------------------------------------------------- HTML */

/* Text from the files as HTML text (escape.h): no tag, no entity, no
 * script reaches the page. */
static void
html_text(FILE *f, const char *s)
{
	escape_html(f, s);
}

void
fleet_host_table_html(const struct report *rep, FILE *f)
{
	struct ftable t;
	size_t h, i;

	if (!fleet_has_hosts(rep) || ftable_build(rep, &t) != 0)
		return;
	fputs("<table class=\"hosts\">\n<thead><tr><th>key</th>", f);
	for (h = 0; h < t.nhosts; h++) {
		fputs("<th>", f);
		html_text(f, rep->hosts[h].label);
		fputs("</th>", f);
	}
	fputs("</tr></thead>\n<tbody>\n<tr><th>runs</th>", f);
	for (h = 0; h < t.nhosts; h++)
		fprintf(f, "<td>%lu</td>", (unsigned long)rep->hosts[h].n);
	fputs("</tr>\n", f);
	for (i = 0; i < t.n; i++) {
		fputs("<tr><th>", f);
		html_text(f, t.rows[i].key);
		fputs("</th>", f);
		for (h = 0; h < t.nhosts; h++) {
			fputs(t.rows[i].diff[h] ? "<td class=\"diff\">" : "<td>", f);
			html_text(f, full_cell(&t.rows[i], h));
			fputs("</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</tbody>\n</table>\n", f);
	ftable_free(&t);
}

void
fleet_across_html(const struct report *rep, FILE *f)
{
	char x[32], y[32], r[32];
	struct across_set a;
	size_t i;

	if (!fleet_has_hosts(rep) || across_build(rep, &a) != 0)
		return;
	if (a.n > 0) {
		fputs("<table class=\"across\">\n<thead><tr><th>section</th><th>column</th><th>unit</th>"
		      "<th>best</th><th>value</th><th>worst</th><th>value</th><th>worst/best</th>"
		      "</tr></thead>\n<tbody>\n", f);
		for (i = 0; i < a.n; i++) {
			const struct across *e = &a.v[i];

			fputs("<tr><td>", f);
			html_text(f, e->sec->s->id);
			fputs("</td><td>", f);
			html_text(f, e->col->m->column);
			fputs("</td><td>", f);
			html_text(f, e->col->m->display_unit);
			fputs("</td><td>", f);
			html_text(f, rep->hosts[e->best].label);
			fprintf(f, "</td><td>%s</td><td>", report_value(x, sizeof(x), e->col->m, e->med[e->best]));
			html_text(f, rep->hosts[e->worst].label);
			fprintf(f, "</td><td>%s</td><td>%s</td></tr>\n",
				report_value(y, sizeof(y), e->col->m, e->med[e->worst]),
				isfinite(e->ratio) ? report_num(r, sizeof(r), e->ratio) : "-");
		}
		fputs("</tbody>\n</table>\n", f);
	}
	if (a.nleft > 0) {
		fputs("<p>Left out of the ranking, measured otherwise than the rest:</p>\n<ul class=\"left\">\n", f);
		for (i = 0; i < a.nleft; i++) {
			fputs("<li>", f);
			html_text(f, a.left[i].sec->s->id);
			fputc(' ', f);
			html_text(f, a.left[i].col->m->column);
			fputs(": ", f);
			html_text(f, rep->hosts[a.left[i].host].label);
			fputs(": ", f);
			html_text(f, a.left[i].why);
			fputs("</li>\n", f);
		}
		fputs("</ul>\n", f);
	}
	across_free(&a);
}

/* ---------------------------------------------------------------- CSV and JSON */

static void
csv_field(FILE *f, const char *s, int last)
{
	escape_csv(f, s != NULL ? s : "");
	fputc(last ? '\n' : ',', f);
}

void
fleet_csv(const struct report *rep, FILE *f)
{
	char col[256], v[48], n[24], d[48], why[64];
	struct across_set a;
	size_t i, h, k;

	if (!fleet_has_hosts(rep) || !rep->want_summary || across_build(rep, &a) != 0)
		return;
	for (i = 0; i < a.n; i++) {
		const struct across *e = &a.v[i];

		snprintf(col, sizeof(col), "%s: %s", e->sec->s->id, e->col->m->column);
		for (h = 0; h < a.nhosts; h++) {
			if (isnan(e->med[h]))
				continue;
			report_num_sig(v, sizeof(v), e->med[h], 6);
			snprintf(n, sizeof(n), "%lu", (unsigned long)e->n[h]);
			d[0] = why[0] = '\0';
			if (e->med[e->best] != 0)
				snprintf(d, sizeof(d), "%.2f", 100 * (e->med[h] / e->med[e->best] - 1));
			if (h == e->worst && isfinite(e->ratio)) {
				char r[32];

				snprintf(why, sizeof(why), "worst/best %s", report_num_sig(r, sizeof(r), e->ratio, 4));
			}
			csv_field(f, "", 0);				/* run */
			csv_field(f, "", 0);				/* file */
			csv_field(f, rep->hosts[h].label, 0);		/* host */
			csv_field(f, "", 0);				/* note */
			csv_field(f, "hosts", 0);
			csv_field(f, col, 0);
			csv_field(f, e->col->m->display_unit, 0);
			csv_field(f, v, 0);
			csv_field(f, n, 0);
			for (k = 0; k < 3; k++)				/* ci_lo, ci_hi, ci_level */
				csv_field(f, "", 0);
			csv_field(f, metric_better_name(e->col->m->better), 0);
			csv_field(f, "", 0);				/* base */
			csv_field(f, "", 0);				/* units */
			csv_field(f, d, 0);				/* delta_pct: against the best */
			for (k = 0; k < 7; k++)				/* change_lo .. significant */
				csv_field(f, "", 0);
			csv_field(f, h == e->best ? "best" : h == e->worst ? "worst" : "", 0);
			csv_field(f, why, 1);
		}
	}
	for (i = 0; i < a.nleft; i++) {
		snprintf(col, sizeof(col), "%s: %s", a.left[i].sec->s->id, a.left[i].col->m->column);
		for (k = 0; k < 2; k++)					/* run, file */
			csv_field(f, "", 0);
		csv_field(f, rep->hosts[a.left[i].host].label, 0);	/* host */
		csv_field(f, "", 0);					/* note */
		csv_field(f, "hosts", 0);
		csv_field(f, col, 0);
		csv_field(f, a.left[i].col->m->display_unit, 0);
		for (k = 0; k < 5; k++)					/* value .. ci_level */
			csv_field(f, "", 0);
		csv_field(f, metric_better_name(a.left[i].col->m->better), 0);
		for (k = 0; k < 10; k++)				/* base .. significant */
			csv_field(f, "", 0);
		csv_field(f, "incomparable", 0);
		csv_field(f, a.left[i].why, 1);
	}
	across_free(&a);
}

void
fleet_json(const struct report *rep, FILE *f)
{
	struct ftable t;
	struct across_set a;
	size_t h, i;

	if (!fleet_has_hosts(rep))
		return;
	fputs("  \"hosts\": [\n", f);
	for (h = 0; h < rep->nhosts; h++) {
		const struct report_host *host = &rep->hosts[h];

		fputs("    {\"label\": ", f);
		export_json_str(f, host->label);
		fputs(", \"name\": ", f);
		export_json_str(f, host->name);
		fputs(", \"arch\": ", f);
		export_json_str(f, host->arch);
		fputs(", \"cpu\": ", f);
		export_json_str(f, host->cpu);
		fputs(", \"runs\": [", f);
		for (i = 0; i < host->n; i++)
			fprintf(f, "%s%d", i ? ", " : "", rep->runs[host->runs[i]].id);
		fprintf(f, "]}%s\n", h + 1 < rep->nhosts ? "," : "");
	}
	fputs("  ],\n", f);
	if (ftable_build(rep, &t) == 0) {
		fputs("  \"host_table\": [\n", f);
		for (i = 0; i < t.n; i++) {
			fputs("    {\"key\": ", f);
			export_json_str(f, t.rows[i].key);
			fputs(", \"values\": [", f);
			for (h = 0; h < t.nhosts; h++) {
				fputs(h ? ", " : "", f);
				if (t.rows[i].na[h])
					fputs("null", f);
				else
					export_json_str(f, t.rows[i].cell[h]);
			}
			fputs("], \"differs\": [", f);
			for (h = 0; h < t.nhosts; h++)
				fprintf(f, "%s%s", h ? ", " : "", t.rows[i].diff[h] ? "true" : "false");
			fprintf(f, "]}%s\n", i + 1 < t.n ? "," : "");
		}
		fputs("  ],\n", f);
		ftable_free(&t);
	}
	if (!rep->want_summary || across_build(rep, &a) != 0)
		return;
	fputs("  \"across_hosts\": [\n", f);
	for (i = 0; i < a.n; i++) {
		const struct across *e = &a.v[i];

		fputs("    {\"section\": ", f);
		export_json_str(f, e->sec->s->id);
		fputs(", \"column\": ", f);
		export_json_str(f, e->col->m->column);
		fputs(", \"unit\": ", f);
		export_json_str(f, e->col->m->display_unit);
		fputs(", \"better\": ", f);
		export_json_str(f, metric_better_name(e->col->m->better));
		fputs(",\n     \"medians\": [", f);
		for (h = 0; h < a.nhosts; h++) {
			fputs(h ? ", " : "", f);
			export_json_num(f, e->med[h]);
		}
		fputs("], \"best\": ", f);
		export_json_str(f, rep->hosts[e->best].label);
		fputs(", \"best_value\": ", f);
		export_json_num(f, e->med[e->best]);
		fputs(", \"worst\": ", f);
		export_json_str(f, rep->hosts[e->worst].label);
		fputs(", \"worst_value\": ", f);
		export_json_num(f, e->med[e->worst]);
		fputs(", \"worst_over_best\": ", f);
		export_json_num(f, e->ratio);
		fprintf(f, "}%s\n", i + 1 < a.n ? "," : "");
	}
	fputs("  ],\n  \"left_out_of_ranking\": [\n", f);
	for (i = 0; i < a.nleft; i++) {
		fputs("    {\"section\": ", f);
		export_json_str(f, a.left[i].sec->s->id);
		fputs(", \"column\": ", f);
		export_json_str(f, a.left[i].col->m->column);
		fputs(", \"host\": ", f);
		export_json_str(f, rep->hosts[a.left[i].host].label);
		fputs(", \"why\": ", f);
		export_json_str(f, a.left[i].why);
		fprintf(f, "}%s\n", i + 1 < a.nleft ? "," : "");
	}
	fputs("  ],\n", f);
	across_free(&a);
}
