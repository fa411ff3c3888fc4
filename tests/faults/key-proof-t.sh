#!/bin/sh
# Fault matrix, the key both ways and the key file:
#   - mutual proof: a client proves the key to the server and the server
#     proves it back (SOCK_PROOF) before the client goes on; fake servers
#     (perl) that answer the hello with an ACK at once, that challenge
#     and then ACK without a proof, or that send a wrong proof, are
#     refused with a message that says the server did not prove the key,
#     and no number is printed (before, lat_tcp measured against the one
#     that challenged: the proof went one way only); the same for the box
#     agent's client (hostinfo -F) and for -S;
#   - -K FILE as ssh takes a private key: a plain user (nobody) refuses a
#     key file planted by another user (root's server keeps running), and
#     one of its own that others may read, naming the fix (chmod 600);
#     with mode 0600 its own works; a server refuses such a file too.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libnet.sh"

command -v perl >/dev/null 2>&1 || skip_all 'no perl for the fake servers'
plan 18
d=$(mktemp -d "${TMPDIR:-/tmp}/key-proof-t.XXXXXX") || bail 'mktemp -d failed'
servers=
helpers=
# shellcheck disable=SC2086 # ($helpers and $servers: lists of pids)
_tap_cleanup_hook() {
	kill_ours KILL $helpers
	kill_ours TERM $servers
	rm -rf "$d"
}

# fake.pl MODE PORTFILE: a server that speaks the header of whatever
# program connects, and: ack (an ACK to the hello, no challenge), noproof
# (a challenge, then an ACK to any answer), badproof (a challenge, then a
# proof of random bytes and an ACK); then it echoes what comes.
cat >"$d/fake.pl" <<'EOF'
use strict; use warnings; use IO::Socket::INET;
my ($mode, $pf) = @ARGV;
$SIG{PIPE} = 'IGNORE'; $SIG{CHLD} = 'IGNORE';
my $l = IO::Socket::INET->new(LocalAddr => '127.0.0.1', LocalPort => 0, Listen => 16,
	Proto => 'tcp', ReuseAddr => 1) or die;
open(my $f, '>', "$pf.tmp") or die; print $f $l->sockport, "\n"; close $f; rename("$pf.tmp", $pf);
sub readn { my ($s, $n) = @_; my $b = '';
	while (length $b < $n) { my $r = sysread($s, $b, $n - length $b, length $b); return undef unless $r }
	$b }
sub msg { my ($proto, $kind, @w) = @_;
	pack('NCCnNN', 0x68624e54, 0, 1, $kind, $proto, 8 * @w) . join('', map { pack('NN', 0, $_) } @w) }
while (my $c = $l->accept) {
	next if fork;
	my $h = readn($c, 16) or exit 0;
	my (undef, undef, undef, undef, $proto, $len) = unpack('NCCnNN', $h);
	readn($c, $len) if $len;
	if ($mode ne 'ack') {
		syswrite($c, msg($proto, 8, int rand 2**31, int rand 2**31));
		my $a = readn($c, 16) or exit 0;
		my (undef, undef, undef, undef, undef, $alen) = unpack('NCCnNN', $a);
		readn($c, $alen) if $alen;
		syswrite($c, msg($proto, 11, map { int rand 2**31 } 1 .. 4)) if $mode eq 'badproof';
	}
	syswrite($c, msg($proto, 2, 1, 1, 1, 1, 1, 1, 1, 1));
	while (defined(my $r = sysread($c, my $b, 65536))) { last unless $r; syswrite($c, $b) }
	exit 0;
}
EOF
# fake MODE: a fake server of MODE in the background, its port in $fport.
fake() {
	rm -f "$d/port.$1"
	perl "$d/fake.pl" "$1" "$d/port.$1" </dev/null >/dev/null 2>&1 &
	helpers="$helpers $!"
	remember $!
	for _i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		[ -s "$d/port.$1" ] && break
		sleep 0.2
	done
	fport=$(cat "$d/port.$1" 2>/dev/null)
	[ -n "$fport" ] || bail "the fake server ($1) did not start"
}

# ---- 1. Fake servers.
for m in ack noproof badproof; do
	fake "$m"
	run_prog lat_tcp -N 3 -T 1ms -o raw -n "$fport" 127.0.0.1
	ok "lat_tcp against a server that does not prove the key ($m): exit 1, no number (exit $TAP_STATUS)" \
		test "$TAP_STATUS" -eq 1 -a -z "$(results_of "$TAP_STDOUT" LatTcp/size=1/placement=unpinned)"
	like "lat_tcp: ... saying the server did not prove the key ($m)" "$TAP_OUT" 'did not prove that it holds the key'
done
run_prog hostinfo -F 127.0.0.1 -n "$fport"
ok "hostinfo -F against a fake agent that does not prove the key: exit 1 (exit $TAP_STATUS)" \
	test "$TAP_STATUS" -eq 1 -a -z "$(printf '%s\n' "$TAP_STDOUT" | grep '^box-')"
