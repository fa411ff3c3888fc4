#!/bin/sh
# hostinfo: options, and every key of the host fingerprint as a
# well-formed configuration line; -e, -a (the lines of a case), -m
# (the memory a run may use: MemAvailable, else MemFree, ulimit -v and -d
# less 8 MB, HOSTBENCH_MEM_AVAILABLE) and -c (the last-level cache and
# the buffer that outgrows it: sysfs's caches, HOSTBENCH_LLC, else 4M
# assumed, said in the llc line); netfilter-rules from nft, else
# iptables-save and ip6tables-save, else the tables (stand-in commands
# in PATH); the command line and the modules as /proc has them; then
# the /proc and /sys readers on
# made-up trees (-R): governors that agree and that differ, the THP mode,
# the command line (4 KB of it, and one too long, cut and marked), module
# names, the NICs and net sysctls (and a changed sysctl in what-changed
# of hostbench-compare), offloads from ethtool -k where the ioctl does
# not answer, emulation through
# binfmt_misc, network interrupts found by interface and
# by device name, an affinity mask from an old kernel, /proc/cpuinfo as
# x86, ARM (with no MHz), aarch64 (numbers only), old ARM and MIPS kernels
# write it on a board with no cpufreq and no THP, and a tree with nothing
# in it, where every fact reads "unknown" and nothing fails; as root, a
# veth pair in a network namespace: its MTU and qdisc as ip and tc set
# them (read without tc too), and a sysctl, MTU and qdisc changed there
# named in what-changed.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libnet.sh"

[ -f "$(prog hostinfo)" ] || skip_all 'bench/hostinfo is not built'

plan 173

cli '-h exits 0 with the usage line' 0 '^usage: hostinfo' hostinfo -h
cli '-V prints the version' 0 '^hostinfo \(hostbench\) [0-9]+\.[0-9]+' hostinfo -V
cli 'an unknown option: exit 2 naming it' 2 "unknown option '-x'" hostinfo -x
cli 'an argument: exit 2 naming it' 2 "unexpected argument 'extra'" hostinfo extra
cli 'an option after an argument is parsed too: exit 2 naming the unknown one' 2 \
	"^hostinfo: unknown option '-x'" hostinfo extra -x
cli '-- ends the options: -a after it is an argument' 2 "^hostinfo: unexpected argument '-a'" \
	hostinfo -- -a
cli '-R without a value: exit 2 naming it' 2 "'-R' needs a value" hostinfo -R
cli '-a and -m together: exit 2' 2 '-a, -c, -m, -k, -t and -u: one of them' hostinfo -a -m
cli '-k and -u together: exit 2' 2 '-a, -c, -m, -k, -t and -u: one of them' hostinfo -k -u
cli '-c and -m together: exit 2' 2 '-a, -c, -m, -k, -t and -u: one of them' hostinfo -c -m
cli '-t and -k together: exit 2' 2 '-a, -c, -m, -k, -t and -u: one of them' hostinfo -t -k
cli '-e with -c: exit 2' 2 '-e is for the fingerprint, not -c' hostinfo -c -e qemu-arm
cli '-e with a blank: exit 2 naming it' 2 "-e: 'qemu arm' is not an emulator's name" hostinfo -e 'qemu arm'
cli '-e with -m: exit 2' 2 '-e is for the fingerprint, not -m' hostinfo -m -e qemu-arm

# The fingerprint's keys as the program has them (-t, the table it writes
# the header from): key, a tab, its kinds (note, noisy, list, ordered,
# given, box) joined by commas, or "-".
run_prog hostinfo -t
table=$TAP_STDOUT
is '-t: exit 0, nothing on stderr' '0|' "$TAP_STATUS|$TAP_STDERR"
ok '-t: a row a line, a key and its kinds, 20 rows or more' \
	sh -c 'printf "%s\n" "$1" | awk -F "\t" "NF != 2 || \$1 !~ /^[a-z][a-z0-9-]*\$/ ||
		\$2 !~ /^(-|(note|noisy|list|ordered|given|box)(,(note|noisy|list|ordered|given|box))*)\$/ { bad++ }
		END { exit NR < 20 || bad }"' sh "$table"
# keys_of KIND: the keys of the table of that kind ("" for all), one a line.
keys_of() {
	printf '%s\n' "$table" | awk -F '\t' -v kind="$1" '
		kind == "" || index("," $2 ",", "," kind ",") { print $1 }'
}
keys=$(keys_of '')
# The table's notes are what the result format writes and reads as run
# notes (lib/core/output's output_keys, -k): a key the table calls a note
# and the reader does not would be lost when a file is read.
notes_disagree() {
	printf '%s\n' "$table" | while IFS='	' read -r k kinds; do
		case ",$kinds," in *,note,*) n=1 ;; *) n=0 ;; esac
		if printf '%s\n' "$k" | grep -Eqx "$RUN_NOTES"; then r=1; else r=0; fi
		[ "$n" = "$r" ] || printf '%s ' "$k"
	done
}
is "-t: its notes are -k's, its other keys not" '' "$(notes_disagree)"

run_prog hostinfo
is 'runs with exit 0' 0 "$TAP_STATUS"
is 'prints nothing on stderr' '' "$TAP_STDERR"
out=$TAP_STDOUT

# value KEY: the value of the line "KEY: value" or run note "# KEY: value"
# (the first one).
value() {
	printf '%s\n' "$out" | sed -n -E "s/^(# )?$1: //p" | sed -n '1p'
}

