#!/bin/sh
# hostbench-run, the suite runner, as users start it: through the front
# end (hostbench run, ab, info) under plain sh, once -- what the runner
# does does not depend on the shell that started it (the front end's
# part, under dash and busybox sh, is tests/scripts/hostbench-t.sh).
#
# Option errors of run and ab (profile, --only, --tag, --budget, --fsdir,
# -o, the network settings, --rounds; control bytes and text that is not
# UTF-8 in --note and --tag), nothing written after one; what a run
# records (an unsupported / failed / crashed / missing benchmark, with
# the run going on; notes, tags, the fingerprint); result files numbered
# .0, .1 and never overwritten; --only and --skip; a budget that ends
# the run early; the network settings in the network cases' arguments
# and the box agent's fingerprint (--box HOST:PORT); progress with the
# time left (none under -q) counting every round; --rounds (the whole
# list of cases again, each case ending in its noise line); a process a
# benchmark leaves running, stopped; a run killed by SIGINT, or by
# SIGTERM while its benchmark ignores it, leaving nothing behind; the
# scratch directory of a SIGKILLed info removed by the next; and, with
# the real programs, the memory cases' sizes from HOSTBENCH_MEM_AVAILABLE
# and HOSTBENCH_LLC, and what info says.
#
# Stand-in programs (shell scripts in a temporary HOSTBENCH_LIBEXEC,
# hb_stand_ins in libhb.sh) make the failure, timing and signal cases
# deterministic.  Nothing is timed: where a test waits, it waits for a
# condition, counted in naps, so that a busy machine only makes it wait
# longer.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libhb.sh"

script=$top_builddir/hostbench
[ -f "$script" ] || skip_all "$script is not generated (make hostbench)"
sh='sh'
plan 111
tmpd=$(mktemp -d "${TMPDIR:-/tmp}/run-t.XXXXXX") || bail 'mktemp -d failed'
_tap_cleanup_hook() {
	if [ -n "${slow_pid:-}" ]; then
		kill -KILL "$slow_pid" 2>/dev/null || :
	fi
	hb_stop_stand_ins
	rm -rf "$tmpd"
}
trap 'exit 1' HUP INT TERM
unset HOSTBENCH_LIBEXEC HOSTBENCH_COMPARE
# The runner (a program of the build) runs through the wrapper of a
# cross build; it runs the stand-ins, which are scripts, without it.
export HOSTBENCH_WRAPPER="$TEST_WRAPPER"
d=$tmpd/run
mkdir "$d"

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

# args_of FILE: the arguments of FILE's cases on one line, separated by
# "|".
args_of() {
	sed -n 's/^# args: //p' "$1" | tr '\n' '|' | sed 's/|$//'
}

# statuses FILE: "name status" of each benchmark, one a line.
statuses() {
	awk '/^# bench: / && !b { b = $3 } /^# status: / { s = $0; sub(/^# status: /, "", s); print b " " s; b = "" }' "$1"
}

# printed_and_written FILE: the run exited 0, printed FILE and wrote it.
printed_and_written() {
	[ "$HB_STATUS" -eq 0 ] && [ "$HB_OUT" = "$1" ] && [ -s "$1" ]
}

# Where /proc/stat is, each case's record ends in a noise line (noise_ok,
# in libtap.sh); the values are CPUs' worth of time, so at most the CPUs.
ncpus=$(grep -c '^cpu[0-9]' /proc/stat 2>/dev/null) || ncpus=0

# Stand-in programs (hb_stand_ins), and the network cases': bw_tcp and
# bw_udp stand-ins that print a result.
fake=$tmpd/fake
mkdir "$fake"
hb_stand_ins "$fake"
fakenet=$tmpd/fakenet
mkdir "$fakenet"
cp "$fake/hostinfo" "$fakenet/"
hb_runner_in "$fakenet"
for _p in bw_tcp bw_udp; do
	printf '#!/bin/sh\nprintf "Benchmark%s\\t 1\\t 1 MB/s\\n"\n' "$_p" >"$fakenet/$_p"
	chmod +x "$fakenet/$_p"
done

real=no
if [ -f "$top_builddir/bench/lat_syscall" ] && [ -f "$top_builddir/bench/hostinfo" ]; then
	real=yes
