/*
 * opts: the options of hostbench run and hostbench ab, one table: the
 * parser, the checks and the usage's "Options of" section read it.
 * --ssh, --bundle and --ssh-opt (a run on other hosts) are the front
 * end's: it runs those itself, and starts the agent of --box USER@HOST
 * before it starts the runner with --box HOST[:PORT].
 */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/output.h"
#include "core/utf8.h"
#include "runner.h"

enum opt_id {
	O_PROFILE, O_ROUNDS, O_ONLY, O_SKIP, O_NOTE, O_TAG, O_FSDIR, O_REMOTE, O_NET_TIME,
	O_TCP_WINDOW, O_CONFIDENCE, O_STREAMS, O_UDP_SIZE, O_UDP_RATE, O_BOX, O_BUDGET, O_SETTLE,
	O_RESULTS_DIR, O_OUT, O_QUIET, O_A, O_B, O_RESTORE, O_UNTIL, O_SSH, O_BUNDLE, O_SSH_OPT
};

#define RUN 1
#define AB 2
#define REC 4	/* written into the result file (opts_record) */

struct run_opt {
	unsigned char id;	/* enum opt_id */
	unsigned char value;	/* 0 none, 1 required, 2 optional (--name=V only) */
	unsigned char cmds;	/* RUN, AB or both */
	/* Where the value goes in struct settings (F), and whether "" means not given (E); 0: elsewhere. */
	unsigned char field;
	const char *name;
	const char *metavar;
	const char *help;	/* "\n" starts an indented line */
};

/* A value's place in struct settings, in pointers: those of run_opt's field. */
#define F(member) (unsigned char)(offsetof(struct settings, member) / sizeof(const char *))
#define E 0x80
/* (The last of them must be below E.) */
typedef char opts_fields_fit[F(settle_arg) < E ? 1 : -1];