# has_key KEY: exactly one line "KEY: <non-empty value>", written as a run
# note ("# KEY: ...") when KEY is one of RUN_NOTES, else as a
# configuration line.
has_key() {
	if printf '%s\n' "$1" | grep -Eqx "$RUN_NOTES"; then
		_p='# '
	else
		_p=''
	fi
	[ "$(printf '%s\n' "$out" | grep -c "^$_p$1: [^ ]")" -eq 1 ] &&
		[ "$(printf '%s\n' "$out" | grep -Ec "^(# )?$1: ")" -eq 1 ]
}

missing=
for k in $keys; do
	has_key "$k" || missing="$missing $k"
done
is "one line 'key: ...' of each key of -t (a run note where it differs between runs)" '' "$missing"
is "the header's keys are -t's, in its order" "$keys" \
	"$(printf '%s\n' "$out" | sed -n -E 's/^(# )?([a-z][a-z0-9-]*): .*/\2/p')"

# matches VALUE ERE: VALUE matches the extended regular expression.
matches() {
	printf '%s\n' "$1" | grep -Eq -- "$2"
}

all_config_lines() {
	printf '%s\n' "$out" | awk -v run_notes="$RUN_NOTES" '
		/^Unit / { next }
		!/^[a-z][a-z0-9-]*: [^ ]/ && $0 !~ "^# (" run_notes "): [^ ]" { bad++ } END { exit bad > 0 }'
}

# The unit metadata: a "Unit" line for each unit of -u (an "lN-" unit for
# each level up to its N, a "%cpuN-" one for each CPU 0 .. 7), in the Go format's keys, after the last
# configuration line; and -k is the list of run notes the tests use.
unit_lines_ok() {
	{ printf '%s\n' "$units"; printf '%s\n' '--'; printf '%s\n' "$out"; } | awk -F '\t' '
		$0 == "--" { fp = 1; next }
		!fp { if ($1 ~ /^lN-/) { lv = $1 ~ /pages$/ ? 4 : 8
				for (i = 1; i <= lv; i++) { u = $1; sub(/^lN/, "l" i, u); want[u] = $2 " " $3 } }
			else if ($1 ~ /^%cpuN-/) {
				for (i = 0; i < 8; i++) { u = $1; sub(/^%cpuN/, "%cpu" i, u); want[u] = $2 " " $3 } }
			else want[$1] = $2 " " $3
			n++; next }
		/^Unit / { split($0, f, " "); got[f[2]] = $0; last_unit = NR; next }
		/^[a-z#]/ { last_conf = NR }
		END {
			for (u in want) {
				split(want[u], w, " ")
				l = got[u]
				if (l == "" || (w[1] != "-" && index(l, " better=" w[1]) == 0) ||
				    index(l, " assume=" w[2]) == 0 && !(w[2] == "nothing" && w[1] != "-")) {
					print "no or wrong Unit line for " u ": " l; bad++ }
			}
			if (last_unit < last_conf) { print "a configuration line after the Unit lines"; bad++ }
			exit !(n > 30 && bad == 0) }'
}

ok 'every line is a configuration line "key: value" or a Unit line' all_config_lines
run_prog hostinfo -u
units=$TAP_STDOUT
ok '-u: a table of units, unit, better, assume and meaning, tab-separated' \
	sh -c '[ "$1" -eq 0 ] && printf "%s\n" "$2" | awk -F "\t" "NF != 4 || \$2 !~ /^(higher|lower|-)\$/ || \$3 !~ /^(exact|nothing)\$/ { bad++ } END { exit NR < 30 || bad }"' \
	sh "$TAP_STATUS" "$units"
ok 'the fingerprint ends in a Unit line for every unit of -u, its better and assume' unit_lines_ok
# The documented list: hostbench(1)'s RESULT FILES has an entry for each
# unit, and the entry says which way is better and whether it is exact.
doc_units() {
	printf '%s\n' "$units" | awk -F '\t' -v what="$1" '
		{ u = $1; gsub(/-/, "\\-", u)
		  if (what == "name") { print ".B " u; next }
		  b = $2 == "-" ? "neither higher nor lower is better" : $2 " is better"
		  print u "\t" b ($3 == "exact" ? "; exact:" : ":") }' | while IFS= read -r row; do
		case $1 in
		name) grep -qF -- "$row" "$2" || printf '%s\n' "$row" ;;
		*)
			u=${row%%"$(printf '\t')"*} want=${row#*"$(printf '\t')"}
			grep -F -x -A1 -- ".B $u" "$2" | sed -n 2p | grep -qF -- "$want" ||
				printf '%s: not "%s"\n' "$u" "$want"
			;;
		esac
	done
}
is "hostbench(1)'s entry of each unit of -u says which way is better and whether exact" '' \
	"$(doc_units direction "$top_srcdir/doc/hostbench.1" | sed -n 1,3p)"
is "hostbench(1)'s list has every unit of -u" '' "$(doc_units name "$top_srcdir/doc/hostbench.1" | sed -n 1,3p)"
# undocumented: the keys of the fingerprint that hostinfo(1)'s list or
# hostbench(1)'s RESULT FILES does not name.
undocumented() {
	printf '%s\n' "$out" | sed -n -E 's/^(# )?([a-z][a-z0-9-]*): .*/\2/p' | while IFS= read -r k; do
		grep -qE "(^|[ (])$k([ ,)]|\$)" "$top_srcdir/doc/hostinfo.1" || printf 'hostinfo.1:%s ' "$k"
		m=$(printf '%s' "$k" | sed 's/-/\\\\-/g')
		grep -qE "^\.BR? $m( |\$)" "$top_srcdir/doc/hostbench.1" || printf 'hostbench.1:%s ' "$k"
	done
}
is 'every key of the fingerprint is documented in hostinfo(1) and hostbench(1)' '' "$(undocumented)"
run_prog hostinfo -k
is "-k: the run-note keys, sorted, are the tests' RUN_NOTES" "$RUN_NOTES" \
	"$(printf '%s\n' "$TAP_STDOUT" | LC_ALL=C sort | paste -sd '|' -)"
like '-k: date, load and status among them' "|$RUN_NOTES|" '\|date\|.*\|load\|.*\|status\|'
ok "cpus is a whole number >= 1 ($(value cpus))" \
	matches "$(value cpus)" '^[1-9][0-9]*$'
ok "cpu-mhz is a number or unknown ($(value cpu-mhz))" \
	matches "$(value cpu-mhz)" '^([0-9]+|unknown)$'
ok "mem is a number of MB or unknown ($(value mem))" \
	matches "$(value mem)" '^([0-9]+ MB|unknown)$'
ok "date is UTC ISO 8601 ($(value date))" \
	matches "$(value date)" '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$'
ok "clock-resolution is a whole number of ns ($(value clock-resolution))" \
	matches "$(value clock-resolution)" '^[1-9][0-9]* ns$'
ok "governor is a word, a list or unknown ($(value governor))" \
	matches "$(value governor)" '^([a-z0-9_-]+|([a-z0-9_-]+=[0-9,-]+ ?)+)$'
ok "thp is always, madvise, never or unknown ($(value thp))" \
	matches "$(value thp)" '^(always|madvise|never|unknown)$'
ok "modules is sorted names, none or unknown" \
	matches "$(value modules)" '^(none|unknown|[^ ]+( [^ ]+)*)$'
sorted_modules() {
	[ "$(value modules | tr ' ' '\n' | LC_ALL=C sort | tr '\n' ' ')" = "$(value modules) " ]
}
ok "... in sorted order" sorted_modules
ok "emulation is a name, none or unknown ($(value emulation))" \
	matches "$(value emulation)" '^[A-Za-z0-9_.-]+$'
ok "irq-affinity is NAME=CPUS pairs, none or unknown" \
	matches "$(value irq-affinity)" '^(none|unknown|([^ =]+=[0-9?][0-9,-]* ?)+(\.\.\.)?)$'
ok "netfilter-rules is a count and what told it, or unknown ($(value netfilter-rules))" \
	matches "$(value netfilter-rules)" '^([0-9]+ \([a-z0-9+-]+\)|unknown( \(iptables tables: [^)]*\))?)$'
ok '... the last configuration line' matches "$(printf '%s\n' "$out" | grep -v '^Unit ' | sed -n '$p')" '^netfilter-rules: '

# The words of the network's keys (the box's too).
NIC_ERE='[^ =]+=[^ ,]+,mtu=[0-9?]+(,speed=[0-9]+Mb(,duplex=(full|half))?)?(,txqlen=[0-9]+)?(,queues=[0-9]+/[0-9]+)?'
# A qdisc: KIND, its parameters in parentheses, its classes in brackets
# (no blanks anywhere); then ",INGRESS".
QDISC_ERE='[^ =]+=([a-z_0-9]+(\([a-z_]+=[^ ()]+\))?(\[[^ ]*\])?|\?)(,[a-z_0-9]+)?'
OFFLOAD_ERE='[^ =]+=(unknown|tso:[a-z?]+,gso:[a-z?]+,gro:[a-z?]+,lro:[a-z?]+,rx:[a-z?]+,tx:[a-z?]+)'
SYSCTL_ERE='net\.[a-z0-9_.]+=[^ ]+'
# list_of ERE: a blank-separated list of words ERE, perhaps cut ("...").
list_of() {
	printf '^(%s( %s)*( %s)?)$' "$1" "$1" '\.\.\.'
}
ok "nics: NAME=DRIVER,mtu=N[,speed,duplex,txqlen,queues] words, none or unknown" \
	matches "$(value nics)" "^(none|unknown)\$|$(list_of "$NIC_ERE")"
ok "qdiscs: IFACE=ROOT(PARAMS)[CLASSES][,INGRESS] words, or unknown ($(value qdiscs))" \
	matches "$(value qdiscs)" "^unknown\$|$(list_of "$QDISC_ERE")"
ok 'offloads: per NIC tso .. tx, or unknown' \
	matches "$(value offloads)" "^unknown\$|$(list_of "$OFFLOAD_ERE")"
ok 'net-sysctls: name=value words, or unknown' \
	matches "$(value net-sysctls)" "^unknown\$|$(list_of "$SYSCTL_ERE")"
if [ -r /proc/sys/net/core/rmem_max ]; then
	like '... net.core.rmem_max among them, as /proc/sys says' "$(value net-sysctls)" \
		"(^| )net\\.core\\.rmem_max=$(cat /proc/sys/net/core/rmem_max)( |\$)"
else
	skip 'no /proc/sys/net/core/rmem_max here'
fi
# sys_nics: the interfaces of /sys/class/net with a device (not the veth
# pairs other tests make and remove meanwhile) that nics lacks, or lists
# with another MTU: their number.
sys_nics() {
	_miss=0
	for _d in /sys/class/net/*; do
		_n=${_d##*/}
		[ -e "$_d/device" ] && [ -r "$_d/mtu" ] || continue
		printf '%s\n' "$(value nics)" | tr ' ' '\n' | grep -q "^$_n=[^,]*,mtu=$(cat "$_d/mtu")\(,\|\$\)" ||
			_miss=$((_miss + 1))
	done
	echo "$_miss"
}
if [ -d /sys/class/net ]; then
	is "... each interface of /sys/class/net with a device there, with its MTU" 0 "$(sys_nics)"
else
	skip 'no /sys/class/net here'
fi

# The command line as the kernel has it, however long (issue 18 saw 553
# bytes cut at 511), and the modules by name.
if [ -r /proc/cmdline ]; then
	want=$(sed 's/^ *//; s/ *$//' /proc/cmdline)
	is "cmdline is /proc/cmdline byte for byte (${#want} bytes)" "$want" "$(value cmdline)"
else
	skip 'no /proc/cmdline here'
fi
# mod_names: the names of /proc/modules, sorted, or none.
mod_names() {
	_m=$(awk '{ print $1 }' /proc/modules | LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//')
	printf '%s\n' "${_m:-none}"
}
if [ -r /proc/modules ]; then
	# Other tests load modules (veth, sch_*) meanwhile: what /proc/modules
	# said just before hostinfo read it, or just after.
	before=$(mod_names)
	run_prog hostinfo
	after=$(mod_names)
	out=$TAP_STDOUT
	seen=$(value modules)
	[ "$seen" != "$after" ] || before=$after
	is "modules: the names of /proc/modules, sorted ($(awk 'END { print NR }' /proc/modules) of them)" \
		"$before" "$seen"
else
	is 'modules: unknown where there is no /proc/modules (no module support)' unknown "$(value modules)"
fi

run_prog hostinfo -e qemu-arm
out=$TAP_STDOUT
is '-e qemu-arm: exit 0, emulation qemu-arm, in its place after arch' '0|qemu-arm|arch emulation cpu' \
	"$TAP_STATUS|$(value emulation)|$(printf '%s\n' "$out" | grep -A1 -B1 '^emulation: ' | sed 's/:.*//' | tr '\n' ' ' | sed 's/ $//')"

run_prog hostinfo -a
out=$TAP_STDOUT
is '-a: exit 0, nothing on stderr, the lines cpu-affinity and load (a run note)' '0||cpu-affinity # load' \
	"$TAP_STATUS|$TAP_STDERR|$(printf '%s\n' "$out" | sed 's/:.*//' | tr '\n' ' ' | sed 's/ $//')"
ok "... cpu-affinity is a CPU list ($(value cpu-affinity))" matches "$(value cpu-affinity)" '^[0-9][0-9,-]*$'
ok "... load is a number or unknown ($(value load))" matches "$(value load)" '^([0-9]+\.[0-9][0-9]|unknown)$'

run_prog hostinfo -m
is "-m: exit 0, a whole number of kB or unknown ($TAP_STDOUT)" '0|ok' \
	"$TAP_STATUS|$(matches "$TAP_STDOUT" '^([1-9][0-9]*|unknown)$' && echo ok)"

run_prog hostinfo
out=$TAP_STDOUT
ok "llc is a size (with its instances) or unknown with the 4M assumed ($(value llc))" \
	matches "$(value llc)" '^([1-9][0-9]*[KMG]( x [1-9][0-9]*)?|unknown \(4M assumed\))$'
run_prog hostinfo -c
is "-c: exit 0, two whole numbers of kB ($TAP_STDOUT)" '0|ok' \
	"$TAP_STATUS|$(matches "$TAP_STDOUT" '^[1-9][0-9]* [1-9][0-9]*$' && echo ok)"
# bw_kb LLC_KB: the buffer that measures memory past one cache: 4 x it, at least 8M.
bw_kb() {
	[ $(($1 * 4)) -ge 8192 ] && echo $(($1 * 4)) || echo 8192
}
llc_kb=${TAP_STDOUT%% *}
is "... the second is 4 x the first, at least 8M" "$(bw_kb "$llc_kb")" "${TAP_STDOUT#* }"
HOSTBENCH_LLC=768k
export HOSTBENCH_LLC
run_prog hostinfo -c
is 'HOSTBENCH_LLC=768k: -c 768 8192 (STREAM'"'"'s least, 8M)' '0|768 8192' "$TAP_STATUS|$TAP_STDOUT"
run_prog hostinfo
out=$TAP_STDOUT
is '... and the fingerprint says where it came from' '768K (HOSTBENCH_LLC)' "$(value llc)"
HOSTBENCH_LLC=3m
run_prog hostinfo -c
is 'HOSTBENCH_LLC=3m: -c 3072 12288' '0|3072 12288' "$TAP_STATUS|$TAP_STDOUT"
HOSTBENCH_LLC=3x
cli 'HOSTBENCH_LLC=3x: exit 2 naming it' 2 "^hostinfo: HOSTBENCH_LLC: '3x' is not a size" hostinfo -c
cli '... the fingerprint too' 2 "^hostinfo: HOSTBENCH_LLC: '3x' is not a size" hostinfo
HOSTBENCH_LLC=0
cli 'HOSTBENCH_LLC=0: exit 2 with the range' 2 "^hostinfo: HOSTBENCH_LLC: value '0' is out of range; allowed: 1k .. 16g" hostinfo -c
unset HOSTBENCH_LLC

# ---------------------------------------------------------------- made-up trees
tmpd=$(mktemp -d "${TMPDIR:-/tmp}/hostinfo-t.XXXXXX") || bail 'mktemp -d failed'
fp_ns=
_tap_cleanup_hook() {
	[ -z "$fp_ns" ] || ip netns del "$fp_ns" 2>/dev/null
	rm -rf "$tmpd"
}
r=$tmpd/board
case $r in /?*/board) ;; *) bail "bad tree '$r'" ;; esac

