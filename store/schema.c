/*
 * schema.c: the schema as numbered migrations, the undo triggers, and the
 * first load of the built-in catalog.  PRAGMA user_version counts the
 * migrations applied; a database from an older build is brought forward in
 * one transaction, a newer one is refused.
 */
#include "store/internal.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/budget.h"
#include "core/catalog.h"
#include "core/clock.h"
#include "core/err.h"
#include "core/model.h"
#include "store/store.h"

static const char *const migrations[] = {
	/* 1: the first schema. */
	"CREATE TABLE platforms ("
	" key TEXT PRIMARY KEY, name TEXT NOT NULL,"
	" billing TEXT NOT NULL, gpu TEXT, vram TEXT,"
	" cost_usd TEXT, cost_inr TEXT, session_cap_s INTEGER NOT NULL"
	" DEFAULT 0, session_text TEXT, storage TEXT, best_for TEXT,"
	" default_gpu TEXT, sort INTEGER NOT NULL DEFAULT 0);"
	"CREATE TABLE quotas ("
	" platform TEXT PRIMARY KEY REFERENCES platforms(key),"
	" unit TEXT NOT NULL, amount INTEGER NOT NULL, win TEXT NOT NULL,"
	" reset_wday INTEGER NOT NULL DEFAULT 0,"
	" reset_mday INTEGER NOT NULL DEFAULT 1,"
	" reset_min INTEGER NOT NULL DEFAULT 0,"
	" rolling_days INTEGER NOT NULL DEFAULT 0);"
	"CREATE TABLE rates ("
	" platform TEXT NOT NULL REFERENCES platforms(key), gpu TEXT NOT NULL,"
	" currency TEXT NOT NULL, rate_micro INTEGER NOT NULL DEFAULT 0,"
	" low_micro INTEGER NOT NULL DEFAULT 0,"
	" high_micro INTEGER NOT NULL DEFAULT 0,"
	" cu_centi_h INTEGER NOT NULL DEFAULT 0, updated INTEGER NOT NULL,"
	" source TEXT NOT NULL, PRIMARY KEY (platform, gpu));"
	"CREATE TABLE phases ("
	" first_month INTEGER PRIMARY KEY, last_month INTEGER NOT NULL,"
	" name TEXT NOT NULL, platforms TEXT NOT NULL, where_text TEXT,"
	" reason TEXT, budget_min_minor INTEGER NOT NULL,"
	" budget_max_minor INTEGER NOT NULL, currency TEXT NOT NULL);"
	"CREATE TABLE fx ("
	" day INTEGER PRIMARY KEY, usd_inr_micro INTEGER NOT NULL,"
	" source TEXT NOT NULL);"
	"CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
	"CREATE TABLE runs ("
	" id INTEGER PRIMARY KEY,"
	" uid TEXT NOT NULL UNIQUE DEFAULT (lower(hex(randomblob(16)))),"
	" platform TEXT NOT NULL REFERENCES platforms(key),"
	" gpu TEXT, gpus INTEGER NOT NULL DEFAULT 1 CHECK (gpus >= 1),"
	" start_ts INTEGER NOT NULL, end_ts INTEGER"
	" CHECK (end_ts IS NULL OR end_ts > start_ts),"
	" cost_minor INTEGER NOT NULL DEFAULT 0, currency TEXT,"
	" rate_micro INTEGER NOT NULL DEFAULT 0, cu_centi INTEGER,"
	" checkpointed INTEGER NOT NULL DEFAULT 0,"
	" note TEXT, project TEXT, tags TEXT,"
	" source TEXT NOT NULL DEFAULT 'cli', source_id TEXT,"
	" created INTEGER NOT NULL, modified INTEGER NOT NULL,"
	" UNIQUE (source, source_id));"
	"CREATE INDEX runs_platform_end ON runs(platform, end_ts);"
	"CREATE INDEX runs_start ON runs(start_ts);"
	"CREATE TABLE expenses ("
	" id INTEGER PRIMARY KEY,"
	" uid TEXT NOT NULL UNIQUE DEFAULT (lower(hex(randomblob(16)))),"
	" at INTEGER NOT NULL, platform TEXT REFERENCES platforms(key),"
	" amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),"
	" currency TEXT NOT NULL, note TEXT,"
	" source TEXT NOT NULL DEFAULT 'cli', source_id TEXT,"
	" UNIQUE (source, source_id));"
	"CREATE INDEX expenses_at ON expenses(at);"
	"CREATE TABLE changes ("
	" id INTEGER PRIMARY KEY, at INTEGER NOT NULL, what TEXT NOT NULL,"
	" open INTEGER NOT NULL DEFAULT 1);"
	"CREATE TABLE undolog ("
	" seq INTEGER PRIMARY KEY, change_id INTEGER NOT NULL,"
	" sql TEXT NOT NULL);"
	"CREATE INDEX undolog_change ON undolog(change_id);",

	/* 2: what the platforms report of their quotas (Kaggle's own
	 * figures), and what `gpulog run` measures of a run. */
	"CREATE TABLE quota_snapshots ("
	" id INTEGER PRIMARY KEY,"
	" platform TEXT NOT NULL REFERENCES platforms(key),"
	" taken_at INTEGER NOT NULL, used_s INTEGER NOT NULL,"
	" reserved_s INTEGER NOT NULL DEFAULT 0, allowed_s INTEGER NOT NULL,"
	" reset_at INTEGER, source TEXT NOT NULL);"
	"CREATE INDEX quota_snapshots_taken ON quota_snapshots(platform,"
	" taken_at);"
	"CREATE TABLE run_metrics ("
	" run_id INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,"
	" samples INTEGER NOT NULL DEFAULT 0, peak_mem_mib INTEGER,"
	" mem_total_mib INTEGER, mean_util_pct INTEGER, energy_wh_milli"
	" INTEGER, exit_status INTEGER, command TEXT);",

	/* 3: open runs found without a scan, however long the history. */
	"CREATE INDEX runs_open ON runs(start_ts) WHERE end_ts IS NULL;",

	/* 4: runs added by a bulk import carry the change that added them,
	 * so that undo deletes them by that mark instead of replaying one
	 * logged statement a run. */
	"ALTER TABLE runs ADD COLUMN batch INTEGER;"
	"CREATE INDEX runs_batch ON runs(batch) WHERE batch IS NOT NULL;",

	/* 5: a change that adds runs keeps the highest run id it began with
	 * (changes.runs_above), and undo deletes the runs above it.  An
	 * insert into runs then fires no trigger: SQLite journals every
	 * statement that fires one, which made a bulk import write each
	 * page it touched twice.  Schema 4's mark becomes that bound. */
	"ALTER TABLE changes ADD COLUMN runs_above INTEGER;"
	"UPDATE changes SET runs_above = (SELECT min(id) - 1 FROM runs WHERE"
	" batch = changes.id) WHERE id IN (SELECT batch FROM runs WHERE"
	" batch IS NOT NULL);"
	"DROP TRIGGER IF EXISTS undo_runs_ins;"
	"DROP TRIGGER IF EXISTS undo_runs_upd;"
	"DROP TRIGGER IF EXISTS undo_runs_del;"
	"DROP INDEX runs_batch;"
	"ALTER TABLE runs DROP COLUMN batch;",

	/* 6: a quota counts what its platform meters (quotas.unit):
	 * Kaggle's session hours whatever the GPU count, Lightning's
	 * GPU-hours, Colab's compute units.  A Kaggle quota in hours
	 * becomes session-metered; the others stay as they were. */
	"UPDATE quotas SET unit = 'session_s' WHERE platform = 'kaggle' AND"
	" unit = 'gpu_s';"
	/* An undo of an earlier change puts it back in session hours too. */
	"UPDATE undolog SET sql = replace(sql, 'unit=''gpu_s''',"
	" 'unit=''session_s''') WHERE sql LIKE"
	" 'UPDATE quotas SET platform=''kaggle'',%';"
	"UPDATE undolog SET sql = replace(sql, '''kaggle'',''gpu_s''',"
	" '''kaggle'',''session_s''') WHERE sql LIKE 'INSERT INTO quotas(%';",

	/* 7: an expense is a plain spend, a pack of a quota's units (Colab's
	 * compute units, units_centi hundredths of the quota's unit) or
	 * prepaid credit (Vast, RunPod); a platform's packs last pack_days
	 * from purchase (Colab Pro's 90; 0 when it sells none). */
	"ALTER TABLE expenses ADD COLUMN kind TEXT NOT NULL DEFAULT 'spend';"
	"ALTER TABLE expenses ADD COLUMN units_centi INTEGER;"
	"ALTER TABLE platforms ADD COLUMN pack_days INTEGER NOT NULL"
	" DEFAULT 0;"
	"UPDATE platforms SET pack_days = 90 WHERE key = 'colab-pro';",

	/* 8: what sync between machines needs.  Every record that travels
	 * knows when it was last changed (the newer wins; 0 is the built-in
	 * catalog, older than any change); a removal leaves a tombstone
	 * (kind "run", "expense", "quota" or "setting", the record's key,
	 * when), so that it travels too; and a run from another machine that
	 * overlaps one of this machine's most of its length is kept as a
	 * likely duplicate (uid_a < uid_b). */
	"ALTER TABLE expenses ADD COLUMN modified INTEGER NOT NULL DEFAULT 0;"
	"UPDATE expenses SET modified = at;"
	"ALTER TABLE settings ADD COLUMN modified INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE platforms ADD COLUMN modified INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE quotas ADD COLUMN modified INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE fx ADD COLUMN modified INTEGER NOT NULL DEFAULT 0;"
	"CREATE TABLE tombstones (kind TEXT NOT NULL, key TEXT NOT NULL,"
	" removed_at INTEGER NOT NULL, PRIMARY KEY (kind, key))"
	" WITHOUT ROWID;"
	"CREATE TABLE duplicates (uid_a TEXT NOT NULL, uid_b TEXT NOT NULL,"
	" found INTEGER NOT NULL, PRIMARY KEY (uid_a, uid_b)) WITHOUT ROWID;"
	/* What the user had changed of the catalog before it was stamped is
	 * theirs, not the built-in rows' that each start refreshes: a
	 * platform or quota a change in the undo history wrote, and a quota
	 * unlike every one the catalog shipped until now (Kaggle's 30 h a
	 * week from Sat 00:00 UTC, in session hours since 6; Lightning's
	 * 80 GPU-hours and Colab Pro's 100 compute units a month from the
	 * 1st).  Stamped with the time of the latest change that wrote it,
	 * else of the latest change.  A shipped quota the user removed
	 * leaves a tombstone, so that it stays removed. */
	/* (The rows an undo entry "UPDATE T SET ... WHERE rowid=N" or
	 * "DELETE FROM T WHERE rowid=N" names, by table, with the time of
	 * the latest change that wrote each.) */
	"CREATE TEMP TABLE user_rows AS SELECT CASE WHEN sql LIKE"
	" 'UPDATE platforms SET %' OR sql LIKE 'DELETE FROM platforms %'"
	" THEN 'platforms' WHEN sql LIKE 'UPDATE quotas SET %' OR sql LIKE"
	" 'DELETE FROM quotas %' THEN 'quotas' END AS tbl, CAST(substr(sql,"
	" instr(sql, ' WHERE rowid=') + 13) AS INTEGER) AS row, max(c.at) AS"
	" at FROM undolog u JOIN changes c ON c.id = u.change_id"
	" WHERE instr(sql, ' WHERE rowid=') > 0 GROUP BY 1, 2;"
	"UPDATE platforms SET modified = coalesce((SELECT at FROM"
	" temp.user_rows WHERE tbl = 'platforms' AND row = platforms.rowid),"
	" (SELECT max(at) FROM changes), 1) WHERE rowid IN (SELECT row FROM"
	" temp.user_rows WHERE tbl = 'platforms');"
	"UPDATE quotas SET modified = coalesce((SELECT at FROM"
	" temp.user_rows WHERE tbl = 'quotas' AND row = quotas.rowid),"
	" (SELECT max(at) FROM changes), 1) WHERE rowid IN (SELECT row FROM"
	" temp.user_rows WHERE tbl = 'quotas') OR NOT ((platform = 'kaggle' AND"
	" unit = 'session_s' AND amount = 108000 AND win = 'week' AND"
	" reset_wday = 6 AND reset_min = 0) OR (platform = 'lightning' AND"
	" unit = 'gpu_s' AND amount = 288000 AND win = 'month' AND"
	" reset_mday = 1 AND reset_min = 0) OR (platform = 'colab-pro' AND"
	" unit = 'cu' AND amount = 10000 AND win = 'month' AND"
	" reset_mday = 1 AND reset_min = 0));"
	"INSERT OR IGNORE INTO tombstones SELECT 'quota', key,"
	" coalesce((SELECT max(at) FROM changes), 1) FROM platforms WHERE"
	" key IN ('kaggle', 'lightning', 'colab-pro') AND key NOT IN"
	" (SELECT platform FROM quotas);"
	"DROP TABLE temp.user_rows;",

	/* 9: the highest run id ever given, so that an id an undo took back
	 * is never given again (a change's new runs start above it).  A
	 * change that merged another machine's records says so (merge), and
	 * undo of it takes them back here only: what it took back, the
	 * record and the version it had (unmerged), is not merged again
	 * until that machine changes it, and leaves no tombstone.  Both
	 * local to this database: they neither travel nor are undone. */
	"CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT"
	" NULL) WITHOUT ROWID;"
	"INSERT INTO counters VALUES ('runs', (SELECT coalesce(max(id), 0)"
	" FROM runs));"
	"ALTER TABLE changes ADD COLUMN merge INTEGER NOT NULL DEFAULT 0;"
	"CREATE TABLE unmerged (kind TEXT NOT NULL, key TEXT NOT NULL,"
	" modified INTEGER NOT NULL, PRIMARY KEY (kind, key)) WITHOUT ROWID;",

	/* 10: the Runs view's sort by length, built here (with a word of
	 * progress for a long history) rather than on the dashboard's first
	 * open, where a million runs took seconds of blank screen.  An
	 * earlier gpulog built it on that open: it may be there. */
	"CREATE INDEX IF NOT EXISTS runs_length ON runs(end_ts - start_ts);",

	/* 11: the peak GPU memory of a run's own processes, beside its
	 * GPU's (what nvidia-smi's compute apps show of the command). */
	"ALTER TABLE run_metrics ADD COLUMN own_mem_mib INTEGER;",

	/* 12: what was written since this machine's sync file last carried
	 * it, so that `gpulog sync` writes those rows alone (a segment):
	 * rowids lo to hi of a group of tables (store/sync.h's pend_group),
	 * or the whole of a small group (0, 0).  Local: it never travels. */
	"CREATE TABLE sync_pending (id INTEGER PRIMARY KEY, tbl TEXT NOT NULL,"
	" lo INTEGER NOT NULL, hi INTEGER NOT NULL);",

	/* 13: the runs' sums by time (the Reports and Plan views' weeks and
	 * months, the Overview's days: page_buckets()) read from the start
	 * index alone, which carries the columns they add up, so that no
	 * run's row is looked up; it takes the place of runs_start. */
	"CREATE INDEX runs_start_sums ON runs(start_ts, end_ts, platform, gpus,"
	" cost_minor, currency);"
	"DROP INDEX runs_start;",

	/* 14: the undo triggers become the connection's own (TEMP), made
	 * before its first write (schema_undo_triggers()): their SQL was
	 * three quarters of the schema SQLite parses on every open, which a
	 * command that only reads (status) paid for nothing. */
	"DROP TRIGGER IF EXISTS undo_platforms_ins;"
	"DROP TRIGGER IF EXISTS undo_platforms_upd;"
	"DROP TRIGGER IF EXISTS undo_platforms_del;"
	"DROP TRIGGER IF EXISTS undo_quotas_ins;"
	"DROP TRIGGER IF EXISTS undo_quotas_upd;"
	"DROP TRIGGER IF EXISTS undo_quotas_del;"
	"DROP TRIGGER IF EXISTS undo_rates_ins;"
	"DROP TRIGGER IF EXISTS undo_rates_upd;"
	"DROP TRIGGER IF EXISTS undo_rates_del;"
	"DROP TRIGGER IF EXISTS undo_phases_ins;"
	"DROP TRIGGER IF EXISTS undo_phases_upd;"
	"DROP TRIGGER IF EXISTS undo_phases_del;"
	"DROP TRIGGER IF EXISTS undo_fx_ins;"
	"DROP TRIGGER IF EXISTS undo_fx_upd;"
	"DROP TRIGGER IF EXISTS undo_fx_del;"
	"DROP TRIGGER IF EXISTS undo_settings_ins;"
	"DROP TRIGGER IF EXISTS undo_settings_upd;"
	"DROP TRIGGER IF EXISTS undo_settings_del;"
	"DROP TRIGGER IF EXISTS undo_runs_ins;"
	"DROP TRIGGER IF EXISTS undo_runs_upd;"
	"DROP TRIGGER IF EXISTS undo_runs_del;"
	"DROP TRIGGER IF EXISTS undo_expenses_ins;"
	"DROP TRIGGER IF EXISTS undo_expenses_upd;"
	"DROP TRIGGER IF EXISTS undo_expenses_del;"
	"DROP TRIGGER IF EXISTS undo_quota_snapshots_ins;"
	"DROP TRIGGER IF EXISTS undo_quota_snapshots_upd;"
	"DROP TRIGGER IF EXISTS undo_quota_snapshots_del;"
	"DROP TRIGGER IF EXISTS undo_run_metrics_ins;"
	"DROP TRIGGER IF EXISTS undo_run_metrics_upd;"
	"DROP TRIGGER IF EXISTS undo_run_metrics_del;",

	/* 15: the ended runs' sums by the hour (UTC) of their start, per
	 * platform and currency (page_buckets()): the Reports view's weeks,
	 * the Plan view's months and the Overview's days read a few rows an
	 * hour rather than every run.  Kept by store/hours.c; a later
	 * migration that changes runs must build it again. */
	"CREATE TABLE run_hours (hour INTEGER NOT NULL, platform TEXT NOT"
	" NULL, currency TEXT NOT NULL, cost INTEGER NOT NULL, gpu_s INTEGER"
	" NOT NULL, runs INTEGER NOT NULL, PRIMARY KEY (hour, platform,"
	" currency)) WITHOUT ROWID;"
	"INSERT INTO run_hours SELECT start_ts - start_ts % 3600, platform,"
	" coalesce(currency, ''), sum(cost_minor), sum((end_ts - start_ts) *"
	" gpus), count(*) FROM runs WHERE end_ts IS NOT NULL GROUP BY 1, 2,"
	" 3;",
};

