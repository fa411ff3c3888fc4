#!/bin/sh
# doc-figures-t: the README's figures are what make doc-figures
# (scripts/doc-figures.sh) writes from this tree now, so that a figure
# gone stale fails the tests.
#
# The blocks of the sources (quick, profiles, compare, ab) must be the
# script's text exactly: they depend on nothing but this tree.  The block
# of builds (sizes: the static multicall program of a musl or cross build,
# which may not exist here) is left as it is without such builds; it must
# be there and name the current version of hostbench, so that a release
# without new sizes fails.
. "$top_srcdir/tests/tap/libtap.sh"

script=$top_srcdir/scripts/doc-figures.sh
readme=$top_srcdir/README.md
[ -f "$readme" ] || skip_all 'no README.md'
[ -f "$top_builddir/results/hostbench-compare" ] || skip_all 'the results tool is not built'
[ -f "$top_builddir/bench/hostbench-run" ] || skip_all 'the suite runner is not built'

plan 8

tmpd=$(mktemp -d "${TMPDIR:-/tmp}/doc-figures-t.XXXXXX") || bail 'mktemp -d failed'
_tap_cleanup_hook() {
	rm -rf "$tmpd"
}
trap 'exit 1' HUP INT TERM

# block NAME FILE: the lines of figure block NAME.
block() {
	awk -v n="$1" '
		index($0, "<!-- figures: " n " -->") == 1 || index($0, "<!-- figures: " n ",") == 1 { on = 1; next }
		/^<!-- \/figures -->$/ { on = 0 }
		on' "$2"
}

cp "$readme" "$tmpd/README.md"
$SHELL "$script" -n -b "$top_builddir" "$tmpd/README.md" >"$tmpd/new" 2>"$tmpd/err"
is 'doc-figures.sh runs on a copy of the README: exit 0' 0 $?
cmp -s "$readme" "$tmpd/README.md"
is '... and -n leaves the copy alone' 0 $?

names=$(sed -n 's/^<!-- figures: \([a-z0-9-]*\).* -->$/\1/p' "$readme" | sort | paste -sd ' ' -)
is 'the README has the blocks quick, profiles, compare, ab and sizes' 'ab compare profiles quick sizes' "$names"

# The blocks of the sources: the script's text, exactly.
stale=
for n in quick profiles compare ab; do
	block "$n" "$readme" >"$tmpd/was"
	block "$n" "$tmpd/new" >"$tmpd/now"
	[ -s "$tmpd/now" ] || stale="$stale $n(empty)"
	cmp -s "$tmpd/was" "$tmpd/now" || stale="$stale $n"
done
is "the README's figures of the sources are what the tree gives now (else: make doc-figures)" '' "$stale"
[ -z "$stale" ] || diag "$(diff "$readme" "$tmpd/new" | head -n 20)"

# The block of builds: kept without -s, there, and of this version.
block sizes "$readme" >"$tmpd/was"
block sizes "$tmpd/new" >"$tmpd/now"
cmp -s "$tmpd/was" "$tmpd/now"
is 'the sizes block is left as it is when no build is given' 0 $?
version=$(sed -n 's/^PACKAGE_VERSION = //p' "$top_builddir/Makefile")
like "the sizes block names this version, $version (else: make doc-figures SIZE_BUILDS='...')" \
	"$(cat "$tmpd/was")" "^Measured with hostbench $version, "

# A figure edited by hand is put back; an unknown block is refused.
sed '/^<!-- figures: quick -->$/,/^<!-- \/figures -->$/s/[0-9][0-9]* cases/1 cases/' "$readme" >"$tmpd/README.md"
$SHELL "$script" -b "$top_builddir" "$tmpd/README.md" 2>"$tmpd/err"
is 'a figure edited by hand is written anew, and the README is as before' "$(block quick "$readme")" \
	"$(block quick "$tmpd/README.md")"
printf '<!-- figures: nosuch -->\nx\n<!-- /figures -->\n' >"$tmpd/bad.md"
$SHELL "$script" -b "$top_builddir" "$tmpd/bad.md" >/dev/null 2>"$tmpd/err"
is 'a block of no known name: exit 1' 1 $?
