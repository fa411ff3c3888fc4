#!/bin/sh
# Fault matrix, attacks on the servers (lat_tcp, lat_udp, lat_connect,
# bw_tcp, bw_udp with -s; lat_rpc has its own, rpc-attack-t.sh).  Each
# check failed on the servers before they took a key and bound loopback:
#   - a server listens on loopback only unless told otherwise, and -b any
#     says so;
#   - -S without the key does not stop it; with the key it does;
#   - lat_udp and bw_udp hold no UDP socket on their well-known port, and
#     forged datagrams (raw sockets in a network namespace of the test's
#     own: another server's port as the source, the server itself, a
#     victim's address) draw no datagram at all: no echo loop, no
#     reflection;
#   - a flood of slow connections from another network (1 byte every
#     0.5 s) holds at most SOCK_PEER_UNAUTH children and does not keep a
#     client with the key out;
#   - a client that reconnects with garbage every half second does not
#     keep a server past its idle timeout;
#   - a bw_udp session whose client went silent ends within 10 s although
#     garbage keeps coming;
#   - a lat_tcp session silent after its hello ends within a minute with
#     -i 0;
#   - the lat_connect client gives up on a peer that accepts and never
#     answers, saying so;
#   - a run whose server dies prints no number;
#   - a plain user cannot bind any UDP port a server holds (no
#     SO_REUSEADDR), to receive its datagrams.
# The bad clients are perl (IO::Socket, Socket).
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libnet.sh"

command -v perl >/dev/null 2>&1 || skip_all 'no perl for the bad clients'
plan 50
d=$(mktemp -d "${TMPDIR:-/tmp}/server-attacks-t.XXXXXX") || bail 'mktemp -d failed'
servers=
helpers=
NS=hbatk$$
_tap_cleanup_hook() {
	kill_ours CONT $helpers
	kill_ours KILL $helpers
	kill_ours TERM $servers
	ip netns del "$NS" 2>/dev/null
	rm -rf "$d"
}
slack=4
[ -z "$TEST_WRAPPER" ] || slack=10

