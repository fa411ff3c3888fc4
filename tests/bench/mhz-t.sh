#!/bin/sh
# mhz: options, errors, and a plausible clock beside /proc/cpuinfo's.
. "$top_srcdir/tests/tap/libtap.sh"

plan 17
q='-N 3 -T 2ms -o raw'

cli '-h exits 0 with the usage line' 0 '^usage: mhz' mhz -h
cli '-V prints the version' 0 'hostbench' mhz -V
cli 'an argument: exit 2 naming it' 2 "unexpected argument 'x'" mhz x
cli "lmbench's -d: exit 2 naming it" 2 'unknown option -d' mhz -d
cli '-N 0: exit 2 with the range' 2 "-N: value '0' is out of range" mhz -N 0
cli '-P 2: exit 2 naming -P' 2 "^mhz: -P: value '2'" mhz -P 2
cli '-I 1: exit 2 naming -I' 2 '^mhz: -I: not supported' mhz -I 1

# Under qemu-user the chain runs as translated code: the clock it implies is
# that of the emulation, still within the bounds.
run_prog mhz $q
ok 'exit 0 and well-formed raw records' sh -c '[ "$1" -eq 0 ] && printf "%s\n" "$2" |
	awk "/^Benchmark/ && \$4 != \"MHz\" { exit 1 }"' sh "$TAP_STATUS" "$TAP_STDOUT"
ok 'well-formed raw output' well_formed "$TAP_STDOUT"
mhz=$(results_of "$TAP_STDOUT" Mhz | median_of)
ok "the clock is between 10 and 10000 MHz ($mhz MHz)" num_between 10 "$mhz" 10000
is 'one line per sample' 3 "$(results_of "$TAP_STDOUT" Mhz | wc -l | tr -d ' ')"
like 'the xor cross-check is recorded' "$TAP_STDOUT" '^# mhz-xor: [0-9]+$'
like '/proc/cpuinfo MHz is recorded beside it' "$TAP_STDOUT" '^# cpuinfo-mhz: ([0-9]+|unknown)$'
diag "mhz: $mhz MHz; $(printf '%s\n' "$TAP_STDOUT" | grep -E '^(mhz-xor|cpuinfo-mhz|cycle):' | tr '\n' ' ')"

run_prog mhz -N 3 -T 2ms -o text
like 'text output: the estimate with CI and n' "$TAP_STDOUT" '^Mhz +[0-9.]+ MHz .*CI .*n=3\)$'
like 'text output: the clock period and the cross-checks' "$TAP_STDOUT" \
	'ns clock; xor chain [0-9]+ MHz; /proc/cpuinfo'

# No temporary files, no children; SIGTERM ends it like any program.
dir=$(mktemp -d "${TMPDIR:-/tmp}/mhz-t.XXXXXX")
_tap_cleanup_hook() { rm -rf "$dir"; }
TMPDIR=$dir $TEST_WRAPPER "$(prog mhz)" -N 100000 -o raw >/dev/null &
pid=$!
sleep 1
kill -TERM "$pid"
st=0
wait "$pid" || st=$?
ok "SIGTERM mid-run ends it with the signal's status ($st)" test "$st" -eq 143
is 'nothing is left in TMPDIR' '' "$(ls -A "$dir")"
