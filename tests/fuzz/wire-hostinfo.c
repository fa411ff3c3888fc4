/*
 * The box agent's connection handler (hostinfo -s: lib/net/boxagent.c's
 * boxagent_conn, a library function, not a static one of bench/) for the
 * wire fuzz target (tests/fuzz/wire.c).
 */
#include "config.h"

#include "net/boxagent.h"
#include "wire.h"

hb_wire_conn_fn *const hb_wire_conn_hostinfo = boxagent_conn;
