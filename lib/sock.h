/*
 * sock: what the network benchmarks (lat_tcp, lat_udp, lat_connect,
 * bw_tcp, bw_udp, lat_rpc) share.
 *
 *   - addresses through getaddrinfo (IPv4 and IPv6), listening and
 *     connecting with timeouts, whole reads and writes;
 *   - the small fixed protocol every hostbench server speaks: a 16-byte
 *     header (magic, version, kind, program, payload length) and a
 *     payload of 64-bit words, all big-endian, so any two hosts agree;
 *   - the key check: a server answers a HELLO or a STOP with a random
 *     challenge, and goes on only when the client returns the
 *     HMAC-SHA256 of it (and of what it asked) under the server's key;
 *   - the server loop: a bounded number of forked children, at most
 *     SOCK_PEER_UNAUTH of them (and of accepted connections waiting for
 *     their first bytes) per peer address until they prove the key,
 *     deadlines that nothing a client sends extends, an idle timeout
 *     that only clients with the key reset, and a parent pipe so that a
 *     server a benchmark started never outlives it;
 *   - UDP only inside a session: a socket of the session's own, connected
 *     to the address the client gave over its authenticated TCP
 *     connection, so that nothing is ever sent to a forged source;
 *   - the driver behind every program's main: `PROG -s` (a server in the
 *     background), `PROG -S HOST` (stop it), `PROG HOST` (measure against
 *     it) and `PROG` alone (start a server on loopback for each placement
 *     of lib/place, measure, stop it);
 *   - percentiles of single round trips (lib/hist), and a report of
 *     samples that carry several value-unit pairs.
 *
 * Nothing a server receives is executed or used as a path; lengths are
 * checked against fixed bounds before anything is read into memory.
 * Functions report failure to the caller (errno set) unless they say they
 * exit: sock_option and sock_check_samples (status 2, like bench_arg_int),
 * and sock_main, which runs a whole program.
 */
#ifndef HB_SOCK_H
#define HB_SOCK_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>

#include "bench.h"
#include "cpustat.h"
#include "place.h"

/* ---------------------------------------------------------------- protocol */

#define SOCK_MAGIC 0x68624e54u		/* "hbNT" */
#define SOCK_VERSION 1
#define SOCK_HDR_LEN 16
#define SOCK_MAX_WORDS 4096		/* payload bound: 32 KB */

/* Message kinds. */
enum sock_kind {
	SOCK_HELLO = 1,		/* client: start a session (parameters follow) */
	SOCK_ACK,		/* server: accepted (values follow) */
	SOCK_STOP,		/* client: stop the server (answered by ACK) */
	SOCK_END,		/* client: the transfer is over */
	SOCK_RESULT,		/* server: what it measured */
	SOCK_NAK,		/* server: refused (a word says why: enum sock_nak) */
	SOCK_DATA,		/* client: a datagram of a UDP transfer */
	SOCK_CHALLENGE,		/* server: prove the key (two words of nonce) */
	SOCK_AUTH		/* client: the proof (four words: sock_mac) */
};

/* Why a server refused, the NAK's word. */
enum sock_nak {
	SOCK_NAK_PARAMS = 1,	/* the parameters */
	SOCK_NAK_KEY		/* the proof of the key */
};

/* Which benchmark a message belongs to: a server answers only its own. */
enum sock_proto {
	SOCK_LAT_TCP = 1,
	SOCK_LAT_UDP,
	SOCK_LAT_CONNECT,
	SOCK_BW_TCP,
	SOCK_BW_UDP,
	SOCK_LAT_RPC
};

/* Big-endian stores and loads. */
void sock_put32(unsigned char *p, uint32_t v);
uint32_t sock_get32(const unsigned char *p);
void sock_put64(unsigned char *p, uint64_t v);
uint64_t sock_get64(const unsigned char *p);

/*
 * Encode a message (header and n words) into buf.  Returns its length,
 * or 0 when it does not fit in len or n > SOCK_MAX_WORDS.
 */
size_t sock_encode(unsigned char *buf, size_t len, unsigned proto,
		   unsigned kind, const uint64_t *w, size_t n);

/*
 * Check a received header: magic, version, proto and a payload of whole
 * words, at most max of them.  Stores the kind and the word count.
 * Returns 0, or -1 with errno EPROTO.
 */
