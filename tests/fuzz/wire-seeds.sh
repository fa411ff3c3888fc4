#!/bin/sh
# wire-seeds.sh [DIR]: write the seed inputs of the wire fuzz target
# (tests/fuzz/wire.c) into DIR (default: tests/fuzz/corpus/wire next to
# this script).  Byte 0 picks the server (0 lat_tcp, 1 lat_udp,
# 2 lat_connect, 3 bw_tcp, 4 bw_udp, 5 hostinfo -s), byte 1 the mode (bit 0: proved)
# and the direct parsers' word bound (the other bits); then what the
# client sends.  Run once; the files are committed, and inputs the
# fuzzer finds are added next to them by hand.
set -eu
dir=${1:-$(dirname "$0")/corpus/wire}
mkdir -p "$dir"

# Bytes, each given as a number.
b() {
	for v in "$@"; do
		# shellcheck disable=SC2059
		printf "\\$(printf %03o "$v")"
	done
}
be32() { b $(($1 >> 24 & 255)) $(($1 >> 16 & 255)) $(($1 >> 8 & 255)) $(($1 & 255)); }
# A 64-bit word below 2^62.
word() { be32 $(($1 >> 32)); be32 $(($1 & 0xffffffff)); }
# hdr PROTO KIND LEN: a header (magic "hbNT", version 1), LEN payload bytes.
hdr() { be32 0x68624e54; b 0 1 0 "$2"; be32 "$1"; be32 "$3"; }
# msg PROTO KIND [WORD...]: a whole message.
msg() {
	p=$1 k=$2
	shift 2
	hdr "$p" "$k" $((8 * $#))
	for w in "$@"; do word "$w"; done
}
# A wrong proof: four words.
badauth() { msg "$1" 9 1 2 3 4; }
x() { i=0; while [ "$i" -lt "$1" ]; do printf x; i=$((i + 1)); done; }

# Protos and kinds (lib/net/sock_proto.h).
LAT_TCP=1 LAT_UDP=2 LAT_CONNECT=3 BW_TCP=4 BW_UDP=5 LAT_RPC=6 BOX=8
HELLO=1 STOP=3 AUTH=9 DATA=7
# Byte 1: 16 raw, 17 proved (the direct parsers' bound 8); 254 raw with
# the bound SOCK_MAX_WORDS + 1.

# Proved: the harness sends the HELLO or STOP and the right proof; the
# byte after the mode is the word count (bit 7: STOP), then the words.
{ b 0 17 1; word 64; x 200; } >"$dir/proved-lat_tcp-echo"
{ b 0 17 1; word 0; } >"$dir/proved-lat_tcp-size0"
{ b 0 17 1; word $((1 << 20 | 1)); } >"$dir/proved-lat_tcp-too-big"
{ b 0 17 8; word 1; word 2; word 3; word 4; word 5; word 6; word 7; word 8; } >"$dir/proved-lat_tcp-8words"
{ b 1 17 1; word 40000; } >"$dir/proved-lat_udp"
{ b 1 17 1; word 80; } >"$dir/proved-lat_udp-low-port"
{ b 2 17 0; printf abc; } >"$dir/proved-lat_connect"
{ b 2 17 1; word 1; } >"$dir/proved-lat_connect-word"
{ b 3 17 3; word 65536; word 0; word 1000000000; x 1000; } >"$dir/proved-bw_tcp"
{ b 3 17 3; word $((1 << 40)); word 0; word 0; } >"$dir/proved-bw_tcp-window"
{ b 3 17 2; word 65536; word 0; } >"$dir/proved-bw_tcp-2words"
{ b 4 17 5; word 1024; word 10; word 10000000; word 0; word 40000; } >"$dir/proved-bw_udp"
{ b 4 17 5; word 1024; word 0; word 10000000; word 0; word 40000; } >"$dir/proved-bw_udp-no-samples"
for s in 0 1 2 3 4; do b "$s" 17 128 >"$dir/proved-stop-$s"; done
{ b 2 17 129; word 7; } >"$dir/proved-stop-word"

# Raw: what a client without the key sends.
{ b 0 16; msg $LAT_TCP $HELLO 64; badauth $LAT_TCP; } >"$dir/raw-lat_tcp-wrong-proof"
{ b 4 16; msg $BW_UDP $HELLO 1024 10 10000000 0 40000; badauth $BW_UDP; } >"$dir/raw-bw_udp-wrong-proof"
{ b 2 16; msg $LAT_CONNECT $STOP; badauth $LAT_CONNECT; } >"$dir/raw-stop-wrong-proof"
{ b 3 16; msg $BW_TCP $HELLO 65536 0 1000000000; } >"$dir/raw-bw_tcp-no-auth"
{ b 1 16; msg $LAT_UDP $HELLO 40000; msg $LAT_UDP $AUTH 1 2 3; } >"$dir/raw-auth-3-words"
{ b 0 16; msg $LAT_TCP $HELLO 64; msg $LAT_TCP $HELLO 64; } >"$dir/raw-two-hellos"
{ b 0 16; hdr $LAT_TCP $HELLO 0xfffffff8; x 64; } >"$dir/raw-4gb"
{ b 0 254; hdr $LAT_TCP $HELLO 0xfffffff8; } >"$dir/raw-4gb-bound-max"
{ b 0 254; hdr $LAT_TCP $HELLO $((8 * 4097)); word 1; } >"$dir/raw-4097-words"
{ b 1 254; hdr $LAT_UDP $HELLO $((8 * 4096)); word 1; word 2; } >"$dir/raw-4096-words-short"
{ b 0 16; msg $LAT_TCP $HELLO 64 | dd bs=1 count=8 2>/dev/null; } >"$dir/raw-short-header"
{ b 3 16; hdr $BW_TCP $HELLO 24; word 65536; } >"$dir/raw-short-payload"
{ b 0 16; hdr $LAT_TCP $HELLO 12; word 1; word 2; } >"$dir/raw-odd-length"
{ b 0 16; be32 0x68624e55; b 0 1 0 1; be32 $LAT_TCP; be32 0; } >"$dir/raw-bad-magic"
{ b 1 16; be32 0x68624e54; b 0 2 0 1; be32 $LAT_UDP; be32 0; } >"$dir/raw-bad-version"
{ b 0 16; msg $LAT_RPC $HELLO 64; badauth $LAT_RPC; } >"$dir/raw-wrong-program"
{ b 2 16; msg $LAT_CONNECT 7 1 2 3; } >"$dir/raw-data-not-hello"
{ b 3 16; printf 'GET / HTTP/1.0\r\n\r\n'; } >"$dir/raw-garbage"
b 4 16 >"$dir/raw-empty"
b 2 >"$dir/raw-one-byte"

# The box agent (hostinfo -s): a HELLO of its version, then requests of
# one word (SOCK_DATA): 1 BEGIN, 2 END, 3 the fingerprint.
{ b 5 17 1; word 1; msg $BOX $DATA 1; msg $BOX $DATA 2; msg $BOX $DATA 1; msg $BOX $DATA 2; } >"$dir/proved-hostinfo-intervals"
{ b 5 17 1; word 1; msg $BOX $DATA 1; } >"$dir/proved-hostinfo-begin-eof"
{ b 5 17 1; word 1; msg $BOX $DATA 1; msg $BOX $DATA 9; } >"$dir/proved-hostinfo-begin-junk"
{ b 5 17 1; word 1; msg $BOX $DATA 2; } >"$dir/proved-hostinfo-end-first"
{ b 5 17 1; word 2; } >"$dir/proved-hostinfo-version"
{ b 5 17 2; word 1; word 1; } >"$dir/proved-hostinfo-2words"
{ b 5 17 128; } >"$dir/proved-hostinfo-stop"
{ b 5 16; msg $BOX $HELLO 1; badauth $BOX; } >"$dir/raw-hostinfo-bad-proof"
