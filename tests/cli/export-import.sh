# export and `import json`: a round trip into a fresh database gives the
# same runs; a second import adds nothing; a cut-short file, a bad field
# and an unknown platform fail naming the file and change nothing;
# --dry-run writes nothing; undo takes a whole import back; a file's own
# platform is restored with its quota and rate.  Checks itself: exits
# non-zero and says what failed.
G=${GPULOG:-gpulog}
D=${DATA:-$(cd "$(dirname "$0")/../data" && pwd)}
tmp=${tmp:-$(pwd)}
db1=${GPULOG_DB:-$tmp/db}
db2=$tmp/db2
db3=$tmp/db3
fails=0

fail() {
	echo "FAIL: $*"
	fails=$((fails + 1))
}

# run DB ARGS...: gpulog on database DB; status in $rc, out and err files.
run() {
	db=$1
	shift
	GPULOG_DB=$db "$G" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
}

# expect CODE WHAT: the last run exited with CODE.
expect() {
	[ "$rc" = "$1" ] || fail "$2: exit $rc, want $1; stderr: $(cat \
	    "$tmp/err")"
}

# same_runs A B: the "runs" sections of two exports are identical.
same_runs() {
	python3 -c '
import json, sys
a = json.load(open(sys.argv[1]))["runs"]
b = json.load(open(sys.argv[2]))["runs"]
if a != b:
    print("runs differ:\n  %s\n  %s" % (a, b))
    sys.exit(1)
' "$1" "$2"
}

# count FILE SECTION: how many elements a section of an export holds.
count() {
	python3 -c 'import json, sys
print(len(json.load(open(sys.argv[1]))[sys.argv[2]]))' "$1" "$2"
}

note=$(printf 'note "quoted" \033[31m')
run "$db1" add kaggle 2h -g P100 -n "$note" -t a -t b
expect 0 "add kaggle"
run "$db1" add vast 14:00-17:30 -g "RTX 4090" --rate 0.32
expect 0 "add vast"
run "$db1" spend 899INR colab-pro
expect 0 "spend"

# Export to a file, atomically: no temporary file is left behind.
run "$db1" export -o "$tmp/one.json"
expect 0 "export -o"
ls "$tmp" | grep -q 'one.json.tmp' && fail "export left a temporary file"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["gpulog_export"] == 2, "marker"
assert d["exported"] == "2026-12-01T12:00:00Z", d["exported"]
runs = d["runs"]
assert len(runs) == 2, runs
k = [r for r in runs if r["platform"] == "kaggle"][0]
assert k["note"] == "note \"quoted\" \x1b[31m", repr(k["note"])
assert k["tags"] == ["a", "b"], k["tags"]
assert k["start"] == "2026-12-01T10:00:00Z", k["start"]
assert k["cu_centi"] is None and k["checkpointed"] is False
v = [r for r in runs if r["platform"] == "vast"][0]
assert v["cost_minor"] == 112 and v["currency"] == "USD", v
x = d["expenses"]
assert len(x) == 1 and x[0]["amount_minor"] == 89900, x
assert x[0]["currency"] == "INR" and x[0]["platform"] == "colab-pro", x
assert {"platforms", "quotas", "rates", "phases", "fx"} <= set(d)
' "$tmp/one.json" || fail "the export's content"
# The escape in the note is escaped in the file, never raw.
grep -q "$(printf '\033')" "$tmp/one.json" && fail "raw ESC in the export"

# Stdout and -o write the same document.
run "$db1" export
expect 0 "export to stdout"
cmp -s "$tmp/out" "$tmp/one.json" || fail "export and export -o differ"

# Into a fresh database, and out again: the same runs.
run "$db2" import json "$tmp/one.json"
expect 0 "import into a fresh database"
grep -q '^imported 2 runs (0 updated, 0 already there) and 1 expense' \
    "$tmp/out" || fail "first import said: $(cat "$tmp/out")"
run "$db2" export -o "$tmp/two.json"
expect 0 "export of the copy"
same_runs "$tmp/one.json" "$tmp/two.json" || fail "runs changed on the way"
[ "$(count "$tmp/two.json" expenses)" = 1 ] || fail "expenses not copied"

# The same file again adds nothing, and says so.
run "$db2" import json "$tmp/one.json"
expect 0 "second import"
grep -q '^imported 0 runs (0 updated, 2 already there) and 0 expenses' \
    "$tmp/out" || fail "second import said: $(cat "$tmp/out")"
run "$db2" export -o "$tmp/three.json"
same_runs "$tmp/one.json" "$tmp/three.json" || fail "second import changed"
[ "$(count "$tmp/three.json" expenses)" = 1 ] || fail "expense doubled"

# Importing a database's own export into it adds nothing either.
run "$db1" import json "$tmp/one.json"
grep -q '^imported 0 runs' "$tmp/out" || fail "self import: $(cat \
    "$tmp/out")"

