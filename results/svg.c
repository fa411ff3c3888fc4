/*
 * svg: plots as SVG 1.1 with no dependencies: memory load latency against
 * working-set size (log-log) for each run, rate ladders (received against
 * target over the loss), latency under load over time (throughput over
 * the probes' round trip), and each A/B comparison's ratios as bars on a
 * log axis.  Coordinates are printed with fixed formats.
 *
 * Elements a test looks for carry a class: "curve", "cache", "nodata"
 * (memory latency); "bar", "ci", "clamp", "one", "grid", "tick", "sec" (A/B).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/utf8.h"
#include "report.h"

#define W 760			/* chart width */
#define ML 70			/* margins: left, right, top, bottom */
#define MR 230
#define MT 40
#define MB 50
#define PH 360			/* plot height of the latency chart */

/* Ten colours that read apart on white, and apart for most colour-blind
 * readers in pairs of neighbours; no grey (grey means "no change"). */
static const char *const palette[] = {
	"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
	"#17becf", "#8c564b", "#e377c2", "#bcbd22", "#393b79",
};

/* Dash patterns: with the palette, 60 curves each of its own look. */
static const char *const dashes[] = {
	"", "7,3", "2,2", "10,3,2,3", "4,4", "12,2,2,2,2,2",
};

/*
 * s as XML text: the markup characters as entities; a byte that is not
 * part of valid UTF-8 or a control character (XML 1.0 forbids C0 but
 * tab and line ends; C1 is no text either) as U+FFFD, so that no cut
 * and no file makes the document one that a reader refuses.
 */
static void
xml_text(FILE *f, const char *s)
{
	size_t n = strlen(s), i = 0;

	while (i < n) {
		size_t len = utf8_len(s + i, n - i);

		if (len == 0 || (s[i] != '\t' && s[i] != '\n' && utf8_is_control(s + i, len))) {
			fputs(UTF8_REPLACEMENT, f);
			i += len > 0 ? len : 1;
			continue;
		}
		switch (s[i]) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		default:
			fwrite(s + i, 1, len, f);
		}
		i += len;
	}
}

/* A <text> element of s at (x, y) with extra attributes attr ("" for none). */
static void
text_at(FILE *f, double x, double y, const char *attr, const char *s)
{
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\"%s%s>", x, y, *attr ? " " : "", attr);
	xml_text(f, s);
	fputs("</text>\n", f);
}

/* s cut to at most n characters, ending in "..." when cut (n >= 4): a
 * label's width is in characters, and a cut inside one (a note's "é")
 * would leave a byte that is no text. */
static void
cut(char *s, size_t n)
{
	size_t len = strlen(s);

	if (utf8_chars(s, len) > n)
		snprintf(s + utf8_prefix(s, len, n - 3), 4, "...");
}

/* The bytes of the first k characters of s: for "%.*s". */
static int
first_chars(const char *s, size_t k)
{
	return (int)utf8_prefix(s, strlen(s), k);
}

static const char *
file_base(const char *path)
{
	const char *s = strrchr(path, '/');

	return s != NULL && s[1] != '\0' ? s + 1 : path;
}

/*
 * How a run reads in a legend or a title: its label as in the tables,
 * its host where the label is not the host, its note: "[2] vm, tuned",
 * "[3] vm.1 (vm), after the update".
 */
static void
run_name(const struct report *rep, size_t ri, char *buf, size_t len)
{
	const struct report_run *r = &rep->runs[ri];
	int own = strcmp(r->label, r->host) != 0;

	snprintf(buf, len, "[%d] %s%s%s%s%s%s", r->id, r->label, own ? " (" : "",
		 own ? r->host : "", own ? ")" : "", r->note != NULL ? ", " : "",
		 r->note != NULL ? r->note : "");
}

static void
svg_open(FILE *f, int width, int height)
{
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
		"width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		"font-family=\"sans-serif\" font-size=\"12\">\n"
		"<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
		width, height, width, height, width, height);
}

static void
svg_close(FILE *f)
{
	fputs("</svg>\n", f);
}

/* ---------------------------------------------------------------- latency */

/* One curve: a run's results of one order and stride, by size. */
struct curve {
	size_t run;
	char walk[64];		/* "stride 128", "random 16" */
	double *x, *y;		/* bytes, ns */
	size_t n;
	int color, dash;	/* indexes into palette and dashes */
};

/* A cache size of a run's fingerprint, drawn as a line across the sizes. */
struct cache_mark {
	size_t run;
	char level[8];		/* "L1", "L2" */
	double bytes;
	int shared;		/* every run with curves says the same */
};

/* The curves of a chart, the cache sizes and the runs without curves. */
struct lat {
	struct curve *cv;
	size_t nc;
	struct cache_mark *cm;
	size_t ncm;
	size_t *runs;		/* runs with curves, in the order of the runs */
	size_t nruns;
	size_t *empty;		/* runs without any */
	size_t nempty;
};

static int
cmp_pt(const void *a, const void *b)
{
	const double *p = a, *q = b;

	return (p[0] > q[0]) - (p[0] < q[0]);
}

static void
lat_free(struct lat *L)
{
	size_t i;

	for (i = 0; i < L->nc; i++)
		free(L->cv[i].x);
	free(L->cv);
	free(L->cm);
	free(L->runs);
	free(L->empty);
	memset(L, 0, sizeof(*L));
}

/* A size as "32K", "1.5M" (2^10 multiples, as result names write them);
 * -1 when s is not one. */
static double
parse_size(const char *s)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || !(v > 0))
		return -1;
	switch (*end) {
	case 'K': case 'k':
		v *= 1024.0, end++;
		break;
	case 'M': case 'm':
		v *= 1048576.0, end++;
		break;
	case 'G': case 'g':
		v *= 1073741824.0, end++;
		break;
	}
	return *end == '\0' || *end == 'B' ? v : -1;
}

static int
add_mark(struct lat *L, size_t run, const char *level, double bytes)
{
	struct cache_mark *q;
	size_t i;

	for (i = 0; i < L->ncm; i++)
		if (L->cm[i].run == run && strcmp(L->cm[i].level, level) == 0)
			return 0;
	if ((q = realloc(L->cm, (L->ncm + 1) * sizeof(*q))) == NULL)
		return -1;
	L->cm = q;
	q = &L->cm[L->ncm++];
	q->run = run;
	snprintf(q->level, sizeof(q->level), "%s", level);
	q->bytes = bytes;
	q->shared = 0;
	return 0;
}

/*
 * The cache sizes of run ri: the kernel's ("sysfs-cache: L1d 32K L2 1M
 * L3 32M line 64", the cache program's line; the instruction cache left
 * out), else those the cache program measured (Cache/level=N in bytes).
 */
static int
cache_marks(struct lat *L, const struct report *rep, size_t ri)
{
	const struct resfile_run *rf = &rep->runs[ri].rf;
	const char *v = resfile_config(rf, "sysfs-cache");
	size_t i, before = L->ncm;

	if (v != NULL) {
		char buf[256], *tok, *save = NULL, *name = NULL;

		snprintf(buf, sizeof(buf), "%s", v);
		for (tok = strtok_r(buf, " ", &save); tok != NULL; tok = strtok_r(NULL, " ", &save)) {
			if (tok[0] == 'L' && tok[1] >= '1' && tok[1] <= '9'
			    && (tok[2] == '\0' || strcmp(tok + 2, "d") == 0 || strcmp(tok + 2, "u") == 0)) {
				name = tok;
				continue;
			}
			if (name != NULL && parse_size(tok) > 0) {
				char level[8];

				snprintf(level, sizeof(level), "L%c", name[1]);
				if (add_mark(L, ri, level, parse_size(tok)) != 0)
					return -1;
			}
			name = NULL;
		}
	}
	if (L->ncm > before)
		return 0;
	for (i = 0; i < rf->nresults; i++) {
		const struct resfile_result *x = &rf->results[i];
		struct stats st;
		char level[8];
		unsigned n;

		if (strncmp(x->name, "BenchmarkCache/level=", 21) != 0 || strcmp(x->unit, "bytes") != 0
		    || sscanf(x->name + 21, "%u", &n) != 1 || n < 1 || n > 9
		    || stats_compute(x->v, x->n, &st) != 0 || !(st.median > 0))
			continue;
		snprintf(level, sizeof(level), "L%u", n);
		if (add_mark(L, ri, level, st.median) != 0)
			return -1;
	}
	return 0;
}

/*
 * The curves of all runs: the results of the metrics the table plots by
 * size (METRIC_CURVE, lib/core/metric), each given a colour by its run and a
 * dash by its walk (and by the round of colours past the tenth run), so
 * that no two curves look alike.  Returns 0, or -1 out of memory.
 */
