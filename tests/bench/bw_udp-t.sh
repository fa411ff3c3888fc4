#!/bin/sh
# bw_udp: options, a paced self-started loopback run per placement with
# loss, jitter and CPU use, a rate ladder and its knee, IPv6, and a server
# (-B or -s -b) that survives garbage (TCP and UDP), silent and vanishing
# clients, stops on -S and exits when idle.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libnet.sh"

plan 75
q='-N 3 -t 300ms -b 10m -o raw'
net_init bw_udp 5 BwUdp/size=1470/rate=10Mbit

cli '-h exits 0 with the usage line' 0 '^usage: bw_udp' bw_udp -h
cli 'unknown option: exit 2' 2 'unknown option -q' bw_udp -q
cli '-b fast: exit 2 naming -b' 2 "^bw_udp: -b: value 'fast' is not a rate" bw_udp -b fast
cli '-b 500 (below 1k): exit 2' 2 "^bw_udp: -b: value '500' is not a rate; allowed: 0 .*1k \.\. 100g" bw_udp -b 500
cli '-l 10: exit 2 with the range' 2 "-l: value '10' is out of range; allowed: 40 \.\. 65507" bw_udp -l 10
cli '-N 1001: exit 2 naming -N' 2 "^bw_udp: -N: value '1001' is out of range" bw_udp -N 1001
cli '-t 0: exit 2 naming -t' 2 '^bw_udp: -t: ' bw_udp -t 0
cli '-I 200,5: exit 2 naming -I and the level range' 2 "^bw_udp: -I: value '200' is out of range; allowed: 50 \.\. 99\.9" bw_udp -I 200,5
cli '-I x: exit 2 naming -I' 2 "^bw_udp: -I: 'x' is not a decimal number" bw_udp -I x
cli 'a closed port: exit 1 naming the server' 1 'transfer to 127\.0\.0\.1 port 1 failed' bw_udp $q -n 1 127.0.0.1

net_self_run
n=BwUdp/size=1470/rate=10Mbit/placement=one
# The pace is a ceiling: on a busy machine the sender may fall short (and
# says so), the receiver may be kept from its CPU and lose datagrams.
v=$(results_of "$TAP_STDOUT" "$n" | median_of)
loss=$(printf '%s\n' "$TAP_STDOUT" | awk -v n="Benchmark$n" '$1 == n && $4 == "MB/s" { print $7 }' | median_of)
short=$(printf '%s\n' "$TAP_STDOUT" | grep -c '^# udp-short: sent')
ok "-b 10m: at most about 1.25 MB/s received, at least half of it less what was lost unless the sender fell short ($v MB/s, $loss% lost)" \
	awk -v v="$v" -v l="$loss" -v k="$short" 'BEGIN { exit !(v > 0 && v <= 1.4 && (v >= 0.6 * (1 - l / 100) || k > 0)) }'
ok "-b 10m: the loss is a share of what was sent ($loss)" num_between 0 "$loss" 100
like 'the totals: sent, received, lost, out of order' "$TAP_STDOUT" \
	'^# udp: sent [0-9]+, received [0-9]+, lost [0-9]+ \([0-9.e+-]+%\), out of order [0-9]+, '
like 'units: MB/s, pkts/s, %loss, sent-MB/s, jitter-us' "$TAP_STDOUT" \
	"^Benchmark$n	 +[0-9]+	 +[0-9.]+ MB/s	 +[0-9.]+ pkts/s	 +[0-9.]+ %loss	 +[0-9.]+ sent-MB/s	 +[0-9.]+ jitter-us$"
if [ -r /proc/stat ]; then
	like 'CPU use here and at the server' "$TAP_STDOUT" "^Benchmark$n	 +[1-9][0-9]*	 +[0-9.]+ remote-%user	"
else
	skip 'no /proc/stat: no CPU use'