# A 4-CPU board: cpu3 has no cpufreq; eth0 has interrupts of its own,
# eth1's are named after its device (virtio2); irq 40 has only an
# old-style mask; eth00 and eth10 are not interfaces here.
for c in 0 1 2 3; do
	mkdir -p "$r/sys/devices/system/cpu/cpu$c"
done
for c in 0 1 2; do
	mkdir "$r/sys/devices/system/cpu/cpu$c/cpufreq"
done
mkdir -p "$r/sys/devices/system/cpu/cpufreq" "$r/sys/kernel/mm/transparent_hugepage" \
	"$r/sys/class/net/eth0" "$r/sys/class/net/eth1" "$r/sys/class/net/lo" \
	"$r/proc/irq/30" "$r/proc/irq/31" "$r/proc/irq/40" "$r/proc/irq/50"
gov() {
	printf '%s\n' "$2" >"$r/sys/devices/system/cpu/cpu$1/cpufreq/scaling_governor"
}
gov 0 performance
gov 1 performance
gov 2 performance
printf 'always madvise [never]\n' >"$r/sys/kernel/mm/transparent_hugepage/enabled"
printf 'console=ttyS0 isolcpus=3 quiet\n' >"$r/proc/cmdline"
printf 'nf_conntrack 176128 3 nft_ct,nf_nat, Live 0x0\nb 1 0 - Live 0x0\na 1 0 - Live 0x0\n' >"$r/proc/modules"
ln -s ../../../devices/pci0000:00/0000:00:03.0/virtio2 "$r/sys/class/net/eth1/device"
{
	printf '           CPU0       CPU1       CPU2       CPU3\n'
	printf ' 26:   0    9    0    0  IO-APIC   4-edge      ttyS0\n'
	printf ' 30: 157    0    0    0  GIC-0  60 Level     eth0-rx-0\n'
	printf ' 31:   0  321    0    0  GIC-0  61 Level     eth0-tx-0, eth10\n'
	printf ' 40:   0 3291    0    0  PCI-MSIX-0000:00:03.0   1-edge      virtio2-input.0\n'
	printf ' 50:   0    0    0    0  GIC-0  70 Level     eth00\n'
	printf 'NMI:   0    0    0    0   Non-maskable interrupts\n'
} >"$r/proc/interrupts"
printf '0\n' >"$r/proc/irq/30/smp_affinity_list"
printf '1-3\n' >"$r/proc/irq/31/smp_affinity_list"
printf '00000000,0000000c\n' >"$r/proc/irq/40/smp_affinity"
# eth0: a NIC with a driver, a link, two queues each way; eth1: no link
# (speed -1), nothing else told.
n0=$r/sys/class/net/eth0
mkdir -p "$n0/device" "$n0/queues/rx-0" "$n0/queues/rx-1" "$n0/queues/tx-0" "$n0/queues/tx-1"
ln -s ../../../../bus/pci/drivers/igb "$n0/device/driver"
printf '9000\n' >"$n0/mtu"
printf '1000\n' >"$n0/speed"
printf 'full\n' >"$n0/duplex"
printf '1000\n' >"$n0/tx_queue_len"
printf '1500\n' >"$r/sys/class/net/eth1/mtu"
printf -- '-1\n' >"$r/sys/class/net/eth1/speed"
printf 'unknown\n' >"$r/sys/class/net/eth1/duplex"
printf '65536\n' >"$r/sys/class/net/lo/mtu"
mkdir -p "$r/proc/sys/net/core" "$r/proc/sys/net/ipv4"
printf '212992\n' >"$r/proc/sys/net/core/rmem_max"
printf '4096\t131072\t6291456\n' >"$r/proc/sys/net/ipv4/tcp_rmem"
printf 'cubic\n' >"$r/proc/sys/net/ipv4/tcp_congestion_control"
printf '2\n' >"$r/proc/sys/net/ipv4/tcp_ecn"
# Its caches: L1d and L1i 32K each CPU, an L2 of 512K shared by all (a
# list of more CPUs than any host here has: one instance), and an index
# whose size does not read, left out.
cache() {
	_c=$r/sys/devices/system/cpu/cpu0/cache/index$1
	mkdir -p "$_c"
	printf '%s\n' "$2" >"$_c/type"
	printf '%s\n' "$3" >"$_c/level"
	printf '%s\n' "$4" >"$_c/size"
	printf '%s\n' "$5" >"$_c/shared_cpu_list"
}
cache 0 Data 1 32K 0
cache 1 Instruction 1 32K 0
cache 2 Unified 2 512K 0-1023
cache 3 Unified 3 '' 0-1023

