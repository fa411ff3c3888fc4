#!/bin/sh
# lat_fcntl: options, errors, plausible round trips in both placements,
# and neither the child nor the temporary file left after a run, SIGTERM
# or the child's death.
. "$top_srcdir/tests/tap/libtap.sh"

plan 18
q='-N 3 -T 1ms -o raw'
ncpu=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
dir=$(mktemp -d "${TMPDIR:-/tmp}/lat_fcntl-t.XXXXXX")
_tap_cleanup_hook() {
	[ -z "${bg:-}" ] || kill -KILL "$bg" 2>/dev/null || :
	rm -rf "$dir"
}

# status_and_value STATUS VALUE LO HI: exit 0, and LO <= VALUE <= HI.
status_and_value() {
	[ "$1" -eq 0 ] && num_between "$3" "$2" "$4"
}

# procs MARK: live processes with MARK on their command line (the child
# is a fork: it shares the parent's).
procs() {
	_n=0
	for _f in /proc/[0-9]*/cmdline; do
		if { tr '\0' ' ' <"$_f"; } 2>/dev/null | grep -qF -- "$1"; then
			_n=$((_n + 1))
		fi
	done
	printf '%s\n' "$_n"
}

# start MARK: a long run in the background, waiting for its child.
start() {
	# shellcheck disable=SC2086
	TMPDIR=$dir $TEST_WRAPPER "$(prog lat_fcntl)" $1 -o raw -p one >/dev/null 2>"$dir.err" &
	bg=$!
	_i=0
	while [ "$(procs "$1")" -lt 2 ] && [ "$_i" -lt 10 ]; do
		sleep 1
		_i=$((_i + 1))
	done
}

cli '-h exits 0 with the usage line' 0 '^usage: lat_fcntl' lat_fcntl -h
cli 'an argument: exit 2' 2 "unexpected argument 'x'" lat_fcntl x
cli '-p bogus: exit 2 naming the placements' 2 "-p: value 'bogus' is not a placement; allowed: one, spread" lat_fcntl -p bogus
cli '-P 2: exit 2, one partner only' 2 "-P: value '2' is not supported" lat_fcntl -P 2

TMPDIR=$dir run_prog lat_fcntl $q
ok 'prints well-formed raw records' well_formed "$TAP_STDOUT"
v=$(results_of "$TAP_STDOUT" LatFcntl/placement=one | median_of)
ok "one CPU: exit 0, above 0 and below 1 s ($v ns per round trip)" \
	status_and_value "$TAP_STATUS" "$v" 0.001 1e9
like 'the placement is a configuration line' "$TAP_STDOUT" '^placement: one, cpu [0-9]+$'
if [ "$ncpu" -ge 2 ]; then
	v=$(results_of "$TAP_STDOUT" LatFcntl/placement=spread | median_of)
	ok "spread: also measured, above 0 and below 1 s ($v ns)" num_between 0.001 "$v" 1e9
else
	skip 'one CPU: no spread placement'
fi
is 'no temporary file is left after a run' '' "$(ls -A "$dir")"
run_prog lat_fcntl $q -p unpinned
is '-p unpinned names its results so' 3 \
	"$(results_of "$TAP_STDOUT" LatFcntl/placement=unpinned | wc -l | tr -d ' ')"
run_prog lat_fcntl $q -c 0 -p spread
is 'spread on a single CPU: exit 77' 77 "$TAP_STATUS"

if [ -r /proc/self/cmdline ]; then
	mark="-W $((100 + $$ % 3000))s"
	for victim in parent child; do
		start "$mark"
		is "$victim test: two processes run" 2 "$(procs "$mark")"
		if [ "$victim" = parent ]; then
			kill -TERM "$bg"
			want=143
		else
			kill -KILL "$(pgrep -P "$bg" 2>/dev/null || echo "$bg")"
			want=1
		fi
		st=0
		wait "$bg" || st=$?
		bg=
		is "$victim killed: exit $want" "$want" "$st"
		is "$victim killed: no process and no temporary file is left" "0:" "$(procs "$mark"):$(ls -A "$dir")"
	done
	like 'child killed: the parent says so' "$(cat "$dir.err")" 'the partner process died'
	rm -f "$dir.err"
else
	for i in 1 2 3 4 5 6 7; do
		skip 'no /proc to look for processes'
	done
fi
