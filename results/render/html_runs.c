/*
 * html_runs: the runs on the page, their reliability notes and their
 * fingerprints, each folded (see html_int.h).
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "format.h"
#include "html_int.h"
#include "model/hosts.h"
#include "model/report.h"
#include "read/resfile.h"

/* ---------------------------------------------------------------- runs */

void
html_runs(FILE *f, const struct report *rep)
{
	size_t i, k;

	fprintf(f, "<details id=\"runs\"><summary>Runs (%lu)</summary>\n<table class=\"runs\">\n<tr>",
		(unsigned long)rep->nruns);
	html_head_cell(f, "Run");
	html_head_cell(f, "#");
	html_head_cell(f, "File");
	html_head_cell(f, "Host");
	html_head_cell(f, "OS");
	html_head_cell(f, "Note");
	html_head_cell(f, "Tags");
	html_head_cell(f, "Reliability notes");
	fputs("</tr>\n", f);
	for (i = 0; i < rep->nruns; i++) {
		const struct report_run *r = &rep->runs[i];
		char id[16];
		int ntags = 0;

		snprintf(id, sizeof(id), "[%d]", r->id);
		fputs("<tr>", f);
		html_cell(f, "k", r->label);
		html_cell(f, "k", id);
		html_cell(f, NULL, r->file);
		html_cell(f, NULL, r->host);
		html_cell(f, NULL, r->rf.format == RESFILE_LMBENCH3 ? "lmbench3" : r->os);
		html_cell(f, NULL, format_run_note(r));
		fputs("<td>", f);
		for (k = 0; k < r->rf.nconfig; k++)
			if (strncmp(r->rf.config[k].key, "tag-", 4) == 0) {
				if (ntags++)
					fputc(' ', f);
				escape_html(f, r->rf.config[k].key + 4);
				fputc('=', f);
				escape_html(f, r->rf.config[k].value);
			}
		fputs("</td><td>", f);
		if (r->rf.nflags > 0)
			fprintf(f, "<a href=\"#notes\">%lu</a>", (unsigned long)r->rf.nflags);
		if (r->rf.nresults == 0)
			fputs(r->rf.nflags ? "; no results" : "no results", f);
		fputs("</td></tr>\n", f);
	}
	fputs("</table>\n</details>\n", f);
}

/* ---------------------------------------------------------------- notes */

/*
 * A run's flag split into its case ("bw_mem 128m frd", as the suite
 * labels it) and its message, or the whole a message of the run.
 * Messages that differ only in their figures are one note, each figure
 * that differs shown as the range of its values.
 */
struct note {
	size_t run;
	const char *label;	/* the case's label in the flag, or NULL */
	size_t llen;
	const char *msg;
	size_t count;		/* how many times it was raised */
	size_t group;		/* index of the first note of its group */
};

/* The length of the case label that flag starts with ("LABEL: "), or 0. */
static size_t
case_prefix(const struct resfile_run *rf, const char *flag)
{
	size_t c, bl, al;

	for (c = 0; c < rf->ncases; c++) {
		const char *b = rf->cases[c].bench, *a = rf->cases[c].args;

		if (b == NULL || strncmp(flag, b, bl = strlen(b)) != 0)
			continue;
		if (a != NULL && a[0] != '\0' && strcmp(a, "none") != 0) {
			al = strlen(a);
			if (flag[bl] == ' ' && strncmp(flag + bl + 1, a, al) == 0
			    && strncmp(flag + bl + 1 + al, ": ", 2) == 0)
				return bl + 1 + al;
		} else if (strncmp(flag + bl, ": ", 2) == 0)
			return bl;
	}
	return 0;
}

/* Whether s[i] starts a figure: a digit that ends no word. */
static int
figure_at(const char *s, size_t i)
{
	return isdigit((unsigned char)s[i])
	       && (i == 0 || !(isalnum((unsigned char)s[i - 1]) || s[i - 1] == '_' || s[i - 1] == '.'));
}

