/*
 * text_fleet: the hosts of a fleet as text (see text_fleet.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/utf8.h"
#include "format.h"
#include "model/fleet.h"
#include "model/num.h"
#include "model/report.h"
#include "text_fleet.h"

#define WIDTH 100		/* a text table at most */
#define KEY_W 24		/* the key column at most */
#define CELL_W 26		/* a host's column at most */
#define CELL_LINES 5		/* lines of a wrapped cell at most */
#define LONG_WORDS 4		/* a value of this many words is shown by its differences */
#define HOST_W 16		/* a host's label in "Across hosts" at most */
#define DASHES "--------------------------------------------------------------------------------"

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
text_cell(char *buf, size_t len, const struct fleet_row *row, size_t h, size_t nhosts)
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

/* s in a column of w characters: cut to w on a character boundary (a
 * host's name may be UTF-8), then padded with blanks; in buf. */
static const char *
col_text(char *buf, size_t len, const char *s, size_t w)
{
	size_t n = utf8_prefix(s, strlen(s), w), c = utf8_chars(s, n);

	snprintf(buf, len, "%.*s%*s", (int)n, s, (int)(w - c), "");
	return buf;
}

/* A line without its trailing blanks. */
static void
put_line(FILE *f, char *line)
{
	size_t n = strlen(line);

	while (n > 0 && line[n - 1] == ' ')
		line[--n] = '\0';
	fprintf(f, "%s\n", line);
}

static void
text_hosts(const struct report *rep, const struct fleet_table *t, FILE *f)
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
		w[h] = format_cols(rep->hosts[h].label);
		for (i = 0; i < t->n; i++) {
			size_t n;

			text_cell(buf, sizeof(buf), &t->rows[i], h, t->nhosts);
			n = format_cols(buf);
			if (n > w[h])
				w[h] = n;
		}
		w[h] = w[h] < 4 ? 4 : w[h] > CELL_W ? CELL_W : w[h];
	}
	fprintf(f, "Hosts - the fingerprints' keys whose values differ among the hosts\n");
	format_dashes(f, WIDTH - 2);
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
		format_dashes(f, key_w);
		for (h = from; h < to; h++) {
			fputs("  ", f);
			format_dashes(f, w[h]);
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

						if (format_cols(piece) + 4 > w[h])
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

/*
 * The hosts left out of a column's ranking, a line per host and reason:
 * the columns (three at most by name, else their count).
 */
static void
text_left(const struct report *rep, const struct fleet_across *a, FILE *f)
{
	size_t i, j;

	if (a->nleft == 0)
		return;
	fprintf(f, "Left out of the ranking, measured otherwise than the rest (an A/B would\n"
		"call them not comparable):\n");
	for (i = 0; i < a->nleft; i++) {
		const struct fleet_left *x = &a->left[i];
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
text_across(const struct report *rep, const struct fleet_across *a, FILE *f)
{
	char x[32], y[32], r[32], line[1024], hb[512], hwst[512];
	size_t i, sw = 7, cw = 6, uw = 4, hw = 4, bw = 5, ww = 5;

	for (i = 0; i < a->n; i++) {
		const struct fleet_rank *e = &a->v[i];
		size_t n;

		sw = strlen(e->sec->s->id) > sw ? strlen(e->sec->s->id) : sw;
		cw = strlen(e->col->m->column) > cw ? strlen(e->col->m->column) : cw;
		uw = strlen(e->col->m->display_unit) > uw ? strlen(e->col->m->display_unit) : uw;
		n = format_cols(rep->hosts[e->best].label);
		hw = n > hw ? n : hw;
		n = format_cols(rep->hosts[e->worst].label);
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
		"value: the median of its runs; worst speed: bigger is better)\n");
	format_dashes(f, WIDTH - 2);
	fputc('\n', f);
	snprintf(line, sizeof(line), "%-*s %-*s %-*s %-*s %*s %-*s %*s %11s", (int)sw, "Section",
		 (int)cw, "Column", (int)uw, "Unit", (int)hw, "Best", (int)bw, "value", (int)hw,
		 "Worst", (int)ww, "value", "worst speed");
	put_line(f, line);
	snprintf(line, sizeof(line), "%.*s %.*s %.*s %.*s %.*s %.*s %.*s %.11s", (int)sw, DASHES,
		 (int)cw, DASHES, (int)uw, DASHES, (int)hw, DASHES, (int)bw, DASHES, (int)hw,
		 DASHES, (int)ww, DASHES, DASHES);
	put_line(f, line);
	for (i = 0; i < a->n; i++) {
		const struct fleet_rank *e = &a->v[i];

		format_ratio(r, sizeof(r), e->speed);
		snprintf(line, sizeof(line), "%-*s %-*.*s %-*.*s %s %*s %s %*s %*s%s", (int)sw,
			 e->sec->s->id, (int)cw, (int)cw, e->col->m->column, (int)uw, (int)uw,
			 e->col->m->display_unit, col_text(hb, sizeof(hb), rep->hosts[e->best].label, hw),
			 (int)bw, report_value(x, sizeof(x), e->col->m, e->med[e->best]),
			 col_text(hwst, sizeof(hwst), rep->hosts[e->worst].label, hw), (int)ww,
			 report_value(y, sizeof(y), e->col->m, e->med[e->worst]),
			 (int)(11 - (format_cols(r) < 11 ? format_cols(r) : 11)), "", r);
		put_line(f, line);
	}
	fprintf(f, "worst speed: how fast the worst host is against the best (the best's time over\n"
		"the worst's, the worst's rate over the best's): bigger is better on every row, "
		FORMAT_TIMES "1 as\nfast as the best; a column only where two or more hosts have a value measured alike.\n");
	text_left(rep, a, f);
	fputc('\n', f);
}

void
text_fleet(const struct report *rep, FILE *f)
{
	const struct fleet_table *t;
	const struct fleet_across *a;

	if (!fleet_has_hosts(rep))
		return;
	/* Pairs made per host, none made: say why there is no A/B. */
	if (rep->want_ab && rep->pairs != NULL && rep->npairs == 0)
		fprintf(f, "No A/B comparison: runs are compared within each host, with its baseline,\n"
			"and no host has two runs (two sides, with --group-by) to compare; --base\n"
			"FILE compares every run, of any host, with one.\n\n");
	if (!rep->want_summary)
		return;
	t = &rep->fleet->table;
	text_hosts(rep, t, f);
	a = &rep->fleet->across;
	if (a->n > 0)
		text_across(rep, a, f);
	else if (a->nleft > 0) {
		text_left(rep, a, f);
		fputc('\n', f);
	}
}
