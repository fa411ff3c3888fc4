#!/bin/sh
# hostbench-compare: golden outputs in every format (lmbench3's vm.0 and
# two hostbench runs A/B, two UDP rate ladders, two runs' network cost
# A/B), lmbench's own summary of vm.0 matched column for column, bad
# files, usage errors, --threshold, --sections, directories, the ladder
# table and SVG, the plot of latency under load over time.  Goldens are regenerated with HOSTBENCH_REGEN_GOLDEN=1.
. "$top_srcdir/tests/tap/libtap.sh"

tool=$(cd "$top_builddir" && pwd)/results/hostbench-compare
data=$(cd "$top_srcdir/tests/data" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/hostbench-compare-t.XXXXXX")
_tap_cleanup_hook() { rm -rf "$tmp"; }
. "$top_srcdir/tests/tap/librender.sh"

# compare ARGS...: run the tool in tests/data (relative file names in the
# output); stdout in $tmp/out, stderr in $tmp/err, status in $STATUS.
compare() {
	STATUS=0
	# shellcheck disable=SC2086
	(cd "$data" && $TEST_WRAPPER "$tool" "$@") >"$tmp/out" 2>"$tmp/err" </dev/null || STATUS=$?
}

# golden DESC FILE ARGS...: the output equals tests/data/FILE (the version
# in JSON aside) and the tool exits 0.
golden() {
	_d=$1 _g=$2
	shift 2
	compare "$@"
	sed 's/"version": "[^"]*"/"version": "X"/' "$tmp/out" >"$tmp/norm"
	if [ -n "${HOSTBENCH_REGEN_GOLDEN:-}" ]; then
		cp "$tmp/norm" "$data/$_g"
	fi
	if [ "$STATUS" -eq 0 ] && cmp -s "$tmp/norm" "$data/$_g"; then
		_tap_report 0 "$_d"
	else
		_tap_report 1 "$_d"
		diag "exit $STATUS; differences from $_g:"
		diag "$(diff "$data/$_g" "$tmp/norm" | head -40)"
		diag "$(cat "$tmp/err")"
	fi
}

# lmbench's summary columns, in its order, as hostbench's section and
# column labels ("-": not compared: lmbench's "Guesses").
columns() {
	cat <<'END'
Basic system parameters	params	Description|Mhz|tlb pages|cache line bytes|mem par|scal load
Processor, Processes	proc	Mhz|null call|null I/O|stat|open clos|slct TCP|sig inst|sig hndl|fork proc|exec proc|sh proc
Basic integer operations	int	intgr bit|intgr add|intgr mul|intgr div|intgr mod
Basic float operations	float	float add|float mul|float div|float bogo
Basic double operations	double	double add|double mul|double div|double bogo
Context switching	ctx	2p/0K ctxsw|2p/16K ctxsw|2p/64K ctxsw|8p/16K ctxsw|8p/64K ctxsw|16p/16K ctxsw|16p/64K ctxsw
*Local* Communication latencies	local	2p/0K ctxsw|Pipe|AF UNIX|UDP|RPC/UDP|TCP|RPC/TCP|TCP conn
File & VM system latencies	filevm	0K File Create|0K File Delete|10K File Create|10K File Delete|Mmap Latency|Prot Fault|Page Fault|100fd selct
*Local* Communication bandwidths	bw	Pipe|AF UNIX|TCP|File reread|Mmap reread|Bcopy (libc)|Bcopy (hand)|Mem read|Mem write
Memory latencies	mem	Mhz|L1 $|L2 $|Main mem|Rand mem|-
END
}

# lmbench_cells SUMMARY: "section<TAB>label<TAB>value" for every cell of
# the row of host vm, read by the character ranges of the dashed rule line
# (blank cells stay blank: lmbench leaves a broken figure out).
lmbench_cells() {
	columns | awk -F '\t' -v summary="$1" '
	function overlap(a, b, c, d) { return a <= d && c <= b }
	{ title[NR] = $1; sec[NR] = $2; labels[NR] = $3; n = NR }
	END {
		cur = 0
		while ((getline line < summary) > 0) {
			for (i = 1; i <= n; i++)
				if (index(line, title[i]) == 1) { cur = i; rule = "" }
			if (cur && line ~ /^---------- *-/ ) continue
			if (cur && line ~ /^--------- -/) { rule = line; continue }
			if (cur && rule != "" && line ~ /^vm /) {
				# the ranges of the dash runs
				nr = 0; inrun = 0
				for (c = 1; c <= length(rule) + 1; c++) {
					ch = substr(rule, c, 1)
					if (ch == "-" && !inrun) { nr++; rs[nr] = c; inrun = 1 }
					if (ch != "-" && inrun) { re[nr] = c - 1; inrun = 0 }
				}
				# the tokens of the row
				nt = 0; intok = 0
				for (c = 1; c <= length(line) + 1; c++) {
					ch = substr(line, c, 1)
					if (ch != " " && ch != "" && !intok) { nt++; ts[nt] = c; intok = 1 }
					if ((ch == " " || ch == "") && intok) { te[nt] = c - 1; intok = 0 }
				}
				nl = split(labels[cur], lab, "|")
				for (k = 3; k <= nr && k - 2 <= nl; k++) {
					v = ""
					for (t = 1; t <= nt; t++)
						if (overlap(ts[t], te[t], rs[k], re[k]))
							v = substr(line, ts[t], te[t] - ts[t] + 1)
					if (lab[k - 2] != "-")
						printf "%s\t%s\t%s\n", sec[cur], lab[k - 2], v
				}
				cur = 0; rule = ""
			}
		}
	}'
}

# agrees LMBENCH OURS: lmbench's figure shows ours to its own precision
# (one unit in its last digit: it truncates, "154." for 154.85; "28.K"
# is thousands); blank only beside blank; text equal.
agrees() {
	awk -v s="$1" -v v="$2" 'BEGIN {
		if (s == "" || v == "") exit !(s == v)
		if (s !~ /^[0-9.]+[KM]?$/) exit !(s == v)
		m = 1
		if (s ~ /K$/) { m = 1000; s = substr(s, 1, length(s) - 1) }
		if (s ~ /M$/) { m = 1000000; s = substr(s, 1, length(s) - 1) }
		d = index(s, ".") ? length(s) - index(s, ".") : 0
		tol = m * 10 ^ -d
		diff = v - s * m; if (diff < 0) diff = -diff
		exit !(diff < tol * 1.000001)
	}'
}

ncells=$(lmbench_cells "$data/vm.0.summary" | wc -l | tr -d ' ')
plan $((134 + ncells))

