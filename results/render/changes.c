/*
 * changes: the "What changed" list of a comparison in text, Markdown and
 * JSON (see changes.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "changes.h"
#include "core/utf8.h"
#include "escape.h"
#include "format.h"
#include "host/fingerprint.h"
#include "model/changes.h"
#include "model/report.h"

#define WIDTH 78		/* text lines, so a terminal of 80 never wraps them */
#define INDENT 6		/* a wrapped entry's further lines */
#define LIST_MIN_WORDS 4	/* a value of more words on both sides is a list */

/* A growing string; after a failed allocation it keeps what it had and stops growing. */
struct sbuf {
	char *s;
	size_t n, cap;
	int failed;
};

static void
sb_add(struct sbuf *b, const char *s, size_t n)
{
	if (b->failed)
		return;
	if (b->n + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 128;
		char *p;

		while (cap < b->n + n + 1)
			cap *= 2;
		if ((p = realloc(b->s, cap)) == NULL) {
			b->failed = 1;
			return;
		}
		b->s = p;
		b->cap = cap;
	}
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = '\0';
}

static void
sb_str(struct sbuf *b, const char *s)
{
	sb_add(b, s, strlen(s));
}

static const char *
sb_get(const struct sbuf *b)
{
	return b->s != NULL ? b->s : "";
}

/* The blank-separated words of s: pointers into a copy (*store, malloc'd). */
struct words {
	char *store;
	char **w;
	size_t n;
};

static int
split_words(struct words *ws, const char *s)
{
	size_t cap;
	char *p;

	memset(ws, 0, sizeof(*ws));
	if (s == NULL)
		return 0;
	cap = strlen(s) / 2 + 1;	/* words are separated: at most this many */
	if ((ws->store = malloc(strlen(s) + 1)) == NULL
	    || (ws->w = malloc(cap * sizeof(*ws->w))) == NULL) {
		free(ws->store);
		ws->store = NULL;
		return -1;
	}
	memcpy(ws->store, s, strlen(s) + 1);
	for (p = ws->store; *p != '\0';) {
		while (*p == ' ' || *p == '\t')
			*p++ = '\0';
		if (*p == '\0')
			break;
		ws->w[ws->n++] = p;
		while (*p != '\0' && *p != ' ' && *p != '\t')
			p++;
	}
	return 0;
}

static void
free_words(struct words *ws)
{
	free(ws->store);
	free(ws->w);
	memset(ws, 0, sizeof(*ws));
}

/* Words [from, to) of ws, blank-separated, into b. */
static void
sb_words(struct sbuf *b, const struct words *ws, size_t from, size_t to)
{
	size_t i;

	for (i = from; i < to; i++) {
		if (i > from)
			sb_str(b, " ");
		sb_str(b, ws->w[i]);
	}
}

/*
 * The words of x that y lacks, each matched at most once (a multiset
 * difference), blank-separated into b; their number.
 */
static size_t
words_minus(struct sbuf *b, const struct words *x, const struct words *y, char *used)
{
	size_t i, j, n = 0;

	memset(used, 0, y->n ? y->n : 1);
	for (i = 0; i < x->n; i++) {
		for (j = 0; j < y->n; j++)
			if (!used[j] && strcmp(x->w[i], y->w[j]) == 0)
				break;
		if (j < y->n) {
			used[j] = 1;
			continue;
		}
		if (b != NULL) {
			if (n > 0)
				sb_str(b, " ");
			sb_str(b, x->w[i]);
		}
		n++;
	}
	return n;
}

/* Keys whose values are lists of names, whatever their length (the box's as this host's). */
static int
list_key(const char *key)
{
	return (fingerprint_key_kind(key) & FINGERPRINT_LIST) != 0;
}

/* Keys whose words mean something in their order: never shown as a list. */
static int
ordered_key(const char *key)
{
	/* The suite's options, not the host's: a later one overrides an earlier one. */
	return (fingerprint_key_kind(key) & FINGERPRINT_ORDERED) != 0
		|| strcmp(key, "profile-options") == 0;
}

/* A value that is no list: absent, or what the fingerprint says for a fact it lacks. */
static int
no_list(const char *v)
{
	return v == NULL || strcmp(v, "unknown") == 0;
}

/* An entry as words: head (no break after it), then a, then b ("-> ..."), b may be empty. */
struct entry {
	struct sbuf head, a, b;
	int is_list;
	struct sbuf removed, added;	/* lists */
};

static void
entry_free(struct entry *e)
{
	free(e->head.s);
	free(e->a.s);
	free(e->b.s);
	free(e->removed.s);
	free(e->added.s);
}

