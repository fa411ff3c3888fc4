/*
 * sha256: SHA-256 and HMAC-SHA256 (see sha256.h).  Written from FIPS
 * 180-4 (sections 4.1.2, 4.2.2, 5.1.1, 5.3.3 and 6.2) and RFC 2104.
 */
#include "config.h"

#include <string.h>

#include "net/sha256.h"

/* FIPS 180-4 4.2.2: the first 32 bits of the fractional parts of the
 * cube roots of the first 64 primes. */
static const uint32_t k256[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5,
	0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
	0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
	0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
	0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
};

/* Zero n bytes through a volatile pointer, so that the stores are not
 * dropped as dead. */
static void
wipe(void *p, size_t n)
{
	volatile unsigned char *v = p;

	while (n-- > 0)
		*v++ = 0;
}

static uint32_t
rotr(uint32_t x, unsigned n)
{
	return (x >> n) | (x << (32 - n));
}

/* The big-endian word at p, a byte at a time: any alignment, any host. */
static uint32_t
load32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	    (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static void
store32(unsigned char *p, uint32_t x)
{
	p[0] = (unsigned char)(x >> 24);
	p[1] = (unsigned char)(x >> 16);
	p[2] = (unsigned char)(x >> 8);
	p[3] = (unsigned char)x;
}

/* FIPS 180-4 6.2.2: one 64-byte block into the chaining value. */
static void
compress(uint32_t h[8], const unsigned char *block)
{
	uint32_t w[64], a, b, c, d, e, f, g, hh, t1, t2;
	int i;

	for (i = 0; i < 16; i++)
		w[i] = load32(block + 4 * i);
	for (i = 16; i < 64; i++) {
		uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
		uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);

		w[i] = w[i - 16] + s0 + w[i - 7] + s1;
	}
	a = h[0], b = h[1], c = h[2], d = h[3];
	e = h[4], f = h[5], g = h[6], hh = h[7];
	for (i = 0; i < 64; i++) {
		t1 = hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) +
		    ((e & f) ^ (~e & g)) + k256[i] + w[i];
		t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) +
		    ((a & b) ^ (a & c) ^ (b & c));
		hh = g;
		g = f;
		f = e;
		e = d + t1;
		d = c;
		c = b;
		b = a;
		a = t1 + t2;
	}
	h[0] += a, h[1] += b, h[2] += c, h[3] += d;
	h[4] += e, h[5] += f, h[6] += g, h[7] += hh;
	wipe(w, sizeof(w));
}

void
sha256_init(struct sha256 *c)
{
	/* FIPS 180-4 5.3.3: the fractional parts of the square roots of
	 * the first 8 primes. */
	c->h[0] = 0x6a09e667;
	c->h[1] = 0xbb67ae85;
	c->h[2] = 0x3c6ef372;
	c->h[3] = 0xa54ff53a;
	c->h[4] = 0x510e527f;
	c->h[5] = 0x9b05688c;
	c->h[6] = 0x1f83d9ab;
	c->h[7] = 0x5be0cd19;
	c->len = 0;
	c->n = 0;
	memset(c->buf, 0, sizeof(c->buf));
}

void
sha256_update(struct sha256 *c, const void *data, size_t len)
{
	const unsigned char *p = data;
	size_t take;

	if (len == 0)
		return;
	c->len += (uint64_t)len;
	if (c->n > 0) {
		take = sizeof(c->buf) - c->n;
		if (take > len)
			take = len;
		memcpy(c->buf + c->n, p, take);
		c->n += take;
		p += take;
		len -= take;
		if (c->n < sizeof(c->buf))
			return;
		compress(c->h, c->buf);
		c->n = 0;
	}
	for (; len >= sizeof(c->buf); p += sizeof(c->buf), len -= sizeof(c->buf))
		compress(c->h, p);
	if (len > 0) {
		memcpy(c->buf, p, len);
		c->n = len;
	}
}

void
sha256_final(struct sha256 *c, unsigned char out[SHA256_LEN])
{
	uint64_t bits = c->len << 3;
	int i;

	/* FIPS 180-4 5.1.1: a 1 bit, zeros to 56 bytes mod 64, then the
	 * length in bits as a big-endian 64-bit number. */
	c->buf[c->n++] = 0x80;
	if (c->n > 56) {
		memset(c->buf + c->n, 0, sizeof(c->buf) - c->n);
		compress(c->h, c->buf);
		c->n = 0;
	}
	memset(c->buf + c->n, 0, 56 - c->n);
	store32(c->buf + 56, (uint32_t)(bits >> 32));
	store32(c->buf + 60, (uint32_t)bits);
	compress(c->h, c->buf);
	for (i = 0; i < 8; i++)
		store32(out + 4 * i, c->h[i]);
	wipe(c, sizeof(*c));
}

void
sha256(const void *data, size_t len, unsigned char out[SHA256_LEN])
{
	struct sha256 c;

	sha256_init(&c);
	sha256_update(&c, data, len);
	sha256_final(&c, out);
}

void
hmac_sha256_init(struct hmac_sha256 *c, const void *key, size_t keylen)
{
	unsigned char k[64], pad[64];
	size_t i;

	/* RFC 2104 2: the key, hashed first when longer than a block,
	 * zero-padded to the block. */
	memset(k, 0, sizeof(k));
	if (keylen > sizeof(k))
		sha256(key, keylen, k);
	else if (keylen > 0)
		memcpy(k, key, keylen);

	for (i = 0; i < sizeof(pad); i++)
		pad[i] = (unsigned char)(k[i] ^ 0x36);
	sha256_init(&c->inner);
	sha256_update(&c->inner, pad, sizeof(pad));
	for (i = 0; i < sizeof(pad); i++)
		pad[i] = (unsigned char)(k[i] ^ 0x5c);
	sha256_init(&c->outer);
	sha256_update(&c->outer, pad, sizeof(pad));

	wipe(k, sizeof(k));
	wipe(pad, sizeof(pad));
}

void
hmac_sha256_update(struct hmac_sha256 *c, const void *data, size_t len)
{
	sha256_update(&c->inner, data, len);
}

void
hmac_sha256_final(struct hmac_sha256 *c, unsigned char out[SHA256_LEN])
{
	unsigned char d[SHA256_LEN];

	sha256_final(&c->inner, d);
	sha256_update(&c->outer, d, sizeof(d));
	sha256_final(&c->outer, out);
	wipe(d, sizeof(d));
}

int
hb_memeq_ct(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;
	unsigned diff = 0;
	size_t i;

	/* Every byte is read whatever the earlier ones held; the result
	 * is computed without a branch on diff. */
	for (i = 0; i < n; i++)
		diff |= (unsigned)(x[i] ^ y[i]);
	return (int)(1U & ((diff - 1U) >> 8));
}
