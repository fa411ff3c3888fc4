/*
 * mem: large page-aligned buffers for the memory benchmarks (bw_mem,
 * lat_mem_rd), and the size notation of their result names.
 */
#ifndef HB_MEM_H
#define HB_MEM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

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
 * RLIMIT_AS and RLIMIT_DATA (ulimit -v / -d), and the room left in the
 * process's cgroup (memory.max - memory.current, cgroup v2).  The
 * environment variable HOSTBENCH_MEM_AVAILABLE (bytes, k/m/g suffix
 * allowed) lowers it further, so that small boards can be rehearsed.
 * Returns 0 when nothing says (treat as unlimited).
 */
uint64_t mem_available(void);

/* The share of mem_available() one benchmark may take, in percent. */
#define MEM_SHARE_PCT 50

/*
 * Fit nbufs buffers of want bytes each into MEM_SHARE_PCT of
 * mem_available(): returns want when they fit (or nothing is known),
 * else the largest multiple of unit (a power of two; 1 for none) that
 * fits, or 0 when not even min fits.  A program that gets less than it
 * asked for runs at the smaller size and says so (mem_report_reduced).
 */
uint64_t mem_fit(uint64_t want, unsigned nbufs, uint64_t min, uint64_t unit);

/*
 * Record a reduced size: a "size-reduced: WHAT WANT to GOT (...)" config
 * line on out (raw output; may be NULL) and a note on stderr, both naming
 * what was reduced and the memory available.  prog prefixes the note.
 */
void mem_report_reduced(FILE *out, const char *prog, const char *what,
			uint64_t want, uint64_t got);

/* Release a buffer from mem_alloc; NULL is ignored.  errno is preserved. */
void mem_free(void *p);

/*
 * Write bytes into buf (len bytes, always NUL-terminated when len > 0) as
 * result names spell sizes: with the largest of G, M, K (2^30, 2^20,
 * 2^10) that divides it exactly, plain bytes otherwise: "64M", "1152K",
 * "512", "1000000".  Returns buf.
 */
char *mem_size_name(char *buf, size_t len, uint64_t bytes);

#endif
