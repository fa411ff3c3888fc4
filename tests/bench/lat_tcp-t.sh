#!/bin/sh
# lat_tcp: options, a self-started loopback run per placement, IPv6, and a
# server that survives garbage, silent and vanishing clients, stops on -S
# and exits when idle.
. "$top_srcdir/tests/tap/libtap.sh"

plan 31
q='-N 3 -T 1ms -o raw'
dir=$(mktemp -d "${TMPDIR:-/tmp}/lat_tcp-t.XXXXXX")
servers=
# Time for a run to get going before it is killed (qemu starts slowly).
settle=0.5
[ -z "$TEST_WRAPPER" ] || settle=1.5
_tap_cleanup_hook() {
	kill_ours TERM $servers
	rm -rf "$dir"
}

net_prog=lat_tcp
net_id=1
. "$top_srcdir/tests/tap/libnet.sh"

cli '-h exits 0 with the usage line' 0 '^usage: lat_tcp' lat_tcp -h
cli 'unknown option: exit 2' 2 'unknown option -q' lat_tcp -q
cli '-m 0: exit 2 with the range' 2 "-m: value '0' is out of range" lat_tcp -m 0
cli '-m 2m: exit 2 with the range' 2 "-m: value '2m' is out of range; allowed: 1 \.\. 1m" lat_tcp -m 2m
cli '-n 70000: exit 2 naming -n' 2 "-n: value '70000' is out of range" lat_tcp -n 70000
cli '-i abc: exit 2 naming -i' 2 "^lat_tcp: -i: 'abc'" lat_tcp -i abc
cli '-p sideways: exit 2 naming -p' 2 "-p: value 'sideways' is not a placement" lat_tcp -p sideways
cli '-s with a host: exit 2' 2 'exclude each other' lat_tcp -s localhost
cli '-p with a host: exit 2' 2 '^lat_tcp: -p: ' lat_tcp -p one localhost
cli 'two hosts: exit 2' 2 "unexpected argument 'b'" lat_tcp a b
cli 'an unknown host: exit 1 naming it' 1 'no\.such\.host\.invalid' lat_tcp $q no.such.host.invalid

run_prog lat_tcp $q
ok 'a self-started run exits 0' test "$TAP_STATUS" -eq 0
ok 'it prints well-formed raw records' well_formed "$TAP_STDOUT"
one=$(results_of "$TAP_STDOUT" LatTcp/size=1/placement=one | median_of)
ok "placement one: between 1 us and 100 ms ($one ns)" num_between 1000 "$one" 100000000
p50=$(results_of "$TAP_STDOUT" LatTcp/size=1/placement=one/stat=p50)
p99=$(results_of "$TAP_STDOUT" LatTcp/size=1/placement=one/stat=p99)
ok "p50 <= p99 of single round trips ($p50, $p99 ns)" num_between 1 "$p50" "$p99"
if printf '%s\n' "$TAP_STDOUT" | grep -q '^placement: spread'; then
	sp=$(results_of "$TAP_STDOUT" LatTcp/size=1/placement=spread | median_of)
	ok "placement spread: between 1 us and 100 ms ($sp ns)" num_between 1000 "$sp" 100000000
else
	skip 'one CPU: no spread placement'
fi
like 'the placement is recorded' "$TAP_STDOUT" '^placement: one, cpu [0-9]+$'

run_prog lat_tcp -N 3 -T 1ms -o raw -p one -m 1k -P 2
like '-m 1k -P 2: one name per copy set' "$TAP_STDOUT" '^BenchmarkLatTcp/size=1K/placement=one-2	'

run_prog lat_tcp $q -p one -6
if [ "$TAP_STATUS" -ne 0 ] && printf '%s\n' "$TAP_OUT" | grep -Eq 'not (supported|available)|annot assign'; then
	skip 'no IPv6 loopback here'
else
	ok '-6: a run over ::1 exits 0 with results' has "$TAP_STDOUT" LatTcp/size=1/placement=one
fi

server -i 30
ok '-s: a server starts in the background' alive "$pid"
run_prog lat_tcp $q -n "$port" 127.0.0.1
ok 'a client of a separate server on this host: placement=unpinned' \
	has "$TAP_STDOUT" LatTcp/size=1/placement=unpinned
if command -v perl >/dev/null 2>&1; then
	abuse garbage "$port"; abuse huge "$port"
	abuse silent "$port" &
	sleep 0.3
	run_prog lat_tcp $q -n "$port" 127.0.0.1
	ok 'after garbage and a huge header, beside a silent client: served' test "$TAP_STATUS" -eq 0
	kill $! 2>/dev/null
	wait
else
	skip 'no perl for the bad clients'
fi
$TEST_WRAPPER "$(prog lat_tcp)" -N 3 -T 2s -n "$port" 127.0.0.1 >/dev/null 2>&1 &
cpid=$!
sleep "$settle"
kill -9 "$cpid" 2>/dev/null
wait "$cpid" 2>/dev/null
run_prog lat_tcp $q -n "$port" 127.0.0.1
ok 'after a client vanished mid-run: served' test "$TAP_STATUS" -eq 0
ok 'the server is still running' alive "$pid"
cli '-S stops it' 0 '' lat_tcp -n "$port" -S 127.0.0.1
ok 'the server is gone after -S' gone "$pid"
cli '-S with no server: exit 1' 1 'cannot stop the server' lat_tcp -n "$port" -S 127.0.0.1

server -i 1
ok '-i 1: the server exits after 1 s without a client' gone "$pid"

# SIGTERM and SIGKILL mid-run: no server child is left behind.
for sig in TERM KILL; do
	TMPDIR=$dir $TEST_WRAPPER "$(prog lat_tcp)" -N 1000 -T 100ms -i 4321 >/dev/null 2>&1 &
	cpid=$!
	sleep "$settle"
	kill -"$sig" "$cpid"
	wait "$cpid" 2>/dev/null
	sleep "$settle"
	is "SIG$sig mid-run: no process of the run is left" 0 "$(procs '-i 4321')"
done
is 'no temporary file is left' '' "$(ls -A "$dir")"
