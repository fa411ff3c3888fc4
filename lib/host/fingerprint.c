/*
 * fingerprint: the configuration lines a result file starts with, from
 * the facts of sysinfo and the build (see fingerprint.h).
 */
#include "config.h"

#include <stdio.h>
#include <time.h>
#include <sys/utsname.h>

#ifdef HAVE_GNU_LIBC_VERSION_H
# include <gnu/libc-version.h>
#endif

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

/* The 1-minute load average as a configuration line. */
static void
print_load(FILE *f)
{
	double load = sysinfo_loadavg();

	if (load >= 0)
		output_config(f, "load", "%.2f", load);
	else
		output_config(f, "load", "unknown");
}

/* A fact of sysinfo's, a string, as the configuration line key. */
static void
print_fact(FILE *f, const char *key, void (*fact)(char *, size_t))
{
	char buf[OUTPUT_MAX_VALUE];

	fact(buf, sizeof(buf));
	output_config(f, key, "%s", buf);
}

/* host, os, kernel and arch: what uname says of this system. */
static void
print_uname(FILE *f)
{
	struct utsname u;
	int have_uname = uname(&u) == 0;

	output_config(f, "host", "%s", have_uname ? u.nodename : "unknown");
	if (have_uname)
		output_config(f, "os", "%s %s", u.sysname, u.release);
	else
		output_config(f, "os", "unknown");
	/* The build: "#1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1 (2024-02-01)". */
	output_config(f, "kernel", "%s", have_uname && u.version[0] != '\0'
		      ? u.version : "unknown");
	output_config(f, "arch", "%s", have_uname ? u.machine : "unknown");
}

void
fingerprint_print(FILE *f, const char *emulation)
{
	char buf[OUTPUT_MAX_VALUE];
	struct mem_llc llc;
	uint64_t mem;
	double mhz;
	time_t now;
	struct tm tm;

	output_config(f, "hostbench", "%s", PACKAGE_VERSION);
	print_uname(f);
	if (emulation != NULL)
		output_config(f, "emulation", "%s", emulation);
	else {
		sysinfo_emulation(buf, sizeof(buf));
		output_config(f, "emulation", "%s", buf);
	}

	print_fact(f, "cpu", sysinfo_cpu_model);
	output_config(f, "cpus", "%d", sysinfo_online_cpus());
	mhz = sysinfo_cpu_mhz();
	if (mhz > 0)
		output_config(f, "cpu-mhz", "%.0f", mhz);
	else
		output_config(f, "cpu-mhz", "unknown");
	mem = sysinfo_mem_bytes();
	if (mem > 0)	/* MB = 2^20 bytes, as lmbench's [MB: ...] */
		output_config(f, "mem", "%llu MB", (unsigned long long)(mem >> 20));
	else
		output_config(f, "mem", "unknown");
	/* What the memory bandwidth tests outgrow (mem_llc): a fact of the
	 * host, or what they assumed of it. */
	(void)mem_llc(&llc);
	output_config(f, "llc", "%s", mem_llc_name(buf, sizeof(buf), &llc));

	/* The tuning that moves results most from one boot to the next. */
	print_fact(f, "governor", sysinfo_governor);
	print_fact(f, "thp", sysinfo_thp);
	print_fact(f, "cmdline", sysinfo_cmdline);
	print_fact(f, "modules", sysinfo_modules);
	print_fact(f, "irq-affinity", sysinfo_irq_affinity);
	/* The network's setup, which router tuners change: the box's keys, for this host. */
	print_fact(f, "nics", sysinfo_nics);
	print_fact(f, "qdiscs", sysinfo_qdiscs);
	print_fact(f, "offloads", sysinfo_offloads);
	print_fact(f, "net-sysctls", sysinfo_net_sysctls);

	print_load(f);
	libc_name(buf, sizeof(buf));
	output_config(f, "libc", "%s", buf);

#ifdef __VERSION__
	output_config(f, "compiler", "%s %s", HB_CC, __VERSION__);
#else
	output_config(f, "compiler", "%s", HB_CC);
#endif
	/* An empty value would read as a key with nothing after it. */
	output_config(f, "cflags", "%s", sizeof(HB_CFLAGS) > 1 ? HB_CFLAGS : "none");
	output_config(f, "build-host", "%s", HB_HOST);

	output_config(f, "clock", "%s", timing_clock_name());
	output_config(f, "clock-resolution", "%llu ns",
		      (unsigned long long)timing_resolution());
	now = time(NULL);
	if (now != (time_t)-1 && gmtime_r(&now, &tm) != NULL
	    && strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm) > 0)
		output_config(f, "date", "%s", buf);
	else
		output_config(f, "date", "unknown");
	print_fact(f, "netfilter-rules", sysinfo_netfilter_rules);
}

void
fingerprint_case(FILE *f)
{
	print_fact(f, "cpu-affinity", sysinfo_affinity);
	print_load(f);
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
	print_uname(f);
	print_fact(f, "cpu", sysinfo_cpu_model);
	output_config(f, "cpus", "%d", sysinfo_online_cpus());
	print_fact(f, "governor", sysinfo_governor);
	print_fact(f, "modules", sysinfo_modules);
	print_fact(f, "irq-affinity", sysinfo_irq_affinity);
	print_fact(f, "netfilter-rules", sysinfo_netfilter_rules);
	print_fact(f, "qdiscs", sysinfo_qdiscs);
	print_fact(f, "offloads", sysinfo_offloads);
	print_fact(f, "net-sysctls", sysinfo_net_sysctls);
	print_fact(f, "nics", sysinfo_nics);
}
