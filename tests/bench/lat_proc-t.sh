#!/bin/sh
# lat_proc: options, errors, hello, plausible values (fork > null syscall,
# exec > fork, shell > exec), a missing or failing hello, and no child
# left after SIGTERM.  Under qemu-user a target binary cannot exec another
# one: exec and shell are unsupported there (exit 77, no result), and
# their measurements skipped.
. "$top_srcdir/tests/tap/libtap.sh"

plan 21
q='-N 3 -T 1ms -o raw'
dir=$(mktemp -d "${TMPDIR:-/tmp}/lat_proc-t.XXXXXX")
_tap_cleanup_hook() {
	[ -z "${bg:-}" ] || kill -KILL "$bg" 2>/dev/null || :
	rm -rf "$dir"
}

cli '-h exits 0 with the usage line' 0 '^usage: lat_proc' lat_proc -h
cli 'no operation: exit 2' 2 'missing argument' lat_proc
cli 'unknown operation: exit 2 naming it' 2 "unknown operation 'exe'" lat_proc exe
cli 'a second argument: exit 2' 2 "unexpected argument 'x'" lat_proc fork x
cli '-P 0: exit 2 with the range' 2 "-P: value '0' is out of range" lat_proc -P 0 fork
cli 'hello writes its line and exits 0' 0 '^Hello world$' hello

# value_ok STATUS VALUE LO HI: exit 0, and LO <= VALUE <= HI.
value_ok() {
	[ "$1" -eq 0 ] && num_between "$3" "$2" "$4"
}
# more A B: A > B.
more() {
	awk -v a="$1" -v b="$2" 'BEGIN { exit !(a != "" && b != "" && a + 0 > b + 0) }'
}

# Relations are measured on one CPU: a child started on the other CPU
# waits for it, and on a loaded machine that wait swamps a fork.
pin='-c 0'
run_prog lat_proc -N 1 -T 1ms -o raw -c 0 procedure
[ "$TAP_STATUS" -ne 77 ] || pin=

run_prog lat_proc $q procedure
ok 'procedure prints well-formed raw records' well_formed "$TAP_STDOUT"
v=$(results_of "$TAP_STDOUT" LatProc/op=procedure | median_of)
ok "procedure: exit 0 and between 0.01 ns and 10 us ($v ns)" value_ok "$TAP_STATUS" "$v" 0.01 10000

run_prog lat_syscall -N 5 -T 1ms -o raw $pin null
null=$(results_of "$TAP_STDOUT" LatSyscall/op=null | median_of)
run_prog lat_proc -N 5 -T 1ms -o raw $pin fork
ok 'fork prints well-formed raw records' well_formed "$TAP_STDOUT"
fork=$(results_of "$TAP_STDOUT" LatProc/op=fork | median_of)
fork_min=$(results_of "$TAP_STDOUT" LatProc/op=fork | min_of)
ok "fork: exit 0 and between 1 ns and 1 s ($fork ns)" value_ok "$TAP_STATUS" "$fork" 1 1000000000
ok "fork costs more than a null system call ($fork > $null ns)" more "$fork" "$null"

# unsupported OP: exit 77 saying why, and no result line.
unsupported() {
	run_prog lat_proc $q "$1"
	[ "$TAP_STATUS" -eq 77 ] && ! printf '%s\n' "$TAP_STDOUT" | grep -q '^Benchmark' &&
		printf '%s\n' "$TAP_STDERR" | grep -q 'Exec format error: this system cannot start it'

}
if [ -n "$TEST_WRAPPER" ]; then
	ok "exec under $TEST_WRAPPER: exit 77, the reason, no result" unsupported exec
	ok "shell under $TEST_WRAPPER: exit 77, the reason, no result" unsupported shell
	for t in 'exec is plausible' 'exec costs more than fork' 'a missing hello: exit 77' \
		'a failing hello: exit 1' 'a hello this system cannot execute: exit 77'; do
		skip "$t: a program under $TEST_WRAPPER cannot exec another"
	done
