/*
 * markdown: the report for pages: the text tables as pipe tables, the
 * comparisons with what changed, the hosts' tables with the differing
 * cells bold.  Text from the result files is escaped (escape.h): no
 * HTML, no link, no table cell broken.  Nothing fails: a short write
 * shows in the stream's error flag.
 */
#ifndef HB_MARKDOWN_H
#define HB_MARKDOWN_H

#include <stdio.h>

#include "model/report.h"

void markdown_write(const struct report *rep, FILE *f);

#endif
