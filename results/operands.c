/*
 * operands: the runs the command line names (see operands.h).
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "core/msg.h"
#include "core/output.h"
#include "operands.h"
#include "usage.h"

/* Names in natural order: "vm.2" before "vm.10". */
static int
natural_cmp(const char *a, const char *b)
{
	while (*a != '\0' && *b != '\0') {
		if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
			const char *x = a, *y = b;
			size_t nx, ny;
			int c;

			while (*x == '0')
				x++;
			while (*y == '0')
				y++;
			nx = strspn(x, "0123456789");
			ny = strspn(y, "0123456789");
			if (nx != ny)
				return nx < ny ? -1 : 1;
			if ((c = strncmp(x, y, nx)) != 0)
				return c;
			a = x + nx;
			b = y + ny;
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		a++, b++;
	}
	return (*a != '\0') - (*b != '\0');
}

static int
cmp_names(const void *x, const void *y)
{
	return natural_cmp(*(char *const *)x, *(char *const *)y);
}

void
operands_add_file(struct operands *fl, const char *path)
{
	char **v = realloc(fl->v, (fl->n + 1) * sizeof(*v));
	size_t len = strlen(path) + 1;

	if (v == NULL || (v[fl->n] = malloc(len)) == NULL)
		msg_die("out of memory");
	memcpy(v[fl->n], path, len);
	fl->v = v;
	fl->n++;
}

/* How much of a file is read to tell whether it is a result file. */
#define SNIFF_BYTES 8192

/*
 * Does the file at path look like a result file?  Its start (SNIFF_BYTES)
 * must be text (no NUL byte) and its first line that is neither blank nor
 * a comment ("#...": hostbench's run notes, a script's first line) must
 * open one of the two formats resfile reads: lmbench3's bracketed header
 * ("[lmbench3.0 results for ...]", "[HOSTNAME: vm]"), or a hostbench
 * configuration line with a value ("hostbench: 0.1.0", "host: vm", a
 * program's "bench: lat_syscall"; a lower-case key) or result line
 * ("Benchmark...").  A C source starts with a comment block or #include
 * and then code (a goto label "out:" has no value), an object or a program
 * holds NUL bytes, a Makefile's first line after its comments sets a
 * variable in upper case: none of them does.
 */
int
operands_look_like_results(const char *path)
{
	char buf[SNIFF_BYTES + 1];
	struct output_line l;
	size_t n = 0;
	ssize_t got;
	char *line, *end;
	int fd, rc = 0;

	if ((fd = open(path, O_RDONLY | O_NONBLOCK)) < 0)
		return 0;
	while (n < SNIFF_BYTES && (got = read(fd, buf + n, SNIFF_BYTES - n)) > 0)
		n += (size_t)got;
	close(fd);
	if (memchr(buf, '\0', n) != NULL)
		return 0;
	buf[n] = '\0';
	for (line = buf; *line != '\0'; line = end + 1) {
		size_t k;

		if ((end = strchr(line, '\n')) == NULL) {
			/* A line cut by the end of what was read is judged
			 * only when it is the whole file. */
			if (n == SNIFF_BYTES)
				break;
			end = line + strlen(line);
		}
		*end = '\0';
		k = strlen(line);
		if (k > 0 && line[k - 1] == '\r')
			line[--k] = '\0';
		if (line[strspn(line, " \t")] == '\0' || line[0] == '#') {
			if (end == buf + n)
				break;
			continue;
		}
		if (line[0] == '[')
			rc = strncmp(line, "[lmbench", 8) == 0
			     || (line[1] >= 'A' && line[1] <= 'Z'
				 && line[1 + strspn(line + 1, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789")] == ':');
		else if (strncmp(line, "Benchmark", 9) == 0 && line[9] >= 'A' && line[9] <= 'Z')
			rc = 1;		/* a malformed one too: reported when read */
		else
			rc = output_parse_line(line, &l) == 0 && l.kind == OUTPUT_LINE_CONFIG
			     && l.value[0] != '\0';
		break;
	}
	return rc;
}

/* A name as runs are named, results/<platform>/<host>.<n>: "vm.0". */
static int
run_name(const char *path)
{
	const char *base = strrchr(path, '/'), *dot;

	base = base != NULL ? base + 1 : path;
	dot = strrchr(base, '.');
	return dot != NULL && dot > base && dot[1] != '\0' && strspn(dot + 1, "0123456789") == strlen(dot + 1);
}

/* The regular files under dir (not hidden ones) that look like result
 * files, or are named as runs are (a damaged one is reported), in
 * natural order. */
static int
add_dir(struct operands *fl, const char *dir, int depth)
{
	struct operands here = { NULL, 0, 0 };
	struct dirent *e;
	DIR *d;
	size_t i;

	if (depth > 8)
		return 0;
	if ((d = opendir(dir)) == NULL) {
		msg_syswarn("%s", dir);
		return -1;
	}
	while ((e = readdir(d)) != NULL) {
		char *p;
		size_t n;

		if (e->d_name[0] == '.')
			continue;
		n = strlen(dir) + strlen(e->d_name) + 2;
		if ((p = malloc(n)) == NULL)
			msg_die("out of memory");
		snprintf(p, n, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", e->d_name);
		operands_add_file(&here, p);
		free(p);
	}
	closedir(d);
	qsort(here.v, here.n, sizeof(*here.v), cmp_names);
	for (i = 0; i < here.n; i++) {
		struct stat st;

		if (stat(here.v[i], &st) == 0 && S_ISDIR(st.st_mode))
			add_dir(fl, here.v[i], depth + 1);
		else if (stat(here.v[i], &st) == 0 && S_ISREG(st.st_mode)
			 && (run_name(here.v[i]) || operands_look_like_results(here.v[i])))
			operands_add_file(fl, here.v[i]);
		free(here.v[i]);
	}
	free(here.v);
	return 0;
}

/* A file or directory operand. */
int
operands_add(struct operands *fl, const char *path)
{
	struct stat st;

	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return add_dir(fl, path, 0);
	/* (One that cannot be read is still named, to be reported.) */
	if (fl->results_only && stat(path, &st) == 0
	    && !(S_ISREG(st.st_mode) && (run_name(path) || operands_look_like_results(path))))
		return 0;
	operands_add_file(fl, path);
	return 0;
}

/* The runs of --a or --b: words separated by blanks, each a file, a
 * directory or a pattern (a pattern that matches nothing stays as it is,
 * to be reported as a file that cannot be read). */
int
operands_add_side(struct operands *fl, const char *list, const char *opt)
{
	char buf[8192], *w, *save;
	size_t before = fl->n, i;
	int rc = 0;

	if (strlen(list) >= sizeof(buf))
		usage_error("%s: list too long", opt);
	snprintf(buf, sizeof(buf), "%s", list);
	for (w = strtok_r(buf, " \t\n", &save); w != NULL; w = strtok_r(NULL, " \t\n", &save)) {
		glob_t g;

		if (glob(w, GLOB_NOCHECK, NULL, &g) != 0) {
			rc |= operands_add(fl, w);
			continue;
		}
		for (i = 0; i < g.gl_pathc; i++)
			rc |= operands_add(fl, g.gl_pathv[i]);
		globfree(&g);
	}
	if (fl->n == before)
		usage_error("%s: no run in '%s'", opt, list);
	return rc;
}