# ------------------------------------------------ golden outputs
golden 'vm.0 (lmbench3): text tables' vm.0.txt vm.0
golden 'vm.0 (lmbench3): csv' vm.0.csv --format csv vm.0
golden 'vm.0 (lmbench3): json' vm.0.json --format json vm.0
golden 'vm.0 (lmbench3): markdown' vm.0.md --format markdown vm.0
golden 'two hostbench runs A/B: text' ab.txt hb-a.0 hb-b.0
golden 'two hostbench runs A/B: csv' ab.csv --format csv hb-a.0 hb-b.0
golden 'two hostbench runs A/B: json' ab.json --format json hb-a.0 hb-b.0
golden 'two hostbench runs A/B: markdown' ab.md --format markdown hb-a.0 hb-b.0
golden 'an interleaved A/B of three rounds: text' abr.txt hb-r-a.0 hb-r-b.0
golden 'two UDP rate ladders: text' ladder.txt --summary ladder-a.0 ladder-b.0
golden 'two UDP rate ladders: csv' ladder.csv --summary --format csv ladder-a.0 ladder-b.0
golden 'two UDP rate ladders: json' ladder.json --summary --format json ladder-a.0 ladder-b.0
golden 'two UDP rate ladders: markdown' ladder.md --summary --format markdown ladder-a.0 ladder-b.0
golden 'network cost (CPU per KB, buffers) A/B: text' net-ab.txt hb-net-a.0 hb-net-b.0
golden 'network cost A/B: csv' net-ab.csv --format csv --sections netcost,remotecost hb-net-a.0 hb-net-b.0
golden 'network cost A/B: json' net-ab.json --format json --sections netcost,remotecost hb-net-a.0 hb-net-b.0

# ------------------------------------------------ lmbench's summary, column for column
compare --format csv --summary vm.0
cp "$tmp/out" "$tmp/vm.csv"
lmbench_cells "$data/vm.0.summary" >"$tmp/cells"
while IFS='	' read -r sec label want; do
	seen=$(awk -F ',' -v s="$sec" -v l="$label" '$5 == s && $6 == l { print $8; exit }' "$tmp/vm.csv")
	if agrees "$want" "$seen"; then
		_tap_report 0 "vm.0 $sec '$label': lmbench shows '$want', hostbench '$seen'"
	else
		_tap_report 1 "vm.0 $sec '$label': lmbench shows '$want', hostbench '$seen'"
	fi
done <"$tmp/cells"

# lmbench3's lat_rpc writes a stray control byte into its error line
# (0x02 before "RPC:"): noise, read as getsummary reads it, not a refusal.
mkdir "$tmp/stray" && sed 's/^localhost: RPC: Unable to receive$/localhost: \x02RPC: Unable to receive/' \
	"$data/vm.0" >"$tmp/stray/vm.0"
ok 'the copy of vm.0 has a 0x02 byte in its lat_rpc line' sh -c 'LC_ALL=C grep -c "$(printf "\002")RPC" "$1" | grep -qx 1' sh "$tmp/stray/vm.0"
compare --format csv --summary vm.0
cp "$tmp/out" "$tmp/plain.csv"
STATUS=0
(cd "$tmp/stray" && $TEST_WRAPPER "$tool" --format csv --summary vm.0) >"$tmp/out" 2>"$tmp/err" </dev/null || STATUS=$?
is 'a stray control byte: read, exit 0, nothing said' '0|' "$STATUS|$(cat "$tmp/err")"
ok '... every value where it is without the byte' cmp -s "$tmp/plain.csv" "$tmp/out"

# A TCP bandwidth sweep that died after its first message size: its one
# tiny message's rate is no TCP bandwidth; the run says so.
awk '/^Socket bandwidth using localhost$/ { print; getline; print; skip = 1; next }
	skip && /^$/ { skip = 0 } !skip { print }' "$data/vm.0" >"$tmp/stray/cut.0"
ok 'the cut copy keeps one line of the TCP sweep' sh -c '
	[ "$(grep -A2 "^Socket bandwidth using localhost" "$1" | sed -n 2,3p | tr "\n" "|")" = "0.000001 2.38 MB/sec||" ]' sh "$tmp/stray/cut.0"
STATUS=0
(cd "$tmp/stray" && $TEST_WRAPPER "$tool" --format csv --summary cut.0) >"$tmp/out" 2>"$tmp/err" </dev/null || STATUS=$?
like 'a TCP sweep that ended early: no TCP bandwidth tabled' "$(cat "$tmp/out")" '^1,cut\.0,vm,,bw,TCP,MB/s,,'
(cd "$tmp/stray" && $TEST_WRAPPER "$tool" --summary cut.0) >"$tmp/out" 2>&1 </dev/null
like '... and the run says why' "$(tr '\n' ' ' <"$tmp/out" | tr -s ' ')" "lmbench's TCP bandwidth sweep ended at a message size of 1, before its last \(10M\): incomplete, not tabled"

# Two runs of one host and note: rows named by their files, as
# results/<platform>/ names them; files of one name in two directories
# are named by their folders too, never by their order.
mkdir -p "$tmp/twin/a" "$tmp/twin/b"
cp "$data/hb-a.0" "$tmp/twin/a/run.0" && cp "$data/hb-a.0" "$tmp/twin/a/run.1" && cp "$data/hb-a.0" "$tmp/twin/b/run.0"
(cd "$tmp/twin" && $TEST_WRAPPER "$tool" --summary a/run.0 a/run.1) >"$tmp/out" 2>&1 </dev/null
like 'runs of one host: rows named by their files (run.0, run.1)' "$(grep -c '^run\.[01] ' "$tmp/out")" '^([2-9]|[1-9][0-9]+)$'
(cd "$tmp/twin" && $TEST_WRAPPER "$tool" --summary a/run.0 b/run.0) >"$tmp/out" 2>&1 </dev/null
like '... one file name in two directories: by its folder and name' "$(cat "$tmp/out")" '^b/run\.0 '
(cd "$tmp/twin" && $TEST_WRAPPER "$tool" --summary b/run.0 a/run.0) >"$tmp/out" 2>&1 </dev/null
like '... the same labels in the other order' "$(cat "$tmp/out")" '^b/run\.0 .*
a/run\.0 '

