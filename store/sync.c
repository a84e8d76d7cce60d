/*
 * sync.c: the SQL of merging another machine's records: tombstones,
 * settings with their times, expenses by uid, the bulk merge of runs with
 * their metrics, and likely duplicates.  The rule (the newer change wins,
 * a removal wins a tie) is ops/merge.c's; this file only reads and writes.
 */
#include "store/sync.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/model.h"
#include "core/snapshot.h"
#include "store/internal.h"
#include "store/metrics.h"
#include "store/store.h"

/* Steps sql, whose rows are two texts and a time, handing each row to fn;
 * fn's non-zero stops the walk and is returned. */
static int
walk_keyed(struct store *s, const char *sql, int (*fn)(const char *a,
    const char *b, int64_t t, void *arg), void *arg, const char *what,
    struct err *e)
{
	sqlite3_stmt *st;
	int rc, stop = 0;

	if (st_prepare(s, &st, sql, e) < 0)
		return -1;
	while (stop == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW)
		stop = fn((const char *)sqlite3_column_text(st, 0),
		    (const char *)sqlite3_column_text(st, 1),
		    sqlite3_column_int64(st, 2), arg);
	sqlite3_finalize(st);
	if (stop != 0)
		return stop;
	return rc == SQLITE_DONE ? 0 : st_fail(s, e, what);
}

int
store_each_tombstone(struct store *s, int (*fn)(const char *kind,
    const char *key, int64_t at, void *arg), void *arg, struct err *e)
{
	return walk_keyed(s, "SELECT kind, key, removed_at FROM tombstones "
	    "ORDER BY kind, key", fn, arg, "read the removals", e);
}

int
store_tombstone_at(struct store *s, const char *kind, const char *key,
    int64_t *at, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	*at = 0;
	/* A version an undo of a merge took back counts as removed here. */
	if (st_prepare(s, &st, "SELECT max(at) FROM (SELECT removed_at AS at "
	    "FROM tombstones WHERE kind = ?1 AND key = ?2 UNION ALL SELECT "
	    "modified FROM unmerged WHERE kind = ?1 AND key = ?2)", e) < 0)
		return -1;
	sqlite3_bind_text(st, 1, kind, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, key, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW && sqlite3_column_type(st, 0) == SQLITE_NULL)
		rc = SQLITE_DONE;
	if (rc == SQLITE_ROW)
		*at = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW)
		return 1;
	return rc == SQLITE_DONE ? 0 : st_fail(s, e, "read a removal");
}

int
store_merge_removal(struct store *s, const char *kind, const char *key,
    int64_t at, struct err *e)
{
	static const struct {
		const char *kind, *sql;
	} del[] = {
		{ "run", "DELETE FROM runs WHERE uid = ?1 AND modified <= ?2" },
		{ "expense", "DELETE FROM expenses WHERE uid = ?1 AND "
		    "modified <= ?2" },
		{ "quota", "DELETE FROM quotas WHERE platform = ?1 AND "
		    "modified <= ?2" },
		{ "setting", "DELETE FROM settings WHERE key = ?1 AND "
		    "modified <= ?2" },
	};
	sqlite3_stmt *st;
	int64_t clock = s->clock;
	size_t i;
	int rc, n = 0;

	s->merging = 1;
	/* A tombstone as old as the one here writes nothing: a merge that
	 * brings nothing new leaves nothing for the next sync to carry. */
	if (st_prepare(s, &st, "INSERT INTO tombstones(kind, key, removed_at) "
	    "VALUES (?1, ?2, ?3) ON CONFLICT(kind, key) DO UPDATE SET "
	    "removed_at = excluded.removed_at WHERE excluded.removed_at > "
	    "removed_at", e) < 0)
		return -1;
	sqlite3_bind_text(st, 1, kind, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, key, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, at);
	rc = sqlite3_step(st);
	if (rc == SQLITE_DONE && sqlite3_changes(s->db) > 0)
		store_note_exported(s); /* a tombstone travels */
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return st_fail(s, e, "record a removal");
	for (i = 0; i < sizeof del / sizeof del[0]; i++) {
		if (strcmp(del[i].kind, kind) != 0)
			continue;
		if (st_prepare(s, &st, del[i].sql, e) < 0)
			return -1;
		sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
		sqlite3_bind_int64(st, 2, at);
		/* The tombstone the delete leaves carries the removal's
		 * time, not this machine's. */
		s->clock = at;
		rc = sqlite3_step(st);
		s->clock = clock;
		n = sqlite3_changes(s->db);
		sqlite3_finalize(st);
		if (rc != SQLITE_DONE)
			return st_fail(s, e, "apply a removal");
	}
	return n > 0;
}

