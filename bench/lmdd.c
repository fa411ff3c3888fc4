/*
 * lmdd: sequential reads and writes of files and disks in the manner of
 * dd, in MB/s (10^6 bytes/s), with the latency of each read or write
 * (p50, p90, p99, max in ns).
 *
 * One sample is one pass: count blocks of bs bytes from if= to of=, either
 * of which may be "internal" (a pattern in memory; nowhere).  The pass is
 * timed from its first I/O to its last, fsync=1's flush included; each
 * read or write is timed on its own into a fixed-size histogram.  Outside
 * the timing: opening, the truncation that gives every write pass fresh
 * blocks, flush=1's dropping of cached pages before a read, verify=1's
 * read-back, and the untimed writing of a temporary input (if=DIR).
 *
 * A read after a flush (flush=1|2 with if=) reports its first pass apart
 * (/pass=first), before any warm-up: the one pass that a cache below the
 * page cache (a VM's disk image, a RAID controller's memory) cannot have
 * served from an earlier pass, and so the disk's figure.  The later passes
 * (/pass=later) follow; where they are faster than the first beyond their
 * own spread, lmdd says that such a cache served them.  The input's
 * device's read-ahead is recorded beside the per-I/O latencies, which it
 * shortens (most reads of a sequential pass find their data already on
 * its way).
 *
 * An output named with of=FILE stays, as dd's does (keep=0: removed at
 * exit); a temporary file lmdd made in a DIR is always removed.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#ifdef __linux__
# include <sys/sysmacros.h>
#endif
#include <sys/statvfs.h>
#include <unistd.h>
#ifdef __linux__
# include <sys/ioctl.h>
# include <sys/mount.h>
# include <sys/vfs.h>
#endif

#include "core/hist.h"
#include "core/msg.h"
#include "core/output.h"
#include "core/parse.h"
#include "core/stats.h"
#include "core/tmp.h"
#include "driver/bench.h"
#include "host/memory.h"
#include "host/sysinfo.h"

/*
 * The written pattern: random bytes that repeat every PERIOD bytes of the
 * file (longer than the records compressing file systems pack, so they
 * cannot shrink it), each STAMP-byte sector starting with its own file
 * offset (so no two blocks are alike and a misplaced sector is caught).
 * A byte's value depends on its file offset alone.
 */
#define PERIOD (1u << 20)
#define STAMP 512
#define MAX_BS (1u << 30)
#define MAX_TOTAL ((uint64_t)1 << 50)

enum { INTERNAL, NAMED, TEMP };		/* end.kind */

struct end {
	const char *name;	/* "if" or "of" */
	const char *arg;	/* the value given (NULL: internal) */
	char path[PATH_MAX];
	int kind, fd, created;
	struct stat st;
	uint64_t off;		/* the byte offset of the first block */
};

struct state {
	struct end in, out;
	uint64_t bs, count, move, skip, seek, total;
	int fsync, fdatasync, sync, dsync, flush, verify, force, keep, trunc, progress;
	/* O_DIRECT: direct=1 on both ends, idirect=1 the input's only (dd's
	 * iflag=direct), odirect=1 the output's (oflag=direct) */
	int direct, idirect, odirect;
	int seen[32];		/* times each key was given, by index in keys[] */
	unsigned char *ring;	/* PERIOD + bs bytes of the pattern */
	unsigned char *buf;	/* bs bytes that reads land in */
	/*
	 * Per-I/O latencies, of fixed size whatever count is (lib/core/hist): on
	 * a 32 MB board as on a server.
	 */
	struct hist hist, all;
	uint64_t fsync_ns, check_ns;
	/*
	 * for=TIME (hdparm -t's way): a pass reads until this much time has
	 * gone (0: count's blocks); done, what the last pass moved.
	 */
	uint64_t for_ns, done;
	/*
	 * The device the input's reads reach, below loop and device-mapper
	 * layers (known: it has read counters), and the loops' backing
	 * files on the way, whose pages flush= drops too.
	 */
	dev_t under;
	int under_known, nbacking;
	char backing[4][PATH_MAX];
};

/*
 * Zero until main sets what is not (state_init): a static with an
 * initializer would put its 80 KB of histograms in the program file.
 */
static struct state st;

static void
state_init(struct state *s)
{
	s->in.name = "if";
	s->in.fd = -1;
	s->out.name = "of";
	s->out.fd = -1;
	s->bs = 1 << 20;
	s->keep = -1;		/* not given: keep an of=FILE lmdd created */
	s->trunc = 1;
}

static void
pattern_init(unsigned char *ring, size_t len)
{
	uint64_t x = 0x9e3779b97f4a7c15ull;
	size_t i, n;

	for (i = 0; i < PERIOD && i < len; i++) {
		if (i % 8 == 0) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
		}
		ring[i] = (unsigned char)(x >> (8 * (i % 8)));
	}
	for (; i < len; i += n) {
		n = len - i < PERIOD ? len - i : PERIOD;
		memcpy(ring + i, ring + i - PERIOD, n);
	}
}

/* The pattern of file bytes [off, off + len): in the ring, stamped now. */
static unsigned char *
pattern_block(const struct state *s, uint64_t off, size_t len)
{
	unsigned char *p = s->ring + off % PERIOD;
	uint64_t o;
	unsigned k;

	for (o = off - off % STAMP; o < off + len; o += STAMP)
		if (o >= off && o + 8 <= off + len) {
			unsigned char *q = p + (o - off);

			for (k = 0; k < 8; k++)
				q[k] = (unsigned char)(o >> (8 * k));
		} else {
			for (k = 0; k < 8; k++)
				if (o + k >= off && o + k < off + len)
					p[o + k - off] = (unsigned char)(o >> (8 * k));
		}
	return p;
}

/* The pattern's byte at file offset o, of ring (pattern_init's). */
static unsigned
pattern_byte(const unsigned char *ring, uint64_t o)
{
	unsigned k = (unsigned)(o % STAMP);

	return k < 8 ? (unsigned)((o - k) >> (8 * k)) & 0xff : ring[o % PERIOD];
}

/* Compare len bytes read from offset off with the pattern; say where they differ. */
static int
pattern_check(const struct state *s, const struct end *e, const unsigned char *b,
	      uint64_t off, size_t len)
{
	const unsigned char *want = s->ring + off % PERIOD;
	size_t i = 0, n;

	while (i < len) {
		uint64_t o = off + i;
		unsigned k = (unsigned)(o % STAMP);

		n = k < 8 ? 1 : STAMP - k;
		if (n > len - i)
			n = len - i;
		if (k < 8 ? b[i] != pattern_byte(s->ring, o) : memcmp(b + i, want + i, n) != 0)
			for (; n > 0; i++, n--)
				if (b[i] != pattern_byte(s->ring, off + i)) {
					msg_warn("verify: %s=%s: byte %llu is 0x%02x, lmdd wrote 0x%02x",
						 e->name, e->path, (unsigned long long)(off + i), b[i],
						 pattern_byte(s->ring, off + i));
					errno = 0;
					return -1;
				}
		i += n;
	}
	return 0;
}

