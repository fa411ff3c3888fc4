#!/bin/sh
# hostbench run --ssh: usage errors first; then, against OpenSSH's sshd
# started here on a loopback port (own config, throwaway host and user
# keys, busybox's applets first in the session's PATH), a run that copies
# the bundle (make pack) over, runs it, brings the result into
# results/<platform>/<host>.<n> with the run's note and tag, and leaves no
# copy on the "board"; a host that cannot be reached fails alone (the
# next host runs, numbering goes on, exit 1; this one under busybox sh);
# a file that is no bundle, no bundle for the host's CPU and two of them
# are each that host's failure, saying so; and a fleet run killed with
# SIGTERM stops the remote run and removes the copy.  The sshd part needs
# root, sshd and ssh-keygen, and a native build (the bundle must run on
# this machine).
. "$top_srcdir/tests/tap/libtap.sh"

[ -f "$top_builddir/hostbench" ] || skip_all "$top_builddir/hostbench is not generated"

plan 29

tmpd=$(mktemp -d "${TMPDIR:-/tmp}/ssh-t.XXXXXX") || bail 'mktemp -d failed'
sshd_pid=''
fleet_pid=''
_tap_cleanup_hook() {
	[ -z "$fleet_pid" ] || kill "$fleet_pid" 2>/dev/null || :
	if [ -n "$sshd_pid" ]; then
		# (The shell's own "Terminated" notice is not a test line.)
		{ kill "$sshd_pid" && wait "$sshd_pid"; } 2>/dev/null || :
	fi
	rm -rf "$tmpd"
}
trap 'exit 1' HUP INT TERM

# A copy of the script and the fleet code it sources: no bundle beside
# it but the test's own.
mkdir "$tmpd/solo"
cp "$top_builddir/hostbench" "$top_builddir/fleet.sh" "$tmpd/solo/"
script=$tmpd/solo/hostbench
# The programs of this machine: the suite runner checks a run's options
# and publishes what a host sends back.
HOSTBENCH_LIBEXEC=$(cd "$top_builddir" && pwd)/bench HOSTBENCH_WRAPPER=$TEST_WRAPPER
export HOSTBENCH_LIBEXEC HOSTBENCH_WRAPPER
version=$(sh "$script" --version | sed -n 's/^hostbench //p')

# A tenth of a second where sleep takes fractions, else one.
nap() {
	sleep 0.1 2>/dev/null || sleep 1
}

# hb ARGS...: run the script under $hb_sh (default sh) from $hb_cwd
# (default $tmpd/cwd); $HB_OUT, $HB_ERR, $HB_STATUS.
hb() {
	HB_STATUS=0
	# shellcheck disable=SC2086
	(cd "${hb_cwd:-$tmpd/cwd}" && exec ${hb_sh:-sh} "$script" "$@") >"$tmpd/out" 2>"$tmpd/err" </dev/null || HB_STATUS=$?
	HB_OUT=$(cat "$tmpd/out")
	HB_ERR=$(cat "$tmpd/err")
}

# hb_cli DESC STATUS PATTERN ARGS...
hb_cli() {
	_d=$1 _want=$2 _pat=$3
	shift 3
	hb "$@"
	like "$_d" "$HB_STATUS $HB_OUT$HB_ERR" "^$_want .*$_pat"
}

mkdir "$tmpd/cwd" "$tmpd/remote"
: >"$tmpd/cwd/not-a-bundle.tar.gz"

hb_cli '--ssh with an option for a host: exit 2 naming it' 2 "'-oProxyCommand=x' is not \\[USER@\\]HOST" \
	run --ssh -oProxyCommand=x
hb_cli '--ssh with -o: exit 2' 2 '-o and --ssh' run --ssh root@h -o "$tmpd/x"
hb_cli '--bundle that is not there: exit 2 naming it' 2 "--bundle: no file '$tmpd/none'" \
	run --ssh root@h --bundle "$tmpd/none"
hb_cli '--bundle without --ssh: exit 2' 2 '--bundle is for --ssh runs' run --bundle not-a-bundle.tar.gz
hb_cli '--ssh-opt that is an option: exit 2' 2 "--ssh-opt: '-v' is not an ssh option" \
	run --ssh root@h --ssh-opt -v
