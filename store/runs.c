/*
 * runs.c: runs and expenses in the database.  Values are always bound;
 * the few queries built at run time join fixed fragments only.
 */
#include "store/store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/cloud.h"
#include "core/err.h"
#include "core/model.h"
#include "store/internal.h"
#include "store/sync.h"

void
st_row_to_run(sqlite3_stmt *st, struct run *r)
{
	run_clear(r);
	r->id = sqlite3_column_int64(st, 0);
	st_col_copy(st, 1, r->uid, sizeof r->uid);
	st_col_copy(st, 2, r->platform, sizeof r->platform);
	st_col_copy(st, 3, r->gpu, sizeof r->gpu);
	r->gpus = sqlite3_column_int(st, 4);
	r->start = sqlite3_column_int64(st, 5);
	r->end = sqlite3_column_type(st, 6) == SQLITE_NULL ? RUN_OPEN :
	    sqlite3_column_int64(st, 6);
	r->cost_minor = sqlite3_column_int64(st, 7);
	st_col_copy(st, 8, r->currency, sizeof r->currency);
	r->rate_micro = sqlite3_column_int64(st, 9);
	r->cu_centi = sqlite3_column_type(st, 10) == SQLITE_NULL ? -1 :
	    sqlite3_column_int64(st, 10);
	r->checkpointed = sqlite3_column_int(st, 11);
	r->note = st_col_dup(st, 12);
	r->project = st_col_dup(st, 13);
	r->tags = st_col_dup(st, 14);
	st_col_copy(st, 15, r->source, sizeof r->source);
	r->source_id = st_col_dup(st, 16);
	r->created = sqlite3_column_int64(st, 17);
	r->modified = sqlite3_column_int64(st, 18);
}

/* Reads a row of RUN_COLS_BRIEF into r, which holds no strings. */
static void
row_to_run_brief(sqlite3_stmt *st, struct run *r)
{
	r->id = sqlite3_column_int64(st, 0);
	st_col_copy(st, 1, r->platform, sizeof r->platform);
	st_col_copy(st, 2, r->gpu, sizeof r->gpu);
	r->gpus = sqlite3_column_int(st, 3);
	r->start = sqlite3_column_int64(st, 4);
	r->end = sqlite3_column_type(st, 5) == SQLITE_NULL ? RUN_OPEN :
	    sqlite3_column_int64(st, 5);
	r->cost_minor = sqlite3_column_int64(st, 6);
	st_col_copy(st, 7, r->currency, sizeof r->currency);
	r->rate_micro = sqlite3_column_int64(st, 8);
	r->cu_centi = sqlite3_column_type(st, 9) == SQLITE_NULL ? -1 :
	    sqlite3_column_int64(st, 9);
}

/* Binds s, which outlives the step, as text; NULL when NULL or empty. */
static void
bind_kept(sqlite3_stmt *st, int i, const char *s)
{
	if (s == NULL || *s == '\0')
		sqlite3_bind_null(st, i);
	else
		sqlite3_bind_text(st, i, s, -1, SQLITE_STATIC);
}

/* Binds the run's fields to ?1..?17 (uid, id aside); r is not copied. */
void
st_bind_run(sqlite3_stmt *st, const struct run *r)
{
	bind_kept(st, 1, r->platform);
	bind_kept(st, 2, r->gpu);
	sqlite3_bind_int(st, 3, r->gpus);
	sqlite3_bind_int64(st, 4, r->start);
	if (r->end == RUN_OPEN)
		sqlite3_bind_null(st, 5);
	else
		sqlite3_bind_int64(st, 5, r->end);
	sqlite3_bind_int64(st, 6, r->cost_minor);
	bind_kept(st, 7, r->currency);
	sqlite3_bind_int64(st, 8, r->rate_micro);
	if (r->cu_centi < 0)
		sqlite3_bind_null(st, 9);
	else
		sqlite3_bind_int64(st, 9, r->cu_centi);
	sqlite3_bind_int(st, 10, r->checkpointed);
	bind_kept(st, 11, r->note);
	bind_kept(st, 12, r->project);
	bind_kept(st, 13, r->tags);
	sqlite3_bind_text(st, 14, r->source[0] ? r->source : "cli", -1,
	    SQLITE_STATIC);
	bind_kept(st, 15, r->source_id);
	sqlite3_bind_int64(st, 16, r->created);
	sqlite3_bind_int64(st, 17, r->modified);
}

