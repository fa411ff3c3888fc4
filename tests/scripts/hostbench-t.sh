#!/bin/sh
# hostbench, the front end, under dash and under busybox sh, the shells
# of the boards it is meant for: what depends on the shell that runs it.
# The script parses (sh -n); usage and dispatch: -h, -V, the --synopsis
# of the man page, an unknown command or option, an option before the
# command or benchmark it belongs to (saying where it goes), run -h and
# ab -h (the runner's), list, info (its arguments are hostinfo's),
# compare (the results tool, or a clear error), serve and agent, --box
# USER@HOST (fleet.sh's), a benchmark by name with its options, one that
# is not built; programs built for another CPU refused before anything
# is written; one real run of the test profile with the real programs (a
# well-formed file, numbered .0 where its platform and host say, with
# the host's fingerprint); a wrapper split into words; and a run killed
# by SIGTERM leaving nothing behind.
#
# What the suite runner (hostbench-run, which run, ab, info and list
# start) does with its options and cases does not depend on the shell:
# tests/run/run-t.sh tests it, once.
#
# The real programs in $top_builddir/bench run through $TEST_WRAPPER
# when cross-compiling; the killed run is of stand-in programs
# (hb_stand_ins in libhb.sh), which make it deterministic.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libhb.sh"

hb_init hostbench 47
_tap_cleanup_hook() {
	hb_stop_stand_ins
	rm -rf "$tmpd"
}
trap 'exit 1' HUP INT TERM
unset HOSTBENCH_LIBEXEC HOSTBENCH_WRAPPER HOSTBENCH_COMPARE

# ---------------------------------------------------------------- helpers

# has_line FILE ERE: some line of FILE matches.
has_line() {
	grep -Eq -- "$2" "$1"
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

# hostinfo_apart: `list` printed hostinfo on the line after the one that
# says it is no benchmark.
hostinfo_apart() {
	printf '%s\n' "$HB_OUT" | awk '/^Not a benchmark: / { h = NR } /^hostinfo / { i = NR }
		END { exit !(h > 0 && i == h + 1) }'
}

# each_op FILE OPS...: FILE has a result line for lat_syscall's every OP.
each_op() {
	_f=$1
	shift
	for _op in "$@"; do
		grep -Eq "^BenchmarkLatSyscall/op=${_op}[[:space:]]" "$_f" || return 1
	done
}

# Stand-in programs for the killed run (hb_stand_ins), and a results
# tool that prints its arguments.
fake=$tmpd/fake
mkdir "$fake"
hb_stand_ins "$fake"
hb_compare_stub "$tmpd/compare"

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

# ---------------------------------------------------------------- the tests

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
	hb_cli "$name: --synopsis prints the usage's lines for the man page" 0 \
		'^hostbench run \\-\\-ssh \[USER@\]HOST' --synopsis
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
	# run and ab: the runner's usage.
	hb_cli "$name: run -h: the runner's usage of run" 0 '^usage: hostbench run \[options\]' run -h
	hb_cli "$name: ab -h: the runner's usage of ab" 0 '^usage: hostbench ab \[options\]' ab -h
	hb_cli "$name: serve with an unknown option: exit 2 naming it" 2 "serve: unknown option or argument '-x'" serve -x
	hb_cli "$name: serve -S with a blank in its value: exit 2 naming it" 2 \
		"option '-S' needs one word, not 'a b'" serve -S 'a b'
	hb_cli "$name: serve -i with an empty value: exit 2 naming it" 2 \
		"option '-i' needs one word, not ''" serve -i ''
	hb_cli "$name: serve -h names the servers of the remote cases" 0 'against --remote-host: lat_tcp, lat_udp, lat_connect, bw_tcp, bw_udp, lat_load' serve -h
	hb_cli "$name: agent -h: its usage" 0 '^usage: hostbench agent \[-b ADDR\]' agent -h
	# --box USER@HOST starts the agent through fleet.sh, which needs the key.
	_key=${HOSTBENCH_KEY-}
	unset HOSTBENCH_KEY
	hb_cli "$name: --box USER@HOST without HOSTBENCH_KEY: exit 2" 2 \
		"--box root@router: set HOSTBENCH_KEY" run --box root@router
	[ -z "$_key" ] || export HOSTBENCH_KEY="$_key"
	# (The build tree's programs, through the wrapper when cross-compiled:
	# list runs hello first, and each program's -h.)
	hb list
	ok "$name: list names the benchmarks" lists_all
	ok "$name: ... and hostinfo apart, as no benchmark" hostinfo_apart
	hb_cli "$name: list with an argument: exit 2 naming it" 2 "list: unexpected argument 'x'" list x
	hb_cli "$name: info's arguments go to hostinfo (info -h)" 0 '^usage: hostinfo ' info -h
	hb_cli "$name: a benchmark's options after its operands go to it" 0 \
		'^BenchmarkLatSyscall/op=null[[:space:]]' lat_syscall null -N 1 -T 1ms -o raw
	HOSTBENCH_LIBEXEC=$fake hb_cli "$name: a benchmark of the suite that is not built: exit 1 naming it" 1 \
		"^hostbench: no program '$fake/bw_mem' \\(not built\\? set HOSTBENCH_LIBEXEC\\)" bw_mem 8m rd

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

	# A run killed by SIGTERM leaves nothing behind.
	hb_killed_run "$fake" "$name" TERM 143

	# The real programs, found in the build tree beside the script.
	if [ "$real" = no ]; then
		for _i in 1 2 3 4 5 6 7 8 9 10 11; do
			skip "bench/lat_syscall or bench/hostinfo is not built"
		done
		return 0
	fi
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
	hb lat_syscall -N 3 -T 1ms -o raw null
	is "$name: 'hostbench lat_syscall -N 3 null' runs one benchmark" \
		'0 3' "$HB_STATUS $(printf '%s\n' "$HB_OUT" | grep -c '^BenchmarkLatSyscall/op=null')"
	hb info
	is "$name: info prints the host" \
		'0 1' "$HB_STATUS $(printf '%s\n' "$HB_OUT" | grep -c '^cpus: [1-9]')"
	# A wrapper is a command line: split into words by the front end.
	printf '#!/bin/sh\nexec %s "$@"\n' "$TEST_WRAPPER" >"$d/qemu-fake"
	chmod +x "$d/qemu-fake"
	HOSTBENCH_WRAPPER="env HB_EMU=1 $d/qemu-fake" hb info
	is "$name: under a wrapper, emulation is the wrapper's command name" \
		'0 emulation: qemu-fake' "$HB_STATUS $(printf '%s\n' "$HB_OUT" | grep '^emulation:')"
	export HOSTBENCH_WRAPPER="$TEST_WRAPPER"
}

hb_shells
