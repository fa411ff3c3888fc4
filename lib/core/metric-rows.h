/*
 * metric-rows: the rows of the metric table, included by the files that
 * build an array from them (X-macros): lib/core/metric_facts.c the facts
 * of each row (struct metric_fact, lib/core/metric.h), which the
 * programs carry; the results tool's read/metric_table.c its table of
 * struct metric, the facts with the column; and its read/metric_what.c
 * the prose of each row.  The arrays are in the rows' order, row for row.
 * Each file defines ROW_ and ROWE_ (the row's fields, in the order
 * lib/core/metric_facts.c describes) before it includes this file; this
 * file defines the helpers once, and the rows each time.
 */
#ifndef HB_METRIC_ROWS_HELPERS
#define HB_METRIC_ROWS_HELPERS
/*
 * Two-process benchmarks: the processes on one CPU where the program
 * could pin them, else wherever the scheduler put them (lmbench's only
 * way, whose results carry no placement and match before either).
 */
#define ONECPU "placement=one,placement=unpinned"

#define US "us", 1e-3
#define NS "ns", 1.0
#define MBS "MB/s", 1.0

/*
 * A latency shown in microseconds, in nanoseconds: the time of a burst
 * of operations, which the machine's other work can only lengthen: the
 * lower quartile, and never 0 (a time at or below the measured overhead
 * is noise, not a free operation).
 */
#define LUS(prog, name, sec, col, sel, arg, what) LUSF(prog, name, sec, col, sel, arg, what, 0)
#define LUSF(prog, name, sec, col, sel, arg, what, flags) \
	ROWE(prog, name, "ns/op", sec, col, sel, arg, US, METRIC_SMALLER, what, flags, METRIC_Q1, \
	     0, 0, 1, NULL)
#define LNS(prog, name, sec, col, sel, arg, what) \
	ROWE(prog, name, "ns/op", sec, col, sel, arg, NS, METRIC_SMALLER, what, 0, METRIC_Q1, 0, \
	     0, 1, NULL)
/* A bandwidth of a burst of work on this machine: the upper quartile. */
#define BW(prog, name, sec, col, sel, arg, what) BWF(prog, name, sec, col, sel, arg, what, 0)
#define BWF(prog, name, sec, col, sel, arg, what, flags) \
	ROWE(prog, name, "MB/s", sec, col, sel, arg, MBS, METRIC_BIGGER, what, flags, METRIC_Q3, \
	     0, 0, 1, NULL)
/*
 * A memory bandwidth test (MEM), and data moved through memory (MOVE): a
 * pipe, a socket on this machine, a cached file, which the run's fastest
 * MEM bounds (results/read/metric_table.h: METRIC_MEMORY_MARGIN).
 */
#define MEM(prog, name, sec, col, sel, arg, what) \
	BWF(prog, name, sec, col, sel, arg, what, METRIC_MEMTEST)
#define MOVE(prog, name, sec, col, sel, arg, what) \
	BWF(prog, name, sec, col, sel, arg, what, METRIC_MEMMOVE)
/*
 * A rate across a network, over equal lengths of time: the total over
 * the run (what the link carried is the question, bursts and all).
 */
#define NETBW(prog, name, sec, col, sel, arg, what) \
	NETBWF(prog, name, sec, col, sel, arg, what, 0)
#define NETBWF(prog, name, sec, col, sel, arg, what, flags) \
	ROWE(prog, name, "MB/s", sec, col, sel, arg, MBS, METRIC_BIGGER, what, flags, \
	     METRIC_TOTAL, 0, 0, 1, NULL)
/* UDP received: 0 when all of it was lost (a step far past the knee), a value. */
#define UDPBW(prog, name, sec, col, sel, arg, what) \
	ROWE(prog, name, "MB/s", sec, col, sel, arg, MBS, METRIC_BIGGER, what, 0, \
	     METRIC_TOTAL, 0, 0, 0, NULL)
/* The CPU use of one end of a transfer, by kind, and its cost per KB. */
#define CPUPART(prog, name, unit, col, what, hi) \
	ROWE(prog, name, unit, NULL, col, METRIC_ONE, NULL, unit, 1.0, METRIC_SMALLER, what, 0, \
	     METRIC_TOTAL, 0, hi, 0, NULL)
#define CPU(prog, name, end) \
	CPUPART(prog, name, "%user", end " %user", "CPU time of the " end " in user mode, in percent", \
		100), \
	CPUPART(prog, name, "%sys", end " %sys", "CPU time of the " end " in the kernel, in percent", \
		100), \
	CPUPART(prog, name, "%irq", end " %irq", "CPU time of the " end " in interrupts, in percent", \
		100), \
	CPUPART(prog, name, "%softirq", end " %softirq", \
		"CPU time of the " end " in soft interrupts, in percent", 100), \
	CPUPART(prog, name, "us/KB", end " us/KB", \
		"CPU time of the " end " per KB moved, in microseconds", 0)
/* The CPU time of one end's own processes (getrusage), beside CPU()'s whole machine. */
#define CPUOWN(prog, name, end) \
	CPUPART(prog, name, "%user", end " own %user", \
		"CPU time of the " end "'s own processes in user mode, in percent", 100), \
	CPUPART(prog, name, "%sys", end " own %sys", \
		"CPU time of the " end "'s own processes in the kernel, in percent", 100), \
	CPUPART(prog, name, "us/KB", end " own us/KB", \
		"CPU time of the " end "'s own processes per KB moved, in microseconds", 0)
/*
 * UDP loss: a share of what was sent, 0 .. 100 percent; over a run, the
 * samples' losses weighted by what each sent (sent-MB/s on its line):
 * lost / sent over the run.
 */
#define LOSS(prog, name, sec, arg) \
	ROWE(prog, name, "%loss", sec, "UDP loss", METRIC_ONE, arg, "%", 1.0, METRIC_SMALLER, \
	     "UDP packets sent but not received, in percent", 0, METRIC_WEIGHTED, 0, 100, 0, \
	     "sent-MB/s")
/*
 * Operations in flight: the fastest one-chain time of the run over a
 * sample's time with K chains, which interference can only lower: the
 * upper quartile; above 0 and at most lat_ops' 16 chains.
 */
#define PAR(prog, name, sec, col) \
	ROWE(prog, name, "x", sec, col, METRIC_ONE, NULL, "x", 1.0, METRIC_BIGGER, \
	     "independent operations the CPU overlaps (latency / time with K chains)", 0, \
	     METRIC_Q3, 0, 16, 1, NULL)
/* lat_mem_rd's latency: plotted against the working-set size. */
#define MEMLAT(prog, name, sec, col, sel, arg, what) \
	ROWE(prog, name, "ns/op", sec, col, sel, arg, NS, METRIC_SMALLER, what, METRIC_CURVE, \
	     METRIC_Q1, 0, 0, 1, NULL)
