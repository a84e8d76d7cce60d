/*
 * store.h: the database.  The only module that speaks SQL; it knows nothing
 * of terminals.  Every write runs inside a change (store_begin() ..
 * store_commit()), one transaction that `gpulog undo` can take back whole.
 * Callers read rows through callbacks whose arguments live for the call only.
 */
#ifndef GPULOG_STORE_H
#define GPULOG_STORE_H

#include <stddef.h>
#include <stdint.h>

struct err;
struct run;
struct expense;
struct platform;
struct quota;
struct rate;
struct phase;
struct fx_point;

struct store;

/* The schema version this build writes (PRAGMA user_version). */
#define STORE_SCHEMA_VERSION 15

/*
 * Opens (creating if need be) the database at path, migrates it to the
 * current schema and, when new, loads the built-in catalog with the plan
 * starting on the local month holding now.  The parent directory must
 * exist.  Fails on a file that is not a database or is newer than this build.
 */
int store_open(struct store **sp, const char *path, int64_t now,
    struct err *e);
void store_close(struct store *s);

/*
 * A new database file is created 0600 (its -wal and -shm take its mode), so
 * that other users cannot read the spend it holds.  When the database can
 * be read but not written (a read-only file, or a directory where its -shm
 * cannot be made), it is opened read-only: reading works and every change
 * fails saying the database is read-only.  1 when it was.
 */
int store_readonly(const struct store *s);

/* While stop() (NULL: none) returns non-zero, a wait for the lock ends at
 * once, as a wait past its limit does: a signal to give up on. */
void store_busy_stop(struct store *s, int (*stop)(void));

/* 1 when the last failure the store reported was a lock another process
 * held (a retry may succeed), 0 for anything else (a full disk, a
 * read-only file). */
int store_failed_busy(const struct store *s);

/*
 * While another process holds the write lock, a change waits for it:
 * limit_ms at most, or as long as it takes when limit_ms is -1 (the
 * default).  on_busy (NULL for none) is called once a wait has lasted 3
 * seconds, so that a front end can say why nothing happens.
 */
void store_busy_wait(struct store *s, int64_t limit_ms,
    void (*on_busy)(void *), void *arg);

/* How many changes were saved since s was opened, and the name of the
 * last one in what (len bytes; "" when none). */
int store_saved(const struct store *s, char *what, size_t len);

/*
 * The instant the writes that follow are stamped with: the modified time
 * of a setting, platform, quota, exchange rate or expense they write, and
 * the removal time of a run, expense, quota or setting they delete (kept
 * as a tombstone, so that the removal travels).  store_open() sets it to
 * its now; the operations layer sets it to the change's instant, and a
 * merge to the time a record carries.
 */
void store_set_clock(struct store *s, int64_t t);

/*
 * Inside a change, a part that can be taken back alone: mark starts it,
 * keep ends it kept, drop takes back what it wrote (the change goes on).
 */
int store_part_mark(struct store *s, struct err *e);
int store_part_keep(struct store *s, struct err *e);
void store_part_drop(struct store *s);

/*
 * Called (when set) before store_open() migrates a database whose runs
 * go up to id n >= STORE_MIGRATE_SAY, which takes a while: the front end
 * says so.
 */
#define STORE_MIGRATE_SAY 50000
extern void (*store_migrating)(int64_t n);

/* Schema version found at open, before migrating (0 for a new file). */
int store_opened_version(const struct store *s);

/*
 * A change: BEGIN IMMEDIATE and a row naming it ("add #42"), so that undo
 * can reverse everything written until store_commit().  store_rollback()
 * abandons it; it is safe to call after a failed commit.
 */
int store_begin(struct store *s, const char *what, struct err *e);
int store_commit(struct store *s, struct err *e);
void store_rollback(struct store *s);

