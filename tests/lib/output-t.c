/*
 * output-t: raw lines written by output_* read back identically, and the
 * reader rejects malformed result lines.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/metric.h"
#include "core/output.h"
#include "tap/basic.h"

static char *
capture(FILE *f)
{
	static char buf[4096];
	size_t n;

	rewind(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	return buf;
}

/*
 * The run-note keys as they were before the table of keys had more than
 * them: hostinfo -k prints this list, and the tests' RUN_NOTES is it.
 */
static const char run_notes[] =
	"ab-side\nab-state\nbest-chains\ncache-below\nclock\nclock-resolution\ncpu-mhz\n"
	"cpuinfo-mhz\ncycle\ndate\ndir\nfile\nhuge-pages\ninput\nio-latency\nlateness\n"
	"line-test\nload\nmhz-xor\nnote\noutput\noverhead\npage-faults\nplacement-busy\n"
	"precision\nreceived\nround\nserver\nsocket-buffer\nstatus\nudp\nudp-short\n";

/* What the reader takes each key of a run file for (output.h). */
static const struct {
	const char *key;
	enum output_key_kind kind;
	enum output_key_role role;
} roles[] = {
	{ "bench", OUTPUT_KEY_CONFIG, OUTPUT_ROLE_CASE },
	{ "args", OUTPUT_KEY_CONFIG, OUTPUT_ROLE_ARGS },
	{ "round", OUTPUT_KEY_RUN_NOTE, OUTPUT_ROLE_ROUND },
	{ "status", OUTPUT_KEY_RUN_NOTE, OUTPUT_ROLE_STATUS },
	{ "precision", OUTPUT_KEY_RUN_NOTE, OUTPUT_ROLE_PRECISION },
	{ "sample-time", OUTPUT_KEY_CONFIG, OUTPUT_ROLE_SAMPLE_TIME },
	{ "size-reduced", OUTPUT_KEY_CONFIG, OUTPUT_ROLE_REDUCED },
	{ "load", OUTPUT_KEY_RUN_NOTE, OUTPUT_ROLE_LOAD },
	{ "governor", OUTPUT_KEY_CONFIG, OUTPUT_ROLE_GOVERNOR },
	{ "cpu0-governor", OUTPUT_KEY_CONFIG, OUTPUT_ROLE_GOVERNOR },
	{ "noise", OUTPUT_KEY_MARK, OUTPUT_ROLE_NOISE },
	{ "noise-self", OUTPUT_KEY_MARK, OUTPUT_ROLE_NOISE_SELF },
	{ "noisy", OUTPUT_KEY_MARK, OUTPUT_ROLE_FLAG },
	{ "cache-below", OUTPUT_KEY_RUN_NOTE, OUTPUT_ROLE_FLAG },
	{ "hist", OUTPUT_KEY_MARK, OUTPUT_ROLE_HIST },
	{ "settled", OUTPUT_KEY_MARK, OUTPUT_ROLE_COMMENT },
	{ "ab-side", OUTPUT_KEY_RUN_NOTE, OUTPUT_ROLE_NONE },
	{ "ab-state", OUTPUT_KEY_RUN_NOTE, OUTPUT_ROLE_NONE },
	{ "note", OUTPUT_KEY_RUN_NOTE, OUTPUT_ROLE_NONE },
	{ "date", OUTPUT_KEY_RUN_NOTE, OUTPUT_ROLE_NONE },
};

