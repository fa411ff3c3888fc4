/*
 * mem: large page-aligned buffers for the memory benchmarks (bw_mem,
 * lat_mem_rd), and the size notation of their result names.
 */
#ifndef HB_MEM_H
#define HB_MEM_H

#include <stddef.h>
#include <stdint.h>

/* The system's page size in bytes (sysconf), 4096 when it does not say. */
size_t mem_page_size(void);

/*
 * Allocate len bytes (len > 0) aligned to the page size and write every
 * byte (zero), so that page faults happen here and not in a timed loop.
 * Returns the buffer, or NULL with errno set (EINVAL for len 0, ENOMEM).
 * Release it with mem_free.
 */
void *mem_alloc(size_t len);

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
