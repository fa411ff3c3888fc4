/*
 * netfacts: the network's setup as /proc, /sys and netfilter's tools
 * tell it, one reader each (see sysinfo.h): the CPUs that serve the
 * interfaces' interrupts, the interfaces themselves, the network
 * sysctls, the netfilter rules.  The box's keys, read on this host too.
 */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "core/compat.h"
#include "core/output.h"
#include "host/procfs.h"
#include "host/sysinfo.h"

/* token names name: equal, or name then a separator ("eth0-rx-1"). */
static int
is_named(const char *token, const char *name)
{
	size_t n = strlen(name);

	if (n == 0 || strncmp(token, name, n) != 0)
		return 0;
	return token[n] == '\0' || strchr("-_.:@", token[n]) != NULL;
}

/* The CPUs interrupt irq may go to, as a list, into buf ("?" when unreadable). */
static void
irq_cpus(int irq, char *buf, size_t len)
{
	char path[PROCFS_PATH_LEN], mask[PROCFS_LINE_LEN];
	int *cpus;
	size_t n = 0, i;
	int bit = 0;

	snprintf(path, sizeof(path), "/proc/irq/%d/smp_affinity_list", irq);
	if (procfs_first_line(path, buf, len) == 0 && buf[0] != '\0')
		return;
	procfs_copy_str(buf, len, "?");
	/* Kernels before 2.6.36 have only the mask: "00000000,00000003". */
	snprintf(path, sizeof(path), "/proc/irq/%d/smp_affinity", irq);
	if (procfs_first_line(path, mask, sizeof(mask)) != 0 || mask[0] == '\0')
		return;
	cpus = malloc(PROCFS_MAX_CPUS * sizeof(*cpus));
	if (cpus == NULL)
		return;
	for (i = strlen(mask); i-- > 0 && bit < PROCFS_MAX_CPUS;) {
		int v, b;

		if (mask[i] == ',')
			continue;
		if (!isxdigit((unsigned char)mask[i]))
			goto out;
		v = isdigit((unsigned char)mask[i]) ? mask[i] - '0'
			: tolower((unsigned char)mask[i]) - 'a' + 10;
		for (b = 0; b < 4; b++, bit++)
			if (v & (1 << b))
				cpus[n++] = bit;
	}
	if (n > 0 && procfs_format_cpus(buf, len, cpus, n) != 0)
		procfs_copy_str(buf, len, "?");
out:
	free(cpus);
}

#define IRQ_LINE_LEN 16384

void
sysinfo_irq_affinity(char *buf, size_t len)
{
	struct procfs_iface ifs[PROCFS_MAX_IFACES];
	char item[OUTPUT_MAX_VALUE], cpus[256];
	char *line, *tok, *save, *end;
	size_t pos = 0;
	int nifs, ncols = 0, i, found = 0;
	FILE *f;

	if (len == 0)
		return;
	procfs_copy_str(buf, len, "unknown");
	nifs = procfs_ifaces(ifs, PROCFS_MAX_IFACES);
	if (nifs < 0)
		return;
	f = procfs_fopen("/proc/interrupts");
	if (f == NULL)
		return;
	/* A line holds a count per CPU: long on a big machine. */
	line = malloc(IRQ_LINE_LEN);
	if (line == NULL) {
		fclose(f);
		return;
	}
	/* The head names the CPU columns: "CPU0 CPU1 ...". */
	if (procfs_read_line(f, line, IRQ_LINE_LEN) == 0)
		for (tok = strtok_r(line, " \t", &save); tok != NULL;
		     tok = strtok_r(NULL, " \t", &save))
			if (strncmp(tok, "CPU", 3) == 0)
				ncols++;
	buf[0] = '\0';
	while (procfs_read_line(f, line, IRQ_LINE_LEN) == 0) {
		long irq;

		/* "  38:  0  3291  PCI-MSIX-0000:00:03.0  1-edge  virtio2-input.0" */
		tok = strtok_r(line, " \t", &save);
		if (tok == NULL || !isdigit((unsigned char)tok[0]))
			continue;	/* NMI:, LOC: ... are not device interrupts */
		irq = strtol(tok, &end, 10);
		if (*end != ':' || end[1] != '\0' || irq < 0 || irq > INT_MAX)
			continue;
		for (i = 0; i < ncols; i++) {
			tok = strtok_r(NULL, " \t", &save);
			if (tok == NULL || !isdigit((unsigned char)tok[0]))
				break;
		}
		if (i < ncols)
			continue;
		/* Then the chip, its pin and the handlers' names ("a, b" when shared). */
		while ((tok = strtok_r(NULL, " \t,", &save)) != NULL) {
			const char *via = NULL;
			int k;

			for (k = 0; k < nifs; k++) {
				if (is_named(tok, ifs[k].name))
					break;
				if (ifs[k].dev[0] != '\0' && is_named(tok, ifs[k].dev)) {
					via = ifs[k].name;
					break;
				}
			}
			if (k == nifs)
				continue;
			irq_cpus((int)irq, cpus, sizeof(cpus));
			/* An item too long for the line is left out, not cut. */
			if (snprintf(item, sizeof(item), "%s%s%s=%s", via != NULL ? via : "",
				     via != NULL ? ":" : "", tok, cpus) >= (int)sizeof(item))
				continue;
			found = 1;
			if (procfs_append_item(buf, len, &pos, item) != 0)
				goto done;
		}
	}
done:
	if (!found)
		procfs_copy_str(buf, len, "none");
	free(line);
	fclose(f);
}

