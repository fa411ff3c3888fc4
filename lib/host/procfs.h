/*
 * procfs: how sysinfo's readers (hostfacts, netfacts, netdev) read the
 * system: /proc and /sys files under the root of sysinfo_set_root, the
 * commands that tell what no file does, and the lists their values are
 * written as.  Inside lib/host only; no call dies or prints.
 */
#ifndef HB_PROCFS_H
#define HB_PROCFS_H

#include <stddef.h>
#include <stdio.h>

#define PROCFS_LINE_LEN 512	/* a line of a /proc file or a command's output */
#define PROCFS_PATH_LEN 512
#define PROCFS_MAX_CPUS 4096	/* CPUs a list or a mask is read for */
#define PROCFS_MAX_IFACES 64	/* network interfaces read */

/*
 * The path of a /proc or /sys file under the root into buf.  Returns 0,
 * or -1 when it does not fit (the caller then treats the file as absent).
 */
int procfs_path(char *buf, size_t len, const char *path);

/* Open the /proc or /sys file path under the root for reading; NULL when it cannot. */
FILE *procfs_fopen(const char *path);

/*
 * Read the next line of f into buf without its newline.  A line longer
 * than buf (x86's "flags") is cut and its rest skipped, so it is never
 * mistaken for the next line.  Returns 0, or -1 at end of file.
 */
int procfs_read_line(FILE *f, char *buf, size_t len);

/* Copy s into buf, cut to fit (nothing when len is 0). */
void procfs_copy_str(char *buf, size_t len, const char *s);

/*
 * Numbers as /proc writes them, in place of scanf (whose code a static
 * program need not carry): after any blanks at *p, an unsigned number in
 * base (10 or 16) into *v (procfs_ull) or a decimal fraction
 * (procfs_dbl), *p moved past it.  0, or -1 (and *p unmoved) when none
 * is there.  procfs_ulls reads n of them, blank-separated: 0 or -1.
 */
int procfs_ull(const char **p, int base, unsigned long long *v);
int procfs_dbl(const char **p, double *v);
int procfs_ulls(const char *s, unsigned long long *v, size_t n);

/*
 * The value of the first line "key<blanks>: value" (the /proc/cpuinfo
 * and /proc/meminfo form) of the file path whose key is one of keys (in
 * the order of the file, first key first when several lines match) into
 * buf.  Returns the index of the key found, or -1 when none is there or
 * the file is not.
 */
int procfs_find(const char *path, const char *const *keys, size_t nkeys, char *buf, size_t len);

/* The first line of a /proc or /sys file into buf, trimmed ("" for an empty file); 0 or -1. */
int procfs_first_line(const char *path, char *buf, size_t len);

/* Append "a" or "a-b" to the CPU list in buf at *pos; returns -1 when it does not fit. */
int procfs_append_range(char *buf, size_t len, size_t *pos, int first, int last);

/* Format the n ascending CPU numbers as "0-3,6" into buf; -1 when it does not fit. */
int procfs_format_cpus(char *buf, size_t len, const int *cpus, size_t n);

/*
 * Append item to the blank-separated list in buf (pos: its length).  An
 * item that does not fit ends the list with "..." instead; returns -1
 * then, so the caller can stop.
 */
int procfs_append_item(char *buf, size_t len, size_t *pos, const char *item);

/* qsort's comparison of strings that start their elements (char [N], struct procfs_iface). */
int procfs_cmp_str(const void *a, const void *b);

/* A network interface of /sys/class/net. */
struct procfs_iface {
	char name[64];
	char dev[64];	/* the device's name ("virtio2", "0000:00:03.0"), or "" */
};

/*
 * The network interfaces of /sys/class/net into ifs (at most max), in
 * the order sysfs lists them.  Returns their number, or -1 when the
 * directory is not there.
 */
int procfs_ifaces(struct procfs_iface *ifs, size_t max);

/* As procfs_ifaces, but lo, sorted by name: their number, or -1. */
int procfs_ifaces_sorted(struct procfs_iface *ifs, size_t max);

/*
 * Run the command argv (argv[0] found in PATH: this host's, whatever
 * the root) with stdin and stderr on /dev/null, and hand each line of
 * its output (as procfs_read_line cuts it) to each(line, ctx).  Returns
 * 0, or -1 when the command is not there, cannot run or exits other
 * than 0.
 */
int procfs_command_each(char *const argv[], void (*each)(const char *line, void *ctx), void *ctx);

#endif
