/*
 * sock_proto: the servers' protocol and the key check, both ends (see
 * sock_proto.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "core/runclock.h"
#include "core/output.h"
#include "core/timing.h"
#include "host/cpustat.h"
#include "net/sha256.h"
#include "net/sock.h"
#include "net/sock_internal.h"
#include "net/sock_proto.h"

/* ---------------------------------------------------------------- messages */

void
sock_put32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

uint32_t
sock_get32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

void
sock_put64(unsigned char *p, uint64_t v)
{
	sock_put32(p, (uint32_t)(v >> 32));
	sock_put32(p + 4, (uint32_t)v);
}

uint64_t
sock_get64(const unsigned char *p)
{
	return (uint64_t)sock_get32(p) << 32 | sock_get32(p + 4);
}

size_t
sock_text_words(uint64_t *w, size_t len)
{
	size_t n = (len + 7) / 8, i;

	memset((unsigned char *)w + len, 0, 8 * n - len);
	for (i = 0; i < n; i++)
		w[i] = sock_get64((const unsigned char *)(w + i));
	return n;
}

char *
sock_words_text(uint64_t *w, size_t n, uint64_t len)
{
	size_t i;

	if (len > 8 * (uint64_t)n || len + 8 <= 8 * (uint64_t)n) {
		errno = EPROTO;
		return NULL;
	}
	for (i = 0; i < n; i++)
		sock_put64((unsigned char *)(w + i), w[i]);
	((char *)w)[len] = '\0';
	return (char *)w;
}

void
sock_print_keyed(FILE *f, const char *prefix, char *text)
{
	char key[OUTPUT_MAX_KEY], *line, *save, *p;
	size_t pl = strlen(prefix);

	for (p = text; *p != '\0'; p++)
		if ((*p < ' ' || *p > '~') && *p != '\n')
			*p = '?';
	for (line = strtok_r(text, "\n", &save); line != NULL; line = strtok_r(NULL, "\n", &save)) {
		size_t k = strspn(line, "abcdefghijklmnopqrstuvwxyz0123456789-");

		if (k == 0 || pl + k >= sizeof(key) || line[k] != ':' || line[k + 1] != ' ')
			continue;
		snprintf(key, sizeof(key), "%s%.*s", prefix, (int)k, line);
		(void)output_config(f, key, "%s", line + k + 2);
	}
}

size_t
sock_encode(unsigned char *buf, size_t len, unsigned proto, unsigned kind,
	    const uint64_t *w, size_t n)
{
	size_t i, need = SOCK_HDR_LEN + 8 * n;

	if (n > SOCK_MAX_WORDS || need > len)
		return 0;
	sock_put32(buf, SOCK_MAGIC);
	buf[4] = 0;
	buf[5] = SOCK_VERSION;
	buf[6] = (unsigned char)(kind >> 8);
	buf[7] = (unsigned char)kind;
	sock_put32(buf + 8, proto);
	sock_put32(buf + 12, (uint32_t)(8 * n));
	for (i = 0; i < n; i++)
		sock_put64(buf + SOCK_HDR_LEN + 8 * i, w[i]);
	return need;
}

int
sock_decode_hdr(const unsigned char *hdr, unsigned proto, unsigned *kind,
		size_t *nwords, size_t max)
{
	uint32_t len = sock_get32(hdr + 12);

	if (sock_get32(hdr) != SOCK_MAGIC || hdr[4] != 0 || hdr[5] != SOCK_VERSION
	    || sock_get32(hdr + 8) != proto || len % 8 != 0 || len / 8 > max
	    || len / 8 > SOCK_MAX_WORDS) {
		errno = EPROTO;
		return -1;
	}
	*kind = (unsigned)hdr[6] << 8 | hdr[7];
	*nwords = len / 8;
	return 0;
}

int
sock_send_msg(int fd, unsigned proto, unsigned kind, const uint64_t *w, size_t n)
{
	unsigned char small[SOCK_HDR_LEN + 8 * 32], *buf;
	size_t len = SOCK_HDR_LEN + 8 * n;
	int rc;

	if (n > SOCK_MAX_WORDS) {
		errno = EMSGSIZE;
		return -1;
	}
	buf = len > sizeof(small) ? malloc(len) : small;
	if (buf == NULL)
		return -1;
	sock_encode(buf, len, proto, kind, w, n);
	rc = sock_write_full(fd, buf, len);
	if (buf != small)
		free(buf);
	return rc;
}

