/*
 * fingerprint: the host, build and clock as the configuration lines a
 * result file starts with, composed from the facts of sysinfo.h.
 */
#ifndef HB_FINGERPRINT_H
#define HB_FINGERPRINT_H

#include <stdio.h>

/*
 * Print the host fingerprint as configuration lines: hostbench, host,
 * os, kernel, arch, emulation, cpu, cpus, cpu-mhz, mem, governor, thp,
 * cmdline, modules, irq-affinity, load, libc, compiler, cflags, build-host,
 * clock, clock-resolution, date.  A fact the system does not tell reads
 * "unknown"; nothing fails, nothing dies (a failed write shows in f's
 * error flag).
 */
void fingerprint_print(FILE *f);

#endif
