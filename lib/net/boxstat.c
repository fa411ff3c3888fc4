/*
 * boxstat: the box agent's samples and their summary (see boxstat.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/timing.h"
#include "host/cpustat.h"
#include "net/boxstat.h"

/* The next line of text at *p into its start and length; 0 at the end. */
static int
next_line(const char **p, const char **line, size_t *len)
{
	const char *s = *p, *e;

	if (*s == '\0')
		return 0;
	e = strchr(s, '\n');
	*line = s;
	*len = e != NULL ? (size_t)(e - s) : strlen(s);
	*p = e != NULL ? e + 1 : s + *len;
	return 1;
}

int
boxstat_parse_stat(const char *text, struct boxstat_snap *s)
{
	const char *p = text, *line;
	size_t len;
	int have_all = 0;

	s->ncpus = 0;
	while (next_line(&p, &line, &len)) {
		size_t k = 3;
		long id = 0;

		if (len < 4 || strncmp(line, "cpu", 3) != 0)
			continue;
		if (line[3] == ' ' || line[3] == '\t') {
			if (cpustat_parse_ticks(line + 3, line + len, &s->all) == 0)
				have_all = 1;
			continue;
		}
		while (k < len && line[k] >= '0' && line[k] <= '9' && id < 1000000)
			id = id * 10 + (line[k++] - '0');
		if (k == 3 || k == len || (line[k] != ' ' && line[k] != '\t')
		    || s->ncpus == BOXSTAT_MAX_CPUS)
			continue;
		if (cpustat_parse_ticks(line + k, line + len, &s->cpu[s->ncpus]) == 0)
			s->id[s->ncpus++] = (int)id;
	}
	if (!have_all) {
		errno = EINVAL;
		return -1;
	}
	return 0;
}

