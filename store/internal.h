/*
 * internal.h: what the store's files share and no one else sees.
 */
#ifndef GPULOG_STORE_INTERNAL_H
#define GPULOG_STORE_INTERNAL_H

#include <sqlite3.h>
#include <stddef.h>
#include <stdint.h>

struct err;

struct store {
	sqlite3 *db;
	int opened_version;    /* user_version found at open */
	int64_t change_id;     /* the open change, 0 when none */
	int64_t runs_above;    /* the highest run id when it began */
	int64_t runs_next;     /* the id its next new run takes */
	int in_change;
	int merging;           /* the open change merges another machine's
	                          records (changes.merge) */
	int no_tombs;          /* an undo of a merge: removals leave no
	                          tombstone */
	int readonly;          /* opened read-only (see store_open()) */
	int readonly_io;       /* ... because writing failed (a full disk) */
	int failed_busy;       /* the last st_fail() was for a lock held
	                        * elsewhere */
	int (*busy_stop)(void); /* non-zero: stop waiting for the lock */
	int saved;             /* changes committed since it was opened */
	char what[160];        /* the open change's name, then the last saved */
	int64_t busy_limit_ms; /* how long a lock is waited for; -1 always */
	int64_t busy_ms;       /* waited so far for the lock wanted now */
	int busy_said;         /* on_busy called for this wait */
	int64_t busy_say_ms;   /* on_busy after this long (3000) */
	void (*on_busy)(void *);
	void *on_busy_arg;
	int64_t clock;         /* what a write is stamped with (modified,
	                        * a removal's time): store_set_clock() */
	int uid_seeded;        /* store_seed_uids() was called */
	uint64_t uid_seed;
	int exported;          /* the open transaction wrote a record the
	                          export carries (store_exported()) */
	int exported_late;     /* ... or a write outside a transaction did */
	struct pend *pend;     /* the rows written since the last count, for
	                        * sync_pending (store_exported()) */
	size_t npend, pendcap;
	int sync_on;           /* this machine syncs: pend is saved */
	int armed;             /* the write triggers are made (st_arm()) */
	int cache_full;        /* SQLite's default page cache, not the
	                          small one it opens with (store_cache_full()) */
	struct hours_note {    /* runs inserted, not yet in run_hours */
		int64_t lo, hi;
	} *hours;
	size_t nhours, hourscap;
	int hours_all;         /* too many: every run summed again */
	int64_t *cov;          /* store_covered()'s ids, ascending */
	size_t ncov, covcap;
	int cov_valid;         /* ... for this data version and count of
	                          this connection's changes: */
	unsigned int cov_version;
	int64_t cov_changes;
	int unguarded;         /* writing before the triggers, as
	                          store_open() does (migrating, refreshing the
	                          catalog) and st_arm() (making them) */
	struct kept {          /* statements prepared once (st_prepare_kept()) */
		char *sql;     /* its text, a copy */
		sqlite3_stmt *st;
		int busy;
	} kept[16];
};

/* Rows written of one group of tables (enum pend_group): rowids lo to hi,
 * or the whole group (0, 0) for the small ones. */
struct pend {
	int group;
	int64_t lo, hi;
};

/* A write of something the export carries: marks the open transaction
 * (s->exported), or, outside one, the store (s->exported_late, counted
 * when it closes). */
void store_note_exported(struct store *s);

/* Notes row (0: the whole group) of group (enum pend_group) as written,
 * for sync_pending at the next count (store_exported()). */
void store_note_pending(struct store *s, int group, int64_t row);

/* In buf: the condition that a row of group's table (alias its name in
 * the query, or "") is pending for the next sync segment. */
void st_pending_cond(char *buf, size_t n, const char *alias, int group);

/* sync_pending.tbl's names of the groups, in enum pend_group's order. */
extern const char *const store_pend_names[];

/* Before a write transaction commits: when it wrote anything the export
 * carries (s->exported), counts it in counters' "export" and saves the rows
 * noted since the last count in sync_pending. */
int store_exported(struct store *s, struct err *e);

/* Prepares sql or fails with the database's reason. */
int st_prepare(struct store *s, sqlite3_stmt **st, const char *sql,
    struct err *e);

/*
 * The same for a statement a command runs more than once (a quota
 * window's runs, once a platform and window; a walk's query built from
 * its filter; a setting): prepared on first use and kept for the
 * connection's life, found again by its text, for as many texts as
 * struct store keeps (then prepared each time).  Handed back with
 * st_release(), which resets a kept statement and finalizes any other;
 * one in use is prepared afresh.
 */
int st_prepare_kept(struct store *s, sqlite3_stmt **st, const char *sql,
    struct err *e);
void st_release(struct store *s, sqlite3_stmt *st);

