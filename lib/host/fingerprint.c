/*
 * fingerprint: the configuration lines a result file starts with, from
 * the facts of sysinfo and the build (see fingerprint.h).
 */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <sys/utsname.h>

#ifdef HAVE_GNU_LIBC_VERSION_H
# include <gnu/libc-version.h>
#endif

#include "core/compat.h"
#include "core/output.h"
#include "core/timing.h"
#include "host/fingerprint.h"
#include "host/memory.h"
#include "host/sysinfo.h"

#ifndef HB_CC
# define HB_CC "unknown"
#endif
#ifndef HB_CFLAGS
# define HB_CFLAGS ""
#endif
#ifndef HB_HOST
# define HB_HOST "unknown"
#endif
#ifndef PACKAGE_VERSION
# define PACKAGE_VERSION "unknown"
#endif

static void
libc_name(char *buf, size_t len)
{
#if defined(HAVE_GNU_LIBC_VERSION_H)
	/* The library the program runs with, not the headers it was built with. */
	snprintf(buf, len, "glibc %s", gnu_get_libc_version());
#elif defined(__UCLIBC__)
	snprintf(buf, len, "uClibc %d.%d.%d", __UCLIBC_MAJOR__, __UCLIBC_MINOR__,
		 __UCLIBC_SUBLEVEL__);
#elif defined(__GLIBC__)
	snprintf(buf, len, "glibc %d.%d", __GLIBC__, __GLIBC_MINOR__);
#elif defined(__BIONIC__)
	snprintf(buf, len, "bionic");
#elif defined(__linux__)
	/*
	 * musl has no version macro or call on purpose; the other Linux C
	 * libraries announce themselves above.
	 */
	snprintf(buf, len, "musl");
#else
	snprintf(buf, len, "unknown");
#endif
}

/* Each key's value, as the table below reads it. */

static void
read_version(char *buf, size_t len)
{
	snprintf(buf, len, "%s", PACKAGE_VERSION);
}

/* A field of what uname says of this system (at offset off), or "unknown". */
static void
read_uname(char *buf, size_t len, size_t off)
{
	struct utsname u;

	snprintf(buf, len, "%s", uname(&u) == 0 ? (const char *)&u + off : "unknown");
}

static void
read_host(char *buf, size_t len)
{
	read_uname(buf, len, offsetof(struct utsname, nodename));
}

static void
read_os(char *buf, size_t len)
{
	struct utsname u;

	if (uname(&u) == 0)
		snprintf(buf, len, "%s %s", u.sysname, u.release);
	else
		snprintf(buf, len, "unknown");
}

/* The build: "#1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1 (2024-02-01)". */
static void
read_kernel(char *buf, size_t len)
{
	read_uname(buf, len, offsetof(struct utsname, version));
	if (buf[0] == '\0')
		snprintf(buf, len, "unknown");
}

static void
read_arch(char *buf, size_t len)
{
	read_uname(buf, len, offsetof(struct utsname, machine));
}

static void
read_cpus(char *buf, size_t len)
{
	snprintf(buf, len, "%d", sysinfo_online_cpus());
}

static void
read_cpu_mhz(char *buf, size_t len)
{
	double mhz = sysinfo_cpu_mhz();

	if (mhz > 0)
		snprintf(buf, len, "%.0f", mhz);
	else
		snprintf(buf, len, "unknown");
}

static void
read_mem(char *buf, size_t len)
{
	uint64_t mem = sysinfo_mem_bytes();

	if (mem > 0)	/* MB = 2^20 bytes, as lmbench's [MB: ...] */
		snprintf(buf, len, "%llu MB", (unsigned long long)(mem >> 20));
	else
		snprintf(buf, len, "unknown");
}

/* What the memory bandwidth tests outgrow (mem_llc): a fact of the host, or what they assumed of it. */
static void
read_llc(char *buf, size_t len)
{
	struct mem_llc llc;

	(void)mem_llc(&llc);
	(void)mem_llc_name(buf, len, &llc);
}

