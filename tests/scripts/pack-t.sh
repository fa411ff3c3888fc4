#!/bin/sh
# make pack: hostbench-VERSION-HOST.tar.gz holds one directory of that
# name with the front end (and fleet.sh, which it sources), every program
# the build tree has (hello for lat_proc, hostinfo, the results tool),
# stripped, the man pages and a README; a program linked dynamically is
# refused unless PACK_DYNAMIC=yes; a failed pack leaves nothing; the
# name says the C library (glibc and musl bundles for one CPU differ);
# and the unpacked bundle runs the suite from its own directory with
# nothing but busybox in PATH (through $TEST_WRAPPER when cross-compiled,
# and without it refuses at once, naming the CPUs and the qemu-user to
# use), leaving only its result behind.
. "$top_srcdir/tests/tap/libtap.sh"

[ -f "$top_builddir/Makefile" ] || skip_all 'no Makefile in the build tree'
[ -f "$top_builddir/hostbench" ] || skip_all 'hostbench is not generated'
command -v busybox >/dev/null 2>&1 && busybox sh -c : 2>/dev/null ||
	skip_all 'busybox is not installed'
command -v file >/dev/null 2>&1 || skip_all 'file(1) is not installed'

plan 16

tmpd=$(mktemp -d "${TMPDIR:-/tmp}/pack-t.XXXXXX") || bail 'mktemp -d failed'
_tap_cleanup_hook() {
	rm -rf "$tmpd"
}
trap 'exit 1' HUP INT TERM

# make ARGS...: make in the build tree, quietly, outside the make that
# runs the tests (its jobserver is not ours).  Output in $MK_OUT, status
# in $MK_STATUS.
mk() {
	MK_STATUS=0
	MAKEFLAGS='' MFLAGS='' MAKELEVEL='' ${MAKE:-make} -s -C "$top_builddir" "$@" \
		>"$tmpd/mk.out" 2>&1 </dev/null || MK_STATUS=$?
	MK_OUT=$(grep -v -e '^make.*: Entering directory' -e '^make.*: Leaving directory' "$tmpd/mk.out")
}

mkvar() {
	sed -n "s/^$1 = //p" "$top_builddir/Makefile" | sed -n 1p
}

version=$(sh "$top_builddir/hostbench" --version | sed -n 's/^hostbench //p')
host=$(mkvar HB_PACK_HOST)
name=hostbench-$version-$host

case $(file -L -b "$top_builddir/bench/lat_syscall") in
*'statically linked'* | *'static-pie linked'*) static=yes ;;
*) static=no ;;
esac

# A strip that fails: nothing is left, no bundle and no staging directory.
mkdir "$tmpd/bad"
mk pack PACKDIR="$tmpd/bad" PACK_STRIP=false PACK_DYNAMIC=yes
is 'a pack whose strip fails: make fails and leaves nothing' \
	"fail|" "$([ "$MK_STATUS" -ne 0 ] && echo fail)|$(ls -A "$tmpd/bad")"

mkdir "$tmpd/p"
if [ "$static" = yes ]; then
	mk pack PACKDIR="$tmpd/p"
	is 'a static build: make pack exits 0 and prints the bundle' \
		"0 $tmpd/p/$name.tar.gz" "$MK_STATUS $(printf '%s\n' "$MK_OUT" | sed -n '$p')"
	skip 'the build is static: nothing to refuse'
else
	mk pack PACKDIR="$tmpd/p"
	like 'a dynamic build: make pack refuses, naming the cure' \
		"$MK_STATUS $MK_OUT" '^[1-9][0-9]* .*linked dynamically: .*--enable-static'
	is '... and writes nothing' '' "$(ls -A "$tmpd/p")"
	mk pack PACKDIR="$tmpd/p" PACK_DYNAMIC=yes
	[ "$MK_STATUS" -eq 0 ] || diag "$MK_OUT"
fi
is "the bundle is the only file there, named $name.tar.gz" \
	"$name.tar.gz" "$(ls -A "$tmpd/p")"
# The C library as the programs themselves say it (hostinfo's libc line,
# from the library's own version call or macro), against the name.
libc=$($TEST_WRAPPER "$top_builddir/bench/hostinfo" 2>/dev/null | sed -n 's/^libc: //p')
case $libc in
glibc*) like "the name says glibc, which the programs link (libc: $libc)" "$name" '^hostbench-[^-]+-[^-]+-.*-gnu[a-z0-9]*$' ;;
musl*) like "the name says musl, which the programs link (libc: $libc)" "$name" '^hostbench-[^-]+-[^-]+-.*-musl[a-z0-9]*$' ;;
*) skip "hostinfo names no C library the name would tell (libc: ${libc:-none})" ;;
esac

tar_list=$(gzip -dc <"$tmpd/p/$name.tar.gz" | tar -tf - | sed 's|^\./||')
is 'it holds one directory, of the same name' "$name" \
	"$(printf '%s\n' "$tar_list" | cut -d/ -f1 | sort -u)"

