#!/bin/sh
. "$top_srcdir/tests/tap/libtap.sh"
skip_all "lat_fifo is being written"
