/*
 * resfile: reading result files (see resfile.h).
 *
 * lmbench3 files are turned into hostbench's names and units here, so that
 * one metric table serves both.  The map, from LMBENCH.md:
 *
 *   "Simple syscall: X microseconds"      LatSyscall/op=null (and read,
 *                                         write, stat, fstat, open/close)
 *   "Select on N [tcp ]fd's:"             LatSelect/type=file|tcp/n=N
 *   "Signal handler installation|overhead:", "Protection fault:"
 *                                         LatSig/op=install|catch|prot
 *   "Process fork+exit|fork+execve|fork+/bin/sh -c:", "Procedure call:"
 *                                         LatProc/op=fork|exec|shell|procedure
 *   "<type> <op>: X nanoseconds"          LatOps/type=int|int64|float|double/op=...
 *   "<type> <op> parallelism: X"          ParOps/... (unit x)
 *   "Pipe latency:", "AF_UNIX sock stream latency:", "UDP|TCP latency using
 *   H:", "RPC/udp|tcp latency using H:", "TCP/IP connection cost to H:"
 *                                         LatPipe, LatUnix, LatUdp, LatTcp,
 *                                         LatRpc/proto=udp|tcp, LatConnect
 *                                         (+ /peer=remote unless H is localhost)
 *   "Pagefaults on FILE:"                 LatPagefault
 *   "Pipe bandwidth:", "AF_UNIX sock stream bandwidth:"   BwPipe, BwUnix
 *   "tlb: N pages"                        Tlb (pages)
 *   "STREAM[2] op bandwidth:"             Stream/op=, Stream2/op=
 *   blocks (size in MB, value):
 *   "stride=N under "Memory|Random load latency"
 *                                         LatMemRd/order=stride|random/stride=N/size=S
 *   "size=Nk ovr=O" (procs, us)           LatCtx/size=NK/procs=P
 *   "mappings (MB, us)                    LatMmap/size=S
 *   "File system latency (size n c/s d/s) LatFs/op=create|delete/size=S
 *   "read bandwidth, "read open2close bandwidth
 *                                         BwFileRd/op=io_only|open2close/size=S
 *   "Mmap read bandwidth, "Mmap read open2close bandwidth
 *                                         BwMmapRd/op=mmap_only|open2close/size=S
 *   "libc bcopy unaligned, "unrolled bcopy unaligned, Memory read|write|bzero
 *   bandwidth                             BwMem/op=bcopy|fcp|frd|fwr|bzero/size=S
 *   Socket bandwidth using H              BwTcp/size=S
 *   Memory load parallelism               ParMem/size=S (unit x)
 *   [MHZ: N MHz, ...], [LINE_SIZE: N]     Mhz (MHz), Line (bytes)
 *
 * Left out on purpose: lmbench's "partial" bw_mem blocks and "unrolled
 * partial bcopy" (they touch one word in four but count all), STREAM v1
 * "add" (counts three arrays' traffic for a one-array kernel), "libc bcopy
 * aligned", the STREAM latency lines and lmdd's "File ... write bandwidth"
 * (its KB is not documented).
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mem.h"
#include "metric.h"
#include "output.h"
#include "resfile.h"
#include "stats.h"

/* Files larger than this are not result files. */
#define RESFILE_MAX_BYTES (256UL << 20)

/* ---------------------------------------------------------------- storage */

void
resfile_init(struct resfile_run *r)
{
	memset(r, 0, sizeof(*r));
	r->max_load = -1;
}

static void
free_kvs(struct resfile_kv *kv, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(kv[i].key);
		free(kv[i].value);
	}
	free(kv);
}

void
resfile_free(struct resfile_run *r)
{
	size_t i;

	free(r->path);
	free_kvs(r->config, r->nconfig);
	free_kvs(r->later, r->nlater);
	for (i = 0; i < r->nresults; i++) {
		free(r->results[i].name);
		free(r->results[i].unit);
		free(r->results[i].v);
		free(r->results[i].from);
	}
	free(r->results);
	for (i = 0; i < r->ncases; i++) {
		free(r->cases[i].bench);
		free(r->cases[i].args);
		free(r->cases[i].reduced);
	}
	free(r->cases);
	for (i = 0; i < r->nflags; i++)
		free(r->flags[i]);
	free(r->flags);
	resfile_init(r);
}

static char *
str_dup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = malloc(n);

	if (d != NULL)
		memcpy(d, s, n);
	return d;
}

/* Grow *p (of *cap elements of size sz) to hold n + 1; 0 or -1. */
static int
grow(void *p, size_t *cap, size_t n, size_t sz)
{
	void *q;
	size_t c;

	if (n < *cap)
		return 0;
	c = *cap ? *cap * 2 : 8;
	if ((q = realloc(*(void **)p, c * sz)) == NULL)
		return -1;
	*(void **)p = q;
	*cap = c;
	return 0;
}

static const char *
kv_get(const struct resfile_kv *kv, size_t n, const char *key)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(kv[i].key, key) == 0)
			return kv[i].value;
	return NULL;
}

/* Set key in a list: replace the value if present (replace) or keep it. */
static int
kv_put(struct resfile_kv **kv, size_t *n, const char *key, const char *value, int replace)
{
	size_t i, cap = *n;
	char *v;

	for (i = 0; i < *n; i++)
		if (strcmp((*kv)[i].key, key) == 0) {
			if (!replace)
				return 0;
			if ((v = str_dup(value)) == NULL)
				return -1;
			free((*kv)[i].value);
			(*kv)[i].value = v;
			return 0;
		}
	/* Capacity is not stored: grow to the next power of two. */
	if (cap == 0 || (cap & (cap - 1)) == 0) {
		size_t c = cap ? cap * 2 : 8;
		void *q = realloc(*kv, c * sizeof(**kv));

		if (q == NULL)
			return -1;
		*kv = q;
	}
	(*kv)[*n].key = str_dup(key);
	(*kv)[*n].value = str_dup(value);
	if ((*kv)[*n].key == NULL || (*kv)[*n].value == NULL) {
		free((*kv)[*n].key);
		free((*kv)[*n].value);
		return -1;
	}
	(*n)++;
	return 0;
}

const char *
resfile_config(const struct resfile_run *r, const char *key)
{
	const char *v = kv_get(r->config, r->nconfig, key);

	return v != NULL ? v : kv_get(r->later, r->nlater, key);
}

