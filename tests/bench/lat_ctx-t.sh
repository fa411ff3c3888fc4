#!/bin/sh
# lat_ctx: options, errors, plausible values for lmbench's sizes and
# process counts, both placements on 2+ CPUs, and no ring process left
# after SIGTERM or when one of them dies.
. "$top_srcdir/tests/tap/libtap.sh"

plan 27
q='-N 3 -T 1ms -o raw'
ncpu=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
_tap_cleanup_hook() { [ -z "${bg:-}" ] || kill -KILL "$bg" 2>/dev/null || :; }

# status_and_value STATUS VALUE LO HI: exit 0, and LO <= VALUE <= HI.
status_and_value() {
	[ "$1" -eq 0 ] && num_between "$3" "$2" "$4"
}

cli '-h exits 0 with the usage line' 0 '^usage: lat_ctx' lat_ctx -h
cli '-h describes -s and -p' 0 '-p where' lat_ctx -h
cli 'no process count: exit 2' 2 'missing argument' lat_ctx
cli 'N 1: exit 2 with the range' 2 "N: value '1' is out of range; allowed: 2 \.\. 256" lat_ctx 1
cli 'N 257: exit 2 with the range' 2 "N: value '257' is out of range" lat_ctx 2 257
cli 'N abc: exit 2 naming it' 2 "N: 'abc' is not a whole number" lat_ctx abc
cli '-s abc: exit 2 naming -s' 2 "-s: 'abc'" lat_ctx -s abc 2
cli '-s 2g: exit 2 with the range' 2 "-s: value '2g' is out of range" lat_ctx -s 2g 2
cli '-s 3b: exit 2, not whole words' 2 "-s: value '3b' is not a whole number of words" lat_ctx -s 3b 2
cli '-p bogus: exit 2 naming the placements' 2 "-p: value 'bogus' is not a placement; allowed: one, spread" lat_ctx -p bogus 2
cli '-P 2: exit 2, a ring has no parallel copies' 2 "-P: value '2' is not supported" lat_ctx -P 2 2

# lmbench's 2p/0K, with the default placements.
run_prog lat_ctx $q 2
ok '2 processes, 0K: well-formed raw records' well_formed "$TAP_STDOUT"
one=$(results_of "$TAP_STDOUT" LatCtx/size=0K/procs=2/placement=one | median_of)
ok "2p/0K on one CPU: exit 0, >= 0 and below 1 s ($one ns)" \
	status_and_value "$TAP_STATUS" "$one" 0 1e9
like 'the placement is a configuration line' "$TAP_STDOUT" '^placement: one, cpu [0-9]+$'
like 'the overhead subtracted is a configuration line' "$TAP_STDOUT" '^overhead: [0-9.]+ ns/op subtracted$'
if [ "$ncpu" -ge 2 ]; then
	spread=$(results_of "$TAP_STDOUT" LatCtx/size=0K/procs=2/placement=spread | median_of)
	ok "2p/0K spread: also measured, >= 0 and below 1 s ($spread ns)" num_between 0 "$spread" 1e9
	like 'spread names its CPUs' "$TAP_STDOUT" '^placement: spread, cpus .* round-robin$'
else
	skip 'one CPU: no spread placement'
	skip 'one CPU: no spread placement'
fi

# lmbench's summary columns: 16K and 64K with 2, 8 and 16 processes.
for s in 16 64; do
	run_prog lat_ctx -N 1 -T 1ms -o raw -p one -s $s 2 8 16
	n=0
	for p in 2 8 16; do
		v=$(results_of "$TAP_STDOUT" LatCtx/size=${s}K/procs=$p/placement=one)
		num_between 0 "$v" 1e9 && n=$((n + 1))
	done
	is "-s $s 2 8 16: three results, each >= 0 and below 1 s" 3 "$n"
done
run_prog lat_ctx $q -p unpinned 2
is '-p unpinned names its results so' 3 \
	"$(results_of "$TAP_STDOUT" LatCtx/size=0K/procs=2/placement=unpinned | wc -l | tr -d ' ')"
run_prog lat_ctx $q -c 0 -p spread 2
if [ "$TAP_STATUS" -eq 77 ]; then
	like 'spread on a single CPU: exit 77 with the reason' "$TAP_OUT" 'needs two CPUs|cannot pin'
else
	is 'spread on a single CPU: exit 77' 77 "$TAP_STATUS"
fi

# procs MARK: how many live processes have MARK on their command line
# (the ring's processes are forks: they share the parent's).
procs() {
	_n=0
	for _f in /proc/[0-9]*/cmdline; do
		if { tr '\0' ' ' <"$_f"; } 2>/dev/null | grep -qF -- "$1"; then
			_n=$((_n + 1))
		fi
	done
	printf '%s\n' "$_n"
}

# start_ring K ERRFILE: a long run of 4 processes, marked by its warm-up
# time (a warm-up lasts that long whatever the calibration chose; -N
# samples may not, if a noisy calibration picked a small count).
start_ring() {
	mark="-W $((100 + $$ % 3000 + $1))s"
	# shellcheck disable=SC2086
	$TEST_WRAPPER "$(prog lat_ctx)" $mark -o raw -p one 4 >/dev/null 2>"$2" &
	bg=$!
	_i=0
	while [ "$(procs "$mark")" -lt 5 ] && [ "$_i" -lt 10 ]; do
		sleep 1
		_i=$((_i + 1))
	done
}

if [ -r /proc/self/cmdline ]; then
	err=$(mktemp "${TMPDIR:-/tmp}/lat_ctx-t.XXXXXX")
	start_ring 0 "$err"
	is 'a ring of 4 is 5 processes' 5 "$(procs "$mark")" || diag "$(cat "$err")"
	kill -TERM "$bg"
	st=0
	wait "$bg" || st=$?
	bg=
	is 'SIGTERM ends the run by the signal' 143 "$st"
	is 'no ring process is left after SIGTERM' 0 "$(procs "$mark")"

	start_ring 1 "$err"
	victim=$(pgrep -P "$bg" 2>/dev/null | head -n 1)
	if [ -n "$victim" ]; then
		kill -KILL "$victim"
		st=0
		wait "$bg" || st=$?
		bg=
		is 'a ring process killed: exit 1' 1 "$st"
		like 'a ring process killed: the parent says so' "$(cat "$err")" 'a ring process died'
		is 'no ring process is left after one died' 0 "$(procs "$mark")"
	else
		kill -KILL "$bg"
		bg=
		skip 'no pgrep to find a ring process'
		skip 'no pgrep to find a ring process'
		skip 'no pgrep to find a ring process'
	fi
	rm -f "$err"
else
	for t in 1 2 3 4 5 6; do
		skip 'no /proc to look for processes'
	done
fi
