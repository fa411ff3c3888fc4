#!/bin/sh
# tables-t: the text summary is one table a section, at most 100
# characters wide, rows named by their files, with a legend under the
# tables (file, host, OS, note, tags, what is unreliable); a run with no
# value in a section has no row there; the memory section's Guesses column
# and its warning appear where the latencies call for a guess, in
# lmbench's words for a run that does not say what its caches are, and
# in sharper ones for a run that does.
. "$top_srcdir/tests/tap/libtap.sh"

tool=$(cd "$top_builddir" && pwd)/results/hostbench-compare
data=$(cd "$top_srcdir/tests/data" && pwd)
[ -f "$tool" ] || skip_all "$tool is not built"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tables-t.XXXXXX") || bail 'mktemp -d failed'
_tap_cleanup_hook() { rm -rf "$tmp"; }
trap 'exit 1' HUP INT TERM

plan 17

# compare ARGS...: the tool in tests/data; stdout in $tmp/out, status in
# $STATUS.
compare() {
	STATUS=0
	# shellcheck disable=SC2086
	(cd "$data" && $TEST_WRAPPER "$tool" "$@") >"$tmp/out" 2>"$tmp/err" </dev/null || STATUS=$?
}

# widest: the longest line of a table (from a title's rule to the blank
# line after its rows; the legend is not a table).
widest() {
	awk '/^-+$/ { t = 1; next } /^$/ { t = 0 } t && length($0) > m { m = length($0) }
		END { print m + 0 }' "$tmp/out"
}

# Every fixture, all at once: eight runs of four kinds.
compare --summary vm.0 hb-a.0 hb-b.0 hb-r-a.0 hb-net-a.0 ladder-a.0 load-a.0 hb-net-b.0
is 'eight runs: exit 0' 0 "$STATUS"
like 'no table wider than 100 characters' "$(widest)" '^([1-9]?[0-9]|100)$'
is 'no section split into "(continued)" tables' 0 "$(grep -c '(continued)$' "$tmp/out")"
like 'rows are named by their files' "$(cat "$tmp/out")" '^hb-r-a\.0 +[0-9]'
like 'the legend follows the tables: label, number, file, host, OS, note' "$(sed -n '/^Runs:$/,$p' "$tmp/out")" \
	'  hb-b\.0 +\[3\] hb-b\.0: vm, Linux 6\.18\.44-fc-v657, note: tuned'
is '... one entry per run' 8 "$(sed -n '/^Runs:$/,/^$/p' "$tmp/out" | grep -c '^  [^ ].* \[[0-9]\] ')"
like "... with what makes a run unreliable" "$(sed -n '/^Runs:$/,$p' "$tmp/out")" \
	'   unreliable: governor ondemand \(not performance\)'
# The lmbench file has no UDP results: no row of it under UDP.
is 'a run with no value in a section has no row there' \
	"0 $(sed -n '/^\*Local\* Communication latencies/,/^$/p' "$tmp/out" | grep -c '^vm\.0 ')" \
	"$(sed -n '/^\*Local\* UDP rate and loss/,/^$/p' "$tmp/out" | grep -c '^vm\.0 ') 1"
# Two files of one name (vm.0 in two directories): their folders.
mkdir "$tmp/d"
cp "$data/hb-a.0" "$tmp/d/vm.0"
compare --summary vm.0 "$tmp/d/vm.0"
like 'two files of one name: told apart by their folders, whatever their order' "$(cat "$tmp/out")" \
	'^d/vm\.0 +x86_64-linux'
sed 's/^note: .*/note: tuned; kernel tag/; /^host:/a\
tag-kernel: 6.1' "$data/hb-b.0" >"$tmp/tagged.0"
compare --summary --sections proc "$tmp/tagged.0"
like 'tags are in the legend' "$(tr '\n' ' ' <"$tmp/out" | tr -s ' ')" ', note: tuned; kernel tag, tags: kernel=6\.1 '

