#!/bin/sh
# The far end's fingerprint in a run: hostbench run --remote-host from the
# client namespace against lat_tcp's server in the server namespace
# (through the router of librouter.sh), twice, the server namespace's
# net.ipv4.tcp_rmem (a per-namespace sysctl) and its interface's root
# qdisc changed in between; hostbench compare names both changes as the
# far end's (far-net-sysctls, far-qdiscs), not this host's.  A server
# that refuses the run's key: the run goes on without far-* keys and
# says so in one line.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/librouter.sh"

hb=$top_builddir/hostbench
[ -f "$hb" ] && [ -f "$(prog lat_tcp)" ] && [ -f "$(prog hostinfo)" ] ||
	skip_all 'hostbench, lat_tcp or hostinfo is not built'
# Private test addresses, inside the namespaces only; names unique per run.
router_start far 10.203

plan 13

tmpd=$(mktemp -d "${TMPDIR:-/tmp}/far-t.XXXXXX") || bail 'mktemp -d failed'
_tap_cleanup_hook() {
	router_exit
	rm -rf "$tmpd"
}

# run FILE [ENV=VALUE]: the remote lat_tcp case from the client into FILE,
# its stderr in FILE.err.
run() {
	_f=$1
	shift
	ns "$C" env "$@" "$hb" run -q --profile test --only lat_tcp --remote-host "$NET2.2" \
		-o "$_f" >"$_f.out" 2>"$_f.err" </dev/null
}
# changed: hostbench compare's "What changed" of a and b, its lines joined.
changed() {
	ns "$C" "$hb" compare "$tmpd/a" "$tmpd/b" 2>&1 | sed -n '/^What changed:/,/^[A-Z]/p' | tr '\n' ' '
}

ok 'three namespaces joined by veth pairs, forwarding on in the router' router_setup
serve "$S" lat_tcp -b "$NET2.2"

run "$tmpd/a"
ok 'hostbench run --remote-host: exit 0, a result' test $? -eq 0 -a -f "$tmpd/a"
like "the result has the far end's net-sysctls, with its tcp_rmem" "$(cat "$tmpd/a")" \
	'^far-net-sysctls: (.* )?net\.ipv4\.tcp_rmem=[0-9]+,[0-9]+,[0-9]+( |$)'
like "... its qdiscs, with its interface" "$(cat "$tmpd/a")" "^far-qdiscs: (.* )?${S}b="
like '... and that it is a namespace of this kernel' "$(cat "$tmpd/a")" \
	'^far-same-kernel: (yes \(network namespaces of one kernel\)|unknown)$'
is '... with nothing said about it on stderr' '' "$(grep -i 'far' "$tmpd/a.err")"

# The far end retuned: its receive buffers and its root qdisc.
ns "$S" sh -c 'echo "4096 65536 1048576" >/proc/sys/net/ipv4/tcp_rmem'
is "the server namespace's tcp_rmem set (the client's is its own)" '4096 65536 1048576' \
	"$(ns "$S" cat /proc/sys/net/ipv4/tcp_rmem | tr -s ' \t' '  ')"
if command -v tc >/dev/null 2>&1 && ns "$S" tc qdisc replace dev "${S}b" root pfifo limit 20; then
	qdisc=yes
else
	qdisc=no
fi
run "$tmpd/b"
ok '... and the run again: exit 0, a result' test $? -eq 0 -a -f "$tmpd/b"
what=$(changed)
like "compare: what changed names the far end's tcp_rmem" "$what" \
	'far-net-sysctls: - net\.ipv4\.tcp_rmem=[0-9,]+ +\+ net\.ipv4\.tcp_rmem=4096,65536,1048576 '
if [ "$qdisc" = yes ]; then
	like "compare: what changed names the far end's qdisc" "$what" \
		"far-qdiscs: .*\\+ ${S}b=pfifo\\(limit=20\\)"
else
	skip 'no tc here, or it cannot set a pfifo qdisc'
fi
ok "... and not as this host's" sh -c '! printf "%s\n" "$1" | grep -Eq "(^|  )(net-sysctls|qdiscs):"' sh "$what"

# A server that refuses the key: the run goes on, said in one line.
run "$tmpd/c" HOSTBENCH_KEY=not-the-key
is 'a server that refuses the key: a result all the same, without far-* keys, one line saying so' \
	'0 1' "$(test -f "$tmpd/c" && grep -c '^far-' "$tmpd/c") $(grep -c 'far-' "$tmpd/c.err")"
like '... that names the server and why' "$(cat "$tmpd/c.err")" \
	'^hostbench: --remote-host: no far-\* keys in the result: hostinfo: no fingerprint from the server at .* port 31334: the server refused the key'
