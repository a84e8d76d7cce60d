/*
 * sync.h: what merging another machine's records needs of the database:
 * tombstones (what was removed, and when), settings with their times,
 * expenses by uid, the newer-wins merge of runs in bulk, and the likely
 * duplicates a merge finds.  Writes run inside a change.
 */
#ifndef GPULOG_STORE_SYNC_H
#define GPULOG_STORE_SYNC_H

#include <stddef.h>
#include <stdint.h>

struct err;
struct expense;
struct run;
struct run_metrics;
struct store;
struct store_merge;

/*
 * A sync segment (cli/cmd-sync.c) carries what was written since the
 * last one, by group of tables: the rows of runs, metrics, expenses and
 * quota snapshots, and the whole of the settings, the catalog or the
 * removals when any of theirs was.  Every write transaction saves what it
 * wrote in sync_pending as it commits (store_exported()).
 */
enum pend_group { PEND_RUNS, PEND_METRICS, PEND_EXPENSES, PEND_SNAPSHOTS,
	PEND_SETTINGS, PEND_CATALOG, PEND_TOMBSTONES, PEND_NGROUPS };

/* What is pending: *upto its newest entry (0 when none), and in *groups
 * the bit 1 << g of each group g with an entry.  -1 with e. */
int store_pending(struct store *s, int64_t *upto, unsigned *groups,
    struct err *e);

/* Forgets the entries up to upto, which a file written now carries. */
int store_pending_done(struct store *s, int64_t upto, struct err *e);

/* Each tombstone, by kind then key.  fn returns 0 to go on; its non-zero
 * value stops the walk and is returned.  -1 with e on failure. */
int store_each_tombstone(struct store *s, int (*fn)(const char *kind,
    const char *key, int64_t at, void *arg), void *arg, struct err *e);

/*
 * A removal made elsewhere: keeps the tombstone (the later of two) and
 * removes the record of that kind and key when it was last changed at or
 * before at (a removal wins a tie).  Returns 1 removed, 0 not, -1.
 */
int store_merge_removal(struct store *s, const char *kind, const char *key,
    int64_t at, struct err *e);

/* When key's tombstone says it was removed: 1 with *at, 0 none, -1. */
int store_tombstone_at(struct store *s, const char *kind, const char *key,
    int64_t *at, struct err *e);

/* Each setting with its time, by key; fn as for store_each_tombstone(). */
int store_each_setting(struct store *s, int (*fn)(const char *key,
    const char *value, int64_t modified, void *arg), void *arg,
    struct err *e);

/* key's value (len bytes) and time: 1 found, 0 none, -1. */
int store_setting_at(struct store *s, const char *key, char *buf,
    size_t len, int64_t *modified, struct err *e);

/* The expense in (by its uid, else its source and source id) into x
 * (expense_clear()ed first): 1, 0 none, -1. */
int store_expense_find(struct store *s, const struct expense *in,
    struct expense *x, struct err *e);

/*
 * The same record made on two machines (a subscription's payment, a
 * Kaggle session imported on both) has two uids: each machine keeps the
 * smaller, so that all settle on one.  Gives run or expense id (table
 * "runs" or "expenses") the uid, when it is smaller than its own.
 */
int store_adopt_uid(struct store *s, const char *table, int64_t id,
    const char *uid, struct err *e);

/*
 * The merge of many runs inside the open change, its statements prepared
 * once.  Likely duplicates are looked for among the runs that were there
 * when the change began (this machine's), never among those it adds.
 */
int store_merge_new(struct store *s, struct store_merge **mp,
    struct err *e);
void store_merge_free(struct store_merge *m);

/* What store_merge_run() did. */
enum merge_outcome {
	MERGE_SAME,     /* this machine's copy is as new or newer */
	MERGE_ADDED,    /* a run it did not have */
	MERGE_UPDATED,  /* the file's copy was newer and replaced it */
	MERGE_TIE,      /* as new, and different: *id is the local run, for
	                 * the caller to settle */
	MERGE_REMOVED   /* removed here at or after its last change */
};

/*
 * Merges r (with its uid and modified time), and its metrics m when not
 * NULL, into the runs: returns the outcome (*id is the local run's id for
 * ADDED, UPDATED and TIE), or -1.
 */
int store_merge_run(struct store_merge *m, const struct run *r,
    const struct run_metrics *mx, int64_t *id, struct err *e);

/* Replaces run id's fields with r's (uid kept) and its metrics with mx's
 * when not NULL; for a TIE settled for r. */
int store_merge_replace(struct store_merge *m, int64_t id,
    const struct run *r, const struct run_metrics *mx, struct err *e);

/*
 * The likely duplicates of run id (just added): this machine's runs on the
 * same platform, with another uid, that overlap it by more than half the
 * shorter of the two; each pair is kept.  Returns how many, or -1.
 */
int store_merge_duplicates(struct store_merge *m, int64_t id,
    const struct run *r, int64_t now, struct err *e);

/*
 * Each pair of likely duplicates whose runs are both still there, the
 * older-found first: fn gets the two runs (borrowed for the call).
 */
int store_each_duplicate(struct store *s, int (*fn)(const struct run *a,
    const struct run *b, void *arg), void *arg, struct err *e);

/* Each run's metrics with the run's uid, by run id, or only the pending
 * ones (see pend_group); fn as above. */
int store_each_metrics(struct store *s, int pending, int (*fn)(const char *uid,
    const struct run_metrics *m, void *arg), void *arg, struct err *e);

/* Each quota snapshot, oldest first, or only the pending ones; fn as
 * above. */
struct quota_snapshot;
int store_each_snapshot(struct store *s, int pending, int (*fn)(
    const struct quota_snapshot *q, void *arg), void *arg, struct err *e);

/* An expense from another machine: added (id 0) or replacing expense id,
 * stamped with x->modified.  -1 on failure. */
int store_merge_expense(struct store *s, int64_t id, const struct expense *x,
    struct err *e);

#endif