/* The 1-minute load average. */
static void
read_load(char *buf, size_t len)
{
	double load = sysinfo_loadavg();

	if (load >= 0)
		snprintf(buf, len, "%.2f", load);
	else
		snprintf(buf, len, "unknown");
}

static void
read_compiler(char *buf, size_t len)
{
#ifdef __VERSION__
	snprintf(buf, len, "%s %s", HB_CC, __VERSION__);
#else
	snprintf(buf, len, "%s", HB_CC);
#endif
}

static void
read_cflags(char *buf, size_t len)
{
	/* An empty value would read as a key with nothing after it. */
	snprintf(buf, len, "%s", sizeof(HB_CFLAGS) > 1 ? HB_CFLAGS : "none");
}

static void
read_build_host(char *buf, size_t len)
{
	snprintf(buf, len, "%s", HB_HOST);
}

static void
read_clock(char *buf, size_t len)
{
	snprintf(buf, len, "%s", timing_clock_name());
}

static void
read_clock_resolution(char *buf, size_t len)
{
	snprintf(buf, len, "%llu ns", (unsigned long long)timing_resolution());
}

static void
read_date(char *buf, size_t len)
{
	output_date(buf, len, time(NULL));
}

#define NOTE FINGERPRINT_NOTE
#define NOISY FINGERPRINT_NOISY
#define LIST FINGERPRINT_LIST
#define ORDERED FINGERPRINT_ORDERED
#define GIVEN FINGERPRINT_GIVEN

/*
 * The fingerprint, in the order of the header; the last column is the
 * key's place among the box's keys (fingerprint_box), which the agent
 * has always sent in an order of their own.
 */
const struct fingerprint_key fingerprint_keys[] = {
	{ "hostbench", read_version, 0, 0 },
	{ "host", read_host, 0, 1 },
	{ "os", read_os, 0, 2 },
	{ "kernel", read_kernel, 0, 3 },
	{ "arch", read_arch, 0, 4 },
	/* The front end's wrapper knows; an emulated program sees no binfmt_misc entry that runs it. */
	{ "emulation", sysinfo_emulation, GIVEN, 0 },
	{ "cpu", sysinfo_cpu_model, 0, 5 },
	{ "cpus", read_cpus, 0, 6 },
	/* What the CPU ran at when asked: a frequency that scales moves between runs. */
	{ "cpu-mhz", read_cpu_mhz, NOTE, 0 },
	{ "mem", read_mem, 0, 0 },
	{ "llc", read_llc, 0, 0 },
	/* The tuning that moves results most from one boot to the next. */
	{ "governor", sysinfo_governor, 0, 7 },
	{ "thp", sysinfo_thp, 0, 0 },
	/* A later kernel parameter overrides an earlier one. */
	{ "cmdline", sysinfo_cmdline, ORDERED, 0 },
	{ "modules", sysinfo_modules, LIST, 8 },
	{ "irq-affinity", sysinfo_irq_affinity, LIST, 9 },
	/* The network's setup, which router tuners change: the box's keys, for this host. */
	{ "nics", sysinfo_nics, LIST, 14 },
	{ "qdiscs", sysinfo_qdiscs, LIST, 11 },
	{ "offloads", sysinfo_offloads, LIST, 12 },
	{ "net-sysctls", sysinfo_net_sysctls, LIST, 13 },
	{ "load", read_load, NOTE | NOISY, 0 },
	{ "libc", libc_name, 0, 0 },
	{ "compiler", read_compiler, 0, 0 },
	{ "cflags", read_cflags, 0, 0 },
	{ "build-host", read_build_host, 0, 0 },
	{ "clock", read_clock, NOTE, 0 },
	{ "clock-resolution", read_clock_resolution, NOTE | NOISY, 0 },
	{ "date", read_date, NOTE | NOISY, 0 },
	{ "netfilter-rules", sysinfo_netfilter_rules, 0, 10 },
};

#undef NOTE
#undef NOISY
#undef LIST
#undef ORDERED
#undef GIVEN

const size_t fingerprint_key_count = sizeof(fingerprint_keys) / sizeof(fingerprint_keys[0]);

