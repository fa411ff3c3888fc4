#!/bin/sh
# box-t: comparisons of runs through a router with its box agent
# (tests/data/box-a.0, box-b.0: hostbench ab, three rounds a side).
# A box on the ends' kernel (box-same-kernel: yes ...) has the whole
# machine's CPU figures: the box section says so in the text and the
# page, a comparison of two such runs keeps the box rows with a caveat
# said once (a note; JSON's notes, CSV's why), and against a router with
# its own kernel they are not comparable.
# Values that can be 0 are values: the box's shares that read 0 in every
# round on both sides are "same", a share from 0 to 5% is a change with
# its verdict, both tested as a difference and shown in points, never
# "not tested"; a side of runs one of which read 0 is their mean.
. "$top_srcdir/tests/tap/libtap.sh"

tool=$(cd "$top_builddir" && pwd)/results/hostbench-compare
data=$(cd "$top_srcdir/tests/data" && pwd)
[ -f "$tool" ] || skip_all "$tool is not built"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/box-t.XXXXXX") || bail 'mktemp -d failed'
_tap_cleanup_hook() { rm -rf "$tmp"; }
trap 'exit 1' HUP INT TERM

plan 50

# compare ARGS...: the tool in tests/data; stdout in $tmp/out, status in
# $STATUS.
compare() {
	STATUS=0
	# shellcheck disable=SC2086
	(cd "$data" && $TEST_WRAPPER "$tool" "$@") >"$tmp/out" 2>"$tmp/err" </dev/null || STATUS=$?
}

# field SECTION COLUMN NAME: the CSV field NAME of the compared run's row
# (run 2) of SECTION's COLUMN.
field() {
	awk -F ',' -v s="$1" -v c="$2" -v n="$3" 'NR == 1 { for (k = 1; k <= NF; k++) h[$k] = k; next }
		$1 == 2 && $5 == s && $6 == c { print $(h[n]) }' "$tmp/out"
}

# ------------------------------------------------ rounds whose value is 0
compare --format csv box-a.0 box-b.0
is 'two sides through a box: exit 0' 0 "$STATUS"
is "the box's sys share, 0 in every round of both sides: same" 'same' "$(field box 'TCP sys' verdict)"
is "... its interval in the share's points, 0 .. 0" '0 0' \
	"$(field box 'TCP sys' diff_lo) $(field box 'TCP sys' diff_hi)"
is "a share from 0 to about 5%: worse" 'worse' "$(field box 'UDP sys' verdict)"
ok '... its interval in points, wholly above 0' awk -v lo="$(field box 'UDP sys' diff_lo)" \
	-v hi="$(field box 'UDP sys' diff_hi)" 'BEGIN { exit !(lo > 0 && hi > lo && hi < 10) }'
is '... no percentage of 0: none' '' "$(field box 'UDP sys' change_lo_pct)$(field box 'UDP sys' delta_pct)"
compare box-a.0 box-b.0
like 'the text gives the change from 0 in points, and its interval' "$(cat "$tmp/out")" \
	'^box +UDP sys +%busiest-sys +0 +5\.[0-9]+ +\+5\.[0-9]+ pt +\+[0-9.]+ \.\. \+[0-9.]+ pt +worse$'
like 'no row is left untested' "$(cat "$tmp/out")" ' 0 not tested, '

# ------------------------------------------------ each of the box's CPUs
# The packet work of the UDP case on the box's CPU 0 grows, and its CPU 1,
# idle on side A (0 in every round), takes some on side B: both changes
# are shown in the box section, CPU 1's in points; the CPUs the box does
# not have (2 .. 7) have no row.
like "the box section has CPU 0's soft interrupts, worse" "$(cat "$tmp/out")" \
	'^box +UDP cpu0 sirq +%cpu0-softirq +31\.90 +50\.90 +×1\.60 .* worse$'
like "... and CPU 1's, from 0, in points" "$(cat "$tmp/out")" \
	'^box +UDP cpu1 sirq +%cpu1-softirq +0 +3\.09[0-9]* +\+3\.09 pt .* worse$'
is '... and none of the CPUs the box does not have' '' "$(grep -E 'cpu[2-7] (sirq|sys|irq)' "$tmp/out")"
# Each CPU's sys and irq shares have rows of their own: B's CPU 0 in the
# kernel (as its busiest-sys says) and in hard interrupts.
awk '/^round: / { r = $2 } /^BenchmarkBwUdp.*%cpu0-sys/ {
	sub(/\t0 %cpu0-sys/, "\t" (r == 1 ? 5.1 : r == 2 ? 4.9 : 5.3) " %cpu0-sys")
	sub(/\t0 %cpu0-irq/, "\t" (r == 1 ? 0.6 : r == 2 ? 0.5 : 0.7) " %cpu0-irq") } { print }' \
	"$data/box-b.0" >"$tmp/sysirq-b.0"
