# Every earlier schema (the fixtures tests/data/schema-vN.sql, each dumped
# from the gpulog that wrote that version) opens in this build with every
# row intact, ends at this build's schema version, and undo still works: the
# open run can be stopped and the stop undone, and the history the old
# gpulog wrote still undoes (for v3, a csv import logged run by run; for
# v4, one whose runs carry its change as a mark).  The catalog follows this
# build's facts, but from v5 on the fixture's Kaggle quota is the user's
# (25 h a week), set before catalog rows were stamped (v8): it stays, and
# its undo gives back the 30 h in session hours.
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
export GPULOG_NOW=2026-11-20T13:00:00Z
rows() {
	sqlite3 "$1" 'SELECT id, uid, platform, gpu, gpus, start_ts, end_ts,
	    cost_minor, currency, rate_micro, cu_centi, checkpointed, note,
	    project, tags, source, source_id, created, modified FROM runs
	    ORDER BY id;
	SELECT id, uid, at, platform, amount_minor, currency, note, source,
	    source_id FROM expenses ORDER BY id;
	SELECT day, usd_inr_micro, source FROM fx ORDER BY day;
	SELECT key, value FROM settings ORDER BY key;
	SELECT id, what FROM changes ORDER BY id'
}
q() { sqlite3 "$GPULOG_DB" "$1"; }
# Schema 15: run_hours holds the ended runs summed by hour, as the runs
# themselves sum: the rows that differ either way, 0 when it is true.
hours_astray() {
	by_hour="SELECT start_ts - start_ts % 3600, platform,
	    coalesce(currency, ''), sum(cost_minor), sum((end_ts - start_ts) *
	    gpus), count(*) FROM runs WHERE end_ts IS NOT NULL GROUP BY 1, 2, 3"
	q "SELECT (SELECT count(*) FROM ($by_hour EXCEPT SELECT * FROM
	    run_hours)) + (SELECT count(*) FROM (SELECT * FROM run_hours EXCEPT
	    $by_hour))"
}

gpulog --db fresh.db status >/dev/null
current=$(sqlite3 fresh.db 'PRAGMA user_version')
[ "$current" -ge 4 ] || fail "fresh database at version $current, older than a fixture"

meters="SELECT group_concat(platform || '=' || unit || '=' || amount, ' ')
    FROM (SELECT * FROM quotas ORDER BY platform)"
fresh_meters=$(sqlite3 fresh.db "$meters")
for want in kaggle=session_s=108000 lightning=credit=0 colab-pro=cu=10000; do
	case " $fresh_meters " in
	*" $want "*) ;;
	*) fail "fresh database: no quota $want in $fresh_meters" ;;
	esac
done

