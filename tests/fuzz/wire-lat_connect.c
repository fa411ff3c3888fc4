/*
 * bench/lat_connect.c once more, for the wire fuzz target (tests/fuzz/wire.c):
 * its main renamed, its static serve_conn reachable through a pointer.
 */
#include "config.h"

#include "wire.h"

#define main hb_wire_main_lat_connect
#include "../../bench/lat_connect.c"
#undef main

hb_wire_conn_fn *const hb_wire_conn_lat_connect = serve_conn;
