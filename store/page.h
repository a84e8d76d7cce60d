/*
 * page.h: the reads the dashboard needs and no more: a page of runs before
 * or after a key in one of a few orders (keyset paging over the indexes, so
 * a million runs cost no more than ten), counts, sums of runs in 15-minute
 * buckets for charts, and a cheap "has anyone written?" check.  Like the
 * rest of store/, it speaks SQL and knows nothing of terminals.
 */
#ifndef GPULOG_PAGE_H
#define GPULOG_PAGE_H

#include <stdint.h>

struct err;
struct run;
struct store;

enum page_order {
	PAGE_NEWEST,   /* by start, newest first */
	PAGE_OLDEST,   /* by start, oldest first */
	PAGE_LONGEST,  /* by length (open runs up to now), longest first */
	PAGE_NORDERS
};

/* Where a run sits in an order: its sort value and its id. */
struct page_key {
	int64_t k;
	int64_t id;
};

struct page_query {
	int order;            /* enum page_order */
	const char *filter;   /* words, each found (case-insensitively) in the
	                         platform, GPU, note, tags or project; NULL or
	                         "" for every run */
	int64_t now;          /* open runs' length is counted up to now */
};

/* The key of r in q's order. */
void page_key_of(const struct page_query *q, const struct run *r,
    struct page_key *k);

/*
 * Calls fn for at most limit runs matching q, in q's order, starting after
 * from (at from when inclusive; from the first when from is NULL).  When
 * back is 1 the walk goes the other way: the runs before from, nearest
 * first.  fn returning non-zero stops the walk and is returned; -1 on
 * failure.  The run passed to fn lives for the call only.
 */
int page_runs(struct store *s, const struct page_query *q,
    const struct page_key *from, int inclusive, int back, int limit,
    int (*fn)(const struct run *, void *), void *arg, struct err *e);

/* How many runs match q, in *n. */
int page_count(struct store *s, const struct page_query *q, int64_t *n,
    struct err *e);

/* How many runs come before from in q's order (its 0-based position). */
int page_position(struct store *s, const struct page_query *q,
    const struct page_key *from, int64_t *n, struct err *e);

/*
 * Ended runs starting in [since, until), summed per 15-minute bucket of
 * their start (local day and week boundaries fall on such buckets), per
 * platform and currency: fn gets the bucket's start, the platform, the
 * currency ("" when none), the summed cost (minor units), GPU-seconds and
 * number of runs.  Open runs are left out: callers add them from the
 * summary, at their cost so far.  Strings live for the call only.
 */
int page_buckets(struct store *s, int64_t since, int64_t until,
    int (*fn)(int64_t t, const char *platform, const char *currency,
    int64_t cost_minor, int64_t gpu_s, int64_t runs, void *arg), void *arg,
    struct err *e);

/*
 * A number that changes whenever another connection commits to the
 * database (SQLite's data_version), cheap enough to ask every second.
 */
int page_data_version(struct store *s, int64_t *v, struct err *e);

#endif
