#!/bin/sh
# hostbench ab, the interleaved A/B experiment: usage errors; the state
# commands run in the order A B, B A, A B ... (one side after the other
# in each round, the order turned every round) and the machine is left
# in A's state or --restore's; each side's result file has its
# fingerprint taken after its state was set, ab-side, ab-state, rounds
# and every case in every round, each ending in its noise line; both
# are published and compared; a failing state command and SIGTERM stop
# the experiment, publish nothing, leave nothing behind and put the
# machine back.  Everything runs under dash and under busybox sh.
#
# The state commands append "a", "b" or "r" (--restore) to a log and
# write the state to a file; stand-in programs (a temporary
# HOSTBENCH_LIBEXEC) read it: hostinfo reports it as the governor, so
# the fingerprint shows the state it was taken in, and lat_syscall hangs
# in state B when asked to, for the signal to find a case running.  A
# stand-in results tool prints its arguments.  The real programs, when
# built, run one tiny experiment through the real results tool.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libhb.sh"

hb_init ab 51
_tap_cleanup_hook() {
	[ -z "${ab_pid:-}" ] || kill "$ab_pid" 2>/dev/null || :
	for _f in "$tmpd"/*/*/slow.pid; do
		[ ! -f "$_f" ] || kill "$(cat "$_f")" 2>/dev/null || :
	done
	rm -rf "$tmpd"
}
trap 'exit 1' HUP INT TERM
unset HOSTBENCH_LIBEXEC HOSTBENCH_WRAPPER HOSTBENCH_COMPARE HB_STATE HB_SLOW

# ---------------------------------------------------------------- helpers

# log_of DIR: the states the experiment set, in order, on one line.
log_of() {
	tr '\n' ' ' <"$1/log" 2>/dev/null | sed 's/ $//'
}

# ab_keys FILE: the keys of the lines from the first "ab-side:" on up to
# "profile:", then the values of ab-side, ab-state and rounds.
ab_keys() {
	awk '/^# ab-side: / { p = 1 } p { k = $0; sub(/:.*/, "", k); sub(/^# /, "#", k); out = out (c++ ? " " : "") k }
		/^profile: / { exit } END { print out }' "$1"
	sed -n 's/^# ab-side: //p; s/^# ab-state: //p; s/^rounds: //p' "$1"
}

# rounds_ok FILE N: the lines "round: 1" .. "round: N" in order, each
# round with the same six cases.
rounds_ok() {
	_want=$(awk -v n="$2" 'BEGIN { for (k = 1; k <= n; k++) print k }')
	[ "$(sed -n 's/^# round: //p' "$1")" = "$_want" ] || {
		diag "$1: round lines $(sed -n 's/^# round: //p' "$1" | tr '\n' ' ')"
		return 1
	}
	_first=$(cases_of "$1" 1)
	[ "$(printf '%s\n' "$_first" | wc -l | tr -d ' ')" -eq 6 ] || return 1
	_k=2
	while [ "$_k" -le "$2" ]; do
		[ "$(cases_of "$1" "$_k")" = "$_first" ] || {
			diag "$1: round $_k runs other cases"
			return 1
		}
		_k=$((_k + 1))
	done
}

# gone PID: the process has ended (or is a zombie), within about 3 s.
gone() {
	_n=0
	while kill -0 "$1" 2>/dev/null; do
		_st=$(sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1) || _st=
		[ "$_st" != Z ] || break
		[ "$_n" -lt 30 ] || return 1
		nap
		_n=$((_n + 1))
	done
}

# Stand-ins.  hostinfo reports the state file's content as the governor
# (and answers -a and -m as the real one); lat_syscall prints one result
# per case, and in state B with $HB_SLOW set records its pid there and
# hangs.
fake=$tmpd/fake
mkdir "$fake"
hb_fake_hostinfo "$fake/hostinfo"
cat >>"$fake/hostinfo" <<'EOF'
printf 'governor: %s\n' "$(cat "$HB_STATE" 2>/dev/null || echo unset)"
EOF
cat >"$fake/lat_syscall" <<'EOF'
#!/bin/sh
for a in "$@"; do op=$a; done
if [ -n "${HB_SLOW:-}" ] && [ "$(cat "$HB_STATE")" = b ]; then
	echo $$ >"$HB_SLOW"
	exec sleep 30
