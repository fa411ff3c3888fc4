/*
 * netdev: what the kernel holds of each network interface that no file
 * tells, one reader each (see sysinfo.h): its qdiscs, by an rtnetlink
 * dump (else `tc qdisc show`), and its offloads, by the SIOCETHTOOL
 * ioctl (else `ethtool -k`).
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
# include <sys/ioctl.h>
# include <sys/socket.h>
# include <sys/time.h>
#endif

#include "core/compat.h"
#include "host/procfs.h"
#include "host/sysinfo.h"

/*
 * The root qdisc of each interface but lo, and its ingress one (ingress
 * or clsact) when it has one: at most PROCFS_MAX_IFACES of them.
 */
struct qdisc {
	char dev[64];
	char kind[32];		/* the root's; "" when only an ingress one was seen */
	char ingress[32];	/* "" when none */
};

struct qdisc_list {
	struct qdisc q[PROCFS_MAX_IFACES];
	int n;
};

/* Record kind for interface dev: the root's, or (ingress) the ingress one. */
static void
qdisc_add(struct qdisc_list *l, const char *dev, const char *kind, int ingress)
{
	int i;

	if (strcmp(dev, "lo") == 0 || dev[0] == '\0' || kind[0] == '\0')
		return;
	for (i = 0; i < l->n; i++)
		if (strcmp(l->q[i].dev, dev) == 0)
			break;
	if (i == l->n) {
		if (l->n == PROCFS_MAX_IFACES)
			return;
		l->n++;
		procfs_copy_str(l->q[i].dev, sizeof(l->q[i].dev), dev);
		l->q[i].kind[0] = l->q[i].ingress[0] = '\0';
	}
	if (ingress)
		procfs_copy_str(l->q[i].ingress, sizeof(l->q[i].ingress), kind);
	else
		procfs_copy_str(l->q[i].kind, sizeof(l->q[i].kind), kind);
}

/* `tc qdisc show`'s lines: "qdisc fq_codel 0: dev eth0 root refcnt 2 ...", "... parent ffff:fff1 ...". */
static void
qdisc_line(const char *line, void *ctx)
{
	char kind[32], dev[64];
	const char *d = strstr(line, " dev "), *r = strstr(line, " root");
	int root = r != NULL && d != NULL && r > d && (r[5] == ' ' || r[5] == '\0');
	int ingress = strstr(line, " parent ffff:fff1") != NULL;

	if ((!root && !ingress) || d == NULL || sscanf(line, "qdisc %31s", kind) != 1
	    || sscanf(d, " dev %63s", dev) != 1)
		return;
	qdisc_add(ctx, dev, kind, !root);
}

#ifdef __linux__
/*
 * The qdiscs by an RTM_GETQDISC dump over rtnetlink, as tc asks for them,
 * so that a board without iproute2 (a busybox build need not have tc)
 * tells them too.  The message layouts and
 * numbers are linux/netlink.h's, linux/rtnetlink.h's and
 * linux/pkt_sched.h's, an ABI, written out as the ethtool ones below.
 */
# define HB_AF_NETLINK 16
# define HB_NETLINK_ROUTE 0
# define HB_RTM_NEWQDISC 36
# define HB_RTM_GETQDISC 38
# define HB_NLM_F_REQUEST 0x1
# define HB_NLM_F_DUMP 0x300
# define HB_NLMSG_ERROR 2
# define HB_NLMSG_DONE 3
# define HB_TCA_KIND 1
# define HB_TCA_DUMP_INVISIBLE 10
# define HB_TC_H_ROOT 0xffffffffu
# define HB_TC_H_INGRESS 0xfffffff1u
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

/* One RTM_NEWQDISC message of len bytes at m into l. */
static void
qdisc_message(struct qdisc_list *l, const unsigned char *m, size_t len)
{
	struct hb_tcmsg tc;
	struct hb_rtattr a;
	char dev[IF_NAMESIZE > 64 ? IF_NAMESIZE : 64], kind[32];
	size_t off = HB_NL_ALIGN(sizeof(tc)), alen;

	if (len < sizeof(tc))
		return;
	memcpy(&tc, m, sizeof(tc));
	if (tc.parent != HB_TC_H_ROOT && tc.parent != HB_TC_H_INGRESS)
		return;
	kind[0] = '\0';
	while (off + sizeof(a) <= len) {
		memcpy(&a, m + off, sizeof(a));
		if (a.len < sizeof(a) || a.len > len - off)
			break;
		alen = a.len - sizeof(a);
		if (a.type == HB_TCA_KIND && alen > 0) {
			snprintf(kind, sizeof(kind), "%.*s", (int)(alen < sizeof(kind) ? alen : sizeof(kind) - 1),
				 (const char *)m + off + sizeof(a));
			break;
		}
		off += HB_NL_ALIGN(a.len);
	}
	if (tc.ifindex <= 0 || if_indextoname((unsigned)tc.ifindex, dev) == NULL)
		return;
	qdisc_add(l, dev, kind, tc.parent == HB_TC_H_INGRESS);
}

