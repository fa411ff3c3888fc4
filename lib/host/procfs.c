/*
 * procfs: where sysinfo's readers read from (see procfs.h): /proc and
 * /sys under the root sysinfo_set_root sets, the commands whose output
 * tells what no file does, and the helpers that make their lines into
 * values.
 */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "host/procfs.h"
#include "host/sysinfo.h"

/* Where /proc and /sys are read from (sysinfo_set_root); "" is "/". */
static char sys_root[256];

int
sysinfo_set_root(const char *root)
{
	size_t n = root != NULL ? strlen(root) : 0;

	/* A trailing slash would double the one every path starts with. */
	while (n > 1 && root[n - 1] == '/')
		n--;
	if (n == 1 && root[0] == '/')
		n = 0;
	if (n >= sizeof(sys_root)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if (n > 0)
		memcpy(sys_root, root, n);
	sys_root[n] = '\0';
	return 0;
}

/*
 * The path of a /proc or /sys file under the root into buf.  Returns 0,
 * or -1 when it does not fit (the caller then treats the file as absent).
 */
int
procfs_path(char *buf, size_t len, const char *path)
{
	int n = snprintf(buf, len, "%s%s", sys_root, path);

	return n < 0 || (size_t)n >= len ? -1 : 0;
}

FILE *
procfs_fopen(const char *path)
{
	char full[PROCFS_PATH_LEN];

	if (procfs_path(full, sizeof(full), path) != 0)
		return NULL;
	return fopen(full, "r");
}

/*
 * Read the next line of f into buf without its newline.  A line longer
 * than buf (x86's "flags") is cut and its rest skipped, so it is never
 * mistaken for the next line.  Returns 0, or -1 at end of file.
 */
int
procfs_read_line(FILE *f, char *buf, size_t len)
{
	size_t n;
	int c;

	if (fgets(buf, (int)len, f) == NULL)
		return -1;
	n = strlen(buf);
	if (n > 0 && buf[n - 1] == '\n') {
		buf[n - 1] = '\0';
		return 0;
	}
	while ((c = getc(f)) != EOF && c != '\n')
		;
	return 0;
}

static char *
procfs_trim(char *s)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

/*
 * Split "key<blanks>: value" (the /proc/cpuinfo and /proc/meminfo form).
 * Returns 0 with *key and *value pointing into line, or -1 for a line
 * with no colon.
 */
static int
procfs_split_line(char *line, char **key, char **value)
{
	char *colon = strchr(line, ':');

	if (colon == NULL)
		return -1;
	*colon = '\0';
	*key = procfs_trim(line);
	*value = procfs_trim(colon + 1);
	return 0;
}

int
procfs_ull(const char **p, int base, unsigned long long *v)
{
	const char *s = *p;
	char *end;

	while (*s == ' ' || *s == '\t' || *s == '\n')
		s++;
	if (!(isdigit((unsigned char)*s) || (base == 16 && isxdigit((unsigned char)*s))))
		return -1;
	errno = 0;
	*v = strtoull(s, &end, base);
	if (end == s || errno == ERANGE)
		return -1;
	*p = end;
	return 0;
}

int
procfs_dbl(const char **p, double *v)
{
	const char *s = *p;
	char *end;

	while (*s == ' ' || *s == '\t' || *s == '\n')
		s++;
	if (!isdigit((unsigned char)*s) && !(*s == '.' && isdigit((unsigned char)s[1])))
		return -1;
	*v = strtod(s, &end);
	if (end == s)
		return -1;
	*p = end;
	return 0;
}

int
procfs_ulls(const char *s, unsigned long long *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (procfs_ull(&s, 10, &v[i]) != 0)
			return -1;
	return 0;
}

void
procfs_copy_str(char *buf, size_t len, const char *s)
{
	size_t n = strlen(s);

	if (len == 0)
		return;
	if (n >= len)
		n = len - 1;	/* cut, as snprintf would */
	memcpy(buf, s, n);
	buf[n] = '\0';
}

/*
 * Value of the first line whose key is one of keys (in the order of the
 * file, first key first when several lines match) into buf.  Returns the
 * index of the key found, or -1 when none is there or the file is not.
 */
int
procfs_find(const char *path, const char *const *keys, size_t nkeys, char *buf, size_t len)
{
	char line[PROCFS_LINE_LEN];
	char *key, *value;
	int best = -1;
	size_t i;
	FILE *f;

	f = procfs_fopen(path);
	if (f == NULL)
		return -1;
	while (procfs_read_line(f, line, sizeof(line)) == 0) {
		if (procfs_split_line(line, &key, &value) != 0 || *value == '\0')
			continue;
		for (i = 0; i < nkeys && (best < 0 || i < (size_t)best); i++)
			if (strcmp(key, keys[i]) == 0) {
				procfs_copy_str(buf, len, value);
				best = (int)i;
				break;
			}
		if (best == 0)
			break;
	}
	fclose(f);
	return best;
}

/* Append "a" or "a-b" to buf at *pos; returns -1 when it does not fit. */
int
procfs_append_range(char *buf, size_t len, size_t *pos, int first, int last)
{
	int n;

	if (first == last)
		n = snprintf(buf + *pos, len - *pos, "%s%d", *pos ? "," : "", first);
	else
		n = snprintf(buf + *pos, len - *pos, "%s%d-%d", *pos ? "," : "",
			     first, last);
	if (n < 0 || (size_t)n >= len - *pos)
		return -1;
	*pos += (size_t)n;
	return 0;
}

/* Format the n ascending CPU numbers as "0-3,6" into buf; -1 when it does not fit. */
int
procfs_format_cpus(char *buf, size_t len, const int *cpus, size_t n)
{
	size_t pos = 0, i, j;

	if (len == 0)
		return -1;
	buf[0] = '\0';
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && cpus[j] == cpus[j - 1] + 1; j++)
			;
		if (procfs_append_range(buf, len, &pos, cpus[i], cpus[j - 1]) != 0)
			return -1;
	}
	return 0;
}

