#!/bin/sh
# Fault matrix, many clients with the key from one busy host at once:
#   - 16 lat_load clients against one lat_load server (it serves one
#     session at a time, and a STOP): a client that finds every child
#     serving a session with the key is told so (SOCK_NAK_BUSY) and tries
#     again for 30 s of the run clock, so most get their turn, and one
#     that does not says that the server was full (before: 10 of 64 got
#     through, the rest said only "the server closed the connection");
#   - 32 bw_tcp clients against one bw_tcp server: all get through (its
#     8 slots per network for unproven connections turn over: an evicted
#     client is told so and tries again).
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libnet.sh"

plan 5
d=$(mktemp -d "${TMPDIR:-/tmp}/busy-server-t.XXXXXX") || bail 'mktemp -d failed'
servers=
_tap_cleanup_hook() {
	# shellcheck disable=SC2086
	kill_ours TERM $servers
	rm -rf "$d"
}

# many N PROG ARGS...: N clients of PROG ARGS -n $port 127.0.0.1 at once;
# $good: the runs with results; $full: failures that say the server was
# full; $closed: failures that say only that it closed the connection.
many() {
	_n=$1 _p=$2
	shift 2
	_i=0
	_pids=
	while [ "$_i" -lt "$_n" ]; do
		$TEST_WRAPPER "$(prog "$_p")" "$@" -o raw -n "$port" 127.0.0.1 \
			>"$d/c$_i.out" 2>"$d/c$_i.err" </dev/null &
		_pids="$_pids $!"
		_i=$((_i + 1))
	done
	# shellcheck disable=SC2086
	wait $_pids
	good=$(grep -l '^Benchmark' "$d"/c*.out | wc -l | tr -d ' ')
	full=$(grep -l 'the server is full' "$d"/c*.err | wc -l | tr -d ' ')
	closed=$(grep -l 'closed the connection' "$d"/c*.err | wc -l | tr -d ' ')
	rm -f "$d"/c*.out "$d"/c*.err
}

net_prog=lat_load
pid='' port=''
server -i 120
many 64 lat_load -t 0.5
ok "64 lat_load clients at once against a server of one session: most get their turn ($good of 64)" \
	test "$good" -ge 48
is "... each of the others says that the server was full ($full of $((64 - good)))" $((64 - good)) "$full"
is '... none says only that the server closed the connection' 0 "$closed"
kill "$pid" 2>/dev/null

net_prog=bw_tcp
pid='' port=''
server -i 120
many 64 bw_tcp -N 3 -t 1
is "64 bw_tcp clients at once from one host: all get through ($good of 64)" 64 "$good"
is '... none says that the server closed the connection' 0 "$closed"
kill "$pid" 2>/dev/null
