#!/bin/sh
# lat_rpc: options; where libtirpc was found, a self-started loopback run
# over TCP and UDP (and with more parallel copies than the server takes
# unproven connections from one host at once), and a server that serves
# clients with its key (libnet.sh's $HOSTBENCH_KEY) after garbage and
# beside a silent client, stops on -S with the key and exits when idle;
# elsewhere, exit 77 with the reason.  The bad clients of the key and of
# the server's bounds are tests/faults/rpc-attack-t.sh's.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libnet.sh"

plan 26
q='-N 3 -T 1ms -o raw'
net_init lat_rpc 6 LatRpc

# rpc_abuse PORT: random bytes over TCP and UDP, a TCP record marker claiming
# 2 GB, and a client that connects and says nothing for 3 s.
rpc_abuse() {
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
cli '-P 65: exit 2 (a server takes 64 copies, the benchmark'"'"'s own connection and a STOP)' 2 \
	"-P: value '65' is out of range for lat_rpc; allowed: 1 .. 64" lat_rpc -P 65

run_prog lat_rpc $q
if [ "$TAP_STATUS" -eq 77 ]; then
	like 'without libtirpc: exit 77 with the reason' "$TAP_OUT" 'Sun RPC not available \(libtirpc not found at build time\)'
	n=0
	while [ "$n" -lt 20 ]; do skip 'built without libtirpc'; n=$((n + 1)); done
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

# 16 copies start together: more than the 8 unproven connections the server takes from a host.
run_prog lat_rpc -N 2 -T 1ms -o raw -P 16 -p one
is '-P 16: every copy proves the key (exit 0)' 0 "$TAP_STATUS"
is '... and both protocols report' 'BenchmarkLatRpc/proto=tcp/placement=one-16 BenchmarkLatRpc/proto=udp/placement=one-16' \
	"$(printf '%s\n' "$TAP_STDOUT" | awk '/^Benchmark/ { print $1 }' | sort -u | tr '\n' ' ' | sed 's/ $//')"

net_start
if command -v perl >/dev/null 2>&1; then
	rpc_abuse "$port"
	run_prog lat_rpc $q -n "$port" 127.0.0.1
	ok 'after garbage, a huge record and beside a silent client: a client with the key measures over TCP' \
		has "$TAP_STDOUT" LatRpc/proto=tcp/placement=unpinned
	ok '... and over UDP (its port registered by its proven TCP connection)' \
		has "$TAP_STDOUT" LatRpc/proto=udp/placement=unpinned
	wait
else
	skip 'no perl for the bad clients'
	skip 'no perl for the bad clients'
fi
ok 'the server is still running' alive "$pid"
cli '-S stops it' 0 '' lat_rpc -n "$port" -S 127.0.0.1
ok 'the server is gone after -S' gone "$pid"

server -i 1
ok '-i 1: the server exits after 1 s without a client' gone "$pid"

# A server stopped for longer than -i still serves (libnet.sh).
# shellcheck disable=SC2086
net_frozen $q

net_port
net_signals -N 1000 -T 100ms -i 4326
