/*
 * output: the result format (Go benchmark data format) and the text summary.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/metric.h"
#include "core/msg.h"
#include "core/output.h"

/*
 * After a print to f that began with errno = 0: a write of stdout that
 * failed in it is noted with its reason (msg_stdout_failed), and the
 * caller's errno (saved) is put back.
 */
static void
note_error(FILE *f, int saved)
{
	if (f == stdout && errno != 0 && ferror(f))
		msg_stdout_failed(errno);
	errno = saved;
}

char *
output_format_value(char *buf, size_t len, double v)
{
	double a = fabs(v);
	int digits = 0;

	/* Six significant digits, written out without an exponent. */
	if (a > 0 && a < 1e15) {
		int mag = (int)floor(log10(a));

		digits = 5 - mag;
		if (digits < 0)
			digits = 0;
		if (digits > 12)
			digits = 12;
	}
	if (a >= 1e15 || (a > 0 && a < 1e-12) || !isfinite(v)) {
		snprintf(buf, len, "%g", v);
	} else {
		snprintf(buf, len, "%.*f", digits, v);
		/* As %g does: no trailing zeros after the point. */
		if (digits > 0 && strchr(buf, '.') != NULL) {
			char *end = buf + strlen(buf) - 1;

			while (*end == '0')
				*end-- = '\0';
			if (*end == '.')
				*end = '\0';
		}
	}
	return buf;
}

static int
valid_key(const char *key)
{
	const char *p;

	if (!islower((unsigned char)key[0]))
		return 0;
	for (p = key; *p != '\0'; p++)
		if (!islower((unsigned char)*p) && !isdigit((unsigned char)*p) && *p != '-')
			return 0;
	return p - key < OUTPUT_MAX_KEY;
}

/*
 * The keys that are more than plain configuration (output.h).
 *
 * Run notes: keys whose values differ between two runs of one setup:
 * when they were taken (date, round), what the machine was doing (load,
 * cpu-mhz), what a run measured on the side (overhead, lateness, cycle,
 * udp totals, granted buffers, I/O latency, page faults), its outcome
 * (status, precision), and temporary paths and server ports.  benchstat
 * groups results by every configuration line: one of these as a
 * configuration line would keep it from comparing two runs at all.  So
 * they are written as run notes, "# key: value", a line benchstat skips
 * and the results tool reads as it reads a configuration line.  The
 * fingerprint's (clock, clock-resolution, cpu-mhz, date, load) are notes
 * in its own table too (lib/host/fingerprint, which this floor cannot
 * see): it writes the header by that one, the reader goes by this one,
 * and tests/bench/hostinfo-t checks that the two agree.
 *
 * Marks: the suite's and the programs' comment lines of a case (its
 * noise, why it was noisy, a rerun), never configuration: benchstat would
 * split the results by them.
 *
 * Sorted (bsearch; tests/lib/output-t checks it).
 */
#define ROW(key, kind, role) { key, OUTPUT_KEY_##kind, OUTPUT_ROLE_##role, 0, NULL }
#define NOTE(key) ROW(key, RUN_NOTE, NONE)
const struct output_key output_keys[] = {
	NOTE("ab-side"),
	NOTE("ab-state"),
	ROW("args", CONFIG, ARGS),
	ROW("bench", CONFIG, CASE),
	NOTE("best-chains"),
	/* lmdd's later passes served by a cache below the page cache. */
	{ "cache-below", OUTPUT_KEY_RUN_NOTE, OUTPUT_ROLE_FLAG, 0, "cache below the page cache" },
	NOTE("clock"),
	NOTE("clock-resolution"),
	NOTE("cpu-mhz"),
	NOTE("cpuinfo-mhz"),
	NOTE("cycle"),
	NOTE("date"),
	NOTE("dir"),
	NOTE("file"),
	/* governor, cpu0-governor ... */
	{ "governor", OUTPUT_KEY_CONFIG, OUTPUT_ROLE_GOVERNOR, 1, NULL },
	ROW("hist", MARK, HIST),
	NOTE("huge-pages"),
	NOTE("input"),
	NOTE("io-latency"),
	NOTE("lateness"),
	NOTE("line-test"),
	ROW("load", RUN_NOTE, LOAD),
	NOTE("mhz-xor"),
	ROW("noise", MARK, NOISE),
	ROW("noise-self", MARK, NOISE_SELF),
	/* The suite's mark of a case run under other work. */
	{ "noisy", OUTPUT_KEY_MARK, OUTPUT_ROLE_FLAG, 0, "noisy" },
	NOTE("note"),
	NOTE("output"),
	NOTE("overhead"),
	NOTE("page-faults"),
	NOTE("placement-busy"),
	ROW("precision", RUN_NOTE, PRECISION),
	NOTE("received"),
	ROW("round", RUN_NOTE, ROUND),
	ROW("sample-time", CONFIG, SAMPLE_TIME),
	NOTE("server"),
	/* --settle: which of a noisy case's two runs was kept. */
	ROW("settled", MARK, COMMENT),
	ROW("size-reduced", CONFIG, REDUCED),
	NOTE("socket-buffer"),
	ROW("status", RUN_NOTE, STATUS),
	NOTE("udp"),
	NOTE("udp-short"),
};
#undef NOTE
#undef ROW