#endif

	/* Basic system parameters */
	ROW(NULL, "platform", NULL, "params", "Description", METRIC_CONFIG, NULL, "", 1.0,
	  METRIC_NEITHER,
	  "the platform: CPU and system (lmbench's [OS:] line)", 0),
	ROWE("mhz", "Mhz", "MHz", "params", "Mhz", METRIC_ONE, NULL, "MHz", 1.0, METRIC_NEITHER,
	  "the CPU clock, from the time of dependent adds", 0, METRIC_MEDIAN, 0, 0, 1, NULL),
	ROW("tlb", "Tlb", "pages", "params", "tlb pages", METRIC_ONE, NULL, "pages", 1.0,
	  METRIC_NEITHER,
	  "pages the TLB maps", METRIC_COUNT),
	ROW("cache", "Line", "bytes", "params", "cache line bytes", METRIC_ONE, NULL, "bytes", 1.0,
	  METRIC_NEITHER,
	  "the cache line size", METRIC_COUNT),
	ROWE("par_mem", "ParMem", "x", "params", "mem par", METRIC_LARGEST, NULL, "x", 1.0,
	  METRIC_NEITHER,
	  "memory loads in flight at the largest size", 0, METRIC_MEDIAN, 0.5, 0, 0, NULL),
	ROW(NULL, "parallel", NULL, "params", "scal load", METRIC_CONFIG, NULL, "", 1.0,
	  METRIC_NEITHER,
	  "copies run in parallel (-P; lmbench's SYNC_MAX)", 0),

	/* Processor, Processes */
	ROWE("mhz", "Mhz", "MHz", "proc", "Mhz", METRIC_ONE, NULL, "MHz", 1.0, METRIC_NEITHER,
	  "the CPU clock, from the time of dependent adds", 0, METRIC_MEDIAN, 0, 0, 1, NULL),
	LUS("lat_syscall", "LatSyscall/op=null", "proc", "null call", METRIC_ONE, NULL,
	    "a system call that does almost nothing (getppid)"),
	LUS("lat_syscall", "LatSyscall/op=read", "proc", "null I/O", METRIC_MEAN,
	  "LatSyscall/op=write",
	    "mean of reading one byte from /dev/zero and writing one to /dev/null"),
	LUS("lat_syscall", "LatSyscall/op=stat", "proc", "stat", METRIC_ONE, NULL, "stat a file"),
	LUS("lat_syscall", "LatSyscall/op=open", "proc", "open clos", METRIC_ONE, NULL,
	  "open and close a file"),
	LUS("lat_select", "LatSelect/type=tcp/n=100", "proc", "slct TCP", METRIC_ONE, NULL,
	    "select on 100 TCP sockets"),
	LUS("lat_sig", "LatSig/op=install", "proc", "sig inst", METRIC_ONE, NULL,
	  "install a signal handler"),
	LUS("lat_sig", "LatSig/op=catch", "proc", "sig hndl", METRIC_ONE, NULL,
	    "send a signal to oneself and run its handler"),
	LUS("lat_proc", "LatProc/op=fork", "proc", "fork proc", METRIC_ONE, NULL,
	  "fork, exit and wait"),
	LUS("lat_proc", "LatProc/op=exec", "proc", "exec proc", METRIC_ONE, NULL,
	  "fork, execve, exit and wait"),
	LUS("lat_proc", "LatProc/op=shell", "proc", "sh proc", METRIC_ONE, NULL,
	  "fork and /bin/sh -c a program"),

	/* Basic operations */
	LNS("lat_ops", "LatOps/type=int/op=bit", "int", "intgr bit", METRIC_ONE, NULL,
	  "int and/or/xor"),
	LNS("lat_ops", "LatOps/type=int/op=add", "int", "intgr add", METRIC_ONE, NULL, "int add"),
	LNS("lat_ops", "LatOps/type=int/op=mul", "int", "intgr mul", METRIC_ONE, NULL,
	  "int multiply"),
	LNS("lat_ops", "LatOps/type=int/op=div", "int", "intgr div", METRIC_ONE, NULL,
	  "int divide"),
	LNS("lat_ops", "LatOps/type=int/op=mod", "int", "intgr mod", METRIC_ONE, NULL,
	  "int remainder"),
	LNS("lat_ops", "LatOps/type=int64/op=bit", "int64", "int64 bit", METRIC_ONE, NULL,
	  "int64 and/or/xor"),
	LNS("lat_ops", "LatOps/type=int64/op=add", "int64", "int64 add", METRIC_ONE, NULL,
	  "int64 add"),
	LNS("lat_ops", "LatOps/type=int64/op=mul", "int64", "int64 mul", METRIC_ONE, NULL,
	  "int64 multiply"),
	LNS("lat_ops", "LatOps/type=int64/op=div", "int64", "int64 div", METRIC_ONE, NULL,
	  "int64 divide"),
	LNS("lat_ops", "LatOps/type=int64/op=mod", "int64", "int64 mod", METRIC_ONE, NULL,
	  "int64 remainder"),
	LNS("lat_ops", "LatOps/type=float/op=add", "float", "float add", METRIC_ONE, NULL,
	  "float add"),
	LNS("lat_ops", "LatOps/type=float/op=mul", "float", "float mul", METRIC_ONE, NULL,
	  "float multiply"),
	LNS("lat_ops", "LatOps/type=float/op=div", "float", "float div", METRIC_ONE, NULL,
	  "float divide"),
	LNS("lat_ops", "LatOps/type=float/op=bogo", "float", "float bogo", METRIC_ONE, NULL,
	    "lmbench's bogomflops in float, per element"),
	LNS("lat_ops", "LatOps/type=double/op=add", "double", "double add", METRIC_ONE, NULL,
	  "double add"),
	LNS("lat_ops", "LatOps/type=double/op=mul", "double", "double mul", METRIC_ONE, NULL,
	  "double multiply"),
	LNS("lat_ops", "LatOps/type=double/op=div", "double", "double div", METRIC_ONE, NULL,
	  "double divide"),
	LNS("lat_ops", "LatOps/type=double/op=bogo", "double", "double bogo", METRIC_ONE, NULL,
	    "lmbench's bogomflops in double, per element"),

	/* Context switching (lmbench's columns: the processes on one CPU) */
	LUS("lat_ctx", "LatCtx/size=0K/procs=2", "ctx", "2p/0K ctxsw", METRIC_ONE, ONECPU,
	    "context switch, 2 processes, no array"),
	LUS("lat_ctx", "LatCtx/size=16K/procs=2", "ctx", "2p/16K ctxsw", METRIC_ONE, ONECPU,
	    "context switch, 2 processes summing 16 KB each"),
	LUS("lat_ctx", "LatCtx/size=64K/procs=2", "ctx", "2p/64K ctxsw", METRIC_ONE, ONECPU,
	    "context switch, 2 processes summing 64 KB each"),
	LUS("lat_ctx", "LatCtx/size=16K/procs=8", "ctx", "8p/16K ctxsw", METRIC_ONE, ONECPU,
	    "context switch, 8 processes summing 16 KB each"),
	LUS("lat_ctx", "LatCtx/size=64K/procs=8", "ctx", "8p/64K ctxsw", METRIC_ONE, ONECPU,
	    "context switch, 8 processes summing 64 KB each"),
	LUS("lat_ctx", "LatCtx/size=16K/procs=16", "ctx", "16p/16K ctxsw", METRIC_ONE, ONECPU,
	    "context switch, 16 processes summing 16 KB each"),
	LUS("lat_ctx", "LatCtx/size=64K/procs=16", "ctx", "16p/64K ctxsw", METRIC_ONE, ONECPU,
	    "context switch, 16 processes summing 64 KB each"),

	/* *Local* Communication latencies */
	LUS("lat_ctx", "LatCtx/size=0K/procs=2", "local", "2p/0K ctxsw", METRIC_ONE, ONECPU,
	    "context switch, 2 processes, no array"),
	LUS("lat_pipe", "LatPipe", "local", "Pipe", METRIC_ONE, ONECPU,
	  "a byte there and back through pipes"),
	LUS("lat_unix", "LatUnix", "local", "AF UNIX", METRIC_ONE, ONECPU,
	    "a byte there and back through a Unix stream socket"),
	LUS("lat_udp", "LatUdp", "local", "UDP", METRIC_ONE, ONECPU,
	  "a UDP round trip over loopback"),
	LUS("lat_rpc", "LatRpc/proto=udp", "local", "RPC/UDP", METRIC_ONE, ONECPU,
	    "a Sun RPC round trip over UDP (lmbench only)"),
	LUS("lat_tcp", "LatTcp", "local", "TCP", METRIC_ONE, ONECPU,
	  "a TCP round trip over loopback"),
	LUS("lat_rpc", "LatRpc/proto=tcp", "local", "RPC/TCP", METRIC_ONE, ONECPU,
	    "a Sun RPC round trip over TCP (lmbench only)"),
	LUS("lat_connect", "LatConnect", "local", "TCP conn", METRIC_ONE, ONECPU,
	    "a TCP connection to loopback: connect and close"),

	/* File & VM system latencies */
	LUS("lat_fs", "LatFs/op=create/size=0K", "filevm", "0K File Create", METRIC_ONE, NULL,
	    "create an empty file"),
	LUS("lat_fs", "LatFs/op=delete/size=0K", "filevm", "0K File Delete", METRIC_ONE, NULL,
	    "delete an empty file"),
	LUS("lat_fs", "LatFs/op=create/size=10K", "filevm", "10K File Create", METRIC_ONE, NULL,
	    "create and write a 10 KB file"),
	LUS("lat_fs", "LatFs/op=delete/size=10K", "filevm", "10K File Delete", METRIC_ONE, NULL,
	    "delete a 10 KB file"),
	LUS("lat_mmap", "LatMmap", "filevm", "Mmap Latency", METRIC_LARGEST, "touch=dense",
	    "mmap, touch and munmap a file, at the largest size"),
	LUS("lat_sig", "LatSig/op=prot", "filevm", "Prot Fault", METRIC_ONE, NULL,
	    "a write to a read-only page and its SIGSEGV handler"),
	LUS("lat_pagefault", "LatPagefault", "filevm", "Page Fault", METRIC_ONE, "cache=hot",
	    "fault in a page of a file in the page cache"),
	LUS("lat_select", "LatSelect/type=file/n=100", "filevm", "100fd selct", METRIC_ONE, NULL,
	    "select on 100 file descriptors"),

	/* *Local* Communication bandwidths */
	MOVE("bw_pipe", "BwPipe", "bw", "Pipe", METRIC_ONE, ONECPU, "data through a pipe"),
	MOVE("bw_unix", "BwUnix", "bw", "AF UNIX", METRIC_ONE, ONECPU,
	  "data through a Unix stream socket"),
	NETBWF("bw_tcp", "BwTcp", "bw", "TCP", METRIC_LARGEST, ONECPU,
	   "data through TCP over loopback, at the largest message size", METRIC_MEMMOVE),
	MOVE("bw_file_rd", "BwFileRd/op=io_only", "bw", "File reread", METRIC_LARGEST, NULL,
	   "read(2) of a cached file, at the largest size"),
	MOVE("bw_mmap_rd", "BwMmapRd/op=mmap_only", "bw", "Mmap reread", METRIC_LARGEST, NULL,
	   "reading a mapped cached file, at the largest size"),
	MEM("bw_mem", "BwMem/op=bcopy", "bw", "Bcopy (libc)", METRIC_LARGEST, NULL,
	   "copy a buffer with memmove (bytes copied)"),
	MEM("bw_mem", "BwMem/op=fcp", "bw", "Bcopy (hand)", METRIC_LARGEST, NULL,
	   "copy a buffer with an unrolled loop of ints (bytes copied)"),
	MEM("bw_mem", "BwMem/op=frd", "bw", "Mem read", METRIC_LARGEST, NULL,
	   "read every int of a buffer (lmbench's frd)"),
	MEM("bw_mem", "BwMem/op=fwr", "bw", "Mem write", METRIC_LARGEST, NULL,
	   "write every int of a buffer (lmbench's fwr)"),

	/* Memory latencies */
	ROWE("mhz", "Mhz", "MHz", "mem", "Mhz", METRIC_ONE, NULL, "MHz", 1.0, METRIC_NEITHER,
	  "the CPU clock, from the time of dependent adds", 0, METRIC_MEDIAN, 0, 0, 1, NULL),
	MEMLAT("lat_mem_rd", "LatMemRd/order=stride/stride=128", "mem", "L1 $", METRIC_AT,
	  "size=1K",
	       "dependent loads at stride 128 in 1 KB (lmbench's 0.00098 MB)"),
	MEMLAT("lat_mem_rd", "LatMemRd/order=stride/stride=128", "mem", "L2 $", METRIC_AT,
	  "size=128K",
	       "dependent loads at stride 128 in 128 KB (lmbench's 0.125 MB)"),
	MEMLAT("lat_mem_rd", "LatMemRd/order=stride/stride=128", "mem", "Main mem", METRIC_LARGEST,
	  NULL,
	       "dependent loads at stride 128 at the largest size (prefetchers follow it)"),
	MEMLAT("lat_mem_rd", "LatMemRd/order=random", "mem", "Rand mem", METRIC_LARGEST, NULL,
	       "dependent loads in random order at the largest size"),

	/* Across CPUs (hostbench: the same benchmarks, processes spread) */
	LUS("lat_ctx", "LatCtx/size=0K/procs=2/placement=spread", "spread", "2p/0K ctxsw",
	  METRIC_ONE, NULL,
	    "context switch, 2 processes on different CPUs"),
	LUS("lat_ctx", "LatCtx/size=16K/procs=2/placement=spread", "spread", "2p/16K ctxsw",
	  METRIC_ONE, NULL,
	    "context switch, 2 processes on different CPUs summing 16 KB each"),
	LUS("lat_ctx", "LatCtx/size=16K/procs=8/placement=spread", "spread", "8p/16K ctxsw",
	  METRIC_ONE, NULL,
	    "context switch, 8 processes spread over the CPUs summing 16 KB each"),
	LUS("lat_pipe", "LatPipe/placement=spread", "spread", "Pipe", METRIC_ONE, NULL,
	    "a byte there and back through pipes, processes on different CPUs"),
	LUS("lat_unix", "LatUnix/placement=spread", "spread", "AF UNIX", METRIC_ONE, NULL,
	    "a byte there and back through a Unix socket, processes on different CPUs"),
	LUS("lat_udp", "LatUdp/placement=spread", "spread", "UDP", METRIC_ONE, NULL,
	    "a UDP round trip over loopback, processes on different CPUs"),
	LUS("lat_tcp", "LatTcp/placement=spread", "spread", "TCP", METRIC_ONE, NULL,
	    "a TCP round trip over loopback, processes on different CPUs"),
	LUS("lat_sem", "LatSem/placement=spread", "spread", "sem", METRIC_ONE, NULL,
	    "a System V semaphore round trip, processes on different CPUs"),
	LUS("lat_fcntl", "LatFcntl/placement=spread", "spread", "fcntl lock", METRIC_ONE, NULL,
	    "an fcntl lock hand-off, processes on different CPUs"),
	LUS("lat_fifo", "LatFifo/placement=spread", "spread", "FIFO", METRIC_ONE, NULL,
	    "a byte there and back through two named FIFOs, processes on different CPUs"),
	LUS("lat_unix_connect", "LatUnixConnect/placement=spread", "spread", "UNIX conn",
	  METRIC_ONE, NULL,
	    "an AF_UNIX connect, accept and close, processes on different CPUs"),

	/* More latencies */
	LUS("lat_syscall", "LatSyscall/op=read", "more", "read", METRIC_ONE, NULL,
	  "read one byte from /dev/zero"),
	LUS("lat_syscall", "LatSyscall/op=write", "more", "write", METRIC_ONE, NULL,
	  "write one byte to /dev/null"),
	LUS("lat_syscall", "LatSyscall/op=fstat", "more", "fstat", METRIC_ONE, NULL,
	  "fstat an open file"),
	LUS("lat_proc", "LatProc/op=procedure", "more", "proc call", METRIC_ONE, NULL,
	    "call a function the compiler may not inline"),
	LUS("lat_cmd", "LatCmd", "more", "cmd", METRIC_ONE, NULL, "run a command to completion"),
	LUS("lat_fcntl", "LatFcntl", "more", "fcntl lock", METRIC_ONE, ONECPU,
	    "an fcntl lock hand-off between two processes"),
	LUS("lat_sem", "LatSem", "more", "sem", METRIC_ONE, ONECPU,
	    "a System V semaphore round trip between two processes"),
	LUS("lat_fifo", "LatFifo", "more", "FIFO", METRIC_ONE, ONECPU,
	    "a byte there and back through two named FIFOs"),
	LUS("lat_unix_connect", "LatUnixConnect", "more", "UNIX conn", METRIC_ONE, ONECPU,
	    "an AF_UNIX stream connect, accept and close"),
	LUSF("lat_usleep", "LatUsleep/method=nanosleep/stat=p50", "more", "sleep late p50",
	  METRIC_ONE, NULL,
	    "how late a nanosleep wakes up: the median of a sample", METRIC_SINGLY | METRIC_IDLE),
	LUSF("lat_usleep", "LatUsleep/method=nanosleep/stat=p99", "more", "sleep late p99",
	  METRIC_ONE, NULL,
	    "how late a nanosleep wakes up: the 99th percentile of a sample", METRIC_SINGLY | METRIC_IDLE),
	LUS("lat_pagefault", "LatPagefault/cache=cold", "more", "cold page fault", METRIC_ONE, NULL,
	    "fault in a page of a file that is not in the page cache"),

	/* Operation parallelism */
	PAR("lat_ops", "ParOps/type=int/op=bit", "par", "int bit"),
	PAR("lat_ops", "ParOps/type=int/op=add", "par", "int add"),
	PAR("lat_ops", "ParOps/type=int/op=mul", "par", "int mul"),
	PAR("lat_ops", "ParOps/type=int/op=div", "par", "int div"),
	PAR("lat_ops", "ParOps/type=int/op=mod", "par", "int mod"),
	PAR("lat_ops", "ParOps/type=int64/op=bit", "par", "int64 bit"),
	PAR("lat_ops", "ParOps/type=int64/op=add", "par", "int64 add"),
	PAR("lat_ops", "ParOps/type=int64/op=mul", "par", "int64 mul"),
	PAR("lat_ops", "ParOps/type=int64/op=div", "par", "int64 div"),
	PAR("lat_ops", "ParOps/type=int64/op=mod", "par", "int64 mod"),
	PAR("lat_ops", "ParOps/type=float/op=add", "parfp", "float add"),
	PAR("lat_ops", "ParOps/type=float/op=mul", "parfp", "float mul"),
	PAR("lat_ops", "ParOps/type=float/op=div", "parfp", "float div"),
	PAR("lat_ops", "ParOps/type=double/op=add", "parfp", "double add"),
	PAR("lat_ops", "ParOps/type=double/op=mul", "parfp", "double mul"),
	PAR("lat_ops", "ParOps/type=double/op=div", "parfp", "double div"),

	/* Memory bandwidths */
	MEM("bw_mem", "BwMem/op=rd", "membw", "rd", METRIC_LARGEST, NULL,
	  "read every word of a buffer"),
	MEM("bw_mem", "BwMem/op=wr", "membw", "wr", METRIC_LARGEST, NULL,
	  "write every word of a buffer"),
	MEM("bw_mem", "BwMem/op=rdwr", "membw", "rdwr", METRIC_LARGEST, NULL,
	   "read and write back every word of a buffer"),
	MEM("bw_mem", "BwMem/op=cp", "membw", "cp", METRIC_LARGEST, NULL,
	   "copy a buffer word by word (bytes copied)"),
	MEM("bw_mem", "BwMem/op=frd", "membw", "frd", METRIC_LARGEST, NULL,
	  "read every int of a buffer"),
	MEM("bw_mem", "BwMem/op=fwr", "membw", "fwr", METRIC_LARGEST, NULL,
	  "write every int of a buffer"),
	MEM("bw_mem", "BwMem/op=fcp", "membw", "fcp", METRIC_LARGEST, NULL,
	   "copy a buffer with an unrolled loop of ints (bytes copied)"),
	MEM("bw_mem", "BwMem/op=bzero", "membw", "bzero", METRIC_LARGEST, NULL,
	  "clear a buffer with memset"),
	MEM("bw_mem", "BwMem/op=bcopy", "membw", "bcopy", METRIC_LARGEST, NULL,
	   "copy a buffer with memmove (bytes copied)"),
	MEM("stream", "Stream/op=copy", "stream", "STREAM copy", METRIC_LARGEST, NULL,
	   "STREAM copy c = a (2 arrays counted), at the largest array size"),
	MEM("stream", "Stream/op=scale", "stream", "STREAM scale", METRIC_LARGEST, NULL,
	   "STREAM scale b = q * c (2 arrays counted), at the largest array size"),
	MEM("stream", "Stream/op=add", "stream", "STREAM add", METRIC_LARGEST, NULL,
	   "STREAM add c = a + b (3 arrays counted), at the largest array size"),
	MEM("stream", "Stream/op=triad", "stream", "STREAM triad", METRIC_LARGEST, NULL,
	   "STREAM triad a = b + q * c (3 arrays counted), at the largest array size"),
	MEM("stream", "Stream2/op=fill", "stream", "STREAM2 fill", METRIC_LARGEST, NULL,
	   "STREAM2 fill a = q (1 array counted), at the largest array size"),
	MEM("stream", "Stream2/op=copy", "stream", "STREAM2 copy", METRIC_LARGEST, NULL,
	   "STREAM2 copy c = a (2 arrays counted), at the largest array size"),
	MEM("stream", "Stream2/op=daxpy", "stream", "STREAM2 daxpy", METRIC_LARGEST, NULL,
	   "STREAM2 daxpy a = a + q * b (3 arrays counted), at the largest array size"),
	MEM("stream", "Stream2/op=sum", "stream", "STREAM2 sum", METRIC_LARGEST, NULL,
	   "STREAM2 sum s += a (1 array counted), at the largest array size"),

	/*
	 * The same on buffers under 4 x the last-level cache (their names'
	 * "in=cache"): the caches', or a mix, at the largest such size.
	 */
	MEM("bw_mem", "BwMem/op=rd/" METRIC_CACHE_PART, "cachebw", "rd", METRIC_LARGEST, NULL,
	  "read every word of a buffer under 4 x the last-level cache"),
	MEM("bw_mem", "BwMem/op=wr/" METRIC_CACHE_PART, "cachebw", "wr", METRIC_LARGEST, NULL,
	  "write every word of a buffer under 4 x the last-level cache"),
	MEM("bw_mem", "BwMem/op=rdwr/" METRIC_CACHE_PART, "cachebw", "rdwr", METRIC_LARGEST, NULL,
	   "read and write back every word of a buffer under 4 x the last-level cache"),
	MEM("bw_mem", "BwMem/op=cp/" METRIC_CACHE_PART, "cachebw", "cp", METRIC_LARGEST, NULL,
	   "copy a buffer under 4 x the last-level cache word by word (bytes copied)"),
	MEM("bw_mem", "BwMem/op=frd/" METRIC_CACHE_PART, "cachebw", "frd", METRIC_LARGEST, NULL,
	  "read every int of a buffer under 4 x the last-level cache"),
	MEM("bw_mem", "BwMem/op=fwr/" METRIC_CACHE_PART, "cachebw", "fwr", METRIC_LARGEST, NULL,
	  "write every int of a buffer under 4 x the last-level cache"),
	MEM("bw_mem", "BwMem/op=fcp/" METRIC_CACHE_PART, "cachebw", "fcp", METRIC_LARGEST, NULL,
	   "copy a buffer under 4 x the last-level cache with an unrolled loop of ints (bytes copied)"),
	MEM("bw_mem", "BwMem/op=bzero/" METRIC_CACHE_PART, "cachebw", "bzero", METRIC_LARGEST, NULL,
	  "clear a buffer under 4 x the last-level cache with memset"),
	MEM("bw_mem", "BwMem/op=bcopy/" METRIC_CACHE_PART, "cachebw", "bcopy", METRIC_LARGEST, NULL,
	   "copy a buffer under 4 x the last-level cache with memmove (bytes copied)"),
	MEM("stream", "Stream/op=copy/" METRIC_CACHE_PART, "cachestream", "STREAM copy",
	   METRIC_LARGEST, NULL, "STREAM copy on arrays under 4 x the last-level cache"),
	MEM("stream", "Stream/op=scale/" METRIC_CACHE_PART, "cachestream", "STREAM scale",
	   METRIC_LARGEST, NULL, "STREAM scale on arrays under 4 x the last-level cache"),
	MEM("stream", "Stream/op=add/" METRIC_CACHE_PART, "cachestream", "STREAM add",
	   METRIC_LARGEST, NULL, "STREAM add on arrays under 4 x the last-level cache"),
	MEM("stream", "Stream/op=triad/" METRIC_CACHE_PART, "cachestream", "STREAM triad",
	   METRIC_LARGEST, NULL, "STREAM triad on arrays under 4 x the last-level cache"),
	MEM("stream", "Stream2/op=fill/" METRIC_CACHE_PART, "cachestream", "STREAM2 fill",
	   METRIC_LARGEST, NULL, "STREAM2 fill on arrays under 4 x the last-level cache"),
	MEM("stream", "Stream2/op=copy/" METRIC_CACHE_PART, "cachestream", "STREAM2 copy",
	   METRIC_LARGEST, NULL, "STREAM2 copy on arrays under 4 x the last-level cache"),
	MEM("stream", "Stream2/op=daxpy/" METRIC_CACHE_PART, "cachestream", "STREAM2 daxpy",
	   METRIC_LARGEST, NULL, "STREAM2 daxpy on arrays under 4 x the last-level cache"),
	MEM("stream", "Stream2/op=sum/" METRIC_CACHE_PART, "cachestream", "STREAM2 sum",
	   METRIC_LARGEST, NULL, "STREAM2 sum on arrays under 4 x the last-level cache"),

	/* Disk and file bandwidths */
	BW("lmdd", "Lmdd/op=write/fsync=1", "disk", "disk write", METRIC_LARGEST, NULL,
	   "sequential write of a file or disk, fsync timed, at the largest size"),
	BW("lmdd", "Lmdd/op=read/flush=1/pass=first", "disk", "disk read", METRIC_LARGEST, NULL,
	   "sequential read of a file or disk, its cached pages dropped first: the first pass "
	   "(a cache below the page cache may serve the later ones), at the largest size"),
	BW("lmdd", "Lmdd/op=write/direct=1", "disk", "direct write", METRIC_LARGEST, NULL,
	   "sequential O_DIRECT write of a file or disk, at the largest size"),
	BW("lmdd", "Lmdd/op=read/direct=1", "disk", "direct read", METRIC_LARGEST, NULL,
	   "sequential O_DIRECT read of a file or disk, at the largest size"),
	MOVE("bw_file_rd", "BwFileRd/op=open2close", "disk", "file open2close", METRIC_LARGEST, NULL,
	   "open, read and close a cached file, at the largest size"),
	MOVE("bw_mmap_rd", "BwMmapRd/op=open2close", "disk", "mmap open2close", METRIC_LARGEST, NULL,
	   "open, map, read, unmap and close a cached file, at the largest size"),

	/* UDP rate and loss */
	UDPBW("bw_udp", "BwUdp", "udp", "UDP MB/s", METRIC_ONE, ONECPU,
	  "UDP data received over loopback"),
	ROWE("bw_udp", "BwUdp", "pkts/s", "udp", "UDP pkts/s", METRIC_ONE, ONECPU, "pkts/s", 1.0,
	  METRIC_BIGGER,
	  "UDP packets received per second over loopback", 0, METRIC_TOTAL, 0, 0, 0, NULL),
	LOSS("bw_udp", "BwUdp", "udp", ONECPU),

	/* Network through a router (a remote peer) */
	LUS("lat_udp", "LatUdp/peer=remote", "remote", "UDP lat", METRIC_ONE, NULL,
	    "a UDP round trip to a remote host"),
	LUS("lat_tcp", "LatTcp/peer=remote", "remote", "TCP lat", METRIC_ONE, NULL,
	    "a TCP round trip to a remote host"),
	LUS("lat_connect", "LatConnect/peer=remote", "remote", "TCP conn", METRIC_ONE, NULL,
	    "a TCP connection to a remote host"),
	NETBW("bw_tcp", "BwTcp/peer=remote", "remote", "TCP MB/s", METRIC_LARGEST, NULL,
	   "data through TCP to a remote host, at the largest message size"),
	/*
	 * As fast as the sender can, of the run's datagram size (the first
	 * such case: the 64-byte one runs after it); then 64-byte datagrams,
	 * the packet rate router people quote.
	 */
	UDPBW("bw_udp", "BwUdp/peer=remote", "remote", "UDP MB/s", METRIC_ONE, "rate=max",
	   "UDP data received from a remote host"),
	ROWE("bw_udp", "BwUdp/peer=remote", "pkts/s", "remote", "UDP pkts/s", METRIC_ONE, "rate=max",
	  "pkts/s", 1.0,
	  METRIC_BIGGER, "UDP packets received per second from a remote host", 0, METRIC_TOTAL, 0, 0, 0, NULL),
	LOSS("bw_udp", "BwUdp/peer=remote", "remote", "rate=max"),
	ROWE("bw_udp", "BwUdp/rate=max/peer=remote", "pkts/s", "remote", "UDP 64B pkts/s", METRIC_AT,
	  "size=64", "pkts/s", 1.0,
	  METRIC_BIGGER, "64-byte UDP packets received per second from a remote host", 0, METRIC_TOTAL,
	  0, 0, 0, NULL),

	/* Known metrics without a column of their own (other sizes, counts). */
	LUS("lat_ctx", "LatCtx", NULL, "ctxsw", METRIC_ONE, NULL, "context switch"),
	LUS("lat_fs", "LatFs", NULL, "file", METRIC_ONE, NULL, "create or delete a file"),
	ROW("lat_fs", "LatFs", "files/s", NULL, "files/s", METRIC_ONE, NULL, "files/s", 1.0,
	  METRIC_BIGGER,
	  "files created or deleted per second", 0),
	MEMLAT("lat_mem_rd", "LatMemRd", NULL, "load", METRIC_ONE, NULL, "dependent loads"),
	ROW("cache", "Cache", "bytes", NULL, "cache size", METRIC_ONE, NULL, "KB", 1.0 / 1024,
	  METRIC_NEITHER,
	  "a data cache level's size, from where the latency curve steps up (cache)", 0),
	LNS("cache", "Cache", NULL, "cache load", METRIC_ONE, NULL,
	    "a dependent load within a cache level, or at one size or stride of the walk (cache)"),
	ROW("cache", "Cache", "best-ns/op", NULL, "cache load best", METRIC_ONE, NULL, "ns", 1.0,
	  METRIC_SMALLER,
	  "the lower quartile of a sample's bursts of the walk: what the levels are found from (cache)", 0),
	ROW("tlb", "Tlb", "bytes", NULL, "tlb reach", METRIC_ONE, NULL, "KB", 1.0 / 1024,
	  METRIC_NEITHER,
	  "the memory a TLB level maps: its pages times the page size (tlb)", 0),
	LNS("tlb", "Tlb", NULL, "tlb load", METRIC_ONE, NULL,
	    "a dependent load, each on a page of its own or packed on adjacent lines (tlb)"),
	ROW("tlb", "Tlb", "best-ns/op", NULL, "tlb load best", METRIC_ONE, NULL, "ns", 1.0,
	  METRIC_SMALLER,
	  "the lower quartile of a sample's bursts: what the levels are found from (tlb)", 0),
	LNS("par_mem", "ParMem", NULL, "mem par load", METRIC_ONE, NULL,
	    "time per load with K independent chases through memory (par_mem)"),
	ROW("par_mem", "ParMem", "best-ns/op", NULL, "mem par load best", METRIC_ONE, NULL, "ns",
	  1.0,
	  METRIC_SMALLER,
	  "the lower quartile of a sample's bursts: what the parallelism is found from (par_mem)", 0),
	LUS("lat_select", "LatSelect", NULL, "select", METRIC_ONE, NULL, "select on N descriptors"),
	LUSF("lat_usleep", "LatUsleep", NULL, "sleep late", METRIC_ONE, NULL,
	  "how late a sleep wakes up", METRIC_SINGLY | METRIC_IDLE),
	MOVE("bw_file_rd", "BwFileRd", NULL, "file read", METRIC_ONE, NULL, "reading a cached file"),
	BW("lmdd", "Lmdd", NULL, "lmdd", METRIC_ONE, NULL,
	  "a sequential read, write or copy (lmdd)"),
	ROWE("lmdd", "Lmdd", "ns/io-p50", NULL, "I/O p50", METRIC_ONE, NULL, "us", 1e-3,
	  METRIC_SMALLER,
	  "the median time of one read or write of a pass", METRIC_SINGLY, METRIC_MERGED, 0, 0, 0, NULL),
	ROWE("lmdd", "Lmdd", "ns/io-p90", NULL, "I/O p90", METRIC_ONE, NULL, "us", 1e-3,
	  METRIC_SMALLER,
	  "the 90th percentile time of one read or write of a pass", METRIC_SINGLY, METRIC_MERGED, 0, 0, 0, NULL),
	ROWE("lmdd", "Lmdd", "ns/io-p99", NULL, "I/O p99", METRIC_ONE, NULL, "us", 1e-3,
	  METRIC_SMALLER,
	  "the 99th percentile time of one read or write of a pass", METRIC_SINGLY, METRIC_MERGED, 0, 0, 0, NULL),
	ROWE("lmdd", "Lmdd", "ns/io-max", NULL, "I/O max", METRIC_ONE, NULL, "us", 1e-3,
	  METRIC_SMALLER,
	  "the longest read or write of a pass", METRIC_SINGLY, METRIC_MERGED, 0, 0, 0, NULL),
	ROW("lmdd", "Lmdd", "ns/fsync", NULL, "fsync", METRIC_ONE, NULL, "us", 1e-3, METRIC_SMALLER,
	  "the fsync that ends a write pass (fsync=1)", METRIC_SINGLY),
	MOVE("bw_mmap_rd", "BwMmapRd", NULL, "mmap read", METRIC_ONE, NULL, "reading a mapped file"),
	ROWE("bw_tcp", "BwTcp", "Mbit/s", NULL, "TCP Mbit/s", METRIC_ONE, NULL, "Mbit/s", 1.0,
	  METRIC_BIGGER,
	  "data through TCP, in megabits per second", 0, METRIC_TOTAL, 0, 0, 0, NULL),
	ROWE("bw_udp", "BwUdp", "sent-MB/s", NULL, "UDP sent MB/s", METRIC_ONE, NULL, "MB/s", 1.0,
	  METRIC_NEITHER,
	  "UDP data the sender sent (the target rate, or what it managed)", 0, METRIC_TOTAL, 0, 0, 0, NULL),
	ROW("bw_udp", "BwUdp", "jitter-us", NULL, "UDP jitter", METRIC_ONE, NULL, "us", 1.0,
	  METRIC_SMALLER,
	  "the variation of the UDP packets' transit times (RFC 3550)", 0),
	/* The CPU time of either end of bw_tcp and bw_udp while data flowed. */
	CPU("bw_tcp", "BwTcp/cpu=local", "TCP sender"),
	CPU("bw_tcp", "BwTcp/cpu=remote", "TCP receiver"),
	CPU("bw_udp", "BwUdp/cpu=local", "UDP sender"),
	CPU("bw_udp", "BwUdp/cpu=remote", "UDP receiver"),
	CPUOWN("bw_tcp", "BwTcp/cpu=local-own", "TCP sender"),
	CPUOWN("bw_tcp", "BwTcp/cpu=remote-own", "TCP receiver"),
	CPUOWN("bw_udp", "BwUdp/cpu=local-own", "UDP sender"),
	CPUOWN("bw_udp", "BwUdp/cpu=remote-own", "UDP receiver"),

	/*
	 * The UDP rate ladder (bw_udp -b LIST): its knee, the highest rate
	 * sent in full and received with less than -L percent loss, and
	 * what arrived there.  No summary column of its own: the ladder
	 * table of hostbench-compare shows it beside the steps.
	 */
	ROWE("bw_udp", "BwUdp/rate=knee", "Mbit/s", NULL, "UDP knee", METRIC_ONE, "rate", "Mbit/s",
	  1.0, METRIC_BIGGER,
	  "the highest UDP rate sent in full and received with little loss",
	  METRIC_LADDER, METRIC_MEDIAN, 0, 0, 1, NULL),
	/* The ladder through the box to --remote-host: a column of the remote section. */
	ROWE("bw_udp", "BwUdp/rate=knee/peer=remote", "Mbit/s", "remote", "UDP knee", METRIC_ONE, "rate",
	  "Mbit/s", 1.0, METRIC_BIGGER,
	  "the highest UDP rate sent in full and received with little loss, to a remote host",
	  METRIC_LADDER, METRIC_MEDIAN, 0, 0, 1, NULL),

	/* The box (router) the traffic of bw_tcp and bw_udp passed: lib/net/box, the programs' -A. */
