/*
 * memory (its functions mem_*): the machine's memory as the benchmarks
 * use it: large page-aligned buffers (bw_mem, lat_mem_rd, stream ...),
 * how much a run may take, huge pages, the last-level cache and the
 * buffer sizes it sets.
 */
#ifndef HB_MEM_H
#define HB_MEM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/metric.h"

/* The system's page size in bytes (sysconf), 4096 when it does not say. */
size_t mem_page_size(void);

/*
 * Allocate len bytes (len > 0) aligned to the page size and write every
 * byte (zero), so that page faults happen here and not in a timed loop.
 * Returns the buffer, or NULL with errno set (EINVAL for len 0, ENOMEM).
 * Release it with mem_free.
 */
void *mem_alloc(size_t len);

/*
 * Memory this process may still use, in bytes: the least of the system's
 * available memory (sysinfo_mem_available), the room left under
 * RLIMIT_AS (ulimit -v: limit - VmSize) and RLIMIT_DATA (ulimit -d:
 * limit - VmData), and the room left in the process's memory cgroup and
 * each of its ancestors (v2: memory.max - memory.current; v1:
 * memory.limit_in_bytes - memory.usage_in_bytes), and the address space
 * a process of this build can map (MEM_ADDR_ROOM).  The
 * environment variable HOSTBENCH_MEM_AVAILABLE (bytes, k/m/g suffix
 * allowed) lowers it further, so that small boards can be rehearsed; a
 * value that is no size is ignored with a warning on stderr (once).
 * A limit that is used up gives 1, not 0.  Returns 0 when nothing says
 * (treat as unlimited).
 */
uint64_t mem_available(void);

/*
 * What one process can map, in bytes: on a 32-bit build 2 GB (user space
 * is 2 GB on MIPS32, 3 GB on most ARM and x86 kernels, and the program,
 * its libraries and stacks take some), so that a machine with a large
 * cache and memory to spare (a 32-bit board's binaries run under
 * qemu-user on a server) is never given buffers it cannot map; 0 (no
 * bound) on a 64-bit build.
 */
#define MEM_ADDR_ROOM (sizeof(void *) > 4 ? (uint64_t)0 : (uint64_t)2 << 30)

/*
 * The same for a program this one starts (hostinfo -m, for the front
 * end to size the suite's cases): its own use under RLIMIT_AS and
 * RLIMIT_DATA is not known yet, so each limit counts less 8 MB (half
 * of it when it is 16 MB or less).  Returns 0 when nothing says.
 */
uint64_t mem_run_available(void);

/* The share of mem_available() one benchmark may take, in percent. */
#define MEM_SHARE_PCT 50

/*
 * Fit nbufs buffers of want bytes each into MEM_SHARE_PCT of
 * mem_available(): returns want when they fit (or nothing is known, or
 * nbufs is 0), else the largest multiple of unit (0 or 1: any size) that
 * fits, or 0 when that is below min.  A program that gets less than it
 * asked for runs at the smaller size and says so (mem_report_reduced).
 */
uint64_t mem_fit(uint64_t want, unsigned nbufs, uint64_t min, uint64_t unit);

/*
 * Record a reduced size: a config line on out (raw output; may be NULL)
 *   size-reduced: WHAT 64M to 8M (50% of 20M available)
 * and a note on stderr, both naming what was reduced and the memory
 * available.  prog prefixes the note.
 */
void mem_report_reduced(FILE *out, const char *prog, const char *what,
			uint64_t want, uint64_t got);

/*
 * The last-level cache, which a buffer must outgrow to measure the memory
 * behind it.  STREAM's rule: each array at least MEM_LLC_FACTOR times the
 * last-level caches the run uses, and at least a million elements
 * (MEM_BW_LEAST).  A buffer under MEM_LLC_FACTOR times is cache-sized:
 * the caches hold part or all of it, and what it measures is theirs (or
 * a mix), not the memory's; its result names carry the part
 * METRIC_CACHE_PART (lib/core/metric.h).
 */
#define MEM_LLC_FACTOR METRIC_LLC_FACTOR
#define MEM_BW_LEAST ((uint64_t)8 << 20)	/* 2^20 doubles: STREAM's 10^6 elements, rounded up */
/*
 * The cache assumed where nothing tells (and said so: "unknown (4M
 * assumed)"): sysfs lacks the caches mostly on ARM and MIPS boards and in
 * emulators, whose last-level caches are 4 MB or less.
 */
#define MEM_LLC_DEFAULT ((uint64_t)4 << 20)

