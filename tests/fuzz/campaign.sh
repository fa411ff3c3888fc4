#!/bin/sh
# campaign.sh SECONDS TARGET CORPUS MAXLEN [TARGET CORPUS MAXLEN]...: run
# each fuzz target tests/fuzz/TARGET-fuzz (built by make fuzz, in the
# current build directory) for its share of SECONDS, starting from the
# colon-separated corpus directories CORPUS (relative to $top_srcdir), on
# inputs of at most MAXLEN bytes.  New inputs are kept
# in tests/fuzz/TARGET.work/ (reused by the next campaign).  Prints per
# target the executions, executions per second and libFuzzer's coverage
# (cov: edges, ft: features); exits 1 if a target crashed, naming the
# input to fix and then add to tests/fuzz/corpus/TARGET/.
set -eu
: "${top_srcdir:=$(cd "$(dirname "$0")/../.." && pwd)}"
total=$1
shift
case $total in
'' | *[!0-9]*) echo "campaign.sh: FUZZ_TIME '$total' is not a whole number of seconds" >&2; exit 2 ;;
esac
share=$((total / ($# / 3)))
[ "$share" -ge 1 ] || share=1
failed=0
while [ $# -ge 3 ]; do
	t=$1 corpus=$2 maxlen=$3
	shift 3
	work=tests/fuzz/$t.work
	log=tests/fuzz/$t-fuzz.log
	mkdir -p "$work"
	set -f
	old_ifs=$IFS
	IFS=:
	dirs=
	for d in $corpus; do dirs="$dirs $top_srcdir/$d"; done
	IFS=$old_ifs
	rc=0
	# shellcheck disable=SC2086
	"tests/fuzz/$t-fuzz" -max_total_time="$share" -max_len="$maxlen" -timeout=10 \
		-rss_limit_mb=1024 -print_final_stats=1 -artifact_prefix="tests/fuzz/$t-" \
		"$work" $dirs >"$log" 2>&1 || rc=$?
	set +f
	# The last status line: "#N DONE cov: C ft: F corp: K/S ... exec/s: E ...".
	awk -v t="$t" -v s="$share" '
		/^#[0-9]+/ && / cov: / { line = $0 }
		/^stat::number_of_executed_units:/ { execs = $2 }
		/^stat::average_exec_per_sec:/ { rate = $2 }
		END {
			n = split(line, f, " ")
			for (i = 1; i < n; i++) {
				if (f[i] == "cov:") cov = f[i + 1]
				if (f[i] == "ft:") ft = f[i + 1]
				if (f[i] == "corp:") corp = f[i + 1]
			}
			printf "fuzz %s: %s s, %s execs, %s exec/s, cov: %s, ft: %s, corpus %s\n",
				t, s, execs, rate, cov, ft, corp
		}' "$log"
	if [ "$rc" -ne 0 ]; then
		failed=1
		grep -E '^(==[0-9]+==ERROR|SUMMARY|.*contract broken|artifact_prefix|Test unit written)' "$log" || tail -n 20 "$log"
		echo "fuzz $t: FAILED (exit $rc; log $log): fix it, then add the input to $top_srcdir/tests/fuzz/corpus/$t/"
	fi
done
exit "$failed"
