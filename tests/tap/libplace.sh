# libplace.sh: the tests shared by the benchmarks on lib/place/place_main
# (lat_pipe, lat_fifo, lat_unix, lat_unix_connect, lat_sem, lat_fcntl,
# bw_pipe, bw_unix, lat_ctx); sourced after libtap.sh.  A test calls
#
#   place_init PROG NAME    the program and the result name of its default
#                           run before /placement= (BwPipe/msg=64K)
#
# then, after plan, the checks it shares, each taking the program's
# positional arguments (lat_ctx's N) last where it runs the program.
# Every run gets the test's own TMPDIR, which also tells the test's
# processes from any other run of the program on the machine.

# alive and gone come from the client-server tests' helpers.
. "$top_srcdir/tests/tap/libnet.sh"

# place_init PROG NAME: set place_prog, place_name, the quick options $q,
# $ncpu and the scratch directory $tmp (removed at exit, with any
# background run $bg).
place_init() {
	place_prog=$1
	place_name=$2
	q='-N 3 -T 1ms -o raw'
	ncpu=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/$1-t.XXXXXX")
	bg=
}

_tap_cleanup_hook() {
	[ -z "${bg:-}" ] || kill -KILL "$bg" 2>/dev/null || :
	[ -z "${tmp:-}" ] || rm -rf "$tmp" "$tmp.out" "$tmp.err"
}

# status_and_value STATUS VALUE LO HI: exit 0, and LO <= VALUE <= HI.
status_and_value() {
	[ "$1" -eq 0 ] && num_between "$3" "$2" "$4"
}

# place_procs: how many processes run with this test's TMPDIR (the
# program, and its partners: forks share its environment).
place_procs() {
	pids_with_env "TMPDIR=$tmp" | wc -l | tr -d ' '
}

# place_skip_rest REASON: skip every planned test not run yet, and end.
place_skip_rest() {
	while [ "$_tap_n" -lt "$_tap_planned" ]; do
		skip "$1"
	done
	exit 0
}

# place_cli [ARGS...]: 3 tests.  -h, and -p and -P refused with exit 2.
place_cli() {
	cli '-h exits 0 with the usage line' 0 "^usage: $place_prog" "$place_prog" -h
	cli '-p bogus: exit 2 naming the placements' 2 \
		"-p: value 'bogus' is not a placement; allowed: one, spread, both, unpinned" \
		"$place_prog" -p bogus "$@"
	cli '-P 2: exit 2, no parallel copies' 2 \
		"-P: value '2' is out of range for $place_prog; allowed: 1 \\((copies would share|each copy would need)" \
		"$place_prog" -P 2 "$@"
}

# place_run [ARGS...]: run with $q in the default placements; the output
# stays in $TAP_STDOUT, the status in $TAP_STATUS.  No test.
place_run() {
	# shellcheck disable=SC2086 # $q is a list of options
	TMPDIR=$tmp run_prog "$place_prog" $q "$@"
}

# place_values LO HI UNIT [SLOWER]: 6 tests on place_run's output:
# well-formed, LO <= median <= HI (in UNIT) on one CPU and, with 2+
# CPUs, spread (HI x SLOWER under an emulator: a wake-up across CPUs
# also waits on it), both placements named in configuration lines, and
# nothing left in TMPDIR.
# (HI is what no machine, however busy, reaches without a hang: a second
# for a round trip; a loaded 2-CPU VM has stretched pipe round trips
# across CPUs past 10 ms.)
place_values() {
	_lo=$1 _hi=$2 _unit=$3 _shi=$2
	[ -z "$TEST_WRAPPER" ] || _shi=$(awk -v h="$2" -v f="${4:-1}" 'BEGIN { print h * f }')
	ok 'prints well-formed raw records' well_formed "$TAP_STDOUT"
	_v=$(results_of "$TAP_STDOUT" "$place_name/placement=one" | median_of)
	ok "one CPU: exit 0, $_lo to $_hi $_unit ($_v)" status_and_value "$TAP_STATUS" "$_v" "$_lo" "$_hi"
	like 'the placement is a configuration line' "$TAP_STDOUT" '^placement: one, cpu [0-9]+$'
	if [ "$ncpu" -ge 2 ]; then
		_v=$(results_of "$TAP_STDOUT" "$place_name/placement=spread" | median_of)
		ok "spread: also measured by default, $_lo to $_shi $_unit ($_v)" num_between "$_lo" "$_v" "$_shi"
		like 'spread names its CPUs' "$TAP_STDOUT" '^placement: spread, cpus [0-9,-]+ round-robin$'
	else
		skip 'one CPU: no spread placement'
		skip 'one CPU: no spread placement'
	fi
	is 'nothing is left in TMPDIR after a run' '' "$(ls -A "$tmp")"
}

