# libnet.sh: helpers shared by the client/server tests (sourced after
# libtap.sh).  A test of one network program calls
#
#   net_init PROG ID NAME   the program, its number in the protocol header
#                           (for the "huge" bad client) and the result name
#                           of its default run before /placement=
#                           (LatTcp/size=1)
#
# after plan and sets $q, the options of a quick raw run; then the checks
# it shares with the others, each documented with its number of tests.
# Other tests (the fault matrices, libplace.sh) set net_prog and net_id
# themselves and use only the process and bad-client helpers.

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
# udp_garbage PORT [huge]: 50 datagrams of random bytes; with huge, one
# more with a valid header ($net_id) claiming a huge payload.
udp_garbage() {
	perl -MIO::Socket::INET -e '
		my ($port, $huge, $id) = @ARGV;
		my $s = IO::Socket::INET->new(PeerAddr => "127.0.0.1", PeerPort => $port,
			Proto => "udp") or exit 1;
		$s->send(join "", map { chr int rand 256 } 1..(1 + int rand 1400)) for 1..50;
		$s->send(pack("NnnNN", 0x68624e54, 1, 1, $id, 0xfffffff8) . "x" x 16) if $huge;' \
		"$1" "${2:-}" "$net_id"
}

# net_init PROG ID NAME: set net_prog, net_id, net_name, the scratch
# directory $dir (a run's TMPDIR, removed at exit with the servers in
# $servers) and $settle, the time a run gets to get going before it is
# killed (qemu starts slowly).
net_init() {
	net_prog=$1
	net_id=$2
	net_name=$3
	dir=$(mktemp -d "${TMPDIR:-/tmp}/$1-t.XXXXXX") || bail 'mktemp -d failed'
	servers=
	settle=0.5
	[ -z "$TEST_WRAPPER" ] || settle=1.5
	# shellcheck disable=SC2317,SC2086 # (called at exit; $servers splits)
	_tap_cleanup_hook() {
		kill_ours TERM $servers
		rm -rf "$dir"
	}
}

# net_cli_hosts: (7 tests) the usage errors of a program that serves
# (-s, -i) or measures against one host (-n, -p): the ranges of -n and
# -i, a placement's name, -s or -p with a host, two hosts, and an
# unknown host (exit 1, with $q).
net_cli_hosts() {
	cli '-n 70000: exit 2 naming -n' 2 "-n: value '70000' is out of range" "$net_prog" -n 70000
	cli '-i abc: exit 2 naming -i' 2 "^$net_prog: -i: 'abc'" "$net_prog" -i abc
	cli '-p sideways: exit 2 naming -p' 2 "-p: value 'sideways' is not a placement" "$net_prog" -p sideways
	cli '-s with a host: exit 2' 2 'exclude each other' "$net_prog" -s localhost
	cli '-p with a host: exit 2' 2 "^$net_prog: -p: " "$net_prog" -p one localhost
	cli 'two hosts: exit 2' 2 "unexpected argument 'b'" "$net_prog" a b
	# shellcheck disable=SC2086,SC2154 # ($q: the test's options, split)
	cli 'an unknown host: exit 1 naming it' 1 'no\.such\.host\.invalid' "$net_prog" $q no.such.host.invalid
}

# net_self_run: (2 tests) a self-started run with $q exits 0 and prints
# well-formed raw records; its output stays in $TAP_STDOUT.
net_self_run() {
	# shellcheck disable=SC2086,SC2154 # ($q: the test's options, split)
	run_prog "$net_prog" $q
	ok 'a self-started run exits 0' test "$TAP_STATUS" -eq 0
	ok 'it prints well-formed raw records' well_formed "$TAP_STDOUT"
}

# net_median DESC PLACEMENT LO HI [UNIT]: (1 test) the median of the
# results named $net_name/placement=PLACEMENT in $TAP_STDOUT is between LO
# and HI; the description is DESC and the median (with UNIT).
net_median() {
	_v=$(results_of "$TAP_STDOUT" "$net_name/placement=$2" | median_of)
	ok "$1 ($_v${5:+ $5})" num_between "$3" "$_v" "$4"
}

# net_spread DESC LO HI [UNIT]: (1 test) with a spread placement in
# $TAP_STDOUT, net_median of $net_name/placement=spread; else a skip.
net_spread() {
	if printf '%s\n' "$TAP_STDOUT" | grep -q '^placement: spread'; then
		net_median "$1" spread "$2" "$3" ${4:+"$4"}
	else
		skip 'one CPU: no spread placement'
	fi
}

# net_percentiles: (1 test) p50 <= p99 of the single round trips of
# placement one in $TAP_STDOUT.
net_percentiles() {
	_p50=$(figure_of "$TAP_STDOUT" "$net_name/placement=one" p50-ns)
	_p99=$(figure_of "$TAP_STDOUT" "$net_name/placement=one" p99-ns)
	ok "p50 <= p99 of single round trips ($_p50, $_p99 ns)" num_between 1 "$_p50" "$_p99"
}

