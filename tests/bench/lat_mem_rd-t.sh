#!/bin/sh
# lat_mem_rd: options, errors, result names, and latency that rises with size.
. "$top_srcdir/tests/tap/libtap.sh"

plan 35
q='-N 3 -T 1ms -o raw'

# ran_well STATUS OUTPUT: exit 0 and well-formed raw records.
ran_well() {
	[ "$1" -eq 0 ] && well_formed "$2"
}

# plausible STATUS OUTPUT STDERR: well-formed raw records, and exit 0, or
# exit 3 with the last line of stderr saying what was withheld and why.
plausible() {
	well_formed "$2" && { [ "$1" -eq 0 ] || { [ "$1" -eq 3 ] &&
		printf '%s\n' "$3" | tail -n 1 | grep -q '^lat_mem_rd: LatMemRd/.*: implausible: '; }; }
}

# level_median OUTPUT LO HI: the median over the sizes in LO .. HI bytes of
# each size's lower-quartile sample (the metric's estimator).
level_median() {
	printf '%s\n' "$1" | awk -v lo="$2" -v hi="$3" '
		function bytes(s) { return s ~ /K$/ ? s * 1024 : s ~ /M$/ ? s * 1048576 : s + 0 }
		/^BenchmarkLatMemRd/ { n = split($1, a, "size="); b = bytes(a[2]);
			if (b >= lo && b <= hi) { v[a[2]] = v[a[2]] " " $3; if (!(a[2] in s)) { s[a[2]] = 1; o[++k] = a[2] } } }
		END {
			for (i = 1; i <= k; i++) {
				m = split(v[o[i]], x, " ");
				for (p = 1; p <= m; p++) for (q = p + 1; q <= m; q++) if (x[q] < x[p]) { t = x[p]; x[p] = x[q]; x[q] = t }
				f[i] = x[int((m + 3) / 4)]
			}
			for (p = 1; p <= k; p++) for (q = p + 1; q <= k; q++) if (f[q] < f[p]) { t = f[p]; f[p] = f[q]; f[q] = t }
			if (k > 0) print k % 2 ? f[(k + 1) / 2] : (f[k / 2] + f[k / 2 + 1]) / 2
		}'
}

cli '-h exits 0 with the usage line' 0 '^usage: lat_mem_rd' lat_mem_rd -h
cli '-h explains -t' 0 '-t +random' lat_mem_rd -h
cli 'no SIZE_MB: exit 2' 2 'missing argument' lat_mem_rd
cli 'SIZE_MB abc: exit 2 naming SIZE_MB' 2 "^lat_mem_rd: SIZE_MB: .*'abc'" lat_mem_rd abc
cli 'SIZE_MB 0: exit 2 with the range' 2 "^lat_mem_rd: SIZE_MB: value '0' is out of range; allowed: 1 " lat_mem_rd 0
cli 'SIZE_MB 100k0: exit 2 naming SIZE_MB' 2 "^lat_mem_rd: SIZE_MB: .*'100k0'" lat_mem_rd 100k0
cli 'SIZE_MB 256 bytes: exit 2 with the range' 2 "^lat_mem_rd: SIZE_MB: value '256b' is out of range" lat_mem_rd 256b
cli 'STRIDE x: exit 2 naming STRIDE' 2 "^lat_mem_rd: STRIDE: .*'x'" lat_mem_rd 1 x
cli 'STRIDE 13 (no pointer multiple): exit 2' 2 "^lat_mem_rd: STRIDE: value '13' is not a multiple of the pointer size" lat_mem_rd 1 13
cli 'STRIDE larger than SIZE: exit 2 with the range' 2 "^lat_mem_rd: STRIDE: value '2m' is out of range" lat_mem_rd 1 2m
cli 'STRIDE 0: exit 2 with the range' 2 "^lat_mem_rd: STRIDE: value '0' is out of range" lat_mem_rd 1 0
cli '-N 0: exit 2 with the range' 2 "-N: value '0' is out of range" lat_mem_rd -N 0 1
cli 'unknown option: exit 2 naming it' 2 'unknown option -q' lat_mem_rd -q 1

