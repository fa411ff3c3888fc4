/*
 * render: the report written in a format: text (text.h), CSV, JSON or
 * Markdown.  The HTML page (html.h) and the SVG charts (svg/) are
 * written to files of their own.
 */
#ifndef HB_RENDER_H
#define HB_RENDER_H

#include <stdio.h>

#include "model/report.h"

enum render_format { RENDER_TEXT, RENDER_CSV, RENDER_JSON, RENDER_MARKDOWN };

/* Write the report in a format. */
void render_write(const struct report *rep, enum render_format fmt, FILE *f);

#endif
