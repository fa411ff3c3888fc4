/*
 * memlat: the memory latency chart (see memlat.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/compat.h"
#include "memlat.h"
#include "model/curves.h"
#include "model/num.h"
#include "model/report.h"
#include "svg.h"

#define PH 360			/* plot height of the latency chart */

/*
 * Curve j's colour by its run and dash by its walk (and by the round of
 * colours past the tenth run), so that no two curves look alike: walks
 * are numbered as the curves before j first have them (16 at most).
 */
static void
look(const struct curves *L, size_t j, int *color, int *dash)
{
	char walks[16][64];
	size_t nwalks = 0, k, w = 0, rank = 0;

	for (k = 0; k <= j; k++) {
		const struct curve *c = &L->cv[k];

		for (w = 0; w < nwalks && strcmp(walks[w], c->walk) != 0; w++)
			;
		if (w == nwalks && nwalks < HB_ARRAY_SIZE(walks))
			snprintf(walks[nwalks++], sizeof(walks[0]), "%s", c->walk);
	}
	while (L->runs[rank] != L->cv[j].run)
		rank++;
	*color = (int)(rank % HB_ARRAY_SIZE(svg_palette));
	*dash = (int)((w + rank / HB_ARRAY_SIZE(svg_palette) * nwalks) % HB_ARRAY_SIZE(svg_dashes));
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
lat_legend_lines(const struct curves *L)
{
	return (int)(L->nruns + L->nc);
}

static int
lat_height(const struct curves *L)
{
	int h = SVG_MT + PH + SVG_MB + (L->nempty > 0 ? 18 : 0);
	int legend = SVG_MT + 10 + lat_legend_lines(L) * LROW + (L->ncm > 0 ? 3 * LROW : 0);

	return legend > h ? legend : h;
}

/* Draw the latency chart at vertical offset y0; returns its height. */
static int
draw(const struct report *rep, const struct curves *L, FILE *f, int y0)
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
	/* cppcheck-suppress invalidFunctionArg ; the curves keep sizes > 0 only, nc > 0 */
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
		int color, dash;

		look(L, i, &color, &dash);
		fprintf(f, "<polyline class=\"curve\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.6\"",
			svg_palette[color]);
		if (*svg_dashes[dash])
			fprintf(f, " stroke-dasharray=\"%s\"", svg_dashes[dash]);
		fputs(" points=\"", f);
		for (k = 0; k < c->n; k++)
			fprintf(f, "%s%.1f,%.1f", k ? " " : "", PX(c->x[2 * k]), PY(c->y[2 * k]));
		fputs("\"/>\n", f);
		if (c->n == 1)	/* a line of one point shows nothing: a dot */
			fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n",
				PX(c->x[0]), PY(c->y[0]), svg_palette[color]);
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
			int color, dash;

			if (c->run != L->runs[r])
				continue;
			look(L, i, &color, &dash);
			fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
				"stroke-width=\"2\"", SVG_W - SVG_MR + 18, ly, SVG_W - SVG_MR + 52, ly, svg_palette[color]);
			if (*svg_dashes[dash])
				fprintf(f, " stroke-dasharray=\"%s\"", svg_dashes[dash]);
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

/* The curves to draw (the model's: curves.h); NULL when there are none. */
static const struct curves *
curves_of(const struct report *rep)
{
	return rep->curves != NULL && rep->curves->nc > 0 ? rep->curves : NULL;
}

int
memlat_height(const struct report *rep)
{
	const struct curves *L = curves_of(rep);

	return L != NULL ? lat_height(L) : 0;
}

int
memlat_draw(const struct report *rep, FILE *f, int y0)
{
	const struct curves *L = curves_of(rep);

	return L != NULL ? draw(rep, L, f, y0) : 0;
}

int
memlat_svg(const struct report *rep, FILE *f, enum svg_kind kind)
{
	const struct curves *L = curves_of(rep);

	if (L == NULL) {
		svg_nothing(f, kind, "No memory latency results (lat_mem_rd) to plot.");
		return 0;
	}
	svg_open(f, kind, SVG_W, lat_height(L));
	draw(rep, L, f, 0);
	svg_close(f);
	return 1;
}
