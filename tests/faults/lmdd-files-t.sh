#!/bin/sh
# Fault matrix, lmdd's files: what another user (or a mistake) can put
# where lmdd writes.  A symbolic link planted as the named output (by a
# plain user in a directory it can write, when the test runs as root and
# setpriv can drop to nobody) is refused without force=1 and its target is
# untouched, whether it is empty, full or missing; the files lmdd creates
# are created with O_CREAT|O_EXCL and never opened again by name but
# through O_NOFOLLOW, and a file swapped before that reopen (strace holds
# it) is refused: both where strace can trace here.  A FIFO or socket at
# either end is refused at once (exit 1; a FIFO never blocks), force=1 or
# not; a character device as the output is refused without force=1 but
# for the null device, and described without "on tmpfs" (devtmpfs) when
# accepted.
. "$top_srcdir/tests/tap/libtap.sh"

plan 30
q='-N 1 -o raw'
d=$(mktemp -d "${TMPDIR:-/tmp}/lmdd-files-t.XXXXXX") || bail 'mktemp -d failed'
_tap_cleanup_hook() {
	rm -rf "$d"
}
# $d/w: the directory the plain user writes; $d/v: where the victims live.
mkdir "$d/w" "$d/v"
chmod 0777 "$d/w"
chmod 0755 "$d" "$d/v"
plain='the same user'
as_plain() { "$@"; }
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1 &&
	setpriv --reuid=65534 --regid=65534 --clear-groups -- sh -c ': >"$1/probe"' sh "$d/w" 2>/dev/null; then
	plain='nobody (setpriv)'
	as_plain() { setpriv --reuid=65534 --regid=65534 --clear-groups -- "$@"; }
fi
rm -f "$d/w/probe"
diag "the links are planted by $plain"

# bounded DESC PATTERN ARGS...: lmdd ARGS exits 1 within 10 s (a watchdog
# kills it otherwise) with PATTERN in its messages.  2 tests.
bounded() {
	_bd=$1 _bpat=$2
	shift 2
	TAP_STATUS=0
	# shellcheck disable=SC2086
	$TEST_WRAPPER "$(prog lmdd)" "$@" >"$d/out" 2>"$d/err" </dev/null &
	_bp=$!
	(
		_i=0
		while [ $_i -lt 100 ] && kill -0 "$_bp" 2>/dev/null; do
			sleep 0.1 2>/dev/null || sleep 1
			_i=$((_i + 1))
		done
		kill -KILL "$_bp" 2>/dev/null
	) >/dev/null 2>&1 &
	_bw=$!
	wait "$_bp" || TAP_STATUS=$?
	wait "$_bw" || :
	ok "$_bd: does not hang (not killed after 10 s)" test "$TAP_STATUS" -ne 137
	if [ "$TAP_STATUS" -eq 1 ] && grep -Eq -- "$_bpat" "$d/err"; then
		_tap_report 0 "$_bd: exit 1, saying what it is"
	else
		_tap_report 1 "$_bd: exit 1, saying what it is" || :
		diag "exit $TAP_STATUS; expected /$_bpat/ in:"
		diag "$(cat "$d/err")"
	fi
}

# (a) A symbolic link planted as the output.
printf 'precious\n' >"$d/v/full"
: >"$d/v/empty"
sum=$(cksum <"$d/v/full")
as_plain ln -s "$d/v/empty" "$d/w/out"
cli 'of=LINK to an empty file: exit 1, a symbolic link' 1 \
	"of=$d/w/out: a symbolic link; refused without force=1" lmdd $q of="$d/w/out" bs=4k count=2
is '... the empty file it points to stays empty' 0 "$(wc -c <"$d/v/empty" | tr -d ' ')"
ok '... and the link is left as it was' test -L "$d/w/out"
rm -f "$d/w/out"
as_plain ln -s "$d/v/full" "$d/w/out"
cli 'of=LINK to a full file: exit 1, a symbolic link' 1 \
	"of=$d/w/out: a symbolic link; refused without force=1" lmdd $q of="$d/w/out" bs=4k count=2
