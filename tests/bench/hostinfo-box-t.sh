#!/bin/sh
# The box agent where it belongs: in the router namespace of three (client,
# router, server; veth pairs, forwarding on in the router only, as
# router-t.sh), hostinfo -s listening on the router's client-side
# address.  bw_udp from the client to the server through the router with
# -A samples the router while its datagrams pass: box=cpu and box=net
# lines, softnet packets processed, and the box found to share this
# kernel.  hostinfo -F from the client tells the router namespace's
# settings (forwarding on, unlike the client's) and its netfilter rules.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/librouter.sh"

[ -f "$(prog bw_udp)" ] || skip_all 'bench/bw_udp is not built'
# Private test addresses, inside the namespaces only; names unique per run.
router_start box 10.202

plan 10

# unit_of TEXT NAME UNIT: the values of UNIT on the result lines Benchmark<NAME>.
unit_of() {
	printf '%s\n' "$1" | awk -v n="Benchmark$2" -v u="$3" \
		'$1 == n { for (i = 3; i < NF; i += 2) if ($(i + 1) == u) print $i }'
}
# value KEY: the value of the configuration line "KEY: ..." in $TAP_STDOUT.
value() {
	printf '%s\n' "$TAP_STDOUT" | sed -n "s/^$1: //p" | sed -n '1p'
}

ok 'three namespaces joined by veth pairs, forwarding on in the router' router_setup
serve "$S" bw_udp -B "$NET2.2"
serve "$R" hostinfo -b "$NET1.254"
like 'the agent listens in the router namespace, on its client-side address' "$TAP_OUT" \
	"server pid [0-9]+ on $NET1\\.254 port 31335"

run_in "$C" bw_udp -A "$NET1.254" -N 3 -t 1 -b 20m -l 512 -o raw "$NET2.2"
b=BwUdp/size=512/rate=20Mbit/peer=remote
is 'bw_udp -A through the router: exit 0, a box=cpu and a box=net line' '0 1 1' \
	"$TAP_STATUS $(unit_of "$TAP_STDOUT" "$b" %busiest | wc -l | tr -d ' ') $(unit_of "$TAP_STDOUT" "$b" softnet-pkts/s | wc -l | tr -d ' ')"
busiest=$(unit_of "$TAP_STDOUT" "$b" %busiest)
ok "the box's busiest CPU share is a share (0 .. 100: $busiest)" num_between 0 "$busiest" 100
pkts=$(unit_of "$TAP_STDOUT" "$b" softnet-pkts/s)
# 20 Mbit/s of 512-byte datagrams is about 4900 a second; each crosses the
# box's kernel more than once (veth to the router, veth to the server).
ok "the router's kernel processed the datagrams: softnet pkts/s > 1000 ($pkts)" \
	num_between 1000 "$pkts" 1e12
if [ -r /proc/sys/kernel/random/boot_id ]; then
	like 'the box is found to share this kernel (namespaces), not to be this host' "$TAP_STDOUT" \
		'^box-same-kernel: yes \(network namespaces of one kernel\)'
else
	skip 'no boot id here'
fi

run_in "$C" hostinfo -F "$NET1.254"
is '-F from the client: exit 0' 0 "$TAP_STATUS"
like "the box's sysctls are the router namespace's: forwarding on" "$(value box-net-sysctls)" \
	'(^| )net\.ipv4\.ip_forward=1( |$)'
if command -v iptables >/dev/null 2>&1 && command -v iptables-save >/dev/null 2>&1; then
	before=$(value box-netfilter-rules)
	for i in 1 2 3; do
		ns "$R" iptables -A FORWARD -s "198.18.0.$i/32" -p udp -j DROP || break
	done
	run_in "$C" hostinfo -F "$NET1.254"
	after=$(value box-netfilter-rules)
	ok "three FORWARD rules in the router show in box-netfilter-rules ($before -> $after)" \
		awk -v a="$before" -v b="$after" 'BEGIN { exit !(a + 3 == b + 0) }'
	ns "$R" iptables -F FORWARD
else
	skip 'no iptables here'
fi

run_in "$C" hostinfo -S "$NET1.254"
ok 'hostinfo -S stops the agent across the router' test "$TAP_STATUS" -eq 0