fi

# SIGINT can be sent to a run started in the background only where env
# can undo the shell's ignoring it there.
sigint=no
if env --default-signal=INT true 2>/dev/null; then
	sigint=yes
fi

# ---------------------------------------------------------------- option errors

# Nothing is run (the build tree's programs would be).
hb_cli "run with an unknown option: exit 2 naming it" 2 "unknown option '--frob'" run --frob
hb_cli "run with a bad profile: exit 2 naming it" 2 "unknown profile 'huge'" run --profile huge
hb_cli "run --only with an unknown benchmark: exit 2 naming it" 2 "unknown benchmark 'lat_foo'" run --only lat_syscall,lat_foo
hb_cli "run --profile without a value: exit 2" 2 "'--profile' needs a value" run --profile
hb_cli "--tag with a bad key: exit 2 naming it" 2 "bad key 'Board'" run --tag Board=x
hb_cli "--tag without '=': exit 2" 2 "'board' is not KEY=VALUE" run --tag board
hb_cli "--tag without a value: exit 2" 2 "no value in 'board='" run --tag board=
hb_cli "--tag twice with one key: exit 2" 2 "'board' given twice" run --tag board=a --tag board=b
hb_cli "--budget not a number: exit 2" 2 "'1m' is not a whole number" run --budget 1m
hb_cli "--fsdir not a directory: exit 2" 2 "'$d/nodir' is not a directory" run --fsdir "$d/nodir"
hb_cli "--remote-host with a blank: exit 2" 2 "must not contain blanks" run --remote-host 'a b'
hb_cli "run --only hostinfo: exit 2, no benchmark (the fingerprint is in every run)" 2 \
	"run: --only: hostinfo is no benchmark: every run records the host fingerprint" run --only hostinfo
printf 'precious\n' >"$d/existing"
before=$(sum "$d/existing")
hb_cli "run -o an existing file: exit 2 naming it" 2 "'$d/existing' exists" run -o "$d/existing"
is "... and the file is unchanged" "$before" "$(sum "$d/existing")"

# ---------------------------------------------------------------- stand-ins: what a run records

export HOSTBENCH_LIBEXEC="$fake"
hb run -q --profile test --note 'a note' --tag board=vm --tag kernel-config=stock --results-dir "$d/fr"
f=$d/fr/fakearch-fake/fakehost.0
is "a run exits 0, prints the result path and nothing else" "0 $f|" "$HB_STATUS $HB_OUT|$HB_ERR"
ok "an unsupported benchmark is recorded with its reason" \
	has_line "$f" '^# status: unsupported: lat_syscall: read: not supported here$'
ok "a failed benchmark is recorded with its last message" \
	has_line "$f" '^# status: failed: lat_syscall: write: it broke$'
ok "a crashed benchmark is recorded with its signal" \
	has_line "$f" '^# status: failed: killed by signal 11$'
ok "a missing program is recorded as skipped" \
	has_line "$f" '^# status: skipped: bw_mem is not built$'
is "hostinfo's lines, emulation, netfilter-rules, the note, the tags, the profile" \
	'cpus emulation netfilter-rules #note tag-board tag-kernel-config profile' \
	"$(keys_of "$f" 'cpus: 1' 7)"
ok "... tags as tag-KEY: VALUE" has_line "$f" '^tag-kernel-config: stock$'
is "each benchmark: bench, args, status (its program's header follows)" \
	'#bench #args #status' "$(keys_of "$f" '# bench: lat_syscall' 3)"
ok "... one writer a line: the suite writes no cpu-affinity or load of its own" \
	no_line "$f" '^(cpu-affinity|load): '
first=$(sum "$f")

# Control bytes in --note and --tag (CR, LF, tab, the rest of C0 and
# DEL) would break the result file's lines: exit 2 naming the option and
# the byte, nothing run and nothing written.  COMMAND OPTION OCTAL HEX.
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
	hb_cli "$1 $2 with byte 0x$4: exit 2 naming it" 2 \
		"^hostbench: $1: $2: .*must not contain control characters \\(byte 0x$4\\)" \
		$1 $_ab --profile test --only mhz --results-dir "$d/ctl" "$2" "$_v"