static int
collect(const struct report *rep, struct lat *L)
{
	char walks[16][64];
	size_t nwalks = 0, ri, i, j;

	memset(L, 0, sizeof(*L));
	for (ri = 0; ri < rep->nruns; ri++) {
		const struct resfile_run *rf = &rep->runs[ri].rf;
		size_t had = L->nc, *q;

		for (i = 0; i < rf->nresults; i++) {
			const struct resfile_result *x = &rf->results[i];
			const struct metric *m;
			char order[16], stride[16], sz[32], walk[64];
			unsigned long copies;
			double bytes, *pts;
			struct stats st;
			struct curve *c = NULL;

			if ((m = metric_find(x->name, x->unit)) == NULL || !(m->flags & METRIC_CURVE)
			    || metric_parallel(x->name, &copies) != strlen(x->name)
			    || metric_param(x->name, "order", order, sizeof(order)) == NULL
			    || metric_param(x->name, "size", sz, sizeof(sz)) == NULL
			    || metric_parse_size(sz, &bytes) != 0 || bytes <= 0
			    || stats_compute(x->v, x->n, &st) != 0 || !(st.median > 0))
				continue;
			if (metric_param(x->name, "stride", stride, sizeof(stride)) == NULL)
				snprintf(stride, sizeof(stride), "?");
			snprintf(walk, sizeof(walk), "%s %s", order, stride);
			for (j = had; j < L->nc; j++)
				if (strcmp(L->cv[j].walk, walk) == 0)
					c = &L->cv[j];
			if (c == NULL) {
				struct curve *cq = realloc(L->cv, (L->nc + 1) * sizeof(*cq));

				if (cq == NULL)
					return -1;
				L->cv = cq;
				c = &L->cv[L->nc++];
				memset(c, 0, sizeof(*c));
				c->run = ri;
				snprintf(c->walk, sizeof(c->walk), "%s", walk);
			}
			pts = realloc(c->x, (c->n + 1) * 2 * sizeof(double));
			if (pts == NULL)
				return -1;
			c->x = pts;
			c->x[2 * c->n] = bytes;
			c->x[2 * c->n + 1] = st.median;
			c->n++;
		}
		if (L->nc > had) {
			if ((q = realloc(L->runs, (L->nruns + 1) * sizeof(*q))) == NULL)
				return -1;
			L->runs = q;
			L->runs[L->nruns++] = ri;
			if (cache_marks(L, rep, ri) != 0)
				return -1;
		} else {
			if ((q = realloc(L->empty, (L->nempty + 1) * sizeof(*q))) == NULL)
				return -1;
			L->empty = q;
			L->empty[L->nempty++] = ri;
		}
	}
	for (j = 0; j < L->nc; j++) {
		struct curve *c = &L->cv[j];
		size_t w, rank = 0;

		/* x holds (size, ns) pairs; sort them by size. */
		qsort(c->x, c->n, 2 * sizeof(double), cmp_pt);
		c->y = c->x + 1;
		for (w = 0; w < nwalks && strcmp(walks[w], c->walk) != 0; w++)
			;
		if (w == nwalks && nwalks < HB_ARRAY_SIZE(walks))
			snprintf(walks[nwalks++], sizeof(walks[0]), "%s", c->walk);
		while (L->runs[rank] != c->run)
			rank++;
		c->color = (int)(rank % HB_ARRAY_SIZE(palette));
		c->dash = (int)((w + rank / HB_ARRAY_SIZE(palette) * nwalks) % HB_ARRAY_SIZE(dashes));
	}
	/* A cache size every run with curves gives alike is drawn once. */
	for (i = 0; i < L->ncm; i++) {
		size_t n = 0;

		for (j = 0; j < L->ncm; j++)
			n += strcmp(L->cm[j].level, L->cm[i].level) == 0 && L->cm[j].bytes == L->cm[i].bytes;
		L->cm[i].shared = n == L->nruns;
	}
	return 0;
}

/* A size in bytes as a tick label: "512", "4K", "64K", "1M", "16M", "1G". */
static void
size_label(char *buf, size_t len, double b)
{
	static const struct { double scale; const char *name; } u[] = {
		{ 1073741824.0, "G" }, { 1048576.0, "M" }, { 1024.0, "K" }, { 1, "" }
	};
	size_t i = 0;
	char num[32];

	while (i + 1 < HB_ARRAY_SIZE(u) && b < u[i].scale)
		i++;
	snprintf(buf, len, "%s%s", report_num_sig(num, sizeof(num), b / u[i].scale, 3), u[i].name);
}

#define LROW 15			/* a line of the latency legend */

/* The legend's lines: a heading per run, a line per curve of it. */
static int
lat_legend_lines(const struct lat *L)
{
	return (int)(L->nruns + L->nc);
}

static int
lat_height(const struct lat *L)
{
	int h = MT + PH + MB + (L->nempty > 0 ? 18 : 0);
	int legend = MT + 10 + lat_legend_lines(L) * LROW + (L->ncm > 0 ? 3 * LROW : 0);

	return legend > h ? legend : h;
}

