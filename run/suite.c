/*
 * suite: reading the table and expanding it (suite.h).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/roff.h"
#include "suite.h"

static const char *const table_rows[] = {
#include "run/suite-table.h"
	NULL
};

const char *
suite_table(void)
{
	static char *text;
	size_t n = 0, i;

	if (text != NULL)
		return text;
	for (i = 0; table_rows[i] != NULL; i++)
		n += strlen(table_rows[i]);
	if ((text = malloc(n + 1)) == NULL)
		return "";
	text[0] = '\0';
	for (n = 0, i = 0; table_rows[i] != NULL; i++) {
		size_t k = strlen(table_rows[i]);

		memcpy(text + n, table_rows[i], k + 1);
		n += k;
	}
	return text;
}

static char *
dup_n(const char *s, size_t n)
{
	char *d = malloc(n + 1);

	if (d != NULL) {
		memcpy(d, s, n);
		d[n] = '\0';
	}
	return d;
}

void
suite_free(struct suite *s)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		free(s->rows[i].prog);
		free(s->rows[i].feeds);
		free(s->rows[i].args);
	}
	free(s->rows);
	s->rows = NULL;
	s->n = 0;
}

/* "0.02/0.04" into secs[2]; "-" reads 0.  Returns 0 or -1. */
static int
parse_secs(const char *f, size_t n, double secs[2])
{
	char buf[64], *slash, *end;
	int k;

	if (n == 0 || n >= sizeof(buf))
		return -1;
	memcpy(buf, f, n);
	buf[n] = '\0';
	if ((slash = strchr(buf, '/')) == NULL)
		return -1;
	*slash = '\0';
	for (k = 0; k < 2; k++) {
		const char *v = k == 0 ? buf : slash + 1;

		if (strcmp(v, "-") == 0) {
			secs[k] = 0;
			continue;
		}
		errno = 0;
		secs[k] = strtod(v, &end);
		if (end == v || *end != '\0' || errno != 0 || !(secs[k] >= 0 && secs[k] < 1e6))
			return -1;
	}
	return 0;
}

static int
row_error(char *err, size_t errlen, unsigned line, const char *why)
{
	snprintf(err, errlen, "line %u: %s", line, why);
	errno = EINVAL;
	return -1;
}

int
suite_parse(struct suite *s, const char *text, char *err, size_t errlen)
{
	const char *p = text;
	unsigned line = 0;

	s->rows = NULL;
	s->n = 0;
	while (*p != '\0') {
		const char *eol = strchr(p, '\n'), *f[5];
		size_t len = eol != NULL ? (size_t)(eol - p) : strlen(p), fl[5];
		const char *q = p, *end = p + len;
		struct suite_row *r, *nr;
		int k;

		line++;
		p = eol != NULL ? eol + 1 : p + len;
		if (len == 0 || *q == '#')
			continue;
		for (k = 0; k < 5; k++) {
			const char *tab = memchr(q, '\t', (size_t)(end - q));

			f[k] = q;
			fl[k] = tab != NULL && k < 4 ? (size_t)(tab - q) : (size_t)(end - q);
			if (k < 4 && tab == NULL) {
				suite_free(s);
				return row_error(err, errlen, line, "fewer than 5 tab-separated fields");
			}
			q = f[k] + fl[k] + 1;
		}
		nr = realloc(s->rows, (s->n + 1) * sizeof(*s->rows));
		if (nr == NULL) {
			suite_free(s);
			return row_error(err, errlen, line, "out of memory");
		}
		s->rows = nr;
		r = &s->rows[s->n];
		memset(r, 0, sizeof(*r));
		if (fl[1] == 3 && memcmp(f[1], "all", 3) == 0)
			r->level = 0;
		else if (fl[1] == 8 && memcmp(f[1], "standard", 8) == 0)
			r->level = 2;
		else if (fl[1] == 4 && memcmp(f[1], "full", 4) == 0)
			r->level = 3;
		else {
			suite_free(s);
			return row_error(err, errlen, line, "profiles is not all, standard or full");
		}
		if (parse_secs(f[2], fl[2], r->secs) != 0) {
			suite_free(s);
			return row_error(err, errlen, line, "seconds is not QUICK/STANDARD");
		}
		r->prog = dup_n(f[0], fl[0]);
		r->feeds = dup_n(f[3], fl[3]);
		r->args = fl[4] == 1 && f[4][0] == '-' ? dup_n("", 0) : dup_n(f[4], fl[4]);
		s->n++;
		if (r->prog == NULL || r->feeds == NULL || r->args == NULL) {
			suite_free(s);
			return row_error(err, errlen, line, "out of memory");
		}
		if (fl[0] == 0 || strspn(r->prog, "abcdefghijklmnopqrstuvwxyz0123456789_") != fl[0]) {
			suite_free(s);
			return row_error(err, errlen, line, "the program is not a name of a-z, 0-9 and _");
		}
	}
	return 0;
}

