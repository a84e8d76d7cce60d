/*
 * hours.c: run_hours, the ended runs summed by the hour (UTC) of their
 * start, per platform and currency, which page_buckets() reads for whole
 * hours.  It holds what the runs sum to at every commit:
 *
 *  - a run inserted is noted by its rowid (the update hook, store.c's
 *    on_write()), and the noted runs are summed into it once, before the
 *    commit (hours_flush(), from store_exported()): a trigger on each
 *    insert would make every INSERT a statement that journals each page
 *    it writes, five times an import's time;
 *  - a run changed or removed that is not noted is taken out as it was
 *    and put in as it is by the connection's own triggers (made with
 *    undo's by st_arm()), which a change or a removal pays for anyway;
 *  - a rollback forgets the notes, and a commit with notes not summed is
 *    refused rather than leave run_hours short.
 *
 * The expressions are page_buckets()'s own.
 */
#include "store/internal.h"

#include <stdint.h>
#include <stdlib.h>

#include "core/err.h"
#include "store/store.h"

/* More ranges than this (runs put back one by one, out of order): the
 * table is built again from every run at the commit. */
#define HOURS_NOTES_MAX 1024

#define HOUR_OF(r) #r ".start_ts - " #r ".start_ts % 3600"
#define HOURS_KEY(r) "hour = " HOUR_OF(r) " AND platform = " #r \
	".platform AND currency = coalesce(" #r ".currency, '')"
#define HOURS_TAKE "UPDATE run_hours SET cost = cost - old.cost_minor, " \
	"gpu_s = gpu_s - (old.end_ts - old.start_ts) * old.gpus, runs = " \
	"runs - 1 WHERE old.end_ts IS NOT NULL AND " HOURS_KEY(old) ";" \
	"DELETE FROM run_hours WHERE runs = 0 AND " HOURS_KEY(old) ";"
#define HOURS_PUT "INSERT INTO run_hours SELECT " HOUR_OF(new) ", " \
	"new.platform, coalesce(new.currency, ''), new.cost_minor, " \
	"(new.end_ts - new.start_ts) * new.gpus, 1 WHERE new.end_ts IS NOT " \
	"NULL ON CONFLICT DO UPDATE SET cost = cost + excluded.cost, " \
	"gpu_s = gpu_s + excluded.gpu_s, runs = runs + excluded.runs;"
/* The sums of the runs that WHERE names, added to what run_hours has. */
#define HOURS_ADD(where) "INSERT INTO run_hours SELECT start_ts - " \
	"start_ts % 3600, platform, coalesce(currency, ''), sum(cost_minor), " \
	"sum((end_ts - start_ts) * gpus), count(*) FROM runs WHERE " where \
	" AND end_ts IS NOT NULL GROUP BY 1, 2, 3 ON CONFLICT DO UPDATE SET " \
	"cost = cost + excluded.cost, gpu_s = gpu_s + excluded.gpu_s, runs = " \
	"runs + excluded.runs"

void
hours_note(struct store *s, int64_t row)
{
	struct hours_note *n;

	if (s->hours_all)
		return;
	if (s->nhours > 0) {
		n = &s->hours[s->nhours - 1];
		if (row >= n->lo && row <= n->hi + 1) {
			if (row > n->hi)
				n->hi = row;
			return;
		}
	}
	if (s->nhours == HOURS_NOTES_MAX) {
		s->hours_all = 1;
		s->nhours = 0;
		return;
	}
	if (s->nhours == s->hourscap) {
		s->hourscap = s->hourscap ? s->hourscap * 2 : 8;
		s->hours = xrealloc(s->hours, s->hourscap * sizeof *s->hours);
	}
	n = &s->hours[s->nhours++];
	n->lo = n->hi = row;
}

/* 1 when row is noted (or every run is summed again at the commit). */
static int
noted(const struct store *s, int64_t row)
{
	size_t i;

	if (s->hours_all)
		return 1;
	for (i = 0; i < s->nhours; i++)
		if (row >= s->hours[i].lo && row <= s->hours[i].hi)
			return 1;
	return 0;
}

/* gpulog_hours_noted(rowid): the triggers leave a noted run alone. */
static void
sql_noted(sqlite3_context *cx, int argc, sqlite3_value **argv)
{
	(void)argc;
	sqlite3_result_int(cx, noted(sqlite3_user_data(cx),
	    sqlite3_value_int64(argv[0])));
}

static int
on_commit(void *arg)
{
	const struct store *s = arg;

	return s->nhours > 0 || s->hours_all;
}

static void
on_rollback(void *arg)
{
	hours_forget(arg);
}

void
hours_forget(struct store *s)
{
	s->nhours = 0;
	s->hours_all = 0;
}

int
hours_functions(struct store *s, struct err *e)
{
	sqlite3_commit_hook(s->db, on_commit, s);
	sqlite3_rollback_hook(s->db, on_rollback, s);
	return sqlite3_create_function(s->db, "gpulog_hours_noted", 1,
	    SQLITE_UTF8 | SQLITE_DETERMINISTIC, s, sql_noted, NULL, NULL) ==
	    SQLITE_OK ? 0 : st_fail(s, e, "open the database");
}

int
hours_triggers(struct store *s, struct err *e)
{
	return st_exec(s, "CREATE TEMP TRIGGER hours_del AFTER DELETE ON "
	    "main.runs WHEN NOT gpulog_hours_noted(old.rowid) BEGIN "
	    HOURS_TAKE " END;"
	    "CREATE TEMP TRIGGER hours_upd AFTER UPDATE OF start_ts, end_ts, "
	    "platform, gpus, cost_minor, currency ON main.runs WHEN NOT "
	    "gpulog_hours_noted(old.rowid) BEGIN " HOURS_TAKE HOURS_PUT " END;",
	    e);
}

int
hours_flush(struct store *s, struct err *e)
{
	sqlite3_stmt *st;
	size_t i;

	if (s->hours_all) {
		if (st_exec(s, "DELETE FROM run_hours; " HOURS_ADD("1"), e) < 0)
			return -1;
		hours_forget(s);
		return 0;
	}
	if (s->nhours == 0)
		return 0;
	if (st_prepare_kept(s, &st, HOURS_ADD("id BETWEEN ?1 AND ?2"), e) < 0)
		return -1;
	for (i = 0; i < s->nhours; i++) {
		sqlite3_bind_int64(st, 1, s->hours[i].lo);
		sqlite3_bind_int64(st, 2, s->hours[i].hi);
		if (sqlite3_step(st) != SQLITE_DONE) {
			st_release(s, st);
			return st_fail(s, e, "sum the runs by hour");
		}
		sqlite3_reset(st);
	}
	st_release(s, st);
	hours_forget(s);
	return 0;
}