fi
net_cpu_own
# Each sample's sent-MB/s is what was sent in exactly its time (100 ms) and
# its %loss that sample's lost / sent: summed, they give the run's totals.
tot=$(printf '%s\n' "$TAP_STDOUT" | awk -v n="Benchmark$n" '
	$1 == n && $4 == "MB/s" { pk += $9 * 1e6 * 0.1 / 1470; lost += $7 * $9 }
	$1 == n && $4 == "MB/s" { mb += $9 }
	/^placement: / { cur = $2 }
	/^# udp: sent / && cur == "one," { split($4, a, ","); sent = a[1]; split($6, b, ","); got = b[1]; tl = $9 }
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
	'^# udp-short: sent [0-9.e+]+ MB/s of the 1\.25e\+04 MB/s asked \(-[0-9.e+]+%\)$'
run_prog bw_udp -N 2 -t 20ms -b 100g -o text -p one
like '-b 100g, text output: a warning on stderr' "$TAP_STDERR" '^bw_udp: the sender fell short of -b: sent '
run_prog bw_udp -N 2 -t 1s -b 1m -o raw -p one
# (a sender kept from its CPU may fall short of even 1 Mbit/s: the line then says by how much)
ok '-b 1m for 1 s: exit 0, and no udp-short line but one that says how short it fell' sh -c '[ "$2" -eq 0 ] &&
	! printf "%s\n" "$1" | grep "^# udp-short: " | grep -vqE "^# udp-short: sent [0-9.e+]+ MB/s of the 0\.125 MB/s asked \(-[0-9.e+]+%\)$"' \
	sh "$TAP_STDOUT" "$TAP_STATUS"

# ---- the ladder: -b with a list of rates
cli '-b twice: exit 2 naming -b' 2 "^bw_udp: -b: given twice \('1m', then '2m'\)" bw_udp -b 1m -b 2m
cli 'a bad list item: exit 2 naming it' 2 "^bw_udp: -b: list item 'fast' is not a rate" bw_udp -b 1m,fast,2m
cli 'an empty list item: exit 2' 2 "^bw_udp: -b: list item '' is not a rate" bw_udp -b 1m,,2m
cli 'a rate twice in the list: exit 2 naming it' 2 "^bw_udp: -b: list item '1000k' is a rate given before" \
	bw_udp -b 1m,1000k
cli '0 in a list: exit 2' 2 "^bw_udp: -b: list item '0': 0 \(as fast as possible\) is no step" bw_udp -b 0,1m
cli '-L with one rate: exit 2, it applies only to a ladder' 2 '^bw_udp: -L: .*only to a ladder' bw_udp -b 1m -L 5
cli '-L 0: exit 2 naming -L' 2 "^bw_udp: -L: value '0' is out of range" bw_udp -b ladder -L 0
cli '-L 101: exit 2 naming -L' 2 "^bw_udp: -L: value '101' is out of range" bw_udp -b 1m,2m -L 101
cli '-B without -s: exit 2 naming -B' 2 '^bw_udp: -B: a listening address applies only to -s' bw_udp -B 127.0.0.1
cli '-s with both -b and -B: exit 2' 2 '^bw_udp: -b and -B: ' bw_udp -s -b 127.0.0.1 -B 127.0.0.1

run_prog bw_udp -N 2 -t 200ms -b 20m,2m,5m -p one -o raw
ok 'a ladder 20m,2m,5m exits 0' test "$TAP_STATUS" -eq 0
ok 'it prints well-formed raw records' well_formed "$TAP_STDOUT"
ladder=$TAP_STDOUT
steps=$(printf '%s\n' "$ladder" | awk -F '\t' '$1 ~ /^BenchmarkBwUdp\/size=1470\/rate=[^\/]*\/placement=one$/ {
	split($1, p, "/"); r = substr(p[3], 6); if (r != last) printf "%s ", r; last = r }')
is 'one result set per step, lowest first, then the knee' '2Mbit 5Mbit 20Mbit knee ' "$steps"
n=BwUdp/size=1470/rate=2Mbit/placement=one
sent=$(printf '%s\n' "$ladder" | awk -v n="Benchmark$n" '$1 == n && $4 == "MB/s" { s += $9; k++ } END { if (k) print s / k }')
# The pace is a ceiling: a sender kept from its CPU sends less, and says so.
short2=$(printf '%s\n' "$ladder" | grep -c '^# udp-short: sent .* of the 0\.25 MB/s asked')
ok "the 2m step: the sender sent at most 0.3 MB/s, and at least 0.2 unless it said it fell short ($sent)" \
	awk -v s="$sent" -v k="$short2" 'BEGIN { exit !(s > 0 && s <= 0.3 && (s >= 0.2 || k > 0)) }'
# Every step: what arrived is no more than what was sent, in total and per sample.
more=$(printf '%s\n' "$ladder" | awk '
	/^# udp: sent / { s = $4; g = $6; sub(/,/, "", s); sub(/,/, "", g); if (g + 0 > s + 0) print "total", $0 }
	$1 ~ /^BenchmarkBwUdp\/size=1470\/rate=[0-9.]+Mbit\/placement=one$/ && $4 == "MB/s" && $3 > $9 + 1e-9 { print "sample", $0 }')
is 'every step received no more than it sent (totals and samples)' '' "$more"
# The knee: the highest step sent in full (no udp-short: line) that lost
# less than 1%, as the udp: totals say; none: no knee line, saying so.
knee=$(printf '%s\n' "$ladder" | awk '
	/^# udp-short:/ { short = ($0 != "# udp-short:") }
	/^# udp: sent / { l = $9; gsub(/[(%),]/, "", l); loss = l + 0 }
	$1 ~ /^BenchmarkBwUdp\/size=1470\/rate=[0-9.]+Mbit\/placement=one$/ {
		split($1, p, "/"); r = substr(p[3], 6) + 0
		if (!short && loss < 1 && r > best) best = r }
	$1 == "BenchmarkBwUdp/size=1470/rate=knee/placement=one" { knee = $3; u = $4 }
	END { print (best == knee && (knee == "" || u == "Mbit/s")) ? "ok" : "steps say " best ", knee line " knee }')
is 'the knee line is the highest step sent in full with less than 1% loss' ok "$knee"
if printf '%s\n' "$ladder" | grep -q '^BenchmarkBwUdp/size=1470/rate=knee/'; then
	like 'the knee line: Mbit/s, MB/s and pkts/s' "$ladder" \
		'^BenchmarkBwUdp/size=1470/rate=knee/placement=one	 +1	 +[0-9.]+ Mbit/s	 +[0-9.]+ MB/s	 +[0-9.]+ pkts/s$'
else
	like 'no step held: no knee line, saying so' "$TAP_STDERR" '^bw_udp: no knee: '
fi
# -L 100: every step sent in full holds, so the knee only rises.
run_prog bw_udp -N 2 -t 100ms -b 2m,5m -L 100 -p one -o text
like 'text output: the ladder table' "$TAP_STDOUT" '^BwUdp/size=1470/rate=ladder/placement=one: 2 steps of 0.1 s, knee below 100% loss$'
like 'a row per step: target, sent, received, loss, jitter, pkts/s' "$TAP_STDOUT" \
	'^ +2 +[0-9.]+ +[0-9.]+ +[0-9.e+-]+ +[0-9.e+-]+ +[0-9]+'
like 'and the knee' "$TAP_STDOUT" '^knee: (5|2) Mbit/s \(received [0-9.]+ Mbit/s = [0-9.]+ MB/s, [0-9]+ pkts/s, loss '

# -b ladder closes in on the knee: the lowest step above it, which failed,
# is within 10% of it (at most 5 refining steps: from the 1-2-5 ladder's
# factor of 2.5, 4 halvings of the ratio reach 1.06).
run_prog bw_udp -N 1 -t 100ms -W 20ms -b ladder -p one -o text
ok '-b ladder exits 0' test "$TAP_STATUS" -eq 0
_k=$(printf '%s\n' "$TAP_STDOUT" | awk '
	/^ +[0-9.e+]+ +[0-9.e+]+ +[0-9.e+]+ / { t[++n] = $1 + 0; r[n] = /\(refined\)/; if (/<- knee/) k = n }
	END {
		for (i = 2; i <= n; i++) if (t[i] <= t[i - 1]) { print "not ascending at " t[i]; exit }
		for (i = 1; i <= n; i++) nr += r[i]
		if (!k) { print "ok: no knee"; exit }
		if (k == n) { print "ok: every step held"; exit }
		f = t[k + 1]
		if (f <= 1.1 * t[k] * 1.000001 || nr == 5) print "ok: knee " t[k] ", next " f ", refined " nr
		else print "knee " t[k] " next " f " refined " nr }')
ok "-b ladder: steps ascending, the next step above the knee within 10% ($_k)" test "${_k%%:*}" = ok
like '-b ladder: the refining steps are marked' "$TAP_STDOUT" '\(refined\)$|^knee: none|^ +10000 .*<- knee'

# -I: netperf's level,width, on the mean received rate of every sample.
n=BwUdp/size=1470/rate=10Mbit/placement=one
run_prog bw_udp -N 3 -t 150ms -b 10m -I 99,10 -p one -o raw
ok '-I 99,10: accepted, exit 0' test "$TAP_STATUS" -eq 0
like '-I 99,10: the target recorded, +-5% at 99%' "$TAP_STDOUT" '^precision-target: \+-5% of the mean received at 99% confidence, from 3 samples'
like '-I 99,10: the half-width reached and the samples, on the result' "$TAP_STDOUT" \
	"^Benchmark$n	 +[0-9]+	 +[0-9.e+-]+ %halfwidth	 +[0-9]+ samples$"
_k=$(printf '%s\n' "$TAP_STDOUT" | awk -v n="Benchmark$n" '$1 == n && $4 == "MB/s" { k++ } $1 == n && $6 == "samples" { s = $5 } END { print k + 0, s + 0 }')
ok "-I: as many samples reported as it says it took, 3 or more ($_k)" \
	awk -v k="$_k" 'BEGIN { split(k, a, " "); exit !(a[1] == a[2] && a[1] >= 3 && a[1] % 3 == 0) }'
# A target no transfer as fast as it can meets in half a second: warned of, reported still.
n=BwUdp/size=64/rate=max/placement=one
run_prog bw_udp -N 3 -t 60ms -b 0 -l 64 -I 0.01,0.5 -p one -o raw
ok '-I 0.01,0.5: not met, exit 0 still' test "$TAP_STATUS" -eq 0
like '-I 0.01,0.5: the warning names the target, the level and the samples' "$TAP_STDERR" \
	"^bw_udp: $n: precision target ±0\.01% at 95% confidence not reached: ±[0-9.]+% after [0-9]+ samples"
ok '-I 0.01,0.5: the result is still reported' has "$TAP_STDOUT" "$n"

net_ipv6

server -i 30 -b 127.0.0.1
like '-s -b ADDR: -b is the listening address, as for every server' "$TAP_OUT" 'server pid [0-9]+ on 127\.0\.0\.1 port '
run_prog bw_udp -N 2 -t 100ms -b 2m,5m -o raw -n "$port" 127.0.0.1
ok 'a ladder against it: both steps, named placement=unpinned' sh -c \
	'[ "$2" -eq 0 ] && printf "%s\n" "$1" | grep -q "^BenchmarkBwUdp/size=1470/rate=2Mbit/placement=unpinned	" \
	&& printf "%s\n" "$1" | grep -q "^BenchmarkBwUdp/size=1470/rate=5Mbit/placement=unpinned	"' sh "$TAP_STDOUT" "$TAP_STATUS"
net_start -B 127.0.0.1
like '-B: it listens on that address only' "$TAP_OUT" 'server pid [0-9]+ on 127\.0\.0\.1 port '

net_unpinned
net_bad_clients 'after TCP and UDP garbage and a huge header, beside a silent client: served' udp_garbage
net_vanish -N 3 -t 5 -b 10m
net_stop
net_port
net_signals -N 10 -t 100 -i 4325