# net_hist: (1 test) placement one's "# hist:" line in $TAP_STDOUT holds as
# many round trips as its percentiles' line counts, and its exact max is
# at least their p99: the percentiles are that one histogram's.
net_hist() {
	_h=$(printf '%s\n' "$TAP_STDOUT" | awk -v n="Benchmark$net_name/placement=one" '
		$1 == n { for (i = 4; i <= NF; i += 2) if ($i == "p99-ns") { cnt = $2; p99 = $(i - 1) } }
		$1 == "#" && $2 == "hist:" && $3 == n && $4 == "ns/op" && $5 == "loglin-7-44" {
			split($6, a, "="); split($8, b, "="); hn = a[2]; mx = b[2]; lines++ }
		END { if (lines == 1 && cnt > 0 && hn == cnt && mx + 0 >= p99 + 0) print "ok"; else print cnt, hn, mx, p99, lines }')
	is 'one "# hist:" line with every single round trip, its max >= p99' ok "$_h"
}

# net_cpu_own: (3 tests) for placement one in $TAP_STDOUT (bw_tcp,
# bw_udp): each end's own processes' CPU line; its shares are percentages
# and at most the whole machine's (what /proc/stat counted over about the
# same span, give or take its ticks: 15 points); and, on loopback, the
# ends found to be one kernel (where there is a boot id to compare).
net_cpu_own() {
	_n="Benchmark$net_name/placement=one"
	like 'own CPU: %user, %sys and us/KB of our processes, on a line of the result' "$TAP_STDOUT" \
		"^$_n	 +[1-9][0-9]*	 +[0-9.]+ local-own-%user	 +[0-9.]+ local-own-%sys	 +[0-9.]+ local-own-us/KB\$"
	_v=$(printf '%s\n' "$TAP_STDOUT" | awk -v n="$_n" -v proc="$(test -r /proc/stat && echo 1)" '
		function pct(x) { return x >= 0 && x <= 100 }
		$1 == n && ($4 == "local-%user" || $4 == "remote-%user") {
			e = $4; sub(/-%user$/, "", e); all[e] = $3 + $5 + $7 + $9 }
		$1 == n && ($4 == "local-own-%user" || $4 == "remote-own-%user") {
			e = $4; sub(/-own-%user$/, "", e)
			if (!pct($3) || !pct($5)) bad = bad " " e "-own: not a percentage"
			own[e] = $3 + $5; k++ }
		END { for (e in own) if (proc && !(e in all)) bad = bad " " e ": no system-wide line"
			else if (proc && own[e] > all[e] + 15) bad = bad " " e ": own " own[e] " > all " all[e]
			print (k == 2 && bad == "") ? "ok" : "bad:" bad " (" k " own lines)" }')
	is 'own CPU: percentages, at most the whole machine'"'"'s (+15 points of ticks)' ok "$_v"
	if [ -r /proc/sys/kernel/random/boot_id ]; then
		like 'loopback: the ends are found to be one kernel' "$TAP_STDOUT" \
			'^cpu-ends: one kernel \(loopback or namespaces\): local and remote CPU are the same counters$'
	else
		like 'no boot id here: the ends are not known to be one kernel' "$TAP_STDOUT" '^cpu-ends: unknown'
	fi
}

# net_ipv6: (1 test) a run over ::1 exits 0 with results, or a skip where
# there is no IPv6 loopback.
net_ipv6() {
	# shellcheck disable=SC2086
	run_prog "$net_prog" $q -p one -6
	if [ "$TAP_STATUS" -ne 0 ] && printf '%s\n' "$TAP_OUT" | grep -Eq 'not (supported|available)|annot assign'; then
		skip 'no IPv6 loopback here'
	else
		ok '-6: a run over ::1 exits 0 with results' has "$TAP_STDOUT" "$net_name/placement=one"
	fi
}

# net_start [ARGS...]: (1 test) start a server with -i 30 and ARGS in the
# background ($pid, $port); it is alive.
# shellcheck disable=SC2120 # (most tests start it without ARGS)
net_start() {
	server -i 30 "$@"
	ok "-s${*:+ $*}: a server starts in the background" alive "$pid"
}

# net_unpinned: (1 test) a client of the server on $port, a separate
# process on this host, names its results placement=unpinned.
net_unpinned() {
	# shellcheck disable=SC2086
	run_prog "$net_prog" $q -n "$port" 127.0.0.1
	ok 'a client of a separate server on this host: placement=unpinned' \
		has "$TAP_STDOUT" "$net_name/placement=unpinned"
}

# net_frozen ARGS...: (2 tests) a machine paused for longer than -i (a
# VM host's hiccup; here the server alone, stopped once it waits in its
# loop) is not idle time.  The server waits a second at most and does
# not count what a wait overslept, so it thaws with at most $settle + 1 s
# of its 5 s used (else it exits there and then) and serves a client of
# $net_prog ARGS... -n PORT 127.0.0.1.
net_frozen() {
	server -i 5
	sleep "$settle"
	kill -STOP "$pid"
	sleep 6
	kill -CONT "$pid"
	sleep 0.5
	ok 'stopped for 6 s with -i 5: still running when it thaws' alive "$pid"
	run_prog "$net_prog" "$@" -n "$port" 127.0.0.1
	ok '... and serves a client' test "$TAP_STATUS" -eq 0
}

# net_bad_clients DESC [CMD...]: (1 test) after TCP garbage and a huge
# header (and CMD PORT, another bad client), beside a silent client, the
# server on $port serves a run; DESC says so.  A skip without perl.
net_bad_clients() {
	_d=$1
	shift
	if ! command -v perl >/dev/null 2>&1; then
		skip 'no perl for the bad clients'
		return 0
	fi
	abuse garbage "$port"; abuse huge "$port"
	[ $# -eq 0 ] || "$@" "$port"
	abuse silent "$port" &
	_silent=$!
	sleep 0.3
	# shellcheck disable=SC2086
	run_prog "$net_prog" $q -n "$port" 127.0.0.1
	ok "$_d" test "$TAP_STATUS" -eq 0
	kill "$_silent" 2>/dev/null
	wait
}

# net_vanish ARGS...: (2 tests) a client run with ARGS (long enough to be
# mid-run) killed with SIGKILL: the server on $port still serves a run
# and is still running.
net_vanish() {
	$TEST_WRAPPER "$(prog "$net_prog")" "$@" -n "$port" 127.0.0.1 >/dev/null 2>&1 &
	_cpid=$!
	sleep "$settle"
	kill -9 "$_cpid" 2>/dev/null
	wait "$_cpid" 2>/dev/null
	# shellcheck disable=SC2086
	run_prog "$net_prog" $q -n "$port" 127.0.0.1
	ok 'after a client vanished mid-run: served' test "$TAP_STATUS" -eq 0
	ok 'the server is still running' alive "$pid"
}

# net_port: (2 tests) -n with no host: the server the program starts
# itself listens on that port (so that a firewall can let the run
# through).  While a server of the program's (-s) holds the port, the run
# exits 1 naming the port and -n; once that one is stopped, the run's
# "# server:" line names the port.  Starts and stops a server of its own
# ($pid, $port).
net_port() {
	server -i 30
	# shellcheck disable=SC2086,SC2154 # ($q: the test's options, split)
	cli "-n $port with no host, the port held by a server: exit 1 naming it and -n" 1 \
		"^$net_prog: cannot listen on 127\\.0\\.0\\.1 port $port \\(-n\\): " \
		"$net_prog" $q -p one -n "$port"
	run_prog "$net_prog" -n "$port" -S 127.0.0.1
	gone "$pid" || :
	# shellcheck disable=SC2086
	cli "-n $port with no host, once free: the server the run starts listens there" 0 \
		"^# server: 127\\.0\\.0\\.1 port $port, started by the benchmark\$" \
		"$net_prog" $q -p one -n "$port"
}

# net_stop: (4 tests) -S stops the server on $port, which is then gone,
# and fails with no server; a server started with -i 1 exits by itself.
net_stop() {
	cli '-S stops it' 0 '' "$net_prog" -n "$port" -S 127.0.0.1
	ok 'the server is gone after -S' gone "$pid"
	cli '-S with no server: exit 1' 1 'cannot stop the server' "$net_prog" -n "$port" -S 127.0.0.1
	server -i 1
	ok '-i 1: the server exits after 1 s without a client' gone "$pid"
}

# net_signals ARGS...: (3 tests) a self-started run with ARGS killed
# mid-run with SIGTERM, then with SIGKILL, leaves no process (no server
# child) behind (looked for during 5 s and more); and no file is left in
# $dir.  The run's
# processes are told by their TMPDIR, $dir: no other run of the program
# on the machine (make -j, other checkouts) has it.
net_signals() {
	for _sig in TERM KILL; do
		TMPDIR=$dir $TEST_WRAPPER "$(prog "$net_prog")" "$@" >/dev/null 2>&1 &
		_cpid=$!
		sleep "$settle"
		kill -"$_sig" "$_cpid"
		wait "$_cpid" 2>/dev/null
		_i=0
		while _left=$(pids_with_env "TMPDIR=$dir" | wc -l | tr -d ' ') &&
			[ "$_left" -ne 0 ] && [ "$_i" -lt 25 ]; do
			sleep 0.2
			_i=$((_i + 1))
		done
		is "SIG$_sig mid-run: no process of the run is left" 0 "$_left"
	done
	is 'no temporary file is left' '' "$(ls -A "$dir")"
}
