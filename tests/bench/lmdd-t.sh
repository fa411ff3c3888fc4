#!/bin/sh
# lmdd: options, errors, safety rules, verify, and no file left on any exit.
. "$top_srcdir/tests/tap/libtap.sh"

plan 112
q='-N 3 -o raw'
dir=$(mktemp -d "${TMPDIR:-/tmp}/lmdd-t.XXXXXX")
mnt=
loop=
_tap_cleanup_hook() {
	[ -z "${pid:-}" ] || kill -KILL "$pid" 2>/dev/null || :
	[ -z "$loop" ] || losetup -d "$loop" 2>/dev/null || :
	[ -z "$mnt" ] || umount "$mnt" 2>/dev/null || :
	[ -z "$mnt" ] || rmdir "$mnt" 2>/dev/null || :
	rm -rf "$dir"
}

cli '-h exits 0 with the usage line' 0 '^usage: lmdd' lmdd -h
cli '-h names the keys' 0 'if=FILE[|]DIR[|]internal.*count=N[|]move=SIZE' lmdd -h
cli 'no arguments: exit 2, nothing to measure' 2 'both internal: nothing to measure' lmdd
cli 'an unknown key: exit 2 naming it' 2 "unknown argument 'zap=1'; allowed: if=" lmdd zap=1
cli 'a word without =: exit 2 naming it' 2 "unknown argument 'abc'" lmdd abc
cli 'bs=0: exit 2 with the range' 2 "^lmdd: bs: value '0' is out of range; allowed: 1 \.\. 1g" \
	lmdd of=/dev/null bs=0 count=1
cli 'bs=2g: exit 2 with the range' 2 "^lmdd: bs: value '2g' is out of range" lmdd of=/dev/null bs=2g count=1
cli 'bs=abc: exit 2 naming bs' 2 "^lmdd: bs: 'abc'" lmdd of=/dev/null bs=abc count=1
cli 'count=0: exit 2 with the range' 2 "^lmdd: count: value '0' is out of range" lmdd of=/dev/null count=0
cli 'fsync=2: exit 2 with the range' 2 "^lmdd: fsync: value '2' is out of range; allowed: 0 \.\. 1" \
	lmdd of=/dev/null count=1 fsync=2
cli 'flush=3: exit 2 with the range' 2 "^lmdd: flush: value '3' is out of range; allowed: 0 \.\. 2" \
	lmdd if=/dev/zero count=1 flush=3
cli 'a key given twice: exit 2' 2 '^lmdd: bs: given twice' lmdd of=/dev/null bs=1k bs=2k count=1
cli 'count= and move=: exit 2' 2 'count= and move= both given' lmdd of=/dev/null count=1 move=1m
cli 'move= not whole blocks: exit 2' 2 "move: value '1536' is not a whole number of blocks" \
	lmdd of=/dev/null bs=1k move=1536
cli 'no count for a write: exit 2' 2 'count= \(or move=\) is needed' lmdd of="$dir"
cli 'verify=1 on a copy: exit 2' 2 'not a copy' lmdd if=/dev/zero of=/dev/null count=1 verify=1
cli 'flush=1 with no input: exit 2' 2 'flush=1 drops the input' lmdd of=/dev/null count=1 flush=1
cli 'fsync=1 with no output: exit 2' 2 'fsync=, fdatasync=, sync=, dsync=, keep=, trunc= and seek= .* need of=' \
	lmdd if=/dev/zero count=1 fsync=1
cli 'keep=0 with no output: exit 2' 2 'fsync=, fdatasync=, sync=, dsync=, keep=, trunc= and seek= .* need of=' \
	lmdd if=/dev/zero count=1 keep=0
cli '-P 2: exit 2' 2 "^lmdd: -P: value '2' is out of range" lmdd -P 2 of=/dev/null count=1
cli '-I 5: exit 2' 2 '^lmdd: -I: not supported' lmdd -I 5 of=/dev/null count=1
cli '-P 2 after the key=value operands: parsed, exit 2' 2 "^lmdd: -P: value '2' is out of range" \
	lmdd of=/dev/null count=1 -P 2
cli 'a missing input: exit 1 naming it' 1 '^lmdd: if=/no/such/file: cannot open: ' \
	lmdd if=/no/such/file count=1