/* Say what failed; errno 0 afterwards means "said". */
static int
io_failed(const struct end *e, const char *what, uint64_t done)
{
	if (errno == ENOSPC)
		msg_warn("%s=%s: the file system is full (ENOSPC) after %llu of %llu bytes%s",
			 e->name, e->path, (unsigned long long)done, (unsigned long long)st.total,
			 e->created ? "; the file is removed" : "");
	else if (errno == 0)
		msg_warn("%s=%s: end of input after %llu of %llu bytes", e->name, e->path,
			 (unsigned long long)done, (unsigned long long)st.total);
	else
		msg_syswarn("%s=%s: %s at byte %llu", e->name, e->path, what,
			    (unsigned long long)(e->off + done));
	errno = 0;
	return -1;
}

/* Read or write all of len bytes at off, across short transfers and EINTR. */
static int
xio(int wr, int fd, unsigned char *p, size_t len, uint64_t off)
{
	while (len > 0) {
		ssize_t n = wr ? pwrite(fd, p, len, (off_t)off) : pread(fd, p, len, (off_t)off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n == 0)
				errno = wr ? ENOSPC : 0;
			return -1;
		}
		p += n, len -= (size_t)n, off += (uint64_t)n;
	}
	return 0;
}

/* Drop e's cached pages (flush=1), and the kernel's page cache (flush=2). */
static int
drop_cache(const struct state *s, const struct end *e)
{
	if (e->kind == INTERNAL || s->flush == 0)
		return 0;
	if (fsync(e->fd) != 0 && errno != EINVAL)
		return io_failed(e, "cannot sync", 0);
#ifdef BLKFLSBUF
	/*
	 * A block device: its buffers written and dropped, as hdparm -t does
	 * (root only; without it, the pages fadvise drops).
	 */
	if (S_ISBLK(e->st.st_mode) && ioctl(e->fd, BLKFLSBUF, 0) != 0 && errno != EACCES
	    && errno != EPERM)
		return io_failed(e, "cannot drop the device's buffers (BLKFLSBUF)", 0);
#endif
#ifdef HAVE_POSIX_FADVISE
	errno = posix_fadvise(e->fd, 0, 0, POSIX_FADV_DONTNEED);
	if (errno != 0)
		return io_failed(e, "cannot drop cached pages", 0);
#endif
	if (s->flush == 2) {
		int fd = open("/proc/sys/vm/drop_caches", O_WRONLY);

		sync();
		if (fd < 0 || write(fd, "1", 1) != 1) {
			msg_syswarn("flush=2: cannot write /proc/sys/vm/drop_caches");
			if (fd >= 0)
				close(fd);
			errno = 0;
			return -1;
		}
		close(fd);
	}
	return 0;
}

/*
 * Where the input's reads land: the device under its loop and device
 * mapper layers (a file's on its file system's, a loop's on its backing
 * file's), and the backing files met on the way.
 */
static void
input_under(struct state *s)
{
	const struct end *e = &s->in;
	dev_t dev = S_ISBLK(e->st.st_mode) ? e->st.st_rdev : e->st.st_dev, next;
	char file[PATH_MAX];
	struct stat sb;
	uint64_t n;
	int i, k;

	for (i = 0; i < 8; i++) {
		if ((k = sysinfo_dev_under(dev, file, sizeof(file), &next)) == 0)
			break;
		if (k == 1) {
			if (stat(file, &sb) != 0)
				break;
			if (s->nbacking < (int)HB_ARRAY_SIZE(s->backing))
				snprintf(s->backing[s->nbacking++], sizeof(s->backing[0]), "%s", file);
			next = S_ISBLK(sb.st_mode) ? sb.st_rdev : sb.st_dev;
		}
		dev = next;
	}
	s->under = dev;
	s->under_known = sysinfo_dev_sectors_read(dev, &n) == 0;
}

/* The bytes the input's device has read since boot (0 where it does not say). */
static uint64_t
under_read(const struct state *s)
{
	uint64_t n = 0;

	return s->under_known && sysinfo_dev_sectors_read(s->under, &n) == 0 ? n * 512 : 0;
}

/* flush= on a loop device: its backing files' pages dropped too, or said. */
static void
drop_backing(const struct state *s)
{
	int i, fd;

	for (i = 0; i < s->nbacking; i++) {
		if ((fd = open(s->backing[i], O_RDONLY | O_NONBLOCK)) < 0) {
			msg_syswarn("flush=%d: cannot open %s, the backing file under if=%s, to drop "
				    "its cached pages", s->flush, s->backing[i], s->in.path);
			continue;
		}
#ifdef HAVE_POSIX_FADVISE
		if ((errno = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED)) != 0)
			msg_syswarn("flush=%d: cannot drop the cached pages of %s, the backing file "
				    "under if=%s", s->flush, s->backing[i], s->in.path);
#endif
		close(fd);
	}
}

/* Untimed work before a pass: fresh blocks for a write, no cache for a read. */
static int
prepare(struct state *s)
{
	if (s->out.kind != INTERNAL && S_ISREG(s->out.st.st_mode)) {
		if (s->trunc && ftruncate(s->out.fd, (off_t)s->out.off) != 0)
			return io_failed(&s->out, "cannot truncate", 0);
		if ((s->fsync || s->fdatasync || s->sync || s->dsync || s->odirect) && fsync(s->out.fd) != 0)
			return io_failed(&s->out, "cannot sync", 0);
	}
	if (s->flush && s->in.kind != INTERNAL)
		drop_backing(s);
	return drop_cache(s, &s->in);
}

/* One pass: *ns its time (without verify's checks), *ios its reads and writes. */
static int
pass(struct state *s, uint64_t *ns, uint64_t *ios)
{
	uint64_t done, t0, t1, start, shown_at;
	size_t len;
	int shown = 0;

	hist_init(&s->hist);
	s->check_ns = s->fsync_ns = 0;
	start = shown_at = timing_now();
	for (done = 0; done < s->total; done += len) {
		unsigned char *p = s->buf;

		len = s->total - done < s->bs ? (size_t)(s->total - done) : (size_t)s->bs;
		if (s->in.kind != INTERNAL) {
			t0 = timing_now();
			if (xio(0, s->in.fd, p, len, s->in.off + done) != 0)
				return io_failed(&s->in, "cannot read", done);
			t1 = timing_now();
			hist_add(&s->hist, t1 - t0);
			if (s->verify && s->out.kind == INTERNAL) {
				if (pattern_check(s, &s->in, p, s->in.off + done, len) != 0)
					return -1;
				s->check_ns += timing_now() - t1;
			}
		} else {
			p = pattern_block(s, s->out.off + done, len);
		}
		if (s->out.kind != INTERNAL) {
			t0 = timing_now();
			if (xio(1, s->out.fd, p, len, s->out.off + done) != 0)
				return io_failed(&s->out, "cannot write", done);
			hist_add(&s->hist, timing_now() - t0);
		}
		/* progress=1 (dd's status=progress): a line a second, rewritten. */
		if (s->progress && (t1 = timing_now()) - shown_at >= 1000000000u) {
			double secs = (double)(t1 - start) / 1e9;

			fprintf(stderr, "\rlmdd: %llu bytes (%.0f MB) of %llu, %.0f s, %.1f MB/s",
				(unsigned long long)(done + len), (double)(done + len) / 1e6,
				(unsigned long long)s->total, secs, (double)(done + len) / 1e6 / secs);
			shown_at = t1;
			shown = 1;
		}
		if (s->for_ns > 0 && timing_now() - start >= s->for_ns) {
			done += len;
			break;
		}
	}
	s->done = done;
	if (s->fsync || s->fdatasync) {
		t0 = timing_now();
		if ((s->fsync ? fsync(s->out.fd) : fdatasync(s->out.fd)) != 0)
			return io_failed(&s->out, s->fsync ? "cannot fsync" : "cannot fdatasync", done);
		s->fsync_ns = timing_now() - t0;
	}
	if (shown)
		fputc('\n', stderr);
	*ns = timing_now() - start - s->check_ns;
	*ios = s->hist.n;
	return 0;
}

