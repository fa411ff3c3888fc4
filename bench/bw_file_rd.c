/* bw_file_rd: placeholder until the program is written. */
#include "config.h"

#include <stdio.h>

int
main(void)
{
	fputs("bw_file_rd: not written yet\n", stderr);
	return 77;
}
