/*
 * load: the charts of latency under load (see load.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/compat.h"
#include "core/utf8.h"
#include "load.h"
#include "model/num.h"
#include "model/report.h"
#include "svg.h"

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
	static const struct svg_tick_unit u[] = {
		{ 2000, 1000, " Gbit/s" }, { 2, 1, " Mbit/s" }, { 0, 1e-3, " kbit/s" }
	};

	if (v == 0)
		snprintf(buf, len, "0");	/* the axis' foot, without a unit */
	else
		svg_tick_label(buf, len, v, hi, u, HB_ARRAY_SIZE(u));
}

/* A round-trip tick: v ns in the unit of unit_ns ("500 us", "2 ms"). */
static void
rtt_label(char *buf, size_t len, double v, double unit_ns)
{
	static const struct svg_tick_unit u[] = {
		{ 1e9, 1e9, " s" }, { 1e6, 1e6, " ms" }, { 1e3, 1e3, " us" }, { 0, 1, " ns" }
	};

	if (v == 0)
		snprintf(buf, len, "0");	/* the axis' foot, without a unit */
	else
		svg_tick_label(buf, len, v, unit_ns, u, HB_ARRAY_SIZE(u));
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
int
load_first(const struct report *rep, size_t i)
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
	int h = SVG_MT + STH + SGAP + SRH + SVG_MB + 10, legend = SVG_MT + 10 + (int)nrows * SROW + 120;

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
	snprintf(hn, sizeof(hn), "host %.*s%s%.*s", svg_first_chars(run->host, 40), run->host,
		 run->note != NULL ? ", " : "", svg_first_chars(note, 60), note);
	/* What the legend's width holds (the run list above the tables has
	 * the rest); the round or process always. */
	if (utf8_chars(hn, strlen(hn)) + strlen(part) > 34)
		snprintf(hn + svg_first_chars(hn, 31 - strlen(part)), 4, "...");
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
int
load_draw(const struct report *rep, size_t first, FILE *f, int y0)
{
	static const double tsteps[] = { 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600 };
	const struct report_series *s0 = &rep->series[first];
	size_t nrows = case_count(rep, first), i, k, row;
	int pw = SVG_W - SML - SVG_MR, height = series_height(nrows), top = y0 + SVG_MT;
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
	svg_xml_text(f, title);
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
		const char *color = svg_palette[row % HB_ARRAY_SIZE(svg_palette)];
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
			"stroke-width=\"4\"/>\n", SVG_W - SVG_MR + 14, ly, SVG_W - SVG_MR + 34, ly, color);
		fprintf(f, "<text x=\"%d\" y=\"%d\">", SVG_W - SVG_MR + 40, ly + 4);
		svg_xml_text(f, l1);
		fputs("</text>\n", f);
		fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"#555555\">", SVG_W - SVG_MR + 40, ly + 19);
		svg_xml_text(f, l2);
		fputs("</text>\n", f);
		row++;
	}
	/* The line styles. */
	{
		int ky = top + 8 + (int)nrows * SROW + 6;

		fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333333\" "
			"stroke-width=\"1.8\"/>\n", SVG_W - SVG_MR + 14, ky, SVG_W - SVG_MR + 34, ky);
		fprintf(f, "<text x=\"%d\" y=\"%d\">up (to the server)</text>\n", SVG_W - SVG_MR + 40, ky + 4);
		fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333333\" "
			"stroke-width=\"1.8\" stroke-dasharray=\"7,4\"/>\n", SVG_W - SVG_MR + 14, ky + 18,
			SVG_W - SVG_MR + 34, ky + 18);
		fprintf(f, "<text x=\"%d\" y=\"%d\">down (from the server)</text>\n", SVG_W - SVG_MR + 40,
			ky + 22);
		fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333333\" "
			"stroke-width=\"1.2\" stroke-dasharray=\"2,3\"/>\n", SVG_W - SVG_MR + 14, ky + 36,
			SVG_W - SVG_MR + 34, ky + 36);
		fprintf(f, "<text x=\"%d\" y=\"%d\">round trip idle (median)</text>\n", SVG_W - SVG_MR + 40,
			ky + 40);
		fprintf(f, "<path stroke=\"#333333\" stroke-width=\"2\" d=\"M%d,%d l8,8 m0,-8 l-8,8\"/>\n",
			SVG_W - SVG_MR + 20, ky + 50);
		fprintf(f, "<text x=\"%d\" y=\"%d\">no probe of a bin answered</text>\n", SVG_W - SVG_MR + 40,
			ky + 58);
		fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"#555555\">Lower panel: the median round "
			"trip</text>\n", SVG_W - SVG_MR + 14, ky + 82);
		fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"#555555\">of the UDP probes sent in each "
			"%s ms.</text>\n", SVG_W - SVG_MR + 14, ky + 97, report_num_sig(lab, sizeof(lab), s0->bin_ms, 3));
	}
	fputs("</g>\n", f);
	return height;
}

int
load_height(const struct report *rep, size_t first)
{
	return series_height(case_count(rep, first));
}

int
load_svg(const struct report *rep, FILE *f, enum svg_kind kind)
{
	size_t i;
	int h = 0, y = 0;

	for (i = 0; i < rep->nseries; i++)
		if (load_first(rep, i))
			h += load_height(rep, i);
	if (h == 0) {
		svg_nothing(f, kind, "No time series (lat_load's series=200ms lines) to plot.");
		return 0;
	}
	svg_open(f, kind, SVG_W, h);
	for (i = 0; i < rep->nseries; i++)
		if (load_first(rep, i))
			y += load_draw(rep, i, f, y);
	svg_close(f);
	return 1;
}
