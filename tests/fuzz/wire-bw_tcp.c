/*
 * bench/bw_tcp.c once more, for the wire fuzz target (tests/fuzz/wire.c):
 * its main renamed, its static serve_conn reachable through a pointer.
 */
#include "config.h"

#include "wire.h"

#define main hb_wire_main_bw_tcp
#include "../../bench/bw_tcp.c"
#undef main

hb_wire_conn_fn *const hb_wire_conn_bw_tcp = serve_conn;