static const struct run_opt opts[] = {
	{ O_PROFILE, 1, RUN | AB, F(profile_arg), "--profile", "P", "test, quick (default), standard or full" },
	{ O_ROUNDS, 1, RUN | AB, F(rounds_arg) | E, "--rounds", "N",
	  "run the whole list of benchmarks N times, round after\nround (1 .. 99; default 1 in test, else 3)" },
	{ O_ONLY, 1, RUN | AB, F(only) | E, "--only", "LIST", "run only these benchmarks (comma-separated program names)" },
	{ O_SKIP, 1, RUN | AB, F(skip) | E, "--skip", "LIST", "do not run these benchmarks" },
	{ O_NOTE, 1, RUN | AB, F(note) | E, "--note", "TEXT",
	  "record TEXT in the result file (one line of UTF-8, no\ncontrol characters: no CR, LF, tab or DEL; nor in a tag)" },
	{ O_TAG, 1, RUN | AB, 0, "--tag", "KEY=VALUE", "record \"tag-KEY: VALUE\" (KEY: a-z, 0-9, -); repeatable" },
	{ O_FSDIR, 1, RUN | AB, F(fsdir) | E, "--fsdir", "DIR", "run the file system benchmarks in DIR (default: TMPDIR)" },
	{ O_REMOTE, 1, RUN | AB | REC, F(remote) | E, "--remote-host", "H",
	  "give H to the network benchmarks as the remote end\n(its servers' key in $HOSTBENCH_KEY)" },
	{ O_NET_TIME, 1, RUN | AB | REC, F(net_time) | E, "--net-time", "T",
	  "the time of each network transfer: bw_tcp's, bw_udp's\n(each step of a UDP ladder), lat_load's load; 500ms,\n2s ... (1ms .. 3600s; default: the profile's)" },
	{ O_TCP_WINDOW, 1, RUN | AB | REC, F(tcp_window) | E, "--tcp-window", "SIZE", "bw_tcp's socket buffers (its -w; 1k .. 256m)" },
	{ O_CONFIDENCE, 1, RUN | AB | REC, F(confidence) | E, "--confidence", "L,W",
	  "sample each case until its interval at L% confidence is\nat most W% wide (netperf's -I L,W; 99,5: +-2.5%), 10 s\na case at most; cases that time whole curves or their\nown chains keep the profile's samples" },
	{ O_STREAMS, 1, RUN | AB | REC, F(streams) | E, "--streams", "N",
	  "bw_tcp's parallel streams (its -P), lat_load's streams\neach way (1 .. 64; default 1, lat_load 4)" },
	{ O_UDP_SIZE, 1, RUN | AB | REC, F(udp_size) | E, "--udp-size", "BYTES",
	  "the datagram size of bw_udp's cases but the 64-byte\npacket-rate one (40 .. 65507; default 1470)" },
	{ O_UDP_RATE, 1, RUN | AB | REC, F(udp_rate) | E, "--udp-rate", "LIST",
	  "the rates of the UDP ladder through --remote-host, in\nbits/s with k, m or g, comma-separated (10m,100m,1g),\nor ladder: bw_udp's own steps (the default)" },
	{ O_BOX, 1, RUN | AB, F(box) | E, "--box", "[USER@]HOST[:PORT]",
	  "the box (router) between here and --remote-host: its\nagent samples its CPUs and packet counters during each\nremote transfer, and its fingerprint goes into the result\nfile; with USER@, the agent is started there over ssh" },
	{ O_BUDGET, 1, RUN | AB, F(budget_arg) | E, "--budget", "SECONDS",
	  "start no benchmark after SECONDS; the rest are recorded\nas skipped" },
	{ O_SETTLE, 2, RUN | AB, F(settle_arg), "--settle", "[=S]",
	  "before each benchmark wait up to S seconds (1 .. 3600,\ndefault 10) for a quiet half second, and run one marked\nnoisy once more after another wait, keeping the better\nrun; the run waits 6 S in all at most" },
	{ O_RESULTS_DIR, 1, RUN | AB, F(results_dir), "--results-dir", "D", "write under D (default: results)" },
	{ O_OUT, 1, RUN, F(outfile) | E, "-o", "FILE", "write the result to FILE instead; refused if FILE exists" },
	{ O_QUIET, 0, RUN | AB, 0, "-q", NULL, "no progress on stderr" },
	{ O_A, 1, AB, F(state[0]), "--a", "CMD", "the command (sh -c) that puts the machine in state A" },
	{ O_B, 1, AB, F(state[1]), "--b", "CMD", "... in state B; each runs before every side of a round" },
	{ O_RESTORE, 1, AB, F(restore) | E, "--restore", "CMD",
	  "what puts the machine back at the end, after a failed\nstate command and on a signal (default: the --a CMD)" },
	{ O_UNTIL, 1, AB, F(until) | E, "--until", "PCT",
	  "add rounds until every metric is decided: changed beyond\n+-PCT, or the same within it (0.5 .. 50)" },
	{ O_SSH, 1, RUN, 0, "--ssh", "[USER@]HOST", "run on HOST instead, over ssh (repeatable)" },
	{ O_BUNDLE, 1, RUN, 0, "--bundle", "FILE", "the bundle to copy (make pack)" },
	{ O_SSH_OPT, 1, RUN, 0, "--ssh-opt", "OPTION", "give ssh \"-o OPTION\"" },
};

#define NOPTS (sizeof(opts) / sizeof(opts[0]))

static const char *sub = "run";

void
opts_usage(FILE *f, int ab)
{
	size_t i;

	for (i = 0; i < NOPTS; i++) {
		const struct run_opt *o = &opts[i];
		char head[64];
		const char *h = o->help;

		if (!(o->cmds & (ab ? AB : RUN)))
			continue;
		snprintf(head, sizeof(head), "%s%s%s", o->name,
			 o->metavar != NULL && o->value == 1 ? " " : "", o->metavar != NULL ? o->metavar : "");
		fprintf(f, "  %-18s", head);
		if (strlen(head) > 18)
			fprintf(f, "\n  %-18s", "");
		while (*h != '\0') {
			size_t n = strcspn(h, "\n");

			fprintf(f, "%.*s\n", (int)n, h);
			h += n;
			if (*h == '\n') {
				h++;
				fprintf(f, "  %-18s", "");
			}
		}
	}
}

void
opts_record(FILE *f, const struct settings *s)
{
	size_t k;

	for (k = 0; k < NOPTS; k++)
		if (opts[k].cmds & REC) {
			const char *v = ((const char *const *)(const void *)s)[opts[k].field & ~E];

			if (v != NULL)
				(void)output_config(f, opts[k].name + 2, "%s", v);
		}
}

/* A value that goes into argument lists (split at blanks, cases split at
 * ';'): no blank, ';', '&' or '\'. */
static void
check_word(const char *opt, const char *v)
{
	if (strpbrk(v, " \t\n\r\v\f;&\\") != NULL)
		run_usage_error("%s: %s: '%s' must not contain blanks, ';', '&' or '\\'", sub, opt, v);
}