cli 'an output in a missing directory: exit 1 naming it' 1 '^lmdd: of=/no/such/dir/f: cannot create' \
	lmdd of=/no/such/dir/f count=1
cli 'direct=1 where refused (/dev/null): exit 77 with the reason' 77 \
	'of=/dev/null: direct=1: the file system refuses direct I/O' lmdd of=/dev/null count=1 direct=1 force=1

# dd's spellings.
cli "a key one letter off: exit 2 naming the nearest" 2 "unknown argument 'cont=3'; did you mean count=" \
	lmdd of=/dev/null cont=3
cli "dd's ibs=: exit 2 saying bs= instead" 2 "ibs: dd's, not lmdd's: .*bs=" lmdd if=/dev/zero ibs=1M count=1
cli "conv=noerror: exit 2 naming the flags conv= takes" 2 \
	'conv=noerror: not a flag lmdd takes \(of dd.s, conv= takes fdatasync, fsync, notrunc\)' \
	lmdd of=/dev/null count=1 conv=noerror
cli "status=bogus: exit 2 naming what status= takes" 2 'status= takes none, noxfer, progress' \
	lmdd of=/dev/null count=1 status=bogus
cli "bs=1mb (neither dd's nor lmdd's): exit 2" 2 "bs: '1mb' is not a size as dd writes it" \
	lmdd of=/dev/null bs=1mb count=1
f=$dir/dd.0
cli 'bs=1MB count=2 (dd: 10^6-byte blocks): exit 0' 0 'BenchmarkLmdd/op=write/size=2000000/bs=1000000' \
	lmdd of="$f" bs=1MB count=2 -o raw
is '... the file holds 2,000,000 bytes' 2000000 "$(wc -c <"$f" | tr -d ' ')"
is '... one pass without -N, as dd' 1 "$(printf '%s\n' "$TAP_OUT" | grep -c '^BenchmarkLmdd/op=write')"
like '... and the file says so' "$TAP_OUT" '^samples: 1$'
rm -f "$f"
cli 'bs=2x512 count=1K: exit 0' 0 'BenchmarkLmdd/op=write/size=1M/bs=1K' lmdd of="$f" bs=2x512 count=1K -o raw
rm -f "$f"
cli 'conv=fdatasync,notrunc: exit 0, the fdatasync timed' 0 \
	'BenchmarkLmdd/op=write/size=4M/bs=1M/fdatasync=1/trunc=0.* ns/fsync' \
	lmdd of="$f" bs=1M count=4 conv=fdatasync,notrunc -o raw
like "... recorded under lmdd's words" "$TAP_OUT" '^args: .*bs=1M count=4 fdatasync=1 trunc=0'
cli 'conv=notrunc over a longer file (force=1): exit 0' 0 '' \
	lmdd of="$f" bs=1M count=1 conv=notrunc force=1 -o raw
is '... the file keeps its 4M, as dd leaves it' 4194304 "$(wc -c <"$f" | tr -d ' ')"
cli 'without notrunc (force=1): exit 0' 0 '' lmdd of="$f" bs=1M count=1 force=1 -o raw
is '... the file is cut to what was written' 1048576 "$(wc -c <"$f" | tr -d ' ')"
rm -f "$f"
cli 'oflag=dsync: exit 0, as dsync=1' 0 'BenchmarkLmdd/op=write/size=1M/bs=64K/dsync=1' \
	lmdd of="$f" bs=64k count=16 oflag=dsync -o raw
rm -f "$f"
cli 'status=progress -N 3: exit 0, three passes' 0 '' lmdd of="$f" bs=1M count=4 status=progress -N 3 -o raw
is '... three samples' 3 "$(printf '%s\n' "$TAP_OUT" | grep -c '^BenchmarkLmdd/op=write')"
rm -f "$f"
dd if=/dev/zero of="$f" bs=1024 count=1024 2>/dev/null
cli 'a read into of=/dev/null (dd: a read test): exit 0' 0 'BenchmarkLmdd/op=copy/size=1M/bs=64K' \
	lmdd if="$f" of=/dev/null bs=64k status=none -o raw
