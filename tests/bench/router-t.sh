#!/bin/sh
# Through a router, not to it: client, router and server network
# namespaces joined by veth pairs, forwarding on in the router only;
# lat_tcp, bw_tcp and bw_udp run from the client to a server in the server
# namespace, so every packet is routed.  Then a few thousand iptables
# FORWARD rules in the router cut the small-datagram rate: the box's
# per-packet cost is what router people measure this way.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/librouter.sh"

# Private test addresses, inside the namespaces only; names unique per run.
router_start router 10.201

plan 20

# pps: the median received packets/s of the bw_udp results in $TAP_STDOUT.
pps() {
	printf '%s\n' "$TAP_STDOUT" | awk '$1 ~ /^BenchmarkBwUdp\/[^ ]*peer=remote$/ { print $5 }' | median_of
}

ok 'three namespaces joined by veth pairs, forwarding on in the router' router_setup
like "the client's route to the server goes via the router" \
	"$(ns "$C" ip route get "$NET2.2")" "via $NET1\\.254 "
is 'forwarding stays off in the client namespace' 0 "$(ns "$C" cat /proc/sys/net/ipv4/ip_forward)"

serve "$S" lat_tcp -b "$NET2.2"
serve "$S" bw_tcp -b "$NET2.2"
serve "$S" bw_udp -b "$NET2.2"
before=$(forwarded)
run_in "$C" lat_tcp -N 3 -T 1ms -o raw "$NET2.2"
v=$(results_of "$TAP_STDOUT" LatTcp/size=1/peer=remote | median_of)
ok "lat_tcp through the router: between 1 us and 100 ms ($v ns)" num_between 1000 "$v" 100000000
after=$(forwarded)
ok "the router forwarded the packets ($before -> $after)" test "$after" -gt "$((before + 100))"
run_in "$C" bw_tcp -N 3 -t 600ms -W 100ms -o raw "$NET2.2"
v=$(results_of "$TAP_STDOUT" BwTcp/size=64K/peer=remote | median_of)
ok "bw_tcp through the router: between 1 and 10^6 MB/s ($v)" num_between 1 "$v" 1000000
like 'bw_tcp: CPU use at the server end' "$TAP_STDOUT" '^BenchmarkBwTcp/size=64K/peer=remote	 +[0-9]+	 +[0-9.]+ remote-%user	'
like "bw_tcp: the server's own processes' CPU" "$TAP_STDOUT" \
	'^BenchmarkBwTcp/size=64K/peer=remote	 +[0-9]+	 +[0-9.]+ remote-own-%user	 +[0-9.]+ remote-own-%sys	'
# Namespaces of one host: one kernel, whose counters both ends read.
if [ -r /proc/sys/kernel/random/boot_id ]; then
	like 'bw_tcp between namespaces: the ends are found to be one kernel' "$TAP_STDOUT" \
		'^cpu-ends: one kernel \(loopback or namespaces\)'
else
	skip 'no boot id here'
fi
run_in "$C" bw_udp -N 3 -t 600ms -b 10m -o raw "$NET2.2"
v=$(results_of "$TAP_STDOUT" BwUdp/size=1470/rate=10Mbit/peer=remote | median_of)
loss=$(printf '%s\n' "$TAP_STDOUT" | awk '$1 == "BenchmarkBwUdp/size=1470/rate=10Mbit/peer=remote" && $4 == "MB/s" { print $7 }' | median_of)
short=$(printf '%s\n' "$TAP_STDOUT" | grep -c '^# udp-short: sent')
# The pace is a ceiling; a busy machine may make the sender fall short
# (it says so) or the receiver lose datagrams.
ok "bw_udp -b 10m through the router: at most about 1.25 MB/s, at least half of it less what was lost unless the sender fell short ($v MB/s, $loss% lost)" \
	awk -v v="$v" -v l="$loss" -v k="$short" 'BEGIN { exit !(v > 0 && v <= 1.4 && (v >= 0.6 * (1 - l / 100) || k > 0)) }'

# The suite through the box, as its users run it: hostbench run from the
# client with --remote-host (the servers above and lat_load's) and --box
# (the agent in the router namespace), once as the router is and once
# with the rules below; then one hostbench compare of the two.
hb=$top_builddir/hostbench
suite_ok=no
if [ -f "$hb" ] && [ -f "$(prog lat_load)" ] && [ -f "$(prog hostinfo)" ]; then
	suite_ok=yes
	serve "$S" lat_load -b "$NET2.2"
	serve "$R" hostinfo -b "$NET1.254"
