/*
 * svg: plots as SVG 1.1 with no dependencies: memory load latency against
 * working-set size (log-log) for each run, rate ladders (received against
 * target over the loss), latency under load over time (throughput over
 * the probes' round trip), and each A/B comparison's deltas as horizontal
 * bars.  Coordinates are printed with fixed formats.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

#define W 760			/* chart width */
#define ML 70			/* margins: left, right, top, bottom */
#define MR 230
#define MT 40
#define MB 50
#define PH 360			/* plot height of the latency chart */
#define BAR 18			/* height of one bar row */

static const char *const palette[] = {
	"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
	"#17becf", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22",
};

static void
xml_text(FILE *f, const char *s)
{
	for (; *s != '\0'; s++) {
		switch (*s) {
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
			fputc(*s, f);
		}
	}
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
	char label[160];
	double *x, *y;		/* bytes, ns */
	size_t n;
};

static int
cmp_pt(const void *a, const void *b)
{
	const double *p = a, *q = b;

	return (p[0] > q[0]) - (p[0] < q[0]);
}

/* The curves of all runs: the results of the metrics the table plots by
 * size (METRIC_CURVE, lib/metric).  Returns how many (0 on allocation
 * failure). */
static size_t
collect(const struct report *rep, struct curve **out)
{
	struct curve *cv = NULL;
	size_t nc = 0, ri, i, j;

	for (ri = 0; ri < rep->nruns; ri++) {
		const struct resfile_run *rf = &rep->runs[ri].rf;

		for (i = 0; i < rf->nresults; i++) {
			const struct resfile_result *x = &rf->results[i];
			const struct metric *m;
			char order[16], stride[16], sz[32], key[160];
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
			snprintf(key, sizeof(key), "[%d] %s %s %s", rep->runs[ri].id,
				 rep->runs[ri].label, order, stride);
			for (j = 0; j < nc; j++)
				if (cv[j].run == ri && strcmp(cv[j].label, key) == 0)
					c = &cv[j];
			if (c == NULL) {
				struct curve *q = realloc(cv, (nc + 1) * sizeof(*cv));

				if (q == NULL)
					break;
				cv = q;
				c = &cv[nc++];
				memset(c, 0, sizeof(*c));
				c->run = ri;
				snprintf(c->label, sizeof(c->label), "%s", key);
			}
			pts = realloc(c->x, (c->n + 1) * 2 * sizeof(double));
			if (pts == NULL)
				break;
			c->x = pts;
			c->x[2 * c->n] = bytes;
			c->x[2 * c->n + 1] = st.median;
			c->n++;
		}
	}
	/* x holds (size, ns) pairs; sort them by size. */
	for (j = 0; j < nc; j++) {
		qsort(cv[j].x, cv[j].n, 2 * sizeof(double), cmp_pt);
		cv[j].y = cv[j].x + 1;
	}
	*out = cv;
	return nc;
}

static void
free_curves(struct curve *cv, size_t nc)
{
	size_t i;

	for (i = 0; i < nc; i++)
		free(cv[i].x);
	free(cv);
}

static void
size_label(char *buf, size_t len, double b)
{
	if (b >= 1073741824.0)
		snprintf(buf, len, "%.0fG", b / 1073741824.0);
	else if (b >= 1048576.0)
		snprintf(buf, len, "%.0fM", b / 1048576.0);
	else if (b >= 1024.0)
		snprintf(buf, len, "%.0fK", b / 1024.0);
	else
		snprintf(buf, len, "%.0f", b);
}