run_prog hostinfo -R "$r"
out=$TAP_STDOUT
is '-R a board: exit 0, nothing on stderr' '0|' "$TAP_STATUS|$TAP_STDERR"
is 'governors that agree read as one word' performance "$(value governor)"
is 'thp is the bracketed word' never "$(value thp)"
is 'cmdline is /proc/cmdline' 'console=ttyS0 isolcpus=3 quiet' "$(value cmdline)"
is 'modules: the names of /proc/modules, sorted' 'a b nf_conntrack' "$(value modules)"
is 'emulation: no /proc/self/exe reads unknown' unknown "$(value emulation)"
is 'irq-affinity: by interface name, by device name, from a mask' \
	'eth0-rx-0=0 eth0-tx-0=1-3 eth1:virtio2-input.0=2-3' "$(value irq-affinity)"
is 'nics: driver, MTU, speed, duplex, queue length and queues where sysfs tells them; not lo' \
	'eth0=igb,mtu=9000,speed=1000Mb,duplex=full,txqlen=1000,queues=2/2 eth1=none,mtu=1500' "$(value nics)"
is 'net-sysctls: those there, in the fixed order, several numbers joined by commas' \
	'net.core.rmem_max=212992 net.ipv4.tcp_congestion_control=cubic net.ipv4.tcp_rmem=4096,131072,6291456 net.ipv4.tcp_ecn=2' \
	"$(value net-sysctls)"
is 'llc: the highest level whose size reads, the L2' 512K "$(value llc)"
run_prog hostinfo -R "$r" -c
is '-c: 512K, and 8M to measure memory past it' '0|512 8192' "$TAP_STATUS|$TAP_STDOUT"
printf '36M\n' >"$r/sys/devices/system/cpu/cpu0/cache/index3/size"
run_prog hostinfo -R "$r" -c
is '-c with an L3 of 36M (as sysfs may write M): 4 x 36M, 144M' '0|36864 147456' "$TAP_STATUS|$TAP_STDOUT"

# What changed between two fingerprints: a sysctl, an MTU, named as the
# words removed and added (the results tool's --format markdown keeps
# each entry on one line).
compare=$top_builddir/results/hostbench-compare
# fp_file FILE: the fingerprint in $out and one result, as a run's file.
fp_file() {
	{ printf '%s\n' "$out"; printf 'BenchmarkLatSyscall/op=null\t1000\t100 ns/op\n'; } >"$1"
}
if [ -f "$compare" ]; then
	fp_file "$tmpd/fp.0"
	printf '1\n' >"$r/proc/sys/net/ipv4/tcp_ecn"
	printf '1500\n' >"$n0/mtu"
	run_prog hostinfo -R "$r"
	out=$TAP_STDOUT
	fp_file "$tmpd/fp.1"
	changed=$($TEST_WRAPPER "$compare" --format markdown "$tmpd/fp.0" "$tmpd/fp.1" 2>&1)
	like 'hostbench-compare: a changed sysctl is named in what changed' "$changed" \
		'^- net-sysctls: - net\.ipv4\.tcp_ecn=2 \+ net\.ipv4\.tcp_ecn=1$'
	like '... and a changed MTU, as the NIC before and after' "$changed" \
		'^- nics: - eth0=igb,mtu=9000,[^ ]* \+ eth0=igb,mtu=1500,[^ ]*$'
	printf '2\n' >"$r/proc/sys/net/ipv4/tcp_ecn"
	printf '9000\n' >"$n0/mtu"
else
	skip 'results/hostbench-compare is not built'
	skip 'results/hostbench-compare is not built'
fi

gov 1 powersave
gov 2 ondemand
run_prog hostinfo -R "$r"
out=$TAP_STDOUT
is 'governors that differ: each with its CPUs' \
	'performance=0 powersave=1 ondemand=2' "$(value governor)"
gov 2 performance
run_prog hostinfo -R "$r"
out=$TAP_STDOUT
is '... as CPU lists' 'performance=0,2 powersave=1' "$(value governor)"

: >"$r/proc/cmdline"
rm "$r/proc/irq/30/smp_affinity_list"
printf 'always madvise never\n' >"$r/sys/kernel/mm/transparent_hugepage/enabled"
run_prog hostinfo -R "$r"
out=$TAP_STDOUT
is 'an empty command line reads none' none "$(value cmdline)"
like 'an unreadable affinity reads ?' "$(value irq-affinity)" '^eth0-rx-0=\? '
is 'thp with no bracketed word reads as the file says' 'always madvise never' "$(value thp)"

rm "$r/proc/interrupts"
run_prog hostinfo -R "$r"
out=$TAP_STDOUT
is 'no /proc/interrupts: irq-affinity unknown' unknown "$(value irq-affinity)"