int
store_each_setting(struct store *s, int (*fn)(const char *key,
    const char *value, int64_t modified, void *arg), void *arg,
    struct err *e)
{
	return walk_keyed(s, "SELECT key, value, modified FROM settings ORDER "
	    "BY key", fn, arg, "read the settings", e);
}

int
store_setting_at(struct store *s, const char *key, char *buf, size_t len,
    int64_t *modified, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	*modified = 0;
	if (len > 0)
		buf[0] = '\0';
	if (st_prepare(s, &st, "SELECT value, modified FROM settings WHERE "
	    "key = ?", e) < 0)
		return -1;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		st_col_copy(st, 0, buf, len);
		*modified = sqlite3_column_int64(st, 1);
	}
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW)
		return 1;
	return rc == SQLITE_DONE ? 0 : st_fail(s, e, "read a setting");
}

int
store_adopt_uid(struct store *s, const char *table, int64_t id,
    const char *uid, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	static const char runs[] = "UPDATE runs SET uid = ?1 WHERE id = ?2 "
	    "AND uid > ?1";
	static const char expenses[] = "UPDATE expenses SET uid = ?1 WHERE "
	    "id = ?2 AND uid > ?1";

	/* Kept: a merge asks it of every run, and an UPDATE of runs
	 * compiles its triggers each time it is prepared. */
	if (st_prepare_kept(s, &st, strcmp(table, "runs") == 0 ? runs :
	    expenses, e) < 0)
		return -1;
	sqlite3_bind_text(st, 1, uid, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, id);
	rc = sqlite3_step(st);
	st_release(s, st);
	return rc == SQLITE_DONE ? 0 : st_fail(s, e, "merge a record");
}

int
store_expense_find(struct store *s, const struct expense *in,
    struct expense *x, struct err *e)
{
	sqlite3_stmt *st;
	int64_t id = 0;
	int rc;

	if (st_prepare(s, &st, "SELECT id FROM expenses WHERE uid = ?1 UNION "
	    "ALL SELECT id FROM expenses WHERE source = ?2 AND source_id = ?3 "
	    "LIMIT 1", e) < 0)
		return -1;
	sqlite3_bind_text(st, 1, in->uid, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, in->source[0] ? in->source : "cli", -1,
	    SQLITE_STATIC);
	st_bind_text(st, 3, in->source_id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return st_fail(s, e, "read an expense");
	if (id == 0)
		return 0;
	return store_get_expense(s, id, x, e);
}

int
store_merge_expense(struct store *s, int64_t id, const struct expense *x,
    struct err *e)
{
	int64_t clock = s->clock;
	struct expense c = *x;
	int rc;

	s->merging = 1;

