#!/bin/sh
# fleet-t: runs of several hosts in hostbench-compare.  A baseline per
# host (its first run by default, --baseline FILE per host, --base for one
# base for all), --group-by tag and tag-KEY per host, the hosts' table
# (only the keys that differ, the differing cells marked; golden
# fleet.txt), the best and worst host per metric (text, CSV, JSON,
# Markdown), a directory holding sources and programs besides runs, and
# lmbench's "make -C results LIST=..." in the build tree.  The fixtures
# (tests/data/README.md): fleet-vm.{0,1} (host vm, x86_64), fleet-nas.{0,1}
# (host nas, armv7l), fleet-big.0 (host big, x86_64, another CPU).
. "$top_srcdir/tests/tap/libtap.sh"

tool=$(cd "$top_builddir" && pwd)/results/hostbench-compare
builddir=$(cd "$top_builddir" && pwd)
data=$(cd "$top_srcdir/tests/data" && pwd)
[ -f "$tool" ] || skip_all "$tool is not built"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fleet-t.XXXXXX") || bail 'mktemp -d failed'
# The runs copied into the build tree's results/ for make -C results.
runs_dir=
_tap_cleanup_hook() {
	rm -rf "$tmp"
	if [ -n "$runs_dir" ]; then rm -rf "$runs_dir"; fi
}
trap 'exit 1' HUP INT TERM

plan 57

# compare ARGS...: the tool in tests/data; stdout in $tmp/out, stderr in
# $tmp/err, the exit status in $STATUS.
compare() {
	STATUS=0
	# shellcheck disable=SC2086
	(cd "$data" && $TEST_WRAPPER "$tool" "$@") >"$tmp/out" 2>"$tmp/err" </dev/null || STATUS=$?
}
# headings: the A/B headings of the last compare, one a line.
headings() {
	grep '^A/B: ' "$tmp/out" || :
}
fleet='fleet-vm.0 fleet-vm.1 fleet-nas.0 fleet-nas.1 fleet-big.0'

# ------------------------------------------------ a baseline per host
# shellcheck disable=SC2086
compare $fleet
is 'several hosts: each host'"'"'s runs against its first run, exit 0' '0
A/B: [2] fleet-vm.1 against the base [1] fleet-vm.0
A/B: [4] fleet-nas.1 against the base [3] fleet-nas.0' "$STATUS
$(headings)"
# shellcheck disable=SC2086
compare --baseline first $fleet
is '--baseline first: the same' 'A/B: [2] fleet-vm.1 against the base [1] fleet-vm.0
A/B: [4] fleet-nas.1 against the base [3] fleet-nas.0' "$(headings)"
# shellcheck disable=SC2086
compare --baseline fleet-nas.1 $fleet
is '--baseline FILE: that host against the file named, the others against their first' \
	'A/B: [2] fleet-vm.1 against the base [1] fleet-vm.0
A/B: [3] fleet-nas.0 against the base [4] fleet-nas.1' "$(headings)"
compare --baseline fleet-nas.1 --baseline fleet-vm.1 fleet-vm.0 fleet-nas.0
is '--baseline FILE not among the files: read first, once per host (hosts in the order first seen)' \
	'A/B: [4] fleet-nas.0 against the base [1] fleet-nas.1
A/B: [3] fleet-vm.0 against the base [2] fleet-vm.1' "$(headings)"
compare --baseline fleet-nas.1 --baseline "$data/fleet-nas.1" fleet-nas.0 fleet-nas.1
is '... one file named twice (two names of it) is one run' '0 2' \
	"$STATUS $(grep -c '\] [^ ]*fleet-nas\.[01]: ' "$tmp/out" || :)"
# shellcheck disable=SC2086
compare --baseline fleet-nas.0 --baseline fleet-nas.1 $fleet
like 'two baselines of one host: exit 2 naming both' "$STATUS $(cat "$tmp/err")" \
	'^2 .*--baseline: fleet-nas.0 and fleet-nas.1 are both runs of host nas'
