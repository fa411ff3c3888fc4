#!/bin/sh
# lat_pipe: options, errors, plausible round trips in every placement,
# and no child left after SIGTERM or when the child dies.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libplace.sh"

place_init lat_pipe LatPipe
plan 21
place_cli
cli 'an argument: exit 2' 2 "unexpected argument 'x'" lat_pipe x
place_run
place_values 0.001 1e9 'ns per round trip' 10
place_unpinned
place_kill 2 'LatPipe/placement=one: operation failed'