is '... the file it points to is untouched' "$sum" "$(cksum <"$d/v/full")"
rm -f "$d/w/out"
as_plain ln -s "$d/v/new" "$d/w/out"
cli 'of=LINK to a missing file: exit 1, a symbolic link' 1 \
	"of=$d/w/out: a symbolic link; refused without force=1" lmdd $q of="$d/w/out" bs=4k count=2
ok '... and nothing is created where it points' test ! -e "$d/v/new"
rm -f "$d/w/out"
cli 'of=NEW FILE in the same directory: exit 0' 0 '^BenchmarkLmdd/op=write' \
	lmdd $q of="$d/w/out" bs=4k count=2
is '... and it stays, as dd'"'"'s output does (nothing else is left)' 'out' "$(ls -A "$d/w")"
rm -f "$d/w/out"

# traced ARGS...: strace ARGS, with LeakSanitizer off in a sanitizer build
# (it cannot run under ptrace and fails the program).
traced() {
	env ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" strace "$@"
}

# The opens, as strace sees them: created once with O_EXCL, never reopened
# by name but with O_NOFOLLOW (sync=1 needs a descriptor with O_SYNC).
# opens PATTERN ARGS...: the flags of every open of a path matching PATTERN.
opens() {
	_pat=$1
	shift
	traced -f -e trace=open,openat -o "$d/trace" "$(prog lmdd)" "$@" >/dev/null 2>&1 || :
	# (musl's opens carry O_LARGEFILE, glibc's on 64 bits do not)
	grep -E "open(at)?\\(.*\"[^\"]*$_pat\"" "$d/trace" |
		sed 's/.*", //; s/).*//; s/, 0[0-7]*$//; s/|O_LARGEFILE//g'
}
# swap HOW: run lmdd of=DIR sync=1 with strace holding its reopen of the
# temporary file (the K-th open, counted in a trace of the same run) for
# 5 s, in which the plain user replaces the file: HOW=link, by a symbolic
# link to $d/v/full; HOW=file, by a file of its own (a second name of
# $d/w/mine, which stays when lmdd removes the name at exit).  3 tests.
swap() {
	_k=$(opens 'hostbench\.lmdd\.[^"]*' $q of="$d/w" bs=4k count=2 sync=1 >/dev/null
		awk '/open(at)?\(/ { n++ } /hostbench\.lmdd\./ && ++m == 2 { print n; exit }' "$d/trace")
	TAP_STATUS=0
	traced -o /dev/null -e trace=open,openat -e "inject=open,openat:delay_enter=5000000:when=${_k:-1}" \
		"$(prog lmdd)" $q of="$d/w" bs=4k count=2 sync=1 >"$d/out" 2>"$d/err" </dev/null &
	_sp=$!
	_i=0
	while [ $_i -lt 50 ] && [ -z "$(ls -A "$d/w")" ]; do
		sleep 0.1 2>/dev/null || sleep 1
		_i=$((_i + 1))
	done
	_f=$(ls -A "$d/w")
	case $1 in
	link) as_plain sh -c 'rm -f "$1/$2" && ln -s "$3" "$1/$2"' sh "$d/w" "$_f" "$d/v/full"
	      _want='replaced by a symbolic link after lmdd created it; refused' ;;
	*) as_plain sh -c 'mv "$1/$2" "$1/other" && : >"$1/mine" && ln "$1/mine" "$1/$2"' sh "$d/w" "$_f"
	   _want='replaced by another file after lmdd created it; refused' ;;
	esac
	wait "$_sp" || TAP_STATUS=$?
	if [ "$TAP_STATUS" -eq 1 ] && grep -q -- "$_want" "$d/err"; then
		_tap_report 0 "swapped for a $1 before the O_SYNC reopen: exit 1, saying so"
	else
		_tap_report 1 "swapped for a $1 before the O_SYNC reopen: exit 1, saying so" || :
		diag "exit $TAP_STATUS (open $_k held; swapped '$_f'); expected /$_want/ in:"
		diag "$(cat "$d/err")"
	fi
	is '... no result is printed' '' "$(grep '^Benchmark' "$d/out")"
	if [ "$1" = link ]; then
		is '... the file the link points to is untouched' "$sum" "$(cksum <"$d/v/full")"
	else
		is '... the file put in its place is not written' 0 "$(wc -c <"$d/w/mine" | tr -d ' ')"
	fi
	rm -f "$d/w/$_f" "$d/w/other" "$d/w/mine"
}
if [ -n "$TEST_WRAPPER" ] || ! command -v strace >/dev/null 2>&1 ||
	! strace -o /dev/null true >/dev/null 2>&1; then
	for _k in 1 2 3 4 5 6 7 8 9; do skip 'no strace that can trace here'; done
