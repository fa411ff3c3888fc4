#!/bin/sh
# Fault matrix, a hostile host of an ssh fleet (hostbench run --ssh):
# what it sends back is taken only when it is a result of a sensible
# size, and what it says reaches the terminal as text.  The host is a
# stand-in ssh (HOSTBENCH_SSH) that answers the fleet's commands itself:
#   - 70 MB after a valid first line: refused past 64 MB, nothing
#     published, no temporary file left;
#   - a file that is no result file, and one whose first line is right
#     but that holds no result: refused, saying so;
#   - a real result: published whole, as the host's .0;
#   - escape sequences (OSC, CSI, C1 as UTF-8, BEL) in the progress it
#     sends and in an error message: none reaches the local stderr,
#     while the progress text does.
. "$top_srcdir/tests/tap/libtap.sh"

[ -f "$top_builddir/hostbench" ] || skip_all "$top_builddir/hostbench is not generated"
plan 11

d=$(mktemp -d "${TMPDIR:-/tmp}/fleet-remote-t.XXXXXX") || bail 'mktemp -d failed'
_tap_cleanup_hook() {
	rm -rf "$d"
}
top=$(cd "$top_builddir" && pwd -P) || bail "no $top_builddir"
src=$(cd "$top_srcdir" && pwd -P) || bail "no $top_srcdir"
script=$top/hostbench
HOSTBENCH_WRAPPER=$TEST_WRAPPER
FAKE_DIR=$d
FAKE_GOOD=$src/tests/data/hb-a.0
export HOSTBENCH_WRAPPER FAKE_DIR FAKE_GOOD

# A bundle: a gzipped tar whose first entry names its top directory.
mkdir -p "$d/b/hostbench-x"
: >"$d/b/hostbench-x/hostbench"
(cd "$d/b" && tar -cf - hostbench-x | gzip -c) >"$d/bundle.tar.gz" || bail 'cannot make a bundle'

# The host: its answer to each of the fleet's commands (the last word).
cat >"$d/ssh" <<'EOF'
#!/bin/sh
for a; do cmd=$a; done
case $cmd in
'uname -m && d='*)
	# The copy's name, as the fleet chose it.
	sfx=${cmd#*hostbench-ssh.}
	printf 'x86_64\n%s/hostbench-ssh.%s\n' "$FAKE_DIR" "${sfx%% *}"
	printf '%s/hostbench-ssh.%s\n' "$FAKE_DIR" "${sfx%% *}" >"$FAKE_DIR/rdir" ;;
*'gzip -dc | tar -xf -'*)
	cat >/dev/null ;;
*'./hostbench run'*)
	printf 'pid 999999\n'
	printf '[1/1] lat_syscall \033]0;owned\007\033[2J\302\233?25l progress text\n' >&2
	printf '%s/results/x86_64-linux/vm.0\n' "$(cat "$FAKE_DIR/rdir")" ;;
'cat '*)
	case $FAKE_MODE in
	big) printf 'hostbench: 1.0\n'; head -c $((70 << 20)) /dev/zero | tr '\0' A ;;
	notresult) printf 'GET / HTTP/1.0\n\n' ;;
	noresult) printf 'hostbench: 1.0\nhost: vm\n' ;;
	fail) printf 'cat: \033[31mno such file\033[0m\007\n' >&2; exit 3 ;;
	good) cat "$FAKE_GOOD" ;;
	esac ;;
esac
exit 0
EOF
chmod +x "$d/ssh"
HOSTBENCH_SSH=$d/ssh
export HOSTBENCH_SSH

# fleet MODE: a fleet run of one host answering in MODE, into $d/r-MODE;
# $HB_STATUS, $HB_ERR.
fleet() {
	HB_STATUS=0
	(cd "$d" && FAKE_MODE=$1 exec sh "$script" run --ssh root@box --bundle "$d/bundle.tar.gz" \
		--profile test --only lat_syscall --results-dir "$d/r-$1") \
		>"$d/out-$1" 2>"$d/err-$1" </dev/null || HB_STATUS=$?
	HB_ERR=$(cat "$d/err-$1")
}

# said STRING: $HB_STATUS, then the line of $HB_ERR that has STRING.
said() {
	printf '%s %s' "$HB_STATUS" "$(printf '%s\n' "$HB_ERR" | grep -F -e "$1" | sed -n 1p)"
}

fleet big
like '70 MB sent back: the host fails, saying the result is too large' "$(said 'larger than')" \
	'^1 .*box: its result is larger than 64 MB, which no result is: not taken'
is '... nothing published, no temporary file left' '' "$(find "$d/r-big" -type f 2>/dev/null)"

fleet notresult
like 'what is no result file: refused, saying so' "$(said 'sent back')" \
	'^1 .*box: what it sent back is no hostbench result file \(its first line: GET / HTTP/1.0\)'
fleet noresult
like 'a right first line, but no result in it: refused by the results tool' "$(said 'sent back')" \
	'^1 .*box: what it sent back holds no result the results tool can read'
is '... neither published' '' "$(find "$d/r-notresult" "$d/r-noresult" -type f 2>/dev/null)"

fleet good
like 'a real result: exit 0, published as the host'"'"'s .0' "$HB_STATUS $(sed -n 1p "$d/out-good")" \
	"^0 .*/r-good/x86_64-linux/vm\.0$"
ok '... whole' cmp -s "$FAKE_GOOD" "$d/r-good/x86_64-linux/vm.0"
is '... and nothing else there' 'vm.0' "$(ls -A "$d/r-good/x86_64-linux" 2>/dev/null)"

fleet fail
like 'the host'"'"'s error message is told' "$(said 'back failed')" '^1 .*bringing the result back failed \(exit 3\): cat: .*no such file'

# No byte a terminal obeys in anything the fleet printed: ESC, BEL, CSI
# as C1 (UTF-8 c2 9b); the progress text itself came through.
ctl=$(cat "$d"/err-* | od -An -c | grep -c '033\|007\|302 233')
is 'no escape sequence of the host'"'"'s reaches the terminal' 0 "$ctl"
like '... while its progress does' "$(cat "$d/err-good")" 'lat_syscall .*progress text'
