/*
 * busy: the machine's side of a case's noise (busy.h).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "busy.h"
#include "driver/noise.h"
#include "host/procfs.h"

/* A small file's text into buf; 0, or -1. */
static int
read_text(const char *root, const char *name, char *buf, size_t len)
{
	char path[4096];
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "%s/%s", root, name);
	if ((f = fopen(path, "r")) == NULL)
		return -1;
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
	return 0;
}

void
busy_read(struct busy_snap *s, const char *root)
{
	static char text[65536];
	struct rusage ru;
	const char *p;
	long hz = sysconf(_SC_CLK_TCK);

	memset(s, 0, sizeof(*s));
	if (getrusage(RUSAGE_CHILDREN, &ru) == 0 && hz > 0)
		s->kids_ticks = ((double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6
				 + (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6) * (double)hz;
	if (read_text(root, "stat", text, sizeof(text)) != 0 || strncmp(text, "cpu ", 4) != 0)
		return;
	{
		/* user nice system idle, then iowait irq softirq steal where the kernel has them */
		const char *q = text + 4;
		unsigned long long v;
		int k;

		for (k = 0; k < 8 && procfs_ull(&q, 10, &v) == 0; k++)
			s->cpu[k] = v;
		if (k < 4)
			return;
	}
	for (p = text; (p = strstr(p, "\ncpu")) != NULL; p++)
		if (p[4] >= '0' && p[4] <= '9')
			s->ncpu++;
	s->ok = s->ncpu > 0;
}

void
busy_loadavg(char *buf, size_t len, const char *root)
{
	char text[256];
	size_t n;

	buf[0] = '\0';
	if (read_text(root, "loadavg", text, sizeof(text)) != 0)
		return;
	n = strcspn(text, " \n");
	if (n > 0 && n < len) {
		memcpy(buf, text, n);
		buf[n] = '\0';
	}
}

/* A load average as /proc/loadavg writes it: digits[.digits]. */
static int
is_load(const char *s)
{
	size_t n = strspn(s, "0123456789");

	if (n == 0)
		return 0;
	if (s[n] == '.') {
		size_t m = strspn(s + n + 1, "0123456789");

		if (m == 0)
			return 0;
		n += 1 + m;
	}
	return s[n] == '\0';
}

int
busy_line(char *buf, size_t len, const struct busy_snap *a, const struct busy_snap *b,
	  const char *loadavg)
{
	double busy = 0, total = 0, wall, others, steal, kids;
	char load[64] = "";
	int k, n;

	buf[0] = '\0';
	if (!a->ok || !b->ok || b->ncpu < 1)
		return 0;
	for (k = 0; k < 8; k++) {
		double d = (double)b->cpu[k] - (double)a->cpu[k];

		total += d;
		if (k != 3 && k != 4)	/* idle, iowait */
			busy += d;
	}
	kids = b->kids_ticks - a->kids_ticks;
	wall = total / b->ncpu;
	others = wall > 0 ? (busy - kids) / wall : 0;
	steal = wall > 0 ? ((double)b->cpu[7] - (double)a->cpu[7]) / wall : 0;
	/* At least 0, at most every CPU: the counters are read a moment apart. */
	others = others < 0 ? 0 : others > b->ncpu ? b->ncpu : others;
	steal = steal < 0 ? 0 : steal > b->ncpu ? b->ncpu : steal;
	if (loadavg != NULL && is_load(loadavg))
		snprintf(load, sizeof(load), " load=%.2f", strtod(loadavg, NULL));
	n = snprintf(buf, len, "# noise: cpu-others=%.2f steal=%.2f ticks=%lld%s", others, steal,
		     (long long)wall, load);
	if (n < 0 || (size_t)n >= len) {
		buf[0] = '\0';
		return 0;
	}
	return n;
}

/* The value of "key=" among line's blank-separated words, or NULL. */
static const char *
val(const char *line, const char *key, double *v)
{
	size_t n = strlen(key);
	const char *p = line;

	if (line == NULL)
		return NULL;
	while (*p != '\0') {
		size_t w = strcspn(p, " ");

		if (w > n && strncmp(p, key, n) == 0 && p[n] == '=') {
			*v = strtod(p + n + 1, NULL);
			return p + n + 1;
		}
		p += w;
		p += strspn(p, " ");
	}
	return NULL;
}

/* Add a reason s to the verdict. */
static void
because(struct busy_verdict *v, const char *s)
{
	size_t n = strlen(v->why);

	snprintf(v->why + n, sizeof(v->why) - n, "%s%s", n > 0 ? "; " : "", s);
}

static void
score(struct busy_verdict *v, double x, double t)
{
	if (x / t > v->score)
		v->score = x / t;
}

/* A threshold as the reason gives it: "25", "0.25", "0.10". */
static const char *
thr(char *buf, size_t len, double t, int decimals)
{
	snprintf(buf, len, "%.*f", decimals, t);
	return buf;
}

void
busy_judge(const char *noise, const char *self, struct busy_verdict *v)
{
	double run, wait, ms = 0, x, o, st, t, n, vol, kids;
	char tb[32], r[200];

	v->score = 0;
	v->why[0] = '\0';
	if (noise != NULL && noise[0] == '\0')
		noise = NULL;
	if (self != NULL && val(self, "wall-ms", &ms) == NULL)
		ms = 0;
	if (self != NULL && val(self, "run-ms", &run) != NULL && val(self, "wait-ms", &wait) != NULL) {
		if (ms >= 100 && run + wait > 0) {
			double w = 100 * wait / (run + wait), oth = -1, lim, cpus;

			if (val(self, "steal-ms", &x) != NULL)
				w += 100 * x / ms;
			if (w > 100)
				w = 100;
			/* Processes that share a CPU by design wait for each
			 * other: a wait counts where others used the CPUs
			 * beside them (where their share is unknown, the wait
			 * alone, above a higher threshold). */
			if (val(self, "others-ms", &x) != NULL && val(self, "cpus", &cpus) != NULL && cpus > 0)
				oth = 100 * x / (cpus * ms);
			lim = 100 * (oth < 0 ? NOISE_CONTENDED_ALONE : NOISE_CONTENDED);
			if (oth < 0 || oth > 100 * NOISE_BESIDE) {
				score(v, w, lim);
				if (w > lim) {
					snprintf(r, sizeof(r), "its processes waited for a CPU %.0f%% of the time "
						 "(threshold %s%%)", w, thr(tb, sizeof(tb), lim, 0));
					because(v, r);
				}
			}
		}
		return;
	}
	if (noise != NULL) {
		o = val(noise, "cpu-others", &o) != NULL ? o : 0;
		st = val(noise, "steal", &st) != NULL ? st : 0;
		t = val(noise, "ticks", &t) != NULL ? t : 0;
		score(v, o, NOISE_OTHERS_CPUS);
		score(v, st, NOISE_STEAL_CPUS);
		if (t > 0 && (o - NOISE_OTHERS_CPUS) * t > 2) {
			snprintf(r, sizeof(r), "other processes used %.2f CPUs (threshold %s)", o,
				 thr(tb, sizeof(tb), NOISE_OTHERS_CPUS, 2));
			because(v, r);
		}
		if (t > 0 && (st - NOISE_STEAL_CPUS) * t > 2) {
			snprintf(r, sizeof(r), "steal took %.2f CPUs (threshold %s)", st,
				 thr(tb, sizeof(tb), NOISE_STEAL_CPUS, 2));
			because(v, r);
		}
	}
	if (self != NULL) {
		n = val(self, "nivcsw", &n) != NULL ? n : 0;
		vol = val(self, "nvcsw", &vol) != NULL ? vol : 0;
		kids = val(self, "children-csw", &kids) != NULL ? kids : 0;
		/* Preemption means that something else wanted the CPU only in
		 * a program that computes alone: where processes hand work to
		 * each other (a pipe, a partner, parallel copies), a woken
		 * partner preempts the waker at every hand-off. */
		if (ms >= 100 && n > vol && kids == 0) {
			double rate = n * 1000 / ms;

			score(v, rate, NOISE_IVCS_PER_S);
			if (rate > NOISE_IVCS_PER_S) {
				snprintf(r, sizeof(r), "%.0f involuntary context switches per second (threshold %s)",
					 floor(rate), thr(tb, sizeof(tb), NOISE_IVCS_PER_S, 0));
				because(v, r);
			}
		}
	}
}