done
is "... and nothing ran, nothing was written" '' "$(files_in "$d/ctl")"
# Text that is not UTF-8 (Latin-1 here): the results tool, which reads
# result files as UTF-8, names the byte.  (A cross build's tool does not
# run here without its wrapper.)
if [ -z "$TEST_WRAPPER" ]; then
	hb_cli "run --note in Latin-1: exit 2, naming the byte" 2 \
		"^hostbench: run: --note: the note must be valid UTF-8 .*byte 0xe9 at offset 3" \
		run --profile test --only mhz --results-dir "$d/ctl" --note "$(printf 'caf\351')"
	hb_cli "ab --tag in Latin-1: exit 2" 2 \
		"^hostbench: ab: --tag: .*must be valid UTF-8 .*byte 0xe9" \
		ab --a true --b false --profile test --only mhz --results-dir "$d/ctl" --tag "board=caf$(printf '\351')"
	hb run -q --profile test --only mhz -o "$d/utf8.0" --note 'café 日本'
	is "a UTF-8 note is taken as it is" "0 café 日本" "$HB_STATUS $(sed -n 's/^# note: //p' "$d/utf8.0")"
else
	skip "the results tool does not run here without its wrapper"
	skip "the results tool does not run here without its wrapper"
	skip "the results tool does not run here without its wrapper"
fi

# Numbering: .0, .1, never overwriting; -o FILE.
hb run -q --profile test --results-dir "$d/fr"
is "a second run writes .1" "0 $d/fr/fakearch-fake/fakehost.1" "$HB_STATUS $HB_OUT"
is "... and leaves .0 as it was, with no temporary file" \
	"$first|fakehost.0 fakehost.1" "$(sum "$f")|$(files_in "$d/fr/fakearch-fake")"
hb run -q --only lat_syscall -o "$d/out.txt"
ok "run -o writes a new file and prints its path" printed_and_written "$d/out.txt"

# --only, --skip.
hb run -q --profile test --only lat_syscall,mhz -o "$d/only"
is "--only runs just those" 'lat_syscall mhz' \
	"$(sed -n 's/^# bench: //p' "$d/only" | sort -u | tr '\n' ' ' | sed 's/ $//')"
hb run -q --profile test --skip lat_syscall,bw_mem -o "$d/skip"
ok "--skip runs the rest" has_line "$d/skip" '^# bench: mhz$'
ok "... but not those" no_line "$d/skip" '^# bench: (lat_syscall|bw_mem)$'

# --budget: no benchmark starts once it is spent.  The budget counts
# from before the fingerprint, so the first case must start before it is
# spent even on a busy machine: 3 s, and a first case of 3 s.
hb run -q --profile test --only mhz,lat_syscall --budget 0 -o "$d/b0"
is "--budget 0 runs nothing, records each as skipped: budget" \
	'0 7 7' "$HB_STATUS $(grep -c '^# bench: ' "$d/b0") $(grep -c '^# status: skipped: budget$' "$d/b0")"
export HB_NAP=3
hb run -q --profile test --only lat_syscall --budget 3 -o "$d/b3"
unset HB_NAP
is "--budget 3 after a 3 s benchmark: that one ran, the rest skipped" \
	'0|lat_syscall ok|5' \
	"$HB_STATUS|$(statuses "$d/b3" | sed -n 1p)|$(grep -c '^# status: skipped: budget$' "$d/b3")"
ok "... and the file records the budget" has_line "$d/b3" '^budget: 3 s$'

# ---------------------------------------------------------------- the network settings

# Into the network cases' arguments, recorded as conditions; a bad one
# stops the run before it starts.
HOSTBENCH_LIBEXEC=$fakenet hb run -q --profile test --only bw_tcp,bw_udp --remote-host far \
	--net-time 300ms --tcp-window 1m --streams 2 --udp-size 512 -o "$d/net"
is "--net-time, --tcp-window, --streams, --udp-size reach the network cases" \
	"0|-t 300ms -w 1m -P 2|-t 300ms -w 1m -P 2 far|-t 300ms -l 512 -b 0|-t 300ms -l 512 -b 0 far|-t 300ms -l 64 -b 0 far|-t 300ms -l 512 -b ladder far" \
	"$HB_STATUS|$(args_of "$d/net")"
