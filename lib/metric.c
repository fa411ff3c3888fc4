/*
 * metric: the one table of metrics (see metric.h).  Sections and column
 * labels follow lmbench's summary tables so that old and new runs line up.
 */
#include "config.h"

#include <ctype.h>
#include <string.h>

#include "metric.h"

#define PROC "Processor, Processes - times in microseconds"
#define LOCBW "Local Communication bandwidths in MB/s"
#define MEMLAT "Memory latencies in nanoseconds"

const struct metric metric_table[] = {
	{ "LatSyscall/op=null", "ns/op", PROC, "null call", "us", 1e-3, METRIC_SMALLER,
	  "a system call that does almost nothing (getppid)" },
	{ "LatSyscall/op=read", "ns/op", PROC, "read", "us", 1e-3, METRIC_SMALLER,
	  "read one byte from /dev/zero" },
	{ "LatSyscall/op=write", "ns/op", PROC, "write", "us", 1e-3, METRIC_SMALLER,
	  "write one byte to /dev/null" },
	{ "LatSyscall/op=stat", "ns/op", PROC, "stat", "us", 1e-3, METRIC_SMALLER,
	  "stat a file" },
	{ "LatSyscall/op=fstat", "ns/op", PROC, "fstat", "us", 1e-3, METRIC_SMALLER,
	  "fstat an open file" },
	{ "LatSyscall/op=open", "ns/op", PROC, "open clos", "us", 1e-3, METRIC_SMALLER,
	  "open and close a file" },
	{ "BwMem/op=rd", "MB/s", LOCBW, "Mem read", "MB/s", 1, METRIC_BIGGER,
	  "read every word of a buffer" },
	{ "BwMem/op=frd", "MB/s", LOCBW, "Mem read (frd)", "MB/s", 1, METRIC_BIGGER,
	  "read every word of a buffer (lmbench's frd)" },
	{ "BwMem/op=wr", "MB/s", LOCBW, "Mem write", "MB/s", 1, METRIC_BIGGER,
	  "write every word of a buffer" },
	{ "BwMem/op=fwr", "MB/s", LOCBW, "Mem write (fwr)", "MB/s", 1, METRIC_BIGGER,
	  "write every word of a buffer (lmbench's fwr)" },
	{ "BwMem/op=rdwr", "MB/s", LOCBW, "Mem rdwr", "MB/s", 1, METRIC_BIGGER,
	  "read and write back every word of a buffer" },
	{ "BwMem/op=cp", "MB/s", LOCBW, "Bcopy (cp)", "MB/s", 1, METRIC_BIGGER,
	  "copy a buffer word by word (bytes copied)" },
	{ "BwMem/op=fcp", "MB/s", LOCBW, "Bcopy (hand)", "MB/s", 1, METRIC_BIGGER,
	  "copy a buffer with an unrolled loop (bytes copied)" },
	{ "BwMem/op=bcopy", "MB/s", LOCBW, "Bcopy (libc)", "MB/s", 1, METRIC_BIGGER,
	  "copy a buffer with memmove (bytes copied)" },
	{ "BwMem/op=bzero", "MB/s", LOCBW, "Bzero", "MB/s", 1, METRIC_BIGGER,
	  "clear a buffer with memset" },
	{ "LatMemRd/order=stride", "ns/op", MEMLAT, "stride", "ns", 1, METRIC_SMALLER,
	  "dependent loads walking memory at a fixed stride" },
	{ "LatMemRd/order=random", "ns/op", MEMLAT, "Rand mem", "ns", 1, METRIC_SMALLER,
	  "dependent loads in random order (defeats prefetchers)" },
};

const size_t metric_count = sizeof(metric_table) / sizeof(metric_table[0]);

/* True when rest is empty, "/..." (more parameters) or "-N" (parallelism). */
static int
is_boundary(const char *rest)
{
	if (*rest == '\0' || *rest == '/')
		return 1;
	if (*rest != '-' || !isdigit((unsigned char)rest[1]))
		return 0;
	for (rest++; isdigit((unsigned char)*rest); rest++)
		;
	return *rest == '\0';
}

const struct metric *
metric_find(const char *name, const char *unit)
{
	size_t i;

	for (i = 0; i < metric_count; i++) {
		const struct metric *m = &metric_table[i];
		size_t len = strlen(m->name);

		if (strncmp(name, m->name, len) == 0 && is_boundary(name + len)
		    && (unit == NULL || strcmp(unit, m->unit) == 0))
			return m;
	}
	return NULL;
}
