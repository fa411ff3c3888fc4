#!/bin/sh
# make compare LIST=...: the summary tables of the runs LIST names under
# the build tree's results/ and, when it names two or more, their A/B
# comparison (COMPARE_FLAGS=--summary: the tables alone); make -C results
# does the same.  Both go through the front end, so that a cross build
# tree without HOSTBENCH_WRAPPER says the programs are for another CPU
# instead of failing to exec the tool.
. "$top_srcdir/tests/tap/libtap.sh"

[ -f "$top_builddir/Makefile" ] || skip_all 'no Makefile in the build tree'
[ -f "$top_builddir/results/Makefile" ] || skip_all 'no results/Makefile in the build tree'

plan 6

tmpd=$(mktemp -d "${TMPDIR:-/tmp}/compare-t.XXXXXX") || bail 'mktemp -d failed'
# Two runs of tests/data, in a directory of this test's own under results/.
sub=compare-t.$$
runs=$top_builddir/results/$sub
_tap_cleanup_hook() {
	rm -rf "$tmpd" "$runs"
}
trap 'exit 1' HUP INT TERM
unset HOSTBENCH_LIBEXEC HOSTBENCH_COMPARE
mkdir "$runs" || bail "cannot make $runs"
cp "$top_srcdir/tests/data/hb-a.0" "$top_srcdir/tests/data/hb-b.0" "$runs/" || bail 'cannot copy the runs'

# mk [-C DIR] ARGS...: make in the build tree (or DIR), quietly, outside
# the make that runs the tests, with the programs' wrapper.  Output in
# $MK_OUT, status in $MK_STATUS.
mk() {
	MK_STATUS=0
	_dir=$top_builddir
	if [ "$1" = -C ]; then
		_dir=$2
		shift 2
	fi
	MAKEFLAGS='' MFLAGS='' MAKELEVEL='' HOSTBENCH_WRAPPER="${WRAP-$TEST_WRAPPER}" \
		${MAKE:-make} -s -C "$_dir" "$@" >"$tmpd/mk.out" 2>&1 </dev/null || MK_STATUS=$?
	MK_OUT=$(grep -v -e '^make.*: Entering directory' -e '^make.*: Leaving directory' "$tmpd/mk.out")
}

ab='^A/B: \[2\] .*hb-b\.0 against the base \[1\] .*hb-a\.0'
mk compare LIST="$sub/*"
like 'two runs: make compare prints the tables and their A/B' \
	"$MK_STATUS $(printf '%s\n' "$MK_OUT" | grep -c '^Basic system parameters$') $(printf '%s\n' "$MK_OUT" | grep -Ec "$ab")" \
	'^0 [1-9][0-9]* 1$'
mk compare LIST="$sub/hb-a.0"
is 'one run: the tables alone' '0 1 0' \
	"$MK_STATUS $(printf '%s\n' "$MK_OUT" | grep -c '^Basic system parameters$') $(printf '%s\n' "$MK_OUT" | grep -c '^A/B')"
mk compare LIST="$sub/*" COMPARE_FLAGS=--summary
is 'COMPARE_FLAGS=--summary: the tables alone' '0 1 0' \
	"$MK_STATUS $(printf '%s\n' "$MK_OUT" | grep -c '^Basic system parameters$') $(printf '%s\n' "$MK_OUT" | grep -c '^A/B')"
mk -C "$top_builddir/results" compare LIST="$sub/*"
is 'make -C results compare: the A/B too' '0 1' "$MK_STATUS $(printf '%s\n' "$MK_OUT" | grep -Ec "$ab")"
mk compare LIST="$sub/none*"
like 'a LIST that matches nothing: make fails naming it' "$MK_STATUS $MK_OUT" \
	"^[1-9][0-9]* compare: nothing matches LIST='$sub/none\\*' under results/"

# Cross-compiled, without the wrapper: the front end's refusal, not
# "Exec format error".
if [ -n "$TEST_WRAPPER" ]; then
	WRAP='' mk compare LIST="$sub/*"
	like 'a cross build without HOSTBENCH_WRAPPER: make compare names both CPUs and the qemu-user' \
		"$MK_STATUS $MK_OUT" \
		"^[1-9][0-9]* hostbench: these programs are built for [a-z0-9_]+; this machine is $(uname -m): run them on the board, or set HOSTBENCH_WRAPPER='?qemu-"
else
	skip 'a native build: this machine runs the tool'
fi