# ------------------------------------------------ bad files
printf 'host: x\nBenchmarkLatSyscall/op=null\t10\t1.5 ns/op\n\000\001\002\n' >"$tmp/binary.0"
printf 'host: y\nBenchmarkLatSyscall/op=null\t10\t1.5 ns/op\nBenchmarkLatSyscall/op=null\t10\t1.' >"$tmp/cut.0"
compare "$tmp/binary.0" hb-a.0 "$tmp/cut.0"
is 'bad files: exit 1' 1 "$STATUS"
like 'a binary file is named with its line' "$(cat "$tmp/err")" "binary.0:3: binary data"
like 'a truncated line is named with its line' "$(cat "$tmp/err")" "cut.0:3: malformed result line \(truncated"
like 'the good file is still compared' "$(cat "$tmp/out")" '^hb-a\.0 +x86_64-linux +[0-9]'
compare /no/such/file
like 'a missing file: exit 1 with the reason' "$STATUS $(cat "$tmp/err")" '^1 .*/no/such/file: No such file'

# ------------------------------------------------ usage
# status_and WANT PATTERN: exit status WANT and a line of stderr matching.
status_and() {
	[ "$STATUS" -eq "$1" ] && grep -Eq -- "$2" "$tmp/err"
}
compare
ok 'no file: exit 2 with the usage line' status_and 2 '^usage: hostbench-compare'
compare --format xml vm.0
like '--format xml: exit 2 naming the value' "$STATUS $(cat "$tmp/err")" "^2 .*--format: value 'xml'"
compare --sections nope vm.0
like '--sections nope: exit 2 with the allowed ids' "$STATUS $(cat "$tmp/err")" "^2 .*unknown section 'nope'; allowed: params, proc"
compare --threshold -3 vm.0
like '--threshold -3: exit 2 with the range' "$STATUS $(cat "$tmp/err")" "^2 .*--threshold: value '-3' is out of range"
compare --frobnicate vm.0
like 'an unknown option: exit 2' "$STATUS $(cat "$tmp/err")" '^2 .*unknown option --frobnicate'

# ------------------------------------------------ options
compare --threshold 50 hb-r-a.0 hb-r-b.0
like '--threshold 50: a significant regression beyond it exits 1' "$STATUS $(cat "$tmp/err")" \
	'^1 .*significant regression.* beyond 50%'
like 'and names it, its metric id and its change as a ratio' "$(cat "$tmp/err")" 'proc: null call \(LatSyscall/op=null\): slower ×2\.04 '
compare --threshold 100000 hb-r-a.0 hb-r-b.0
is '--threshold 100000: nothing is that much worse, exit 0' 0 "$STATUS"
compare --threshold 1 hb-a.0 hb-b.0
like 'one run a side: nothing is tested, so no regression, but it cannot tell: exit 3' \
	"$STATUS $(cat "$tmp/err")" '^3 .*no regression beyond 1% shown, but 73 metrics cannot tell'

# ------------------------------------------------ verdicts
# verdict FILE SECTION COLUMN: the verdict word of the A/B row in the CSV
# of the last compare (the row of the other run).
verdict() {
	awk -F ',' -v s="$1" -v c="$2" 'NR == 1 { for (k = 1; k <= NF; k++) h[$k] = k; next }
		$5 == s && $6 == c && $(h["base"]) != "" { print $(h["verdict"]); exit }' "$tmp/out"
}
flagged() {
	awk -F ',' 'NR == 1 { for (k = 1; k <= NF; k++) h[$k] = k; next }
		$(h["significant"]) == "yes" { printf "%s/%s ", $5, $6 }' "$tmp/out"
}
compare --format csv hb-r-a.0 hb-r-b.0
is 'the doubled null call is slower' slower "$(verdict proc 'null call')"
is 'it is the only metric flagged (the 0.8x pipe is not shown with 3 rounds)' 'proc/null call ' "$(flagged)"
like 'unchanged metrics are no change or the same' "$(verdict proc 'null I/O') $(verdict par 'int mul')" \
	'^(no change|same) same$'
compare --format csv hb-a.0 hb-b.0
is 'one run a side: not tested, never significant' 'not tested:' "$(verdict proc 'null call'):$(flagged)"
compare --format csv hb-r-a.0 hb-r-a.0
is 'a run against itself: nothing flagged' '' "$(flagged)"
is 'and its ratios are the same' same "$(verdict int 'intgr add')"
# Every verdict agrees with its interval: "~" never has one wholly beyond
# the margin, a significant change always has; each tested metric says
# the smallest change it could have seen, at least the margin.
compare --format csv hb-r-a.0 hb-r-b.0
is 'the intervals agree with the verdicts, and every tested row has its detectable change' '' \
	"$(awk -F ',' 'NR == 1 { for (k = 1; k <= NF; k++) h[$k] = k; next }
		$(h["base"]) == "" || $(h["q"]) == "" { next }
		{ lo = $(h["change_lo_pct"]); hi = $(h["change_hi_pct"]); v = $(h["verdict"])
		  beyond = lo != "" && (lo + 0 > 3 || hi + 0 < -3 / 1.03)
		  if ((v == "no change" || v == "same") == beyond) print $6 ": " v " " lo " " hi
		  if (!($(h["detectable_pct"]) + 0 >= 3)) print $6 ": detectable " $(h["detectable_pct"])
		  if ($(h["change_level"]) + 0 <= 0.95) print $6 ": level " $(h["change_level"]) }' "$tmp/out")"

# run_of FILE PROGRAM ARGS "X1 X2 X3" "Y1 Y2 Y3" CASE: a run of three
# rounds of PROGRAM ARGS, round k's records printed by CASE Xk Yk.
run_of() {
	_f=$1 _p=$2 _a=$3 _xs=$4 _ys=$5 _case=$6
	{
		printf 'hostbench: 0.1.0\nhost: vm\nos: Linux 6.1\narch: x86_64\nrounds: 3\n'
		_k=0
		for _x in $_xs; do
			_k=$((_k + 1))
			# shellcheck disable=SC2086
			set -- $_ys
			shift $((_k - 1))
			printf 'round: %d\nbench: %s\nargs: %s\nstatus: ok\n' "$_k" "$_p" "$_a"
			printf 'bench: %s\nargs: -N 3 -o raw %s\n' "$_p" "$_a"
			"$_case" "$_x" "$1"
			printf '# noise: cpu-others=0.01 steal=0.00 ticks=10\n'
		done
	} >"$_f"
}

# syscall_case V W: lat_syscall null's samples about V ns, its processes
# having waited for a CPU W ms of every 100 ms they wanted one.
syscall_case() {
	for _d in 0.99 1 1.01; do
		printf 'BenchmarkLatSyscall/op=null\t1000\t%s ns/op\n' "$(awk -v x="$1" -v d="$_d" 'BEGIN { print x * d }')"
	done
	printf '# noise-self: nivcsw=1 nvcsw=0 children-csw=0 wall-ms=100 run-ms=%s wait-ms=%s steal-ms=0.0\n' \
		"$((100 - $2)).0" "$2.0"
}

