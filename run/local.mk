# The suite runner, hostbench-run (run/): included by Makefile.am.  Its
# parts are a library, so that the unit tests link them and the multicall
# program (configure --enable-multicall) links them once with the
# programs; run/main.c is the program.
noinst_LIBRARIES += run/librun.a
run_librun_a_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/run
run_librun_a_SOURCES = \
	run/ab.c \
	run/busy.c \
	run/busy.h \
	run/case.c \
	run/opts.c \
	run/profile.c \
	run/profile.h \
	run/progress.c \
	run/progress.h \
	run/record.c \
	run/runner.c \
	run/runner.h \
	run/stale.c \
	run/suite.c \
	run/suite.h
BUILT_SOURCES = run/suite-table.h
# (and named here, so that a program made by name, not by all, has it)
run/librun_a-suite.$(OBJEXT): run/suite-table.h
EXTRA_PROGRAMS = bench/hostbench-run
bench_hostbench_run_SOURCES = run/main.c
bench_hostbench_run_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/run
bench_hostbench_run_LDADD = run/librun.a $(LDADD)

# The suite's table (scripts/suite.tab) built into the runner, without its
# comments: a C string per row (run/suite.c includes them).
run/suite-table.h: $(srcdir)/scripts/suite.tab
	$(AM_V_GEN)$(MKDIR_P) run && { \
		echo '/* Made by make from scripts/suite.tab: the suite'"'"'s table (run/suite.h). */'; \
		$(SED) -e '/^#/d' -e '/^$$/d' -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/	/\\t/g' \
			-e 's/^/	"/' -e 's/$$/\\n",/' $(srcdir)/scripts/suite.tab; \
		} >$@.tmp && mv $@.tmp $@
CLEANFILES += run/suite-table.h
