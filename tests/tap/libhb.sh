# libhb.sh: helpers shared by the tests of the hostbench front end and
# of the suite runner it starts (tests/scripts/hostbench-t.sh, ab-t.sh,
# tests/run/run-t.sh; sourced after libtap.sh).  They run "$sh $script"
# -- the script under test, under the shell of the moment -- with
# scratch files in $tmpd.  A test of the front end counts on $per_shell,
# the tests each shell runs, and calls
#
#   hb_init NAME PER_SHELL  plans PER_SHELL tests for each of dash and
#                           busybox sh
#   tests_under() { ... }   its tests, under "$sh", for the shell named $1
#   hb_shells               runs them under each shell, or skips them
#
# A test of the runner sets $script, $sh and $tmpd itself and runs once.

# hb_init NAME PER_SHELL: set $script (skip the whole test where the
# front end is not generated), $per_shell and the plan, and make the
# scratch directory $tmpd (NAME-t.XXXXXX).
hb_init() {
	script=$top_builddir/hostbench
	[ -f "$script" ] || skip_all "$script is not generated (make hostbench)"
	per_shell=$2
	plan $((2 * per_shell))
	tmpd=$(mktemp -d "${TMPDIR:-/tmp}/$1-t.XXXXXX") || bail 'mktemp -d failed'
}

# hb_shells: tests_under each shell the front end is meant for -- dash
# and busybox sh, named in $sh -- or skip_shell where it is not here.
hb_shells() {
	if command -v dash >/dev/null 2>&1; then
		sh=dash
		tests_under dash
	else
		skip_shell dash 'dash is not installed'
	fi
	if command -v busybox >/dev/null 2>&1 && busybox sh -c : 2>/dev/null; then
		sh='busybox sh'
		tests_under busybox
	else
		skip_shell busybox 'busybox sh is not installed'
	fi
}

# hb_fake_hostinfo FILE: write FILE, an executable stand-in hostinfo
# that answers -a and -m as the real one does on an unknown machine and
# prints a fixed identity (host fakehost, FakeArch, Fake 1.0, one CPU).
# A test appends lines of its own to it (more of the identity).
hb_fake_hostinfo() {
	cat >"$1" <<'EOF'
#!/bin/sh
case ${1:-} in
-a) printf 'cpu-affinity: 0\n# load: 0.00\n'; exit 0 ;;
-m) echo unknown; exit 0 ;;
esac
printf 'hostbench: 0.0.0\nhost: fakehost\nos: Fake 1.0\narch: FakeArch\ncpus: 1\n'
EOF
	chmod +x "$1"
}

# hb_runner_in DIR: the suite runner built here (hostbench-run), linked
# into DIR, a directory of stand-in programs given as HOSTBENCH_LIBEXEC:
# the front end starts the runner from the program directory.  (It runs
# a stand-in script without HOSTBENCH_WRAPPER, so a cross build's tests
# keep the wrapper set: it starts the runner.)
hb_runner_in() {
	ln -s "$(cd "$top_builddir" && pwd)/bench/hostbench-run" "$1/hostbench-run"
}

# hb_compare_stub FILE: write FILE, an executable stand-in results tool
# that prints its arguments ("compare got: [a] [b]").
hb_compare_stub() {
	cat >"$1" <<'EOF'
#!/bin/sh
printf 'compare got:'
printf ' [%s]' "$@"
printf '\n'
EOF
	chmod +x "$1"
}

# hb ARGS...: run the script under $sh; stdout in $HB_OUT, stderr in
# $HB_ERR, both in $HB_ALL, the exit status in $HB_STATUS.
hb() {
	HB_STATUS=0
	# shellcheck disable=SC2086
	$sh "$script" "$@" >"$tmpd/out" 2>"$tmpd/err" </dev/null || HB_STATUS=$?
	HB_OUT=$(cat "$tmpd/out")
	HB_ERR=$(cat "$tmpd/err")
	HB_ALL=$(cat "$tmpd/out" "$tmpd/err")
}

# hb_cli DESC STATUS PATTERN ARGS...: pass when the script exits with
# STATUS and its output matches the extended regex PATTERN.
hb_cli() {
	_d=$1 _want=$2 _pat=$3
	shift 3
	hb "$@"
	if [ "$HB_STATUS" -ne "$_want" ]; then
		_tap_report 1 "$_d" || :
		diag "expected exit $_want, seen $HB_STATUS: hostbench $*"
		diag "$HB_ALL"
	elif ! printf '%s\n' "$HB_ALL" | grep -Eq -- "$_pat"; then
		_tap_report 1 "$_d" || :
		diag "output does not match /$_pat/: hostbench $*"
		diag "$HB_ALL"
	else
		_tap_report 0 "$_d"
	fi
}

