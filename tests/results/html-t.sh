#!/bin/sh
# html-t: hostbench-compare --html FILE writes one self-contained page: the
# verdict first (the counts, the metrics that changed as ratios xN with
# their interval) and the A/B chart, or a fleet's ranking; then, folded,
# the runs, their reliability notes (each distinct message once, figures
# that differ as a range), their fingerprints side by side (the
# differences highlighted, the changed words of a long value marked, the
# keys that differ on every run never highlighted) and the A/B in full,
# coloured by verdict; a table per summary section, the plots inline as
# SVG that scale (viewBox, print rules); nothing fetched (no script, no
# link, no external reference); text from the files escaped; an existing
# file is not replaced, but --force replaces a file the tool wrote (its
# marker line) and nothing else (exit 2); files get 0666 less the umask.
# Headless Chromium, where it is installed, renders the page (not blank)
# and its DOM holds the tables and the plots (tests/results/browser-t.sh
# measures where the verdict and the chart are, and the printed page).
. "$top_srcdir/tests/tap/libtap.sh"

tool=$(cd "$top_builddir" && pwd)/results/hostbench-compare
data=$(cd "$top_srcdir/tests/data" && pwd)
[ -f "$tool" ] || skip_all "$tool is not built"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/html-t.XXXXXX") || bail 'mktemp -d failed'
_tap_cleanup_hook() { rm -rf "$tmp"; }
trap 'exit 1' HUP INT TERM
. "$top_srcdir/tests/tap/librender.sh"

plan 66

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

# line PATTERN FILE: the number of the first line matching the extended
# regular expression, or 0.
line() {
	grep -nE -m 1 -- "$1" "$2" | sed 's/:.*//' | grep . || echo 0
}

# mode FILE: its permissions as ls shows them (-rw-r--r--).
mode() {
	ls -l "$1" | cut -c1-10
}

# ------------------------------------------------ two runs, an A/B
page "$tmp/ab.html" hb-a.0 hb-b.0
is 'two runs: exit 0' 0 "$STATUS"
is '... and the text report still on stdout' 1 "$(grep -c '^Runs:$' "$tmp/out")"
p=$tmp/ab.html
ok 'a whole HTML document' sh -c \
	'head -1 "$1" | grep -q "^<!DOCTYPE html>$" && tail -1 "$1" | grep -q "^</html>$"' sh "$p"
is 'one table per summary section, as the text has' \
	"$(cd "$data" && $TEST_WRAPPER "$tool" --summary hb-a.0 hb-b.0 </dev/null |
		grep -c -- '^------------------------------------------------------------------------------$')" \
	"$(count '<table class="sum"' "$p")"
like 'the runs, by label, file, host and note' "$(cat "$p")" \
	'<td class="k">hb-b.0</td><td class="k">\[2\]</td><td>hb-b.0</td><td>vm</td><td>[^<]*</td><td>tuned</td>'
like 'fingerprints side by side: the governor differs, highlighted' "$(cat "$p")" \
	'<td class="k">governor</td><td>ondemand</td><td class="diff">performance</td>'
like '... and the one word of the command line that changed is marked' "$(cat "$p")" \
	'<td class="diff">console=ttyS0 quiet <mark>mitigations=off</mark></td>'
like 'keys the runs share are listed apart' "$(cat "$p")" '<summary>The same in every run</summary>'
is 'the A/B: a table per section with values on both sides, as the CSV has' \
	"$(cd "$data" && $TEST_WRAPPER "$tool" --ab --format csv hb-a.0 hb-b.0 </dev/null |
		awk -F ',' 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
			$h["base"] != "" && !s[$h["section"]]++ { n++ } END { print n + 0 }')" \
	"$(count '<table class="ab"' "$p")"
like 'what changed is named' "$(cat "$p")" 'governor: ondemand -&gt; performance'
like 'one run a side: rows greyed (untested)' "$(cat "$p")" '<tr class="dim"><td class="k">null call</td>'
is 'plots inline: memory latency and the A/B chart' 2 "$(count '<svg ' "$p")"
is '... without their XML declarations' 0 "$(count '<\?xml' "$p")"
is 'nothing fetched: no script, link, frame, import or src' 0 \
	"$(count '<script|<link|<iframe|<object|<embed|@import|url\(| src=' "$p")"
is '... and no address but the SVG namespace' 0 \
	"$(grep -oE '(https?|ftp|file):[^" ]*' "$p" | grep -vc '^http://www.w3.org/2000/svg$')"
