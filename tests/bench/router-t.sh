#!/bin/sh
# Through a router, not to it: client, router and server network
# namespaces joined by veth pairs, forwarding on in the router only;
# lat_tcp, bw_tcp and bw_udp run from the client to a server in the server
# namespace, so every packet is routed.  Then a few thousand iptables
# FORWARD rules in the router cut the small-datagram rate: the box's
# per-packet cost is what router people measure this way.
. "$top_srcdir/tests/tap/libtap.sh"

[ -z "$TEST_WRAPPER" ] || skip_all "network namespaces are not tried under $TEST_WRAPPER"
[ "$(id -u)" -eq 0 ] || skip_all 'needs root (network namespaces)'
command -v ip >/dev/null 2>&1 || skip_all 'needs ip (iproute2)'

# The servers' key, known to the clients.
HOSTBENCH_KEY=hostbench-router-$$
export HOSTBENCH_KEY
# Private test addresses, inside the namespaces only; names unique per run.
C=hbc$$ R=hbr$$ S=hbs$$
NET1=10.201.1 NET2=10.201.2
servers=
cleanup() {
	kill_ours TERM $servers
	for ns in "$C" "$R" "$S"; do ip netns del "$ns" 2>/dev/null; done
}
trap 'cleanup; exit 130' INT TERM HUP
trap cleanup EXIT
ip netns add "$C" 2>/dev/null || skip_all 'cannot make network namespaces here'

plan 13
_tap_cleanup_hook() { cleanup; }

ns() {
	_n=$1
	shift
	ip netns exec "$_n" "$@"
}
setup() {
	ip netns add "$R" && ip netns add "$S" &&
	ip link add "${C}a" type veth peer name "${R}a" &&
	ip link add "${R}b" type veth peer name "${S}b" &&
	ip link set "${C}a" netns "$C" && ip link set "${R}a" netns "$R" &&
	ip link set "${R}b" netns "$R" && ip link set "${S}b" netns "$S" &&
	ns "$C" ip addr add "$NET1.1/24" dev "${C}a" &&
	ns "$R" ip addr add "$NET1.254/24" dev "${R}a" &&
	ns "$R" ip addr add "$NET2.254/24" dev "${R}b" &&
	ns "$S" ip addr add "$NET2.2/24" dev "${S}b" &&
	for n in "$C" "$R" "$S"; do ns "$n" ip link set lo up || return 1; done &&
	ns "$C" ip link set "${C}a" up && ns "$R" ip link set "${R}a" up &&
	ns "$R" ip link set "${R}b" up && ns "$S" ip link set "${S}b" up &&
	ns "$C" ip route add default via "$NET1.254" &&
	ns "$S" ip route add default via "$NET2.254" &&
	ns "$R" sh -c 'echo 1 >/proc/sys/net/ipv4/ip_forward'
}
# run_in NS PROG ARGS...: run a built program in a namespace, like run_prog.
run_in() {
	_n=$1 _p=$(prog "$2")
	shift 2
	_t=${TMPDIR:-/tmp}/hostbench-router.$$
	TAP_STATUS=0
	ip netns exec "$_n" "$_p" "$@" >"$_t.out" 2>"$_t.err" </dev/null || TAP_STATUS=$?
	TAP_STDOUT=$(cat "$_t.out")
	TAP_OUT=$(cat "$_t.out" "$_t.err")
	rm -f "$_t.out" "$_t.err"
}
# serve PROG ARGS...: a server in the server namespace; its pid joins $servers.
serve() {
	run_in "$S" "$@" -s -i 60
	servers="$servers $(printf '%s\n' "$TAP_OUT" | sed -n 's/.*server pid \([0-9]*\) .*/\1/p')"
	remember $servers
}
forwarded() {
	ns "$R" awk '/^Ip: [0-9]/ { print $7 }' /proc/net/snmp
}
# pps: the median received packets/s of the bw_udp results in $TAP_STDOUT.
pps() {
	printf '%s\n' "$TAP_STDOUT" | awk '$1 ~ /^BenchmarkBwUdp\/[^ ]*peer=remote$/ { print $5 }' | median_of
}

ok 'three namespaces joined by veth pairs, forwarding on in the router' setup
like "the client's route to the server goes via the router" \
	"$(ns "$C" ip route get "$NET2.2")" "via $NET1\\.254 "
is 'forwarding stays off in the client namespace' 0 "$(ns "$C" cat /proc/sys/net/ipv4/ip_forward)"

serve lat_tcp -b "$NET2.2"
serve bw_tcp -b "$NET2.2"
serve bw_udp -B "$NET2.2"
before=$(forwarded)
run_in "$C" lat_tcp -N 3 -T 1ms -o raw "$NET2.2"
v=$(results_of "$TAP_STDOUT" LatTcp/size=1/peer=remote | median_of)
ok "lat_tcp through the router: between 1 us and 100 ms ($v ns)" num_between 1000 "$v" 100000000
after=$(forwarded)
ok "the router forwarded the packets ($before -> $after)" test "$after" -gt "$((before + 100))"
run_in "$C" bw_tcp -N 3 -t 600ms -W 100ms -o raw "$NET2.2"
v=$(results_of "$TAP_STDOUT" BwTcp/size=64K/peer=remote | median_of)
ok "bw_tcp through the router: between 1 and 10^6 MB/s ($v)" num_between 1 "$v" 1000000
like 'bw_tcp: CPU use at the server end' "$TAP_STDOUT" '^BenchmarkBwTcp/size=64K/peer=remote/cpu=remote	'
like "bw_tcp: the server's own processes' CPU" "$TAP_STDOUT" \
	'^BenchmarkBwTcp/size=64K/peer=remote/cpu=remote-own	 +1	 +[0-9.]+ %user	 +[0-9.]+ %sys	'
# Namespaces of one host: one kernel, whose counters both ends read.
if [ -r /proc/sys/kernel/random/boot_id ]; then
	like 'bw_tcp between namespaces: the ends are found to be one kernel' "$TAP_STDOUT" \
		'^cpu-ends: one kernel \(loopback or namespaces\)'
else
	skip 'no boot id here'
fi
run_in "$C" bw_udp -N 3 -t 600ms -b 10m -o raw "$NET2.2"
v=$(results_of "$TAP_STDOUT" BwUdp/size=1470/rate=10Mbit/peer=remote | median_of)
ok "bw_udp -b 10m through the router: about 1.25 MB/s ($v)" num_between 0.6 "$v" 1.4

# Small datagrams as fast as possible, without and with 3000 FORWARD rules
# that match nothing: every packet walks them all.
if command -v iptables-restore >/dev/null 2>&1; then
	run_in "$C" bw_udp -N 5 -t 1 -b 0 -l 64 -o raw "$NET2.2"
	none=$(pps)
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
	ns "$R" iptables -F FORWARD
else
	skip 'no iptables-restore: the rule-cost part is not run'
	skip 'no iptables-restore: the rule-cost part is not run'
fi

run_in "$C" lat_tcp -S "$NET2.2"
ok 'lat_tcp -S stops the server across the router' test "$TAP_STATUS" -eq 0