/* The length of the figure at s: digits, a point and digits. */
static size_t
figure_len(const char *s)
{
	size_t n = strspn(s, "0123456789");

	if (s[n] == '.' && isdigit((unsigned char)s[n + 1]))
		n += 1 + strspn(s + n + 1, "0123456789");
	return n;
}

/* Whether a and b differ only in their figures. */
static int
same_but_figures(const char *a, const char *b)
{
	size_t i = 0, j = 0;

	while (a[i] != '\0' && b[j] != '\0') {
		int fa = figure_at(a, i), fb = figure_at(b, j);

		if (fa != fb)
			return 0;
		if (fa) {
			i += figure_len(a + i);
			j += figure_len(b + j);
		} else if (a[i++] != b[j++])
			return 0;
	}
	return a[i] == b[j];
}

/* Figure k of s: where it starts, its length; NULL when s has fewer. */
static const char *
figure_k(const char *s, size_t k, size_t *len)
{
	size_t i;

	for (i = 0; s[i] != '\0'; i++)
		if (figure_at(s, i)) {
			*len = figure_len(s + i);
			if (k-- == 0)
				return s + i;
			i += *len - 1;
		}
	return NULL;
}

/* A group's message: the first note's text, each figure that differs
 * among the group's notes as "LOW .. HIGH". */
static void
note_text(FILE *f, const struct note *v, size_t n, size_t g)
{
	const char *s = v[g].msg;
	size_t i = 0, k = 0, j;

	while (s[i] != '\0') {
		const char *lo, *hi;
		size_t len, lol, hil;

		if (!figure_at(s, i)) {
			/* The text up to the next figure, whole: a character
			 * of several bytes ("±") is escaped as one. */
			size_t e = i + 1;
			char *t;

			while (s[e] != '\0' && !figure_at(s, e))
				e++;
			if ((t = malloc(e - i + 1)) == NULL)
				return;
			memcpy(t, s + i, e - i);
			t[e - i] = '\0';
			escape_html(f, t);
			free(t);
			i = e;
			continue;
		}
		len = figure_len(s + i);
		lo = hi = s + i;
		lol = hil = len;
		for (j = g + 1; j < n; j++) {
			const char *o;
			size_t ol;

			if (v[j].group != g || (o = figure_k(v[j].msg, k, &ol)) == NULL)
				continue;
			if (strtod(o, NULL) < strtod(lo, NULL))
				lo = o, lol = ol;
			if (strtod(o, NULL) > strtod(hi, NULL))
				hi = o, hil = ol;
		}
		fprintf(f, "%.*s", (int)lol, lo);
		if (hi != lo && strtod(hi, NULL) != strtod(lo, NULL))
			fprintf(f, " .. %.*s", (int)hil, hi);
		i += len;
		k++;
	}
}

/* Whether notes x and y are of one run and one case. */
static int
same_case(const struct note *x, const struct note *y)
{
	return x->run == y->run && x->label != NULL && y->label != NULL && x->llen == y->llen
	       && strncmp(x->label, y->label, x->llen) == 0;
}

/* Note i is the first of its group g with its run and case. */
static int
first_case(const struct note *v, size_t g, size_t i)
{
	size_t j;

	for (j = g; j < i; j++)
		if (v[j].group == g && same_case(&v[j], &v[i]))
			return 0;
	return 1;
}

/* Where a group's notes apply: per run "[id]" and its cases, each once
 * (with how many times it was raised, where more than once), the cases
 * folded when there are many. */
