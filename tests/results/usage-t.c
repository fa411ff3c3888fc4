/*
 * usage-t: hostbench-compare's table of options (results/usage.c) is
 * well-formed, and the usage line, -h, the SYNOPSIS and OPTIONS all come
 * from it: every option of the table in each (but -h and -V, which the
 * usage leaves out), in the table's order, within 78 columns, and the
 * man(7) markup without a line that would read as a stray request.
 * tests/scripts/catalogue-t.sh checks that the man page is what the tool
 * prints; tests/results/options-t.sh that the tool takes every option.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap/basic.h"
#include "usage.h"

/* What a printer wrote, as one string (the caller frees it). */
static char *
capture(void (*print)(FILE *))
{
	FILE *f = tmpfile();
	long n;
	char *s;

	if (f == NULL)
		bail("tmpfile failed");
	print(f);
	if (fflush(f) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0)
		bail("tmpfile: cannot read back");
	if ((s = malloc((size_t)n + 1)) == NULL)
		bail("out of memory");
	if (fread(s, 1, (size_t)n, f) != (size_t)n)
		bail("tmpfile: short read");
	s[n] = '\0';
	fclose(f);
	return s;
}

/* The widest line of s. */
static size_t
widest(const char *s)
{
	size_t w = 0, n;

	for (; *s != '\0'; s += n + (s[n] == '\n')) {
		n = strcspn(s, "\n");
		if (n > w)
			w = n;
	}
	return w;
}

/* Where text occurs in s after from (NULL: not there). */
static const char *
after(const char *s, const char *from, const char *text)
{
	return strstr(from != NULL ? from : s, text);
}

/* How many times text occurs in s. */
static size_t
count(const char *s, const char *text)
{
	size_t n = 0;

	for (; (s = strstr(s, text)) != NULL; s++)
		n++;
	return n;
}

/* "--name VALUE" (or "--name") as the usage line and -h show it. */
static void
plain(const struct usage_opt *u, char *buf, size_t size)
{
	snprintf(buf, size, "%s%s%s", u->name, u->value != NULL ? " " : "",
		 u->value != NULL ? u->value : "");
}

/* The option's name as man(7) markup shows it: \fB\-\-name\fR. */
static void
roff_name(const char *name, char *buf, size_t size)
{
	char t[128] = "";
	size_t n = 0;

	for (; *name != '\0' && n + 2 < sizeof(t); name++) {
		if (*name == '-')
			t[n++] = '\\';
		t[n++] = *name;
	}
	snprintf(buf, size, "\\fB%.*s\\fR", (int)n, t);
}

/* Does every line of s that starts with "." or "'" start with a request of
 * man(7) that the printers use?  The first that does not, in bad. */
static int
requests_known(const char *s, char *bad, size_t size)
{
	static const char *const known[] = {
		".SH ", ".TP\n", ".B ", ".BR ", ".BI ", ".RB ", ".IR ", ".I ", ".br\n", ".na\n", ".ad\n",
	};
	const char *l;
	size_t k;

	for (l = s; *l != '\0'; l += strcspn(l, "\n") + (l[strcspn(l, "\n")] == '\n')) {
		int found = 0;

		if (*l != '.' && *l != '\'')
			continue;
		for (k = 0; k < sizeof(known) / sizeof(known[0]); k++)
			found |= strncmp(l, known[k], strlen(known[k])) == 0;
		if (!found) {
			snprintf(bad, size, "%.*s", (int)strcspn(l, "\n"), l);
			return 0;
		}
	}
	return 1;
}

/* ok(good, desc), naming where it failed. */
static void
check(int good, const char *where, const char *desc)
{
	if (!ok(good, "%s", desc))
		diag("at: %s", where);
}