static void
test_keys(void)
{
	const struct output_key *k;
	size_t i;
	int sorted = 1, flags = 1;
	FILE *f;

	for (i = 1; i < output_key_count; i++)
		if (strcmp(output_keys[i - 1].key, output_keys[i].key) >= 0) {
			diag("%s before %s", output_keys[i - 1].key, output_keys[i].key);
			sorted = 0;
		}
	ok(sorted, "the table of keys is sorted, each key once (the lookup bsearches it)");
	for (i = 0; i < output_key_count; i++)
		if ((output_keys[i].role == OUTPUT_ROLE_FLAG) != (output_keys[i].flag != NULL))
			flags = 0;
	ok(flags, "a flag's row, and only a flag's, says what its flag says");
	for (i = 0; i < HB_ARRAY_SIZE(roles); i++) {
		k = output_key_find(roles[i].key);
		if (k == NULL || k->kind != roles[i].kind || k->role != roles[i].role)
			break;
	}
	ok(i == HB_ARRAY_SIZE(roles), "each suite key has its kind and role (%s)",
	   i < HB_ARRAY_SIZE(roles) ? roles[i].key : "all");
	ok(output_key_find("placement") == NULL && output_key_find("loads") == NULL
	   && output_key_find("noise-selfish") == NULL && output_key_find("box-load") == NULL
	   && output_key_find("governors") == NULL && output_key_find("cpu0-load") == NULL,
	   "plain configuration has no row; a suffix row only matches whole parts after a '-'");
	k = output_key_find("noisy");
	ok(k != NULL && strcmp(k->flag, "noisy") == 0, "the noisy mark's flag says noisy");
	is_int(OUTPUT_KEY_RUN_NOTE, output_key_kind("box-load"), "the box's load is a run note as the host's");
	is_int(OUTPUT_KEY_CONFIG, output_key_kind("box-kernel"), "a key without a row is configuration");
	ok(!output_key_is_run_note("bench") && !output_key_is_run_note("noisy")
	   && !output_key_is_run_note("noise-self") && !output_key_is_run_note("sample-time")
	   && !output_key_is_run_note("cpu0-governor"),
	   "the rows that are no run notes (bench, a mark, sample-time, a governor) are not");
	f = tmpfile();
	if (f == NULL)
		bail("tmpfile failed");
	output_run_note_keys(f);
	fflush(f);
	is_string(run_notes, capture(f), "the run-note keys are printed as before, sorted");
	fclose(f);
}

/* output_note and output_config of the suite's keys, and the lines read back. */
static void
test_note(void)
{
	struct output_line l;
	static char value[OUTPUT_MAX_VALUE + 100], line[OUTPUT_MAX_VALUE + 200];
	const char *t;
	FILE *f;

	f = tmpfile();
	if (f == NULL)
		bail("tmpfile failed");
	ok(output_note(f, "bench", "%s", "lat_syscall") == 0, "output_note takes a key");
	output_note(f, "args", "%s", "");
	output_note(f, "status", "failed: %s", "two\nlines");
	output_note(f, "placement", "%s", "one");
	fflush(f);
	is_string("# bench: lat_syscall\n# args:\n# status: failed: two lines\n# placement: one\n", capture(f),
		  "it writes \"# key: value\" whatever the key's kind, \"# key:\" alone for an empty value, on one line");
	fclose(f);

	f = tmpfile();
	if (f == NULL)
		bail("tmpfile failed");
	errno = 0;
	ok(output_note(f, "Bad Key", "x") == -1 && errno == EINVAL && output_note(f, "", "x") == -1,
	   "a bad key is refused (EINVAL)");
	fflush(f);
	is_string("", capture(f), "... and nothing is written");
	fclose(f);

	memset(value, 'w', sizeof(value) - 1);
	f = tmpfile();
	if (f == NULL)
		bail("tmpfile failed");
	output_note(f, "noisy", "%s", value);
	rewind(f);
	t = fgets(line, sizeof(line), f) != NULL ? line : "";
	ok(strlen(t) == strlen("# noisy: ") + OUTPUT_MAX_VALUE && strcmp(t + strlen(t) - 4, "...\n") == 0,
	   "a longer value is cut as output_config cuts it");
	ok(output_parse_line(t, &l) == 0 && l.kind == OUTPUT_LINE_CONFIG && l.run_note
	   && strcmp(l.key, "noisy") == 0 && strlen(l.value) == OUTPUT_MAX_VALUE - 1,
	   "... and reads back as a note of its key");
	fclose(f);

	f = tmpfile();
	if (f == NULL)
		bail("tmpfile failed");
	output_config(f, "bench", "%s", "lat_syscall");
	output_config(f, "sample-time", "%s", "2.5 ms");
	output_config(f, "round", "%d", 2);
	output_config(f, "noisy", "%s", "busy");
	fflush(f);
	is_string("bench: lat_syscall\nsample-time: 2.5 ms\n# round: 2\n# noisy: busy\n", capture(f),
		  "output_config writes by the key's kind: configuration, run note, mark");
	fclose(f);
}