const size_t output_key_count = sizeof(output_keys) / sizeof(output_keys[0]);

static int
cmp_key(const void *a, const void *b)
{
	return strcmp(a, ((const struct output_key *)b)->key);
}

const struct output_key *
output_key_find(const char *key)
{
	const struct output_key *k;
	const char *p;

	k = bsearch(key, output_keys, output_key_count, sizeof(output_keys[0]), cmp_key);
	if (k != NULL)
		return k;
	/* A suffix row: key's part after one of its '-' (cpu0-governor). */
	for (p = strchr(key, '-'); p != NULL; p = strchr(p + 1, '-')) {
		k = bsearch(p + 1, output_keys, output_key_count, sizeof(output_keys[0]), cmp_key);
		if (k != NULL && k->suffix && p > key)
			return k;
	}
	return NULL;
}

enum output_key_kind
output_key_kind(const char *key)
{
	const struct output_key *k;

	/* The box's fingerprint (box-date, box-load ...) as the host's. */
	if (strncmp(key, "box-", 4) == 0)
		key += 4;
	k = output_key_find(key);
	return k != NULL ? k->kind : OUTPUT_KEY_CONFIG;
}

int
output_key_is_run_note(const char *key)
{
	return output_key_kind(key) == OUTPUT_KEY_RUN_NOTE;
}

void
output_run_note_keys(FILE *f)
{
	size_t i;
	int saved = errno;

	errno = 0;
	for (i = 0; i < output_key_count; i++)
		if (output_keys[i].kind == OUTPUT_KEY_RUN_NOTE)
			fprintf(f, "%s\n", output_keys[i].key);
	note_error(f, saved);
}

#define HIGHER 1
#define LOWER (-1)
#define CPU_END(end, what) \
	{ end "-%user", LOWER, 0, 0, "user CPU of " what ", % of its CPUs" }, \
	{ end "-%sys", LOWER, 0, 0, "system CPU of " what ", % of its CPUs" }, \
	{ end "-us/KB", LOWER, 0, 0, "CPU time of " what " per KB moved, in microseconds" }
#define CPU_IRQ(end, what) \
	{ end "-%irq", LOWER, 0, 0, "interrupt CPU of " what ", % of its CPUs" }, \
	{ end "-%softirq", LOWER, 0, 0, "soft-interrupt CPU of " what ", % of its CPUs" }

/* The box CPUs whose shares are reported one by one (lib/net/box.h's BOX_CPUS_SHOWN). */
#define BOX_CPUS 8

/*
 * Every unit a program writes but ns/op and MB/s, which benchstat knows.
 * README.md's "Result format" and hostbench(1) show this table; the
 * format test (tests/results/format-t.sh) fails on a unit of a run that
 * is not here.
 */
