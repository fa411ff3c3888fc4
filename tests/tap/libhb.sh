# libhb.sh: helpers shared by the tests of the hostbench front end
# (tests/scripts/hostbench-t.sh, ab-t.sh; sourced after libtap.sh).  They
# run "$sh $script" -- the script under test, under the shell of the
# moment -- with scratch files in $tmpd, and count on $per_shell, the
# tests each shell runs.  A test calls
#
#   hb_init NAME PER_SHELL  plans PER_SHELL tests for each of dash and
#                           busybox sh
#   tests_under() { ... }   its tests, under "$sh", for the shell named $1
#   hb_shells               runs them under each shell, or skips them

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

# wait_for FILE: until FILE is non-empty, at most about 10 s.
wait_for() {
	_n=0
	while [ ! -s "$1" ] && [ "$_n" -lt 100 ]; do
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