# ------------------------------------------------ guesses
# mem LABEL L1 L2 MAIN [NOTE]: a run of lat_mem_rd's stride-128 walk at 1K,
# 128K and 64M (ns), with NOTE inside the case (a sysfs-cache line).
mem() {
	{
		printf 'host: %s\nbench: lat_mem_rd\nargs: 64m 128\nstatus: ok\n' "$1"
		[ -z "${5:-}" ] || printf '# %s\n' "$5"
		printf 'BenchmarkLatMemRd/order=stride/stride=128/size=1K\t1000\t%s ns/op\n' "$2"
		printf 'BenchmarkLatMemRd/order=stride/stride=128/size=128K\t1000\t%s ns/op\n' "$3"
		printf 'BenchmarkLatMemRd/order=stride/stride=128/size=64M\t1000\t%s ns/op\n' "$4"
	} >"$tmp/$1.0"
}
mem plain 1.0 3.0 60
mem nol1 1.0 1.1 60
mem nol2 1.0 3.0 3.3
mem pf 1.0 1.1 60 'sysfs-cache: L1d 32K L2 1M L3 32M line 64'
mem big 1.0 1.1 60 'sysfs-cache: L1d 192K L2 12M line 128'
mem pf2 1.0 3.0 3.2 'sysfs-cache: L1d 32K L2 1M L3 32M line 64'
compare --summary --sections mem "$tmp/plain.0"
like 'levels far apart: no Guesses column' "$(cat "$tmp/out")" '^Host +Mhz +L1 \$ +L2 \$ +Main +Rand$'
is '... and no warning' 0 "$(grep -c WARNING "$tmp/out")"
compare --summary --sections mem "$tmp/plain.0" "$tmp/nol1.0" "$tmp/nol2.0" "$tmp/pf.0" "$tmp/big.0" "$tmp/pf2.0"
like 'a guess: the column and lmbench'"'"'s warning' "$(cat "$tmp/out")" \
	'WARNING - the guesses may not be correct: check the curves'
is "lmbench's words where the run does not say its caches" 'No L1 cache?|No L2 cache?' \
	"$(awk '/^Runs:$/ { exit } $1 == "nol1.0" || $1 == "nol2.0" { sub(/.*  /, ""); print }' "$tmp/out" | paste -sd '|' -)"
is "sharper ones where it does" 'L2 as fast as L1: prefetched?|L1 holds 128K|Main mem as fast as L2: prefetched?' \
	"$(awk '/^Runs:$/ { exit } $1 == "pf.0" || $1 == "big.0" || $1 == "pf2.0" { sub(/.*  /, ""); print }' "$tmp/out" | paste -sd '|' -)"
is 'no guess for a run that calls for none' 'plain.0 1.000 3.000 60.00' \
	"$(awk '/^Runs:$/ { exit } $1 == "plain.0"' "$tmp/out" | tr -s ' ')"

# ------------------------------------------------ a busy run's legend
# noisy LABEL USED: a case the suite marked as run under other work.
noisy() {
	printf '# bench: %s\n# args: %s\n# status: ok\n' "${1%% *}" "${1#* }"
	printf 'BenchmarkLatSyscall/op=null\t1000\t100 ns/op\n'
	printf '# noisy: other processes used %s CPUs (threshold 0.25)\n' "$2"
}
{
	printf 'host: busy\n'
	noisy 'lat_syscall null' 0.40
	noisy 'lat_syscall null' 0.40
	noisy 'bw_tcp -t 0.1' 0.50
	noisy 'bw_tcp -t 0.1' 1.50
	noisy 'lat_pipe -' 0.90
} >"$tmp/busy.0"
compare --summary --sections proc "$tmp/busy.0"
is 'noisy cases: one entry with their count, range and cases (a repeated one counted, identical figures too)' \
	'unreliable: noisy: 5 cases, other processes used 0.40 to 1.50 CPUs (threshold 0.25):|lat_syscall null (2), bw_tcp -t 0.1 (2), lat_pipe -' \
	"$(sed -n '/^Runs:$/,$p' "$tmp/out" | sed -n '3,4p' | sed 's/^ *//' | paste -sd '|' -)"
