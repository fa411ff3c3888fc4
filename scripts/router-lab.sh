#!/bin/sh
# router-lab.sh: a router with a kernel and CPUs of its own, between a
# client and a server namespace of this machine, for trying hostbench's
# "through the box" workflow without hardware.
#
#   client namespace            the box (qemu-system-x86_64)         server namespace
#   NET.1.1 --- tap --- eth0 NET.1.254 | eth1 NET.2.254 --- tap --- NET.2.2
#
# The box boots a Debian kernel package (linux-image-*-amd64: the
# generic or the cloud flavour) with an initramfs of busybox, iptables
# (the nft flavour) and a static hostbench bundle (make pack of a
# --enable-static build); it forwards between its two NICs and runs
# hostbench's box agent on NET.1.254 with the lab's key.  No KVM is
# needed: qemu emulates (TCG), 2 vCPUs and 96 MB of RAM by default.
#
#   router-lab.sh [options] up          build what is missing, boot, wait
#   router-lab.sh [options] box CMD...  run CMD in the box (sh -c), print
#                                       its output, exit with its status
#   router-lab.sh [options] env         the lab's names, as sh assignments
#   router-lab.sh [options] down        stop the box, remove the namespaces
#
# Options (each also an environment variable, in brackets):
#   -d DIR      the lab's directory: kernel, initramfs, logs (ROUTER_LAB_DIR;
#               default ./router-lab)
#   -k DEB      the kernel package (ROUTER_LAB_KERNEL; default: the newest
#               linux-image-*-amd64*.deb in DIR, else one apt-get download
#               fetches there)
#   -b TGZ      the hostbench bundle, make pack's tarball of a static
#               x86_64 build (ROUTER_LAB_BUNDLE)
#   -t TAG      names the namespaces TAGc and TAGs and the taps TAG0 and
#               TAG1 (ROUTER_LAB_TAG; default hbl)
#   -n NET      the first two octets of the lab's addresses
#               (ROUTER_LAB_NET; default 10.77)
#   -m MB       the box's memory (ROUTER_LAB_MEM; default 96)
#   -K FILE     the key of the box's agent, one line (ROUTER_LAB_KEY;
#               default: DIR/key, made once)
#
# Waits are counted in the CPU time qemu has used, not in wall time: a
# busy host slows the emulated box, and it is given the time to run.
set -u

me=router-lab.sh
die() {
	printf '%s: %s\n' "$me" "$*" >&2
	exit 1
}
usage_error() {
	printf '%s: %s\n' "$me" "$*" >&2
	printf "usage: %s [-d DIR] [-k DEB] [-b TGZ] [-t TAG] [-n NET] [-m MB] [-K FILE] up|box CMD...|env|down\n" "$me" >&2
	exit 2
}

dir=${ROUTER_LAB_DIR:-router-lab}
kernel=${ROUTER_LAB_KERNEL:-}
bundle=${ROUTER_LAB_BUNDLE:-}
tag=${ROUTER_LAB_TAG:-hbl}
net=${ROUTER_LAB_NET:-10.77}
mem=${ROUTER_LAB_MEM:-96}
key=${ROUTER_LAB_KEY:-}
while getopts d:k:b:t:n:m:K: opt; do
	case $opt in
	d) dir=$OPTARG ;;
	k) kernel=$OPTARG ;;
	b) bundle=$OPTARG ;;
	t) tag=$OPTARG ;;
	n) net=$OPTARG ;;
	m) mem=$OPTARG ;;
	K) key=$OPTARG ;;
	*) usage_error "unknown option" ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || usage_error "no command: up, box, env or down"
cmd=$1
shift
case $tag in
'' | *[!a-z0-9]* | ?????????*) usage_error "-t '$tag': 1 to 8 of a-z and 0-9" ;;
esac
case $net in
*[!0-9.]* | *.*.* | .* | *. | '') usage_error "-n '$net': two octets, like 10.77" ;;
*.*) ;;
*) usage_error "-n '$net': two octets, like 10.77" ;;
esac
case $mem in
'' | *[!0-9]*) usage_error "-m '$mem': megabytes, a number" ;;
esac
[ "$mem" -ge 64 ] && [ "$mem" -le 4096 ] || usage_error "-m $mem: 64 .. 4096 MB"

C=${tag}c S=${tag}s T0=${tag}0 T1=${tag}1
CLIENT=$net.1.1 BOX=$net.1.254 BOX2=$net.2.254 SERVER=$net.2.2
[ -n "$key" ] || key=$dir/key

# cpu_seconds PID: the CPU time PID has used, in whole seconds.
cpu_seconds() {
	[ -r "/proc/$1/stat" ] &&
		awk '{ sub(/^.*\) /, ""); printf "%d\n", ($12 + $13) / 100 }' "/proc/$1/stat" 2>/dev/null
}

