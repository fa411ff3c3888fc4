#!/bin/sh
# bw_unix: options, errors, plausible bandwidths in every placement, exact
# byte counts, and no child left after SIGTERM or when the child dies.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libplace.sh"

place_init bw_unix BwUnix/msg=64K
plan 28
place_cli
cli 'a second argument: exit 2' 2 "unexpected argument 'x'" bw_unix 1m x
cli '-m 0: exit 2 with the range' 2 "-m: value '0' is out of range; allowed: 1 \.\. 64m" bw_unix -m 0
cli 'a bad TOTAL: exit 2 naming it' 2 "TOTAL: '5x'" bw_unix 5x
place_run -M 256K
place_values 10 1e9 MB/s
place_unpinned -M 256K
# 100K is not a multiple of 64K: exactly 100K moves per op, the reader
# checks the writer's count, and the rate is plausible.
run_prog bw_unix -N 3 -T 1ms -o raw -p one -m 64K -M 100K
like '-M 100K: 102400 bytes per op, not rounded' "$TAP_STDOUT" '^bytes-per-op: 102400$'
v=$(results_of "$TAP_STDOUT" BwUnix/msg=64K/placement=one | median_of)
ok "-M 100K: the writer's and the reader's counts agree, above 10 MB/s ($v)" \
	status_and_value "$TAP_STATUS" "$v" 10 1e9
run_prog bw_unix -N 3 -T 1ms -o raw -p one 300K
like "lmbench's positional TOTAL sets the bytes per op" "$TAP_STDOUT" '^bytes-per-op: 307200$'
place_m1 BwUnix/msg=1
place_kill 2 'BwUnix/msg=64K/placement=one: operation failed' -M 1M
