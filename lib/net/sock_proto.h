/*
 * sock_proto: the small fixed protocol every hostbench server speaks,
 * both ends of it.
 *
 *   - a 16-byte header (magic, version, kind, program, payload length)
 *     and a payload of 64-bit words, all big-endian, so any two hosts
 *     agree;
 *   - the key check, both ways: a server answers a HELLO or a STOP with
 *     a random challenge, and goes on only when the client returns the
 *     HMAC-SHA256 of it (and of what it asked) under the server's key;
 *     the client sends a challenge of its own with its proof, and goes
 *     on only when the server proves the key too (SOCK_PROOF), so that
 *     nothing that merely accepts connections (another program on the
 *     port, a fake) gets a client's traffic or gives it figures.
 *
 * Nothing a server receives is executed or used as a path; lengths are
 * checked against fixed bounds before anything is read into memory.
 * Functions report failure to the caller (errno set); none exits.
 */
#ifndef HB_SOCK_PROTO_H
#define HB_SOCK_PROTO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "net/sock.h"

/* ---------------------------------------------------------------- messages */

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
	SOCK_DATA,		/* client: a datagram of a UDP transfer; a box agent request (box.h) */
	SOCK_CHALLENGE,		/* server: prove the key (two words of nonce) */
	/*
	 * client: the proof (four words: sock_mac), and two words of nonce of
	 * its own for the server's proof (a client of before sent only four,
	 * and gets no proof)
	 */
	SOCK_AUTH,
	/*
	 * server, after a RESULT: what servers before it did not send (bw_tcp,
	 * bw_udp: lib/net/sock_report's own-CPU words).  A client that does not
	 * know it closes before reading it; one that does reads the end of
	 * the stream from an older server instead.
	 */
	SOCK_MORE,
	/*
	 * server, after a proof with the client's nonce, before the ACK: its
	 * own proof of the key (four words: sock_mac_server).  A client
	 * refuses a server that answers without it.
	 */
	SOCK_PROOF,
	/*
	 * client: send this host's fingerprint (no words; the key proved as
	 * for a HELLO), answered by an ACK of SOCK_INFO_* words, then the
	 * connection ends.  A server of before closes it unanswered.
	 */
	SOCK_INFO
};

/*
 * The ACK of a SOCK_INFO: the server's kernel boot id (two words; 0:
 * unknown), its network namespace (the inode of /proc/self/ns/net; 0:
 * unknown), the text's length in bytes, then the text 8 bytes a word
 * (the first byte the word's highest): fingerprint_box's lines.
 */
enum { SOCK_INFO_BOOT, SOCK_INFO_NETNS = 2, SOCK_INFO_LEN, SOCK_INFO_TEXT };

/* Why a server refused, the NAK's word. */
enum sock_nak {
	SOCK_NAK_PARAMS = 1,	/* the parameters */
	SOCK_NAK_KEY,		/* the proof of the key */
	/*
	 * every child serves a session with the key (sent before any key
	 * check: the second word, when there is one, says how many)
	 */
	SOCK_NAK_BUSY,
	/*
	 * the connection was evicted before it proved the key: others of
	 * the client's network held the slots of not yet proven connections
	 * (sent only after a HELLO of at least a word)
	 */
	SOCK_NAK_CROWDED
};

/* Which benchmark a message belongs to: a server answers only its own. */
enum sock_proto {
	SOCK_LAT_TCP = 1,
	SOCK_LAT_UDP,
	SOCK_LAT_CONNECT,
	SOCK_BW_TCP,
	SOCK_BW_UDP,
	SOCK_LAT_RPC,
	SOCK_LAT_LOAD = 7,
	SOCK_BOX = 8		/* the box agent (hostinfo -s, lib/net/boxagent) */
};

/* Big-endian stores and loads. */
void sock_put32(unsigned char *p, uint32_t v);
uint32_t sock_get32(const unsigned char *p);
void sock_put64(unsigned char *p, uint64_t v);
uint64_t sock_get64(const unsigned char *p);

/*
 * A text carried in a message's words (a fingerprint): its bytes, 8 to a
 * word, the first the word's high byte.  sock_text_words turns the len
 * bytes written at w into the (len + 7) / 8 words they are, in place
 * (the last one padded with zero bytes), and returns that count;
 * sock_words_text turns n words received at w back into their bytes, in
 * place, and returns them as a text of len bytes, ended after them (w
 * has a word to spare past the n); NULL with errno EPROTO when len is not
 * what n words carry (more bytes, or a word more than they need).
 */
size_t sock_text_words(uint64_t *w, size_t len);
char *sock_words_text(uint64_t *w, size_t n, uint64_t len);

