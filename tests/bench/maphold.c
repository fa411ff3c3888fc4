/*
 * maphold FILE: map FILE, read every page of it, say "ready" on standard
 * output and wait until standard input ends.  Pages a process has mapped
 * stay in the page cache whatever posix_fadvise(POSIX_FADV_DONTNEED)
 * asks, so lmdd's flush cannot make a read of FILE cold while this runs:
 * tests/bench/lmdd-t.sh sees lmdd say its first pass was warm.
 */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	volatile unsigned char sum = 0;
	const unsigned char *p;
	struct stat sb;
	char c;
	off_t i;
	int fd;

	if (argc != 2 || (fd = open(argv[1], O_RDONLY)) < 0 || fstat(fd, &sb) != 0
	    || sb.st_size == 0) {
		fprintf(stderr, "usage: maphold FILE (a file that can be opened, not empty)\n");
		return 2;
	}
	p = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_SHARED, fd, 0);
	close(fd);		/* the mapping holds the file */
	if (p == MAP_FAILED) {
		perror("maphold: mmap");
		return 1;
	}
	for (i = 0; i < sb.st_size; i += 4096)
		sum += p[i];
	printf("ready\n");
	fflush(stdout);
	while (read(0, &c, 1) > 0)
		;
	(void)sum;
	return 0;
}
