# A database left by schema version 1 opens in this build with every row
# intact, is migrated once, and undo still works on it.
set -e
fail() { echo "FAIL: $*"; exit 1; }
sqlite3 old.db <"$DATA/schema-v1.sql"
[ "$(sqlite3 old.db 'PRAGMA user_version')" = 1 ] || fail "fixture version"
before=$(sqlite3 old.db 'SELECT uid, platform, gpu, start_ts, end_ts,
    cost_minor, note, tags, project FROM runs ORDER BY id;
    SELECT uid, amount_minor, note FROM expenses;
    SELECT day, usd_inr_micro FROM fx ORDER BY day;
    SELECT value FROM settings ORDER BY key')
export GPULOG_DB=$PWD/old.db GPULOG_NOW=2026-11-20T13:00:00Z
gpulog log >log.txt
grep -q "resnet18 cifar10" log.txt || fail "log lost a note: $(cat log.txt)"
[ "$(wc -l <log.txt)" = 3 ] || fail "log: $(cat log.txt)"
gpulog --db fresh.db status >/dev/null
current=$(sqlite3 fresh.db 'PRAGMA user_version')
[ "$current" -gt 1 ] || fail "fresh database at version $current"
[ "$(sqlite3 old.db 'PRAGMA user_version')" = "$current" ] ||
    fail "not migrated to $current"
after=$(sqlite3 old.db 'SELECT uid, platform, gpu, start_ts, end_ts,
    cost_minor, note, tags, project FROM runs ORDER BY id;
    SELECT uid, amount_minor, note FROM expenses;
    SELECT day, usd_inr_micro FROM fx ORDER BY day;
    SELECT value FROM settings ORDER BY key')
[ "$before" = "$after" ] || fail "rows changed by the migration"
sqlite3 old.db 'SELECT count(*) FROM quota_snapshots; SELECT count(*) FROM
    run_metrics' >/dev/null || fail "new tables missing"
gpulog status --json | grep -q '"month": 3' || fail "plan start lost"
# The open run from v1 can be stopped, and undone.
gpulog stop >/dev/null
gpulog undo | grep -q "stop #3" || fail "undo after migration"
gpulog log | grep -q "(running)" || fail "undo did not reopen the run"
# The v1 history can still be undone: the plan start, then the fx rate.
gpulog undo | grep -q "plan --start" || fail "old undo history"
# Opening again migrates nothing more.
sqlite3 old.db 'PRAGMA integrity_check' | grep -qx ok || fail "integrity"
# A database from a newer gpulog is refused, untouched.
sqlite3 new.db 'PRAGMA user_version=99; CREATE TABLE t(x)'
if gpulog --db new.db status >out 2>err; then fail "opened a newer schema"; fi
grep -q "newer than this gpulog" err || fail "newer: $(cat err)"
[ "$(sqlite3 new.db 'PRAGMA user_version')" = 99 ] || fail "newer touched"
# A file of garbage bytes is no database: a message, exit 1, unchanged.
head -c 4096 /dev/urandom >junk.db
cp junk.db junk.orig
set +e
gpulog --db junk.db add kaggle 1h >out 2>err
rc=$?
set -e
[ "$rc" = 1 ] || fail "garbage: exit $rc"
grep -q "cannot open.*junk.db" err || fail "garbage: $(cat err)"
cmp -s junk.db junk.orig || fail "garbage file changed"
echo "migrate: ok"