static const char insert_run[] = "INSERT INTO runs(platform, gpu, gpus, "
    "start_ts, end_ts, cost_minor, currency, rate_micro, cu_centi, "
    "checkpointed, note, project, tags, source, source_id, created, "
    "modified, uid, id) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,"
    "?14,?15,?16,?17,?18,?19)";

void
st_bind_new_run_id(struct store *s, sqlite3_stmt *st, int i)
{
	if (s->in_change)
		sqlite3_bind_int64(st, i, s->runs_next);
	else
		sqlite3_bind_null(st, i);
}

void
st_run_added(struct store *s)
{
	if (s->in_change)
		s->runs_next = sqlite3_last_insert_rowid(s->db) + 1;
}

int
store_add_run(struct store *s, struct run *r, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (st_prepare(s, &st, insert_run, e) < 0)
		return -1;
	st_bind_run(st, r);
	st_bind_uid(st, 18, r->uid);
	st_bind_new_run_id(s, st, 19);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return st_fail(s, e, "add the run");
	r->id = sqlite3_last_insert_rowid(s->db);
	st_run_added(s);
	return 0;
}

int
store_update_run(struct store *s, const struct run *r, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (st_prepare(s, &st, "UPDATE runs SET platform=?1, gpu=?2, gpus=?3, "
	    "start_ts=?4, end_ts=?5, cost_minor=?6, currency=?7, "
	    "rate_micro=?8, cu_centi=?9, checkpointed=?10, note=?11, "
	    "project=?12, tags=?13, source=?14, source_id=?15, created=?16, "
	    "modified=?17 WHERE id=?18", e) < 0)
		return -1;
	st_bind_run(st, r);
	sqlite3_bind_int64(st, 18, r->id);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return st_fail(s, e, "change the run");
	if (sqlite3_changes(s->db) == 0)
		return err_set(e, "no run #%lld", (long long)r->id);
	return 0;
}

int
store_delete_run(struct store *s, int64_t id, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (st_prepare(s, &st, "DELETE FROM runs WHERE id = ?", e) < 0)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return st_fail(s, e, "remove the run");
	if (sqlite3_changes(s->db) == 0)
		return err_set(e, "no run #%lld", (long long)id);
	return 0;
}

int
store_get_run(struct store *s, int64_t id, struct run *r, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (st_prepare(s, &st, "SELECT " RUN_COLS " FROM runs WHERE id = ?",
	    e) < 0)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		st_row_to_run(st, r);
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW)
		return 1;
	return rc == SQLITE_DONE ? 0 : st_fail(s, e, "read the run");
}

int
store_nth_run(struct store *s, int n, int open_only, int64_t *id,
    struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (st_prepare(s, &st, open_only ? "SELECT id FROM runs WHERE end_ts "
	    "IS NULL ORDER BY start_ts DESC, id DESC LIMIT 1 OFFSET ?" :
	    "SELECT id FROM runs ORDER BY start_ts DESC, id DESC LIMIT 1 "
	    "OFFSET ?", e) < 0)
		return -1;
	sqlite3_bind_int(st, 1, n - 1);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW)
		return 1;
	return rc == SQLITE_DONE ? 0 : st_fail(s, e, "find the run");
}