is "... and the file records them" \
	'remote-host: far|net-time: 300ms|tcp-window: 1m|streams: 2|udp-size: 512' \
	"$(grep -E '^(remote-host|net-time|tcp-window|streams|udp-size|udp-rate): ' "$d/net" | tr '\n' '|' | sed 's/|$//')"
# --confidence: netperf's -I to the cases that sample, not to those that
# refuse -I (mhz times its own chains).
fakeconf=$tmpd/fakeconf
mkdir "$fakeconf"
cp "$fake/hostinfo" "$fakeconf/"
hb_runner_in "$fakeconf"
for _p in bw_tcp bw_udp mhz; do
	printf '#!/bin/sh\nprintf "# argv: %%s\\n" "$*"\nprintf "Benchmark%s\\t 1\\t 1 MB/s\\n"\n' "$_p" >"$fakeconf/$_p"
	chmod +x "$fakeconf/$_p"
done
HOSTBENCH_LIBEXEC=$fakeconf hb run -q --profile test --only bw_tcp,bw_udp,mhz --confidence 99,5 -o "$d/conf"
is "--confidence 99,5: -I 99,5 to bw_tcp's and bw_udp's cases, none to mhz's" \
	"0|-N 3 -T 1ms -o raw|-N 3 -T 1ms -I 99,5 -o raw -t 0.05|-N 3 -T 1ms -I 99,5 -o raw -t 0.05 -l 1470 -b 0" \
	"$HB_STATUS|$(sed -n 's/^# argv: //p' "$d/conf" | tr '\n' '|' | sed 's/|$//')"
ok '... and the file records it' has_line "$d/conf" '^confidence: 99,5$'
HOSTBENCH_LIBEXEC=$fakeconf hb run -q --profile test --only bw_tcp --confidence 99 -o "$d/conf99"
is "--confidence 99: netperf's level alone, as -I 99" "0|-N 3 -T 1ms -I 99 -o raw -t 0.05" \
	"$HB_STATUS|$(sed -n 's/^# argv: //p' "$d/conf99")"
hb_cli '--confidence 40,5: exit 2 naming it' 2 "^hostbench: run: --confidence: '40,5': a level in percent, 50 \.\. 99\.9" \
	run --confidence 40,5
hb_cli '--confidence 99,x: exit 2 naming the width' 2 "^hostbench: run: --confidence: '99,x': the width after the comma" \
	run --confidence 99,x
HOSTBENCH_LIBEXEC=$fakenet hb run -q --profile test --only bw_tcp,bw_udp -o "$d/net0"
is "without them: the profile's transfer time, 1470-byte datagrams, no remote case" \
	"0|-t 0.05|-t 0.05 -l 1470 -b 0" "$HB_STATUS|$(args_of "$d/net0")"
HOSTBENCH_LIBEXEC=$fakenet hb run -q --profile test --only bw_udp --remote-host far \
	--box fakebox:4000 --udp-rate 10m,20m -o "$d/box"
is "--box: the remote cases sample the box (-A), and the ladder takes --udp-rate" \
	"0|-t 0.05 -l 1470 -b 0|-t 0.2 -l 1470 -b 0 -A fakebox:4000 far|-t 0.2 -l 64 -b 0 -A fakebox:4000 far|-t 0.1 -l 1470 -b 10m,20m -A fakebox:4000 far" \
	"$HB_STATUS|$(args_of "$d/box")"
is "... and the file records the box and its fingerprint" \
	'box-host: fakebox|box-netfilter-rules: 3' \
	"$(grep -E '^box' "$d/box" | tr '\n' '|' | sed 's/|$//')"
HOSTBENCH_LIBEXEC=$fakenet hb_cli "--box with no agent there: exit 1 saying so, nothing written" 1 \
	"--box: no fingerprint from the box agent at nobox: hostinfo: box nobox: nothing listens there" \
	run -q --profile test --only bw_udp --box nobox -o "$d/nobox"
ok "... and no file" test ! -e "$d/nobox"
# (--box USER@HOST is the front end's: tests/scripts/hostbench-t.sh.)
bad="$d/badnet"
hb_cli "--box with a bad port: exit 2" 2 "--box: 'x1' is not a port number" \
	run --results-dir "$bad" --box router:x1
