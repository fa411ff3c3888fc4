# shellcheck shell=sh disable=SC2154
# fleet.sh: the ssh fleet of the hostbench front end, sourced by it when
# a run names --ssh (not run on its own).  It uses the front end's helpers and
# settings: warn, die, usage_error, progress, last_line, safe_name,
# publish_next, cleanup, on_signal, sq; $newgroup, $ssh_hosts, $ssh_opts,
# $bundle, $fwd, $results_dir, $quiet, $version, $tab, $nl; and sets
# $rdir and $rrunning, which the front end's cleanup reads.
#
# `run --ssh HOST`: the bundle (make pack) is streamed to HOST through ssh
# and unpacked there as it arrives, run with the run's own options, and
# its result file brought back and published here like a local one.  Only
# ssh is used, never scp: OpenSSH's scp speaks SFTP, which a board with
# dropbear or busybox has no server for, and takes other option letters
# (-P for -p) than the HOSTBENCH_SSH command; and a board with /tmp in
# its 32 MB of RAM need not hold the tarball beside what it unpacks to.
# The board needs a POSIX sh, mktemp, gzip and tar: busybox has them.

check_ssh_host() {
	case $1 in
	'' | -* | *[[:space:]]* | *@ | @* | *"'"* | *'"'* | *\\*)
		usage_error "run: --ssh: '$1' is not [USER@]HOST"
		;;
	esac
}

# cpu_family MACHINE: the CPU family of a machine name (uname -m) or of
# a bundle's HOST (a triplet or a CPU): armv5tel and arm-linux-gnueabihf
# are both arm.
cpu_family() {
	case ${1%%-*} in
	aarch64* | arm64*) printf aarch64 ;;
	arm*) printf arm ;;
	x86_64 | amd64) printf x86_64 ;;
	i[3-6]86 | x86) printf i386 ;;
	mips64*) printf mips64 ;;
	mips*) printf mips ;;
	powerpc64* | ppc64*) printf ppc64 ;;
	powerpc* | ppc*) printf ppc ;;
	*) printf '%s' "${1%%-*}" ;;
	esac
}