int
sock_recv_msg(int fd, unsigned proto, unsigned *kind, uint64_t *w, size_t max,
	      size_t *n)
{
	return sock_recv_msg_until(fd, proto, kind, w, max, n, NULL);
}

int
sock_recv_msg_by(int fd, unsigned proto, unsigned *kind, uint64_t *w, size_t max,
		 size_t *n, uint64_t deadline)
{
	struct runclock_deadline d;

	d.run = RUNCLOCK_NONE;
	d.wall = deadline;
	return sock_recv_msg_until(fd, proto, kind, w, max, n, deadline != 0 ? &d : NULL);
}

int
sock_recv_msg_until(int fd, unsigned proto, unsigned *kind, uint64_t *w, size_t max,
		    size_t *n, struct runclock_deadline *d)
{
	unsigned char hdr[SOCK_HDR_LEN], word[8];
	ssize_t r = sock_read_full_until(fd, hdr, sizeof(hdr), d);
	size_t i;

	if (r == 0)
		return 1;
	if (r < 0 || sock_decode_hdr(hdr, proto, kind, n, max) != 0)
		return -1;
	/* Word by word: the length was bounded by max above, nothing is allocated. */
	for (i = 0; i < *n; i++) {
		r = sock_read_full_until(fd, word, sizeof(word), d);
		if (r <= 0) {
			if (r == 0)
				errno = ECONNRESET;
			return -1;
		}
		w[i] = sock_get64(word);
	}
	return 0;
}

/* ---------------------------------------------------------------- keys */

static char the_key[SOCK_KEY_MAX + 1];
/*
 * The last busy server's NAK: the sessions it said it served
 * (SOCK_NAK_BUSY's count; 0: unknown), or that it was crowded.
 */
static uint64_t busy_count;
static int busy_crowded;

/* A proof under label: the client's (cnonce NULL) or the server's. */
static void
mac_of(const char *label, const unsigned char *key, size_t len, unsigned proto, unsigned kind,
       const unsigned char *nonce, const unsigned char *cnonce, const uint64_t *w, size_t n,
       unsigned char *mac)
{
	struct hmac_sha256 h;
	unsigned char b[8];
	size_t i;

	hmac_sha256_init(&h, key, len);
	hmac_sha256_update(&h, label, strlen(label));
	sock_put32(b, proto);
	sock_put32(b + 4, kind);
	hmac_sha256_update(&h, b, 8);
	hmac_sha256_update(&h, nonce, SOCK_NONCE_LEN);
	if (cnonce != NULL)
		hmac_sha256_update(&h, cnonce, SOCK_NONCE_LEN);
	sock_put64(b, (uint64_t)n);
	hmac_sha256_update(&h, b, 8);
	for (i = 0; i < n; i++) {
		sock_put64(b, w[i]);
		hmac_sha256_update(&h, b, 8);
	}
	hmac_sha256_final(&h, mac);
}

void
sock_mac(const unsigned char *key, size_t len, unsigned proto, unsigned kind,
	 const unsigned char *nonce, const uint64_t *w, size_t n, unsigned char *mac)
{
	mac_of("hostbench key proof 1", key, len, proto, kind, nonce, NULL, w, n, mac);
}

void
sock_mac_server(const unsigned char *key, size_t len, unsigned proto, unsigned kind,
		const unsigned char *nonce, const unsigned char *cnonce,
		const uint64_t *w, size_t n, unsigned char *mac)
{
	/* Another label: a client's proof is never a server's. */
	mac_of("hostbench server proof 1", key, len, proto, kind, nonce, cnonce, w, n, mac);
}

int
sock_random(void *buf, size_t n)
{
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC), e;
	ssize_t r;

	if (fd < 0)
		return -1;
	r = sock_read_full(fd, buf, n);
	e = errno;
	close(fd);
	if (r != (ssize_t)n) {
		errno = r >= 0 ? EIO : e;
		return -1;
	}
	return 0;
}

int
sock_check_key(const char *key, char *err, size_t errlen)
{
	size_t i, len = strlen(key);

	if (len == 0 || len > SOCK_KEY_MAX) {
		snprintf(err, errlen, "a key is 1 .. %d characters, not %zu", SOCK_KEY_MAX, len);
		return -1;
	}
	for (i = 0; i < len; i++)
		if (key[i] <= ' ' || key[i] > '~') {
			snprintf(err, errlen, "a key is printable ASCII without spaces (character %zu is not)",
				 i + 1);
			return -1;
		}
	return 0;
}