compare "$data/box-a.0" "$tmp/sysirq-b.0"
like "each CPU's sys share: a row of its own, from 0 in points" "$(cat "$tmp/out")" \
	'^box +UDP cpu0 sys +%cpu0-sys +0 +5\.[0-9]+ +\+5\.[0-9]+ pt .* worse$'
like "... and its hard interrupts' share" "$(cat "$tmp/out")" \
	'^box +UDP cpu0 irq +%cpu0-irq +0 +0\.[0-9]+ +\+0\.[0-9]+ pt .* worse$'


compare --format json box-a.0 box-b.0
# scales: each row's unit and scale, one pair a line, sorted, once each.
scales() {
	python3 -c '
import json, sys
for c in json.load(open(sys.argv[1]))["comparisons"]:
    for s in c["sections"]:
        for r in s["rows"]:
            if r["scale"] != "none":
                print(r["unit"], r["scale"])' "$tmp/out" | sort -u | tr '\n' ' ' | sed 's/ $//'
}
if command -v python3 >/dev/null 2>&1; then
	is 'JSON: every share is tested as a difference, a bandwidth or rate as a ratio (the rows tested)' \
		'% difference %busiest difference %busiest-softirq difference %busiest-sys difference %cpu0-irq difference %cpu0-softirq difference %cpu0-sys difference %cpu1-irq difference %cpu1-softirq difference %cpu1-sys difference MB/s ratio pkts/s ratio' \
		"$(scales)"
else
	skip 'python3 is not installed'
fi

# A share near 0 (the box's TCP sys share 0.1 .. 0.4% a round): its
# interval in percent of A would be "too wide"; in points it is not.
awk '/^round: / { r = $2 } /^BenchmarkBwTcp.*%busiest-sys/ {
	sub(/\t0 %busiest-sys/, "\t" (r == 1 ? 0.1 : r == 2 ? 0.4 : 0.2) " %busiest-sys") } { print }' \
	"$data/box-a.0" >"$tmp/near-a.0"
awk '/^round: / { r = $2 } /^BenchmarkBwTcp.*%busiest-sys/ {
	sub(/\t0 %busiest-sys/, "\t" (r == 1 ? 0.3 : r == 2 ? 0.1 : 0.4) " %busiest-sys") } { print }' \
	"$data/box-b.0" >"$tmp/near-b.0"
compare --format markdown "$tmp/near-a.0" "$tmp/near-b.0"
like 'a share near 0: its interval and what it could have missed in points, not "too wide"' \
	"$(grep '^| TCP sys |' "$tmp/out")" '\| -0\.[0-9]+ \.\. \+0\.[0-9]+ pt \| [0-9.]+ \| no change \(none > 0\.[0-9]+ pt\) \|$'

# one_round FILE N: round N of an A/B side as a run of its own.
one_round() {
	awk -v n="$2" '/^round: / { r = $2 + 0; next } /^(ab-side|ab-state|rounds):/ { next }
		r == 0 || r == n' "$1"
}

# Several runs a side, each one round: b's second run's sys share 0.
one_round "$data/box-a.0" 1 >"$tmp/a1.0"
one_round "$data/box-a.0" 2 >"$tmp/a2.0"
one_round "$data/box-b.0" 1 >"$tmp/b1.0"
one_round "$data/box-b.0" 2 | sed 's/\t[0-9.]* %busiest-sys/\t0 %busiest-sys/' >"$tmp/b2.0"
compare --format json --a "$tmp/a1.0 $tmp/a2.0" --b "$tmp/b1.0 $tmp/b2.0"
is 'sides of two runs: exit 0' 0 "$STATUS"
b1=$(awk '/^BenchmarkBwUdp.*%busiest-sys/ { for (k = 3; k < NF; k++) if ($(k + 1) == "%busiest-sys") print $k }' "$tmp/b1.0")
run=$(grep -o '"column": "UDP sys", "metric": "[^"]*", "unit": "[^"]*", "better": "[^"]*", "base": [^,]*, "run": [^,]*' \
	"$tmp/out" | sed 's/.*"run": //')
is "a side whose runs read $b1 and 0: their mean, not 0" \
	"$(awk -v x="$b1" 'BEGIN { printf "%.4g", x / 2 }')" "$(awk -v x="$run" 'BEGIN { printf "%.4g", x }')"