# dd's iflag=direct is the input's alone: into /dev/null, which refuses
# O_DIRECT, it works, or the file system refuses it for the input.
run_prog lmdd -o raw if="$f" of=/dev/null bs=64k iflag=direct
case $TAP_STATUS in
0) like 'iflag=direct into of=/dev/null: the input alone, named idirect=1' "$TAP_STDOUT" \
	'^BenchmarkLmdd/op=copy/size=1M/bs=64K/idirect=1	'
   like '... recorded as idirect=1' "$TAP_STDOUT" '^args: .*idirect=1' ;;
*) is 'iflag=direct refused here: exit 77' 77 "$TAP_STATUS"
   like '... naming if= and idirect=1' "$TAP_STDERR" 'if=.*: idirect=1: the file system refuses' ;;
esac
rm -f "$f"
cli 'oflag=direct into /dev/null (it refuses O_DIRECT): exit 77 naming odirect=1' 77 \
	'of=/dev/null: odirect=1: the file system refuses direct I/O' \
	lmdd of=/dev/null count=1 oflag=direct force=1

# A file another process holds mapped: the flush cannot drop its pages,
# the first pass reads nothing from the disk, and lmdd says it was warm.
mh=$top_builddir/tests/bench/maphold
run_prog lmdd -o raw of="$dir/m" bs=64k count=32
if [ -x "$mh" ] && [ "$TAP_STATUS" -eq 0 ] && mkfifo "$dir/hold" 2>/dev/null; then
	# shellcheck disable=SC2086
	$TEST_WRAPPER "$mh" "$dir/m" <"$dir/hold" >"$dir/mh.out" &
	mhpid=$!
	exec 9>"$dir/hold"
	_n=0
	while [ "$(cat "$dir/mh.out" 2>/dev/null)" != ready ] && [ "$_n" -lt 600 ] &&
		kill -0 "$mhpid" 2>/dev/null; do
		sleep 0.1 2>/dev/null || sleep 1
		_n=$((_n + 1))
	done
	run_prog lmdd -o raw if="$dir/m" bs=64k flush=1
	exec 9>&-
	wait "$mhpid" 2>/dev/null || :
	if [ "$(cat "$dir/mh.out" 2>/dev/null)" != ready ]; then
		skip 'a file held mapped: maphold did not map it'
		skip '... and recorded'
	elif printf '%s\n' "$TAP_STDOUT" | grep -q '^first-pass: '; then
		like 'a file held mapped elsewhere: the first pass is warm, and said so' "$TAP_STDERR" \
			'^lmdd: warm: the first pass read [0-9.]+ MB of 2[.]1 from the device'
		like '... and recorded' "$TAP_STDOUT" '^first-pass: warm: '
	else
		skip "a file held mapped: the device under $dir has no read counters"
		skip '... and recorded'
	fi
	rm -f "$dir/hold" "$dir/mh.out"
else
	skip 'a file held mapped: no tests/bench/maphold or no FIFO'
	skip '... and recorded'
fi
rm -f "$dir/m"

# for=TIME: a read for a time, as hdparm -t reads.
cli 'for= with of=: exit 2' 2 'for= reads a named input' lmdd if=/dev/zero of=/dev/null for=1s
cli 'for=50ms: exit 2 with the range' 2 "for: value '50ms' is out of range" lmdd if=/dev/zero for=50ms
dd if=/dev/zero of="$f" bs=1024 count=1024 2>/dev/null
cli 'for=200ms over a 1M file: exit 0, named by its time' 0 \
	'^BenchmarkLmdd/op=read/for=200ms/bs=64K/flush=1/pass=first	' \
	lmdd if="$f" bs=64k for=200ms flush=1 -o raw
rm -f "$f"

# latencies_ordered TEXT: every line has MB/s > 0 and p50 <= p90 <= p99 <= max.
latencies_ordered() {
	printf '%s\n' "$1" | awk '/^BenchmarkLmdd/ { n++
		if ($4 != "MB/s" || $6 != "ns/io-p50" || $8 != "ns/io-p90" || $10 != "ns/io-p99" ||
		    $12 != "ns/io-max" || !($3 > 0) || !($5 > 0) || $5 > $7 || $7 > $9 || $9 > $11) exit 1 }
		END { exit !(n > 0) }'
}

