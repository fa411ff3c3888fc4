#!/bin/sh
# Fault matrix, a busy machine: a server counts the deadline of a
# client's key proof in time the client could have run (lib/core/runclock),
# so that on a saturated machine a starved client with the key still
# gets its session, while on a quiet one a connection that proves
# nothing still goes after about 2 s.  "Saturated" and "quiet" are made
# here, whatever the machine does meanwhile: each server reads its CPU
# pressure from a file of the test's ($HOSTBENCH_TEST_CPU_PRESSURE),
# whose stall total grows as fast as wall time (saturated) or not at
# all (quiet).  The clients are perl (IO::Socket, Digest::SHA): one that
# speaks the protocol and stops itself (SIGSTOP) at a given step, one
# that connects and says nothing.
#   - quiet: a silent connection goes after 2 s (+ slack), not before;
#     a client with the key stopped 5 s before its hello is cut off;
#   - saturated: clients with the key stopped 15 s between connect and
#     hello, and between hello and proof, get their sessions (an echo);
#     a silent connection lives past the 2 s but goes by the idle
#     timeout (-i 6), while the server runs on;
#   - lat_rpc's server, its own loop: the same for a silent connection;
#   - a real client measures against the saturated server.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libnet.sh"

command -v perl >/dev/null 2>&1 || skip_all 'no perl for the clients'
perl -MDigest::SHA=hmac_sha256 -MTime::HiRes -e 1 2>/dev/null || skip_all 'no Digest::SHA or Time::HiRes in perl'
plan 10
d=$(mktemp -d "${TMPDIR:-/tmp}/starved-client-t.XXXXXX") || bail 'mktemp -d failed'
servers=
helpers=
# shellcheck disable=SC2086 # ($helpers and $servers: lists of pids)
_tap_cleanup_hook() {
	kill_ours CONT $helpers
	kill_ours KILL $helpers
	kill_ours TERM $servers
	: >"$d/busy.stop"
	[ -z "${writer:-}" ] || wait "$writer" 2>/dev/null
	rm -rf "$d"
}
slack=4
[ -z "$TEST_WRAPPER" ] || slack=10

# The pressure files: quiet (a total that never moves) and saturated (a
# total kept at the wall clock's microseconds, replaced whole every 50 ms
# until busy.stop appears).
printf 'some avg10=0.00 avg60=0.00 avg300=0.00 total=1000\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n' \
	>"$d/quiet"
perl -MTime::HiRes=time,sleep -e '
	my ($f, $t) = @ARGV; my $end = time + $t;
	while (time < $end && ! -e "$f.stop") {
		open(my $o, ">", "$f.tmp") or exit 1;
		printf $o "some avg10=100.00 avg60=100.00 avg300=100.00 total=%d\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n",
			time * 1e6;
		close $o; rename("$f.tmp", $f) or exit 1; sleep 0.05 }' "$d/busy" 120 </dev/null >/dev/null 2>&1 &
writer=$!
for _i in 1 2 3 4 5 6 7 8 9 10; do [ -s "$d/busy" ] && break; sleep 0.1; done

# The client.  client.pl PORT MODE [SECONDS]:
#   silent N     connect, say nothing; print "closed T" when the server
#                closes within N s (T: seconds since connecting), else "open"
#   hello-stop   lat_tcp's hello with the key, stopped (SIGSTOP) before it
#   proof-stop   ... stopped after the challenge, before the proof
#   hold N       a session with the key, an echo a second for N s
# The protocol ones print "session" after an echo of one byte, else
# "refused: WHY".
cat >"$d/client.pl" <<'EOF'
use strict; use warnings;
use IO::Socket::INET; use IO::Select; use Digest::SHA qw(hmac_sha256);
use Time::HiRes qw(time);
my ($port, $mode, $secs) = @ARGV;
$SIG{PIPE} = 'IGNORE';
my $t0 = time;
my $s = IO::Socket::INET->new(PeerAddr => '127.0.0.1', PeerPort => $port, Proto => 'tcp',
	Timeout => 5) or do { print "refused: connect: $!\n"; exit 0 };