v=$(line '<section class="verdict" id="verdict">' "$p")
c=$(line '<svg ' "$p")
r=$(line '<details id="runs">' "$p")
h=$(line '^<h1>' "$p")
ok "the page opens with the verdict (line $v, after the heading's $h), then the A/B chart ($c), then the runs ($r)" \
	test "$h" -gt 0 -a "$v" -eq $((h + 1)) -a "$c" -gt "$v" -a "$r" -gt "$c"
is 'runs, notes, fingerprints and the A/B in full are folded' '1 1 1 1' \
	"$(count '<details id="runs">' "$p") $(count '<details id="notes">' "$p") $(count '<details id="fingerprints">' "$p") $(count '<details class="abfull"' "$p")"
like 'the load differs but is not highlighted' "$(cat "$p")" '<td class="k">load</td><td>11.36</td><td>0.12</td>'
like '... nor the date' "$(cat "$p")" '<td class="k">date</td><td>[^<]*</td><td>[^<]*</td></tr>'
is '... and neither is among the keys that differ' 0 \
	"$(sed -n '/<details id="fingerprints">/,/never a difference/p' "$p" | grep -cE '<td class="k">(load|date)<')"
like 'the page says which file wrote it, on its second line' "$(sed -n 2p "$p")" \
	'^<!-- written by hostbench-compare [^-]*-->$'
is 'every chart scales: a viewBox each, max-width and height auto' "$(count '<svg ' "$p") 1" \
	"$(count '<svg [^>]*viewBox="0 0 [0-9]+ [0-9]+"' "$p") $(count 'svg\{max-width:100%;height:auto\}' "$p")"
ok 'print rules: page margins, nothing scrolls, folded blocks printed open' sh -c \
	'grep -q "@page{margin:" "$1" && grep -q "@media print{" "$1" && grep -q "div.plot{overflow:visible" "$1" && grep -q "::details-content{content-visibility:visible" "$1"' sh "$p"

# ------------------------------------------------ verdicts coloured
page "$tmp/r.html" hb-r-a.0 hb-r-b.0
is 'three rounds a side: exit 0' 0 "$STATUS"
like 'the doubled null call is a red row, worse' "$(cat "$tmp/r.html")" \
	'<tr class="worse"><td class="k">null call</td>.*<td>slower</td>'
ok 'the legend says which colour is which' grep -q 'Green: faster or better; red: slower or worse' \
	"$tmp/r.html"
like 'the verdict names the changed metric with its ratio and interval as xN' "$(cat "$tmp/r.html")" \
	'<tr class="worse"><td>proc</td><td class="k">null call</td><td class="n">[^<]*</td><td class="n">[^<]*</td><td class="n">×2\.0[0-9]</td><td class="n">×1\.[0-9]+ \.\. ×[1-9]\.[0-9]+</td>'
is '... in the verdict, before the chart' 1 \
	"$(sed -n '/<section class="verdict"/,/<\/section>/p' "$tmp/r.html" | grep -c '<td class="k">null call</td>')"
is 'no change as a percentage in the A/B tables: ratios' 0 "$(count '<td class="n">[+-][0-9.]+%</td>' "$tmp/r.html")"
ok 'the chart shows the ratio too' grep -q '>×2\.0[0-9] slower<' "$tmp/r.html"

# ------------------------------------------------ hosts
page "$tmp/fleet.html" fleet-big.0 fleet-nas.0 fleet-nas.1 fleet-vm.0 fleet-vm.1
is 'three hosts: exit 0' 0 "$STATUS"
is '... the hosts'"'"' table and the best and worst host at each metric' '1 1' \
	"$(count '<table class="hosts"' "$tmp/fleet.html") $(count '<table class="across"' "$tmp/fleet.html")"
f=$tmp/fleet.html
a=$(line '<section id="ranking">' "$f")
ok "... the page opens with the ranking (line $a), before the verdicts and the details" \
	test "$a" -gt 0 -a "$a" -lt "$(line '<section class="verdict"' "$f")" -a "$a" -lt "$(line '<details' "$f")"
like '... each host in order, against the best as xN' "$(cat "$f")" '<td class="rank">[^<]*, [^<]* ×[0-9.]+'
like '... worst/best as xN' "$(cat "$f")" '<td class="n">×[0-9.]+</td><td class="rank">'
page "$tmp/one.html" hb-a.0 hb-b.0
is 'one host: neither' 0 "$(count '<table class="(hosts|across)"' "$tmp/one.html")"

# ------------------------------------------------ reliability notes
awk '{ print } /^status: ok$/ && n < 3 { printf "# noisy: its processes waited for a CPU %d%% of the time (threshold 25%%)\n", 30 + 20 * n++ }' \
	"$data/hb-b.0" >"$tmp/noisy.0"
