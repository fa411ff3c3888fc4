/*
 * place-t: the -p parser, the default placements, the CPU chosen for each
 * process, the configuration line, and partner processes that never
 * outlive their parent.
 *
 * Everything but the last two checks is a pure function given a made-up
 * allowed-CPU list, so the results do not depend on this machine.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "place/place.h"
#include "tap/basic.h"

#define ONE PLACE_BIT(PLACE_ONE)
#define SPREAD PLACE_BIT(PLACE_SPREAD)
#define UNPINNED PLACE_BIT(PLACE_UNPINNED)

static const struct {
	const char *s;
	unsigned want;		/* 0: an error */
} values[] = {
	{ "one", ONE },
	{ "spread", SPREAD },
	{ "both", ONE | SPREAD },
	{ "unpinned", UNPINNED },
	{ "", 0 },
	{ "One", 0 },
	{ "spread ", 0 },
	{ "all", 0 },
};

static const struct {
	int can_pin;
	size_t ncpus;
	unsigned want;
} defaults[] = {
	{ 1, 2, ONE | SPREAD },
	{ 1, 64, ONE | SPREAD },
	{ 1, 1, ONE },
	{ 0, 4, UNPINNED },
	{ 0, 1, UNPINNED },
	{ 0, 0, UNPINNED },
};

/* Setup: which masks are possible on which machines, and why not. */
static const struct {
	const char *what;
	size_t ncpus;
	int can_pin;
	unsigned mask, want;	/* want 0: refused, with msg in the reason */
	const char *msg;
} setups[] = {
	{ "the default on 2 CPUs", 2, 1, 0, ONE | SPREAD, NULL },
	{ "the default on 1 CPU", 1, 1, 0, ONE, NULL },
	{ "the default without pinning", 2, 0, 0, UNPINNED, NULL },
	{ "spread on 1 CPU", 1, 1, SPREAD, 0, "spread needs two CPUs; only CPU 3 is allowed" },
	{ "both on 1 CPU", 1, 1, ONE | SPREAD, 0, "spread needs two CPUs" },
	{ "one without pinning", 4, 0, ONE, 0, "placement one: cannot pin" },
	{ "spread without pinning", 4, 0, SPREAD, 0, "placement spread: cannot pin" },
	{ "unpinned without pinning", 4, 0, UNPINNED, UNPINNED, NULL },
	{ "one with an unknown CPU list", 0, 1, ONE, 0, "cannot pin" },
};

/* The CPU of process idx among the allowed CPUs 3,5,6,7. */
static const struct {
	enum place_kind k;
	unsigned idx;
	int want;
} choices[] = {
	{ PLACE_ONE, 0, 3 },
	{ PLACE_ONE, 1, 3 },
	{ PLACE_ONE, 9, 3 },
	{ PLACE_SPREAD, 0, 3 },
	{ PLACE_SPREAD, 1, 5 },
	{ PLACE_SPREAD, 3, 7 },
	{ PLACE_SPREAD, 4, 3 },
	{ PLACE_SPREAD, 6, 6 },
	{ PLACE_UNPINNED, 0, -1 },
	{ PLACE_UNPINNED, 1, -1 },
};

static const int cpus4[] = { 3, 5, 6, 7 };

static void
test_forks(void)
{
	struct place pl;
	char err[256];
	pid_t pid;
	int st;

	if (place_setup(&pl, cpus4, 4, 0, UNPINNED, err, sizeof(err)) != 0)
		bail("place_setup: %s", err);
	pid = place_fork(&pl, PLACE_UNPINNED, 1);
	if (pid == 0) {
		pause();
		_exit(0);
	}
	ok(pid > 0, "place_fork starts a child");
	place_kill_children();
	errno = 0;
	ok(waitpid(pid, &st, WNOHANG) < 0 && errno == ECHILD,
	   "place_kill_children kills and reaps it");
	pid = place_fork(&pl, PLACE_UNPINNED, 1);
	if (pid == 0)
		_exit(kill(getppid(), 0) == 0 ? 7 : 8);
	ok(pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 7,
	   "the child runs its own code and exits");
	place_kill_children();
}