int sock_decode_hdr(const unsigned char *hdr, unsigned proto, unsigned *kind,
		    size_t *nwords, size_t max);

/* Send a message on a stream socket.  Returns 0, or -1 with errno set. */
int sock_send_msg(int fd, unsigned proto, unsigned kind, const uint64_t *w, size_t n);

/*
 * Receive one message on a stream socket: at most max words into w, the
 * count into *n.  Returns 0; 1 when the peer closed before sending a
 * byte; -1 with errno set (EPROTO: bad header or more than max words;
 * EAGAIN or ETIMEDOUT: the socket's timeout expired; ECONNRESET: closed
 * part-way).
 */
int sock_recv_msg(int fd, unsigned proto, unsigned *kind, uint64_t *w,
		  size_t max, size_t *n);

/*
 * The same, finished by deadline (timing_now() clock) whatever the peer
 * sends meanwhile: a byte at a time does not extend it (ETIMEDOUT).
 */
int sock_recv_msg_by(int fd, unsigned proto, unsigned *kind, uint64_t *w,
		     size_t max, size_t *n, uint64_t deadline);

/* Write all n bytes (retrying short writes and EINTR).  0, or -1 with errno. */
int sock_write_full(int fd, const void *buf, size_t n);

/*
 * Read exactly n bytes.  Returns n; 0 when the peer closed before the
 * first byte; -1 with errno set (ECONNRESET when it closed part-way).
 */
ssize_t sock_read_full(int fd, void *buf, size_t n);

/*
 * Bound every blocking read and write on fd to ns nanoseconds
 * (SO_RCVTIMEO, SO_SNDTIMEO); 0 removes the bound.  0, or -1 with errno.
 */
int sock_set_timeout(int fd, uint64_t ns);

/* ---------------------------------------------------------------- keys */

#define SOCK_KEY_MAX 64		/* bytes of a key */
#define SOCK_NONCE_LEN 16
#define SOCK_MAC_LEN 32
#define SOCK_KEY_ENV "HOSTBENCH_KEY"

/*
 * The proof of the key for one request: HMAC-SHA256 under key (len
 * bytes) of a label, proto, kind, the challenge and the request's n
 * words, in the wire's byte order.  Pure.
 */
void sock_mac(const unsigned char *key, size_t len, unsigned proto, unsigned kind,
	      const unsigned char *nonce, const uint64_t *w, size_t n,
	      unsigned char *mac);

/* n random bytes from /dev/urandom.  0, or -1 with errno set. */
int sock_random(void *buf, size_t n);

/*
 * Check a key's text: 1 .. SOCK_KEY_MAX printable ASCII characters, no
 * space.  0, or -1 with the reason in err.  Pure.
 */
int sock_check_key(const char *key, char *err, size_t errlen);

/*
 * The key a client proves and a server asks for (the text; its bytes
 * are the HMAC key).  sock_main sets it from -K FILE, $HOSTBENCH_KEY or
 * a fresh random one; "" until then.
 */
void sock_set_key(const char *key);
const char *sock_key(void);

/*
 * What a client's failure means, for errno values of sock_session and
 * sock_stop_tcp (EACCES: the key refused; EINVAL: the parameters;
 * ETIMEDOUT/EAGAIN: the server silent; ECONNRESET: it closed the
 * connection; EPROTO: not this program's server), else strerror.
 */
const char *sock_why(int err);

/* ---------------------------------------------------------------- addresses */

struct sock_addr {
	struct sockaddr_storage ss;
	socklen_t len;
	char text[64];		/* numeric address, no port */
};

/*
 * Resolve host (NULL with passive: the wildcard address) and port for a
 * socket of type (SOCK_STREAM or SOCK_DGRAM) and family (AF_UNSPEC,
 * AF_INET, AF_INET6) into *a: the first address getaddrinfo returns.
 * Returns 0, or -1 with a one-line reason in err.
 */
int sock_resolve(const char *host, unsigned port, int family, int type,
		 int passive, struct sock_addr *a, char *err, size_t errlen);

/* The port of a, or of the socket fd's local address (sock_local_port). */
unsigned sock_addr_port(const struct sock_addr *a);
void sock_addr_set_port(struct sock_addr *a, unsigned port);
unsigned sock_local_port(int fd);