/*
 * Append item to the blank-separated list in buf (pos: its length).  An
 * item that does not fit ends the list with "..." instead; returns -1
 * then, so the caller can stop.
 */
int
procfs_append_item(char *buf, size_t len, size_t *pos, const char *item)
{
	size_t n = strlen(item) + (*pos > 0);

	/* Keep room for " ..." after any item, so the cut is always marked. */
	if (*pos + n + 4 >= len) {
		if (*pos + 4 < len) {
			snprintf(buf + *pos, len - *pos, "%s...", *pos > 0 ? " " : "");
			*pos += *pos > 0 ? 4 : 3;
		}
		return -1;
	}
	snprintf(buf + *pos, len - *pos, "%s%s", *pos > 0 ? " " : "", item);
	*pos += n;
	return 0;
}

/* The first line of a /proc or /sys file into buf, trimmed; 0 or -1. */
int
procfs_first_line(const char *path, char *buf, size_t len)
{
	FILE *f;
	char *s;
	int r;

	if (len == 0)
		return -1;
	f = procfs_fopen(path);
	if (f == NULL)
		return -1;
	r = procfs_read_line(f, buf, len);
	fclose(f);
	if (r != 0) {
		buf[0] = '\0';	/* an empty file */
		return 0;
	}
	s = procfs_trim(buf);
	memmove(buf, s, strlen(s) + 1);
	return 0;
}

int
procfs_cmp_str(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

/*
 * The network interfaces of /sys/class/net into ifs (at most max).
 * Returns their number, or -1 when the directory is not there.
 */
int
procfs_ifaces(struct procfs_iface *ifs, size_t max)
{
	char path[PROCFS_PATH_LEN], target[PROCFS_PATH_LEN];
	struct dirent *e;
	size_t n = 0;
	ssize_t t;
	DIR *d;

	if (procfs_path(path, sizeof(path), "/sys/class/net") != 0)
		return -1;
	d = opendir(path);
	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL && n < max) {
		const char *base;

		if (e->d_name[0] == '.' || strlen(e->d_name) >= sizeof(ifs[n].name))
			continue;
		procfs_copy_str(ifs[n].name, sizeof(ifs[n].name), e->d_name);
		ifs[n].dev[0] = '\0';
		/*
		 * A device's interrupts are often named after the device, not
		 * the interface: virtio2-input.0 for eth0.
		 */
		if (procfs_path(path, sizeof(path), "/sys/class/net/") == 0
		    && strlen(path) + strlen(e->d_name) + 8 < sizeof(path)) {
			strcat(path, e->d_name);
			strcat(path, "/device");
			t = readlink(path, target, sizeof(target) - 1);
			if (t > 0) {
				target[t] = '\0';
				base = strrchr(target, '/');
				base = base != NULL ? base + 1 : target;
				/* A short name ("0") would match too much. */
				if (strlen(base) >= 3)
					procfs_copy_str(ifs[n].dev, sizeof(ifs[n].dev), base);
			}
		}
		n++;
	}
	closedir(d);
	return (int)n;
}

/*
 * Run the command argv (argv[0] found in PATH) with stdin and stderr on
 * /dev/null, and hand each line of its output to each(line, ctx).
 * Returns 0, or -1 when the command is not there, cannot run or exits
 * other than 0.
 */
int
procfs_command_each(char *const argv[], void (*each)(const char *line, void *ctx), void *ctx)
{
	char line[PROCFS_LINE_LEN];
	int fd[2], status;
	pid_t pid;
	FILE *f;

	if (pipe(fd) != 0)
		return -1;
	pid = fork();
	if (pid < 0) {
		close(fd[0]);
		close(fd[1]);
		return -1;
	}
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);

		if (null < 0 || dup2(null, 0) < 0 || dup2(null, 2) < 0 || dup2(fd[1], 1) < 0)
			_exit(127);
		close(fd[0]);
		close(fd[1]);
		close(null);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(fd[1]);
	f = fdopen(fd[0], "r");
	if (f == NULL)
		close(fd[0]);
	else {
		while (procfs_read_line(f, line, sizeof(line)) == 0)
			each(line, ctx);
		fclose(f);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return f != NULL && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

/* The interfaces of /sys/class/net but lo, sorted by name: their number, or -1. */
int
procfs_ifaces_sorted(struct procfs_iface *ifs, size_t max)
{
	int n = procfs_ifaces(ifs, max), i, k = 0;

	for (i = 0; i < n; i++)
		if (strcmp(ifs[i].name, "lo") != 0)
			ifs[k++] = ifs[i];
	if (n < 0)
		return -1;
	/* Sorted, so that a box reads the same whatever order sysfs lists them in. */
	qsort(ifs, (size_t)k, sizeof(*ifs), procfs_cmp_str);
	return k;
}