int
suite_has(const struct suite *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (strcmp(s->rows[i].prog, name) == 0)
			return 1;
	return 0;
}

char *
suite_programs(const struct suite *s, char *buf, size_t len, const char *sep)
{
	size_t i, j, n = 0;

	if (len == 0)
		return buf;
	buf[0] = '\0';
	for (i = 0; i < s->n; i++) {
		int k;

		for (j = 0; j < i && strcmp(s->rows[j].prog, s->rows[i].prog) != 0; j++)
			;
		if (j < i)
			continue;
		k = snprintf(buf + n, len - n, "%s%s", n > 0 ? sep : "", s->rows[i].prog);
		if (k < 0 || (size_t)k >= len - n) {
			buf[n] = '\0';
			break;
		}
		n += (size_t)k;
	}
	return buf;
}

int
suite_listed(const char *name, const char *list)
{
	size_t n = strlen(name);
	const char *p = list;

	if (list == NULL)
		return 0;
	while (*p != '\0') {
		size_t k = strcspn(p, ",");

		if (k == n && memcmp(p, name, n) == 0)
			return 1;
		p += k;
		if (*p == ',')
			p++;
	}
	return 0;
}

uint64_t
suite_cap(uint64_t want, uint64_t limit)
{
	uint64_t p = 1;

	if (limit == UINT64_MAX || want <= limit)
		return want;
	while (p <= limit / 2)
		p *= 2;
	return p;
}

char *
suite_kb_arg(char *buf, size_t len, uint64_t kb)
{
	if (kb % 1024 == 0)
		snprintf(buf, len, "%llum", (unsigned long long)(kb / 1024));
	else
		snprintf(buf, len, "%lluk", (unsigned long long)kb);
	return buf;
}

/* ---------------------------------------------------------------- expansion */

#define MAX_SIZES 4
#define SIZE_ARG 24

/* One placeholder's list of sizes. */
struct sizes {
	char v[MAX_SIZES][SIZE_ARG];
	unsigned n;
};

/* The sizes kbs (PROFILE_MEM: mem_kb; 0 ends), each capped to limit,
 * as arguments, without repeats. */
static void
make_sizes(struct sizes *z, const uint64_t *kbs, uint64_t mem_kb, uint64_t limit)
{
	unsigned i, j;

	z->n = 0;
	for (i = 0; i < MAX_SIZES && kbs[i] != 0; i++) {
		char a[SIZE_ARG];
		uint64_t kb = kbs[i] == PROFILE_MEM ? mem_kb : kbs[i];

		suite_kb_arg(a, sizeof(a), suite_cap(kb, limit));
		for (j = 0; j < z->n && strcmp(z->v[j], a) != 0; j++)
			;
		if (j == z->n)
			memcpy(z->v[z->n++], a, sizeof(a));
	}
}

