#!/bin/sh
# lat_load: options, a self-started loopback run (2+2 streams, 1 s) with
# every line it owes (percentiles idle and loaded in order, loss, the
# added latency, throughput both ways, CPU, the series of 200 ms bins),
# text output, and a server that refuses a wrong key, survives garbage
# and a vanishing client, stops on -S and exits when idle.  As root,
# through a router: client, router and server network namespaces, the
# probes and streams forwarded by the router (as router-t.sh builds them).
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libnet.sh"
. "$top_srcdir/tests/tap/librouter.sh"

plan 64
# The other runs' options: short, and one stream each way.
q='-t 200ms -u 1 -d 1 -N 1 -o raw'
net_init lat_load 7 LatLoad/streams=1+1

cli '-h exits 0 with the usage line' 0 '^usage: lat_load' lat_load -h
cli 'unknown option: exit 2' 2 'unknown option -q' lat_load -q
cli '-u 0: exit 2 with the range' 2 "-u: value '0' is out of range; allowed: 1 \.\. 64" lat_load -u 0
cli '-d 65: exit 2 with the range' 2 "-d: value '65' is out of range; allowed: 1 \.\. 64" lat_load -d 65
cli '-g 0: exit 2 naming -g' 2 '^lat_load: -g: ' lat_load -g 0
cli '-g 2s: exit 2 naming -g' 2 '^lat_load: -g: ' lat_load -g 2s
cli '-t 50ms: exit 2 naming -t' 2 '^lat_load: -t: ' lat_load -t 50ms
cli '-m 1m: exit 2 naming -m' 2 "^lat_load: -m: value '1m' is out of range" lat_load -m 1m
cli '-P 2: exit 2, the streams are -u and -d' 2 '^lat_load: -P: .*the streams are -u and -d' lat_load -P 2
cli '-I 200,5: exit 2 naming -I and the level range' 2 "^lat_load: -I: value '200' is out of range; allowed: 50 \.\. 99\.9" lat_load -I 200,5
cli '-I x: exit 2 naming -I' 2 "^lat_load: -I: 'x' is not a decimal number" lat_load -I x
cli '-W 2m: exit 2 naming -W' 2 '^lat_load: -W: ' lat_load -W 2m
net_cli_hosts

