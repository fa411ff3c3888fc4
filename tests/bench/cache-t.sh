#!/bin/sh
# cache: options, errors, the curve's names, and levels that make sense.
. "$top_srcdir/tests/tap/libtap.sh"

plan 31
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
# A level another size than its cache, a cache of this CPU alone, after
# measuring again, is withheld the same way.
line_withheld='^cache: Line: implausible: a line of [0-9]* bytes, [A-Za-z_]* says [0-9]*; not reported$'
level_withheld='^cache: Cache/level=[1-9]: implausible: L[1-9] measured [0-9]*[KMG]*, sysfs says [0-9]*[KMG]* (this CPU.s alone); not reported$'
# withheld_ok STATUS STDERR: exit 3 and every "implausible" line one of those.
withheld_ok() {
	[ "$1" -eq 3 ] && printf '%s\n' "$2" | grep -q 'implausible' &&
		! printf '%s\n' "$2" | grep 'implausible' | grep -v -e "$line_withheld" -e "$level_withheld" | grep -q .
}
run_prog cache $q -M 1m
withheld=
if withheld_ok "$TAP_STATUS" "$TAP_STDERR"; then
	printf '%s\n' "$TAP_STDERR" | grep -q "$line_withheld" && withheld=1
	diag "withheld: $(printf '%s\n' "$TAP_STDERR" | grep 'implausible')"
	TAP_STATUS=0
fi
ok 'exit 0 (or 3, the line or a level withheld, saying why) and well-formed raw records' \
	ran_well "$TAP_STATUS" "$TAP_STDOUT"
names=$(printf '%s\n' "$TAP_STDOUT" | awk '/^BenchmarkCache\/(test=line\/)?stride/ { print substr($1, 10) }' | uniq)
like 'the line test runs at 128K from the pointer size up, named test=line' "$names" '^Cache/test=line/stride=(4|8)/size=128K$'
like 'up to a 512-byte stride' "$names" '^Cache/test=line/stride=512/size=128K$'
ok 'no name is two points (the size curve and the line test apart)' sh -c '
	[ -z "$(printf "%s\n" "$1" | sort | uniq -d)" ]' sh "$names"
stride=$(printf '%s\n' "$TAP_STDOUT" | awk '/^stride: / { print $2 }')
is 'the walk ends at -M, at the stride it reports' "Cache/stride=$stride/size=1M" "$(printf '%s\n' "$names" | tail -n 1)"
ok 'every curve sample is a positive ns/op with the lower quartile of its bursts, best-ns/op' \
	sh -c 'printf "%s\n" "$1" | awk "/^BenchmarkCache\/stride/ { n++; if (\$4 != \"ns/op\" || \$6 != \"best-ns/op\" || !(\$3 > 0) || !(\$5 > 0)) exit 1 } END { exit !(n > 0) }"' sh "$TAP_STDOUT"
line=$(figure_of "$TAP_STDOUT" Cache line-bytes)
ok "a line size, if found, is the walk's stride and a power of two from 16 to 512 ($line)" \
	sh -c '[ -z "$1" ] || { [ "$1" = "$2" ] && case "$1" in 16|32|64|128|256|512) true ;; *) false ;; esac; }' sh "$line" "$stride"
# No line size found or one withheld: the run says why, in a run note.
note=$(printf '%s\n' "$TAP_STDOUT" | sed -n 's/^# line-test: //p')
ok "a Line result, or else a line-test note saying why there is none${note:+ ($note)}" \
	sh -c 'if [ -n "$1" ]; then [ -z "$2" ]; else printf "%s\n" "$2" |
		grep -Eq "^(none found|withheld): .+; the walk at [A-Za-z_ ]+.s [0-9]+ bytes\$"; fi' sh "$line" "$note"