const struct output_unit output_units[] = {
	{ "%busiest", LOWER, 0, 0, "the box's busiest CPU: busy, %" },
	{ "%busiest-irq", LOWER, 0, 0, "the box's busiest CPU: interrupts, %" },
	{ "%busiest-softirq", LOWER, 0, 0, "the box's busiest CPU: soft interrupts, %" },
	{ "%busiest-sys", LOWER, 0, 0, "the box's busiest CPU: system, %" },
	{ "%cpuN-irq", LOWER, 0, BOX_CPUS, "the box's CPU N: interrupts, % of its time" },
	{ "%cpuN-softirq", LOWER, 0, BOX_CPUS, "the box's CPU N: soft interrupts, % of its time" },
	{ "%cpuN-sys", LOWER, 0, BOX_CPUS, "the box's CPU N: system, % of its time" },
	{ "%halfwidth", LOWER, 0, 0, "half-width of the confidence interval reached, % of the median" },
	{ "%loss", LOWER, 0, 0, "datagrams or probes lost, % of those sent" },
	{ "%peak", LOWER, 0, 0, "the box's busiest CPU at its busiest moment, %" },
	{ "%total", LOWER, 0, 0, "all the box's CPUs: busy, %" },
	{ "%total-softirq", LOWER, 0, 0, "all the box's CPUs: soft interrupts, %" },
	{ "%total-sys", LOWER, 0, 0, "all the box's CPUs: system, %" },
	{ "MHz", HIGHER, 0, 0, "CPU clock, from the time of dependent adds" },
	{ "Mbit/s", HIGHER, 0, 0, "bandwidth, 10^6 bits per second" },
	{ "at-ms", 0, 1, 0, "start of a bin of lat_load's series, ms into the load" },
	{ "best-ns/op", LOWER, 0, 0, "fastest pass of a sample, ns per load" },
	{ "bin-down-Mbit/s", HIGHER, 0, 0, "download rate in one bin of lat_load's series" },
	{ "bin-rtt-ns", LOWER, 0, 0, "median probe round trip in one bin of lat_load's series" },
	{ "bin-up-Mbit/s", HIGHER, 0, 0, "upload rate in one bin of lat_load's series" },
	{ "bytes-rcvbuf", 0, 1, 0, "receive buffer the server's kernel granted" },
	{ "bytes-sndbuf", 0, 1, 0, "send buffer the kernel granted" },
	{ "down-MB/s", HIGHER, 0, 0, "download rate under load, 10^6 bytes/s" },
	{ "down-Mbit/s", HIGHER, 0, 0, "download rate under load, 10^6 bits/s" },
	{ "files/s", HIGHER, 0, 0, "files created or deleted per second" },
	{ "irqs/s", LOWER, 0, 0, "interrupts per second on the box" },
	{ "jitter-us", LOWER, 0, 0, "UDP inter-arrival jitter (RFC 3550), microseconds" },
	{ "lN-bytes", 0, 1, 8, "size of cache level N (cache), or the reach of TLB level N (tlb)" },
	{ "lN-ns/op", LOWER, 0, 8, "a load's time at cache level N: the median of its plateau on the size curve" },
	{ "lN-pages", 0, 1, 4, "pages TLB level N maps" },
	{ "line-bytes", 0, 1, 0, "cache line size" },
	CPU_END("local", "this host (all its processes)"),
	CPU_IRQ("local", "this host"),
	CPU_END("local-own", "this end's own processes"),
	{ "lost", LOWER, 0, 0, "probes lost" },
	{ "max-ns", LOWER, 0, 0, "slowest of the run's single operations, ns" },
	{ "ns/fsync", LOWER, 0, 0, "time of the closing fsync, ns" },
	{ "ns/io-max", LOWER, 0, 0, "slowest single I/O, ns" },
	{ "ns/io-p50", LOWER, 0, 0, "median single I/O, ns" },
	{ "ns/io-p90", LOWER, 0, 0, "90th percentile of single I/Os, ns" },
	{ "ns/io-p99", LOWER, 0, 0, "99th percentile of single I/Os, ns" },
	{ "p50-ns", LOWER, 0, 0, "median of the run's single operations (round trips, sleeps), ns" },
	{ "p90-ns", LOWER, 0, 0, "90th percentile of the run's single operations, ns" },
	{ "p99-ns", LOWER, 0, 0, "99th percentile of the run's single operations, ns" },
	{ "pages", 0, 1, 0, "pages (a TLB level's size in old files)" },
	{ "pkts/s", HIGHER, 0, 0, "datagrams received per second" },
	CPU_END("remote", "the far end (all its processes)"),
	CPU_IRQ("remote", "the far end"),
	CPU_END("remote-own", "the far end's own server processes"),
	{ "samples", LOWER, 0, 0, "samples taken to reach the precision asked for" },
	{ "sent-MB/s", HIGHER, 0, 0, "UDP rate sent, 10^6 bytes/s" },
	{ "softnet-drops/s", LOWER, 0, 0, "packets the box's softnet backlog dropped per second" },
	{ "softnet-pkts/s", 0, 0, 0, "packets the box's softnet processed per second" },
	{ "softnet-squeezes/s", LOWER, 0, 0, "times per second the box's softnet ran out of budget" },
	{ "up-MB/s", HIGHER, 0, 0, "upload rate under load, 10^6 bytes/s" },
	{ "up-Mbit/s", HIGHER, 0, 0, "upload rate under load, 10^6 bits/s" },
	{ "x", HIGHER, 0, 0, "operations in flight at once (a ratio of times)" },
};