_Static_assert(sizeof migrations / sizeof migrations[0] ==
    STORE_SCHEMA_VERSION, "STORE_SCHEMA_VERSION counts the migrations");

/* Tables whose writes undo reverses, and their columns. */
static const struct {
	const char *table;
	const char *cols[20];
} undo_tables[] = {
	{ "platforms", { "key", "name", "billing", "gpu", "vram", "cost_usd",
	    "cost_inr", "session_cap_s", "session_text", "storage",
	    "best_for", "default_gpu", "sort", "pack_days", "modified" } },
	{ "quotas", { "platform", "unit", "amount", "win", "reset_wday",
	    "reset_mday", "reset_min", "rolling_days", "modified" } },
	{ "rates", { "platform", "gpu", "currency", "rate_micro", "low_micro",
	    "high_micro", "cu_centi_h", "updated", "source" } },
	{ "phases", { "first_month", "last_month", "name", "platforms",
	    "where_text", "reason", "budget_min_minor", "budget_max_minor",
	    "currency" } },
	{ "fx", { "day", "usd_inr_micro", "source", "modified" } },
	{ "settings", { "key", "value", "modified" } },
	{ "runs", { "uid", "platform", "gpu", "gpus", "start_ts", "end_ts",
	    "cost_minor", "currency", "rate_micro", "cu_centi",
	    "checkpointed", "note", "project", "tags", "source", "source_id",
	    "created", "modified" } },
	{ "expenses", { "uid", "at", "platform", "amount_minor", "currency",
	    "note", "source", "source_id", "kind", "units_centi",
	    "modified" } },
	{ "quota_snapshots", { "platform", "taken_at", "used_s", "reserved_s",
	    "allowed_s", "reset_at", "source" } },
	{ "run_metrics", { "run_id", "samples", "peak_mem_mib",
	    "mem_total_mib", "mean_util_pct", "energy_wh_milli", "own_mem_mib",
	    "exit_status",
	    "command" } },
};