/* verify=1 after a write pass: read it back (from the disk under flush=1). */
static int
read_back(struct state *s)
{
	uint64_t done;
	size_t len;

	if (drop_cache(s, &s->out) != 0)
		return -1;
	for (done = 0; done < s->total; done += len) {
		len = s->total - done < s->bs ? (size_t)(s->total - done) : (size_t)s->bs;
		if (xio(0, s->out.fd, s->buf, len, s->out.off + done) != 0)
			return io_failed(&s->out, "cannot read back", done);
		if (pattern_check(s, &s->out, s->buf, s->out.off + done, len) != 0)
			return -1;
	}
	return 0;
}

static const struct bench_prog prog = {
	.name = "lmdd",
	.args = "[if=FILE|DIR|internal] [of=FILE|DIR|internal] [bs=SIZE] "
		"[count=N|move=SIZE|for=TIME] [skip=N] [seek=N] [fsync=1|fdatasync=1] [sync=1] "
		"[dsync=1] [direct=1|idirect=1|odirect=1] [trunc=0] [flush=1|2] [verify=1] [force=1] [keep=0|1] "
		"[progress=1] [conv=LIST] [iflag=LIST] [oflag=LIST] [status=WHAT]",
	.summary = "lmdd: sequential read and write bandwidth of files and disks in MB/s "
		   "(10^6 bytes/s), with per-I/O latency p50, p90, p99, max (ns)",
	.morehelp = "  if=FILE|DIR|internal  input (default internal; DIR: a temporary file, written first)\n"
		   "  of=FILE|DIR|internal  output (default internal; DIR: a temporary file)\n"
		   "  bs=SIZE      bytes per read and write, 1 .. 1g (default 1m; dd's suffixes:\n"
		   "               1M 2^20, 1MB 10^6, 2x512 ...)\n"
		   "  count=N      blocks per pass (default: all of if=FILE); move=SIZE: bytes instead\n"
		   "  for=TIME     read if= for this long a pass, as hdparm -t (3s)\n"
		   "  skip=N       blocks to skip in the input; seek=N: in the output (default 0)\n"
		   "  fsync=1      fsync the output at the end of a pass, inside the timing\n"
		   "               (fdatasync=1: fdatasync)\n"
		   "  sync=1       O_SYNC writes (dsync=1: O_DSYNC)\n"
		   "  direct=1     O_DIRECT reads and writes (idirect=1: reads, odirect=1: writes)\n"
		   "  trunc=0      do not truncate the output before a pass (dd's conv=notrunc)\n"
		   "  progress=1   a line a second on stderr during a pass\n"
		   "  conv=, iflag=, oflag=, status=  dd's: fdatasync, fsync, notrunc; direct;\n"
		   "               direct, dsync, sync; none, noxfer, progress\n"
		   "  flush=1|2    drop the input's cached pages before a pass (2: drop_caches too)\n"
		   "  verify=1     check the written pattern (read back after a write)\n"
		   "  force=1      write to a device, over a file or through a symbolic link; no\n"
		   "               free-space check (FIFOs and sockets are refused all the same)\n"
		   "  keep=0|1     remove (0) or keep (1, the default) the of=FILE lmdd created;\n"
		   "               a temporary file in a DIR is always removed\n",
	.min_args = 0,
	.max_args = -1,
	.max_parallel = 1,
	.default_reps = 1,
	.why_parallel = "it runs one stream",
	.why_precision = "a sample is one pass; use -N",
};

/* The keys: where each value goes and its range (flags: 0 .. hi). */
static const struct key {
	const char *name;
	uint64_t *size;
	int *flag;
	uint64_t lo, hi;
} keys[] = {
	{ "bs", &st.bs, NULL, 1, MAX_BS },
	{ "count", &st.count, NULL, 1, MAX_TOTAL },
	{ "move", &st.move, NULL, 1, MAX_TOTAL },
	{ "skip", &st.skip, NULL, 0, MAX_TOTAL },
	{ "seek", &st.seek, NULL, 0, MAX_TOTAL },
	{ "fsync", NULL, &st.fsync, 0, 1 },
	{ "fdatasync", NULL, &st.fdatasync, 0, 1 },
	{ "sync", NULL, &st.sync, 0, 1 },
	{ "dsync", NULL, &st.dsync, 0, 1 },
	{ "trunc", NULL, &st.trunc, 0, 1 },
	{ "progress", NULL, &st.progress, 0, 1 },
	{ "direct", NULL, &st.direct, 0, 1 },
	{ "idirect", NULL, &st.idirect, 0, 1 },
	{ "odirect", NULL, &st.odirect, 0, 1 },
	{ "flush", NULL, &st.flush, 0, 2 },
	{ "verify", NULL, &st.verify, 0, 1 },
	{ "force", NULL, &st.force, 0, 1 },
	{ "keep", NULL, &st.keep, 0, 1 },
	{ "for", NULL, NULL, 0, 0 },
	{ "if", NULL, NULL, 0, 0 },
	{ "of", NULL, NULL, 0, 0 },
};

/*
 * dd's words, each flag of conv=, iflag=, oflag= (comma-separated, as
 * dd takes them) and each status=, as the lmdd word it means.  The
 * command line the result records holds the lmdd words.
 */
static const struct dd_word {
	const char *key, *flag, *lmdd;
} dd_words[] = {
	{ "conv", "fdatasync", "fdatasync=1" },
	{ "conv", "fsync", "fsync=1" },
	{ "conv", "notrunc", "trunc=0" },
	{ "iflag", "direct", "idirect=1" },
	{ "oflag", "direct", "odirect=1" },
	{ "oflag", "dsync", "dsync=1" },
	{ "oflag", "sync", "sync=1" },
	/* lmdd prints no transfer statistics for none and noxfer to keep back */
	{ "status", "none", "progress=0" },
	{ "status", "noxfer", "progress=0" },
	{ "status", "progress", "progress=1" },
};

/* dd's keys lmdd does not take, and what to use instead. */
static const struct {
	const char *key, *instead;
} dd_other[] = {
	{ "ibs", "lmdd reads and writes in one block size: bs=" },
	{ "obs", "lmdd reads and writes in one block size: bs=" },
	{ "cbs", "lmdd converts nothing" },
	{ "iseek", "skip=" },
	{ "oseek", "seek=" },
};

/* The edit distance of a[0..n) and b, at most 3 (more: 3). */
static unsigned
distance(const char *a, size_t n, const char *b)
{
	unsigned d[32], prev, cur;
	size_t i, j, m = strlen(b);

	if (n >= 31 || m >= 31)
		return 3;
	for (j = 0; j <= m; j++)
		d[j] = (unsigned)j;
	for (i = 1; i <= n; i++) {
		prev = d[0];
		d[0] = (unsigned)i;
		for (j = 1; j <= m; j++) {
			cur = d[j];
			d[j] = a[i - 1] == b[j - 1] ? prev
			       : 1 + (prev < d[j] ? (prev < d[j - 1] ? prev : d[j - 1])
				       : (d[j] < d[j - 1] ? d[j] : d[j - 1]));
			prev = cur;
		}
	}
	return d[m] < 3 ? d[m] : 3;
}

