/* par_mem: placeholder until the program is written. */
#include "config.h"

#include <stdio.h>

int
main(void)
{
	fputs("par_mem: not written yet\n", stderr);
	return 77;
}