# find_bundle MACHINE: the bundle for a host whose uname -m is MACHINE:
# --bundle, else the one hostbench-VERSION-HOST.tar.gz in the current
# directory or this script's whose HOST is of the same CPU family.  Sets
# $rbundle, or $why and returns 1.
find_bundle() {
	rbundle=$bundle
	[ -z "$rbundle" ] || return 0
	_fam=$(cpu_family "$1")
	_here=$(dirname -- "$0")
	_found='' _seen='' _there=$_here
	# The script's directory may be this one: look there once.
	[ "$(cd "$_here" 2>/dev/null && pwd -P)" != "$(pwd -P)" ] || _there=''
	set +f
	for _b in ./hostbench-"$version"-*.tar.gz ${_there:+"$_there"/hostbench-"$version"-*.tar.gz}; do
		[ -f "$_b" ] || continue
		_h=${_b##*/hostbench-"$version"-}
		_h=${_h%.tar.gz}
		_seen="$_seen ${_b##*/}"
		[ "$(cpu_family "$_h")" = "$_fam" ] || continue
		if [ -n "$_found" ]; then
			set -f
			why="several bundles fit a $1 host ($_found, $_b): name one with --bundle"
			return 1
		fi
		_found=$_b
	done
	set -f
	if [ -z "$_found" ]; then
		why="no bundle for a $1 host in . or $_here (found:${_seen:- none}; make pack, or --bundle FILE)"
		return 1
	fi
	rbundle=$_found
}

# rsh IN OUT ERR COMMAND: run COMMAND on $rhost with stdin from IN and
# stdout, stderr to OUT, ERR (ERR "-": this script's stderr), in the
# background so that a signal is taken at once.  Sets $rc.  With
# $rsh_nowait set, ssh is left running, its pid in $child.  ssh never
# prompts, gives up on a host that does not answer in 30 s and on a
# connection silent for a minute (a board that died mid-run); the
# --ssh-opt options come first, so they win (ssh takes an option's first
# value).
rsh() {
	_in=$1 _out=$2 _err=$3 _cmd=$4
	_old_ifs=$IFS
	IFS=" $tab$nl"
	# shellcheck disable=SC2086
	set -- ${HOSTBENCH_SSH:-ssh}
	IFS=$nl
	# shellcheck disable=SC2086
	set -- "$@" $ssh_opts -o BatchMode=yes -o ConnectTimeout=30 \
		-o ServerAliveInterval=15 -o ServerAliveCountMax=4 -- "$rhost" "$_cmd"
	IFS=$_old_ifs
	# rsh_blocks: the most ssh may write, in blocks of 512 bytes.
	# shellcheck disable=SC2016
	[ -z "$rsh_blocks" ] || set -- sh -c 'ulimit -f "$0" && exec "$@"' "$rsh_blocks" "$@"
	if [ "$_err" = - ]; then
		# What the host says comes here as it says it, through
		# strip_ctl (a fifo: the child stays ssh, which a signal stops).
		rm -f -- "$work/rfifo"
		mkfifo "$work/rfifo" || die "cannot make a fifo in '$work'"
		strip_stream "$work/rdd" <"$work/rfifo" >&2 &
		_filter=$!
		$newgroup "$@" <"$_in" >"$_out" 2>"$work/rfifo" 5>&- &
	else
		$newgroup "$@" <"$_in" >"$_out" 2>"$_err" 5>&- &
	fi
	child=$!
	[ -z "$rsh_nowait" ] || return 0
	rc=0
	wait "$child" 2>/dev/null || rc=$?
	child=
	if [ "$_err" = - ]; then
		wait "$_filter" 2>/dev/null || :
		rm -f -- "$work/rfifo" "$work/rdd"
	fi
}

# Remove the remote copy (stopping its run first when it is still going):
# on every way out once the copy exists.
remote_cleanup() {
	_d=$rdir
	rdir=
	_kill=
	if [ "$rrunning" = yes ]; then
		rrunning=no
		# The remote run said its pid first; it removes what it made
		# when stopped, which takes it a moment.
		_p=$(sed -n 's/^pid \([0-9][0-9]*\)$/\1/p' "$work/rout")
		[ -z "$_p" ] || _kill="if kill -TERM $_p 2>/dev/null; then n=0; while kill -0 $_p 2>/dev/null && [ \$n -lt 10 ]; do sleep 1; n=\$((n + 1)); done; fi; "
	fi
	rsh /dev/null /dev/null /dev/null "${_kill}rm -rf $(sq "$_d")" || :
	[ "$rc" -eq 0 ] || warn "$rhost: could not remove $_d there"
	rm -f -- "$work/remote.$rkind" "$work/remote.$rkind.opts"
}

# remote_leftovers FILE WHAT: what a killed run (WHAT: "run 123") left on
# a remote host, as FILE (remote.box or remote.ssh in its scratch
# directory) names it: "USER@HOST DIR [AGENT-PID]" (DIR "-SUFFIX" before
# the host said where its TMPDIR is: hostbench-ssh.SUFFIX there), and
# FILE.opts the run's --ssh-opt options.  The agent is
# stopped if it still runs from DIR (its executable there: a pid the box
# gave another process since is left alone), DIR removed, and what was
# found said; a host that cannot be reached is said with the command
# that does it by hand.
remote_leftovers() {
	read -r _lh _ld _lp <"$1" 2>/dev/null || return 0
	case $_lh in '' | -* | *[!A-Za-z0-9@._:-]*) return 0 ;; esac
	case $_ld in
	/*/hostbench-ssh.*) _rd=$_ld ;;
	-[0-9a-f]*) _rd="\${TMPDIR:-/tmp}/hostbench-ssh.${_ld#-}" _ld="\$TMPDIR/hostbench-ssh.${_ld#-}" ;;
	*) return 0 ;;
	esac
	case $_ld in *[!A-Za-z0-9/._\$-]*) return 0 ;; esac
	case $_lp in *[!0-9]*) return 0 ;; esac
	rhost=$_lh
	# The killed run's --ssh-opt options (a host key file, a port...);
	# this run's are put back after.
	_lo=${ssh_opts:-}
	ssh_opts=
	[ ! -f "$1.opts" ] || ssh_opts=$(cat -- "$1.opts")
	# shellcheck disable=SC2016
	rsh /dev/null "$1.out" "$1.err" "d=$_rd; p=$_lp; r=; if [ -n \"\$p\" ] && kill -0 \$p 2>/dev/null; then case \$(readlink /proc/\$p/exe 2>/dev/null) in \"\$d\"/*) kill -TERM \$p && r=\"the agent (pid \$p) stopped\" ;; esac; fi; if [ -d \"\$d\" ]; then rm -rf \"\$d\" && r=\"\$r\${r:+, }\$d removed\"; fi; echo \"\${r:-nothing was left there}\""
	if [ "$rc" -eq 0 ]; then
		warn "$2 was killed: on $_lh: $(last_line "$1.out")"
	else
		warn "$2 was killed, and $_lh cannot be reached to remove what it may have left there (exit $rc: $(last_line "$1.err")); by hand: ssh $_lh '${_lp:+kill $_lp; }rm -rf $_ld'"
	fi
	ssh_opts=$_lo
}

# fleet_copy: a temporary directory on $rhost ($rdir), with the bundle
# for its CPU unpacked there ($rdir/$rtop).  Returns 1 with $why when it
# failed.
fleet_copy() {
	rrunning=no
	# The copy's name is chosen here and noted before ssh makes it
	# (mkdir fails on a name taken), so that a run killed at any moment
	# leaves the next run a record of it (remote_leftovers): remote.box
	# for the box, remote.ssh for a fleet host.
	_sfx=$(od -An -tx1 -N6 /dev/urandom 2>/dev/null | tr -d ' \n')
	case $_sfx in
	????????????) ;;
	*) die "cannot read /dev/urandom for the name of the copy on $rhost" ;;
	esac
	{ printf '%s %s\n' "$rhost" "-$_sfx" >"$work/remote.$rkind" &&
		printf '%s\n' "$ssh_opts" >"$work/remote.$rkind.opts"; } || die "cannot write in '$work'"
	# shellcheck disable=SC2016
	rsh /dev/null "$work/rout" "$work/rerr" \
		'uname -m && d=${TMPDIR:-/tmp}/hostbench-ssh.'"$_sfx"' && mkdir -m 700 "$d" && printf "%s\n" "$d"'
	if [ "$rc" -ne 0 ]; then
		why="ssh failed (exit $rc): $(last_line "$work/rerr")"
		return 1
	fi
	_machine=$(sed -n 1p "$work/rout" | strip_ctl)
	rdir=$(sed -n 2p "$work/rout" | strip_ctl)
	case $rdir in
	/*) ;;
	*)
		rdir=
		why="no temporary directory there: $(last_line "$work/rerr")"
		return 1
		;;
	esac
	case $rdir in
	*/hostbench-ssh."$_sfx") ;;
	*)
		why="no temporary directory there: it said '$rdir'"
		rdir=
		return 1
		;;
	esac
	printf '%s %s\n' "$rhost" "$rdir" >"$work/remote.$rkind" || die "cannot write in '$work'"
	find_bundle "$_machine" || return 1
	# Its top directory, from its first entry: sed quits there, so the
	# rest is not unpacked for nothing.
	_top=$(gzip -dc <"$rbundle" 2>/dev/null | tar -tf - 2>/dev/null | sed -n '1{s|^\./||;s|/.*||p;q;}')
	if [ -z "$_top" ] || [ ! -s "$rbundle" ]; then
		why="'$rbundle' is not a bundle (make pack)"
		return 1
	fi
	progress "$rhost ($_machine): copying ${rbundle##*/} to $rdir$nl"
	rsh "$rbundle" /dev/null "$work/rerr" "cd $(sq "$rdir") && gzip -dc | tar -xf -"
	if [ "$rc" -ne 0 ]; then
		why="copying the bundle failed (exit $rc): $(last_line "$work/rerr")"
		return 1
	fi
	rtop=$_top
}