mkdir "$tmpd/board"
(cd "$tmpd/board" && gzip -dc <"$tmpd/p/$name.tar.gz" | tar -xf -) || bail 'cannot unpack the bundle'
b=$tmpd/board/$name

# Every program of the build tree is there: the ones make builds for
# $(pkglibexecdir), which is what the front end runs.
missing=''
for p in "$top_builddir"/bench/* "$top_builddir/results/hostbench-compare"; do
	[ -f "$p" ] && [ -x "$p" ] || continue
	case $p in *.o | *.obj) continue ;; esac
	[ -f "$b/${p##*/}" ] || missing="$missing ${p##*/}"
done
is 'every program of the build tree is in it' '' "$missing"
ok '... hello (lat_proc exec runs it), hostinfo, hostbench-compare among them' \
	test -x "$b/hello" -a -x "$b/hostinfo" -a -x "$b/hostbench-compare"
ok '... and the front end, the fleet code it sources and the README' \
	test -x "$b/hostbench" -a -s "$b/fleet.sh" -a -s "$b/README"
# The man pages: doc/*.1, and those the build makes from doc/*.1.in.
nman=$(ls "$top_srcdir"/doc/*.1 "$top_srcdir"/doc/*.1.in | wc -l)
is '... and every man page' "$nman" "$(ls "$b"/man/man1/*.1 | wc -l)"

unstripped=''
for p in "$b"/*; do
	[ "${p##*/}" != hostbench ] && [ "${p##*/}" != README ] && [ -f "$p" ] || continue
	case $(file -b "$p") in
	*'not stripped'* | *'with debug_info'*) unstripped="$unstripped ${p##*/}" ;;
	esac
done
is '... every program stripped (with the cross strip when cross-compiling)' '' "$unstripped"

# On the board: busybox alone.  PATH holds busybox's applets and nothing
# else; a cross build runs its programs through the wrapper, by full path.
mkdir "$tmpd/bin" "$tmpd/tmp"
bb=$(command -v busybox)
for a in $(busybox --list); do
	ln -s "$bb" "$tmpd/bin/$a"
done
wrapper=''
if [ -n "$TEST_WRAPPER" ]; then
	set -- $TEST_WRAPPER
	w=$(command -v "$1") || bail "no $1"
	shift
	wrapper="$w $*"
fi
ls -A "$b" >"$tmpd/before"
# Cross-compiled, without the wrapper: this machine cannot run them; the
# front end says so before writing anything.
if [ -n "$TEST_WRAPPER" ]; then
	st=0
	(cd "$b" && env -i PATH="$tmpd/bin" HOME="$tmpd" TMPDIR="$tmpd/tmp" \
		"$bb" sh -c './hostbench run -q --profile test --only lat_syscall') \
		>"$tmpd/run.out" 2>"$tmpd/run.err" || st=$?
	like 'without HOSTBENCH_WRAPPER, ./hostbench run stops at once: exit 1, naming both CPUs and the qemu-user' \
		"$st $(cat "$tmpd/run.err")|$(ls -A "$b" | grep -vxF -f "$tmpd/before")$(ls -A "$tmpd/tmp")" \
		"^1 hostbench: these programs are built for [a-z0-9_]+; this machine is $(uname -m): run them on the board, or set HOSTBENCH_WRAPPER='?qemu-[a-z0-9_]+[^|]*\\|\$"
else
	skip 'a native build: this machine runs its programs'
fi
st=0
(cd "$b" && env -i PATH="$tmpd/bin" HOME="$tmpd" TMPDIR="$tmpd/tmp" HOSTBENCH_WRAPPER="$wrapper" \
	"$bb" sh -c './hostbench run -q --profile test --only lat_syscall,lat_proc') \
	>"$tmpd/run.out" 2>"$tmpd/run.err" || st=$?
path=$(cat "$tmpd/run.out")
like 'under busybox alone, ./hostbench run in the bundle writes results/<platform>/<host>.0' \
	"$st $path" '^0 results/[a-z0-9_.-]+/[A-Za-z0-9_.-]+\.0$'
[ "$st" -eq 0 ] || diag "$(cat "$tmpd/run.err")"
f=$b/$path
statuses=$(awk '/^# bench: / { b = $3 } /^# status: / { print b " " $3 }' "$f" 2>/dev/null | sort | uniq -c |
	awk '{ printf "%s%s %s=%s", sep, $2, $3, $1; sep = ", " }')
if [ -z "$TEST_WRAPPER" ]; then
	is '... every case of lat_syscall and lat_proc ok (exec found hello beside it)' \
		'lat_proc ok=4, lat_syscall ok=6' "$statuses"
else
	# qemu-user cannot exec a program for another CPU (lat_proc exec).
	like '... every case of lat_syscall ok' "$statuses" 'lat_syscall ok=6'
fi
ok '... with well-formed records' well_formed "$(cat "$f" 2>/dev/null)"
is '... leaving nothing else in the bundle or TMPDIR' "results|" \
	"$(ls -A "$b" | grep -vxF -f "$tmpd/before")|$(ls -A "$tmpd/tmp")"