for fixture in "$DATA"/schema-v*.sql; do
	v=${fixture##*schema-v}
	v=${v%.sql}
	db=$PWD/v$v.db
	export GPULOG_DB=$db
	sqlite3 "$db" <"$fixture"
	[ "$(q 'PRAGMA user_version')" = $v ] || { fail "v$v: fixture at $(
	    q 'PRAGMA user_version')"; continue; }
	before=$(rows "$db")
	nruns=$(q 'SELECT count(*) FROM runs')
	open=$(q 'SELECT id FROM runs WHERE end_ts IS NULL')
	[ -n "$open" ] || fail "v$v: fixture has no open run"
	if ! gpulog log >log.$v 2>err.$v; then
		fail "v$v: log: $(cat err.$v)"
		continue
	fi
	[ "$(wc -l <log.$v)" = "$nruns" ] || fail "v$v: log shows $(wc -l \
	    <log.$v) runs, want $nruns"
	grep -q "resnet18 cifar10" log.$v || fail "v$v: log lost a note"
	[ "$(q 'PRAGMA user_version')" = "$current" ] ||
	    fail "v$v: at version $(q 'PRAGMA user_version'), want $current"
	rows "$db" >after.$v
	echo "$before" | diff - after.$v >diff.$v ||
	    fail "v$v: rows changed: $(head -n 6 diff.$v)"
	q 'SELECT count(*) FROM quota_snapshots; SELECT count(*) FROM
	    run_metrics' >/dev/null 2>&1 || fail "v$v: new tables missing"
	# Schema 14: undo's triggers are each connection's own, not the
	# file's, which holds none to parse on every open.
	[ "$(q "SELECT count(*) FROM sqlite_master WHERE type = 'trigger'")" \
	    = 0 ] || fail "v$v: triggers left in the file: $(q "SELECT
	    group_concat(name) FROM sqlite_master WHERE type = 'trigger'")"
	# Schema 6: the Kaggle quota counts session hours; the catalog's
	# own rows follow the binary, so Lightning's free tier is credits.
	# The same quotas as a new database's, but for the user's own.
	user=
	if [ "$v" -ge 5 ]; then
		user=kaggle=session_s=90000
		[ "$(q "SELECT modified > 0 FROM quotas WHERE platform =
		    'kaggle'")" = 1 ] || fail "v$v: the user's quota not stamped"
	fi
	[ "$(q "$meters")" = "$(echo "$fresh_meters" | sed \
	    "s/kaggle=session_s=108000/${user:-&}/")" ] ||
	    fail "v$v: quota meters: $(q "$meters")"
	# Opening again changes nothing more.
	gpulog status >/dev/null 2>err.$v || fail "v$v: status: $(cat err.$v)"
	[ "$(rows "$db")" = "$before" ] || fail "v$v: second open changed rows"
	q 'PRAGMA integrity_check' | grep -qx ok || fail "v$v: integrity"
	[ "$(q 'SELECT count(*) FROM run_hours')" -gt 0 ] &&
	    [ "$(hours_astray)" = 0 ] || fail "v$v: run_hours astray"
	gpulog status --json | grep -q '"month": 3' || fail "v$v: plan start lost"

	# The open run is stopped, the stop undone.
	gpulog stop >out.$v 2>err.$v || fail "v$v: stop: $(cat err.$v)"
	[ "$(q "SELECT end_ts FROM runs WHERE id=$open")" = 1795179600 ] ||
	    fail "v$v: stop did not end #$open at 13:00"
	gpulog undo >out.$v 2>err.$v || fail "v$v: undo stop: $(cat err.$v)"
	grep -q "stop #$open" out.$v || fail "v$v: undo said: $(cat out.$v)"
	[ "$(q "SELECT count(*) FROM runs WHERE id=$open AND end_ts IS NULL")" \
	    = 1 ] || fail "v$v: undo did not reopen #$open"
	# Undo is a change of its own: it puts every field back but stamps
	# the run with its time, so that on another machine it wins over the
	# stop it took back.
	[ "$(rows "$db" | sed "s/^$open|\(.*\)|[0-9]*\$/$open|\1|T/")" = \
	    "$(echo "$before" | sed "s/^$open|\(.*\)|[0-9]*\$/$open|\1|T/")" ] ||
	    fail "v$v: stop+undo changed rows"
	[ "$(q "SELECT modified FROM runs WHERE id=$open")" = \
	    "$(q "SELECT strftime('%s', '$GPULOG_NOW')")" ] ||
	    fail "v$v: undo did not stamp #$open with its time"

	# The old history: the user's quota, the plan start, the fx rate, the
	# start of the run.
	if [ "$v" -ge 5 ]; then
		gpulog undo >out.$v 2>err.$v || fail "v$v: undo quota: $(cat err.$v)"
		grep -q "platforms set kaggle" out.$v ||
		    fail "v$v: undo quota said: $(cat out.$v)"
		[ "$(q "SELECT unit || '=' || amount FROM quotas WHERE platform =
		    'kaggle'")" = session_s=108000 ] ||
		    fail "v$v: undo quota left $(q "SELECT * FROM quotas")"
	fi
	gpulog undo >out.$v 2>err.$v || fail "v$v: undo plan: $(cat err.$v)"
	grep -q "plan --start" out.$v || fail "v$v: undo plan said: $(cat out.$v)"
	[ "$(q "SELECT value FROM settings WHERE key='plan.start'")" = \
	    2026-11-01 ] || fail "v$v: plan start not restored"
	gpulog undo >out.$v 2>err.$v || fail "v$v: undo fx: $(cat err.$v)"
	grep -q "fx 84.1" out.$v || fail "v$v: undo fx said: $(cat out.$v)"
	[ "$(q "SELECT count(*) FROM fx WHERE source='user'")" = 0 ] ||
	    fail "v$v: user fx rate not removed"
	gpulog undo >out.$v 2>err.$v || fail "v$v: undo start: $(cat err.$v)"
	grep -q "start #$open" out.$v || fail "v$v: undo start said: $(cat out.$v)"
	[ "$(q "SELECT count(*) FROM runs WHERE id=$open")" = 0 ] ||
	    fail "v$v: undo start left #$open"
	if [ $v -ge 3 ]; then
		# A csv import logged run by run (schema 3) or marked (schema
		# 4) still undoes as a whole.
		[ "$(q "SELECT count(*) FROM runs WHERE source='csv'")" = 2 ] ||
		    fail "v$v: fixture csv runs"
		gpulog undo >out.$v 2>err.$v || fail "v$v: undo import: $(cat err.$v)"
		grep -q "import csv" out.$v || fail "v$v: undo import said: $(cat out.$v)"
		[ "$(q "SELECT count(*) FROM runs WHERE source='csv'")" = 0 ] ||
		    fail "v$v: undo import left csv runs"
	fi
	gpulog undo >out.$v 2>err.$v || fail "v$v: undo spend: $(cat err.$v)"
	grep -q "spend" out.$v || fail "v$v: undo spend said: $(cat out.$v)"
	[ "$(q 'SELECT count(*) FROM expenses')" = 0 ] ||
	    fail "v$v: undo spend left the expense"
	[ "$(q 'SELECT count(*) FROM runs')" = 2 ] ||
	    fail "v$v: $(q 'SELECT count(*) FROM runs') runs after undoing, want 2"
	q 'PRAGMA integrity_check' | grep -qx ok || fail "v$v: integrity at end"
	[ "$(hours_astray)" = 0 ] || fail "v$v: run_hours astray after undo"
	echo "v$v: migrated to $current, rows intact, undo ok"
done

# A long history's upgrade says so first, once; the Runs view's index is
# built by it, not on the dashboard's first open.
if command -v sqlite3 >/dev/null; then
	sqlite3 long.db <"$DATA/schema-v9.sql"
	sqlite3 long.db "UPDATE runs SET id = id + 59995"
	gpulog --db "$PWD/long.db" status >/dev/null 2>long.err
	grep -q "^gpulog: upgrading a database of 60000 runs to this gpulog" \
	    long.err || { echo "FAIL long upgrade said: $(cat long.err)"; fails=$((fails + 1)); }
	[ "$(sqlite3 long.db "SELECT count(*) FROM sqlite_master WHERE name = 'runs_length'")" = 1 ] ||
	    { echo "FAIL no runs_length index"; fails=$((fails + 1)); }
	gpulog --db "$PWD/long.db" status >/dev/null 2>long.err
	[ -s long.err ] && { echo "FAIL said again: $(cat long.err)"; fails=$((fails + 1)); }
fi

[ $fails = 0 ] && echo "migrate-all: ok"
[ $fails = 0 ]
