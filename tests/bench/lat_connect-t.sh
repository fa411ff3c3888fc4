#!/bin/sh
# lat_connect: options, a self-started loopback run per placement, IPv6,
# and a server that survives garbage, silent and vanishing clients, stops
# on -S and exits when idle, but not for a time it could not run.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libnet.sh"

plan 31
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

# A machine paused for longer than -i (a VM host's hiccup; here the
# server alone, stopped once it waits in its loop): that time is not
# idle time.  The server polls at least each second and does not count
# what a poll overslept, so it thaws with at most $settle + 1 s of its
# 5 s used (else it exits there and then).
server -i 5
sleep "$settle"
kill -STOP "$pid"
sleep 6
kill -CONT "$pid"
sleep 0.5
ok 'stopped for 6 s with -i 5: still running when it thaws' alive "$pid"
# shellcheck disable=SC2086
run_prog lat_connect $q -n "$port" 127.0.0.1
ok '... and serves a client' test "$TAP_STATUS" -eq 0
net_signals -N 1000 -T 100ms -i 4323