int
store_find_overlap(struct store *s, const char *platform, int64_t start,
    int64_t end, int64_t exclude, int64_t now, int64_t *id, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	/*
	 * Open runs (either side) extend to now.  Searched through
	 * (platform, end_ts) as windows are, never by scanning start_ts: the
	 * ended run that ends first, walking the index from start and
	 * stopping at the first that overlaps (one that starts earliest
	 * would have to read every later run), else the open run that
	 * starts first.
	 */
	if (st_prepare(s, &st, "SELECT id FROM (SELECT id, 0 AS o, end_ts "
	    "AS k FROM (SELECT id, end_ts FROM runs WHERE platform = ?1 AND "
	    "id != ?2 AND end_ts > ?3 AND +start_ts < ?4 ORDER BY end_ts "
	    "LIMIT 1) UNION ALL SELECT id, 1, start_ts FROM runs WHERE "
	    "platform = ?1 AND id != ?2 AND end_ts IS NULL AND +start_ts < "
	    "?4 AND max(?5, start_ts + 1) > ?3) ORDER BY o, k LIMIT 1", e) <
	    0)
		return -1;
	sqlite3_bind_text(st, 1, platform, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, exclude);
	sqlite3_bind_int64(st, 3, start);
	sqlite3_bind_int64(st, 4, end == RUN_OPEN ? INT64_MAX : end);
	sqlite3_bind_int64(st, 5, now);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW)
		return 1;
	return rc == SQLITE_DONE ? 0 : st_fail(s, e, "look for overlaps");
}

int
st_walk_runs(struct store *s, sqlite3_stmt *st,
    int (*fn)(const struct run *, void *), void *arg, struct err *e)
{
	void (*read)(sqlite3_stmt *, struct run *) = sqlite3_column_count(st)
	    == RUN_NCOLS_BRIEF ? row_to_run_brief : st_row_to_run;
	struct run r;
	int rc, stop = 0;

	run_init(&r);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		read(st, &r);
		if ((stop = fn(&r, arg)) != 0)
			break;
	}
	run_clear(&r);
	st_release(s, st);
	if (stop != 0)
		return stop;
	return rc == SQLITE_DONE ? 0 : st_fail(s, e, "read the runs");
}

/* 1 when instance run (source_id key, from start to end, RUN_OPEN while
 * open: for ever) is a running period of instance id that overlaps
 * [a, b). */
static int
covers(const char *key, const char *id, int64_t start, int64_t end,
    int64_t a, int64_t b)
{
	return cloud_key_of_instance(key, id) && start < b &&
	    (end == RUN_OPEN ? INT64_MAX : end) > a;
}

