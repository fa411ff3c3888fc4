/*
 * resfile_lm3: reading lmbench3's result files (see resfile.h).
 *
 * lmbench3 files are turned into hostbench's names and units here, so that
 * one metric table serves both.  The map, from LMBENCH.md:
 *
 *   "Simple syscall: X microseconds"      LatSyscall/op=null (and read,
 *                                         write, stat, fstat, open/close)
 *   "Select on N [tcp ]fd's:"             LatSelect/type=file|tcp/n=N
 *   "Signal handler installation|overhead:", "Protection fault:"
 *                                         LatSig/op=install|catch|prot
 *   "Process fork+exit|fork+execve|fork+/bin/sh -c:", "Procedure call:"
 *                                         LatProc/op=fork|exec|shell|procedure
 *   "<type> <op>: X nanoseconds"          LatOps/type=int|int64|float|double/op=...
 *   "<type> <op> parallelism: X"          ParOps/... (unit x)
 *   "Pipe latency:", "AF_UNIX sock stream latency:", "UDP|TCP latency using
 *   H:", "RPC/udp|tcp latency using H:", "TCP/IP connection cost to H:"
 *                                         LatPipe, LatUnix, LatUdp, LatTcp,
 *                                         LatRpc/proto=udp|tcp, LatConnect
 *                                         (+ /peer=remote unless H is localhost)
 *   "Pagefaults on FILE:"                 LatPagefault
 *   "Pipe bandwidth:", "AF_UNIX sock stream bandwidth:"   BwPipe, BwUnix
 *   "tlb: N pages"                        Tlb (pages)
 *   "STREAM[2] op bandwidth:"             Stream/op=, Stream2/op=
 *   blocks (size in MB, value):
 *   "stride=N under "Memory|Random load latency"
 *                                         LatMemRd/order=stride|random/stride=N/size=S
 *   "size=Nk ovr=O" (procs, us)           LatCtx/size=NK/procs=P
 *   "mappings (MB, us)                    LatMmap/size=S
 *   "File system latency (size n c/s d/s) LatFs/op=create|delete/size=S
 *   "read bandwidth, "read open2close bandwidth
 *                                         BwFileRd/op=io_only|open2close/size=S
 *   "Mmap read bandwidth, "Mmap read open2close bandwidth
 *                                         BwMmapRd/op=mmap_only|open2close/size=S
 *   "libc bcopy unaligned, "unrolled bcopy unaligned, Memory read|write|bzero
 *   bandwidth                             BwMem/op=bcopy|fcp|frd|fwr|bzero/size=S
 *   Socket bandwidth using H              BwTcp/size=S
 *   Memory load parallelism               ParMem/size=S (unit x)
 *   [MHZ: N MHz, ...], [LINE_SIZE: N]     Mhz (MHz), Line (bytes)
 *
 * Left out on purpose: lmbench's "partial" bw_mem blocks and "unrolled
 * partial bcopy" (they touch one word in four but count all), STREAM v1
 * "add" (counts three arrays' traffic for a one-array kernel), "libc bcopy
 * aligned", the STREAM latency lines and lmdd's "File ... write bandwidth"
 * (its KB is not documented).
 *
 * The run being built is resfile.c's (resfile_int.h).
 */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/output.h"
#include "core/utf8.h"
#include "read/resfile.h"
#include "read/resfile_int.h"

/* "size=" + the byte count as names write it ("0K" for nothing).  Returns
 * 0, or -1 for a count no uint64_t holds (NaN, 2e99: a garbled line, to
 * be skipped; converting it would be undefined). */
static int
size_part(char *buf, size_t len, double bytes)
{
	char sz[32];

	if (!(bytes < 18446744073709551616.0))	/* 2^64 */
		return -1;
	if (bytes < 0.5)
		snprintf(sz, sizeof(sz), "0K");
	else
		output_size_name(sz, sizeof(sz), (uint64_t)(bytes + 0.5));
	snprintf(buf, len, "size=%s", sz);
	return 0;
}

/* MB (10^6) as lmbench prints it, rounded to 2 decimals: a power of two
 * within 0.5% is what was meant ("1.05" = 1 MiB). */
