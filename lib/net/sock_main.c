/*
 * sock_main: the network programs' options and the client/server driver
 * behind their main (see sock_main.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/msg.h"
#include "core/output.h"
#include "core/parse.h"
#include "driver/bench.h"
#include "driver/noise.h"
#include "net/sock.h"
#include "net/sock_internal.h"
#include "net/sock_main.h"
#include "net/sock_proto.h"
#include "net/sock_serve.h"
#include "place/place.h"

/* ---------------------------------------------------------------- options */

void
sock_opts_init(struct sock_opts *so)
{
	memset(so, 0, sizeof(*so));
	so->family = AF_UNSPEC;
	so->port = -1;
	so->idle_ns = 60000000000ull;
	so->v4_prefix = SOCK_V4_PREFIX;
	so->dur_ns = 2000000000ull;
}

void
sock_opt_then(const struct bench_prog *p, int letter, const char *arg, void *ctx)
{
	struct sock_opts *so = ctx;
	char err[PARSE_ERRLEN];

	if (letter == '6')
		so->family = AF_INET6;
	else if (letter == 'p' && place_parse("-p", arg, &so->place_mask, err, sizeof(err)) != 0)
		bench_usage_error(p, "%s", err);
}

int
sock_parse_rate(const char *opt, const char *s, double *bits, char *err, size_t errlen)
{
	char num[64];
	size_t len = strlen(s);
	double v, mult = 1;

	if (len > 0 && len < sizeof(num)) {
		memcpy(num, s, len + 1);
		switch (num[len - 1]) {
		case 'k': case 'K':
			mult = 1e3;
			break;
		case 'm': case 'M':
			mult = 1e6;
			break;
		case 'g': case 'G':
			mult = 1e9;
			break;
		}
		if (mult > 1)
			num[len - 1] = '\0';
		if (parse_double(opt, num, 0, 100e9 / mult, &v, NULL, 0) == 0
		    && (v == 0 || v * mult >= 1e3)) {
			*bits = v * mult;
			return 0;
		}
	}
	if (err != NULL && errlen > 0)
		snprintf(err, errlen, "%s: value '%s' is not a rate; allowed: 0 (as fast as possible) or 1k .. 100g bits/s",
			 opt, s);
	return -1;
}

void
sock_check_samples(const struct bench_prog *p, const struct bench_opts *o,
		   const struct sock_opts *so)
{
	if (o->reps > SOCK_MAX_SAMPLES)
		bench_usage_error(p, "-N: value '%u' is out of range for %s; allowed: 1 .. %d",
				  o->reps, p->name, SOCK_MAX_SAMPLES);
	if (so->dur_ns / o->reps < 1000000)
		bench_usage_error(p, "-t: each of the %u samples would be shorter than 1ms", o->reps);
}

/* ---------------------------------------------------------------- driver */

/* The server's sockets on a (port 0: any free one; both kinds share it). */
static int
open_server(const struct sock_prog *sp, struct sock_addr *a, int *lfd, int *ufd)
{
	int tries;

	for (tries = 0; tries < 20; tries++) {
		unsigned want = sock_addr_port(a);

		*ufd = -1;
		if ((*lfd = sock_listen(a, SOCK_STREAM)) < 0)
			return -1;
		sock_addr_set_port(a, sock_local_port(*lfd));
		if (sp->udp && (*ufd = sock_listen(a, SOCK_DGRAM)) < 0) {
			int e = errno;

			close(*lfd);
			errno = e;
			/* The free TCP port may be a busy UDP one: try another. */
			if (e == EADDRINUSE && want == 0) {
				sock_addr_set_port(a, 0);
				continue;
			}
			return -1;
		}
		return 0;
	}
	return -1;
}

static int
serve(const struct sock_prog *sp, const struct sock_opts *so, int lfd, int ufd, int pfd)
{
	struct sock_server s;

	memset(&s, 0, sizeof(s));
	s.lfd = lfd;
	s.proto = sp->proto;
	s.v4_prefix = (unsigned)so->v4_prefix;
	s.ufd = ufd;
	s.pfd = pfd;
	s.authfd = -1;
	s.idle_ns = so->idle_ns;
	s.max_children = sp->max_children;
	s.bare = sp->bare;
	s.key = sock_key();
	s.conn = sp->conn;
	s.arg = sp->arg;
	return sp->serve != NULL ? sp->serve(&s) : sock_serve(&s);
}