/* Appends to a fixed buffer; the triggers are built from constants. */
static void
cat(char *buf, size_t len, const char *s)
{
	size_t k = strlen(buf);

	snprintf(buf + k, len - k, "%s", s);
}

/*
 * Each write to an undoable table, while a change is open, records the SQL
 * that reverses it (values quoted by SQLite's quote()).  Undo replays a
 * change's entries newest first.  The triggers are the connection's own
 * (TEMP), made as it starts to write (st_arm()).
 */
int
schema_undo_triggers(struct store *s, struct err *e)
{
	static const char when[] = " WHEN (SELECT open FROM changes ORDER BY "
	    "id DESC LIMIT 1) = 1 BEGIN INSERT INTO undolog(change_id, sql) "
	    "VALUES ((SELECT max(id) FROM changes), ";
	char sql[4096];
	size_t t;
	int i;

	for (t = 0; t < sizeof undo_tables / sizeof undo_tables[0]; t++) {
		const char *name = undo_tables[t].table;
		const char *const *c = undo_tables[t].cols;

		/* Runs added by a change are undone by its bound
		 * (store_undo()), not by a statement each. */
		snprintf(sql, sizeof sql, "CREATE TEMP TRIGGER undo_%s_ins "
		    "AFTER INSERT ON main.%s%s'DELETE FROM %s WHERE rowid=' || "
		    "new.rowid); END;", name, name, when, name);
		if (strcmp(name, "runs") != 0 && st_exec(s, sql, e) < 0)
			return -1;

		snprintf(sql, sizeof sql, "CREATE TEMP TRIGGER undo_%s_upd "
		    "AFTER UPDATE ON main.%s%s'UPDATE %s SET ", name, name,
		    when, name);
		for (i = 0; c[i] != NULL; i++) {
			char part[128];

			snprintf(part, sizeof part, "%s%s=' || quote(old.%s) "
			    "|| '", i ? "," : "", c[i], c[i]);
			cat(sql, sizeof sql, part);
		}
		cat(sql, sizeof sql, " WHERE rowid=' || old.rowid); END;");
		if (st_exec(s, sql, e) < 0)
			return -1;

		snprintf(sql, sizeof sql, "CREATE TEMP TRIGGER undo_%s_del "
		    "AFTER DELETE ON main.%s%s'INSERT INTO %s(rowid", name,
		    name, when, name);
		for (i = 0; c[i] != NULL; i++) {
			cat(sql, sizeof sql, ",");
			cat(sql, sizeof sql, c[i]);
		}
		cat(sql, sizeof sql, ") VALUES (' || old.rowid");
		for (i = 0; c[i] != NULL; i++) {
			char part[96];

			snprintf(part, sizeof part, " || ',' || quote(old.%s)",
			    c[i]);
			cat(sql, sizeof sql, part);
		}
		cat(sql, sizeof sql, " || ')'); END;");
		if (st_exec(s, sql, e) < 0)
			return -1;
	}
	return 0;
}

