# shellcheck shell=sh disable=SC2154
# fleet.sh: the front end's work around the suite runner, sourced by
# hostbench (scripts/hostbench.in) when a run names --ssh or --box
# USER@HOST: fleet_main.  It uses the front end's warn, die, usage_error,
# progress, runner, compare_tool, find_libexec and $wrapper, $libexec,
# $version, $nl, $tab; everything else it needs is here.  The suite
# runner (hostbench-run) checks the options, publishes what a host sends
# back, and runs fleet.sh on its own, "sh fleet.sh leftovers FILE WHAT",
# for what a killed run of it left on another host.
#
# `run --ssh HOST`: the bundle (make pack) is streamed to HOST through ssh
# and unpacked there as it arrives, run with the run's own options, and
# its result file brought back and published here like a local one.  Only
# ssh is used, never scp: OpenSSH's scp speaks SFTP, which a board with
# dropbear or busybox has no server for, and takes other option letters
# (-P for -p) than the HOSTBENCH_SSH command; and a board with /tmp in
# its 32 MB of RAM need not hold the tarball beside what it unpacks to.
# The board needs a POSIX sh, mktemp, gzip and tar: busybox has them.
#
# `--box USER@HOST`: the box agent is started there the same way, the
# runner runs here (its child) with --box HOST, and the agent is stopped
# and its copy removed at the end, however the run ends.

# A command runs in a session (so a process group) of its own when
# setsid(1) is there: an interrupted run then stops it with every process
# it started.
newgroup=
if command -v setsid >/dev/null 2>&1; then
	newgroup=setsid
fi

work=
child=
rdir=
rrunning=no
box_pid=
tmp=

# sq WORD: WORD quoted for a POSIX shell (the remote one, eval).
sq() {
	_q=$(printf '%s' "$1" | sed "s/'/'\\\\''/g")
	printf "'%s'" "$_q"
}

# strip_ctl: stdin without the control characters a terminal obeys (C0
# but tab and newline, DEL, and C1 as UTF-8 writes it): what a remote
# host says reaches the terminal as text, never as a command to it.
c1_chars=$(printf '\302[\200-\237]')
strip_ctl() {
	LC_ALL=C tr -d '\000-\010\013-\037\177' | LC_ALL=C sed "s/$c1_chars//g"
}

# strip_stream FILE: stdin through strip_ctl as it comes, a read at a
# time (tr and sed keep what they write to a pipe until they end, and a
# line cut short would wait for its end).  FILE takes dd's count, which
# says when stdin ended.
strip_stream() {
	while :; do
		dd bs=4096 count=1 2>"$1" | strip_ctl
		! grep -q '^0+0 records in' "$1" || break
	done
}

# The last line of a file (a command's stderr), as text.
last_line() {
	[ -s "$1" ] || return 0
	_s=$(LC_ALL=C tr -d '\000' <"$1" | sed -n '$p' | strip_ctl)
	printf '%s' "$_s"
}

# Stop the running child (ssh, or the runner) and everything it started:
# SIGTERM to its process group (to it alone when it has none), SIGKILL
# to what is left after it has had a moment to clean up.
stop_child() {
	[ -n "$child" ] || return 0
	_pid=$child
	child=
	kill -TERM -"$_pid" 2>/dev/null || kill -TERM "$_pid" 2>/dev/null || :
	# One that ignores SIGTERM must not hang the cleanup: SIGKILL in 5 s.
	(
		sleep 5
		kill -KILL -"$_pid" 2>/dev/null || kill -KILL "$_pid" 2>/dev/null || :
	) </dev/null >/dev/null 2>&1 &
	_killer=$!
	wait "$_pid" 2>/dev/null || :
	kill -KILL "$_killer" 2>/dev/null || :
}