/* 1 when a is a loopback address (127/8, ::1, ::ffff:127.x). */
int sock_is_loopback(const struct sock_addr *a);

/*
 * A socket of type bound to a (a v6 wildcard also takes IPv4),
 * listening when it is a stream socket.  SO_REUSEADDR only for a stream
 * socket: on a UDP socket it would let another user's socket share the
 * port and receive its datagrams.  Returns the descriptor, or -1 with
 * errno set.
 */
int sock_listen(const struct sock_addr *a, int type);

/*
 * A socket of type connected to a, within timeout_ns for streams
 * (TCP_NODELAY set when nodelay); every later blocking read and write on
 * it is bounded by io_ns (0: unbounded).  Returns the descriptor, or -1
 * with errno set (ETIMEDOUT, ECONNREFUSED ...).
 */
int sock_connect(const struct sock_addr *a, int type, int nodelay,
		 uint64_t timeout_ns, uint64_t io_ns);

/* Accept on a listening socket within timeout_ns.  Descriptor, or -1 (errno). */
int sock_accept(int lfd, uint64_t timeout_ns);

/*
 * Ask for a socket buffer of want bytes (opt SO_SNDBUF or SO_RCVBUF; 0:
 * leave it) and store the size the kernel granted (Linux doubles it), as
 * iperf reports it.  0, or -1 with errno set.
 */
int sock_buffer(int fd, int opt, uint64_t want, uint64_t *granted);

/*
 * Parse a rate in bits/s: a decimal number with an optional k, m or g
 * (10^3, 10^6, 10^9, either case), as iperf's -b; 0 means unlimited,
 * anything else must lie in 1k .. 100g.  Returns 0 and *bits, or -1
 * with a message naming opt and the value in err.  Pure.
 */
int sock_parse_rate(const char *opt, const char *s, double *bits,
		    char *err, size_t errlen);

/* ---------------------------------------------------------------- options */

/* The client/server options every network program takes. */
struct sock_opts {
	int server;		/* -s */
	const char *stop;	/* -S host */
	const char *bind;	/* -b addr (bw_udp: -B); "any": every address */
	const char *keyfile;	/* -K file */
	int family;		/* AF_UNSPEC; AF_INET6 with -6 */
	long port;		/* -n; -1: the program's default */
	uint64_t idle_ns;	/* -i; default 60 s; 0: never */
	unsigned place_mask;	/* -p; 0: lib/place's default */
	uint64_t dur_ns;	/* -t (bw_tcp, bw_udp); default 2 s */
};

#define SOCK_OPTSTRING "sS:b:K:6n:i:p:"
#define SOCK_OPTHELP_MODE \
	"  -s           run a server in the background (prints its pid, port and key)\n" \
	"  -S host      stop the server on host\n"
#define SOCK_OPTHELP_REST \
	"  -K file      the server's key: read from file (with -s: made there, mode 0600,\n" \
	"               when it does not exist); default $HOSTBENCH_KEY, or with -s a new one\n" \
	"  -6           use IPv6 (loopback ::1 when no host is given)\n" \
	"  -n port      port (default: the program's; 0 with -s: any free port)\n" \
	"  -i time      with -s: exit after this long without a client that has the key\n" \
	"               (bare number: s; default 60s; 0: never)\n" \
	PLACE_OPTHELP
#define SOCK_OPTHELP_BIND(opt) \
	"  " opt " addr      with -s: listen on addr (default: loopback only; any: every address)\n"
#define SOCK_OPTHELP SOCK_OPTHELP_MODE SOCK_OPTHELP_BIND("-b") SOCK_OPTHELP_REST

/* Defaults: a client, any family, the default port, 60 s idle, the default placement, 2 s. */
void sock_opts_init(struct sock_opts *so);

/*
 * Handle one of the letters above (and 'B', a synonym of 'b'; 't', a
 * transfer time for the programs that list it).  Returns
 * 0, or -1 when opt is not one of them; a bad value exits 2 with the
 * message and the usage line.
 */
int sock_option(const struct bench_prog *p, struct sock_opts *so, int opt,
		const char *arg);

/* ---------------------------------------------------------------- server */

/* Timeouts of every server: the first message and the key check, and a transfer's silences. */
#define SOCK_HELLO_NS 2000000000ull
#define SOCK_XFER_NS 10000000000ull
/* A session's silence when the server has no idle timeout (-i 0). */
#define SOCK_SILENCE_NS 60000000000ull
/*
 * -P at most; children at most (the copies, the client's own session and
 * a STOP), and per peer address before they prove the key.
 */