/* A growing string. */
struct buf {
	char *s;
	size_t n, cap;
	int oom;
};

static void
put_n(struct buf *b, const char *s, size_t n)
{
	if (b->oom)
		return;
	if (b->n + n + 1 > b->cap) {
		size_t cap = (b->n + n + 1) * 2;
		char *ns = realloc(b->s, cap);

		if (ns == NULL) {
			b->oom = 1;
			return;
		}
		b->s = ns;
		b->cap = cap;
	}
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = '\0';
}

static void
put_s(struct buf *b, const char *s)
{
	put_n(b, s, strlen(s));
}

/* The value of a placeholder "@NAME@" (name without the @s), or NULL
 * for one that is not known here. */
struct values {
	const char *name;
	const char *value;
};

/*
 * args with every "@NAME@" of vals replaced (once, left to right: a
 * value is never read again), blanks collapsed and trimmed.  NULL when
 * out of memory.
 */
static char *
substitute(const char *args, const struct values *vals, size_t nvals)
{
	struct buf b = { NULL, 0, 0, 0 }, t = { NULL, 0, 0, 0 };
	const char *p = args;
	size_t i;

	put_n(&b, "", 0);
	while (*p != '\0') {
		const char *close;

		if (*p == '@' && (close = strchr(p + 1, '@')) != NULL) {
			for (i = 0; i < nvals; i++) {
				size_t n = strlen(vals[i].name);

				if ((size_t)(close - p - 1) == n && memcmp(p + 1, vals[i].name, n) == 0)
					break;
			}
			if (i < nvals) {
				put_s(&b, vals[i].value);
				p = close + 1;
				continue;
			}
		}
		put_n(&b, p, 1);
		p++;
	}
	if (b.oom)
		return NULL;
	/* Blanks: one space between words, none at the ends. */
	put_n(&t, "", 0);
	for (p = b.s; *p != '\0';) {
		size_t w = strcspn(p, " \t");

		if (w > 0) {
			if (t.n > 0)
				put_n(&t, " ", 1);
			put_n(&t, p, w);
		}
		p += w;
		p += strspn(p, " \t");
	}
	free(b.s);
	if (t.oom) {
		free(t.s);
		return NULL;
	}
	return t.s;
}

/* kB of a size argument: "8m" 8192, "256k" 256. */
static uint64_t
kb_of(const char *a)
{
	uint64_t v = strtoull(a, NULL, 10);

	return strchr(a, 'm') != NULL ? v * 1024 : v;
}

/* "12 MB" or "800 kB" as the message of a skipped case says it. */
static void
mem_words(char *buf, size_t len, uint64_t kb)
{
	if (kb >= 10240)
		snprintf(buf, len, "%llu MB", (unsigned long long)(kb / 1024));
	else
		snprintf(buf, len, "%llu kB", (unsigned long long)kb);
}

static int
add_case(struct suite_cases *out, const char *prog, unsigned ds, char *args, char *skipped)
{
	struct suite_case *nv = realloc(out->v, (out->n + 1) * sizeof(*out->v));

	if (nv == NULL || args == NULL) {
		free(args);
		free(skipped);
		errno = ENOMEM;
		return -1;
	}
	out->v = nv;
	nv[out->n].prog = prog;
	nv[out->n].ds = ds;
	nv[out->n].args = args;
	nv[out->n].skipped = skipped;
	out->n++;
	return 0;
}

void
suite_cases_free(struct suite_cases *c)
{
	size_t i;

	for (i = 0; i < c->n; i++) {
		free(c->v[i].args);
		free(c->v[i].skipped);
	}
	free(c->v);
	c->v = NULL;
	c->n = 0;
}

/*
 * The least size (kB) a program given @MAP@ (or a size list) takes, and
 * the memory per kB of it each list was cut to fit: below the least the
 * program would refuse the size with its usage line, so the case is
 * recorded as skipped instead.
 */
