/*
 * resfile_int: what the readers of result files share, inside lib/ only.
 *
 * resfile.c holds the run being built (results, cases, flags,
 * configuration) and the dispatch by format; each format's reader turns
 * its lines into calls of the functions below:
 *
 *   resfile_hb.c    hostbench's files (the Go benchmark data format)
 *   resfile_lm3.c   lmbench3's files
 *
 * Functions that return int return 0, or -1 with the message in the
 * parser's err ("path:line: ..."); none sets errno or dies.
 */
#ifndef HB_RESFILE_INT_H
#define HB_RESFILE_INT_H

#include <stddef.h>

#include "core/compat.h"
#include "core/output.h"
#include "read/resfile.h"

/* Parsing state shared by both formats. */
struct resfile_parser {
	struct resfile_run *r;
	size_t results_cap, flags_cap;
	/* An index of the results by name and unit (open addressing, a
	 * power of two, at most half full): 0 empty, else 1 + the index. */
	size_t *slot, nslot;
	size_t last;		/* index of the last result added: samples come in runs */
	unsigned long line;
	char *err;
	size_t errlen;
	/* hostbench */
	int in_bench;		/* a "bench:" line was seen: the fingerprint is over */
	size_t cases_cap;
	int case_open;		/* cases[ncases - 1] takes what follows */
	int case_results;	/* and has results */
	int case_args;		/* and has its args */
	int case_failed;	/* and its status says it failed: its records are dropped */
	unsigned round;		/* the last "round:" */
	/* bw_udp's "udp-short:" in force in the open case: "" for none. */
	char udp_short[OUTPUT_MAX_VALUE];
	size_t from;		/* what resfile_add_sample records: 1 + case index */
	char bench[OUTPUT_MAX_VALUE], args[OUTPUT_MAX_VALUE];
	char suite_bench[OUTPUT_MAX_VALUE], suite_label[2 * OUTPUT_MAX_VALUE];
	/* lmbench3 */
	char title[128];	/* the current block's title, lower case */
	char context[128];	/* the last unquoted title, lower case */
	int have_date;
	char sysname[64], release[128];
	/* the largest message size of each TCP bandwidth sweep (bytes;
	 * 0: none): [0] to localhost, [1] to another host */
	double tcp_sweep[2];
};

/* ---------------------------------------------------------------- resfile.c */

/* A malloc'd copy of s, or NULL. */
char *resfile_str_dup(const char *s);

/* Grow *p (of *cap elements of size sz) to hold n + 1; 0 or -1 (out of
 * memory, *p unchanged). */
int resfile_grow(void *p, size_t *cap, size_t n, size_t sz);

/* src in lower case into dst[len], cut short if need be. */
void resfile_lower(char *dst, size_t len, const char *src);

/* Set key in a list: replace the value if present (replace) or keep it.
 * 0 or -1 (out of memory; no message). */
int resfile_kv_put(struct resfile_kv **kv, size_t *n, const char *key, const char *value,
		   int replace);

/* Fail with "path:line: message" (or "path: message" at line 0) in the
 * parser's err: always -1.  resfile_oom: "out of memory". */
int resfile_fail(struct resfile_parser *p, const char *fmt, ...) HB_PRINTF(2, 3);
int resfile_oom(struct resfile_parser *p);

/* One sample of the result name and unit, from p->from. */
int resfile_add_sample(struct resfile_parser *p, const char *name, const char *unit, double v);

/* A line of the run's flags (kept once however often it comes). */
int resfile_add_flag(struct resfile_parser *p, const char *fmt, ...) HB_PRINTF(2, 3);

/* A configuration key: the fingerprint's until p->in_bench, after it a
 * key the fingerprint lacks, with its first value. */
int resfile_set_config(struct resfile_parser *p, const char *key, const char *value);

/* A "load:" value: the run's max_load is the highest. */
void resfile_note_load(struct resfile_parser *p, const char *value);

/* ---------------------------------------------------------------- readers */

/* One line of a hostbench file, without its newline; last_unterminated:
 * it is the last and had none. */
int resfile_hb_line(struct resfile_parser *p, const char *line, int last_unterminated);

/* One line of an lmbench3 file, without its newline. */
int resfile_lm3_line(struct resfile_parser *p, const char *line);

/* After the last line: what the header said in pieces (the os from
 * SYSNAME and RELEASE) into the fingerprint. */
int resfile_lm3_finish(struct resfile_parser *p);

#endif
