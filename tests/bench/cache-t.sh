#!/bin/sh
# cache: options, errors, the curve's names, and levels that make sense.
. "$top_srcdir/tests/tap/libtap.sh"

plan 25
q='-N 3 -T 1ms -o raw'

# ran_well STATUS OUTPUT: exit 0 and well-formed raw records.
ran_well() {
	[ "$1" -eq 0 ] && well_formed "$2"
}

cli '-h exits 0 with the usage line' 0 '^usage: cache' cache -h
cli '-h explains -L and -M' 0 '-M MAXSIZE' cache -h
cli 'an argument: exit 2' 2 "unexpected argument 'x'" cache x
cli '-L abc: exit 2 naming -L' 2 "^cache: -L: .*'abc'" cache -L abc
cli '-L 18: exit 2, not a pointer multiple' 2 "^cache: -L: value '18' is not a multiple of the pointer size" cache -L 18
cli '-L 1024: exit 2 with the range' 2 "^cache: -L: value '1024' is out of range; allowed: " cache -L 1024
cli '-M 1k: exit 2 with the range' 2 "^cache: -M: value '1k' is out of range; allowed: 64k " cache -M 1k
cli '-M 2g: exit 2 with the range' 2 "^cache: -M: value '2g' is out of range" cache -M 2g
cli '-P 2: exit 2, one copy only' 2 "^cache: -P: value '2' is out of range" cache -P 2
cli '-I 5: exit 2' 2 '^cache: -I: not supported' cache -I 5
cli '-N 0: exit 2 with the range' 2 "-N: value '0' is out of range" cache -N 0
cli 'unknown option: exit 2 naming it' 2 'unknown option -q' cache -q

# A walk to 1 MB: the line test, then the curve.  A line that still
# differs from the one sysfs names after measuring again (a neighbour
# in the shared cache) is withheld: exit 3, saying so.
run_prog cache $q -M 1m
withheld=
if [ "$TAP_STATUS" -eq 3 ] && printf '%s
' "$TAP_STDERR" |
	grep -q '^cache: Line: implausible: a line of [0-9]* bytes, [A-Za-z_]* says [0-9]*; not reported$'; then
	withheld=1
	diag "the line was withheld: $(printf '%s\n' "$TAP_STDERR" | grep 'Line: implausible')"
fi
ok 'exit 0 (or 3, the line withheld, saying why) and well-formed raw records' \
	ran_well "$([ -n "$withheld" ] && echo 0 || echo "$TAP_STATUS")" "$TAP_STDOUT"
names=$(printf '%s\n' "$TAP_STDOUT" | awk '/^BenchmarkCache\/stride/ { print substr($1, 10) }' | uniq)
like 'the line test runs at 128K from the pointer size up' "$names" '^Cache/stride=(4|8)/size=128K$'
like 'up to a 512-byte stride' "$names" '^Cache/stride=512/size=128K$'
stride=$(printf '%s\n' "$TAP_STDOUT" | awk '/^stride: / { print $2 }')
is 'the walk ends at -M, at the stride it reports' "Cache/stride=$stride/size=1M" "$(printf '%s\n' "$names" | tail -n 1)"
ok 'every curve sample is a positive ns/op with the lower quartile of its bursts, best-ns/op' \
	sh -c 'printf "%s\n" "$1" | awk "/^BenchmarkCache\/stride/ { n++; if (\$4 != \"ns/op\" || \$6 != \"best-ns/op\" || !(\$3 > 0) || !(\$5 > 0)) exit 1 } END { exit !(n > 0) }"' sh "$TAP_STDOUT"
line=$(results_of "$TAP_STDOUT" Line)
ok "a line size, if found, is the walk's stride and a power of two from 16 to 512 ($line)" \
	sh -c '[ -z "$1" ] || { [ "$1" = "$2" ] && case "$1" in 16|32|64|128|256|512) true ;; *) false ;; esac; }' sh "$line" "$stride"
# What sysfs says is recorded beside what was found, and the line agrees with it.
sysline=$(cat /sys/devices/system/cpu/cpu0/cache/index0/coherency_line_size 2>/dev/null || :)
if [ -n "$sysline" ] && [ -z "$TEST_WRAPPER" ]; then
	if [ -n "$withheld" ]; then
		is "a line other than sysfs's ($sysline) is withheld: no Line result" '' "$line"
	else
		is "the line found is the one sysfs names ($sysline)" "$sysline" "$line"
	fi
	like 'sysfs-cache records its sizes and line' "$TAP_STDOUT" "^sysfs-cache: L1d? [0-9]+[KMG]? .* line $sysline\$"
else
	skip 'no line size in sysfs here (or an emulator)'
	like 'sysfs-cache says unknown' "$TAP_STDOUT" '^sysfs-cache: '
fi
# Levels, if any: sizes rising within the walk, latencies rising too.
levels=$(printf '%s\n' "$TAP_STDOUT" | awk '/^BenchmarkCache\/level=/ { print $3, $5 }')
ok 'levels are ordered: each larger and slower than the one before, all within 1M' \
	sh -c 'printf "%s\n" "$1" | awk "NF { if (\$1 <= s || \$1 > 1048576 || \$2 <= t) exit 1; s = \$1; t = \$2 }"' sh "$levels"
if [ -n "$TEST_WRAPPER" ]; then
	skip 'under an emulator the curve need not show the cache'
else
	l1=$(printf '%s\n' "$levels" | awk 'NR == 1 { print $1 }')
	ok "a first level between 4K and 512K is found ($l1 bytes)" num_between 4096 "${l1:-0}" 524288
fi

run_prog cache $q -L 64 -M 64k
ok '-L 64: no line test, no Line result, every size at stride 64' \
	sh -c '[ "$1" -eq 0 ] && ! printf "%s\n" "$2" | grep -q "^BenchmarkLine" &&
		printf "%s\n" "$2" | awk "/^BenchmarkCache\/stride/ { n++; if (\$1 !~ /stride=64\//) exit 1 } END { exit !(n > 20) }"' \
	sh "$TAP_STATUS" "$TAP_STDOUT"

# Memory short: the walk shrinks to fit and says so.
HOSTBENCH_MEM_AVAILABLE=1m
export HOSTBENCH_MEM_AVAILABLE
run_prog cache $q -L 64 -M 1m
unset HOSTBENCH_MEM_AVAILABLE
ok 'memory short: the walk is reduced to 512K and the reduction recorded' \
	sh -c '[ "$1" -eq 0 ] && printf "%s\n" "$2" | grep -q "^size-reduced: -M 1M to 512K" &&
		printf "%s\n" "$2" | awk "/^BenchmarkCache\/stride/ { n = \$1 } END { exit n != \"BenchmarkCache/stride=64/size=512K\" }"' \
	sh "$TAP_STATUS" "$TAP_STDOUT"
cli 'text output: a line per size, then where the curve ends' 0 'beyond: .* ns per load at 64K' \
	cache -N 3 -T 1ms -o text -L 64 -M 64k
