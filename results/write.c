/*
 * write: the files the command line asks for (see write.h).
 */
#include "config.h"

#include <errno.h>
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

/*
 * A plot is written to a temporary file beside its name (mkstemp: a new
 * file, never a link) and then linked to the name, which fails when the
 * name exists, as a file or a symbolic link: nothing is ever replaced,
 * no link another user planted is followed, and a failed write leaves
 * nothing half-written.  Returns 0, or -1 with the reason on stderr.
 */
enum plot { PLOT_HTML, PLOT_ALL, PLOT_MEMLAT, PLOT_LADDER, PLOT_LOAD, PLOT_DELTA };

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

static int
write_new(const char *path, const struct report *rep, enum plot what, const struct report_ab *ab)
{
	char tmp[4096];
	const char *slash = strrchr(path, '/');
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
	if ((f = fdopen(fd, "w")) == NULL) {
		msg_syswarn("%s", path);
		close(fd);
		unlink(tmp);
		return -1;
	}
	draw(f, rep, what, ab);
	if ((ferror(f) | fclose(f)) != 0) {
		msg_syswarn("%s", path);
		rc = -1;
	} else if (link(tmp, path) != 0) {
		if (errno == EEXIST)
			msg_warn("%s: exists; not replacing it", path);
		else
			msg_syswarn("%s", path);
		rc = -1;
	}
	unlink(tmp);
	return rc;
}

int
write_files(const struct report *rep, const struct opts *o)
{
	char path[4096];
	struct stat st;
	size_t i;
	int rc = 0;

	if (o->html != NULL)
		rc |= write_new(o->html, rep, PLOT_HTML, NULL);
	if (o->svg != NULL)
		rc |= write_new(o->svg, rep, PLOT_ALL, NULL);
	if (o->plot == NULL)
		return rc;
	/* A directory of ours: made here, or one that is ours already;
	 * never a symbolic link or another user's directory. */
	if (mkdir(o->plot, 0777) != 0) {
		if (errno != EEXIST) {
			msg_syswarn("%s", o->plot);
			return -1;
		}
		if (lstat(o->plot, &st) != 0) {
			msg_syswarn("%s", o->plot);
			return -1;
		}
		if (S_ISLNK(st.st_mode)) {
			msg_warn("%s: a symbolic link; not writing through it", o->plot);
			return -1;
		}
		if (!S_ISDIR(st.st_mode)) {
			msg_warn("%s: exists and is not a directory", o->plot);
			return -1;
		}
		if (st.st_uid != geteuid()) {
			msg_warn("%s: belongs to another user (uid %lu); not writing in it", o->plot,
				 (unsigned long)st.st_uid);
			return -1;
		}
	}
	snprintf(path, sizeof(path), "%s/memlat.svg", o->plot);
	rc |= write_new(path, rep, PLOT_MEMLAT, NULL);
	if (rep->nladders > 0) {
		snprintf(path, sizeof(path), "%s/ladder.svg", o->plot);
		rc |= write_new(path, rep, PLOT_LADDER, NULL);
	}
	if (rep->nseries > 0) {
		snprintf(path, sizeof(path), "%s/load.svg", o->plot);
		rc |= write_new(path, rep, PLOT_LOAD, NULL);
	}
	for (i = 0; i < rep->nabs; i++) {
		snprintf(path, sizeof(path), "%s/delta-%d.svg", o->plot,
			 rep->runs[rep->abs[i].other].id);
		rc |= write_new(path, rep, PLOT_DELTA, &rep->abs[i]);
	}
	return rc;
}
