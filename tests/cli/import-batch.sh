# A change that adds runs keeps the highest run id it began with; undo
# deletes the runs above it.  So an import of many runs logs no statement
# a run, and undo takes back exactly its runs, however they were edited.
set -e
fail() { echo "FAIL: $*"; exit 1; }
q() { sqlite3 "$GPULOG_DB" "$1"; }
gpulog add kaggle 1h -n mine >/dev/null
gpulog edit -1 -n "mine, edited" >/dev/null
[ "$(q 'SELECT count(*) FROM sqlite_master WHERE type="trigger" AND
    sql LIKE "% INSERT ON runs %"')" = 0 ] || fail "an insert into runs fires a trigger"
logged=$(q 'SELECT count(*) FROM undolog')
gpulog import csv "$DATA/import-good.csv" >/dev/null
n=$(q 'SELECT count(*) FROM runs')
[ "$n" -gt 2 ] || fail "the import added $((n - 1)) runs"
[ "$(q 'SELECT runs_above FROM changes ORDER BY id DESC LIMIT 1')" = 1 ] ||
    fail "the import's change does not keep the bound 1"
[ "$(q 'SELECT count(*) FROM undolog')" = "$logged" ] ||
    fail "the import logged statements a run"
# A later change edits an imported run and removes another; undoing it
# and then the import leaves my run alone.
gpulog edit 2 -n "imported, edited" >/dev/null
gpulog rm 3 >/dev/null
gpulog undo | grep -q "^undid: rm" || fail "undo did not take the rm"
gpulog undo | grep -q "^undid: edit" || fail "undo did not take the edit"
gpulog undo | grep -q "^undid: import csv" || fail "undo did not take the import"
[ "$(q 'SELECT count(*) FROM runs')" = 1 ] ||
    fail "undo left imported runs or took mine"
gpulog log | grep -q "mine, edited" || fail "my run changed"
# The undo before the import is still there, and still works.
gpulog undo | grep -q "^undid: edit" || fail "the older history was lost"
gpulog log | grep -q "  mine$" || fail "the edit was not undone"
gpulog undo | grep -q "^undid: add" || fail "undo did not take the add"
[ "$(q 'SELECT count(*) FROM runs')" = 0 ] || fail "undo left my run"
# A change that adds nothing keeps no bound.
gpulog import csv "$DATA/import-good.csv" >/dev/null
gpulog import csv "$DATA/import-good.csv" >/dev/null
[ "$(q 'SELECT count(*) FROM changes WHERE runs_above IS NOT NULL')" = 1 ] ||
    fail "an import that added nothing kept a bound"
echo "import-batch: ok"
