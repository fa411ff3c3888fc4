/*
 * fingerprint: the host, build and clock as the configuration lines a
 * result file starts with, and those each case of a run starts with,
 * composed from the facts of sysinfo.h; and the memory a run may use.
 */
#ifndef HB_FINGERPRINT_H
#define HB_FINGERPRINT_H

#include <stddef.h>
#include <stdio.h>

/*
 * The fingerprint's keys, one table: what the header holds and in what
 * order, how each key's value is read, and how it is written and shown.
 * The header (fingerprint_print), the box's (fingerprint_box), hostinfo
 * -t, and the results tool's "What changed" (fingerprint_key_kind) read
 * it; adding a key is one row.  A note must be one of lib/core/output's
 * run notes too (output_keys: the result file's reader goes by them);
 * tests/bench/hostinfo-t checks that they agree.
 */
enum fingerprint_kind {
	/* Differs between runs of one setup: written as a run note, "# key: value". */
	FINGERPRINT_NOTE = 1 << 0,
	/* Differs on every run and says nothing of it (date, load): never a change. */
	FINGERPRINT_NOISY = 1 << 1,
	/* A list of words: a change shows the words removed and those added. */
	FINGERPRINT_LIST = 1 << 2,
	/* Words whose order means something: a change is never shown as a list. */
	FINGERPRINT_ORDERED = 1 << 3,
	/* The caller may know it better (fingerprint_print's emulation). */
	FINGERPRINT_GIVEN = 1 << 4
};

struct fingerprint_key {
	const char *key;
	/* The value into buf; "unknown" for what the system does not tell.  Never fails. */
	void (*read)(char *buf, size_t len);
	unsigned kind;		/* enum fingerprint_kind, or'ed */
	unsigned box;		/* its place among the box's keys (1, 2 ...); 0: not the box's */
};

extern const struct fingerprint_key fingerprint_keys[];
extern const size_t fingerprint_key_count;

/*
 * The row of key, or NULL: "box-modules" and "far-modules" find
 * modules's, a key the box and the far end send (fingerprint_box's;
 * box-date finds none: they send no date).
 */
const struct fingerprint_key *fingerprint_key_find(const char *key);

/* The kind of key (fingerprint_key_find), or'ed enum fingerprint_kind; 0 without a row. */
unsigned fingerprint_key_kind(const char *key);

/*
 * Print the table (hostinfo -t), a row a line in the header's order: the
 * key, a tab, its kinds joined by commas (note, noisy, list, ordered,
 * given, and box for a key the box sends too) or "-".
 */
void fingerprint_print_keys(FILE *f);

/*
 * Print the host fingerprint as configuration lines, a row of
 * fingerprint_keys each, in its order (the network's keys read as the
 * box's of fingerprint_box, for this host and its network namespace);
 * a note as a run note.  emulation: the
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
 * (the box agent sends them, lib/net/box prints them with a "box-" prefix),
 * the keys of fingerprint_keys with a place among the box's, in that
 * order.  Values as
 * fingerprint_print's and sysinfo.h's: "unknown" for what the system
 * does not tell; nothing fails.
 */
void fingerprint_box(FILE *f);

#endif
