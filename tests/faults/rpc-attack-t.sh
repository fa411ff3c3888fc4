#!/bin/sh
# Fault matrix, lat_rpc's server (`lat_rpc -s`) against clients without
# its key: a -S and a client with the wrong key are refused (the server
# lives, the client says why and measures nothing); an RPC call datagram
# from a UDP socket that no proven TCP connection registered gets no
# answer, while a client with the key measures over UDP; 200 idle TCP
# connections hold at most 64 + 8 descriptors of the server (counted in
# /proc/PID/fd) and a client with the key still measures beside them;
# a garbage client reconnecting every second does not keep a server
# with -i 3 alive.  Bounds, not speeds.  The bad clients are perl
# (IO::Socket).
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libnet.sh"

command -v perl >/dev/null 2>&1 || skip_all 'no perl for the bad clients'
# shellcheck disable=SC2034 # (libnet.sh's server reads it)
net_prog=lat_rpc
servers=
helpers=
_tap_cleanup_hook() {
	kill_ours TERM $servers $helpers
}
q='-N 3 -T 1ms -o raw'
key=$HOSTBENCH_KEY
# The idle bound: -i 3, the 2 s an unproven connection may live, slack (more under qemu).
idle=3
bound=8
[ -z "$TEST_WRAPPER" ] || bound=12
# Descriptors of a server beside idle connections: 64 connections, 8
# more (closed, not yet reaped by libtirpc) and the server's own few.
maxfd=80

server -i 60
[ "$TAP_STATUS" -ne 77 ] || skip_all "$(printf '%s\n' "$TAP_OUT" | tail -n 1)"
if [ -z "$pid" ] || [ -z "$port" ]; then bail "lat_rpc -s: no server pid and port in: $TAP_OUT"; fi
plan 14

# --- the wrong key (the client first: -S from anyone stopped the old server)
HOSTBENCH_KEY=not-$key
# shellcheck disable=SC2086 # ($q: several options)
run_prog lat_rpc $q -n "$port" 127.0.0.1
is 'a client with the wrong key exits 1' 1 "$TAP_STATUS"
like '... saying the server refused the key' "$TAP_STDERR" 'over tcp: the server refused the key'
is '... and prints no Benchmark line' '' "$(printf '%s\n' "$TAP_STDOUT" | grep '^Benchmark')"
cli '-S with the wrong key: exit 1, the key refused' 1 'cannot stop the server.*refused the key' \
	lat_rpc -n "$port" -S 127.0.0.1
ok '... and the server lives' alive "$pid"
HOSTBENCH_KEY=$key

# --- UDP from an unregistered source (a server of its own: each part can fail alone)
kill "$pid" 2>/dev/null
server -i 60
# forged PORT: RPC CALLs (prog 404040 vers 1: XACT with its char, then
# EXIT) from a fresh UDP socket; prints how many answers came within 1 s.
forged() {
	perl -MIO::Socket::INET -MIO::Select -MTime::HiRes=time -e '
		my $u = IO::Socket::INET->new(PeerAddr => "127.0.0.1", PeerPort => $ARGV[0],
			Proto => "udp") or die "udp: $!\n";
		# xid, CALL, RPC version 2, prog, vers, proc, AUTH_NONE cred and verf, the argument.
		$u->send(pack("N*", 0x1234, 0, 2, 404040, 1, 1, 0, 0, 0, 0, 1));
		$u->send(pack("N*", 0x1235, 0, 2, 404040, 1, 2, 0, 0, 0, 0, (0) x 8));
		my ($sel, $n, $b, $left) = (IO::Select->new($u), 0, "");
		my $end = time + 1;
		while (($left = $end - time) > 0 && $sel->can_read($left)) { $u->recv($b, 1500); $n++ }
		print "$n\n"' "$1"
}
$TEST_WRAPPER "$(prog lat_rpc)" -N 3 -T 300ms -o raw -p udp -n "$port" 127.0.0.1 \
	>"${TMPDIR:-/tmp}/rpc-attack.$$.out" 2>&1 </dev/null &
cpid=$!
helpers="$helpers $cpid"
remember "$cpid"
sleep 0.3
n=$(forged "$port")
is 'an RPC call datagram from an unregistered UDP socket: no answer within 1 s' 0 "$n"
wait "$cpid"
st=$?
out=$(cat "${TMPDIR:-/tmp}/rpc-attack.$$.out")
rm -f "${TMPDIR:-/tmp}/rpc-attack.$$.out"
ok "... while a client with the key measures over UDP (exit $st)" has "$out" LatRpc/proto=udp/placement=unpinned
ok '... and the server lives (the forged EXIT did nothing)' alive "$pid"

# --- 200 idle TCP connections
kill "$pid" 2>/dev/null
server -i 60
# idle PORT N SECONDS: N connections held open, silent, for SECONDS.
idle_conns() {
	perl -MIO::Socket::INET -e '
		my ($p, $n, $t) = @ARGV; my @s;
		for (1..$n) { my $s = IO::Socket::INET->new(PeerAddr => "127.0.0.1", PeerPort => $p,
			Proto => "tcp", Timeout => 3); push @s, $s if $s }
		sleep $t' "$@"
}
idle_conns "$port" 200 8 </dev/null >/dev/null 2>&1 &
ipid=$!
helpers="$helpers $ipid"
remember "$ipid"
sleep 1.5
if [ -d "/proc/$pid/fd" ]; then
	# shellcheck disable=SC2046 # (one word per descriptor)
	nfd=$(set -- $(cd "/proc/$pid/fd" 2>/dev/null && echo [0-9]*); echo "$#")
	ok "beside 200 idle connections, the server holds $nfd descriptors (at most $maxfd)" \
		test "$nfd" -le "$maxfd"
else
	skip "no /proc/$pid/fd to count the server's descriptors"
fi
# The unproven ones are closed 2 s after they were accepted: then a real client (same address) gets in.
sleep 1.5
# shellcheck disable=SC2086
run_prog lat_rpc $q -n "$port" 127.0.0.1
ok '... and a client with the key still measures, over TCP' has "$TAP_STDOUT" LatRpc/proto=tcp/placement=unpinned
ok '... and over UDP' has "$TAP_STDOUT" LatRpc/proto=udp/placement=unpinned
kill "$ipid" 2>/dev/null
wait "$ipid" 2>/dev/null || :
cli '-S with the key stops it' 0 '' lat_rpc -n "$port" -S 127.0.0.1
ok '... it is gone' gone "$pid"

# --- idle timeout beside a garbage client that reconnects every second
garbage_loop() {
	perl -MIO::Socket::INET -e '
		for (1..$ARGV[1]) {
			if (my $s = IO::Socket::INET->new(PeerAddr => "127.0.0.1", PeerPort => $ARGV[0],
					Proto => "tcp", Timeout => 2)) {
				print $s join "", map { chr int rand 256 } 1..512 }
			sleep 1 }' "$@"
}
server -i "$idle"
t0=$(date +%s)
garbage_loop "$port" 30 </dev/null >/dev/null 2>&1 &
gpid=$!
helpers="$helpers $gpid"
remember "$gpid"
while alive "$pid" && [ $(($(date +%s) - t0)) -le "$bound" ]; do sleep 0.2; done
t=$(($(date +%s) - t0))
ok "-i $idle beside a garbage client reconnecting every second: exits in $t s (at most $bound)" \
	test "$t" -le "$bound"
kill "$gpid" 2>/dev/null
wait "$gpid" 2>/dev/null || :
