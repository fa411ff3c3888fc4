#!/bin/sh
# Fault matrix, disk full: lat_fs and lmdd writing into a small tmpfs that
# fills up (or runs out of inodes) mid-run.  Each must fail with a message
# that says so and names the path, exit 1, print no result for the case
# that failed, and leave nothing in the file system.  Mounting needs root:
# skipped otherwise.
. "$top_srcdir/tests/tap/libtap.sh"

[ "$(id -u)" -eq 0 ] || skip_all 'mounting a small tmpfs needs root'
d=$(mktemp -d "${TMPDIR:-/tmp}/disk-full-t.XXXXXX") || bail 'mktemp -d failed'
mnt=$d/fs
mkdir "$mnt"
if ! mount -t tmpfs -o size=256k,nr_inodes=64 tmpfs "$mnt" 2>/dev/null; then
	rmdir "$mnt" "$d"
	skip_all 'cannot mount a tmpfs here'
fi
_tap_cleanup_hook() {
	umount "$mnt" 2>/dev/null || :
	rm -rf "$d"
}

plan 26
q='-N 3 -T 2ms -o raw'

# full DESC CASE PATTERN PROG ARGS...: PROG ARGS fails on the full file
# system: exit 1 with a message matching PATTERN on stderr, no result
# line for the case that failed, nothing left behind.  3 tests.  The
# case that failed is the one the program names ("PROG: NAME: operation
# failed"), else CASE: which case fills the file system first depends on
# the batches the program's calibration chose (a create of a few 10K
# files fits in 256 KB, and the delete case's untimed create of a larger
# batch then fails).
full() {
	_d=$1 _case=$2 _pat=$3
	shift 3
	run_prog "$@"
	_named=$(printf '%s\n' "$TAP_STDERR" | sed -n 's/^[a-z_]*: \([A-Z][A-Za-z]*\/[^:]*\): operation failed$/\1/p' | sed -n 1p)
	[ -z "$_named" ] || _case=$_named
	if [ "$TAP_STATUS" -eq 1 ] && printf '%s\n' "$TAP_STDERR" | grep -Eq -- "$_pat"; then
		_tap_report 0 "$_d: exit 1, saying so"
	else
		_tap_report 1 "$_d: exit 1, saying so" || :
		diag "exit $TAP_STATUS; expected /$_pat/ in:"
		diag "$TAP_STDERR"
	fi
	is "$_d: no result for the case that failed" '' \
		"$(printf '%s\n' "$TAP_STDOUT" | grep -F -- "$_case" | grep '^Benchmark')"
	is "$_d: nothing is left in the file system" '' "$(ls -A "$mnt")"
}

# lat_fs: 1K and 10K files fill the 256 KB; 0K files run out of inodes.
full 'lat_fs -s 1k' LatFs/op=create/size=1K \
	"cannot (create|write) $mnt/.*: No space left on device" lat_fs $q -s 1k "$mnt"
full 'lat_fs -s 10k' LatFs/op=create/size=10K \
	"cannot (create|write) $mnt/.*: No space left on device" lat_fs $q -s 10k "$mnt"
full 'lat_fs -s 0 (no inodes left)' LatFs/op=create/size=0K \
	"cannot create $mnt/.*: No space left on device" lat_fs $q -s 0 "$mnt"
run_prog lat_fs $q -s 1k "$mnt"
like 'lat_fs: the failed case is named' "$TAP_STDERR" 'LatFs/op=create/size=1K: operation failed'
# The same runs where there is room: the failures above are the disk's.
mkdir "$d/roomy"
cli 'lat_fs -s 1k where there is room: exit 0' 0 '' lat_fs $q -s 1k "$d/roomy"

# lmdd (force=1: write until full instead of refusing up front).
run_prog lmdd -h
if [ "$TAP_STATUS" -eq 77 ]; then
	for _k in 1 2 3 4 5 6 7 8 9 10 11 12; do skip 'lmdd is still a placeholder'; done
else
full 'lmdd of=DIR force=1' BenchmarkLmdd \
	"of=$mnt/[^:]*: the file system is full \\(ENOSPC\\)" lmdd $q of="$mnt" bs=64k count=100 force=1
full 'lmdd of=FILE force=1' BenchmarkLmdd \
	"of=$mnt/out: the file system is full \\(ENOSPC\\)" lmdd $q of="$mnt/out" bs=64k count=100 force=1
cli 'lmdd of=FILE that cannot fit: refused up front, exit 1' 1 \
	"of=$mnt/out: [0-9]+ bytes do not fit in the [0-9]+ bytes free" lmdd $q of="$mnt/out" bs=64k count=100
is '... leaving nothing' '' "$(ls -A "$mnt")"
cli 'lmdd of=DIR where there is room: exit 0' 0 '^BenchmarkLmdd' lmdd $q of="$d/roomy" bs=64k count=100
full 'lmdd of=FILE force=1 fsync=1' BenchmarkLmdd \
	"of=$mnt/out: the file system is full \\(ENOSPC\\)" lmdd $q of="$mnt/out" bs=64k count=100 force=1 fsync=1
fi

# A run whose TMPDIR fills up: the programs' files and their messages
# share it.  Each case that fails says why (a program's stderr is a file
# there, whose room the front end takes before it runs), none says "no
# message"; and the run leaves nothing there.
if [ -f "$top_builddir/hostbench" ]; then
	mkdir "$mnt/t"
	top=$(cd "$top_builddir" && pwd -P)
	(cd "$d" && TMPDIR=$mnt/t HOSTBENCH_LIBEXEC=$top/bench HOSTBENCH_WRAPPER=$TEST_WRAPPER \
		exec sh "$top/hostbench" run -q --profile test --only lat_pagefault,lat_mmap,bw_mmap_rd \
		-o "$d/full.0") >/dev/null 2>"$d/full.err" </dev/null
	n=$(grep -c '^# status: ' "$d/full.0" 2>/dev/null)
	is 'a run whose TMPDIR fills: each of its 3 programs'"'"' cases failed, saying so (ENOSPC)' \
		"$n of $n, 3 programs" \
		"$(grep -c '^# status: failed: .*No space left on device' "$d/full.0" 2>/dev/null) of $n, $(sed -n 's/^# bench: //p' "$d/full.0" | sort -u | wc -l | tr -d ' ') programs"
	is '... none says "no message"' 0 "$(grep -c 'no message' "$d/full.0")"
	is '... and nothing is left in TMPDIR' '' "$(ls -A "$mnt/t")"
else
	skip 'the front end is not generated'
	skip 'the front end is not generated'
	skip 'the front end is not generated'
fi
