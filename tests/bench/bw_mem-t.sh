#!/bin/sh
# bw_mem: options, errors, and plausible bandwidth for every operation;
# buffers under 4 x the last-level cache named cache-sized.
. "$top_srcdir/tests/tap/libtap.sh"

ops='rd wr rdwr cp frd fwr fcp bzero bcopy'
plan 55
q='-N 3 -T 2ms -o raw'
# A last-level cache of 8K: the small sizes below measure "memory", and
# their names are the plain ones; the cache rule has tests of its own.
export HOSTBENCH_LLC=8k

cli '-h exits 0 with the usage line' 0 '^usage: bw_mem' bw_mem -h
cli '-h lists the operations' 0 'rd[|]wr[|]rdwr[|]cp' bw_mem -h
cli 'no arguments: exit 2' 2 'missing argument' bw_mem
cli 'no operation: exit 2 naming the operation as missing, not SIZE' 2 \
	"^bw_mem: missing argument after SIZE '64k': rd[|]wr[|]rdwr[|]" bw_mem 64k
cli 'SIZE abc: exit 2 naming SIZE' 2 "^bw_mem: SIZE: .*'abc'" bw_mem abc rd
cli 'SIZE 256 (below 512): exit 2 with the range' 2 "^bw_mem: SIZE: value '256' is out of range; allowed: 512" bw_mem 256 rd
cli 'SIZE 2000g: exit 2 with the range' 2 "^bw_mem: SIZE: value '2000g' is out of range" bw_mem 2000g rd
cli 'SIZE 1000 (not a multiple of 64): exit 2' 2 "^bw_mem: SIZE: value '1000' is not a multiple of 64" bw_mem 1000 rd
cli 'unknown operation: exit 2 naming it and the allowed ones' 2 "unknown operation 'rdx'; allowed: rd, wr" bw_mem 64k rdx
cli 'unknown option: exit 2 naming it' 2 'unknown option -q' bw_mem -q 64k rd
cli '-N 0: exit 2 with the range' 2 "-N: value '0' is out of range" bw_mem -N 0 64k rd
cli '-T 0: exit 2 naming -T' 2 '^bw_mem: -T' bw_mem -T 0 64k rd
cli 'a third argument: exit 2' 2 "unexpected argument 'conflict'" bw_mem 64k bcopy conflict
cli 'an option between the operands: its bad value is named (exit 2)' 2 \
	"^bw_mem: -N: value '0' is out of range" bw_mem 64k -N 0 rd
run_prog bw_mem 64k rd -N 2 -T 1ms -o raw
is 'options after the operands apply: 2 raw samples of rd' 2 \
	"$(results_of "$TAP_STDOUT" BwMem/op=rd/size=64K | wc -l | tr -d ' ')"

# Every operation: exit 0, well-formed records under its name, value > 0.
for op in $ops; do
	run_prog bw_mem $q 64k "$op"
	v=$(results_of "$TAP_STDOUT" "BwMem/op=$op/size=64K" | median_of)
	ok "$op 64k: exit 0" test "$TAP_STATUS" -eq 0
	ok "$op 64k: well-formed raw records, median $v MB/s > 0" \
		sh -c '[ -n "$2" ] && printf "%s\n" "$1" | awk "/^Benchmark/ && \$4 != \"MB/s\" { exit 1 }" &&
			awk -v v="$2" "BEGIN { exit !(v > 0) }"' sh "$TAP_STDOUT" "$v"
done

run_prog bw_mem $q 1m rd
rd=$(results_of "$TAP_STDOUT" BwMem/op=rd/size=1M | median_of)
ok "rd 1m is above 10 MB/s ($rd MB/s)" num_between 10 "$rd" 1e9
is 'rd prints one line per sample' 3 "$(results_of "$TAP_STDOUT" BwMem/op=rd/size=1M | wc -l | tr -d ' ')"
ok 'rd 1m output is well-formed' well_formed "$TAP_STDOUT"

run_prog bw_mem $q 64000 rd
is 'a size that is no whole K is named in bytes' 3 \
	"$(results_of "$TAP_STDOUT" BwMem/op=rd/size=64000 | wc -l | tr -d ' ')"

# A small board: sizes shrink to half the memory available, and say so.
export HOSTBENCH_MEM_AVAILABLE=8m
run_prog bw_mem $q 64m cp
ok "64m cp with 8m available: exit 0 ($TAP_STATUS)" test "$TAP_STATUS" -eq 0
like 'the reduction is a config line: two buffers of 2M in half of 8M' "$TAP_STDOUT" \
	'^size-reduced: SIZE 64M to 2M [(]50% of 8M available[)]$'
