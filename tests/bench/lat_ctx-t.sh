#!/bin/sh
# lat_ctx: options, errors, plausible values for lmbench's sizes and
# process counts, both placements on 2+ CPUs, and no ring process left
# after SIGTERM or when one of them dies.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libplace.sh"

place_init lat_ctx LatCtx/size=0K/procs=2
plan 31
place_cli 2
cli '-h describes -s and -p' 0 '-p where' lat_ctx -h
cli 'no process count: exit 2' 2 'missing argument' lat_ctx
cli 'N 1: exit 2 with the range' 2 "N: value '1' is out of range; allowed: 2 \.\. 256" lat_ctx 1
cli 'N 257: exit 2 with the range' 2 "N: value '257' is out of range" lat_ctx 2 257
cli 'N abc: exit 2 naming it' 2 "N: 'abc' is not a whole number" lat_ctx abc
cli '-s abc: exit 2 naming -s' 2 "-s: 'abc'" lat_ctx -s abc 2
cli '-s 2g: exit 2 with the range' 2 "-s: value '2g' is out of range" lat_ctx -s 2g 2
cli '-s 3b: exit 2, not whole words' 2 "-s: value '3b' is not a whole number of words" lat_ctx -s 3b 2

# lmbench's 2p/0K, with the default placements.
place_run 2
place_values 0 1e9 ns
like 'the overhead subtracted is a configuration line' "$TAP_STDOUT" '^# overhead: [0-9.]+ ns/op subtracted$'

# lmbench's summary columns: 16K and 64K with 2, 8 and 16 processes.
for s in 16 64; do
	run_prog lat_ctx -N 1 -T 1ms -o raw -p one -s $s 2 8 16
	n=0
	for p in 2 8 16; do
		v=$(results_of "$TAP_STDOUT" LatCtx/size=${s}K/procs=$p/placement=one)
		num_between 0 "$v" 1e9 && n=$((n + 1))
	done
	is "-s $s 2 8 16: three results, each >= 0 and below 1 s" 3 "$n"
done
place_unpinned 2
# A ring of 4 is 5 processes.
place_kill 5 'a ring process died' 4