static const char *
or_none(const char *s)
{
	return s != NULL ? s : "(none)";
}

/* Does "  head a b" fit on one line of text? */
static int
fits(const struct entry *e)
{
	return 2 + e->head.n + 1 + e->a.n + (e->b.n ? 1 + e->b.n : 0) <= WIDTH;
}

/*
 * The list form of a change, when it is one: the words removed and
 * those added.  Returns 1 (e->removed, e->added set), 0 when the values
 * are no lists or differ only in order, -1 when out of memory.
 */
static int
list_diff(struct entry *e, const struct report_change *c, int force)
{
	struct words x, y;
	char *used;
	size_t nr, na;
	int rc = 0;

	if (!force && (ordered_key(c->key) || no_list(c->from) || no_list(c->to)))
		return 0;
	if (force && (no_list(c->from) || no_list(c->to)))
		return 0;
	if (split_words(&x, strcmp(c->from, "none") == 0 ? "" : c->from) != 0)
		return -1;
	if (split_words(&y, strcmp(c->to, "none") == 0 ? "" : c->to) != 0) {
		free_words(&x);
		return -1;
	}
	if (!force && (x.n < LIST_MIN_WORDS || y.n < LIST_MIN_WORDS))
		goto out;
	if ((used = malloc((x.n > y.n ? x.n : y.n) + 1)) == NULL) {
		rc = -1;
		goto out;
	}
	nr = words_minus(&e->removed, &x, &y, used);
	na = words_minus(&e->added, &y, &x, used);
	free(used);
	/* Values that share less than half their words read better whole. */
	if (nr + na > 0 && (force || 2 * (x.n - nr) >= (x.n > y.n ? x.n : y.n)))
		rc = 1;
out:
	free_words(&x);
	free_words(&y);
	return rc;
}

/*
 * A long change as its differing words: the words both values start
 * and end with are left out, but one next to the difference, with
 * "..." for what was left out.
 */
static int
trimmed(struct entry *e, const struct report_change *c)
{
	struct words x, y;
	size_t p = 0, s = 0, start, xe, ye;

	if (c->from == NULL || c->to == NULL)
		return 0;
	if (split_words(&x, c->from) != 0)
		return -1;
	if (split_words(&y, c->to) != 0) {
		free_words(&x);
		return -1;
	}
	while (p < x.n && p < y.n && strcmp(x.w[p], y.w[p]) == 0)
		p++;
	while (p + s < x.n && p + s < y.n && strcmp(x.w[x.n - 1 - s], y.w[y.n - 1 - s]) == 0)
		s++;
	/* Only when something is left out: more than the one word kept. */
	if (p < 2 && s < 2) {
		free_words(&x);
		free_words(&y);
		return 0;
	}
	start = p >= 2 ? p - 1 : 0;
	xe = s >= 2 ? x.n - s + 1 : x.n;
	ye = s >= 2 ? y.n - s + 1 : y.n;
	e->a.n = e->b.n = 0;
	if (e->a.s != NULL)
		e->a.s[0] = '\0';
	if (e->b.s != NULL)
		e->b.s[0] = '\0';
	sb_str(&e->a, start > 0 ? "... " : "");
	sb_words(&e->a, &x, start, xe);
	sb_str(&e->a, xe < x.n ? " ..." : "");
	sb_str(&e->b, "-> ");
	sb_str(&e->b, start > 0 ? "... " : "");
	sb_words(&e->b, &y, start, ye);
	sb_str(&e->b, ye < y.n ? " ..." : "");
	free_words(&x);
	free_words(&y);
	return 1;
}

/* The first part of a reduction ("SIZE 64M to 10M"), without its reason in parentheses. */
static void
sb_reduction(struct sbuf *b, const char *r)
{
	const char *paren = strstr(r, " (");

	sb_add(b, r, paren != NULL ? (size_t)(paren - r) : strlen(r));
}

/* The bench and its args: "bw_mem 64m rd", "lat_ops". */
static void
sb_case(struct sbuf *b, const char *bench, const char *args)
{
	sb_str(b, bench);
	if (args != NULL && *args != '\0') {
		sb_str(b, " ");
		sb_str(b, args);
	}
}

