/*
 * hosts: the machines of the runs, and the sides' labels (see hosts.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/utf8.h"
#include "hosts.h"
#include "read/resfile.h"
#include "report.h"

void
hosts_group_label(const struct report *rep, struct report_group *g)
{
	size_t i, n = 0;

	n += (size_t)snprintf(g->label, sizeof(g->label), "[");
	for (i = 0; i < g->n && n < sizeof(g->label); i++)
		n += (size_t)snprintf(g->label + n, sizeof(g->label) - n, "%s%d", i ? " " : "",
				      rep->runs[g->runs[i]].id);
	if (n < sizeof(g->label))
		snprintf(g->label + n, sizeof(g->label) - n, "]");
}

static const char *
config_str(const struct resfile_run *r, const char *key)
{
	const char *v = resfile_config(r, key);

	return v != NULL ? v : "";
}

static int
same_or_unknown(const char *x, const char *y)
{
	return *x == '\0' || *y == '\0' || strcmp(x, y) == 0;
}

int
report_find_hosts(struct report *rep)
{
	size_t i, j;

	if (rep->nhosts > 0 || rep->nruns == 0)
		return 0;
	if ((rep->hosts = calloc(rep->nruns, sizeof(*rep->hosts))) == NULL)
		return -1;
	for (i = 0; i < rep->nruns; i++) {
		const struct resfile_run *rf = &rep->runs[i].rf;
		const char *name = resfile_config(rf, "host");
		struct report_host *h;

		if (name == NULL || *name == '\0')
			name = "?";
		for (j = 0; j < rep->nhosts; j++) {
			h = &rep->hosts[j];
			/* What a file does not record (lmbench's has no CPU
			 * model) tells no machine apart. */
			if (strcmp(h->name, name) == 0 && same_or_unknown(h->arch, config_str(rf, "arch"))
			    && same_or_unknown(h->cpu, config_str(rf, "cpu")))
				break;
		}
		h = &rep->hosts[j];
		if (j == rep->nhosts) {
			rep->nhosts++;
			h->name = name;
			if ((h->runs = malloc(rep->nruns * sizeof(*h->runs))) == NULL)
				return -1;
		}
		if (h->arch == NULL || *h->arch == '\0')
			h->arch = config_str(rf, "arch");
		if (h->cpu == NULL || *h->cpu == '\0')
			h->cpu = config_str(rf, "cpu");
		h->runs[h->n++] = i;
		rep->runs[i].hostid = j;
	}
	/* Machines of one name: vm, vm#2 ... in the order first seen. */
	for (i = 0; i < rep->nhosts; i++) {
		const char *name = rep->hosts[i].name;
		size_t k = 1, n = strlen(name), room, cut;

		for (j = 0; j < i; j++)
			k += strcmp(rep->hosts[j].name, name) == 0;
		/* (Cut between two characters, within the label's bytes.) */
		room = sizeof(rep->hosts[i].label) - (k == 1 ? 1 : 12);
		cut = utf8_prefix(name, n, k == 1 ? 40 : 36);

		if (utf8_fit(name, n, room) < cut)
			cut = utf8_fit(name, n, room);
		if (k == 1)
			snprintf(rep->hosts[i].label, sizeof(rep->hosts[i].label), "%.*s", (int)cut, name);
		else
			snprintf(rep->hosts[i].label, sizeof(rep->hosts[i].label), "%.*s#%lu", (int)cut,
				 name, (unsigned long)k);
	}
	return 0;
}