/* Fill l by the dump; 0, or -1 when rtnetlink did not answer it. */
static int
qdiscs_netlink(struct qdisc_list *l)
{
	struct {
		struct hb_nlmsghdr h;
		struct hb_tcmsg tc;
		struct hb_rtattr invisible;
	} req;
	struct hb_sockaddr_nl sa;
	struct hb_nlmsghdr h;
	struct timeval tv;
	unsigned char *buf;
	int fd, rc = -1, done = 0;

	fd = socket(HB_AF_NETLINK, SOCK_RAW, HB_NETLINK_ROUTE);
	if (fd < 0)
		return -1;
	/* The kernel answers at once; the timeout is against a filter that drops it. */
	tv.tv_sec = 2;
	tv.tv_usec = 0;
	(void)setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	memset(&sa, 0, sizeof(sa));
	sa.family = HB_AF_NETLINK;
	memset(&req, 0, sizeof(req));
	req.h.len = sizeof(req);
	req.h.type = HB_RTM_GETQDISC;
	req.h.flags = HB_NLM_F_REQUEST | HB_NLM_F_DUMP;
	req.h.seq = 1;
	/* As tc does: the built-in qdiscs too (noop on an interface that is down). */
	req.invisible.len = sizeof(req.invisible);
	req.invisible.type = HB_TCA_DUMP_INVISIBLE;
	buf = malloc(HB_NL_BUF);
	if (buf == NULL
	    || sendto(fd, &req, sizeof(req), 0, (const struct sockaddr *)&sa, sizeof(sa)) < 0)
		goto out;
	while (!done) {
		ssize_t got = recv(fd, buf, HB_NL_BUF, 0);
		size_t off = 0;

		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			goto out;
		while (off + sizeof(h) <= (size_t)got) {
			memcpy(&h, buf + off, sizeof(h));
			if (h.len < sizeof(h) || h.len > (size_t)got - off)
				goto out;
			if (h.seq == 1) {
				if (h.type == HB_NLMSG_DONE) {
					done = 1;
					break;
				}
				if (h.type == HB_NLMSG_ERROR)
					goto out;
				if (h.type == HB_RTM_NEWQDISC)
					qdisc_message(l, buf + off + sizeof(h), h.len - sizeof(h));
			}
			off += HB_NL_ALIGN(h.len);
		}
	}
	rc = 0;
out:
	free(buf);
	close(fd);
	return rc;
}
#endif

static int
cmp_qdisc(const void *a, const void *b)
{
	return strcmp(((const struct qdisc *)a)->dev, ((const struct qdisc *)b)->dev);
}

void
sysinfo_qdiscs(char *buf, size_t len)
{
	static char tc[] = "tc", qdisc[] = "qdisc", show[] = "show";
	char *const argv[] = { tc, qdisc, show, NULL };
	struct qdisc_list *l;
	char item[160];
	size_t pos = 0;
	int i, got = -1;

	if (len == 0)
		return;
	procfs_copy_str(buf, len, "unknown");
	l = malloc(sizeof(*l));
	if (l == NULL)
		return;
	l->n = 0;
#ifdef __linux__
	got = qdiscs_netlink(l);
#endif
	/* Where rtnetlink is not to be had (a sandbox that forbids it), tc may be. */
	if (got != 0) {
		l->n = 0;
		got = procfs_command_each(argv, qdisc_line, l);
	}
	if (got != 0 || l->n == 0) {
		free(l);
		return;
	}
	/* Sorted, so that a host reads the same whatever order its interfaces were made in. */
	qsort(l->q, (size_t)l->n, sizeof(l->q[0]), cmp_qdisc);
	buf[0] = '\0';
	for (i = 0; i < l->n; i++) {
		const struct qdisc *q = &l->q[i];

		snprintf(item, sizeof(item), "%s=%s%s%s", q->dev, q->kind[0] != '\0' ? q->kind : "?",
			 q->ingress[0] != '\0' ? "," : "", q->ingress);
		if (procfs_append_item(buf, len, &pos, item) != 0)
			break;
	}
	free(l);
}

/*
 * The offloads through the SIOCETHTOOL ioctl's old get commands, which
 * every kernel since 2.6.24 answers (values of linux/ethtool.h, an ABI,
 * written out here: a C library's headers need not carry the kernel's).
 */
#define HB_ETHTOOL_GRXCSUM 0x14
#define HB_ETHTOOL_GTXCSUM 0x16
#define HB_ETHTOOL_GTSO 0x1e
#define HB_ETHTOOL_GGSO 0x23
#define HB_ETHTOOL_GFLAGS 0x25
#define HB_ETHTOOL_GGRO 0x2b
#define HB_ETH_FLAG_LRO (1u << 15)

#ifdef __linux__
# define HB_SIOCETHTOOL 0x8946

