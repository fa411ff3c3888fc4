# libtap.sh: TAP for hostbench's shell tests (POSIX sh; sourced).
#
#   . "$top_srcdir/tests/tap/libtap.sh"
#   plan 3
#   cli 'null -h exits 0' 0 'usage:' lat_syscall -h
#   ok 'a thing holds' test "$x" -gt 0
#
# Programs named to cli/run_prog are looked up in $top_builddir/bench and
# run through $TEST_WRAPPER (qemu-user when cross-compiling).

: "${top_srcdir:=.}"
: "${top_builddir:=.}"
: "${TEST_WRAPPER:=}"
_tap_n=0
_tap_failed=0
_tap_planned=
TAP_OUT=
TAP_STATUS=

plan() {
	_tap_planned=$1
	printf '1..%s\n' "$1"
	trap '_tap_end' EXIT
}

_tap_end() {
	_tap_rc=$?
	_tap_cleanup_hook
	if [ -n "$_tap_planned" ] && [ "$_tap_n" -ne "$_tap_planned" ]; then
		printf '# planned %s tests but ran %s\n' "$_tap_planned" "$_tap_n"
		exit 255
	fi
	[ "$_tap_failed" -eq 0 ] || exit 1
	exit "$_tap_rc"
}

# Tests may redefine this to remove what they made.
_tap_cleanup_hook() { :; }

skip_all() {
	printf '1..0 # SKIP %s\n' "$*"
	exit 0
}

bail() {
	printf 'Bail out! %s\n' "$*"
	exit 255
}

diag() {
	printf '%s\n' "$*" | sed 's/^/# /'
}

_tap_report() {
	_tap_n=$((_tap_n + 1))
	if [ "$1" -eq 0 ]; then
		printf 'ok %s - %s\n' "$_tap_n" "$2"
	else
		_tap_failed=$((_tap_failed + 1))
		printf 'not ok %s - %s\n' "$_tap_n" "$2"
	fi
	return "$1"
}

# ok DESC CMD...: passes when CMD exits 0.
ok() {
	_d=$1
	shift
	if "$@"; then _tap_report 0 "$_d"; else _tap_report 1 "$_d"; fi
}

# is DESC EXPECTED SEEN
is() {
	if [ "$2" = "$3" ]; then
		_tap_report 0 "$1"
	else
		_tap_report 1 "$1"
		diag "expected '$2', seen '$3'"
	fi
}

# like DESC TEXT PATTERN: passes when a line of TEXT matches the
# extended regex PATTERN.
like() {
	if printf '%s\n' "$2" | grep -Eq -- "$3"; then
		_tap_report 0 "$1"
	else
		_tap_report 1 "$1"
		diag "no line matches /$3/ in:"
		diag "$2"
	fi
}

skip() {
	_tap_n=$((_tap_n + 1))
	printf 'ok %s # SKIP %s\n' "$_tap_n" "$*"
}

# prog NAME: path of a built benchmark program.
prog() {
	printf '%s/bench/%s' "$top_builddir" "$1"
}

# run_prog NAME ARGS...: run a built program (through TEST_WRAPPER) and
# leave its combined stdout+stderr in $TAP_OUT and its status in
# $TAP_STATUS.  Stdout alone goes to $TAP_STDOUT.
run_prog() {
	_p=$(prog "$1")
	shift
	_tap_tmp=${TMPDIR:-/tmp}/hostbench-tap.$$
	TAP_STATUS=0
	# shellcheck disable=SC2086
	$TEST_WRAPPER "$_p" "$@" >"$_tap_tmp.out" 2>"$_tap_tmp.err" </dev/null || TAP_STATUS=$?
	TAP_STDOUT=$(cat "$_tap_tmp.out")
	TAP_STDERR=$(cat "$_tap_tmp.err")
	TAP_OUT=$(cat "$_tap_tmp.out" "$_tap_tmp.err")
	rm -f "$_tap_tmp.out" "$_tap_tmp.err"
}

# cli DESC STATUS PATTERN NAME ARGS...: run a program; pass when it exits
# with STATUS and its combined output matches the extended regex PATTERN
# (an empty pattern matches anything).
cli() {
	_d=$1 _want=$2 _pat=$3
	shift 3
	run_prog "$@"
	if [ "$TAP_STATUS" -ne "$_want" ]; then
		_tap_report 1 "$_d"
		diag "expected exit $_want, seen $TAP_STATUS: $*"
		diag "$TAP_OUT"
		return 1
	fi
	if [ -n "$_pat" ] && ! printf '%s\n' "$TAP_OUT" | grep -Eq -- "$_pat"; then
		_tap_report 1 "$_d"
		diag "output does not match /$_pat/: $*"
		diag "$TAP_OUT"
		return 1
	fi
	_tap_report 0 "$_d"
}