like 'and a note on stderr' "$TAP_STDERR" '^bw_mem: SIZE reduced from 64M to 2M'
is 'the result name carries the size used' 3 "$(results_of "$TAP_STDOUT" BwMem/op=cp/size=2M | wc -l | tr -d ' ')"
run_prog bw_mem $q 64m rd
like 'one buffer (rd): 4M' "$TAP_STDOUT" '^size-reduced: SIZE 64M to 4M '
run_prog bw_mem $q 2m cp
ok 'a size that fits is not reduced' \
	sh -c '[ "$1" -eq 0 ] && ! printf "%s\n" "$2" | grep -q size-reduced && printf "%s\n" "$2" | grep -q "^BenchmarkBwMem/op=cp/size=2M[[:space:]]"' \
	sh "$TAP_STATUS" "$TAP_STDOUT"
run_prog bw_mem $q -P 2 64m cp
like '-P 2: three sets of two buffers share the 4M (682K each)' "$TAP_STDOUT" \
	'^BenchmarkBwMem/op=cp/size=682K-2[[:space:]]'
HOSTBENCH_MEM_AVAILABLE=1000
cli 'not even 512 bytes fit: exit 1 saying so' 1 \
	'^bw_mem: SIZE 64m: not even 512 bytes per buffer fit in 50% of the 1000 bytes' bw_mem $q 64m rd
unset HOSTBENCH_MEM_AVAILABLE

# The cache rule (STREAM's, per buffer): under 4 x the last-level cache
# the caches hold part or all of it, and the name says so.
HOSTBENCH_LLC=1m
run_prog bw_mem $q 1m rd
is 'a 1m buffer with a 1M last-level cache: cache-sized, named in=cache' 3 \
	"$(results_of "$TAP_STDOUT" BwMem/op=rd/size=1M/in=cache | wc -l | tr -d ' ')"
like '... and the cache it was judged by recorded' "$TAP_STDOUT" '^llc: 1M [(]HOSTBENCH_LLC[)]$'
run_prog bw_mem $q 4m rd
is '4m, 4 x the cache: the memory, the plain name' '3 0' \
	"$(results_of "$TAP_STDOUT" BwMem/op=rd/size=4M | wc -l | tr -d ' ') $(printf '%s\n' "$TAP_STDOUT" | grep -c in=cache)"
run_prog bw_mem $q 4032k cp
is 'a copy: each of its buffers counts, 4032k of two is cache-sized' 3 \
	"$(results_of "$TAP_STDOUT" BwMem/op=cp/size=4032K/in=cache | wc -l | tr -d ' ')"
export HOSTBENCH_MEM_AVAILABLE=8m
run_prog bw_mem $q 64m rd
is 'cut to fit 8m (4M): still past a 1M cache, the plain name' 3 \
	"$(results_of "$TAP_STDOUT" BwMem/op=rd/size=4M | wc -l | tr -d ' ')"
HOSTBENCH_MEM_AVAILABLE=4m
run_prog bw_mem $q 64m rd
is 'cut to 2M by 4m available: under 4 x the cache, in=cache' 3 \
	"$(results_of "$TAP_STDOUT" BwMem/op=rd/size=2M/in=cache | wc -l | tr -d ' ')"
unset HOSTBENCH_MEM_AVAILABLE
run_prog bw_mem $q -P 2 2m rd
is '-P 2: one cache, so 2m each is under its 4M' 3 \
	"$(results_of "$TAP_STDOUT" BwMem/op=rd/size=2M/in=cache-2 | wc -l | tr -d ' ')"
HOSTBENCH_LLC=lots
cli 'HOSTBENCH_LLC=lots: exit 2 naming it' 2 "^bw_mem: HOSTBENCH_LLC: 'lots' is not a size" \
	bw_mem $q 1m rd
HOSTBENCH_LLC=
run_prog bw_mem $q 1m rd
like 'no HOSTBENCH_LLC: the cache sysfs tells, or 4M assumed' "$TAP_STDOUT" \
	'^llc: ([0-9]+[KMG]( x [0-9]+)?|unknown [(]4M assumed[)])$'
HOSTBENCH_LLC=8k

# ulimit -v is memory the program cannot have: it runs smaller, not dies.
if [ -n "$TEST_WRAPPER" ]; then
	skip 'ulimit -v would limit the emulator, not the program'
elif [ -n "${HB_SANITIZERS:-}" ]; then
	skip "ulimit -v: $HB_SANITIZERS sanitizers reserve terabytes of address space"
else
	st=0
	out=$( (ulimit -v 200000 && exec "$(prog bw_mem)" $q 512m rd) 2>/dev/null) || st=$?
	sz=$(printf '%s\n' "$out" | sed -n 's/^BenchmarkBwMem\/op=rd\/size=\([0-9]*\)M[[:space:]].*/\1/p' | head -n 1)
	ok "512m under ulimit -v 200000: exit 0 at a size within the limit (${sz}M, $st)" \
		sh -c '[ "$1" -eq 0 ] && [ -n "$2" ] && [ "$2" -ge 48 ] && [ "$2" -le 97 ]' sh "$st" "$sz"
fi
