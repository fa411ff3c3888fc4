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

# The examples of the programs' man pages run commands that are on PATH:
# a program (which is not) only as hostbench NAME.  A command is a line's
# first word, or the first after ";" or "do", past VAR=VALUE words.
for m in cache tlb stream; do
	[ -f "$prefix/share/man/man1/$m.1" ] || bail "make install put no $m.1"
done
progs=$(ls "$prefix/libexec/hostbench" | tr '\n' ' ')
bare=$(cd "$prefix/share/man/man1" && awk -v progs="$progs" '
	BEGIN { n = split(progs, p, " "); for (i = 1; i <= n; i++) prog[p[i]] = 1 }
	FNR == 1 { e = x = 0 }
	/^\.SH EXAMPLES/ { e = 1; next } /^\.SH / { e = 0 }
	e && /^\.nf/ { x = 1; next } e && /^\.fi/ { x = 0 }
	x {
		l = $0; sub(/#.*/, "", l); gsub(/;/, " ; ", l)
		k = split(l, w, " "); first = 1
		for (i = 1; i <= k; i++) {
			if (w[i] == ";" || w[i] == "do") { first = 1; continue }
			if (!first || w[i] ~ /^[A-Z_]+=/ || w[i] ~ /^[a-z]+\$$/) continue
			if (w[i] in prog) printf " %s:%s", FILENAME, w[i]
			first = 0
		}
	}' *.1)
is 'the man pages'"'"' examples (cache(1), tlb(1), stream(1) ...) run the programs as hostbench NAME' '' "$bare"

mk uninstall prefix="$prefix"
is 'make uninstall: exit 0' 0 "$MK_STATUS"
is '... and the front end is gone, with every file install put there' '' \
	"$(find "$prefix" -type f 2>/dev/null)"
