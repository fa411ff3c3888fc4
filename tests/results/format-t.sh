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
#
# A run's own figures (percentiles of its single operations, each end's
# CPU, the buffers granted, the sizes cache and tlb find) are units on
# the lines of the result they belong to, as Go benchmarks report extra
# metrics, not benchmarks of their own: no name has a /stat=, /cpu=,
# /sockbuf= or /level= part.  A line's count is the operations its values
# are of: 1 only on a line of exact units (what is found or granted
# once).  Every unit has a "Unit" line, once, unless benchstat knows it.
# And the new lines read as the old ones did: the run rewritten in the
# old form (an awk of its own here) reads the same in hostbench-compare.
. "$top_srcdir/tests/tap/libtap.sh"

script=$top_builddir/hostbench
compare=$top_builddir/results/hostbench-compare
[ -f "$script" ] || skip_all "$script is not generated (make hostbench)"
[ -f "$compare" ] || skip_all "$compare is not built"
[ -f "$top_builddir/bench/hostinfo" ] || skip_all 'the programs are not built'

plan 17

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
		--only mhz,lat_syscall,lat_ctx,lat_pipe,bw_pipe,bw_tcp,lat_udp,lat_usleep,par_mem,lmdd,cache,tlb \
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

# ------------------------------------------------ a run's own figures
f=$tmpd/run.0
ok 'no result line names a run statistic as a benchmark (stat=, cpu=, sockbuf=, level=, Line)' sh -c '
	! grep -E "^Benchmark([^ 	]*/(stat|cpu|sockbuf|level)=|Line[ 	])" "$1"' sh "$f"
# The line size is a figure only where the stride curve showed one: a
# neighbour thrashing the caches can flatten it through every pass, and
# then the run says so (a line-test note) and has no line-bytes.
line_unit=line-bytes
if grep -q '^# line-test: \(none found\|withheld\): ' "$f"; then
	line_unit=
	diag "no line size found: $(grep '^# line-test: ' "$f")"
fi
# The first cache level likewise: a level another size than sysfs says
# its cache is (on a loaded machine, a sanitizer build: the plateau ran
# past it) is withheld, and the case's status says so; tlb's levels
# still have l1-bytes, and the old form a Tlb/level=1.
l1_unit=l1-ns/op
old_level=Cache
if awk '/^# bench: / { c = ($3 == "cache") } c && /^# status: implausible: .*Cache\/level/ { f = 1 } END { exit !f }' "$f"; then
	l1_unit=
	old_level=Tlb
	diag "the first cache level withheld: $(awk '/^# bench: / { c = ($3 == "cache") } c && /^# status: / { print }' "$f")"
fi
missing=$(for u in p50-ns p99-ns max-ns local-%sys remote-own-us/KB bytes-sndbuf l1-bytes $l1_unit $line_unit l1-pages; do
	grep -q "^Benchmark[^ 	]*	.* $u\(	\|\$\)" "$f" || printf ' %s' "$u"
done)
is '... and the figures are there, as units: p50-ns, local-%sys, bytes-sndbuf, l1-bytes, line-bytes' '' "$missing"
if [ -n "$missing" ]; then
	# what the run said of its cases, to tell a case that failed from a
	# unit left out
	diag "$(grep -E '^# (bench|args|status|fail[a-z]*):' "$f" | tail -60)"
	diag "$(tail -20 "$tmpd/err.0")"
