/*
 * qdisc: each interface's queueing as tc would show it, root qdisc,
 * classes and the qdiscs under them with the parameters people tune
 * (rate, ceil, limit, target, interval ...), by RTM_GETQDISC and
 * RTM_GETTCLASS dumps over rtnetlink; where rtnetlink does not answer,
 * the root and ingress qdiscs' kinds from `tc qdisc show`.
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#ifdef __linux__
# include <net/if.h>
# include <sys/socket.h>
# include <sys/time.h>
#endif

#include "host/procfs.h"
#include "host/sysinfo.h"

#define TC_H_ROOT 0xffffffffu
#define TC_H_INGRESS 0xfffffff1u
#define MAX_NODES 1024
#define MAX_DEPTH 4

/* A qdisc or a class of one interface. */
struct tcnode {
	char dev[64];
	uint32_t handle, parent;
	int cls;		/* a class, not a qdisc */
	char kind[24];
	char params[120];	/* "limit=1000", "rate=100Mbit,ceil=200Mbit"; "" for none */
};

struct tcset {
	struct tcnode v[MAX_NODES];
	size_t n;
};

static struct tcnode *
tc_new(struct tcset *s, const char *dev, uint32_t handle, uint32_t parent, int cls, const char *kind)
{
	struct tcnode *t;

	if (s->n == MAX_NODES || strcmp(dev, "lo") == 0 || dev[0] == '\0' || kind[0] == '\0')
		return NULL;
	t = &s->v[s->n++];
	procfs_copy_str(t->dev, sizeof(t->dev), dev);
	procfs_copy_str(t->kind, sizeof(t->kind), kind);
	t->handle = handle;
	t->parent = parent;
	t->cls = cls;
	t->params[0] = '\0';
	return t;
}

/* `tc qdisc show`'s lines: "qdisc fq_codel 0: dev eth0 root refcnt 2 ...", "... parent ffff:fff1 ...". */
static void
qdisc_line(const char *line, void *ctx)
{
	char kind[24], dev[64];
	const char *d = strstr(line, " dev "), *r = strstr(line, " root");
	int root = r != NULL && d != NULL && r > d && (r[5] == ' ' || r[5] == '\0');
	int ingress = strstr(line, " parent ffff:fff1") != NULL;
	size_t k, n;

	if ((!root && !ingress) || d == NULL || strncmp(line, "qdisc ", 6) != 0)
		return;
	k = strcspn(line + 6, " ");
	n = strcspn(d + 5, " ");
	if (k == 0 || k >= sizeof(kind) || n == 0 || n >= sizeof(dev))
		return;
	memcpy(kind, line + 6, k);
	kind[k] = '\0';
	memcpy(dev, d + 5, n);
	dev[n] = '\0';
	(void)tc_new(ctx, dev, 0, root ? TC_H_ROOT : TC_H_INGRESS, 0, kind);
}

/* "100Mbit", "1500Kbit", "10Gbit", "999bit": a rate in bytes/s as tc writes it. */
static void
fmt_rate(char *buf, size_t len, uint64_t bytes)
{
	uint64_t bits = bytes * 8;

	if (bits >= 1000000000 && bits % 1000000000 == 0)
		snprintf(buf, len, "%lluGbit", (unsigned long long)(bits / 1000000000));
	else if (bits >= 1000000 && bits % 1000000 == 0)
		snprintf(buf, len, "%lluMbit", (unsigned long long)(bits / 1000000));
	else if (bits >= 1000 && bits % 1000 == 0)
		snprintf(buf, len, "%lluKbit", (unsigned long long)(bits / 1000));
	else
		snprintf(buf, len, "%llubit", (unsigned long long)bits);
}

/* "5ms", "100ms", "1500us": a time in microseconds. */
static void
fmt_us(char *buf, size_t len, uint32_t us)
{
	if (us >= 1000 && us % 1000 == 0)
		snprintf(buf, len, "%ums", us / 1000);
	else
		snprintf(buf, len, "%uus", us);
}

