/*
 * page.c: the dashboard's reads: keyset pages of runs, counts, sums by the
 * hour (or quarter hour) for charts and the data version.  Queries are
 * joined from fixed fragments; every value, the filter's words included,
 * is bound.
 */
#include "store/page.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/model.h"
#include "store/internal.h"
#include "store/store.h"

#define PAGE_WORDS 8 /* filter words looked at; more are ignored */

/* The sort value of each order, as SQL (?1 is now) and whether it runs
 * from high to low.  PAGE_LONGEST walks two parts: the ended runs by the
 * runs_length index (their length as it is stored, end_ts - start_ts),
 * and the few open ones, whose length grows with now. */
static const struct {
	const char *expr, *cond;
	int desc;
} orders[PAGE_NORDERS] = {
	{ "start_ts", "1", 1 },
	{ "start_ts", "1", 0 },
	{ "end_ts - start_ts", "end_ts - start_ts > 0", 1 },
};
#define OPEN_EXPR "(max(?1, start_ts + 1) - start_ts)"
#define OPEN_COND "end_ts IS NULL"

void
page_key_of(const struct page_query *q, const struct run *r,
    struct page_key *k)
{
	int64_t end = r->end == RUN_OPEN ? (q->now > r->start ? q->now :
	    r->start + 1) : r->end;

	k->k = q->order == PAGE_LONGEST ? end - r->start : r->start;
	k->id = r->id;
}

enum { W_TEXT, W_PLATFORM, W_TAG, W_PROJECT, W_GPU };

struct word {
	int kind;
	char w[64];
};

/* Splits the filter into at most PAGE_WORDS words; a field with nothing
 * after its mark is left out.  Free text and GPUs are lower-cased. */
static int
split_words(const char *f, struct word words[PAGE_WORDS])
{
	int n = 0, kind, lower;
	size_t k, skip;

	while (f != NULL && *f != '\0' && n < PAGE_WORDS) {
		while (*f == ' ')
			f++;
		for (k = 0; f[k] != '\0' && f[k] != ' '; k++)
			;
		if (k == 0)
			break;
		kind = W_TEXT;
		skip = 0;
		if (f[0] == '+')
			kind = W_TAG, skip = 1;
		else if (f[0] == '@')
			kind = W_PROJECT, skip = 1;
		else if (k >= 2 && (f[0] == 'p' || f[0] == 'P') && f[1] == ':')
			kind = W_PLATFORM, skip = 2;
		else if (k >= 2 && (f[0] == 'g' || f[0] == 'G') && f[1] == ':')
			kind = W_GPU, skip = 2;
		lower = kind == W_TEXT || kind == W_GPU || kind == W_PLATFORM;
		if (k > skip) {
			size_t i, m = k - skip < 63 ? k - skip : 63;

			for (i = 0; i < m; i++)
				words[n].w[i] = lower ? (char)tolower(
				    (unsigned char)f[skip + i]) : f[skip + i];
			words[n].w[m] = '\0';
			words[n].kind = kind;
			n++;
		}
		f += k;
	}
	return n;
}

int
page_filtered(const struct page_query *q)
{
	struct word words[PAGE_WORDS];

	return split_words(q->filter, words) > 0;
}

/* Appends the filter's conditions on ?10.. to sql. */
static void
add_filter(char *sql, size_t len, const struct word *words, int nwords)
{
	int i;

	for (i = 0; i < nwords; i++) {
		size_t l = strlen(sql);

		switch (words[i].kind) {
		case W_PLATFORM:
			snprintf(sql + l, len - l, " AND platform = ?%d",
			    10 + i);
			break;
		case W_PROJECT:
			snprintf(sql + l, len - l, " AND project = ?%d",
			    10 + i);
			break;
		case W_TAG:
			snprintf(sql + l, len - l, " AND " SQL_HAS_TAG("?%d"),
			    10 + i);
			break;
		case W_GPU:
			snprintf(sql + l, len - l, " AND instr(lower(coalesce("
			    "gpu, '')), ?%d) > 0", 10 + i);
			break;
		default:
			snprintf(sql + l, len - l, " AND instr(lower(platform "
			    "|| ' ' || coalesce(gpu, '') || ' ' || coalesce("
			    "note, '') || ' ' || coalesce(tags, '') || ' ' || "
			    "coalesce(project, '')), ?%d) > 0", 10 + i);
		}
	}
}