static const struct {
	const char *prog;
	uint64_t kb;
} least[] = {
	{ "lat_mmap", 16 }, { "bw_file_rd", 4 }, { "bw_mmap_rd", 4 },
};

int
suite_expand(const struct suite *s, const struct suite_settings *st, struct suite_cases *out)
{
	const struct profile *pf = st->prof;
	/* The lists of sizes: bw_mem holds one buffer of @BW@ (two of @BW2@:
	 * its copies), stream three arrays of @BW3@, lat_mmap and bw_mmap_rd
	 * a file and its mapping (@MAP@); each program takes at most half
	 * the memory available. */
	static const char *const list_name[4] = { "BW", "BW2", "BW3", "MAP" };
	static const unsigned per[4] = { 2, 4, 6, 4 };
	struct sizes lists[4];
	uint64_t mem_kb = st->mem_kb, walk_mb, av = st->avail_kb;
	char mb[24], cmb[24], tcp[96], udpsize[32], box[300];
	struct values vals[16];
	size_t nv = 0, i;
	unsigned k;

	out->v = NULL;
	out->n = 0;
	if (pf->mem_cap_kb != 0 && mem_kb > pf->mem_cap_kb)
		mem_kb = pf->mem_cap_kb;
	/* lat_mem_rd's and par_mem's walks reach past the last-level cache
	 * as far as the bandwidth buffers do, in every profile but test:
	 * their largest size is then the memory's.  cache and tlb keep the
	 * profile's size (@CMB@). */
	walk_mb = pf->lat_mb;
	if (pf->level > 0 && walk_mb < mem_kb / 1024)
		walk_mb = mem_kb / 1024;
	for (k = 0; k < 4; k++)
		make_sizes(&lists[k], k < 3 ? pf->bw_kb : pf->map_kb, mem_kb,
			   av != 0 ? av / per[k] : UINT64_MAX);
	snprintf(mb, sizeof(mb), "%llu",
		 (unsigned long long)suite_cap(walk_mb, av != 0 ? av / 3072 : UINT64_MAX));
	snprintf(cmb, sizeof(cmb), "%llu",
		 (unsigned long long)suite_cap(pf->lat_mb, av != 0 ? av / 3072 : UINT64_MAX));
	snprintf(tcp, sizeof(tcp), "%s%s%s%s%s",
		 st->tcp_window != NULL ? "-w " : "", st->tcp_window != NULL ? st->tcp_window : "",
		 st->tcp_window != NULL && st->streams != NULL ? " " : "",
		 st->streams != NULL ? "-P " : "", st->streams != NULL ? st->streams : "");
	snprintf(udpsize, sizeof(udpsize), "%s", st->udp_size != NULL ? st->udp_size : "1470");
	snprintf(box, sizeof(box), "%s%s", st->box_host != NULL ? "-A " : "",
		 st->box_host != NULL ? st->box_host : "");
#define VAL(n, v) (vals[nv].name = (n), vals[nv].value = (v), nv++)
	VAL("REMOTE", st->remote != NULL ? st->remote : "");
	VAL("FSDIR", st->fsdir != NULL ? st->fsdir : "");
	VAL("MB", mb);
	VAL("CMB", cmb);
	VAL("XFER", st->net_time != NULL ? st->net_time : pf->xfer);
	VAL("NETTIME", st->net_time != NULL ? st->net_time : pf->rxfer);
	VAL("STEPTIME", st->net_time != NULL ? st->net_time : pf->step);
	VAL("TCP", tcp);
	VAL("UDPSIZE", udpsize);
	VAL("UDPRATE", st->udp_rate != NULL ? st->udp_rate : "ladder");
	VAL("STREAMS", st->streams != NULL ? st->streams : "4");
	VAL("BOX", box);
	VAL("SWEEP", pf->sweep);
	VAL("FILES", pf->files);
#undef VAL
	for (i = 0; i < s->n; i++) {
		const struct suite_row *r = &s->rows[i];
		const char *multi = NULL, *at;
		int list = -1;
		unsigned ds, nsz, j;
		double secs = r->secs[pf->standard_secs ? 1 : 0];

		if (st->only != NULL && st->only[0] != '\0' && !suite_listed(r->prog, st->only))
			continue;
		if (st->skip != NULL && suite_listed(r->prog, st->skip))
			continue;
		if (r->level > pf->level)
			continue;
		if (strstr(r->args, "@REMOTE@") != NULL && (st->remote == NULL || st->remote[0] == '\0'))
			continue;
		ds = (unsigned)(secs * pf->scale * 10 + 0.5);
		if (ds < 1)
			ds = 1;
		/* The leftmost list placeholder makes one case per size. */
		for (at = r->args; (at = strchr(at, '@')) != NULL; at++) {
			for (k = 0; k < 4; k++) {
				size_t n = strlen(list_name[k]);

				if (strncmp(at + 1, list_name[k], n) == 0 && at[n + 1] == '@')
					break;
			}
			if (k < 4) {
				list = (int)k;
				multi = list_name[k];
				break;
			}
		}
		nsz = multi != NULL ? lists[list].n : 1;
		for (j = 0; j < nsz; j++) {
			char *a, *why = NULL;

			if (multi != NULL) {
				vals[nv].name = multi;
				vals[nv].value = lists[list].v[j];
			}
			a = substitute(r->args, vals, nv + (multi != NULL));
			if (multi != NULL) {
				for (k = 0; k < sizeof(least) / sizeof(least[0]); k++)
					if (strcmp(least[k].prog, r->prog) == 0
					    && kb_of(lists[list].v[j]) < least[k].kb)
						break;
				if (k < sizeof(least) / sizeof(least[0])) {
					char have[32], need[32];

					mem_words(have, sizeof(have), av);
					mem_words(need, sizeof(need), least[k].kb * per[list]);
					why = malloc(256);
					if (why == NULL) {
						free(a);
						suite_cases_free(out);
						errno = ENOMEM;
						return -1;
					}
					snprintf(why, 256, "skipped: only %s free, the least for %s is %lluk, which needs %s",
						 have, r->prog, (unsigned long long)least[k].kb, need);
				}
			}
			if (add_case(out, r->prog, why != NULL ? 0 : ds, a, why) != 0) {
				suite_cases_free(out);
				return -1;
			}
		}
	}
	return 0;
}

