/*
 * record: the run's result files.  Every line goes through lib/core/output
 * (the fingerprint, the runner's configuration lines and notes) or is a
 * program's own, written by lib/core/output in the program.  A side's file
 * is made new beside its final name (O_EXCL, never through a link), in
 * a directory no other user can change, held open on one descriptor,
 * and published with link(2), which never replaces a file.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "core/output.h"
#include "runner.h"

/* ---------------------------------------------------------------- safe directories */

/* The field-th ':'-separated field of line (0-based) into buf. */
static int
field(const char *line, int k, char *buf, size_t len)
{
	const char *p = line;
	size_t n;

	while (k-- > 0) {
		if ((p = strchr(p, ':')) == NULL)
			return -1;
		p++;
	}
	n = strcspn(p, ":\n");
	if (n >= len)
		return -1;
	memcpy(buf, p, n);
	buf[n] = '\0';
	return 0;
}

int
record_private_group(gid_t gid, const char *group_file, const char *passwd_file)
{
	char line[4096], f2[64], f3[64], name[256] = "", members[4096];
	uid_t me = getuid();
	FILE *f;
	int ok = 1, found = 0;

	if (gid != getgid())
		return 0;
	/* This user's name, and no other user whose primary group it is. */
	if ((f = fopen(passwd_file, "r")) == NULL)
		return 0;
	while (fgets(line, sizeof(line), f) != NULL) {
		if (field(line, 2, f2, sizeof(f2)) != 0 || field(line, 3, f3, sizeof(f3)) != 0)
			continue;
		if (strtoul(f2, NULL, 10) == (unsigned long)me && name[0] == '\0')
			(void)field(line, 0, name, sizeof(name));
		else if (strtoul(f3, NULL, 10) == (unsigned long)gid)
			ok = 0;
	}
	fclose(f);
	if (!ok)
		return 0;
	/* Its group lists no member but the user. */
	if ((f = fopen(group_file, "r")) == NULL)
		return 0;
	while (fgets(line, sizeof(line), f) != NULL) {
		if (field(line, 2, f2, sizeof(f2)) != 0 || strtoul(f2, NULL, 10) != (unsigned long)gid
		    || strspn(f2, "0123456789") != strlen(f2))
			continue;
		found = 1;
		if (field(line, 3, members, sizeof(members)) != 0 || (members[0] != '\0'
								       && strcmp(members, name) != 0))
			ok = 0;
		break;
	}
	fclose(f);
	return ok && found;
}

/* The mode as ls -l writes it: "drwxr-xr-x". */
static void
mode_string(mode_t m, char *buf)
{
	const char *rwx = "rwxrwxrwx";
	int i;

	buf[0] = S_ISDIR(m) ? 'd' : S_ISLNK(m) ? 'l' : '-';
	for (i = 0; i < 9; i++)
		buf[1 + i] = (m & (0400 >> i)) ? rwx[i] : '-';
	if (m & S_ISVTX)
		buf[9] = (m & 0001) ? 't' : 'T';
	if (m & S_ISGID)
		buf[6] = (m & 0010) ? 's' : 'S';
	if (m & S_ISUID)
		buf[3] = (m & 0100) ? 's' : 'S';
	buf[10] = '\0';
}

/* The name of uid from the passwd file, or "". */
static void
user_name(uid_t uid, char *buf, size_t len)
{
	char line[4096], f2[64];
	FILE *f = fopen("/etc/passwd", "r");

	buf[0] = '\0';
	if (f == NULL)
		return;
	while (fgets(line, sizeof(line), f) != NULL)
		if (field(line, 2, f2, sizeof(f2)) == 0 && strtoul(f2, NULL, 10) == (unsigned long)uid) {
			(void)field(line, 0, buf, len);
			break;
		}
	fclose(f);
}

/*
 * dir's real path (no symbolic link in it), once dir and every directory
 * above it are found to belong to this user or to root and to be
 * writable by no other user, unless sticky as /tmp is (where only a
 * name's owner can remove or replace it), or writable by the user's own
 * group (a user private group): in such a directory no other user can
 * swap a name this run made for a link to a file of this user's between
 * two uses of the name.  Otherwise exit 2 naming the directory, its
 * owner and mode, and what to do.  what names the option or variable
 * that chose dir.
 */
