/*
 * svg: the charts' shared pieces (see svg.h).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/utf8.h"
#include "model/num.h"
#include "model/report.h"
#include "render/html.h"
#include "svg.h"

/* Ten colours that read apart on white, and apart for most colour-blind
 * readers in pairs of neighbours; no grey (grey means "no change"). */
const char *const svg_palette[10] = {
	"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
	"#17becf", "#8c564b", "#e377c2", "#bcbd22", "#393b79",
};

/* Dash patterns: with the palette, 60 curves each of its own look. */
const char *const svg_dashes[6] = {
	"", "7,3", "2,2", "10,3,2,3", "4,4", "12,2,2,2,2,2",
};

/*
 * s as XML text: the markup characters as entities; a byte that is not
 * part of valid UTF-8 or a control character (XML 1.0 forbids C0 but
 * tab and line ends; C1 is no text either) as U+FFFD, so that no cut
 * and no file makes the document one that a reader refuses.
 */
void
svg_xml_text(FILE *f, const char *s)
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
void
svg_text_at(FILE *f, double x, double y, const char *attr, const char *s)
{
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\"%s%s>", x, y, *attr ? " " : "", attr);
	svg_xml_text(f, s);
	fputs("</text>\n", f);
}

/* s cut to at most n characters, ending in "..." when cut (n >= 4): a
 * label's width is in characters, and a cut inside one (a note's "é")
 * would leave a byte that is no text. */
void
svg_cut(char *s, size_t n)
{
	size_t len = strlen(s);

	if (utf8_chars(s, len) > n)
		snprintf(s + utf8_prefix(s, len, n - 3), 4, "...");
}

/* The bytes of the first k characters of s: for "%.*s". */
int
svg_first_chars(const char *s, size_t k)
{
	return (int)utf8_prefix(s, strlen(s), k);
}

const char *
svg_file_base(const char *path)
{
	const char *s = strrchr(path, '/');

	return s != NULL && s[1] != '\0' ? s + 1 : path;
}

/*
 * How a run reads in a legend or a title: its label as in the tables,
 * its host where the label is not the host, its note: "[2] vm, tuned",
 * "[3] vm.1 (vm), after the update".
 */
void
svg_run_name(const struct report *rep, size_t ri, char *buf, size_t len)
{
	const struct report_run *r = &rep->runs[ri];
	int own = strcmp(r->label, r->host) != 0;

	snprintf(buf, len, "[%d] %s%s%s%s%s%s", r->id, r->label, own ? " (" : "",
		 own ? r->host : "", own ? ")" : "", r->note != NULL ? ", " : "",
		 r->note != NULL ? r->note : "");
}

void
svg_open(FILE *f, enum svg_kind kind, int width, int height)
{
	if (kind == SVG_FILE)
		fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" HTML_WRITTEN_LINE, f);
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
		"width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		"font-family=\"sans-serif\" font-size=\"12\">\n"
		"<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
		width, height, width, height, width, height);
}

void
svg_close(FILE *f)
{
	fputs("</svg>\n", f);
}

void
svg_nothing(FILE *f, enum svg_kind kind, const char *what)
{
	svg_open(f, kind, SVG_W, 60);
	fprintf(f, "<text x=\"10\" y=\"30\">%s</text>\n", what);
	svg_close(f);
}

void
svg_tick_label(char *buf, size_t len, double v, double ref, const struct svg_tick_unit *u,
	       size_t n)
{
	char num[32];
	size_t i = 0;

	while (i + 1 < n && ref < u[i].from)
		i++;
	snprintf(buf, len, "%s%s", report_num_sig(num, sizeof(num), v / u[i].scale, 3), u[i].name);
}
