#!/bin/sh
# check-readme.sh: the README's commands, as a new user types them, on a
# fresh Debian 12 (bookworm) root made with debootstrap.  Run by make
# check-readme (in a build directory) through automake's TAP driver; its
# test points are one per command, each with its time.
#
# The commands are read from README.md itself, never copied here: every
# indented line between "<!-- check-readme: NAME, in DIR -->" and
# "<!-- /check-readme -->" is a command, run in README order in one
# session per block that starts in DIR (relative to the source directory)
# and keeps each command's cd for the next.  A line ending in "# as root"
# is run by root, every other one by "newcomer", a user with sudo, in a
# login shell of its own.  A line that fails skips the rest of its block;
# the blocks after it still run.  Where a command writes a result file
# (it prints the path, as hostbench run does) at least one case in it
# must be ok: a run of programs that cannot run here records every case
# as failed.
#
# The source is HEAD of the git checkout ("git archive"), which is what a
# new user clones: no configure or Makefile.in from the developer's
# autotools, so ./bootstrap runs with bookworm's; uncommitted changes are
# not in it (the log says when there are some).  A source directory that
# is no git checkout (a release tarball) is tested as make dist packs it.
#
# Needs root (debootstrap, chroot, mount), debootstrap and the network
# (the mirror of this machine's apt sources, else deb.debian.org); skips
# otherwise.  Everything it makes is under $top_builddir/check-readme/:
# cache/ (debootstrap's tarball of bookworm's packages and the .debs apt
# fetched, kept for the next run: a rerun downloads nothing but what
# changed), logs/ (each command's output, kept), root/ (removed at the
# end, whatever happened).  CHECK_README_MIRROR overrides the mirror,
# CHECK_README_CACHE the cache's directory (an absolute path: one that
# outlives the build directory), CHECK_README_KEEP=yes keeps root/ for a
# look, and CHECK_README_JOBS=N runs the commands with MAKEFLAGS=-jN in
# their environment (the commands stay as printed: .ci/run's way to make
# the README's make check take less of its time).
set -u

: "${top_srcdir:=.}"
: "${top_builddir:=.}"
: "${MAKE:=make}"
suite=bookworm
user=newcomer
step_limit=1800 # seconds a command may take before it counts as hung

# A new mount namespace of its own: the mounts in the root vanish with it
# even if this script is killed, so nothing can remove what they show.
if [ -z "${CHECK_README_NS:-}" ] && [ "$(id -u)" -eq 0 ] &&
	command -v unshare >/dev/null 2>&1 &&
	unshare --mount --propagation private true 2>/dev/null; then
	CHECK_README_NS=1 exec unshare --mount --propagation private \
		env CHECK_README_NS=1 sh "$0" "$@"
fi

skip_all() {
	printf '1..0 # SKIP %s\n' "$1"
	exit 0
}
[ "$(id -u)" -eq 0 ] || skip_all 'not root: debootstrap, chroot and mount need root'
command -v debootstrap >/dev/null 2>&1 || skip_all 'no debootstrap (apt-get install debootstrap)'
for t in chroot mount umount tar; do
	command -v "$t" >/dev/null 2>&1 || skip_all "no $t"
done

src=$(cd "$top_srcdir" && pwd) || exit 1
work=$(cd "$top_builddir" && pwd)/check-readme
root=$work/root
cache=${CHECK_README_CACHE:-$work/cache}
logs=$work/logs
home=/home/$user
srcdir=$home/hostbench

# The mirror: this machine's, from its apt sources (deb822 or one-line),
# when it serves bookworm; deb.debian.org otherwise.
mirror=${CHECK_README_MIRROR:-}
if [ -z "$mirror" ]; then
	mirror=$(cat /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null | awk '
		/^URIs:/ { for (i = 2; i <= NF; i++) if ($i ~ /\/debian\/?$/) { print $i; exit } }
		/^deb[ \t]/ { for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\/.*\/debian\/?$/) { print $i; exit } }')
	: "${mirror:=http://deb.debian.org/debian}"
fi

# ---------------------------------------------------------------- cleanup

