/*
 * text_fleet: the hosts of a fleet as text (model/fleet.h): the hosts'
 * table and "Across hosts", each within 100 columns (the hosts in as
 * many tables as that takes).  A differing cell has "*" before it; a
 * long value (more than 3 words, as a command line or a module list)
 * shows the words that not every host has, "..." standing for those
 * left out, wrapped in its column.
 */
#ifndef HB_TEXT_FLEET_H
#define HB_TEXT_FLEET_H

#include <stdio.h>

#include "model/report.h"

/* With two or more hosts and the summary wanted, the two tables; before
 * them, when comparisons per host were asked for (rep->pairs set) and
 * none could be made, a note saying why. */
void text_fleet(const struct report *rep, FILE *f);

#endif
