/*
 * The suite runner's policies (run/): the profile table, the suite's
 * expansion with its size cuts, the noise line and the noisy verdict on a
 * fake /proc, the time left on a fake clock, the A B B A order, and
 * publishing that never replaces a file.  The expected cases are those
 * the sh runner this one replaced wrote for the same settings.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "busy.h"
#include "profile.h"
#include "progress.h"
#include "runner.h"
#include "suite.h"
#include "tap/basic.h"

/* The arguments of the cases of prog, joined by "; ". */
static const char *
args_of(const struct suite_cases *c, const char *prog)
{
	static char buf[4096];
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < c->n; i++)
		if (strcmp(c->v[i].prog, prog) == 0)
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%s", n ? "; " : "", c->v[i].args);
	return buf;
}

static const struct suite_case *
find_case(const struct suite_cases *c, const char *prog, const char *args)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (strcmp(c->v[i].prog, prog) == 0 && strcmp(c->v[i].args, args) == 0)
			return &c->v[i];
	return NULL;
}

static void
write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f == NULL || fputs(text, f) < 0 || fclose(f) != 0)
		bail("cannot write %s", path);
}

static void
test_profiles(void)
{
	const struct profile *q = profile_find(PROFILE_DEFAULT), *t = profile_find("test");
	char names[64];

	is_int(4, profile_count, "four profiles");
	is_string("test, quick, standard, full", profile_names(names, sizeof(names)), "... in order");
	ok(q != NULL && q->reps == 3 && strcmp(q->sample, "2ms") == 0 && q->rounds == 3,
	   "quick: -N 3 -T 2ms, 3 rounds");
	ok(t != NULL && t->rounds == 1 && t->scale < 1, "test: 1 round, its time a share of quick's");
	ok(profile_find("fast") == NULL, "an unknown profile is not found");
	ok(profile_find("full")->bw_kb[0] == 256 && profile_find("full")->bw_kb[2] == PROFILE_MEM,
	   "full: bw_mem at 256k and 8m too, then the memory size");
}

static void
test_parse(void)
{
	struct suite s;
	char err[128];

	int rc = suite_parse(&s, suite_table(), err, sizeof(err));

	ok(rc == 0 && s.n > 70, "the built-in table reads (%zu rows)", rc == 0 ? s.n : 0);
	ok(suite_has(&s, "lat_syscall") && !suite_has(&s, "hostinfo"), "lat_syscall is a program of it, hostinfo not");
	suite_free(&s);
	ok(suite_parse(&s, "# a comment\n\nmhz\tall\t0.01/0.02\tparams:Mhz\t-\n", err, sizeof(err)) == 0
	   && s.n == 1 && strcmp(s.rows[0].args, "") == 0 && s.rows[0].secs[1] == 0.02,
	   "a row: comments skipped, '-' is no arguments, seconds QUICK/STANDARD");
	suite_free(&s);
	ok(suite_parse(&s, "mhz\tall\t0.01/0.02\n", err, sizeof(err)) != 0 && strstr(err, "line 1") != NULL,
	   "a row of 3 fields is refused, naming its line");
	ok(suite_parse(&s, "x\tall\t1/2\t-\t-\ny\tsome\t1/2\t-\t-\n", err, sizeof(err)) != 0
	   && strstr(err, "line 2: profiles") != NULL, "an unknown profiles field is refused");
	ok(suite_parse(&s, "x\tall\tfast\t-\t-\n", err, sizeof(err)) != 0, "seconds that are no number are refused");
	ok(suite_listed("b", "a,b,c") && !suite_listed("b", "a,bb") && !suite_listed("a", NULL),
	   "a comma-separated list matches whole names");
}

