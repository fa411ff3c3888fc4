/*
 * escape: text from result files (notes, tags, file names, fingerprint
 * values: whatever a run recorded) written safely into the results
 * tool's exports.  A result file is data from another machine: in JSON
 * it must stay a string and valid UTF-8, in Markdown plain text (no
 * HTML, no table cell broken), in CSV a value no spreadsheet runs as a
 * formula, in HTML text that opens no tag and runs no script.
 */
#ifndef HB_ESCAPE_H
#define HB_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

/* The n bytes of s as a quoted JSON string: '"' and '\' escaped, control
 * characters as \n, \t or \u00XX, a byte that is not part of valid UTF-8
 * and the replacement character itself (what the reader makes of such a
 * byte) as \ufffd; other valid UTF-8 as it is. */
void escape_json(FILE *f, const char *s, size_t n);

/* s as Markdown text: '<' and '&' as HTML entities, so that no tag or
 * entity reaches a renderer ('>' alone opens none: "a -> b" stays);
 * '[', ']', '`', '*' and '\' escaped by a backslash, so that no link, image
 * ("[x](javascript:...)", "![i](URL)"), code span or emphasis is made (a link
 * needs its '[': '(', ')' and '!' alone make none, and stay as they
 * are); with cell set, '|' escaped and line ends as blanks, so that a
 * table cell stays one cell. */
void escape_markdown(FILE *f, const char *s, int cell);

/* s as one CSV field: quoted when it holds ',', '"' or a line end; a
 * value that is not a number and starts with '=', '+', '-', '@', a tab
 * or CR gets a leading "'" (a spreadsheet would run it as a formula). */
void escape_csv(FILE *f, const char *s);

/* s as HTML text, safe in an element or a quoted attribute: '&', '<',
 * '>', '"' and '\'' as entities; a control character (but tab and line
 * feed) or a byte that is not part of valid UTF-8 as U+FFFD. */
void escape_html(FILE *f, const char *s);

#endif