char *
suite_describe(const struct suite_row *r, char *buf, size_t len)
{
	/* The words a run replaces: sizes from the profile and the free
	 * memory, DIR from --fsdir, HOST from --remote-host, times from the
	 * profile, the network settings of run. */
	static const struct values words[] = {
		{ "REMOTE", "HOST (--remote-host)" }, { "FSDIR", "DIR" }, { "BW", "SIZE" },
		{ "BW2", "SIZE" }, { "BW3", "SIZE" }, { "MAP", "SIZE" }, { "SIZE", "SIZE" },
		{ "MB", "MB" }, { "XFER", "TIME" }, { "SWEEP", "TIME" }, { "FILES", "TIME" },
		{ "NETTIME", "TIME" }, { "STEPTIME", "TIME" }, { "TCP", "[-w SIZE] [-P N]" },
		{ "UDPSIZE", "BYTES" }, { "UDPRATE", "RATES" }, { "STREAMS", "N" }, { "BOX", "[-A BOX]" },
	};
	char pre[1024], *d;
	const char *p;
	size_t n = 0;

	/* "@MB@m" and "@CMB@m" are sizes: "SIZE". */
	for (p = r->args; *p != '\0' && n + 8 < sizeof(pre); p++) {
		if (strncmp(p, "@MB@m", 5) == 0 || strncmp(p, "@CMB@m", 6) == 0) {
			memcpy(pre + n, "@SIZE@", 6);
			n += 6;
			p += p[1] == 'M' ? 4 : 5;
			continue;
		}
		pre[n++] = *p;
	}
	pre[n] = '\0';
	d = substitute(pre, words, sizeof(words) / sizeof(words[0]));
	snprintf(buf, len, "%s%s", d != NULL && d[0] != '\0' ? d : "(no arguments)",
		 r->level == 2 ? " (standard and full)" : r->level == 3 ? " (full only)" : "");
	free(d);
	return buf;
}

