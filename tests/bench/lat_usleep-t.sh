#!/bin/sh
# lat_usleep: options, errors, the wake-up distribution, and load processes
# that never outlive the program.
. "$top_srcdir/tests/tap/libtap.sh"

plan 37
q='-N 3 -n 5 -o raw'

cli '-h exits 0 with the usage line' 0 '^usage: lat_usleep' lat_usleep -h
cli '-h lists the methods' 0 'nanosleep[|]usleep[|]select[|]pselect[|]itimer[|]timer' lat_usleep -h
cli 'unknown method: exit 2 naming it' 2 "argument: unknown method 'nanoslep'" lat_usleep nanoslep
cli "lmbench's -u with an unknown method: exit 2" 2 "-u: unknown method 'poll'" lat_usleep -u poll
cli 'usec 0: exit 2 with the range' 2 "argument: value '0' is out of range; allowed: 1 \.\. 999999" lat_usleep 0
cli '-u 1000000: exit 2 with the range' 2 "-u: value '1000000' is out of range" lat_usleep -u 1000000
cli '-n 0: exit 2 with the range' 2 "-n: value '0' is out of range" lat_usleep -n 0
cli '-t 0: exit 2 naming -t' 2 "^lat_usleep: -t: value '0'" lat_usleep -t 0
cli '-l -1: exit 2 with the range' 2 "-l: value '-1' is out of range; allowed: 0 \.\. " lat_usleep -l -1
cli '-s 0: exit 2 with the range' 2 "-s: value '0' is out of range; allowed: 1 \.\. " lat_usleep -s 0
cli '-P 2: exit 2 naming -P' 2 "^lat_usleep: -P: value '2'" lat_usleep -P 2
cli '-I 1: exit 2 naming -I' 2 '^lat_usleep: -I: not supported' lat_usleep -I 1

# in_order TEXT: within every sample (a line: p50-ns p90-ns p99-ns
# max-ns) of every method, p50 <= p90 <= p99 <= max.
in_order() {
	printf '%s\n' "$1" | awk '/^BenchmarkLatUsleep/ { k++
		if ($4 != "p50-ns" || $6 != "p90-ns" || $8 != "p99-ns" || $10 != "max-ns" ||
		    !($3 <= $5 && $5 <= $7 && $7 <= $9)) exit 1 }
		END { exit !k }'
}

run_prog lat_usleep $q
out=$TAP_STDOUT
ok 'the default methods exit 0' test "$TAP_STATUS" -eq 0
ok 'well-formed raw records' well_formed "$out"
is '4 methods x 3 samples, the statistics on each' 12 "$(printf '%s\n' "$out" | grep -c '^BenchmarkLatUsleep/method=[a-z]*/usec=100	')"
p50=$(figure_of "$out" LatUsleep/method=nanosleep/usec=100 p50-ns | median_of)
ok "nanosleep 100 us: p50 lateness between 0 and 1 s ($p50 ns)" num_between 0 "$p50" 1000000000
ok 'p50 <= p90 <= p99 <= max in every sample' in_order "$out"
like 'the timer slack is recorded' "$out" '^timer-slack: ([0-9]+ ns|unknown)$'
like 'the whole run is summarized per method' "$out" \
	'^# lateness: method=timer wakeups=15 p50=[0-9]+ p90=[0-9]+ p99=[0-9]+ max=[0-9]+ early=0 ns$'
is 'one "# hist:" line per method' 4 "$(printf '%s\n' "$out" | grep -c '^# hist: BenchmarkLatUsleep/method=[a-z]*/usec=100 ns/op loglin-7-44 n=15 ')"
# hist_check NAME: the merged histogram's max (exact) is the largest sample max, and its
# count the sum of the samples' counts.
hist_check() {
	printf '%s\n' "$out" | awk -v m="$1" '
		$1 == "BenchmarkLatUsleep/method=" m "/usec=100" && $10 == "max-ns" { n += $2; if ($9 > mx) mx = $9 }
		$1 == "#" && $3 == "BenchmarkLatUsleep/method=" m "/usec=100" {
			split($6, a, "="); split($8, b, "="); hn = a[2]; hmax = b[2] }
		END { exit !(n > 0 && hn == n && hmax == mx) }'
}
ok 'the hist line holds every wake-up of the samples, its max the largest' hist_check select
diag "$(printf '%s\n' "$out" | grep -E '^(timer-slack|lateness):')"

# lmbench's form: -u METHOD and the time as the argument.
run_prog lat_usleep -N 2 -n 3 -o raw -u select 50
is "lmbench's -u select 50 runs select for 50 us only" 'BenchmarkLatUsleep/method=select/usec=50' \
	"$(printf '%s\n' "$TAP_STDOUT" | awk '/^Benchmark/ { print $1 }' | sort -u | tr '\n' ' ' | sed 's/ $//')"
