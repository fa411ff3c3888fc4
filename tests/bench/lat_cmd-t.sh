#!/bin/sh
# lat_cmd: options, commands that cannot run or fail, output kept away,
# plausible values (more than a fork), and nothing left after SIGTERM.
# Under qemu-user the commands are the host's own, which still run
# natively (so they are not compared with an emulated fork).
. "$top_srcdir/tests/tap/libtap.sh"

plan 16
q='-N 3 -T 1ms -o raw'

cli '-h exits 0 with the usage line' 0 '^usage: lat_cmd' lat_cmd -h
cli 'no command: exit 2' 2 'missing argument' lat_cmd
cli 'unknown option: exit 2 naming it' 2 'unknown option -q' lat_cmd -q true
cli 'a missing command: exit 1 naming it and why' 1 \
	"cannot execute '/no/such/cmd': No such file" lat_cmd /no/such/cmd
cli 'a failing command: exit 1 naming it and its status' 1 \
	"'false' exited with status 1" lat_cmd $q false
cli 'a killed command: exit 1 naming the signal' 1 \
	"'sh' was killed by signal 9" lat_cmd $q sh -c 'kill -9 $$'
cli 'a command failing later: exit 1' 1 "'sh' exited with status 5" \
	lat_cmd $q sh -c 'test -e "$0" && exit 5; : >"$0"' "${TMPDIR:-/tmp}/lat_cmd-t.$$"
rm -f "${TMPDIR:-/tmp}/lat_cmd-t.$$"
# Options end at the command: -N after it is the command's ($0 of sh -c).
cli "options end at the command: its -N is its own" 1 "'sh' exited with status 4" \
	lat_cmd $q sh -c 'test "$0" = -N && exit 4' -N

run_prog lat_cmd $q sh -c 'echo LEAKED; echo LEAKED >&2'
ok 'the output of the command goes to /dev/null' \
	test "$TAP_STATUS" -eq 0 -a -z "$(printf '%s\n' "$TAP_OUT" | grep '^LEAKED$')"

# more A B: A > B.
more() {
	awk -v a="$1" -v b="$2" 'BEGIN { exit !(a != "" && b != "" && a + 0 > b + 0) }'
}

pin='-c 0'
run_prog lat_cmd -N 1 -T 1ms -o raw -c 0 true
[ "$TAP_STATUS" -ne 77 ] || pin=
run_prog lat_cmd -N 3 -T 1ms -o raw $pin true
ok 'true prints well-formed raw records' well_formed "$TAP_STDOUT"
like 'the command is recorded' "$TAP_STDOUT" '^cmd: true$'
cmd=$(results_of "$TAP_STDOUT" LatCmd | median_of)
ok "true: between 1 ns and 1 s ($cmd ns)" num_between 1 "$cmd" 1000000000
if [ -n "$TEST_WRAPPER" ]; then
	# An emulated fork copies the emulator; true runs natively.
	skip "true against a fork: under $TEST_WRAPPER only the fork is emulated"
elif [ -n "${HB_SANITIZERS:-}" ]; then
	# ASan's shadow memory makes the fork of lat_proc dearer than running true.
	skip "true against a fork: under the $HB_SANITIZERS sanitizers only the fork pays for them"
else
	run_prog lat_proc -N 3 -T 1ms -o raw $pin fork
	fork=$(results_of "$TAP_STDOUT" LatProc/op=fork | median_of)
	ok "running true costs more than a fork ($cmd > $fork ns)" more "$cmd" "$fork"
fi

# SIGTERM in the middle of a run: lat_cmd, the command and the command's
# own child are gone.  The shell's $0 and an odd sleep mark them.
mark="lat_cmd-t-$$"
nap=0.3$(($$ % 100))
if [ -r /proc/self/cmdline ]; then
	$TEST_WRAPPER "$(prog lat_cmd)" -N 50 -o raw sh -c "sleep $nap; exit 0" "$mark" \
		>/dev/null 2>&1 &
	bg=$!
	_tap_cleanup_hook() { kill -KILL "$bg" 2>/dev/null || :; }
	sleep 1
	kill -TERM "$bg"
	st=0
	wait "$bg" || st=$?
	is 'SIGTERM ends lat_cmd by the signal' 143 "$st"
	is 'the command is gone after SIGTERM' 0 "$(procs "$mark")"
	is "the command's child is gone after SIGTERM" 0 "$(procs "sleep $nap")"
else
	skip 'no /proc to look for processes'
	skip 'no /proc to look for processes'
	skip 'no /proc to look for processes'
fi
