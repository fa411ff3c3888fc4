#!/bin/sh
# lat_sem: options, errors, plausible round trips in both placements, and
# neither the child nor the semaphore set left after SIGTERM or when the
# child dies.  Where System V semaphores do not work (some qemu-user
# builds) the program exits 77 and the runs are skipped with its reason.
. "$top_srcdir/tests/tap/libtap.sh"

plan 20
q='-N 3 -T 1ms -o raw'
ncpu=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
_tap_cleanup_hook() { [ -z "${bg:-}" ] || kill -KILL "$bg" 2>/dev/null || :; }

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

# sets: System V semaphore sets on the system ("-" without ipcs).
sets() {
	if command -v ipcs >/dev/null 2>&1; then
		ipcs -s 2>/dev/null | grep -c '^0x' || :
	else
		printf '%s\n' -
	fi
}

before=$(sets)
cli '-h exits 0 with the usage line' 0 '^usage: lat_sem' lat_sem -h
cli 'an argument: exit 2' 2 "unexpected argument 'x'" lat_sem x
cli '-p bogus: exit 2 naming the placements' 2 "-p: value 'bogus' is not a placement; allowed: one, spread" lat_sem -p bogus
cli '-P 2: exit 2, one partner only' 2 "-P: value '2' is not supported" lat_sem -P 2

run_prog lat_sem $q
if [ "$TAP_STATUS" -eq 77 ]; then
	reason=$(printf '%s\n' "$TAP_OUT" | head -n 1)
	for i in 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		skip "$reason"
	done
	exit 0
fi
ok 'prints well-formed raw records' well_formed "$TAP_STDOUT"
v=$(results_of "$TAP_STDOUT" LatSem/placement=one | median_of)
ok "one CPU: exit 0, above 0 and below 1 s ($v ns per round trip)" \
	status_and_value "$TAP_STATUS" "$v" 0.001 1e9
like 'the placement is a configuration line' "$TAP_STDOUT" '^placement: one, cpu [0-9]+$'
if [ "$ncpu" -ge 2 ]; then
	v=$(results_of "$TAP_STDOUT" LatSem/placement=spread | median_of)
	ok "spread: also measured, above 0 and below 1 s ($v ns)" num_between 0.001 "$v" 1e9
else
	skip 'one CPU: no spread placement'
fi
run_prog lat_sem $q -p unpinned
is '-p unpinned names its results so' 3 \
	"$(results_of "$TAP_STDOUT" LatSem/placement=unpinned | wc -l | tr -d ' ')"
run_prog lat_sem $q -c 0 -p spread
is 'spread on a single CPU: exit 77' 77 "$TAP_STATUS"
is 'no semaphore set is left after the runs' "$before" "$(sets)"

if [ -r /proc/self/cmdline ]; then
	mark="-W $((100 + $$ % 3000))s"
	for victim in parent child; do
		# shellcheck disable=SC2086
		$TEST_WRAPPER "$(prog lat_sem)" $mark -o raw -p one >/dev/null 2>"${TMPDIR:-/tmp}/lat_sem-t.$$" &
		bg=$!
		i=0
		while [ "$(procs "$mark")" -lt 2 ] && [ "$i" -lt 10 ]; do
			sleep 1
			i=$((i + 1))
		done
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
		is "$victim killed: no process is left" 0 "$(procs "$mark")"
		is "$victim killed: no semaphore set is left" "$before" "$(sets)"
	done
	like 'child killed: the parent says so' "$(cat "${TMPDIR:-/tmp}/lat_sem-t.$$")" 'the partner process died'
	rm -f "${TMPDIR:-/tmp}/lat_sem-t.$$"
else
	for i in 1 2 3 4 5 6 7 8 9; do
		skip 'no /proc to look for processes'
	done
fi
