#!/bin/sh
# html-t: hostbench-compare --html FILE writes one self-contained page: the
# runs and their fingerprints side by side (the differences highlighted,
# the changed words of a long value marked), a table per summary section,
# the A/B coloured by verdict, the plots inline as SVG, the hosts' table
# and the best and worst host at each metric when there are several;
# nothing fetched (no script, no link, no external reference); text from
# the files escaped; an existing file is not replaced.  Headless Chromium, where it
# is installed, renders the page (not blank) and its DOM holds the tables
# and the plots.
. "$top_srcdir/tests/tap/libtap.sh"

tool=$(cd "$top_builddir" && pwd)/results/hostbench-compare
data=$(cd "$top_srcdir/tests/data" && pwd)
[ -f "$tool" ] || skip_all "$tool is not built"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/html-t.XXXXXX") || bail 'mktemp -d failed'
_tap_cleanup_hook() { rm -rf "$tmp"; }
trap 'exit 1' HUP INT TERM
. "$top_srcdir/tests/tap/librender.sh"

plan 32

# page OUT ARGS...: the tool in tests/data writes the page OUT; its
# stdout in $tmp/out, stderr in $tmp/err, status in $STATUS.
page() {
	_out=$1
	shift
	STATUS=0
	# shellcheck disable=SC2086
	(cd "$data" && $TEST_WRAPPER "$tool" --html "$_out" "$@") >"$tmp/out" 2>"$tmp/err" \
		</dev/null || STATUS=$?
}

# count PATTERN FILE: the number of matches of the extended regular
# expression in FILE (several on a line count once each).
count() {
	grep -oE "$1" "$2" | wc -l | tr -d ' '
}

# ------------------------------------------------ two runs, an A/B
page "$tmp/ab.html" hb-a.0 hb-b.0
is 'two runs: exit 0' 0 "$STATUS"
is '... and the text report still on stdout' 1 "$(grep -c '^Runs:$' "$tmp/out")"
p=$tmp/ab.html
ok 'a whole HTML document' sh -c \
	'head -1 "$1" | grep -q "^<!DOCTYPE html>$" && tail -1 "$1" | grep -q "^</html>$"' sh "$p"
is 'one table per summary section, as the text has' \
	"$(grep -c -- '^------------------------------------------------------------------------------$' "$tmp/out")" \
	"$(count '<table class="sum"' "$p")"
like 'the runs, by label, file, host and note' "$(cat "$p")" \
	'<td class="k">hb-b.0</td><td class="k">\[2\]</td><td>hb-b.0</td><td>vm</td><td>[^<]*</td><td>tuned</td>'
like 'fingerprints side by side: the governor differs, highlighted' "$(cat "$p")" \
	'<td class="k">governor</td><td>ondemand</td><td class="diff">performance</td>'
like '... and the one word of the command line that changed is marked' "$(cat "$p")" \
	'<td class="diff">console=ttyS0 quiet <mark>mitigations=off</mark></td>'
like 'keys the runs share are listed apart' "$(cat "$p")" '<summary>The same in every run</summary>'
is 'the A/B: a table per section, as the text has' \
	"$(grep -cE '^ +[^ ]+ +[^ ]+ +change +([0-9.]+% )?interval +q +verdict$' "$tmp/out")" \
	"$(count '<table class="ab"' "$p")"
like 'what changed is named' "$(cat "$p")" 'governor: ondemand -&gt; performance'
like 'one run a side: rows greyed (untested)' "$(cat "$p")" '<tr class="dim"><td class="k">null call</td>'
is 'plots inline: memory latency and the A/B chart' 2 "$(count '<svg ' "$p")"
is '... without their XML declarations' 0 "$(count '<\?xml' "$p")"
is 'nothing fetched: no script, link, frame, import or src' 0 \
	"$(count '<script|<link|<iframe|<object|<embed|@import|url\(| src=' "$p")"
is '... and no address but the SVG namespace' 0 \
	"$(grep -oE '(https?|ftp|file):[^" ]*' "$p" | grep -vc '^http://www.w3.org/2000/svg$')"

# ------------------------------------------------ verdicts coloured
page "$tmp/r.html" hb-r-a.0 hb-r-b.0
is 'three rounds a side: exit 0' 0 "$STATUS"
like 'the doubled null call is a red row, worse' "$(cat "$tmp/r.html")" \
	'<tr class="worse"><td class="k">null call</td>.*<td>slower</td>'
ok 'the legend says which colour is which' grep -q 'Green: faster or better; red: slower or worse' \
	"$tmp/r.html"

# ------------------------------------------------ hosts
page "$tmp/fleet.html" fleet-big.0 fleet-nas.0 fleet-nas.1 fleet-vm.0 fleet-vm.1
is 'three hosts: exit 0' 0 "$STATUS"
is '... the hosts'"'"' table and the best and worst host at each metric' '1 1' \
	"$(count '<table class="hosts"' "$tmp/fleet.html") $(count '<table class="across"' "$tmp/fleet.html")"
page "$tmp/one.html" hb-a.0 hb-b.0
is 'one host: neither' 0 "$(count '<table class="(hosts|across)"' "$tmp/one.html")"

# ------------------------------------------------ escaping
sed -e 's/^note: .*/note: <script>alert(1)<\/script> \& "q"/' "$data/hb-b.0" >"$tmp/evil.0"
page "$tmp/e.html" hb-a.0 "$tmp/evil.0"
is 'a hostile note: exit 0' 0 "$STATUS"
is '... no script element reaches the page' 0 "$(count '<script' "$tmp/e.html")"
like 'the A/B names the runs by label, not path' "$(cat "$tmp/e.html")" \
	'<h2 id="ab-1">A/B: \[2\] evil\.0 against the base \[1\] hb-a\.0</h2>'
like '... it is shown as text' "$(cat "$tmp/e.html")" \
	'&lt;script&gt;alert\(1\)&lt;/script&gt; &amp; &quot;q&quot;'

# ------------------------------------------------ nothing lost
echo 'my report' >"$tmp/keep.html"
page "$tmp/keep.html" hb-a.0 hb-b.0
is 'an existing page: exit 1' 1 "$STATUS"
like '... saying so' "$(cat "$tmp/err")" 'keep.html: exists; not replacing it'
is '... and it is left as it was' 'my report' "$(cat "$tmp/keep.html")"
is '... no temporary file left beside it' 'ab.html e.html evil.0 fleet.html keep.html one.html out r.html' \
	"$(cd "$tmp" && ls | grep -v '^err$' | tr '\n' ' ' | sed 's/ $//')"

# ------------------------------------------------ rendered
renders 'Chromium renders the page: not blank' "$tmp/ab.html" 1200,1600
why=$(render_missing)
if [ -n "$why" ]; then
	skip "the DOM: $why"
	skip "the DOM's plots: $why"
else
	dom_of "$tmp/ab.html" >"$tmp/dom"
	is 'the DOM holds the summary tables' "$(count '<table class="sum"' "$p")" \
		"$(count '<table class="sum"' "$tmp/dom")"
	is "... and the plots as SVG elements" 2 "$(count '<svg ' "$tmp/dom")"
fi