/* Parsing state shared by both formats. */
struct parser {
	struct resfile_run *r;
	size_t results_cap, flags_cap;
	/* An index of the results by name and unit (open addressing, a
	 * power of two, at most half full): 0 empty, else 1 + the index. */
	size_t *slot, nslot;
	size_t last;		/* index of the last result added: samples come in runs */
	unsigned long line;
	char *err;
	size_t errlen;
	/* hostbench */
	int in_bench;		/* a "bench:" line was seen: the fingerprint is over */
	size_t cases_cap;
	int case_open;		/* cases[ncases - 1] takes what follows */
	int case_results;	/* and has results */
	int case_args;		/* and has its args */
	unsigned round;		/* the last "round:" */
	size_t from;		/* what add_sample records: 1 + case index */
	char bench[OUTPUT_MAX_VALUE], args[OUTPUT_MAX_VALUE];
	char suite_bench[OUTPUT_MAX_VALUE], suite_label[2 * OUTPUT_MAX_VALUE];
	/* lmbench3 */
	char title[128];	/* the current block's title, lower case */
	char context[128];	/* the last unquoted title, lower case */
	int have_date;
	char sysname[64], release[128];
};

static int
fail(struct parser *p, const char *fmt, ...) HB_PRINTF(2, 3);

static int
fail(struct parser *p, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (p->errlen > 0) {
		if (p->line > 0)
			snprintf(p->err, p->errlen, "%s:%lu: %s", p->r->path, p->line, msg);
		else
			snprintf(p->err, p->errlen, "%s: %s", p->r->path, msg);
	}
	return -1;
}

static int
oom(struct parser *p)
{
	return fail(p, "out of memory");
}