#define SOCK_MAX_PARALLEL 64
#define SOCK_MAX_CHILDREN (SOCK_MAX_PARALLEL + 2)
#define SOCK_PEER_UNAUTH 8

struct sock_server {
	int lfd;		/* listening TCP socket */
	int ufd;		/* a UDP socket of the server's own (lat_rpc), or -1 */
	int pfd;		/* parent's pipe (EOF: the parent is gone), or -1 */
	int authfd;		/* in a child: where sock_hello reports the key proved */
	uint64_t idle_ns;	/* exit after this long without a client; 0: never */
	unsigned max_children;	/* at most SOCK_MAX_CHILDREN; 0: that many */
	/*
	 * Bare connections (lat_connect): one that the client ends without
	 * a byte is served by the loop itself (accepted and closed), and it
	 * counts as activity only from a peer that holds a session with the
	 * key; a session ends when its peer made no bare connection for
	 * SOCK_XFER_NS.  Connections with bytes go to conn, as always.
	 */
	int bare;
	const char *key;	/* sock_key() */
	/*
	 * A TCP connection, in a forked child (which closes fd afterwards):
	 * return 0, SOCK_SERVE_STOP to stop the server, or -1 (a bad
	 * client; ignored).
	 */
	int (*conn)(int fd, const struct sock_server *s);
	void *arg;
};

#define SOCK_SERVE_STOP 1

/*
 * Serve until stopped, idle or orphaned.  Every connection is served in
 * a child that dies with the server.  Returns 0, or -1 with errno set
 * when the server itself failed.
 */
int sock_serve(const struct sock_server *s);

/*
 * For conn handlers: read the first message (a HELLO with at most max
 * words, or a STOP), challenge the client and check its proof of the
 * key, all within SOCK_HELLO_NS.  A wrong proof is answered with a NAK
 * (SOCK_NAK_KEY); a STOP with the key is answered with an ACK.  Returns
 * 0 (a HELLO, its words in w), SOCK_SERVE_STOP, or -1 (closed, silent,
 * garbage, wrong program, wrong key).
 */
int sock_hello(int fd, const struct sock_server *s, unsigned proto, uint64_t *w,
	       size_t max, size_t *n);

/*
 * For a session's UDP (lat_udp, bw_udp), server side: a UDP socket on
 * the TCP connection fd's local address, any free port, connected to
 * the TCP peer's address at port (what the client said), so that it
 * hears only that peer and answers nothing else.  Refuses (EACCES) a
 * port below 1024, one of the hostbench servers' default ports and the
 * socket itself; EAFNOSUPPORT when fd is not an IP connection.  Returns
 * the descriptor and its port in *local, or -1 with errno set.
 */
int sock_udp_accept(int fd, unsigned port, unsigned *local);

/*
 * Client side: a UDP socket of the family of the server's address a, on
 * any free port (in *local, for the HELLO); sock_udp_connect then
 * connects it to a at port (the ACK's), bounding its reads and writes
 * by io_ns (0: none).  Descriptor or 0, or -1 with errno set.
 */
int sock_udp_open(const struct sock_addr *a, unsigned *local);
int sock_udp_connect(int ufd, const struct sock_addr *a, unsigned port, uint64_t io_ns);

/* ---------------------------------------------------------------- driver */

/* What a network program tells the driver. */
struct sock_prog {
	const struct bench_prog *bench;
	unsigned proto;		/* enum sock_proto */
	unsigned port;		/* default port */
	int udp;		/* a UDP socket beside the TCP one, on the same port (lat_rpc) */
	unsigned max_children;	/* for sock_serve */
	int bare;		/* for sock_serve */
	int (*conn)(int fd, const struct sock_server *s);
	/* A server loop of its own (lat_rpc), or NULL: sock_serve. */
	int (*serve)(struct sock_server *s);
	/* -S: stop the server at a; NULL: a STOP message over TCP. */
	int (*stop)(const struct sock_addr *a, unsigned proto);
	/*
	 * One client run against the server at a; part is the name part
	 * that says where it ran ("placement=one", "placement=unpinned" for
	 * another server on this host, "peer=remote").  0, or -1 after
	 * printing why.
	 */
	int (*measure)(const struct sock_addr *a, const char *part, void *arg);
	void *arg;
};