/* A new random key, as 32 hex digits (len: 33 at least); exits 1 when there is none. */
static void
new_key(char *key)
{
	unsigned char b[16];
	size_t i;

	if (sock_random(b, sizeof(b)) != 0)
		msg_sysdie("cannot make a key (/dev/urandom)");
	for (i = 0; i < sizeof(b); i++)
		snprintf(key + 2 * i, 3, "%02x", b[i]);
}

/*
 * The key from file (its first line).  With make, a missing file is
 * made with a new key, mode 0600, never through a symlink.  Exits 1
 * with the reason on failure; 2 for a file that another user owns or
 * others may read or write (sock_check_key_file).
 */
static void
key_from_file(const struct bench_prog *p, const char *file, int make, char *key, size_t len)
{
	char err[PARSE_ERRLEN];
	int fd = open(file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	ssize_t r;

	if (fd < 0 && errno == ENOENT && make) {
		fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd < 0)
			msg_sysdie("-K: cannot make the key file %s", file);
		new_key(key);
		if (sock_write_full(fd, key, strlen(key)) != 0 || write(fd, "\n", 1) != 1
		    || close(fd) != 0) {
			int e = errno;

			(void)unlink(file);
			errno = e;
			msg_sysdie("-K: cannot write the key file %s", file);
		}
		return;
	}
	if (fd < 0)
		msg_sysdie("-K: cannot read the key file %s", file);
	if (sock_check_key_file(fd, file, err, sizeof(err)) != 0) {
		close(fd);
		msg_exit(MSG_EXIT_USAGE, "-K: %s", err);
	}
	r = read(fd, key, len - 1);
	close(fd);
	if (r < 0)
		msg_sysdie("-K: cannot read the key file %s", file);
	key[r] = '\0';
	key[strcspn(key, "\r\n")] = '\0';
	if (sock_check_key(key, err, sizeof(err)) != 0)
		bench_usage_error(p, "-K: the key in %s: %s", file, err);
}

/*
 * The key for this run: -K FILE, else $HOSTBENCH_KEY, else (server: a
 * new one; client: none).  Returns where it came from, for the server's
 * line.
 */
static const char *
choose_key(const struct bench_prog *p, const struct sock_opts *so, int server)
{
	static char key[SOCK_KEY_MAX + 2];
	char err[PARSE_ERRLEN];
	const char *env = getenv(SOCK_KEY_ENV);

	if (so->keyfile != NULL) {
		key_from_file(p, so->keyfile, server, key, sizeof(key));
		sock_set_key(key);
		return "from the key file";
	}
	if (env != NULL && *env != '\0') {
		if (sock_check_key(env, err, sizeof(err)) != 0)
			bench_usage_error(p, "$%s: %s", SOCK_KEY_ENV, err);
		sock_set_key(env);
		return "from $" SOCK_KEY_ENV;
	}
	if (server) {
		new_key(key);
		sock_set_key(key);
		return NULL;
	}
	sock_set_key("");
	return NULL;
}

