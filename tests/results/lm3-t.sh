#!/bin/sh
# lm3-t: hostbench-compare reads public lmbench3 result files with every
# value where lmbench's own summary (getsummary) puts it, and reads
# differently only where getsummary is wrong.  Each case is one that a
# comparison with getsummary over public result files turned up; the
# fixtures are a few lines of those files (tests/data/README.md), and the
# values expected are the ones getsummary prints for them.
. "$top_srcdir/tests/tap/libtap.sh"

tool=$(cd "$top_builddir" && pwd)/results/hostbench-compare
[ -f "$tool" ] || skip_all "$tool is not built"
data=$(cd "$top_srcdir/tests/data" && pwd)

plan 9

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lm3-t.XXXXXX") || bail 'mktemp -d failed'
_tap_cleanup_hook() { rm -rf "$tmp"; }

# run ARGS...: the tool in tests/data; stdout in $tmp/out, stderr in
# $tmp/err, status in $STATUS.
run() {
	STATUS=0
	# shellcheck disable=SC2086
	(cd "$data" && $TEST_WRAPPER "$tool" "$@") >"$tmp/out" 2>"$tmp/err" </dev/null || STATUS=$?
}

# cell FILE SECTION COLUMN: "exit=STATUS row=VALUE", the value the
# summary tables for FILE in that column (blank: none), or "no row".
cell() {
	run --format csv --summary "$1"
	printf 'exit=%s %s\n' "$STATUS" "$(awk -F, -v s="$2" -v c="$3" '
		$5 == s && $6 == c { print "row=" $8; n++ } END { if (!n) print "no row" }' "$tmp/out")"
}

# lmbench 3.0-a9 reads "10M" as 10^6 * 10, so its TCP sweep ends at
# "10.000000" (3alpha4 ends at "10.485760"): a whole sweep, whose largest
# message getsummary tables as the TCP bandwidth.
is 'a 3.0-a9 TCP sweep ending at 10.000000 MB: its largest message is the TCP bandwidth' \
	'exit=0 row=2519.1' "$(cell lm3-a9-tcp.0 bw TCP)"
run lm3-a9-tcp.0
is '... read with exit 0, nothing said' '0|' "$STATUS|$(cat "$tmp/err")"
ok '... and it is not called incomplete' sh -c '! grep -q incomplete "$1"' sh "$tmp/out"
is '... the pipe bandwidth beside it where getsummary has it' 'exit=0 row=4208.1' "$(cell lm3-a9-tcp.0 bw Pipe)"

# A sweep of the same release that stopped after its 64-byte message:
# getsummary tables 1.52 MB/s as the TCP bandwidth; hostbench does not,
# and says why.
is 'a TCP sweep that stopped at 64 bytes: no TCP bandwidth tabled' \
	'exit=0 row=' "$(cell lm3-a9-tcp-cut.0 bw TCP)"
run lm3-a9-tcp-cut.0
like '... and the run says why' "$(tr '\n' ' ' <"$tmp/out" | tr -s ' ')" \
	"TCP bandwidth sweep ended at a message size of 64, before its last \(10M\): incomplete, not tabled"
is '... the AF_UNIX bandwidth after it where getsummary has it' 'exit=0 row=6025.66' "$(cell lm3-a9-tcp-cut.0 bw 'AF UNIX')"

# "[MHZ: ]": mhz measured nothing.  getsummary prints a clock of 0 MHz;
# hostbench leaves it blank and reads the rest of the row.
is 'an empty [MHZ: ] line: no clock tabled' 'exit=0 row=' "$(cell lm3-a9-tcp-cut.0 proc Mhz)"
is '... the null call beside it where getsummary has it' 'exit=0 row=0.6742' "$(cell lm3-a9-tcp-cut.0 proc 'null call')"