int
sock_check_key_file(int fd, const char *file, char *err, size_t errlen)
{
	struct stat st;

	if (fstat(fd, &st) != 0) {
		snprintf(err, errlen, "cannot stat the key file %s: %s", file, strerror(errno));
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "the key file %s is not a regular file", file);
		return -1;
	}
	if (st.st_uid != geteuid()) {
		snprintf(err, errlen, "the key file %s belongs to uid %lu, not to this user (uid %lu): anyone who can write it chooses the key; use a key file of your own",
			 file, (unsigned long)st.st_uid, (unsigned long)geteuid());
		return -1;
	}
	if ((st.st_mode & 077) != 0) {
		snprintf(err, errlen, "the key file %s can be read or written by others (mode %04o): chmod 600 %s",
			 file, (unsigned)(st.st_mode & 07777), file);
		return -1;
	}
	return 0;
}

void
sock_set_key(const char *key)
{
	size_t n = strlen(key);

	if (n > SOCK_KEY_MAX)
		n = SOCK_KEY_MAX;
	memcpy(the_key, key, n);
	the_key[n] = '\0';
}

const char *
sock_key(void)
{
	return the_key;
}

const char *
sock_why(int err)
{
	switch (err) {
	case EACCES:
		return "the server refused the key (give it the key the server printed: -K FILE or $" SOCK_KEY_ENV ")";
	case EINVAL:
		return "the server refused the parameters";
	case EAGAIN:
#if EWOULDBLOCK != EAGAIN
	case EWOULDBLOCK:
#endif
	case ETIMEDOUT:
		return "the server sent nothing in time (it accepted the connection, then stayed silent)";
	case ECONNRESET:
		return "the server closed the connection";
	case EPROTO:
		return "the peer answered something that is not this program's protocol";
	case EBADMSG:
		return "the server did not prove that it holds the key (it answered without the proof, or with a wrong one): not this program's server with this key";
	case EBUSY: {
		static char why[200];

		if (busy_crowded)
			snprintf(why, sizeof(why), "the server had no room: other clients of this client's network held its %d slots for connections that have not proved the key, for the %.0f s this client tried",
				 SOCK_PEER_UNAUTH, (double)SOCK_BUSY_NS / 1e9);
		else {
			char n[64] = "every session it serves at once was";

			if (busy_count > 0)
				snprintf(n, sizeof(n), "all of its %llu sessions at once were",
					 (unsigned long long)busy_count);
			snprintf(why, sizeof(why), "the server is full: %s taken by clients with the key for the %.0f s this client tried",
				 n, (double)SOCK_BUSY_NS / 1e9);
		}
		return why;
	}
	case ECONNREFUSED:
		return "nothing listens there (connection refused)";
	}
	return strerror(err);
}

/* ---------------------------------------------------------------- the client's end */

/*
 * A request (HELLO or STOP with n words) on fd, the key proved, and the
 * answer, each answer by d: 0 with the ACK's words in reply, or -1 with
 * errno (see sock_session).
 */
/* 32 KB (and a word for the end of sock_far_fingerprint's text): not on a small board's stack. */
static uint64_t answer[SOCK_MAX_WORDS + 1];