/*
 * The box's CPU over a transfer through it (lib/net/box): shares of one CPU's
 * time (the busiest, the peak over 100 ms) or of all CPUs', 0 .. 100.
 */
#define BOXCPU(prog, name, what) \
	CPUPART(prog, name, "%busiest", what " box busiest %", \
		"the box's busiest CPU while " what " passed: its busy share, in percent", 100), \
	CPUPART(prog, name, "%busiest-softirq", what " box busiest softirq %", \
		"the box's busiest CPU: its share in soft interrupts (packet work), in percent", 100), \
	CPUPART(prog, name, "%busiest-sys", what " box busiest sys %", \
		"the box's busiest CPU: its share in the kernel outside interrupts, in percent", 100), \
	CPUPART(prog, name, "%busiest-irq", what " box busiest irq %", \
		"the box's busiest CPU: its share in hard interrupts, in percent", 100), \
	CPUPART(prog, name, "%peak", what " box peak %", \
		"the box: the busiest any CPU was over one 100 ms interval, in percent", 100), \
	CPUPART(prog, name, "%total", what " box total %", \
		"the box: the busy share of all its CPUs, in percent", 100), \
	CPUPART(prog, name, "%total-softirq", what " box softirq %", \
		"the box: the share of all its CPUs in soft interrupts, in percent", 100), \
	CPUPART(prog, name, "%total-sys", what " box sys %", \
		"the box: the share of all its CPUs in the kernel outside interrupts, in percent", 100)