/*
 * A read snapshot: everything read between store_read_begin() and
 * store_read_end() sees the database as one moment, whatever other
 * processes write meanwhile (an export, for one), and takes SQLite's read
 * lock once rather than once a statement.  store_read_begin() returns 1
 * when it began one, 0 when a transaction is open already (which is the
 * snapshot; store_read_end() is then not called), -1 on failure.
 */
int store_read_begin(struct store *s, struct err *e);

/*
 * How many write transactions have changed what the export carries
 * (runs, metrics, expenses, snapshots, the catalog, exchange rates,
 * the settings that travel, tombstones), counted in the same
 * transaction as the write: equal counts, the same export.
 */
int store_export_count(struct store *s, int64_t *n, struct err *e);

/*
 * A write outside any change (not undone by `gpulog undo`), in one
 * transaction: store_write_begin() returns 1 when it began one, 0 when
 * one is open already (then the caller's commit counts it), -1 on
 * failure; store_write_commit() commits what store_write_begin()
 * returned 1 for, or rolls it back and fails.
 */
int store_write_begin(struct store *s, struct err *e);
int store_write_commit(struct store *s, struct err *e);
void store_read_end(struct store *s);

/* Renames the open change (once its id is known: "add #42"). */
int store_change_label(struct store *s, const char *what, struct err *e);

/*
 * Undoes the latest change.  Returns 1 and copies its name into what, 0
 * when there is nothing to undo, -1 on failure.
 */
int store_undo(struct store *s, char *what, size_t len, struct err *e);

/* store_undo(), asking guard first, with the write lock held, when the
 * change added runs: guard(arg, first, e) gets the first run id it added
 * and refuses the undo by returning -1 with e. */
int store_undo_checked(struct store *s, char *what, size_t len,
    int (*guard)(void *arg, int64_t first, struct err *e), void *arg,
    struct err *e);

/* Runs.  r->id is set by add. Returns -1 on failure. */
int store_add_run(struct store *s, struct run *r, struct err *e);
int store_update_run(struct store *s, const struct run *r, struct err *e);
int store_delete_run(struct store *s, int64_t id, struct err *e);

/* Reads run id into r (run_init()ed by the caller; cleared on reuse).
 * Returns 1 when found, 0 when not, -1 on failure. */
int store_get_run(struct store *s, int64_t id, struct run *r, struct err *e);

/* The id of the n-th newest run (n >= 1, by start), or of the n-th newest
 * open run when open_only.  Returns 1 found, 0 none, -1 failure. */
int store_nth_run(struct store *s, int n, int open_only, int64_t *id,
    struct err *e);

/* The id of a run on platform other than exclude that overlaps [start,
 * end) (end 0 meaning open), in *id: of the ended ones the one that ends
 * first, else the open one that starts first.  Returns 1 found, 0 none, -1
 * failure. */
int store_find_overlap(struct store *s, const char *platform, int64_t start,
    int64_t end, int64_t exclude, int64_t now, int64_t *id, struct err *e);

struct filter {
	int64_t since, until;   /* runs starting in [since, until); 0 = open */
	const char *platform;   /* exact key, or NULL */
	const char *tag;        /* one tag, or NULL */
	const char *project;    /* exact name, or NULL */
	const char *source;     /* exact source, or NULL */
	int64_t limit;          /* 0 = all */
	int newest_first;
	int any_order;          /* table order: fastest for a whole scan */
	int open_only;
	int pending;            /* only those a sync segment carries
	                         * (store/sync.h) */
	int brief;              /* figures only: platform, gpu, gpus, times,
	                         * cost, currency, rate and compute units;
	                         * the rest is left empty */
	int counted;            /* only runs that count in sums: none that
	                         * store_covered() names */
};

/*
 * Gives the connection SQLite's default page cache, 2 MiB, in place of the
 * small one it opens with (store.c says why): the dashboard's, which comes
 * back to the same pages; writes and migrations get it by themselves.
 * 0, or -1.
 */
int store_cache_full(struct store *s);