hb_cli "--net-time 0: exit 2 naming the range" 2 "--net-time: 0 is out of range, allowed: 1ms \.\. 3600s" \
	run --results-dir "$bad" --net-time 0
hb_cli "--net-time not a time: exit 2" 2 "--net-time: '2x' is not a time" \
	run --results-dir "$bad" --net-time 2x
hb_cli "--tcp-window too small: exit 2" 2 "--tcp-window: '512' is not a size in range, allowed: 1k \.\. 256m" \
	run --results-dir "$bad" --tcp-window 512
hb_cli "--streams 0: exit 2" 2 "--streams: 0 is out of range, allowed: 1 \.\. 64" \
	run --results-dir "$bad" --streams 0
hb_cli "--udp-size too large: exit 2" 2 "--udp-size: '65508' is not a size in range" \
	run --results-dir "$bad" --udp-size 65508
hb_cli "--udp-rate with a bad step: exit 2 naming it" 2 "--udp-rate: 'fast' is not a rate" \
	run --results-dir "$bad" --udp-rate 10m,fast
is "... and nothing was written" 'none' "$(test -e "$bad" && files_in "$bad" || echo none)"

# ---------------------------------------------------------------- progress, --rounds, -q

# Progress: on stderr, with done/total, elapsed and time left.
hb run --profile test --only lat_syscall,mhz -o "$d/progress"
like "progress names the benchmark, done/total, elapsed, time left" \
	"$HB_ERR" '^\[1/7 done, [0-9.]+s elapsed, ~[0-9.]+s left\] lat_syscall null \.\.\. ok \([0-9.]+s(, noisy)?\)$'
like "... and ends with a summary" \
	"$HB_ERR" '^hostbench: 7 benchmarks in [0-9.]+s: 4 ok, 2 failed, 1 unsupported, 0 skipped'
ok "... skipped cases end in a noise line too" noise_ok "$d/b0"

# --rounds: the whole list of cases again, round after round.
hb_cli "--rounds 0: exit 2 naming the range" 2 "--rounds: 0 is out of range, allowed: 1 \.\. 99" run --rounds 0
hb_cli "--rounds abc: exit 2" 2 "--rounds: 'abc' is not a whole number" run --rounds abc
hb_cli "--rounds 100: exit 2" 2 "--rounds: 100 is out of range" run --rounds 100
hb run -q --profile test --only lat_syscall,mhz --rounds 2 -o "$d/r2"
is "--rounds 2: 'rounds: 2' after profile-options" \
	"0 profile-options rounds|rounds: 2" \
	"$HB_STATUS $(keys_of "$d/r2" 'profile-options: -N 3 -T 1ms' 2)|$(grep '^rounds:' "$d/r2")"
is "... the lines 'round: 1' and 'round: 2'" '1 2' \
	"$(sed -n 's/^# round: //p' "$d/r2" | tr '\n' ' ' | sed 's/ $//')"
is "... each round runs every case, in the same order" \
	"7|$(cases_of "$d/r2" 1 | cksum)" "$(cases_of "$d/r2" 1 | wc -l | tr -d ' ')|$(cases_of "$d/r2" 2 | cksum)"
ok "... each case ends in a noise line, 0 .. $ncpus CPUs" noise_ok "$d/r2"
hb run --profile test --only lat_syscall,mhz --rounds 2 -o "$d/progress2"
like "... progress counts the cases of every round" \
	"$HB_ERR" '^\[13/14 done, [0-9.]+s elapsed, ~[0-9.]+s left\] lat_syscall open \.\.\. ok '
like "... and so does the summary" \
	"$HB_ERR" '^hostbench: 14 benchmark runs \(7 benchmarks, 2 rounds\) in [0-9.]+s: 8 ok, 4 failed, 2 unsupported'

hb run -q --profile test --only lat_syscall,mhz -o "$d/quiet"
is "-q: nothing on stderr, the path on stdout" "0 $d/quiet|" "$HB_STATUS $HB_OUT|$HB_ERR"

# ---------------------------------------------------------------- what a run leaves behind

# A process a benchmark leaves running is stopped when it ends.
export HB_STRAY="$d/stray.pid"
hb run -q --profile test --only lat_syscall -o "$d/stray"
unset HB_STRAY
if [ -s "$d/stray.pid" ]; then
	ok "a process a benchmark leaves running is stopped" gone "$(cat "$d/stray.pid")"