like 'hostinfo -F: ... saying the agent did not prove the key' "$TAP_OUT" 'did not prove that it holds the key'
run_prog lat_tcp -S 127.0.0.1 -n "$fport"
like 'lat_tcp -S against it: refused, saying why' "$TAP_STATUS $TAP_OUT" '^1 .*did not prove'

# ---- 2. A real server proves it: a client measures.
net_prog=lat_tcp
pid='' port=''
server -i 60
run_prog lat_tcp -N 3 -T 1ms -o raw -n "$port" 127.0.0.1
ok "a real server proves the key: the client measures (exit $TAP_STATUS)" \
	has "$TAP_STDOUT" LatTcp/size=1/placement=unpinned
kill "$pid" 2>/dev/null

# ---- 3. Key files.
if [ "$(id -u)" -ne 0 ] || ! command -v setpriv >/dev/null 2>&1; then
	for _k in 1 2 3 4 5 6 7 8; do skip 'needs root and setpriv to act as a plain user'; done
	exit 0
fi
as_nobody() {
	_p=$(prog "$1")
	shift
	TAP_STATUS=0
	# shellcheck disable=SC2086 # (TEST_WRAPPER: a command and its words)
	TAP_OUT=$(env -u HOSTBENCH_KEY setpriv --reuid=65534 --regid=65534 --clear-groups \
		$TEST_WRAPPER "$_p" "$@" 2>&1 </dev/null) || TAP_STATUS=$?
}
chmod 755 "$d"
mkdir "$d/pub" "$d/own"
chmod 755 "$d/pub"
chown 65534:65534 "$d/own"
# root's server, its key in a file a plain user can read (as a careless
# admin leaves it): the plain user must not use it.
printf 'root-key-%s\n' "$$" >"$d/pub/planted"
chmod 644 "$d/pub/planted"
cli 'lat_tcp -s -K FILE of mode 0644: exit 2 naming the fix' 2 "chmod 600 $d/pub/planted" \
	lat_tcp -s -n 0 -i 60 -K "$d/pub/planted"
chmod 600 "$d/pub/planted"
HOSTBENCH_KEY= run_prog lat_tcp -s -n 0 -i 60 -K "$d/pub/planted"
rpid=$(printf '%s\n' "$TAP_OUT" | sed -n 's/.*server pid \([0-9]*\) .*/\1/p')
rport=$(printf '%s\n' "$TAP_OUT" | sed -n 's/.* port \([0-9]*\),.*/\1/p')
servers="$servers $rpid"
remember "$rpid"
ok "root's server with its key file of mode 0600 starts" alive "$rpid"
chmod 644 "$d/pub/planted"
as_nobody lat_tcp -S 127.0.0.1 -n "$rport" -K "$d/pub/planted"
like "a plain user's -S with root's key file: exit 2, naming its owner" "$TAP_STATUS $TAP_OUT" \
	'^2 .*belongs to uid 0, not to this user'
# (gone: not alive within 3 s; a stopped server takes a moment to exit.)
still_up() { ! gone "$1"; }
ok "... and root's server still runs 3 s later" still_up "$rpid"
as_nobody hostinfo -F 127.0.0.1 -n "$rport" -K "$d/pub/planted"
like "hostinfo -F (the box's client) with root's key file: exit 2" "$TAP_STATUS $TAP_OUT" \
	'^2 .*box: -K: .*belongs to uid 0'
# The plain user's own key file, readable by others, then 0600.
setpriv --reuid=65534 --regid=65534 --clear-groups sh -c "umask 022; printf 'nobody-key\n' >'$d/own/key'"
as_nobody lat_tcp -s -n 0 -i 5 -K "$d/own/key"
like "a plain user's own key file of mode 0644: exit 2, naming chmod 600" "$TAP_STATUS $TAP_OUT" \
	"^2 .*mode 0644\\): chmod 600 $d/own/key"
setpriv --reuid=65534 --regid=65534 --clear-groups chmod 600 "$d/own/key"
as_nobody lat_tcp -s -n 0 -i 5 -K "$d/own/key"
npid=$(printf '%s\n' "$TAP_OUT" | sed -n 's/.*server pid \([0-9]*\) .*/\1/p')
nport=$(printf '%s\n' "$TAP_OUT" | sed -n 's/.* port \([0-9]*\),.*/\1/p')
servers="$servers $npid"
remember "$npid"
is "... mode 0600: its server starts (exit 0)" 0 "$TAP_STATUS"
as_nobody lat_tcp -S 127.0.0.1 -n "${nport:-1}" -K "$d/own/key"
ok "... and its -S with the file stops it (exit $TAP_STATUS)" gone "${npid:-0}"
