#!/bin/sh
# format-t: the result file is what benchstat compares with its default
# flags.  The Go benchmark data format's scoping rules, as benchstat's
# reader applies them, are encoded here (go_config): a configuration line
# is "key: value" with a key that starts with a lower-case letter and has
# no blank and no upper-case letter, it is in force for every result line
# after it until the key is set again, and a key set to nothing is
# deleted; any other line that is no result line is skipped.  benchstat
# puts results whose configurations differ in separate tables and
# compares nothing across them.  So, for two runs of one machine with the
# real programs (a suite run of cases that write many lines of their
# own: placements, servers, ports, temporary paths, side measurements):
# every result in a file is under one configuration, the same in both
# files; no configuration line comes after the first case; the notes
# ("# key: value") are read back by hostbench-compare as configuration
# lines (the note, the cases' statuses).  And the checker can fail: a
# file with one configuration line moved into a case is caught.
. "$top_srcdir/tests/tap/libtap.sh"

script=$top_builddir/hostbench
compare=$top_builddir/results/hostbench-compare
[ -f "$script" ] || skip_all "$script is not generated (make hostbench)"
[ -f "$compare" ] || skip_all "$compare is not built"
[ -f "$top_builddir/bench/hostinfo" ] || skip_all 'the programs are not built'

plan 10

tmpd=$(mktemp -d "${TMPDIR:-/tmp}/format-t.XXXXXX") || bail 'mktemp -d failed'
_tap_cleanup_hook() {
	rm -rf "$tmpd"
}
trap 'exit 1' HUP INT TERM
unset HOSTBENCH_LIBEXEC HOSTBENCH_COMPARE

# go_config FILE: each result line's name and the configuration in force
# for it ("key=value;" sorted), by the format's rules.
go_config() {
	awk '
		/^Benchmark[A-Z]/ {
			s = ""
			n = 0
			for (k in c) keys[++n] = k
			# insertion sort: awk has no portable sort
			for (i = 2; i <= n; i++) {
				t = keys[i]
				for (j = i - 1; j > 0 && keys[j] > t; j--) keys[j + 1] = keys[j]
				keys[j + 1] = t
			}
			for (i = 1; i <= n; i++) s = s keys[i] "=" c[keys[i]] ";"
			print $1 "\t" s
			next
		}
		/^[a-z][^ \t:A-Z]*:([ \t]|$)/ {
			k = $0; sub(/:.*/, "", k)
			v = $0; sub(/^[^:]*:[ \t]*/, "", v)
			if (v == "") delete c[k]; else c[k] = v
		}' "$1"
}

# configs FILE: the distinct configurations its results are under.
configs() {
	go_config "$1" | cut -f2 | sort -u
}

# run N: a suite run of cases with many lines of their own, to $tmpd/run.N.
run() {
	HOSTBENCH_WRAPPER=$TEST_WRAPPER TMPDIR=$tmpd \
		$SHELL "$script" run -q --profile test --note "run $1" \
		--only mhz,lat_syscall,lat_ctx,lat_pipe,bw_tcp,lat_udp,par_mem,lmdd \
		-o "$tmpd/run.$1" >"$tmpd/out.$1" 2>"$tmpd/err.$1"
}

run 0 && run 1
ok 'two suite runs of the same cases exit 0' test -s "$tmpd/run.0" -a -s "$tmpd/run.1"
[ -s "$tmpd/run.1" ] || diag "$(cat "$tmpd/err.0" "$tmpd/err.1" 2>/dev/null | tail -5)"

n0=$(go_config "$tmpd/run.0" | wc -l | tr -d ' ')
ok "the first run has results ($n0)" test "$n0" -gt 20
is 'all results of the first run are under one configuration' 1 "$(configs "$tmpd/run.0" | wc -l | tr -d ' ')"
is 'all results of the second run likewise' 1 "$(configs "$tmpd/run.1" | wc -l | tr -d ' ')"
is '... the same in both: benchstat compares every result' "$(configs "$tmpd/run.0")" "$(configs "$tmpd/run.1")"
ok 'no configuration line after the first case (a case'"'"'s lines are notes)' sh -c '
	awk "/^# bench: / { c = 1 } c && /^[a-z][^ \t:A-Z]*:([ \t]|\$)/ { bad++ } END { exit bad > 0 }" "$1"' sh "$tmpd/run.0"
ok 'the run notes are there: date, load, round, status, a server port, a temporary path' sh -c '
	for k in date load round status server output; do grep -q "^# $k: " "$1" || exit 1; done' sh "$tmpd/run.0"

# The notes read back as configuration: the run's note, and the statuses
# (a failed case would be flagged; every case here is ok or unsupported).
$TEST_WRAPPER "$compare" --format json --summary "$tmpd/run.0" "$tmpd/run.1" >"$tmpd/json" 2>"$tmpd/json.err"
ok 'hostbench-compare reads the note of each run from its "# note:" line' sh -c '
	grep -q "\"note\": \"run 0\"" "$1" && grep -q "\"note\": \"run 1\"" "$1"' sh "$tmpd/json"

# The checker fails on a file that breaks the rules: a program's line
# left a configuration line inside a case splits the results after it.
awk '/^# placement: / && !done { sub(/^# /, ""); done = 1 } { print }' "$tmpd/run.0" >"$tmpd/bad"
ok 'a configuration line inside a case is caught: two configurations' test "$(configs "$tmpd/bad" | wc -l | tr -d ' ')" -ge 2
# ... and so do a case's arguments written as a configuration line.
sed 's/^# args:/args:/' "$tmpd/run.0" >"$tmpd/bad2"
ok 'the cases'"'"' arguments as configuration lines are caught too' \
	test "$(configs "$tmpd/bad2" | wc -l | tr -d ' ')" -ge 2