fleet_cleanup() {
	# The remote run is stopped over a second connection while the first
	# still carries its progress: it then removes what it made there.
	if [ -n "$rdir" ]; then
		_c=$child
		remote_cleanup
		child=$_c
	fi
	stop_child
	# The box agent that --box USER@HOST started, and its copy.
	[ -z "$box_pid" ] || box_agent_stop
	[ -z "$tmp" ] || rm -f -- "$tmp"
	[ -z "$work" ] || rm -rf -- "$work"
	work=
}

# Remove everything, then die of the same signal so the caller sees it.
# Further signals are ignored meanwhile: a second ^C must not cut the
# cleanup short.
fleet_signal() {
	trap '' HUP INT TERM PIPE
	trap - EXIT
	[ "$quiet" -eq 1 ] || printf '\n' >&2 || :
	fleet_cleanup
	trap - "$1"
	kill -s "$1" "$$"
	exit $((128 + $2))
}

# fleet_start: the traps and the scratch directory ($work) of a fleet or
# box run, in a TMPDIR the runner finds safe; "pid", "cmd" and "result"
# as a run's, so that the runner's next run removes what a killed one
# left, here and (remote.ssh, remote.box) on the hosts.
fleet_start() {
	trap fleet_cleanup EXIT
	trap 'fleet_signal HUP 1' HUP
	trap 'fleet_signal INT 2' INT
	trap 'fleet_signal TERM 15' TERM
	# Progress into a closed pipe must not end the run without its cleanup.
	trap 'fleet_signal PIPE 13' PIPE
	runner safe-dir TMPDIR "${TMPDIR:-/tmp}" >/dev/null || exit $?
	work=$(mktemp -d "${TMPDIR:-/tmp}/hostbench.XXXXXX") ||
		die "cannot make a temporary directory in '${TMPDIR:-/tmp}'"
	mkdir "$work/tmp" || die "cannot make '$work/tmp'"
	{ printf '%s\n' "$1" >"$work/cmd" && : >"$work/result" && printf '%s\n' "$$" >"$work/pid"; } ||
		die "cannot write in '$work'"
}

# fleet_main run|ab ARGS...: the options of a run with --ssh or --box
# USER@HOST: those of the front end's work taken here, the others
# checked by the runner and given to it (--box) or to the hosts (--ssh).
fleet_main() {
	sub=$1
	shift
	quiet=0 ssh_hosts='' bundle='' ssh_opts='' results_dir=results outfile='' box=''
	box_host='' box_login='' box_port='' words='' fwd=''
	while [ $# -gt 0 ]; do
		case $1 in
		--ssh | --bundle | --ssh-opt | --results-dir | -o | --box)
			[ $# -ge 2 ] || usage_error "$sub: option '$1' needs a value"
			_opt=$1 _val=$2
			shift 2
			;;
		--ssh=* | --bundle=* | --ssh-opt=* | --results-dir=* | --box=*)
			_opt=${1%%=*} _val=${1#*=}
			shift
			;;
		*)
			case $1 in -q | --quiet) quiet=1 ;; esac
			words="$words $(sq "$1")"
			shift
			continue
			;;
		esac
		case $sub:$_opt in
		ab:--ssh | ab:--bundle | ab:--ssh-opt | ab:-o)
			usage_error "ab: $_opt is refused: an A/B experiment runs here and publishes two files under --results-dir"
			;;
		esac
		case $_opt in
		--ssh)
			check_ssh_host "$_val"
			ssh_hosts=$ssh_hosts$_val$nl
			;;
		--bundle) bundle=$_val ;;
		--ssh-opt)
			case $_val in
			'' | -* | *"$nl"*) usage_error "run: --ssh-opt: '$_val' is not an ssh option (KEY=VALUE, e.g. Port=2222)" ;;
			esac
			ssh_opts=$ssh_opts-o$nl$_val$nl
			;;
		--results-dir) results_dir=$_val ;;
		-o) outfile=$_val ;;
		--box) box=$_val ;;
		esac
	done
	[ -n "$results_dir" ] || usage_error "$sub: --results-dir: empty directory name"
	if [ -n "$bundle" ] && [ ! -f "$bundle" ]; then
		usage_error "run: --bundle: no file '$bundle'"
	fi
	[ -z "$ssh_hosts" ] || [ -z "$outfile" ] ||
		usage_error "run: -o and --ssh: results from hosts go to --results-dir"
	# The runner here checks the options, and publishes what hosts send.
	runner_env
	if [ -n "$ssh_hosts" ]; then
		# The options go to the hosts: checked here first, by the runner.
		[ -z "$box" ] || words="$words --box $(sq "$box")"
		eval "runner check run there $words" || exit $?
		fwd=$words
		run_fleet
		return
	fi
	check_box
	[ -z "$outfile" ] || words="$words -o $(sq "$outfile")"
	[ -z "$bundle$ssh_opts" ] || [ -n "$box_login" ] ||
		usage_error "run: --bundle and --ssh-opt are for --ssh runs (and --box USER@HOST)"
	eval "runner check $sub here $words --box $(sq "$box_host")" || exit $?
	fleet_start "$sub"
	box_agent_start
	# The runner, a child of this shell: the agent lives as long as it
	# runs, and is stopped after it, however it ends.
	eval "set -- $words"
	HOSTBENCH_STOP_WITH_PARENT=$$
	export HOSTBENCH_STOP_WITH_PARENT
	# shellcheck disable=SC2086
	$wrapper "$libexec/hostbench-run" "$sub" "$@" --box "$box_host" --results-dir "$results_dir" 5>&- &
	child=$!
	_rc=0
	wait "$child" || _rc=$?
	child=
	fleet_cleanup
	trap - EXIT
	exit "$_rc"
}