/* Draw the latency chart at vertical offset y0; returns its height. */
static int
memlat(const struct report *rep, const struct lat *L, FILE *f, int y0)
{
	double xmin = HUGE_VAL, xmax = 0, ymin = HUGE_VAL, ymax = 0, lx0, lx1, ly0, ly1, t;
	int pw = W - ML - MR, top = y0 + MT, step, ly;
	size_t i, k, r;
	char lab[256];

	for (i = 0; i < L->nc; i++)
		for (k = 0; k < L->cv[i].n; k++) {
			xmin = fmin(xmin, L->cv[i].x[2 * k]);
			xmax = fmax(xmax, L->cv[i].x[2 * k]);
			ymin = fmin(ymin, L->cv[i].y[2 * k]);
			ymax = fmax(ymax, L->cv[i].y[2 * k]);
		}
	/* Whole powers of two across, whole decades up. */
	lx0 = floor(log2(xmin));
	/* cppcheck-suppress invalidFunctionArg ; collect() keeps sizes > 0 only, nc > 0 */
	lx1 = ceil(log2(xmax));
	if (lx1 <= lx0)
		lx1 = lx0 + 1;
	ly0 = floor(log10(ymin));
	ly1 = ceil(log10(ymax));
	if (ly1 <= ly0)
		ly1 = ly0 + 1;
	/* Labels every 2, 4 or 16 times, on whole powers of that (4K, 64K, 1M). */
	step = lx1 - lx0 <= 10 ? 1 : lx1 - lx0 <= 20 ? 2 : 4;
#define PX(b) (ML + (log2(b) - lx0) / (lx1 - lx0) * pw)
#define PY(v) (top + PH - (log10(v) - ly0) / (ly1 - ly0) * PH)
	fputs("<g>\n", f);
	text_at(f, ML, y0 + 22, "font-size=\"15\"",
		"Memory load latency against working-set size (lat_mem_rd)");
	for (t = lx0; t <= lx1 + 1e-9; t += 1) {
		double x = ML + (t - lx0) / (lx1 - lx0) * pw;
		int major = fmod(t, step) == 0;

		fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\"/>\n",
			x, top, x, top + PH, major ? "#d8d8d8" : "#f0f0f0");
		if (!major)
			continue;
		size_label(lab, sizeof(lab), pow(2.0, t));
		text_at(f, x, top + PH + 16, "class=\"tick\" text-anchor=\"middle\"", lab);
	}
	for (t = ly0; t <= ly1 + 1e-9; t += 1) {
		static const double sub[] = { 1, 2, 5 };

		for (k = 0; k < HB_ARRAY_SIZE(sub); k++) {
			double v = sub[k] * pow(10.0, t), y;

			if (log10(v) > ly1 + 1e-9)
				break;
			y = PY(v);
			fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"/>\n",
				ML, y, ML + pw, y, k ? "#f0f0f0" : "#d8d8d8");
			if (k > 0 && ly1 - ly0 > 2)
				continue;
			report_num_sig(lab, sizeof(lab), v, 3);
			text_at(f, ML - 6, y + 4, k ? "class=\"tick\" text-anchor=\"end\" fill=\"#777777\""
				: "class=\"tick\" text-anchor=\"end\"", lab);
		}
	}
	/* The cache sizes: a dotted line each, named at the top. */
	for (i = 0, k = 0; i < L->ncm; i++) {
		const struct cache_mark *c = &L->cm[i];
		double x;
		size_t j;
		int dup = 0;
		const char *color;

		for (j = 0; j < i; j++)
			dup |= c->shared && L->cm[j].shared && strcmp(L->cm[j].level, c->level) == 0
			       && L->cm[j].bytes == c->bytes;
		if (dup || log2(c->bytes) < lx0 || log2(c->bytes) > lx1)
			continue;
		for (r = 0; L->runs[r] != c->run; r++)
			;
		color = c->shared ? "#555555" : palette[r % HB_ARRAY_SIZE(palette)];
		x = PX(c->bytes);
		size_label(lab, sizeof(lab), c->bytes);
		fprintf(f, "<line class=\"cache\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" "
			"stroke-width=\"1.2\" stroke-dasharray=\"1,3\"/>\n", x, top, x, top + PH, color);
		{
			char name[300];

			/* Named on the side with room: left of a line near the right edge. */
			snprintf(name, sizeof(name), "%s %s", c->level, lab);
			text_at(f, x > ML + 0.85 * pw ? x - 3 : x + 3, top + 12 + (double)(k++ % 3) * 13,
				x > ML + 0.85 * pw ? "font-size=\"11\" text-anchor=\"end\"" : "font-size=\"11\"",
				name);
		}
	}
	fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
		"stroke=\"#000000\"/>\n", ML, top, pw, PH);
	text_at(f, ML + pw / 2.0, top + PH + 34, "text-anchor=\"middle\"",
		"working-set size (bytes, log scale; K, M, G: 2^10, 2^20, 2^30)");
	fprintf(f, "<text x=\"16\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 16 %d)\">"
		"ns per load (log scale)</text>\n", top + PH / 2, top + PH / 2);
	for (i = 0; i < L->nc; i++) {
		const struct curve *c = &L->cv[i];

		fprintf(f, "<polyline class=\"curve\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.6\"",
			palette[c->color]);
		if (*dashes[c->dash])
			fprintf(f, " stroke-dasharray=\"%s\"", dashes[c->dash]);
		fputs(" points=\"", f);
		for (k = 0; k < c->n; k++)
			fprintf(f, "%s%.1f,%.1f", k ? " " : "", PX(c->x[2 * k]), PY(c->y[2 * k]));
		fputs("\"/>\n", f);
		if (c->n == 1)	/* a line of one point shows nothing: a dot */
			fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n",
				PX(c->x[0]), PY(c->y[0]), palette[c->color]);
	}
	/* The legend: each run as the tables name it, then its curves. */
	ly = top + 8;
	for (r = 0; r < L->nruns; r++) {
		run_name(rep, L->runs[r], lab, sizeof(lab));
		cut(lab, 36);
		text_at(f, W - MR + 10, ly + 4, "font-weight=\"bold\"", lab);
		ly += LROW;
		for (i = 0; i < L->nc; i++) {
			const struct curve *c = &L->cv[i];

			if (c->run != L->runs[r])
				continue;
			fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
				"stroke-width=\"2\"", W - MR + 18, ly, W - MR + 52, ly, palette[c->color]);
			if (*dashes[c->dash])
				fprintf(f, " stroke-dasharray=\"%s\"", dashes[c->dash]);
			fputs("/>\n", f);
			snprintf(lab, sizeof(lab), "[%d] %s %s", rep->runs[c->run].id,
				 rep->runs[c->run].label, c->walk);
			cut(lab, 30);
			text_at(f, W - MR + 58, ly + 4, "", lab);
			ly += LROW;
		}
	}
	if (L->ncm > 0) {
		text_at(f, W - MR + 10, ly + 8, "fill=\"#555555\"", "dotted: the cache sizes,");
		text_at(f, W - MR + 10, ly + 8 + LROW, "fill=\"#555555\"",
			"the kernel's (or as measured)");
	}
	/* Runs that have no memory latency results, named. */
	if (L->nempty > 0) {
		size_t n = (size_t)snprintf(lab, sizeof(lab), "no data: ");

		for (i = 0; i < L->nempty && n < sizeof(lab); i++)
			n += (size_t)snprintf(lab + n, sizeof(lab) - n, "%s[%d] %s", i ? ", " : "",
					      rep->runs[L->empty[i]].id,
					      file_base(rep->runs[L->empty[i]].file));
		cut(lab, 90);
		text_at(f, ML, top + PH + 54, "class=\"nodata\" fill=\"#a00000\"", lab);
	}
#undef PX
#undef PY
	fputs("</g>\n", f);
	return lat_height(L);
}

/* ---------------------------------------------------------------- ticks */

/* A unit of a tick label: from what reference up it is chosen, its size, its name. */
struct tick_unit {
	double from, scale;
	const char *name;
};

/*
 * v as a tick label in the first of the n units whose "from" ref
 * reaches (the last unit otherwise), to 3 significant digits: "2.5G",
 * "500 us".
 */
static void
tick_label(char *buf, size_t len, double v, double ref, const struct tick_unit *u, size_t n)
{
	char num[32];
	size_t i = 0;

	while (i + 1 < n && ref < u[i].from)
		i++;
	snprintf(buf, len, "%s%s", report_num_sig(num, sizeof(num), v / u[i].scale, 3), u[i].name);
}

/* ---------------------------------------------------------------- ladders */

#define LH 300			/* plot height of received against target */
#define LL 130			/* plot height of the loss */
#define LGAP 50			/* between the two */

/* A rate in Mbit/s as a tick label with its unit: "500M", "1G", "2.5G". */
static void
rate_label(char *buf, size_t len, double mbit)
{
	static const struct tick_unit u[] = { { 1000, 1000, "G" }, { 1, 1, "M" }, { 0, 1e-3, "k" } };

	tick_label(buf, len, mbit, mbit, u, HB_ARRAY_SIZE(u));
}

static int
ladder_height(const struct report_ladder *lad)
{
	int h = MT + LH + LGAP + LL + MB + 20, legend = (int)lad->nrows * 32 + MT + 60;

	return legend > h ? legend : h;
}

/* An axis of rates: log (decades) or, within a decade, linear from 0. */
struct raxis {
	int log;
	double lo, hi;		/* log: decades; linear: Mbit/s */
};

static double
rpos(const struct raxis *a, double v, double len)
{
	if (a->log) {
		double d = log10(v > 0 ? v : pow(10.0, a->lo));

		if (d < a->lo)
			d = a->lo;
		return (d - a->lo) / (a->hi - a->lo) * len;
	}
	return (v > 0 ? v : 0) / a->hi * len;
}

