/*
 * bench/lat_udp.c once more, for the wire fuzz target (tests/fuzz/wire.c):
 * its main renamed, its static serve_conn reachable through a pointer.
 */
#include "config.h"

#include "wire.h"

#define main hb_wire_main_lat_udp
#include "../../bench/lat_udp.c"
#undef main

hb_wire_conn_fn *const hb_wire_conn_lat_udp = serve_conn;