page "$tmp/n.html" hb-a.0 "$tmp/noisy.0"
is 'three noisy cases: exit 0' 0 "$STATUS"
is '... one note, its figures as a range' 1 "$(count '<tr><td>noisy: its processes waited for a CPU 30 \.\. 70% of the time \(threshold 25%\)</td>' "$tmp/n.html")"
like '... naming the run and its cases' "$(cat "$tmp/n.html")" '<td>\[2\] mhz, lat_syscall null, lat_syscall read</td>'
like 'a note of one case: its case named' "$(cat "$tmp/n.html")" \
	'<tr><td>precision not reached: ±7.41% \(target ±1%\) after 5 samples</td><td>\[1\] lat_syscall null</td></tr>'
like 'the runs table counts the notes' "$(cat "$tmp/n.html")" '<td class="k">noisy.0</td>.*<td><a href="#notes">3</a></td></tr>'

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
is '... no temporary file left beside it' 'ab.html e.html evil.0 fleet.html keep.html n.html noisy.0 one.html out r.html' \
	"$(cd "$tmp" && ls | grep -v '^err$' | tr '\n' ' ' | sed 's/ $//')"


# ------------------------------------------------ modes and --force
mkdir "$tmp/f"
page "$tmp/f/a.html" hb-a.0 hb-b.0
is 'a new page: 0666 less the umask' "$(umask 022 && : >"$tmp/f/mode-ref" && mode "$tmp/f/mode-ref")" "$(mode "$tmp/f/a.html")"
rm -f "$tmp/f/mode-ref" "$tmp/f/a.html"
(umask 077 && page "$tmp/f/a.html" hb-a.0 hb-b.0)
is '... with umask 077: only for its owner' '-rw-------' "$(mode "$tmp/f/a.html")"
rm -f "$tmp/f/a.html"
(umask 022 && page "$tmp/f/a.html" hb-a.0 hb-b.0 && page "$tmp/f/p.html" --plot "$tmp/f/plots" hb-a.0 hb-b.0)
is '... with umask 022: readable by all, page and plots alike' '-rw-r--r-- -rw-r--r--' \
	"$(mode "$tmp/f/a.html") $(mode "$tmp/f/plots/delta-2.svg")"
page "$tmp/f/a.html" --force hb-r-a.0 hb-r-b.0
is '--force over a page the tool wrote: exit 0' 0 "$STATUS"
like '... the page is replaced' "$(sed -n '/<title>/p' "$tmp/f/a.html")" 'hb-r-a.0, hb-r-b.0'
page "$tmp/f/p2.html" --force --plot "$tmp/f/plots" hb-r-a.0 hb-r-b.0
is '--force over plots the tool wrote: exit 0, replaced' '0 1' \
	"$STATUS $(grep -c 'hb-r-b' "$tmp/f/plots/delta-2.svg" | sed 's/^[1-9][0-9]*$/1/')"
like '... an SVG says which tool wrote it on its second line' "$(sed -n 2p "$tmp/f/plots/delta-2.svg")" \
	'^<!-- written by hostbench-compare '
echo 'my report' >"$tmp/f/mine.html"
page "$tmp/f/mine.html" --force hb-a.0 hb-b.0
is '--force over a file the tool did not write: exit 2' 2 "$STATUS"
like '... naming it' "$(cat "$tmp/err")" 'mine\.html was not written by hostbench-compare'
is '... and it is left as it was' 'my report' "$(cat "$tmp/f/mine.html")"
ln -s a.html "$tmp/f/link.html"
page "$tmp/f/link.html" --force hb-a.0 hb-b.0
is '--force over a symbolic link, even to a page of its own: exit 2' 2 "$STATUS"
page "$tmp/f/new.html" --force --plot "$tmp/f/mine.html" hb-a.0 hb-b.0
is '--force: one name it may not replace, and no file is written' '2 no' \
	"$STATUS $(test -e "$tmp/f/new.html" && echo yes || echo no)"
is '... no temporary file left' 'a.html link.html mine.html p.html p2.html plots' \
	"$(cd "$tmp/f" && ls | tr '\n' ' ' | sed 's/ $//')"
STATUS=0
(cd "$data" && $TEST_WRAPPER "$tool" --force hb-a.0 hb-b.0) >/dev/null 2>"$tmp/err" </dev/null || STATUS=$?
is '--force with no file to write: a usage error' '2 1' "$STATUS $(grep -c 'force replaces files' "$tmp/err")"

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
