# libnet.sh: helpers shared by the client/server tests (sourced after
# libtap.sh).  Set net_prog (the program) and net_id (its number in the
# protocol header, for the "huge" bad client) first.

# One key for the servers a test starts and their clients (a server
# started with -s reads it as a client does).
HOSTBENCH_KEY=hostbench-test-$$
export HOSTBENCH_KEY

# alive PID: the process exists and is not a zombie.
alive() {
	[ -r "/proc/$1/stat" ] || { kill -0 "$1" 2>/dev/null; return; }
	s=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -c1)
	[ -n "$s" ] && [ "$s" != Z ]
}
# gone PID: not alive within 3 s.
gone() {
	for _i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do
		alive "$1" || return 0
		sleep 0.2
	done
	return 1
}
# procs MARK: how many processes have MARK in their command line.
procs() {
	_n=0
	for _f in /proc/[0-9]*/cmdline; do
		_c=$({ tr '\0' ' ' <"$_f"; } 2>/dev/null) || continue
		case $_c in *"$1"*) _n=$((_n + 1)) ;; esac
	done
	echo "$_n"
}
# has TEXT NAME: TEXT has a result line named Benchmark<NAME>.
has() {
	[ -n "$(results_of "$1" "$2")" ]
}
# server ARGS...: start $net_prog -s, leave its pid and port in $pid, $port.
server() {
	run_prog "$net_prog" -s -n 0 "$@"
	pid=$(printf '%s\n' "$TAP_OUT" | sed -n 's/.*server pid \([0-9]*\) .*/\1/p')
	port=$(printf '%s\n' "$TAP_OUT" | sed -n 's/.* port \([0-9]*\),.*/\1/p')
	servers="$servers $pid"
	remember "$pid"
}
# abuse MODE PORT: a bad TCP client (perl): garbage, huge (a header
# claiming 4 GB), silent (connects, says nothing for 3 s).
abuse() {
	perl -MIO::Socket::INET -e '
		my ($mode, $port, $id) = @ARGV;
		my $s = IO::Socket::INET->new(PeerAddr => "127.0.0.1", PeerPort => $port,
			Proto => "tcp", Timeout => 5) or exit 1;
		if ($mode eq "garbage") { print $s join "", map { chr int rand 256 } 1..4096; sleep 1 }
		elsif ($mode eq "huge") { print $s pack("NnnNN", 0x68624e54, 1, 1, $id, 0xfffffff8); sleep 1 }
		else { sleep 3 }' "$1" "$2" "$net_id"
}
