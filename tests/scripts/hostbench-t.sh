#!/bin/sh
# hostbench, the front end: commands and usage errors (tags, budget,
# fsdir), result files that are numbered and never overwritten, a
# failing / unsupported / missing benchmark recorded and the run going
# on, --only and --skip, a budget that ends the run early, --rounds (the
# whole list of cases again, round after round, each case ending in its
# noise line), progress with the time left (and none under -q) counting
# every round, and nothing left behind -- result, temporary file,
# benchmark or the processes it started -- by a run killed with SIGTERM
# or SIGINT.  Everything runs under dash and under busybox sh, the shells
# of the boards it is meant for.
#
# Stand-in programs (shell scripts in a temporary HOSTBENCH_LIBEXEC) make
# the failure, timing and signal cases deterministic; the real programs
# in $top_builddir/bench (through $TEST_WRAPPER when cross-compiling)
# check that an actual run writes well-formed results and the host's
# fingerprint.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libhb.sh"

hb_init hostbench 144
_tap_cleanup_hook() {
	if [ -n "${slow_pid:-}" ]; then
		kill "$slow_pid" 2>/dev/null || :
	fi
	for _f in "$tmpd"/*/k*/slow.pid "$tmpd"/*/k*/slow.pid.child "$tmpd"/*/kinfo/info.pid; do
		if [ -f "$_f" ]; then
			kill "$(cat "$_f")" 2>/dev/null || :
		fi
	done
	rm -rf "$tmpd"
}
trap 'exit 1' HUP INT TERM
unset HOSTBENCH_LIBEXEC HOSTBENCH_WRAPPER HOSTBENCH_COMPARE

# ---------------------------------------------------------------- helpers

# has_line FILE ERE: some line of FILE matches.
has_line() {
	grep -Eq -- "$2" "$1"
}

# no_line FILE ERE: no line of FILE matches.
no_line() {
	! grep -Eq -- "$2" "$1"
}

sum() {
	cksum <"$1"
}

# keys_of FILE FIRST N: the keys of N configuration lines of FILE from
# the first line that is exactly FIRST, on one line.
keys_of() {
	awk -v first="$2" -v n="$3" '$0 == first { p = 1 }
		p { k = $0; sub(/:.*/, "", k); sub(/^# /, "#", k); out = out (c++ ? " " : "") k; if (c == n) exit }
		END { print out }' "$1"
}

# bw_args FILE, stream_args FILE: the arguments of bw_mem's cases, of
# stream's, one a line.
bw_args() {
	sed -n 's/^# args: //p' "$1" | grep -v -e '^-M ' -e '^-v '
}
stream_args() {
	sed -n 's/^# args: //p' "$1" | grep -e '^-M ' -e '^-v '
}

# joined: the lines of stdin on one, separated by ";".
joined() {
	tr '\n' ';' | sed 's/;$//'
	echo
}

# statuses FILE: "name status" of each benchmark, one a line.
statuses() {
	awk '/^# bench: / && !b { b = $3 } /^# status: / { s = $0; sub(/^# status: /, "", s); print b " " s; b = "" }' "$1"
}

# header_ok FILE: the file starts with "hostbench: " and every line
# before the first "bench:" line is a configuration line or a unit
# metadata line ("Unit p50-ns better=lower").
header_ok() {
	awk -v run_notes="$RUN_NOTES" 'NR == 1 && !/^hostbench: / { bad++ }
		/^# bench: / { exit }
		/^Unit [^ ]+ [a-z]+=[a-z]+/ { next }
		!/^[a-z][a-z0-9-]*: / && $0 !~ "^# (" run_notes "): " { bad++ }
		END { exit bad > 0 }' "$1"
}

# has_keys FILE KEYS...: the fingerprint of FILE has each key once, with
# a value.
has_keys() {
	_f=$1
	shift
	for _k in "$@"; do
		[ "$(awk '/^# bench: / { exit } { print }' "$_f" | grep -Ec "^(# )?$_k: [^ ]")" -eq 1 ] || {
			diag "no one line '$_k: ...'"
			return 1
		}
	done
}

# lists_all: `list` exited 0 and named every benchmark of the suite.
lists_all() {
	[ "$HB_STATUS" -eq 0 ] || return 1
	for _b in mhz lat_syscall lat_sig lat_proc lat_ops lat_select lat_ctx lat_sem \
		lat_fcntl lat_usleep lat_cmd lat_fs lat_mmap lat_pagefault bw_mem lat_mem_rd; do
		printf '%s\n' "$HB_OUT" | grep -q "^$_b " || {
			diag "list does not name $_b"
			return 1
		}
	done
}

# Where /proc/stat is, each case's record ends in a noise line (noise_ok,
# in libtap.sh); the values are CPUs' worth of time, so at most the CPUs.
ncpus=$(grep -c '^cpu[0-9]' /proc/stat 2>/dev/null) || ncpus=0

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

# gone PID...: every process has ended (a zombie waiting for init to
# reap it has ended too); waits up to about 3 s.
gone() {
	for _p in "$@"; do
		_n=0
		while kill -0 "$_p" 2>/dev/null; do
			_st=$(sed 's/^.*) //' "/proc/$_p/stat" 2>/dev/null | cut -d' ' -f1) || _st=
			[ "$_st" != Z ] || break
			if [ "$_n" -ge 30 ]; then
				diag "process $_p is still there"
				return 1
			fi
			nap
			_n=$((_n + 1))
		done
	done
}

# Stand-in programs.  lat_syscall: null, open and stat print a result;
# read is unsupported (77); write fails (1) after some noise; fstat dies
# of SIGSEGV; null with $HB_NAP set sleeps a second first; open with
# $HB_STRAY set leaves a process running; stat with $HB_SLOW set leaves a
# file in $TMPDIR, starts a process of its own, records both pids and
# sleeps (ignoring SIGTERM, both, with $HB_STUBBORN set).  mhz prints a
# result; the rest of the suite is missing.  hostinfo with $HB_INFO_SLOW
# set records its pid there and sleeps; -a and -m answer as the real one.
fake=$tmpd/fake
mkdir "$fake"
cat >"$fake/hostinfo" <<'EOF'
#!/bin/sh
if [ -n "${HB_INFO_SLOW:-}" ]; then
	echo $$ >"$HB_INFO_SLOW"
	exec sleep 30
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
EOF
cat >"$fake/lat_syscall" <<'EOF'
#!/bin/sh
for a in "$@"; do op=$a; done
case $op in
read) echo 'lat_syscall: read: not supported here' >&2; exit 77 ;;
write) echo 'lat_syscall: noise' >&2; echo 'lat_syscall: write: it broke' >&2; exit 1 ;;
fstat) kill -SEGV $$ ;;
null) if [ -n "${HB_NAP:-}" ]; then sleep 1; fi ;;
open)
	if [ -n "${HB_STRAY:-}" ]; then
		sleep 30 </dev/null >/dev/null 2>&1 &
		echo $! >"$HB_STRAY"
	fi
	;;
