#!/bin/sh
# par_mem: options, errors, the curve's names, and parallelism that makes sense.
. "$top_srcdir/tests/tap/libtap.sh"

plan 17
q='-N 3 -T 1ms -o raw'

# ran_well STATUS OUTPUT: exit 0 and well-formed raw records.
ran_well() {
	[ "$1" -eq 0 ] && well_formed "$2"
}

cli '-h exits 0 with the usage line' 0 '^usage: par_mem' par_mem -h
cli 'two arguments: exit 2' 2 "unexpected argument 'x'" par_mem 1m x
cli 'SIZE abc: exit 2 naming SIZE' 2 "^par_mem: SIZE: .*'abc'" par_mem abc
cli 'SIZE 1k: exit 2 with the range' 2 "^par_mem: SIZE: value '1k' is out of range; allowed: 64k " par_mem 1k
cli 'SIZE 2048g: exit 2 with the range' 2 "^par_mem: SIZE: value '2048g' is out of range" par_mem 2048g
cli '-P 2: exit 2, one copy only' 2 "^par_mem: -P: value '2' is out of range" par_mem -P 2 1m
cli '-I 5: exit 2' 2 '^par_mem: -I: not supported' par_mem -I 5 1m
cli '-N 0: exit 2 with the range' 2 "-N: value '0' is out of range" par_mem -N 0 1m
cli 'unknown option: exit 2 naming it' 2 'unknown option -q' par_mem -q 1m

run_prog par_mem $q 1m
ok 'exit 0 and well-formed raw records' ran_well "$TAP_STATUS" "$TAP_STDOUT"
names=$(printf '%s\n' "$TAP_STDOUT" | awk '/^BenchmarkParMem\/chains/ { print substr($1, 10) }' | uniq | tr '\n' ' ')
is 'one name per chain count, 1 .. 16' \
	"$(i=1; while [ $i -le 16 ]; do printf 'ParMem/chains=%d/size=1M ' $i; i=$((i + 1)); done)" "$names"
is 'three samples of the parallelism' 3 "$(results_of "$TAP_STDOUT" ParMem/size=1M | wc -l | tr -d ' ')"
best=$(printf '%s\n' "$TAP_STDOUT" | awk '/^# best-chains: / { print $3 }')
ok "the best chain count is recorded, 1 .. 16 ($best)" num_between 1 "${best:-0}" 16
# k chains cannot overlap more than k loads (5% for the clock): the
# program withholds anything else, so every sample printed obeys it.
top=$(results_of "$TAP_STDOUT" ParMem/size=1M | sort -g | tail -n 1)
ok "the largest parallelism sample is at most the $best chains used, at least 0.5 ($top)" \
	num_between 0.5 "${top:-0}" "$(awk -v k="${best:-0}" 'BEGIN { print k * 1.05 }')"

if [ -n "$TEST_WRAPPER" ]; then
	skip 'under an emulator loads need not overlap'
else
	# 8M lies in the last cache of many machines, shared with other
	# programs.  Plausible (0.5 .. the chains used), or withheld as
	# implausible with exit 3 and the reason, printing no number.
	run_prog par_mem $q 8m
	par=$(results_of "$TAP_STDOUT" ParMem/size=8M | median_of)
	best=$(printf '%s\n' "$TAP_STDOUT" | awk '/^# best-chains: / { print $3 }')
	if [ "$TAP_STATUS" -eq 3 ] && [ -z "$par" ] \
	   && printf '%s\n' "$TAP_STDERR" | tail -n 1 | grep -q '^par_mem: ParMem/size=8M: implausible: parallelism'; then
		ok "8M: withheld as implausible, said why, no number" true
	else
		[ "$TAP_STATUS" -eq 0 ] || par="none (exit $TAP_STATUS)"
		ok "8M: a CPU keeps more than one load in flight, at most the $best chains used ($par x)" \
			num_between 1.3 "${par:-0}" "$(awk -v k="${best:-0}" 'BEGIN { print k * 1.05 }')"
	fi
fi

HOSTBENCH_MEM_AVAILABLE=1m
export HOSTBENCH_MEM_AVAILABLE
run_prog par_mem $q 1m
unset HOSTBENCH_MEM_AVAILABLE
ok 'memory short: SIZE is reduced to 512K and the reduction recorded' \
	sh -c '[ "$1" -eq 0 ] && printf "%s\n" "$2" | grep -q "^size-reduced: SIZE 1M to 512K" &&
		printf "%s\n" "$2" | grep -q "^BenchmarkParMem/size=512K"' sh "$TAP_STATUS" "$TAP_STDOUT"
cli 'text output: the parallelism and the loads behind it' 0 'ns per load with one chain' par_mem -N 3 -T 1ms -o text 256k