# tcp_listen PORT: the local address (hex, as /proc/net/tcp*) listening on PORT.
tcp_listen() {
	_hex=$(printf '%04X' "$1")
	awk -v p=":$_hex" '$4 == "0A" && substr($2, length($2) - 4) == p { print $2 }' \
		/proc/net/tcp /proc/net/tcp6 2>/dev/null | sed 's/:[0-9A-F]*$//' | head -n 1
}
# udp_on PORT: a UDP socket is bound to PORT.
udp_on() {
	_hex=$(printf '%04X' "$1")
	awk -v p=":$_hex" 'substr($2, length($2) - 4) == p { f = 1 } END { exit !f }' \
		/proc/net/udp /proc/net/udp6 2>/dev/null
}
no_udp_on() { ! udp_on "$1"; }
# kids PID: the number of live (not zombie) children of PID (the shell's
# read: no process per /proc entry, and one that vanishes is skipped).
kids() {
	_n=0
	for _f in /proc/[0-9]*/stat; do
		{ read -r _l <"$_f"; } 2>/dev/null || continue
		_r=${_l##*) }
		_st=${_r%% *}
		_r=${_r#* }
		[ "${_r%% *}" = "$1" ] && [ "$_st" != Z ] && _n=$((_n + 1))
	done
	echo "$_n"
}
# wait_gone PID SECONDS: PID ends within SECONDS; prints the seconds it took.
wait_gone() {
	_t0=$(date +%s)
	while alive "$1"; do
		[ $(($(date +%s) - _t0)) -le "$2" ] || { echo "over $2"; return 1; }
		sleep 0.2
	done
	echo $(($(date +%s) - _t0))
}
# flood PORT SECONDS: 64 connections from 127.0.1.2, each sending a byte
# every 0.5 s (another network than the client's 127.0.0.1: the servers
# share their slots among IPv4 /24s).
flood() {
	perl -MIO::Socket::INET -e '
		my ($p, $t) = @ARGV; my @c; my $end = time + $t;
		$SIG{PIPE} = "IGNORE";	# a connection the server closed: write fails, the flood goes on
		while (time < $end) {
			while (@c < 64) {
				my $s = IO::Socket::INET->new(PeerAddr => "127.0.0.1", PeerPort => $p,
					LocalAddr => "127.0.1.2", Proto => "tcp", Timeout => 2) or last;
				push @c, $s }
			@c = grep { defined(syswrite($_, "x")) } @c;
			select(undef, undef, undef, 0.5) }' "$1" "$2"
}
# pester PORT SECONDS: garbage over a new TCP connection and a datagram, every 0.5 s.
pester() {
	perl -MIO::Socket::INET -e '
		my ($p, $t) = @ARGV; my $end = time + $t;
		$SIG{PIPE} = "IGNORE";
		while (time < $end) {
			if (my $s = IO::Socket::INET->new(PeerAddr => "127.0.0.1", PeerPort => $p,
				Proto => "tcp", Timeout => 2)) { syswrite($s, "garbage\n") }
			if (my $u = IO::Socket::INET->new(PeerAddr => "127.0.0.1", PeerPort => $p,
				Proto => "udp")) { $u->send("x") }
			select(undef, undef, undef, 0.5) }' "$1" "$2"
}

# ---- 1. Loopback by default, the key for -S: every server.
for p in lat_tcp lat_udp lat_connect bw_tcp bw_udp; do
	net_prog=$p
	pid='' port=''
	server -i 60
	if [ -z "$pid" ] || [ -z "$port" ]; then
		for _k in 1 2 3 4; do _tap_report 1 "$p -s: no server pid and port in: $TAP_OUT" || :; done
		[ "$p" != lat_udp ] && [ "$p" != bw_udp ] || _tap_report 1 "$p: no server" || :
		continue
	fi
	addr=$(tcp_listen "$port")
	case $addr in
	0100007F | 00000000000000000000FFFF0100007F) r=0 ;;
	*) r=1 ;;
	esac
	ok "$p -s listens on loopback only (local address $addr)" test "$r" -eq 0
	if [ "$p" = lat_udp ] || [ "$p" = bw_udp ]; then
		ok "$p -s: no UDP socket on its port $port (datagrams go to a session's own)" \
			no_udp_on "$port"
	fi
	HOSTBENCH_KEY=not-the-key run_prog "$p" -S 127.0.0.1 -n "$port"
	like "$p -S with another key: refused, and says why" "$TAP_STATUS $TAP_OUT" '^1 .*refused the key'
	ok "$p: ... and the server still runs" alive "$pid"
	run_prog "$p" -S 127.0.0.1 -n "$port"
	ok "$p -S with the key stops it (exit $TAP_STATUS)" gone "$pid"
done

run_prog lat_tcp -s -n 0 -b any -i 2
like 'lat_tcp -s -b any: says it listens on every address' "$TAP_OUT" 'listening on every address'
servers="$servers $(printf '%s\n' "$TAP_OUT" | sed -n 's/.*server pid \([0-9]*\) .*/\1/p')"
remember $servers

# ---- 2. A flood of slow connections from another address.
for p in lat_tcp bw_tcp; do
	net_prog=$p
	pid='' port=''
	server -i 60
	flood "$port" 12 </dev/null >/dev/null 2>&1 &
	f=$!
	helpers="$helpers $f"
	remember "$f"
	sleep 2
	most=0
	for _i in 1 2 3 4 5 6 7 8 9 10; do
		k=$(kids "$pid")
		[ "$k" -le "$most" ] || most=$k
		sleep 0.2
	done
	ok "$p: 64 slow connections from one address hold at most 8 children (most seen: $most)" \
		test "$most" -le 8
	ok "$p: ... while the flood goes on (it holds children: $most)" alive "$f"
	if [ "$p" = bw_tcp ]; then
		run_prog "$p" -N 3 -t 0.3 -o raw -n "$port" 127.0.0.1
	else
		run_prog "$p" -N 3 -T 1ms -o raw -n "$port" 127.0.0.1
	fi
	is "$p: ... and a client with the key measures meanwhile" "0" "$TAP_STATUS"
	kill "$f" 2>/dev/null
	wait "$f" 2>/dev/null
	kill "$pid" 2>/dev/null
