#!/bin/sh
# Fault matrix, results: a results directory that cannot be written
# (`hostbench run` and the results tool's --svg/--plot); plots that would
# replace a file, write through a symbolic link or into another user's
# directory (refused, nothing touched, nothing left); a FIFO given as a
# result file (refused at once); text from a file that would be HTML in
# Markdown, a formula in CSV or invalid UTF-8 in JSON; a result file
# truncated mid-line, a binary file and a missing file given to the
# results tool.  Each: a clear error naming the path, exit 1, no file
# left half-written; the good files given alongside are still read and
# tabled.  A read-only directory is a read-only tmpfs as root (where
# permissions do not stop root), a mode 555 directory otherwise.
. "$top_srcdir/tests/tap/libtap.sh"

script=$top_builddir/hostbench
cmp=$top_builddir/results/hostbench-compare
[ -f "$script" ] || skip_all "$script is not generated (make hostbench)"
[ -f "$cmp" ] || skip_all 'hostbench-compare is not built'
[ -f "$top_builddir/bench/mhz" ] || skip_all 'mhz is not built'

plan 46
d=$(mktemp -d "${TMPDIR:-/tmp}/results-t.XXXXXX") || bail 'mktemp -d failed'
mounted=
_tap_cleanup_hook() {
	[ -z "$mounted" ] || umount "$d/ro" 2>/dev/null || :
	chmod -R u+w "$d" 2>/dev/null || :
	rm -rf "$d"
}
data=$top_srcdir/tests/data
mkdir "$d/tmp"

# hbrun ARGS...: a one-benchmark run of the real programs; output in
# $HB_OUT / $HB_ERR, status in $HB_STATUS.
hbrun() {
	HB_STATUS=0
	TMPDIR=$d/tmp HOSTBENCH_LIBEXEC=$top_builddir/bench HOSTBENCH_WRAPPER=$TEST_WRAPPER \
		sh "$script" run -q --profile test --only mhz "$@" >"$d/out" 2>"$d/err" </dev/null ||
		HB_STATUS=$?
	HB_OUT=$(cat "$d/out")
	HB_ERR=$(cat "$d/err")
}
# compare ARGS...: the results tool; the same variables.
compare() {
	HB_STATUS=0
	$TEST_WRAPPER "$cmp" "$@" >"$d/out" 2>"$d/err" </dev/null || HB_STATUS=$?
	HB_OUT=$(cat "$d/out")
	HB_ERR=$(cat "$d/err")
}

# ------------------------------------------------ results directory not writable
hbrun --results-dir "$d/ok"
is 'a run into a writable directory exits 0 (the baseline)' 0 "$HB_STATUS"
platform=$(printf '%s\n' "$HB_OUT" | sed -n "s|^$d/ok/\\([^/]*\\)/.*|\\1|p")
ok '... and names its result file' test -n "$platform"

mkdir -p "$d/ro/exists/$platform"
if [ "$(id -u)" -eq 0 ]; then
	if mount -t tmpfs -o size=64k tmpfs "$d/ro" 2>/dev/null; then
		mounted=yes
		mkdir -p "$d/ro/exists/$platform"
		mount -o remount,ro "$d/ro" 2>/dev/null || mounted=failed
	fi
else
	chmod 555 "$d/ro/exists/$platform" "$d/ro/exists" "$d/ro"
fi
if (: >"$d/ro/probe") 2>/dev/null || (: >"$d/ro/exists/$platform/probe") 2>/dev/null; then
	for _k in 1 2 3 4 5 6 7 8 9 10 11 12 13; do skip 'no read-only directory can be made here'; done
