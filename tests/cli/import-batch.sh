# A bulk import marks its runs with its change instead of logging one undo
# statement a run; undo deletes them by that mark and nothing else.
set -e
fail() { echo "FAIL: $*"; exit 1; }
gpulog add kaggle 1h -n mine >/dev/null
gpulog edit -1 -n "mine, edited" >/dev/null
logged=$(sqlite3 "$GPULOG_DB" 'SELECT count(*) FROM undolog')
gpulog import csv "$DATA/import-good.csv" >/dev/null
n=$(sqlite3 "$GPULOG_DB" 'SELECT count(*) FROM runs WHERE batch IS NOT NULL')
[ "$n" -gt 0 ] || fail "no run carries the import's mark"
[ "$(sqlite3 "$GPULOG_DB" 'SELECT count(*) FROM undolog')" = "$logged" ] ||
    fail "the import logged statements a run"
gpulog undo | grep -q "^undid: import csv" || fail "undo did not take the import"
[ "$(sqlite3 "$GPULOG_DB" 'SELECT count(*) FROM runs')" = 1 ] ||
    fail "undo left imported runs or took mine"
gpulog log | grep -q "mine, edited" || fail "my run changed"
# The undo before the import is still there, and still works.
gpulog undo | grep -q "^undid: edit" || fail "the older history was lost"
gpulog log | grep -q "  mine$" || fail "the edit was not undone"
echo "import-batch: ok"
