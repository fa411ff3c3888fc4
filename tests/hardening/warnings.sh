#!/bin/sh
# warnings.sh: make warnings.  Compiles every C source named on the command
# line with gcc and with clang (to /dev/null, so the build is untouched),
# runs cppcheck on them, prints the number of warnings per tool and per flag
# or check, and exits 1 when there is any (or a tool is missing).
#
#   warnings.sh SRCDIR FILE... [FILE@-DMACRO...]
#
# FILE@FLAGS compiles FILE once more with FLAGS (a program built twice from
# one source).  Headers among the FILEs are skipped: the sources include
# them.  The tools and their flags come from the environment that make
# sets: WARN_GCC, WARN_GCC_FLAGS, WARN_CLANG, WARN_CLANG_FLAGS, CPPCHECK,
# CPPCHECK_FLAGS, WARN_CPPFLAGS (-D and -I for every file), WARN_SYSINCLUDES
# (-I flags of third-party headers, passed as -isystem so that their own
# warnings are not counted).  Each tool's full output is in warnings-TOOL.log.
set -eu

srcdir=$1
shift
sysinc=
for w in ${WARN_SYSINCLUDES:-}; do
	case $w in
	-I*) sysinc="$sysinc -isystem ${w#-I}" ;;
	*) sysinc="$sysinc $w" ;;
	esac
done

# The C files, each once, in order.
files=
for f in "$@"; do
	case $f in
	*.c | *.c@*)
		case " $files " in *" $f "*) ;; *) files="$files $f" ;; esac ;;
	esac
done

bad=0

# count TOOL LOG PATTERN: print the total and the count per flag or check.
count() {
	n=$(grep -c "$3" "$2" || true)
	printf '%s: %d warnings\n' "$1" "$n"
	if [ "$n" -gt 0 ]; then
		grep "$3" "$2" | sed -n 's/.*\[\([^]]*\)\]$/\1/p' | sort | uniq -c | sort -rn |
			sed 's/^/    /'
		grep "$3" "$2" | sed 's/^/  /'
		bad=1
	fi
}

# compile NAME CC FLAGS: every file, warnings to warnings-NAME.log.
compile() {
	log=warnings-$1.log
	: >"$log"
	if ! command -v "$2" >/dev/null 2>&1; then
		printf '%s: not found (e.g. apt-get install %s)\n' "$2" "$1"
		bad=1
		return 0
	fi
	for f in $files; do
		extra=
		case $f in *@*) extra=${f#*@} f=${f%%@*} ;; esac
		# shellcheck disable=SC2086
		if ! $2 $WARN_CPPFLAGS $sysinc $extra $3 -c "$srcdir/$f" -o /dev/null >>"$log" 2>&1; then
			printf '%s: %s does not compile\n' "$1" "$f" >>"$log"
			printf '%s: %s does not compile\n' "$1" "$f"
			bad=1
		fi
	done
	count "$1" "$log" 'warning:'
}

compile gcc "$WARN_GCC" "$WARN_GCC_FLAGS"
compile clang "$WARN_CLANG" "$WARN_CLANG_FLAGS"

log=warnings-cppcheck.log
: >"$log"
if command -v "$CPPCHECK" >/dev/null 2>&1; then
	plain=
	for f in $files; do
		case $f in *@*) ;; *) plain="$plain $srcdir/$f" ;; esac
	done
	# __GNUC__ makes HB_NORETURN the attribute, so cppcheck knows that
	# msg_die and bail do not return.  cppcheck keeps only -D, -U and -I.
	cflags=
	for w in $WARN_CPPFLAGS; do
		case $w in -D* | -U* | -I*) cflags="$cflags $w" ;; esac
	done
	# shellcheck disable=SC2086
	$CPPCHECK $CPPCHECK_FLAGS -D__GNUC__ $cflags \
		--template='{file}:{line}: {severity}: {message} [{id}]' $plain >>"$log" 2>&1 ||
		{ echo "cppcheck failed" >>"$log"; bad=1; }
	count cppcheck "$log" ': \(error\|warning\|style\|performance\|portability\|information\):'
else
	printf '%s: not found (e.g. apt-get install cppcheck)\n' "$CPPCHECK"
	bad=1
fi

[ "$bad" -eq 0 ] || exit 1
echo 'warnings: none'
