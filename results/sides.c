/*
 * sides: the sides of the comparisons the command line asks for (see
 * sides.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/msg.h"
#include "model/report.h"
#include "read/resfile.h"
#include "sides.h"

static struct report_group *
new_group(struct report *rep)
{
	struct report_group *g = realloc(rep->groups, (rep->ngroups + 1) * sizeof(*g));

	if (g == NULL)
		msg_die("out of memory");
	rep->groups = g;
	g = &rep->groups[rep->ngroups++];
	memset(g, 0, sizeof(*g));
	if ((g->runs = calloc(rep->nruns ? rep->nruns : 1, sizeof(*g->runs))) == NULL)
		msg_die("out of memory");
	return g;
}

/* --a and --b: the runs named before index na (of the names) are side A. */
void
sides_make(struct report *rep, size_t na)
{
	size_t i;

	new_group(rep);
	new_group(rep);
	for (i = 0; i < rep->nruns; i++) {
		struct report_group *g = &rep->groups[(size_t)rep->runs[i].id <= na ? 0 : 1];

		g->runs[g->n++] = i;
	}
	rep->base_group = 0;
	if (rep->groups[0].n == 0 || rep->groups[1].n == 0)
		msg_warn("a side has no run that could be read: no A/B comparison");
}

/*
 * A run's side by --group-by KEY, into buf: "KEY=value" ("(none)" for a
 * run without it); for "tag", every tag of the run, "kernel=6.1
 * mitig=off" ("(no tags)").  per_host: the host's label first ("vm2:
 * ..."), so that each host has sides of its own.
 */
static void
group_label_of(char *buf, size_t len, const struct report *rep, size_t run, const char *key,
	       int per_host)
{
	const struct resfile_run *rf = &rep->runs[run].rf;
	size_t n = 0, k;

	buf[0] = '\0';
	if (per_host)
		n = (size_t)snprintf(buf, len, "%s: ", rep->hosts[rep->runs[run].hostid].label);
	if (n >= len)
		return;
	if (strcmp(key, "tag") == 0) {
		size_t start = n;

		/* The tags in the order the run wrote them (hostbench run --tag). */
		for (k = 0; k < rf->nconfig && n < len; k++) {
			const struct resfile_kv *kv = &rf->config[k];

			if (strncmp(kv->key, "tag-", 4) == 0 && kv->key[4] != '\0' && kv->value[0] != '\0')
				n += (size_t)snprintf(buf + n, len - n, "%s%s=%s", n > start ? " " : "",
						      kv->key + 4, kv->value);
		}
		if (n == start)
			snprintf(buf + n, len - n, "%s", "(no tags)");
		return;
	}
	{
		const char *v = resfile_config(rf, key);

		snprintf(buf + n, len - n, "%.22s=%.40s", key, v != NULL && *v != '\0' ? v : "(none)");
	}
}

/* --group-by KEY: a side per value of KEY (per host: per host and
 * value), in the order first seen.  A KEY no run has but as a tag
 * ("--group-by mitig" for runs of "hostbench run --tag mitig=off") is
 * that tag. */
void
sides_group_by(struct report *rep, const char *key, int per_host)
{
	static char tag[80];
	size_t i, k;
	int has_key = 0, has_tag = 0;

	snprintf(tag, sizeof(tag), "tag-%.70s", key);
	for (i = 0; i < rep->nruns; i++) {
		has_key |= resfile_config(&rep->runs[i].rf, key) != NULL;
		has_tag |= resfile_config(&rep->runs[i].rf, tag) != NULL;
	}
	if (!has_key && has_tag && strcmp(key, "tag") != 0)
		key = tag;
	for (i = 0; i < rep->nruns; i++) {
		struct report_group *g = NULL;
		char label[64];

		group_label_of(label, sizeof(label), rep, i, key, per_host);
		for (k = 0; k < rep->ngroups; k++)
			if (strcmp(rep->groups[k].label, label) == 0)
				g = &rep->groups[k];
		if (g == NULL) {
			g = new_group(rep);
			snprintf(g->label, sizeof(g->label), "%s", label);
		}
		g->runs[g->n++] = i;
	}
	rep->base_group = 0;
	if (rep->ngroups < 2)
		msg_warn("--group-by %s: every run has the same value: no A/B comparison", key);
}

/* The side run i is on: its group, or (no groups: one a run) i. */
static size_t
group_of(const struct report *rep, size_t run)
{
	size_t k, j;

	for (k = 0; k < rep->ngroups; k++)
		for (j = 0; j < rep->groups[k].n; j++)
			if (rep->groups[k].runs[j] == run)
				return k;
	return run;
}

/*
 * A baseline per host: for each host, the side of its baseline run
 * (baseline[h], or its first run) against each other side holding runs
 * of the host, in the order first seen.  Returns the number of pairs.
 */
size_t
sides_host_pairs(struct report *rep, const size_t *baseline)
{
	size_t h, i, k, nsides = rep->ngroups > 0 ? rep->ngroups : rep->nruns;
	char *seen = malloc(nsides ? nsides : 1);

	if (seen == NULL || (rep->pairs = calloc(nsides ? nsides : 1, sizeof(*rep->pairs))) == NULL)
		msg_die("out of memory");
	for (h = 0; h < rep->nhosts; h++) {
		const struct report_host *host = &rep->hosts[h];
		size_t a = group_of(rep, baseline[h] < rep->nruns ? baseline[h] : host->runs[0]);

		memset(seen, 0, nsides);
		seen[a] = 1;
		for (i = 0; i < host->n; i++) {
			k = group_of(rep, host->runs[i]);
			if (seen[k])
				continue;
			seen[k] = 1;
			rep->pairs[rep->npairs].a = a;
			rep->pairs[rep->npairs++].b = k;
		}
	}
	free(seen);
	return rep->npairs;
}