# place_unpinned [ARGS...]: 2 tests.  -p unpinned runs only that, named
# so; -p spread on a single CPU exits 77 with the reason.
place_unpinned() {
	# shellcheck disable=SC2086
	TMPDIR=$tmp run_prog "$place_prog" $q -p unpinned "$@"
	is '-p unpinned names its results so' 3 \
		"$(results_of "$TAP_STDOUT" "$place_name/placement=unpinned" | wc -l | tr -d ' ')"
	# shellcheck disable=SC2086
	TMPDIR=$tmp run_prog "$place_prog" $q -c 0 -p spread "$@"
	if [ "$TAP_STATUS" -eq 77 ]; then
		like 'spread on a single CPU: exit 77 with the reason' "$TAP_OUT" 'needs two CPUs|cannot pin'
	else
		is 'spread on a single CPU: exit 77' 77 "$TAP_STATUS"
	fi
}

# place_kill NPROCS WHY [ARGS...]: 9 tests (skipped without /proc).  A
# long run (-p one) of NPROCS processes is killed twice: SIGTERM to the
# parent (exit 143), SIGKILL to a partner (exit 1, stderr matching the
# extended regex WHY); neither leaves a process or a file in TMPDIR.  A
# test may define place_left VICTIM to check more after each.
place_kill() {
	_np=$1 _why=$2
	shift 2
	if [ ! -r /proc/self/environ ]; then
		for _k in 1 2 3 4 5 6 7 8 9; do
			skip 'no /proc to look for processes'
		done
		return 0
	fi
	for victim in parent child; do
		# A warm-up lasts as long as it says; -N samples last what a
		# calibration fooled by a loaded machine chose, maybe not long.
		TMPDIR=$tmp $TEST_WRAPPER "$(prog "$place_prog")" -W 3000s -o raw -p one "$@" \
			>"$tmp.out" 2>"$tmp.err" </dev/null &
		bg=$!
		# Up to 30 s for every process (qemu under make -j starts
		# slowly); a program that ended meanwhile is a finding.
		_i=0
		while [ "$(place_procs)" -lt "$_np" ] && [ "$_i" -lt 60 ] && alive "$bg"; do
			sleep 0.5
			_i=$((_i + 1))
		done
		_n=$(place_procs)
		is "$victim test: $_np processes run" "$_np" "$_n" ||
			diag "after $_i half-seconds; alive: $(alive "$bg" && echo yes || echo no); stdout: $(tail -n 3 "$tmp.out" | tr '\n' '|'); stderr: $(tr '\n' '|' <"$tmp.err")"
		if [ "$victim" = parent ]; then
			kill -TERM "$bg"
			_want=143
		else
			_k=$(children_of "$bg" | head -n 1)
			kill -KILL "${_k:-$bg}"
			_want=1
		fi
		_st=0
		wait "$bg" 2>/dev/null || _st=$?
		bg=
		is "$victim killed: exit $_want" "$_want" "$_st"
		is "$victim killed: no process is left" 0 "$(place_procs)"
		is "$victim killed: nothing is left in TMPDIR" '' "$(ls -A "$tmp")"
		! command -v place_left >/dev/null 2>&1 || place_left "$victim"
	done
	like 'child killed: the parent says why' "$(cat "$tmp.err")" "$_why"
	rm -f "$tmp.out" "$tmp.err"
}

# place_m1 NAME [ARGS...]: 2 tests for bw_pipe and bw_unix.  -m 1: an
# iteration is at most 160 messages, so a sample follows -T whatever the
# message size (it was 10M one-byte messages, over 40 s each).  A bound,
# not a speed: generous, more so under an emulator, and enforced with
# timeout(1) where there is one.
place_m1() {
	_name=$1
	shift
	_bound=15
	[ -z "${TEST_WRAPPER:-}" ] || _bound=40
	_dog=
	! command -v timeout >/dev/null 2>&1 || _dog="timeout $((_bound + 5))"
	_t0=$(date +%s)
	_st=0
	# shellcheck disable=SC2086
	TMPDIR=$tmp $_dog $TEST_WRAPPER "$(prog "$place_prog")" -N 3 -T 1ms -o raw -p one -m 1 "$@" \
		>"$tmp.out" 2>&1 </dev/null || _st=$?
	_t=$(($(date +%s) - _t0))
	ok "-m 1 -N 3 -T 1ms: exit 0 within ${_bound}s (exit $_st, ${_t}s)" \
		test "$_st" -eq 0 -a "$_t" -le "$_bound"
	is '... and prints 3 samples' 3 \
		"$(results_of "$(cat "$tmp.out")" "$_name/placement=one" | wc -l | tr -d ' ')"
	rm -f "$tmp.out"
}
