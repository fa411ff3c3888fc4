#!/bin/sh
# stream: options, errors, the kernels of each version in order, the
# default size from the cache, sizes reduced to the memory available,
# arrays under 4 x the last-level cache named cache-sized.
. "$top_srcdir/tests/tap/libtap.sh"

plan 30
q='-N 3 -T 2ms -o raw'
# A last-level cache of 8K: the small arrays below measure "memory", and
# their names are the plain ones; the cache rule has tests of its own.
export HOSTBENCH_LLC=8k

# names_of OUTPUT: the distinct result names, in order, on one line.
names_of() {
	printf '%s\n' "$1" | awk '/^Benchmark/ && !seen[$1]++ { printf "%s%s", sep, substr($1, 10); sep = " " }'
}

# ran_well STATUS OUTPUT: exit 0, well-formed, every value in MB/s and above 0.
ran_well() {
	[ "$1" -eq 0 ] && well_formed "$2" &&
		printf '%s\n' "$2" | awk '/^Benchmark/ { n++; if ($4 != "MB/s" || !($3 > 0)) exit 1 } END { exit !(n > 0) }'
}

cli '-h exits 0 with the usage line' 0 '^usage: stream' stream -h
cli '-h explains -v and -M' 0 '-M SIZE +bytes per array' stream -h
cli '-v 3: exit 2 with the range' 2 "^stream: -v: value '3' is out of range; allowed: 1 .. 2" stream -v 3
cli '-v x: exit 2 naming -v' 2 "^stream: -v: .*'x'" stream -v x
cli '-M 1000: exit 2 with the range' 2 "^stream: -M: value '1000' is out of range; allowed: 1k" stream -M 1000
cli '-M abc: exit 2 naming -M' 2 "^stream: -M: .*'abc'" stream -M abc
cli '-M 1000008 (no multiple of 64): exit 2' 2 "^stream: -M: value '1000008' is not a multiple of 64 bytes" stream -M 1000008
cli 'an argument: exit 2' 2 "unexpected argument 'x'" stream -M 1m x
cli 'unknown option: exit 2 naming it' 2 'unknown option -q' stream -q

run_prog stream $q -M 1m
ok 'version 1, -M 1m: exit 0, well-formed, MB/s above 0' ran_well "$TAP_STATUS" "$TAP_STDOUT"
is 'copy, scale, add, triad in order, named with the array size' \
	'Stream/op=copy/size=1M Stream/op=scale/size=1M Stream/op=add/size=1M Stream/op=triad/size=1M' \
	"$(names_of "$TAP_STDOUT")"
is 'three samples each' 12 "$(printf '%s\n' "$TAP_STDOUT" | grep -c '^Benchmark')"
like 'the arrays are a config line' "$TAP_STDOUT" '^array-size: 131072 doubles [(]1M[)] per array, 3 arrays$'

run_prog stream $q -v 2 -M 64k
ok 'version 2, -M 64k: exit 0, well-formed' ran_well "$TAP_STATUS" "$TAP_STDOUT"
is 'fill, copy, daxpy, sum in order' \
	'Stream2/op=fill/size=64K Stream2/op=copy/size=64K Stream2/op=daxpy/size=64K Stream2/op=sum/size=64K' \
	"$(names_of "$TAP_STDOUT")"

run_prog stream $q -P 2 -M 256k
ok '-P 2: every copy checks its own arrays; exit 0' ran_well "$TAP_STATUS" "$TAP_STDOUT"
like '-P 2: names carry the copies' "$TAP_STDOUT" '^BenchmarkStream/op=triad/size=256K-2[[:space:]]'

# Default size: four times the last-level cache, at least 8M (STREAM's
# rules).  Only 8M available keeps the arrays small: the reduction line
# shows the want.
export HOSTBENCH_MEM_AVAILABLE=8m
HOSTBENCH_LLC=4m
run_prog stream $q
ok 'default size with 8m available: exit 0' ran_well "$TAP_STATUS" "$TAP_STDOUT"
like 'a 4M cache: 16M wanted; three arrays in half of 8M: 1M each' "$TAP_STDOUT" \
	'^size-reduced: array size 16M to 1M [(]50% of 8M available[)]$'
like '... under 4 x the cache: the names say in=cache' "$TAP_STDOUT" \
	'^BenchmarkStream/op=copy/size=1M/in=cache[[:space:]]'
like '... and the cache it was judged by is recorded' "$TAP_STDOUT" '^llc: 4M [(]HOSTBENCH_LLC[)]$'
like 'the note on stderr' "$TAP_STDERR" '^stream: array size reduced from 16M to 1M'
HOSTBENCH_LLC=8k
run_prog stream $q
like 'an 8K cache: STREAM'"'"'s least, 8M, wanted' "$TAP_STDOUT" '^size-reduced: array size 8M to 1M '
like '... and 1M arrays are past 4 x 8K: the plain names' "$TAP_STDOUT" \
	'^BenchmarkStream/op=copy/size=1M[[:space:]]'
unset HOSTBENCH_LLC
run_prog stream $q
llc=$(printf '%s\n' "$TAP_STDOUT" | sed -n 's/^llc: //p')
want=$(printf '%s\n' "$TAP_STDOUT" | sed -n 's/^size-reduced: array size \([^ ]*\) .*/\1/p')
case $llc in
unknown*) is 'no cache size known: 4 x 4M' 16M "$want" ;;
*) ok "the size wanted here is 4 x one last-level cache, at least 8M ($want, $llc)" \
	awk -v l="${llc%% *}" -v w="$want" 'function b(s) { u = substr(s, length(s)); n = s + 0
		return u == "G" ? n * 2^30 : u == "M" ? n * 2^20 : u == "K" ? n * 1024 : n }
		BEGIN { m = 4 * b(l); if (m < 2^23) m = 2^23; exit !(b(w) == m && b(l) > 0) }' ;;
esac
export HOSTBENCH_LLC=8k
run_prog stream $q -M 64m
like '-M 64m with 8m available: 1M, and the name says so' "$TAP_STDOUT" '^BenchmarkStream/op=copy/size=1M[[:space:]]'
HOSTBENCH_LLC=lots
cli 'HOSTBENCH_LLC=lots: exit 2 naming it' 2 "^stream: HOSTBENCH_LLC: 'lots' is not a size" stream $q
HOSTBENCH_LLC=8k
HOSTBENCH_MEM_AVAILABLE=4k
cli 'not even three 1k arrays fit: exit 1' 1 '^stream: not even 3 arrays of 1024 bytes fit' stream $q -M 1m
unset HOSTBENCH_MEM_AVAILABLE

run_prog stream -N 3 -T 1ms -o text -M 64k
like 'text output: median, CI and n' "$TAP_STDOUT" '^Stream/op=triad/size=64K +[0-9.]+ MB/s .*n=3[)]$'
is 'text output: one line per kernel' 4 "$(printf '%s\n' "$TAP_STDOUT" | grep -c '^Stream/op=')"