static int
load_catalog(struct store *s, int64_t now, struct err *e)
{
	char day[16];
	size_t i;
	int64_t y;
	int m, d;
	struct lt l;

	for (i = 0; i < catalog_nplatforms; i++)
		if (store_set_platform(s, &catalog_platforms[i], (int)i, e) < 0)
			return -1;
	for (i = 0; i < catalog_nquotas; i++)
		if (store_set_quota(s, &catalog_quotas[i], e) < 0)
			return -1;
	for (i = 0; i < catalog_nrates; i++)
		if (store_set_rate(s, &catalog_rates[i], e) < 0)
			return -1;
	for (i = 0; i < catalog_nphases; i++)
		if (store_set_phase(s, &catalog_phases[i], e) < 0)
			return -1;
	sscanf(CATALOG_FX_DATE, "%lld-%d-%d", (long long *)&y, &m, &d);
	if (store_set_fx(s, days_from_civil(y, m, d), CATALOG_FX_MICRO,
	    "catalog", e) < 0)
		return -1;
	/* The plan starts with the month the log does. */
	local_parts(now, &l);
	snprintf(day, sizeof day, "%04d-%02d-01", l.year, l.mon);
	if (store_set_setting(s, "plan.start", day, e) < 0 ||
	    store_set_setting(s, "currency", "INR", e) < 0)
		return -1;
	return 0;
}

