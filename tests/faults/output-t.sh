#!/bin/sh
# Fault matrix, output that cannot be written: every program built in
# bench/ run with its standard output on /dev/full exits 1 and says
# "PROG: standard output: ..." once (a partner or server process it
# forked adds nothing); a run of the front end whose results directory
# fills up stops with exit 1 naming the write failure, publishes nothing
# and leaves no temporary file; one whose TMPDIR fills up records the
# case as failed, saying that its message was lost, and drops the cut
# line, so that the file it publishes still reads.  The file systems
# that fill up are small tmpfs mounts: that part needs root.
. "$top_srcdir/tests/tap/libtap.sh"

[ -w /dev/full ] || skip_all 'no /dev/full here'

d=$(mktemp -d "${TMPDIR:-/tmp}/output-t.XXXXXX") || bail 'mktemp -d failed'
mounted=
_tap_cleanup_hook() {
	for _m in $mounted; do
		umount "$_m" 2>/dev/null || :
	done
	rm -rf "$d"
}

# Each program's quickest valid run (the shared options are added): a
# program built but missing here fails its test, so that a new one gets
# its line.  "-" is no arguments.
args() {
	case $1 in
	bw_file_rd) printf '%s' "64k io_only $d" ;;
	bw_mem) printf '%s' '64k rd' ;;
	bw_mmap_rd) printf '%s' "64k mmap_only $d" ;;
	bw_tcp) printf '%s' '-t 0.1' ;;
	bw_udp) printf '%s' '-t 0.1 -b 0' ;;
	cache | tlb) printf '%s' '-M 1m' ;;
	lat_cmd) printf '%s' /bin/true ;;
	lat_ctx) printf '%s' '-s 0 2' ;;
	lat_fs) printf '%s' "-s 0 $d" ;;
	lat_load) printf '%s' '-t 0.1 -u 1 -d 1' ;;
	lat_mem_rd) printf '%s' '1 128' ;;
	lat_mmap) printf '%s' 64k ;;
	lat_proc) printf '%s' procedure ;;
	lat_rpc) printf '%s' '-p tcp' ;;
	lat_select) printf '%s' '-n 10 file' ;;
	lat_sig) printf '%s' install ;;
	lat_syscall) printf '%s' null ;;
	lmdd) printf '%s' "of=$d bs=64k count=2" ;;
	par_mem) printf '%s' 1m ;;
	stream) printf '%s' '-M 64k' ;;
	bw_pipe | bw_unix | lat_connect | lat_fcntl | lat_fifo | lat_ops | \
		lat_pagefault | lat_pipe | lat_sem | lat_tcp | lat_udp | lat_unix | \
		lat_unix_connect | lat_usleep | mhz) printf '%s' - ;;
	*) return 1 ;;
	esac
}

progs=
for _f in "$top_builddir"/bench/*; do
	_p=${_f##*/}
	case $_p in *.* | hostbench-all) continue ;; esac
	[ -f "$_f" ] && [ -x "$_f" ] || continue
	progs="$progs $_p"
done
[ -n "$progs" ] || bail "no programs in $top_builddir/bench"
nprogs=0
for _p in $progs; do nprogs=$((nprogs + 1)); done

script=$top_builddir/hostbench
plan $((nprogs + 10))

