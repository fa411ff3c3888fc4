#!/bin/sh
# options-t: hostbench-compare takes every option of its table of options
# (results/usage.c, which -h lists), and its usage line and -h come from
# that table: the options -h describes (but -h and -V) are the ones the
# usage line shows, and a usage error prints the usage line that -h starts
# with.  Bad input exits 2 naming what was wrong.  (tests/results/usage-t
# checks the table and its printers; tests/scripts/catalogue-t.sh that the
# man page is what the tool prints.)
. "$top_srcdir/tests/tap/libtap.sh"

compare=$top_builddir/results/hostbench-compare
[ -f "$compare" ] || skip_all "$compare is not built"
case $compare in /*) ;; *) compare=$(pwd)/$compare ;; esac

tmpd=$(mktemp -d "${TMPDIR:-/tmp}/options-t.XXXXXX") || bail 'mktemp -d failed'
_tap_cleanup_hook() {
	rm -rf "$tmpd"
}
trap 'exit 1' HUP INT TERM
mkdir "$tmpd/cwd"

# run ARGS...: the tool, in a directory of its own (an option that names
# a file to write writes nothing elsewhere); its status in TAP_STATUS,
# stdout in $tmpd/out, stderr in $tmpd/err.
run() {
	TAP_STATUS=0
	(cd "$tmpd/cwd" && $TEST_WRAPPER "$compare" "$@") >"$tmpd/out" 2>"$tmpd/err" </dev/null ||
		TAP_STATUS=$?
}

# case_ DESC STATUS PATTERN ARGS...: passes when the tool exits STATUS and
# a line of its output (stdout and stderr) matches the extended regex.
case_() {
	_d=$1 _want=$2 _pat=$3
	shift 3
	run "$@"
	if [ "$TAP_STATUS" -eq "$_want" ] && cat "$tmpd/out" "$tmpd/err" | grep -Eq -- "$_pat"; then
		_tap_report 0 "$_d"
	else
		_tap_report 1 "$_d" || :
		diag "expected exit $_want and /$_pat/, seen exit $TAP_STATUS: $*"
		diag "$(cat "$tmpd/out" "$tmpd/err" | head -n 5)"
	fi
}

plan 12

run -h
[ "$TAP_STATUS" -eq 0 ] || bail "hostbench-compare -h failed ($TAP_STATUS): $(cat "$tmpd/err")"
cp "$tmpd/out" "$tmpd/help"
# The usage line: -h up to its first blank line.  An option -h describes:
# a line "  --name VALUE   help" (or "  -h, --help   help").
sed '/^$/,$d' "$tmpd/help" >"$tmpd/usage"
sed -n 's/^  \(-[A-Za-z], \)\{0,1\}\(--[a-z-]*\)\( [^ ][^ ]*\)\{0,1\}  .*/\2\3/p' "$tmpd/help" >"$tmpd/tags"
cut -d ' ' -f 1 "$tmpd/tags" | grep -v -x -e --help -e --version | sort >"$tmpd/described"
tr ' []|' '\n\n\n\n' <"$tmpd/usage" | grep -e '^--' | sort -u >"$tmpd/shown"

ok '-h describes the options, --help and --version among them' \
	eval '[ "$(wc -l <"$tmpd/tags")" -ge 12 ] && grep -q -x -e --help "$tmpd/tags" && grep -q -x -e --version "$tmpd/tags"'

if cmp -s "$tmpd/described" "$tmpd/shown"; then
	_tap_report 0 'the usage line shows the options -h describes (but -h and -V), and no other'
else
	_tap_report 1 'the usage line shows the options -h describes (but -h and -V), and no other' || :
	diag "$(diff "$tmpd/described" "$tmpd/shown" | grep '^[<>]' | sed 's/^</described, not shown:/; s/^>/shown, not described:/')"
fi

# Each option -h describes, given a value if it takes one: whatever it
# then says, it is not that the option is unknown or wants a value.
: >"$tmpd/bad"
while read -r _name _value; do
	if [ -n "$_value" ]; then
		run "$_name" 1
	else
		run "$_name"
	fi
	if grep -q -e 'unknown option' -e 'needs a value' -e 'takes no value' "$tmpd/err" ||
		[ "$TAP_STATUS" -gt 3 ]; then
		printf '%s%s: exit %s: %s\n' "$_name" "${_value:+ 1}" "$TAP_STATUS" "$(head -n 1 "$tmpd/err")"
	fi
done <"$tmpd/tags" >"$tmpd/bad"
if [ -s "$tmpd/bad" ]; then
	_tap_report 1 'the tool takes every option -h describes' || :
	diag "$(cat "$tmpd/bad")"
else
	_tap_report 0 'the tool takes every option -h describes'
fi

# A usage error: the message, then the usage line -h starts with.
run --frobnicate
printf 'hostbench-compare: unknown option --frobnicate\n' | cat - "$tmpd/usage" >"$tmpd/want"
ok 'an unknown option: exit 2, naming it, then the usage line of -h' \
	eval '[ "$TAP_STATUS" -eq 2 ] && cmp -s "$tmpd/want" "$tmpd/err" && [ ! -s "$tmpd/out" ]'

case_ 'a flag given a value: exit 2, saying it takes none' 2 \
	'^hostbench-compare: option --summary takes no value: --summary=yes$' --summary=yes
case_ 'an option without its value: exit 2, saying it needs one' 2 \
	'^hostbench-compare: option --threshold needs a value$' x.0 --threshold
case_ '--name=VALUE is read as --name VALUE' 2 \
	"^hostbench-compare: --margin: value '200' is out of range" --margin=200 x.0
case_ 'a short name of the table: -V' 0 '^hostbench-compare \(hostbench\) ' -V
case_ '--synopsis prints the man page'"'"'s SYNOPSIS' 0 '^\.SH SYNOPSIS$' --synopsis
case_ '--man-options prints its OPTIONS' 0 '^\.SH OPTIONS$' --man-options
case_ '--synopsis goes alone: exit 2' 2 '^hostbench-compare: --synopsis goes alone' --synopsis x.0
case_ '--man-options goes alone: exit 2' 2 '^hostbench-compare: --man-options goes alone' --summary --man-options