static void
test_expand(void)
{
	struct suite s;
	struct suite_settings st;
	struct suite_cases c;
	const struct suite_case *k;
	char err[128];
	size_t i;
	int placeholders = 0;

	if (suite_parse(&s, suite_table(), err, sizeof(err)) != 0)
		bail("the table: %s", err);
	/* Full, a 4M cache (16m buffers), 3 MB free: every program takes at
	 * most half of it, its buffers cut to a power of two (the sh
	 * runner's cases for HOSTBENCH_LLC=4m HOSTBENCH_MEM_AVAILABLE=3m). */
	memset(&st, 0, sizeof(st));
	st.prof = profile_find("full");
	st.mem_kb = 16384;
	st.avail_kb = 3072;
	ok(suite_expand(&s, &st, &c) == 0, "full, 3 MB free: expands");
	ok(find_case(&c, "bw_mem", "256k rd") != NULL && find_case(&c, "bw_mem", "1m rd") != NULL
	   && find_case(&c, "bw_mem", "8m rd") == NULL && strstr(args_of(&c, "bw_mem"), "16m") == NULL,
	   "bw_mem rd at 256k and 1m (8m and 16m cut to the 1.5 MB allowed)");
	ok(find_case(&c, "bw_mem", "512k bcopy") != NULL && find_case(&c, "bw_mem", "1m bcopy") == NULL,
	   "its copies hold two buffers: 512k at most");
	ok(find_case(&c, "stream", "-v 2 -M 512k") != NULL, "stream's three arrays: 512k");
	ok(find_case(&c, "lat_mmap", "-r 512k") != NULL && find_case(&c, "bw_file_rd", "512k io_only") != NULL,
	   "lat_mmap and bw_file_rd: one size, 512k");
	ok(find_case(&c, "lat_mem_rd", "-T 10ms -t 1 128") != NULL && find_case(&c, "cache", "-T 10ms -M 1m") != NULL,
	   "the walks: 1 MB, the least");
	for (i = 0; i < c.n; i++)
		placeholders += strchr(c.v[i].args, '@') != NULL || strstr(c.v[i].args, "  ") != NULL;
	is_int(0, placeholders, "no placeholder or double blank is left");
	is_int(82, (long long)c.n, "82 cases, as the sh runner had");
	suite_cases_free(&c);

	/* Quick, 40 kB free: lat_mmap's size is cut below its least. */
	st.prof = profile_find("quick");
	st.avail_kb = 40;
	st.only = "lat_mmap,bw_file_rd";
	ok(suite_expand(&s, &st, &c) == 0, "quick, 40 kB free, two programs: expands");
	k = find_case(&c, "lat_mmap", "8k");
	ok(k != NULL && k->skipped != NULL && k->ds == 0, "lat_mmap 8k is skipped, taking no time");
	is_string("skipped: only 40 kB free, the least for lat_mmap is 16k, which needs 64 kB",
		  k != NULL && k->skipped != NULL ? k->skipped : "", "... saying why");
	k = find_case(&c, "bw_file_rd", "8k io_only");
	ok(k != NULL && k->skipped == NULL && k->ds >= 1, "bw_file_rd 8k runs (its least is 4k)");
	is_int(4, (long long)c.n, "only those two programs' cases");
	suite_cases_free(&c);

	/* Quick, memory unknown, a 260M cache: the memory size stops at
	 * 128m; the network settings reach the remote cases. */
	memset(&st, 0, sizeof(st));
	st.prof = profile_find("quick");
	st.mem_kb = 4 * 266240;
	st.remote = "far";
	st.net_time = "500ms";
	st.tcp_window = "64k";
	st.streams = "3";
	st.box_host = "box:7000";
	ok(suite_expand(&s, &st, &c) == 0, "quick, a remote host: expands");
	ok(find_case(&c, "bw_mem", "128m frd") != NULL, "bw_mem: 128m, quick's cap");
	ok(find_case(&c, "bw_tcp", "-t 500ms -w 64k -P 3 -A box:7000 far") != NULL,
	   "bw_tcp: --net-time, the window, the streams, the box, the host");
	ok(find_case(&c, "lat_load", "-t 500ms -u 3 -d 3 -A box:7000 far") != NULL, "lat_load: the streams each way");
	k = find_case(&c, "mhz", "");
	ok(k != NULL && k->ds == 1, "mhz: weight 1 ds (0.01 s, at least 1)");
	suite_cases_free(&c);
	st.remote = NULL;
	st.skip = "bw_tcp";
	ok(suite_expand(&s, &st, &c) == 0 && find_case(&c, "lat_tcp", "far") == NULL
	   && args_of(&c, "bw_tcp")[0] == '\0', "no remote host: no remote case; --skip leaves bw_tcp out");
	suite_cases_free(&c);
	suite_free(&s);
	is_int(8192, (long long)suite_cap(8192, UINT64_MAX), "cap: no limit");
	is_int(1024, (long long)suite_cap(8192, 1536), "cap: the largest power of two below the limit");
	is_int(1, (long long)suite_cap(8192, 0), "cap: at least 1");
}