	/* Written as the other machine last changed it. */
	s->clock = x->modified;
	if (id == 0) {
		rc = store_add_expense(s, &c, e);
	} else {
		c.id = id;
		rc = store_update_expense(s, &c, e);
	}
	s->clock = clock;
	return rc;
}

/*
 * Another machine's uids arrive in no order, each to its own page of the
 * uid index: with SQLite's usual 2 MiB of pages, most inserts read a page
 * back from the write-ahead log and write it out again.  A merge sizes
 * its page cache to the uid index of the runs it holds (the local ones
 * and those added so far), 64 bytes a run, within 8 and 64 MiB: at
 * 1,000,000 runs 64 MiB took a third less time than 8, and at 100,000
 * more than 8 was slower (README, Imports).  store_merge_free() puts back
 * the size it found.
 */
#define MERGE_RUN_BYTES 64
#define MERGE_CACHE_MIN_KIB 8192
#define MERGE_CACHE_MAX_KIB 65536

struct store_merge {
	struct store *s;
	int64_t bound;
	int64_t added;     /* runs this merge added */
	int64_t cache_kib; /* the page cache set, in KiB */
	int64_t cache_was; /* PRAGMA cache_size before the merge */
	sqlite3_stmt *tomb, *insert, *find, *update, *overlap, *pair;
};

/* Sets the page cache for the runs held now (see MERGE_RUN_BYTES) when
 * that has grown by a quarter or more, or reached the most. */
static int
size_cache(struct store_merge *m, struct err *e)
{
	int64_t kib = (m->bound + m->added) * MERGE_RUN_BYTES / 1024;
	char sql[64];

	if (kib < MERGE_CACHE_MIN_KIB)
		kib = MERGE_CACHE_MIN_KIB;
	if (kib > MERGE_CACHE_MAX_KIB)
		kib = MERGE_CACHE_MAX_KIB;
	if (kib == m->cache_kib || (kib < m->cache_kib + m->cache_kib / 4 &&
	    kib < MERGE_CACHE_MAX_KIB))
		return 0;
	snprintf(sql, sizeof sql, "PRAGMA cache_size = -%lld", (long long)kib);
	if (st_exec(m->s, sql, e) < 0)
		return -1;
	m->cache_kib = kib;
	return 0;
}

int
store_merge_new(struct store *s, struct store_merge **mp, struct err *e)
{
	struct store_merge *m = xcalloc(1, sizeof *m);
	sqlite3_stmt *st;

	s->merging = 1;

	m->s = s;
	m->bound = s->runs_above;
	*mp = NULL;
	if (st_prepare(s, &st, "PRAGMA cache_size", e) < 0) {
		free(m);
		return -1;
	}
	m->cache_was = sqlite3_step(st) == SQLITE_ROW ?
	    sqlite3_column_int64(st, 0) : -2000;
	sqlite3_finalize(st);
	if (size_cache(m, e) < 0) {
		store_merge_free(m);
		return -1;
	}
	if (st_prepare(s, &m->tomb, "SELECT max(at) FROM (SELECT removed_at AS "
	    "at FROM tombstones WHERE kind = 'run' AND key = ?1 UNION ALL "
	    "SELECT modified FROM unmerged WHERE kind = 'run' AND key = ?1)",
	    e) < 0 ||
	    st_prepare(s, &m->insert, "INSERT INTO runs(platform, gpu, gpus, "
	    "start_ts, end_ts, cost_minor, currency, rate_micro, cu_centi, "
	    "checkpointed, note, project, tags, source, source_id, created, "
	    "modified, uid, id) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,"
	    "?12,?13,?14,?15,?16,?17,?18,?19) ON CONFLICT DO NOTHING", e) < 0 ||
	    st_prepare(s, &m->find, "SELECT id, modified FROM runs WHERE "
	    "uid = ?1 UNION ALL SELECT id, modified FROM runs WHERE source = "
	    "?2 AND source_id = ?3 LIMIT 1", e) < 0 ||
	    st_prepare(s, &m->update, "UPDATE runs SET platform=?1, gpu=?2, "
	    "gpus=?3, start_ts=?4, end_ts=?5, cost_minor=?6, currency=?7, "
	    "rate_micro=?8, cu_centi=?9, checkpointed=?10, note=?11, "
	    "project=?12, tags=?13, source=?14, source_id=?15, created=?16, "
	    "modified=?17 WHERE id=?18", e) < 0 ||
	    /* A run of this machine's starts before the new one ends and
	     * ends after it starts; the start index bounds the scan to runs
	     * that start at most 30 days before. */
	    st_prepare(s, &m->overlap, "SELECT uid, start_ts, coalesce(end_ts,"
	    " ?5) FROM runs WHERE start_ts < ?3 AND start_ts >= ?2 - 2592000 "
	    "AND platform = ?1 AND id <= ?4 AND uid <> ?6 AND "
	    "coalesce(end_ts, ?5) > ?2", e) < 0 ||
	    st_prepare(s, &m->pair, "INSERT INTO duplicates(uid_a, uid_b, "
	    "found) VALUES (min(?1, ?2), max(?1, ?2), ?3) ON CONFLICT DO "
	    "NOTHING", e) < 0) {
		store_merge_free(m);
		return -1;
	}
	*mp = m;
	return 0;
}

void
store_merge_free(struct store_merge *m)
{
	if (m == NULL)
		return;
	sqlite3_finalize(m->tomb);
	sqlite3_finalize(m->insert);
	sqlite3_finalize(m->find);
	sqlite3_finalize(m->update);
	sqlite3_finalize(m->overlap);
	sqlite3_finalize(m->pair);
	if (m->cache_kib != 0) {
		char sql[64];

		snprintf(sql, sizeof sql, "PRAGMA cache_size = %lld",
		    (long long)m->cache_was);
		sqlite3_exec(m->s->db, sql, NULL, NULL, NULL);
	}
	free(m);
}

/* Steps a reset write to its end. */
static int
step_write(struct store_merge *m, sqlite3_stmt *st, struct err *e)
{
	int rc = sqlite3_step(st);

	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : st_fail(m->s, e, "merge a run");
}

static int
put_metrics(struct store_merge *m, int64_t id, const struct run_metrics *mx,
    struct err *e)
{
	struct run_metrics c;