mkdir "$tmpd/nofleet"
cp "$top_builddir/hostbench" "$tmpd/nofleet/"
script=$tmpd/nofleet/hostbench
hb_cli 'no fleet.sh beside the script or installed: exit 1 saying so' 1 \
	"--ssh: no fleet.sh beside this script \\($tmpd/nofleet\\)" run --ssh root@h
script=$tmpd/solo/hostbench

# ---------------------------------------------------------------- sshd

why=''
sshd=$(command -v sshd 2>/dev/null || command -v /usr/sbin/sshd 2>/dev/null) || why='sshd is not installed'
[ -n "$why" ] || command -v ssh-keygen >/dev/null 2>&1 || why='ssh-keygen is not installed'
[ -n "$why" ] || command -v ssh >/dev/null 2>&1 || why='ssh is not installed'
[ -n "$why" ] || [ "$(id -u)" -eq 0 ] || why='not root: sshd cannot log in as another user'
[ -n "$why" ] || [ -z "$TEST_WRAPPER" ] || why='cross-compiled: the bundle cannot run on this machine'
[ -n "$why" ] || command -v busybox >/dev/null 2>&1 || why='busybox is not installed'

if [ -z "$why" ]; then
	# The session's PATH: busybox's applets first, as on a board.
	mkdir "$tmpd/bb"
	for a in $(busybox --list); do
		ln -s "$(command -v busybox)" "$tmpd/bb/$a"
	done
	ssh-keygen -q -t ed25519 -N '' -f "$tmpd/hostkey" </dev/null &&
		ssh-keygen -q -t ed25519 -N '' -f "$tmpd/userkey" </dev/null &&
		cp "$tmpd/userkey.pub" "$tmpd/authorized_keys" || why='ssh-keygen failed'
	# sshd's privilege separation directory (the package's service makes it).
	[ -d /run/sshd ] || mkdir -p /run/sshd 2>/dev/null || :
fi
if [ -z "$why" ]; then
	why='sshd did not start'
	for try in 1 2 3; do
		port=$((20000 + ($$ * 7 + try * 997) % 30000))
		cat >"$tmpd/sshd_config" <<EOF
Port $port
ListenAddress 127.0.0.1
HostKey $tmpd/hostkey
PidFile $tmpd/sshd.pid
AuthorizedKeysFile $tmpd/authorized_keys
StrictModes no
UsePAM no
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
SetEnv TMPDIR=$tmpd/remote PATH=$tmpd/bb:/usr/bin:/bin
EOF
		"$sshd" -f "$tmpd/sshd_config" -D -e 2>"$tmpd/sshd.log" </dev/null &
		sshd_pid=$!
		export HOSTBENCH_SSH="ssh -F /dev/null -p $port -i $tmpd/userkey"
		sshopts="--ssh-opt StrictHostKeyChecking=no --ssh-opt UserKnownHostsFile=$tmpd/known_hosts"
		_n=0
		while [ "$_n" -lt 30 ]; do
			# shellcheck disable=SC2086
			if $HOSTBENCH_SSH -o BatchMode=yes -o StrictHostKeyChecking=no \
				-o UserKnownHostsFile="$tmpd/known_hosts" root@127.0.0.1 true \
				</dev/null >/dev/null 2>&1; then
				why=''
				break
			fi
			kill -0 "$sshd_pid" 2>/dev/null || break
			nap
			_n=$((_n + 1))
		done
		[ -n "$why" ] || break
		kill "$sshd_pid" 2>/dev/null || :
		wait "$sshd_pid" 2>/dev/null || :
		sshd_pid=''
	done
	[ -z "$why" ] || diag "$(tail -3 "$tmpd/sshd.log")"
fi
if [ -z "$why" ]; then
	MAKEFLAGS='' MFLAGS='' MAKELEVEL='' ${MAKE:-make} -s -C "$top_builddir" pack \
		PACKDIR="$tmpd/cwd" PACK_DYNAMIC=yes >"$tmpd/pack.out" 2>&1 </dev/null ||
		why="make pack failed: $(tail -1 "$tmpd/pack.out")"
fi
if [ -n "$why" ]; then
	_i=0
	while [ "$_i" -lt 23 ]; do
		skip "$why"
		_i=$((_i + 1))
	done
	exit 0
