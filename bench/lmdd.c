/* lmdd: placeholder until the program is written. */
#include "config.h"

#include <stdio.h>

int
main(void)
{
	fputs("lmdd: not written yet\n", stderr);
	return 77;
}
