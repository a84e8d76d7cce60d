/*
 * history.h: the changes that made a run or an expense, read from the undo
 * log (store/schema.c's changes and undolog tables), for `gpulog show`.
 * Only the changes the store still keeps (the latest 500) are found.
 */
#ifndef GPULOG_HISTORY_H
#define GPULOG_HISTORY_H

#include <stdint.h>

struct store;
struct err;

/* What a record is, for history_each(). */
enum history_kind {
	HIST_RUN,
	HIST_EXPENSE
};

/*
 * Calls fn(at, what, arg) for each kept change that added or changed run
 * (or expense) id, oldest first: at is when it was made, what its name
 * ("add #42 kaggle P100 2h30m"), both borrowed for the call.  A run's
 * adding change is the latest that added runs above a bound below id
 * (how undo finds them); a change to it, one whose undo entries rewrite
 * its row.  fn returning non-zero stops the walk and is returned; -1 on
 * failure.
 */
int history_each(struct store *s, int kind, int64_t id,
    int (*fn)(int64_t at, const char *what, void *arg), void *arg,
    struct err *e);

#endif
