/*
 * place_main-t: place_move's exact transfers and EOF, and place_main
 * driving a made-up benchmark of two cases (one partner, then three):
 * -p through PLACE_OPT, the hooks once per case, every partner
 * forked with its index, the result names, the exit status.  (-P and
 * the exits are the programs' tests': tests/tap/libplace.sh.)
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "driver/bench.h"
#include "place/place_main.h"
#include "tap/basic.h"

struct state {
	int to[2], from[2];	/* to partner 1, from every partner */
	unsigned want;		/* partners of the case */
	unsigned opened, readied, closed, bad;
};

static const struct bench_opt opts[] = {
	PLACE_OPT,
};

static const struct bench_prog prog = {
	.name = "place_main-t",
	.args = "",
	.summary = "place_main-t: a made-up benchmark",
	.opts = opts,
	.nopts = HB_ARRAY_SIZE(opts),
	.min_args = 0,
	.max_args = 0,
	.max_parallel = 1,
	.why_parallel = "a test",
};

static int
next(void *arg, size_t i, struct place_case *c)
{
	struct state *s = arg;

	if (i >= 2)
		return 0;
	s->want = i == 0 ? 1 : 3;
	c->partners = s->want;
	snprintf(c->name, sizeof(c->name), "PlaceMainT/%s", i == 0 ? "a" : "b");
	return 1;
}

static void
t_open(void *arg)
{
	struct state *s = arg;

	s->opened++;
	if (pipe(s->to) != 0 || pipe(s->from) != 0)
		bail("pipe: %s", strerror(errno));
}

/* Every partner says its index; partner 1 then echoes, the others wait to be killed. */
static HB_NORETURN void
t_partner(void *arg, unsigned idx)
{
	struct state *s = arg;
	char c = (char)idx;

	close(s->to[1]), close(s->from[0]);
	if (place_move(s->from[1], &c, 1, 1) != 0)
		_exit(1);
	if (idx != 1)
		for (;;)
			pause();
	while (place_move(s->to[0], &c, 1, 0) == 0)
		if (place_move(s->from[1], &c, 1, 1) != 0)
			_exit(1);
	_exit(0);
}

static void
t_ready(void *arg)
{
	struct state *s = arg;
	unsigned i, seen = 0;
	char c;

	s->readied++;
	close(s->to[0]), close(s->from[1]);
	for (i = 0; i < s->want; i++) {
		if (place_move(s->from[0], &c, 1, 0) != 0)
			bail("a partner's index: %s", strerror(errno));
		seen |= 1u << (unsigned char)c;
	}
	if (seen != ((1u << (s->want + 1)) - 2))
		s->bad++;
}

static int
t_loop(void *arg, uint64_t n)
{
	struct state *s = arg;
	char c = 'x';

	while (n-- > 0)
		if (place_move(s->to[1], &c, 1, 1) != 0 || place_move(s->from[0], &c, 1, 0) != 0)
			return -1;
	return 0;
}

static void
t_close(void *arg)
{
	struct state *s = arg;

	s->closed++;
	close(s->to[1]), close(s->from[0]);
}

static struct state state;

static const struct place_prog pp = {
	.bench = &prog,
	.name = "PlaceMainT",
	.arg = &state,
	.next = next,
	.open = t_open,
	.partner = t_partner,
	.ready = t_ready,
	.loop = t_loop,
	.close = t_close,
};

/* Whether the text f holds a line starting with prefix. */
static int
has_line(FILE *f, const char *prefix)
{
	char line[512];

	rewind(f);
	while (fgets(line, sizeof(line), f) != NULL)
		if (strncmp(line, prefix, strlen(prefix)) == 0)
			return 1;
	return 0;
}

int
main(void)
{
	char *argv[] = { "place_main-t", "-N", "1", "-T", "1ms", "-o", "raw", "-p", "unpinned", NULL };
	struct bench_opts o;
	int p[2], saved, rc;
	FILE *out;
	char buf[8];

	plan(9);

	if (pipe(p) != 0)
		bail("pipe: %s", strerror(errno));
	ok(place_move(p[1], "hello", 5, 1) == 0, "place_move writes 5 bytes");
	ok(place_move(p[0], buf, 5, 0) == 0 && memcmp(buf, "hello", 5) == 0,
	   "place_move reads them back");
	close(p[1]);
	errno = 0;
	ok(place_move(p[0], buf, 1, 0) == -1 && errno == EPIPE, "EOF is -1 with EPIPE");
	close(p[0]);

	bench_init(&o, &prog, 9, argv);

	out = tmpfile();
	if (out == NULL)
		bail("tmpfile: %s", strerror(errno));
	fflush(stdout);
	saved = dup(1);
	if (saved < 0 || dup2(fileno(out), 1) < 0)
		bail("dup: %s", strerror(errno));
	rc = place_main(&pp, &o);
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	is_int(0, rc, "place_main returns 0");
	is_int(2, (long long)state.opened, "open: once per case (-p unpinned)");
	is_int(2, (long long)state.readied, "ready: once per case");
	is_int(0, (long long)state.bad, "the partners of each case are 1..N");
	is_int(2, (long long)state.closed, "close: once per case");
	ok(has_line(out, "BenchmarkPlaceMainT/a/placement=unpinned")
	   && has_line(out, "BenchmarkPlaceMainT/b/placement=unpinned"),
	   "each case is named <name>/placement=unpinned");
	fclose(out);
	return 0;
}