fi
tmpd=$(mktemp -d "${TMPDIR:-/tmp}/router-t.XXXXXX") || bail 'mktemp -d failed'
# suite NOTE FILE: the network cases through the box into FILE.
suite() {
	ns "$C" "$hb" run -q --profile test --only bw_udp,lat_load --remote-host "$NET2.2" \
		--box "$NET1.254" --udp-rate 20m,50m,100m,200m,500m,1g,2g --net-time 0.5 \
		--note "$1" -o "$2" >"$2.out" 2>&1 </dev/null
}
# first FILE NAME UNIT: the first value of UNIT on a result line Benchmark<NAME> in FILE.
first() {
	awk -v n="Benchmark$2" -v u="$3" '$1 == n { for (i = 3; i < NF; i += 2) if ($(i + 1) == u) { print $i; exit } }' "$1"
}
# cost FILE: the box's CPU per packet of the 64-byte case, in us: its
# softirq and sys shares of all its CPUs over the packets it processed.
cost() {
	_b=BwUdp/size=64/rate=max/peer=remote
	awk -v s="$(first "$1" "$_b" %total-softirq)" -v y="$(first "$1" "$_b" %total-sys)" \
		-v p="$(first "$1" "$_b" softnet-pkts/s)" -v n="$(sed -n 's/^box-cpus: //p' "$1")" \
		'BEGIN { if (p > 0 && n > 0) printf "%.3g\n", (s + y) / 100 * n * 1e6 / p }'
}

