#!/bin/sh
# lat_udp: options, a self-started loopback run per placement, IPv6, and a
# server that survives garbage datagrams and vanishing clients, stops on
# -S and exits when idle.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libnet.sh"

plan 30
q='-N 3 -T 1ms -o raw'
net_init lat_udp 2 LatUdp/size=24

cli '-h exits 0 with the usage line' 0 '^usage: lat_udp' lat_udp -h
cli 'unknown option: exit 2' 2 'unknown option -q' lat_udp -q
cli '-m 4 (below the header): exit 2 with the range' 2 "-m: value '4' is out of range; allowed: 24 \.\. " lat_udp -m 4
cli '-m 70000: exit 2' 2 "-m: value '70000' is out of range" lat_udp -m 70000
cli '-n abc: exit 2 naming -n' 2 "^lat_udp: -n: 'abc'" lat_udp -n abc
cli '-p sideways: exit 2 naming -p' 2 "-p: value 'sideways' is not a placement" lat_udp -p sideways
cli '-S and a host: exit 2' 2 'exclude each other' lat_udp -S a b
cli 'an unknown host: exit 1 naming it' 1 'no\.such\.host\.invalid' lat_udp $q no.such.host.invalid

net_self_run
net_median 'placement one: between 1 us and 100 ms' one 1000 100000000 ns
net_percentiles
net_hist
net_spread 'placement spread: between 1 us and 100 ms' 1000 100000000 ns

run_prog lat_udp -N 3 -T 1ms -o raw -p one -m 1400 -P 2
like '-m 1400 -P 2: one name per copy set' "$TAP_STDOUT" '^BenchmarkLatUdp/size=1400/placement=one-2	'
run_prog lat_udp -N 3 -T 1ms -o text -p one
like 'text output: median, CI and n; percentiles' "$TAP_STDOUT" \
	'^LatUdp/size=24/placement=one/stat=p99 +[0-9.]+ ns/op +\(of [0-9]+ single round trips\)$'

net_ipv6

net_start
if command -v perl >/dev/null 2>&1; then
	udp_garbage "$port" huge
	run_prog lat_udp $q -n "$port" 127.0.0.1
	ok 'after garbage datagrams: served' has "$TAP_STDOUT" LatUdp/size=24/placement=unpinned
else
	skip 'no perl for the bad client'
fi
net_vanish -N 3 -T 2s
net_stop
net_port
net_signals -N 1000 -T 100ms -i 4322