fi

# procs_under DIR: processes whose TMPDIR (their own or their run's
# scratch directory) lies under DIR.
procs_under() {
	for _e in /proc/[0-9]*/environ; do
		{ tr '\000' '\n' <"$_e"; } 2>/dev/null | grep -q "^TMPDIR=$1" && printf '%s ' "${_e%/environ}"
	done
	return 0
}

# shellcheck disable=SC2086
hb run --ssh root@127.0.0.1 $sshopts --profile test --only lat_syscall --note 'from afar' --tag board=loop
f=$HB_OUT
like 'run --ssh: exits 0 and prints results/<platform>/<host>.0' "$HB_STATUS $f" '^0 results/[a-z0-9_.-]+/[A-Za-z0-9_.-]+\.0$'
[ "$HB_STATUS" -eq 0 ] || diag "$HB_ERR"
f=$tmpd/cwd/$f
is '... the result came back: every lat_syscall case ok, well-formed' '6 ok' \
	"$(grep -c '^# status: ok$' "$f" 2>/dev/null) $(well_formed "$(cat "$f" 2>/dev/null)" && echo ok)"
is '... with the note and the tag given' '# note: from afar|tag-board: loop' \
	"$(grep -e '^# note: ' "$f" | sed -n 1p)|$(grep '^tag-board: ' "$f")"
is '... and the copy on the host is gone' '' "$(ls -A "$tmpd/remote")"
like '... with progress naming the host' "$HB_ERR" '^\[host 1/1\] root@127\.0\.0\.1$'

# --box USER@HOST[:PORT]: the box agent started there over ssh from the
# bundle for the run (on a port of this test's own), its fingerprint in
# the result file, then stopped and its copy removed.
HOSTBENCH_KEY=ssh-t-$$
export HOSTBENCH_KEY
# The port is below the kernel's ephemeral range (32768 up), where any
# connection of another test may hold it, and another is tried when it
# is taken all the same.
for try in 1 2 3; do
	rm -f "$tmpd/box.out"
	# shellcheck disable=SC2086
	HOSTBENCH_LIBEXEC=$(cd "$top_builddir" && pwd)/bench hb run \
		--box "root@127.0.0.1:$((20000 + ($$ * 7 + try * 997) % 12000))" $sshopts \
		--profile test --only mhz -o "$tmpd/box.out"
	case $HB_ERR in
	*'Address in use'* | *'Address already in use'*) ;;
	*) break ;;
	esac
done
is '--box USER@HOST: the run exits 0, the box fingerprint in its file' '0 1 1' \
	"$HB_STATUS $(grep -c '^box-host: ' "$tmpd/box.out" 2>/dev/null) $(grep -c '^box-net-sysctls: ' "$tmpd/box.out" 2>/dev/null)"
[ "$HB_STATUS" -eq 0 ] || diag "$HB_ERR"
_n=0
while [ -n "$(procs_under "$tmpd/remote")" ] && [ "$_n" -lt 30 ]; do
	nap
	_n=$((_n + 1))
done
is '... and the agent is stopped there, its copy removed' '|' \
	"$(procs_under "$tmpd/remote")|$(ls -A "$tmpd/remote")"

