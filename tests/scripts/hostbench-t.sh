#!/bin/sh
# hostbench, the front end: commands and usage errors, result files that
# are numbered and never overwritten, a failing / unsupported / missing
# benchmark recorded and the run going on, and nothing left behind by a
# run killed with SIGTERM.  Everything runs under dash and under busybox
# sh, the shells of the boards it is meant for.
#
# Stand-in programs (shell scripts in a temporary HOSTBENCH_LIBEXEC) make
# the failure and signal cases deterministic; the real programs in
# $top_builddir/bench (through $TEST_WRAPPER when cross-compiling) check
# that an actual run writes well-formed results.
. "$top_srcdir/tests/tap/libtap.sh"

script=$top_builddir/hostbench
[ -f "$script" ] || skip_all "$script is not generated (make hostbench)"

per_shell=30
plan $((2 * per_shell))

tmpd=$(mktemp -d "${TMPDIR:-/tmp}/hostbench-t.XXXXXX") || bail 'mktemp -d failed'
_tap_cleanup_hook() {
	if [ -n "${slow_pid:-}" ]; then
		kill "$slow_pid" 2>/dev/null || :
	fi
	rm -rf "$tmpd"
}
trap 'exit 1' HUP INT TERM
unset HOSTBENCH_LIBEXEC HOSTBENCH_WRAPPER

# ---------------------------------------------------------------- helpers

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

# has_line FILE ERE: some line of FILE matches.
has_line() {
	grep -Eq -- "$2" "$1"
}

sum() {
	cksum <"$1"
}

# files_in DIR: the names in DIR, dot files too, on one line.
files_in() {
	ls -A "$1" 2>/dev/null | tr '\n' ' ' | sed 's/ $//'
}

# header_ok FILE: the file starts with "hostbench: " and every line
# before the first "bench:" line is a configuration line.
header_ok() {
	awk 'NR == 1 && !/^hostbench: / { bad++ }
		/^bench: / { exit }
		!/^[a-z][a-z0-9-]*: / { bad++ }
		END { exit bad > 0 }' "$1"
}

# lists_all: `list` exited 0 and named every benchmark of the suite.
lists_all() {
	[ "$HB_STATUS" -eq 0 ] &&
		printf '%s\n' "$HB_OUT" | grep -q '^lat_syscall ' &&
		printf '%s\n' "$HB_OUT" | grep -q '^bw_mem ' &&
		printf '%s\n' "$HB_OUT" | grep -q '^lat_mem_rd '
}

# printed_and_written FILE: the run exited 0, printed FILE and wrote it.
printed_and_written() {
	[ "$HB_STATUS" -eq 0 ] && [ "$HB_OUT" = "$1" ] && [ -s "$1" ]
}

# each_op FILE OPS...: FILE has a result line for lat_syscall's every OP.
each_op() {
	_f=$1
	shift
	for _op in "$@"; do
		grep -Eq "^BenchmarkLatSyscall/op=${_op}[[:space:]]" "$_f" || return 1
	done
}

# wait_for FILE: until FILE is non-empty, at most about 10 s.
wait_for() {
	_n=0
	while [ ! -s "$1" ] && [ "$_n" -lt 100 ]; do
		sleep 0.1 2>/dev/null || sleep 1
		_n=$((_n + 1))
	done
	[ -s "$1" ]
}

# gone PID: the process has ended (waits up to about 2 s).
gone() {
	_n=0
	while kill -0 "$1" 2>/dev/null; do
		[ "$_n" -lt 20 ] || return 1
		sleep 0.1 2>/dev/null || sleep 1
		_n=$((_n + 1))
	done
}

