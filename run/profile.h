/*
 * profile: THE profile table of a suite run.  One row per profile holds
 * everything a profile sets: the programs' shared options (-N, -T), the
 * rounds, the sizes of the memory cases, the times of the network and
 * sweeping cases, and the weight of the suite table's seconds.  Usage,
 * hostbench(1) and the runner all read it here.
 */
#ifndef HB_RUN_PROFILE_H
#define HB_RUN_PROFILE_H

#include <stdint.h>

/* In a list of sizes: the memory bandwidth size (4 x the last-level
 * cache, at least 8M: lib/host/memory's mem_bw_size). */
#define PROFILE_MEM UINT64_MAX

struct profile {
	const char *name;	/* test, quick, standard, full */
	unsigned level;		/* 0 .. 3: a suite row of profile p runs where level >= p's */
	unsigned reps;		/* the programs' -N */
	const char *sample;	/* their -T */
	unsigned rounds;	/* run's default rounds (ab: always 3) */
	uint64_t mem_cap_kb;	/* the memory size's cap (0: none) */
	uint64_t bw_kb[4];	/* @BW@ sizes in kB, PROFILE_MEM, 0 ends */
	uint64_t map_kb[4];	/* @MAP@ sizes in kB, 0 ends */
	unsigned lat_mb;	/* lat_mem_rd's, cache's and tlb's largest size */
	const char *xfer;	/* @XFER@: bw_tcp's and bw_udp's local transfer */
	const char *rxfer;	/* @NETTIME@: a transfer to --remote-host */
	const char *step;	/* @STEPTIME@: a step of the UDP ladder */
	const char *sweep;	/* @SWEEP@: -T of the programs that walk sizes */
	const char *files;	/* @FILES@: lat_fs's -t */
	int standard_secs;	/* weigh by the table's STANDARD seconds (else QUICK) */
	double scale;		/* ... times this */
	const char *about;	/* what it is for, one line for usage */
};

extern const struct profile profiles[];
extern const unsigned profile_count;

/* The row named name, or NULL. */
const struct profile *profile_find(const char *name);

/* The profile a run takes without --profile. */
#define PROFILE_DEFAULT "quick"

/* "test, quick, standard, full" into buf (len bytes); returns buf. */
char *profile_names(char *buf, unsigned len);

#endif