# results_of TEXT NAME: the values (first value of each line) of the raw
# result lines whose name is exactly Benchmark<NAME>, one per line; not
# the lines of the run's own figures under that name (percentiles, each
# end's CPU, the granted buffers, the box's CPU and packets: see figure_of).
results_of() {
	printf '%s\n' "$1" | awk -v n="Benchmark$2" '
		$1 == n && $4 !~ /^((local|remote)(-own)?-|(p[0-9]+|max)-ns$|bytes-(snd|rcv)buf$|%(busiest|total)|softnet-|irqs\/s$)/ { print $3 }'
}

# figure_of TEXT NAME UNIT: the values in UNIT on the raw result lines
# named exactly Benchmark<NAME>, one per line.  A run's own figures
# (p50-ns, local-%sys, l1-bytes ...) are units on its result's lines.
figure_of() {
	printf '%s\n' "$1" | awk -v n="Benchmark$2" -v u="$3" '
		$1 == n { for (i = 4; i <= NF; i += 2) if ($i == u) print $(i - 1) }'
}

# count_of TEXT NAME UNIT: the iteration counts of those lines.
count_of() {
	printf '%s\n' "$1" | awk -v n="Benchmark$2" -v u="$3" '
		$1 == n { for (i = 4; i <= NF; i += 2) if ($i == u) print $2 }'
}

# median_of: the median of numbers on stdin, one per line.
median_of() {
	sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) exit 1;
		if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# min_of: the smallest of numbers on stdin, one per line.  Noise on a
# shared machine only adds time, so orderings between two benchmarks are
# compared on their minimums.
min_of() {
	sort -g | head -n 1
}

# starttime PID: when the process started (clock ticks after boot, field
# 22 of /proc/PID/stat); empty when it is gone or there is no /proc.
starttime() {
	{ read -r _l <"/proc/$1/stat"; } 2>/dev/null || return 0
	# shellcheck disable=SC2086 # (the fields after the command name)
	set -- ${_l##*) }
	[ $# -ge 20 ] || return 0
	shift 19
	printf '%s' "$1"
}

# remember PID...: note when each process started, for kill_ours.
remember() {
	for _p do
		case $_p in '' | *[!0-9]*) continue ;; esac
		eval "_hb_st_$_p=\$(starttime \"\$_p\")"
	done
}

# kill_ours SIGNAL PID...: signal each PID that is still the process
# remember saw.  A test's process that ended long ago may have handed its
# number to another test's (PIDs are reused within minutes under make
# -j): that one is left alone.  Without /proc (no start time) the signal
# goes as asked.
kill_ours() {
	_sig=$1
	shift
	for _p do
		case $_p in '' | *[!0-9]*) continue ;; esac
		eval "_want=\${_hb_st_$_p:-}"
		_now=$(starttime "$_p")
		if [ -n "$_want" ] && [ "$_now" != "$_want" ]; then
			continue
		fi
		[ -z "$_now" ] && [ -d /proc/self ] && continue
		kill "-$_sig" "$_p" 2>/dev/null || :
	done
	return 0
}