mounted=''
cleanup() {
	rc=$?
	trap - EXIT INT TERM HUP
	if [ -d "$root" ]; then
		# Whatever a command left running in the root (a server, a
		# benchmark of an interrupted run) holds its mounts.
		for p in /proc/[0-9]*; do
			[ "$(readlink "$p/root" 2>/dev/null)" = "$root" ] || continue
			kill -KILL "${p#/proc/}" 2>/dev/null
		done
		for m in $mounted; do
			umount "$root$m" 2>/dev/null || umount -l "$root$m" 2>/dev/null ||
				printf '# cannot unmount %s\n' "$root$m"
		done
		if grep -q " $root/" /proc/self/mounts; then
			printf '# left %s in place: something is still mounted in it\n' "$root"
			rc=1
		elif [ "${CHECK_README_KEEP:-no}" = yes ]; then
			printf '# kept %s (CHECK_README_KEEP=yes)\n' "$root"
		else
			rm -rf -- "$root"
		fi
	fi
	exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

mount_in() { # TYPE-OR-bind SOURCE DIR [OPTIONS]: mount at DIR inside the root
	mkdir -p "$root$3" || return 1
	if [ "$1" = bind ]; then
		mount --bind "$2" "$root$3" || return 1
	else
		mount -t "$1" ${4:+-o "$4"} "$2" "$root$3" || return 1
	fi
	mounted="$3 $mounted" # unmounted last first
}

# ---------------------------------------------------------------- the source

mkdir -p "$cache/apt/partial" "$logs" || exit 1
rm -f "$logs"/*.log
if [ -e "$root" ]; then
	if grep -q " $root/" /proc/self/mounts; then
		printf 'Bail out! %s has mounts: a run is still going\n' "$root"
		exit 1
	fi
	rm -rf -- "$root" # a run killed before its cleanup
fi
if git -C "$src" rev-parse --verify -q HEAD >/dev/null 2>&1 &&
	[ "$(git -C "$src" rev-parse --show-toplevel 2>/dev/null)" = "$src" ]; then
	tarball=$work/source.tar.gz
	git -C "$src" archive --format=tar.gz --prefix=hostbench/ -o "$tarball" HEAD || {
		printf 'Bail out! git archive failed\n'
		exit 1
	}
	srcname=hostbench
	what="HEAD $(git -C "$src" rev-parse --short HEAD) of the git checkout (git archive)"
	[ -z "$(git -C "$src" status --porcelain --untracked-files=no 2>/dev/null)" ] ||
		what="$what; uncommitted changes are not in it"
else
	# dist_archive: the tarball make dist writes ($(DIST_ARCHIVES))
	dist=${dist_archive:-hostbench.tar.gz}
	if ! $MAKE -s -C "$top_builddir" dist >/dev/null || [ ! -f "$top_builddir/$dist" ]; then
		printf 'Bail out! make dist made no %s\n' "$dist"
		exit 1
	fi
	tarball=$(cd "$top_builddir" && pwd)/$dist
	srcname=${dist%.tar.gz}
	what="$dist (make dist)"
fi
readme=$work/README.md
tar -xzOf "$tarball" "$srcname/README.md" >"$readme" || {
	printf 'Bail out! no README.md in %s\n' "$tarball"
	exit 1
}

# The commands, one a line: BLOCK<tab>DIR<tab>COMMAND (a line ending in a
# backslash joined with the next).
commands=$work/commands
awk '
/^<!-- check-readme: .* -->$/ {
	s = $0
	sub(/^<!-- check-readme: /, "", s); sub(/ -->$/, "", s)
	n = index(s, ", in ")
	if (n == 0) { print "check-readme: no \", in DIR\" in: " $0 > "/dev/stderr"; exit 1 }
	block = substr(s, 1, n - 1); dir = substr(s, n + 5); inside = 1
	next
}
/^<!-- \/check-readme -->$/ { inside = 0; next }
inside && /^    / {
	line = substr($0, 5)
	if (cont != "") line = cont " " line
	if (line ~ /\\$/) { cont = substr(line, 1, length(line) - 1); next }
	cont = ""
	print block "\t" dir "\t" line
}
' "$readme" >"$commands" || exit 1
[ -s "$commands" ] || {
	printf 'Bail out! no <!-- check-readme: ... --> block in README.md\n'
	exit 1
}
ncmd=$(wc -l <"$commands")
# test points: the root, sudo (when a command runs as the user), each
# command, and the processes left
nuser=$(grep -vc '# as root$' "$commands")
[ "$nuser" -eq 0 ] || nuser=1
plan=$((ncmd + nuser + 2))

# ---------------------------------------------------------------- TAP

n=0
failed=0
printf '1..%d\n' "$plan"
printf '# source: %s\n' "$what"
printf '# mirror: %s; logs: %s\n' "$mirror" "$logs"

now() { date +%s; }
report() { # STATUS DESCRIPTION SECONDS [DIRECTIVE]
	n=$((n + 1))
	[ "$1" = ok ] || failed=$((failed + 1))
	printf '%s %d - %s (%d s)%s\n' "$1" "$n" "$2" "$3" "${4:+ # $4}"
}
tail_log() { # LOG: its last lines, as TAP comments
	tail -n 40 "$1" | sed 's/^/#   /'
}

# ---------------------------------------------------------------- the root

# debootstrap's tarball of bookworm's minbase packages, made once and kept
# for a week: a rerun unpacks it instead of downloading.
t0=$(now)
base=$cache/$suite-minbase.tgz
log=$logs/00-debootstrap.log
ok=yes
{
	if [ -z "$(find "$base" -mtime -7 2>/dev/null)" ]; then
		rm -rf "$work/tarball-root" &&
			debootstrap --variant=minbase --make-tarball="$base.tmp" \
				"$suite" "$work/tarball-root" "$mirror" &&
			mv "$base.tmp" "$base"
		rc=$?
		rm -rf "$work/tarball-root" "$base.tmp"
		[ $rc -eq 0 ]
	fi &&
		debootstrap --variant=minbase --unpack-tarball="$base" "$suite" "$root" "$mirror" &&
		mount_in proc proc /proc &&
		mount_in sysfs sysfs /sys ro &&
		mount_in devpts devpts /dev/pts newinstance,ptmxmode=0666,mode=620,gid=5 &&
		mount_in tmpfs tmpfs /dev/shm mode=1777 &&
		mount_in bind "$cache/apt" /var/cache/apt/archives &&
		chroot "$root" useradd -m -s /bin/bash "$user" &&
		tar -xzf "$tarball" -C "$root$home" &&
		if [ "$srcname" != hostbench ]; then mv "$root$home/$srcname" "$root$srcdir"; fi &&
		chroot "$root" chown -R "$user:$user" "$srcdir"
} >"$log" 2>&1 || ok=no
if [ "$ok" = yes ]; then
	report ok "a fresh Debian 12 root: debootstrap --variant=minbase $suite, a user $user" $(($(now) - t0))
else
	report 'not ok' "a fresh Debian 12 root: debootstrap --variant=minbase $suite" $(($(now) - t0))
	tail_log "$log"
	while [ "$n" -lt "$plan" ]; do
		report ok 'not run' 0 'SKIP no root to run it in'
	done
	exit 1
fi

# As root in the root, or as the user in a login shell of the user's
# (bash, as on any Debian): cd to $2 (an absolute path in the root), run
# the command $3, then record where it ended in $cwd_file.
cwd_file=/tmp/check-readme-cwd
jobs_env=
case ${CHECK_README_JOBS:-} in
'' | 1) ;;
*[!0-9]*) printf 'Bail out! CHECK_README_JOBS: %s is not a number\n' "$CHECK_README_JOBS"; exit 1 ;;
*) jobs_env="MAKEFLAGS=-j$CHECK_README_JOBS; export MAKEFLAGS; " ;;
esac
run_as() { # USER DIR COMMAND LOG
	rm -f "$root$cwd_file"
	timeout "$step_limit" chroot "$root" runuser -l "$1" -c "${jobs_env}cd '$2' && { $3
}; rc=\$?; pwd >$cwd_file; exit \$rc" </dev/null >"$4" 2>&1
}

# A user with sudo: installed, and the user in its group, once the root
# lines have run on the fresh system (which has no sudo).
sudo_ready=no
add_sudo() {
	t0=$(now)
	log=$logs/00-sudo.log
	if {
		chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get install -y sudo </dev/null &&
			chroot "$root" usermod -a -G sudo "$user" &&
			printf '%s ALL=(ALL:ALL) NOPASSWD: ALL\n' "$user" >"$root/etc/sudoers.d/$user" &&
			chmod 440 "$root/etc/sudoers.d/$user"
	} >"$log" 2>&1; then
		report ok "sudo installed, $user may use it (no password asked)" $(($(now) - t0))
		sudo_ready=yes
	else
		report 'not ok' "sudo installed, $user may use it" $(($(now) - t0))
		tail_log "$log"
		sudo_ready=failed
	fi
}

# A result file the command's output names (hostbench run prints its path
# last): how many of its cases ran ok.  Prints "K of N cases ok"; fails
# when none did, or when a case failed (unsupported, skipped and
# implausible cases are the run's verdicts, not the README's failures).
result_cases() { # LOG CWD
	f=$(grep -E '^([^ ]*/)?results/[^ /]+/[^ /]+\.[0-9]+$' "$1" | tail -n 1)
	[ -n "$f" ] || return 0
	case $f in /*) ;; *) f=$2/$f ;; esac
	[ -f "$root$f" ] || {
		printf 'no result file %s' "$f"
		return 1
	}
	all=$(grep -c '^# status: ' "$root$f")
	good=$(grep -c '^# status: ok' "$root$f")
	bad=$(grep -c '^# status: failed' "$root$f")
	printf '%s: %s of %s cases ok' "${f##*/}" "$good" "$all"
	[ "$bad" -eq 0 ] || printf ', %s failed: %s' "$bad" "$(awk '
		/^# bench: / { b = substr($0, 10) }
		/^# args:/ { a = substr($0, 8) }
		/^# status: failed/ && n++ < 3 { printf "%s%s (%s); ", b, a, substr($0, 11) }' "$root$f")"
	[ "$good" -gt 0 ] && [ "$bad" -eq 0 ]
}