/* Draw the latency chart at vertical offset y0; returns its height. */
static int
memlat(const struct report *rep, const struct curve *cv, size_t nc, FILE *f, int y0)
{
	double xmin = HUGE_VAL, xmax = 0, ymin = HUGE_VAL, ymax = 0, lx0, lx1, ly0, ly1, t;
	int pw = W - ML - MR, height = MT + PH + MB, legend_h = (int)nc * 16 + MT + 10;
	size_t i, k;

	if (legend_h > height)
		height = legend_h;
	for (i = 0; i < nc; i++)
		for (k = 0; k < cv[i].n; k++) {
			double x = cv[i].x[2 * k], y = cv[i].x[2 * k + 1];

			xmin = x < xmin ? x : xmin;
			xmax = x > xmax ? x : xmax;
			ymin = y < ymin ? y : ymin;
			ymax = y > ymax ? y : ymax;
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

#define PX(b) (ML + (log2(b) - lx0) / (lx1 - lx0) * pw)
#define PY(v) (y0 + MT + PH - (log10(v) - ly0) / (ly1 - ly0) * PH)
	fprintf(f, "<g>\n<text x=\"%d\" y=\"%d\" font-size=\"15\">Memory load latency "
		"against working-set size</text>\n", ML, y0 + 22);
	fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
		"stroke=\"#000000\"/>\n", ML, y0 + MT, pw, PH);
	/* Grid and ticks: every power of 4 (or 2 when narrow) across. */
	{
		int step = lx1 - lx0 > 12 ? 2 : 1;
		char lab[32];

		for (t = lx0; t <= lx1 + 1e-9; t += step) {
			double x = ML + (t - lx0) / (lx1 - lx0) * pw;

			size_label(lab, sizeof(lab), pow(2.0, t));
			fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
				"stroke=\"#dddddd\"/>\n", x, y0 + MT, x, y0 + MT + PH);
			fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
				x, y0 + MT + PH + 16, lab);
		}
		for (t = ly0; t <= ly1 + 1e-9; t += 1) {
			double y = y0 + MT + PH - (t - ly0) / (ly1 - ly0) * PH;

			report_num(lab, sizeof(lab), pow(10.0, t));
			fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
				"stroke=\"#dddddd\"/>\n", ML, y, ML + pw, y);
			fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
				ML - 6, y + 4, lab);
		}
	}
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">size (bytes, log "
		"scale)</text>\n", ML + pw / 2, y0 + MT + PH + 36);
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 %d %d)\">"
		"ns per load (log scale)</text>\n", 16, y0 + MT + PH / 2, 16, y0 + MT + PH / 2);
	for (i = 0; i < nc; i++) {
		const char *color = palette[i % HB_ARRAY_SIZE(palette)];
		int dash = strstr(cv[i].label, " random ") != NULL;

		fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"%s points=\"",
			color, dash ? " stroke-dasharray=\"5,3\"" : "");
		for (k = 0; k < cv[i].n; k++)
			fprintf(f, "%s%.1f,%.1f", k ? " " : "", PX(cv[i].x[2 * k]),
				PY(cv[i].x[2 * k + 1]));
		fputs("\"/>\n", f);
		fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
			"stroke-width=\"2\"%s/>\n", W - MR + 14, y0 + MT + 8 + (int)i * 16,
			W - MR + 38, y0 + MT + 8 + (int)i * 16, color,
			dash ? " stroke-dasharray=\"5,3\"" : "");
		fprintf(f, "<text x=\"%d\" y=\"%d\">", W - MR + 44, y0 + MT + 12 + (int)i * 16);
		xml_text(f, cv[i].label);
		fputs("</text>\n", f);
	}
#undef PX
#undef PY
	fputs("</g>\n", f);
	return height;
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
		const struct report_run *run = &rep->runs[row->run];
		int ly = top + 8 + (int)r * 32, first;

		fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.8\" points=\"", color);
		for (first = 1, k = 0; k < lad->ntargets; k++)
			if (!isnan(row->got[k])) {
				fprintf(f, "%s%.1f,%.1f", first ? "" : " ", PX(lad->targets[k]), PY(row->got[k]));
				first = 0;
			}
		fputs("\"/>\n", f);
		fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.8\" points=\"", color);
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
			"stroke-width=\"2\"/>\n", W - MR + 14, ly, W - MR + 38, ly, color);
		snprintf(buf, sizeof(buf), "[%d] %s%s%s", run->id, run->label, run->note ? " " : "",
			 run->note ? run->note : "");
		fprintf(f, "<text x=\"%d\" y=\"%d\">", W - MR + 44, ly + 4);
		xml_text(f, buf);
		fputs("</text>\n", f);
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
	fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"#555555\">ring: the knee (sent in full, little "
		"loss)</text>\n", W - MR + 14, top + 8 + (int)lad->nrows * 32 + 22);
#undef PX
#undef PY
#undef LY
	fputs("</g>\n", f);
	return height;
}

/* ---------------------------------------------------------------- A/B bars */

static size_t
ab_rows(const struct report_ab *ab)
{
	size_t i, n = 0;

	for (i = 0; i < ab->nsecs; i++)
		n += ab->secs[i].nrows;
	return n;
}

static int
ab_height(const struct report_ab *ab)
{
	return MT + (int)ab_rows(ab) * BAR + MB;
}

