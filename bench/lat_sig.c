/*
 * lat_sig: signal handling costs, in ns per operation.
 *
 * install: one sigaction(2) call.  catch: one kill(2) of SIGUSR1 to this
 * process and the run of its handler, less the cost of kill(2) with
 * signal 0 (sending without delivering), as lmbench subtracts it.  prot:
 * one protection fault: a write to a read-only mapping of a file, the
 * SIGSEGV (or SIGBUS) handler, and the return to the write, which faults
 * again.  Handlers count their runs and the count must equal the number of
 * iterations.  The file (default: a temporary one) is mapped before timing.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/msg.h"
#include "core/tmp.h"
#include "driver/bench.h"

struct state {
	const char *file;	/* prot: NULL for a temporary file */
	volatile char *page;	/* prot: the read-only mapping */
	size_t pagesize;
};

/* Written by the handlers; the loops bound n by SIG_ATOMIC_MAX. */
static volatile sig_atomic_t caught, target;
static volatile char *fault_page;
static size_t fault_len;
static sigjmp_buf fault_env;

static void
on_usr1(int sig)
{
	(void)sig;
	caught++;
}

/*
 * Returning re-runs the faulting write, so each return costs one more
 * fault: the iteration is fault + delivery + handler + sigreturn, with no
 * system call of ours in between.  The last fault of a sample leaves by
 * siglongjmp instead (SA_NODEFER: no signal mask to restore).  A fault
 * anywhere else is a real crash: the default action is restored.
 */
static void
on_fault(int sig, siginfo_t *si, void *uc)
{
	const volatile char *a = (const volatile char *)si->si_addr;

	(void)uc;
	if (a < fault_page || a >= fault_page + fault_len) {
		signal(sig, SIG_DFL);
		return;
	}
	if (++caught == target)
		siglongjmp(fault_env, 1);
}

static int
do_install(void *arg, uint64_t n)
{
	struct sigaction sa, old;

	(void)arg;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigemptyset(&sa.sa_mask);
	while (n-- > 0)
		if (sigaction(SIGUSR1, &sa, &old) != 0)
			return -1;
	return 0;
}

static int
do_catch(void *arg, uint64_t n)
{
	/* Looked up per call: parallel copies are other processes. */
	pid_t me = getpid();
	sig_atomic_t want = (sig_atomic_t)n;

	(void)arg;
	caught = 0;
	/* A signal a process sends itself is delivered before kill returns. */
	while (n-- > 0)
		if (kill(me, SIGUSR1) != 0)
			return -1;
	if (caught != want)
		msg_die("the SIGUSR1 handler ran %ld times for %ld signals",
			(long)caught, (long)want);
	return 0;
}

static int
do_send(void *arg, uint64_t n)
{
	pid_t me = getpid();

	(void)arg;
	while (n-- > 0)
		if (kill(me, 0) != 0)
			return -1;
	return 0;
}

static int
do_prot(void *arg, uint64_t n)
{
	struct state *s = arg;

	if (n == 0)
		return 0;
	caught = 0;
	target = (sig_atomic_t)n;
	if (sigsetjmp(fault_env, 0) == 0) {
		s->page[0] = 1;
		msg_die("a write to a read-only mapping of %s did not fault",
			s->file != NULL ? s->file : "a temporary file");
	}
	return 0;
}

static void
setup_catch(struct state *s)
{
	struct sigaction sa;

	(void)s;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR1, &sa, NULL) != 0)
		msg_sysdie("sigaction SIGUSR1");
}

static void
setup_prot(struct state *s)
{
	char path[PATH_MAX];
	const char *name = s->file;
	struct sigaction sa;
	struct stat st;
	void *p;
	int fd;

	if (name != NULL) {
		fd = open(name, O_RDONLY);
		if (fd < 0 || fstat(fd, &st) != 0)
			msg_sysdie("%s", name);
		if (S_ISREG(st.st_mode) && st.st_size == 0)
			msg_die("%s: file is empty; prot maps its first page", name);
	} else {
		fd = tmp_file(NULL, path, sizeof(path));
		if (fd < 0)
			msg_sysdie("cannot create a temporary file in %s", tmp_dir(NULL));
		name = path;
		if (ftruncate(fd, (off_t)s->pagesize) != 0)
			msg_sysdie("%s", name);
	}
	/* Private: nothing can ever reach the file, even a stray write. */
	p = mmap(NULL, s->pagesize, PROT_READ, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED)
		msg_sysdie("mmap %s", name);
	close(fd);
	s->page = p;
	HB_USE(s->page[0]);	/* map the page in: faults are protection faults only */
	fault_page = s->page;
	fault_len = s->pagesize;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_fault;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGSEGV, &sa, NULL) != 0 || sigaction(SIGBUS, &sa, NULL) != 0)
		msg_sysdie("sigaction SIGSEGV/SIGBUS");
}

static const struct variant {
	const char *op;
	timing_loop_fn loop;
	timing_loop_fn overhead;	/* subtracted, as lmbench does */
	void (*setup)(struct state *);
	int takes_file;
} variants[] = {
	{ "install", do_install, NULL, NULL, 0 },
	{ "catch", do_catch, do_send, setup_catch, 0 },
	{ "prot", do_prot, NULL, setup_prot, 1 },
};

static const struct bench_prog prog = {
	.name = "lat_sig",
	.args = "install|catch|prot [file]",
	.summary = "lat_sig: signal handler installation, delivery and protection fault cost in ns",
	.min_args = 1,
	.max_args = 2,
};

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct state s;
	const struct variant *v = NULL;
	struct bench_case c;
	char name[64];
	long pg;
	size_t i;
	int ai = bench_init(&o, &prog, argc, argv);

	for (i = 0; i < HB_ARRAY_SIZE(variants); i++)
		if (strcmp(argv[ai], variants[i].op) == 0)
			v = &variants[i];
	if (v == NULL)
		bench_usage_error(&prog, "unknown operation '%s'; allowed: install, catch, prot",
				  argv[ai]);
	if (argc - ai == 2 && !v->takes_file)
		bench_usage_error(&prog, "unexpected argument '%s': only prot takes a file",
				  argv[ai + 1]);
	memset(&s, 0, sizeof(s));
	s.file = argc - ai == 2 ? argv[ai + 1] : NULL;
	pg = sysconf(_SC_PAGESIZE);
	s.pagesize = pg > 0 ? (size_t)pg : 4096;
	if (v->setup != NULL)
		v->setup(&s);
	snprintf(name, sizeof(name), "LatSig/op=%s", v->op);
	memset(&c, 0, sizeof(c));
	c.name = name;
	c.loop = v->loop;
	c.overhead = v->overhead;
	c.arg = &s;
	c.max_iters = SIG_ATOMIC_MAX;
	return bench_exit_code(bench_run(&o, &prog, &c) == 0 ? MSG_EXIT_OK : MSG_EXIT_FAIL);
}