compare --baseline fleet-nas.0 --base fleet-vm.0 fleet-vm.1
like '--baseline with --base: exit 2' "$STATUS $(cat "$tmp/err")" '^2 .*--baseline and --base exclude each other'
compare --baseline fleet-nas.0 --a fleet-vm.0 --b fleet-vm.1
like '--baseline with --a and --b: exit 2' "$STATUS $(cat "$tmp/err")" '^2 .*no --baseline'
compare --baseline ''
like '--baseline with an empty name: exit 2' "$STATUS $(cat "$tmp/err")" '^2 .*--baseline: an empty file name'
# shellcheck disable=SC2086
compare --base fleet-nas.1 $fleet
is '--base FILE: one base for every run of every host, the file read once' \
	'A/B: [2] fleet-vm.0 against the base [1] fleet-nas.1
A/B: [3] fleet-vm.1 against the base [1] fleet-nas.1
A/B: [4] fleet-nas.0 against the base [1] fleet-nas.1
A/B: [5] fleet-big.0 against the base [1] fleet-nas.1' "$(headings)"
compare fleet-vm.0 fleet-big.0 fleet-nas.0
is 'one run a host: nothing to compare within a host, no A/B' '0 0' "$STATUS $(headings | wc -l | tr -d ' ')"
like '... saying why' "$(cat "$tmp/out")" '^No A/B comparison: runs are compared within each host'
compare --summary fleet-vm.0 fleet-big.0
ok '... not with --summary, which asks for none' sh -c '! grep -q "^No A/B" "$1"' sh "$tmp/out"
compare hb-a.0 hb-b.0 vm.0
is 'one host (an lmbench3 run of it, which records no CPU model, too): the first against each other, as before' \
	'A/B: [2] hb-b.0 against the base [1] hb-a.0
A/B: [3] vm.0 against the base [1] hb-a.0' "$(headings)"
compare --ab --format csv fleet-vm.0 fleet-vm.1 fleet-nas.0 fleet-nas.1
is 'CSV: each host'"'"'s second run with its own base' '2:1 4:3' \
	"$(awk -F ',' 'NR > 1 && $14 != "" { print $1 ":" $14 }' "$tmp/out" | sort -u | tr '\n' ' ' | sed 's/ $//')"

# ------------------------------------------------ tags
# shellcheck disable=SC2086
compare --group-by tag $fleet
is '--group-by tag: per host, the runs of one tag against those of another' \
	'Sides: A = vm: mitig=on ([1]), B = vm: mitig=off ([2])
Sides: A = nas: mitig=on ([3]), B = nas: mitig=off ([4])' "$(grep '^Sides: ' "$tmp/out")"
# shellcheck disable=SC2086
compare --group-by tag-mitig --baseline fleet-nas.1 $fleet
is '--group-by tag-KEY and --baseline: the side of the baseline is the base' \
	'Sides: A = vm: tag-mitig=on ([1]), B = vm: tag-mitig=off ([2])
Sides: A = nas: tag-mitig=off ([4]), B = nas: tag-mitig=on ([3])' "$(grep '^Sides: ' "$tmp/out")"
compare --group-by tag-mitig fleet-vm.0 fleet-vm.1
is '--group-by tag-KEY, one host: sides named by the tag alone' \
	'Sides: A = tag-mitig=on ([1]), B = tag-mitig=off ([2])' "$(grep '^Sides: ' "$tmp/out")"
compare --group-by mitig fleet-vm.0 fleet-vm.1
is '--group-by KEY that no run has but as a tag: that tag' \
	'Sides: A = tag-mitig=on ([1]), B = tag-mitig=off ([2])' "$(grep '^Sides: ' "$tmp/out")"
compare --group-by tag hb-a.0 fleet-vm.1
like '--group-by tag: a run without tags is a side of its own' "$(cat "$tmp/out")" \
	'^Section +Metric +Unit +\(no tags\) +mitig=off +change '
cp "$data/fleet-vm.0" "$tmp/vm-on2.0"
cp "$data/fleet-vm.1" "$tmp/vm-off2.0"
compare --group-by tag --format csv fleet-vm.0 fleet-vm.1 "$tmp/vm-on2.0" "$tmp/vm-off2.0"
is '--group-by tag: two runs a side, each one unit' '2+2' \
	"$(awk -F ',' 'NR == 1 { for (k = 1; k <= NF; k++) h[$k] = k; next }
		$5 == "proc" && $6 == "null call" && $(h["base"]) != "" { print $(h["units"]) }' "$tmp/out")"
