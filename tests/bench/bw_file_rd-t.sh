#!/bin/sh
# bw_file_rd (and bw_mmap_rd, whose test runs this one with P and ONCE
# set): options, errors, plausible bandwidth, a given file, sizes reduced
# to the memory available, and no temporary file left on any exit.
. "$top_srcdir/tests/tap/libtap.sh"

: "${P:=bw_file_rd}" "${ONCE:=io_only}"
case $P in
bw_file_rd) R=BwFileRd ;;
*) R=BwMmapRd ;;
esac

plan 35
q='-N 3 -T 2ms -o raw'
dir=$(mktemp -d "${TMPDIR:-/tmp}/$P-t.XXXXXX")
_tap_cleanup_hook() {
	[ -z "${pid:-}" ] || kill -KILL "$pid" 2>/dev/null || :
	rm -rf "$dir"
}
mkdir "$dir/tmp"
small=$dir/small
printf 'only a few bytes\n' >"$small"
big=$dir/big
awk 'BEGIN { for (i = 0; i < 120000; i++) printf "line %d of the file\n", i }' >"$big"

# ran_well STATUS OUTPUT NAME: exit 0, well-formed, three samples of NAME
# with a median above 1 MB/s.
ran_well() {
	v=$(results_of "$2" "$3" | median_of)
	[ "$1" -eq 0 ] && well_formed "$2" && [ "$(results_of "$2" "$3" | wc -l)" -eq 3 ] &&
		num_between 1 "$v" 1e9
}

cli '-h exits 0 with the usage line' 0 "^usage: $P .*SIZE $ONCE[|]open2close [[]FILE[]]" $P -h
cli 'no arguments: exit 2' 2 'missing argument' $P
cli 'no operation: exit 2' 2 'missing argument' $P 1m
cli 'SIZE abc: exit 2 naming SIZE' 2 "^$P: SIZE: .*'abc'" $P abc $ONCE
cli 'SIZE 1000 (below 4k): exit 2 with the range' 2 "^$P: SIZE: value '1000' is out of range; allowed: 4k" $P 1000 $ONCE
cli 'SIZE 5000 (no multiple of 4k): exit 2' 2 "^$P: SIZE: value '5000' is not a multiple of 4k" $P 5000 $ONCE
cli 'unknown operation: exit 2 naming the allowed ones' 2 "unknown operation 'rd'; allowed: $ONCE, open2close" $P 1m rd
cli 'a fourth argument: exit 2' 2 "unexpected argument 'x'" $P 1m $ONCE "$big" x
cli 'a FILE shorter than SIZE: exit 2 naming both' 2 \
	"^$P: FILE: '.*small' has 17 bytes, fewer than SIZE 1m" $P 1m $ONCE "$small"
cli 'a FILE that is no regular file: exit 2' 2 "^$P: FILE: '/dev/null' is not a regular file" $P 1m $ONCE /dev/null
cli 'a FILE that does not exist: exit 1 naming it' 1 "^$P: $dir/none: No such file" $P 1m $ONCE "$dir/none"
cli '-d and FILE: exit 2' 2 "^$P: -d and FILE: give one" $P -d "$dir" 1m $ONCE "$big"
cli '-d DIR that does not exist: exit 1 naming it' 1 "^$P: cannot create a temporary file in $dir/none" \
	$P -d "$dir/none" 1m $ONCE