# rounds FILE "V1 V2 V3" "W1 W2 W3": three rounds of lat_syscall null
# (syscall_case Vk Wk).
rounds() {
	run_of "$1" lat_syscall null "$2" "$3" syscall_case
}
rounds "$tmp/quiet.0" '100 101 99' '1 1 1'
rounds "$tmp/busy.0" '200 203 198' '70 71 69'
rounds "$tmp/slow.0" '200 203 198' '1 2 1'
compare --format csv "$tmp/quiet.0" "$tmp/slow.0"
is 'a doubled null call on an uncontended machine is slower' slower "$(verdict proc 'null call')"
compare --format csv "$tmp/quiet.0" "$tmp/busy.0"
is 'the same change where B waited for a CPU 70% of the time: unreliable, never worse' \
	unreliable "$(verdict proc 'null call')"
like '... saying how contended each side was' "$(grep '^2,' "$tmp/out" | grep ',proc,null call,')" \
	'contended: waited for a CPU 1% vs 70% of the time'
compare --threshold 5 "$tmp/quiet.0" "$tmp/busy.0"
like '--threshold 5: a contended side cannot tell: exit 3, never 1' "$STATUS $(cat "$tmp/err")" \
	'^3 .*1 metric cannot tell'
like '... and the text says why, once' "$(cat "$tmp/out")" '^unreliable: contended: waited for a CPU 1% vs 70% of the time \(1\): null call$'
# Waits for each other (a pipe's two ends on one CPU) while nobody else
# ran there: a wait of 70% beside others' 1% of the CPUs is no
# contention; beside others' 80% it is.
sed 's/^\(# noise-self: .*\)$/\1 others-ms=2 cpus=2/' "$tmp/busy.0" >"$tmp/design.0"
compare --format csv "$tmp/quiet.0" "$tmp/design.0"
is 'waits by design (others used 1% of the CPUs): a doubled null call is slower' slower "$(verdict proc 'null call')"
sed 's/^\(# noise-self: .*\)$/\1 others-ms=160 cpus=2/' "$tmp/busy.0" >"$tmp/beside.0"
compare --format csv "$tmp/quiet.0" "$tmp/beside.0"
is '... the same waits while others used 80% of them: unreliable' unreliable "$(verdict proc 'null call')"
# An interleaved experiment (hostbench ab) whose rounds both waited 70%
# of the time: the load weighs on both sides alike, round by round, so
# the doubled null call is worse; separate runs that busy are unreliable.
rounds "$tmp/ab-a.0" '100 101 99' '70 71 69'
sed 's/^rounds: 3$/rounds: 3\n# ab-side: a/' "$tmp/ab-a.0" >"$tmp/ab-a2.0"
sed 's/^rounds: 3$/rounds: 3\n# ab-side: b/' "$tmp/busy.0" >"$tmp/ab-b2.0"
compare --format csv "$tmp/ab-a2.0" "$tmp/ab-b2.0"
is 'interleaved rounds contended alike: a doubled null call is slower' slower "$(verdict proc 'null call')"
compare --format csv "$tmp/ab-a.0" "$tmp/busy.0"
is '... the same as separate runs: unreliable' unreliable "$(verdict proc 'null call')"
# A sleeper's lateness (lat_usleep's p99, V us) beside others' work
# using O ms of the 200 its 2 CPUs had, which makes it wait for nothing.
sleep_case() {
	for _d in 0.99 1 1.01; do
		printf 'BenchmarkLatUsleep/method=nanosleep/stat=p99\t1000\t%s ns/op\n' \
			"$(awk -v x="$1" -v d="$_d" 'BEGIN { print x * d * 1000 }')"
	done
	printf '# noise-self: nivcsw=1 nvcsw=0 children-csw=0 wall-ms=100 run-ms=1.0 wait-ms=0.0 steal-ms=0.0 others-ms=%s cpus=2\n' "$2"
}
run_of "$tmp/sleep-q.0" lat_usleep '' '100 101 99' '2 2 2' sleep_case
run_of "$tmp/sleep-b.0" lat_usleep '' '54 55 53' '180 182 178' sleep_case
run_of "$tmp/sleep-b2.0" lat_usleep '' '108 110 106' '180 182 178' sleep_case
compare --format csv "$tmp/sleep-q.0" "$tmp/sleep-b.0"
like 'a sleeper woken 46% sooner while others kept its CPUs busy (1% vs 90%): unreliable, saying why' \
	"$(verdict more 'sleep late p99') $(grep '^2,' "$tmp/out" | grep ',more,sleep late p99,')" \
	"^unreliable .*others' work: they used 1% vs 90% of the CPUs, which wakes a sleeper sooner"
compare --format csv "$tmp/sleep-b.0" "$tmp/sleep-b2.0"
is '... twice as late with others as busy on both sides: slower' slower "$(verdict more 'sleep late p99')"
rounds "$tmp/drop.0" '100 3000 99' '1 1 1'
compare --format csv "$tmp/quiet.0" "$tmp/drop.0"
like 'a sample 30x off its side'"'"'s others: unreliable, and named' \
	"$(verdict proc 'null call') $(grep '^2,' "$tmp/out" | grep ',proc,null call,')" \
	'^unreliable .*a collapsed sample: 2\.985 against 0\.09900 us of side B.s others \(30x off\)'
compare --threshold 5 "$tmp/quiet.0" "$tmp/quiet.0"
is 'a run against itself, three rounds: every interval within 5%, exit 0' 0 "$STATUS"

# --variance: samples 0.99, 1, 1.01 times their process's value (a
# spread of 1.00% on the log scale), processes at 100, 101 and 99 ns, two
# runs alike: no spread between the runs.
compare --variance "$tmp/quiet.0" "$tmp/quiet.0"
like '--variance: the samples'"'"' component 1.00%, the runs'"'"' 0 (two copies of a run)' "$(cat "$tmp/out")" \
	'^proc +null call +2 +3\.0 +3\.0 +1\.00 +0\.[5-9][0-9] +0\.00 '
rounds "$tmp/other.0" '110 111 109' '1 1 1'
compare --variance "$tmp/quiet.0" "$tmp/other.0"
like '... a run 10% off the other: the runs'"'"' component, about 7% (10% / sqrt 2)' "$(cat "$tmp/out")" \
	'^proc +null call +2 +3\.0 +3\.0 +1\.00 +0\.[5-9][0-9] +6\.[5-9][0-9] '