void
record_safe_dir(const char *dir, const char *what, char *real, size_t len)
{
	char path[PATH_MAX], mode[16];
	uid_t me = getuid();
	size_t n;

	if (realpath(dir, path) == NULL || strlen(path) >= len)
		run_usage_error("%s: cannot enter '%s'", what, dir);
	strcpy(real, path);
	for (;;) {
		struct stat st;

		if (lstat(path, &st) != 0)
			run_usage_error("%s: cannot read '%s'", what, path);
		mode_string(st.st_mode, mode);
		/* Writable by others, or by a group that is not the user's own private one. */
		if ((st.st_mode & (S_IWGRP | S_IWOTH)) && !(st.st_mode & S_ISVTX)
		    && ((st.st_mode & S_IWOTH)
			|| !record_private_group(st.st_gid, "/etc/group", "/etc/passwd"))) {
			char group[32] = "";

			if (!(st.st_mode & S_IWOTH))
				snprintf(group, sizeof(group), ", group %lu", (unsigned long)st.st_gid);
			run_usage_error("%s: '%s' is writable by users other than its owner (%s%s), so a name "
					"made in it could be swapped for a link to another file; use a directory "
					"of your own (or chmod %s '%s')", what, path, mode, group,
					group[0] != '\0' ? "g-w" : "go-w", path);
		}
		if (st.st_uid != me && st.st_uid != 0) {
			char name[256];

			user_name(st.st_uid, name, sizeof(name));
			run_usage_error("%s: '%s' belongs to another user (%s%suid %lu), who could swap a name made "
					"in it for a link to a file of yours; use a directory of your own", what, path,
					name, name[0] != '\0' ? ", " : "", (unsigned long)st.st_uid);
		}
		if (strcmp(path, "/") == 0)
			break;
		n = strlen(path);
		while (n > 1 && path[n - 1] != '/')
			n--;
		path[n > 1 ? n - 1 : 1] = '\0';
	}
}

void
record_safe_mkdir(const char *dir, const char *what, char *real, size_t len)
{
	char d[PATH_MAX], *p;
	struct stat st;

	if (strlen(dir) >= sizeof(d))
		run_usage_error("%s: '%s' is too long", what, dir);
	strcpy(d, dir);
	/* What exists of it is checked before anything is made in it. */
	while (stat(d, &st) != 0 || !S_ISDIR(st.st_mode)) {
		size_t n = strlen(d);

		while (n > 0 && d[n - 1] == '/')
			n--;
		while (n > 0 && d[n - 1] != '/')
			n--;
		while (n > 1 && d[n - 1] == '/')
			n--;
		if (n == 0)
			strcpy(d, ".");
		else
			d[n] = '\0';
	}
	record_safe_dir(d, what, real, len);
	strcpy(d, dir);
	for (p = d + 1; *p != '\0'; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(d, 0777) != 0 && errno != EEXIST)
			run_die("cannot make '%s': %s", dir, strerror(errno));
		*p = '/';
	}
	if (mkdir(d, 0777) != 0 && errno != EEXIST)
		run_die("cannot make '%s': %s", dir, strerror(errno));
	record_safe_dir(dir, what, real, len);
}

/* ---------------------------------------------------------------- writing */

HB_NORETURN static void write_failed(int k);

static void
write_failed(int k)
{
	run_die("cannot write the result in %s: %s", R.dir, strerror(errno ? errno : EIO));
}

void
record_flush(int k)
{
	errno = 0;
	if (fflush(R.side[k].f) != 0 || ferror(R.side[k].f))
		write_failed(k);
}

void
record_put(int k, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	errno = 0;
	if (vfprintf(R.side[k].f, fmt, ap) < 0)
		write_failed(k);
	va_end(ap);
	record_flush(k);
}

