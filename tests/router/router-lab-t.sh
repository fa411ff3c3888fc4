#!/bin/sh
# make check-router: the seed workflow through a router with a kernel and
# CPUs of its own (scripts/router-lab.sh: qemu-system-x86_64 booting a
# Debian kernel package, its NICs on taps in a client and a server
# namespace).  hostbench ab --box runs the network cases from the client
# to the server through it, first with no FORWARD rules against 3000, then
# with the NICs' receive interrupts on the box's CPU 0 against CPU 1, and
# the comparison must name the change, see the box's soft interrupts rise
# and TCP fall under the rules, and flag nothing measured on the client
# alone.
#
# Needs root, qemu-system-x86_64, a kernel package (ROUTER_LAB_KERNEL, or
# one apt-get download fetches into the lab's directory) and make pack's
# tarball of a static x86_64 build (ROUTER_LAB_BUNDLE); skips with the
# reason otherwise.  ROUTER_LAB_DIR keeps the kernel for the next run.
. "$top_srcdir/tests/tap/libtap.sh"

lab=$top_srcdir/scripts/router-lab.sh
bundle=${ROUTER_LAB_BUNDLE:-}
[ "$(id -u)" -eq 0 ] || skip_all 'not root: the lab needs namespaces and tap devices'
command -v qemu-system-x86_64 >/dev/null 2>&1 ||
	skip_all 'no qemu-system-x86_64 (apt-get install qemu-system-x86)'
for t in ip busybox dpkg-deb xtables-nft-multi; do
	command -v "$t" >/dev/null 2>&1 || skip_all "no $t here (the box's initramfs is made of it)"
done
[ -n "$bundle" ] ||
	skip_all 'no hostbench bundle for the box: ROUTER_LAB_BUNDLE=make pack'"'"'s tarball of a static x86_64 build'
[ -f "$bundle" ] || skip_all "ROUTER_LAB_BUNDLE=$bundle: no such file"
case $(tar tzf "$bundle" 2>/dev/null | head -n 1) in
*x86_64*) ;;
*) skip_all "ROUTER_LAB_BUNDLE=$bundle: not a bundle for x86_64" ;;
esac
compare=$top_builddir/results/hostbench-compare
[ -x "$compare" ] || skip_all 'results/hostbench-compare is not built'

dir=${ROUTER_LAB_DIR:-$top_builddir/router-lab}
mkdir -p "$dir" || bail "cannot make $dir"
if [ -z "${ROUTER_LAB_KERNEL:-}" ] && ! ls "$dir"/linux-image-*-amd64*.deb >/dev/null 2>&1; then
	(cd "$dir" && apt-get download "$(apt-cache depends linux-image-cloud-amd64 2>/dev/null |
		awk '/Depends: linux-image-/ { print $2; exit }')" >/dev/null 2>&1) ||
		skip_all 'no kernel package: ROUTER_LAB_KERNEL=linux-image-*-amd64*.deb, or the network for apt-get download'
fi
tag=hbt$$
tag=$(printf '%s' "$tag" | cut -c1-8)
L() {
	sh "$lab" -d "$dir" -t "$tag" -n 10.78 -b "$bundle" ${ROUTER_LAB_KERNEL:+-k "$ROUTER_LAB_KERNEL"} "$@"
}
eval "$(L env)"
HOSTBENCH_KEY=$(cat "$dir/key" 2>/dev/null || true)
tmpd=$(mktemp -d) || bail 'no temporary directory'
# stop_servers: the servers in the server namespace told to stop (while
# it is there), and any left after 5 s killed: none outlives the test.
stop_servers() {
	_n=0
	ip netns exec "$LAB_SERVER_NS" "$top_builddir/hostbench" serve -S "$LAB_SERVER" >/dev/null 2>&1
	while [ -n "$(pids_with_cmdline "-s -b $LAB_SERVER ")" ] && [ $_n -lt 50 ]; do
		sleep 0.1
		_n=$((_n + 1))
	done
	for _p in $(pids_with_cmdline "-s -b $LAB_SERVER "); do
		kill "$_p" 2>/dev/null
	done
	[ $_n -lt 50 ]
}
_tap_cleanup_hook() {
	[ -z "${LAB_SERVER_NS:-}" ] || stop_servers
	L down
	rm -rf "$tmpd"
}

plan 19