stat)
	if [ -n "${HB_SLOW:-}" ]; then
		: >"$TMPDIR/lat_syscall.tmp"
		if [ -n "${HB_STUBBORN:-}" ]; then trap '' TERM; fi
		sleep 30 &
		echo $! >"$HB_SLOW.child"
		echo $$ >"$HB_SLOW"
		exec sleep 30
	fi
	;;
esac
printf 'BenchmarkLatSyscall/op=%s\t 10\t 400 ns/op\n' "$op"
EOF
cat >"$fake/mhz" <<'EOF'
#!/bin/sh
printf 'BenchmarkMhz\t 10\t 1000 MHz\n'
EOF
hb_compare_stub "$tmpd/compare"
chmod +x "$fake/hostinfo" "$fake/lat_syscall" "$fake/mhz"
hb_runner_in "$fake"
# The network cases: bw_tcp and bw_udp stand-ins that print a result.
fakenet=$tmpd/fakenet
mkdir "$fakenet"
cp "$fake/hostinfo" "$fakenet/"
hb_runner_in "$fakenet"
for _p in bw_tcp bw_udp; do
	printf '#!/bin/sh\nprintf "Benchmark%s\\t 1\\t 1 MB/s\\n"\n' "$_p" >"$fakenet/$_p"
	chmod +x "$fakenet/$_p"
done

# Programs for another CPU: a front end built for ARM (configure's CPU
# written into it) beside a hello that is an ARM ELF header, which this
# machine cannot run, and a lat_syscall stand-in that must never run.
# (On an ARM machine the foreign programs' tests skip.)
foreign=$tmpd/foreign
mkdir "$foreign"
bytes() {
	for _x in "$@"; do
		# shellcheck disable=SC2059
		printf "\\$(printf '%03o' "0x$_x")"
	done
}
{
	# ELF header: 32-bit, little-endian, executable, EM_ARM (40).
	bytes 7f 45 4c 46 01 01 01 00 00 00 00 00 00 00 00 00 02 00 28 00 01 00 00 00
	bytes 00 00 00 00 00 00 00 00 00 00 00 00 00 04 00 05 34 00 20 00 00 00 28 00 00 00 00 00
} >"$foreign/hello"
printf '#!/bin/sh\necho ran >>"${0%%/*}/ran"\n' >"$foreign/lat_syscall"
chmod +x "$foreign/hello" "$foreign/lat_syscall"
sed -e "s/^target_cpu=.*/target_cpu='arm'/" -e "s/^target_qemu=.*/target_qemu='qemu-arm'/" \
	-e "s/^target_link=.*/target_link='static'/" "$script" >"$foreign/hostbench-front"
machine=$(uname -m)
case $machine in
arm* | aarch64*) foreign_here=no ;;
*) foreign_here=yes ;;
esac
foreign_msg="^hostbench: these programs are built for arm; this machine is $machine: run them on the board, or set HOSTBENCH_WRAPPER=qemu-arm( \\(|\$)"

# hostinfo_apart: `list` printed hostinfo on the line after the one that
# says it is no benchmark.
hostinfo_apart() {
	printf '%s\n' "$HB_OUT" | awk '/^Not a benchmark: / { h = NR } /^hostinfo / { i = NR }
		END { exit !(h > 0 && i == h + 1) }'
}

# A copy of the script with no results tool anywhere near it.
mkdir "$tmpd/solo"
cp "$script" "$tmpd/solo/hostbench"

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

# SIGINT can be sent to a run started in the background only where env
# can undo the shell's ignoring it there.
sigint=no
if env --default-signal=INT true 2>/dev/null; then
	sigint=yes
fi

# ---------------------------------------------------------------- the tests