# ------------------------------------------------ a box on the ends' kernel
# shared FILE: the run with its box on the ends' kernel (network
# namespaces of one machine), as lib/net/box.c says it.
shared() {
	sed "s/^# box-same-kernel: no\$/# box-same-kernel: yes (network namespaces of one kernel): the box's CPU figures are the whole machine's, the ends' work included/" \
		"$data/$1"
}
shared box-a.0 >"$tmp/sa.0"
shared box-b.0 >"$tmp/sb.0"
compare "$tmp/sa.0" "$tmp/sb.0"
is 'both boxes on the ends'"'"' kernel: exit 0' 0 "$STATUS"
like '... the box rows are still compared with each other' "$(cat "$tmp/out")" '^box +UDP busy .* worse$'
is '... and a note says, once, that their CPU figures are the whole machine'"'"'s' 1 \
	"$(grep -c "^note: the box shared the ends' kernel: whole-machine CPU, the ends' work included (12):\$" "$tmp/out")"
ok '... no line over 100 columns' awk 'length($0) > 100 { exit 1 }' "$tmp/out"
compare --summary --sections box "$tmp/sa.0" "$tmp/sb.0"
like 'the box section of the tables says so, naming the runs' "$(tr '\n' ' ' <"$tmp/out")" \
	"The box of \\[1\\] \\[2\\] shared the ends' kernel \\(network namespaces of one machine\\): its CPU figures are the whole machine's, the ends' work included; not comparable with a real router's\\."
compare --format json "$tmp/sa.0" "$tmp/sb.0"
like 'JSON: the note once, a caveat, with no verdict' "$(cat "$tmp/out")" \
	"\\{\"verdict\": null, \"caveat\": true, \"text\": \"the box shared the ends' kernel: [^\"]*\", \"rows\": \\[\\{\"section\": \"box\""
# valid: $tmp/out is valid by the JSON schema (python3-jsonschema).
valid() {
	python3 -c '
import json, sys, jsonschema
v = jsonschema.Draft202012Validator(json.load(open(sys.argv[1])))
errors = list(v.iter_errors(json.load(open(sys.argv[2]))))
for e in errors[:5]:
    sys.stderr.write("# %s: %s\n" % ("/".join(str(p) for p in e.path), e.message[:200]))
sys.exit(1 if errors else 0)' "$top_srcdir/doc/hostbench-compare.schema.json" "$tmp/out"
}
if python3 -c 'import jsonschema' 2>/dev/null; then
	ok '... valid by the schema' valid
else
	skip 'python3-jsonschema is not installed'
fi
compare --format csv "$tmp/sa.0" "$tmp/sb.0"
like 'CSV: each box row of the comparison has it as its why, its verdict stands' \
	"$(grep '^2,.*,box,UDP busy,' "$tmp/out")" \
	",worse,\"the box shared the ends' kernel: whole-machine CPU, the ends' work included\","

compare "$tmp/sa.0" box-b.0
like 'a box on the ends'"'"' kernel against a router with its own: the box rows not comparable' \
	"$(cat "$tmp/out")" "^not comparable: a box on the ends' kernel vs a router with its own kernel \\(12\\):\$"
like '... the traffic'"'"'s rows are still compared' "$(cat "$tmp/out")" '^remote +UDP MB/s .* slower$'
is '... and no note of a shared kernel: the box rows are not compared' 0 "$(grep -c '^note: the box shared' "$tmp/out")"
compare box-b.0 "$tmp/sa.0"
like '... either way round' "$(cat "$tmp/out")" \
	"^not comparable: a router with its own kernel vs a box on the ends' kernel \\(12\\):\$"
sed 's/^# box-same-kernel: no$/# box-same-kernel: unknown/' "$data/box-a.0" >"$tmp/ua.0"
compare "$tmp/ua.0" box-b.0
like 'a box whose kernel is not known is compared' "$(cat "$tmp/out")" ' 0 not comparable\.|^box +UDP busy .* worse$'
compare --html "$tmp/page.html" "$tmp/sa.0" "$tmp/sb.0"
is 'HTML: the box section says so, in the tables and in the comparison in full' 2 \
	"$(grep -c "<p class=\"small boxkernel\">The box of \\[1\\] \\[2\\] shared the ends' kernel" "$tmp/page.html")"
like '... its verdict counts the rows the caveat applies to, apart from those not read as changes' \
	"$(cat "$tmp/page.html")" '<p>Why 1 metric cannot be read as a change, and what 12 metrics must be read with: <a '
like '... and the comparison'"'"'s notes have the caveat once' "$(grep -c "<td>note</td><td>the box shared the ends&#39; kernel" "$tmp/page.html")" '^1$'

# ------------------------------------------------ a UDP sender short of -b
# b's second round: bw_udp -b 10m sent less than asked, as bw_udp says it
# (its "udp-short:" line before the results it applies to).
awk '/^round: 2$/ { r2 = 1 } /^round: 3$/ { r2 = 0 } { print }
	r2 && /^# placement: one/ { print "# udp-short: sent 1.05 MB/s of the 1.25 MB/s asked (-16%)" }' \
	"$data/box-b.0" >"$tmp/short.0"