static void
test_busy(const char *dir)
{
	char root[600], path[700], line[256], load[64];
	struct busy_snap a, b;
	struct busy_verdict v;

	snprintf(root, sizeof(root), "%s/proc", dir);
	mkdir(root, 0700);
	snprintf(path, sizeof(path), "%s/stat", root);
	write_file(path, "cpu  100 0 100 1000 0 0 0 0 0 0\ncpu0 50 0 50 500 0 0 0 0 0 0\n"
		   "cpu1 50 0 50 500 0 0 0 0 0 0\nintr 1\n");
	busy_read(&a, root);
	ok(a.ok && a.ncpu == 2 && a.cpu[3] == 1000, "a fake /proc/stat reads: 2 CPUs");
	/* 200 ticks of wall time on 2 CPUs (400 in all): 160 busy, 40 of
	 * them stolen, 20 the case's own (its reaped children's). */
	write_file(path, "cpu  200 0 120 1240 0 0 0 40 0 0\ncpu0 1 0 0 0 0 0 0 0 0 0\ncpu1 1 0 0 0 0 0 0 0 0 0\n");
	busy_read(&b, root);
	snprintf(path, sizeof(path), "%s/loadavg", root);
	write_file(path, "3.50 2.00 1.00 2/300 1234\n");
	busy_loadavg(load, sizeof(load), root);
	b.kids_ticks = a.kids_ticks + 20;
	busy_line(line, sizeof(line), &a, &b, load);
	is_string("# noise: cpu-others=0.70 steal=0.20 ticks=200 load=3.50", line,
		  "the noise line: others' CPUs less the case's own, steal, ticks, load");
	busy_judge(line, NULL, &v);
	ok(strstr(v.why, "other processes used 0.70 CPUs (threshold 0.25)") != NULL
	   && strstr(v.why, "steal took 0.20 CPUs (threshold 0.10)") != NULL, "noisy: others and steal, each named");
	busy_judge("# noise: cpu-others=0.80 steal=0.00 ticks=3", NULL, &v);
	ok(v.why[0] == '\0' && v.score > 1, "over 3 ticks, 0.55 CPUs too many is 1.65 ticks: noise, not marked");
	busy_judge("# noise: cpu-others=0.80 steal=0.00 ticks=4", NULL, &v);
	ok(v.why[0] != '\0', "... over 4, 2.2 ticks: marked");
	busy_judge(NULL, "# noise-self: nivcsw=0 nvcsw=0 children-csw=0 wall-ms=1000 run-ms=360 wait-ms=640 "
		   "others-ms=900 cpus=2", &v);
	is_string("its processes waited for a CPU 64% of the time (threshold 25%)", v.why,
		  "waiting for a CPU while others used the CPUs: noisy (64%%)");
	busy_judge(NULL, "# noise-self: nivcsw=0 nvcsw=0 children-csw=0 wall-ms=1000 run-ms=360 wait-ms=640 "
		   "others-ms=100 cpus=2", &v);
	ok(v.why[0] == '\0', "... not when the CPUs were its own processes' (partners wait for each other)");
	busy_judge(NULL, "# noise-self: nivcsw=0 nvcsw=0 children-csw=0 wall-ms=1000 run-ms=600 wait-ms=400", &v);
	ok(v.why[0] == '\0', "others unknown: 40%% is below the 50%% threshold");
	busy_judge(NULL, "# noise-self: nivcsw=500 nvcsw=2 children-csw=0 wall-ms=1000", &v);
	is_string("500 involuntary context switches per second (threshold 100)", v.why,
		  "no schedstat: a program alone preempted 500 times a second");
	busy_judge(NULL, "# noise-self: nivcsw=500 nvcsw=2 children-csw=40 wall-ms=1000", &v);
	ok(v.why[0] == '\0', "... not one whose children hand work to each other");
	snprintf(path, sizeof(path), "%s/nowhere", dir);
	busy_read(&a, path);
	ok(!a.ok && busy_line(line, sizeof(line), &a, &b, NULL) == 0 && line[0] == '\0',
	   "without /proc/stat: no noise line");
}

