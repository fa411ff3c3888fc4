/*
 * sysinfo: facts about the host, one reader each (procfs, sysfs, system
 * calls), for the fingerprint (fingerprint.h) and the programs.  Every
 * reader returns a failure (or "unknown") on a system that lacks the
 * file; none dies.  The host's own facts are read in hostfacts.c, the
 * network's in netfacts.c and netdev.c, all through procfs.c (procfs.h),
 * which also holds sysinfo_set_root.
 */
#ifndef HB_SYSINFO_H
#define HB_SYSINFO_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Online CPUs (>= 1; 1 when unknown). */
int sysinfo_online_cpus(void);

/* 1-minute load average, or -1 when unknown. */
double sysinfo_loadavg(void);

/* Physical memory in bytes, or 0 when unknown. */
uint64_t sysinfo_mem_bytes(void);

/* Available memory in bytes (MemAvailable, else free), or 0 when unknown. */
uint64_t sysinfo_mem_available(void);

/* CPU model string from /proc/cpuinfo into buf; "unknown" when absent. */
void sysinfo_cpu_model(char *buf, size_t len);

/* CPU MHz per /proc/cpuinfo (first CPU), or 0 when absent. */
double sysinfo_cpu_mhz(void);

/* The CPUs this process may run on as a list "0-3,6" into buf, or "unknown". */
void sysinfo_affinity(char *buf, size_t len);

/* A cache the system describes (sysinfo_caches). */
struct sysinfo_cache {
	unsigned level;		/* 1, 2, 3 ... */
	char type[16];		/* "Data" or "Unified" (instruction caches are left out) */
	uint64_t size;		/* bytes, > 0 */
	unsigned line;		/* coherency line size in bytes, 0 when not told */
	unsigned shared;	/* CPUs that share one (shared_cpu_list), 0 when not told */
};

/*
 * The data and unified caches of CPU 0 as sysfs describes them
 * (/sys/devices/system/cpu/cpu0/cache/index*, under the root of
 * sysinfo_set_root), up to max, in the order listed (by level).  A cache
 * whose level or size cannot be read is left out.  Returns how many were
 * stored: 0 where sysfs does not say (no sysfs, an old ARM kernel).
 */
size_t sysinfo_caches(struct sysinfo_cache *caches, size_t max);

/*
 * Read /proc and /sys under root instead of / (NULL or "": the real
 * ones): for tests, or to look at files copied from a board.  Facts
 * that come from system calls (uname, sysconf, getloadavg, affinity)
 * are still this host's.  Returns 0, or -1 with errno ENAMETOOLONG.
 */
int sysinfo_set_root(const char *root);

/*
 * The cpufreq governor of every CPU that has one into buf: "performance"
 * when all agree, else each governor with its CPUs,
 * "performance=0-1 powersave=2-3"; "unknown" when no CPU tells.
 */
void sysinfo_governor(char *buf, size_t len);

/*
 * The transparent huge page mode (the bracketed word of
 * /sys/kernel/mm/transparent_hugepage/enabled: always, madvise, never)
 * into buf, or "unknown".
 */
void sysinfo_thp(char *buf, size_t len);

/*
 * The kernel command line (/proc/cmdline) into buf, byte for byte but
 * for its newline and the blanks at either end (a control character,
 * which no kernel writes there, reads as a blank); "none" when empty,
 * "unknown" when unreadable.  Whole when buf holds it (a
 * OUTPUT_MAX_VALUE buffer holds any COMMAND_LINE_SIZE but s390's
 * largest); else cut, ending in "...".
 */
void sysinfo_cmdline(char *buf, size_t len);

/*
 * The names of the loaded kernel modules (/proc/modules), sorted and
 * separated by blanks, into buf: "ext4 nf_conntrack virtio_net"; "none"
 * when no module is loaded, "unknown" when the file is not there.  A
 * list too long for buf ends in "...".
 */
void sysinfo_modules(char *buf, size_t len);

/*
 * The CPUs allowed to serve each interrupt of a network interface into
 * buf: the /proc/interrupts lines that name an interface of
 * /sys/class/net (or its device, e.g. virtio2 for eth0), each as
 * "NAME=CPULIST" separated by blanks, "eth0-rx-0=0 eth0-tx-0=1" (a name
 * found through the device reads "eth0:virtio2-input.0=0-1"); "none"
 * when no interrupt names one, "unknown" when the files are not there.
 * A list too long for buf ends in "...".
 */
void sysinfo_irq_affinity(char *buf, size_t len);

