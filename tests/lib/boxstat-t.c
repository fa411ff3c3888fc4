/*
 * boxstat-t: the box agent's parsers on fixture text (/proc/stat per
 * CPU, softnet_stat, interrupts), the summary's arithmetic (shares, the
 * busiest CPU, the peak, rates) against hand-computed values, the wire
 * form both ways and its refusals, and lib/net/box's HOST[:PORT] parser
 * and report (each CPU's shares).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "driver/bench.h"
#include "net/box.h"
#include "net/boxstat.h"
#include "tap/basic.h"

#define EPS 1e-9

static const char stat_a[] =
	"cpu  1000 0 500 8000 100 0 400 0 0 0\n"
	"cpu0 500 0 250 4000 50 0 200 0 0 0\n"
	"cpu1 500 0 250 4000 50 0 200 0 0 0\n"
	"intr 12345 0 1 2\n"
	"ctxt 999\n"
	"btime 1700000000\n";

/* 100 ticks later per CPU: cpu0 spent 80 in softirq, 10 in sys; cpu1 10 in user. */
static const char stat_b[] =
	"cpu  1010 0 510 8100 100 0 480 0 0 0\n"
	"cpu0 500 0 260 4010 50 0 280 0 0 0\n"
	"cpu1 510 0 250 4090 50 0 200 0 0 0\n";

static void
test_stat(void)
{
	static struct boxstat_snap s;

	is_int(0, boxstat_parse_stat(stat_a, &s), "/proc/stat with two CPUs parses");
	is_int(2, s.ncpus, "two cpuN lines");
	is_int(1, s.id[1], "the second is cpu1");
	is_uint(400, s.all.tick[CPUSTAT_SOFTIRQ], "the all-CPU softirq ticks");
	is_uint(200, s.cpu[0].tick[CPUSTAT_SOFTIRQ], "cpu0's softirq ticks");
	is_int(0, boxstat_parse_stat("cpu  1 2 3 4\ncpu7 1 2 3 4", &s),
	       "an old kernel's four fields, no newline at the end");
	is_int(7, s.id[0], "a CPU numbered 7 (others offline) keeps its number");
	errno = 0;
	ok(boxstat_parse_stat("cpu0 1 2 3 4\nintr 5\n", &s) == -1 && errno == EINVAL,
	   "no \"cpu \" line: EINVAL");
	ok(boxstat_parse_stat("cpu  1 2 3\n", &s) == -1, "three numbers are too few");
	is_int(0, boxstat_parse_stat("cpu  1 2 3 4\ncpux 1 2 3 4\ncpu3\ncpu4 1 2\n", &s),
	       "junk cpu lines are passed over");
	is_int(0, s.ncpus, "... and none is kept");
}

static void
test_softnet(void)
{
	uint64_t p = 0, d = 0, q = 0;

	is_int(0, boxstat_parse_softnet(
		       "0000000a 00000001 00000002 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000\n"
		       "000000ff 00000000 00000010 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000001 00000000 00000000\n",
		       &p, &d, &q), "softnet_stat with two CPUs parses");
	is_uint(0x0a + 0xff, p, "processed: the sum of the first column (hex)");
	is_uint(1, d, "dropped: the second");
	is_uint(0x12, q, "time_squeeze: the third");
	is_int(0, boxstat_parse_softnet("00000001 00000002 00000003\n", &p, &d, &q),
	       "an old kernel's three columns");
	ok(boxstat_parse_softnet("", &p, &d, &q) == -1 && errno == EINVAL, "an empty file: EINVAL");
	ok(boxstat_parse_softnet("0000000a 00000001\n", &p, &d, &q) == -1, "two columns: refused");
	ok(boxstat_parse_softnet("0000000a zz 1\n", &p, &d, &q) == -1, "not hex: refused");
	ok(boxstat_parse_softnet("11111111111111111 0 0\n", &p, &d, &q) == -1,
	   "more than 64 bits: refused");
}

static void
test_interrupts(void)
{
	uint64_t n = 0;

	is_int(0, boxstat_parse_interrupts(
		       "           CPU0       CPU1       \n"
		       "  0:         46          0   IO-APIC   2-edge      timer\n"
		       " 24:          2          3  IO-APIC   5-edge      ACPI:Ged\n"
		       " 38:       1000       2000  PCI-MSIX-0000:00:03.0  1-edge  virtio2-input.0\n"
		       " 39:          7\n"
		       "NMI:          0          0   Non-maskable interrupts\n"
		       "LOC:     500000     600000   Local timer interrupts\n"
		       "ERR:          0\n", &n), "/proc/interrupts parses");
	is_uint(46 + 5 + 3000 + 7, n, "the numbered lines' counts summed, the named ones left out");
	ok(boxstat_parse_interrupts("  0: 1 2\n", &n) == -1 && errno == EINVAL,
	   "no CPU head: EINVAL");
	ok(boxstat_parse_interrupts("", &n) == -1, "an empty file: refused");
}