# --look K: the K-th look spends 5% / (K (K + 1)).
compare --look 3 "$tmp/quiet.0" "$tmp/slow.0"
like '--look 3: a false discovery rate of 5% / 12, and the method says so' "$(cat "$tmp/out" | tr '\n' ' ')" \
	'false discovery rate 0\.417% .* Look 3 of a sequential experiment: 8\.33% of the 5% spent here'
compare --look 0 "$tmp/quiet.0" "$tmp/slow.0"
like '--look 0: exit 2 naming the range' "$STATUS $(cat "$tmp/err")" "^2 .*--look: value '0' is out of range; allowed: 1 \.\. 1000"

# udp FILE "L1 L2 L3" "S1 S2 S3": three rounds of an unpaced bw_udp,
# round k losing Lk% of the Sk MB/s it sent.
udp_case() {
	for _d in 1 2 3; do
		printf 'BenchmarkBwUdp/size=1470/rate=max/placement=one\t1000\t100 MB/s\t68000 pkts/s\t%s %%loss\t%s sent-MB/s\n' \
			"$1" "$2"
	done
}
udp() {
	run_of "$1" bw_udp '-b 0' "$2" "$3" udp_case
}
udp "$tmp/noloss.0" '0 0 0' '200 202 198'
udp "$tmp/loss.0" '0.5 0.6 0.4' '201 199 200'
udp "$tmp/slowed.0" '0 0 0' '120 121 119'
compare --format csv "$tmp/noloss.0" "$tmp/loss.0"
is 'rounds that lost nothing are values: a loss from 0 to 0.5% is tested, and worse' worse "$(verdict udp 'UDP loss')"
compare "$tmp/noloss.0" "$tmp/loss.0"
like '... the change from 0 and its interval in points of loss, no percentage' "$(cat "$tmp/out")" \
	'^udp +UDP loss +% +0 +0\.[0-9]+ +\+0\.[0-9]+ pt +\+0\.[0-9]+ \.\. \+0\.[0-9]+ pt +worse$'
compare --format csv "$tmp/noloss.0" "$tmp/noloss.0"
is '0 against 0: the same' same "$(verdict udp 'UDP loss')"
compare --format csv "$tmp/noloss.0" "$tmp/slowed.0"
like 'a loss at another offered rate is not comparable, saying the rates' \
	"$(verdict udp 'UDP loss') $(grep '^2,' "$tmp/out" | grep ',udp,UDP loss,')" \
	'^not comparable .*at another offered rate: sent-MB/s 200\.0 vs 120\.0'

# Runs that measured differently are not comparable, never significant.
sed 's/^BenchmarkBwMem\/op=rd\/size=8M/BenchmarkBwMem\/op=rd\/size=2M/; s/^args: 8m rd$/args: 2m rd/' \
	"$data/hb-r-b.0" >"$tmp/small.0"
compare --format csv hb-r-a.0 "$tmp/small.0"
is 'another size: not comparable' 'not comparable' "$(verdict membw rd)"
like 'saying which' "$(awk -F ',' '$5 == "membw" && $6 == "rd" && $14 != "" { print }' "$tmp/out")" \
	'size=8M vs size=2M'
awk '{ print } /^args: 8m rd$/ { print "size-reduced: SIZE 8M to 8M (50% of 16M available)" }' \
	"$data/hb-r-b.0" >"$tmp/reduced.0"
compare --format csv hb-r-a.0 "$tmp/reduced.0"
like 'a memory reduction on one side: not comparable' \
	"$(verdict membw rd) $(awk -F ',' '$5 == "membw" && $6 == "rd" && $14 != "" { print }' "$tmp/out")" \
	'^not comparable .*memory reduced on \[2\] only'
# Runs that record the last-level cache they sized their memory tests by
# (llc): a memory test named without in=cache measured the memory, at
# whatever size past 4 x that cache, so other sizes and a reduction
# compare; one whose buffers were cache-sized (in=cache) is a measurement
# of its own, in the cache columns, never set against the memory's.
sed 's/^cpus: 2$/cpus: 2\nllc: 256K/' "$data/hb-r-a.0" >"$tmp/llc-a.0"
sed 's/^cpus: 2$/cpus: 2\nllc: 256K/' "$tmp/small.0" >"$tmp/llc-small.0"
compare --format csv "$tmp/llc-a.0" "$tmp/llc-small.0"
like 'memory-sized on both sides (llc recorded): 8M against 2M compares' "$(verdict membw rd)" \
	'^(no change|same|faster|slower|unreliable)$'
sed 's/^cpus: 2$/cpus: 2\nllc: 256K/' "$tmp/reduced.0" >"$tmp/llc-reduced.0"
compare --format csv "$tmp/llc-a.0" "$tmp/llc-reduced.0"
like '... and so does one cut to fit the memory' "$(verdict membw rd)" \
	'^(no change|same|faster|slower|unreliable)$'
sed 's|^BenchmarkBwMem/op=rd/size=2M|BenchmarkBwMem/op=rd/size=2M/in=cache|' "$tmp/llc-small.0" >"$tmp/llc-cache.0"
compare --format csv "$tmp/llc-a.0" "$tmp/llc-cache.0"
is 'cache-sized on one side: no A/B row of memory rd, nor of cache rd' '|' \
	"$(verdict membw rd)|$(verdict cachebw rd)"
compare "$tmp/llc-a.0" "$tmp/llc-cache.0"
like 'what changed says which side was cache-sized' "$(cat "$tmp/out")" \
	'^  bw_mem 2m rd: cache-sized on \[2\] only: under 4 x the last-level cache'
compare --summary "$tmp/llc-a.0" "$tmp/llc-cache.0"
like 'the summary tables it as a cache column' "$(cat "$tmp/out")" \
	'^Cache-sized memory bandwidths in MB/s: buffers under 4 x the last-level cache'
compare --summary --sections membw,cachebw "$tmp/llc-a.0" "$tmp/llc-cache.0"
is '... rd of [1] under memory, of [2] under cache, each the only row of its table' \
	'memory llc-a.0|cache llc-cache.0' \
	"$(awk '/^Memory bandwidths/ { s = "memory" } /^Cache-sized memory/ { s = "cache" } /^Runs:/ { s = "" }
		/^llc-/ && s != "" && $2 ~ /^[0-9]+$/ { printf "%s%s %s", sep, s, $1; sep = "|" }' "$tmp/out")"
sed 's/^emulation: none/emulation: qemu-arm/' "$data/hb-r-b.0" >"$tmp/emul.0"
compare --format csv hb-r-a.0 "$tmp/emul.0"
is 'an emulated run against a native one: nothing comparable, nothing flagged' \
	'not comparable not comparable:' "$(verdict proc 'null call') $(verdict membw rd):$(flagged)"