static void
bind_words(sqlite3_stmt *st, const struct word *words, int n)
{
	int i;

	for (i = 0; i < n; i++)
		sqlite3_bind_text(st, 10 + i, words[i].w, -1,
		    SQLITE_TRANSIENT);
}

/*
 * Appends "(x, id) OP (?a, ?b)" written so that the index on x bounds the
 * walk (SQLite's row values would use only one side of it): up is 1 for
 * greater, eq for or-equal.
 */
static void
add_range(char *sql, size_t len, const char *x, int up, int eq, int a, int b)
{
	size_t l = strlen(sql);

	snprintf(sql + l, len - l, " AND %s %s= ?%d AND (%s %s ?%d OR id %s%s "
	    "?%d)", x, up ? ">" : "<", a, x, up ? ">" : "<", a, up ? ">" :
	    "<", eq ? "=" : "", b);
}

static void
bind_keys(sqlite3_stmt *st, int64_t now, const struct page_key *from,
    const struct page_key *to)
{
	sqlite3_bind_int64(st, 1, now);
	if (from != NULL) {
		sqlite3_bind_int64(st, 2, from->k);
		sqlite3_bind_int64(st, 3, from->id);
	}
	if (to != NULL) {
		sqlite3_bind_int64(st, 5, to->k);
		sqlite3_bind_int64(st, 6, to->id);
	}
}

/*
 * The key of the span-th run of order o's first part past from (not
 * inclusive unless incl), unfiltered, in *to: 1 when there is one, 0 when
 * fewer are left, -1 on failure.
 */
static int
boundary(struct store *s, int o, int64_t now, const struct page_key *from,
    int incl, int up, int span, struct page_key *to, struct err *e)
{
	char sql[512];
	sqlite3_stmt *st;
	int rc;

	snprintf(sql, sizeof sql, "SELECT %s, id FROM runs WHERE %s",
	    orders[o].expr, orders[o].cond);
	if (from != NULL)
		add_range(sql, sizeof sql, orders[o].expr, up, incl, 2, 3);
	snprintf(sql + strlen(sql), sizeof sql - strlen(sql), " ORDER BY %s "
	    "%s, id %s LIMIT 1 OFFSET ?7", orders[o].expr, up ? "ASC" : "DESC",
	    up ? "ASC" : "DESC");
	if (st_prepare(s, &st, sql, e) < 0)
		return -1;
	bind_keys(st, now, from, NULL);
	sqlite3_bind_int(st, 7, span - 1);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		to->k = sqlite3_column_int64(st, 0);
		to->id = sqlite3_column_int64(st, 1);
	}
	sqlite3_finalize(st);
	if (rc == SQLITE_ROW)
		return 1;
	return rc == SQLITE_DONE ? 0 : st_fail(s, e, "page the runs");
}

/* One part's SELECT of RUN_COLS and its key k, from (incl) up to to
 * (inclusive), filtered, in order, at most ?4 rows. */
static void
add_part(char *sql, size_t len, const char *x, const char *cond, int up,
    int have_from, int incl, int have_to, const struct word *w, int nw)
{
	snprintf(sql + strlen(sql), len - strlen(sql), "SELECT " RUN_COLS
	    ", %s AS k FROM runs WHERE %s", x, cond);
	if (have_from)
		add_range(sql, len, x, up, incl, 2, 3);
	if (have_to)
		add_range(sql, len, x, !up, 1, 5, 6);
	add_filter(sql, len, w, nw);
	snprintf(sql + strlen(sql), len - strlen(sql), " ORDER BY %s %s, id %s"
	    " LIMIT ?4", x, up ? "ASC" : "DESC", up ? "ASC" : "DESC");
}

struct scan {
	const struct page_query *q;
	int (*fn)(const struct run *, void *);
	void *arg;
	int n;
	struct page_key last;
};

