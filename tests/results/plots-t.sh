#!/bin/sh
# plots-t: every plot hostbench-compare draws (memory latency, the A/B
# chart, rate ladders, latency under load) from the fixtures in
# tests/data, checked as XML (xmllint), for the facts a reader relies on
# (the A/B axis: its x1 line, its ticks, bars within the plot, a whisker
# for every tested row, each value a ratio xN, a heading per section, outliers clamped with an
# arrow and their ratio; memory latency: a look of its own for each
# curve, a legend line per run, round tick labels, the cache sizes of
# the fingerprint marked, a run without data named), and rendered in
# headless Chromium into a PNG that must not be blank (decoded with
# python3).  What is missing here (xmllint, chromium, python3) is
# skipped with the reason.
. "$top_srcdir/tests/tap/libtap.sh"

tool=$(cd "$top_builddir" && pwd)/results/hostbench-compare
data=$(cd "$top_srcdir/tests/data" && pwd)
[ -x "$tool" ] || skip_all "$tool is not built"

plan 41

tmp=$(mktemp -d "${TMPDIR:-/tmp}/plots-t.XXXXXX") || bail 'mktemp -d failed'
_tap_cleanup_hook() { rm -rf "$tmp"; }
. "$top_srcdir/tests/tap/librender.sh"

# compare ARGS...: the tool in tests/data; its status in $STATUS.
compare() {
	STATUS=0
	# shellcheck disable=SC2086
	(cd "$data" && $TEST_WRAPPER "$tool" "$@") >"$tmp/out" 2>"$tmp/err" </dev/null || STATUS=$?
}

# The plots.  hb-a.0/hb-b.0: hostbench runs with lat_mem_rd, one process
# a side (nothing to test); vm.0: lmbench3's; hb-r-a.0/hb-r-b.0: three
# rounds a side (tested rows); cache.0: hb-a.0 with the cache program's
# sysfs-cache line; ladder-*, load-*: no memory latency.
{ cat "$data/hb-a.0"; printf 'bench: cache\nstatus: ok\nsysfs-cache: L1d 32K L2 1M L3 32M line 64\n'; } \
	>"$tmp/cache.0"
# plot ARGS...: compare, noting in $failed a run that did not exit 0.
failed=
plot() {
	compare "$@"
	[ "$STATUS" -eq 0 ] || failed="$failed $STATUS:$*"
}
plot --svg "$tmp/all.svg" --plot "$tmp/p" hb-a.0 hb-b.0 vm.0
plot --plot "$tmp/r" hb-r-a.0 hb-r-b.0
plot --plot "$tmp/c" "$tmp/cache.0" ladder-a.0
plot --plot "$tmp/l" ladder-a.0 ladder-b.0
plot --plot "$tmp/s" load-a.0 load-b.0
# Twelve runs of one host: 24 curves.
i=0
runs=
while [ "$i" -lt 12 ]; do
	sed "s/^note: .*/note: run $i/" "$data/hb-a.0" >"$tmp/many.$i"
	runs="$runs $tmp/many.$i"
	i=$((i + 1))
done
# shellcheck disable=SC2086
plot --plot "$tmp/m" $runs
svgs="$tmp/all.svg $tmp/p/memlat.svg $tmp/p/delta-2.svg $tmp/p/delta-3.svg $tmp/r/delta-2.svg
$tmp/c/memlat.svg $tmp/l/ladder.svg $tmp/l/delta-2.svg $tmp/s/load.svg $tmp/m/memlat.svg"

missing=
for f in $svgs; do
	[ -s "$f" ] || missing="$missing $f"
done
is 'every plot is written, the tool exiting 0' '' "$missing$failed"
if command -v xmllint >/dev/null 2>&1; then
	bad=
	for f in $svgs; do
		xmllint --noout "$f" 2>"$tmp/xmllint" || bad="$bad $(basename "$(dirname "$f")")/$(basename "$f")"
	done
	is 'xmllint reads every SVG' '' "$bad"
	[ -z "$bad" ] || diag "$(head -5 "$tmp/xmllint")"
else
	skip 'no xmllint (Debian: libxml2-utils) to check the SVG'
fi
# shellcheck disable=SC2086
ok 'no NaN or infinity in any attribute' sh -c \
	'! cat "$@" | grep -Eo "=\"[^\"]*\"" | grep -Eiq "nan|inf"' sh $svgs

