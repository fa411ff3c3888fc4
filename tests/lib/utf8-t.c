/*
 * utf8-t: characters of UTF-8 text: valid sequences, counts and cuts on
 * character boundaries, the cleaning of text read from a result file and
 * the check of a note given on the command line.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/utf8.h"
#include "tap/basic.h"

/* "é" (2 bytes), "€" (3), "😀" (4). */
#define E_ACUTE "\xc3\xa9"
#define EURO "\xe2\x82\xac"
#define SMILE "\xf0\x9f\x98\x80"

int
main(void)
{
	static const char mixed[] = "a" E_ACUTE EURO SMILE "z";
	char buf[64], err[128];
	size_t n;

	plan(36);

	is_int(1, (long long)utf8_len("a", 1), "an ASCII byte is a sequence of 1");
	is_int(2, (long long)utf8_len(E_ACUTE, 2), "e acute is 2 bytes");
	is_int(3, (long long)utf8_len(EURO, 3), "the euro sign is 3 bytes");
	is_int(4, (long long)utf8_len(SMILE, 4), "a U+1F600 is 4 bytes");
	is_int(0, (long long)utf8_len(EURO, 2), "a sequence cut by the end is not valid");
	is_int(0, (long long)utf8_len("\xc0\xaf", 2), "an overlong '/' is not valid");
	is_int(0, (long long)utf8_len("\xed\xa0\x80", 3), "a surrogate is not valid");
	is_int(0, (long long)utf8_len("\xf4\x90\x80\x80", 4), "past U+10FFFF is not valid");
	is_int(0, (long long)utf8_len("\x80", 1), "a lone continuation byte is not valid");
	is_int(0, (long long)utf8_len("\xff", 1), "0xff is never valid");

	is_int((long long)strlen(mixed), (long long)utf8_invalid(mixed, strlen(mixed)),
	       "valid text: no invalid byte");
	is_int(3, (long long)utf8_invalid("ab " "\xe2\x82", 5), "a character cut at the end is invalid where it starts");
	is_int(5, (long long)utf8_chars(mixed, strlen(mixed)), "five characters in 11 bytes");
	is_int(3, (long long)utf8_chars("a\xffz", 3), "an invalid byte counts as one character");

	is_int(1 + 2 + 3, (long long)utf8_prefix(mixed, strlen(mixed), 3),
	       "three characters are 6 bytes: the cut is after the euro sign");
	is_int((long long)strlen(mixed), (long long)utf8_prefix(mixed, strlen(mixed), 99),
	       "more characters than there are: all of it");
	is_int(1 + 2, (long long)utf8_fit(mixed, strlen(mixed), 5),
	       "5 bytes would cut the euro sign: 3 fit");
	is_int(1 + 2 + 3, (long long)utf8_fit(mixed, strlen(mixed), 6), "6 bytes end after it");

	{
		int prec, width = utf8_field(mixed, 3, &prec);

		snprintf(buf, sizeof(buf), "%-*.*s|", width, prec, mixed);
		is_string("a" E_ACUTE EURO "|", buf, "a field of 3 columns holds 3 characters, cut between two");
		width = utf8_field(E_ACUTE, 4, &prec);
		snprintf(buf, sizeof(buf), "%-*.*s|", width, prec, E_ACUTE);
		is_string(E_ACUTE "   |", buf, "... and pads one of 2 bytes to 4 columns with 3 blanks");
	}
	ok(utf8_is_control("\x1b", 1), "ESC is a control character");
	ok(utf8_is_control("\x7f", 1), "DEL is one");
	ok(utf8_is_control("\xc2\x9b", 2), "C1's CSI (U+009B) is one");
	ok(!utf8_is_control("\xc2\xa0", 2), "a no-break space (U+00A0) is not");

	n = utf8_clean(buf, "ok \xff" "x", 5);
	is_string("ok " UTF8_REPLACEMENT "x", buf, "an invalid byte reads as U+FFFD");
	is_int((long long)strlen(buf), (long long)n, "... and the length returned is the text's");
	utf8_clean(buf, "a " EURO "\xe2\x82", 7);
	is_string("a " EURO UTF8_REPLACEMENT UTF8_REPLACEMENT, buf,
		  "a character cut at the end: each of its bytes as U+FFFD");
	utf8_clean(buf, "\x1b[2J\tred\xc2\x9b" "31m\x7f", 14);
	is_string("?[2J\tred?31m?", buf, "ESC, CSI and DEL as '?', a tab kept");
	utf8_clean(buf, mixed, strlen(mixed));
	is_string(mixed, buf, "valid text without controls is kept as it is");
	is_int(0, (long long)utf8_invalid(buf, 0), "empty text has no invalid byte");

	is_int(0, utf8_check_text("without CSR " EURO, strlen("without CSR " EURO), err, sizeof(err)),
	       "a note in UTF-8 is good text");
	is_int(-1, utf8_check_text("caf\xe9", 4, err, sizeof(err)), "a Latin-1 note is refused");
	is_string("byte 0xe9 at offset 3 is not valid UTF-8", err, "... naming the byte and where it is");
	is_int(-1, utf8_check_text("a\tb", 3, err, sizeof(err)), "a tab is refused in a note");
	is_int(-1, utf8_check_text("x\xc2\x9b" "2J", 5, err, sizeof(err)), "a C1 control is refused");
	is_string("control character U+009B at offset 1", err, "... named as a code point");
	return 0;
}