int
main(void)
{
	struct output_line l;
	char buf[64];
	FILE *f;
	struct stats s;
	const double vals[] = { 41.5, 41.25, 0.00123457, 12345.678, 3e9 };
	size_t i;

	plan(55 + 12 + 16 + 5);

	is_string("41.2712", output_format_value(buf, sizeof(buf), 41.27123), "six significant digits");
	is_string("12345.7", output_format_value(buf, sizeof(buf), 12345.678), "large values keep six digits");
	is_string("0.00123457", output_format_value(buf, sizeof(buf), 0.001234567), "small values have no exponent");
	is_string("0", output_format_value(buf, sizeof(buf), 0), "zero prints as 0");
	is_string("41.3", output_format_value(buf, sizeof(buf), 41.3), "trailing zeros are dropped");
	is_string("3000000000", output_format_value(buf, sizeof(buf), 3e9), "3e9 prints in full");

	f = tmpfile();
	if (f == NULL)
		bail("tmpfile failed");
	ok(output_config(f, "cpu-mhz", "%d", 2400) == 0, "a valid key is accepted");
	ok(output_config(f, "Bad Key", "x") == -1, "a key with upper case and a blank is refused");
	output_config(f, "note", "two\nlines");
	output_sample(f, "LatSyscall/op=null", 12000000, 41.2712, "ns/op");
	for (i = 0; i < HB_ARRAY_SIZE(vals); i++)
		output_sample(f, "BwMem/op=rd/size=64M", 16, vals[i], "MB/s");
	fflush(f);
	{
		char *text = capture(f), *line, *save = NULL;
		size_t results = 0, configs = 0;
		int good = 1;

		for (line = strtok_r(text, "\n", &save); line != NULL; line = strtok_r(NULL, "\n", &save)) {
			if (output_parse_line(line, &l) != 0)
				good = 0;
			else if (l.kind == OUTPUT_LINE_CONFIG)
				configs++;
			else if (l.kind == OUTPUT_LINE_RESULT) {
				if (results > 0) {
					char want[64];

					output_format_value(want, sizeof(want), vals[results - 1]);
					if (l.val[0] != strtod(want, NULL) || l.iters != 16
					    || strcmp(l.name, "BwMem/op=rd/size=64M") != 0)
						good = 0;
				}
				results++;
			}
		}
		ok(good, "every written line reads back to the values written");
		is_int(2, (long long)configs, "two config lines (the newline in a value did not split it)");
		is_int(6, (long long)results, "six result lines");
	}
	fclose(f);

	ok(output_parse_line("BenchmarkLatSyscall/op=null \t 1000  41.5 ns/op  24.1 MB/s\n", &l) == 0,
	   "a line with two value-unit pairs parses");
	is_int(OUTPUT_LINE_RESULT, l.kind, "it is a result");
	is_string("LatSyscall/op=null", l.name, "its name lacks the Benchmark prefix");
	is_int(1000, (long long)l.iters, "its iteration count");
	is_int(2, (long long)l.npairs, "two pairs");
	is_double(41.5, l.val[0], 0, "first value");
	is_string("ns/op", l.unit[0], "first unit");
	is_double(24.1, l.val[1], 1e-12, "second value");
	is_string("MB/s", l.unit[1], "second unit");

	ok(output_parse_line("os: Linux 6.1.0", &l) == 0 && l.kind == OUTPUT_LINE_CONFIG,
	   "a config line parses");
	is_string("os", l.key, "its key");
	is_string("Linux 6.1.0", l.value, "its value");
	ok(output_parse_line("note:", &l) == 0 && l.kind == OUTPUT_LINE_CONFIG && l.value[0] == '\0',
	   "a config line with an empty value parses");
	ok(output_parse_line("# load: 1.25", &l) == 0 && l.kind == OUTPUT_LINE_CONFIG && l.run_note,
	   "a run note parses as a configuration line, marked a run note");
	is_string("load", l.key, "... its key");
	is_string("1.25", l.value, "... its value");
	ok(output_parse_line("os: Linux", &l) == 0 && l.kind == OUTPUT_LINE_CONFIG && !l.run_note,
	   "a configuration line is no run note");
	ok(output_parse_line("# a comment: with a colon", &l) == 0 && l.kind == OUTPUT_LINE_OTHER,
	   "a comment with a blank in its first word is other");
	ok(output_parse_line("#load: 1", &l) == 0 && l.kind == OUTPUT_LINE_OTHER,
	   "'#' without the blank is other");
	ok(output_key_is_run_note("date") && output_key_is_run_note("status")
	   && output_key_is_run_note("udp-short") && output_key_is_run_note("box-load"),
	   "date, status, udp-short and the box's load are run notes");
	ok(!output_key_is_run_note("host") && !output_key_is_run_note("placement")
	   && !output_key_is_run_note("box-kernel") && !output_key_is_run_note("loads"),
	   "host, placement, the box's kernel and a longer key are not");
	{
		FILE *g = tmpfile();
		char *text;

		if (g == NULL)
			bail("tmpfile failed");
		output_config(g, "date", "%s", "2026-01-01T00:00:00Z");
		output_config(g, "host", "%s", "nas");
		output_config(g, "box-load", "%s", "0.50");
		fflush(g);
		text = capture(g);
		is_string("# date: 2026-01-01T00:00:00Z\nhost: nas\n# box-load: 0.50\n", text,
			  "output_config writes a run note for date and the box's load, a configuration line for host");
		fclose(g);
	}
	test_keys();
	test_note();
	ok(output_parse_line("", &l) == 0 && l.kind == OUTPUT_LINE_OTHER, "a blank line is other");
	ok(output_parse_line("Simple syscall: 0.04 microseconds", &l) == 0 && l.kind == OUTPUT_LINE_OTHER,
	   "lmbench prose is other, not config");
	ok(output_parse_line("http://x", &l) == 0 && l.kind == OUTPUT_LINE_OTHER,
	   "a colon not followed by a blank is not config");
	ok(output_parse_line("Benchmarking is fun", &l) == 0 && l.kind == OUTPUT_LINE_OTHER,
	   "Benchmark followed by lower case is not a result");

	ok(output_parse_line("BenchmarkX 100", &l) == -1, "a result without values is malformed");
	ok(output_parse_line("BenchmarkX 100 4.5", &l) == -1, "a value without a unit is malformed");
	ok(output_parse_line("BenchmarkX abc 4.5 ns/op", &l) == -1, "a non-numeric count is malformed");
	ok(output_parse_line("BenchmarkX 100 fast ns/op", &l) == -1, "a non-numeric value is malformed");
	ok(output_parse_line("BenchmarkX", &l) == -1, "a bare name is malformed");
	ok(output_parse_line("BenchmarkX 100 1e400 ns/op", &l) == 0 && l.kind == OUTPUT_LINE_RESULT
	   && l.bad_value == 1, "a value out of range (1e400) parses, marked as no number");
	ok(output_parse_line("BenchmarkX 100 4 ns/op inf MB/s", &l) == 0 && l.bad_value == 2,
	   "... inf as a second value: marked with its index");
	ok(output_parse_line("BenchmarkX 100 1e-400 ns/op", &l) == 0 && l.bad_value == 0
	   && l.val[0] >= 0 && l.val[0] < 1e-300, "an underflow is a number near 0, kept");
	{
		char longname[400];

		memset(longname, 'A', sizeof(longname));
		memcpy(longname, "Benchmark", 9);
		strcpy(longname + 300, " 1 2 ns/op");
		ok(output_parse_line(longname, &l) == -1, "an over-long name is malformed, not truncated");
	}
	{
		/* A 4 KB kernel command line is kept whole; what does not fit is cut visibly. */
		static char value[OUTPUT_MAX_VALUE + 100], line[OUTPUT_MAX_VALUE + 200];
		size_t n;

		for (n = 0; n + 1 < 4096; n++)
			value[n] = n % 16 == 15 ? ' ' : (char)('a' + n % 16);
		value[n] = '\0';
		f = tmpfile();
		if (f == NULL)
			bail("tmpfile failed");
		output_config(f, "cmdline", "%s x=1", value);
		rewind(f);
		ok(fgets(line, sizeof(line), f) != NULL && output_parse_line(line, &l) == 0
		   && strlen(l.value) == 4095 + 4 && strcmp(l.value + 4095, " x=1") == 0,
		   "a 4 KB value is written and read back whole");
		fclose(f);
		memset(value, 'm', sizeof(value) - 1);
		value[sizeof(value) - 1] = '\0';
		f = tmpfile();
		if (f == NULL)
			bail("tmpfile failed");
		output_config(f, "modules", "%s", value);
		rewind(f);
		ok(fgets(line, sizeof(line), f) != NULL && strlen(line) == strlen("modules: ") + OUTPUT_MAX_VALUE
		   && strcmp(line + strlen(line) - 4, "...\n") == 0,
		   "a longer value is cut to OUTPUT_MAX_VALUE - 1 bytes ending in ...");
		fclose(f);
		snprintf(line, sizeof(line), "modules: %s", value);
		ok(output_parse_line(line, &l) == 0 && strlen(l.value) == OUTPUT_MAX_VALUE - 1
		   && strcmp(l.value + OUTPUT_MAX_VALUE - 4, "...") == 0,
		   "the reader cuts an over-long value the same way");
	}

	s.n = 11;
	s.median = 41.3;
	s.ci_lo = 41.1;
	s.ci_hi = 41.6;
	s.ci_level = 0.988;
	s.mean = 41.3;
	s.cv = 0.008;
	s.stddev = 0.3;
	s.min = 41;
	s.max = 42;
	s.q1 = 41.2;
	s.q3 = 41.5;
	f = tmpfile();
	output_text(f, "LatSyscall/op=null", &s, "ns/op");
	fflush(f);
	{
		const char *t = capture(f);

		ok(strstr(t, "LatSyscall/op=null") != NULL && strstr(t, "41.3") != NULL
		   && strstr(t, "41.1 .. 41.6") != NULL && strstr(t, "n=11") != NULL,
		   "the text line shows name, median, CI and n: %s", t);
	}
	fclose(f);

	ok(metric_fact_find("LatSyscall/op=null", "ns/op") != NULL,
	   "the null syscall metric is in the table");
	ok(metric_fact_find("BwMem/op=rd/size=64M", "MB/s") != NULL
	   && strcmp(metric_fact_find("BwMem/op=rd/size=64M", "MB/s")->name, "BwMem/op=rd") == 0,
	   "a sized result finds its metric");
	ok(metric_fact_find("BwMem/op=rd/size=64M-4", "MB/s") != NULL,
	   "a parallel result finds its metric");
	ok(metric_fact_find("BwMem/op=rdwr", "MB/s") != NULL
	   && strcmp(metric_fact_find("BwMem/op=rdwr", "MB/s")->name, "BwMem/op=rdwr") == 0,
	   "rdwr does not match rd");
	ok(metric_fact_find("LatSyscall/op=null", "MB/s") == NULL, "a wrong unit finds nothing");

	/* A run's own figures: the names older files gave them, which the metric table has. */
	{
		char n[OUTPUT_MAX_NAME + 32], u[OUTPUT_MAX_UNIT];
		const char *t;
		int r;

		r = output_internal("LatTcp/size=1/placement=one", "p99-ns", n, sizeof(n), u, sizeof(u));
		ok(r == 1 && strcmp(n, "LatTcp/size=1/placement=one/stat=p99") == 0 && strcmp(u, "ns/op") == 0,
		   "p99-ns is /stat=p99 in ns/op: %s %s", n, u);
		r = output_internal("LatUsleep/method=timer/usec=100/load=2", "max-ns", n, sizeof(n), u, sizeof(u));
		ok(r == 1 && strcmp(n, "LatUsleep/method=timer/stat=max/usec=100/load=2") == 0,
		   "lat_usleep's statistic goes before its /usec= part: %s", n);
		r = output_internal("BwUdp/size=1470/placement=one", "remote-own-us/KB", n, sizeof(n), u, sizeof(u));
		ok(r == 1 && strcmp(n, "BwUdp/size=1470/placement=one/cpu=remote-own") == 0
		   && strcmp(u, "us/KB") == 0, "remote-own-us/KB is /cpu=remote-own in us/KB: %s %s", n, u);
		output_internal("BwTcp/size=64K/placement=one-2", "bytes-rcvbuf", n, sizeof(n), u, sizeof(u));
		is_string("BwTcp/size=64K/placement=one/sockbuf=granted-2", n,
			  "the buffers granted are /sockbuf=granted, before a parallel -2");
		output_internal("Tlb", "l2-pages", n, sizeof(n), u, sizeof(u));
		ok(strcmp(n, "Tlb/level=2") == 0 && strcmp(u, "pages") == 0, "Tlb's l2-pages is Tlb/level=2 in pages");
		output_internal("Cache", "line-bytes", n, sizeof(n), u, sizeof(u));
		ok(strcmp(n, "Line") == 0 && strcmp(u, "bytes") == 0, "Cache's line-bytes is Line in bytes");
		ok(output_internal("LatLoad/rtt=added", "p50-ns", n, sizeof(n), u, sizeof(u)) == 0
		   && strcmp(n, "LatLoad/rtt=added") == 0 && strcmp(u, "p50-ns") == 0,
		   "a percentile unit the metric table has for the name is its own");
		ok(output_internal("LatSyscall/op=null", "ns/op", n, sizeof(n), u, sizeof(u)) == 0
		   && output_internal("BwTcp/size=64K/cpu=local", "%sys", n, sizeof(n), u, sizeof(u)) == 0
		   && strcmp(n, "BwTcp/size=64K/cpu=local") == 0,
		   "a sample, and an old line, are as they are");
		output_internal("BwUdp/size=64/peer=remote", "irqs/s", n, sizeof(n), u, sizeof(u));
		ok(strcmp(n, "BwUdp/size=64/peer=remote/box=net") == 0 && strcmp(u, "irqs/s") == 0,
		   "the box's irqs/s is /box=net: %s", n);
		output_internal("BwUdp/size=64/peer=remote", "%cpu1-softirq", n, sizeof(n), u, sizeof(u));
		ok(strcmp(n, "BwUdp/size=64/peer=remote/box=cpu") == 0 && strcmp(u, "%cpu1-softirq") == 0,
		   "a box CPU's share is /box=cpu: %s", n);
		ok(output_unit_find("l3-ns/op") != NULL && output_unit_find("l9-bytes") == NULL
		   && output_unit_find("ns/op") == NULL && output_unit_find("MB/s") == NULL
		   && output_unit_find("%cpu0-softirq") != NULL && output_unit_find("%cpu7-irq") != NULL
		   && output_unit_find("%cpu8-sys") == NULL && output_unit_find("%cpuN-sys") == NULL,
		   "the units table: lN- up to its levels, %%cpuN- from CPU 0 to 7, none of benchstat's own");
		f = tmpfile();
		output_unit_lines(f);
		t = capture(f);
		ok(strstr(t, "Unit p50-ns better=lower\n") != NULL && strstr(t, "Unit l8-bytes assume=exact\n") != NULL
		   && strstr(t, "Unit l5-pages") == NULL && strstr(t, "Unit softnet-pkts/s assume=nothing\n") != NULL
		   && strstr(t, "Unit Mbit/s better=higher\n") != NULL && strncmp(t, "Unit ", 5) == 0
		   && strstr(t, "Unit %cpu0-softirq better=lower\n") != NULL
		   && strstr(t, "Unit %cpu7-sys better=lower\n") != NULL && strstr(t, "Unit %cpu8-") == NULL,
		   "Unit lines: better and assume as benchstat reads them");
		fclose(f);
	}
	{
		/* The header's date: by hand, against gmtime_r over 4 centuries. */
		char d[64], want[64];
		struct tm tm;
		long long t;
		unsigned bad = 0, n = 0;

		is_string("1970-01-01T00:00:00Z", output_date(d, sizeof(d), 0), "the epoch");
		is_string("2000-02-29T12:34:56Z", output_date(d, sizeof(d), 951827696),
			  "a leap day of a year divisible by 400");
		is_string("1969-12-31T23:59:58Z", output_date(d, sizeof(d), -2), "two seconds before the epoch");
		is_string("unknown", output_date(d, sizeof(d), (time_t)-1), "(time_t)-1 is unknown");
		for (t = sizeof(time_t) > 4 ? -2208988800LL : -2147483647LL;
		     t < (sizeof(time_t) > 4 ? 10413792000LL : 2147483647LL); t += 86399LL * 7 + 3601) {
			time_t tt = (time_t)t;

			if (gmtime_r(&tt, &tm) == NULL || tt == (time_t)-1)
				continue;
			snprintf(want, sizeof(want), "%04d-%02d-%02dT%02d:%02d:%02dZ", tm.tm_year + 1900,
				 tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
			n++;
			bad += strcmp(want, output_date(d, sizeof(d), tt)) != 0;
		}
		ok(n > 1000 && bad == 0, "every date agrees with gmtime_r (%u of %u differ)", bad, n);
	}
	return 0;
}