# check_box: --box USER@HOST[:PORT]; sets box_host (HOST[:PORT], the
# agent the runner's programs reach), box_login (USER@HOST for ssh) and
# box_port (PORT or empty).
check_box() {
	case $box in
	-* | *@ | @* | *@*@* | *"'"* | *'"'* | *: | *[[:space:]]* | *';'* | *'&'* | *\\*)
		usage_error "$sub: --box: '$box' is not [USER@]HOST[:PORT]"
		;;
	esac
	box_host=${box#*@}
	case $box_host in
	*:*:* | \[*) ;;	# an IPv6 address: [ADDR]:PORT, or no port
	*:*) box_port=${box_host##*:} ;;
	esac
	case $box_port in
	*[!0-9]*) usage_error "$sub: --box: '$box_port' is not a port number" ;;
	esac
	box_login=${box%%@*}@${box_host%:"$box_port"}
	if [ -z "${HOSTBENCH_KEY:-}" ]; then
		usage_error "$sub: --box $box: set HOSTBENCH_KEY, the key the agent is started with (the servers' key)"
	fi
}

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
	# No more than a result can be (the file size limit, in blocks of
	# 512 bytes, stops ssh with SIGXFSZ past it), and a result: the
	# results tool must find one in it.  The runner publishes it as a
	# local run's, under its own platform and host.
	tmp=$work/fetched
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
	final=$(runner publish "$results_dir" "$tmp") || exit $?
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
	_ssh=${HOSTBENCH_SSH:-ssh}
	_ssh=${_ssh%% *}
	command -v "$_ssh" >/dev/null 2>&1 || die "run: --ssh: no '$_ssh' command"
	# The results tool, where one runs here, checks what a host sends.
	_tool=$(compare_tool) && $wrapper "$_tool" --version >/dev/null 2>&1 || _tool=
	fleet_start run
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

# sh fleet.sh leftovers FILE WHAT: the runner found FILE (remote.box or
# remote.ssh) in the scratch directory of a run (WHAT: "run 123") that
# was killed: remove what it left on that host.
if [ -z "${fleet_sourced:-}" ] && [ "${1:-}" = leftovers ] && [ $# -eq 3 ]; then
	set -eu
	set -f
	me=hostbench nl='
' tab='	' quiet=1 ssh_opts=''
	warn() {
		printf '%s: %s\n' "$me" "$*" >&2
	}
	remote_leftovers "$2" "$3"
	exit 0
fi