/* Draw one ladder's chart at vertical offset y0; returns its height. */
static int
ladder_chart(const struct report *rep, const struct report_ladder *lad, FILE *f, int y0)
{
	static const double linear_steps[] = { 1, 2, 2.5, 5, 10 };
	double vmin = HUGE_VAL, vmax = 0, t;
	int pw = W - ML - MR, height = ladder_height(lad), top = y0 + MT, lt = top + LH + LGAP;
	struct raxis ax;
	char lab[64], buf[256];
	size_t r, k;
	int common = 1;

	for (k = 0; k < lad->ntargets; k++) {
		vmin = fmin(vmin, lad->targets[k]);
		vmax = fmax(vmax, lad->targets[k]);
	}
	for (r = 0; r < lad->nrows; r++) {
		for (k = 0; k < lad->ntargets; k++)
			if (lad->rows[r].got[k] > 0) {
				vmin = fmin(vmin, lad->rows[r].got[k]);
				vmax = fmax(vmax, lad->rows[r].got[k]);
			}
		common &= strcmp(lad->rows[r].group, lad->rows[0].group) == 0;
	}
	/* Log axes when the rates span more than a decade; one axis for both. */
	ax.log = vmax > 10 * vmin;
	if (ax.log) {
		ax.lo = floor(log10(vmin));
		ax.hi = ceil(log10(vmax));
		if (ax.hi <= ax.lo)
			ax.hi = ax.lo + 1;
	} else {
		double d = pow(10.0, floor(log10(vmax)));

		for (k = 0; k + 1 < HB_ARRAY_SIZE(linear_steps) && linear_steps[k] * d < vmax; k++)
			;
		ax.lo = 0;
		ax.hi = linear_steps[k] * d;
	}
#define PX(v) (ML + rpos(&ax, (v), pw))
#define PY(v) (top + LH - rpos(&ax, (v), LH))
#define LY(p) (lt + LL - (p) / 100.0 * LL)
	fputs("<g>\n", f);
	snprintf(buf, sizeof(buf), "Rate ladder of %s: received against target, and the loss",
		 lad->m->program != NULL ? lad->m->program : lad->program);
	fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"15\">", ML, y0 + 22);
	xml_text(f, buf);
	fputs("</text>\n", f);
	fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
		"stroke=\"#000000\"/>\n", ML, top, pw, LH);
	fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
		"stroke=\"#000000\"/>\n", ML, lt, pw, LL);
	/* Grid: decades labelled, 2 and 5 light (log); or five steps (linear). */
	if (ax.log) {
		for (t = ax.lo; t <= ax.hi + 1e-9; t += 1) {
			static const double sub[] = { 1, 2, 5 };

			for (k = 0; k < HB_ARRAY_SIZE(sub); k++) {
				double v = sub[k] * pow(10.0, t), x, y;

				if (log10(v) > ax.hi + 1e-9)
					break;
				x = PX(v);
				y = PY(v);
				fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\"/>\n",
					x, top, x, top + LH, k ? "#f0f0f0" : "#d8d8d8");
				fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\"/>\n",
					x, lt, x, lt + LL, k ? "#f0f0f0" : "#d8d8d8");
				fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"/>\n",
					ML, y, ML + pw, y, k ? "#f0f0f0" : "#d8d8d8");
				if (k > 0 && ax.hi - ax.lo > 3)
					continue;
				rate_label(lab, sizeof(lab), v);
				fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\"%s>%s</text>\n", x,
					lt + LL + 16, k ? " fill=\"#777777\"" : "", lab);
				fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\"%s>%s</text>\n", ML - 6,
					y + 4, k ? " fill=\"#777777\"" : "", lab);
			}
		}
	} else {
		for (k = 0; k <= 5; k++) {
			double v = ax.hi * (double)k / 5, x = PX(v), y = PY(v);

			fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#d8d8d8\"/>\n",
				x, top, x, top + LH);
			fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#d8d8d8\"/>\n",
				x, lt, x, lt + LL);
			fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#d8d8d8\"/>\n",
				ML, y, ML + pw, y);
			rate_label(lab, sizeof(lab), v);
			fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", x,
				lt + LL + 16, k ? lab : "0");
			fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", ML - 6, y + 4,
				k ? lab : "0");
		}
	}
	for (k = 0; k <= 4; k++) {
		double y = LY(25.0 * (double)k);

		fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#d8d8d8\"/>\n",
			ML, y, ML + pw, y);
		fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%d%%</text>\n", ML - 6, y + 4,
			25 * (int)k);
	}
	/* What a path that loses nothing delivers: received = target. */
	fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888888\" "
		"stroke-dasharray=\"6,4\"/>\n", PX(ax.log ? pow(10.0, ax.lo) : 0),
		PY(ax.log ? pow(10.0, ax.lo) : 0), PX(ax.log ? pow(10.0, ax.hi) : ax.hi),
		PY(ax.log ? pow(10.0, ax.hi) : ax.hi));
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#666666\" text-anchor=\"end\" "
		"transform=\"rotate(-%.1f %.1f %.1f)\">received = target</text>\n",
		PX(ax.log ? pow(10.0, ax.hi) : ax.hi) - 8, PY(ax.log ? pow(10.0, ax.hi) : ax.hi) + 16,
		atan2(LH, pw) * 45 / atan(1.0), PX(ax.log ? pow(10.0, ax.hi) : ax.hi) - 8,
		PY(ax.log ? pow(10.0, ax.hi) : ax.hi) + 16);
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">target rate (bit/s%s)</text>\n",
		ML + pw / 2, lt + LL + 36, ax.log ? ", log scale" : "");
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 %d %d)\">"
		"received (bit/s%s)</text>\n", 16, top + LH / 2, 16, top + LH / 2,
		ax.log ? ", log scale" : "");
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 %d %d)\">"
		"loss</text>\n", 16, lt + LL / 2, 16, lt + LL / 2);
	for (r = 0; r < lad->nrows; r++) {
		const struct report_ladder_row *row = &lad->rows[r];
		const char *color = palette[r % HB_ARRAY_SIZE(palette)];
		/* Past the tenth row, the colours again with another dash. */
		const char *dash = dashes[r / HB_ARRAY_SIZE(palette) % HB_ARRAY_SIZE(dashes)];
		char da[64] = "";
		int ly = top + 8 + (int)r * 32, first;

		if (*dash)
			snprintf(da, sizeof(da), " stroke-dasharray=\"%s\"", dash);

		fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.8\"%s points=\"", color,
			da);
		for (first = 1, k = 0; k < lad->ntargets; k++)
			if (!isnan(row->got[k])) {
				fprintf(f, "%s%.1f,%.1f", first ? "" : " ", PX(lad->targets[k]), PY(row->got[k]));
				first = 0;
			}
		fputs("\"/>\n", f);
		fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.8\"%s points=\"", color,
			da);
		for (first = 1, k = 0; k < lad->ntargets; k++)
			if (!isnan(row->got[k]) && !isnan(row->loss[k])) {
				fprintf(f, "%s%.1f,%.1f", first ? "" : " ", PX(lad->targets[k]),
					LY(fmin(100, fmax(0, row->loss[k]))));
				first = 0;
			}
		fputs("\"/>\n", f);
		for (k = 0; k < lad->ntargets; k++) {
			if (isnan(row->got[k]))
				continue;
			fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n",
				PX(lad->targets[k]), PY(row->got[k]), color);
			if (!isnan(row->loss[k]))
				fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n",
					PX(lad->targets[k]), LY(fmin(100, fmax(0, row->loss[k]))), color);
			/* The knee: a ring on its step, and a line down through the loss. */
			if (lad->targets[k] == row->knee) {
				fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"7\" fill=\"none\" stroke=\"%s\" "
					"stroke-width=\"2\"/>\n", PX(lad->targets[k]), PY(row->got[k]), color);
				fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" "
					"stroke-dasharray=\"2,3\"/>\n", PX(lad->targets[k]), lt,
					PX(lad->targets[k]), lt + LL, color);
			}
		}
		fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
			"stroke-width=\"2\"%s/>\n", W - MR + 14, ly, W - MR + 38, ly, color, da);
		run_name(rep, row->run, buf, sizeof(buf));
		cut(buf, 32);
		text_at(f, W - MR + 44, ly + 4, "font-size=\"11\"", buf);
		if (isnan(row->knee))
			snprintf(lab, sizeof(lab), "none");
		else
			rate_label(lab, sizeof(lab), row->knee);
		snprintf(buf, sizeof(buf), "knee %s%s%s", lab, common ? "" : ", ", common ? "" : row->group);
		fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"#555555\">", W - MR + 44, ly + 18);
		xml_text(f, buf);
		fputs("</text>\n", f);
	}
	if (common) {
		fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"#555555\">", W - MR + 14,
			top + 8 + (int)lad->nrows * 32 + 4);
		xml_text(f, lad->rows[0].group);
		fputs("</text>\n", f);
	}
	fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"#555555\">ring: the knee (sent in full,</text>\n"
		"<text x=\"%d\" y=\"%d\" fill=\"#555555\">little loss)</text>\n", W - MR + 14,
		top + 8 + (int)lad->nrows * 32 + 22, W - MR + 14, top + 8 + (int)lad->nrows * 32 + 37);
#undef PX
#undef PY
#undef LY
	fputs("</g>\n", f);
	return height;
}

/* ---------------------------------------------------------------- A/B bars */

/*
 * An A/B chart: a bar per metric of the ratio b/a on a log axis (x0.5
 * and x2 the same distance either side of x1, no change), its interval
 * as a whisker, grouped by section; in two columns when there are many.
 */
#define AB_ROW 15		/* a metric's row */
#define AB_SEC 22		/* a section's heading */
#define AB_HEAD 104		/* title, sides, legend, the top ticks */
#define AB_FOOT 44		/* the bottom ticks and the axis' name */
#define AB_MAXE 3		/* the axis reaches at most x8 and x1/8 */

/* The columns: label, plot, value text, in pixels. */
struct ab_geom {
	int ncol, lw, pw, vw, gap, width;
};

static size_t
ab_rows(const struct report_ab *ab)
{
	size_t i, n = 0;

	for (i = 0; i < ab->nsecs; i++)
		n += ab->secs[i].nrows;
	return n;
}

static void
ab_geom(const struct report_ab *ab, struct ab_geom *g)
{
	size_t i, n = 0;

	for (i = 0; i < ab->nsecs; i++)
		n += ab->secs[i].nrows > 0 ? ab->secs[i].nrows + 2 : 0;
	if (n > 48) {
		g->ncol = 2, g->lw = 150, g->pw = 250, g->vw = 150, g->gap = 20;
	} else {
		g->ncol = 1, g->lw = 200, g->pw = 340, g->vw = 170, g->gap = 0;
	}
	g->width = 20 + g->ncol * (g->lw + g->pw + g->vw) + (g->ncol - 1) * g->gap;
}

/* The column of each section (into col[0..nsecs)), whole sections
 * filling the columns in turn to about the same height; returns the
 * height of the rows of the tallest column. */
