/* knee: placeholder. */
#include "config.h"

#include "knee.h"

int knee_placeholder_(void);
int knee_placeholder_(void) { return 0; }
