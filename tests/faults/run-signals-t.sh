#!/bin/sh
# Fault matrix, `hostbench run` interrupted: SIGINT, SIGTERM and SIGKILL
# while a real benchmark (lat_tcp, which starts a server process of its
# own) runs.  INT and TERM: the run dies of the signal leaving no result
# file, no temporary file and no process.  KILL cannot be caught: the run
# leaves its scratch directory, temporary result and benchmark behind;
# the next run must find them (their run's pid is gone), stop the
# processes, remove the files and say so.
#
# A wrapper stretches the benchmark (-N 100000 -T 50ms in place of the
# profile's) so that it is surely still running when the signal comes.
. "$top_srcdir/tests/tap/libtap.sh"

script=$top_builddir/hostbench
[ -f "$script" ] || skip_all "$script is not generated (make hostbench)"
[ -f "$top_builddir/bench/lat_tcp" ] || skip_all 'lat_tcp is not built'
[ -d /proc/self ] || skip_all 'no /proc to find the processes of a run'
sh='sh'
! command -v dash >/dev/null 2>&1 || sh=dash

plan 19
d=$(mktemp -d "${TMPDIR:-/tmp}/run-signals-t.XXXXXX") || bail 'mktemp -d failed'
_tap_cleanup_hook() {
	for _w in "$d"/*/tmp/hostbench.*; do
		[ -d "$_w" ] || continue
		# shellcheck disable=SC2046
		kill -KILL $(pids_with_env "TMPDIR=$_w/tmp") 2>/dev/null || :
	done
	[ -z "${run_pid:-}" ] || kill -KILL "$run_pid" 2>/dev/null || :
	rm -rf "$d"
}

cat >"$d/stretch" <<'EOF2'
#!/bin/sh
# stretch PROG ARGS...: run PROG with -N and -T made long.
p=$1
shift
prev=
for a do
	shift
	case $prev in -N) a=100000 ;; -T) a=50ms ;; esac
	set -- "$@" "$a"
	prev=$a
done
exec $TEST_WRAPPER "$p" "$@"
EOF2

# files_in DIR: every file and directory under DIR (dot names too).
files_in() {
	[ -d "$1" ] || return 0
	find "$1" -mindepth 1 2>/dev/null | sed "s|^$1/||" | sort | tr '\n' ' '
}

# procs_of WORKDIR: how many processes a run's benchmark left working there.
procs_of() {
	pids_with_env "TMPDIR=$1/tmp" | wc -l | tr -d ' '
}

# none_of WORKDIR: no such process within 3 s.
none_of() {
	for _i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do
		[ "$(procs_of "$1")" -gt 0 ] || return 0
		sleep 0.2
	done
	return 1
}

# start_run NAME [ENV...]: a stretched lat_tcp run in the background, in
# $d/NAME; waits until its benchmark runs.  Sets run_pid and work.
start_run() {
	_r=$d/$1
	shift
	mkdir "$_r" "$_r/tmp"
	TMPDIR=$_r/tmp HOSTBENCH_LIBEXEC=$top_builddir/bench TEST_WRAPPER=$TEST_WRAPPER \
		HOSTBENCH_WRAPPER="$sh $d/stretch" "$@" \
		$sh "$script" run -q --profile test --only lat_tcp --results-dir "$_r/r" \
		>"$_r/out" 2>"$_r/err" </dev/null &
	run_pid=$!
	work=
	_i=0
	while [ "$_i" -lt 150 ]; do
		for _w in "$_r"/tmp/hostbench.*; do [ -d "$_w" ] && work=$_w; done
		# lat_tcp and its server: two processes.
		if [ -n "$work" ] && [ "$(procs_of "$work")" -ge 2 ]; then
			sleep 0.3
			return 0
		fi
		sleep 0.1
		_i=$((_i + 1))
	done
	return 1
}

# stop_run SIGNAL: send it, wait; sets run_status.
stop_run() {
	kill -"$1" "$run_pid"
	run_status=0
	wait "$run_pid" 2>/dev/null || run_status=$?
	run_pid=
}

# Caught signals: 4 tests each.
for sig in INT TERM; do
	envs=
	if [ "$sig" = INT ]; then
		# A background job ignores SIGINT unless env can undo that.
		if env --default-signal=INT true 2>/dev/null; then
			envs='env --default-signal=INT'
		else
			for _k in 1 2 3 4; do skip 'env --default-signal is not here: SIGINT cannot reach a background run'; done
			continue
		fi
	fi
	# shellcheck disable=SC2086
	if start_run "$sig" $envs; then
		stop_run "$sig"
		case $sig in INT) want=130 ;; TERM) want=143 ;; esac
		is "SIG$sig mid-run: the run dies of it (exit $want)" "$want" "$run_status"
		is "SIG$sig: no result file, no temporary result" '' "$(files_in "$d/$sig/r" | tr ' ' '\n' | grep -v '/$' | grep '\.' | tr '\n' ' ')"
		is "SIG$sig: no temporary file or directory" '' "$(files_in "$d/$sig/tmp")"
		ok "SIG$sig: no benchmark or server process is left" none_of "$work"
	else
		[ -z "$run_pid" ] || kill -KILL "$run_pid" 2>/dev/null
		for _k in 1 2 3 4; do _tap_report 1 "SIG$sig: the run never got to lat_tcp" || :; done
		diag "$(cat "$d/$sig/err")"
	fi
done

# SIGKILL: 11 tests.
if start_run KILL; then
	stop_run KILL
	is 'SIGKILL mid-run: the run dies (exit 137)' 137 "$run_status"
	ok 'SIGKILL: its scratch directory is left behind' test -d "$work"
	ok 'SIGKILL: so is its benchmark' test "$(procs_of "$work")" -ge 1
	tmpres=$(cat "$work/result")
	ok 'SIGKILL: and its temporary result, a dot file' test -f "$tmpres"
	next=0
	TMPDIR=$d/KILL/tmp HOSTBENCH_LIBEXEC=$top_builddir/bench HOSTBENCH_WRAPPER=$TEST_WRAPPER \
		$sh "$script" run -q --profile test --only mhz --results-dir "$d/KILL/r" \
		>"$d/KILL/out2" 2>"$d/KILL/err2" </dev/null || next=$?
	is 'the next run exits 0' 0 "$next"
	err=$(cat "$d/KILL/err2")
	like 'it says which run was killed and what it removed' "$err" \
		"run [0-9]+ was killed: removed what it left: processes [0-9 ]+stopped; .*\\.[^/]*, .*/hostbench\\."
	ok '... it stopped the killed run'"'"'s benchmark and server' none_of "$work"
	ok '... it removed the temporary result' test ! -e "$tmpres"
	is '... and the scratch directory; its own is gone too' '' "$(files_in "$d/KILL/tmp")"
	res=$(find "$d/KILL/r" -type f | sed "s|^$d/KILL/r/||")
	like 'the next run wrote its own result' "$res" '^[^/]+/[^./][^/]*\.0$'
	is 'no other file is in the results directory' 1 "$(printf '%s\n' "$res" | wc -l | tr -d ' ')"
else
	[ -z "$run_pid" ] || kill -KILL "$run_pid" 2>/dev/null
	for _k in 1 2 3 4 5 6 7 8 9 10 11; do _tap_report 1 'SIGKILL: the run never got to lat_tcp' || :; done
	diag "$(cat "$d/KILL/err")"
fi