# What sysfs says is recorded beside what was found, and the line agrees with it.
sysline=$(cat /sys/devices/system/cpu/cpu0/cache/index0/coherency_line_size 2>/dev/null || :)
if [ -n "$sysline" ] && [ -z "$TEST_WRAPPER" ]; then
	if [ -n "$withheld" ]; then
		is "a line other than sysfs's ($sysline) is withheld: no Line result" '' "$line"
	elif [ -z "$line" ] && [ -n "$note" ]; then
		# A neighbour flattened the stride curve through every pass:
		# nothing to compare, and the run said so (the test above).
		skip "no line size found in this run ($note)"
	else
		is "the line found is the one sysfs names ($sysline)" "$sysline" "$line"
	fi
	like 'sysfs-cache records its sizes and line' "$TAP_STDOUT" "^sysfs-cache: L1d? [0-9]+[KMG]? .* line $sysline\$"
else
	skip 'no line size in sysfs here (or an emulator)'
	like 'sysfs-cache says unknown' "$TAP_STDOUT" '^sysfs-cache: '
fi
# Levels, if any: sizes rising within the walk, latencies rising too.
# levels TEXT: "size ns" of each level found, in order: Cache's lines
# "1 SIZE lN-bytes" (found once: a count of 1), then "LOADS NS lN-ns/op".
levels() {
	printf '%s\n' "$1" | awk '$1 == "BenchmarkCache" && $4 ~ /^l[0-9]+-bytes$/ {
		if ($2 != 1) print "bad", $0; size = $3; want = $4; sub(/-bytes$/, "-ns/op", want); next }
		$1 == "BenchmarkCache" && $4 ~ /^l[0-9]+-ns\/op$/ {
			if ($4 != want || $2 < 2) print "bad", $0; else print size, $3 }'
}
levels=$(levels "$TAP_STDOUT")
ok 'levels are ordered: each larger and slower than the one before, all within 1M' \
	sh -c 'printf "%s\n" "$1" | awk "NF { if (\$1 <= s || \$1 > 1048576 || \$2 <= t) exit 1; s = \$1; t = \$2 }"' sh "$levels"
if [ -n "$TEST_WRAPPER" ]; then
	skip 'under an emulator the curve need not show the cache'
else
	l1=$(figure_of "$TAP_STDOUT" Cache l1-bytes)
	if [ -z "$l1" ] && printf '%s\n' "$TAP_STDERR" | grep -q '^cache: Cache/level=1: implausible: L1 measured'; then
		ok 'the first level, withheld, is another size than sysfs says' true
	else
		ok "a first level between 4K and 512K is found ($l1 bytes)" num_between 4096 "${l1:-0}" 524288
	fi
fi

# A walk through L1 and L2 into what lies behind (8M: the L2 step and a
# doubling of plateau after it): each level sysfs names (data and unified
# caches of CPU 0) is found within one step of the walk of its size, or
# stderr says why not: withheld, another size (a shared cache), or not seen.
run_prog cache $q -L 64 -M 8m
out8=$TAP_STDOUT err8=$TAP_STDERR
ok '-M 8m: exit 0, or 3 with a level withheld saying why' \
	sh -c '[ "$1" -eq 0 ] || { printf "%s\n" "$2" | grep -q "Cache/level=[1-9]: implausible: L[1-9] measured" && [ "$1" -eq 3 ]; }' \
	sh "$TAP_STATUS" "$err8"
levels8=$(levels "$out8")
ok "levels strictly grow in size and latency ($(printf '%s' "$levels8" | tr '\n' ';'))" \
	sh -c 'printf "%s\n" "$1" | awk "NF { if (\$1 <= s || \$2 <= t) exit 1; s = \$1; t = \$2 }"' sh "$levels8"
ok 'every note names a level, what the curve shows and what sysfs says' \
	sh -c '! printf "%s\n" "$1" | grep -v -e "^cache: L[1-9] measured [0-9]*[KMG]*, sysfs says [0-9]*[KMG]* (.*)\$" \
		-e "^cache: L[1-9] not seen: no step in the curve where sysfs.s [0-9]*[KMG]* ends\$" \
		-e "^cache: Cache/level=[1-9]: implausible: L[1-9] measured " | grep -q .' sh "$err8"
sysdir=/sys/devices/system/cpu/cpu0/cache
if [ -n "$TEST_WRAPPER" ] || ! [ -r "$sysdir/index0/size" ]; then
	skip 'no cache sizes in sysfs here (or an emulator: not the machine measured)'