/* command_lines' counter: the lines counts() takes. */
struct line_count {
	int (*counts)(const char *line, int *state);
	int state;
	long n;
};

static void
count_line(const char *line, void *ctx)
{
	struct line_count *c = ctx;

	if (c->counts(line, &c->state))
		c->n++;
}

/*
 * Count the lines of the output of the command argv (see procfs_command_each)
 * that counts() takes (state: counts()' own, from 0).  Returns the
 * count, or -1 when the command is not there, cannot run or exits other
 * than 0.
 */
static long
command_lines(char *const argv[], int (*counts)(const char *line, int *state))
{
	struct line_count c;

	c.counts = counts;
	c.state = 0;
	c.n = 0;
	return procfs_command_each(argv, count_line, &c) == 0 ? c.n : -1;
}

/* s starts with word, then a blank. */
static int
word_blank(const char *s, const char *word)
{
	size_t n = strlen(word);

	return strncmp(s, word, n) == 0 && (s[n] == ' ' || s[n] == '\t');
}

/*
 * A rule of `nft list ruleset`: a line of a chain after its "type ...
 * hook", "policy", "comment" and "devices" lines (sets and maps are not
 * chains).  state: in a chain.
 */
static int
nft_rule(const char *line, int *state)
{
	const char *s = line + strspn(line, " \t");

	if (word_blank(s, "chain")) {
		*state = 1;
		return 0;
	}
	if (!*state)
		return 0;
	if (*s == '}') {
		*state = 0;
		return 0;
	}
	if (word_blank(s, "type") || word_blank(s, "policy") || word_blank(s, "comment")
	    || word_blank(s, "devices"))
		return 0;
	return *s != '\0';
}

/* A rule of iptables-save: "-A CHAIN ...". */
static int
iptables_rule(const char *line, int *state)
{
	(void)state;
	return strncmp(line, "-A ", 3) == 0;
}

void
sysinfo_netfilter_rules(char *buf, size_t len)
{
	/* execvp takes char *const []: arrays, not string literals. */
	static char nft[] = "nft", list[] = "list", ruleset[] = "ruleset";
	static char ipt[] = "iptables-save", ip6t[] = "ip6tables-save";
	char *const nft_argv[] = { nft, list, ruleset, NULL };
	char *const saves[] = { ipt, ip6t };
	char line[PROCFS_LINE_LEN], names[256], from[64] = "";
	size_t i, pos = 0;
	long n, total = -1;
	FILE *f;

	if (len == 0)
		return;
	/* nft lists every table, iptables' made through iptables-nft too. */
	n = command_lines(nft_argv, nft_rule);
	if (n >= 0) {
		snprintf(buf, len, "%ld (nft)", n);
		return;
	}
	for (i = 0; i < HB_ARRAY_SIZE(saves); i++) {
		char *const argv[] = { saves[i], NULL };

		n = command_lines(argv, iptables_rule);
		if (n < 0)
			continue;
		total = (total < 0 ? 0 : total) + n;
		snprintf(from + strlen(from), sizeof(from) - strlen(from), "%s%s",
			 from[0] != '\0' ? "+" : "", saves[i]);
	}
	if (total >= 0) {
		snprintf(buf, len, "%ld (%s)", total, from);
		return;
	}
	/* Nothing could list them (that needs root): at least which tables exist. */
	f = procfs_fopen("/proc/net/ip_tables_names");
	if (f == NULL) {
		procfs_copy_str(buf, len, "unknown");
		return;
	}
	names[0] = '\0';
	while (procfs_read_line(f, line, sizeof(line)) == 0)
		if (line[0] != '\0' && procfs_append_item(names, sizeof(names), &pos, line) != 0)
			break;
	fclose(f);
	snprintf(buf, len, "unknown (iptables tables: %s)", names[0] != '\0' ? names : "none");
}