/* The known key nearest to w[0..n), lmdd's or dd's, or NULL: none is near. */
static const char *
nearest(const char *w, size_t n)
{
	static const char *const more[] = { "conv", "iflag", "oflag", "status" };
	const char *best = NULL, *name;
	unsigned bd = 3, d;
	size_t i;

	/* One letter off a short key, two off a longer one. */
	for (i = 0; i < HB_ARRAY_SIZE(keys) + HB_ARRAY_SIZE(more); i++) {
		name = i < HB_ARRAY_SIZE(keys) ? keys[i].name : more[i - HB_ARRAY_SIZE(keys)];
		if ((d = distance(w, n, name)) < bd && d <= (strlen(name) < 5 ? 1u : 2u))
			bd = d, best = name;
	}
	return best;
}

static void parse_one(struct state *s, const char *w);

/*
 * A dd word (conv=, iflag=, oflag=, status=): each flag taken as its lmdd
 * word; *rec then holds the lmdd words for the command line's record.
 * 0 when w is no dd word.
 */
static int
parse_dd(struct state *s, const char *w, char **rec)
{
	const char *eq = strchr(w, '='), *f;
	size_t n = (size_t)(eq - w), len, i, room;
	char *out;
	int any = 0;

	if (!(n == 4 && strncmp(w, "conv", 4) == 0) && !(n == 5 && strncmp(w, "iflag", 5) == 0)
	    && !(n == 5 && strncmp(w, "oflag", 5) == 0) && !(n == 6 && strncmp(w, "status", 6) == 0))
		return 0;
	room = 12 * strlen(w) + 1;
	if ((out = malloc(room)) == NULL)
		msg_sysdie("cannot allocate");
	out[0] = '\0';
	for (f = eq + 1;; f += len + 1) {
		len = strcspn(f, ",");
		for (i = 0; i < HB_ARRAY_SIZE(dd_words); i++)
			if (strlen(dd_words[i].key) == n && strncmp(dd_words[i].key, w, n) == 0
			    && strlen(dd_words[i].flag) == len && strncmp(dd_words[i].flag, f, len) == 0)
				break;
		if (i == HB_ARRAY_SIZE(dd_words)) {
			char taken[128] = "";

			for (i = 0; i < HB_ARRAY_SIZE(dd_words); i++)
				if (strlen(dd_words[i].key) == n && strncmp(dd_words[i].key, w, n) == 0)
					snprintf(taken + strlen(taken), sizeof(taken) - strlen(taken),
						 "%s%s", *taken != '\0' ? ", " : "", dd_words[i].flag);
			bench_usage_error(&prog, "%.*s=%.*s: not a flag lmdd takes (of dd's, %.*s= takes %s)",
					  (int)n, w, (int)len, f, (int)n, w, taken);
		}
		if (n == 6 && (f != eq + 1 || f[len] != '\0'))
			bench_usage_error(&prog, "status=: one value (none, noxfer or progress), not a list");
		parse_one(s, dd_words[i].lmdd);
		snprintf(out + strlen(out), room - strlen(out), "%s%s", any++ ? " " : "", dd_words[i].lmdd);
		if (f[len] == '\0')
			break;
	}
	*rec = out;
	return 1;
}

static void
parse_one(struct state *s, const char *w)
{
	const char *eq = strchr(w, '='), *near;
	size_t i, n = eq != NULL ? (size_t)(eq - w) : strlen(w);
	char err[PARSE_ERRLEN];

	for (i = 0; i < HB_ARRAY_SIZE(keys); i++)
		if (n == strlen(keys[i].name) && strncmp(w, keys[i].name, n) == 0)
			break;
	if (i == HB_ARRAY_SIZE(keys)) {
		size_t j;

		for (j = 0; j < HB_ARRAY_SIZE(dd_other); j++)
			if (n == strlen(dd_other[j].key) && strncmp(w, dd_other[j].key, n) == 0)
				bench_usage_error(&prog, "%s: dd's, not lmdd's: %s", dd_other[j].key,
						  dd_other[j].instead);
		if ((near = nearest(w, n)) != NULL)
			bench_usage_error(&prog, "unknown argument '%s'; did you mean %s=?", w, near);
		bench_usage_error(&prog, "unknown argument '%s'; allowed: if=, of=, bs=, count=, "
				  "move=, skip=, seek=, fsync=, fdatasync=, sync=, dsync=, direct=, idirect=, odirect=, "
				  "flush=, verify=, force=, keep=, trunc=, progress=, and dd's conv=, "
				  "iflag=, oflag=, status=", w);
	}
	if (eq == NULL)
		bench_usage_error(&prog, "%s: needs a value (%s=...)", keys[i].name, keys[i].name);
	if (s->seen[i]++)
		bench_usage_error(&prog, "%s: given twice", keys[i].name);
	if (keys[i].size != NULL) {
		if (parse_dd_size(keys[i].name, eq + 1, keys[i].lo, keys[i].hi, keys[i].size, err,
				  sizeof(err)) != 0)
			bench_usage_error(&prog, "%s", err);
	} else if (keys[i].flag != NULL) {
		*keys[i].flag = (int)bench_arg_int(&prog, keys[i].name, eq + 1, 0, (long long)keys[i].hi);
	} else if (strcmp(keys[i].name, "for") == 0) {
		if (parse_duration("for", eq + 1, "s", 100000000, 3600000000000ull, &s->for_ns, err,
				   sizeof(err)) != 0)
			bench_usage_error(&prog, "%s", err);
	} else {
		(w[0] == 'i' ? &s->in : &s->out)->arg = strcmp(eq + 1, "internal") == 0 ? NULL : eq + 1;
	}
}

/* One operand; a dd word's lmdd words take its place in *word. */
static void
parse_word(struct state *s, char **word)
{
	char *rec;

	if (strchr(*word, '=') != NULL && parse_dd(s, *word, &rec))
		*word = rec;
	else
		parse_one(s, *word);
}

/* 1 when e's file system keeps files in memory (tmpfs, ramfs). */
static int
in_memory(const struct end *e)
{
#ifdef __linux__
	struct statfs f;

	return fstatfs(e->fd, &f) == 0 && ((unsigned long)f.f_type == 0x01021994ul
					   || (unsigned long)f.f_type == 0x858458f6ul);
#else
	(void)e;
	return 0;
#endif
}

/* Refuse what the file system cannot hold; exit 1 with the reason. */
static void
check_space(const struct end *e, uint64_t need)
{
	struct statvfs v;

	if (in_memory(e) && mem_fit(need, 1, need, 1) < need)
		msg_die("%s=%s: %llu bytes on tmpfs would take more than %d%% of the memory "
			"available; use a smaller count, another directory, or force=1",
			e->name, e->path, (unsigned long long)need, MEM_SHARE_PCT);
	if (fstatvfs(e->fd, &v) == 0 && v.f_frsize > 0
	    && (need - 1) / v.f_frsize + 1 > (uint64_t)v.f_bavail)
		msg_die("%s=%s: %llu bytes do not fit in the %llu bytes free on its file system; "
			"use a smaller count, or force=1 to write until it is full", e->name, e->path,
			(unsigned long long)need,
			(unsigned long long)((uint64_t)v.f_bavail * v.f_frsize));
}

/*
 * The safety rules for an end, applied to what its path names before it
 * is opened (lstat for an output without force=1, so a symbolic link is
 * seen as one) and to the file opened.  A FIFO or socket is refused
 * whatever force= says: lmdd reads and writes at offsets, which they
 * have not, and opening a FIFO waits for the other side.
 */