static double
bytes_1e6(double mb)
{
	double b = floor(mb * 1e6 + 0.5), p2;

	if (b < 1)
		return b;
	p2 = pow(2.0, floor(log(b) / log(2.0) + 0.5));
	return fabs(p2 - b) <= 0.005 * b ? p2 : b;
}

/* lat_mem_rd's MB are 2^20 and 5 decimals: its sizes are multiples of 512. */
static double
bytes_2e20(double mb)
{
	double b = floor(mb * 1048576.0 / 512.0 + 0.5) * 512.0;

	return b < 512 ? 512 : b;
}

/* The leading numbers of a line (up to n; a unit word may follow): how many. */
static int
numbers(const char *s, double *v, int n)
{
	int k = 0;
	char *end;

	while (*s != '\0') {
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0')
			break;
		if (k == n)
			break;
		v[k] = strtod(s, &end);
		if (end == s)
			break;
		/* The file system block's first field: "10k". */
		if (*end == 'k' || *end == 'K')
			v[k] *= 1024, end++;
		if (*end != '\0' && *end != ' ' && *end != '\t')
			break;
		k++;
		s = end;
	}
	return k;
}

static int
lm_add(struct resfile_parser *p, const char *name, const char *unit, double v)
{
	/* lmbench prints 0.00 for a loop the compiler deleted: blank, not 0. */
	if (!(v > 0) || !isfinite(v))
		return 0;
	/* Each of lmbench's lines comes from a process of its own. */
	p->from++;
	return resfile_add_sample(p, name, unit, v);
}

static int
lm_block(struct resfile_parser *p, const char *line)
{
	static const struct {
		const char *title, *name;
	} curves[] = {
		{ "read bandwidth", "BwFileRd/op=io_only" },
		{ "read open2close bandwidth", "BwFileRd/op=open2close" },
		{ "mmap read bandwidth", "BwMmapRd/op=mmap_only" },
		{ "mmap read open2close bandwidth", "BwMmapRd/op=open2close" },
		{ "libc bcopy unaligned", "BwMem/op=bcopy" },
		{ "unrolled bcopy unaligned", "BwMem/op=fcp" },
		{ "memory read bandwidth", "BwMem/op=frd" },
		{ "memory write bandwidth", "BwMem/op=fwr" },
		{ "memory bzero bandwidth", "BwMem/op=bzero" },
	};
	const char *t = p->title;
	char name[OUTPUT_MAX_NAME], sz[48];
	double v[4];
	int n = numbers(line, v, 4);
	size_t i;

	if (n < 2)
		return 0;
	if (strncmp(t, "stride=", 7) == 0 && n == 2) {
		int random = strcmp(p->context, "random load latency") == 0;

		if (size_part(sz, sizeof(sz), bytes_2e20(v[0])) != 0)
			return 0;
		snprintf(name, sizeof(name), "LatMemRd/order=%s/stride=%ld/%s",
			 random ? "random" : "stride", strtol(t + 7, NULL, 10), sz);
		return lm_add(p, name, "ns/op", v[1]);
	}
	if (strncmp(t, "size=", 5) == 0 && strstr(t, "ovr=") != NULL && n == 2) {
		if (size_part(sz, sizeof(sz), strtod(t + 5, NULL) * 1024) != 0)
			return 0;
		snprintf(name, sizeof(name), "LatCtx/%s/procs=%.0f", sz, v[0]);
		return lm_add(p, name, "ns/op", v[1] * 1e3);
	}
	if (strcmp(t, "mappings") == 0 && n == 2) {
		if (size_part(sz, sizeof(sz), bytes_1e6(v[0])) != 0)
			return 0;
		snprintf(name, sizeof(name), "LatMmap/%s", sz);
		return lm_add(p, name, "ns/op", v[1] * 1e3);
	}
	if (strcmp(t, "file system latency") == 0 && n == 4) {
		if (size_part(sz, sizeof(sz), v[0]) != 0)
			return 0;
		for (i = 0; i < 2; i++) {
			double rate = v[2 + i];

			if (!(rate > 0))
				continue;
			snprintf(name, sizeof(name), "LatFs/op=%s/%s", i ? "delete" : "create", sz);
			if (lm_add(p, name, "ns/op", 1e9 / rate) != 0
			    || lm_add(p, name, "files/s", rate) != 0)
				return -1;
		}
		return 0;
	}
	if (strncmp(t, "socket bandwidth using ", 23) == 0 && n >= 2) {
		int local = strcmp(t + 23, "localhost") == 0;

		if (size_part(sz, sizeof(sz), bytes_1e6(v[0])) != 0)
			return 0;
		snprintf(name, sizeof(name), "BwTcp%s/%s", local ? "" : "/peer=remote", sz);
		if (bytes_1e6(v[0]) > p->tcp_sweep[!local])
			p->tcp_sweep[!local] = bytes_1e6(v[0]);
		return lm_add(p, name, "MB/s", v[1]);
	}
	if (strcmp(t, "memory load parallelism") == 0 && n == 2) {
		if (size_part(sz, sizeof(sz), bytes_1e6(v[0])) != 0)
			return 0;
		snprintf(name, sizeof(name), "ParMem/%s", sz);
		return lm_add(p, name, "x", v[1]);
	}
	for (i = 0; i < HB_ARRAY_SIZE(curves); i++)
		if (strcmp(t, curves[i].title) == 0 && n == 2) {
			if (size_part(sz, sizeof(sz), bytes_1e6(v[0])) != 0)
				return 0;
			snprintf(name, sizeof(name), "%s/%s", curves[i].name, sz);
			return lm_add(p, name, "MB/s", v[1]);
		}
	return 0;
}

