/*
 * replay: the main of a fuzz target's check program.  Linked with one
 * harness (a file with LLVMFuzzerTestOneInput) and no libFuzzer, it runs
 * the harness once on every file of its corpus, one TAP test per file: a
 * crash or a broken contract aborts it (the log names the file last
 * replayed).  So `make check` replays the seed and regression inputs on
 * every build, native or cross-built under qemu-user.
 *
 * usage: replay [FILE|DIR...]   (no operand: the directories FUZZ_CORPUS
 *                                names, colon-separated, under $top_srcdir)
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/compat.h"
#include "tap/basic.h"

/* The Makefile names each check program's corpus. */
#ifndef FUZZ_CORPUS
#define FUZZ_CORPUS ""
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct list {
	char **v;
	size_t n, cap;
};

static HB_NORETURN void
die(const char *what, const char *path)
{
	printf("Bail out! %s %s: %s\n", what, path, strerror(errno));
	exit(255);
}

static void
add(struct list *l, const char *path)
{
	if (l->n == l->cap) {
		size_t c = l->cap ? l->cap * 2 : 64;
		char **q = realloc(l->v, c * sizeof(*q));

		if (q == NULL)
			die("out of memory for", path);
		l->v = q;
		l->cap = c;
	}
	if ((l->v[l->n] = strdup(path)) == NULL)
		die("out of memory for", path);
	l->n++;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A file, or the regular files directly in a directory (no dot files). */
static void
collect(struct list *l, const char *path)
{
	struct stat st;
	struct dirent *e;
	DIR *d;
	size_t first = l->n;

	if (stat(path, &st) != 0)
		die("cannot stat", path);
	if (!S_ISDIR(st.st_mode)) {
		add(l, path);
		return;
	}
	if ((d = opendir(path)) == NULL)
		die("cannot read", path);
	while ((e = readdir(d)) != NULL) {
		char full[4096];

		if (e->d_name[0] == '.')
			continue;
		snprintf(full, sizeof(full), "%s/%s", path, e->d_name);
		if (stat(full, &st) == 0 && S_ISREG(st.st_mode))
			add(l, full);
	}
	closedir(d);
	qsort(l->v + first, l->n - first, sizeof(*l->v), by_name);
}

static void
replay(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t len = 0, cap = 0, got;

	if (f == NULL)
		die("cannot open", path);
	do {
		if (len == cap) {
			uint8_t *q = realloc(buf, cap = cap ? cap * 2 : 65536);

			if (q == NULL)
				die("out of memory for", path);
			buf = q;
		}
		got = fread(buf + len, 1, cap - len, f);
		len += got;
	} while (got > 0);
	if (ferror(f))
		die("cannot read", path);
	fclose(f);
	/* Said first: if the harness crashes, the log shows on what. */
	diag("replaying %s (%lu bytes)", path, (unsigned long)len);
	fflush(stdout);
	LLVMFuzzerTestOneInput(buf, len);
	free(buf);
}

int
main(int argc, char **argv)
{
	struct list l = { NULL, 0, 0 };
	const char *top = getenv("top_srcdir");
	size_t i;
	int k;

	if (argc > 1) {
		for (k = 1; k < argc; k++)
			collect(&l, argv[k]);
	} else {
		char dirs[] = FUZZ_CORPUS, *s, *next;

		if (top == NULL || *top == '\0')
			top = ".";
		for (s = dirs; s != NULL && *s != '\0'; s = next) {
			char full[4096];

			if ((next = strchr(s, ':')) != NULL)
				*next++ = '\0';
			snprintf(full, sizeof(full), "%s/%s", top, s);
			collect(&l, full);
		}
	}
	if (l.n == 0) {
		printf("1..0 # SKIP empty corpus\n");
		return 0;
	}
	plan(l.n);
	for (i = 0; i < l.n; i++) {
		replay(l.v[i]);
		ok(1, "%s", l.v[i]);
		free(l.v[i]);
	}
	free(l.v);
	return 0;
}