/* The null device (dd's of=/dev/null): writing to it destroys nothing. */
static int
is_null_device(const struct stat *sb)
{
	struct stat n;

	return S_ISCHR(sb->st_mode) && stat("/dev/null", &n) == 0 && S_ISCHR(n.st_mode)
	       && n.st_rdev == sb->st_rdev;
}

/*
 * 1 when the regular file at path holds lmdd's own pattern where it is
 * looked at: its first, middle and last 4 KB (all of a shorter file), so
 * that a file lmdd wrote may be written again without force=1, as dd
 * would, and anything else may not.  A symbolic link is not followed.
 */
static int
own_pattern(const char *path)
{
	unsigned char *ring, got[4096];
	uint64_t size, at[3];
	struct stat sb;
	size_t i, j, len;
	int fd, own = 0;

	if ((fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)) < 0)
		return 0;
	if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode) || (ring = malloc(PERIOD)) == NULL) {
		close(fd);
		return 0;
	}
	pattern_init(ring, PERIOD);
	size = (uint64_t)sb.st_size;
	at[0] = 0;
	at[1] = size / 2 - size / 2 % sizeof(got);
	at[2] = size > sizeof(got) ? size - sizeof(got) : 0;
	for (i = 0; i < 3; i++) {
		len = size - at[i] < sizeof(got) ? (size_t)(size - at[i]) : sizeof(got);
		if (pread(fd, got, len, (off_t)at[i]) != (ssize_t)len)
			goto out;
		for (j = 0; j < len; j++)
			if (got[j] != pattern_byte(ring, at[i] + j))
				goto out;
	}
	own = 1;
out:
	free(ring);
	close(fd);
	return own;
}

static void
refuse(const struct state *s, const struct end *e, const struct stat *sb)
{
	int wr = e == &s->out;

	if (S_ISFIFO(sb->st_mode) || S_ISSOCK(sb->st_mode))
		msg_die("%s=%s: a %s; refused (lmdd reads and writes at offsets, which a %s has "
			"not; force=1 does not change that)", e->name, e->path,
			S_ISFIFO(sb->st_mode) ? "FIFO" : "socket", S_ISFIFO(sb->st_mode) ? "FIFO" : "socket");
	if (!wr || s->force)
		return;
	if (S_ISLNK(sb->st_mode))
		msg_die("of=%s: a symbolic link; refused without force=1 (whoever can write its "
			"directory chooses what it points to)", e->path);
	if (S_ISBLK(sb->st_mode))
		msg_die("of=%s: a block device: writing destroys what it holds; add force=1 to "
			"write to it anyway", e->path);
	if (S_ISCHR(sb->st_mode) && !is_null_device(sb))
		msg_die("of=%s: a character device; refused without force=1 (writing to one such as "
			"a raw flash, /dev/mtdN, destroys what it holds)", e->path);
	if (!e->created && S_ISREG(sb->st_mode) && sb->st_size > 0 && !own_pattern(e->path))
		msg_die("of=%s: exists and holds %llu bytes that lmdd did not write, which it would "
			"overwrite; name a new file, or add force=1", e->path,
			(unsigned long long)sb->st_size);
}

/* Clear the O_NONBLOCK that opened fd without waiting (a FIFO). */
static void
blocking(const struct end *e, int fd)
{
	int fl = fcntl(fd, F_GETFL);

	if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) != 0)
		msg_sysdie("%s=%s: cannot clear O_NONBLOCK", e->name, e->path);
}

/*
 * The file lmdd created as fd, opened again by name with flags that fcntl
 * cannot set (O_SYNC): anyone who can write the directory may have
 * replaced the name since, so a symbolic link is not followed and a file
 * other than fd's (device and inode) is refused before a byte is written.
 * Returns the new descriptor; fd is closed.
 */
static int
reopen_same(const struct end *e, int fd, int flags)
{
	struct stat made, now;
	int nfd;

	if (fstat(fd, &made) != 0)
		msg_sysdie("%s=%s: cannot stat", e->name, e->path);
	if ((nfd = open(e->path, flags | O_NOFOLLOW | O_NONBLOCK)) < 0) {
		if (lstat(e->path, &now) == 0 && S_ISLNK(now.st_mode))
			msg_die("%s=%s: replaced by a symbolic link after lmdd created it; refused, "
				"nothing written", e->name, e->path);
		msg_sysdie("%s=%s: cannot open the file lmdd created", e->name, e->path);
	}
	if (fstat(nfd, &now) != 0)
		msg_sysdie("%s=%s: cannot stat", e->name, e->path);
	if (now.st_dev != made.st_dev || now.st_ino != made.st_ino)
		msg_die("%s=%s: replaced by another file after lmdd created it; refused, nothing "
			"written", e->name, e->path);
	blocking(e, nfd);
	close(fd);
	return nfd;
}

/*
 * Open end e (wr: the output) as the run needs it: a temporary file in a
 * directory (DIR, or TMPDIR for an empty value), or the named file,
 * created with O_EXCL|O_NOFOLLOW where it does not exist (and registered
 * for removal); then check what it is.  A file lmdd creates is used
 * through the descriptor that created it, never reopened by name (but
 * for O_SYNC, see reopen_same).  Anything else is opened with O_NONBLOCK,
 * so that a FIFO is refused instead of waited on, and an existing output
 * with O_NOFOLLOW unless force=1.
 */
static void
open_end(struct state *s, struct end *e, int wr)
{
	int flags = wr ? (s->verify ? O_RDWR : O_WRONLY) | (s->sync ? O_SYNC : 0)
			 | (s->dsync ? O_DSYNC : 0) : O_RDONLY;
	const char *dir = *e->arg != '\0' ? e->arg : NULL;
	struct stat ds;
	sigset_t all, old;
	int fd = -1, nofollow = wr && !s->force;

	if (dir == NULL || (stat(dir, &ds) == 0 && S_ISDIR(ds.st_mode))) {
		e->kind = TEMP;
		/* mkstemp: O_CREAT|O_EXCL, read-write, which the temporary input needs. */
		if ((fd = tmp_file(dir, e->path, sizeof(e->path))) < 0)
			msg_sysdie("%s=%s: cannot create a temporary file in %s", e->name, e->arg,
				   tmp_dir(dir));
		e->created = 1;
		e->fd = wr && (s->sync || s->dsync) ? reopen_same(e, fd, flags) : fd;
	} else {
		e->kind = NAMED;
		if (strlen(e->arg) >= sizeof(e->path))
			bench_usage_error(&prog, "%s: the path is longer than %d bytes", e->name,
					  PATH_MAX - 1);
		snprintf(e->path, sizeof(e->path), "%s", e->arg);
		if ((nofollow ? lstat(e->path, &ds) : stat(e->path, &ds)) == 0)
			refuse(s, e, &ds);
		if (wr) {
			/* No signal between creating the file and registering it. */
			sigfillset(&all);
			sigprocmask(SIG_BLOCK, &all, &old);
			fd = open(e->path, flags | O_CREAT | O_EXCL | O_NOFOLLOW, 0644);
			e->created = fd >= 0 && tmp_register(e->path) == 0;
			if (fd >= 0 && !e->created)
				unlink(e->path);
			sigprocmask(SIG_SETMASK, &old, NULL);
			if (fd < 0 && errno != EEXIST)
				msg_sysdie("of=%s: cannot create", e->path);
			if (fd >= 0 && !e->created)
				msg_die("of=%s: cannot register it for removal", e->path);
		}
		if (fd < 0) {
			if ((fd = open(e->path, flags | O_NONBLOCK | (nofollow ? O_NOFOLLOW : 0))) < 0) {
				if (nofollow && lstat(e->path, &ds) == 0 && S_ISLNK(ds.st_mode))
					refuse(s, e, &ds);
				msg_sysdie("%s=%s: cannot open", e->name, e->path);
			}
			if (fstat(fd, &ds) == 0)
				refuse(s, e, &ds);
			blocking(e, fd);
		}
		e->fd = fd;
	}
	if (fstat(e->fd, &e->st) != 0)
		msg_sysdie("%s=%s: cannot stat", e->name, e->path);
	refuse(s, e, &e->st);
	if (!S_ISREG(e->st.st_mode) && !S_ISBLK(e->st.st_mode) && !S_ISCHR(e->st.st_mode))
		msg_die("%s=%s: not a file, directory, block or character device", e->name, e->path);
}

