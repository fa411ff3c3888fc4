/*
 * hostinfo: the host, build and clock as configuration lines.
 *
 * Prints what every result file starts with, one "key: value" line each:
 * hostbench, host, os, kernel, arch, emulation (the binfmt_misc entry
 * that runs this binary, or none; -e names the emulator instead), cpu,
 * cpus, cpu-mhz, mem, llc, governor, thp, cmdline (whole), modules (the loaded
 * ones' names, sorted), irq-affinity, nics, qdiscs, offloads,
 * net-sysctls (the network's setup, as the box's), load, libc, compiler,
 * cflags, build-host, clock, clock-resolution, date, netfilter-rules,
 * then the unit metadata lines of the units hostbench writes ("Unit
 * p50-ns better=lower", for benchstat).  Nothing is timed; a fact the
 * system does not tell reads "unknown".  -a prints the
 * lines each case of a run starts with instead (cpu-affinity, load); -m
 * the memory a program of the run may use, in kB ("unknown": no limit),
 * which the front end sizes the cases to; -c the last-level cache and the
 * buffer size that measures memory past it, in kB, which it sizes the
 * memory bandwidth cases to; -k the keys written as run
 * notes ("# key: value"), one a line; -t the fingerprint's keys, the
 * table it is written from (lib/host/fingerprint: key and kinds); -u the
 * units hostbench writes, a tab-separated table (unit, better, assume,
 * meaning).  -R reads /proc and /sys under
 * another directory (tests; files copied from a board).
 *
 * On a router ("the box"), -s runs the box agent: a server like every
 * hostbench server (key check, idle exit; lib/net/boxagent) that samples the
 * box's CPUs, interrupts and softnet counters while a network benchmark
 * pushes traffic through it (lib/net/box, the programs' -A), and tells its
 * fingerprint; -S stops it, -F prints its fingerprint here, each key
 * prefixed "box-".  -f prints the fingerprint of the far end of a network
 * benchmark, the host of the server of -p's program (default lat_tcp),
 * each key prefixed "far-", and far-same-kernel.
 *
 * usage: hostinfo [-h] [-V] [-a | -c | -m | -k | -t | -u] [-e emulator] [-R root]
 *        hostinfo -s [-b addr] [-n port] [-i idle] [-K keyfile] [-G bits]
 *        hostinfo -S host | -F host [-n port] [-K keyfile]
 *        hostinfo -f host [-p prog] [-n port] [-K keyfile]
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/msg.h"
#include "core/output.h"
#include "core/parse.h"
#include "driver/bench.h"
#include "host/fingerprint.h"
#include "host/memory.h"
#include "host/sysinfo.h"
#include "net/box.h"
#include "net/boxagent.h"
#include "net/sock_main.h"
#include "net/sock_proto.h"

static const char usage_line[] =
	"usage: hostinfo [-h] [-V] [-a | -c | -m | -k | -t | -u] [-e emulator] [-R root]\n"
	"       hostinfo -s [-b addr] [-n port] [-i idle] [-K keyfile] [-G bits]\n"
	"       hostinfo -S host | -F host [-n port] [-K keyfile]\n"
	"       hostinfo -f host [-p prog] [-n port] [-K keyfile]\n";

static const char help_text[] =
	"Print the host, build and clock as configuration lines (the head of\n"
	"every hostbench result file).\n"
	"\n"
	"  -a           print the lines each case of a run starts with instead:\n"
	"               cpu-affinity and load\n"
	"  -c           print the last-level cache one process uses and the size\n"
	"               of a buffer that measures the memory past it (4 x the\n"
	"               cache, at least 8M) instead, in kB; where nothing tells,\n"
	"               the cache assumed (4M; HOSTBENCH_LLC sets it)\n"
	"  -m           print the memory a program of the run may use instead,\n"
	"               in kB (unknown: nothing limits it)\n"
	"  -k           print the keys written as run notes (# key: value)\n"
	"  -t           print the fingerprint's keys in its order, each with its\n"
	"               kinds: note, noisy, list, ordered, given, box (or -)\n"
	"  -u           print the units hostbench writes: unit, better (higher,\n"
	"               lower or -), assume (exact or nothing), meaning\n"
	"  -e emulator  the programs run under this emulator (hostbench's\n"
	"               wrapper): emulation names it\n"
	"  -R root      read /proc and /sys under root (facts from system calls\n"
	"               and commands are still this host's)\n"
	"\n"
	"The box agent, on a router that network benchmarks push traffic\n"
	"through (their -A host or $HOSTBENCH_BOX):\n"
	"  -s           run the agent in the background (prints its pid, port\n"
	"               and key); it samples /proc/stat per CPU, /proc/interrupts\n"
	"               and /proc/net/softnet_stat every 100 ms while a client\n"
	"               measures, and tells the box's fingerprint\n"
	"  -S host      stop the agent on host\n"
	"  -F host      print the fingerprint of the box at host, keys prefixed box-\n"
	"  -f host      print the far end's fingerprint, keys far-*, from its server\n"
	"               of -p: lat_tcp (default), lat_udp, lat_connect, bw_tcp,\n"
	"               bw_udp, lat_load or hostinfo\n"
	"  -b addr      with -s: listen on addr (default: loopback only; any:\n"
	"               every address)\n"
	"  -n port      port (default 31335, -f: the program's; 0 with -s: any)\n"
	"  -i time      with -s: exit after this long without a client that has\n"
	"               the key (bare number: s; default 60s; 0: never)\n"
	"  -K file      the agent's key: read from file (with -s: made there,\n"
	"               mode 0600, when it does not exist; else it must be\n"
	"               yours and mode 0600); default $HOSTBENCH_KEY, or with\n"
	"               -s a new one\n"
	"  -G bits      with -s: the IPv4 prefix length of a client's network\n"
	"               (16 .. 32, default 24; 32: each address its own); the\n"
	"               clients of one network (IPv6: one /64) share 8 slots\n"
	"               for connections that have not proved the key\n"
	"  -h           show this help\n"
	"  -V           show the version\n";

static HB_NORETURN void
usage_error(void)
{
	fputs(usage_line, stderr);
	msg_quit(MSG_EXIT_USAGE);
}

/* An emulator's name is one word of printable characters: it is a value. */
static int
is_name(const char *s)
{
	if (*s == '\0')
		return 0;
	for (; *s != '\0'; s++)
		if (!isgraph((unsigned char)*s))
			return 0;
	return 1;
}