static void
test_progress(void)
{
	struct progress p = { 100, 40, 800, 0, 0, 0 };
	char t[32];

	/* 40 of 100 weights done in 80 s, a prior of 100 / 20 + 1 weights at
	 * that pace: 60 * 806 / 46. */
	is_int(1051, progress_left(&p), "time left without --settle: the pace so far");
	/* With --settle=10, 30 s of the 80 waited: the benchmarks' pace
	 * leaves them out (60 * 506 / 46 = 660), the waits to come at their
	 * rate (60 * 300 / 46 = 391) capped by the 30 s left of 60. */
	p.settle = 1;
	p.settle_spent = 300;
	p.settle_total = 600;
	is_int(960, progress_left(&p), "with --settle=10: the benchmarks' pace, and the 30 s of wait still allowed");
	p.settle_total = 6000;
	is_int(1051, progress_left(&p), "with --settle=100: and the waits at their rate so far");
	is_string("0.4s", progress_fmt(t, sizeof(t), 4), "0.4s");
	is_string("45s", progress_fmt(t, sizeof(t), 450), "45s");
	is_string("3m05s", progress_fmt(t, sizeof(t), 1850), "3m05s");
	is_string("1h02m", progress_fmt(t, sizeof(t), 37200), "1h02m");
}

static void
test_order(void)
{
	char seq[16];
	unsigned k, j, n = 0;

	for (k = 1; k <= 4; k++)
		for (j = 0; j < 2; j++)
			seq[n++] = ab_order(k, j) == 0 ? 'A' : 'B';
	seq[n] = '\0';
	is_string("ABBAABBA", seq, "rounds of an experiment: A B, B A, A B, B A");
}

/* What a killed ab left (its scratch directory: a pid that is gone,
 * "ab", how to put the machine back and the state it last set, a
 * temporary result): the next run puts the machine back and removes it. */
static void
test_stale(const char *dir)
{
	char tmp[600], sd[700], path[800], cmd[900], text[64] = "";
	struct stat st;
	FILE *f;

	snprintf(tmp, sizeof(tmp), "%s/stale", dir);
	mkdir(tmp, 0700);
	snprintf(sd, sizeof(sd), "%s/hostbench.AbCdEf", tmp);
	mkdir(sd, 0700);
	snprintf(path, sizeof(path), "%s/pid", sd);
	write_file(path, "99999999\n");
	snprintf(path, sizeof(path), "%s/cmd", sd);
	write_file(path, "ab\n");
	snprintf(cmd, sizeof(cmd), "echo A >'%s/machine'\n", tmp);
	snprintf(path, sizeof(path), "%s/restore", sd);
	write_file(path, cmd);
	snprintf(path, sizeof(path), "%s/side", sd);
	write_file(path, "B\n");
	snprintf(path, sizeof(path), "%s/machine", tmp);
	write_file(path, "B\n");
	snprintf(path, sizeof(path), "%s/.vm.XyZ123", tmp);
	write_file(path, "hostbench: 0.1.0\n");
	snprintf(cmd, sizeof(cmd), "%s\n", path);
	snprintf(path, sizeof(path), "%s/result", sd);
	write_file(path, cmd);
	/* A live run's directory beside it (this process's pid) stays. */
	snprintf(path, sizeof(path), "%s/hostbench.LiVe00", tmp);
	mkdir(path, 0700);
	snprintf(cmd, sizeof(cmd), "%s/pid", path);
	snprintf(text, sizeof(text), "%ld\n", (long)getpid());
	write_file(cmd, text);
	R.proc = "/proc";
	stale_clean(tmp);
	snprintf(path, sizeof(path), "%s/machine", tmp);
	text[0] = '\0';
	if ((f = fopen(path, "r")) != NULL) {
		if (fgets(text, sizeof(text), f) == NULL)
			text[0] = '\0';
		fclose(f);
	}
	is_string("A\n", text, "a killed ab's machine is put back by the next run (restore, from B)");
	ok(stat(sd, &st) != 0, "... its scratch directory is removed");
	snprintf(path, sizeof(path), "%s/.vm.XyZ123", tmp);
	ok(stat(path, &st) != 0, "... and its temporary result");
	snprintf(path, sizeof(path), "%s/hostbench.LiVe00", tmp);
	ok(stat(path, &st) == 0, "a live run's directory is left alone");
}