/* 1 when run (id, key, a, b) is within an instance whose run covers it. */
static int
covered_one(sqlite3_stmt *inst, const char *key, int64_t a, int64_t b,
    int *found)
{
	char provider[64], id[64], hi[80];
	int rc;

	*found = 0;
	if (!cloud_within_parse(key, provider, id))
		return 0;
	/* Every key that begins with the id, in the (source, source_id)
	 * index; covers() keeps that instance's own. */
	snprintf(hi, sizeof hi, "%s\x7f", id);
	sqlite3_reset(inst);
	sqlite3_bind_text(inst, 1, provider, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(inst, 2, id, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(inst, 3, hi, -1, SQLITE_TRANSIENT);
	while ((rc = sqlite3_step(inst)) == SQLITE_ROW)
		if (covers((const char *)sqlite3_column_text(inst, 0), id,
		    sqlite3_column_int64(inst, 1), sqlite3_column_type(inst,
		    2) == SQLITE_NULL ? RUN_OPEN : sqlite3_column_int64(inst, 2),
		    a, b)) {
			*found = 1;
			break;
		}
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : -1;
}

static int
cmp_id(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

int
store_covered(struct store *s, struct err *e)
{
	sqlite3_stmt *st = NULL, *inst = NULL;
	unsigned int version = 0;
	int64_t changes = sqlite3_total_changes64(s->db);
	int rc = -1, found;

	sqlite3_file_control(s->db, "main", SQLITE_FCNTL_DATA_VERSION,
	    &version);
	if (s->cov_valid && s->cov_version == version &&
	    s->cov_changes == changes)
		return 0;
	s->ncov = 0;
	s->cov_valid = 0;
	/* The runs within an instance: "run"'s with a source id (the others
	 * have none), a range of the (source, source_id) index (no ORDER BY
	 * of the rowid, which the planner may prefer to it). */
	if (st_prepare(s, &st, "SELECT id, source_id, start_ts, end_ts FROM "
	    "runs WHERE source = 'run' AND source_id > ''", e) < 0)
		goto out;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int64_t a = sqlite3_column_int64(st, 2);
		int64_t b = sqlite3_column_type(st, 3) == SQLITE_NULL ?
		    INT64_MAX : sqlite3_column_int64(st, 3);

		/* Asked only of a history that has runs within. */
		if (inst == NULL && st_prepare(s, &inst, "SELECT source_id, "
		    "start_ts, end_ts FROM runs WHERE source = ?1 AND source_id "
		    ">= ?2 AND source_id < ?3", e) < 0) {
			rc = -1;
			goto out;
		}
		if (covered_one(inst, (const char *)sqlite3_column_text(st, 1),
		    a, b, &found) < 0) {
			rc = SQLITE_ERROR;
			break;
		}
		if (!found)
			continue;
		if (s->ncov == s->covcap) {
			s->covcap = s->covcap ? s->covcap * 2 : 16;
			s->cov = xrealloc(s->cov, s->covcap * sizeof *s->cov);
		}
		s->cov[s->ncov++] = sqlite3_column_int64(st, 0);
	}
	if (rc != SQLITE_DONE) {
		rc = st_fail(s, e, "read the runs within instances");
		goto out;
	}
	if (s->ncov > 1)
		qsort(s->cov, s->ncov, sizeof *s->cov, cmp_id);
	s->cov_valid = 1;
	s->cov_version = version;
	s->cov_changes = changes;
	rc = 0;
out:
	sqlite3_finalize(st);
	sqlite3_finalize(inst);
	return rc;
}

int
store_is_covered(const struct store *s, int64_t id)
{
	size_t lo = 0, hi = s->ncov;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->cov[mid] == id)
			return 1;
		if (s->cov[mid] < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

/* A walk that passes on the runs that count (filter.counted). */
struct counted_walk {
	struct store *s;
	int (*fn)(const struct run *, void *);
	void *arg;
};

static int
counted_run(const struct run *r, void *arg)
{
	struct counted_walk *w = arg;

	return store_is_covered(w->s, r->id) ? 0 : w->fn(r, w->arg);
}

/* st_walk_runs() of the runs that count: store_covered()'s left out. */
static int
walk_counted(struct store *s, sqlite3_stmt *st,
    int (*fn)(const struct run *, void *), void *arg, struct err *e)
{
	struct counted_walk w = { s, fn, arg };

	return s->ncov > 0 ? st_walk_runs(s, st, counted_run, &w, e) :
	    st_walk_runs(s, st, fn, arg, e);
}

int
store_each_run(struct store *s, const struct filter *f,
    int (*fn)(const struct run *, void *), void *arg, struct err *e)
{
	char sql[1024];
	sqlite3_stmt *st;

	snprintf(sql, sizeof sql, "SELECT %s FROM runs WHERE 1", f->brief ?
	    RUN_COLS_BRIEF : RUN_COLS);
	if (f->since)
		strcat(sql, " AND start_ts >= ?1");
	if (f->until)
		strcat(sql, " AND start_ts < ?2");
	if (f->platform)
		strcat(sql, " AND platform = ?3");
	if (f->tag)
		strcat(sql, " AND " SQL_HAS_TAG("?4"));
	if (f->project)
		strcat(sql, " AND project = ?5");
	if (f->source)
		strcat(sql, " AND source = ?6");
	if (f->open_only)
		strcat(sql, " AND end_ts IS NULL");
	if (f->pending) {
		char cond[256];

		st_pending_cond(cond, sizeof cond, "", PEND_RUNS);
		strcat(sql, " AND ");
		strcat(sql, cond);
	}
	if (!f->any_order)
		strcat(sql, f->newest_first ? " ORDER BY start_ts DESC, id DESC"
		    : " ORDER BY start_ts, id");
	if (f->limit > 0)
		strcat(sql, " LIMIT ?7");
	if ((f->counted && store_covered(s, e) < 0) ||
	    st_prepare_kept(s, &st, sql, e) < 0)
		return -1;
	sqlite3_bind_int64(st, 1, f->since);
	sqlite3_bind_int64(st, 2, f->until);
	st_bind_text(st, 3, f->platform);
	st_bind_text(st, 4, f->tag);
	st_bind_text(st, 5, f->project);
	st_bind_text(st, 6, f->source);
	sqlite3_bind_int64(st, 7, f->limit);
	return f->counted ? walk_counted(s, st, fn, arg, e) :
	    st_walk_runs(s, st, fn, arg, e);
}

/* The platforms a search of (platform, end_ts) picks: one, bound at ?1,
 * or each of the catalog's (every run's platform is one). */
#define PLAT_ONE "platform = ?1"
#define PLAT_EVERY "platform IN (SELECT key FROM platforms)"

/*
 * The runs overlapping [?2, ?3), open runs included, by start: two
 * searches of (platform, end_ts), never a scan of start_ts (the unary +
 * keeps that index out), since a window is a few runs at the end of a long
 * history; the few found are sorted.  plat picks the platforms (PLAT_ONE
 * or PLAT_EVERY).  The index is named: the planner's choice for one
 * platform, and for an IN of a table no key it would choose it for.
 */
#define SQL_WINDOW(cols, plat) \
	"SELECT " cols " FROM runs INDEXED BY runs_platform_end WHERE " plat \
	" AND end_ts > ?2 AND +start_ts < ?3 UNION ALL SELECT " cols " FROM " \
	"runs INDEXED BY runs_platform_end WHERE " plat " AND end_ts IS NULL " \
	"AND +start_ts < ?3 ORDER BY start_ts, id"

/* A walk of SQL_WINDOW()'s runs but for those store_covered() names; its
 * statement is kept, as status and the dashboard ask it again and
 * again. */
static int
walk_window(struct store *s, const char *sql, const char *platform,
    int64_t ws, int64_t we, int (*fn)(const struct run *, void *), void *arg,
    struct err *e)
{
	sqlite3_stmt *st;

	if (store_covered(s, e) < 0 || st_prepare_kept(s, &st, sql, e) < 0)
		return -1;
	if (platform != NULL)
		sqlite3_bind_text(st, 1, platform, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, ws);
	sqlite3_bind_int64(st, 3, we);
	return walk_counted(s, st, fn, arg, e);
}

int
store_each_window_run(struct store *s, const char *platform, int64_t ws,
    int64_t we, int (*fn)(const struct run *, void *), void *arg,
    struct err *e)
{
	return walk_window(s, SQL_WINDOW(RUN_COLS, PLAT_ONE), platform,
	    ws, we, fn, arg, e);
}

int
store_each_span_run(struct store *s, int64_t ws, int64_t we,
    int (*fn)(const struct run *, void *), void *arg, struct err *e)
{
	return walk_window(s, SQL_WINDOW(RUN_COLS_BRIEF, PLAT_EVERY), NULL, ws,
	    we, fn, arg, e);
}

/* Whether a run of the platforms plat picks has ended by ?2: one search
 * of (platform, end_ts) for each. */
#define SQL_ENDED_BY(plat) \
	"SELECT EXISTS (SELECT 1 FROM runs INDEXED BY runs_platform_end " \
	"WHERE " plat " AND end_ts <= ?2)"

int
store_ended_by(struct store *s, const char *platform, int64_t t,
    struct err *e)
{
	sqlite3_stmt *st;
	int rc, yes = 0;

	if (st_prepare_kept(s, &st, platform != NULL ?
	    SQL_ENDED_BY(PLAT_ONE) : SQL_ENDED_BY(PLAT_EVERY), e) < 0)
		return -1;
	if (platform != NULL)
		sqlite3_bind_text(st, 1, platform, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, t);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW)
		yes = sqlite3_column_int(st, 0);
	st_release(s, st);
	if (rc != SQLITE_ROW)
		return st_fail(s, e, "read the runs");
	return yes;
}

int
store_each_source_run(struct store *s, const char *source,
    int (*fn)(const struct run *, void *), void *arg, struct err *e)
{
	sqlite3_stmt *st;

	/* The (source, source_id) index finds them. */
	if (st_prepare(s, &st, "SELECT " RUN_COLS " FROM runs WHERE source = "
	    "?1 ORDER BY start_ts, id", e) < 0)
		return -1;
	sqlite3_bind_text(st, 1, source, -1, SQLITE_STATIC);
	return st_walk_runs(s, st, fn, arg, e);
}

int
store_import_run(struct store *s, const struct run *r, struct err *e)
{
	sqlite3_stmt *st;
	int64_t id = 0, modified = 0;
	int rc;

	if (st_prepare(s, &st, "SELECT id, modified FROM runs WHERE "
	    "(uid = ?1 AND ?1 IS NOT NULL) OR (source = ?2 AND source_id = ?3)"
	    " LIMIT 1", e) < 0)
		return -1;
	st_bind_text(st, 1, r->uid);
	sqlite3_bind_text(st, 2, r->source, -1, SQLITE_STATIC);
	st_bind_text(st, 3, r->source_id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		id = sqlite3_column_int64(st, 0);
		modified = sqlite3_column_int64(st, 1);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return st_fail(s, e, "import a run");
	if (id != 0) {
		struct run u = *r;

		if (r->modified <= modified)
			return 0;
		u.id = id;
		return store_update_run(s, &u, e) < 0 ? -1 : 2;
	}
	if (st_prepare(s, &st, insert_run, e) < 0)
		return -1;
	st_bind_run(st, r);
	st_bind_uid(st, 18, r->uid);
	st_bind_new_run_id(s, st, 19);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return st_fail(s, e, "import a run");
	st_run_added(s);
	return 1;
}

static const char insert_expense[] = "INSERT INTO expenses(at, platform, "
    "amount_minor, currency, note, source, source_id, uid, kind, units_centi, "
    "modified) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11)";
static const char insert_expense_id[] = "INSERT INTO expenses(at, platform, "
    "amount_minor, currency, note, source, source_id, uid, kind, units_centi, "
    "modified, id) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12)";

/* Binds an expense's kind (as expense_kind() reads it: a word it does not
 * know is a plain spend) and units at k and k + 1: units below 0 are
 * NULL. */
static void
bind_kind(sqlite3_stmt *st, int k, const struct expense *x)
{
	sqlite3_bind_text(st, k, expense_kind_name(expense_kind(x)), -1,
	    SQLITE_STATIC);
	if (x->units_centi < 0)
		sqlite3_bind_null(st, k + 1);
	else
		sqlite3_bind_int64(st, k + 1, x->units_centi);
}

static void
bind_expense(sqlite3_stmt *st, const struct expense *x)
{
	sqlite3_bind_int64(st, 1, x->at);
	st_bind_text(st, 2, x->platform);
	sqlite3_bind_int64(st, 3, x->amount_minor);
	sqlite3_bind_text(st, 4, x->currency, -1, SQLITE_TRANSIENT);
	st_bind_text(st, 5, x->note);
	sqlite3_bind_text(st, 6, x->source[0] ? x->source : "cli", -1,
	    SQLITE_TRANSIENT);
	st_bind_text(st, 7, x->source_id);
	st_bind_uid(st, 8, x->uid);
	bind_kind(st, 9, x);
}

/* An expense written now is stamped with the store's clock. */
static void
bind_expense_stamp(struct store *s, sqlite3_stmt *st, const struct expense *x)
{
	bind_expense(st, x);
	sqlite3_bind_int64(st, 11, s->clock);
}

int
store_add_expense(struct store *s, struct expense *x, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (st_prepare(s, &st, insert_expense, e) < 0)
		return -1;
	bind_expense_stamp(s, st, x);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return st_fail(s, e, "add the expense");
	x->id = sqlite3_last_insert_rowid(s->db);
	return 0;
}

/*
 * An id above every expense's and every one an undo could bring back (an
 * undo log entry that inserts an expense again, schema.c's "INSERT INTO
 * expenses(rowid,...) VALUES (ID,..."): a row written outside any change
 * takes it, so that undoing an earlier rm never finds its id taken.
 */
static int
free_expense_id(struct store *s, int64_t *id, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (st_prepare(s, &st, "SELECT max(coalesce((SELECT max(id) FROM "
	    "expenses), 0), coalesce((SELECT max(CAST(substr(sql, instr(sql, "
	    "') VALUES (') + 10) AS INTEGER)) FROM undolog WHERE sql LIKE "
	    "'INSERT INTO expenses(%'), 0)) + 1", e) < 0)
		return -1;
	rc = sqlite3_step(st);
	*id = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? 0 : st_fail(s, e, "read the expenses");
}

int
store_import_expense(struct store *s, const struct expense *x, struct err *e)
{
	return store_record_expense(s, x, 0, e);
}

int
store_record_expense(struct store *s, const struct expense *x, int fresh_id,
    struct err *e)
{
	sqlite3_stmt *st;
	int64_t id = 0;
	int rc, n;

	if (st_prepare(s, &st, "SELECT 1 FROM expenses WHERE (uid = ?1 AND ?1 "
	    "IS NOT NULL) OR (source = ?2 AND source_id = ?3)", e) < 0)
		return -1;
	st_bind_text(st, 1, x->uid);
	sqlite3_bind_text(st, 2, x->source, -1, SQLITE_STATIC);
	st_bind_text(st, 3, x->source_id);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW)
		return 0;
	if (rc != SQLITE_DONE)
		return st_fail(s, e, "import an expense");
	if (fresh_id && free_expense_id(s, &id, e) < 0)
		return -1;
	if (st_prepare(s, &st, fresh_id ? insert_expense_id : insert_expense,
	    e) < 0)
		return -1;
	bind_expense_stamp(s, st, x);
	if (fresh_id)
		sqlite3_bind_int64(st, 12, id);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	n = sqlite3_changes(s->db);
	return rc == SQLITE_DONE ? n : st_fail(s, e, "import an expense");
}

/* The columns of an expense, as read_expense() takes them. */
#define EXPENSE_COLS "id, uid, at, platform, amount_minor, currency, note, " \
	"source, source_id, kind, units_centi, modified"

/* Reads the row at st (EXPENSE_COLS) into x, clearing it first. */
static void
read_expense(sqlite3_stmt *st, struct expense *x)
{
	expense_clear(x);
	x->id = sqlite3_column_int64(st, 0);
	st_col_copy(st, 1, x->uid, sizeof x->uid);
	x->at = sqlite3_column_int64(st, 2);
	st_col_copy(st, 3, x->platform, sizeof x->platform);
	x->amount_minor = sqlite3_column_int64(st, 4);
	st_col_copy(st, 5, x->currency, sizeof x->currency);
	x->note = st_col_dup(st, 6);
	st_col_copy(st, 7, x->source, sizeof x->source);
	x->source_id = st_col_dup(st, 8);
	st_col_copy(st, 9, x->kind, sizeof x->kind);
	x->units_centi = sqlite3_column_type(st, 10) == SQLITE_NULL ? -1 :
	    sqlite3_column_int64(st, 10);
	/* A row written by another SQLite client has no time of change:
	 * the migration's rule, its date. */
	x->modified = sqlite3_column_int64(st, 11) > 0 ?
	    sqlite3_column_int64(st, 11) : x->at;
}

/* Steps st (selecting EXPENSE_COLS), handing each expense to fn, and
 * hands it back (st_release()); fn's non-zero stops the walk and is
 * returned. */
static int
walk_expenses(struct store *s, sqlite3_stmt *st,
    int (*fn)(const struct expense *, void *), void *arg, const char *what,
    struct err *e)
{
	struct expense x;
	int rc, stop = 0;

	expense_init(&x);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		read_expense(st, &x);
		if ((stop = fn(&x, arg)) != 0)
			break;
	}
	expense_clear(&x);
	st_release(s, st);
	if (stop != 0)
		return stop;
	return rc == SQLITE_DONE ? 0 : st_fail(s, e, what);
}

int
store_each_expense(struct store *s, int64_t since, int64_t until,
    int (*fn)(const struct expense *, void *), void *arg, struct err *e)
{
	sqlite3_stmt *st;

	if (st_prepare_kept(s, &st, "SELECT " EXPENSE_COLS " FROM expenses "
	    "WHERE at >= ?1 AND at < ?2 ORDER BY at, id", e) < 0)
		return -1;
	sqlite3_bind_int64(st, 1, since);
	sqlite3_bind_int64(st, 2, until ? until : INT64_MAX);
	return walk_expenses(s, st, fn, arg, "read the expenses", e);
}

int
store_each_pending_expense(struct store *s,
    int (*fn)(const struct expense *, void *), void *arg, struct err *e)
{
	sqlite3_stmt *st;
	char sql[512], cond[256];

	st_pending_cond(cond, sizeof cond, "", PEND_EXPENSES);
	snprintf(sql, sizeof sql, "SELECT " EXPENSE_COLS " FROM expenses WHERE "
	    "%s ORDER BY at, id", cond);
	if (st_prepare(s, &st, sql, e) < 0)
		return -1;
	return walk_expenses(s, st, fn, arg, "read the expenses", e);
}

int
store_latest_expenses(struct store *s, int limit,
    int (*fn)(const struct expense *, void *), void *arg, struct err *e)
{
	sqlite3_stmt *st;

	if (st_prepare(s, &st, "SELECT " EXPENSE_COLS " FROM expenses "
	    "ORDER BY at DESC, id DESC LIMIT ?1", e) < 0)
		return -1;
	sqlite3_bind_int(st, 1, limit);
	return walk_expenses(s, st, fn, arg, "read the expenses", e);
}

int
store_each_monthly(struct store *s,
    int (*fn)(const struct expense *, void *), void *arg, struct err *e)
{
	sqlite3_stmt *st;

	if (st_prepare_kept(s, &st, "SELECT " EXPENSE_COLS " FROM expenses "
	    "WHERE kind = 'monthly' ORDER BY at, id", e) < 0)
		return -1;
	return walk_expenses(s, st, fn, arg, "read the subscriptions", e);
}

int
store_monthly_last(struct store *s, const char *uid, int *n, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	/* The source id is "uid:n" (core/model.h). */
	if (st_prepare(s, &st, "SELECT max(CAST(substr(source_id, length(?2) "
	    "+ 2) AS INTEGER)) FROM expenses WHERE source = ?1 AND "
	    "substr(source_id, 1, length(?2) + 1) = ?2 || ':'", e) < 0)
		return -1;
	sqlite3_bind_text(st, 1, EXPENSE_MONTHLY_SRC, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, uid, -1, SQLITE_TRANSIENT);
	rc = sqlite3_step(st);
	*n = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? 0 : st_fail(s, e, "read the subscriptions");
}

int
store_set_expense_kind(struct store *s, int64_t id, int kind, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (st_prepare(s, &st, "UPDATE expenses SET kind = ?1, modified = ?3 "
	    "WHERE id = ?2", e) < 0)
		return -1;
	sqlite3_bind_int64(st, 3, s->clock);
	sqlite3_bind_text(st, 1, expense_kind_name(kind), -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, id);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return st_fail(s, e, "change the expense");
	if (sqlite3_changes(s->db) == 0)
		return err_set(e, "no expense e%lld", (long long)id);
	return 0;
}

int
store_get_expense(struct store *s, int64_t id, struct expense *x,
    struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (st_prepare(s, &st, "SELECT " EXPENSE_COLS " FROM expenses WHERE "
	    "id = ?", e) < 0)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		read_expense(st, x);
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW)
		return 1;
	return rc == SQLITE_DONE ? 0 : st_fail(s, e, "read the expense");
}

