/*
 * progress: the time left (progress.h).
 */
#include "config.h"

#include <stdio.h>

#include "core/timing.h"
#include "progress.h"

long long
progress_left(const struct progress *p)
{
	long long prior = p->total_w / 20 + 1;
	long long left = (p->total_w - p->done_w) * (p->elapsed - p->settle_spent + prior)
		/ (p->done_w + prior);

	if (p->settle) {
		long long wait = p->settle_spent * (p->total_w - p->done_w) / (p->done_w + prior);

		if (wait > p->settle_total - p->settle_spent)
			wait = p->settle_total - p->settle_spent;
		left += wait;
	}
	return left;
}

char *
progress_fmt(char *buf, size_t len, long long ds)
{
	long long s = ds / 10;

	if (s < 10)
		snprintf(buf, len, "%lld.%llds", s, ds % 10);
	else if (s < 60)
		snprintf(buf, len, "%llds", s);
	else if (s < 3600)
		snprintf(buf, len, "%lldm%02llds", s / 60, s % 60);
	else
		snprintf(buf, len, "%lldh%02lldm", s / 3600, s % 3600 / 60);
	return buf;
}

long long
progress_now(void)
{
	return (long long)(timing_now() / 100000000ull);
}
