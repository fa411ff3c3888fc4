#!/bin/sh
# doc-figures.sh [-n] [-b BUILDDIR] [-s BUILD]... FILE
#
# Rewrites the figures of FILE (README.md) from a build tree, so that no
# figure in it is typed by hand.  A figure block is every line between
#
#   <!-- figures: NAME -->            and   <!-- /figures -->
#
# and NAME says what goes there:
#
#   quick     the quick profile's cases, programs, rounds and planned
#             time (scripts/suite.tab and the runner's profile table)
#   profiles  the profile table, as hostbench run -h prints it
#   compare   an excerpt of hostbench compare of tests/data/hb-a.0 and
#             hb-b.0 (two runs of one guest, governor and kernel changed)
#   ab        an excerpt of the A/B of tests/data/hb-r-a.0 and hb-r-b.0
#             (the two sides of a hostbench ab experiment)
#   sizes     the size of the static multicall program of each BUILD
#
# The first four depend only on the sources and the build tree's programs:
# the same tree gives the same text on any machine, and
# tests/scripts/doc-figures-t.sh fails when FILE holds other text.
# A block marked ", of builds" (sizes) depends on builds that may not
# exist here (a musl toolchain, a cross compiler): it is rewritten only
# when -s names builds, and left as it is otherwise; its last line names
# the hostbench version it was measured with, and the test checks that
# this is the current version.
#
#   -b BUILDDIR  the build tree whose programs run (default: .)
#   -s BUILD     a build tree configured with --enable-static
#                --enable-multicall (repeatable)
#   -n           print the new FILE on standard output; leave FILE alone
#
# Prints the names of the blocks it changed on standard error.  Exit 0;
# 1 when a program fails or its output no longer holds what an excerpt
# takes (the script then needs the new section titles); 2 usage.
set -eu
LC_ALL=C
export LC_ALL

top=$(cd "$(dirname "$0")/.." && pwd)
builddir=.
builds=
dry=no
usage() {
	printf 'usage: doc-figures.sh [-n] [-b BUILDDIR] [-s BUILD]... FILE\n' >&2
	exit 2
}
while getopts nb:s: opt; do
	case $opt in
	n) dry=yes ;;
	b) builddir=$OPTARG ;;
	s) builds="$builds $OPTARG" ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
file=$1
[ -f "$file" ] || {
	printf 'doc-figures: no file %s\n' "$file" >&2
	exit 2
}
builddir=$(cd "$builddir" && pwd)
compare=$builddir/results/hostbench-compare
runner=$builddir/bench/hostbench-run
for p in "$compare" "$runner"; do
	[ -x "$p" ] || {
		printf 'doc-figures: no %s: build first (make)\n' "$p" >&2
		exit 1
	}
done
wrap=${TEST_WRAPPER:-}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/doc-figures.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

die() {
	printf 'doc-figures: %s\n' "$1" >&2
	exit 1
}

# excerpt OUT TITLE[|N]...: the paragraphs (blank-line separated) of OUT
# whose first line begins with each TITLE in turn, each after the one
# before (with |N: its first N lines),
# indented as Markdown code; "..." between two where paragraphs were left
# out.
excerpt() {
	_out=$1
	shift
	awk -v titles="$(printf '%s\n' "$@")" '
	BEGIN {
		n = split(titles, t, "\n"); k = 1
		for (i = 1; i <= n; i++) {
			max[i] = 0
			if (match(t[i], /[|][0-9]+$/)) { max[i] = substr(t[i], RSTART + 1) + 0; t[i] = substr(t[i], 1, RSTART - 1) }
		}
	}
	function flush() {
		if (k <= n && para != "" && index(first, t[k]) == 1) {
			if (k > 1) print (skipped ? "    ..." : "")
			cut = 0
			if (max[k] > 0) {
				m = split(para, l, "\n"); para = ""
				for (i = 1; i <= max[k] && i < m; i++) para = para l[i] "\n"
				cut = m - 1 > max[k]
			}
			printf "%s", para
			k++; skipped = cut
		} else if (para != "") skipped = 1
		para = ""; first = ""
	}
	/^$/ { flush(); next }
	{ if (para == "") first = $0; para = para "    " $0 "\n" }
	END {
		flush()
		if (k <= n) { print "doc-figures: no paragraph begins with: " t[k] > "/dev/stderr"; exit 1 }
	}' "$_out" | sed 's/[ ]*$//'
}

# Runs of tests/data under the names a build tree gives them.
mkdir -p "$tmp/runs/results/x86_64-linux"
cp "$top/tests/data/hb-a.0" "$tmp/runs/results/x86_64-linux/vm.0"
cp "$top/tests/data/hb-b.0" "$tmp/runs/results/x86_64-linux/vm.1"
cp "$top/tests/data/hb-r-a.0" "$tmp/runs/results/x86_64-linux/vm.2"
cp "$top/tests/data/hb-r-b.0" "$tmp/runs/results/x86_64-linux/vm.3"

# compare: two runs of one guest, the governor, the kernel's command
# line and build changed between them.
(cd "$tmp/runs" && $wrap "$compare" results/x86_64-linux/vm.0 results/x86_64-linux/vm.1) \
	>"$tmp/compare.out" || die 'hostbench-compare failed on tests/data/hb-a.0 hb-b.0'
{
	printf '    $ ./hostbench compare results/x86_64-linux/vm.0 results/x86_64-linux/vm.1\n'
	excerpt "$tmp/compare.out" 'Runs:|3' 'A/B:' 'The largest differences|3'
} >"$tmp/compare" || exit 1