/* Append ",name=value" (no comma first) to t->params. */
static void
param(struct tcnode *t, const char *name, const char *value)
{
	size_t pos = strlen(t->params);

	snprintf(t->params + pos, sizeof(t->params) - pos, "%s%s=%s", pos > 0 ? "," : "", name, value);
}

static void
param_u(struct tcnode *t, const char *name, unsigned long long v, const char *unit)
{
	char b[32];

	snprintf(b, sizeof(b), "%llu%s", v, unit);
	param(t, name, b);
}

static uint32_t
get32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static uint64_t
get64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

#ifdef __linux__
/*
 * The message layouts and numbers of linux/netlink.h, linux/rtnetlink.h
 * and linux/pkt_sched.h, an ABI, written out: a C library's headers need
 * not carry the kernel's.
 */
# define HB_AF_NETLINK 16
# define HB_NETLINK_ROUTE 0
# define HB_RTM_NEWTCLASS 40
# define HB_RTM_GETTCLASS 42
# define HB_RTM_NEWQDISC 36
# define HB_RTM_GETQDISC 38
# define HB_NLM_F_REQUEST 0x1
# define HB_NLM_F_DUMP 0x300
# define HB_NLMSG_ERROR 2
# define HB_NLMSG_DONE 3
# define HB_TCA_KIND 1
# define HB_TCA_OPTIONS 2
# define HB_TCA_DUMP_INVISIBLE 10
# define HB_NL_ALIGN(n) (((n) + 3u) & ~3u)
# define HB_NL_BUF 32768	/* the most the kernel puts in one dump message */

struct hb_nlmsghdr {
	uint32_t len;
	uint16_t type, flags;
	uint32_t seq, pid;
};

struct hb_tcmsg {
	unsigned char family, pad1;
	uint16_t pad2;
	int32_t ifindex;
	uint32_t handle, parent, info;
};

struct hb_rtattr {
	uint16_t len, type;
};

struct hb_sockaddr_nl {
	uint16_t family, pad;
	uint32_t pid, groups;
};

/* The payload of attribute type in the attributes p[0 .. len), or NULL; *alen its length. */
static const unsigned char *
attr(const unsigned char *p, size_t len, uint16_t type, size_t *alen)
{
	struct hb_rtattr a;
	size_t off = 0;

	while (off + sizeof(a) <= len) {
		memcpy(&a, p + off, sizeof(a));
		if (a.len < sizeof(a) || a.len > len - off)
			return NULL;
		if ((a.type & 0x3fff) == type) {
			*alen = a.len - sizeof(a);
			return p + off + sizeof(a);
		}
		off += HB_NL_ALIGN(a.len);
	}
	return NULL;
}

/* A u32 (width 4) or u64 (8) attribute of the nested list o[0 .. olen): 0 and *v, or -1. */
static int
attr_num(const unsigned char *o, size_t olen, uint16_t type, size_t width, uint64_t *v)
{
	size_t n;
	const unsigned char *p = attr(o, olen, type, &n);

	if (p == NULL || n < width)
		return -1;
	*v = width == 8 ? get64(p) : get32(p);
	return 0;
}

/* A tc_ratespec's rate (bytes/s) at p, or the 64-bit attribute that overrides it. */
static void
param_rate(struct tcnode *t, const char *name, const unsigned char *spec, const unsigned char *o,
	   size_t olen, uint16_t type64)
{
	uint64_t r64;
	char b[32];

	fmt_rate(b, sizeof(b), attr_num(o, olen, type64, 8, &r64) == 0 ? r64 : get32(spec + 8));
	param(t, name, b);
}

