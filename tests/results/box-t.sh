#!/bin/sh
# box-t: comparisons of runs through a router with its box agent
# (tests/data/box-a.0, box-b.0: hostbench ab, three rounds a side).
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

plan 11

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
		'% difference %busiest difference %busiest-softirq difference %busiest-sys difference MB/s ratio pkts/s ratio' \
		"$(scales)"
else
	skip 'python3 is not installed'
fi

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
