#!/bin/sh
# text-t: text from result files (notes, host names, status messages:
# whatever a run recorded, maybe on another machine) escaped per format
# by hostbench-compare.  A valid UTF-8 note cut to a label's width is cut
# between two characters (the SVG stays XML, the HTML page UTF-8); bytes
# that are not UTF-8 read as U+FFFD, so SVG, HTML and JSON stay well
# formed; Markdown makes no link, image or code span of a note's
# "[x](javascript:...)", "![i](URL)" or backquotes; the text report
# carries no terminal escape (ESC, C1's CSI, other controls); the
# tables count characters, not bytes; and
# --check-text, which the front end asks about --note and --tag, refuses
# what is not UTF-8 or holds a control character, with exit 2.
. "$top_srcdir/tests/tap/libtap.sh"

tool=$(cd "$top_builddir" && pwd)/results/hostbench-compare
data=$top_srcdir/tests/data
[ -f "$tool" ] || skip_all "$tool is not built"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/text-t.XXXXXX") || bail 'mktemp -d failed'
_tap_cleanup_hook() { rm -rf "$tmp"; }
trap 'exit 1' HUP INT TERM

plan 29

esc=$(printf '\033')
e_acute=$(printf '\303\251')
# a.0: a note of 50 "é", which every label of a plot cuts.  b.0: a
# note in Latin-1 with Markdown's link, image and code syntax, a tag,
# a backslash and a table's bar; an OSC title escape (ESC ] ... BEL)
# and C1's CSI (U+009B) as a host's name sends them; and a failed case's
# message with ESC [ 2J (clear the screen).
note_a=
for _i in 1 2 3 4 5 6 7 8 9 10; do note_a=$note_a$e_acute$e_acute$e_acute$e_acute$e_acute; done
# with_note NOTE FILE: FILE with its note line saying NOTE (as it is).
with_note() {
	NOTE=$1 awk '/^note: / { print "note: " ENVIRON["NOTE"]; next } { print }' "$2"
}
with_note "$note_a" "$data/hb-a.0" >"$tmp/a.0"
note_b=$(printf 'caf\351 [x](javascript:alert(1)) ![i](http://e/x.png) `c` <b> \\[y] | \033]0;owned\007 \302\233 2J')
{
	with_note "$note_b" "$data/hb-b.0"
	printf 'bench: lat_syscall\nargs: null\n# status: failed: lat_syscall: \033[2Jgone\n'
} >"$tmp/b.0"

# compare ARGS...: the tool in $tmp; stdout in $tmp/out, stderr in
# $tmp/err, status in $STATUS.
compare() {
	STATUS=0
	# shellcheck disable=SC2086
	(cd "$tmp" && $TEST_WRAPPER "$tool" "$@") >"$tmp/out" 2>"$tmp/err" </dev/null || STATUS=$?
}

# utf8 FILE: exit 0 when FILE is valid UTF-8.
utf8() {
	iconv -f UTF-8 -t UTF-8 "$1" >/dev/null 2>&1
}

# ------------------------------------------------ SVG and HTML
compare --svg "$tmp/p.svg" --html "$tmp/p.html" a.0 b.0
is 'a plot and a page of both runs: exit 0' 0 "$STATUS"
if command -v xmllint >/dev/null 2>&1; then
	ok 'xmllint reads the SVG (a label cut mid-character would be no UTF-8)' \
		xmllint --noout "$tmp/p.svg"
else
	skip 'no xmllint (Debian: libxml2-utils) to check the SVG'
fi
like 'the legend cuts the note between two characters, then "..."' "$(cat "$tmp/p.svg")" \
	"^<text [^>]*>\\[1\\] a\\.0 \\(vm\\), ($e_acute)+\\.\\.\\.</text>"
if command -v iconv >/dev/null 2>&1; then
	ok 'the SVG is valid UTF-8' utf8 "$tmp/p.svg"
	ok 'the HTML page is valid UTF-8 (the Latin-1 note read as U+FFFD)' utf8 "$tmp/p.html"
else
	skip 'no iconv to check UTF-8'
	skip 'no iconv to check UTF-8'
fi
like 'the page shows the Latin-1 byte as U+FFFD' "$(cat "$tmp/p.html")" "caf$(printf '\357\277\275') "
is 'no control character in the SVG or the page' 0 \
	"$(cat "$tmp/p.svg" "$tmp/p.html" | tr -d '\n\t' | LC_ALL=C tr -d '\040-\176\200-\377' | wc -c | tr -d ' ')"

