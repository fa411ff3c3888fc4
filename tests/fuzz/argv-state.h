/*
 * Forced (-include) into each benchmark's source when make fuzz compiles
 * it for the argv target: the program's static variables go into two
 * sections of their own, which tests/fuzz/argv.c saves before the first
 * run and puts back before every other, so that no run sees what one
 * before it set (a -s that lat_fs counts, a pointer into a freed argv).
 * clang only, as the fuzz targets are.
 */
#pragma clang section bss = "hb_argv_bss" data = "hb_argv_data"