else
	run_prog lat_proc -N 5 -T 1ms -o raw $pin exec
	ok 'exec prints well-formed raw records' well_formed "$TAP_STDOUT"
	exec=$(results_of "$TAP_STDOUT" LatProc/op=exec | median_of)
	exec_min=$(results_of "$TAP_STDOUT" LatProc/op=exec | min_of)
	ok "exec: exit 0 and between 1 ns and 1 s ($exec ns)" \
		value_ok "$TAP_STATUS" "$exec" 1 1000000000
	# A fork and an exec measured apart met different moments of a
	# busy machine: three more of each, taken in turn, so that a burst
	# of other work cannot lift every sample of one side.
	for _i in 1 2 3; do
		run_prog lat_proc -N 5 -T 1ms -o raw $pin fork
		fork_min=$( (printf '%s\n' "$fork_min"; results_of "$TAP_STDOUT" LatProc/op=fork) | min_of)
		run_prog lat_proc -N 5 -T 1ms -o raw $pin exec
		exec_min=$( (printf '%s\n' "$exec_min"; results_of "$TAP_STDOUT" LatProc/op=exec) | min_of)
	done
	ok "exec costs more than fork (fastest samples of four runs each, in turn: $exec_min > $fork_min ns)" \
		more "$exec_min" "$fork_min"
	run_prog lat_proc -N 5 -T 1ms -o raw $pin shell
	shell_min=$(results_of "$TAP_STDOUT" LatProc/op=shell | min_of)
	if [ -n "${HB_SANITIZERS:-}" ]; then
		# hello's sanitizer start-up (tens of ms, varying widely) swamps the shell's cost.
		ok "shell: exit 0 and between 1 ns and 1 s ($shell_min ns; not compared with exec under $HB_SANITIZERS)" \
			value_ok "$TAP_STATUS" "$shell_min" 1 1000000000
	else
		ok "shell: exit 0 and costs more than exec (fastest samples: $shell_min > $exec_min ns)" \
			value_ok "$TAP_STATUS" "$shell_min" "$exec_min" 1000000000
	fi
	# A copy of lat_proc without hello beside it, then with a bad one.
	mkdir "$dir/bin"
	cp "$(prog lat_proc)" "$dir/bin/lat_proc"
	st=0
	err=$("$dir/bin/lat_proc" $q exec 2>&1 >/dev/null) || st=$?
	is 'a missing hello: exit 77' 77 "$st"
	printf '#!/bin/sh\nexit 3\n' >"$dir/bin/hello"
	chmod +x "$dir/bin/hello"
	st=0
	err=$("$dir/bin/lat_proc" $q exec 2>&1 >/dev/null) || st=$?
	ok "a failing hello: exit 1 naming the status ($err)" \
		test "$st" -eq 1 -a -n "$(printf '%s' "$err" | grep 'hello exited with status 3')"
	# Neither a script nor a program of this machine: ENOEXEC, as under
	# an emulator, where the system cannot start hello.
	printf '\177ELF\001\001\001\000junk\n' >"$dir/bin/hello"
	st=0
	out=$("$dir/bin/lat_proc" $q shell 2>"$dir/err") || st=$?
	ok "a hello this system cannot execute: exit 77, the reason, no result ($(cat "$dir/err"))" \
		test "$st" -eq 77 -a -z "$(printf '%s' "$out" | grep '^Benchmark')" \
		-a -n "$(grep 'Exec format error' "$dir/err")"
fi

# SIGTERM in the middle of a long run: lat_proc and its child are gone.
# The sample count marks this run's processes.
op=exec
[ -z "$TEST_WRAPPER" ] || op=fork
mark="-N $((50000 + $$ % 50000)) -T 10ms"
hello=$(cd "$top_builddir/bench" && pwd -P)/hello
if [ -r /proc/self/cmdline ]; then
	# shellcheck disable=SC2086
	$TEST_WRAPPER "$(prog lat_proc)" $mark -o raw $op >/dev/null 2>&1 &
	bg=$!
	sleep 1
	kill -TERM "$bg"
	st=0
	wait "$bg" || st=$?
	bg=
	is "SIGTERM ends a long $op run by the signal" 143 "$st"
	is 'no process of the run is left after SIGTERM' 0 "$(procs "$mark")"
	is 'no hello is left after SIGTERM' 0 "$(procs "$hello")"
else
	skip 'no /proc to look for processes'
	skip 'no /proc to look for processes'
	skip 'no /proc to look for processes'
fi
