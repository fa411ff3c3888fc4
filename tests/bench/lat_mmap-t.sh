#!/bin/sh
# lat_mmap: options, errors, plausible values, the file kept intact, and no
# temporary file left on any exit.
. "$top_srcdir/tests/tap/libtap.sh"

plan 23
q='-N 3 -T 1ms -o raw'
dir=$(mktemp -d "${TMPDIR:-/tmp}/lat_mmap-t.XXXXXX")
_tap_cleanup_hook() {
	[ -z "${pid:-}" ] || kill -KILL "$pid" 2>/dev/null || :
	rm -rf "$dir"
}
small=$dir/small
printf 'only a few bytes\n' >"$small"

cli '-h exits 0 with the usage line' 0 '^usage: lat_mmap' lat_mmap -h
cli '-h explains -r' 0 '-r +sparse' lat_mmap -h
cli 'no SIZE: exit 2' 2 'missing argument' lat_mmap
cli 'SIZE 1k: exit 2 with the range' 2 "^lat_mmap: SIZE: value '1k' is out of range; allowed: 16k \.\. 1g" lat_mmap 1k
cli 'SIZE abc: exit 2 naming SIZE' 2 "^lat_mmap: SIZE: 'abc'" lat_mmap abc
cli 'a third argument: exit 2' 2 "unexpected argument 'x'" lat_mmap 1m "$small" x
cli 'a file shorter than SIZE: exit 2 naming both' 2 "file '$small' has 17 bytes, fewer than SIZE 1m" lat_mmap 1m "$small"
cli 'a directory: exit 2' 2 'is not a regular file' lat_mmap 1m "$dir"
cli 'a missing file: exit 1 naming it' 1 'no/such/file' lat_mmap 1m /no/such/file

# ran_well STATUS OUTPUT NAME: exit 0, well-formed, and NAME's median
# between 100 ns and 100 ms per cycle.
ran_well() {
	v=$(results_of "$2" "$3" | median_of)
	[ "$1" -eq 0 ] && well_formed "$2" && num_between 100 "$v" 100000000
}

TMPDIR=$dir run_prog lat_mmap $q 1m
ok 'dense 1M: well-formed, 100 ns .. 100 ms per cycle' ran_well "$TAP_STATUS" "$TAP_STDOUT" LatMmap/touch=dense/size=1M
is 'three samples' 3 "$(results_of "$TAP_STDOUT" LatMmap/touch=dense/size=1M | wc -l | tr -d ' ')"
like 'raw output names the benchmark' "$TAP_STDOUT" '^bench: lat_mmap$'
TMPDIR=$dir run_prog lat_mmap $q -r 1m
ok 'sparse (-r) 1M: well-formed, 100 ns .. 100 ms per cycle' ran_well "$TAP_STATUS" "$TAP_STDOUT" LatMmap/touch=sparse/size=1M
is 'no temporary file is left after a run' 'small' "$(ls -A "$dir")"

# A given file: mapped and written to, but its bytes stay as they were.
big=$dir/big
awk 'BEGIN { for (i = 0; i < 40000; i++) printf "line %d of the file\n", i }' >"$big"
before=$(cksum <"$big")
run_prog lat_mmap $q 512k "$big"
ok 'a given file: well-formed, 100 ns .. 100 ms per cycle' ran_well "$TAP_STATUS" "$TAP_STDOUT" LatMmap/touch=dense/size=512K
is 'a given file keeps its contents' "$before" "$(cksum <"$big")"
rm -f "$big"

run_prog lat_mmap -N 3 -T 1ms -o text 64k
like 'text output: median, CI and n' "$TAP_STDOUT" '^LatMmap/touch=dense/size=64K +[0-9.]+ ns/op .*n=3\)$'

# Writing the temporary file fails (file size limit; SIGXFSZ ignored).
TAP_STATUS=0
out=$( (trap '' XFSZ; ulimit -f 8; TMPDIR=$dir exec $TEST_WRAPPER "$(prog lat_mmap)" -N 1 -T 1ms 1m) 2>&1) ||
	TAP_STATUS=$?
is 'a failed write: exit 1' 1 "$TAP_STATUS"
like 'the message names the file and the error' "$out" '^lat_mmap: cannot write .*hostbench\.lat_mmap\..*: File too large'
is 'nothing is left after a failure' 'small' "$(ls -A "$dir")"

# SIGTERM mid-run with parallel copies: no file and no process is left.
TMPDIR=$dir $TEST_WRAPPER "$(prog lat_mmap)" -N 100000 -P 2 -T 20ms 1m >/dev/null 2>&1 &
pid=$!
sleep 1
kill -TERM "$pid"
st=0
wait "$pid" || st=$?
pid=
is 'SIGTERM mid-run: the program dies of it' 143 "$st"
is 'SIGTERM mid-run: no temporary file is left' 'small' "$(ls -A "$dir")"
sleep 1
if [ -d /proc/self ]; then
	is 'SIGTERM mid-run: no parallel copy is left' '' "$(pids_with_env "TMPDIR=$dir")"
else
	skip 'no /proc here'
fi