static int
ab_plan(const struct report_ab *ab, const struct ab_geom *g, int *col)
{
	int total = 0, h = 0, tallest = 0, c = 0;
	size_t i;

	for (i = 0; i < ab->nsecs; i++)
		if (ab->secs[i].nrows > 0)
			total += AB_SEC + (int)ab->secs[i].nrows * AB_ROW;
	for (i = 0; i < ab->nsecs; i++) {
		int sh = ab->secs[i].nrows > 0 ? AB_SEC + (int)ab->secs[i].nrows * AB_ROW : 0;

		/* Past this column's share with half of the section: the next. */
		if (c + 1 < g->ncol && h > 0 && h + sh / 2 > (total + g->ncol - 1) / g->ncol) {
			c++;
			h = 0;
		}
		if (col != NULL)
			col[i] = c;
		h += sh;
		tallest = h > tallest ? h : tallest;
	}
	return tallest;
}

static int
ab_height(const struct report_ab *ab)
{
	struct ab_geom g;

	ab_geom(ab, &g);
	return AB_HEAD + ab_plan(ab, &g, NULL) + AB_FOOT;
}

static int
ab_width(const struct report_ab *ab)
{
	struct ab_geom g;

	ab_geom(ab, &g);
	return g.width > W ? g.width : W;
}

/* The ratio b/a of a row; NaN when there is none. */
static double
ab_ratio(const struct report_ab_row *r)
{
	return isfinite(r->delta) && r->delta > -100 ? 1 + r->delta / 100 : NAN;
}

/* How a row's bar is drawn and what the legend calls it. */
enum ab_look {
	LOOK_BETTER, LOOK_WORSE, LOOK_CHANGED, LOOK_SAME,
	LOOK_LEAN_BETTER, LOOK_LEAN_WORSE, LOOK_NEUTRAL, LOOK_INCOMPARABLE
};

static const struct {
	const char *cls, *fill, *stroke, *legend;
} looks[] = {
	{ "better", "#2a9d4a", NULL, "better" },
	{ "worse", "#d0312d", NULL, "worse" },
	{ "changed", "#1f77b4", NULL, "changed (a metric with no better or worse)" },
	{ "same", "#a0a0a0", NULL, "no change" },
	{ "lean-better", "#b5e0c0", "#2a9d4a", "better" },
	{ "lean-worse", "#f4b9b3", "#d0312d", "worse" },
	{ "neutral", "#d8d2c4", "#8a8270", "no direction" },
	{ "incomparable", "#ffffff", "#888888", "not comparable" },
};

static enum ab_look
ab_look(const struct report_ab_row *r, double ratio)
{
	int up;

	switch (r->verdict) {
	case REPORT_BETTER:
		return LOOK_BETTER;
	case REPORT_WORSE:
		return LOOK_WORSE;
	case REPORT_CHANGED:
		return LOOK_CHANGED;
	case REPORT_NOCHANGE:
	case REPORT_SAME:
		return LOOK_SAME;
	case REPORT_INCOMPARABLE:
		return LOOK_INCOMPARABLE;
	default:
		break;
	}
	/* Untested or unreliable: which way the estimate leans, pale. */
	if (r->m->better == METRIC_NEITHER || !isfinite(ratio) || ratio == 1)
		return LOOK_NEUTRAL;
	up = ratio > 1;
	return up == (r->m->better == METRIC_BIGGER) ? LOOK_LEAN_BETTER : LOOK_LEAN_WORSE;
}

/* The ticks of an axis reaching 2^e either way: labelled for e in
 * [from, to], a light line up to e = grid. */
static const struct {
	double v;
	const char *label;
	int from, to, grid;
} ab_ticks[] = {
	{ 0.125, "0.125", 3, 3, 3 }, { 0.25, "0.25", 2, 3, 3 }, { 0.5, "0.5", 1, 3, 3 },
	{ 2.0 / 3, "0.67", 1, 1, 2 }, { 0.8, "0.8", 0, 0, 1 }, { 1, "1", 1, 3, 3 },
	{ 1.25, "1.25", 0, 0, 1 }, { 1.5, "1.5", 1, 1, 2 }, { 2, "2", 1, 3, 3 },
	{ 4, "4", 2, 3, 3 }, { 8, "8", 3, 3, 3 },
};

/* A side of a comparison as the title names it. */
static void
side_name(const struct report *rep, const struct report_group *g, size_t run, char *buf, size_t len)
{
	if (g != NULL && g->n > 1) {
		const struct report_run *r = &rep->runs[g->runs[0]];

		snprintf(buf, len, "%s (%zu runs of %s%s%s)", g->label, g->n, r->host,
			 r->note != NULL ? ", " : "", r->note != NULL ? r->note : "");
	} else
		run_name(rep, run, buf, len);
}

/* The files of a side: "vm.0" or "vm.0 vm.1 vm.2", cut to len. */
static void
side_files(const struct report *rep, const struct report_group *g, size_t run, char *buf, size_t len)
{
	size_t i, n = 0;

	buf[0] = '\0';
	if (g == NULL || g->n <= 1) {
		snprintf(buf, len, "%s", file_base(rep->runs[run].file));
		return;
	}
	for (i = 0; i < g->n && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? " " : "",
				      file_base(rep->runs[g->runs[i]].file));
}

