/*
 * sock_main: the options every network program takes, and the driver
 * behind every program's main: `PROG -s` (a server in the background),
 * `PROG -S HOST` (stop it), `PROG HOST` (measure against it) and `PROG`
 * alone (start a server on loopback for each placement of lib/place/place,
 * measure, stop it).
 *
 * sock_parse_rate is pure; sock_opt_then and sock_check_samples exit with
 * status 2 on a bad value (like bench_arg_int), and sock_run and
 * sock_main run a whole program.
 */
#ifndef HB_SOCK_MAIN_H
#define HB_SOCK_MAIN_H

#include <stddef.h>
#include <stdint.h>

#include "driver/bench.h"
#include "net/sock.h"
#include "net/sock_serve.h"
#include "place/place.h"

/* ---------------------------------------------------------------- options */

/* The client/server options every network program takes. */
struct sock_opts {
	int server;		/* -s */
	const char *stop;	/* -S host */
	const char *bind;	/* -b addr (bw_udp: -B); "any": every address */
	const char *keyfile;	/* -K file */
	int family;		/* AF_UNSPEC; AF_INET6 with -6 */
	long long port;		/* -n; -1: the program's default (a server the
				 * program starts itself: any free port) */
	uint64_t idle_ns;	/* -i; default 60 s; 0: never */
	unsigned place_mask;	/* -p; 0: lib/place/place's default */
	uint64_t dur_ns;	/* -t (bw_tcp, bw_udp); default 2 s */
	long long v4_prefix;	/* -G: the IPv4 network of a peer (sock_peer_net); default 24 */
};

/*
 * These options as rows of a program's table (see bench.h), stored in so
 * by lib/driver/bench: the mode (-s, -S host), the listening address under the
 * letter given (-b; bw_udp's -B, its -b being a rate) with more help
 * text, the rest (-K, -6, -n, -i), the placement (-p) and, for the
 * programs that transfer for a time, -t.
 */
#define SOCK_OPT_MODE(so) \
	{ 's', BENCH_OPT_FLAG, NULL, offsetof(struct sock_opts, server), 0, 0, NULL, 0, \
	  "run a server in the background (prints its pid, port and key)", NULL, &(so) }, \
	{ 'S', BENCH_OPT_TEXT, "host", offsetof(struct sock_opts, stop), 0, 0, NULL, 0, \
	  "stop the server on host", NULL, &(so) }
#define SOCK_OPT_BIND(letter, so, more) \
	{ letter, BENCH_OPT_TEXT, "addr", offsetof(struct sock_opts, bind), 0, 0, NULL, 0, \
	  "with -s: listen on addr (default: loopback only; any: every address)" more, NULL, &(so) }
#define SOCK_OPT_REST(so) \
	{ 'K', BENCH_OPT_TEXT, "file", offsetof(struct sock_opts, keyfile), 0, 0, NULL, 0, \
	  "the server's key: read from file (with -s: made there, mode 0600,\n" \
	  "when it does not exist); default $HOSTBENCH_KEY, or with -s a new one", NULL, &(so) }, \
	{ '6', BENCH_OPT_CALL, NULL, 0, 0, 0, NULL, 0, \
	  "use IPv6 (loopback ::1 when no host is given)", sock_opt_then, &(so) }, \
	{ 'n', BENCH_OPT_INT, "port", offsetof(struct sock_opts, port), 0, 65535, NULL, 0, \
	  "the server's port (default: the program's; 0 with -s: any free\n" \
	  "port); with no host, the port of the server the program starts\n" \
	  "itself (default and 0: any free port)", NULL, &(so) }, \
	{ 'i', BENCH_OPT_TIME, "time", offsetof(struct sock_opts, idle_ns), 0, 86400e9, "s", 0, \
	  "with -s: exit after this long without a client that has the key\n" \
	  "(bare number: s; default 60s; 0: never)", NULL, &(so) }, \
	{ 'G', BENCH_OPT_INT, "bits", offsetof(struct sock_opts, v4_prefix), 16, 32, NULL, 0, \
	  "with -s: the IPv4 prefix length of a peer's network (default 24;\n" \
	  "32: each address its own); peers of one network (IPv6: one /64)\n" \
	  "share 8 slots for connections that have not proved the key", NULL, &(so) }
#define SOCK_OPT_PLACE(so) \
	{ 'p', BENCH_OPT_CALL, "where", 0, 0, 0, NULL, 0, PLACE_HELP, sock_opt_then, &(so) }
#define SOCK_OPT_TIME(so, help) \
	{ 't', BENCH_OPT_TIME, "time", offsetof(struct sock_opts, dur_ns), 1e6, 3600e9, "s", 0, \
	  help, NULL, &(so) }
/*
 * The fields of struct bench_prog that every network program has alike:
 * its operands and the copies (-P) a server serves at once.
 */