# Temporary files: in TMPDIR, in -d DIR, in a directory given as FILE.
TMPDIR=$dir/tmp run_prog $P $q 1m $ONCE
ok "$ONCE 1m (temporary file): exit 0, three samples above 1 MB/s" ran_well "$TAP_STATUS" "$TAP_STDOUT" "$R/op=$ONCE/size=1M"
like 'the file is named in a config line' "$TAP_STDOUT" "^# file: temporary, in $dir/tmp\$"
TMPDIR=$dir/tmp run_prog $P $q 1m open2close
ok 'open2close 1m: exit 0, three samples above 1 MB/s' ran_well "$TAP_STATUS" "$TAP_STDOUT" "$R/op=open2close/size=1M"
is 'no temporary file is left in TMPDIR' '' "$(ls -A "$dir/tmp")"
run_prog $P $q -d "$dir/tmp" 64k $ONCE
like '-d DIR: the file is made there' "$TAP_STDOUT" "^# file: temporary, in $dir/tmp\$"
run_prog $P $q 64k $ONCE "$dir/tmp"
like 'a directory as FILE: the file is made there' "$TAP_STDOUT" "^# file: temporary, in $dir/tmp\$"
is 'nothing is left in either' '' "$(ls -A "$dir/tmp")"

# A given file, longer than SIZE: its first SIZE bytes are read.
before=$(cksum <"$big")
run_prog $P $q 2m $ONCE "$big"
ok "a given file, $ONCE 2m: exit 0, three samples above 1 MB/s" ran_well "$TAP_STATUS" "$TAP_STDOUT" "$R/op=$ONCE/size=2M"
like 'the file is named' "$TAP_STDOUT" "^# file: $big\$"
run_prog $P $q 2m open2close "$big"
ok 'a given file, open2close 2m: exit 0' ran_well "$TAP_STATUS" "$TAP_STDOUT" "$R/op=open2close/size=2M"
is 'a given file keeps its contents' "$before" "$(cksum <"$big")"

# A small board: the file's pages must fit half the memory available.
HOSTBENCH_MEM_AVAILABLE=8m TMPDIR=$dir/tmp run_prog $P $q 64m $ONCE
ok "64m with 8m available: exit 0 at 4M" ran_well "$TAP_STATUS" "$TAP_STDOUT" "$R/op=$ONCE/size=4M"
like 'the reduction is a config line' "$TAP_STDOUT" '^size-reduced: SIZE 64M to 4M [(]50% of 8M available[)]$'
like 'and a note on stderr' "$TAP_STDERR" "^$P: SIZE reduced from 64M to 4M"
HOSTBENCH_MEM_AVAILABLE=4k TMPDIR=$dir/tmp run_prog $P $q 64m $ONCE
is 'not even 4k fits: exit 1' 1 "$TAP_STATUS"

run_prog $P -N 3 -T 1ms -o text 64k $ONCE "$big"
like 'text output: median, CI and n' "$TAP_STDOUT" "^$R/op=$ONCE/size=64K +[0-9.]+ MB/s .*n=3[)]\$"

# Writing the temporary file fails (file size limit; SIGXFSZ ignored).
TAP_STATUS=0
out=$( (trap '' XFSZ; ulimit -f 8; TMPDIR=$dir/tmp exec $TEST_WRAPPER "$(prog $P)" -N 1 -T 1ms 1m $ONCE) 2>&1) ||
	TAP_STATUS=$?
is 'a failed write: exit 1' 1 "$TAP_STATUS"
like 'the message names the file and the error' "$out" "^$P: cannot write 1048576 bytes to .*hostbench\\.$P\\..*: File too large"
is 'nothing is left after a failure' '' "$(ls -A "$dir/tmp")"

# SIGTERM mid-run with parallel copies: no file and no process is left.
TMPDIR=$dir/tmp $TEST_WRAPPER "$(prog $P)" -N 100000 -P 2 -T 20ms 1m open2close >/dev/null 2>&1 &
pid=$!
sleep 1
kill -TERM "$pid"
st=0
wait "$pid" || st=$?
pid=
is 'SIGTERM mid-run: the program dies of it' 143 "$st"
is 'SIGTERM mid-run: no temporary file is left' '' "$(ls -A "$dir/tmp")"
sleep 1
if [ -d /proc/self ]; then
	is 'SIGTERM mid-run: no parallel copy is left' '' "$(pids_with_env "TMPDIR=$dir/tmp")"
else
	skip 'no /proc here'
fi
