#!/bin/sh
# suite-man.sh TABLE PAGE.in: PAGE.in with its line "@SUITE@" replaced by
# the suite's table (scripts/suite.tab) in man(7) markup: per program its
# cases and the summary columns they fill.  Run by the build for
# hostbench(1).
set -eu
[ $# -eq 2 ] || { echo "usage: suite-man.sh TABLE PAGE.in" >&2; exit 2; }
awk -F '\t' '
function roff(s) {
	gsub(/\\/, "\\e", s)
	gsub(/-/, "\\-", s)
	return s
}
function word(s) {
	gsub(/@REMOTE@/, "HOST", s)
	gsub(/@FSDIR@/, "DIR", s)
	gsub(/@BW[23]?@|@MAP@|@C?MB@m/, "SIZE", s)
	gsub(/@MB@/, "MB", s)
	gsub(/@XFER@|@SWEEP@|@FILES@/, "TIME", s)
	return s
}
function every(s) {
	gsub(/:\*/, ": every column", s)
	return s
}
FNR == NR {
	if (/^#/ || /^$/)
		next
	if (!($1 in cases))
		order[++n] = $1
	a = $5 == "-" ? "(no arguments)" : word($5)
	if ($2 != "all")
		a = a " (" $2 ($2 == "full" ? " only" : " and full") ")"
	cases[$1] = cases[$1] (cases[$1] == "" ? "" : "; ") a
	if ($4 != "-") {
		k = split($4, f, /; */)
		for (i = 1; i <= k; i++)
			if (!((($1) SUBSEP f[i]) in seen)) {
				seen[$1, f[i]] = 1
				feeds[$1] = feeds[$1] (feeds[$1] == "" ? "" : "; ") f[i]
			}
	}
	next
}
$0 == "@SUITE@" {
	for (i = 1; i <= n; i++) {
		p = order[i]
		printf ".TP\n.B %s\n%s.\n", p, roff(cases[p])
		if (p in feeds)
			printf ".br\nColumns: %s.\n", roff(every(feeds[p]))
	}
	next
}
{ print }
' "$1" "$2"