sed 's/^args: null$/args: -W 1 null/' "$data/hb-r-b.0" >"$tmp/args.0"
compare --format csv hb-r-a.0 "$tmp/args.0"
is 'other arguments: not comparable' 'not comparable' "$(verdict proc 'null call')"
# Other work on one side only: a change is unreliable, not a change.
sed 's/^# noise: cpu-others=0.0[0-9]/# noise: cpu-others=1.02/' "$data/hb-r-b.0" >"$tmp/busy.0"
compare --format csv hb-r-a.0 "$tmp/busy.0"
is 'a busy machine on one side: the doubled null call is unreliable' unreliable "$(verdict proc 'null call')"
compare hb-r-a.0 "$tmp/busy.0"
like 'saying how busy' "$(cat "$tmp/out")" 'other work on the machine: 0.0[0-9] vs 1.0[0-9] CPUs'
# A case of a few clock ticks reads the noise coarsely (2.00 over 3
# ticks): the run as a whole stands for it.
awk '/^args: / && !a { a = $0 } /^bench: / { a = "" }
	/^# noise:/ { print (a == "args: null" ? "# noise: cpu-others=2.00 steal=0.00 ticks=3" \
		: "# noise: cpu-others=0.01 steal=0.00 ticks=500"); next } { print }' \
	"$data/hb-r-b.0" >"$tmp/coarse.0"
compare --format csv hb-r-a.0 "$tmp/coarse.0"
is 'noise read over too few ticks does not make a change unreliable' slower "$(verdict proc 'null call')"
# A value the machine cannot have produced is no value: a context switch
# of 0 us (an old file, written before the programs withheld it) leaves
# its column blank and says why, never a 0 in the table.
sed 's|^\(BenchmarkLatCtx/size=0K/procs=2/placement=one\t *[0-9]*\t *\)[0-9.]* ns/op|\10 ns/op|' \
	"$data/hb-a.0" >"$tmp/zero.0"
compare --sections ctx "$tmp/zero.0"
like 'an impossible value is left blank, saying why' "$(cat "$tmp/out")" \
	'ctx: 2p/0K ctxsw: 0 ns/op is not above 0'
is 'and its cell is blank' '' "$(awk '/^Context switching/ { s = 1 } s && /^vm / { print substr($0, 34, 5); exit }' "$tmp/out" | tr -d ' ')"
# The bounds across a run's results (lib/core/metric): one wake-up timed on
# its own below what a reading of the clock costs (the program's "clock:"
# line), and data through a socket faster than the run's fastest memory
# test (rdwr, 22110 MB/s), are no values either.
awk '/^BenchmarkLatUsleep/ && !d { print "clock: clock_gettime(CLOCK_MONOTONIC), resolution 31 ns, cost 60000 ns"; d = 1 }
	{ print }' "$data/hb-a.0" >"$tmp/clock.0"
compare --summary --sections more hb-a.0 "$tmp/clock.0"
like 'a wake-up timed singly below the clock'"'"'s cost is left blank, saying why' "$(cat "$tmp/out")" \
	"^  \[2\] more: sleep late p50: 5[0-9]+ ns per operation timed singly is below the clock's cost \(60000 ns\)"
compare --summary --sections more "$tmp/clock.0"
like '... alone too: a column whose one value is blank keeps its reason' "$(cat "$tmp/out")" \
	"^  \[1\] more: sleep late p50: 5[0-9]+ ns per operation timed singly is below the clock's cost \(60000 ns\)"
{
	cat "$data/hb-a.0"
	printf 'bench: bw_unix\nargs:\nstatus: ok\n'
	for i in 1 2 3; do
		printf 'BenchmarkBwUnix/msg=64K/placement=one\t2\t90000 MB/s\n'
		printf 'BenchmarkBwPipe/msg=64K/placement=one\t2\t5000 MB/s\n'
	done
} >"$tmp/fast.0"
compare --summary --sections bw "$tmp/fast.0"
like 'data through a socket above the memory'"'"'s bandwidth is left blank, saying why' "$(cat "$tmp/out")" \
	"^  \[1\] bw: AF UNIX: AF UNIX 90000 MB/s is above the run's fastest memory bandwidth, 22110 MB/s"
like 'a pipe below it is tabled' "$(cat "$tmp/out")" '^fast\.0 +5000( |$)'
like 'the text says slower for a latency, the change as a ratio' "$(compare hb-r-a.0 hb-r-b.0; cat "$tmp/out")" \
	'^proc +null call +us +0.06530 +0.1330 +×2.04 .* slower$'
like 'the legend states the method' "$(cat "$tmp/out")" \
	'Paired t test by round .* over 41 metrics'
# Sides of several runs.
compare --format csv --a 'hb-r-a.0 hb-a.0' --b 'hb-r-b.0 hb-b.0'
like '--a and --b: runs as sides' "$(head -3 "$tmp/out")" 'hb-r-a.0'
cp "$data/hb-r-a.0" "$tmp/a2.0"
cp "$data/hb-r-b.0" "$tmp/b2.0"
compare --format csv --a "hb-r-a.0 $tmp/a2.0" --b "hb-r-b.0 $tmp/b2.0"
# units: the units column of the null call's A/B row.
units() {
	awk -F ',' 'NR == 1 { for (k = 1; k <= NF; k++) h[$k] = k; next }
		$5 == "proc" && $6 == "null call" && $(h["base"]) != "" { print $(h["units"]) }' "$tmp/out"
}
is 'several runs a side that differ no more than their rounds: the rounds are the units (6+6)' '6+6' "$(units)"
# A second run of A whose null calls all took 1.3 times as long.
awk '/^BenchmarkLatSyscall\/op=null/ { $3 = $3 * 1.3 } { print }' "$data/hb-r-a.0" >"$tmp/a2.0"
compare --format csv --a "hb-r-a.0 $tmp/a2.0" --b "hb-r-b.0 $tmp/b2.0"
is '... runs 30% apart, far more than their rounds: each run is one unit (2+2)' '2+2' "$(units)"
compare --a 'hb-r-a.0 hb-a.0' --b 'hb-r-b.0 hb-b.0'
like 'the heading names both sides and their runs' "$(cat "$tmp/out")" \
	'A/B: \[3 4\] \(2 runs: hb-r-b.0 hb-b.0\) against the base \[1 2\] \(2 runs: hb-r-a.0 hb-a.0\)'
