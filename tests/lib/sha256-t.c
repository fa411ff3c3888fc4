/*
 * sha256-t: SHA-256, HMAC-SHA256 and hb_memeq_ct.  The digests are the
 * FIPS 180-2 examples (appendix B) and, for the messages of 0, 55, 56, 63
 * and 64 bytes (either side of the one-block and two-block padding
 * limits), the output of coreutils sha256sum; the tags are RFC 4231
 * test cases 1, 2, 3, 4, 6 and 7.
 */
#include "config.h"

#include <string.h>

#include "net/sha256.h"
#include "tap/basic.h"

static const char *
hex(const unsigned char d[SHA256_LEN])
{
	static char s[2 * SHA256_LEN + 1];
	static const char digits[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < SHA256_LEN; i++) {
		s[2 * i] = digits[d[i] >> 4];
		s[2 * i + 1] = digits[d[i] & 0xf];
	}
	s[2 * SHA256_LEN] = '\0';
	return s;
}

static const char *
digest(const void *data, size_t len)
{
	unsigned char d[SHA256_LEN];

	sha256(data, len, d);
	return hex(d);
}

static const char *
tag(const void *key, size_t keylen, const char *data)
{
	struct hmac_sha256 c;
	unsigned char d[SHA256_LEN];

	hmac_sha256_init(&c, key, keylen);
	hmac_sha256_update(&c, data, strlen(data));
	hmac_sha256_final(&c, d);
	return hex(d);
}

static void
t_sha256(void)
{
	static const char m448[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	static const size_t chunks[] = { 1, 63, 64, 65, 7, 128, 0, 3, 1000 };
	unsigned char a[1000], d[SHA256_LEN], odd[65];
	struct sha256 c;
	size_t i, left, take;

	is_string("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
		  digest("abc", 3), "FIPS 180-2 B.1: \"abc\"");
	is_string("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
		  digest(m448, strlen(m448)), "FIPS 180-2 B.2: the 448-bit message");

	sha256_init(&c);
	for (i = 0; m448[i] != '\0'; i++)
		sha256_update(&c, m448 + i, 1);
	sha256_final(&c, d);
	is_string("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
		  hex(d), "the 448-bit message a byte at a time");

	memset(a, 'a', sizeof(a));
	sha256_init(&c);
	for (left = 1000000, i = 0; left > 0; left -= take, i++) {
		take = chunks[i % (sizeof(chunks) / sizeof(chunks[0]))];
		if (take > left)
			take = left;
		sha256_update(&c, a, take);
	}
	sha256_final(&c, d);
	is_string("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
		  hex(d), "FIPS 180-2 B.3: a million 'a' in uneven chunks");

	is_string("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
		  digest("", 0), "the empty message");
	is_string("9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
		  digest(a, 55), "55 'a': the length still fits the one block");
	is_string("b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
		  digest(a, 56), "56 'a': the padding takes a second block");
	is_string("7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34",
		  digest(a, 63), "63 'a'");
	is_string("ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
		  digest(a, 64), "64 'a': one whole block, then the padding block");

	memset(odd, 'a', sizeof(odd));
	is_string("ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
		  digest(odd + 1, 64), "64 'a' from an odd address");
}

static void
t_hmac(void)
{
	unsigned char k[131];
	size_t i;

	memset(k, 0x0b, 20);
	is_string("b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
		  tag(k, 20, "Hi There"), "RFC 4231 case 1");
	is_string("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
		  tag("Jefe", 4, "what do ya want for nothing?"), "RFC 4231 case 2");
	memset(k, 0xaa, 20);
	is_string("773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe",
		  tag(k, 20,
		      "\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd"
		      "\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd"
		      "\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd"),
		  "RFC 4231 case 3: 50 bytes 0xdd");
	for (i = 0; i < 25; i++)
		k[i] = (unsigned char)(i + 1);
	is_string("82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b",
		  tag(k, 25,
		      "\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd"
		      "\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd"
		      "\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd"),
		  "RFC 4231 case 4: key 0x01..0x19, 50 bytes 0xcd");
	memset(k, 0xaa, sizeof(k));
	is_string("60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
		  tag(k, sizeof(k), "Test Using Larger Than Block-Size Key - Hash Key First"),
		  "RFC 4231 case 6: a 131-byte key");
	is_string("9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2",
		  tag(k, sizeof(k),
		      "This is a test using a larger than block-size key and a larger than "
		      "block-size data. The key needs to be hashed before being used by the "
		      "HMAC algorithm."),
		  "RFC 4231 case 7: a 131-byte key and a 152-byte message");
}

static void
t_memeq(void)
{
	unsigned char x[SHA256_LEN], y[SHA256_LEN];

	memset(x, 0x5a, sizeof(x));
	memcpy(y, x, sizeof(y));
	is_int(1, hb_memeq_ct(x, y, sizeof(x)), "hb_memeq_ct: equal");
	y[0] ^= 1;
	is_int(0, hb_memeq_ct(x, y, sizeof(x)), "the first byte differs");
	y[0] = x[0];
	y[sizeof(y) - 1] ^= 0x80;
	is_int(0, hb_memeq_ct(x, y, sizeof(x)), "the last byte differs");
	is_int(1, hb_memeq_ct(x, y, 0), "n = 0 is equal");
}

int
main(void)
{
	plan(20);
	t_sha256();
	t_hmac();
	t_memeq();
	return 0;
}