# Small datagrams as fast as possible, without and with 3000 FORWARD rules
# that match nothing: every packet walks them all.
if command -v iptables-restore >/dev/null 2>&1; then
	run_in "$C" bw_udp -N 5 -t 1 -b 0 -l 64 -o raw "$NET2.2"
	none=$(pps)
	if [ "$suite_ok" = yes ]; then
		suite 'rules none' "$tmpd/a"
		ok 'hostbench run --remote-host --box through the router (as it is) exits 0' test $? -eq 0
	else
		skip 'hostbench, lat_load or hostinfo is not built'
	fi
	awk 'BEGIN { print "*filter"; print ":FORWARD ACCEPT [0:0]"
		for (i = 0; i < 3000; i++)
			printf "-A FORWARD -s 198.18.%d.%d/32 -p udp -j DROP\n", i / 250, i % 250 + 1
		print "COMMIT" }' | ns "$R" iptables-restore
	is 'iptables-restore loaded 3000 rules in the router' 3000 \
		"$(ns "$R" iptables -S FORWARD | grep -c '^-A FORWARD')"
	run_in "$C" bw_udp -N 5 -t 1 -b 0 -l 64 -o raw "$NET2.2"
	rules=$(pps)
	diag "64-byte datagrams received: $none pkts/s with no rules, $rules pkts/s with 3000"
	ok "3000 rules cut the small-datagram rate clearly ($rules < 0.8 x $none pkts/s)" \
		awk -v a="$rules" -v b="$none" 'BEGIN { exit !(b > 0 && a < 0.8 * b) }'
	if [ "$suite_ok" = yes ]; then
		suite 'rules 3000' "$tmpd/b"
		ok '... and with the 3000 rules' test $? -eq 0
		ns "$C" "$hb" compare "$tmpd/a" "$tmpd/b" >"$tmpd/cmp" 2>&1
		# (An entry may wrap: its lines joined.)
		like "compare: what changed names the box's rule count (0 -> 3000)" \
			"$(sed -n '/^What changed:/,/^[A-Z]/p' "$tmpd/cmp" | tr '\n' ' ')" \
			'box-netfilter-rules: 0 [^>]*-> 3000 '
		ka=$(first "$tmpd/a" BwUdp/size=1470/rate=knee/peer=remote Mbit/s)
		kb=$(first "$tmpd/b" BwUdp/size=1470/rate=knee/peer=remote Mbit/s)
		diag "the ladder's knee: ${ka:-none} Mbit/s with no rules, ${kb:-none} Mbit/s with 3000"
		# The knee shows the box only where the box is the limit.  In
		# namespaces the router forwards in the sending CPU's softirq,
		# and a slow build (sanitizers) or a busy machine can make the
		# ends the limit: where the knee without rules, in packets a
		# second, is no more than the box forwards even with the rules
		# (the 64-byte rate above), or the sender fell short of the step
		# above it, both knees are the ends', and the test says so.
		above=$(awk -v k="${ka:-0}" '
			/^# udp-short:/ { s = ($0 != "# udp-short:") }
			$1 ~ /^BenchmarkBwUdp\/size=1470\/rate=[0-9.]+Mbit\/peer=remote$/ {
				split($1, p, "/"); r = substr(p[3], 6) + 0
				if (r > k && (best == "" || r < best)) { best = r; short = s } }
			END { print short ? "short" : "held" }' "$tmpd/a")
		ends=$(awk -v k="${ka:-0}" -v r="${rules:-0}" 'BEGIN { print (k * 1e6 / (1470 * 8) <= r) ? "yes" : "no" }')
		# Where the ends were the limit without the rules, both knees are
		# the ends' and their order is noise (100 Mbit/s without the
		# rules and 200 with them has been seen in a sanitizer build):
		# the test skips, saying why.  Equal knees with no sign of the
		# ends still happen on a busy machine: the receiving end's CPU,
		# shared with other work, loses the step above the knee both
		# times.  The rules' cost to the box is then shown by the time
		# per packet below.
		if [ "${ka:-0}" != 0 ] && { [ "$above" = short ] || [ "$ends" = yes ]; }; then
			if [ "$above" = short ]; then
				_why="the sender fell short above it"
			else
				_why="$ka Mbit/s of 1470-byte datagrams is no more than the $rules pkts/s the box forwards with the rules"
			fi
			skip "the ladder's knee: $ka Mbit/s without the rules, ${kb:-none} with them: the ends, not the box, were the limit ($_why)"
		elif [ "${ka:-0}" != 0 ] && [ "${kb:-0}" = "$ka" ]; then
			skip "the ladder's knee: $ka Mbit/s both ways: the step above was lost both times, at load $(cut -d ' ' -f 1 /proc/loadavg 2>/dev/null || echo unknown)"
		else
			ok "the ladder's knee falls with the rules (${ka:-none} -> ${kb:-none} Mbit/s)" \
				awk -v a="${ka:-0}" -v b="${kb:-0}" 'BEGIN { exit !(a > 0 && b < a) }'
		fi
		ca=$(cost "$tmpd/a") cb=$(cost "$tmpd/b")
		diag "the box's softirq + sys CPU per 64-byte packet: $ca us with no rules, $cb us with 3000"
		ok "the box's softirq + sys time per packet rises with the rules ($ca -> $cb us)" \
			awk -v a="${ca:-0}" -v b="${cb:-0}" 'BEGIN { exit !(a > 0 && b > 1.5 * a) }'
		# Each phase's round trips, their p99 no less than their p50, and
		# the added latency what the loaded median adds to the idle one
		# (none where it is less).  The loaded round trips may well be the
		# faster: a busy CPU does not sleep, and waking an idle one in a
		# virtual machine costs tens of microseconds (seen: idle p50 150
		# us, loaded p99 134 us, through the 3000 rules).
		l=LatLoad/streams=4+4/peer=remote
		seen=$(for f in a b; do
			awk -v i="$(first "$tmpd/$f" "$l/rtt=idle" p50-ns)" \
				-v i99="$(first "$tmpd/$f" "$l/rtt=idle" p99-ns)" \
				-v l="$(first "$tmpd/$f" "$l/rtt=loaded" p50-ns)" \
				-v l99="$(first "$tmpd/$f" "$l/rtt=loaded" p99-ns)" \
				-v d="$(first "$tmpd/$f" "$l/rtt=added" p50-ns)" \
				'BEGIN { w = l > i ? l - i : 0; e = d - w
					print (i > 0 && i99 >= i && l > 0 && l99 >= l && d != "" && d >= 0 &&
					       e <= 0.01 * l + 1 && -e <= 0.01 * l + 1) ? "yes" : "no" }'
		done | tr '\n' ' ' | sed 's/ $//')
		is 'lat_load through the box: idle and loaded round trips and the added latency, both runs' \
			'yes yes' "$seen"
		[ "$seen" = 'yes yes' ] ||
			for f in a b; do
				diag "run $f: $(grep "^Benchmark$l" "$tmpd/$f" | cut -c 1-160 | tr '\n' ';')"
				diag "run $f said: $(grep -i 'lat_load\|warn\|fail' "$tmpd/$f.out" | head -8 | tr '\n' ';')"
			done
		ns "$C" "$hb" compare --summary "$tmpd/a" "$tmpd/b" >"$tmpd/cmp" 2>&1
		like 'compare: the box section has both runs' "$(cat "$tmpd/cmp")" \
			'The box \(router\) between'
	else
		for _i in 1 2 3 4 5 6; do skip 'hostbench, lat_load or hostinfo is not built'; done
	fi
	ns "$R" iptables -F FORWARD
else
	for _i in 1 2 3 4 5 6 7 8 9; do skip 'no iptables-restore: the rule-cost part is not run'; done
fi
rm -rf "$tmpd"

run_in "$C" lat_tcp -S "$NET2.2"
ok 'lat_tcp -S stops the server across the router' test "$TAP_STATUS" -eq 0