/* The box's packet counters over a transfer: rates over the whole interval. */
#define BOXRATE(prog, name, unit, col, what) \
	ROWE(prog, name, unit, NULL, col, METRIC_ONE, NULL, unit, 1.0, METRIC_NEITHER, what, 0, \
	     METRIC_TOTAL, 0, 0, 0, NULL)
#define BOXNET(prog, name, what) \
	BOXRATE(prog, name, "softnet-pkts/s", what " box pkts/s", \
		"packets the box's kernel processed per second (softnet_stat, all CPUs)"), \
	BOXRATE(prog, name, "softnet-drops/s", what " box drops/s", \
		"packets the box dropped per second, its CPUs' backlog full (softnet_stat)"), \
	BOXRATE(prog, name, "softnet-squeezes/s", what " box squeezes/s", \
		"times per second the box's packet work ran out of budget or time (softnet_stat)"), \
	BOXRATE(prog, name, "irqs/s", what " box irqs/s", \
		"device interrupts per second on the box (/proc/interrupts' numbered lines)")
	BOXCPU("bw_tcp", "BwTcp/box=cpu", "TCP"),
	BOXNET("bw_tcp", "BwTcp/box=net", "TCP"),
	BOXCPU("bw_udp", "BwUdp/box=cpu", "UDP"),
	BOXNET("bw_udp", "BwUdp/box=net", "UDP"),
	/*
	 * The box's summary columns, from the remote cases at full speed (the
	 * first UDP one: the run's datagram size; then 64-byte datagrams):
	 * its busiest CPU, and how much of that was packet work (softirq) and
	 * the kernel besides (sys).  A firewall rule set or a driver shows
	 * there first; the packet rates are in the remote section.
	 */
