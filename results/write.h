/*
 * write: the files the command line asks for: the page (--html), the
 * plots in one SVG document (--svg) and each plot in a directory
 * (--plot).  A file is written beside its name and then linked to it:
 * nothing is replaced, no link another user planted is followed, and a
 * failed write leaves nothing half-written and no temporary file.  A file
 * gets the mode a new file gets (0666 less the umask).  With --force, a
 * file that hostbench-compare wrote (its first or second line starts with
 * HTML_WRITTEN_MARK, render/html.h) is replaced by a rename; any other
 * existing file under a name to write is a usage error, exit 2, before
 * anything is written.
 */
#ifndef HB_WRITE_H
#define HB_WRITE_H

#include "model/report.h"
#include "options.h"

/* Returns 0, or -1 with the reasons on stderr. */
int write_files(const struct report *rep, const struct opts *o);

#endif