# A write into a directory: a temporary file, synced, removed at the end.
TMPDIR=$dir run_prog lmdd $q of="$dir" bs=64k count=4 fsync=1
is 'write to a directory: exit 0' 0 "$TAP_STATUS"
ok 'it prints well-formed raw records' well_formed "$TAP_STDOUT"
is 'three samples of 4 writes, named by op, size, bs and fsync' '4 4 4' \
	"$(printf '%s\n' "$TAP_STDOUT" | awk '$1 == "BenchmarkLmdd/op=write/size=256K/bs=64K/fsync=1" { printf "%s%s", s, $2; s = " " }')"
ok 'MB/s > 0 and p50 <= p90 <= p99 <= max' latencies_ordered "$TAP_STDOUT"
like 'the fsync time is on every line' "$TAP_STDOUT" '^BenchmarkLmdd/op=write/.* [0-9.]+ ns/fsync$'
like 'the configuration says where it wrote' "$TAP_STDOUT" "^# output: $dir/hostbench\.lmdd\.[^ ]* \(temporary regular file\)"
is 'nothing is left in the directory' '' "$(ls -A "$dir")"

# A named file: kept, as dd keeps it, so that lmdd if=FILE reads it
# next (keep=0 removes it); then read back and verified.
run_prog lmdd $q of="$dir/f" bs=64k count=4
is 'a named new file: exit 0' 0 "$TAP_STATUS"
is 'the named file stays, 256K long' 262144 "$(wc -c <"$dir/f" 2>/dev/null | tr -d ' ')"
run_prog lmdd -N 1 -o raw if="$dir/f" bs=64k
is 'lmdd if=FILE then reads what lmdd of=FILE wrote: exit 0' '0 1' \
	"$TAP_STATUS $(printf '%s\n' "$TAP_STDOUT" | grep -c '^BenchmarkLmdd/op=read/size=256K/bs=64K')"
rm -f "$dir/f"
run_prog lmdd $q of="$dir/f" bs=64k count=4 keep=0
ok 'keep=0: exit 0, and the file it created is removed' sh -c '[ "$1" -eq 0 ] && [ ! -e "$2" ]' sh "$TAP_STATUS" "$dir/f"
run_prog lmdd $q of="$dir/f" bs=64k move=256k keep=1 verify=1
is 'keep=1 verify=1: exit 0' 0 "$TAP_STATUS"
is 'keep=1: the file stays, 256K long' 262144 "$(wc -c <"$dir/f" 2>/dev/null | tr -d ' ')"
is 'keep=1: no other file is left' 'f' "$(ls -A "$dir")"
run_prog lmdd $q if="$dir/f" bs=64k verify=1
is 'read with verify=1 of what lmdd wrote: exit 0' 0 "$TAP_STATUS"
is 'the whole file is read: 4 blocks of 64K per pass' '4 4 4' \
	"$(printf '%s\n' "$TAP_STDOUT" | awk '$1 == "BenchmarkLmdd/op=read/size=256K/bs=64K" { printf "%s%s", s, $2; s = " " }')"
ok 'read: MB/s > 0 and ordered latencies' latencies_ordered "$TAP_STDOUT"
run_prog lmdd $q if="$dir/f" bs=16k skip=2 count=3 verify=1
is 'skip= and count= in blocks of another bs verify too (the pattern follows the offset)' \
	'0 3' "$TAP_STATUS $(printf '%s\n' "$TAP_STDOUT" | grep -c '^BenchmarkLmdd/op=read/size=48K/bs=16K')"
cli 'count past the end of the file: exit 2 with the range' 2 \
	"count: value '5' reads past the end of if=$dir/f \(262144 bytes\); allowed: 1 \.\. 4" \
	lmdd if="$dir/f" bs=64k count=5

# The safety rules: a file lmdd wrote may be written again, as dd's
# would be; any other is not overwritten without force=1.
cp "$dir/f" "$dir/g" && printf 'X' | dd of="$dir/g" bs=1 seek=7 conv=notrunc 2>/dev/null
sumg=$(cksum <"$dir/g")
cli 'over a file lmdd did not write (one byte differs): exit 1 naming it' 1 \
	"of=$dir/g: exists and holds 262144 bytes that lmdd did not write" lmdd of="$dir/g" bs=64k count=1
