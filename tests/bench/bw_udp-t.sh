#!/bin/sh
# bw_udp: options, a paced self-started loopback run per placement with
# loss, jitter and CPU use, IPv6, and a server that survives garbage (TCP
# and UDP), silent and vanishing clients, stops on -S and exits when idle.
. "$top_srcdir/tests/tap/libtap.sh"

plan 33
q='-N 3 -t 300ms -b 10m -o raw'
dir=$(mktemp -d "${TMPDIR:-/tmp}/bw_udp-t.XXXXXX")
servers=
# Time for a run to get going before it is killed (qemu starts slowly).
settle=0.5
[ -z "$TEST_WRAPPER" ] || settle=1.5
_tap_cleanup_hook() {
	kill_ours TERM $servers
	rm -rf "$dir"
}

net_prog=bw_udp
net_id=5
. "$top_srcdir/tests/tap/libnet.sh"

cli '-h exits 0 with the usage line' 0 '^usage: bw_udp' bw_udp -h
cli 'unknown option: exit 2' 2 'unknown option -q' bw_udp -q
cli '-b fast: exit 2 naming -b' 2 "^bw_udp: -b: value 'fast' is not a rate" bw_udp -b fast
cli '-b 500 (below 1k): exit 2' 2 "^bw_udp: -b: value '500' is not a rate; allowed: 0 .*1k \.\. 100g" bw_udp -b 500
cli '-l 10: exit 2 with the range' 2 "-l: value '10' is out of range; allowed: 40 \.\. 65507" bw_udp -l 10
cli '-N 1001: exit 2 naming -N' 2 "^bw_udp: -N: value '1001' is out of range" bw_udp -N 1001
cli '-t 0: exit 2 naming -t' 2 '^bw_udp: -t: ' bw_udp -t 0
cli '-I 5: exit 2, a transfer is split into samples' 2 '^bw_udp: -I: not supported by bw_udp \(a transfer of -t' bw_udp -I 5
cli 'a closed port: exit 1 naming the server' 1 'transfer to 127\.0\.0\.1 port 1 failed' bw_udp $q -n 1 127.0.0.1

run_prog bw_udp $q
ok 'a self-started run exits 0' test "$TAP_STATUS" -eq 0
ok 'it prints well-formed raw records' well_formed "$TAP_STDOUT"
n=BwUdp/size=1470/rate=10Mbit/placement=one
one=$(results_of "$TAP_STDOUT" $n | median_of)
ok "-b 10m: about 1.25 MB/s received ($one)" num_between 0.6 "$one" 1.4
loss=$(printf '%s\n' "$TAP_STDOUT" | awk -v n="Benchmark$n" '$1 == n { print $7 }' | median_of)
ok "-b 10m: loss at most 20% on loopback ($loss)" num_between 0 "$loss" 20
like 'the totals: sent, received, lost, out of order' "$TAP_STDOUT" \
	'^udp: sent [0-9]+, received [0-9]+, lost [0-9]+ \([0-9.e+-]+%\), out of order [0-9]+, '
like 'units: MB/s, pkts/s, %loss, sent-MB/s, jitter-us' "$TAP_STDOUT" \
	"^Benchmark$n	 +[0-9]+	 +[0-9.]+ MB/s	 +[0-9.]+ pkts/s	 +[0-9.]+ %loss	 +[0-9.]+ sent-MB/s	 +[0-9.]+ jitter-us$"
if [ -r /proc/stat ]; then
	like 'CPU use here and at the server' "$TAP_STDOUT" "^Benchmark$n/cpu=remote	 +1	 +[0-9.]+ %user	"
else
	skip 'no /proc/stat: no CPU use'
fi
if printf '%s\n' "$TAP_STDOUT" | grep -q '^placement: spread'; then
	ok 'placement spread: results' has "$TAP_STDOUT" BwUdp/size=1470/rate=10Mbit/placement=spread
else
	skip 'one CPU: no spread placement'
fi

run_prog bw_udp -N 2 -t 200ms -b 0 -l 64 -o raw -p one
like '-b 0 -l 64: as fast as possible, named rate=max' "$TAP_STDOUT" '^BenchmarkBwUdp/size=64/rate=max/placement=one	'
run_prog bw_udp -N 2 -t 200ms -b 1m -o text -p one
like 'text output: loss line' "$TAP_STDOUT" '^BwUdp/size=1470/rate=1Mbit/placement=one +[0-9.]+ %loss '

run_prog bw_udp $q -p one -6
if [ "$TAP_STATUS" -ne 0 ] && printf '%s\n' "$TAP_OUT" | grep -Eq 'not (supported|available)|annot assign'; then
	skip 'no IPv6 loopback here'
else
	ok '-6: a run over ::1 exits 0 with results' has "$TAP_STDOUT" $n
fi

server -i 30 -B 127.0.0.1
ok '-s -B 127.0.0.1: a server starts in the background' alive "$pid"
like '-B: it listens on that address only' "$TAP_OUT" 'server pid [0-9]+ on 127\.0\.0\.1 port '

run_prog bw_udp $q -n "$port" 127.0.0.1
ok 'a client of a separate server on this host: placement=unpinned' \
	has "$TAP_STDOUT" BwUdp/size=1470/rate=10Mbit/placement=unpinned
if command -v perl >/dev/null 2>&1; then
	abuse garbage "$port"; abuse huge "$port"; udp_garbage "$port"
	abuse silent "$port" &
	sleep 0.3
	run_prog bw_udp $q -n "$port" 127.0.0.1
	ok 'after TCP and UDP garbage and a huge header, beside a silent client: served' test "$TAP_STATUS" -eq 0
	kill $! 2>/dev/null
	wait
else
	skip 'no perl for the bad clients'
fi
$TEST_WRAPPER "$(prog bw_udp)" -N 3 -t 5 -b 10m -n "$port" 127.0.0.1 >/dev/null 2>&1 &
cpid=$!
sleep "$settle"
kill -9 "$cpid" 2>/dev/null
wait "$cpid" 2>/dev/null
run_prog bw_udp $q -n "$port" 127.0.0.1
ok 'after a client vanished mid-run: served' test "$TAP_STATUS" -eq 0
ok 'the server is still running' alive "$pid"
cli '-S stops it' 0 '' bw_udp -n "$port" -S 127.0.0.1
ok 'the server is gone after -S' gone "$pid"
cli '-S with no server: exit 1' 1 'cannot stop the server' bw_udp -n "$port" -S 127.0.0.1

server -i 1
ok '-i 1: the server exits after 1 s without a client' gone "$pid"

# SIGTERM and SIGKILL mid-run: no server child is left behind.
for sig in TERM KILL; do
	TMPDIR=$dir $TEST_WRAPPER "$(prog bw_udp)" -N 10 -t 100 -i 4325 >/dev/null 2>&1 &
	cpid=$!
	sleep "$settle"
	kill -"$sig" "$cpid"
	wait "$cpid" 2>/dev/null
	sleep "$settle"
	is "SIG$sig mid-run: no process of the run is left" 0 "$(procs '-i 4325')"
done
is 'no temporary file is left' '' "$(ls -A "$dir")"