/*
 * Match line against pattern, where one '*' stands for a non-empty run
 * without ':'.  On a match, *rest points after it and the '*' text is in
 * cap.
 */
static int
match(const char *line, const char *pat, char *cap, size_t caplen, const char **rest)
{
	const char *star = strchr(pat, '*');
	size_t pre = star ? (size_t)(star - pat) : strlen(pat);
	const char *s, *found;

	if (strncmp(line, pat, pre) != 0)
		return 0;
	if (star == NULL) {
		*rest = line + pre;
		cap[0] = '\0';
		return 1;
	}
	s = line + pre;
	found = strstr(s, star + 1);
	if (found == NULL || found == s || (size_t)(found - s) >= caplen
	    || memchr(s, ':', (size_t)(found - s)) != NULL)
		return 0;
	memcpy(cap, s, (size_t)(found - s));
	cap[found - s] = '\0';
	*rest = found + strlen(star + 1);
	return 1;
}

/* CAP_COUNT: the count the star matched ends the name. */
enum lm_cap { CAP_NONE, CAP_COUNT, CAP_HOST };

static const struct lm_prose {
	const char *pattern;
	const char *name;
	enum lm_cap cap;
	double factor;
} prose[] = {
	{ "Simple syscall:", "LatSyscall/op=null", CAP_NONE, 1 },
	{ "Simple read:", "LatSyscall/op=read", CAP_NONE, 1 },
	{ "Simple write:", "LatSyscall/op=write", CAP_NONE, 1 },
	{ "Simple stat:", "LatSyscall/op=stat", CAP_NONE, 1 },
	{ "Simple fstat:", "LatSyscall/op=fstat", CAP_NONE, 1 },
	{ "Simple open/close:", "LatSyscall/op=open", CAP_NONE, 1 },
	{ "Select on * tcp fd's:", "LatSelect/type=tcp/n=", CAP_COUNT, 1 },
	{ "Select on * fd's:", "LatSelect/type=file/n=", CAP_COUNT, 1 },
	{ "Signal handler installation:", "LatSig/op=install", CAP_NONE, 1 },
	{ "Signal handler overhead:", "LatSig/op=catch", CAP_NONE, 1 },
	{ "Protection fault:", "LatSig/op=prot", CAP_NONE, 1 },
	{ "Pipe latency:", "LatPipe", CAP_NONE, 1 },
	{ "AF_UNIX sock stream latency:", "LatUnix", CAP_NONE, 1 },
	{ "Process fork+exit:", "LatProc/op=fork", CAP_NONE, 1 },
	{ "Process fork+execve:", "LatProc/op=exec", CAP_NONE, 1 },
	{ "Process fork+/bin/sh -c:", "LatProc/op=shell", CAP_NONE, 1 },
	{ "Procedure call:", "LatProc/op=procedure", CAP_NONE, 1 },
	{ "Pagefaults on *:", "LatPagefault", CAP_NONE, 1 },
	{ "UDP latency using *:", "LatUdp", CAP_HOST, 1 },
	{ "TCP latency using *:", "LatTcp", CAP_HOST, 1 },
	{ "RPC/udp latency using *:", "LatRpc/proto=udp", CAP_HOST, 1 },
	{ "RPC/tcp latency using *:", "LatRpc/proto=tcp", CAP_HOST, 1 },
	{ "TCP/IP connection cost to *:", "LatConnect", CAP_HOST, 1 },
	{ "Pipe bandwidth:", "BwPipe", CAP_NONE, 1 },
	{ "AF_UNIX sock stream bandwidth:", "BwUnix", CAP_NONE, 1 },
	/* lmbench's lat_sem reports half a round trip; hostbench the whole. */
	{ "Semaphore latency:", "LatSem", CAP_NONE, 2 },
	{ "Fcntl lock latency:", "LatFcntl", CAP_NONE, 1 },
	{ "tlb:", "Tlb", CAP_NONE, 1 },
	{ "STREAM copy bandwidth:", "Stream/op=copy", CAP_NONE, 1 },
	{ "STREAM scale bandwidth:", "Stream/op=scale", CAP_NONE, 1 },
	{ "STREAM triad bandwidth:", "Stream/op=triad", CAP_NONE, 1 },
	{ "STREAM2 fill bandwidth:", "Stream2/op=fill", CAP_NONE, 1 },
	{ "STREAM2 copy bandwidth:", "Stream2/op=copy", CAP_NONE, 1 },
	{ "STREAM2 daxpy bandwidth:", "Stream2/op=daxpy", CAP_NONE, 1 },
	{ "STREAM2 sum bandwidth:", "Stream2/op=sum", CAP_NONE, 1 },
};