run_prog lat_load -t 1 -u 2 -d 2 -N 2 -o raw
ok 'a self-started run exits 0' test "$TAP_STATUS" -eq 0
ok 'it prints well-formed raw records' well_formed "$TAP_STDOUT"
b=LatLoad/streams=2+2/placement=one
lines=$(printf '%s\n' "$TAP_STDOUT" | awk -v b="Benchmark$b" '
	(($1 == b "/rtt=idle" || $1 == b "/rtt=loaded") && $4 == "p50-ns" && $6 == "p90-ns" && $8 == "p99-ns") ||
	($1 == b "/rtt=idle" && $4 == "%loss" && $6 == "lost") || ($1 == b "/rtt=loaded" && $4 == "%loss") ||
	($1 == b "/rtt=added" && $4 == "p50-ns" && $6 == "p99-ns") ||
	($1 == b && $4 == "up-MB/s" && $6 == "up-Mbit/s" && $8 == "down-MB/s" && $10 == "down-Mbit/s") ||
	($1 == "#" && $2 == "hist:" && ($3 == b "/rtt=idle" || $3 == b "/rtt=loaded")) { seen[$1 == "#" ? $3 : $1 " " $4]++ }
	END { print length(seen) }')
is 'every line: the percentiles and the loss per phase, the added latency, throughput, 2 histograms' 8 "$lines"
for ph in idle loaded; do
	p50=$(figure_of "$TAP_STDOUT" "$b/rtt=$ph" p50-ns)
	p90=$(figure_of "$TAP_STDOUT" "$b/rtt=$ph" p90-ns)
	p99=$(figure_of "$TAP_STDOUT" "$b/rtt=$ph" p99-ns)
	ok "$ph: 0 < p50 <= p90 <= p99 ($p50, $p90, $p99 ns)" \
		awk -v a="$p50" -v b="$p90" -v c="$p99" 'BEGIN { exit !(a > 0 && a <= b && b <= c) }'
done
v=$(printf '%s\n' "$TAP_STDOUT" | awk -v b="Benchmark$b" '$1 == b && $4 == "up-MB/s" { print $7 }' | median_of)
ok "down under load: above 0 ($v Mbit/s)" awk -v x="$v" 'BEGIN { exit !(x > 0) }'
v=$(printf '%s\n' "$TAP_STDOUT" | awk -v b="Benchmark$b" '$1 == b && $4 == "up-MB/s" { print $5 }' | median_of)
ok "up under load (the server's count): above 0 ($v Mbit/s)" awk -v x="$v" 'BEGIN { exit !(x > 0) }'
# The added latency is the loaded percentile minus the idle one, 0 at least.
v=$(printf '%s\n' "$TAP_STDOUT" | awk -v b="Benchmark$b" '
	$1 == b "/rtt=idle" && $4 == "p50-ns" { i = $3 } $1 == b "/rtt=loaded" && $4 == "p50-ns" { l = $3 }
	$1 == b "/rtt=added" { a = $3 }
	END { w = l > i ? l - i : 0; d = a - w; print (d * d <= 1 + 1e-10 * l * l) ? "ok" : a " != max(0, " l " - " i ")" }')
is 'added p50 = loaded p50 - idle p50, or 0' ok "$v"
v=$(printf '%s\n' "$TAP_STDOUT" | awk -v b="Benchmark$b" '
	($1 == b "/rtt=idle" || $1 == b "/rtt=loaded") && $4 == "%loss" {
		n++; if (!($5 >= 0 && $5 <= $2 && $3 >= 0 && $3 <= 100 && ($3 - 100 * $5 / $2) ^ 2 < 1e-6)) bad++ }
	END { print (n == 2 && !bad) ? "ok" : n " lines, " bad " bad" }')
is 'loss: lost <= sent, %loss = 100 lost / sent' ok "$v"
# 1 s of load in bins of 200 ms: 5 bins, at 0, 200 ... 800 ms, in order.
v=$(printf '%s\n' "$TAP_STDOUT" | awk -v b="Benchmark$b/series=200ms" '
	$1 == b && $4 == "at-ms" && $6 == "bin-up-Mbit/s" && $8 == "bin-down-Mbit/s" && $10 == "bin-rtt-ns" {
		at = at " " $3; if ($5 < 0 || $7 < 0 || $9 < 0) bad++ } END { print at (bad ? " bad" : "") }')
is 'the series: 5 bins of 200 ms, in time order' ' 0 200 400 600 800' "$v"
if [ -r /proc/stat ]; then
	like 'CPU use of both ends' "$TAP_STDOUT" "^BenchmarkLatLoad/streams=2\\+2/placement=one	 +[0-9]+	 +[0-9.]+ remote-own-%user	"
else
	skip 'no /proc/stat: no CPU use'
fi
like 'the probes: gap and counts, a configuration line' "$TAP_STDOUT" \
	'^probes: every 10 ms, [0-9]+ idle over 0\.5 s, [0-9]+ under load over 1 s$'
# The probers' own delays; where the kernel gives receive timestamps (not
# under an emulator that drops them), answers timed by them, and the
# server's hold of each probe (its receive timestamp to its echo) known.
d='[0-9.]+ [mun]?s'
like "the probers' delays, a configuration line" "$TAP_STDOUT" \
	"^prober: sent late by p50 $d, p99 $d; (answers waited to be read p50 $d, p99 $d \\([1-9][0-9]* left out\\)|answers timed when read \\(no kernel receive timestamps here\\)); (the server held them p50 $d, p99 $d \\([1-9][0-9]* left out\\)|the server's hold not known \\(in the round trips\\)); the load at nice \\+10\$"
# Where both ends have the timestamps, the server's hold is known, and a
# hold is under the round trip it was taken from (at most the 2 s after
# which a probe is lost).
if printf '%s\n' "$TAP_STDOUT" | grep -q '^prober: .*answers waited to be read'; then
	like "the server's hold of the probes is known and under 2 s" "$TAP_STDOUT" \
		"^prober: .*; the server held them p50 [0-9.]+ ([mu]s|ns|s), p99 ([0-9.]+ [mun]s|[01](\\.[0-9]+)? s) "
else
	skip 'no kernel receive timestamps here: the holds are not known'
fi
if printf '%s\n' "$TAP_STDOUT" | grep -q '^placement: spread'; then
	ok 'placement spread: results' has "$TAP_STDOUT" LatLoad/streams=2+2/placement=spread/rtt=loaded
else
	skip 'one CPU: no spread placement'
fi

run_prog lat_load -t 500ms -u 1 -d 1 -N 1 -g 20ms -o text -p one
like 'text output: idle and loaded round trips' "$TAP_STDOUT" \
	'^loaded +[0-9.]+ [mun]?s +[0-9.]+ [mun]?s +[0-9.]+ [mun]?s +[0-9]+ +[0-9]+$'
like 'text output: the added latency' "$TAP_STDOUT" '^added +\+[0-9.]+ [mun]?s +\+[0-9.]+ [mun]?s$'
like 'text output: throughput both ways' "$TAP_STDOUT" \
	'^throughput +up [0-9.]+ Mbit/s \([0-9.]+ MB/s\), down [0-9.]+ Mbit/s \([0-9.]+ MB/s\)$'
like "text output: the prober's delays" "$TAP_STDOUT" '^prober +sent late by p50 '

# -I: netperf's level,width, on each sample's median loaded round trip:
# sessions of -N samples until met (here perhaps not: 10 s at most).
b=LatLoad/streams=1+1/placement=one
re='LatLoad/streams=1\+1/placement=one'
run_prog lat_load -t 200ms -u 1 -d 1 -N 2 -g 5ms -I 99,10 -p one -o raw
ok '-I 99,10: accepted, exit 0' test "$TAP_STATUS" -eq 0
like '-I 99,10: the target recorded, +-5% at 99%' "$TAP_STDOUT" \
	"^precision-target: \\+-5% of the mean of each sample's median loaded round trip at 99% confidence, from 2 samples"
like '-I 99,10: the half-width reached and the samples, on the loaded round trips' "$TAP_STDOUT" \
	"^Benchmark$re/rtt=loaded	 +[0-9]+	 +([0-9.e+-]+|inf) %halfwidth	 +[0-9]+ samples$"
v=$(printf '%s\n' "$TAP_STDOUT" | awk -v b="Benchmark$b" '
	$1 == b && $4 == "up-MB/s" { k++ } $1 == b "/rtt=loaded" && $6 == "samples" { s = $5 }
	/^probes: / { t = $(NF - 1) }
	END { print (k >= 2 && k % 2 == 0 && s <= k && (t - k / 2 * 0.2) ^ 2 < 1e-6) ? "ok" : k " samples, " s " with round trips, " t " s of load" }')
is '-I: the samples of every session, the round trips of those of them with answers, the load over all' ok "$v"
# A target no run meets in a second: warned of, reported still.
run_prog lat_load -t 200ms -u 1 -d 1 -N 2 -I 0.01,1 -p one -o raw
ok '-I 0.01,1: not met, exit 0 still' test "$TAP_STATUS" -eq 0
like '-I 0.01,1: the warning names the target, the level and the samples' "$TAP_STDERR" \
	"^lat_load: $re/rtt=loaded: precision target ±0\\.01% at 95% confidence not reached: ±([0-9.]+|inf)% after [0-9]+ samples"
ok '-I 0.01,1: the result is still reported' has "$TAP_STDOUT" "$b/rtt=loaded"

net_ipv6

net_start
HOSTBENCH_KEY=not-the-key run_prog lat_load $q -n "$port" 127.0.0.1
ok 'a client with a wrong key: refused, exit 1, no number' \
	sh -c '[ "$1" -eq 1 ] && printf "%s\n" "$2" | grep -q "key" && ! printf "%s\n" "$3" | grep -q "^Benchmark"' \
	sh "$TAP_STATUS" "$TAP_OUT" "$TAP_STDOUT"
net_unpinned
net_bad_clients 'after TCP and UDP garbage and a huge header, beside a silent client: served' udp_garbage
net_vanish -t 5
net_stop
net_port
net_signals -t 30 -i 4331

# Through a router: three namespaces joined by veth pairs, forwarding on
# in the router only (librouter.sh); names and addresses of this test's own.
router_names hl 10.203
# shellcheck disable=SC2317,SC2086 # (called at exit; $servers splits)
_tap_cleanup_hook() {
	kill_ours TERM $servers
	router_cleanup
	rm -rf "$dir"
}
why=$(router_why)
if [ -z "$why" ] && ! router_setup >/dev/null 2>&1; then
	why='cannot make network namespaces here'
	router_cleanup
fi
if [ -n "$why" ]; then
	skip "$why"
	skip "$why"
	skip "$why"
else
	ok 'three namespaces, the client routed to the server via the router' \
		sh -c 'ip netns exec "$1" ip route get "$2" | grep -q "via $3 "' sh "$C" "$NET2.2" "$NET1.254"
	_t=$dir/netns
	ns "$S" "$(prog lat_load)" -s -b "$NET2.2" -i 30 >"$_t.out" 2>&1 </dev/null
	_spid=$(sed -n 's/.*server pid \([0-9]*\) .*/\1/p' "$_t.out")
	servers="$servers $_spid"
	remember "$_spid"
	before=$(forwarded)
	ns "$C" "$(prog lat_load)" -t 500ms -u 1 -d 1 -N 1 -o raw "$NET2.2" >"$_t.out" 2>&1 </dev/null
	after=$(forwarded)
	_out=$(cat "$_t.out")
	v=$(figure_of "$_out" LatLoad/streams=1+1/peer=remote/rtt=loaded p50-ns)
	ok "through the router: results named peer=remote, loaded p50 above 0 ($v ns)" \
		awk -v x="$v" 'BEGIN { exit !(x > 0) }'
	# Every probe and its echo, and the streams' packets, crossed the router.
	probes=$(printf '%s\n' "$_out" | sed -n 's/^probes: every [0-9.]* ms, \([0-9]*\) idle over .*, \([0-9]*\) under load .*/\1 \2/p' |
		awk '{ print $1 + $2 }')
	ok "the router forwarded the probes both ways and the streams ($before -> $after, $probes probes)" \
		awk -v a="$before" -v b="$after" -v p="$probes" 'BEGIN { exit !(p > 0 && b - a > 2 * p) }'
	ns "$C" "$(prog lat_load)" -S "$NET2.2" >/dev/null 2>&1
fi
