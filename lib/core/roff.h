/*
 * roff: text as man(7) markup, for the man pages' sections the programs
 * and tools print (--synopsis, --man-options, man-suite).
 */
#ifndef HB_ROFF_H
#define HB_ROFF_H

#include <stddef.h>
#include <stdio.h>

/* The n bytes at s as man(7) text: every "-" a minus sign, a backslash
 * printed as one ("\e"). */
void roff_text(FILE *f, const char *s, size_t n);

/* The same for the string s. */
void roff_str(FILE *f, const char *s);

#endif