else
	hbrun --results-dir "$d/ro/new"
	is '--results-dir where no directory can be made: exit 1' 1 "$HB_STATUS"
	like '... naming it' "$HB_ERR" "^hostbench: cannot make '$d/ro/new/$platform'"
	hbrun --results-dir "$d/ro/exists"
	is '--results-dir whose platform directory is read-only: exit 1' 1 "$HB_STATUS"
	like '... naming it' "$HB_ERR" "^hostbench: cannot make a temporary file in '$d/ro/exists/$platform'"
	hbrun -o "$d/ro/run.0"
	is '-o into a read-only directory: exit 1' 1 "$HB_STATUS"
	like '... naming it' "$HB_ERR" "^hostbench: cannot make a temporary file in '$d/ro'"
	is '... and no run leaves a temporary file or directory' '' "$(ls -A "$d/tmp")"
	compare --svg "$d/ro/x.svg" "$data/hb-a.0" "$data/hb-b.0"
	is 'compare --svg into a read-only directory: exit 1' 1 "$HB_STATUS"
	like '... naming the file' "$HB_ERR" "^hostbench-compare: $d/ro/x.svg: "
	like '... the report is still printed' "$HB_OUT" '^A/B: \[2\] hb-b\.0 against the base \[1\] hb-a\.0$'
	compare --plot "$d/ro/exists" "$data/hb-a.0" "$data/hb-b.0"
	is 'compare --plot into a read-only directory: exit 1' 1 "$HB_STATUS"
	like '... naming the file' "$HB_ERR" "^hostbench-compare: $d/ro/exists/memlat.svg: "
	is '... nothing half-written is left' '' "$(ls -A "$d/ro/exists/$platform")"
fi

# ------------------------------------------------ bad files given to the results tool
good=$data/hb-b.0
host=$(sed -n 's/^host: //p' "$good" | head -n 1)
# Cut in the middle of a result line, and at a line that looks whole
# but lost its newline (and maybe digits): both truncated.
head -c 5000 "$data/hb-a.0" >"$d/cut.0"
awk '/^Benchmark/ { n++ } n == 20 { printf "%s", $0; exit } { print }' "$data/hb-a.0" >"$d/lastline.0"
cp "$top_builddir/bench/mhz" "$d/binary.0"
compare "$d/cut.0" "$good"
is 'a file truncated mid-line: exit 1' 1 "$HB_STATUS"
like '... the message names the file and line' "$HB_ERR" "^hostbench-compare: $d/cut\\.0:[0-9]+: .*truncated"
like '... the other file is still tabled' "$HB_OUT" "^  [^ ]+ +\\[2\\] $good: $host"
compare "$d/lastline.0" "$good"
like 'a last result line without its newline: truncated, named' "$HB_ERR" \
	"^hostbench-compare: $d/lastline\\.0:[0-9]+: truncated result line"
compare "$d/binary.0" "$good"
is 'a binary file: exit 1' 1 "$HB_STATUS"
like '... "binary data", naming it' "$HB_ERR" "^hostbench-compare: $d/binary\\.0:1: binary data, not a result file"
like '... the other file is still tabled' "$HB_OUT" "^  [^ ]+ +\\[2\\] $good: $host"
mkdir "$d/mixed"
cp "$d/cut.0" "$d/binary.0" "$good" "$d/mixed/"
compare "$d/mixed" "$d/missing.0"
is 'a directory of good and bad files, and a missing file: exit 1' 1 "$HB_STATUS"
is '... every bad one is reported' 3 "$(printf '%s\n' "$HB_ERR" | grep -c -e 'cut\.0:[0-9]*: ' -e 'binary\.0:1: ' -e 'missing\.0: No such file')"
like '... the good one is tabled' "$HB_OUT" "hb-b\\.0: $host"

