/*
 * ladder: the rate ladders' chart (see ladder.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/compat.h"
#include "ladder.h"
#include "model/report.h"
#include "svg.h"

#define LH 300			/* plot height of received against target */
#define LL 130			/* plot height of the loss */
#define LGAP 50			/* between the two */

/* A rate in Mbit/s as a tick label with its unit: "500M", "1G", "2.5G". */
static void
rate_label(char *buf, size_t len, double mbit)
{
	static const struct svg_tick_unit u[] = { { 1000, 1000, "G" }, { 1, 1, "M" }, { 0, 1e-3, "k" } };

	svg_tick_label(buf, len, mbit, mbit, u, HB_ARRAY_SIZE(u));
}

int
ladder_height(const struct report_ladder *lad)
{
	int h = SVG_MT + LH + LGAP + LL + SVG_MB + 20, legend = (int)lad->nrows * 32 + SVG_MT + 60;

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

int
ladder_draw(const struct report *rep, const struct report_ladder *lad, FILE *f, int y0)
{
	static const double linear_steps[] = { 1, 2, 2.5, 5, 10 };
	double vmin = HUGE_VAL, vmax = 0, t;
	int pw = SVG_W - SVG_ML - SVG_MR, height = ladder_height(lad), top = y0 + SVG_MT, lt = top + LH + LGAP;
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
#define PX(v) (SVG_ML + rpos(&ax, (v), pw))
#define PY(v) (top + LH - rpos(&ax, (v), LH))
#define LY(p) (lt + LL - (p) / 100.0 * LL)
	fputs("<g>\n", f);
	snprintf(buf, sizeof(buf), "Rate ladder of %s: received against target, and the loss",
		 lad->m->fact.program != NULL ? lad->m->fact.program : lad->program);
	fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"15\">", SVG_ML, y0 + 22);
	svg_xml_text(f, buf);
	fputs("</text>\n", f);
	fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
		"stroke=\"#000000\"/>\n", SVG_ML, top, pw, LH);
	fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
		"stroke=\"#000000\"/>\n", SVG_ML, lt, pw, LL);
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
					SVG_ML, y, SVG_ML + pw, y, k ? "#f0f0f0" : "#d8d8d8");
				if (k > 0 && ax.hi - ax.lo > 3)
					continue;
				rate_label(lab, sizeof(lab), v);
				fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\"%s>%s</text>\n", x,
					lt + LL + 16, k ? " fill=\"#777777\"" : "", lab);
				fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\"%s>%s</text>\n", SVG_ML - 6,
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
				SVG_ML, y, SVG_ML + pw, y);
			rate_label(lab, sizeof(lab), v);
			fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", x,
				lt + LL + 16, k ? lab : "0");
			fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", SVG_ML - 6, y + 4,
				k ? lab : "0");
		}
	}
	for (k = 0; k <= 4; k++) {
		double y = LY(25.0 * (double)k);

		fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#d8d8d8\"/>\n",
			SVG_ML, y, SVG_ML + pw, y);
		fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%d%%</text>\n", SVG_ML - 6, y + 4,
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
		SVG_ML + pw / 2, lt + LL + 36, ax.log ? ", log scale" : "");
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 %d %d)\">"
		"received (bit/s%s)</text>\n", 16, top + LH / 2, 16, top + LH / 2,
		ax.log ? ", log scale" : "");
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 %d %d)\">"
		"loss</text>\n", 16, lt + LL / 2, 16, lt + LL / 2);
	for (r = 0; r < lad->nrows; r++) {
		const struct report_ladder_row *row = &lad->rows[r];
		const char *color = svg_palette[r % HB_ARRAY_SIZE(svg_palette)];
		/* Past the tenth row, the colours again with another dash. */
		const char *dash = svg_dashes[r / HB_ARRAY_SIZE(svg_palette) % HB_ARRAY_SIZE(svg_dashes)];
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
			"stroke-width=\"2\"%s/>\n", SVG_W - SVG_MR + 14, ly, SVG_W - SVG_MR + 38, ly, color, da);
		svg_run_name(rep, row->run, buf, sizeof(buf));
		svg_cut(buf, 32);
		svg_text_at(f, SVG_W - SVG_MR + 44, ly + 4, "font-size=\"11\"", buf);
		if (isnan(row->knee))
			snprintf(lab, sizeof(lab), "none");
		else
			rate_label(lab, sizeof(lab), row->knee);
		snprintf(buf, sizeof(buf), "knee %s%s%s", lab, common ? "" : ", ", common ? "" : row->group);
		fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"#555555\">", SVG_W - SVG_MR + 44, ly + 18);
		svg_xml_text(f, buf);
		fputs("</text>\n", f);
	}
	if (common) {
		fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"#555555\">", SVG_W - SVG_MR + 14,
			top + 8 + (int)lad->nrows * 32 + 4);
		svg_xml_text(f, lad->rows[0].group);
		fputs("</text>\n", f);
	}
	fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"#555555\">ring: the knee (sent in full,</text>\n"
		"<text x=\"%d\" y=\"%d\" fill=\"#555555\">little loss)</text>\n", SVG_W - SVG_MR + 14,
		top + 8 + (int)lad->nrows * 32 + 22, SVG_W - SVG_MR + 14, top + 8 + (int)lad->nrows * 32 + 37);
#undef PX
#undef PY
#undef LY
	fputs("</g>\n", f);
	return height;
}

int
ladder_svg(const struct report *rep, FILE *f, enum svg_kind kind)
{
	size_t i;
	int h = 0, y = 0;

	for (i = 0; i < rep->nladders; i++)
		h += ladder_height(&rep->ladders[i]);
	if (h == 0) {
		svg_nothing(f, kind, "No rate ladder (bw_udp -b with a list of rates) to plot.");
		return 0;
	}
	svg_open(f, kind, SVG_W, h);
	for (i = 0; i < rep->nladders; i++)
		y += ladder_draw(rep, &rep->ladders[i], f, y);
	svg_close(f);
	return 1;
}
