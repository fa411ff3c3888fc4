#!/bin/sh
# browser-t: the page of hostbench-compare --html as a reader sees it, in
# headless Chromium.  In a window 1400 px wide, the first comparison's
# verdict and its chart begin within the first 1200 px (two runs of
# tests/data, one process a side and three rounds a side), and a fleet's
# ranking does too; the folded blocks are closed.  Printed -- the page's
# print rules applied in a window as wide as A4's printable width, 680 px
# (210 mm less the 15 mm margins either side; Letter's is wider) -- every
# chart fits that width whole, nothing is wider than the page, and the
# folded blocks' contents show.  And --print-to-pdf writes a PDF of A4
# or Letter pages, as many as the page's length asks for.  Where
# Chromium or timeout(1) is missing, every test is skipped with the
# reason.
#
# The measuring is a script the test adds to a copy of the page (the
# page has none): it writes what it measured into the DOM, and
# --dump-dom gives it back.  Positions are layout, not timing: they hold
# on a busy machine.
. "$top_srcdir/tests/tap/libtap.sh"

tool=$(cd "$top_builddir" && pwd)/results/hostbench-compare
data=$(cd "$top_srcdir/tests/data" && pwd)
[ -f "$tool" ] || skip_all "$tool is not built"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/browser-t.XXXXXX") || bail 'mktemp -d failed'
_tap_cleanup_hook() { rm -rf "$tmp"; }
trap 'exit 1' HUP INT TERM
. "$top_srcdir/tests/tap/librender.sh"

why=$(render_missing)
case $why in
'no python3'*) why= ;;	# no PNG to read here
esac
[ -z "$why" ] || skip_all "$why"

plan 15

# page OUT ARGS...: the tool in tests/data writes the page OUT (a page
# it did not write fails the measures that follow).
page() {
	_out=$1
	shift
	# shellcheck disable=SC2086
	(cd "$data" && $TEST_WRAPPER "$tool" --html "$_out" "$@") >/dev/null 2>"$tmp/err" \
		</dev/null || diag "$(cat "$tmp/err")"
}

# The measuring script.  With "#print" in the address, first the page's
# print rules apply to the screen too.  Then one line, "MEAS k=v ...":
# the tops (px from the page's top; -1: none) of the first verdict, the
# first A/B chart and the ranking across hosts, the page's height and
# width (scrollWidth), the window's width, the charts and how many fit
# their block and the window, the folded blocks and how many show their
# contents.
measure_js() {
	cat <<'EOF_JS'
<script>
(function () {
	var i, j, s, rules;
	if (location.hash == '#print')
		for (s = 0; s < document.styleSheets.length; s++) {
			rules = document.styleSheets[s].cssRules;
			for (i = 0; i < rules.length; i++)
				if (rules[i].media && /print/.test(rules[i].media.mediaText))
					rules[i].media.mediaText = 'all';
		}
	function top(e) { return e ? Math.round(e.getBoundingClientRect().top + window.scrollY) : -1; }
	var de = document.documentElement, svgs = document.querySelectorAll('svg'), chart = null, fit = 0;
	for (i = 0; i < svgs.length; i++) {
		var r = svgs[i].getBoundingClientRect(), p = svgs[i].parentNode.getBoundingClientRect();
		if (r.width > 0 && r.right <= Math.min(p.right, de.clientWidth) + 0.5)
			fit++;
		if (!chart && /A\/B:/.test(svgs[i].textContent))
			chart = svgs[i];
	}
	var det = document.querySelectorAll('details'), shown = 0;
	for (i = 0; i < det.length; i++)
		for (j = 0; j < det[i].children.length; j++) {
			var c = det[i].children[j];
			if (c.tagName != 'SUMMARY') {
				shown += c.checkVisibility() ? 1 : 0;
				break;
			}
		}
	var o = document.createElement('pre');
	o.textContent = 'MEAS verdict=' + top(document.getElementById('verdict')) + ' chart=' + top(chart) +
		' ranking=' + top(document.getElementById('ranking')) + ' height=' + de.scrollHeight +
		' width=' + de.scrollWidth + ' window=' + de.clientWidth + ' svgs=' + svgs.length +
		' fit=' + fit + ' details=' + det.length + ' shown=' + shown + ' END';
	document.body.appendChild(o);
})();
</script>
EOF_JS
}

# measure PAGE W [print]: the "k=v ..." line of PAGE measured in a window
# W px wide (on screen, or with the print rules); empty when Chromium
# gave no DOM.
measure() {
	cp "$1" "$tmp/m.html"
	measure_js >>"$tmp/m.html"
	for _try in 1 2; do
		_m=$(_render_run --window-size="$2,1000" --dump-dom "file://$tmp/m.html${3:+#$3}" 2>/dev/null |
			sed -n 's/.*MEAS \([^<]*\) END.*/\1/p')
		[ -n "$_m" ] && break
	done
	printf '%s\n' "$_m"
}

