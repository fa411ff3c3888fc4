#!/bin/sh
# bw_tcp: options, a self-started loopback run per placement with CPU use,
# socket buffers and parallel streams, sampling to a precision target (-I,
# netperf's and hostbench's forms), IPv6, and a server that survives
# garbage, silent and vanishing clients, stops on -S and exits when idle.
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libnet.sh"

plan 60
q='-N 3 -t 300ms -W 100ms -o raw'
net_init bw_tcp 4 BwTcp/size=64K

cli '-h exits 0 with the usage line' 0 '^usage: bw_tcp' bw_tcp -h
cli 'unknown option: exit 2' 2 'unknown option -q' bw_tcp -q
cli '-m 0: exit 2 with the range' 2 "-m: value '0' is out of range" bw_tcp -m 0
cli '-w 100: exit 2 with the range' 2 "-w: value '100' is out of range; allowed: 1k \.\. " bw_tcp -w 100
cli '-t 0: exit 2 naming -t' 2 '^bw_tcp: -t: ' bw_tcp -t 0
cli '-t 5ms -N 11: samples too short, exit 2' 2 '^bw_tcp: -t: each of the 11 samples' bw_tcp -t 5ms
cli '-P 65: exit 2 naming -P' 2 "-P: value '65' is out of range for bw_tcp; allowed: 1 \.\. 64" bw_tcp -P 65
cli '-I 150: exit 2 naming -I and the levels' 2 "^bw_tcp: -I: value '150' is out of range; allowed: 50 \.\. 99\.9 \(netperf's" bw_tcp -I 150
cli '-I 99,0: exit 2, a width of 0' 2 "^bw_tcp: -I: value '0' is out of range; allowed: 0\.01 \.\. 100 " bw_tcp -I 99,0
cli '-I 99,x: exit 2 naming -I' 2 "^bw_tcp: -I: 'x' is not a decimal number" bw_tcp -I 99,x
cli '-I 0: exit 2, no target' 2 "^bw_tcp: -I: value '0' is out of range; allowed: 0\.01 \.\. 50" bw_tcp -I 0
cli '-I 2,0.01: exit 2, a cap below 100ms' 2 "^bw_tcp: -I: value '0\.01' is out of range; allowed: 100ms" bw_tcp -I 2,0.01
cli "-C (netperf's remote CPU) takes no value: -C -x exits 2 naming -x" 2 '^bw_tcp: unknown option -x' bw_tcp -C -x
cli "-h says -C is netperf's and always so" 0 "^  -C +the far end's CPU \(netperf's -C\): always reported" bw_tcp -h
cli '-c -C (netperf'"'"'s CPU flags): exit 2, not a CPU list' 2 '^bw_tcp: -c: ' bw_tcp -c -C
cli '-p sideways: exit 2 naming -p' 2 "-p: value 'sideways' is not a placement" bw_tcp -p sideways
cli 'a closed port: exit 1 naming the server' 1 'transfer to 127\.0\.0\.1 port 1 failed' bw_tcp $q -n 1 127.0.0.1

net_self_run
net_median 'placement one: between 1 and 10^6 MB/s' one 1 1000000
ok 'Mbit/s is 8 x MB/s' awk '$1 ~ /^BenchmarkBwTcp\/size=64K\/placement=one$/ && $4 == "MB/s" {
	d = $5 - 8 * $3; if (d < 0) d = -d; if (d > 0.01 * $5 + 0.001) bad++; n++ }
	END { exit !(n == 3 && !bad) }' <<EOF_OUT
