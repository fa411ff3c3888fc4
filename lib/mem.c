/*
 * mem: large page-aligned buffers and size names (see mem.h).
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mem.h"

size_t
mem_page_size(void)
{
#ifdef _SC_PAGESIZE
	long n = sysconf(_SC_PAGESIZE);

	if (n > 0)
		return (size_t)n;
#endif
	return 4096;
}

void *
mem_alloc(size_t len)
{
	size_t page = mem_page_size();
	void *p;

	if (len == 0) {
		errno = EINVAL;
		return NULL;
	}
#ifdef HAVE_POSIX_MEMALIGN
	{
		int rc = posix_memalign(&p, page, len);

		if (rc != 0) {
			errno = rc;
			return NULL;
		}
	}
#else
	{
		/* Over-allocate and keep the real start just below the buffer. */
		char *raw;

		if (len > SIZE_MAX - page - sizeof(void *)) {
			errno = ENOMEM;
			return NULL;
		}
		raw = malloc(len + page + sizeof(void *));
		if (raw == NULL)
			return NULL;
		p = raw + sizeof(void *);
		p = (char *)p + (page - (uintptr_t)p % page) % page;
		((void **)p)[-1] = raw;
	}
#endif
	/*
	 * Writing every byte maps every page now (a fresh allocation is
	 * only reserved address space, or the shared zero page) and gives
	 * the buffer defined contents.
	 */
	memset(p, 0, len);
	return p;
}

void
mem_free(void *p)
{
	int saved = errno;

	if (p != NULL) {
#ifdef HAVE_POSIX_MEMALIGN
		free(p);
#else
		free(((void **)p)[-1]);
#endif
	}
	errno = saved;
}

char *
mem_size_name(char *buf, size_t len, uint64_t bytes)
{
	static const struct {
		unsigned shift;
		char suffix;
	} units[] = { { 30, 'G' }, { 20, 'M' }, { 10, 'K' } };
	size_t i;

	if (len == 0)
		return buf;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		uint64_t unit = (uint64_t)1 << units[i].shift;

		if (bytes >= unit && bytes % unit == 0) {
			snprintf(buf, len, "%" PRIu64 "%c", bytes / unit,
				 units[i].suffix);
			return buf;
		}
	}
	snprintf(buf, len, "%" PRIu64, bytes);
	return buf;
}