/*
 * The emulator the kernel runs this program with into buf: the name of
 * the enabled binfmt_misc entry (/proc/sys/fs/binfmt_misc) whose magic
 * matches this program's file, "qemu-arm"; "none" when no entry does
 * (or binfmt_misc is not mounted here: a chroot may not show it);
 * "unknown" when /proc/self/exe cannot be read.  An emulator started by
 * hand (qemu-arm ./prog) is seen only when binfmt_misc has an entry for
 * the program's format too: whoever starts one must say so.
 */
void sysinfo_emulation(char *buf, size_t len);

/*
 * The number of netfilter rules and what told it into buf: the rules of
 * the chains `nft list ruleset` prints, "12 (nft)"; else the "-A" lines
 * of iptables-save and ip6tables-save, "7 (iptables-save+ip6tables-save)";
 * else, when no command could list them (listing needs root), the tables
 * of /proc/net/ip_tables_names, "unknown (iptables tables: filter nat)";
 * else "unknown".  The commands are run from PATH (this host's, whatever
 * sysinfo_set_root says); one that is missing or fails is passed over.
 */
void sysinfo_netfilter_rules(char *buf, size_t len);

/*
 * Each interface's queueing but lo's, sorted by name, one word each:
 * the root qdisc with the parameters people tune in parentheses, its
 * classes in brackets, each with its own and the qdisc under it after
 * ">", and the ingress qdisc after a comma: "eth0=fq_codel(limit=10240,
 * flows=1024,target=5ms,interval=100ms)", "eth1=htb(default=10)[1:10(
 * rate=100Mbit,ceil=100Mbit)>pfifo(limit=1000)],clsact" (no blanks),
 * "eth2=mq[4*fq_codel(...)]" for queues that read the same, "eth3=?,
 * ingress": an ingress qdisc and no root one.  Read by RTM_GETQDISC and
 * RTM_GETTCLASS dumps over rtnetlink, as tc lists them (no tool needed;
 * an interface that is down with no qdisc of its own, noop, is not
 * listed, as tc lists none for it), else the kinds of `tc qdisc show`;
 * "unknown" when neither answers or there is no qdisc.  The caller's
 * network namespace.  A list too long for buf ends in "...".
 */
void sysinfo_qdiscs(char *buf, size_t len);

/*
 * The offloads of each interface but lo, sorted by name, by the
 * SIOCETHTOOL ioctl, "eth0=tso:on,gso:on,gro:on,lro:off,rx:on,tx:on"
 * into buf; for an interface the ioctl answers nothing for (qemu-user
 * passes it on for none), from `ethtool -k` where there is one.  A
 * feature neither tells reads "?", an interface with none
 * "eth0=unknown"; "unknown" where there is no interface.  A list too
 * long for buf ends in "...".
 */
void sysinfo_offloads(char *buf, size_t len);

/*
 * The network sysctls that router tuners change, those this kernel has,
 * as name=value words ("net.core.rmem_max=212992
 * net.ipv4.tcp_rmem=4096,131072,6291456 ..."; several numbers joined by
 * commas) into buf; "unknown" when none can be read.  The net.* ones
 * are per network namespace: the caller's.
 */
void sysinfo_net_sysctls(char *buf, size_t len);

/*
 * Each interface but lo, sorted by name, with its driver ("none" for a
 * virtual one), MTU, and what sysfs tells of its link speed and duplex
 * (only with a link), transmit queue length and number of receive and
 * transmit queues, "eth0=igb,mtu=1500,speed=1000Mb,duplex=full,txqlen=1000,queues=8/8"
 * into buf (a file that is not there is left out: "eth0=none,mtu=1500");
 * "none" with no interface but lo, "unknown" without /sys/class/net.  A
 * list too long for buf ends in "...".
 */
void sysinfo_nics(char *buf, size_t len);

/*
 * The read-ahead of the block device dev (a file's st_dev, a device's
 * st_rdev) from sysfs, its disk's where dev is a partition: "8192 kB
 * (vda)" into buf; "unknown" where there is none (tmpfs, overlay, a
 * system without sysfs).
 */
void sysinfo_read_ahead(dev_t dev, char *buf, size_t len);

/*
 * The sectors (512 bytes) block device dev (a disk or a partition) has
 * read since boot, from /sys/dev/block/MAJ:MIN/stat; 0, or -1 where the
 * system does not say.
 */
int sysinfo_dev_sectors_read(dev_t dev, uint64_t *sectors);

/*
 * What block device dev is stacked on: a loop device's backing file into
 * file (1), or a device mapper's (or md's) first device underneath into
 * *under (2); 0 for a device on nothing else, or where the system does
 * not say.
 */
int sysinfo_dev_under(dev_t dev, char *file, size_t len, dev_t *under);

#endif
