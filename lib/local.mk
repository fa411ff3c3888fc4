# lib/ in floors, each a library that uses only those below it (HACKING.md):
# core (clocks, statistics, parsing, messages, the result line), host (the
# machine's facts and fingerprint), driver (bench_init and the timing
# loop), place, mem (memory chains) and net (sockets, the key protocol,
# the box agent).  A benchmark links the floors it uses; only network
# benchmarks link lib/net.
noinst_LIBRARIES += lib/core/libcore.a lib/host/libhost.a lib/driver/libdriver.a \
	lib/place/libplace.a lib/mem/libmem.a lib/net/libnet.a
lib_core_libcore_a_SOURCES = \
	lib/core/compat.h \
	lib/core/dist.c \
	lib/core/dist.h \
	lib/core/hist.c \
	lib/core/hist.h \
	lib/core/metric-rows.h \
	lib/core/metric.c \
	lib/core/metric.h \
	lib/core/metric_facts.c \
	lib/core/msg.c \
	lib/core/msg.h \
	lib/core/output.c \
	lib/core/output.h \
	lib/core/parse.c \
	lib/core/parse.h \
	lib/core/roff.c \
	lib/core/roff.h \
	lib/core/runclock.c \
	lib/core/runclock.h \
	lib/core/spawn.c \
	lib/core/spawn.h \
	lib/core/stats.c \
	lib/core/stats.h \
	lib/core/timing.c \
	lib/core/timing.h \
	lib/core/tmp.c \
	lib/core/tmp.h \
	lib/core/utf8.c \
	lib/core/utf8.h
lib_host_libhost_a_SOURCES = \
	lib/host/cpustat.c \
	lib/host/cpustat.h \
	lib/host/fingerprint.c \
	lib/host/fingerprint.h \
	lib/host/hostfacts.c \
	lib/host/memory.c \
	lib/host/memory.h \
	lib/host/netdev.c \
	lib/host/qdisc.c \
	lib/host/netfacts.c \
	lib/host/procfs.c \
	lib/host/procfs.h \
	lib/host/sysinfo.h
lib_driver_libdriver_a_SOURCES = \
	lib/driver/bench.c \
	lib/driver/bench.h \
	lib/driver/benchdoc.c \
	lib/driver/benchdoc.h \
	lib/driver/noise.c \
	lib/driver/noise.h \
	lib/driver/prog.h
lib_place_libplace_a_SOURCES = \
	lib/place/place.c \
	lib/place/place.h \
	lib/place/place_main.c \
	lib/place/place_main.h
lib_mem_libmem_a_CFLAGS = $(AM_CFLAGS) $(HB_HOT_CFLAGS)
lib_mem_libmem_a_SOURCES = \
	lib/mem/chase.c \
	lib/mem/chase.h \
	lib/mem/knee.c \
	lib/mem/knee.h \
	lib/mem/memcheck.c \
	lib/mem/memcheck.h
lib_net_libnet_a_SOURCES = \
	lib/net/box.c \
	lib/net/box.h \
	lib/net/boxagent.c \
	lib/net/boxagent.h \
	lib/net/boxstat.c \
	lib/net/boxstat.h \
	lib/net/sha256.c \
	lib/net/sha256.h \
	lib/net/sock.c \
	lib/net/sock.h \
	lib/net/sock_internal.h \
	lib/net/sock_main.c \
	lib/net/sock_main.h \
	lib/net/sock_proto.c \
	lib/net/sock_proto.h \
	lib/net/sock_report.c \
	lib/net/sock_report.h \
	lib/net/sock_serve.c \
	lib/net/sock_serve.h
HB_LIB_SRCS = $(lib_core_libcore_a_SOURCES) $(lib_host_libhost_a_SOURCES) \
	$(lib_driver_libdriver_a_SOURCES) $(lib_place_libplace_a_SOURCES) \
	$(lib_mem_libmem_a_SOURCES) $(lib_net_libnet_a_SOURCES)
HB_LIBS_BASE = lib/place/libplace.a lib/mem/libmem.a lib/driver/libdriver.a \
	lib/host/libhost.a lib/core/libcore.a
HB_LIBS_NET = lib/net/libnet.a
