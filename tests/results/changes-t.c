/*
 * changes-t: what "What changed" says between two runs read from text:
 * a short value whole, a 600-byte command line with one parameter
 * appended as its differing words, a long value with nothing in common
 * wrapped at 78 columns, modules (and a long list of flags) as the words
 * removed and added, emulation, a benchmark's other arguments, a memory
 * reduction on one side, cases only one side ran (five, then how many
 * more); and Markdown and JSON of the same.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/changes.h"
#include "model/report.h"
#include "render/changes.h"
#include "render/format.h"
#include "tap/basic.h"

static char cmdline[700];
static char note_a[300], note_b[300];

static const char cflags_a[] =
	"-g -O2 -pipe -fstack-protector-strong -D_FORTIFY_SOURCE=2 -fno-omit-frame-pointer -march=x86-64-v2";
static const char cflags_b[] =
	"-g -O3 -pipe -fstack-protector-strong -D_FORTIFY_SOURCE=2 -fno-omit-frame-pointer -march=x86-64-v2";

/* A run's text: the fingerprint with the values given, then its cases. */
static char *
run_text(const char *emulation, const char *cmd, const char *modules, const char *note,
	 const char *cflags, const char *cases)
{
	static const char head[] =
		"hostbench: 0.1.0\n"
		"host: nas\n"
		"kernel: #%s SMP PREEMPT_DYNAMIC @0\n"
		"emulation: %s\n"
		"cmdline: %s\n"
		"modules: %s\n"
		"box-modules: nf_tables %s\n"
		"load: %s\n"
		"cflags: %s\n"
		"note: %s\n"
		"date: 2026-11-30T04:1%sZ\n";
	size_t len = sizeof(head) + 16 + strlen(emulation) + strlen(cmd) + strlen(modules)
		+ strlen(note) + strlen(cflags) + strlen(cases) + 64;
	char *t = malloc(len);
	int n;

	if (t == NULL)
		bail("out of memory");
	n = snprintf(t, len, head, cases[0] == 'A' ? "1" : "2", emulation, cmd, modules,
		     cases[0] == 'A' ? "x_tables" : "nft_chain_nat", cases[0] == 'A' ? "0.10" : "1.50",
		     cflags, note, cases[0] == 'A' ? "0" : "5");
	snprintf(t + n, len - (size_t)n, "%s", cases + 1);
	return t;
}

/* A case: the suite's bench, args and status, the program's header and a sample. */
#define CASE(bench, args, extra, result) \
	"bench: " bench "\nargs: " args "\nstatus: ok\nbench: " bench "\nargs: -N 1 " args "\n" \
	extra "Benchmark" result "\t10\t5 ns/op\n"

static const char cases_a[] =
	"A"
	CASE("lat_ctx", "-s 16 2", "", "LatCtx/procs=2/size=16K")
	CASE("bw_mem", "64m rd", "", "BwMem/op=rd/size=64M")
	CASE("lat_syscall", "null", "", "LatSyscall/op=null");

static const char cases_b[] =
	"B"
	CASE("lat_syscall", "null", "", "LatSyscall/op=null")
	CASE("lat_ctx", "-s 64 2", "", "LatCtx/procs=2/size=64K")
	CASE("bw_mem", "64m rd", "size-reduced: SIZE 64M to 10M (50% of 20M available)\n",
	     "BwMem/op=rd/size=64M")
	CASE("lmdd", "of=/tmp/f1 move=8m", "", "Lmdd/op=write")
	CASE("lmdd", "of=/tmp/f2 move=8m", "", "Lmdd/op=write")
	CASE("lmdd", "of=/tmp/f3 move=8m", "", "Lmdd/op=write")
	CASE("lmdd", "of=/tmp/f4 move=8m", "", "Lmdd/op=write")
	CASE("lmdd", "of=/tmp/f5 move=8m", "", "Lmdd/op=write")
	CASE("lmdd", "of=/tmp/f6 move=8m", "", "Lmdd/op=write")
	CASE("lmdd", "of=/tmp/f7 move=8m", "", "Lmdd/op=write");

static void
parse(struct resfile_run *r, const char *path, char *text)
{
	char err[256];

	resfile_init(r);
	if (resfile_parse(r, path, text, strlen(text), err, sizeof(err)) != 0)
		bail("%s", err);
	free(text);
}

