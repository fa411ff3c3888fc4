/*
 * sha256: SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104), for the
 * network servers' key check: a server authenticates a client by the
 * HMAC-SHA256, under a per-server key, of a challenge it sent.  Pure
 * functions: no I/O, no allocation, no global state.  Portable C99: bytes
 * are assembled into words with shifts, so there are no unaligned loads
 * and no assumption about the host's byte order.
 */
#ifndef HB_SHA256_H
#define HB_SHA256_H

#include <stddef.h>
#include <stdint.h>

/* The length of a digest (and of an HMAC-SHA256 tag), in bytes. */
#define SHA256_LEN 32

/* A hash in progress: the chaining value, the message length so far in
 * bytes, and the n bytes (n < 64) of a block not yet complete. */
struct sha256 {
	uint32_t h[8];
	uint64_t len;
	unsigned char buf[64];
	size_t n;
};

/* Start a hash of an empty message. */
void sha256_init(struct sha256 *c);

/* Append the len bytes at data (data may be NULL when len is 0). */
void sha256_update(struct sha256 *c, const void *data, size_t len);

/* Pad the message, write its digest to out and wipe *c; *c must be
 * started again with sha256_init before another use. */
void sha256_final(struct sha256 *c, unsigned char out[SHA256_LEN]);

/* The digest of the len bytes at data, in one call. */
void sha256(const void *data, size_t len, unsigned char out[SHA256_LEN]);

/* An HMAC-SHA256 in progress: the inner hash, already fed the key xor
 * ipad, and the outer one, already fed the key xor opad. */
struct hmac_sha256 {
	struct sha256 inner, outer;
};

/* Start an HMAC-SHA256 under the keylen bytes at key (any length: a key
 * longer than the 64-byte block is replaced by its digest).  The padded
 * key copies are wiped before returning. */
void hmac_sha256_init(struct hmac_sha256 *c, const void *key, size_t keylen);

/* Append the len bytes at data to the authenticated message. */
void hmac_sha256_update(struct hmac_sha256 *c, const void *data, size_t len);

/* Write the tag to out and wipe *c. */
void hmac_sha256_final(struct hmac_sha256 *c, unsigned char out[SHA256_LEN]);

/* 1 when the n bytes at a and b are equal, in time that does not depend on where they differ. */
int hb_memeq_ct(const void *a, const void *b, size_t n);

#endif
