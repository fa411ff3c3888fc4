#!/bin/sh
# lat_pipe: options, errors, plausible round trips in every placement,
# no child left after SIGTERM or when the child dies, and a pinned
# placement whose CPU other work keeps busy saying so.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libplace.sh"

place_init lat_pipe LatPipe
plan 22
place_cli
cli 'an argument: exit 2' 2 "unexpected argument 'x'" lat_pipe x
place_run
place_values 0.001 1e9 'ns per round trip' 10
place_unpinned
place_kill 2 'LatPipe/placement=one: operation failed'

# Three busy loops on the CPU placement one pins to: its processes wait
# for that CPU most of the time they want it, and the record says so.
# (Natively only: under qemu-user the wait is the emulator's.)
if [ -n "$TEST_WRAPPER" ] || ! command -v taskset >/dev/null 2>&1 || [ ! -r /proc/self/schedstat ]; then
	skip 'no taskset or schedstat here, or an emulated run'
else
	cpu=$(taskset -pc $$ | sed 's/.*: *//; s/[,-].*//')
	loops=
	for i in 1 2 3; do
		taskset -c "$cpu" sh -c 'while :; do :; done' </dev/null >/dev/null 2>&1 &
		loops="$loops $!"
	done
	TMPDIR=$tmp run_prog lat_pipe -N 3 -T 1ms -o raw -p one -c "$cpu"
	# shellcheck disable=SC2086
	kill $loops 2>/dev/null
	like 'a pinned placement whose CPU three loops keep busy says so in a note' "$TAP_STDOUT" \
		"^# placement-busy: one, cpu $cpu: its processes waited for a CPU [0-9]+% of the time they wanted one \\(above (25|50)%\\): other work on its CPUs$"
fi
