/*
 * delta: an A/B comparison's chart (see delta.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/compat.h"
#include "delta.h"
#include "model/num.h"
#include "model/report.h"
#include "read/metric_table.h"
#include "render/format.h"
#include "svg.h"
#include "read/metric_what.h"

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

size_t
delta_rows(const struct report_ab *ab)
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

int
delta_height(const struct report_ab *ab)
{
	struct ab_geom g;

	ab_geom(ab, &g);
	return AB_HEAD + ab_plan(ab, &g, NULL) + AB_FOOT;
}

int
delta_width(const struct report_ab *ab)
{
	struct ab_geom g;

	ab_geom(ab, &g);
	return g.width > SVG_W ? g.width : SVG_W;
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
		svg_run_name(rep, run, buf, len);
}

/* The files of a side: "vm.0" or "vm.0 vm.1 vm.2", cut to len. */
static void
side_files(const struct report *rep, const struct report_group *g, size_t run, char *buf, size_t len)
{
	size_t i, n = 0;

	buf[0] = '\0';
	if (g == NULL || g->n <= 1) {
		snprintf(buf, len, "%s", svg_file_base(rep->runs[run].file));
		return;
	}
	for (i = 0; i < g->n && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? " " : "",
				      svg_file_base(rep->runs[g->runs[i]].file));
}

int
delta_draw(const struct report *rep, const struct report_ab *ab, FILE *f, int y0)
{
	struct ab_geom g;
	int *col = NULL, height = delta_height(ab), rows_h, top = y0 + AB_HEAD, e = 1, c;
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
	svg_cut(buf, (size_t)(g.width - 20) / 8);
	svg_text_at(f, 10, y0 + 22, "font-size=\"15\"", buf);
	side_files(rep, ab->ga, ab->base, sa, sizeof(sa));
	side_files(rep, ab->gb, ab->other, sb, sizeof(sb));
	snprintf(buf, sizeof(buf), "a: %s; b: %s. A bar: the ratio b/a of a metric (right of "
		 "\xc3\x97" "1: larger in b), on a log scale.", sa, sb);
	svg_cut(buf, (size_t)(g.width - 20) / 6);
	svg_text_at(f, 10, y0 + 40, "fill=\"#444444\"", buf);
	/* The legend: what each colour says, in two lines. */
	lx = 10;
	for (k = 0; k < HB_ARRAY_SIZE(looks); k++) {
		double ly = y0 + 52 + (k >= 4 ? 18 : 0);

		if (k == 4) {
			/* The pale ones: an untested or unreliable change's lean. */
			svg_text_at(f, 10, ly + 9, "font-size=\"11\"", "not tested or unreliable, leaning:");
			lx = 10 + 6 + 5.8 * 32;
		}
		if (k == 7)
			lx += 10;
		fprintf(f, "<rect class=\"key %s\" x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"10\" "
			"fill=\"%s\"%s%s%s/>\n", looks[k].cls, lx, ly, looks[k].fill,
			looks[k].stroke ? " stroke=\"" : "", looks[k].stroke ? looks[k].stroke : "",
			looks[k].stroke ? "\"" : "");
		svg_text_at(f, lx + 18, ly + 9, "font-size=\"11\"", looks[k].legend);
		lx += 32 + 5.8 * (double)strlen(looks[k].legend);
	}
	fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#222222\"/>\n"
		"<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#222222\"/>\n"
		"<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#222222\"/>\n",
		lx, y0 + 75, lx + 20, y0 + 75, lx, y0 + 72, lx, y0 + 78, lx + 20, y0 + 72, lx + 20, y0 + 78);
	snprintf(buf, sizeof(buf), "%.0f%% interval", 100 * ABTEST_CI_LEVEL);
	svg_text_at(f, lx + 26, y0 + 79, "font-size=\"11\"", buf);
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
			svg_text_at(f, x, top - 8, "class=\"tick\" text-anchor=\"middle\" font-size=\"11\"", buf);
			svg_text_at(f, x, top + rows_h + 17, "class=\"tick\" text-anchor=\"middle\" font-size=\"11\"", buf);
		}
		svg_text_at(f, cx + g.pw / 2.0, top + rows_h + 34, "text-anchor=\"middle\"",
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
			svg_text_at(f, cx - g.lw, y + 16, "class=\"sec\" font-weight=\"bold\"", buf);
			fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#bbbbbb\"/>\n",
				cx - g.lw, y + 20, cx + g.pw + g.vw - 10, y + 20);
			y += AB_SEC;
			for (k = 0; k < s->nrows; k++, y += AB_ROW) {
				const struct report_ab_row *r = &s->rows[k];
				double q = ab_ratio(r), x1 = AX(cx, 1.0), xq, mid = y + AB_ROW / 2.0;
				enum ab_look look = ab_look(r, q);
				int clamp;

				snprintf(buf, sizeof(buf), "%s", r->m->column);
				svg_cut(buf, (size_t)g.lw / 7);
				fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" font-size=\"11\">"
					"<title>", cx - 6, mid + 4);
				svg_xml_text(f, metric_what_of(r->m) != NULL ? metric_what_of(r->m) : r->m->column);
				fputs("</title>", f);
				svg_xml_text(f, buf);
				fputs("</text>\n", f);
				if (!isfinite(q)) {
					svg_text_at(f, cx + g.pw + 6, mid + 4, "font-size=\"11\" fill=\"#777777\"",
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
					svg_xml_text(f, tip);
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

					/* The ratio, as the page's tables show it: "×1.26". */
					snprintf(buf, sizeof(buf), "%s %s", format_ratio(num, sizeof(num), q),
						 format_verdict_text(r));
					svg_cut(buf, (size_t)g.vw / 6);
					svg_text_at(f, cx + g.pw + 6, mid + 4, "font-size=\"11\"", buf);
				}
			}
		}
	}
#undef AX
	fputs("</g>\n", f);
	free(col);
	return height;
}

int
delta_svg(const struct report *rep, const struct report_ab *ab, FILE *f, enum svg_kind kind)
{
	if (delta_rows(ab) == 0) {
		svg_nothing(f, kind, "No column has values in both runs.");
		return 0;
	}
	svg_open(f, kind, delta_width(ab), delta_height(ab));
	delta_draw(rep, ab, f, 0);
	svg_close(f);
	return 1;
}
