/* chase: placeholder. */
#include "config.h"

#include "chase.h"

int chase_placeholder_(void);
int chase_placeholder_(void) { return 0; }