static int
scan_one(const struct run *r, void *arg)
{
	struct scan *sc = arg;

	sc->n++;
	page_key_of(sc->q, r, &sc->last);
	if (sc->fn != NULL)
		return sc->fn(r, sc->arg);
	return 0;
}

/* The walk of page_runs and page_scan: to bounds it when not NULL. */
static int
walk(struct store *s, const struct page_query *q,
    const struct page_key *from, int inclusive, int back, int limit,
    const struct page_key *to, int (*fn)(const struct run *, void *),
    void *arg, struct err *e)
{
	char sql[4096];
	struct word words[PAGE_WORDS];
	sqlite3_stmt *st;
	int nw = split_words(q->filter, words), up;

	if (q->order < 0 || q->order >= PAGE_NORDERS)
		return err_set(e, "no such order");
	/* Walking toward larger values? */
	up = orders[q->order].desc == back;
	sql[0] = '\0';
	if (q->order == PAGE_LONGEST) {
		snprintf(sql, sizeof sql, "SELECT * FROM (");
		add_part(sql, sizeof sql, orders[q->order].expr,
		    orders[q->order].cond, up, from != NULL, inclusive,
		    to != NULL, words, nw);
		snprintf(sql + strlen(sql), sizeof sql - strlen(sql),
		    ") UNION ALL SELECT * FROM (");
		add_part(sql, sizeof sql, OPEN_EXPR, OPEN_COND, up,
		    from != NULL, inclusive, to != NULL, words, nw);
		snprintf(sql + strlen(sql), sizeof sql - strlen(sql),
		    ") ORDER BY k %s, id %s LIMIT ?4", up ? "ASC" : "DESC",
		    up ? "ASC" : "DESC");
	} else {
		add_part(sql, sizeof sql, orders[q->order].expr,
		    orders[q->order].cond, up, from != NULL, inclusive,
		    to != NULL, words, nw);
	}
	if (st_prepare(s, &st, sql, e) < 0)
		return -1;
	bind_keys(st, q->now, from, to);
	sqlite3_bind_int(st, 4, limit);
	bind_words(st, words, nw);
	return st_walk_runs(s, st, fn, arg, e);
}

int
page_runs(struct store *s, const struct page_query *q,
    const struct page_key *from, int inclusive, int back, int limit,
    int (*fn)(const struct run *, void *), void *arg, struct err *e)
{
	return walk(s, q, from, inclusive, back, limit, NULL, fn, arg, e);
}

int
page_scan(struct store *s, const struct page_query *q,
    const struct page_key *from, int inclusive, int back, int limit,
    int span, int (*fn)(const struct run *, void *), void *arg,
    struct page_key *next, int *done, struct err *e)
{
	struct scan sc = { q, fn, arg, 0, { 0, 0 } };
	struct page_key to;
	int have_to = 0;

	if (q->order < 0 || q->order >= PAGE_NORDERS)
		return err_set(e, "no such order");
	if (span > 0 && (have_to = boundary(s, q->order, q->now, from,
	    inclusive, orders[q->order].desc == back, span, &to, e)) < 0)
		return -1;
	if (walk(s, q, from, inclusive, back, limit, have_to ? &to : NULL,
	    scan_one, &sc, e) < 0)
		return -1;
	*done = 0;
	if (sc.n >= limit)
		*next = sc.last;
	else if (have_to)
		*next = to;
	else
		*done = 1;
	return sc.n;
}

int
page_count_span(struct store *s, const struct page_query *q,
    const struct page_key *from, int span, int64_t *n,
    struct page_key *next, int *done, struct err *e)
{
	char sql[2048];
	struct word words[PAGE_WORDS];
	struct page_key to;
	sqlite3_stmt *st;
	int nw = split_words(q->filter, words), have_to = 0, rc;