is '... the file is untouched' "$sumg" "$(cksum <"$dir/g")"
rm -f "$dir/g"
run_prog lmdd -o raw of="$dir/h" bs=64k count=4
run_prog lmdd -o raw of="$dir/h" bs=64k count=2
ok 'over a file lmdd wrote: written again without force=1, to the new length' \
	sh -c '[ "$1" -eq 0 ] && [ "$(wc -c <"$2" | tr -d " ")" -eq 131072 ]' sh "$TAP_STATUS" "$dir/h"
rm -f "$dir/h"

# verify=1 catches one corrupted byte, and prints no number.
printf 'X' | dd of="$dir/f" bs=1 seek=100000 conv=notrunc 2>/dev/null
run_prog lmdd $q if="$dir/f" bs=64k verify=1
is 'a corrupted byte: exit 1' 1 "$TAP_STATUS"
like 'the message names the file, the offset and both values' "$TAP_STDERR" \
	"^lmdd: verify: if=$dir/f: byte 100000 is 0x58, lmdd wrote 0x[0-9a-f]{2}\$"
is 'no result is printed' 0 "$(printf '%s\n' "$TAP_STDOUT" | grep -c '^Benchmark')"
run_prog lmdd -N 1 -o raw if="$dir/f" bs=64k
is 'without verify=1 the same read succeeds' 0 "$TAP_STATUS"

run_prog lmdd -N 1 -o raw of="$dir/f" bs=64k count=2 force=1
ok 'force=1 overwrites it (truncated to the new length) and keeps it' \
	sh -c '[ "$1" -eq 0 ] && [ "$(wc -c <"$2" | tr -d " ")" -eq 131072 ]' sh "$TAP_STATUS" "$dir/f"
rm -f "$dir/f"
: >"$dir/empty"
run_prog lmdd -N 1 -o raw of="$dir/empty" bs=64k count=2
ok 'an existing empty file is written without force=1, and not removed' \
	sh -c '[ "$1" -eq 0 ] && [ -f "$2" ]' sh "$TAP_STATUS" "$dir/empty"
rm -f "$dir/empty"

# A block device is refused before it is opened (stat alone finds it).
blk=$(find /dev -type b 2>/dev/null | sed -n 1p)
if [ -z "$blk" ] && [ "$(id -u)" -eq 0 ] && mknod "$dir/blk" b 7 250 2>/dev/null; then
	blk=$dir/blk
fi
if [ -n "$blk" ]; then
	cli "a block device ($blk): exit 1, refused" 1 "of=$blk: a block device: writing destroys" \
		lmdd of="$blk" count=1
else
	skip 'no block device node here, and none can be made'
fi
rm -f "$dir/blk"

