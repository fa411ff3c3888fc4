#!/bin/sh
# lat_rpc: options; where libtirpc was found, a self-started loopback run
# over TCP and UDP, and a server that survives garbage and silent clients,
# stops on -S and exits when idle; elsewhere, exit 77 with the reason.
. "$top_srcdir/tests/tap/libtap.sh"

plan 17
q='-N 3 -T 1ms -o raw'
dir=$(mktemp -d "${TMPDIR:-/tmp}/lat_rpc-t.XXXXXX")
servers=
# Time for a run to get going before it is killed (qemu starts slowly).
settle=0.5
[ -z "$TEST_WRAPPER" ] || settle=1.5
_tap_cleanup_hook() {
	for p in $servers; do kill "$p" 2>/dev/null; done
	rm -rf "$dir"
}

alive() {
	[ -r "/proc/$1/stat" ] || { kill -0 "$1" 2>/dev/null; return; }
	s=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -c1)
	[ -n "$s" ] && [ "$s" != Z ]
}
gone() {
	for _i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do
		alive "$1" || return 0
		sleep 0.2
	done
	return 1
}
procs() {
	_n=0
	for _f in /proc/[0-9]*/cmdline; do
		_c=$({ tr '\0' ' ' <"$_f"; } 2>/dev/null) || continue
		case $_c in *"$1"*) _n=$((_n + 1)) ;; esac
	done
	echo "$_n"
}
has() {
	[ -n "$(results_of "$1" "$2")" ]
}
server() {
	run_prog lat_rpc -s -n 0 "$@"
	pid=$(printf '%s\n' "$TAP_OUT" | sed -n 's/.*server pid \([0-9]*\) .*/\1/p')
	port=$(printf '%s\n' "$TAP_OUT" | sed -n 's/.* port \([0-9]*\),.*/\1/p')
	servers="$servers $pid"
}
# abuse PORT: random bytes over TCP and UDP, a TCP record marker claiming
# 2 GB, and a client that connects and says nothing for 3 s.
abuse() {
	perl -MIO::Socket::INET -e '
		my $p = $ARGV[0];
		sub junk { join "", map { chr int rand 256 } 1..$_[0] }
		my $u = IO::Socket::INET->new(PeerAddr => "127.0.0.1", PeerPort => $p, Proto => "udp") or exit 1;
		$u->send(junk(1 + int rand 1400)) for 1..30;
		my $t = IO::Socket::INET->new(PeerAddr => "127.0.0.1", PeerPort => $p, Proto => "tcp") or exit 1;
		print $t junk(4096);
		my $h = IO::Socket::INET->new(PeerAddr => "127.0.0.1", PeerPort => $p, Proto => "tcp") or exit 1;
		print $h pack("N", 0xfffffff0);
		if (fork() == 0) {
			my $s = IO::Socket::INET->new(PeerAddr => "127.0.0.1", PeerPort => $p, Proto => "tcp");
			sleep 3; exit 0 }
		sleep 1' "$1"
}

cli '-h exits 0 with the usage line' 0 '^usage: lat_rpc' lat_rpc -h
cli 'unknown option: exit 2' 2 'unknown option -q' lat_rpc -q
cli '-p sideways: exit 2 naming -p' 2 "-p: value 'sideways' is neither a protocol nor a placement" lat_rpc -p sideways
cli '-n 70000: exit 2 naming -n' 2 "-n: value '70000' is out of range" lat_rpc -n 70000

run_prog lat_rpc $q
if [ "$TAP_STATUS" -eq 77 ]; then
	like 'without libtirpc: exit 77 with the reason' "$TAP_OUT" 'Sun RPC not available \(libtirpc not found at build time\)'
	n=0
	while [ "$n" -lt 12 ]; do skip 'built without libtirpc'; n=$((n + 1)); done
	exit 0
fi
ok 'a self-started run exits 0' test "$TAP_STATUS" -eq 0
ok 'it prints well-formed raw records' well_formed "$TAP_STDOUT"
tcp=$(results_of "$TAP_STDOUT" LatRpc/proto=tcp/placement=one | median_of)
udp=$(results_of "$TAP_STDOUT" LatRpc/proto=udp/placement=one | median_of)
ok "RPC over TCP: between 1 us and 100 ms ($tcp ns)" num_between 1000 "$tcp" 100000000
ok "RPC over UDP: between 1 us and 100 ms ($udp ns)" num_between 1000 "$udp" 100000000

run_prog lat_rpc $q -p udp -p one
is '-p udp -p one: UDP only, one placement' 'BenchmarkLatRpc/proto=udp/placement=one' \
	"$(printf '%s\n' "$TAP_STDOUT" | awk '/^Benchmark/ { print $1 }' | sort -u)"

server -i 30
ok '-s: a server starts in the background' alive "$pid"
if command -v perl >/dev/null 2>&1; then
	abuse "$port"
	run_prog lat_rpc $q -n "$port" 127.0.0.1
	ok 'after garbage, a huge record and beside a silent client: served' \
		has "$TAP_STDOUT" LatRpc/proto=udp/placement=unpinned
	wait
else
	skip 'no perl for the bad clients'
fi
ok 'the server is still running' alive "$pid"
cli '-S stops it' 0 '' lat_rpc -n "$port" -S 127.0.0.1
ok 'the server is gone after -S' gone "$pid"

server -i 1
ok '-i 1: the server exits after 1 s without a client' gone "$pid"

TMPDIR=$dir $TEST_WRAPPER "$(prog lat_rpc)" -N 1000 -T 100ms -i 4326 >/dev/null 2>&1 &
cpid=$!
sleep "$settle"
kill -TERM "$cpid"
wait "$cpid" 2>/dev/null
sleep "$settle"
is 'SIGTERM mid-run: no process of the run is left' 0 "$(procs '-i 4326')"
is 'no temporary file is left' '' "$(ls -A "$dir")"