/* FNV-1a over n bytes, from h. */
static uint64_t
fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;

	while (n-- > 0)
		h = (h ^ *b++) * 1099511628211ULL;
	return h;
}

/* The built-in facts' fingerprint: platforms, quotas and rates as this
 * binary ships them (plain arrays and numbers, no pointers). */
static int64_t
catalog_print(void)
{
	uint64_t h = 14695981039346656037ULL;

	h = fnv(h, catalog_platforms, catalog_nplatforms *
	    sizeof catalog_platforms[0]);
	h = fnv(h, catalog_quotas, catalog_nquotas * sizeof catalog_quotas[0]);
	h = fnv(h, catalog_rates, catalog_nrates * sizeof catalog_rates[0]);
	return (int64_t)(h >> 1);
}

/* The integer sql reads (one bound text, or two), into *v; 1 when there
 * is a row, 0 when none, -1 on failure. */
static int
read_int(struct store *s, const char *sql, const char *a, const char *b,
    int64_t *v, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (st_prepare(s, &st, sql, e) < 0)
		return -1;
	sqlite3_bind_text(st, 1, a, -1, SQLITE_STATIC);
	if (b != NULL)
		sqlite3_bind_text(st, 2, b, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW)
		return 1;
	return rc == SQLITE_DONE ? 0 : st_fail(s, e, "refresh the catalog");
}