const size_t output_unit_count = sizeof(output_units) / sizeof(output_units[0]);

/*
 * A unit of a numbered pattern: "lN-" + rest (a cache or TLB level, 1 ..
 * levels) or "%cpuN-" + rest (a box's CPU, 0 .. levels - 1), N digits
 * in unit.  The number + 1 for a CPU, the level for a level; else 0.
 */
static unsigned
unit_level(const char *unit, const char *pattern, unsigned levels)
{
	size_t at = strcspn(pattern, "N");
	unsigned long n;
	char *end;
	int cpu = pattern[0] == '%';

	if (levels == 0 || pattern[at] == '\0' || strncmp(unit, pattern, at) != 0
	    || !isdigit((unsigned char)unit[at]))
		return 0;
	n = strtoul(unit + at, &end, 10) + (unsigned long)cpu;
	if (n < 1 || n > levels || strcmp(end, pattern + at + 1) != 0)
		return 0;
	return (unsigned)n;
}

const struct output_unit *
output_unit_find(const char *unit)
{
	size_t i;

	for (i = 0; i < output_unit_count; i++) {
		const struct output_unit *u = &output_units[i];

		/* A numbered pattern ("lN-bytes") is no unit of its own. */
		if ((u->levels == 0 && strcmp(unit, u->unit) == 0) || unit_level(unit, u->unit, u->levels) > 0)
			return u;
	}
	return NULL;
}

static void
unit_line(FILE *f, const struct output_unit *u, const char *unit)
{
	fprintf(f, "Unit %s%s%s\n", unit,
		u->better > 0 ? " better=higher" : u->better < 0 ? " better=lower" : "",
		u->exact ? " assume=exact" : u->better == 0 ? " assume=nothing" : "");
}

void
output_print_units(FILE *f)
{
	size_t i;
	int saved = errno;

	errno = 0;
	for (i = 0; i < output_unit_count; i++) {
		const struct output_unit *u = &output_units[i];

		fprintf(f, "%s\t%s\t%s\t%s\n", u->unit,
			u->better > 0 ? "higher" : u->better < 0 ? "lower" : "-",
			u->exact ? "exact" : "nothing", u->meaning);
	}
	note_error(f, saved);
}

void
output_unit_lines(FILE *f)
{
	size_t i;
	unsigned l;
	int saved = errno;

	errno = 0;
	for (i = 0; i < output_unit_count; i++) {
		const struct output_unit *u = &output_units[i];
		char unit[OUTPUT_MAX_UNIT];

		if (u->levels == 0)
			unit_line(f, u, u->unit);
		for (l = 1; l <= u->levels; l++) {
			size_t at = strcspn(u->unit, "N");

			snprintf(unit, sizeof(unit), "%.*s%u%s", (int)at, u->unit,
				 u->unit[0] == '%' ? l - 1 : l, u->unit + at + 1);
			unit_line(f, u, unit);
		}
	}
	note_error(f, saved);
}

/* Does name have the part "/<key>" (a whole part, or its "key=" start)? */
static const char *
name_part(const char *name, const char *key)
{
	size_t n = strlen(key);
	const char *p = strchr(name, '/');

	while (p != NULL) {
		if (strncmp(p + 1, key, n) == 0 && (p[1 + n] == '/' || p[1 + n] == '\0'
						     || key[n - 1] == '='))
			return p;
		p = strchr(p + 1, '/');
	}
	return NULL;
}

/* iname: name with part inserted at byte at (0: before a parallel "-N"). */
static int
insert_part(const char *name, size_t at, const char *part, char *iname, size_t nlen)
{
	int n = snprintf(iname, nlen, "%.*s/%s%s", (int)at, name, part, name + at);

	return n >= 0 && (size_t)n < nlen ? 1 : 0;
}

