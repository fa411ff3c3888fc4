/*
 * plots: every chart in one document (see plots.h).
 */
#include "config.h"

#include <stdio.h>

#include "delta.h"
#include "ladder.h"
#include "load.h"
#include "memlat.h"
#include "model/report.h"
#include "plots.h"
#include "render/html.h"
#include "svg.h"

int
plots_svg(const struct report *rep, FILE *f, enum svg_kind kind)
{
	size_t i;
	int h = memlat_height(rep), lat = h > 0, y = 0, w = SVG_W;

	for (i = 0; i < rep->nladders; i++)
		h += ladder_height(&rep->ladders[i]);
	for (i = 0; i < rep->nseries; i++)
		if (load_first(rep, i))
			h += load_height(rep, i);
	for (i = 0; i < rep->nabs; i++)
		if (delta_rows(&rep->abs[i]) > 0) {
			h += delta_height(&rep->abs[i]);
			w = delta_width(&rep->abs[i]) > w ? delta_width(&rep->abs[i]) : w;
		}
	if (h == 0) {
		svg_nothing(f, kind, "Nothing to plot: no memory latency results and no comparison.");
		return 0;
	}
	svg_open(f, kind, w, h);
	if (lat)
		y += memlat_draw(rep, f, 0);
	for (i = 0; i < rep->nladders; i++)
		y += ladder_draw(rep, &rep->ladders[i], f, y);
	for (i = 0; i < rep->nseries; i++)
		if (load_first(rep, i))
			y += load_draw(rep, i, f, y);
	for (i = 0; i < rep->nabs; i++)
		if (delta_rows(&rep->abs[i]) > 0)
			y += delta_draw(rep, &rep->abs[i], f, y);
	svg_close(f);
	return 1;
}

/* The charts of the page (render/html.h), inline. */
static void
page_memlat(const struct report *rep, FILE *f)
{
	memlat_svg(rep, f, SVG_INLINE);
}

static void
page_ladder(const struct report *rep, FILE *f)
{
	ladder_svg(rep, f, SVG_INLINE);
}

static void
page_load(const struct report *rep, FILE *f)
{
	load_svg(rep, f, SVG_INLINE);
}

static void
page_delta(const struct report *rep, const struct report_ab *ab, FILE *f)
{
	delta_svg(rep, ab, f, SVG_INLINE);
}

const struct html_charts plots_html = { page_memlat, page_ladder, page_load, page_delta };
