/*
 * sock_report: what the network programs print (see sock_report.h).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/hist.h"
#include "core/msg.h"
#include "core/output.h"
#include "core/stats.h"
#include "core/timing.h"
#include "driver/bench.h"
#include "host/cpustat.h"
#include "net/sock_proto.h"
#include "net/sock_report.h"

static void own_report(const struct bench_opts *o, const char *name, const char *side,
		       const uint64_t *w, uint64_t bytes, uint64_t count);

/*
 * units[i] = side + "-" + base[i]: an end's figure as a unit of the
 * transfer's own line (local-%sys), not a benchmark of its own.
 */
static void
side_units(char (*buf)[OUTPUT_MAX_UNIT], const char **units, const char *side,
	   const char *const *base, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		snprintf(buf[i], OUTPUT_MAX_UNIT, "%s-%s", side, base[i]);
		units[i] = buf[i];
	}
}

/* The name a text line of a run's own figure goes by: "BwTcp/.../cpu=local". */
static const char *
text_name(char *buf, size_t len, const char *name, const char *unit)
{
	char u[OUTPUT_MAX_UNIT];

	output_internal(name, unit, buf, len, u, sizeof(u));
	return buf;
}

/* Whether the two ends are one kernel: a configuration line, or a note once. */
static void
report_ends(const struct bench_opts *o, const uint64_t *local, const uint64_t *remote)
{
	static int noted;
	int same = sock_own_same_kernel(local, remote);

	if (o->output == OUTPUT_RAW) {
		if (same)
			output_config(stdout, "cpu-ends", "one kernel (loopback or namespaces): local and remote CPU are the same counters");
		else if (local[SOCK_OWN_BOOT] != 0 && remote[SOCK_OWN_BOOT] != 0)
			output_config(stdout, "cpu-ends", "two kernels");
		else
			output_config(stdout, "cpu-ends", "unknown (no boot id from one end)");
		return;
	}
	if (same && !noted) {
		noted = 1;
		msg_warn("local and remote run on one kernel (loopback or network namespaces): their system-wide CPU figures are the same counters; the -own figures are each end's processes");
	}
}

void
sock_report_transfer(const struct bench_opts *o, const char *base, const char *suffix,
		     const uint64_t *iters, const double *vals, size_t n,
		     const char *const *units, size_t npairs,
		     const struct sock_end *local, const struct sock_end *remote)
{
	char name[OUTPUT_MAX_NAME];
	uint64_t count = 0;
	size_t i;

	report_ends(o, local->own, remote->own);
	snprintf(name, sizeof(name), "%s%s", base, suffix);
	bench_report_k(o, name, iters, vals, n, units, npairs);
	/* The CPU was measured over every sample: its operations are theirs together. */
	for (i = 0; i < n; i++)
		count += iters[i];
	if (count == 0)
		count = 1;
	sock_cpu_report(o, name, "local", local->cpu, local->bytes, count);
	own_report(o, name, "local", local->own, local->bytes, count);
	sock_cpu_report(o, name, "remote", remote->cpu, remote->bytes, count);
	own_report(o, name, "remote", remote->own, remote->bytes, count);
}

void
sock_own_encode(uint64_t *w, int ok, const struct cpuown *a, const struct cpuown *b,
		uint64_t span_ns)
{
	uint64_t id[2];

	memset(w, 0, SOCK_OWN_WORDS * sizeof(*w));
	if (ok) {
		w[SOCK_OWN_OK] = 1;
		w[SOCK_OWN_USER] = b->user_us > a->user_us ? b->user_us - a->user_us : 0;
		w[SOCK_OWN_SYS] = b->sys_us > a->sys_us ? b->sys_us - a->sys_us : 0;
		w[SOCK_OWN_SPAN] = span_ns;
	}
	w[SOCK_OWN_NCPUS] = (uint64_t)cpustat_ncpus();
	if (cpustat_boot_id(NULL, id) == 0)
		w[SOCK_OWN_BOOT] = id[0], w[SOCK_OWN_BOOT + 1] = id[1];
}