else
	_tap_report 1 "the stray stand-in never started" || :
fi

# Interrupted runs leave nothing behind.  (A plain SIGTERM: under each
# shell, in tests/scripts/hostbench-t.sh.)
hb_killed_run "$fake" '' TERM 143 stubborn
if [ "$sigint" = yes ]; then
	hb_killed_run "$fake" '' INT 130
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
if wait_for "$_kd/info.pid" 600; then
	kill -KILL "$slow_pid"
	wait "$slow_pid" 2>/dev/null || :
	_old=$(cd "$_kd/tmp" && echo hostbench.*)
	mkdir "$_kd/tmp/hostbench.live00"
	echo $$ >"$_kd/tmp/hostbench.live00/pid"
	printf '%s\n' "$(sh -c 'echo $$')" >"$_kd/away/pid"
	ln -s "$_kd/away" "$_kd/tmp/hostbench.link00"
	TMPDIR=$_kd/tmp hb info
	is "a later info removes a SIGKILLed info's directory" \
		"0 hostbench.link00 hostbench.live00" "$HB_STATUS $(files_in "$_kd/tmp")"
	like "... saying so" "$HB_ERR" \
		"^hostbench: info [0-9]+ was killed: removed what it left: processes [0-9 ]+stopped; $_kd/tmp/$_old\$"
	ok "... and stops the hostinfo it left running" gone "$(cat "$_kd/info.pid")"
	is "... but leaves a live run's directory" "$$" "$(cat "$_kd/tmp/hostbench.live00/pid")"
	is "... and a symbolic link and what it points to" "link pid" \
		"$(test -L "$_kd/tmp/hostbench.link00" && echo link) $(files_in "$_kd/away")"
	rm -rf "$_kd/tmp/hostbench.live00"
else
	kill -KILL "$slow_pid" 2>/dev/null || :
	_tap_report 1 "the slow hostinfo never started" || :
	for _i in 1 2 3 4; do
		skip 'no info to kill'
	done
fi
slow_pid=
unset HOSTBENCH_LIBEXEC

# ---------------------------------------------------------------- the real programs: sizes

# The programs found in the build tree beside the script.
if [ "$real" = no ]; then
	for _i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
		skip "bench/lat_syscall or bench/hostinfo is not built"
	done
	exit 0
fi
# With tiny memory no program is given a size it refuses: each case runs
# at a size the program takes or is skipped, saying why.
HOSTBENCH_MEM_AVAILABLE=16k hb run -q --profile test \
	--only lat_mmap,bw_file_rd,bw_mmap_rd -o "$d/tiny"
ok "16k of memory: no case fails with a usage message" \
	no_line "$d/tiny" '^# status: failed: .*usage:'
is "... lat_mmap is skipped saying why, bw_file_rd and bw_mmap_rd run at 4k" \
	"0|2|lat_mmap 4k;lat_mmap -r 4k;bw_file_rd 4k io_only" \
	"$HB_STATUS|$(grep -c '^# status: skipped: only 16 kB free, the least for lat_mmap is 16k, which needs 64 kB$' "$d/tiny")|$(cases_of "$d/tiny" 1 | sed -n 1,3p | joined)"
# The memory bandwidth cases measure the memory in every profile: bw_mem's
# buffers and stream's arrays 4 x the last-level cache, at least 8m, and
# full's 256k and 8m besides; --budget 0 records the cases with their
# arguments and runs none.
export HOSTBENCH_LLC=3m
for _p in test quick standard full; do
	hb run -q --profile "$_p" --only bw_mem,stream --rounds 1 --budget 0 -o "$d/llc.$_p"
done
is "a 3M cache: bw_mem 12m (4 x 3M) in test and quick, lmbench's four" \
	'0 12m frd;12m fwr;12m fcp;12m bcopy' \
	"$HB_STATUS $(for _p in test quick; do bw_args "$d/llc.$_p" | joined; done | sort -u)"
is "... and stream's three arrays 12m each" \
	'-M 12m' "$(for _p in test quick; do stream_args "$d/llc.$_p" | joined; done | sort -u)"