/*
 * The sysctls that router tuners change (net.* ones are per network
 * namespace: these are the reader's).
 */
static const char *const net_sysctls[] = {
	"net.core.rmem_max", "net.core.wmem_max", "net.core.rmem_default",
	"net.core.wmem_default", "net.core.netdev_max_backlog", "net.core.netdev_budget",
	"net.core.netdev_budget_usecs", "net.core.dev_weight", "net.core.default_qdisc",
	"net.core.busy_poll", "net.core.busy_read", "net.core.somaxconn",
	"net.core.rps_sock_flow_entries", "net.ipv4.ip_forward", "net.ipv4.ip_local_port_range",
	"net.ipv4.conf.all.rp_filter", "net.ipv4.tcp_congestion_control", "net.ipv4.tcp_rmem",
	"net.ipv4.tcp_wmem", "net.ipv4.tcp_mem", "net.ipv4.udp_mem", "net.ipv4.tcp_ecn",
	"net.ipv4.tcp_mtu_probing", "net.ipv4.tcp_timestamps", "net.ipv4.tcp_sack",
	"net.ipv4.tcp_window_scaling", "net.ipv4.tcp_adv_win_scale", "net.ipv4.tcp_notsent_lowat",
	"net.ipv4.tcp_slow_start_after_idle", "net.ipv4.tcp_fastopen", "net.ipv4.tcp_no_metrics_save",
	"net.ipv6.conf.all.forwarding", "net.netfilter.nf_conntrack_max",
	"net.netfilter.nf_conntrack_buckets",
};

void
sysinfo_net_sysctls(char *buf, size_t len)
{
	char path[PROCFS_PATH_LEN], value[256], item[320];
	size_t pos = 0, i, k;

	if (len == 0)
		return;
	buf[0] = '\0';
	for (i = 0; i < HB_ARRAY_SIZE(net_sysctls); i++) {
		int n = snprintf(path, sizeof(path), "/proc/sys/%s", net_sysctls[i]);

		if (n < 0 || (size_t)n >= sizeof(path))
			continue;
		for (k = 10; path[k] != '\0'; k++)
			if (path[k] == '.')
				path[k] = '/';
		/* Absent (a module not loaded, an older kernel): left out. */
		if (procfs_first_line(path, value, sizeof(value)) != 0 || value[0] == '\0')
			continue;
		/* "4096	131072	6291456" is one value: one word. */
		for (k = 0; value[k] != '\0'; k++)
			if (value[k] == ' ' || value[k] == '\t')
				value[k] = ',';
		for (k = 0; value[k] != '\0'; k++)
			while (value[k] == ',' && value[k + 1] == ',')
				memmove(value + k, value + k + 1, strlen(value + k));
		snprintf(item, sizeof(item), "%s=%s", net_sysctls[i], value);
		if (procfs_append_item(buf, len, &pos, item) != 0)
			break;
	}
	if (pos == 0)
		procfs_copy_str(buf, len, "unknown");
}

