/*
 * output: the result format (Go benchmark data format) and the text summary.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msg.h"
#include "output.h"

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
 * Keys whose values differ between two runs of one setup: when they were
 * taken (date, round), what the machine was doing (load, cpu-mhz), what
 * a run measured on the side (overhead, lateness, cycle, udp totals,
 * granted buffers, I/O latency, page faults), its outcome (status,
 * precision), and temporary paths and server ports.  benchstat groups
 * results by every configuration line: one of these as a configuration
 * line would keep it from comparing two runs at all.  So they are written
 * as run notes, "# key: value", a line benchstat skips and the results
 * tool reads as it reads a configuration line.  Sorted (bsearch).
 */
static const char *const run_note_keys[] = {
	"ab-side", "ab-state", "best-chains", "clock", "clock-resolution", "cpu-mhz",
	"cpuinfo-mhz", "cycle", "date", "dir", "file", "huge-pages", "input",
	"io-latency", "lateness", "load", "mhz-xor", "note", "output", "overhead",
	"page-faults", "precision", "received", "round", "server", "socket-buffer",
	"status", "udp", "udp-short",
};

static int
cmp_key(const void *a, const void *b)
{
	return strcmp(a, *(const char *const *)b);
}

int
output_key_is_run_note(const char *key)
{
	/* The box's fingerprint (box-date, box-load ...) as the host's. */
	if (strncmp(key, "box-", 4) == 0)
		key += 4;
	return bsearch(key, run_note_keys, sizeof(run_note_keys) / sizeof(run_note_keys[0]),
		       sizeof(run_note_keys[0]), cmp_key) != NULL;
}

int
output_config(FILE *f, const char *key, const char *fmt, ...)
{
	char value[OUTPUT_MAX_VALUE];
	va_list ap;
	char *p;
	int n, saved;

	if (!valid_key(key)) {
		errno = EINVAL;
		return -1;
	}
	va_start(ap, fmt);
	n = vsnprintf(value, sizeof(value), fmt, ap);
	va_end(ap);
	if (n >= (int)sizeof(value))
		memcpy(value + sizeof(value) - 4, "...", 4);
	/* A value is one line: a newline would start a bogus record. */
	for (p = value; *p != '\0'; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	saved = errno;
	errno = 0;
	/* An empty value clears the key: "key:" alone, as the format has it. */
	fprintf(f, "%s%s:%s%s\n", output_key_is_run_note(key) ? "# " : "", key, value[0] != '\0' ? " " : "",
		value);
	note_error(f, saved);
	return 0;
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