/* "X microseconds" etc.: the value in hostbench's unit, or -1 if unknown. */
static int
lm_value(const char *s, double factor, double *v, const char **unit)
{
	static const struct {
		const char *word, *unit;
		double scale;
	} units[] = {
		{ "microseconds", "ns/op", 1e3 },
		{ "nanoseconds", "ns/op", 1 },
		{ "MB/sec", "MB/s", 1 },
		{ "pages", "pages", 1 },
		{ "", "x", 1 },		/* a bare number: parallelism */
	};
	char *end;
	size_t i;

	*v = strtod(s, &end);
	if (end == s)
		return -1;
	while (*end == ' ' || *end == '\t')
		end++;
	for (i = 0; i < HB_ARRAY_SIZE(units); i++)
		if (strcmp(end, units[i].word) == 0) {
			*v *= units[i].scale * factor;
			*unit = units[i].unit;
			return 0;
		}
	return -1;
}

/* "integer add: 0.75 nanoseconds", "float mul parallelism: 6.20". */
static int
lm_ops(struct resfile_parser *p, const char *line, int *handled)
{
	static const struct {
		const char *word, *type;
	} types[] = {
		{ "integer ", "int" }, { "int64 ", "int64" }, { "uint64 ", "int64" },
		{ "float ", "float" }, { "double ", "double" },
	};
	static const char *const ops[] = { "bit", "add", "mul", "div", "mod", "bogomflops" };
	char name[OUTPUT_MAX_NAME];
	const char *s, *unit;
	size_t i, j, n;
	double v;

	*handled = 0;
	for (i = 0; i < HB_ARRAY_SIZE(types); i++)
		if (strncmp(line, types[i].word, strlen(types[i].word)) == 0)
			break;
	if (i == HB_ARRAY_SIZE(types))
		return 0;
	s = line + strlen(types[i].word);
	for (j = 0; j < HB_ARRAY_SIZE(ops); j++) {
		n = strlen(ops[j]);
		if (strncmp(s, ops[j], n) == 0 && (s[n] == ':' || s[n] == ' '))
			break;
	}
	if (j == HB_ARRAY_SIZE(ops))
		return 0;
	s += strlen(ops[j]);
	if (strncmp(s, " parallelism:", 13) == 0) {
		snprintf(name, sizeof(name), "ParOps/type=%s/op=%s", types[i].type,
			 j == 5 ? "bogo" : ops[j]);
		s += 13;
	} else if (*s == ':') {
		snprintf(name, sizeof(name), "LatOps/type=%s/op=%s", types[i].type,
			 j == 5 ? "bogo" : ops[j]);
		s++;
	} else {
		return 0;
	}
	if (lm_value(s, 1, &v, &unit) != 0)
		return 0;
	if ((strncmp(name, "Par", 3) == 0) != (strcmp(unit, "x") == 0))
		return 0;
	*handled = 1;
	return lm_add(p, name, unit, v);
}