fi
# exact FILE: the units its Unit lines call exact, one a line.
exact() {
	awk '/^Unit / && / assume=exact/ { print $2 }' "$1"
}
# A count of 1 is also a timing loop's sample of one iteration (ns/op):
# where the calibration's runs of one iteration took the whole sample
# time, as lat_ctx's spread does under qemu-mips and, on a loaded
# machine, natively (its wake-ups across CPUs delayed).  A statistic is
# a unit of its own (p50-ns ...), never ns/op.
bad=$( { exact "$f"; echo --; cat "$f"; } | awk '
	$0 == "--" { body = 1; next }
	!body { ex[$1] = 1; next }
	/^Benchmark/ && $2 == 1 && $4 == "ns/op" { next }
	/^Benchmark/ && $2 == 1 { for (i = 4; i <= NF; i += 2) if (!($i in ex)) { print $1 " " $i; break } }
	/^Benchmark(BwPipe|BwUnix|BwTcp|BwUdp)\// && $4 == "MB/s" && $2 < 2 { print $0 }' | sed -n 1,3p)
is 'a count of 1 only on lines of exact units or of a timing of one iteration; a bandwidth sample counts its messages or writes' '' "$bad"
bad=$(awk '
	/^Unit / { n[$2]++; next }
	/^Benchmark/ { for (i = 4; i <= NF; i += 2) used[$i] = 1 }
	END { for (u in n) if (n[u] > 1) print "twice: " u
		for (u in used) if (!(u in n) && u !~ /^(ns\/op|MB\/s|B\/op|allocs\/op|sec\/op|B\/s)$/) print "no Unit line: " u }' "$f" | sed -n 1,3p)
is 'every unit used has one Unit line, or is one benchstat knows' '' "$bad"
ok 'the Unit lines use the keys benchstat reads: better=higher|lower, assume=exact|nothing' sh -c '
	awk "/^Unit / { if (\$0 !~ /^Unit [^ ]+( (better=(higher|lower)|assume=(exact|nothing)))+\$/) bad++; n++ }
		END { exit !(n > 30 && !bad) }" "$1"' sh "$f"

# old_form FILE: the file as older versions wrote it: each run figure a
# result line of its own under its old name (LatTcp/.../stat=p50 ns/op,
# BwTcp/.../cpu=local %sys, .../box=cpu, .../sockbuf=granted, Cache/level=N, Line,
# Tlb/level=N), no Unit lines.
old_form() {
	awk '
	function put(n, v, u) { if (!(n in pairs)) order[++k] = n; pairs[n] = pairs[n] "\t" v " " u }
	/^Unit / { next }
	!/^Benchmark/ { print; next }
	{
		name = substr($1, 10); k = 0; delete pairs; delete order
		stem = name; suf = ""
		if (match(name, /-[0-9]+$/) && substr(name, RSTART - 1, 1) != "/") {
			stem = substr(name, 1, RSTART - 1); suf = substr(name, RSTART) }
		for (i = 4; i <= NF; i += 2) {
			u = $i; v = $(i - 1)
			if (u ~ /^(p[0-9]+|max)-ns$/ && name !~ /\/rtt=added/) {
				s = u; sub(/-ns$/, "", s)
				if (name ~ /^LatUsleep\// && (j = index(name, "/usec=")) > 0)
					put(substr(name, 1, j - 1) "/stat=" s substr(name, j), v, "ns/op")
				else
					put(name "/stat=" s, v, "ns/op")
			} else if (u ~ /^(local|remote)(-own)?-(%user|%sys|%irq|%softirq|us\/KB)$/) {
				e = u; sub(/-(%user|%sys|%irq|%softirq|us\/KB)$/, "", e); b = substr(u, length(e) + 2)
				put(stem "/cpu=" e suf, v, b)
			} else if (u ~ /^%(busiest|peak|total)/ || u ~ /^(softnet-(pkts|drops|squeezes)|irqs)\/s$/) {
				put(stem (u ~ /^%/ ? "/box=cpu" : "/box=net") suf, v, u)
			} else if (u == "bytes-sndbuf" || u == "bytes-rcvbuf") {
				put(stem "/sockbuf=granted" suf, v, u)
			} else if (name == "Cache" && u == "line-bytes") {
				put("Line", v, "bytes")
			} else if ((name == "Cache" || name == "Tlb") && u ~ /^l[0-9]+-/) {
				l = u; sub(/-.*/, "", l); b = u; sub(/^l[0-9]+-/, "", b)
				put(name "/level=" substr(l, 2), v, b)
			} else
				put(name, v, u)
		}
		for (j = 1; j <= k; j++) print "Benchmark" order[j] "\t" $2 pairs[order[j]]
	}' "$1"
}
mkdir "$tmpd/old" && old_form "$f" >"$tmpd/old/run.0"
ok 'the run in the old form has the old names (stat=p50, cpu=local, level=1)' sh -c '
	grep -q "/stat=p50	" "$1" && grep -q "/cpu=local	" "$1" && grep -q "^Benchmark$2/level=1	" "$1"' \
	sh "$tmpd/old/run.0" "$old_level"
# One file name in both (the tables' row labels are file names).
_cmp=$(cd "$(dirname "$compare")" && pwd)/$(basename "$compare")
(cd "$tmpd" && $TEST_WRAPPER "$_cmp" run.0) >"$tmpd/new.txt" 2>&1
(cd "$tmpd/old" && $TEST_WRAPPER "$_cmp" run.0) >"$tmpd/old.txt" 2>&1
ok 'hostbench-compare reads the run and its old form alike, tables and notes' sh -c '
	[ -s "$1" ] && cmp -s "$1" "$2"' sh "$tmpd/new.txt" "$tmpd/old.txt"
[ -s "$tmpd/new.txt" ] && cmp -s "$tmpd/new.txt" "$tmpd/old.txt" ||
	diag "$(diff "$tmpd/old.txt" "$tmpd/new.txt" | sed -n 1,10p)"
