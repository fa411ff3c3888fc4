# The results tool, hostbench-compare (results/): included by Makefile.am.
# In floors, each including only its own and those below: results/read
# reads result files, results/model computes what the tool shows (and
# prints nothing), results/render writes the model in each format,
# results/render/svg draws its charts, and results/ is the program.
pkglibexec_PROGRAMS += results/hostbench-compare
noinst_LIBRARIES += results/read/libread.a results/model/libmodel.a results/render/librender.a
HB_RESULTS_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/results
results_read_libread_a_CPPFLAGS = $(HB_RESULTS_CPPFLAGS)
results_read_libread_a_SOURCES = \
	results/read/metric_table.c \
	results/read/metric_table.h \
	results/read/metric_what.c \
	results/read/metric_what.h \
	results/read/resfile.c \
	results/read/resfile.h \
	results/read/resfile_col.c \
	results/read/resfile_col.h \
	results/read/resfile_hb.c \
	results/read/resfile_int.h \
	results/read/resfile_lm3.c
results_model_libmodel_a_CPPFLAGS = $(HB_RESULTS_CPPFLAGS)
results_model_libmodel_a_SOURCES = \
	results/model/ab.c \
	results/model/ab.h \
	results/model/abtest.c \
	results/model/abtest.h \
	results/model/build.c \
	results/model/build.h \
	results/model/caveats.c \
	results/model/caveats.h \
	results/model/changes.c \
	results/model/changes.h \
	results/model/compare.c \
	results/model/compare.h \
	results/model/curves.c \
	results/model/curves.h \
	results/model/fleet.c \
	results/model/fleet.h \
	results/model/hosts.c \
	results/model/hosts.h \
	results/model/ladder.c \
	results/model/ladder.h \
	results/model/notes.c \
	results/model/notes.h \
	results/model/num.c \
	results/model/num.h \
	results/model/report.h \
	results/model/series.c \
	results/model/series.h \
	results/model/summary.c \
	results/model/summary.h \
	results/model/variance.c \
	results/model/variance.h
results_render_librender_a_CPPFLAGS = $(HB_RESULTS_CPPFLAGS)
results_render_librender_a_SOURCES = \
	results/render/changes.c \
	results/render/changes.h \
	results/render/csv.c \
	results/render/csv.h \
	results/render/escape.c \
	results/render/escape.h \
	results/render/format.c \
	results/render/format.h \
	results/render/html.c \
	results/render/html.h \
	results/render/html_ab.c \
	results/render/html_fleet.c \
	results/render/html_int.h \
	results/render/html_runs.c \
	results/render/json.c \
	results/render/manresults.c \
	results/render/manresults.h \
	results/render/json.h \
	results/render/markdown.c \
	results/render/markdown.h \
	results/render/render.c \
	results/render/render.h \
	results/render/svg/delta.c \
	results/render/svg/delta.h \
	results/render/svg/ladder.c \
	results/render/svg/ladder.h \
	results/render/svg/load.c \
	results/render/svg/load.h \
	results/render/svg/memlat.c \
	results/render/svg/memlat.h \
	results/render/svg/plots.c \
	results/render/svg/plots.h \
	results/render/svg/svg.c \
	results/render/svg/svg.h \
	results/render/text.c \
	results/render/text.h \
	results/render/text_ab.c \
	results/render/text_ab.h \
	results/render/text_fleet.c \
	results/render/text_fleet.h
results_hostbench_compare_CPPFLAGS = $(HB_RESULTS_CPPFLAGS)
results_hostbench_compare_LDADD = results/render/librender.a results/model/libmodel.a results/read/libread.a \
	lib/host/libhost.a lib/core/libcore.a $(LIBM)
results_hostbench_compare_SOURCES = \
	results/hostbench-compare.c \
	results/operands.c \
	results/operands.h \
	results/options.c \
	results/options.h \
	results/sides.c \
	results/sides.h \
	results/usage.c \
	results/usage.h \
	results/write.c \
	results/write.h

# The fuzz target of the reader and the tool (tests/fuzz/resfile.c) and its
# check program compile these with the library's sources.
FUZZ_RESULTS_SOURCES = $(results_render_librender_a_SOURCES) $(results_read_libread_a_SOURCES) $(results_model_libmodel_a_SOURCES)
# The unit tests of the results tool's parts.
tests_results_changes_t_SOURCES = results/render/changes.c results/render/escape.c \
	results/render/format.c tests/results/changes-t.c
tests_results_notes_t_SOURCES = results/model/notes.c results/read/metric_table.c \
	results/render/format.c tests/results/notes-t.c
tests_results_usage_t_SOURCES = results/usage.c tests/results/usage-t.c