tab=$(printf '\t')
prev=''
skip_block=''
k=0
while IFS=$tab read -r block dir cmd; do
	k=$((k + 1))
	if [ "$block" != "$prev" ]; then
		prev=$block skip_block=''
		case $dir in
		.) cwd=$srcdir ;;
		*) cwd=$srcdir/$dir ;;
		esac
	fi
	case $cmd in
	*'# as root') who=root ;;
	*) who=$user ;;
	esac
	shown=$(printf '%s' "$cmd" | sed 's/[[:space:]]*#.*$//')
	if [ -n "$skip_block" ]; then
		report ok "$block: $shown" 0 "SKIP $skip_block"
		continue
	fi
	if [ ! -d "$root$cwd" ]; then
		report ok "$block: $shown" 0 "SKIP no ${cwd#"$srcdir/"} (an earlier command failed)"
		skip_block='an earlier command of the block was skipped'
		continue
	fi
	if [ "$who" = root ] && [ "$sudo_ready" = no ] &&
		chroot "$root" sh -c 'command -v sudo' </dev/null >/dev/null 2>&1; then
		report 'not ok' "$block: $shown: the root is not fresh, it has sudo" 0
		continue
	fi
	[ "$who" = root ] || [ "$sudo_ready" != no ] || add_sudo
	log=$logs/$(printf '%02d' "$k")-$block.log
	printf '$ %s\n' "$cmd" >"$log.cmd"
	t0=$(now)
	run_as "$who" "$cwd" "$cmd" "$log"
	rc=$?
	secs=$(($(now) - t0))
	cat "$log" >>"$log.cmd" && mv "$log.cmd" "$log"
	newcwd=$(cat "$root$cwd_file" 2>/dev/null)
	[ -z "$newcwd" ] || cwd=$newcwd
	cases=$(result_cases "$log" "$cwd")
	crc=$?
	if [ $rc -eq 0 ] && [ $crc -eq 0 ]; then
		report ok "$block, as $who: $shown${cases:+ ($cases)}" "$secs"
	else
		why="exit $rc"
		[ $rc -ne 124 ] || why="still running after $step_limit s"
		[ $rc -ne 0 ] || why=$cases
		report 'not ok' "$block, as $who: $shown: $why" "$secs"
		tail_log "$log"
		skip_block="\"$shown\" failed"
		continue # (the tail of its output holds its summary)
	fi
	# a summary line of the command's own, where it has one
	grep -E '^hostbench: [0-9]+ benchmark|^# (TOTAL|PASS|SKIP|XFAIL|FAIL|XPASS|ERROR): ' "$log" |
		sed 's/^# //; s/^/#   /'
done <"$commands"

# What a command left running in the root is an error of the README's
# commands (a server that outlived its benchmark); cleanup stops it.
t0=$(now)
left=''
for p in /proc/[0-9]*; do
	[ "$(readlink "$p/root" 2>/dev/null)" = "$root" ] || continue
	left="$left $(tr '\0' ' ' <"$p/cmdline" | cut -c1-60)"
done
if [ -z "$left" ]; then
	report ok 'no process left running in the root' $(($(now) - t0))
else
	report 'not ok' "processes left running in the root:$left" $(($(now) - t0))
fi
[ "$failed" -eq 0 ]
