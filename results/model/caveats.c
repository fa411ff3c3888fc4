/*
 * caveats: what a reader must know of a tested row (see caveats.h).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "caveats.h"

enum caveat_box
caveat_box_kernel(const struct resfile_run *r)
{
	const char *v = resfile_config(r, "box-same-kernel");

	if (v == NULL || *v == '\0')
		return CAVEAT_BOX_NONE;
	if (strncmp(v, "yes", 3) == 0)
		return CAVEAT_BOX_SHARED;
	if (strcmp(v, "no") == 0)
		return CAVEAT_BOX_OWN;
	return CAVEAT_BOX_UNKNOWN;
}

int
caveat_is_box(const struct metric *m)
{
	return m->fact.name != NULL && strstr(m->fact.name, "/box=") != NULL;
}

size_t
caveat_box_shared_runs(const struct report *rep, const struct report_section *sec, char *ids,
		       size_t len)
{
	size_t c, r, n = 0, at = 0;
	int box = 0;

	if (len > 0)
		ids[0] = '\0';
	for (c = 0; c < sec->ncols; c++)
		box |= caveat_is_box(sec->cols[c].m);
	if (!box)
		return 0;
	for (r = 0; r < rep->nruns; r++) {
		int has = 0;

		for (c = 0; c < sec->ncols && !has; c++)
			has = caveat_is_box(sec->cols[c].m) && sec->cols[c].cells[r].present;
		if (!has || caveat_box_kernel(&rep->runs[r].rf) != CAVEAT_BOX_SHARED)
			continue;
		if (at < len) {
			int k = snprintf(ids + at, len - at, "%s[%d]", n ? " " : "", rep->runs[r].id);

			at += k > 0 ? (size_t)k : 0;
		}
		n++;
	}
	return n;
}

/* Whether every run of side g had its box on the ends' kernel. */
static int
side_shared(const struct report *rep, const struct report_group *g)
{
	size_t i;

	for (i = 0; i < g->n; i++)
		if (caveat_box_kernel(&rep->runs[g->runs[i]].rf) != CAVEAT_BOX_SHARED)
			return 0;
	return g->n > 0;
}

/*
 * The runs of side g that measured col while the UDP sender fell short,
 * "[2] sent 80 of the 125 MB/s asked", appended to buf at *at; their
 * number.
 */
static int
side_short(const struct report *rep, const struct report_group *g, const struct report_column *col,
	   char *buf, size_t len, size_t *at)
{
	size_t i;
	int n = 0;

	for (i = 0; i < g->n; i++) {
		const char *s = col->cells[g->runs[i]].short_note;
		double sent, asked;
		int k;

		if (s == NULL)
			continue;
		n++;
		if (*at >= len)
			continue;
		/* lib/core/output's form of it (bench/bw_udp.c), shorter. */
		if (sscanf(s, "sent %lf MB/s of the %lf MB/s asked", &sent, &asked) == 2)
			k = snprintf(buf + *at, len - *at, "%s[%d] sent %.4g of %.4g MB/s asked",
				     *at ? ", " : "", rep->runs[g->runs[i]].id, sent, asked);
		else
			k = snprintf(buf + *at, len - *at, "%s[%d] %s", *at ? ", " : "",
				     rep->runs[g->runs[i]].id, s);
		*at += k > 0 ? (size_t)k : 0;
	}
	return n;
}

void
caveats_build(const struct report *rep, struct report_ab *ab)
{
	int shared = side_shared(rep, ab->ga) && side_shared(rep, ab->gb);
	size_t si, k;

	for (si = 0; si < ab->nsecs; si++)
		for (k = 0; k < ab->secs[si].nrows; k++) {
			struct report_ab_row *row = &ab->secs[si].rows[k];
			char runs[128] = "";
			size_t at = 0;

			row->short_a = side_short(rep, ab->ga, row->col, runs, sizeof(runs), &at) > 0;
			row->short_b = side_short(rep, ab->gb, row->col, runs, sizeof(runs), &at) > 0;
			if (row->why[0] != '\0')
				continue;
			if (shared && caveat_is_box(row->m)) {
				snprintf(row->why, sizeof(row->why), "%s", CAVEAT_BOX_SHARED_WHY);
				row->caveat = 1;
			} else if (row->short_a || row->short_b) {
				snprintf(row->why, sizeof(row->why), "the UDP sender's limit, not the path's "
					 "(" CAVEAT_SHORT_MARK "): %s", runs);
				row->caveat = 1;
			}
		}
}