#define SOCK_BENCH_FIELDS \
	.args = "-s | -S host | [host]", \
	.min_args = 0, \
	.max_args = 1, \
	.max_parallel = SOCK_MAX_PARALLEL, \
	.why_parallel = "what a server serves at once"

/* The rows most programs end their table with: mode, -b, the rest, -p. */
#define SOCK_OPTS(so) \
	SOCK_OPT_MODE(so), SOCK_OPT_BIND('b', so, ""), SOCK_OPT_REST(so), SOCK_OPT_PLACE(so)

/* The then() of -6 and -p: ctx is the struct sock_opts. */
void sock_opt_then(const struct bench_prog *p, int letter, const char *arg, void *ctx);

/* Defaults: a client, any family, the default port, 60 s idle, the default placement, 2 s. */
void sock_opts_init(struct sock_opts *so);

/*
 * Parse a rate in bits/s: a decimal number with an optional k, m or g
 * (10^3, 10^6, 10^9, either case), as iperf's -b; 0 means unlimited,
 * anything else must lie in 1k .. 100g.  Returns 0 and *bits, or -1
 * with a message naming opt and the value in err.  Pure.
 */
int sock_parse_rate(const char *opt, const char *s, double *bits,
		    char *err, size_t errlen);

/* The most samples a transfer (bw_tcp, bw_udp) splits into. */
#define SOCK_MAX_SAMPLES 1000

/*
 * For bw_tcp and bw_udp after bench_init: exit 2 when -N is above
 * SOCK_MAX_SAMPLES or -t would make a sample shorter than 1 ms.
 */
void sock_check_samples(const struct bench_prog *p, const struct bench_opts *o,
			const struct sock_opts *so);

/* ---------------------------------------------------------------- driver */

/* What a network program tells the driver. */
struct sock_prog {
	const struct bench_prog *bench;
	unsigned proto;		/* enum sock_proto */
	unsigned port;		/* default port */
	int udp;		/* a UDP socket beside the TCP one, on the same port (lat_rpc) */
	unsigned max_children;	/* for sock_serve */
	int bare;		/* for sock_serve */
	int (*conn)(int fd, const struct sock_server *s);
	/* A server loop of its own (lat_rpc), or NULL: sock_serve. */
	int (*serve)(struct sock_server *s);
	/* -S: stop the server at a; NULL: a STOP message over TCP. */
	int (*stop)(const struct sock_addr *a, unsigned proto);
	/*
	 * One client run against the server at a; part is the name part
	 * that says where it ran ("placement=one", "placement=unpinned" for
	 * another server on this host, "peer=remote").  0, or -1 after
	 * printing why.
	 */
	int (*measure)(const struct sock_addr *a, const char *part, void *arg);
	/*
	 * Called by sock_run once the options are parsed, before sock_main:
	 * the program's own checks and setup (a buffer of the size its -m
	 * asked for; o kept for measure), dying on failure; or NULL.
	 */
	void (*setup)(void *arg, const struct bench_opts *o, const struct sock_opts *so);
	void *arg;
};

/*
 * Run the program the way its options say (see above) and return its
 * exit status: 0, 1 (a failure, printed), 77 (a placement impossible
 * here).  host is the positional argument or NULL.  Exits 2 for options
 * that exclude each other.  (-P above SOCK_MAX_PARALLEL, what a server
 * serves at once, is refused by bench_init: SOCK_BENCH_FIELDS.)
 */
int sock_main(const struct sock_prog *sp, const struct sock_opts *so,
	      const struct bench_opts *o, const char *host);

/*
 * The far end's fingerprint: ask sp's server on host (so's -n port, else
 * sp's; -6; the key of -K or $HOSTBENCH_KEY) for its host's fingerprint
 * and print it on stdout, each key prefixed "far-"
 * (sock_far_fingerprint).  Returns 0; exits 1 naming the server and why
 * when it sends none, 2 on a bad key file.
 */
int sock_far(const struct sock_prog *sp, const struct sock_opts *so, const char *host);

/*
 * A network program's whole main: so's defaults (sock_opts_init), the
 * command line parsed by bench_init into so, the program's own rows and
 * the shared options (exits 0 after -h or -V, 2 on a usage error), then
 * sp->setup, then sock_main with the positional argument as the host;
 * returns sock_main's status.  Inline so that its call of bench_init is
 * compiled with the program, as the argv fuzz target (tests/fuzz/argv.c)
 * needs: it renames each program's bench_init to stop once the command
 * line is parsed.
 */
static inline int
sock_run(const struct sock_prog *sp, struct sock_opts *so, int argc, char **argv)
{
	struct bench_opts o;
	int ai;

	sock_opts_init(so);
	ai = bench_init(&o, sp->bench, argc, argv);
	if (sp->setup != NULL)
		sp->setup(sp->arg, &o, so);
	return sock_main(sp, so, &o, ai < argc ? argv[ai] : NULL);
}

#endif