# Address order, two strides, 8 KB: lmbench's sizes 512 .. 8K for each.
run_prog lat_mem_rd $q 8k 64 128
ok 'stride walk: exit 0 and well-formed raw records' ran_well "$TAP_STATUS" "$TAP_STDOUT"
names=$(printf '%s\n' "$TAP_STDOUT" | awk '/^Benchmark/ { print substr($1, 10) }' | uniq | tr '\n' ' ')
is 'one name per stride and size, in lmbench order' \
	'LatMemRd/order=stride/stride=64/size=512 LatMemRd/order=stride/stride=64/size=1K LatMemRd/order=stride/stride=64/size=2K LatMemRd/order=stride/stride=64/size=3K LatMemRd/order=stride/stride=64/size=4K LatMemRd/order=stride/stride=64/size=6K LatMemRd/order=stride/stride=64/size=8K LatMemRd/order=stride/stride=128/size=512 LatMemRd/order=stride/stride=128/size=1K LatMemRd/order=stride/stride=128/size=2K LatMemRd/order=stride/stride=128/size=3K LatMemRd/order=stride/stride=128/size=4K LatMemRd/order=stride/stride=128/size=6K LatMemRd/order=stride/stride=128/size=8K ' \
	"$names"
is 'three samples per size' 42 "$(printf '%s\n' "$TAP_STDOUT" | grep -c '^Benchmark')"
ok 'every value is in ns/op' sh -c 'printf "%s\n" "$1" | awk "/^Benchmark/ && \$4 != \"ns/op\" { exit 1 }"' sh "$TAP_STDOUT"

run_prog lat_mem_rd $q 1 4k
is 'sizes below STRIDE are skipped: the first size is STRIDE' \
	'LatMemRd/order=stride/stride=4096/size=4K' \
	"$(printf '%s\n' "$TAP_STDOUT" | awk '/^Benchmark/ { print substr($1, 10); exit }')"

# Random order, 8 MB: far beyond the first level of cache anywhere.
run_prog lat_mem_rd -t $q 8
ok "random chase: exit 0 (or 3, saying what it withheld) and well-formed raw records ($TAP_STATUS)" \
	plausible "$TAP_STATUS" "$TAP_STDOUT" "$TAP_STDERR"
ok 'every value is above 0' \
	sh -c 'printf "%s\n" "$1" | awk "/^Benchmark/ { n++; if (!(\$3 > 0)) exit 1 } END { exit !(n > 0) }"' sh "$TAP_STDOUT"
small=$(results_of "$TAP_STDOUT" LatMemRd/order=random/stride=64/size=512 | median_of)
large=$(results_of "$TAP_STDOUT" LatMemRd/order=random/stride=64/size=8M | median_of)
ok "a load at 8M is slower than at 512 bytes ($large vs $small ns)" \
	awk -v s="$small" -v l="$large" 'BEGIN { exit !(s > 0 && l > 1.5 * s) }'
# A load that misses L1 costs at least what a hit costs: the sizes well
# within the L1 sysfs names against those well within the L2 (10% for noise).
l1=$(sed 's/K$//' /sys/devices/system/cpu/cpu0/cache/index0/size 2>/dev/null || :)
l2=$(sed 's/K$//' /sys/devices/system/cpu/cpu0/cache/index2/size 2>/dev/null || :)
if [ -n "$TEST_WRAPPER" ] || [ -z "$l1" ] || [ -z "$l2" ] \
   || [ "$(cat /sys/devices/system/cpu/cpu0/cache/index0/type)" != Data ] \
   || [ $((l2 * 1024)) -gt 4194304 ] || [ $((l2)) -lt $((l1 * 4)) ]; then
	skip 'no L1 and L2 sizes in sysfs to tell the levels by (or an emulator)'
else
	m1=$(level_median "$TAP_STDOUT" 512 $((l1 * 1024 * 3 / 4)))
	m2=$(level_median "$TAP_STDOUT" $((l1 * 1024 * 3 / 2)) $((l2 * 1024 * 3 / 4)))
	ok "L1 (${l1}K: $m1 ns) is not slower than L2 (${l2}K: $m2 ns)" \
		awk -v a="$m1" -v b="$m2" 'BEGIN { exit !(a > 0 && b > 0 && a <= 1.1 * b) }'
