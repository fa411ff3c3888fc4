#!/bin/sh
# hostinfo: options, and every key of the host fingerprint as a
# well-formed configuration line.
. "$top_srcdir/tests/tap/libtap.sh"

keys='hostbench host os arch cpu cpus cpu-mhz mem load libc compiler cflags build-host clock clock-resolution date'

[ -f "$(prog hostinfo)" ] || skip_all 'bench/hostinfo is not built'

plan 28

cli '-h exits 0 with the usage line' 0 '^usage: hostinfo' hostinfo -h
cli '-V prints the version' 0 '^hostinfo \(hostbench\) [0-9]+\.[0-9]+' hostinfo -V
cli 'an unknown option: exit 2 naming it' 2 "unknown option '-x'" hostinfo -x
cli 'an argument: exit 2 naming it' 2 "unexpected argument 'extra'" hostinfo extra

run_prog hostinfo
is 'runs with exit 0' 0 "$TAP_STATUS"
is 'prints nothing on stderr' '' "$TAP_STDERR"
out=$TAP_STDOUT

# value KEY: the value of the line "KEY: value" (the first one).
value() {
	printf '%s\n' "$out" | sed -n "s/^$1: //p" | sed -n '1p'
}

# has_key KEY: exactly one line "KEY: <non-empty value>".
has_key() {
	[ "$(printf '%s\n' "$out" | grep -c "^$1: [^ ]")" -eq 1 ]
}

for k in $keys; do
	ok "has one line '$k: ...'" has_key "$k"
done

# matches VALUE ERE: VALUE matches the extended regular expression.
matches() {
	printf '%s\n' "$1" | grep -Eq -- "$2"
}

all_config_lines() {
	printf '%s\n' "$out" | awk '!/^[a-z][a-z0-9-]*: [^ ]/ { bad++ } END { exit bad > 0 }'
}

ok 'every line is a configuration line "key: value"' all_config_lines
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