int
output_internal(const char *name, const char *unit, char *iname, size_t nlen,
		char *iunit, size_t ulen)
{
	static const char *const ends[] = { "local-own-", "remote-own-", "local-", "remote-" };
	static const char *const cpu[] = { "%user", "%sys", "%irq", "%softirq", "us/KB" };
	static const char *const box[] = {
		"%busiest", "%busiest-softirq", "%busiest-sys", "%busiest-irq", "%peak", "%total",
		"%total-softirq", "%total-sys",
		"softnet-pkts/s", "softnet-drops/s", "softnet-squeezes/s", "irqs/s"
	};
#define BOX_CPU_UNITS 8
	unsigned long copies;
	size_t len = metric_parallel(name, &copies), i;
	const char *u;
	unsigned l;

	snprintf(iname, nlen, "%s", name);
	snprintf(iunit, ulen, "%s", unit);
	/* A percentile of the run's single operations: "/stat=p50" in ns/op. */
	if ((unit[0] == 'p' && isdigit((unsigned char)unit[1])) || strncmp(unit, "max-", 4) == 0) {
		size_t n = strcspn(unit, "-");
		const char *at;
		char part[16];

		if (strcmp(unit + n, "-ns") != 0 || n >= 8 || name_part(name, "stat=") != NULL
		    || metric_fact_find(name, unit) != NULL)
			return 0;
		snprintf(part, sizeof(part), "stat=%.*s", (int)n, unit);
		/* lat_usleep's names have the statistic before the sleep asked for. */
		at = strncmp(name, "LatUsleep/", 10) == 0 ? name_part(name, "usec=") : NULL;
		snprintf(iunit, ulen, "ns/op");
		return insert_part(name, at != NULL ? (size_t)(at - name) : strlen(name), part, iname,
				   nlen);
	}
	/* An end's CPU: "/cpu=<end>", before a parallel result's "-N". */
	for (i = 0; i < sizeof(ends) / sizeof(ends[0]); i++) {
		size_t n = strlen(ends[i]), k;
		char part[24];

		if (strncmp(unit, ends[i], n) != 0)
			continue;
		for (k = 0; k < sizeof(cpu) / sizeof(cpu[0]); k++)
			if (strcmp(unit + n, cpu[k]) == 0)
				break;
		if (k == sizeof(cpu) / sizeof(cpu[0]) || name_part(name, "cpu=") != NULL)
			return 0;
		snprintf(part, sizeof(part), "cpu=%.*s", (int)n - 1, unit);
		snprintf(iunit, ulen, "%s", cpu[k]);
		return insert_part(name, len, part, iname, nlen);
	}
	if ((strcmp(unit, "bytes-sndbuf") == 0 || strcmp(unit, "bytes-rcvbuf") == 0)
	    && name_part(name, "sockbuf=") == NULL)
		return insert_part(name, len, "sockbuf=granted", iname, nlen);
	/* The box's (a router's) CPU and packet rates while the traffic passed; each of its CPUs'. */
	if (name_part(name, "box=") == NULL && strncmp(unit, "%cpu", 4) == 0 && output_unit_find(unit) != NULL)
		return insert_part(name, len, "box=cpu", iname, nlen);
	for (i = 0; i < sizeof(box) / sizeof(box[0]); i++)
		if (strcmp(unit, box[i]) == 0 && name_part(name, "box=") == NULL)
			return insert_part(name, len, i < BOX_CPU_UNITS ? "box=cpu" : "box=net", iname, nlen);
	/* What cache and tlb found: the line and each level. */
	if (strcmp(name, "Cache") == 0 && strcmp(unit, "line-bytes") == 0) {
		snprintf(iname, nlen, "Line");
		snprintf(iunit, ulen, "bytes");
		return 1;
	}
	if (strcmp(name, "Cache") != 0 && strcmp(name, "Tlb") != 0)
		return 0;
	u = NULL;
	l = 0;
	for (i = 0; i < output_unit_count && u == NULL; i++)
		if ((l = unit_level(unit, output_units[i].unit, output_units[i].levels)) > 0)
			u = output_units[i].unit;
	if (u == NULL)
		return 0;
	snprintf(iname, nlen, "%s/level=%u", name, l);
	snprintf(iunit, ulen, "%s", u + 3);
	return 1;
}

