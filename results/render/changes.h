/*
 * changes: the "What changed" list of a comparison (model/changes.h) in
 * text, Markdown and JSON.
 *
 * Text shows a value in full, wrapped at 78 columns; a long value that
 * shares words with the other side shows only the differing words, with
 * one shared word and "..." around them ("cmdline: ... quiet -> ...
 * quiet mitigations=off"); a list (modules, irq-affinity, nics, qdiscs,
 * offloads, net-sysctls, and any value of more than 3 words on both
 * sides too long for one line that shares at least half its words with
 * the other, but the command line and the profile options, where order
 * matters) shows the words removed, then those added ("modules: -
 * nf_conntrack + nft_chain_nat", "net-sysctls: - net.ipv4.tcp_ecn=2 +
 * net.ipv4.tcp_ecn=1").  Markdown
 * shows the same, unwrapped and never shortened; JSON keeps both values
 * in full, with the lists' words removed and added.
 */
#ifndef HB_RENDER_CHANGES_H
#define HB_RENDER_CHANGES_H

#include <stdio.h>

#include "format.h"
#include "model/report.h"

/*
 * "What changed:" and one entry a line (wrapped at 78 columns, continued
 * lines indented), or "What changed: nothing ..." when nothing did, a
 * line at a time into out (format.h).
 */
void changes_text(struct format_sink *out, const struct report_ab *ab);

/* "What changed:", a blank line, one "- " item an entry, a blank line;
 * nothing at all when nothing changed. */
void changes_markdown(FILE *f, const struct report_ab *ab);

/*
 * The elements of the JSON array of the changes (the caller writes the
 * brackets), on one line: {"kind": "config", "key",
 * "from", "to"} (null for a side without the key; "removed" and "added"
 * arrays for a list), {"kind": "args", "key", "from", "to"}, {"kind":
 * "only", "key", "args", "side"}, {"kind": "more", "side", "count"},
 * {"kind": "reduced", "key", "args", "side", "reduced"}.
 */
void changes_json(FILE *f, const struct report_ab *ab);

#endif