	if (mx == NULL)
		return 0;
	c = *mx;
	c.run_id = id;
	return metrics_put(m->s, &c, e);
}

int
store_merge_replace(struct store_merge *m, int64_t id, const struct run *r,
    const struct run_metrics *mx, struct err *e)
{
	sqlite3_stmt *st = m->update;

	sqlite3_reset(st);
	st_bind_run(st, r);
	sqlite3_bind_int64(st, 18, id);
	if (step_write(m, st, e) < 0)
		return -1;
	return put_metrics(m, id, mx, e);
}

int
store_merge_run(struct store_merge *m, const struct run *r,
    const struct run_metrics *mx, int64_t *id, struct err *e)
{
	sqlite3_stmt *st = m->tomb;
	int64_t modified = 0;
	int rc;

	*id = 0;
	sqlite3_reset(st);
	sqlite3_bind_text(st, 1, r->uid, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL &&
	    sqlite3_column_int64(st, 0) >= r->modified) {
		sqlite3_reset(st);
		return MERGE_REMOVED;
	}
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return st_fail(m->s, e, "merge a run");

	st = m->insert;
	sqlite3_reset(st);
	st_bind_run(st, r);
	sqlite3_bind_text(st, 18, r->uid, -1, SQLITE_STATIC);
	st_bind_new_run_id(m->s, st, 19);
	if (step_write(m, st, e) < 0)
		return -1;
	if (sqlite3_changes(m->s->db) == 1) {
		st_run_added(m->s);
		*id = sqlite3_last_insert_rowid(m->s->db);
		if (put_metrics(m, *id, mx, e) < 0)
			return -1;
		if (++m->added % 4096 == 0 && size_cache(m, e) < 0)
			return -1;
		return MERGE_ADDED;
	}

	/* There already, under its uid or its source id. */
	st = m->find;
	sqlite3_reset(st);
	sqlite3_bind_text(st, 1, r->uid, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, r->source[0] ? r->source : "cli", -1,
	    SQLITE_STATIC);
	st_bind_text(st, 3, r->source_id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*id = sqlite3_column_int64(st, 0);
		modified = sqlite3_column_int64(st, 1);
	}
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return st_fail(m->s, e, "merge a run");
	if (*id == 0)
		return err_set(e, "cannot merge a run: its uid is taken");
	if (r->modified < modified)
		return MERGE_SAME;
	if (r->modified == modified)
		return MERGE_TIE;
	return store_merge_replace(m, *id, r, mx, e) < 0 ? -1 : MERGE_UPDATED;
}

int
store_merge_duplicates(struct store_merge *m, int64_t id, const struct run *r,
    int64_t now, struct err *e)
{
	sqlite3_stmt *st = m->overlap;
	int64_t end = r->end == RUN_OPEN ? now : r->end, n = 0;
	int rc;

	(void)id;
	if (end <= r->start)
		return 0;
	sqlite3_reset(st);
	sqlite3_bind_text(st, 1, r->platform, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, r->start);
	sqlite3_bind_int64(st, 3, end);
	sqlite3_bind_int64(st, 4, m->bound);
	sqlite3_bind_int64(st, 5, now);
	sqlite3_bind_text(st, 6, r->uid, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int64_t s0 = sqlite3_column_int64(st, 1);
		int64_t e0 = sqlite3_column_int64(st, 2);
		int64_t lo = s0 > r->start ? s0 : r->start;
		int64_t hi = e0 < end ? e0 : end;
		int64_t shorter = e0 - s0 < end - r->start ? e0 - s0 :
		    end - r->start;
		char other[33];

		if (shorter <= 0 || (hi - lo) * 2 <= shorter)
			continue;
		st_col_copy(st, 0, other, sizeof other);
		sqlite3_reset(m->pair);
		sqlite3_bind_text(m->pair, 1, r->uid, -1, SQLITE_STATIC);
		sqlite3_bind_text(m->pair, 2, other, -1, SQLITE_TRANSIENT);
		sqlite3_bind_int64(m->pair, 3, now);
		if (step_write(m, m->pair, e) < 0) {
			sqlite3_reset(st);
			return -1;
		}
		n++;
	}
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		return st_fail(m->s, e, "look for duplicates");
	return (int)n;
}

int
store_each_duplicate(struct store *s, int (*fn)(const struct run *a,
    const struct run *b, void *arg), void *arg, struct err *e)
{
	sqlite3_stmt *st;
	struct run a, b;
	int rc, stop = 0;

	if (st_prepare(s, &st, "SELECT a.id, b.id FROM duplicates d JOIN runs a "
	    "ON a.uid = d.uid_a JOIN runs b ON b.uid = d.uid_b ORDER BY "
	    "d.found, a.start_ts", e) < 0)
		return -1;
	run_init(&a);
	run_init(&b);
	while (stop == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		int64_t ia = sqlite3_column_int64(st, 0);
		int64_t ib = sqlite3_column_int64(st, 1);

		/* The older of the two first. */
		if (store_get_run(s, ia < ib ? ia : ib, &a, e) < 0 ||
		    store_get_run(s, ia < ib ? ib : ia, &b, e) < 0) {
			stop = -1;
			break;
		}
		stop = fn(&a, &b, arg);
	}
	run_clear(&a);
	run_clear(&b);
	sqlite3_finalize(st);
	if (stop != 0)
		return stop;
	return rc == SQLITE_DONE ? 0 : st_fail(s, e, "read the duplicates");
}

/* A column that may be NULL (unknown: -1). */
static int64_t
opt_col(sqlite3_stmt *st, int i)
{
	return sqlite3_column_type(st, i) == SQLITE_NULL ? -1 :
	    sqlite3_column_int64(st, i);
}

int
store_pending(struct store *s, int64_t *upto, unsigned *groups,
    struct err *e)
{
	sqlite3_stmt *st;
	int rc, g;

