/*
 * html_fleet: runs of several hosts on the page: the ranking across
 * hosts, which opens it, and the hosts' table (see html_int.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "escape.h"
#include "format.h"
#include "html_int.h"
#include "model/fleet.h"
#include "model/num.h"
#include "model/report.h"
#include "read/metric_table.h"

/* The hosts' table: a <th> per key, a <td> per host, class="diff" on a
 * differing cell; values in full; folded. */
void
html_hosts(FILE *f, const struct report *rep)
{
	const struct fleet_table *t;
	size_t h, i;

	if (!fleet_has_hosts(rep))
		return;
	t = &rep->fleet->table;
	fprintf(f, "<details id=\"hosts\"><summary>Hosts: %lu keys of the fingerprints differ among "
		"them</summary>\n<p>Highlighted: not as most hosts have it.</p>\n", (unsigned long)t->n);
	fputs("<table class=\"hosts\">\n<thead><tr><th>key</th>", f);
	for (h = 0; h < t->nhosts; h++) {
		fputs("<th>", f);
		escape_html(f, rep->hosts[h].label);
		fputs("</th>", f);
	}
	fputs("</tr></thead>\n<tbody>\n<tr><th>runs</th>", f);
	for (h = 0; h < t->nhosts; h++)
		fprintf(f, "<td>%lu</td>", (unsigned long)rep->hosts[h].n);
	fputs("</tr>\n", f);
	for (i = 0; i < t->n; i++) {
		fputs("<tr><th>", f);
		escape_html(f, t->rows[i].key);
		fputs("</th>", f);
		for (h = 0; h < t->nhosts; h++) {
			fputs(t->rows[i].diff[h] ? "<td class=\"diff\">" : "<td>", f);
			escape_html(f, fleet_cell(&t->rows[i], h));
			fputs("</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</tbody>\n</table>\n</details>\n", f);
}

/* Host x ranks before host y at e: better by its direction. */
static int
before(const struct fleet_rank *e, size_t x, size_t y)
{
	return e->col->m->better == METRIC_BIGGER ? e->med[x] > e->med[y] : e->med[x] < e->med[y];
}

/* Every host that has a value at e, from the best, each after the
 * first with its speed against the best's (fleet_speed: below 1, bigger
 * is better, for a time and a rate alike). */
static void
rank_cell(FILE *f, const struct report *rep, const struct fleet_rank *e, size_t nhosts)
{
	size_t *order = malloc(nhosts * sizeof(*order)), n = 0, i, j;
	char r[32];

	fputs("<td class=\"rank\">", f);
	if (order != NULL) {
		for (i = 0; i < nhosts; i++) {
			if (!isfinite(e->med[i]))
				continue;
			/* Insertion: the hosts are few. */
			for (j = n; j > 0 && before(e, i, order[j - 1]); j--)
				order[j] = order[j - 1];
			order[j] = i;
			n++;
		}
		for (i = 0; i < n; i++) {
			if (i > 0)
				fputs(", ", f);
			escape_html(f, rep->hosts[order[i]].label);
			if (i > 0) {
				fputc(' ', f);
				escape_html(f, format_ratio(r, sizeof(r), fleet_speed(e, order[i])));
			}
		}
		free(order);
	}
	fputs("</td>", f);
}

/* The ranking across hosts: per metric the hosts measured alike, the
 * best, the worst, its speed and every host in order; the hosts left
 * out, folded. */
void
html_ranking(FILE *f, const struct report *rep)
{
	char x[32], y[32], r[32];
	const struct fleet_across *a;
	size_t i;

	if (!fleet_has_hosts(rep))
		return;
	a = &rep->fleet->across;
	fprintf(f, "<section id=\"ranking\">\n<h2>Across hosts: %lu hosts ranked at each metric they "
		"measured alike</h2>\n", (unsigned long)a->nhosts);
	if (a->n > 0) {
		fputs("<table class=\"across\">\n<thead><tr><th>section</th><th>column</th><th>unit</th>"
		      "<th>best</th><th>value</th><th>worst</th><th>value</th><th>worst speed</th>"
		      "<th>every host, from the best (its speed)</th></tr></thead>\n<tbody>\n", f);
		for (i = 0; i < a->n; i++) {
			const struct fleet_rank *e = &a->v[i];

			fputs("<tr><td>", f);
			escape_html(f, e->sec->s->id);
			fputs("</td><td class=\"k\">", f);
			escape_html(f, e->col->m->column);
			fputs("</td><td>", f);
			escape_html(f, e->col->m->display_unit);
			fputs("</td><td>", f);
			escape_html(f, rep->hosts[e->best].label);
			fprintf(f, "</td><td class=\"n\">%s</td><td>",
				report_value(x, sizeof(x), e->col->m, e->med[e->best]));
			escape_html(f, rep->hosts[e->worst].label);
			fprintf(f, "</td><td class=\"n\">%s</td><td class=\"n\">",
				report_value(y, sizeof(y), e->col->m, e->med[e->worst]));
			escape_html(f, format_ratio(r, sizeof(r), e->speed));
			fputs("</td>", f);
			rank_cell(f, rep, e, a->nhosts);
			fputs("</tr>\n", f);
		}
		fputs("</tbody>\n</table>\n<p class=\"small\">Each host's value: the median of its runs.  "
		      "Speed: how fast a host is against the best (the best's time over the host's, the "
		      "host's rate over the best's): &#215;1 is the best, &#215;0.5 half as fast, on "
		      "every row.</p>\n", f);
	} else
		fputs("<p>No metric was measured alike by two hosts.</p>\n", f);
	if (a->nleft > 0) {
		fprintf(f, "<details id=\"left\"><summary>Left out of the ranking, measured otherwise than "
			"the rest (%lu)</summary>\n<ul class=\"left\">\n", (unsigned long)a->nleft);
		for (i = 0; i < a->nleft; i++) {
			fputs("<li>", f);
			escape_html(f, a->left[i].sec->s->id);
			fputc(' ', f);
			escape_html(f, a->left[i].col->m->column);
			fputs(": ", f);
			escape_html(f, rep->hosts[a->left[i].host].label);
			fputs(": ", f);
			escape_html(f, a->left[i].why);
			fputs("</li>\n", f);
		}
		fputs("</ul>\n</details>\n", f);
	}
	fputs("</section>\n", f);
}