if ($mode eq 'silent') {
	my $sel = IO::Select->new($s);
	my $left;
	while (($left = $t0 + $secs - time) > 0) {
		next unless $sel->can_read($left);
		my $b; my $r = sysread($s, $b, 1);
		if (!defined $r || $r == 0) { printf "closed %.2f\n", time - $t0; exit 0 }
	}
	print "open\n"; exit 0;
}
my ($PROTO, $HELLO, $ACK, $CHALLENGE, $AUTH) = (1, 1, 2, 8, 9);
sub msg { my ($kind, @w) = @_;
	pack('NCCnNN', 0x68624e54, 0, 1, $kind, $PROTO, 8 * @w) . join('', map { pack('NN', 0, $_) } @w) }
sub readn { my ($n) = @_; my $b = '';
	while (length $b < $n) { my $r = sysread($s, $b, $n - length $b, length $b);
		return undef unless $r } $b }
sub recvmsg { my $h = readn(16); return () unless defined $h;
	my (undef, undef, undef, $kind, undef, $len) = unpack('NCCnNN', $h);
	my $p = $len ? readn($len) : ''; return () unless defined $p; ($kind, $p) }
sub refused { print "refused: $_[0]\n"; exit 0 }
kill 'STOP', $$ if $mode eq 'hello-stop';
syswrite($s, msg($HELLO, 1)) or refused("hello: $!");
my ($k, $nonce) = recvmsg(); defined $k or refused('closed before the challenge');
$k == $CHALLENGE && length $nonce == 16 or refused("kind $k, not a challenge");
kill 'STOP', $$ if $mode eq 'proof-stop';
my $mac = hmac_sha256('hostbench key proof 1' . pack('NN', $PROTO, $HELLO) . $nonce
	. pack('NN', 0, 1) . pack('NN', 0, 1), $ENV{HOSTBENCH_KEY});
syswrite($s, pack('NCCnNN', 0x68624e54, 0, 1, $AUTH, $PROTO, 32) . $mac) or refused("proof: $!");
($k) = recvmsg(); defined $k or refused('closed before the answer');
$k == $ACK or refused("kind $k, not an ACK");
my $end = time + ($mode eq 'hold' ? $secs : 0);
do {
	syswrite($s, 'x') or refused("echo: $!");
	my $e = readn(1); defined $e && $e eq 'x' or refused('no echo');
	sleep 1 if $mode eq 'hold';
} while (time < $end);
print "session\n";
EOF
# (exec: in the background, $! is the client itself, for SIGCONT.)
client() {
	exec perl "$d/client.pl" "$@" </dev/null 2>&1
}
# stopped PID: PID has stopped itself (within 10 s); without /proc, 1 s later.
stopped() {
	[ -r "/proc/$1/stat" ] || { sleep 1; return 0; }
	for _i in $(seq 1 100); do
		_s=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -c1)
		[ "$_s" = T ] && return 0
		sleep 0.1
	done
	return 1
}
# start PRESSURE ARGS...: a server of $net_prog with ARGS, reading
# PRESSURE; its $pid and $port.
start() {
	HOSTBENCH_TEST_CPU_PRESSURE=$1
	export HOSTBENCH_TEST_CPU_PRESSURE
	shift
	server "$@"
	unset HOSTBENCH_TEST_CPU_PRESSURE
	[ -n "$port" ] || [ "$TAP_STATUS" -eq 77 ] || bail "$net_prog -s: no port in: $TAP_OUT"
}

net_prog=lat_tcp
start "$d/quiet" -i 60
quiet_port=$port
start "$d/busy" -i 30
busy_pid=$pid busy_port=$port
start "$d/busy" -i 6
wall_pid=$pid wall_port=$port

