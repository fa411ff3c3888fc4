/*
 * utf8: text from result files and from the command line as characters,
 * not bytes.  Pure functions: no I/O, no locale (a result file is read
 * alike whatever the reader's LANG says).
 *
 * Valid UTF-8 is the shortest form of a code point up to U+10FFFF that is
 * no surrogate.  A byte that does not begin a valid sequence counts as
 * one character of its own wherever characters are counted, so that a
 * cut never swallows the text after it.  A count of characters is what
 * a table's alignment and a plot's label width use: wide (East Asian)
 * characters and combining marks are not told apart.
 */
#ifndef HB_UTF8_H
#define HB_UTF8_H

#include <stddef.h>

/* The replacement character U+FFFD, what an invalid byte reads as. */
#define UTF8_REPLACEMENT "\xef\xbf\xbd"

/* The length (1 .. 4) of the valid sequence that starts s[0..n), or 0
 * (s[0] does not begin one, or it is cut short by n; n == 0). */
size_t utf8_len(const char *s, size_t n);

/* The offset of the first byte of s[0..n) that is not part of valid
 * UTF-8, or n when all of it is. */
size_t utf8_invalid(const char *s, size_t n);

/* The number of characters in s[0..n). */
size_t utf8_chars(const char *s, size_t n);

/* The bytes of the first k characters of s[0..n) (n when it has no more
 * than k): a cut there ends on a character boundary. */
size_t utf8_prefix(const char *s, size_t n, size_t k);

/* The bytes of the longest prefix of s[0..n) that ends on a character
 * boundary and is at most max bytes (for a buffer of max + 1 bytes). */
size_t utf8_fit(const char *s, size_t n, size_t max);

/*
 * For printf's "%-*.*s" of s in a column of w characters (a table's
 * cell): *prec gets the bytes of its first w characters (the cut), and
 * the width returned pads them to w columns (w plus the bytes of those
 * characters beyond one each).  Compute both before the printf call:
 * the order in which a call's arguments are evaluated is unspecified.
 */
int utf8_field(const char *s, size_t w, int *prec);

/* Whether the valid sequence of len bytes at s is a control character:
 * C0 (U+0000 .. U+001F), DEL (U+007F) or C1 (U+0080 .. U+009F); C1's
 * CSI (U+009B) opens a terminal escape as ESC [ does. */
int utf8_is_control(const char *s, size_t len);

/*
 * s[0..n) made safe text into dst, which holds 3 * n + 1 bytes: each
 * byte not part of valid UTF-8 as U+FFFD, each control character but
 * tab as '?'; NUL-terminated.  Returns the length written.
 */
size_t utf8_clean(char *dst, const char *s, size_t n);

/*
 * Whether s is text that a result file may record as one value (a note,
 * a tag): valid UTF-8 without control characters (tab included).  0, or
 * -1 with a message naming the first bad byte and where it is in err
 * ("byte 0xff at offset 6 is not valid UTF-8", "control character
 * U+001B at offset 0").
 */
int utf8_check_text(const char *s, size_t n, char *err, size_t errlen);

#endif