/* -s: bind, then serve in a background process, as lmbench's servers do. */
static int
run_server(const struct sock_prog *sp, const struct sock_opts *so)
{
	struct sock_addr a;
	char err[PARSE_ERRLEN], idle[32];
	unsigned port = so->port >= 0 ? (unsigned)so->port : sp->port;
	int lfd, ufd, null, any = so->bind != NULL && strcmp(so->bind, "any") == 0;
	const char *from = choose_key(sp->bench, so, 1), *host;
	pid_t pid;

	if (any && so->family != AF_INET) {
		/* The v6 wildcard takes IPv4 too; fall back where there is no IPv6. */
		if (sock_resolve("::", port, AF_INET6, SOCK_STREAM, 1, &a, err, sizeof(err)) == 0
		    && open_server(sp, &a, &lfd, &ufd) == 0)
			goto bound;
		if (so->family == AF_INET6)
			msg_sysdie("cannot listen on [::] port %u", port);
	}
	if (any)
		host = "0.0.0.0";
	else if (so->bind != NULL)
		host = so->bind;
	else
		host = so->family == AF_INET6 ? "::1" : "127.0.0.1";
	if (sock_resolve(host, port, so->family, SOCK_STREAM, 1, &a, err, sizeof(err)) != 0)
		msg_die("%s", err);
	if (open_server(sp, &a, &lfd, &ufd) != 0)
		msg_sysdie("cannot listen on %s port %u", a.text, port);
bound:
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		msg_sysdie("fork");
	if (pid == 0) {
		setsid();
		if ((null = open("/dev/null", O_RDWR)) >= 0) {
			dup2(null, 0), dup2(null, 1), dup2(null, 2);
			if (null > 2)
				close(null);
		}
		(void)!chdir("/");
		_exit(serve(sp, so, lfd, ufd, -1) == 0 ? 0 : 1);
	}
	if (so->idle_ns > 0)
		snprintf(idle, sizeof(idle), "%.0f s", (double)so->idle_ns / 1e9);
	else
		snprintf(idle, sizeof(idle), "none");
	msg_warn("server pid %ld on %s port %u, idle timeout %s, key %s", (long)pid,
		 any ? "every address" : a.text, sock_addr_port(&a), idle, from != NULL ? from : sock_key());
	if (any)
		msg_warn("listening on every address: anyone who can reach port %u can reach the server; it serves only clients with its key",
			 sock_addr_port(&a));
	return bench_exit_code(MSG_EXIT_OK);
}

/* The server a benchmark started on loopback: killed on every exit path. */
static pid_t local_pid = -1;
static int local_pipe = -1;

static void
stop_local(void)
{
	if (local_pid > 0) {
		noise_child(local_pid);
		kill(local_pid, SIGTERM);
		waitpid(local_pid, NULL, 0);
		local_pid = -1;
	}
	if (local_pipe >= 0) {
		close(local_pipe);
		local_pipe = -1;
	}
}

static int
start_local(const struct sock_prog *sp, const struct sock_opts *so,
	    const struct place *pl, enum place_kind k, struct sock_addr *a)
{
	static int registered;
	char err[PARSE_ERRLEN];
	int lfd, ufd, p[2];
	/*
	 * -n: the port given, so that a firewall can let the benchmark
	 * through (each placement's server in turn: the last one is gone
	 * when the next binds); else any free one, so that two runs on one
	 * host never meet.
	 */
	unsigned port = so->port > 0 ? (unsigned)so->port : 0;

	if (!registered && atexit(stop_local) == 0)
		registered = 1;
	if (sock_resolve(so->family == AF_INET6 ? "::1" : "127.0.0.1", port, so->family,
			 SOCK_STREAM, 0, a, err, sizeof(err)) != 0) {
		msg_warn("%s", err);
		return -1;
	}
	if (open_server(sp, a, &lfd, &ufd) != 0) {
		if (port != 0)
			msg_syswarn("cannot listen on %s port %u (-n)", a->text, port);
		else
			msg_syswarn("cannot listen on %s", a->text);
		return -1;
	}
	if (pipe(p) != 0) {
		msg_syswarn("pipe");
		return -1;
	}
	fflush(NULL);
	local_pid = fork();
	if (local_pid < 0) {
		msg_syswarn("fork");
		return -1;
	}
	if (local_pid == 0) {
		sock_die_with_parent();
		close(p[1]);
		if (place_pin(pl, k, 1) != 0)
			_exit(MSG_EXIT_FAIL);
		_exit(serve(sp, so, lfd, ufd, p[0]) == 0 ? 0 : 1);
	}
	close(p[0]);
	local_pipe = p[1];
	if (lfd >= 0)
		close(lfd);
	if (ufd >= 0)
		close(ufd);
	return 0;
}

/* The server at host (so's port, else the program's), for a client; exits on failure. */
static void
resolve_peer(const struct sock_prog *sp, const struct sock_opts *so, const char *host,
	     struct sock_addr *a)
{
	char err[PARSE_ERRLEN];

	if (so->port == 0)
		bench_usage_error(sp->bench, "-n: port 0 applies only to -s");
	if (sock_resolve(host, so->port > 0 ? (unsigned)so->port : sp->port, so->family, SOCK_STREAM,
			 0, a, err, sizeof(err)) != 0)
		msg_die("%s", err);
}

