#!/bin/sh
# Fault matrix, servers starved from many addresses: a server shares its
# slots for connections that have not proved the key among networks (an
# IPv4 /24, an IPv6 /64), not addresses, and when they are all taken a
# newcomer evicts the oldest of the network that holds the most.  In two
# network namespaces joined by a veth pair, a flood of 1000 silent
# connections from 250 IPv4 addresses (each of a /24 of its own) and 250
# IPv6 addresses (each of a /64 of its own), 2 each, reopened as soon as
# the server closes one, beside a server of lat_tcp (and of bw_tcp)
# listening on every address; a client with the key, from an address of
# another network, measures $HB_FLOOD_RUNS times (default 5) against
# each, and at least 4 of 5 of its runs must succeed.  Then, from one
# /24 and one /64 (a host with 500 addresses), the flood holds at most 8
# connections of each, and with -G 32 (each IPv4 address its own network)
# more.  The
# flood is perl (Socket, IO::Select).
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libnet.sh"

[ -z "$TEST_WRAPPER" ] || skip_all "network namespaces are not tried under $TEST_WRAPPER"
[ "$(id -u)" -eq 0 ] || skip_all 'needs root (network namespaces)'
command -v ip >/dev/null 2>&1 || skip_all 'needs ip (iproute2)'
command -v perl >/dev/null 2>&1 || skip_all 'no perl for the flood'
perl -MIO::Select -MSocket=inet_pton -e 1 2>/dev/null || skip_all 'no IO::Select or Socket in perl'
C=hbfc$$ S=hbfs$$
ip netns add "$C" 2>/dev/null || skip_all 'cannot make network namespaces here'
ip netns add "$S" || { ip netns del "$C"; skip_all 'cannot make network namespaces here'; }
runs=${HB_FLOOD_RUNS:-5}
plan 7
d=$(mktemp -d "${TMPDIR:-/tmp}/prefix-flood-t.XXXXXX") || bail 'mktemp -d failed'
servers=
helpers=
# shellcheck disable=SC2086 # ($helpers and $servers: lists of pids)
_tap_cleanup_hook() {
	kill_ours KILL $helpers
	kill_ours TERM $servers
	ip netns del "$C" 2>/dev/null
	ip netns del "$S" 2>/dev/null
	rm -rf "$d"
}
ns() {
	_n=$1
	shift
	ip netns exec "$_n" "$@"
}

# The link: the server 10.255.255.1 and fd00:ff::1; the client with the
# key 10.255.255.2 and fd00:ff::2 (added first: the source it connects
# from); the flood 10.N.0.1 and fd00:N::1, N = 1 .. 250 (each a network
# of its own), or 10.254.0.N and fd00:fe::N (one network each).
ip link add "${C}v" type veth peer name "${S}v" &&
	ip link set "${C}v" netns "$C" && ip link set "${S}v" netns "$S" &&
	ns "$S" ip addr add 10.255.255.1/8 dev "${S}v" &&
	ns "$S" ip -6 addr add fd00:ff::1/16 dev "${S}v" nodad &&
	ns "$C" ip addr add 10.255.255.2/8 dev "${C}v" &&
	ns "$C" ip -6 addr add fd00:ff::2/16 dev "${C}v" nodad &&
	ns "$C" ip link set lo up && ns "$S" ip link set lo up &&
	ns "$C" ip link set "${C}v" up && ns "$S" ip link set "${S}v" up ||
	bail 'cannot set up the veth pair'
{
	n=1
	while [ "$n" -le 250 ]; do
		printf 'address add 10.%d.0.1/8 dev %s\n' "$n" "${C}v"
		printf 'address add 10.254.0.%d/8 dev %s\n' "$n" "${C}v"
		printf -- '-6 address add fd00:%x::1/16 dev %s nodad\n' "$n" "${C}v"
		printf -- '-6 address add fd00:fe::%x/16 dev %s nodad\n' "$n" "${C}v"
		n=$((n + 1))
	done
} >"$d/addrs"
grep -v '^-6 ' "$d/addrs" | ns "$C" ip -batch - || bail 'cannot add the IPv4 addresses'
sed -n 's/^-6 //p' "$d/addrs" | ns "$C" ip -6 -batch - || bail 'cannot add the IPv6 addresses'