else
	if [ -n "${HB_SANITIZERS:-}" ]; then
		# The sanitizer runtime opens files of its own at start, not
		# always as many: the open to hold cannot be counted.
		for _k in 1 2 3 4 5 6; do skip 'a sanitizer build: the open to hold cannot be counted'; done
	elif strace -o /dev/null -e trace=open,openat -e inject=open,openat:delay_enter=1:when=1000 \
		true >/dev/null 2>&1; then
		swap link
		swap file
	else
		for _k in 1 2 3 4 5 6; do skip 'this strace cannot delay a system call (inject=)'; done
	fi
	is 'of=DIR: its temporary file is opened once, created with O_EXCL' 'O_RDWR|O_CREAT|O_EXCL' \
		"$(opens 'hostbench\.lmdd\.[^"]*' $q of="$d/w" bs=4k count=2 | tr '\n' ' ' | sed 's/ $//')"
	is 'of=DIR sync=1: created with O_EXCL, reopened (for O_SYNC) with O_NOFOLLOW' 2 \
		"$(opens 'hostbench\.lmdd\.[^"]*' $q of="$d/w" bs=4k count=2 sync=1 |
			awk 'NR == 1 && /O_CREAT/ && /O_EXCL/ { n++ } NR == 2 && /O_NOFOLLOW/ && /O_SYNC/ { n++ }
				END { print n + 0 }')"
	is 'of=FILE: opened once, with O_CREAT|O_EXCL|O_NOFOLLOW' 1 \
		"$(opens '/w/out' $q of="$d/w/out" bs=4k count=2 keep=0 |
			awk '/O_CREAT/ && /O_EXCL/ && /O_NOFOLLOW/ { n++ } END { print NR == 1 ? n + 0 : 0 }')"
fi
is 'nothing is left where lmdd wrote' '' "$(ls -A "$d/w")"

# (b) FIFOs and sockets: refused at once, at either end, even with force=1.
mkfifo "$d/fifo"
bounded 'of=FIFO' "of=$d/fifo: a FIFO; refused" $q of="$d/fifo" bs=4k count=2
bounded 'if=FIFO' "if=$d/fifo: a FIFO; refused" $q if="$d/fifo" bs=4k count=2
bounded 'of=FIFO force=1' "of=$d/fifo: a FIFO; refused" $q of="$d/fifo" bs=4k count=2 force=1
if command -v perl >/dev/null 2>&1 &&
	perl -MIO::Socket::UNIX -e 'IO::Socket::UNIX->new(Local => $ARGV[0], Listen => 1) or exit 1' \
		"$d/sock" 2>/dev/null; then
	cli 'of=SOCKET: exit 1, a socket' 1 "of=$d/sock: a socket; refused" lmdd $q of="$d/sock" bs=4k count=2
else
	skip 'no perl to make a socket with'
fi

# (c) A character device as the output; a device node is not "on tmpfs".
cli 'of=/dev/zero: exit 1, a character device' 1 \
	'^lmdd: of=/dev/zero: a character device; refused without force=1' lmdd $q of=/dev/zero bs=4k count=2
cli 'of=/dev/null, the null device (lmdd(1)'"'"'s example): exit 0 without force=1' 0 \
	'^BenchmarkLmdd/op=write/size=8K/bs=4K	' lmdd $q of=/dev/null bs=4k count=2
like '... described as a character device' "$TAP_STDOUT" '^# output: /dev/null \(character device\), from byte 0$'
cli 'if=/dev/zero: a character device is read without force=1' 0 '^BenchmarkLmdd/op=read/size=8K/bs=4K	' \
	lmdd $q if=/dev/zero bs=4k count=2
