/*
 * hostinfo: the host, build and clock as configuration lines.
 *
 * Prints what every result file starts with, one "key: value" line each:
 * hostbench, host, os, kernel, arch, emulation (the binfmt_misc entry
 * that runs this binary, or none), cpu, cpus, cpu-mhz, mem, governor,
 * thp, cmdline (whole), modules (the loaded ones' names, sorted),
 * irq-affinity, load, libc, compiler, cflags, build-host, clock,
 * clock-resolution, date.  Nothing is timed; a fact the system does not
 * tell reads "unknown".  -R reads /proc and /sys under another directory
 * (tests; files copied from a board).
 *
 * usage: hostinfo [-h] [-V] [-R root]
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "fingerprint.h"
#include "msg.h"
#include "sysinfo.h"

static const char usage_line[] = "usage: hostinfo [-h] [-V] [-R root]\n";

static const char help_text[] =
	"Print the host, build and clock as configuration lines (the head of\n"
	"every hostbench result file).\n"
	"\n"
	"  -R root  read /proc and /sys under root (facts from system calls\n"
	"           are still this host's)\n"
	"  -h       show this help\n"
	"  -V       show the version\n";

static HB_NORETURN void
usage_error(void)
{
	fputs(usage_line, stderr);
	msg_quit(MSG_EXIT_USAGE);
}

int
main(int argc, char **argv)
{
	int c;

	msg_init(argv[0]);
	opterr = 0;
	while ((c = getopt(argc, argv, ":hVR:")) != -1) {
		switch (c) {
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
	fingerprint_print(stdout);
	/* A failed write exits 1 at exit (msg_init). */
	return MSG_EXIT_OK;
}
