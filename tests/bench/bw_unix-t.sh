#!/bin/sh
. "$top_srcdir/tests/tap/libtap.sh"
skip_all "bw_unix is being written"