/* A name safe in a file name: letters, digits, dot, dash, underscore. */
static void
safe_name(char *s)
{
	char *p;

	for (p = s; *p != '\0'; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')
		      || *p == '.' || *p == '_' || *p == '-'))
			*p = '_';
	if (s[0] == '\0')
		strcpy(s, "unknown");
	else if (s[0] == '.')
		s[0] = '_';
}

/* The value of the first "key: value" line of text into buf. */
static void
header_value(const char *text, const char *key, char *buf, size_t len)
{
	size_t kl = strlen(key);
	const char *p = text;

	buf[0] = '\0';
	for (; p != NULL && *p != '\0'; p = strchr(p, '\n'), p = p != NULL ? p + 1 : NULL)
		if (strncmp(p, key, kl) == 0 && p[kl] == ':' && p[kl + 1] == ' ') {
			size_t n = strcspn(p + kl + 2, "\n");

			if (n >= len)
				n = len - 1;
			memcpy(buf, p + kl + 2, n);
			buf[n] = '\0';
			return;
		}
}

/* A file's whole text, malloc'd (its length in *len unless NULL), or NULL. */
static char *
file_text_n(const char *path, size_t *len)
{
	FILE *f = fopen(path, "r");
	char *text = NULL;
	size_t got = 0;
	long n;

	if (f == NULL)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0
	    && (text = malloc((size_t)n + 1)) != NULL) {
		got = fread(text, 1, (size_t)n, f);
		text[got] = '\0';
	}
	fclose(f);
	if (len != NULL)
		*len = got;
	return text;
}

static char *
file_text(const char *path)
{
	return file_text_n(path, NULL);
}

/*
 * The host fingerprint, malloc'd: hostinfo's lines, with the wrapper's
 * command as the emulation when there is one (hostinfo, emulated itself,
 * sees only a binfmt_misc entry that runs it); or, when hostinfo cannot
 * tell, what uname can.
 */
char *
record_fingerprint(void)
{
	char out[4200], err[4200], prog[4200], why[1024], date[64], *argv[4], *text = NULL;
	size_t len = 0;
	struct utsname u;
	struct stat st;
	time_t now = time(NULL);
	FILE *f;

	snprintf(out, sizeof(out), "%s/info", R.work);
	snprintf(err, sizeof(err), "%s/info.err", R.work);
	snprintf(prog, sizeof(prog), "%s/hostinfo", R.libexec);
	if (stat(prog, &st) == 0) {
		int rc;

		argv[0] = run_arg("hostinfo");
		argv[1] = R.emulation[0] != '\0' ? run_arg("-e") : NULL;
		argv[2] = R.emulation;
		argv[3] = NULL;
		rc = case_spawn(argv, out, err, 1);
		if (rc == 0 && (text = file_text(out)) != NULL && text[0] != '\0')
			return text;
		free(text);
		case_last_line(err, why, sizeof(why));
		run_warn("hostinfo failed: %s", why);
	} else
		run_warn("hostinfo is not built; the fingerprint tells less about the host");
	if ((f = open_memstream(&text, &len)) == NULL)
		run_die("cannot hold the fingerprint: %s", strerror(errno));
	if (uname(&u) != 0)
		memset(&u, 0, sizeof(u));
	output_date(date, sizeof(date), now);
	output_config(f, "hostbench", "%s", PACKAGE_VERSION);
	output_config(f, "host", "%s", u.nodename);
	output_config(f, "os", "%s %s", u.sysname, u.release);
	output_config(f, "kernel", "%s", u.version);
	output_config(f, "arch", "%s", u.machine);
	output_config(f, "emulation", "%s", R.emulation[0] != '\0' ? R.emulation : "none");
	output_config(f, "date", "%s", date);
	if (fclose(f) != 0 || text == NULL)
		run_die("cannot hold the fingerprint: %s", strerror(errno));
	return text;
}

/*
 * What hostinfo OPT HOST [-p PROG] prints (a fingerprint), malloc'd;
 * NULL with the last line of its error output in why.
 */