	if (span > 0 && (have_to = boundary(s, PAGE_NEWEST, q->now, from, 0,
	    0, span, &to, e)) < 0)
		return -1;
	snprintf(sql, sizeof sql, "SELECT count(*) FROM runs WHERE 1");
	if (from != NULL)
		add_range(sql, sizeof sql, "start_ts", 0, 0, 2, 3);
	if (have_to)
		add_range(sql, sizeof sql, "start_ts", 1, 1, 5, 6);
	add_filter(sql, sizeof sql, words, nw);
	if (st_prepare(s, &st, sql, e) < 0)
		return -1;
	bind_keys(st, q->now, from, have_to ? &to : NULL);
	bind_words(st, words, nw);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*n += sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	if (rc != SQLITE_ROW)
		return st_fail(s, e, "count the runs");
	*done = !have_to;
	if (have_to)
		*next = to;
	return 0;
}

int
page_count(struct store *s, const struct page_query *q, int64_t *n,
    struct err *e)
{
	struct page_key k;
	int done;

	*n = 0;
	return page_count_span(s, q, NULL, 0, n, &k, &done, e);
}

/* One bucket's sum for a platform and currency (page_buckets()). */
struct bucket_sum {
	char platform[32], currency[8];
	int64_t cost, gpu_s, runs;
};

static int
by_platform(const void *a, const void *b)
{
	const struct bucket_sum *x = a, *y = b;
	int c = strcmp(x->platform, y->platform);

	return c != 0 ? c : strcmp(x->currency, y->currency);
}

/* Hands bucket b's sums to fn in order of platform and currency, as a
 * GROUP BY would, and empties them. */
static int
flush_bucket(int64_t b, struct bucket_sum *sum, size_t *n,
    int (*fn)(int64_t, const char *, const char *, int64_t, int64_t,
    int64_t, void *), void *arg)
{
	size_t i;
	int stop = 0;

	qsort(sum, *n, sizeof *sum, by_platform);
	for (i = 0; i < *n && stop == 0; i++)
		stop = fn(b, sum[i].platform, sum[i].currency, sum[i].cost,
		    sum[i].gpu_s, sum[i].runs, arg);
	*n = 0;
	return stop;
}

typedef int (*bucket_fn)(int64_t, const char *, const char *, int64_t,
    int64_t, int64_t, void *);

/* The bucket page_buckets() is summing, handed on when the next begins. */
struct bucket_acc {
	struct bucket_sum sum[64];
	size_t n;
	int64_t cur;
	bucket_fn fn;
	void *arg;
};

/* Adds to bucket b's sum for platform p and currency c, handing the
 * bucket before it to fn first; fn's non-zero answer stops the sums. */
static int
acc_add(struct bucket_acc *a, int64_t b, const char *p, const char *c,
    int64_t cost, int64_t gpu_s, int64_t runs)
{
	size_t i;
	int stop;

	if (a->n > 0 && b != a->cur &&
	    (stop = flush_bucket(a->cur, a->sum, &a->n, a->fn, a->arg)) != 0)
		return stop;
	a->cur = b;
	for (i = 0; i < a->n && (strcmp(a->sum[i].platform, p) != 0 ||
	    strcmp(a->sum[i].currency, c) != 0); i++)
		;
	if (i == a->n) {
		/* More platforms in a bucket than it holds: hand these on
		 * and go on (fn sums what it is given). */
		if (a->n == sizeof a->sum / sizeof a->sum[0] &&
		    (stop = flush_bucket(b, a->sum, &a->n, a->fn, a->arg)) != 0)
			return stop;
		i = a->n++;
		memset(&a->sum[i], 0, sizeof a->sum[i]);
		snprintf(a->sum[i].platform, sizeof a->sum[i].platform, "%s", p);
		snprintf(a->sum[i].currency, sizeof a->sum[i].currency, "%s", c);
	}
	a->sum[i].cost += cost;
	a->sum[i].gpu_s += gpu_s;
	a->sum[i].runs += runs;
	return 0;
}

/*
 * The ended runs starting in [since, until) one by one, in the order of
 * the start_ts index, so that a bucket's runs are next to each other and
 * are summed as they pass (no sort of every run, as SQL's GROUP BY made).
 */