static int
lm_prose(struct resfile_parser *p, const char *line, int *handled)
{
	char cap[128], name[OUTPUT_MAX_NAME];
	const char *rest, *unit;
	size_t i;
	double v;

	if (lm_ops(p, line, handled) != 0)
		return -1;
	if (*handled)
		return 0;
	for (i = 0; i < HB_ARRAY_SIZE(prose); i++) {
		const struct lm_prose *e = &prose[i];

		if (!match(line, e->pattern, cap, sizeof(cap), &rest))
			continue;
		if (e->cap == CAP_COUNT && (cap[0] == '\0' || cap[strspn(cap, "0123456789")] != '\0'))
			continue;
		if (lm_value(rest, e->factor, &v, &unit) != 0)
			continue;
		if (strcmp(unit, "x") == 0)
			continue;
		if (e->cap == CAP_COUNT)
			snprintf(name, sizeof(name), "%s%s", e->name, cap);
		else if (e->cap == CAP_HOST && strcmp(cap, "localhost") != 0)
			snprintf(name, sizeof(name), "%s/peer=remote", e->name);
		else
			snprintf(name, sizeof(name), "%s", e->name);
		*handled = 1;
		return lm_add(p, name, unit, v);
	}
	return 0;
}

/* Copy src into dst[len], cut short if need be. */
static void
copy_str(char *dst, size_t len, const char *src)
{
	/* Cut on a character's boundary: the text stays UTF-8. */
	size_t n = utf8_fit(src, strlen(src), len - 1);

	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* "[KEY: value]": the header's keys mapped to hostbench's. */
static int
lm_header(struct resfile_parser *p, const char *line)
{
	static const struct {
		const char *lm, *key;
	} keys[] = {
		{ "HOSTNAME", "host" }, { "MACHINE", "arch" }, { "OS", "platform" },
		{ "PROCESSORS", "cpus" }, { "SYNC_MAX", "parallel" },
		{ "LMBENCH VERSION", "lmbench" },
	};
	char key[64], value[OUTPUT_MAX_VALUE], hb[80];
	const char *colon, *close;
	size_t n, i;

	close = strrchr(line, ']');
	if (close == NULL)
		close = line + strlen(line);
	colon = strchr(line, ':');
	n = colon ? (size_t)(colon - line - 1) : 0;
	/* Keys are upper case with '_' or ' '; the date and uptime are not. */
	if (colon == NULL || n == 0 || n >= sizeof(key) || colon > close
	    || strspn(line + 1, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_ ") != n) {
		const char *la = strstr(line, "load average:");

		if (la != NULL) {
			char buf[32];

			snprintf(buf, sizeof(buf), "%.2f", strtod(la + 13, NULL));
			resfile_note_load(p, buf);
			return resfile_set_config(p, "load", buf);
		}
		if (!p->have_date && strncmp(line, "[lmbench", 8) != 0 && line[1] != ' '
		    && isupper((unsigned char)line[1])) {
			p->have_date = 1;
			n = utf8_fit(line + 1, (size_t)(close - line - 1), sizeof(value) - 1);
			memcpy(value, line + 1, n);
			value[n] = '\0';
			return resfile_set_config(p, "date", value);
		}
		return 0;
	}
	memcpy(key, line + 1, n);
	key[n] = '\0';
	colon++;
	while (*colon == ' ')
		colon++;
	n = colon < close ? utf8_fit(colon, (size_t)(close - colon), sizeof(value) - 1) : 0;
	memcpy(value, colon, n);
	value[n] = '\0';
	while (n > 0 && value[n - 1] == ' ')
		value[--n] = '\0';
	if (n == 0)
		return 0;
	if (strcmp(key, "MHZ") == 0) {
		double mhz = strtod(value, NULL);

		snprintf(hb, sizeof(hb), "%.0f", mhz);
		if (resfile_set_config(p, "cpu-mhz", hb) != 0)
			return -1;
		return lm_add(p, "Mhz", "MHz", mhz);
	}
	if (strcmp(key, "LINE_SIZE") == 0 && lm_add(p, "Line", "bytes", strtod(value, NULL)) != 0)
		return -1;
	if (strcmp(key, "SYSNAME") == 0)
		copy_str(p->sysname, sizeof(p->sysname), value);
	if (strcmp(key, "RELEASE") == 0)
		copy_str(p->release, sizeof(p->release), value);
	for (i = 0; i < HB_ARRAY_SIZE(keys); i++)
		if (strcmp(key, keys[i].lm) == 0)
			return resfile_set_config(p, keys[i].key, value);
	snprintf(hb, sizeof(hb), "lmbench-");
	resfile_lower(hb + 8, sizeof(hb) - 8, key);
	for (i = 8; hb[i] != '\0'; i++)
		if (hb[i] == '_' || hb[i] == ' ')
			hb[i] = '-';
	return resfile_set_config(p, hb, value);
}

int
resfile_lm3_line(struct resfile_parser *p, const char *line)
{
	int handled;

	if (*line == '\0') {
		p->title[0] = '\0';
		return 0;
	}
	if (*line == '[')
		return lm_header(p, line);
	if (isdigit((unsigned char)*line) || *line == '.')
		return p->title[0] ? lm_block(p, line) : 0;
	if (lm_prose(p, line, &handled) != 0)
		return -1;
	if (handled)
		return 0;
	if (*line == '"') {
		resfile_lower(p->title, sizeof(p->title), line + 1);
	} else {
		resfile_lower(p->title, sizeof(p->title), line);
		resfile_lower(p->context, sizeof(p->context), line);
	}
	return 0;
}

/*
 * lmbench's TCP bandwidth sweep goes from 1 byte to 10M messages
 * (bw_tcp -m 10M); the summary's TCP bandwidth is its largest.  A sweep
 * that ended before (the server died, the run was stopped) would table
 * a small message's rate as the TCP bandwidth: its results are dropped,
 * and a flag says so.  "10M" is 10485760 bytes where lmbench's bytes()
 * reads M as 2^20 (3alpha4: "10.485760 ... MB/sec") and 10000000 where
 * it reads M as 10^6 (the 3.0-a9 release: "10.000000 ... MB/sec"); both
 * end a whole sweep, so the smaller is the mark.
 */
#define LM_TCP_SWEEP_LAST 10000000.0

static int
drop_sweep(struct resfile_parser *p, int remote)
{
	struct resfile_run *r = p->r;
	const char *prefix = remote ? "BwTcp/peer=remote/size=" : "BwTcp/size=";
	char sz[32];
	size_t i, k = 0;

	for (i = 0; i < r->nresults; i++) {
		struct resfile_result *x = &r->results[i];

		if (strncmp(x->name, prefix, strlen(prefix)) == 0) {
			free(x->name);
			free(x->unit);
			free(x->v);
			free(x->from);
			continue;
		}
		r->results[k++] = *x;
	}
	r->nresults = k;
	output_size_name(sz, sizeof(sz), (uint64_t)(p->tcp_sweep[remote] + 0.5));
	return resfile_add_flag(p, "lmbench's TCP bandwidth sweep%s ended at a message size of %s, before its "
				"last (10M): incomplete, not tabled", remote ? " to another host" : "", sz);
}

int
resfile_lm3_finish(struct resfile_parser *p)
{
	struct resfile_run *r = p->r;
	char buf[256];
	int i;

	for (i = 0; i < 2; i++)
		if (p->tcp_sweep[i] > 0 && p->tcp_sweep[i] < 0.999 * LM_TCP_SWEEP_LAST && drop_sweep(p, i) != 0)
			return -1;

	if (!p->sysname[0])
		return 0;
	snprintf(buf, sizeof(buf), "%s%s%s", p->sysname, p->release[0] ? " " : "", p->release);
	if (resfile_kv_put(&r->config, &r->nconfig, "os", buf, 0) != 0)
		return resfile_oom(p);
	return 0;
}