/* What a renderer wrote, as one string (static). */
static const char *
render(void (*fn)(FILE *, const struct report_ab *), const struct report_ab *ab)
{
	static char buf[16384];
	FILE *f = tmpfile();
	size_t n;

	if (f == NULL)
		bail("tmpfile failed");
	fn(f, ab);
	rewind(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* The text renderer's lines of what changed, into a stream. */
static void
text_of(FILE *f, const struct report_ab *ab)
{
	struct format_sink out;

	format_sink_file(&out, f);
	changes_text(&out, ab);
}

/* Is line (without its newline) a whole line of text? */
static int
has_line(const char *text, const char *line)
{
	size_t n = strlen(line);
	const char *p;

	for (p = text; (p = strstr(p, line)) != NULL; p++)
		if ((p == text || p[-1] == '\n') && (p[n] == '\n' || p[n] == '\0'))
			return 1;
	return 0;
}

/* The longest line of text. */
static size_t
longest(const char *text)
{
	size_t max = 0;

	while (*text != '\0') {
		size_t n = strcspn(text, "\n");

		if (n > max)
			max = n;
		text += n + (text[n] == '\n');
	}
	return max;
}

/* text's lines from the one starting with start, joined by blanks with
 * their indents dropped, up to the next line indented by two or less. */
static void
joined(char *out, size_t len, const char *text, const char *start)
{
	const char *p = strstr(text, start);
	size_t o = 0;

	out[0] = '\0';
	if (p == NULL)
		return;
	for (;;) {
		size_t n = strcspn(p, "\n");

		while (*p == ' ' && n > 0)
			p++, n--;
		if (o + n + 2 >= len)
			return;
		if (o > 0)
			out[o++] = ' ';
		memcpy(out + o, p, n);
		o += n;
		out[o] = '\0';
		p += n;
		if (*p == '\n')
			p++;
		if (strncmp(p, "   ", 3) != 0)
			return;
	}
}

int
main(void)
{
	struct resfile_run a, b;
	struct report_ab ab;
	const char *t;
	char want[2048], got[2048];
	size_t i, n;

	plan(27);

	/* A 600-byte command line ending in "quiet"; b appends mitigations=off. */
	for (i = n = 0; n < 590; i++)
		n += (size_t)snprintf(cmdline + n, sizeof(cmdline) - n, "opt%02lu=%lu ",
				      (unsigned long)i, (unsigned long)i * 7);
	snprintf(cmdline + n, sizeof(cmdline) - n, "quiet");
	{
		char cmd_b[800];

		snprintf(cmd_b, sizeof(cmd_b), "%s mitigations=off", cmdline);
		for (i = 0; i + 1 < sizeof(note_a) && i < 199; i++) {
			note_a[i] = i % 10 == 9 ? ' ' : (char)('a' + i % 10);
			note_b[i] = i % 10 == 9 ? ' ' : (char)('k' + i % 10);
		}
		parse(&a, "a.0", run_text("none", cmdline, "a_mod b_mod nf_conntrack virtio_net",
					  note_a, cflags_a, cases_a));
		parse(&b, "b.0", run_text("qemu-arm", cmd_b, "a_mod b_mod nft_chain_nat virtio_net",
					  note_b, cflags_b, cases_b));
	}
	ok(a.ncases == 3 && b.ncases == 10, "the runs read: 3 and 10 cases");

	memset(&ab, 0, sizeof(ab));
	ok(changes_build(&ab, &a, "[1]", &b, "[2]") == 0, "changes_build succeeds");

	t = render(text_of, &ab);
	ok(strncmp(t, "What changed:\n", 14) == 0, "text starts with What changed:");
	ok(has_line(t, "  kernel: #1 SMP PREEMPT_DYNAMIC @0 -> #2 SMP PREEMPT_DYNAMIC @0"),
	   "a short value is shown whole on one line");
	ok(has_line(t, "  emulation: none -> qemu-arm"), "emulation is listed");
	ok(has_line(t, "  cmdline: ... quiet -> ... quiet mitigations=off"),
	   "a 600-byte command line with a parameter appended shows the difference");
	ok(has_line(t, "  modules: - nf_conntrack + nft_chain_nat"),
	   "modules: the names removed, then those added");
	ok(has_line(t, "  box-modules: - x_tables + nft_chain_nat"),
	   "the box's modules (run --box) too, however few");
	ok(has_line(t, "  cflags: - -O2 + -O3"), "a long list of more than 3 words reads as one too");
	ok(strstr(t, "load:") == NULL && strstr(t, "date:") == NULL,
	   "load and date, which differ on every run, are not listed");
	ok(longest(t) <= 78, "no line is longer than 78 columns (longest %lu)",
	   (unsigned long)longest(t));
	/* The wrapped lines, joined, read as the one line they replace. */
	snprintf(want, sizeof(want), "note: %s -> %s", note_a, note_b);
	joined(got, sizeof(got), t, "  note: ");
	is_string(want, got, "a long value with nothing in common is shown whole, wrapped");
	ok(strstr(t, "\n    -> klmnopqrs") != NULL, "... its new value on lines of its own");
	ok(has_line(t, "  lat_ctx args: -s 16 2 -> -s 64 2"), "a benchmark run with other arguments");
	ok(has_line(t, "  bw_mem 64m rd: memory reduced on [2]: SIZE 64M to 10M"),
	   "a memory reduction on one side");
	ok(has_line(t, "  only in [2]: lmdd of=/tmp/f1 move=8m")
	   && has_line(t, "  only in [2]: lmdd of=/tmp/f5 move=8m")
	   && strstr(t, "f6") == NULL, "cases only one side ran: the first five");
	ok(has_line(t, "  only in [2]: and 2 more"), "... then how many more");
	ok(strstr(t, "lat_syscall") == NULL, "a case both ran alike is not listed");
	ok(strstr(t, "lat_ctx args") < strstr(t, "memory reduced")
	   && strstr(t, "memory reduced") < strstr(t, "only in"),
	   "fingerprint, then other arguments, reductions, cases of one side");

	t = render(changes_markdown, &ab);
	ok(has_line(t, "- modules: - nf_conntrack + nft_chain_nat"), "markdown: the module list's difference");
	snprintf(want, sizeof(want), "- cmdline: %s -> %s mitigations=off", cmdline, cmdline);
	ok(has_line(t, want), "markdown: the command lines in full");
	ok(has_line(t, "- only in \\[2\\]: and 2 more"), "markdown: the cases of one side, its label's brackets escaped");

	t = render(changes_json, &ab);
	ok(strstr(t, "{\"kind\": \"config\", \"key\": \"modules\", \"from\": \"a_mod b_mod nf_conntrack virtio_net\", "
		  "\"to\": \"a_mod b_mod nft_chain_nat virtio_net\", \"removed\": [\"nf_conntrack\"], "
		  "\"added\": [\"nft_chain_nat\"]}") != NULL, "json: a list with the words removed and added");
	snprintf(want, sizeof(want), "\"to\": \"%s mitigations=off\"}", cmdline);
	ok(strstr(t, want) != NULL, "json: the command line in full");
	ok(strstr(t, "{\"kind\": \"args\", \"key\": \"lat_ctx\", \"from\": \"-s 16 2\", \"to\": \"-s 64 2\"}") != NULL
	   && strstr(t, "{\"kind\": \"reduced\", \"key\": \"bw_mem\", \"args\": \"64m rd\", \"side\": \"[2]\", "
		     "\"reduced\": \"SIZE 64M to 10M (50% of 20M available)\"}") != NULL
	   && strstr(t, "{\"kind\": \"more\", \"side\": \"[2]\", \"count\": 2}") != NULL,
	   "json: other arguments, the reduction in full, how many more");
	free(ab.changes);

	/* A run against itself: nothing changed. */
	memset(&ab, 0, sizeof(ab));
	changes_build(&ab, &a, "[1]", &a, "[2]");
	is_int(0, (long long)ab.nchanges, "a run against itself: no change");
	is_string("What changed: nothing (the fingerprints and the cases run are alike)\n",
		  render(text_of, &ab), "... and the text says so");
	free(ab.changes);
	resfile_free(&a);
	resfile_free(&b);
	return 0;
}