static char *
hostinfo_text(const char *opt, const char *host, const char *prog, char *why, size_t len)
{
	char out[4200], err[4200], *text = NULL;
	char *argv[] = { run_arg("hostinfo"), run_arg(opt), run_arg(host), run_arg("-p"),
			 run_arg(prog), NULL };

	snprintf(out, sizeof(out), "%s/fp", R.work);
	snprintf(err, sizeof(err), "%s/fp.err", R.work);
	if (prog == NULL)
		argv[3] = NULL;
	if (case_spawn(argv, out, err, 1) != 0 || (text = file_text(out)) == NULL)
		case_last_line(err, why, len);
	return text;
}

/* The box agent's fingerprint (hostinfo -F HOST), malloc'd. */
static char *
box_text(void)
{
	char why[1024], *text = hostinfo_text("-F", R.s.box_host, NULL, why, sizeof(why));

	if (text == NULL)
		run_die("--box: no fingerprint from the box agent at %s: %s (start it there: hostbench agent "
			"-b ADDR, with the run's key; or --box USER@HOST)", R.s.box_host, why);
	return text;
}

/*
 * The far end's fingerprint (hostinfo -f HOST -p PROG), asked of the
 * server of the run's first case against --remote-host, malloc'd; NULL
 * when the run has none, or said in a line when the server sent none
 * (the run goes on without far-* keys: an older server, another key).
 */
static char *
far_text(void)
{
	char why[1024], *text;
	size_t i;

	for (i = 0; R.s.remote != NULL && i < R.cases.n; i++) {
		const struct suite_case *c = &R.cases.v[i];
		/* (The host is the last word of the case's arguments: it has no blank.) */
		const char *last = strrchr(c->args, ' ');

		if (c->skipped == NULL && strcmp(last != NULL ? last + 1 : c->args, R.s.remote) == 0) {
			if ((text = hostinfo_text("-f", R.s.remote, c->prog, why, sizeof(why))) == NULL)
				run_warn("--remote-host: no far-* keys in the result: %s", why);
			return text;
		}
	}
	return NULL;
}

/* Make the temporary file beside the final one: a dot name keeps it out
 * of results/x/ globs; publishing is a link within one file system. */