# ------------------------------------------------ plots never replace nor follow
ab="$data/hb-a.0 $data/hb-b.0"
mkdir "$d/plots"
printf 'a result worth keeping\n' >"$d/plots/keep.0"
# shellcheck disable=SC2086
compare --svg "$d/plots/keep.0" $ab
is 'compare --svg onto an existing file: exit 1' 1 "$HB_STATUS"
like '... saying it exists' "$HB_ERR" "^hostbench-compare: $d/plots/keep\\.0: exists; not replacing it"
is '... the file is as it was' 'a result worth keeping' "$(cat "$d/plots/keep.0")"
printf 'victim\n' >"$d/victim"
ln -s "$d/victim" "$d/plots/link.svg"
# shellcheck disable=SC2086
compare --svg "$d/plots/link.svg" $ab
is 'compare --svg onto a symbolic link: exit 1' 1 "$HB_STATUS"
is '... the file it points to is untouched' 'victim' "$(cat "$d/victim")"
is '... and no temporary file is left' 'keep.0 link.svg' "$(ls -A "$d/plots" | tr '\n' ' ' | sed 's/ $//')"
mkdir "$d/elsewhere"
ln -s "$d/elsewhere" "$d/plotlink"
# shellcheck disable=SC2086
compare --plot "$d/plotlink" $ab
is 'compare --plot DIR where DIR is a symbolic link: exit 1' 1 "$HB_STATUS"
like '... saying so' "$HB_ERR" "plotlink: a symbolic link; not writing through it"
is '... nothing written where it points' '' "$(ls -A "$d/elsewhere")"
# shellcheck disable=SC2086
compare --plot "$d/pl" $ab
# shellcheck disable=SC2086
compare --plot "$d/pl" $ab
is 'compare --plot twice into one directory: the second run exits 1' 1 "$HB_STATUS"
like '... refusing to replace the first run'"'"'s plots' "$HB_ERR" "pl/memlat\\.svg: exists; not replacing it"
if [ "$(id -u)" -eq 0 ] && chown 65534 "$d/elsewhere" 2>/dev/null; then
	# shellcheck disable=SC2086
	compare --plot "$d/elsewhere" $ab
	like 'compare --plot into another user'"'"'s directory: exit 1, saying whose' "$HB_STATUS $HB_ERR" \
		"^1 .*elsewhere: belongs to another user \\(uid 65534\\)"
	is '... nothing written in it' '' "$(ls -A "$d/elsewhere")"
else
	skip 'not root: no directory of another user can be made'
	skip 'not root: no directory of another user can be made'
fi
compare --svg '' "$data/hb-a.0"
like "compare --svg '': exit 2 naming it" "$HB_STATUS $HB_ERR" '^2 .*--svg: an empty file name'

# ------------------------------------------------ files that are not files, text that is not text
mkfifo "$d/fifo.0"
if command -v timeout >/dev/null 2>&1; then
	HB_STATUS=0
	timeout 10 $TEST_WRAPPER "$cmp" "$d/fifo.0" "$data/hb-b.0" >"$d/out" 2>"$d/err" </dev/null || HB_STATUS=$?
	HB_ERR=$(cat "$d/err")
else
	compare "$d/fifo.0" "$data/hb-b.0"
fi
is 'a FIFO given as a result file: exit 1 at once (no hang)' 1 "$HB_STATUS"
like '... saying what it is' "$HB_ERR" "fifo\\.0: a FIFO, not a result file"
# A note with HTML, a formula and bytes that are not UTF-8.
awk '/^note: / { printf "note: <img src=x onerror=alert(1)> =HYPERLINK(\"http://x\") \377\376 end\n"; next }
	{ print }' "$data/hb-r-a.0" >"$d/evil.0"
compare --format markdown --summary "$d/evil.0"
like 'Markdown: a note'"'"'s HTML is escaped' "$HB_OUT" '&lt;img src=x onerror=alert\(1\)'
no_line_like() { ! printf '%s\n' "$1" | grep -q -- "$2"; }
like_() { printf '%s\n' "$1" | grep -Eq -- "$2"; }
ok '... and no tag is left' no_line_like "$HB_OUT" '<img'
compare --format csv --summary "$d/evil.0"
ok 'CSV: a note that is no formula is left as it is' like_ "$HB_OUT" ',"<img src=x onerror=alert\(1\)> =HYPERLINK'

awk '/^note: / { $0 = "note: =SUM(A1:A9)" } { print }' "$d/evil.0" >"$d/formula.0"
compare --format csv --summary "$d/formula.0"
like 'CSV: a note that would be a formula gets a quote first' "$HB_OUT" ",'=SUM\\(A1:A9\\),"
compare --format json --summary "$d/evil.0"
like 'JSON: bytes that are not UTF-8 become U+FFFD' "$HB_OUT" '\\ufffd\\ufffd end'
