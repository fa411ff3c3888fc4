#!/bin/sh
# make install prefix=DIR: the installed front end finds its programs and
# fleet.sh under DIR, not where configure pointed (/usr/local), and from
# any directory runs a benchmark by name and a run of the suite (through
# $TEST_WRAPPER when cross-compiled); the man pages of the programs with
# common names run them as `hostbench NAME`, since they are not on PATH;
# make uninstall takes away the front end it wrote.
. "$top_srcdir/tests/tap/libtap.sh"

[ -f "$top_builddir/Makefile" ] || skip_all 'no Makefile in the build tree'
[ -f "$top_builddir/bench/lat_syscall" ] || skip_all 'the programs are not built'

plan 8

tmpd=$(mktemp -d "${TMPDIR:-/tmp}/install-t.XXXXXX") || bail 'mktemp -d failed'
_tap_cleanup_hook() {
	rm -rf "$tmpd"
}
trap 'exit 1' HUP INT TERM
unset HOSTBENCH_LIBEXEC HOSTBENCH_COMPARE

# mk ARGS...: make in the build tree, quietly, outside the make that
# runs the tests (its jobserver is not ours).  Output in $MK_OUT, status
# in $MK_STATUS.
mk() {
	MK_STATUS=0
	MAKEFLAGS='' MFLAGS='' MAKELEVEL='' ${MAKE:-make} -s -C "$top_builddir" "$@" \
		>"$tmpd/mk.out" 2>&1 </dev/null || MK_STATUS=$?
	MK_OUT=$(grep -v -e '^make.*: Entering directory' -e '^make.*: Leaving directory' "$tmpd/mk.out")
}

prefix=$tmpd/inst
mk install prefix="$prefix"
is 'make install prefix=DIR: exit 0' 0 "$MK_STATUS"
[ "$MK_STATUS" -eq 0 ] || diag "$MK_OUT"
hb=$prefix/bin/hostbench
is 'the installed front end names the program directory under DIR' \
	"pkglibexecdir='$prefix/libexec/hostbench'" "$(grep '^pkglibexecdir=' "$hb" 2>/dev/null)"

# From a directory far from the build tree: only what was installed.
mkdir "$tmpd/elsewhere"
st=0
(cd "$tmpd/elsewhere" && HOSTBENCH_WRAPPER="$TEST_WRAPPER" "$hb" lat_syscall -N 1 -T 1ms -o raw null) \
	>"$tmpd/one.out" 2>"$tmpd/one.err" || st=$?
is 'the installed hostbench lat_syscall null: exit 0, one result' '0 1' \
	"$st $(grep -c '^BenchmarkLatSyscall/op=null[[:space:]]' "$tmpd/one.out")"
[ "$st" -eq 0 ] || diag "$(cat "$tmpd/one.err")"
st=0
(cd "$tmpd/elsewhere" && HOSTBENCH_WRAPPER="$TEST_WRAPPER" "$hb" run -q --profile test --only lat_syscall \
	--results-dir "$tmpd/r") >"$tmpd/run.out" 2>"$tmpd/run.err" || st=$?
f=$(cat "$tmpd/run.out")
ok 'the installed hostbench run --only lat_syscall writes a result file with its results' \
	sh -c '[ "$1" -eq 0 ] && grep -q "^BenchmarkLatSyscall/op=null[[:space:]]" "$2"' sh "$st" "$f"
[ "$st" -eq 0 ] || diag "$(cat "$tmpd/run.err")"
# fleet.sh, sourced from the data directory under DIR for --ssh.
is 'the installed front end names the data directory (fleet.sh) under DIR' \
	"pkgdatadir='$prefix/share/hostbench' yes" \
	"$(grep '^pkgdatadir=' "$hb" 2>/dev/null) $([ -f "$prefix/share/hostbench/fleet.sh" ] && echo yes)"

# Every example of cache(1), tlb(1) and stream(1) runs a command on PATH.
bare=''
for m in cache tlb stream; do
	page=$prefix/share/man/man1/$m.1
	[ -f "$page" ] || {
		bare="$bare $m.1:missing"
		continue
	}
	bare=$bare$(awk -v m="$m" '/^\.SH EXAMPLES/ { e = 1; next } /^\.SH / { e = 0 }
		e && /^\.nf/ { x = 1; next } e && /^\.fi/ { x = 0 } x && $1 != "hostbench" { printf " %s.1:%s", m, $1 }' "$page")
done
is 'the examples of cache(1), tlb(1), stream(1) run them as hostbench NAME' '' "$bare"

mk uninstall prefix="$prefix"
is 'make uninstall: exit 0' 0 "$MK_STATUS"
is '... and the front end is gone, with every file install put there' '' \
	"$(find "$prefix" -type f 2>/dev/null)"