# ------------------------------------------------ the A/B chart
# tested ARGS...: the rows of the comparison with an interval (CSV).
tested() {
	compare --ab --format csv "$@"
	awk -F ',' 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
		$h["base"] != "" && $h["change_lo_pct"] != "" { n++ } END { print n + 0 }' "$tmp/out"
}
# sections ARGS...: the sections of the comparison with a delta (CSV).
sections() {
	compare --ab --format csv "$@"
	awk -F ',' 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
		$h["base"] != "" && $h["delta_pct"] != "" && !s[$h["section"]]++ { n++ } END { print n + 0 }' "$tmp/out"
}
# inside SVG: each bar lies between the outer grid lines of its column
# (the column whose x1 line is nearest), and within the document.
inside() {
	awk -v size="$(svg_size "$1")" '
	function attr(s, k,   v) { v = s; if (!sub(".* " k "=\"", "", v)) return ""; sub(/".*/, "", v); return v + 0 }
	BEGIN { split(size, wh, ",") }
	/class="one"/ { one[++n1] = attr($0, "x1") }
	/class="grid"/ { grid[++ng] = attr($0, "x1") }
	/class="bar / { ++nb; bx[nb] = attr($0, "x"); bw[nb] = attr($0, "width"); by[nb] = attr($0, "y") }
	END {
		if (n1 == 0 || nb == 0) { print "no x1 line or no bar"; exit }
		for (c = 1; c <= n1; c++) { lo[c] = one[c]; hi[c] = one[c] }
		for (g = 1; g <= ng; g++) {
			best = 1
			for (c = 2; c <= n1; c++)
				if ((grid[g] - one[c]) ^ 2 < (grid[g] - one[best]) ^ 2) best = c
			if (grid[g] < lo[best]) lo[best] = grid[g]
			if (grid[g] > hi[best]) hi[best] = grid[g]
		}
		for (b = 1; b <= nb; b++) {
			best = 1
			for (c = 2; c <= n1; c++)
				if ((bx[b] + bw[b] / 2 - one[c]) ^ 2 < (bx[b] + bw[b] / 2 - one[best]) ^ 2) best = c
			if (bx[b] < lo[best] - 0.5 || bx[b] + bw[b] > hi[best] + 0.5 || by[b] < 0 || by[b] > wh[2])
				bad = bad " " bx[b] "+" bw[b] "@" by[b]
			if (hi[best] - lo[best] < 100) bad = bad " narrow-axis"
		}
		print (bad == "" ? "inside" : "outside:" bad)
	}' "$1"
}
d=$tmp/r/delta-2.svg
cols=$(grep -c 'class="one"' "$d")
ok "A/B: an x1 line per column ($cols)" test "$cols" -ge 1
is 'A/B: the ticks x0.5, x1, x2 above and below each column' "$((2 * cols)) $((2 * cols)) $((2 * cols))" \
	"$(grep -c 'class="tick"[^>]*>×0.5<' "$d") $(grep -c 'class="tick"[^>]*>×1<' "$d") $(grep -c 'class="tick"[^>]*>×2<' "$d")"
is 'A/B: the axis of each column is named a ratio b/a' "$cols" "$(grep -c '>ratio b/a (log scale)<' "$d")"
is 'A/B: every bar lies within the plot area (three rounds a side)' inside "$(inside "$d")"
is 'A/B: every bar lies within the plot area (lmbench against hostbench, outliers)' inside \
	"$(inside "$tmp/p/delta-3.svg")"
is 'A/B: every bar lies within the plot area (rate ladders)' inside "$(inside "$tmp/l/delta-2.svg")"
n=$(tested hb-r-a.0 hb-r-b.0)
ok "A/B: some rows are tested ($n)" test "$n" -gt 0
is 'A/B: a whisker for each tested row' "$n" "$(grep -c 'class="ci"' "$d")"
is 'A/B: no whisker where nothing was tested (one process a side)' "0 $(tested hb-a.0 hb-b.0)" \
	"$(grep -c 'class="ci"' "$tmp/p/delta-2.svg") 0"
is 'A/B: a heading per section' "$(sections hb-r-a.0 hb-r-b.0)" "$(grep -c 'class="sec"' "$d")"
is 'A/B: a bar per row with a ratio' "$(compare --ab --format csv hb-r-a.0 hb-r-b.0
	awk -F ',' 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
		$h["base"] != "" && $h["delta_pct"] != "" && $h["delta_pct"] > -100 { n++ } END { print n + 0 }' "$tmp/out")" \
	"$(grep -c 'class="bar ' "$d")"
is 'A/B: a legend of the colours (better, worse, changed, no change, leaning, not comparable)' 8 \
	"$(grep -c 'class="key ' "$d")"
is 'A/B: bars of metrics with and without a direction coloured apart' 'yes' \
	"$(grep -q 'class="bar \(better\|worse\|lean-better\|lean-worse\)' "$d" && grep -q 'class="bar neutral\|class="bar same\|class="bar changed' "$d" && echo yes)"
ok 'A/B: lmbench against hostbench (untested) is not all grey: bars lean better or worse' \
	grep -q 'class="bar lean-\(better\|worse\)' "$tmp/p/delta-3.svg"
is 'A/B: beyond x8 a bar ends in an arrow, its ratio written' 'yes yes' \
	"$([ "$(grep -c 'class="clamp"' "$tmp/p/delta-3.svg")" -ge 1 ] && echo yes) $(grep -q '>×[0-9.]* ' "$tmp/p/delta-3.svg" && echo yes)"
is 'A/B: a value beside each bar, as a ratio (xN), never a percentage' \
	"$(grep -c 'class="bar ' "$d") 0" \
	"$(grep -cE '>×[0-9.]+ [a-z]' "$d") $(grep -cE '>[+-][0-9.]+% [a-z]' "$d")"
ok 'A/B: the axis widens in powers of 2 (x8) for large changes, not for small ones' sh -c \
	'grep -q "class=\"tick\"[^>]*>×8<" "$1" && ! grep -q "class=\"tick\"[^>]*>×8<" "$2"' sh \
	"$tmp/p/delta-3.svg" "$d"
compare --plot "$tmp/abs" "$data/hb-a.0" "$data/hb-b.0"
t=$(sed -n 's/.*font-size="15">\(A\/B: [^<]*\)<.*/\1/p' "$tmp/abs/delta-2.svg")
like 'A/B: titled with the runs, hosts and notes, not paths' "$t" '^A/B: b = \[2\] .*tuned against a = \[1\] .*baseline$'
ok 'A/B: no directory in the title' sh -c 'case "$1" in *"$2"*) exit 1 ;; esac' sh "$t" "$data"
h=$(svg_size "$d")
ok "A/B: compact: about 15 px a row, not a long column ($h for $n rows)" test "${h#*,}" -lt $((n * 15 + 400))

# ------------------------------------------------ memory latency
m=$tmp/m/memlat.svg
# looks FILE: "curves distinct-pairs" of its curves' (colour, dash).
looks() {
	grep 'class="curve"' "$1" | sed 's/ points=.*//' | awk '
		{ s = $0; c = s; sub(/.*stroke="/, "", c); sub(/".*/, "", c)
		  d = "solid"; if (s ~ /stroke-dasharray/) { d = s; sub(/.*stroke-dasharray="/, "", d); sub(/".*/, "", d) }
		  n++; if (!seen[c " " d]++) k++ }
		END { print n + 0, k + 0 }'
}
is '12 runs: 24 curves, each its own colour and dash' '24 24' "$(looks "$m")"
is '3 runs: 6 curves, each its own colour and dash' '6 6' "$(looks "$tmp/p/memlat.svg")"
is '12 runs: a legend heading per run, naming its note' 12 "$(grep -c 'font-weight="bold">\[[0-9]*\] many\.[0-9]* (vm), run [0-9]*<' "$m")"
ok 'legend lines name the run and its walk' grep -q '>\[3\] vm[.0]* random 16<' "$tmp/p/memlat.svg"
ticks=$(sed -n 's/.*class="tick"[^>]*>\([^<]*\)<.*/\1/p' "$tmp/p/memlat.svg" | tr '\n' ' ')
like 'tick labels: sizes as 1K, 4K ... and latencies as 0.1, 1, 10, 100' "$ticks" \
	'(^| )1K 4K 16K 64K 256K 1M 4M 16M 64M 0.1 1 10 100 1000 $'
ok 'no tick label with padded decimals (100.0, 1.000)' sh -c '! printf "%s\n" "$1" | grep -Eq "\.[0-9]*0( |$)"' sh "$ticks"
c=$tmp/c/memlat.svg
is 'the cache sizes of the fingerprint: a line each, named L1, L2, L3' '3 L1 32K L2 1M L3 32M' \
	"$(grep -c 'class="cache"' "$c") $(sed -n 's/.*>\(L[1-9] [0-9.]*[KMG]\)<.*/\1/p' "$c" | tr '\n' ' ' | sed 's/ $//')"
is 'no cache lines where no run has cache sizes' 0 "$(grep -c 'class="cache"' "$tmp/p/memlat.svg")"
like 'a run without memory latency results is named' "$(cat "$c")" 'class="nodata"[^>]*>no data: \[2\] ladder-a\.0<'
is 'no such note when every run has data' 0 "$(grep -c 'class="nodata"' "$tmp/p/memlat.svg")"

# ------------------------------------------------ ladder and load
ok 'ladder: each run in the legend with its note' sh -c \
	'grep -q ">\[1\] [^<]*rules none<" "$1" && grep -q ">\[2\] [^<]*rules 3000<" "$1"' sh "$tmp/l/ladder.svg"
ok 'load: ticks with units (Gbit/s, us)' sh -c \
	'grep -q "Gbit/s<" "$1" && grep -q " us<" "$1"' sh "$tmp/s/load.svg"

# ------------------------------------------------ rendered
renders 'Chromium renders the A/B chart: not blank' "$d"
renders 'Chromium renders the A/B chart of lmbench against hostbench: not blank' "$tmp/p/delta-3.svg"
renders 'Chromium renders 24 memory latency curves: not blank' "$m"
renders 'Chromium renders memory latency with cache lines: not blank' "$c"
renders 'Chromium renders the rate ladders: not blank' "$tmp/l/ladder.svg"
renders 'Chromium renders latency under load: not blank' "$tmp/s/load.svg"
