#!/bin/sh
# lat_connect: options, a self-started loopback run per placement, IPv6,
# and a server that survives garbage, silent and vanishing clients, stops
# on -S and exits when idle.
. "$top_srcdir/tests/tap/libtap.sh"

plan 29
q='-N 3 -T 1ms -o raw'
dir=$(mktemp -d "${TMPDIR:-/tmp}/lat_connect-t.XXXXXX")
servers=
# Time for a run to get going before it is killed (qemu starts slowly).
settle=0.5
[ -z "$TEST_WRAPPER" ] || settle=1.5
_tap_cleanup_hook() {
	kill_ours TERM $servers
	rm -rf "$dir"
}

net_prog=lat_connect
net_id=3
. "$top_srcdir/tests/tap/libnet.sh"

cli '-h exits 0 with the usage line' 0 '^usage: lat_connect' lat_connect -h
cli 'unknown option: exit 2' 2 'unknown option -q' lat_connect -q
cli '-n 70000: exit 2 naming -n' 2 "-n: value '70000' is out of range" lat_connect -n 70000
cli '-i abc: exit 2 naming -i' 2 "^lat_connect: -i: 'abc'" lat_connect -i abc
cli '-p sideways: exit 2 naming -p' 2 "-p: value 'sideways' is not a placement" lat_connect -p sideways
cli '-s with a host: exit 2' 2 'exclude each other' lat_connect -s localhost
cli '-p with a host: exit 2' 2 '^lat_connect: -p: ' lat_connect -p one localhost
cli 'two hosts: exit 2' 2 "unexpected argument 'b'" lat_connect a b
cli 'an unknown host: exit 1 naming it' 1 'no\.such\.host\.invalid' lat_connect $q no.such.host.invalid

run_prog lat_connect $q
ok 'a self-started run exits 0' test "$TAP_STATUS" -eq 0
ok 'it prints well-formed raw records' well_formed "$TAP_STDOUT"
one=$(results_of "$TAP_STDOUT" LatConnect/placement=one | median_of)
# A paced client: no 1 s SYN retransmission averaged in (lmbench: ~4 ms);
# under qemu-user every system call is emulated (about 2 ms for MIPS).
ms=1
[ -z "$TEST_WRAPPER" ] || ms=10
ok "placement one: between 1 us and $ms ms ($one ns)" num_between 1000 "$one" "${ms}e6"
if printf '%s\n' "$TAP_STDOUT" | grep -q '^placement: spread'; then
	sp=$(results_of "$TAP_STDOUT" LatConnect/placement=spread | median_of)
	ok "placement spread: between 1 us and 100 ms ($sp ns)" num_between 1000 "$sp" 100000000
else
	skip 'one CPU: no spread placement'
fi
like 'the placement is recorded' "$TAP_STDOUT" '^placement: one, cpu [0-9]+$'

run_prog lat_connect -N 3 -T 1ms -o raw -p one -P 2
like '-P 2: one name per copy set' "$TAP_STDOUT" '^BenchmarkLatConnect/placement=one-2	'
run_prog lat_connect -N 3 -T 1ms -o text -p one
like 'text output: median, CI and n' "$TAP_STDOUT" '^LatConnect/placement=one +[0-9.]+ ns/op .*n=3\)$'

run_prog lat_connect $q -p one -6
if [ "$TAP_STATUS" -ne 0 ] && printf '%s\n' "$TAP_OUT" | grep -Eq 'not (supported|available)|annot assign'; then
	skip 'no IPv6 loopback here'
else
	ok '-6: a run over ::1 exits 0 with results' has "$TAP_STDOUT" LatConnect/placement=one
fi

server -i 30
ok '-s: a server starts in the background' alive "$pid"
run_prog lat_connect $q -n "$port" 127.0.0.1
ok 'a client of a separate server on this host: placement=unpinned' \
	has "$TAP_STDOUT" LatConnect/placement=unpinned
if command -v perl >/dev/null 2>&1; then
	abuse garbage "$port"; abuse huge "$port"
	abuse silent "$port" &
	sleep 0.3
	run_prog lat_connect $q -n "$port" 127.0.0.1
	ok 'after garbage and a huge header, beside a silent client: served' test "$TAP_STATUS" -eq 0
	kill $! 2>/dev/null
	wait
else
	skip 'no perl for the bad clients'
fi
$TEST_WRAPPER "$(prog lat_connect)" -N 3 -T 2s -n "$port" 127.0.0.1 >/dev/null 2>&1 &
cpid=$!
sleep "$settle"
kill -9 "$cpid" 2>/dev/null
wait "$cpid" 2>/dev/null
run_prog lat_connect $q -n "$port" 127.0.0.1
ok 'after a client vanished mid-run: served' test "$TAP_STATUS" -eq 0
ok 'the server is still running' alive "$pid"
cli '-S stops it' 0 '' lat_connect -n "$port" -S 127.0.0.1
ok 'the server is gone after -S' gone "$pid"
cli '-S with no server: exit 1' 1 'cannot stop the server' lat_connect -n "$port" -S 127.0.0.1

server -i 1
ok '-i 1: the server exits after 1 s without a client' gone "$pid"

# SIGTERM and SIGKILL mid-run: no server child is left behind.
for sig in TERM KILL; do
	TMPDIR=$dir $TEST_WRAPPER "$(prog lat_connect)" -N 1000 -T 100ms -i 4323 >/dev/null 2>&1 &
	cpid=$!
	sleep "$settle"
	kill -"$sig" "$cpid"
	wait "$cpid" 2>/dev/null
	sleep "$settle"
	is "SIG$sig mid-run: no process of the run is left" 0 "$(procs '-i 4323')"
done
is 'no temporary file is left' '' "$(ls -A "$dir")"
