/*
 * changes: what differs between the two runs of a comparison besides
 * their numbers, for the "What changed" list (the renderers' words are
 * in render/changes.h).
 *
 * Two kinds of difference are listed.  The fingerprint's (kernel,
 * governor, command line, modules, emulation ...; not the date, load or
 * clock resolution, which differ on every run), each value in full.  And
 * the cases the suite ran: the same benchmark with other arguments, a
 * case only one run has, a memory reduction on one side only, a memory
 * test whose buffers were cache-sized on one side only (its results
 * named "in=cache", tabled in the cache columns) -- the differences that
 * make two numbers measure different things.
 */
#ifndef HB_CHANGES_H
#define HB_CHANGES_H

#include <stddef.h>

#include "read/resfile.h"

struct report_ab;

enum change_kind {
	CHANGE_CONFIG,		/* key: from -> to, a fingerprint line */
	CHANGE_ARGS,		/* key (a benchmark) ran with args from, then to */
	CHANGE_ONLY,		/* key with args from ran on side only */
	CHANGE_MORE,		/* count more CHANGE_ONLY cases of side */
	CHANGE_REDUCED,		/* key with args from had its memory reduced on side: to */
	CHANGE_CACHE		/* key with args from was cache-sized on side only */
};

/* At most this many cases only one side ran are listed, per side. */
#define CHANGES_MAX_ONLY 5

/*
 * One difference.  The strings point into the runs compared (they live
 * as long as the runs); nothing in it is allocated.
 */
struct report_change {
	const char *key, *from, *to;	/* from/to NULL: absent (CHANGE_CONFIG) */
	enum change_kind kind;
	char side[64];		/* ONLY, MORE, REDUCED, CACHE: the side's label, "[2]" */
	size_t count;		/* MORE */
};

/*
 * Add to ab->changes what differs between run a (the base, labelled
 * alabel: "[1]") and run b (blabel): fingerprint keys first, in a's
 * order, then b's keys a lacks (only between files of one format), then
 * the cases (hostbench files only): other arguments, cases one side
 * lacks (CHANGES_MAX_ONLY a side, then a CHANGE_MORE), memory reductions.
 * Returns 0, or -1 when out of memory (ab keeps what was added; free
 * ab->changes with free()).
 */
int changes_build(struct report_ab *ab, const struct resfile_run *a, const char *alabel,
		  const struct resfile_run *b, const char *blabel);

#endif
