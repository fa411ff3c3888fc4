#!/bin/sh
# bw_tcp: options, a self-started loopback run per placement with CPU use,
# socket buffers and parallel streams, IPv6, and a server that survives
# garbage, silent and vanishing clients, stops on -S and exits when idle.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libnet.sh"

plan 40
q='-N 3 -t 300ms -W 100ms -o raw'
net_init bw_tcp 4 BwTcp/size=64K

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

net_self_run
net_median 'placement one: between 1 and 10^6 MB/s' one 1 1000000
ok 'Mbit/s is 8 x MB/s' awk '$1 ~ /^BenchmarkBwTcp\/size=64K\/placement=one$/ {
	d = $5 - 8 * $3; if (d < 0) d = -d; if (d > 0.01 * $5 + 0.001) bad++; n++ }
	END { exit !(n == 3 && !bad) }' <<EOF_OUT
$TAP_STDOUT
EOF_OUT
net_spread 'placement spread: between 1 and 10^6 MB/s' 1 1000000
if [ -r /proc/stat ]; then
	like 'CPU use here: user, sys, irq, softirq, service demand' "$TAP_STDOUT" \
		'^BenchmarkBwTcp/size=64K/placement=one/cpu=local	 +1	 +[0-9.]+ %user	 +[0-9.]+ %sys	 +[0-9.]+ %irq	 +[0-9.]+ %softirq	 +[0-9.]+ us/KB$'
	like 'CPU use at the server' "$TAP_STDOUT" '^BenchmarkBwTcp/size=64K/placement=one/cpu=remote	'
else
	skip 'no /proc/stat: no CPU use'
	skip 'no /proc/stat: no CPU use'
fi
net_cpu_own
like 'what the server received is recorded' "$TAP_STDOUT" '^received: [0-9]+ bytes at the server after the warm-up$'

run_prog bw_tcp -N 2 -t 200ms -W 50ms -o raw -p one -w 256k -m 16k -P 2
like '-w 256k: the buffer granted is reported' "$TAP_STDOUT" '^socket-buffer: requested 256K, granted [0-9]+ to send here, [0-9]+ to receive at the server$'
like '-w 256k -m 16k -P 2: named by size, window and streams' "$TAP_STDOUT" \
	'^BenchmarkBwTcp/size=16K/window=256K/placement=one-2	'
like '-P 2: the server children'"'"'s own CPU, summed' "$TAP_STDOUT" \
	'^BenchmarkBwTcp/size=16K/window=256K/placement=one/cpu=remote-own-2	 +1	 +[0-9.]+ %user	'
run_prog bw_tcp -N 2 -t 200ms -W 50ms -o text -p one
like 'text output: MB/s and Mbit/s lines' "$TAP_STDOUT" '^BwTcp/size=64K/placement=one +[0-9.]+ Mbit/s '
like 'text output: own CPU lines' "$TAP_STDOUT" '^BwTcp/size=64K/placement=one/cpu=remote-own +own [0-9.]+% user, [0-9.]+% sys; '
if [ -r /proc/sys/kernel/random/boot_id ]; then
	like 'text output: a note that the ends are one kernel' "$TAP_STDERR" \
		'^bw_tcp: local and remote run on one kernel \(loopback or network namespaces\)'
else
	skip 'no boot id here'
fi

net_ipv6

net_start
net_unpinned
net_bad_clients 'after garbage and a huge header, beside a silent client: served'
net_vanish -N 3 -t 5
net_stop
net_signals -N 10 -t 100 -i 4324
