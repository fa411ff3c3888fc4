#!/bin/sh
# wire-load-t: the wire fuzz target's time contract (a handler returns
# within SLOW_NS, else it waited for a timeout) counts the time a handler
# could run, not wall time: beside a load of 20 to 50 the fuzz build's
# inputs, 13 to 111 ms each, took over a second waiting for a CPU.  Here
# the check program replays its corpus five times (then 20, then 80 times,
# until an input waited) at nice 19 on one CPU beside two busy loops
# there, with a budget of 10 ms an input (HB_WIRE_SLOW_MS): an input then
# waits tens of ms for the CPU at a time (the test says it did, or it
# proves nothing), and no contract breaks.
. "$top_srcdir/tests/tap/libtap.sh"

prog=$top_builddir/tests/fuzz/wire-t
corpus=$top_srcdir/tests/fuzz/corpus/wire
[ -f "$prog" ] || skip_all "$prog is not built"
[ -z "$TEST_WRAPPER" ] || skip_all 'cross-built: the load would fall on the emulator'
[ -r /proc/self/schedstat ] || skip_all 'no /proc/self/schedstat: the contract is in wall time here'
command -v taskset >/dev/null 2>&1 || skip_all 'no taskset to put the load on the replay'"'"'s CPU'
# The first CPU this shell may use ("0-1,4" or "0,1": the 0).
cpu=$(taskset -cp $$ 2>/dev/null | sed -n 's/.*: *\([0-9][0-9]*\).*/\1/p')
[ -n "$cpu" ] || skip_all 'taskset -cp does not say which CPUs this shell may use'

tmp=$(mktemp -d "${TMPDIR:-/tmp}/wire-load-t.XXXXXX") || bail 'mktemp -d failed'
hogs=
_tap_cleanup_hook() {
	# shellcheck disable=SC2086
	[ -z "$hogs" ] || kill_ours TERM $hogs
	rm -rf "$tmp"
}
trap 'exit 1' HUP INT TERM

plan 4

for _i in 1 2; do
	taskset -c "$cpu" sh -c 'while :; do :; done' &
	hogs="$hogs $!"
done
# shellcheck disable=SC2086
remember $hogs
# The loops at work before the replay starts: each has run 20 ticks of
# /proc/PID/stat (utime + stime), or 10 s went by.
_n=0
while [ "$_n" -lt 100 ]; do
	_slow=0
	for _h in $hogs; do
		# shellcheck disable=SC2046
		set -- $(sed 's/^.*) //' "/proc/$_h/stat" 2>/dev/null)
		[ $# -ge 13 ] && [ $(($12 + $13)) -ge 20 ] || _slow=1
	done
	[ "$_slow" -eq 1 ] || break
	sleep 0.1 2>/dev/null || sleep 1
	_n=$((_n + 1))
done
# The replay, N times the corpus, at nice 19 on the loops' CPU.  Whether
# an input waits depends on where the scheduler's slices fall: a replay
# that fits in one slice of the CPU waits between inputs, not in one.
# Then it goes again, four times as long (three tries at most): the
# contracts must hold in every try, and one try must show a wait.
replay() { # N: sets STATUS, writes $tmp/out and $tmp/err
	_times=$1
	set --
	_k=0
	while [ "$_k" -lt "$_times" ]; do set -- "$@" "$corpus"; _k=$((_k + 1)); done
	STATUS=0
	HB_WIRE_SLOW_MS=10 HB_WIRE_VERBOSE=1 nice -n 19 taskset -c "$cpu" \
		"$prog" "$@" >"$tmp/out" 2>"$tmp/err" || STATUS=$?
}
n=5 tries=0 broken= status=0 replayed= wall=0
while [ "$tries" -lt 3 ]; do
	replay "$n"
	tries=$((tries + 1))
	[ "$STATUS" -eq 0 ] || status=$STATUS
	broken="$broken$(grep 'contract broken' "$tmp/err" | head -3)"
	[ "$(grep -c '^ok ' "$tmp/out")" -eq $(($(ls "$corpus" | wc -l) * n)) ] ||
		replayed="$replayed $(grep -c '^ok ' "$tmp/out") of $(($(ls "$corpus" | wc -l) * n));"
	# The longest wait: an input's wall time past the 10 ms budget shows
	# that the load was there and a wall-time contract would have broken.
	w=$(sed -n 's/.* ms (wall \([0-9]*\) ms).*/\1/p' "$tmp/err" | sort -n | tail -1)
	[ "${w:-0}" -gt "$wall" ] && wall=$w
	[ "$wall" -ge 10 ] && [ "$status" -eq 0 ] && [ -z "$broken$replayed" ] && break
	n=$((n * 4))
done
# shellcheck disable=SC2086
kill_ours TERM $hogs
hogs=
is "the corpus replays beside the busy loops (try $tries of 3 at most, the corpus $n times): exit 0" 0 "$status"
is '... no contract broken' '' "$broken"
is '... every input replayed' '' "$replayed"
ok "an input waited past the budget for its CPU (longest: $wall ms of wall time)" \
	test "$wall" -ge 10
