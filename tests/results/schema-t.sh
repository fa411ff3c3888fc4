#!/bin/sh
# schema-t: hostbench-compare --format json is what doc/hostbench-compare.schema.json
# (JSON Schema 2020-12) says it is, for every kind of report: one run, an
# A/B of runs and of rounds, sides of several runs, rate ladders, runs of
# several hosts, lmbench3 files, a file that cannot be read.  And the
# schema holds what it promises: every metric id is the metric table's,
# every verdict one of the words every format uses, every row's note
# one of its comparison's notes, each side's processes and samples there.
# Needs python3 with the jsonschema module (Debian: python3-jsonschema).
. "$top_srcdir/tests/tap/libtap.sh"

tool=$(cd "$top_builddir" && pwd)/results/hostbench-compare
[ -f "$tool" ] || skip_all "$tool is not built"
data=$(cd "$top_srcdir/tests/data" && pwd)
schema=$(cd "$top_srcdir/doc" && pwd)/hostbench-compare.schema.json
command -v python3 >/dev/null 2>&1 || skip_all 'no python3 to validate the JSON'
python3 -c 'import jsonschema' 2>/dev/null ||
	skip_all 'python3 has no jsonschema module (Debian: python3-jsonschema)'

plan 13

tmp=$(mktemp -d "${TMPDIR:-/tmp}/schema-t.XXXXXX") || bail 'mktemp -d failed'
_tap_cleanup_hook() { rm -rf "$tmp"; }

# valid DESCRIPTION ARGS...: the JSON of ARGS (in tests/data) is valid
# by the schema; the first errors are the diagnostics.
valid() {
	desc=$1
	shift
	# shellcheck disable=SC2086
	(cd "$data" && $TEST_WRAPPER "$tool" --format json "$@") >"$tmp/out.json" 2>"$tmp/err" </dev/null || :
	ok "$desc" python3 -c '
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
v = jsonschema.Draft202012Validator(schema)
errors = list(v.iter_errors(json.load(open(sys.argv[2]))))
for e in errors[:5]:
    sys.stderr.write("# %s: %s\n" % ("/".join(str(p) for p in e.path), e.message[:200]))
sys.exit(1 if errors else 0)' "$schema" "$tmp/out.json"
}

ok 'the schema is a valid JSON Schema 2020-12' python3 -c '
import json, sys, jsonschema
jsonschema.Draft202012Validator.check_schema(json.load(open(sys.argv[1])))' "$schema"
valid 'one lmbench3 run' vm.0
valid 'two runs, one process a side: not tested' hb-a.0 hb-b.0
valid 'an interleaved A/B of three rounds' hb-r-a.0 hb-r-b.0
valid 'sides of several runs' --a 'hb-r-a.0 hb-a.0' --b 'hb-r-b.0 hb-b.0'
valid 'rate ladders' ladder-a.0 ladder-b.0
valid 'runs through a box: shares tested as differences' box-a.0 box-b.0
valid 'runs of three hosts: the hosts, their table, the ranking' \
	fleet-vm.0 fleet-vm.1 fleet-nas.0 fleet-nas.1 fleet-big.0
valid 'lmbench3 and hostbench files of other hosts, not comparable rows' \
	lm3-a9-tcp.0 vm.0 hb-net-a.0 hb-net-b.0
printf 'not a result file\n' >"$tmp/bad.0"
valid 'a file that cannot be read: an error' hb-a.0 "$tmp/bad.0"

(cd "$data" && $TEST_WRAPPER "$tool" --format json hb-r-a.0 hb-r-b.0) >"$tmp/ab.json" 2>/dev/null </dev/null
(cd "$data" && $TEST_WRAPPER "$tool" --list-columns) >"$tmp/columns" 2>/dev/null </dev/null
ok 'every metric id is one of the metric table'"'"'s (--list-columns)' python3 -c '
import json, sys
known = set(l.split("\t")[4] for l in open(sys.argv[2]).read().splitlines()[1:])
d = json.load(open(sys.argv[1]))
ids = [c["metric"] for s in d["sections"] for c in s["columns"]]
ids += [r["metric"] for c in d["comparisons"] for s in c["sections"] for r in s["rows"]]
bad = [m for m in ids if m not in known]
assert ids and not bad, bad[:5]' "$tmp/ab.json" "$tmp/columns"
ok 'a row names the result it read, and every sample and process of each side' python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
row = [r for s in d["comparisons"][0]["sections"] for r in s["rows"] if r["metric"] == "LatSyscall/op=null"][0]
assert row["verdict"] == "slower" and abs(row["ratio"] - 2.037) < 0.01, row
for side in row["sides"]:
    v = side["values"][0]
    assert v["result"] == "LatSyscall/op=null", v
    assert len(v["processes"]) == 3 and len(v["samples"]) >= 3, v' "$tmp/ab.json"
(cd "$data" && $TEST_WRAPPER "$tool" --format json fleet-vm.0 fleet-nas.0) >"$tmp/two.json" 2>/dev/null </dev/null
ok 'each note once, its rows pointing at it' python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for c in d["comparisons"]:
    texts = [(n["verdict"], n["text"]) for n in c["notes"]]
    assert len(texts) == len(set(texts)), texts
    for s in c["sections"]:
        for r in s["rows"]:
            if r["why"]:
                n = c["notes"][r["note"] - 1]
                assert n["text"] == r["why"], (r, n)
                assert {"section": s["id"], "column": r["column"], "metric": r["metric"]} in n["rows"]
            else:
                assert r["note"] is None, r' "$tmp/two.json"