/*
 * O_DIRECT on e now (exit 77 where refused, saying which word asked for
 * it); the alignment it needs.
 */
static size_t
direct_align(const struct end *e, const char *word)
{
	size_t a = 512, page = mem_page_size();
#ifdef BLKSSZGET
	int ss;
#endif
#ifdef O_DIRECT
	int fl;
#endif

	if (e->kind == INTERNAL)
		return 1;
#ifdef O_DIRECT
	if ((fl = fcntl(e->fd, F_GETFL)) < 0 || fcntl(e->fd, F_SETFL, fl | O_DIRECT) != 0)
		msg_exit(MSG_EXIT_UNSUPPORTED, "%s=%s: %s: the file system refuses direct "
			 "I/O (O_DIRECT): %s", e->name, e->path, word, strerror(errno));
#else
	msg_exit(MSG_EXIT_UNSUPPORTED, "%s: this system has no O_DIRECT", word);
#endif
#ifdef BLKSSZGET
	if (S_ISBLK(e->st.st_mode) && ioctl(e->fd, BLKSSZGET, &ss) == 0 && ss > 0)
		return (size_t)ss;
#endif
	/*
	 * A file's st_blksize covers the logical block of its disk; so does
	 * a page, and no disk needs more.
	 */
	if (e->st.st_blksize > 0 && (size_t)e->st.st_blksize > a)
		a = (size_t)e->st.st_blksize < page ? (size_t)e->st.st_blksize : page;
	return a;
}

/* The bytes of a file or block device (0: unknown, e.g. a character device). */
static uint64_t
end_size(const struct end *e)
{
#ifdef BLKGETSIZE64
	uint64_t n;

	if (S_ISBLK(e->st.st_mode))
		return ioctl(e->fd, BLKGETSIZE64, &n) == 0 ? n : 0;
#endif
	return S_ISREG(e->st.st_mode) ? (uint64_t)e->st.st_size : 0;
}

static void
describe(const struct state *s, const struct end *e)
{
	const char *key = e == &s->in ? "input" : "output";

	if (e->kind == INTERNAL) {
		output_config(stdout, key, "internal");
		return;
	}
	output_config(stdout, key, "%s (%s%s%s%s), from byte %llu", e->path,
		      e->kind == TEMP ? "temporary " : "",
		      S_ISREG(e->st.st_mode) ? "regular file" : S_ISBLK(e->st.st_mode)
		      ? "block device" : "character device",
		      e->kind == NAMED && e->created ? (s->keep ? ", created, kept" : ", created, removed")
		      : "", S_ISREG(e->st.st_mode) && in_memory(e)
		      ? ", on tmpfs: in memory, not on a disk" : "",
		      (unsigned long long)e->off);
}

/*
 * keep=1: the file lmdd made stays.  Registered files are removed at exit,
 * so it is renamed aside, forgotten, and renamed back, with signals held
 * so that no interruption leaves a name behind.
 */
static void
keep_file(struct end *e)
{
	char aside[PATH_MAX + 16];
	sigset_t all, old;
	int fd, err;

	if (snprintf(aside, sizeof(aside), "%s.XXXXXX", e->path) >= (int)sizeof(aside))
		msg_die("of=%s: the path is too long to keep the file", e->path);
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	fd = mkstemp(aside);
	if (fd < 0 || rename(e->path, aside) != 0 || tmp_remove(e->path) != 0
	    || rename(aside, e->path) != 0) {
		err = errno;
		if (fd >= 0)
			unlink(aside);
		sigprocmask(SIG_SETMASK, &old, NULL);
		errno = err;
		msg_sysdie("of=%s: cannot keep the file", e->path);
	}
	close(fd);
	sigprocmask(SIG_SETMASK, &old, NULL);
}

/*
 * n passes as raw lines, or their text summary and lmbench's line (what:
 * which pass that line gives).
 */
static void
report(const struct bench_opts *o, const char *name, const uint64_t *ios, const double *v,
       size_t n, const char *const *units, size_t np, const char *what)
{
	double *col = malloc(n * sizeof(*col));
	struct stats s;
	size_t i;

	if (col == NULL)
		msg_sysdie("cannot allocate %zu samples", n);
	bench_report_k(o, name, ios, v, n, units, np);
	if (o->output != OUTPUT_RAW) {
		/* lmbench's line, after the summaries. */
		for (i = 0; i < n; i++)
			col[i] = v[i * np];
		if (stats_compute(col, n, &s) == 0)
			printf("  %.4f MB in %.4f secs, %.4f MB/sec (%s)\n",
			       (double)st.done / 1e6, (double)st.done / 1e6 / s.median, s.median,
			       what);
	}
	free(col);
}

/* What every pass's I/Os took, and the read-ahead that shortened them. */
static void
report_io(const struct bench_opts *o, const char *read_ahead)
{
	const struct hist *a = &st.all;

	if (o->output == OUTPUT_RAW)
		output_config(stdout, "io-latency", "%llu I/Os: p50 %.0f, p90 %.0f, p99 %.0f, max %.0f ns",
			      (unsigned long long)a->n, hist_quantile(a, 0.5),
			      hist_quantile(a, 0.9), hist_quantile(a, 0.99),
			      hist_quantile(a, 1));
	else if (read_ahead != NULL)
		printf("  read-ahead of the input's device: %s\n", read_ahead);
	msg_flush();
}

/*
 * The first pass after a flush against the n later ones (at v[0], v[np]
 * ...): where they are faster beyond their spread (stats_later_faster), a
 * cache below the page cache served them, or the first pass paid for a
 * start the later ones did not (an idle virtual machine waking, a disk
 * spinning up).  Said on stderr and, in raw output, as the run note
 * cache-below.
 */
/*
 * Whether the first pass after the flush was cold: its device read at
 * least half of what it asked for (1), far less (0: warm, said), or its
 * device has no read counters (-1, said).  Other work on the device can
 * only add reads, never hide them.
 */