/* Writes the built-in rows the user has not changed (a platform or quota
 * stamped 0, a rate whose source is "catalog"), adds those missing (a
 * quota the user removed stays removed) and drops the catalog's rates
 * this build no longer ships. */
static int
refresh_rows(struct store *s, struct err *e)
{
	int64_t v;
	size_t i;
	int rc;

	for (i = 0; i < catalog_nplatforms; i++) {
		const struct platform *p = &catalog_platforms[i];

		if ((rc = read_int(s, "SELECT modified FROM platforms WHERE key "
		    "= ?1", p->key, NULL, &v, e)) < 0)
			return -1;
		if ((rc == 0 || v == 0) &&
		    store_set_platform(s, p, (int)i, e) < 0)
			return -1;
	}
	for (i = 0; i < catalog_nquotas; i++) {
		const struct quota *q = &catalog_quotas[i];

		if ((rc = read_int(s, "SELECT modified FROM quotas WHERE "
		    "platform = ?1", q->platform, NULL, &v, e)) < 0)
			return -1;
		if (rc == 0 && (rc = read_int(s, "SELECT 1 FROM tombstones "
		    "WHERE kind = 'quota' AND key = ?1", q->platform, NULL, &v,
		    e)) != 0) {
			if (rc < 0)
				return -1;
			continue;
		}
		if ((rc == 0 || v == 0) && store_set_quota(s, q, e) < 0)
			return -1;
	}
	if (st_exec(s, "CREATE TEMP TABLE builtin_rates (platform TEXT, gpu "
	    "TEXT, PRIMARY KEY (platform, gpu))", e) < 0)
		return -1;
	for (i = 0; i < catalog_nrates; i++) {
		const struct rate *r = &catalog_rates[i];
		sqlite3_stmt *st;

		if ((rc = read_int(s, "SELECT source != 'catalog' FROM rates "
		    "WHERE platform = ?1 AND gpu = ?2", r->platform, r->gpu, &v,
		    e)) < 0)
			return -1;
		if ((rc == 0 || v == 0) && store_set_rate(s, r, e) < 0)
			return -1;
		if (st_prepare(s, &st, "INSERT OR IGNORE INTO builtin_rates "
		    "VALUES (?1, ?2)", e) < 0)
			return -1;
		sqlite3_bind_text(st, 1, r->platform, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 2, r->gpu, -1, SQLITE_STATIC);
		rc = sqlite3_step(st);
		sqlite3_finalize(st);
		if (rc != SQLITE_DONE)
			return st_fail(s, e, "refresh the catalog");
	}
	return st_exec(s, "DELETE FROM rates WHERE source = 'catalog' AND "
	    "(platform, gpu) NOT IN (SELECT platform, gpu FROM "
	    "temp.builtin_rates); DROP TABLE temp.builtin_rates", e);
}

