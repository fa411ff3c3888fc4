#!/bin/sh
# lat_fs: options, errors, plausible values, and no file left on any exit.
. "$top_srcdir/tests/tap/libtap.sh"

plan 42
q='-N 3 -T 1ms -o raw'
dir=$(mktemp -d "${TMPDIR:-/tmp}/lat_fs-t.XXXXXX")
_tap_cleanup_hook() {
	[ -z "${pid:-}" ] || kill -KILL "$pid" 2>/dev/null || :
	rm -rf "$dir"
}

cli '-h exits 0 with the usage line' 0 '^usage: lat_fs' lat_fs -h
cli '-h explains -s and -n' 0 '-n count +files per subdirectory' lat_fs -h
cli '-s 2g: exit 2 with the range' 2 "^lat_fs: -s: value '2g' is out of range; allowed: 0 \.\. 1g" lat_fs -s 2g
cli '-s abc: exit 2 naming -s' 2 "^lat_fs: -s: 'abc'" lat_fs -s abc
cli '-n 0: exit 2 with the range' 2 "^lat_fs: -n: value '0' is out of range" lat_fs -n 0
cli '-P 0: exit 2 naming -P' 2 "^lat_fs: -P: value '0' is out of range" lat_fs -P 0
cli '-t 0: exit 2 with the range' 2 "^lat_fs: -t: value '0' is out of range; allowed: 100us \.\. 3600s" lat_fs -t 0
cli '-t abc: exit 2 naming -t' 2 "^lat_fs: -t: 'abc' is not a duration" lat_fs -t abc
cli 'two directories: exit 2' 2 "unexpected argument 'b'" lat_fs a b
cli 'a missing directory: exit 1 naming it' 1 'temporary directory in /no/such/dir' \
	lat_fs -N 1 -T 1ms /no/such/dir

# files_per_s_matches TEXT: every line's files/s is 1e9 / its ns/op (1%).
files_per_s_matches() {
	printf '%s\n' "$1" | awk '/^Benchmark/ { n++
		if ($4 != "ns/op" || $6 != "files/s" || $3 <= 0) exit 1
		r = $5 * $3 / 1e9; if (r < 0.99 || r > 1.01) exit 1 }
		END { exit !(n > 0) }'
}

TMPDIR=$dir run_prog lat_fs $q -s 0 -s 1k
is 'a run exits 0' 0 "$TAP_STATUS"
ok 'it prints well-formed raw records' well_formed "$TAP_STDOUT"
ok 'each line has ns/op and files/s, and files/s = 1e9 / ns' files_per_s_matches "$TAP_STDOUT"
for r in create/size=0K delete/size=0K create/size=1K delete/size=1K; do
	v=$(results_of "$TAP_STDOUT" "LatFs/op=$r" | median_of)
	ok "$r: between 1 ns and 10 ms per file ($v ns)" num_between 1 "$v" 10000000
done
is 'three samples per operation and size' 12 "$(printf '%s\n' "$TAP_STDOUT" | grep -c '^BenchmarkLatFs/')"
is 'nothing is left in the directory after a run' '' "$(ls -A "$dir")"

# A directory argument; two files per subdirectory spreads a batch.
run_prog lat_fs -N 2 -T 2ms -o raw -n 2 -s 10k "$dir"
ok 'dir and -n 2: exit 0 and both operations reported' \
	sh -c '[ "$1" -eq 0 ] && printf "%s\n" "$2" | grep -q "^BenchmarkLatFs/op=delete/size=10K"' \
	sh "$TAP_STATUS" "$TAP_STDOUT"
like 'the configuration names the directory' "$TAP_STDOUT" "^# dir: $dir\$"
is 'nothing is left after a run with subdirectories' '' "$(ls -A "$dir")"

# -P 2: each copy in a directory of its own; the names end in -2.
TMPDIR=$dir run_prog lat_fs -N 2 -T 1ms -o raw -P 2 -s 0
is '-P 2: exit 0' 0 "$TAP_STATUS"
ok '-P 2: well-formed, files/s = 1e9 / ns' files_per_s_matches "$TAP_STDOUT"
v=$(results_of "$TAP_STDOUT" LatFs/op=delete/size=0K-2 | median_of)
ok "-P 2: delete between 1 ns and 10 ms per file ($v ns)" num_between 1 "$v" 10000000
is '-P 2: nothing is left in the directory' '' "$(ls -A "$dir")"

