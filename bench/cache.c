/* cache: placeholder until the program is written. */
#include "config.h"

#include <stdio.h>

int
main(void)
{
	fputs("cache: not written yet\n", stderr);
	return 77;
}
