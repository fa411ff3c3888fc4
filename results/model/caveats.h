/*
 * caveats: what a reader must know to read a tested row, beside its
 * verdict: a box (router) that shared the ends' kernel, whose CPU
 * figures are the whole machine's.  A caveat is the row's why where it
 * has none (report_ab_row.caveat), said once with its rows (notes.h).
 */
#ifndef HB_CAVEATS_H
#define HB_CAVEATS_H

#include "read/metric_table.h"
#include "read/resfile.h"
#include "report.h"

/* A run's box, by its "box-same-kernel:" line (lib/net/box.c). */
enum caveat_box {
	CAVEAT_BOX_NONE,	/* no line: no box agent */
	CAVEAT_BOX_OWN,		/* "no": a kernel of its own, a real router's */
	CAVEAT_BOX_SHARED,	/* "yes ...": the ends' kernel (namespaces, or this host) */
	CAVEAT_BOX_UNKNOWN	/* "unknown", or a value not known here */
};

enum caveat_box caveat_box_kernel(const struct resfile_run *r);

/* Whether m is one of the box's figures (its name has a "/box=" part). */
int caveat_is_box(const struct metric *m);

/* The why of a box row of runs whose box shared the ends' kernel. */
#define CAVEAT_BOX_SHARED_WHY "the box shared the ends' kernel: whole-machine CPU, the ends' work included"

/* The mark of a value the UDP sender fell short for (the renderers':
 * FORMAT_SHORT_MARK). */
#define CAVEAT_SHORT_MARK "*"

/* What a section of box figures says of runs whose box shared the ends'
 * kernel, after their numbers ("The box of [1] [2] "). */
#define CAVEAT_BOX_SHARED_TEXT "shared the ends' kernel (network namespaces of one machine): " \
	"its CPU figures are the whole machine's, the ends' work included; not comparable " \
	"with a real router's."

/*
 * The runs with a value in section sec whose box shared the ends'
 * kernel, as "[1] [2]" into ids (cut at len): their number; 0 for a
 * section without box figures.
 */
size_t caveat_box_shared_runs(const struct report *rep, const struct report_section *sec, char *ids,
			      size_t len);

/*
 * The caveats of ab's rows that have no why: a box row whose sides'
 * boxes both shared the ends' kernel (sides that differ are not
 * comparable: compare.h); a row a side of which was measured while
 * bw_udp's sender fell short of the rate asked ("udp-short:"), whose
 * short_a and short_b are set whatever its why: "the UDP sender's
 * limit, not the path's (*): [2] sent 80 of 125 MB/s asked".
 * Call before notes_build.
 */
void caveats_build(const struct report *rep, struct report_ab *ab);

#endif