static void
test_summary(void)
{
	static struct boxstat_snap a, b;
	static struct boxstat_summary s, d;
	static uint64_t w[BOXSTAT_MAX_WORDS];
	size_t n, i;

	boxstat_parse_stat(stat_a, &a);
	boxstat_parse_stat(stat_b, &b);
	a.t_ns = 1000000000, b.t_ns = 3000000000u;
	a.have_softnet = b.have_softnet = 1;
	a.processed = 100, b.processed = 2000100;
	a.dropped = 5, b.dropped = 7;
	a.squeezed = 9, b.squeezed = 3;	/* went backwards: 0 */
	a.have_irqs = 1, b.have_irqs = 0;
	is_double(90, boxstat_peak(&a, &b), EPS, "the peak: cpu0's 90%% busy");
	boxstat_summarize(&a, &b, 95, &s);
	is_uint(2000000000, s.span_ns, "the span: 2 s");
	is_int(2, s.ncpus, "two CPUs");
	is_int(0, s.busiest.id, "the busiest CPU is cpu0");
	is_double(90, s.busiest.busy, EPS, "... 90%% busy");
	is_double(80, s.busiest.softirq, EPS, "... 80%% in softirq");
	is_double(10, s.busiest.sys, EPS, "... 10%% in sys");
	is_double(0, s.busiest.irq, EPS, "... 0%% in irq");
	is_double(10, s.cpu[1].busy, EPS, "cpu1: 10%% busy (user)");
	is_double(95, s.peak, EPS, "the peak as the sampler saw it");
	is_double(50, s.total.busy, EPS, "all CPUs: 100 busy ticks of 200: 50%%");
	is_double(40, s.total.softirq, EPS, "all CPUs: 40%% softirq");
	is_double(5, s.total.sys, EPS, "all CPUs: 5%% sys");
	ok(s.have_softnet && !s.have_irqs, "softnet from both ends; interrupts not (one lacked them)");
	is_double(1e6, s.pkts, EPS, "2,000,000 packets in 2 s: 1M/s");
	is_double(1, s.drops, EPS, "2 drops in 2 s: 1/s");
	is_double(0, s.squeezes, EPS, "a counter that went backwards: 0");
	boxstat_summarize(&a, &b, 20, &s);
	is_double(90, s.peak, EPS, "a peak below the busiest CPU's average is raised to it");
	boxstat_summarize(&a, &b, -1, &s);
	is_double(90, s.peak, EPS, "no peak: the busiest CPU's average");

	/* Ties go to the lower-numbered CPU. */
	boxstat_parse_stat("cpu  0 0 0 0\ncpu0 0 0 0 0\ncpu1 0 0 0 0\n", &a);
	boxstat_parse_stat("cpu  10 0 0 10\ncpu0 5 0 0 5\ncpu1 5 0 0 5\n", &b);
	boxstat_summarize(&a, &b, -1, &s);
	ok(s.busiest.id == 0 && s.busiest.busy == 50, "a tie: cpu0, 50%%");
	/* A CPU that went offline between the two is left out. */
	boxstat_parse_stat("cpu  0 0 0 0\ncpu0 0 0 0 0\ncpu1 0 0 0 0\n", &a);
	boxstat_parse_stat("cpu  10 0 0 10\ncpu1 5 0 0 5\n", &b);
	boxstat_summarize(&a, &b, -1, &s);
	ok(s.ncpus == 1 && s.cpu[0].id == 1, "a CPU gone offline is left out");
	/* No per-CPU lines: the whole. */
	boxstat_parse_stat("cpu  0 0 0 0\n", &a);
	boxstat_parse_stat("cpu  30 0 0 70\n", &b);
	boxstat_summarize(&a, &b, -1, &s);
	ok(s.busiest.id == -1 && s.busiest.busy == 30, "no per-CPU lines: the busiest is the whole, 30%%");
	/* No ticks at all. */
	boxstat_summarize(&a, &a, -1, &s);
	is_double(0, s.total.busy, EPS, "an interval without ticks: 0%%");

	/* The wire. */
	boxstat_parse_stat(stat_a, &a);
	boxstat_parse_stat(stat_b, &b);
	a.t_ns = 0, b.t_ns = 2000000000;
	a.have_softnet = b.have_softnet = 1;
	a.processed = 0, b.processed = 3000;
	a.have_irqs = b.have_irqs = 1;
	a.irqs = 10, b.irqs = 30;
	boxstat_summarize(&a, &b, 97.5, &s);
	n = boxstat_encode(&s, w);
	is_uint(BOXSTAT_HEAD_WORDS + 5 * 2, n, "a summary of two CPUs is %d words", BOXSTAT_HEAD_WORDS + 10);
	is_int(0, boxstat_decode(w, n, &d), "... and decodes");
	ok(d.busiest.id == 0 && d.busiest.busy == 90 && d.busiest.softirq == 80 && d.peak == 97.5,
	   "the busiest CPU and the peak come back");
	ok(d.total.busy == 50 && d.pkts == 1500 && d.irqs == 10 && d.have_softnet && d.have_irqs,
	   "the total and the rates come back");
	ok(d.ncpus == 2 && d.cpu[1].id == 1 && d.cpu[1].busy == 10, "each CPU comes back");
	ok(boxstat_decode(w, n - 1, &d) == -1 && errno == EPROTO, "a word short: EPROTO");
	w[1 + 3] = 100 * 10000 + 1;	/* the busiest CPU's busy share */
	ok(boxstat_decode(w, n, &d) == -1, "a share above 100%%: refused");
	n = boxstat_encode(&s, w);
	w[2] = BOXSTAT_MAX_CPUS + 1;
	ok(boxstat_decode(w, n, &d) == -1, "more CPUs than fit: refused");
	for (i = 0; i < BOXSTAT_HEAD_WORDS; i++)
		w[i] = 0;
	is_int(0, boxstat_decode(w, BOXSTAT_HEAD_WORDS, &d), "all zeros: a summary of nothing");
	is_int(-1, d.busiest.id, "... without a busiest CPU");
}

