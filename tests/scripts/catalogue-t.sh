#!/bin/sh
# catalogue-t: the registries of a benchmark agree.  The suite's table
# (scripts/suite.tab), the programs the Makefile builds, the metric table
# (lib/core/metric-rows.h, as hostbench-compare --list-columns prints it) and the
# names the programs print in a run of the test profile: a case names a
# program that is built, every program is in the suite, every column a
# case says it fills exists, every column is filled by some case, every
# result a program prints has its metric entry, every metric entry is of
# a program, a case's columns are of the program that runs it, each
# program's man page has the SYNOPSIS its usage gives (--synopsis) and
# its -h the results of its metric entries, and hostbench-compare's page
# the SYNOPSIS and OPTIONS of its table of options.
# Each failure names what is missing, and where to add it.
. "$top_srcdir/tests/tap/libtap.sh"

table=$top_srcdir/scripts/suite.tab
script=$top_builddir/hostbench
compare=$top_builddir/results/hostbench-compare
[ -f "$script" ] || skip_all "$script is not generated (make hostbench)"
[ -f "$compare" ] || skip_all "$compare is not built"
[ -n "${HB_PROGRAMS:-}" ] || skip_all 'HB_PROGRAMS (the Makefile'"'"'s program list) is not set: run under make check'

plan 18

tmpd=$(mktemp -d "${TMPDIR:-/tmp}/catalogue-t.XXXXXX") || bail 'mktemp -d failed'
_tap_cleanup_hook() {
	rm -rf "$tmpd"
}
trap 'exit 1' HUP INT TERM
unset HOSTBENCH_LIBEXEC HOSTBENCH_COMPARE

# The table's rows without comments, each with its line number first.
awk -F '\t' '!/^#/ && !/^$/ { print FNR "\t" $0 }' "$table" >"$tmpd/rows"
# The metric table: section, column, rule, arg, metric, unit ...
$TEST_WRAPPER "$compare" --list-columns | sed 1d >"$tmpd/columns" ||
	bail "hostbench-compare --list-columns failed"
# The programs the Makefile builds: every one is a benchmark but hello
# (the multicall build's small program) and hostinfo (the fingerprint).
printf '%s\n' $HB_PROGRAMS | sed 's|.*/||' | grep -v -x -e hello -e hostinfo >"$tmpd/built"

# report FILE DESC: ok when FILE is empty, else not ok with FILE's lines.
report() {
	if [ -s "$1" ]; then
		_tap_report 1 "$2" || :
		while IFS= read -r _l; do
			diag "$_l"
		done <"$1"
	else
		_tap_report 0 "$2"
	fi
}

awk -F '\t' '
NF != 6 { print "suite.tab line " $1 ": " NF - 1 " fields, not 5 (program, profiles, seconds, feeds, arguments; tab-separated)"; next }
$3 !~ /^(all|standard|full)$/ { print "suite.tab line " $1 ": profiles \"" $3 "\" is none of all, standard, full" }
$4 !~ /^([0-9]+(\.[0-9]+)?|-)\/[0-9]+(\.[0-9]+)?$/ {
	print "suite.tab line " $1 ": seconds \"" $4 "\" is not QUICK/STANDARD, two numbers of seconds (QUICK - for a case not in quick)"
	next
}
$3 == "all" && $4 ~ /^-/ { print "suite.tab line " $1 ": seconds \"" $4 "\": a case of every profile needs its QUICK seconds" }
$3 != "all" && $4 !~ /^-/ { print "suite.tab line " $1 ": seconds \"" $4 "\": a case not in quick has - as its QUICK seconds" }
$4 ~ /^0*(\.0*)?\// || $4 ~ /\/0*(\.0*)?$/ { print "suite.tab line " $1 ": seconds \"" $4 "\": a budget of no time" }
$5 == "" || $6 == "" { print "suite.tab line " $1 ": an empty field (feeds and arguments are \"-\" for none)" }
{
	a = $6
	gsub(/@(BW|BW2|BW3|MAP|MB|CMB|FSDIR|REMOTE|XFER|SWEEP|FILES|NETTIME|TCP|UDPSIZE|UDPRATE|STREAMS|BOX|STEPTIME)@/, "", a)
	if (index(a, "@"))
		print "suite.tab line " $1 ": arguments \"" $6 "\" hold a word hostbench run does not replace"
}
' "$tmpd/rows" >"$tmpd/bad"
report "$tmpd/bad" 'every row of the suite has its five fields, well-formed, and its budgets'