is "... the same 12m in standard, every operation and STREAM2 too" \
	'12m rd;12m wr;12m rdwr;12m cp;12m frd;12m fwr;12m fcp;12m bzero;12m bcopy|-M 12m;-v 2 -M 12m' \
	"$(bw_args "$d/llc.standard" | joined)|$(stream_args "$d/llc.standard" | joined)"
is "full: 256k and 8m, which the caches hold, and 12m" \
	'256k rd;8m rd;12m rd|-M 256k;-M 8m;-M 12m;-v 2 -M 256k;-v 2 -M 8m;-v 2 -M 12m' \
	"$(bw_args "$d/llc.full" | grep ' rd$' | joined)|$(stream_args "$d/llc.full" | joined)"
is "the fingerprint says which cache" 'llc: 3M (HOSTBENCH_LLC)' "$(grep '^llc: ' "$d/llc.quick")"
HOSTBENCH_LLC=64m
for _p in test quick standard; do
	hb run -q --profile "$_p" --only bw_mem --rounds 1 --budget 0 -o "$d/llc.64m.$_p"
done
is "a 64M cache: 128m at most in test and quick, 256m (4 x 64M) in standard" \
	'128m frd|128m frd|256m rd' \
	"$(for _p in test quick standard; do bw_args "$d/llc.64m.$_p" | sed -n 1p; done | tr '\n' '|' | sed 's/|$//')"
HOSTBENCH_LLC=1m
hb run -q --profile full --only bw_mem --rounds 1 --budget 0 -o "$d/llc.1m"
is "a 1M cache: 8m, STREAM's least (full's 8m is that one)" '256k rd;8m rd' \
	"$(bw_args "$d/llc.1m" | grep ' rd$' | joined)"
# Little memory: cut to half of it, by the buffers a case holds (one, the
# copies' two, stream's three), to the power of two below; under 4 x the
# cache the results say in=cache.
HOSTBENCH_LLC=3m
export HOSTBENCH_MEM_AVAILABLE=8m
hb run -q --profile quick --only bw_mem,stream --rounds 1 -o "$d/llc.8m"
unset HOSTBENCH_MEM_AVAILABLE
is "8m free: one buffer 4m, a copy's two 2m, stream's three 1m" \
	'0|4m frd;4m fwr;2m fcp;2m bcopy|-M 1m' \
	"$HB_STATUS|$(bw_args "$d/llc.8m" | joined)|$(stream_args "$d/llc.8m" | joined)"
is "... under 4 x 3M: every result named in=cache" \
	'BwMem/op=fcp/size=2M/in=cache BwMem/op=frd/size=4M/in=cache Stream/op=copy/size=1M/in=cache' \
	"$(sed -n 's/^Benchmark\(\(BwMem\/op=frd\|BwMem\/op=fcp\|Stream\/op=copy\)\/[^[:space:]]*\).*/\1/p' "$d/llc.8m" | sort -u | tr '\n' ' ' | sed 's/ $//')"
HOSTBENCH_LLC=256k
export HOSTBENCH_MEM_AVAILABLE=8m
hb run -q --profile quick --only bw_mem --rounds 1 -o "$d/llc.256k"
unset HOSTBENCH_MEM_AVAILABLE
is "... a 256K cache: 4m is past it, the plain name" 'BwMem/op=frd/size=4M' \
	"$(sed -n 's/^Benchmark\(BwMem\/op=frd\/[^[:space:]]*\).*/\1/p' "$d/llc.256k" | sort -u)"
HOSTBENCH_LLC=lots
hb_cli "HOSTBENCH_LLC=lots: exit 2 naming it, before anything runs" 2 \
	"^hostbench: run: HOSTBENCH_LLC: 'lots' is not a size" run -q --profile test --only bw_mem -o "$d/llc.bad"
is "... nothing written" no "$(test -e "$d/llc.bad" && echo yes || echo no)"
unset HOSTBENCH_LLC

# ---------------------------------------------------------------- the real programs: info

hb info
like "info prints the host's netfilter rules" "$HB_OUT" '^netfilter-rules: ([0-9]+ \(|unknown)'
like "... and the emulation it runs under" "$HB_OUT" '^emulation: [A-Za-z0-9_.-]+$'
