#!/bin/sh
# bw_pipe: options, errors, plausible bandwidths in every placement, exact
# byte counts, and no child left after SIGTERM or when the child dies.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libplace.sh"

place_init bw_pipe BwPipe/msg=64K
plan 28
place_cli
cli 'an argument: exit 2' 2 "unexpected argument 'x'" bw_pipe x
cli '-m 0: exit 2 with the range' 2 "-m: value '0' is out of range; allowed: 1 \.\. 64m" bw_pipe -m 0
cli '-M 5x: exit 2 naming -M' 2 "-M: '5x'" bw_pipe -M 5x
place_run -M 256K
place_values 10 1e9 MB/s
place_unpinned -M 256K
# 100K is not a multiple of 64K: exactly 100K moves per op, the reader
# checks the writer's count, and the rate is plausible.
run_prog bw_pipe -N 3 -T 1ms -o raw -p one -m 64K -M 100K
like '-M 100K: 102400 bytes per op, not rounded' "$TAP_STDOUT" '^bytes-per-op: 102400$'
v=$(results_of "$TAP_STDOUT" BwPipe/msg=64K/placement=one | median_of)
ok "-M 100K: the writer's and the reader's counts agree, above 10 MB/s ($v)" \
	status_and_value "$TAP_STATUS" "$v" 10 1e9
run_prog bw_pipe -N 3 -T 1ms -o raw -p one -m 7 -M 1000
is '-m 7 -M 1000: odd sizes move exactly (exit 0)' 0 "$TAP_STATUS"
place_m1 BwPipe/msg=1
place_kill 2 'BwPipe/msg=64K/placement=one: operation failed' -M 1M