awk -F '\t' 'FNR == NR { built[$1] = 1; next }
!($2 in built) { print "suite.tab line " $1 ": program \"" $2 "\" is not built (not in the Makefile'"'"'s HB_BENCH)" }' \
	"$tmpd/built" "$tmpd/rows" >"$tmpd/bad"
while IFS= read -r _p; do
	grep -q "^[0-9]*	$_p	" "$tmpd/rows" ||
		printf 'bench/%s is built but no case of the suite runs it (add its rows to scripts/suite.tab)\n' "$_p"
done <"$tmpd/built" >>"$tmpd/bad"
for _p in $(cut -f2 "$tmpd/rows" | sort -u); do
	[ -f "$top_builddir/bench/$_p" ] || grep -q -x "$_p" "$tmpd/built" ||
		printf 'suite.tab: program "%s" is not in %s/bench\n' "$_p" "$top_builddir"
done >>"$tmpd/bad"
report "$tmpd/bad" 'the suite runs exactly the programs the Makefile builds'

# The feeds, one a line: table line, program, section, label.
awk -F '\t' '$5 != "-" {
	n = split($5, f, /; */)
	for (i = 1; i <= n; i++) {
		c = index(f[i], ":")
		if (c == 0)
			print $1 "\t" $2 "\t\t" f[i]
		else
			print $1 "\t" $2 "\t" substr(f[i], 1, c - 1) "\t" substr(f[i], c + 1)
	}
}' "$tmpd/rows" >"$tmpd/feeds"

awk -F '\t' 'FNR == NR { col[$1 "\t" $2] = 1; sec[$1] = 1; next }
$3 == "" { print "suite.tab line " $1 ": " $2 " feeds \"" $4 "\", not SECTION:LABEL"; next }
$4 == "*" && !($3 in sec) { print "suite.tab line " $1 ": " $2 " feeds every column of \"" $3 "\", which is no section"; next }
$4 != "*" && !(($3 "\t" $4) in col) {
	print "suite.tab line " $1 ": " $2 " feeds \"" $3 ":" $4 "\", which is no column (hostbench-compare --list-columns)"
}' "$tmpd/columns" "$tmpd/feeds" >"$tmpd/bad"
report "$tmpd/bad" 'every column a case says it fills is a column of the metric table'

awk -F '\t' 'FNR == NR { fed[$3 "\t" $4] = 1; if ($4 == "*") all[$3] = 1; next }
$1 != "-" && $3 != "config" && !(($1 "\t" $2) in fed) && !($1 in all) {
	print "column \"" $1 ":" $2 "\" (" $5 ", " $6 ") is filled by no case of the suite (scripts/suite.tab)"
}' "$tmpd/feeds" "$tmpd/columns" >"$tmpd/bad"
report "$tmpd/bad" 'every column of the summary is filled by some case of the suite'

# Every entry names the program that prints it (lib/core/metric-rows.h's first
# argument of the row), and that program is built; the run's own
# configuration columns alone have none.
awk -F '\t' 'FNR == NR { built[$1] = 1; next }
$3 == "config" && $10 == "-" { next }
$10 == "-" { print "metric entry " $5 " (" $6 ", column \"" $1 ":" $2 "\") names no program (lib/core/metric-rows.h)"; next }
!($10 in built) { print "metric entry " $5 " (" $6 ") is of " $10 ", which is not built (not in the Makefile'"'"'s HB_BENCH)" }' \
	"$tmpd/built" "$tmpd/columns" >"$tmpd/bad"
report "$tmpd/bad" 'every metric entry is of a program that is built'

# A case fills only columns its own program's results fill.
awk -F '\t' 'FNR == NR { prog[$1 "\t" $2] = $10; sec[$1] = sec[$1] " " $10 " "; next }
$4 == "*" && index(sec[$3], " " $2 " ") == 0 { print "suite.tab line " $1 ": " $2 " feeds every column of " $3 ", whose entries are of" sec[$3]; next }
$4 == "*" { next }
(($3 "\t" $4) in prog) && prog[$3 "\t" $4] != $2 {
	print "suite.tab line " $1 ": " $2 " feeds \"" $3 ":" $4 "\", whose entry is of " prog[$3 "\t" $4]
}' "$tmpd/columns" "$tmpd/feeds" >"$tmpd/bad"
report "$tmpd/bad" "a case's columns are of the program that runs it"

