#!/bin/sh
# pack.sh: make the bundle for a board, NAME.tar.gz in OUTDIR, holding
# the directory NAME/ with the front end and the files it sources, every
# program beside it (stripped), the man pages under man/man1 and a
# README.  On the board busybox is enough: tar xzf NAME.tar.gz; cd NAME;
# ./hostbench run.
# `make pack` runs it; it is not installed.
#
#   pack.sh -n NAME -o OUTDIR -s STRIP [-d] -r README -f FRONTEND
#           [-i FILE]... [-m MANPAGE]... PROGRAM...
#
#   -s STRIP  the strip command (the cross strip when cross-compiling;
#             ":" strips nothing)
#   -d        bundle programs that are not linked statically (they then
#             need the same shared libraries on the board); without it
#             such a program is refused
#   -i FILE   a file the front end sources (fleet.sh): put beside it as is
#
# Exit status: 0 written; 1 refused or failed (nothing is left behind);
# 2 bad usage.
set -eu

me=pack
name='' outdir='' strip='' dynamic=no readme='' frontend='' includes='' mans=''
nl='
'

die() {
	printf '%s: %s\n' "$me" "$*" >&2
	exit 1
}

usage_error() {
	printf '%s: %s\n' "$me" "$*" >&2
	exit 2
}

while getopts 'n:o:s:dr:f:i:m:' opt; do
	case $opt in
	n) name=$OPTARG ;;
	o) outdir=$OPTARG ;;
	s) strip=$OPTARG ;;
	d) dynamic=yes ;;
	r) readme=$OPTARG ;;
	f) frontend=$OPTARG ;;
	i) includes=$includes$OPTARG$nl ;;
	m) mans=$mans$OPTARG$nl ;;
	*) usage_error 'usage: pack.sh -n NAME -o OUTDIR -s STRIP [-d] -r README -f FRONTEND [-i FILE]... [-m MAN]... PROG...' ;;
	esac
done
shift $((OPTIND - 1))
[ -n "$name" ] || usage_error '-n NAME is needed'
case $name in
*/* | .*) usage_error "-n: '$name' must be a plain file name" ;;
esac
[ -d "$outdir" ] || usage_error "-o: '$outdir' is not a directory"
[ -n "$strip" ] || usage_error '-s STRIP is needed'
[ -f "$readme" ] || usage_error "-r: no file '$readme'"
[ -f "$frontend" ] || usage_error "-f: no file '$frontend'"
set -f
old_ifs=$IFS
IFS=$nl
for i in $includes; do
	[ -f "$i" ] || usage_error "-i: no file '$i'"
done
IFS=$old_ifs
set +f
[ $# -gt 0 ] || usage_error 'no programs to pack'

# The linkage of a program as file(1) tells it: static, dynamic or
# unknown (no file(1), or a format it does not describe).
linkage() {
	command -v file >/dev/null 2>&1 || {
		printf unknown
		return 0
	}
	case $(file -b -- "$1" 2>/dev/null) in
	*'statically linked'* | *'static-pie linked'*) printf static ;;
	*'dynamically linked'*) printf dynamic ;;
	*) printf unknown ;;
	esac
}

dynamic_ones='' unknown_ones=''
for p in "$@"; do
	[ -f "$p" ] || die "no program '$p' (run make first)"
	[ ! -h "$p" ] || continue
	case $(linkage "$p") in
	dynamic) dynamic_ones="$dynamic_ones ${p##*/}" ;;
	unknown) unknown_ones="$unknown_ones ${p##*/}" ;;
	esac
done
if [ -n "$dynamic_ones" ]; then
	if [ "$dynamic" = no ]; then
		die "these programs are linked dynamically:$dynamic_ones; a board needs static ones: configure with --enable-static and make again (or make pack PACK_DYNAMIC=yes to bundle them anyway, for a board with the same shared libraries)"
	fi
	printf '%s: warning: bundling dynamically linked programs:%s\n' "$me" "$dynamic_ones" >&2
fi
if [ -n "$unknown_ones" ]; then
	printf '%s: warning: cannot tell whether these programs are static (file(1) missing or silent):%s\n' \
		"$me" "$unknown_ones" >&2
fi

stage=''
tarball=$outdir/$name.tar.gz
part=''
cleanup() {
	[ -z "$stage" ] || rm -rf -- "$stage"
	[ -z "$part" ] || rm -f -- "$part"
}
trap cleanup EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

stage=$(mktemp -d "$outdir/.pack.XXXXXX") || die "cannot make a directory in '$outdir'"
dir=$stage/$name
mkdir "$dir" "$dir/man" "$dir/man/man1"
for p in "$@"; do
	# A link (a multicall build's names for hostbench-all) stays a link
	# to its target's name, so the program is in the bundle once.
	if [ -h "$p" ]; then
		target=$(ls -l -- "$p" | sed 's/.* -> //')
		ln -s -- "${target##*/}" "$dir/${p##*/}" || die "cannot link '${p##*/}'"
		continue
	fi
	cp -- "$p" "$dir/" || die "cannot copy '$p'"
	chmod 755 "$dir/${p##*/}"
	# shellcheck disable=SC2086
	$strip "$dir/${p##*/}" || die "'$strip' failed on ${p##*/}"
done
cp -- "$frontend" "$dir/hostbench" && chmod 755 "$dir/hostbench" || die "cannot copy '$frontend'"
cp -- "$readme" "$dir/README" && chmod 644 "$dir/README" || die "cannot copy '$readme'"
set -f
old_ifs=$IFS
IFS=$nl
for i in $includes; do
	cp -- "$i" "$dir/" && chmod 644 "$dir/${i##*/}" || die "cannot copy '$i'"
done
for m in $mans; do
	cp -- "$m" "$dir/man/man1/" && chmod 644 "$dir/man/man1/${m##*/}" || die "cannot copy '$m'"
done
IFS=$old_ifs

# Written under a temporary name and renamed: a failed pack leaves no
# truncated bundle that looks whole.
part=$outdir/.$name.tar.gz.part
(cd "$stage" && tar -cf "$name.tar" "$name") || die "tar failed in '$stage'"
gzip -9 -c <"$stage/$name.tar" >"$part" || die "cannot write '$part'"
mv -f -- "$part" "$tarball" || die "cannot write '$tarball'"
part=''
printf '%s\n' "$tarball"
