/*
 * fingerprint: the host, build and clock as the configuration lines a
 * result file starts with, and those each case of a run starts with,
 * composed from the facts of sysinfo.h; and the memory a run may use.
 */
#ifndef HB_FINGERPRINT_H
#define HB_FINGERPRINT_H

#include <stdio.h>

/*
 * Print the host fingerprint as configuration lines: hostbench, host,
 * os, kernel, arch, emulation, cpu, cpus, cpu-mhz, mem, llc, governor, thp,
 * cmdline, modules, irq-affinity, nics, qdiscs, offloads, net-sysctls,
 * load, libc, compiler, cflags, build-host, clock, clock-resolution,
 * date, netfilter-rules (the network's keys read as the box's of
 * fingerprint_box, for this host and its network namespace).  emulation: the
 * emulator the programs run under, when the caller knows it (the front
 * end's wrapper: an emulated program sees no binfmt_misc entry that runs
 * it); NULL: the binfmt_misc entry that runs this program, or none.  A
 * fact the system does not tell reads "unknown"; nothing fails, nothing
 * dies (a failed write shows in f's error flag).
 */
void fingerprint_print(FILE *f, const char *emulation);

/*
 * Print the configuration lines each case of a run starts with: where
 * it may run and how busy the machine is, cpu-affinity (this process's
 * CPUs, which the programs it starts inherit) and load.
 */
void fingerprint_case(FILE *f);

/*
 * Print the memory a program started by this one may use, in kB, on a
 * line of its own (mem_run_available: the front end sizes the suite's
 * cases to it), or "unknown" when nothing limits it.
 */
void fingerprint_mem(FILE *f);

/*
 * Print the last-level cache one process uses and the size of a buffer
 * that measures the memory past it, in kB (rounded up), on a line of
 * their own: "32768 131072" (mem_llc, mem_llc_used, mem_bw_size: the
 * front end sizes the suite's memory bandwidth cases to it).  Where
 * nothing tells, the cache assumed (MEM_LLC_DEFAULT).
 */
void fingerprint_llc(FILE *f);

/*
 * Print what a router ("the box") is tuned with, as configuration lines
 * (the box agent sends them, lib/net/box prints them with a "box-" prefix):
 * host, os, kernel, arch, cpu, cpus, governor, modules, irq-affinity,
 * netfilter-rules, qdiscs, offloads, net-sysctls, nics.  Values as
 * fingerprint_print's and sysinfo.h's: "unknown" for what the system
 * does not tell; nothing fails.
 */
void fingerprint_box(FILE *f);

#endif