qemu_pid() {
	[ -f "$dir/qemu.pid" ] || return 1
	_p=$(cat "$dir/qemu.pid") && [ -n "$_p" ] && kill -0 "$_p" 2>/dev/null || return 1
	echo "$_p"
}

# wait_line PATTERN LIMIT: wait until ctl.log has a line matching
# PATTERN (grep -E), while qemu lives and has used less than LIMIT s of
# CPU time since the wait began.
wait_line() {
	_pid=$(qemu_pid) || _pid=none
	_t0=$(cpu_seconds "$_pid" || echo 0)
	while ! grep -Eq "$1" "$dir/ctl.log" 2>/dev/null; do
		if ! kill -0 "$_pid" 2>/dev/null; then
			if [ -s "$dir/console.log" ]; then
				echo "the box stopped (its console: $dir/console.log)" >&2
			else
				echo "the box stopped before its kernel wrote a line: too little memory for it (-m $mem)?" >&2
			fi
			return 1
		fi
		_t=$(cpu_seconds "$_pid")
		[ $((_t - _t0)) -lt "$2" ] || {
			echo "no answer from the box after $2 s of its CPU time (its console: $dir/console.log)" >&2
			return 1
		}
		sleep 0.2
	done
}

# box_cmd CMD: run CMD in the box; its output on stdout, its status ours.
box_cmd() {
	_id=$$.$(date +%s%N)
	printf '%s %s\n' "$_id" "$*" >"$dir/ctl.in" || return 1
	wait_line "^@@done $_id " 600 || return 1
	sed -n "s/^@@out $_id //p" "$dir/ctl.log"
	_rc=$(sed -n "s/^@@done $_id //p" "$dir/ctl.log" | tr -d '\r')
	return "${_rc:-1}"
}

lab_down() {
	if _pid=$(qemu_pid); then
		kill "$_pid" 2>/dev/null
		_n=0
		while kill -0 "$_pid" 2>/dev/null && [ $_n -lt 50 ]; do
			sleep 0.1
			_n=$((_n + 1))
		done
		kill -9 "$_pid" 2>/dev/null
	fi
	rm -f "$dir/qemu.pid"
	if [ -f "$dir/reader.pid" ]; then
		kill "$(cat "$dir/reader.pid")" 2>/dev/null
		rm -f "$dir/reader.pid"
	fi
	rm -f "$dir/ctl.in" "$dir/ctl.out"
	ip netns del "$C" 2>/dev/null
	ip netns del "$S" 2>/dev/null
	ip link del "$T0" 2>/dev/null
	ip link del "$T1" 2>/dev/null
	return 0
}