# files_in DIR: the names in DIR, dot files too, on one line.
files_in() {
	ls -A "$1" 2>/dev/null | tr '\n' ' ' | sed 's/ $//'
}

# cases_of FILE ROUND: "bench args" of each case of ROUND, one a line.
cases_of() {
	awk -v k="$2" '/^# round: / { r = $3 } /^# bench: / { b = $3; a = ""; ga = 0 }
		/^# args:/ && !ga { a = substr($0, 8); sub(/^ /, "", a); ga = 1 }
		/^# status: / && r == k { print b " " a }' "$1"
}

# nap: a tenth of a second where sleep takes fractions, else one.
nap() {
	sleep 0.1 2>/dev/null || sleep 1
}

# wait_for FILE [NAPS]: until FILE is non-empty, at most NAPS naps
# (default 100, about 10 s; counted, not timed, so a busy machine only
# makes it wait longer).
wait_for() {
	_n=0
	while [ ! -s "$1" ] && [ "$_n" -lt "${2:-100}" ]; do
		nap
		_n=$((_n + 1))
	done
	[ -s "$1" ]
}

# skip_shell NAME REASON: skip every test of a shell that is not here.
skip_shell() {
	_i=0
	while [ "$_i" -lt "$per_shell" ]; do
		skip "$1: $2"
		_i=$((_i + 1))
	done
}

# hb_ended NAPS PID...: every process has ended (a zombie waiting to be
# reaped has ended too), each within NAPS naps: counted, not timed, so a
# busy machine only makes it wait longer.
hb_ended() {
	_max=$1
	shift
	for _p in "$@"; do
		_n=0
		while kill -0 "$_p" 2>/dev/null; do
			_st=$(sed 's/^.*) //' "/proc/$_p/stat" 2>/dev/null | cut -d' ' -f1) || _st=
			[ "$_st" != Z ] || break
			if [ "$_n" -ge "$_max" ]; then
				diag "process $_p is still there"
				return 1
			fi
			nap
			_n=$((_n + 1))
		done
	done
}

# gone PID...: every process has ended, within about 10 s each.
gone() {
	hb_ended 100 "$@"
}

# hb_stand_ins DIR: write stand-in programs into DIR and link the runner
# there (hb_runner_in), for HOSTBENCH_LIBEXEC.  lat_syscall: null, open
# and stat print a result; read is unsupported (77); write fails (1)
# after some noise; fstat dies of SIGSEGV; null with $HB_NAP set sleeps
# that many seconds first; open with $HB_STRAY set leaves a process
# running and records its pid there; stat with $HB_SLOW set leaves a file
# in $TMPDIR, starts a process of its own, records both pids ($HB_SLOW,
# $HB_SLOW.child) and sleeps (ignoring SIGTERM, both, with $HB_STUBBORN
# set).  mhz prints a result; the rest of the suite is missing.
# hostinfo prints a fixed identity (fakehost, FakeArch, Fake 1.0: the
# results go to fakearch-fake/); with $HB_INFO_SLOW set it records its
# pid there and sleeps; -a and -m answer as the real one; -F answers for
# a box at fakebox* and refuses any other.  What sleeps sleeps ten
# minutes, far longer than any test waits: only the runner ends it in
# time (hb_stop_stand_ins stops it otherwise).
hb_stand_ins() {
	cat >"$1/hostinfo" <<'EOS'
#!/bin/sh
if [ -n "${HB_INFO_SLOW:-}" ]; then
	echo $$ >"$HB_INFO_SLOW"
	exec sleep 600
fi
case ${1:-} in
-a) printf 'cpu-affinity: 0\nload: 0.00\n'; exit 0 ;;
-m) echo unknown; exit 0 ;;
-F)
	case $2 in fakebox*) ;; *) echo "hostinfo: box $2: nothing listens there" >&2; exit 1 ;; esac
	printf 'box-host: fakebox\nbox-netfilter-rules: 3\n'; exit 0 ;;
esac
printf 'hostbench: 0.0.0\nhost: fakehost\nos: Fake 1.0\narch: FakeArch\ncpus: 1\n'
printf 'emulation: none\nnetfilter-rules: unknown\n'
EOS
	cat >"$1/lat_syscall" <<'EOS'
#!/bin/sh
for a in "$@"; do op=$a; done
case $op in
read) echo 'lat_syscall: read: not supported here' >&2; exit 77 ;;
write) echo 'lat_syscall: noise' >&2; echo 'lat_syscall: write: it broke' >&2; exit 1 ;;
fstat) kill -SEGV $$ ;;
null) if [ -n "${HB_NAP:-}" ]; then sleep "$HB_NAP"; fi ;;
open)
	if [ -n "${HB_STRAY:-}" ]; then
		sleep 600 </dev/null >/dev/null 2>&1 &
		echo $! >"$HB_STRAY"
	fi
	;;