# A 4 KB command line (the most any kernel takes) is recorded whole.
long=$(awk 'BEGIN { for (i = 0; i < 408; i++) printf "opt%04d=1 ", i; printf "mitigations=off" }')
printf '%s\n' "$long" >"$r/proc/cmdline"
: >"$r/proc/modules"
run_prog hostinfo -R "$r"
out=$TAP_STDOUT
is "a ${#long}-byte command line is recorded whole" "$long" "$(value cmdline)"
is 'no module loaded: modules none' none "$(value modules)"
# More than a configuration value holds (s390 takes up to 1 MB): cut, and
# the cut shows.
awk 'BEGIN { for (i = 0; i < 1000; i++) printf "opt%04d=1 ", i; printf "\n" }' >"$r/proc/cmdline"
run_prog hostinfo -R "$r"
out=$TAP_STDOUT
ok 'a 10000-byte command line: its first 8188 bytes, then "..."' \
	test "$(value cmdline)" = "$(cut -c 1-8188 "$r/proc/cmdline")..."

# A foreign binary the kernel ran through binfmt_misc: its head matches
# an entry's magic under its mask (a disabled entry and one by extension
# do not count; the entry's name is the emulation).
mkdir -p "$r/proc/self" "$r/proc/sys/fs/binfmt_misc"
printf '\177ELF\001\001\001\000\000\000\000\000\000\000\000\000\002\000\050\000rest' >"$r/proc/self/exe"
bm=$r/proc/sys/fs/binfmt_misc
printf 'enabled\n' >"$bm/status"
printf 'enabled\ninterpreter /usr/bin/x\nflags: \nextension .jar\n' >"$bm/jar"
printf 'disabled\ninterpreter /usr/bin/qemu-arm-static\nflags: F\noffset 0\nmagic 7f454c4601010100000000000000000002002800\nmask ffffffffffffff00fffffffffffffffffeffffff\n' >"$bm/qemu-armx"
printf 'enabled\ninterpreter /usr/bin/qemu-mips-static\nflags: F\noffset 0\nmagic 7f454c4601020100000000000000000000020008\nmask ffffffffffffff00fffffffffffffffffffeffff\n' >"$bm/qemu-mips"
run_prog hostinfo -R "$r"
out=$TAP_STDOUT
is 'binfmt_misc entries that do not match (or are disabled): emulation none' none "$(value emulation)"
printf 'enabled\ninterpreter /usr/bin/qemu-arm-static\nflags: F\noffset 0\nmagic 7f454c4601010100000000000000000002002800\nmask ffffffffffffff00fffffffffffffffffeffffff\n' >"$bm/qemu-arm"
run_prog hostinfo -R "$r"
out=$TAP_STDOUT
is 'the enabled entry whose magic matches names the emulation' qemu-arm "$(value emulation)"
printf 'disabled\n' >"$bm/status"
run_prog hostinfo -R "$r"
out=$TAP_STDOUT
is '... not when binfmt_misc is disabled' none "$(value emulation)"

# A small board: /proc/cpuinfo and /proc/meminfo, no cpufreq, no THP.
# cpuinfo KIND: write the cpuinfo that kind of kernel writes.
cpuinfo() {
	case $1 in
	x86) printf 'processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Atom(TM) CPU D525 @ 1.80GHz\ncpu MHz\t\t: 1800.123\n' ;;
	armv7) printf 'processor\t: 0\nmodel name\t: ARMv7 Processor rev 5 (v7l)\nBogoMIPS\t: 38.40\nCPU implementer\t: 0x41\nCPU part\t: 0xc07\n\nHardware\t: BCM2835\n' ;;
	aarch64) printf 'processor\t: 0\nBogoMIPS\t: 108.00\nFeatures\t: fp asimd evtstrm crc32 cpuid\nCPU implementer\t: 0x41\nCPU architecture: 8\nCPU part\t: 0xd08\nCPU revision\t: 3\n' ;;
	other64) printf 'processor\t: 0\nCPU implementer\t: 0x51\nCPU part\t: 0x800\n' ;;
	armv5) printf 'Processor\t: XScale-IXP42x Family rev 1 (v5b)\nBogoMIPS\t: 266.24\nCPU implementer\t: 0x69\n\nHardware\t: Linksys NSLU2\n' ;;
	mips) printf 'system type\t\t: Atheros AR9330 rev 1\nmachine\t\t\t: TP-LINK TL-MR3020\nprocessor\t\t: 0\ncpu model\t\t: MIPS 24Kc V7.4\nBogoMIPS\t\t: 265.42\n' ;;
	board) printf 'processor\t: 0\nBogoMIPS\t: 50.00\n\nHardware\t: Marvell Kirkwood (Flattened Device Tree)\n' ;;
	esac >"$b/proc/cpuinfo"
}
b=$tmpd/small
mkdir -p "$b/proc" "$b/sys/devices/system/cpu/cpu0"
printf 'MemTotal:          29696 kB\nMemFree:            5120 kB\n' >"$b/proc/meminfo"
# Each line: the kind, then the cpu (blanks as _) and cpu-mhz to read.
while read -r kind cpu_want mhz_want; do
	cpu_want=$(printf '%s' "$cpu_want" | tr _ ' ')
	cpuinfo "$kind"
	run_prog hostinfo -R "$b"
	out=$TAP_STDOUT
	is "cpuinfo of $kind: exit 0, nothing on stderr, cpu '$cpu_want', cpu-mhz $mhz_want" \
		"0||$cpu_want|$mhz_want" "$TAP_STATUS|$TAP_STDERR|$(value cpu)|$(value cpu-mhz)"
done <<'END'
x86 Intel(R)_Atom(TM)_CPU_D525_@_1.80GHz 1800
armv7 ARMv7_Processor_rev_5_(v7l) unknown
aarch64 ARM_Cortex-A72 unknown
other64 implementer_0x51_part_0x800 unknown
armv5 XScale-IXP42x_Family_rev_1_(v5b) unknown
mips MIPS_24Kc_V7.4 unknown
board Marvell_Kirkwood_(Flattened_Device_Tree) unknown
END
is 'a board with 29 MB: mem is /proc/meminfo MemTotal' '29 MB' "$(value mem)"
is 'no cpufreq and no THP: governor and thp unknown' 'unknown unknown' \
	"$(value governor) $(value thp)"
is '... no /proc/cmdline, /proc/modules, /proc/interrupts: unknown' \
	'unknown unknown unknown' "$(value cmdline) $(value modules) $(value irq-affinity)"
ok '... and every line is still a configuration line' all_config_lines
: >"$b/proc/cpuinfo"
run_prog hostinfo -R "$b"
out=$TAP_STDOUT
is 'an empty /proc/cpuinfo: exit 0, cpu and cpu-mhz unknown' '0|unknown|unknown' \
	"$TAP_STATUS|$(value cpu)|$(value cpu-mhz)"

# -m on the board: MemFree (no MemAvailable), less when a limit says so.
run_prog hostinfo -m -R "$b"
is '-m: a board with 5 MB free and no MemAvailable: 5120 kB' '0 5120' "$TAP_STATUS $TAP_STDOUT"
HOSTBENCH_MEM_AVAILABLE=1m
export HOSTBENCH_MEM_AVAILABLE
run_prog hostinfo -m -R "$b"
is '... HOSTBENCH_MEM_AVAILABLE=1m: 1024' '0 1024' "$TAP_STATUS $TAP_STDOUT"
HOSTBENCH_MEM_AVAILABLE=lots
run_prog hostinfo -m -R "$b"
is '... HOSTBENCH_MEM_AVAILABLE that is no size: ignored' '0 5120' "$TAP_STATUS $TAP_STDOUT"
unset HOSTBENCH_MEM_AVAILABLE
printf 'MemTotal:        4000000 kB\nMemFree:          100000 kB\nMemAvailable:    2000000 kB\n' >"$b/proc/meminfo"
run_prog hostinfo -m -R "$b"
is '... MemAvailable when there is one' '0 2000000' "$TAP_STATUS $TAP_STDOUT"
# ulimit_m OPT KB: hostinfo -m -R $b under ulimit OPT KB.
ulimit_m() {
	(ulimit "$1" "$2" && exec "$(prog hostinfo)" -m -R "$b") 2>&1
}
if [ -n "$TEST_WRAPPER" ]; then
	skip 'ulimit -v would limit qemu itself'
	skip 'ulimit -v would limit qemu itself'
	skip 'ulimit -v would limit qemu itself'