# The usage is written once, in the program's descriptor: its man page's
# SYNOPSIS is what --synopsis prints (make man-synopsis writes it there).
: >"$tmpd/bad"
if [ -f "$top_builddir/bench/lat_syscall" ]; then
	while IFS= read -r _p; do
		_page=$top_srcdir/doc/$_p.1
		if [ ! -f "$_page" ]; then
			printf 'bench/%s has no man page doc/%s.1\n' "$_p" "$_p"
			continue
		fi
		# Its SYNOPSIS (--synopsis) and its RESULTS, the estimators,
		# bounds and prose of its metric rows (hostbench-compare
		# --man-results, which holds the table's prose).
		for _sec in SYNOPSIS RESULTS; do
			awk -v sec=".SH $_sec" '$0 == sec { on = 1 } on && /^\.SH / && $0 != sec { exit } on' \
				"$_page" >"$tmpd/man.sec"
			if [ "$_sec" = SYNOPSIS ]; then
				_cmd="bench/$_p --synopsis"
				$TEST_WRAPPER "$top_builddir/bench/$_p" --synopsis >"$tmpd/prog.sec" 2>&1
			else
				_cmd="hostbench-compare --man-results $_p"
				$TEST_WRAPPER "$compare" --man-results "$_p" >"$tmpd/prog.sec" 2>&1
			fi || printf '%s failed: %s\n' "$_cmd" "$(head -n 1 "$tmpd/prog.sec")"
			cmp -s "$tmpd/man.sec" "$tmpd/prog.sec" ||
				printf "doc/%s.1: its %s section is not what %s prints (make man-synopsis): %s\n" \
					"$_p" "$_sec" "$_cmd" "$(diff "$tmpd/man.sec" "$tmpd/prog.sec" | grep '^[<>]' | head -n 2 | tr '\n' ' ')"
		done
	done <"$tmpd/built" >"$tmpd/bad"
	report "$tmpd/bad" "each program's man page has the SYNOPSIS of its usage and the RESULTS of its metrics"
	# Its -h lists the name and unit of each of its metric entries, once,
	# in the table's order (the columns are the results tool's).
	while IFS= read -r _p; do
		awk -F '\t' -v p="$_p" '$10 == p && !seen[$5 " " $6]++ { print "  " $5 " " $6 }' \
			"$tmpd/columns" >"$tmpd/want.h"
		$TEST_WRAPPER "$top_builddir/bench/$_p" -h 2>&1 |
			sed -n '/^results (name, unit):$/,$p' | sed 1d >"$tmpd/prog.h"
		cmp -s "$tmpd/want.h" "$tmpd/prog.h" ||
			printf 'bench/%s -h: its results are not its metric entries (lib/core/metric-rows.h): %s\n' \
				"$_p" "$(diff "$tmpd/want.h" "$tmpd/prog.h" | grep '^[<>]' | head -n 2 | tr '\n' ' ')"
	done <"$tmpd/built" >"$tmpd/bad"
	report "$tmpd/bad" "each program's -h lists the name and unit of each of its metric entries, once"
else
	skip 'the programs are not built'
	skip 'the programs are not built'
fi

# hostbench-compare's usage is written once too, in its table of options
# (results/usage.c): its man page's SYNOPSIS and OPTIONS are what
# --synopsis and --man-options print (make man-synopsis writes them there).
_page=$top_srcdir/doc/hostbench-compare.1
for _sec in SYNOPSIS OPTIONS; do
	case $_sec in
	SYNOPSIS) _opt=--synopsis ;;
	*) _opt=--man-options ;;
	esac
	awk -v sec=".SH $_sec" '$0 == sec { on = 1 } on && /^\.SH / && $0 != sec { exit } on' \
		"$_page" >"$tmpd/man.sec"
	$TEST_WRAPPER "$compare" "$_opt" >"$tmpd/prog.sec" 2>&1 ||
		printf 'hostbench-compare %s failed: %s\n' "$_opt" "$(head -n 1 "$tmpd/prog.sec")"
	[ -s "$tmpd/prog.sec" ] || printf 'hostbench-compare %s printed nothing\n' "$_opt"
	cmp -s "$tmpd/man.sec" "$tmpd/prog.sec" ||
		printf "doc/hostbench-compare.1: its %s section is not what hostbench-compare %s prints (make man-synopsis): %s\n" \
			"$_sec" "$_opt" "$(diff "$tmpd/man.sec" "$tmpd/prog.sec" | grep '^[<>]' | head -n 2 | tr '\n' ' ')"
done >"$tmpd/bad"
report "$tmpd/bad" "hostbench-compare's man page has the SYNOPSIS and OPTIONS of its table of options"