# flood.pl PORT KIND: 500 silent connections (2 from each of 250
# addresses: KIND spread, 10.N.0.1 / fd00:N::1, or one, 10.254.0.N /
# fd00:fe::N) to the server, each reopened when the server closes it;
# every second "open N" (the connections established) on stdout.
cat >"$d/flood.pl" <<'EOF'
use strict; use warnings;
use Socket qw(:all); use IO::Select; use Fcntl;
my ($port, $kind, $fam) = @ARGV;
$| = 1; $SIG{PIPE} = 'IGNORE';
my (@src, $dst);
for my $n (1 .. 250) {
	if ($fam == 4) { push @src, $kind eq 'spread' ? "10.$n.0.1" : "10.254.0.$n" }
	else { push @src, $kind eq 'spread' ? sprintf('fd00:%x::1', $n) : sprintf('fd00:fe::%x', $n) }
}
my $pf = $fam == 4 ? PF_INET : PF_INET6;
$dst = $fam == 4 ? pack_sockaddr_in($port, inet_aton('10.255.255.1'))
	: pack_sockaddr_in6($port, inet_pton(AF_INET6, 'fd00:ff::1'));
my (%sock, %src);
sub open_one { my ($a) = @_;
	socket(my $s, $pf, SOCK_STREAM, 0) or return;
	my $me = $fam == 4 ? pack_sockaddr_in(0, inet_aton($a)) : pack_sockaddr_in6(0, inet_pton(AF_INET6, $a));
	bind($s, $me) or return;
	fcntl($s, F_SETFL, O_NONBLOCK);
	connect($s, $dst);
	$sock{fileno $s} = $s; $src{fileno $s} = $a }
for my $a (@src) { open_one($a) for 1 .. 2 }
my $last = 0;
for (;;) {
	my $sel = IO::Select->new(values %sock);
	for my $s ($sel->can_read(0.2)) {
		my $b; my $r = sysread($s, $b, 1);
		next if defined $r && $r > 0;
		next if !defined $r && $!{EAGAIN};
		my $a = delete $src{fileno $s}; delete $sock{fileno $s}; close $s;
		open_one($a) }
	if (time != $last) { $last = time;
		my $up = grep { defined getpeername($_) } values %sock;
		print "open $up\n" }
}
EOF
# flood PORT KIND: both families' floods in the client's namespace.
flood() {
	for _f in 4 6; do
		ip netns exec "$C" perl "$d/flood.pl" "$1" "$2" "$_f" </dev/null >"$d/flood$_f.$2" 2>&1 &
		helpers="$helpers $!"
		remember $!
	done
}
stop_flood() {
	# shellcheck disable=SC2086
	kill_ours KILL $helpers
	helpers=
	sleep 0.5
}
# serve PROG ARGS...: a server of PROG on every address of S: $pid, $port.
serve() {
	_p=$1
	shift
	TAP_STATUS=0
	TAP_OUT=$(ns "$S" "$(prog "$_p")" -s -n 0 -b any -i 900 "$@" 2>&1 </dev/null) || TAP_STATUS=$?
	pid=$(printf '%s\n' "$TAP_OUT" | sed -n 's/.*server pid \([0-9]*\) .*/\1/p')
	port=$(printf '%s\n' "$TAP_OUT" | sed -n 's/.* port \([0-9]*\),.*/\1/p')
	[ -n "$pid" ] && [ -n "$port" ] || bail "$_p -s: no pid and port in: $TAP_OUT"
	servers="$servers $pid"
	remember "$pid"
}
# clients PROG ARGS...: $runs runs of PROG ARGS against 10.255.255.1;
# $good the runs with results, $why the last failure's message.
clients() {
	good=0 why=
	_p=$1
	shift
	_i=0
	while [ "$_i" -lt "$runs" ]; do
		_out=$(ns "$C" "$(prog "$_p")" "$@" -o raw -n "$port" 10.255.255.1 2>&1 </dev/null)
		if printf '%s\n' "$_out" | grep -q '^Benchmark'; then
			good=$((good + 1))
		else
			why=$(printf '%s\n' "$_out" | grep -v '^[#a-z-]*:' | tail -n 1)
		fi
		_i=$((_i + 1))
	done
}
# held: the connections the server ($pid) holds (its sockets but the
# listening one).  A snapshot: the flood's connections turn over within
# milliseconds, so which ones are held cannot be told from ss.
held() {
	ls -l "/proc/$pid/fd" 2>/dev/null | grep -c 'socket:' | awk '{ print $1 - 1 }'
}
# wait_open KIND N: both floods of KIND report N or more connections open (10 s at most).
wait_open() {
	_i=0
	while [ "$_i" -lt 50 ]; do
		_a=$(tail -n 1 "$d/flood4.$1" 2>/dev/null | sed -n 's/^open //p')
		_b=$(tail -n 1 "$d/flood6.$1" 2>/dev/null | sed -n 's/^open //p')
		[ "${_a:-0}" -ge "$2" ] && [ "${_b:-0}" -ge "$2" ] && return 0
		sleep 0.2
		_i=$((_i + 1))
	done
	return 1
}