# -t bounds a sample's creates by time.  Samples of -T 2s would create
# files for 2 s each; under -t 20ms a create sample makes as many files as
# about 20 ms of creates: as many as a sample of -T 20ms does, 100 times
# fewer than -T 2s would make.  The bound leaves a factor of 30 for a busy
# machine, whose calibrations may see different speeds (a wall time would
# say nothing of the count).
TMPDIR=$dir run_prog lat_fs -N 2 -T 2s -t 20ms -o raw -s 0
is '-t 20ms: exit 0' 0 "$TAP_STATUS"
ok '-t 20ms: well-formed, files/s = 1e9 / ns' files_per_s_matches "$TAP_STDOUT"
v=$(results_of "$TAP_STDOUT" LatFs/op=delete/size=0K | median_of)
ok "-t 20ms: delete between 1 ns and 10 ms per file ($v ns)" num_between 1 "$v" 10000000
most_files() {
	printf '%s\n' "$1" | awk '$1 == "BenchmarkLatFs/op=create/size=0K" && $2 > m { m = $2 } END { print m + 0 }'
}
mt=$(most_files "$TAP_STDOUT")
TMPDIR=$dir run_prog lat_fs -N 2 -T 20ms -o raw -s 0
is '-T 20ms: exit 0' 0 "$TAP_STATUS"
m20=$(most_files "$TAP_STDOUT")
ok "-t 20ms with -T 2s: a create sample has at most 30 x the files of a -T 20ms one ($mt, $m20)" \
	awk -v a="$mt" -v b="$m20" 'BEGIN { exit !(a > 0 && b > 0 && a <= 30 * b) }'
is '-t: nothing is left in the directory' '' "$(ls -A "$dir")"

run_prog lat_fs -N 3 -T 1ms -o text -s 0
like 'text output: median, CI and n' "$TAP_STDOUT" '^LatFs/op=create/size=0K +[0-9.]+ ns/op .*n=3\)$'
run_prog lat_fs -N 3 -T 1ms -o raw -I 0.01,0.2 -s 0
like '-I not reached: a warning on stderr' "$TAP_STDERR" 'op=delete/size=0K: precision target ±0.01% at 95% confidence not reached'

# A write that fails (file size limit; SIGXFSZ ignored: EFBIG).
TAP_STATUS=0
out=$( (trap '' XFSZ; ulimit -f 8; exec $TEST_WRAPPER "$(prog lat_fs)" -N 1 -T 1ms -s 1m "$dir") 2>&1) ||
	TAP_STATUS=$?
is 'a failed write: exit 1' 1 "$TAP_STATUS"
like 'the message names the file and the error' "$out" '^lat_fs: cannot write .*/0/0: File too large'
is 'nothing is left after a failure' '' "$(ls -A "$dir")"

# SIGTERM while files exist: the handler removes them and the directory.
$TEST_WRAPPER "$(prog lat_fs)" -N 100000 -T 20ms -s 0 "$dir" >/dev/null 2>&1 &
pid=$!
i=0
while [ $i -lt 100 ] && [ -z "$(ls "$dir"/hostbench.lat_fs.*/0 2>/dev/null)" ]; do
	sleep 0.1 2>/dev/null || sleep 1
	i=$((i + 1))
done
kill -TERM "$pid"
st=0
wait "$pid" || st=$?
pid=
is 'SIGTERM mid-run: the program dies of it' 143 "$st"
is 'SIGTERM mid-run: no file or directory is left' '' "$(ls -A "$dir")"

# The same while two copies make files in their directories: the copies
# are killed before their files are removed, and none is left running.
$TEST_WRAPPER "$(prog lat_fs)" -N 100000 -P 2 -T 20ms -s 0 "$dir" >/dev/null 2>&1 &
pid=$!
i=0
while [ $i -lt 100 ] && [ -z "$(ls -d "$dir"/hostbench.lat_fs.*/c2/0 2>/dev/null)" ]; do
	sleep 0.1 2>/dev/null || sleep 1
	i=$((i + 1))
done
kill -TERM "$pid"
st=0
wait "$pid" || st=$?
pid=
is 'SIGTERM with -P 2: the program dies of it' 143 "$st"
is 'SIGTERM with -P 2: no file or directory is left' '' "$(ls -A "$dir")"
sleep 1
if command -v pgrep >/dev/null 2>&1; then
	is 'SIGTERM with -P 2: no copy is left' '' "$(pgrep -f "$(prog lat_fs) -N 100000 -P 2")"
else
	skip 'no pgrep here'
fi
