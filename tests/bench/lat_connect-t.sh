#!/bin/sh
# lat_connect: options, a self-started loopback run per placement, IPv6,
# and a server that survives garbage, silent and vanishing clients, stops
# on -S and exits when idle, but not for a time it could not run.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libnet.sh"

plan 33
q='-N 3 -T 1ms -o raw'
net_init lat_connect 3 LatConnect

cli '-h exits 0 with the usage line' 0 '^usage: lat_connect' lat_connect -h
cli 'unknown option: exit 2' 2 'unknown option -q' lat_connect -q
net_cli_hosts

net_self_run
# A paced client: no 1 s SYN retransmission averaged in (lmbench: ~4 ms);
# under qemu-user every system call is emulated (about 2 ms for MIPS).
ms=1
[ -z "$TEST_WRAPPER" ] || ms=10
net_median "placement one: between 1 us and $ms ms" one 1000 "${ms}e6" ns
net_spread 'placement spread: between 1 us and 100 ms' 1000 100000000 ns
like 'the placement is recorded' "$TAP_STDOUT" '^placement: one, cpu [0-9]+$'

run_prog lat_connect -N 3 -T 1ms -o raw -p one -P 2
like '-P 2: one name per copy set' "$TAP_STDOUT" '^BenchmarkLatConnect/placement=one-2	'
run_prog lat_connect -N 3 -T 1ms -o text -p one
like 'text output: median, CI and n' "$TAP_STDOUT" '^LatConnect/placement=one +[0-9.]+ ns/op .*n=3\)$'

net_ipv6

net_start
net_unpinned
net_bad_clients 'after garbage and a huge header, beside a silent client: served'
net_vanish -N 3 -T 2s
net_stop

# A server stopped for longer than -i still serves (libnet.sh).
# shellcheck disable=SC2086
net_frozen $q
net_port
net_signals -N 1000 -T 100ms -i 4323