/* Build the words of entry c.  Returns 0, or -1 when out of memory. */
static int
entry_build(struct entry *e, const struct report_change *c, int for_text)
{
	int r;

	memset(e, 0, sizeof(*e));
	switch (c->kind) {
	case CHANGE_ARGS:
		sb_str(&e->head, c->key);
		sb_str(&e->head, " args:");
		sb_str(&e->a, *c->from ? c->from : "(none)");
		sb_str(&e->b, "-> ");
		sb_str(&e->b, *c->to ? c->to : "(none)");
		break;
	case CHANGE_ONLY:
		sb_str(&e->head, "only in ");
		sb_str(&e->head, c->side);
		sb_str(&e->head, ":");
		sb_case(&e->a, c->key, c->from);
		break;
	case CHANGE_MORE: {
		char n[32];

		snprintf(n, sizeof(n), "and %lu more", (unsigned long)c->count);
		sb_str(&e->head, "only in ");
		sb_str(&e->head, c->side);
		sb_str(&e->head, ":");
		sb_str(&e->a, n);
		break;
	}
	case CHANGE_REDUCED:
		sb_case(&e->head, c->key, c->from);
		sb_str(&e->head, ":");
		sb_str(&e->a, "memory reduced on ");
		sb_str(&e->a, c->side);
		sb_str(&e->a, ": ");
		sb_reduction(&e->a, c->to);
		break;
	case CHANGE_CACHE:
		sb_case(&e->head, c->key, c->from);
		sb_str(&e->head, ":");
		sb_str(&e->a, "cache-sized on ");
		sb_str(&e->a, c->side);
		sb_str(&e->a, " only: under 4 x the last-level cache (in=cache), in the cache columns");
		break;
	default:
		sb_str(&e->head, c->key);
		sb_str(&e->head, ":");
		sb_str(&e->a, or_none(c->from));
		sb_str(&e->b, "-> ");
		sb_str(&e->b, or_none(c->to));
		r = list_diff(e, c, list_key(c->key));
		if (r < 0)
			return -1;
		/* A list is a list when it is long: short values read best whole. */
		if (r == 1 && (list_key(c->key) || !fits(e))) {
			e->is_list = 1;
			e->a.n = e->b.n = 0;
			if (e->a.s != NULL)
				e->a.s[0] = '\0';
			if (e->b.s != NULL)
				e->b.s[0] = '\0';
			if (e->removed.n > 0) {
				sb_str(&e->a, "- ");
				sb_str(&e->a, sb_get(&e->removed));
			}
			if (e->added.n > 0) {
				sb_str(e->removed.n > 0 ? &e->b : &e->a, "+ ");
				sb_str(e->removed.n > 0 ? &e->b : &e->a, sb_get(&e->added));
			}
		} else if (for_text && !fits(e) && trimmed(e, c) < 0) {
			return -1;
		}
		break;
	}
	return e->head.failed || e->a.failed || e->b.failed || e->removed.failed
		|| e->added.failed ? -1 : 0;
}

/* The n bytes of s as a piece of a line (n is at most a line's bytes:
 * WIDTH characters of 4 bytes at most). */
static void
put_bytes(struct format_sink *out, const char *s, size_t n)
{
	char buf[4 * WIDTH + 1];

	if (n >= sizeof(buf))
		n = sizeof(buf) - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	format_put(out, buf);
}

/* A line's end, and the next line's indent of n blanks. */
static void
put_break(struct format_sink *out, size_t n)
{
	char blanks[INDENT + 1];

	format_end(out);
	snprintf(blanks, sizeof(blanks), "%*s", (int)(n < INDENT ? n : INDENT), "");
	format_put(out, blanks);
}

/*
 * Put s's words after the column col already reached (a blank before
 * the first one when sep), breaking lines before WIDTH; each further
 * line is indented by INDENT.  A word longer than a line is cut where
 * the line ends.  Returns the column reached.
 */
static size_t
wrap(struct format_sink *out, const char *s, size_t col, int sep)
{
	while (*s != '\0') {
		size_t n, chars;

		while (*s == ' ')
			s++;
		n = strcspn(s, " ");
		if (n == 0)
			break;
		/* Columns are characters, and a cut falls between two. */
		chars = utf8_chars(s, n);
		if (col > INDENT && col + 1 + chars > WIDTH) {
			put_break(out, INDENT);
			col = INDENT;
		} else if (sep) {
			format_put(out, " ");
			col++;
		}
		sep = 1;
		while (col + chars > WIDTH && WIDTH > col) {
			size_t k = utf8_prefix(s, n, WIDTH - col);

			put_bytes(out, s, k);
			put_break(out, INDENT);
			chars -= WIDTH - col;
			s += k;
			n -= k;
			col = INDENT;
		}
		put_bytes(out, s, n);
		col += chars;
		s += n;
	}
	return col;
}

