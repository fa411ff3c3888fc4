#!/bin/sh
# tlb: options, errors, the curve's names, and a reach that makes sense.
. "$top_srcdir/tests/tap/libtap.sh"

plan 21
q='-N 3 -T 1ms -o raw'

# ran_well STATUS OUTPUT: exit 0 and well-formed raw records.
ran_well() {
	[ "$1" -eq 0 ] && well_formed "$2"
}

cli '-h exits 0 with the usage line' 0 '^usage: tlb' tlb -h
cli '-h explains -L and -M' 0 '-M MAXSIZE' tlb -h
cli 'an argument: exit 2' 2 "unexpected argument 'x'" tlb x
cli '-L abc: exit 2 naming -L' 2 "^tlb: -L: .*'abc'" tlb -L abc
cli '-L 24: exit 2, not a power of two' 2 "^tlb: -L: value '24' is not a power of two" tlb -L 24
cli '-L 1024: exit 2 with the range' 2 "^tlb: -L: value '1024' is out of range; allowed: " tlb -L 1024
cli '-M 1k: exit 2 with the range' 2 "^tlb: -M: value '1k' is out of range; allowed: 64k " tlb -M 1k
cli '-P 2: exit 2, one copy only' 2 "^tlb: -P: value '2' is out of range" tlb -P 2
cli '-I 5: exit 2' 2 '^tlb: -I: not supported' tlb -I 5
cli '-N 0: exit 2 with the range' 2 "-N: value '0' is out of range" tlb -N 0
cli 'unknown option: exit 2 naming it' 2 'unknown option -q' tlb -q

run_prog tlb $q -M 1m
ok 'exit 0 and well-formed raw records' ran_well "$TAP_STATUS" "$TAP_STDOUT"
page=$(printf '%s\n' "$TAP_STDOUT" | awk '/^page-size: / { print $2 }')
ok "the page size is recorded ($page)" num_between 1024 "${page:-0}" 1073741824
names=$(printf '%s\n' "$TAP_STDOUT" | awk '/^BenchmarkTlb\/pages/ { print substr($1, 10) }' | uniq)
is 'the curve starts at 8 pages, each count walked page by page, then packed' \
	'Tlb/pages=8/walk=page Tlb/pages=8/walk=packed Tlb/pages=10/walk=page' \
	"$(printf '%s\n' "$names" | head -n 3 | tr '\n' ' ' | sed 's/ $//')"
is 'and ends at -M in pages' "Tlb/pages=$((1048576 / ${page:-4096}))/walk=packed" \
	"$(printf '%s\n' "$names" | tail -n 1)"
ok 'every curve sample is a positive ns/op with the lower quartile of its bursts' \
	sh -c 'printf "%s\n" "$1" | awk "/^BenchmarkTlb\/pages/ { n++; if (\$4 != \"ns/op\" || \$6 != \"best-ns/op\" || !(\$3 > 0) || !(\$5 > 0)) exit 1 } END { exit !(n > 0) }"' sh "$TAP_STDOUT"
# A level: "BenchmarkTlb  1  P lN-pages  B lN-bytes", N counting from 1.
levels=$(printf '%s\n' "$TAP_STDOUT" | awk '$1 == "BenchmarkTlb" {
	n++; print $3, ($2 == 1 && $4 == "l" n "-pages" ? "pages" : "bad"), $5, ($6 == "l" n "-bytes" ? "bytes" : "bad") }')
ok 'levels: pages rising within the walk, reach = pages x page size' \
	sh -c 'printf "%s\n" "$1" | awk -v pg="$2" -v most="$3" "NF { if (\$2 != \"pages\" || \$4 != \"bytes\" || \$1 <= p || \$1 > most || \$3 != \$1 * pg) exit 1; p = \$1 }"' \
	sh "$levels" "${page:-4096}" "$((1048576 / ${page:-4096}))"
if [ -n "$TEST_WRAPPER" ]; then
	skip 'under an emulator the curve need not show the TLB'
else
	l1=$(printf '%s\n' "$levels" | awk 'NR == 1 { print $1 }')
	ok "a first TLB level is found within 256 pages ($l1)" num_between 8 "${l1:-0}" 256
fi

HOSTBENCH_MEM_AVAILABLE=1m
export HOSTBENCH_MEM_AVAILABLE
run_prog tlb $q -M 1m
unset HOSTBENCH_MEM_AVAILABLE
ok 'memory short: the span is reduced to 512K and the reduction recorded' \
	sh -c '[ "$1" -eq 0 ] && printf "%s\n" "$2" | grep -q "^size-reduced: -M 1M to 512K"' \
	sh "$TAP_STATUS" "$TAP_STDOUT"
cli '-M 64k with 16 pages of 4K or fewer: too few pages, exit 2' 2 '^tlb: -M 64K: spans [0-9]+ pages .* at least 32 are needed' tlb -M 64k
cli 'text output: a summary line per count and walk' 0 '^Tlb/pages=8/walk=packed .* ns/op' \
	tlb -N 3 -T 1ms -o text -M 256k