int
store_update_expense(struct store *s, const struct expense *x,
    struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (st_prepare(s, &st, "UPDATE expenses SET at = ?1, platform = ?2, "
	    "amount_minor = ?3, currency = ?4, note = ?5, kind = ?7, "
	    "units_centi = ?8, modified = ?9 WHERE id = ?6", e) < 0)
		return -1;
	sqlite3_bind_int64(st, 9, s->clock);
	sqlite3_bind_int64(st, 1, x->at);
	st_bind_text(st, 2, x->platform);
	sqlite3_bind_int64(st, 3, x->amount_minor);
	sqlite3_bind_text(st, 4, x->currency, -1, SQLITE_STATIC);
	st_bind_text(st, 5, x->note);
	sqlite3_bind_int64(st, 6, x->id);
	bind_kind(st, 7, x);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return st_fail(s, e, "change the expense");
	if (sqlite3_changes(s->db) == 0)
		return err_set(e, "no expense e%lld", (long long)x->id);
	return 0;
}

int
store_delete_expense(struct store *s, int64_t id, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (st_prepare(s, &st, "DELETE FROM expenses WHERE id = ?", e) < 0)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return st_fail(s, e, "remove the expense");
	if (sqlite3_changes(s->db) == 0)
		return err_set(e, "no expense e%lld", (long long)id);
	return 0;
}