elif [ -n "${HB_SANITIZERS:-}" ]; then
	skip "ulimit: the $HB_SANITIZERS sanitizers reserve terabytes of address space"
	skip "ulimit: the $HB_SANITIZERS sanitizers reserve terabytes of address space"
	skip "ulimit: the $HB_SANITIZERS sanitizers reserve terabytes of address space"
else
	is '... ulimit -v 65536: 8 MB less, 57344' 57344 "$(ulimit_m -v 65536)"
	is '... ulimit -v 10000: half, 5001' 5001 "$(ulimit_m -v 10000)"
	is '... ulimit -d 65536: 57344' 57344 "$(ulimit_m -d 65536)"
fi

# netfilter-rules: stand-in commands first in PATH.  nft's rules are the
# lines of its chains after the "type" and "policy" lines; a set is no
# chain.
nf=$tmpd/bin
mkdir "$nf"
cat >"$nf/nft" <<'EOF'
#!/bin/sh
[ "$*" = 'list ruleset' ] || exit 2
[ ! -f "${0%/*}/nft.fails" ] || exit 1
printf 'table inet filter {\n\tchain input {\n\t\ttype filter hook input priority filter; policy accept;\n'
printf '\t\tct state established accept\n\n\t\tiif "lo" accept\n\t}\n'
printf '\tset blocked {\n\t\ttype ipv4_addr\n\t\telements = { 10.0.0.1 }\n\t}\n'
printf '\tchain output {\n\t\ttype filter hook output priority filter; policy accept;\n'
printf '\t\tcomment "out"\n\t\ttcp dport 22 drop\n\t}\n}\n'
EOF
cat >"$nf/iptables-save" <<'EOF'
#!/bin/sh
[ ! -f "${0%/*}/ipt.fails" ] || exit 1
printf '*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -i lo -j ACCEPT\n-A INPUT -p tcp --dport 22 -j DROP\n-A OUTPUT -j ACCEPT\nCOMMIT\n'
EOF
cat >"$nf/ip6tables-save" <<'EOF'
#!/bin/sh
[ ! -f "${0%/*}/ipt.fails" ] || exit 1
printf '*filter\n-A INPUT -j DROP\nCOMMIT\n'
EOF
chmod +x "$nf/nft" "$nf/iptables-save" "$nf/ip6tables-save"
mkdir -p "$b/proc/net"
printf 'filter\nnat\n' >"$b/proc/net/ip_tables_names"
# netfilter: the netfilter-rules of hostinfo -R $b with the stand-ins
# first in PATH.
netfilter() {
	_path=$PATH
	PATH=$nf:$PATH
	run_prog hostinfo -R "$b"
	PATH=$_path
	out=$TAP_STDOUT
	value netfilter-rules
}
is 'netfilter-rules: the rules of the chains nft lists' '3 (nft)' "$(netfilter)"
: >"$nf/nft.fails"
is '... nft failing: the -A lines of iptables-save and ip6tables-save' \
	'4 (iptables-save+ip6tables-save)' "$(netfilter)"
: >"$nf/ipt.fails"
is '... none of them able to list: the tables there are' \
	'unknown (iptables tables: filter nat)' "$(netfilter)"
rm "$b/proc/net/ip_tables_names"
is '... and no table file either: unknown' unknown "$(netfilter)"

# offloads: an interface the SIOCETHTOOL ioctl does not answer for (one
# only the made-up tree has; qemu-user answers for none) is asked of
# ethtool -k, where there is one (a stand-in here).
cat >"$nf/ethtool" <<'EOF'
#!/bin/sh
[ "$1" = -k ] && [ ! -f "${0%/*}/ethtool.fails" ] || exit 1
printf 'Features for %s:\nrx-checksumming: on\ntx-checksumming: off\n\ttx-checksum-ipv4: off [fixed]\n' "$2"
printf 'scatter-gather: on\ntcp-segmentation-offload: on\ngeneric-segmentation-offload: off [requested on]\n'
printf 'generic-receive-offload: on\nlarge-receive-offload: off [fixed]\n'
EOF
chmod +x "$nf/ethtool"
mkdir -p "$tmpd/nic/sys/class/net/hbfake$$"
# offloads_of: the offloads of hostinfo -R $tmpd/nic with the stand-ins first in PATH.
offloads_of() {
	_path=$PATH
	PATH=$nf:$PATH
	run_prog hostinfo -R "$tmpd/nic"
	PATH=$_path
	out=$TAP_STDOUT
	value offloads
}
is 'offloads: no answer to the ioctl, ethtool -k asked' \
	"hbfake$$=tso:on,gso:off,gro:on,lro:off,rx:on,tx:off" "$(offloads_of)"
: >"$nf/ethtool.fails"
is '... and neither answering: unknown for the interface' "hbfake$$=unknown" "$(offloads_of)"

# Nothing at all: every file-based fact is unknown, and that is no error.
mkdir "$tmpd/empty"
run_prog hostinfo -R "$tmpd/empty"
out=$TAP_STDOUT
is '-R an empty tree: exit 0, nothing on stderr' '0|' "$TAP_STATUS|$TAP_STDERR"
is '... cpu, cpu-mhz, governor, thp, cmdline, modules, irq-affinity, emulation unknown' \
	'unknown unknown unknown unknown unknown unknown unknown unknown' \
	"$(for k in cpu cpu-mhz governor thp cmdline modules irq-affinity emulation; do value "$k"; done | tr '\n' ' ' | sed 's/ $//')"
is '... llc unknown, and the 4M the programs assume said' 'unknown (4M assumed)' "$(value llc)"
run_prog hostinfo -R "$tmpd/empty" -c
is '... -c: the 4M assumed, and 16M to outgrow it' '0|4096 16384' "$TAP_STATUS|$TAP_STDOUT"
ok '... and every line is still a configuration line' all_config_lines

# ---------------------------------------------------------------- a NIC in a network namespace
# As root: a veth pair made in a namespace of its own (never in this
# host's), one end's MTU and root qdisc set with ip and tc.  hostinfo run
# there reads them (the qdiscs over rtnetlink: the same without tc in
# PATH); then a sysctl, the MTU and the qdisc are changed there, and
# hostbench-compare names each in what changed.
ns_why=
if [ -n "$TEST_WRAPPER" ]; then
	ns_why="network namespaces are not tried under $TEST_WRAPPER"
elif [ "$(id -u)" -ne 0 ]; then
	ns_why='needs root (network namespaces)'
elif ! command -v ip >/dev/null 2>&1 || ! command -v tc >/dev/null 2>&1; then
	ns_why='needs ip and tc (iproute2)'
elif ! ip netns add "hbfp$$" 2>/dev/null; then
	ns_why='cannot make network namespaces here'
fi
# in_ns CMD...: CMD in the namespace.
in_ns() {
	ip netns exec "$fp_ns" "$@"
}
# ns_info [env ARGS]: hostinfo in the namespace; its output in $out.
ns_info() {
	out=$(in_ns "$@" "$(prog hostinfo)" 2>&1)
}
if [ -z "$ns_why" ]; then
	fp_ns=hbfp$$
	va=${fp_ns}a vb=${fp_ns}b
	if in_ns ip link add "$va" type veth peer name "$vb" && in_ns ip link set "$va" mtu 9000 &&
		in_ns ip link set "$va" up && in_ns ip link set "$vb" up &&
		in_ns tc qdisc add dev "$va" root pfifo limit 77; then
		ok "a veth pair in namespace $fp_ns, $va with MTU 9000 and a pfifo root qdisc" true
	else
		ns_why='ip or tc could not make the veth pair, its MTU or its pfifo qdisc'
		ok "$ns_why" false
	fi
else
	skip "$ns_why"