/* Runs sql (no parameters, no rows) or fails with the reason. */
int st_exec(struct store *s, const char *sql, struct err *e);

/* Makes the connection's write triggers (removals' tombstones, undo's
 * log), once, before its first write; st_begin_write() calls it, and so
 * must a write outside a transaction.  0, or -1 with e set. */
int st_arm(struct store *s, struct err *e);

/* st_arm(), then takes the write lock (BEGIN IMMEDIATE): every write
 * transaction starts here; what names the failure (NULL: "write the
 * database").  0, or -1 with e set as for what. */
int st_begin_write(struct store *s, const char *what, struct err *e);

/* Binds s as text, or NULL when s is NULL or empty. */
int st_bind_text(sqlite3_stmt *st, int i, const char *s);

/* Binds uid, or when it is NULL or empty a new one: 32 hex digits, the
 * time in milliseconds then a per-process random start and a counter, so
 * that the runs one process adds go to the end of the uid index. */
void st_bind_uid(sqlite3_stmt *st, int i, const char *uid);

/*
 * Binds the id a new run takes: inside a change, the next above the
 * highest id the change began with, so that the change's runs are exactly
 * those above it even when it deletes the newest run and adds another;
 * NULL (SQLite's choice) outside one.  st_run_added() counts the insert.
 */
void st_bind_new_run_id(struct store *s, sqlite3_stmt *st, int i);
void st_run_added(struct store *s);

/* Copies column i (text, NULL as "") into buf of len bytes. */
void st_col_copy(sqlite3_stmt *st, int i, char *buf, size_t len);

/* A malloc'd copy of column i, or NULL when it is NULL. */
char *st_col_dup(sqlite3_stmt *st, int i);

/* Fails with "cannot WHAT: reason" from the database. */
int st_fail(struct store *s, struct err *e, const char *what);

/* Steps st once, expecting it to finish, and finalizes it: 0, or -1 with
 * st_fail()'s message for what. */
int st_step_done(struct store *s, sqlite3_stmt *st, const char *what,
    struct err *e);

/* The columns of a run in the order st_row_to_run() reads them. */
#define RUN_COLS "id, uid, platform, gpu, gpus, start_ts, end_ts, " \
	"cost_minor, currency, rate_micro, cu_centi, checkpointed, note, " \
	"project, tags, source, source_id, created, modified"

/* The columns a sum reads (struct filter's brief): a scan of every run
 * then copies no note, tags or ids.  st_walk_runs() tells the two lists
 * apart by their count. */
#define RUN_COLS_BRIEF "id, platform, gpu, gpus, start_ts, end_ts, " \
	"cost_minor, currency, rate_micro, cu_centi"
#define RUN_NCOLS_BRIEF 10

struct run;

/* The one test of a run's tags for a tag, bound at parameter P: tags are
 * comma-separated, and the tag must be one of them whole. */
#define SQL_HAS_TAG(p) "instr(',' || tags || ',', ',' || " p " || ',') > 0"

/* Reads a row of RUN_COLS into r, clearing what r held. */
void st_row_to_run(sqlite3_stmt *st, struct run *r);

/* Binds r's fields to ?1..?17 in the order of runs.c's insert (uid and
 * id aside), without copying them: r must not change before the step. */
void st_bind_run(sqlite3_stmt *st, const struct run *r);

/* Steps st (selecting RUN_COLS or RUN_COLS_BRIEF), handing each row to
 * fn, and finalizes it.  fn returning non-zero stops the walk and is
 * returned; -1 on failure. */
int st_walk_runs(struct store *s, sqlite3_stmt *st,
    int (*fn)(const struct run *, void *), void *arg, struct err *e);

/* Creates or migrates the schema; loads the catalog into a new database. */
int schema_migrate(struct store *s, int64_t now, struct err *e);

/* Makes the connection's undo triggers (TEMP), once, before its first
 * write (st_arm()). */
int schema_undo_triggers(struct store *s, struct err *e);

/* run_hours (store/hours.c): a run inserted is noted (the update hook),
 * and the noted runs summed in before the commit (hours_flush(), from
 * store_exported()); a rollback forgets them (hours_forget()).  The
 * function the triggers call and the hooks are made at open, the triggers
 * with undo's (st_arm()). */
void hours_note(struct store *s, int64_t row);
void hours_forget(struct store *s);
int hours_functions(struct store *s, struct err *e);
int hours_triggers(struct store *s, struct err *e);
int hours_flush(struct store *s, struct err *e);

/* Brings the built-in catalog's rows the user has not changed to this
 * build's facts, when they differ from those of the build that last did
 * (a fingerprint in counters); the user's own stay theirs. */
int schema_refresh_catalog(struct store *s, struct err *e);

#endif