/* The parameters people tune, from TCA_OPTIONS o[0 .. olen) of t's kind. */
static void
options(struct tcnode *t, const unsigned char *o, size_t olen)
{
	const unsigned char *p;
	char b[32];
	uint64_t v;
	size_t n;

	if (strcmp(t->kind, "pfifo") == 0 || strcmp(t->kind, "pfifo_head_drop") == 0) {
		if (olen >= 4)
			param_u(t, "limit", get32(o), "");
	} else if (strcmp(t->kind, "bfifo") == 0) {
		if (olen >= 4)
			param_u(t, "limit", get32(o), "b");
	} else if (strcmp(t->kind, "fq_codel") == 0 || strcmp(t->kind, "codel") == 0) {
		int fq = t->kind[0] == 'f';

		/* TCA_FQ_CODEL_ and TCA_CODEL_: TARGET 1, LIMIT 2, INTERVAL 3, ECN 4; FLOWS 5. */
		if (attr_num(o, olen, 2, 4, &v) == 0)
			param_u(t, "limit", v, "");
		if (fq && attr_num(o, olen, 5, 4, &v) == 0)
			param_u(t, "flows", v, "");
		if (attr_num(o, olen, 1, 4, &v) == 0) {
			fmt_us(b, sizeof(b), (uint32_t)v);
			param(t, "target", b);
		}
		if (attr_num(o, olen, 3, 4, &v) == 0) {
			fmt_us(b, sizeof(b), (uint32_t)v);
			param(t, "interval", b);
		}
		if (attr_num(o, olen, 4, 4, &v) == 0 && v != 0)
			param(t, "ecn", "on");
	} else if (strcmp(t->kind, "tbf") == 0) {
		/* TCA_TBF_PARMS 1: tc_tbf_qopt (rate, peakrate, limit, buffer, mtu); RATE64 4. */
		if ((p = attr(o, olen, 1, &n)) != NULL && n >= 28) {
			param_rate(t, "rate", p, o, olen, 4);
			param_u(t, "limit", get32(p + 24), "b");
		}
	} else if (strcmp(t->kind, "htb") == 0 && !t->cls) {
		/* TCA_HTB_INIT 2: tc_htb_glob (version, rate2quantum, defcls ...). */
		if ((p = attr(o, olen, 2, &n)) != NULL && n >= 12) {
			snprintf(b, sizeof(b), "%x", get32(p + 8));
			param(t, "default", b);
		}
	} else if (strcmp(t->kind, "htb") == 0) {
		/* TCA_HTB_PARMS 1: tc_htb_opt (rate, ceil, ...); RATE64 6, CEIL64 7. */
		if ((p = attr(o, olen, 1, &n)) != NULL && n >= 24) {
			param_rate(t, "rate", p, o, olen, 6);
			param_rate(t, "ceil", p + 12, o, olen, 7);
		}
	} else if (strcmp(t->kind, "cake") == 0) {
		/* TCA_CAKE_BASE_RATE64 2, bytes/s; 0: unlimited. */
		if (attr_num(o, olen, 2, 8, &v) == 0) {
			if (v == 0)
				snprintf(b, sizeof(b), "unlimited");
			else
				fmt_rate(b, sizeof(b), v);
			param(t, "bandwidth", b);
		}
	} else if (strcmp(t->kind, "fq") == 0) {
		/* TCA_FQ_PLIMIT 1, TCA_FQ_FLOW_PLIMIT 2. */
		if (attr_num(o, olen, 1, 4, &v) == 0)
			param_u(t, "limit", v, "");
		if (attr_num(o, olen, 2, 4, &v) == 0)
			param_u(t, "flow_limit", v, "");
	} else if (strcmp(t->kind, "sfq") == 0) {
		/* tc_sfq_qopt: quantum, perturb_period, limit, ... */
		if (olen >= 12)
			param_u(t, "limit", get32(o + 8), "");
	} else if (strcmp(t->kind, "prio") == 0) {
		/* tc_prio_qopt: bands, priomap. */
		if (olen >= 4)
			param_u(t, "bands", get32(o), "");
	}
}

