/*
 * render: the report in the format asked for (see render.h).
 */
#include "config.h"

#include <stdio.h>

#include "csv.h"
#include "json.h"
#include "markdown.h"
#include "model/report.h"
#include "render.h"
#include "text.h"

void
render_write(const struct report *rep, enum render_format fmt, FILE *f)
{
	switch (fmt) {
	case RENDER_CSV:
		csv_write(rep, f);
		break;
	case RENDER_JSON:
		json_write(rep, f);
		break;
	case RENDER_MARKDOWN:
		markdown_write(rep, f);
		break;
	default:
		text_write(rep, f);
		break;
	}
}
