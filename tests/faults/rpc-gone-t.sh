#!/bin/sh
# Fault matrix, lat_rpc whose server dies mid-run: the client exits 1,
# prints no number and says that the server went away, naming it and
# the protocol, over TCP (the connection closed) and over UDP (nothing
# listens on the port any more, or no answer); before, it said only
# "Protocol error".
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libnet.sh"

# shellcheck disable=SC2034 # (libnet.sh's server reads it)
net_prog=lat_rpc
servers=
_tap_cleanup_hook() {
	# shellcheck disable=SC2086
	kill_ours TERM $servers
	rm -rf "$d"
}
d=$(mktemp -d "${TMPDIR:-/tmp}/rpc-gone-t.XXXXXX") || bail 'mktemp -d failed'
server -i 60
[ "$TAP_STATUS" -ne 77 ] || skip_all "$(printf '%s\n' "$TAP_OUT" | tail -n 1)"
kill "$pid" 2>/dev/null
plan 6
settle=1
[ -z "$TEST_WRAPPER" ] || settle=3

for p in tcp udp; do
	server -i 60
	$TEST_WRAPPER "$(prog lat_rpc)" -p "$p" -N 20 -T 200ms -o raw -n "$port" 127.0.0.1 \
		>"$d/$p.out" 2>"$d/$p.err" </dev/null &
	c=$!
	sleep "$settle"
	# (The server's children die with it: sock_die_with_parent.)
	kill -KILL "$pid"
	st=0
	wait "$c" || st=$?
	is "lat_rpc -p $p, its server killed mid-run: exit 1" 1 "$st"
	ok '... and no number' test -z "$(grep '^Benchmark' "$d/$p.out")"
	like '... saying that the server went away, naming it' "$(cat "$d/$p.err")" \
		"the RPC server at 127\\.0\\.0\\.1 port $port \\($p\\) went away: "
done
