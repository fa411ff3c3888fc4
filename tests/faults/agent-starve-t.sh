#!/bin/sh
# Fault matrix, the box agent (hostinfo -s) under attack, and a run whose
# box figures are lost:
#   - in two network namespaces joined by a veth pair, 16 connections
#     from 2 addresses (each of a network of its own) that send a HELLO
#     and never prove the key, reopened as soon as the agent closes one,
#     do not keep a client with the key out: it has as many slots as
#     every server, shared among networks (before: 2 slots, and 2 of 3
#     hostinfo -F failed);
#   - an agent's idle timeout is renewed only by a client that proved
#     the key: -i 3 beside HELLOs without proof every 0.3 s, it exits;
#   - the agent's own work besides a session (connections without the
#     key churning) is in the box's figures: the client says how much,
#     and nothing when the agent is quiet;
#   - a run with -A whose box cannot be reached, or whose agent dies
#     mid-run, fails (exit 1, the box named) after a second try, and
#     prints no number (before: a warning, and results without the box).
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libnet.sh"

command -v perl >/dev/null 2>&1 || skip_all 'no perl for the bad clients'
plan 11
d=$(mktemp -d "${TMPDIR:-/tmp}/agent-starve-t.XXXXXX") || bail 'mktemp -d failed'
servers=
helpers=
C=hbac$$ S=hbas$$
# shellcheck disable=SC2086 # ($helpers and $servers: lists of pids)
_tap_cleanup_hook() {
	kill_ours KILL $helpers
	kill_ours TERM $servers
	ip netns del "$C" 2>/dev/null
	ip netns del "$S" 2>/dev/null
	rm -rf "$d"
}
slack=4
[ -z "$TEST_WRAPPER" ] || slack=10

# hellos.pl HOST PORT SOURCE... : 8 connections from each SOURCE that send
# the box's HELLO and then nothing (no proof), each reopened when closed.
cat >"$d/hellos.pl" <<'EOF'
use strict; use warnings; use Socket qw(:all); use IO::Select; use Fcntl;
my ($host, $port, @src) = @ARGV;
$SIG{PIPE} = 'IGNORE';
my $hello = pack('NCCnNN', 0x68624e54, 0, 1, 1, 8, 8) . pack('NN', 0, 1);
my (%sock, %from);
sub open_one { my ($a) = @_;
	socket(my $s, PF_INET, SOCK_STREAM, 0) or return;
	bind($s, pack_sockaddr_in(0, inet_aton($a))) or return;
	connect($s, pack_sockaddr_in($port, inet_aton($host))) or return;
	syswrite($s, $hello);
	$sock{fileno $s} = $s; $from{fileno $s} = $a }
for my $a (@src) { open_one($a) for 1 .. 8 }
for (;;) {
	my $sel = IO::Select->new(values %sock);
	for my $s ($sel->can_read(0.1)) {
		my $r = sysread($s, my $b, 4096);
		next if $r;
		my $a = delete $from{fileno $s}; delete $sock{fileno $s}; close $s;
		open_one($a) }
	for my $a (@src) { my $n = grep { $_ eq $a } values %from; open_one($a) for $n + 1 .. 8 }
}
EOF

# ---- 1. 16 unproven HELLOs from 2 networks against the agent.
if [ -n "$TEST_WRAPPER" ]; then
	for _k in 1 2; do skip "network namespaces are not tried under $TEST_WRAPPER"; done
elif [ "$(id -u)" -ne 0 ] || ! command -v ip >/dev/null 2>&1 || ! ip netns add "$C" 2>/dev/null; then
	for _k in 1 2; do skip 'needs root and ip netns (attackers of their own addresses)'; done
else
	ns() {
		_n=$1
		shift
		ip netns exec "$_n" "$@"
	}
	ip netns add "$S" && ip link add "${C}v" type veth peer name "${S}v" &&
		ip link set "${C}v" netns "$C" && ip link set "${S}v" netns "$S" &&
		ns "$S" ip addr add 10.255.255.1/8 dev "${S}v" &&
		ns "$C" ip addr add 10.255.255.2/8 dev "${C}v" &&
		ns "$C" ip addr add 10.1.0.1/8 dev "${C}v" &&
		ns "$C" ip addr add 10.2.0.1/8 dev "${C}v" &&
		ns "$C" ip link set lo up && ns "$S" ip link set lo up &&
		ns "$C" ip link set "${C}v" up && ns "$S" ip link set "${S}v" up ||
		bail 'cannot set up the veth pair'
	out=$(ns "$S" "$(prog hostinfo)" -s -n 0 -b any -i 120 2>&1 </dev/null)
	apid=$(printf '%s\n' "$out" | sed -n 's/.*server pid \([0-9]*\) .*/\1/p')
	aport=$(printf '%s\n' "$out" | sed -n 's/.* port \([0-9]*\),.*/\1/p')
	[ -n "$apid" ] && [ -n "$aport" ] || bail "hostinfo -s: no pid and port in: $out"
	servers="$servers $apid"
	remember "$apid"
	ip netns exec "$C" perl "$d/hellos.pl" 10.255.255.1 "$aport" 10.1.0.1 10.2.0.1 </dev/null >/dev/null 2>&1 &
	helpers="$helpers $!"
	remember $!
	sleep 1
	good=0 why=
	for _i in 1 2 3 4 5; do
		o=$(ns "$C" "$(prog hostinfo)" -F 10.255.255.1 -n "$aport" 2>&1 </dev/null) &&
			printf '%s\n' "$o" | grep -q '^box-' && good=$((good + 1)) ||
			why=$(printf '%s\n' "$o" | tail -n 1)
	done
	is "16 unproven HELLOs from 2 networks: 5 of 5 hostinfo -F with the key get the fingerprint${why:+ ($why)}" 5 "$good"
	ok '... while the HELLOs go on' alive "$!"
	kill_ours KILL $helpers
	helpers=
	kill "$apid" 2>/dev/null
