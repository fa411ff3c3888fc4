#!/bin/sh
# Fault matrix, arguments: every benchmark given out-of-range and
# malformed arguments exits 2 with a message that names the argument
# (and, for a value, quotes it).  Two tables: the shared options, which
# every program parses through lib/driver/bench (four rows per program), and
# each program's own options and operands.  A program that is still a
# placeholder (exit 77) has its rows skipped.
. "$top_srcdir/tests/tap/libtap.sh"

# Programs that take the shared options.
progs='bw_file_rd bw_mem bw_mmap_rd bw_pipe bw_tcp bw_udp bw_unix cache lat_cmd
lat_connect lat_ctx lat_fcntl lat_fifo lat_fs lat_load lat_mem_rd lat_mmap lat_ops
lat_pagefault lat_pipe lat_proc lat_rpc lat_select lat_sem lat_sig lat_syscall
lat_tcp lat_udp lat_unix lat_unix_connect lat_usleep lmdd mhz par_mem stream tlb'

# Shared options: arguments, then the pattern the message must match.
shared="-N 0|^PROG: -N: value '0' is out of range; allowed: 1 \\.\\. 
-T abc|^PROG: -T: 'abc' is not a duration
-P 0|^PROG: -P: value '0' is out of range
-c 1-|^PROG: -c: '1-' is not a CPU list"

# Own options and operands: program, arguments (split on blanks), the
# pattern.  Out of range and malformed values, unknown words, missing
# and unexpected operands.  (A least stride or line is one pointer: 4 or
# 8 bytes.)
own="bw_file_rd|12q io_only|SIZE: '12q' is not a size
bw_file_rd|0 io_only|SIZE: value '0' is out of range; allowed: 4k
bw_file_rd|5000 io_only|SIZE: value '5000' is not a multiple of 4k
bw_file_rd|64k nope|unknown operation 'nope'; allowed: io_only, open2close
bw_mem|12q rd|SIZE: '12q' is not a size
bw_mem|0 rd|SIZE: value '0' is out of range; allowed: 512
bw_mem|64k nope|unknown operation 'nope'; allowed: rd,
bw_mmap_rd|12q mmap_only|SIZE: '12q' is not a size
bw_mmap_rd|0 mmap_only|SIZE: value '0' is out of range
bw_mmap_rd|64k nope|unknown operation 'nope'; allowed: mmap_only
bw_pipe|-m 0|-m: value '0' is out of range; allowed: 1 \\.\\. 64m
bw_pipe|-m 1x|-m: '1x' is not a size
bw_pipe|-M 0|-M: value '0' is out of range
bw_tcp|-m 0|-m: value '0' is out of range
bw_tcp|-w 1q|-w: '1q' is not a size
bw_tcp|-t 0|-t: value '0' is out of range; allowed: 1ms
bw_tcp|-n 70000|-n: value '70000' is out of range; allowed: 0 \\.\\. 65535
bw_tcp|-i abc|-i: 'abc' is not a duration
bw_udp|-b 1x|-b: value '1x' is not a rate
bw_udp|-l 10|-l: value '10' is out of range; allowed: 40 \\.\\. 65507
bw_udp|-l 70000|-l: value '70000' is out of range
bw_udp|-t abc|-t: 'abc' is not a duration
bw_unix|-m 0|-m: value '0' is out of range
bw_unix|abc|TOTAL: 'abc' is not a size
cache|-L 3|-L: value '3' is out of range; allowed: [48] \\.\\. 512
cache|-L 1024|-L: value '1024' is out of range
cache|-M 1k|-M: value '1k' is out of range; allowed: 64k \\.\\. 1g
cache|-M 1q|-M: '1q' is not a size
lat_cmd||missing argument: command
lat_connect|-n 70000|-n: value '70000' is out of range
lat_connect|-i -1|-i: value '-1' is out of range
lat_ctx|-s -1 2|-s \\(KB\\): value '-1' is out of range; allowed: 0 \\.\\. 1048576
lat_ctx|-s 1x 2|-s: '1x' is not a size
lat_ctx|abc|N: 'abc' is not a whole number; allowed: 2 \\.\\. 256
lat_ctx|0|N: value '0' is out of range
lat_fcntl|-p sideways|-p: value 'sideways' is not a placement
lat_fifo|-p sideways|-p: value 'sideways' is not a placement
lat_fs|-s 2g|-s: value '2g' is out of range; allowed: 0 \\.\\. 1g
lat_fs|-s 1q|-s: '1q' is not a size
lat_fs|-n 0|-n: value '0' is out of range; allowed: 1 \\.\\. 1m
lat_load|-u 65|-u: value '65' is out of range; allowed: 1 \\.\\. 64
lat_load|-g 1us|-g: value '1us' is out of range
lat_load|-t abc|-t: 'abc' is not a duration
lat_mem_rd|0|SIZE_MB: value '0' is out of range
lat_mem_rd|abc|SIZE_MB: 'abc' is not a
lat_mem_rd|8 0|STRIDE: value '0' is out of range; allowed: [48] 
lat_mem_rd|8 3x|STRIDE: '3x' is not a size
lat_mmap|0|SIZE: value '0' is out of range; allowed: 16k
lat_mmap|1q|SIZE: '1q' is not a size
lat_ops|nope|unknown operation 'nope'
lat_ops|-k 3|-k: value '3' is not a power of two
lat_pagefault|-s 1k|-s: value '1k' is out of range; allowed: 64k \\.\\. 64m
lat_pagefault|-s 1q|-s: '1q' is not a size
lat_pipe|-p sideways|-p: value 'sideways' is not a placement
lat_proc|nope|unknown operation 'nope'; allowed: procedure, fork, exec, shell
lat_proc||missing argument: procedure\\|fork
lat_rpc|-p sideways|-p: value 'sideways' is neither a protocol nor a placement
lat_rpc|-n 70000|-n: value '70000' is out of range
lat_select|-n 0 file|-n: value '0' is out of range
lat_select|-n abc file|-n: 'abc' is not a whole number
lat_select|nope|unknown descriptor type 'nope'; allowed: file, tcp
lat_sem|-p sideways|-p: value 'sideways' is not a placement
lat_sig|nope|unknown operation 'nope'; allowed: install, catch, prot
lat_syscall|nope|unknown operation 'nope'; allowed: null,
lat_syscall|null a b|unexpected argument 'b'
lat_tcp|-m 0|-m: value '0' is out of range
lat_tcp|-m 2m|-m: value '2m' is out of range; allowed: 1 \\.\\. 1m
lat_udp|-m 10|-m: value '10' is out of range; allowed: 24 \\.\\. 65507
lat_udp|-m 70000|-m: value '70000' is out of range
lat_unix|-m 0|-m: value '0' is out of range
lat_unix|-m 1q|-m: '1q' is not a size
lat_unix_connect|-p sideways|-p: value 'sideways' is not a placement
lat_usleep|-u -5|-u: unknown method '-5'
lat_usleep|-n 0|-n: value '0' is out of range
lat_usleep|-l abc|-l: 'abc' is not a whole number
lat_usleep|-s x|-s: 'x' is not a whole number
lat_usleep|nope|argument: unknown method 'nope'; allowed: a time in us
lmdd|bs=0|bs: value '0' is out of range; allowed: 1 \\.\\. 1g
lmdd|bs=2g|bs: value '2g' is out of range
lmdd|count=abc|count: 'abc' is not a
lmdd|flush=3|flush: value '3' is out of range; allowed: 0 \\.\\. 2
lmdd|foo=1|unknown argument 'foo=1'
mhz|x|unexpected argument 'x'
par_mem|0|SIZE: value '0' is out of range; allowed: 64k
par_mem|1q|SIZE: '1q' is not a size
stream|-v 3|-v: value '3' is out of range; allowed: 1 \\.\\. 2
stream|-M 0|-M: value '0' is out of range
stream|-M 1q|-M: '1q' is not a size
tlb|-L 3|-L: value '3' is out of range; allowed: [48] \\.\\. 512
tlb|-M 1k|-M: value '1k' is out of range; allowed: 64k
tlb|-M 1q|-M: '1q' is not a size"

