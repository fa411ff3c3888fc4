#!/bin/sh
# layout-t: the tree keeps the shape HACKING.md describes, as
# scripts/layout.sh reads it from the #include lines: lib/ in its floors,
# no include cycle between modules or folders, no include up the floors,
# no file of the results tool or the runner over 800 lines.  And
# layout.sh itself finds each of those in a made-up tree.
. "$top_srcdir/tests/tap/libtap.sh"

layout=$top_srcdir/scripts/layout.sh
[ -f "$layout" ] || skip_all "$layout is missing"
command -v tsort >/dev/null 2>&1 || skip_all 'no tsort (coreutils)'

plan 10

tmpd=$(mktemp -d "${TMPDIR:-/tmp}/layout-t.XXXXXX") || bail 'mktemp -d failed'
_tap_cleanup_hook() {
	rm -rf "$tmpd"
}
trap 'exit 1' HUP INT TERM

# The source tree.
sh "$layout" "$top_srcdir" >"$tmpd/out" 2>&1
rc=$?
out=$(cat "$tmpd/out")
missing=
for f in lib/core lib/host lib/mem lib/driver lib/place lib/net results/read results/model; do
	grep -q "^$f  *[1-9]" "$tmpd/out" || missing="$missing $f"
done
is "the tree: every floor of lib/ and results/ has its files" "" "$missing"
ok "... no include cycle between modules" grep -q '^include cycles between modules: none' "$tmpd/out"
ok "... nor between folders" grep -q '^include cycles between folders: none' "$tmpd/out"
is "... no include up the floors, no file over 800 lines: exit 0" "0" "$rc"
[ "$rc" -eq 0 ] || diag "$out"

# A made-up tree: a.c and b.c need each other, lib/core includes
# lib/host, and a results/ file of 801 lines.
mk() { # FILE LINE...: write FILE with these lines
	f=$tmpd/t/$1
	shift
	mkdir -p "$(dirname "$f")" && printf '%s\n' "$@" >"$f"
}
mk lib/core/a.c '#include "core/b.h"'
mk lib/core/a.h '/* a */'
mk lib/core/b.c '#include "core/a.h"'
mk lib/core/b.h '/* b */'
mk lib/host/h.c '#include "core/a.h"'
mk lib/host/h.h '/* h */'
mk lib/core/up.c '#include "host/h.h"'
awk 'BEGIN { for (i = 0; i < 801; i++) print "/* " i " */" }' >"$tmpd/big"
mk results/big.c "$(cat "$tmpd/big")"
sh "$layout" "$tmpd/t" >"$tmpd/out" 2>&1
rc=$?
out=$(cat "$tmpd/out")
like "a made-up tree: the cycle of a.c and b.c is named" "$out" '^  lib/core/(a - lib/core/b|b - lib/core/a)$'
like "... the include up the floors, with both folders" "$out" \
	'^an include up the floors: lib/core includes lib/host$'
like "... the results/ file over 800 lines, with its count" "$out" '^over 800 lines: results/big\.c \(801\)$'
like "... the folders' cycle (lib/core and lib/host need each other)" "$out" \
	'^  lib/(core - lib/host|host - lib/core)$'
is "... exit 1" "1" "$rc"

# Without them: exit 0.
rm -f "$tmpd/t/lib/core/up.c" "$tmpd/t/results/big.c"
mk lib/core/b.c '/* b needs nothing */'
sh "$layout" "$tmpd/t" >"$tmpd/out" 2>&1
is "the same tree without them: exit 0" "0" "$?"