# ---- saturated, in the background: clients stopped for 15 s.
client "$busy_port" hello-stop >"$d/hello-stop" &
hs=$!
client "$busy_port" proof-stop >"$d/proof-stop" &
ps=$!
helpers="$helpers $hs $ps"; remember $hs $ps
# ... and the idle timeout's bound, beside a session that keeps the
# server up, which is looked at when the silent one ends.
client "$wall_port" hold 10 >"$d/hold" &
helpers="$helpers $!"; remember $!
sleep 0.5
{
	(client "$wall_port" silent 20)
	if alive "$wall_pid"; then echo 'server running'; else echo 'server gone'; fi
} >"$d/wall-silent" &
ws=$!
helpers="$helpers $ws"; remember $ws

# ---- lat_rpc's server, beside.
net_prog=lat_rpc
pid='' port=''
start "$d/quiet" -i 60
rpc=$port
if [ -n "$rpc" ]; then
	client "$port" silent 20 >"$d/rpc-quiet" &
	rq=$!
	start "$d/busy" -i 60
	client "$port" silent 4 >"$d/rpc-busy" &
	rb=$!
	helpers="$helpers $rq $rb"; remember $rq $rb
fi
net_prog=lat_tcp

# ---- quiet.
out=$(client "$quiet_port" silent 20)
t=${out#closed }
ok "quiet: a silent connection goes after 2 s, not before ($out; at most $((2 + slack)))" \
	num_between 1.9 "$t" $((2 + slack))
client "$quiet_port" hello-stop >"$d/quiet-stop" &
qs=$!
helpers="$helpers $qs"; remember $qs
stopped "$qs" || diag 'the quiet client did not stop itself'
sleep 5
kill -CONT "$qs" 2>/dev/null
wait "$qs"
like 'quiet: a client with the key stopped 5 s before its hello is cut off' \
	"$(cat "$d/quiet-stop")" '^refused: '

# ---- saturated: 15 s stopped, then on.
if ! stopped "$hs" || ! stopped "$ps"; then diag 'a saturated client did not stop itself'; fi
sleep 15
kill -CONT "$hs" "$ps" 2>/dev/null
wait "$hs" "$ps"
is 'saturated: a client with the key stopped 15 s between connect and hello gets its session' \
	session "$(cat "$d/hello-stop")"
is 'saturated: ... and one stopped 15 s between hello and proof' \
	session "$(cat "$d/proof-stop")"
wait "$ws"
out=$(sed -n 1p "$d/wall-silent")
t=${out#closed }
ok "saturated: a silent connection outlives the 2 s, and goes by the idle timeout, -i 6 ($out; 3 .. $((6 + slack)))" \
	num_between 3 "$t" $((6 + slack))
is 'saturated: ... while the server runs on (a session holds it)' 'server running' \
	"$(sed -n 2p "$d/wall-silent")"

if [ -n "$rpc" ]; then
	wait "$rq" "$rb"
	out=$(cat "$d/rpc-quiet")
	t=${out#closed }
	ok "lat_rpc, quiet: a silent connection goes after 2 s, not before ($out; at most $((2 + slack)))" \
		num_between 1.9 "$t" $((2 + slack))
	is 'lat_rpc, saturated: a silent connection outlives the 2 s (open after 4 s)' open "$(cat "$d/rpc-busy")"
else
	skip 'lat_rpc: no Sun RPC here'
	skip 'lat_rpc: no Sun RPC here'
fi

# ---- a real client, against the saturated server.
run_prog lat_tcp -N 3 -T 1ms -o raw -n "$busy_port" 127.0.0.1
ok "saturated: a real client measures (exit $TAP_STATUS)" has "$TAP_STDOUT" LatTcp/size=1/placement=unpinned
run_prog lat_tcp -n "$busy_port" -S 127.0.0.1
ok 'saturated: -S stops the server' gone "$busy_pid"
