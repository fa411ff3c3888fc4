#!/bin/sh
# Fault matrix, an A/B experiment killed with SIGKILL: hostbench ab notes
# on disk how to put the machine back and which state it set last, so
# that the next run (here hostbench info) puts it back and says so, or
# says loudly that it could not.  The "machine" is a file holding A or
# B, which the state commands write.
#   - killed in state B, three times: the next info says which ab and
#     state, and runs the restore (A's command); the file says A, and
#     no process of the killed run is left;
#   - with --restore: that command runs, not A's;
#   - a restore command that fails: said, loudly, with its exit status;
#   - an ab that ends by itself leaves nothing for the next run to do.
. "$top_srcdir/tests/tap/libtap.sh"

[ -f "$top_builddir/hostbench" ] || skip_all "$top_builddir/hostbench is not generated"
plan 11

d=$(mktemp -d "${TMPDIR:-/tmp}/ab-killed-t.XXXXXX") || bail 'mktemp -d failed'
abpid=
_tap_cleanup_hook() {
	[ -z "$abpid" ] || kill -KILL "$abpid" 2>/dev/null || :
	rm -rf "$d"
}
top=$(cd "$top_builddir" && pwd -P) || bail "no $top_builddir"
script=$top/hostbench
HOSTBENCH_LIBEXEC=$top/bench
HOSTBENCH_WRAPPER=$TEST_WRAPPER
# A scratch TMPDIR of the test's own: the killed runs' directories are
# looked for there.
mkdir "$d/tmp"
TMPDIR=$d/tmp
export HOSTBENCH_LIBEXEC HOSTBENCH_WRAPPER TMPDIR

nap() {
	sleep 0.05 2>/dev/null || sleep 1
}

# killed_in_b ARGS...: an ab (its own ARGS) SIGKILLed once the machine
# is in state B, while B's state command still runs (it waits 2 s after
# setting B: a side of the test profile takes less than the test's look
# at the state, and the next state command would be under way); $abpid's
# value in $killed.
killed_in_b() {
	echo A >"$d/state"
	(cd "$d" && exec sh "$script" ab -q --rounds 6 --profile test --only lat_syscall \
		--results-dir "$d/res" --a "echo A >'$d/state'" \
		--b "echo B >'$d/state'; sleep 2" "$@") >/dev/null 2>"$d/ab.err" </dev/null &
	abpid=$!
	_n=0
	until [ "$(cat "$d/state" 2>/dev/null)" = B ] || [ "$_n" -ge 1200 ]; do
		nap
		_n=$((_n + 1))
	done
	nap
	kill -KILL "$abpid" 2>/dev/null
	wait "$abpid" 2>/dev/null
	killed=$abpid
	abpid=
}

# leftover: the processes a killed run started (their TMPDIR is in its
# scratch directory), one /proc/PID/environ a line.
leftover() {
	grep -l -F "TMPDIR=$d/tmp/hostbench." /proc/[0-9]*/environ 2>/dev/null | grep -v "^/proc/$$/"
	return 0
}

# next: the next run, hostbench info; its stderr in $NEXT.
next() {
	(cd "$d" && exec sh "$script" info) >/dev/null 2>"$d/next.err" </dev/null
	NEXT=$(cat "$d/next.err")
}

trial=1 good=0 said=0 procs=0
while [ "$trial" -le 3 ]; do
	killed_in_b
	before=$(cat "$d/state")
	next
	after=$(cat "$d/state")
	[ "$before $after" != 'B A' ] || good=$((good + 1))
	case $NEXT in
	*"ab $killed was killed with the machine in state B (the last it set); putting it back: echo A >"*)
		said=$((said + 1)) ;;
	esac
	[ -z "$(leftover)" ] || procs=$((procs + 1))
	trial=$((trial + 1))
done
is 'ab killed in state B, 3 times: the next run puts the machine back in A' 3 "$good"
is '... saying which ab and state, and what it runs' 3 "$said"
is '... no process of the killed runs left' 0 "$procs"
is '... nor their scratch directories' '' "$(ls -A "$d/tmp")"
is '... nor a temporary result' '' "$(find "$d/res" -name '.*' -type f 2>/dev/null)"

killed_in_b --restore "echo R >'$d/state'"
next
is 'with --restore: that command puts the machine back' R "$(cat "$d/state")"
like '... and is named' "$NEXT" "putting it back: echo R >"

killed_in_b --restore 'echo no >&2; exit 3'
next
like 'a restore that fails: said loudly, with its status' "$NEXT" \
	"ab $killed: PUTTING THE MACHINE BACK FAILED \(exit 3\): it may still be in state B; run by hand: echo no"
like '... and what it said' "$NEXT" '^  no$'
is '... the machine is still in state B' B "$(cat "$d/state")"

# An ab that ends by itself: nothing for the next run.
echo A >"$d/state"
(cd "$d" && exec sh "$script" ab -q --rounds 2 --profile test --only lat_syscall \
	--results-dir "$d/res2" --a "echo A >'$d/state'" --b "echo B >'$d/state'") \
	>/dev/null 2>&1 </dev/null
next
is 'an ab that ended by itself: the next run says nothing, the machine in A' 'A|' "$(cat "$d/state")|$NEXT"
