/*
 * notes: each distinct message of a comparison's rows once, with the
 * rows it applies to (see notes.h).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "notes.h"
#include "report.h"

static struct report_note *
find_note(struct report_ab *ab, const struct report_ab_row *row)
{
	size_t i;

	for (i = 0; i < ab->nnotes; i++)
		if ((row->caveat ? ab->notes[i].caveat : !ab->notes[i].caveat && ab->notes[i].verdict == row->verdict)
		    && strcmp(ab->notes[i].text, row->why) == 0)
			return &ab->notes[i];
	return NULL;
}

int
notes_build(struct report_ab *ab)
{
	size_t si, k, n = 0;

	for (si = 0; si < ab->nsecs; si++)
		n += ab->secs[si].nrows;
	for (si = 0; si < ab->nsecs; si++)
		for (k = 0; k < ab->secs[si].nrows; k++) {
			struct report_ab_row *row = &ab->secs[si].rows[k];
			struct report_note *note;

			row->note = 0;
			if (row->why[0] == '\0')
				continue;
			if ((note = find_note(ab, row)) == NULL) {
				note = realloc(ab->notes, (ab->nnotes + 1) * sizeof(*note));
				if (note == NULL)
					return -1;
				ab->notes = note;
				note += ab->nnotes++;
				memset(note, 0, sizeof(*note));
				note->verdict = row->verdict;
				note->caveat = row->caveat;
				note->text = row->why;
				/* At most every row of the comparison. */
				if ((note->rows = malloc(n * sizeof(*note->rows))) == NULL) {
					ab->nnotes--;
					return -1;
				}
			}
			note->rows[note->nrows++] = row;
			row->note = (size_t)(note - ab->notes) + 1;
		}
	return 0;
}

void
notes_free(struct report_ab *ab)
{
	size_t i;

	for (i = 0; i < ab->nnotes; i++)
		free(ab->notes[i].rows);
	free(ab->notes);
	ab->notes = NULL;
	ab->nnotes = 0;
}