/* One line of UTF-8 without control characters: a note, a tag's value. */
static void
check_text(const char *opt, const char *what, const char *v)
{
	char err[256];
	const unsigned char *p;

	for (p = (const unsigned char *)v; *p != '\0'; p++)
		if (*p < 0x20 || *p == 0x7f)
			run_usage_error("%s: %s: %smust not contain control characters (byte 0x%02x)",
					sub, opt, what, *p);
	if (utf8_check_text(v, strlen(v), err, sizeof(err)) != 0)
		run_usage_error("%s: %s: %smust be valid UTF-8 without control characters: %s",
				sub, opt, what, err);
}

/*
 * v as a whole number of digits (leading zeros no octal trap) in lo ..
 * hi, at most digits of them, else a usage error naming opt, the range
 * and what the number counts (unit: " of seconds", or "").
 */
static long long
whole(const char *opt, const char *v, unsigned digits, long long lo, long long hi, const char *unit)
{
	size_t n = strlen(v);
	const char *d = v;
	long long x;

	if (n == 0 || strspn(v, "0123456789") != n)
		run_usage_error("%s: %s: '%s' is not a whole number%s; allowed: %lld .. %lld", sub, opt, v,
				unit, lo, hi);
	while (*d == '0' && d[1] != '\0')
		d++;
	x = strlen(d) > digits ? -1 : strtoll(d, NULL, 10);
	if (x < lo || x > hi)
		run_usage_error("%s: %s: %s is out of range, allowed: %lld .. %lld", sub, opt, v, lo, hi);
	return x;
}

/* A number with an optional k, m or g: times base, base^2, base^3; -1
 * when it is none.  decimals: a fraction allowed. */
static double
scaled(const char *v, double base, int decimals)
{
	static const char units[] = "kKmMgG";
	size_t n = strspn(v, "0123456789");
	double x;
	const char *end, *u;

	if (n == 0)
		return -1;
	end = v + n;
	if (decimals && *end == '.') {
		size_t m = strspn(end + 1, "0123456789");

		if (m == 0)
			return -1;
		end += 1 + m;
	}
	x = strtod(v, NULL);
	if (*end == '\0')
		return x;
	if ((u = strchr(units, *end)) == NULL || end[1] != '\0')
		return -1;
	/* k, m, g: once, twice, thrice base. */
	for (n = (size_t)(u - units) / 2 + 1; n > 0; n--)
		x *= base;
	return x;
}

/* v (NULL: not given) as a size in bytes (k, m, g: 2^10 ...) in lo .. hi, else a usage error. */
static void
size_in(const char *opt, const char *v, double lo, double hi, const char *range)
{
	double x = v != NULL ? scaled(v, 1024, 0) : lo;

	if (x < lo || x > hi)
		run_usage_error("%s: %s: '%s' is not a size in range, allowed: %s", sub, opt, v, range);
}

/* The network settings, each checked as the programs would, so that a
 * bad one stops the run before it starts, not each case. */
static void
check_net(const struct settings *s)
{
	if (s->net_time != NULL) {
		const char *t = s->net_time;
		size_t n = strspn(t, "0123456789");
		const char *u = t + n;
		double v;

		if (n > 0 && *u == '.' && strspn(u + 1, "0123456789") > 0)
			u += 1 + strspn(u + 1, "0123456789");
		if (n == 0 || (strcmp(u, "") != 0 && strcmp(u, "us") != 0 && strcmp(u, "ms") != 0
			       && strcmp(u, "s") != 0))
			run_usage_error("%s: --net-time: '%s' is not a time; a number with us, ms or s (bare: s)",
					sub, t);
		v = strtod(t, NULL) * (strcmp(u, "us") == 0 ? 1e-6 : strcmp(u, "ms") == 0 ? 1e-3 : 1);
		if (v < 0.001 || v > 3600)
			run_usage_error("%s: --net-time: %s is out of range, allowed: 1ms .. 3600s", sub, t);
	}
	size_in("--tcp-window", s->tcp_window, 1024, 268435456, "1k .. 256m");
	if (s->confidence != NULL) {
		const char *c = s->confidence, *comma = strchr(c, ',');
		char *end;
		double level = strtod(c, &end), width;

		if (end == c || (*end != '\0' && end != comma) || !(level >= 50 && level <= 99.9))
			run_usage_error("%s: --confidence: '%s': a level in percent, 50 .. 99.9, then a comma "
					"and the interval's width in percent (99,5)", sub, c);
		if (comma != NULL) {
			width = strtod(comma + 1, &end);
			if (end == comma + 1 || *end != '\0' || !(width >= 0.01 && width <= 100))
				run_usage_error("%s: --confidence: '%s': the width after the comma is a percent "
						"of the value, 0.01 .. 100", sub, c);
		}
	}
	if (s->streams != NULL)
		(void)whole("--streams", s->streams, 2, 1, 64, "");
	size_in("--udp-size", s->udp_size, 40, 65507, "40 .. 65507 bytes");
	if (s->udp_rate != NULL && strcmp(s->udp_rate, "ladder") != 0) {
		const char *p = s->udp_rate;

		for (;;) {
			size_t n = strcspn(p, ",");
			char r[64];
			double v;

			snprintf(r, sizeof(r), "%.*s", (int)(n < sizeof(r) ? n : sizeof(r) - 1), p);
			v = n < sizeof(r) ? scaled(r, 1000, 1) : -1;
			if (v < 0)
				run_usage_error("%s: --udp-rate: '%s' is not a rate; bits/s with k, m or g "
						"(10m,100m,1g), or ladder", sub, r);
			if (v < 1e3 || v > 1e11)
				run_usage_error("%s: --udp-rate: %s is out of range, allowed: 1k .. 100g bits/s",
						sub, r);
			if (p[n] == '\0')
				break;
			p += n + 1;
		}
	}
}

