#!/bin/sh
# bw_udp: options, a paced self-started loopback run per placement with
# loss, jitter and CPU use, IPv6, and a server that survives garbage (TCP
# and UDP), silent and vanishing clients, stops on -S and exits when idle.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libnet.sh"

plan 40
q='-N 3 -t 300ms -b 10m -o raw'
net_init bw_udp 5 BwUdp/size=1470/rate=10Mbit

cli '-h exits 0 with the usage line' 0 '^usage: bw_udp' bw_udp -h
cli 'unknown option: exit 2' 2 'unknown option -q' bw_udp -q
cli '-b fast: exit 2 naming -b' 2 "^bw_udp: -b: value 'fast' is not a rate" bw_udp -b fast
cli '-b 500 (below 1k): exit 2' 2 "^bw_udp: -b: value '500' is not a rate; allowed: 0 .*1k \.\. 100g" bw_udp -b 500
cli '-l 10: exit 2 with the range' 2 "-l: value '10' is out of range; allowed: 40 \.\. 65507" bw_udp -l 10
cli '-N 1001: exit 2 naming -N' 2 "^bw_udp: -N: value '1001' is out of range" bw_udp -N 1001
cli '-t 0: exit 2 naming -t' 2 '^bw_udp: -t: ' bw_udp -t 0
cli '-I 5: exit 2, a transfer is split into samples' 2 '^bw_udp: -I: not supported by bw_udp \(a transfer of -t' bw_udp -I 5
cli 'a closed port: exit 1 naming the server' 1 'transfer to 127\.0\.0\.1 port 1 failed' bw_udp $q -n 1 127.0.0.1

net_self_run
n=BwUdp/size=1470/rate=10Mbit/placement=one
net_median '-b 10m: about 1.25 MB/s received' one 0.6 1.4
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
net_cpu_own
# Each sample's sent-MB/s is what was sent in exactly its time (100 ms) and
# its %loss that sample's lost / sent: summed, they give the run's totals.
tot=$(printf '%s\n' "$TAP_STDOUT" | awk -v n="Benchmark$n" '
	$1 == n { pk += $9 * 1e6 * 0.1 / 1470; lost += $7 * $9 }
	$1 == n { mb += $9 }
	/^placement: / { cur = $2 }
	/^udp: sent / && cur == "one," { split($3, a, ","); sent = a[1]; split($5, b, ","); got = b[1]; split($7, c, " "); tl = $8 }
	END { gsub(/[(%),]/, "", tl)
		if (sent > 0 && (pk - sent < 0.5 && sent - pk < 0.5) && (mb == 0 || (lost / mb - tl < 0.5 && tl - lost / mb < 0.5)))
			print "ok"; else print pk, sent, (mb ? lost / mb : 0), tl }')
is 'samples: sent-MB/s x time = the datagrams sent; loss weighted by sent = the total loss' ok "$tot"
if printf '%s\n' "$TAP_STDOUT" | grep -q '^placement: spread'; then
	ok 'placement spread: results' has "$TAP_STDOUT" BwUdp/size=1470/rate=10Mbit/placement=spread
else
	skip 'one CPU: no spread placement'
fi

run_prog bw_udp -N 2 -t 200ms -b 0 -l 64 -o raw -p one
like '-b 0 -l 64: as fast as possible, named rate=max' "$TAP_STDOUT" '^BenchmarkBwUdp/size=64/rate=max/placement=one	'
run_prog bw_udp -N 2 -t 200ms -b 1m -o text -p one
like 'text output: loss line' "$TAP_STDOUT" '^BwUdp/size=1470/rate=1Mbit/placement=one +[0-9.]+ %loss '

# A rate far above what loopback can take: the sender says how short it fell.
run_prog bw_udp -N 2 -t 20ms -b 100g -o raw -p one
like '-b 100g: the udp-short line, achieved against asked' "$TAP_STDOUT" \
	'^udp-short: sent [0-9.e+]+ MB/s of the 1\.25e\+04 MB/s asked \(-[0-9.e+]+%\)$'
run_prog bw_udp -N 2 -t 20ms -b 100g -o text -p one
like '-b 100g, text output: a warning on stderr' "$TAP_STDERR" '^bw_udp: the sender fell short of -b: sent '
run_prog bw_udp -N 2 -t 1s -b 1m -o raw -p one
ok '-b 1m for 1 s: no udp-short line' sh -c '[ "$2" -eq 0 ] && ! printf "%s\n" "$1" | grep -q "^udp-short"' sh "$TAP_STDOUT" "$TAP_STATUS"

net_ipv6

net_start -B 127.0.0.1
like '-B: it listens on that address only' "$TAP_OUT" 'server pid [0-9]+ on 127\.0\.0\.1 port '

net_unpinned
net_bad_clients 'after TCP and UDP garbage and a huge header, beside a silent client: served' udp_garbage
net_vanish -N 3 -t 5 -b 10m
net_stop
net_signals -N 10 -t 100 -i 4325