int
main(void)
{
	char *use = capture(usage_print), *help = capture(usage_help);
	char *syn = capture(usage_synopsis), *man = capture(usage_man_options);
	char buf[512], bad[512] = "";
	const char *at;
	size_t i, forms = 0, lines = 0;
	int good;

	plan(18);

	/* ---- the table */
	good = 1;
	for (i = 0; i < usage_nopts && good; i++) {
		const struct usage_opt *u = &usage_opts[i];
		size_t k;

		snprintf(bad, sizeof(bad), "%s", u->name);
		good = strncmp(u->name, "--", 2) == 0 && u->help != NULL && *u->help != '\0'
		       && (u->alias == NULL || (u->alias[0] == '-' && u->alias[1] != '-'));
		for (k = 0; k < i && good; k++)
			good = usage_opts[k].id != u->id && strcmp(usage_opts[k].name, u->name) != 0
			       && (u->alias == NULL || usage_opts[k].alias == NULL
				   || strcmp(usage_opts[k].alias, u->alias) != 0);
	}
	check(good && usage_nopts == USAGE_VERSION + 1, bad,
	      "every option has a name (--x), a help, its own id and names, and each id a row");

	good = 1;
	for (i = 0; i < usage_nopts && good; i++) {
		const struct usage_opt *u = &usage_opts[i];
		enum usage_place prev = i > 0 ? usage_opts[i - 1].place : USAGE_HIDDEN;

		snprintf(bad, sizeof(bad), "%s", u->name);
		if (u->place == USAGE_OR)
			good = prev == USAGE_MAIN || prev == USAGE_OR;
		else if (u->place == USAGE_AND)
			good = prev == USAGE_FORM || prev == USAGE_AND;
		good = good && (u->operands == NULL || u->place == USAGE_FORM);
	}
	check(good, bad, "an option in another's brackets or form follows it; operands only on a form");

	good = 1;
	for (i = 0; i < usage_nopts && good; i++) {
		const struct usage_opt *u = &usage_opts[i];
		const char *h = u->help;

		snprintf(bad, sizeof(bad), "%s", u->name);
		good = widest(h) <= USAGE_HELP_WIDTH && h[strlen(h) - 1] != '\n' && h[strlen(h) - 1] != '.'
		       && (u->man == NULL || strchr(" .,;:(\n", u->man[0]) != NULL);
	}
	check(good, bad, "each help's lines fit -h, it ends without a full stop, and its page entry goes on from it");

	good = 1;
	for (i = 0; i < usage_nopts && good; i++) {
		const struct usage_opt *u = &usage_opts[i];

		snprintf(bad, sizeof(bad), "%s", u->name);
		good = usage_find(u->name, strlen(u->name)) == u
		       && (u->alias == NULL || usage_find(u->alias, strlen(u->alias)) == u);
	}
	check(good, bad, "usage_find finds each option by its name and its short name");
	ok(usage_find("--bas", 5) == NULL && usage_find("--baseline", 10) != NULL
	   && usage_find("--baseline", 10)->id == USAGE_BASELINE
	   && usage_find("--base=x", 6) != NULL && usage_find("--base=x", 6)->id == USAGE_BASE
	   && usage_find("--synopsis", 10) == NULL,
	   "usage_find takes whole names only: not --bas; --baseline is not --base");

	/* ---- the usage line */
	good = strncmp(use, "usage: hostbench-compare ", 25) == 0;
	for (i = 0, at = NULL; i < usage_nopts && good; i++) {
		const struct usage_opt *u = &usage_opts[i];

		plain(u, bad, sizeof(bad));
		if (u->place == USAGE_HIDDEN)
			good = strstr(use, u->name) == NULL;
		else if (u->place != USAGE_FORM && u->place != USAGE_AND)
			good = (at = after(use, at, bad)) != NULL;
		else
			good = strstr(use, bad) != NULL;
	}
	check(good, bad, "the usage line shows every option but -h and -V, the first form's in the table's order");
	for (i = 0; i < usage_nopts; i++)
		forms += usage_opts[i].place == USAGE_FORM;
	lines = count(use, "\n       hostbench-compare ");
	is_uint(forms, lines, "the usage line has a form for each option that has one");
	ok(strstr(use, "[--base FILE | --baseline first|FILE...]") != NULL
	   && strstr(use, "[--summary | --ab]") != NULL
	   && strstr(use, "hostbench-compare --a 'FILE...' --b 'FILE...' [options]\n") != NULL
	   && strstr(use, "hostbench-compare --group-by KEY [options] FILE|DIR...\n") != NULL,
	   "alternatives share brackets; --b goes in --a's form; a form ends in its operands");
	ok(widest(use) <= USAGE_WIDTH, "the usage line is wrapped within %d columns (its widest: %zu)",
	   USAGE_WIDTH, widest(use));

	/* ---- -h */
	ok(strncmp(help, use, strlen(use)) == 0 && help[strlen(use)] == '\n',
	   "-h starts with the usage line, then a blank line");
	good = 1;
	for (i = 0, at = help + strlen(use); i < usage_nopts && good; i++) {
		const struct usage_opt *u = &usage_opts[i];
		char tag[256];

		/* "\n  -h, --help   print ...": the tag, blanks, the help's first line. */
		plain(u, tag, sizeof(tag));
		snprintf(bad, sizeof(bad), "\n  %s%s%s", u->alias != NULL ? u->alias : "",
			 u->alias != NULL ? ", " : "", tag);
		snprintf(buf, sizeof(buf), "%.*s", (int)strcspn(u->help, "\n"), u->help);
		good = (at = after(help, at, bad)) != NULL;
		if (good) {
			at += strlen(bad);
			at += strspn(at, " ");
			good = strncmp(at, buf, strlen(buf)) == 0;
		}
	}
	check(good, bad + 1, "-h lists every option (with its short name), in the table's order, with its help");
	ok(widest(help) <= USAGE_WIDTH, "-h is within %d columns (its widest: %zu)", USAGE_WIDTH,
	   widest(help));

	/* ---- SYNOPSIS and OPTIONS */
	good = strncmp(syn, ".SH SYNOPSIS\n", 13) == 0;
	for (i = 0, at = NULL; i < usage_nopts && good; i++) {
		const struct usage_opt *u = &usage_opts[i];

		roff_name(u->name, bad, sizeof(bad));
		good = u->place == USAGE_HIDDEN ? strstr(syn, bad) == NULL : strstr(syn, bad) != NULL;
	}
	check(good, bad, "the SYNOPSIS shows every option the usage line does, and no other");
	is_uint(1 + forms, count(syn, ".B hostbench\\-compare\n"), "the SYNOPSIS has the usage line's forms");
	ok(strncmp(syn + strlen(syn) - 4, ".ad\n", 4) == 0 && count(syn, ".na\n") == 1 && count(syn, ".ad\n") == 1,
	   "the SYNOPSIS turns adjusting back on where it ends");

	good = strncmp(man, ".SH OPTIONS\n", 12) == 0;
	for (i = 0, at = man; i < usage_nopts && good; i++) {
		const struct usage_opt *u = &usage_opts[i];

		roff_name(u->name, bad, sizeof(bad));
		/* Its tag is the line after the .TP: the name, after a
		 * short name if it has one. */
		if ((at = strstr(at, ".TP\n")) == NULL) {
			good = 0;
			break;
		}
		at += 4;
		snprintf(buf, sizeof(buf), "%.*s", (int)strcspn(at, "\n"), at);
		good = u->alias != NULL ? strstr(buf, bad) != NULL : strncmp(buf, bad, strlen(bad)) == 0;
	}
	check(good && strstr(at, ".TP\n") == NULL, bad,
	      "OPTIONS has an entry per option, in the table's order, and no other");
	good = requests_known(syn, bad, sizeof(bad)) && requests_known(man, bad, sizeof(bad));
	check(good, bad, "no line of the markup reads as a stray request");
	ok(strstr(man, "\\fIPCT\\fR") != NULL && strstr(man, "\\(+-\\fIPCT") != NULL
	   && strstr(man, "see\n\\%\\fB\\-\\-list\\-columns\\fR") != NULL,
	   "in OPTIONS the help's value words are in italics, its options in bold, +- the sign");

	free(use);
	free(help);
	free(syn);
	free(man);
	return 0;
}