nprogs=$(printf '%s\n' $progs | wc -l)
nshared=$(printf '%s\n' "$shared" | wc -l)
nown=$(printf '%s\n' "$own" | wc -l)
plan $((nprogs * nshared + nown))

# Placeholders (exit 77 on anything) and programs not built.
placeholder() {
	[ -f "$(prog "$1")" ] || return 0
	run_prog "$1" -h
	[ "$TAP_STATUS" -eq 77 ]
}

# row PROG ARGS PATTERN: exit 2, the first line of stderr matching
# "^PROG: PATTERN" (PATTERN may start with ^PROG itself).
row() {
	r_prog=$1 r_args=$2 r_pat=$3
	r_desc="$r_prog ${r_args:-(no operand)}: exit 2 naming it"
	if placeholder "$r_prog"; then
		skip "$r_prog is a placeholder or not built"
		return 0
	fi
	case $r_pat in
	'^PROG'*) r_pat="^$r_prog${r_pat#^PROG}" ;;
	*) r_pat="^$r_prog: $r_pat" ;;
	esac
	# shellcheck disable=SC2086
	run_prog "$r_prog" $r_args
	r_first=$(printf '%s\n' "$TAP_STDERR" | head -n 1)
	if [ "$TAP_STATUS" -eq 2 ] && printf '%s\n' "$r_first" | grep -Eq -- "$r_pat"; then
		_tap_report 0 "$r_desc"
	else
		_tap_report 1 "$r_desc" || :
		diag "exit $TAP_STATUS; first line of stderr: $r_first"
		diag "expected: /$r_pat/"
	fi
}

# (Here-documents, not pipes: the loops must run in this shell, which
# counts the tests.)
for p in $progs; do
	while IFS='|' read -r a pat; do row "$p" "$a" "$pat"; done <<EOF2
$shared
EOF2
done
while IFS='|' read -r p a pat; do row "$p" "$a" "$pat"; done <<EOF2
$own
EOF2