compare --group-by note hb-r-a.0 hb-r-b.0
like '--group-by note: a side per note' "$(cat "$tmp/out")" 'Sides: A = note=rules none \(\[1\]\), B = note=rules 3000 \(\[2\]\)'
compare --a hb-r-a.0 hb-r-b.0
like '--a without --b: exit 2' "$STATUS $(cat "$tmp/err")" '^2 .*--a needs --b'
compare --a hb-r-a.0 --b hb-r-b.0 vm.0
like '--a/--b with another file: exit 2' "$STATUS $(cat "$tmp/err")" '^2 .*--a and --b name every run'
compare --margin 200 hb-r-a.0 hb-r-b.0
like '--margin 200: exit 2 with the range' "$STATUS $(cat "$tmp/err")" "^2 .*--margin: value '200' is out of range"
compare --group-by 'No Such' hb-r-a.0
like '--group-by with a bad key: exit 2' "$STATUS $(cat "$tmp/err")" "^2 .*--group-by: 'No Such' is not"
compare --summary --sections mem,ctx vm.0 hb-a.0
is '--sections mem,ctx: only those tables' 'Context switching - times in microseconds - smaller is better
Memory latencies in nanoseconds - smaller is better' "$(grep -E '^(Basic|Processor|Context|Memory|\*Local|File|More)' "$tmp/out" | grep -v continued)"
mkdir "$tmp/dir" && cp "$data/hb-a.0" "$data/hb-b.0" "$tmp/dir/"
compare --summary "$tmp/dir"
like 'a directory stands for the runs in it' "$(cat "$tmp/out")" "\[2\] $tmp/dir/hb-b.0"

# ------------------------------------------------ the rate ladder
# ladder_row LABEL: the text ladder table's cells of the run labelled
# LABEL (its file's name), all chunks joined.
ladder_row() {
	awk -v r="$1" '/^Rate ladder of / { t = 1 } t && index($0, r " ") == 1 {
		sub(/^[^ ]+ +/, ""); printf "%s ", $0 } /^$/ && t && n++ { t = 0 }' "$tmp/out"
}
compare --summary ladder-a.0 ladder-b.0
like 'the ladder table has a column per target, in Mbit/s' "$(cat "$tmp/out")" \
	'^Host +10 +50 +100 +200 +500 +1000 +2000 +5000 +knee$'
like 'a row per run: Mbit/s received and the loss at each target (* the sender short of it)' \
	"$(ladder_row ladder-b.0)" \
	'^10\.04 0% +50\.02 0% +99\.96 0% +160\.0 20% +160\.0 67\.9% +160\.0 84% +160\.0 92% +160\.0\* 93\.8% +100 $'
like 'and the knee last: 1000 Mbit/s with no rules' "$(ladder_row ladder-a.0)" ' 1000 $'
compare --summary --format json ladder-a.0 ladder-b.0
is 'JSON: the knees of both runs' '1000 100' \
	"$(sed -n 's/.*"knee_mbit_s": \([0-9a-z]*\),.*/\1/p' "$tmp/out" | tr '\n' ' ' | sed 's/ $//')"
# Each knee is one of its run's steps that lost under 1%, and the highest.
is 'JSON: each knee is the highest step of its run received with under 1% loss' '1000 100' \
	"$(awk '/"knee_mbit_s"/ { if (n++) out = out best " "; best = "" }
		/"target_mbit_s"/ { t = $2; l = $6; gsub(/[,}\]]/, "", t); gsub(/[,}\]]/, "", l); if (l < 1) best = t }
		END { print out best }' "$tmp/out")"
compare --summary --sections bw ladder-a.0 ladder-b.0
ok '--sections bw: no ladder table (its steps are in udp)' sh -c '! grep -q "^Rate ladder" "$1"' sh "$tmp/out"
compare --summary --sections udp ladder-a.0
like '--sections udp: the ladder table' "$(cat "$tmp/out")" '^Rate ladder of bw_udp - '
grep -v '/rate=knee/' "$data/ladder-b.0" >"$tmp/noknee.0"
compare --summary ladder-a.0 "$tmp/noknee.0"
like 'a ladder with no knee line (no step held): knee none' "$(ladder_row noknee.0)" ' none $'
awk '/^BenchmarkBwUdp\/size=1470\/rate=/ && !/rate=10Mbit\// { next } { print }' "$data/ladder-a.0" >"$tmp/one.0"
compare --summary "$tmp/one.0"
ok 'one rate and no knee is no ladder: no table' sh -c '! grep -q "^Rate ladder" "$1"' sh "$tmp/out"
sed 's|/placement=one|/peer=remote|' "$data/ladder-b.0" >"$tmp/remote.0"
compare --summary --format csv ladder-a.0 "$tmp/remote.0"
is 'two ladders of other parts: a row each, named by their parts (CSV knees)' \
	'1,size=1470/placement=one knee,1000 2,size=1470/peer=remote knee,100' \
	"$(awk -F ',' '$5 == "ladder" && $6 ~ / knee$/ { printf "%s%s,%s,%s", n++ ? " " : "", $1, $6, $8 }' "$tmp/out")"
compare --plot "$tmp/lplots" ladder-a.0 ladder-b.0

# ------------------------------------------------ SVG
compare --svg "$tmp/all.svg" --plot "$tmp/plots" hb-a.0 hb-b.0 vm.0
svg_ok() {
	for f in "$@"; do
		[ -s "$f" ] || return 1
		if command -v xmllint >/dev/null 2>&1; then
			xmllint --noout "$f" || return 1
		elif command -v python3 >/dev/null 2>&1; then
			python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$f" || return 1
		else
			head -1 "$f" | grep -q '^<?xml' && grep -q '<svg ' "$f" \
				&& [ "$(tail -1 "$f")" = '</svg>' ] || return 1
		fi
	done
}
ok '--svg and --plot write well-formed SVG' svg_ok "$tmp/all.svg" "$tmp/plots/memlat.svg" \
	"$tmp/plots/delta-2.svg" "$tmp/plots/delta-3.svg"
like 'the plot has a curve per run and walk' "$(cat "$tmp/plots/memlat.svg")" '\[3\] [^ <]+ random 16'
ok 'no ladder in the runs: no ladder.svg' test ! -e "$tmp/plots/ladder.svg"
ok 'no time series in the runs: no load.svg' test ! -e "$tmp/plots/load.svg" -o -e "$tmp/lplots/load.svg"
ok 'the ladder plot is well-formed SVG' svg_ok "$tmp/lplots/ladder.svg"
is 'a line per run in each panel (received, loss) and the diagonal' '4 1' \
	"$(grep -c '<polyline' "$tmp/lplots/ladder.svg") $(grep -c '>received = target<' "$tmp/lplots/ladder.svg")"