# A cut-short file: exit 1, the file named, nothing changed.
head -c 2000 "$tmp/one.json" >"$tmp/cut.json"
run "$db3" log
before=$(cat "$tmp/out")
run "$db3" import json "$tmp/cut.json"
expect 1 "truncated file"
grep -q "^gpulog: $tmp/cut.json: not valid JSON: .*cut short" "$tmp/err" ||
    fail "truncated file said: $(cat "$tmp/err")"
run "$db3" log
[ "$(cat "$tmp/out")" = "$before" ] || fail "truncated import wrote"

# A bad field in the last run: nothing of the first three is written.
run "$db3" import json "$D/export-bad-time.json"
expect 1 "bad time"
grep -q 'export-bad-time.json: runs\[3\]\.start: invalid time "2026-13-01T' \
    "$tmp/err" || fail "bad time said: $(cat "$tmp/err")"
run "$db3" log
[ "$(cat "$tmp/out")" = "$before" ] || fail "bad-time import wrote"

# A platform neither here nor in the file: rolled back whole.
run "$db3" import json "$D/export-unknown-platform.json"
expect 1 "unknown platform"
grep -q 'runs\[1\]: unknown platform "nowhere"' "$tmp/err" ||
    fail "unknown platform said: $(cat "$tmp/err")"
run "$db3" log
[ "$(cat "$tmp/out")" = "$before" ] || fail "unknown-platform import wrote"

# Not an export at all.
run "$db3" import json "$D/export-not-export.json"
expect 1 "not an export"

# Unknown SOURCE is a usage error naming the known ones; a prefix works.
run "$db3" import nosuch "$tmp/one.json"
expect 2 "unknown source"
grep -q 'known sources: json' "$tmp/err" || fail "unknown source said: \
$(cat "$tmp/err")"

# --dry-run counts and writes nothing; stdin works as "-".
GPULOG_DB=$db3 "$G" import js - --dry-run <"$tmp/one.json" >"$tmp/out" \
    2>"$tmp/err"
rc=$?
expect 0 "dry run"
want='would add 2 runs, update 0, skip 0 (already there); would add 1 expense'
[ "$(head -n 1 "$tmp/out")" = "$want" ] ||
    fail "dry run said: $(cat "$tmp/out")"
# The file's settings are those db3 has (both made the same day): there
# is nothing newer to take.
grep -q "setting" "$tmp/out" &&
    fail "dry run would take settings it has: $(cat "$tmp/out")"
run "$db3" log
[ "$(cat "$tmp/out")" = "$before" ] || fail "dry run wrote"

# A real import, then undo takes all of it back.
run "$db3" import json "$tmp/one.json"
expect 0 "import before undo"
run "$db3" log
[ "$(cat "$tmp/out")" != "$before" ] || fail "import wrote nothing"
run "$db3" undo
expect 0 "undo"
run "$db3" log
[ "$(cat "$tmp/out")" = "$before" ] || fail "undo left runs: $(cat \
    "$tmp/out")"
run "$db3" export -o "$tmp/four.json"
[ "$(count "$tmp/four.json" expenses)" = 0 ] || fail "undo left expenses"

# A file's own platform comes with its quota and rate; the local catalog
# (Kaggle's quota, the catalog's exchange rate) is left alone.
run "$db3" import json "$D/export-new-platform.json"
expect 0 "import with a new platform"
run "$db3" export -o "$tmp/five.json"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
p = [x for x in d["platforms"] if x["key"] == "paperspace"]
assert p and p[0]["default_gpu"] == "A4000", p
q = {x["platform"]: x for x in d["quotas"]}
assert q["paperspace"]["amount"] == 12.5, q["paperspace"]
assert q["paperspace"]["window"] == "rolling", q["paperspace"]
assert q["kaggle"]["amount"] == 30, q["kaggle"]
assert [x for x in d["rates"] if x["platform"] == "paperspace"], "rate"
fx = {x["date"]: x["usd_inr_micro"] for x in d["fx"]}
assert fx == {"2026-07-01": 83500000, "2026-11-15": 84100000}, fx
r = d["runs"]
assert len(r) == 1 and r[0]["gpus"] == 2 and r[0]["checkpointed"], r
' "$tmp/five.json" || fail "restoring a platform"

# A hand-written file without ids imports once, not twice.
run "$db3" import json "$D/export-handwritten.json"
expect 0 "hand-written import"
run "$db3" import json "$D/export-handwritten.json"
grep -q '^imported 0 runs (0 updated, 3 already there) and 0 expenses' \
    "$tmp/out" || fail "hand-written twice said: $(cat "$tmp/out")"

# A database with runs of its own keeps its plan and currency.
own=$tmp/own.db
GPULOG_DB=$own "$G" plan --start 2026-05-01 >/dev/null
GPULOG_DB=$own "$G" add kaggle 1h >/dev/null
GPULOG_DB=$own "$G" import json "$tmp/one.json" >"$tmp/out" 2>&1
grep -q "settings" "$tmp/out" && fail "took settings: $(cat "$tmp/out")"
GPULOG_DB=$own "$G" plan --json | grep -q '"start": "2026-05-01"' ||
    fail "the import changed the plan of a database with runs"

if [ "$fails" -ne 0 ]; then
	echo "$fails failed"
	exit 1
fi
echo "export-import: all passed"
