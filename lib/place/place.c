/*
 * place: where the processes of a two-or-more-process benchmark run.
 * See place.h for the placements and how a program uses them.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "core/msg.h"
#include "core/output.h"
#include "core/parse.h"
#include "driver/bench.h"
#include "driver/noise.h"
#include "host/sysinfo.h"
#include "place/place.h"

static const char *const names[PLACE_COUNT] = { "one", "spread", "unpinned" };
static const char *const parts[PLACE_COUNT] = {
	"placement=one", "placement=spread", "placement=unpinned"
};

const char *
place_name(enum place_kind k)
{
	return (unsigned)k < PLACE_COUNT ? names[k] : "?";
}

const char *
place_name_part(enum place_kind k)
{
	return (unsigned)k < PLACE_COUNT ? parts[k] : "placement=?";
}

int
place_parse(const char *opt, const char *s, unsigned *mask,
	    char *err, size_t errlen)
{
	unsigned i;

	if (strcmp(s, "both") == 0) {
		*mask = PLACE_BOTH;
		return 0;
	}
	for (i = 0; i < PLACE_COUNT; i++)
		if (strcmp(s, names[i]) == 0) {
			*mask = PLACE_BIT(i);
			return 0;
		}
	if (err != NULL && errlen > 0)
		snprintf(err, errlen, "%s: value '%s' is not a placement; allowed: one, spread, both, unpinned",
			 opt, s);
	return -1;
}

unsigned
place_default(int can_pin, size_t ncpus)
{
	if (!can_pin)
		return PLACE_BIT(PLACE_UNPINNED);
	return ncpus >= 2 ? PLACE_BOTH : PLACE_BIT(PLACE_ONE);
}

/* "0-3,6": ascending CPU numbers as a list with ranges. */
static void
format_cpus(char *buf, size_t len, const int *cpus, size_t n)
{
	size_t i = 0, used = 0;

	buf[0] = '\0';
	while (i < n && used < len) {
		size_t j = i;
		int w;

		while (j + 1 < n && cpus[j + 1] == cpus[j] + 1)
			j++;
		if (j == i)
			w = snprintf(buf + used, len - used, "%s%d", i > 0 ? "," : "", cpus[i]);
		else
			w = snprintf(buf + used, len - used, "%s%d-%d", i > 0 ? "," : "", cpus[i], cpus[j]);
		if (w < 0)
			break;
		used += (size_t)w;
		i = j + 1;
	}
}

int
place_setup(struct place *p, const int *cpus, size_t n, int can_pin,
	    unsigned mask, char *err, size_t errlen)
{
	char list[OUTPUT_MAX_VALUE];

	if (n > BENCH_MAX_CPUS)
		n = BENCH_MAX_CPUS;
	memset(p, 0, sizeof(*p));
	if (n > 0)
		memcpy(p->cpus, cpus, n * sizeof(*cpus));
	p->ncpus = n;
	p->can_pin = can_pin && n > 0;
	mask &= PLACE_BIT(PLACE_COUNT) - 1;
	p->mask = mask != 0 ? mask : place_default(p->can_pin, n);
	if ((p->mask & PLACE_BOTH) && !p->can_pin) {
		if (err != NULL && errlen > 0)
			snprintf(err, errlen, "placement %s: cannot pin processes to CPUs here",
				 p->mask & PLACE_BIT(PLACE_ONE) ? "one" : "spread");
		return -1;
	}
	if ((p->mask & PLACE_BIT(PLACE_SPREAD)) && n < 2) {
		format_cpus(list, sizeof(list), cpus, n);
		if (err != NULL && errlen > 0)
			snprintf(err, errlen, "placement spread needs two CPUs; only CPU %s is allowed", list);
		return -1;
	}
	return 0;
}

int
place_init(struct place *p, unsigned mask, char *err, size_t errlen)
{
	static int cpus[BENCH_MAX_CPUS];
	char aff[OUTPUT_MAX_VALUE], perr[PARSE_ERRLEN];
	size_t n = 0;
	int can_pin;

	sysinfo_affinity(aff, sizeof(aff));
	if (parse_cpulist("cpus", aff, BENCH_MAX_CPUS - 1, cpus, BENCH_MAX_CPUS,
			  &n, perr, sizeof(perr)) != 0)
		n = 0;
	/* Pinning to the set already allowed changes nothing but tells whether it works. */
	can_pin = n > 0 && bench_pin(cpus, n) == 0;
	return place_setup(p, cpus, n, can_pin, mask, err, errlen);
}

size_t
place_list(const struct place *p, enum place_kind *kinds, size_t max)
{
	size_t n = 0;
	unsigned k;

	for (k = 0; k < PLACE_COUNT && n < max; k++)
		if (p->mask & PLACE_BIT(k))
			kinds[n++] = (enum place_kind)k;
	return n;
}

int
place_cpu(enum place_kind k, const int *cpus, size_t n, unsigned idx)
{
	if (n == 0)
		return -1;
	switch (k) {
	case PLACE_ONE:
		return cpus[0];
	case PLACE_SPREAD:
		return cpus[idx % n];
	default:
		return -1;
	}
}

int
place_pin(const struct place *p, enum place_kind k, unsigned idx)
{
	int cpu = place_cpu(k, p->cpus, p->ncpus, idx);

	if (k == PLACE_UNPINNED)
		return 0;
	if (cpu < 0 || !p->can_pin) {
		errno = ENOSYS;
		return -1;
	}
	return bench_pin(&cpu, 1);
}

int
place_restore(const struct place *p)
{
	if (!p->can_pin)
		return 0;
	return bench_pin(p->cpus, p->ncpus);
}