static int
request(int fd, unsigned proto, unsigned kind, const uint64_t *w, size_t n,
	uint64_t *reply, size_t max, size_t *nreply, struct runclock_deadline *d)
{
	uint64_t nonce[2], proof[6], why[1];
	unsigned char nb[SOCK_NONCE_LEN], cb[SOCK_NONCE_LEN], mac[SOCK_MAC_LEN], got_mac[SOCK_MAC_LEN];
	const char *key = sock_key();
	unsigned got = 0;	/* no kind: read only after a message came */
	size_t k;
	int rc;

	if (sock_send_msg(fd, proto, kind, w, n) != 0)
		return -1;
	/* Into a buffer for any message: an ACK of many words is a server that skipped the check. */
	rc = sock_recv_msg_until(fd, proto, &got, answer, SOCK_MAX_WORDS, &k, d);
	if (rc == 0 && k >= 2)
		nonce[0] = answer[0], nonce[1] = answer[1];
	else if (rc == 0 && k == 1)
		nonce[0] = answer[0], nonce[1] = 0;
	if (rc == 0 && got == SOCK_CHALLENGE && k == 2) {
		sock_put64(nb, nonce[0]);
		sock_put64(nb + 8, nonce[1]);
		sock_mac((const unsigned char *)key, strlen(key), proto, kind, nb, w, n, mac);
		for (k = 0; k < 4; k++)
			proof[k] = sock_get64(mac + 8 * k);
		if (sock_random(cb, sizeof(cb)) != 0)
			return -1;
		proof[4] = sock_get64(cb);
		proof[5] = sock_get64(cb + 8);
		if (sock_send_msg(fd, proto, SOCK_AUTH, proof, 6) != 0)
			return -1;
		/*
		 * The server's proof before anything else: whatever else came
		 * (an ACK, with any words) is a server that does not hold the
		 * key, or one of before; a NAK, the key or the parameters refused.
		 */
		got = 0;
		rc = sock_recv_msg_until(fd, proto, &got, answer, SOCK_MAX_WORDS, &k, d);
		if (rc == 0 && got == SOCK_PROOF && k == 4) {
			sock_mac_server((const unsigned char *)key, strlen(key), proto, kind, nb, cb,
					w, n, mac);
			for (k = 0; k < 4; k++)
				sock_put64(got_mac + 8 * k, answer[k]);
			if (!hb_memeq_ct(mac, got_mac, sizeof(mac))) {
				errno = EBADMSG;
				return -1;
			}
			got = 0;
			rc = max > 0 ? sock_recv_msg_until(fd, proto, &got, reply, max, nreply, d)
				: sock_recv_msg_until(fd, proto, &got, why, 1, nreply, d);
			if (rc == 0 && got == SOCK_NAK && max > 0)
				why[0] = *nreply > 0 ? reply[0] : SOCK_NAK_PARAMS;
			else if (rc == 0 && got == SOCK_NAK)
				why[0] = *nreply > 0 ? why[0] : SOCK_NAK_PARAMS;
		} else if (rc == 0 && got == SOCK_NAK) {
			why[0] = k > 0 ? answer[0] : SOCK_NAK_PARAMS;
			if (why[0] == SOCK_NAK_CROWDED)
				busy_crowded = 1;
		} else if (rc == 0 && (got == SOCK_ACK || got == SOCK_PROOF)) {
			errno = EBADMSG;
			return -1;
		}
	} else if (rc == 0 && got == SOCK_NAK) {
		why[0] = k > 0 ? nonce[0] : SOCK_NAK_PARAMS;
		busy_crowded = why[0] == SOCK_NAK_CROWDED;
		if (why[0] == SOCK_NAK_BUSY)
			busy_count = k > 1 ? nonce[1] : 0;
	} else if (rc == 0 && got == SOCK_ACK) {
		/* An ACK with no key check at all: nothing that holds the key. */
		errno = EBADMSG;
		return -1;
	}
	if (rc == 1)
		errno = ECONNRESET;
	else if (rc == 0 && got == SOCK_NAK)
		errno = why[0] == SOCK_NAK_KEY ? EACCES
			: why[0] == SOCK_NAK_BUSY || why[0] == SOCK_NAK_CROWDED ? EBUSY : EINVAL;
	else if (rc == 0 && got != SOCK_ACK)
		errno = EPROTO;
	else if (rc == 0)
		return 0;
	else if (errno == EAGAIN || errno == EWOULDBLOCK)
		errno = ETIMEDOUT;
	return -1;
}

/*
 * Connect to a and make a request.  A server at its share of unproven
 * connections from this address closes the oldest (-P copies connecting
 * at once): a connection closed before the answer is tried again after
 * a random pause, for up to SOCK_RETRY_NS.  That, the connect and each
 * answer (within io_ns) count on the run clock (lib/core/runclock), up to
 * SOCK_CLIENT_NS of wall time: a server whose host is starved answers
 * late, and copies starved beside it prove the key late and so make
 * room late.
 */
#define SOCK_RETRY_NS 5000000000ull