done

# 64 copies connecting at once, from one address, all get through its share.
for p in lat_tcp lat_udp; do
	run_prog "$p" -P 64 -N 3 -T 1ms -o raw -p one
	ok "$p -P 64: 64 copies connecting at once from one address all get a session (exit $TAP_STATUS)" \
		has "$TAP_STDOUT" "$(printf '%s' "$p" | sed 's/lat_tcp/LatTcp\/size=1/; s/lat_udp/LatUdp\/size=24/')/placement=one-64"
done

# ---- 3. Garbage does not keep a server past its idle timeout.
bound=$((3 + 2 + slack))
for p in lat_tcp lat_connect bw_udp; do
	net_prog=$p
	pid='' port=''
	server -i 3
	pester "$port" 30 </dev/null >/dev/null 2>&1 &
	helpers="$helpers $!"; remember $!
	t=$(wait_gone "$pid" "$bound")
	ok "$p -i 3: exits by its idle timeout beside a client that reconnects with garbage ($t s, at most $bound)" \
		test "${t#over }" = "$t"
done

# ---- 4. bw_udp: a session whose client is stopped ends although garbage comes.
net_prog=bw_udp
pid='' port=''
HB_ATTACK_T=$d/bw_udp
export HB_ATTACK_T
server -i 60
unset HB_ATTACK_T
$TEST_WRAPPER "$(prog bw_udp)" -N 3 -t 30 -b 1m -o raw -n "$port" 127.0.0.1 >/dev/null 2>&1 </dev/null &
c=$!
helpers="$helpers $c"
remember "$c"
sleep 2
# The UDP ports of the server's processes: the session's socket among them.
uports=$(for q in $(pids_with_env "HB_ATTACK_T=$d/bw_udp"); do
	for fd in /proc/"$q"/fd/*; do readlink "$fd" 2>/dev/null; done
done | sed -n 's/^socket:\[\([0-9]*\)\]$/\1/p' | while read -r ino; do
	awk -v i="$ino" '$10 == i { split($2, a, ":"); print a[2] }' /proc/net/udp /proc/net/udp6
done | while read -r hex; do printf '%d\n' "0x$hex"; done | sort -u)
# ---- 5. A plain user cannot share the UDP ports a server holds (while they are held).
if [ "$(id -u)" -ne 0 ] || ! command -v setpriv >/dev/null 2>&1; then
	skip 'needs root and setpriv to act as a plain user'
	skip 'needs root and setpriv to act as a plain user'
else
	ok "bw_udp: the server's processes hold a UDP port (the session's: $uports)" test -n "$uports"
	bound_ok=0
	for up in $uports; do
		if setpriv --reuid=65534 --regid=65534 --clear-groups perl -MSocket -e '
			socket(my $s, PF_INET, SOCK_DGRAM, 0) or exit 2;
			setsockopt($s, SOL_SOCKET, SO_REUSEADDR, 1);
			exit(bind($s, pack_sockaddr_in($ARGV[0], inet_aton("127.0.0.1"))) ? 0 : 1)' "$up"
		then bound_ok=$((bound_ok + 1)); fi
	done
	is 'a plain user binds none of them with SO_REUSEADDR' 0 "$bound_ok"
fi
kill -STOP "$c"
for up in $uports $port; do pester "$up" 20 </dev/null >/dev/null 2>&1 & helpers="$helpers $!"; remember $!; done
held() { for _u in $uports; do udp_on "$_u" && return 0; done; return 1; }
held && before=held || before=gone
t0=$(date +%s)
while held && [ $(($(date +%s) - t0)) -le $((10 + slack)) ]; do sleep 0.5; done
held && after=held || after=gone
ok "bw_udp: the session of a stopped client ends within 10 s beside garbage (its UDP socket: $before -> $after in $(($(date +%s) - t0)) s)" \
	test "$before" = held -a "$after" = gone

kill -CONT "$c" 2>/dev/null
kill -KILL "$c" 2>/dev/null
kill "$pid" 2>/dev/null

# ---- 6. lat_tcp -i 0: a session silent after its hello ends (in the background: a minute).
net_prog=lat_tcp
pid='' port=''
server -i 0
silent_srv=$pid
$TEST_WRAPPER "$(prog lat_tcp)" -N 50 -T 1s -o raw -n "$port" 127.0.0.1 >/dev/null 2>&1 </dev/null &
silent_cli=$!
helpers="$helpers $silent_cli"
remember "$silent_cli"
sleep 1.5
kill -STOP "$silent_cli"
silent_t0=$(date +%s)
silent_kids=$(kids "$silent_srv")

# ---- 7. The lat_connect client against a peer that accepts and says nothing.
perl -MIO::Socket::INET -e '
	my $l = IO::Socket::INET->new(LocalAddr => "127.0.0.1", LocalPort => 0, Listen => 64,
		Proto => "tcp", ReuseAddr => 1) or exit 1;
	open(my $f, ">", $ARGV[0]) or exit 1; print $f $l->sockport, "\n"; close $f;
	my @c; while (my $c = $l->accept) { push @c, $c }' "$d/mute.port" </dev/null >/dev/null 2>&1 &
helpers="$helpers $!"; remember $!
for _i in 1 2 3 4 5 6 7 8 9 10; do [ -s "$d/mute.port" ] && break; sleep 0.2; done
t0=$(date +%s)
run_prog lat_connect -N 3 -T 1ms -n "$(cat "$d/mute.port" 2>/dev/null)" 127.0.0.1
t=$(($(date +%s) - t0))
is "lat_connect: a peer that accepts and says nothing: exit 1 (in $t s)" 1 "$TAP_STATUS"
like 'lat_connect: ... saying what the peer did' "$TAP_OUT" 'sent nothing'
ok "lat_connect: ... within the client's 30 s bound and slack" test "$t" -le $((30 + slack * 3))

# ---- 8. A run whose server dies prints no number.
for p in lat_tcp lat_udp; do
	net_prog=$p
	pid='' port=''
	server -i 60
	$TEST_WRAPPER "$(prog "$p")" -N 5 -T 200ms -o raw -n "$port" 127.0.0.1 >"$d/$p.out" 2>"$d/$p.err" </dev/null &
	c=$!
	sleep 1.2
	for k in $(for f in /proc/[0-9]*/stat; do sed -n "s/^\([0-9]*\) .*) [A-Za-z] $pid .*/\1/p" "$f" 2>/dev/null; done); do
		kill -KILL "$k" 2>/dev/null
	done
	kill -KILL "$pid" 2>/dev/null
	st=0
	wait "$c" || st=$?
	n=$(grep -c '^Benchmark' "$d/$p.out")
	ok "$p: the server killed mid-run: a failure prints no number (exit $st, $n result lines)" \
		test "$st" -ne 0 -a "$n" -eq 0 -o "$st" -eq 0 -a "$n" -gt 0
	ok "$p: ... and a failure says what the server did" \
		sh -c "[ $st -eq 0 ] || grep -q 'server\\|port unreachable\\|refused' '$d/$p.err'"
