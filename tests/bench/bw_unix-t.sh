#!/bin/sh
# bw_unix: options, errors, plausible bandwidths in every placement, exact
# byte counts, and no child left after SIGTERM or when the child dies.
. "$top_srcdir/tests/tap/libtap.sh"

plan 28
q='-N 3 -T 1ms -M 256K -o raw'
ncpu=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bw_unix-t.XXXXXX")
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

cli '-h exits 0 with the usage line' 0 '^usage: bw_unix' bw_unix -h
cli 'a second argument: exit 2' 2 "unexpected argument 'x'" bw_unix 1m x
cli '-p bogus: exit 2 naming the placements' 2 "-p: value 'bogus' is not a placement; allowed: one, spread, both, unpinned" bw_unix -p bogus
cli '-P 2: exit 2, one partner only' 2 "-P: value '2' is not supported" bw_unix -P 2
cli '-m 0: exit 2 with the range' 2 "-m: value '0' is out of range; allowed: 1 \.\. 64m" bw_unix -m 0
cli 'a bad TOTAL: exit 2 naming it' 2 "TOTAL: '5x'" bw_unix 5x

TMPDIR=$tmp run_prog bw_unix $q
ok 'prints well-formed raw records' well_formed "$TAP_STDOUT"
v=$(results_of "$TAP_STDOUT" BwUnix/msg=64K/placement=one | median_of)
ok "one CPU: exit 0, above 10 MB/s ($v MB/s)" \
	status_and_value "$TAP_STATUS" "$v" 10 1e9
like 'the placement is a configuration line' "$TAP_STDOUT" '^placement: one, cpu [0-9]+$'
if [ "$ncpu" -ge 2 ]; then
	v=$(results_of "$TAP_STDOUT" BwUnix/msg=64K/placement=spread | median_of)
	ok "spread: also measured by default, above 10 MB/s ($v)" num_between 10 "$v" 1e9
	like 'spread names its CPUs' "$TAP_STDOUT" '^placement: spread, cpus [0-9,-]+ round-robin$'
else
	skip 'one CPU: no spread placement'
	skip 'one CPU: no spread placement'
fi
is 'nothing is left in TMPDIR after a run' '' "$(ls -A "$tmp")"
run_prog bw_unix $q -p unpinned
is '-p unpinned names its results so' 3 \
	"$(results_of "$TAP_STDOUT" BwUnix/msg=64K/placement=unpinned | wc -l | tr -d ' ')"
run_prog bw_unix $q -c 0 -p spread
is 'spread on a single CPU: exit 77' 77 "$TAP_STATUS"
# 100K is not a multiple of 64K: exactly 100K moves per op, the reader
# checks the writer's count, and the rate is plausible.
run_prog bw_unix -N 3 -T 1ms -o raw -p one -m 64K -M 100K
like '-M 100K: 102400 bytes per op, not rounded' "$TAP_STDOUT" '^bytes-per-op: 102400$'
v=$(results_of "$TAP_STDOUT" BwUnix/msg=64K/placement=one | median_of)
ok "-M 100K: the writer's and the reader's counts agree, above 10 MB/s ($v)" \
	status_and_value "$TAP_STATUS" "$v" 10 1e9
run_prog bw_unix -N 3 -T 1ms -o raw -p one 300K
like "lmbench's positional TOTAL sets the bytes per op" "$TAP_STDOUT" '^bytes-per-op: 307200$'

# -m 1: an iteration is at most 160 messages, so a sample follows -T
# whatever the message size (it was 10M one-byte messages, over 40 s
# each).  A bound, not a speed: generous, more so under an emulator, and
# enforced with timeout(1) where there is one.
bound=15
[ -z "${TEST_WRAPPER:-}" ] || bound=40
dog=
! command -v timeout >/dev/null 2>&1 || dog="timeout $((bound + 5))"
t0=$(date +%s)
st=0
# shellcheck disable=SC2086
$dog $TEST_WRAPPER "$(prog bw_unix)" -N 3 -T 1ms -o raw -p one -m 1 >"$tmp.m1" 2>&1 </dev/null || st=$?
t=$(($(date +%s) - t0))
ok "-m 1 -N 3 -T 1ms: exit 0 within ${bound}s (exit $st, ${t}s)" \
	test "$st" -eq 0 -a "$t" -le "$bound"
is '... and prints 3 samples' 3 \
	"$(results_of "$(cat "$tmp.m1")" BwUnix/msg=1/placement=one | wc -l | tr -d ' ')"
rm -f "$tmp.m1"

if [ -r /proc/self/cmdline ]; then
	mark="-N $((50000 + $$ % 50000)) -T 10ms"
	for victim in parent child; do
		# shellcheck disable=SC2086
		TMPDIR=$tmp $TEST_WRAPPER "$(prog bw_unix)" $mark -M 1M -o raw -p one >/dev/null 2>"$tmp.err" &
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
		wait "$bg" 2>/dev/null || st=$?
		bg=
		is "$victim killed: exit $want" "$want" "$st"
		is "$victim killed: no process is left" 0 "$(procs "$mark")"
		is "$victim killed: nothing is left in TMPDIR" '' "$(ls -A "$tmp")"
	done
	like 'child killed: the parent says why' "$(cat "$tmp.err")" 'BwUnix/msg=64K/placement=one: operation failed'
	rm -f "$tmp.err"
else
	for i in 1 2 3 4 5 6 7 8 9; do
		skip 'no /proc to look for processes'
	done
fi