static void
test_publish(const char *dir)
{
	char path[600], partial[4096] = "", text[64] = "";
	int dfd, fd;
	FILE *f;

	snprintf(path, sizeof(path), "%s/res", dir);
	mkdir(path, 0700);
	dfd = open(path, O_RDONLY | O_DIRECTORY);
	snprintf(path, sizeof(path), "%s/res/.tmp", dir);
	write_file(path, "new\n");
	snprintf(path, sizeof(path), "%s/res/vm.0", dir);
	write_file(path, "old\n");
	errno = 0;
	ok(record_link(dfd, ".tmp", "vm.0", partial, sizeof(partial)) != 0 && errno == EEXIST,
	   "publishing as a name that is taken fails (EEXIST)");
	f = fopen(path, "r");
	if (f != NULL) {
		if (fgets(text, sizeof(text), f) == NULL)
			text[0] = '\0';
		fclose(f);
	}
	is_string("old\n", text, "... and the file there is as it was");
	snprintf(path, sizeof(path), "%s/res/vm.1", dir);
	ok(record_link(dfd, ".tmp", "vm.1", partial, sizeof(partial)) == 0 && access(path, R_OK) == 0,
	   "a free name is published");
	snprintf(path, sizeof(path), "%s/res/link", dir);
	ok(symlink("vm.0", path) == 0 && record_link(dfd, ".tmp", "link", partial, sizeof(partial)) != 0
	   && errno == EEXIST, "a symbolic link is a taken name, never written through");
	fd = open(path, O_RDONLY | O_NOFOLLOW);
	ok(fd < 0, "... it is still the link");
	if (fd >= 0)
		close(fd);
	close(dfd);

	/* A user private group: the primary group, no other member, no
	 * other user's primary group. */
	snprintf(path, sizeof(path), "%s/passwd", dir);
	{
		char pw[512], gr[512], gpath[600];

		snprintf(pw, sizeof(pw), "me:x:%lu:%lu::/:/bin/sh\nother:x:%lu:%lu::/:/bin/sh\n",
			 (unsigned long)getuid(), (unsigned long)getgid(), (unsigned long)getuid() + 1,
			 (unsigned long)getgid() + 1);
		write_file(path, pw);
		snprintf(gpath, sizeof(gpath), "%s/group", dir);
		snprintf(gr, sizeof(gr), "mine:x:%lu:\n", (unsigned long)getgid());
		write_file(gpath, gr);
		ok(record_private_group(getgid(), gpath, path), "a group of the user alone is the user's own");
		snprintf(gr, sizeof(gr), "mine:x:%lu:me,other\n", (unsigned long)getgid());
		write_file(gpath, gr);
		ok(!record_private_group(getgid(), gpath, path), "... not with another member");
		snprintf(gr, sizeof(gr), "mine:x:%lu:\n", (unsigned long)getgid());
		write_file(gpath, gr);
		snprintf(pw, sizeof(pw), "me:x:%lu:%lu::/:/bin/sh\nother:x:%lu:%lu::/:/bin/sh\n",
			 (unsigned long)getuid(), (unsigned long)getgid(), (unsigned long)getuid() + 1,
			 (unsigned long)getgid());
		write_file(path, pw);
		ok(!record_private_group(getgid(), gpath, path), "... nor when it is another user's primary group");
		ok(!record_private_group(getgid() + 1, gpath, path), "another group is not the user's own");
	}
}

int
main(void)
{
	const char *tmp = getenv("TMPDIR");
	char dir[512], cmd[600];

	snprintf(dir, sizeof(dir), "%s/runner-t.XXXXXX", tmp != NULL && tmp[0] != '\0' ? tmp : "/tmp");
	if (mkdtemp(dir) == NULL)
		bail("mkdtemp %s", dir);
	plan(67);
	test_profiles();
	test_parse();
	test_expand();
	test_busy(dir);
	test_progress();
	test_order();
	test_publish(dir);
	test_stale(dir);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : 1;
}
