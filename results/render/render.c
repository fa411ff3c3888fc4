/*
 * render: the report in the format asked for (see render.h).
 */
#include "config.h"

#include <stdio.h>

#include "export.h"
#include "model/report.h"
#include "render.h"
#include "text.h"

void
render_write(const struct report *rep, enum render_format fmt, FILE *f)
{
	switch (fmt) {
	case RENDER_CSV:
		export_csv(rep, f);
		break;
	case RENDER_JSON:
		export_json(rep, f);
		break;
	case RENDER_MARKDOWN:
		export_markdown(rep, f);
		break;
	default:
		text_write(rep, f);
		break;
	}
}