t0=$(date +%s)
ok 'the box boots its own kernel and forwards between the client and server namespaces' L up
diag "booted in $(($(date +%s) - t0)) s (wall; TCG)"
HOSTBENCH_KEY=$(cat "$dir/key")
export HOSTBENCH_KEY
ip netns exec "$LAB_SERVER_NS" "$top_builddir/hostbench" serve -b "$LAB_SERVER" -i 900 >"$tmpd/serve.out" 2>&1
ok 'the servers start in the server namespace' grep -q 'lat_tcp: server pid' "$tmpd/serve.out"
reach() {
	ip netns exec "$LAB_CLIENT_NS" "$top_builddir/hostbench" lat_tcp -N 1 -T 1ms "$LAB_SERVER" -o raw >/dev/null
}
ok 'lat_tcp reaches the server through the box' reach

# experiment NAME A-CMD B-CMD: hostbench ab through the box, 3 rounds of
# the test profile's network cases, each after a quiet half second
# (--settle: the emulated box shares this machine's CPUs, and a state
# command leaves its kernel busy a moment, freeing 3000 rules say), each
# transfer 1 s, the UDP ladder one
# step of 40 Mbit/s; the comparison in $tmpd/NAME.txt.
experiment() {
	ip netns exec "$LAB_CLIENT_NS" "$top_builddir/hostbench" ab -q --profile test --rounds 3 --settle=3 \
		--only lat_tcp,bw_tcp,bw_udp --net-time 1s --udp-rate 40m --remote-host "$LAB_SERVER" --box "$LAB_BOX" \
		--a "$2" --b "$3" --results-dir "$tmpd/$1" >"$tmpd/$1.ab" 2>&1 || return 1
	set -- "$1" "$tmpd/$1"/*/*
	[ $# -eq 3 ] || return 1
	cp "$2" "$tmpd/$1.a" && cp "$3" "$tmpd/$1.b" &&
		"$compare" "$2" "$3" >"$tmpd/$1.txt" 2>&1
}

# changed NAME: the keys What changed lists, one per line.
changed() {
	awk '/^What changed:/ { on = 1; next } on && /^  [a-z]/ { sub(/^  /, ""); sub(/:.*/, ""); print; next }
		on && !/^    / { on = 0 }' "$tmpd/$1.txt"
}

# box_sirq NAME SIDE: the median of the box's CPUs' time in soft
# interrupts (%, summed over its CPUs) while 40 Mbit/s of UDP passed:
# the same packets each side, so what each costs the box.
box_sirq() {
	figure_of "$(cat "$tmpd/$1.$2")" BwUdp/size=1470/rate=40Mbit/peer=remote %total-softirq | median_of
}

# cpu_sirq NAME SIDE N: the same, of the box's CPU N alone (% of its time).
cpu_sirq() {
	figure_of "$(cat "$tmpd/$1.$2")" BwUdp/size=1470/rate=40Mbit/peer=remote "%cpu$3-softirq" | median_of
}

# tcp NAME SIDE: the median MB/s of bw_tcp through the box.
tcp() {
	results_of "$(cat "$tmpd/$1.$2")" BwTcp/size=64K/peer=remote | median_of
}

# local_flags NAME: the changed metrics (the overview's table) of sections
# measured on the client alone, not through the box (remote, remotecost,
# box, load: the path's).
local_flags() {
	awk '/^Section +Metric/ { on = 1; next } on && /^$/ { on = 0 }
		on && $1 !~ /^(remote|remotecost|box|load)$/ && / (faster|slower|better|worse|changed)$/' "$tmpd/$1.txt"
}

# tables NAME: the overview's table of changed metrics is there to read.
tables() {
	grep -q '^Verdict: ' "$tmpd/$1.txt"
}

rules='i=0; { echo "*filter"; echo ":FORWARD ACCEPT [0:0]"; while [ $i -lt 3000 ]; do echo "-A FORWARD -s 10.99.$((i/250)).$((i%250+1))/32 -j DROP"; i=$((i+1)); done; echo COMMIT; } | iptables-restore'
t0=$(date +%s)
ok 'ab: no FORWARD rules against 3000 in the box' \
	experiment rules "sh $lab -d $dir -t $tag box iptables -F FORWARD" "sh $lab -d $dir -t $tag box '$rules'"