# ------------------------------------------------ JSON and Markdown
compare --format json a.0 b.0
is 'JSON: exit 0' 0 "$STATUS"
if command -v iconv >/dev/null 2>&1; then
	ok 'JSON: valid UTF-8' utf8 "$tmp/out"
else
	skip 'no iconv to check UTF-8'
fi
compare --format markdown a.0 b.0
cp "$tmp/out" "$tmp/md"
is 'Markdown: exit 0' 0 "$STATUS"
# (grep -a: the files of a tool that passes bytes through are no text.)
is 'Markdown: no link of a note ("](" with its "[" unescaped)' '' \
	"$(grep -aE '(^|[^\\])\[[^]]*[^\\]\]\(' "$tmp/md" | head -2)"
is 'Markdown: no image ("![" unescaped)' '' "$(grep -aF '![' "$tmp/md" | head -2)"
like 'Markdown: the link reads as text' "$(cat "$tmp/md")" \
	'note: caf.* \\\[x\\\]\(javascript:alert\(1\)\) !\\\[i\\\]\(http://e/x\.png\)'
like 'Markdown: backquotes escaped (no code span), a tag as text, a backslash doubled' \
	"$(cat "$tmp/md")" '\\`c\\` &lt;b> \\\\\\\[y\\\] '
like 'Markdown: a bar in a table cell escaped' "$(cat "$tmp/md")" '^\| b\.0 \|.* \\\| '

# ------------------------------------------------ a terminal
compare a.0 b.0
is 'text: exit 0' 0 "$STATUS"
is 'text: no ESC (no terminal escape from a file) on stdout or stderr' 0 \
	"$(cat "$tmp/out" "$tmp/err" | grep -ac "$esc")"
is "text: no C1 control (U+0080 .. U+009F: CSI as $(printf '\\302\\233'))" 0 \
	"$(cat "$tmp/out" "$tmp/err" | od -An -v -tx1 | tr -s ' \n' '  ' | grep -cE ' c2 (8|9)[0-9a-f]')"
like 'text: the failed case'"'"'s message, its escape as "?"' "$(cat "$tmp/out")" \
	'lat_syscall null: failed: lat_syscall: \?\[2Jgone'

# A directory of runs whose names hold escapes (a run fetched from a
# remote is named by its host): one a run, one no result file.
mkdir "$tmp/d"
cp "$tmp/a.0" "$tmp/d/e$(printf '\033]0;t\007').0"
printf 'Dear diary\n' >"$tmp/d/bad$(printf '\033[2J').0"
compare d
is 'a directory of runs named with escapes: exit 1 (one is no result file)' 1 "$STATUS"
is '... no ESC on stdout or stderr' 0 "$(cat "$tmp/out" "$tmp/err" | grep -ac "$esc")"
like '... the run named with its escape as "?"' "$(cat "$tmp/out")" '^  e\?\]0;t\?\.0 +\[[0-9]\] d/e\?\]0;t\?\.0: vm, '
compare --list-results d
is '--list-results of them: no ESC either' 0 "$(cat "$tmp/out" "$tmp/err" | grep -ac "$esc")"

# ------------------------------------------------ widths in characters
# Two hosts, one named "hôte-é": the hosts' tables pad and cut by
# characters (with the é and ô as one letter each, every row of the
# best-and-worst table is as wide as its header).
sed "s/^host: vm\$/host: h$(printf '\303\264')te-$e_acute/" "$tmp/a.0" >"$tmp/c.0"
compare c.0 b.0
is 'two hosts, one named in UTF-8: exit 0' 0 "$STATUS"
is 'the best-and-worst table is aligned by characters' 1 \
	"$(sed -n '/^Section Column/,/^worst speed:/p' "$tmp/out" | sed '$d' |
		sed "s/$e_acute/e/g; s/$(printf '\303\264')/o/g; s/$(printf '\303\227')/x/g" |
		awk '{ print length($0) }' | sort -u | wc -l | tr -d ' ')"

# ------------------------------------------------ --check-text
compare --check-text "$(printf 'caf\351')"
is '--check-text: Latin-1 is refused with exit 2' 2 "$STATUS"
is '... naming the byte and where it is' \
	'hostbench-compare: --check-text: byte 0xe9 at offset 3 is not valid UTF-8' "$(cat "$tmp/err")"
compare --check-text "red $(printf '\033')[31m"
is '--check-text: an escape is refused: exit 2, naming it' \
	'2 hostbench-compare: --check-text: control character U+001B at offset 4' "$STATUS $(cat "$tmp/err")"
compare --check-text "caf$e_acute, 2 x 3 [notes](here)"
is '--check-text: UTF-8 text is good: exit 0, nothing said' '0 ' "$STATUS $(cat "$tmp/out" "$tmp/err")"
