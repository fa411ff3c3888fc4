/*
 * The wire fuzz target's parts (tests/fuzz/wire.c): each server's
 * connection handler, from its benchmark's source compiled once more
 * (tests/fuzz/wire-NAME.c), and the open that lib/net/sock_proto.c calls in
 * the harness's copy of it (tests/fuzz/wire-sock.c).
 */
#ifndef HB_FUZZ_WIRE_H
#define HB_FUZZ_WIRE_H

#include <stddef.h>

#include "net/sock_serve.h"

typedef int hb_wire_conn_fn(int fd, const struct sock_server *s);

/* The static serve_conn of bench/NAME.c. */
extern hb_wire_conn_fn *const hb_wire_conn_lat_tcp;
extern hb_wire_conn_fn *const hb_wire_conn_lat_udp;
extern hb_wire_conn_fn *const hb_wire_conn_lat_connect;
extern hb_wire_conn_fn *const hb_wire_conn_bw_tcp;
extern hb_wire_conn_fn *const hb_wire_conn_bw_udp;
/* hostinfo -s, the box agent: lib/net/boxagent.c's boxagent_conn (wire-hostinfo.c). */
extern hb_wire_conn_fn *const hb_wire_conn_hostinfo;

/* The programs' mains, renamed (never called). */
int hb_wire_main_lat_tcp(int argc, char **argv);
int hb_wire_main_lat_udp(int argc, char **argv);
int hb_wire_main_lat_connect(int argc, char **argv);
int hb_wire_main_bw_tcp(int argc, char **argv);
int hb_wire_main_bw_udp(int argc, char **argv);

/*
 * lib/net/sock_proto.c's open (wire-sock.c): /dev/urandom is a pipe holding
 * HB_WIRE_RANDOM_LEN bytes of hb_wire_random_byte(0), (1)..., so every
 * challenge and cookie is known in advance; any other path is open(2).
 */
#define HB_WIRE_RANDOM_LEN 256
int hb_wire_open(const char *path, int flags, ...);
unsigned char hb_wire_random_byte(size_t i);

#endif
