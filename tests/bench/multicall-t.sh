#!/bin/sh
# hostbench-all (configure --enable-multicall): it lists the benchmarks;
# every one is a link to it in bench/ and answers -V with its own name,
# called through its link or by name, so each was compiled with its own
# flags (bw_unix is bw_pipe.c with -DHB_BW_UNIX); a run through either
# form prints that benchmark's records; hello stays a program of its own;
# an unknown name, a name that is no benchmark, or no name exits 2.
# Skipped in a build of separate programs.
. "$top_srcdir/tests/tap/libtap.sh"

[ -f "$(prog hostbench-all)" ] || skip_all 'separate programs (configure --enable-multicall builds hostbench-all)'

plan 13

run_prog hostbench-all -l
is '-l: exit 0, nothing on stderr' '0|' "$TAP_STATUS|$TAP_STDERR"
names=$TAP_STDOUT
ok "-l lists 30 or more benchmarks ($(printf '%s\n' "$names" | wc -l | tr -d ' '))" \
	test "$(printf '%s\n' "$names" | wc -l)" -ge 30
is 'hello is not in it' '' "$(printf '%s\n' "$names" | grep -x hello)"

# Every listed name: a symbolic link to hostbench-all; -V through the
# link and by name both print "NAME (hostbench) VERSION".  Each list
# holds the names that fail.
not_links='' bad_link='' bad_name=''
for n in $names; do
	case $(ls -l "$(prog "$n")" 2>/dev/null) in
	*" -> hostbench-all") ;;
	*) not_links="$not_links $n" ;;
	esac
	run_prog "$n" -V
	case $TAP_STATUS:$TAP_STDOUT in
	"0:$n (hostbench) "*) ;;
	*) bad_link="$bad_link $n" ;;
	esac
	run_prog hostbench-all "$n" -V
	case $TAP_STATUS:$TAP_STDOUT in
	"0:$n (hostbench) "*) ;;
	*) bad_name="$bad_name $n" ;;
	esac
done
is 'every benchmark in bench/ is a link to hostbench-all' '' "$not_links"
is 'called through its link, each answers -V with its own name' '' "$bad_link"
is 'called as hostbench-all NAME, likewise' '' "$bad_name"
ok 'hello is a program of its own (lat_proc execs a tiny one)' \
	sh -c 'test -f "$1" && test ! -h "$1"' sh "$(prog hello)"

run_prog lat_syscall -N 3 -T 1ms -o raw null
ok 'lat_syscall through its link: exit 0, well-formed records' \
	sh -c '[ "$1" -eq 0 ] && [ "$(printf "%s\n" "$2" | grep -c "^BenchmarkLatSyscall/op=null")" -eq 3 ]' \
	sh "$TAP_STATUS" "$TAP_STDOUT"
run_prog hostbench-all bw_unix -N 3 -T 1ms -o raw -m 64k
ok 'hostbench-all bw_unix: exit 0, BwUnix records' \
	sh -c '[ "$1" -eq 0 ] && printf "%s\n" "$2" | grep -q "^BenchmarkBwUnix/"' \
	sh "$TAP_STATUS" "$TAP_STDOUT"

cli 'an unknown benchmark: exit 2 naming it' 2 "unknown benchmark 'lat_nope'" \
	hostbench-all lat_nope
cli 'no benchmark named: exit 2 with the usage line' 2 '^usage: hostbench-all NAME' \
	hostbench-all
cli 'an option other than -l: exit 2 with the usage line' 2 '^usage: hostbench-all NAME' \
	hostbench-all -x

dir=$(mktemp -d "${TMPDIR:-/tmp}/multicall-t.XXXXXX") || bail 'mktemp -d failed'
_tap_cleanup_hook() {
	rm -rf "$dir"
}
ln -s "$(cd "$(dirname "$(prog hostbench-all)")" && pwd)/hostbench-all" "$dir/lat_nope"
st=0
$TEST_WRAPPER "$dir/lat_nope" >"$dir/out" 2>&1 || st=$?
like "called as a name that is no benchmark: exit 2 ($st) naming it" \
	"$st $(cat "$dir/out")" "^2 hostbench-all: called as 'lat_nope'"
