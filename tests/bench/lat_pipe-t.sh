#!/bin/sh
# lat_pipe: options, errors, plausible round trips in every placement,
# and no child left after SIGTERM or when the child dies.
. "$top_srcdir/tests/tap/libtap.sh"

plan 21
q='-N 3 -T 1ms -o raw'
ncpu=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lat_pipe-t.XXXXXX")
_tap_cleanup_hook() {
	[ -z "${bg:-}" ] || kill -KILL "$bg" 2>/dev/null || :
	rm -rf "$tmp"
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

cli '-h exits 0 with the usage line' 0 '^usage: lat_pipe' lat_pipe -h
cli 'an argument: exit 2' 2 "unexpected argument 'x'" lat_pipe x
cli '-p bogus: exit 2 naming the placements' 2 "-p: value 'bogus' is not a placement; allowed: one, spread, both, unpinned" lat_pipe -p bogus
cli '-P 2: exit 2, one partner only' 2 "-P: value '2' is not supported" lat_pipe -P 2

TMPDIR=$tmp run_prog lat_pipe $q
ok 'prints well-formed raw records' well_formed "$TAP_STDOUT"
v=$(results_of "$TAP_STDOUT" LatPipe/placement=one | median_of)
ok "one CPU: exit 0, above 0 and below 10 ms ($v ns per round trip)" \
	status_and_value "$TAP_STATUS" "$v" 0.001 1e7
like 'the placement is a configuration line' "$TAP_STDOUT" '^placement: one, cpu [0-9]+$'
if [ "$ncpu" -ge 2 ]; then
	v=$(results_of "$TAP_STDOUT" LatPipe/placement=spread | median_of)
	# Under qemu-user a wake-up across CPUs also waits on the emulator.
	ms=10
	[ -z "$TEST_WRAPPER" ] || ms=100
	ok "spread: also measured by default, above 0 and below $ms ms ($v)" num_between 0.001 "$v" "${ms}e6"
	like 'spread names its CPUs' "$TAP_STDOUT" '^placement: spread, cpus [0-9,-]+ round-robin$'
else
	skip 'one CPU: no spread placement'
	skip 'one CPU: no spread placement'
fi
is 'nothing is left in TMPDIR after a run' '' "$(ls -A "$tmp")"
run_prog lat_pipe $q -p unpinned
is '-p unpinned names its results so' 3 \
	"$(results_of "$TAP_STDOUT" LatPipe/placement=unpinned | wc -l | tr -d ' ')"
run_prog lat_pipe $q -c 0 -p spread
is 'spread on a single CPU: exit 77' 77 "$TAP_STATUS"

if [ -r /proc/self/cmdline ]; then
	mark="-N $((50000 + $$ % 50000)) -T 10ms"
	for victim in parent child; do
		# shellcheck disable=SC2086
		TMPDIR=$tmp $TEST_WRAPPER "$(prog lat_pipe)" $mark -o raw -p one >"$tmp.out" 2>"$tmp.err" &
		bg=$!
		# Up to 30 s for both processes (qemu under make -j starts slowly);
		# a program that ended meanwhile is a finding: its output is shown.
		i=0
		while [ "$(procs "$mark")" -lt 2 ] && [ "$i" -lt 60 ] && alive "$bg"; do
			sleep 0.5
			i=$((i + 1))
		done
		n=$(procs "$mark")
		is "$victim test: two processes run" 2 "$n"
		[ "$n" -eq 2 ] ||
			diag "after $i half-seconds; alive: $(alive "$bg" && echo yes || echo no); stdout: $(tail -n 3 "$tmp.out" | tr '\n' '|'); stderr: $(tr '\n' '|' <"$tmp.err")"
		if [ "$victim" = parent ]; then
			kill -TERM "$bg"
			want=143
		else
			kill -KILL "$(pgrep -P "$bg" 2>/dev/null || echo "$bg")"
			want=1
		fi
		st=0
		wait "$bg" 2>/dev/null || st=$?
		bg=
		is "$victim killed: exit $want" "$want" "$st"
		is "$victim killed: no process is left" 0 "$(procs "$mark")"
		is "$victim killed: nothing is left in TMPDIR" '' "$(ls -A "$tmp")"
	done
	like 'child killed: the parent says why' "$(cat "$tmp.err")" 'LatPipe/placement=one: operation failed'
	rm -f "$tmp.err" "$tmp.out"
else
	for i in 1 2 3 4 5 6 7 8 9; do
		skip 'no /proc to look for processes'
	done
fi
