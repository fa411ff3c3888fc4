/*
 * hostinfo: the host, build and clock as configuration lines.
 *
 * Prints what every result file starts with, one "key: value" line each:
 * hostbench, host, os, kernel, arch, emulation (the binfmt_misc entry
 * that runs this binary, or none; -e names the emulator instead), cpu,
 * cpus, cpu-mhz, mem, governor, thp, cmdline (whole), modules (the loaded
 * ones' names, sorted), irq-affinity, load, libc, compiler, cflags,
 * build-host, clock, clock-resolution, date, netfilter-rules.  Nothing is
 * timed; a fact the system does not tell reads "unknown".  -a prints the
 * lines each case of a run starts with instead (cpu-affinity, load); -m
 * the memory a program of the run may use, in kB ("unknown": no limit),
 * which the front end sizes the cases to.  -R reads /proc and /sys under
 * another directory (tests; files copied from a board).
 *
 * usage: hostinfo [-h] [-V] [-a | -m] [-e emulator] [-R root]
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "fingerprint.h"
#include "msg.h"
#include "sysinfo.h"

static const char usage_line[] = "usage: hostinfo [-h] [-V] [-a | -m] [-e emulator] [-R root]\n";

static const char help_text[] =
	"Print the host, build and clock as configuration lines (the head of\n"
	"every hostbench result file).\n"
	"\n"
	"  -a           print the lines each case of a run starts with instead:\n"
	"               cpu-affinity and load\n"
	"  -m           print the memory a program of the run may use instead,\n"
	"               in kB (unknown: nothing limits it)\n"
	"  -e emulator  the programs run under this emulator (hostbench's\n"
	"               wrapper): emulation names it\n"
	"  -R root      read /proc and /sys under root (facts from system calls\n"
	"               and commands are still this host's)\n"
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

int
main(int argc, char **argv)
{
	const char *emulation = NULL;
	int c, mode = 0;

	msg_init(argv[0]);
	opterr = 0;
	while ((c = getopt(argc, argv, ":hVame:R:")) != -1) {
		switch (c) {
		case 'a':
		case 'm':
			if (mode != 0 && mode != c) {
				msg_warn("-a and -m: one or the other");
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
			msg_warn("unknown option '-%c'", optopt);
			usage_error();
		}
	}
	if (optind < argc) {
		msg_warn("unexpected argument '%s'", argv[optind]);
		usage_error();
	}
	if (mode != 0 && emulation != NULL) {
		msg_warn("-e is for the fingerprint, not -%c", mode);
		usage_error();
	}
	/* A failed write exits 1 at exit (msg_init). */
	if (mode == 'a')
		fingerprint_case(stdout);
	else if (mode == 'm')
		fingerprint_mem(stdout);
	else
		fingerprint_print(stdout, emulation);
	return MSG_EXIT_OK;
}
