#include "config.h"

#include "tap/basic.h"

int
main(void)
{
	skip_all("not written yet");
}