else
	# "N SIZE" for each data or unified cache of level 1 and 2 sysfs names.
	named=$(for d in "$sysdir"/index*; do
		t=$(cat "$d/type" 2>/dev/null) || continue
		[ "$t" = Instruction ] && continue
		echo "$(cat "$d/level") $(cat "$d/size")"
	done | awk '$1 <= 2')
	# within N BYTES: level N is reported within one step of the walk of
	# BYTES (the sizes walked just below and above it), or stderr says why not.
	within() {
		printf '%s\n' "$err8" | grep -q -e "Cache/level=$1: implausible" -e "^cache: L$1 measured" \
			-e "^cache: L$1 not seen" && return 0
		printf '%s\n' "$out8" | awk -v n="$1" -v want="$2" '
		function bytes(s) { return s ~ /K$/ ? s * 1024 : s ~ /M$/ ? s * 1048576 : s + 0 }
		/^BenchmarkCache\/stride=/ { v = $1; sub(/.*size=/, "", v); v = bytes(v)
			if (v < want && v > lo) lo = v; if (v > want && (hi == 0 || v < hi)) hi = v }
		$1 == "BenchmarkCache" && $4 == "l" n "-bytes" { got = $3 }
		END { exit !(got != "" && got >= lo && (hi == 0 || got <= hi)) }'
	}
	bad=
	for n in 1 2; do
		size=$(printf '%s\n' "$named" | awk -v n=$n '$1 == n { print $2; exit }')
		[ -n "$size" ] || continue
		b=$(printf '%s\n' "$size" | awk '{ v = $1 + 0; print /K$/ ? v * 1024 : /M$/ ? v * 1048576 : v }')
		within $n "$b" || bad="$bad L$n (sysfs $size)"
	done
	ok "L1 and L2 within one step of the walk of sysfs's sizes, or a note says why not${bad:+; not:$bad}" \
		test -z "$bad"
fi

run_prog cache $q -L 64 -M 64k
withheld_ok "$TAP_STATUS" "$TAP_STDERR" && TAP_STATUS=0	# a level withheld under load, saying why
ok '-L 64: no line test, no Line result nor line-test note, every size at stride 64' \
	sh -c '[ "$1" -eq 0 ] && ! printf "%s\n" "$2" | grep -q -e " line-bytes" -e "^# line-test" &&
		printf "%s\n" "$2" | awk "/^BenchmarkCache\/stride/ { n++; if (\$1 !~ /stride=64\//) exit 1 } END { exit !(n > 20) }"' \
	sh "$TAP_STATUS" "$TAP_STDOUT"

# Memory short: the walk shrinks to fit and says so.
HOSTBENCH_MEM_AVAILABLE=1m
export HOSTBENCH_MEM_AVAILABLE
run_prog cache $q -L 64 -M 1m
unset HOSTBENCH_MEM_AVAILABLE
withheld_ok "$TAP_STATUS" "$TAP_STDERR" && TAP_STATUS=0	# L1 another size than sysfs's
ok 'memory short: the walk is reduced to 512K and the reduction recorded' \
	sh -c '[ "$1" -eq 0 ] && printf "%s\n" "$2" | grep -q "^size-reduced: -M 1M to 512K" &&
		printf "%s\n" "$2" | awk "/^BenchmarkCache\/stride/ { n = \$1 } END { exit n != \"BenchmarkCache/stride=64/size=512K\" }"' \
	sh "$TAP_STATUS" "$TAP_STDOUT"
run_prog cache -N 3 -T 1ms -o text -L 64 -M 64k
withheld_ok "$TAP_STATUS" "$TAP_STDERR" && TAP_STATUS=0	# L1 another size than sysfs's
ok 'text output: a line per size, then where the curve ends (exit 0, or 3 with a level withheld)' \
	sh -c '[ "$1" -eq 0 ] && printf "%s\n" "$2" | grep -Eq "beyond: .* ns per load at 64K"' \
	sh "$TAP_STATUS" "$TAP_OUT"