void
sock_own_add(uint64_t *sum, const uint64_t *w)
{
	int first = sum[SOCK_OWN_NCPUS] == 0;

	sum[SOCK_OWN_OK] = (first || sum[SOCK_OWN_OK]) && w[SOCK_OWN_OK];
	sum[SOCK_OWN_USER] += w[SOCK_OWN_USER];
	sum[SOCK_OWN_SYS] += w[SOCK_OWN_SYS];
	if (w[SOCK_OWN_SPAN] > sum[SOCK_OWN_SPAN])
		sum[SOCK_OWN_SPAN] = w[SOCK_OWN_SPAN];
	sum[SOCK_OWN_NCPUS] = w[SOCK_OWN_NCPUS] > 0 ? w[SOCK_OWN_NCPUS] : 1;
	sum[SOCK_OWN_BOOT] = w[SOCK_OWN_BOOT];
	sum[SOCK_OWN_BOOT + 1] = w[SOCK_OWN_BOOT + 1];
}

int
sock_own_recv(int fd, unsigned proto, uint64_t *w)
{
	/* Room for what a later server may add: the words known are read, the rest skipped. */
	uint64_t more[64];
	unsigned kind;
	size_t n;
	int rc = sock_recv_msg(fd, proto, &kind, more, HB_ARRAY_SIZE(more), &n);

	memset(w, 0, SOCK_OWN_WORDS * sizeof(*w));
	if (rc == 1)
		return 0;
	if (rc == 0 && (kind != SOCK_MORE || n < SOCK_OWN_WORDS)) {
		errno = EPROTO;
		return -1;
	}
	if (rc != 0)
		return -1;
	memcpy(w, more, SOCK_OWN_WORDS * sizeof(*w));
	return 0;
}

int
sock_own_same_kernel(const uint64_t *a, const uint64_t *b)
{
	return (a[SOCK_OWN_BOOT] != 0 || a[SOCK_OWN_BOOT + 1] != 0)
		&& a[SOCK_OWN_BOOT] == b[SOCK_OWN_BOOT] && a[SOCK_OWN_BOOT + 1] == b[SOCK_OWN_BOOT + 1];
}

/*
 * One end's own processes as one result line of name: side-own-%user and
 * side-own-%sys (percent of all that end's CPUs over the span, as the
 * system-wide line's) and side-own-us/KB; a "cpu-<side>-own: unavailable"
 * line when not known.
 */
static void
own_report(const struct bench_opts *o, const char *name, const char *side,
	   const uint64_t *w, uint64_t bytes, uint64_t count)
{
	static const char *const base[] = { "%user", "%sys", "us/KB" };
	char ubuf[3][OUTPUT_MAX_UNIT], key[32], own[12], tname[OUTPUT_MAX_NAME];
	const char *units[3];
	struct cpuown zero, d;
	double v[3];

	if (!w[SOCK_OWN_OK]) {
		snprintf(key, sizeof(key), "cpu-%s-own", side);
		if (o->output == OUTPUT_RAW)
			output_config(stdout, key, "unavailable (no getrusage there, or an older server)");
		return;
	}
	memset(&zero, 0, sizeof(zero));
	d.user_us = w[SOCK_OWN_USER];
	d.sys_us = w[SOCK_OWN_SYS];
	cpustat_own_load(&zero, &d, w[SOCK_OWN_SPAN],
			 w[SOCK_OWN_NCPUS] > 0 && w[SOCK_OWN_NCPUS] < 1000000 ? (long)w[SOCK_OWN_NCPUS] : 1,
			 &v[0], &v[1]);
	v[2] = bytes > 0 ? (double)(d.user_us + d.sys_us) / ((double)bytes / 1024.0) : 0;
	snprintf(own, sizeof(own), "%s-own", side);
	side_units(ubuf, units, own, base, HB_ARRAY_SIZE(base));
	if (o->output == OUTPUT_RAW) {
		bench_report_k(o, name, &count, v, 1, units, HB_ARRAY_SIZE(units));
		return;
	}
	printf("%-36s own %.1f%% user, %.1f%% sys; %.3g us/KB\n",
	       text_name(tname, sizeof(tname), name, units[0]), v[0], v[1], v[2]);
	msg_flush();
}

void
sock_cpu_encode(uint64_t *w, int ok, const struct cpustat *a, const struct cpustat *b)
{
	size_t i;

	w[0] = ok != 0;
	w[1] = (uint64_t)cpustat_hz();
	for (i = 0; i < CPUSTAT_NFIELDS; i++)
		w[2 + i] = ok && b->tick[i] >= a->tick[i] ? b->tick[i] - a->tick[i] : 0;
}

