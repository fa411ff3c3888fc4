/*
 * noise: our own processes' involuntary context switches and migrations
 * over a program's run (see noise.h).
 */
#include "config.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <unistd.h>

#include "core/runclock.h"
#include "core/timing.h"
#include "driver/noise.h"
#include "host/cpustat.h"

#if defined(MAP_ANONYMOUS)
#define MAP_ANONYMOUS_HB MAP_ANONYMOUS
#elif defined(MAP_ANON)
#define MAP_ANONYMOUS_HB MAP_ANON
#endif

static pid_t owner;		/* the process noise_start ran in; 0: not started */
static uint64_t t0;		/* timing_now() then */
static off_t out0 = -1;		/* standard output's offset then; -1: not a file */
static long long nivcsw0, nvcsw0, kids0, migrations0;

/*
 * The contention figures: a snapshot of what only grows, taken at
 * noise_start and again at noise_read.  A figure the system does not
 * give is -1 in both.
 */
struct contend {
	double exec_ms, delay_ms;	/* this process's schedstat */
	double stall_ms;		/* pressure "some" total */
	double steal_ms;		/* /proc/stat steal, per CPU */
	double busy_ms;			/* busy time of the CPUs this process may use */
};
/* The CPUs this process may use at noise_start (a bit each, up to 1024). */
static unsigned char allowed[128];
static int nallowed;		/* 0: unknown */
static struct contend c0;
/* The children counted by noise_child: their whole lives' figures. */
static double kids_exec_ms, kids_delay_ms;

/*
 * What descendants this process cannot read before someone else reaps
 * them (a loopback server's session children) report as they end: a page
 * shared with every process forked after noise_start, a slot each.
 */
#define NOISE_SLOTS 255
struct noise_shared {
	volatile unsigned n;	/* slots claimed */
	struct {
		volatile uint64_t exec_ns, delay_ns;
	} slot[NOISE_SLOTS];
};
static struct noise_shared *shared;

/* The text of a small file at path into buf; 0, or -1. */
static int
read_text(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (f == NULL)
		return -1;
	n = fread(buf, 1, len - 1, f);
	fclose(f);
	buf[n] = '\0';
	return n > 0 ? 0 : -1;
}

/* A process's schedstat, in ms; -1 when it cannot be read. */
static int
schedstat_ms(const char *path, double *exec_ms, double *delay_ms)
{
	char buf[128];
	uint64_t e, d;

	if (read_text(path, buf, sizeof(buf)) != 0 || runclock_parse_schedstat(buf, &e, &d) != 0)
		return -1;
	*exec_ms = (double)e / 1e6;
	*delay_ms = (double)d / 1e6;
	return 0;
}

/* The "some" total of the pressure file at path, in ms, or -1. */
static double
stall_ms(const char *path)
{
	char buf[512];
	uint64_t us;

	if (path[0] == '\0' || read_text(path, buf, sizeof(buf)) != 0
	    || runclock_parse_pressure(buf, &us) != 0)
		return -1;
	return (double)us / 1e3;
}

/* Which CPUs this process may use, into allowed[] and nallowed. */
static void
find_allowed(void)
{
#if defined(HAVE_SCHED_GETAFFINITY) && defined(CPU_ISSET)
	cpu_set_t set;
	size_t i;

	nallowed = 0;
	memset(allowed, 0, sizeof(allowed));
	if (sched_getaffinity(0, sizeof(set), &set) != 0)
		return;
	for (i = 0; i < 8 * sizeof(allowed) && i < (size_t)CPU_SETSIZE; i++)
		if (CPU_ISSET(i, &set)) {
			allowed[i / 8] |= (unsigned char)(1u << (i % 8));
			nallowed++;
		}
#else
	nallowed = 0;
#endif
}

/*
 * From one read of /proc/stat: the steal over the online CPUs, in ms per
 * CPU (its aggregate line), into c->steal_ms, and the busy time (user,
 * nice, system, irq, softirq: what ran there) of the allowed CPUs, in
 * ms (their cpuN lines), into c->busy_ms; -1 for what it does not say.
 */
