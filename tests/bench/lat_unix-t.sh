#!/bin/sh
# lat_unix: options, errors, plausible round trips in every placement,
# -m, and no child left after SIGTERM or when the child dies.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libplace.sh"

place_init lat_unix LatUnix
plan 23
place_cli
cli 'an argument: exit 2' 2 "unexpected argument 'x'" lat_unix x
cli '-m 0: exit 2 with the range' 2 "-m: value '0' is out of range; allowed: 1 \.\. 64m" lat_unix -m 0
place_run
place_values 0.001 1e9 'ns per round trip' 10
place_unpinned
run_prog lat_unix $q -p one -m 100K
v=$(results_of "$TAP_STDOUT" LatUnix/msg=100K/placement=one | median_of)
ok "-m 100K: the size is in the name, a round trip below 10 ms ($v ns)" \
	status_and_value "$TAP_STATUS" "$v" 0.001 1e7
place_kill 2 'LatUnix/placement=one: operation failed'