# ---- 1. 250 + 250 networks, against lat_tcp and bw_tcp.
# (The rest of the arguments: a client's quick run.)
for p in lat_tcp bw_tcp; do
	serve "$p"
	flood "$port" spread
	wait_open spread 400 || diag "the flood did not open its connections: $(tail -n 1 "$d/flood4.spread") $(tail -n 1 "$d/flood6.spread")"
	if [ "$p" = lat_tcp ]; then clients lat_tcp -N 3 -T 1ms; else clients bw_tcp -N 3 -t 0.3; fi
	diag "$p: $good of $runs runs of a client with the key got through the flood${why:+ (the last failure: $why)}"
	ok "$p: a client with the key gets through 1000 silent connections from 250 IPv4 and 250 IPv6 networks ($good of $runs runs)" \
		test "$good" -ge $((runs - runs / 5))
	o4=$(awk '$2 > m { m = $2 } END { print m + 0 }' "$d/flood4.spread")
	o6=$(awk '$2 > m { m = $2 } END { print m + 0 }' "$d/flood6.spread")
	ok "$p: ... while the flood held connections (at most $o4 IPv4 and $o6 IPv6 open at once)" \
		test "$o4" -ge 400 -a "$o6" -ge 400
	stop_flood
	kill "$pid" 2>/dev/null
done

# ---- 2. One /24 and one /64 (a host with 250 addresses of each family).
serve lat_tcp
flood "$port" one
wait_open one 400 || :
sleep 1
most=0
for _i in 1 2 3 4 5 6 7 8 9 10; do
	n=$(held)
	[ "$n" -le "$most" ] || most=$n
	sleep 0.2
done
# (8 of each network, and one it has accepted before it closes the
# oldest of that network.)
ok "one /24 and one /64, 500 connections from 250 addresses each: the server holds at most 8 of each (+1; most seen: $most)" \
	test "$most" -le 18
clients lat_tcp -N 3 -T 1ms
ok "... and a client with the key measures meanwhile ($good of $runs runs${why:+; $why})" \
	test "$good" -ge $((runs - runs / 5))
stop_flood
kill "$pid" 2>/dev/null

# ---- 3. -G 32: each IPv4 address a network of its own.
serve lat_tcp -G 32
flood "$port" one
wait_open one 400 || :
sleep 1
most=0
for _i in 1 2 3 4 5; do
	n=$(held)
	[ "$n" -le "$most" ] || most=$n
	sleep 0.2
done
ok "-G 32: the flood's IPv4 addresses of one /24 hold more than 8 + 8 slots ($most)" test "$most" -gt 18
stop_flood
kill "$pid" 2>/dev/null