int
schema_refresh_catalog(struct store *s, struct err *e)
{
	int64_t print = catalog_print(), was = 0, clock = s->clock;
	sqlite3_stmt *st;
	int rc;

	if (read_int(s, "SELECT value FROM counters WHERE name = ?1",
	    "catalog", NULL, &was, e) < 0)
		return -1;
	if (was == print)
		return 0;
	if (st_exec(s, "BEGIN IMMEDIATE", e) < 0)
		return -1;
	/* Another gpulog may have refreshed it meanwhile. */
	was = 0;
	if (read_int(s, "SELECT value FROM counters WHERE name = ?1",
	    "catalog", NULL, &was, e) < 0)
		goto fail;
	if (was == print) {
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
		return 0;
	}
	/* The built-in catalog is older than any change a user makes. */
	s->clock = 0;
	rc = refresh_rows(s, e);
	s->clock = clock;
	if (rc < 0 || st_prepare(s, &st, "INSERT INTO counters VALUES "
	    "('catalog', ?1) ON CONFLICT(name) DO UPDATE SET value = ?1", e) < 0)
		goto fail;
	sqlite3_bind_int64(st, 1, print);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		st_fail(s, e, "refresh the catalog");
		goto fail;
	}
	s->exported = 1;
	if (store_exported(s, e) < 0 || st_exec(s, "COMMIT", e) < 0)
		goto fail;
	return 0;