fi
printf 'BenchmarkLatSyscall/op=%s\t 10\t 400 ns/op\n' "$op"
EOF
hb_compare_stub "$tmpd/compare"
chmod +x "$fake/lat_syscall"
hb_runner_in "$fake"

# Stand-ins for --until: lat_syscall takes 400 ns in state A and 800 in
# B, or, with $HB_JITTER, 400 ns in A and in B 440 and 360 by turns (what
# never settles within a 5% margin); its processes never wait for a CPU
# (its noise-self line), whatever else runs on the machine.
until_fake=$tmpd/until
mkdir "$until_fake"
cp "$fake/hostinfo" "$until_fake/hostinfo"
cat >"$until_fake/lat_syscall" <<'EOF'
#!/bin/sh
for a in "$@"; do op=$a; done
v=400
if [ "$(cat "$HB_STATE")" = b ] && [ -n "${HB_JITTER:-}" ]; then
	n=$(($(cat "$HB_JITTER.$op" 2>/dev/null || echo 0) + 1))
	echo "$n" >"$HB_JITTER.$op"
	v=360
	[ $((n % 2)) -eq 0 ] || v=440
elif [ "$(cat "$HB_STATE")" = b ]; then
	v=800
fi
printf 'BenchmarkLatSyscall/op=%s\t 10\t %s ns/op\n' "$op" "$v"
printf 'BenchmarkLatSyscall/op=%s\t 10\t %s ns/op\n' "$op" "$v"
echo '# noise-self: nivcsw=0 nvcsw=0 children-csw=0 wall-ms=100 run-ms=100.0 wait-ms=0.0'
EOF
chmod +x "$until_fake/lat_syscall"
hb_runner_in "$until_fake"

real=no
if [ -f "$top_builddir/bench/lat_syscall" ] && [ -f "$top_builddir/bench/hostinfo" ] &&
	[ -f "$top_builddir/results/hostbench-compare" ]; then
	real=yes
fi

# ---------------------------------------------------------------- the tests

