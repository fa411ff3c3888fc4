#!/bin/sh
. "$top_srcdir/tests/tap/libtap.sh"
skip_all "bw_udp is being written"