/* The number of entries of /sys/class/net/NAME/queues named prefix-N ("rx", "tx"), or -1. */
static int
count_queues(const char *name, const char *prefix)
{
	char rel[PROCFS_PATH_LEN], path[PROCFS_PATH_LEN];
	struct dirent *e;
	int n = 0;
	DIR *d;

	snprintf(rel, sizeof(rel), "/sys/class/net/%.63s/queues", name);
	if (procfs_path(path, sizeof(path), rel) != 0 || (d = opendir(path)) == NULL)
		return -1;
	while ((e = readdir(d)) != NULL) {
		size_t k = strlen(prefix);

		if (strncmp(e->d_name, prefix, k) == 0 && e->d_name[k] == '-'
		    && isdigit((unsigned char)e->d_name[k + 1]))
			n++;
	}
	closedir(d);
	return n;
}

void
sysinfo_nics(char *buf, size_t len)
{
	struct procfs_iface ifs[PROCFS_MAX_IFACES];
	char path[PROCFS_PATH_LEN], target[PROCFS_PATH_LEN], mtu[32], speed[32], duplex[32], txqlen[32];
	char queues[48], item[320];
	const char *driver;
	size_t pos = 0;
	int n, i;

	if (len == 0)
		return;
	procfs_copy_str(buf, len, "unknown");
	if ((n = procfs_ifaces_sorted(ifs, PROCFS_MAX_IFACES)) < 0)
		return;
	procfs_copy_str(buf, len, "none");
	if (n == 0)
		return;
	buf[0] = '\0';
	/*
	 * "eth0=virtio_net,mtu=1500,speed=1000Mb,duplex=full,txqlen=1000,queues=2/2":
	 * what sysfs tells of each; a file that is not there is left out.
	 */
	for (i = 0; i < n; i++) {
		ssize_t t = -1;
		long sp = -1;
		int rxq, txq;

		snprintf(path, sizeof(path), "/sys/class/net/%.63s/device/driver", ifs[i].name);
		if (procfs_path(target, sizeof(target), path) == 0)
			t = readlink(target, path, sizeof(path) - 1);
		if (t > 0) {
			path[t] = '\0';
			driver = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
		} else {
			driver = "none";	/* a virtual interface: veth, bridge, tun */
		}
		snprintf(target, sizeof(target), "/sys/class/net/%.63s/mtu", ifs[i].name);
		if (procfs_first_line(target, mtu, sizeof(mtu)) != 0 || mtu[0] == '\0')
			procfs_copy_str(mtu, sizeof(mtu), "?");
		snprintf(target, sizeof(target), "/sys/class/net/%.63s/speed", ifs[i].name);
		/* Unreadable when the link is down, -1 when the driver does not know. */
		if (procfs_first_line(target, speed, sizeof(speed)) == 0)
			sp = strtol(speed, NULL, 10);
		if (sp > 0)
			snprintf(speed, sizeof(speed), ",speed=%ldMb", sp);
		else
			speed[0] = '\0';
		/* "full", "half"; "unknown" (no link) is left out, as the speed then. */
		snprintf(target, sizeof(target), "/sys/class/net/%.63s/duplex", ifs[i].name);
		if (sp > 0 && procfs_first_line(target, item, sizeof(item)) == 0
		    && (strcmp(item, "full") == 0 || strcmp(item, "half") == 0))
			snprintf(duplex, sizeof(duplex), ",duplex=%.4s", item);
		else
			duplex[0] = '\0';
		snprintf(target, sizeof(target), "/sys/class/net/%.63s/tx_queue_len", ifs[i].name);
		if (procfs_first_line(target, item, sizeof(item)) == 0 && isdigit((unsigned char)item[0]))
			snprintf(txqlen, sizeof(txqlen), ",txqlen=%.20s", item);
		else
			txqlen[0] = '\0';
		/* The receive and transmit queues (ethtool -L changes them): RX/TX. */
		rxq = count_queues(ifs[i].name, "rx");
		txq = count_queues(ifs[i].name, "tx");
		if (rxq > 0 || txq > 0)
			snprintf(queues, sizeof(queues), ",queues=%d/%d", rxq > 0 ? rxq : 0, txq > 0 ? txq : 0);
		else
			queues[0] = '\0';
		snprintf(item, sizeof(item), "%.63s=%.63s,mtu=%.31s%s%s%s%s", ifs[i].name, driver, mtu,
			 speed, duplex, txqlen, queues);
		if (procfs_append_item(buf, len, &pos, item) != 0)
			break;
	}
}
