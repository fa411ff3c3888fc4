/*
 * bench/bw_udp.c once more, for the wire fuzz target (tests/fuzz/wire.c):
 * its main renamed, its static serve_conn reachable through a pointer.
 */
#include "config.h"

#include "wire.h"

#define main hb_wire_main_bw_udp
#include "../../bench/bw_udp.c"
#undef main

hb_wire_conn_fn *const hb_wire_conn_bw_udp = serve_conn;