tests_under() {
	name=$1
	d=$tmpd/$name
	mkdir "$d"
	export HOSTBENCH_WRAPPER="$TEST_WRAPPER"

	# shellcheck disable=SC2086
	ok "$name: sh -n accepts this test" $sh -n "$top_srcdir/tests/scripts/ab-t.sh"

	# Usage errors: nothing runs.
	hb_cli "$name: ab without --a: exit 2 naming it" 2 'ab: --a: no command' ab --b true
	hb_cli "$name: ab without --b: exit 2 naming it" 2 'ab: --b: no command' ab --a true
	hb_cli "$name: ab --rounds 0: exit 2 naming the range" 2 'ab: --rounds: 0 is out of range, allowed: 1 \.\. 99' \
		ab --a true --b false --rounds 0
	hb_cli "$name: ab --rounds abc: exit 2" 2 "ab: --rounds: 'abc' is not a whole number" \
		ab --a true --b false --rounds abc
	hb_cli "$name: a state command of two lines: exit 2" 2 'ab: --b: the state command must be one line' \
		ab --a true --b "true
false"
	hb_cli "$name: ab --ssh is refused: exit 2" 2 'ab: --ssh is refused' ab --a true --b false --ssh root@board
	hb_cli "$name: ab -o is refused: exit 2" 2 'ab: -o is refused' ab --a true --b false -o "$d/x"
	hb_cli "$name: run takes no --a: exit 2" 2 "run: unknown option '--a'" run --a true
	hb_cli "$name: ab --until 0.1: exit 2 naming the range" 2 'ab: --until: 0\.1 is out of range, allowed: 0\.5 \.\. 50' \
		ab --a true --b false --until 0.1
	hb_cli "$name: ab --until 5%: exit 2" 2 "ab: --until: '5%' is not a percentage" ab --a true --b false --until 5%
	hb_cli "$name: run takes no --until: exit 2" 2 "run: unknown option '--until'" run --until 5

	export HOSTBENCH_LIBEXEC="$fake" HOSTBENCH_COMPARE="$tmpd/compare"
	HB_STATE=$d/state
	export HB_STATE

	# Two rounds: A B B A, already in A's state at the end.
	e=$d/two
	mkdir "$e" "$e/tmp"
	fa=$e/r/fakearch-fake/fakehost.0 fb=$e/r/fakearch-fake/fakehost.1
	TMPDIR=$e/tmp hb ab -q --profile test --only lat_syscall --rounds 2 \
		--a "echo a >>$e/log; echo a >$HB_STATE" --b "echo b >>$e/log; echo b >$HB_STATE" \
		--results-dir "$e/r"
	is "$name: --rounds 2: exit 0, both paths, then the comparison of A against B" \
		"0|$fa|$fb|compare got: [$fa] [$fb]|" "$HB_STATUS|$(printf '%s\n' "$HB_OUT" | tr '\n' '|')"
	[ "$HB_STATUS" -eq 0 ] || diag "$HB_ERR"
	is "$name: ... the states in the order A B B A" 'a b b a' "$(log_of "$e")"
	is "$name: ... A's file: ab-side, ab-state, rounds, then the profile" \
		"#ab-side #ab-state rounds profile
a
echo a >>$e/log; echo a >$HB_STATE
2" "$(ab_keys "$fa")"
	is "$name: ... B's file likewise" \
		"#ab-side #ab-state rounds profile
b
echo b >>$e/log; echo b >$HB_STATE
2" "$(ab_keys "$fb")"
	is "$name: ... each fingerprint taken in its own state" 'a b' \
		"$(sed -n 's/^governor: //p' "$fa") $(sed -n 's/^governor: //p' "$fb")"
	ok "$name: ... A's file: rounds 1 and 2, every case in each" rounds_ok "$fa" 2
	ok "$name: ... B's file likewise" rounds_ok "$fb" 2
	ok "$name: ... every case of A ends in a noise line" noise_ok "$fa"
	ok "$name: ... and of B" noise_ok "$fb"
	is "$name: ... no temporary file, no scratch directory left" \
		'fakehost.0 fakehost.1|' "$(files_in "$e/r/fakearch-fake")|$(files_in "$e/tmp")"

	# Progress: each side's state, every case of both sides counted.
	e=$d/progress
	mkdir "$e"
	hb ab --profile test --only lat_syscall --rounds 2 --a "echo a >$HB_STATE" \
		--b "echo b >$HB_STATE" --results-dir "$e/r"
	like "$name: progress names the round and the state" "$HB_ERR" \
		"^round 2/2, state B: echo b >$HB_STATE\$"
	like "$name: ... counts the cases of both sides in every round" "$HB_ERR" \
		'^\[23/24 done, [0-9.]+s elapsed, ~[0-9.]+s left\] lat_syscall open \.\.\. ok'
	like "$name: ... and sums them up" "$HB_ERR" \
		'^hostbench: 24 benchmark runs \(6 benchmarks, 2 rounds of A and B\) in [0-9.]+s: 24 ok'

	# Three rounds: A B B A A B, then A again.
	e=$d/three
	mkdir "$e"
	hb ab -q --profile test --only lat_syscall --rounds 3 --a "echo a >>$e/log" \
		--b "echo b >>$e/log" --results-dir "$e/r"
	is "$name: --rounds 3: A B B A A B, then back to A" '0 a b b a a b a' "$HB_STATUS $(log_of "$e")"
	is "$name: ... rounds: 3 in both files" '3 3' \
		"$(sed -n 's/^rounds: //p' "$e/r/fakearch-fake/fakehost.0") $(sed -n 's/^rounds: //p' "$e/r/fakearch-fake/fakehost.1")"
	ok "$name: ... every case in each of the three rounds" rounds_ok "$e/r/fakearch-fake/fakehost.1" 3

	# --restore puts the machine back instead of A.
	e=$d/restore
	mkdir "$e"
	hb ab -q --profile test --only lat_syscall --rounds 2 --a "echo a >>$e/log" \
		--b "echo b >>$e/log" --restore "echo r >>$e/log" --results-dir "$e/r"
	is "$name: --restore: A B B A, then the restore command" '0 a b b a r' "$HB_STATUS $(log_of "$e")"

	# The default is three rounds.
	e=$d/default
	mkdir "$e"
	hb ab -q --profile test --only lat_syscall --a "echo a >>$e/log" --b "echo b >>$e/log" \
		--results-dir "$e/r"
	is "$name: three rounds by default" '0 3' \
		"$HB_STATUS $(sed -n 's/^rounds: //p' "$e/r/fakearch-fake/fakehost.0")"

	# A failing state command stops the experiment.
	e=$d/fail
	mkdir "$e" "$e/tmp"
	TMPDIR=$e/tmp hb ab -q --profile test --only lat_syscall --rounds 3 --a "echo a >>$e/log" \
		--b "echo b >>$e/log; echo 'no such ruleset' >&2; exit 3" \
		--restore "echo r >>$e/log" --results-dir "$e/r"
	like "$name: a failing --b: exit 1 naming it and its exit status" "$HB_STATUS $HB_ERR" \
		"^1 hostbench: ab: the command of state B failed \\(exit 3\\): echo b"
	like "$name: ... with its output" "$HB_ERR" '^  no such ruleset$'
	is "$name: ... no result, no temporary file, nothing printed" '||' \
		"$(files_in "$e/r/fakearch-fake")|$(files_in "$e/tmp")|$HB_OUT"
	is "$name: ... and the machine put back" 'a b r' "$(log_of "$e")"
	e=$d/fail-a
	mkdir "$e"
	hb ab -q --profile test --only lat_syscall --a "echo a >>$e/log; false" \
		--b "echo b >>$e/log" --results-dir "$e/r"
	is "$name: a failing --a: exit 1, B never set, A's command run to put it back" \
		'1 a a' "$HB_STATUS $(log_of "$e")"

	# SIGTERM while a case of side B runs.
	e=$d/term
	mkdir "$e" "$e/tmp"
	HB_SLOW=$e/slow.pid TMPDIR=$e/tmp $sh "$script" ab -q --profile test --only lat_syscall \
		--a "echo a >>$e/log; echo a >$HB_STATE" --b "echo b >>$e/log; echo b >$HB_STATE" \
		--restore "echo r >>$e/log; echo r >$HB_STATE" --results-dir "$e/r" \
		>/dev/null 2>&1 </dev/null &
	ab_pid=$!
	if wait_for "$e/slow.pid"; then
		kill -TERM "$ab_pid"
		_st=0
		wait "$ab_pid" 2>/dev/null || _st=$?
		is "$name: SIGTERM during ab: it dies of it" 143 "$_st"
		is "$name: ... after putting the machine back" 'a b r|r' "$(log_of "$e")|$(cat "$HB_STATE")"
		is "$name: ... leaving no result, temporary file or scratch directory" '|' \
			"$(files_in "$e/r/fakearch-fake")|$(files_in "$e/tmp")"
		ok "$name: ... and no benchmark running" gone "$(cat "$e/slow.pid")"
	else
		kill "$ab_pid" 2>/dev/null || :
		_tap_report 1 "$name: the slow stand-in never started" || :
		skip 'no experiment to kill'
		skip 'no experiment to kill'
		skip 'no experiment to kill'
	fi
	ab_pid=
	unset HOSTBENCH_LIBEXEC HOSTBENCH_COMPARE HB_STATE

	# --until: rounds until every metric is decided, with the real
	# results tool.
	if [ -f "$top_builddir/results/hostbench-compare" ]; then
		# The results tool of a cross build runs under the tests'
		# wrapper; the stand-ins, scripts, run without one.
		printf '#!/bin/sh\nexec %s "%s" "$@"\n' "$TEST_WRAPPER" \
			"$top_builddir/results/hostbench-compare" >"$d/compare-tool"
		chmod +x "$d/compare-tool"
		export HOSTBENCH_LIBEXEC="$until_fake" HOSTBENCH_COMPARE="$d/compare-tool"
		HB_STATE=$d/until-state
		export HB_STATE
		e=$d/until
		mkdir "$e"
		hb ab --profile test --only lat_syscall --until 5 --a "echo a >$HB_STATE" \
			--b "echo b >$HB_STATE" --results-dir "$e/r"
		fb=$(printf '%s\n' "$HB_OUT" | sed -n 2p)
		like "$name: --until 5, B twice as slow: decided at the first look, after 2 rounds" \
			"$HB_STATUS $(printf '%s\n' "$HB_ERR" | grep '^look ')" '^0 look 1 after 2 rounds: 0 metrics undecided$'
		ok "$name: ... B's file has its 2 rounds" rounds_ok "$fb" 2
		like "$name: ... says it ran until decided, and the comparison is the first look's" \
			"$(grep '^rounds: ' "$fb") $(printf '%s\n' "$HB_OUT" | grep '^Look ')" \
			'^rounds: until \+-5%, at most 99 Look 1 of a sequential experiment: 50% of the 5% spent here'
		HB_JITTER=$d/jitter
		export HB_JITTER
		hb ab -q --profile test --only lat_syscall --until 5 --rounds 4 --a "echo a >$HB_STATE" \
			--b "echo b >$HB_STATE" --results-dir "$e/j"
		fb=$(printf '%s\n' "$HB_OUT" | sed -n 2p)
		is "$name: --until 5 --rounds 4, 10% jitter either way: undecided, it stops at 4 rounds" \
			"0 round: 4" "$HB_STATUS $(grep '^# round: ' "$fb" | tail -1 | sed 's/^# //')"
		hb ab --profile test --only lat_syscall --until 5 --budget 0 --a "echo a >$HB_STATE" \
			--b "echo b >$HB_STATE" --results-dir "$e/b"
		is "$name: --budget 0: the first pair of rounds, then it stops undecided" \
			'budget of 0s spent after 2 rounds: stopping undecided 0' \
			"$(printf '%s\n' "$HB_ERR" | grep '^budget of') $HB_STATUS"
		HOSTBENCH_COMPARE=false
		hb ab -q --profile test --only lat_syscall --until 5 --a "echo a >$HB_STATE" \
			--b "echo b >$HB_STATE" --results-dir "$e/f"
		fb=$(printf '%s\n' "$HB_OUT" | sed -n 2p)
		like "$name: --until, a results tool that fails: said, the rounds stop after the first pair, exit 1 (no comparison)" \
			"$HB_STATUS $(grep '^# round: ' "$fb" | tail -1 | sed 's/^# //') $HB_ERR" \
			'^1 round: 2 .*--until: the results tool could not look at the rounds \(exit 1: \); stopping after 2 rounds undecided'
		unset HOSTBENCH_LIBEXEC HOSTBENCH_COMPARE HB_STATE HB_JITTER
	else
		for _i in 1 2 3 4 5 6; do
			skip 'results/hostbench-compare is not built'
		done
	fi

	# The real programs and results tool: the comparison names the
	# state that changed.
	if [ "$real" = no ]; then
		for _i in 1 2 3 4 5 6; do
			skip 'bench/lat_syscall, bench/hostinfo or results/hostbench-compare is not built'
		done
		return 0
	fi
	export HOSTBENCH_WRAPPER="$TEST_WRAPPER"
	e=$d/real
	mkdir "$e"
	hb ab -q --profile test --only lat_syscall --rounds 2 --a "echo a >>$e/log" \
		--b "echo b >>$e/log" --results-dir "$e/r"
	export HOSTBENCH_WRAPPER="$TEST_WRAPPER"
	fa=$(printf '%s\n' "$HB_OUT" | sed -n 1p)
	fb=$(printf '%s\n' "$HB_OUT" | sed -n 2p)
	like "$name: real programs: exit 0 with the two result files" "$HB_STATUS $fa $fb" \
		"^0 $e/r/[^/]+/[^/]+\\.0 $e/r/[^/]+/[^/]+\\.1\$"
	[ "$HB_STATUS" -eq 0 ] || diag "$HB_ERR"
	is "$name: ... the states A B B A" 'a b b a' "$(log_of "$e")"
	ok "$name: ... A's file has rounds 1 and 2 with every case" rounds_ok "$fa" 2
	ok "$name: ... B's too" rounds_ok "$fb" 2
	ok "$name: ... each case ending in its noise line" noise_ok "$fb"
	# (A long value may go on to the next line.)
	like "$name: ... and the comparison says what changed: the state" \
		"$(printf '%s\n' "$HB_OUT" | tr '\n' ' ')" "ab-state: echo a >>$e/log +-> echo b >>$e/log"
}

hb_shells