/* FNV-1a over name, a 0 byte, unit. */
static size_t
hash_of(const char *name, const char *unit)
{
	uint32_t h = 2166136261u;
	const char *s;

	for (s = name; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	h = (h ^ 0) * 16777619u;
	for (s = unit; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* The slot of name and unit: where it is, or the empty one it would take. */
static size_t *
slot_of(struct parser *p, const char *name, const char *unit)
{
	size_t k = hash_of(name, unit) & (p->nslot - 1);

	for (;;) {
		size_t *s = &p->slot[k];
		const struct resfile_result *x;

		if (*s == 0)
			return s;
		x = &p->r->results[*s - 1];
		if (strcmp(x->name, name) == 0 && strcmp(x->unit, unit) == 0)
			return s;
		k = (k + 1) & (p->nslot - 1);
	}
}

/* Room for one more result in the index: doubled (and refilled) when it
 * would be more than half full.  0 or -1. */
static int
index_grow(struct parser *p)
{
	size_t n = p->nslot ? p->nslot : 64, i;
	size_t *old = p->slot, oldn = p->nslot;

	if (p->nslot != 0 && 2 * (p->r->nresults + 1) <= p->nslot)
		return 0;
	while (2 * (p->r->nresults + 1) > n)
		n *= 2;
	if ((p->slot = calloc(n, sizeof(*p->slot))) == NULL) {
		p->slot = old;
		return -1;
	}
	p->nslot = n;
	for (i = 0; i < oldn; i++)
		if (old[i] != 0) {
			const struct resfile_result *x = &p->r->results[old[i] - 1];

			*slot_of(p, x->name, x->unit) = old[i];
		}
	free(old);
	return 0;
}

static int
add_sample(struct parser *p, const char *name, const char *unit, double v)
{
	struct resfile_run *r = p->r;
	struct resfile_result *res = NULL;
	size_t *s;

	if (p->last < r->nresults && strcmp(r->results[p->last].name, name) == 0
	    && strcmp(r->results[p->last].unit, unit) == 0) {
		res = &r->results[p->last];
	} else {
		if (index_grow(p) != 0)
			return oom(p);
		s = slot_of(p, name, unit);
		if (*s != 0)
			res = &r->results[*s - 1];
	}
	if (res == NULL) {
		if (grow(&r->results, &p->results_cap, r->nresults, sizeof(*r->results)) != 0)
			return oom(p);
		res = &r->results[r->nresults];
		memset(res, 0, sizeof(*res));
		res->name = str_dup(name);
		res->unit = str_dup(unit);
		res->line = p->line;
		if (res->name == NULL || res->unit == NULL) {
			free(res->name);
			free(res->unit);
			return oom(p);
		}
		r->nresults++;
		*slot_of(p, name, unit) = r->nresults;
	}
	if (res->n >= res->cap) {
		size_t cap = res->cap;
		size_t *f;

		if (grow(&res->v, &cap, res->n, sizeof(*res->v)) != 0)
			return oom(p);
		if ((f = realloc(res->from, cap * sizeof(*f))) == NULL)
			return oom(p);
		res->from = f;
		res->cap = cap;
	}
	res->from[res->n] = p->from;
	res->v[res->n++] = v;
	p->last = (size_t)(res - r->results);
	return 0;
}

static int
add_flag(struct parser *p, const char *fmt, ...) HB_PRINTF(2, 3);

static int
add_flag(struct parser *p, const char *fmt, ...)
{
	struct resfile_run *r = p->r;
	char buf[1024];
	va_list ap;
	size_t i;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	for (i = 0; i < r->nflags; i++)
		if (strcmp(r->flags[i], buf) == 0)
			return 0;
	if (grow(&r->flags, &p->flags_cap, r->nflags, sizeof(*r->flags)) != 0
	    || (r->flags[r->nflags] = str_dup(buf)) == NULL)
		return oom(p);
	r->nflags++;
	return 0;
}

static int
set_config(struct parser *p, const char *key, const char *value)
{
	struct resfile_run *r = p->r;
	int rc;

	if (!p->in_bench)
		rc = kv_put(&r->config, &r->nconfig, key, value, 1);
	else if (kv_get(r->config, r->nconfig, key) != NULL)
		rc = 0;
	else
		rc = kv_put(&r->later, &r->nlater, key, value, 0);
	return rc == 0 ? 0 : oom(p);
}

static void
note_load(struct parser *p, const char *value)
{
	char *end;
	double v = strtod(value, &end);

	if (end != value && v > p->r->max_load)
		p->r->max_load = v;
}

/* ---------------------------------------------------------------- hostbench */

static int
is_governor_key(const char *key)
{
	size_t n = strlen(key);

	return strcmp(key, "governor") == 0
	       || (n > 9 && strcmp(key + n - 9, "-governor") == 0);
}

/* Any governor word other than "performance" (and not "unknown"). */
static int
check_governor(struct parser *p, const char *value)
{
	const char *s = value;

	while (*s != '\0') {
		size_t n = strcspn(s, " ,;/");

		if (n > 0 && !(n == 11 && strncmp(s, "performance", 11) == 0)
		    && !(n == 7 && strncmp(s, "unknown", 7) == 0))
			return add_flag(p, "governor %s (not performance)", value);
		s += n;
		s += strspn(s, " ,;/");
	}
	return 0;
}

/* The suite writes "args: none" for a benchmark run without arguments. */
static int
has_args(const char *args)
{
	return args[0] != '\0' && strcmp(args, "none") != 0;
}

/* A new case: what follows is its records. */
static int
open_case(struct parser *p, const char *bench)
{
	struct resfile_run *r = p->r;
	struct resfile_case *c;

	if (grow(&r->cases, &p->cases_cap, r->ncases, sizeof(*r->cases)) != 0)
		return oom(p);
	c = &r->cases[r->ncases];
	memset(c, 0, sizeof(*c));
	if ((c->bench = str_dup(bench)) == NULL || (c->args = str_dup("")) == NULL) {
		free(c->bench);
		return oom(p);
	}
	c->round = p->round;
	c->others = c->steal = c->ticks = NAN;
	r->ncases++;
	p->case_open = 1;
	p->case_results = p->case_args = 0;
	p->from = r->ncases;
	return 0;
}

/* The value of "key=" in a "# noise:" line, or NaN. */
static double
noise_value(const char *line, const char *key)
{
	const char *s = strstr(line, key);
	char *end;
	double v;

	if (s == NULL)
		return NAN;
	v = strtod(s + strlen(key), &end);
	return end != s + strlen(key) && v >= 0 && isfinite(v) ? v : NAN;
}

/* The suite's "# noise: cpu-others=X steal=Y ticks=T" after a case ends it. */
static void
noise_line(struct parser *p, const char *line)
{
	struct resfile_case *c;

	if (strncmp(line, "# noise:", 8) != 0 || !p->case_open)
		return;
	c = &p->r->cases[p->r->ncases - 1];
	c->others = noise_value(line, "cpu-others=");
	c->steal = noise_value(line, "steal=");
	c->ticks = noise_value(line, "ticks=");
	p->case_open = 0;
}

/* "bench:" starts a case, unless it is the program's own header of the
 * case the suite just opened (same name, no results yet). */
static int
bench_line(struct parser *p, const char *bench)
{
	if (p->case_open && !p->case_results
	    && strcmp(p->r->cases[p->r->ncases - 1].bench, bench) == 0)
		return 0;
	return open_case(p, bench);
}

static int
case_text(struct parser *p, char **field, const char *value)
{
	char *d;

	if (!p->case_open)
		return 0;
	if ((d = str_dup(value)) == NULL)
		return oom(p);
	free(*field);
	*field = d;
	return 0;
}

static int
hostbench_line(struct parser *p, const char *line, int last_unterminated)
{
	struct output_line l;
	size_t k;

	if (line[0] == '#') {
		noise_line(p, line);
		return 0;
	}
	if (output_parse_line(line, &l) != 0)
		return fail(p, "malformed result line%s",
			    last_unterminated ? " (truncated: no newline at the end of the file)" : "");
	if (l.kind == OUTPUT_LINE_RESULT) {
		if (last_unterminated)
			return fail(p, "truncated result line (no newline at the end of the file)");
		/* One value out of range costs its line, not the file. */
		if (l.bad_value > 0)
			return add_flag(p, "line %lu: %s: a value that is not a finite number, its line dropped",
					p->line, l.name);
		if (p->case_open)
			p->case_results = 1;
		else
			p->from = 0;
		for (k = 0; k < l.npairs; k++)
			if (add_sample(p, l.name, l.unit[k], l.val[k]) != 0)
				return -1;
		return 0;
	}
	if (l.kind != OUTPUT_LINE_CONFIG)
		return 0;
	if (strcmp(l.key, "bench") == 0) {
		p->in_bench = 1;
		snprintf(p->bench, sizeof(p->bench), "%s", l.value);
		p->args[0] = '\0';
		return bench_line(p, l.value);
	}
	if (strcmp(l.key, "args") == 0) {
		snprintf(p->args, sizeof(p->args), "%s", l.value);
		if (p->case_args || !p->case_open)
			return 0;
		p->case_args = 1;
		return case_text(p, &p->r->cases[p->r->ncases - 1].args,
				 has_args(l.value) ? l.value : "");
	}
	if (strcmp(l.key, "round") == 0) {
		char *end;
		unsigned long round = strtoul(l.value, &end, 10);

		p->round = end != l.value && round < 1000000 ? (unsigned)round : 0;
		p->case_open = 0;
		return 0;
	}
	if (strcmp(l.key, "size-reduced") == 0 && p->case_open
	    && case_text(p, &p->r->cases[p->r->ncases - 1].reduced, l.value) != 0)
		return -1;
	if (strcmp(l.key, "status") == 0) {
		snprintf(p->suite_bench, sizeof(p->suite_bench), "%s", p->bench);
		snprintf(p->suite_label, sizeof(p->suite_label), "%s%s%s", p->bench,
			 has_args(p->args) ? " " : "", has_args(p->args) ? p->args : "");
		if (strncmp(l.value, "failed", 6) == 0)
			return add_flag(p, "%s: %s", p->suite_label, l.value);
		return 0;
	}
	if (strcmp(l.key, "precision") == 0) {
		if (strncmp(l.value, "not-reached", 11) == 0) {
			const char *label = p->suite_label;
			char own[2 * OUTPUT_MAX_VALUE];
			const char *rest = l.value + 11;

			if (strcmp(p->suite_bench, p->bench) != 0) {
				snprintf(own, sizeof(own), "%s%s%s", p->bench,
					 has_args(p->args) ? " " : "", has_args(p->args) ? p->args : "");
				label = own;
			}
			while (*rest == ' ')
				rest++;
			return add_flag(p, "%s: precision not reached%s%s", label,
					*rest ? ": " : "", rest);
		}
		return 0;
	}
	if (strcmp(l.key, "load") == 0)
		note_load(p, l.value);
	if (is_governor_key(l.key) && check_governor(p, l.value) != 0)
		return -1;
	return set_config(p, l.key, l.value);
}

/* ---------------------------------------------------------------- lmbench3 */

static void
lower(char *dst, size_t len, const char *src)
{
	size_t i;

	for (i = 0; i + 1 < len && src[i] != '\0'; i++)
		dst[i] = (char)tolower((unsigned char)src[i]);
	if (len > 0)
		dst[i] = '\0';
}

/* "size=" + the byte count as names write it ("0K" for nothing).  Returns
 * 0, or -1 for a count no uint64_t holds (NaN, 2e99: a garbled line, to
 * be skipped; converting it would be undefined). */
static int
size_part(char *buf, size_t len, double bytes)
{
	char sz[32];

	if (!(bytes < 18446744073709551616.0))	/* 2^64 */
		return -1;
	if (bytes < 0.5)
		snprintf(sz, sizeof(sz), "0K");
	else
		mem_size_name(sz, sizeof(sz), (uint64_t)(bytes + 0.5));
	snprintf(buf, len, "size=%s", sz);
	return 0;
}

/* MB (10^6) as lmbench prints it, rounded to 2 decimals: a power of two
 * within 0.5% is what was meant ("1.05" = 1 MiB). */
static double
bytes_1e6(double mb)
{
	double b = floor(mb * 1e6 + 0.5), p2;

	if (b < 1)
		return b;
	p2 = pow(2.0, floor(log(b) / log(2.0) + 0.5));
	return fabs(p2 - b) <= 0.005 * b ? p2 : b;
}

/* lat_mem_rd's MB are 2^20 and 5 decimals: its sizes are multiples of 512. */
static double
bytes_2e20(double mb)
{
	double b = floor(mb * 1048576.0 / 512.0 + 0.5) * 512.0;

	return b < 512 ? 512 : b;
}

/* The leading numbers of a line (up to n; a unit word may follow): how many. */
static int
numbers(const char *s, double *v, int n)
{
	int k = 0;
	char *end;

	while (*s != '\0') {
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0')
			break;
		if (k == n)
			break;
		v[k] = strtod(s, &end);
		if (end == s)
			break;
		/* The file system block's first field: "10k". */
		if (*end == 'k' || *end == 'K')
			v[k] *= 1024, end++;
		if (*end != '\0' && *end != ' ' && *end != '\t')
			break;
		k++;
		s = end;
	}
	return k;
}

static int
lm_add(struct parser *p, const char *name, const char *unit, double v)
{
	/* lmbench prints 0.00 for a loop the compiler deleted: blank, not 0. */
	if (!(v > 0) || !isfinite(v))
		return 0;
	/* Each of lmbench's lines comes from a process of its own. */
	p->from++;
	return add_sample(p, name, unit, v);
}

static int
lm_block(struct parser *p, const char *line)
{
	static const struct {
		const char *title, *name;
	} curves[] = {
		{ "read bandwidth", "BwFileRd/op=io_only" },
		{ "read open2close bandwidth", "BwFileRd/op=open2close" },
		{ "mmap read bandwidth", "BwMmapRd/op=mmap_only" },
		{ "mmap read open2close bandwidth", "BwMmapRd/op=open2close" },
		{ "libc bcopy unaligned", "BwMem/op=bcopy" },
		{ "unrolled bcopy unaligned", "BwMem/op=fcp" },
		{ "memory read bandwidth", "BwMem/op=frd" },
		{ "memory write bandwidth", "BwMem/op=fwr" },
		{ "memory bzero bandwidth", "BwMem/op=bzero" },
	};
	const char *t = p->title;
	char name[OUTPUT_MAX_NAME], sz[48];
	double v[4];
	int n = numbers(line, v, 4);
	size_t i;

	if (n < 2)
		return 0;
	if (strncmp(t, "stride=", 7) == 0 && n == 2) {
		int random = strcmp(p->context, "random load latency") == 0;

		if (size_part(sz, sizeof(sz), bytes_2e20(v[0])) != 0)
			return 0;
		snprintf(name, sizeof(name), "LatMemRd/order=%s/stride=%ld/%s",
			 random ? "random" : "stride", strtol(t + 7, NULL, 10), sz);
		return lm_add(p, name, "ns/op", v[1]);
	}
	if (strncmp(t, "size=", 5) == 0 && strstr(t, "ovr=") != NULL && n == 2) {
		if (size_part(sz, sizeof(sz), strtod(t + 5, NULL) * 1024) != 0)
			return 0;
		snprintf(name, sizeof(name), "LatCtx/%s/procs=%.0f", sz, v[0]);
		return lm_add(p, name, "ns/op", v[1] * 1e3);
	}
	if (strcmp(t, "mappings") == 0 && n == 2) {
		if (size_part(sz, sizeof(sz), bytes_1e6(v[0])) != 0)
			return 0;
		snprintf(name, sizeof(name), "LatMmap/%s", sz);
		return lm_add(p, name, "ns/op", v[1] * 1e3);
	}
	if (strcmp(t, "file system latency") == 0 && n == 4) {
		if (size_part(sz, sizeof(sz), v[0]) != 0)
			return 0;
		for (i = 0; i < 2; i++) {
			double rate = v[2 + i];

			if (!(rate > 0))
				continue;
			snprintf(name, sizeof(name), "LatFs/op=%s/%s", i ? "delete" : "create", sz);
			if (lm_add(p, name, "ns/op", 1e9 / rate) != 0
			    || lm_add(p, name, "files/s", rate) != 0)
				return -1;
		}
		return 0;
	}
	if (strncmp(t, "socket bandwidth using ", 23) == 0 && n >= 2) {
		int local = strcmp(t + 23, "localhost") == 0;

		if (size_part(sz, sizeof(sz), bytes_1e6(v[0])) != 0)
			return 0;
		snprintf(name, sizeof(name), "BwTcp%s/%s", local ? "" : "/peer=remote", sz);
		return lm_add(p, name, "MB/s", v[1]);
	}
	if (strcmp(t, "memory load parallelism") == 0 && n == 2) {
		if (size_part(sz, sizeof(sz), bytes_1e6(v[0])) != 0)
			return 0;
		snprintf(name, sizeof(name), "ParMem/%s", sz);
		return lm_add(p, name, "x", v[1]);
	}
	for (i = 0; i < HB_ARRAY_SIZE(curves); i++)
		if (strcmp(t, curves[i].title) == 0 && n == 2) {
			if (size_part(sz, sizeof(sz), bytes_1e6(v[0])) != 0)
				return 0;
			snprintf(name, sizeof(name), "%s/%s", curves[i].name, sz);
			return lm_add(p, name, "MB/s", v[1]);
		}
	return 0;
}

/*
 * Match line against pattern, where one '*' stands for a non-empty run
 * without ':'.  On a match, *rest points after it and the '*' text is in
 * cap.
 */
static int
match(const char *line, const char *pat, char *cap, size_t caplen, const char **rest)
{
	const char *star = strchr(pat, '*');
	size_t pre = star ? (size_t)(star - pat) : strlen(pat);
	const char *s, *found;

	if (strncmp(line, pat, pre) != 0)
		return 0;
	if (star == NULL) {
		*rest = line + pre;
		cap[0] = '\0';
		return 1;
	}
	s = line + pre;
	found = strstr(s, star + 1);
	if (found == NULL || found == s || (size_t)(found - s) >= caplen
	    || memchr(s, ':', (size_t)(found - s)) != NULL)
		return 0;
	memcpy(cap, s, (size_t)(found - s));
	cap[found - s] = '\0';
	*rest = found + strlen(star + 1);
	return 1;
}

/* CAP_COUNT: the count the star matched ends the name. */
enum lm_cap { CAP_NONE, CAP_COUNT, CAP_HOST };

static const struct lm_prose {
	const char *pattern;
	const char *name;
	enum lm_cap cap;
	double factor;
} prose[] = {
	{ "Simple syscall:", "LatSyscall/op=null", CAP_NONE, 1 },
	{ "Simple read:", "LatSyscall/op=read", CAP_NONE, 1 },
	{ "Simple write:", "LatSyscall/op=write", CAP_NONE, 1 },
	{ "Simple stat:", "LatSyscall/op=stat", CAP_NONE, 1 },
	{ "Simple fstat:", "LatSyscall/op=fstat", CAP_NONE, 1 },
	{ "Simple open/close:", "LatSyscall/op=open", CAP_NONE, 1 },
	{ "Select on * tcp fd's:", "LatSelect/type=tcp/n=", CAP_COUNT, 1 },
	{ "Select on * fd's:", "LatSelect/type=file/n=", CAP_COUNT, 1 },
	{ "Signal handler installation:", "LatSig/op=install", CAP_NONE, 1 },
	{ "Signal handler overhead:", "LatSig/op=catch", CAP_NONE, 1 },
	{ "Protection fault:", "LatSig/op=prot", CAP_NONE, 1 },
	{ "Pipe latency:", "LatPipe", CAP_NONE, 1 },
	{ "AF_UNIX sock stream latency:", "LatUnix", CAP_NONE, 1 },
	{ "Process fork+exit:", "LatProc/op=fork", CAP_NONE, 1 },
	{ "Process fork+execve:", "LatProc/op=exec", CAP_NONE, 1 },
	{ "Process fork+/bin/sh -c:", "LatProc/op=shell", CAP_NONE, 1 },
	{ "Procedure call:", "LatProc/op=procedure", CAP_NONE, 1 },
	{ "Pagefaults on *:", "LatPagefault", CAP_NONE, 1 },
	{ "UDP latency using *:", "LatUdp", CAP_HOST, 1 },
	{ "TCP latency using *:", "LatTcp", CAP_HOST, 1 },
	{ "RPC/udp latency using *:", "LatRpc/proto=udp", CAP_HOST, 1 },
	{ "RPC/tcp latency using *:", "LatRpc/proto=tcp", CAP_HOST, 1 },
	{ "TCP/IP connection cost to *:", "LatConnect", CAP_HOST, 1 },
	{ "Pipe bandwidth:", "BwPipe", CAP_NONE, 1 },
	{ "AF_UNIX sock stream bandwidth:", "BwUnix", CAP_NONE, 1 },
	/* lmbench's lat_sem reports half a round trip; hostbench the whole. */
	{ "Semaphore latency:", "LatSem", CAP_NONE, 2 },
	{ "Fcntl lock latency:", "LatFcntl", CAP_NONE, 1 },
	{ "tlb:", "Tlb", CAP_NONE, 1 },
	{ "STREAM copy bandwidth:", "Stream/op=copy", CAP_NONE, 1 },
	{ "STREAM scale bandwidth:", "Stream/op=scale", CAP_NONE, 1 },
	{ "STREAM triad bandwidth:", "Stream/op=triad", CAP_NONE, 1 },
	{ "STREAM2 fill bandwidth:", "Stream2/op=fill", CAP_NONE, 1 },
	{ "STREAM2 copy bandwidth:", "Stream2/op=copy", CAP_NONE, 1 },
	{ "STREAM2 daxpy bandwidth:", "Stream2/op=daxpy", CAP_NONE, 1 },
	{ "STREAM2 sum bandwidth:", "Stream2/op=sum", CAP_NONE, 1 },
};

/* "X microseconds" etc.: the value in hostbench's unit, or -1 if unknown. */
static int
lm_value(const char *s, double factor, double *v, const char **unit)
{
	static const struct {
		const char *word, *unit;
		double scale;
	} units[] = {
		{ "microseconds", "ns/op", 1e3 },
		{ "nanoseconds", "ns/op", 1 },
		{ "MB/sec", "MB/s", 1 },
		{ "pages", "pages", 1 },
		{ "", "x", 1 },		/* a bare number: parallelism */
	};
	char *end;
	size_t i;

	*v = strtod(s, &end);
	if (end == s)
		return -1;
	while (*end == ' ' || *end == '\t')
		end++;
	for (i = 0; i < HB_ARRAY_SIZE(units); i++)
		if (strcmp(end, units[i].word) == 0) {
			*v *= units[i].scale * factor;
			*unit = units[i].unit;
			return 0;
		}
	return -1;
}

/* "integer add: 0.75 nanoseconds", "float mul parallelism: 6.20". */
static int
lm_ops(struct parser *p, const char *line, int *handled)
{
	static const struct {
		const char *word, *type;
	} types[] = {
		{ "integer ", "int" }, { "int64 ", "int64" }, { "uint64 ", "int64" },
		{ "float ", "float" }, { "double ", "double" },
	};
	static const char *const ops[] = { "bit", "add", "mul", "div", "mod", "bogomflops" };
	char name[OUTPUT_MAX_NAME];
	const char *s, *unit;
	size_t i, j, n;
	double v;

	*handled = 0;
	for (i = 0; i < HB_ARRAY_SIZE(types); i++)
		if (strncmp(line, types[i].word, strlen(types[i].word)) == 0)
			break;
	if (i == HB_ARRAY_SIZE(types))
		return 0;
	s = line + strlen(types[i].word);
	for (j = 0; j < HB_ARRAY_SIZE(ops); j++) {
		n = strlen(ops[j]);
		if (strncmp(s, ops[j], n) == 0 && (s[n] == ':' || s[n] == ' '))
			break;
	}
	if (j == HB_ARRAY_SIZE(ops))
		return 0;
	s += strlen(ops[j]);
	if (strncmp(s, " parallelism:", 13) == 0) {
		snprintf(name, sizeof(name), "ParOps/type=%s/op=%s", types[i].type,
			 j == 5 ? "bogo" : ops[j]);
		s += 13;
	} else if (*s == ':') {
		snprintf(name, sizeof(name), "LatOps/type=%s/op=%s", types[i].type,
			 j == 5 ? "bogo" : ops[j]);
		s++;
	} else {
		return 0;
	}
	if (lm_value(s, 1, &v, &unit) != 0)
		return 0;
	if ((strncmp(name, "Par", 3) == 0) != (strcmp(unit, "x") == 0))
		return 0;
	*handled = 1;
	return lm_add(p, name, unit, v);
}

static int
lm_prose(struct parser *p, const char *line, int *handled)
{
	char cap[128], name[OUTPUT_MAX_NAME];
	const char *rest, *unit;
	size_t i;
	double v;

	if (lm_ops(p, line, handled) != 0)
		return -1;
	if (*handled)
		return 0;
	for (i = 0; i < HB_ARRAY_SIZE(prose); i++) {
		const struct lm_prose *e = &prose[i];

		if (!match(line, e->pattern, cap, sizeof(cap), &rest))
			continue;
		if (e->cap == CAP_COUNT && (cap[0] == '\0' || cap[strspn(cap, "0123456789")] != '\0'))
			continue;
		if (lm_value(rest, e->factor, &v, &unit) != 0)
			continue;
		if (strcmp(unit, "x") == 0)
			continue;
		if (e->cap == CAP_COUNT)
			snprintf(name, sizeof(name), "%s%s", e->name, cap);
		else if (e->cap == CAP_HOST && strcmp(cap, "localhost") != 0)
			snprintf(name, sizeof(name), "%s/peer=remote", e->name);
		else
			snprintf(name, sizeof(name), "%s", e->name);
		*handled = 1;
		return lm_add(p, name, unit, v);
	}
	return 0;
}

/* Copy src into dst[len], cut short if need be. */
static void
copy_str(char *dst, size_t len, const char *src)
{
	size_t n = strlen(src);

	if (n >= len)
		n = len - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* "[KEY: value]": the header's keys mapped to hostbench's. */
static int
lm_header(struct parser *p, const char *line)
{
	static const struct {
		const char *lm, *key;
	} keys[] = {
		{ "HOSTNAME", "host" }, { "MACHINE", "arch" }, { "OS", "platform" },
		{ "PROCESSORS", "cpus" }, { "SYNC_MAX", "parallel" },
		{ "LMBENCH VERSION", "lmbench" },
	};
	char key[64], value[OUTPUT_MAX_VALUE], hb[80];
	const char *colon, *close;
	size_t n, i;

	close = strrchr(line, ']');
	if (close == NULL)
		close = line + strlen(line);
	colon = strchr(line, ':');
	n = colon ? (size_t)(colon - line - 1) : 0;
	/* Keys are upper case with '_' or ' '; the date and uptime are not. */
	if (colon == NULL || n == 0 || n >= sizeof(key) || colon > close
	    || strspn(line + 1, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_ ") != n) {
		const char *la = strstr(line, "load average:");

		if (la != NULL) {
			char buf[32];

			snprintf(buf, sizeof(buf), "%.2f", strtod(la + 13, NULL));
			note_load(p, buf);
			return set_config(p, "load", buf);
		}
		if (!p->have_date && strncmp(line, "[lmbench", 8) != 0 && line[1] != ' '
		    && isupper((unsigned char)line[1])) {
			p->have_date = 1;
			n = (size_t)(close - line - 1);
			snprintf(value, sizeof(value), "%.*s", (int)(n < sizeof(value) ? n : sizeof(value) - 1),
				 line + 1);
			return set_config(p, "date", value);
		}
		return 0;
	}
	memcpy(key, line + 1, n);
	key[n] = '\0';
	colon++;
	while (*colon == ' ')
		colon++;
	n = colon < close ? (size_t)(close - colon) : 0;
	if (n >= sizeof(value))
		n = sizeof(value) - 1;
	memcpy(value, colon, n);
	value[n] = '\0';
	while (n > 0 && value[n - 1] == ' ')
		value[--n] = '\0';
	if (n == 0)
		return 0;
	if (strcmp(key, "MHZ") == 0) {
		double mhz = strtod(value, NULL);

		snprintf(hb, sizeof(hb), "%.0f", mhz);
		if (set_config(p, "cpu-mhz", hb) != 0)
			return -1;
		return lm_add(p, "Mhz", "MHz", mhz);
	}
	if (strcmp(key, "LINE_SIZE") == 0 && lm_add(p, "Line", "bytes", strtod(value, NULL)) != 0)
		return -1;
	if (strcmp(key, "SYSNAME") == 0)
		copy_str(p->sysname, sizeof(p->sysname), value);
	if (strcmp(key, "RELEASE") == 0)
		copy_str(p->release, sizeof(p->release), value);
	for (i = 0; i < HB_ARRAY_SIZE(keys); i++)
		if (strcmp(key, keys[i].lm) == 0)
			return set_config(p, keys[i].key, value);
	snprintf(hb, sizeof(hb), "lmbench-");
	lower(hb + 8, sizeof(hb) - 8, key);
	for (i = 8; hb[i] != '\0'; i++)
		if (hb[i] == '_' || hb[i] == ' ')
			hb[i] = '-';
	return set_config(p, hb, value);
}

static int
lmbench_line(struct parser *p, const char *line)
{
	int handled;

	if (*line == '\0') {
		p->title[0] = '\0';
		return 0;
	}
	if (*line == '[')
		return lm_header(p, line);
	if (isdigit((unsigned char)*line) || *line == '.')
		return p->title[0] ? lm_block(p, line) : 0;
	if (lm_prose(p, line, &handled) != 0)
		return -1;
	if (handled)
		return 0;
	if (*line == '"') {
		lower(p->title, sizeof(p->title), line + 1);
	} else {
		lower(p->title, sizeof(p->title), line);
		lower(p->context, sizeof(p->context), line);
	}
	return 0;
}

/* ---------------------------------------------------------------- driver */

/* Printable text: no control characters but tab and a final CR. */
static int
is_text(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c < 0x20 && c != '\t' && !(c == '\r' && i + 1 == n))
			return 0;
		if (c == 0x7f)
			return 0;
	}
	return 1;
}

static int
finish(struct parser *p, int seen_any)
{
	struct resfile_run *r = p->r;
	const char *os, *arch;

	if (r->format == RESFILE_LMBENCH3 && p->sysname[0]) {
		char buf[256];

		snprintf(buf, sizeof(buf), "%s%s%s", p->sysname, p->release[0] ? " " : "", p->release);
		if (kv_put(&r->config, &r->nconfig, "os", buf, 0) != 0)
			return oom(p);
	}
	/* The platform as results/<platform>/ names it: x86_64-linux. */
	os = resfile_config(r, "os");
	arch = resfile_config(r, "arch");
	if (resfile_config(r, "platform") == NULL && os != NULL && arch != NULL) {
		char buf[256], sys[64];
		size_t n = strcspn(os, " ");

		lower(sys, n + 1 < sizeof(sys) ? n + 1 : sizeof(sys), os);
		snprintf(buf, sizeof(buf), "%s-%s", arch, sys);
		if (kv_put(&r->later, &r->nlater, "platform", buf, 0) != 0)
			return oom(p);
	}
	{
		/* The other work while the cases ran, where the suite measured
		 * it; else the load average (which counts the run itself). */
		double sum = 0, w = 0;
		size_t i;

		for (i = 0; i < r->ncases; i++) {
			const struct resfile_case *c = &r->cases[i];
			double t = isnan(c->ticks) ? 1 : c->ticks;

			if (isnan(c->others))
				continue;
			sum += t * (c->others + (isnan(c->steal) ? 0 : c->steal));
			w += t;
		}
		if (w > 0) {
			if (sum / w > RESFILE_NOISE_LIMIT
			    && add_flag(p, "other work on the machine: %.2f CPUs on average while it ran "
					"(above %.2f)", sum / w, RESFILE_NOISE_LIMIT) != 0)
				return -1;
		} else if (r->max_load > RESFILE_LOAD_LIMIT
			   && add_flag(p, "load %.2f (above %.1f)", r->max_load, RESFILE_LOAD_LIMIT) != 0) {
			return -1;
		}
	}
	if (!seen_any) {
		p->line = 0;
		return fail(p, "no results and no header: not a result file");
	}
	return 0;
}

int
resfile_parse(struct resfile_run *r, const char *path, const char *text,
	      size_t len, char *err, size_t errlen)
{
	struct parser p;
	const char *s = text, *end = text + len;
	char *buf = NULL;
	size_t bufcap = 0;
	int decided = 0, seen_any = 0, rc = 0;

	memset(&p, 0, sizeof(p));
	p.r = r;
	p.err = err;
	p.errlen = errlen;
	free(r->path);
	if ((r->path = str_dup(path)) == NULL) {
		if (errlen > 0)
			snprintf(err, errlen, "%s: out of memory", path);
		return -1;
	}
	r->format = RESFILE_HOSTBENCH;
	if (len == 0)
		return fail(&p, "empty file");
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);

		p.line++;
		if (!is_text(s, n)) {
			rc = fail(&p, "binary data, not a result file");
			break;
		}
		if (n + 1 > bufcap) {
			char *q = realloc(buf, n + 1);

			if (q == NULL) {
				rc = oom(&p);
				break;
			}
			buf = q;
			bufcap = n + 1;
		}
		memcpy(buf, s, n);
		buf[n] = '\0';
		/* cppcheck-suppress knownConditionTrueFalse ; a blank line has n == 0 */
		if (n > 0 && buf[n - 1] == '\r')
			buf[--n] = '\0';
		if (!decided && n > 0) {
			decided = 1;
			r->format = buf[0] == '[' ? RESFILE_LMBENCH3 : RESFILE_HOSTBENCH;
		}
		if (r->format == RESFILE_LMBENCH3)
			rc = lmbench_line(&p, buf);
		else
			rc = hostbench_line(&p, buf, nl == NULL);
		if (rc != 0)
			break;
		if (r->nresults > 0 || r->nconfig > 0)
			seen_any = 1;
		s = nl ? nl + 1 : end;
	}
	free(buf);
	free(p.slot);
	r->lines = p.line;
	if (rc != 0)
		return -1;
	return finish(&p, seen_any);
}

int
resfile_load(struct resfile_run *r, const char *path, char *err, size_t errlen)
{
	FILE *f;
	char *text = NULL;
	size_t len = 0, cap = 0, got;
	struct stat st;
	int rc, fd;

	/* Opened without blocking, then checked: a FIFO or a device given
	 * as a result file must not hang the tool or be read forever. */
	if ((fd = open(path, O_RDONLY | O_NONBLOCK)) < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s: %s", path,
			 S_ISFIFO(st.st_mode) ? "a FIFO, not a result file"
			 : S_ISDIR(st.st_mode) ? "a directory, not a result file"
			 : "not a regular file, not a result file");
		close(fd);
		return -1;
	}
	if ((f = fdopen(fd, "rb")) == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	for (;;) {
		if (len + 65536 > cap) {
			char *q;

			if (cap >= RESFILE_MAX_BYTES) {
				snprintf(err, errlen, "%s: larger than %lu MB: not a result file",
					 path, RESFILE_MAX_BYTES >> 20);
				free(text);
				fclose(f);
				return -1;
			}
			cap = cap ? cap * 2 : 65536;
			if ((q = realloc(text, cap)) == NULL) {
				snprintf(err, errlen, "%s: out of memory", path);
				free(text);
				fclose(f);
				return -1;
			}
			text = q;
		}
		got = fread(text + len, 1, cap - len, f);
		len += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		free(text);
		fclose(f);
		return -1;
	}
	fclose(f);
	rc = resfile_parse(r, path, text != NULL ? text : "", len, err, errlen);
	free(text);
	return rc;
}

/* ---------------------------------------------------------------- columns */

const struct resfile_result *
resfile_find(const struct resfile_run *r, const char *name, const char *unit)
{
	size_t i;

	for (i = 0; i < r->nresults; i++)
		if (strcmp(r->results[i].name, name) == 0 && strcmp(r->results[i].unit, unit) == 0)
			return &r->results[i];
	return NULL;
}

/* The size of a result, from its size= part; -1 when it has none. */
static double
result_size(const char *name)
{
	char buf[32];
	double b;

	if (metric_param(name, "size", buf, sizeof(buf)) == NULL
	    || metric_parse_size(buf, &b) != 0)
		return -1;
	return b;
}

/* Does result x belong to group g: 0 = no further parts but sizes, else
 * the further parts include the alternative alt. */
static int
in_group(const struct resfile_result *x, const char *name, const char *alt)
{
	if (alt == NULL)
		return metric_extra_parts(x->name, name) == 0;
	return metric_has_parts(x->name, alt);
}

const struct resfile_result *
resfile_select(const struct resfile_run *r, const char *name, const char *unit,
	       enum metric_select sel, const char *arg)
{
	char alts[256], *alt[9];
	const char *want_size = NULL;
	size_t nalt = 0, g, i;

	/* The groups tried in order: no further parts, then each alternative
	 * in arg, or with none, any further parts (the "" alternative). */
	alt[nalt++] = NULL;
	if (sel == METRIC_AT) {
		want_size = arg;
		alt[nalt++] = alts;
		alts[0] = '\0';
	} else if (arg != NULL) {
		char *s;

		snprintf(alts, sizeof(alts), "%s", arg);
		for (s = alts; s != NULL && nalt < HB_ARRAY_SIZE(alt);) {
			alt[nalt++] = s;
			s = strchr(s, ',');
			if (s != NULL)
				*s++ = '\0';
		}
	} else {
		alts[0] = '\0';
		alt[nalt++] = alts;
	}
	for (g = 0; g < nalt; g++) {
		const struct resfile_result *best = NULL;
		double best_size = -1;

		for (i = 0; i < r->nresults; i++) {
			const struct resfile_result *x = &r->results[i];
			unsigned long copies;

			if (strcmp(x->unit, unit) != 0 || x->n == 0)
				continue;
			if (metric_parallel(x->name, &copies) != strlen(x->name))
				continue;
			if (!metric_under(x->name, name) || !in_group(x, name, alt[g]))
				continue;
			if (want_size != NULL && !metric_has_parts(x->name, want_size))
				continue;
			if (sel == METRIC_LARGEST) {
				double sz = result_size(x->name);

				/* A result without a size (lmbench's STREAM
				 * lines) stands when there is no other. */
				if (best == NULL || sz > best_size)
					best = x, best_size = sz;
				continue;
			}
			return x;
		}
		if (best != NULL)
			return best;
	}
	return NULL;
}

static double
median_of(const double *v, size_t n)
{
	struct stats s;

	if (stats_compute(v, n, &s) != 0)
		return NAN;
	return s.median;
}

/*
 * The per-process medians of result x (times scale) and their cases, in
 * the order the processes first appear.  0 or -1 (out of memory).
 */
static int
units_of(const struct resfile_run *r, const struct resfile_result *x, double scale,
	 struct resfile_value *out)
{
	size_t i, j, k, m = 0;
	size_t *ids;
	double *buf;

	ids = malloc(x->n * sizeof(*ids));
	buf = malloc(x->n * sizeof(*buf));
	out->units = malloc(x->n * sizeof(*out->units));
	out->unit_case = malloc(x->n * sizeof(*out->unit_case));
	if (ids == NULL || buf == NULL || out->units == NULL || out->unit_case == NULL) {
		free(ids);
		free(buf);
		return -1;
	}
	for (i = 0; i < x->n; i++) {
		for (j = 0; j < m && ids[j] != x->from[i]; j++)
			;
		if (j < m)
			continue;
		ids[m] = x->from[i];
		for (j = i, k = 0; j < x->n; j++)
			if (x->from[j] == ids[m])
				buf[k++] = x->v[j];
		out->units[m] = median_of(buf, k) * scale;
		out->unit_case[m] = r->format == RESFILE_HOSTBENCH && ids[m] >= 1
				    && ids[m] <= r->ncases ? &r->cases[ids[m] - 1] : NULL;
		m++;
	}
	out->nunits = m;
	free(ids);
	free(buf);
	return 0;
}

void
resfile_value_free(struct resfile_value *v)
{
	free(v->units);
	free(v->unit_case);
	free(v->samples);
	memset(v, 0, sizeof(*v));
}

int
resfile_column(const struct resfile_run *r, const struct metric *m,
	       struct resfile_value *out)
{
	const struct resfile_result *a, *b;
	size_t i, n;

	memset(out, 0, sizeof(*out));
	if (m->select == METRIC_CONFIG) {
		out->text = resfile_config(r, m->name);
		out->present = out->text != NULL;
		return 0;
	}
	if (m->select == METRIC_MEAN) {
		a = resfile_select(r, m->name, m->unit, METRIC_ONE, NULL);
		b = resfile_select(r, m->arg, m->unit, METRIC_ONE, NULL);
		if (a == NULL || b == NULL)
			return 0;
		n = a->n < b->n ? a->n : b->n;
		if ((out->samples = malloc(n * sizeof(double))) == NULL)
			return -1;
		for (i = 0; i < n; i++)
			out->samples[i] = (a->v[i] + b->v[i]) / 2 * m->scale;
		out->n = n;
		out->value = (median_of(a->v, a->n) + median_of(b->v, b->n)) / 2 * m->scale;
		out->source = a->name;
		out->present = 1;
		{
			struct resfile_value ub;

			memset(&ub, 0, sizeof(ub));
			if (units_of(r, a, m->scale, out) != 0 || units_of(r, b, m->scale, &ub) != 0) {
				resfile_value_free(&ub);
				return -1;
			}
			if (ub.nunits < out->nunits)
				out->nunits = ub.nunits;
			for (i = 0; i < out->nunits; i++)
				out->units[i] = (out->units[i] + ub.units[i]) / 2;
			resfile_value_free(&ub);
		}
		return 0;
	}
	a = resfile_select(r, m->name, m->unit, m->select, m->arg);
	if (a == NULL)
		return 0;
	if ((out->samples = malloc(a->n * sizeof(double))) == NULL)
		return -1;
	for (i = 0; i < a->n; i++)
		out->samples[i] = a->v[i] * m->scale;
	out->n = a->n;
	out->value = median_of(a->v, a->n) * m->scale;
	out->source = a->name;
	out->present = 1;
	return units_of(r, a, m->scale, out);
}