/*
 * Run the program the way its options say (see above) and return its
 * exit status: 0, 1 (a failure, printed), 77 (a placement impossible
 * here).  host is the positional argument or NULL.  Exits 2 for options
 * that exclude each other, and for -P above 64 (what a server serves at
 * once).
 */
int sock_main(const struct sock_prog *sp, const struct sock_opts *so,
	      const struct bench_opts *o, const char *host);

/* A client's bound on connecting and on every later read and write. */
#define SOCK_CLIENT_NS 30000000000ull

/*
 * Connect to a (TCP, TCP_NODELAY), send a HELLO with n words, prove
 * sock_key() and wait for the ACK, whose words (at most max) go to
 * reply and their count to *nreply.  Returns the connected descriptor,
 * or -1 with errno set (EACCES: the server refused the key; EINVAL: the
 * parameters; EPROTO: it answered something else; see sock_why).
 */
int sock_session(const struct sock_addr *a, unsigned proto, const uint64_t *w,
		 size_t n, uint64_t *reply, size_t max, size_t *nreply);

/*
 * After the samples (a bench_case's finish): time single operations
 * fn(arg, 1) one by one for about reps x sample time (at least 100 of
 * them; at most 5 s) into a histogram, the clock's cost subtracted.
 * Returns 0, or -1 with errno from fn.  sock_percentiles_print then
 * reports the 50th, 90th and 99th percentiles as name + "/stat=p50" ...
 * in ns/op.
 */
int sock_percentiles(const struct bench_opts *o, timing_loop_fn fn, void *arg);
void sock_percentiles_print(const struct bench_opts *o, const char *name);

/* -S: a STOP message, the key proved, and its ACK.  0, or -1 with errno. */
int sock_stop_tcp(const struct sock_addr *a, unsigned proto);

/* ---------------------------------------------------------------- reports */

/* The most samples a transfer (bw_tcp, bw_udp) splits into. */
#define SOCK_MAX_SAMPLES 1000

/*
 * For bw_tcp and bw_udp after bench_init: exit 2 when -N is above
 * SOCK_MAX_SAMPLES or -t would make a sample shorter than 1 ms.
 */
void sock_check_samples(const struct bench_prog *p, const struct bench_opts *o,
			const struct sock_opts *so);

/*
 * Print a transfer: n samples of npairs values under base + suffix (the
 * "-N" of parallel streams, or ""), then each end's CPU use (CPU words
 * and the bytes it moved) under base + "/cpu=local" + suffix and base +
 * "/cpu=remote" + suffix.
 */
void sock_report_transfer(const struct bench_opts *o, const char *base,
			  const char *suffix, const uint64_t *iters,
			  const double *vals, size_t n,
			  const char *const *units, size_t npairs,
			  const uint64_t *local, uint64_t local_bytes,
			  const uint64_t *remote, uint64_t remote_bytes);

/*
 * CPU use of one end over a transfer, as words for the wire: whether
 * /proc/stat was there, its tick rate, and the eight tick deltas.
 */
#define SOCK_CPU_WORDS (2 + CPUSTAT_NFIELDS)

/* Snapshots a and b (ok: both were read) as words. */
void sock_cpu_encode(uint64_t *w, int ok, const struct cpustat *a,
		     const struct cpustat *b);

/*
 * Report one end's CPU use (words from sock_cpu_encode, its own or the
 * server's) as one result line under name (the caller's full name, e.g.
 * "BwTcp/size=64K/placement=one/cpu=local") with the pairs %user, %sys,
 * %irq, %softirq (percent of all that end's CPUs) and us/KB (its service
 * demand for bytes moved).  Prints a "cpu-<side>: unavailable"
 * configuration line instead when that end had no /proc/stat.
 */
void sock_cpu_report(const struct bench_opts *o, const char *name,
		     const char *side, const uint64_t *w, uint64_t bytes);

/*
 * Print n samples of npairs values each (vals[i * npairs + j] in
 * units[j]): raw, one line per sample with every pair; text, one summary
 * line per unit.
 */
void sock_report(const struct bench_opts *o, const char *name,
		 const uint64_t *iters, const double *vals, size_t n,
		 const char *const *units, size_t npairs);

#endif