# hostbench(1): its SYNOPSIS is the front end's usage (--synopsis), its
# THE SUITE what the runner makes of the suite's table (man-suite), and
# its OPTIONS OF RUN and OF AB name the options the runner takes (run -h,
# ab -h), each once.
_page=$top_srcdir/doc/hostbench.1
section() {
	awk -v sec=".SH $1" '$0 == sec { on = 1 } on && /^\.SH / && $0 != sec { exit } on' "$_page"
}
section SYNOPSIS >"$tmpd/man.sec"
$SHELL "$script" --synopsis >"$tmpd/prog.sec" 2>&1 || :
cmp -s "$tmpd/man.sec" "$tmpd/prog.sec"
ok_diff=$?
if [ "$ok_diff" -eq 0 ] && [ -s "$tmpd/prog.sec" ]; then
	_tap_report 0 "hostbench(1)'s SYNOPSIS is the usage's (hostbench --synopsis)"
else
	_tap_report 1 "hostbench(1)'s SYNOPSIS is the usage's (hostbench --synopsis)" || :
	diag "$(diff "$tmpd/man.sec" "$tmpd/prog.sec" | grep '^[<>]' | head -n 4)"
fi
runner=$top_builddir/bench/hostbench-run
if [ -f "$runner" ]; then
	section 'THE SUITE' >"$tmpd/man.sec"
	$TEST_WRAPPER "$runner" man-suite >"$tmpd/prog.sec" 2>&1 || :
	if cmp -s "$tmpd/man.sec" "$tmpd/prog.sec"; then
		_tap_report 0 "hostbench(1)'s THE SUITE is the runner's (make man-synopsis)"
	else
		_tap_report 1 "hostbench(1)'s THE SUITE is the runner's (make man-synopsis)" || :
		diag "$(diff "$tmpd/man.sec" "$tmpd/prog.sec" | grep '^[<>]' | head -n 4)"
	fi
	# --confidence gives -I to every case but of the programs that refuse
	# it, which leave -I out of their usage line.
	$TEST_WRAPPER "$runner" no-precision >"$tmpd/noprec" 2>&1 || :
	for _p in $(cut -f2 "$tmpd/rows" | sort -u); do
		[ -f "$top_builddir/bench/$_p" ] || continue
		_u=$($TEST_WRAPPER "$top_builddir/bench/$_p" -h 2>&1 | sed -n 1p)
		case $_u in
		*'[-I '*) ! grep -qx "$_p" "$tmpd/noprec" ||
			echo "$_p takes -I (its usage), but the runner's list in run/case.c says it refuses it" ;;
		*) grep -qx "$_p" "$tmpd/noprec" ||
			echo "$_p refuses -I (its usage), but is not in the runner's list in run/case.c" ;;
		esac
	done >"$tmpd/bad"
	report "$tmpd/bad" "--confidence reaches exactly the programs that take -I"
	# The options a section's entries name, and those of -h, one a line.
	man_opts() {
		sed -n "/^\.SH $1\$/,/^\.SH [A-Z]/{/^\.TP/{n;p;}}" "$_page" |
			sed -e 's/\\f[BIR]//g' -e 's/^\.B[IR]* //' -e 's/[ [].*$//' -e 's/\\-/-/g' -e 's/"//g' |
			grep '^-' | sort -u
	}
	help_opts() {
		$TEST_WRAPPER "$runner" "$1" -h 2>&1 | sed -n 's/^  \(-[-a-z]*\).*/\1/p' | sort -u
	}
	{
		man_opts 'OPTIONS OF RUN' >"$tmpd/man.run"
		help_opts run >"$tmpd/help.run"
		comm -3 "$tmpd/man.run" "$tmpd/help.run" | sed 's/^/run: in one of hostbench(1) and run -h only: /'
		man_opts 'OPTIONS OF AB' >"$tmpd/man.ab"
		help_opts ab >"$tmpd/help.ab"
		comm -13 "$tmpd/help.run" "$tmpd/help.ab" >"$tmpd/ab.own"
		comm -3 "$tmpd/man.ab" "$tmpd/ab.own" | grep -v -e '--rounds' |
			sed 's/^/ab: in one of hostbench(1) OPTIONS OF AB and ab -h only: /'
		[ -s "$tmpd/help.run" ] || echo 'run -h names no option'
	} >"$tmpd/bad"
	report "$tmpd/bad" "hostbench(1) names the options of run and ab that the runner takes, and no other"
	# The profiles: each of the runner's table (run -h) with its -N and
	# -T in the page's entry of it.
	$TEST_WRAPPER "$runner" run -h 2>&1 |
		sed -n 's/^  \([a-z]*\) *-N \([0-9]*\) -T \([0-9a-z]*\),.*/\1 \2 \3/p' >"$tmpd/profiles"
	while read -r _p _n _t; do
		grep -A1 -x ".B $_p" "$_page" | grep -qxF ".BR \"\\-N $_n \\-T $_t\" ," ||
			printf 'profile %s: hostbench(1) does not give it -N %s -T %s\n' "$_p" "$_n" "$_t"
	done <"$tmpd/profiles" >"$tmpd/bad"
	[ -s "$tmpd/profiles" ] || echo 'run -h lists no profile' >>"$tmpd/bad"
	report "$tmpd/bad" "hostbench(1)'s profiles take the -N and -T of the runner's profile table"