void
changes_text(struct format_sink *out, const struct report_ab *ab)
{
	size_t i;

	if (ab->nchanges == 0) {
		format_put(out, "What changed: nothing (the fingerprints and the cases run are alike)");
		format_end(out);
		return;
	}
	format_put(out, "What changed:");
	format_end(out);
	for (i = 0; i < ab->nchanges; i++) {
		const struct report_change *c = &ab->changes[i];
		struct entry e;
		size_t col;

		format_put(out, "  ");
		if (entry_build(&e, c, 1) != 0) {
			format_put(out, c->key != NULL ? c->key : c->side);
			format_put(out, ": (out of memory)");
			format_end(out);
			entry_free(&e);
			continue;
		}
		format_put(out, sb_get(&e.head));
		col = 2 + e.head.n;
		if (fits(&e)) {
			format_put(out, " ");
			format_put(out, sb_get(&e.a));
			if (e.b.n) {
				format_put(out, " ");
				format_put(out, sb_get(&e.b));
			}
		} else {
			/* Too long for a line: each side on lines of its own. */
			wrap(out, sb_get(&e.a), col, 1);
			if (e.b.n > 0) {
				put_break(out, INDENT - 2);
				wrap(out, sb_get(&e.b), INDENT - 2, 0);
			}
		}
		format_end(out);
		entry_free(&e);
	}
}

void
changes_markdown(FILE *f, const struct report_ab *ab)
{
	size_t i;

	if (ab->nchanges == 0)
		return;
	fputs("What changed:\n\n", f);
	for (i = 0; i < ab->nchanges; i++) {
		const struct report_change *c = &ab->changes[i];
		struct entry e;

		fputs("- ", f);
		if (entry_build(&e, c, 0) != 0) {
			escape_markdown(f, c->key != NULL ? c->key : c->side, 0);
			fputs(": (out of memory)\n", f);
		} else {
			/* Values from the files, escaped: no HTML reaches a renderer. */
			escape_markdown(f, sb_get(&e.head), 0);
			fputc(' ', f);
			escape_markdown(f, sb_get(&e.a), 0);
			if (e.b.n) {
				fputc(' ', f);
				escape_markdown(f, sb_get(&e.b), 0);
			}
			fputc('\n', f);
		}
		entry_free(&e);
	}
	fputc('\n', f);
}

static void
json_str(FILE *f, const char *s)
{
	if (s == NULL)
		fputs("null", f);
	else
		escape_json(f, s, strlen(s));
}

/* ", "name": value" for a string (NULL: null). */
static void
json_field(FILE *f, const char *name, const char *value)
{
	fprintf(f, ", \"%s\": ", name);
	json_str(f, value);
}

static void
json_words(FILE *f, const char *name, const struct sbuf *b)
{
	const char *s = sb_get(b);
	int first = 1;

	fprintf(f, ", \"%s\": [", name);
	while (*s != '\0') {
		size_t n = strcspn(s, " ");

		if (n > 0) {
			fputs(first ? "" : ", ", f);
			escape_json(f, s, n);
			first = 0;
		}
		s += n;
		while (*s == ' ')
			s++;
	}
	fputc(']', f);
}

void
changes_json(FILE *f, const struct report_ab *ab)
{
	static const char *const kinds[] = { "config", "args", "only", "more", "reduced", "cache" };
	size_t i;

	for (i = 0; i < ab->nchanges; i++) {
		const struct report_change *c = &ab->changes[i];

		fprintf(f, "%s{\"kind\": \"%s\"", i ? ", " : "", kinds[c->kind]);
		switch (c->kind) {
		case CHANGE_ARGS:
			json_field(f, "key", c->key);
			json_field(f, "from", c->from);
			json_field(f, "to", c->to);
			break;
		case CHANGE_ONLY:
			json_field(f, "key", c->key);
			json_field(f, "args", c->from);
			json_field(f, "side", c->side);
			break;
		case CHANGE_MORE:
			json_field(f, "side", c->side);
			fprintf(f, ", \"count\": %lu", (unsigned long)c->count);
			break;
		case CHANGE_REDUCED:
			json_field(f, "key", c->key);
			json_field(f, "args", c->from);
			json_field(f, "side", c->side);
			json_field(f, "reduced", c->to);
			break;
		case CHANGE_CACHE:
			json_field(f, "key", c->key);
			json_field(f, "args", c->from);
			json_field(f, "side", c->side);
			break;
		default: {
			struct entry e;

			json_field(f, "key", c->key);
			json_field(f, "from", c->from);
			json_field(f, "to", c->to);
			if (entry_build(&e, c, 0) == 0 && e.is_list) {
				json_words(f, "removed", &e.removed);
				json_words(f, "added", &e.added);
			}
			entry_free(&e);
			break;
		}
		}
		fputc('}', f);
	}
}
