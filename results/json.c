/*
 * json: the string escaper (see json.h).
 */
#include "config.h"

#include <stdio.h>

#include "json.h"

void
json_write_strn(FILE *f, const char *s, size_t n)
{
	const char *end = s + n;

	fputc('"', f);
	for (; s < end; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch == '\n')
			fputs("\\n", f);
		else if (ch == '\t')
			fputs("\\t", f);
		else if (ch < 0x20)
			fprintf(f, "\\u%04x", ch);
		else
			fputc(ch, f);
	}
	fputc('"', f);
}
