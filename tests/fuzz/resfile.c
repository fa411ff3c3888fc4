/*
 * Fuzz target: the results reader and what the results tool builds from
 * it.  The input is one result file, or two separated by a NUL byte (a
 * result file never holds one, so the split costs the reader nothing):
 * each is parsed as hostbench-compare parses a file, both formats alike
 * (the first line decides), and the runs that parse are turned into the
 * summary tables and the A/B comparison, written to /dev/null as text,
 * CSV, JSON, Markdown or SVG (which one follows from the input's size).  Besides crashes (ASan, UBSan), the reader's contract
 * is checked: success means results or a header, every result has a
 * sample, and every text of the run (keys, values, flags, names, a
 * case's program and arguments) is valid UTF-8 without a control
 * character but tab; failure means a message naming the file.  And the
 * output, whatever the format, is valid UTF-8: no cut falls inside a
 * character.
 *
 * Built with clang -fsanitize=fuzzer by `make fuzz`, and with replay.c
 * (plain cc) as the check program tests/fuzz/resfile-t, which replays the
 * seed and regression corpus.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/utf8.h"
#include "model/build.h"
#include "model/report.h"
#include "read/resfile.h"
#include "render/render.h"
#include "render/svg/plots.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A broken contract is a crash the fuzzer keeps, like any other. */
static void
check(int cond, const char *what)
{
	if (!cond) {
		fprintf(stderr, "resfile contract broken: %s\n", what);
		abort();
	}
}

/* Valid UTF-8 without control characters (but tab), as read. */
static int
clean_text(const char *s)
{
	size_t n = strlen(s), i = 0;

	while (i < n) {
		size_t len = utf8_len(s + i, n - i);

		if (len == 0 || (s[i] != '\t' && utf8_is_control(s + i, len)))
			return 0;
		i += len;
	}
	return 1;
}

static void
check_texts(const struct resfile_run *r)
{
	size_t i;

	for (i = 0; i < r->nconfig; i++)
		check(clean_text(r->config[i].key) && clean_text(r->config[i].value),
		      "the fingerprint is clean text");
	for (i = 0; i < r->nlater; i++)
		check(clean_text(r->later[i].key) && clean_text(r->later[i].value),
		      "later keys are clean text");
	for (i = 0; i < r->nflags; i++)
		check(clean_text(r->flags[i]), "flags are clean text");
	for (i = 0; i < r->nresults; i++)
		check(clean_text(r->results[i].name) && clean_text(r->results[i].unit),
		      "result names and units are clean text");
	for (i = 0; i < r->ncases; i++)
		check(clean_text(r->cases[i].bench) && clean_text(r->cases[i].args),
		      "a case's program and arguments are clean text");
}

static int
parse_one(struct report_run *run, const char *path, const uint8_t *data, size_t size, int id)
{
	char err[512];
	size_t i;
	int rc;

	resfile_init(&run->rf);
	err[0] = '\0';
	rc = resfile_parse(&run->rf, path, (const char *)data, size, err, sizeof(err));
	if (rc != 0) {
		check(strncmp(err, path, strlen(path)) == 0, "a failure names the file");
		resfile_free(&run->rf);
		return -1;
	}
	check(run->rf.nresults > 0 || run->rf.nconfig > 0, "a parsed file has results or a header");
	for (i = 0; i < run->rf.nresults; i++)
		check(run->rf.results[i].n > 0, "every result has a sample");
	check_texts(&run->rf);
	run->id = id;
	run->file = path;
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum render_format formats[] = {
		RENDER_TEXT, RENDER_CSV, RENDER_JSON, RENDER_MARKDOWN
	};
	const uint8_t *nul = memchr(data, '\0', size);
	struct report_run runs[2];
	struct report rep;
	size_t i;

	memset(runs, 0, sizeof(runs));
	memset(&rep, 0, sizeof(rep));
	rep.runs = runs;
	if (nul == NULL) {
		if (parse_one(&runs[rep.nruns], "a.0", data, size, 1) == 0)
			rep.nruns++;
	} else {
		if (parse_one(&runs[rep.nruns], "a.0", data, (size_t)(nul - data), 1) == 0)
			rep.nruns++;
		if (parse_one(&runs[rep.nruns], "b.0", nul + 1, size - (size_t)(nul - data) - 1, 2) == 0)
			rep.nruns++;
	}
	if (rep.nruns == 0)
		return 0;
	rep.want_summary = 1;
	rep.want_ab = 1;
	rep.threshold = 5;
	/* One output per input (all of them cost 4x the executions): the
	 * format follows from the size, so mutations reach every writer. */
	if (report_build(&rep, NULL, 0) == 0) {
		char *out = NULL;
		size_t len = 0;
		FILE *sink = open_memstream(&out, &len);

		if (sink == NULL)
			abort();
		i = size % (sizeof(formats) / sizeof(formats[0]) + 1);
		if (i < sizeof(formats) / sizeof(formats[0]))
			render_write(&rep, formats[i], sink);
		else
			plots_svg(&rep, sink, SVG_FILE);
		if (fclose(sink) != 0)
			abort();
		check(utf8_invalid(out, len) == len, "the output is valid UTF-8");
		free(out);
	}
	report_free(&rep);
	for (i = 0; i < rep.nruns; i++)
		resfile_free(&runs[i].rf);
	return 0;
}
