#!/bin/sh
# lat_fcntl: options, errors, plausible round trips in both placements,
# and neither the child nor the temporary file left after a run, SIGTERM
# or the child's death.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libplace.sh"

place_init lat_fcntl LatFcntl
plan 21
place_cli
cli 'an argument: exit 2' 2 "unexpected argument 'x'" lat_fcntl x
place_run
place_values 0.001 1e9 'ns per round trip'
place_unpinned
place_kill 2 'the partner process died'