/* One RTM_NEWQDISC or RTM_NEWTCLASS message of len bytes at m into s. */
static void
tc_message(struct tcset *s, const unsigned char *m, size_t len, int cls)
{
	struct hb_tcmsg tc;
	char dev[IF_NAMESIZE > 64 ? IF_NAMESIZE : 64], kind[24];
	const unsigned char *a, *attrs = m + HB_NL_ALIGN(sizeof(tc));
	size_t alen, n = len > HB_NL_ALIGN(sizeof(tc)) ? len - HB_NL_ALIGN(sizeof(tc)) : 0;
	struct tcnode *t;

	if (len < sizeof(tc))
		return;
	memcpy(&tc, m, sizeof(tc));
	if ((a = attr(attrs, n, HB_TCA_KIND, &alen)) == NULL || alen == 0)
		return;
	snprintf(kind, sizeof(kind), "%.*s", (int)(alen < sizeof(kind) ? alen : sizeof(kind) - 1),
		 (const char *)a);
	kind[strcspn(kind, " ")] = '\0';
	if (tc.ifindex <= 0 || if_indextoname((unsigned)tc.ifindex, dev) == NULL)
		return;
	if ((t = tc_new(s, dev, tc.handle, tc.parent, cls, kind)) != NULL
	    && (a = attr(attrs, n, HB_TCA_OPTIONS, &alen)) != NULL)
		options(t, a, alen);
}

/* A dump of type (RTM_GETQDISC: every interface; RTM_GETTCLASS: ifindex's) into s. */
static int
tc_dump(int fd, unsigned char *buf, uint16_t type, int ifindex, uint32_t seq, struct tcset *s)
{
	struct {
		struct hb_nlmsghdr h;
		struct hb_tcmsg tc;
		struct hb_rtattr invisible;
	} req;
	struct hb_sockaddr_nl sa;
	struct hb_nlmsghdr h;

	memset(&sa, 0, sizeof(sa));
	sa.family = HB_AF_NETLINK;
	memset(&req, 0, sizeof(req));
	req.h.len = sizeof(req);
	req.h.type = type;
	req.h.flags = HB_NLM_F_REQUEST | HB_NLM_F_DUMP;
	req.h.seq = seq;
	req.tc.ifindex = ifindex;
	/* As tc does: the built-in qdiscs too (noop on an interface that is down). */
	req.invisible.len = sizeof(req.invisible);
	req.invisible.type = HB_TCA_DUMP_INVISIBLE;
	if (sendto(fd, &req, sizeof(req), 0, (const struct sockaddr *)&sa, sizeof(sa)) < 0)
		return -1;
	for (;;) {
		ssize_t got = recv(fd, buf, HB_NL_BUF, 0);
		size_t off = 0;

		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return -1;
		while (off + sizeof(h) <= (size_t)got) {
			memcpy(&h, buf + off, sizeof(h));
			if (h.len < sizeof(h) || h.len > (size_t)got - off)
				return -1;
			if (h.seq == seq) {
				if (h.type == HB_NLMSG_DONE)
					return 0;
				if (h.type == HB_NLMSG_ERROR)
					return -1;
				if (h.type == HB_RTM_NEWQDISC || h.type == HB_RTM_NEWTCLASS)
					tc_message(s, buf + off + sizeof(h), h.len - sizeof(h),
						   h.type == HB_RTM_NEWTCLASS);
			}
			off += HB_NL_ALIGN(h.len);
		}
	}
}

/* Fill s by the dumps: the qdiscs, then the classes of each interface with a qdisc of its own. */
static int
tc_netlink(struct tcset *s)
{
	struct timeval tv;
	unsigned char *buf;
	size_t i, nq;
	uint32_t seq = 1;
	int fd, rc = -1;

	fd = socket(HB_AF_NETLINK, SOCK_RAW, HB_NETLINK_ROUTE);
	if (fd < 0)
		return -1;
	/* The kernel answers at once; the timeout is against a filter that drops it. */
	tv.tv_sec = 2;
	tv.tv_usec = 0;
	(void)setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	buf = malloc(HB_NL_BUF);
	if (buf == NULL || tc_dump(fd, buf, HB_RTM_GETQDISC, 0, seq++, s) != 0)
		goto out;
	nq = s->n;
	for (i = 0; i < nq; i++) {
		size_t j;
		unsigned idx;

		if (s->v[i].parent != TC_H_ROOT || (s->v[i].handle >> 16) == 0)
			continue;	/* classes hang from a root with a handle of its own */
		for (j = 0; j < i; j++)
			if (strcmp(s->v[j].dev, s->v[i].dev) == 0 && s->v[j].parent == TC_H_ROOT
			    && (s->v[j].handle >> 16) != 0)
				break;
		if (j < i || (idx = if_nametoindex(s->v[i].dev)) == 0)
			continue;
		(void)tc_dump(fd, buf, HB_RTM_GETTCLASS, (int)idx, seq++, s);
	}
	rc = 0;
out:
	free(buf);
	close(fd);
	return rc;
}
#endif

