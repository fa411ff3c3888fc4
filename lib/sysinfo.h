/*
 * sysinfo: facts about the host for result files.  Every reader returns
 * a failure (or "unknown") on a system that lacks the file; none dies.
 */
#ifndef HB_SYSINFO_H
#define HB_SYSINFO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Online CPUs (>= 1; 1 when unknown). */
int sysinfo_online_cpus(void);

/* 1-minute load average, or -1 when unknown. */
double sysinfo_loadavg(void);

/* Physical memory in bytes, or 0 when unknown. */
uint64_t sysinfo_mem_bytes(void);

/* Available memory in bytes (MemAvailable, else free), or 0 when unknown. */
uint64_t sysinfo_mem_available(void);

/* CPU model string from /proc/cpuinfo into buf; "unknown" when absent. */
void sysinfo_cpu_model(char *buf, size_t len);

/* CPU MHz per /proc/cpuinfo (first CPU), or 0 when absent. */
double sysinfo_cpu_mhz(void);

/* The CPUs this process may run on as a list "0-3,6" into buf, or "unknown". */
void sysinfo_affinity(char *buf, size_t len);

/*
 * Print the host fingerprint as configuration lines: hostbench, host,
 * os, arch, cpu, cpus, cpu-mhz, mem, load, libc, compiler, cflags,
 * build-host, clock, clock-resolution, date.
 */
void sysinfo_print(FILE *f);

#endif