enum mem_llc_from {
	MEM_LLC_SYSFS,		/* sysfs (sysinfo_caches) */
	MEM_LLC_ENV,		/* HOSTBENCH_LLC */
	MEM_LLC_ASSUMED		/* nothing told: MEM_LLC_DEFAULT */
};

struct mem_llc {
	uint64_t bytes;		/* one cache: what one process's accesses pass through (> 0) */
	unsigned instances;	/* how many there are on the online CPUs (>= 1) */
	enum mem_llc_from from;
};

/*
 * The last-level cache into *out: HOSTBENCH_LLC when set (the size of one,
 * k/m/g suffix allowed: a board's, to rehearse it, or where sysfs does not
 * tell); else CPU 0's highest-level data or unified cache (sysinfo_caches,
 * under sysinfo_set_root's root) and its instances: the online CPUs over
 * those that share one, rounded up; else MEM_LLC_DEFAULT, assumed.
 * Returns 0, or -1 with errno EINVAL when HOSTBENCH_LLC is set but is no
 * size in 1K .. 16G: *out then holds what sysfs tells, or the default (a
 * program stops with a usage error naming it: mem_llc_env_error).
 */
int mem_llc(struct mem_llc *out);

/* Why HOSTBENCH_LLC was refused, for a usage error: "HOSTBENCH_LLC: ..." into buf. */
char *mem_llc_env_error(char *buf, size_t len);

/*
 * The last-level cache copies processes (each with buffers of its own)
 * use: one cache each, at most every instance there is.
 */
uint64_t mem_llc_used(const struct mem_llc *l, unsigned copies);

/*
 * 1 when a buffer of size bytes (each of copies processes with its own)
 * is cache-sized: under MEM_LLC_FACTOR times mem_llc_used; else 0.
 */
int mem_cache_sized(const struct mem_llc *l, unsigned copies, uint64_t size);

/*
 * The size a buffer measuring memory bandwidth is given: MEM_LLC_FACTOR
 * times mem_llc_used, at least MEM_BW_LEAST.
 */
uint64_t mem_bw_size(const struct mem_llc *l, unsigned copies);

/*
 * The cache as the llc configuration line says it, into buf: "32M",
 * "32M x 12" (12 instances), "512K (HOSTBENCH_LLC)", "unknown (4M
 * assumed)".  Returns buf.
 */
char *mem_llc_name(char *buf, size_t len, const struct mem_llc *l);

/* Release a buffer from mem_alloc; NULL is ignored.  errno is preserved. */
void mem_free(void *p);


/*
 * Huge pages.  MEM_HUGE_THP: transparent huge pages, asked for with
 * madvise(MADV_HUGEPAGE) on a buffer aligned to the huge page size;
 * MEM_HUGE_HUGETLB: mmap(MAP_HUGETLB) from the pages reserved in
 * /proc/sys/vm/nr_hugepages.
 */
enum mem_huge { MEM_HUGE_THP, MEM_HUGE_HUGETLB };

/*
 * The huge page size of kind in bytes: THP's PMD size
 * (/sys/kernel/mm/transparent_hugepage/hpage_pmd_size), hugetlb's
 * Hugepagesize from /proc/meminfo; 2 MB when the system does not say.
 */
size_t mem_huge_page_size(enum mem_huge kind);

/*
 * Allocate len bytes (len > 0) of anonymous memory, aligned to
 * mem_huge_page_size(kind), backed by huge pages of that kind where the
 * system grants them, and write every byte (zero).  Returns NULL with
 * errno set and a one-line reason in why (whylen bytes, may be NULL):
 * ENOTSUP where the kind is not available here (no madvise or
 * MAP_HUGETLB, THP "never" or absent), ENOMEM when no huge pages are
 * reserved or free (hugetlb) or memory is short.  The system may still
 * back the buffer with small pages: see mem_huge_bytes.  Release it with
 * mem_free_huge(p, len, kind).
 */
void *mem_alloc_huge(size_t len, enum mem_huge kind, char *why, size_t whylen);

/*
 * Release a buffer from mem_alloc_huge (the same len and kind); NULL is
 * ignored.  errno is preserved.
 */
void mem_free_huge(void *p, size_t len, enum mem_huge kind);

/*
 * Bytes of [p, p + len) in huge pages per /proc/self/smaps
 * (AnonHugePages, and Private_Hugetlb + Shared_Hugetlb, of the mappings
 * that overlap it), or -1 when smaps cannot be read.
 */
int64_t mem_huge_bytes(const void *p, size_t len);

#endif
