/*
 * write: the files the command line asks for (see write.h).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "core/msg.h"
#include "model/report.h"
#include "options.h"
#include "render/html.h"
#include "render/svg/delta.h"
#include "render/svg/ladder.h"
#include "render/svg/load.h"
#include "render/svg/memlat.h"
#include "render/svg/plots.h"
#include "write.h"

enum plot { PLOT_HTML, PLOT_ALL, PLOT_MEMLAT, PLOT_LADDER, PLOT_LOAD, PLOT_DELTA };

/* A file to write: its name, what it holds (and of which comparison). */
struct job {
	char path[4096];
	enum plot what;
	const struct report_ab *ab;
};

static void
draw(FILE *f, const struct report *rep, enum plot what, const struct report_ab *ab)
{
	switch (what) {
	case PLOT_HTML:
		report_html(rep, &plots_html, f);
		break;
	case PLOT_ALL:
		plots_svg(rep, f, SVG_FILE);
		break;
	case PLOT_MEMLAT:
		memlat_svg(rep, f, SVG_FILE);
		break;
	case PLOT_LADDER:
		ladder_svg(rep, f, SVG_FILE);
		break;
	case PLOT_LOAD:
		load_svg(rep, f, SVG_FILE);
		break;
	case PLOT_DELTA:
		delta_svg(rep, ab, f, SVG_FILE);
		break;
	}
}

/*
 * Whether the file at path is one hostbench-compare wrote: a regular
 * file (not a link) whose first or second line starts with
 * HTML_WRITTEN_MARK, as the page's second line and an SVG's second
 * line (after the XML declaration) do.  A file that cannot be read is
 * not.
 */
static int
ours(const char *path)
{
	char head[512];
	const char *nl;
	ssize_t n;
	int fd;

	if ((fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)) < 0)
		return 0;
	n = read(fd, head, sizeof(head) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	head[n] = '\0';
	if (strncmp(head, HTML_WRITTEN_MARK, strlen(HTML_WRITTEN_MARK)) == 0)
		return 1;
	return (nl = strchr(head, '\n')) != NULL
	       && strncmp(nl + 1, HTML_WRITTEN_MARK, strlen(HTML_WRITTEN_MARK)) == 0;
}

/*
 * With --force, before anything is written: each name that exists must
 * be a regular file that hostbench-compare wrote, or the command is a
 * usage error (exit 2) naming it, and nothing is written.
 */
static void
check_force(const struct job *jobs, size_t n)
{
	struct stat st;
	size_t i;

	for (i = 0; i < n; i++) {
		const char *p = jobs[i].path;

		if (lstat(p, &st) != 0) {
			if (errno == ENOENT)
				continue;
			msg_exit(MSG_EXIT_USAGE, "%s: %s", p, strerror(errno));
		}
		if (S_ISLNK(st.st_mode))
			msg_exit(MSG_EXIT_USAGE, "--force: %s is a symbolic link: not replacing it "
				 "(--force replaces only a file hostbench-compare wrote)", p);
		if (!S_ISREG(st.st_mode) || !ours(p))
			msg_exit(MSG_EXIT_USAGE, "--force: %s was not written by hostbench-compare (no "
				 "\"%s\" line at its start): not replacing it", p, HTML_WRITTEN_MARK);
	}
}

/*
 * A file is written to a temporary file beside its name (mkstemp: a new
 * file, never a link), given the mode a new file gets here (0666 less
 * the umask), and then linked to the name, which fails when the name
 * exists, as a file or a symbolic link; with --force renamed over it
 * instead (check_force said it is ours).  No link another user planted
 * is followed, and a failed write leaves nothing half-written and no
 * temporary file.  Returns 0, or -1 with the reason on stderr.
 */