# killed_run NAME SIGNAL STATUS [stubborn]: a run of the stand-ins
# stopped by SIGNAL while the slow benchmark runs (one that ignores
# SIGTERM with "stubborn").  4 tests.
killed_run() {
	_kd=$d/k$2${4:-}
	mkdir "$_kd" "$_kd/tmp"
	if [ "$2" = INT ]; then
		_env='env --default-signal=INT'
	else
		_env=
	fi
	# shellcheck disable=SC2086
	HB_SLOW=$_kd/slow.pid HB_STUBBORN=${4:-} TMPDIR=$_kd/tmp HOSTBENCH_WRAPPER=$TEST_WRAPPER \
		$_env $sh "$script" run -q --only lat_syscall --results-dir "$_kd/r" \
		>/dev/null 2>&1 </dev/null &
	slow_pid=$!
	if wait_for "$_kd/slow.pid"; then
		_t0=$(date +%s)
		kill -"$2" "$slow_pid"
		_st=0
		wait "$slow_pid" 2>/dev/null || _st=$?
		_t=$(($(date +%s) - _t0))
		[ "$_t" -gt 8 ] || _t=soon
		is "$1: a run killed by SIG$2 dies of it soon${4:+ (the benchmark ignoring SIGTERM)}" \
			"$3 soon" "$_st $_t"
		is "$1: ... leaving no result and no temporary file" \
			'' "$(files_in "$_kd/r/fakearch-fake")$(files_in "$_kd/tmp")"
		ok "$1: ... the running benchmark is stopped" gone "$(cat "$_kd/slow.pid")"
		ok "$1: ... and so is the process it started" gone "$(cat "$_kd/slow.pid.child")"
	else
		kill "$slow_pid" 2>/dev/null || :
		_tap_report 1 "$1: the slow stand-in never started" || :
		skip 'no run to kill'
		skip 'no run to kill'
		skip 'no run to kill'
	fi
	slow_pid=
}

