# librouter.sh: three network namespaces -- client, router, server --
# joined by veth pairs, forwarding on in the router only: traffic that
# goes *through* a box, as router people measure it.  Sourced after
# libtap.sh; the tests that use it (router-t, hostinfo-box-t, lat_load-t)
# call
#
#   router_start TAG NET   for a test that is all through the router:
#                          skip_all where the namespaces cannot be made,
#                          else a key for its servers and clients
#                          ($HOSTBENCH_KEY), router_names TAG NET, and
#                          at exit (and in _tap_cleanup_hook) the servers
#                          stopped and the namespaces removed
#   router_names TAG NET   $C $R $S, the namespaces' names (TAG and this
#                          run's pid: unique per run), and $NET1 (the
#                          client's side, the router .254, the client .1)
#                          and $NET2 (the server's side, the server .2),
#                          two /24s of NET ("10.201": 10.201.1, 10.201.2)
#   router_why             why the namespaces cannot be tried here (under
#                          a wrapper, not root, no ip), or nothing
#   router_setup           make them; non-zero when that failed
#   router_cleanup         remove them (at exit; harmless when absent)
#   ns NS CMD...           run CMD in namespace NS
#   run_in NS PROG ARGS... a built program in NS, as run_prog: TAP_STATUS,
#                          TAP_STDOUT, TAP_OUT
#   serve NS PROG ARGS...  a server (-s -i 60) of PROG in NS; its pid
#                          joins $servers (remembered for kill_ours)
#   forwarded              the packets the router has forwarded so far

servers=

router_names() {
	C=$1c$$ R=$1r$$ S=$1s$$
	NET1=$2.1 NET2=$2.2
}

router_start() {
	_why=$(router_why)
	[ -z "$_why" ] || skip_all "$_why"
	HOSTBENCH_KEY=hostbench-$1-$$
	export HOSTBENCH_KEY
	router_names "$@"
	trap 'router_exit; exit 130' INT TERM HUP
	trap router_exit EXIT
	ip netns add "$C" 2>/dev/null || skip_all 'cannot make network namespaces here'
	ip netns del "$C"
}

router_exit() {
	# shellcheck disable=SC2086 # one pid a word
	kill_ours TERM $servers
	router_cleanup
}

# shellcheck disable=SC2317 # (libtap calls it at the end)
_tap_cleanup_hook() {
	router_exit
}

router_why() {
	if [ -n "${TEST_WRAPPER:-}" ]; then
		echo "network namespaces are not tried under $TEST_WRAPPER"
	elif [ "$(id -u)" -ne 0 ]; then
		echo 'needs root (network namespaces)'
	elif ! command -v ip >/dev/null 2>&1; then
		echo 'needs ip (iproute2)'
	fi
}

ns() {
	_n=$1
	shift
	ip netns exec "$_n" "$@"
}

router_setup() {
	ip netns add "$C" && ip netns add "$R" && ip netns add "$S" &&
	ip link add "${C}a" type veth peer name "${R}a" &&
	ip link add "${R}b" type veth peer name "${S}b" &&
	ip link set "${C}a" netns "$C" && ip link set "${R}a" netns "$R" &&
	ip link set "${R}b" netns "$R" && ip link set "${S}b" netns "$S" &&
	ns "$C" ip addr add "$NET1.1/24" dev "${C}a" &&
	ns "$R" ip addr add "$NET1.254/24" dev "${R}a" &&
	ns "$R" ip addr add "$NET2.254/24" dev "${R}b" &&
	ns "$S" ip addr add "$NET2.2/24" dev "${S}b" &&
	for _n in "$C" "$R" "$S"; do ns "$_n" ip link set lo up || return 1; done &&
	ns "$C" ip link set "${C}a" up && ns "$R" ip link set "${R}a" up &&
	ns "$R" ip link set "${R}b" up && ns "$S" ip link set "${S}b" up &&
	ns "$C" ip route add default via "$NET1.254" &&
	ns "$S" ip route add default via "$NET2.254" &&
	ns "$R" sh -c 'echo 1 >/proc/sys/net/ipv4/ip_forward'
}

router_cleanup() {
	for _ns in "$C" "$R" "$S"; do ip netns del "$_ns" 2>/dev/null; done
}

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

serve() {
	_sn=$1
	shift
	run_in "$_sn" "$@" -s -i 60
	servers="$servers $(printf '%s\n' "$TAP_OUT" | sed -n 's/.*server pid \([0-9]*\) .*/\1/p')"
	# shellcheck disable=SC2086 # one pid a word
	remember $servers
}

forwarded() {
	ns "$R" awk '/^Ip: [0-9]/ { print $7 }' /proc/net/snmp
}