like 'log axes with rate ticks in bit/s units (10M .. 10G)' "$(cat "$tmp/lplots/ladder.svg")" \
	'>10G</text>'
like 'each run in the legend with its knee' "$(cat "$tmp/lplots/ladder.svg")" '>knee 100M</text>'
renders 'headless Chromium renders the SVG: not blank' "$tmp/all.svg" 800,1400

# ------------------------------------------------ latency under load over time
# load-a.0 and load-b.0: lat_load over loopback, placements one and
# spread, a series of 10 bins of 200 ms each; one bin of b's spread
# series has no probe answered (0).
compare --svg "$tmp/load-all.svg" --plot "$tmp/load" load-a.0 load-b.0
svg=$tmp/load/load.svg
ok 'the load plot is well-formed SVG (--plot and --svg)' svg_ok "$svg" "$tmp/load-all.svg"
is 'a chart per case, a line per run and direction in each (up, down, round trip)' '2 4 4 4' \
	"$(grep -c '>Latency under load over time: ' "$svg") $(grep -c 'class="up"' "$svg") $(grep -c 'class="down"' "$svg") $(grep -c 'class="rtt"' "$svg")"
like '--svg draws it with the rest' "$(cat "$tmp/load-all.svg")" \
	'>Latency under load over time: lat_load streams=4\+4 placement=spread<'
# The time axis: from 0 to at least the end of the last bin (at-ms + 200).
end=$(awk '/series=200ms/ { for (k = 1; k < NF; k++) if ($(k + 1) == "at-ms" && $k + 200 > e) e = $k + 200 }
	END { print e / 1000 }' "$data/load-a.0" "$data/load-b.0")
is 'the time axis covers the bins: its ticks from 0 to the end of the last bin' "0 yes" \
	"$(awk -v end="$end" -F '>' '/<text class="t"/ { v = $2; sub(/<.*/, "", v); v += 0
		if (n++ == 0 || v < lo) lo = v; if (v > hi) hi = v }
		END { print lo, (hi >= end && hi < end + 1 ? "yes" : "no (" hi " for " end ")") }' "$svg")"
# Every point of a line lies across the time axis (84 to 530 pixels).
is 'every point lies within the plot' 'inside' \
	"$(awk '/class="(up|down|rtt)"/ { d = $0; sub(/.* d="/, "", d); sub(/".*/, "", d); gsub(/[ML]/, " ", d)
		n = split(d, p, " "); for (k = 1; k <= n; k++) { split(p[k], xy, ","); c++
			if (xy[1] < 84 || xy[1] > 530) bad = bad " " p[k] } }
		END { print (c > 0 && bad == "" ? "inside" : "outside:" bad) }' "$svg")"
ok 'no NaN or infinity in it' sh -c '! grep -Eo "=\"[^\"]*\"" "$1" | grep -Eiq "nan|inf"' sh "$svg"
is 'a bin with no probe answered: a cross, and a break in its round-trip line' '1 1' \
	"$(grep -c 'class="lost"' "$svg") $(grep 'class="rtt"' "$svg" | grep -c 'd="M[^"]* M')"
ok 'runs of one host told apart by file and note in the legend' sh -c \
	'grep -q ">\[2\] load-b.0<" "$1" && grep -q ">host vm, repeat<" "$1" && grep -q ">host vm, baseline<" "$1"' sh "$svg"
ok 'throughput ticks in Gbit/s, the round trip on a log axis in us and ms' sh -c \
	'grep -q ">20 Gbit/s<" "$1" && grep -q ">round trip (log)<" "$1" && grep -q ">100 us<" "$1" && grep -q ">1 ms<" "$1"' sh "$svg"
like 'the idle round trip is drawn beside each series' "$(grep -c 'class="idle"' "$svg")" '^4$'
compare --sections udp --plot "$tmp/load-udp" load-a.0 load-b.0
compare --sections load --plot "$tmp/load-load" load-a.0
is 'in the load section: --sections udp draws no load.svg, --sections load does' 'no yes' \
	"$(test -e "$tmp/load-udp/load.svg" && echo yes || echo no) $(test -e "$tmp/load-load/load.svg" && echo yes || echo no)"
# A series line that lost a value does not pair up: that case is not drawn.
awk '/placement=one\/series=200ms/ && /  400 at-ms/ { sub(/[ \t]+[0-9]+ bin-rtt-ns$/, "") } { print }' \
	"$data/load-a.0" >"$tmp/short.0"
compare --plot "$tmp/load-short" "$tmp/short.0"
is 'a series whose lines do not pair up is left out, the other case drawn' '1 spread' \
	"$(grep -c 'class="up"' "$tmp/load-short/load.svg") $(sed -n 's/.*>Latency under load over time: .*placement=\([a-z]*\)<.*/\1/p' "$tmp/load-short/load.svg")"
# The same case twice in one run: a series per process, named apart.
{ cat "$data/load-a.0"; sed -n '/^bench: lat_load$/,$p' "$data/load-a.0" | sed '1,3d'; } >"$tmp/twice.0"
compare --plot "$tmp/load-twice" "$tmp/twice.0"
is 'a case run twice in a run: two series, named by process' '4 2' \
	"$(grep -c 'class="up"' "$tmp/load-twice/load.svg") $(grep -c ', process [12]<' "$tmp/load-twice/load.svg" | awk '{ print $1 / 2 }')"
# A minute through a router (300 bins): the queue fills to 200 ms; two
# bins have no probe answered.
awk 'BEGIN { print "host: client\nbench: lat_load\nargs: -t 60 192.0.2.10\nstatus: ok\nbench: lat_load"
	for (b = 0; b < 300; b++) printf "BenchmarkLatLoad/streams=4+4/peer=remote/series=200ms\t20\t%d at-ms\t45 bin-up-Mbit/s\t48 bin-down-Mbit/s\t%d bin-rtt-ns\n", b * 200, b == 150 || b == 151 ? 0 : b < 10 ? 300000 + b * 20000000 : 200000000 }' >"$tmp/long.0"
compare --plot "$tmp/load-long" "$tmp/long.0"
is 'a minute of bins: a cross for each bin with no answer only; ticks to 60 s, 1 s and Mbit/s' '2 yes' \
	"$(grep -c 'class="lost"' "$tmp/load-long/load.svg") $(grep -q '>60</text>' "$tmp/load-long/load.svg" \
		&& grep -q '>1 s</text>' "$tmp/load-long/load.svg" && grep -q '>50 Mbit/s</text>' "$tmp/load-long/load.svg" && echo yes)"
renders 'headless Chromium renders the load plot: not blank' "$svg" 800,1100
