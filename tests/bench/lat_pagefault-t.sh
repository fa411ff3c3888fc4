#!/bin/sh
# lat_pagefault: options, errors, plausible values, one fault per page read
# (getrusage), cold faults that read the disk, and no temporary file left.
. "$top_srcdir/tests/tap/libtap.sh"

plan 30
q='-N 3 -T 1ms -o raw'
dir=$(mktemp -d "${TMPDIR:-/tmp}/lat_pagefault-t.XXXXXX")
_tap_cleanup_hook() {
	[ -z "${pid:-}" ] || kill -KILL "$pid" 2>/dev/null || :
	rm -rf "$dir"
}

cli '-h exits 0 with the usage line' 0 '^usage: lat_pagefault' lat_pagefault -h
cli '-h explains -C, -a and -s' 0 '-s SIZE +bytes mapped' lat_pagefault -h
cli '-s 1k: exit 2 with the range' 2 "^lat_pagefault: -s: value '1k' is out of range; allowed: 64k \.\. 64m" lat_pagefault -s 1k
cli '-s abc: exit 2 naming -s' 2 "^lat_pagefault: -s: 'abc'" lat_pagefault -s abc
cli '-P 0: exit 2 naming -P' 2 "^lat_pagefault: -P: value '0' is out of range" lat_pagefault -P 0
cli 'two files: exit 2' 2 "unexpected argument 'b'" lat_pagefault a b
cli 'a directory: exit 2' 2 'is not a regular file' lat_pagefault "$dir"
cli 'a missing file: exit 1 naming it' 1 'no/such/file' lat_pagefault /no/such/file

# status_and_value STATUS VALUE LO HI: exit 0, and LO <= VALUE <= HI.
status_and_value() {
	[ "$1" -eq 0 ] && num_between "$3" "$2" "$4"
}

# faults_per_page TEXT minor|major: from the page-faults configuration line.
faults_per_page() {
	printf '%s\n' "$1" | awk -v k="$2" '/^# page-faults: / { print (k == "minor" ? $3 : $5) + 0 }'
}

TMPDIR=$dir run_prog lat_pagefault $q -s 1m
v=$(results_of "$TAP_STDOUT" LatPagefault/cache=hot | median_of)
is 'hot: exit 0' 0 "$TAP_STATUS"
ok 'hot: well-formed raw records' well_formed "$TAP_STDOUT"
ok "hot: between 1 ns and 1 ms per fault ($v ns)" num_between 1 "$v" 1000000
is 'hot: three samples' 3 "$(results_of "$TAP_STDOUT" LatPagefault/cache=hot | wc -l | tr -d ' ')"
f=$(faults_per_page "$TAP_STDOUT" minor)
ok "hot: one minor fault per page read ($f; no fault-around)" num_between 0.9 "$f" 1.3
is 'no temporary file is left after a run' '' "$(ls -A "$dir")"

TMPDIR=$dir run_prog lat_pagefault $q -a -s 1m
v=$(results_of "$TAP_STDOUT" LatPagefault/faultaround=on/cache=hot | median_of)
ok "-a: exit 0, between 1 ns and 1 ms per page ($v ns)" \
	status_and_value "$TAP_STATUS" "$v" 1 1000000
f=$(faults_per_page "$TAP_STDOUT" minor)
ok "-a: at most one fault per page read ($f)" num_between 0 "$f" 1.3

TMPDIR=$dir run_prog lat_pagefault $q -P 2 -s 256k
v=$(results_of "$TAP_STDOUT" LatPagefault/cache=hot-2 | median_of)
ok "-P 2: exit 0, between 1 ns and 1 ms per fault ($v ns)" \
	status_and_value "$TAP_STATUS" "$v" 1 1000000

# Cold: a file on the test directory's file system, dropped before each map.
file=$dir/data
awk 'BEGIN { for (i = 0; i < 20000; i++) printf "line %d of the file\n", i }' >"$file"
run_prog lat_pagefault $q -C "$file"
if [ "$TAP_STATUS" -eq 77 ]; then
	like '-C where pages cannot be dropped: exit 77 with the reason' "$TAP_OUT" 'stay cached'
	skip '-C: the pages of this file system cannot be dropped'
	skip '-C: the pages of this file system cannot be dropped'
else
	v=$(results_of "$TAP_STDOUT" LatPagefault/cache=cold | median_of)
	ok "cold: exit 0, between 100 ns and 1 s per fault ($v ns)" \
		status_and_value "$TAP_STATUS" "$v" 100 1000000000
	f=$(faults_per_page "$TAP_STDOUT" major)
	if [ -n "$TEST_WRAPPER" ]; then
		skip "cold: qemu-user ignores madvise, so the host reads ahead ($f major faults per page)"
	else
		ok "cold: one major fault per page read ($f)" num_between 0.9 "$f" 1.3
	fi
	like 'cold: the file is read in whole pages' "$TAP_STDOUT" '^# page-faults: .* pages of [0-9]+ bytes\)$'
fi
rm -f "$file"

run_prog lat_pagefault -N 3 -T 1ms -o text -s 64k
like 'text output: median, CI and n' "$TAP_STDOUT" '^LatPagefault/cache=hot +[0-9.]+ ns/op .*n=3\)$'
run_prog lat_pagefault -N 3 -T 1ms -o raw -I 0.01,0.2 -s 64k
like '-I not reached: a warning on stderr' "$TAP_STDERR" 'cache=hot: precision target ±0.01% at 95% confidence not reached'

# Writing the temporary file fails (file size limit; SIGXFSZ ignored).
TAP_STATUS=0
out=$( (trap '' XFSZ; ulimit -f 8; TMPDIR=$dir exec $TEST_WRAPPER "$(prog lat_pagefault)" -N 1 -T 1ms) 2>&1) ||
	TAP_STATUS=$?
is 'a failed write: exit 1' 1 "$TAP_STATUS"
like 'the message names the file and the error' "$out" '^lat_pagefault: cannot write .*hostbench\.lat_pagefault\..*: File too large'
is 'nothing is left after a failure' '' "$(ls -A "$dir")"

# SIGTERM mid-run: the temporary file is removed.
TMPDIR=$dir $TEST_WRAPPER "$(prog lat_pagefault)" -N 100000 -T 20ms -s 1m >/dev/null 2>&1 &
pid=$!
sleep 1
kill -TERM "$pid"
st=0
wait "$pid" || st=$?
pid=
is 'SIGTERM mid-run: the program dies of it' 143 "$st"
is 'SIGTERM mid-run: no temporary file is left' '' "$(ls -A "$dir")"

# The same with two copies faulting: no file and no copy is left.
TMPDIR=$dir $TEST_WRAPPER "$(prog lat_pagefault)" -N 100000 -P 2 -T 20ms -s 1m >/dev/null 2>&1 &
pid=$!
sleep 1
kill -TERM "$pid"
st=0
wait "$pid" || st=$?
pid=
is 'SIGTERM with -P 2: the program dies of it' 143 "$st"
is 'SIGTERM with -P 2: no temporary file is left' '' "$(ls -A "$dir")"
sleep 1
if command -v pgrep >/dev/null 2>&1; then
	is 'SIGTERM with -P 2: no copy is left' '' "$(pgrep -f "$(prog lat_pagefault) -N 100000 -P 2")"
else
	skip 'no pgrep here'
fi