# shellcheck disable=SC2086
compare --group-by tag-none $fleet
like '--group-by a tag no run has: every run alike, no comparison, said' "$STATUS $(cat "$tmp/err")" \
	'^0 .*no host has runs of two values|^0 .*every run has the same value'
compare --group-by tag- fleet-vm.0
like '--group-by tag-: exit 2' "$STATUS $(cat "$tmp/err")" "^2 .*'tag-' names no tag"

# ------------------------------------------------ the hosts' table
# hosts_part: the text from the hosts' table to the end of "Across hosts".
hosts_part() {
	sed -n '/^Hosts - /,/^fast as the best; a column only/p' "$tmp/out"
}
# shellcheck disable=SC2086
compare --summary $fleet
hosts_part >"$tmp/fleet.txt"
if [ -n "${HOSTBENCH_REGEN_GOLDEN:-}" ]; then
	cp "$tmp/fleet.txt" "$data/fleet.txt"
fi
if cmp -s "$data/fleet.txt" "$tmp/fleet.txt"; then
	ok 'the hosts'"'"' table and the ranking across hosts: as the golden fleet.txt' true
else
	ok 'the hosts'"'"' table and the ranking across hosts: as the golden fleet.txt' false
	diag "$(diff "$data/fleet.txt" "$tmp/fleet.txt" | head -40)"
fi
is 'a column per host, in the order first seen' 'Key vm nas big' "$(grep -m1 '^Key ' "$tmp/out" | tr -s ' ')"
like 'the runs of each host' "$(cat "$tmp/out")" '^runs +2 +2 +1$'
like 'a cell that differs from most hosts is marked' "$(cat "$tmp/out")" '^arch +x86_64 +\*armv7l +x86_64$'
like 'a host whose runs differ shows both values' "$(cat "$tmp/out")" '^governor +ondemand / performance +\*schedutil +\*performance$'
like 'a long value shows the words not every host has' "$(cat "$tmp/out")" \
	'^cmdline +console=ttyS0 \.\.\. / +\*console=ttyS0,115200 \.\.\.'
is 'keys alike on every host, and those that differ on every run, are left out' '' \
	"$(hosts_part | grep -E '^(libc|thp|cflags|compiler|date|load|clock-resolution|note|tag-mitig|host) ' || :)"
ok 'no line of the tables is wider than 100 columns' sh -c '! awk "length > 100" "$1" | grep -q .' sh "$tmp/fleet.txt"
compare --summary vm.0 fleet-nas.0 fleet-big.0
like 'a key a host'"'"'s file does not record: "-", not counted as a difference' "$(cat "$tmp/out")" \
	'^governor +- +schedutil +\*performance$'