# Stand-in programs.  lat_syscall: null, open and stat print a result;
# read is unsupported (77); write fails (1) after some noise; fstat dies
# of SIGSEGV; stat with $HB_SLOW set records its pid there and sleeps.
# bw_mem and lat_mem_rd are missing.
fake=$tmpd/fake
mkdir "$fake"
cat >"$fake/hostinfo" <<'EOF'
#!/bin/sh
printf 'hostbench: 0.0.0\nhost: fakehost\nos: Fake 1.0\narch: FakeArch\ncpus: 1\n'
EOF
cat >"$fake/lat_syscall" <<'EOF'
#!/bin/sh
for a in "$@"; do op=$a; done
case $op in
read) echo 'lat_syscall: read: not supported here' >&2; exit 77 ;;
write) echo 'lat_syscall: noise' >&2; echo 'lat_syscall: write: it broke' >&2; exit 1 ;;
fstat) kill -SEGV $$ ;;
stat) if [ -n "${HB_SLOW:-}" ]; then echo $$ >"$HB_SLOW"; exec sleep 30; fi ;;
esac
printf 'BenchmarkLatSyscall/op=%s\t 10\t 400 ns/op\n' "$op"
EOF
chmod +x "$fake/hostinfo" "$fake/lat_syscall"

real=no
if [ -f "$top_builddir/bench/lat_syscall" ] && [ -f "$top_builddir/bench/hostinfo" ]; then
	real=yes
	# Where the real run's file must land: the programs' own uname.
	info=$($TEST_WRAPPER "$top_builddir/bench/hostinfo" 2>/dev/null) || real=no
	arch=$(printf '%s\n' "$info" | sed -n 's/^arch: //p')
	os=$(printf '%s\n' "$info" | sed -n 's/^os: //p')
	host=$(printf '%s\n' "$info" | sed -n 's/^host: //p' | tr -c 'A-Za-z0-9._\n-' '_')
	platform=$(printf '%s-%s' "$arch" "${os%% *}" | tr '[:upper:]' '[:lower:]' | tr -c 'a-z0-9._-' '_')
fi

# ---------------------------------------------------------------- the tests