# A block device is read without force=1, as hdparm -t reads one: a loop
# device over a file lmdd wrote, flushed before each pass (BLKFLSBUF as
# root), checked block by block, its own read-ahead named.
if [ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null 2>&1 &&
	run_prog lmdd -N 1 -o raw of="$dir/img" bs=64k count=32 && [ "$TAP_STATUS" -eq 0 ] &&
	loop=$(losetup -f --show "$dir/img" 2>/dev/null) && [ -n "$loop" ]; then
	run_prog lmdd -N 3 -o raw if="$loop" bs=64k count=32 flush=1 verify=1
	is "a block device ($loop) is read without force=1, flushed: its first pass and 2 later ones" \
		'0 1 2' "$TAP_STATUS $(printf '%s\n' "$TAP_STDOUT" | grep -c '/pass=first	') $(printf '%s\n' "$TAP_STDOUT" | grep -c '/pass=later	')"
	like '... every block as lmdd wrote it (verify=1)' "$TAP_STDOUT" \
		'^BenchmarkLmdd/op=read/size=2M/bs=64K/flush=1/pass=first	'
	like "... with the loop device's own read-ahead" "$TAP_STDOUT" \
		"^read-ahead: ([0-9]+ kB \\(${loop##*/}\\)|unknown)\$"
	# Its backing file read just now, so cached: the flush drops its pages
	# too, and the first pass reads from the disk under it.
	cat "$dir/img" >/dev/null
	run_prog lmdd -N 1 -o raw if="$loop" bs=64k count=32 flush=1
	if printf '%s\n' "$TAP_STDOUT" | grep -q '^first-pass: '; then
		like '... a cached backing file: dropped by the flush, the first pass cold' "$TAP_STDOUT" \
			'^first-pass: cold: the first pass read [0-9.]+ MB of 2[.]1 from the device'
	else
		like '... where the disk under it has no read counters, that is said' "$TAP_STDERR" \
			'whether the first pass was cold cannot be told'
	fi
	losetup -d "$loop" 2>/dev/null || :
	loop=
else
	for t in 'a block device read' 'its blocks checked' 'its read-ahead' 'cold after the flush'; do
		skip "$t: needs root and losetup (a loop device)"
	done
fi
rm -f "$dir/img"

# Write, flush and read back; a temporary input; a copy.
run_prog lmdd -N 2 -o raw of="$dir" bs=64k count=4 verify=1 flush=1
is 'write with verify=1 flush=1 (read back from the disk): exit 0' 0 "$TAP_STATUS"
TMPDIR=$dir run_prog lmdd $q if= bs=64k count=4 flush=1
is 'a temporary input (if= empty: TMPDIR), flushed before each read: exit 0' 0 "$TAP_STATUS"
like 'its first pass is named flush=1/pass=first' "$TAP_STDOUT" \
	'^BenchmarkLmdd/op=read/size=256K/bs=64K/flush=1/pass=first	'
is 'a read after a flush: one first pass, then the 2 later ones, none unnamed' '1 2 0' \
	"$(printf '%s\n' "$TAP_STDOUT" | awk '/^BenchmarkLmdd.*\/pass=first\t/ { f++ }
		/^BenchmarkLmdd.*\/pass=later\t/ { if (!f) bad++; l++ }
		/^BenchmarkLmdd.*\/flush=1\t/ { bad++ }
		END { print f + 0, l + 0, bad + 0 }')"
# The read-ahead of the directory's device, from sysfs (a partition's is
# its disk's); unknown where there is none (tmpfs) or stat cannot say.
want='unknown'
dev=$(stat -c '%Hd:%Ld' "$dir" 2>/dev/null) || dev=
for ra in "/sys/dev/block/$dev/queue/read_ahead_kb" "/sys/dev/block/$dev/../queue/read_ahead_kb"; do
	if [ -n "$dev" ] && [ -r "$ra" ]; then
		want="$(cat "$ra") kB ($(basename "$(readlink "/sys/dev/block/$dev")"))"
		break
	fi
done
if [ -n "$dev" ]; then
	like "the read-ahead of the input's device is recorded ($want)" "$TAP_STDOUT" \
		"^read-ahead: $(printf '%s' "$want" | sed 's/[().]/[&]/g')\$"
else
	like "the read-ahead of the input's device is recorded" "$TAP_STDOUT" \
		'^read-ahead: ([0-9]+ kB|unknown)'
fi
TMPDIR=$dir run_prog lmdd -N 3 -o text if= bs=64k count=4 flush=1
like "text output after a flush: lmbench's line for the first pass and for the later ones" \
	"$(printf '%s\n' "$TAP_STDOUT" | grep 'MB/sec' | tr '\n' '|')" \
	'[(]the first pass, after the flush(: (cold|warm))?[)][|].*[(]the median later pass[)][|]$'
TMPDIR=$dir run_prog lmdd -N 2 -o raw if="$dir" of="$dir" bs=32k count=4
like 'a copy between two temporary files: op=copy, 8 I/Os a pass' "$TAP_STDOUT" \
	'^BenchmarkLmdd/op=copy/size=128K/bs=32K	 +8	'
is 'nothing is left after reads and copies' '' "$(ls -A "$dir")"
run_prog lmdd -N 2 -o raw if=internal of=/dev/null bs=1m count=4 sync=1 force=1
like 'of=/dev/null force=1 with sync=1: named sync=1' "$TAP_STDOUT" '^BenchmarkLmdd/op=write/size=4M/bs=1M/sync=1	'

run_prog lmdd -N 3 -o raw of="$dir" bs=64k count=4
like 'a write has no pass= part (every pass is alike)' "$TAP_STDOUT" \
	'^BenchmarkLmdd/op=write/size=256K/bs=64K	'
run_prog lmdd -N 3 -o text of="$dir" bs=64k count=4
like 'text output: median and CI of MB/s' "$TAP_STDOUT" '^Lmdd/op=write/size=256K/bs=64K +[0-9.]+ MB/s .*n=3\)$'
like "text output: lmbench's summary line" "$TAP_STDOUT" '^  0\.2621 MB in [0-9.]+ secs, [0-9.]+ MB/sec'

# direct=1: works, or the file system refuses it with exit 77 and a reason.
run_prog lmdd -N 2 -o raw of="$dir" bs=64k count=4 direct=1 fsync=1
case $TAP_STATUS in
0) like 'direct=1: named direct=1' "$TAP_STDOUT" '^BenchmarkLmdd/op=write/size=256K/bs=64K/direct=1/fsync=1	'
   ok 'direct=1: ordered latencies' latencies_ordered "$TAP_STDOUT" ;;