ok '... and a key only one host has is no row (lmbench'"'"'s header keys)' sh -c '! grep -q "^lmbench-" "$1"' sh "$tmp/out"
# Two machines of one name: told apart by what differs (the architecture),
# whatever the order of their files; the cpu-mhz of a run note and the
# load and date of every run are never a difference between hosts.
sed 's/^host: nas$/host: vm/' "$data/fleet-nas.0" >"$tmp/vm-arm.0"
compare --summary --format json fleet-vm.0 "$tmp/vm-arm.0"
is 'two hosts named vm: vm/x86_64 and vm/armv7l' 'vm/x86_64 vm/armv7l' \
	"$(sed -n 's/^ *{"label": "\([^"]*\)".*/\1/p' "$tmp/out" | tr '\n' ' ' | sed 's/ $//')"
compare --summary --format json "$tmp/vm-arm.0" fleet-vm.0
is '... the same labels in the other order' 'vm/armv7l vm/x86_64' \
	"$(sed -n 's/^ *{"label": "\([^"]*\)".*/\1/p' "$tmp/out" | tr '\n' ' ' | sed 's/ $//')"
ok '... no per-run key (load, date, cpu-mhz) in the hosts'"'"' table' sh -c \
	'! grep -Eq "\"key\": \"(load|date|cpu-mhz|clock-resolution)\"" "$1"' sh "$tmp/out"
compare --summary hb-a.0 hb-b.0 vm.0
ok 'one host: no hosts'"'"' table, no ranking' sh -c '! grep -Eq "^(Hosts|Across hosts) - " "$1"' sh "$tmp/out"
# shellcheck disable=SC2086
compare --summary --format markdown $fleet
like 'Markdown: a pipe table, differing cells bold' "$(cat "$tmp/out")" '^\| arch \| x86_64 \| \*\*armv7l\*\* \| x86_64 \|$'

# ------------------------------------------------ across hosts
# shellcheck disable=SC2086
compare --summary $fleet
like 'across hosts: a latency'"'"'s best and worst host, the worst'"'"'s speed below 1' "$(cat "$tmp/out")" \
	'^proc +null call +us +big +0\.1056 +nas +0\.7023 +×0\.15$'
like '... a bandwidth'"'"'s too: bigger is better on every row' "$(cat "$tmp/out")" \
	'^membw +rd +MB/s +big +[0-9]+ +nas +[0-9]+ +×0\.1[0-9]*$'
# shellcheck disable=SC2086
compare --summary --format csv $fleet
is 'CSV: a row per metric and host (its median run), the best and worst named' \
	'vm,0.234086, nas,0.702258,worst big,0.105563,best' \
	"$(awk -F ',' 'NR == 1 { for (k = 1; k <= NF; k++) h[$k] = k; next }
		$5 == "hosts" && $6 == "proc: null call" { printf "%s%s,%s,%s", n++ ? " " : "", $3, $8, $(h["verdict"]) }' "$tmp/out")"
like '... each row gives the host'"'"'s speed against the best' "$(grep '^,,nas,,hosts,proc: null call,' "$tmp/out")" ',0\.1503(,[^,]*)*$'
# shellcheck disable=SC2086
compare --summary --format json $fleet
like 'JSON: the hosts, their table and the ranking' "$(cat "$tmp/out")" \
	'"best": "big", "best_value": 0\.105563, "worst": "nas", "worst_value": 0\.702258, "worst_speed": 0\.150'
if command -v python3 >/dev/null 2>&1; then
	ok 'JSON: well formed, a host table row per differing key, three hosts' python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert [h["label"] for h in d["hosts"]] == ["vm", "nas", "big"], d["hosts"]
row = [r for r in d["host_table"] if r["key"] == "arch"][0]
assert row["differs"] == [False, True, False], row
assert len(d["across_hosts"]) > 20' "$tmp/out"
else
	skip 'no python3 to read the JSON'
fi

# A host whose runs measured a column otherwise (an emulated run,
# another size) is left out of its ranking, saying why.
awk '{ print } /^arch:/ && !d { print "emulation: qemu-arm"; d = 1 }' "$data/fleet-nas.0" >"$tmp/nas-qemu.0"
sed 's/size=8M/size=1M/g' "$data/fleet-big.0" >"$tmp/big-1m.0"
compare --summary fleet-vm.0 "$tmp/nas-qemu.0" fleet-big.0
like 'an emulated host: left out of every ranking, saying why' "$(cat "$tmp/out")" \
	'^  nas: emulation none vs qemu-arm: [0-9]+ columns$'
ok '... and never named best or worst' sh -c '! sed -n "/^Across hosts - /,/^Left out/p" "$1" | grep -Eq "^[a-z0-9]+ .* nas "' sh "$tmp/out"
compare --summary fleet-vm.0 fleet-nas.0 "$tmp/big-1m.0"
like 'a host that walked another size: left out of those columns' "$(cat "$tmp/out")" \
	'^  big: size=8M vs size=1M: [0-9]+ columns$'
like '... ranked without it there (best and worst of the others)' "$(cat "$tmp/out")" \
	'^membw +rd +MB/s +vm +[0-9]+ +nas +[0-9]+ +×0\.[0-9]+$'
compare --summary --format csv fleet-vm.0 fleet-nas.0 "$tmp/big-1m.0"
like 'CSV: a left-out host is a row saying not comparable, and why' "$(cat "$tmp/out")" \
	',,big,,hosts,membw: rd,MB/s,.*,not comparable,size=8M vs size=1M,'

# ------------------------------------------------ a directory: result files only
mkdir "$tmp/dir"
printf '/* a source with a goto label */\nstatic int\nf(void)\n{\nout:\n\treturn 0;\n}\n' >"$tmp/dir/tool.c"
printf 'out:\n\treturn 0;\n' >"$tmp/dir/label.c"
cp "$builddir/results/hostbench-compare" "$tmp/dir/hostbench-compare"
printf '#!/bin/sh\nset -eu\n' >"$tmp/dir/script"
chmod +x "$tmp/dir/script"
cp "$data/fleet-vm.0" "$tmp/dir/vm.0"
cp "$data/vm.0" "$tmp/dir/lm.0"
compare --summary "$tmp/dir"
is 'a directory with sources (a goto label out:), a program, a script and two runs: the runs, silently' \
	'0||2' "$STATUS|$(cat "$tmp/err")|$(grep -c "\] $tmp/dir/" "$tmp/out")"
compare --summary "$tmp/dir/label.c" fleet-vm.0
like 'a source named on the command line: read, and reported as no result file' "$STATUS $(cat "$tmp/err")" \
	'^1 .*label\.c: not a result file'
compare --summary --results-only "$tmp/dir/label.c" "$tmp/dir/hostbench-compare" "$tmp/dir/vm.0"
is '--results-only: named files that are no result files skipped too' '0||1' \
	"$STATUS|$(cat "$tmp/err")|$(grep -c "\] $tmp/dir/" "$tmp/out")"
cp "$builddir/results/hostbench-compare" "$tmp/dir/broken.1"
compare --summary "$tmp/dir"
like 'a file named as a run (host.N) is read, and reported when it is none' "$STATUS $(cat "$tmp/err")" \
	'^1 .*broken\.1:1: binary data'

# ------------------------------------------------ make -C results, as in lmbench
make=${MAKE:-make}
# skip4 REASON: the four tests of this part skipped.
skip4() {
	for _k in 1 2 3 4; do
		skip "$1"
	done
}
if [ ! -f "$builddir/results/Makefile" ]; then
	skip4 'no results/Makefile in the build tree (configure makes it)'
elif ! command -v "$make" >/dev/null 2>&1; then
	skip4 "no $make"
elif [ -n "${TEST_WRAPPER:-}" ]; then
	skip4 "the make targets run the tool itself, here built for another CPU (TEST_WRAPPER=$TEST_WRAPPER)"
else
	runs_dir=$builddir/results/fleet-t.$$
	mkdir "$runs_dir"
	cp "$data/fleet-vm.0" "$data/fleet-vm.1" "$data/fleet-nas.0" "$runs_dir/"
	STATUS=0
	(unset MAKEFLAGS MFLAGS; "$make" -s -C "$builddir/results" LIST="fleet-t.$$/*") \
		>"$tmp/out" 2>"$tmp/err" </dev/null || STATUS=$?
	is 'make -C results LIST=DIR/*: the summary tables, the hosts'"'"' table, the ranking' '0 1 1 1' \
		"$STATUS $(grep -c '^Basic system parameters' "$tmp/out") $(grep -c '^Hosts - ' "$tmp/out") $(grep -c '^Across hosts - ' "$tmp/out")"
	is '... of the runs named, and nothing on stderr' '3|' \
		"$(grep -c "\] fleet-t\.$$/fleet-" "$tmp/out")|$(grep -v -e '^make' "$tmp/err")"
	STATUS=0
	(unset MAKEFLAGS MFLAGS; cd "$builddir/results" && "$make" -s LIST="fleet-t.$$ hostbench-compare Makefile nothing-here") \
		>"$tmp/out" 2>"$tmp/err" </dev/null || STATUS=$?
	is 'cd results && make LIST=...: a directory, the tool and the Makefile (skipped), a pattern matching nothing' \
		'0 3' "$STATUS $(grep -c "\] fleet-t\.$$/fleet-" "$tmp/out")"
	STATUS=0
	(unset MAKEFLAGS MFLAGS; "$make" -s -C "$builddir" compare LIST="fleet-t.$$") \
		>"$tmp/out" 2>"$tmp/err" </dev/null || STATUS=$?
	is 'make compare LIST=DIR at the top of the build tree: the same runs' '0 3' \
		"$STATUS $(grep -c "\] fleet-t\.$$/fleet-" "$tmp/out")"
	rm -rf "$runs_dir"
	runs_dir=
fi