fi
is 'the last size is SIZE_MB' 'LatMemRd/order=random/stride=64/size=8M' \
	"$(printf '%s\n' "$TAP_STDOUT" | awk '/^Benchmark/ { n = substr($1, 10) } END { print n }')"

run_prog lat_mem_rd -P 2 $q 16k
ok "-P 2: each size measured as it goes, exit 0 and well-formed ($TAP_STATUS)" \
	ran_well "$TAP_STATUS" "$TAP_STDOUT"

run_prog lat_mem_rd -N 3 -T 1ms -o text 2k
is 'text output: one line per size' 3 "$(printf '%s\n' "$TAP_STDOUT" | grep -c '^LatMemRd/order=stride/stride=64/size=.* ns/op')"

# A small board: the walk stops at the size that fits half the memory.
export HOSTBENCH_MEM_AVAILABLE=8m
run_prog lat_mem_rd -t $q 64 16
ok "-t 64 16 with 8m available: exit 0 ($TAP_STATUS)" ran_well "$TAP_STATUS" "$TAP_STDOUT"
# Per 16 bytes, 16 of buffer and a size_t of order: 24 (2M) or 20 (3M).
like 'buffer and random order fit in 4M: 2M (3M with 32-bit size_t), a config line' "$TAP_STDOUT" \
	'^size-reduced: SIZE_MB 64M to [23]M [(]50% of 8M available[)]$'
got=$(printf '%s\n' "$TAP_STDOUT" | sed -n 's/^size-reduced: SIZE_MB 64M to \([23]M\) .*/\1/p')
like 'and a note on stderr' "$TAP_STDERR" "^lat_mem_rd: SIZE_MB reduced from 64M to ${got:-none}"
is 'the last size is the one used' "LatMemRd/order=random/stride=16/size=${got:-none}" \
	"$(printf '%s\n' "$TAP_STDOUT" | awk '/^Benchmark/ { n = substr($1, 10) } END { print n }')"
HOSTBENCH_MEM_AVAILABLE=1000
cli 'not even 512 bytes fit: exit 1 saying so' 1 '^lat_mem_rd: SIZE_MB 1: not even 512 bytes fit' lat_mem_rd $q 1
unset HOSTBENCH_MEM_AVAILABLE

# Huge pages: where the system grants them, the names say so and smaps
# confirms them; elsewhere exit 77 with the reason.
run_prog lat_mem_rd -H -t $q 4
if [ "$TAP_STATUS" -eq 77 ]; then
	like '-H unsupported here: exit 77 with a one-line reason' "$TAP_STDERR" '^lat_mem_rd: -H: no huge pages here: '
	skip "-H: $TAP_STDERR"
	skip '-H: no huge pages'
else
	ok "-H: exit 0 and well-formed raw records ($TAP_STATUS)" ran_well "$TAP_STATUS" "$TAP_STDOUT"
	like '-H: a config line says how many bytes smaps shows in huge pages' "$TAP_STDOUT" \
		'^# huge-pages: (thp|hugetlb), [1-9][0-9]*[KM]? of 4M in huge pages [(]smaps[)]$|^# huge-pages: (thp|hugetlb), unverified$'
	is '-H: every name carries pages=huge' 0 \
		"$(printf '%s\n' "$TAP_STDOUT" | grep '^Benchmark' | grep -vc '^BenchmarkLatMemRd/order=random/stride=64/pages=huge/size=')"
fi

# Its own option (-t) and the shared ones between and after the operands.
run_prog lat_mem_rd 1 -t -N 3 -T 1ms -o raw 128
ok "options between and after the operands: exit 0 (or 3, saying what it withheld) ($TAP_STATUS)" \
	plausible "$TAP_STATUS" "$TAP_STDOUT" "$TAP_STDERR"
is '... they apply: random order (-t), stride 128, 3 samples of the 1 MB size' 3 \
	"$(results_of "$TAP_STDOUT" LatMemRd/order=random/stride=128/size=1M | wc -l | tr -d ' ')"