static void
check_list(const struct suite *su, const char *opt, const char *list)
{
	const char *p = list;
	char names[2048];

	if (list[0] == '\0')
		run_usage_error("%s: %s: empty list", sub, opt);
	suite_programs(su, names, sizeof(names), ", ");
	for (;;) {
		size_t k = strcspn(p, ",");
		char b[64];

		snprintf(b, sizeof(b), "%.*s", (int)(k < sizeof(b) ? k : sizeof(b) - 1), p);
		if (strcmp(b, "hostinfo") == 0)
			run_usage_error("%s: %s: hostinfo is no benchmark: every run records the host "
					"fingerprint (hostbench info prints it); benchmarks: %s", sub, opt, names);
		if (k == 0 || k >= sizeof(b) || !suite_has(su, b))
			run_usage_error("%s: %s: unknown benchmark '%s'; known: %s", sub, opt, b, names);
		if (p[k] == '\0')
			break;
		p += k + 1;
	}
}

static void
check_box(struct settings *s, int remote)
{
	const char *b = s->box, *at = strchr(b, '@'), *host;
	size_t n = strlen(b);
	const char *colon;

	check_word("--box", b);
	if (b[0] == '-' || b[0] == '@' || n == 0 || b[n - 1] == '@' || b[n - 1] == ':'
	    || (at != NULL && strchr(at + 1, '@') != NULL) || strpbrk(b, "'\"") != NULL)
		run_usage_error("%s: --box: '%s' is not [USER@]HOST[:PORT]", sub, b);
	if (at != NULL && remote) {
		s->box_host = at + 1;
		return;
	}
	if (at != NULL)
		run_usage_error("%s: --box %s: the agent over ssh is started by hostbench (the front end), "
				"which then runs this with --box HOST[:PORT]", sub, b);
	host = b;
	/* An IPv6 address: [ADDR]:PORT, or no port. */
	colon = strchr(host, ':');
	if (host[0] != '[' && colon != NULL && strchr(colon + 1, ':') == NULL) {
		const char *port = colon + 1;

		if (strspn(port, "0123456789") != strlen(port))
			run_usage_error("%s: --box: '%s' is not a port number", sub, port);
	}
	s->box_host = host;
}

static const struct run_opt *
find_opt(const char *arg, const char **val)
{
	size_t i;

	*val = NULL;
	for (i = 0; i < NOPTS; i++) {
		size_t n = strlen(opts[i].name);

		if (strncmp(arg, opts[i].name, n) != 0)
			continue;
		if (arg[n] == '\0')
			return &opts[i];
		if (arg[n] == '=' && opts[i].value != 0 && opts[i].name[1] == '-') {
			*val = arg + n + 1;
			return &opts[i];
		}
	}
	if (strcmp(arg, "--quiet") == 0)
		for (i = 0; i < NOPTS; i++)
			if (opts[i].id == O_QUIET)
				return &opts[i];
	return NULL;
}