static void
test_spec(void)
{
	char host[64], err[256];
	unsigned port = 0;

	ok(box_parse_spec("router", 31335, host, sizeof(host), &port, err, sizeof(err)) == 0
	   && strcmp(host, "router") == 0 && port == 31335, "HOST: the default port");
	ok(box_parse_spec("10.0.0.1:4000", 31335, host, sizeof(host), &port, err, sizeof(err)) == 0
	   && strcmp(host, "10.0.0.1") == 0 && port == 4000, "HOST:PORT");
	ok(box_parse_spec("[fd00::1]:4000", 31335, host, sizeof(host), &port, err, sizeof(err)) == 0
	   && strcmp(host, "fd00::1") == 0 && port == 4000, "[V6]:PORT");
	ok(box_parse_spec("fd00::1", 31335, host, sizeof(host), &port, err, sizeof(err)) == 0
	   && strcmp(host, "fd00::1") == 0 && port == 31335, "a bare IPv6 address");
	ok(box_parse_spec("[fd00::1]", 31335, host, sizeof(host), &port, err, sizeof(err)) == 0
	   && strcmp(host, "fd00::1") == 0 && port == 31335, "[V6]");
	ok(box_parse_spec("router:0", 31335, host, sizeof(host), &port, err, sizeof(err)) == -1
	   && strstr(err, "'router:0'") != NULL, "port 0: refused, naming the value");
	ok(box_parse_spec("router:65536", 31335, host, sizeof(host), &port, err, sizeof(err)) == -1,
	   "port 65536: refused");
	ok(box_parse_spec("router:", 31335, host, sizeof(host), &port, err, sizeof(err)) == -1,
	   "no port after the colon: refused");
	ok(box_parse_spec(":4000", 31335, host, sizeof(host), &port, err, sizeof(err)) == -1,
	   "no host: refused");
	ok(box_parse_spec("[fd00::1", 31335, host, sizeof(host), &port, err, sizeof(err)) == -1,
	   "an unclosed bracket: refused");
	ok(box_parse_spec("a-very-long-host-name-that-does-not-fit-in-the-buffer-given-to-it.example",
			  31335, host, sizeof(host), &port, err, sizeof(err)) == -1,
	   "a host too long for the buffer: refused");
}

