/*
 * bulk.c: the import path for many runs: store_import_run()'s insert and
 * lookup, each prepared once and reset between rows.  The insert comes
 * first and stands down on a uid or source id already stored, so a new
 * run costs one statement and only a run seen before is looked up.
 */
#include "store/bulk.h"

#include <stdlib.h>

#include "core/err.h"
#include "core/model.h"
#include "store/internal.h"
#include "store/store.h"

struct store_bulk {
	struct store *s;
	sqlite3_stmt *find;
	sqlite3_stmt *insert;
};

int
store_bulk_new(struct store *s, struct store_bulk **bp, struct err *e)
{
	struct store_bulk *b = xcalloc(1, sizeof *b);

	b->s = s;
	*bp = NULL;
	if (st_prepare(s, &b->find, "SELECT id, modified FROM runs WHERE "
	    "(uid = ?1 AND ?1 IS NOT NULL) OR (source = ?2 AND source_id = ?3)"
	    " LIMIT 1", e) < 0 ||
	    st_prepare(s, &b->insert, "INSERT INTO runs(platform, gpu, gpus, "
	    "start_ts, end_ts, cost_minor, currency, rate_micro, cu_centi, "
	    "checkpointed, note, project, tags, source, source_id, created, "
	    "modified, uid, id) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,"
	    "?12,?13,?14,?15,?16,?17,?18,?19) ON CONFLICT DO NOTHING", e) < 0) {
		store_bulk_free(b);
		return -1;
	}
	*bp = b;
	return 0;
}

void
store_bulk_free(struct store_bulk *b)
{
	if (b == NULL)
		return;
	sqlite3_finalize(b->find);
	sqlite3_finalize(b->insert);
	free(b);
}

int
store_bulk_import_run(struct store_bulk *b, const struct run *r,
    struct err *e)
{
	sqlite3_stmt *st = b->insert;
	int64_t id = 0, modified = 0;
	struct run u;
	int rc;

	sqlite3_reset(st);
	st_bind_run(st, r);
	st_bind_uid(st, 18, r->uid);
	st_bind_new_run_id(b->s, st, 19);
	rc = sqlite3_step(st);
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		return st_fail(b->s, e, "import a run");
	if (sqlite3_changes(b->s->db) == 1) {
		st_run_added(b->s);
		return 1;
	}

	/* Already stored under its uid or its source id. */
	st = b->find;
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	st_bind_text(st, 1, r->uid);
	sqlite3_bind_text(st, 2, r->source[0] ? r->source : "cli", -1,
	    SQLITE_TRANSIENT);
	st_bind_text(st, 3, r->source_id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		id = sqlite3_column_int64(st, 0);
		modified = sqlite3_column_int64(st, 1);
	}
	sqlite3_reset(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return st_fail(b->s, e, "import a run");
	if (id == 0)
		return err_set(e, "cannot import a run: its new uid is taken");
	if (r->modified <= modified)
		return 0;
	u = *r;
	u.id = id;
	return store_update_run(b->s, &u, e) < 0 ? -1 : 2;
}