static int
bars(const struct report *rep, const struct report_ab *ab, FILE *f, int y0)
{
	struct ab_geom g;
	int *col = NULL, height = ab_height(ab), rows_h, top = y0 + AB_HEAD, e = 1, c;
	double maxe = 0, lx;
	size_t si, k;
	char buf[512], sa[200], sb[200];

	ab_geom(ab, &g);
	if (ab->nsecs > 0 && (col = calloc(ab->nsecs, sizeof(*col))) == NULL)
		return height;
	rows_h = ab_plan(ab, &g, col);
	/* The axis: x0.5 .. x2, widened by powers of 2 to the largest
	 * change, up to x8 either way; beyond, a bar ends in an arrow. */
	for (si = 0; si < ab->nsecs; si++)
		for (k = 0; k < ab->secs[si].nrows; k++) {
			double q = ab_ratio(&ab->secs[si].rows[k]);

			if (isfinite(q))
				maxe = fmax(maxe, fabs(log2(q)));
		}
	while (e < AB_MAXE && maxe > e + 1e-9)
		e++;
#define AX(cx, q) ((cx) + g.pw / 2.0 + fmax(-e, fmin(e, log2(q))) / e * (g.pw / 2.0))
	fputs("<g>\n", f);
	side_name(rep, ab->gb, ab->other, sb, sizeof(sb));
	side_name(rep, ab->ga, ab->base, sa, sizeof(sa));
	snprintf(buf, sizeof(buf), "A/B: b = %s against a = %s", sb, sa);
	cut(buf, (size_t)(g.width - 20) / 8);
	text_at(f, 10, y0 + 22, "font-size=\"15\"", buf);
	side_files(rep, ab->ga, ab->base, sa, sizeof(sa));
	side_files(rep, ab->gb, ab->other, sb, sizeof(sb));
	snprintf(buf, sizeof(buf), "a: %s; b: %s. A bar: the ratio b/a of a metric (right of "
		 "\xc3\x97" "1: larger in b), on a log scale.", sa, sb);
	cut(buf, (size_t)(g.width - 20) / 6);
	text_at(f, 10, y0 + 40, "fill=\"#444444\"", buf);
	/* The legend: what each colour says, in two lines. */
	lx = 10;
	for (k = 0; k < HB_ARRAY_SIZE(looks); k++) {
		double ly = y0 + 52 + (k >= 4 ? 18 : 0);

		if (k == 4) {
			/* The pale ones: an untested or unreliable change's lean. */
			text_at(f, 10, ly + 9, "font-size=\"11\"", "untested or unreliable, leaning:");
			lx = 10 + 6 + 5.8 * 32;
		}
		if (k == 7)
			lx += 10;
		fprintf(f, "<rect class=\"key %s\" x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"10\" "
			"fill=\"%s\"%s%s%s/>\n", looks[k].cls, lx, ly, looks[k].fill,
			looks[k].stroke ? " stroke=\"" : "", looks[k].stroke ? looks[k].stroke : "",
			looks[k].stroke ? "\"" : "");
		text_at(f, lx + 18, ly + 9, "font-size=\"11\"", looks[k].legend);
		lx += 32 + 5.8 * (double)strlen(looks[k].legend);
	}
	fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#222222\"/>\n"
		"<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#222222\"/>\n"
		"<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#222222\"/>\n",
		lx, y0 + 75, lx + 20, y0 + 75, lx, y0 + 72, lx, y0 + 78, lx + 20, y0 + 72, lx + 20, y0 + 78);
	snprintf(buf, sizeof(buf), "%.0f%% interval", 100 * ABTEST_CI_LEVEL);
	text_at(f, lx + 26, y0 + 79, "font-size=\"11\"", buf);
	/* Each column: grid, ticks above and below, the x1 line. */
	for (c = 0; c < g.ncol; c++) {
		double cx = 10 + c * (g.lw + g.pw + g.vw + g.gap) + g.lw;

		for (k = 0; k < HB_ARRAY_SIZE(ab_ticks); k++) {
			int labelled = ab_ticks[k].from <= e && e <= ab_ticks[k].to;
			double x;

			if (e > ab_ticks[k].grid)
				continue;
			x = AX(cx, ab_ticks[k].v);
			if (ab_ticks[k].v == 1) {
				fprintf(f, "<line class=\"one\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
					"stroke=\"#000000\" stroke-width=\"1.2\"/>\n", x, top - 4, x,
					top + rows_h + 4);
			} else
				fprintf(f, "<line class=\"grid\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
					"stroke=\"%s\"/>\n", x, top - 4, x, top + rows_h + 4,
					labelled ? "#cccccc" : "#eeeeee");
			if (!labelled)
				continue;
			snprintf(buf, sizeof(buf), "\xc3\x97%s", ab_ticks[k].label);
			text_at(f, x, top - 8, "class=\"tick\" text-anchor=\"middle\" font-size=\"11\"", buf);
			text_at(f, x, top + rows_h + 17, "class=\"tick\" text-anchor=\"middle\" font-size=\"11\"", buf);
		}
		text_at(f, cx + g.pw / 2.0, top + rows_h + 34, "text-anchor=\"middle\"",
			"ratio b/a (log scale)");
	}
	/* The sections and their rows. */
	for (c = 0; c < g.ncol; c++) {
		double cx = 10 + c * (g.lw + g.pw + g.vw + g.gap) + g.lw, y = top;

		for (si = 0; si < ab->nsecs; si++) {
			const struct report_ab_section *s = &ab->secs[si];
			const char *t = s->s->title != NULL ? s->s->title : s->s->id;
			size_t tl = strcspn(t, "-");

			if (col[si] != c || s->nrows == 0)
				continue;
			while (tl > 0 && t[tl - 1] == ' ')
				tl--;
			snprintf(buf, sizeof(buf), "%.*s", (int)tl, t);
			text_at(f, cx - g.lw, y + 16, "class=\"sec\" font-weight=\"bold\"", buf);
			fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#bbbbbb\"/>\n",
				cx - g.lw, y + 20, cx + g.pw + g.vw - 10, y + 20);
			y += AB_SEC;
			for (k = 0; k < s->nrows; k++, y += AB_ROW) {
				const struct report_ab_row *r = &s->rows[k];
				double q = ab_ratio(r), x1 = AX(cx, 1.0), xq, mid = y + AB_ROW / 2.0;
				enum ab_look look = ab_look(r, q);
				int clamp;

				snprintf(buf, sizeof(buf), "%s", r->m->column);
				cut(buf, (size_t)g.lw / 7);
				fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" font-size=\"11\">"
					"<title>", cx - 6, mid + 4);
				xml_text(f, r->m->what != NULL ? r->m->what : r->m->column);
				fputs("</title>", f);
				xml_text(f, buf);
				fputs("</text>\n", f);
				if (!isfinite(q)) {
					text_at(f, cx + g.pw + 6, mid + 4, "font-size=\"11\" fill=\"#777777\"",
						r->verdict == REPORT_INCOMPARABLE ? "not comparable" : "no ratio");
					continue;
				}
				xq = AX(cx, q);
				clamp = fabs(log2(q)) > e;
				fprintf(f, "<rect class=\"bar %s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
					"height=\"9\" fill=\"%s\"", looks[look].cls, fmin(x1, xq), mid - 4.5,
					fmax(fabs(xq - x1), 0.8), looks[look].fill);
				if (looks[look].stroke != NULL)
					fprintf(f, " stroke=\"%s\" stroke-width=\"0.8\"", looks[look].stroke);
				{
					/* What a pointer on the bar shows: the two values. */
					char va[32], vb[32], tip[256];
					const char *u = r->m->display_unit != NULL ? r->m->display_unit : "";

					snprintf(tip, sizeof(tip), "%s: a %s%s%s, b %s%s%s", r->m->column,
						 report_value(va, sizeof(va), r->m, r->a), *u ? " " : "", u,
						 report_value(vb, sizeof(vb), r->m, r->b), *u ? " " : "", u);
					fputs("><title>", f);
					xml_text(f, tip);
					fputs("</title></rect>\n", f);
				}
				if (clamp)	/* beyond the axis: an arrow outwards */
					fprintf(f, "<path class=\"clamp\" d=\"M%.1f,%.1f l%d,6 l%d,6 z\" "
						"fill=\"#000000\"/>\n", q > 1 ? xq - 8 : xq + 8, mid - 6,
						q > 1 ? 8 : -8, q > 1 ? -8 : 8);
				if (isfinite(r->lo) && isfinite(r->hi) && r->lo > -100) {
					double wa = AX(cx, 1 + r->lo / 100), wb = AX(cx, 1 + r->hi / 100);

					fprintf(f, "<path class=\"ci\" d=\"M%.1f,%.1f H%.1f M%.1f,%.1f v6 M%.1f,%.1f v6\" "
						"stroke=\"#222222\" fill=\"none\"/>\n", wa, mid, wb, wa, mid - 3,
						wb, mid - 3);
				}
				{
					char num[32];

					snprintf(num, sizeof(num), fabs(r->delta) < 99.95 ? "%+.1f%%" : "%+.0f%%",
						 r->delta);
					if (clamp) {
						char rq[32];

						/* Beyond the axis: the ratio itself. */
						snprintf(buf, sizeof(buf), "\xc3\x97%s %s",
							 report_num_sig(rq, sizeof(rq), q, 3),
							 report_verdict_text(r));
					} else
						snprintf(buf, sizeof(buf), "%s %s", num, report_verdict_text(r));
					cut(buf, (size_t)g.vw / 6);
					text_at(f, cx + g.pw + 6, mid + 4, "font-size=\"11\"", buf);
				}
			}
		}
	}
#undef AX
	fputs("</g>\n", f);
	free(col);
	return height;
}

/* ---------------------------------------------------------------- series */

#define SML 84			/* left margin: tick labels with units */
#define STH 220			/* plot height of the throughput */
#define SRH 160			/* plot height of the round trip */
#define SGAP 28			/* between the two */
#define SROW 34			/* a run's rows in the legend */
#define SDOTS 100		/* bins up to which each round trip is a dot */

/* A throughput tick: v Mbit/s in the axis' unit (Gbit/s from 2 Gbit/s on). */
static void
tput_label(char *buf, size_t len, double v, double hi)
{
	static const struct tick_unit u[] = {
		{ 2000, 1000, " Gbit/s" }, { 2, 1, " Mbit/s" }, { 0, 1e-3, " kbit/s" }
	};

	if (v == 0)
		snprintf(buf, len, "0");	/* the axis' foot, without a unit */
	else
		tick_label(buf, len, v, hi, u, HB_ARRAY_SIZE(u));
}

/* A round-trip tick: v ns in the unit of unit_ns ("500 us", "2 ms"). */
static void
rtt_label(char *buf, size_t len, double v, double unit_ns)
{
	static const struct tick_unit u[] = {
		{ 1e9, 1e9, " s" }, { 1e6, 1e6, " ms" }, { 1e3, 1e3, " us" }, { 0, 1, " ns" }
	};

	if (v == 0)
		snprintf(buf, len, "0");	/* the axis' foot, without a unit */
	else
		tick_label(buf, len, v, unit_ns, u, HB_ARRAY_SIZE(u));
}

/* A round top of a linear axis from 0: 1, 2, 2.5, 5 or 10 times a
 * power of ten at or above v (v > 0). */
static double
nice_top(double v)
{
	static const double steps[] = { 1, 2, 2.5, 5, 10 };
	double d = pow(10.0, floor(log10(v)));
	size_t k;

	for (k = 0; k + 1 < HB_ARRAY_SIZE(steps) && steps[k] * d < v * (1 - 1e-9); k++)
		;
	return steps[k] * d;
}

/* Whether series a and b are of one case (one chart). */
static int
same_case(const struct report_series *a, const struct report_series *b)
{
	return strcmp(a->program, b->program) == 0 && strcmp(a->group, b->group) == 0;
}

