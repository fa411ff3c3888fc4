/*
 * escape: text from result files into JSON, Markdown, CSV and HTML (see
 * escape.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/utf8.h"
#include "escape.h"

void
escape_json(FILE *f, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n;

	fputc('"', f);
	while (p < end) {
		unsigned char ch = *p;
		size_t len;

		if (ch == '"' || ch == '\\') {
			fprintf(f, "\\%c", ch);
		} else if (ch == '\n') {
			fputs("\\n", f);
		} else if (ch == '\t') {
			fputs("\\t", f);
		} else if (ch < 0x20 || ch == 0x7f) {
			fprintf(f, "\\u%04x", ch);
		} else if ((len = utf8_len((const char *)p, (size_t)(end - p))) == 0) {
			fputs("\\ufffd", f);
		} else if (len == 3 && memcmp(p, UTF8_REPLACEMENT, 3) == 0) {
			/* What the reader made of a byte that was no UTF-8
			 * (resfile.h): said as the escape, as such a byte is. */
			fputs("\\ufffd", f);
			p += 3;
			continue;
		} else {
			fwrite(p, 1, len, f);
			p += len;
			continue;
		}
		p++;
	}
	fputc('"', f);
}

void
escape_markdown(FILE *f, const char *s, int cell)
{
	for (; *s != '\0'; s++) {
		switch (*s) {
		case '<':
			fputs("&lt;", f);
			break;
		case '&':
			fputs("&amp;", f);
			break;
		case '|':
			fputs(cell ? "\\|" : "|", f);
			break;
		case '\\':
		case '`':
		case '[':
		case ']':
		case '*':
			/* A link or an image needs '[' (and "](" or a
			 * reference after it), code a backquote: escaped,
			 * each reads as itself; and so does a backslash,
			 * which would otherwise escape the escape, and an
			 * asterisk (a value's mark, "1.249*"), which would
			 * open emphasis. */
			fputc('\\', f);
			fputc(*s, f);
			break;
		case '\r':
		case '\n':
			fputc(cell ? ' ' : *s, f);
			break;
		default:
			fputc(*s, f);
		}
	}
}

/* A whole number as strtod reads it ("-1.5", "1e3"), not "-1+1". */
static int
is_number(const char *s)
{
	char *end;

	if (*s == '\0')
		return 0;
	(void)strtod(s, &end);
	return *end == '\0';
}

void
escape_csv(FILE *f, const char *s)
{
	int formula = s[0] != '\0' && strchr("=+-@\t\r", s[0]) != NULL && !is_number(s);

	if (strpbrk(s, ",\"\r\n") != NULL) {
		fputc('"', f);
		if (formula)
			fputc('\'', f);
		for (; *s != '\0'; s++) {
			if (*s == '"')
				fputc('"', f);
			fputc(*s, f);
		}
		fputc('"', f);
		return;
	}
	if (formula)
		fputc('\'', f);
	fputs(s, f);
}

void
escape_html(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + strlen(s);

	while (p < end) {
		unsigned char ch = *p;
		size_t len;

		if (ch == '&')
			fputs("&amp;", f);
		else if (ch == '<')
			fputs("&lt;", f);
		else if (ch == '>')
			fputs("&gt;", f);
		else if (ch == '"')
			fputs("&quot;", f);
		else if (ch == '\'')
			fputs("&#39;", f);
		else if (ch == '\t' || ch == '\n')
			fputc(ch, f);
		else if (ch < 0x20 || ch == 0x7f)
			fputs("&#xfffd;", f);
		else if ((len = utf8_len((const char *)p, (size_t)(end - p))) == 0)
			fputs("&#xfffd;", f);
		else {
			fwrite(p, 1, len, f);
			p += len;
			continue;
		}
		p++;
	}
}
