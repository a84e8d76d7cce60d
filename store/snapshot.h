/*
 * snapshot.h: quota snapshots, what a platform itself reports of a quota
 * (table quota_snapshots), and the logged hours they are compared with.
 * Writes happen inside a change, so `gpulog undo` takes them back.
 */
#ifndef GPULOG_STORE_SNAPSHOT_H
#define GPULOG_STORE_SNAPSHOT_H

#include <stdint.h>

struct err;
struct store;
struct quota_snapshot;

/*
 * Stores q unless the newest snapshot of its platform holds the same
 * figures (used, reserved, allowed, reset).  Returns 1 stored, 0 already
 * there, -1 on failure.
 */
int store_import_snapshot(struct store *s, const struct quota_snapshot *q,
    struct err *e);

/* The newest snapshot of platform into q.  Returns 1 found, 0 none, -1 on
 * failure. */
int store_latest_snapshot(struct store *s, const char *platform,
    struct quota_snapshot *q, struct err *e);

/*
 * What the runs logged on platform use inside [ws, we) of a quota in hours
 * metered by unit (QU_SESSION_S: each run's overlap; QU_GPU_S: times its
 * GPU count), by quota_run_use(), open runs counting up to now.  -1 on
 * failure.
 */
int store_logged_use(struct store *s, const char *platform, int unit,
    int64_t ws, int64_t we, int64_t now, int64_t *used, struct err *e);

/* When source last imported anything (the newest `created` of its runs or
 * taken_at of its snapshots), 0 when never.  -1 on failure. */
int store_last_import(struct store *s, const char *source, int64_t *t,
    struct err *e);

#endif