# run --box killed with SIGKILL (the shell alone, as the OOM killer
# would) once its first case runs: the box ends the lease, stops the
# agent and removes its copy; nothing of it stays here either.  Its own
# TMPDIR here, where the next run finds what it left.
mkdir "$tmpd/local"
benchdir=$(cd "$top_builddir" && pwd)/bench
trial=1 clean=0 gone=0
while [ "$trial" -le 2 ]; do
	# shellcheck disable=SC2086
	(cd "$tmpd/cwd" && TMPDIR=$tmpd/local HOSTBENCH_LIBEXEC=$benchdir \
		exec sh "$script" run --box "root@127.0.0.1:$((20000 + ($$ * 7 + trial * 499) % 12000))" \
		$sshopts --profile quick --only lat_mem_rd -o "$tmpd/killed-box.$trial") \
		>/dev/null 2>"$tmpd/kbox.err.$trial" </dev/null &
	kpid=$!
	_n=0
	until grep -q '] lat_mem_rd ' "$tmpd/kbox.err.$trial" 2>/dev/null || ! kill -0 "$kpid" 2>/dev/null || [ "$_n" -ge 600 ]; do
		nap
		_n=$((_n + 1))
	done
	[ -n "$(procs_under "$tmpd/remote")" ] || diag "trial $trial: no agent seen: $(tail -2 "$tmpd/kbox.err.$trial")"
	kill -KILL "$kpid" 2>/dev/null
	wait "$kpid" 2>/dev/null
	_n=0
	while [ -n "$(procs_under "$tmpd/remote")$(ls -A "$tmpd/remote")" ] && [ "$_n" -lt 300 ]; do
		nap
		_n=$((_n + 1))
	done
	[ -n "$(procs_under "$tmpd/remote")$(ls -A "$tmpd/remote")" ] || clean=$((clean + 1))
	_n=0
	while [ -n "$(pids_with_cmdline "$tmpd/remote/hostbench-ssh.")" ] && [ "$_n" -lt 300 ]; do
		nap
		_n=$((_n + 1))
	done
	[ -n "$(pids_with_cmdline "$tmpd/remote/hostbench-ssh.")" ] || gone=$((gone + 1))
	trial=$((trial + 1))
done
is 'run --box killed by SIGKILL, twice: the box stops the agent and removes its copy' 2 "$clean"
is '... and its ssh session here ends' 2 "$gone"
# The next run (the second trial's, then an info): each killed run
# named, and its box found clean.
(cd "$tmpd/cwd" && TMPDIR=$tmpd/local HOSTBENCH_LIBEXEC=$benchdir exec sh "$script" info) >/dev/null 2>"$tmpd/next.err" </dev/null
is '... the next run names each, and what it found on the box' 2 \
	"$(cat "$tmpd/kbox.err.2" "$tmpd/next.err" | grep -c 'hostbench: run [0-9]* was killed: on root@127\.0\.0\.1: nothing was left there$')"
# A copy a killed run left on the box, and its record here: the next
# run removes it.
mkdir -p "$tmpd/local/hostbench.lEfTaB" "$tmpd/remote/hostbench-ssh.lEfTaB/x"
printf 'run\n' >"$tmpd/local/hostbench.lEfTaB/cmd"
printf '999999999\n' >"$tmpd/local/hostbench.lEfTaB/pid"
printf 'root@127.0.0.1 %s\n' "$tmpd/remote/hostbench-ssh.lEfTaB" >"$tmpd/local/hostbench.lEfTaB/remote.box"
printf -- '-o\nStrictHostKeyChecking=no\n-o\nUserKnownHostsFile=%s\n' "$tmpd/known_hosts" \
	>"$tmpd/local/hostbench.lEfTaB/remote.box.opts"
(cd "$tmpd/cwd" && TMPDIR=$tmpd/local HOSTBENCH_LIBEXEC=$benchdir exec sh "$script" info) >/dev/null 2>"$tmpd/next.err" </dev/null
like 'what a killed run left on the box: the next run removes it, saying so' \
	"$(cat "$tmpd/next.err")" "run 999999999 was killed: on root@127\.0\.0\.1: [^ ]*/hostbench-ssh\.lEfTaB removed$"
is '... it is gone' '' "$(ls -A "$tmpd/remote")"
# Killed before the host said where the copy is: the record has the
# name the run chose, and the host's TMPDIR places it.
mkdir -p "$tmpd/local/hostbench.kIlLeD" "$tmpd/remote/hostbench-ssh.0123456789ab/y"
printf 'run\n' >"$tmpd/local/hostbench.kIlLeD/cmd"
printf '999999998\n' >"$tmpd/local/hostbench.kIlLeD/pid"
printf 'root@127.0.0.1 -0123456789ab\n' >"$tmpd/local/hostbench.kIlLeD/remote.box"
printf -- '-o\nStrictHostKeyChecking=no\n-o\nUserKnownHostsFile=%s\n' "$tmpd/known_hosts" \
	>"$tmpd/local/hostbench.kIlLeD/remote.box.opts"