/* What the agent's server (lib/net/sock_main) needs to know of the program. */
static const struct bench_prog agent_prog = {
	.name = "hostinfo",
	.args = "-s | -S host | -F host | -f host",
	.summary = "hostinfo: the box agent",
};

/* (-f asks another program's server: its protocol and port set here.) */
static struct sock_prog agent = {
	.bench = &agent_prog, .proto = SOCK_BOX, .port = BOX_PORT,
	/*
	 * As many children as every server: an unproven HELLO holds one for
	 * its 2 s, and sock_serve shares them fairly among networks.
	 */
	.max_children = SOCK_MAX_CHILDREN,
	.conn = boxagent_conn,
};

/*
 * The servers of -f, as -p names them (those of hostbench serve, and the
 * agent), with their protocols (enum sock_proto) and their default
 * ports, the programs' own, less 31334.
 */
static const char far_names[] = "lat_tcp\0lat_udp\0lat_connect\0bw_tcp\0bw_udp\0lat_load\0hostinfo";
static const unsigned char far_protos[] = { 1, 2, 3, 4, 5, 7, 8 }, far_ports[] = { 0, 4, 3, 2, 5, 7, 1 };

/* -F: the box's fingerprint.  The exit status. */
static int
box_print(const char *host, long long port, const char *keyfile)
{
	char spec[300];
	struct box *b;
	int rc;

	if (port < 0)
		snprintf(spec, sizeof(spec), "%s", host);
	else
		snprintf(spec, sizeof(spec), strchr(host, ':') != NULL && host[0] != '[' ? "[%s]:%lld" : "%s:%lld",
			 host, port);
	if ((b = box_open(spec, keyfile)) == NULL)
		return MSG_EXIT_FAIL;
	rc = box_fingerprint(b, stdout);
	if (rc != 0)
		msg_warn("box %s: no fingerprint: %s", spec, sock_why(errno));
	box_close(b);
	return rc == 0 ? MSG_EXIT_OK : MSG_EXIT_FAIL;
}

