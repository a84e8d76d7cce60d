/*
 * bulk.h: imports of many runs at once.  Does what store_import_run() does
 * with statements prepared once per import, so a million rows cost a
 * million steps and not two million prepares.  Used inside a change.
 */
#ifndef GPULOG_STORE_BULK_H
#define GPULOG_STORE_BULK_H

struct err;
struct run;
struct store;
struct store_bulk;

/* Prepares a bulk import on s, which must outlive it.  *bp is freed with
 * store_bulk_free(); -1 on failure. */
int store_bulk_new(struct store *s, struct store_bulk **bp, struct err *e);

/* store_bulk_free() finalizes the statements; b may be NULL. */
void store_bulk_free(struct store_bulk *b);

/*
 * Imports r as store_import_run() does: a run already stored under its uid
 * or its (source, source_id) is left alone unless r's modified time is
 * later, when it is updated.  Returns 1 added, 2 updated, 0 already
 * there, -1 on failure.
 */
int store_bulk_import_run(struct store_bulk *b, const struct run *r,
    struct err *e);

#endif
