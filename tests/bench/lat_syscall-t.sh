#!/bin/sh
# lat_syscall: options, errors, and plausible values for every operation.
. "$top_srcdir/tests/tap/libtap.sh"

plan 43
q='-N 3 -T 1ms -o raw'

cli '-h exits 0 with the usage line' 0 '^usage: lat_syscall' lat_syscall -h
cli '-V prints the version' 0 'hostbench' lat_syscall -V
cli 'no operation: exit 2' 2 'missing argument' lat_syscall
cli 'unknown operation: exit 2 naming it' 2 "unknown operation 'nul'" lat_syscall nul
cli 'unknown option: exit 2 naming it' 2 'unknown option -q' lat_syscall -q null
cli '-N 0: exit 2 with the range' 2 "-N: value '0' is out of range; allowed: 1 \.\. " lat_syscall -N 0 null
cli '-N abc: exit 2' 2 "-N: 'abc'" lat_syscall -N abc null
cli '-T without a value: exit 2' 2 'option -T needs a value' lat_syscall -T
cli '-T 0: exit 2 naming -T' 2 '^lat_syscall: -T' lat_syscall -T 0 null
cli '-o json: exit 2 naming the format' 2 "-o: value 'json'" lat_syscall -o json null
cli '-I 0: exit 2 naming -I' 2 '^lat_syscall: -I' lat_syscall -I 0 null
cli 'a third argument: exit 2' 2 "unexpected argument 'x'" lat_syscall null /dev/null x
cli 'a missing file: exit 1 naming it' 1 'no/such/file' lat_syscall stat /no/such/file
# -c naming a CPU this machine does not have: a usage error with the range
# (not 77, which is for a CPU it has but this process may not use).
ncpu=$(getconf _NPROCESSORS_CONF 2>/dev/null || nproc --all 2>/dev/null || echo 1)
cli "-c $ncpu (one past the last CPU): exit 2 naming it and the count" 2 \
	"^lat_syscall: -c: CPU $ncpu is out of range: this machine has $ncpu CPUs?; allowed: 0 \\.\\. $((ncpu - 1))\$" \
	lat_syscall -c "0,$ncpu" null

run_prog lat_syscall $q null
ok 'null prints well-formed raw records' well_formed "$TAP_STDOUT"
null=$(results_of "$TAP_STDOUT" LatSyscall/op=null | median_of)
ok "null syscall is between 1 ns and 1 ms ($null ns)" num_between 1 "$null" 1000000
is 'null prints one line per sample' 3 "$(results_of "$TAP_STDOUT" LatSyscall/op=null | wc -l | tr -d ' ')"
like 'raw output names the benchmark' "$TAP_STDOUT" '^bench: lat_syscall$'

# status_and_value STATUS VALUE LO HI: exit 0, and LO <= VALUE <= HI.
status_and_value() {
	[ "$1" -eq 0 ] && num_between "$3" "$2" "$4"
}

for op in read write stat fstat open; do
	run_prog lat_syscall $q $op
	v=$(results_of "$TAP_STDOUT" LatSyscall/op=$op | median_of)
	ok "$op: exit 0 and between 1 ns and 10 ms ($v ns)" \
		status_and_value "$TAP_STATUS" "$v" 1 10000000
done

run_prog lat_syscall -N 3 -T 1ms -o text null
like 'text output is one line with median, CI and n' "$TAP_STDOUT" \
	'^LatSyscall/op=null +[0-9.]+ ns/op .*CI .*n=3\)$'

# The temporary file of stat/open is removed when the run ends.
dir=$(mktemp -d "${TMPDIR:-/tmp}/lat_syscall-t.XXXXXX")
_tap_cleanup_hook() { rm -rf "$dir"; }
TMPDIR=$dir $TEST_WRAPPER "$(prog lat_syscall)" $q stat >/dev/null
is 'no temporary file is left after a run' '' "$(ls -A "$dir")"

# Shared options through a real program: parallel copies, pinning, -I.
run_prog lat_syscall -N 3 -T 1ms -o raw -P 2 null
is '-P 2 names its results with the -2 suffix' 3 "$(results_of "$TAP_STDOUT" LatSyscall/op=null-2 | wc -l | tr -d ' ')"
like '-P 2 records the parallelism' "$TAP_STDOUT" '^parallel: 2$'
cli '-c 0 pins to CPU 0 and runs' 0 '^cpu-affinity: 0$' lat_syscall -N 1 -T 1ms -o raw -c 0 null
cli '-c 5000 is out of range: exit 2' 2 "-c: .*'5000'" lat_syscall -c 5000 null
if [ "$ncpu" -le 1023 ]; then
	cli '-c 1023, a CPU this machine lacks: exit 2, not 77' 2 \
		'^lat_syscall: -c: CPU 1023 is out of range: this machine has' lat_syscall -N 1 -T 1ms -o raw -c 1023 null
else
	skip 'this machine has a CPU 1023'
fi
run_prog lat_syscall -N 3 -T 1ms -o raw -I 0.01,0.2 null
like '-I not reached: a warning on stderr' "$TAP_STDERR" 'precision target ±0.01% at 95% confidence not reached'
like '-I not reached: a precision line in raw output' "$TAP_STDOUT" '^# precision: not-reached '

# Options wherever they stand, on every libc (lib/driver/bench: bench_getopt);
# "--" ends them.
run_prog lat_syscall null -N 3 -T 1ms -o text
like 'options after the operand apply: -o text, -N 3' "$TAP_STDOUT" \
	'^LatSyscall/op=null +[0-9.]+ ns/op .*n=3\)$'
run_prog lat_syscall stat -N 3 -T 1ms -o raw /dev/null
like 'options between the operands apply; args: has the options first' "$TAP_STDOUT" \
	'^args: -N 3 -T 1ms -o raw stat /dev/null$'
cli 'an unknown option after the operand: exit 2 naming it' 2 '^lat_syscall: unknown option -q$' \
	lat_syscall null -q
cli 'a value missing after the operand: exit 2 naming the option' 2 \
	'^lat_syscall: option -N needs a value$' lat_syscall null -N
cli 'a bad value after the operand: exit 2 with the range' 2 \
	"^lat_syscall: -N: value '0' is out of range; allowed: 1 \\.\\. " lat_syscall null -N 0
cli 'a long option: exit 2 naming it' 2 '^lat_syscall: unknown option --foo$' lat_syscall null --foo
cli '-- before the operand: it runs' 0 '^BenchmarkLatSyscall/op=null[[:space:]]' lat_syscall $q -- null
cli '-- ends the options: -N after it is the file of stat' 1 '^lat_syscall: -N: No such file' \
	lat_syscall $q stat -- -N
cli '-- ends the options: -o and text are a second and a third operand' 2 \
	"^lat_syscall: unexpected argument 'text'$" lat_syscall null -- -o text
cli '- alone is an operand' 2 "^lat_syscall: unknown operation '-'" lat_syscall -
# --synopsis prints the man page's synopsis only alone: with anything else
# it is refused, not taken as -s -y ... (or an operand).
cli '--synopsis after an operand: exit 2, it goes alone' 2 '^lat_syscall: --synopsis goes alone' \
	lat_syscall null --synopsis