*) is 'direct=1 refused here: exit 77' 77 "$TAP_STATUS"
   like 'direct=1 refused here: the reason' "$TAP_STDERR" 'refuses direct I/O' ;;
esac
cli 'direct=1 with bs not a multiple of the block: exit 2' 2 "bs: value '1000' is not a multiple of" \
	lmdd of="$dir" bs=1000 count=1 direct=1
is 'nothing is left after direct writes' '' "$(ls -A "$dir")"

# A write that fails half-way (file size limit; SIGXFSZ ignored: EFBIG).
TAP_STATUS=0
out=$( (trap '' XFSZ; ulimit -f 100; exec $TEST_WRAPPER "$(prog lmdd)" -N 1 of="$dir/big" bs=64k count=4) 2>&1) ||
	TAP_STATUS=$?
is 'a write that fails: exit 1' 1 "$TAP_STATUS"
like 'the message names the file and the error' "$out" "^lmdd: of=$dir/big: cannot write at byte [0-9]+: File too large"
is 'the partial file is removed' '' "$(ls -A "$dir")"

# A full file system: refused when statvfs says it cannot fit; with
# force=1 the write runs into ENOSPC.  Root only: a 4 MB tmpfs.
if [ "$(id -u)" -ne 0 ]; then
	skip 'ENOSPC: needs root to mount a small tmpfs'
	skip 'ENOSPC: needs root'
	skip 'ENOSPC: needs root'
	skip 'ENOSPC: needs root'
	skip 'ENOSPC: needs root'
else
	mnt=$(mktemp -d "${TMPDIR:-/tmp}/lmdd-t.mnt.XXXXXX")
	if ! mount -t tmpfs -o size=4m tmpfs "$mnt" 2>/dev/null; then
		rmdir "$mnt"
		mnt=
		skip 'ENOSPC: cannot mount a tmpfs here'
		skip 'ENOSPC: no tmpfs'
		skip 'ENOSPC: no tmpfs'
		skip 'ENOSPC: no tmpfs'
		skip 'ENOSPC: no tmpfs'
	else
		cli '8 MB into a 4 MB file system: exit 1 before writing' 1 \
			'8388608 bytes do not fit in the [0-9]+ bytes free' lmdd of="$mnt/x" bs=1m count=8
		is 'nothing is left after the refusal' '' "$(ls -A "$mnt")"
		run_prog lmdd -N 1 -o raw of="$mnt/x" bs=1m count=8 force=1 keep=1
		is 'force=1: the write fills it: exit 1' 1 "$TAP_STATUS"
		like 'the message says the file system is full and the file is removed' "$TAP_STDERR" \
			"^lmdd: of=$mnt/x: the file system is full \(ENOSPC\) after [0-9]+ of 8388608 bytes; the file is removed"
		is 'nothing is left, even with keep=1' '' "$(ls -A "$mnt")"
		umount "$mnt" && rmdir "$mnt" && mnt=
	fi
fi

# SIGTERM in the middle of a run: the file is removed.
$TEST_WRAPPER "$(prog lmdd)" -N 100000 -o raw of="$dir/sig" bs=64k count=64 keep=1 >/dev/null 2>&1 &
pid=$!
i=0
while [ $i -lt 100 ] && [ ! -s "$dir/sig" ]; do
	sleep 0.1 2>/dev/null || sleep 1
	i=$((i + 1))
done
kill -TERM "$pid"
st=0
wait "$pid" || st=$?
pid=
is 'SIGTERM mid-run: the program dies of it' 143 "$st"
is 'SIGTERM mid-run: the file is removed, even with keep=1' '' "$(ls -A "$dir")"