# get KEY LINE: the value of KEY in a measured line ("" when absent).
get() {
	printf '%s\n' "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"
}

# pdf PAGE OUT: Chromium prints PAGE into OUT.
pdf() {
	for _try in 1 2; do
		rm -f "$2"
		_render_run --no-pdf-header-footer --print-to-pdf="$2" "file://$1" >/dev/null 2>&1 || :
		[ -s "$2" ] && break
	done
}

# pdf_pages PDF: its pages (the page objects); pdf_sizes PDF: its pages'
# distinct sizes, "W H" in points, one a line.
pdf_pages() {
	LC_ALL=C grep -aoE '/Type */Page([^s]|$)' "$1" | wc -l | tr -d ' '
}
pdf_sizes() {
	LC_ALL=C grep -ao '/MediaBox *\[[^]]*\]' "$1" |
		sed 's/.*\[ *\([0-9.]*\) *\([0-9.]*\) *\([0-9.]*\) *\([0-9.]*\) *\]/\3 \4/' | sort -u
}

# ------------------------------------------------ on screen, 1400 px
page "$tmp/ab.html" hb-a.0 hb-b.0
page "$tmp/r.html" hb-r-a.0 hb-r-b.0
for name in ab r; do
	pair=$(sed -n 's/^<title>hostbench: \(.*\)<\/title>$/\1/p' "$tmp/$name.html")
	m=$(measure "$tmp/$name.html" 1400)
	v=$(get verdict "$m")
	c=$(get chart "$m")
	ok "$pair: the verdict is within the first 1200 px (at ${v:-?} px of ${m:+$(get height "$m")})" \
		test -n "$v" -a "${v:--1}" -ge 0 -a "${v:-9999}" -lt 1200
	ok "$pair: ... and the A/B chart too (at ${c:-?} px)" \
		test -n "$c" -a "${c:--1}" -gt "${v:-0}" -a "${c:-9999}" -lt 1200
done
m=$(measure "$tmp/ab.html" 1400)
is 'the folded blocks are closed on screen' "$(get details "$m") 0" "$(get details "$m") $(get shown "$m")"

page "$tmp/fleet.html" fleet-big.0 fleet-nas.0 fleet-nas.1 fleet-vm.0 fleet-vm.1
m=$(measure "$tmp/fleet.html" 1400)
r=$(get ranking "$m")
ok "a fleet: the ranking across hosts is within the first 1200 px (at ${r:-?} px)" \
	test -n "$r" -a "${r:--1}" -ge 0 -a "${r:-9999}" -lt 1200

# ------------------------------------------------ printed
for name in r fleet; do
	m=$(measure "$tmp/$name.html" 680 print)
	is "$name, printed: every chart fits the page's width whole" \
		"$(get svgs "$m") charts fit" "$(get fit "$m") charts fit"
	ok "$name, printed: nothing is wider than the page ($(get width "$m") px of $(get window "$m"))" \
		test -n "$m" -a "$(get width "$m")" -le "$(get window "$m")"
	is "$name, printed: the folded blocks' contents show" \
		"$(get details "$m") shown" "$(get shown "$m") shown"
done

# The measuring itself can fail: without the rules that scale the charts
# and keep blocks from scrolling, the A/B chart (1140 px) is cut on A4.
sed 's/@media print{/@media speech{/; s/svg{max-width:100%;height:auto}//' "$tmp/r.html" >"$tmp/noprint.html"
m=$(measure "$tmp/noprint.html" 680 print)
ok "without those rules a chart would not fit: the measure can fail ($(get fit "$m") of $(get svgs "$m") fit)" \
	test -n "$m" -a "$(get fit "$m")" -lt "$(get svgs "$m")"

# ------------------------------------------------ the PDF
pdf "$tmp/r.html" "$tmp/r.pdf"
if [ ! -s "$tmp/r.pdf" ]; then
	_tap_report 1 'Chromium prints the page into a PDF'
	skip 'no PDF: its pages'
else
	ok 'Chromium prints the page into a PDF' sh -c 'head -c 5 "$1" | grep -q "^%PDF-"' sh "$tmp/r.pdf"
	# Letter (612 x 792 points) or A4 (595 x 842), whichever Chromium's
	# default is; as many pages as the printed page's length asks for
	# (its height at 680 px over A4's printable 1009 px, with room for
	# the breaks before blocks that keep together).
	m=$(measure "$tmp/r.html" 680 print)
	n=$(pdf_pages "$tmp/r.pdf")
	most=$(($(get height "$m") * 2 / 1009 + 2))
	sizes=$(pdf_sizes "$tmp/r.pdf" | tr '\n' ' ' | sed 's/ $//')
	case $sizes in
	'612 792' | '595 842' | '595.92 842.88') paper=yes ;;
	*) paper=no ;;
	esac
	ok "... of A4 or Letter pages ($sizes), $n of them (at most $most)" \
		test "$paper" = yes -a "$n" -ge 1 -a "$n" -le "$most"
fi
