#!/bin/sh
. "$top_srcdir/tests/tap/libtap.sh"
skip_all "bw_tcp is being written"