int
main(void)
{
	struct place pl;
	enum place_kind list[PLACE_COUNT];
	char err[256], buf[256];
	unsigned mask;
	size_t i;

	plan(HB_ARRAY_SIZE(values) + HB_ARRAY_SIZE(defaults) + HB_ARRAY_SIZE(setups)
	     + HB_ARRAY_SIZE(choices) + 17);

	for (i = 0; i < HB_ARRAY_SIZE(values); i++) {
		int rc;

		mask = 12345;
		err[0] = '\0';
		rc = place_parse("-p", values[i].s, &mask, err, sizeof(err));
		if (values[i].want != 0)
			ok(rc == 0 && mask == values[i].want, "-p '%s' reads as mask %u",
			   values[i].s, values[i].want);
		else
			ok(rc == -1 && mask == 12345 &&
			   strstr(err, "-p: value '") != NULL &&
			   strstr(err, "allowed: one, spread, both, unpinned") != NULL,
			   "-p '%s' is refused with the allowed values (%s)", values[i].s, err);
	}
	for (i = 0; i < HB_ARRAY_SIZE(defaults); i++)
		is_int(defaults[i].want, place_default(defaults[i].can_pin, defaults[i].ncpus),
		       "default with pinning %d on %zu CPUs", defaults[i].can_pin,
		       defaults[i].ncpus);
	for (i = 0; i < HB_ARRAY_SIZE(setups); i++) {
		int rc;

		err[0] = '\0';
		rc = place_setup(&pl, cpus4, setups[i].ncpus, setups[i].can_pin,
				 setups[i].mask, err, sizeof(err));
		if (setups[i].want != 0)
			ok(rc == 0 && pl.mask == setups[i].want, "%s: mask %u",
			   setups[i].what, setups[i].want);
		else
			ok(rc == -1 && strstr(err, setups[i].msg) != NULL,
			   "%s: refused (%s)", setups[i].what, err);
	}
	for (i = 0; i < HB_ARRAY_SIZE(choices); i++)
		is_int(choices[i].want, place_cpu(choices[i].k, cpus4, 4, choices[i].idx),
		       "%s: process %u on CPU %d", place_name(choices[i].k),
		       choices[i].idx, choices[i].want);
	is_int(-1, place_cpu(PLACE_ONE, cpus4, 0, 0), "no CPU known: no CPU chosen");

	place_setup(&pl, cpus4, 4, 1, ONE | SPREAD | UNPINNED, err, sizeof(err));
	is_int(3, (long long)place_list(&pl, list, PLACE_COUNT), "three placements listed");
	ok(list[0] == PLACE_ONE && list[1] == PLACE_SPREAD && list[2] == PLACE_UNPINNED,
	   "in the order one, spread, unpinned");
	is_int(1, (long long)place_list(&pl, list, 1), "the list stops at max");
	is_string("one, cpu 3", place_describe(&pl, PLACE_ONE, buf, sizeof(buf)),
		  "one is described with its CPU");
	is_string("spread, cpus 3,5-7 round-robin", place_describe(&pl, PLACE_SPREAD, buf, sizeof(buf)),
		  "spread is described with the CPU list");
	is_string("unpinned, cpus 3,5-7", place_describe(&pl, PLACE_UNPINNED, buf, sizeof(buf)),
		  "unpinned is described with the allowed CPUs");
	place_setup(&pl, cpus4, 0, 0, 0, err, sizeof(err));
	is_string("unpinned", place_describe(&pl, PLACE_UNPINNED, buf, sizeof(buf)),
		  "unpinned with no CPU list is just unpinned");
	is_string("placement=one", place_name_part(PLACE_ONE), "name part of one");
	is_string("placement=spread", place_name_part(PLACE_SPREAD), "name part of spread");
	is_string("placement=unpinned", place_name_part(PLACE_UNPINNED), "name part of unpinned");
	is_string("?", place_name(PLACE_COUNT), "an unknown placement has no name");
	ok(place_pin(&pl, PLACE_UNPINNED, 0) == 0, "pinning for unpinned does nothing");
	ok(place_pin(&pl, PLACE_ONE, 0) == -1, "pinning without a CPU list fails");

	test_forks();
	return 0;
}
