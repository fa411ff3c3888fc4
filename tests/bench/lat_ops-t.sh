#!/bin/sh
# lat_ops: options, errors, and physically possible latencies and parallelism.
. "$top_srcdir/tests/tap/libtap.sh"

plan 24
q='-N 3 -T 2ms -o raw'

cli '-h exits 0 with the usage line' 0 '^usage: lat_ops' lat_ops -h
cli '-h lists the types and operations' 0 'int, int64, float, double' lat_ops -h
cli 'unknown operation: exit 2 naming it' 2 "unknown operation 'int/pow'" lat_ops int/pow
cli 'bogo has no int: exit 2' 2 "unknown operation 'int/bogo'" lat_ops int/bogo
cli 'unknown option: exit 2 naming it' 2 'unknown option -q' lat_ops -q
cli '-k 3: exit 2, not a power of two' 2 "-k: value '3' is not a power of two" lat_ops -k 3
cli '-k 32: exit 2 with the range' 2 "-k: value '32' is out of range; allowed: 1 \.\. 16" lat_ops -k 32
cli '-N 0: exit 2 with the range' 2 "-N: value '0' is out of range" lat_ops -N 0
cli '-P 2: exit 2 naming -P' 2 "^lat_ops: -P: value '2'" lat_ops -P 2
cli '-I 1: exit 2 naming -I' 2 '^lat_ops: -I: not supported' lat_ops -I 1

# Every row of lmbench's tables, in one short run.
run_prog lat_ops $q
out=$TAP_STDOUT
ok 'a full run exits 0' test "$TAP_STATUS" -eq 0
ok 'a full run prints well-formed raw records' well_formed "$out"
is '18 latencies and 16 parallelisms, 3 samples each' 102 \
	"$(printf '%s\n' "$out" | grep -Ec '^Benchmark(Lat|Par)Ops/type=')"
add=$(results_of "$out" LatOps/type=int/op=add | median_of)
ok "int add is above 0 and below 10 ns ($add ns)" \
	awk -v v="$add" 'BEGIN { exit !(v != "" && v > 0 && v < 10) }'
ok 'every latency is above 0 ns/op' sh -c 'printf "%s\n" "$1" |
	awk "/^BenchmarkLatOps/ { n++; if (\$3 <= 0 || \$4 != \"ns/op\") bad++ } END { exit !(n == 54 && !bad) }"' sh "$out"
ok 'every parallelism is above 0 and at most 17 x' sh -c 'printf "%s\n" "$1" |
	awk "/^BenchmarkParOps/ { n++; if (\$3 <= 0 || \$3 > 17 || \$4 != \"x\") bad++ } END { exit !(n == 48 && !bad) }"' sh "$out"
div=$(results_of "$out" LatOps/type=double/op=div | median_of)
ok "double div is above 0 and below 1 ms ($div ns)" num_between 0.01 "$div" 1000000

# Selection: TYPE/OP, TYPE or OP; mod needs add's latency but prints only mod.
run_prog lat_ops $q int/mod
is 'int/mod prints LatOps and ParOps for int mod only' \
	'BenchmarkLatOps/type=int/op=mod BenchmarkParOps/type=int/op=mod' \
	"$(printf '%s\n' "$TAP_STDOUT" | awk '/^Benchmark/ { print $1 }' | sort -u | tr '\n' ' ' | sed 's/ $//')"
mod=$(results_of "$TAP_STDOUT" LatOps/type=int/op=mod | median_of)
ok "int mod, its add subtracted, is above 0 ns ($mod ns)" num_between 0.01 "$mod" 1000000
run_prog lat_ops $q -k 1 bogo
is '-k 1 bogo: float and double bogo latencies only' \
	'BenchmarkLatOps/type=double/op=bogo BenchmarkLatOps/type=float/op=bogo' \
	"$(printf '%s\n' "$TAP_STDOUT" | awk '/^Benchmark/ { print $1 }' | sort -u | tr '\n' ' ' | sed 's/ $//')"
run_prog lat_ops -N 3 -T 2ms -o text -k 2 int64
like 'text output: one line per metric with CI and n' "$TAP_STDOUT" \
	'^ParOps/type=int64/op=mul +[0-9.]+ x .*CI .*n=3\)$'

# No temporary files, no children; SIGTERM ends it like any program.
dir=$(mktemp -d "${TMPDIR:-/tmp}/lat_ops-t.XXXXXX")
_tap_cleanup_hook() { rm -rf "$dir"; }
TMPDIR=$dir $TEST_WRAPPER "$(prog lat_ops)" $q int/add >/dev/null
is 'nothing is left in TMPDIR after a run' '' "$(ls -A "$dir")"
TMPDIR=$dir $TEST_WRAPPER "$(prog lat_ops)" -N 100000 -o raw >/dev/null &
pid=$!
sleep 1
kill -TERM "$pid"
st=0
wait "$pid" || st=$?
ok "SIGTERM mid-run ends it with the signal's status ($st)" test "$st" -eq 143
is 'nothing is left in TMPDIR after SIGTERM' '' "$(ls -A "$dir")"