# fleet_host: one host, $rhost.  Returns 1 with $why when it failed.
fleet_host() {
	fleet_copy || return 1
	_top=$rtop
	progress "$rhost: running$fwd$nl"
	# The run goes on in the background there and says its pid first, so
	# that an interrupted fleet run can stop it.
	rrunning=yes
	rsh /dev/null "$work/rout" - "cd $(sq "$rdir/$_top") && { ./hostbench run$fwd --results-dir $(sq "$rdir/results") </dev/null & echo \"pid \$!\"; wait \$!; }"
	# 255: ssh itself failed, and the run may still be going there.
	[ "$rc" -eq 255 ] || rrunning=no
	_path=$(sed -n '$p' "$work/rout" | strip_ctl)
	if [ "$rc" -ne 0 ]; then
		why="the run failed there (exit $rc)"
		return 1
	fi
	case $_path in
	"$rdir/results/"*/*) ;;
	*)
		why="the run there printed no result path"
		return 1
		;;
	esac
	_host=${_path##*/}
	_host=$(safe_name "${_host%.*}")
	_platform=${_path%/*}
	_platform=$(safe_name "${_platform##*/}")
	_dir=$results_dir/$_platform
	# As a local run's (open_side): made new in a directory of this
	# user's or root's that no other user can write in.
	_real=$(safe_mkdir "$_dir" --results-dir) || exit $?
	tmp=$(mktemp "$_real/.$_host.XXXXXX") || die "cannot make a temporary file in '$_dir'"
	chmod "$(printf '%o' $((0666 & ~0$(umask))))" "$tmp" 2>/dev/null || :
	# No more than a result can be (the file size limit, in blocks of
	# 512 bytes, stops ssh with SIGXFSZ past it), and a result: the
	# results tool must find one in it.
	rsh_blocks=$((fetch_max / 512))
	rsh /dev/null "$tmp" "$work/rerr" "cat $(sq "$_path")"
	rsh_blocks=
	why=
	if [ "$(wc -c <"$tmp")" -ge "$fetch_max" ]; then
		why="its result is larger than $((fetch_max >> 20)) MB, which no result is: not taken"
	elif [ "$rc" -ne 0 ]; then
		why="bringing the result back failed (exit $rc): $(last_line "$work/rerr")"
	elif ! sed -n 1p "$tmp" | grep -q '^hostbench: '; then
		why="what it sent back is no hostbench result file (its first line: $(sed -n 1p "$tmp" | cut -c1-60 | strip_ctl))"
	elif [ -n "$_tool" ] && [ -z "$($wrapper "$_tool" --list-results "$tmp" 2>"$work/rerr" | sed -n 2p)" ]; then
		_e=$(last_line "$work/rerr")
		why="what it sent back holds no result the results tool can read${_e:+: $_e}"
	fi
	if [ -n "$why" ]; then
		rm -f -- "$tmp"
		tmp=
		return 1
	fi
	publish_next "$_real" "$_host"
	final=$_dir/${final##*/}
	rm -f -- "$tmp"
	tmp=
	remote_cleanup
	progress "$rhost: $final$nl"
	printf '%s\n' "$final"
}