else
	skip 'the suite runner is not built'
	skip 'the suite runner is not built'
	skip 'the suite runner is not built'
fi

# A run of the test profile with the real programs.
run_ok=no
if [ -f "$top_builddir/bench/lat_syscall" ] && [ -f "$top_builddir/bench/hostinfo" ]; then
	HOSTBENCH_WRAPPER=$TEST_WRAPPER TMPDIR=$tmpd \
		$SHELL "$script" run -q --profile test -o "$tmpd/run" >"$tmpd/run.out" 2>"$tmpd/run.err" &&
		run_ok=yes
fi
if [ "$run_ok" = no ]; then
	diag "the test profile did not run: $(cat "$tmpd/run.err" 2>/dev/null)"
	skip 'every result of a test run has its entry in the metric table (no run)'
	skip 'every result is under an entry of the program that printed it (no run)'
	skip 'the test run ran every case of the test profile (no run)'
	skip 'lat_fifo and lat_unix_connect reach their tables (no run)'
	exit 0
fi

$TEST_WRAPPER "$compare" --list-results "$tmpd/run" 2>/dev/null | sed 1d >"$tmpd/results"
awk -F '\t' '$5 == "none" && !seen[$2 "\t" $3 "\t" $4]++ {
	print $2 " printed " $3 " (" $4 "), which has no entry in the metric table (lib/core/metric-rows.h)"
}' "$tmpd/results" >"$tmpd/bad"
[ -s "$tmpd/results" ] || echo "hostbench-compare --list-results found no result in the run" >>"$tmpd/bad"
report "$tmpd/bad" 'every result a program prints has its entry in the metric table'

# What a program printed is under an entry of that program.
awk -F '\t' '$5 != "none" && $7 != $2 && !seen[$2 "\t" $3 "\t" $4]++ {
	print $2 " printed " $3 " (" $4 "), whose entry (" $5 ":" $6 ") says " $7 " prints it"
}' "$tmpd/results" >"$tmpd/bad"
report "$tmpd/bad" 'every result is under an entry of the program that printed it'

# Every case of the test profile ran (ok, failed, unsupported or
# skipped, but recorded), in the table's order.
awk -F '\t' '$3 == "all" && $6 !~ /@REMOTE@/ { print $2 }' "$tmpd/rows" | uniq >"$tmpd/want"
sed -n 's/^# bench: //p' "$tmpd/run" | uniq >"$tmpd/seen"
is 'the test run ran every program of the test profile, in the order of the table' \
	"$(tr '\n' ' ' <"$tmpd/want")" "$(tr '\n' ' ' <"$tmpd/seen")"

# lat_fifo and lat_unix_connect reach their columns, end to end.
$TEST_WRAPPER "$compare" --summary --format csv "$tmpd/run" >"$tmpd/csv" 2>/dev/null
filled() {
	awk -F, -v s="$1" -v c="$2" '$5 == s && $6 == c && $8 != "" { f = 1 } END { exit !f }' "$tmpd/csv"
}
status_of() {
	awk -v b="$1" '/^# bench: / { cur = $3 } /^# status: / && cur == b { print $3; exit }' "$tmpd/run"
}
if [ "$(status_of lat_fifo) $(status_of lat_unix_connect)" = "ok ok" ]; then
	ok 'lat_fifo and lat_unix_connect reach their tables (FIFO, UNIX conn)' \
		eval 'filled more FIFO && filled more "UNIX conn" && filled spread FIFO && filled spread "UNIX conn"'
else
	skip "lat_fifo or lat_unix_connect did not run here: $(status_of lat_fifo) $(status_of lat_unix_connect)"
fi