fi
if [ -z "$ns_why" ]; then
	ns_info
	like "nics: $va with MTU 9000 (ip link set mtu), $vb with 1500" "$(value nics)" \
		"^([^ ]+ )*$va=none,mtu=9000[, ].*$vb=none,mtu=1500(,| |\$)"
	like "qdiscs: $va's root is pfifo with its limit (tc qdisc add), lo left out ($(value qdiscs))" \
		"$(value qdiscs)" "^$va=pfifo\\(limit=77\\) $vb=[a-z_0-9]+\$"
	seen=$(value qdiscs)
	ns_info env PATH=/nonexistent
	is '... the same without tc in PATH (rtnetlink)' "$seen" "$(value qdiscs)"
	like "offloads: what $va's driver answers" "$(value offloads)" \
		"^$va=tso:(on|off),gso:(on|off),gro:(on|off),lro:[a-z?]+,rx:(on|off),tx:(on|off) $vb="
	ecn=$(in_ns cat /proc/sys/net/ipv4/tcp_ecn)
	like "net-sysctls: the namespace's, net.ipv4.tcp_ecn=$ecn among them" "$(value net-sysctls)" \
		"(^| )net\\.ipv4\\.tcp_ecn=$ecn( |\$)"
	fp_file "$tmpd/ns.0"
	ecn2=$(((ecn + 1) % 3))
	in_ns sh -c "echo $ecn2 >/proc/sys/net/ipv4/tcp_ecn" && in_ns ip link set "$va" mtu 1400 &&
		in_ns tc qdisc del dev "$va" root || diag 'changing tcp_ecn, the MTU or the qdisc failed'
	ns_info
	fp_file "$tmpd/ns.1"
	if [ -f "$compare" ]; then
		changed=$($TEST_WRAPPER "$compare" --format markdown "$tmpd/ns.0" "$tmpd/ns.1" 2>&1)
	else
		changed='results/hostbench-compare is not built'
	fi
	like "what changed: the sysctl (tcp_ecn $ecn -> $ecn2)" "$changed" \
		"^- net-sysctls: - net\\.ipv4\\.tcp_ecn=$ecn \\+ net\\.ipv4\\.tcp_ecn=$ecn2\$"
	like "... the MTU (9000 -> 1400)" "$changed" \
		"^- nics: - $va=none,mtu=9000[^ ]* \\+ $va=none,mtu=1400[^ ]*\$"
	like "... the qdisc (pfifo deleted)" "$changed" \
		"^- qdiscs: - $va=pfifo\\(limit=77\\) \\+ $va=[a-z_0-9]+\$"
	# Below the root, where SQM users make their changes: an HTB class's
	# rate and the limit of the pfifo under it.
	htb() {
		in_ns tc class replace dev "$va" parent 1: classid 1:10 htb rate "$1" &&
			in_ns tc qdisc replace dev "$va" parent 1:10 handle 10: pfifo limit "$2"
	}
	if in_ns tc qdisc add dev "$va" root handle 1: htb default 10 2>/dev/null && htb 100mbit 1000 2>/dev/null; then
		ns_info
		like "qdiscs: the HTB tree, a class's rate and its leaf's limit ($(value qdiscs))" "$(value qdiscs)" \
			"^$va=htb\\(default=10\\)\\[1:10\\(rate=100Mbit,ceil=100Mbit\\)>pfifo\\(limit=1000\\)\\] "
		fp_file "$tmpd/ns.2"
		htb 200mbit 20 2>/dev/null || diag 'changing the HTB rate or the pfifo limit failed'
		ns_info
		fp_file "$tmpd/ns.3"
		# (Markdown escapes the brackets: read without its backslashes.)
		changed=$($TEST_WRAPPER "$compare" --format markdown "$tmpd/ns.2" "$tmpd/ns.3" 2>&1 | tr -d '\\')
		like "what changed: the HTB rate (100 -> 200 Mbit) and the leaf's limit (1000 -> 20)" "$changed" \
			"^- qdiscs: - $va=htb\\(default=10\\)\\[1:10\\(rate=100Mbit,ceil=100Mbit\\)>pfifo\\(limit=1000\\)\\] \\+ $va=htb\\(default=10\\)\\[1:10\\(rate=200Mbit,ceil=200Mbit\\)>pfifo\\(limit=20\\)\\]\$"
	else
		skip 'tc could not make an HTB tree here (sch_htb)'
		skip 'tc could not make an HTB tree here (sch_htb)'
	fi
	ip netns del "$fp_ns"
	fp_ns=
else
	for i in 1 2 3 4 5 6 7 8 9 10; do skip "$ns_why"; done
fi

# ---------------------------------------------------------------- the box agent
# hostinfo -s on loopback with the tests' key (libnet.sh): its usage
# errors, the fingerprint it tells (-F), a wrong key refused, a bw_udp
# run through it (-A) that keeps one CPU busy, an unreachable box that
# fails the run (loudly: no results without the box's figures), -S, and
# the idle exit that a silent
# connection does not put off.
cli '-s with -F: exit 2' 2 '-s, -S host, -F host and -f host: one of them' hostinfo -s -F localhost
cli '-F with -f: exit 2' 2 '-s, -S host, -F host and -f host: one of them' hostinfo -F localhost -f localhost
cli '-f with -p nosuch: exit 2 naming it' 2 "-p: 'nosuch' is no program of a server" hostinfo -f localhost -p nosuch
cli '-b without -s: exit 2' 2 '-b: a listening address applies only to -s' hostinfo -F localhost -b any
cli '-K without -s, -S or -F: exit 2' 2 '-K and -p are for the agent' hostinfo -K /nonexistent
cli '-p without -f: exit 2' 2 '-K and -p are for the agent' hostinfo -p lat_tcp
cli '-n 70000: exit 2 naming -n' 2 "-n: value '70000' is out of range" hostinfo -s -n 70000
cli '-i abc: exit 2 naming -i' 2 "-i: 'abc'" hostinfo -s -i abc
cli '-a with -s: exit 2' 2 'not the agent' hostinfo -s -a
net_prog=hostinfo
net_id=8
servers=
_tap_cleanup_hook() {
	kill_ours TERM $servers
	[ -z "$fp_ns" ] || ip netns del "$fp_ns" 2>/dev/null
	rm -rf "$tmpd"
}
server -i 20
like '-s prints its pid, port and where its key came from' "$TAP_OUT" \
	'server pid [0-9]+ on 127\.0\.0\.1 port [0-9]+, idle timeout 20 s, key from \$HOSTBENCH_KEY'
agent=$pid
run_prog hostinfo
out=$TAP_STDOUT
here_cpus=$(value cpus)
run_prog hostinfo -F 127.0.0.1 -n "$port"
out=$TAP_STDOUT
is '-F: exit 0, nothing on stderr' '0|' "$TAP_STATUS|$TAP_STDERR"
missing=
for k in $(keys_of box); do
	has_key "box-$k" || missing="$missing box-$k"
done
is '-F: one line of each box- key' '' "$missing"
is "-F: its keys are -t's of kind box" "$(keys_of box | sort)" \
	"$(printf '%s\n' "$out" | sed -n 's/^box-\([a-z][a-z0-9-]*\): .*/\1/p' | sort)"
ok '... and every line is a configuration line' all_config_lines
is "box-cpus is this host's: the agent runs here" "$here_cpus" "$(value box-cpus)"
ok 'box-modules is sorted names, none or unknown' \
	matches "$(value box-modules)" '^(none|unknown|[^ ]+( [^ ]+)*)$'
ok 'box-net-sysctls is name=value words (or unknown)' \
	matches "$(value box-net-sysctls)" "^unknown\$|$(list_of "$SYSCTL_ERE")"
if [ -r /proc/sys/net/core/rmem_max ]; then
	like '... net.core.rmem_max among them, as /proc/sys says' "$(value box-net-sysctls)" \
		"(^| )net\\.core\\.rmem_max=$(cat /proc/sys/net/core/rmem_max)( |\$)"
else
	skip 'no /proc/sys/net/core/rmem_max here'
fi
ok 'box-nics: NAME=DRIVER,mtu=N[,...] words, none or unknown' \
	matches "$(value box-nics)" "^(none|unknown)\$|$(list_of "$NIC_ERE")"