# The largest result file taken from a host: 64 MB (a standard run's
# is a few hundred kB; the results tool reads none over 256 MB).
fetch_max=$((64 << 20))
rsh_blocks=
rsh_nowait=
# What the remote copy is, for its record: ssh (a fleet host) or box.
rkind=ssh

run_fleet() {
	if [ -n "$bundle" ]; then
		[ -f "$bundle" ] || usage_error "run: --bundle: no file '$bundle'"
	fi
	_ssh=${HOSTBENCH_SSH:-ssh}
	_ssh=${_ssh%% *}
	command -v "$_ssh" >/dev/null 2>&1 || die "run: --ssh: no '$_ssh' command"
	# The results tool, where one runs here, checks what a host sends.
	find_libexec
	_tool=$(compare_tool) && $wrapper "$_tool" --version >/dev/null 2>&1 || _tool=
	trap cleanup EXIT
	trap 'on_signal HUP 1' HUP
	trap 'on_signal INT 2' INT
	trap 'on_signal TERM 15' TERM
	trap 'on_signal PIPE 13' PIPE
	safe_dir "${TMPDIR:-/tmp}" TMPDIR >/dev/null || exit 2
	work=$(mktemp -d "${TMPDIR:-/tmp}/hostbench.XXXXXX") ||
		die "cannot make a temporary directory in '${TMPDIR:-/tmp}'"
	_n=0 _total=0 _bad=0 _failed=''
	_old_ifs=$IFS
	IFS=$nl
	for rhost in $ssh_hosts; do _total=$((_total + 1)); done
	for rhost in $ssh_hosts; do
		IFS=$_old_ifs
		_n=$((_n + 1))
		progress "[host $_n/$_total] $rhost$nl"
		why=
		if ! fleet_host; then
			[ -z "$rdir" ] || remote_cleanup
			warn "$rhost: $why"
			_bad=$((_bad + 1))
			_failed="$_failed $rhost"
		fi
		IFS=$nl
	done
	IFS=$_old_ifs
	if [ "$_bad" -gt 0 ]; then
		warn "hosts: $((_total - _bad)) done, $_bad failed:$_failed"
		exit 1
	fi
	[ "$quiet" -eq 1 ] || warn "hosts: $_total done"
}

