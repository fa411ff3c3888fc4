/*
 * lat_rpc: Sun RPC round-trip latency over TCP and UDP, in ns per call.
 *
 * One iteration: one clnt_call of a procedure that takes a char and
 * returns one (lmbench's program 404040, version 1), through libtirpc.
 * Creating the client handle is outside the timing.  The server needs no
 * rpcbind: it listens on a fixed port (both protocols) and the client
 * goes to it directly.  Where configure found no libtirpc, the program
 * exits 77.  With no host, a server is started on loopback for each
 * placement (lib/place); -p also takes lmbench's tcp or udp.
 *
 * usage: lat_rpc [options] [-p tcp|udp] -s [-b addr] | -S host | [host]
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bench.h"
#include "msg.h"
#include "sock.h"

#ifdef HAVE_TIRPC
# include <rpc/rpc.h>
# include <rpc/rpc_com.h>
#endif

#define PORT 31340		/* lmbench used rpcbind; hostbench a fixed port */
#define PROG 404040
#define VERS 1
#define PROC_XACT 1
#define PROC_EXIT 2
#define MAX_RECORD 8192		/* the largest TCP record a server reads */

static struct sock_opts so;
static unsigned protos = 3;	/* bit 0: tcp, bit 1: udp */

#ifdef HAVE_TIRPC
struct state {
	const struct bench_opts *o;
	const struct bench_prog *prog;
	const struct sock_addr *addr;
	int udp, fd;
	CLIENT *cl;
};

static struct state st;
static int stopping;
static struct timeval call_timeout = { 5, 0 };

/* xdr_void's prototype takes nothing: casting it to xdrproc_t draws warnings. */
static bool_t
xdr_nothing(XDR *x, char *p)
{
	(void)x;
	(void)p;
	return TRUE;
}

/* The server side: answer 123 to XACT; EXIT stops the server. */
static void
dispatch(struct svc_req *rq, SVCXPRT *t)
{
	char arg = 0, res = 123;

	switch (rq->rq_proc) {
	case NULLPROC:
		(void)svc_sendreply(t, (xdrproc_t)xdr_nothing, NULL);
		return;
	case PROC_XACT:
		if (!svc_getargs(t, (xdrproc_t)xdr_char, &arg)) {
			svcerr_decode(t);
			return;
		}
		(void)svc_sendreply(t, (xdrproc_t)xdr_char, &res);
		(void)svc_freeargs(t, (xdrproc_t)xdr_char, &arg);
		return;
	case PROC_EXIT:
		(void)svc_sendreply(t, (xdrproc_t)xdr_nothing, NULL);
		stopping = 1;
		return;
	default:
		svcerr_noproc(t);
	}
}

/* libtirpc's loop with an idle timeout and the parent's pipe. */
static int
serve_rpc(struct sock_server *s)
{
	u_int maxrec = MAX_RECORD;
	uint64_t last = timing_now();
	SVCXPRT *t, *u;

	/* Non-blocking records of bounded size: a half-sent record cannot wedge the server. */
	if (!rpc_control(RPC_SVC_CONNMAXREC_SET, &maxrec)
	    || (t = svc_vc_create(s->lfd, 0, 0)) == NULL || (u = svc_dg_create(s->ufd, 0, 0)) == NULL
	    || !svc_reg(t, PROG, VERS, dispatch, NULL) || !svc_reg(u, PROG, VERS, dispatch, NULL))
		return -1;
	while (!stopping) {
		fd_set r = svc_fdset;
		struct timeval tv = { 1, 0 };
		int n, maxfd = svc_maxfd > s->pfd ? svc_maxfd : s->pfd;

		if (s->pfd >= 0)
			FD_SET(s->pfd, &r);
		n = select(maxfd + 1, &r, NULL, NULL, &tv);
		if (n < 0 && errno != EINTR)
			return -1;
		if (n > 0 && s->pfd >= 0 && FD_ISSET(s->pfd, &r))
			return 0;
		if (n > 0) {
			last = timing_now();
			svc_getreqset(&r);
		} else if (s->idle_ns > 0 && timing_now() - last >= s->idle_ns) {
			return 0;
		}
	}
	return 0;
}

static int
call(CLIENT *cl, unsigned long proc)
{
	char arg = 1, res = 0;

	if (proc == PROC_EXIT)
		return clnt_call(cl, PROC_EXIT, (xdrproc_t)xdr_nothing, NULL, (xdrproc_t)xdr_nothing,
				 NULL, call_timeout) == RPC_SUCCESS ? 0 : -1;
	if (clnt_call(cl, PROC_XACT, (xdrproc_t)xdr_char, &arg, (xdrproc_t)xdr_char, &res,
		      call_timeout) != RPC_SUCCESS || res != 123) {
		errno = EPROTO;
		return -1;
	}
	return 0;
}

