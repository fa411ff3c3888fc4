/*
 * resfile: reading result files (see resfile.h): the run being built, its
 * results, cases and flags, and the dispatch by format.  The formats'
 * lines are read by resfile_hb.c (hostbench) and resfile_lm3.c
 * (lmbench3), through resfile_int.h; a column's value is taken from a
 * run in resfile_col.c.
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

#include "core/utf8.h"
#include "read/resfile.h"
#include "read/resfile_int.h"

/* Files larger than this are not result files. */
#define RESFILE_MAX_BYTES (256UL << 20)

/* ---------------------------------------------------------------- storage */

double
resfile_case_contention(const struct resfile_case *c)
{
	double k;

	if (isnan(c->run_ms) || isnan(c->wait_ms) || !(c->run_ms + c->wait_ms > 0))
		return NAN;
	k = c->wait_ms / (c->run_ms + c->wait_ms);
	if (!isnan(c->steal_ms) && c->wall_ms > 0)
		k += c->steal_ms / c->wall_ms;
	return k < 1 ? k : 1;
}

double
resfile_case_others(const struct resfile_case *c)
{
	double o;

	if (isnan(c->others_ms) || !(c->cpus > 0) || !(c->wall_ms > 0))
		return NAN;
	o = c->others_ms / (c->cpus * c->wall_ms);
	return o < 1 ? o : 1;
}

int
resfile_contended(double contention, double others)
{
	if (isnan(others))
		return contention > RESFILE_CONTEND_ALONE;
	return contention > RESFILE_CONTEND_LIMIT && others > RESFILE_OTHERS_LIMIT;
}

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
		free(r->results[i].short_note);
	}
	free(r->results);
	for (i = 0; i < r->ncases; i++) {
		free(r->cases[i].bench);
		free(r->cases[i].args);
		free(r->cases[i].reduced);
	}
	free(r->cases);
	for (i = 0; i < r->nhists; i++) {
		free(r->hists[i].name);
		free(r->hists[i].unit);
		free(r->hists[i].h);
	}
	free(r->hists);
	for (i = 0; i < r->nflags; i++)
		free(r->flags[i]);
	free(r->flags);
	free(r->flag_counts);
	resfile_init(r);
}

char *
resfile_str_dup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = malloc(n);

	if (d != NULL)
		memcpy(d, s, n);
	return d;
}

