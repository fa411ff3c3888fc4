#!/bin/sh
# man-synopsis.sh PAGE SYNOPSIS: rewrite the SYNOPSIS section of the man
# page PAGE (from its ".SH SYNOPSIS" line to the next ".SH") with the
# file SYNOPSIS, what the program's --synopsis prints.  make man-synopsis
# runs it for every benchmark, so that a page says what the program's
# usage says; tests/scripts/catalogue-t.sh checks that they agree.
set -eu
[ $# -eq 2 ] || { echo "usage: man-synopsis.sh PAGE SYNOPSIS" >&2; exit 2; }
page=$1 syn=$2
grep -q '^\.SH SYNOPSIS$' "$page" || { echo "man-synopsis.sh: $page has no SYNOPSIS section" >&2; exit 1; }
head -n 1 "$syn" | grep -q '^\.SH SYNOPSIS$' || { echo "man-synopsis.sh: $syn is no SYNOPSIS section" >&2; exit 1; }
tmp=$page.tmp.$$
trap 'rm -f "$tmp"' EXIT
awk -v syn="$syn" '
$0 == ".SH SYNOPSIS" { while ((getline l < syn) > 0) print l; skip = 1; next }
skip && /^\.SH / { skip = 0 }
!skip { print }
' "$page" >"$tmp"
if cmp -s "$tmp" "$page"; then
	rm -f "$tmp"
else
	mv "$tmp" "$page"
	echo "man-synopsis.sh: $page rewritten"
fi