/*
 * Print the "key: value" lines of text (a key of a-z, 0-9 and -, as
 * fingerprint_box writes them) on f as configuration lines, each key
 * prefixed ("far-", "box-"), bytes outside printable ASCII as "?"; other
 * lines are not printed.  text is changed.
 */
void sock_print_keyed(FILE *f, const char *prefix, char *text);

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
 * The same, finished by deadline (timing_now() clock; 0: none) whatever
 * the peer sends meanwhile: a byte at a time does not extend it
 * (ETIMEDOUT).  sock_recv_msg_until: by d (lib/core/runclock), and so by a
 * time in which the peer could have run.  Either moves its wall bound
 * by a time in which this process could not run (sock_poll_until).
 */
int sock_recv_msg_by(int fd, unsigned proto, unsigned *kind, uint64_t *w,
		     size_t max, size_t *n, uint64_t deadline);
int sock_recv_msg_until(int fd, unsigned proto, unsigned *kind, uint64_t *w,
			size_t max, size_t *n, struct runclock_deadline *d);

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

/*
 * The server's proof of the key: HMAC-SHA256 under key of another label,
 * proto, kind, the server's challenge, the client's and the request's n
 * words.  Pure.
 */
void sock_mac_server(const unsigned char *key, size_t len, unsigned proto, unsigned kind,
		     const unsigned char *nonce, const unsigned char *cnonce,
		     const uint64_t *w, size_t n, unsigned char *mac);

/* n random bytes from /dev/urandom.  0, or -1 with errno set. */
int sock_random(void *buf, size_t n);

/*
 * Check a key's text: 1 .. SOCK_KEY_MAX printable ASCII characters, no
 * space.  0, or -1 with the reason in err.  Pure.
 */
int sock_check_key(const char *key, char *err, size_t errlen);

/*
 * May the key file file, open on fd, be trusted, as ssh trusts a private
 * key: a regular file owned by this process's user that no one else may
 * read or write (no group or other bits).  0, or -1 with the reason and
 * the fix (chmod 600 FILE) in err.
 */
int sock_check_key_file(int fd, const char *file, char *err, size_t errlen);

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
 * connection; EPROTO: not this program's server; EBADMSG: it did not
 * prove the key; EBUSY: every one of its children served a session
 * with the key, or others of the client's network held the slots of
 * unproven connections, for as long as the client tried, as the last
 * NAK said), else strerror.
 */
const char *sock_why(int err);

/*
 * -P at most; children at most (the copies, the client's own session and
 * a STOP), and per peer network before they prove the key.
 */
#define SOCK_MAX_PARALLEL 64
#define SOCK_MAX_CHILDREN (SOCK_MAX_PARALLEL + 2)
#define SOCK_PEER_UNAUTH 8

/*
 * Timeouts of every server: the first bytes, and the key check (each on
 * the run clock), and a transfer's silences.
 */
#define SOCK_HELLO_NS 2000000000ull
#define SOCK_XFER_NS 10000000000ull
/* A session's silence when the server has no idle timeout (-i 0). */
#define SOCK_SILENCE_NS 60000000000ull

/* ---------------------------------------------------------------- the client's end */

/*
 * Connect to a (TCP, TCP_NODELAY), send a HELLO with n words, prove
 * sock_key(), check the server's proof of it and wait for the ACK, whose
 * words (at most max) go to reply and their count to *nreply; every
 * wait within SOCK_CLIENT_NS.  A server that says it is busy
 * (SOCK_NAK_BUSY) is tried again for SOCK_BUSY_NS of the run clock.
 * Returns the connected descriptor, or -1 with errno set (EACCES: the
 * server refused the key; EINVAL: the parameters; EPROTO: it answered
 * something else; EBADMSG: it did not prove the key; EBUSY: it stayed
 * busy; see sock_why).
 */
#define SOCK_BUSY_NS 30000000000ull
int sock_session(const struct sock_addr *a, unsigned proto, const uint64_t *w,
		 size_t n, uint64_t *reply, size_t max, size_t *nreply);

/*
 * -S: a STOP message, the key proved, and its ACK, each answer within
 * SOCK_HELLO_NS of the run clock (SOCK_CLIENT_NS of wall time at most).
 * 0, or -1 with errno.
 */
int sock_stop_tcp(const struct sock_addr *a, unsigned proto);

/*
 * Ask the server at a (proto's) for its host's fingerprint (SOCK_INFO,
 * the key proved both ways) and print it on f as configuration lines,
 * each key prefixed "far-" (its characters outside printable ASCII as
 * "?"), then far-same-kernel: whether the server runs on this kernel
 * (and in this network namespace).  0, or -1 with errno (see sock_why;
 * ECONNRESET: also a server that does not know the request).
 */
int sock_far_fingerprint(const struct sock_addr *a, unsigned proto, FILE *f);

#endif
