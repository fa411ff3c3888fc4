/*
 * profile: the table (profile.h).  The seconds are the suite table's
 * budgets (scripts/suite.tab), measured on a quiet 2-vCPU x86_64 VM.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "profile.h"

/*
 * The test and quick profiles' memory buffers and walks stop at 128M:
 * their time grows with the size (a walk past 4 x 260M takes minutes),
 * so a cache larger than 32M makes their memory figures cache-sized
 * (in=cache); standard and full measure past it.  Each round runs every
 * case once more, as a process of its own at another moment of the run:
 * the comparison of runs rests on the variation between rounds, so a
 * round takes few samples.
 */
const struct profile profiles[] = {
	{ "test", 0, 3, "1ms", 1, 131072, { PROFILE_MEM }, { 1024 }, 1,
	  "0.05", "0.2", "0.1", "1ms", "0.005", 0, 0.3,
	  "checks that the suite runs" },
	{ "quick", 1, 3, "2ms", 3, 131072, { PROFILE_MEM }, { 8192 }, 32,
	  "0.1", "1", "0.3", "1ms", "0.005", 0, 1,
	  "the default: every benchmark, the memory at most 128m" },
	{ "standard", 2, 5, "3ms", 3, 0, { PROFILE_MEM }, { 65536 }, 128,
	  "0.25", "2", "0.5", "2ms", "0.01", 1, 1,
	  "every column of lmbench's summary these programs fill" },
	{ "full", 3, 7, "20ms", 3, 0, { 256, 8192, PROFILE_MEM }, { 1024, 65536, 262144 }, 512,
	  "1", "2", "1", "10ms", "0.1", 1, 4,
	  "more samples, bw_mem and stream at 256k and 8m too" },
};

const unsigned profile_count = sizeof(profiles) / sizeof(profiles[0]);

const struct profile *
profile_find(const char *name)
{
	unsigned i;

	for (i = 0; i < profile_count; i++)
		if (strcmp(profiles[i].name, name) == 0)
			return &profiles[i];
	return NULL;
}

char *
profile_names(char *buf, unsigned len)
{
	unsigned i;
	size_t n = 0;

	if (len == 0)
		return buf;
	buf[0] = '\0';
	for (i = 0; i < profile_count && n < len; i++) {
		int k = snprintf(buf + n, len - n, "%s%s", i ? ", " : "", profiles[i].name);

		if (k < 0)
			break;
		n += (size_t)k;
	}
	return buf;
}
