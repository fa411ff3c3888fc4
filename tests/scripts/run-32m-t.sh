#!/bin/sh
# hostbench run --profile quick fits a board with 32 MB of memory: under a
# 32 MB limit the whole quick profile completes, writes its result file,
# and no benchmark fails or is left out.
#
# The limit: a cgroup v2 of its own with memory.max=32M (and no swap)
# where the unified hierarchy has the memory controller and we may make
# a cgroup in it (root); the programs read memory.max and size themselves
# to it (mem_available).  Else ulimit -v 32768 on the run: RLIMIT_AS is
# per process and counts address space, not memory used, so it is a
# stand-in for the board (each benchmark, and each tool of the script,
# must fit in 32 MB of mappings; they do, with the C locale, with no
# headroom added), not the same thing: a cgroup also counts page cache,
# tmpfs files and all processes together.  qemu-user reserves more
# address space than that for itself, so a cross build needs the cgroup.
#
# The quick profile takes 20-30 s on an idle 2-CPU machine and well over
# a minute on a loaded one or under qemu: the test runs only with
# HOSTBENCH_LONG_TESTS=1 (CI sets it for the native build).
. "$top_srcdir/tests/tap/libtap.sh"

[ "${HOSTBENCH_LONG_TESTS:-}" = 1 ] ||
	skip_all 'the quick profile takes a minute or more: set HOSTBENCH_LONG_TESTS=1'
script=$top_builddir/hostbench
[ -f "$script" ] || skip_all "$script is not generated"
[ -f "$top_builddir/bench/lat_syscall" ] || skip_all 'the programs are not built'

limit_kb=32768
cg=''
cg_root=/sys/fs/cgroup
if [ "$(id -u)" -eq 0 ] && [ -f "$cg_root/cgroup.controllers" ] &&
	grep -qw memory "$cg_root/cgroup.controllers" &&
	grep -qw memory "$cg_root/cgroup.subtree_control" 2>/dev/null; then
	cg=$cg_root/hostbench-run-32m.$$
	if mkdir "$cg" 2>/dev/null && printf '%s\n' $((limit_kb * 1024)) >"$cg/memory.max"; then
		[ ! -f "$cg/memory.swap.max" ] || printf '0\n' >"$cg/memory.swap.max" || :
	else
		rmdir "$cg" 2>/dev/null || :
		cg=''
	fi
fi
if [ -z "$cg" ] && [ -n "$TEST_WRAPPER" ]; then
	skip_all 'no cgroup v2 memory controller to use, and ulimit -v would limit qemu itself'
fi

plan 5

tmpd=$(mktemp -d "${TMPDIR:-/tmp}/run-32m-t.XXXXXX") || bail 'mktemp -d failed'
_tap_cleanup_hook() {
	rm -rf "$tmpd"
	[ -z "$cg" ] || rmdir "$cg" 2>/dev/null || :
}
trap 'exit 1' HUP INT TERM

mkdir "$tmpd/tmp"
st=0
if [ -n "$cg" ]; then
	how="cgroup v2 memory.max=${limit_kb}K"
	# The shell moves itself into the cgroup, then becomes the run.
	LC_ALL=C TMPDIR=$tmpd/tmp HOSTBENCH_WRAPPER=$TEST_WRAPPER \
		sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec sh "$@"' sh "$cg" \
		"$script" run -q --profile quick --results-dir "$tmpd/r" \
		>"$tmpd/out" 2>"$tmpd/err" </dev/null || st=$?
	seen=$(cat "$cg/memory.max")
	want_seen=$((limit_kb * 1024))
else
	how="ulimit -v $limit_kb"
	(
		ulimit -v "$limit_kb" &&
			LC_ALL=C TMPDIR=$tmpd/tmp exec sh "$script" run -q --profile quick --results-dir "$tmpd/r"
	) >"$tmpd/out" 2>"$tmpd/err" </dev/null || st=$?
	seen=$( (ulimit -v "$limit_kb" && ulimit -v) 2>&1)
	want_seen=$limit_kb
fi
diag "limit: $how"
f=$(cat "$tmpd/out")
is "the limit is in force ($how)" "$want_seen" "$seen"
like 'run --profile quick under it exits 0 and prints its result file' \
	"$st $f" "^0 $tmpd/r/[^/]+/[^/]+\\.0\$"
[ "$st" -eq 0 ] || diag "$(cat "$tmpd/err")"
ok '... which is well-formed' well_formed "$(cat "$f" 2>/dev/null)"
# A failure is one of the memory limit's making.  A value withheld as
# physically impossible ("status: implausible: ...", exit 3: par_mem's
# parallelism beyond its chains when a neighbour evicts one chain's
# lines) is the machine's load, not the 32 MB: it is shown, not failed.
failed=$(awk '/^# bench: / { b = $3; a = "" } /^# args:/ && a == "" { a = substr($0, 8); sub(/^ /, "", a) }
	/^# status: failed/ { print b " " a ": " substr($0, 11) }' "$f" 2>/dev/null)
busy=$(grep '^# status: implausible' "$f" 2>/dev/null) || :
[ -z "$busy" ] || diag "implausible under load: $busy"
is '... with no failed benchmark' '' "$failed"
# Every case of the suite ran: none skipped, none missing.  (list: a
# line a program, then its cases, "; "-separated; a program counts when
# it is built and one of its cases runs in quick without a remote host.)
want=$(sh "$script" list | awk '
	/^[^ ]/ { prog = $1; built = $0 !~ /\(not built\)$/; next }
	prog != "hostinfo" && built {
		n = split($0, c, "; ")
		for (i = 1; i <= n; i++)
			if (c[i] !~ /\((standard and full|full only)\)$/ && c[i] !~ /\(--remote-host\)/) {
				count++
				break
			}
	}
	END { print count + 0 }')
got=$(awk '/^# bench: / { print $3 }' "$f" 2>/dev/null | sort -u | wc -l)
skipped=$(grep -c '^# status: skipped' "$f" 2>/dev/null) || :
is '... and none skipped: every built benchmark ran' "$want 0" "$got ${skipped:-0}"