static void
make_tmp(int k)
{
	struct side *sd = &R.side[k];
	unsigned tries;
	FILE *rf;
	char note[4200];

	for (tries = 0; tries < 100; tries++) {
		unsigned long r = (unsigned long)time(NULL) ^ ((unsigned long)getpid() << 8)
			^ ((unsigned long)progress_now() << 3) ^ ((unsigned long)tries * 2654435761ul);
		char suffix[8];
		int i, fd;

		for (i = 0; i < 6; i++) {
			suffix[i] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"[r % 62];
			r /= 62;
			r ^= (unsigned long)rand();
		}
		suffix[6] = '\0';
		if (snprintf(sd->tmp, sizeof(sd->tmp), "%s/%s.%s", R.dir_real, R.tmpname, suffix)
		    >= (int)sizeof(sd->tmp)) {
			sd->tmp[0] = '\0';
			run_die("the directory's name is too long: '%s'", R.dir);
		}
		fd = open(sd->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
		if (fd < 0 && errno == EEXIST)
			continue;
		if (fd < 0) {
			sd->tmp[0] = '\0';
			run_die("cannot make a temporary file in '%s': %s", R.dir, strerror(errno));
		}
		/* Its name, for the cleanup of a killed run (stale.c). */
		snprintf(note, sizeof(note), "%s/result", R.work);
		if (R.work[0] != '\0' && ((rf = fopen(note, "a")) == NULL || fprintf(rf, "%s\n", sd->tmp) < 0 || fclose(rf) != 0)) {
			close(fd);
			unlink(sd->tmp);
			sd->tmp[0] = '\0';
			run_no_room("to note the result's temporary name");
		}
		if ((sd->f = fdopen(fd, "w")) == NULL)
			run_die("cannot open the temporary file '%s': %s", sd->tmp, strerror(errno));
		return;
	}
	run_die("cannot make a temporary file in '%s'", R.dir);
}

/*
 * Where the result of a run with fingerprint fp goes: its platform and
 * host from the fingerprint (the programs' view, uname in the
 * benchmark's process, which is the target's under a wrapper; this
 * process's own uname where it says nothing), and the directory:
 * -o's, or the results directory's <platform>, made and checked.
 */
void
record_place(const char *fp)
{
	const struct settings *s = &R.s;
	char arch[128], os[128], host[256];
	struct utsname u;
	char *p;

	if (uname(&u) != 0)
		memset(&u, 0, sizeof(u));
	header_value(fp, "arch", arch, sizeof(arch));
	header_value(fp, "os", os, sizeof(os));
	header_value(fp, "host", host, sizeof(host));
	if (arch[0] == '\0' || strcmp(arch, "unknown") == 0)
		snprintf(arch, sizeof(arch), "%s", u.machine);
	if (os[0] == '\0' || strcmp(os, "unknown") == 0)
		snprintf(os, sizeof(os), "%s", u.sysname);
	if (host[0] == '\0' || strcmp(host, "unknown") == 0)
		snprintf(host, sizeof(host), "%s", u.nodename);
	os[strcspn(os, " ")] = '\0';
	snprintf(R.platform, sizeof(R.platform), "%s-%s", arch, os);
	for (p = R.platform; *p != '\0'; p++)
		if (*p >= 'A' && *p <= 'Z')
			*p = (char)(*p - 'A' + 'a');
	safe_name(R.platform);
	snprintf(R.host, sizeof(R.host), "%s", host);
	safe_name(R.host);
	if (s->outfile != NULL) {
		char d[4096];
		const char *slash = strrchr(s->outfile, '/');
		struct stat st;

		if (slash == NULL)
			snprintf(d, sizeof(d), ".");
		else
			snprintf(d, sizeof(d), "%.*s", (int)(slash == s->outfile ? 1 : slash - s->outfile),
				 s->outfile);
		snprintf(R.dir, sizeof(R.dir), "%s", d);
		if (stat(d, &st) != 0 || !S_ISDIR(st.st_mode))
			run_die("-o: no directory '%s'", d);
		record_safe_dir(d, "-o", R.dir_real, sizeof(R.dir_real));
		snprintf(R.tmpname, sizeof(R.tmpname), ".hostbench");
	} else {
		snprintf(R.dir, sizeof(R.dir), "%s/%s", s->results_dir, R.platform);
		record_safe_mkdir(R.dir, "--results-dir", R.dir_real, sizeof(R.dir_real));
		snprintf(R.tmpname, sizeof(R.tmpname), ".%s", R.host);
	}
}

void
record_open_side(int k)
{
	struct side *sd = &R.side[k];
	const struct settings *s = &R.s;
	char *fp = record_fingerprint(), *box = NULL, *far = far_text();
	const char *tmp = getenv("TMPDIR");
	unsigned t;
	int ab = sd->name != 'r';

	if (R.dir[0] == '\0')
		record_place(fp);
	make_tmp(k);
	if (s->box != NULL)
		box = box_text();
	/* The header: the fingerprint, then the run's own configuration. */
	record_put(k, "%s", fp);
	free(fp);
	if (ab) {
		output_config(sd->f, "ab-side", "%c", sd->name);
		output_config(sd->f, "ab-state", "%s", s->state[sd->name == 'b']);
		if (s->until != NULL)
			output_config(sd->f, "rounds", "until +-%s%%, at most %u", s->until, s->rounds);
		else
			output_config(sd->f, "rounds", "%u", s->rounds);
	}
	if (s->note != NULL)
		output_config(sd->f, "note", "%s", s->note);
	for (t = 0; t < s->ntags; t++) {
		const char *colon = strchr(s->tag[t], ':');
		char key[64];

		snprintf(key, sizeof(key), "%.*s", (int)(colon - s->tag[t]), s->tag[t]);
		output_config(sd->f, key, "%s", colon + 2);
	}
	output_config(sd->f, "profile", "%s", s->prof->name);
	output_config(sd->f, "profile-options", "%s", R.shared);
	if (!ab)
		output_config(sd->f, "rounds", "%u", s->rounds);
	if (s->budget >= 0)
		output_config(sd->f, "budget", "%lld s", s->budget);
	output_config(sd->f, "fsdir", "%s", s->fsdir != NULL ? s->fsdir
		      : tmp != NULL && tmp[0] != '\0' ? tmp : "/tmp");
	opts_record(sd->f, s);
	/* The box's fingerprint (the programs say which box they sampled), the far end's. */
	if (box != NULL)
		record_put(k, "%s", box);
	if (far != NULL)
		record_put(k, "%s", far);
	free(box);
	free(far);
	record_flush(k);
}

/* ---------------------------------------------------------------- publishing */

int
record_link(int dirfd, const char *src, const char *name, char *partial, size_t plen)
{
	struct stat st;
	char buf[65536];
	int in, out;
	ssize_t n;

	if (linkat(dirfd, src, dirfd, name, 0) == 0)
		return 0;
	if (errno == EEXIST)
		return -1;
	/* A file system without hard links (FAT): an exclusive create
	 * reserves the name instead, and the file is copied into it. */
	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0) {
		errno = EEXIST;
		return -1;
	}
	out = openat(dirfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
	if (out < 0)
		return -1;
	snprintf(partial, plen, "%s/%s", R.dir_real, name);
	if ((in = openat(dirfd, src, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)) < 0)
		goto fail;
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, (size_t)n) != n)
			goto fail;
	if (n < 0 || close(out) != 0) {
		out = -1;
		goto fail;
	}
	close(in);
	partial[0] = '\0';
	return 0;