static void
note_where(FILE *f, const struct report *rep, const struct note *v, size_t n, size_t g)
{
	size_t i, j, k, runs = 0;

	for (i = g; i < n; i++) {
		size_t ncases = 0, shown = 0;

		if (v[i].group != g)
			continue;
		for (j = g; j < i && !(v[j].group == g && v[j].run == v[i].run); j++)
			;
		if (j < i)
			continue;	/* the run is listed already */
		for (j = i; j < n; j++)
			ncases += v[j].group == g && v[j].run == v[i].run && v[j].label != NULL
				  && first_case(v, g, j);
		fprintf(f, "%s[%d]", runs++ ? "<br>" : "", rep->runs[v[i].run].id);
		if (ncases == 0)
			continue;
		if (ncases > 8)
			fprintf(f, " <details class=\"cases\"><summary>%lu cases</summary>", (unsigned long)ncases);
		for (j = i; j < n; j++) {
			size_t count = 0;
			char *lab;

			if (v[j].group != g || v[j].run != v[i].run || v[j].label == NULL
			    || !first_case(v, g, j))
				continue;
			for (k = j; k < n; k++)
				if (v[k].group == g && same_case(&v[k], &v[j]))
					count += v[k].count;
			if ((lab = malloc(v[j].llen + 1)) == NULL)
				break;
			memcpy(lab, v[j].label, v[j].llen);
			lab[v[j].llen] = '\0';
			fputs(shown++ ? ", " : " ", f);
			escape_html(f, lab);
			free(lab);
			if (count > 1)
				fprintf(f, " (%lu)", (unsigned long)count);
		}
		if (ncases > 8)
			fputs("</details>", f);
	}
}

void
html_notes(FILE *f, const struct report *rep)
{
	struct note *v;
	size_t i, k, j, n = 0, ngroups = 0;

	for (i = 0; i < rep->nruns; i++)
		n += rep->runs[i].rf.nflags;
	if (n == 0) {
		fputs("<details id=\"notes\"><summary>Reliability notes: none</summary>\n"
		      "<p>No run has a note on its reliability.</p>\n</details>\n", f);
		return;
	}
	if ((v = calloc(n, sizeof(*v))) == NULL) {
		fputs("<p>(out of memory)</p>\n", f);
		return;
	}
	n = 0;
	for (i = 0; i < rep->nruns; i++)
		for (k = 0; k < rep->runs[i].rf.nflags; k++) {
			const char *fl = rep->runs[i].rf.flags[k];
			size_t pl = case_prefix(&rep->runs[i].rf, fl);

			v[n].run = i;
			v[n].label = pl > 0 ? fl : NULL;
			v[n].llen = pl;
			v[n].msg = pl > 0 ? fl + pl + 2 : fl;
			v[n].count = rep->runs[i].rf.flag_counts[k];
			for (j = 0; j < n && !(v[j].group == j && same_but_figures(v[j].msg, v[n].msg)); j++)
				;
			v[n].group = j < n ? j : n;
			ngroups += v[n].group == n;
			n++;
		}
	fprintf(f, "<details id=\"notes\"><summary>Reliability notes: %lu distinct (of %lu "
		"raised)</summary>\n<table class=\"notes\">\n<tr>", (unsigned long)ngroups, (unsigned long)n);
	html_head_cell(f, "note");
	html_head_cell(f, "runs and cases");
	fputs("</tr>\n", f);
	for (i = 0; i < n; i++) {
		if (v[i].group != i)
			continue;
		fputs("<tr><td>", f);
		note_text(f, v, n, i);
		fputs("</td><td>", f);
		note_where(f, rep, v, n, i);
		fputs("</td></tr>\n", f);
	}
	fputs("</table>\n</details>\n", f);
	free(v);
}

/* ---------------------------------------------------------------- fingerprints */

/* Whether word w (n bytes) is one of the blank-separated words of s. */
static int
has_word(const char *s, const char *w, size_t n)
{
	while (s != NULL && *s != '\0') {
		size_t m = strcspn(s, " ");

		if (m == n && strncmp(s, w, n) == 0)
			return 1;
		s += m;
		s += strspn(s, " ");
	}
	return 0;
}

/*
 * A fingerprint value that differs from the first run's: a value of
 * several words (a command line, a module list) with the words the
 * first run's value lacks marked, so that the one changed parameter of
 * a long line stands out.
 */