static int
do_call(void *arg, uint64_t n)
{
	struct state *s = arg;

	while (n-- > 0)
		if (call(s->cl, PROC_XACT) != 0)
			return -1;
	return 0;
}

/* A client handle of its own: the client's, or a parallel copy's. */
static CLIENT *
open_client(const struct sock_addr *a, int udp, int *fd)
{
	struct netbuf nb;
	struct timeval retry = { 1, 0 };
	/* netbuf wants a pointer it may write through: a copy of our own. */
	struct sockaddr_storage ss = a->ss;
	CLIENT *cl;

	nb.maxlen = nb.len = a->len;
	nb.buf = &ss;
	*fd = udp ? socket(a->ss.ss_family, SOCK_DGRAM, 0)
		: sock_connect(a, SOCK_STREAM, 1, SOCK_HELLO_NS, 0);
	if (*fd < 0)
		return NULL;
	cl = udp ? clnt_dg_create(*fd, &nb, PROG, VERS, 0, 0)
		: clnt_vc_create(*fd, &nb, PROG, VERS, 0, 0);
	if (cl != NULL && udp)
		clnt_control(cl, CLSET_RETRY_TIMEOUT, (char *)&retry);
	if (cl == NULL) {
		close(*fd);
		errno = ECONNREFUSED;
	}
	return cl;
}

static int
copy_init(void *arg)
{
	struct state *s = arg;

	s->cl = open_client(s->addr, s->udp, &s->fd);
	return s->cl != NULL ? 0 : -1;
}

static int
stop_rpc(const struct sock_addr *a, unsigned proto)
{
	int fd, rc;
	CLIENT *cl = open_client(a, 0, &fd);

	(void)proto;
	if (cl == NULL)
		return -1;
	rc = call(cl, PROC_EXIT);
	clnt_destroy(cl);
	close(fd);
	return rc;
}

static int
measure(const struct sock_addr *a, const char *part, void *arg)
{
	static const char *const names[] = { "tcp", "udp" };
	struct state *s = arg;
	char name[OUTPUT_MAX_NAME];
	struct bench_case c;
	int rc = 0;

	s->addr = a;
	for (s->udp = 0; s->udp < 2 && rc == 0; s->udp++) {
		if (!(protos & (1u << s->udp)))
			continue;
		if (copy_init(s) != 0) {
			msg_syswarn("cannot reach the RPC server at %s port %u over %s", a->text,
				    sock_addr_port(a), names[s->udp]);
			return -1;
		}
		snprintf(name, sizeof(name), "LatRpc/proto=%s/%s", names[s->udp], part);
		memset(&c, 0, sizeof(c));
		c.name = name;
		c.loop = do_call;
		c.arg = s;
		c.copy_init = copy_init;
		rc = bench_run(s->o, s->prog, &c);
		clnt_destroy(s->cl);
		close(s->fd);
	}
	return rc;
}
#endif

static int
option(int opt, const char *arg, void *ctx)
{
	const struct bench_prog *p = ctx;

	if (opt == 'p' && (strcmp(arg, "tcp") == 0 || strcmp(arg, "udp") == 0))
		protos = arg[0] == 't' ? 1 : 2;
	else if (opt == 'p' && place_parse("-p", arg, &so.place_mask, NULL, 0) != 0)
		bench_usage_error(p, "-p: value '%s' is neither a protocol nor a placement; allowed: tcp, udp, one, spread, both, unpinned", arg);
	else if (opt != 'p' && sock_option(p, &so, opt, arg) != 0)
		bench_usage_error(p, "unknown option -%c", opt);
	return 0;
}

static struct bench_prog prog = {
	.name = "lat_rpc",
	.args = "-s | -S host | [host]",
	.summary = "lat_rpc: Sun RPC round-trip latency in ns per call, over TCP and UDP",
	.optstring = SOCK_OPTSTRING,
	.opthelp = "  -p tcp|udp   one protocol only (default both); -p also takes a placement\n"
		SOCK_OPTHELP,
	.option = option,
	.ctx = &prog,
	.min_args = 0,
	.max_args = 1,
};

int
main(int argc, char **argv)
{
	struct bench_opts o;
	int ai;

	sock_opts_init(&so);
	ai = bench_init(&o, &prog, argc, argv);
#ifdef HAVE_TIRPC
	{
		const struct sock_prog sp = {
			.bench = &prog, .proto = SOCK_LAT_RPC, .port = PORT, .udp = 1,
			.serve = serve_rpc, .stop = stop_rpc, .measure = measure, .arg = &st,
		};

		st.o = &o;
		st.prog = &prog;
		return sock_main(&sp, &so, &o, ai < argc ? argv[ai] : NULL);
	}
#else
	(void)ai;
	msg_exit(MSG_EXIT_UNSUPPORTED, "Sun RPC not available (libtirpc not found at build time)");
#endif
}