static void
proc_stat_ms(struct contend *c)
{
	char line[512];
	FILE *f;
	double ticks = 0, hz = (double)cpustat_hz();
	int any = 0;

	c->steal_ms = c->busy_ms = -1;
	if ((f = fopen("/proc/stat", "r")) == NULL)
		return;
	while (fgets(line, sizeof(line), f) != NULL) {
		struct cpustat st;
		char *end;
		unsigned long cpu;

		if (strncmp(line, "cpu ", 4) == 0) {
			if (cpustat_parse(line, &st) == 0)
				c->steal_ms = (double)st.tick[CPUSTAT_STEAL] * 1e3 / hz
					      / (double)cpustat_ncpus();
			continue;
		}
		if (nallowed == 0 || strncmp(line, "cpu", 3) != 0 || line[3] < '0' || line[3] > '9')
			continue;
		cpu = strtoul(line + 3, &end, 10);
		if (cpu >= 8 * sizeof(allowed) || !(allowed[cpu / 8] & (1u << (cpu % 8)))
		    || cpustat_parse_ticks(end, line + strlen(line), &st) != 0)
			continue;
		ticks += (double)(st.tick[CPUSTAT_USER] + st.tick[CPUSTAT_NICE] + st.tick[CPUSTAT_SYSTEM]
				  + st.tick[CPUSTAT_IRQ] + st.tick[CPUSTAT_SOFTIRQ]);
		any = 1;
	}
	fclose(f);
	if (any)
		c->busy_ms = ticks * 1e3 / hz;
}

static void
contend_snap(struct contend *c)
{
	if (schedstat_ms("/proc/self/schedstat", &c->exec_ms, &c->delay_ms) != 0)
		c->exec_ms = c->delay_ms = -1;
	/* The run clock's file (the system's, else the cgroup's): one choice for both. */
	c->stall_ms = stall_ms(runclock_pressure_path());
	proc_stat_ms(c);
}

/* b - a, when both are known and it did not go backwards; else -1. */
static double
grown(double a, double b)
{
	return a < 0 || b < 0 ? -1 : b >= a ? b - a : 0;
}

/* se.nr_migrations of this process's main thread, or -1. */
static long long
own_migrations(void)
{
	char buf[4096];
	FILE *f = fopen("/proc/self/sched", "r");
	size_t n;

	if (f == NULL)
		return -1;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	return noise_sched_migrations(buf);
}

/*
 * Involuntary and voluntary switches of this process and its reaped
 * children into *iv and *v, and the children's share of both into *k.
 * Returns 0, or -1 with errno set.
 */
static int
own_switches(long long *iv, long long *v, long long *k)
{
	struct rusage self, kids;

	if (getrusage(RUSAGE_SELF, &self) != 0 || getrusage(RUSAGE_CHILDREN, &kids) != 0)
		return -1;
	*iv = (long long)self.ru_nivcsw + (long long)kids.ru_nivcsw;
	*v = (long long)self.ru_nvcsw + (long long)kids.ru_nvcsw;
	*k = (long long)kids.ru_nivcsw + (long long)kids.ru_nvcsw;
	return 0;
}

long long
noise_sched_migrations(const char *text)
{
	static const char key[] = "se.nr_migrations";
	const char *s = text;

	while ((s = strstr(s, key)) != NULL) {
		const char *v = s + sizeof(key) - 1;
		char *end;
		long long m;

		/* The whole key at the start of a line: "se.nr_migrations   :  3". */
		if ((s == text || s[-1] == '\n') && (*v == ' ' || *v == '\t' || *v == ':')) {
			v += strspn(v, " \t");
			if (*v == ':') {
				errno = 0;
				m = strtoll(v + 1, &end, 10);
				if (end != v + 1 && errno == 0 && m >= 0
				    && (*end == '\n' || *end == '\0' || *end == ' '))
					return m;
			}
		}
		s = v;
	}
	return -1;
}