static void
fp_cell(FILE *f, const char *v, const char *base)
{
	const char *p = v;

	fputs("<td class=\"diff\">", f);
	if (v == NULL) {
		fputs("(none)</td>", f);
		return;
	}
	if (base == NULL || strchr(v, ' ') == NULL) {
		escape_html(f, v);
		fputs("</td>", f);
		return;
	}
	while (*p != '\0') {
		size_t n = strcspn(p, " ");
		char *w = malloc(n + 1);

		if (w == NULL)
			break;
		memcpy(w, p, n);
		w[n] = '\0';
		if (!has_word(base, p, n)) {
			fputs("<mark>", f);
			escape_html(f, w);
			fputs("</mark>", f);
		} else {
			escape_html(f, w);
		}
		free(w);
		p += n;
		if (*p == ' ')
			fputc(' ', f);
		p += strspn(p, " ");
	}
	fputs("</td>", f);
}

static int
fp_differ(const char *v, const char *base)
{
	return (v == NULL) != (base == NULL) || (v != NULL && strcmp(v, base) != 0);
}

/*
 * Key k of run i, where no run before it has the key: its table (0 the
 * runs differ, 1 a per-run key, 2 the same in every run); -1 where an
 * earlier run has it (its row is that run's).
 */
static int
fp_pass(const struct report *rep, size_t i, size_t k)
{
	const char *key = rep->runs[i].rf.config[k].key;
	const char *base = resfile_fingerprint(&rep->runs[0].rf, key);
	int differ = 0;
	size_t j;

	for (j = 0; j < i; j++)
		if (resfile_fingerprint(&rep->runs[j].rf, key) != NULL)
			return -1;
	for (j = 0; j < rep->nruns; j++)
		differ |= fp_differ(resfile_fingerprint(&rep->runs[j].rf, key), base);
	return report_key_per_run(key) ? 1 : differ ? 0 : 2;
}

/*
 * The runs' fingerprints side by side: a row per key any run has, a
 * column per run; the rows where the runs differ first, their cells
 * that differ from the first run's highlighted; then the keys that say
 * something of one run rather than of the machine (report_key_per_run:
 * the date, the load; never highlighted); then the rest, the same in
 * every run.
 */
void
html_fingerprints(FILE *f, const struct report *rep)
{
	size_t i, k, j, pass, ndiff = 0, nrows;

	/* The keys that differ, for the summary line. */
	for (i = 0; i < rep->nruns; i++)
		for (k = 0; k < rep->runs[i].rf.nconfig; k++)
			ndiff += fp_pass(rep, i, k) == 0;
	fprintf(f, "<details id=\"fingerprints\"><summary>Fingerprints: %lu key%s differ%s</summary>\n",
		(unsigned long)ndiff, ndiff == 1 ? "" : "s", ndiff == 1 ? "s" : "");
	for (pass = 0; pass < 3; pass++) {
		if (pass == 0)
			fputs("<p>Where the runs differ (highlighted: not as in the first run):</p>\n", f);
		else if (pass == 1)
			fputs("<p>What says something of one run rather than of the machine (the "
			      "date, the load, the side of an A/B): never a difference.</p>\n", f);
		else
			fputs("<details><summary>The same in every run</summary>\n", f);
		fputs("<table class=\"fp\">\n<tr>", f);
		html_head_cell(f, "key");
		for (i = 0; i < rep->nruns; i++)
			html_head_cell(f, rep->runs[i].label);
		fputs("</tr>\n", f);
		nrows = 0;
		for (i = 0; i < rep->nruns; i++)
			for (k = 0; k < rep->runs[i].rf.nconfig; k++) {
				const char *key = rep->runs[i].rf.config[k].key;
				const char *base = resfile_fingerprint(&rep->runs[0].rf, key);

				if (fp_pass(rep, i, k) != (int)pass)
					continue;
				nrows++;
				fputs("<tr>", f);
				html_cell(f, "k", key);
				for (j = 0; j < rep->nruns; j++) {
					const char *v = resfile_fingerprint(&rep->runs[j].rf, key);

					if (pass == 0 && j > 0 && fp_differ(v, base))
						fp_cell(f, v, base);
					else
						html_cell(f, NULL, v != NULL ? v : "(none)");
				}
				fputs("</tr>\n", f);
			}
		fputs("</table>\n", f);
		if (pass == 0 && nrows == 0)
			fputs("<p>(no key differs)</p>\n", f);
		if (pass == 2)
			fputs("</details>\n", f);
	}
	fputs("</details>\n", f);
}