static int
sum_runs(struct store *s, struct bucket_acc *a, int64_t since, int64_t until,
    const int64_t *cuts, size_t ncuts, struct err *e)
{
	sqlite3_stmt *st;
	size_t k = 0;
	int rc, stop = 0;

	/* The run's id is in the index too: a run within an instance
	 * whose run covers it counts once, in the instance's. */
	if (st_prepare_kept(s, &st, "SELECT start_ts, platform, "
	    "coalesce(currency, ''), cost_minor, (end_ts - start_ts) * gpus, id "
	    "FROM runs WHERE start_ts >= ?1 AND start_ts < ?2 AND end_ts IS NOT "
	    "NULL ORDER BY start_ts", e) < 0)
		return -1;
	sqlite3_bind_int64(st, 1, since);
	sqlite3_bind_int64(st, 2, until);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int64_t t = sqlite3_column_int64(st, 0), b = t - t % 900;

		if (s->ncov > 0 && store_is_covered(s,
		    sqlite3_column_int64(st, 5)))
			continue;
		/* The bucket is the quarter hour (as SQL's % rounds it, toward
		 * zero), or from the cut inside it that the run starts after
		 * (a week that starts at 03:07). */
		while (k < ncuts && cuts[k] <= t)
			k++;
		if (k > 0 && cuts[k - 1] > b)
			b = cuts[k - 1];
		if ((stop = acc_add(a, b,
		    (const char *)sqlite3_column_text(st, 1),
		    (const char *)sqlite3_column_text(st, 2),
		    sqlite3_column_int64(st, 3), sqlite3_column_int64(st, 4),
		    1)) != 0)
			break;
	}
	st_release(s, st);
	if (stop != 0)
		return stop;
	return rc == SQLITE_DONE ? 0 : st_fail(s, e, "sum the runs");
}

static int
by_hour(const void *a, const void *b)
{
	const struct bucket_sum *x = a, *y = b;

	/* A covered run's hour is kept in its runs field. */
	return x->runs < y->runs ? -1 : x->runs > y->runs;
}

/*
 * The hour of a cut that falls inside one, else -1.
 */
static int64_t
cut_hour(int64_t cut)
{
	return cut > 0 && cut % 3600 != 0 ? cut - cut % 3600 : -1;
}

/*
 * The hours [lo, hi) from run_hours, a row an hour, platform and
 * currency, less the runs store_covered() names (read first, from the
 * runs within an instance, which are few); an hour that a cut falls
 * inside is read from the runs, in its place.
 */