fail:
	sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	s->exported = 0;
	return -1;
}

/* PRAGMA user_version: the number of migrations applied, or -1. */
static int
user_version(struct store *s, struct err *e)
{
	sqlite3_stmt *st;
	int v;

	if (st_prepare(s, &st, "PRAGMA user_version", e) < 0)
		return -1;
	v = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
	sqlite3_finalize(st);
	return v;
}

static int
newer(int v, int target, struct err *e)
{
	return err_set(e, "the database has schema version %d, newer than "
	    "this gpulog understands (%d): upgrade gpulog", v, target);
}

int
schema_migrate(struct store *s, int64_t now, struct err *e)
{
	int v, target = (int)(sizeof migrations / sizeof migrations[0]);
	char sql[32];

	if ((v = user_version(s, e)) < 0)
		return -1;
	s->opened_version = v;
	if (v == target)
		return 0;
	if (v > target)
		return newer(v, target, e);
	if (store_cache_full(s) < 0)
		return st_fail(s, e, "migrate the database");
	if (st_exec(s, "BEGIN IMMEDIATE", e) < 0)
		return -1;
	/* Another gpulog may have made or migrated the database between the
	 * read above and the write lock: the version under the lock rules. */
	if ((v = user_version(s, e)) < 0)
		goto fail;
	s->opened_version = v;
	if (v >= target) {
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
		return v == target ? 0 : newer(v, target, e);
	}
	/* A long history's migration takes a while: say so first. */
	if (s->opened_version > 0 && store_migrating != NULL) {
		sqlite3_stmt *st;
		int64_t n = 0;

		if (sqlite3_prepare_v2(s->db, "SELECT max(id) FROM runs", -1,
		    &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
			n = sqlite3_column_int64(st, 0);
		sqlite3_finalize(st);
		if (n >= STORE_MIGRATE_SAY)
			store_migrating(n);
	}
	for (; v < target; v++)
		if (st_exec(s, migrations[v], e) < 0)
			goto fail;
	/* The built-in catalog is older than any change a user makes. */
	s->clock = 0;
	if (s->opened_version == 0 && load_catalog(s, now, e) < 0)
		goto fail;
	snprintf(sql, sizeof sql, "PRAGMA user_version = %d", target);
	s->exported = 1;
	if (st_exec(s, sql, e) < 0 || store_exported(s, e) < 0 ||
	    st_exec(s, "COMMIT", e) < 0)
		goto fail;
	return 0;
fail:
	sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	return -1;
}
