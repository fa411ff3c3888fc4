/*
 * hosts: the machines of the runs, and the sides' labels (see hosts.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/compat.h"
#include "core/utf8.h"
#include "host/fingerprint.h"
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

int
report_key_per_run(const char *key)
{
	static const char *const per_run[] = { "date", "load", "clock-resolution", "round", "status" };
	size_t i;

	if (fingerprint_key_kind(key) & (FINGERPRINT_NOISY | FINGERPRINT_NOTE))
		return 1;
	if (strncmp(key, "box-", 4) == 0)
		key += 4;
	for (i = 0; i < HB_ARRAY_SIZE(per_run); i++)
		if (strcmp(key, per_run[i]) == 0)
			return 1;
	return 0;
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

/* FNV-1a of a machine's architecture and CPU model: what its label adds
 * to a name another machine has too. */
static unsigned long
machine_hash(const struct report_host *h)
{
	const char *parts[2] = { h->arch, h->cpu };
	unsigned long x = 2166136261UL;
	size_t k;

	for (k = 0; k < 2; k++) {
		const char *p;

		for (p = parts[k]; *p != '\0'; p++)
			x = ((x ^ (unsigned char)*p) * 16777619UL) & 0xffffffffUL;
		x = ((x ^ '\n') * 16777619UL) & 0xffffffffUL;
	}
	return x ^ (x >> 16);
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
	/* Machines of one name: told apart by what tells them apart,
	 * whatever the order of the files: "vm/armv7l", or "vm/3fa2" (the
	 * architecture and CPU model hashed) where the architecture does not. */
	for (i = 0; i < rep->nhosts; i++) {
		struct report_host *h = &rep->hosts[i];
		const char *name = h->name;
		size_t n = strlen(name), cut, shared = 0, same_arch = 0;
		char tail[24];

		for (j = 0; j < rep->nhosts; j++)
			if (j != i && strcmp(rep->hosts[j].name, name) == 0) {
				shared++;
				same_arch += strcmp(rep->hosts[j].arch, h->arch) == 0;
			}
		tail[0] = '\0';
		if (shared > 0 && h->arch[0] != '\0' && same_arch == 0 && strlen(h->arch) <= 12)
			snprintf(tail, sizeof(tail), "/%s", h->arch);
		else if (shared > 0)
			snprintf(tail, sizeof(tail), "/%04lx", machine_hash(h) & 0xffffUL);
		/* (Cut between two characters, within the label's bytes.) */
		cut = utf8_prefix(name, n, 32);
		snprintf(h->label, sizeof(h->label), "%.*s%s", (int)cut, name, tail);
	}
	return 0;
}
