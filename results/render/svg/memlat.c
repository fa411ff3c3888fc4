/*
 * memlat: the memory latency chart (see memlat.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/compat.h"
#include "core/metric.h"
#include "core/stats.h"
#include "core/utf8.h"
#include "memlat.h"
#include "model/num.h"
#include "model/report.h"
#include "read/resfile.h"
#include "svg.h"

#define PH 360			/* plot height of the latency chart */

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
struct memlat {
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
lat_free(struct memlat *L)
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
add_mark(struct memlat *L, size_t run, const char *level, double bytes)
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
cache_marks(struct memlat *L, const struct report *rep, size_t ri)
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
collect(const struct report *rep, struct memlat *L)
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
		c->color = (int)(rank % HB_ARRAY_SIZE(svg_palette));
		c->dash = (int)((w + rank / HB_ARRAY_SIZE(svg_palette) * nwalks) % HB_ARRAY_SIZE(svg_dashes));
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
lat_legend_lines(const struct memlat *L)
{
	return (int)(L->nruns + L->nc);
}

static int
lat_height(const struct memlat *L)
{
	int h = SVG_MT + PH + SVG_MB + (L->nempty > 0 ? 18 : 0);
	int legend = SVG_MT + 10 + lat_legend_lines(L) * LROW + (L->ncm > 0 ? 3 * LROW : 0);

	return legend > h ? legend : h;
}

/* Draw the latency chart at vertical offset y0; returns its height. */
static int
draw(const struct report *rep, const struct memlat *L, FILE *f, int y0)
{
	double xmin = HUGE_VAL, xmax = 0, ymin = HUGE_VAL, ymax = 0, lx0, lx1, ly0, ly1, t;
	int pw = SVG_W - SVG_ML - SVG_MR, top = y0 + SVG_MT, step, ly;
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
#define PX(b) (SVG_ML + (log2(b) - lx0) / (lx1 - lx0) * pw)
#define PY(v) (top + PH - (log10(v) - ly0) / (ly1 - ly0) * PH)
	fputs("<g>\n", f);
	svg_text_at(f, SVG_ML, y0 + 22, "font-size=\"15\"",
		"Memory load latency against working-set size (lat_mem_rd)");
	for (t = lx0; t <= lx1 + 1e-9; t += 1) {
		double x = SVG_ML + (t - lx0) / (lx1 - lx0) * pw;
		int major = fmod(t, step) == 0;

		fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\"/>\n",
			x, top, x, top + PH, major ? "#d8d8d8" : "#f0f0f0");
		if (!major)
			continue;
		size_label(lab, sizeof(lab), pow(2.0, t));
		svg_text_at(f, x, top + PH + 16, "class=\"tick\" text-anchor=\"middle\"", lab);
	}
	for (t = ly0; t <= ly1 + 1e-9; t += 1) {
		static const double sub[] = { 1, 2, 5 };

		for (k = 0; k < HB_ARRAY_SIZE(sub); k++) {
			double v = sub[k] * pow(10.0, t), y;

			if (log10(v) > ly1 + 1e-9)
				break;
			y = PY(v);
			fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"/>\n",
				SVG_ML, y, SVG_ML + pw, y, k ? "#f0f0f0" : "#d8d8d8");
			if (k > 0 && ly1 - ly0 > 2)
				continue;
			report_num_sig(lab, sizeof(lab), v, 3);
			svg_text_at(f, SVG_ML - 6, y + 4, k ? "class=\"tick\" text-anchor=\"end\" fill=\"#777777\""
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
		color = c->shared ? "#555555" : svg_palette[r % HB_ARRAY_SIZE(svg_palette)];
		x = PX(c->bytes);
		size_label(lab, sizeof(lab), c->bytes);
		fprintf(f, "<line class=\"cache\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" "
			"stroke-width=\"1.2\" stroke-dasharray=\"1,3\"/>\n", x, top, x, top + PH, color);
		{
			char name[300];

			/* Named on the side with room: left of a line near the right edge. */
			snprintf(name, sizeof(name), "%s %s", c->level, lab);
			svg_text_at(f, x > SVG_ML + 0.85 * pw ? x - 3 : x + 3, top + 12 + (double)(k++ % 3) * 13,
				x > SVG_ML + 0.85 * pw ? "font-size=\"11\" text-anchor=\"end\"" : "font-size=\"11\"",
				name);
		}
	}
	fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
		"stroke=\"#000000\"/>\n", SVG_ML, top, pw, PH);
	svg_text_at(f, SVG_ML + pw / 2.0, top + PH + 34, "text-anchor=\"middle\"",
		"working-set size (bytes, log scale; K, M, G: 2^10, 2^20, 2^30)");
	fprintf(f, "<text x=\"16\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 16 %d)\">"
		"ns per load (log scale)</text>\n", top + PH / 2, top + PH / 2);
	for (i = 0; i < L->nc; i++) {
		const struct curve *c = &L->cv[i];

		fprintf(f, "<polyline class=\"curve\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.6\"",
			svg_palette[c->color]);
		if (*svg_dashes[c->dash])
			fprintf(f, " stroke-dasharray=\"%s\"", svg_dashes[c->dash]);
		fputs(" points=\"", f);
		for (k = 0; k < c->n; k++)
			fprintf(f, "%s%.1f,%.1f", k ? " " : "", PX(c->x[2 * k]), PY(c->y[2 * k]));
		fputs("\"/>\n", f);
		if (c->n == 1)	/* a line of one point shows nothing: a dot */
			fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n",
				PX(c->x[0]), PY(c->y[0]), svg_palette[c->color]);
	}
	/* The legend: each run as the tables name it, then its curves. */
	ly = top + 8;
	for (r = 0; r < L->nruns; r++) {
		svg_run_name(rep, L->runs[r], lab, sizeof(lab));
		svg_cut(lab, 36);
		svg_text_at(f, SVG_W - SVG_MR + 10, ly + 4, "font-weight=\"bold\"", lab);
		ly += LROW;
		for (i = 0; i < L->nc; i++) {
			const struct curve *c = &L->cv[i];

			if (c->run != L->runs[r])
				continue;
			fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
				"stroke-width=\"2\"", SVG_W - SVG_MR + 18, ly, SVG_W - SVG_MR + 52, ly, svg_palette[c->color]);
			if (*svg_dashes[c->dash])
				fprintf(f, " stroke-dasharray=\"%s\"", svg_dashes[c->dash]);
			fputs("/>\n", f);
			snprintf(lab, sizeof(lab), "[%d] %s %s", rep->runs[c->run].id,
				 rep->runs[c->run].label, c->walk);
			svg_cut(lab, 30);
			svg_text_at(f, SVG_W - SVG_MR + 58, ly + 4, "", lab);
			ly += LROW;
		}
	}
	if (L->ncm > 0) {
		svg_text_at(f, SVG_W - SVG_MR + 10, ly + 8, "fill=\"#555555\"", "dotted: the cache sizes,");
		svg_text_at(f, SVG_W - SVG_MR + 10, ly + 8 + LROW, "fill=\"#555555\"",
			"the kernel's (or as measured)");
	}
	/* Runs that have no memory latency results, named. */
	if (L->nempty > 0) {
		size_t n = (size_t)snprintf(lab, sizeof(lab), "no data: ");

		for (i = 0; i < L->nempty && n < sizeof(lab); i++)
			n += (size_t)snprintf(lab + n, sizeof(lab) - n, "%s[%d] %s", i ? ", " : "",
					      rep->runs[L->empty[i]].id,
					      svg_file_base(rep->runs[L->empty[i]].file));
		svg_cut(lab, 90);
		svg_text_at(f, SVG_ML, top + PH + 54, "class=\"nodata\" fill=\"#a00000\"", lab);
	}
#undef PX
#undef PY
	fputs("</g>\n", f);
	return lat_height(L);
}

int
memlat_height(const struct report *rep)
{
	struct memlat L;
	int h = 0;

	if (collect(rep, &L) == 0 && L.nc > 0)
		h = lat_height(&L);
	lat_free(&L);
	return h;
}

int
memlat_draw(const struct report *rep, FILE *f, int y0)
{
	struct memlat L;
	int h = 0;

	if (collect(rep, &L) == 0 && L.nc > 0)
		h = draw(rep, &L, f, y0);
	lat_free(&L);
	return h;
}

int
memlat_svg(const struct report *rep, FILE *f, enum svg_kind kind)
{
	struct memlat L;

	if (collect(rep, &L) != 0 || L.nc == 0) {
		lat_free(&L);
		svg_nothing(f, kind, "No memory latency results (lat_mem_rd) to plot.");
		return 0;
	}
	svg_open(f, kind, SVG_W, lat_height(&L));
	draw(rep, &L, f, 0);
	svg_close(f);
	lat_free(&L);
	return 1;
}