diag "3 rounds a side in $(($(date +%s) - t0)) s"
like 'the result says the box has a kernel of its own' "$(cat "$tmpd/rules.a")" '^# box-same-kernel: no$'
like 'What changed names the rules: box-netfilter-rules 0 -> 3000' \
	"$(sed -n '/^What changed:/,/^[^ W]/p' "$tmpd/rules.txt" | tr -s ' \n' '  ')" \
	'box-netfilter-rules: 0 \([^)]*\) -> 3000 '
is 'What changed names nothing else of the box or the hosts' \
	'ab-side ab-state box-netfilter-rules' "$(changed rules | sort | tr '\n' ' ' | sed 's/ $//')"
a=$(box_sirq rules a) b=$(box_sirq rules b)
diag "the box's CPUs in soft interrupts while 40 Mbit/s of UDP passed: $a% without rules, $b% with 3000"
ok "the box's soft interrupts rise with the rules ($a% -> $b%)" awk -v a="$a" -v b="$b" 'BEGIN { exit !(b > a) }'
diag "each of the box's CPUs in soft interrupts: cpu0 $(cpu_sirq rules a 0)% -> $(cpu_sirq rules b 0)%, cpu1 $(cpu_sirq rules a 1)% -> $(cpu_sirq rules b 1)%"
a=$(tcp rules a) b=$(tcp rules b)
diag "bw_tcp through the box: $a MB/s without rules, $b MB/s with 3000"
ok "TCP through the box falls with the rules ($a -> $b MB/s)" awk -v a="$a" -v b="$b" 'BEGIN { exit !(b < a) }'
ok 'the comparison has its verdict' tables rules
is 'nothing measured on the client alone is flagged' '' "$(local_flags rules)"
diag "$(sed -n '/^Verdict:/,/^$/p' "$tmpd/rules.txt")"
diag "$(sed -n '/^Section  *Metric/,/^$/p' "$tmpd/rules.txt")"

# The receive interrupts of both NICs on CPU 0, against CPU 1.
irqs='for d in /proc/irq/*/virtio[01]-input.0; do echo MASK >${d%/*}/smp_affinity; done'
ok 'ab: the NICs receive interrupts on the box CPU 0 against CPU 1' \
	experiment irq "sh $lab -d $dir -t $tag box '$(echo "$irqs" | sed s/MASK/1/)'" \
	"sh $lab -d $dir -t $tag box '$(echo "$irqs" | sed s/MASK/2/)'"
like 'What changed names the interrupts moved: box-irq-affinity' "$(changed irq)" '^box-irq-affinity$'
is 'What changed names nothing else' 'ab-side ab-state box-irq-affinity' "$(changed irq | sort | tr '\n' ' ' | sed 's/ $//')"
like "... the receive queue's CPU in each side's fingerprint" \
	"$(grep -h '^box-irq-affinity:' "$tmpd/irq.a" "$tmpd/irq.b" | tr '\n' '|')" \
	'virtio0-input\.0=0 .*\|.*virtio0-input\.0=1 '
# The packet work follows the interrupts: NAPI polls on the CPU that
# took the interrupt, so the soft interrupts of 40 Mbit/s of UDP are
# the larger share of CPU 0 on side A and of CPU 1 on side B.
a0=$(cpu_sirq irq a 0) a1=$(cpu_sirq irq a 1) b0=$(cpu_sirq irq b 0) b1=$(cpu_sirq irq b 1)
diag "the box's soft interrupts with the interrupts on CPU 0: cpu0 $a0%, cpu1 $a1%; on CPU 1: cpu0 $b0%, cpu1 $b1%"
ok "each CPU's soft interrupts follow the receive interrupts (cpu0 $a0 > cpu1 $a1, then cpu1 $b1 > cpu0 $b0)" \
	awk -v a0="$a0" -v a1="$a1" -v b0="$b0" -v b1="$b1" 'BEGIN { exit !(a0 != "" && b1 != "" && a0 > a1 && b1 > b0) }'
is 'nothing measured on the client alone is flagged' '' "$(local_flags irq)"
diag "$(sed -n '/^Verdict:/,/^$/p' "$tmpd/irq.txt")"
diag "$(sed -n '/^Section  *Metric/,/^$/p' "$tmpd/irq.txt")"
ok 'the servers stop when told (serve -S): none is left' stop_servers
ok 'the box stops and the namespaces go' L down