struct hb_ethtool_value {
	uint32_t cmd;
	uint32_t data;
};

/* One get command on interface name: 0 and its value, or -1. */
static int
ethtool_get(int fd, const char *name, uint32_t cmd, uint32_t *v)
{
	struct hb_ethtool_value ev;
	struct ifreq ifr;

	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%.*s", (int)sizeof(ifr.ifr_name) - 1, name);
	ev.cmd = cmd;
	ev.data = 0;
	ifr.ifr_data = (void *)&ev;
	if (ioctl(fd, HB_SIOCETHTOOL, &ifr) != 0)
		return -1;
	*v = ev.data;
	return 0;
}
#else
static int
ethtool_get(int fd, const char *name, uint32_t cmd, uint32_t *v)
{
	(void)fd, (void)name, (void)cmd, (void)v;
	return -1;
}
#endif

/* The offloads of the record, in their order, with ethtool -k's names for them. */
static const struct {
	const char *name, *ethtool;
	uint32_t cmd, mask;
} offload_feats[] = {
	{ "tso", "tcp-segmentation-offload", HB_ETHTOOL_GTSO, 0 },
	{ "gso", "generic-segmentation-offload", HB_ETHTOOL_GGSO, 0 },
	{ "gro", "generic-receive-offload", HB_ETHTOOL_GGRO, 0 },
	{ "lro", "large-receive-offload", HB_ETHTOOL_GFLAGS, HB_ETH_FLAG_LRO },
	{ "rx", "rx-checksumming", HB_ETHTOOL_GRXCSUM, 0 },
	{ "tx", "tx-checksumming", HB_ETHTOOL_GTXCSUM, 0 },
};
#define NFEATS HB_ARRAY_SIZE(offload_feats)

/* `ethtool -k`'s lines, "tcp-segmentation-offload: on [fixed]", into the states. */
static void
ethtool_line(const char *line, void *ctx)
{
	const char **state = ctx;
	size_t k, n;

	for (k = 0; k < NFEATS; k++) {
		n = strlen(offload_feats[k].ethtool);
		if (strncmp(line, offload_feats[k].ethtool, n) != 0 || line[n] != ':')
			continue;
		if (strncmp(line + n + 1, " on", 3) == 0)
			state[k] = "on";
		else if (strncmp(line + n + 1, " off", 4) == 0)
			state[k] = "off";
	}
}

void
sysinfo_offloads(char *buf, size_t len)
{
	static char ethtool[] = "ethtool", dash_k[] = "-k";
	struct procfs_iface ifs[PROCFS_MAX_IFACES];
	const char *state[NFEATS];
	char item[256];
	size_t pos = 0, k;
	int n, i, fd;

	if (len == 0)
		return;
	procfs_copy_str(buf, len, "unknown");
	if ((n = procfs_ifaces_sorted(ifs, PROCFS_MAX_IFACES)) <= 0)
		return;
#ifdef __linux__
	fd = socket(AF_INET, SOCK_DGRAM, 0);
#else
	fd = -1;
#endif
	buf[0] = '\0';
	/* "eth0=tso:on,gso:on,gro:on,lro:off,rx:on,tx:on"; a feature the driver does not answer: "?". */
	for (i = 0; i < n; i++) {
		size_t ip;
		int any = 0;

		for (k = 0; k < NFEATS; k++) {
			uint32_t v;

			state[k] = "?";
			/* cppcheck-suppress knownConditionTrueFalse ; fd is -1 only without __linux__ */
			if (fd >= 0 && ethtool_get(fd, ifs[i].name, offload_feats[k].cmd, &v) == 0) {
				v = offload_feats[k].mask != 0 ? (v & offload_feats[k].mask) : v;
				state[k] = v != 0 ? "on" : "off";
				any = 1;
			}
		}
		/*
		 * No answer to the ioctl (qemu-user does not pass it on; a
		 * sandbox may forbid it): ethtool, where there is one, may know.
		 */
		if (!any) {
			char *const argv[] = { ethtool, dash_k, ifs[i].name, NULL };

			if (procfs_command_each(argv, ethtool_line, state) == 0)
				for (k = 0; k < NFEATS; k++)
					any |= state[k][0] != '?';
		}
		ip = (size_t)snprintf(item, sizeof(item), "%.63s=", ifs[i].name);
		for (k = 0; k < NFEATS && ip < sizeof(item); k++)
			ip += (size_t)snprintf(item + ip, sizeof(item) - ip, "%s%s:%s", k > 0 ? "," : "",
					       offload_feats[k].name, state[k]);
		if (!any)
			snprintf(item, sizeof(item), "%.63s=unknown", ifs[i].name);
		if (procfs_append_item(buf, len, &pos, item) != 0)
			break;
	}
	if (fd >= 0)
		close(fd);
	if (pos == 0)
		procfs_copy_str(buf, len, "unknown");
}