tests_under() {
	name=$1
	d=$tmpd/$name
	mkdir "$d"

	# Usage and errors: nothing is run.
	hb_cli "$name: -h exits 0 with the usage" 0 '^usage: hostbench run' -h
	hb_cli "$name: --version prints it" 0 '^hostbench [0-9]+\.[0-9]+' --version
	hb_cli "$name: no command: exit 2 with the usage" 2 '^usage: hostbench'
	hb_cli "$name: an unknown command: exit 2 naming it" 2 "unknown command 'frobnicate'" frobnicate
	hb_cli "$name: an unknown option: exit 2 naming it" 2 "unknown option '--frob'" --frob
	hb_cli "$name: run with an unknown option: exit 2 naming it" 2 "unknown option '--frob'" run --frob
	hb_cli "$name: run with a bad profile: exit 2 naming it" 2 "unknown profile 'huge'" run --profile huge
	hb_cli "$name: run --only with an unknown benchmark: exit 2 naming it" 2 "unknown benchmark 'lat_foo'" run --only lat_syscall,lat_foo
	hb_cli "$name: run --profile without a value: exit 2" 2 "'--profile' needs a value" run --profile
	hb list
	ok "$name: list names the benchmarks" lists_all
	printf 'precious\n' >"$d/existing"
	before=$(sum "$d/existing")
	hb_cli "$name: run -o an existing file: exit 2 naming it" 2 "'$d/existing' exists" run -o "$d/existing"
	is "$name: ... and the file is unchanged" "$before" "$(sum "$d/existing")"

	# Stand-in programs: what a run records.
	export HOSTBENCH_LIBEXEC="$fake"
	hb run -q --profile test --note 'a note' --results-dir "$d/fr"
	f=$d/fr/fakearch-fake/fakehost.0
	is "$name: a run exits 0 and prints the result path" "0 $f" "$HB_STATUS $HB_OUT"
	ok "$name: an unsupported benchmark is recorded with its reason" \
		has_line "$f" '^status: unsupported: lat_syscall: read: not supported here$'
	ok "$name: a failed benchmark is recorded with its last message" \
		has_line "$f" '^status: failed: lat_syscall: write: it broke$'
	ok "$name: a missing program is recorded as skipped" \
		has_line "$f" '^status: skipped: bw_mem is not built$'
	is "$name: hostinfo's lines, then the note and the profile" \
		'cpus: 1|note: a note|profile: test|' "$(sed -n '5,7p' "$f" | tr '\n' '|')"
	hb run -q --only lat_syscall -o "$d/out.txt"
	ok "$name: run -o writes a new file and prints its path" \
		printed_and_written "$d/out.txt"

	# A run killed by SIGTERM while a benchmark runs.
	mkdir "$d/tmp"
	HB_SLOW=$d/slow.pid TMPDIR=$d/tmp HOSTBENCH_WRAPPER='' \
		$sh "$script" run -q --only lat_syscall --results-dir "$d/kr" \
		>/dev/null 2>&1 </dev/null &
	slow_pid=$!
	if wait_for "$d/slow.pid"; then
		kill -TERM "$slow_pid"
		st=0
		wait "$slow_pid" 2>/dev/null || st=$?
		is "$name: a run killed by SIGTERM dies of it" 143 "$st"
		is "$name: ... leaving no result and no temporary file" \
			'' "$(files_in "$d/kr/fakearch-fake")$(files_in "$d/tmp")"
		ok "$name: ... and the running benchmark is stopped" gone "$(cat "$d/slow.pid")"
	else
		kill "$slow_pid" 2>/dev/null || :
		_tap_report 1 "$name: the slow stand-in never started" || :
		skip 'no run to kill'
		skip 'no run to kill'
	fi
	slow_pid=
	unset HOSTBENCH_LIBEXEC

	# The real programs, found in the build tree beside the script.
	if [ "$real" = no ]; then
		for _i in 1 2 3 4 5 6 7 8 9; do
			skip "bench/lat_syscall or bench/hostinfo is not built"
		done
		return 0
	fi
	export HOSTBENCH_WRAPPER="$TEST_WRAPPER"
	r=$d/results
	hb run -q --profile test --only lat_syscall --results-dir "$r"
	f=$r/$platform/$host.0
	is "$name: run --only lat_syscall exits 0 with the path" "0 $f" "$HB_STATUS $HB_OUT"
	[ "$HB_STATUS" -eq 0 ] || diag "$HB_ERR"
	is "$name: ... and writes exactly that one file" "$platform/$host.0" \
		"$(cd "$r" && find . -type f | sed 's|^\./||')"
	ok "$name: ... which starts with hostinfo's lines" header_ok "$f"
	ok "$name: ... then well-formed configuration and result lines" \
		well_formed "$(cat "$f")"
	ok "$name: ... with results for all six system calls" \
		each_op "$f" null read write stat fstat open
	first=$(sum "$f")
	hb run -q --profile test --only lat_syscall --results-dir "$r"
	is "$name: a second run writes .1" "0 $r/$platform/$host.1" "$HB_STATUS $HB_OUT"
	is "$name: ... and leaves .0 as it was, with no temporary file" \
		"$first|$host.0 $host.1" "$(sum "$f")|$(files_in "$r/$platform")"
	hb lat_syscall -N 3 -T 1ms -o raw null
	is "$name: 'hostbench lat_syscall -N 3 null' runs one benchmark" \
		'0 3' "$HB_STATUS $(printf '%s\n' "$HB_OUT" | grep -c '^BenchmarkLatSyscall/op=null')"
	hb info
	is "$name: info prints the host" \
		'0 1' "$HB_STATUS $(printf '%s\n' "$HB_OUT" | grep -c '^cpus: [1-9]')"
	unset HOSTBENCH_WRAPPER
}

# skip_shell NAME REASON: skip every test of a shell that is not here.
skip_shell() {
	_i=0
	while [ "$_i" -lt "$per_shell" ]; do
		skip "$1: $2"
		_i=$((_i + 1))
	done
}

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