fi

# ---- 2. The idle timeout: renewed only by a client with the key.
net_prog=hostinfo
pid='' port=''
server -i 3
perl -MIO::Socket::INET -e '
	my ($p) = @ARGV; $SIG{PIPE} = "IGNORE";
	my $hello = pack("NCCnNN", 0x68624e54, 0, 1, 1, 8, 8) . pack("NN", 0, 1);
	for (1 .. 200) {
		if (my $s = IO::Socket::INET->new(PeerAddr => "127.0.0.1", PeerPort => $p, Proto => "tcp",
			Timeout => 2)) { syswrite($s, $hello) }
		select(undef, undef, undef, 0.3) }' "$port" </dev/null >/dev/null 2>&1 &
helpers="$helpers $!"
remember $!
t0=$(date +%s)
while alive "$pid" && [ $(($(date +%s) - t0)) -le $((3 + 2 + slack)) ]; do sleep 0.2; done
ok "hostinfo -s -i 3: exits by its idle timeout beside HELLOs without the key every 0.3 s ($(($(date +%s) - t0)) s)" \
	test "$(alive "$pid" && echo up)" != up
kill_ours KILL $helpers
helpers=

# ---- 3. Connection churn without the key lands in the box's figures: said.
server -i 60
run_prog bw_tcp -N 3 -t 1 -p one -o raw -A "127.0.0.1:$port"
ok "bw_tcp -A, a quiet agent: no word of its own work (exit $TAP_STATUS)" \
	test "$TAP_STATUS" -eq 0 -a -z "$(printf '%s\n' "$TAP_OUT" | grep "the agent's own work")"
perl -MIO::Socket::INET -e '
	my ($p) = @ARGV; my $end = time + 30; $SIG{PIPE} = "IGNORE";
	while (time < $end) {
		my $s = IO::Socket::INET->new(PeerAddr => "127.0.0.1", PeerPort => $p, Proto => "tcp") or next;
		syswrite($s, "garbage garbage garbage"); close $s }' "$port" </dev/null >/dev/null 2>&1 &
helpers="$helpers $!"
remember $!
sleep 0.5
run_prog bw_tcp -N 3 -t 2 -p one -o raw -A "127.0.0.1:$port"
like "bw_tcp -A beside connections without the key churning at the agent: the agent's own share is said" \
	"$TAP_OUT" "box 127\\.0\\.0\\.1 port $port: the agent's own work besides this session .* took [0-9.]+% of one CPU"
kill_ours KILL $helpers
helpers=
kill "$pid" 2>/dev/null

# ---- 4. A run whose box figures are lost fails.
server -i 60
agent_pid=$pid agent_port=$port
kill "$agent_pid"
gone "$agent_pid" || :
run_prog bw_tcp -N 3 -t 0.3 -o raw -p one -A "127.0.0.1:$agent_port"
is "bw_tcp -A with no agent there: exit 1" 1 "$TAP_STATUS"
like '... naming the box and saying the case fails' "$TAP_OUT" \
	"box 127\\.0\\.0\\.1 port $agent_port: no session: .*the case fails"
ok '... and no number' test -z "$(results_of "$TAP_STDOUT" BwTcp/size=64K/placement=one)"
server -i 60
agent_pid=$pid agent_port=$port
$TEST_WRAPPER "$(prog bw_tcp)" -N 3 -t 4 -o raw -p one -A "127.0.0.1:$agent_port" \
	>"$d/bw.out" 2>"$d/bw.err" </dev/null &
c=$!
helpers="$helpers $c"
remember "$c"
sleep 1.5
# (Its session's child dies with it: sock_die_with_parent.)
kill -KILL "$agent_pid"
st=0
wait "$c" || st=$?
is 'bw_tcp -A whose agent is killed mid-run: exit 1' 1 "$st"
like '... naming the box' "$(cat "$d/bw.err")" "box 127\\.0\\.0\\.1 port $agent_port: .*the case fails"
ok '... and no number' test -z "$(results_of "$(cat "$d/bw.out")" BwTcp/size=64K/placement=one)"
