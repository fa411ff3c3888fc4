/*
 * netdev: what the kernel holds of each network interface that no file
 * tells (see sysinfo.h): its offloads, by the SIOCETHTOOL ioctl (else
 * `ethtool -k`).  Its qdiscs are qdisc.c's.
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
