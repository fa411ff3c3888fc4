#!/bin/sh
. "$top_srcdir/tests/tap/libtap.sh"
skip_all "lat_unix is being written"
