#!/bin/sh
# lat_tcp: options, a self-started loopback run per placement, IPv6, and a
# server that survives garbage, silent and vanishing clients, stops on -S
# and exits when idle.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libnet.sh"

plan 39
q='-N 3 -T 1ms -o raw'
net_init lat_tcp 1 LatTcp/size=1

cli '-h exits 0 with the usage line' 0 '^usage: lat_tcp' lat_tcp -h
cli 'unknown option: exit 2' 2 'unknown option -q' lat_tcp -q
cli '-m 0: exit 2 with the range' 2 "-m: value '0' is out of range" lat_tcp -m 0
cli '-m 2m: exit 2 with the range' 2 "-m: value '2m' is out of range; allowed: 1 \.\. 1m" lat_tcp -m 2m
net_cli_hosts

net_self_run
net_median 'placement one: between 1 us and 100 ms' one 1000 100000000 ns
net_percentiles
net_hist
net_spread 'placement spread: between 1 us and 100 ms' 1000 100000000 ns
like 'the placement is recorded' "$TAP_STDOUT" '^placement: one, cpu [0-9]+$'

# netperf's -I level,width (netperf -t TCP_RR -I 99,10): 99% confidence
# that the value is within +-5%; a width of 0.01% is not reached within
# -I's 10 s, and says so.
run_prog lat_tcp -N 3 -T 1ms -o raw -p one -I 99,10
like "-I 99,10 (netperf's): the precision line says +-5% at 99% confidence" "$TAP_STDOUT" \
	'^# precision: (reached|not-reached) ±[0-9.]+% \(target ±5% at 99% confidence\) after [0-9]+ samples$'
run_prog lat_tcp -N 3 -T 1ms -o raw -p one -I 99.9,0.01
like '-I 99.9,0.01: not reached, and the run says so' "$TAP_STDOUT" \
	'^# precision: not-reached ±[0-9.]+% \(target ±0\.005% at 99\.9% confidence\) after [0-9]+ samples$'
like '... on stderr too' "$TAP_STDERR" \
	'precision target ±0\.005% at 99\.9% confidence not reached: ±[0-9.]+% after [0-9]+ samples'
cli "-C (netperf's remote CPU): exit 2 saying lat_tcp does not measure it" 2 \
	"^lat_tcp: unknown option -C \(netperf's remote CPU: lat_tcp does not measure the far end's CPU" lat_tcp -C

run_prog lat_tcp -N 3 -T 1ms -o raw -p one -m 1k -P 2
like '-m 1k -P 2: one name per copy set' "$TAP_STDOUT" '^BenchmarkLatTcp/size=1K/placement=one-2	'

net_ipv6

net_start
net_unpinned
# Options after the host, as before it.
# shellcheck disable=SC2086
run_prog lat_tcp 127.0.0.1 -n "$port" $q
ok 'options after the host: the run reaches the server on -n' \
	has "$TAP_STDOUT" "$net_name/placement=unpinned"
net_bad_clients 'after garbage and a huge header, beside a silent client: served'
net_vanish -N 3 -T 2s
net_stop
net_port
net_signals -N 1000 -T 100ms -i 4321