compare --summary --sections udp,remote box-a.0 "$tmp/short.0"
like 'the summary marks the cells the sender fell short for' "$(cat "$tmp/out")" '^short\.0 +1\.249\* +849\.0\* +0\*$'
is '... and only those: not the run that kept up, nor the traffic through the box' \
	'' "$(grep '^box-a\.0 .*\*\|^short\.0 .*[0-9]\* .*[0-9]\* .*[0-9]\* .*[0-9]\*' "$tmp/out")"
is '... with the note once, naming the run and what it sent' 1 \
	"$(grep -c '^Marked \*, the UDP sender fell short of the rate asked (-b): the sender'"'"'s limit,$' "$tmp/out")"
like '... the run, its udp-short text and the columns' "$(cat "$tmp/out")" \
	'^  \[2\] sent 1\.05 MB/s of the 1\.25 MB/s asked \(-16%\): udp/UDP MB/s, udp/UDP pkts/s'
compare box-a.0 "$tmp/short.0"
is 'the comparison: a note once, naming the run and its figures' 1 \
	"$(grep -c "^note: the UDP sender's limit, not the path's (\\*): \\[2\\] sent 1\\.05 of 1\\.25 MB/s asked (3):\$" "$tmp/out")"
ok '... no line over 100 columns' awk 'length($0) > 100 { exit 1 }' "$tmp/out"
compare --format csv box-a.0 "$tmp/short.0"
is 'CSV: the udp_short field (the last) of the run'"'"'s cell, none for the other run' \
	',|,sent 1.05 MB/s of the 1.25 MB/s asked (-16%)' \
	"$(grep '^[12],.*,udp,UDP MB/s,' "$tmp/out" | sed 's/.*\(,[^,]*\)$/\1/' | tr '\n' '|' | sed 's/|$//')"
compare --format json box-a.0 "$tmp/short.0"
is 'JSON: udp_short on the run'"'"'s cells (UDP MB/s, pkts/s, loss; in the summary and the sides)' 6 \
	"$(grep -c '"udp_short": "sent 1\.05 MB/s of the 1\.25 MB/s asked (-16%)"' "$tmp/out")"
if python3 -c 'import jsonschema' 2>/dev/null; then
	ok '... valid by the schema' valid
else
	skip 'python3-jsonschema is not installed'
fi
compare --html "$tmp/short.html" box-a.0 "$tmp/short.0"
like 'HTML: the cells marked, the note once under the summary' "$(cat "$tmp/short.html")" \
	'<td class="n">1\.249\*</td>.*|udpshort">Marked \*, the UDP sender fell short'
is '... the comparison'"'"'s note once' 1 "$(grep -c "<td>note</td><td>the UDP sender&#39;s limit" "$tmp/short.html")"
# A later "udp-short:" alone clears it; a case after it is not marked.
awk '/^round: 2$/ { r2 = 1 } /^round: 3$/ { r2 = 0 } { print }
	r2 && /^# placement: one/ { print "# udp-short: sent 1.05 MB/s of the 1.25 MB/s asked (-16%)"; print "# udp-short:" }' \
	"$data/box-b.0" >"$tmp/cleared.0"
compare --summary --sections udp box-a.0 "$tmp/cleared.0"
is 'a udp-short line cleared before the results: nothing marked' 0 "$(grep -c '[0-9]\*' "$tmp/out")"
# A rate ladder (tests/data/ladder-*.0: the sender fell short at 5 Gbit/s,
# before the knee line): that step marked, not the knee after it.
compare --summary ladder-a.0 ladder-b.0
like 'a ladder: the step the sender fell short at is marked, the knee is not' "$(cat "$tmp/out")" \
	'^ladder-a\.0 .* 1852 7\.39% +1005\* 61\.1% 1000$'
like '... and the note names the run, the ladder and the step' "$(cat "$tmp/out")" \
	'^  \[2\] sent 323\.2 MB/s of the 625 MB/s asked \(-48\.3%\): ladder size=1470/placement=one at 5000 Mbit/s$'
compare --html "$tmp/ladder.html" ladder-a.0 ladder-b.0
like 'HTML: the ladder'"'"'s step marked and the note under the tables names it' "$(cat "$tmp/ladder.html")" \
	'udpshort">Marked \*, .* \[2\] sent 323\.2 MB/s of the 625 MB/s asked \(-48\.3%\): ladder size=1470/placement=one at 5000 Mbit/s\.</p>'
compare --summary --format markdown ladder-a.0 ladder-b.0
like 'Markdown: the mark escaped (no emphasis), and said once' "$(cat "$tmp/out")" \
	'\| 1005\\\* 61\.1% \|'
is '... the note once' 1 "$(grep -c '^Marked \\\*: measured while the UDP sender fell short' "$tmp/out")"
