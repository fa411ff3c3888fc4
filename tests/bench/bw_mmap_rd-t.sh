#!/bin/sh
# bw_mmap_rd: bw_file_rd's test (one source, two programs) with its names.
P=bw_mmap_rd ONCE=mmap_only
. "$top_srcdir/tests/bench/bw_file_rd-t.sh"
