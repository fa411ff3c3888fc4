/*
 * build: the whole model from the runs, and its end (see build.h).
 */
#include "config.h"

#include <stdlib.h>

#include "ab.h"
#include "build.h"
#include "curves.h"
#include "fleet.h"
#include "hosts.h"
#include "ladder.h"
#include "notes.h"
#include "read/resfile.h"
#include "read/resfile_col.h"
#include "report.h"
#include "series.h"
#include "summary.h"

int
report_build(struct report *rep, const char *const *only, size_t base)
{
	size_t i;

	if (report_find_hosts(rep) != 0)
		return -1;
	rep->fdr = report_fdr_at_look(rep->look);
	summary_label_runs(rep);
	if (summary_build(rep, only) != 0 || ladder_build(rep, only) != 0
	    || series_build(rep, only) != 0 || curves_build(rep) != 0 || fleet_build(rep) != 0)
		return -1;
	if (!rep->want_ab || rep->nruns < 2)
		return 0;
	if (rep->ngroups == 0) {
		/* One run a side: the base against each other run. */
		if ((rep->groups = calloc(rep->nruns, sizeof(*rep->groups))) == NULL)
			return -1;
		for (i = 0; i < rep->nruns; i++) {
			if ((rep->groups[i].runs = malloc(sizeof(size_t))) == NULL)
				return -1;
			rep->groups[i].runs[0] = i;
			rep->groups[i].n = 1;
			hosts_group_label(rep, &rep->groups[i]);
		}
		rep->ngroups = rep->nruns;
		rep->base_group = base;
	}
	for (i = 0; i < rep->ngroups; i++)
		if (rep->groups[i].label[0] == '\0')
			hosts_group_label(rep, &rep->groups[i]);
	if (rep->pairs == NULL) {
		/* The base group against each other one. */
		if (rep->ngroups < 2)
			return 0;
		if ((rep->pairs = calloc(rep->ngroups - 1, sizeof(*rep->pairs))) == NULL)
			return -1;
		for (i = 0; i < rep->ngroups; i++)
			if (i != rep->base_group) {
				rep->pairs[rep->npairs].a = rep->base_group;
				rep->pairs[rep->npairs++].b = i;
			}
	}
	if ((rep->abs = calloc(rep->npairs ? rep->npairs : 1, sizeof(*rep->abs))) == NULL)
		return -1;
	for (i = 0; i < rep->npairs; i++) {
		struct report_ab *ab = &rep->abs[rep->nabs];
		size_t a = rep->pairs[i].a, b = rep->pairs[i].b;

		if (a >= rep->ngroups || b >= rep->ngroups || a == b || rep->groups[a].n == 0
		    || rep->groups[b].n == 0)
			continue;
		ab->ga = &rep->groups[a];
		ab->gb = &rep->groups[b];
		ab->base = ab->ga->runs[0];
		ab->other = ab->gb->runs[0];
		rep->nabs++;
		if (ab_build(rep, ab) != 0)
			return -1;
	}
	return 0;
}

void
report_free(struct report *rep)
{
	size_t i, j, k;

	for (i = 0; i < rep->nsecs; i++) {
		for (j = 0; j < rep->secs[i].ncols; j++) {
			for (k = 0; k < rep->nruns; k++)
				resfile_value_free(&rep->secs[i].cols[j].cells[k]);
			free(rep->secs[i].cols[j].cells);
		}
		free(rep->secs[i].cols);
	}
	free(rep->secs);
	for (i = 0; i < rep->nladders; i++) {
		for (j = 0; j < rep->ladders[i].nrows; j++) {
			free(rep->ladders[i].rows[j].got);
			free(rep->ladders[i].rows[j].loss);
			free(rep->ladders[i].rows[j].short_note);
		}
		free(rep->ladders[i].rows);
		free(rep->ladders[i].targets);
	}
	free(rep->ladders);
	rep->ladders = NULL;
	rep->nladders = 0;
	for (i = 0; i < rep->nseries; i++)
		free(rep->series[i].at);
	free(rep->series);
	rep->series = NULL;
	rep->nseries = 0;
	for (i = 0; i < rep->nabs; i++) {
		for (j = 0; j < rep->abs[i].nsecs; j++)
			free(rep->abs[i].secs[j].rows);
		free(rep->abs[i].secs);
		free(rep->abs[i].changes);
		notes_free(&rep->abs[i]);
	}
	free(rep->abs);
	for (i = 0; i < rep->ngroups; i++)
		free(rep->groups[i].runs);
	free(rep->groups);
	rep->groups = NULL;
	rep->ngroups = 0;
	free(rep->pairs);
	rep->pairs = NULL;
	rep->npairs = 0;
	fleet_free(rep);
	curves_free(rep);
	for (i = 0; i < rep->nhosts; i++)
		free(rep->hosts[i].runs);
	free(rep->hosts);
	rep->hosts = NULL;
	rep->nhosts = 0;
	rep->secs = NULL;
	rep->abs = NULL;
	rep->nsecs = rep->nabs = 0;
}
