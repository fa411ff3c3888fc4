/*
 * hostinfo: the host, build and clock as configuration lines.
 *
 * Prints what every result file starts with, one "key: value" line each:
 * hostbench, host, os, arch, cpu, cpus, cpu-mhz, mem, load, libc,
 * compiler, cflags, build-host, clock, clock-resolution, date.  Nothing
 * is timed; a fact the system does not tell reads "unknown".
 *
 * usage: hostinfo [-h] [-V]
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "msg.h"
#include "sysinfo.h"

static const char usage_line[] = "usage: hostinfo [-h] [-V]\n";

static const char help_text[] =
	"Print the host, build and clock as configuration lines (the head of\n"
	"every hostbench result file).\n"
	"\n"
	"  -h   show this help\n"
	"  -V   show the version\n";

static HB_NORETURN void
usage_error(void)
{
	fputs(usage_line, stderr);
	exit(MSG_EXIT_USAGE);
}

int
main(int argc, char **argv)
{
	int c;

	msg_init(argv[0]);
	opterr = 0;
	while ((c = getopt(argc, argv, ":hV")) != -1) {
		switch (c) {
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
	sysinfo_print(stdout);
	if (fflush(stdout) != 0 || ferror(stdout))
		msg_sysdie("writing the output");
	return MSG_EXIT_OK;
}