/* Whether series i is the first of its case: the one its chart is drawn at. */
static int
first_of_case(const struct report *rep, size_t i)
{
	size_t j;

	for (j = 0; j < i; j++)
		if (same_case(&rep->series[j], &rep->series[i]))
			return 0;
	return 1;
}

static size_t
case_count(const struct report *rep, size_t first)
{
	size_t i, n = 0;

	for (i = first; i < rep->nseries; i++)
		if (same_case(&rep->series[i], &rep->series[first]))
			n++;
	return n;
}

static int
series_height(size_t nrows)
{
	int h = MT + STH + SGAP + SRH + MB + 10, legend = MT + 10 + (int)nrows * SROW + 120;

	return legend > h ? legend : h;
}

/*
 * A legend line naming series s's run: its file (the end of a long
 * name), then its host, note and round or process, so that runs of one
 * host read apart without their index.
 */
static void
series_names(const struct report *rep, const struct report_series *s, int several,
	     char *l1, size_t n1, char *l2, size_t n2)
{
	const struct report_run *run = &rep->runs[s->run];
	size_t flen = strlen(run->file), fchars = utf8_chars(run->file, flen);
	char part[32] = "", hn[512];	/* (40 + 60 characters of 4 bytes at most) */
	const char *note = run->note != NULL ? run->note : "";

	if (fchars > 28)
		snprintf(l1, n1, "[%d] ...%s", run->id,
			 run->file + utf8_prefix(run->file, flen, fchars - 25));
	else
		snprintf(l1, n1, "[%d] %s", run->id, run->file);
	if (s->round > 0)
		snprintf(part, sizeof(part), ", round %u", s->round);
	else if (several)
		snprintf(part, sizeof(part), ", process %zu", s->part);
	snprintf(hn, sizeof(hn), "host %.*s%s%.*s", first_chars(run->host, 40), run->host,
		 run->note != NULL ? ", " : "", first_chars(note, 60), note);
	/* What the legend's width holds (the run list above the tables has
	 * the rest); the round or process always. */
	if (utf8_chars(hn, strlen(hn)) + strlen(part) > 34)
		snprintf(hn + first_chars(hn, 31 - strlen(part)), 4, "...");
	snprintf(l2, n2, "%.*s%s",
		 (int)utf8_fit(hn, strlen(hn), n2 > strlen(part) + 1 ? n2 - strlen(part) - 1 : 0), hn,
		 part);
}

/* The axes of a series chart: time, throughput, round trip. */
struct saxis {
	double lo, hi;		/* log: decades; else values from 0 */
	int log;
	double origin, len;	/* pixels: where lo is, and how far hi is */
	int up;			/* pixels grow downwards from origin */
};

/* Pixels of value v on axis x. */
static double
spos(const struct saxis *x, double v)
{
	double p;

	if (x->log) {
		double d = log10(v > 0 ? v : pow(10.0, x->lo));

		p = (fmax(d, x->lo) - x->lo) / (x->hi - x->lo) * x->len;
	} else
		p = v / x->hi * x->len;
	return x->up ? x->origin - p : x->origin + p;
}

/* The path of one line over time, a point at the middle of each bin: a
 * break (M) at each NaN. */
static void
series_path(FILE *f, const struct report_series *s, const double *v, const struct saxis *ax,
	    const struct saxis *ay)
{
	size_t k;
	int pen = 0;

	for (k = 0; k < s->n; k++) {
		double t = s->at[k] + s->bin_ms / 2;

		if (!isfinite(v[k]) || !isfinite(t)) {
			pen = 0;
			continue;
		}
		fprintf(f, "%s%.1f,%.1f", pen ? " L" : (k ? " M" : "M"), spos(ax, t), spos(ay, v[k]));
		pen = 1;
	}
}

/* Draw the chart of the case of series first at vertical offset y0;
 * returns its height. */
