#!/bin/sh
# lat_udp: options, a self-started loopback run per placement, IPv6, and a
# server that survives garbage datagrams and vanishing clients, stops on
# -S and exits when idle.
. "$top_srcdir/tests/tap/libtap.sh"

plan 26
q='-N 3 -T 1ms -o raw'
dir=$(mktemp -d "${TMPDIR:-/tmp}/lat_udp-t.XXXXXX")
servers=
# Time for a run to get going before it is killed (qemu starts slowly).
settle=0.5
[ -z "$TEST_WRAPPER" ] || settle=1.5
_tap_cleanup_hook() {
	kill_ours TERM $servers
	rm -rf "$dir"
}

net_prog=lat_udp
net_id=0
. "$top_srcdir/tests/tap/libnet.sh"

# garbage PORT: 50 datagrams of random bytes, and one with a valid header
# claiming a huge payload.
garbage() {
	perl -MIO::Socket::INET -e '
		my $s = IO::Socket::INET->new(PeerAddr => "127.0.0.1", PeerPort => $ARGV[0],
			Proto => "udp") or exit 1;
		$s->send(join "", map { chr int rand 256 } 1..(1 + int rand 1400)) for 1..50;
		$s->send(pack("NnnNN", 0x68624e54, 1, 1, 2, 0xfffffff8) . "x" x 16);' "$1"
}

cli '-h exits 0 with the usage line' 0 '^usage: lat_udp' lat_udp -h
cli 'unknown option: exit 2' 2 'unknown option -q' lat_udp -q
cli '-m 4 (below the header): exit 2 with the range' 2 "-m: value '4' is out of range; allowed: 24 \.\. " lat_udp -m 4
cli '-m 70000: exit 2' 2 "-m: value '70000' is out of range" lat_udp -m 70000
cli '-n abc: exit 2 naming -n' 2 "^lat_udp: -n: 'abc'" lat_udp -n abc
cli '-p sideways: exit 2 naming -p' 2 "-p: value 'sideways' is not a placement" lat_udp -p sideways
cli '-S and a host: exit 2' 2 'exclude each other' lat_udp -S a b
cli 'an unknown host: exit 1 naming it' 1 'no\.such\.host\.invalid' lat_udp $q no.such.host.invalid

run_prog lat_udp $q
ok 'a self-started run exits 0' test "$TAP_STATUS" -eq 0
ok 'it prints well-formed raw records' well_formed "$TAP_STDOUT"
one=$(results_of "$TAP_STDOUT" LatUdp/size=24/placement=one | median_of)
ok "placement one: between 1 us and 100 ms ($one ns)" num_between 1000 "$one" 100000000
p50=$(results_of "$TAP_STDOUT" LatUdp/size=24/placement=one/stat=p50)
p99=$(results_of "$TAP_STDOUT" LatUdp/size=24/placement=one/stat=p99)
ok "p50 <= p99 of single round trips ($p50, $p99 ns)" num_between 1 "$p50" "$p99"
if printf '%s\n' "$TAP_STDOUT" | grep -q '^placement: spread'; then
	sp=$(results_of "$TAP_STDOUT" LatUdp/size=24/placement=spread | median_of)
	ok "placement spread: between 1 us and 100 ms ($sp ns)" num_between 1000 "$sp" 100000000
else
	skip 'one CPU: no spread placement'
fi

run_prog lat_udp -N 3 -T 1ms -o raw -p one -m 1400 -P 2
like '-m 1400 -P 2: one name per copy set' "$TAP_STDOUT" '^BenchmarkLatUdp/size=1400/placement=one-2	'
run_prog lat_udp -N 3 -T 1ms -o text -p one
like 'text output: median, CI and n; percentiles' "$TAP_STDOUT" \
	'^LatUdp/size=24/placement=one/stat=p99 +[0-9.]+ ns/op +\(of [0-9]+ single round trips\)$'

run_prog lat_udp $q -p one -6
if [ "$TAP_STATUS" -ne 0 ] && printf '%s\n' "$TAP_OUT" | grep -Eq 'not (supported|available)|annot assign'; then
	skip 'no IPv6 loopback here'
else
	ok '-6: a run over ::1 exits 0 with results' has "$TAP_STDOUT" LatUdp/size=24/placement=one
fi

server -i 30
ok '-s: a server starts in the background' alive "$pid"
if command -v perl >/dev/null 2>&1; then
	garbage "$port"
	run_prog lat_udp $q -n "$port" 127.0.0.1
	ok 'after garbage datagrams: served' has "$TAP_STDOUT" LatUdp/size=24/placement=unpinned
else
	skip 'no perl for the bad client'
fi
$TEST_WRAPPER "$(prog lat_udp)" -N 3 -T 2s -n "$port" 127.0.0.1 >/dev/null 2>&1 &
cpid=$!
sleep "$settle"
kill -9 "$cpid" 2>/dev/null
wait "$cpid" 2>/dev/null
run_prog lat_udp $q -n "$port" 127.0.0.1
ok 'after a client vanished mid-run: served' test "$TAP_STATUS" -eq 0
cli '-S stops it' 0 '' lat_udp -n "$port" -S 127.0.0.1
ok 'the server is gone after -S' gone "$pid"
cli '-S with no server: exit 1' 1 'cannot stop the server' lat_udp -n "$port" -S 127.0.0.1

server -i 1
ok '-i 1: the server exits after 1 s without a client' gone "$pid"

for sig in TERM KILL; do
	TMPDIR=$dir $TEST_WRAPPER "$(prog lat_udp)" -N 1000 -T 100ms -i 4322 >/dev/null 2>&1 &
	cpid=$!
	sleep "$settle"
	kill -"$sig" "$cpid"
	wait "$cpid" 2>/dev/null
	sleep "$settle"
	is "SIG$sig mid-run: no process of the run is left" 0 "$(procs '-i 4322')"
done
is 'no temporary file is left' '' "$(ls -A "$dir")"
