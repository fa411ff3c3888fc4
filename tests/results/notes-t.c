/*
 * notes-t: a comparison's whys once each (model/notes.c): rows of one
 * verdict and why share a note, in the order of their first row, across
 * sections; another verdict with the same words is another note; a row
 * without a why has none.  And the words and ratios every format shares
 * (render/format.c): a change as ×N, the verdicts' one vocabulary.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "model/notes.h"
#include "model/report.h"
#include "read/metric_table.h"
#include "render/format.h"
#include "tap/basic.h"

/* A metric of the table by its unit's kind: a time, or a count. */
static const struct metric *
metric_of(const char *display_unit)
{
	size_t i;

	for (i = 0; i < metric_count; i++)
		if (metric_table[i].section != NULL && strcmp(metric_table[i].display_unit, display_unit) == 0)
			return &metric_table[i];
	return NULL;
}

static void
row(struct report_ab_row *r, enum report_verdict v, const char *why)
{
	memset(r, 0, sizeof(*r));
	r->m = metric_of("us");
	r->verdict = v;
	snprintf(r->why, sizeof(r->why), "%s", why);
}

int
main(void)
{
	struct report_ab_row s1[3], s2[3];
	struct report_ab_section secs[2];
	struct report_ab ab;
	char buf[64];

	plan(20);

	row(&s1[0], REPORT_UNRELIABLE, "contended: waited for a CPU 28% vs 31% of the time");
	row(&s1[1], REPORT_NOCHANGE, "");
	row(&s1[2], REPORT_INCOMPARABLE, "size=8M vs size=2M");
	row(&s2[0], REPORT_UNRELIABLE, "contended: waited for a CPU 28% vs 31% of the time");
	row(&s2[1], REPORT_UNTESTED, "size=8M vs size=2M");
	row(&s2[2], REPORT_UNRELIABLE, "contended: waited for a CPU 50% vs 31% of the time");
	memset(secs, 0, sizeof(secs));
	secs[0].rows = s1;
	secs[0].nrows = 3;
	secs[1].rows = s2;
	secs[1].nrows = 3;
	memset(&ab, 0, sizeof(ab));
	ab.secs = secs;
	ab.nsecs = 2;

	is_int(0, notes_build(&ab), "notes_build succeeds");
	is_int(4, (long long)ab.nnotes, "four distinct messages among five whys");
	is_string("contended: waited for a CPU 28% vs 31% of the time", ab.notes[0].text,
		  "the first note is the first row's why");
	is_int(2, (long long)ab.notes[0].nrows, "... it applies to two rows, in two sections");
	ok(ab.notes[0].rows[0] == &s1[0] && ab.notes[0].rows[1] == &s2[0], "... those rows, in order");
	is_int(1, (long long)s1[0].note, "a row names its note: 1 + its index");
	is_int(1, (long long)s2[0].note, "... the same note for the same why");
	is_int(0, (long long)s1[1].note, "a row without a why has no note");
	is_int(REPORT_INCOMPARABLE, ab.notes[1].verdict, "the second note is the incomparable row's");
	is_int(3, (long long)s2[1].note, "the same words under another verdict: a note of its own");
	is_int(4, (long long)s2[2].note, "other figures: another message");
	notes_free(&ab);
	is_int(0, (long long)ab.nnotes, "notes_free empties them");

	is_string(FORMAT_TIMES "22.6", format_delta(buf, sizeof(buf), 2155.9), "+2155.9%% is " FORMAT_TIMES "22.6");
	is_string(FORMAT_TIMES "0.66", format_delta(buf, sizeof(buf), -34), "-34%% is " FORMAT_TIMES "0.66");
	is_string(FORMAT_TIMES "1.015", format_delta(buf, sizeof(buf), 1.5),
		  "a change near 1 has three decimals: " FORMAT_TIMES "1.015");
	is_string(FORMAT_TIMES "0.087", format_delta(buf, sizeof(buf), -91.3), "-91.3%% is " FORMAT_TIMES "0.087");
	is_string("-", format_delta(buf, sizeof(buf), NAN), "no change to show: -");

	row(&s1[0], REPORT_WORSE, "");
	is_string("slower", format_verdict_text(&s1[0]), "a time that got worse is slower");
	row(&s1[0], REPORT_UNTESTED, "one run each");
	is_string("not tested: one run each", format_verdict(buf, sizeof(buf), &s1[0]),
		  "not tested, and why");
	is_string("not comparable", format_verdict_word(REPORT_INCOMPARABLE), "the word of incomparable");
	return 0;
}
