#!/bin/sh
# gnumakefile-t: make in a source tree that is not configured says where
# to run it and fails (GNUmakefile), instead of finding the results/
# directory and saying "Nothing to be done"; in a tree configured in
# place, GNUmakefile is that Makefile.
. "$top_srcdir/tests/tap/libtap.sh"

command -v "${MAKE:-make}" >/dev/null 2>&1 || skip_all 'no make'
"${MAKE:-make}" --version 2>/dev/null | grep -q 'GNU Make' || skip_all 'make is not GNU make'

plan 8

tmpd=$(mktemp -d "${TMPDIR:-/tmp}/gnumakefile-t.XXXXXX") || bail 'mktemp -d failed'
_tap_cleanup_hook() {
	rm -rf "$tmpd"
}
trap 'exit 1' HUP INT TERM

# make as a user types it: not as a sub-make of make check's, which would
# print the directories it enters and warn of the parent's jobserver.
mk() {
	MAKEFLAGS= MFLAGS= MAKELEVEL= "${MAKE:-make}" --no-print-directory "$@"
}

# An unconfigured tree: GNUmakefile, results/ and no Makefile.
t=$tmpd/src
mkdir -p "$t/results"
cp "$top_srcdir/GNUmakefile" "$t/" || bail 'no GNUmakefile in the source tree'
out=$(cd "$t" && mk results 2>&1)
is 'make results, not configured: exit 2' 2 "$(cd "$t" && mk results >/dev/null 2>&1; echo $?)"
like '... saying the tree is not configured' "$out" 'this source tree is not configured, so "make results"'
like '... that bootstrap comes first where there is no configure' "$out" '^  first: ./bootstrap'
like '... and how to build apart' "$out" '^  or apart: mkdir -p _build/native && cd _build/native && ../../configure && make results$'
is 'make check, not configured: exit 2' 2 "$(cd "$t" && mk check >/dev/null 2>&1; echo $?)"

# A build directory configured under _build: named, with its command.
mkdir -p "$t/_build/native" && : >"$t/_build/native/Makefile" && : >"$t/configure"
out=$(cd "$t" && mk compare 2>&1)
like 'a build directory under _build is named with its command' "$out" \
	'^  configured: _build/native: make -C _build/native compare$'
ok '... and bootstrap is not asked for where configure is' sh -c '! printf "%s\n" "$1" | grep -q bootstrap' sh "$out"

# Configured in place: the Makefile runs.
printf '.PHONY: results\nresults:\n\t@echo ran results\n' >"$t/Makefile"
is 'configured in place: GNUmakefile is that Makefile' 'ran results' \
	"$(cd "$t" && mk results 2>&1)"