void
suite_man(FILE *f, const struct suite *s)
{
	char names[2048], *p, *save = NULL;
	size_t i, j;

	fputs(".SH THE SUITE\n"
	      "In the order of a run: each program, the cases it runs (its arguments,\n"
	      "without the shared options) and the summary columns they fill, as\n"
	      ".B \"hostbench compare\"\n"
	      "prints them\n"
	      ".RI ( section : column ;\n"
	      ".B \"hostbench compare \\-\\-list\\-columns\"\n"
	      "lists every column).\n"
	      "SIZE is a size the profile sets and the free memory may reduce, TIME a\n"
	      "time the profile or\n"
	      ".B \\-\\-net\\-time\n"
	      "sets, DIR\n"
	      ".BR \\-\\-fsdir ,\n"
	      "HOST\n"
	      ".BR \\-\\-remote\\-host ,\n"
	      "and the network settings of run are in the words of their options.\n"
	      ".B hostbench list\n"
	      "prints the same with what each program measures.\n", f);
	suite_programs(s, names, sizeof(names), " ");
	for (p = strtok_r(names, " ", &save); p != NULL; p = strtok_r(NULL, " ", &save)) {
		char seen[64][64];
		unsigned nseen = 0;
		int first = 1;

		fprintf(f, ".TP\n.B %s\n", p);
		for (i = 0; i < s->n; i++) {
			char d[1024];

			if (strcmp(s->rows[i].prog, p) != 0)
				continue;
			suite_describe(&s->rows[i], d, sizeof(d));
			if (strncmp(d, "HOST (--remote-host)", 20) == 0 || strstr(d, " HOST (--remote-host)") != NULL) {
				char *h = strstr(d, "HOST (--remote-host)");

				memmove(h + 4, h + 20, strlen(h + 20) + 1);
			}
			fputs(first ? "" : "; ", f);
			roff_str(f, d);
			first = 0;
		}
		fputs(".\n", f);
		/* The columns its cases fill, each once. */
		first = 1;
		for (i = 0; i < s->n; i++) {
			const char *q = s->rows[i].feeds;

			if (strcmp(s->rows[i].prog, p) != 0 || strcmp(q, "-") == 0)
				continue;
			while (*q != '\0') {
				size_t n = strcspn(q, ";");
				char col[64];

				snprintf(col, sizeof(col), "%.*s", (int)n, q);
				for (j = 0; j < nseen && strcmp(seen[j], col) != 0; j++)
					;
				if (j == nseen && nseen < 64) {
					size_t cl = strlen(col);

					memcpy(seen[nseen++], col, cl + 1);
					fputs(first ? ".br\nColumns: " : "; ", f);
					if (cl >= 2 && strcmp(col + cl - 2, ":*") == 0) {
						col[cl - 1] = '\0';
						roff_str(f, col);
						fputs(" every column", f);
					} else
						roff_str(f, col);
					first = 0;
				}
				q += n;
				q += strspn(q, "; ");
			}
		}
		if (!first)
			fputs(".\n", f);
	}
	fputs(".PP\n"
	      "The suite is one table in the source, scripts/suite.tab, one row per\n"
	      "case; this list, the run and\n"
	      ".B hostbench list\n"
	      "are made from it, and\n"
	      ".B make check\n"
	      "fails when a case names a program that is not built, or a summary\n"
	      "column is filled by no case.\n", f);
}
