#!/bin/sh
. "$top_srcdir/tests/tap/libtap.sh"
skip_all "bw_pipe is being written"
