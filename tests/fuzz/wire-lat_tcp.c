/*
 * bench/lat_tcp.c once more, for the wire fuzz target (tests/fuzz/wire.c):
 * its main renamed, its static serve_conn reachable through a pointer.
 */
#include "config.h"

#include "wire.h"

#define main hb_wire_main_lat_tcp
#include "../../bench/lat_tcp.c"
#undef main

hb_wire_conn_fn *const hb_wire_conn_lat_tcp = serve_conn;
