/*
 * hostbench-all: every benchmark in one program, for boards with little
 * flash (configure --enable-multicall).
 *
 * A static program carries its own copy of the C library and of lib/:
 * about 25 KB even for one that only prints a number, 60-100 KB for a
 * benchmark, so 35 separate programs take over 3 MB on armhf.  Here they
 * are linked once, each benchmark's main renamed hb_main_NAME at build
 * time (bench/multicall-list.h, written by make, lists them), and each
 * program name is a symbolic link to this one, which runs the benchmark
 * it is called as, as busybox does.  hello stays a program of its own:
 * lat_proc's exec measures starting a tiny program.  Nothing is timed
 * here; the benchmark's own main runs with the arguments untouched.
 *
 * usage: NAME [ARGS...]                  (called through a link)
 *        hostbench-all NAME [ARGS...]
 *        hostbench-all -l                (list the benchmarks)
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/compat.h"
#include "core/msg.h"

#define HB_MULTICALL(name) int hb_main_##name(int argc, char **argv);
#define HB_MULTICALL_AS(id, name) int hb_main_##id(int argc, char **argv);
#include "bench/multicall-list.h"
#undef HB_MULTICALL
#undef HB_MULTICALL_AS

static const struct program {
	const char *name;
	int (*main)(int argc, char **argv);
} programs[] = {
#define HB_MULTICALL(name) { #name, hb_main_##name },
#define HB_MULTICALL_AS(id, name) { #name, hb_main_##id },
#include "bench/multicall-list.h"
#undef HB_MULTICALL
#undef HB_MULTICALL_AS
};

static const char self[] = "hostbench-all";

static const struct program *
find(const char *path)
{
	const char *name = strrchr(path, '/');
	size_t i;

	name = name != NULL ? name + 1 : path;
	for (i = 0; i < HB_ARRAY_SIZE(programs); i++)
		if (strcmp(programs[i].name, name) == 0)
			return &programs[i];
	return NULL;
}

static void
list(FILE *f)
{
	size_t i;

	for (i = 0; i < HB_ARRAY_SIZE(programs); i++)
		fprintf(f, "%s\n", programs[i].name);
}

int
main(int argc, char **argv)
{
	const struct program *p;
	const char *name;

	if (argc < 1 || argv[0] == NULL)
		return MSG_EXIT_USAGE;
	p = find(argv[0]);
	if (p != NULL)
		return p->main(argc, argv);
	name = strrchr(argv[0], '/');
	name = name != NULL ? name + 1 : argv[0];
	if (strcmp(name, self) != 0) {
		fprintf(stderr, "%s: called as '%s', which is no benchmark here\n", self, name);
		return MSG_EXIT_USAGE;
	}
	if (argc == 2 && strcmp(argv[1], "-l") == 0) {
		list(stdout);
		return fflush(stdout) == 0 ? MSG_EXIT_OK : MSG_EXIT_FAIL;
	}
	if (argc >= 2 && argv[1][0] != '-') {
		p = find(argv[1]);
		if (p != NULL)
			return p->main(argc - 1, argv + 1);
		fprintf(stderr, "%s: unknown benchmark '%s' ('%s -l' lists them)\n",
			self, argv[1], self);
		return MSG_EXIT_USAGE;
	}
	fprintf(stderr, "usage: %s NAME [ARGS...] | %s -l\n", self, self);
	return MSG_EXIT_USAGE;
}
