/*
 * options: hostbench-compare's command line, read by usage.c's table
 * into struct opts: the options range-checked, the operands left in
 * order.  A usage error ends the program (usage_error); --list-columns
 * and the options that print the usage go alone and end it too.
 */
#ifndef HB_OPTIONS_H
#define HB_OPTIONS_H

#include <stddef.h>

#include "render/render.h"

/* At most this many --baseline files (one per host). */
#define MAX_BASELINES 256

struct opts {
	const char *base;
	const char *baselines[MAX_BASELINES];	/* --baseline FILE */
	size_t nbaselines;
	int baseline_first;	/* --baseline first */
	int results_only;
	const char *side[2];	/* --a, --b */
	const char *group_by;
	double margin;
	const char *svg;
	const char *plot;
	const char *html;	/* --html FILE */
	int force;		/* --force: replace files hostbench-compare wrote */
	enum render_format format;
	double threshold;
	const char *sections[64];
	int summary_only, ab_only;
	int list_results;
	int variance;		/* --variance */
	unsigned look;		/* --look K */
	char **files;		/* the operands, options taken out */
	int nfiles;
};

/* Read argv into o.  Returns only when there is something to compare
 * (or list). */
void options_parse(int argc, char **argv, struct opts *o);

#endif