stat)
	if [ -n "${HB_SLOW:-}" ]; then
		: >"$TMPDIR/lat_syscall.tmp"
		if [ -n "${HB_STUBBORN:-}" ]; then trap '' TERM; fi
		sleep 600 &
		echo $! >"$HB_SLOW.child"
		echo $$ >"$HB_SLOW"
		exec sleep 600
	fi
	;;
esac
printf 'BenchmarkLatSyscall/op=%s\t 10\t 400 ns/op\n' "$op"
EOS
	cat >"$1/mhz" <<'EOS'
#!/bin/sh
printf 'BenchmarkMhz\t 10\t 1000 MHz\n'
EOS
	chmod +x "$1/hostinfo" "$1/lat_syscall" "$1/mhz"
	hb_runner_in "$1"
}

# hb_stop_stand_ins: stop what the stand-ins left sleeping under $tmpd
# (the pids in *.pid and *.pid.child files that are still a sleep) and
# the runs of hb_killed_run that have not ended; for a test's cleanup.
hb_stop_stand_ins() {
	for _f in "$tmpd"/*/*.pid "$tmpd"/*/*/*.pid "$tmpd"/*/*/*.pid.child; do
		[ -f "$_f" ] || continue
		_p=$(cat "$_f" 2>/dev/null) || continue
		case $_p in '' | *[!0-9]*) continue ;; esac
		if [ "$(cat "/proc/$_p/comm" 2>/dev/null)" = sleep ]; then
			kill -KILL "$_p" 2>/dev/null || :
		elif [ "${_f##*/}" = run.pid ] && [ ! -f "${_f%/*}/status" ]; then
			# A run not reaped yet (no status): the pid is still ours.
			kill -KILL "$_p" 2>/dev/null || :
		fi
	done
}

# hb_killed_run DIR NAME SIGNAL STATUS [stubborn]: a run of the
# stand-ins in DIR (hb_stand_ins), --only lat_syscall, through the front
# end under $sh, in $d/kSIGNAL[stubborn], sent SIGNAL while its slow case
# runs (a case that ignores SIGTERM with "stubborn"): the run dies of
# the signal (exit STATUS), leaving no result, no temporary file, and
# neither the benchmark nor the process it started.  4 tests, their
# descriptions after "NAME: " (none when NAME is empty).  Nothing is
# timed: the slow case sleeps far longer than the test waits, so the run
# ends only by acting on the signal, and the waits are counted in naps.
hb_killed_run() {
	_kd=$d/k$3${5:-}
	_kn=${2:+$2: }
	mkdir "$_kd" "$_kd/tmp"
	_env=
	# A command started in the background ignores SIGINT; env undoes that.
	[ "$3" != INT ] || _env='env --default-signal=INT'
	(
		# shellcheck disable=SC2086
		HOSTBENCH_LIBEXEC=$1 HB_SLOW=$_kd/slow.pid HB_STUBBORN=${5:-} TMPDIR=$_kd/tmp \
			HOSTBENCH_WRAPPER=$TEST_WRAPPER $_env $sh "$script" run -q --only lat_syscall \
			--results-dir "$_kd/r" >/dev/null 2>&1 </dev/null &
		echo $! >"$_kd/run.pid"
		_rc=0
		wait $! || _rc=$?
		echo "$_rc" >"$_kd/status"
	) &
	_sub=$!
	# Until the slow case runs (or the run has ended without it).
	_n=0
	while [ ! -s "$_kd/slow.pid" ] && [ ! -s "$_kd/status" ] && [ "$_n" -lt 600 ]; do
		nap
		_n=$((_n + 1))
	done
	if [ -s "$_kd/slow.pid" ]; then
		kill -"$3" "$(cat "$_kd/run.pid")"
		if wait_for "$_kd/status" 600; then
			_kst=$(cat "$_kd/status")
		else
			_kst='still running'
			kill -KILL "$(cat "$_kd/run.pid")" 2>/dev/null || :
		fi
		is "${_kn}a run killed by SIG$3 dies of it${5:+ (the benchmark ignoring SIGTERM)}" "$4" "$_kst"
		is "${_kn}... leaving no result and no temporary file" \
			'' "$(files_in "$_kd/r/fakearch-fake")$(files_in "$_kd/tmp")"
		ok "${_kn}... the running benchmark is stopped" gone "$(cat "$_kd/slow.pid")"
		ok "${_kn}... and so is the process it started" gone "$(cat "$_kd/slow.pid.child")"
	else
		kill -KILL "$(cat "$_kd/run.pid")" 2>/dev/null || :
		_tap_report 1 "${_kn}the slow stand-in never started" || :
		skip 'no run to kill'
		skip 'no run to kill'
		skip 'no run to kill'
	fi
	wait "$_sub" 2>/dev/null || :
}
