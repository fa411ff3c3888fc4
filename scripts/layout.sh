#!/bin/sh
# layout.sh [SRCDIR]: the tree's shape from its #include lines.
#
# Prints, for the C sources under SRCDIR (default: this script's tree):
#   - each folder with its number of .c and .h files and their lines;
#   - the largest .c file;
#   - the include cycles between modules (a module is x.c with its x.h;
#     a header with no .c of its own, a folder's shared declarations, is
#     part of each module that includes it) and between folders: what a
#     change to one file can drag in.
#   - an include that goes up the floors: lib/ and results/ are in floors
#     (FLOORS below, lowest first, as HACKING.md describes them), and a
#     folder may include only its own floor and those below it.
# Exits 1 when there is a cycle, an include up the floors, or a .c file
# of results/ or run/ over 800 lines; 0 otherwise.  make layout runs it;
# tests/scripts/layout-t.sh checks it.
#
# An include "p" is looked up beside the file, then under lib/, results/,
# run/ and the top; one found nowhere in the tree (config.h, a system
# header) is no edge.
set -u
FLOORS='lib/core lib/host lib/mem lib/driver lib/place lib/net
	results/read results/model results/render results/render/svg results'
LC_ALL=C
export LC_ALL
top=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$top" || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/layout.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

find lib bench run results tests -name '*.[ch]' -type f 2>/dev/null | sort >"$tmp/files"

# Folders: files and lines.
printf '%-20s %5s %7s\n' folder files lines
while read -r f; do
	printf '%s %s\n' "$(dirname "$f")" "$(wc -l <"$f")"
done <"$tmp/files" >"$tmp/lines"
awk '{ n[$1]++; l[$1] += $2; t += $2 }
	END { for (d in n) printf "%-20s %5d %7d\n", d, n[d], l[d]; }' "$tmp/lines" | sort
awk '{ t += $2; c++ } END { printf "%-20s %5d %7d\n", "total", c, t }' "$tmp/lines"
largest=$(while read -r f; do case $f in *.c) printf '%s %s\n' "$(wc -l <"$f")" "$f" ;; esac; done \
	<"$tmp/files" | sort -n | tail -1)
echo "largest .c file: ${largest#* } (${largest%% *} lines)"

# Edges: module -> module, folder -> folder.
: >"$tmp/medges"
: >"$tmp/fedges"
while read -r f; do
	d=$(dirname "$f")
	sed -n 's/^#[ 	]*include[ 	]*"\([^"]*\)".*/\1/p' "$f" | while read -r inc; do
		for c in "$d/$inc" "lib/$inc" "results/$inc" "run/$inc" "$inc"; do
			if [ -f "$c" ]; then
				to=$(cd "$(dirname "$c")" && pwd)/$(basename "$c")
				to=${to#"$top"/}
				[ "${f%.?}" != "${to%.?}" ] && [ -f "${f%.?}.c" ] && [ -f "${to%.?}.c" ] &&
					echo "${f%.?} ${to%.?}" >>"$tmp/medges"
				[ "$d" != "$(dirname "$to")" ] && echo "$d $(dirname "$to")" >>"$tmp/fedges"
				break
			fi
		done
	done
done <"$tmp/files"

status=0
for kind in module folder; do
	e=$tmp/${kind%"${kind#?}"}edges
	sort -u "$e" -o "$e"
	if tsort "$e" >/dev/null 2>"$tmp/loop"; then
		echo "include cycles between ${kind}s: none ($(wc -l <"$e") edges)"
	else
		echo "include cycles between ${kind}s:"
		# tsort names each loop's members after a line that says so.
		sed -n 's/^tsort: //p' "$tmp/loop" | sed 's/.*input contains a loop:$/@/' |
			tr '\n' ' ' | tr '@' '\n' | sed -e '/^ *$/d' -e 's/^ */  /' -e 's/ *$//' -e 's/ / - /3g'
		echo
		status=1
	fi
done

# No include up the floors.
floor() { # the position of folder $1 in FLOORS, or nothing
	echo $FLOORS | tr ' ' '\n' | grep -n -x -F "$1" | cut -d: -f1
}
while read -r from to; do
	a=$(floor "$from") b=$(floor "$to")
	[ -n "$a" ] && [ -n "$b" ] && [ "$b" -gt "$a" ] &&
		{ echo "an include up the floors: $from includes $to"; status=1; }
done <"$tmp/fedges"

# No .c file of the results tool or the runner over 800 lines.
while read -r f; do
	case $f in
	results/*.c | run/*.c)
		n=$(wc -l <"$f")
		[ "$n" -gt 800 ] && { echo "over 800 lines: $f ($n)"; status=1; }
		;;
	esac
done <"$tmp/files"
exit $status