$TAP_STDOUT
EOF_OUT
net_spread 'placement spread: between 1 and 10^6 MB/s' 1 1000000
if [ -r /proc/stat ]; then
	like 'CPU use here: user, sys, irq, softirq, service demand, on a line of the result' "$TAP_STDOUT" \
		'^BenchmarkBwTcp/size=64K/placement=one	 +[1-9][0-9]*	 +[0-9.]+ local-%user	 +[0-9.]+ local-%sys	 +[0-9.]+ local-%irq	 +[0-9.]+ local-%softirq	 +[0-9.]+ local-us/KB$'
	like 'CPU use at the server' "$TAP_STDOUT" '^BenchmarkBwTcp/size=64K/placement=one	 +[0-9]+	 +[0-9.]+ remote-%user	'
	is "the CPU lines' count is the writes of the samples" \
		"$(printf '%s\n' "$TAP_STDOUT" | awk '$1 == "BenchmarkBwTcp/size=64K/placement=one" && $4 == "MB/s" { n += $2 } END { print n }')" \
		"$(count_of "$TAP_STDOUT" BwTcp/size=64K/placement=one local-%user)"
else
	skip 'no /proc/stat: no CPU use'
	skip 'no /proc/stat: no CPU use'
fi
net_cpu_own
like 'Nagle on by default, as the kernel reports it' "$TAP_STDOUT" '^tcp-nodelay: off \(Nagle on, as a bulk sender has it\)$'
like 'what the server received is recorded' "$TAP_STDOUT" '^# received: [0-9]+ bytes at the server after the warm-up$'
# sockbuf NAME: the granted buffers of result NAME, and those the socket-buffer
# line before it says, as "send receive / send receive".
sockbuf() {
	printf '%s\n' "$TAP_STDOUT" | awk -v n="Benchmark$1" '
	/^# socket-buffer: / { c = $6 " " $10 }
	$1 == n && $2 == 1 && $4 == "bytes-sndbuf" && $6 == "bytes-rcvbuf" { r = $3 " " $5; cc = c }
	END { print r " / " cc }'
}
_b=$(sockbuf BwTcp/size=64K/placement=one)
ok "the granted buffers are a result, as the socket-buffer line says ($_b)" \
	awk -v b="$_b" 'BEGIN { split(b, f, " "); exit !(f[1] > 0 && f[2] > 0 && f[1] == f[4] && f[2] == f[5]) }'

run_prog bw_tcp -N 2 -t 200ms -W 50ms -o raw -p one -w 256k -m 16k -P 2 -D
like '-w 256k: the buffer granted is reported' "$TAP_STDOUT" '^# socket-buffer: requested 256K, granted [0-9]+ to send here, [0-9]+ to receive at the server$'
like '-D: TCP_NODELAY on, as the kernel reports it' "$TAP_STDOUT" '^tcp-nodelay: on \(-D\)$'
like '-w 256k -m 16k -P 2: named by size, window and streams' "$TAP_STDOUT" \
	'^BenchmarkBwTcp/size=16K/window=256K/streams=2/placement=one	'
like '-P 2: the server children'"'"'s own CPU, summed' "$TAP_STDOUT" \
	'^BenchmarkBwTcp/size=16K/window=256K/streams=2/placement=one	 +[0-9]+	 +[0-9.]+ remote-own-%user	'
_b=$(sockbuf BwTcp/size=16K/window=256K/streams=2/placement=one)
ok "-w 256k -P 2: the granted buffers as the socket-buffer line says ($_b)" \
	awk -v b="$_b" 'BEGIN { split(b, f, " "); exit !(f[1] >= 256 * 1024 && f[2] > 0 && f[1] == f[4] && f[2] == f[5]) }'