static int
sum_hours(struct store *s, struct bucket_acc *a, int64_t lo, int64_t hi,
    const int64_t *cuts, size_t ncuts, struct err *e)
{
	struct bucket_sum *cov = NULL;
	size_t ncov = 0, cap = 0, k = 0, j, i = 0;
	int64_t ch, raw = -1;
	sqlite3_stmt *st;
	int rc, stop = 0;

	if (s->ncov > 0) {
		if (st_prepare(s, &st, "SELECT id, start_ts - start_ts % 3600, "
		    "platform, coalesce(currency, ''), cost_minor, (end_ts - "
		    "start_ts) * gpus FROM runs WHERE source = 'run' AND "
		    "source_id > '' AND end_ts IS NOT NULL AND start_ts >= ?1 "
		    "AND start_ts < ?2", e) < 0)
			return -1;
		sqlite3_bind_int64(st, 1, lo);
		sqlite3_bind_int64(st, 2, hi);
		while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
			struct bucket_sum *c;

			if (!store_is_covered(s, sqlite3_column_int64(st, 0)))
				continue;
			if (ncov == cap) {
				cap = cap ? cap * 2 : 16;
				cov = xrealloc(cov, cap * sizeof *cov);
			}
			c = &cov[ncov++];
			snprintf(c->platform, sizeof c->platform, "%s",
			    (const char *)sqlite3_column_text(st, 2));
			snprintf(c->currency, sizeof c->currency, "%s",
			    (const char *)sqlite3_column_text(st, 3));
			c->cost = sqlite3_column_int64(st, 4);
			c->gpu_s = sqlite3_column_int64(st, 5);
			c->runs = sqlite3_column_int64(st, 1);
		}
		sqlite3_finalize(st);
		if (rc != SQLITE_DONE) {
			free(cov);
			return st_fail(s, e, "read the runs within instances");
		}
		if (ncov > 1)
			qsort(cov, ncov, sizeof *cov, by_hour);
	}
	if (st_prepare_kept(s, &st, "SELECT hour, platform, currency, cost, "
	    "gpu_s, runs FROM run_hours WHERE hour >= ?1 AND hour < ?2 "
	    "ORDER BY hour, platform, currency", e) < 0) {
		free(cov);
		return -1;
	}
	sqlite3_bind_int64(st, 1, lo);
	sqlite3_bind_int64(st, 2, hi);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int64_t h = sqlite3_column_int64(st, 0);
		const char *p = (const char *)sqlite3_column_text(st, 1);
		const char *c = (const char *)sqlite3_column_text(st, 2);
		int64_t cost = sqlite3_column_int64(st, 3);
		int64_t gpu_s = sqlite3_column_int64(st, 4);
		int64_t runs = sqlite3_column_int64(st, 5);

		for (; i < ncuts && (ch = cut_hour(cuts[i])) <= h && stop == 0;
		    i++)
			if (ch >= lo && ch > raw && ch + 3600 <= hi)
				stop = sum_runs(s, a, raw = ch, ch + 3600, cuts,
				    ncuts, e);
		if (stop != 0)
			break;
		if (h == raw)
			continue;
		while (k < ncov && cov[k].runs < h)
			k++;
		for (j = k; j < ncov && cov[j].runs == h; j++)
			if (strcmp(cov[j].platform, p) == 0 &&
			    strcmp(cov[j].currency, c) == 0) {
				cost -= cov[j].cost;
				gpu_s -= cov[j].gpu_s;
				runs--;
			}
		if (runs > 0 && (stop = acc_add(a, h, p, c, cost, gpu_s,
		    runs)) != 0)
			break;
	}
	st_release(s, st);
	free(cov);
	if (stop != 0)
		return stop;
	if (rc != SQLITE_DONE)
		return st_fail(s, e, "sum the runs");
	/* The cut hours after the last hour that has runs. */
	for (; i < ncuts && (ch = cut_hour(cuts[i])) + 3600 <= hi && stop == 0;
	    i++)
		if (ch >= lo && ch > raw)
			stop = sum_runs(s, a, raw = ch, ch + 3600, cuts,
				    ncuts, e);
	return stop;
}

/*
 * Whole hours come from run_hours, but for an hour that since, until or
 * one of the cuts falls inside (a window that does not start on the hour,
 * a day that starts on the half hour): its runs are read one by one, in
 * 15-minute buckets, a bucket that a cut falls inside split at the cut.
 */
int
page_buckets(struct store *s, int64_t since, int64_t until,
    const int64_t *cuts, size_t ncuts,
    int (*fn)(int64_t t, const char *platform, const char *currency,
    int64_t cost_minor, int64_t gpu_s, int64_t runs, void *arg), void *arg,
    struct err *e)
{
	struct bucket_acc a;
	int64_t lo = 0, hi = 0;
	int stop;

	a.n = 0;
	a.cur = 0;
	a.fn = fn;
	a.arg = arg;
	if (store_covered(s, e) < 0)
		return -1;
	if (since >= 0 && until > since) {
		lo = since % 3600 == 0 ? since : since - since % 3600 + 3600;
		hi = until - until % 3600;
	}
	if (lo >= hi) {
		stop = sum_runs(s, &a, since, until, cuts, ncuts, e);
	} else if ((stop = since < lo ? sum_runs(s, &a, since, lo, cuts, ncuts,
	    e) : 0) == 0 && (stop = sum_hours(s, &a, lo, hi, cuts, ncuts,
	    e)) == 0 && hi < until) {
		stop = sum_runs(s, &a, hi, until, cuts, ncuts, e);
	}
	if (stop == 0 && a.n > 0)
		stop = flush_bucket(a.cur, a.sum, &a.n, fn, arg);
	return stop;
}

int
page_data_version(struct store *s, int64_t *v, struct err *e)
{
	sqlite3_stmt *st;
	int rc;

	if (st_prepare(s, &st, "PRAGMA data_version", e) < 0)
		return -1;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? 0 : st_fail(s, e, "read the data version");
}