static int
first_pass_cold(const struct state *s, const struct bench_opts *o, uint64_t from_dev,
		uint64_t asked)
{
	char why[256];
	int cold;

	if (!s->under_known) {
		msg_warn("flush=%d: whether the first pass was cold cannot be told: the device under "
			 "if=%s (%u:%u) has no read counters", s->flush, s->in.path,
			 (unsigned)major(s->under), (unsigned)minor(s->under));
		return -1;
	}
	cold = from_dev >= asked / 2;
	snprintf(why, sizeof(why), "%s: the first pass read %.1f MB of %.1f from the device (%u:%u)",
		 cold ? "cold" : "warm", (double)from_dev / 1e6, (double)asked / 1e6,
		 (unsigned)major(s->under), (unsigned)minor(s->under));
	if (!cold)
		msg_warn("%s: a cache the flush did not drop served it, so it is no cold read%s", why,
			 s->flush == 1 ? " (flush=2 also drops the rest of this machine's page cache, but "
			 "not what a process holds mapped)" : "");
	if (o->output == OUTPUT_RAW)
		output_config(stdout, "first-pass", "%s", why);
	return cold;
}

static void
cache_below(const struct bench_opts *o, double first, const double *v, size_t n, size_t np,
	    int cold)
{
	double ratio = stats_later_faster(first, v, n, np);
	char why[384];

	if (ratio == 0)
		return;
	snprintf(why, sizeof(why), "the later passes ran at %.0f MB/s (median), %.2fx the first "
		 "pass's %.0f MB/s: a cache below the page cache (a VM's disk image, a RAID "
		 "controller) served the later passes, or the first paid for a start (an idle VM "
		 "waking, a disk spinning up); %s",
		 first * ratio, ratio, first,
		 cold > 0 ? "the first is the figure of a cold read"
		 : cold == 0 ? "the first was not cold either (see above)"
		 : "the first is the figure of a read after the flush");
	msg_warn("%s", why);
	if (o->output == OUTPUT_RAW)
		output_config(stdout, "cache-below", "%s", why);
}