/* The line "key: value", or "# key: value" (note), of the value fmt
 * and ap, cut to fit and kept on one line. */
static int put_line(FILE *f, int note, const char *key, const char *fmt, va_list ap) HB_PRINTF(4, 0);

static int
put_line(FILE *f, int note, const char *key, const char *fmt, va_list ap)
{
	char value[OUTPUT_MAX_VALUE];
	char *p;
	int n, saved;

	if (!valid_key(key)) {
		errno = EINVAL;
		return -1;
	}
	n = vsnprintf(value, sizeof(value), fmt, ap);
	if (n >= (int)sizeof(value))
		memcpy(value + sizeof(value) - 4, "...", 4);
	/* A value is one line: a newline would start a bogus record. */
	for (p = value; *p != '\0'; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	saved = errno;
	errno = 0;
	/* An empty value clears the key: "key:" alone, as the format has it. */
	fprintf(f, "%s%s:%s%s\n", note ? "# " : "", key, value[0] != '\0' ? " " : "", value);
	note_error(f, saved);
	return 0;
}

int
output_config(FILE *f, const char *key, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = put_line(f, output_key_kind(key) != OUTPUT_KEY_CONFIG, key, fmt, ap);
	va_end(ap);
	return r;
}

char *
output_date(char *buf, size_t len, time_t t)
{
	/*
	 * The civil date of a day count, by hand: gmtime_r would bring a
	 * static program the C library's time zone code.  Days are counted
	 * from 0000-03-01 in eras of 400 years (146097 days), so that a
	 * leap day is the last of its year.
	 */
	long long secs = (long long)t, days, era;
	unsigned sod, doe, yoe, doy, mp, mon, day;
	long long year;

	if (t == (time_t)-1) {
		snprintf(buf, len, "unknown");
		return buf;
	}
	days = secs / 86400;
	if (secs % 86400 < 0)
		days--;
	sod = (unsigned)(secs - days * 86400);
	days += 719468;		/* from 0000-03-01 to 1970-01-01 */
	era = (days >= 0 ? days : days - 146096) / 146097;
	doe = (unsigned)(days - era * 146097);
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;	/* March 0 .. February 11 */
	day = doy - (153 * mp + 2) / 5 + 1;
	mon = mp < 10 ? mp + 3 : mp - 9;
	year = era * 400 + yoe + (mon <= 2);
	snprintf(buf, len, "%04lld-%02u-%02uT%02u:%02u:%02uZ", year, mon, day, sod / 3600,
		 sod / 60 % 60, sod % 60);
	return buf;
}

int
output_note(FILE *f, const char *key, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = put_line(f, 1, key, fmt, ap);
	va_end(ap);
	return r;
}

void
output_sample_pairs(FILE *f, const char *name, uint64_t iters,
		    const double *values, const char *const *units, size_t n)
{
	char v[64];
	size_t i;
	int saved = errno;

	errno = 0;
	fprintf(f, "Benchmark%s\t%12llu", name, (unsigned long long)iters);
	for (i = 0; i < n && i < OUTPUT_MAX_PAIRS; i++)
		fprintf(f, "\t%14s %s", output_format_value(v, sizeof(v), values[i]), units[i]);
	fputc('\n', f);
	note_error(f, saved);
}

void
output_sample(FILE *f, const char *name, uint64_t iters, double value,
	      const char *unit)
{
	const double values[1] = { value };
	const char *const units[1] = { unit };

	output_sample_pairs(f, name, iters, values, units, 1);
}

void
output_text(FILE *f, const char *name, const struct stats *s, const char *unit)
{
	char med[64], lo[64], hi[64];
	int saved = errno;

	output_format_value(med, sizeof(med), s->median);
	output_format_value(lo, sizeof(lo), s->ci_lo);
	output_format_value(hi, sizeof(hi), s->ci_hi);
	/* The interval's own coverage (93.8% for 5 samples, 98.8% for 11):
	 * order statistics reach only some levels. */
	errno = 0;
	fprintf(f, "%-36s %12s %-6s %.1f%% CI %s .. %s  (±%.1f%%, cv %.1f%%, n=%lu)\n",
		name, med, unit, s->ci_level * 100,
		lo, hi, stats_ci_halfwidth_pct(s), s->cv * 100, (unsigned long)s->n);
	note_error(f, saved);
}

static int
copy_field(char *dst, size_t len, const char *src, size_t n)
{
	if (n >= len)
		return -1;
	memcpy(dst, src, n);
	dst[n] = '\0';
	return 0;
}

static int
parse_result(const char *line, struct output_line *l)
{
	const char *p = line, *tok;
	char *end;
	size_t n;

	/* The name: "Benchmark" then a non-blank run. */
	tok = p + strlen("Benchmark");
	n = strcspn(tok, " \t\r\n");
	if (copy_field(l->name, sizeof(l->name), tok, n) != 0)
		return -1;
	p = tok + n;
	if (*p != ' ' && *p != '\t')
		return -1;
	while (*p == ' ' || *p == '\t')
		p++;
	if (!isdigit((unsigned char)*p))
		return -1;
	errno = 0;
	l->iters = strtoull(p, &end, 10);
	if (errno != 0 || (*end != ' ' && *end != '\t'))
		return -1;
	p = end;
	l->npairs = 0;
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\0' || *p == '\n' || *p == '\r')
			break;
		if (l->npairs == OUTPUT_MAX_PAIRS)
			return -1;
		errno = 0;
		l->val[l->npairs] = strtod(p, &end);
		if (end == p || (*end != ' ' && *end != '\t'))
			return -1;
		/* Out of range (an underflow is a number near 0, and kept). */
		if (!isfinite(l->val[l->npairs]) && l->bad_value == 0)
			l->bad_value = l->npairs + 1;
		p = end;
		while (*p == ' ' || *p == '\t')
			p++;
		n = strcspn(p, " \t\r\n");
		if (n == 0 || copy_field(l->unit[l->npairs], sizeof(l->unit[0]), p, n) != 0)
			return -1;
		p += n;
		l->npairs++;
	}
	return l->npairs > 0 ? 0 : -1;
}