# precise LEVEL TARGET MIN MAX: -I's records in $TAP_STDOUT agree: one
# line of the result with a half-width >= 0 and MIN <= samples <= MAX (its count), as
# many MB/s samples as it says, the target on the precision-target line,
# and either reached (half-width <= TARGET, no warning) or a warning on
# stderr with the same numbers (half-width above TARGET).  Prints what
# is wrong, if anything.
precise() {
	printf '%s\n' "$TAP_STDOUT" | E=$TAP_STDERR awk -v lv="$1" -v t="$2" -v lo="$3" -v hi="$4" '
	$1 == "BenchmarkBwTcp/size=64K/placement=one" && $4 == "MB/s" { n++ }
	$1 == "BenchmarkBwTcp/size=64K/placement=one" && $4 == "%halfwidth" && $6 == "samples" { c++; w = $3; k = $5; cnt = $2 }
	/^precision-target: / { tl = $0 }
	END {
		err = ENVIRON["E"]
		if (c != 1) { print "half-width lines: " c + 0; exit }
		if (cnt != k) print "count " cnt " but " k " samples"
		if (!(w >= 0)) print "half-width " w " below 0"
		if (k < lo || k > hi) print "samples " k " not in " lo " .. " hi
		if (k != n) print "samples " k " but " n + 0 " MB/s results"
		if (index(tl, "precision-target: +-" t "% of the mean at " lv "% confidence") != 1) print "target line: " tl
		warned = index(err, "BwTcp/size=64K/placement=one: " lv "% confidence: +-")
		if (!warned && w > t + 0) print "half-width " w " above the target " t " without a warning"
		if (warned && w <= t + 0.005) print "a warning, but half-width " w " within " t
		if (warned && index(err, "after " k " samples; target +-" t "% not reached") == 0) print "warning: " err
		printf "ok: +-%s%% after %d samples%s\n", w, k, warned ? ", not reached" : ""
	}'
}
# -I 99,5 (netperf's): 99% confidence, within +-2.5%; at most 10 s of 100 ms samples.
run_prog bw_tcp -I 99,5 -N 3 -t 300ms -W 50ms -o raw -p one
ok '-I 99,5: exits 0' test "$TAP_STATUS" -eq 0
_p=$(precise 99 2.5 3 100)
ok "-I 99,5: level, half-width, samples and target agree ($_p)" test "${_p%%:*}" = ok
# -c -C -I 90,40 (netperf's spelling): a wide target, +-20% at 90%, of 50 ms samples.
run_prog bw_tcp -c 0 -C -I 90,40 -N 4 -t 200ms -W 50ms -o raw -p one
ok '-c 0 -C -I 90,40: exits 0' test "$TAP_STATUS" -eq 0
_p=$(precise 90 20 4 200)
ok "-c 0 -C -I 90,40: level, half-width, samples and target agree ($_p)" test "${_p%%:*}" = ok
run_prog bw_tcp -I 99,5 -N 2 -t 200ms -W 50ms -o text -p one -I 0.01,0.3
like '-I 0.01,0.3 (the last -I): text says the level, half-width and samples' "$TAP_STDOUT" \
	'^BwTcp/size=64K/placement=one +95% confidence: \+-[0-9.]+% after [0-9]+ samples \(target not reached\)$'
like '-I 0.01,0.3: not reached, a warning on stderr' "$TAP_STDERR" \
	'^bw_tcp: BwTcp/size=64K/placement=one: 95% confidence: \+-[0-9.]+% after [0-9]+ samples; target \+-0\.01% not reached$'
run_prog bw_tcp -N 2 -t 200ms -W 50ms -o text -p one
like 'text output: MB/s and Mbit/s lines' "$TAP_STDOUT" '^BwTcp/size=64K/placement=one +[0-9.]+ Mbit/s '
like 'text output: own CPU lines' "$TAP_STDOUT" '^BwTcp/size=64K/placement=one/cpu=remote-own +own [0-9.]+% user, [0-9.]+% sys; '
if [ -r /proc/sys/kernel/random/boot_id ]; then
	like 'text output: a note that the ends are one kernel' "$TAP_STDERR" \
		'^bw_tcp: local and remote run on one kernel \(loopback or network namespaces\)'
else
	skip 'no boot id here'
fi

net_ipv6

net_start
net_unpinned
net_bad_clients 'after garbage and a huge header, beside a silent client: served'
net_vanish -N 3 -t 5
net_stop
net_port
net_signals -N 10 -t 100 -i 4324