const struct fingerprint_key *
fingerprint_key_find(const char *key)
{
	const struct fingerprint_key *k;
	/* The box's keys, and the far end's (its servers send the box's: fingerprint_box). */
	int box = strncmp(key, "box-", 4) == 0 || strncmp(key, "far-", 4) == 0;
	size_t i;

	for (i = 0; i < fingerprint_key_count; i++) {
		k = &fingerprint_keys[i];
		if (strcmp(key, k->key) == 0 || (box && k->box != 0 && strcmp(key + 4, k->key) == 0))
			return k;
	}
	return NULL;
}

unsigned
fingerprint_key_kind(const char *key)
{
	const struct fingerprint_key *k = fingerprint_key_find(key);

	return k != NULL ? k->kind : 0;
}

/* One key's line: a run note as the table says, else a configuration line. */
static void
print_key(FILE *f, const struct fingerprint_key *k, const char *value)
{
	if (k->kind & FINGERPRINT_NOTE)
		(void)output_note(f, k->key, "%s", value);
	else
		(void)output_config(f, k->key, "%s", value);
}

void
fingerprint_print(FILE *f, const char *emulation)
{
	char buf[OUTPUT_MAX_VALUE];
	size_t i;

	for (i = 0; i < fingerprint_key_count; i++) {
		const struct fingerprint_key *k = &fingerprint_keys[i];

		if ((k->kind & FINGERPRINT_GIVEN) && emulation != NULL) {
			print_key(f, k, emulation);
			continue;
		}
		k->read(buf, sizeof(buf));
		print_key(f, k, buf);
	}
}

void
fingerprint_case(FILE *f)
{
	char buf[OUTPUT_MAX_VALUE];

	sysinfo_affinity(buf, sizeof(buf));
	(void)output_config(f, "cpu-affinity", "%s", buf);
	read_load(buf, sizeof(buf));
	(void)output_config(f, "load", "%s", buf);
}

void
fingerprint_mem(FILE *f)
{
	uint64_t avail = mem_run_available();

	if (avail > 0)
		fprintf(f, "%llu\n", (unsigned long long)(avail / 1024));
	else
		fputs("unknown\n", f);
}

void
fingerprint_llc(FILE *f)
{
	struct mem_llc llc;

	(void)mem_llc(&llc);
	fprintf(f, "%llu %llu\n", (unsigned long long)((mem_llc_used(&llc, 1) + 1023) / 1024),
		(unsigned long long)((mem_bw_size(&llc, 1) + 1023) / 1024));
}

void
fingerprint_box(FILE *f)
{
	char buf[OUTPUT_MAX_VALUE];
	unsigned place;
	size_t i;

	/* In the box's order, which the table's last column gives. */
	for (place = 1;; place++) {
		for (i = 0; i < fingerprint_key_count; i++)
			if (fingerprint_keys[i].box == place)
				break;
		if (i == fingerprint_key_count)
			return;
		fingerprint_keys[i].read(buf, sizeof(buf));
		print_key(f, &fingerprint_keys[i], buf);
	}
}

void
fingerprint_print_keys(FILE *f)
{
	static const struct {
		unsigned kind;
		const char *name;
	} kinds[] = {
		{ FINGERPRINT_NOTE, "note" },
		{ FINGERPRINT_NOISY, "noisy" },
		{ FINGERPRINT_LIST, "list" },
		{ FINGERPRINT_ORDERED, "ordered" },
		{ FINGERPRINT_GIVEN, "given" },
	};
	size_t i, j;

	for (i = 0; i < fingerprint_key_count; i++) {
		const struct fingerprint_key *k = &fingerprint_keys[i];
		const char *sep = "\t";

		fprintf(f, "%s", k->key);
		for (j = 0; j < HB_ARRAY_SIZE(kinds); j++)
			if (k->kind & kinds[j].kind) {
				fprintf(f, "%s%s", sep, kinds[j].name);
				sep = ",";
			}
		if (k->box != 0) {
			fprintf(f, "%sbox", sep);
			sep = ",";
		}
		fprintf(f, "%s\n", *sep == '\t' ? "\t-" : "");
	}
}
