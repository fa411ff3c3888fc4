/*
 * svg: what the charts (memlat, ladder, load, delta, plots) share: the
 * page's geometry, the colours and dash patterns, XML text, labels and
 * the document around a chart.  Coordinates are printed with fixed
 * formats, so that a chart is the same bytes on every machine.
 */
#ifndef HB_SVG_H
#define HB_SVG_H

#include <stddef.h>
#include <stdio.h>

#include "model/report.h"

#define SVG_W 760		/* chart width */
#define SVG_ML 70		/* margins: left, right, top, bottom */
#define SVG_MR 230
#define SVG_MT 40
#define SVG_MB 50

/*
 * A chart is written as a document of its own (a .svg file: with the
 * XML declaration) or inline in an HTML page, where an HTML parser has
 * no use for the declaration.
 */
enum svg_kind { SVG_FILE, SVG_INLINE };

/* Ten colours and six dash patterns: with both, 60 curves each of its
 * own look. */
extern const char *const svg_palette[10];
extern const char *const svg_dashes[6];

/* s as XML text: markup as entities, a byte that is no valid UTF-8 or a
 * control character as U+FFFD. */
void svg_xml_text(FILE *f, const char *s);

/* A <text> element of s at (x, y) with extra attributes attr ("" for none). */
void svg_text_at(FILE *f, double x, double y, const char *attr, const char *s);

/* s cut to at most n characters, ending in "..." when cut (n >= 4). */
void svg_cut(char *s, size_t n);

/* The bytes of the first k characters of s: for "%.*s". */
int svg_first_chars(const char *s, size_t k);

/* The file name of a path: "vm.0" of "results/x/vm.0". */
const char *svg_file_base(const char *path);

/* How a run reads in a legend or a title: "[2] vm, tuned", "[3] vm.1
 * (vm), after the update". */
void svg_run_name(const struct report *rep, size_t ri, char *buf, size_t len);

/* The document's start (with a white background) and its end. */
void svg_open(FILE *f, enum svg_kind kind, int width, int height);
void svg_close(FILE *f);

/* A document that says only what (there was nothing to draw). */
void svg_nothing(FILE *f, enum svg_kind kind, const char *what);

/* A unit of a tick label: from what reference up it is chosen, its size, its name. */
struct svg_tick_unit {
	double from, scale;
	const char *name;
};

/*
 * v as a tick label in the first of the n units whose "from" ref
 * reaches (the last unit otherwise), to 3 significant digits: "2.5G",
 * "500 us".
 */
void svg_tick_label(char *buf, size_t len, double v, double ref, const struct svg_tick_unit *u,
		    size_t n);

#endif