done

# ---- 9. Forged datagrams, in a network namespace of the test's own.
forge() {
	# forge SRC SPORT DST DPORT SIZE: one raw IPv4/UDP datagram that looks
	# like lat_udp's old echo request, SIZE bytes of payload.
	ip netns exec "$NS" perl -MSocket -e '
		my ($src, $sp, $dst, $dp, $n) = @ARGV;
		socket(my $r, PF_INET, SOCK_RAW, 255) or exit 1;
		my $p = pack("NnnNN", 0x68624e54, 1, 1, 2, 8) . pack("NN", 0, 1);
		$p .= "\0" x ($n - length $p) if $n > length $p;
		my $udp = pack("nnnn", $sp, $dp, 8 + length $p, 0) . $p;
		my $ip = pack("CCnnnCCn", 0x45, 0, 20 + length $udp, 0, 0, 64, 17, 0)
			. inet_aton($src) . inet_aton($dst);
		send($r, $ip . $udp, 0, pack_sockaddr_in($dp, inet_aton($dst))) or exit 1' "$@"
}
udp_out() {
	ip netns exec "$NS" awk '/^Udp: [0-9]/ { print $5 }' /proc/net/snmp
}
if [ -n "$TEST_WRAPPER" ]; then
	for _k in 1 2 3 4 5; do skip "network namespaces are not tried under $TEST_WRAPPER"; done