int
output_parse_line(const char *line, struct output_line *l)
{
	const char *colon;
	size_t n;

	memset(l, 0, sizeof(*l));
	l->kind = OUTPUT_LINE_OTHER;
	if (strncmp(line, "Benchmark", 9) == 0 && isupper((unsigned char)line[9])) {
		l->kind = OUTPUT_LINE_RESULT;
		if (parse_result(line, l) != 0) {
			l->kind = OUTPUT_LINE_OTHER;
			return -1;
		}
		return 0;
	}
	/* A run note, "# key: value", reads as the configuration line it notes. */
	if (line[0] == '#' && line[1] == ' ' && islower((unsigned char)line[2])) {
		line += 2;
		l->run_note = 1;
	}
	/* A configuration line: lower-case key, colon, then a blank or the end. */
	if (!islower((unsigned char)line[0]))
		return 0;
	colon = strchr(line, ':');
	if (colon == NULL || (colon[1] != ' ' && colon[1] != '\t' && colon[1] != '\0'
			      && colon[1] != '\n' && colon[1] != '\r'))
		return 0;
	n = (size_t)(colon - line);
	if (copy_field(l->key, sizeof(l->key), line, n) != 0 || !valid_key(l->key)) {
		l->key[0] = '\0';
		return 0;
	}
	colon++;
	while (*colon == ' ' || *colon == '\t')
		colon++;
	n = strcspn(colon, "\r\n");
	if (n >= sizeof(l->value)) {
		n = sizeof(l->value) - 4;
		memcpy(l->value + n, "...", 4);
	} else {
		l->value[n] = '\0';
	}
	memcpy(l->value, colon, n);
	l->kind = OUTPUT_LINE_CONFIG;
	return 0;
}

char *
output_size_name(char *buf, size_t len, uint64_t bytes)
{
	static const struct {
		unsigned shift;
		char suffix;
	} units[] = { { 30, 'G' }, { 20, 'M' }, { 10, 'K' } };
	size_t i;

	if (len == 0)
		return buf;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		uint64_t unit = (uint64_t)1 << units[i].shift;

		if (bytes >= unit && bytes % unit == 0) {
			snprintf(buf, len, "%" PRIu64 "%c", bytes / unit,
				 units[i].suffix);
			return buf;
		}
	}
	snprintf(buf, len, "%" PRIu64, bytes);
	return buf;
}