ok 'box-offloads: per NIC tso .. tx, or unknown' \
	matches "$(value box-offloads)" "^unknown\$|$(list_of "$OFFLOAD_ERE")"
ok 'box-qdiscs: IFACE=ROOT[,INGRESS] words, or unknown' \
	matches "$(value box-qdiscs)" "^unknown\$|$(list_of "$QDISC_ERE")"
HOSTBENCH_KEY=wrong-$$ run_prog hostinfo -F 127.0.0.1 -n "$port"
like 'a wrong key: refused, exit 1' "$TAP_STATUS $TAP_OUT" '^1 .*refused the key'
# -f: the far end's fingerprint, as any server tells it (here the agent's, -p hostinfo).
box_sysctls=$(value box-net-sysctls)
run_prog hostinfo -f 127.0.0.1 -p hostinfo -n "$port"
out=$TAP_STDOUT
is '-f: exit 0, nothing on stderr' '0|' "$TAP_STATUS|$TAP_STDERR"
is "-f: its keys are -t's of kind box prefixed far-, and far-same-kernel" \
	"$( (keys_of box; echo same-kernel) | sort)" \
	"$(printf '%s\n' "$out" | sed -n 's/^far-\([a-z][a-z0-9-]*\): .*/\1/p' | sort)"
ok '... and every line is a configuration line' all_config_lines
is "far-net-sysctls is the box's: one host, one namespace" "$box_sysctls" "$(value far-net-sysctls)"
if [ -r /proc/sys/kernel/random/boot_id ]; then
	is 'the server on loopback is found to be this host' 'yes, and the same network namespace' \
		"$(value far-same-kernel)"
else
	skip 'no boot id here'
fi
HOSTBENCH_KEY=wrong-$$ run_prog hostinfo -f 127.0.0.1 -p hostinfo -n "$port"
like '-f with a wrong key: refused, exit 1, nothing on stdout' "$TAP_STATUS $TAP_STDOUT|$TAP_STDERR" \
	'^1 \|.*refused the key'
# A server that does not know the request closes the connection unanswered,
# as the agent does with another program's (lat_tcp's) messages.
run_prog hostinfo -f 127.0.0.1 -p lat_tcp -n "$port"
like '-f of a server that does not know the request: exit 1 at once, saying so' \
	"$TAP_STATUS $TAP_STDOUT|$TAP_STDERR" \
	'^1 \|hostinfo: no fingerprint from the server at 127\.0\.0\.1 port [0-9]+: the server closed the connection \(an older server does: it does not know the request\)$'

# unit_of TEXT NAME UNIT: the values of UNIT on the result lines Benchmark<NAME>.
unit_of() {
	printf '%s\n' "$1" | awk -v n="Benchmark$2" -v u="$3" \
		'$1 == n { for (i = 3; i < NF; i += 2) if ($(i + 1) == u) print $i }'
}
if [ -f "$(prog bw_udp)" ]; then
	# As fast as it can: the sender never sleeps, one CPU's worth of work at least.
	run_prog bw_udp -A "127.0.0.1:$port" -b 0 -t 1 -N 4 -p one -o raw
	b=BwUdp/size=1470/rate=max/placement=one
	busiest=$(unit_of "$TAP_STDOUT" "$b" %busiest)
	is 'bw_udp -A: exit 0, one box=cpu line' "0 1" "$TAP_STATUS $(unit_of "$TAP_STDOUT" "$b" %busiest | wc -l | tr -d ' ')"
	ok "a sender that never sleeps keeps the box's busiest CPU >= 50% busy ($busiest)" \
		num_between 50 "$busiest" 100
	total=$(unit_of "$TAP_STDOUT" "$b" %total)
	peak=$(unit_of "$TAP_STDOUT" "$b" %peak)
	soft=$(unit_of "$TAP_STDOUT" "$b" %busiest-softirq)
	ok "all CPUs ($total%) <= the busiest ($busiest%) <= its peak over 100 ms ($peak%)" \
		awk -v t="$total" -v b="$busiest" -v p="$peak" 'BEGIN { exit !(t != "" && t <= b + 0.01 && b <= p && p <= 100) }'
	ok "the busiest CPU's softirq share is part of its busy share ($soft <= $busiest)" \
		awk -v s="$soft" -v b="$busiest" 'BEGIN { exit !(s != "" && s >= 0 && s <= b) }'
	# Each CPU's shares, a line per CPU of a box of 8 or fewer (the box is this host).
	v=$(printf '%s\n' "$TAP_STDOUT" | awk -v n="Benchmark$b" -v cpus="$here_cpus" -v soft="$soft" '
		$1 == n && $4 ~ /^%cpu[0-9]+-softirq$/ {
			k++; c = substr($4, 5); sub(/-softirq$/, "", c)
			if ($6 != "%cpu" c "-sys" || $8 != "%cpu" c "-irq") bad++
			if ($3 < 0 || $3 > 100 || $5 < 0 || $5 > 100 || $7 < 0 || $7 > 100) bad++
			if ($3 == soft) hit++ }
		END { want = cpus <= 8 ? cpus : 0
			print (k == want && !bad && (want == 0 || hit)) ? "ok" : k " lines for " cpus " CPUs, " bad + 0 " bad, busiest " (hit ? "" : "not ") "among them" }')
	is "each of the box's CPUs (up to 8): softirq, sys and irq shares of 0 .. 100, the busiest's among them" ok "$v"
	if [ -r /proc/net/softnet_stat ]; then
		pkts=$(unit_of "$TAP_STDOUT" "$b" softnet-pkts/s)
		ok "loopback datagrams pass the box's softnet: pkts/s > 0 ($pkts)" num_between 1 "$pkts" 1e12
	else
		skip 'no /proc/net/softnet_stat here'
	fi
	if [ -r /proc/sys/kernel/random/boot_id ]; then
		like 'the box on loopback is found to be this host' "$TAP_STDOUT" \
			'^box-same-kernel: yes, and the same network namespace'
	else
		skip 'no boot id here'
	fi
	# Several intervals of one session: bw_tcp's placements, one measurement each.
	run_prog bw_tcp -A "127.0.0.1:$port" -t 300ms -W 50ms -N 3 -o raw
	is 'bw_tcp -A: a box=cpu line for each placement measured' \
		"0 $(printf '%s\n' "$TAP_STDOUT" | grep -c '^BenchmarkBwTcp/size=64K/placement=[a-z]*	.* local-%user')" \
		"$TAP_STATUS $(printf '%s\n' "$TAP_STDOUT" | grep -c '^BenchmarkBwTcp/size=64K/placement=[a-z]*	.* %busiest	')"
	HOSTBENCH_BOX=127.0.0.1:1 run_prog bw_udp -b 1m -t 300ms -N 3 -p one -o raw
	ok 'an unreachable box: exit 1 naming it (the case fails), no number' eval \
		'[ "$TAP_STATUS" -eq 1 ] && printf "%s\n" "$TAP_OUT" | grep -q "box 127.0.0.1 port 1: no session: .*the case fails" && ! printf "%s\n" "$TAP_STDOUT" | grep -q "^Benchmark"'
	cli '-A with a bad port: exit 2 naming it' 2 "the box 'x:99999' is not" bw_udp -A x:99999 -t 300ms -N 3
else
	for i in 1 2 3 4 5 6 7 8 9 10; do skip 'bw_udp is not built'; done
fi
HOSTBENCH_KEY=wrong-$$ run_prog hostinfo -S 127.0.0.1 -n "$port"
ok '-S with a wrong key: refused, the agent still runs' eval '[ "$TAP_STATUS" -eq 1 ] && alive "$agent"'
run_prog hostinfo -S 127.0.0.1 -n "$port"
ok '-S with the key stops the agent' eval '[ "$TAP_STATUS" -eq 0 ] && gone "$agent"'
server -i 1
agent=$pid
abuse silent "$port" &
ok 'idle: an agent with -i 1 exits, a silent connection notwithstanding' gone "$agent"
wait
