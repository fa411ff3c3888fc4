#!/bin/sh
# lat_select: options, errors, plausible values for files and TCP sockets,
# the descriptor limit, and no temporary file left after a run or SIGTERM.
. "$top_srcdir/tests/tap/libtap.sh"

plan 19
q='-N 3 -T 1ms -o raw'
dir=$(mktemp -d "${TMPDIR:-/tmp}/lat_select-t.XXXXXX")
_tap_cleanup_hook() {
	[ -z "${bg:-}" ] || kill -KILL "$bg" 2>/dev/null || :
	rm -rf "$dir"
}

# status_and_value STATUS VALUE LO HI: exit 0, and LO <= VALUE <= HI.
status_and_value() {
	[ "$1" -eq 0 ] && num_between "$3" "$2" "$4"
}

cli '-h exits 0 with the usage line' 0 '^usage: lat_select' lat_select -h
cli 'no type: exit 2' 2 'missing argument' lat_select
cli 'unknown type: exit 2 naming it' 2 "unknown descriptor type 'udp'; allowed: file, tcp" lat_select udp
cli 'a second argument: exit 2' 2 "unexpected argument 'x'" lat_select file x
cli '-n 0: exit 2 with the range' 2 "-n: value '0' is out of range; allowed: 1 \.\. " lat_select -n 0 file
cli '-n abc: exit 2 naming it' 2 "-n: 'abc' is not a whole number" lat_select -n abc file
cli '-n beyond FD_SETSIZE for files: exit 2' 2 "-n: value '100000' is out of range" lat_select -n 100000 file
cli '-n 600 tcp (two descriptors each): exit 2' 2 "-n: value '600' is out of range; allowed: 1 \.\. [0-9]+" lat_select -n 600 tcp

TMPDIR=$dir run_prog lat_select $q file
ok 'file prints well-formed raw records' well_formed "$TAP_STDOUT"
v=$(results_of "$TAP_STDOUT" LatSelect/type=file/n=100 | median_of)
ok "file, 100 descriptors: exit 0, above 0 and below 1 s ($v ns)" \
	status_and_value "$TAP_STATUS" "$v" 0.001 1e9
is 'no temporary file is left after a run' '' "$(ls -A "$dir")"

run_prog lat_select $q tcp
v=$(results_of "$TAP_STDOUT" LatSelect/type=tcp/n=100 | median_of)
ok "tcp, 100 connections: exit 0, above 0 and below 1 s ($v ns)" \
	status_and_value "$TAP_STATUS" "$v" 0.001 1e9

run_prog lat_select $q -n 1 tcp
v=$(results_of "$TAP_STDOUT" LatSelect/type=tcp/n=1 | median_of)
ok "tcp, 1 connection: exit 0 ($v ns)" status_and_value "$TAP_STATUS" "$v" 0.001 1e9
run_prog lat_select $q -n 1000 file
v=$(results_of "$TAP_STDOUT" LatSelect/type=file/n=1000 | median_of)
ok "file, 1000 descriptors: exit 0 ($v ns)" status_and_value "$TAP_STATUS" "$v" 0.001 1e9

# A soft descriptor limit below the need is raised; a hard one is not.
st=0
out=$(ulimit -S -n 64 && $TEST_WRAPPER "$(prog lat_select)" $q -n 200 file 2>&1) || st=$?
ok 'a low soft descriptor limit is raised' status_and_value "$st" \
	"$(results_of "$out" LatSelect/type=file/n=200 | median_of)" 0.001 1e9
st=0
out=$(ulimit -n 64 && $TEST_WRAPPER "$(prog lat_select)" $q -n 200 file 2>&1) || st=$?
is 'a hard descriptor limit too low: exit 77' 77 "$st"
like 'a hard descriptor limit too low: the reason' "$out" '-n 200 needs [0-9]+ descriptors; the limit is 64'

run_prog lat_select -N 3 -T 1ms -o raw -P 2 file
is '-P 2: copies select on the same descriptors' 3 \
	"$(results_of "$TAP_STDOUT" LatSelect/type=file/n=100-2 | wc -l | tr -d ' ')"

# SIGTERM in the middle of a long run: the temporary file is gone.
TMPDIR=$dir $TEST_WRAPPER "$(prog lat_select)" -W 100s -o raw file >/dev/null 2>&1 &
bg=$!
sleep 1
kill -TERM "$bg"
st=0
wait "$bg" || st=$?
bg=
is 'no temporary file is left after SIGTERM' "143:" "$st:$(ls -A "$dir")"