# ab: the two files of an experiment, compared as hostbench ab does at its
# end (the A/B alone).
(cd "$tmp/runs" && $wrap "$compare" --ab results/x86_64-linux/vm.2 results/x86_64-linux/vm.3) \
	>"$tmp/ab.out" || die 'hostbench-compare failed on tests/data/hb-r-a.0 hb-r-b.0'
{
	printf '    $ ./hostbench compare --ab results/x86_64-linux/vm.2 results/x86_64-linux/vm.3\n'
	excerpt "$tmp/ab.out" 'A/B:' 'Section Metric|2'
} >"$tmp/ab" || exit 1

# profiles: the runner's table, as run -h prints it.
$wrap "$runner" run -h >"$tmp/run-h" 2>&1 || :
sed -n '/^Profiles/,$p' "$tmp/run-h" | sed -n '3,$p' | sed '/^$/,$d' |
	sed 's/^/  /' >"$tmp/profiles"
[ -s "$tmp/profiles" ] || die "hostbench-run run -h prints no profile table"

# quick: what a quick run is, from the suite's table (cases that need
# --remote-host left out) and the runner's rounds.
rounds=$(sed -n 's/^  quick .*, \([0-9][0-9]*\) rounds,.*/\1/p' "$tmp/run-h")
[ -n "$rounds" ] || die "hostbench-run run -h gives the quick profile no rounds"
awk -F '\t' -v rounds="$rounds" '
	/^#/ || NF < 5 { next }
	{ split($3, s, "/") }
	$2 == "all" && $5 !~ /@REMOTE@/ && s[1] != "-" { cases++; secs += s[1]; prog[$1] = 1 }
	END {
		for (p in prog) progs++
		printf "A quick run is %d cases of %d programs, %d rounds. On a quiet 2-CPU\n", cases, progs, rounds
		printf "x86_64 VM it takes about %d s (the budgets in `scripts/suite.tab`).\n", int(secs * rounds + 0.5)
	}' "$top/scripts/suite.tab" >"$tmp/quick"

# sizes, of builds: hostbench-all and hello of each -s BUILD, stripped.
version=$(sed -n 's/^PACKAGE_VERSION = //p' "$builddir/Makefile")
if [ -n "$builds" ]; then
	{
		printf '| build (`--host`) | C library | hostbench-all + hello, stripped |\n'
		printf '|---|---|--:|\n'
		for b in $builds; do
			[ -f "$b/bench/hostbench-all" ] && [ -f "$b/bench/hello" ] ||
				die "$b: no bench/hostbench-all: not a --enable-multicall build"
			host=$(sed -n 's/^host = //p' "$b/Makefile")
			alias=$(sed -n 's/^host_alias = //p' "$b/Makefile")
			cc=$(sed -n 's/^CC = //p' "$b/Makefile")
			strip='strip'
			for t in "$alias" "$host"; do
				if [ -n "$t" ] && command -v "$t-strip" >/dev/null 2>&1; then
					strip=$t-strip
					break
				fi
			done
			case "$host $cc" in
			*musl*) libc=musl ;;
			*) libc=glibc ;;
			esac
			cp "$b/bench/hostbench-all" "$b/bench/hello" "$tmp/"
			"$strip" "$tmp/hostbench-all" "$tmp/hello" || die "$strip failed on $b's programs"
			bytes=$(cat "$tmp/hostbench-all" "$tmp/hello" | wc -c | tr -d ' ')
			printf '| %s | %s | %d KB |\n' "${alias:-$host}" "$libc" $(((bytes + 512) / 1024))
			# shellcheck disable=SC2086
			$cc --version 2>/dev/null | sed -n '1s/.* \([0-9][0-9.]*\)$/gcc \1/p' >>"$tmp/compilers"
		done
		printf '\nMeasured with hostbench %s, %s.\n' "$version" "$(sort -u "$tmp/compilers" | paste -sd ',' - | sed 's/,/, /g')"
	} >"$tmp/sizes"
fi

# Replace the blocks.
awk -v dir="$tmp" '
/^<!-- figures: .* -->$/ {
	print
	name = $0; sub(/^<!-- figures: /, "", name); sub(/ -->$/, "", name)
	builds = sub(/, of builds$/, "", name)
	f = dir "/" name
	if ((getline line < f) > 0) {
		print line; while ((getline line < f) > 0) print line
		close(f); fresh = 1
	} else if (!builds) {
		print "doc-figures: no figures named " name > "/dev/stderr"; bad = 1
	} else fresh = 0
	inside = 1; next
}
/^<!-- \/figures -->$/ { inside = 0; print; next }
inside && fresh { next }
{ print }
END { if (inside) { print "doc-figures: a block is not closed" > "/dev/stderr"; bad = 1 } exit bad }
' "$file" >"$tmp/new" || exit 1

# Name the blocks that changed.
for n in $(sed -n 's/^<!-- figures: \([a-z0-9-]*\).* -->$/\1/p' "$file"); do
	get() { awk -v n="$n" '$0 ~ "^<!-- figures: " n "[ ,]" || $0 == "<!-- figures: " n " -->" { on = 1; next } /^<!-- \/figures -->$/ { on = 0 } on' "$1"; }
	get "$file" >"$tmp/was"
	get "$tmp/new" >"$tmp/now"
	cmp -s "$tmp/was" "$tmp/now" || printf 'doc-figures: %s: new figures\n' "$n" >&2
done
if [ "$dry" = yes ]; then
	cat "$tmp/new"
elif ! cmp -s "$file" "$tmp/new"; then
	cat "$tmp/new" >"$file"
fi
