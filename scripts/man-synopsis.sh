#!/bin/sh
# man-synopsis.sh PAGE SECTION: rewrite a section of the man page PAGE
# with the file SECTION, whose first line names it (".SH SYNOPSIS", what
# the program's --synopsis prints; ".SH RESULTS", what --results
# prints): from that line in PAGE to the next ".SH", or, where PAGE has
# no such section yet, before its SEE ALSO (or at its end).  An empty
# SECTION file leaves PAGE as it is.  make man-synopsis runs it for every
# benchmark, so that a page says what the program's descriptor and the
# metric table say; tests/scripts/catalogue-t.sh checks that they agree.
set -eu
[ $# -eq 2 ] || { echo "usage: man-synopsis.sh PAGE SECTION" >&2; exit 2; }
page=$1 syn=$2
[ -s "$syn" ] || exit 0
head=$(head -n 1 "$syn")
case $head in
'.SH '[A-Z]*) ;;
*) echo "man-synopsis.sh: $syn does not start with a .SH line" >&2; exit 1 ;;
esac
[ "$head" = '.SH SYNOPSIS' ] && ! grep -q '^\.SH SYNOPSIS$' "$page" &&
	{ echo "man-synopsis.sh: $page has no SYNOPSIS section" >&2; exit 1; }
tmp=$page.tmp.$$
trap 'rm -f "$tmp"' EXIT
awk -v syn="$syn" -v head="$head" '
function put() { while ((getline l < syn) > 0) print l; done = 1 }
$0 == head { put(); skip = 1; next }
skip && /^\.SH / { skip = 0 }
!done && $0 == ".SH SEE ALSO" { put() }
!skip { print }
END { if (!done) put() }
' "$page" >"$tmp"
if cmp -s "$tmp" "$page"; then
	rm -f "$tmp"
else
	mv "$tmp" "$page"
	echo "man-synopsis.sh: $page rewritten"
fi