run_prog lat_usleep -N 2 -n 3 -o raw usleep pselect itimer
ok "usleep, pselect and itimer on request: exit 0, 6 records" sh -c '[ "$1" -eq 0 ] &&
	[ "$(printf "%s\n" "$2" | grep -Ec "^BenchmarkLatUsleep/method=(usleep|pselect|itimer)/")" -eq 6 ]' \
	sh "$TAP_STATUS" "$TAP_STDOUT"

# -t: as many wake-ups as fit in the time (at least one, at most 10 ms / 1 ms).
run_prog lat_usleep -N 2 -t 10ms -o raw -u 1000 nanosleep
n=$(count_of "$TAP_STDOUT" LatUsleep/method=nanosleep/usec=1000 p50-ns | sed -n 1p)
ok "-t 10ms of 1 ms sleeps: 1 to 10 wake-ups a sample ($n)" num_between 1 "$n" 10

# -s: the slack is set and named.
if [ "$(uname -s)" = Linux ]; then
	run_prog lat_usleep -N 1 -n 3 -o raw -s 1 nanosleep
	like '-s 1 sets the timer slack to 1 ns' "$TAP_STDOUT" '^timer-slack: 1 ns$'
else
	skip 'the timer slack is Linux only'
fi

# -r: real-time priority where permitted, else exit 77 with the reason.
run_prog lat_usleep -N 1 -n 3 -o raw -r nanosleep
case $TAP_STATUS in
0) like '-r: results are named sched=rr' "$TAP_STDOUT" '/usec=100/sched=rr' ;;
77) like '-r without permission: exit 77 naming SCHED_RR' "$TAP_OUT" 'cannot use SCHED_RR' ;;
*) ok "-r: exit 0 or 77, not $TAP_STATUS" false ;;
esac

# Load processes: named in the results, gone after a normal exit, after an
# error and after SIGTERM.  The program runs by its absolute path, so that
# its processes (and no other build's) are found by that path.
bin=$(cd "$(dirname "$(prog lat_usleep)")" && pwd)/lat_usleep
none_left() { [ "$(procs "$bin")" -eq 0 ]; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/lat_usleep-t.XXXXXX")
_tap_cleanup_hook() {
	# shellcheck disable=SC2046
	kill -KILL $(pids_with_cmdline "$bin") 2>/dev/null || :
	rm -rf "$dir"
}
out=$(TMPDIR=$dir $TEST_WRAPPER "$bin" -N 2 -n 5 -o raw -l 2 nanosleep 2>&1)
like '-l 2: results are named load=2' "$out" '^BenchmarkLatUsleep/method=nanosleep/usec=100/load=2	'
like '-l 2: load-procs is recorded' "$out" '^load-procs: 2$'
ok 'no load process remains after a normal exit' none_left
# -r refused after the load started: as root, try it as nobody.
asuser=
[ "$(id -u)" -eq 0 ] && asuser='setpriv --reuid=65534 --regid=65534 --clear-groups'
if [ -z "$asuser" ] || command -v setpriv >/dev/null; then
	st=0
	$asuser $TEST_WRAPPER "$bin" -N 1 -n 3 -o raw -l 1 -r nanosleep >/dev/null 2>&1 || st=$?
	ok "-l 1 -r without permission: exit 77 ($st)" test "$st" -eq 77
	ok 'no load process remains after exit 77' none_left
else
	skip 'root without setpriv: cannot try -r without permission'
	skip 'root without setpriv: cannot try -r without permission'
fi
TMPDIR=$dir $TEST_WRAPPER "$bin" -N 100000 -o raw -l 2 nanosleep >/dev/null &
pid=$!
sleep 1
ok 'while running: the program and its 2 load processes exist' test "$(procs "$bin")" -ge 3
kill -TERM "$pid"
st=0
wait "$pid" || st=$?
ok "SIGTERM mid-run ends it with the signal's status ($st)" test "$st" -eq 143
sleep 1
ok 'no load process remains after SIGTERM' none_left
is 'nothing is left in TMPDIR' '' "$(ls -A "$dir")"

run_prog lat_usleep -N 3 -n 5 -o text timer
like 'text output: a line per statistic, of all the wake-ups merged' "$TAP_STDOUT" \
	'^LatUsleep/method=timer/stat=p99/usec=100 +[0-9.]+ ns/op +\(of all 15 wake-ups\)$'
# The text's p99 is the merged histogram's: the raw run's "# hist:" line gives the same.
ok 'text output: p50 <= p90 <= p99 <= max of the whole run' sh -c 'printf "%s\n" "$1" |
	awk "/^LatUsleep/ { v[++n] = \$2 } END { exit !(n == 4 && v[1] <= v[2] && v[2] <= v[3] && v[3] <= v[4]) }"' \
	sh "$TAP_STDOUT"
