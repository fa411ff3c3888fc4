#!/bin/sh
# Fault matrix, a local user against root's run: a results directory, an
# -o directory or a TMPDIR where another user could swap a name the run
# makes for a link to one of root's files.  The run refuses such a
# directory before it makes anything in it (exit 2, naming the directory
# and its owner), and writes its result through one descriptor of a file
# it made new, in a directory no other user can replace it in.
#   - a results directory, an -o directory and a TMPDIR of another
#     user's, a directory group-writable and not sticky, and a platform
#     directory another user made in a sticky results directory: each
#     refused, with nothing made in it;
#   - a plain user who, all through root's run, replaces every name in
#     its directory with a link to a file of root's (mode 0600): the
#     file keeps its mode and its size;
#   - a sticky directory of root's (as /tmp) is fine for -o, and the
#     result has the mode the umask gives, not mktemp's 0600;
#   - the plain user's own directory is fine for the plain user.
# Needs root, and a plain user (nobody) to act as the other user.
. "$top_srcdir/tests/tap/libtap.sh"

[ -f "$top_builddir/hostbench" ] || skip_all "$top_builddir/hostbench is not generated"
[ "$(id -u)" -eq 0 ] || skip_all 'not root: the other user is played by nobody, which needs root'
command -v setpriv >/dev/null 2>&1 || skip_all 'no setpriv to run as a plain user'
command -v perl >/dev/null 2>&1 || skip_all 'no perl for the other user'
other=$(id -u nobody 2>/dev/null) || skip_all 'no user nobody'
ogroup=$(id -g nobody)
plan 16

d=$(mktemp -d "${TMPDIR:-/tmp}/foreign-dirs-t.XXXXXX") || bail 'mktemp -d failed'
chmod 755 "$d"
attacker=
_tap_cleanup_hook() {
	[ -z "$attacker" ] || kill "$attacker" 2>/dev/null || :
	rm -rf "$d"
}
top=$(cd "$top_builddir" && pwd -P) || bail "no $top_builddir"
script=$top/hostbench
# The front end as built, and its programs.
HOSTBENCH_LIBEXEC=$top/bench
HOSTBENCH_WRAPPER=$TEST_WRAPPER
export HOSTBENCH_LIBEXEC HOSTBENCH_WRAPPER

# as_other CMD...: CMD as the plain user.
as_other() {
	setpriv --reuid="$other" --regid="$ogroup" --clear-groups -- "$@"
}

# hb ARGS...: a short run (one program, the test profile) as root from
# $d; $HB_STATUS, $HB_ERR.
hb() {
	HB_STATUS=0
	(cd "$d" && exec sh "$script" run -q --profile test --only lat_syscall "$@") \
		>"$d/out" 2>"$d/err" </dev/null || HB_STATUS=$?
	HB_ERR=$(cat "$d/err")
}

# The other user's directory, and what is in it.
mkdir "$d/theirs" "$d/theirs-o"
chown "$other:$ogroup" "$d/theirs" "$d/theirs-o"
hb --results-dir "$d/theirs"
like '--results-dir of another user'"'"'s: exit 2, naming it and its owner' \
	"$HB_STATUS $HB_ERR" "^2 .*--results-dir: '[^']*/theirs' belongs to another user \(([a-z]+, )?uid $other\)"
is '... and nothing is made in it' '' "$(ls -A "$d/theirs")"

hb -o "$d/theirs-o/mine.0"
like '-o in a directory of another user'"'"'s: exit 2' "$HB_STATUS $HB_ERR" \
	"^2 .*-o: '[^']*/theirs-o' belongs to another user"
is '... and nothing is made in it' '' "$(ls -A "$d/theirs-o")"

HB_STATUS=0
(cd "$d" && TMPDIR=$d/theirs exec sh "$script" run -q --profile test --only lat_syscall \
	-o "$d/t.0") >"$d/out" 2>"$d/err" </dev/null || HB_STATUS=$?
like 'a TMPDIR of another user'"'"'s: exit 2' "$HB_STATUS $(cat "$d/err")" \
	"^2 .*TMPDIR: '[^']*/theirs' belongs to another user"
is '... no scratch directory made in it, no result' '|' "$(ls -A "$d/theirs")|$(ls -A "$d/t.0" 2>/dev/null)"

# Root's, but writable by a group and not sticky.
mkdir "$d/shared"
chgrp 100 "$d/shared"
chmod 775 "$d/shared"
hb --results-dir "$d/shared"
like 'a group-writable directory, not sticky: exit 2, saying so' "$HB_STATUS $HB_ERR" \
	"^2 .*'[^']*/shared' is writable by users other than its owner \(drwxrwxr-x, group 100\)"
