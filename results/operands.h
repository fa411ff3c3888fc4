/*
 * operands: the runs the command line names, as the names of the files
 * to read: a file as it is, a directory as the result files under it
 * (other files there are skipped: sources, objects, programs), in
 * natural order ("vm.2" before "vm.10").  Out of memory ends the program.
 */
#ifndef HB_OPERANDS_H
#define HB_OPERANDS_H

#include <stddef.h>

struct operands {
	char **v;		/* the files' names, malloc'd */
	size_t n;
	int results_only;	/* --results-only: named files are sniffed as a
				 * directory's are */
};

/* Add path as it is. */
void operands_add_file(struct operands *fl, const char *path);

/* Add a file or directory operand.  Returns 0, or -1 when a directory
 * cannot be read (with the reason on stderr). */
int operands_add(struct operands *fl, const char *path);

/* Add the runs of --a or --b (opt): words separated by blanks, each a
 * file, a directory or a pattern (one that matches nothing stays as it
 * is, to be reported as a file that cannot be read); no run in them is
 * a usage error.  Returns 0, or -1 as operands_add. */
int operands_add_side(struct operands *fl, const char *list, const char *opt);

/*
 * Does the file at path look like a result file?  Its start (SNIFF_BYTES)
 * must be text (no NUL byte) and its first line that is neither blank nor
 * a comment ("#...": hostbench's run notes, a script's first line) must
 * open one of the two formats resfile reads: lmbench3's bracketed header
 * ("[lmbench3.0 results for ...]", "[HOSTNAME: vm]"), or a hostbench
 * configuration line with a value ("hostbench: 0.1.0", "host: vm", a
 * program's "bench: lat_syscall"; a lower-case key) or result line
 * ("Benchmark...").  A C source starts with a comment block or #include
 * and then code (a goto label "out:" has no value), an object or a program
 * holds NUL bytes, a Makefile's first line after its comments sets a
 * variable in upper case: none of them does.
 */
int operands_look_like_results(const char *path);

#endif