void
opts_parse(struct settings *s, int ab, int remote, int argc, char **argv)
{
	static char tagbuf[RUN_MAX_TAGS][4200];
	int i;
	size_t k;
	char names[64];

	sub = ab ? "ab" : "run";
	memset(s, 0, sizeof(*s));
	s->ab = ab;
	s->budget = -1;
	s->results_dir = "results";
	s->profile_arg = PROFILE_DEFAULT;
	for (i = 0; i < argc; i++) {
		const char *arg = argv[i], *val;
		const struct run_opt *o = find_opt(arg, &val);

		if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
			printf("usage: hostbench %s [options]\n\nOptions of %s:\n", sub, sub);
			opts_usage(stdout, ab);
			/* The profiles, from their table. */
			printf("\nProfiles (-N samples, -T time per sample, per round; sizes shrink to\n"
			       "fit free memory):\n");
			for (k = 0; k < profile_count; k++) {
				const struct profile *pf = &profiles[k];
				char map[80] = "", one[24];
				unsigned m;

				for (m = 0; m < 4 && pf->map_kb[m] != 0; m++) {
					suite_kb_arg(one, sizeof(one), pf->map_kb[m]);
					snprintf(map + strlen(map), sizeof(map) - strlen(map), "%s%s",
						 m > 0 ? "/" : "", one);
				}
				printf("  %-10s -N %u -T %s, %u round%s, lat_mmap at %s, lat_mem_rd to %u MB:\n"
				       "  %-10s %s\n", pf->name, pf->reps, pf->sample, pf->rounds,
				       pf->rounds == 1 ? "" : "s", map, pf->lat_mb, "", pf->about);
			}
			exit(0);
		}
		if (strcmp(arg, "--") == 0) {
			if (i + 1 < argc)
				run_usage_error("%s: unexpected argument '%s'", sub, argv[i + 1]);
			break;
		}
		if (o == NULL) {
			if (arg[0] == '-')
				run_usage_error("%s: unknown option '%s'", sub, arg);
			run_usage_error("%s: unexpected argument '%s'", sub, arg);
		}
		if (o->value == 2 && val == NULL)
			val = "10";
		else if (o->value == 1 && val == NULL) {
			if (i + 1 >= argc)
				run_usage_error("%s: option '%s' needs a value", sub, arg);
			val = argv[++i];
		}
		if (!(o->cmds & (ab ? AB : RUN))) {
			if (!ab)
				run_usage_error("run: unknown option '%s' (it is one of ab's)", o->name);
			run_usage_error("ab: %s is refused: an A/B experiment runs here and publishes two "
					"files under --results-dir", o->name);
		}
		if (o->field != 0)
			((const char **)(void *)s)[o->field & ~E] = val;
		switch (o->id) {
		case O_TAG: {
			const char *eq = strchr(val, '=');
			size_t kl = eq != NULL ? (size_t)(eq - val) : 0;
			char what[128];

			if (eq == NULL)
				run_usage_error("%s: --tag: '%s' is not KEY=VALUE", sub, val);
			if (kl == 0 || val[0] < 'a' || val[0] > 'z'
			    || strspn(val, "abcdefghijklmnopqrstuvwxyz0123456789-") < kl)
				run_usage_error("%s: --tag: bad key '%.*s' in '%s'; a key is a-z then a-z, 0-9 or -",
						sub, (int)kl, val, val);
			if (kl > 40)
				run_usage_error("%s: --tag: key '%.*s' is longer than 40 characters", sub, (int)kl, val);
			if (eq[1] == '\0')
				run_usage_error("%s: --tag: no value in '%s'", sub, val);
			snprintf(what, sizeof(what), "the value of '%.*s' ", (int)kl, val);
			check_text("--tag", what, eq + 1);
			for (k = 0; k < s->ntags; k++)
				if (strncmp(s->tag[k] + 4, val, kl) == 0 && s->tag[k][4 + kl] == ':')
					run_usage_error("%s: --tag: '%.*s' given twice", sub, (int)kl, val);
			if (s->ntags == RUN_MAX_TAGS)
				run_usage_error("%s: --tag: more than %d tags", sub, RUN_MAX_TAGS);
			if (strlen(val) > 4000)
				run_usage_error("%s: --tag: '%.*s' is longer than 4000 bytes", sub, (int)kl, val);
			snprintf(tagbuf[s->ntags], sizeof(tagbuf[0]), "tag-%.*s: %s", (int)kl, val, eq + 1);
			s->tag[s->ntags] = tagbuf[s->ntags];
			s->ntags++;
			break;
		}
		case O_QUIET: s->quiet = 1; break;
		case O_SSH:
			run_usage_error("run: --ssh: a run on other hosts is hostbench's (the front end): "
					"hostbench run --ssh %s", val);
		case O_BUNDLE:
			run_usage_error("run: --bundle is for --ssh runs (and --box USER@HOST)");
		case O_SSH_OPT:
			run_usage_error("run: --ssh-opt is for --ssh runs (and --box USER@HOST)");
		default:
			break;
		}
	}
	/* Empty values mean "not given", so that make can always pass them. */
	for (k = 0; k < NOPTS; k++)
		if (opts[k].field & E) {
			const char **v = &((const char **)(void *)s)[opts[k].field & ~E];

			if (*v != NULL && (*v)[0] == '\0')
				*v = NULL;
		}
	if ((s->prof = profile_find(s->profile_arg)) == NULL)
		run_usage_error("%s: --profile: unknown profile '%s'; allowed: %s", sub, s->profile_arg,
				profile_names(names, sizeof(names)));
	snprintf(R.shared, sizeof(R.shared), "-N %u -T %s", s->prof->reps, s->prof->sample);
	if (s->only != NULL)
		check_list(&R.suite, "--only", s->only);
	if (s->skip != NULL)
		check_list(&R.suite, "--skip", s->skip);
	if (s->note != NULL)
		check_text("--note", "the note ", s->note);
	if (s->budget_arg != NULL)
		s->budget = whole("--budget", s->budget_arg, 8, 0, 99999999, " of seconds");
	if (s->settle_arg != NULL)
		s->settle = (int)whole("--settle", s->settle_arg, 4, 1, 3600, " of seconds");
	if (s->until != NULL) {
		const char *u = s->until;
		size_t n = strlen(u);
		double v;

		if (n == 0 || strspn(u, "0123456789.") != n || u[0] == '.' || u[n - 1] == '.'
		    || (strchr(u, '.') != NULL && strchr(strchr(u, '.') + 1, '.') != NULL))
			run_usage_error("ab: --until: '%s' is not a percentage; allowed: 0.5 .. 50", u);
		v = strtod(u, NULL);
		if (!(v >= 0.5 && v <= 50))
			run_usage_error("ab: --until: %s is out of range, allowed: 0.5 .. 50", u);
		if (s->rounds_arg == NULL)
			s->rounds_arg = "99";
	}
	if (s->rounds_arg == NULL)
		s->rounds = ab ? 3 : s->prof->rounds;
	else {
		s->rounds = (unsigned)whole("--rounds", s->rounds_arg, 2, 1, 99, "");
		s->rounds_given = 1;
	}
	/* A directory on the remote hosts (remote): checked there. */
	if (s->fsdir != NULL && remote)
		check_word("--fsdir", s->fsdir);
	else if (s->fsdir != NULL) {
		struct stat st;

		check_word("--fsdir", s->fsdir);
		if (stat(s->fsdir, &st) != 0 || !S_ISDIR(st.st_mode))
			run_usage_error("%s: --fsdir: '%s' is not a directory", sub, s->fsdir);
		if (access(s->fsdir, W_OK) != 0)
			run_usage_error("%s: --fsdir: '%s' is not writable", sub, s->fsdir);
	}
	if (s->remote != NULL) {
		check_word("--remote-host", s->remote);
		if (s->remote[0] == '-')
			run_usage_error("%s: --remote-host: '%s' is not a host name", sub, s->remote);
	}
	check_net(s);
	if (s->box != NULL)
		check_box(s, remote);
	if (s->results_dir[0] == '\0')
		run_usage_error("%s: --results-dir: empty directory name", sub);
	if (s->outfile != NULL) {
		struct stat st;

		if (lstat(s->outfile, &st) == 0)
			run_usage_error("%s: -o: '%s' exists; not overwriting it", sub, s->outfile);
	}
	if (!ab)
		return;
	for (i = 0; i < 2; i++)
		if (s->state[i] == NULL)
			run_usage_error("ab: --%c: no command for state %c (--%c 'CMD')", "ab"[i], "AB"[i], "ab"[i]);
	for (i = 0; i < 2; i++) {
		if (s->state[i][0] == '\0')
			run_usage_error("ab: --%c: the state command is empty", "ab"[i]);
		if (strchr(s->state[i], '\n') != NULL)
			run_usage_error("ab: --%c: the state command must be one line (it is recorded as ab-state)",
					"ab"[i]);
	}
	if (strcmp(s->state[0], s->state[1]) == 0)
		run_usage_error("ab: --a and --b: the same command: there is nothing to compare");
	if (s->restore == NULL)
		s->restore = s->state[0];
}
