/*
 * roff: text as man(7) markup (roff.h).
 */
#include "config.h"

#include <string.h>

#include "core/roff.h"

void
roff_text(FILE *f, const char *s, size_t n)
{
	for (; n > 0; s++, n--)
		if (*s == '-')
			fputs("\\-", f);
		else if (*s == '\\')
			fputs("\\e", f);
		else
			fputc(*s, f);
}

void
roff_str(FILE *f, const char *s)
{
	roff_text(f, s, strlen(s));
}