char *
place_describe(const struct place *p, enum place_kind k, char *buf, size_t len)
{
	char list[OUTPUT_MAX_VALUE];

	if (len == 0)
		return buf;
	format_cpus(list, sizeof(list), p->cpus, p->ncpus);
	if (k == PLACE_ONE && p->ncpus > 0)
		snprintf(buf, len, "one, cpu %d", p->cpus[0]);
	else if (k == PLACE_SPREAD && p->ncpus > 0)
		snprintf(buf, len, "spread, cpus %s round-robin", list);
	else if (k == PLACE_UNPINNED && p->ncpus > 0)
		snprintf(buf, len, "unpinned, cpus %s", list);
	else
		snprintf(buf, len, "%s", place_name(k));
	return buf;
}

void
place_print_config(FILE *f, const struct place *p, enum place_kind k)
{
	char buf[OUTPUT_MAX_VALUE];

	output_config(f, "placement", "%s", place_describe(p, k, buf, sizeof(buf)));
}

void
place_note_busy(FILE *f, const struct place *p, enum place_kind k, const struct noise_self *before)
{
	char buf[OUTPUT_MAX_VALUE];
	struct noise_self now;
	double w;
	int beside;

	if (k == PLACE_UNPINNED || !p->can_pin || noise_read(&now) != 0
	    || (w = noise_waited(before, &now)) < 0)
		return;
	beside = noise_others_beside(before, &now);
	if (beside == 0 || w <= (beside > 0 ? NOISE_CONTENDED : NOISE_CONTENDED_ALONE))
		return;
	output_config(f, "placement-busy", "%s: its processes waited for a CPU %.0f%% of the time they "
		      "wanted one (above %.0f%%): other work on its CPUs",
		      place_describe(p, k, buf, sizeof(buf)), 100 * w,
		      100 * (beside > 0 ? NOISE_CONTENDED : NOISE_CONTENDED_ALONE));
}

/*
 * The children of this process.  A fixed table, so that the signal
 * handler can walk it; a slot is 0 when free.
 */
static volatile pid_t kids[PLACE_MAX_CHILDREN];
static pid_t owner, parent;
static struct sigaction before[3];	/* SIGINT, SIGTERM, SIGHUP, as they were */
static const int sigs[3] = { SIGINT, SIGTERM, SIGHUP };

void
place_kill_children(void)
{
	size_t i;

	if (owner == 0 || getpid() != owner)
		return;
	for (i = 0; i < PLACE_MAX_CHILDREN; i++)
		if (kids[i] > 0) {
			noise_child(kids[i]);
			kill(kids[i], SIGKILL);
		}
	for (i = 0; i < PLACE_MAX_CHILDREN; i++)
		if (kids[i] > 0) {
			while (waitpid(kids[i], NULL, 0) < 0 && errno == EINTR)
				continue;
			kids[i] = 0;
		}
}

/* Kill the children, then let the handler that was there before act. */
static void
on_signal(int sig)
{
	int saved = errno;
	size_t i;

	place_kill_children();
	for (i = 0; i < HB_ARRAY_SIZE(sigs); i++)
		if (sigs[i] == sig)
			sigaction(sig, &before[i], NULL);
	/* Pending until this handler returns (sig is blocked here). */
	raise(sig);
	/* cppcheck-suppress unreachableCode ; raise returns: sig is blocked */
	errno = saved;
}

/* Once per process: the exit hook, and the handlers chained to the ones in place. */
static void
install(void)
{
	struct sigaction sa, old;
	size_t i;

	if (owner == getpid())
		return;
	if (owner == 0)
		atexit(place_kill_children);
	owner = getpid();
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < HB_ARRAY_SIZE(sigs); i++) {
		/* Respect a signal the caller chose to ignore (nohup). */
		if (sigaction(sigs[i], NULL, &old) != 0 || old.sa_handler == SIG_IGN)
			continue;
		before[i] = old;
		sigaction(sigs[i], &sa, NULL);
	}
}

#ifndef __linux__
/* Without a death signal: look once a second whether the parent is still there. */
static void
on_alarm(int sig)
{
	(void)sig;
	if (getppid() != parent)
		_exit(1);
	alarm(1);
}
#endif

/* In a new child: default signals, die with the parent, and pin. */
static void
child_setup(const struct place *p, enum place_kind k, unsigned idx)
{
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = SIG_DFL;
	for (i = 0; i < HB_ARRAY_SIZE(sigs); i++)
		sigaction(sigs[i], &sa, NULL);
	for (i = 0; i < PLACE_MAX_CHILDREN; i++)
		kids[i] = 0;
#ifdef __linux__
	prctl(PR_SET_PDEATHSIG, SIGKILL);
#else
	sa.sa_handler = on_alarm;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGALRM, &sa, NULL);
	alarm(1);
#endif
	/* The parent may have died before the death signal was armed. */
	if (getppid() != parent)
		_exit(1);
	if (place_pin(p, k, idx) != 0) {
		msg_syswarn("process %u: cannot pin to CPU %d", idx,
			    place_cpu(k, p->cpus, p->ncpus, idx));
		_exit(1);
	}
}

pid_t
place_fork(const struct place *p, enum place_kind k, unsigned idx)
{
	sigset_t all, old;
	size_t i;
	pid_t pid;

	install();
	for (i = 0; i < PLACE_MAX_CHILDREN && kids[i] != 0; i++)
		continue;
	if (i == PLACE_MAX_CHILDREN) {
		errno = EAGAIN;
		return -1;
	}
	parent = getpid();
	/* No signal between fork and recording the child. */
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	pid = fork();
	if (pid > 0)
		kids[i] = pid;
	if (pid == 0) {
		owner = 0;
		child_setup(p, k, idx);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	return pid;
}
