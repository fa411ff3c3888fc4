/*
 * sock_internal: what the files of the sock family (sock.c, sock_proto.c,
 * sock_serve.c, sock_main.c) share among themselves; not for programs.
 */
#ifndef HB_SOCK_INTERNAL_H
#define HB_SOCK_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>

struct sock_server;

/*
 * sock_read_full, finished by deadline (timing_now() clock, moved by a
 * freeze as in sock_poll_until; 0: none) whatever arrives meanwhile
 * (ETIMEDOUT).  Same returns.
 */
ssize_t sock_read_full_by(int fd, void *buf, size_t n, uint64_t deadline);

/* Clear (blocking) or set O_NONBLOCK on fd.  0, or -1 with errno set. */
int sock_set_blocking(int fd, int blocking);

/* 1 when a and b are the same host (addresses, ports aside; IP only). */
int sock_same_host(const struct sockaddr_storage *a, const struct sockaddr_storage *b);

/* Have the kernel kill this process when its parent dies (Linux); else nothing. */
void sock_die_with_parent(void);

#endif