static int
bars(const struct report *rep, const struct report_ab *ab, FILE *f, int y0)
{
	static const double spans[] = { 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000 };
	int lw = 260, pw = W - lw - 90, row = 0, height = ab_height(ab);
	double span = 5, x0;
	size_t si, k;
	char buf[64], title[256];

	for (si = 0; si < ab->nsecs; si++)
		for (k = 0; k < ab->secs[si].nrows; k++) {
			double d = fabs(ab->secs[si].rows[k].delta);

			if (isfinite(d) && d > span)
				span = d;
		}
	/* A round span: 5, 10, 20, 50, 100 ... percent. */
	for (k = 0; k + 1 < HB_ARRAY_SIZE(spans) && spans[k] < span; k++)
		;
	span = spans[k] > span ? spans[k] : span;
	x0 = lw + pw / 2.0;
	snprintf(title, sizeof(title), "[%d] %s against [%d] %s: change in percent",
		 rep->runs[ab->other].id, rep->runs[ab->other].file,
		 rep->runs[ab->base].id, rep->runs[ab->base].file);
	fputs("<g>\n", f);
	fprintf(f, "<text x=\"10\" y=\"%d\" font-size=\"15\">", y0 + 22);
	xml_text(f, title);
	fputs("</text>\n", f);
	for (si = 0; si < ab->nsecs; si++)
		for (k = 0; k < ab->secs[si].nrows; k++, row++) {
			const struct report_ab_row *r = &ab->secs[si].rows[k];
			double y = y0 + MT + row * BAR, d = isfinite(r->delta) ? r->delta : 0;
			double wpx = fabs(d) / span * (pw / 2.0);
			const char *color = r->verdict == REPORT_WORSE ? "#c0392b"
					    : r->verdict == REPORT_BETTER ? "#2a9d4a"
					    : r->verdict == REPORT_CHANGED ? "#1f77b4"
					    : r->verdict == REPORT_INCOMPARABLE ? "#ffffff" : "#aaaaaa";
			char label[160];

			snprintf(label, sizeof(label), "%s: %s", ab->secs[si].s->id, r->m->column);
			fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">", lw - 8, y + 13);
			xml_text(f, label);
			fputs("</text>\n", f);
			fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"%s\""
				"%s/>\n", d < 0 ? x0 - wpx : x0, y + 2, wpx, BAR - 4, color,
				r->verdict == REPORT_INCOMPARABLE ? " stroke=\"#aaaaaa\"" : "");
			snprintf(buf, sizeof(buf), "%+.1f%% %s", d, report_verdict_text(r));
			fprintf(f, "<text x=\"%.1f\" y=\"%.1f\"%s>%s</text>\n",
				d < 0 ? x0 - wpx - 4 : x0 + wpx + 4, y + 13,
				d < 0 ? " text-anchor=\"end\"" : "", buf);
		}
	fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#000000\"/>\n",
		x0, y0 + MT, x0, y0 + MT + row * BAR);
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">-%.0f%%</text>\n", lw,
		y0 + MT + row * BAR + 16, span);
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">+%.0f%%</text>\n", lw + pw,
		y0 + MT + row * BAR + 16, span);
	fprintf(f, "<text x=\"10\" y=\"%d\" fill=\"#555555\">green: better, red: worse, blue: "
		"changed (no direction), grey: no change shown, unreliable or untested, "
		"outlined: not comparable</text>\n", y0 + MT + row * BAR + 34);
	fputs("</g>\n", f);
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
	size_t flen = strlen(run->file);
	char part[32] = "", hn[112];

	if (flen > 28)
		snprintf(l1, n1, "[%d] ...%s", run->id, run->file + flen - 25);
	else
		snprintf(l1, n1, "[%d] %s", run->id, run->file);
	if (s->round > 0)
		snprintf(part, sizeof(part), ", round %u", s->round);
	else if (several)
		snprintf(part, sizeof(part), ", process %zu", s->part);
	snprintf(hn, sizeof(hn), "host %.40s%s%.60s", run->host, run->note != NULL ? ", " : "",
		 run->note != NULL ? run->note : "");
	/* What the legend's width holds (the run list above the tables has
	 * the rest); the round or process always. */
	if (strlen(hn) + strlen(part) > 34)
		snprintf(hn + 31 - strlen(part), sizeof(hn) - 31 + strlen(part), "...");
	snprintf(l2, n2, "%s%s", hn, part);
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
	struct curve *cv;
	size_t nc = collect(rep, &cv);
	int h;

	if (nc == 0) {
		free_curves(cv, nc);
		nothing(f, "No memory latency results (lat_mem_rd) to plot.");
		return 0;
	}
	h = MT + PH + MB;
	if ((int)nc * 16 + MT + 10 > h)
		h = (int)nc * 16 + MT + 10;
	svg_open(f, W, h);
	memlat(rep, cv, nc, f, 0);
	svg_close(f);
	free_curves(cv, nc);
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
	svg_open(f, W, ab_height(ab));
	bars(rep, ab, f, 0);
	svg_close(f);
	return 1;
}

int
report_svg(const struct report *rep, FILE *f)
{
	struct curve *cv;
	size_t nc = collect(rep, &cv), i;
	int h = 0, y = 0;

	if (nc > 0) {
		h = MT + PH + MB;
		if ((int)nc * 16 + MT + 10 > h)
			h = (int)nc * 16 + MT + 10;
	}
	for (i = 0; i < rep->nladders; i++)
		h += ladder_height(&rep->ladders[i]);
	for (i = 0; i < rep->nseries; i++)
		if (first_of_case(rep, i))
			h += series_height(case_count(rep, i));
	for (i = 0; i < rep->nabs; i++)
		if (ab_rows(&rep->abs[i]) > 0)
			h += ab_height(&rep->abs[i]);
	if (h == 0) {
		free_curves(cv, nc);
		nothing(f, "Nothing to plot: no memory latency results and no comparison.");
		return 0;
	}
	svg_open(f, W, h);
	if (nc > 0)
		y += memlat(rep, cv, nc, f, 0);
	for (i = 0; i < rep->nladders; i++)
		y += ladder_chart(rep, &rep->ladders[i], f, y);
	for (i = 0; i < rep->nseries; i++)
		if (first_of_case(rep, i))
			y += series_chart(rep, i, f, y);
	for (i = 0; i < rep->nabs; i++)
		if (ab_rows(&rep->abs[i]) > 0)
			y += bars(rep, &rep->abs[i], f, y);
	svg_close(f);
	free_curves(cv, nc);
	return 1;
}