void
sock_cpu_report(const struct bench_opts *o, const char *name, const char *side,
		const uint64_t *w, uint64_t bytes, uint64_t count)
{
	static const char *const base[] = { "%user", "%sys", "%irq", "%softirq", "us/KB" };
	char ubuf[5][OUTPUT_MAX_UNIT], key[32], tname[OUTPUT_MAX_NAME];
	const char *units[5];
	struct cpustat zero, d;
	struct cpuload l;
	double v[5];
	size_t i;

	if (!w[0]) {
		snprintf(key, sizeof(key), "cpu-%s", side);
		if (o->output == OUTPUT_RAW)
			output_config(stdout, key, "unavailable (no /proc/stat)");
		return;
	}
	memset(&zero, 0, sizeof(zero));
	for (i = 0; i < CPUSTAT_NFIELDS; i++)
		d.tick[i] = w[2 + i];
	cpustat_delta(&zero, &d, w[1] > 0 && w[1] < 100000 ? (long)w[1] : 100, &l);
	v[0] = l.user;
	v[1] = l.system;
	v[2] = l.irq;
	v[3] = l.softirq;
	v[4] = cpustat_demand(&l, bytes);
	side_units(ubuf, units, side, base, HB_ARRAY_SIZE(base));
	if (o->output == OUTPUT_RAW) {
		bench_report_k(o, name, &count, v, 1, units, HB_ARRAY_SIZE(units));
		return;
	}
	printf("%-36s cpu %.1f%% user, %.1f%% sys, %.1f%% irq, %.1f%% softirq; %.3g us/KB\n",
	       text_name(tname, sizeof(tname), name, units[0]), v[0], v[1], v[2], v[3], v[4]);
	msg_flush();
}

static struct hist pct_hist;	/* 39 KB: not on a small board's stack */

int
sock_percentiles(const struct bench_opts *o, timing_loop_fn fn, void *arg)
{
	struct hist *h = &pct_hist;
	uint64_t budget = (uint64_t)o->reps * o->sample_ns, start, t0, t1;
	double cost = timing_call_cost();

	if (budget > 5000000000ull)
		budget = 5000000000ull;
	hist_init(h);
	start = timing_now();
	do {
		t0 = timing_now();
		if (fn(arg, 1) != 0) {
			hist_init(h);
			return -1;
		}
		t1 = timing_now();
		hist_add(h, (double)(t1 - t0) > cost ? (uint64_t)((double)(t1 - t0) - cost) : 0);
	} while (t1 - start < budget || h->n < 100);
	return 0;
}

void
sock_percentiles_print(const struct bench_opts *o, const char *name)
{
	static const int pct[] = { 50, 90, 99 };
	static const char *const units[] = { "p50-ns", "p90-ns", "p99-ns" };
	const struct hist *h = &pct_hist;
	double v[3];
	size_t i;

	if (h->n == 0)
		return;
	/*
	 * Every percentile from the one histogram of all the single round
	 * trips: figures of the run, on one line of the result whose count
	 * is those round trips (not samples of a benchmark of their own).
	 */
	for (i = 0; i < HB_ARRAY_SIZE(pct); i++)
		v[i] = hist_quantile(h, pct[i] / 100.0);
	if (o->output == OUTPUT_RAW)
		output_sample_pairs(stdout, name, h->n, v, units, HB_ARRAY_SIZE(units));
	for (i = 0; i < HB_ARRAY_SIZE(pct) && o->output != OUTPUT_RAW; i++) {
		char pname[OUTPUT_MAX_NAME], val[64];

		/* One number from many round trips: no interval to show. */
		snprintf(pname, sizeof(pname), "%s/stat=p%d", name, pct[i]);
		printf("%-36s %12s %-6s (of %llu single round trips)\n", pname,
		       output_format_value(val, sizeof(val), v[i]), "ns/op", (unsigned long long)h->n);
	}
	if (o->output == OUTPUT_RAW)
		sock_hist_print(stdout, name, "ns/op", h);
	msg_flush();
}

void
sock_hist_print(FILE *f, const char *name, const char *unit, const struct hist *h)
{
	char full[OUTPUT_MAX_NAME + 16], *line;
	int n;

	snprintf(full, sizeof(full), "Benchmark%s", name);
	n = hist_format_line(NULL, 0, full, unit, h);
	if (n < 0 || (line = malloc((size_t)n + 1)) == NULL) {
		msg_warn("%s: no room for its histogram line", name);
		return;
	}
	hist_format_line(line, (size_t)n + 1, full, unit, h);
	fprintf(f, "%s\n", line);
	free(line);
}
