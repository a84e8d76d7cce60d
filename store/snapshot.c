/*
 * snapshot.c: the quota_snapshots table, and the sums that compare a
 * platform's own figures with the runs logged.  Values are bound.
 */
#include "store/snapshot.h"

#include <stdio.h>
#include <string.h>

#include "core/err.h"
#include "core/model.h"
#include "core/quota.h"
#include "core/snapshot.h"
#include "store/internal.h"
#include "store/store.h"

int
store_latest_snapshot(struct store *s, const char *platform,
    struct quota_snapshot *q, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (st_prepare(s, &st, "SELECT platform, taken_at, used_s, "
	    "reserved_s, allowed_s, coalesce(reset_at, 0), source FROM "
	    "quota_snapshots WHERE platform = ?1 ORDER BY taken_at DESC, id "
	    "DESC LIMIT 1", e) < 0)
		return -1;
	sqlite3_bind_text(st, 1, platform, -1, SQLITE_TRANSIENT);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		memset(q, 0, sizeof *q);
		st_col_copy(st, 0, q->platform, sizeof q->platform);
		q->taken_at = sqlite3_column_int64(st, 1);
		q->used_s = sqlite3_column_int64(st, 2);
		q->reserved_s = sqlite3_column_int64(st, 3);
		q->allowed_s = sqlite3_column_int64(st, 4);
		q->reset_at = sqlite3_column_int64(st, 5);
		st_col_copy(st, 6, q->source, sizeof q->source);
	}
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW)
		return 1;
	return rc == SQLITE_DONE ? 0 : st_fail(s, e, "read quota snapshots");
}

int
store_import_snapshot(struct store *s, const struct quota_snapshot *q,
    struct err *e)
{
	struct quota_snapshot last;
	sqlite3_stmt *st;
	int rc = store_latest_snapshot(s, q->platform, &last, e);

	if (rc < 0)
		return -1;
	if (rc == 1 && last.used_s == q->used_s && last.reserved_s ==
	    q->reserved_s && last.allowed_s == q->allowed_s &&
	    last.reset_at == q->reset_at)
		return 0;
	if (st_prepare(s, &st, "INSERT INTO quota_snapshots(platform, "
	    "taken_at, used_s, reserved_s, allowed_s, reset_at, source) "
	    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)", e) < 0)
		return -1;
	sqlite3_bind_text(st, 1, q->platform, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 2, q->taken_at);
	sqlite3_bind_int64(st, 3, q->used_s);
	sqlite3_bind_int64(st, 4, q->reserved_s);
	sqlite3_bind_int64(st, 5, q->allowed_s);
	if (q->reset_at > 0)
		sqlite3_bind_int64(st, 6, q->reset_at);
	else
		sqlite3_bind_null(st, 6);
	sqlite3_bind_text(st, 7, q->source, -1, SQLITE_TRANSIENT);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 1 : st_fail(s, e, "store the quota "
	    "snapshot");
}

struct logged {
	int unit;
	int64_t ws, we, now, used;
};

static int
add_logged(const struct run *r, void *arg)
{
	struct logged *l = arg;
	struct quota q;

	memset(&q, 0, sizeof q);
	q.unit = l->unit;
	l->used += quota_run_use(&q, r, l->ws, l->we, l->now, 0);
	return 0;
}

int
store_logged_use(struct store *s, const char *platform, int unit,
    int64_t ws, int64_t we, int64_t now, int64_t *used, struct err *e)
{
	struct logged l = { unit, ws, we, now, 0 };

	if (store_each_window_run(s, platform, ws, we, add_logged, &l, e) < 0)
		return -1;
	*used = l.used;
	return 0;
}

int
store_last_import(struct store *s, const char *source, int64_t *t,
    struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (st_prepare(s, &st, "SELECT max(coalesce((SELECT max(created) FROM "
	    "runs WHERE source = ?1), 0), coalesce((SELECT max(taken_at) FROM "
	    "quota_snapshots WHERE source LIKE ?1 || '%'), 0))", e) < 0)
		return -1;
	sqlite3_bind_text(st, 1, source, -1, SQLITE_TRANSIENT);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*t = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? 0 : st_fail(s, e, "find the last import");
}