static int
write_one(const struct job *j, const struct report *rep, mode_t mode, int force)
{
	char tmp[4096];
	const char *path = j->path, *slash = strrchr(path, '/');
	size_t dlen = slash != NULL ? (size_t)(slash - path) + 1 : 0;
	FILE *f;
	int fd, rc = 0;

	if (snprintf(tmp, sizeof(tmp), "%.*s.hostbench-compare.XXXXXX", (int)dlen, path)
	    >= (int)sizeof(tmp)) {
		msg_warn("%s: name too long", path);
		return -1;
	}
	if ((fd = mkstemp(tmp)) < 0) {
		msg_syswarn("%s", path);
		return -1;
	}
	if (fchmod(fd, mode) != 0 || (f = fdopen(fd, "w")) == NULL) {
		msg_syswarn("%s", path);
		close(fd);
		unlink(tmp);
		return -1;
	}
	draw(f, rep, j->what, j->ab);
	if ((ferror(f) | fclose(f)) != 0) {
		msg_syswarn("%s", path);
		rc = -1;
	} else if (force) {
		if (rename(tmp, path) != 0) {
			msg_syswarn("%s", path);
			rc = -1;
		} else
			return 0;
	} else if (link(tmp, path) != 0) {
		if (errno == EEXIST)
			msg_warn("%s: exists; not replacing it (--force replaces a file "
				 "hostbench-compare wrote)", path);
		else
			msg_syswarn("%s", path);
		rc = -1;
	}
	unlink(tmp);
	return rc;
}

/* A directory of ours: made here, or one that is ours already; never a
 * symbolic link or another user's directory.  Returns 0, or -1 with the
 * reason on stderr. */
static int
plot_dir(const char *dir)
{
	struct stat st;

	if (mkdir(dir, 0777) == 0)
		return 0;
	if (errno != EEXIST) {
		msg_syswarn("%s", dir);
		return -1;
	}
	if (lstat(dir, &st) != 0) {
		msg_syswarn("%s", dir);
		return -1;
	}
	if (S_ISLNK(st.st_mode)) {
		msg_warn("%s: a symbolic link; not writing through it", dir);
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		msg_warn("%s: exists and is not a directory", dir);
		return -1;
	}
	if (st.st_uid != geteuid()) {
		msg_warn("%s: belongs to another user (uid %lu); not writing in it", dir,
			 (unsigned long)st.st_uid);
		return -1;
	}
	return 0;
}

/* Add the job of writing dir/name (name alone with dir NULL); returns
 * the next free index. */
static size_t
add(struct job *jobs, size_t n, enum plot what, const struct report_ab *ab, const char *dir,
    const char *name)
{
	snprintf(jobs[n].path, sizeof(jobs[n].path), "%s%s%s", dir != NULL ? dir : "",
		 dir != NULL ? "/" : "", name);
	jobs[n].what = what;
	jobs[n].ab = ab;
	return n + 1;
}

int
write_files(const struct report *rep, const struct opts *o)
{
	struct job *jobs;
	size_t i, n = 0, first_plot;
	mode_t mask;
	int rc = 0;

	if ((jobs = calloc(5 + rep->nabs, sizeof(*jobs))) == NULL)
		msg_die("out of memory");
	if (o->html != NULL)
		n = add(jobs, n, PLOT_HTML, NULL, NULL, o->html);
	if (o->svg != NULL)
		n = add(jobs, n, PLOT_ALL, NULL, NULL, o->svg);
	first_plot = n;
	if (o->plot != NULL) {
		n = add(jobs, n, PLOT_MEMLAT, NULL, o->plot, "memlat.svg");
		if (rep->nladders > 0)
			n = add(jobs, n, PLOT_LADDER, NULL, o->plot, "ladder.svg");
		if (rep->nseries > 0)
			n = add(jobs, n, PLOT_LOAD, NULL, o->plot, "load.svg");
		for (i = 0; i < rep->nabs; i++) {
			char name[32];

			snprintf(name, sizeof(name), "delta-%d.svg", rep->runs[rep->abs[i].other].id);
			n = add(jobs, n, PLOT_DELTA, &rep->abs[i], o->plot, name);
		}
	}
	if (o->force)
		check_force(jobs, n);
	/* The mode a file created here gets (umask has no reader but itself). */
	mask = umask(0);
	umask(mask);
	for (i = 0; i < n; i++) {
		if (i == first_plot && plot_dir(o->plot) != 0) {
			rc = -1;
			break;
		}
		rc |= write_one(&jobs[i], rep, 0666 & ~mask, o->force);
	}
	free(jobs);
	return rc;
}