static int
cmp_node(const void *a, const void *b)
{
	const struct tcnode *x = a, *y = b;
	int c = strcmp(x->dev, y->dev);

	if (c != 0)
		return c;
	if (x->cls != y->cls)
		return x->cls - y->cls;
	return x->handle < y->handle ? -1 : x->handle > y->handle;
}

/* "1:10", "1:", ":1": a handle as tc writes it. */
static void
fmt_handle(char *buf, size_t len, uint32_t h)
{
	if ((h & 0xffff) == 0)
		snprintf(buf, len, "%x:", h >> 16);
	else if ((h >> 16) == 0)
		snprintf(buf, len, ":%x", h & 0xffff);
	else
		snprintf(buf, len, "%x:%x", h >> 16, h & 0xffff);
}

static void
put(char *buf, size_t len, size_t *pos, const char *s)
{
	int n = snprintf(buf + *pos, len - *pos, "%s", s);

	if (n > 0)
		*pos = *pos + (size_t)n < len ? *pos + (size_t)n : len - 1;
}

static void qdisc_str(const struct tcset *s, const struct tcnode *q, int depth, char *buf, size_t len,
		      size_t *pos);

/* A child of a qdisc: a class and the qdisc under it, or a qdisc right under it. */
struct child {
	uint32_t id;			/* the class, or the parent the qdisc names */
	const char *params;		/* the class's, "" */
	const struct tcnode *leaf;	/* the qdisc, NULL for none */
};

#define MAX_CHILDREN 64

/*
 * The children of qdisc q into v: its classes, each with the qdisc under
 * it; where no class was dumped, the qdiscs right under it (mq's queues
 * under a root of handle 0: "parent :1").  How many.
 */
static size_t
children(const struct tcset *s, const struct tcnode *q, struct child *v)
{
	size_t i, j, n = 0;

	for (i = 0; i < s->n && n < MAX_CHILDREN; i++) {
		const struct tcnode *c = &s->v[i];

		if (!c->cls || strcmp(c->dev, q->dev) != 0 || (c->handle >> 16) != (q->handle >> 16))
			continue;
		v[n].id = c->handle;
		v[n].params = c->params;
		v[n].leaf = NULL;
		for (j = 0; j < s->n && v[n].leaf == NULL; j++)
			if (!s->v[j].cls && s->v[j].parent == c->handle && strcmp(s->v[j].dev, q->dev) == 0)
				v[n].leaf = &s->v[j];
		n++;
	}
	if (n > 0)
		return n;
	for (i = 0; i < s->n && n < MAX_CHILDREN; i++) {
		const struct tcnode *c = &s->v[i];

		if (c->cls || c == q || strcmp(c->dev, q->dev) != 0 || c->parent == TC_H_ROOT
		    || c->parent == TC_H_INGRESS || (c->parent >> 16) != (q->handle >> 16)
		    || (c->parent & 0xffff) == 0)
			continue;
		v[n].id = c->parent;
		v[n].params = "";
		v[n].leaf = c;
		n++;
	}
	return n;
}

/*
 * The children of qdisc q: "[1:10(rate=...)>LEAF;1:20(...)]"; children
 * with no parameters whose leaves read the same (mq's queues) as
 * "[4*LEAF]".
 */