/*
 * The runs within a rented instance whose instance's own run covers
 * them: a run `gpulog run` recorded inside the instance (source "run",
 * source id "PROVIDER:INSTANCE/UID", core/cloud.h) while a run an import
 * made of that instance (source PROVIDER, source id INSTANCE or
 * INSTANCE@... or INSTANCE#...) overlaps it, an open run reaching on
 * for ever.
 * The instance's run is the bill, so the run within counts in no sum of
 * GPU-hours, cost or runs: the walks with filter.counted, the windows
 * (store_each_window_run()) and page_buckets() leave it out.  Reads them
 * again only when the database changed; 0 or -1.  store_is_covered() then
 * says whether run id is one.
 */
int store_covered(struct store *s, struct err *e);
int store_is_covered(const struct store *s, int64_t id);

/* Calls fn for each run matching f; fn returning non-zero stops the walk
 * and is returned.  Returns -1 on failure. */
int store_each_run(struct store *s, const struct filter *f,
    int (*fn)(const struct run *, void *), void *arg, struct err *e);

/* The runs an import from source brought ("vast"), by start. */
int store_each_source_run(struct store *s, const char *source,
    int (*fn)(const struct run *, void *), void *arg, struct err *e);

/* Runs on platform overlapping [ws, we), open runs included, by start,
 * but for those store_covered() names.  Reads only the window's
 * runs, however long the history. */
int store_each_window_run(struct store *s, const char *platform, int64_t ws,
    int64_t we, int (*fn)(const struct run *, void *), void *arg,
    struct err *e);

/* The same of every platform's runs, with the columns a sum reads
 * (struct filter's brief): status's one walk of its quotas' windows and
 * its budget's pace. */
int store_each_span_run(struct store *s, int64_t ws, int64_t we,
    int (*fn)(const struct run *, void *), void *arg, struct err *e);

/* 1 when a run on platform (on any platform, for NULL) ended at or
 * before t, 0 when none did, -1 on failure.  Open runs have not ended. */
int store_ended_by(struct store *s, const char *platform, int64_t t,
    struct err *e);

/*
 * Imports r, which carries its uid (or an empty uid for a new identity).
 * A run already stored under its uid or its (source, source_id) is left
 * alone, unless r's modified time is later, when it is updated.  Returns
 * 1 added, 2 updated, 0 already there, -1 on failure.
 */
int store_import_run(struct store *s, const struct run *r, struct err *e);

/* Expenses. */
int store_add_expense(struct store *s, struct expense *x, struct err *e);
int store_import_expense(struct store *s, const struct expense *x,
    struct err *e);
/* store_import_expense(), and with fresh_id the new row's id is above any
 * an undo could bring back: for a row written outside any change.  Returns
 * 1 added, 0 there already (the same uid, or source and source id), -1 on
 * failure. */
int store_record_expense(struct store *s, const struct expense *x,
    int fresh_id, struct err *e);
int store_each_expense(struct store *s, int64_t since, int64_t until,
    int (*fn)(const struct expense *, void *), void *arg, struct err *e);
/* Each expense a sync segment carries (store/sync.h), by time. */
int store_each_pending_expense(struct store *s,
    int (*fn)(const struct expense *, void *), void *arg, struct err *e);
/* The newest limit expenses, newest first (by when paid, then id), each
 * to fn (x borrowed for the call); a bounded read, by the index on at.
 * Returns 0, fn's nonzero return, or -1. */
int store_latest_expenses(struct store *s, int limit,
    int (*fn)(const struct expense *, void *), void *arg, struct err *e);
/* Reads expense id into x (expense_init()ed; cleared on reuse).  Returns
 * 1 found, 0 not, -1 failure. */
int store_get_expense(struct store *s, int64_t id, struct expense *x,
    struct err *e);
/* Rewrites x's time, platform, amount, currency and note (inside a
 * change); removes expense id.  -1 when there is no such expense. */