# box_agent_start: `run --box USER@HOST`: the box agent (hostbench agent)
# started on $box_login from the bundle for its CPU, listening on every
# address (on $box_port when given) with $HOSTBENCH_KEY, which goes over
# ssh's stdin, not its command line; its pid in $box_pid.  Dies when it
# cannot be started.  box_agent_stop (the front end's cleanup) stops it
# and removes the copy.
#
# Nothing stays on the box after the run, however it ends:
#   - the lease: the ssh session that started the agent stays open, its
#     stdin a fifo that only this shell holds open (descriptor 5, which
#     no child keeps).  When this shell ends -- even by SIGKILL -- or
#     the connection dies, the box reads the end of it, stops the agent
#     and removes the copy;
#   - the agent's idle timeout, box_idle seconds, which only a session
#     with the key renews: box_renew asks for the box's fingerprint
#     every box_renew_every seconds while this shell lives, so that a
#     long run without network cases keeps its agent;
#   - a watcher on the box removes the copy once the agent is gone;
#   - "$work/remote.box" names the box, the copy and the agent: the next
#     run removes them if this one was killed and they are still there
#     (clean_stale, remote_leftovers).
box_idle=600
box_renew_every=120
box_ssh=
box_renewer=
box_agent_start() {
	rhost=$box_login
	rkind=box
	progress "box $rhost: starting the agent$nl"
	if ! fleet_copy; then
		[ -z "$rdir" ] || remote_cleanup
		die "run: --box $box: $why"
	fi
	rm -f -- "$work/lease"
	mkfifo "$work/lease" || die "cannot make a fifo in '$work'"
	# (Read and write: opening a fifo so never waits for the other end.)
	exec 5<>"$work/lease"
	rsh_nowait=yes
	# shellcheck disable=SC2016
	rsh "$work/lease" "$work/rout" "$work/rerr" \
		"cd $(sq "$rdir/$rtop") && IFS= read -r k && HOSTBENCH_KEY=\$k && export HOSTBENCH_KEY && ./hostbench agent -b any -i $box_idle${box_port:+ -n $box_port} </dev/null >agent.out 2>&1; s=\$?; cat agent.out; if [ \$s -ne 0 ]; then cd / && rm -rf $(sq "$rdir"); exit \$s; fi; p=\$(sed -n 's/.* server pid \\([0-9][0-9]*\\) .*/\\1/p' agent.out | sed -n 1p); (while kill -0 \$p 2>/dev/null; do sleep 5; done; cd / && rm -rf $(sq "$rdir")) </dev/null >/dev/null 2>&1 & echo lease; while IFS= read -r l; do :; done; kill -TERM \$p 2>/dev/null; exit 0"
	rsh_nowait=
	box_ssh=$child
	child=
	printf '%s\n' "$HOSTBENCH_KEY" >&5
	# The agent's pid, once the box says "lease" (or ssh ends: it failed).
	while kill -0 "$box_ssh" 2>/dev/null && ! grep -q '^lease$' "$work/rout" 2>/dev/null; do
		sleep 0.1 2>/dev/null || sleep 1
	done
	box_pid=$(sed -n 's/.* server pid \([0-9][0-9]*\) .*/\1/p' "$work/rout" | sed -n 1p)
	if [ -z "$box_pid" ] || ! grep -q '^lease$' "$work/rout"; then
		rc=0
		wait "$box_ssh" 2>/dev/null || rc=$?
		box_ssh=
		exec 5>&-
		why="the agent did not start (exit $rc): $(last_line "$work/rout")$(last_line "$work/rerr")"
		remote_cleanup
		die "run: --box $box: $why"
	fi
	printf '%s %s %s\n' "$rhost" "$rdir" "$box_pid" >"$work/remote.box" || die "cannot write in '$work'"
	# The renewal, while this shell lives (looked at every 5 s, so that
	# it outlives a killed run by 5 s at most; its TMPDIR is the run's,
	# where the next run looks); in a group of its own, so that stopping
	# it stops its sleep too.
	# shellcheck disable=SC2016,SC2086
	TMPDIR=$work/tmp $newgroup sh -c 'n=$1 p=$2; shift 2; i=0; while sleep 5 && kill -0 "$p" 2>/dev/null; do i=$((i + 5)); [ "$i" -ge "$n" ] || continue; i=0; "$@" >/dev/null 2>&1; done' \
		renew "$box_renew_every" "$$" $wrapper "$libexec/hostinfo" -F "$box_host" \
		</dev/null >/dev/null 2>&1 5>&- &
	box_renewer=$!
}

box_agent_stop() {
	_p=$box_pid
	box_pid=
	rhost=$box_login
	if [ -n "$box_renewer" ]; then
		kill -TERM -"$box_renewer" 2>/dev/null || kill -TERM "$box_renewer" 2>/dev/null || :
	fi
	box_renewer=
	# The end of the lease: the box stops the agent and removes the copy.
	exec 5>&-
	if [ -n "$box_ssh" ]; then
		wait "$box_ssh" 2>/dev/null || :
		box_ssh=
	fi
	rsh /dev/null /dev/null /dev/null "kill -TERM $_p 2>/dev/null; rm -rf $(sq "$rdir")" || :
	[ "$rc" -eq 0 ] || warn "$rhost: could not stop the box agent (pid $_p) or remove $rdir"
	rdir=
	rm -f -- "$work/remote.box" "$work/remote.box.opts"
}