/*
 * The least window, in ms, over which others' busy time is known:
 * /proc/stat counts in ticks (10 ms at the usual 100 a second), so a
 * case of a few ms reads 0 or a whole tick whatever ran beside it.
 */
static double
others_min_ms(void)
{
	long hz = cpustat_hz();

	return NOISE_OTHERS_MIN_TICKS * 1e3 / (double)(hz > 0 ? hz : 100);
}

double
noise_waited(const struct noise_self *from, const struct noise_self *to)
{
	double run, wait;

	if (from->run_ms < 0 || from->wait_ms < 0 || to->run_ms < 0 || to->wait_ms < 0)
		return -1;
	run = to->run_ms - from->run_ms;
	wait = to->wait_ms - from->wait_ms;
	if (run < 0 || wait < 0 || !(run + wait > 0))
		return -1;
	return wait / (run + wait);
}

int
noise_others_beside(const struct noise_self *from, const struct noise_self *to)
{
	double wall = to->wall_ms - from->wall_ms;

	if (from->others_ms < 0 || to->others_ms < 0 || to->cpus <= 0 || !(wall >= others_min_ms()))
		return -1;
	return (to->others_ms - from->others_ms) / ((double)to->cpus * wall) > NOISE_BESIDE;
}

void
noise_report_self(void)
{
	char buf[128];
	uint64_t e, d;
	unsigned i;

	if (shared == NULL || getpid() == owner || read_text("/proc/self/schedstat", buf, sizeof(buf)) != 0
	    || runclock_parse_schedstat(buf, &e, &d) != 0)
		return;
	/* A slot of its own; past the last, the figures are lost. */
	i = __atomic_fetch_add(&shared->n, 1u, __ATOMIC_RELAXED);
	if (i >= NOISE_SLOTS)
		return;
	shared->slot[i].exec_ns = e;
	shared->slot[i].delay_ns = d;
}

/* The reports so far, in ms, into *exec_ms and *delay_ms. */
static void
reported(double *exec_ms, double *delay_ms)
{
	unsigned i, n;

	*exec_ms = *delay_ms = 0;
	if (shared == NULL)
		return;
	n = shared->n < NOISE_SLOTS ? shared->n : NOISE_SLOTS;
	/* cppcheck-suppress knownConditionTrueFalse ; shared exists where there are anonymous mappings */
	for (i = 0; i < n; i++) {
		*exec_ms += (double)shared->slot[i].exec_ns / 1e6;
		*delay_ms += (double)shared->slot[i].delay_ns / 1e6;
	}
}

void
noise_child(pid_t pid)
{
	char path[64];
	double e, d;

	if (owner == 0 || getpid() != owner || pid <= 0)
		return;
	snprintf(path, sizeof(path), "/proc/%ld/schedstat", (long)pid);
	if (schedstat_ms(path, &e, &d) != 0)
		return;
	kids_exec_ms += e;
	kids_delay_ms += d;
}

int
noise_read(struct noise_self *s)
{
	long long iv, v, k, m = own_migrations();
	struct contend c1;

	memset(s, 0, sizeof(*s));
	s->migrations = -1;
	s->run_ms = s->wait_ms = s->stall_ms = s->steal_ms = s->others_ms = -1;
	s->cpus = 0;
	if (owner != 0) {
		contend_snap(&c1);
		s->run_ms = grown(c0.exec_ms, c1.exec_ms);
		s->wait_ms = grown(c0.delay_ms, c1.delay_ms);
		if (s->run_ms >= 0 && s->wait_ms >= 0) {
			double e, d;

			reported(&e, &d);
			s->run_ms += kids_exec_ms + e;
			s->wait_ms += kids_delay_ms + d;
		}
		s->stall_ms = grown(c0.stall_ms, c1.stall_ms);
		s->steal_ms = grown(c0.steal_ms, c1.steal_ms);
		s->others_ms = grown(c0.busy_ms, c1.busy_ms);
		/* Others: what ran on our CPUs but our processes. */
		if (s->others_ms >= 0 && s->run_ms >= 0)
			s->others_ms = s->others_ms > s->run_ms ? s->others_ms - s->run_ms : 0;
		else
			s->others_ms = -1;
		s->cpus = nallowed;
	}
	if (own_switches(&iv, &v, &k) != 0)
		return -1;
	s->nivcsw = iv - nivcsw0 >= 0 ? iv - nivcsw0 : 0;
	s->nvcsw = v - nvcsw0 >= 0 ? v - nvcsw0 : 0;
	s->children_csw = k - kids0 >= 0 ? k - kids0 : 0;
	if (m >= 0 && migrations0 >= 0)
		s->migrations = m - migrations0 >= 0 ? m - migrations0 : 0;
	if (owner != 0)
		s->wall_ms = (double)(timing_now() - t0) / 1e6;
	return 0;
}

