#!/bin/sh
# bw_tcp: options, a self-started loopback run per placement with CPU use,
# socket buffers and parallel streams, IPv6, and a server that survives
# garbage, silent and vanishing clients, stops on -S and exits when idle.
. "$top_srcdir/tests/tap/libtap.sh"

plan 34
q='-N 3 -t 300ms -W 100ms -o raw'
dir=$(mktemp -d "${TMPDIR:-/tmp}/bw_tcp-t.XXXXXX")
servers=
# Time for a run to get going before it is killed (qemu starts slowly).
settle=0.5
[ -z "$TEST_WRAPPER" ] || settle=1.5
_tap_cleanup_hook() {
	kill_ours TERM $servers
	rm -rf "$dir"
}

net_prog=bw_tcp
net_id=4
. "$top_srcdir/tests/tap/libnet.sh"

cli '-h exits 0 with the usage line' 0 '^usage: bw_tcp' bw_tcp -h
cli 'unknown option: exit 2' 2 'unknown option -q' bw_tcp -q
cli '-m 0: exit 2 with the range' 2 "-m: value '0' is out of range" bw_tcp -m 0
cli '-w 100: exit 2 with the range' 2 "-w: value '100' is out of range; allowed: 1k \.\. " bw_tcp -w 100
cli '-t 0: exit 2 naming -t' 2 '^bw_tcp: -t: ' bw_tcp -t 0
cli '-t 5ms -N 11: samples too short, exit 2' 2 '^bw_tcp: -t: each of the 11 samples' bw_tcp -t 5ms
cli '-P 65: exit 2 naming -P' 2 "-P: value '65' is out of range for bw_tcp; allowed: 1 \.\. 64" bw_tcp -P 65
cli '-I 5: exit 2, a transfer is split into samples' 2 '^bw_tcp: -I: not supported by bw_tcp \(a transfer of -t' bw_tcp -I 5
cli '-p sideways: exit 2 naming -p' 2 "-p: value 'sideways' is not a placement" bw_tcp -p sideways
cli 'a closed port: exit 1 naming the server' 1 'transfer to 127\.0\.0\.1 port 1 failed' bw_tcp $q -n 1 127.0.0.1

run_prog bw_tcp $q
ok 'a self-started run exits 0' test "$TAP_STATUS" -eq 0
ok 'it prints well-formed raw records' well_formed "$TAP_STDOUT"
one=$(results_of "$TAP_STDOUT" BwTcp/size=64K/placement=one | median_of)
ok "placement one: between 1 and 10^6 MB/s ($one)" num_between 1 "$one" 1000000
ok 'Mbit/s is 8 x MB/s' awk '$1 ~ /^BenchmarkBwTcp\/size=64K\/placement=one$/ {
	d = $5 - 8 * $3; if (d < 0) d = -d; if (d > 0.01 * $5 + 0.001) bad++; n++ }
	END { exit !(n == 3 && !bad) }' <<EOF_OUT
$TAP_STDOUT
EOF_OUT
if printf '%s\n' "$TAP_STDOUT" | grep -q '^placement: spread'; then
	sp=$(results_of "$TAP_STDOUT" BwTcp/size=64K/placement=spread | median_of)
	ok "placement spread: between 1 and 10^6 MB/s ($sp)" num_between 1 "$sp" 1000000
else
	skip 'one CPU: no spread placement'
fi
if [ -r /proc/stat ]; then
	like 'CPU use here: user, sys, irq, softirq, service demand' "$TAP_STDOUT" \
		'^BenchmarkBwTcp/size=64K/placement=one/cpu=local	 +1	 +[0-9.]+ %user	 +[0-9.]+ %sys	 +[0-9.]+ %irq	 +[0-9.]+ %softirq	 +[0-9.]+ us/KB$'
	like 'CPU use at the server' "$TAP_STDOUT" '^BenchmarkBwTcp/size=64K/placement=one/cpu=remote	'
else
	skip 'no /proc/stat: no CPU use'
	skip 'no /proc/stat: no CPU use'
fi
like 'what the server received is recorded' "$TAP_STDOUT" '^received: [0-9]+ bytes at the server after the warm-up$'

run_prog bw_tcp -N 2 -t 200ms -W 50ms -o raw -p one -w 256k -m 16k -P 2
like '-w 256k: the buffer granted is reported' "$TAP_STDOUT" '^socket-buffer: requested 256K, granted [0-9]+ to send here, [0-9]+ to receive at the server$'
like '-w 256k -m 16k -P 2: named by size, window and streams' "$TAP_STDOUT" \
	'^BenchmarkBwTcp/size=16K/window=256K/placement=one-2	'
run_prog bw_tcp -N 2 -t 200ms -W 50ms -o text -p one
like 'text output: MB/s and Mbit/s lines' "$TAP_STDOUT" '^BwTcp/size=64K/placement=one +[0-9.]+ Mbit/s '

run_prog bw_tcp $q -p one -6
if [ "$TAP_STATUS" -ne 0 ] && printf '%s\n' "$TAP_OUT" | grep -Eq 'not (supported|available)|annot assign'; then
	skip 'no IPv6 loopback here'
else
	ok '-6: a run over ::1 exits 0 with results' has "$TAP_STDOUT" BwTcp/size=64K/placement=one
fi

server -i 30
ok '-s: a server starts in the background' alive "$pid"
run_prog bw_tcp $q -n "$port" 127.0.0.1
ok 'a client of a separate server on this host: placement=unpinned' \
	has "$TAP_STDOUT" BwTcp/size=64K/placement=unpinned
if command -v perl >/dev/null 2>&1; then
	abuse garbage "$port"; abuse huge "$port"
	abuse silent "$port" &
	sleep 0.3
	run_prog bw_tcp $q -n "$port" 127.0.0.1
	ok 'after garbage and a huge header, beside a silent client: served' test "$TAP_STATUS" -eq 0
	kill $! 2>/dev/null
	wait
else
	skip 'no perl for the bad clients'
fi
$TEST_WRAPPER "$(prog bw_tcp)" -N 3 -t 5 -n "$port" 127.0.0.1 >/dev/null 2>&1 &
cpid=$!
sleep "$settle"
kill -9 "$cpid" 2>/dev/null
wait "$cpid" 2>/dev/null
run_prog bw_tcp $q -n "$port" 127.0.0.1
ok 'after a client vanished mid-run: served' test "$TAP_STATUS" -eq 0
ok 'the server is still running' alive "$pid"
cli '-S stops it' 0 '' bw_tcp -n "$port" -S 127.0.0.1
ok 'the server is gone after -S' gone "$pid"
cli '-S with no server: exit 1' 1 'cannot stop the server' bw_tcp -n "$port" -S 127.0.0.1

server -i 1
ok '-i 1: the server exits after 1 s without a client' gone "$pid"

# SIGTERM and SIGKILL mid-run: no server child is left behind.
for sig in TERM KILL; do
	TMPDIR=$dir $TEST_WRAPPER "$(prog bw_tcp)" -N 10 -t 100 -i 4324 >/dev/null 2>&1 &
	cpid=$!
	sleep "$settle"
	kill -"$sig" "$cpid"
	wait "$cpid" 2>/dev/null
	sleep "$settle"
	is "SIG$sig mid-run: no process of the run is left" 0 "$(procs '-i 4324')"
done
is 'no temporary file is left' '' "$(ls -A "$dir")"