elif [ "$(id -u)" -ne 0 ] || ! command -v ip >/dev/null 2>&1 || ! ip netns add "$NS" 2>/dev/null; then
	for _k in 1 2 3 4 5; do skip 'needs root and ip netns (forged datagrams from raw sockets)'; done
else
	ip netns exec "$NS" ip link set lo up
	ip netns exec "$NS" ip addr add 10.77.0.1/32 dev lo
	a=$(ip netns exec "$NS" "$(prog lat_udp)" -s -n 0 -i 60 2>&1)
	apid=$(printf '%s\n' "$a" | sed -n 's/.*server pid \([0-9]*\) .*/\1/p')
	aport=$(printf '%s\n' "$a" | sed -n 's/.* port \([0-9]*\),.*/\1/p')
	b=$(ip netns exec "$NS" "$(prog lat_udp)" -s -n 0 -i 60 2>&1)
	bpid=$(printf '%s\n' "$b" | sed -n 's/.*server pid \([0-9]*\) .*/\1/p')
	bport=$(printf '%s\n' "$b" | sed -n 's/.* port \([0-9]*\),.*/\1/p')
	servers="$servers $apid $bpid"
	remember $apid $bpid
	out0=$(udp_out)
	forge 127.0.0.1 "$bport" 127.0.0.1 "$aport" 24
	forge 127.0.0.1 "$aport" 127.0.0.1 "$aport" 24
	forge 127.0.0.1 "$aport" 127.0.0.1 "$bport" 24
	forge 127.0.0.5 9 127.0.0.1 "$aport" 1400
	sleep 2
	out1=$(udp_out)
	is 'lat_udp: forged datagrams between two servers and to itself draw no datagram (no loop)' \
		"$out0" "$out1"
	ok 'lat_udp: ... both servers still run' sh -c "kill -0 $apid && kill -0 $bpid"
	out0=$(udp_out)
	for _i in 1 2 3 4 5 6 7 8 9 10; do forge 10.77.0.9 7777 127.0.0.1 "$aport" 1400; done
	sleep 1
	is 'lat_udp: 10 forged 1400-byte requests from a victim address draw nothing (no reflection)' \
		"$out0" "$(udp_out)"
	ip netns exec "$NS" "$(prog lat_udp)" -N 3 -T 1ms -o raw -n "$aport" 127.0.0.1 >"$d/ns.out" 2>&1
	like 'lat_udp: ... while a client with the key measures' "$(cat "$d/ns.out")" '^BenchmarkLatUdp/'
	ip netns exec "$NS" "$(prog lat_udp)" -N 3 -T 1ms -o raw -n "$aport" 10.77.0.1 >"$d/ns.out" 2>&1
	like 'lat_udp -s: not reachable on another address of the host' "$(cat "$d/ns.out")" 'refused|nothing listens'
fi

# ---- 6, the end: the silent session.
t=$silent_t0
while [ "$(kids "$silent_srv")" -gt 0 ] && [ $(($(date +%s) - silent_t0)) -le $((60 + slack * 3)) ]; do
	sleep 1
done
ok "lat_tcp -i 0: a session silent after its hello ends within a minute (children $silent_kids -> $(kids "$silent_srv"), $(($(date +%s) - t)) s)" \
	test "$silent_kids" -ge 1 -a "$(kids "$silent_srv")" -eq 0
kill -CONT "$silent_cli" 2>/dev/null
kill -KILL "$silent_cli" 2>/dev/null
kill "$silent_srv" 2>/dev/null
