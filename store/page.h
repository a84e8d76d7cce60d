/*
 * page.h: the reads the dashboard needs and no more: a page of runs before
 * or after a key in one of a few orders (keyset paging over the indexes, so
 * a million runs cost no more than ten), bounded scans and counts that look
 * at no more than a given number of runs a call (so that a filter matching
 * nothing never holds the screen), sums of runs by the hour (run_hours)
 * for charts, and a cheap "has anyone written?" check.  Like the rest of
 * store/, it speaks SQL and knows nothing of terminals.
 */
#ifndef GPULOG_PAGE_H
#define GPULOG_PAGE_H

#include <stddef.h>
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

/*
 * The filter is words, all of which a run must match:
 *   p:NAME   the platform is NAME (as `gpulog log --platform`)
 *   +TAG     one of the tags is TAG (as `gpulog log --tag`)
 *   @NAME    the project is NAME (as `gpulog log --project`)
 *   g:TEXT   the GPU's name holds TEXT, in any case
 *   TEXT     the platform, GPU, note, tags or project hold TEXT, in any
 *            case
 * A field with nothing after it ("p:", "+", "@") matches every run, so
 * that a filter typed a key at a time never blinks empty.  Words past the
 * eighth are ignored.
 */
struct page_query {
	int order;            /* enum page_order */
	const char *filter;   /* the words above; NULL or "" for every run */
	int64_t now;          /* open runs' length is counted up to now */
};

/* The key of r in q's order. */
void page_key_of(const struct page_query *q, const struct run *r,
    struct page_key *k);

/* 1 when q's filter holds a word that narrows the runs. */
int page_filtered(const struct page_query *q);

/*
 * Calls fn for at most limit runs matching q, in q's order, starting after
 * from (at from when inclusive; from the first when from is NULL).  When
 * back is 1 the walk goes the other way: the runs before from, nearest
 * first.  fn returning non-zero stops the walk and is returned; -1 on
 * failure.  The run passed to fn lives for the call only.  Unbounded: a
 * filter that matches few runs reads them all; the dashboard uses
 * page_scan().
 */
int page_runs(struct store *s, const struct page_query *q,
    const struct page_key *from, int inclusive, int back, int limit,
    int (*fn)(const struct run *, void *), void *arg, struct err *e);

/*
 * As page_runs(), but looks at no more than span runs of the order past
 * from, matching or not (in PAGE_LONGEST, span ended runs; the few open
 * ones are always looked at).  fn's return is ignored.  *next is where
 * the next call goes on from (not inclusive), *done 1 when no run is left
 * past it.  Returns how many runs fn was given, or -1.
 */
int page_scan(struct store *s, const struct page_query *q,
    const struct page_key *from, int inclusive, int back, int limit,
    int span, int (*fn)(const struct run *, void *), void *arg,
    struct page_key *next, int *done, struct err *e);

/*
 * Counts the runs matching q's filter among the span runs after from in
 * the newest-first order (from NULL: from the newest), whatever q's order;
 * adds them to *n.  *next and *done as page_scan's, in that order.
 */
int page_count_span(struct store *s, const struct page_query *q,
    const struct page_key *from, int span, int64_t *n,
    struct page_key *next, int *done, struct err *e);

/* How many runs match q, in *n.  Reads every matching run. */
int page_count(struct store *s, const struct page_query *q, int64_t *n,
    struct err *e);

/*
 * Ended runs starting in [since, until), summed per bucket of their start,
 * per platform and currency: fn gets the bucket's start, the platform, the
 * currency ("" when none), the summed cost (minor units), GPU-seconds and
 * number of runs, the buckets in order of time.  A bucket is an hour (UTC)
 * read from run_hours, or 15 minutes where since, until or one of the
 * ncuts times (ascending: the caller's own days or weeks) falls inside an
 * hour, split at a cut inside a quarter hour, so that no bucket straddles
 * a cut (a zone's day that starts on the half hour, a week at 03:07).
 * Open runs are left out: callers add them from the summary, at their
 * cost so far; so are the runs store_covered() names.  Strings live for
 * the call only.
 */
int page_buckets(struct store *s, int64_t since, int64_t until,
    const int64_t *cuts, size_t ncuts,
    int (*fn)(int64_t t, const char *platform, const char *currency,
    int64_t cost_minor, int64_t gpu_s, int64_t runs, void *arg), void *arg,
    struct err *e);

/*
 * A number that changes whenever another connection commits to the
 * database (SQLite's data_version), cheap enough to ask every second.
 */
int page_data_version(struct store *s, int64_t *v, struct err *e);

#endif