int store_update_expense(struct store *s, const struct expense *x,
    struct err *e);
int store_delete_expense(struct store *s, int64_t id, struct err *e);
/* Each monthly subscription still running (kind "monthly"), oldest
 * first; fn as store_each_expense()'s. */
int store_each_monthly(struct store *s,
    int (*fn)(const struct expense *, void *), void *arg, struct err *e);
/* The highest n among the payments recorded of subscription uid (source
 * EXPENSE_MONTHLY_SRC, source id "uid:n") into *n, 0 when none; -1 on
 * failure. */
int store_monthly_last(struct store *s, const char *uid, int *n,
    struct err *e);
/* Makes expense id of kind (expense_kind_name()); -1 when there is no such
 * expense. */
int store_set_expense_kind(struct store *s, int64_t id, int kind,
    struct err *e);

/*
 * The catalog, loaded whole.  Each returns a malloc'd array the caller
 * frees and its length in *n; -1 on failure.  Order: as shipped (platforms),
 * by platform and GPU (rates), by month (phases), by day (fx).
 */
int store_load_platforms(struct store *s, struct platform **out, size_t *n,
    struct err *e);
int store_load_quotas(struct store *s, struct quota **out, size_t *n,
    struct err *e);
int store_load_rates(struct store *s, struct rate **out, size_t *n,
    struct err *e);
int store_load_phases(struct store *s, struct phase **out, size_t *n,
    struct err *e);
int store_load_fx(struct store *s, struct fx_point **out, size_t *n,
    struct err *e);

/* Upserts (inside a change). */
int store_set_platform(struct store *s, const struct platform *p, int sort,
    struct err *e);
int store_set_quota(struct store *s, const struct quota *q, struct err *e);
int store_delete_quota(struct store *s, const char *platform, struct err *e);
int store_set_rate(struct store *s, const struct rate *r, struct err *e);
int store_set_phase(struct store *s, const struct phase *p, struct err *e);
int store_set_fx(struct store *s, int64_t day, int64_t micro,
    const char *source, struct err *e);

/* Settings: get copies the value into buf and returns 1, or 0 when unset. */
int store_get_setting(struct store *s, const char *key, char *buf, size_t len,
    struct err *e);
/* Deletes a setting (inside a change); none there is no failure. */
int store_delete_setting(struct store *s, const char *key, struct err *e);

/*
 * Makes the uids of each change begun from now on follow from seed, the
 * database's file name (and its folder's) and the change's number and
 * first run id, instead of chance, with their time from core_now(): the
 * same commands on the same data give the same uids (and so the same
 * references), which tests compare, and two writers never draw alike.
 * GPULOG_UID_SEED asks for it.
 */
void store_seed_uids(struct store *s, uint64_t seed);

/* A new uid, as the store would give a run (32 hex digits). */
void store_new_uid(char out[33]);

/* The id of the run with uid in *id: 1 found, 0 none, -1 failure. */
/*
 * The records whose uid ends in ref (a reference, core/model.h), of
 * expenses when expenses is 1, else of runs: returns how many (0, 1, or 2
 * for two or more) with the first two ids, smallest first, in ids, or -1
 * with a message.
 */
int store_find_ref(struct store *s, int expenses, const char *ref,
    int64_t ids[2], struct err *e);

int store_run_by_uid(struct store *s, const char *uid, int64_t *id,
    struct err *e);

/*
 * Reads setting key and writes it back as edit() says, in one write
 * transaction that no other process can interleave (outside any change:
 * bookkeeping undo does not take back).  edit gets the old value ("" when
 * none) and returns 1 with a malloc'd *out to write, 0 to leave it, or -1
 * to fail.  Returns what edit returned, or -1.
 */
int store_edit_setting(struct store *s, const char *key,
    int (*edit)(const char *old, char **out, void *arg), void *arg,
    struct err *e);

int store_set_setting(struct store *s, const char *key, const char *value,
    struct err *e);

#endif