fail:
	{
		int e = errno ? errno : EIO;

		if (in >= 0)
			close(in);
		if (out >= 0)
			close(out);
		errno = e;
		run_die("cannot write '%s': %s", partial, strerror(e));
	}
}

void
record_publish(int k, char *final, size_t len)
{
	struct side *sd = &R.side[k];
	const char *base = strrchr(sd->tmp, '/') + 1;
	int dirfd;
	unsigned n;

	errno = 0;
	if (fclose(sd->f) != 0) {
		sd->f = NULL;
		write_failed(k);
	}
	sd->f = NULL;
	if ((dirfd = open(R.dir_real, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		run_die("cannot open '%s': %s", R.dir, strerror(errno));
	if (R.s.outfile != NULL) {
		const char *slash = strrchr(R.s.outfile, '/');
		const char *name = slash != NULL ? slash + 1 : R.s.outfile;

		if (record_link(dirfd, base, name, R.partial, sizeof(R.partial)) != 0) {
			if (errno == EEXIST) {
				run_warn("-o: '%s' appeared during the run; the result is in '%s'", R.s.outfile,
					 sd->tmp);
				sd->tmp[0] = '\0';
				close(dirfd);
				exit(1);
			}
			run_die("cannot create '%s': %s", R.s.outfile, strerror(errno));
		}
		snprintf(final, len, "%s", R.s.outfile);
	} else {
		for (n = 0;; n++) {
			char name[300];

			snprintf(name, sizeof(name), "%s.%u", R.host, n);
			if (record_link(dirfd, base, name, R.partial, sizeof(R.partial)) == 0) {
				snprintf(final, len, "%s/%s", R.dir, name);
				break;
			}
			if (errno != EEXIST)
				run_die("cannot create '%s/%s': %s", R.dir, name, strerror(errno));
		}
	}
	close(dirfd);
	unlink(sd->tmp);
	sd->tmp[0] = '\0';
}

void
record_publish_file(const char *file, char *final, size_t len)
{
	size_t n;
	char *text = file_text_n(file, &n);

	if (text == NULL)
		run_die("cannot read '%s': %s", file, strerror(errno));
	if (strncmp(text, "hostbench: ", 11) != 0)
		run_die("'%s' is no hostbench result file", file);
	record_place(text);
	make_tmp(0);
	errno = 0;
	if (fwrite(text, 1, n, R.side[0].f) != n)
		write_failed(0);
	free(text);
	record_publish(0, final, len);
}
