/*
 * utf8: characters of UTF-8 text (see utf8.h).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/utf8.h"

size_t
utf8_len(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t len, i;
	unsigned long cp;

	if (n == 0)
		return 0;
	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	/* Overlong forms, surrogates and what is past U+10FFFF. */
	if ((len == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff)))
	    || (len == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	return len;
}

size_t
utf8_invalid(const char *s, size_t n)
{
	size_t i = 0, len;

	while (i < n) {
		if ((len = utf8_len(s + i, n - i)) == 0)
			return i;
		i += len;
	}
	return n;
}

/* The bytes of the character at s[0..n), n > 0: an invalid byte is one. */
static size_t
char_len(const char *s, size_t n)
{
	size_t len = utf8_len(s, n);

	return len > 0 ? len : 1;
}

size_t
utf8_chars(const char *s, size_t n)
{
	size_t i = 0, k = 0;

	while (i < n) {
		i += char_len(s + i, n - i);
		k++;
	}
	return k;
}

size_t
utf8_prefix(const char *s, size_t n, size_t k)
{
	size_t i = 0;

	while (i < n && k-- > 0)
		i += char_len(s + i, n - i);
	return i;
}

size_t
utf8_fit(const char *s, size_t n, size_t max)
{
	size_t i = 0;

	while (i < n) {
		size_t len = char_len(s + i, n - i);

		if (i + len > max)
			break;
		i += len;
	}
	return i;
}

int
utf8_field(const char *s, size_t w, int *prec)
{
	size_t n = utf8_prefix(s, strlen(s), w);

	*prec = (int)n;
	return (int)(w + n - utf8_chars(s, n));
}

int
utf8_is_control(const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;

	if (len == 1)
		return s[0] < 0x20 || s[0] == 0x7f;
	return len == 2 && s[0] == 0xc2 && s[1] <= 0x9f;
}

size_t
utf8_clean(char *dst, const char *s, size_t n)
{
	size_t i = 0, o = 0;

	while (i < n) {
		size_t len = utf8_len(s + i, n - i);

		if (len == 0) {
			memcpy(dst + o, UTF8_REPLACEMENT, 3);
			o += 3;
			i++;
			continue;
		}
		if (s[i] != '\t' && utf8_is_control(s + i, len))
			dst[o++] = '?';
		else {
			memcpy(dst + o, s + i, len);
			o += len;
		}
		i += len;
	}
	dst[o] = '\0';
	return o;
}

int
utf8_check_text(const char *s, size_t n, char *err, size_t errlen)
{
	size_t i = 0;

	while (i < n) {
		size_t len = utf8_len(s + i, n - i);

		if (len == 0) {
			if (errlen > 0)
				snprintf(err, errlen, "byte 0x%02x at offset %lu is not valid UTF-8",
					 (unsigned char)s[i], (unsigned long)i);
			return -1;
		}
		if (utf8_is_control(s + i, len)) {
			if (errlen > 0)
				snprintf(err, errlen, "control character U+%04X at offset %lu",
					 len == 1 ? (unsigned char)s[i] : (unsigned char)s[i + 1],
					 (unsigned long)i);
			return -1;
		}
		i += len;
	}
	return 0;
}