	*upto = 0;
	*groups = 0;
	if (st_prepare(s, &st, "SELECT tbl, max(id) FROM sync_pending GROUP "
	    "BY tbl", e) < 0)
		return -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *t = (const char *)sqlite3_column_text(st, 0);

		for (g = 0; g < PEND_NGROUPS; g++)
			if (t != NULL && strcmp(t, store_pend_names[g]) == 0)
				*groups |= 1u << g;
		if (sqlite3_column_int64(st, 1) > *upto)
			*upto = sqlite3_column_int64(st, 1);
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : st_fail(s, e, "read what changed");
}

int
store_pending_done(struct store *s, int64_t upto, struct err *e)
{
	sqlite3_stmt *st;

	if (st_prepare(s, &st, "DELETE FROM sync_pending WHERE id <= ?", e) < 0)
		return -1;
	sqlite3_bind_int64(st, 1, upto);
	return st_step_done(s, st, "forget what changed", e);
}

void
st_pending_cond(char *buf, size_t n, const char *alias, int group)
{
	/* CROSS JOIN: the entries drive, each a range of rowids; the
	 * planner, seeing a table's statistics and not theirs, would
	 * otherwise scan the table. */
	snprintf(buf, n, "%s%srowid IN (SELECT x.rowid FROM sync_pending p "
	    "CROSS JOIN %s x ON x.rowid BETWEEN p.lo AND p.hi WHERE p.tbl = "
	    "'%s')",
	    alias, alias[0] ? "." : "", store_pend_names[group],
	    store_pend_names[group]);
}

int
store_each_metrics(struct store *s, int pending, int (*fn)(const char *uid,
    const struct run_metrics *m, void *arg), void *arg, struct err *e)
{
	sqlite3_stmt *st;
	struct run_metrics m;
	char sql[768], cond[256] = "1";
	int rc, stop = 0;

	if (pending)
		st_pending_cond(cond, sizeof cond, "m", PEND_METRICS);
	snprintf(sql, sizeof sql, "SELECT r.uid, m.samples, m.peak_mem_mib, "
	    "m.mem_total_mib, m.mean_util_pct, m.energy_wh_milli, "
	    "m.exit_status, m.command, r.id, m.own_mem_mib FROM run_metrics m "
	    "JOIN runs r ON r.id = m.run_id WHERE %s ORDER BY r.id", cond);
	if (st_prepare(s, &st, sql, e) < 0)
		return -1;
	metrics_init(&m);
	while (stop == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		metrics_clear(&m);
		m.run_id = sqlite3_column_int64(st, 8);
		m.samples = sqlite3_column_int64(st, 1);
		m.peak_mem_mib = opt_col(st, 2);
		m.mem_total_mib = opt_col(st, 3);
		m.mean_util_pct = (int)opt_col(st, 4);
		m.energy_wh_milli = opt_col(st, 5);
		m.exit_status = (int)opt_col(st, 6);
		m.command = st_col_dup(st, 7);
		m.own_mem_mib = opt_col(st, 9);
		stop = fn((const char *)sqlite3_column_text(st, 0), &m, arg);
	}
	metrics_clear(&m);
	sqlite3_finalize(st);
	if (stop != 0)
		return stop;
	return rc == SQLITE_DONE ? 0 : st_fail(s, e, "read the metrics");
}

int
store_each_snapshot(struct store *s, int pending, int (*fn)(
    const struct quota_snapshot *q, void *arg), void *arg, struct err *e)
{
	sqlite3_stmt *st;
	struct quota_snapshot q;
	char sql[640], cond[256] = "1";
	int rc, stop = 0;

	if (pending)
		st_pending_cond(cond, sizeof cond, "", PEND_SNAPSHOTS);
	snprintf(sql, sizeof sql, "SELECT platform, taken_at, used_s, "
	    "reserved_s, allowed_s, coalesce(reset_at, 0), source FROM "
	    "quota_snapshots WHERE %s ORDER BY taken_at, id", cond);
	if (st_prepare(s, &st, sql, e) < 0)
		return -1;
	while (stop == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		memset(&q, 0, sizeof q);
		st_col_copy(st, 0, q.platform, sizeof q.platform);
		q.taken_at = sqlite3_column_int64(st, 1);
		q.used_s = sqlite3_column_int64(st, 2);
		q.reserved_s = sqlite3_column_int64(st, 3);
		q.allowed_s = sqlite3_column_int64(st, 4);
		q.reset_at = sqlite3_column_int64(st, 5);
		st_col_copy(st, 6, q.source, sizeof q.source);
		stop = fn(&q, arg);
	}
	sqlite3_finalize(st);
	if (stop != 0)
		return stop;
	return rc == SQLITE_DONE ? 0 : st_fail(s, e, "read the snapshots");
}