#define BOXCOL(prog, name, sel, arg, unit, col, what) \
	ROWE(prog, name, unit, "box", col, sel, arg, unit, 1.0, METRIC_SMALLER, what, 0, \
	     METRIC_TOTAL, 0, 100, 0, NULL)
#define BOXCOLS(prog, name, sel, arg, what, col) \
	BOXCOL(prog, name, sel, arg, "%busiest", col " busy", \
	       "the box's busiest CPU while " what " passed: its busy share, in percent"), \
	BOXCOL(prog, name, sel, arg, "%busiest-softirq", col " sirq", \
	       "the box's busiest CPU while " what " passed: its share in soft interrupts, in percent"), \
	BOXCOL(prog, name, sel, arg, "%busiest-sys", col " sys", \
	       "the box's busiest CPU while " what " passed: its share in the kernel outside interrupts, in percent")
/*
 * Each of the box's CPUs (8 or fewer: lib/net/box.h): its shares in soft
 * interrupts, in the kernel outside interrupts, and in hard interrupts.
 */
#define BOXSIRQ(prog, name, sel, arg, what, col, n) \
	BOXCOL(prog, name, sel, arg, "%cpu" #n "-softirq", col " cpu" #n " sirq", \
	       "the box's CPU " #n " while " what " passed: its share in soft interrupts, in percent"), \
	BOXCOL(prog, name, sel, arg, "%cpu" #n "-sys", col " cpu" #n " sys", \
	       "the box's CPU " #n " while " what " passed: its share in the kernel outside interrupts, in percent"), \
	BOXCOL(prog, name, sel, arg, "%cpu" #n "-irq", col " cpu" #n " irq", \
	       "the box's CPU " #n " while " what " passed: its share in hard interrupts, in percent")
#define BOXSIRQS(prog, name, sel, arg, what, col) \
	BOXSIRQ(prog, name, sel, arg, what, col, 0), BOXSIRQ(prog, name, sel, arg, what, col, 1), \
	BOXSIRQ(prog, name, sel, arg, what, col, 2), BOXSIRQ(prog, name, sel, arg, what, col, 3), \
	BOXSIRQ(prog, name, sel, arg, what, col, 4), BOXSIRQ(prog, name, sel, arg, what, col, 5), \
	BOXSIRQ(prog, name, sel, arg, what, col, 6), BOXSIRQ(prog, name, sel, arg, what, col, 7)
	BOXCOLS("bw_tcp", "BwTcp/peer=remote/box=cpu", METRIC_LARGEST, NULL, "TCP", "TCP"),
	BOXSIRQS("bw_tcp", "BwTcp/peer=remote/box=cpu", METRIC_LARGEST, NULL, "TCP", "TCP"),
	BOXCOLS("bw_udp", "BwUdp/peer=remote/box=cpu", METRIC_ONE, "rate=max", "UDP", "UDP"),
	BOXSIRQS("bw_udp", "BwUdp/peer=remote/box=cpu", METRIC_ONE, "rate=max", "UDP", "UDP"),
	BOXCOLS("bw_udp", "BwUdp/rate=max/peer=remote/box=cpu", METRIC_AT, "size=64",
		"64-byte UDP", "64B"),
	/*
	 * Network cost (bw_tcp, bw_udp): the CPU each end spends per KB, the
	 * receiver's softirq share, and the TCP socket buffers granted; on
	 * loopback, then through a router.  The us/KB columns are each end's
	 * own processes' (getrusage): on loopback the system-wide counters of
	 * the two ends are the same ones read twice, and anywhere they count
	 * whatever else the machine ran, while the own time is what moving
	 * the data cost that end.  What it misses, receive work done in
	 * softirq on a CPU the receiver did not run on, is the receiving
	 * machine's %softirq beside it (100% there: the interrupt handling is
	 * the limit).  TCP at the largest message size, as its MB/s column;
	 * UDP unpaced (rate=max) where the run has it, at its largest
	 * datagram (a run may have 64-byte packets beside 1470-byte ones).  Same metrics as the
	 * CPU()/CPUOWN() rows above: same flags, estimator and bounds.
	 */
#define NETCOST(prog, name, unit, sec, col, sel, arg, dunit, what, hi) \
	ROWE(prog, name, unit, sec, col, sel, arg, dunit, 1.0, METRIC_SMALLER, what, 0, METRIC_TOTAL, \
	     0, hi, 0, NULL)
#define UDPMAX "rate=max/placement=one,rate=max/placement=unpinned," ONECPU
	NETCOST("bw_tcp", "BwTcp/cpu=local-own", "us/KB", "netcost", "TCP send us/KB", METRIC_LARGEST,
		ONECPU, "us/KB", "CPU time of the TCP sender's own processes per KB moved, in microseconds", 0),
	NETCOST("bw_tcp", "BwTcp/cpu=remote-own", "us/KB", "netcost", "TCP recv us/KB", METRIC_LARGEST,
		ONECPU, "us/KB", "CPU time of the TCP receiver's own processes per KB moved, in microseconds", 0),
	NETCOST("bw_tcp", "BwTcp/cpu=remote", "%softirq", "netcost", "TCP recv softirq", METRIC_LARGEST,
		ONECPU, "%", "CPU time of the TCP receiver in soft interrupts, in percent", 100),
	ROWE("bw_tcp", "BwTcp/sockbuf=granted", "bytes-sndbuf", "netcost", "TCP sndbuf", METRIC_LARGEST,
	     ONECPU, "KB", 1.0 / 1024, METRIC_NEITHER,
	     "the send buffer the kernel granted a TCP stream (-w, or its default)", METRIC_COUNT,
	     METRIC_MEDIAN, 0, 0, 1, NULL),
	ROWE("bw_tcp", "BwTcp/sockbuf=granted", "bytes-rcvbuf", "netcost", "TCP rcvbuf", METRIC_LARGEST,
	     ONECPU, "KB", 1.0 / 1024, METRIC_NEITHER,
	     "the receive buffer the server's kernel granted a TCP stream (-w, or its default)",
	     METRIC_COUNT, METRIC_MEDIAN, 0, 0, 1, NULL),
	NETCOST("bw_udp", "BwUdp/cpu=local-own", "us/KB", "netcost", "UDP send us/KB", METRIC_LARGEST,
		UDPMAX, "us/KB", "CPU time of the UDP sender's own processes per KB moved, in microseconds", 0),
	NETCOST("bw_udp", "BwUdp/cpu=remote-own", "us/KB", "netcost", "UDP recv us/KB", METRIC_LARGEST,
		UDPMAX, "us/KB", "CPU time of the UDP receiver's own processes per KB moved, in microseconds", 0),
	NETCOST("bw_udp", "BwUdp/cpu=remote", "%softirq", "netcost", "UDP recv softirq", METRIC_LARGEST,
		UDPMAX, "%", "CPU time of the UDP receiver in soft interrupts, in percent", 100),
	NETCOST("bw_tcp", "BwTcp/peer=remote/cpu=local-own", "us/KB", "remotecost", "TCP send us/KB",
		METRIC_LARGEST, NULL, "us/KB",
		"CPU time of the TCP sender's own processes per KB moved, in microseconds", 0),
	NETCOST("bw_tcp", "BwTcp/peer=remote/cpu=remote-own", "us/KB", "remotecost", "TCP recv us/KB",
		METRIC_LARGEST, NULL, "us/KB",
		"CPU time of the TCP receiver's own processes per KB moved, in microseconds", 0),
	NETCOST("bw_tcp", "BwTcp/peer=remote/cpu=remote", "%softirq", "remotecost", "TCP recv softirq",
		METRIC_LARGEST, NULL, "%", "CPU time of the TCP receiver in soft interrupts, in percent", 100),
	ROWE("bw_tcp", "BwTcp/peer=remote/sockbuf=granted", "bytes-sndbuf", "remotecost", "TCP sndbuf",
	     METRIC_LARGEST, NULL, "KB", 1.0 / 1024, METRIC_NEITHER,
	     "the send buffer the kernel granted a TCP stream (-w, or its default)", METRIC_COUNT,
	     METRIC_MEDIAN, 0, 0, 1, NULL),
	ROWE("bw_tcp", "BwTcp/peer=remote/sockbuf=granted", "bytes-rcvbuf", "remotecost", "TCP rcvbuf",
	     METRIC_LARGEST, NULL, "KB", 1.0 / 1024, METRIC_NEITHER,
	     "the receive buffer the server's kernel granted a TCP stream (-w, or its default)",
	     METRIC_COUNT, METRIC_MEDIAN, 0, 0, 1, NULL),
	NETCOST("bw_udp", "BwUdp/peer=remote/cpu=local-own", "us/KB", "remotecost", "UDP send us/KB",
		METRIC_LARGEST, "rate=max,", "us/KB",
		"CPU time of the UDP sender's own processes per KB moved, in microseconds", 0),
	NETCOST("bw_udp", "BwUdp/peer=remote/cpu=remote-own", "us/KB", "remotecost", "UDP recv us/KB",
		METRIC_LARGEST, "rate=max,", "us/KB",
		"CPU time of the UDP receiver's own processes per KB moved, in microseconds", 0),
	NETCOST("bw_udp", "BwUdp/peer=remote/cpu=remote", "%softirq", "remotecost", "UDP recv softirq",
		METRIC_LARGEST, "rate=max,", "%", "CPU time of the UDP receiver in soft interrupts, in percent",
		100),
	/* bw_tcp -I: the half-width of the mean's interval reached, and the samples it took. */
	ROWE("bw_tcp", "BwTcp", "%halfwidth", NULL, "TCP CI half-width", METRIC_ONE, NULL, "%", 1.0,
	     METRIC_SMALLER, "bw_tcp -I: the confidence interval's half-width reached, in percent of the mean",
	     0, METRIC_MEDIAN, 0, 0, 0, NULL),
	ROWE("bw_tcp", "BwTcp", "samples", NULL, "TCP CI samples", METRIC_ONE, NULL, "samples", 1.0,
	     METRIC_NEITHER, "bw_tcp -I: the samples the transfer took to reach it, or its cap",
	     METRIC_COUNT, METRIC_MEDIAN, 1, 0, 0, NULL),
	/* bw_udp -I and lat_load -I: the same, of the mean received rate and round trip. */
	ROWE("bw_udp", "BwUdp", "%halfwidth", NULL, "UDP CI half-width", METRIC_ONE, NULL, "%", 1.0,
	     METRIC_SMALLER, "bw_udp -I: the confidence interval's half-width reached, in percent of the mean",
	     0, METRIC_MEDIAN, 0, 0, 0, NULL),
	ROWE("bw_udp", "BwUdp", "samples", NULL, "UDP CI samples", METRIC_ONE, NULL, "samples", 1.0,
	     METRIC_NEITHER, "bw_udp -I: the samples its sessions took to reach it, or its cap",
	     METRIC_COUNT, METRIC_MEDIAN, 1, 0, 0, NULL),
	ROWE("lat_load", "LatLoad/rtt=loaded", "%halfwidth", NULL, "load CI half-width", METRIC_ONE, NULL,
	     "%", 1.0, METRIC_SMALLER,
	     "lat_load -I: the confidence interval's half-width reached, in percent of the mean of the samples' median loaded round trips",
	     0, METRIC_MEDIAN, 0, 0, 0, NULL),
	ROWE("lat_load", "LatLoad/rtt=loaded", "samples", NULL, "load CI samples", METRIC_ONE, NULL,
	     "samples", 1.0, METRIC_NEITHER,
	     "lat_load -I: the samples with loaded round trips its sessions took to reach it, or its cap",
	     METRIC_COUNT, METRIC_MEDIAN, 1, 0, 0, NULL),
#undef NETCOST
#undef UDPMAX

	/*
	 * lat_load: latency under load.  Through a router first (peer=remote),
	 * else over loopback.  A round trip's percentile is of every probe
	 * of the phase (the merged histograms); the added latency is loaded
	 * minus idle, 0 when the load added none.
	 */
#define LOADPEER "peer=remote,placement=one,placement=unpinned"
	ROWE("lat_load", "LatLoad/rtt=idle/stat=p50", "ns/op", "load", "idle p50", METRIC_ONE,
	  LOADPEER, US, METRIC_SMALLER, "a UDP round trip with the path idle: the median", 0,
	  METRIC_Q1, 0, 0, 1, NULL),
	ROWE("lat_load", "LatLoad/rtt=loaded/stat=p50", "ns/op", "load", "loaded p50", METRIC_ONE,
	  LOADPEER, US, METRIC_SMALLER, "a UDP round trip while TCP streams load the path both ways: the median",
	  0, METRIC_Q1, 0, 0, 1, NULL),
	ROWE("lat_load", "LatLoad/rtt=loaded/stat=p99", "ns/op", "load", "loaded p99", METRIC_ONE,
	  LOADPEER, US, METRIC_SMALLER,
	  "a UDP round trip while TCP streams load the path both ways: the 99th percentile", 0,
	  METRIC_Q1, 0, 0, 1, NULL),
	ROWE("lat_load", "LatLoad/rtt=added", "p50-ns", "load", "added p50", METRIC_ONE, LOADPEER,
	  US, METRIC_SMALLER, "the latency the load adds: loaded minus idle median round trip (0: none)", 0,
	  METRIC_MEDIAN, 0, 0, 0, NULL),
	ROWE("lat_load", "LatLoad", "up-Mbit/s", "load", "up Mbit/s", METRIC_ONE, LOADPEER,
	  "Mbit/s", 1.0, METRIC_BIGGER, "TCP data to the server under load, in megabits per second",
	  0, METRIC_TOTAL, 0, 0, 1, NULL),
	ROWE("lat_load", "LatLoad", "down-Mbit/s", "load", "down Mbit/s", METRIC_ONE, LOADPEER,
	  "Mbit/s", 1.0, METRIC_BIGGER, "TCP data from the server under load, in megabits per second",
	  0, METRIC_TOTAL, 0, 0, 1, NULL),
#undef LOADPEER
	ROWE("lat_load", "LatLoad", "ns/op", NULL, "load rtt", METRIC_ONE, NULL, US, METRIC_SMALLER,
	  "a percentile of the UDP round trips of a phase, idle or loaded", 0, METRIC_Q1, 0, 0, 1,
	  NULL),
	ROWE("lat_load", "LatLoad/rtt=added", "p99-ns", NULL, "added p99", METRIC_ONE, NULL, US,
	  METRIC_SMALLER, "the latency the load adds: loaded minus idle 99th percentile round trip (0: none)", 0,
	  METRIC_MEDIAN, 0, 0, 0, NULL),
	ROWE("lat_load", "LatLoad", "%loss", NULL, "probe loss", METRIC_ONE, NULL, "%", 1.0,
	  METRIC_SMALLER, "probes of a phase unanswered within 2 s, in percent", 0, METRIC_MEDIAN, 0,
	  100, 0, NULL),
	ROWE("lat_load", "LatLoad", "lost", NULL, "probes lost", METRIC_ONE, NULL, "", 1.0,
	  METRIC_SMALLER, "probes of a phase unanswered within 2 s", METRIC_COUNT, METRIC_MEDIAN, 0, 0,
	  0, NULL),
	ROWE("lat_load", "LatLoad", "up-MB/s", NULL, "up MB/s", METRIC_ONE, NULL, MBS, METRIC_BIGGER,
	  "TCP data to the server under load", 0, METRIC_TOTAL, 0, 0, 1, NULL),
	ROWE("lat_load", "LatLoad", "down-MB/s", NULL, "down MB/s", METRIC_ONE, NULL, MBS,
	  METRIC_BIGGER, "TCP data from the server under load", 0, METRIC_TOTAL, 0, 0, 1, NULL),
	/* The series: a line per 200 ms of the load, for a plot over time; no column. */
	ROWE("lat_load", "LatLoad/series=200ms", "at-ms", NULL, "series at", METRIC_ONE, NULL, "ms",
	  1.0, METRIC_NEITHER, "the start of a bin of the series, from the start of the timed load",
	  0, METRIC_MEDIAN, 0, 0, 0, NULL),
	ROWE("lat_load", "LatLoad/series=200ms", "bin-up-Mbit/s", NULL, "series up", METRIC_ONE, NULL,
	  "Mbit/s", 1.0, METRIC_BIGGER, "TCP data to the server in a bin of the series", 0,
	  METRIC_MEDIAN, 0, 0, 0, NULL),
	ROWE("lat_load", "LatLoad/series=200ms", "bin-down-Mbit/s", NULL, "series down", METRIC_ONE,
	  NULL, "Mbit/s", 1.0, METRIC_BIGGER, "TCP data from the server in a bin of the series", 0,
	  METRIC_MEDIAN, 0, 0, 0, NULL),
	ROWE("lat_load", "LatLoad/series=200ms", "bin-rtt-ns", NULL, "series rtt", METRIC_ONE, NULL,
	  US, METRIC_SMALLER,
	  "the median round trip of the probes sent in a bin of the series (0: none answered)", 0,
	  METRIC_MEDIAN, 0, 0, 0, NULL),
	CPU("lat_load", "LatLoad/cpu=local", "load client"),
	CPU("lat_load", "LatLoad/cpu=remote", "load server"),
	CPUOWN("lat_load", "LatLoad/cpu=local-own", "load client"),
	CPUOWN("lat_load", "LatLoad/cpu=remote-own", "load server"),
	/* The box between during lat_load's load phase (-A), and its summary columns. */
	BOXCPU("lat_load", "LatLoad/box=cpu", "the load"),
	BOXNET("lat_load", "LatLoad/box=net", "the load"),
	BOXCOLS("lat_load", "LatLoad/peer=remote/box=cpu", METRIC_ONE, NULL, "the load", "load"),