static void
children_str(const struct tcset *s, const struct tcnode *q, int depth, char *buf, size_t len, size_t *pos)
{
	struct child v[MAX_CHILDREN];
	char first[600], one[600], h[32];
	size_t i, n = children(s, q, v), p;
	int same = n > 1;

	if (n == 0)
		return;
	for (i = 0; i < n; i++) {
		p = 0;
		one[0] = '\0';
		if (v[i].leaf != NULL)
			qdisc_str(s, v[i].leaf, depth + 1, i == 0 ? first : one, sizeof(one), &p);
		if (i == 0 && v[i].leaf == NULL)
			first[0] = '\0';
		if (v[i].params[0] != '\0' || (i > 0 && strcmp(one, first) != 0))
			same = 0;
	}
	put(buf, len, pos, "[");
	if (same && first[0] != '\0') {
		snprintf(h, sizeof(h), "%zu*", n);
		put(buf, len, pos, h);
		put(buf, len, pos, first);
		put(buf, len, pos, "]");
		return;
	}
	for (i = 0; i < n; i++) {
		if (i > 0)
			put(buf, len, pos, ";");
		fmt_handle(h, sizeof(h), v[i].id);
		put(buf, len, pos, h);
		if (v[i].params[0] != '\0') {
			put(buf, len, pos, "(");
			put(buf, len, pos, v[i].params);
			put(buf, len, pos, ")");
		}
		if (v[i].leaf != NULL) {
			put(buf, len, pos, ">");
			qdisc_str(s, v[i].leaf, depth + 1, buf, len, pos);
		}
	}
	put(buf, len, pos, "]");
}

/* "htb(default=10)[1:10(rate=100Mbit,ceil=100Mbit)>pfifo(limit=1000)]". */
static void
qdisc_str(const struct tcset *s, const struct tcnode *q, int depth, char *buf, size_t len, size_t *pos)
{
	put(buf, len, pos, q->kind);
	if (q->params[0] != '\0') {
		put(buf, len, pos, "(");
		put(buf, len, pos, q->params);
		put(buf, len, pos, ")");
	}
	if (depth < MAX_DEPTH && (q->parent == TC_H_ROOT || (q->handle >> 16) != 0))
		children_str(s, q, depth, buf, len, pos);
}

void
sysinfo_qdiscs(char *buf, size_t len)
{
	static char tc[] = "tc", qdisc[] = "qdisc", show[] = "show";
	char *const argv[] = { tc, qdisc, show, NULL };
	struct tcset *s;
	char item[2048];
	size_t pos = 0, i, j, ip;
	int got = -1;

	if (len == 0)
		return;
	procfs_copy_str(buf, len, "unknown");
	s = malloc(sizeof(*s));
	if (s == NULL)
		return;
	s->n = 0;
#ifdef __linux__
	got = tc_netlink(s);
#endif
	/* Where rtnetlink is not to be had (a sandbox that forbids it), tc may be: kinds only. */
	if (got != 0) {
		s->n = 0;
		got = procfs_command_each(argv, qdisc_line, s);
	}
	if (got != 0 || s->n == 0) {
		free(s);
		return;
	}
	/* Sorted, so that a host reads the same whatever order its interfaces were made in. */
	qsort(s->v, s->n, sizeof(s->v[0]), cmp_node);
	buf[0] = '\0';
	for (i = 0; i < s->n; i++) {
		const struct tcnode *root = NULL, *ingress = NULL;

		if (i > 0 && strcmp(s->v[i].dev, s->v[i - 1].dev) == 0)
			continue;
		for (j = i; j < s->n && strcmp(s->v[j].dev, s->v[i].dev) == 0; j++) {
			if (s->v[j].cls)
				continue;
			if (s->v[j].parent == TC_H_ROOT && root == NULL)
				root = &s->v[j];
			else if (s->v[j].parent == TC_H_INGRESS && ingress == NULL)
				ingress = &s->v[j];
		}
		if (root == NULL && ingress == NULL)
			continue;
		ip = 0;
		put(item, sizeof(item), &ip, s->v[i].dev);
		put(item, sizeof(item), &ip, "=");
		if (root != NULL)
			qdisc_str(s, root, 0, item, sizeof(item), &ip);
		else
			put(item, sizeof(item), &ip, "?");
		if (ingress != NULL) {
			put(item, sizeof(item), &ip, ",");
			put(item, sizeof(item), &ip, ingress->kind);
		}
		if (procfs_append_item(buf, len, &pos, item) != 0)
			break;
	}
	free(s);
}