/* What box_report prints of s (valid) in mode, into out. */
static void
report_of(const struct boxstat_summary *s, enum output_mode mode, char *out, size_t len)
{
	static struct box_summary sum;
	struct bench_opts o;
	FILE *tmp = tmpfile();
	int saved = dup(1);
	size_t got = 0;

	memset(&o, 0, sizeof(o));
	o.output = mode;
	sum.s = *s;
	sum.valid = 1;
	sum.same_kernel = 0;
	snprintf(sum.where, sizeof(sum.where), "10.0.0.1 port 31335");
	out[0] = '\0';
	if (tmp == NULL || saved < 0)
		return;
	fflush(stdout);
	if (dup2(fileno(tmp), 1) >= 0) {
		box_report(&o, "BwUdp/size=64/rate=max/peer=remote", &sum);
		fflush(stdout);
		dup2(saved, 1);
		rewind(tmp);
		got = fread(out, 1, len - 1, tmp);
	}
	out[got] = '\0';
	close(saved);
	fclose(tmp);
}

/* Each CPU's softirq, sys and irq shares on the traffic's lines, up to BOX_CPUS_SHOWN CPUs. */
static void
test_report(void)
{
	static struct boxstat_snap a, b;
	static struct boxstat_summary s;
	static char out[8192];
	char past[64];
	unsigned i;

	boxstat_parse_stat(stat_a, &a);
	boxstat_parse_stat(stat_b, &b);
	a.t_ns = 1000000000, b.t_ns = 3000000000u;
	boxstat_summarize(&a, &b, 95, &s);
	report_of(&s, OUTPUT_RAW, out, sizeof(out));
	ok(strstr(out, " 80 %busiest-softirq") != NULL, "raw: the busiest CPU's softirq share, as before");
	ok(strstr(out, " 80 %cpu0-softirq\t") != NULL && strstr(out, " 10 %cpu0-sys\t") != NULL
	   && strstr(out, " 0 %cpu0-irq\n") != NULL, "raw: cpu0's softirq, sys and irq shares");
	ok(strstr(out, " 0 %cpu1-softirq\t") != NULL && strstr(out, " 0 %cpu1-sys\t") != NULL
	   && strstr(out, " 0 %cpu1-irq\n") != NULL, "raw: cpu1's");
	ok(strstr(out, "BenchmarkBwUdp/size=64/rate=max/peer=remote\t") != NULL
	   && strstr(out, "%cpu2-") == NULL, "... on the traffic's lines, and no CPU the box has not");
	report_of(&s, OUTPUT_TEXT, out, sizeof(out));
	ok(strstr(out, "; softirq/sys/irq: cpu0 80/10/0%, cpu1 0/0/0%\n") != NULL,
	   "text: each CPU's shares at the end of the line");
	/* Two CPUs numbered 0 and BOX_CPUS_SHOWN (the others offline): the units table has no %cpu8-. */
	s.cpu[1].id = BOX_CPUS_SHOWN;
	snprintf(past, sizeof(past), "%%cpu%d-", BOX_CPUS_SHOWN);
	report_of(&s, OUTPUT_RAW, out, sizeof(out));
	ok(strstr(out, " 80 %cpu0-softirq\t") != NULL && strstr(out, past) == NULL,
	   "raw: a CPU numbered past the units table's is not reported one by one");
	report_of(&s, OUTPUT_TEXT, out, sizeof(out));
	snprintf(past, sizeof(past), "cpu0 80/10/0%%, cpu%d 0/0/0%%\n", BOX_CPUS_SHOWN);
	ok(strstr(out, past) != NULL, "text: it is in the text line");
	s.cpu[1].id = 1;
	/* More CPUs than BOX_CPUS_SHOWN: the busiest and all of them only. */
	s.ncpus = BOX_CPUS_SHOWN + 1;
	for (i = 0; i < s.ncpus; i++)
		s.cpu[i].id = (int)i;
	report_of(&s, OUTPUT_RAW, out, sizeof(out));
	ok(strstr(out, "%busiest-softirq") != NULL && strstr(out, "%cpu0-") == NULL,
	   "raw: a box of more CPUs than BOX_CPUS_SHOWN: no CPU one by one");
	report_of(&s, OUTPUT_TEXT, out, sizeof(out));
	ok(strstr(out, "busiest CPU") != NULL && strstr(out, "softirq/sys/irq:") == NULL,
	   "text: nor in the text line");
}

int
main(void)
{
	plan(77);
	test_stat();
	test_softnet();
	test_interrupts();
	test_summary();
	test_spec();
	test_report();
	return 0;
}