int
sock_far(const struct sock_prog *sp, const struct sock_opts *so, const char *host)
{
	struct sock_addr a;
	int e;

	(void)choose_key(sp->bench, so, 0);
	resolve_peer(sp, so, host, &a);
	if (sock_far_fingerprint(&a, sp->proto, stdout) != 0) {
		e = errno;
		msg_die("no fingerprint from the server at %s port %u: %s%s", a.text, sock_addr_port(&a),
			sock_why(e),
			e == ECONNRESET ? " (an older server does: it does not know the request)" : "");
	}
	return MSG_EXIT_OK;
}

int
sock_main(const struct sock_prog *sp, const struct sock_opts *so,
	  const struct bench_opts *o, const char *host)
{
	struct sock_addr a;
	struct place pl;
	enum place_kind kinds[PLACE_COUNT];
	char err[PARSE_ERRLEN];
	unsigned port = so->port >= 0 ? (unsigned)so->port : sp->port;
	int rc = 0;
	size_t i, n;

	/* A vanished peer is an error to report, not a silent death. */
	signal(SIGPIPE, SIG_IGN);
	if (so->server + (so->stop != NULL) + (host != NULL) > 1)
		bench_usage_error(sp->bench, "-s, -S host and a host exclude each other");
	if (so->bind != NULL && !so->server)
		bench_usage_error(sp->bench, "-b: a listening address applies only to -s");
	if (so->server)
		return run_server(sp, so);
	if (so->stop != NULL || host != NULL) {
		(void)choose_key(sp->bench, so, 0);
	} else {
		char key[SOCK_KEY_MAX + 1];

		/* The server this program starts: a key of its own, known to both ends. */
		new_key(key);
		sock_set_key(key);
	}
	if (so->stop != NULL) {
		resolve_peer(sp, so, so->stop, &a);
		if ((sp->stop != NULL ? sp->stop : sock_stop_tcp)(&a, sp->proto) != 0)
			msg_die("cannot stop the server at %s port %u: %s", a.text, port, sock_why(errno));
		return MSG_EXIT_OK;
	}
	if (host != NULL) {
		if (so->place_mask != 0)
			bench_usage_error(sp->bench, "-p: a placement applies only to the server the program starts itself (no host)");
		resolve_peer(sp, so, host, &a);
		bench_print_config(o, sp->bench);
		if (o->output == OUTPUT_RAW)
			output_config(stdout, "server", "%s port %u", a.text, port);
		return bench_exit_code(sp->measure(&a, sock_is_loopback(&a)
						   ? place_name_part(PLACE_UNPINNED) : "peer=remote",
						   sp->arg) == 0 ? MSG_EXIT_OK : MSG_EXIT_FAIL);
	}
	/* With -P, bench_init leaves -c to the copies: the placements choose from it too. */
	if (o->ncpus > 0 && o->parallel > 1 && bench_pin(o->cpus, o->ncpus) != 0)
		msg_exit(MSG_EXIT_UNSUPPORTED, "cannot pin to the CPUs given with -c: %s", strerror(errno));
	if (place_init(&pl, so->place_mask, err, sizeof(err)) != 0)
		msg_exit(MSG_EXIT_UNSUPPORTED, "%s", err);
	bench_print_config(o, sp->bench);
	n = place_list(&pl, kinds, PLACE_COUNT);
	for (i = 0; i < n && rc == 0; i++) {
		struct noise_self before;

		if (noise_read(&before) != 0)
			before.run_ms = -1;
		if (place_pin(&pl, kinds[i], 0) != 0)
			msg_sysdie("cannot pin to a CPU for placement %s", place_name(kinds[i]));
		if (start_local(sp, so, &pl, kinds[i], &a) != 0)
			return MSG_EXIT_FAIL;
		if (o->output == OUTPUT_RAW) {
			place_print_config(stdout, &pl, kinds[i]);
			output_config(stdout, "server", "%s port %u, started by the benchmark",
				      a.text, sock_addr_port(&a));
		}
		rc = sp->measure(&a, place_name_part(kinds[i]), sp->arg);
		stop_local();
		if (rc == 0 && o->output == OUTPUT_RAW)
			place_note_busy(stdout, &pl, kinds[i], &before);
		if (place_restore(&pl) != 0)
			msg_sysdie("cannot unpin");
	}
	return bench_exit_code(rc == 0 ? MSG_EXIT_OK : MSG_EXIT_FAIL);
}