is '... and nothing is made in it' '' "$(ls -A "$d/shared")"

# A sticky results directory (as /tmp): the platform directory in it is
# another user's, made before the run.
mkdir "$d/sticky"
chmod 1777 "$d/sticky"
platform=$(sh "$script" info 2>/dev/null | sed -n 's/^arch: //p' | sed -n 1p)
# (The platform directory's name, as the run makes it.)
as_other sh -c 'for p in "$@"; do mkdir -p "$0/$p-linux"; done' "$d/sticky" "$platform" "$(uname -m)"
hb --results-dir "$d/sticky"
like 'a platform directory another user made in a sticky results directory: exit 2' \
	"$HB_STATUS $HB_ERR" "^2 .*--results-dir: '[^']*/sticky/[^']*' belongs to another user"

# The attack: all through root's run, the plain user replaces every name
# in its directory with a link to root's secret, and plants the names a
# result would take.
printf 'root only\n' >"$d/secret"
chmod 600 "$d/secret"
size0=$(wc -c <"$d/secret")
mkdir "$d/trap"
chown "$other:$ogroup" "$d/trap"
chmod 777 "$d/trap"
as_other sh -c 'for p in "$@"; do mkdir -p "$0/$p-linux" && chmod 777 "$0/$p-linux"; done' \
	"$d/trap" "$platform" "$(uname -m)"
as_other ln -s "$d/secret" "$d/trap/vm.0"
as_other perl -e '
	my ($dir, $target) = @ARGV; my $end = time + 60;
	while (time < $end && ! -e "$dir/stop") {
		for my $d ($dir, glob("$dir/*")) {
			next unless -d $d && ! -l $d;
			opendir(my $h, $d) or next;
			for my $f (readdir $h) {
				next unless $f =~ /^\.[^.]/ && $f !~ /\.gone$/;
				my $p = "$d/$f";
				next if -l $p;
				rename($p, "$p.gone") and symlink($target, $p);
			}
			closedir $h;
		}
	}' "$d/trap" "$d/secret" </dev/null >/dev/null 2>&1 &
attacker=$!
n=0 refused=0
while [ "$n" -lt 5 ]; do
	hb --results-dir "$d/trap"
	case "$HB_STATUS $HB_ERR" in
	"2 "*"'$d/trap"*"' belongs to another user"* | "2 "*"'$d/trap"*"' is writable by users other"*)
		refused=$((refused + 1)) ;;
	esac
	n=$((n + 1))
done
as_other touch "$d/trap/stop"
wait "$attacker" 2>/dev/null || :
attacker=
is 'a plain user swapping names for links to root'"'"'s file: 5 runs of 5 refused' 5 "$refused"
is '... root'"'"'s file keeps its mode (600) and size' "600 $size0" \
	"$(stat -c %a "$d/secret") $(wc -c <"$d/secret")"
is '... and no file of root'"'"'s is made there' '' \
	"$(find "$d/trap" -user 0 2>/dev/null)"

# Root's sticky directory: -o there is fine, with the umask's mode.
hb -o "$d/sticky/r.0"
is 'a sticky directory of root'"'"'s: -o works' "0|" "$HB_STATUS|$(grep -c '^hostbench: ' "$d/sticky/r.0" 2>/dev/null | sed 's/^1$//')"
HB_STATUS=0
(cd "$d" && umask 027 && exec sh "$script" run -q --profile test --only lat_syscall \
	-o "$d/sticky/r.1") >"$d/out" 2>"$d/err" </dev/null || HB_STATUS=$?
is '... and the result has the mode of the umask (022: 644; 027: 640), not 600' '644 640' \
	"$(stat -c %a "$d/sticky/r.0" 2>/dev/null) $(stat -c %a "$d/sticky/r.1" 2>/dev/null)"

# The plain user in its own directory.
mkdir "$d/own" "$d/own/tmp"
chown -R "$other:$ogroup" "$d/own"
HB_STATUS=0
(cd "$d/own" && TMPDIR=$d/own/tmp as_other sh "$script" run -q --profile test --only lat_syscall \
	--results-dir "$d/own/res") >"$d/out" 2>"$d/err" </dev/null || HB_STATUS=$?
like 'the plain user in a directory of its own: exit 0, its result published' \
	"$HB_STATUS $(cat "$d/out")" "^0 .*/own/res/[^/]*/[^/]*\.0$"
is '... owned by it, nothing else left there' "$other" \
	"$(stat -c %u "$d/own/res"/*/*.0 2>/dev/null)$(ls -A "$d/own/tmp")"
