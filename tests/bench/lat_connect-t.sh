#!/bin/sh
. "$top_srcdir/tests/tap/libtap.sh"
skip_all "lat_connect is being written"
