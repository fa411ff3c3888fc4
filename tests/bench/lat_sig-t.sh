#!/bin/sh
# lat_sig: options, errors, plausible values, and the temporary file of
# prot removed after a run and after SIGTERM.
. "$top_srcdir/tests/tap/libtap.sh"

plan 21
q='-N 3 -T 1ms -o raw'
dir=$(mktemp -d "${TMPDIR:-/tmp}/lat_sig-t.XXXXXX")
_tap_cleanup_hook() {
	[ -z "${bg:-}" ] || kill -KILL "$bg" 2>/dev/null || :
	rm -rf "$dir"
}
: >"$dir/empty"
printf x >"$dir/one"

cli '-h exits 0 with the usage line' 0 '^usage: lat_sig' lat_sig -h
cli 'no operation: exit 2' 2 'missing argument' lat_sig
cli 'unknown operation: exit 2 naming it' 2 "unknown operation 'catc'" lat_sig catc
cli 'a file for install: exit 2 naming it' 2 "unexpected argument '/dev/null'" lat_sig install /dev/null
cli 'a third argument: exit 2' 2 "unexpected argument 'x'" lat_sig prot /dev/null x
cli '-N 0: exit 2 with the range' 2 "-N: value '0' is out of range" lat_sig -N 0 catch
cli 'prot on a missing file: exit 1 naming it' 1 'no/such/file' lat_sig prot /no/such/file
cli 'prot on an empty file: exit 1 naming it' 1 'empty: file is empty' lat_sig prot "$dir/empty"

# value_ok STATUS VALUE LO HI: exit 0, and LO <= VALUE <= HI.
value_ok() {
	[ "$1" -eq 0 ] && num_between "$3" "$2" "$4"
}

run_prog lat_sig $q install
ok 'install prints well-formed raw records' well_formed "$TAP_STDOUT"
install=$(results_of "$TAP_STDOUT" LatSig/op=install | median_of)
install_min=$(results_of "$TAP_STDOUT" LatSig/op=install | min_of)
ok "install: exit 0 and between 1 ns and 1 ms ($install ns)" value_ok "$TAP_STATUS" "$install" 1 1000000

run_prog lat_sig $q catch
ok 'catch prints well-formed raw records' well_formed "$TAP_STDOUT"
catch=$(results_of "$TAP_STDOUT" LatSig/op=catch | median_of)
# The cost of sending is subtracted from every sample: on a loaded machine
# a sample can come out at 0, never below it.
ok "catch: exit 0 and between 0 and 1 ms ($catch ns)" value_ok "$TAP_STATUS" "$catch" 0 1000000
like 'catch records the subtracted cost of sending' "$TAP_STDOUT" '^# overhead: [0-9.]+ ns/op subtracted$'

run_prog lat_sig $q prot "$dir/one"
ok 'prot on a one-byte file given: exit 0 and a value' value_ok "$TAP_STATUS" \
	"$(results_of "$TAP_STDOUT" LatSig/op=prot | median_of)" 1 10000000

st=0
out=$(TMPDIR=$dir $TEST_WRAPPER "$(prog lat_sig)" $q prot) || st=$?
ok 'prot prints well-formed raw records' well_formed "$out"
prot=$(results_of "$out" LatSig/op=prot | median_of)
prot_min=$(results_of "$out" LatSig/op=prot | min_of)
ok "prot: exit 0 and between 1 ns and 10 ms ($prot ns)" value_ok "$st" "$prot" 1 10000000
# A fault is a trap, a signal's delivery and the handler's return, where
# installing is one system call: natively over ten times the cost.  An
# emulator (qemu-user, TEST_WRAPPER) delivers the fault itself and
# translates each system call: there the two cost alike (qemu-mips: 3.3
# and 3.8 us), and the order is not the machine's.
if [ -n "$TEST_WRAPPER" ]; then
	skip "under an emulator ($TEST_WRAPPER) a fault's cost is the emulator's"
else
	ok "a protection fault costs more than installing a handler (fastest samples: $prot_min > $install_min ns)" \
		awk -v a="$prot_min" -v b="$install_min" 'BEGIN { exit !(a + 0 > b + 0) }'
fi
rm -f "$dir/empty" "$dir/one"
is 'no temporary file is left after a run' '' "$(ls -A "$dir")"

run_prog lat_sig -N 3 -T 1ms -o raw -P 2 catch
is '-P 2: three samples of catch-2' 3 "$(results_of "$TAP_STDOUT" LatSig/op=catch-2 | wc -l | tr -d ' ')"

# SIGTERM in the middle of a long prot run: the temporary file goes too.
TMPDIR=$dir $TEST_WRAPPER "$(prog lat_sig)" -N 10000 -T 10ms -o raw prot >/dev/null 2>&1 &
bg=$!
i=0
while [ -z "$(ls -A "$dir")" ] && [ "$i" -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
sleep 0.2
kill -TERM "$bg"
st=0
wait "$bg" || st=$?
bg=
is 'SIGTERM ends a prot run by the signal' 143 "$st"
is 'no temporary file is left after SIGTERM' '' "$(ls -A "$dir")"