int
main(int argc, char **argv)
{
	const char *emulation = NULL, *fp = NULL, *far = NULL, *far_prog = NULL;
	struct sock_opts so;
	struct bench_opts o;
	struct bench_getopt g;
	struct mem_llc llc;
	char err[PARSE_ERRLEN];
	int c, mode = 0, agent_opt = 0;

	msg_init(argv[0]);
	sock_opts_init(&so);
	opterr = 0;
	/* Options anywhere, as in every program (lib/driver/bench); it takes no operand. */
	bench_getopt_start(&g, argc, argv, 0);
	while ((c = bench_getopt(&g, "+:hVacmktue:R:sS:F:f:p:b:n:i:K:G:")) != -1) {
		switch (c) {
		case 's':
			so.server = 1;
			break;
		case 'S':
			so.stop = optarg;
			break;
		case 'F':
			fp = optarg;
			break;
		case 'f':
			far = optarg;
			break;
		case 'p':
			agent_opt = 1;
			far_prog = optarg;
			break;
		case 'b':
			agent_opt = 1;
			so.bind = optarg;
			break;
		case 'K':
			agent_opt = 1;
			so.keyfile = optarg;
			break;
		case 'n':
			agent_opt = 1;
			if (parse_int("-n", optarg, 0, 65535, &so.port, err, sizeof(err)) != 0) {
				msg_warn("%s", err);
				usage_error();
			}
			break;
		case 'G':
			agent_opt = 1;
			if (parse_int("-G", optarg, 16, 32, &so.v4_prefix, err, sizeof(err)) != 0) {
				msg_warn("%s", err);
				usage_error();
			}
			break;
		case 'i':
			agent_opt = 1;
			if (parse_duration("-i", optarg, "s", 0, 86400000000000ull, &so.idle_ns,
					   err, sizeof(err)) != 0) {
				msg_warn("%s", err);
				usage_error();
			}
			break;
		case 'a':
		case 'c':
		case 'm':
		case 'k':
		case 't':
		case 'u':
			if (mode != 0 && mode != c) {
				msg_warn("-a, -c, -m, -k, -t and -u: one of them");
				usage_error();
			}
			mode = c;
			break;
		case 'e':
			if (!is_name(optarg)) {
				msg_warn("-e: '%s' is not an emulator's name (one word, no control characters)",
					 optarg);
				usage_error();
			}
			emulation = optarg;
			break;
		case 'R':
			if (optarg[0] == '\0' || sysinfo_set_root(optarg) != 0) {
				msg_warn("-R: '%s' is not a usable directory name", optarg);
				usage_error();
			}
			break;
		case ':':
			msg_warn("option '-%c' needs a value", optopt);
			usage_error();
		case 'h':
			fputs(usage_line, stdout);
			fputs(help_text, stdout);
			return MSG_EXIT_OK;
		case 'V':
			printf("hostinfo (hostbench) %s\n", PACKAGE_VERSION);
			return MSG_EXIT_OK;
		default:
			if (optopt == '-' && strncmp(g.word, "--", 2) == 0)
				msg_warn("unknown option '%s'", g.word);
			else
				msg_warn("unknown option '-%c'", optopt);
			usage_error();
		}
	}
	if (g.first < argc) {
		msg_warn("unexpected argument '%s'", argv[g.first]);
		usage_error();
	}
	if (mode != 0 && emulation != NULL) {
		msg_warn("-e is for the fingerprint, not -%c", mode);
		usage_error();
	}
	c = so.server + (so.stop != NULL) + (fp != NULL) + (far != NULL);
	if (c > 1) {
		msg_warn("-s, -S host, -F host and -f host: one of them");
		usage_error();
	}
	if (c == 1) {
		if (mode != 0 || emulation != NULL) {
			msg_warn("-a, -c, -m, -k, -t, -u and -e are for this host's fingerprint, not the agent's");
			usage_error();
		}
		if (so.bind != NULL && !so.server) {
			msg_warn("-b: a listening address applies only to -s");
			usage_error();
		}
		if (so.port == 0 && !so.server) {
			msg_warn("-n: port 0 applies only to -s");
			usage_error();
		}
		if (fp != NULL)
			return box_print(fp, so.port, so.keyfile);
		if (far != NULL) {
			const char *p = far_names;
			size_t i = 0;

			while (far_prog != NULL && strcmp(p, far_prog) != 0) {
				p += strlen(p) + 1;
				if (++i == sizeof(far_protos)) {
					msg_warn("-p: '%s' is no program of a server (see -h)", far_prog);
					usage_error();
				}
			}
			agent.proto = far_protos[i];
			agent.port = 31334u + far_ports[i];
			return sock_far(&agent, &so, far);
		}
		memset(&o, 0, sizeof(o));
		o.output = OUTPUT_TEXT;
		return sock_main(&agent, &so, &o, NULL);
	}
	if (agent_opt) {
		msg_warn("-b, -n, -i, -G, -K and -p are for the agent (-s, -S, -F) and -f");
		usage_error();
	}
	/* The cache the fingerprint and -c tell: HOSTBENCH_LLC must be a size. */
	if ((mode == 0 || mode == 'c') && mem_llc(&llc) != 0) {
		msg_warn("%s", mem_llc_env_error(err, sizeof(err)));
		usage_error();
	}
	/* A failed write exits 1 at exit (msg_init). */
	if (mode == 'a')
		fingerprint_case(stdout);
	else if (mode == 'c')
		fingerprint_llc(stdout);
	else if (mode == 'm')
		fingerprint_mem(stdout);
	else if (mode == 'k')
		output_run_note_keys(stdout);
	else if (mode == 't')
		fingerprint_print_keys(stdout);
	else if (mode == 'u')
		output_print_units(stdout);
	else {
		fingerprint_print(stdout, emulation);
		/* Once per result file: benchstat reads which way each unit is better. */
		output_unit_lines(stdout);
	}
	return MSG_EXIT_OK;
}
