#!/bin/sh
# lat_fifo: options, errors, plausible round trips in every placement,
# and neither a child nor the FIFOs left after SIGTERM or when the child
# dies.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libplace.sh"

place_init lat_fifo LatFifo
plan 22
place_cli
cli 'an argument: exit 2' 2 "unexpected argument 'x'" lat_fifo x
place_run
# Its results reach the results tool's tables (they once had no column).
printf '%s\n' "$TAP_STDOUT" >"$tmp/run.0"
like "compare tables it in More latencies ('FIFO')" \
	"$(TMPDIR=$tmp $TEST_WRAPPER "$top_builddir/results/hostbench-compare" --summary --sections more "$tmp/run.0" 2>&1)" \
	'FIFO'
rm -f "$tmp/run.0"
place_values 0.001 1e9 'ns per round trip' 10
place_unpinned
place_kill 2 'LatFifo/placement=one: operation failed'
