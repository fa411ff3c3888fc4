#!/bin/sh
# lat_sem: options, errors, plausible round trips in both placements, and
# neither the child nor the semaphore set left after SIGTERM or when the
# child dies.  Where System V semaphores do not work (some qemu-user
# builds) the program exits 77 and the runs are skipped with its reason.
# The sets are counted in an IPC namespace of the test's own where it can
# have one (root, or unprivileged user namespaces): the sets of other
# programs (another build's tests beside this one: CI runs two at once)
# are not this test's.  Elsewhere the system's are counted.
if [ -z "${HB_IPC_OWN:-}" ] && command -v unshare >/dev/null 2>&1 && unshare -i true 2>/dev/null; then
	HB_IPC_OWN=1
	export HB_IPC_OWN
	exec unshare -i "${SHELL:-/bin/sh}" "$0" "$@"
fi
. "$top_srcdir/tests/tap/libtap.sh"
. "$top_srcdir/tests/tap/libplace.sh"

# sets: System V semaphore sets on the system, or in the test's IPC
# namespace ("-" without ipcs).
sets() {
	if command -v ipcs >/dev/null 2>&1; then
		ipcs -s 2>/dev/null | grep -c '^0x' || :
	else
		printf '%s\n' -
	fi
}
# place_left VICTIM: after each kill of place_kill.
place_left() {
	is "$1 killed: no semaphore set is left" "$before" "$(sets)"
}

place_init lat_sem LatSem
plan 24
before=$(sets)
place_cli
cli 'an argument: exit 2' 2 "unexpected argument 'x'" lat_sem x
place_run
[ "$TAP_STATUS" -ne 77 ] || place_skip_rest "$(printf '%s\n' "$TAP_OUT" | head -n 1)"
place_values 0.001 1e9 'ns per round trip'
place_unpinned
is 'no semaphore set is left after the runs' "$before" "$(sets)"
place_kill 2 'the partner process died'
