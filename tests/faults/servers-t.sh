#!/bin/sh
# Fault matrix, servers: every network server (lat_tcp, lat_udp,
# lat_connect, bw_tcp, bw_udp, lat_rpc, lat_load; `PROG -s`) against a garbage
# client (random bytes over TCP and UDP), a client that vanishes
# mid-transfer (a real client killed with SIGKILL while it measures) and
# a client that connects and never speaks.  After the first two the
# server still serves a real client; with a silent client holding its
# connection open, the server still exits by its idle timeout (-i 3,
# plus the 2 s it gives a client to say hello, plus slack) instead of
# hanging on it.  The silent phases of all servers overlap, to keep the
# test short.  The bad clients are perl (IO::Socket).
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libnet.sh"

command -v perl >/dev/null 2>&1 || skip_all 'no perl for the bad clients'
plan 35
d=$(mktemp -d "${TMPDIR:-/tmp}/servers-t.XXXXXX") || bail 'mktemp -d failed'
servers=
helpers=
_tap_cleanup_hook() {
	kill_ours TERM $servers $helpers
	rm -rf "$d"
}
# Time for a client to get going before it is killed (qemu starts slowly).
settle=0.7
[ -z "$TEST_WRAPPER" ] || settle=2
idle=3
# The bound: idle timeout + the hello timeout (2 s) + slack (more under qemu).
bound=8
[ -z "$TEST_WRAPPER" ] || bound=12

# garbage PORT: 4 KB of random bytes over TCP, 30 random datagrams over UDP.
garbage() {
	perl -MIO::Socket::INET -e '
		my $p = $ARGV[0];
		sub junk { join "", map { chr int rand 256 } 1..$_[0] }
		if (my $u = IO::Socket::INET->new(PeerAddr => "127.0.0.1", PeerPort => $p, Proto => "udp")) {
			$u->send(junk(1 + int rand 1400)) for 1..30 }
		my $t = IO::Socket::INET->new(PeerAddr => "127.0.0.1", PeerPort => $p, Proto => "tcp",
			Timeout => 5) or exit 0;
		print $t junk(4096);
		sleep 1' "$1"
}
# silent PORT SECONDS: connect and say nothing for SECONDS.
silent() {
	perl -MIO::Socket::INET -e '
		my $t = IO::Socket::INET->new(PeerAddr => "127.0.0.1", PeerPort => $ARGV[0],
			Proto => "tcp", Timeout => 5) or exit 1;
		sleep $ARGV[1]' "$1" "$2"
}

# The rows: program, a short client run's options, a long one's (to be
# killed mid-transfer).
rows='lat_tcp|-N 3 -T 1ms|-N 3 -T 3s
lat_udp|-N 3 -T 1ms|-N 3 -T 3s
lat_connect|-N 3 -T 1ms|-N 3 -T 3s
bw_tcp|-N 3 -t 0.1|-N 3 -t 5
bw_udp|-N 3 -t 0.1 -b 10m|-N 3 -t 5 -b 10m
lat_rpc|-N 3 -T 1ms|-N 3 -T 3s
lat_load|-N 1 -t 0.2 -u 1 -d 1|-N 1 -t 5 -u 1 -d 1'

# A server's exit time goes to $d/NAME.gone (date +%s) when it is gone.
watch_exit() {
	( while alive "$2"; do sleep 0.2; done; date +%s >"$d/$1.gone" ) &
	helpers="$helpers $!"; remember $!
}

n=0
printf '%s\n' "$rows" >"$d/rows"
while IFS='|' read -r p short long; do
	n=$((n + 1))
	# shellcheck disable=SC2034 # (libnet.sh's server reads it)
	net_prog=$p
	pid='' port=''
	# Marked, so that the server and any child of it can be counted.
	HB_SERVERS_T=$d/$p
	export HB_SERVERS_T
	server -i "$idle"
	unset HB_SERVERS_T
	if [ "$TAP_STATUS" -eq 77 ]; then
		for _k in 1 2 3 4 5; do skip "$p: $(printf '%s\n' "$TAP_OUT" | tail -n 1)"; done
		continue
	fi
	if [ -z "$pid" ] || [ -z "$port" ]; then
		for _k in 1 2 3 4 5; do _tap_report 1 "$p -s: no server pid and port in: $TAP_OUT" || :; done
		continue
	fi
	garbage "$port"
	# shellcheck disable=SC2086
	run_prog "$p" $short -o raw -n "$port" 127.0.0.1
	is "$p: after TCP and UDP garbage, the server serves a client" 0 "$TAP_STATUS"
	# shellcheck disable=SC2086
	$TEST_WRAPPER "$(prog "$p")" $long -o raw -n "$port" 127.0.0.1 >/dev/null 2>&1 </dev/null &
	cpid=$!
	sleep "$settle"
	kill -KILL "$cpid" 2>/dev/null
	wait "$cpid" 2>/dev/null
	# shellcheck disable=SC2086
	run_prog "$p" $short -o raw -n "$port" 127.0.0.1
	is "$p: after a client vanished mid-transfer, it serves a client" 0 "$TAP_STATUS"
	ok "$p: it is still running" alive "$pid"
	# From here on only a silent client: the idle timeout must end it.
	silent "$port" 30 </dev/null >/dev/null 2>&1 &
	helpers="$helpers $!"; remember $!
	date +%s >"$d/$p.t0"
	printf '%s %s\n' "$p" "$pid" >>"$d/silent"
	watch_exit "$p" "$pid"
done <"$d/rows"

# The silent phase of every server, together.
start=$(date +%s)
while [ $(($(date +%s) - start)) -le "$bound" ]; do
	left=0
	while read -r p pid; do [ -f "$d/$p.gone" ] || left=$((left + 1)); done <"$d/silent"
	[ "$left" -gt 0 ] || break
	sleep 0.5
done
while read -r p pid; do
	if [ -f "$d/$p.gone" ]; then
		t=$(($(cat "$d/$p.gone") - $(cat "$d/$p.t0")))
		ok "$p: beside a silent client, it exits by its idle timeout ($t s, at most $bound)" \
			test "$t" -le "$bound"
		is "$p: ... and no process of it (a child serving the silent one) is left" '' \
			"$(pids_with_env "HB_SERVERS_T=$d/$p")"
	else
		_tap_report 1 "$p: beside a silent client, it hangs past its idle timeout (over $bound s)" || :
		_tap_report 1 "$p: ... its process is still there" || :
	fi
done <"$d/silent"