/* A hex word at *s (blanks before it skipped); 0 and the value, or -1. */
static int
hex_word(const char **s, const char *end, uint64_t *v)
{
	int digits = 0;

	*v = 0;
	while (*s < end && (**s == ' ' || **s == '\t'))
		(*s)++;
	for (; *s < end; (*s)++, digits++) {
		char c = **s;
		unsigned d;

		if (c >= '0' && c <= '9')
			d = (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			d = (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			d = (unsigned)(c - 'A' + 10);
		else
			break;
		if (digits == 16)
			return -1;
		*v = *v << 4 | d;
	}
	return digits > 0 ? 0 : -1;
}

int
boxstat_parse_softnet(const char *text, uint64_t *processed, uint64_t *dropped,
		      uint64_t *squeezed)
{
	const char *p = text, *line;
	uint64_t sum[3] = { 0, 0, 0 };
	size_t len;
	int lines = 0;

	while (next_line(&p, &line, &len)) {
		const char *s = line;
		uint64_t v;
		int i;

		if (len == 0)
			continue;
		for (i = 0; i < 3; i++) {
			if (hex_word(&s, line + len, &v) != 0) {
				errno = EINVAL;
				return -1;
			}
			sum[i] += v;
		}
		lines++;
	}
	if (lines == 0) {
		errno = EINVAL;
		return -1;
	}
	*processed = sum[0];
	*dropped = sum[1];
	*squeezed = sum[2];
	return 0;
}

int
boxstat_parse_interrupts(const char *text, uint64_t *irqs)
{
	const char *p = text, *line, *s, *end;
	uint64_t sum = 0;
	size_t len;
	int ncols = 0;

	if (!next_line(&p, &line, &len)) {
		errno = EINVAL;
		return -1;
	}
	/* The head: "           CPU0       CPU1" */
	for (s = line, end = line + len; s + 3 <= end; s++)
		if (strncmp(s, "CPU", 3) == 0 && (s == line || s[-1] == ' ' || s[-1] == '\t'))
			ncols++;
	if (ncols == 0) {
		errno = EINVAL;
		return -1;
	}
	while (next_line(&p, &line, &len)) {
		int i;

		s = line, end = line + len;
		while (s < end && *s == ' ')
			s++;
		/* Numbered lines only: "  38:  0  3291  PCI-MSIX ...", not "LOC:". */
		if (s == end || *s < '0' || *s > '9')
			continue;
		while (s < end && *s >= '0' && *s <= '9')
			s++;
		if (s == end || *s != ':')
			continue;
		s++;
		for (i = 0; i < ncols; i++) {
			uint64_t v = 0;
			int digits = 0;

			while (s < end && (*s == ' ' || *s == '\t'))
				s++;
			for (; s < end && *s >= '0' && *s <= '9' && digits < 19; s++, digits++)
				v = v * 10 + (uint64_t)(*s - '0');
			if (digits == 0)
				break;	/* a line with fewer columns (a CPU went away) */
			sum += v;
		}
	}
	*irqs = sum;
	return 0;
}

/*
 * The whole of a /proc file into *buf (grown as needed, *cap its size).
 * 0, or -1 with errno set.
 */
static int
slurp(const char *path, char **buf, size_t *cap)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), e;
	size_t n = 0;

	if (fd < 0)
		return -1;
	for (;;) {
		ssize_t r;

		if (*cap - n < 4096) {
			size_t ncap = *cap > 0 ? 2 * *cap : 65536;
			char *nb;

			/* A /proc file of 64 MB is no file of these. */
			if (ncap > (64u << 20) || (nb = realloc(*buf, ncap)) == NULL) {
				close(fd);
				errno = ENOMEM;
				return -1;
			}
			*buf = nb, *cap = ncap;
		}
		r = read(fd, *buf + n, *cap - n - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			e = errno;
			close(fd);
			errno = e;
			return -1;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	(*buf)[n] = '\0';
	return 0;
}

int
boxstat_read(struct boxstat_snap *s)
{
	/* Kept between calls: the agent reads every 100 ms, nothing to allocate each time. */
	static char *buf;
	static size_t cap;

	s->t_ns = timing_now();
	if (slurp("/proc/stat", &buf, &cap) != 0 || boxstat_parse_stat(buf, s) != 0)
		return -1;
	s->have_softnet = slurp("/proc/net/softnet_stat", &buf, &cap) == 0
		&& boxstat_parse_softnet(buf, &s->processed, &s->dropped, &s->squeezed) == 0;
	s->have_irqs = slurp("/proc/interrupts", &buf, &cap) == 0
		&& boxstat_parse_interrupts(buf, &s->irqs) == 0;
	return 0;
}

static uint64_t
delta(uint64_t a, uint64_t b)
{
	return b >= a ? b - a : 0;
}

/* The shares of one CPU (or all) between a and b, in percent; 0 for no ticks. */
static void
shares(const struct cpustat *a, const struct cpustat *b, int id, struct boxstat_cpu *c)
{
	double d[CPUSTAT_NFIELDS], total = 0;
	int i;

	memset(c, 0, sizeof(*c));
	c->id = id;
	for (i = 0; i < CPUSTAT_NFIELDS; i++) {
		d[i] = (double)delta(a->tick[i], b->tick[i]);
		total += d[i];
	}
	if (total <= 0)
		return;
	c->sys = 100 * d[CPUSTAT_SYSTEM] / total;
	c->irq = 100 * d[CPUSTAT_IRQ] / total;
	c->softirq = 100 * d[CPUSTAT_SOFTIRQ] / total;
	c->busy = 100 * (d[CPUSTAT_USER] + d[CPUSTAT_NICE]) / total + c->sys + c->irq + c->softirq;
	if (c->busy > 100)
		c->busy = 100;	/* rounding */
}

/* The index of CPU id in s, or -1. */
static int
find_cpu(const struct boxstat_snap *s, int id, unsigned hint)
{
	unsigned i;

	if (hint < s->ncpus && s->id[hint] == id)
		return (int)hint;
	for (i = 0; i < s->ncpus; i++)
		if (s->id[i] == id)
			return (int)i;
	return -1;
}

double
boxstat_peak(const struct boxstat_snap *a, const struct boxstat_snap *b)
{
	struct boxstat_cpu c;
	double peak = 0;
	unsigned i;

	for (i = 0; i < b->ncpus; i++) {
		int k = find_cpu(a, b->id[i], i);

		if (k < 0)
			continue;
		shares(&a->cpu[k], &b->cpu[i], b->id[i], &c);
		if (c.busy > peak)
			peak = c.busy;
	}
	return peak;
}

static double
rate(uint64_t a, uint64_t b, uint64_t span_ns)
{
	return span_ns > 0 ? (double)delta(a, b) * 1e9 / (double)span_ns : 0;
}

void
boxstat_summarize(const struct boxstat_snap *a, const struct boxstat_snap *b, double peak,
		  struct boxstat_summary *s)
{
	/*
	 * The whole is the sum of the CPUs' lines taken here, not the
	 * kernel's "cpu" line: each line is rounded to ticks on its own, so
	 * over a few hundred ms the two differ by a tick a CPU, and the
	 * whole's share could exceed the busiest CPU's.  A sum of the CPUs'
	 * ticks never does.
	 */
	struct cpustat suma, sumb;
	unsigned i, f;

	memset(s, 0, sizeof(*s));
	memset(&suma, 0, sizeof(suma));
	memset(&sumb, 0, sizeof(sumb));
	s->span_ns = delta(a->t_ns, b->t_ns);
	s->busiest.id = -1;
	for (i = 0; i < b->ncpus; i++) {
		int k = find_cpu(a, b->id[i], i);
		struct boxstat_cpu *c = &s->cpu[s->ncpus];

		if (k < 0)
			continue;
		for (f = 0; f < CPUSTAT_NFIELDS; f++) {
			suma.tick[f] += a->cpu[k].tick[f];
			sumb.tick[f] += a->cpu[k].tick[f] + delta(a->cpu[k].tick[f], b->cpu[i].tick[f]);
		}
		shares(&a->cpu[k], &b->cpu[i], b->id[i], c);
		/* Ties go to the lower-numbered CPU: the same box reads the same. */
		if (s->busiest.id < 0 || c->busy > s->busiest.busy)
			s->busiest = *c;
		s->ncpus++;
	}
	if (s->ncpus > 0)
		shares(&suma, &sumb, -1, &s->total);
	else
		shares(&a->all, &b->all, -1, &s->total);
	if (s->busiest.id < 0) {
		/* No per-CPU lines (an old or odd kernel): the whole is all there is. */
		s->busiest = s->total;
	}
	s->peak = peak >= 0 ? peak : s->busiest.busy;
	/* The peak over one interval is at least the busiest CPU's average. */
	if (s->peak < s->busiest.busy)
		s->peak = s->busiest.busy;
	s->have_softnet = a->have_softnet && b->have_softnet;
	if (s->have_softnet) {
		s->pkts = rate(a->processed, b->processed, s->span_ns);
		s->drops = rate(a->dropped, b->dropped, s->span_ns);
		s->squeezes = rate(a->squeezed, b->squeezed, s->span_ns);
	}
	s->have_irqs = a->have_irqs && b->have_irqs;
	if (s->have_irqs)
		s->irqs = rate(a->irqs, b->irqs, s->span_ns);
}

/*
 * On the wire: shares in 1e-4 percent, rates in 1e-3 per second, a CPU
 * id plus one (0: none).
 */
#define SHARE 1e4
#define RATE 1e3

enum {
	W_FLAGS, W_SPAN, W_NCPUS, W_BUSIEST, W_PEAK = W_BUSIEST + 5, W_TOTAL,
	W_PKTS = W_TOTAL + 5, W_DROPS, W_SQUEEZES, W_IRQS, W_AGENT
};

static uint64_t
share_word(double v)
{
	return v <= 0 ? 0 : v >= 100 ? (uint64_t)(100 * SHARE) : (uint64_t)(v * SHARE + 0.5);
}

static uint64_t
rate_word(double v)
{
	return v <= 0 ? 0 : v >= 1e15 ? (uint64_t)1e18 : (uint64_t)(v * RATE + 0.5);
}

static void
put_cpu(uint64_t *w, const struct boxstat_cpu *c)
{
	w[0] = c->id >= 0 ? (uint64_t)c->id + 1 : 0;
	w[1] = share_word(c->busy);
	w[2] = share_word(c->softirq);
	w[3] = share_word(c->sys);
	w[4] = share_word(c->irq);
}

static int
get_cpu(const uint64_t *w, struct boxstat_cpu *c)
{
	int i;

	for (i = 1; i < 5; i++)
		if (w[i] > (uint64_t)(100 * SHARE))
			return -1;
	if (w[0] > 1000001)
		return -1;
	c->id = (int)w[0] - 1;
	c->busy = (double)w[1] / SHARE;
	c->softirq = (double)w[2] / SHARE;
	c->sys = (double)w[3] / SHARE;
	c->irq = (double)w[4] / SHARE;
	return 0;
}

size_t
boxstat_encode(const struct boxstat_summary *s, uint64_t *w)
{
	size_t i, n = s->ncpus;

	if (n > BOXSTAT_MAX_CPUS)
		n = BOXSTAT_MAX_CPUS;
	memset(w, 0, BOXSTAT_HEAD_WORDS * sizeof(*w));
	w[W_FLAGS] = (s->have_softnet ? 1u : 0u) | (s->have_irqs ? 2u : 0u);
	w[W_SPAN] = s->span_ns;
	w[W_NCPUS] = n;
	put_cpu(w + W_BUSIEST, &s->busiest);
	w[W_PEAK] = share_word(s->peak);
	put_cpu(w + W_TOTAL, &s->total);
	w[W_PKTS] = rate_word(s->pkts);
	w[W_DROPS] = rate_word(s->drops);
	w[W_SQUEEZES] = rate_word(s->squeezes);
	w[W_IRQS] = rate_word(s->irqs);
	w[W_AGENT] = rate_word(s->agent_pct);
	for (i = 0; i < n; i++)
		put_cpu(w + BOXSTAT_HEAD_WORDS + 5 * i, &s->cpu[i]);
	return BOXSTAT_HEAD_WORDS + 5 * n;
}

int
boxstat_decode(const uint64_t *w, size_t n, struct boxstat_summary *s)
{
	unsigned i;

	memset(s, 0, sizeof(*s));
	if (n < BOXSTAT_HEAD_WORDS || w[W_NCPUS] > BOXSTAT_MAX_CPUS
	    || n != BOXSTAT_HEAD_WORDS + 5 * w[W_NCPUS] || w[W_FLAGS] > 3
	    || w[W_PEAK] > (uint64_t)(100 * SHARE)
	    || get_cpu(w + W_BUSIEST, &s->busiest) != 0 || get_cpu(w + W_TOTAL, &s->total) != 0)
		goto bad;
	s->have_softnet = (w[W_FLAGS] & 1) != 0;
	s->have_irqs = (w[W_FLAGS] & 2) != 0;
	s->span_ns = w[W_SPAN];
	s->ncpus = (unsigned)w[W_NCPUS];
	s->peak = (double)w[W_PEAK] / SHARE;
	s->pkts = (double)w[W_PKTS] / RATE;
	s->drops = (double)w[W_DROPS] / RATE;
	s->squeezes = (double)w[W_SQUEEZES] / RATE;
	s->irqs = (double)w[W_IRQS] / RATE;
	s->agent_pct = (double)w[W_AGENT] / RATE;
	for (i = 0; i < s->ncpus; i++)
		if (get_cpu(w + BOXSTAT_HEAD_WORDS + 5 * i, &s->cpu[i]) != 0)
			goto bad;
	return 0;
bad:
	memset(s, 0, sizeof(*s));
	errno = EPROTO;
	return -1;
}