static int
series_chart(const struct report *rep, size_t first, FILE *f, int y0)
{
	static const double tsteps[] = { 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600 };
	const struct report_series *s0 = &rep->series[first];
	size_t nrows = case_count(rep, first), i, k, row;
	int pw = W - SML - MR, height = series_height(nrows), top = y0 + MT;
	int rt = top + STH + SGAP, rb = rt + SRH;
	double tmax = 0, vmax = 0, rmin = HUGE_VAL, rmax = 0, step, t;
	struct saxis ax, ay, ar;
	char lab[64], l1[96], l2[160], title[256];

	for (i = first; i < rep->nseries; i++) {
		const struct report_series *s = &rep->series[i];

		if (!same_case(s, s0))
			continue;
		for (k = 0; k < s->n; k++) {
			if (isfinite(s->at[k]))
				tmax = fmax(tmax, s->at[k] + s->bin_ms);
			if (isfinite(s->up[k]))
				vmax = fmax(vmax, s->up[k]);
			if (isfinite(s->down[k]))
				vmax = fmax(vmax, s->down[k]);
			if (isfinite(s->rtt[k]) && s->rtt[k] > 0) {
				rmin = fmin(rmin, s->rtt[k]);
				rmax = fmax(rmax, s->rtt[k]);
			}
		}
		if (isfinite(s->idle_rtt) && s->idle_rtt > 0) {
			rmin = fmin(rmin, s->idle_rtt);
			rmax = fmax(rmax, s->idle_rtt);
		}
	}
	/* Time: a round step, at most 8 of them across, in seconds. */
	tmax = tmax > 0 ? tmax / 1000 : 1;
	for (k = 0; k + 1 < HB_ARRAY_SIZE(tsteps) && tmax / tsteps[k] > 8; k++)
		;
	step = tsteps[k];
	ax.log = 0, ax.lo = 0, ax.hi = ceil(tmax / step - 1e-9) * step * 1000;
	ax.origin = SML, ax.len = pw, ax.up = 0;
	ay.log = 0, ay.lo = 0, ay.hi = nice_top(vmax > 0 ? vmax : 1);
	ay.origin = top + STH, ay.len = STH, ay.up = 1;
	/* The round trip: log when it spans more than a decade. */
	if (rmax <= 0)
		rmin = rmax = 1e5;
	ar.log = rmax > 10 * rmin;
	if (ar.log) {
		ar.lo = floor(log10(rmin));
		ar.hi = ceil(log10(rmax));
		if (ar.hi <= ar.lo)
			ar.hi = ar.lo + 1;
	} else {
		ar.lo = 0;
		ar.hi = nice_top(rmax);
	}
	ar.origin = rb, ar.len = SRH, ar.up = 1;

	fputs("<g>\n", f);
	snprintf(title, sizeof(title), "Latency under load over time: %s %s", s0->program, s0->group);
	for (k = 0; title[k] != '\0'; k++)
		if (title[k] == '/')
			title[k] = ' ';
	fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"15\">", SML, y0 + 22);
	xml_text(f, title);
	fputs("</text>\n", f);
	fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
		"stroke=\"#000000\"/>\n", SML, top, pw, STH);
	fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
		"stroke=\"#000000\"/>\n", SML, rt, pw, SRH);
	/* Time: grid through both panels, labels under the lower one. */
	for (t = 0; t <= ax.hi / 1000 + 1e-9; t += step) {
		double x = spos(&ax, t * 1000);
		char num[32];

		fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#dddddd\"/>\n",
			x, top, x, top + STH);
		fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#dddddd\"/>\n",
			x, rt, x, rb);
		fprintf(f, "<text class=\"t\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", x, rb + 16,
			report_num_sig(num, sizeof(num), t, 3));
	}
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">time from the start of the "
		"load (s)</text>\n", SML + pw / 2, rb + 36);
	for (k = 0; k <= 5; k++) {
		double v = ay.hi * (double)k / 5, y = spos(&ay, v);

		fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#dddddd\"/>\n",
			SML, y, SML + pw, y);
		tput_label(lab, sizeof(lab), v, ay.hi);
		fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", SML - 6, y + 4, lab);
	}
	if (ar.log) {
		for (t = ar.lo; t <= ar.hi + 1e-9; t += 1) {
			static const double sub[] = { 1, 2, 5 };

			for (k = 0; k < HB_ARRAY_SIZE(sub); k++) {
				double v = sub[k] * pow(10.0, t), y;

				if (log10(v) > ar.hi + 1e-9)
					break;
				y = spos(&ar, v);
				fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"/>\n",
					SML, y, SML + pw, y, k ? "#f0f0f0" : "#d8d8d8");
				if (k > 0 && ar.hi - ar.lo > 2)
					continue;
				rtt_label(lab, sizeof(lab), v, v);	/* each decade its unit */
				fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\"%s>%s</text>\n", SML - 6,
					y + 4, k ? " fill=\"#777777\"" : "", lab);
			}
		}
	} else {
		for (k = 0; k <= 4; k++) {
			double v = ar.hi * (double)k / 4, y = spos(&ar, v);

			fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#dddddd\"/>\n",
				SML, y, SML + pw, y);
			rtt_label(lab, sizeof(lab), v, ar.hi >= 2e9 ? 1e9 : ar.hi >= 2e6 ? 1e6
				  : ar.hi >= 2e3 ? 1e3 : 1);
			fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", SML - 6, y + 4,
				lab);
		}
	}
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 %d %d)\">"
		"throughput</text>\n", 14, top + STH / 2, 14, top + STH / 2);
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 %d %d)\">"
		"round trip%s</text>\n", 14, rt + SRH / 2, 14, rt + SRH / 2, ar.log ? " (log)" : "");
	for (row = 0, i = first; i < rep->nseries; i++) {
		const struct report_series *s = &rep->series[i];
		const char *color = palette[row % HB_ARRAY_SIZE(palette)];
		int ly = top + 8 + (int)row * SROW, several = 0;
		size_t j;

		if (!same_case(s, s0))
			continue;
		for (j = first; j < rep->nseries; j++)
			several |= j != i && same_case(&rep->series[j], s) && rep->series[j].run == s->run;
		fprintf(f, "<path class=\"up\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.8\" d=\"",
			color);
		series_path(f, s, s->up, &ax, &ay);
		fputs("\"/>\n", f);
		fprintf(f, "<path class=\"down\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.8\" "
			"stroke-dasharray=\"7,4\" d=\"", color);
		series_path(f, s, s->down, &ax, &ay);
		fputs("\"/>\n", f);
		fprintf(f, "<path class=\"rtt\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.8\" d=\"",
			color);
		series_path(f, s, s->rtt, &ax, &ar);
		fputs("\"/>\n", f);
		if (isfinite(s->idle_rtt))
			fprintf(f, "<line class=\"idle\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
				"stroke=\"%s\" stroke-width=\"1.2\" stroke-dasharray=\"2,3\"/>\n", SML,
				spos(&ar, s->idle_rtt), SML + pw, spos(&ar, s->idle_rtt), color);
		for (k = 0; k < s->n; k++) {
			double x = spos(&ax, s->at[k] + s->bin_ms / 2);

			if (!isfinite(s->at[k]))
				continue;
			if (isfinite(s->rtt[k])) {
				if (s->n <= SDOTS)
					fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"/>\n",
						x, spos(&ar, s->rtt[k]), color);
			} else	/* no probe answered: a cross at the top */
				fprintf(f, "<path class=\"lost\" stroke=\"%s\" stroke-width=\"2\" "
					"d=\"M%.1f,%d l8,8 m0,-8 l-8,8\"/>\n", color, x - 4, rt + 2);
		}
		series_names(rep, s, several, l1, sizeof(l1), l2, sizeof(l2));
		fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
			"stroke-width=\"4\"/>\n", W - MR + 14, ly, W - MR + 34, ly, color);
		fprintf(f, "<text x=\"%d\" y=\"%d\">", W - MR + 40, ly + 4);
		xml_text(f, l1);
		fputs("</text>\n", f);
		fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"#555555\">", W - MR + 40, ly + 19);
		xml_text(f, l2);
		fputs("</text>\n", f);
		row++;
	}
	/* The line styles. */
	{
		int ky = top + 8 + (int)nrows * SROW + 6;

		fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333333\" "
			"stroke-width=\"1.8\"/>\n", W - MR + 14, ky, W - MR + 34, ky);
		fprintf(f, "<text x=\"%d\" y=\"%d\">up (to the server)</text>\n", W - MR + 40, ky + 4);
		fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333333\" "
			"stroke-width=\"1.8\" stroke-dasharray=\"7,4\"/>\n", W - MR + 14, ky + 18,
			W - MR + 34, ky + 18);
		fprintf(f, "<text x=\"%d\" y=\"%d\">down (from the server)</text>\n", W - MR + 40,
			ky + 22);
		fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333333\" "
			"stroke-width=\"1.2\" stroke-dasharray=\"2,3\"/>\n", W - MR + 14, ky + 36,
			W - MR + 34, ky + 36);
		fprintf(f, "<text x=\"%d\" y=\"%d\">round trip idle (median)</text>\n", W - MR + 40,
			ky + 40);
		fprintf(f, "<path stroke=\"#333333\" stroke-width=\"2\" d=\"M%d,%d l8,8 m0,-8 l-8,8\"/>\n",
			W - MR + 20, ky + 50);
		fprintf(f, "<text x=\"%d\" y=\"%d\">no probe of a bin answered</text>\n", W - MR + 40,
			ky + 58);
		fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"#555555\">Lower panel: the median round "
			"trip</text>\n", W - MR + 14, ky + 82);
		fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"#555555\">of the UDP probes sent in each "
			"%s ms.</text>\n", W - MR + 14, ky + 97, report_num_sig(lab, sizeof(lab), s0->bin_ms, 3));
	}
	fputs("</g>\n", f);
	return height;
}

/* ---------------------------------------------------------------- documents */

static void
nothing(FILE *f, const char *what)
{
	svg_open(f, W, 60);
	fprintf(f, "<text x=\"10\" y=\"30\">%s</text>\n", what);
	svg_close(f);
}

int
report_svg_memlat(const struct report *rep, FILE *f)
{
	struct lat L;

	if (collect(rep, &L) != 0 || L.nc == 0) {
		lat_free(&L);
		nothing(f, "No memory latency results (lat_mem_rd) to plot.");
		return 0;
	}
	svg_open(f, W, lat_height(&L));
	memlat(rep, &L, f, 0);
	svg_close(f);
	lat_free(&L);
	return 1;
}

int
report_svg_ladder(const struct report *rep, FILE *f)
{
	size_t i;
	int h = 0, y = 0;

	for (i = 0; i < rep->nladders; i++)
		h += ladder_height(&rep->ladders[i]);
	if (h == 0) {
		nothing(f, "No rate ladder (bw_udp -b with a list of rates) to plot.");
		return 0;
	}
	svg_open(f, W, h);
	for (i = 0; i < rep->nladders; i++)
		y += ladder_chart(rep, &rep->ladders[i], f, y);
	svg_close(f);
	return 1;
}

int
report_svg_load(const struct report *rep, FILE *f)
{
	size_t i;
	int h = 0, y = 0;

	for (i = 0; i < rep->nseries; i++)
		if (first_of_case(rep, i))
			h += series_height(case_count(rep, i));
	if (h == 0) {
		nothing(f, "No time series (lat_load's series=200ms lines) to plot.");
		return 0;
	}
	svg_open(f, W, h);
	for (i = 0; i < rep->nseries; i++)
		if (first_of_case(rep, i))
			y += series_chart(rep, i, f, y);
	svg_close(f);
	return 1;
}

int
report_svg_ab(const struct report *rep, const struct report_ab *ab, FILE *f)
{
	if (ab_rows(ab) == 0) {
		nothing(f, "No column has values in both runs.");
		return 0;
	}
	svg_open(f, ab_width(ab), ab_height(ab));
	bars(rep, ab, f, 0);
	svg_close(f);
	return 1;
}

int
report_svg(const struct report *rep, FILE *f)
{
	struct lat L;
	size_t i;
	int h = 0, y = 0, w = W;

	if (collect(rep, &L) != 0)
		lat_free(&L);
	if (L.nc > 0)
		h += lat_height(&L);
	for (i = 0; i < rep->nladders; i++)
		h += ladder_height(&rep->ladders[i]);
	for (i = 0; i < rep->nseries; i++)
		if (first_of_case(rep, i))
			h += series_height(case_count(rep, i));
	for (i = 0; i < rep->nabs; i++)
		if (ab_rows(&rep->abs[i]) > 0) {
			h += ab_height(&rep->abs[i]);
			w = ab_width(&rep->abs[i]) > w ? ab_width(&rep->abs[i]) : w;
		}
	if (h == 0) {
		lat_free(&L);
		nothing(f, "Nothing to plot: no memory latency results and no comparison.");
		return 0;
	}
	svg_open(f, w, h);
	if (L.nc > 0)
		y += memlat(rep, &L, f, 0);
	for (i = 0; i < rep->nladders; i++)
		y += ladder_chart(rep, &rep->ladders[i], f, y);
	for (i = 0; i < rep->nseries; i++)
		if (first_of_case(rep, i))
			y += series_chart(rep, i, f, y);
	for (i = 0; i < rep->nabs; i++)
		if (ab_rows(&rep->abs[i]) > 0)
			y += bars(rep, &rep->abs[i], f, y);
	svg_close(f);
	lat_free(&L);
	return 1;
}