int
noise_format(char *buf, size_t len, const struct noise_self *s)
{
	char mig[40] = "", rw[64] = "", stall[32] = "", steal[32] = "", others[48] = "";
	int n;

	if (s->migrations >= 0)
		snprintf(mig, sizeof(mig), " migrations=%lld", s->migrations);
	/* Tenths: a short case's waits are a few milliseconds. */
	if (s->run_ms >= 0 && s->wait_ms >= 0)
		snprintf(rw, sizeof(rw), " run-ms=%.1f wait-ms=%.1f", s->run_ms, s->wait_ms);
	if (s->stall_ms >= 0)
		snprintf(stall, sizeof(stall), " stall-ms=%.1f", s->stall_ms);
	if (s->steal_ms >= 0)
		snprintf(steal, sizeof(steal), " steal-ms=%.1f", s->steal_ms);
	/* A few ticks of /proc/stat say nothing of others' share. */
	if (s->others_ms >= 0 && s->cpus > 0 && s->wall_ms >= others_min_ms())
		snprintf(others, sizeof(others), " others-ms=%.0f cpus=%d", s->others_ms, s->cpus);
	n = snprintf(buf, len, "# noise-self: nivcsw=%lld nvcsw=%lld children-csw=%lld%s wall-ms=%.0f%s%s%s%s\n",
		     s->nivcsw, s->nvcsw, s->children_csw, mig, s->wall_ms, rw, stall, steal, others);
	if (n < 0 || (size_t)n >= len) {
		if (len > 0)
			buf[0] = '\0';
		return -1;
	}
	return n;
}

/*
 * The exit hook: the line, from the process that started counting
 * alone.  A forked child (a parallel copy, a partner, a server) inherits
 * the hook and may leave by exit(): its counts are its parent's share.
 * The line goes with a record, so only after one: when standard output
 * is a file that has grown since noise_start.  A program that printed
 * nothing (a server's -s and -S modes, a run that failed early) adds
 * nothing, and neither does one writing into a pipe or a terminal,
 * where that cannot be told.
 */
static void
print_at_exit(void)
{
	struct noise_self s;
	char line[256];
	off_t at;

	if (getpid() != owner || out0 < 0 || fflush(stdout) != 0)
		return;
	at = lseek(STDOUT_FILENO, 0, SEEK_CUR);
	if (at <= out0 || noise_read(&s) != 0 || noise_format(line, sizeof(line), &s) < 0)
		return;
	/* A failed write is msg's check at exit to report, after this. */
	fputs(line, stdout);
}

void
noise_start(enum output_mode mode)
{
	if (owner != 0)
		return;
	if (own_switches(&nivcsw0, &nvcsw0, &kids0) != 0)
		nivcsw0 = nvcsw0 = kids0 = 0;
	migrations0 = own_migrations();
	find_allowed();
#if defined(MAP_ANONYMOUS) || defined(MAP_ANON)
	{
		void *m = mmap(NULL, sizeof(*shared), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS_HB, -1, 0);

		shared = m != MAP_FAILED ? m : NULL;
	}
#endif
	contend_snap(&c0);
	t0 = timing_now();
	owner = getpid();
	out0 = lseek(STDOUT_FILENO, 0, SEEK_CUR);
	if (mode == OUTPUT_RAW && out0 >= 0)
		(void)atexit(print_at_exit);
}