# full PROG ARGS...: PROG with stdout on /dev/full exits 1 and says so,
# with the reason, once.  1 test.
full() {
	_p=$1
	shift
	_e=$d/err
	_st=0
	# shellcheck disable=SC2086
	$TEST_WRAPPER "$(prog "$_p")" "$@" >/dev/full 2>"$_e" </dev/null || _st=$?
	# (The suite runner speaks as the front end that starts it.)
	_n=$(grep -c "^${said:-$_p}: standard output: No space left on device\$" "$_e") || :
	if [ "$_st" -eq 77 ]; then
		skip "$_p cannot run here: $(sed -n '$p' "$_e")"
	elif [ "$_st" -eq 1 ] && [ "$_n" -eq 1 ]; then
		_tap_report 0 "$_p >/dev/full: exit 1, saying 'standard output' once"
	else
		_tap_report 1 "$_p >/dev/full: exit 1, saying 'standard output' once" || :
		diag "exit $_st, $_n such lines: $_p $*"
		diag "$(cat "$_e")"
	fi
	rm -rf "${d:?}"/*
}

q='-N 1 -T 1ms -o raw'
for p in $progs; do
	case $p in
	hello) full hello ;;
	hostinfo) full hostinfo ;;
	hostbench-run)
		mkdir "$d/tmp"
		TMPDIR=$d/tmp said=hostbench full hostbench-run run -q --profile test --only mhz \
			--results-dir "$d/r"
		;;
	*)
		if ! a=$(args "$p"); then
			_tap_report 1 "$p >/dev/full: no quick run of it is known to this test" || :
			continue
		fi
		[ "$a" != - ] || a=
		# shellcheck disable=SC2086
		full "$p" $q $a
		;;
	esac
done

# ---------------------------------------------------------------- the front end

# mount_small DIR SIZE: a tmpfs of SIZE on DIR (made), or fail.
mount_small() {
	mkdir -p "$1" || return 1
	mount -t tmpfs -o "size=$2" tmpfs "$1" 2>/dev/null || return 1
	mounted="$1 $mounted"
}

why=
if [ ! -f "$script" ]; then
	why="$script is not generated (make hostbench)"
elif [ "$(id -u)" -ne 0 ]; then
	why='mounting a small tmpfs needs root'
elif [ ! -x "$top_builddir/bench/cache" ]; then
	why='cache is not built'
elif [ -n "$TEST_WRAPPER" ]; then
	# Under qemu-user a run takes long and the fill point moves.
	why='the front end runs natively only'
elif ! mount_small "$d/fs" 8k || ! mount_small "$d/tfs" 48k; then
	why='cannot mount a tmpfs here'
fi
if [ -n "$why" ]; then
	for _k in 1 2 3 4 5 6 7 8 9 10; do skip "$why"; done
	exit 0
fi
unset HOSTBENCH_WRAPPER HOSTBENCH_COMPARE
HOSTBENCH_LIBEXEC=$top_builddir/bench
export HOSTBENCH_LIBEXEC
mkdir "$d/tmp" "$d/roomy"

# hb TMPDIR ARGS...: the front end; status in $hb_st, stderr in $d/hb.err.
hb() {
	_t=$1
	shift
	hb_st=0
	TMPDIR=$_t ${SHELL:-/bin/sh} "$script" "$@" >"$d/hb.out" 2>"$d/hb.err" </dev/null || hb_st=$?
}

# A results directory that fills up: 8 KB hold the header, not cache's
# 150-odd records.
hb "$d/tmp" run -q --profile test --only cache --results-dir "$d/fs"
is 'results directory full: exit 1' 1 "$hb_st"
like '... naming the write failure' "$(cat "$d/hb.err")" \
	"^hostbench: cannot write the result in $d/fs/[^:]*: No space left on device\$"
is '... publishing nothing, leaving no temporary file' '' \
	"$(find "$d/fs" -type f)$(cat "$d/hb.out")"
is '... and no scratch directory' '' "$(ls -A "$d/tmp")"

# A TMPDIR without room for the run's own scratch files (8 KB): the run
# stops before anything, saying so.
hb "$d/fs" run -q --profile test --only cache --results-dir "$d/roomy"
like 'TMPDIR without room for the scratch files: exit 1 saying so' "$hb_st $(cat "$d/hb.err")" \
	"^1 hostbench: no room in TMPDIR [(]'$d/fs'[)] for the run's scratch files"
is '... nothing written, nothing left in TMPDIR' '' \
	"$(find "$d/roomy" "$d/fs" -type f; find "$d/fs" -name 'hostbench.*')"

hb "$d/tmp" run -q --profile test --only cache --results-dir "$d/roomy"
cat "$(find "$d/roomy" -type f)" >"$d/whole"
rm -rf "${d:?}/roomy"/*

# A TMPDIR that fills up: 48 KB hold the run's scratch files, not
# cache's output, nor then its message.
hb "$d/tfs" run -q --profile test --only cache --results-dir "$d/roomy"
is 'TMPDIR full: the run goes on, exit 0' 0 "$hb_st"
f=$(find "$d/roomy" -type f)
# Where the fill point falls depends on how much cache printed: its own
# message may still fit ("standard output: No space left on device"), or
# be lost too, and then the front end says so.
like '... the case failed, saying TMPDIR is full (its message, or that it was lost)' \
	"$(grep '^# status: ' "$f" 2>/dev/null)" \
	"^# status: failed: (.*(TMPDIR|$d/tfs).* (full|No space left on device)|cache: standard output: No space left on device)"
# A cut line can still look like a record ("4.45 best"): each must have
# the fields and the last unit of some line a whole run prints.
ok '... no line of the file is cut' awk 'FNR == 1 { k++ } !/^Benchmark/ { next }
	k == 1 { whole[NF " " $NF] = 1; next } !((NF " " $NF) in whole) { bad++ }
	END { exit bad > 0 || k != 2 }' "$d/whole" "$f"
is '... and no scratch directory' '' "$(ls -A "$d/tfs")"