static int
connect_request(const struct sock_addr *a, unsigned proto, unsigned kind, const uint64_t *w,
		size_t n, uint64_t *reply, size_t max, size_t *nreply, uint64_t io_ns)
{
	uint64_t seed = timing_now() ^ ((uint64_t)getpid() << 32);
	uint64_t wall = io_ns > SOCK_CLIENT_NS ? io_ns : SOCK_CLIENT_NS;
	struct runclock_deadline end, busy;
	unsigned tries;

	runclock_deadline(&end, SOCK_RETRY_NS, wall);
	runclock_deadline(&busy, SOCK_BUSY_NS, 2 * SOCK_BUSY_NS);
	for (tries = 1;; tries++) {
		int fd = sock_connect(a, SOCK_STREAM, 1, SOCK_HELLO_NS, io_ns), e;
		struct runclock_deadline d;
		struct timespec ts;

		if (fd < 0)
			return -1;
		*nreply = 0;
		runclock_deadline(&d, io_ns, wall);
		if (request(fd, proto, kind, w, n, reply, max, nreply, &d) == 0)
			return fd;
		e = errno;
		close(fd);
		errno = e;
		/*
		 * A fingerprint request, which comes alone, is closed unanswered
		 * by a server that does not know it: said at once, not tried
		 * again (a server closes an unproven connection otherwise only
		 * when its network holds all of its share: a flood).
		 */
		if (kind == SOCK_INFO && (e == ECONNRESET || e == EPIPE))
			return -1;
		/*
		 * A busy server (every child a session with the key) is tried
		 * for longer: sessions end, and the copies of one run or the
		 * clients of one busy host then take turns.  So is one that
		 * closed the connection before its answer once the first
		 * SOCK_RETRY_NS are gone: it makes room for the connections of
		 * other networks by closing this network's oldest, whose
		 * hello it may not have read yet (64 clients of one host, under
		 * qemu: 2 closed more than 5 s of the run clock in a row).
		 */
		if (e == EBUSY || ((e == ECONNRESET || e == EPIPE) && runclock_left(&end) == 0)
		    ? runclock_left(&busy) == 0
		    : e != ECONNRESET && e != EPIPE)
			return -1;
		/* 10 .. 10 + 20 x tries ms (busy: 50 x), at random: the copies spread out. */
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		ts.tv_sec = 0;
		ts.tv_nsec = (long)(10000000 + (seed >> 33) % ((e == EBUSY ? 50000000ull : 20000000ull)
								 * (tries < 10 ? tries : 10)));
		nanosleep(&ts, NULL);
	}
}

int
sock_session(const struct sock_addr *a, unsigned proto, const uint64_t *w,
	     size_t n, uint64_t *reply, size_t max, size_t *nreply)
{
	return connect_request(a, proto, SOCK_HELLO, w, n, reply, max, nreply, SOCK_CLIENT_NS);
}

int
sock_stop_tcp(const struct sock_addr *a, unsigned proto)
{
	uint64_t w[1];
	size_t n;
	int fd = connect_request(a, proto, SOCK_STOP, NULL, 0, w, 1, &n, SOCK_HELLO_NS);

	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

int
sock_far_fingerprint(const struct sock_addr *a, unsigned proto, FILE *f)
{
	char *text;
	const char *same;
	uint64_t mine[2];
	struct stat st;
	size_t n;
	/* The ACK into answer: request() is done with it by then. */
	int fd = connect_request(a, proto, SOCK_INFO, NULL, 0, answer, SOCK_MAX_WORDS, &n,
				 SOCK_CLIENT_NS);

	if (fd < 0)
		return -1;
	close(fd);
	if (n < SOCK_INFO_TEXT) {
		errno = EPROTO;
		return -1;
	}
	if ((text = sock_words_text(answer + SOCK_INFO_TEXT, n - SOCK_INFO_TEXT, answer[SOCK_INFO_LEN])) == NULL)
		return -1;
	sock_print_keyed(f, "far-", text);
	if (cpustat_boot_id(NULL, mine) != 0 || (answer[SOCK_INFO_BOOT] | answer[SOCK_INFO_BOOT + 1]) == 0)
		same = "unknown";
	else if (mine[0] != answer[SOCK_INFO_BOOT] || mine[1] != answer[SOCK_INFO_BOOT + 1])
		same = "no";
	else if (answer[SOCK_INFO_NETNS] != 0 && stat("/proc/self/ns/net", &st) == 0
		 && (uint64_t)st.st_ino == answer[SOCK_INFO_NETNS])
		same = "yes, and the same network namespace";
	else
		same = "yes (network namespaces of one kernel)";
	(void)output_config(f, "far-same-kernel", "%s", same);
	return 0;
}