/* Grow *p (of *cap elements of size sz) to hold n + 1; 0 or -1. */
int
resfile_grow(void *p, size_t *cap, size_t n, size_t sz)
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
int
resfile_kv_put(struct resfile_kv **kv, size_t *n, const char *key, const char *value, int replace)
{
	size_t i, cap = *n;
	char *v;

	for (i = 0; i < *n; i++)
		if (strcmp((*kv)[i].key, key) == 0) {
			if (!replace)
				return 0;
			if ((v = resfile_str_dup(value)) == NULL)
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
	(*kv)[*n].key = resfile_str_dup(key);
	(*kv)[*n].value = resfile_str_dup(value);
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

const char *
resfile_fingerprint(const struct resfile_run *r, const char *key)
{
	return kv_get(r->config, r->nconfig, key);
}

const struct resfile_result *
resfile_find(const struct resfile_run *r, const char *name, const char *unit)
{
	size_t i;

	for (i = 0; i < r->nresults; i++)
		if (strcmp(r->results[i].name, name) == 0 && strcmp(r->results[i].unit, unit) == 0)
			return &r->results[i];
	return NULL;
}

void
resfile_lower(char *dst, size_t len, const char *src)
{
	size_t i;

	for (i = 0; i + 1 < len && src[i] != '\0'; i++)
		dst[i] = (char)tolower((unsigned char)src[i]);
	if (len > 0)
		dst[i] = '\0';
}

/* ---------------------------------------------------------------- parsing */

int
resfile_fail(struct resfile_parser *p, const char *fmt, ...)
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

int
resfile_oom(struct resfile_parser *p)
{
	return resfile_fail(p, "out of memory");
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
slot_of(struct resfile_parser *p, const char *name, const char *unit)
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
index_grow(struct resfile_parser *p)
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

int
resfile_add_sample(struct resfile_parser *p, const char *name, const char *unit, double v)
{
	struct resfile_run *r = p->r;
	struct resfile_result *res = NULL;
	size_t *s;

	if (p->last < r->nresults && strcmp(r->results[p->last].name, name) == 0
	    && strcmp(r->results[p->last].unit, unit) == 0) {
		res = &r->results[p->last];
	} else {
		if (index_grow(p) != 0)
			return resfile_oom(p);
		s = slot_of(p, name, unit);
		if (*s != 0)
			res = &r->results[*s - 1];
	}
	if (res == NULL) {
		if (resfile_grow(&r->results, &p->results_cap, r->nresults, sizeof(*r->results)) != 0)
			return resfile_oom(p);
		res = &r->results[r->nresults];
		memset(res, 0, sizeof(*res));
		res->name = resfile_str_dup(name);
		res->unit = resfile_str_dup(unit);
		res->line = p->line;
		if (res->name == NULL || res->unit == NULL) {
			free(res->name);
			free(res->unit);
			return resfile_oom(p);
		}
		r->nresults++;
		*slot_of(p, name, unit) = r->nresults;
	}
	if (res->n >= res->cap) {
		size_t cap = res->cap;
		size_t *f;

		if (resfile_grow(&res->v, &cap, res->n, sizeof(*res->v)) != 0)
			return resfile_oom(p);
		if ((f = realloc(res->from, cap * sizeof(*f))) == NULL)
			return resfile_oom(p);
		res->from = f;
		res->cap = cap;
	}
	res->from[res->n] = p->from;
	res->v[res->n++] = v;
	/* (A ladder's knee, after its steps, is the highest step that held:
	 * never one the sender fell short at.) */
	if (p->udp_short[0] != '\0' && strstr(name, "/rate=knee") == NULL) {
		if (res->short_note == NULL && (res->short_note = resfile_str_dup(p->udp_short)) == NULL)
			return resfile_oom(p);
		res->nshort++;
	}
	p->last = (size_t)(res - r->results);
	return 0;
}

int
resfile_add_flag(struct resfile_parser *p, const char *fmt, ...)
{
	struct resfile_run *r = p->r;
	char buf[1024];
	va_list ap;
	size_t i, cap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	for (i = 0; i < r->nflags; i++)
		if (strcmp(r->flags[i], buf) == 0) {
			r->flag_counts[i]++;
			return 0;
		}
	cap = p->flags_cap;
	if (resfile_grow(&r->flags, &p->flags_cap, r->nflags, sizeof(*r->flags)) != 0)
		return resfile_oom(p);
	if (p->flags_cap != cap || r->flag_counts == NULL) {
		size_t *c = realloc(r->flag_counts, p->flags_cap * sizeof(*c));

		if (c == NULL)
			return resfile_oom(p);
		r->flag_counts = c;
	}
	if ((r->flags[r->nflags] = resfile_str_dup(buf)) == NULL)
		return resfile_oom(p);
	r->flag_counts[r->nflags] = 1;
	r->nflags++;
	return 0;
}

int
resfile_set_config(struct resfile_parser *p, const char *key, const char *value)
{
	struct resfile_run *r = p->r;
	const char *v;
	int rc;

	/* A key of the fingerprint that a program says otherwise later (its
	 * "clock:" line with the clock's measured cost) keeps that first
	 * later value too, for the results tool's clock bound. */
	if (!p->in_bench)
		rc = resfile_kv_put(&r->config, &r->nconfig, key, value, 1);
	else if (value[0] == '\0')
		rc = 0;		/* a key cleared after its case: nothing to keep */
	else if ((v = kv_get(r->config, r->nconfig, key)) != NULL && strcmp(v, value) == 0)
		rc = 0;
	else
		rc = resfile_kv_put(&r->later, &r->nlater, key, value, 0);
	return rc == 0 ? 0 : resfile_oom(p);
}

void
resfile_note_load(struct resfile_parser *p, const char *value)
{
	char *end;
	double v = strtod(value, &end);

	if (end != value && v > p->r->max_load)
		p->r->max_load = v;
}

/* ---------------------------------------------------------------- driver */

/*
 * The control bytes of a line (but tab and a final CR): 0 for none, -1
 * for binary data (a NUL, or control bytes for more than a quarter of
 * the line), else how many.  A few are noise, as lmbench's getsummary
 * takes them: lmbench3's lat_rpc writes a stray byte (0x02) into its
 * error line, and about half of a public collection of its result files
 * hold one.
 */
/* Byte i of a line of n bytes is a control byte (not tab, not a final CR). */
static int
is_control(const char *s, size_t i, size_t n)
{
	unsigned char c = (unsigned char)s[i];

	return (c < 0x20 && c != '\t' && !(c == '\r' && i + 1 == n)) || c == 0x7f;
}

static long
control_bytes(const char *s, size_t n)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		if (s[i] == '\0')
			return -1;
		k += (size_t)is_control(s, i, n);
	}
	return 4 * k > n ? -1 : (long)k;
}

static int
finish(struct resfile_parser *p, int seen_any)
{
	struct resfile_run *r = p->r;
	const char *os, *arch;

	if (r->format == RESFILE_LMBENCH3 && resfile_lm3_finish(p) != 0)
		return -1;
	/* The platform as results/<platform>/ names it: x86_64-linux. */
	os = resfile_config(r, "os");
	arch = resfile_config(r, "arch");
	if (resfile_config(r, "platform") == NULL && os != NULL && arch != NULL) {
		char buf[256], sys[64];
		size_t n = strcspn(os, " ");

		resfile_lower(sys, n + 1 < sizeof(sys) ? n + 1 : sizeof(sys), os);
		snprintf(buf, sizeof(buf), "%s-%s", arch, sys);
		if (resfile_kv_put(&r->later, &r->nlater, "platform", buf, 0) != 0)
			return resfile_oom(p);
	}
	{
		/* The contention the programs measured; else the other work
		 * while the cases ran, where the suite measured it; else the
		 * load average (which counts the run itself). */
		double sum = 0, w = 0, csum = 0, cw = 0, osum = 0, ow = 0;
		size_t i;

		for (i = 0; i < r->ncases; i++) {
			const struct resfile_case *c = &r->cases[i];
			double t = isnan(c->ticks) ? 1 : c->ticks, k = resfile_case_contention(c);
			double o = resfile_case_others(c);

			if (!isnan(k)) {
				csum += k * (c->run_ms + c->wait_ms);
				cw += c->run_ms + c->wait_ms;
			}
			if (!isnan(o)) {
				osum += o * c->wall_ms;
				ow += c->wall_ms;
			}
			if (isnan(c->others))
				continue;
			sum += t * (c->others + (isnan(c->steal) ? 0 : c->steal));
			w += t;
		}
		if (cw > 0) {
			if (resfile_contended(csum / cw, ow > 0 ? osum / ow : NAN)
			    && resfile_add_flag(p, "contended: its processes waited for a CPU %.0f%% of the "
						"time on average (above %.0f%%) while others used %.0f%% of "
						"their CPUs", 100 * csum / cw, 100 * RESFILE_CONTEND_LIMIT,
						ow > 0 ? 100 * osum / ow : NAN) != 0)
				return -1;
		} else if (w > 0) {
			if (sum / w > RESFILE_NOISE_LIMIT
			    && resfile_add_flag(p, "other work on the machine: %.2f CPUs on average "
						"while it ran (above %.2f)", sum / w,
						RESFILE_NOISE_LIMIT) != 0)
				return -1;
		} else if (r->max_load > RESFILE_LOAD_LIMIT
			   && resfile_add_flag(p, "load %.2f (above %.1f)", r->max_load,
					       RESFILE_LOAD_LIMIT) != 0) {
			return -1;
		}
	}
	/* A file whose only results were dropped (an lmbench TCP sweep that
	 * ended early) and that has no header leaves nothing to table. */
	if (!seen_any || (r->nresults == 0 && r->nconfig == 0)) {
		p->line = 0;
		return resfile_fail(p, seen_any ? "no results left and no header: nothing to table"
					       : "no results and no header: not a result file");
	}
	return 0;
}

int
resfile_parse(struct resfile_run *r, const char *path, const char *text,
	      size_t len, char *err, size_t errlen)
{
	struct resfile_parser p;
	const char *s = text, *end = text + len;
	char *buf = NULL;
	size_t bufcap = 0;
	int decided = 0, seen_any = 0, rc = 0;

	memset(&p, 0, sizeof(p));
	p.r = r;
	p.err = err;
	p.errlen = errlen;
	free(r->path);
	if ((r->path = resfile_str_dup(path)) == NULL) {
		if (errlen > 0)
			snprintf(err, errlen, "%s: out of memory", path);
		return -1;
	}
	r->format = RESFILE_HOSTBENCH;
	if (len == 0)
		return resfile_fail(&p, "empty file");
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);

		p.line++;
		if (control_bytes(s, n) < 0) {
			rc = resfile_fail(&p, "binary data, not a result file");
			break;
		}
		/* (Each byte may become the 3 of U+FFFD.) */
		if (3 * n + 1 > bufcap) {
			char *q = realloc(buf, 3 * n + 1);

			if (q == NULL) {
				rc = resfile_oom(&p);
				break;
			}
			buf = q;
			bufcap = 3 * n + 1;
		}
		/* cppcheck-suppress knownConditionTrueFalse ; a blank line has n == 0 */
		if (n > 0 && s[n - 1] == '\r')
			n--;
		/*
		 * A result file is text from another machine, printed to a
		 * terminal and written into SVG, HTML, JSON and XML: stray
		 * control characters (C0, DEL, C1) read as '?', noise, not a
		 * refusal; a byte that is not part of valid UTF-8 as U+FFFD,
		 * so that every string of the run is valid UTF-8.
		 */
		n = utf8_clean(buf, s, n);
		if (!decided && n > 0) {
			decided = 1;
			r->format = buf[0] == '[' ? RESFILE_LMBENCH3 : RESFILE_HOSTBENCH;
		}
		if (r->format == RESFILE_LMBENCH3)
			rc = resfile_lm3_line(&p, buf);
		else
			rc = resfile_hb_line(&p, buf, nl == NULL);
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