# pids_with_env VAR=VALUE: the processes (other than this shell's own
# pipeline) whose environment holds VAR=VALUE exactly, one pid per line.
# A unique value (a test's own TMPDIR) tells a test's processes from any
# other run of the same program on the machine.  Needs /proc.
pids_with_env() {
	for _e in /proc/[0-9]*/environ; do
		_p=${_e#/proc/}
		_p=${_p%/environ}
		[ "$_p" = "$$" ] && continue
		{ tr '\000' '\n' <"$_e"; } 2>/dev/null | grep -qxF -- "$1" && printf '%s\n' "$_p"
	done
	return 0
}

# pids_with_cmdline TEXT: the processes (other than this shell) whose
# command line, its words joined by spaces, holds TEXT, one pid per line:
# pgrep -f, which a minimal system may lack.  Needs /proc.
pids_with_cmdline() {
	for _f in /proc/[0-9]*/cmdline; do
		_p=${_f#/proc/}
		_p=${_p%/cmdline}
		[ "$_p" = "$$" ] && continue
		_c=$({ tr '\000' ' ' <"$_f"; } 2>/dev/null) || continue
		case $_c in *"$1"*) printf '%s\n' "$_p" ;; esac
	done
	return 0
}

# procs TEXT: how many processes have TEXT in their command line.
procs() {
	pids_with_cmdline "$1" | wc -l | tr -d ' '
}

# children_of PID: PID's child processes, one pid per line: pgrep -P.
# Needs /proc.
children_of() {
	for _f in /proc/[0-9]*/stat; do
		# "pid (comm) state ppid ...": comm may hold spaces and parentheses.
		{ sed -n "s/^\([0-9]*\) .*) [A-Za-z] $1 .*/\1/p" "$_f"; } 2>/dev/null
	done
	return 0
}

# num_between LO X HI: true when LO <= X <= HI (floating point).
num_between() {
	awk -v lo="$1" -v x="$2" -v hi="$3" 'BEGIN { exit !(x != "" && x + 0 >= lo + 0 && x + 0 <= hi + 0) }'
}

# The keys written as run notes, "# key: value", as an ERE alternation:
# lib/core/output.c's run_note_keys as hostinfo -k prints them, so the tests
# and the programs cannot disagree.  Empty when hostinfo is not built (or
# does not run): then no note matches, and a test that reads notes fails
# rather than passing on a stale list.
RUN_NOTES=$($TEST_WRAPPER "$top_builddir/bench/hostinfo" -k 2>/dev/null | awk '
	/^[a-z][a-z0-9-]*$/ { s = s (n++ ? "|" : "") $0 } END { print s }')

# well_formed TEXT: every line is a config line ("key: value", or "key:"
# alone: the key cleared), a run note ("# key: value" of a key in
# RUN_NOTES; in a suite's file, which starts "hostbench:", any key: a
# case's lines are notes), a blank line, the suite's
# "# noise: cpu-others=X.XX steal=Y.YY ticks=N[ load=L.LL]" after a case,
# the program's "# noise-self: nivcsw=N nvcsw=V children-csw=K
# [migrations=M] wall-ms=W" and "# hist: ..." lines, a case's
# "# noisy: why" or "# settled: how", a unit metadata line
# "Unit UNIT key=value..." (better=higher|lower, assume=exact|nothing), or
# a result line "BenchmarkX  N  V unit [V unit]...", and there is at
# least one result.
well_formed() {
	printf '%s\n' "$1" | awk -v run_notes="$RUN_NOTES" '
		NR == 1 && /^hostbench: / { suite = 1 }
		/^$/ { next }
		/^[a-z][a-z0-9-]*:( |$)/ { next }
		/^# noise: cpu-others=[0-9]+\.[0-9][0-9] steal=[0-9]+\.[0-9][0-9] ticks=[0-9]+( load=[0-9]+\.[0-9][0-9])?$/ { next }
		/^# noise-self: nivcsw=[0-9]+ nvcsw=[0-9]+ children-csw=[0-9]+( migrations=[0-9]+)? wall-ms=[0-9]+( run-ms=[0-9]+\.[0-9] wait-ms=[0-9]+\.[0-9])?( stall-ms=[0-9]+\.[0-9])?( steal-ms=[0-9]+\.[0-9])?( others-ms=[0-9]+ cpus=[0-9]+)?$/ { next }
		/^# (noisy|settled): [^ ]/ { next }
		/^# hist: Benchmark[A-Z][^ ]* [^ ]+ loglin-7-44 n=[0-9]+ min=[0-9]+ max=[0-9]+( [0-9]+:[0-9]+(,[0-9]+)*)*$/ { next }
		/^# (noise|noise-self|noisy|settled|hist):/ { bad++; next }
		$0 ~ "^# (box-)?(" run_notes "):( |$)" { next }
		suite && /^# [a-z][a-z0-9-]*:( |$)/ { next }
		/^Unit [^ ]+( (better=(higher|lower)|assume=(exact|nothing)))+$/ { next }
		/^Benchmark[A-Z]/ {
			if (NF < 4 || NF % 2) bad++
			if ($2 !~ /^[0-9]+$/) bad++
			for (i = 3; i < NF; i += 2) if ($i !~ /^-?[0-9.]+$/) bad++
			n++; next }
		{ bad++ }
		END { exit !(n > 0 && bad == 0) }'
}

# noise_ok FILE: every case's status is followed, after the program's
# records and before the next case or round, by one line
# "# noise: cpu-others=C steal=S ticks=T[ load=L]" (two decimals, 0 ..
# the CPUs; T whole); no such line at all without /proc/stat.
noise_ok() {
	if [ ! -r /proc/stat ]; then
		! grep -q '^# noise' "$1"
		return
	fi
	awk -v max="$(grep -c '^cpu[0-9]' /proc/stat)" '
		/^# status: / { if (open) bad = bad " status " NR " after an open case"; open = 1; n++; next }
		/^# noise: / {
			if (!open) bad = bad " noise " NR " outside a case"
			open = 0
			if ($0 !~ /^# noise: cpu-others=[0-9]+\.[0-9][0-9] steal=[0-9]+\.[0-9][0-9] ticks=[0-9]+( load=[0-9]+\.[0-9][0-9])?$/)
				bad = bad " malformed " NR
			split($3, o, "="); split($4, s, "=")
			if (o[2] + 0 > max + 0 || s[2] + 0 > max + 0) bad = bad " out of range " NR
			next
		}
		/^Benchmark/ && !open { bad = bad " result " NR " after the noise line" }
		/^# round: / && open { bad = bad " round " NR " before the noise line" }
		END {
			if (open) bad = bad " no noise line at the end"
			if (n == 0) bad = bad " no case"
			if (bad != "") { print "#" bad; exit 1 }
		}' "$1"
}