tests_under() {
	name=$1
	d=$tmpd/$name
	mkdir "$d"
	# The runner (a program of the build) runs through the wrapper of a
	# cross build; it runs the stand-ins, which are scripts, without it.
	export HOSTBENCH_WRAPPER="$TEST_WRAPPER"

	# shellcheck disable=SC2086
	ok "$name: sh -n accepts the script" $sh -n "$script"
	# shellcheck disable=SC2086
	ok "$name: sh -n accepts this test" $sh -n "$top_srcdir/tests/scripts/hostbench-t.sh"

	# Usage and errors: nothing is run.
	hb_cli "$name: -h exits 0 with the usage" 0 '^usage: hostbench run' -h
	hb_cli "$name: --version prints it" 0 '^hostbench [0-9]+\.[0-9]+' --version
	hb_cli "$name: no command: exit 2 with the usage" 2 '^usage: hostbench'
	hb_cli "$name: an unknown command: exit 2 naming it" 2 "unknown command 'frobnicate'" frobnicate
	hb_cli "$name: an unknown option: exit 2 naming it" 2 "unknown option '--frob'" --frob
	# A benchmark's option before its name: refused, saying where it goes
	# (after the name) with the command line that works.
	hb_cli "$name: a benchmark's option before its name: exit 2 saying where it goes" 2 \
		"^hostbench: '-o' is an option of the benchmark: hostbench lat_syscall -o text null\$" \
		-o text lat_syscall null
	hb_cli "$name: ... the command line quoted where a word needs it" 2 \
		"^hostbench: '-N' is an option of the benchmark: hostbench lat_syscall -N3 stat 'a b'\$" \
		-N3 lat_syscall stat 'a b'
	hb_cli "$name: run's option before run: exit 2 saying so" 2 \
		"^hostbench: '-q' is an option of run: hostbench run -q --only mhz\$" -q run --only mhz
	hb_cli "$name: a shared option and no benchmark: exit 2 naming it, saying where it goes" 2 \
		"^hostbench: unknown option '-o': a benchmark's options go after its name" -o text
	hb_cli "$name: run with an unknown option: exit 2 naming it" 2 "unknown option '--frob'" run --frob
	hb_cli "$name: run with a bad profile: exit 2 naming it" 2 "unknown profile 'huge'" run --profile huge
	hb_cli "$name: run --only with an unknown benchmark: exit 2 naming it" 2 "unknown benchmark 'lat_foo'" run --only lat_syscall,lat_foo
	hb_cli "$name: run --profile without a value: exit 2" 2 "'--profile' needs a value" run --profile
	hb_cli "$name: --tag with a bad key: exit 2 naming it" 2 "bad key 'Board'" run --tag Board=x
	hb_cli "$name: --tag without '=': exit 2" 2 "'board' is not KEY=VALUE" run --tag board
	hb_cli "$name: --tag without a value: exit 2" 2 "no value in 'board='" run --tag board=
	hb_cli "$name: --tag twice with one key: exit 2" 2 "'board' given twice" run --tag board=a --tag board=b
	hb_cli "$name: --budget not a number: exit 2" 2 "'1m' is not a whole number" run --budget 1m
	hb_cli "$name: --fsdir not a directory: exit 2" 2 "'$d/nodir' is not a directory" run --fsdir "$d/nodir"
	hb_cli "$name: --remote-host with a blank: exit 2" 2 "must not contain blanks" run --remote-host 'a b'
	hb_cli "$name: serve with an unknown option: exit 2 naming it" 2 "serve: unknown option or argument '-x'" serve -x
	hb_cli "$name: serve -h names the servers of the remote cases" 0 'against --remote-host: lat_tcp, lat_udp, lat_connect, bw_tcp, bw_udp, lat_load' serve -h
	# (The build tree's programs, through the wrapper when cross-compiled:
	# list runs hello first, and each program's -h.)
	export HOSTBENCH_WRAPPER="$TEST_WRAPPER"
	hb list
	export HOSTBENCH_WRAPPER="$TEST_WRAPPER"
	ok "$name: list names the benchmarks" lists_all
	ok "$name: ... and hostinfo apart, as no benchmark" hostinfo_apart
	export HOSTBENCH_WRAPPER="$TEST_WRAPPER"
	hb_cli "$name: a benchmark's options after its operands go to it" 0 \
		'^BenchmarkLatSyscall/op=null[[:space:]]' lat_syscall null -N 1 -T 1ms -o raw
	export HOSTBENCH_WRAPPER="$TEST_WRAPPER"
	hb_cli "$name: run --only hostinfo: exit 2, no benchmark (the fingerprint is in every run)" 2 \
		"run: --only: hostinfo is no benchmark: every run records the host fingerprint" run --only hostinfo

	# Programs for another CPU: refused before anything is written, with
	# both CPUs and the qemu-user that runs them; a wrapper that cannot
	# run them either is named.
	if [ "$foreign_here" = yes ]; then
		native_script=$script script=$foreign/hostbench-front
		export HOSTBENCH_LIBEXEC="$foreign" HOSTBENCH_WRAPPER=
		hb run -q --only lat_syscall --results-dir "$d/foreign"
		like "$name: programs for another CPU: run exits 1 naming both CPUs and qemu-arm" \
			"$HB_STATUS $HB_ERR" "^1 ${foreign_msg#^}"
		is "$name: ... having written nothing and run no benchmark" '|' \
			"$(files_in "$d/foreign")|$(files_in "$foreign" | tr ' ' '\n' | grep -x ran)"
		hb_cli "$name: ... and a benchmark by name says the same" 1 "$foreign_msg" lat_syscall null
		export HOSTBENCH_WRAPPER=false
		hb_cli \
			"$name: ... under a wrapper that cannot run them either: exit 1 naming it" 1 \
			"^hostbench: the programs do not run under HOSTBENCH_WRAPPER='false' \\($foreign/hello, built for arm: " \
			run -q --only lat_syscall --results-dir "$d/foreign"
		script=$native_script
		unset HOSTBENCH_LIBEXEC
		export HOSTBENCH_WRAPPER="$TEST_WRAPPER"
	else
		skip "$name: this machine is $machine: ARM programs may run here"
		skip "$name: this machine is $machine"
		skip "$name: this machine is $machine"
		skip "$name: this machine is $machine"
	fi
	printf 'precious\n' >"$d/existing"
	before=$(sum "$d/existing")
	hb_cli "$name: run -o an existing file: exit 2 naming it" 2 "'$d/existing' exists" run -o "$d/existing"
	is "$name: ... and the file is unchanged" "$before" "$(sum "$d/existing")"

	# compare: the results tool, or a clear error.
	HB_STATUS=0
	$sh "$tmpd/solo/hostbench" compare x >"$tmpd/out" 2>&1 </dev/null || HB_STATUS=$?
	like "$name: compare with no results tool: exit 1 saying so" \
		"$HB_STATUS $(cat "$tmpd/out")" '^1 .*results tool hostbench-compare is not built'
	export HOSTBENCH_COMPARE="$tmpd/compare"
	hb compare -a 'b c'
	unset HOSTBENCH_COMPARE
	is "$name: compare runs the tool with the arguments as given" \
		'0 compare got: [-a] [b c]' "$HB_STATUS $HB_OUT"

	# Stand-in programs: what a run records.
	export HOSTBENCH_LIBEXEC="$fake"
	hb run -q --profile test --note 'a note' --tag board=vm --tag kernel-config=stock --results-dir "$d/fr"
	f=$d/fr/fakearch-fake/fakehost.0
	is "$name: a run exits 0, prints the result path and nothing else" "0 $f|" "$HB_STATUS $HB_OUT|$HB_ERR"
	ok "$name: an unsupported benchmark is recorded with its reason" \
		has_line "$f" '^# status: unsupported: lat_syscall: read: not supported here$'
	ok "$name: a failed benchmark is recorded with its last message" \
		has_line "$f" '^# status: failed: lat_syscall: write: it broke$'
	ok "$name: a crashed benchmark is recorded with its signal" \
		has_line "$f" '^# status: failed: killed by signal 11$'
	ok "$name: a missing program is recorded as skipped" \
		has_line "$f" '^# status: skipped: bw_mem is not built$'
	is "$name: hostinfo's lines, emulation, netfilter-rules, the note, the tags, the profile" \
		'cpus emulation netfilter-rules #note tag-board tag-kernel-config profile' \
		"$(keys_of "$f" 'cpus: 1' 7)"
	ok "$name: ... tags as tag-KEY: VALUE" has_line "$f" '^tag-kernel-config: stock$'
	is "$name: each benchmark: bench, args, status (its program's header follows)" \
		'#bench #args #status' "$(keys_of "$f" '# bench: lat_syscall' 3)"
	ok "$name: ... one writer a line: the suite writes no cpu-affinity or load of its own" \
		no_line "$f" '^(cpu-affinity|load): '
	first=$(sum "$f")

	# Control bytes in --note and --tag (CR, LF, tab, the rest of C0 and
	# DEL) would break the result file's lines: exit 2 naming the option
	# and the byte, nothing run and nothing written.  OPTION OCTAL HEX.
	for _c in 'run --note 015 0d' 'run --note 012 0a' 'run --note 011 09' \
		'run --note 001 01' 'run --note 033 1b' 'run --note 177 7f' \
		'run --tag 015 0d' 'run --tag 012 0a' 'run --tag 011 09' 'run --tag 177 7f' \
		'ab --note 015 0d' 'ab --tag 033 1b'; do
		# shellcheck disable=SC2086
		set -- $_c
		# shellcheck disable=SC2059
		_v=$(printf "a\\$3b")
		[ "$2" = --note ] || _v=board=$_v
		_ab=
		[ "$1" = run ] || _ab='--a true --b false'
		# shellcheck disable=SC2086
		hb_cli "$name: $1 $2 with byte 0x$4: exit 2 naming it" 2 \
			"^hostbench: $1: $2: .*must not contain control characters \\(byte 0x$4\\)" \
			$1 $_ab --profile test --only mhz --results-dir "$d/ctl" "$2" "$_v"
	done
	is "$name: ... and nothing ran, nothing was written" '' "$(files_in "$d/ctl")"
	# Text that is not UTF-8 (Latin-1 here): the results tool, which
	# reads result files as UTF-8, names the byte.  (A cross build's
	# tool does not run here without its wrapper.)
	if [ -z "$TEST_WRAPPER" ]; then
		hb_cli "$name: run --note in Latin-1: exit 2, naming the byte" 2 \
			"^hostbench: run: --note: the note must be valid UTF-8 .*byte 0xe9 at offset 3" \
			run --profile test --only mhz --results-dir "$d/ctl" --note "$(printf 'caf\351')"
		hb_cli "$name: ab --tag in Latin-1: exit 2" 2 \
			"^hostbench: ab: --tag: .*must be valid UTF-8 .*byte 0xe9" \
			ab --a true --b false --profile test --only mhz --results-dir "$d/ctl" --tag "board=caf$(printf '\351')"
		hb run -q --profile test --only mhz -o "$d/utf8.0" --note 'café 日本'
		is "$name: a UTF-8 note is taken as it is" "0 café 日本" "$HB_STATUS $(sed -n 's/^# note: //p' "$d/utf8.0")"
	else
		skip "$name: the results tool does not run here without its wrapper"
		skip "$name: the results tool does not run here without its wrapper"
		skip "$name: the results tool does not run here without its wrapper"
	fi
	hb run -q --profile test --results-dir "$d/fr"
	is "$name: a second run writes .1" "0 $d/fr/fakearch-fake/fakehost.1" "$HB_STATUS $HB_OUT"
	is "$name: ... and leaves .0 as it was, with no temporary file" \
		"$first|fakehost.0 fakehost.1" "$(sum "$f")|$(files_in "$d/fr/fakearch-fake")"
	hb run -q --only lat_syscall -o "$d/out.txt"
	ok "$name: run -o writes a new file and prints its path" \
		printed_and_written "$d/out.txt"

	# --only, --skip.
	hb run -q --profile test --only lat_syscall,mhz -o "$d/only"
	is "$name: --only runs just those" 'lat_syscall mhz' \
		"$(sed -n 's/^# bench: //p' "$d/only" | sort -u | tr '\n' ' ' | sed 's/ $//')"
	hb run -q --profile test --skip lat_syscall,bw_mem -o "$d/skip"
	ok "$name: --skip runs the rest" has_line "$d/skip" '^# bench: mhz$'
	ok "$name: ... but not those" no_line "$d/skip" '^# bench: (lat_syscall|bw_mem)$'

	# --budget: no benchmark starts once it is spent.
	hb run -q --profile test --only mhz,lat_syscall --budget 0 -o "$d/b0"
	is "$name: --budget 0 runs nothing, records each as skipped: budget" \
		'0 7 7' "$HB_STATUS $(grep -c '^# bench: ' "$d/b0") $(grep -c '^# status: skipped: budget$' "$d/b0")"
	export HB_NAP=1
	hb run -q --profile test --only lat_syscall --budget 1 -o "$d/b1"
	unset HB_NAP
	is "$name: --budget 1 after a 1 s benchmark: that one ran, the rest skipped" \
		'0|lat_syscall ok|5' \
		"$HB_STATUS|$(statuses "$d/b1" | sed -n 1p)|$(grep -c '^# status: skipped: budget$' "$d/b1")"
	ok "$name: ... and the file records the budget" has_line "$d/b1" '^budget: 1 s$'

	# The network settings: into the network cases' arguments, recorded
	# as conditions; a bad one stops the run before it starts.
	HOSTBENCH_LIBEXEC=$fakenet hb run -q --profile test --only bw_tcp,bw_udp --remote-host far \
		--net-time 300ms --tcp-window 1m --streams 2 --udp-size 512 -o "$d/net"
	is "$name: --net-time, --tcp-window, --streams, --udp-size reach the network cases" \
		"0|-t 300ms -w 1m -P 2|-t 300ms -w 1m -P 2 far|-t 300ms -l 512 -b 0|-t 300ms -l 512 -b 0 far|-t 300ms -l 64 -b 0 far|-t 300ms -l 512 -b ladder far" \
		"$HB_STATUS|$(sed -n 's/^# args: //p' "$d/net" | tr '\n' '|' | sed 's/|$//')"
	is "$name: ... and the file records them" \
		'remote-host: far|net-time: 300ms|tcp-window: 1m|streams: 2|udp-size: 512' \
		"$(grep -E '^(remote-host|net-time|tcp-window|streams|udp-size|udp-rate): ' "$d/net" | tr '\n' '|' | sed 's/|$//')"
	HOSTBENCH_LIBEXEC=$fakenet hb run -q --profile test --only bw_tcp,bw_udp -o "$d/net0"
	is "$name: without them: the profile's transfer time, 1470-byte datagrams, no remote case" \
		"0|-t 0.05|-t 0.05 -l 1470 -b 0" \
		"$HB_STATUS|$(sed -n 's/^# args: //p' "$d/net0" | tr '\n' '|' | sed 's/|$//')"
	HOSTBENCH_LIBEXEC=$fakenet hb run -q --profile test --only bw_udp --remote-host far \
		--box fakebox:4000 --udp-rate 10m,20m -o "$d/box"
	is "$name: --box: the remote cases sample the box (-A), and the ladder takes --udp-rate" \
		"0|-t 0.05 -l 1470 -b 0|-t 0.2 -l 1470 -b 0 -A fakebox:4000 far|-t 0.2 -l 64 -b 0 -A fakebox:4000 far|-t 0.1 -l 1470 -b 10m,20m -A fakebox:4000 far" \
		"$HB_STATUS|$(sed -n 's/^# args: //p' "$d/box" | tr '\n' '|' | sed 's/|$//')"
	is "$name: ... and the file records the box and its fingerprint" \
		'box-host: fakebox|box-netfilter-rules: 3' \
		"$(grep -E '^box' "$d/box" | tr '\n' '|' | sed 's/|$//')"
	HOSTBENCH_LIBEXEC=$fakenet hb_cli "$name: --box with no agent there: exit 1 saying so, nothing written" 1 \
		"--box: no fingerprint from the box agent at nobox: hostinfo: box nobox: nothing listens there" \
		run -q --profile test --only bw_udp --box nobox -o "$d/nobox"
	ok "$name: ... and no file" test ! -e "$d/nobox"
	_key=${HOSTBENCH_KEY-}
	unset HOSTBENCH_KEY
	hb_cli "$name: --box USER@HOST without HOSTBENCH_KEY: exit 2" 2 \
		"--box root@router: set HOSTBENCH_KEY" run --box root@router
	[ -z "$_key" ] || export HOSTBENCH_KEY="$_key"
	hb_cli "$name: --box with a bad port: exit 2" 2 "--box: 'x1' is not a port number" run --box router:x1
	hb_cli "$name: --net-time 0: exit 2 naming the range" 2 "--net-time: 0 is out of range, allowed: 1ms \.\. 3600s" run --net-time 0
	hb_cli "$name: --net-time not a time: exit 2" 2 "--net-time: '2x' is not a time" run --net-time 2x
	hb_cli "$name: --tcp-window too small: exit 2" 2 "--tcp-window: '512' is not a size in range, allowed: 1k \.\. 256m" run --tcp-window 512
	hb_cli "$name: --streams 0: exit 2" 2 "--streams: '0' is not a whole number in range, allowed: 1 \.\. 64" run --streams 0
	hb_cli "$name: --udp-size too large: exit 2" 2 "--udp-size: '65508' is not a size in range" run --udp-size 65508
	hb_cli "$name: --udp-rate with a bad step: exit 2 naming it" 2 "--udp-rate: 'fast' is not a rate" run --udp-rate 10m,fast
	is "$name: ... and nothing was written" "$(files_in "$d")" "$(files_in "$d")"

	# Progress: on stderr, with done/total, elapsed and time left.
	hb run --profile test --only lat_syscall,mhz -o "$d/progress"
	like "$name: progress names the benchmark, done/total, elapsed, time left" \
		"$HB_ERR" '^\[1/7 done, [0-9.]+s elapsed, ~[0-9.]+s left\] lat_syscall null \.\.\. ok \([0-9.]+s(, noisy)?\)$'
	like "$name: ... and ends with a summary" \
		"$HB_ERR" '^hostbench: 7 benchmarks in [0-9.]+s: 4 ok, 2 failed, 1 unsupported, 0 skipped'
	ok "$name: ... skipped cases end in a noise line too" noise_ok "$d/b0"

	# --rounds: the whole list of cases again, round after round.
	hb_cli "$name: --rounds 0: exit 2 naming the range" 2 "--rounds: 0 is out of range, allowed: 1 \.\. 99" run --rounds 0
	hb_cli "$name: --rounds abc: exit 2" 2 "--rounds: 'abc' is not a whole number" run --rounds abc
	hb_cli "$name: --rounds 100: exit 2" 2 "--rounds: 100 is out of range" run --rounds 100
	hb run -q --profile test --only lat_syscall,mhz --rounds 2 -o "$d/r2"
	is "$name: --rounds 2: 'rounds: 2' after profile-options" \
		"0 profile-options rounds|rounds: 2" \
		"$HB_STATUS $(keys_of "$d/r2" 'profile-options: -N 3 -T 1ms' 2)|$(grep '^rounds:' "$d/r2")"
	is "$name: ... the lines 'round: 1' and 'round: 2'" '1 2' \
		"$(sed -n 's/^# round: //p' "$d/r2" | tr '\n' ' ' | sed 's/ $//')"
	is "$name: ... each round runs every case, in the same order" \
		"7|$(cases_of "$d/r2" 1 | cksum)" "$(cases_of "$d/r2" 1 | wc -l | tr -d ' ')|$(cases_of "$d/r2" 2 | cksum)"
	ok "$name: ... each case ends in a noise line, 0 .. $ncpus CPUs" noise_ok "$d/r2"
	hb run --profile test --only lat_syscall,mhz --rounds 2 -o "$d/progress2"
	like "$name: ... progress counts the cases of every round" \
		"$HB_ERR" '^\[13/14 done, [0-9.]+s elapsed, ~[0-9.]+s left\] lat_syscall open \.\.\. ok '
	like "$name: ... and so does the summary" \
		"$HB_ERR" '^hostbench: 14 benchmark runs \(7 benchmarks, 2 rounds\) in [0-9.]+s: 8 ok, 4 failed, 2 unsupported'

	hb run -q --profile test --only lat_syscall,mhz -o "$d/quiet"
	is "$name: -q: nothing on stderr, the path on stdout" "0 $d/quiet|" "$HB_STATUS $HB_OUT|$HB_ERR"

	# A process a benchmark leaves running is stopped when it ends.
	export HB_STRAY="$d/stray.pid"
	hb run -q --profile test --only lat_syscall -o "$d/stray"
	unset HB_STRAY
	if [ -s "$d/stray.pid" ]; then
		ok "$name: a process a benchmark leaves running is stopped" gone "$(cat "$d/stray.pid")"
	else
		_tap_report 1 "$name: the stray stand-in never started" || :
	fi

	# Interrupted runs leave nothing behind.
	killed_run "$name" TERM 143
	killed_run "$name" TERM 143 stubborn
	if [ "$sigint" = yes ]; then
		killed_run "$name" INT 130
	else
		for _i in 1 2 3 4; do
			skip "env --default-signal is not here to undo the shell's ignoring SIGINT"
		done
	fi

	# A SIGKILLed info leaves its scratch directory: the next info removes
	# it, and stops what still works in it; never a live run's directory,
	# nor a symbolic link.
	_kd=$d/kinfo
	mkdir "$_kd" "$_kd/tmp" "$_kd/away"
	HB_INFO_SLOW=$_kd/info.pid TMPDIR=$_kd/tmp $sh "$script" info >/dev/null 2>&1 </dev/null &
	slow_pid=$!
	if wait_for "$_kd/info.pid"; then
		kill -KILL "$slow_pid"
		wait "$slow_pid" 2>/dev/null || :
		_old=$(cd "$_kd/tmp" && echo hostbench.*)
		mkdir "$_kd/tmp/hostbench.live00"
		echo $$ >"$_kd/tmp/hostbench.live00/pid"
		printf '%s\n' "$(sh -c 'echo $$')" >"$_kd/away/pid"
		ln -s "$_kd/away" "$_kd/tmp/hostbench.link00"
		TMPDIR=$_kd/tmp hb info
		is "$name: a later info removes a SIGKILLed info's directory" \
			"0 hostbench.link00 hostbench.live00" "$HB_STATUS $(files_in "$_kd/tmp")"
		like "$name: ... saying so" "$HB_ERR" \
			"^hostbench: info [0-9]+ was killed: removed what it left: processes [0-9 ]+stopped; $_kd/tmp/$_old\$"
		ok "$name: ... and stops the hostinfo it left running" gone "$(cat "$_kd/info.pid")"
		is "$name: ... but leaves a live run's directory" "$$" "$(cat "$_kd/tmp/hostbench.live00/pid")"
		is "$name: ... and a symbolic link and what it points to" "link pid" \
			"$(test -L "$_kd/tmp/hostbench.link00" && echo link) $(files_in "$_kd/away")"
		rm -rf "$_kd/tmp/hostbench.live00"
	else
		kill "$slow_pid" 2>/dev/null || :
		_tap_report 1 "$name: the slow hostinfo never started" || :
		for _i in 1 2 3 4; do
			skip 'no info to kill'
		done
	fi
	slow_pid=
	unset HOSTBENCH_LIBEXEC

	# The real programs, found in the build tree beside the script.
	if [ "$real" = no ]; then
		for _i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26; do
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
	ok "$name: ... which starts with the fingerprint" header_ok "$f"
	ok "$name: ... with the host's tuning (values or unknown)" has_keys "$f" \
		kernel governor thp cmdline modules irq-affinity nics qdiscs offloads net-sysctls \
		netfilter-rules load libc date
	ok "$name: ... then well-formed configuration and result lines" \
		well_formed "$(cat "$f")"
	ok "$name: ... each case ending in its noise line" noise_ok "$f"
	ok "$name: ... with results for all six system calls" \
		each_op "$f" null read write stat fstat open
	ok "$name: ... each on the CPUs the file names" has_line "$f" '^# cpu-affinity: [0-9][0-9,-]*$'
	# With tiny memory no program is given a size it refuses: each case
	# runs at a size the program takes or is skipped, saying why.
	HOSTBENCH_MEM_AVAILABLE=16k hb run -q --profile test \
		--only lat_mmap,bw_file_rd,bw_mmap_rd -o "$d/tiny"
	ok "$name: 16k of memory: no case fails with a usage message" \
		no_line "$d/tiny" '^# status: failed: .*usage:'
	is "$name: ... lat_mmap is skipped saying why, bw_file_rd and bw_mmap_rd run at 4k" \
		"0|2|lat_mmap 4k;lat_mmap -r 4k;bw_file_rd 4k io_only" \
		"$HB_STATUS|$(grep -c '^# status: skipped: only 16 kB free, the least for lat_mmap is 16k, which needs 64 kB$' "$d/tiny")|$(cases_of "$d/tiny" 1 | sed -n 1,3p | tr '\n' ';' | sed 's/;$//')"
	# The memory bandwidth cases measure the memory in every profile:
	# bw_mem's buffers and stream's arrays 4 x the last-level cache, at
	# least 8m, and full's 256k and 8m besides; --budget 0 records the
	# cases with their arguments and runs none.
	export HOSTBENCH_LLC=3m
	for _p in test quick standard full; do
		hb run -q --profile "$_p" --only bw_mem,stream --rounds 1 --budget 0 -o "$d/llc.$_p"
	done
	is "$name: a 3M cache: bw_mem 12m (4 x 3M) in test and quick, lmbench's four" \
		'0 12m frd;12m fwr;12m fcp;12m bcopy' \
		"$HB_STATUS $(for _p in test quick; do bw_args "$d/llc.$_p" | joined; done | sort -u)"
	is "$name: ... and stream's three arrays 12m each" \
		'-M 12m' "$(for _p in test quick; do stream_args "$d/llc.$_p" | joined; done | sort -u)"
	is "$name: ... the same 12m in standard, every operation and STREAM2 too" \
		'12m rd;12m wr;12m rdwr;12m cp;12m frd;12m fwr;12m fcp;12m bzero;12m bcopy|-M 12m;-v 2 -M 12m' \
		"$(bw_args "$d/llc.standard" | joined)|$(stream_args "$d/llc.standard" | joined)"
	is "$name: full: 256k and 8m, which the caches hold, and 12m" \
		'256k rd;8m rd;12m rd|-M 256k;-M 8m;-M 12m;-v 2 -M 256k;-v 2 -M 8m;-v 2 -M 12m' \
		"$(bw_args "$d/llc.full" | grep ' rd$' | joined)|$(stream_args "$d/llc.full" | joined)"
	is "$name: the fingerprint says which cache" 'llc: 3M (HOSTBENCH_LLC)' "$(grep '^llc: ' "$d/llc.quick")"
	HOSTBENCH_LLC=64m
	for _p in test quick standard; do
		hb run -q --profile "$_p" --only bw_mem --rounds 1 --budget 0 -o "$d/llc.64m.$_p"
	done
	is "$name: a 64M cache: 128m at most in test and quick, 256m (4 x 64M) in standard" \
		'128m frd|128m frd|256m rd' \
		"$(for _p in test quick standard; do bw_args "$d/llc.64m.$_p" | sed -n 1p; done | tr '\n' '|' | sed 's/|$//')"
	HOSTBENCH_LLC=1m
	hb run -q --profile full --only bw_mem --rounds 1 --budget 0 -o "$d/llc.1m"
	is "$name: a 1M cache: 8m, STREAM's least (full's 8m is that one)" '256k rd;8m rd' \
		"$(bw_args "$d/llc.1m" | grep ' rd$' | joined)"
	# Little memory: cut to half of it, by the buffers a case holds (one,
	# the copies' two, stream's three), to the power of two below; under
	# 4 x the cache the results say in=cache.
	HOSTBENCH_LLC=3m
	export HOSTBENCH_MEM_AVAILABLE=8m
	hb run -q --profile quick --only bw_mem,stream --rounds 1 -o "$d/llc.8m"
	unset HOSTBENCH_MEM_AVAILABLE
	is "$name: 8m free: one buffer 4m, a copy's two 2m, stream's three 1m" \
		'0|4m frd;4m fwr;2m fcp;2m bcopy|-M 1m' \
		"$HB_STATUS|$(bw_args "$d/llc.8m" | joined)|$(stream_args "$d/llc.8m" | joined)"
	is "$name: ... under 4 x 3M: every result named in=cache" \
		'BwMem/op=fcp/size=2M/in=cache BwMem/op=frd/size=4M/in=cache Stream/op=copy/size=1M/in=cache' \
		"$(sed -n 's/^Benchmark\(\(BwMem\/op=frd\|BwMem\/op=fcp\|Stream\/op=copy\)\/[^[:space:]]*\).*/\1/p' "$d/llc.8m" | sort -u | tr '\n' ' ' | sed 's/ $//')"
	HOSTBENCH_LLC=256k
	export HOSTBENCH_MEM_AVAILABLE=8m
	hb run -q --profile quick --only bw_mem --rounds 1 -o "$d/llc.256k"
	unset HOSTBENCH_MEM_AVAILABLE
	is "$name: ... a 256K cache: 4m is past it, the plain name" 'BwMem/op=frd/size=4M' \
		"$(sed -n 's/^Benchmark\(BwMem\/op=frd\/[^[:space:]]*\).*/\1/p' "$d/llc.256k" | sort -u)"
	HOSTBENCH_LLC=lots
	hb_cli "$name: HOSTBENCH_LLC=lots: exit 2 naming it, before anything runs" 2 \
		"^hostbench: run: HOSTBENCH_LLC: 'lots' is not a size" run -q --profile test --only bw_mem -o "$d/llc.bad"
	is "$name: ... nothing written" no "$(test -e "$d/llc.bad" && echo yes || echo no)"
	unset HOSTBENCH_LLC
	hb lat_syscall -N 3 -T 1ms -o raw null
	is "$name: 'hostbench lat_syscall -N 3 null' runs one benchmark" \
		'0 3' "$HB_STATUS $(printf '%s\n' "$HB_OUT" | grep -c '^BenchmarkLatSyscall/op=null')"
	hb info
	is "$name: info prints the host" \
		'0 1' "$HB_STATUS $(printf '%s\n' "$HB_OUT" | grep -c '^cpus: [1-9]')"
	like "$name: ... and its netfilter rules" "$HB_OUT" '^netfilter-rules: ([0-9]+ \(|unknown)'
	like "$name: ... and the emulation it runs under" "$HB_OUT" '^emulation: [A-Za-z0-9_.-]+$'
	printf '#!/bin/sh\nexec %s "$@"\n' "$TEST_WRAPPER" >"$d/qemu-fake"
	chmod +x "$d/qemu-fake"
	HOSTBENCH_WRAPPER="env HB_EMU=1 $d/qemu-fake" hb info
	is "$name: under a wrapper, emulation is the wrapper's command name" \
		'0 emulation: qemu-fake' "$HB_STATUS $(printf '%s\n' "$HB_OUT" | grep '^emulation:')"
	export HOSTBENCH_WRAPPER="$TEST_WRAPPER"
}

hb_shells