# find_kernel: the kernel package to boot, fetched when there is none.
find_kernel() {
	if [ -n "$kernel" ]; then
		[ -f "$kernel" ] || die "-k $kernel: no such file"
		return 0
	fi
	kernel=$(ls -t "$dir"/linux-image-*-amd64*.deb 2>/dev/null | head -n 1)
	[ -n "$kernel" ] && return 0
	command -v apt-get >/dev/null 2>&1 || die "no kernel package: give one with -k (linux-image-*-amd64*.deb)"
	_pkg=$(apt-cache depends linux-image-cloud-amd64 2>/dev/null | awk '/Depends: linux-image-/ { print $2; exit }')
	[ -n "$_pkg" ] || _pkg=$(apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-/ { print $2; exit }')
	[ -n "$_pkg" ] || die "no kernel package known to apt: give one with -k"
	(cd "$dir" && apt-get download "$_pkg" >/dev/null 2>&1) || die "apt-get download $_pkg failed: give a package with -k"
	kernel=$(ls -t "$dir"/linux-image-*-amd64*.deb 2>/dev/null | head -n 1)
	[ -n "$kernel" ] || die "apt-get download $_pkg made no .deb in $dir"
}

# copy_with_libs ROOT FILE...: FILE and the shared libraries it needs
# (ldd), at their paths under ROOT.
copy_with_libs() {
	_root=$1
	shift
	for _f; do
		mkdir -p "$_root$(dirname "$_f")" && cp -L "$_f" "$_root$_f" || return 1
		for _l in $(ldd "$_f" 2>/dev/null | awk '/=> \// { print $3 } /^[[:space:]]*\// { print $1 }'); do
			[ -f "$_root$_l" ] && continue
			mkdir -p "$_root$(dirname "$_l")" && cp -L "$_l" "$_root$_l" || return 1
		done
	done
}

# modules_for VERSION_DIR NAME...: the modules NAME... need, each after
# what it depends on, as modules.dep's paths.
modules_for() {
	_md=$1
	shift
	awk -v want="$*" '
	{ sub(/:$/, "", $1); dep[$1] = $0; n = split($1, p, "/"); m = p[n]; sub(/\.ko(\..*)?$/, "", m); path[m] = $1 }
	function add(f,    i, n, d) {
		if (f in done) return
		done[f] = 1
		n = split(dep[f], d, /[: ]+/)
		for (i = 2; i <= n; i++) if (d[i] != "") add(d[i])
		print f
	}
	END {
		n = split(want, w, " ")
		for (i = 1; i <= n; i++) {
			if (!(w[i] in path)) { print "missing " w[i] > "/dev/stderr"; exit 1 }
			add(path[w[i]])
		}
	}' "$_md/modules.dep"
}

build_initramfs() {
	_k=$dir/kernel
	rm -rf "$_k" && mkdir -p "$_k" && dpkg-deb -x "$kernel" "$_k" || die "cannot unpack $kernel"
	_ver=$(ls "$_k/lib/modules" | head -n 1)
	[ -n "$_ver" ] && [ -f "$_k/boot/vmlinuz-$_ver" ] || die "$kernel: no kernel image and modules"
	[ -f "$_k/lib/modules/$_ver/modules.dep" ] || busybox depmod -b "$_k" "$_ver" ||
		die "busybox depmod failed for $_ver"
	_mods=$(modules_for "$_k/lib/modules/$_ver" virtio_pci virtio_net nf_tables nft_compat x_tables) ||
		die "$kernel: the modules of a virtio router are missing"
	_r=$dir/root
	rm -rf "$_r" && mkdir -p "$_r/bin" "$_r/etc" "$_r/opt" "$_r/proc" "$_r/sys" "$_r/dev" "$_r/tmp" "$_r/run" ||
		die "cannot make $_r"
	_mdir=$_r/lib/modules/$_ver
	mkdir -p "$_mdir" || die "cannot make $_mdir"
	for _m in $_mods; do
		mkdir -p "$_mdir/$(dirname "$_m")" && cp "$_k/lib/modules/$_ver/$_m" "$_mdir/$_m" || die "cannot copy $_m"
	done
	printf '%s\n' $_mods >"$_r/etc/modules" || die "cannot write the module list"
	cp "$_k/lib/modules/$_ver/modules.dep" "$_mdir/" || die "cannot copy modules.dep"
	_bb=$(command -v busybox) || die "no busybox"
	copy_with_libs "$_r" "$_bb" || die "cannot copy busybox and its libraries"
	[ "$_bb" = /bin/busybox ] || ln -sf "$_bb" "$_r/bin/busybox"
	_xt=$(command -v xtables-nft-multi || ls /usr/sbin/xtables-nft-multi 2>/dev/null) ||
		die "no xtables-nft-multi (apt-get install iptables)"
	copy_with_libs "$_r" "$_xt" || die "cannot copy iptables"
	for _n in iptables iptables-save iptables-restore ip6tables ip6tables-save; do
		ln -sf "$_xt" "$_r/bin/$_n"
	done
	_ext=$(ls -d /usr/lib/*/xtables /usr/lib/xtables 2>/dev/null | head -n 1)
	if [ -n "$_ext" ]; then
		mkdir -p "$_r$_ext" && cp "$_ext"/libxt_standard.so "$_ext"/libipt_*.so "$_r$_ext"/ 2>/dev/null
	fi
	mkdir -p "$_r/opt/hostbench" && tar xzf "$bundle" -C "$_r/opt/hostbench" --strip-components=1 ||
		die "cannot unpack $bundle"
	[ -x "$_r/opt/hostbench/hostinfo" ] || die "$bundle: no hostinfo in it"
	cp "$key" "$_r/etc/hostbench.key" || die "cannot copy the key"
	cat >"$_r/init" <<EOF
#!/bin/busybox sh
/bin/busybox --install -s /bin
export PATH=/bin:/sbin:/opt/hostbench
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t tmpfs tmp /tmp
hostname box
while read -r m; do insmod /lib/modules/$_ver/\$m || echo "insmod \$m failed"; done </etc/modules
ip link set lo up
n=0
while ! ip link show eth1 >/dev/null 2>&1 && [ \$n -lt 100 ]; do sleep 0.1; n=\$((n + 1)); done
ip addr add $BOX/24 dev eth0 && ip link set eth0 up
ip addr add $BOX2/24 dev eth1 && ip link set eth1 up
echo 1 >/proc/sys/net/ipv4/ip_forward
cd /tmp && hostinfo -s -b $BOX -K /etc/hostbench.key -i 3600 >/tmp/agent.out 2>&1
stty -F /dev/ttyS1 raw -echo
exec 3</dev/ttyS1 4>/dev/ttyS1
echo "@@ready \$(cat /tmp/agent.out | tr '\n' ' ')" >&4
while read -r id line <&3; do
	sh -c "\$line" >/tmp/out 2>&1
	rc=\$?
	sed "s/^/@@out \$id /" /tmp/out >&4
	echo "@@done \$id \$rc" >&4
done
EOF
	chmod 755 "$_r/init" || die "cannot write init"
	(cd "$_r" && find . | busybox cpio -o -H newc 2>/dev/null | gzip -1) >"$dir/initramfs.gz.tmp" &&
		mv "$dir/initramfs.gz.tmp" "$dir/initramfs.gz" || die "cannot make the initramfs"
	cp "$_k/boot/vmlinuz-$_ver" "$dir/vmlinuz" || die "cannot copy the kernel"
	rm -rf "$_r" "$_k"
	echo "$_ver" >"$dir/kernel-version"
}

lab_up() {
	[ "$(id -u)" -eq 0 ] || die "up needs root (namespaces, tap devices)"
	for _t in qemu-system-x86_64 ip busybox dpkg-deb gzip ldd; do
		command -v "$_t" >/dev/null 2>&1 || die "no $_t here"
	done
	[ -n "$bundle" ] || die "no hostbench bundle: give make pack's tarball of a static x86_64 build with -b"
	[ -f "$bundle" ] || die "-b $bundle: no such file"
	! qemu_pid >/dev/null || die "the box already runs (pid $(qemu_pid)): $me down first"
	mkdir -p "$dir" || die "cannot make $dir"
	if [ ! -s "$key" ]; then
		(umask 077 && od -An -tx1 -N16 /dev/urandom | tr -d ' \n' >"$key" && echo >>"$key") ||
			die "cannot write the key $key"
	fi
	find_kernel
	build_initramfs
	lab_down
	ip tuntap add dev "$T0" mode tap && ip tuntap add dev "$T1" mode tap || die "cannot make the taps"
	rm -f "$dir/ctl.in" "$dir/ctl.out" "$dir/ctl.log" "$dir/console.log"
	mkfifo "$dir/ctl.in" "$dir/ctl.out" || die "cannot make the control pipes"
	qemu-system-x86_64 -nodefaults -display none -no-reboot \
		-accel tcg,thread=multi -smp 2 -m "$mem" \
		-kernel "$dir/vmlinuz" -initrd "$dir/initramfs.gz" \
		-append "console=ttyS0 panic=-1 loglevel=4" \
		-serial "file:$dir/console.log" -chardev "pipe,id=ctl,path=$dir/ctl" -serial chardev:ctl \
		-netdev "tap,id=n0,ifname=$T0,script=no,downscript=no" -device virtio-net-pci,netdev=n0,mac=52:54:00:77:01:fe \
		-netdev "tap,id=n1,ifname=$T1,script=no,downscript=no" -device virtio-net-pci,netdev=n1,mac=52:54:00:77:02:fe \
		-daemonize -pidfile "$dir/qemu.pid" || { lab_down; die "qemu did not start"; }
	cat "$dir/ctl.out" >>"$dir/ctl.log" &
	echo $! >"$dir/reader.pid"
	ip netns add "$C" && ip netns add "$S" &&
		ip link set "$T0" netns "$C" && ip link set "$T1" netns "$S" &&
		ip -n "$C" link set lo up && ip -n "$S" link set lo up &&
		ip -n "$C" addr add "$CLIENT/24" dev "$T0" && ip -n "$C" link set "$T0" up &&
		ip -n "$S" addr add "$SERVER/24" dev "$T1" && ip -n "$S" link set "$T1" up &&
		ip -n "$C" route add "$net.2.0/24" via "$BOX" &&
		ip -n "$S" route add "$net.1.0/24" via "$BOX2" || { lab_down; die "cannot make the namespaces"; }
	wait_line '^@@ready' 600 || { lab_down; die "the box did not come up"; }
	echo "box up: $(cat "$dir/kernel-version"), ${mem} MB, 2 CPUs; client $C ($CLIENT), server $S ($SERVER), box $BOX / $BOX2"
}

case $cmd in
up) lab_up ;;
box)
	[ $# -ge 1 ] || usage_error "box: no command"
	qemu_pid >/dev/null || die "the box is not running: $me up first"
	box_cmd "$*"
	;;
env)
	printf 'LAB_CLIENT_NS=%s\nLAB_SERVER_NS=%s\nLAB_CLIENT=%s\nLAB_BOX=%s\nLAB_BOX2=%s\nLAB_SERVER=%s\nLAB_KEY=%s\n' \
		"$C" "$S" "$CLIENT" "$BOX" "$BOX2" "$SERVER" "$key"
	;;
down) lab_down ;;
*) usage_error "unknown command '$cmd'" ;;
esac
