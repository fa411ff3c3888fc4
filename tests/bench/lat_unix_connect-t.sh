#!/bin/sh
# lat_unix_connect: options, errors, plausible connection costs in every
# placement, and neither a server nor its socket left after SIGTERM or when
# the server dies.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libplace.sh"

place_init lat_unix_connect LatUnixConnect
plan 23
place_cli
cli 'an argument: exit 2' 2 "unexpected argument 'x'" lat_unix_connect x
cli "lmbench's -s: exit 2 saying no server is needed" 2 'separate server is not needed' lat_unix_connect -s
place_run
# Its results reach the results tool's tables (they once had no column).
printf '%s\n' "$TAP_STDOUT" >"$tmp/run.0"
like "compare tables it in More latencies ('UNIX conn')" \
	"$(TMPDIR=$tmp $TEST_WRAPPER "$top_builddir/results/hostbench-compare" --summary --sections more "$tmp/run.0" 2>&1)" \
	'UNIX'
rm -f "$tmp/run.0"
place_values 0.001 1e9 'ns per connection' 10
place_unpinned
place_kill 2 'LatUnixConnect/placement=one: operation failed'
