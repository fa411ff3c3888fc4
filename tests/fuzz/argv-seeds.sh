#!/bin/sh
# argv-seeds.sh [DIR]: write the seed inputs of the argv fuzz target
# (tests/fuzz/argv.c) into DIR (default: tests/fuzz/corpus/argv next to
# this script): one file per command line, the program's name and each
# argument ended by a NUL byte.  Run once; the files are committed, and
# inputs the fuzzer finds are added next to them by hand.
set -eu
dir=${1:-$(dirname "$0")/corpus/argv}
mkdir -p "$dir"

# seed FILE PROGRAM [ARG...]
seed() {
	f=$1
	shift
	for a in "$@"; do printf '%s\000' "$a"; done >"$dir/$f"
}

# Valid command lines: bench_init returns.
seed ok-lat_syscall-null lat_syscall -N 5 -T 2ms null
seed ok-lat_syscall-stat lat_syscall -o raw -W 100 stat /etc/passwd
seed ok-lat_mem_rd lat_mem_rd -P 2 -c 0-1 64m 128
seed ok-bw_mem bw_mem -N 3 1m rd
seed ok-stream stream -M 1m -v 2 -I 2,5
seed ok-lat_tcp-server lat_tcp -s -n 31234 -i 30s -m 1k
seed ok-lat_tcp-host lat_tcp -6 -p spread localhost
seed ok-bw_tcp bw_tcp -m 64k -w 128k -b 127.0.0.1 localhost
seed ok-bw_udp bw_udp -l 1k -b 10m localhost
seed ok-lat_ctx lat_ctx -s 16 -p one 2 4 8
seed ok-lat_ctx-suffix lat_ctx -s 64k 2
seed ok-lat_fs lat_fs -s 0 -s 1k -s 4k -n 10 /tmp
seed ok-cache cache -L 64 -M 8m
seed ok-tlb tlb -L 64 -M 1m
seed ok-lat_pagefault lat_pagefault -a -s 1m
seed ok-lat_ops lat_ops int/add double
seed ok-lmdd lmdd if=internal of=internal bs=8k count=10
seed ok-lat_usleep lat_usleep -N 3 -o text
seed ok-hostinfo hostinfo -R /
seed ok-hostinfo-llc hostinfo -c -R /
seed ok-hostinfo-keys hostinfo -t
seed ok-hostinfo-agent hostinfo -s -b any -n 0 -i 5s -K /nonexistent/key
seed ok-hostinfo-box hostinfo -F '[::1]' -n 31335
seed ok-bw_udp-box bw_udp -A router:31335 -b 1m localhost
seed ok-bw_pipe bw_pipe -m 64k -M 1m -p both
seed ok-bw_unix bw_unix -m 4k
seed ok-lat_select lat_select -n 100 file
seed ok-lat_rpc lat_rpc -p udp localhost
# Options after and between the operands; "--" ends them ("-N" a file);
# "-" is an operand; lat_cmd's stop at the command (-c is sh's).
seed ok-after-operand lat_syscall null -o text -N 3
seed ok-between-operands lat_mem_rd 1 -t -N 2 16 -H
seed ok-bw_mem-after bw_mem 1m -W 10 rd -T2ms
seed ok-lmdd-after lmdd if=internal -N 2 of=internal count=10
seed ok-lat_tcp-after lat_tcp localhost -6 -n 31234
seed ok-dashdash lat_syscall -N 3 -- null
seed ok-dashdash-file lat_syscall stat -- -N
seed ok-dash-operand lat_syscall stat -
seed ok-lat_cmd-stop lat_cmd -N 3 sh -c true -N
seed ok-hostinfo-dashdash hostinfo -a --

# Help and version: exit 0.
seed help-lat_syscall lat_syscall -h
seed help-hostinfo hostinfo -h
seed version-bw_mem bw_mem -V
seed version-hostinfo hostinfo -V

# Usage errors: exit 2 with a message.
seed bad-unknown lat_syscall -Z null
seed bad-after-operand-unknown lat_syscall null -Z
seed bad-after-operand-no-value lat_syscall null -N
seed bad-after-operand-range bw_mem 1m rd -N 0
seed bad-dashdash-extra lat_syscall null -- -o text
seed bad-long-option lat_syscall null --synopsis
seed bad-hostinfo-after hostinfo extra -a
seed bad-missing-value stream -M
seed bad-N-zero lat_syscall -N 0 null
seed bad-N-big mhz -N 100001
seed bad-P lat_pipe -P 0
seed bad-c cache -c 5-2
seed bad-T lat_pipe -T 1ns
seed bad-I stream -I 0.001
seed bad-I-cap stream -I 5,0
seed bad-o mhz -o json
seed bad-missing-arg lat_syscall -N 3
seed bad-extra-arg cache extra
seed bad-stream-M stream -M 1001
seed bad-stream-v stream -v 3
seed bad-cache-L cache -L 12
seed bad-tlb-L tlb -L 24
# (17 sizes: one more than lat_fs takes; values attached, as -s1.)
seed bad-lat_fs-sizes lat_fs -s1 -s2 -s3 -s4 -s5 -s6 -s7 -s8 -s9 -s10 -s11 -s12 -s13 \
	-s14 -s15 -s16 -s17
seed bad-lat_ctx-s lat_ctx -s 2g 2
seed bad-lat_tcp-port lat_tcp -n 65536
seed bad-lat_tcp-t lat_tcp -t 1ms localhost
seed bad-bw_udp-b bw_udp -b fast
seed bad-lat_rpc-p lat_rpc -p sctp
seed bad-lat_unix_connect lat_unix_connect -s
seed bad-hostinfo-R hostinfo -R ''
seed bad-hostinfo-arg hostinfo extra
seed bad-hostinfo-opt hostinfo -x
seed bad-hostinfo-agent hostinfo -s -F router
seed bad-empty-arg lat_pipe -o ''
seed bad-long-arg stream -M 1111111111111111111111111111111111111111111111111111111111111111111111111111

# No name: the first byte picks a program.
printf '\001\000-h\000' >"$dir/pick-by-byte"