(cd "$tmpd/cwd" && TMPDIR=$tmpd/local HOSTBENCH_LIBEXEC=$benchdir exec sh "$script" info) >/dev/null 2>"$tmpd/next.err" </dev/null
like 'a copy named before the host said where: the next run finds it there and removes it' \
	"$(cat "$tmpd/next.err")|$(ls -A "$tmpd/remote")" "run 999999998 was killed: on root@127\.0\.0\.1: $tmpd/remote/hostbench-ssh\.0123456789ab removed$"
is '... it is gone' '' "$(ls -A "$tmpd/remote")"
unset HOSTBENCH_KEY

before=$(cksum <"$f")
# 127.0.0.2 is loopback too, but sshd listens on 127.0.0.1 only.  This
# time the script runs under busybox sh (above: sh).
hb_sh='busybox sh'
# shellcheck disable=SC2086
hb run --ssh root@127.0.0.2 --ssh root@127.0.0.1 $sshopts --ssh-opt ConnectTimeout=5 \
	--profile test --only lat_syscall -q
hb_sh=''
is 'busybox sh: an unreachable host, then a good one: exit 1, the good one written as .1' \
	"1 ${f##*/cwd/}" "$HB_STATUS $(printf '%s' "$HB_OUT" | sed 's/\.1$/.0/')"
like '... the failure names the host' "$HB_ERR" '^hostbench: root@127\.0\.0\.2: ssh failed'
is '... and .0 is as it was' "$before" "$(cksum <"$f")"

# shellcheck disable=SC2086
hb run --ssh root@127.0.0.1 $sshopts --bundle not-a-bundle.tar.gz --profile test --only lat_syscall -q
like 'a --bundle that is no bundle: that host fails, saying so' "$HB_STATUS $HB_ERR" \
	"^1 .*'not-a-bundle.tar.gz' is not a bundle"
is '... and nothing is left on the host' '' "$(ls -A "$tmpd/remote")"

# Bundles chosen by the host's CPU family (uname -m there).
mkdir "$tmpd/cwd/mips" "$tmpd/cwd/two"
: >"$tmpd/cwd/mips/hostbench-$version-mips-linux-gnu.tar.gz"
arch=$(uname -m)
: >"$tmpd/cwd/two/hostbench-$version-$arch.tar.gz"
: >"$tmpd/cwd/two/hostbench-$version-$arch-linux-gnu.tar.gz"
hb_cwd=$tmpd/cwd/mips
# shellcheck disable=SC2086
hb run --ssh root@127.0.0.1 $sshopts -q --only lat_syscall
like "no bundle for the host's CPU: exit 1, naming its CPU and the bundles found" \
	"$HB_STATUS $HB_ERR" "^1 .*no bundle for a $arch host .*found: hostbench-$version-mips-linux-gnu.tar.gz"
hb_cwd=$tmpd/cwd/two
# shellcheck disable=SC2086
hb run --ssh root@127.0.0.1 $sshopts -q --only lat_syscall
hb_cwd=''
like 'two bundles for its CPU: exit 1, asking for --bundle' \
	"$HB_STATUS $HB_ERR" "^1 .*several bundles fit a $arch host .*name one with --bundle"

# A fleet run killed while the remote run works.
# shellcheck disable=SC2086
(cd "$tmpd/cwd" && exec sh "$script" run --ssh root@127.0.0.1 $sshopts --profile quick \
	--only lat_mem_rd,bw_mem --results-dir "$tmpd/killed") >/dev/null 2>"$tmpd/kerr" </dev/null &
fleet_pid=$!
_n=0
until grep -q '] lat_mem_rd ' "$tmpd/kerr" || [ "$_n" -ge 300 ]; do
	nap
	_n=$((_n + 1))
done
busy=$(procs_under "$tmpd/remote")
kill -TERM "$fleet_pid"
st=0
{ wait "$fleet_pid"; } 2>/dev/null || st=$?
fleet_pid=''
_n=0
while [ -n "$(procs_under "$tmpd/remote")" ] && [ "$_n" -lt 30 ]; do
	nap
	_n=$((_n + 1))
done
is 'a fleet run killed by SIGTERM while the host runs: dies of it, writes nothing' \
	"143 busy|" "$st ${busy:+busy}|$(ls -A "$tmpd/killed" 2>/dev/null)"
is '... the run there is stopped and its copy removed' "|" \
	"$(procs_under "$tmpd/remote")|$(ls -A "$tmpd/remote")"