int
main(int argc, char **argv)
{
	static const char *const units[] = {
		"MB/s", "ns/io-p50", "ns/io-p90", "ns/io-p99", "ns/io-max", "ns/fsync"
	};
	struct state *s = &st;
	struct bench_opts o;
	/* name and a pass= part within the limit of a result name */
	char name[OUTPUT_MAX_NAME - 16], pname[OUTPUT_MAX_NAME], sz[64], bsz[32], flags[96];
	char read_ahead[64];
	const char *word;
	uint64_t size, got, ns, start, done, rd0 = 0, from_dev = 0, asked = 0;
	/* static: the samples stay reachable until exit, on every path. */
	static uint64_t *ios;
	static double *v;
	size_t np, len, align = 1;
	unsigned r;
	int ai, ring, rbuf, first, cold;

	state_init(s);
	ai = bench_init(&o, &prog, argc, argv);
	for (; ai < argc; ai++)
		parse_word(s, &argv[ai]);
	if (s->in.arg == NULL && s->out.arg == NULL)
		bench_usage_error(&prog, "if= and of= are both internal: nothing to measure; name a "
				  "file, directory or device in one of them");
	if (s->count > 0 && s->move > 0)
		bench_usage_error(&prog, "count= and move= both given; give one");
	if (s->move > 0 && (s->move < s->bs || s->move % s->bs != 0))
		bench_usage_error(&prog, "move: value '%llu' is not a whole number of blocks of bs=%llu",
				  (unsigned long long)s->move, (unsigned long long)s->bs);
	if (s->move > 0)
		s->count = s->move / s->bs;
	if (s->verify && s->in.arg != NULL && s->out.arg != NULL)
		bench_usage_error(&prog, "verify=1 checks a write (if=internal) or a read "
				  "(of=internal), not a copy");
	if (s->flush && s->in.arg == NULL && !s->verify)
		bench_usage_error(&prog, "flush=%d drops the input's cached pages before each pass: "
				  "it needs if= (or verify=1, for the read-back)", s->flush);
	if ((s->fsync || s->fdatasync || s->sync || s->dsync || s->keep >= 0 || s->seek || !s->trunc)
	    && s->out.arg == NULL)
		bench_usage_error(&prog, "fsync=, fdatasync=, sync=, dsync=, keep=, trunc= and seek= "
				  "(dd's conv=, oflag=) need of=");
	if (s->fsync && s->fdatasync)
		bench_usage_error(&prog, "fsync=1 and fdatasync=1: one or the other");
	if (s->skip && s->in.arg == NULL)
		bench_usage_error(&prog, "skip= needs if=");
	if (s->keep < 0)
		s->keep = 1;
#ifndef HAVE_POSIX_FADVISE
	if (s->flush)
		msg_exit(MSG_EXIT_UNSUPPORTED, "flush=%d: this system has no posix_fadvise to drop "
			 "cached pages with", s->flush);
#endif
	if (s->flush == 2 && geteuid() != 0)
		msg_exit(MSG_EXIT_UNSUPPORTED, "flush=2: dropping the kernel's page cache needs root");
	if (s->skip > MAX_TOTAL / s->bs || s->seek > MAX_TOTAL / s->bs
	    || (s->count > 0 && s->count > MAX_TOTAL / s->bs))
		bench_usage_error(&prog, "skip, seek or count: more than %llu bytes",
				  (unsigned long long)MAX_TOTAL);

	if (s->in.arg != NULL)
		open_end(s, &s->in, 0);
	if (s->out.arg != NULL)
		open_end(s, &s->out, 1);
	if (s->in.kind == TEMP && s->skip)
		bench_usage_error(&prog, "skip= reads a named input; if=%s is a temporary file",
				  s->in.arg);
	s->in.off = s->skip * s->bs;
	s->out.off = s->seek * s->bs;
	size = s->in.kind == NAMED ? end_size(&s->in) : 0;
	if (s->for_ns > 0 && (s->in.kind != NAMED || s->out.arg != NULL || s->count > 0))
		bench_usage_error(&prog, "for= reads a named input (if=FILE or a device) for a "
				  "time, as hdparm -t does: no of=, count= or move=");
	if (s->count == 0 && s->for_ns == 0 && (s->in.kind != NAMED || !S_ISREG(s->in.st.st_mode)))
		bench_usage_error(&prog, "count= (or move=) is needed unless if= names a file "
				  "(whose whole length is then read)");
	if (s->count == 0) {
		/* the whole input from its offset: for=, or a file with no count= */
		s->count = size > s->in.off ? (size - s->in.off) / s->bs : 0;
		if (s->count == 0)
			msg_die("if=%s: holds less than one block of %llu bytes after byte %llu",
				s->in.path, (unsigned long long)s->bs, (unsigned long long)s->in.off);
	}
	s->total = s->count * s->bs;
	if (size > 0 && s->in.off + s->total > size)
		bench_usage_error(&prog, "count: value '%llu' reads past the end of if=%s (%llu "
				  "bytes); allowed: 1 .. %llu", (unsigned long long)s->count,
				  s->in.path, (unsigned long long)size,
				  (unsigned long long)(size > s->in.off ? (size - s->in.off) / s->bs : 0));

	/*
	 * O_DIRECT on the ends that do I/O: an internal end does none, so
	 * the other's alone is direct=1, and so are both.
	 */
	word = s->direct ? "direct=1" : s->idirect ? "idirect=1" : "odirect=1";
	if (s->direct)
		s->idirect = s->odirect = 1;
	if ((s->idirect || s->in.kind == INTERNAL) && (s->odirect || s->out.kind == INTERNAL)
	    && (s->idirect || s->odirect))
		s->direct = s->idirect = s->odirect = 1;
	if (s->idirect || s->odirect) {
		size_t ai2 = s->idirect ? direct_align(&s->in, word) : 1;
		size_t ao = s->odirect ? direct_align(&s->out, word) : 1;

		align = ai2 > ao ? ai2 : ao;
		if (s->bs % align != 0)
			bench_usage_error(&prog, "bs: value '%llu' is not a multiple of %zu bytes, the "
					  "block size %s needs here", (unsigned long long)s->bs,
					  align, word);
	}
	/* The ring holds PERIOD + bs bytes: at most two buffers of bs, or 1 MB more. */
	ring = s->in.kind != NAMED || s->verify;
	rbuf = s->in.kind != INTERNAL || s->verify;
	got = mem_fit(s->bs, (unsigned)(2 * ring + rbuf), s->bs < 4096 ? s->bs : 4096,
		      align > 4096 ? align : 4096);
	if (got == 0)
		msg_die("bs=%llu: %d buffers of it do not fit in the memory available",
			(unsigned long long)s->bs, 2 * ring + rbuf);
	if (s->out.kind != INTERNAL && S_ISREG(s->out.st.st_mode) && !s->force)
		check_space(&s->out, s->total);
	if (s->in.kind == TEMP && !s->force)
		check_space(&s->in, s->total);

	bench_print_config(&o, &prog);
	if (got < s->bs) {
		mem_report_reduced(o.output == OUTPUT_RAW ? stdout : NULL, "lmdd", "bs", s->bs, got);
		s->bs = got;
	}
	if ((ring && (s->ring = mem_alloc((size_t)s->bs + PERIOD)) == NULL)
	    || (rbuf && (s->buf = mem_alloc((size_t)s->bs)) == NULL))
		msg_sysdie("bs=%llu: cannot allocate the buffers", (unsigned long long)s->bs);
	if (ring)
		pattern_init(s->ring, (size_t)s->bs + PERIOD);
	for (done = 0; s->in.kind == TEMP && done < s->total; done += len) {
		len = s->total - done < s->bs ? (size_t)(s->total - done) : (size_t)s->bs;
		if (xio(1, s->in.fd, pattern_block(s, done, len), len, done) != 0)
			return io_failed(&s->in, "cannot write", done), MSG_EXIT_FAIL;
	}
	if (s->in.kind == TEMP && fsync(s->in.fd) != 0)
		return io_failed(&s->in, "cannot fsync", done), MSG_EXIT_FAIL;

	snprintf(flags, sizeof(flags), "%s%s%s%s%s%s%s%.0d",
		 s->direct ? "/direct=1" : s->idirect ? "/idirect=1" : s->odirect ? "/odirect=1" : "",
		 s->fsync ? "/fsync=1" : "", s->fdatasync ? "/fdatasync=1" : "",
		 s->sync ? "/sync=1" : "", s->dsync ? "/dsync=1" : "", s->trunc ? "" : "/trunc=0",
		 s->flush && s->in.arg != NULL ? "/flush=" : "",
		 s->in.arg != NULL ? s->flush : 0);
	if (s->for_ns > 0 && s->for_ns % 1000000000u == 0)
		snprintf(sz, sizeof(sz), "for=%llus", (unsigned long long)(s->for_ns / 1000000000u));
	else if (s->for_ns > 0)
		snprintf(sz, sizeof(sz), "for=%llums", (unsigned long long)(s->for_ns / 1000000u));
	else
		snprintf(sz, sizeof(sz), "size=%s", output_size_name(bsz, sizeof(bsz), s->total));
	if (snprintf(name, sizeof(name), "Lmdd/op=%s/%s/bs=%s%s",
		     s->in.arg == NULL ? "write" : s->out.arg == NULL ? "read" : "copy", sz,
		     output_size_name(bsz, sizeof(bsz), s->bs), flags) >= (int)sizeof(name))
		msg_die("the result's name is longer than %zu bytes", sizeof(name) - 1);
	if (o.output == OUTPUT_RAW) {
		describe(s, &s->in);
		describe(s, &s->out);
		output_config(stdout, "transfer", "%llu bytes in blocks of %llu%s",
			      (unsigned long long)s->total, (unsigned long long)s->bs,
			      s->direct ? " (O_DIRECT)" : s->idirect ? " (O_DIRECT reads)"
			      : s->odirect ? " (O_DIRECT writes)" : "");
		if (s->idirect || s->odirect)
			output_config(stdout, "direct-align", "%zu bytes", align);
	}
	read_ahead[0] = '\0';
	if (s->in.kind != INTERNAL) {
		sysinfo_read_ahead(S_ISBLK(s->in.st.st_mode) ? s->in.st.st_rdev : s->in.st.st_dev,
				   read_ahead, sizeof(read_ahead));
		if (o.output == OUTPUT_RAW)
			output_config(stdout, "read-ahead", "%s", read_ahead);
	}

	np = s->fsync || s->fdatasync ? 6 : 5;
	v = malloc(o.reps * np * sizeof(*v));
	ios = malloc(o.reps * sizeof(*ios));
	if (v == NULL || ios == NULL)
		msg_sysdie("cannot allocate %u samples", o.reps);
	hist_init(&s->all);
	/*
	 * A read after a flush: its first pass before anything else, the
	 * warm-up included, so that it is the first read of the input.
	 */
	first = s->flush && s->in.kind != INTERNAL;
	if (first)
		input_under(s);
	for (r = 0; r < o.reps; r++) {
		double *p = v + r * np;

		if (r == (unsigned)first)
			/* -W: whole passes, not counted, until the warm-up time is spent. */
			for (start = timing_now(); timing_now() - start < o.warmup_ns;)
				if (prepare(s) != 0 || pass(s, &ns, &ios[r]) != 0)
					return MSG_EXIT_FAIL;
		if (prepare(s) != 0)
			return MSG_EXIT_FAIL;
		if (r == 0 && first)
			rd0 = under_read(s);
		if (pass(s, &ns, &ios[r]) != 0)
			return MSG_EXIT_FAIL;
		if (r == 0 && first) {
			from_dev = under_read(s) - rd0;
			asked = s->done;
		}
		if (s->verify && s->out.kind != INTERNAL && read_back(s) != 0)
			return MSG_EXIT_FAIL;
		p[0] = (double)s->done * 1e3 / (double)(ns > 0 ? ns : 1);
		p[1] = hist_quantile(&s->hist, 0.5);
		p[2] = hist_quantile(&s->hist, 0.9);
		p[3] = hist_quantile(&s->hist, 0.99);
		p[4] = hist_quantile(&s->hist, 1);
		if (s->fsync || s->fdatasync)
			p[5] = (double)s->fsync_ns;
		hist_merge(&s->all, &s->hist);
	}
	if (!first) {
		report(&o, name, ios, v, o.reps, units, np, "the median pass");
	} else {
		cold = first_pass_cold(s, &o, from_dev, asked);
		snprintf(pname, sizeof(pname), "%s/pass=first", name);
		report(&o, pname, ios, v, 1, units, np,
		       cold > 0 ? "the first pass, after the flush: cold"
		       : cold == 0 ? "the first pass, after the flush: warm" : "the first pass, after the flush");
		if (o.reps > 1) {
			snprintf(pname, sizeof(pname), "%s/pass=later", name);
			report(&o, pname, ios + 1, v + np, o.reps - 1, units, np,
			       "the median later pass");
			cache_below(&o, v[0], v + np, o.reps - 1, np, cold);
		}
	}
	report_io(&o, read_ahead[0] != '\0' ? read_ahead : NULL);
	if (s->out.kind == NAMED && s->out.created && s->keep)
		keep_file(&s->out);
	return bench_exit_code(MSG_EXIT_OK);
}
